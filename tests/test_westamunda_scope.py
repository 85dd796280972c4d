"""Westamunda: the bounty hunter's telescopic sight (wm-11; rules text "Bounty hunters",
docs/rules/westamunda.md row 300 and "The bounty hunter's telescopic sight").

The engine's reading (reference 2.3 [S]): the sight is fitted to the bounty hunter's rifle (his
long gun that is not a shotgun); while he has not moved this turn, its short range is
scope_short_factor times the table's, up to its maximum. A to-hit roll in the short band only
through the sight carries MOD_SCOPE and counts in tidy scope_shots.

Counts read from the engine's own traces (seed 5) are deterministic: no false-alarm rate.
"""

import dataclasses

import pytest
from test_westamunda_engine import lineups

from sim.westamunda import builds
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import WEAPONS, WMRules

NAMES = ["patient_aimer", "gunslinger_rush", "brawler", "flanker", "random"]
HUNTER = WMRules(hire_a="bounty_hunter")


def fights(rules, n, seed=5):
    ros = (builds.side_roster(rules, "a"), builds.side_roster(rules, "b"))
    k, w = lineups(NAMES, n)
    fm, _ = E.forces(rules, ros)
    return fm, [E.replay(rules, seed, 1, i, k[i], w[i], rosters=ros)[:2] for i in range(n)]


def rows(ev):
    return [tuple(int(v) for v in r) for r in ev]


@pytest.fixture(scope="module")
def hunted():
    return fights(HUNTER, 120)


def test_the_sight_is_on_the_hunters_rifle_only():
    ros = (builds.side_roster(HUNTER, "a"), builds.side_roster(HUNTER, "b"))
    fm, _ = E.forces(HUNTER, ros)
    hunter = [i for i, r in enumerate(ros[0]) if r.type == "bounty_hunter"]
    assert len(hunter) == 1
    assert fm[hunter[0], S.FSCOPE] == WEAPONS.index("winchester")
    assert sum(fm[:, S.FSCOPE] >= 0) == 1
    buffalo = dataclasses.replace(HUNTER, bounty_hunter_kit=tuple(
        WEAPONS.index(w) for w in ("bowie", "revolver", "small_revolver", "buffalo_gun")))
    ros = (builds.side_roster(buffalo, "a"), builds.side_roster(buffalo, "b"))
    fm, _ = E.forces(buffalo, ros)
    assert sorted(fm[fm[:, S.FSCOPE] >= 0, S.FSCOPE]) == [WEAPONS.index("buffalo_gun")]


def test_scope_shots_happen_only_through_a_still_hunters_sight(hunted):
    """MOD_SCOPE only on the hunter's rifle, never on a shot fired on the way of a move (the
    trace auditor follows whether he moved exactly: tests/test_westamunda_engine.py), counted by tidy scope_shots; a plausible share
    of his rifle's to-hit rolls (he fires it at 12-24" from where he stands often: the patient
    aimer and the flanker hold)."""
    fm, runs = hunted
    hunter = int(next(i for i in range(fm.shape[0]) if fm[i, S.FSCOPE] >= 0))
    rifle = int(fm[hunter, S.FSCOPE])
    scoped = rifle_rolls = 0
    for batch, ev in runs:
        n = 0
        for r in rows(ev):
            if r[2] != S.Ev.SHOT:
                continue
            if r[11] & S.MOD_SCOPE:
                assert r[1] == hunter and r[4] == rifle, r
                assert not r[9] & S.SH_MIDMOVE, r  # a shot on the way: he is moving
                n += 1
            if r[1] == hunter and r[4] == rifle:
                rifle_rolls += 1
        assert n == batch.sides[0, 0, S.S_SCOPE_SHOTS] and batch.sides[0, 1, S.S_SCOPE_SHOTS] == 0
        scoped += n
    assert rifle_rolls >= 100
    assert 0.1 * rifle_rolls < scoped < 0.8 * rifle_rolls


def test_a_factor_of_one_is_no_sight():
    _, runs = fights(dataclasses.replace(HUNTER, scope_short_factor=1), 30)
    assert sum(int(b.sides[0, :, S.S_SCOPE_SHOTS].sum()) for b, _ in runs) == 0
    assert not any(r[11] & S.MOD_SCOPE for _, ev in runs for r in rows(ev) if r[2] == S.Ev.SHOT)
