"""Meta-game analysis against known answers."""

import numpy as np
import pytest

from sim.analysis.metagame import bradley_terry, bt_intervals, dominated, nash


def test_rock_paper_scissors_equilibrium_is_uniform():
    rps = np.array([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], dtype=float)
    x, v = nash(rps)
    assert x == pytest.approx([1 / 3] * 3, abs=1e-6)
    assert v == pytest.approx(0, abs=1e-9)


def test_dominant_strategy_is_a_pure_equilibrium_and_others_flagged():
    rate = np.array([[0.5, 0.7, 0.8], [0.3, 0.5, 0.6], [0.2, 0.4, 0.5]])
    x, _ = nash(rate - 0.5)
    assert x == pytest.approx([1, 0, 0], abs=1e-6)
    flagged = dict(dominated(rate, x))
    assert flagged[1] == 0 and flagged[2] in (0, 1)


def test_bradley_terry_recovers_strengths():
    true = np.array([4.0, 2.0, 1.0])
    n = 100000
    wins = np.array([[0 if i == j else n * true[i] / (true[i] + true[j]) for j in range(3)]
                     for i in range(3)])
    p = bradley_terry(wins)
    assert p / p[2] == pytest.approx(true / true[2], rel=1e-3)
    lo, hi = bt_intervals(np.round(wins / 100), n_boot=200)
    assert (lo <= np.log(p)).all() and (np.log(p) <= hi).all()
