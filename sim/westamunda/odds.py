"""Exact odds of Westamunda's atomic mechanics, in plain Python with exact fractions.

Westamunda (``shared/seeds/002_ffde205a5406e306.txt``) is built on first-edition Necromunda and
leaves the base rules out; the base numbers come from ``shared/reference/necromunda_base.md``.
Every number and every reading here comes from a :class:`~sim.westamunda.rules.WMRules`, the
single source of truth (its field docs and ``docs/rules/westamunda.md`` give the reasons): each
function takes ``rules=`` (keyword, default ``WMRules()``), so a changed rule changes the odds,
and a reading is chosen by the rule parameter of the same name (``WMRules(aim_cap_reading=
'total')``), never by an argument here. Profile arguments left ``None`` are the rules' ganger
(``rules.profile('ganger')``). This module keeps no rule numbers of its own, only outcome names.

Results are ``fractions.Fraction`` (convert with ``float``); distributions are ``{outcome:
probability}`` dicts listing only outcomes that can happen, in increasing order for numeric
outcomes. Conventions: a to-hit ``modifier`` is signed the way the rules print it (+1 to hit makes
the needed score one lower); a weapon ``save_modifier`` is added to the save roll (-1 turns 4+
into 5+). Bad arguments raise ``ValueError`` naming the argument and what is allowed.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from fractions import Fraction
from typing import NamedTuple

from sim.core.exact import Pmf, at_least, convolve, die, mean  # noqa: F401 (re-exported)
from sim.westamunda.rules import ACTIVITIES, INJURIES, RELOAD_KINDS, WMRules

# ---- outcome names (labels, not rule numbers) ----------------------------------------------------
FLESH_WOUND, DOWN, OUT_OF_ACTION = INJURIES  # injury results, codes of rules.injury_faces
RECOVERS, STAYS_DOWN = "recovers", "stays_down"  # recovery results for codes 0 and 1 of recovery_faces
DEAD, SURVIVES = "dead", "survives"  # the post-game serious-injury chart, as far as these odds go
WATER = ("shallow", "deep")  # index into rules.drown_out_on and rules.pinned_water_cover
RELOAD_METHODS = ("rounds", "cylinder", "magazine")  # loose rounds (D8) or a spare cylinder/tube
AMMO_KINDS = ("cartridge", "percussion", "bow")
SHELLS = ("manstopper", "scatter")
BARREL_MODES = ("both", "sequential")
BARRELS = ("one", "both", "pair")  # what a loaded double-barrelled gun fires (:func:`barrels`)
COVERS = ("none", "partial", "full")  # rules.COVER; partial and full index rules.cover_modifiers

_DEFAULT = WMRules()
_FIELDS = {f.name: f for f in dataclasses.fields(WMRules)}


def _r(rules: WMRules | None) -> WMRules:
    return _DEFAULT if rules is None else rules


def _reading(rules: WMRules, name: str) -> str:
    """A reading parameter of ``rules``, checked against its allowed values (a WMRules built
    directly skips the per-value checks that ``build`` makes)."""
    value = getattr(rules, name)
    allowed = _FIELDS[name].metadata["choices"]
    if value not in allowed:
        raise ValueError(f"rules.{name} {value!r}: expected one of {', '.join(map(repr, allowed))}")
    return value


def _check(name: str, value, allowed) -> None:
    if value not in allowed:
        raise ValueError(f"{name} {value!r}: expected one of {', '.join(map(str, allowed))}")


def _ganger(rules: WMRules, stat: str, value: int | None) -> int:
    """``value``, or the rules' ganger's ``stat`` when it is None."""
    return rules.profile("ganger")[stat] if value is None else value


# ---- small helpers -------------------------------------------------------------------------------


def binomial(n: int, p: Fraction) -> Pmf:
    """Successes in ``n`` independent trials of chance ``p`` (zero-probability counts left out)."""
    out = {k: math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}
    return {k: v for k, v in out.items() if v}


def _mix(parts) -> dict:
    """Sum of ``(weight, pmf)`` pairs into one dict, zero entries dropped, keys sorted."""
    out: dict = {}
    for w, pmf in parts:
        for k, p in pmf.items():
            out[k] = out.get(k, 0) + w * p
    return {k: out[k] for k in sorted(out) if out[k]}


def best_of(pmf: dict, order: tuple, rolls: int = 2, *, stands=None) -> dict:
    """The least bad of ``rolls`` independent results of ``pmf``, ``order`` running from least to
    most bad; with ``stands``, that result on any of the rolls stands whatever the others show.
    The natives' double roll: ``best_of(injury, INJURIES, 2, stands=OUT_OF_ACTION)``."""
    if rolls < 1:
        raise ValueError(f"rolls {rolls!r}: expected 1 or more")
    p_stand = pmf.get(stands, Fraction(0)) if stands is not None else Fraction(0)
    rest = [k for k in order if k != stands]
    out = {}
    if stands is not None:
        out[stands] = 1 - (1 - p_stand) ** rolls
    for i, k in enumerate(rest):
        at_or_worse = sum((pmf.get(j, Fraction(0)) for j in rest[i:]), Fraction(0)) ** rolls
        worse = sum((pmf.get(j, Fraction(0)) for j in rest[i + 1:]), Fraction(0)) ** rolls
        out[k] = at_or_worse - worse
    return {k: out[k] for k in order if out.get(k)}


# ---- characteristic tests and the to-hit roll ------------------------------------------------------

def need_for(score: int, modifier: int = 0, *, rules: WMRules | None = None) -> int:
    """The D6 score a test of ``score`` needs: ``needed_base`` (7) - score - modifier (text:
    Characteristics)."""
    return _r(rules).needed(score, modifier)


def roll_chance(need: int, *, rules: WMRules | None = None) -> Fraction:
    """Chance of rolling ``need`` or more on a D6 under the text's two extra rules
    (:meth:`WMRules.p_needed`).

    * A natural 1 always fails (``natural_one_fails``), so the best chance is 5/6 however low
      the need (text: Characteristics; ref 2.1 [V]).
    * A need above 6 is a 6 and then a second D6 of ``second_die_needs`` (7: 4+, 8: 5+, 9: 6; a
      7 there is impossible, so 10 cannot succeed; ref 2.2 [V]). ``seven_plus_reading`` 'capped'
      (default) stops there; 'chain' takes the text's "etc." as open-ended (10 is 6, 6, 4+).
    """
    rules = _r(rules)
    _reading(rules, "seven_plus_reading")
    return rules.p_needed(need)


def characteristic_test(score: int, modifier: int = 0, *, initiative: bool = False,
                        rules: WMRules | None = None) -> Fraction:
    """Chance of passing a test of a D6 characteristic (WS, BS, S, T, I) of ``score``.

    The text (Characteristics) rolls high: a D6 of 7 - score - modifier or more (I 3: 4+; BS 4:
    3+; WS 2: 5+), a natural 1 always failing and needs above 6 going to the 6-then rule of
    :func:`roll_chance`. An ``initiative`` test follows ``i_roll_reading``: 'seven_minus'
    (default, the text) or 'under' (the base game's D6 <= I, ref 4.1, where a 1 passes).
    Leadership stays a 2D6 test (:func:`leadership_test`)."""
    rules = _r(rules)
    _reading(rules, "seven_plus_reading")
    if initiative:
        _reading(rules, "i_roll_reading")
    return rules.p_test(score, modifier, initiative=initiative)


def hit_chance(bs: int | None = None, modifier: int = 0, *, rules: WMRules | None = None) -> Fraction:
    """Chance one shot hits: a BS test, 7 - BS - modifier on a D6 (ref 2.1 [V]; text: Shooting,
    "the basic mechanics of shooting do not differ"), natural 1 misses, 7+ rule as
    :func:`roll_chance`."""
    rules = _r(rules)
    return characteristic_test(_ganger(rules, "BS", bs), modifier, rules=rules)


def leadership_test(ld: int | None = None, modifier: int = 0, *, rules: WMRules | None = None) -> Fraction:
    """Chance of passing a Leadership test: ``ld_dice`` (2) D6 at most Ld + modifier (ref 6 [V
    R95 p26]). Also the text's duck-back recovery roll (``duck_back_ld_bonus``: +1 partial, +2
    full cover)."""
    rules = _r(rules)
    ld = _ganger(rules, "Ld", ld)
    total: Pmf = {0: Fraction(1)}
    for _ in range(rules.ld_dice):
        total = convolve(total, die(6))
    return sum((p for t, p in total.items() if t <= ld + modifier), Fraction(0))


def hit_modifier(*, snap: bool = False, running: bool = False, hip_shooting: bool = False,
                 aim_turns: int = 0, emerging: bool = False, one_handed_long_gun: bool = False,
                 cover: str = "none", large_target: bool = False, small_target: bool = False,
                 charging_target: bool = False, rapid_target: bool = False, range_modifier: int = 0,
                 sustained: bool = False, rules: WMRules | None = None) -> int:
    """The summed to-hit modifier of one shot (the sustained-fire -1 and the double-barrel -1 are
    added by :func:`shot` and :func:`double_barrel`, not here).

    snap: a snap shot (fired during a move, or any other quick shot), ``snap_modifier`` (text:
    Snap Shots). running: the firer ran (moved over M): allowed only with ``run_and_shoot`` (on;
    the base game forbids it), every such shot a snap shot unless ``hip_shooting`` (text: Modified
    skills); the -1 is not doubled by also shooting mid-move. aim_turns: turns spent aiming,
    ``aim_bonus_per_turn`` each up to ``aim_bonus_max`` (text: Aimed Shots); not with a snap shot
    or running, nor with ``sustained`` fire unless ``sfd_can_aim``. emerging: a target emerging
    into an aimed overwatch arc (text) or appearing (ref 2.3), ``emerging_modifier``.
    one_handed_long_gun: ``one_hand_long_gun_mod`` (-2, text). cover: 'none', 'partial' or 'full'
    (``cover_modifiers``, ref 2.3 [V]). large_target (e.g. a mounted man), small_target,
    charging_target, rapid_target: the reference's target modifiers (``large_target_modifier``,
    ``small_target_modifier``, ``charging_target_modifier``, ``rapid_target_modifier``).
    range_modifier: the weapon's short/long-range modifier (weapon columns ``hit_short``,
    ``hit_long``).

    ``aim_cap_reading`` 'aim' (default): the text's "max bonus +3" caps the aiming bonus only;
    'total': it caps the sum of all positive modifiers (aim, large target, range)."""
    rules = _r(rules)
    cap_reading = _reading(rules, "aim_cap_reading")
    _check("cover", cover, COVERS)
    if aim_turns < 0:
        raise ValueError(f"aim_turns {aim_turns!r}: expected 0 or more")
    if aim_turns and (snap or running):
        raise ValueError("aim_turns: an aimed shot cannot be a snap shot or fired while running")
    if aim_turns and sustained and not rules.sfd_can_aim:
        raise ValueError("aim_turns: blazing away is not aimed (rules.sfd_can_aim is off)")
    if running and not rules.run_and_shoot:
        raise ValueError("running: a runner may not shoot (rules.run_and_shoot is off)")
    aim = min(aim_turns * rules.aim_bonus_per_turn, rules.aim_bonus_max)
    plus = aim + (rules.large_target_modifier if large_target else 0) + max(range_modifier, 0)
    if cap_reading == "total":
        plus = min(plus, rules.aim_bonus_max)
    minus = min(range_modifier, 0)
    if snap or (running and not hip_shooting):
        minus += rules.snap_modifier
    minus += rules.emerging_modifier if emerging else 0
    minus += rules.one_hand_long_gun_mod if one_handed_long_gun else 0
    minus += rules.small_target_modifier if small_target else 0
    minus += rules.charging_target_modifier if charging_target else 0
    minus += rules.rapid_target_modifier if rapid_target else 0
    minus += rules.cover_modifiers[COVERS.index(cover) - 1] if cover != "none" else 0
    return plus + minus


# ---- wounds, saves, injuries -----------------------------------------------------------------------

def wound_need(strength: int | None = None, toughness: int | None = None, *,
               rules: WMRules | None = None) -> int | None:
    """D6 needed to wound a target of ``toughness`` with a hit of ``strength`` (``wound_chart``,
    ref 3 [V]; S and T clipped to 1..10): by S - T, 2+ at +2 or more, 3+ at +1, 4+ equal, 5+ at
    -1, 6+ at -2 and -3, None (cannot wound) at -4 or less."""
    rules = _r(rules)
    need = rules.wound_need(_ganger(rules, "S", strength), _ganger(rules, "T", toughness))
    return need or None


def wound_chance(strength: int | None = None, toughness: int | None = None, *,
                 rules: WMRules | None = None) -> Fraction:
    """Chance one hit passes the wound roll (before any save)."""
    need = wound_need(strength, toughness, rules=rules)
    return Fraction(0) if need is None else at_least(need)


def save_chance(save: int | None = None, save_modifier: int = 0, *,
                rules: WMRules | None = None) -> Fraction:
    """Chance an armour save succeeds: a D6 at or above ``save - save_modifier`` (ref 3.1 [V]);
    ``save=None`` is no armour (the text sells none); never better than ``best_save`` (2+)."""
    if save is None:
        return Fraction(0)
    return at_least(max(save - save_modifier, _r(rules).best_save))


def _water(water: str | None) -> int | None:
    if water is None:
        return None
    _check("water", water, WATER)
    return WATER.index(water)


def _native_injury(rules: WMRules) -> str:
    return _reading(rules, "native_injury")


def injury_pmf(*, water: str | None = None, native: bool = False, true_grit: bool = False,
               rules: WMRules | None = None) -> dict[str, Fraction]:
    """One Injury roll -> {flesh_wound, down, out_of_action} (``injury_faces``, ref 4.2 [V]: 1,
    2-5, 6; with ``true_grit`` the skill's ``true_grit_faces``: 1-2, 3-5, 6).

    water: None, 'shallow' or 'deep': a fighter wounded in water drowns (out of action) from the
    ``drown_out_on`` score (5+, 4+) instead of 6 (text: Waterways). "Down and flesh wounds are
    not affected" is read as: the flesh-wound face and the down faces below the new score keep
    their results.

    native: a fighter of the native war band or a scout, under ``native_injury``: 'injury_roll'
    and 'both' (default 'injury_roll') roll the injury die twice and keep the better, but an out
    of action on either stands (the text's Dead clause carried into the fight); 'best_of_two'
    keeps the better with nothing standing; 'serious_injury' and 'none' roll once (the former
    doubles the post-game chart instead, :func:`serious_injury_dead_chance`)."""
    rules = _r(rules)
    faces = rules.true_grit_faces if true_grit else rules.injury_faces
    w = _water(water)
    one = {k: Fraction(0) for k in INJURIES}
    for face, code in enumerate(faces, start=1):
        result = INJURIES[code]
        if w is not None and face >= rules.drown_out_on[w]:
            result = OUT_OF_ACTION
        one[result] += Fraction(1, len(faces))
    one = {k: v for k, v in one.items() if v}
    if native:
        reading = _native_injury(rules)
        if reading in ("injury_roll", "both"):
            return best_of(one, INJURIES, 2, stands=OUT_OF_ACTION)
        if reading == "best_of_two":
            return best_of(one, INJURIES, 2)
    return one


def recovery_pmf(*, water: str | None = None, rules: WMRules | None = None) -> dict[str, Fraction]:
    """One recovery-phase roll of a down fighter -> {recovers, stays_down, out_of_action}
    (``recovery_faces``, ref 4.3 [V]: 1 up with a flesh wound, 2-5 stays down, 6 out).

    The text's drowning score is stated for the roll on a wounding shot, so by default
    (``water_recovery_drowning`` off) it does not touch the recovery roll; on, the
    ``drown_out_on`` score applies here as well for a fighter lying in water."""
    rules = _r(rules)
    w = _water(water)
    names = (RECOVERS, STAYS_DOWN, OUT_OF_ACTION)
    out = {k: Fraction(0) for k in names}
    for face, code in enumerate(rules.recovery_faces, start=1):
        result = names[code]
        if w is not None and rules.water_recovery_drowning and face >= rules.drown_out_on[w]:
            result = OUT_OF_ACTION
        out[result] += Fraction(1, len(rules.recovery_faces))
    return {k: v for k, v in out.items() if v}


def down_fate(phases: int, *, water: str | None = None, rules: WMRules | None = None) -> dict[str, Fraction]:
    """State of a down fighter after ``phases`` recovery phases (recovering and going out of
    action both end the rolling); one roll as :func:`recovery_pmf`."""
    step = recovery_pmf(water=water, rules=rules)
    stay = step.get(STAYS_DOWN, Fraction(0))
    out = {RECOVERS: Fraction(0), STAYS_DOWN: Fraction(1), OUT_OF_ACTION: Fraction(0)}
    for _ in range(phases):
        down = out[STAYS_DOWN]
        out[RECOVERS] += down * step.get(RECOVERS, 0)
        out[OUT_OF_ACTION] += down * step.get(OUT_OF_ACTION, 0)
        out[STAYS_DOWN] = down * stay
    return {k: v for k, v in out.items() if v}


def serious_injury_dead_chance(*, native: bool = False, rules: WMRules | None = None) -> Fraction:
    """Chance a fighter taken out of action is Dead on the post-game D66 serious-injury chart
    (later phase): results 11 up to ``dead_band_top`` (16: 6 of 36, ref 8.1 [V R95 p84]).

    A ``native`` rolls twice when ``native_injury`` is 'serious_injury' or 'both', choosing the
    result, but a Dead result on either "must stand" (text: Injuns): 11/36 against 6/36. The
    choice that avoids Dead unless both rolls are (1/36, ``best_of`` without ``stands``) is not a
    reading of the text, whose words on it are explicit."""
    rules = _r(rules)
    dead = sum(1 for a in range(1, 7) for b in range(1, 7) if 10 * a + b <= rules.dead_band_top)
    one = {SURVIVES: Fraction(36 - dead, 36), DEAD: Fraction(dead, 36)}
    if native and _native_injury(rules) in ("serious_injury", "both"):
        return best_of(one, (SURVIVES, DEAD), 2, stands=DEAD).get(DEAD, Fraction(0))
    return one[DEAD]


def unpin_chance(initiative: int | None = None, modifier: int = 0, *, friend_near: bool = True,
                 rules: WMRules | None = None) -> Fraction:
    """Chance a pinned fighter stands up at the start of his turn: only with a friend within
    ``unpin_friend_in`` (the leader always counts as having one) (ref 4.1 [V]), then an
    Initiative test (:func:`characteristic_test` with ``initiative``, so ``i_roll_reading``)."""
    rules = _r(rules)
    if not friend_near:
        return Fraction(0)
    return characteristic_test(_ganger(rules, "I", initiative), modifier, initiative=True, rules=rules)


def untangle_chance(rope: str = "lasso", strength: int | None = None,
                    roper_strength: int | None = None, initiative: int | None = None, *,
                    rules: WMRules | None = None) -> Fraction:
    """Chance an entangled fighter gets free in one turn of trying (Riding skills, fancy ropin'):
    against a ``rope`` 'lasso' an S test modified by his S less the roper's, then an I test;
    against 'bolas' the I test alone (:func:`characteristic_test`; the engine's
    ``_untangle``). Profiles default to a ganger's."""
    rules = _r(rules)
    _check("rope", rope, ("lasso", "bolas"))
    i = _ganger(rules, "I", initiative)
    p_i = characteristic_test(i, 0, initiative=True, rules=rules)
    if rope == "bolas":
        return p_i
    s = _ganger(rules, "S", strength)
    r = _ganger(rules, "S", roper_strength)
    return characteristic_test(s, s - r, rules=rules) * p_i


# ---- one shot and sustained fire -------------------------------------------------------------------

class Burst(NamedTuple):
    """Fanning / blazing away with ``dice`` sustained-fire dice, all shots at one target.

    shots: shots fired (after the rounds cap); hits, wounds: hits and unsaved wounds;
    ammo_rolls: to-hit sixes plus jam faces; jams: failed ammo rolls (jam markers, or under
    ``jam_outcome`` 'useless' failures that each lose the weapon); p_jam_face: at least one jam
    face; p_jam: at least one failed ammo roll; state: the target's state afterwards ('unhurt',
    'lost_wound' (still up, fewer wounds), 'flesh_wound', 'down', 'out_of_action')."""

    dice: int
    shots: Pmf
    hits: Pmf
    wounds: Pmf
    expected_shots: Fraction
    expected_hits: Fraction
    expected_wounds: Fraction
    p_any_hit: Fraction
    p_jam_face: Fraction
    ammo_rolls: Pmf
    jams: Pmf
    p_jam: Fraction
    state: dict[str, Fraction]


class ShotOdds(NamedTuple):
    """One shot (with ``burst`` for sustained fire; its per-shot figures then include
    ``sfd_modifier``).

    p_hit: hits (and so pins) the target; p_wound: hits, wounds and is not saved;
    p_flesh_wound / p_down / p_out_of_action: the injury result of that wound on a 1-wound target
    (a target with more wounds loses one instead: p_lose_wound); p_ammo_roll: the to-hit die calls
    an ammo roll (``ammo_on``); p_jam: that ammo roll fails (a jam, or the weapon lost under
    ``jam_outcome`` 'useless'); need_hit / need_wound: the scores needed (need_wound None: the
    chart allows no wound)."""

    p_hit: Fraction
    p_wound: Fraction
    p_flesh_wound: Fraction
    p_down: Fraction
    p_out_of_action: Fraction
    p_lose_wound: Fraction
    p_ammo_roll: Fraction
    p_jam: Fraction
    need_hit: int
    need_wound: int | None
    burst: Burst | None


def state_after_wounds(k: int, *, wounds: int | None = None, damage: int = 1,
                       injury: dict[str, Fraction] | None = None,
                       rules: WMRules | None = None) -> dict[str, Fraction]:
    """Target state after ``k`` unsaved wounding hits of ``damage`` each (``injury``: one Injury
    roll's pmf, default :func:`injury_pmf`; ``wounds``: default the ganger's W).

    A fighter loses wounds first; the wound that takes him to 0 and every one after it each call an
    Injury roll, and the worst result stands (ref 4.2 [S TIB]; a second 'down' changes nothing, ref
    2.4 [V]). So a 2-wound fighter hit once is 'lost_wound' with no injury roll. Flesh-wound
    penalties stacking to WS 0 and BS 0 (``flesh_zero_out``) are not modelled."""
    rules = _r(rules)
    wounds = _ganger(rules, "W", wounds)
    injury = injury_pmf(rules=rules) if injury is None else injury
    if k == 0:
        return {"unhurt": Fraction(1)}
    lost = k * damage
    if lost < wounds:
        return {"lost_wound": Fraction(1)}
    rolls = lost - wounds + 1
    p_out = 1 - (1 - injury.get(OUT_OF_ACTION, 0)) ** rolls
    p_flesh = injury.get(FLESH_WOUND, Fraction(0)) ** rolls
    out = {FLESH_WOUND: p_flesh, DOWN: 1 - p_out - p_flesh, OUT_OF_ACTION: p_out}
    return {s: v for s, v in out.items() if v}


def ammo_pass_chance(need: int | None, *, rules: WMRules | None = None) -> Fraction:
    """Chance an ammo roll of ``need`` (e.g. 4 for 4+) passes; None: the weapon never jams.

    A natural 1 fails it (the text: "with I rolls and other rolls, a 1 always means a fail").
    A need pushed above 6 by water follows ``ammo_over_six``: 'seven_plus' (default: the text's
    rule for any score over 6, :func:`roll_chance`) or 'fail' (always fails)."""
    rules = _r(rules)
    reading = _reading(rules, "ammo_over_six")
    if need is None:
        return Fraction(1)
    if need > 6 and reading == "fail":
        return Fraction(0)
    return roll_chance(need, rules=rules)


def ammo_need(base: int, *, kind: str = "cartridge", heavy_rain: bool | None = None,
              in_water: bool = False, immersed: bool = False, rules: WMRules | None = None) -> int:
    """A weapon's ammo-roll need after the text's wet-weather rules (text: Waterways).

    kind 'bow': in the wet (``heavy_rain``, ``in_water`` or ``immersed``) the roll is
    ``bow_wet_ammo`` (2+ becomes 4+; never easier than ``base``). kind 'percussion':
    ``perc_rain_ammo`` (+1) in heavy rain, ``perc_water_ammo`` (+2) once pinned or down in water
    (``in_water``); both at once by ``perc_wet_stacking`` ('cumulative' +3, 'largest' +2). kind
    'cartridge': unaffected by rain, ``cart_water_ammo`` (+1) after immersion (``immersed`` as
    ``immersion_trigger`` defines it, or ``in_water``). ``heavy_rain`` None: the rule
    ``heavy_rain``."""
    rules = _r(rules)
    _check("kind", kind, AMMO_KINDS)
    stacking = _reading(rules, "perc_wet_stacking")
    rain = rules.heavy_rain if heavy_rain is None else heavy_rain
    if kind == "bow":
        return max(base, rules.bow_wet_ammo) if (rain or in_water or immersed) else base
    if kind == "cartridge":
        return base + (rules.cart_water_ammo if (immersed or in_water) else 0)
    pens = [rules.perc_rain_ammo if rain else 0, rules.perc_water_ammo if in_water else 0]
    return base + (sum(pens) if stacking == "cumulative" else max(pens))


def sfd_pmf(dice: int, *, rules: WMRules | None = None) -> dict[tuple[int, int], Fraction]:
    """Joint distribution of (shots shown, jam faces) on ``dice`` sustained-fire dice
    (``sfd_faces``, ref 5.2 [V 2E]: 1, 1, 2, 2, 3, jam; -1 is a jam face)."""
    faces = _r(rules).sfd_faces
    if dice < 0:
        raise ValueError(f"dice {dice!r}: expected 0 or more")
    one: dict[tuple[int, int], Fraction] = {}
    for f in faces:
        key = (0, 1) if f < 0 else (f, 0)
        one[key] = one.get(key, 0) + Fraction(1, len(faces))
    out: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    for _ in range(dice):
        nxt: dict[tuple[int, int], Fraction] = {}
        for (s, j), p in out.items():
            for (s2, j2), q in one.items():
                nxt[(s + s2, j + j2)] = nxt.get((s + s2, j + j2), 0) + p * q
        out = nxt
    return dict(sorted(out.items()))


def shot(bs: int | None = None, modifier: int = 0, strength: int | None = None,
         toughness: int | None = None, *, save: int | None = None, save_modifier: int = 0,
         wounds: int | None = None, damage: int = 1, water: str | None = None, native: bool = False,
         true_grit: bool = False, ammo: int | None = None, sfd: int = 0, rounds: int | None = None,
         rules: WMRules | None = None) -> ShotOdds:
    """Exact odds of one shot, and with ``sfd=N`` of fanning/blazing away with N sustained-fire
    dice. Profile arguments left None are the rules' ganger (weapon S included).

    One shot: to hit a BS test at ``modifier`` (:func:`hit_chance`: natural 1 misses, the 6-then
    rule above 6); a hit pins; to wound by the chart (:func:`wound_need`); then the armour save
    if any (``save``, ``save_modifier``); an unsaved wound on a 1-wound fighter calls an Injury
    roll (:func:`injury_pmf` with ``water``, ``native``, ``true_grit``), a fighter with more
    wounds loses ``damage`` of them (:func:`state_after_wounds`). A to-hit die of ``ammo_on`` (6)
    calls an ammo roll of need ``ammo`` (None: no ammo roll modelled) whether or not the shot
    hits (:func:`ammo_pass_chance`); a failure jams the gun (``jam_outcome``).

    Sustained fire (text: blazing away and fanning): roll ``sfd`` dice (:func:`sfd_pmf`) for the
    number of shots, then roll to hit for each at ``modifier + sfd_modifier`` (the -1 is added
    here: pass the other modifiers only). Each jam face calls an ammo roll, as does each to-hit 6;
    each failure is one jam marker. ``rounds``: rounds loaded, capping the shots when
    ``sfd_limited_by_rounds``. ``sfd_shots_reading`` 'dice_only' (default: the shots are the
    dice total) or 'plus_base' (the normal shot plus the dice); ``sfd_jam_reading`` 'die_only'
    (default: a jam face gives no shots from that die, the other dice still fire) or 'stops_all'
    (any jam face, no shots at all). ``burst.state`` puts every shot at the one target (extra
    shots may go to others within ``sfd_spread_in``)."""
    rules = _r(rules)
    shots_reading = _reading(rules, "sfd_shots_reading")
    jam_reading = _reading(rules, "sfd_jam_reading")
    _reading(rules, "jam_outcome")
    if sfd < 0:
        raise ValueError(f"sfd {sfd!r}: expected 0 or more")
    if rounds is not None and rounds < 0:
        raise ValueError(f"rounds {rounds!r}: expected 0 or more")
    bs = _ganger(rules, "BS", bs)
    strength, toughness = _ganger(rules, "S", strength), _ganger(rules, "T", toughness)
    wounds = _ganger(rules, "W", wounds)
    injury = injury_pmf(water=water, native=native, true_grit=true_grit, rules=rules)
    mod = modifier + (rules.sfd_modifier if sfd else 0)
    need_hit = need_for(bs, mod, rules=rules)
    p_hit = hit_chance(bs, mod, rules=rules)
    need_wound = wound_need(strength, toughness, rules=rules)
    p_wound = (p_hit * wound_chance(strength, toughness, rules=rules)
               * (1 - save_chance(save, save_modifier, rules=rules)))
    one = state_after_wounds(1, wounds=wounds, damage=damage, injury=injury, rules=rules)
    p_roll = at_least(rules.ammo_on) if ammo is not None else Fraction(0)
    p_fail = 1 - ammo_pass_chance(ammo, rules=rules)
    burst = None
    if sfd:
        cap = rounds if rules.sfd_limited_by_rounds else None
        burst = _burst(sfd, p_hit, p_wound, p_roll, p_fail, wounds=wounds, damage=damage, injury=injury,
                       rounds=cap, shots_reading=shots_reading, jam_reading=jam_reading, rules=rules)
    return ShotOdds(p_hit=p_hit, p_wound=p_wound, p_flesh_wound=p_wound * one.get(FLESH_WOUND, 0),
                    p_down=p_wound * one.get(DOWN, 0), p_out_of_action=p_wound * one.get(OUT_OF_ACTION, 0),
                    p_lose_wound=p_wound * one.get("lost_wound", 0), p_ammo_roll=p_roll,
                    p_jam=p_roll * p_fail, need_hit=need_hit, need_wound=need_wound, burst=burst)


def _burst(dice, p_hit, p_wound, p_roll, p_fail, *, wounds, damage, injury, rounds, shots_reading,
           jam_reading, rules) -> Burst:
    shot_jam: dict[tuple[int, int], Fraction] = {}
    for (s, j), p in sfd_pmf(dice, rules=rules).items():
        if jam_reading == "stops_all" and j:
            s = 0
        elif shots_reading == "plus_base":
            s += 1
        if rounds is not None:
            s = min(s, rounds)
        shot_jam[(s, j)] = shot_jam.get((s, j), 0) + p
    shots: Pmf = {}
    for (s, _), p in shot_jam.items():
        shots[s] = shots.get(s, 0) + p
    shots = dict(sorted(shots.items()))
    hits = _mix((p, binomial(s, p_hit)) for s, p in shots.items())
    wnds = _mix((p, binomial(s, p_wound)) for s, p in shots.items())
    rolls = _mix((p, {j + k: q for k, q in binomial(s, p_roll).items()}) for (s, j), p in shot_jam.items())
    jams = _mix((p, binomial(r, p_fail) if r else {0: Fraction(1)}) for r, p in rolls.items())
    state = _mix((p, state_after_wounds(k, wounds=wounds, damage=damage, injury=injury, rules=rules))
                 for k, p in wnds.items())
    order = ("unhurt", "lost_wound", FLESH_WOUND, DOWN, OUT_OF_ACTION)
    state = {s: state[s] for s in order if s in state}
    p_jam_face = sum((p for (_, j), p in shot_jam.items() if j), Fraction(0))
    return Burst(dice=dice, shots=shots, hits=hits, wounds=wnds, expected_shots=mean(shots),
                 expected_hits=mean(hits), expected_wounds=mean(wnds), p_any_hit=1 - hits.get(0, 0),
                 p_jam_face=p_jam_face, ammo_rolls=rolls, jams=jams, p_jam=1 - jams.get(0, 0), state=state)


def double_barrel(bs: int | None = None, modifier: int = 0, strength: int | None = None,
                  toughness: int | None = None, *, shell: str = "manstopper", mode: str = "both",
                  rules: WMRules | None = None, **kwargs) -> dict:
    """Both barrels of a double-barrelled shotgun (text: Shotguns and Sawn Offs).

    mode 'sequential': two shots one after the other, each at ``double_sequential_mod`` (-1)
    (returns ``shots``: two :class:`ShotOdds` at the same modifier; the second may go at a target
    within ``double_second_within_in``). mode 'both' (together), at ``double_both_mod`` (-1):
    manstopper is one shot at S + ``double_both_strength`` (S5; returns ``shot``); scatter, on a
    hit, gives a D``double_both_scatter_hits`` (D3) of hits to each target under the template,
    cover ignored (``double_both_ignores_cover``: pass ``modifier`` without cover; ``hits`` and
    ``wounds``: the distribution for one target the template covers, counting the to-hit roll; a
    missed scatter shot scatters and is not modelled). Other keyword arguments go to
    :func:`shot`."""
    rules = _r(rules)
    _check("shell", shell, SHELLS)
    _check("mode", mode, BARREL_MODES)
    strength = _ganger(rules, "S", strength)
    if mode == "sequential":
        one = shot(bs, modifier + rules.double_sequential_mod, strength, toughness, rules=rules, **kwargs)
        return {"shots": (one, one)}
    mod = modifier + rules.double_both_mod
    if shell == "manstopper":
        return {"shot": shot(bs, mod, strength + rules.double_both_strength, toughness, rules=rules,
                             **kwargs)}
    one = shot(bs, mod, strength, toughness, rules=rules, **kwargs)
    p_w = one.p_wound / one.p_hit if one.p_hit else Fraction(0)
    sides = rules.double_both_scatter_hits
    hits = _mix([(1 - one.p_hit, {0: Fraction(1)})]
                + [(one.p_hit * Fraction(1, sides), {h: Fraction(1)}) for h in range(1, sides + 1)])
    wounds = _mix((p, binomial(h, p_w)) for h, p in hits.items())
    return {"shot": one, "hits": hits, "wounds": wounds}


class BarrelOdds(NamedTuple):
    """A loaded double-barrelled gun fired at one target (:func:`barrels`), as the engine
    fires it. ``p_roll_hits``: one to-hit roll succeeds (at ``need_hit``), ``p_roll_wounds``: and
    one hit of its shell wounds (unsaved); ``p_under``: one
    shell puts the target under its template (scatter: a hit, or a miss whose scatter lands no
    farther than the template reach from him; manstopper: a hit); ``hits`` / ``wounds``: hits
    and unsaved wounds the target takes in all; ``p_hit`` / ``p_wound``: at least one of each;
    ``state``: his state afterwards (``p_flesh_wound``, ``p_down``, ``p_out_of_action``,
    ``p_lose_wound`` its entries); ``expected_ammo_rolls``, ``p_ammo_roll`` (at least one),
    ``p_jam`` (at least one failed): every to-hit roll of the firing (``rolls``) counted."""

    mode: str
    shell: str
    rolls: int
    need_hit: int
    need_wound: int | None
    strength: int
    cover_ignored: bool
    p_roll_hits: Fraction
    p_roll_wounds: Fraction
    p_under: Fraction
    hits: Pmf
    wounds: Pmf
    expected_hits: Fraction
    expected_wounds: Fraction
    p_hit: Fraction
    p_wound: Fraction
    p_flesh_wound: Fraction
    p_down: Fraction
    p_out_of_action: Fraction
    p_lose_wound: Fraction
    state: dict[str, Fraction]
    expected_ammo_rolls: Fraction
    p_ammo_roll: Fraction
    p_jam: Fraction


def scatter_within(inches: Fraction, *, rules: WMRules | None = None) -> Fraction:
    """Chance a missed scatter shell lands no farther than ``inches`` from the point it was
    fired at: the artillery die's ``scatter_faces`` (halved when ``scatter_halved``; the
    misfire face 0 lands on the point), whatever the direction."""
    rules = _r(rules)
    scale = Fraction(1, 2) if rules.scatter_halved else Fraction(1)
    faces = rules.scatter_faces
    return Fraction(sum(1 for f in faces if f * scale <= inches), len(faces))


def template_reach(rules: WMRules | None = None) -> Fraction:
    """Inches from a scatter template's centre a fighter's point may be and be under it:
    ``scatter_radius_in`` plus ``template_base_in``, to the tenth of an inch the engine keeps."""
    rules = _r(rules)
    return Fraction(round(10 * (rules.scatter_radius_in + rules.template_base_in)), 10)


def barrels(bs: int | None = None, modifier: int = 0, strength: int | None = None,
            toughness: int | None = None, *, shell: str = "scatter", mode: str = "both",
            cover: str = "none", save: int | None = None, save_modifier: int = 0,
            wounds: int | None = None, damage: int = 1, water: str | None = None,
            native: bool = False, true_grit: bool = False, ammo: int | None = None,
            rules: WMRules | None = None) -> BarrelOdds:
    """Exact odds of a loaded double-barrelled gun fired at one target, the engine's way (text:
    Shotguns and Sawn Offs; docs/rules/westamunda.md, "Shotguns"). ``strength`` is the shell's
    S (default the ganger's weapon S); ``modifier`` the shot's other to-hit modifiers, ``cover``
    the target's (``cover_modifiers``); the rest as :func:`shot`.

    mode 'one': one barrel. 'both': both at once, one to-hit roll at ``double_both_mod`` (-1); a
    manstopper hit is one hit at S + ``double_both_strength``; a scatter shell ignores the
    cover (``double_both_ignores_cover``) and every fighter under its template takes a
    D``double_both_scatter_hits`` (D3) of hits. 'pair': both one after the other, each at
    ``double_sequential_mod`` (-1); the second barrel goes at him again (he is within
    ``double_second_within_in`` of where the first struck: him, or a missed scatter shell's
    landing point), unless the first scattered farther than that from him, when it is counted
    as missing him (the engine fires it at that bare point, whose own scatter is not modelled
    here; neither is a knock-back throwing him out of the second barrel's reach).

    A scatter shell that hits hits him; one that misses scatters (:func:`scatter_within`) and
    still hits him when it lands within :func:`template_reach` of him. Each hit is rolled to
    wound (then the save); the injuries follow :func:`state_after_wounds`."""
    rules = _r(rules)
    _check("shell", shell, SHELLS)
    _check("mode", mode, BARRELS)
    _check("cover", cover, COVERS)
    bs = _ganger(rules, "BS", bs)
    strength, toughness = _ganger(rules, "S", strength), _ganger(rules, "T", toughness)
    wounds = _ganger(rules, "W", wounds)
    scatter = shell == "scatter"
    ignored = mode == "both" and scatter and rules.double_both_ignores_cover and cover != "none"
    mod = modifier + {"one": 0, "both": rules.double_both_mod,
                      "pair": rules.double_sequential_mod}[mode]
    if cover != "none" and not ignored:
        mod += rules.cover_modifiers[COVERS.index(cover) - 1]
    if mode == "both" and not scatter:
        strength += rules.double_both_strength
    need_hit = need_for(bs, mod, rules=rules)
    p = hit_chance(bs, mod, rules=rules)
    near = scatter_within(template_reach(rules), rules=rules) if scatter else Fraction(0)
    under = p + (1 - p) * near
    if mode == "one":
        hits = {1: under, 0: 1 - under}
    elif mode == "both":
        sides = rules.double_both_scatter_hits if scatter else 1
        hits = _mix([(1 - under, {0: Fraction(1)})]
                    + [(under * Fraction(1, sides), {h: Fraction(1)}) for h in range(1, sides + 1)])
    else:
        second = {1: under, 0: 1 - under}
        parts = [(p, {1 + k: q for k, q in second.items()})]
        if scatter:  # a miss: under the template within its reach, the second at him within 2"
            scale = Fraction(1, 2) if rules.scatter_halved else Fraction(1)
            reach = template_reach(rules)
            for face in rules.scatter_faces:
                d = face * scale
                first = 1 if d <= reach else 0
                follow = second if d <= rules.double_second_within_in else {0: Fraction(1)}
                parts.append(((1 - p) / len(rules.scatter_faces),
                              {first + k: q for k, q in follow.items()}))
        else:
            parts.append((1 - p, second))
        hits = _mix(parts)
    hits = {k: v for k, v in sorted(hits.items()) if v}
    p_w = wound_chance(strength, toughness, rules=rules) * (1 - save_chance(save, save_modifier,
                                                                             rules=rules))
    wnds = _mix((q, binomial(k, p_w)) for k, q in hits.items())
    injury = injury_pmf(water=water, native=native, true_grit=true_grit, rules=rules)
    state = _mix((q, state_after_wounds(k, wounds=wounds, damage=damage, injury=injury,
                                        rules=rules)) for k, q in wnds.items())
    order = ("unhurt", "lost_wound", FLESH_WOUND, DOWN, OUT_OF_ACTION)
    state = {s: state[s] for s in order if s in state}
    rolls = 2 if mode == "pair" else 1
    p_roll = at_least(rules.ammo_on) if ammo is not None else Fraction(0)
    p_fail = 1 - ammo_pass_chance(ammo, rules=rules)
    return BarrelOdds(
        mode=mode, shell=shell, rolls=rolls, need_hit=need_hit,
        need_wound=wound_need(strength, toughness, rules=rules), strength=strength,
        cover_ignored=ignored, p_roll_hits=p, p_roll_wounds=p * p_w, p_under=under, hits=hits,
        wounds=wnds,
        expected_hits=mean(hits), expected_wounds=mean(wnds), p_hit=1 - hits.get(0, 0),
        p_wound=1 - wnds.get(0, 0), p_flesh_wound=state.get(FLESH_WOUND, Fraction(0)),
        p_down=state.get(DOWN, Fraction(0)), p_out_of_action=state.get(OUT_OF_ACTION, Fraction(0)),
        p_lose_wound=state.get("lost_wound", Fraction(0)), state=state,
        expected_ammo_rolls=rolls * p_roll, p_ammo_roll=1 - (1 - p_roll) ** rolls,
        p_jam=1 - (1 - p_roll * p_fail) ** rolls)


def kickback_chance(firer_strength: int | None = None, weapon_strength: int | None = None, *,
                    rules: WMRules | None = None) -> Fraction:
    """Chance the firer is knocked off his feet (pinned) by the recoil: only when the weapon's S
    is at least ``kickback_gap`` (2) above his own, then he fails an S test (text: Kickback)."""
    rules = _r(rules)
    firer = _ganger(rules, "S", firer_strength)
    if _ganger(rules, "S", weapon_strength) - firer < rules.kickback_gap:
        return Fraction(0)
    return 1 - characteristic_test(firer, rules=rules)


def knockdown_chance(target_strength: int | None = None, shot_strength: int | None = None, *,
                     rules: WMRules | None = None) -> Fraction:
    """Chance a fighter struck by a shot is knocked back ``knockdown_in``: shots of S
    ``knockdown_strength`` (4) or more, then a failed S test (text: Knockdown). Given the hit."""
    rules = _r(rules)
    if _ganger(rules, "S", shot_strength) < rules.knockdown_strength:
        return Fraction(0)
    return 1 - characteristic_test(_ganger(rules, "S", target_strength), rules=rules)


def mounted_hit_location(*, double: bool = False, rules: WMRules | None = None) -> dict[str, Fraction]:
    """Where a hit on a mounted target lands (text: Horses): the rider on ``rider_hit_faces`` (2:
    5-6) of the D6, the horse on the rest; with two riders on one horse a rider on
    ``double_mount_rider_faces`` (3: 1-3; which rider is left to the engine)."""
    rules = _r(rules)
    rider = Fraction(rules.double_mount_rider_faces if double else rules.rider_hit_faces, 6)
    return {"horse": 1 - rider, "rider": rider}


# ---- reloading, jams -------------------------------------------------------------------------------

class ReloadOdds(NamedTuple):
    """One reloading turn. outcomes: {(loaded, lost): p}; loaded / lost: their marginals;
    p_full: every empty chamber filled; p_bs: the reload succeeds (1 when no BS roll is needed, 0
    when reloading is not allowed); category: the RELOAD_CATEGORIES name ('auto', 'roll',
    'none')."""

    outcomes: dict[tuple[int, int], Fraction]
    loaded: Pmf
    lost: Pmf
    p_full: Fraction
    expected_loaded: Fraction
    expected_lost: Fraction
    p_bs: Fraction
    category: str


def reload_category(activity: str = "still", *, mounted: bool = False, rules: WMRules | None = None) -> str:
    """The text's reload category (``RELOAD_CATEGORIES``: 'auto', 'roll', 'none') of a turn spent
    on ``activity`` (``ACTIVITIES``: still, hiding -> auto; observing, crawling, walking, minor ->
    roll; running, climbing, melee -> none; ``reload_category_of``), ``mounted_reload_shift`` up
    on horseback (a still horse is 'roll', anything more 'none')."""
    _check("activity", activity, ACTIVITIES)
    return _r(rules).reload_category(activity, mounted)


def reload_bs_chance(activity: str = "still", bs: int | None = None, modifier: int = 0, *,
                     mounted: bool = False, rules: WMRules | None = None) -> Fraction:
    """Chance one reloading (or jam-clearing, or fuse-lighting) action succeeds: 1 in category
    'auto', a BS test in 'roll', 0 in 'none'."""
    rules = _r(rules)
    cat = reload_category(activity, mounted=mounted, rules=rules)
    if cat == "auto":
        return Fraction(1)
    if cat == "roll":
        return characteristic_test(_ganger(rules, "BS", bs), modifier, rules=rules)
    return Fraction(0)


def _marginals(outcomes: dict[tuple[int, int], Fraction]) -> tuple[Pmf, Pmf]:
    loaded: Pmf = {}
    lost: Pmf = {}
    for (a, b), q in outcomes.items():
        loaded[a] = loaded.get(a, 0) + q
        lost[b] = lost.get(b, 0) + q
    return dict(sorted(loaded.items())), dict(sorted(lost.items()))


def reload_roll(room: int, *, activity: str = "still", bs: int | None = None, modifier: int = 0,
                mounted: bool = False, reloads: int | None = None, method: str = "rounds",
                rules: WMRules | None = None) -> ReloadOdds:
    """One turn reloading a cartridge weapon with ``room`` empty chambers (text: Reloading).

    method 'rounds' (loose cartridges): a D``reload_die`` (D8) says how many rounds are handled;
    a passed BS roll (none needed in category 'auto') loads min(D8, room, reloads,
    ``reload_max_rounds``) of them; a failed one loses rounds from the reloads by
    ``reload_loss``: 'chambers' (default: the number that would have gone in) or 'die' (the
    whole D8, never more than the reloads left). Single-shot weapons are the case room = 1: any D8
    loads them, so they load whenever the roll passes. method 'cylinder' (a spare pre-loaded
    revolver cylinder) or 'magazine' (a Spencer tube): by ``cylinder_fit`` a passed roll fills all
    ``room`` ('whole', default) or min(D8, room) ('d8'); a failed one loses nothing (the cylinder
    is kept, text: Reloads)."""
    rules = _r(rules)
    _check("method", method, RELOAD_METHODS)
    loss = _reading(rules, "reload_loss")
    fit = _reading(rules, "cylinder_fit")
    if room < 0:
        raise ValueError(f"room {room!r}: expected 0 or more")
    if reloads is not None and reloads < 0:
        raise ValueError(f"reloads {reloads!r}: expected 0 or more")
    category = reload_category(activity, mounted=mounted, rules=rules)
    p = reload_bs_chance(activity, bs, modifier, mounted=mounted, rules=rules)
    top, sides = rules.reload_max_rounds, rules.reload_die
    if category == "none":
        outcomes = {(0, 0): Fraction(1)}
    elif method != "rounds":
        if fit == "whole":
            outcomes = _mix([(p, {(room, 0): Fraction(1)}), (1 - p, {(0, 0): Fraction(1)})])
        else:
            outcomes = _mix([(Fraction(1, sides) * p, {(min(n, room), 0): Fraction(1)})
                             for n in range(1, sides + 1)] + [(1 - p, {(0, 0): Fraction(1)})])
    else:
        cap = min(room, top) if reloads is None else min(room, top, reloads)
        parts = []
        for n in range(1, sides + 1):
            put = min(n, cap)
            lose = put if loss == "chambers" else (n if reloads is None else min(n, reloads))
            parts.append((Fraction(1, sides) * p, {(put, 0): Fraction(1)}))
            parts.append((Fraction(1, sides) * (1 - p), {(0, lose): Fraction(1)}))
        outcomes = _mix(parts)
    loaded, lost = _marginals(outcomes)
    return ReloadOdds(outcomes=outcomes, loaded=loaded, lost=lost, p_full=loaded.get(room, Fraction(0)),
                      expected_loaded=mean(loaded), expected_lost=mean(lost), p_bs=p, category=category)


def le_mat_reload(empty_chambers: int, shell_empty: bool = True, *, shotgun_first: bool = True,
                  activity: str = "still", bs: int | None = None, modifier: int = 0, mounted: bool = False,
                  rules: WMRules | None = None) -> dict[tuple[int, int, int, int], Fraction]:
    """One reloading turn of a Le Mat (text: Reloads): the D8 rounds go into the shotgun barrel
    first or last as declared. Returns {(chambers loaded, shell loaded, chamber rounds lost, shells
    lost): p}; a failed BS roll loses the rounds that would have gone in (``reload_loss``
    'chambers'; with 'die' the rounds beyond the empty slots are lost as revolver rounds). A
    percussion Le Mat (its row's reload 'chamber') under percussion_reload 'chamber' loads one
    charge a turn, the first in the declared order, as the engine does."""
    rules = _r(rules)
    loss = _reading(rules, "reload_loss")
    p = reload_bs_chance(activity, bs, modifier, mounted=mounted, rules=rules)
    if reload_category(activity, mounted=mounted, rules=rules) == "none":
        return {(0, 0, 0, 0): Fraction(1)}
    slots = ["c"] * empty_chambers
    if shell_empty:
        slots = ["s", *slots] if shotgun_first else [*slots, "s"]
    if RELOAD_KINDS[rules.weapon("lemat")["reload"]] == "chamber" and \
            rules.percussion_reload == "chamber":  # a percussion Le Mat: one charge a turn
        c, s = slots[:1].count("c"), slots[:1].count("s")
        return _mix([(p, {(c, s, 0, 0): Fraction(1)}), (1 - p, {(0, 0, c, s): Fraction(1)})])
    sides = rules.reload_die
    parts = []
    for n in range(1, sides + 1):
        taken = slots[:min(n, rules.reload_max_rounds)]
        c, s = taken.count("c"), taken.count("s")
        extra = max(n - len(taken), 0) if loss == "die" else 0
        parts.append((Fraction(1, sides) * p, {(c, s, 0, 0): Fraction(1)}))
        parts.append((Fraction(1, sides) * (1 - p), {(0, 0, c + extra, s): Fraction(1)}))
    return _mix(parts)


def percussion_load(chambers: int, turns: int, *, activity: str = "still", bs: int | None = None,
                    modifier: int = 0, mounted: bool = False,
                    rules: WMRules | None = None) -> dict[tuple[int, int], Fraction]:
    """Loading ``chambers`` empty chambers or barrels of a percussion weapon over ``turns`` turns
    (text: Reloading, percussion), stopping once all are loaded. Returns {(chambers loaded,
    charges lost): p}.

    ``percussion_reload`` 'chamber' (default): one chamber a turn, sure in category 'auto', a BS
    test in 'roll' with a fumbled (lost) charge on a failure, nothing in 'none'. 'cartridge' (the
    text's option when every player agrees): each turn is a :func:`reload_roll` of the chambers
    still empty, with unlimited charges in hand."""
    rules = _r(rules)
    how = _reading(rules, "percussion_reload")
    if reload_category(activity, mounted=mounted, rules=rules) == "none":
        return {(0, 0): Fraction(1)}
    p = reload_bs_chance(activity, bs, modifier, mounted=mounted, rules=rules)
    state: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    for _ in range(turns):
        nxt: dict[tuple[int, int], Fraction] = {}
        for (a, f), q in state.items():
            if a >= chambers:
                steps = {(0, 0): Fraction(1)}
            elif how == "chamber":
                steps = {(1, 0): p, (0, 1): 1 - p}
            else:
                steps = reload_roll(chambers - a, activity=activity, bs=bs, modifier=modifier,
                                    mounted=mounted, rules=rules).outcomes
            for (da, df), w in steps.items():
                if w:
                    key = (a + da, f + df)
                    nxt[key] = nxt.get(key, 0) + q * w
        state = nxt
    return dict(sorted(state.items()))


def clear_jams(markers: int, turns: int = 1, *, activity: str = "still", bs: int | None = None,
               modifier: int = 0, mounted: bool = False, rules: WMRules | None = None) -> Pmf:
    """Jam markers left after ``turns`` turns spent clearing (text: Jams and Ammo Rolls): each turn
    is a reloading action (:func:`reload_bs_chance`) that removes ``jams_cleared_per_turn`` (1)
    markers when it succeeds. Under ``jam_outcome`` 'useless' a failed ammo roll loses the weapon
    for the fight, so nothing clears."""
    rules = _r(rules)
    if _reading(rules, "jam_outcome") == "useless":
        return {markers: Fraction(1)}
    p = reload_bs_chance(activity, bs, modifier, mounted=mounted, rules=rules)
    step = rules.jams_cleared_per_turn
    state: Pmf = {markers: Fraction(1)}
    for _ in range(turns):
        nxt: Pmf = {}
        for m, q in state.items():
            for key, w in ((max(m - step, 0), p), (m, 1 - p)) if m else ((0, Fraction(1)),):
                if w:
                    nxt[key] = nxt.get(key, 0) + q * w
        state = nxt
    return dict(sorted(state.items()))


# ---- quick draw, turn order --------------------------------------------------------------------------

class QuickDraw(NamedTuple):
    """may_try: the mover may take the quick-draw Initiative test; p_mover_first: he passes it and
    fires a snap shot first; p_overwatch_first: the overwatcher fires first."""

    may_try: bool
    p_mover_first: Fraction
    p_overwatch_first: Fraction


def quick_draw(i_mover: int | None = None, i_overwatch: int | None = None, modifier: int = 0, *,
               rules: WMRules | None = None) -> QuickDraw:
    """A mover shot at by a fighter on overwatch (text: Quick Draw): with ``quick_draw`` on and
    his I at least ``quick_draw_margin`` (1: strictly) above the overwatcher's, he may take an
    Initiative test (``i_roll_reading``); passing lets him fire first, as a snap shot. Otherwise,
    or on a failed test, the overwatcher fires first."""
    rules = _r(rules)
    i_mover, i_overwatch = _ganger(rules, "I", i_mover), _ganger(rules, "I", i_overwatch)
    if not rules.quick_draw or i_mover - i_overwatch < rules.quick_draw_margin:
        return QuickDraw(False, Fraction(0), Fraction(1))
    p = characteristic_test(i_mover, modifier, initiative=True, rules=rules)
    return QuickDraw(True, p, 1 - p)


def brawl_order(i_a: int | None = None, i_b: int | None = None, *,
                rules: WMRules | None = None) -> dict[str, Fraction]:
    """Fast-draw order (the shoot-out's ``shootout_order`` 'i_plus_d6'; the text's bar-room
    order): each rolls I + D6, higher acts first, equal scores act together. Returns {a_first,
    together, b_first}."""
    rules = _r(rules)
    a, b = die(6, _ganger(rules, "I", i_a)), die(6, _ganger(rules, "I", i_b))
    out = {"a_first": Fraction(0), "together": Fraction(0), "b_first": Fraction(0)}
    for x, p in a.items():
        for y, q in b.items():
            out["a_first" if x > y else "b_first" if y > x else "together"] += p * q
    return out


# ---- hand-to-hand ------------------------------------------------------------------------------------

class Combatant(NamedTuple):
    """One fighter in a one-on-one hand-to-hand fight (ref 7). Profile fields left None are the
    rules' ganger (:meth:`resolved`).

    strength / save_modifier: of the blows he deals; toughness / save: his own; modifier: the sum
    of his combat-score modifiers (:func:`combat_modifier`); extra_die: a weapon in each hand and
    only pistols/hand weapons (``two_weapon_bonus`` Attack dice; not on horseback, text); parry:
    he carries a parrying weapon."""

    ws: int | None = None
    attacks: int | None = None
    initiative: int | None = None
    strength: int | None = None
    toughness: int | None = None
    wounds: int | None = None
    save: int | None = None
    save_modifier: int = 0
    modifier: int = 0
    extra_die: bool = False
    parry: bool = False

    def resolved(self, rules: WMRules | None = None) -> Combatant:
        """This fighter with every profile field that is None taken from the rules' ganger."""
        g = _r(rules).profile("ganger")
        fields = (("ws", "WS"), ("attacks", "A"), ("initiative", "I"), ("strength", "S"),
                  ("toughness", "T"), ("wounds", "W"))
        return self._replace(**{f: g[stat] for f, stat in fields if getattr(self, f) is None})

    def dice(self, rules: WMRules | None = None) -> int:
        """Attack dice: A, plus ``two_weapon_bonus`` with ``extra_die``."""
        c = self.resolved(rules)
        return c.attacks + (_r(rules).two_weapon_bonus if c.extra_die else 0)


def combat_modifier(*, charging: bool = False, horse_charge: bool = False, higher_up: bool = False,
                    encumbered: bool = False, obstacle: bool = False, rules: WMRules | None = None) -> int:
    """Sum of the combat-score modifiers (ref 7 [V R95 p23]): ``charge_bonus`` (+1),
    ``higher_ground_bonus`` (+1), ``encumbered_penalty`` (-1), ``obstacle_penalty`` (-1, charging
    a foe behind an obstacle); a mounted charger adds ``mounted_charge_bonus`` (+1) for the
    horse's bulk in the first round (text: Combat on Horseback)."""
    rules = _r(rules)
    return ((rules.charge_bonus if charging else 0)
            + (rules.mounted_charge_bonus if horse_charge else 0)
            + (rules.higher_ground_bonus if higher_up else 0)
            + (rules.encumbered_penalty if encumbered else 0)
            + (rules.obstacle_penalty if obstacle else 0))


class HandToHandOdds(NamedTuple):
    """One round. a_hits / b_hits: hits each side scores on the other; a_wounds / b_wounds: those
    that wound and are not saved; a_state / b_state: each side's own state after the round (a
    down fighter alone in the fight is out of action when ``down_alone_out``, ref 4.3 [V])."""

    p_a_wins: Fraction
    p_b_wins: Fraction
    p_standoff: Fraction
    a_hits: Pmf
    b_hits: Pmf
    a_wounds: Pmf
    b_wounds: Pmf
    a_state: dict[str, Fraction]
    b_state: dict[str, Fraction]


def _multisets(n: int):
    """Sorted dice tuples of ``n`` D6 with their probability."""
    total = 6 ** n
    for combo in itertools.combinations_with_replacement(range(1, 7), n):
        ways = math.factorial(n)
        for f in set(combo):
            ways //= math.factorial(combo.count(f))
        yield combo, Fraction(ways, total)


def hand_to_hand(a: Combatant, b: Combatant, *, rules: WMRules | None = None) -> HandToHandOdds:
    """One round of one-on-one hand-to-hand (text: "the same as in Necromunda"; ref 7).

    ``melee_reading`` 'combat_score' (default): each rolls his Attack dice (:meth:`Combatant.dice`)
    and scores WS + best die + modifier, ``critical_bonus`` for each further 6 he rolled and
    ``fumble_bonus`` for each 1 the other rolled. Higher score wins and strikes one hit per point
    of difference (``melee_hits`` 'difference'; 'one': one hit); equal scores go to the higher
    Initiative with ``melee_tie_hits`` (1) hits, equal Initiative is a stand-off. Parry (ref 7 [S
    BSD]): a fighter with a parry who is losing makes the other re-roll his highest die; two
    parries cancel. 'ws_roll' (the characteristics paragraph's example): each Attack die hits on
    a WS test at the fighter's modifier (:func:`characteristic_test`), both sides strike, the side
    with more hits 'wins' (parries ignored).

    Each hit wounds by the chart and may be saved; the state of the struck fighter follows
    :func:`state_after_wounds`."""
    rules = _r(rules)
    reading = _reading(rules, "melee_reading")
    hits_rule = _reading(rules, "melee_hits")
    a, b = a.resolved(rules), b.resolved(rules)
    na, nb = a.dice(rules), b.dice(rules)
    if na < 1 or nb < 1:
        raise ValueError("attacks: a combatant needs at least one Attack die")

    def score(c: Combatant, dice, other) -> int:
        best = max(dice)
        crits = dice.count(6) - 1 if best == 6 else 0
        return (c.ws + c.modifier + best + crits * rules.critical_bonus
                + other.count(1) * rules.fumble_bonus)

    def winner(sa, sb):
        """(side, hits): side 1 if a wins, -1 if b wins, 0 for a stand-off."""
        if sa != sb:
            side, diff = (1, sa - sb) if sa > sb else (-1, sb - sa)
            return side, diff if hits_rule == "difference" else 1
        if a.initiative != b.initiative:
            return (1 if a.initiative > b.initiative else -1), rules.melee_tie_hits
        return 0, 0

    def resolve(da, db):
        return winner(score(a, da, db), score(b, db, da))

    def reroll_highest(dice, face):
        d = list(dice)
        d[d.index(max(d))] = face
        return tuple(d)

    if reading == "ws_roll":
        a_hits = binomial(na, characteristic_test(a.ws, a.modifier, rules=rules))
        b_hits = binomial(nb, characteristic_test(b.ws, b.modifier, rules=rules))
        p_a = sum((p * q for (x, p), (y, q) in itertools.product(a_hits.items(), b_hits.items()) if x > y),
                  Fraction(0))
        p_b = sum((p * q for (x, p), (y, q) in itertools.product(a_hits.items(), b_hits.items()) if y > x),
                  Fraction(0))
    else:
        result: dict[tuple[int, int], Fraction] = {}  # (side, hits) -> p
        for da, pa in _multisets(na):
            for db, pb in _multisets(nb):
                first = resolve(da, db)
                branches = [(Fraction(1), first)]
                if a.parry != b.parry and first[0] == (-1 if a.parry else 1):
                    # the side with the only parry is losing: the other re-rolls his highest die
                    branches = [(Fraction(1, 6), resolve(da, reroll_highest(db, f)) if a.parry
                                 else resolve(reroll_highest(da, f), db)) for f in range(1, 7)]
                for q, key in branches:
                    result[key] = result.get(key, 0) + pa * pb * q
        p_a = sum((p for (side, _), p in result.items() if side > 0), Fraction(0))
        p_b = sum((p for (side, _), p in result.items() if side < 0), Fraction(0))
        a_hits, b_hits = {}, {}
        for (side, h), p in result.items():
            ha, hb = (h, 0) if side > 0 else (0, h) if side < 0 else (0, 0)
            a_hits[ha] = a_hits.get(ha, 0) + p
            b_hits[hb] = b_hits.get(hb, 0) + p
        a_hits, b_hits = dict(sorted(a_hits.items())), dict(sorted(b_hits.items()))

    def wounding(hitter: Combatant, target: Combatant, hits: Pmf):
        pw = (wound_chance(hitter.strength, target.toughness, rules=rules)
              * (1 - save_chance(target.save, hitter.save_modifier, rules=rules)))
        wnd = _mix((p, binomial(h, pw)) for h, p in hits.items())
        state = _mix((p, state_after_wounds(k, wounds=target.wounds, rules=rules)) for k, p in wnd.items())
        if rules.down_alone_out and DOWN in state:
            state[OUT_OF_ACTION] = state.get(OUT_OF_ACTION, 0) + state.pop(DOWN)
        order = ("unhurt", "lost_wound", FLESH_WOUND, DOWN, OUT_OF_ACTION)
        return wnd, {s: state[s] for s in order if s in state}

    a_wounds, b_state = wounding(a, b, a_hits)
    b_wounds, a_state = wounding(b, a, b_hits)
    return HandToHandOdds(p_a_wins=p_a, p_b_wins=p_b, p_standoff=1 - p_a - p_b, a_hits=a_hits, b_hits=b_hits,
                          a_wounds=a_wounds, b_wounds=b_wounds, a_state=a_state, b_state=b_state)


class HitRunOdds(NamedTuple):
    """A hit-and-run's exchange (:func:`hit_and_run`). exchange: the round as
    :class:`HandToHandOdds` (a: the rider, b: the man on foot); rider_hits / target_hits: the
    blows each strikes (the exchange's a_hits / b_hits); target_state: the man on foot's state
    afterwards; on_rider / on_horse: the target's blows located on the rider and on his horse;
    rider_wounds: the wounds the rider takes from the blows on him; p_horse_struck: at least
    one blow on the horse."""

    exchange: HandToHandOdds
    rider_hits: Pmf
    target_hits: Pmf
    target_state: dict[str, Fraction]
    on_rider: Pmf
    on_horse: Pmf
    rider_wounds: Pmf
    p_horse_struck: Fraction


def hit_and_run(rider: Combatant, target: Combatant, *, over_obstacle: bool = False,
                rules: WMRules | None = None) -> HitRunOdds:
    """A rider's hit-and-run at a man on foot (text: Combat on Horseback; engine ``_hit_run``):
    both strike one attack die at once whatever their Attacks or weapons (``attacks`` and
    ``extra_die`` are ignored), the rider with the ``charge_bonus`` (not the horse's bulk,
    ``mounted_charge_bonus``) and ``obstacle_penalty`` when the target stands behind a low
    obstacle (``over_obstacle``); parries, criticals, fumbles and the I tie-break as in any
    round (:func:`hand_to_hand`; under melee_reading 'ws_roll' one WS test each, both strike).
    A man on foot downed by it is out of action only under ``hit_and_run_down_out`` (with
    ``down_alone_out``). Each blow at the rider is located as a shot is (``rider_hit_faces`` of
    the D6 the rider, the rest his horse): the rider's wounds count the blows on him; what the
    blows on the horse do (its wound, the horse falling and throwing him) follows the horse
    rules (:func:`mounted_hit_location`), as does a wounded rider's test to stay on, so
    neither is in these odds."""
    rules = _r(rules)
    rider = rider.resolved(rules)
    target = target.resolved(rules)
    a = rider._replace(attacks=1, extra_die=False,
                       modifier=rider.modifier + combat_modifier(charging=True,
                                                                 obstacle=over_obstacle,
                                                                 rules=rules))
    b = target._replace(attacks=1, extra_die=False)
    finish = rules.down_alone_out and rules.hit_and_run_down_out
    h = hand_to_hand(a, b, rules=dataclasses.replace(rules, down_alone_out=finish))
    p_rider = Fraction(rules.rider_hit_faces, 6)
    on_rider = _mix((p, binomial(k, p_rider)) for k, p in h.b_hits.items())
    on_horse = _mix((p, binomial(k, 1 - p_rider)) for k, p in h.b_hits.items())
    pw = (wound_chance(b.strength, a.toughness, rules=rules)
          * (1 - save_chance(a.save, b.save_modifier, rules=rules)))
    rider_wounds = _mix((p, binomial(k, pw)) for k, p in on_rider.items())
    return HitRunOdds(exchange=h, rider_hits=h.a_hits, target_hits=h.b_hits,
                      target_state=h.b_state, on_rider=dict(sorted(on_rider.items())),
                      on_horse=dict(sorted(on_horse.items())),
                      rider_wounds=dict(sorted(rider_wounds.items())),
                      p_horse_struck=1 - on_horse.get(0, Fraction(0)))
