"""Shared by the Godfather kernel tests: a seeded dice state and a goodness-of-fit check of
observed counts against an exact distribution."""

import numpy as np
from scipy import stats

from sim.core.rng import STATE_SIZE, seed_state


def dice(seed: int, stream: int) -> np.ndarray:
    """A fresh generator state for kernels (``sim.core.rng``)."""
    s = np.empty(STATE_SIZE, np.uint64)
    seed_state(s, np.uint64(seed), np.uint64(stream), np.uint64(0))
    return s


def fits(observed: dict, exact: dict, n: int, alpha: float = 1e-3):
    """Chi-square goodness of fit of ``observed`` counts (outcome -> count, ``n`` in all) to
    ``exact`` probabilities, cells with an expected count of 5 or more kept and the rest
    pooled; outcomes of probability 0 must never occur. Fails at p <= alpha."""
    keys = [k for k in sorted(exact) if exact[k] > 0]
    assert set(observed) <= set(keys), set(observed) - set(keys)
    exp = np.array([float(exact[k]) * n for k in keys])
    obs = np.array([observed.get(k, 0) for k in keys])
    big = exp >= 5
    e = np.append(exp[big], exp[~big].sum()) if (~big).any() else exp
    o = np.append(obs[big], obs[~big].sum()) if (~big).any() else obs
    if len(e) > 1:
        assert stats.chisquare(o, e).pvalue > alpha
