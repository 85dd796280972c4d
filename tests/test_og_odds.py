"""O.G. exact odds against brute-force dice enumeration, and the engine against exact odds."""

import itertools

import numpy as np
import pytest
from scipy import stats

from helpers import binom_p, chi2_p
from sim.og import odds


def _brute_fight(a, x, d, y, ties_to="defender"):
    """Enumerate every face of every die (6**(a+x+d+y) outcomes)."""
    win = a_lost = d_lost = 0
    total = 0
    for faces in itertools.product(range(1, 7), repeat=a + x + d + y):
        a_hits = sum(f >= 4 for f in faces[: a + x])
        d_hits = sum(f >= 4 for f in faces[a + x:])
        a_left, d_left = max(a - d_hits, 0), max(d - a_hits, 0)
        win += a_left > d_left or (a_left == d_left and ties_to == "attacker")
        a_lost += min(d_hits, a)
        d_lost += min(a_hits, d)
        total += 1
    return win / total, a_lost / total, d_lost / total


@pytest.mark.parametrize("a,x,d,y", [(1, 0, 1, 0), (2, 1, 1, 1), (3, 0, 2, 2), (1, 2, 3, 0),
                                     (2, 2, 2, 1), (1, 0, 0, 1), (4, 0, 1, 0)])
@pytest.mark.parametrize("ties_to", ["defender", "attacker"])
def test_fight_exact_matches_enumeration(a, x, d, y, ties_to):
    exact = odds.fight(a, x, d, y, ties_to=ties_to)
    win, a_lost, d_lost = _brute_fight(a, x, d, y, ties_to)
    assert exact["p_attacker_wins"] == pytest.approx(win, abs=1e-12)
    assert exact["expected_attacker_crew_lost"] == pytest.approx(a_lost, abs=1e-12)
    assert exact["expected_defender_crew_lost"] == pytest.approx(d_lost, abs=1e-12)


def test_fight_golden_numbers():
    # 1 v 1: attacker wins only if it hits and the defender misses: 1/4.
    assert odds.fight(1, 0, 1, 0)["p_attacker_wins"] == pytest.approx(0.25)
    # ties to the attacker add P(both hit) + P(both miss) = 1/2.
    assert odds.fight(1, 0, 1, 0, ties_to="attacker")["p_attacker_wins"] == pytest.approx(0.75)
    # undefended block with one crew: the attacker always has 1 > 0 left.
    assert odds.fight(1, 0, 0, 0)["p_attacker_wins"] == pytest.approx(1.0)


def test_driveby_exact():
    e = odds.driveby(3, 1, target_props=2)
    # hits ~ Bin(4, 1/2); removed = min(hits, 2)
    pmf = stats.binom.pmf(range(5), 4, 0.5)
    assert e["hits_distribution"] == pytest.approx(list(pmf))
    assert e["expected_props_removed"] == pytest.approx(sum(p * min(k, 2) for k, p in enumerate(pmf)))
    assert e["expected_crew_lost"] == pytest.approx(1.5)


# Engine vs exact: 8 fight cases x 2 tie rules, each an exact binomial test at alpha = 1e-4,
# so the chance of any false alarm is below 16 * 1e-4 = 0.16% (Bonferroni); fixed seeds.
@pytest.mark.parametrize("a,x,d,y", [(1, 0, 1, 0), (3, 2, 3, 0), (5, 0, 4, 3), (2, 4, 6, 0),
                                     (8, 2, 8, 2), (1, 0, 0, 2), (10, 0, 3, 0), (4, 4, 4, 4)])
@pytest.mark.parametrize("ties_to", ["defender", "attacker"])
def test_engine_fight_matches_exact_odds(a, x, d, y, ties_to):
    n = 40_000
    sim = odds.simulate_fight(n, a, x, d, y, ties_to=ties_to, seed=123)
    p = odds.fight(a, x, d, y, ties_to=ties_to)["p_attacker_wins"]
    if p < 1e-12 or p > 1 - 1e-12:
        assert sim["p_attacker_wins"] == round(p)
    else:
        assert binom_p(sim["attacker_wins"], n, p) > 1e-4


def test_engine_fight_wrong_rule_is_detected():
    """The same test has power: exact odds under the other tie rule are rejected."""
    n = 40_000
    sim = odds.simulate_fight(n, 3, 0, 3, 0, ties_to="defender", seed=123)
    p_other = odds.fight(3, 0, 3, 0, ties_to="attacker")["p_attacker_wins"]
    assert binom_p(sim["attacker_wins"], n, p_other) < 1e-4


@pytest.mark.parametrize("crew,extra", [(1, 0), (3, 2), (6, 0), (2, 5)])
def test_engine_driveby_matches_exact_distribution(crew, extra):
    """Chi-square of the hits histogram, alpha 1e-4 per case (4 cases: < 0.04% false alarms)."""
    n = 40_000
    sim = odds.simulate_driveby(n, crew, extra, seed=7)
    exact = odds.driveby(crew, extra)["hits_distribution"]
    assert chi2_p(np.array(sim["hits_counts"]), exact) > 1e-4
