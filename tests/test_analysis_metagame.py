"""Meta-game analysis against known answers."""

import warnings

import numpy as np
import pytest
from scipy.optimize import minimize

from sim.analysis.metagame import (
    Robustness,
    bradley_terry,
    bt_intervals,
    bt_loglik,
    dominance,
    dominated,
    equilibrium,
    nash,
    rates,
    verdicts,
)


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


# a dominant strategy that never lost a game: only the 0.5-each-way prior keeps it finite, far
# from the others (the MM fit this replaced stopped 0.3 log-units short of the optimum here)
DOMINANT = np.array([[0, 2000, 2000, 2000], [0, 0, 1100, 1200], [0, 900, 0, 1050],
                     [0, 800, 950, 0]])


def test_bradley_terry_solves_the_score_equations_with_a_dominant_strategy():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # converges without a warning
        p = bradley_terry(DOMINANT)
    w = DOMINANT + 0.5 * (1 - np.eye(4))  # the prior: half a win each way
    n = w + w.T
    expected = (n * p[:, None] / (p[:, None] + p[None, :])).sum(axis=1)
    assert np.abs(w.sum(axis=1) - expected).max() < 1e-8  # each strategy's wins = expected
    assert np.exp(np.log(p).mean()) == pytest.approx(1, abs=1e-12)
    # the same optimum as a direct fit of the exact log-likelihood by scipy (from its own start)
    res = minimize(lambda b: -bt_loglik(b, w), np.log(w.sum(axis=1) + 1), method="BFGS",
                   options={"gtol": 1e-9})
    # (BFGS may stop at this gtol with "precision loss", status 2, at the optimum: the
    # comparisons below are the test)
    assert res.success or res.status == 2, res.message
    direct = res.x - res.x.mean()
    assert np.log(p) == pytest.approx(direct, abs=1e-5)
    assert bt_loglik(np.log(p), w) >= bt_loglik(direct, w) - 1e-9
    assert np.log(p[0]) - np.log(p[1:]).max() > 7  # the dominant one is far ahead


def test_bradley_terry_warns_when_it_runs_out_of_steps():
    with pytest.warns(RuntimeWarning, match="not converged after 2 Newton steps"):
        bradley_terry(DOMINANT, iters=2)


def _random_rates(rng, k):
    r = rng.uniform(0.2, 0.8, (k, k))
    r = np.triu(r, 1) + np.tril(1 - r.T, -1)
    np.fill_diagonal(r, 0.5)
    return r


def test_dominance_matches_its_definition_by_brute_force():
    rng = np.random.default_rng(7)
    for _ in range(50):
        k = int(rng.integers(2, 7))
        r = _random_rates(rng, k)
        r = np.round(r, 1)  # ties happen
        r = np.triu(r, 1) + np.tril(1 - r.T, -1) + 0.5 * np.eye(k)
        want = np.array([[a != b and r[a, b] > 0.5
                          and all(r[a, j] > r[b, j] for j in range(k) if j not in (a, b))
                          for b in range(k)] for a in range(k)])
        assert (dominance(r) == want).all()
        assert (dominance(np.stack([r, r])) == want).all()  # batched


def test_equilibrium_is_optimal_and_agrees_with_the_lp():
    # a skew-symmetric game has value 0: x is optimal exactly when (rate - 0.5) @ x <= 0
    rng = np.random.default_rng(11)
    for _ in range(100):
        k = int(rng.integers(2, 9))
        r = _random_rates(rng, k)
        x = equilibrium(r)
        assert x.sum() == pytest.approx(1) and (x >= 0).all()
        assert ((r - 0.5) @ x).max() <= 1e-7
        lp, _ = nash(r - 0.5)
        assert x == pytest.approx(lp, abs=1e-6)  # generic games have one equilibrium


def test_rates_fill_the_diagonal_and_undecided_pairs():
    wins = np.array([[0, 3, 0], [1, 0, 0], [0, 0, 0]])
    r = rates(wins)
    assert r.tolist() == [[0.5, 0.75, 0.5], [0.25, 0.5, 0.5], [0.5, 0.5, 0.5]]


def test_verdicts_need_the_level():
    k = 3
    rob = Robustness(support=np.array([1.0, 0.06, 0.0]), sole=np.array([0.94, 0.0, 0.0]),
                     weight=np.array([0.97, 0.03, 0.0]), dominated=np.array([0.0, 0.5, 0.96]),
                     dominated_by=np.zeros((k, k)), n_boot=100, eps=0.01)
    v = verdicts(rob, 0.95)  # each call needs 1 - 0.05 / 3 = 98.3% (Bonferroni)
    assert abs(v.need - (1 - 0.05 / 3)) < 1e-12
    assert v.dominant is None and v.dominated == []
    assert v.contenders == [0, 1] and v.sole_candidates == [0]
    assert [i for i, _, _ in v.unsure_dominated] == [1, 2]
    v = verdicts(rob, 0.85)  # needs 95%
    assert v.dominant is None and [i for i, _, _ in v.dominated] == [2]
    assert verdicts(rob, 0.8).dominant == 0  # needs 93.3%
    with pytest.raises(ValueError):
        verdicts(rob, 0.4)
