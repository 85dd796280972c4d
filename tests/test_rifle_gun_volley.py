"""Rifle & Gun volleys: exact odds against brute-force dice enumeration, the engine against
exact odds, and the highest-first cancellation rule's effect on kills vs injuries."""

import itertools

import numpy as np
import pytest

from helpers import chi2_p
from sim.core.rng import new_state
from sim.rifle_gun import volley as V


def brute(n_att, att_sides, n_def, def_sides, cancel="highest"):
    """Every face of every die, the text's procedure applied literally."""
    p = np.zeros((n_att + 1, n_att + 1))
    total = 0
    for att in itertools.product(range(1, att_sides + 1), repeat=n_att):
        for de in itertools.product(range(1, def_sides + 1), repeat=n_def):
            hits = sorted((f for f in att if f >= 4), reverse=(cancel == "highest"))
            saves = sum(f >= 4 for f in de)
            through = hits[saves:]  # cancel one for one from the chosen end
            p[sum(f % 2 == 0 for f in through), sum(f % 2 == 1 for f in through)] += 1
            total += 1
    return p / total


@pytest.mark.parametrize("n_att,att_sides,n_def,def_sides", [
    (1, 6, 0, 6), (2, 6, 1, 6), (3, 8, 1, 6), (3, 10, 2, 8), (4, 6, 2, 10), (2, 12, 1, 4),
    (4, 8, 0, 6)])
@pytest.mark.parametrize("cancel", ["highest", "lowest"])
def test_exact_matches_enumeration(n_att, att_sides, n_def, def_sides, cancel):
    e = V.exact(n_att, att_sides, n_def, def_sides, cancel=cancel)
    assert e["p"] == pytest.approx(brute(n_att, att_sides, n_def, def_sides, cancel), abs=1e-12)
    assert e["p"].sum() == pytest.approx(1.0)


def test_golden_numbers():
    # one d6 attack die, no defence: 4 or 6 kills (1/3), 5 injures (1/6)
    p = V.exact(1, 6, 0, 6)["p"]
    assert p[1, 0] == pytest.approx(1 / 3) and p[0, 1] == pytest.approx(1 / 6)
    # two d6 hits vs one save, highest cancelled: the lower hit gets through
    # P(kill) = P(two hits) * P(lower of two hit faces even) * P(save) + ...
    assert V.exact(4, 8, 0, 6)["p_pinned_suppressive"] == pytest.approx(1 - (3 / 8) ** 4)


@pytest.mark.parametrize("sides", [4, 6, 8, 10, 12])
def test_cancellation_order_cannot_change_casualty_odds_at_4_plus(sides):
    """A finding for the designer: with hits on 4+ and an even-sided die the hit faces 4..X are
    mirror-symmetric in parity (f <-> 4 + X - f keeps odd/even), so cancelling the highest or
    the lowest dice gives exactly the same kill/injury distribution."""
    hi = V.exact(6, sides, 3, 6, cancel="highest")["p"]
    lo = V.exact(6, sides, 3, 6, cancel="lowest")["p"]
    assert hi == pytest.approx(lo, abs=1e-12)


def test_cancellation_order_matters_when_the_hit_faces_are_not_symmetric():
    """Hits on 5+ with a d6 (faces 5 and 6): cancelling the highest first lets the 5s (injuries)
    through, so kills drop and injuries rise compared with cancelling the lowest."""
    hi = V.exact(6, 6, 3, 6, hit_on=5, cancel="highest")
    lo = V.exact(6, 6, 3, 6, hit_on=5, cancel="lowest")
    assert hi["expected_kills"] + hi["expected_injuries"] == pytest.approx(
        lo["expected_kills"] + lo["expected_injuries"])  # as many get through either way
    assert hi["expected_kills"] < lo["expected_kills"] - 0.05


# 6 cases, each a chi-square test of the (kills, injuries) histogram at alpha 1e-4:
# any false alarm below 0.06% (Bonferroni); fixed seeds.
@pytest.mark.parametrize("n_att,att_sides,n_def,def_sides,cancel", [
    (4, 6, 1, 6, "highest"), (6, 8, 2, 8, "highest"), (5, 10, 3, 6, "highest"),
    (7, 12, 2, 10, "lowest"), (3, 4, 1, 12, "highest"), (8, 8, 4, 8, "lowest")])
def test_engine_volley_matches_exact(n_att, att_sides, n_def, def_sides, cancel):
    n = 60_000
    sim = V.simulate(n, n_att, att_sides, n_def, def_sides, cancel=cancel, seed=5)
    exact = V.exact(n_att, att_sides, n_def, def_sides, cancel=cancel)
    assert chi2_p(sim["counts"].ravel(), exact["p"].ravel()) > 1e-4
    assert abs(sim["p_pinned"] - exact["p_pinned"]) < 5 * np.sqrt(0.25 / n)


def test_crossfire_pool_keeps_cancelled_dice():
    faces = np.array([4, 5, 6, 7, 8, 0], dtype=np.int64)
    kills, injuries, left = V.apply_defence(faces, 5, 2, True)
    assert (kills, injuries, left) == (2, 1, 2)  # 4, 5, 6 through; 7 and 8 cancelled
    assert list(faces[:left]) == [7, 8]  # the next team in the line of fire faces 7 and 8
    faces = np.array([4, 5, 6, 7, 8], dtype=np.int64)
    assert V.apply_defence(faces, 5, 2, False)[:2] == (2, 1)  # 6, 7, 8 through


def test_dice_counts_follow_the_text():
    assert V.attack_dice(4, grenadier=True, saw=True, within_6=True, stationary=True) == 8
    assert V.attack_dice(3, frag_grenades=2) == 5
    assert V.defence_dice(nonblocking=2, smoke=1, cautious_or_still=True,
                          behind_blocking=True) == 6


def test_roll_attack_returns_sorted_hits():
    s = new_state(1, 2, 3)
    faces = np.zeros(20, dtype=np.int64)
    k = V.roll_attack(s, 20, 10, 4, faces)
    assert 0 < k <= 20 and (np.diff(faces[:k]) >= 0).all() and faces[:k].min() >= 4
