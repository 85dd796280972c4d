"""The sweep report: summary tables, plots and ``report.md`` for a one-parameter sweep run
at one or more player counts (e.g. a victory-goal sweep). Game-specific words (what turn order
comes from, what a held asset is) come from the game's ``wording``.

Verdicts are built to survive a change of seed (``sim.analysis.verdicts``): every value gets a
status on each criterion (met, borderline, failed: judged on an interval, never a point
estimate); the recommendation is chosen among values that clearly meet every criterion and
comes with its stability under resampling of the games (how often each value would be picked,
and how often a re-run would agree); values no criterion tells apart are named as equally
good, and a sweep whose values no criterion tells apart says so instead of picking one. Points
where the swept rule ended (almost) no game are flagged and never recommended. A two-value
sweep (a rule comparison) gets every metric of the results table as new minus default with
Bonferroni-corrected intervals (``sim.analysis.effects``).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure  # no pyplot: a library never switches the backend
from scipy import stats

from sim.analysis import effects as E
from sim.analysis import html
from sim.analysis import verdicts as V
from sim.analysis.metrics import (
    BALANCED,
    CANT_TELL,
    UNBALANCED,
    first_player_crn,
)
from sim.analysis.stats import fmt_rate, wilson
from sim.analysis.summary import (
    headline_halfwidth,
    holder_wins,
    point_summary,
    strategy_summary,
)
from sim.core import atomic


def swept_keys(manifest: dict) -> list[str]:
    """The swept keys in the config's order (the manifest's ``sweep_order``; manifests written
    before it existed fall back to the point's keys, which a JSON round trip sorts)."""
    if manifest.get("sweep_order"):
        return list(manifest["sweep_order"])
    return list(manifest["points"][0]["swept"]) if manifest["points"] else []


def sweep_axis(manifest: dict) -> str | None:
    """The swept parameter plotted on the x axis (report.x, else the first non-player key)."""
    if manifest["report"].get("x"):
        return manifest["report"]["x"]
    keys = [k for k in swept_keys(manifest) if k != "players"]
    return keys[0] if keys else None


def context_keys(manifest: dict, x: str | None) -> list[str]:
    """Swept keys other than players and the x axis: each combination of them (with the player
    count) is a separate context with its own recommendation."""
    return [k for k in swept_keys(manifest) if k not in ("players", x)]


def context_label(row, ctx: list[str]) -> str:
    """'4 players' or '2 players, scenario = objective'."""
    return ", ".join([f"{int(row['players'])} players"] + [f"{k} = {row[k]}" for k in ctx])


def recommend(summary: pd.DataFrame, x: str, report: dict, pcs: dict | None = None,
              informative: dict | None = None, seed: int = 0):
    """Per context (player count and other swept values): the recommended x, its stability
    and every value's status.

    ``pcs`` maps every point index to its :class:`verdicts.PointCounts`; ``informative`` maps
    a point index to False where the swept rule ended (almost) no game. Returns (recommendations, the
    summary with status columns)."""
    lo, hi = report["target_rounds"]
    mid = (lo + hi) / 2
    informative = informative or {}
    s = summary.copy()
    cols = {c: [] for c in ["unf_status", "seat_status", "length_status", "status",
                            "seat_excess", "seat_verdict", "median_lo", "median_hi",
                            "pass_rate", "pick_share", "informative"]}
    rows = []
    if "context" not in s:
        s["context"] = [context_label(r, []) for _, r in s.iterrows()]
    s = s.sort_values(["players", "context", x] if x in s else ["players", "context"],
                      kind="stable")
    for ci, (context, g) in enumerate(s.groupby(["players", "context"], sort=False)):
        players = int(g["players"].iloc[0])
        context = g["context"].iloc[0]
        idx = [int(i) for i in g["point"]]
        inf = [bool(informative.get(i, True)) for i in idx]
        pl = [pcs[i] for i in idx]
        m = [V.point_metrics(pc, pc.count[None, :], report) for pc in pl]
        share, passed = V.bootstrap(pl, report, inf, seed=seed * 1000 + ci)
        status = [V.overall(mi["unf_status"][0], mi["seat_status"][0], mi["length_status"][0],
                            f) for mi, f in zip(m, inf, strict=True)]
        for k, mi in enumerate(m):
            cols["unf_status"].append(mi["unf_status"][0])
            cols["seat_status"].append(mi["seat_status"][0])
            cols["length_status"].append(mi["length_status"][0])
            cols["status"].append(status[k])
            cols["seat_excess"].append(mi["seat_excess"][0])
            cols["seat_verdict"].append({V.MEETS: BALANCED, V.FAILS: UNBALANCED}.get(
                mi["seat_status"][0], CANT_TELL))
            cols["median_lo"].append(mi["median_lo"][0])
            cols["median_hi"].append(mi["median_hi"][0])
            cols["pass_rate"].append(passed[k])
            cols["pick_share"].append(share[k])
            cols["informative"].append(inf[k])
        cands = [k for k, st in enumerate(status) if st == V.MEETS]
        values = g[x].tolist() if x in g else [players] * len(g)
        if cands:
            order = V.pick(m, report, inf)
            best = max(cands, key=lambda k: (share[k], k == order))
            same = V.equivalent_to(best, cands, m, report["alpha"])
            kind = "clear"
        else:
            keys = []
            for k, mk in enumerate(m):
                st = (mk["unf_status"][0], mk["seat_status"][0], mk["length_status"][0])
                keys.append((not inf[k], sum(v == V.FAILS for v in st),
                             sum(v != V.MEETS for v in st), mk["seat_excess"][0],
                             abs(mk["median"][0] - mid), k))
            best = min(keys)[-1]
            same, kind = [], status[best]
        others = [k for k in range(len(m)) if k != best]
        all_same = bool(others) and len(V.equivalent_to(best, list(range(len(m))), m,
                                                         report["alpha"])) == len(others)
        rivals = [k for k in np.argsort(-share[:-1], kind="stable")
                  if k != best and share[k] >= 0.1]
        rows.append({"players": players, "context": context, x: values[best], "kind": kind,
                     "meets_all": kind == "clear", "point": idx[best],
                     "pick_share": float(share[best]), "no_pick_share": float(share[-1]),
                     "agreement": float((share ** 2).sum()),
                     "stable": kind == "clear" and float((share ** 2).sum()) >= V.STABLE,
                     "equivalent": [values[k] for k in same], "all_same": all_same,
                     "values": values,
                     "rivals": [(values[k], float(share[k])) for k in rivals],
                     "n_meeting_all": len(cands),
                     "values_meeting_all": ", ".join(str(values[k]) for k in cands)})
    for c, v in cols.items():
        s[c] = v
    s["ok_unfinished"] = s["unf_status"] == V.MEETS
    s["ok_seats"] = s["seat_status"] == V.MEETS
    s["ok_length"] = s["length_status"] == V.MEETS
    s["criteria_met"] = s[["ok_unfinished", "ok_seats", "ok_length"]].sum(axis=1)
    return pd.DataFrame(rows), s


def ci_label(alpha: float) -> str:
    """The confidence of an interval at ``alpha``, as the reports write it: '95%'."""
    return f"{100 * (1 - alpha):g}%"


def _plot_by_players(summary, x, cols, scale, guide, ylabel, title, path):
    """One line per player count with a shaded band: cols = (centre, band low, band high)."""
    mid, low, high = cols
    fig = Figure(figsize=(7, 4.2))
    ax = fig.subplots()
    for label, g in summary.groupby("context", sort=False):
        g = g.sort_values(x)
        line = ax.plot(g[x], scale * g[mid], marker="o", label=label)[0]
        ax.fill_between(g[x], scale * g[low], scale * g[high], color=line.get_color(), alpha=0.18)
    guide(ax)
    ax.set_xlabel(x)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=8)
    atomic.write_figure(path, fig)


def _plot_length(summary, x, report, path):
    lo, hi = report["target_rounds"]
    _plot_by_players(summary, x, ("rounds_median", "rounds_q1", "rounds_q3"), 1,
                     lambda ax: ax.axhspan(lo, hi, color="grey", alpha=0.12, label="target length"),
                     "game length (rounds): median, band = quartiles", "Game length vs " + x, path)


def _plot_unfinished(summary, x, report, path):
    limit = 100 * report["max_unfinished"]
    _plot_by_players(summary, x, ("unfinished_rate", "unfinished_lo", "unfinished_hi"), 100,
                     lambda ax: ax.axhline(limit, color="grey", ls="--", label="allowed"),
                     f"games hitting the turn limit (%), {ci_label(report['alpha'])} CI",
                     "Unfinished games vs " + x, path)


def _plot_seats(summary, x, alpha, path):
    groups = list(summary.groupby("context", sort=False))
    fig = Figure(figsize=(3.4 * len(groups), 3.6))
    axes = fig.subplots(1, len(groups), squeeze=False, sharey=True)
    for ax, (label, g) in zip(axes[0], groups, strict=True):
        g = g.sort_values(x)
        players = int(g["players"].iloc[0])
        for k in range(players):
            line = ax.plot(g[x], 100 * g[f"order{k}_share"], marker=".", label=f"turn {k + 1}")[0]
            ax.fill_between(g[x], 100 * g[f"order{k}_lo"], 100 * g[f"order{k}_hi"],
                            color=line.get_color(), alpha=0.15)
        ax.axhline(100 / players, color="black", lw=0.8, ls="--")
        ax.set_title(label, fontsize=8)
        ax.set_xlabel(x)
    axes[0][0].set_ylabel(f"share of wins (%), {ci_label(alpha)} CI; dashed = fair")
    axes[0][-1].legend(fontsize=7)
    fig.suptitle("Win share by turn position", y=1.03)
    atomic.write_figure(path, fig)


def _plot_survival(load, rec, x, alpha, path):
    """Kaplan-Meier curves of game length at each player count's recommended value."""
    from sim.analysis.metrics import kaplan_meier

    fig = Figure(figsize=(7, 4.2))
    ax = fig.subplots()
    for _, r in rec.iterrows():
        games = load(int(r["point"])).drop_duplicates("game")
        km = kaplan_meier(games["rounds"], ~games["turn_limit"], alpha)
        t = np.concatenate([[0], km["rounds"]])
        line = ax.step(t, 100 * np.concatenate([[1], km["survival"]]), where="post",
                       label=f"{r['context']}, {x}={r[x]}")[0]
        ax.fill_between(t, 100 * np.concatenate([[1], km["lo"]]),
                        100 * np.concatenate([[1], km["hi"]]), step="post", alpha=0.2,
                        color=line.get_color())
    ax.set_xlabel("rounds played")
    ax.set_ylabel(f"games still running (%), Kaplan-Meier, {ci_label(alpha)} CI")
    ax.set_title("How long games last at the recommended values (turn-limit games censored)")
    ax.legend(fontsize=8)
    atomic.write_figure(path, fig)


def _plot_strategies(strat, alpha, path):
    groups = list(strat.groupby("players"))
    fig = Figure(figsize=(3.4 * len(groups), 3.6))
    axes = fig.subplots(1, len(groups), squeeze=False, sharey=True)
    for ax, (players, g) in zip(axes[0], groups, strict=True):
        yerr = 100 * np.vstack([g["win_rate"] - g["win_lo"], g["win_hi"] - g["win_rate"]])
        ax.bar(g["strategy"].astype(str), 100 * g["win_rate"], yerr=yerr, capsize=3)
        ax.axhline(100 * g["fair_rate"].iloc[0], color="black", lw=0.8, ls="--")
        ax.set_title(f"{players} players")
        ax.tick_params(axis="x", rotation=60, labelsize=7)
    axes[0][0].set_ylabel(f"win rate per seat played (%), {ci_label(alpha)} CI")
    fig.suptitle("Strategy win rates (all swept values pooled; dashed = average seat)", y=1.03)
    atomic.write_figure(path, fig)


def _holder_section(holders: pd.DataFrame, strat_pooled: pd.DataFrame, alpha: float,
                    asset: str = "asset"):
    """Win rate of whoever held each asset longest (e.g. O.G.'s special blocks), pooled over
    the swept values, against the decided-game average seat; calls are Bonferroni-corrected."""
    if holders.empty:
        return []
    g = holders.groupby(["players", "asset"], sort=False)[["wins", "games"]].sum().reset_index()
    _, lo, hi = wilson(g["wins"], g["games"], alpha)
    _, b_lo, b_hi = wilson(g["wins"], g["games"], alpha / len(g))
    lines = ["## Who holds what", "",
             f"Win rate, in decided games, of the player who held each {asset} for the "
             "most turns (pooled over the swept values), against the average seat (1 / players). "
             f"This is association, not cause: strong players also take {asset}s. Rates carry "
             f"{ci_label(alpha)} Wilson intervals; 'vs field' uses Bonferroni-corrected intervals "
             f"(alpha {alpha} shared by the {len(g)} rows).", "",
             f"| players | {asset} | games | holder's win rate | average seat | vs field |",
             "|---|---|---|---|---|---|"]
    for i, r in g.iterrows():
        fair = 1 / r["players"]
        verdict = "above" if b_lo[i] > fair else "below" if b_hi[i] < fair else "level"
        rate = fmt_rate(r["wins"] / r["games"], lo[i], hi[i])
        lines.append(f"| {r['players']} | {r['asset'].replace('_', ' ')} | {int(r['games']):,} | "
                     f"{rate} | {100 * fair:.1f}% | {verdict} |")
    return lines + [""]


def _baseline(spec, x: str, values: list):
    """(default, new) of a two-value sweep: the rules' default of ``x`` when it is one of the
    two values, else the first value listed."""
    import dataclasses

    fields = {f.name: f for f in dataclasses.fields(spec.rules_cls)} if spec else {}
    f = fields.get(x)
    if f is not None and f.default is not dataclasses.MISSING and f.default in values:
        default = f.default
        return default, next(v for v in values if v != default), True
    return values[0], values[1], False


def _effect_section(x: str, default, new, is_default: bool, moms: dict, alpha: float,
                    desc: dict) -> list[str]:
    """Every metric of the tidy table, new minus default per player count, with intervals
    Bonferroni-corrected over all metrics and player counts; largest standardised change
    first; 'yes' where the interval excludes zero."""
    players = list(moms)  # contexts (player count and other swept values), in sweep order
    tests = sum(len(moms[p][0]) for p in players)
    comp = _effect_comparisons(moms, alpha)
    names = list(dict.fromkeys(n for p in players for n in comp[p].index))
    size = {n: max(comp[p].loc[n, "size"] if n in comp[p].index else 0 for p in players)
            for n in names}
    names.sort(key=lambda n: -np.nan_to_num(size[n], nan=0, posinf=1e9))
    base = f"{default} (the default)" if is_default else f"{default}"
    lines = [f"## Effect of {x}: {default} -> {new}", "",
             f"Every metric of the results table, {new} minus {base}, per player count, with "
             f"intervals Bonferroni-corrected over all {tests} comparisons (each "
             f"{100 * (1 - alpha / tests):.4g}%); 'yes' marks a change the data can vouch for. "
             "Rates are ratios of per-game sums (their intervals allow for seats of one game "
             "being related); sorted by the largest standardised change. Values: default -> "
             "new.", "",
             "| metric | " + " | ".join(str(p) for p in players) + " |",
             "|---|" + "---|" * len(players)]
    unchanged = []
    for n in names:
        cells = []
        moved = False
        for p in players:
            if n not in comp[p].index:
                cells.append("n/a")
                continue
            r = comp[p].loc[n]
            if np.isnan(r["diff"]):
                cells.append("n/a")
                continue
            moved |= bool(r["diff"] != 0)
            scale = 100 if _is_rate(n) else 1
            unit = " pts" if scale == 100 else ""
            cells.append(f"{scale * r['diff']:+.2f} ± {scale * r['half']:.2f}{unit}"
                         f"{' yes' if r['measurable'] else ''} ({_fmt_val(r['default'], scale)}"
                         f" -> {_fmt_val(r['new'], scale)})")
        if not moved:
            unchanged.append(n)
            continue
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    if unchanged:
        lines += ["", "The same at both values (no difference at all): " + ", ".join(unchanged)
                  + "."]
    lines += ["", "Metrics: " + "; ".join(f"*{n}*: {desc[n]}" for n in names if n in desc) + ".",
              ""]
    return lines


def _effect_comparisons(moms: dict, alpha: float) -> dict:
    """Per player count, :func:`effects.compare` of (default, new) moments, Bonferroni over
    every metric and player count."""
    tests = sum(len(pair[0]) for pair in moms.values())
    z = E.bonferroni_z(alpha, tests)
    return {p: E.compare(pair[0], pair[1], z) for p, pair in moms.items()}


def _change_text(name: str, r) -> str:
    scale = 100 if _is_rate(name) else 1
    unit = " pts" if scale == 100 else ""
    return (f"{name} {scale * r['diff']:+.2f}{unit} ({_fmt_val(r['default'], scale)} -> "
            f"{_fmt_val(r['new'], scale)})")


def _is_rate(name: str) -> bool:
    return (name in ("unfinished", "no winner") or name.startswith("ended by")
            or name.endswith(("win share", "win rate")) or " / " in name)


def _fmt_val(v: float, scale: float) -> str:
    return f"{scale * v:.1f}%" if scale == 100 else f"{v:.3g}"


def _rate(row, prefix: str, rate: str = "rate") -> str:
    """Formatted rate with its interval from columns <prefix>_<rate>, _lo, _hi."""
    if f"{prefix}_{rate}" not in row:  # a metric this game's records do not support
        return "n/a"
    return fmt_rate(row[f"{prefix}_{rate}"], row[f"{prefix}_lo"], row[f"{prefix}_hi"])


def _md_table(df: pd.DataFrame) -> str:
    cols = list(df.columns)
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for _, r in df.iterrows():
        lines.append("| " + " | ".join(str(r[c]) for c in cols) + " |")
    return "\n".join(lines)


def pool_strategies(strat_point: pd.DataFrame, alpha: float) -> pd.DataFrame:
    """Per player count and strategy, summed over points, from per-point strategy rows."""
    g = strat_point.groupby(["players", "strategy"], observed=True)[["wins", "seats_played"]]
    g = g.sum().reset_index()
    p, lo, hi = wilson(g["wins"], g["seats_played"], alpha)
    g["win_rate"], g["win_lo"], g["win_hi"] = p, lo, hi
    tot = g.groupby("players")[["wins", "seats_played"]].transform("sum")
    g["fair_rate"] = tot["wins"] / tot["seats_played"]
    return g


def _sweep_items(sweep: dict, order=()):
    """(key, values) of the sweep (grids merged), in the config's order where known."""
    if "grids" in sweep:
        merged = {}
        for g in sweep["grids"]:
            for k, v in g.items():
                merged.setdefault(k, [])
                merged[k] += [e for e in v if e not in merged[k]]
    else:
        merged = dict(sweep)
    rank = {k: i for i, k in enumerate(order)}
    return sorted(merged.items(), key=lambda kv: rank.get(kv[0], len(rank)))


def _weights_text(manifest: dict) -> str:
    """The strategy-weight overrides of an experiment: fixed ones and swept ones."""
    fixed = manifest.get("weights") or {}
    parts = [f"{name}: " + ", ".join(f"{k} = {v}" for k, v in table.items())
             for name, table in fixed.items() if table]
    swept = [k for k, _ in _sweep_items(manifest["sweep"]) if "." in str(k)]
    text = ("overrides " + "; ".join(parts)) if parts else "every preset at its defaults"
    if swept:
        text += "; swept: " + ", ".join(f"`{k}`" for k in swept)
    return text + "."


_MARK = {V.MEETS: "+", V.BORDERLINE: "?", V.FAILS: "x"}
_CRITERIA = (("unf_status", "unfinished rate"), ("seat_status", "turn order"),
             ("length_status", "length"))


def _status_marks(r) -> str:
    if not r["informative"]:
        return "measures nothing"
    return "/".join(_MARK[r[c]] for c, _ in _CRITERIA) + f" {r['status']}"


def _status_words(r) -> str:
    if not r["informative"]:
        return "measures nothing: the swept rule ended almost no game here"
    fails = [n for c, n in _CRITERIA if r[c] == V.FAILS]
    border = [n for c, n in _CRITERIA if r[c] == V.BORDERLINE]
    if not fails and not border:
        return "clearly meets every criterion"
    out = []
    if fails:
        out.append("fails: " + ", ".join(fails))
    if border:
        out.append("borderline: " + ", ".join(border))
    return "; ".join(out)


def _why(r, report) -> str:
    return (f"median {r['rounds_median']:g} rounds [{ci_label(report['alpha'])} CI "
            f"{r['median_lo']:g}, "
            f"{r['median_hi']:g}] (quartiles {r['rounds_q1']:g}-{r['rounds_q3']:g}), unfinished "
            f"{_rate(r, 'unfinished')}, turn order {r['seat_verdict']} (max seat gap "
            f"{100 * r['seat_excess']:.1f} points on the {100 * (1 - 2 * report['alpha']):g}% "
            f"interval, tolerance {100 * report['seat_tolerance']:g}), equal-seats p = "
            f"{r['seat_equal_p']:.3g}, {int(r['games']):,} games")


def _seats_off(r, report) -> str:
    """Every turn position whose 1 - alpha interval excludes the fair share, with the turn-order
    verdict on it (outside the tolerance, can't tell, or within it)."""
    P = int(r["players"])
    fair = 1 / P
    tol = report["seat_tolerance"]
    off = []
    for k in range(P):
        if f"order{k}_share" not in r or not (r[f"order{k}_lo"] > fair or r[f"order{k}_hi"] < fair):
            continue
        _, lo90, hi90 = wilson(int(r[f"order{k}_wins"]), int(r["decided"]), 2 * report["alpha"])
        where = ("outside the tolerance" if lo90 > fair + tol or hi90 < fair - tol else
                 "within the tolerance" if lo90 >= fair - tol and hi90 <= fair + tol else
                 "can't tell if within the tolerance")
        off.append(f"turn {k + 1} {_rate(r, f'order{k}', 'share')} ({where})")
    if not off:
        return f" Every turn position's win share is consistent with fair ({100 * fair:.1f}%)."
    return f" Turn positions off the fair {100 * fair:.1f}%: " + "; ".join(off) + "."


def _seats_off_short(r, report) -> str:
    """The headline's list of turn positions whose win share is measurably off fair."""
    P = int(r["players"])
    off = [f"turn {k + 1} {100 * r[f'order{k}_share']:.1f}%" for k in range(P)
           if f"order{k}_share" in r and (r[f"order{k}_lo"] > 1 / P or r[f"order{k}_hi"] < 1 / P)]
    if not off:
        return ""
    return f" Turn positions off the fair {100 / P:.1f}% there: " + ", ".join(off) + "."


def _headline(r, x: str, judged) -> str:
    """One player count's recommendation in a sentence that says how sure it is."""
    head = f"{r['context']}: "
    if r["all_same"]:
        vals = ", ".join(str(v) for v in r["values"])
        text = (head + f"no measurable difference between {x} = {vals} on any criterion "
                "(length, unfinished rate, every turn position's share)")
        if r["kind"] == "clear":
            return text + ": either is fine."
        row = judged[judged["point"] == r["point"]].iloc[0]
        return text + f", and no value clearly meets every criterion ({_status_words(row)})."
    if r["kind"] != "clear":
        row = judged[judged["point"] == r["point"]].iloc[0]
        return (head + f"no value clearly meets every criterion; closest: {x} = {r[x]} "
                f"({_status_words(row)}).")
    if r["equivalent"]:
        alts = ", ".join(str(v) for v in r["equivalent"])
        return (head + f"{x} = {r[x]} or {alts}: no measurable difference on any criterion, "
                "either is fine.")
    share = (f"recommended in {100 * r['pick_share']:.0f}% of resamples; a re-run with "
             f"another seed would agree about {100 * r['agreement']:.0f}% of the time")
    if r["stable"]:
        return head + f"{x} = {r[x]} (stable: {share})."
    rivals = ", ".join(f"{v} in {100 * sh:.0f}%" for v, sh in r["rivals"])
    return (head + f"{x} = {r[x]}, but not stable ({share}"
            + (f"; rivals: {rivals}" if rivals else "") + ").")


def _ended_text(shares: dict) -> str:
    items = sorted(shares.items(), key=lambda t: -t[1])
    return ", ".join(f"{k.replace('_', ' ')} {100 * v:.0f}%" for k, v in items if v > 0)


def seat_table(summary: pd.DataFrame, manifest: dict, report: dict) -> pd.DataFrame:
    """seats.csv: one row per point and turn position (0 = first): point, players, the point's
    swept values, order, wins, decided, share with its 1 - alpha Wilson interval (lo, hi), the
    1 - 2 alpha interval the turn-order test uses (tost_lo, tost_hi) and the position's own
    equivalence verdict (balanced: that interval inside fair +/- seat_tolerance; unbalanced:
    entirely outside; can't tell otherwise)."""
    from sim.analysis.metrics import equivalence

    alpha, tol = report["alpha"], report["seat_tolerance"]
    swept = {p["index"]: p["swept"] for p in manifest["points"]}
    keys = list(dict.fromkeys(k for sw in swept.values() for k in sw if k != "players"))
    rows = []
    for _, r in summary.sort_values("point").iterrows():
        P, n = int(r["players"]), int(r["decided"])
        sw = swept.get(int(r["point"]), {})
        for k in range(P):
            if f"order{k}_wins" not in r:
                continue
            wins = int(r[f"order{k}_wins"])
            _, t_lo, t_hi = wilson(wins, n, 2 * alpha)
            rows.append({"point": int(r["point"]), "players": P}
                        | {c: _cell(sw.get(c)) for c in keys}
                        | {"order": k, "wins": wins, "decided": n,
                           "share": r[f"order{k}_share"], "lo": r[f"order{k}_lo"],
                           "hi": r[f"order{k}_hi"], "tost_lo": float(t_lo),
                           "tost_hi": float(t_hi),
                           "verdict": equivalence(wins, n, 1 / P, tol, alpha)})
    return pd.DataFrame(rows)


def _cell(v):
    return json.dumps(v) if isinstance(v, list | tuple | dict) else v


def headline_lines(text: str) -> list[str]:
    """What a run prints when it ends: the bullet lines of a report's '## Headline' section
    (else the lines of its '## Recommendation' section), and its dominance warning if any;
    Markdown emphasis and code marks removed."""
    sections: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        if line.startswith("## "):
            current = line[3:].strip()
            sections[current] = []
        elif current is not None:
            sections[current].append(line)
    if sections.get("Headline"):
        lines = [ln for ln in sections["Headline"] if ln.startswith("- ")]
    else:  # the exchange report: its whole (short) recommendation
        lines = [ln for ln in sections.get("Recommendation", []) if ln.strip()]
    lines += [ln for ln in text.splitlines() if ln.startswith("**Dominance warning:**")]
    return [ln.replace("**", "").replace("`", "") for ln in lines]


def write(out: Path, source, manifest: dict, wording=None, spec=None) -> None:
    """Write summary.csv (one row per point, with every criterion's status), seats.csv (one
    row per point and turn position), strategies.csv, recommendations.csv, plots/*.png,
    report.md and report.html (the same report, plots embedded) into ``out``.

    ``source`` is the results table, or a function from a point index to that point's table
    (so a sweep of any size is summarised one point at a time). ``wording`` is the game's
    words for shared phrases (``sim.core.game.WORDING`` keys); ``spec`` the game's
    ``GameSpec`` (its columns, end reasons, ``decided_by`` and cluster column feed the effect
    table and the 'measures nothing' flag; without it those parts are left out).
    """
    from sim.core.game import WORDING

    words = {**WORDING, **(wording or {})}
    out = Path(out)
    report = manifest["report"]
    alpha = report["alpha"]
    ci, z = ci_label(alpha), float(stats.norm.ppf(1 - alpha / 2))
    x = sweep_axis(manifest)
    ctx = context_keys(manifest, x)
    group_cols = ([x] if x else []) + ctx
    if isinstance(source, pd.DataFrame):
        groups = {int(k): v for k, v in source.groupby("point")}
        load = groups.__getitem__
    else:
        load = source
    crn = manifest["seating"] == "crn"
    end_names = list(spec.end_names) if spec else []
    reasons = tuple(spec.decided_by.get(x, ())) if (spec and x) else ()
    x_values = list(dict.fromkeys(json.dumps(p["swept"].get(x), sort_keys=True)
                                  for p in manifest["points"])) if x else []
    two_values = len(x_values) == 2
    rows, strat_rows, holder_rows, halfwidth = [], [], [], {}
    pcs, informative, ended, moms, desc = {}, {}, {}, {}, {}
    for p in manifest["points"]:
        t = load(p["index"])
        s = point_summary(t, group_cols, alpha)
        if crn:
            s = s.merge(first_player_crn(t), on="point", how="left")
        rows.append(s)
        strat_rows.append(strategy_summary(t, ["point", "players"] + group_cols, alpha))
        # the precision target is a 95% half-width (as the runner stops on), whatever alpha
        halfwidth[p["index"]] = headline_halfwidth(t)
        holder_rows.append(holder_wins(t))
        pcs[p["index"]] = V.point_counts(t)
        per_game = t.drop_duplicates("game")["end_reason"].astype(str)
        ended[p["index"]] = per_game.value_counts(normalize=True).to_dict()
        if reasons:
            informative[p["index"]] = (sum(ended[p["index"]].get(r, 0.0) for r in reasons)
                                       >= V.MIN_DECIDED)
        if two_values and spec is not None:
            frame, d = E.metric_frame(t, spec.columns, end_names,
                                      skip=[k for k in p["swept"]] + [spec.cluster or ""])
            desc.update(d)
            unit = (t.drop_duplicates("game").set_index("game").sort_index()[spec.cluster]
                    if spec.cluster else None)
            moms[p["index"]] = E.moments(frame, unit)
    summary = pd.concat(rows, ignore_index=True)
    summary["context"] = [context_label(r, ctx) for _, r in summary.iterrows()]
    context_of = dict(zip(summary["point"].astype(int), summary["context"], strict=True))
    strat_point = pd.concat(strat_rows, ignore_index=True)
    strat_pooled = pool_strategies(strat_point, alpha)
    atomic.write_csv(out / "summary.csv", summary)
    atomic.write_csv(out / "strategies.csv", strat_point)
    plots = out / "plots"
    text = [f"# {manifest['experiment']}: balance report", ""]
    if manifest.get("question"):
        text += [f"**Question.** {manifest['question']}", ""]
    n_games = int(summary["games"].sum())
    text += [
        "**Set-up.** Game `{}` (rules {}), gangsim {}, commit `{}`, seed {}; {} points x {} games "
        "= {:,} games; strategy pool: {} ({} seating: every strategy plays every seat equally "
        "often; {}).".format(
            manifest["game"], manifest["rules_version"], manifest["package_version"],
            manifest["git_commit"][:10] or "n/a", manifest["seed"], len(manifest["points"]),
            manifest["games_per_point"], n_games, ", ".join(manifest["pool"]),
            manifest["seating"], words["turn_order"]),
        "", f"Fixed rule changes: `{manifest['base_rules'] or 'none (defaults)'}`; swept: "
        + ", ".join(f"`{k}` = {v}" for k, v in _sweep_items(manifest["sweep"],
                                                             swept_keys(manifest))), "",
        "Strategy weights: " + _weights_text(manifest), ""]
    has_x = x is not None  # without a swept rule there is nothing to recommend, only to report
    x = x or "players"
    if has_x:
        _plot_length(summary, x, report, plots / "length.png")
        _plot_unfinished(summary, x, report, plots / "unfinished.png")
        _plot_seats(summary, x, alpha, plots / "seat_winrate.png")
    _plot_strategies(strat_pooled, alpha, plots / "strategies.png")
    rec, judged = recommend(summary, x, report, pcs, informative, seed=int(manifest["seed"]))
    for name, shares in (("ended_" + r, [ended[int(i)].get(r, 0.0) for i in judged["point"]])
                         for r in end_names):
        judged[name] = shares
    atomic.write_csv(out / "summary.csv", judged.sort_values("point"))
    atomic.write_csv(out / "seats.csv", seat_table(judged, manifest, report))
    atomic.write_csv(out / "recommendations.csv",
                     rec.drop(columns=["values"]).assign(
                         equivalent=rec["equivalent"].map(lambda v: ", ".join(map(str, v))),
                         rivals=rec["rivals"].map(
                             lambda v: ", ".join(f"{a}: {b:.3f}" for a, b in v))))
    _plot_survival(load, rec, x, alpha, plots / "survival.png")
    lo, hi = report["target_rounds"]
    tol = 100 * report["seat_tolerance"]
    crit = (f"Criteria, each judged on an interval: (1) unfinished games (turn limit) rare: "
            f"{ci_label(alpha)} upper bound <= {100 * report['max_unfinished']:g}%; (2) turn "
            "order balanced: "
            f"every turn position's win share within the fair share +/- {tol:g} points by two "
            f"one-sided tests at alpha {alpha} (its {100 * (1 - 2 * alpha):g}% interval inside "
            f"the band); (3) median length {lo}-{hi} rounds ({ci_label(alpha)} order-statistic "
            "interval of the median inside the range). A criterion is *met* when its interval is inside, "
            "*failed* when it is entirely outside, *borderline* otherwise; a value *clearly "
            "meets* when it meets all three. Among values that clearly meet, the recommendation "
            f"is the one picked most often when each point's games are resampled "
            f"({V.N_BOOT} bootstrap resamples; the pick in a resample is the value whose median "
            f"length is nearest {(lo + hi) / 2:g} rounds among those clearly meeting there); "
            "the chance that a re-run with another seed recommends the same value is "
            "estimated as the chance that two resamples agree (the sum of the squared pick "
            f"shares), and the recommendation is called stable when that is at least "
            f"{100 * V.STABLE:g}%. Values that clearly meet and that no criterion tells apart "
            "from the recommendation (length, unfinished rate, every turn position's share; "
            "Bonferroni-corrected tests) are named as equally good; when no criterion tells "
            "any two values apart the report says the choice makes no measurable difference.")
    if reasons:
        crit += (f" A point where `{x}` ended under {100 * V.MIN_DECIDED:g}% of games (end "
                 f"reasons {', '.join(reasons)}) measures nothing about it and is never "
                 "recommended.")
    effect = None
    if has_x and two_values and moms:
        values = [json.loads(v) for v in x_values]
        default, new, is_default = _baseline(spec, x, values)
        by_context = {}
        for p in manifest["points"]:
            pair = by_context.setdefault(context_of[p["index"]], [None, None])
            pair[0 if p["swept"].get(x) == default else 1] = moms[p["index"]]
        by_context = {k: v for k, v in by_context.items() if v[0] is not None and v[1] is not None}
        if by_context:
            effect = (default, new, is_default, by_context)
    heads = [_headline(r, x, judged) + _seats_off_short(judged[judged["point"] == r["point"]]
                                                       .iloc[0], report)
             for _, r in rec.iterrows()] if has_x else []
    if effect:
        comp = _effect_comparisons(effect[3], alpha)
        for i, (_, r) in enumerate(rec.iterrows()):
            c = comp.get(r["context"])
            if c is None:
                continue
            moved = c[c["measurable"]].sort_values("size", ascending=False)
            if len(moved):
                heads[i] += (f" Switching {x} from {effect[0]} to {effect[1]} measurably "
                             f"changes {len(moved)} metric{'s' * (len(moved) > 1)}, largest: "
                             + "; ".join(_change_text(n, row) for n, row in
                                         moved.head(3).iterrows()) + ".")
            else:
                heads[i] += (f" Switching {x} from {effect[0]} to {effect[1]} changes no "
                             "metric measurably.")
    if has_x:
        text += ["## Headline", ""] + [f"- {h}" for h in heads] + ["", crit, "",
                                                                    "## Recommendation by "
                                                                    "player count", ""]
    else:
        text += ["## Headline", ""]
        for _, r in judged.iterrows():
            text.append(f"- {r['context']}: median {r['rounds_median']:g} rounds, "
                        f"unfinished {_rate(r, 'unfinished')}, turn order {r['seat_verdict']}, "
                        f"{int(r['games']):,} games.{_seats_off(r, report)}")
        text.append("")
    for _, r in rec.iterrows() if has_x else []:
        row = judged[judged["point"] == r["point"]].iloc[0]
        text.append(f"- **{r['context']}: {x} = {r[x]}** ({_status_words(row)}): "
                    f"{_why(row, report)}.{_seats_off(row, report)}")
        if r["n_meeting_all"] > 1:
            text.append(f"  Values that clearly meet every criterion: "
                        f"{r['values_meeting_all']}.")
        shares = judged[judged["context"] == r["context"]]
        picked = [(v, sh) for v, sh in zip(shares[x], shares["pick_share"], strict=True)
                  if sh >= 0.005]
        picked.sort(key=lambda t: -t[1])
        none = r["no_pick_share"]
        parts = [f"{v}: {100 * sh:.0f}%" for v, sh in picked]
        if none >= 0.005:
            parts.append(f"no value clearly meets: {100 * none:.0f}%")
        text.append("  Stability (how often each value is recommended when the games are "
                    "resampled): " + ", ".join(parts) + ".")
        others = judged[(judged["context"] == r["context"]) & judged["ok_seats"]]
        if not r["meets_all"] and len(others) == 0:
            text.append(f"  No value of {x} keeps turn order within the tolerance at "
                        f"{r['context']}: the advantage of going first is not fixed by "
                        f"{x} alone (with these scripted strategies).")
    never = judged[~judged["informative"]]
    if has_x and len(never):
        text += ["", f"**Points that measure nothing about {x}:** "
                 + "; ".join(f"{r['context']}, {x} = {r[x]}" for _, r in never.iterrows())
                 + f": there `{x}` ended under {100 * V.MIN_DECIDED:g}% of games (see 'ended "
                 "by'), so their length and fairness say nothing about it."]
    text += ["", "## Every point", "",
             "Win shares are among games with a winner; rates carry "
             f"{ci_label(alpha)} Wilson intervals. "
             f"'max seat gap' is the widest distance of any turn position's "
             f"{100 * (1 - 2 * alpha):g}% interval (the one the turn-order verdict uses) from "
             "the fair share, in points. Status: unfinished / turn order / length, each met "
             "(+), borderline (?) or failed (x). 'clearly meets' and 'picked' are shares of "
             "bootstrap resamples.", ""]
    rows = []
    for _, r in judged.sort_values(["players", "context", x]).iterrows():
        rows.append({"players": r["players"], **{k: r[k] for k in ctx}, x: r[x],
                     "games": int(r["games"]),
                     f"median rounds [{ci} CI] (IQR)":
                         f"{r['rounds_median']:g} [{r['median_lo']:g}, {r['median_hi']:g}] "
                         f"({r['rounds_q1']:g}-{r['rounds_q3']:g})",
                     "KM median": f"{r['rounds_km_median']:g}",
                     f"mean rounds [{ci} CI]": f"{r['rounds_mean']:.1f} [{r['rounds_mean_lo']:.1f}, "
                                             f"{r['rounds_mean_hi']:.1f}]",
                     "unfinished": _rate(r, "unfinished"),
                     "ended by": _ended_text(ended[int(r["point"])]),
                     "first player share": _rate(r, "order0", "share"),
                     "turn order": r["seat_verdict"],
                     "max seat gap": f"{100 * r['seat_excess']:.1f}",
                     "equal-seats p": f"{r['seat_equal_p']:.3g}",
                     "comebacks": _rate(r, "comeback"),
                     "winner led for good (share of game)":
                         f"{100 * r.get('winner_led_share', np.nan):.0f}% "
                         f"[{100 * r.get('winner_led_lo', np.nan):.0f}, "
                         f"{100 * r.get('winner_led_hi', np.nan):.0f}]",
                     "status": _status_marks(r),
                     "clearly meets": f"{100 * r['pass_rate']:.0f}%",
                     "picked": f"{100 * r['pick_share']:.0f}%"})
    text += [_md_table(pd.DataFrame(rows)), ""]
    if crn:
        text += ["## Common random numbers", "",
                 "Each block of P games replays one board and one dice stream with the first "
                 "turn rotated, so every strategy moves first once on the same luck. The "
                 "first player's win rate below uses the block means; 'variance reduction' is "
                 "how many times more independent games the same precision would need.", "",
                 "| players | " + x + f" | P(first player wins) | {ci} CI (blocks) | "
                 "variance reduction |", "|---|---|---|---|---|"]
        for _, r in judged.sort_values(["players", "context", x]).iterrows():
            half = z * r["first_win_se_crn"]
            label = r[x] if has_x else "-"
            text.append(f"| {r['players']} | {label} | {100 * r['first_win_rate']:.1f}% | "
                        f"[{100 * (r['first_win_rate'] - half):.1f}, "
                        f"{100 * (r['first_win_rate'] + half):.1f}] | "
                        f"x{r['variance_reduction']:.2f} |")
        text.append("")
    text += _holder_section(pd.concat(holder_rows, ignore_index=True), strat_pooled, alpha,
                            words["asset"])
    if effect:
        text += _effect_section(x, *effect, alpha, desc)
    text += ["## Strategies", "",
             f"Win rate per seat played, all swept values pooled ({ci} Wilson interval); "
             "'average seat' is the win rate a strategy no better than the field would get. "
             f"'vs field' calls a strategy above or below only when its Bonferroni-corrected "
             f"interval (alpha {alpha} shared by the {len(strat_pooled)} rows) excludes the "
             "average seat.", ""]
    rows = []
    _, b_lo, b_hi = wilson(strat_pooled["wins"], strat_pooled["seats_played"],
                           alpha / max(len(strat_pooled), 1))
    for (_, r), blo, bhi in zip(strat_pooled.iterrows(), b_lo, b_hi, strict=True):
        verdict = ("above" if blo > r["fair_rate"] else
                   "below" if bhi < r["fair_rate"] else "level")
        rows.append({"players": r["players"], "strategy": r["strategy"],
                     "seats played": int(r["seats_played"]),
                     "win rate": fmt_rate(r["win_rate"], r["win_lo"], r["win_hi"]),
                     "average seat": f"{100 * r['fair_rate']:.1f}%", "vs field": verdict})
    text += [_md_table(pd.DataFrame(rows)), ""]
    best = strat_pooled.loc[strat_pooled.groupby("players")["win_rate"].idxmax()]
    dom = [f"{r['strategy']} at {r['players']} players ({100 * r['win_rate']:.0f}%)"
           for _, r in best.iterrows() if r["win_lo"] > 2 * r["fair_rate"]]
    if dom:
        text += ["**Dominance warning:** " + "; ".join(dom) + " win more than twice the average "
                 f"seat's rate ({ci} lower bound): among these scripted strategies one plan "
                 "dominates, which skews seat and length figures. It may be a property of the "
                 "scripted players rather than of the rules; a tournament "
                 "(`gangsim tournament`) tests whether it holds up.", ""]
    shown = (["length", "unfinished", "seat_winrate"] if has_x else []) + ["strategies",
                                                                           "survival"]
    text += ["## Plots", ""] + [f"![{p}](plots/{p}.png)\n" for p in shown]
    if manifest.get("precision"):
        target = manifest["precision"]
        reached = halfwidth
        missed = [p for p, h in reached.items() if h > target]
        text += ["## Precision", "",
                 f"Asked: every headline rate (unfinished rate, each turn position's win share, "
                 f"each strategy's win rate) to a 95% half-width of at most "
                 f"{100 * target:g} points"
                 + (" (the precision target is always a 95% half-width, whatever the report's "
                    "alpha)" if alpha != 0.05 else "")
                 + f", with at most {manifest['max_games']:,} games a "
                 f"point. Reached at {len(reached) - len(missed)} of {len(reached)} points; "
                 f"games per point ranged {int(summary['games'].min()):,}-"
                 f"{int(summary['games'].max()):,}.", ""]
        for p in missed:
            row = summary[summary["point"] == p].iloc[0]
            text.append(f"- point {p} ({', '.join(f'{c}={row[c]}' for c in ['players'] + group_cols)}) "
                        f"stopped at the cap with a half-width of {100 * reached[p]:.2f} points.")
        text.append("")
    unf = judged[judged["unfinished"] > 0].head(5)
    examples = ", ".join(f"{p}p {x}={v}" for p, v in zip(unf["players"], unf[x], strict=True))
    text += ["## Caveats", "",
             f"- Games that reach the turn limit are kept and counted as unfinished "
             f"({int(summary['unfinished'].sum()):,} of {n_games:,} games); their length is "
             f"the limit, so plain medians are lower bounds where many games are unfinished; the "
             f"'KM median' (Kaplan-Meier, unfinished games censored) is the one to trust there"
             + (f" (e.g. {examples})." if len(unf) else "."),
             "- Results describe these scripted strategies, not human players; a strategy pool "
             "with a dominant member skews seat and length figures.",
             "- Turn-order fairness is an equivalence question: a point with too few games gets "
             "'can't tell', never 'balanced' by default; 'max seat gap' is the widest distance, in "
             f"points, of any turn position's {100 * (1 - 2 * alpha):g}% interval (the one the "
             "two one-sided tests use) from the fair share. The chi-square "
             "p-value of equal shares is shown for reference. 'Comebacks' are decided games won "
             "by a player that was not leading on the victory score at mid-game; 'winner led "
             "for good' is the share of the game (from the round it took the lead for the last "
             "time) that the winner spent in front, a measure of decisiveness.",
             "- Raw data: games.parquet (one row per game and seat), summary.csv (one row per "
             "point), seats.csv (one row per point and turn position, with the interval the "
             "turn-order test uses and each position's verdict), strategies.csv.",
             ""]
    html.write_report(out, text)
