"""What a rule change does to every metric of the tidy table, with intervals.

Every metric is a ratio of per-game sums, A / B: a plain per-game mean has B = 1 (rounds, a
game column, a seat column averaged over the seats), a rate has B = the games or seats it is
a rate of (attack success = attacks won / attacks; a turn position's win share = its wins /
decided games; a strategy's win rate = its wins / its seats). Each point is reduced to the
sums and cross-products of A and B over independent units (games, or the game's cluster
column when its games share a random effect such as a generated table), which is enough for
the ratio and its delta-method standard error. Differences between two points are then
new minus default with Bonferroni-corrected intervals.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

SKIP = {"game", "seat", "won", "winner_seat", "first_seat", "order", "point", "players",
        "rounds", "turn_limit", "end_reason", "strategy"}


def _ratio_pairs(seat_cols: list[str]) -> list[tuple[str, str]]:
    """(numerator, denominator) seat-column pairs by name: x_won over x or x_declared."""
    out = []
    for c in seat_cols:
        if c.endswith("_won"):
            base = c.removesuffix("_won")
            for d in (base, base + "_declared"):
                if d in seat_cols:
                    out.append((c, d))
                    break
    return out


def metric_frame(table: pd.DataFrame, columns, end_names, skip=()) -> tuple[pd.DataFrame, dict]:
    """Per-game numerators and denominators of every metric: (frame with columns 'A:<name>' and
    'B:<name>', one row per game, plus column 'unit'), and {name: description}."""
    skip = SKIP | set(skip)
    games = table.drop_duplicates("game").set_index("game").sort_index()
    n_seats = table.groupby("game").size().reindex(games.index).to_numpy(float)
    out = {}
    desc = {}

    def add(name, a, b, what):
        out[f"A:{name}"] = np.asarray(a, dtype=float)
        out[f"B:{name}"] = np.asarray(b, dtype=float) * np.ones(len(games))
        desc[name] = what

    one = np.ones(len(games))
    add("rounds", games["rounds"], one, "rounds played, mean per game")
    add("unfinished", games["turn_limit"], one, "share of games stopped by the turn limit")
    decided = (games["winner_seat"] >= 0).to_numpy(float)
    add("no winner", 1 - decided, one, "share of games nobody won (draws and turn limit)")
    for r in end_names:
        add(f"ended by {r}", (games["end_reason"].astype(str) == r), one,
            f"share of games that ended by {r}")
    winners = table[table["won"]].set_index("game")["order"].reindex(games.index)
    P = int(n_seats.max()) if len(n_seats) else 0
    for k in range(P):
        add(f"turn {k + 1} win share", (winners == k).to_numpy(float), decided,
            f"share of decided games won by the player in turn position {k + 1}")
    for s in table["strategy"].astype(str).unique():
        mine = table[table["strategy"].astype(str) == s].groupby("game")["won"]
        add(f"{s} win rate", mine.sum().reindex(games.index, fill_value=0),
            mine.size().reindex(games.index, fill_value=0), f"{s}'s win rate per seat played")
    game_cols = [c.name for c in columns if c.per == "game" and c.name not in skip
                 and c.dtype in ("int64", "float64", "bool")]
    seat_cols = [c.name for c in columns if c.per == "seat" and c.name not in skip
                 and c.dtype in ("int64", "float64", "bool")]
    for c in game_cols:
        add(c, games[c], one, f"{c}, mean per game")
    sums = table.groupby("game")[seat_cols].sum().reindex(games.index) if seat_cols else None
    for c in seat_cols:
        add(f"{c} per seat", sums[c], n_seats, f"{c}, mean per seat")
    for num, den in _ratio_pairs(seat_cols):
        add(f"{num} / {den}", sums[num], sums[den], f"{num} as a share of {den}")
    frame = pd.DataFrame(out, index=games.index)
    return frame, desc


def moments(frame: pd.DataFrame, unit=None) -> pd.DataFrame:
    """Per metric: n units, sum A, sum B, sum A^2, sum B^2, sum AB (units: games, or the
    values of ``unit`` aligned with the frame's rows)."""
    if unit is not None:
        frame = frame.groupby(np.asarray(unit)).sum()
    names = [c[2:] for c in frame.columns if c.startswith("A:")]
    a = frame[[f"A:{n}" for n in names]].to_numpy()
    b = frame[[f"B:{n}" for n in names]].to_numpy()
    return pd.DataFrame({"n": len(frame), "sa": a.sum(0), "sb": b.sum(0), "saa": (a * a).sum(0),
                         "sbb": (b * b).sum(0), "sab": (a * b).sum(0)}, index=names)


def estimate(m: pd.DataFrame) -> pd.DataFrame:
    """Ratio, its standard error and the per-unit spread (for effect sizes) from moments."""
    r = np.divide(m["sa"], m["sb"], out=np.full(len(m), np.nan), where=m["sb"] > 0)
    n = m["n"].astype(float)
    resid = m["saa"] - 2 * r * m["sab"] + r * r * m["sbb"]
    mean_b = m["sb"] / n
    var_unit = np.maximum(resid, 0) / np.maximum(n - 1, 1) / np.maximum(mean_b, 1e-300) ** 2
    return pd.DataFrame({"value": r, "se": np.sqrt(var_unit / n), "sd": np.sqrt(var_unit)},
                        index=m.index)


def compare(default: pd.DataFrame, new: pd.DataFrame, z: float) -> pd.DataFrame:
    """new minus default per metric from two :func:`moments` tables: difference, half-width
    of the interval at ``z``, whether the interval excludes zero, and the standardised size."""
    a, b = estimate(default), estimate(new)
    names = [n for n in default.index if n in new.index]
    a, b = a.loc[names], b.loc[names]
    d = b["value"] - a["value"]
    half = z * np.hypot(a["se"], b["se"])
    sd = np.sqrt((a["sd"] ** 2 + b["sd"] ** 2) / 2)
    size = np.divide(d.abs(), sd, out=np.where(d.abs() > 0, np.inf, 0.0), where=sd > 0)
    return pd.DataFrame({"default": a["value"], "new": b["value"], "diff": d, "half": half,
                         "measurable": d.abs() > half, "size": size}, index=names)


def bonferroni_z(alpha: float, tests: int) -> float:
    return float(stats.norm.ppf(1 - alpha / (2 * max(tests, 1))))
