"""Nerve (rules wm-12, wm-13): break tests when a friend near a fighter goes down or out of action,
broken fighters running for cover, fighting at WS 0 and rallying, read from the engine's own
records. The trace auditor (tests/test_westamunda_engine.py) checks every test, flight and rally
event by event; here: the mechanics happen at plausible rates, the tests' dice are 2D6 against
the Ld logged, the switches turn them off, and bad values are refused."""

import itertools

import numpy as np
import pytest
from scipy import stats

from sim.core.params import ConfigError, build
from sim.westamunda import state as S
from sim.westamunda.engine import play_batch, replay
from sim.westamunda.rules import WMRules
from strategies.westamunda import PRESETS, table

R = WMRules()
NAMES = list(PRESETS)
N = 800  # fights per batch: every ordered pairing of the gunfighters
NERVE, FLEE, RALLY = int(S.Ev.NERVE), int(S.Ev.FLEE), int(S.Ev.RALLY)
TWO_D6 = np.array([min(t - 1, 13 - t) for t in range(2, 13)]) / 36.0  # P(2D6 = 2..12)


def lineups(n):
    kinds, weights = table(NAMES)
    pairs = np.array(list(itertools.product(range(len(NAMES)), repeat=2)))
    idx = pairs[np.arange(n) % len(pairs)]
    return kinds[idx], weights[idx]


def col(batch, name):
    return batch.sides[:, :, S.SIDE_NAMES.index(name)]


@pytest.fixture(scope="module")
def field():
    k, w = lineups(N)
    return play_batch(R, 31, 0, 0, k, w)


@pytest.fixture(scope="module")
def traces():
    """The NERVE, FLEE and RALLY rows of 160 traced fights (seed 31, as the field)."""
    k, w = lineups(160)
    rows = []
    for i in range(160):
        _, ev, _ = replay(R, 31, 0, i, k[i], w[i])
        rows.append(ev[np.isin(ev[:, 2], (NERVE, FLEE, RALLY))])
    return np.concatenate(rows)


def test_nerve_tests_breaks_flights_and_rallies_happen_in_play(field):
    """Rates over 800 fights of every pairing (seed 31). Each bound is loose (a broken mechanic
    reads 0 or absurd): fighters stand within 2" of one another only now and then, so tests are
    a fraction of a fight's downs; the breaks are the failed ones (Ld 7-8: 2D6 fails 28-42%);
    every break starts a flight; some broken fighters reach cover unseen and rally."""
    n = len(field.games)
    tests, breaks = col(field, "nerve_tests").sum(), col(field, "breaks").sum()
    flights, rallies = col(field, "flights").sum(), col(field, "rallies").sum()
    assert 0.1 <= tests / n <= 3.0, tests / n
    assert 0.15 <= breaks / tests <= 0.5, breaks / tests
    assert flights >= breaks * 0.9  # (one entangled or put down by the breaking blow stays)
    assert 0 < rallies <= breaks


def test_each_test_passes_exactly_on_2d6_at_most_the_ld_logged(traces):
    """Every NERVE and RALLY row: passed if and only if the total is at most the Ld logged;
    the totals fit 2D6 (chi-square, false alarm 1e-3)."""
    nerve = traces[traces[:, 2] == NERVE]
    rally = traces[traces[:, 2] == RALLY]
    assert len(nerve) >= 40 and len(rally) >= 5, (len(nerve), len(rally))
    assert ((nerve[:, 4] <= nerve[:, 5]) == (nerve[:, 6] == 1)).all()
    assert ((rally[:, 3] <= rally[:, 4]) == (rally[:, 5] == 1)).all()
    totals = np.concatenate([nerve[:, 4], rally[:, 3]])
    counts = np.bincount(totals, minlength=13)[2:]
    expected = TWO_D6 * len(totals)
    keep = expected >= 5  # pool the thin tails
    obs = np.append(counts[keep], counts[~keep].sum())
    exp = np.append(expected[keep], expected[~keep].sum())
    assert stats.chisquare(obs, exp).pvalue > 1e-3
    lds = set(nerve[:, 5].tolist()) | set(rally[:, 4].tolist())
    assert lds <= {6, 7, 8}, lds  # own Ld, or the leader's 8 near him


def test_flights_run_at_most_the_dice_rolled(traces):
    """Every flight: the dice total within broken_flee_dice D6, and the run no longer in a
    straight line than that many inches; why one of the four cases."""
    flee = traces[traces[:, 2] == FLEE]
    assert len(flee) >= 10
    inches = flee[:, 7]
    assert ((inches >= 2) & (inches <= 12)).all()
    straight = np.hypot(flee[:, 5] - flee[:, 3], flee[:, 6] - flee[:, 4])
    assert (straight <= inches + 1e-9).all()
    assert set(flee[:, 8].tolist()) <= {0, 1, 2, 3} and 0 in set(flee[:, 8].tolist())


def test_switched_off_there_are_no_tests_and_play_is_the_old_game():
    """nerve_tests 'none': no test, break, flight or rally, and the fights differ from the
    default's (the tests change play); a shoot-out never tests."""
    k, w = lineups(160)
    off = play_batch(WMRules(nerve_tests="none"), 31, 0, 0, k, w)
    on = play_batch(R, 31, 0, 0, k, w)
    for name in ("nerve_tests", "breaks", "flights", "rallies"):
        assert col(off, name).sum() == 0
    assert not np.array_equal(off.games, on.games)
    duel = play_batch(WMRules(scenario="shoot_out"), 31, 0, 0, k, w)
    assert col(duel, "nerve_tests").sum() == 0


def test_one_run_only_leaves_broken_fighters_where_they_stopped(field):
    """broken_keep_fleeing off: flights are the breaks and break-aways only (no why 1), so
    fewer than with it on."""
    k, w = lineups(N)
    once = play_batch(WMRules(broken_keep_fleeing=False), 31, 0, 0, k, w)
    assert col(once, "flights").sum() < col(field, "flights").sum()
    for i in range(40):
        _, ev, _ = replay(WMRules(broken_keep_fleeing=False), 31, 0, i, k[i], w[i])
        flee = ev[ev[:, 2] == FLEE]
        assert (flee[:, 8] != 1).all()


@pytest.mark.parametrize("key, value, words", [
    ("nerve_tests", "always", ("nerve_tests", "friend_down", "none")),
    ("broken_flee_dice", 5, ("broken_flee_dice",)),
    ("broken_flee_to", "away", ("broken_flee_to", "cover_away", "cover_nearest")),
    ("pinned_break_runs", "yes", ("pinned_break_runs",)),
    ("nerve_friend_in", -1, ("nerve_friend_in",)),
])
def test_bad_nerve_settings_are_refused_by_name(key, value, words):
    with pytest.raises(ConfigError) as e:
        build(WMRules, {key: value}, "test")
    assert all(word in str(e.value) for word in words), str(e.value)


RAISED_GAMES = (22, 42)  # (two of the four fights of the first 150 the fault reached)


def test_a_friend_raised_in_the_phase_he_went_down_in_still_counts():
    """wm-26: a fighter downed by a fuse's blast at the start of his side's recovery phase and
    raised by his recovery roll tests for his friends and still counts for them at that
    phase's end (engine FFELL 4). Before, his own test cleared his mark, and friends after him
    in the gang's order took no test for him. Dynamite what-if ($3000 gangs, 2 sticks for
    every fighter of side A, cavalry against a gang on foot, an 18" table, seed 25): in two of
    the four fights of the first 150 where wm-25 did that, a friend tests for a man who took
    his own test first, and the trace auditor (which refused wm-25's traces there) passes
    them."""
    from test_westamunda_engine import CAV, audited
    from test_westamunda_engine import NAMES as ALL
    from test_westamunda_engine import lineups as all_lineups

    from sim.westamunda import api

    rules = WMRules(table_width_in=18, table_height_in=18, dynamite_a=2, gang_budget=3000,
                    setup_max_rarity=2, **dict(CAV, mounted_a=False))
    seen = audited(rules, 400, "rules", seed=25, stream=1, games=RAISED_GAMES)
    assert seen["nerve_tests"] > 0
    k, w = all_lineups(ALL, 400)
    rosters, types = api.gangs(rules)
    for i in RAISED_GAMES:
        _, ev, _ = replay(rules, 25, 1, i, k[i], w[i], rosters=rosters, gang_types=types)
        raised, tested, found = set(), set(), 0
        for row in ev.tolist():
            kind = row[2]
            if kind == int(S.Ev.FUSE):
                raised, tested = set(), set()
            elif kind == int(S.Ev.RECOVERY) and row[4] == S.INJ_FLESH:  # (up again)
                raised.add(row[1])
            elif kind == NERVE:
                found += row[3] in raised and row[3] in tested
                tested.add(row[1])
            elif kind == int(S.Ev.TURN):
                raised, tested = set(), set()
        assert found >= 1, (i, "no friend tested for a raised fighter who tested first")
