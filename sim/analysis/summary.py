"""Per-point balance metrics from a tidy results table (one row per game and seat).

Needed columns: point, players, game, order (turn position, 0 = first), strategy, won,
winner_seat, turn_limit, rounds (the contract columns of ``sim.core.records``). "Unfinished"
means stopped by the turn limit; a game its rules ended without a winner is a draw, not
unfinished. Every rate carries its Wilson interval and the count behind it.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.analysis.metrics import comebacks, kaplan_meier, km_median
from sim.analysis.stats import equal_shares_p, mean_ci, wilson


def games_table(table: pd.DataFrame) -> pd.DataFrame:
    """One row per game (the seat-independent columns)."""
    first = table.drop_duplicates(["point", "game"])
    return first.reset_index(drop=True)


def point_summary(table: pd.DataFrame, group_cols: list[str], alpha: float = 0.05) -> pd.DataFrame:
    """One row per point: length, unfinished rate, win share by turn position, seat test."""
    rows = []
    per_game = games_table(table)
    for point, g in per_game.groupby("point", sort=True):
        seats = table[table["point"] == point]
        P = int(g["players"].iloc[0])
        n = len(g)
        unfinished = int(g["turn_limit"].sum())
        u, u_lo, u_hi = wilson(unfinished, n, alpha)
        row = {c: g[c].iloc[0] for c in group_cols}
        row.update({"point": point, "players": P, "games": n, "unfinished": unfinished,
                    "unfinished_rate": u, "unfinished_lo": u_lo, "unfinished_hi": u_hi})
        r = g["rounds"].to_numpy()
        row.update({"rounds_median": float(np.median(r)), "rounds_q1": float(np.quantile(r, .25)),
                    "rounds_q3": float(np.quantile(r, .75)), "rounds_mean": float(r.mean()),
                    "rounds_mean_lo": mean_ci(r, alpha)[1], "rounds_mean_hi": mean_ci(r, alpha)[2],
                    "rounds_km_median": km_median(kaplan_meier(r, ~g["turn_limit"].to_numpy()))})
        fin = g[g["winner_seat"] >= 0]
        if "winner_lead_round" in g and len(fin):
            frac = 1 - (fin["winner_lead_round"] - 1) / fin["rounds"]
            row["winner_led_share"], row["winner_led_lo"], row["winner_led_hi"] = mean_ci(frac,
                                                                                      alpha)
        if "lead_changes" in g:
            row["lead_changes_mean"], row["lead_changes_lo"], row["lead_changes_hi"] = mean_ci(
                g["lead_changes"], alpha)
        winners = seats[seats["won"]]
        wins_by_order = np.bincount(winners["order"].to_numpy(), minlength=P)[:P]
        decided = int(wins_by_order.sum())
        row["decided"] = decided
        for k in range(P):
            row[f"order{k}_wins"] = int(wins_by_order[k])
            p, lo, hi = wilson(wins_by_order[k], decided, alpha)
            row[f"order{k}_share"], row[f"order{k}_lo"], row[f"order{k}_hi"] = p, lo, hi
        row["seat_equal_p"] = equal_shares_p(wins_by_order)
        row["first_share_minus_fair"] = row["order0_share"] - 1 / P
        rows.append(row)
    out = pd.DataFrame(rows)
    if "score_mid" in table:
        out = out.merge(comebacks(table), on=["point", "decided"], how="left")
    return out


def holder_wins(table: pd.DataFrame) -> pd.DataFrame:
    """For every ``held_<thing>`` column (turns a player held a special block, a faction
    asset...): per point, in decided games where someone held it, how often the player who
    held it longest won. Ties for longest count as no single holder (game skipped)."""
    cols = [c for c in table.columns if c.startswith("held_")]
    rows = []
    decided = table[table.groupby(["point", "game"])["won"].transform("any")]
    for col in cols:
        top = decided.groupby(["point", "game"])[col].transform("max")
        n_top = (decided[col] == top).groupby([decided["point"], decided["game"]]).transform("sum")
        holders = decided[(decided[col] == top) & (top > 0) & (n_top == 1)]
        g = holders.groupby(["point", "players"])["won"].agg(["sum", "count"]).reset_index()
        g["asset"] = col.removeprefix("held_")
        rows.append(g)
    if not rows:
        return pd.DataFrame(columns=["point", "players", "sum", "count", "asset"])
    return pd.concat(rows, ignore_index=True).rename(columns={"sum": "wins", "count": "games"})


def headline_halfwidth(table: pd.DataFrame, alpha: float = 0.05) -> float:
    """Widest 95% Wilson half-width among one point's headline rates: unfinished rate, each
    turn position's win share, each strategy's win rate."""
    per_game = table.drop_duplicates("game")
    halves = []
    _, lo, hi = wilson(int(per_game["turn_limit"].sum()), len(per_game), alpha)
    halves.append((hi - lo) / 2)
    winners = table[table["won"]]
    P = int(table["players"].iloc[0]) if "players" in table else int(table["seat"].max()) + 1
    counts = np.bincount(winners["order"].to_numpy(), minlength=P)
    _, lo, hi = wilson(counts, max(len(winners), 1), alpha)
    halves.extend((hi - lo) / 2)
    g = table.groupby("strategy", observed=True)["won"].agg(["sum", "count"])
    _, lo, hi = wilson(g["sum"], g["count"], alpha)
    halves.extend((hi - lo) / 2)
    return float(np.max(halves))


def strategy_summary(table: pd.DataFrame, by: list[str], alpha: float = 0.05) -> pd.DataFrame:
    """Win rate of each strategy (per seat played) grouped by ``by``, with Wilson intervals."""
    g = table.groupby(by + ["strategy"], observed=True, sort=True)["won"].agg(["sum", "count"])
    g = g.reset_index().rename(columns={"sum": "wins", "count": "seats_played"})
    p, lo, hi = wilson(g["wins"], g["seats_played"], alpha)
    g["win_rate"], g["win_lo"], g["win_hi"] = p, lo, hi
    # the average seat's win rate in the same group: what a strategy no better than the field gets
    fair = table.groupby(by)["won"].mean()
    g["fair_rate"] = fair.reindex(pd.MultiIndex.from_frame(g[by]) if len(by) > 1
                                  else g[by[0]]).to_numpy()
    return g
