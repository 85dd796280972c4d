"""The Godfather campaign engine: the turn loop on the city, the gang bosses' decisions, the
umpire's civilians and police, the admin phase, elimination and the Godfather tally, as numba
kernels over the state of ``sim/godfather/state.py`` (one campaign per game; a batch driver
plays many in parallel).

A campaign: sets of turns (``turns.set_ends``) until ``max_sets`` sets or one gang left. Each
turn: every leader rolls action points (``gang.action_points``); cards set the leaders' order
(``turns.deal``); each leader in turn activates its elements (the boss's choices below); the
umpire phase plays civilians and police (``umpire_phase``: after every leader, or first);
then suppressions recover, hostage dice are rolled and subordinate leaders gain XP. At a set's
end the admin phase runs in the text's order (income with businesses and ransoms, pay, bail,
purchases, businesses, experience, recruitment, new leaders), then blocks are claimed, the
wounded and routed come home, elements are placed at their base, gangs are eliminated,
elements are shared among leaders, leaders are promoted or demoted, and the raid dice roll.

**Decisions where the text is silent** (also in docs/rules/godfather.md, "The engine"):

- *Moving.* A move is ``2 * cells(foot_move_cm)`` half-cells of king's steps, an orthogonal
  step costing 2 and a diagonal one 3 (the shared tabletop's measure: no move reaches further
  than the text's 8 cm); each step goes to the free neighbouring cell nearest the goal
  (Chebyshev distance to the goal block's rectangle or to the enemy it closes with; ties:
  outside a building first, then a fixed neighbour order). A
  step across a building's edge (into or out of a light or heavy building) ends the move (8.3).
  A step into a block nobody has entered yet rolls its defenders (11.1) and ends the move.
- *Suppressed elements* (14.3) do not move (they may shoot and fight back); this is stricter
  than "may not move closer to the enemy", and saves a search for a move that is not closer.
- *Actions.* An element acts in passes: every element of the leader takes its first action,
  then its second ..., so the leader's points are spread over its elements. An action is a
  melee with an adjacent enemy (bosses that fight in melee, when the expected totals, a D6
  counted as 3.5, favour the attackers who would join: so elements gather before they storm a
  building), a move towards the leader's
  target block while the element is not in it and may still move, a volley at the best target
  it sees (highest chance to eliminate, then threat, then nearest; a target its weapon cannot
  eliminate, such as a civilian in a building facing a rifle of strike 0, is not shot at), a
  melee with an adjacent enemy worth fighting when there is nothing to shoot (every boss), or,
  inside the
  target block with nothing to shoot, a move towards the nearest enemy there; last, a volley
  at a target it can only suppress (four suppressions eliminate); an element with nothing to do
  stops. Volleys and melees cost the leader ``shoot_cost`` and ``melee_cost`` points (0).
- *Who is an enemy.* Rival gang elements; police anywhere; militia and unarmed civilians of
  a block the gang does not hold (unarmed ones only in the block its leader is going for).
- *Melee* (15): the attacking element and every other element of its leader next to the
  target with an action left (several against one); the target alone defends. Police arrest
  (16.1): a gang element beaten in melee by police is stunned (``taser_nonlethal``) or, saved,
  wounded, and either way jailed.
- *Civilians and police* (umpire) take ``umpire_actions`` actions a turn: militia and the APC
  shoot at the nearest gang element they can hit; police (23.1) go for the gang
  ``police.target_gang`` names in their block, moving once (inside their block) to reach the
  nearest of its elements, fighting it when next to it, else shooting.
- *Businesses* pay the block's current owner; a block that changes hands keeps its business.
  A business's 'police' double puts one police element (typed by the police die) in the block.
- *Purchases* (18.4c) go to the most experienced elements first: a weapon for any element
  without one (the cheapest), then the boss's weapon and armour while its share lasts.
- *Placement.* Recruits, bailed, wounded and routed elements come back at the gang's HQ (or,
  having lost it, its lowest-numbered block), placed by two dice; with no base or no room they
  wait off the map.
- *Elimination* (25): at the admin phase, a gang with no members, or with no element on the
  map and no base (``regenerate_from``), is out; its blocks fall free (businesses stay).
- *The tally* (26): members by grade (not jailed), leaders by rank, blocks, businesses, cash and
  equipment at their cost; the highest total is the Godfather, a tie names nobody.
- *Vehicles* (``sim/godfather/vehicles.py`` has the rules): bosses with the ``drive`` weight
  hot-wire found vehicles next to their elements (one try an element a turn, its first
  action), walk an idle element to one within two foot moves, and put an element whose target
  block is more than two foot moves away into an owned vehicle beside it (its first move of
  the turn). The lowest-numbered occupant drives, one vehicle move per move it buys, by road
  (the shortest king's-step route through open and soft-cover cells); passengers wait; at the
  target block (or when the road is shut) each gets out, a move. Occupants fill no cell, are
  not closed with, and a shot at one hits the vehicle (``_vehicle_volley``: the 14.2 table).
  Nobody fires at a vehicle its weapon cannot damage.
- *Barricades*: a garrison element with nothing to shoot, an enemy within the boss's
  ``barricade`` cells and ``barricade_cost`` points left turns its open cell into
  ``barricade_cover`` (the campaign's own copy of the cover, ``State.cover``); vehicles cannot
  enter it.
- *Leaders on the street* (``leaders_on_street``): each leader rides with its most experienced
  element (chosen at each activation: ``leader_melee_bonus`` in melee); killed, it takes the
  leader with it; a gang with no leader left raises a sergeant at the admin phase.

The smallest scalar helpers called in hot loops (distances, to-hit and elimination chances)
are ``@step``, inlined at numba's IR level: +16% campaigns/s, identical results. Inlining the
helpers that take the State or City tuple as well measured +24% but doubled the test suite's
compile time, so they stay plain kernels; the vehicle cell test takes arrays, not the state,
because a call handed a tuple pays a reference count for each of its dozens of arrays (a road
search measured 20x faster so).
"""

from __future__ import annotations

import enum
from typing import NamedTuple

import numpy as np

from sim.core.borrow import borrow
from sim.core.jit import batch_kernel, kernel, prange, step
from sim.core.rng import STATE_SIZE, randint, roll, seed_state
from sim.core.trace import emit, replay_traced
from sim.core.trace import empty as empty_trace
from sim.godfather import blocks as BL
from sim.godfather import city as CI
from sim.godfather import combat as CO
from sim.godfather import economy as EC
from sim.godfather import fire as FI
from sim.godfather import gang as GA
from sim.godfather import police as PO
from sim.godfather import state as S
from sim.godfather import turns as TU
from sim.godfather import vehicles as VE
from sim.godfather.admin import (
    _new_element,
    collect,
    competency,
    experience,
    grade,
    income,
    members,
    new_leaders,
    pay,
    recruit,
)
from sim.godfather.rules import WEAPONS, GFRules
from strategies import godfather as W

MAX_EVENTS = 20000


class Ev(enum.IntEnum):
    """Trace events: (set, actor gang, kind, a..i) rows; payloads as commented."""

    SET = 1  # a: set number (1-based)
    TURN = 2  # a: turn in the set, b: turn in the campaign
    ACTIVATE = 3  # a: leader row, b: action points, c: target block, d: card order position
    MOVE = 4  # a: element row, b, c: from x, y, d, e: to x, y
    ENTER = 5  # a: block, b: defenders placed, c: prominent citizen among them (0/1)
    SHOT = 6  # a: shooter kind (0 gang, 1 civilian), b: its row, c: target kind (0 gang
    # element, 1 civilian, 2 a gang vehicle: d its vehicle row), d: target row,
    # e: outcome (fire.MISSED .. KILLED, 4 = arrested, 5 = DAMAGED), f: target's gang (-1 civilian),
    # g: civilian kind of the target or shooter, h: the civilian target's block, i: 1 if it
    # was a prominent citizen
    MELEE = 7  # a: attacker kind, b: attacker row, c: fighters, d: target kind, e: target row,
    # f: winning side (0 attacker, 1 defender, -1 tie), g: attackers down, h: target down
    TAKE = 8  # a: block, b: how (0 cleared, 1 surrender, 2 claimed), c: previous owner
    HOSTAGE = 9  # a: block
    RANSOM = 10  # a: cr paid (-1: the hostage went free), b: turns held
    RAID = 11  # a: target gang, b: block, c: police raised, d: police moved
    ADMIN = 12  # a: income, b: business income, c: cash after pay, d: deserted,
    # e: recruits, f: new leaders, g: cash at the end
    BAIL = 13  # a: bailed, b: left in jail
    BUY = 14  # a: weapons, b: armour, c: cr spent
    BUSINESS = 15  # a: block, b: effect of a double (FX_*, -1 opened), c: cr paid
    PROMOTE = 16  # a: leader row, b: new rank
    OUT = 17  # a: set, b: reason (0 no members, 1 no base, 2 could not pay its members)
    SUMMARY = 18  # a..d: members by grade, e: leaders, f: cash, g: blocks, h: businesses,
    # i: jailed
    POLICE = 19  # a: police elements in play, b: APC in play (0/1)
    END = 20  # a: winner (-1 none), b: end reason, c: winner's margin
    TALLY = 21  # a: tally, b: members, c: blocks, d: cash
    ARREST = 22  # a: element row
    ROUT = 23  # a: element row
    BOARD = 24  # a: element row, b: vehicle row, c: 0 got in, 1 got out, d, e: its cell after
    HOTWIRE = 25  # a: element row, b: vehicle row, c: 1 hot-wired (0 the die missed),
    # d: the vehicle's previous owner (-1 unattended)
    DRIVE = 26  # a: vehicle row, b, c: from x, y, d, e: to x, y, f: the driver's element row
    DAMAGE = 27  # a: vehicle row, b: effect (vehicles.STALLED .. EXPLODES), c: occupants
    # killed, d: occupants wounded (saved), e: the vehicle's owner
    BARRICADE = 28  # a: element row, b, c: the cell barricaded
    LEADER_DOWN = 29  # a: leader row, b: the element row it rode in (leaders_on_street)


END_NAMES = ("tally", "last_standing", "all_out")  # the set limit: the tally names the
# Godfather; one gang left; every gang out at once (nobody)
END_TALLY, END_LAST_STANDING, END_ALL_OUT = range(3)


# per-seat records (p_out[game, seat, P_*])
(P_ORDER, P_MEMBERS, P_MAX_MEMBERS, P_BLOCKS, P_CASH, P_BUSINESSES, P_LEADERS, P_TALLY,
 P_OUT_SET, P_KILLS, P_CIV_KILLS, P_LOSSES, P_WOUNDED, P_ARRESTED, P_ROUTED, P_DESERTED,
 P_RECRUITED, P_NEW_LEADERS, P_PROMOTIONS, P_HOSTAGES, P_RANSOM_CR, P_BUSINESS_CR,
 P_BUSINESSES_OPENED, P_BLOCKS_TAKEN, P_RAIDED, P_BAILED, P_ARMS_CR, P_TALLY_MID, P_MEMBERS_2,
 P_SHOTS, P_MELEES, P_MEMBERS_SUM, P_HOTWIRED, P_DRIVES, P_VEHICLES_LOST,
 P_BARRICADES, P_LEADERS_LOST) = range(37)
N_PC = 37
# per-game records (g_out[game, G_*])
(G_WINNER, G_END, G_FIRST, G_SETS, G_TURNS, G_RAIDS, G_POLICE_MAX, G_PROMINENT_KILLED,
 G_HOSTAGES, G_SURRENDERS, G_ENTERED, G_CIV_KILLED, G_ARRESTS, G_APC_SEEN, G_MARGIN,
 G_LEADER_2, G_ERROR, G_ERROR_SET, G_EVENTS) = range(19)
N_GC = 19  # G_EVENTS: trace events counted (a replay's trace size)
# audit failures (G_ERROR): the first broken invariant found at a set's end
(BAD_NONE, BAD_COUNT, BAD_CAPACITY, BAD_AT_BLOCK, BAD_OWNER, BAD_CASH, BAD_LEADER,
 BAD_STATUS, BAD_ABOARD) = range(9)
BAD_NAMES = ("none", "cell count differs from what stands there", "cell over capacity",
             "element's block differs from its cell's", "block held by a gang that is out",
             "negative cash", "active element commanded by no live leader of its gang",
             "element off the map in play or on the map out of play",
             "element aboard a vehicle it may not ride (gone, wrecked, a rival's, elsewhere, "
             "or over capacity)")

N_WEAPONS = len(WEAPONS)
MAX_FIGHTERS = 16  # melee scratch: the target and up to 15 attackers
ARRESTED = 4  # a SHOT/MELEE outcome beyond fire's: jailed
DAMAGED = 5  # a SHOT at a vehicle that got through and put nobody aboard out


class City(NamedTuple):
    terrain: np.ndarray
    building: np.ndarray
    cover: np.ndarray
    block: np.ndarray
    origin: np.ndarray
    vp: np.ndarray  # the vehicle kernels' rule vector (vehicles.vehicle_params)


class State(NamedTuple):
    el: np.ndarray
    ld: np.ndarray
    gg: np.ndarray
    bk: np.ndarray
    cv: np.ndarray
    vh: np.ndarray
    count: np.ndarray
    at: np.ndarray  # block of each element row, -1 street / off the map
    rs: np.ndarray  # raid state
    order: np.ndarray  # leader rows in acting order (scratch)
    keys: np.ndarray  # card keys (scratch)
    fs: np.ndarray  # melee scratch: side, shift, building dice, kill on, suppressions
    fk: np.ndarray  # melee scratch: killed (bool)
    rows: np.ndarray  # melee scratch: fighter rows
    bc: np.ndarray  # int64[blocks, players + 1]: elements of each gang (and police) per block
    clock: np.ndarray  # [set, turn in set, campaign turn, events counted]
    p_out: np.ndarray  # int64[P, N_PC]
    g_out: np.ndarray  # int64[N_GC]
    trace: np.ndarray
    aboard: np.ndarray  # int64[rows of el]: the vehicle row an element rides in, -1 on foot
    stalled: np.ndarray  # int64[rows of vh]: last campaign turn a vehicle is out of action
    cover: np.ndarray  # int64[H, W]: the city's cover with this campaign's barricades


# ---------------------------------------------------------------- small helpers


@kernel
def _ev(st, gang, kind, a=0, b=0, c=0, d=0, e=0, f=0, g=0, h=0, i=0):
    st.clock[3] = emit(st.trace, st.clock[3], st.clock[0], gang, kind, a, b, c, d, e, f, g, h, i)


@step
def _cheb(x0, y0, x1, y1):
    return max(abs(x1 - x0), abs(y1 - y0))


@step
def _rect_dist(x, y, rx0, ry0, rx1, ry1):
    dx = rx0 - x if x < rx0 else (x - rx1 if x > rx1 else 0)
    dy = ry0 - y if y < ry0 else (y - ry1 if y > ry1 else 0)
    return max(dx, dy)


@step
def _in_building(cover, x, y):
    return cover[y, x] >= CI.LIGHT


@step
def _gang_of(rp, i):
    return i // rp[S.R_MAX_ELEMENTS]


@kernel
def _on_map(el, i):
    return el[i, S.E_STATUS] == S.ACTIVE and el[i, S.E_X] >= 0


@kernel
def _base(rp, st, g):
    """The block gang g's elements come back to: its HQ while it holds it, else its
    lowest-numbered block; -1 for none."""
    hq = st.gg[g, S.G_HQ]
    if hq >= 0 and st.bk[hq, S.B_OWNER] == g:
        return hq
    for b in range(st.bk.shape[0]):
        if st.bk[b, S.B_OWNER] == g:
            return b
    return -1


@kernel
def _has_base(rp, st, g):
    hq = st.gg[g, S.G_HQ]
    if not rp[S.R_REGEN_ANY]:
        return hq >= 0 and st.bk[hq, S.B_OWNER] == g
    return _base(rp, st, g) >= 0


@kernel
def _off_map(st, i):
    """Element row i leaves the map (its cell is freed)."""
    el = st.el
    if st.aboard[i] >= 0:  # inside a vehicle: the vehicle fills the cell, not the element
        st.aboard[i] = -1
    elif el[i, S.E_X] >= 0:
        st.count[el[i, S.E_Y], el[i, S.E_X]] -= 1
    el[i, S.E_X] = -1
    el[i, S.E_Y] = -1
    st.at[i] = -1


@kernel
def _free_element(st, i):
    _off_map(st, i)
    st.el[i, :] = 0
    st.el[i, S.E_STATUS] = S.FREE


@kernel
def _block_counts(rp, st, cty):
    """st.bc[b, g]: active gang g elements in block b; st.bc[b, P]: police there."""
    P = st.gg.shape[0]
    st.bc[:, :] = 0
    for i in range(st.el.shape[0]):
        if _on_map(st.el, i) and st.at[i] >= 0:
            st.bc[st.at[i], _gang_of(rp, i)] += 1
    for k in range(st.cv.shape[0]):
        kind = st.cv[k, S.C_KIND]
        if kind == S.POLICE or kind == S.APC:
            st.bc[st.cv[k, S.C_BLOCK], P] += 1


@kernel
def _medic_on(rp, st, t):
    """The best medic re-roll (7 - level... as ``medic_save_on``) a gang element t can get:
    an active medic of its gang in its block (or anywhere, ``medic_reach`` 'gang'), not
    itself; 0 for none."""
    m = rp[S.R_MAX_ELEMENTS]
    g = t // m
    best = 0
    for i in range(g * m, (g + 1) * m):
        if i == t or st.el[i, S.E_SPECIAL] != S.MEDIC or not _on_map(st.el, i):
            continue
        if not rp[S.R_MEDIC_REACH_GANG] and (st.at[i] < 0 or st.at[i] != st.at[t]):
            continue
        need = rp[S.R_MEDIC_SAVE + rp[S.R_MEDIC_LEVEL + grade(rp, st.el[i, S.E_XP])]]
        if best == 0 or need < best:
            best = need
    return best


@kernel
def _take(rp, st, b, g, how):
    """Block b becomes gang g's (TAKE event); counts for the taker."""
    prev = st.bk[b, S.B_OWNER]
    if prev == g:
        return
    st.bk[b, S.B_OWNER] = g
    st.p_out[g, P_BLOCKS_TAKEN] += 1
    _ev(st, g, Ev.TAKE, b, how, prev)


@kernel
def _defender_fell(rp, st, b, g):
    """A civilian of block b fell to gang g: remember it for the surrender check; when none
    is left and nobody holds the block, g takes it."""
    if b < 0:
        return
    st.bk[b, S.B_FELL] = 1
    st.bk[b, S.B_ATTACKER] = g
    if st.bk[b, S.B_OWNER] < 0 and BL.defenders_left(st.cv, b) == 0:
        _take(rp, st, b, g, 0)


# ---------------------------------------------------------------- who is an enemy


@kernel
def _civ_enemy(st, g, k, tb):
    """Is civilian row k an enemy of gang g (whose leader goes for block tb)?"""
    kind = st.cv[k, S.C_KIND]
    if kind == S.NO_CIV:
        return False
    if kind == S.POLICE or kind == S.APC:
        return True
    b = st.cv[k, S.C_BLOCK]
    if st.bk[b, S.B_OWNER] == g:
        return False
    return kind == S.MILITIA or b == tb


@step
def _p_elim(rp, grade_, supp, weapon, defence, vehicle):
    """Chance one shot of ``weapon`` eliminates (or gets through to a vehicle)."""
    need = rp[S.R_TO_HIT + grade_] + (rp[S.R_SUPP_HIT_PEN] if supp else 0)
    p_hit = min(max(7 - need, 0), 6) / 6.0
    at = S.R_WEAPONS + S.N_WEAPON_COLS * weapon
    strike = rp[at + 1] if vehicle else rp[at]
    p_through = min(max(6 - (defence - strike), 0), 6) / 6.0
    return p_hit * p_through


@kernel
def _civ_defence(rp, pp, st, cty, k):
    if st.cv[k, S.C_KIND] == S.APC:
        return pp[PO.P_APC_DEFENCE + PO.SIDE]
    x, y = st.cv[k, S.C_X], st.cv[k, S.C_Y]
    d = FI.foot_defence(rp, st.cover[y, x], st.cv[k, S.C_ARMOUR])
    if st.cv[k, S.C_SWAT]:
        d = max(d, rp[S.R_SWAT_DEF + 1])
    return d


@step
def _p_hit(rp, grade_, supp):
    need = rp[S.R_TO_HIT + grade_] + (rp[S.R_SUPP_HIT_PEN] if supp else 0)
    return min(max(7 - need, 0), 6) / 6.0


@step
def _value(rp, grade_, supp, weapon, defence, vehicle, supp_ok):
    """What a shot at a target is worth to a boss: its chance to eliminate; a target the
    weapon cannot eliminate counts, when ``supp_ok``, a quarter of its chance to be hit (four
    suppressions eliminate), else -1 (not a target)."""
    pe = _p_elim(rp, grade_, supp, weapon, defence, vehicle)
    if pe > 0.0:
        return pe
    if supp_ok and not vehicle:
        ph = _p_hit(rp, grade_, supp)
        if ph > 0.0:
            return 0.25 * ph * 1e-3  # below any target it can eliminate
    return -1.0


@kernel
def _best_target(rp, pp, st, cty, i, tb, no_prominent, supp_ok):
    """The target element row i shoots at: (kind 0 gang / 1 civilian, row), (-1, -1) for none.
    Highest chance to eliminate, then police/militia/rivals before unarmed, then nearest; a
    target it can only suppress only with ``supp_ok`` (and after every other)."""
    el = st.el
    w = el[i, S.E_WEAPON]
    if w < 0:
        return -1, -1
    g = _gang_of(rp, i)
    x0, y0 = el[i, S.E_X], el[i, S.E_Y]
    gr = grade(rp, el[i, S.E_XP])
    supp = el[i, S.E_SUPP] > 0
    best_kind, best_row, best = -1, -1, -1.0
    for t in range(el.shape[0]):
        if not _on_map(el, t) or _gang_of(rp, t) == g or st.gg[_gang_of(rp, t), S.G_OUT]:
            continue
        x1, y1 = el[t, S.E_X], el[t, S.E_Y]
        if st.aboard[t] >= 0:  # a shot at a vehicle's passenger hits the vehicle
            d = _vehicle_defence(st, cty, st.aboard[t])
            v = _value(rp, gr, supp, w, d, True, supp_ok)
        else:
            d = FI.foot_defence(rp, st.cover[y1, x1], el[t, S.E_ARMOUR])
            v = _value(rp, gr, supp, w, d, False, supp_ok)
        if v < 0.0:
            continue
        score = v + (0.5 if v >= 1e-3 else 0.0) - 1e-6 * _cheb(x0, y0, x1, y1)
        if score > best and FI.can_fire(rp, cty.terrain, cty.building, w, x0, y0, x1, y1):
            best_kind, best_row, best = 0, t, score
    for k in range(st.cv.shape[0]):
        if not _civ_enemy(st, g, k, tb):
            continue
        if no_prominent and st.cv[k, S.C_PROMINENT]:
            continue
        x1, y1 = st.cv[k, S.C_X], st.cv[k, S.C_Y]
        apc = st.cv[k, S.C_KIND] == S.APC
        v = _value(rp, gr, supp, w, _civ_defence(rp, pp, st, cty, k), apc, supp_ok)
        if v < 0.0:
            continue
        threat = 0.0 if st.cv[k, S.C_KIND] == S.UNARMED or v < 1e-3 else 0.5
        score = v + threat - 1e-6 * _cheb(x0, y0, x1, y1)
        if score > best and FI.can_fire(rp, cty.terrain, cty.building, w, x0, y0, x1, y1):
            best_kind, best_row, best = 1, k, score
    return best_kind, best_row


@kernel
def _nearest_enemy(rp, st, i, tb, only_block):
    """The nearest enemy of element row i: (kind, row, distance); with ``only_block`` >= 0
    only enemies standing in that block. (-1, -1, big) for none."""
    el = st.el
    g = _gang_of(rp, i)
    x0, y0 = el[i, S.E_X], el[i, S.E_Y]
    bk_, br, bd = -1, -1, 1 << 30
    for t in range(el.shape[0]):  # an element in a vehicle cannot be closed with
        if not _on_map(el, t) or _gang_of(rp, t) == g or st.aboard[t] >= 0:
            continue
        if only_block >= 0 and st.at[t] != only_block:
            continue
        d = _cheb(x0, y0, el[t, S.E_X], el[t, S.E_Y])
        if d < bd:
            bk_, br, bd = 0, t, d
    for k in range(st.cv.shape[0]):
        if not _civ_enemy(st, g, k, tb) or st.cv[k, S.C_KIND] == S.APC:
            continue
        if only_block >= 0 and st.cv[k, S.C_BLOCK] != only_block:
            continue
        d = _cheb(x0, y0, st.cv[k, S.C_X], st.cv[k, S.C_Y])
        if d < bd:
            bk_, br, bd = 1, k, d
    return bk_, br, bd


# ---------------------------------------------------------------- moving


@kernel
def _enter(rp, pp, s, st, cty, b, g):
    """Gang g's element steps into block b: a first entry rolls its defenders."""
    if st.bk[b, S.B_ENTERED]:
        return False
    placed = BL.enter_block(rp, s, st.bk, st.cv, st.vh, cty.origin, st.cover, st.count, b)
    PO.apc_check(rp, pp, st.cv, st.count, cty.origin, st.cover, -1)
    prominent = 0
    for k in range(st.cv.shape[0]):
        if st.cv[k, S.C_KIND] != S.NO_CIV and st.cv[k, S.C_BLOCK] == b and st.cv[k, S.C_PROMINENT]:
            prominent = 1
    st.g_out[G_ENTERED] += 1
    _ev(st, g, Ev.ENTER, b, placed, prominent)
    if BL.defenders_left(st.cv, b) == 0 and st.bk[b, S.B_OWNER] < 0:
        _take(rp, st, b, g, 0)
    return True


@kernel
def _step_cell(rp, st, cty, x, y, rx0, ry0, rx1, ry1, block_only, left):
    """The free neighbour of (x, y) nearest the rectangle (strictly nearer than (x, y)) that
    the move's ``left`` half-cells pay for (an orthogonal step costs 2, a diagonal one 3), or
    (-1, -1). With ``block_only`` >= 0 only cells of that block."""
    h, w = st.cover.shape
    here = _rect_dist(x, y, rx0, ry0, rx1, ry1)
    bx, by, bd, bb = -1, -1, here, True
    cap = rp[S.R_CELL_CAP]
    for dy in range(-1, 2):
        for dx in range(-1, 2):
            if (dx == 0 and dy == 0) or (2 if dx == 0 or dy == 0 else 3) > left:
                continue
            xx, yy = x + dx, y + dy
            if xx < 0 or yy < 0 or xx >= w or yy >= h or st.count[yy, xx] >= cap:
                continue
            if block_only >= 0 and cty.block[yy, xx] != block_only:
                continue
            d = _rect_dist(xx, yy, rx0, ry0, rx1, ry1)
            inb = _in_building(st.cover, xx, yy)
            if d < bd or (d == bd and d < here and bb and not inb):
                bx, by, bd, bb = xx, yy, d, inb
    return bx, by


@kernel
def _move(rp, pp, s, st, cty, i, rx0, ry0, rx1, ry1, stop_at):
    """One move of element row i towards the rectangle: up to ``foot_move`` steps, stopping
    at ``stop_at`` from it, on a building's edge, or on entering a new block. Returns the
    steps taken."""
    el = st.el
    g = _gang_of(rp, i)
    x0, y0 = el[i, S.E_X], el[i, S.E_Y]
    steps = 0
    left = 2 * rp[S.R_FOOT_CELLS]  # half-cells: a diagonal step costs 3, so no move goes
    while left >= 2:  # further than the text's distance
        x, y = el[i, S.E_X], el[i, S.E_Y]
        if _rect_dist(x, y, rx0, ry0, rx1, ry1) <= stop_at:
            break
        nx, ny = _step_cell(rp, st, cty, x, y, rx0, ry0, rx1, ry1, -1, left)
        if nx < 0:
            break
        left -= 2 if (nx == x or ny == y) else 3
        st.count[y, x] -= 1
        st.count[ny, nx] += 1
        el[i, S.E_X], el[i, S.E_Y] = nx, ny
        b = cty.block[ny, nx]
        st.at[i] = b
        steps += 1
        if b >= 0 and _enter(rp, pp, s, st, cty, b, g):
            break
        if _in_building(st.cover, x, y) != _in_building(st.cover, nx, ny):
            break
    if steps:
        _ev(st, g, Ev.MOVE, i, x0, y0, el[i, S.E_X], el[i, S.E_Y])
    return steps


# ---------------------------------------------------------------- shooting


@kernel
def _volley_at_element(rp, s, st, cty, grade_, supp, weapon, t):
    """A volley at gang element row t (``fire.shoot_element``, with its medic) and the
    bookkeeping after it: a saved element stays on the map with ``wounded_return`` 'stay',
    else a killed or wounded one leaves it. Returns the outcome."""
    el = st.el
    g = _gang_of(rp, t)
    x, y = el[t, S.E_X], el[t, S.E_Y]
    rider = _rides(rp, st, t)
    out = FI.shoot_element(rp, s, el, st.cover, st.count, grade_, supp, weapon, t,
                           _medic_on(rp, st, t))
    if out == FI.KILLED:
        _leader_falls(rp, st, rider, t)
    if out == FI.WOUNDED_OUT and rp[S.R_WOUNDED_STAY]:
        el[t, S.E_STATUS] = S.ACTIVE
        el[t, S.E_X], el[t, S.E_Y] = x, y
        st.count[y, x] += 1
    elif out == FI.KILLED:
        st.p_out[g, P_LOSSES] += 1
        st.at[t] = -1
    elif out == FI.WOUNDED_OUT:
        st.p_out[g, P_WOUNDED] += 1
        st.at[t] = -1
    return out


@kernel
def _shoot(rp, pp, s, st, cty, i, kind, t, tb):
    """Gang element row i fires a volley at (kind, t)."""
    el = st.el
    g = _gang_of(rp, i)
    gr = grade(rp, el[i, S.E_XP])
    supp = el[i, S.E_SUPP] > 0
    w = el[i, S.E_WEAPON]
    st.p_out[g, P_SHOTS] += 1
    if kind == 0 and st.aboard[t] >= 0:  # the passenger's vehicle takes the volley
        v = st.aboard[t]
        owner = st.vh[v, S.V_OWNER]
        out, down = _vehicle_volley(rp, pp, s, st, cty, gr, supp, w, v, g)
        if down:
            st.p_out[g, P_KILLS] += down
            el[i, S.E_XP] += rp[S.R_XP_PER_KILL] * down
        _ev(st, g, Ev.SHOT, 0, i, 2, v, out, owner, 0)
        return
    if kind == 0:
        out = _volley_at_element(rp, s, st, cty, gr, supp, w, t)
        if out == FI.KILLED or out == FI.WOUNDED_OUT:
            st.p_out[g, P_KILLS] += 1
            el[i, S.E_XP] += rp[S.R_XP_PER_KILL]
        _ev(st, g, Ev.SHOT, 0, i, 0, t, out, _gang_of(rp, t), 0)
        return
    ckind = st.cv[t, S.C_KIND]
    b = st.cv[t, S.C_BLOCK]
    prominent = st.cv[t, S.C_PROMINENT]
    if ckind == S.APC:
        through, _ = CO.volley(s, rp[S.R_TO_HIT + gr] + (rp[S.R_SUPP_HIT_PEN] if supp else 0),
                               rp[S.R_WEAPONS + S.N_WEAPON_COLS * w + 2],
                               rp[S.R_WEAPONS + S.N_WEAPON_COLS * w + 1],
                               _civ_defence(rp, pp, st, cty, t), False)
        out = FI.MISSED
        for _ in range(through):  # 14.2, a damage die per shot through
            fx = rp[S.R_VEHICLE_DAMAGE + roll(s, 6) - 1]
            if fx == 2:  # weapon disabled
                st.cv[t, S.C_WEAPON] = -1
                out = FI.SUPPRESSED
            elif fx >= 3:  # wrecked or exploded: the APC leaves play
                st.count[st.cv[t, S.C_Y], st.cv[t, S.C_X]] -= 1
                st.cv[t, :] = 0
                out = FI.KILLED
                break
            # stalled or immobile: the APC never moves, so neither changes what it does
    else:
        front = _swat_front(rp, st, t, el[i, S.E_X], el[i, S.E_Y])
        out = FI.shoot_civilian(rp, s, st.cv, st.cover, st.count, gr, supp, w, t, front)
    if out == FI.KILLED:
        el[i, S.E_XP] += rp[S.R_XP_PER_KILL]
        _civilian_killed(pp, st, g, ckind, prominent)
        _defender_fell(rp, st, b, g)
    _ev(st, g, Ev.SHOT, 0, i, 1, t, out, -1, ckind, b, prominent)


@kernel
def _civilian_killed(pp, st, g, ckind, prominent):
    """Records of a civilian (or police element) gang g killed; a prominent citizen's death
    may start the raid dice (24)."""
    if ckind == S.UNARMED:
        st.p_out[g, P_CIV_KILLS] += 1
        st.g_out[G_CIV_KILLED] += 1
    else:
        st.p_out[g, P_KILLS] += 1
    if prominent:
        st.g_out[G_PROMINENT_KILLED] += 1
        PO.prominent_killed(pp, st.rs, g)


@kernel
def _swat_front(rp, st, k, sx, sy):
    """Is a shooter at (sx, sy) in SWAT row k's front (within 45 degrees of the direction to
    the nearest gang element, the way it faces)?"""
    if not st.cv[k, S.C_SWAT]:
        return False
    x, y = st.cv[k, S.C_X], st.cv[k, S.C_Y]
    best, fx, fy = 1 << 30, 0, 0
    for t in range(st.el.shape[0]):
        if _on_map(st.el, t):
            d = _cheb(x, y, st.el[t, S.E_X], st.el[t, S.E_Y])
            if d < best:
                best, fx, fy = d, st.el[t, S.E_X] - x, st.el[t, S.E_Y] - y
    vx, vy = sx - x, sy - y
    dot = fx * vx + fy * vy
    if dot <= 0:
        return False
    return 2.0 * dot * dot >= (fx * fx + fy * fy) * (vx * vx + vy * vy)  # cos >= 1/sqrt(2)


@kernel
def _civ_shoot(rp, pp, s, st, cty, k, t):
    """Civilian row k (militia, police, the APC) fires at gang element row t (at its vehicle
    when it rides in one)."""
    if st.aboard[t] >= 0:
        v = st.aboard[t]
        owner = st.vh[v, S.V_OWNER]
        out, _ = _vehicle_volley(rp, pp, s, st, cty, st.cv[k, S.C_GRADE],
                                 st.cv[k, S.C_SUPP] > 0, st.cv[k, S.C_WEAPON], v, -1)
        _ev(st, -1, Ev.SHOT, 1, k, 2, v, out, owner, st.cv[k, S.C_KIND])
        return
    out = _volley_at_element(rp, s, st, cty, st.cv[k, S.C_GRADE], st.cv[k, S.C_SUPP] > 0,
                             st.cv[k, S.C_WEAPON], t)
    _ev(st, -1, Ev.SHOT, 1, k, 0, t, out, _gang_of(rp, t), st.cv[k, S.C_KIND])


# ---------------------------------------------------------------- vehicles in play


@kernel
def _vehicle_defence(st, cty, v):
    """14.1: defence of gang vehicle row v where it stands (open or soft cover)."""
    x, y = st.vh[v, S.V_X], st.vh[v, S.V_Y]
    return VE.vehicle_defence(cty.vp, st.vh[v, S.V_TYPE], min(st.cover[y, x], 1), 0)


@kernel
def _vehicle_volley(rp, pp, s, st, cty, grade_, supp, weapon, v, shooter):
    """A volley at gang vehicle row v (at a passenger: 14.1, the vehicle takes it): each shot
    through rolls the 14.2 damage table (``vehicles.hit``); occupants eliminated by a wreck
    (face 5, or a face-4 escape suppression that reaches the limit) may save (16.1, with a
    medic's re-roll) and are wounded, else killed; an explosion kills them with no save.
    Returns (outcome, occupants eliminated): MISSED (nothing through), DAMAGED (nobody
    lost), WOUNDED_OUT (occupants lost, all saved) or KILLED (someone aboard killed).
    ``shooter``: the firing gang (-1 the umpire)."""
    el = st.el
    vp = cty.vp
    at = S.R_WEAPONS + S.N_WEAPON_COLS * weapon
    need = rp[S.R_TO_HIT + grade_] + (rp[S.R_SUPP_HIT_PEN] if supp else 0)
    through, _ = CO.volley(s, need, rp[at + 2], rp[at + 1], _vehicle_defence(st, cty, v),
                           False)
    if through == 0:
        return FI.MISSED, 0
    owner = st.vh[v, S.V_OWNER]
    occ = np.empty(vp[VE.VP_MAX_CAPACITY] + 1, np.int64)
    n_occ = 0
    for r in range(el.shape[0]):
        if st.aboard[r] == v and n_occ < occ.shape[0]:
            occ[n_occ] = r
            n_occ += 1
    hit_rows = np.empty(vp[VE.VP_MAX_CAPACITY] + 1, np.int64)
    down = 0
    dead = 0
    for _ in range(through):
        fx, n = VE.hit(el, st.vh, st.aboard, st.count, vp, st.stalled, s, v, st.clock[2],
                       hit_rows)
        if fx == VE.NO_TARGET:
            break
        killed, wounded = 0, 0
        for q in range(min(n, hit_rows.shape[0])):
            r = hit_rows[q]
            if fx == VE.EXPLODES:  # freed by the table, no save
                _leader_falls(rp, st, _rides(rp, st, r), r)
                el[r, :] = 0
                el[r, S.E_STATUS] = S.FREE
                el[r, S.E_X] = -1
                el[r, S.E_Y] = -1
                st.at[r] = -1
                killed += 1
            elif CO.saved(s, rp[S.R_SAVE_ON], _medic_on(rp, st, r)):
                el[r, S.E_WEAPON] = -1
                el[r, S.E_SUPP] = 0
                if not rp[S.R_WOUNDED_STAY]:
                    _off_map(st, r)
                    el[r, S.E_STATUS] = S.WOUNDED
                    st.p_out[owner, P_WOUNDED] += 1
                wounded += 1
            else:
                _leader_falls(rp, st, _rides(rp, st, r), r)
                _free_element(st, r)
                killed += 1
        if owner >= 0:
            st.p_out[owner, P_LOSSES] += killed
            if fx >= VE.WRECKED_SUPPRESS:
                st.p_out[owner, P_VEHICLES_LOST] += 1
        down += killed + wounded
        dead += killed
        _ev(st, shooter, Ev.DAMAGE, v, fx, killed, wounded, owner)
    for q in range(n_occ):  # those who got out of a wreck stand where they escaped to (a
        r = occ[q]  # block nobody had entered rolls its defenders, as a step into it would)
        if st.aboard[r] < 0 and _on_map(el, r):
            b = cty.block[el[r, S.E_Y], el[r, S.E_X]]
            st.at[r] = b
            if b >= 0 and owner >= 0:
                _enter(rp, pp, s, st, cty, b, owner)
    if dead:
        return FI.KILLED, down
    return (FI.WOUNDED_OUT if down else DAMAGED), down


@kernel
def _driver(st, v):
    """The driver of vehicle row v: its lowest-row occupant (-1 when empty)."""
    for r in range(st.aboard.shape[0]):
        if st.aboard[r] == v:
            return r
    return -1


@kernel
def _wants(s, kind, weight):
    """A boss's yes/no: the weight (>= 0.5) or, for the random boss, a coin."""
    if kind == W.RANDOM:
        return randint(s, 2) == 1
    return weight >= 0.5


@kernel
def _found_vehicle(rp, st, cty, i, radius):
    """The nearest vehicle element row i's gang could hot-wire (17.3: nobody aboard, not a
    wreck, not its own) within ``radius`` cells: its row, -1 for none."""
    g = _gang_of(rp, i)
    x, y = st.el[i, S.E_X], st.el[i, S.E_Y]
    best, bv = radius + 1, -1
    for v in range(st.vh.shape[0]):  # an immobile vehicle is worth nothing to steal
        if st.vh[v, S.V_TYPE] < 0 or st.vh[v, S.V_DAMAGE] & (VE.DMG_WRECKED | VE.DMG_IMMOBILE):
            continue
        if st.vh[v, S.V_OWNER] == g or st.vh[v, S.V_TYPE] == VE.APC:
            continue
        d = _cheb(x, y, st.vh[v, S.V_X], st.vh[v, S.V_Y])
        if d < best and VE.occupants(st.aboard, v) == 0:
            best, bv = d, v
    return bv


@kernel
def _ride_for(rp, st, cty, i, j):
    """A vehicle of element row i's gang it can get into now: within reach, able to move
    this turn, with room, empty or carrying only elements of leader j. -1 for none."""
    g = _gang_of(rp, i)
    vp = cty.vp
    x, y = st.el[i, S.E_X], st.el[i, S.E_Y]
    for v in range(st.vh.shape[0]):
        if st.vh[v, S.V_TYPE] < 0 or st.vh[v, S.V_OWNER] != g:
            continue
        if st.vh[v, S.V_DAMAGE] & (VE.DMG_WRECKED | VE.DMG_IMMOBILE):
            continue
        if VE.is_stalled(st.stalled, v, st.clock[2]):
            continue
        if _cheb(x, y, st.vh[v, S.V_X], st.vh[v, S.V_Y]) > vp[VE.VP_REACH]:
            continue
        n = VE.occupants(st.aboard, v)
        if n >= VE.capacity(vp, st.vh[v, S.V_TYPE]):
            continue
        d = _driver(st, v)
        if d >= 0 and st.el[d, S.E_LEADER] != j:
            continue
        return v
    return -1


@kernel
def _car_cell(cover, city_cover, count, cap, x, y):
    """May a vehicle stand in (x, y)? Not a building, not a barricade (``cover`` differs from
    the city's), room in the cell (arrays, not the state: a call passing the state's tuple
    pays a reference count for each of its arrays)."""
    c = cover[y, x]
    return c < CI.LIGHT and c == city_cover[y, x] and count[y, x] < cap


@kernel
def _road_field(st, cty, rx0, ry0, rx1, ry1, dist, queue):
    """Breadth-first king's-move distances (in steps) for a vehicle to the rectangle or the
    ring of cells around it (a block full of buildings, elements or barricades is still
    reached at its edge), through cells a vehicle may stand in (``_car_cell``); unreached
    cells keep their large value."""
    h, w = st.count.shape
    cover, city_cover, count = st.cover, cty.cover, st.count
    cap = cty.vp[VE.VP_CELL_CAP]
    n = 0
    for y in range(max(ry0 - 1, 0), min(ry1 + 2, h)):
        for x in range(max(rx0 - 1, 0), min(rx1 + 2, w)):
            if _car_cell(cover, city_cover, count, cap, x, y):
                dist[y, x] = 0
                queue[n] = y * w + x
                n += 1
    q = 0
    while q < n:
        y, x = queue[q] // w, queue[q] % w
        q += 1
        for dy in range(-1, 2):
            for dx in range(-1, 2):
                yy, xx = y + dy, x + dx
                if yy < 0 or xx < 0 or yy >= h or xx >= w or dist[yy, xx] <= dist[y, x] + 1:
                    continue
                if not _car_cell(cover, city_cover, count, cap, xx, yy):
                    continue
                dist[yy, xx] = dist[y, x] + 1
                queue[n] = yy * w + xx
                n += 1


@kernel
def _road_to(st, cty, v, rx0, ry0, rx1, ry1):
    """Can vehicle row v drive to the rectangle (a road from one of its neighbouring cells)?"""
    h, w = st.count.shape
    dist = np.full((h, w), 1 << 30, np.int64)
    _road_field(st, cty, rx0, ry0, rx1, ry1, dist, np.empty(h * w, np.int64))
    x, y = st.vh[v, S.V_X], st.vh[v, S.V_Y]
    for dy in range(-1, 2):
        for dx in range(-1, 2):
            xx, yy = x + dx, y + dy
            if (dx or dy) and 0 <= xx < w and 0 <= yy < h and dist[yy, xx] < (1 << 30):
                return True
    return False


@kernel
def _drive(rp, pp, s, st, cty, i, v, rx0, ry0, rx1, ry1):
    """One vehicle move (8.3) of vehicle row v, driven by element row i, towards the
    rectangle: up to ``vehicle_move_cm`` in half-cells (orthogonal step 2, diagonal 3), each
    step to the neighbour nearest the goal by road (``_road_field``), stopping at the
    rectangle (in it or beside it) or on entering a block nobody has entered yet (which rolls
    its defenders).
    Returns the steps taken."""
    vh = st.vh
    h, w = st.count.shape
    dist = np.full((h, w), 1 << 30, np.int64)
    queue = np.empty(h * w, np.int64)
    _road_field(st, cty, rx0, ry0, rx1, ry1, dist, queue)
    g = _gang_of(rp, i)
    x0, y0 = vh[v, S.V_X], vh[v, S.V_Y]
    left = 2 * cty.vp[VE.VP_MOVE_CELLS]
    cur = 1 << 30
    steps = 0
    while left >= 2:
        x, y = vh[v, S.V_X], vh[v, S.V_Y]
        if _rect_dist(x, y, rx0, ry0, rx1, ry1) <= 1:
            break
        bx, by, best = -1, -1, cur
        for dy in range(-1, 2):
            for dx in range(-1, 2):
                xx, yy = x + dx, y + dy
                if (dx == 0 and dy == 0) or (2 if dx == 0 or dy == 0 else 3) > left:
                    continue
                if xx < 0 or yy < 0 or xx >= w or yy >= h or dist[yy, xx] >= best:
                    continue
                bx, by, best = xx, yy, dist[yy, xx]
        if bx < 0:
            break
        if VE.drive(st.el, vh, st.aboard, st.count, st.cover, cty.block, cty.vp, st.stalled,
                    v, bx, by, st.clock[2]) != VE.OK:
            break
        left -= 2 if (bx == x or by == y) else 3
        cur = best
        steps += 1
        b = cty.block[by, bx]
        for r in range(st.aboard.shape[0]):
            if st.aboard[r] == v:
                st.at[r] = b
        if b >= 0 and _enter(rp, pp, s, st, cty, b, g):
            break
    if steps:
        st.p_out[g, P_DRIVES] += 1
        _ev(st, g, Ev.DRIVE, v, x0, y0, vh[v, S.V_X], vh[v, S.V_Y], i)
    return steps


@kernel
def _exit_cell(st, cty, v, rx0, ry0, rx1, ry1):
    """The cell next to vehicle row v (within ``vehicle_reach_cells``) an occupant steps
    onto: room, not a building, nearest the rectangle; scan order breaks ties. (-1, -1)."""
    h, w = st.count.shape
    r = cty.vp[VE.VP_REACH]
    vx, vy = st.vh[v, S.V_X], st.vh[v, S.V_Y]
    bx, by, bd = -1, -1, 1 << 30
    for y in range(vy - r, vy + r + 1):
        for x in range(vx - r, vx + r + 1):
            if x < 0 or y < 0 or x >= w or y >= h or (x == vx and y == vy):
                continue
            if st.cover[y, x] >= CI.LIGHT or st.count[y, x] >= cty.vp[VE.VP_CELL_CAP]:
                continue
            d = _rect_dist(x, y, rx0, ry0, rx1, ry1)
            if d < bd:
                bx, by, bd = x, y, d
    return bx, by


@kernel
def _next_move(rp, st, kind, w, i, j):
    """(points, may it buy it) of element row i's next move this turn: within its boss's
    ``max_moves`` (the random boss: ``max_actions``), priced by the rules and affordable from
    leader j's points."""
    moves = st.el[i, S.E_MOVES]
    max_moves = min(int(w[W.W_MAX_MOVES]), rp[S.R_MAX_ACTIONS])
    if kind == W.RANDOM:
        max_moves = rp[S.R_MAX_ACTIONS]
    cost = GA.move_cost(rp, moves)
    return cost, moves < max_moves and cost >= 0 and st.ld[j, S.L_AP] >= cost


@kernel
def _rider_act(rp, pp, s, st, cty, kind, w, i, j, tb):
    """One action of element row i riding in a vehicle (module doc): the driver drives
    towards the leader's target block; passengers wait; once there (or stuck, or with no
    target), each gets out, a move. True if it acted."""
    el = st.el
    vh = st.vh
    v = st.aboard[i]
    if VE.is_stalled(st.stalled, v, st.clock[2]) or el[i, S.E_SUPP] > 0:
        return False
    cost, affordable = _next_move(rp, st, kind, w, i, j)
    if not affordable:
        return False
    g = _gang_of(rp, i)
    side = rp[S.R_BLOCK_CELLS]
    vx, vy = vh[v, S.V_X], vh[v, S.V_Y]
    if tb >= 0:
        rx0, ry0 = cty.origin[tb, 0], cty.origin[tb, 1]
        rx1, ry1 = rx0 + side - 1, ry0 + side - 1
    else:
        rx0, ry0, rx1, ry1 = vx, vy, vx, vy
    arrived = _rect_dist(vx, vy, rx0, ry0, rx1, ry1) <= 1
    d = _driver(st, v)
    if not arrived and not (vh[v, S.V_DAMAGE] & VE.DMG_IMMOBILE) and el[d, S.E_LEADER] == j:
        if d != i:
            return False  # a passenger waits for the driver
        if _drive(rp, pp, s, st, cty, i, v, rx0, ry0, rx1, ry1) > 0:
            st.ld[j, S.L_AP] -= cost
            el[i, S.E_MOVES] += 1
            return True
    x, y = _exit_cell(st, cty, v, rx0, ry0, rx1, ry1)  # there, stuck, or no target: get out
    if x < 0 or VE.leave(el, vh, st.aboard, st.count, cty.vp, st.stalled, i, x, y,
                         st.clock[2]) != VE.OK:
        return False
    b = cty.block[y, x]
    st.at[i] = b
    st.ld[j, S.L_AP] -= cost
    el[i, S.E_MOVES] += 1
    _ev(st, g, Ev.BOARD, i, v, 1, x, y)
    if b >= 0:
        _enter(rp, pp, s, st, cty, b, g)
    return True


@kernel
def _barricade(rp, st, cty, i, j):
    """8.2: element row i builds a barricade in its open cell (``barricade_cost`` points): the
    cell gives ``barricade_cover`` for the rest of the campaign and stops vehicles."""
    x, y = st.el[i, S.E_X], st.el[i, S.E_Y]
    if st.cover[y, x] != 0 or st.ld[j, S.L_AP] < rp[S.R_BARRICADE_COST]:
        return False
    st.ld[j, S.L_AP] -= rp[S.R_BARRICADE_COST]
    st.cover[y, x] = rp[S.R_BARRICADE_COVER]
    g = _gang_of(rp, i)
    st.p_out[g, P_BARRICADES] += 1
    _ev(st, g, Ev.BARRICADE, i, x, y)
    return True


# ---------------------------------------------------------------- melee


@kernel
def _shift_el(rp, st, i):
    """Melee modifiers of gang element row i: grade, close-combat weapon, suppression, and
    ``leader_melee_bonus`` when its leader rides in it (7.1, ``leaders_on_street``)."""
    el = st.el
    gr = grade(rp, el[i, S.E_XP])
    sh = rp[S.R_MELEE_GRADE + gr] + rp[S.R_MELEE_CC] - \
        (rp[S.R_SUPP_MELEE_PEN] if el[i, S.E_SUPP] > 0 else 0)
    if _rides(rp, st, i) >= 0:
        sh += rp[S.R_LEADER_MELEE]
    return sh


@kernel
def _rides(rp, st, t):
    """The leader row riding in gang element row t (``leaders_on_street``), -1 for none."""
    j = st.el[t, S.E_LEADER]
    if rp[S.R_LEADERS_STREET] and j >= 0 and st.ld[j, S.L_RIDES] == t + 1:
        return j
    return -1


@kernel
def _leader_falls(rp, st, j, t):
    """Leader row j, riding in element row t, falls with it (t was killed)."""
    if j < 0:
        return
    st.ld[j, S.L_ALIVE] = 0
    st.ld[j, S.L_RIDES] = 0
    g = j // rp[S.R_MAX_LEADERS]
    st.p_out[g, P_LEADERS_LOST] += 1
    _ev(st, g, Ev.LEADER_DOWN, j, t)
    GA.assign(st.el, st.ld, rp, g)  # its elements go to the leaders left at once (none left:
    # they wait for the sergeant the admin phase raises)


@kernel
def _shift_civ(rp, cv, k):
    kind = cv[k, S.C_KIND]
    sh = rp[S.R_MELEE_GRADE + cv[k, S.C_GRADE]] - (rp[S.R_SUPP_MELEE_PEN] if cv[k, S.C_SUPP] > 0
                                                   else 0)
    if kind == S.MILITIA:
        sh += rp[S.R_MELEE_CC]
    elif kind == S.POLICE:
        sh += rp[S.R_MELEE_TASER_ELITE] if cv[k, S.C_SWAT] else rp[S.R_MELEE_TASER]
    return sh


@kernel
def _jail(rp, st, t):
    g = _gang_of(rp, t)
    _off_map(st, t)
    st.el[t, S.E_STATUS] = S.JAILED
    st.el[t, S.E_SUPP] = 0
    st.p_out[g, P_ARRESTED] += 1
    st.g_out[G_ARRESTS] += 1
    _ev(st, g, Ev.ARREST, t)


@kernel
def _gang_fighter_down(rp, s, st, t, police):
    """Gang element t lost a melee fight (killed): arrested by police (stunned by a taser, or
    saved and wounded), else a save makes it wounded, otherwise it dies."""
    g = _gang_of(rp, t)
    if police and rp[S.R_TASER_NONLETHAL]:
        _jail(rp, st, t)
        return ARRESTED
    if CO.saved(s, rp[S.R_SAVE_ON], _medic_on(rp, st, t)):
        if police:
            st.el[t, S.E_WEAPON] = -1
            _jail(rp, st, t)
            return ARRESTED
        _off_map(st, t)
        st.el[t, S.E_STATUS] = S.WOUNDED
        st.el[t, S.E_WEAPON] = -1
        st.el[t, S.E_SUPP] = 0
        st.p_out[g, P_WOUNDED] += 1
        if rp[S.R_WOUNDED_STAY]:
            pass  # 'stay' keeps shot elements on the map; a melee loser still goes home
        return FI.WOUNDED_OUT
    _leader_falls(rp, st, _rides(rp, st, t), t)
    _free_element(st, t)
    st.p_out[g, P_LOSSES] += 1
    return FI.KILLED


@kernel
def _gang_supp(rp, st, t, k):
    """k melee suppressions on gang element t: at ``melee_rout_suppressions`` it runs home."""
    if k <= 0 or st.el[t, S.E_STATUS] != S.ACTIVE:
        return
    st.el[t, S.E_SUPP] += k
    st.el[t, S.E_MSUPP] += k
    if st.el[t, S.E_SUPP] >= rp[S.R_MELEE_ROUT]:
        g = _gang_of(rp, t)
        _off_map(st, t)
        st.el[t, S.E_STATUS] = S.ROUTED
        st.el[t, S.E_SUPP] = 0
        st.p_out[g, P_ROUTED] += 1
        _ev(st, g, Ev.ROUT, t)


@kernel
def _joins(rp, el, aboard, i, j, lead, tx, ty):
    """Does element row j fight beside i against the target at (tx, ty): i itself, or an
    element of the same leader on the map, with an action left, within melee reach?"""
    if j != i and (el[j, S.E_LEADER] != lead or el[j, S.E_ACTIONS] >= rp[S.R_MAX_ACTIONS]):
        return False
    return _on_map(el, j) and aboard[j] < 0 and \
        _cheb(el[j, S.E_X], el[j, S.E_Y], tx, ty) <= rp[S.R_MELEE_REACH]


@kernel
def _melee_edge(rp, st, cty, i, kind, t):
    """Expected melee total of element i and the elements of its leader that would join it,
    less the target's (a D6 averages 3.5): the bosses' test of whether a fight is worth it."""
    el = st.el
    g = _gang_of(rp, i)
    lead = el[i, S.E_LEADER]
    m = rp[S.R_MAX_ELEMENTS]
    if kind == 0:
        tx, ty = el[t, S.E_X], el[t, S.E_Y]
        shift = _shift_el(rp, st, t)
        gr = grade(rp, el[t, S.E_XP])
    else:
        tx, ty = st.cv[t, S.C_X], st.cv[t, S.C_Y]
        shift = _shift_civ(rp, st.cv, t)
        gr = st.cv[t, S.C_GRADE]
    bd = rp[S.R_MELEE_BUILDING + gr] if _in_building(st.cover, tx, ty) else 0
    edge = -(3.5 * (1 + bd) + shift)
    n = 0
    for j in range(g * m, (g + 1) * m):
        if n >= MAX_FIGHTERS - 1:
            break
        if not _joins(rp, el, st.aboard, i, j, lead, tx, ty):
            continue
        edge += 3.5 + _shift_el(rp, st, j)
        n += 1
    return edge


@kernel
def _melee(rp, pp, s, st, cty, w, i, kind, t):
    """Gang element i (with every element of its leader next to the target that has an action
    left) fights (kind, t). Returns the number of attackers."""
    el = st.el
    g = _gang_of(rp, i)
    lead = el[i, S.E_LEADER]
    if kind == 0:
        tx, ty = el[t, S.E_X], el[t, S.E_Y]
    else:
        tx, ty = st.cv[t, S.C_X], st.cv[t, S.C_Y]
    fs, fk, rows = st.fs, st.fk, st.rows
    n = 0
    m = rp[S.R_MAX_ELEMENTS]
    for j in range(g * m, (g + 1) * m):
        if n >= MAX_FIGHTERS - 1:
            break
        if not _joins(rp, el, st.aboard, i, j, lead, tx, ty):
            continue
        rows[n] = j
        fs[0, n] = 0
        fs[1, n] = _shift_el(rp, st, j)
        fs[2, n] = 0
        fs[3, n] = rp[S.R_MELEE_ARMOUR + el[j, S.E_ARMOUR]]
        fs[4, n] = 0
        fk[n] = False
        if j != i:
            el[j, S.E_ACTIONS] += 1
        n += 1
    rows[n] = t
    fs[0, n] = 1
    fk[n] = False
    fs[4, n] = 0
    if kind == 0:
        fs[1, n] = _shift_el(rp, st, t)
        gr = grade(rp, el[t, S.E_XP])
        fs[3, n] = rp[S.R_MELEE_ARMOUR + el[t, S.E_ARMOUR]]
    else:
        fs[1, n] = _shift_civ(rp, st.cv, t)
        gr = st.cv[t, S.C_GRADE]
        fs[3, n] = rp[S.R_MELEE_ARMOUR + st.cv[t, S.C_ARMOUR]]
    fs[2, n] = rp[S.R_MELEE_BUILDING + gr] if _in_building(st.cover, tx, ty) else 0
    n += 1
    police = kind == 1 and st.cv[t, S.C_KIND] == S.POLICE
    winner = CO.melee_exchange(rp, s, fs[0, :n], fs[1, :n], fs[2, :n], fs[3, :n], fk[:n],
                               fs[4, :n])
    st.p_out[g, P_MELEES] += 1
    down = 0
    for q in range(n - 1):
        r = rows[q]
        if fk[q]:
            _gang_fighter_down(rp, s, st, r, police)
            down += 1
        else:
            _gang_supp(rp, st, r, fs[4, q])
    t_down = 0
    if kind == 0:
        if fk[n - 1]:
            _gang_fighter_down(rp, s, st, t, False)
            st.p_out[g, P_KILLS] += 1
            el[i, S.E_XP] += rp[S.R_XP_PER_KILL] if el[i, S.E_STATUS] == S.ACTIVE else 0
            t_down = 1
        else:
            _gang_supp(rp, st, t, fs[4, n - 1])
    else:
        ckind = st.cv[t, S.C_KIND]
        b = st.cv[t, S.C_BLOCK]
        gone = fk[n - 1]
        if not gone and fs[4, n - 1] > 0:
            st.cv[t, S.C_SUPP] += fs[4, n - 1]
            gone = st.cv[t, S.C_SUPP] >= rp[S.R_MELEE_ROUT]  # routed: leaves the block
        if gone:
            t_down = 1
            prominent = st.cv[t, S.C_PROMINENT]
            hostage = fk[n - 1] and prominent and w[W.W_HOSTAGE] >= 0.5 and \
                st.gg[g, S.G_HOSTAGE] == 0
            st.count[ty, tx] -= 1
            st.cv[t, :] = 0
            if fk[n - 1]:
                if hostage:
                    st.gg[g, S.G_HOSTAGE] = 1
                    st.p_out[g, P_HOSTAGES] += 1
                    st.g_out[G_HOSTAGES] += 1
                    _ev(st, g, Ev.HOSTAGE, b)
                    PO.prominent_killed(pp, st.rs, g)
                else:
                    _civilian_killed(pp, st, g, ckind, prominent)
                if el[i, S.E_STATUS] == S.ACTIVE:
                    el[i, S.E_XP] += rp[S.R_XP_PER_KILL]
            _defender_fell(rp, st, b, g)
    _ev(st, g, Ev.MELEE, 0, i, n - 1, kind, t, winner, down, t_down)
    return n - 1


# ---------------------------------------------------------------- a leader's activation


@kernel
def _target_block(rp, s, st, cty, kind, w, g, j):
    """The block leader j's elements head for (-1: none). Scripted: the best value of
    expanding, hunting or defending over 1 + distance in blocks; random: any block that is
    not a quiet block of its own."""
    el = st.el
    m = rp[S.R_MAX_ELEMENTS]
    sx, sy, n = 0, 0, 0
    for i in range(g * m, (g + 1) * m):
        if el[i, S.E_LEADER] == j and _on_map(el, i):
            sx += el[i, S.E_X]
            sy += el[i, S.E_Y]
            n += 1
    if n == 0:
        return -1
    cx, cy = sx // n, sy // n
    side = rp[S.R_BLOCK_CELLS]
    pitch = side + 1  # streets add about a cell or two per block: distance in blocks rounds
    hq = st.gg[g, S.G_HQ]
    nb = st.bk.shape[0]
    if kind == W.RANDOM:
        cand = 0
        for b in range(nb):
            cand += _block_value(rp, st, g, b, w, True) > 0
        if cand == 0:
            return -1
        pick = randint(s, cand)
        for b in range(nb):
            if _block_value(rp, st, g, b, w, True) > 0:
                if pick == 0:
                    return b
                pick -= 1
        return -1
    best, bb = 0.0, -1
    for b in range(nb):
        ox, oy = cty.origin[b, 0], cty.origin[b, 1]
        if hq >= 0:
            hx, hy = cty.origin[hq, 0], cty.origin[hq, 1]
            if _cheb(ox, oy, hx, hy) > w[W.W_RANGE] * (side + 2):
                continue
        v = _block_value(rp, st, g, b, w, False)
        if v <= 0:
            continue
        d = _rect_dist(cx, cy, ox, oy, ox + side - 1, oy + side - 1) / pitch
        v = v / (1.0 + d)
        if v > best:
            best, bb = v, b
    return bb


@kernel
def _block_value(rp, st, g, b, w, rnd):
    P = st.gg.shape[0]
    owner = st.bk[b, S.B_OWNER]
    rivals = 0
    for q in range(P):
        if q != g:
            rivals += st.bc[b, q]
    if rnd:
        return 1.0 if owner != g or rivals + st.bc[b, P] > 0 else 0.0
    if owner == g:
        return w[W.W_DEFEND] * (rivals + st.bc[b, P])
    if owner < 0:
        return w[W.W_EXPAND] + w[W.W_HUNT] * rivals
    if st.gg[owner, S.G_OUT]:
        return w[W.W_EXPAND]
    return w[W.W_HUNT] * (1 + rivals)


@kernel
def _element_act(rp, pp, s, st, cty, kind, w, i, j, tb, garrison):
    """One action of element row i of leader j, going for block tb. True if it acted."""
    el = st.el
    if st.aboard[i] >= 0:
        return _rider_act(rp, pp, s, st, cty, kind, w, i, j, tb)
    reach = rp[S.R_MELEE_REACH]
    melee = w[W.W_MELEE] >= 0.5
    if kind == W.RANDOM:
        melee = randint(s, 2) == 1
    suppressed = el[i, S.E_SUPP] > 0
    hostage = w[W.W_HOSTAGE] >= 0.5
    only = tb if (tb >= 0 and st.at[i] == tb) else -1
    ek, er, ed = _nearest_enemy(rp, st, i, tb, -1)
    fight = False  # an adjacent enemy worth fighting: expected totals favour the attackers
    if ek >= 0 and ed <= reach:
        fight = kind == W.RANDOM or _melee_edge(rp, st, cty, i, ek, er) >= 0.0
    if fight and st.ld[j, S.L_AP] < rp[S.R_MELEE_COST]:
        fight = False
    can_shoot = st.ld[j, S.L_AP] >= rp[S.R_SHOOT_COST]
    if melee and fight:
        st.ld[j, S.L_AP] -= rp[S.R_MELEE_COST]
        _melee(rp, pp, s, st, cty, w, i, ek, er)
        return True
    moves = el[i, S.E_MOVES]
    cost, affordable = _next_move(rp, st, kind, w, i, j)
    can_move = not suppressed and not garrison and affordable
    g = _gang_of(rp, i)
    if el[i, S.E_ACTIONS] == 0 and st.ld[j, S.L_AP] >= rp[S.R_VEHICLE_COST]:
        v = _found_vehicle(rp, st, cty, i, cty.vp[VE.VP_REACH])  # 17.3: one try a turn
        if v >= 0 and _wants(s, kind, w[W.W_DRIVE]):
            st.ld[j, S.L_AP] -= rp[S.R_VEHICLE_COST]
            prev = st.vh[v, S.V_OWNER]
            ok = VE.hotwire(el, st.vh, st.aboard, cty.vp, s, i, v) == VE.HOTWIRED
            st.p_out[g, P_HOTWIRED] += ok
            _ev(st, g, Ev.HOTWIRE, i, v, ok, prev)
            return True
    if melee and (w[W.W_CHARGE] >= 0.5 or kind == W.RANDOM) and can_move and ek >= 0 and \
            ed <= rp[S.R_FOOT_CELLS] + reach:
        if ek == 0:
            tx, ty = el[er, S.E_X], el[er, S.E_Y]
        else:
            tx, ty = st.cv[er, S.C_X], st.cv[er, S.C_Y]
        if _move(rp, pp, s, st, cty, i, tx, ty, tx, ty, reach) > 0:
            st.ld[j, S.L_AP] -= cost
            el[i, S.E_MOVES] += 1
            return True
    side = rp[S.R_BLOCK_CELLS]
    if can_move and moves == 0 and tb >= 0 and only < 0:
        ox, oy = cty.origin[tb, 0], cty.origin[tb, 1]  # far from the target: take a vehicle
        if _rect_dist(el[i, S.E_X], el[i, S.E_Y], ox, oy, ox + side - 1, oy + side - 1) > \
                2 * rp[S.R_FOOT_CELLS]:
            v = _ride_for(rp, st, cty, i, j)
            if v >= 0 and _wants(s, kind, w[W.W_DRIVE]) and \
                    _road_to(st, cty, v, ox, oy, ox + side - 1, oy + side - 1) and \
                    VE.board(el, st.vh, st.aboard, st.count, cty.vp, i, v) == VE.OK:
                st.at[i] = cty.block[el[i, S.E_Y], el[i, S.E_X]]
                st.ld[j, S.L_AP] -= cost
                el[i, S.E_MOVES] += 1
                _ev(st, g, Ev.BOARD, i, v, 0, el[i, S.E_X], el[i, S.E_Y])
                return True
    if can_move and tb >= 0 and only < 0 and (kind != W.RANDOM or randint(s, 2) == 0):
        ox, oy = cty.origin[tb, 0], cty.origin[tb, 1]  # on the way: move first, shoot after
        if _move(rp, pp, s, st, cty, i, ox, oy, ox + side - 1, oy + side - 1, 0) > 0:
            st.ld[j, S.L_AP] -= cost
            el[i, S.E_MOVES] += 1
            return True
    if can_shoot:
        tk, tr = _best_target(rp, pp, st, cty, i, tb, hostage, False)
        if tk >= 0:
            st.ld[j, S.L_AP] -= rp[S.R_SHOOT_COST]
            _shoot(rp, pp, s, st, cty, i, tk, tr, tb)
            return True
    if fight:  # nothing it can eliminate by fire: fight what stands next to it
        st.ld[j, S.L_AP] -= rp[S.R_MELEE_COST]
        _melee(rp, pp, s, st, cty, w, i, ek, er)
        return True
    if not can_move or tb < 0:
        if _suppress(rp, pp, s, st, cty, i, j, tb, hostage, can_shoot):
            return True
        if garrison and ek >= 0 and ed <= w[W.W_BARRICADE]:
            return _barricade(rp, st, cty, i, j)  # an enemy near a post: dig in
        if can_move:
            return _seek_vehicle(rp, pp, s, st, cty, kind, w, i, j, cost)
        return False
    ox, oy = cty.origin[tb, 0], cty.origin[tb, 1]
    if only >= 0:
        ek2, er2, ed2 = _nearest_enemy(rp, st, i, tb, tb)
        if ek2 < 0:  # in the target block with no enemy in it: hold (or fetch a vehicle)
            if _suppress(rp, pp, s, st, cty, i, j, tb, hostage, can_shoot):
                return True
            return _seek_vehicle(rp, pp, s, st, cty, kind, w, i, j, cost)
        if ek2 == 0:
            tx, ty = el[er2, S.E_X], el[er2, S.E_Y]
        else:
            tx, ty = st.cv[er2, S.C_X], st.cv[er2, S.C_Y]
        moved = _move(rp, pp, s, st, cty, i, tx, ty, tx, ty, reach)
    else:
        moved = _move(rp, pp, s, st, cty, i, ox, oy, ox + side - 1, oy + side - 1, 0)
    if moved > 0:
        st.ld[j, S.L_AP] -= cost
        el[i, S.E_MOVES] += 1
        return True
    return _suppress(rp, pp, s, st, cty, i, j, tb, hostage, can_shoot)


@kernel
def _seek_vehicle(rp, pp, s, st, cty, kind, w, i, j, cost):
    """An element with nothing else to do walks towards the nearest vehicle its gang could
    hot-wire within two foot moves (a boss that uses vehicles). True if it moved."""
    v = _found_vehicle(rp, st, cty, i, 2 * rp[S.R_FOOT_CELLS])
    if v < 0 or _cheb(st.el[i, S.E_X], st.el[i, S.E_Y], st.vh[v, S.V_X], st.vh[v, S.V_Y]) <= \
            cty.vp[VE.VP_REACH] or not _wants(s, kind, w[W.W_DRIVE]):
        return False
    x, y = st.vh[v, S.V_X], st.vh[v, S.V_Y]
    if _move(rp, pp, s, st, cty, i, x, y, x, y, cty.vp[VE.VP_REACH]) == 0:
        return False
    st.ld[j, S.L_AP] -= cost
    st.el[i, S.E_MOVES] += 1
    return True


@kernel
def _suppress(rp, pp, s, st, cty, i, j, tb, hostage, can_shoot):
    """The last resort of an element that cannot move on: a volley at a target it can only
    suppress (four suppressions eliminate). True if it fired."""
    if not can_shoot:
        return False
    tk, tr = _best_target(rp, pp, st, cty, i, tb, hostage, True)
    if tk < 0:
        return False
    st.ld[j, S.L_AP] -= rp[S.R_SHOOT_COST]
    _shoot(rp, pp, s, st, cty, i, tk, tr, tb)
    return True


@kernel
def _activate(rp, pp, s, st, cty, kinds, weights, j, pos):
    """Leader row j's activation: its gang's boss picks a target block and acts with the
    leader's elements in passes (one action each per pass)."""
    ml = rp[S.R_MAX_LEADERS]
    m = rp[S.R_MAX_ELEMENTS]
    g = j // ml
    kind = kinds[g]
    w = weights[g]
    _block_counts(rp, st, cty)
    tb = _target_block(rp, s, st, cty, kind, w, g, j)
    _ev(st, g, Ev.ACTIVATE, j, st.ld[j, S.L_AP], tb, pos)
    n_el = 0
    ride = -1
    for i in range(g * m, (g + 1) * m):
        if st.el[i, S.E_LEADER] == j and _on_map(st.el, i):
            n_el += 1
            if ride < 0 or st.el[i, S.E_XP] > st.el[ride, S.E_XP]:
                ride = i
    if rp[S.R_LEADERS_STREET]:  # 7.1: the leader rides with its most experienced element
        st.ld[j, S.L_RIDES] = ride + 1
    keep = int(np.ceil(w[W.W_GARRISON] * n_el - 1e-9)) if kind != W.RANDOM else 0
    for _ in range(rp[S.R_MAX_ACTIONS]):
        acted = False
        held = 0
        for i in range(g * m, (g + 1) * m):
            if st.el[i, S.E_LEADER] != j or not _on_map(st.el, i):
                continue
            garrison = False
            if held < keep and st.at[i] >= 0 and st.bk[st.at[i], S.B_OWNER] == g:
                garrison = True
                held += 1
            if st.el[i, S.E_ACTIONS] >= rp[S.R_MAX_ACTIONS]:
                continue
            if _element_act(rp, pp, s, st, cty, kind, w, i, j, tb, garrison):
                if st.el[i, S.E_STATUS] == S.ACTIVE:
                    st.el[i, S.E_ACTIONS] += 1
                acted = True
            if not st.ld[j, S.L_ALIVE]:
                break  # the leader fell (leaders_on_street): its activation ends
        if not acted or not st.ld[j, S.L_ALIVE]:
            break
    _surrenders(rp, s, st)


@kernel
def _surrenders(rp, s, st):
    """12.1 after a gang turn: each block where a defender fell rolls for surrender."""
    for b in range(st.bk.shape[0]):
        if not st.bk[b, S.B_FELL]:
            continue
        st.bk[b, S.B_FELL] = 0
        left = BL.defenders_left(st.cv, b)
        if left == 0:
            continue
        if BL.surrender(rp, s, st.cv, st.count, b):
            g = st.bk[b, S.B_ATTACKER]
            st.g_out[G_SURRENDERS] += 1
            if st.bk[b, S.B_OWNER] < 0 and g >= 0 and not st.gg[g, S.G_OUT]:
                _take(rp, st, b, g, 1)


# ---------------------------------------------------------------- the umpire


@kernel
def _civ_target(rp, st, cty, k, gang, need_sight, block):
    """Nearest gang element (of ``gang``, or any gang when -1; standing in ``block`` when it
    is >= 0) civilian row k can fire at (``need_sight``) or reach: its row, -1 for none."""
    x0, y0 = st.cv[k, S.C_X], st.cv[k, S.C_Y]
    w = st.cv[k, S.C_WEAPON]
    best, bt = 1 << 30, -1
    for t in range(st.el.shape[0]):
        if not _on_map(st.el, t):
            continue
        if gang >= 0 and _gang_of(rp, t) != gang:
            continue
        if st.aboard[t] >= 0:  # police close only with elements on foot; nobody fires at a
            if not need_sight or w < 0:  # vehicle its weapon cannot damage
                continue
            if rp[S.R_WEAPONS + S.N_WEAPON_COLS * w + 1] + 6 <= \
                    _vehicle_defence(st, cty, st.aboard[t]):
                continue
        if block >= 0 and st.at[t] != block:
            continue
        d = _cheb(x0, y0, st.el[t, S.E_X], st.el[t, S.E_Y])
        if d >= best:
            continue
        if need_sight and (w < 0 or not FI.can_fire(rp, cty.terrain, cty.building, w, x0, y0,
                                                    st.el[t, S.E_X], st.el[t, S.E_Y])):
            continue
        best, bt = d, t
    return bt


@kernel
def _police_melee(rp, pp, s, st, cty, k, t):
    """Police row k fights gang element t one against one (a taser arrest)."""
    fs, fk = st.fs, st.fk
    tx, ty = st.el[t, S.E_X], st.el[t, S.E_Y]
    fs[0, 0] = 0
    fs[1, 0] = _shift_civ(rp, st.cv, k)
    fs[2, 0] = 0
    fs[3, 0] = rp[S.R_MELEE_ARMOUR + st.cv[k, S.C_ARMOUR]]
    fs[4, 0] = 0
    gr = grade(rp, st.el[t, S.E_XP])
    fs[0, 1] = 1
    fs[1, 1] = _shift_el(rp, st, t)
    fs[2, 1] = rp[S.R_MELEE_BUILDING + gr] if _in_building(st.cover, tx, ty) else 0
    fs[3, 1] = rp[S.R_MELEE_ARMOUR + st.el[t, S.E_ARMOUR]]
    fs[4, 1] = 0
    fk[0] = False
    fk[1] = False
    winner = CO.melee_exchange(rp, s, fs[0, :2], fs[1, :2], fs[2, :2], fs[3, :2], fk[:2],
                               fs[4, :2])
    g = _gang_of(rp, t)
    t_down = 0
    if fk[1]:
        _gang_fighter_down(rp, s, st, t, True)
        t_down = 1
    else:
        _gang_supp(rp, st, t, fs[4, 1])
    k_down = 0
    if fk[0] or st.cv[k, S.C_SUPP] + fs[4, 0] >= rp[S.R_MELEE_ROUT]:
        b = st.cv[k, S.C_BLOCK]
        st.count[st.cv[k, S.C_Y], st.cv[k, S.C_X]] -= 1
        st.cv[k, :] = 0
        st.p_out[g, P_KILLS] += 1
        k_down = 1
        if st.el[t, S.E_STATUS] == S.ACTIVE:
            st.el[t, S.E_XP] += rp[S.R_XP_PER_KILL]
        _defender_fell(rp, st, b, g)
    else:
        st.cv[k, S.C_SUPP] += fs[4, 0]
    _ev(st, g, Ev.MELEE, 1, k, 1, 0, t, winner, k_down, t_down)


@kernel
def _umpire(rp, pp, s, st, cty):
    """Civilians and police act (module doc)."""
    acts = rp[S.R_UMPIRE_ACTIONS]
    reach = rp[S.R_MELEE_REACH]
    for k in range(st.cv.shape[0]):
        kind = st.cv[k, S.C_KIND]
        if kind == S.NO_CIV or kind == S.UNARMED:
            continue
        moved = False
        for _ in range(acts):
            kind = st.cv[k, S.C_KIND]
            if kind == S.NO_CIV:
                break
            if kind == S.POLICE:
                b = st.cv[k, S.C_BLOCK]
                _at_blocks(rp, st, cty)
                tg = PO.target_gang(st.el, st.at, st.gg, rp, b)
                t = _civ_target(rp, st, cty, k, tg, False, b) if tg >= 0 else -1
                if t >= 0:  # the target gang's nearest element in the block (23.1)
                    x, y = st.el[t, S.E_X], st.el[t, S.E_Y]
                    if _cheb(st.cv[k, S.C_X], st.cv[k, S.C_Y], x, y) <= reach:
                        _police_melee(rp, pp, s, st, cty, k, t)
                        continue
                    if not moved:
                        moved = True
                        if _civ_step(rp, st, cty, k, x, y, reach):
                            continue
            t = _civ_target(rp, st, cty, k, -1, True, -1)
            if t < 0:
                break
            _civ_shoot(rp, pp, s, st, cty, k, t)


@kernel
def _civ_step(rp, st, cty, k, tx, ty, reach):
    """Police row k moves once (inside its block) towards (tx, ty); True if it moved."""
    moved = False
    left = 2 * rp[S.R_FOOT_CELLS]
    while left >= 2:
        x, y = st.cv[k, S.C_X], st.cv[k, S.C_Y]
        if _cheb(x, y, tx, ty) <= reach:
            break
        nx, ny = _step_cell(rp, st, cty, x, y, tx, ty, tx, ty, st.cv[k, S.C_BLOCK], left)
        if nx < 0:
            break
        left -= 2 if (nx == x or ny == y) else 3
        st.count[y, x] -= 1
        st.count[ny, nx] += 1
        st.cv[k, S.C_X], st.cv[k, S.C_Y] = nx, ny
        moved = True
        if _in_building(st.cover, x, y) != _in_building(st.cover, nx, ny):
            break
    return moved


@kernel
def _at_blocks(rp, st, cty):
    for i in range(st.el.shape[0]):
        st.at[i] = cty.block[st.el[i, S.E_Y], st.el[i, S.E_X]] if _on_map(st.el, i) else -1


# ---------------------------------------------------------------- end of a turn


@kernel
def _end_of_turn(rp, s, st):
    """Suppressions recover (14.4: one per element on a D6 >= recover_on by grade), hostage
    dice (17.6), subordinate leaders' daily XP (20.2)."""
    for i in range(st.el.shape[0]):
        if st.el[i, S.E_STATUS] == S.ACTIVE and st.el[i, S.E_SUPP] > 0:
            if roll(s, 6) >= rp[S.R_RECOVER_ON + grade(rp, st.el[i, S.E_XP])]:
                st.el[i, S.E_SUPP] -= 1
    for k in range(st.cv.shape[0]):
        if st.cv[k, S.C_KIND] != S.NO_CIV and st.cv[k, S.C_SUPP] > 0:
            if roll(s, 6) >= rp[S.R_RECOVER_ON + st.cv[k, S.C_GRADE]]:
                st.cv[k, S.C_SUPP] -= 1
    for g in range(st.gg.shape[0]):
        t = st.gg[g, S.G_HOSTAGE]
        if t <= 0 or st.gg[g, S.G_OUT]:
            continue
        paid = EC.hostage_turn(rp, s, t)
        if paid >= 0:
            st.gg[g, S.G_COLLECTED] += paid
            st.p_out[g, P_RANSOM_CR] += paid
            st.gg[g, S.G_HOSTAGE] = 0
            _ev(st, g, Ev.RANSOM, paid, t)
        elif t >= 3:
            st.gg[g, S.G_HOSTAGE] = 0
            _ev(st, g, Ev.RANSOM, -1, t)
        else:
            st.gg[g, S.G_HOSTAGE] = t + 1
    TU.daily_leader_xp(st.ld, st.gg, rp, s)


# ---------------------------------------------------------------- the admin phase


@kernel
def _lift(st):
    """Take every element off the cell counts (the admin steps free rows without them)."""
    for i in range(st.el.shape[0]):
        if _on_map(st.el, i) and st.aboard[i] < 0:
            st.count[st.el[i, S.E_Y], st.el[i, S.E_X]] -= 1


@kernel
def _drop(st):
    """Put every element still on the map back on the cell counts; others leave the map (and
    any vehicle they rode: a row the admin phase freed or refilled rides nothing)."""
    for i in range(st.el.shape[0]):
        if st.aboard[i] >= 0:
            if st.el[i, S.E_STATUS] == S.ACTIVE and st.el[i, S.E_X] >= 0:
                continue  # still aboard: the vehicle fills the cell
            st.aboard[i] = -1
        if st.el[i, S.E_X] < 0:
            continue
        if st.el[i, S.E_STATUS] == S.ACTIVE:
            st.count[st.el[i, S.E_Y], st.el[i, S.E_X]] += 1
        else:
            st.el[i, S.E_X] = -1
            st.el[i, S.E_Y] = -1


@kernel
def _gear_value(rp, el, i):
    v = 0
    if el[i, S.E_WEAPON] >= 0:
        v += rp[S.R_WEAPON_COST + el[i, S.E_WEAPON]]
    if el[i, S.E_ARMOUR] > 0:
        v += rp[S.R_ARMOUR_COST + el[i, S.E_ARMOUR] - 1]
    return v


@kernel
def _boss_admin(rp, s, st, kind, w, g):
    """18.4b-d: bail, purchases and businesses, by the boss's weights."""
    m = rp[S.R_MAX_ELEMENTS]
    el = st.el
    gg = st.gg
    rnd = kind == W.RANDOM
    reserve = 0.0 if rnd else w[W.W_RESERVE]
    # bail
    bailed, left = 0, 0
    for i in range(g * m, (g + 1) * m):
        if el[i, S.E_STATUS] != S.JAILED:
            continue
        cost = rp[S.R_BAIL + grade(rp, el[i, S.E_XP])]
        want = randint(s, 2) == 1 if rnd else w[W.W_BAIL] >= 0.5
        if want and gg[g, S.G_CASH] - cost >= reserve:
            gg[g, S.G_CASH] -= cost
            el[i, S.E_STATUS] = S.ACTIVE
            el[i, S.E_WEAPON] = -1  # bailed elements lose their weapons (armour is kept)
            el[i, S.E_SUPP] = 0
            bailed += 1
        else:
            left += 1
    st.p_out[g, P_BAILED] += bailed
    if left:
        for i in range(g * m, (g + 1) * m):
            if el[i, S.E_STATUS] != S.FREE and el[i, S.E_STATUS] != S.JAILED:
                el[i, S.E_XP] = max(el[i, S.E_XP] - rp[S.R_UNBAILED_XP] * left, 0)
        if not rp[S.R_UNBAILED_HELD]:
            for i in range(g * m, (g + 1) * m):
                if el[i, S.E_STATUS] == S.JAILED:
                    el[i, :] = 0
                    el[i, S.E_STATUS] = S.FREE
                    el[i, S.E_X] = -1
                    el[i, S.E_Y] = -1
    if bailed or left:
        _ev(st, g, Ev.BAIL, bailed, left)
    # purchases: a weapon for every element without one, then the boss's kit
    spent, n_w, n_a = 0, 0, 0
    budget = max(gg[g, S.G_CASH] - reserve, 0.0) * (randint(s, 2) if rnd else w[W.W_ARMS])
    for i in range(g * m, (g + 1) * m):
        if el[i, S.E_STATUS] != S.ACTIVE or el[i, S.E_WEAPON] >= 0:
            continue
        cost = rp[S.R_WEAPON_COST]
        if gg[g, S.G_CASH] - cost >= reserve * 0.5:
            gg[g, S.G_CASH] -= cost
            el[i, S.E_WEAPON] = 0
            spent += cost
            n_w += 1
    want_w = randint(s, N_WEAPONS) if rnd else int(w[W.W_WEAPON])
    want_a = randint(s, 3) if rnd else int(w[W.W_ARMOUR])
    for _ in range(m):
        best = -1  # the most experienced active element still short of the kit
        for i in range(g * m, (g + 1) * m):
            if el[i, S.E_STATUS] != S.ACTIVE:
                continue
            if el[i, S.E_WEAPON] == want_w and el[i, S.E_ARMOUR] >= want_a:
                continue
            if best < 0 or el[i, S.E_XP] > el[best, S.E_XP]:
                best = i
        if best < 0:
            break
        cost = 0
        if el[best, S.E_WEAPON] != want_w:
            cost += rp[S.R_WEAPON_COST + want_w]
        if el[best, S.E_ARMOUR] < want_a:
            cost += rp[S.R_ARMOUR_COST + want_a - 1]
        if spent + cost > budget or gg[g, S.G_CASH] - cost < reserve:
            break
        gg[g, S.G_CASH] -= cost
        spent += cost
        if el[best, S.E_WEAPON] != want_w:
            el[best, S.E_WEAPON] = want_w
            n_w += 1
        if el[best, S.E_ARMOUR] < want_a:
            el[best, S.E_ARMOUR] = want_a
            n_a += 1
    st.p_out[g, P_ARMS_CR] += spent
    if spent:
        _ev(st, g, Ev.BUY, n_w, n_a, spent)
    # businesses: one per block held
    want_b = randint(s, 2) == 1 if rnd else w[W.W_BUSINESS] >= 0.5
    if want_b:
        for b in range(st.bk.shape[0]):
            if st.bk[b, S.B_OWNER] != g or st.bk[b, S.B_BUSINESS]:
                continue
            if gg[g, S.G_CASH] - rp[S.R_BUSINESS_COST] < reserve:
                break
            gg[g, S.G_CASH] -= rp[S.R_BUSINESS_COST]
            st.bk[b, S.B_BUSINESS] = 1  # the set's income is already in: it pays from the next
            st.p_out[g, P_BUSINESSES_OPENED] += 1
            _ev(st, g, Ev.BUSINESS, b, -1, rp[S.R_BUSINESS_COST])


@kernel
def _businesses(rp, pp, s, st, cty):
    """Business income into the owners' collected cash, with the doubles' effects."""
    for b in range(st.bk.shape[0]):
        g = st.bk[b, S.B_OWNER]
        if st.bk[b, S.B_BUSINESS] != 1 or g < 0 or st.gg[g, S.G_OUT]:
            continue
        paid, fx = EC.business_income(rp, s)
        st.gg[g, S.G_COLLECTED] += paid
        st.p_out[g, P_BUSINESS_CR] += paid
        if fx == S.FX_CLOSED:
            st.bk[b, S.B_BUSINESS] = 0
        elif fx == S.FX_RECRUIT:
            if _new_element(st.el, rp, s, g):
                st.gg[g, S.G_RECRUITED] += 1
        elif fx == S.FX_POLICE:
            k = PO._free_row(st.cv)
            x, y = CI.roll_cell(s, cty.origin, st.cover, st.count, rp[S.R_CELL_CAP], b,
                                rp[S.R_BLOCK_CELLS], False)
            if k >= 0 and x >= 0:
                st.cv[k, :] = 0
                st.cv[k, S.C_KIND] = S.POLICE
                st.cv[k, S.C_BLOCK] = b
                st.cv[k, S.C_X] = x
                st.cv[k, S.C_Y] = y
                PO._kit(rp, st.cv, k, rp[S.R_POLICE_TYPES + roll(s, 6) - 1])
                st.count[y, x] += 1
                PO.apc_check(rp, pp, st.cv, st.count, cty.origin, st.cover, k)
        if fx != S.FX_NONE:
            _ev(st, g, Ev.BUSINESS, b, fx, paid)


@kernel
def _claims(rp, st):
    """17.4 at the admin phase: a block without defenders where every gang element standing
    belongs to one gang other than its owner becomes that gang's."""
    P = st.gg.shape[0]
    for b in range(st.bk.shape[0]):
        if not st.bk[b, S.B_ENTERED] or BL.defenders_left(st.cv, b) > 0:
            continue
        only, n = -1, 0
        for g in range(P):
            if st.bc[b, g] > 0:
                only = g
                n += 1
        if n == 1 and only != st.bk[b, S.B_OWNER]:
            _take(rp, st, b, only, 2)


@kernel
def _place(rp, s, st, cty, g):
    """Gang g's active elements off the map come back at its base (two dice each)."""
    m = rp[S.R_MAX_ELEMENTS]
    b = _base(rp, st, g)
    if b < 0:
        return
    for i in range(g * m, (g + 1) * m):
        if st.el[i, S.E_STATUS] != S.ACTIVE or st.el[i, S.E_X] >= 0:
            continue
        x, y = CI.roll_cell(s, cty.origin, st.cover, st.count, rp[S.R_CELL_CAP], b,
                            rp[S.R_BLOCK_CELLS], False)
        if x < 0:
            return
        st.el[i, S.E_X], st.el[i, S.E_Y] = x, y
        st.at[i] = b
        st.count[y, x] += 1


@kernel
def _eliminate(rp, st, g, reason):
    m = rp[S.R_MAX_ELEMENTS]
    st.gg[g, S.G_OUT] = 1
    st.gg[g, S.G_HOSTAGE] = 0
    st.p_out[g, P_OUT_SET] = st.clock[0]
    for i in range(g * m, (g + 1) * m):
        if st.el[i, S.E_STATUS] != S.FREE:
            _free_element(st, i)
    for b in range(st.bk.shape[0]):
        if st.bk[b, S.B_OWNER] == g:
            st.bk[b, S.B_OWNER] = -1
    for v in range(st.vh.shape[0]):  # its vehicles stand unattended
        if st.vh[v, S.V_OWNER] == g:
            st.vh[v, S.V_OWNER] = -1
    ml = rp[S.R_MAX_LEADERS]
    for j in range(g * ml, (g + 1) * ml):
        st.ld[j, S.L_ALIVE] = 0
    _ev(st, g, Ev.OUT, st.clock[0], reason)


@kernel
def _ranks(rp, st, w, kinds, weights, g):
    """22.1: leaders promoted (the boss's choice, ``W_PROMOTE``; only the head may reach
    boss) when they command more than their rank's minimum and at least the next rank's, and
    demoted when they command fewer than the rank below's minimum. A promotion costs
    ``promotion_competency_loss`` competency levels."""
    ml = rp[S.R_MAX_LEADERS]
    m = rp[S.R_MAX_ELEMENTS]
    head = TU.head_leader(st.ld, rp, g)
    for j in range(g * ml, (g + 1) * ml):
        if not st.ld[j, S.L_ALIVE]:
            continue
        c = 0
        for i in range(g * m, (g + 1) * m):
            c += st.el[i, S.E_STATUS] == S.ACTIVE and st.el[i, S.E_LEADER] == j
        r = st.ld[j, S.L_RANK]
        if r > 0 and c < rp[S.R_RANK_MIN + r - 1]:
            st.ld[j, S.L_RANK] = r - 1
            _ev(st, g, Ev.PROMOTE, j, r - 1)
        elif r < 3 and c > rp[S.R_RANK_MIN + r] and c >= rp[S.R_RANK_MIN + r + 1] and \
                (j == head or r + 1 < 3) and (kinds[g] == W.RANDOM or w[W.W_PROMOTE] >= 0.5):
            st.ld[j, S.L_RANK] = r + 1
            st.ld[j, S.L_LOST] += rp[S.R_PROMO_LOSS]
            st.p_out[g, P_PROMOTIONS] += 1
            _ev(st, g, Ev.PROMOTE, j, r + 1)


@kernel
def _demotions(rp, st):
    """22.1, at the start of each day: a leader commanding fewer active elements than the
    rank below's minimum is demoted (no dice, no choice)."""
    ml = rp[S.R_MAX_LEADERS]
    m = rp[S.R_MAX_ELEMENTS]
    for j in range(st.ld.shape[0]):
        r = st.ld[j, S.L_RANK]
        if not st.ld[j, S.L_ALIVE] or r == 0:
            continue
        g = j // ml
        c = 0
        for i in range(g * m, (g + 1) * m):
            c += st.el[i, S.E_STATUS] == S.ACTIVE and st.el[i, S.E_LEADER] == j
        if c < rp[S.R_RANK_MIN + r - 1]:
            st.ld[j, S.L_RANK] = r - 1
            _ev(st, g, Ev.PROMOTE, j, r - 1)


@kernel
def _admin(rp, pp, s, st, cty, kinds, weights):
    """The set's end (module doc, in order)."""
    P = st.gg.shape[0]
    m = rp[S.R_MAX_ELEMENTS]
    ml = rp[S.R_MAX_LEADERS]
    _at_blocks(rp, st, cty)
    before = np.zeros(P, np.int64)
    for g in range(P):
        before[g] = st.gg[g, S.G_COLLECTED]  # ransoms paid during the set
    income(st.el, st.at, st.bk, st.gg, rp)
    inc = np.zeros(P, np.int64)
    for g in range(P):
        inc[g] = st.gg[g, S.G_COLLECTED] - before[g]
    bus0 = np.zeros(P, np.int64)
    for g in range(P):
        bus0[g] = st.p_out[g, P_BUSINESS_CR]
    _businesses(rp, pp, s, st, cty)
    collect(st.gg)
    experience(st.el, st.gg, rp)  # 18.1: income and experience are worked out, then spent
    _lift(st)
    deserted0 = np.zeros(P, np.int64)
    for g in range(P):
        deserted0[g] = st.gg[g, S.G_DESERTED]
    unpaid_out = np.zeros(P, np.bool_)
    if rp[S.R_UNPAID_ELIM]:
        for g in range(P):
            if not st.gg[g, S.G_OUT] and st.gg[g, S.G_CASH] < _pay_bill(rp, st, g):
                unpaid_out[g] = True
    pay(st.el, st.ld, st.gg, rp)
    after_pay = np.zeros(P, np.int64)
    for g in range(P):
        after_pay[g] = st.gg[g, S.G_CASH]
        st.p_out[g, P_DESERTED] += st.gg[g, S.G_DESERTED] - deserted0[g]
    for g in range(P):
        if not st.gg[g, S.G_OUT]:
            _boss_admin(rp, s, st, kinds[g], weights[g], g)
    rec0 = np.zeros(P, np.int64)
    for g in range(P):
        rec0[g] = st.gg[g, S.G_RECRUITED]
    recruit(st.el, st.bk, st.gg, rp, s)
    PO.trigger_on_elements(st.el, st.gg, rp, pp, st.rs)  # 24: counted before a new leader
    nl = np.zeros(P, np.int64)
    for g in range(P):
        nl[g] = 0
        for j in range(g * ml, (g + 1) * ml):
            nl[g] -= st.ld[j, S.L_ALIVE]
    new_leaders(st.el, st.ld, st.gg, rp)
    if rp[S.R_LEADERS_STREET]:
        for g in range(P):
            _raise_leader(rp, st, g)
        for j in range(st.ld.shape[0]):
            st.ld[j, S.L_RIDES] = 0  # chosen again at each activation
    for g in range(P):
        for j in range(g * ml, (g + 1) * ml):
            nl[g] += st.ld[j, S.L_ALIVE]
        st.p_out[g, P_NEW_LEADERS] += nl[g]
        st.p_out[g, P_RECRUITED] += st.gg[g, S.G_RECRUITED] - rec0[g]
    # the wounded and routed come home
    for i in range(st.el.shape[0]):
        stt = st.el[i, S.E_STATUS]
        if stt == S.WOUNDED or stt == S.ROUTED:
            st.el[i, S.E_STATUS] = S.ACTIVE
            st.el[i, S.E_X] = -1
            st.el[i, S.E_Y] = -1
            st.el[i, S.E_SUPP] = 0
    _drop(st)
    _at_blocks(rp, st, cty)
    _block_counts(rp, st, cty)
    _claims(rp, st)
    for g in range(P):
        if not st.gg[g, S.G_OUT]:
            _place(rp, s, st, cty, g)
    # elimination (25)
    for g in range(P):
        if st.gg[g, S.G_OUT]:
            continue
        if unpaid_out[g]:
            _eliminate(rp, st, g, 2)
            continue
        if members(st.el, rp, g) == 0:
            _eliminate(rp, st, g, 0)
            continue
        on_map = 0
        for i in range(g * m, (g + 1) * m):
            on_map += _on_map(st.el, i)
        if on_map == 0 and not _has_base(rp, st, g):
            _eliminate(rp, st, g, 1)
    for g in range(P):
        if st.gg[g, S.G_OUT]:
            continue
        GA.assign(st.el, st.ld, rp, g)
        _ranks(rp, st, weights[g], kinds, weights, g)
        GA.assign(st.el, st.ld, rp, g)
    _at_blocks(rp, st, cty)
    if PO.raid_set_end(st.el, st.gg, rp, pp, st.rs, s):
        tg, b, raised, moved = PO.raid(st.el, st.at, st.gg, rp, pp, st.rs, s, st.cv, st.count,
                                       cty.origin, st.cover)
        if tg >= 0:
            st.g_out[G_RAIDS] += 1
            st.p_out[tg, P_RAIDED] += 1
            _ev(st, tg, Ev.RAID, tg, b, raised, moved)
    TU.weekly_head_xp(st.ld, st.gg, rp)
    for g in range(P):
        if st.gg[g, S.G_OUT]:
            continue
        _ev(st, g, Ev.ADMIN, inc[g], st.p_out[g, P_BUSINESS_CR] - bus0[g], after_pay[g],
            st.p_out[g, P_DESERTED], st.gg[g, S.G_RECRUITED] - rec0[g], nl[g],
            st.gg[g, S.G_CASH])
        st.gg[g, S.G_COLLECTED] = 0


@kernel
def _raise_leader(rp, st, g):
    """A gang whose leaders all fell (``leaders_on_street``) raises its most experienced
    active element to sergeant, as a new leader at a threshold is made (22.2)."""
    ml = rp[S.R_MAX_LEADERS]
    m = rp[S.R_MAX_ELEMENTS]
    if st.gg[g, S.G_OUT]:
        return
    for j in range(g * ml, (g + 1) * ml):
        if st.ld[j, S.L_ALIVE]:
            return
    best = -1
    for i in range(g * m, (g + 1) * m):
        if st.el[i, S.E_STATUS] == S.ACTIVE and (best < 0 or st.el[i, S.E_XP] >
                                                  st.el[best, S.E_XP]):
            best = i
    if best < 0:
        return
    kept = st.el[best, S.E_XP] * rp[S.R_KEEP_PM]
    j = g * ml
    st.ld[j, S.L_ALIVE] = 1
    st.ld[j, S.L_RANK] = 0
    st.ld[j, S.L_XP] = (kept + 999) // 1000 if rp[S.R_KEEP_UP] else kept // 1000
    st.ld[j, S.L_LOST] = 0
    st.ld[j, S.L_RIDES] = 0
    st.el[best, :] = 0
    st.el[best, S.E_STATUS] = S.FREE
    st.el[best, S.E_X] = -1
    st.el[best, S.E_Y] = -1
    _ev(st, g, Ev.PROMOTE, j, 0)  # counted with the admin phase's new leaders


@kernel
def _pay_bill(rp, st, g):
    m = rp[S.R_MAX_ELEMENTS]
    ml = rp[S.R_MAX_LEADERS]
    per = rp[S.R_PAY]
    bill = 0
    for j in range(g * ml, (g + 1) * ml):
        if st.ld[j, S.L_ALIVE]:
            level = st.ld[j, S.L_RANK] + 1 if rp[S.R_LEADER_PAY_RANK] else \
                competency(rp, st.ld[j, S.L_XP], st.ld[j, S.L_LOST]) + 1
            bill += per * level
    for i in range(g * m, (g + 1) * m):
        stt = st.el[i, S.E_STATUS]
        if stt != S.FREE and stt != S.JAILED:
            bill += per * (grade(rp, st.el[i, S.E_XP]) + 1)
    return bill


# ---------------------------------------------------------------- summaries and the tally


@kernel
def _tally(rp, st, g):
    m = rp[S.R_MAX_ELEMENTS]
    ml = rp[S.R_MAX_LEADERS]
    total = 0
    gear = 0
    for i in range(g * m, (g + 1) * m):
        stt = st.el[i, S.E_STATUS]
        if stt == S.FREE or stt == S.JAILED:
            continue
        total += rp[S.R_TALLY_GRADE + grade(rp, st.el[i, S.E_XP])]
        gear += _gear_value(rp, st.el, i)
    for j in range(g * ml, (g + 1) * ml):
        if st.ld[j, S.L_ALIVE]:
            total += rp[S.R_TALLY_RANK + st.ld[j, S.L_RANK]]
    for b in range(st.bk.shape[0]):
        if st.bk[b, S.B_OWNER] == g:
            total += rp[S.R_TALLY_BLOCK]
            if st.bk[b, S.B_BUSINESS]:
                total += rp[S.R_TALLY_BUSINESS]
    if rp[S.R_TALLY_CASH] > 0:
        total += st.gg[g, S.G_CASH] // rp[S.R_TALLY_CASH]
    if rp[S.R_TALLY_EQUIP] > 0:
        total += gear // rp[S.R_TALLY_EQUIP]
    return total


@kernel
def _summary(rp, st):
    """SUMMARY and POLICE events, and the per-set records."""
    P = st.gg.shape[0]
    m = rp[S.R_MAX_ELEMENTS]
    ml = rp[S.R_MAX_LEADERS]
    for g in range(P):
        if st.gg[g, S.G_OUT]:
            continue
        by = np.zeros(4, np.int64)
        jailed = 0
        for i in range(g * m, (g + 1) * m):
            stt = st.el[i, S.E_STATUS]
            if stt == S.JAILED:
                jailed += 1
            elif stt != S.FREE:
                by[grade(rp, st.el[i, S.E_XP])] += 1
        leaders = 0
        for j in range(g * ml, (g + 1) * ml):
            leaders += st.ld[j, S.L_ALIVE]
        nb, nbus = 0, 0
        for b in range(st.bk.shape[0]):
            if st.bk[b, S.B_OWNER] == g:
                nb += 1
                nbus += st.bk[b, S.B_BUSINESS] != 0
        n = members(st.el, rp, g)
        st.p_out[g, P_MAX_MEMBERS] = max(st.p_out[g, P_MAX_MEMBERS], n)
        st.p_out[g, P_MEMBERS_SUM] += n
        _ev(st, g, Ev.SUMMARY, by[0], by[1], by[2], by[3], leaders, st.gg[g, S.G_CASH], nb,
            nbus, jailed)
    police, apc = 0, 0
    for k in range(st.cv.shape[0]):
        police += st.cv[k, S.C_KIND] == S.POLICE
        apc += st.cv[k, S.C_KIND] == S.APC
    st.g_out[G_POLICE_MAX] = max(st.g_out[G_POLICE_MAX], police)
    st.g_out[G_APC_SEEN] = max(st.g_out[G_APC_SEEN], apc)
    _ev(st, -1, Ev.POLICE, police, apc)


# ---------------------------------------------------------------- a campaign


@kernel
def _start(rp, st, cty, starts, shift):
    """The starting state (as ``gang.start``, which the tests compare): gang g starts in block
    starts[(g + shift) % P], its elements on the block's first free cells in row-major
    order."""
    P = st.gg.shape[0]
    m = rp[S.R_MAX_ELEMENTS]
    ml = rp[S.R_MAX_LEADERS]
    side = rp[S.R_BLOCK_CELLS]
    cap = rp[S.R_CELL_CAP]
    for g in range(P):
        hq = starts[(g + shift) % P]
        st.gg[g, S.G_HQ] = hq
        st.gg[g, S.G_CASH] = rp[S.R_START_CASH]
        st.bk[hq, S.B_OWNER] = g
        st.bk[hq, S.B_ENTERED] = 1
        k = 0
        for r in range(side):
            for c in range(side):
                if k >= rp[S.R_START_ELEMENTS]:
                    break
                x, y = cty.origin[hq, 0] + c, cty.origin[hq, 1] + r
                if not CI.suitable(st.cover, st.count, cap, x, y, False):
                    continue
                i = g * m + k
                st.el[i, S.E_STATUS] = S.ACTIVE
                st.el[i, S.E_XP] = rp[S.R_START_XP]
                st.el[i, S.E_WEAPON] = rp[S.R_START_WEAPON]
                st.el[i, S.E_X], st.el[i, S.E_Y] = x, y
                st.el[i, S.E_LEADER] = g * ml
                st.at[i] = hq
                st.count[y, x] += 1
                k += 1
        st.ld[g * ml, S.L_ALIVE] = 1
        st.ld[g * ml, S.L_RANK] = rp[S.R_START_RANK]
        st.ld[g * ml, S.L_XP] = rp[S.R_START_LEADER_XP]


@kernel
def _play(s, rp, pp, cty, starts, kinds, weights, st, shift):
    """One campaign; returns the events counted."""
    P = st.gg.shape[0]
    ml = rp[S.R_MAX_LEADERS]
    _start(rp, st, cty, starts, shift)
    for g in range(P):
        st.p_out[g, P_OUT_SET] = -1
        st.p_out[g, P_ORDER] = -1
    end = END_TALLY
    first_turn = True
    sets = 0
    for set_no in range(1, rp[S.R_MAX_SETS] + 1):
        st.clock[0] = set_no
        sets = set_no
        _ev(st, -1, Ev.SET, set_no)
        t = 0
        while True:
            t += 1
            st.clock[1] = t
            st.clock[2] += 1
            _ev(st, -1, Ev.TURN, t, st.clock[2])
            for i in range(st.el.shape[0]):
                st.el[i, S.E_ACTIONS] = 0
                st.el[i, S.E_MOVES] = 0
            _demotions(rp, st)
            GA.action_points(st.ld, st.gg, rp, s)
            n = TU.deal(st.ld, st.gg, rp, s, st.order, st.keys)
            if first_turn:
                pos = 0
                for q in range(n):
                    g = st.order[q] // ml
                    if st.p_out[g, P_ORDER] < 0:
                        st.p_out[g, P_ORDER] = pos
                        pos += 1
                for g in range(P):  # gangs without a leader dealt: after the rest
                    if st.p_out[g, P_ORDER] < 0:
                        st.p_out[g, P_ORDER] = pos
                        pos += 1
                st.g_out[G_FIRST] = st.order[0] // ml if n > 0 else 0
                first_turn = False
            if rp[S.R_UMPIRE_FIRST]:
                _umpire(rp, pp, s, st, cty)
            for q in range(n):
                j = st.order[q]
                if st.ld[j, S.L_ALIVE] and not st.gg[j // ml, S.G_OUT]:
                    _activate(rp, pp, s, st, cty, kinds, weights, j, q)
            if not rp[S.R_UMPIRE_FIRST]:
                _umpire(rp, pp, s, st, cty)
            _surrenders(rp, s, st)  # a defender that fell fighting back in the umpire phase
            _end_of_turn(rp, s, st)
            if TU.set_ends(rp, s, t):
                break
        _admin(rp, pp, s, st, cty, kinds, weights)
        _summary(rp, st)
        bad = _audit(rp, st, cty)
        if bad != BAD_NONE and st.g_out[G_ERROR] == BAD_NONE:
            st.g_out[G_ERROR] = bad
            st.g_out[G_ERROR_SET] = set_no
        if set_no == 2:
            best, lead = -1, -1
            for g in range(P):
                st.p_out[g, P_MEMBERS_2] = members(st.el, rp, g)
                if st.p_out[g, P_MEMBERS_2] > best:
                    best, lead = st.p_out[g, P_MEMBERS_2], g
                elif st.p_out[g, P_MEMBERS_2] == best:
                    lead = -1
            st.g_out[G_LEADER_2] = lead
        if set_no == max(rp[S.R_MAX_SETS] // 2, 1):
            for g in range(P):
                st.p_out[g, P_TALLY_MID] = _tally(rp, st, g) if not st.gg[g, S.G_OUT] else 0
        alive = 0
        for g in range(P):
            alive += not st.gg[g, S.G_OUT]
        if alive == 0:
            end = END_ALL_OUT
            break
        if alive == 1 and rp[S.R_LAST_STANDING] and P > 1:
            end = END_LAST_STANDING
            break
    if sets < 2:
        st.g_out[G_LEADER_2] = -1
    # the tally
    score = np.zeros(P, np.int64)
    for g in range(P):
        st.p_out[g, P_MEMBERS] = members(st.el, rp, g)
        nb, nbus = 0, 0
        for b in range(st.bk.shape[0]):
            if st.bk[b, S.B_OWNER] == g:
                nb += 1
                nbus += st.bk[b, S.B_BUSINESS] != 0
        st.p_out[g, P_BLOCKS] = nb
        st.p_out[g, P_BUSINESSES] = nbus
        st.p_out[g, P_CASH] = st.gg[g, S.G_CASH]
        lead = 0
        for j in range(g * ml, (g + 1) * ml):
            lead += st.ld[j, S.L_ALIVE]
        st.p_out[g, P_LEADERS] = lead
        tally = -1 if st.gg[g, S.G_OUT] else _tally(rp, st, g)
        score[g] = tally
        st.p_out[g, P_TALLY] = max(tally, 0)
        if tally >= 0:
            _ev(st, g, Ev.TALLY, tally, st.p_out[g, P_MEMBERS], nb, st.gg[g, S.G_CASH])
    winner, best, second = _godfather(rp, st, score)
    if end == END_ALL_OUT:
        winner = -1
    st.g_out[G_WINNER] = winner
    st.g_out[G_END] = end
    st.g_out[G_SETS] = sets
    st.g_out[G_TURNS] = st.clock[2]
    st.g_out[G_MARGIN] = best - max(second, 0) if winner >= 0 else 0
    _ev(st, winner, Ev.END, winner, end, st.g_out[G_MARGIN])
    st.g_out[G_EVENTS] = st.clock[3]
    return st.clock[3]


@kernel
def _audit(rp, st, cty):
    """The state's invariants at a set's end (after the admin phase): BAD_NONE or the first
    broken one (BAD_*). Every campaign is audited; ``play_batch`` raises on a failure."""
    h, w = st.count.shape
    seen = np.zeros((h, w), np.int64)
    el = st.el
    ml = rp[S.R_MAX_LEADERS]
    m = rp[S.R_MAX_ELEMENTS]
    for i in range(el.shape[0]):
        stt = el[i, S.E_STATUS]
        v = st.aboard[i]
        if v >= 0 and (stt != S.ACTIVE or st.vh[v, S.V_TYPE] < 0 or
                       st.vh[v, S.V_DAMAGE] & VE.DMG_WRECKED or st.vh[v, S.V_OWNER] != i // m or
                       el[i, S.E_X] != st.vh[v, S.V_X] or el[i, S.E_Y] != st.vh[v, S.V_Y]):
            return BAD_ABOARD
        if stt == S.ACTIVE and el[i, S.E_X] >= 0:
            if v < 0:
                seen[el[i, S.E_Y], el[i, S.E_X]] += 1
            if st.at[i] != cty.block[el[i, S.E_Y], el[i, S.E_X]]:
                return BAD_AT_BLOCK
            j = el[i, S.E_LEADER]
            if j < 0 or j // ml != i // m or not st.ld[j, S.L_ALIVE]:
                return BAD_LEADER
        elif stt != S.FREE and stt != S.ACTIVE and el[i, S.E_X] >= 0:
            return BAD_STATUS
    for k in range(st.cv.shape[0]):
        if st.cv[k, S.C_KIND] != S.NO_CIV:
            seen[st.cv[k, S.C_Y], st.cv[k, S.C_X]] += 1
    for v in range(st.vh.shape[0]):
        if st.vh[v, S.V_TYPE] >= 0:
            seen[st.vh[v, S.V_Y], st.vh[v, S.V_X]] += 1
            if VE.occupants(st.aboard, v) > VE.capacity(cty.vp, st.vh[v, S.V_TYPE]):
                return BAD_ABOARD
    for y in range(h):
        for x in range(w):
            if seen[y, x] != st.count[y, x]:
                return BAD_COUNT
            if seen[y, x] > rp[S.R_CELL_CAP]:
                return BAD_CAPACITY
    for b in range(st.bk.shape[0]):
        o = st.bk[b, S.B_OWNER]
        if o >= 0 and st.gg[o, S.G_OUT]:
            return BAD_OWNER
    for g in range(st.gg.shape[0]):
        if st.gg[g, S.G_CASH] < 0:
            return BAD_CASH
    return BAD_NONE


@kernel
def _godfather(rp, st, score):
    """(winner, best tally, second tally): the highest tally; equal highest tallies go to more
    members, then more cash (``tally_tiebreak`` 'members_cash'), else nobody (-1)."""
    P = score.shape[0]
    best, n_best = -1, 0
    for g in range(P):
        if score[g] > best:
            best, n_best = score[g], 1
        elif score[g] == best:
            n_best += 1
    second = -1
    for g in range(P):
        if score[g] < best and score[g] > second:
            second = score[g]
    if n_best > 1:
        second = best
    if best < 0:
        return -1, best, second
    winner, ties = -1, 0
    for g in range(P):
        if score[g] != best:
            continue
        if winner < 0:
            winner, ties = g, 1
            continue
        if not rp[S.R_TIEBREAK]:
            ties += 1
            continue
        a0, a1 = st.p_out[g, P_MEMBERS], st.gg[g, S.G_CASH]
        b0, b1 = st.p_out[winner, P_MEMBERS], st.gg[winner, S.G_CASH]
        if a0 > b0 or (a0 == b0 and a1 > b1):
            winner, ties = g, 1
        elif a0 == b0 and a1 == b1:
            ties += 1
    if ties > 1:
        winner = -1
    return winner, best, second


@kernel
def _new_state(rp, P, n_blocks, cover, cv_rows, vh_rows, p_out, g_out, trace):
    m = rp[S.R_MAX_ELEMENTS]
    ml = rp[S.R_MAX_LEADERS]
    el = np.zeros((P * m, S.N_E), np.int64)
    for i in range(P * m):
        el[i, S.E_X] = -1
        el[i, S.E_Y] = -1
        el[i, S.E_LEADER] = -1
    ld = np.zeros((P * ml, S.N_L), np.int64)
    gg = np.zeros((P, S.N_G), np.int64)
    for g in range(P):
        gg[g, S.G_HQ] = -1
    bk = np.zeros((n_blocks, S.N_B), np.int64)
    for b in range(n_blocks):
        bk[b, S.B_OWNER] = -1
        bk[b, S.B_ATTACKER] = -1
    cv = np.zeros((cv_rows, S.N_C), np.int64)
    vh = np.zeros((vh_rows, S.N_V), np.int64)
    for v in range(vh_rows):
        vh[v, S.V_TYPE] = -1
        vh[v, S.V_OWNER] = -1
    rs = np.zeros(PO.N_RS, np.int64)
    rs[PO.RS_TRIGGER] = -1
    h, w = cover.shape
    return State(el, ld, gg, bk, cv, vh, np.zeros((h, w), np.int64),
                 np.full(P * m, -1, np.int64), rs, np.zeros(P * ml + 2, np.int64),
                 np.zeros(P * ml + 2, np.int64), np.zeros((5, MAX_FIGHTERS), np.int64),
                 np.zeros(MAX_FIGHTERS, np.bool_), np.zeros(MAX_FIGHTERS, np.int64),
                 np.zeros((n_blocks, P + 1), np.int64), np.zeros(4, np.int64), p_out, g_out,
                 trace, np.full(P * m, -1, np.int64), np.full(vh_rows, -1, np.int64),
                 cover.copy())


@batch_kernel
def _play_batch(seed, stream, game0, key_div, rp, pp, vp, terrain, building, cover, block,
                origin, starts, kinds, weights, cv_rows, vh_rows, g_out, p_out, trace):
    """Campaigns game0 .. game0+n-1, game g drawing from key (seed, stream, g // key_div) on
    city i of the stacked city arrays; ``trace`` has 0 rows."""
    n = g_out.shape[0]
    P = kinds.shape[1]
    for i in prange(n):
        s = np.empty(STATE_SIZE, dtype=np.uint64)
        seed_state(s, np.uint64(seed), np.uint64(stream), np.uint64((game0 + i) // key_div))
        cty = City(terrain[i], building[i], cover[i], block[i], origin[i], vp)
        st = _new_state(rp, P, origin.shape[1], cover[i], cv_rows, vh_rows, p_out[i], g_out[i],
                        trace)
        # the campaign's kernels get borrowed views (sim/core/borrow.py); _hold keeps their
        # owners alive until _play returns
        _play(borrow(s), borrow(rp), borrow(pp), _borrowed_city(cty), borrow(starts[i]),
              borrow(kinds[i]), borrow(weights[i]), _borrowed_state(st), (game0 + i) % key_div)
        _hold(s, cty, st)


@kernel
def _hold(s, cty, st):
    """Nothing: called after ``_play`` so that the owners of its borrowed views outlive it."""
    return s.shape[0] + cty.vp.shape[0] + st.el.shape[0]


@kernel
def _borrowed_city(c):
    return City(borrow(c.terrain), borrow(c.building), borrow(c.cover), borrow(c.block),
                borrow(c.origin), borrow(c.vp))


@kernel
def _borrowed_state(st):
    return State(borrow(st.el), borrow(st.ld), borrow(st.gg), borrow(st.bk), borrow(st.cv),
                 borrow(st.vh), borrow(st.count), borrow(st.at), borrow(st.rs),
                 borrow(st.order), borrow(st.keys), borrow(st.fs), borrow(st.fk),
                 borrow(st.rows), borrow(st.bc), borrow(st.clock), borrow(st.p_out),
                 borrow(st.g_out), borrow(st.trace), borrow(st.aboard), borrow(st.stalled),
                 borrow(st.cover))


# ---------------------------------------------------------------- public API


class Batch(NamedTuple):
    games: np.ndarray  # int64[n, N_GC]
    players: np.ndarray  # int64[n, P, N_PC]


def city_seed(seed: int, stream: int, game: int) -> int:
    """The city generator's seed for campaign key (seed, stream, game)."""
    return int(np.random.SeedSequence([seed, stream, game, 0x6F]).generate_state(1)[0])


def cities(rules: GFRules, seed: int, stream: int, games: np.ndarray):
    """Stacked city arrays (terrain, building, cover, block, origin, starts) for the games'
    keys (``games`` = key game numbers)."""
    out = [CI.generate(rules, city_seed(seed, stream, int(g))) for g in games]
    return (np.stack([c.terrain for c in out]).astype(np.int64),
            np.stack([c.building for c in out]).astype(np.int64),
            np.stack([c.cover for c in out]).astype(np.int64),
            np.stack([c.block for c in out]).astype(np.int64),
            np.stack([c.origin for c in out]).astype(np.int64),
            np.stack([c.starts for c in out]).astype(np.int64))


def _vectors(rules: GFRules):
    msg = rules.problem()
    if msg:
        raise ValueError(msg)
    w, h = rules.city_size()
    blocks = w * h
    cv_rows = PO.civilian_rows(rules, blocks) + blocks
    vh_rows = S.vehicle_rows(rules, blocks)
    return (S.kernel_params(rules), PO.police_params(rules), VE.vehicle_params(rules), cv_rows,
            vh_rows)


def play_batch(rules: GFRules, seed: int, stream: int, game0: int, kinds: np.ndarray,
               weights: np.ndarray, key_div: int = 1) -> Batch:
    """Play ``len(kinds)`` campaigns keyed (seed, stream, (game0 + i) // key_div); with
    key_div > 1 the games of a block share city and dice, game j of a block starting each gang
    j blocks on in the list of starting blocks (every gang gets every start once)."""
    kinds = np.ascontiguousarray(kinds, dtype=np.int64)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    n, P = kinds.shape
    if P != rules.players:
        raise ValueError(f"lineup has {P} seats but rules say {rules.players} players")
    rp, pp, vp, cv_rows, vh_rows = _vectors(rules)
    keys = (game0 + np.arange(n)) // key_div
    arrays = cities(rules, seed, stream, keys)
    g_out = np.zeros((n, N_GC), dtype=np.int64)
    p_out = np.zeros((n, P, N_PC), dtype=np.int64)
    _play_batch(np.uint64(seed), np.uint64(stream), np.uint64(game0), np.uint64(key_div), rp,
                pp, vp, *arrays, kinds, weights, cv_rows, vh_rows, g_out, p_out, empty_trace())
    _raise_on_broken(g_out, seed, stream, game0)
    return Batch(g_out, p_out)


def _raise_on_broken(g_out, seed, stream, game0):
    bad = np.flatnonzero(g_out[:, G_ERROR])
    if len(bad):
        i = int(bad[0])
        raise RuntimeError(
            f"Godfather campaign (seed {seed}, stream {stream}, game {game0 + i}) broke an "
            f"invariant at the end of set {g_out[i, G_ERROR_SET]}: "
            f"{BAD_NAMES[g_out[i, G_ERROR]]} ({len(bad)} campaign(s) of {len(g_out)})")


def replay(rules: GFRules, seed: int, stream: int, game: int, kinds: np.ndarray,
           weights: np.ndarray, key_div: int = 1, max_events: int = MAX_EVENTS):
    """Campaign (seed, stream, game) alone with its trace: (Batch of 1, events[n, 12], city).
    It is the batch driver on one campaign (one compiled engine for batches and replays)."""
    kinds = np.ascontiguousarray(kinds, dtype=np.int64)[None, :]
    weights = np.ascontiguousarray(weights, dtype=np.float64)[None, :, :]
    rp, pp, vp, cv_rows, vh_rows = _vectors(rules)
    key = game // key_div
    arrays = cities(rules, seed, stream, np.array([key]))
    P = kinds.shape[1]

    def play(trace):
        g_out = np.zeros((1, N_GC), dtype=np.int64)
        p_out = np.zeros((1, P, N_PC), dtype=np.int64)
        _play_batch(np.uint64(seed), np.uint64(stream), np.uint64(game), np.uint64(key_div), rp,
                    pp, vp, *arrays, kinds, weights, cv_rows, vh_rows, g_out, p_out, trace)
        return Batch(g_out, p_out), int(g_out[0, G_EVENTS])

    batch, events = replay_traced(play, max_events)
    _raise_on_broken(batch.games, seed, stream, game)
    return batch, events, CI.generate(rules, city_seed(seed, stream, key))
