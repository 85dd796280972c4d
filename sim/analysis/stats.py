"""Small statistics helpers: intervals and tests used by every report."""

from __future__ import annotations

import numpy as np
from scipy import stats


def wilson(k, n, alpha: float = 0.05):
    """Wilson score interval for k successes in n trials: (rate, low, high); arrays allowed."""
    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    z = stats.norm.ppf(1 - alpha / 2)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(n > 0, k / n, np.nan)
        denom = 1 + z**2 / n
        centre = (p + z**2 / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z**2 / (4 * n**2)) / denom
    return p, np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


def mean_ci(x, alpha: float = 0.05):
    """Mean with a Student-t interval: (mean, low, high)."""
    x = np.asarray(x, dtype=float)
    n = len(x)
    m = float(np.mean(x)) if n else float("nan")
    if n < 2:
        return m, float("nan"), float("nan")
    half = stats.t.ppf(1 - alpha / 2, n - 1) * np.std(x, ddof=1) / np.sqrt(n)
    return m, m - half, m + half


def equal_shares_p(counts) -> float:
    """Chi-square test p-value that wins are spread equally over the categories (e.g. seats)."""
    counts = np.asarray(counts, dtype=float)
    if counts.sum() == 0 or len(counts) < 2:
        return float("nan")
    return float(stats.chisquare(counts).pvalue)


def fmt_rate(p, lo, hi, digits: int = 1) -> str:
    """'25.3% [24.1, 26.5]'."""
    if np.isnan(p):
        return "n/a"
    return f"{100 * p:.{digits}f}% [{100 * lo:.{digits}f}, {100 * hi:.{digits}f}]"
