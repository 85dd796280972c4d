"""Verdicts a designer can act on: each swept value's status on each criterion (clearly meets,
borderline, fails), a recommendation among values that clearly meet, how stable that
recommendation is under resampling of the games, and when values cannot be told apart.

Everything here works from a compact per-point summary (:class:`PointCounts`): every game of a
point reduced to its (length, turn-limit flag, winner's turn position) and the count of games
with each combination. Resampling a point's games is then a multinomial draw over those
combinations, so hundreds of bootstrap replicates of a 60-point sweep take a second or two.

Criteria (the report states them): (1) unfinished games rare, (2) turn order within a
tolerance of fair (two one-sided tests), (3) median length inside a target range. A criterion
is *met* when its interval lies inside the allowed region, *failed* when it lies entirely
outside, *borderline* otherwise; a value *clearly meets* when it meets all three.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
from scipy import stats

from sim.analysis.stats import wilson

MEETS, BORDERLINE, FAILS, NO_INFO = "meets", "borderline", "fails", "measures nothing"
STABLE = 0.8  # a recommendation is called stable when two resamples agree on it this often
N_BOOT = 400
MIN_DECIDED = 0.05  # a point where the swept rule ended under 5% of games measures nothing


@dataclasses.dataclass(frozen=True)
class PointCounts:
    """One point's games as counts of (rounds, turn_limit, winner order) combinations."""

    players: int
    rounds: np.ndarray  # int64[C] sorted ascending
    turn_limit: np.ndarray  # bool[C]
    winner_order: np.ndarray  # int64[C]: turn position of the winner, -1 when nobody won
    count: np.ndarray  # int64[C]

    @property
    def games(self) -> int:
        return int(self.count.sum())


def point_counts(table: pd.DataFrame) -> PointCounts:
    """The :class:`PointCounts` of one point's tidy table (one row per game and seat)."""
    per_game = table.drop_duplicates("game")[["game", "rounds", "turn_limit"]].set_index("game")
    winners = table[table["won"]].set_index("game")["order"]
    order = winners.reindex(per_game.index).fillna(-1).astype(np.int64)
    df = pd.DataFrame({"rounds": per_game["rounds"].to_numpy(np.int64),
                       "turn_limit": per_game["turn_limit"].to_numpy(bool),
                       "winner_order": order.to_numpy()})
    g = df.groupby(["rounds", "turn_limit", "winner_order"], sort=True).size().reset_index()
    players = int(table["players"].iloc[0]) if "players" in table else int(table["seat"].max()) + 1
    return PointCounts(players, g["rounds"].to_numpy(np.int64), g["turn_limit"].to_numpy(bool),
                       g["winner_order"].to_numpy(np.int64), g[0].to_numpy(np.int64))


def _ranked(rounds: np.ndarray, counts: np.ndarray, ranks: np.ndarray) -> np.ndarray:
    """Values at 1-based ``ranks`` [B, k] of B samples given as counts [B, C] over the sorted
    values ``rounds`` [C]."""
    cum = np.cumsum(counts, axis=1)
    idx = (cum[:, None, :] < ranks[:, :, None]).sum(axis=2)  # first index with cum >= rank
    return rounds[np.minimum(idx, len(rounds) - 1)].astype(float)


def point_metrics(pc: PointCounts, counts: np.ndarray, report: dict) -> dict:
    """Criterion statistics for count vectors ``counts`` [B, C] of one point (B samples: the
    observed sample is B = 1). Returns arrays of length B."""
    counts = np.atleast_2d(counts)
    alpha = report["alpha"]
    n = counts.sum(axis=1)
    unfinished = counts @ pc.turn_limit.astype(np.int64)
    _, u_lo, u_hi = wilson(unfinished, n, alpha)
    P = pc.players
    onehot = (pc.winner_order[:, None] == np.arange(P)[None, :]).astype(np.int64)  # [C, P]
    wins = counts @ onehot  # [B, P]
    decided = wins.sum(axis=1)
    fair = 1 / P
    tol = report["seat_tolerance"]
    share, lo90, hi90 = wilson(wins, decided[:, None], 2 * alpha)  # the TOST interval
    excess = np.nanmax(np.maximum(hi90 - fair, fair - lo90), axis=1)
    inside = (lo90 >= fair - tol) & (hi90 <= fair + tol)
    outside = (lo90 > fair + tol) | (hi90 < fair - tol)
    seats = np.where(outside.any(axis=1), FAILS,
                     np.where(inside.all(axis=1) & (decided > 0), MEETS, BORDERLINE))
    # median with a distribution-free (order-statistic) confidence interval
    z = stats.norm.ppf(1 - alpha / 2)
    half = z * np.sqrt(n) / 2
    r_lo = np.clip(np.floor(n / 2 - half), 1, n).astype(np.int64)
    r_hi = np.clip(np.ceil(n / 2 + half + 1), 1, n).astype(np.int64)
    mid_a = np.maximum((n + 1) // 2, 1)
    mid_b = np.maximum(n // 2 + 1, 1)
    vals = _ranked(pc.rounds, counts, np.stack([r_lo, r_hi, mid_a, mid_b], axis=1))
    med = np.where(n % 2 == 1, vals[:, 2], (vals[:, 2] + vals[:, 3]) / 2)
    m_lo, m_hi = vals[:, 0], vals[:, 1]
    t_lo, t_hi = report["target_rounds"]
    length = np.where((m_lo >= t_lo) & (m_hi <= t_hi), MEETS,
                      np.where((m_hi < t_lo) | (m_lo > t_hi), FAILS, BORDERLINE))
    cap = report["max_unfinished"]
    unf = np.where(u_hi <= cap, MEETS, np.where(u_lo > cap, FAILS, BORDERLINE))
    mean = (counts @ pc.rounds) / np.maximum(n, 1)
    var = (counts @ pc.rounds.astype(float) ** 2) / np.maximum(n, 1) - mean**2
    return {"n": n, "unfinished": unfinished, "unf_status": unf, "seat_status": seats,
            "seat_excess": excess, "seat_share": share, "seat_lo": lo90, "seat_hi": hi90,
            "decided": decided, "wins": wins, "median": med, "median_lo": m_lo,
            "median_hi": m_hi, "length_status": length, "mean": mean,
            "mean_se": np.sqrt(np.maximum(var, 0) / np.maximum(n - 1, 1))}


def overall(unf, seats, length, informative=True) -> str:
    """A value's overall status from its three criterion statuses."""
    if not informative:
        return NO_INFO
    st = (unf, seats, length)
    if FAILS in st:
        return FAILS
    return MEETS if all(s == MEETS for s in st) else BORDERLINE


def pick(m: list[dict], report: dict, informative: list[bool]) -> int | None:
    """Index of the recommended value among one context's points (metrics ``m`` of one sample
    each, B = 1): among values that clearly meet every criterion, the one whose median length
    is nearest the target's middle (then fairest turn order, then listed first); None if none
    clearly meets."""
    best = int(_pick_many(m, report, informative)[0])
    return None if best < 0 else best


def _pick_many(ms: list[dict], report: dict, informative: list[bool]) -> np.ndarray:
    """Vectorised :func:`pick` over B samples: int64[B], -1 where no value clearly meets."""
    lo, hi = report["target_rounds"]
    mid = (lo + hi) / 2
    B = len(ms[0]["n"])
    big = np.inf
    gap = np.full((len(ms), B), big)
    excess = np.full((len(ms), B), big)
    for i, mi in enumerate(ms):
        ok = ((mi["unf_status"] == MEETS) & (mi["seat_status"] == MEETS)
              & (mi["length_status"] == MEETS) & informative[i])
        gap[i] = np.where(ok, np.abs(mi["median"] - mid), big)
        excess[i] = np.where(ok, mi["seat_excess"], big)
    best = np.full(B, -1)
    key_gap = np.full(B, big)
    key_exc = np.full(B, big)
    for i in range(len(ms)):  # ties keep the earlier value, as pick() does
        better = (gap[i] < key_gap) | ((gap[i] == key_gap) & (excess[i] < key_exc))
        better &= np.isfinite(gap[i])
        best = np.where(better, i, best)
        key_gap = np.where(better, gap[i], key_gap)
        key_exc = np.where(better, excess[i], key_exc)
    return best


def bootstrap(pcs: list[PointCounts], report: dict, informative: list[bool], seed: int,
              n_boot: int = N_BOOT) -> tuple[np.ndarray, np.ndarray]:
    """Resample each point's games with replacement ``n_boot`` times and apply :func:`pick`:
    (pick share float[k + 1]: how often each value would be recommended, the last entry for
    'no value clearly meets every criterion'; pass rate float[k]: how often each value clearly
    meets every criterion)."""
    rng = np.random.default_rng(seed)
    ms = []
    for pc in pcs:
        draws = rng.multinomial(pc.games, pc.count / pc.games, size=n_boot)
        ms.append(point_metrics(pc, draws, report))
    picks = _pick_many(ms, report, informative)
    share = np.bincount(np.where(picks < 0, len(pcs), picks), minlength=len(pcs) + 1) / n_boot
    passed = np.array([np.mean((mi["unf_status"] == MEETS) & (mi["seat_status"] == MEETS)
                               & (mi["length_status"] == MEETS)) if informative[i] else 0.0
                       for i, mi in enumerate(ms)])
    return share, passed


def _diff_z(d: float, se: float) -> float:
    return abs(d) / se if se > 0 else (np.inf if d != 0 else 0.0)


def equivalent_to(best: int, cands: list[int], m: list[dict], alpha: float) -> list[int]:
    """Candidates (besides ``best``) that no criterion metric tells apart from ``best``: mean
    length, unfinished rate and every turn position's win share, each a two-sided test with
    a Bonferroni correction over all metrics and candidates."""
    others = [c for c in cands if c != best]
    if not others:
        return []
    P = m[best]["wins"].shape[1]
    z = stats.norm.ppf(1 - alpha / (2 * len(others) * (2 + P)))
    out = []
    b = m[best]
    for c in others:
        o = m[c]
        diffs = [(o["mean"][0] - b["mean"][0], np.hypot(o["mean_se"][0], b["mean_se"][0]))]
        pu_b, pu_o = b["unfinished"][0] / b["n"][0], o["unfinished"][0] / o["n"][0]
        diffs.append((pu_o - pu_b, np.sqrt(pu_b * (1 - pu_b) / b["n"][0]
                                           + pu_o * (1 - pu_o) / o["n"][0])))
        for k in range(P):
            pb = b["wins"][0, k] / max(b["decided"][0], 1)
            po = o["wins"][0, k] / max(o["decided"][0], 1)
            diffs.append((po - pb, np.sqrt(pb * (1 - pb) / max(b["decided"][0], 1)
                                           + po * (1 - po) / max(o["decided"][0], 1))))
        if all(_diff_z(d, se) <= z for d, se in diffs):
            out.append(c)
    return out
