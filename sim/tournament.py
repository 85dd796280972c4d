"""Strategy tournaments: every pairing (2 players) or fair seatings drawn from the whole field
(3+ players), reduced to a pairwise win matrix, a ranking and the meta-game equilibrium."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from tqdm import tqdm  # noqa: E402

from sim import games as registry  # noqa: E402
from sim.analysis.metagame import bradley_terry, bt_intervals, dominated, nash  # noqa: E402
from sim.analysis.stats import fmt_rate, wilson  # noqa: E402
from sim.config import stream_id  # noqa: E402
from sim.core import atomic  # noqa: E402
from sim.core.seating import lineups  # noqa: E402


def play(game: str, strategies: list[str], rules, n_games: int, seed: int,
         progress: bool = True) -> pd.DataFrame:
    """All games of the tournament as one tidy table (column ``match`` names the pairing)."""
    spec = registry.get(game)
    P = rules.players
    if P == 2:
        matches = [list(pair) for pair in itertools.combinations(strategies, 2)]
    else:
        matches = [list(strategies)]
    frames = []
    bar = tqdm(total=len(matches) * n_games, unit="game", disable=not progress,
               file=sys.stderr, desc=f"tournament {game} {P}p")
    for pool in matches:
        stream = stream_id(game, rules.as_dict(), pool, "mixed", {})
        lineup = lineups(len(pool), P, "mixed", seed, stream, 0, n_games)
        df = spec.run_games(rules, seed, stream, 0, lineup, pool, {})
        df["match"] = " v ".join(pool)
        df["strategy"] = df["strategy"].astype(str)
        frames.append(df)
        bar.update(n_games)
    bar.close()
    return pd.concat(frames, ignore_index=True)


def pairwise_wins(table: pd.DataFrame, strategies: list[str]) -> np.ndarray:
    """wins[i, j]: games won by strategy i in which strategy j also sat (and i != j seats)."""
    idx = {s: k for k, s in enumerate(strategies)}
    k = len(strategies)
    wins = np.zeros((k, k), dtype=np.int64)
    present = table.groupby(["match", "game"])["strategy"].apply(lambda s: {idx[v] for v in s})
    winner = table[table["won"]].set_index(["match", "game"])["strategy"].map(idx)
    for key, w in winner.items():
        for j in present[key]:
            if j != w:
                wins[w, j] += 1
    return wins


def analyse(table: pd.DataFrame, strategies: list[str], alpha: float = 0.05) -> dict:
    wins = pairwise_wins(table, strategies)
    decided = wins + wins.T
    rate, lo, hi = wilson(wins, decided, alpha)
    rate = np.where(np.eye(len(strategies), dtype=bool), 0.5, rate)
    x, value = nash(np.nan_to_num(rate, nan=0.5) - 0.5)
    strength = bradley_terry(wins)
    b_lo, b_hi = bt_intervals(wins)
    overall = table.groupby("strategy")["won"].agg(["sum", "count"]).reindex(strategies)
    o, o_lo, o_hi = wilson(overall["sum"], overall["count"], alpha)
    return {"wins": wins, "decided": decided, "rate": rate, "lo": lo, "hi": hi,
            "equilibrium": x, "value": value, "strength": strength, "bt_lo": b_lo,
            "bt_hi": b_hi, "overall": o, "overall_lo": o_lo, "overall_hi": o_hi,
            "seats": overall["count"].to_numpy(),
            "dominated": dominated(np.nan_to_num(rate, nan=0.5), x)}


def _heatmap(res, strategies, path, title):
    fig, ax = plt.subplots(figsize=(1.2 * len(strategies) + 2, 1.0 * len(strategies) + 1.5))
    im = ax.imshow(100 * res["rate"], cmap="RdBu", vmin=0, vmax=100)
    for i, j in itertools.product(range(len(strategies)), repeat=2):
        if i != j:
            r = res["rate"][i, j]
            half = 50 * (res["hi"][i, j] - res["lo"][i, j])
            ax.text(j, i, f"{100 * r:.0f}\n±{half:.0f}", ha="center", va="center", fontsize=8,
                    color="white" if abs(r - 0.5) > 0.3 else "black")
    ax.set_xticks(range(len(strategies)), strategies, rotation=45, ha="right")
    ax.set_yticks(range(len(strategies)), strategies)
    ax.set_xlabel("opponent")
    ax.set_ylabel("strategy")
    fig.colorbar(im, ax=ax, label="% of decided games won by the row strategy")
    ax.set_title(title)
    atomic.write_figure(path, fig)
    plt.close(fig)


def write(out: Path, table: pd.DataFrame, strategies: list[str], meta: dict) -> dict:
    """Write games.parquet, matrix.csv, ranking.csv, heatmap.png and report.md."""
    out = Path(out)
    res = analyse(table, strategies)
    atomic.write_parquet(out / "games.parquet", table)
    rows = []
    for i, a in enumerate(strategies):
        for j, b in enumerate(strategies):
            if i != j:
                rows.append({"strategy": a, "opponent": b, "wins": int(res["wins"][i, j]),
                             "decided": int(res["decided"][i, j]), "win_rate": res["rate"][i, j],
                             "lo": res["lo"][i, j], "hi": res["hi"][i, j]})
    atomic.write_csv(out / "matrix.csv", pd.DataFrame(rows))
    rank = pd.DataFrame({"strategy": strategies, "bt_log_strength": np.log(res["strength"]),
                         "bt_lo": res["bt_lo"], "bt_hi": res["bt_hi"],
                         "equilibrium_weight": res["equilibrium"],
                         "win_rate": res["overall"], "win_lo": res["overall_lo"],
                         "win_hi": res["overall_hi"], "seats_played": res["seats"]})
    rank = rank.sort_values("bt_log_strength", ascending=False)
    atomic.write_csv(out / "ranking.csv", rank)
    P = meta["players"]
    _heatmap(res, strategies, out / "heatmap.png", f"{meta['title']}, {P} players: row beats column")
    support = [(s, w) for s, w in zip(strategies, res["equilibrium"], strict=True) if w > 1e-6]
    support.sort(key=lambda t: -t[1])
    picks = ", ".join(f"{s} ({100 * w:.0f}%)" for s, w in support)
    lines = [f"# Tournament: {meta['title']}, {P} players", "",
             f"Strategies: {', '.join(strategies)}. {meta['games']:,} games per "
             + ("pairing (seats alternate)" if P == 2 else "table of the whole field (fair "
                "seatings: every strategy in every seat equally often)")
             + f"; seed {meta['seed']}; rules {meta['rules_version']} with "
             f"`{meta['rule_changes'] or 'defaults'}`.", "",
             "## Headline", ""]
    if len(support) == 1:
        lines.append(f"**{support[0][0]} is dominant**: the meta-game's equilibrium is to always "
                     "pick it, so a rational player never uses anything else. That is a balance "
                     "problem in the rules, not just a strong strategy.")
    else:
        lines.append(f"A rational player mixes only: {picks}. Strategies outside this mixture "
                     "are never worth picking against a player who knows the field.")
    for i, k in res["dominated"]:
        lines.append(f"- **{strategies[i]} is dominated**: {strategies[k]} beats it head to head "
                     f"and does better than it against every other strategy.")
    lines += ["", "## Win matrix", "",
              "Row strategy's share of decided games against the column strategy, "
              "95% Wilson interval (games where neither won are left out).", "",
              "| strategy | " + " | ".join(strategies) + " |", "|---|" + "---|" * len(strategies)]
    for i, a in enumerate(strategies):
        cells = ["-" if i == j else
                 fmt_rate(res["rate"][i, j], res["lo"][i, j], res["hi"][i, j], 0)
                 for j in range(len(strategies))]
        lines.append(f"| {a} | " + " | ".join(cells) + " |")
    lines += ["", "## Ranking", "",
              "Bradley-Terry log strength (0 = average; 95% bootstrap interval), equilibrium "
              "weight, and plain win rate per seat played.", "",
              "| strategy | BT log strength | equilibrium weight | win rate | seats |",
              "|---|---|---|---|---|"]
    for r in rank.itertuples():
        win = fmt_rate(r.win_rate, r.win_lo, r.win_hi)
        lines.append(f"| {r.strategy} | {r.bt_log_strength:+.2f} [{r.bt_lo:+.2f}, {r.bt_hi:+.2f}] "
                     f"| {100 * r.equilibrium_weight:.0f}% | {win} | {r.seats_played} |")
    lines += ["", "![heatmap](heatmap.png)", ""]
    atomic.write_text(out / "report.md", "\n".join(lines))
    return res
