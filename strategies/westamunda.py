"""Scripted Westamunda gunfighters: per fighter, an action for his turn (move, run, aim,
overwatch, reload, clear a jam, charge), where to go, and for every shot he may take whom to shoot,
with which weapon, and whether to fan or blaze away. Policies read the visible state (both sides
see the whole table, as players at a table do) and the engine's list of legal shots (``need``:
the D6 score each shot needs, ``NO_SHOT`` where the rules allow none); they write an int64
decision vector (``D_*``). Every threshold is a weight (``W_*``), so a sweep can vary it.
"""

from __future__ import annotations

import math

import numpy as np

from sim.core.jit import kernel
from sim.core.rng import randint
from sim.core.tabletop.battlefield import BLOCKING, is_low, sight
from sim.core.tabletop.geometry import dist_in, sees
from sim.core.tabletop.movement import GO_OVER, UNREACHED, reach
from sim.westamunda import state as S
from sim.westamunda.state import (
    FAIMN,
    FAIMT,
    FENGAGED,
    FFACEX,
    FFACEY,
    FINDEX,
    FM,
    FMOVED,
    FMOVED_IN,
    FSIDE,
    FSTATE,
    FX,
    FY,
    KALT,
    KALT_RES,
    KJAMS,
    KLINK,
    KLOADED,
    KRESERVE,
    KSPARE,
    KUSELESS,
    KW,
    MV_RUN,
    MV_WALK,
    NO_SHOT,
    ST_DOWN,
    ST_STANDING,
    WC_CAPACITY,
    WC_FLAGS,
    WC_LONG,
    WC_SFD,
    WC_SHORT,
    Act,
)
from strategies.presets import Preset, weight_table

# policy kinds
RANDOM, PATIENT_AIMER, GUNSLINGER_RUSH, BRAWLER, FLANKER = 0, 1, 2, 3, 4
N_KINDS = 5

# weights float64[N_W]
W_EXPOSURE = 0  # cost per standing enemy that sees a destination cell
W_COVER = 1  # bonus for a destination in cover (terrain around it, or inside a building)
W_SIGHT = 2  # bonus for a destination that sees the enemy it heads for
W_STANDOFF = 3  # inches from its enemy a fighter tries to end a move (0: as close as it can)
W_AIM_TURNS = 4  # an aimer fires once he has aimed this many turns ...
W_AIM_NEED = 5  # ... or sooner once the aimed shot needs at most this (D6 score)
W_FAN = 6  # 1: fan or blaze away whenever the weapon has sustained-fire dice
W_MIDMOVE = 7  # 1: shoot during the move (a snap shot from the best point of the path)
W_RUN = 8  # 1: run towards the enemy when out of range; 0: walk
W_CHARGE_IN = 9  # charge a standing enemy within this many inches (0: never charge)
W_OVERWATCH = 10  # 1: in cover, overwatch facing enemies coming on (``_watch_target``)
W_OW_AIMED = 11  # 1: aimed overwatch (45 degrees, the aiming bonus)
W_RELOAD_AT = 12  # reload a weapon once its rounds are at or below this
W_SHOOT_NEED = 13  # take a shot (also on overwatch) only when it needs at most this (D6 score)
# the flanker's (other kinds ignore them)
W_BASE_SHARE = 14  # share of the gang in the fire base, the longest-ranged guns first
W_FLANK_IN = 15  # the flank point: this many inches beside the nearest enemy, across the
#                  line between the gangs
W_FLANK_NEAR = 16  # a flanker this near his flank point (inches) closes in to strike
W_ANGLE = 17  # bonus for a striking flanker's cell that sees his enemy with no cover
W_STRIKE_IN = 18  # inches from his enemy a striking flanker tries to end his move
# the patient aimer's (and the fire base's)
W_OPEN_AIM = 19  # 1: out of cover, aim where he stands when the walk he would take ends out of
#                  cover too (no cover in reach, e.g. the shoot-out's bare table); 0: aim only
#                  from cover
W_BARRELS = 20  # a double-barrelled gun with both barrels loaded: 0 fires one barrel, 1 both
#                 at once, 2 both one after the other (never on an aimed shot)
W_SHELL = 21  # the round type a reload prefers for a gun with two: 0 scatter, 1 manstopper
W_DISMOUNT = 22  # 1: a rider who would settle to aim, watch or reload in cover steps down first
#                 (on foot he is no large target; the step costs that turn's aim: a snap shot)
W_THROW = 23  # throw a tomahawk when the throw needs at most this (D6 score) and no gun has an
#               easier shot (a tie goes to the throw: it strikes harder); once thrown it is
#               gone, and his hand-to-hand strength with it; 0: never
W_BARREL_FIRST = 24  # 1: a Le Mat's reload loads its empty shotgun barrel first (0: last, the
#                      chambers first; the text's declaration before the roll)
W_STAY_TANGLED = 25  # an entangled fighter stays entangled (and acts at entangled_action_mod)
#                      when a gun shot from where he is needs at most this (D6 score, the -1
#                      counted); else he spends the turn trying to get free; 0: always tries
W_ROPE = 26  # a fancy roper throws his entangling rope (lasso or bolas) ahead of any gun when
#              it needs at most this (D6 score) at a standing enemy not yet entangled; 0: only
#              as a throw under ``W_THROW``
W_DYNAMITE = 27  # light a bundle of dynamite (the reloading action, where he stands) when the
#                  nearest standing enemy is within this many inches and beyond the bundle's
#                  blast reach + 1"; 0: never (light_takes_turn off: throw it, lit as part of
#                  the throw, on the same distances)
W_MOUNT = 28  # a fighter on foot whose horse stands within a walk mounts it again when his turn
#               would be a walk or a run and no standing enemy is within this many inches
#               (ground to cover: the horse's 8" to his 4"); 0: never
W_HIT_RUN = 29  # a mounted charger at a man on foot rides past him (a hit-and-run: one attack
#                 each, then on into cover) instead of stopping to fight when another standing
#                 enemy free to fight is within this many inches of him (friends who would
#                 gang up on a rider held in the fight); 0: never
W_BOTTLE = 30  # bottle out by choice (rule voluntary_bottle) at the start of his turn when the
#                test is due and this % or more of the gang is down or out of action; 0:
#                never (every preset: bottling out loses the fight; a what-if for players who
#                spare their fighters for the campaign)
W_LIE_DOWN = 31  # a rider of a war horse (the riding skill) who steps down has it lie down where
#                  it stands, partial cover on its cell and behind it (> 0: every preset, as it
#                  costs nothing: a riderless horse is never shot at); 0: it stands
W_ONE_HAND = 32  # a fighter who may fire two guns at once (the gunfighter skill) fires his long
#                  gun one-handed with a second gun (rule two_weapons_long_guns) when the hits
#                  he expects of the pair exceed this many times those of the long gun's firing
#                  alone (1, every preset: whenever the pair hits more on average; 0: never)
W_JUMP = 33  # a rider whose I is at least this jumps down from his moving horse
#              (Act.JUMP_DOWN; an I test) where it would take him anyway: the patient aimer or
#              fire base (with ``W_DISMOUNT``) riding to the cover he would settle in jumps down
#              as he gets there (a turn sooner than stepping down); a brawler whose mounted
#              charge cannot reach his target (no horse gets next to him: a wide thicket, other
#              fighters) rides within a leap of him and jumps into the fight; 0: never
W_BOARD = 34  # a brawler whose charge target is an enemy rider up and free, his I at least
#               this, climbs onto the horse instead (Act.BOARD: from the ground, or jumping
#               across from his own horse), when a free cell beside it (at its side or rear if it
#               moved) is within his charge; won, the rider is thrown off and he rides the
#               horse; 0: never (he fights the rider as any charge)
W_HELP = 35  # a boarder whose climb from the ground onto a moving horse is an I test takes a leg
#              up from at most this many friends touching his cell who have not acted (each
#              gives up his action for mount_helper_bonus: the first in the gang's order; not
#              one holding a lit bundle of dynamite, nor once the climb's chance cannot rise); 0:
#              nobody helps
W_DOUBLE = 36  # a man on foot whose turn is a move, with no standing enemy within this many
#                inches, gets up behind the nearest friend rider whose horse (a free cell at its
#                side or rear if it moved) he reaches with a run (Act.BOARD at a friend: a double
#                mount, row 183); up there he holds on and gets down (Act.DISMOUNT) once a
#                standing enemy is within this many inches or the horse has stopped; 0: never
#                (every preset: see docs/strategies/westamunda.md)
N_W = 37

_BASE = {W_EXPOSURE: 2.0, W_COVER: 2.0, W_SIGHT: 1.0, W_STANDOFF: 0.0, W_AIM_TURNS: 1.0,
         W_AIM_NEED: 6.0, W_FAN: 0.0, W_MIDMOVE: 0.0, W_RUN: 0.0, W_CHARGE_IN: 0.0,
         W_OVERWATCH: 0.0, W_OW_AIMED: 0.0, W_RELOAD_AT: 0.0, W_SHOOT_NEED: 8.0,
         W_BASE_SHARE: 0.5, W_FLANK_IN: 8.0, W_FLANK_NEAR: 4.0, W_ANGLE: 4.0, W_STRIKE_IN: 6.0,
         W_OPEN_AIM: 0.0, W_BARRELS: 1.0, W_SHELL: 0.0, W_DISMOUNT: 0.0, W_THROW: 5.0,
         W_BARREL_FIRST: 1.0, W_STAY_TANGLED: 0.0, W_ROPE: 5.0, W_DYNAMITE: 8.0, W_MOUNT: 0.0,
         W_HIT_RUN: 0.0, W_BOTTLE: 0.0, W_LIE_DOWN: 1.0, W_ONE_HAND: 1.0, W_JUMP: 0.0,
         W_BOARD: 0.0, W_HELP: 0.0, W_DOUBLE: 0.0}

PRESETS = {p.name: p for p in [
    Preset("random", RANDOM, {}, "A uniformly random action (an impossible one holds) and "
           "uniformly random legal shots (an aimed one held half the time): the floor. A "
           "rider's charge at a man on foot is a hit-and-run half the time, a charge at a "
           "rider a boarding of his horse half the time; a man on foot with no horse of his "
           "own may get up behind a friend rider (his horse action)."),
    Preset("patient_aimer", PATIENT_AIMER,
           {W_EXPOSURE: 1.0, W_COVER: 3.0, W_SIGHT: 2.0, W_STANDOFF: 12.0, W_AIM_TURNS: 2.0,
            W_AIM_NEED: 3.0, W_OVERWATCH: 1.0, W_OW_AIMED: 1.0, W_RELOAD_AT: 1.0,
            W_SHOOT_NEED: 6.0, W_BARRELS: 0.0, W_DISMOUNT: 1.0, W_STAY_TANGLED: 4.0,
            W_MOUNT: 16.0},
           "In cover: clears a jam or reloads at 1 round or less, else aims (at the easiest "
           "shot that two turns' aim brings to 6+, keeping his target while he can shoot him; "
           "fires after two turns, or sooner once a 3+ shot), else aimed overwatch facing "
           "enemies coming on from beyond his reach (fires at 6+); otherwise walks towards 12\" "
           "from the nearest enemy, preferring cover and cells that see him, or, with no "
           "better cell, reloads if due or holds. A rider steps down where he would first "
           "aim, watch or reload in cover, and mounts his standing horse again in place of a "
           "walk when it is within a walk and no enemy within 16\". Entangled, he stays and "
           "shoots when a gun shot needs 4 or less, else tries to get free."),
    Preset("gunslinger_rush", GUNSLINGER_RUSH,
           {W_EXPOSURE: 0.5, W_COVER: 0.5, W_SIGHT: 0.0, W_FAN: 1.0, W_MIDMOVE: 1.0, W_RUN: 1.0,
            W_SHOOT_NEED: 9.0, W_BARRELS: 2.0, W_MOUNT: 12.0},
           "Runs at the enemy snap-shooting from the best point of the run, stands and fans "
           "once within short range, reloads only when dry. Thrown from a war horse that "
           "stays, he mounts it again in place of a run when no enemy is within 12\"."),
    Preset("brawler", BRAWLER,
           {W_EXPOSURE: 0.5, W_COVER: 0.5, W_SIGHT: 0.0, W_FAN: 1.0, W_MIDMOVE: 1.0, W_RUN: 1.0,
            W_CHARGE_IN: 8.0, W_SHOOT_NEED: 9.0, W_THROW: 0.0, W_MOUNT: 12.0,
            W_JUMP: 3.0},
           "Charges the nearest free enemy within a charge (8\"), otherwise runs at the nearest one "
           "snap-shooting, fanning, from the best point of the run, reloads only when dry: the "
           "close-combat test of the shooting-heavy rules. Mounted, he stops and fights (with "
           "weight hit_run above 0 he rides past a man on foot, a hit-and-run, when another "
           "free enemy stands within that many inches of him). A rider whose horse cannot get "
           "next to his charge's target (a wide thicket) rides within a leap and jumps down "
           "into the fight, his I being 3 or more. Thrown from a war horse that stays, he "
           "mounts it again in place of a run when no enemy is within 12\"."),
    Preset("flanker", FLANKER,
           {W_EXPOSURE: 2.0, W_COVER: 3.0, W_SIGHT: 3.0, W_STANDOFF: 14.0, W_AIM_TURNS: 1.0,
            W_AIM_NEED: 7.0, W_FAN: 1.0, W_RUN: 1.0, W_OVERWATCH: 1.0, W_OW_AIMED: 1.0,
            W_RELOAD_AT: 1.0, W_SHOOT_NEED: 7.0, W_BASE_SHARE: 0.5, W_FLANK_IN: 8.0,
            W_FLANK_NEAR: 4.0, W_ANGLE: 4.0, W_STRIKE_IN: 6.0, W_DISMOUNT: 1.0, W_MOUNT: 16.0},
           "Splits the gang: the half with the longest-ranged guns is a fire base on the "
           "patient aimer's script (14\" standoff, each aimed shot fired the turn it aims, "
           "aimed overwatch firing at 7 or less); the "
           "rest reload only when dry and run to within 4\" of a point 8\" beside the nearest "
           "enemy on their own wing (or as near as a run gets), each run ending where the "
           "distance to it, less 3\" in cover, plus 2\" per enemy seeing the cell, is least; "
           "there they hold while a legal shot in short range finds an enemy out of cover, "
           "else walk towards 6\" from the nearest enemy, scoring a cell that sees him "
           "uncovered 4\" better. All shoot, fanning or blazing unless aiming, at shots needing "
           "7 or less. Riders of the fire base step down where they would first aim, watch or "
           "reload in cover; the flanking riders stay mounted. Any of them on foot mounts his "
           "standing horse again in place of a walk or run when it is within a walk and no "
           "enemy within 16\"."),
]}

WEIGHT_NAMES = {"exposure": W_EXPOSURE, "cover": W_COVER, "sight": W_SIGHT,
                "standoff": W_STANDOFF, "aim_turns": W_AIM_TURNS, "aim_need": W_AIM_NEED,
                "fan": W_FAN, "midmove": W_MIDMOVE, "run": W_RUN, "charge_in": W_CHARGE_IN,
                "overwatch": W_OVERWATCH, "ow_aimed": W_OW_AIMED, "reload_at": W_RELOAD_AT,
                "shoot_need": W_SHOOT_NEED, "base_share": W_BASE_SHARE, "flank_in": W_FLANK_IN,
                "flank_near": W_FLANK_NEAR, "angle": W_ANGLE, "strike_in": W_STRIKE_IN,
                "open_aim": W_OPEN_AIM, "barrels": W_BARRELS, "shell": W_SHELL,
                "dismount": W_DISMOUNT, "throw": W_THROW,
                "barrel_first": W_BARREL_FIRST, "stay_tangled": W_STAY_TANGLED,
                "rope": W_ROPE, "dynamite": W_DYNAMITE, "mount": W_MOUNT, "hit_run": W_HIT_RUN,
                "bottle_at": W_BOTTLE, "lie_down": W_LIE_DOWN, "one_hand": W_ONE_HAND,
                "jump_down": W_JUMP, "board": W_BOARD, "board_help": W_HELP,
                "double_up": W_DOUBLE}


@kernel
def pairs_one_handed(kind, w, p_alone, p_pair, s):
    """Does a fighter who may fire two guns at once fire a long gun one-handed as one of them
    (rule two_weapons_long_guns)? ``p_alone``: the hits he expects of the long gun's firing
    alone, one shot or a burst (0 where the long gun is an extra shot after a handgun's);
    ``p_pair``: those of the pair (the engine's exact chances). The random floor: a coin; the
    others when ``W_ONE_HAND`` > 0 and the pair beats W_ONE_HAND times the firing alone."""
    if kind == RANDOM:
        return randint(s, 2) == 1
    return w[W_ONE_HAND] > 0 and p_pair > w[W_ONE_HAND] * p_alone


def table(names: list[str], overrides: dict | None = None):
    """(kinds int64[n], weights float64[n, N_W]) of the named presets."""
    return weight_table(PRESETS, _BASE, WEIGHT_NAMES, N_W, names, overrides)


# ---------------------------------------------------------------- shared queries


@kernel
def covered(terrain, building, x, y):
    """Inside a building, or a piece of terrain (blocking or not) on one of the 8 cells around
    (x, y); slow ground and water are no cover."""
    h, wd = terrain.shape
    if building[y, x] >= 0:
        return True
    for dy in range(-1, 2):
        for dx in range(-1, 2):
            yy, xx = y + dy, x + dx
            if (dx or dy) and 0 <= yy < h and 0 <= xx < wd and \
                    (terrain[yy, xx] == BLOCKING or is_low(terrain[yy, xx])):
                return True
    return False


@kernel
def _nearest_enemy(fm, a, standing_only):
    """The nearest enemy on the table (standing ones only if asked), or -1."""
    best = -1
    best_d = 1e18
    for b in range(fm.shape[0]):
        st = fm[b, FSTATE]
        if fm[b, FSIDE] == fm[a, FSIDE] or st > ST_DOWN or (standing_only and st != ST_STANDING) \
                or fm[b, S.FPASS] >= 0:
            continue  # (a passenger is on his rider's cell: the rider stands for both)
        d = dist_in(fm[a, FX], fm[a, FY], fm[b, FX], fm[b, FY])
        if d < best_d:
            best, best_d = b, d
    return best


@kernel
def entangles(fm, kit, wt, a, row):
    """Does a throw of weapon ``row`` by a entangle (fancy ropin': a rope in a roper's hands,
    the lasso when he carries one, else the bolas: the text's choice made once, read from his
    kit)? Otherwise a bolas is a plain strike at his S. (The engine's rule; the policies read
    it to rope.)"""
    if (wt[row, WC_FLAGS] & S.FL_ENTANGLE) == 0 or (fm[a, S.FSKILL] & S.SK_ROPIN) == 0:
        return False
    if (wt[row, WC_FLAGS] & S.FL_HELD) != 0:
        return True
    for kk in range(kit.shape[1]):
        if kit[a, kk, KW] >= 0 and (wt[kit[a, kk, KW], WC_FLAGS] & S.FL_ENTANGLE) != 0 and \
                (wt[kit[a, kk, KW], WC_FLAGS] & S.FL_HELD) != 0:
            return False
    return True


@kernel
def _held(kit, wt, a, k):
    """Is slot k a rope its thrower keeps hold of (a lasso)?"""
    return kit[a, k, KW] >= 0 and (wt[kit[a, k, KW], WC_FLAGS] & S.FL_HELD) != 0


@kernel
def _rope_shot(need, fm, kit, wt, a, rope, held_ok):
    """(target, slot, need) of a's easiest entangling throw at a standing enemy needing at most
    ``rope`` (-1, -1, NO_SHOT: none); a lasso only with ``held_ok``."""
    bt, bk, bn = -1, -1, NO_SHOT
    if rope <= 0:
        return bt, bk, bn
    for k in range(need.shape[1]):
        if kit[a, k, KW] < 0 or not entangles(fm, kit, wt, a, kit[a, k, KW]) or \
                (not held_ok and _held(kit, wt, a, k)):
            continue
        for t in range(need.shape[0]):
            if fm[t, FSTATE] == ST_STANDING and need[t, k] <= rope and need[t, k] < bn:
                bt, bk, bn = t, k, need[t, k]
    return bt, bk, bn


@kernel
def _best_shot(need, fm, kit, wt, a, prefer_sfd, throw, held_ok=True):
    """(target, slot, need) of the easiest legal shot at a standing enemy, or at a down one when
    no standing enemy can be shot (-1, -1, NO_SHOT if none); a thrown weapon only when the
    throw needs at most ``throw`` (0: never), and then it wins a tie of needs with a gun (it
    strikes at the thrower's S + 1), a lasso only with ``held_ok``, never dynamite; other ties go
    to the slot with more sustained-fire dice when ``prefer_sfd``, then to the lower index."""
    bt, bk, bn, bs, bd, bgun = -1, -1, NO_SHOT, -1, 1, 1
    for t in range(need.shape[0]):
        down = 1 if fm[t, FSTATE] != ST_STANDING else 0
        for k in range(need.shape[1]):
            n = need[t, k]
            if n >= NO_SHOT or wt[kit[a, k, KW], S.WC_KIND] == S.KIND_EXPLOSIVE:
                continue  # (dynamite: ``_charge_shot``)
            gun = 0 if wt[kit[a, k, KW], S.WC_KIND] == S.KIND_THROWN else 1
            if gun == 0 and (n > throw or (not held_ok and _held(kit, wt, a, k))):
                continue
            sfd = wt[kit[a, k, KW], WC_SFD] if prefer_sfd else 0
            if down < bd or (down == bd and (n < bn or (n == bn and (
                    gun < bgun or (gun == bgun and sfd > bs))))):
                bt, bk, bn, bs, bd, bgun = t, k, n, sfd, down, gun
    return bt, bk, bn


@kernel
def _dynamite(kit, wt, a, lit):
    """a's dynamite slot holding a lit bundle (``lit``) or unlit sticks (not ``lit``), -1 if
    none."""
    for k in range(kit.shape[1]):
        if kit[a, k, KW] >= 0 and wt[kit[a, k, KW], S.WC_KIND] == S.KIND_EXPLOSIVE and \
                (kit[a, k, KLOADED] > 0 if lit else kit[a, k, KRESERVE] > 0):
            return k
    return -1


@kernel
def _bundle_reach(kit, rp, a, k):
    """Inches from its centre slot k's bundle (lit, or the one he would light next) reaches."""
    n = kit[a, k, KLOADED] if kit[a, k, KLOADED] > 0 else \
        min(rp[S.R_DYN_BUNDLE], kit[a, k, KRESERVE])
    return rp[S.R_DYN_REACH100 + min(max(n, 1), 6) - 1] / 100.0


@kernel
def _blast_score(fm, a, t, within):
    """Enemies less friends (a himself included) within ``within`` inches of t: what a blast
    centred on t would catch."""
    score = 0
    for c in range(fm.shape[0]):
        if fm[c, FSTATE] == S.ST_OUT or \
                dist_in(fm[c, FX], fm[c, FY], fm[t, FX], fm[t, FY]) > within + 1e-9:
            continue
        score += 1 if fm[c, FSIDE] != fm[a, FSIDE] else -1
    return score


@kernel
def _charge_shot(need, fm, kit, wt, rp, a):
    """(target, slot, score) of a's best throw of dynamite among the legal ones: the most
    enemies less friends under the blast if it lands on the target (``_blast_score``), then
    the least need, then the lower index (-1, -1, 0: none)."""
    bt, bk, bsc, bn = -1, -1, 0, NO_SHOT
    for k in range(need.shape[1]):
        if kit[a, k, KW] < 0 or wt[kit[a, k, KW], S.WC_KIND] != S.KIND_EXPLOSIVE:
            continue
        within = _bundle_reach(kit, rp, a, k)
        for t in range(need.shape[0]):
            if need[t, k] >= NO_SHOT:
                continue
            sc = _blast_score(fm, a, t, within)
            if bt < 0 or sc > bsc or (sc == bsc and need[t, k] < bn):
                bt, bk, bsc, bn = t, k, sc, need[t, k]
    return bt, bk, bsc


@kernel
def _usable(kit, a, k):
    return kit[a, k, KW] >= 0 and kit[a, k, KUSELESS] == 0


@kernel
def _fireable(kit, a, k):
    return _usable(kit, a, k) and kit[a, k, KLOADED] > 0 and kit[a, k, KJAMS] == 0


@kernel
def _gun(kit, wt, a, k):
    """Is slot k a gun or bow (not a throw nor dynamite: the policies plan moves and upkeep by
    their guns, throw only where a shot offers, ``_best_shot``, and light and throw dynamite by
    ``_charge_shot``)?"""
    return kit[a, k, KW] >= 0 and wt[kit[a, k, KW], S.WC_KIND] != S.KIND_THROWN and \
        wt[kit[a, k, KW], S.WC_KIND] != S.KIND_EXPLOSIVE


@kernel
def _has_reload(kit, a, k):
    """Has slot k rounds to load: a box of either round type or a spare cylinder or tube?"""
    return kit[a, k, KRESERVE] > 0 or kit[a, k, KALT_RES] > 0 or kit[a, k, KSPARE] > 0


@kernel
def _upkeep(w, a, kit, wt, dec):
    """Reload or clear a weapon if it needs it (fills dec, True), preferring a jammed one, then
    the emptiest; a weapon is reloaded at or below ``W_RELOAD_AT`` rounds (and when dry). A gun
    with a spare cylinder or tube left has it fitted (the engine's choice: it fills the gun and
    cannot be lost). A Le Mat's reload loads both its sets of chambers (the engine's rule): the
    shell type is chosen for its barrel, and the barrel is declared first when it is empty and
    ``W_BARREL_FIRST`` says so."""
    K = kit.shape[1]
    for k in range(K):
        if _usable(kit, a, k) and kit[a, k, KJAMS] > 0:
            dec[S.D_ACT] = Act.CLEAR
            dec[S.D_SLOT] = k
            return True
    any_fire = False
    for k in range(K):
        any_fire |= _fireable(kit, a, k) and _gun(kit, wt, a, k)
    best, best_n = -1, 1 << 30
    for k in range(K):
        if not _usable(kit, a, k) or not _has_reload(kit, a, k):
            continue
        if not _gun(kit, wt, a, k):
            continue  # (dynamite is lit by the ``W_DYNAMITE`` rule, not as upkeep)
        n = kit[a, k, KLOADED]
        room = wt[kit[a, k, KW], WC_CAPACITY] - n
        if room > 0 and (n <= w[W_RELOAD_AT] or not any_fire) and n < best_n:
            best, best_n = k, n
    if best >= 0:
        dec[S.D_ACT] = Act.RELOAD
        dec[S.D_SLOT] = best
        b = best if kit[a, best, KLINK] < 0 else max(best, kit[a, best, KLINK])  # Le Mat: barrel
        dec[S.D_SHELL] = 1 if _other_shell(w, kit, wt, a, b) else 0
        if kit[a, best, KLINK] >= 0:  # empty, or emptied by the change of shells first
            empty = kit[a, b, KLOADED] == 0 or dec[S.D_SHELL] != 0
            dec[S.D_FIRST] = 1 if w[W_BARREL_FIRST] > 0 and empty else 0
        return True
    return False


@kernel
def _other_shell(w, kit, wt, a, k):
    """Should a reload of slot k load its other round type (``KALT``)? Yes when the barrels'
    type has no reserve left, or the other is the type ``W_SHELL`` prefers and has some."""
    if kit[a, k, KALT] < 0 or kit[a, k, KALT_RES] <= 0:
        return False
    if kit[a, k, KRESERVE] <= 0:
        return True
    other_scatter = (wt[kit[a, k, KALT], WC_FLAGS] & S.FL_TEMPLATE) != 0
    return other_scatter == (w[W_SHELL] == 0)


@kernel
def _longest_range(kit, wt, a):
    """Long range (inches) of the longest-ranged weapon with rounds, 0 if none."""
    r = 0
    for k in range(kit.shape[1]):
        if _usable(kit, a, k) and _gun(kit, wt, a, k) and (
                kit[a, k, KLOADED] > 0 or _has_reload(kit, a, k)):
            r = max(r, wt[kit[a, k, KW], WC_LONG])
    return r


@kernel
def _short_range(kit, wt, a, sfd_only):
    """Short range of the usable loaded weapons (those with sustained-fire dice if asked)."""
    r = 0
    for k in range(kit.shape[1]):
        if _fireable(kit, a, k) and _gun(kit, wt, a, k) and (
                not sfd_only or wt[kit[a, k, KW], WC_SFD] > 0):
            r = max(r, wt[kit[a, k, KW], WC_SHORT])
    return r


@kernel
def _best_cell(fm, a, budget, goal, standoff, w_sight, w, rp, terrain, piece, building, smoke,
               occ, dist, queue, seen):
    """A cell within ``budget`` half-inches (shared reach, over low terrain, slow ground at the
    rules' costs) that minimises |distance to fighter ``goal`` - standoff| + exposure x
    standing enemies that see it - cover bonus - ``w_sight`` if ``goal`` sees it; the first such
    cell in scan order wins. Exposure (one line of sight per enemy) is counted only for cells
    whose lower bound (exposure 0, every bonus) can still win, which gives the full scan's
    answer exactly."""
    h, wd = terrain.shape
    ax, ay = fm[a, FX], fm[a, FY]
    reach(terrain, building, occ, ax, ay, GO_OVER, budget, dist, queue, rp[S.R_DIFF_COST],
          rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
    gx, gy = fm[goal, FX], fm[goal, FY]
    r = budget // 2 + 1
    w_exp, w_cov = w[W_EXPOSURE], w[W_COVER]
    best = 1e300
    bx, by = ax, ay
    for y in range(max(ay - r, 0), min(ay + r + 1, h)):
        for x in range(max(ax - r, 0), min(ax + r + 1, wd)):
            if dist[y, x] == UNREACHED:
                continue
            d = abs(dist_in(x, y, gx, gy) - standoff)
            cov = covered(terrain, building, x, y)
            lb = d - (w_cov if cov else 0.0) - max(w_sight, 0.0)
            if w_exp >= 0.0 and lb >= best:
                continue
            score = d - (w_cov if cov else 0.0)
            for b in range(fm.shape[0]):
                if fm[b, FSIDE] == fm[a, FSIDE] or fm[b, FSTATE] != ST_STANDING:
                    continue
                if sees(terrain, piece, building, smoke, fm[b, FX], fm[b, FY], x, y, seen):
                    score += w_exp
                    if b == goal:
                        score -= w_sight
            if score < best:
                best, bx, by = score, x, y
    return bx, by


@kernel
def _charge_target(fm, a, rp, reach_in):
    """The nearest standing, unengaged enemy within ``reach_in`` inches (a charge), or -1."""
    best, best_d = -1, 1e18
    for b in range(fm.shape[0]):
        if fm[b, FSIDE] == fm[a, FSIDE] or fm[b, FSTATE] != ST_STANDING or \
                fm[b, FENGAGED] >= 0 or fm[b, S.FPASS] >= 0:
            continue
        d = dist_in(fm[a, FX], fm[a, FY], fm[b, FX], fm[b, FY])
        if d <= reach_in and d < best_d:
            best, best_d = b, d
    return best


@kernel
def _ride_past(w, a, c, fm, rp):
    """With ``W_HIT_RUN``: does mounted fighter a make a hit-and-run at c (on foot; the rules
    allowing it) rather than stop and fight: another standing enemy not in a fight within
    ``W_HIT_RUN`` inches of c?"""
    if w[W_HIT_RUN] <= 0 or fm[a, S.FHORSE] == 0 or fm[c, S.FHORSE] != 0 or rp[S.R_HIT_RUN] == 0:
        return False
    for b in range(fm.shape[0]):
        if b != c and fm[b, FSIDE] != fm[a, FSIDE] and fm[b, FSTATE] == ST_STANDING and \
                fm[b, FENGAGED] < 0 and \
                dist_in(fm[c, FX], fm[c, FY], fm[b, FX], fm[b, FY]) <= w[W_HIT_RUN]:
            return True
    return False


@kernel
def _in_arc(fx, fy, vx, vy, arc_deg):
    """Is direction (vx, vy) within ``arc_deg`` degrees centred on (fx, fy)? (the engine's arc
    test: inclusive; an arc of 360 or more, or no direction: yes)."""
    nf = math.sqrt(fx * fx + fy * fy)
    nv = math.sqrt(vx * vx + vy * vy)
    if arc_deg >= 360 or nf == 0.0 or nv == 0.0:
        return True
    return fx * vx + fy * vy >= math.cos(math.radians(arc_deg / 2.0)) * nf * nv - 1e-9


@kernel
def _coming(fm, a, b, reach_in, arc):
    """Is b an enemy coming on at fighter a from beyond his reach: standing, not in
    hand-to-hand, walked or ran in his latest turn, facing a (a inside b's ``arc``: a mover
    faces along his last step, a shooter his target), and farther from a than ``reach_in``
    inches but no farther than that plus the inches he moved (at that pace, his next move can
    bring him within reach)?"""
    if fm[b, FSIDE] == fm[a, FSIDE] or fm[b, FSTATE] != ST_STANDING or fm[b, FENGAGED] >= 0:
        return False
    if fm[b, FMOVED] != MV_WALK and fm[b, FMOVED] != MV_RUN:
        return False
    if not _in_arc(fm[b, FFACEX], fm[b, FFACEY], fm[a, FX] - fm[b, FX], fm[a, FY] - fm[b, FY],
                   arc):
        return False
    d = dist_in(fm[a, FX], fm[a, FY], fm[b, FX], fm[b, FY])
    return reach_in < d <= reach_in + fm[b, FMOVED_IN] / 2.0


@kernel
def _watch_target(w, a, fm, kit, wt, rp):
    """The enemy whom fighter a faces on overwatch, or -1 if none is ``_coming`` at him
    (``reach_in``: the long range of his longest-ranged weapon with rounds): of those coming,
    the one whose direction puts the most of them inside a's overwatch arc (45 degrees aimed,
    else 90); ties to the nearer."""
    reach_in = _longest_range(kit, wt, a)
    if reach_in <= 0:
        return -1
    fire = rp[S.R_FIRE_ARC]
    arc = rp[S.R_AIM_ARC] if w[W_OW_AIMED] > 0 and rp[S.R_OW_AIM] != 0 else fire
    ax, ay = fm[a, FX], fm[a, FY]
    best, best_n, best_d = -1, 0, 1e18
    for b in range(fm.shape[0]):
        if not _coming(fm, a, b, reach_in, fire):
            continue
        n = 0
        for c in range(fm.shape[0]):
            if _coming(fm, a, c, reach_in, fire) and \
                    _in_arc(fm[b, FX] - ax, fm[b, FY] - ay, fm[c, FX] - ax, fm[c, FY] - ay, arc):
                n += 1
        d = dist_in(ax, ay, fm[b, FX], fm[b, FY])
        if n > best_n or (n == best_n and d < best_d):
            best, best_n, best_d = b, n, d
    return best


# ---------------------------------------------------------------- the flanker's queries


@kernel
def _gun_reach(kit, wt, a):
    """Long range (inches) of the longest-ranged gun fighter a carries, loaded or not."""
    r = 0
    for k in range(kit.shape[1]):
        if kit[a, k, KW] >= 0:
            r = max(r, wt[kit[a, k, KW], WC_LONG])
    return r


@kernel
def _in_fire_base(w, a, fm, kit, wt):
    """Is fighter a in his gang's fire base: among the round(W_BASE_SHARE x gang) with the
    longest-ranged guns (ties to the lower number in the gang)? The guns carried and the gang
    as deployed decide it, so a fighter keeps his role all fight."""
    side = fm[a, FSIDE]
    ra = _gun_reach(kit, wt, a)
    n, rank = 0, 0
    for b in range(fm.shape[0]):
        if fm[b, FSIDE] != side:
            continue
        n += 1
        rb = _gun_reach(kit, wt, b)
        if rb > ra or (rb == ra and fm[b, FINDEX] < fm[a, FINDEX]):
            rank += 1
    return rank < int(w[W_BASE_SHARE] * n + 0.5)


@kernel
def _flank_point(w, a, foe, fm, h, wd):
    """The cell ``W_FLANK_IN`` inches beside enemy ``foe``, square to the line from a's gang's
    centre to the enemy's (centres of the fighters on their feet), on a's wing: the side of
    that line he stands on (standing on it: the side (-u_y, u_x) points to, u the line's
    direction). Rounded and clamped to the table."""
    side = fm[a, FSIDE]
    ox, oy, ex, ey, no, ne = 0.0, 0.0, 0.0, 0.0, 0, 0
    for b in range(fm.shape[0]):
        if fm[b, FSTATE] != ST_STANDING:
            continue
        if fm[b, FSIDE] == side:
            ox, oy, no = ox + fm[b, FX], oy + fm[b, FY], no + 1
        else:
            ex, ey, ne = ex + fm[b, FX], ey + fm[b, FY], ne + 1
    ox, oy = ox / max(no, 1), oy / max(no, 1)
    ux, uy = (ex / ne - ox, ey / ne - oy) if ne > 0 else (fm[foe, FX] - ox, fm[foe, FY] - oy)
    norm = math.sqrt(ux * ux + uy * uy)
    if norm == 0.0:
        ux, uy, norm = 0.0, 1.0, 1.0
    px, py = -uy / norm, ux / norm
    sgn = 1.0 if (fm[a, FX] - ox) * px + (fm[a, FY] - oy) * py >= 0.0 else -1.0
    x = int(math.floor(fm[foe, FX] + sgn * w[W_FLANK_IN] * px + 0.5))
    y = int(math.floor(fm[foe, FY] + sgn * w[W_FLANK_IN] * py + 0.5))
    return min(max(x, 0), wd - 1), min(max(y, 0), h - 1)


@kernel
def _open_view(terrain, piece, building, smoke, seen, x, y, tx, ty):
    """Does cell (x, y) see (tx, ty) with no cover at all (no piece, smoke or wall between,
    not in a building): the engine's cover of a shot from there, read off the same sight?"""
    vis, pieces, smokes, behind = sight(terrain, piece, building, smoke, x, y, tx, ty, seen)
    return vis and pieces == 0 and smokes == 0 and not behind


@kernel
def _open_target(fm, a, need, within, terrain, piece, building, smoke, seen):
    """Has fighter a a legal shot (``need``) at a standing enemy within ``within`` inches whom
    his cover does not protect from where a stands?"""
    for b in range(need.shape[0]):
        if fm[b, FSTATE] != ST_STANDING or \
                dist_in(fm[a, FX], fm[a, FY], fm[b, FX], fm[b, FY]) > within:
            continue
        legal = False
        for k in range(need.shape[1]):
            legal |= need[b, k] < NO_SHOT
        if legal and _open_view(terrain, piece, building, smoke, seen, fm[a, FX], fm[a, FY],
                                fm[b, FX], fm[b, FY]):
            return True
    return False


@kernel
def _flank_cell(fm, a, budget, gx, gy, standoff, foe, w_angle, angle_in, w, rp, terrain, piece,
                building, smoke, occ, dist, queue, seen):
    """A cell within ``budget`` half-inches (shared reach, over low terrain) that minimises
    |distance to (gx, gy) - standoff| + exposure x standing enemies that see it - cover bonus -
    ``w_angle`` if it sees enemy ``foe``, ``angle_in`` inches or nearer, with no cover; the
    first such cell in scan order wins (``_best_cell``'s scan and bound, another goal)."""
    h, wd = terrain.shape
    ax, ay = fm[a, FX], fm[a, FY]
    reach(terrain, building, occ, ax, ay, GO_OVER, budget, dist, queue, rp[S.R_DIFF_COST],
          rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
    fx, fy = fm[foe, FX], fm[foe, FY]
    r = budget // 2 + 1
    w_exp, w_cov = w[W_EXPOSURE], w[W_COVER]
    best = 1e300
    bx, by = ax, ay
    for y in range(max(ay - r, 0), min(ay + r + 1, h)):
        for x in range(max(ax - r, 0), min(ax + r + 1, wd)):
            if dist[y, x] == UNREACHED:
                continue
            score = abs(dist_in(x, y, gx, gy) - standoff)
            if covered(terrain, building, x, y):
                score -= w_cov
            if w_exp >= 0.0 and score - max(w_angle, 0.0) >= best:
                continue
            if w_angle != 0.0 and dist_in(x, y, fx, fy) <= angle_in and \
                    _open_view(terrain, piece, building, smoke, seen, x, y, fx, fy):
                score -= w_angle
            if w_exp >= 0.0 and score >= best:
                continue
            for b in range(fm.shape[0]):
                if fm[b, FSIDE] != fm[a, FSIDE] and fm[b, FSTATE] == ST_STANDING and \
                        sees(terrain, piece, building, smoke, fm[b, FX], fm[b, FY], x, y, seen):
                    score += w_exp
            if score < best:
                best, bx, by = score, x, y
    return bx, by


# ---------------------------------------------------------------- decisions


@kernel
def decide(kind, w, a, fm, kit, wt, rp, terrain, piece, building, smoke, occ, need, s, dec, dist,
           queue, seen):
    """Fill ``dec`` with fighter a's action this turn. ``need`` int64[F, K]: the D6 score of
    each shot he could take now from where he stands (``NO_SHOT``: none). A scripted fighter on
    foot then mounts his standing horse instead of a walk or run by ``_mount_instead``, or gets
    up behind a friend rider by ``_double_instead``. A passenger holds on or gets down
    (``_passenger``); a rider carrying one keeps his seat (``_carrying``)."""
    if fm[a, S.FPASS] >= 0:
        _passenger(kind, w, a, fm, s, dec)
        return
    _decide(kind, w, a, fm, kit, wt, rp, terrain, piece, building, smoke, occ, need, s, dec, dist,
            queue, seen)
    if kind != RANDOM and w[W_MOUNT] > 0 and fm[a, S.FHORSE] == 0 and fm[a, S.FHX] >= 0:
        _mount_instead(w, a, fm, rp, terrain, building, occ, dec, dist, queue)
    if kind != RANDOM and w[W_DOUBLE] > 0 and fm[a, S.FHORSE] == 0:
        _double_instead(w, a, fm, rp, terrain, building, occ, dec, dist, queue)
    if fm[a, S.FCARRY] >= 0:
        _carrying(dec)


@kernel
def _passenger(kind, w, a, fm, s, dec):
    """Passenger a's turn: he gets down (Act.DISMOUNT) once a standing enemy is within
    ``W_DOUBLE`` inches (the distance he got up at: he rides to the fight) or his rider's horse
    has stopped (its latest move nothing: he is carried nowhere, and getting down takes no
    test), else holds on; the random floor gets down on a coin's toss."""
    for i in range(dec.shape[0]):
        dec[i] = 0
    dec[S.D_TARGET] = -1
    dec[S.D_X], dec[S.D_Y] = fm[a, FX], fm[a, FY]
    if kind == RANDOM:
        down = randint(s, 2) == 1
    else:
        r = fm[a, S.FPASS]
        ridden = fm[r, S.FMOVED_IN] if fm[r, S.FACT] != -1 else fm[r, S.FHLAST]
        foe = _nearest_enemy(fm, a, True)
        down = ridden == 0 or (foe >= 0 and dist_in(fm[a, FX], fm[a, FY], fm[foe, FX],
                                                     fm[foe, FY]) <= w[W_DOUBLE])
    dec[S.D_ACT] = Act.DISMOUNT if down else Act.HOLD


@kernel
def _carrying(dec):
    """A rider carrying a passenger keeps his seat: a step down holds, a jump down rides (a walk
    or a run) to where he would have jumped, a boarding charges the rider instead."""
    act = dec[S.D_ACT]
    if act == Act.DISMOUNT:
        dec[S.D_ACT] = Act.HOLD
    elif act == Act.JUMP_DOWN:
        dec[S.D_ACT] = Act.RUN if dec[S.D_RUN] != 0 else Act.WALK
        dec[S.D_RUN] = 0
        dec[S.D_MIDMOVE] = 0
    elif act == Act.BOARD:
        dec[S.D_ACT] = Act.CHARGE


@kernel
def _buddy(a, fm, rp, terrain, building, occ, dist, queue):
    """The nearest friend rider man-on-foot a may get up behind: up, free (no fight, no rope),
    not broken, carrying nobody, with a free cell beside his horse (at its side or rear if it
    moved) within a's run (``_board_reach``); -1 if none (or a cannot climb: mounted, roped,
    no hand free, a lit bundle in hand)."""
    if fm[a, S.FHORSE] != 0 or fm[a, S.FROPE] != 0 or fm[a, S.FFUSE] != 0 or \
            fm[a, S.FPASS] >= 0 or climb_hands_full(fm, a):
        return -1
    run = 2 * fm[a, FM] * rp[S.R_RUN_MULT]
    best, best_d = -1, 1e18
    for c in range(fm.shape[0]):
        if c == a or fm[c, FSIDE] != fm[a, FSIDE] or fm[c, FSTATE] != ST_STANDING or \
                fm[c, S.FHORSE] == 0 or fm[c, FENGAGED] >= 0 or fm[c, S.FROPE] != 0 or \
                fm[c, S.FCARRY] >= 0 or fm[c, S.FBROKEN] != 0:
            continue
        d = dist_in(fm[a, FX], fm[a, FY], fm[c, FX], fm[c, FY])
        if d < best_d and d <= run / 2.0 + 1.5:
            best, best_d = c, d
    if best < 0 or not _board_reach(a, best, fm, rp, terrain, building, occ, dist, queue, run):
        return -1
    return best


@kernel
def _double_instead(w, a, fm, rp, terrain, building, occ, dec, dist, queue):
    """With ``W_DOUBLE``: fighter a, on foot, whose turn is a walk or a run and who has no
    standing enemy within ``W_DOUBLE`` inches, gets up behind the nearest friend rider (up,
    free, not broken, carrying nobody) with a free cell beside his horse (at its side or rear
    if it moved) within a's run (Act.BOARD at the friend), if that horse's latest move was more
    than nothing; not with a lit bundle in hand, nor roped."""
    if (dec[S.D_ACT] != Act.WALK and dec[S.D_ACT] != Act.RUN) or \
            fm[a, S.FROPE] != 0 or fm[a, S.FFUSE] != 0 or climb_hands_full(fm, a):
        return
    foe = _nearest_enemy(fm, a, True)
    if foe >= 0 and dist_in(fm[a, FX], fm[a, FY], fm[foe, FX], fm[foe, FY]) <= w[W_DOUBLE]:
        return
    best = _buddy(a, fm, rp, terrain, building, occ, dist, queue)
    if best < 0 or (fm[best, S.FMOVED_IN] if fm[best, S.FACT] != -1 else fm[best, S.FHLAST]) == 0:
        return  # (a horse that stood still carries him nowhere: he would get straight down)
    for i in range(dec.shape[0]):
        dec[i] = 0
    dec[S.D_ACT] = Act.BOARD
    dec[S.D_TARGET] = best
    dec[S.D_X], dec[S.D_Y] = fm[best, FX], fm[best, FY]


@kernel
def _mount_instead(w, a, fm, rp, terrain, building, occ, dec, dist, queue):
    """With ``W_MOUNT``: fighter a, on foot with his horse standing (FHX, FHY), whose turn is
    a walk or a run, mounts the horse instead (Act.MOUNT: a walk to it, then no more movement)
    when it is within a walk of him (the shared reach, over low terrain) and no standing enemy
    is within ``W_MOUNT`` inches."""
    if dec[S.D_ACT] != Act.WALK and dec[S.D_ACT] != Act.RUN:
        return
    if fm[a, S.FROPE] != 0:
        return
    foe = _nearest_enemy(fm, a, True)
    if foe >= 0 and dist_in(fm[a, FX], fm[a, FY], fm[foe, FX], fm[foe, FY]) <= w[W_MOUNT]:
        return
    hx, hy = fm[a, S.FHX], fm[a, S.FHY]
    if hx != fm[a, FX] or hy != fm[a, FY]:
        reach(terrain, building, occ, fm[a, FX], fm[a, FY], GO_OVER, 2 * fm[a, FM], dist, queue,
              rp[S.R_DIFF_COST], rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
        if dist[hy, hx] == UNREACHED or occ[hy, hx]:
            return
    for i in range(dec.shape[0]):
        dec[i] = 0
    dec[S.D_ACT] = Act.MOUNT
    dec[S.D_TARGET] = -1
    dec[S.D_X], dec[S.D_Y] = hx, hy


@kernel
def _decide(kind, w, a, fm, kit, wt, rp, terrain, piece, building, smoke, occ, need, s, dec, dist,
            queue, seen):
    """``decide`` before the horse (every gunfighter's own script)."""
    for i in range(dec.shape[0]):
        dec[i] = 0
    dec[S.D_TARGET] = -1
    dec[S.D_X] = fm[a, FX]
    dec[S.D_Y] = fm[a, FY]
    m = fm[a, FM]
    walk = 2 * m
    run = 2 * m * rp[S.R_RUN_MULT]
    charge = 2 * m * rp[S.R_CHARGE_MULT]
    if kind == RANDOM:
        _decide_random(a, fm, kit, wt, rp, terrain, building, occ, need, s, dec, dist, queue,
                       walk, run, charge)
        return
    foe = _nearest_enemy(fm, a, True)
    if foe < 0:
        foe = _nearest_enemy(fm, a, False)
    if foe < 0:
        dec[S.D_ACT] = Act.HOLD
        return
    d_foe = dist_in(fm[a, FX], fm[a, FY], fm[foe, FX], fm[foe, FY])
    if _dynamite_turn(w, a, foe, d_foe, fm, kit, wt, rp, terrain, piece, building, smoke, occ,
                      need, dec, dist, queue, seen, walk):
        return
    t, k, n = _best_shot(need, fm, kit, wt, a, w[W_FAN] > 0, 0.0)  # (plans go by the guns)
    if kind == BRAWLER and w[W_CHARGE_IN] > 0:
        c = _charge_target(fm, a, rp, min(w[W_CHARGE_IN], charge / 2.0))
        if c >= 0:
            dec[S.D_ACT] = Act.HIT_RUN if _ride_past(w, a, c, fm, rp) else Act.CHARGE
            dec[S.D_TARGET] = c
            if dec[S.D_ACT] == Act.CHARGE:
                _jump_in(w, a, c, fm, rp, terrain, building, occ, dec, dist, queue, walk, charge)
            if dec[S.D_ACT] == Act.CHARGE and _boards(w, a, c, fm, rp) and \
                    _board_reach(a, c, fm, rp, terrain, building, occ, dist, queue, charge):
                dec[S.D_ACT] = Act.BOARD
            return
    if kind == PATIENT_AIMER or (kind == FLANKER and _in_fire_base(w, a, fm, kit, wt)):
        _from_cover(w, a, foe, t, k, n, fm, kit, wt, rp, terrain, piece, building, smoke, occ,
                    need, dec, dist, queue, seen, walk)
        return
    if kind == FLANKER:
        _flank(w, a, foe, fm, kit, wt, rp, terrain, piece, building, smoke, occ, need, dec, dist,
               queue, seen, walk, run)
        return
    # the gunslinger and the brawler: close in fast, shooting on the way
    any_fire = False
    for kk in range(kit.shape[1]):
        any_fire |= _fireable(kit, a, kk) and _gun(kit, wt, a, kk)
    if not any_fire:
        if _upkeep(w, a, kit, wt, dec):
            return
    short = _short_range(kit, wt, a, w[W_FAN] > 0)
    if t >= 0 and d_foe <= short and kind == GUNSLINGER_RUSH:
        dec[S.D_ACT] = Act.HOLD  # stand and fan in the shooting phase
        return
    budget = run if w[W_RUN] > 0 else walk
    x, y = _best_cell(fm, a, budget, foe, w[W_STANDOFF], w[W_SIGHT], w, rp, terrain, piece,
                      building, smoke, occ, dist, queue, seen)
    dec[S.D_ACT] = Act.RUN if w[W_RUN] > 0 else Act.WALK
    dec[S.D_X], dec[S.D_Y] = x, y
    dec[S.D_MIDMOVE] = 1 if w[W_MIDMOVE] > 0 else 0


@kernel
def _dynamite_turn(w, a, foe, d_foe, fm, kit, wt, rp, terrain, piece, building, smoke, occ,
                   need, dec, dist, queue, seen, walk):
    """Dynamite's part of a scripted turn (fills dec, True if it decides). Holding a lit bundle:
    hold where he is when it has a legal throw now (thrown in the shooting phase), else move
    towards the nearest enemy, cover and exposure ignored, to end the bundle's blast reach +
    2" from him in his sight (``_best_cell``, a seen cell 4" better), walking, or running (a
    snap throw) when a walk cannot bring him within 1" inside his throwing reach, and throw
    after the move. With sticks left, none
    lit, and light_takes_turn: light a bundle where he stands (the reloading action) when the
    nearest standing enemy is within ``W_DYNAMITE`` inches and beyond the bundle's blast reach
    + 1"."""
    lit = _dynamite(kit, wt, a, True)
    if lit >= 0:
        for t in range(need.shape[0]):
            if need[t, lit] < NO_SHOT:
                dec[S.D_ACT] = Act.HOLD
                return True
        throw = rp[S.R_THROW_PER_S] * fm[a, S.FS] + rp[S.R_THROW_BASE]
        far = d_foe - fm[a, FM] > throw - 1.0
        bare = w.copy()  # (the fuse is burning: no time for cover)
        bare[W_EXPOSURE] = 0.0
        bare[W_COVER] = 0.0
        x, y = _best_cell(fm, a, walk * rp[S.R_RUN_MULT] if far else walk, foe,
                          _bundle_reach(kit, rp, a, lit) + 2.0, 4.0, bare, rp, terrain, piece,
                          building, smoke, occ, dist, queue, seen)
        dec[S.D_ACT] = Act.RUN if far else Act.WALK
        dec[S.D_X], dec[S.D_Y] = x, y
        return True
    k = _dynamite(kit, wt, a, False)
    if k < 0 or rp[S.R_LIGHT_TURN] == 0 or fm[foe, FSTATE] != ST_STANDING or \
            not _lights_at(w, fm, a) or d_foe <= _bundle_reach(kit, rp, a, k) + 1.0:
        return False
    dec[S.D_ACT] = Act.RELOAD
    dec[S.D_SLOT] = k
    return True


@kernel
def _from_cover(w, a, foe, t, k, n, fm, kit, wt, rp, terrain, piece, building, smoke, occ, need,
                dec, dist, queue, seen, walk):
    """The patient aimer (and the flanker's fire base): in cover, reload if due, else aim at
    the easiest shot worth it (its need less the bonus of ``W_AIM_TURNS`` turns' aim at most
    ``W_SHOOT_NEED``; the target already aimed at if he can still be shot), else (aimed if
    ``W_OW_AIMED``) overwatch facing ``_watch_target`` (enemies coming on from beyond reach);
    with ``W_OPEN_AIM``, out of cover where the walk he would take ends out of cover too, he
    does the same where he stands; out of cover or with nothing to do, walk to ``_best_cell``
    (standoff and sight weights), else reload if due, else hold. (t, k, n): ``_best_shot`` of ``need``."""
    settled = covered(terrain, building, fm[a, FX], fm[a, FY])  # in cover (or none near)
    if not settled and w[W_OPEN_AIM] > 0:  # no cover in reach: aim where he stands
        x, y = _best_cell(fm, a, walk, foe, w[W_STANDOFF], w[W_SIGHT], w, rp, terrain, piece,
                          building, smoke, occ, dist, queue, seen)
        settled = not covered(terrain, building, x, y)
    if settled and _upkeep(w, a, kit, wt, dec):
        _step_down(w, a, fm, dec)
        return
    gain = min(w[W_AIM_TURNS] * rp[S.R_AIM_PER_TURN], rp[S.R_AIM_MAX])
    if t >= 0 and n - gain <= w[W_SHOOT_NEED] and settled:
        if _step_down(w, a, fm, dec):
            return
        dec[S.D_ACT] = Act.AIM
        held = fm[a, FAIMT]
        dec[S.D_TARGET] = held if held >= 0 and need[held, k] < NO_SHOT else t
        dec[S.D_SLOT] = k
        return
    if settled and w[W_OVERWATCH] > 0:
        o = _watch_target(w, a, fm, kit, wt, rp)
        if o >= 0:  # nothing worth aiming at, an enemy coming on: watch for him
            if _step_down(w, a, fm, dec):
                return
            dec[S.D_ACT] = Act.OVERWATCH
            dec[S.D_AIMED] = 1 if w[W_OW_AIMED] > 0 else 0
            dec[S.D_X], dec[S.D_Y] = fm[o, FX], fm[o, FY]
            return
    x, y = _best_cell(fm, a, walk, foe, w[W_STANDOFF], w[W_SIGHT], w, rp, terrain, piece,
                      building, smoke, occ, dist, queue, seen)
    if x == fm[a, FX] and y == fm[a, FY]:
        if _upkeep(w, a, kit, wt, dec):
            return
        dec[S.D_ACT] = Act.HOLD
        return
    dec[S.D_ACT] = Act.WALK
    if _jumps(w, a, fm, rp) and w[W_DISMOUNT] > 0 and covered(terrain, building, x, y):
        dec[S.D_ACT] = Act.JUMP_DOWN  # (rides there and jumps down: settled a turn sooner)
    dec[S.D_X], dec[S.D_Y] = x, y


@kernel
def _jumps(w, a, fm, rp):
    """With ``W_JUMP``: may rider a jump down from his moving horse (his I at least it)?"""
    return fm[a, S.FHORSE] != 0 and w[W_JUMP] > 0 and fm[a, S.FI] >= w[W_JUMP] and \
        rp[S.R_JUMP_MOVING] != 0


@kernel
def _jump_in(w, a, c, fm, rp, terrain, building, occ, dec, dist, queue, walk, charge):
    """Rider a's charge at c (dec) when no horse can get next to c (no free cell beside him
    within the charge's reach for a horse: ``occ`` bars wide thickets to riders): with
    ``_jumps``, ride to the cell within a walk nearest c (then the cheapest ride) from which his
    leap on foot (a charge of jump_charge_in inches, over the ground as any move) reaches a free
    cell next to c, not a cell next to an enemy (a move stops short of them), and jump into
    the fight there (Act.JUMP_DOWN at c). A walk only: a run stops on coming within run_stop_in
    of an enemy he sees, short of the cell. No such cell: the charge stands (the engine holds
    him)."""
    if not _jumps(w, a, fm, rp) or rp[S.R_JUMP_CHARGE_IN] <= 0:
        return
    h, wd = terrain.shape
    reach(terrain, building, occ, fm[a, FX], fm[a, FY], GO_OVER, charge, dist, queue,
          rp[S.R_DIFF_COST], rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
    cx, cy = fm[c, FX], fm[c, FY]
    for dy in range(-1, 2):  # (the charge's reach: can his horse get there?)
        for dx in range(-1, 2):
            x, y = cx + dx, cy + dy
            if (dx or dy) and 0 <= x < wd and 0 <= y < h and dist[y, x] != UNREACHED and \
                    not occ[y, x]:
                return  # his horse gets there: a mounted charge
    foot = np.zeros((h, wd), np.bool_)  # (the cells fighters stand on: his leap's view)
    for b in range(fm.shape[0]):
        if b != a and fm[b, FSTATE] != S.ST_OUT:
            foot[fm[b, FY], fm[b, FX]] = True
    leap = 2 * rp[S.R_JUMP_CHARGE_IN]
    near = rp[S.R_JUMP_CHARGE_IN] + 1.5  # (no leap of 2" reaches from farther)
    hop = np.empty((h, wd), np.int64)
    bx, by, bd, bc = -1, -1, 1e18, 0
    r = charge // 2 + 1
    for y in range(max(fm[a, FY] - r, 0), min(fm[a, FY] + r + 1, h)):
        for x in range(max(fm[a, FX] - r, 0), min(fm[a, FX] + r + 1, wd)):
            d = dist_in(x, y, cx, cy)
            if dist[y, x] == UNREACHED or dist[y, x] > walk or occ[y, x] or d > near or d > bd or \
                    (d == bd and dist[y, x] >= bc) or _beside_enemy(fm, a, x, y):
                continue
            reach(terrain, building, foot, x, y, GO_OVER, leap, hop, queue,
                  rp[S.R_DIFF_COST], rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
            ok = False
            for ey in range(max(cy - 1, 0), min(cy + 2, h)):
                for ex in range(max(cx - 1, 0), min(cx + 2, wd)):
                    ok |= hop[ey, ex] != UNREACHED and not foot[ey, ex] and \
                        (ex != cx or ey != cy)
            if ok:
                bx, by, bd, bc = x, y, d, dist[y, x]
    if bx < 0:
        return
    dec[S.D_ACT] = Act.JUMP_DOWN
    dec[S.D_X], dec[S.D_Y] = bx, by


@kernel
def helps(kind, w, s, n, lit, useful):
    """Does a friend who could give a climbing boarder a leg up (touching his cell, free and not
    yet acted) give it, ``n`` friends having helped already? ``lit``: the friend holds a lit
    bundle of dynamite (helping, he could not throw it this turn); ``useful``: one more +1
    still raises the climb's chance. The random floor: a coin; the others while fewer than
    ``W_HELP`` have, the +1 is useful and the friend holds no lit bundle."""
    if kind == RANDOM:
        return randint(s, 2) == 1
    return n < w[W_HELP] and useful and not lit


@kernel
def side_or_rear(fm, t, x, y, friend):
    """May a boarder climb onto rider t's horse from the cell (x, y) beside it? Not from the
    front of a moving one (text: 'from the side or rear'): when its latest move (FMOVED_IN) is
    more than nothing and it has a heading, the cell must not lie ahead of it (the dot product
    of the cell's offset with the heading at most 0: the side cells and the rear); a still
    horse from any side. ``friend``: t is the climber's friend (a double mount), whose latest
    move is his last turn's (FHLAST) while he has not yet acted in this one (FACT -1; his
    FMOVED_IN was cleared as the turn began: engine ``_ridden``)."""
    hx, hy = fm[t, S.FHDX], fm[t, S.FHDY]
    moved = fm[t, S.FHLAST] if friend and fm[t, S.FACT] == -1 else fm[t, FMOVED_IN]
    if moved <= 0 or (hx == 0 and hy == 0):
        return True
    return (x - fm[t, FX]) * hx + (y - fm[t, FY]) * hy <= 0


@kernel
def climb_hands_full(fm, a):
    """Has fighter a no hand to climb onto a horse with: both arms locked, or one locked and
    the other holding a lance (lance_hand 'held')? A rider jumping across lets go of the reins
    (they do not count)."""
    arms = fm[a, S.FARMS]
    taken = (arms & S.ARM_LEFT) + (arms & S.ARM_RIGHT) // 2 + \
        (1 if (fm[a, S.FMF] & S.MF_LANCE_HAND) != 0 else 0)
    return taken >= 2


@kernel
def _boards(w, a, c, fm, rp):
    """With ``W_BOARD``: may fighter a board rider c's horse (c up, mounted and free; a's I at
    least the weight; from a horse only with jump_between_in)?"""
    return w[W_BOARD] > 0 and fm[a, S.FI] >= w[W_BOARD] and rp[S.R_BOARD] != 0 and \
        fm[c, S.FHORSE] != 0 and fm[c, FSTATE] == ST_STANDING and fm[c, FENGAGED] < 0 and \
        fm[c, S.FROPE] == 0 and (fm[a, S.FHORSE] == 0 or rp[S.R_JUMP_BETWEEN] > 0) and \
        not climb_hands_full(fm, a)


@kernel
def _board_reach(a, c, fm, rp, terrain, building, occ, dist, queue, charge):
    """Is a free cell beside rider c's horse (``side_or_rear``; within jump_between_in for a
    boarder on horseback) within a's charge (the engine's ``_board_cell`` on the same reach)?"""
    h, wd = terrain.shape
    reach(terrain, building, occ, fm[a, FX], fm[a, FY], GO_OVER, charge, dist, queue,
          rp[S.R_DIFF_COST], rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
    for dy in range(-1, 2):
        for dx in range(-1, 2):
            x, y = fm[c, FX] + dx, fm[c, FY] + dy
            if (dx or dy) and 0 <= x < wd and 0 <= y < h and dist[y, x] != UNREACHED and \
                    not occ[y, x] and side_or_rear(fm, c, x, y, fm[c, FSIDE] == fm[a, FSIDE]) and \
                    (fm[a, S.FHORSE] == 0 or
                     dist_in(x, y, fm[c, FX], fm[c, FY]) <= rp[S.R_JUMP_BETWEEN]):
                return True
    return False


@kernel
def _beside_enemy(fm, a, x, y):
    """Is a standing or down enemy of a on a cell next to (x, y)?"""
    for b in range(fm.shape[0]):
        if fm[b, FSIDE] != fm[a, FSIDE] and fm[b, FSTATE] != S.ST_OUT and \
                abs(fm[b, FX] - x) <= 1 and abs(fm[b, FY] - y) <= 1:
            return True
    return False


@kernel
def _step_down(w, a, fm, dec):
    """With ``W_DISMOUNT``, a rider about to settle steps down instead (this turn's action):
    True if he does."""
    if fm[a, S.FHORSE] == 0 or w[W_DISMOUNT] <= 0:
        return False
    for i in range(dec.shape[0]):
        dec[i] = 0
    dec[S.D_ACT] = Act.DISMOUNT
    dec[S.D_TARGET] = -1
    dec[S.D_X], dec[S.D_Y] = fm[a, FX], fm[a, FY]
    return True


@kernel
def _flank(w, a, foe, fm, kit, wt, rp, terrain, piece, building, smoke, occ, need, dec, dist, queue,
           seen, walk, run):
    """The flanker's flanking element (``foe``: the nearest enemy). With no loaded, unjammed
    gun: reload or clear if he can. Farther than ``W_FLANK_NEAR`` from the flank point
    (``_flank_point`` of ``foe``): run (walk if not ``W_RUN``) to the ``_flank_cell`` scored by
    distance to the point (no angle bonus), if it is nearer the point than he is. Otherwise:
    hold (to shoot in the shooting phase) while he has a legal shot at a standing enemy within
    the short range of his loaded guns whom cover does not protect; else walk to the
    ``_flank_cell`` scored by |distance to ``foe`` - ``W_STRIKE_IN``| and ``W_ANGLE`` for a
    cell that sees ``foe`` uncovered within that short range; no better cell: hold."""
    h, wd = terrain.shape
    ax, ay = fm[a, FX], fm[a, FY]
    any_fire = False
    for kk in range(kit.shape[1]):
        any_fire |= _fireable(kit, a, kk) and _gun(kit, wt, a, kk)
    if not any_fire and _upkeep(w, a, kit, wt, dec):
        return
    mid = 1 if w[W_MIDMOVE] > 0 else 0
    px, py = _flank_point(w, a, foe, fm, h, wd)
    if dist_in(ax, ay, px, py) > w[W_FLANK_NEAR]:
        budget = run if w[W_RUN] > 0 else walk
        x, y = _flank_cell(fm, a, budget, px, py, 0.0, foe, 0.0, 0.0, w, rp, terrain, piece,
                           building, smoke, occ, dist, queue, seen)
        if dist_in(x, y, px, py) < dist_in(ax, ay, px, py):
            dec[S.D_ACT] = Act.RUN if w[W_RUN] > 0 else Act.WALK
            dec[S.D_X], dec[S.D_Y] = x, y
            dec[S.D_MIDMOVE] = mid
            return
    short = _short_range(kit, wt, a, False)
    if _open_target(fm, a, need, short, terrain, piece, building, smoke, seen):
        dec[S.D_ACT] = Act.HOLD  # shoot (fan) in the shooting phase
        return
    x, y = _flank_cell(fm, a, walk, fm[foe, FX], fm[foe, FY], w[W_STRIKE_IN], foe, w[W_ANGLE],
                       short, w, rp, terrain, piece, building, smoke, occ, dist, queue, seen)
    if x == ax and y == ay:
        dec[S.D_ACT] = Act.HOLD
        return
    dec[S.D_ACT] = Act.WALK
    dec[S.D_X], dec[S.D_Y] = x, y
    dec[S.D_MIDMOVE] = mid


@kernel
def _decide_random(a, fm, kit, wt, rp, terrain, building, occ, need, s, dec, dist, queue, walk,
                   run, charge):
    """A uniformly random action; one that is impossible here becomes HOLD. A rider's charge at
    a man on foot is a hit-and-run (Act.HIT_RUN) on a coin's toss (the rules allowing it); a
    charge at a rider is a boarding of his horse (Act.BOARD) on a coin's toss (the rules
    allowing it; from a horse only with jump_between_in). A man on foot with no horse of his
    own standing has, as his horse action, getting up behind the nearest friend rider he can
    reach (``_buddy``; a double mount)."""
    h, wd = terrain.shape
    K = kit.shape[1]
    # the horse's action, drawn last: DISMOUNT for a rider, MOUNT for a man whose horse stands
    # riderless, else (since wm-27) getting up behind the nearest friend rider he can reach
    # (``_buddy``); a fighter with none of these draws from the others as before
    buddy = -1
    if fm[a, S.FHORSE] == 0 and fm[a, S.FHX] < 0:
        buddy = _buddy(a, fm, rp, terrain, building, occ, dist, queue)
    horse = fm[a, S.FHORSE] != 0 or fm[a, S.FHX] >= 0 or buddy >= 0
    jump = fm[a, S.FHORSE] != 0 and rp[S.R_JUMP_MOVING] != 0  # (and JUMP_DOWN, since wm-23)
    act = randint(s, Act.DISMOUNT + (2 if jump else 1 if horse else 0))
    if act == Act.DISMOUNT and fm[a, S.FHORSE] == 0:
        act = Act.MOUNT if fm[a, S.FHX] >= 0 else Act.BOARD
    elif act == Act.DISMOUNT + 1:
        act = Act.JUMP_DOWN
    dec[S.D_ACT] = Act.HOLD
    dec[S.D_MIDMOVE] = randint(s, 2)
    if act == Act.WALK or act == Act.RUN:
        budget = walk if act == Act.WALK else run
        reach(terrain, building, occ, fm[a, FX], fm[a, FY], GO_OVER, budget, dist, queue,
              rp[S.R_DIFF_COST], rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
        r = budget // 2
        for _ in range(20):
            x = fm[a, FX] + randint(s, 2 * r + 1) - r
            y = fm[a, FY] + randint(s, 2 * r + 1) - r
            if 0 <= x < wd and 0 <= y < h and dist[y, x] != UNREACHED:
                dec[S.D_ACT] = act
                dec[S.D_X], dec[S.D_Y] = x, y
                break
    elif act == Act.AIM:
        n_ok = 0
        for t in range(need.shape[0]):
            for k in range(K):
                if need[t, k] < NO_SHOT:
                    n_ok += 1
        if n_ok > 0:
            pick = randint(s, n_ok)
            for t in range(need.shape[0]):
                for k in range(K):
                    if need[t, k] < NO_SHOT:
                        if pick == 0:
                            dec[S.D_ACT] = Act.AIM
                            dec[S.D_TARGET] = t
                            dec[S.D_SLOT] = k
                        pick -= 1
    elif act == Act.OVERWATCH:
        foe = _nearest_enemy(fm, a, False)
        if foe >= 0:
            dec[S.D_ACT] = Act.OVERWATCH
            dec[S.D_AIMED] = randint(s, 2)
            dec[S.D_X], dec[S.D_Y] = fm[foe, FX], fm[foe, FY]
    elif act == Act.RELOAD or act == Act.CLEAR:
        k = randint(s, K)
        ok = _usable(kit, a, k)
        if act == Act.CLEAR:
            ok = ok and kit[a, k, KJAMS] > 0
        else:
            ok = ok and _has_reload(kit, a, k) and \
                kit[a, k, KLOADED] < wt[kit[a, k, KW], WC_CAPACITY]
        if ok:
            dec[S.D_ACT] = act
            dec[S.D_SLOT] = k
            if act == Act.RELOAD and kit[a, k, KALT] >= 0 and kit[a, k, KALT_RES] > 0:
                dec[S.D_SHELL] = 1 if kit[a, k, KRESERVE] <= 0 else randint(s, 2)
            if act == Act.RELOAD and kit[a, k, KLINK] >= 0:
                dec[S.D_FIRST] = randint(s, 2)  # a Le Mat: barrel first or last at random
            if randint(s, 2) == 1:  # walking while reloading (the BS roll)
                reach(terrain, building, occ, fm[a, FX], fm[a, FY], GO_OVER, walk, dist, queue,
                      rp[S.R_DIFF_COST], rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
                r = walk // 2
                x = fm[a, FX] + randint(s, 2 * r + 1) - r
                y = fm[a, FY] + randint(s, 2 * r + 1) - r
                if 0 <= x < wd and 0 <= y < h and dist[y, x] != UNREACHED:
                    dec[S.D_X], dec[S.D_Y] = x, y
    elif act == Act.CHARGE:
        c = _charge_target(fm, a, rp, charge / 2.0)
        if c >= 0:
            dec[S.D_ACT] = Act.CHARGE
            dec[S.D_TARGET] = c
            if fm[a, S.FHORSE] != 0 and fm[c, S.FHORSE] == 0 and rp[S.R_HIT_RUN] != 0 and \
                    randint(s, 2) == 1:  # a rider at a man on foot: stop or ride past, a coin
                dec[S.D_ACT] = Act.HIT_RUN
            elif fm[c, S.FHORSE] != 0 and rp[S.R_BOARD] != 0 and \
                    (fm[a, S.FHORSE] == 0 or rp[S.R_JUMP_BETWEEN] > 0) and \
                    randint(s, 2) == 1:  # at a rider: fight him or climb onto his horse, a coin
                dec[S.D_ACT] = Act.BOARD
    elif act == Act.DISMOUNT:
        dec[S.D_ACT] = Act.DISMOUNT
    elif act == Act.JUMP_DOWN:  # ride a walk or a run to a random cell, leap at the standing
        dec[S.D_RUN] = randint(s, 2)  # enemy nearest it if a leap might reach him (within
        # jump_charge_in + 1.5": the engine then tries)
        budget = run if dec[S.D_RUN] != 0 else walk
        reach(terrain, building, occ, fm[a, FX], fm[a, FY], GO_OVER, budget, dist, queue,
              rp[S.R_DIFF_COST], rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
        r = budget // 2
        x = fm[a, FX] + randint(s, 2 * r + 1) - r
        y = fm[a, FY] + randint(s, 2 * r + 1) - r
        if 0 <= x < wd and 0 <= y < h and dist[y, x] != UNREACHED:
            dec[S.D_ACT] = Act.JUMP_DOWN
            dec[S.D_X], dec[S.D_Y] = x, y
            best = rp[S.R_JUMP_CHARGE_IN] + 1.5 if rp[S.R_JUMP_CHARGE_IN] > 0 else -1.0
            for b in range(fm.shape[0]):
                if fm[b, FSIDE] != fm[a, FSIDE] and fm[b, FSTATE] == ST_STANDING and \
                        dist_in(x, y, fm[b, FX], fm[b, FY]) < best:
                    dec[S.D_TARGET], best = b, dist_in(x, y, fm[b, FX], fm[b, FY])
    elif act == Act.MOUNT:  # (the engine walks him to the horse if it is within a walk)
        dec[S.D_ACT] = Act.MOUNT
        dec[S.D_X], dec[S.D_Y] = fm[a, S.FHX], fm[a, S.FHY]
    elif act == Act.BOARD:  # up behind the friend rider ``_buddy`` found (a double mount)
        dec[S.D_ACT] = Act.BOARD
        dec[S.D_TARGET] = buddy
        dec[S.D_X], dec[S.D_Y] = fm[buddy, FX], fm[buddy, FY]
    elif act == Act.CRAWL:
        budget = 2 * rp[S.R_CRAWL]
        reach(terrain, building, occ, fm[a, FX], fm[a, FY], GO_OVER, budget, dist, queue,
              rp[S.R_DIFF_COST], rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
        r = budget // 2
        x = fm[a, FX] + randint(s, 2 * r + 1) - r
        y = fm[a, FY] + randint(s, 2 * r + 1) - r
        if 0 <= x < wd and 0 <= y < h and dist[y, x] != UNREACHED:
            dec[S.D_ACT] = Act.CRAWL
            dec[S.D_X], dec[S.D_Y] = x, y


@kernel
def crawl_to(kind, w, a, fm, rp, terrain, piece, building, smoke, occ, s, dec, dist, queue,
             seen):
    """Where down fighter a crawls (``dec[D_X]``, ``dec[D_Y]``; his own cell: he stays). The
    random gunfighter picks a cell at random; the others crawl away from the nearest enemy
    towards cover and out of sight, scored as any move (exposure and cover weights)."""
    dec[S.D_X] = fm[a, FX]
    dec[S.D_Y] = fm[a, FY]
    budget = 2 * rp[S.R_DOWN_CRAWL]
    if budget <= 0:
        return
    if kind == RANDOM:
        h, wd = terrain.shape
        reach(terrain, building, occ, fm[a, FX], fm[a, FY], GO_OVER, budget, dist, queue,
              rp[S.R_DIFF_COST], rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
        r = budget // 2
        x = fm[a, FX] + randint(s, 2 * r + 1) - r
        y = fm[a, FY] + randint(s, 2 * r + 1) - r
        if 0 <= x < wd and 0 <= y < h and dist[y, x] != UNREACHED:
            dec[S.D_X], dec[S.D_Y] = x, y
        return
    foe = _nearest_enemy(fm, a, True)
    if foe < 0:
        return
    far = float(terrain.shape[0] + terrain.shape[1])  # "as far as possible": beyond the table
    x, y = _best_cell(fm, a, budget, foe, far, 0.0, w, rp, terrain, piece, building, smoke,
                      occ, dist, queue, seen)
    dec[S.D_X], dec[S.D_Y] = x, y


@kernel
def choose_shot(kind, w, a, fm, kit, wt, rp, need, flags, s):
    """The shot fighter a takes given the legal shots ``need`` (int64[F, K]): (target, slot,
    firing mode S.FIRE_*), target -1 to hold fire. The mode: a burst whenever ``W_FAN`` and the
    weapon has sustained-fire dice, else a loaded double-barrelled gun's barrels as ``W_BARRELS``
    says (neither on an aimed shot; the random floor picks either at random). ``flags``: SH_*
    bits of the occasion (an aimed shot may be held to aim longer: fired once aimed
    ``W_AIM_TURNS`` turns or needing at most ``W_AIM_NEED``; any other shot, aimed overwatch
    included, is taken when it needs at most ``W_SHOOT_NEED``). Dynamite first, on his own
    turn's shot after any move (not aimed, on overwatch, a quick draw or on the move): a lit
    bundle always (its fuse is burning), at ``_charge_shot``'s target; unlit sticks lit as
    part of the throw (light_takes_turn off) when that target's blast catches more enemies
    than friends and the nearest standing enemy is within ``W_DYNAMITE``."""
    if kind == RANDOM:
        n_ok = 0
        for t in range(need.shape[0]):
            for k in range(need.shape[1]):
                if need[t, k] < NO_SHOT:
                    n_ok += 1
        if n_ok == 0 or ((flags & S.SH_AIMED) and randint(s, 2) == 0):
            return -1, -1, S.FIRE_ONE
        pick = randint(s, n_ok)
        for t in range(need.shape[0]):
            for k in range(need.shape[1]):
                if need[t, k] < NO_SHOT:
                    if pick == 0:
                        row = kit[a, k, KW]
                        if wt[row, WC_SFD] > 0:
                            return t, k, S.FIRE_BURST if randint(s, 2) == 1 else S.FIRE_ONE
                        if _two_loaded(kit, wt, a, k) and (flags & S.SH_AIMED) == 0:
                            m = randint(s, 3)
                            return t, k, S.FIRE_ONE if m == 0 else (
                                S.FIRE_BOTH if m == 1 else S.FIRE_PAIR)
                        return t, k, S.FIRE_ONE
                    pick -= 1
        return -1, -1, S.FIRE_ONE
    aimed = (flags & S.SH_AIMED) != 0
    if (flags & (S.SH_AIMED | S.SH_OVERWATCH | S.SH_QUICKDRAW | S.SH_MIDMOVE |
                 S.SH_OFF_HAND)) == 0:
        t, k, score = _charge_shot(need, fm, kit, wt, rp, a)
        if t >= 0 and (kit[a, k, KLOADED] > 0 or (score > 0 and _lights_at(w, fm, a))):
            return t, k, S.FIRE_ONE
    held_ok = (flags & S.SH_MIDMOVE) == 0  # a lasso thrown on the move is let go as he moves on
    t, k, n = _rope_shot(need, fm, kit, wt, a, w[W_ROPE], held_ok)
    if t >= 0 and (flags & (S.SH_AIMED | S.SH_OVERWATCH)) == 0:
        return t, k, S.FIRE_ONE  # (an aimed shot, aimed overwatch and a quick draw are guns')
    t, k, n = _best_shot(need, fm, kit, wt, a, w[W_FAN] > 0 and not aimed, w[W_THROW], held_ok)
    if t < 0:
        return -1, -1, S.FIRE_ONE
    if aimed and (flags & S.SH_OVERWATCH) == 0:  # the need includes the turns aimed so far
        if fm[a, FAIMN] < w[W_AIM_TURNS] and n > w[W_AIM_NEED]:
            return -1, -1, S.FIRE_ONE  # aim another turn
    elif n > w[W_SHOOT_NEED]:  # also overwatch: its one shot this enemy turn, nothing to aim on
        return -1, -1, S.FIRE_ONE
    if aimed:
        return t, k, S.FIRE_ONE
    if w[W_FAN] > 0 and wt[kit[a, k, KW], WC_SFD] > 0:
        return t, k, S.FIRE_BURST
    if _two_loaded(kit, wt, a, k):
        if w[W_BARRELS] == 1:
            return t, k, S.FIRE_BOTH
        if w[W_BARRELS] == 2:
            return t, k, S.FIRE_PAIR
    return t, k, S.FIRE_ONE


@kernel
def _lights_at(w, fm, a):
    """Is the nearest standing enemy within ``W_DYNAMITE`` inches of a?"""
    foe = _nearest_enemy(fm, a, True)
    return w[W_DYNAMITE] > 0 and foe >= 0 and \
        dist_in(fm[a, FX], fm[a, FY], fm[foe, FX], fm[foe, FY]) <= w[W_DYNAMITE]


@kernel
def stay_tangled(kind, w, a, fm, kit, wt, need, s):
    """Does entangled fighter a stay entangled this turn (acting at the modifier) rather than
    try to get free? ``need`` int64[F, K]: his legal shots from where he stands. The random
    floor tosses a coin; the others stay when their easiest gun shot needs at most
    ``W_STAY_TANGLED`` (0: never stay)."""
    if kind == RANDOM:
        return randint(s, 2) == 1
    _, _, n = _best_shot(need, fm, kit, wt, a, False, 0.0)
    return n <= w[W_STAY_TANGLED]


@kernel
def _two_loaded(kit, wt, a, k):
    """Slot k is a double-barrelled gun with both barrels loaded."""
    return (wt[kit[a, k, KW], WC_FLAGS] & S.FL_DOUBLE) != 0 and kit[a, k, KLOADED] >= 2


@kernel
def snap_step(kind, w, step_need, n, s):
    """The step of the mover's path (0 = where he starts) to fire his snap shot from, or -1:
    the step whose easiest shot needs least (the earliest on ties). ``step_need`` int64[n]."""
    best, best_n = -1, NO_SHOT
    n_ok = 0
    for k in range(n):
        if step_need[k] < NO_SHOT:
            n_ok += 1
            if step_need[k] < best_n:
                best, best_n = k, step_need[k]
    if kind == RANDOM:
        if n_ok == 0:
            return -1
        pick = randint(s, n_ok)
        for k in range(n):
            if step_need[k] < NO_SHOT:
                if pick == 0:
                    return k
                pick -= 1
        return -1
    if best_n > w[W_SHOOT_NEED]:
        return -1
    return best
