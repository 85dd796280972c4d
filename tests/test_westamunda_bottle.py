"""Bottling out by choice (wm-20; rule ``voluntary_bottle``, the gunfighters' ``bottle_at``).

Reference 6 allows a player to bottle out by choice [V]; its timing is not readable there. The
engine's reading: at the start of his turn, when the bottle test is due (bottle_pct or more of
the gang down or out of action), a player whose gunfighter's ``bottle_at`` % is down or out
bottles out instead of testing (Ev.BOTTLE d 2; tidy ``voluntary_bottles``). Every preset has
``bottle_at`` 0 (bottling out loses the fight) and the random floor never does it, so default
fights are unchanged; a designer sets it to see fights played by players who spare their men.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_westamunda_engine import audited

from sim.westamunda import api
from sim.westamunda import state as S
from sim.westamunda.rules import WMRules
from strategies.westamunda import PRESETS

SCRIPTED = [p for p in PRESETS if p != "random"]
POOL = list(PRESETS)
R = WMRules()
N = 400  # fights of every ordered pairing of the four gunfighters and the random floor


def _play(rules, bottle_at, seed=5):
    n_pool = len(POOL)
    lineup = np.array([(i % n_pool, (i // n_pool) % n_pool) for i in range(N)])
    over = {p: {"bottle_at": bottle_at} for p in SCRIPTED} if bottle_at else None
    return api.run_games(rules, seed, 1, 0, lineup, POOL, over)


@pytest.fixture(scope="module")
def plain():
    return _play(R, 0)


@pytest.fixture(scope="module")
def choosing():
    return _play(R, 25)


def test_a_player_at_the_test_bottles_out_instead_and_the_fights_match_until_then(plain, choosing):
    """With bottle_at equal to bottle_pct (25) every scripted gang whose test falls due bottles
    out instead: no scripted side takes a test, and the random floor still does. The weight
    does not re-key the fight's random stream, so each fight is the same until the first due
    test, and ends there: it lasts no longer than the fight played to the test, and a fight that
    ends by the turn limit with no test due is the same fight."""
    p = plain.set_index(["game", "seat"]).sort_index()
    c = choosing.set_index(["game", "seat"]).sort_index()
    scripted = c["strategy"] != "random"
    assert c.loc[scripted, "bottle_tests"].sum() == 0
    assert c.loc[~scripted, "bottle_tests"].sum() > 0, "the random floor tests as before"
    assert c.loc[~scripted, "voluntary_bottles"].sum() == 0
    chose = c.loc[scripted, "voluntary_bottles"]
    assert set(chose.unique()) <= {0, 1}
    assert p.loc[scripted, "voluntary_bottles"].sum() == 0
    # each fight in which a scripted gang's test fell due ends with a gang bottling out by
    # choice there (293 of the 400 at seed 5; 295 until wm-22)
    due_scripted = p.loc[scripted].groupby("game")["bottle_tests"].sum() > 0
    assert chose.groupby("game").sum().sum() == due_scripted.sum() == 293
    rounds_p = p.groupby("game")["rounds"].first()
    rounds_c = c.groupby("game")["rounds"].first()
    assert (rounds_c <= rounds_p).all(), "a fight ends at its first due test, or as before"
    assert rounds_c.mean() < rounds_p.mean()
    due = p.groupby("game")["bottle_tests"].sum() > 0
    same = ["rounds", "won", "standing_end", "down_end", "out_of_action_end", "shots", "hits"]
    assert (p.loc[~due.reindex(p.index.get_level_values(0)).to_numpy(), same] ==
            c.loc[~due.reindex(c.index.get_level_values(0)).to_numpy(), same]).all().all(), \
        "a fight with no test due is played identically"


def test_a_higher_bottle_at_waits_for_more_losses_and_the_rule_off_ignores_it(plain):
    """bottle_at 60: the scripted gang tests at 25% down or out as before and bottles out by
    choice only once 60% are down or out (the auditor checks each event's counts); with
    voluntary_bottle off nobody bottles out by choice whatever the weight."""
    c = _play(R, 60)
    scripted = c["strategy"] != "random"
    assert c.loc[scripted, "bottle_tests"].sum() > 0
    assert 0 < c.loc[scripted, "voluntary_bottles"].sum() < 80
    off = _play(WMRules(voluntary_bottle=False), 60)
    assert off["voluntary_bottles"].sum() == 0
    # voluntary_bottle is a rule key: off re-keys the streams, so compare counts, not fights
    assert off.loc[off["strategy"] != "random", "bottle_tests"].sum() > 0


def test_the_auditor_follows_bottling_out_by_choice():
    """Traced fights with bottle_at 40 for every gunfighter: the auditor checks each Ev.BOTTLE
    (by choice exactly when the weight's % is down or out and the rule is on, never the random
    floor; a test otherwise) and the tidy bottle_tests and voluntary_bottles against the trace."""
    over = {p: {"bottle_at": 40} for p in SCRIPTED}
    seen = audited(R, 72, overrides=over, seed=7)
    assert seen["voluntary_bottles"] >= 5 and seen["bottle_tests"] >= 5, seen
    seen_off = audited(WMRules(voluntary_bottle=False), 36, overrides=over, seed=7)
    assert seen_off["voluntary_bottles"] == 0 and seen_off["bottle_tests"] >= 3
    assert S.SIDE_NAMES.index("voluntary_bottles") == S.S_VOLUNTARY_BOTTLES
