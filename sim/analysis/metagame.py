"""The meta-game of strategies: pairwise win matrix, Bradley-Terry ranking, Nash equilibrium
of the symmetric zero-sum game 'pick a strategy', and dominated strategies.

This is 'restricted play' balance analysis: if a rational player would only ever pick one
strategy, the rules make that strategy dominant, which is a balance problem.
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import linprog


def bradley_terry(wins: np.ndarray, iters: int = 2000, tol: float = 1e-10) -> np.ndarray:
    """Bradley-Terry strengths (geometric mean 1) from wins[i, j] = games i won against j,
    fitted by the MM algorithm (Hunter 2004). A tiny prior (0.5 win each way) keeps strategies
    that never win or never lose finite."""
    w = np.asarray(wins, dtype=float) + 0.5 * (1 - np.eye(len(wins)))
    n = w + w.T
    p = np.ones(len(w))
    for _ in range(iters):
        denom = (n / (p[:, None] + p[None, :])).sum(axis=1)
        new = w.sum(axis=1) / denom
        new /= np.exp(np.log(new).mean())
        if np.max(np.abs(new - p)) < tol:
            p = new
            break
        p = new
    return p


def bt_intervals(wins: np.ndarray, n_boot: int = 300, seed: int = 0, alpha: float = 0.05):
    """Parametric-bootstrap (1 - alpha) intervals of log Bradley-Terry strengths."""
    wins = np.asarray(wins)
    games = wins + wins.T
    rate = np.divide(wins, games, out=np.full(wins.shape, 0.5), where=games > 0)
    rng = np.random.default_rng(seed)
    draws = []
    for _ in range(n_boot):
        w = rng.binomial(games.astype(np.int64), rate)
        w = np.triu(w, 1) + np.tril(games - w.T, -1)
        draws.append(np.log(bradley_terry(w)))
    draws = np.array(draws)
    return np.quantile(draws, alpha / 2, axis=0), np.quantile(draws, 1 - alpha / 2, axis=0)


def nash(payoff: np.ndarray) -> tuple[np.ndarray, float]:
    """Maximin mixture x of the row player for zero-sum ``payoff`` (row's gain) and its value,
    by linear programming: maximise v subject to x @ payoff >= v, sum(x) = 1, x >= 0."""
    a = np.asarray(payoff, dtype=float)
    k = a.shape[0]
    c = np.zeros(k + 1)
    c[-1] = -1.0  # maximise v
    a_ub = np.hstack([-a.T, np.ones((a.shape[1], 1))])  # v - x @ a[:, j] <= 0
    b_ub = np.zeros(a.shape[1])
    a_eq = np.zeros((1, k + 1))
    a_eq[0, :k] = 1
    res = linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=[1.0],
                  bounds=[(0, None)] * k + [(None, None)], method="highs")
    if not res.success:
        raise RuntimeError(f"equilibrium LP failed: {res.message}")
    x = np.clip(res.x[:k], 0, None)
    return x / x.sum(), float(res.x[-1])


def dominated(rate: np.ndarray, support: np.ndarray, eps: float = 1e-6) -> list[tuple[int, int]]:
    """(i, k) pairs: strategy i is outside the equilibrium support and strategy k does better
    than i against every opponent and beats i head to head."""
    rate = np.asarray(rate)
    out = []
    for i in range(len(rate)):
        if support[i] > eps:
            continue
        for k in range(len(rate)):
            others = [j for j in range(len(rate)) if j not in (i, k)]
            if k != i and rate[k, i] > 0.5 and all(rate[k, j] > rate[i, j] for j in others):
                out.append((i, k))
                break
    return out
