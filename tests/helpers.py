"""Statistical helpers for tests (each test states its false-alarm rate)."""

import numpy as np
from scipy import stats


def chi2_p(observed, expected_probs) -> float:
    """Chi-square goodness-of-fit p-value; cells expecting < 5 are pooled into one."""
    observed = np.asarray(observed, dtype=float)
    expected = np.asarray(expected_probs, dtype=float) * observed.sum()
    impossible = expected == 0
    if observed[impossible].any():
        return 0.0  # an outcome the exact odds rule out was observed
    keep = expected >= 5
    obs, exp = observed[keep], expected[keep]
    rest = ~keep & ~impossible
    if rest.any():
        obs = np.append(obs, observed[rest].sum())
        exp = np.append(exp, expected[rest].sum())
    exp = exp * obs.sum() / exp.sum()
    return float(stats.chisquare(obs, exp).pvalue)


def binom_p(k: int, n: int, p: float) -> float:
    """Two-sided exact binomial test p-value."""
    return float(stats.binomtest(int(k), int(n), p).pvalue)


def hits_at_exact_odds(rolls, p_of, alpha: float, min_n: int = 30) -> int:
    """Exact binomial test of the hit rate at each need: ``rolls`` (need, hit) pairs, ``p_of``
    need -> exact P(hit); needs with fewer than ``min_n`` rolls are skipped. Asserts every
    tested need's p-value exceeds ``alpha``; returns how many needs were tested."""
    tested = 0
    for need in sorted({n for n, _ in rolls if n <= 6}):
        hits = [h for n, h in rolls if n == need]
        if len(hits) < min_n:
            continue
        p = float(p_of(need))
        assert binom_p(sum(hits), len(hits), p) > alpha, (need, sum(hits), len(hits), p)
        tested += 1
    return tested


# A tiny O.G. sweep used by end-to-end and notebook tests.
TINY = """
[experiment]
game = "og"
question = "Tiny test sweep"
seed = 3
games = 60
chunk = 25

[sweep]
players = [2, 4]
props_goal = [6, 10]

[strategies]
pool = ["expander", "balanced", "hunter"]

[report]
target_rounds = [5, 15]
"""


def one_and_all_threads(fn):
    """fn() run with 1 numba thread and with all of them: (result_one, result_all)."""
    import numba

    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = fn()
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
        many = fn()
    finally:
        numba.set_num_threads(before)
    return one, many


def floats(obj):
    """Every float in a JSON value."""
    if isinstance(obj, float):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from floats(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from floats(v)


def assert_no_float_noise(out) -> None:
    """Every float of a JSON answer is rounded to 12 significant digits."""
    for x in floats(out):
        assert x == float(f"{x:.12g}"), f"{x!r} carries float noise"
