"""Rifle & Gun's exchange report: what a unit quality is worth.

Reads points that vary quality_a/quality_b (die types) and soldiers_a (side A's team size)
against a fixed side B, per terrain density and scenario:
- the quality matrix: side A's score (win = 1, draw = 1/2) for every pairing at equal numbers;
- exchange rates: how many A soldiers per team match side B's team (score 1/2), linearly
  interpolated along the soldiers_a sweep, with an interval from where the score's interval
  bounds cross 1/2;
- a recommendation: is the die ladder monotone (each step up judged on the difference of the
  two scores with its own interval, never on whether two intervals overlap), and what points
  cost per soldier relative to the reference die.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure  # no pyplot: a library never switches the backend
from scipy import stats

from sim.analysis import html
from sim.core import atomic

DICE = ["d4", "d6", "d8", "d10", "d12"]


def point_scores(load, manifest: dict, alpha: float) -> pd.DataFrame:
    """One row per point: its rules of interest and side A's score with a CI."""
    z = stats.norm.ppf(1 - alpha / 2)
    rows = []
    for p in manifest["points"]:
        t = load(p["index"])
        a = t[t["seat"] == 0]
        score = a["won"].astype(float) + 0.5 * (a["winner_seat"] < 0).astype(float)
        n = len(score)
        m = float(score.mean())
        se = float(score.std(ddof=1) / np.sqrt(n)) if n > 1 else float("nan")
        r = p["rules"]
        first = t[t["order"] == 0]  # the side with the initiative on turn 1
        init = first["won"].astype(float) + 0.5 * (first["winner_seat"] < 0).astype(float)
        kit = {k: r.get(k) for k in ("saw_a", "saw_b", "marksman_a", "marksman_b",
                                     "grenadier_a", "grenadier_b")}
        rows.append(kit | {"init_score_sum": float(init.sum()), "init_n": len(init),
                           "init_sq_sum": float((init ** 2).sum())})
        rows[-1].update({"point": p["index"], "density": r["density"], "scenario": r["scenario"],
                     # per-team dice (team_quality_*) label the side by its list of dice
                     "quality_a": r.get("team_quality_a") or r["quality_a"],
                     "quality_b": r.get("team_quality_b") or r["quality_b"],
                     "soldiers_a": r["soldiers_a"], "soldiers_b": r["soldiers_b"], "games": n,
                     "score": m, "se": se, "lo": m - z * se, "hi": m + z * se,
                     "a_wins": int(a["won"].sum()), "draws": int((a["winner_seat"] < 0).sum()),
                     "turns_mean": float(a["rounds"].mean())})
    return pd.DataFrame(rows)


def _cross(xs, ys):
    """First x where the piecewise-linear curve reaches 1/2 going up; nan if it never does,
    -inf if it starts at or above 1/2."""
    if ys[0] >= 0.5:
        return -np.inf
    for i in range(1, len(xs)):
        if ys[i] >= 0.5:
            x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
            return x0 + (0.5 - y0) * (x1 - x0) / (y1 - y0) if y1 != y0 else x1
    return np.nan


def exchange_rates(scores: pd.DataFrame) -> pd.DataFrame:
    rows = []
    keys = ["density", "scenario", "quality_a", "quality_b", "soldiers_b"]
    same = ((scores["saw_a"] == scores["saw_b"]) & (scores["marksman_a"] == scores["marksman_b"])
            & (scores["grenadier_a"] == scores["grenadier_b"]))
    for key, g in scores[same].groupby(keys):
        if g["soldiers_a"].nunique() < 3:
            continue
        g = g.sort_values("soldiers_a")
        xs = g["soldiers_a"].to_numpy(float)
        be = _cross(xs, g["score"].to_numpy())
        lo = _cross(xs, g["hi"].to_numpy())  # optimistic curve crosses first
        hi = _cross(xs, g["lo"].to_numpy())
        rows.append(dict(zip(keys, key, strict=True)) | {"break_even": be, "be_lo": lo,
                                                          "be_hi": hi,
                                                          "worth": key[4] / be if be > 0 else np.nan})
    return pd.DataFrame(rows)


GAIN, FLAT, WORSE = "gain", "no measurable gain", "worse"
_STEP_MARK = {GAIN: "+", FLAT: "=", WORSE: "-"}


def ladder_steps(ref: pd.DataFrame, z: float) -> list[dict]:
    """Each step up the die ladder among the dice in ``ref`` (indexed by side A's die, with
    columns score and se, the points' games independent): from, to, the score difference
    ``diff`` = score(to) - score(from) and its interval ``diff +/- z * sqrt(se_from^2 +
    se_to^2)`` (lo, hi), and a verdict on the difference itself: a gain when the interval is
    above zero, worse when it is entirely below, no measurable gain when it holds zero."""
    order = [d for d in DICE if d in ref.index]
    out = []
    for lo_d, hi_d in zip(order, order[1:], strict=False):
        a, b = ref.loc[lo_d], ref.loc[hi_d]
        diff = float(b["score"] - a["score"])
        half = z * float(np.hypot(a["se"], b["se"]))
        lo, hi = diff - half, diff + half
        verdict = WORSE if hi < 0 else GAIN if lo > 0 else FLAT
        out.append({"from": lo_d, "to": hi_d, "diff": diff, "lo": lo, "hi": hi,
                    "verdict": verdict})
    return out


def _fmt_be(r) -> str:
    def f(v):
        return "<" + f"{r['soldiers_a_min']:g}" if v == -np.inf else ("n/a" if np.isnan(v)
                                                                        else f"{v:.2f}")
    return f"{f(r['break_even'])} [{f(r['be_lo'])}, {f(r['be_hi'])}]"


def write(out: Path, load, manifest: dict, wording=None) -> None:
    """Write summary.csv (one row per point: side A's score, its standard error and
    interval), exchange.csv, plots/*.png, report.md and report.html into ``out``."""
    out = Path(out)
    alpha = manifest["report"]["alpha"]
    ci = f"{100 * (1 - alpha):g}%"
    z = float(stats.norm.ppf(1 - alpha / 2))
    scores = point_scores(load, manifest, alpha)
    atomic.write_csv(out / "summary.csv", scores)
    plots = out / "plots"
    text = [f"# {manifest['experiment']}: exchange report", ""]
    if manifest.get("question"):
        text += [f"**Question.** {manifest['question']}", ""]
    text += [f"**Set-up.** Game `{manifest['game']}` (rules {manifest['rules_version']}), seed "
             f"{manifest['seed']}, {len(scores)} points x {manifest['games_per_point']} games "
             f"= {int(scores['games'].sum()):,} games; commanders drawn from "
             f"{', '.join(manifest['pool'])} (every commander on both sides equally often). "
             f"Score = side A's wins + half its draws, per game; intervals are {ci}.", ""]
    same = ((scores["saw_a"] == scores["saw_b"]) & (scores["marksman_a"] == scores["marksman_b"])
            & (scores["grenadier_a"] == scores["grenadier_b"]))
    equal = scores[(scores["soldiers_a"] == scores["soldiers_b"]) & same]
    contexts = sorted(set(zip(scores["density"], scores["scenario"], strict=True)))
    # quality matrices
    if equal["quality_a"].nunique() > 1:
        text += ["## Quality matrix (equal numbers)", "",
                 "Side A's score against side B, rows = A's die, columns = B's die.", ""]
        fig = Figure(figsize=(4.2 * len(contexts), 3.8))
        axes = fig.subplots(1, len(contexts), squeeze=False)
        for ax, (dens, scen) in zip(axes[0], contexts, strict=True):
            g = equal[(equal["density"] == dens) & (equal["scenario"] == scen)]
            qa = [d for d in DICE if d in set(g["quality_a"])]
            qb = [d for d in DICE if d in set(g["quality_b"])]
            mat = np.full((len(qa), len(qb)), np.nan)
            text += [f"**{scen}, {dens} terrain**", "", "| A \\ B | " + " | ".join(qb) + " |",
                     "|---|" + "---|" * len(qb)]
            for i, a in enumerate(qa):
                cells = []
                for j, b in enumerate(qb):
                    r = g[(g["quality_a"] == a) & (g["quality_b"] == b)]
                    if r.empty:
                        cells.append("-")
                        continue
                    r = r.iloc[0]
                    mat[i, j] = r["score"]
                    cells.append(f"{100 * r['score']:.0f}% [{100 * r['lo']:.0f}, "
                                 f"{100 * r['hi']:.0f}]")
                text.append(f"| {a} | " + " | ".join(cells) + " |")
            text.append("")
            im = ax.imshow(100 * mat, cmap="RdBu", vmin=0, vmax=100)
            ax.set_xticks(range(len(qb)), qb)
            ax.set_yticks(range(len(qa)), qa)
            ax.set_xlabel("side B's die")
            ax.set_ylabel("side A's die")
            ax.set_title(f"{scen}, {dens}", fontsize=9)
            for i in range(len(qa)):
                for j in range(len(qb)):
                    if not np.isnan(mat[i, j]):
                        ax.text(j, i, f"{100 * mat[i, j]:.0f}", ha="center", va="center",
                                fontsize=8)
        fig.colorbar(im, ax=axes[0].tolist(), label="side A's score (%)")
        fig.suptitle("Quality matrix at equal numbers", y=1.02)
        atomic.write_figure(plots / "quality_matrix.png", fig)
    # exchange rates
    ex = exchange_rates(scores)
    mins = scores.groupby(["density", "scenario", "quality_a", "quality_b"])["soldiers_a"].min()
    if not ex.empty:
        ex["soldiers_a_min"] = [mins[(r.density, r.scenario, r.quality_a, r.quality_b)]
                                for r in ex.itertuples()]
        atomic.write_csv(out / "exchange.csv", ex)
        text += ["## Exchange rates", "",
                 "Soldiers per team of A's die that match a team of B's die (score 1/2), "
                 f"interpolated, with the interval where the score's {ci} bounds cross 1/2; "
                 "'worth' = B's team size / break-even = one A soldier in B soldiers.", "",
                 "| scenario | terrain | A's die | B's team | break-even A soldiers | worth |",
                 "|---|---|---|---|---|---|"]
        for _, r in ex.sort_values(["scenario", "density", "quality_a"]).iterrows():
            text.append(f"| {r['scenario']} | {r['density']} | {r['quality_a']} | "
                        f"{r['soldiers_b']} {r['quality_b']} | {_fmt_be(r)} | "
                        f"{r['worth']:.2f} |")
        text.append("")
        fig = Figure(figsize=(4.2 * len(contexts), 3.6))
        axes = fig.subplots(1, len(contexts), squeeze=False, sharey=True)
        for ax, (dens, scen) in zip(axes[0], contexts, strict=True):
            g = scores[(scores["density"] == dens) & (scores["scenario"] == scen)]
            for (qa, qb), c in g.groupby(["quality_a", "quality_b"]):
                if c["soldiers_a"].nunique() < 3:
                    continue
                c = c.sort_values("soldiers_a")
                line = ax.plot(c["soldiers_a"], 100 * c["score"], marker="o",
                               label=f"{qa} vs {c['soldiers_b'].iloc[0]} {qb}")[0]
                ax.fill_between(c["soldiers_a"], 100 * c["lo"], 100 * c["hi"], alpha=0.2,
                                color=line.get_color())
            ax.axhline(50, color="black", lw=0.8, ls="--")
            ax.set_xlabel("side A soldiers per team")
            ax.set_title(f"{scen}, {dens}", fontsize=9)
            ax.legend(fontsize=7)
        axes[0][0].set_ylabel(f"side A's score (%), {ci} CI")
        fig.suptitle("Exchange rates: how many soldiers match the other side", y=1.02)
        atomic.write_figure(plots / "exchange.png", fig)
    # what the first turn's initiative and each piece of kit are worth
    same_kit = ((scores["saw_a"] == scores["saw_b"]) & (scores["marksman_a"] == scores["marksman_b"])
                & (scores["grenadier_a"] == scores["grenadier_b"]))
    mirror = scores[same_kit & (scores["quality_a"] == scores["quality_b"])
                    & (scores["soldiers_a"] == scores["soldiers_b"])]
    if not mirror.empty:
        text += ["## The first turn's initiative", "",
                 "Score of the side that had the initiative on turn 1, in mirror matches (same "
                 "die, numbers and kit on both sides), pooled over dice.", "",
                 "| scenario | terrain | games | score of the first mover |", "|---|---|---|---|"]
        for (scen, dens), g in mirror.groupby(["scenario", "density"]):
            n = g["init_n"].sum()
            m = g["init_score_sum"].sum() / n
            sd = np.sqrt(max(g["init_sq_sum"].sum() / n - m * m, 0) / n)
            text.append(f"| {scen} | {dens} | {int(n):,} | {100 * m:.1f}% [{100 * (m - z * sd):.1f}, "
                        f"{100 * (m + z * sd):.1f}] |")
        text.append("")
    kit_rows = scores[~same_kit & (scores["quality_a"] == scores["quality_b"])
                      & (scores["soldiers_a"] == scores["soldiers_b"])]
    if not kit_rows.empty:
        text += ["## What the kit is worth", "",
                 "Side A with one change of kit against an otherwise identical side B; 'as "
                 "soldiers' reads the score off the same-die team-size curve (extra soldiers "
                 "per team that give the same score).", "",
                 "| scenario | terrain | side A's kit change | score | as soldiers |",
                 "|---|---|---|---|---|"]
        for _, r in kit_rows.sort_values(["scenario", "density"]).iterrows():
            change = ", ".join(f"{k[:-2]} {'on' if r[k] else 'off'}"
                               for k in ("saw_a", "marksman_a", "grenadier_a")
                               if r[k] != r[k[:-1] + "b"])
            curve = scores[same_kit & (scores["quality_a"] == r["quality_a"])
                           & (scores["quality_b"] == r["quality_b"])
                           & (scores["density"] == r["density"])
                           & (scores["scenario"] == r["scenario"])].sort_values("soldiers_a")
            worth = "n/a"
            if curve["soldiers_a"].nunique() >= 3:
                xs, ys = curve["soldiers_a"].to_numpy(float), curve["score"].to_numpy()
                if ys[0] <= r["score"] <= ys[-1]:
                    s_eq = float(np.interp(r["score"], np.maximum.accumulate(ys), xs))
                    worth = f"{s_eq - r['soldiers_b']:+.2f}"
            text.append(f"| {r['scenario']} | {r['density']} | {change} | "
                        f"{100 * r['score']:.0f}% [{100 * r['lo']:.0f}, {100 * r['hi']:.0f}] | "
                        f"{worth} |")
        text.append("")
    # recommendation
    steps = {(dens, scen): ladder_steps(
        equal[(equal["density"] == dens) & (equal["scenario"] == scen)
              & (equal["quality_b"] == "d8")].set_index("quality_a"), z)
        for dens, scen in contexts}
    names = list(dict.fromkeys(f"{s['from']}->{s['to']}" for st in steps.values() for s in st))
    if names:
        text += ["## Steps up the die ladder", "",
                 "Against d8 at equal numbers: the change in side A's score from one die to the "
                 f"next, with the {ci} interval of the difference itself (normal approximation, "
                 "both scores' standard errors). A step is a gain when that interval is above "
                 "zero, 'worse' when it is entirely below, and no measurable gain when it holds "
                 "zero (two scores' intervals overlapping does not mean no difference).", "",
                 "| scenario | terrain | " + " | ".join(names) + " |",
                 "|---|---|" + "---|" * len(names)]
        for (dens, scen), st in sorted(steps.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            by = {f"{s['from']}->{s['to']}": s for s in st}
            cells = [f"{100 * by[n]['diff']:+.1f} [{100 * by[n]['lo']:+.1f}, "
                     f"{100 * by[n]['hi']:+.1f}] {_STEP_MARK[by[n]['verdict']]}"
                     if n in by else "-" for n in names]
            text.append(f"| {scen} | {dens} | " + " | ".join(cells) + " |")
        text += ["", "Points of score; + gain, = no measurable gain, - worse.", ""]
    text += ["## Recommendation", ""]
    ladder_ok, tested = True, 0
    for dens, scen in contexts:
        g = equal[(equal["density"] == dens) & (equal["scenario"] == scen)]
        ref = g[g["quality_b"] == "d8"].set_index("quality_a")
        order = [d for d in DICE if d in ref.index]
        if len(order) < 2:
            text.append(f"- {scen}, {dens}: fewer than two dice played against d8 at equal "
                        "numbers: no ladder to judge.")
            continue
        tested += 1
        st = steps[(dens, scen)]
        worse = [f"{s['to']} below {s['from']}" for s in st if s["verdict"] == WORSE]
        flat = [f"{s['from']}->{s['to']}" for s in st if s["verdict"] == FLAT]
        ladder_ok &= not worse
        verdict = ("a ladder" if not worse else "NOT a ladder: " + ", ".join(worse))
        if flat:
            verdict += f"; no measurable gain for {', '.join(flat)} at this sample size"
        text.append(f"- {scen}, {dens}: against d8, " + ", ".join(
            f"{d} scores {100 * ref.loc[d, 'score']:.0f}%" for d in order) + f" ({verdict}).")
    if not ex.empty:
        worth = ex.groupby("quality_a")["worth"].mean()
        costs = ", ".join(f"{d} {worth[d]:.2f}" for d in DICE if d in worth.index)
        text += ["", f"Suggested points per soldier, relative to a d8 regular = 1.00 (mean over "
                 f"terrains and scenarios of the break-even 'worth'): {costs}."]
    text += ["", "The die types " + (
        "were not tested as a ladder (no dice against d8 at equal numbers)." if not tested
        else "form a sensible ladder everywhere tested." if ladder_ok
        else "do not form a clean ladder everywhere: see above."), "", "## Plots", "",
             "![matrix](plots/quality_matrix.png)", "", "![exchange](plots/exchange.png)", "",
             "## Caveats", "",
             "- Scores describe these scripted commanders; draws count half.",
             "- Exchange rates are interpolated between swept team sizes; 'n/a' means the "
             "score never reached 1/2 in the swept range.", ""]
    html.write_report(out, text)
