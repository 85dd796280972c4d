"""Rifle & Gun teams: who takes each hit, second injuries, the designated marksman."""

import numpy as np

from sim.rifle_gun import team as T


def squad(roles=(T.RIFLE, T.RIFLE, T.GRENADIER, T.SAW), states=None):
    r = np.array(roles, dtype=np.int64)
    s = np.array(states or [T.FIT] * len(roles), dtype=np.int64)
    return s, r


def test_injuries_spread_over_fit_riflemen_first():
    s, r = squad()
    assert T.take_hits(s, r, 0, 2, False) == (0, 2)
    assert list(s) == [T.INJURED, T.INJURED, T.FIT, T.FIT]  # specialists spared


def test_second_injury_kills_once_no_fit_soldier_is_left():
    s, r = squad(states=[T.INJURED, T.INJURED, T.INJURED, T.FIT])
    assert T.take_hits(s, r, 0, 2, False) == (1, 0)  # the SAW gunner is hurt, then a rifleman dies
    assert T.alive(s) == 3 and list(s).count(T.DEAD) == 1


def test_kills_fall_on_the_injured_first_then_riflemen():
    s, r = squad(states=[T.FIT, T.FIT, T.INJURED, T.FIT])
    assert T.take_hits(s, r, 2, 0, False) == (2, 0)
    assert s[2] == T.DEAD and T.has_role(s, r, T.SAW)  # the injured grenadier, then a rifleman
    assert list(s).count(T.DEAD) == 2 and s[3] == T.FIT


def test_marksman_takes_the_most_valuable_soldier():
    s, r = squad()
    assert T.take_hits(s, r, 1, 0, True) == (1, 0)
    assert s[3] == T.DEAD  # the SAW gunner, not the rifleman the defender would give
    s, r = squad(states=[T.FIT, T.INJURED, T.FIT, T.FIT])
    assert T.take_hits(s, r, 0, 1, True) == (1, 0)  # his injury die finishes the injured man


def test_more_hits_than_soldiers_and_role_queries():
    s, r = squad()
    deaths, _ = T.take_hits(s, r, 3, 5, False)
    assert deaths == 4 and T.alive(s) == 0
    assert not T.has_role(s, r, T.SAW) and not T.any_injured(s)
    s, r = squad(states=[T.FIT, T.INJURED, T.FIT, T.FIT])
    assert T.any_injured(s) and T.has_role(s, r, T.GRENADIER)
