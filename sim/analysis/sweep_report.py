"""The sweep report: summary tables, plots and ``report.md`` for a one-parameter sweep run
at one or more player counts (e.g. a victory-goal sweep). Game-specific words (what turn order
comes from, what a held asset is) come from the game's ``wording``.

Criteria for a recommended value, per player count, all stated in the report:
  1. games rarely hit the turn limit: the unfinished rate's upper confidence bound is at most
     ``max_unfinished``;
  2. turn order fair within a tolerance: every turn position's win-share interval lies inside
     fair share +/- ``seat_tolerance`` (an equivalence check, so more games can only sharpen
     the verdict; the chi-square test of equal shares is reported beside it);
  3. median length (rounds) inside ``target_rounds``.
Among values meeting all three, the one whose median length is nearest the middle of the
target range; if none meets all three, the value meeting most, then with the smallest
turn-order excess, then nearest in length; the report says so.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from sim.analysis.metrics import (  # noqa: E402
    BALANCED,
    CANT_TELL,
    UNBALANCED,
    equivalence,
    first_player_crn,
)
from sim.analysis.stats import fmt_rate, wilson  # noqa: E402
from sim.analysis.summary import (  # noqa: E402
    headline_halfwidth,
    holder_wins,
    point_summary,
    strategy_summary,
)
from sim.core import atomic  # noqa: E402


def sweep_axis(manifest: dict) -> str | None:
    """The swept parameter plotted on the x axis (report.x, else the first non-player key)."""
    if manifest["report"].get("x"):
        return manifest["report"]["x"]
    swept = manifest["points"][0]["swept"] if manifest["points"] else {}
    keys = [k for k in swept if k != "players"]
    return keys[0] if keys else None


def recommend(summary: pd.DataFrame, x: str, report: dict):
    """Per player count: the recommended x and whether each value met each criterion."""
    lo, hi = report["target_rounds"]
    mid = (lo + hi) / 2
    s = summary.copy()
    s["ok_unfinished"] = s["unfinished_hi"] <= report["max_unfinished"]
    tol = report["seat_tolerance"]
    excess = np.zeros(len(s))
    verdicts = []
    for idx, (_, row) in enumerate(s.iterrows()):
        players = int(row["players"])
        fair = 1 / players
        found = [equivalence(int(row[f"order{k}_wins"]), int(row["decided"]), fair, tol,
                             report["alpha"]) for k in range(players)]
        verdicts.append(UNBALANCED if UNBALANCED in found else
                        CANT_TELL if CANT_TELL in found else BALANCED)
        excess[idx] = max(max(row[f"order{k}_hi"] - fair, fair - row[f"order{k}_lo"])
                          for k in range(players))
    s["seat_excess"] = excess  # widest distance of any seat's 95% interval from the fair share
    s["seat_verdict"] = verdicts
    s["ok_seats"] = s["seat_verdict"] == BALANCED
    s["ok_length"] = s["rounds_median"].between(lo, hi)
    s["criteria_met"] = s[["ok_unfinished", "ok_seats", "ok_length"]].sum(axis=1)
    s["length_gap"] = (s["rounds_median"] - mid).abs()
    rows = []
    for players, g in s.groupby("players"):
        full = g[g["criteria_met"] == 3]
        pick = full if len(full) else g[g["criteria_met"] == g["criteria_met"].max()]
        order = ["length_gap", "seat_excess"] if len(full) else ["seat_excess", "length_gap"]
        best = pick.sort_values(order).iloc[0]
        rows.append({"players": players, x: best[x], "meets_all": bool(len(full)),
                     "n_meeting_all": int(len(full)),
                     "values_meeting_all": ", ".join(str(v) for v in full[x]),
                     "point": int(best["point"])})
    return pd.DataFrame(rows), s


def _plot_by_players(summary, x, cols, scale, guide, ylabel, title, path):
    """One line per player count with a shaded band: cols = (centre, band low, band high)."""
    mid, low, high = cols
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for players, g in summary.groupby("players"):
        g = g.sort_values(x)
        line = ax.plot(g[x], scale * g[mid], marker="o", label=f"{players} players")[0]
        ax.fill_between(g[x], scale * g[low], scale * g[high], color=line.get_color(), alpha=0.18)
    guide(ax)
    ax.set_xlabel(x)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=8)
    atomic.write_figure(path, fig)
    plt.close(fig)


def _plot_length(summary, x, report, path):
    lo, hi = report["target_rounds"]
    _plot_by_players(summary, x, ("rounds_median", "rounds_q1", "rounds_q3"), 1,
                     lambda ax: ax.axhspan(lo, hi, color="grey", alpha=0.12, label="target length"),
                     "game length (rounds): median, band = quartiles", "Game length vs " + x, path)


def _plot_unfinished(summary, x, report, path):
    limit = 100 * report["max_unfinished"]
    _plot_by_players(summary, x, ("unfinished_rate", "unfinished_lo", "unfinished_hi"), 100,
                     lambda ax: ax.axhline(limit, color="grey", ls="--", label="allowed"),
                     "games hitting the turn limit (%), 95% CI", "Unfinished games vs " + x, path)


def _plot_seats(summary, x, path):
    groups = list(summary.groupby("players"))
    fig, axes = plt.subplots(1, len(groups), figsize=(3.4 * len(groups), 3.6), squeeze=False,
                             sharey=True)
    for ax, (players, g) in zip(axes[0], groups, strict=True):
        g = g.sort_values(x)
        for k in range(players):
            line = ax.plot(g[x], 100 * g[f"order{k}_share"], marker=".", label=f"turn {k + 1}")[0]
            ax.fill_between(g[x], 100 * g[f"order{k}_lo"], 100 * g[f"order{k}_hi"],
                            color=line.get_color(), alpha=0.15)
        ax.axhline(100 / players, color="black", lw=0.8, ls="--")
        ax.set_title(f"{players} players")
        ax.set_xlabel(x)
    axes[0][0].set_ylabel("share of wins (%), 95% CI; dashed = fair")
    axes[0][-1].legend(fontsize=7)
    fig.suptitle("Win share by turn position", y=1.03)
    atomic.write_figure(path, fig)
    plt.close(fig)


def _plot_survival(load, rec, x, path):
    """Kaplan-Meier curves of game length at each player count's recommended value."""
    from sim.analysis.metrics import kaplan_meier

    fig, ax = plt.subplots(figsize=(7, 4.2))
    for _, r in rec.iterrows():
        games = load(int(r["point"])).drop_duplicates("game")
        km = kaplan_meier(games["rounds"], ~games["turn_limit"])
        t = np.concatenate([[0], km["rounds"]])
        line = ax.step(t, 100 * np.concatenate([[1], km["survival"]]), where="post",
                       label=f"{r['players']} players, {x}={r[x]}")[0]
        ax.fill_between(t, 100 * np.concatenate([[1], km["lo"]]),
                        100 * np.concatenate([[1], km["hi"]]), step="post", alpha=0.2,
                        color=line.get_color())
    ax.set_xlabel("rounds played")
    ax.set_ylabel("games still running (%), Kaplan-Meier, 95% CI")
    ax.set_title("How long games last at the recommended values (turn-limit games censored)")
    ax.legend(fontsize=8)
    atomic.write_figure(path, fig)
    plt.close(fig)


def _plot_strategies(strat, path):
    groups = list(strat.groupby("players"))
    fig, axes = plt.subplots(1, len(groups), figsize=(3.4 * len(groups), 3.6), squeeze=False,
                             sharey=True)
    for ax, (players, g) in zip(axes[0], groups, strict=True):
        yerr = 100 * np.vstack([g["win_rate"] - g["win_lo"], g["win_hi"] - g["win_rate"]])
        ax.bar(g["strategy"].astype(str), 100 * g["win_rate"], yerr=yerr, capsize=3)
        ax.axhline(100 * g["fair_rate"].iloc[0], color="black", lw=0.8, ls="--")
        ax.set_title(f"{players} players")
        ax.tick_params(axis="x", rotation=60, labelsize=7)
    axes[0][0].set_ylabel("win rate per seat played (%), 95% CI")
    fig.suptitle("Strategy win rates (all swept values pooled; dashed = average seat)", y=1.03)
    atomic.write_figure(path, fig)
    plt.close(fig)


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
             f"This is association, not cause: strong players also take {asset}s. 'vs field' uses "
             f"Bonferroni-corrected intervals over the {len(g)} rows.", "",
             f"| players | {asset} | games | holder's win rate | average seat | vs field |",
             "|---|---|---|---|---|---|"]
    for i, r in g.iterrows():
        fair = 1 / r["players"]
        verdict = "above" if b_lo[i] > fair else "below" if b_hi[i] < fair else "level"
        rate = fmt_rate(r["wins"] / r["games"], lo[i], hi[i])
        lines.append(f"| {r['players']} | {r['asset'].replace('_', ' ')} | {int(r['games']):,} | "
                     f"{rate} | {100 * fair:.1f}% | {verdict} |")
    return lines + [""]


def _diff(p1, n1, p2, n2, z):
    """Difference of two proportions with a normal-approximation interval half-width."""
    return p2 - p1, z * np.sqrt(p1 * (1 - p1) / max(n1, 1) + p2 * (1 - p2) / max(n2, 1))


def _effect_section(summary, strat_point, x, alpha) -> list[str]:
    """For an on/off (two-value) rule: what changes when it is switched, with intervals; a
    change is called only when its Bonferroni-corrected interval excludes zero."""
    from scipy.stats import norm

    a, b = sorted(summary[x].unique(), key=str)
    strategies = sorted(strat_point["strategy"].astype(str).unique())
    n_tests = summary["players"].nunique() * (2 + len(strategies))
    z = norm.ppf(1 - alpha / (2 * n_tests))
    lines = [f"## Effect of {x}: {a} -> {b}", "",
             f"Differences ({b} minus {a}) with intervals Bonferroni-corrected over the "
             f"{n_tests} comparisons; 'yes' marks a change the data can vouch for.", "",
             "| players | mean rounds | first player's win share | "
             + " | ".join(f"{s} win rate" for s in strategies) + " |",
             "|---|---|---|" + "---|" * len(strategies)]
    for players, g in summary.groupby("players"):
        ra, rb = g[g[x] == a].iloc[0], g[g[x] == b].iloc[0]
        d_len = rb["rounds_mean"] - ra["rounds_mean"]
        se = np.hypot((ra["rounds_mean_hi"] - ra["rounds_mean_lo"]) / 3.92,
                      (rb["rounds_mean_hi"] - rb["rounds_mean_lo"]) / 3.92)
        cells = [f"{d_len:+.2f} ± {z * se:.2f}{' yes' if abs(d_len) > z * se else ''}"]
        d, h = _diff(ra["order0_share"], ra["decided"], rb["order0_share"], rb["decided"], z)
        cells.append(f"{100 * d:+.1f} ± {100 * h:.1f} pts{' yes' if abs(d) > h else ''}")
        sp = strat_point[strat_point["players"] == players]
        for s in strategies:
            sa = sp[(sp[x] == a) & (sp["strategy"].astype(str) == s)]
            sb = sp[(sp[x] == b) & (sp["strategy"].astype(str) == s)]
            if sa.empty or sb.empty:
                cells.append("n/a")
                continue
            d, h = _diff(sa["win_rate"].iloc[0], sa["seats_played"].iloc[0],
                         sb["win_rate"].iloc[0], sb["seats_played"].iloc[0], z)
            cells.append(f"{100 * d:+.1f} ± {100 * h:.1f}{' yes' if abs(d) > h else ''}")
        lines.append(f"| {players} | " + " | ".join(cells) + " |")
    return lines + [""]


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


def write(out: Path, source, manifest: dict, wording=None) -> None:
    """Write summary.csv, strategies.csv, plots/*.png and report.md into ``out``.

    ``source`` is the results table, or a function from a point index to that point's table
    (so a sweep of any size is summarised one point at a time). ``wording`` is the game's
    words for shared phrases (``sim.core.game.WORDING`` keys).
    """
    from sim.core.game import WORDING

    words = {**WORDING, **(wording or {})}
    out = Path(out)
    report = manifest["report"]
    alpha = report["alpha"]
    x = sweep_axis(manifest)
    group_cols = [x] if x else []
    if isinstance(source, pd.DataFrame):
        groups = {int(k): v for k, v in source.groupby("point")}
        load = groups.__getitem__
    else:
        load = source
    crn = manifest["seating"] == "crn"
    rows, strat_rows, holder_rows, halfwidth = [], [], [], {}
    for p in manifest["points"]:
        t = load(p["index"])
        s = point_summary(t, group_cols, alpha)
        if crn:
            s = s.merge(first_player_crn(t), on="point", how="left")
        rows.append(s)
        strat_rows.append(strategy_summary(t, ["point", "players"] + group_cols, alpha))
        halfwidth[p["index"]] = headline_halfwidth(t, alpha)
        holder_rows.append(holder_wins(t))
    summary = pd.concat(rows, ignore_index=True)
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
        + ", ".join(f"`{k}` = {v}" for k, v in manifest["sweep"].items()), ""]
    has_x = x is not None  # without a swept rule there is nothing to recommend, only to report
    x = x or "players"
    if has_x:
        _plot_length(summary, x, report, plots / "length.png")
        _plot_unfinished(summary, x, report, plots / "unfinished.png")
        _plot_seats(summary, x, plots / "seat_winrate.png")
    _plot_strategies(strat_pooled, plots / "strategies.png")
    rec, judged = recommend(summary, x, report)
    _plot_survival(load, rec, x, plots / "survival.png")
    lo, hi = report["target_rounds"]
    crit = (f"Criteria: (1) unfinished games (turn limit) rare: upper 95% bound <= "
            f"{100 * report['max_unfinished']:g}%; (2) turn order balanced: for every turn "
            f"position, two one-sided tests at alpha {alpha} show its win share within the fair "
            f"share +/- {100 * report['seat_tolerance']:g} points (verdicts: balanced, "
            f"unbalanced, can't tell at this sample size); (3) median length {lo}-{hi} rounds. "
            f"Among values meeting all three, the one whose median length is nearest "
            f"{(lo + hi) / 2:g} rounds; if none meets all three, the one meeting most, then with "
            f"the fairest turn order.")
    heads = []
    for _, r in rec.iterrows():
        mark = "" if r["meets_all"] else " (no value met every criterion; closest shown)"
        heads.append(f"{r['players']} players: {x} = {r[x]}{mark}")
    if has_x:
        text += ["## Headline", "", "Recommended " + x + " by player count: " + "; ".join(heads)
                 + ".", "", crit, "", "## Recommendation by player count", ""]
    else:
        text += ["## Headline", ""]
        for _, r in judged.iterrows():
            text.append(f"- {r['players']} players: median {r['rounds_median']:g} rounds, "
                        f"unfinished {_rate(r, 'unfinished')}, first player's win share "
                        f"{_rate(r, 'order0', 'share')} vs fair {100 / r['players']:.1f}% "
                        f"(turn order {r['seat_verdict']}), {int(r['games']):,} games.")
        text.append("")
    for _, r in rec.iterrows() if has_x else []:
        row = judged[judged["point"] == r["point"]].iloc[0]
        fails = [name for ok, name in [(row["ok_unfinished"], "unfinished rate"),
                                       (row["ok_seats"], f"turn order {row['seat_verdict']}"
                                        f" (a seat's interval reaches "
                                        f"{100 * row['seat_excess']:.1f} points from fair)"),
                                       (row["ok_length"], "length")] if not ok]
        why = (f"median {row['rounds_median']:g} rounds (quartiles {row['rounds_q1']:g}-"
               f"{row['rounds_q3']:g}), unfinished {_rate(row, 'unfinished')}, "
               f"first player's win share {_rate(row, 'order0', 'share')} "
               f"vs fair {100 / r['players']:.1f}%, equal-seats p = {row['seat_equal_p']:.3g}, "
               f"{int(row['games'])} games")
        verdict = ("meets all criteria" if not fails else "fails: " + ", ".join(fails))
        also = (f" Values meeting every criterion: {r['values_meeting_all']}."
                if r["n_meeting_all"] > 1 else "")
        text.append(f"- **{r['players']} players: {x} = {r[x]}** ({verdict}): {why}.{also}")
        others = judged[(judged["players"] == r["players"]) & judged["ok_seats"]]
        if not r["meets_all"] and len(others) == 0:
            text.append(f"  No value of {x} keeps turn order within the tolerance at "
                        f"{r['players']} players: the advantage of going first is a rule "
                        f"problem that {x} alone does not fix.")
    text += ["", "## Every point", "",
             "Win shares are among games with a winner; intervals are 95% Wilson intervals.", ""]
    rows = []
    for _, r in judged.sort_values(["players", x]).iterrows():
        rows.append({"players": r["players"], x: r[x], "games": int(r["games"]),
                     "median rounds (IQR)":
                         f"{r['rounds_median']:g} ({r['rounds_q1']:g}-{r['rounds_q3']:g})",
                     "KM median": f"{r['rounds_km_median']:g}",
                     "mean rounds [95% CI]": f"{r['rounds_mean']:.1f} [{r['rounds_mean_lo']:.1f}, "
                                             f"{r['rounds_mean_hi']:.1f}]",
                     "unfinished": _rate(r, "unfinished"),
                     "first player share": _rate(r, "order0", "share"),
                     "turn order": r["seat_verdict"],
                     "max seat gap": f"{100 * r['seat_excess']:.1f}",
                     "equal-seats p": f"{r['seat_equal_p']:.3g}",
                     "comebacks": _rate(r, "comeback"),
                     "winner led for good (share of game)":
                         f"{100 * r.get('winner_led_share', np.nan):.0f}% "
                         f"[{100 * r.get('winner_led_lo', np.nan):.0f}, "
                         f"{100 * r.get('winner_led_hi', np.nan):.0f}]",
                     "criteria met": f"{int(r['criteria_met'])}/3"})
    text += [_md_table(pd.DataFrame(rows)), ""]
    if crn:
        text += ["## Common random numbers", "",
                 "Each block of P games replays one board and one dice stream with the first "
                 "turn rotated, so every strategy moves first once on the same luck. The "
                 "first player's win rate below uses the block means; 'variance reduction' is "
                 "how many times more independent games the same precision would need.", "",
                 "| players | " + x + " | P(first player wins) | 95% CI (blocks) | "
                 "variance reduction |", "|---|---|---|---|---|"]
        for _, r in judged.sort_values(["players", x]).iterrows():
            half = 1.96 * r["first_win_se_crn"]
            label = r[x] if has_x else "-"
            text.append(f"| {r['players']} | {label} | {100 * r['first_win_rate']:.1f}% | "
                        f"[{100 * (r['first_win_rate'] - half):.1f}, "
                        f"{100 * (r['first_win_rate'] + half):.1f}] | "
                        f"x{r['variance_reduction']:.2f} |")
        text.append("")
    text += _holder_section(pd.concat(holder_rows, ignore_index=True), strat_pooled, alpha,
                            words["asset"])
    if has_x and summary[x].nunique() == 2:
        text += _effect_section(summary, strat_point, x, alpha)
    text += ["## Strategies", "",
             "Win rate per seat played, all swept values pooled (95% Wilson interval); "
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
                 "seat's rate: the scripted field has a dominant plan, a balance problem to "
                 "look at before trusting seat figures.", ""]
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
                 f"{100 * target:g} points, with at most {manifest['max_games']:,} games a "
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
             "points, of any turn position's 95% interval from the fair share. The chi-square "
             "p-value of equal shares is shown for reference. 'Comebacks' are decided games won "
             "by a player that was not leading on the victory score at mid-game; 'winner led "
             "for good' is the share of the game (from the round it took the lead for the last "
             "time) that the winner spent in front, a measure of decisiveness.",
             "- Raw data: games.parquet (one row per game and seat), summary.csv, strategies.csv.",
             ""]
    atomic.write_text(out / "report.md", "\n".join(text))
