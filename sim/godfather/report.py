"""Godfather's campaign report (``[report] kind = "campaign"``): the shared sweep report plus
what a designer of a growth game asks of each rule setting.

Per point (player count and rule values):
- **snowballing**: how often the gang with most members after set 2 becomes the Godfather
  (Wilson interval; a campaign with a tie for the lead after set 2 is left out), against 1/P,
  the rate if an early lead meant nothing; and the Gini coefficient of the gangs' final
  members (0: equal gangs, 1 - 1/P: one gang holds everyone; mean over campaigns with a normal
  interval);
- **campaign length**: the share ended with one gang left before the set limit, and the mean
  sets played (campaigns that reach the limit are finished by the tally, so this is not a
  censored length but the rules' own end);
- **the Godfather's margin**: tally lead over the next gang (mean, interval);
- **growth**: mean members and blocks of the Godfather and of the other gangs at the end.

**Recommendation, by a stated criterion**: among the points of each player count, the least
snowballing setting is the one with the lowest set-2-leader rate; every point whose interval
reaches below the best point's upper bound cannot be told apart from it and is named with it.
Written to ``campaign.csv`` and appended to report.md / report.html.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

from sim.analysis import html
from sim.analysis.stats import fmt_rate, wilson
from sim.analysis.summary import point_summary
from sim.core import atomic


def gini(x: np.ndarray) -> np.ndarray:
    """Gini coefficient of each row of ``x`` (non-negative); 0 for a row of zeros."""
    x = np.sort(np.asarray(x, dtype=float), axis=1)
    n = x.shape[1]
    total = x.sum(axis=1)
    idx = np.arange(1, n + 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        g = (2 * (x * idx).sum(axis=1) / (n * total)) - (n + 1) / n
    return np.where(total > 0, g, 0.0)


def point_campaign(t: pd.DataFrame, alpha: float) -> dict:
    """The campaign figures of one point's tidy table."""
    z = float(stats.norm.ppf(1 - alpha / 2))
    players = int(t["seat"].max()) + 1
    t = t.sort_values(["game", "seat"])
    games = t.drop_duplicates("game")
    n = len(games)
    members = t["members"].to_numpy().reshape(n, players)
    g = gini(members)
    lead = games["leader_set2"].to_numpy()
    win = games["winner_seat"].to_numpy()
    has = lead >= 0
    k = int(((lead == win) & has).sum())
    rate, lo, hi = wilson(k, int(has.sum()), alpha)
    early = (games["end_reason"] == "last_standing").to_numpy()
    e_rate, e_lo, e_hi = wilson(int(early.sum()), n, alpha)
    margin = games["margin"].to_numpy().astype(float)
    won = t["won"].to_numpy().reshape(n, players)
    decided = won.any(axis=1)
    gm = members[won].mean() if decided.any() else float("nan")
    om = members[~won & decided[:, None]].mean() if decided.any() else float("nan")
    blocks = t["blocks"].to_numpy().reshape(n, players)

    def mean_ci(v):
        m = float(np.mean(v))
        h = z * float(np.std(v, ddof=1)) / np.sqrt(len(v)) if len(v) > 1 else float("nan")
        return m, m - h, m + h

    gi = mean_ci(g)
    mg = mean_ci(margin[decided]) if decided.sum() > 1 else (float("nan"),) * 3
    return {"players": players, "campaigns": n, "leader_wins": float(rate),
            "leader_lo": float(lo), "leader_hi": float(hi), "leader_n": int(has.sum()),
            "no_snowball": 1 / players, "gini": gi[0], "gini_lo": gi[1], "gini_hi": gi[2],
            "ended_early": float(e_rate), "early_lo": float(e_lo), "early_hi": float(e_hi),
            "mean_sets": float(games["rounds"].mean()),
            "margin": mg[0], "margin_lo": mg[1], "margin_hi": mg[2],
            "godfather_members": float(gm), "other_members": float(om),
            "godfather_blocks": float(blocks[won].mean()) if decided.any() else float("nan"),
            "other_blocks": float(blocks[~won & decided[:, None]].mean())
            if decided.any() else float("nan")}


def setting(swept: dict, defaults: dict) -> str:
    """'recruit_die=6' for the swept values that differ from the rules' defaults; 'the text's
    defaults' for none."""
    def same(a, b):
        return list(a) == list(b) if isinstance(a, list | tuple) and isinstance(b, list | tuple) \
            else a == b

    parts = [f"{k}={v}" for k, v in swept.items()
             if k != "players" and not same(v, defaults.get(k))]
    return ", ".join(parts) or "the text's defaults"


def campaign_table(load, manifest: dict, alpha: float, defaults: dict) -> pd.DataFrame:
    rows = []
    for p in manifest["points"]:
        r = point_campaign(load(p["index"]), alpha)
        rows.append({"point": p["index"], "setting": setting(p["swept"], defaults), **r})
    return pd.DataFrame(rows)


def least_snowballing(table: pd.DataFrame) -> dict:
    """Players -> (best setting, settings it cannot be told from): lowest set-2-leader rate;
    a point whose lower bound is below the best's upper bound is not distinguishable."""
    out = {}
    for players, grp in table.groupby("players"):
        best = grp.loc[grp["leader_wins"].idxmin()]
        ties = grp[(grp["point"] != best["point"]) & (grp["leader_lo"] <= best["leader_hi"])]
        out[int(players)] = (best["setting"], list(ties["setting"]))
    return out


def section(table: pd.DataFrame, alpha: float) -> list[str]:
    ci = f"{100 * (1 - alpha):g}%"
    text = ["## Campaigns: snowballing, length and the Godfather", "",
            f"'Set-2 leader wins': how often the gang with most members after the second set "
            f"becomes the Godfather ({ci} Wilson interval; ties for the lead after set 2 left "
            f"out); 1/P is the rate if an early lead meant nothing. 'Gini': inequality of the "
            f"gangs' final members (0 equal, {1 - 1 / table['players'].max():.2f} one gang "
            f"holds all at {int(table['players'].max())} players). 'Ended early': campaigns "
            "won by the last gang standing before the set limit (the rest end with the tally). "
            "These figures describe the scripted gang bosses, not human players.", ""]
    rows = []
    for _, r in table.iterrows():
        rows.append({
            "players": int(r["players"]), "setting": r["setting"],
            "campaigns": int(r["campaigns"]),
            "set-2 leader wins": fmt_rate(r["leader_wins"], r["leader_lo"], r["leader_hi"]),
            "1/P": f"{100 * r['no_snowball']:.0f}%",
            "Gini of members": f"{r['gini']:.3f} [{r['gini_lo']:.3f}, {r['gini_hi']:.3f}]",
            "ended early": fmt_rate(r["ended_early"], r["early_lo"], r["early_hi"]),
            "mean sets": f"{r['mean_sets']:.1f}",
            "margin": f"{r['margin']:.1f} [{r['margin_lo']:.1f}, {r['margin_hi']:.1f}]",
            "members: Godfather / others": f"{r['godfather_members']:.1f} / "
                                           f"{r['other_members']:.1f}",
            "blocks: Godfather / others": f"{r['godfather_blocks']:.1f} / "
                                          f"{r['other_blocks']:.1f}"})
    df = pd.DataFrame(rows)
    head = "| " + " | ".join(df.columns) + " |"
    sep = "|" + "---|" * len(df.columns)
    text += [head, sep] + ["| " + " | ".join(str(v) for v in row) + " |"
                           for row in df.itertuples(index=False)] + [""]
    text += ["**Least snowballing** (criterion: the lowest set-2-leader rate; settings whose "
             "interval reaches below the best's upper bound cannot be told apart from it):", ""]
    for players, (best, ties) in least_snowballing(table).items():
        tie = (" Not distinguishable from it at this sample: " + "; ".join(ties) + ".") if ties \
            else " Every other setting snowballs measurably more."
        text.append(f"- {players} players: {best}.{tie}")
    text.append("")
    return text


def _md(df: pd.DataFrame) -> list[str]:
    head = "| " + " | ".join(str(c) for c in df.columns) + " |"
    sep = "|" + "---|" * len(df.columns)
    return [head, sep] + ["| " + " | ".join(str(v) for v in row) + " |"
                          for row in df.itertuples(index=False)] + [""]


def strategies_and_order(load, manifest: dict, alpha: float,
                         defaults: dict) -> tuple[pd.DataFrame, ...]:
    """Per point: each boss's win rate, and each card-order position's (the order in which the
    gangs' leaders first acted) win share, with Wilson intervals."""
    srows, orows = [], []
    for p in manifest["points"]:
        t = load(p["index"])
        label = setting(p["swept"], defaults)
        for name, grp in t.groupby("strategy", observed=True):
            r, lo, hi = wilson(int(grp["won"].sum()), len(grp), alpha)
            srows.append({"point": p["index"], "setting": label, "strategy": name,
                          "seats": len(grp), "win_rate": float(r), "lo": float(lo),
                          "hi": float(hi)})
        decided = t[t["winner_seat"] >= 0]
        n = decided["game"].nunique()
        for pos, grp in decided.groupby("order"):
            r, lo, hi = wilson(int(grp["won"].sum()), n, alpha)
            orows.append({"point": p["index"], "setting": label, "order": int(pos),
                          "share": float(r), "lo": float(lo), "hi": float(hi)})
    return pd.DataFrame(srows), pd.DataFrame(orows)


def write(out: Path, load, manifest: dict, wording, spec) -> None:
    """report.md, report.html, summary.csv (the shared per-point summary with the campaign
    figures), campaign.csv, strategies.csv and order.csv into ``out``."""
    out = Path(out)
    alpha = manifest["report"]["alpha"]
    ci = f"{100 * (1 - alpha):g}%"
    defaults = spec.rules_cls().as_dict() if spec else {}
    table = campaign_table(load, manifest, alpha, defaults)
    strat, order = strategies_and_order(load, manifest, alpha, defaults)
    atomic.write_csv(out / "campaign.csv", table)
    summary = pd.concat([point_summary(load(p["index"]), [], alpha)
                         for p in manifest["points"]], ignore_index=True)
    atomic.write_csv(out / "summary.csv", summary.merge(
        table.drop(columns=["players"]), on="point", how="left"))
    atomic.write_csv(out / "strategies.csv", strat)
    atomic.write_csv(out / "order.csv", order)
    best = least_snowballing(table)
    heads = [f"- {p} players: {b} snowballs least"
             + (f"; {len(ties)} other setting(s) cannot be told apart from it at this sample."
                if ties else ", measurably less than every other setting.")
             for p, (b, ties) in best.items()]
    pooled = strat.groupby("strategy").apply(
        lambda d: float((d["win_rate"] * d["seats"]).sum() / d["seats"].sum()),
        include_groups=False).sort_values(ascending=False)
    heads.append("- The Godfather is most often the "
                 + ", then the ".join(f"{n} ({100 * v:.0f}% of its seats)"
                                      for n, v in pooled.head(2).items())
                 + f", over all settings (a fair share is {100 * table['no_snowball'].iloc[0]:.0f}%).")
    heads.append(f"- The gang leading in members after set 2 became Godfather in "
                 f"{100 * table['leader_wins'].min():.0f}-{100 * table['leader_wins'].max():.0f}% "
                 f"of campaigns, depending on the setting (no snowballing: "
                 f"{100 * table['no_snowball'].iloc[0]:.0f}%).")
    text = [f"# {manifest.get('name', 'Godfather campaigns')}", "",
            f"**Question.** {manifest.get('question', '')}", "",
            "## Headline", ""] + heads + [
            "", f"Campaigns per point: {int(table['campaigns'].min()):,}"
            f"-{int(table['campaigns'].max()):,}; seed {manifest.get('seed')}; rules version "
            f"{manifest.get('rules_version', spec.version if spec else '')}.", ""]
    text += section(table, alpha)
    text += ["## Gang bosses", "",
             f"Win rate of each boss at each setting ({ci} Wilson interval); a fair share is "
             f"1/P of its seats.", ""]
    wide = strat.assign(cell=[fmt_rate(r, lo, hi, 0) for r, lo, hi in
                              zip(strat["win_rate"], strat["lo"], strat["hi"], strict=True)])
    wide = wide.pivot(index="setting", columns="strategy", values="cell").reset_index()
    text += _md(wide)
    text += ["## Turn order (the first turn's cards)", "",
             f"Share of decided campaigns won by the gang whose leader acted first, second ... "
             f"in the first turn ({ci} interval; fair = 1/P). Cards are dealt afresh each turn, "
             "so a large gap here would mean the first turn decides too much.", ""]
    wide = order.assign(cell=[fmt_rate(r, lo, hi, 0) for r, lo, hi in
                              zip(order["share"], order["lo"], order["hi"], strict=True)])
    wide = wide.pivot(index="setting", columns="order", values="cell").reset_index()
    wide.columns = ["setting"] + [f"position {c}" for c in wide.columns[1:]]
    text += _md(wide)
    text += ["## Caveats", "",
             "- Results describe the scripted gang bosses of strategies/godfather.py in a mixed "
             "field, not human players; a boss that dominates the field shapes every figure.",
             "- The Godfather tally, cash income and experience are blanks of the text filled "
             "with stated defaults (docs/rules/godfather.md, 'What the text leaves blank').",
             "- Raw data: games.parquet (one row per campaign and gang), summary.csv (one row "
             "per point: the shared sweep summary and the campaign figures), campaign.csv, "
             "strategies.csv, order.csv.", ""]
    html.write_report(out, text)
