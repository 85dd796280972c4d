"""Westamunda stray shots (reference 2.4; docs/rules/westamunda.md "Stray shots and the thrown
rider"; rules ``stray_in`` 0.5", ``stray_on`` 1, ``stray_reading`` 'any_miss'; in the engine
since wm-14, the default since wm-15).

A missed shot of a gun or bow (not a scatter shell's template, not a thrown weapon or rope)
may hit one of the firer's own fighters on the table (down ones too) within stray_in of the
line of fire, the segment between firer and target: each such friend, in turn from the firer
out, rolls a D6 (Ev.STRAY: the friend, the firer, the target, the die, hit, hundredths of an
inch off the line), and the first at or under stray_on takes the hit (the ordinary hit chain:
located if he rides, saved, pinned, wounded, at the shot's S) and the shot goes no further.
Under 'natural_one' only a miss whose die was a 1 strays; stray_on 0 turns the rule off. The
firer's side's tidy ``stray_rolls`` and ``stray_hits`` count the dice and the friends hit.

The trace auditor (``_audit`` in tests/test_westamunda_engine.py) rebuilds, for every missed
shot, the friends near the line and their order from the positions it follows, checks every
STRAY die and the hit chain that follows one, and the tidy counts. Tested here: stray shots
in play at a plausible rate, none with the rule off; the dice fair and hits at exactly
stray_on / 6 (exact binomial, 1e-3); the readings and a wider line change the rate as they
should; the auditor fails fights played under other stray rules. The fights: every ordered
pairing of the five gunfighters with the standard gangs, seed 5 (tidy: stream 0; traced:
stream 1).
"""

import numpy as np
import pytest
from test_westamunda_engine import NAMES, R, audit_fails, audited, lineups

from helpers import binom_p, chi2_p
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import WMRules

ALPHA = 1e-3
ON = R  # the reference's rule (the default since wm-15)
OFF = WMRules(stray_on=0)
NAT = WMRules(stray_on=1, stray_reading="natural_one")
WIDE = WMRules(stray_on=1, stray_in=2.0)
ROLLS = S.SIDE_NAMES.index("stray_rolls")
HITS = S.SIDE_NAMES.index("stray_hits")
SHOTS = S.SIDE_NAMES.index("shots")


@pytest.fixture(scope="module")
def tidy():
    """Tidy records of 500 fights of every ordered pairing of the gunfighters (seed 5, stream
    0) under the default rule, with it off, the natural-one reading and a 2" line."""
    k, w = lineups(NAMES, 500)
    return {name: E.play_batch(rules, 5, 0, 0, k, w)
            for name, rules in (("on", ON), ("off", OFF), ("nat", NAT), ("wide", WIDE))}


def test_stray_shots_happen_in_play_and_never_without_the_rule(tidy):
    """The rule on (1/2", a 1; the default); over 500 fights both sides roll stray dice (seen
    398 and 381, 1.6 a fight; floors 250 each) and hit their own men (seen 134, 0.27 a fight;
    floor 90); with stray_on 0 none; the natural-one reading rolls fewer dice (seen 157: a
    sixth of the misses can stray; bound a third of the default's), a 2" line more (seen
    2,468; bound twice the default's); no fight broke an engine invariant. (wm-15's line;
    wm-14's was twice as wide: 3.0 dice a fight.)"""
    assert (R.stray_on, R.stray_in, R.stray_reading) == (1, 0.5, "any_miss")
    on = tidy["on"].sides
    assert on[:, 0, ROLLS].sum() >= 250 and on[:, 1, ROLLS].sum() >= 250, \
        on[:, :, ROLLS].sum(axis=0)
    assert on[:, :, HITS].sum() >= 90, on[:, :, HITS].sum()
    assert (on[:, :, HITS] <= on[:, :, ROLLS]).all()
    off = tidy["off"].sides
    assert off[:, :, ROLLS].sum() == 0 and off[:, :, HITS].sum() == 0
    assert tidy["nat"].sides[:, :, ROLLS].sum() < on[:, :, ROLLS].sum() / 3
    assert tidy["wide"].sides[:, :, ROLLS].sum() > 2 * on[:, :, ROLLS].sum()
    for batch in tidy.values():
        assert (batch.games[:, S.G_ERROR] == 0).all()


def test_the_rule_off_changes_only_its_own_switch():
    """The rule off differs from it on (the default) in the engine's rule vector only in
    R_STRAY_ON; the natural-one reading only in R_STRAY_NAT; the line's width only in
    R_STRAY100."""
    base = E.kernel_params(ON)
    for rules, index in ((OFF, S.R_STRAY_ON), (NAT, S.R_STRAY_NAT), (WIDE, S.R_STRAY100)):
        assert np.flatnonzero(E.kernel_params(rules) != base).tolist() == [index]
    assert E.kernel_params(WIDE)[S.R_STRAY100] == 200


@pytest.fixture(scope="module")
def traced():
    """The auditor's counts over 200 traced fights with the rule on (seed 5, stream 1; every
    trace checked event by event) and 120 with a 2" line and a hit on 1-3."""
    return {"on": audited(ON, 200), "wide": audited(WMRules(stray_in=2.0, stray_on=3), 120)}


def test_audited_stray_shots_follow_the_rule(traced):
    """Every traced fight passes the audit; the misses with friends near their line (seen 244
    in 200 fights with the rule on, 498 in 120 with a 2" line; floor 10) roll their dice (seen
    260 and 520), the dice are fair (chi-square, 1e-3) and hit at exactly stray_on / 6 (exact
    binomial, 1e-3 each: a die is rolled for each friend until one is hit, each die
    independent; seen 43 of 260 at 1/6 and 263 of 520 at 1/2; floor 160 of the latter); the
    tidy counts are the trace's (checked per fight by the auditor)."""
    for name, rules in (("on", ON), ("wide", WMRules(stray_in=2.0, stray_on=3))):
        seen = traced[name]
        dice = seen["stray_dice"]
        assert seen["stray_lines"] >= 10 and len(dice) >= seen["stray_lines"], \
            (name, seen["stray_lines"], len(dice))
        assert len(dice) == seen["stray_rolls"]
        counts = np.bincount(dice, minlength=7)[1:]
        assert chi2_p(counts, [1 / 6] * 6) > ALPHA, (name, counts)
        hits = sum(d <= rules.stray_on for d in dice)
        assert hits == seen["stray_hits"]
        assert binom_p(hits, len(dice), rules.stray_on / 6) > ALPHA, (name, hits, len(dice))
    assert traced["wide"]["stray_hits"] >= 160


@pytest.mark.parametrize("played,against,why", [
    (ON, OFF, "STRAY"),
    (OFF, ON, "a missed shot of a gun or bow"),
    (ON, NAT, "STRAY"),
    (ON, WMRules(stray_on=1, stray_in=1.0), ("STRAY", "a missed shot of a gun or bow")),
    (WMRules(stray_on=3), ON, "hit at or under stray_on")],
    ids=["played-on", "played-off", "natural-one", "stray_in", "stray_on"])
def test_the_auditor_rejects_fights_played_under_other_stray_rules(played, against, why):
    """The auditor has teeth: fights played under one stray rule and audited under another
    fail within 48 fights, on the STRAY checks."""
    assert audit_fails(played, against, 48, why)


def _line(fighters, stray_in, a=0, t=1):
    """The friends ``_stray`` would roll for, in order, for a's missed shot at t: fighters is
    a list of (x, y, side, state) placed by hand on an empty table."""
    fm = np.zeros((len(fighters), S.N_FC), dtype=np.int64)
    for i, (x, y, side, state) in enumerate(fighters):
        fm[i, S.FX], fm[i, S.FY], fm[i, S.FSIDE], fm[i, S.FSTATE] = x, y, side, state
        fm[i, S.FPASS] = fm[i, S.FCARRY] = -1  # (nobody double-mounted: wm-27)
    order = np.zeros((len(fighters), 2), dtype=np.int64)
    n = E._sim_stray_line(fm, a, t, round(100 * stray_in), order)
    return [tuple(row) for row in order[:n].tolist()]


UP, DOWN, GONE = S.ST_STANDING, S.ST_DOWN, S.ST_OUT


def test_the_line_of_fire_is_measured_in_inches_centre_to_centre():
    """Hand-placed (cells are 1"): the firer at (0, 0), the target at (10, 0). A friend on the
    line at (5, 0) rolls (0" off it); one at (5, 1) is 1" off and rolls only with stray_in at
    least 1" (at 0.5", the default, not; at 0.99" not); friends roll from the firer out; down
    friends roll, those out of action, enemies, friends level with or behind the firer or at or
    past the target do not; a slanted line measures the distance square to it (a friend at
    (4, 4) is 0.8" off the line (0, 0)-(6, 8), one at (3, 4) on it)."""
    firer, target = (0, 0, 0, UP), (10, 0, 1, UP)
    assert _line([firer, target, (5, 0, 0, UP)], 0.5) == [(2, 0)]
    assert _line([firer, target, (5, 1, 0, UP)], 0.5) == []
    assert _line([firer, target, (5, 1, 0, UP)], 0.99) == []
    assert _line([firer, target, (5, 1, 0, UP)], 1.0) == [(2, 100)]
    # in turn from the firer out, whatever their index; down ones too
    assert _line([firer, target, (8, 0, 0, DOWN), (2, 0, 0, UP), (5, 1, 0, UP)], 1.0) == \
        [(3, 0), (4, 100), (2, 0)]
    # not: out of action, an enemy, level with the firer, at the target's end, behind him
    assert _line([firer, target, (4, 0, 0, GONE), (6, 0, 1, UP), (0, 1, 0, UP),
                  (10, 0, 0, UP), (-3, 0, 0, UP), (11, 0, 0, UP)], 2.0) == []
    # two friends the same distance along the line: by index
    assert _line([firer, target, (5, 1, 0, UP), (5, -1, 0, UP)], 1.0) == [(2, 100), (3, 100)]
    # the perpendicular distance off a slanted line
    assert _line([firer, (6, 8, 1, UP), (3, 4, 0, UP), (4, 4, 0, UP)], 0.5) == [(2, 0)]
    assert _line([firer, (6, 8, 1, UP), (3, 4, 0, UP), (4, 4, 0, UP)], 0.8) == [(2, 0), (3, 80)]
    assert _line([firer, target, (3, 4, 0, UP)], 4.0) == [(2, 400)]
