"""Westamunda rules wm-24: climbing onto an enemy rider's horse (boarding), from the ground or
jumping across from one's own horse.

- **The rule** (text, boarding section, after Gorka Morka: "Characters cannot attempt to jump on
  a moving horse or wagon from the front ... They must attempt to mount from the side or rear.
  Climbing on requires an I roll, with a modifier of -1 if moving over base rate ... Failing
  the roll means an S3/D3 S3 hits and bounce back D3\" and movement stops"; "Characters can
  attempt to jump from a horse or wagon onto another. Maximum distance that can be jumped is
  2\" and it requires a successful I roll"; "When a character climbs onto an enemy occupied
  vehicle (or horse) he must fight one of the occupiers ... +1 for charging, but can also suffer
  -1 as if they were fighting over an obstacle if they are jumping up onto a higher level ...
  In the case of a horse, winning a combat means that you have thrown the original rider off
  and he takes a S3/D3 hit! ... losing the combat means that the jumper is thrown back off D3\"
  and suffers S3/D3 S3 hits"): Act.BOARD (`engine._board`, Ev.BOARD, Ev.SEIZE,
  Ev.THROWN_BACK; tidy `boards`, `board_fails`, `boards_won`, `boards_lost`).
- **Who boards**: weight ``board`` (the least I to try it): the brawler's charge at a rider up
  and free becomes a boarding when a free cell at the horse's side or rear is within his charge;
  the random floor's charge at a rider is a boarding on a coin's toss.

The trace auditor (``test_westamunda_engine._audit``) checks every boarding: the action and its
target, the approach (a charge's steps, none after), the cell (beside the horse, its side or
rear if it moved, within jump_between_in from a horse), the test (when, its modifier), the
round's bonus, scores and winner, the seizure (the cells swapped, the horse's state carried
over), the thrown rider's fall, the boarder thrown back (how far, which way, onto a free cell)
and his fall, no shot that turn, and the tidy counts. Here: the mechanics in play at plausible
rates, the I test at its exact odds, the rules and the weight that switch it off, the
auditor's teeth on doctored traces.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_westamunda_engine import CAV, NAMES, _audit, audited, lineups
from test_westamunda_horses import _i_test_fits

from sim.westamunda import api
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import WMRules

CLOSE = WMRules(table_width_in=24, table_height_in=24, **CAV)  # mounted cavalry, 2' x 2'
# side A on foot, side B mounted: men on foot against riders on a 2' x 2' table
HALF = dict(CAV, mounted_a=False)
FOOT_V_RIDERS = WMRules(table_width_in=24, table_height_in=24, **HALF)
RANDOM2 = ["random", "random"]
BRAWLERS = {"brawler": {"board": 3}}


@pytest.fixture(scope="module")
def close():
    """96 traced fights of the random floor against itself, mounted cavalry on a 24" table
    (seed 23): riders charge riders, half the charges are boardings from horseback."""
    return audited(CLOSE, 96, "rules", names=RANDOM2, seed=23, stream=1)


@pytest.fixture(scope="module")
def on_foot():
    """96 traced fights, every pairing of the five gunfighters (the brawler with ``board`` 3),
    side A on foot against side B's riders on a 24" table (seed 23)."""
    return audited(FOOT_V_RIDERS, 96, "rules", seed=23, stream=1, overrides=BRAWLERS)


def test_boardings_pass_the_audit_and_happen_in_play(close, on_foot):
    """Every traced fight passes the auditor (it raises otherwise); boarders climb onto enemy
    riders' horses, from the ground and from horseback, some fail the climb, some win the
    horse, some are thrown back."""
    for seen in (close, on_foot):
        assert seen["board_actions"] > 10, seen["board_actions"]
        assert seen["boards"] > 5, seen["boards"]
        assert seen["boards_won"] > 0 and seen["boards_lost"] > 0, seen
        assert seen["seizures"] == seen["boards_won"]
        assert len(seen["thrown_back_in"]) == seen["boards_lost"] + seen["board_fails"]
    assert close["board_actions_mounted"] > 10, close["board_actions_mounted"]
    assert close["board_fails"] > 0, close["board_fails"]
    assert on_foot["board_actions"] > on_foot["board_actions_mounted"]


def test_the_climb_test_passes_at_the_initiative_odds(close, on_foot):
    """A climb onto a moving horse (any jump across) is an I test (mount_moving_mod above base
    rate, sure-footed's +1, in the score logged): exact binomial per score seen 20 times or
    more, false-alarm rate 1e-3 each."""
    assert _i_test_fits(close["board_tests"] + on_foot["board_tests"], CLOSE) >= 1


def test_thrown_back_goes_a_d3_of_inches():
    """The die of a throw back is a D3 (mount_fail_bounce_die 3) and the boarder lands no
    farther than it rolled (less where a wall, a fighter or the edge stops him)."""
    seen = audited(CLOSE, 48, "rules", names=RANDOM2, seed=23, stream=1)
    faces = [c for c, _ in seen["thrown_back_in"]]
    assert set(faces) <= {1, 2, 3} and len(set(faces)) >= 2, faces
    assert all(far <= c + 0.75 for c, far in seen["thrown_back_in"])


def _boards_by(df):
    return df.groupby("strategy")["boards"].sum()


def test_the_rules_and_the_weight_switch_boarding_off():
    """500 fights of side A on foot against side B's riders (seed 12): the brawler with
    ``board`` 3 boards, with the weight 0 he does not, and no other gunfighter does; the random
    floor boards; with board_enemy_horse off nobody does (the action refused as a hold)."""
    pool = list(NAMES)
    lineup = np.array([[i % 5, (i // 5) % 5] for i in range(500)])
    df = api.run_games(FOOT_V_RIDERS, 12, 1, 0, lineup, pool, BRAWLERS)
    got = _boards_by(df)
    assert got["brawler"] > 10 and got["random"] > 10, got
    assert got["patient_aimer"] == got["flanker"] == got["gunslinger_rush"] == 0, got
    got = _boards_by(api.run_games(FOOT_V_RIDERS, 12, 1, 0, lineup, pool,
                                   {"brawler": {"board": 0}}))
    assert got["brawler"] == 0 and got["random"] > 10, got
    off = WMRules(board_enemy_horse=False, table_width_in=24, table_height_in=24, **HALF)
    df = api.run_games(off, 12, 1, 0, lineup, pool, BRAWLERS)
    assert df[["boards", "board_fails", "boards_won", "boards_lost"]].to_numpy().sum() == 0


def test_no_jump_across_without_jump_between_in():
    """With jump_between_in 0 no rider boards from his horse (the random floor's boardings from
    horseback refused), and men on foot still do."""
    rules = WMRules(jump_between_in=0, table_width_in=24, table_height_in=24, **CAV)
    seen = audited(rules, 48, "rules", names=RANDOM2, seed=23, stream=1)
    assert seen["board_actions_mounted"] == 0 and seen["boards"] >= 0


def test_board_blows_strike_the_rounds_hits():
    """With board_blows on, the round's winner strikes his hits too: in 300 fights of the random
    floor (men on foot against riders, seed 7) boardings are won and lost, and more of the
    boarders' and riders' hand-to-hand wounds land than with the rule off (the same fights'
    dice differ after the first blow, so a count, not an identity)."""
    lineup = np.zeros((300, 2), np.int64)
    on = WMRules(board_blows=True, table_width_in=24, table_height_in=24, **HALF)
    df = api.run_games(on, 7, 1, 0, lineup, ["random"], None)
    assert df["boards_won"].sum() > 0 and df["boards_lost"].sum() > 0


def _fights(rules, n=40, names=RANDOM2, overrides=None):
    k, w = lineups(names, n, overrides)
    rosters, types = api.gangs(rules)
    for i in range(n):
        batch, ev, tab = E.replay(rules, 23, 1, i, k[i], w[i], rosters=rosters,
                                  gang_types=types)
        yield i, batch, ev, tab, k[i], w[i], rosters, types


def _first(pick, rules=CLOSE):
    for fight in _fights(rules):
        rows = np.flatnonzero(pick(fight[2]))
        if len(rows):
            return fight, int(rows[0])
    raise AssertionError("no such fight in the sample")


def _tested(ev):  # a BOARD with an I test
    return (ev[:, 2] == S.Ev.BOARD) & (ev[:, 5] >= 0)


def _won(ev):
    return (ev[:, 2] == S.Ev.BOARD) & (ev[:, 7] == 1)


@pytest.mark.parametrize("pick,col,change,why", [
    (_tested, 6, 1, "a test's modifier nobody has (no horse above base rate, no sure-footed)"),
    (_won, 10, 1, "the combat bonus off by one"),
    (_won, 7, -2, "a won round logged as lost"),
    (_won, 9, 12, "the rider's score raised above the boarder's, the boarder still winning"),
    (_tested, 11, 1, "the horses' pace logged above base rate, or beyond a flag"),
])
def test_the_auditor_refuses_a_doctored_boarding(pick, col, change, why):
    """The auditor's teeth: a close fight with such a boarding passes; the same trace with the
    BOARD row doctored (see ``why``) fails."""
    (i, batch, ev, tab, k, w, rosters, types), j = _first(pick)
    _audit(CLOSE, ev, batch.games[0], batch.sides[0], tab, rosters, types, k, w)
    bad = ev.copy()
    bad[j, col] += change
    with pytest.raises(AssertionError):
        _audit(CLOSE, bad, batch.games[0], batch.sides[0], tab, rosters, types, k, w)


def test_the_auditor_refuses_a_seizure_that_swaps_nothing():
    """A won boarding's SEIZE doctored to leave the rider on the horse's cell: refused."""
    (i, batch, ev, tab, k, w, rosters, types), j = _first(_won)
    s = j + 1 + int(np.flatnonzero(ev[j + 1:, 2] == S.Ev.SEIZE)[0])
    bad = ev.copy()
    bad[s, 6], bad[s, 7] = bad[s, 3], bad[s, 4]
    with pytest.raises(AssertionError):
        _audit(CLOSE, bad, batch.games[0], batch.sides[0], tab, rosters, types, k, w)


def test_boarding_under_the_ws_roll_reading_passes_the_audit():
    """Under melee_reading 'ws_roll' the boarding's round is a WS test per attack die, the more
    hits winning (a tie to the higher I): 48 close fights of the random floor (seed 23) pass
    the auditor, with horses taken and boarders thrown back."""
    rules = WMRules(melee_reading="ws_roll", table_width_in=24, table_height_in=24, **CAV)
    seen = audited(rules, 48, "rules", names=RANDOM2, seed=23, stream=1)
    assert seen["boards_won"] > 0 and seen["boards_lost"] + seen["board_fails"] > 0, seen
