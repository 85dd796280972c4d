"""The meta-game of strategies: pairwise win matrix, Bradley-Terry ranking, Nash equilibrium
of the symmetric zero-sum game 'pick a strategy', dominated strategies, and how sure those
calls are under a bootstrap of the games.

This is 'restricted play' balance analysis among a given set of scripted strategies: if a
rational player would only ever pick one of them, that strategy is dominant among them. Whether
that comes from the rules or from how the other strategies are scripted is a separate question.
"""

from __future__ import annotations

import warnings
from typing import NamedTuple

import numpy as np
from scipy.optimize import linprog


def bradley_terry(wins: np.ndarray, iters: int = 100, tol: float = 1e-10) -> np.ndarray:
    """Bradley-Terry strengths float64[k] (geometric mean 1) from wins[i, j] = games i won
    against j: the maximum-likelihood fit, with a tiny prior (0.5 win each way between every
    pair) that keeps strategies that never win or never lose finite.

    Fitted by Newton's method on the log-strengths (the log-likelihood is concave; steps that
    lower it are halved) until the largest Newton step is under ``tol`` log-units plus what
    rounding of the counts alone moves it, at which point the score equations (each
    strategy's wins = its expected wins) hold to rounding. A fit that has not converged after
    ``iters`` steps is returned with a RuntimeWarning."""
    w = np.asarray(wins, dtype=float)
    k = len(w)
    if w.shape != (k, k) or not np.isfinite(w).all() or (w < 0).any():
        raise ValueError(f"wins must be a square matrix of non-negative counts, got {w.shape}")
    w = w * (1 - np.eye(k)) + 0.5 * (1 - np.eye(k))
    n = w + w.T
    beta = np.zeros(k)
    ll = bt_loglik(beta, w)
    step = np.inf
    for _ in range(iters):
        p = _sigmoid(beta[:, None] - beta[None, :])  # [i, j]: P(i beats j)
        score = w.sum(axis=1) - (n * p).sum(axis=1)  # d loglik / d beta (sums to 0)
        info = n * p * p.T  # Fisher information: a graph Laplacian, fixed by sum(beta) = 0
        lap = np.diag(info.sum(axis=1)) - info
        m = lap + 1.0 / k
        delta = np.linalg.solve(m, score)  # Newton step within sum(beta) = 0
        step = float(np.abs(delta).max())
        # the step that rounding in the score alone would cause: with millions of games or a
        # strategy far ahead it can exceed tol, and no fit in float64 gets closer than that
        noise = 8 * k * np.finfo(float).eps * (w.sum(axis=1) + (n * p).sum(axis=1))
        floor = float(np.abs(np.linalg.solve(m, noise)).max())
        t = 1.0
        while True:  # halve a step that lowers the log-likelihood beyond rounding
            new = beta + t * delta
            new_ll = bt_loglik(new, w)
            if new_ll >= ll - 1e-12 * abs(ll) or t < 1e-8:
                break
            t /= 2
        beta, ll = new - new.mean(), new_ll
        if step < tol + floor:
            return np.exp(beta)
    warnings.warn(f"bradley_terry: not converged after {iters} Newton steps (last step "
                  f"{step:.2g} log-units, tolerance {tol:g}); the strengths may be off",
                  RuntimeWarning, stacklevel=2)
    return np.exp(beta)


def bt_loglik(beta: np.ndarray, wins: np.ndarray) -> float:
    """Bradley-Terry log-likelihood of log-strengths ``beta`` float64[k] given
    wins[i, j] = games i won against j (the diagonal is ignored)."""
    w = np.asarray(wins, dtype=float) * (1 - np.eye(len(beta)))
    return float(-(w * np.logaddexp(0.0, beta[None, :] - beta[:, None])).sum())


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * x))


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


def rates(wins: np.ndarray) -> np.ndarray:
    """Share of decided games won, float64[..., k, k] from wins int[..., k, k]; 0.5 on the
    diagonal and where two strategies decided no game between them."""
    wins = np.asarray(wins, dtype=float)
    decided = wins + np.swapaxes(wins, -1, -2)
    rate = np.divide(wins, decided, out=np.full(wins.shape, 0.5), where=decided > 0)
    k = wins.shape[-1]
    rate[..., np.arange(k), np.arange(k)] = 0.5
    return rate


def dominance(rate: np.ndarray) -> np.ndarray:
    """bool[..., k, k]: dom[..., a, b] when a beats b head to head (rate > 0.5) and does better
    than b against every other strategy. For a complementary rate matrix (rate[i, j] +
    rate[j, i] = 1) b is then strictly dominated in the meta-game, so it is in no equilibrium."""
    rate = np.asarray(rate, dtype=float)
    k = rate.shape[-1]
    better = rate[..., :, None, :] > rate[..., None, :, :]  # [.., a, b, j]: a beats j more than b
    skip = np.zeros((k, k, k), dtype=bool)  # j == a or j == b does not count
    a, b = np.meshgrid(np.arange(k), np.arange(k), indexing="ij")
    skip[a, b, a] = True
    skip[a, b, b] = True
    dom = (better | skip).all(axis=-1) & (rate > 0.5)
    return dom & ~np.eye(k, dtype=bool)


def dominated(rate: np.ndarray, support: np.ndarray, eps: float = 1e-6) -> list[tuple[int, int]]:
    """(i, k) pairs: strategy i is outside the equilibrium support and strategy k does better
    than i against every opponent and beats i head to head (the first such k)."""
    dom = dominance(rate)
    return [(i, int(np.argmax(dom[:, i]))) for i in range(len(dom))
            if support[i] <= eps and dom[:, i].any()]


def equilibrium(rate: np.ndarray) -> np.ndarray:
    """Equilibrium mixture float64[k] of the meta-game with win shares ``rate`` [k, k] (payoff
    rate - 0.5): strictly dominated strategies are removed (repeatedly), a strategy that beats
    every one left is the pure answer, and only what remains goes to the LP."""
    rate = np.asarray(rate, dtype=float)
    k = len(rate)
    alive = np.arange(k)
    while True:
        sub = rate[np.ix_(alive, alive)]
        off = sub > 0.5
        np.fill_diagonal(off, True)
        winner = np.flatnonzero(off.all(axis=1))
        x = np.zeros(k)
        if len(winner) == 1:  # beats everyone left: the unique equilibrium
            x[alive[winner[0]]] = 1.0
            return x
        keep = ~dominance(sub).any(axis=0)
        if keep.all():
            x[alive] = nash(sub - 0.5)[0]
            return x
        alive = alive[keep]


def bootstrap_wins(contrib: np.ndarray, count: np.ndarray, stratum: np.ndarray,
                   n_boot: int = 1000, seed: int = 0) -> np.ndarray:
    """Win matrices int64[n_boot, k, k] of bootstrap resamples of the games.

    The games are given as distinct outcomes: ``contrib`` int64[n, k, k] is the win matrix one
    game with outcome n adds, ``count`` int64[n] how many games had it, ``stratum`` int64[n] the
    group it belongs to (a pairing of a 2-player tournament; the single table of a 3+ player
    one). Each resample draws, within every stratum, as many games as it has with replacement,
    whole games at a time (a multinomial over the stratum's outcomes), so the pairwise results
    of one table stay together."""
    contrib = np.asarray(contrib, dtype=np.int64)
    count = np.asarray(count, dtype=np.int64)
    stratum = np.asarray(stratum)
    n, k, _ = contrib.shape
    rng = np.random.default_rng(seed)
    out = np.zeros((n_boot, k * k), dtype=np.int64)
    for s in np.unique(stratum):
        rows = np.flatnonzero(stratum == s)
        total = int(count[rows].sum())
        draws = rng.multinomial(total, count[rows] / total, size=n_boot)  # [n_boot, rows]
        out += draws @ contrib[rows].reshape(len(rows), k * k)
    return out.reshape(n_boot, k, k)


class Robustness(NamedTuple):
    """Per strategy (float64[k] unless said), over the bootstrap resamples."""
    support: np.ndarray  # share of resamples with equilibrium weight > eps
    sole: np.ndarray  # share where it is the only strategy with weight > eps
    weight: np.ndarray  # mean equilibrium weight
    dominated: np.ndarray  # share where some strategy dominates it
    dominated_by: np.ndarray  # [k, k]: [a, b] share where a dominates b
    n_boot: int
    eps: float


def robustness(wins_draws: np.ndarray, eps: float = 0.01) -> Robustness:
    """Equilibrium and dominance of every resampled win matrix ``wins_draws`` [B, k, k]."""
    rate = rates(wins_draws)
    x = np.array([equilibrium(r) for r in rate])  # [B, k]
    inside = x > eps
    dom = dominance(rate)
    return Robustness(support=inside.mean(axis=0),
                      sole=(inside & (inside.sum(axis=1) == 1)[:, None]).mean(axis=0),
                      weight=x.mean(axis=0), dominated=dom.any(axis=1).mean(axis=0),
                      dominated_by=dom.mean(axis=0), n_boot=len(rate), eps=eps)


class Verdicts(NamedTuple):
    """What the bootstrap lets us call at ``level``."""
    dominant: int | None  # sole equilibrium pick in >= level of resamples
    dominated: list[tuple[int, int, float]]  # (strategy, its usual dominator, share) >= level
    unsure_dominated: list[tuple[int, int, float]]  # the same with share in [0.5, level)
    contenders: list[int]  # in the support in more than 1 - need; by mean weight, highest first
    sole_candidates: list[int]  # contenders that are the sole pick in more than 1 - need
    level: float
    need: float  # share of resamples a call needs: 1 - (1 - level) / strategies (Bonferroni)


def verdicts(rob: Robustness, level: float = 0.95) -> Verdicts:
    """Dominant / dominated calls at family level ``level``: each call about one of the k
    strategies needs 1 - (1 - level) / k of the resamples to agree (Bonferroni), so among
    strategies that are in fact tied a false call of either kind has a chance of about
    1 - level at most, whatever the field's size."""
    if not 0.5 < level < 1:
        raise ValueError(f"level {level}: must lie in (0.5, 1)")
    k = len(rob.support)
    need = 1 - (1 - level) / k
    hit = np.flatnonzero(rob.sole >= need)
    doms, unsure = [], []
    for i in range(k):
        by = int(np.argmax(rob.dominated_by[:, i]))
        if rob.dominated[i] >= need:
            doms.append((i, by, float(rob.dominated[i])))
        elif rob.dominated[i] >= 0.5:
            unsure.append((i, by, float(rob.dominated[i])))
    contenders = sorted(np.flatnonzero(rob.support > 1 - need).tolist(),
                        key=lambda i: -rob.weight[i])
    sole = [i for i in contenders if rob.sole[i] > 1 - need]
    return Verdicts(dominant=int(hit[0]) if len(hit) else None, dominated=doms,
                    unsure_dominated=unsure, contenders=contenders, sole_candidates=sole,
                    level=level, need=need)
