"""Balance metrics beyond plain rates: censored game length, equivalence verdicts, comebacks.

All functions read a tidy results table (one row per game and seat) or plain arrays.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from sim.analysis.stats import wilson

BALANCED, UNBALANCED, CANT_TELL = "balanced", "unbalanced", "can't tell"


def kaplan_meier(durations, finished, alpha: float = 0.05) -> pd.DataFrame:
    """Kaplan-Meier estimate of P(game still running after t rounds), games cut off by the
    turn limit being censored, not dropped. Columns: rounds, at_risk, ended, survival, lo, hi
    (Greenwood variance on the log-log scale)."""
    d = np.asarray(durations, dtype=float)
    e = np.asarray(finished, dtype=bool)
    times = np.unique(d[e])
    z = stats.norm.ppf(1 - alpha / 2)
    rows = []
    s = 1.0
    green = 0.0
    for t in times:
        at_risk = int((d >= t).sum())
        ended = int(((d == t) & e).sum())
        s *= 1 - ended / at_risk
        if at_risk > ended:
            green += ended / (at_risk * (at_risk - ended))
        if 0 < s < 1 and green > 0:
            se = np.sqrt(green) / abs(np.log(s))
            lo, hi = s ** np.exp(z * se), s ** np.exp(-z * se)
        else:
            lo = hi = s
        rows.append((t, at_risk, ended, s, lo, hi))
    return pd.DataFrame(rows, columns=["rounds", "at_risk", "ended", "survival", "lo", "hi"])


def km_median(km: pd.DataFrame) -> float:
    """First time the survival curve reaches 1/2 or below (inf if it never does)."""
    below = km[km["survival"] <= 0.5]
    return float(below["rounds"].iloc[0]) if len(below) else float("inf")


def equivalence(k: int, n: int, target: float, margin: float, alpha: float = 0.05) -> str:
    """Is a rate within target +/- margin? Two one-sided tests in interval form: the
    (1 - 2 alpha) Wilson interval inside the band -> balanced; entirely outside -> unbalanced;
    otherwise the sample cannot tell."""
    if n == 0:
        return CANT_TELL
    _, lo, hi = wilson(k, n, 2 * alpha)
    if lo >= target - margin and hi <= target + margin:
        return BALANCED
    if lo > target + margin or hi < target - margin:
        return UNBALANCED
    return CANT_TELL


def first_player_crn(table: pd.DataFrame) -> pd.DataFrame:
    """Per point of a common-random-numbers run (blocks of P games on one stream, first turn
    rotated): P(first player wins) with the block standard error, the standard error an
    independent design would have, and the variance reduction (how many times more
    independent games the same precision would need)."""
    rows = []
    for point, g in table[table["order"] == 0].groupby("point"):
        P = int(g["players"].iloc[0])
        g = g.sort_values("game")
        won = g["won"].to_numpy(dtype=float)
        n = len(won) - len(won) % P
        blocks = won[:n].reshape(-1, P).mean(axis=1)
        p = won[:n].mean()
        se_indep = np.sqrt(p * (1 - p) / n)
        se_crn = blocks.std(ddof=1) / np.sqrt(len(blocks)) if len(blocks) > 1 else np.nan
        rows.append({"point": point, "first_win_rate": p, "first_win_se_crn": se_crn,
                     "first_win_se_indep": se_indep,
                     "variance_reduction": se_indep**2 / se_crn**2 if se_crn else np.nan})
    return pd.DataFrame(rows)


def comebacks(table: pd.DataFrame) -> pd.DataFrame:
    """Per point: share of decided games won by a player who was not the (joint) leader on the
    game's victory score at mid-game (column score_mid: Props in O.G.)."""
    winners = table[table["won"]]
    best_mid = table.groupby(["point", "game"])["score_mid"].max()
    key = pd.MultiIndex.from_frame(winners[["point", "game"]])
    trailed = winners["score_mid"].to_numpy() < best_mid.reindex(key).to_numpy()
    per = pd.DataFrame({"point": winners["point"].to_numpy(), "comeback": trailed})
    g = per.groupby("point")["comeback"].agg(["sum", "count"])
    p, lo, hi = wilson(g["sum"], g["count"])
    return pd.DataFrame({"point": g.index, "comebacks": g["sum"].to_numpy(),
                         "decided": g["count"].to_numpy(), "comeback_rate": p,
                         "comeback_lo": lo, "comeback_hi": hi})
