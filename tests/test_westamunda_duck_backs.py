"""Westamunda duck backs (the text's optional rule, "Duck backs"; docs/rules/westamunda.md rows
118-121; rules ``duck_backs``, off by default, and ``duck_back_ld_bonus`` (1, 2)).

With the rule on, a missed single shot or shot of a burst at a fighter behind cover (partial
or full: the SHOT's cover 1 or 2), standing, not pinned, not in hand-to-hand and not riding,
whose first die reaches the need rebuilt with every modifier but the cover's (range, snap,
aim, the target's own, sustained fire, the shooter's; at most 6, a natural 1 failing) makes
him duck back: pinned without a hit (Ev.DUCK; the firer's side's tidy ``ducks_caused``; no
PINNED, no ``pins``), his aim and overwatch gone; a mover shot on overwatch who ducks back
stops. Not from the barrels of a double-barrelled firing, point shots or templates. At the
start of his next turn he shakes it off on a leadership test, ``ld_dice`` D6 at most his Ld +
the bonus for the cover he ducked behind, with no friend needed (Ev.UNPIN c=1, e the Ld
tested); a hit's pin turns the duck back into an ordinary pin; one not shaken off is lifted at
the end of that turn as any pin.

The independent trace auditor (``_audit`` in tests/test_westamunda_engine.py) checks this on
every traced fight below from the events, rosters and rules alone (the trigger rebuilt for
every missed shot, exactly one DUCK where it is met and none elsewhere, the ducked fighter
followed as pinned, his escape test's Ld, dice and result, the tidy ``ducks_caused`` and
``pins``) besides every other rule it follows, and returns the counts and lists read here;
fights played under other duck-back rules fail it.

Tested here: duck backs in play at a plausible rate with the rule on and none with it off; the
rule off plays exactly the fights of before (explicitly off is the default, record for record);
audited fights pass with the rule on, with movers ducking on overwatch among them, under the
standard gangs and under other kit and readings; the escape tests pass at the exact chance of
``ld_dice`` D6 at most Ld + bonus (per Ld tested) and their dice are fair, and a changed
``duck_back_ld_bonus`` moves the pass rate as the odds say; riders never duck back (cavalry
mounted, while their misses would have made men on foot duck); the auditor fails fights played
under other duck-back rules, and doctored traces (a DUCK dropped, its need or cover changed,
its escape test logged as an I test or at another Ld). The fights: every ordered pairing of the
five gunfighters (the random floor among them) with the standard gangs, seed 5 (tidy: stream
0; traced: stream 1).
Statistical tests are seeded and state their false-alarm rate (1e-3 each); the rate floors
are about a third of what the seeded fights show. With the engine compiled (cached), the file
takes about 30 s (40 s on a busy machine).
"""

import dataclasses
import math

import numpy as np
import pytest
from test_westamunda_engine import (
    MIXED,
    NAMES,
    SHELL_OV,
    SHOTGUNS,
    WEAK,
    R,
    _audit,
    audit_fails,
    audited,
    lineups,
)

from helpers import binom_p, chi2_p
from sim.westamunda import builds, odds
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import WMRules

ALPHA = 1e-3
ON = WMRules(duck_backs=True)
OFF = WMRules(duck_backs=False)
DUCKS = S.SIDE_NAMES.index("ducks_caused")
PINS = S.SIDE_NAMES.index("pins")
CAVALRY = WMRules(duck_backs=True, mounted_a=True, gang_a="cavalry")
# an entry of the auditor's duck_tests: (Ld tested, dice total, passed, cover, a standing
# leader of higher Ld within leader_ld_in); of its duck_list: (cover, need without the cover,
# die, the shot's need)
LD, TOTAL, PASSED, COVER, NEAR_LEADER = range(5)
D_COVER, NEED0, DIE, NEED = range(4)


def ld_pmf(rules):
    """Exact distribution of the total of rules.ld_dice D6 (index: the total)."""
    pmf = np.zeros(6 * rules.ld_dice + 1)
    pmf[0] = 1.0
    for _ in range(rules.ld_dice):
        pmf = np.convolve(pmf, [0] + [1 / 6] * 6)[:6 * rules.ld_dice + 1]
    return pmf


def escapes_at_exact_odds(tests, rules, min_n=20):
    """Each Ld tested in ``min_n`` or more escape tests passes at odds.leadership_test(Ld)
    (exact binomial, ALPHA each); all the passes together fit the sum of their chances (a
    normal test of the Poisson-binomial count, ALPHA); the dice totals fit ld_dice D6
    (chi-square, ALPHA). Returns the Ld values tested."""
    lds = sorted({t[LD] for t in tests})
    tested = []
    for ld in lds:
        got = [t[PASSED] for t in tests if t[LD] == ld]
        if len(got) < min_n:
            continue
        p = float(odds.leadership_test(ld, rules=rules))
        assert binom_p(sum(got), len(got), p) > ALPHA, (ld, sum(got), len(got), p)
        tested.append(ld)
    ps = np.array([float(odds.leadership_test(t[LD], rules=rules)) for t in tests])
    z = (sum(t[PASSED] for t in tests) - ps.sum()) / math.sqrt((ps * (1 - ps)).sum())
    assert abs(z) < 3.29, (z, sum(t[PASSED] for t in tests), ps.sum())  # two-sided 1e-3
    totals = np.bincount([t[TOTAL] for t in tests], minlength=6 * rules.ld_dice + 1)
    assert chi2_p(totals, ld_pmf(rules)) > ALPHA, totals
    return tested


# ---------------------------------------------------------------- in play (tidy records)


@pytest.fixture(scope="module")
def tidy():
    """Tidy records of 500 fights of every ordered pairing of the gunfighters with the
    standard gangs (seed 5, stream 0): the rule on, explicitly off, and the defaults."""
    k, w = lineups(NAMES, 500)
    return {name: E.play_batch(rules, 5, 0, 0, k, w)
            for name, rules in (("on", ON), ("off", OFF), ("default", R))}


def test_duck_backs_happen_in_play_with_the_rule_and_never_without(tidy):
    """With the rule on the 500 fights show duck backs (seen 650, 1.3 a fight; floor 215),
    both sides causing them (each floor 70) and in many fights (seen in more than half;
    floor 100 fights); with it off none; no fight broke an engine invariant."""
    on = tidy["on"].sides[:, :, DUCKS]
    assert on.sum() >= 215, on.sum()
    assert on[:, 0].sum() >= 70 and on[:, 1].sum() >= 70, on.sum(axis=0)
    assert (on.sum(axis=1) > 0).sum() >= 100
    for name in ("off", "default"):
        assert tidy[name].sides[:, :, DUCKS].sum() == 0
    for batch in tidy.values():
        assert (batch.games[:, S.G_ERROR] == 0).all()


def test_the_rule_off_plays_the_fights_of_before(tidy):
    """duck_backs False is the default: explicitly off and the defaults play the same 500
    fights record for record (every game and side column), and the rule's switch changes
    nothing else in the engine's rule vector; the rule on changes the fights."""
    off, default = tidy["off"], tidy["default"]
    assert R.duck_backs is False
    assert np.array_equal(off.games, default.games)
    assert np.array_equal(off.sides, default.sides)
    diff = np.flatnonzero(E.kernel_params(ON) != E.kernel_params(R))
    assert diff.tolist() == [S.R_DUCK]
    assert not np.array_equal(tidy["on"].sides, default.sides)


# ---------------------------------------------------------------- audited traces


@pytest.fixture(scope="module")
def traced():
    """The auditor's counts over 200 traced fights with the rule on, every ordered pairing of
    the gunfighters, the standard gangs (seed 5, stream 1; every trace checked event by
    event)."""
    return audited(ON, 200, seed=5)


def test_audited_duck_backs_follow_the_rules(traced):
    """200 traced fights pass the audit with the rule on and exercise it: duck backs behind
    partial and full cover (seen 158 and 79 in 200 fights, 1.2 a fight; floors 50 and 25),
    from bursts, snap shots and aimed shots (seen 149, 65 and 60; floors 50, 20, 20), each
    where the trigger was met (duck_chances); every duck back's die reached
    the need without the cover but not the shot's need (a need above 6 rolls a 6 first);
    movers ducking on overwatch (seen 24 of the 25 duck backs from overwatch shots; floor 8),
    each stopping there (the auditor fails a step after it); escape tests (seen 163; floor 50),
    some passed and some failed (seen 111 passed); duck backs
    turned into ordinary pins by a hit (seen 53) and lifted at the end of a failed turn (seen
    53); the tidy ducks_caused are the DUCKs and pins the hits' PINNEDs (checked per fight)."""
    seen = traced
    assert seen["ducks"] == seen["duck_chances"] == seen["ducks_caused"]
    assert seen["ducks_partial"] >= 50 and seen["ducks_full"] >= 25
    assert seen["ducks_partial"] + seen["ducks_full"] == seen["ducks"]
    assert seen["burst_ducks"] >= 50 and seen["snap_ducks"] >= 20 and seen["aimed_ducks"] >= 20
    for cov, need0, die, need in seen["duck_list"]:
        assert cov in (1, 2) and need0 <= 6 and need0 <= die and max(need0, 2) <= die
        assert die < need or (need > 6 and die == 6), (cov, need0, die, need)
    assert seen["overwatch_ducks"] >= seen["mover_ducks"] >= 8
    assert seen["duck_unpins"] == len(seen["duck_tests"]) >= 50
    assert 0 < seen["duck_unpins_passed"] < seen["duck_unpins"]
    assert seen["ducks_repinned"] > 0 and seen["ducks_lifted"] > 0 and seen["pins"] > 0
    assert seen["rider_duck_misses"] == 0  # nobody rides here


def test_duck_back_escapes_pass_at_the_leadership_odds(traced):
    """A duck back's escape test is a leadership test: for each Ld tested (his Ld + 1 behind
    partial, + 2 behind full cover; seen 7 to 10) in 20 or more tests the passes fit
    odds.leadership_test (exact binomial, 1e-3 each; seen 56 of 82 at 8, 30 of 42 at 9, 20 of
    25 at 10, 5 of 14 at 7 untested), the passes of all together fit the sum of their chances
    (seen 111 of 163, 125.3 expected: z -2.6, within the 1e-3 bound of 3.29; seeds 7 and 11
    give z -0.4 and -0.7 over 324 tests each) and the 2D6 totals are fair (1e-3 each); the
    bonus is the DUCK's cover's (the auditor checks each test's Ld); Ld is the fighter's own
    (6 to 8)."""
    tests = traced["duck_tests"]
    assert len(escapes_at_exact_odds(tests, ON)) >= 2
    own = {t[LD] - ON.duck_back_ld_bonus[t[COVER] - 1] for t in tests}
    assert own <= {6, 7, 8} and {t[COVER] for t in tests} == {1, 2}  # young blood to leader


@pytest.mark.parametrize("bonus", [(0, 0), (3, 4)])
def test_a_changed_ld_bonus_moves_the_escapes_as_the_odds_say(bonus, traced):
    """duck_back_ld_bonus (0, 0) and (3, 4): 120 traced fights each (seed 5) pass the audit
    (each test's Ld is the fighter's Ld + that bonus), and the escape tests pass at the exact
    leadership odds as above (1e-3 each; seen 57 of 108 passed, 66.2 expected, with no bonus;
    95 of 107, 100.8 expected, with (3, 4)); the pass rate moves with the bonus, below the
    default's (111 of 163) with none and above it with (3, 4)."""
    rules = dataclasses.replace(ON, duck_back_ld_bonus=bonus)
    tests = audited(rules, 120, seed=5)["duck_tests"]
    assert len(tests) >= 30
    escapes_at_exact_odds(tests, rules)
    assert {t[LD] - rules.duck_back_ld_bonus[t[COVER] - 1] for t in tests} <= {6, 7, 8}
    rate = np.mean([t[PASSED] for t in tests])
    base = np.mean([t[PASSED] for t in traced["duck_tests"]])
    assert (rate < base) if bonus == (0, 0) else (rate > base), (rate, base)


# ---------------------------------------------------------------- riders, other kit, readings


def test_riders_never_duck_back():
    """The cavalry mounted (side A) against the townsfolk on foot, the rule on: 96 traced fights
    (seed 5) pass the audit, which fails a DUCK of a rider, though many misses at riders
    behind cover met the trigger (seen 44; floor 15); men on foot (the townsfolk, a trooper
    unhorsed) still duck back (seen 55)."""
    seen = audited(CAVALRY, 96, "rules", seed=5)
    assert seen["riders"] > 0 and seen["shots_at_riders"] > 0
    assert seen["rider_duck_misses"] >= 15
    assert seen["ducks"] > 0


NATIVE = builds.build(R, "typical", "native_war_band")
TOWN = builds.build(R, "typical", "townsfolk")
READINGS = WMRules(duck_backs=True, natural_one_fails=False, quick_draw_pin_cancels=False,
                   quick_draw_margin=0, aim_cap_reading="total", seven_plus_reading="chain",
                   rapid_target_reading="distance", run_reading="declared")


@pytest.mark.parametrize("rules,rosters,types,overrides", [
    (dataclasses.replace(SHOTGUNS, duck_backs=True), "rules", None, SHELL_OV),
    (ON, (NATIVE, TOWN), ("native_war_band", "townsfolk"), None),
    (WMRules(duck_backs=True, waterway="river"), None, None, None),
    (dataclasses.replace(WEAK, duck_backs=True), (MIXED, MIXED), None, None),
    (READINGS, None, None, None)],
    ids=["shotguns", "thrown-tomahawks", "river", "mixed-kit", "readings"])
def test_duck_backs_hold_with_other_kit_and_readings(rules, rosters, types, overrides):
    """48 traced fights (seed 5) each pass the audit with the rule on: shotguns (single
    scatter shells duck their targets before the template lands; barrels never do), the war
    band's thrown tomahawks, a river (water cover for the pinned), mixed kit, and other
    readings (no natural 1 rule, quick draws at equal I with an overwatcher ducked by the
    quick-draw shot still firing, the aim cap on the total, the 7+ chain, rapid targets by
    distance); each shows duck backs and escape tests."""
    types = types or ("townsfolk", "townsfolk")
    seen = audited(rules, 48, rosters, overrides=overrides, types=types, seed=5)
    assert seen["ducks"] == seen["duck_chances"] > 0 and seen["duck_unpins"] > 0


# ---------------------------------------------------------------- the auditor's teeth


@pytest.mark.parametrize("played,against,why", [
    (dataclasses.replace(ON, duck_back_ld_bonus=(2, 3)), ON, "a duck back's escape test"),
    (ON, OFF, "no duck back with duck_backs off"),
    (OFF, ON, "makes him duck back: a DUCK follows"),
    (dataclasses.replace(ON, ld_dice=3), ON, "passed when the total of ld_dice"),
    (dataclasses.replace(ON, duck_back_ld_bonus=(1, 1)), ON, "a duck back's escape test")],
    ids=["bonus-2-3-as-1-2", "on-as-off", "off-as-on", "3d6-as-2d6", "full-as-partial"])
def test_the_auditor_rejects_fights_played_under_other_duck_rules(played, against, why):
    """The auditor has teeth: fights the engine plays with duck_back_ld_bonus (2, 3) or (1, 1)
    audited at (1, 2), with the rule on audited as off and off as on, and with 3D6 leadership
    tests audited as 2D6, fail the audit on the check concerned within 48 fights."""
    if not audit_fails(played, against, 48, why):
        pytest.fail("48 fights played under other duck-back rules pass the audit")


def _first_duck_fight():
    """(game, trace, table, batch) of the first of the traced fights above whose trace holds a
    duck back followed by its escape test."""
    k, w = lineups(NAMES, 48)
    for i in range(48):
        batch, ev, tab = E.replay(ON, 5, 1, i, k[i], w[i])
        kinds = ev[:, 2]
        if (kinds == S.Ev.DUCK).any() and ((kinds == S.Ev.UNPIN) & (ev[:, 5] == 1)).any():
            return batch, ev, tab
    raise AssertionError("no duck back with its escape test in 48 fights")


@pytest.mark.parametrize("doctor,why", [
    ("drop_duck", "makes him duck back: a DUCK follows"),
    ("need0", "a DUCK only after"),
    ("cover", "a DUCK only after"),
    ("escape_as_i_test", "a duck back's escape test"),
    ("escape_ld", "a duck back's escape test")],
    ids=["duck-dropped", "need-changed", "cover-changed", "escape-as-i-test", "escape-ld"])
def test_the_auditor_fails_a_doctored_duck_back(doctor, why):
    """A real trace with a duck back and its escape test passes the audit; with its DUCK
    dropped, its need without cover or its cover changed, or the escape test logged as an I
    test (c 0) or at another Ld, it fails on the check concerned."""
    batch, ev, tab = _first_duck_fight()
    _audit(ON, ev, batch.games[0], batch.sides[0], tab)
    ev = ev.copy()
    duck = int(np.flatnonzero(ev[:, 2] == S.Ev.DUCK)[0])
    escape = int(np.flatnonzero((ev[:, 2] == S.Ev.UNPIN) & (ev[:, 5] == 1))[0])
    if doctor == "drop_duck":
        ev = np.delete(ev, duck, axis=0)
    elif doctor == "need0":
        ev[duck, 5] += 1
    elif doctor == "cover":
        ev[duck, 4] = 3 - ev[duck, 4]
    elif doctor == "escape_as_i_test":
        ev[escape, 5] = 0
    else:
        ev[escape, 7] += 1
    with pytest.raises(AssertionError, match=why):
        _audit(ON, ev, batch.games[0], batch.sides[0], tab)
