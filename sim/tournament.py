"""Strategy tournaments: every pairing (2 players) or fair seatings drawn from the whole field
(3+ players), reduced to a pairwise win matrix, a ranking and the meta-game equilibrium.

``write`` saves the games (games.parquet) and what produced them (manifest.json, kind
"tournament"); everything else (report.md, report.html, matrix.csv, ranking.csv, heatmap.png)
is derived from those two files, so ``rebuild`` rewrites it without replaying a game."""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure  # no pyplot: a library never switches the backend
from tqdm import tqdm

import sim
from sim import games as registry
from sim.analysis import html
from sim.analysis.metagame import (
    bootstrap_wins,
    bradley_terry,
    bt_intervals,
    dominated,
    nash,
    robustness,
    verdicts,
)
from sim.analysis.stats import fmt_rate, wilson
from sim.config import stream_id
from sim.core import atomic
from sim.core.seating import lineups


def play(game: str, strategies: list[str], rules, n_games: int, seed: int,
         progress: bool = True, presets: list[str] | None = None) -> pd.DataFrame:
    """All games of the tournament as one tidy table (column ``match`` names the pairing).

    ``presets[i]`` is the preset strategy ``strategies[i]`` plays (default: the same name), so
    one preset can enter twice under two names. The engine is given each preset once and the
    ``strategy`` column is relabelled with the entry names; a tournament without such aliases
    plays exactly the games it always did (same stream ids, same line-ups)."""
    spec = registry.get(game)
    presets = list(strategies) if presets is None else list(presets)
    if len(presets) != len(strategies) or len(set(strategies)) != len(strategies):
        raise ValueError("strategies: names must be unique, one preset each")
    preset_of = dict(zip(strategies, presets, strict=True))
    P = rules.players
    if P == 2:
        matches = [list(pair) for pair in itertools.combinations(strategies, 2)]
    else:
        matches = [list(strategies)]
    frames = []
    if progress:  # compile first, so the bar's rate and time left are for play alone
        from sim.runner import warm_up

        print(f"compiling {spec.title} kernels (numba; loaded from its cache after the first "
              "run)...", file=sys.stderr)
        secs = warm_up(spec, rules, list(dict.fromkeys(presets)))
        print(f"kernels ready in {secs:.1f} s", file=sys.stderr)
    bar = tqdm(total=len(matches) * n_games, unit="game", disable=not progress,
               file=sys.stderr, desc=f"tournament {game} {P}p")
    for pool in matches:
        # an aliased entry hashes as 'alias=preset'; plain entries hash as before
        key = [s if preset_of[s] == s else f"{s}={preset_of[s]}" for s in pool]
        stream = stream_id(game, rules.as_dict(), key, "mixed", {})
        lineup = lineups(len(pool), P, "mixed", seed, stream, 0, n_games)
        engine_pool = list(dict.fromkeys(preset_of[s] for s in pool))
        to_engine = np.array([engine_pool.index(preset_of[s]) for s in pool], dtype=np.int64)
        df = spec.run_games(rules, seed, stream, 0, to_engine[lineup], engine_pool, {})
        df["strategy"] = np.asarray(pool, dtype=object)[lineup[df["game"].to_numpy(),
                                                               df["seat"].to_numpy()]]
        df["match"] = " v ".join(pool)
        df["strategy"] = df["strategy"].astype(str)
        frames.append(df)
        bar.update(n_games)
    bar.close()
    return pd.concat(frames, ignore_index=True)


def outcomes(table: pd.DataFrame, strategies: list[str]):
    """The games as distinct outcomes for the bootstrap: (contrib int64[n, k, k], count
    int64[n], stratum int64[n]). An outcome is (match, the set of strategies at the table, the
    winning strategy or none); contrib[n, w, j] = 1 when w won and j also sat there."""
    k = len(strategies)
    if k > 62:
        raise ValueError("at most 62 strategies (a table's line-up is held as a bit mask)")
    code = table["strategy"].astype(str).map({s: i for i, s in enumerate(strategies)})
    if code.isna().any():
        raise ValueError(f"strategies not in the list: {sorted(set(table['strategy'][code.isna()]))}")
    seats = pd.DataFrame({"match": pd.factorize(table["match"])[0], "game": table["game"],
                          "code": code.astype(np.int64), "won": table["won"].astype(bool)})
    present = seats.drop_duplicates(["match", "game", "code"])
    per_game = present.assign(bit=np.left_shift(1, present["code"])).groupby(
        ["match", "game"])["bit"].sum().to_frame("mask")
    winner = seats[seats["won"]].set_index(["match", "game"])["code"]
    per_game["winner"] = winner.reindex(per_game.index).fillna(-1).astype(np.int64)
    per_game = per_game.reset_index()
    pat = per_game.groupby(["match", "mask", "winner"]).size().reset_index(name="count")
    mask = pat["mask"].to_numpy(dtype=np.int64)
    w = pat["winner"].to_numpy()
    sat = (mask[:, None] >> np.arange(k)[None, :]) & 1  # [n, k]
    contrib = np.zeros((len(pat), k, k), dtype=np.int64)
    rows = np.flatnonzero(w >= 0)
    contrib[rows, w[rows], :] = sat[rows]
    contrib[rows, w[rows], w[rows]] = 0
    return contrib, pat["count"].to_numpy(dtype=np.int64), pat["match"].to_numpy()


def pairwise_wins(table: pd.DataFrame, strategies: list[str]) -> np.ndarray:
    """wins[i, j]: games won by strategy i in which strategy j also sat (and i != j seats)."""
    contrib, count, _ = outcomes(table, strategies)
    return np.einsum("n,nij->ij", count, contrib)


def analyse(table: pd.DataFrame, strategies: list[str], alpha: float = 0.05,
            level: float = 0.95, n_boot: int = 1000, seed: int = 0, eps: float = 0.01) -> dict:
    """Win matrix, ranking and equilibrium of the games, and how sure the dominant / dominated
    calls are: ``n_boot`` bootstrap resamples of the games (seeded by ``seed``), each with its
    own equilibrium (support: weight > ``eps``); a call needs ``level`` of them to agree."""
    contrib, count, stratum = outcomes(table, strategies)
    wins = np.einsum("n,nij->ij", count, contrib)
    decided = wins + wins.T
    rate, lo, hi = wilson(wins, decided, alpha)
    rate = np.where(np.eye(len(strategies), dtype=bool), 0.5, rate)
    x, value = nash(np.nan_to_num(rate, nan=0.5) - 0.5)
    strength = bradley_terry(wins)
    b_lo, b_hi = bt_intervals(wins)
    overall = table.groupby("strategy")["won"].agg(["sum", "count"]).reindex(strategies)
    o, o_lo, o_hi = wilson(overall["sum"], overall["count"], alpha)
    rob = robustness(bootstrap_wins(contrib, count, stratum, n_boot, seed), eps)
    return {"wins": wins, "decided": decided, "rate": rate, "lo": lo, "hi": hi,
            "equilibrium": x, "value": value, "strength": strength, "bt_lo": b_lo,
            "bt_hi": b_hi, "overall": o, "overall_lo": o_lo, "overall_hi": o_hi,
            "seats": overall["count"].to_numpy(),
            "dominated": dominated(np.nan_to_num(rate, nan=0.5), x),
            "robustness": rob, "verdicts": verdicts(rob, level)}


def _need_pct(share: float) -> str:
    """A call's threshold, with the digits it needs (99.2%, not '>99%')."""
    return f"{100 * share:.3g}%"


def _pct(share: float) -> str:
    """A share of resamples as a whole percent, never rounding a miss up to 100 or 0."""
    p = 100 * share
    if 99 < p < 100:
        return ">99%"
    if 0 < p < 1:
        return "<1%"
    return f"{p:.0f}%"


def _names(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def headline(res: dict, strategies: list[str]) -> list[str]:
    """The report's headline lines: dominant and dominated calls that survive the bootstrap,
    and plainly which strategies this sample cannot separate."""
    rob, v = res["robustness"], res["verdicts"]
    need = _need_pct(v.need)
    name = strategies.__getitem__

    def h2h(i, j):
        return f"{name(i)} v {name(j)} {fmt_rate(res['rate'][i, j], res['lo'][i, j], res['hi'][i, j], 0)}"

    lines = []
    if v.dominant is not None:
        d = v.dominant
        lines.append(f"**{name(d)} is dominant among these scripted strategies**: it is the "
                     f"meta-game's only equilibrium pick in {_pct(rob.sole[d])} of "
                     f"{rob.n_boot:,} bootstrap resamples of the games (the call needs {need}), "
                     "so against this field a player who knows it picks nothing else. Whether "
                     "that comes from the rules or from how the other strategies are scripted, "
                     "this tournament cannot tell.")
        rival = max((i for i in range(len(strategies)) if i != d), key=lambda i: rob.support[i])
        if rob.support[rival] > 0:
            lines.append(f"Closest rival: {name(rival)}, in the equilibrium in "
                         f"{_pct(rob.support[rival])} of resamples; head to head {h2h(d, rival)}.")
    else:
        lines.append(f"**No strategy is dominant at this sample size** (that needs one to be "
                     f"the only equilibrium pick in {need} of {rob.n_boot:,} bootstrap "
                     "resamples of the games).")
        cand, others = v.sole_candidates, [i for i in v.contenders if i not in v.sole_candidates]
        pairs = list(itertools.combinations(cand, 2))[:3]
        if len(cand) >= 2:
            shares = " / ".join(_pct(rob.sole[i]) for i in cand)
            lines.append(f"{_names([name(i) for i in cand])} cannot be separated: "
                         f"{'each' if len(cand) == 2 else 'they'} "
                         f"{'is' if len(cand) == 2 else 'are'} the sole equilibrium pick in "
                         f"{shares} of resamples; head to head "
                         + ", ".join(h2h(i, j) for i, j in pairs) + ".")
        elif len(cand) == 1:
            c = cand[0]
            lines.append(f"{name(c)} is the sole equilibrium pick in {_pct(rob.sole[c])} of "
                         "resamples, short of the call.")
        if others:
            parts = ", ".join(f"{name(i)} ({100 * rob.weight[i]:.0f}%; {_pct(rob.support[i])})"
                              for i in others)
            key = "(mean weight; share of resamples with the strategy in the equilibrium)"
            lines.append(f"A rational player mixes {key}: {parts}." if not cand else
                         f"Also in the equilibrium in some resamples {key}: {parts}.")
        unsure = [i for i in v.contenders if rob.support[i] < v.level]
        if unsure and not cand:
            lines.append(f"Whether {_names([name(i) for i in unsure])} belong"
                         f"{'s' if len(unsure) == 1 else ''} in the mixture cannot be told at "
                         "this sample size.")
    out = [i for i in range(len(strategies)) if i not in v.contenders]
    if out:
        lines.append(f"Outside the equilibrium in at least {need} of resamples: "
                     f"{_names([name(i) for i in out])}.")
    for i, k, share in v.dominated:
        lines.append(f"- **{name(i)} is dominated** among these scripted strategies: in "
                     f"{_pct(share)} of resamples another strategy (most often {name(k)}) beats "
                     "it head to head and does better than it against every other strategy.")
    for i, k, share in v.unsure_dominated:
        lines.append(f"- {name(i)} is not called dominated: another strategy (most often "
                     f"{name(k)}) dominates it in only {_pct(share)} of resamples (the call "
                     f"needs {need}).")
    return lines


def _heatmap(res, strategies, path, title):
    fig = Figure(figsize=(1.2 * len(strategies) + 2, 1.0 * len(strategies) + 1.5))
    ax = fig.subplots()
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


def write(out: Path, table: pd.DataFrame, strategies: list[str], meta: dict,
          level: float = 0.95, n_boot: int = 1000) -> dict:
    """Write games.parquet, manifest.json, matrix.csv, ranking.csv, heatmap.png, report.md and
    report.html.

    ``meta``: players, title, games, seed, rules_version, rule_changes, and optionally game
    (else found by title), presets (the preset each strategy plays, when some are aliases)
    and rules (every rule's value; else rebuilt from rule_changes). Dominant / dominated
    calls need ``level`` of ``n_boot`` bootstrap resamples (seeded by the tournament's seed)
    to agree."""
    out = Path(out)
    atomic.write_parquet(out / "games.parquet", table)
    atomic.write_json(out / "manifest.json", manifest_of(strategies, meta, level, n_boot))
    return _derived(out, table, strategies, meta, level, n_boot)


def manifest_of(strategies: list[str], meta: dict, level: float, n_boot: int) -> dict:
    """What produced a tournament (manifest.json): enough to rebuild its report."""
    from sim.runner import git_commit, library_versions

    game = meta.get("game") or next((n for n in registry.GAME_NAMES
                                     if registry.get(n).title == meta["title"]), None)
    rules = meta.get("rules")
    if rules is None and game is not None:
        from sim.core.params import build

        spec = registry.get(game)
        rules = build(spec.rules_cls, {**(meta.get("rule_changes") or {}),
                                       "players": meta["players"]}, "tournament").as_dict()
    elif rules is not None and not isinstance(rules, dict):
        rules = rules.as_dict()
    return {"kind": "tournament", "game": game, "title": meta["title"],
            "strategies": list(strategies),
            "presets": list(meta.get("presets") or strategies), "players": meta["players"],
            "games": meta["games"], "seed": meta["seed"],
            "rule_changes": meta.get("rule_changes") or {}, "rules": rules,
            "rules_version": meta["rules_version"], "level": level, "n_boot": n_boot,
            "git_commit": git_commit(), "package_version": sim.__version__,
            "versions": library_versions()}


def rebuild(out: Path) -> None:
    """Rewrite report.md, report.html, matrix.csv, ranking.csv and heatmap.png of the
    tournament in ``out`` from its games.parquet and manifest.json (no game replayed)."""
    out = Path(out)
    man = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    if man.get("kind") != "tournament":
        raise ValueError(f"{out}/manifest.json: not a tournament (kind {man.get('kind')!r})")
    table = pd.read_parquet(out / "games.parquet")
    meta = {k: man[k] for k in ("players", "title", "games", "seed", "rules_version",
                                "rule_changes", "presets", "game")}
    _derived(out, table, man["strategies"], meta, man["level"], man["n_boot"])


def _derived(out: Path, table: pd.DataFrame, strategies: list[str], meta: dict,
             level: float, n_boot: int) -> dict:
    """Everything a tournament's report holds, from its games: the analysis, matrix.csv,
    ranking.csv, heatmap.png, report.md and report.html."""
    res = analyse(table, strategies, level=level, n_boot=n_boot, seed=meta["seed"])
    rob = res["robustness"]
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
                         "win_hi": res["overall_hi"], "seats_played": res["seats"],
                         "boot_mean_weight": rob.weight, "support_freq": rob.support,
                         "sole_freq": rob.sole, "dominated_freq": rob.dominated})
    rank = rank.sort_values("bt_log_strength", ascending=False)
    atomic.write_csv(out / "ranking.csv", rank)
    P = meta["players"]
    _heatmap(res, strategies, out / "heatmap.png", f"{meta['title']}, {P} players: row beats column")
    presets = meta.get("presets") or strategies
    entries = [s if p == s else f"{s} (plays {p})" for s, p in zip(strategies, presets, strict=True)]
    need = _need_pct(res["verdicts"].need)
    lines = [f"# Tournament: {meta['title']}, {P} players", "",
             f"Strategies: {', '.join(entries)}. {meta['games']:,} games per "
             + ("pairing (seats alternate)" if P == 2 else "table of the whole field (fair "
                "seatings: every strategy in every seat equally often)")
             + f"; seed {meta['seed']}; rules {meta['rules_version']} with "
             f"`{meta['rule_changes'] or 'defaults'}`.", "",
             "## Headline", ""]
    heads = headline(res, strategies)
    for line, after in zip(heads, heads[1:] + [""], strict=True):
        # each line its own paragraph; list items (dominated calls) together in one list
        lines += [line] if line.startswith("- ") and after.startswith("- ") else [line, ""]
    lines += ["## Win matrix", "",
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
              "weight of the observed win matrix, and plain win rate per seat played.", "",
              "| strategy | BT log strength | equilibrium weight | win rate | seats |",
              "|---|---|---|---|---|"]
    for r in rank.itertuples():
        win = fmt_rate(r.win_rate, r.win_lo, r.win_hi)
        lines.append(f"| {r.strategy} | {r.bt_log_strength:+.2f} [{r.bt_lo:+.2f}, {r.bt_hi:+.2f}] "
                     f"| {100 * r.equilibrium_weight:.0f}% | {win} | {r.seats_played} |")
    strata = "each pairing's games are drawn separately" if P == 2 else (
        "whole tables are drawn, so the pairwise results of one game stay together")
    lines += ["", "## How sure the calls are", "",
              f"The games were resampled with replacement {rob.n_boot:,} times ({strata}); "
              "each resample's win matrix gets its own equilibrium and dominance check. "
              f"*In support*: share of resamples where the strategy has equilibrium weight over "
              f"{100 * rob.eps:.0f}%; *sole pick*: where it is the only one; *dominated*: where "
              "another strategy beats it head to head and does better than it against every "
              f"other. A strategy is called dominant only when it is the sole pick in at least "
              f"{need} of resamples, and dominated only when it is dominated in at least {need} "
              f"({_pct(level)} shared by the {len(strategies)} strategies, Bonferroni): when "
              "strategies are in fact equally strong, one of them is called dominant or "
              f"dominated by chance in at most about {_pct(1 - level)} of tournaments. "
              "These are calls about the scripted strategies entered, not about every way to "
              "play the rules.", "",
              "| strategy | mean weight | in support | sole pick | dominated |",
              "|---|---|---|---|---|"]
    for r in rank.itertuples():
        lines.append(f"| {r.strategy} | {100 * r.boot_mean_weight:.0f}% | {_pct(r.support_freq)} "
                     f"| {_pct(r.sole_freq)} | {_pct(r.dominated_freq)} |")
    lines += ["", "![heatmap](heatmap.png)", ""]
    html.write_report(out, lines)
    return res
