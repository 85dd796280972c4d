"""Westamunda's weapons-and-builds report (``[report] kind = "weapons"``): what a weapon, a
build and a gang type are worth in a fight, and whether the shooting modes and the ammunition
rules do what the text means them to.

Reads points that vary side A's gang (``swap_a``, ``build_a``, ``gang_a``) against a fixed side
B, per table (``table_setting``, ``terrain_density``), and the rules switches of interest
(``ammo_on``):
- score: side A's wins + half its draws, per fight; the interval is clustered by table (fights
  on one generated table share its luck, so fights are not independent draws);
- weapons: each swap's score change against the even fight (the mirror match is even by
  construction: same gangs, gunfighters on both sides equally often, every table fought from
  both ends), its cost change, and its value against the field: score per dollar is fitted
  across the swapped weapons (weighted least squares through the origin), and a weapon's price
  is "off" by what its residual is worth in dollars at that rate, per fighter who got it;
- builds and gang types: the matrix of side A's score, with each side's cost;
- shooting modes: per to-hit roll, how often aimed, snap and sustained-fire (fanned or blazed)
  shots hit, and the gunfighters head to head;
- ammunition: the same fights with ammo rolls, jams and reloads off (``ammo_on = false``);
- specialist skills: points whose sides differ only in the specialist's skill (``skill_a`` against
  ``skill_b = "none"``), each scored against the even fight, with the skill's own counts;
- hired fighters: points whose side A takes on hired fighters (``hire_a``) and side B none,
  the build spending what the fees leave: the score change against the even fight, the fee,
  and what the change is worth at the weapons' field rate;
- horses: points whose side A rides (``mounted_a``: its build buys a horse and saddle for each
  fighter, so fewer fighters) and side B, the same build and gang, fights on foot: the score
  change against the even fight, each side's fighters, and the horse rules' own counts;
- spare cylinders: points whose side A buys spare pre-loaded cylinders or tubes (``spares_a``)
  and side B, otherwise the same gang, none: the score change, the cost change, what the change
  is worth at the weapons' field rate, and the spares fitted and dry turns a fight;
- duck backs: mirror matches played with the text's optional duck-back rule (``duck_backs``)
  against the same matches without it: duck backs, pins, to-hit rolls and rounds a fight, and
  each gunfighter's score with and without the rule.
- handguns in hand-to-hand: points played with ``pistols_in_melee`` off against the same points
  with it on: side A's score, gun blows and hand-to-hand rounds a fight.
- ropes and riding skills: points whose side A has a riding skill (``riding_skill_a``) and side
  B none: the score change against the even fight and the ropes' and horses' own counts.
- dynamite: points whose side A carries sticks (``dynamite_a``) and side B none: the score
  change and the lighting, throwing and blast counts.
- sabres and lances: points whose side A swaps in its gang type's own hand weapon (a weapon with
  flag ``parry`` or ``charge_strength``) and side B does not, both sides of one build, gang and
  mount, per ``lance_hand`` reading: the score change, parries and lance charge blows a fight.
  The weapon table leaves out swaps made on horseback or under a non-default ``lance_hand``.
Every other section reads only points whose two specialists pick alike, whose sides hire alike,
ride alike, buy spares alike and have the same riding skill, under the default duck-back
setting.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure  # no pyplot: a library never switches the backend
from scipy import stats

from sim.analysis import html
from sim.analysis.stats import wilson
from sim.core import atomic
from sim.westamunda.rules import WEAPONS, WMRules

_KEYS = ("gang_a", "gang_b", "build_a", "build_b", "swap_a", "swap_b", "skill_a", "skill_b",
         "hire_a", "hire_b", "mounted_a", "mounted_b", "spares_a", "spares_b", "table_setting",
         "terrain_density", "ammo_on", "duck_backs", "mounted_long_gun", "cylinder_fit",
         "riding_skill_a", "riding_skill_b")


_DEFAULTS = WMRules()
DEFAULT_AMMO_ON = _DEFAULTS.ammo_on  # the text's: an ammo roll on a natural 6
_HAND_WEAPONS = tuple(w for w in WEAPONS if _DEFAULTS.has_flag(w, "parry")
                      or _DEFAULTS.has_flag(w, "charge_strength"))  # the sabre, the lance


def _ammo(v) -> str:
    return "no ammo rolls" if v > 6 else f"ammo rolls on a natural {v}+"


def _score(t: pd.DataFrame) -> pd.Series:
    a = t[t["seat"] == 0]
    return a["won"].astype(float) + 0.5 * (a["winner_seat"] < 0).astype(float)


def clustered(x: np.ndarray, cluster: np.ndarray) -> tuple[float, float]:
    """Mean of ``x`` and its standard error clustered by ``cluster`` (the sandwich estimator
    with the small-sample factor C / (C - 1)); nan where it cannot be estimated."""
    x = np.asarray(x, dtype=float)
    n = len(x)
    if n < 2:
        return (float(x.mean()) if n else float("nan")), float("nan")
    m = float(x.mean())
    sums = pd.Series(x - m).groupby(np.asarray(cluster)).sum().to_numpy()
    c = len(sums)
    if c < 2:
        return m, float(x.std(ddof=1) / np.sqrt(n))
    return m, float(np.sqrt((sums ** 2).sum() * c / (c - 1)) / n)


def point_scores(load, manifest: dict, alpha: float) -> pd.DataFrame:
    """One row per point: the rules of interest, side A's score with a clustered CI, each
    side's cost, and the shooting counts summed over both sides."""
    z = stats.norm.ppf(1 - alpha / 2)
    rows = []
    for p in manifest["points"]:
        t = load(p["index"])
        a = t[t["seat"] == 0]
        score = _score(t).to_numpy()
        m, se = clustered(score, a["map"].to_numpy())
        r = p["rules"]
        row = {k: r.get(k) for k in _KEYS}
        row["mounted_a"] = bool(r.get("mounted_a", False))
        row["mounted_b"] = bool(r.get("mounted_b", False))
        row["spares_a"] = int(r.get("spares_a", 0))
        row["spares_b"] = int(r.get("spares_b", 0))
        row["dynamite_a"] = int(r.get("dynamite_a", 0))
        row["dynamite_b"] = int(r.get("dynamite_b", 0))
        row["duck_backs"] = bool(r.get("duck_backs", False))
        for key in ("riding_skill_a", "riding_skill_b"):
            row[key] = r.get(key, "none")
        row["pistols_in_melee"] = bool(r.get("pistols_in_melee", _DEFAULTS.pistols_in_melee))
        # a point whose gangs could be fielded at set-up (not a rare or large-handgun what-if)
        row["setup"] = (r.get("setup_max_rarity", _DEFAULTS.setup_max_rarity)
                        == _DEFAULTS.setup_max_rarity and
                        r.get("setup_handgun_rule", _DEFAULTS.setup_handgun_rule)
                        == _DEFAULTS.setup_handgun_rule)
        for key in ("mounted_long_gun", "cylinder_fit", "light_takes_turn", "unthrown_fuse",
                    "dynamite_bundle", "lance_hand"):  # readings a grid may vary
            row[key] = r.get(key, getattr(_DEFAULTS, key))
        row.update({"point": p["index"], "games": len(score), "score": m, "se": se,
                    "lo": m - z * se, "hi": m + z * se,
                    "draws": float((a["winner_seat"] < 0).mean()),
                    "rounds_mean": float(a["rounds"].mean()),
                    "cost_a": int(a["cost"].iloc[0]),
                    "cost_b": int(t[t["seat"] == 1]["cost"].iloc[0])})
        for col in ("shots", "hits", "aimed_shots", "aimed_hits", "snap_shots", "snap_hits",
                    "fan_shots", "fan_hits", "overwatch_shots", "quick_draws_tried",
                    "quick_draws_won", "jams", "reloads", "dry_turns", "ammo_rolls",
                    "horse_hits", "horses_lost", "falls", "bolts", "runaways", "dismounts",
                    "horses_calmed", "cylinders_fitted", "rounds_loaded", "ducks_caused",
                    "pins", "gun_blows", "melee_rounds", "throws", "entangled",
                    "untangle_tries", "untangled", "tangled_actions", "lassos_lost",
                    "dynamite_lit", "light_fails", "dynamite_thrown", "dynamite_duds",
                    "fuses_burnt", "dynamite_hits", "dynamite_own_hits", "parries",
                    "parries_turned", "lance_charge_blows"):
            row[col] = int(t[col].sum()) if col in t else 0
        row["fighters_a"] = int(a["fighters_start"].iloc[0])
        row["fighters_b"] = int(t[t["seat"] == 1]["fighters_start"].iloc[0])
        row["skill_events"] = _skill_events(a, r.get("skill_a"))
        rows.append(row)
    return pd.DataFrame(rows)


_SKILL_COLUMN = {"gunfighter": "off_hand_shots", "hip_shooting": "hip_shots",
                 "dodge": "skill_saves", "step_aside": "skill_saves", "wrassler": "arm_locks",
                 "body_slam": "melee_rounds", "crushing_blow": "melee_rounds",
                 "iron_jaw": "melee_rounds"}


def _change(r, unit: str = "") -> str:
    """A point's score change from the even fight with its interval, in points of win rate:
    '+3.1 [-1.0, +7.2]' ('+3.1 points [...]' with unit ' points')."""
    return (f"{100 * (r['score'] - 0.5):+.1f}{unit} [{100 * (r['lo'] - 0.5):+.1f}, "
            f"{100 * (r['hi'] - 0.5):+.1f}]")


def _if_clear(recs: list, r, subject: str, whom: str) -> None:
    """Add '- {subject} wins/costs {whom} on the {table} table: {change}.' to ``recs`` when the
    point's interval clears even."""
    if r["lo"] > 0.5 or r["hi"] < 0.5:
        recs.append(f"- {subject} {'wins' if r['lo'] > 0.5 else 'costs'} {whom} on the "
                    f"{r['table_setting']} table: {_change(r, ' points')}.")


def _alike(df: pd.DataFrame, *keys: str) -> pd.Series:
    """Rows whose sides agree on every key (``<key>_a`` equal to ``<key>_b``)."""
    mask = pd.Series(True, index=df.index)
    for key in keys:
        mask &= df[f"{key}_a"] == df[f"{key}_b"]
    return mask


def _skill_events(a: pd.DataFrame, skill) -> int:
    """Side A's count of the events the skill shows in (its tidy column), -1 for a skill with
    none (marksman, nerves of steel: their events are in the trace only)."""
    col = _SKILL_COLUMN.get(skill)
    return int(a[col].sum()) if col in a else -1


def _fighters_changed(rules: dict, side: str) -> int:
    """Fighters of side ``side`` whose kit the swap changed."""
    from sim.core.params import build
    from sim.westamunda import builds

    wm = build(WMRules, rules, "manifest.json point rules", combination=False)
    base = builds.build(wm, rules[f"build_{side}"], rules[f"gang_{side}"],
                        mounted=getattr(wm, f"mounted_{side}"))
    swapped = builds.side_roster(wm, side)
    return sum(x != y for x, y in zip(base, swapped, strict=True))


def weapon_values(scores: pd.DataFrame, manifest: dict, z: float) -> tuple[pd.DataFrame, dict]:
    """One row per swapped weapon and context: score change against the even fight, cost
    change, value per $100, and the price correction at the field's rate; and the fitted
    rate {context: (score per $, its se)}."""
    for col, default in (("setup", True), ("pistols_in_melee", _DEFAULTS.pistols_in_melee),
                         ("lance_hand", _DEFAULTS.lance_hand), ("mounted_a", False)):
        if col not in scores:  # (a table from before wm-8: every point a set-up one)
            scores = scores.assign(**{col: default})
    swaps = scores[(scores["swap_a"] != "none") & (scores["swap_b"] == "none")
                   & (scores["build_a"] == scores["build_b"])
                   & (scores["gang_a"] == scores["gang_b"])
                   & (scores["pistols_in_melee"] == _DEFAULTS.pistols_in_melee)
                   & (scores["lance_hand"] == _DEFAULTS.lance_hand)
                   & ~scores["mounted_a"].astype(bool)]  # (riders' swaps: their own sections)
    if swaps.empty:
        return pd.DataFrame(), {}
    rules_of = {p["index"]: p["rules"] for p in manifest["points"]}
    ctx_cols = ["build_a", "gang_a", "table_setting", "terrain_density", "ammo_on"]
    out, rates = [], {}
    for ctx, g in swaps.groupby(ctx_cols, sort=True, dropna=False):
        d_score = g["score"].to_numpy() - 0.5
        d_cost = (g["cost_a"] - g["cost_b"]).to_numpy().astype(float)
        se = g["se"].to_numpy()
        # the field's rate is fitted on the weapons a gang may buy at set-up; a rare or large
        # handgun's what-if point is priced at that rate, not part of it, and so is a gang
        # type's own hand weapon (a held lance's score is its hand rule's, not its price's)
        ok = (d_cost != 0) & np.isfinite(se) & (se > 0) & g["setup"].to_numpy(dtype=bool) & \
            ~g["swap_a"].isin(_HAND_WEAPONS).to_numpy()
        if ok.sum() >= 2:
            wgt = 1.0 / se[ok] ** 2
            rate = float((wgt * d_cost[ok] * d_score[ok]).sum() / (wgt * d_cost[ok] ** 2).sum())
            rate_se = float(1.0 / np.sqrt((wgt * d_cost[ok] ** 2).sum()))
        else:
            rate, rate_se = float("nan"), float("nan")
        rates[ctx] = (rate, rate_se)
        usable = np.isfinite(rate) and rate - z * rate_se > 0  # the field's prices track value
        for (_, r), ds, dc in zip(g.iterrows(), d_score, d_cost, strict=True):
            n_f = _fighters_changed(rules_of[r["point"]], "a")
            # the score change the field's rate expects for this cost change, and the rest
            resid = ds - rate * dc
            resid_se = float(np.hypot(r["se"], dc * rate_se))
            off = resid / rate / n_f if usable and n_f else float("nan")
            name = r["swap_a"] if r["setup"] else f"{r['swap_a']} *"
            out.append({**dict(zip(ctx_cols, ctx, strict=True)), "weapon": name,
                        "fighters": n_f, "d_cost": dc, "d_score": ds, "lo": ds - z * r["se"],
                        "hi": ds + z * r["se"], "games": r["games"],
                        "worth": ds / rate if usable else float("nan"),
                        "residual": resid, "residual_se": resid_se,
                        "off_significant": bool(usable and abs(resid) > z * resid_se),
                        "price_off_each": off})
    return pd.DataFrame(out), rates


def _verdict(r, rate_ok: bool) -> str:
    if not rate_ok:
        return "-"
    if not r["off_significant"]:
        return "in line with the field"
    off = r["price_off_each"]
    return f"{'under' if off > 0 else 'over'}priced by about ${abs(off):.0f} a fighter"


def _md(df: pd.DataFrame) -> list[str]:
    cols = list(df.columns)
    lines = ["| " + " | ".join(map(str, cols)) + " |", "|" + "---|" * len(cols)]
    for _, r in df.iterrows():
        lines.append("| " + " | ".join(str(r[c]) for c in cols) + " |")
    return lines


def _rate_text(k: int, n: int, alpha: float) -> str:
    if n == 0:
        return "-"
    p, lo, hi = wilson(k, n, alpha)
    return f"{100 * p:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] of {n:,}"


def _strategy_matrix(load, manifest: dict, points: list[int], z: float) -> pd.DataFrame:
    """Score of the row gunfighter against the column one, pooled over ``points``."""
    frames = []
    for i in points:
        t = load(i)
        a, b = t[t["seat"] == 0].reset_index(drop=True), t[t["seat"] == 1].reset_index(drop=True)
        s = a["won"].astype(float) + 0.5 * (a["winner_seat"] < 0).astype(float)
        sa, sb = a["strategy"].astype(str), b["strategy"].astype(str)
        frames.append(pd.DataFrame({"row": sa, "col": sb, "score": s}))
        frames.append(pd.DataFrame({"row": sb, "col": sa, "score": 1 - s}))
    if not frames:
        return pd.DataFrame()
    f = pd.concat(frames, ignore_index=True)
    g = f.groupby(["row", "col"])["score"].agg(["mean", "std", "count"]).reset_index()
    g["half"] = z * g["std"] / np.sqrt(g["count"])
    return g


def write(out: Path, load, manifest: dict, wording=None) -> None:
    """Write summary.csv (one row per point), weapons.csv, plots/*.png, report.md and
    report.html into ``out``."""
    out = Path(out)
    alpha = manifest["report"]["alpha"]
    ci = f"{100 * (1 - alpha):g}%"
    z = float(stats.norm.ppf(1 - alpha / 2))
    scores = point_scores(load, manifest, alpha)
    atomic.write_csv(out / "summary.csv", scores)
    every = scores
    default_ducks = WMRules().duck_backs
    ducked = scores[scores["duck_backs"] != default_ducks]
    plain = scores[scores["duck_backs"] == default_ducks]
    scores = plain
    blasted = scores[scores["dynamite_a"] != scores["dynamite_b"]]
    scores = scores[scores["dynamite_a"] == scores["dynamite_b"]]
    roped = scores[scores["riding_skill_a"] != scores["riding_skill_b"]]
    scores = scores[scores["riding_skill_a"] == scores["riding_skill_b"]]
    spared = scores[scores["spares_a"] != scores["spares_b"]]
    scores = scores[scores["spares_a"] == scores["spares_b"]]
    rides = scores[scores["mounted_a"] != scores["mounted_b"]]
    scores = scores[scores["mounted_a"] == scores["mounted_b"]]
    hires = scores[scores["hire_a"] != scores["hire_b"]]
    scores = scores[scores["hire_a"] == scores["hire_b"]]
    skilled = scores[scores["skill_a"] != scores["skill_b"]]
    scores = scores[scores["skill_a"] == scores["skill_b"]]
    plots = out / "plots"
    text = [f"# {manifest['experiment']}: weapons and builds", ""]
    if manifest.get("question"):
        text += [f"**Question.** {manifest['question']}", ""]
    text += [f"**Set-up.** Game `{manifest['game']}` (rules {manifest['rules_version']}), seed "
             f"{manifest['seed']}, {len(every)} points x {manifest['games_per_point']} fights "
             f"= {int(every['games'].sum()):,} fights; gunfighters drawn from "
             f"{', '.join(manifest['pool'])} (each on both sides equally often). Score = side "
             f"A's wins + half its draws, per fight; intervals are {ci}, clustered by table "
             "(fights on one generated table share its luck).", ""]
    recs = []

    # ---- weapons
    values, rates = weapon_values(scores, manifest, z)
    if not values.empty:
        atomic.write_csv(out / "weapons.csv", values)
        text += ["## What a weapon is worth", "",
                 "Side A is the reference gang with one weapon swapped in (a handgun for each "
                 "fighter's first handgun, a long gun for each long gun, a hand weapon added to "
                 "every fighter); side B is the reference gang. The mirror match is even by "
                 "construction, so the score change is measured from 1/2. The field's rate "
                 "(score per dollar) is fitted across the swaps of weapons a gang may buy at "
                 "set-up (weighted least squares through the origin); a weapon marked * is "
                 "not for set-up (rare, or a large handgun: a campaign's gun or a designer's "
                 "what-if) and is priced at that rate without entering it, as is a gang "
                 "type's own hand weapon (the sabre, the lance: a held lance's score is its "
                 "hand rule's, see the sabre and lance section). A swap is worth "
                 "the dollars its score change buys at "
                 "that rate, and a weapon's price is called off only where its score change "
                 f"differs from what the rate expects for its cost change beyond the {ci} "
                 "interval of the difference (the rate's own uncertainty included); the amount "
                 "is per fighter who got it.", ""]
        for ctx, g in values.groupby(["build_a", "gang_a", "table_setting", "terrain_density",
                                      "ammo_on"], sort=True, dropna=False):
            rate, rate_se = rates.get(ctx, (float("nan"), float("nan")))
            ok = np.isfinite(rate) and rate - z * rate_se > 0
            label = (f"{ctx[0]} {ctx[1].replace('_', ' ')} gang, {ctx[2]} table, {ctx[3]} "
                     "cover" + ("" if ctx[4] == DEFAULT_AMMO_ON else f", {_ammo(ctx[4])}"))
            text += [f"**{label}.** Field rate: "
                     + (f"{100 * rate * 100:+.2f} score points per $100 (± "
                        f"{100 * z * rate_se * 100:.2f})" if np.isfinite(rate) else "not fitted")
                     + ("" if ok else ": the prices do not track what the weapons are worth "
                        "here, so no price correction is given") + ".", ""]
            g = g.sort_values("d_score", ascending=False)
            table = pd.DataFrame({
                "weapon": g["weapon"], "fighters": g["fighters"],
                "cost change": [f"${v:+.0f}" for v in g["d_cost"]],
                f"score change ({ci})": [f"{100 * d:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}]"
                                         for d, lo, hi in zip(g["d_score"], g["lo"], g["hi"],
                                                              strict=True)],
                "worth at the field's rate": [f"${v:+.0f}" if np.isfinite(v) else "-"
                                              for v in g["worth"]],
                "price": [_verdict(r, ok) for _, r in g.iterrows()]})
            text += _md(table) + [""]
            if ok:
                off = g[g["off_significant"]]
                off = off.reindex(off["price_off_each"].abs().sort_values(ascending=False).index)
                for _, r in off.head(3).iterrows():
                    recs.append(f"- {label}: `{r['weapon']}` is "
                                f"{'under' if r['price_off_each'] > 0 else 'over'}priced by "
                                f"about ${abs(r['price_off_each']):.0f} a fighter (score change "
                                f"{100 * r['d_score']:+.1f} points [{100 * r['lo']:+.1f}, "
                                f"{100 * r['hi']:+.1f}] for ${r['d_cost']:+.0f}).")
            plots.mkdir(parents=True, exist_ok=True)
            fig = Figure(figsize=(7, 0.35 * len(g) + 1.5))
            ax = fig.subplots()
            y = np.arange(len(g))[::-1]
            ax.errorbar(100 * g["d_score"], y, xerr=[100 * (g["d_score"] - g["lo"]),
                                                      100 * (g["hi"] - g["d_score"])],
                        fmt="o", color="k", capsize=2)
            ax.axvline(0, color="grey", lw=0.8)
            ax.set_yticks(y, [f"{w} (${c:+.0f})" for w, c in zip(g["weapon"], g["d_cost"],
                                                                   strict=True)])
            ax.set_xlabel(f"side A's score change, points ({ci})")
            ax.set_title(label, fontsize=9)
            fig.tight_layout()
            name = "weapons_" + "_".join(str(c) for c in ctx) + ".png"
            fig.savefig(plots / name, dpi=100)
            text += [f"![weapons]({'plots/' + name})", ""]

    # ---- builds and gang types
    for key, title in (("build", "Builds"), ("gang", "Gang types")):
        other = "gang" if key == "build" else "build"
        g = scores[(scores["swap_a"] == "none") & (scores["swap_b"] == "none")
                   & (scores[f"{other}_a"] == scores[f"{other}_b"])]
        if not (g.groupby([f"{other}_a", "table_setting", "terrain_density"])[f"{key}_a"]
                .nunique() > 1).any():
            continue
        text += [f"## {title}", "", f"Side A's score ({ci}) against side B, rows = A's {key}, "
                 f"columns = B's; each {key}'s cost in brackets.", ""]
        for ctx, h in g.groupby([f"{other}_a", "table_setting", "terrain_density"], sort=True):
            off = h[h[f"{key}_a"] != h[f"{key}_b"]]  # labels met by another label
            ra = sorted(set(off[f"{key}_a"]) | set(off[f"{key}_b"]))
            cb = ra
            if len(ra) < 2:
                continue  # a mirror match alone: no matrix
            cost = {**dict(zip(h[f"{key}_a"], h["cost_a"], strict=True)),
                    **dict(zip(h[f"{key}_b"], h["cost_b"], strict=True))}
            text += [f"**{ctx[0].replace('_', ' ')}, {ctx[1]} table, {ctx[2]} cover** (a "
                     "cell in italics was not played: it is one minus its mirror cell's score, "
                     f"the two sides being alike but for the {key})", "",
                     "| A \\ B | " + " | ".join(f"{b} (${cost[b]})" for b in cb) + " |",
                     "|---|" + "---|" * len(cb)]
            best = []
            for a in ra:
                cells = []
                for b in cb:
                    r = h[(h[f"{key}_a"] == a) & (h[f"{key}_b"] == b)]
                    mirrored = False
                    if r.empty:
                        m = h[(h[f"{key}_a"] == b) & (h[f"{key}_b"] == a)]
                        if m.empty:
                            cells.append("-")
                            continue
                        m = m.iloc[0]
                        r = pd.Series({"score": 1 - m["score"], "lo": 1 - m["hi"],
                                       "hi": 1 - m["lo"]})
                        mirrored = True
                    else:
                        r = r.iloc[0]
                    cell = f"{100 * r['score']:.0f} [{100 * r['lo']:.0f}, {100 * r['hi']:.0f}]"
                    cells.append(f"*{cell}*" if mirrored else cell)
                    if a != b and r["lo"] > 0.5:
                        best.append((a, b, r))
                text.append(f"| {a} (${cost[a]}) | " + " | ".join(cells) + " |")
            text.append("")
            beats = {}
            for a, b, _ in best:
                beats.setdefault(a, []).append(b)
            for a in ra:
                rivals = [b for b in cb if b != a]
                if rivals and sorted(beats.get(a, [])) == sorted(rivals):
                    recs.append(f"- {title[:-1]} `{a}` beats every other {key} measured "
                                f"({ctx[0].replace('_', ' ')}, {ctx[1]} table, {ctx[2]} cover)"
                                " with its whole interval above 1/2.")

    # ---- shooting modes and gunfighters
    base = scores[(scores["swap_a"] == "none") & (scores["swap_b"] == "none")
                  & (scores["build_a"] == scores["build_b"])
                  & (scores["gang_a"] == scores["gang_b"])
                  & (scores["ammo_on"] == DEFAULT_AMMO_ON)]
    if not base.empty:
        tot = base.sum(numeric_only=True)
        text += ["## Shooting modes", "",
                 f"Per to-hit roll, over the {len(base)} mirror-match point(s) "
                 f"({int(base['games'].sum()):,} fights), both sides (Wilson {ci}):", "",
                 "| mode | hit rate |", "|---|---|",
                 f"| aimed | {_rate_text(int(tot['aimed_hits']), int(tot['aimed_shots']), alpha)} |",
                 f"| snap (moving or running; a snap burst counts here and below) | "
                 f"{_rate_text(int(tot['snap_hits']), int(tot['snap_shots']), alpha)} |",
                 f"| sustained fire (fanning, blazing away) | "
                 f"{_rate_text(int(tot['fan_hits']), int(tot['fan_shots']), alpha)} |",
                 f"| all to-hit rolls | {_rate_text(int(tot['hits']), int(tot['shots']), alpha)} |",
                 "", "Quick draws: " + _rate_text(int(tot["quick_draws_won"]),
                                                  int(tot["quick_draws_tried"]), alpha)
                 + " won by the mover. Overwatch to-hit rolls: "
                 f"{int(tot['overwatch_shots']):,} "
                 f"({tot['overwatch_shots'] / base['games'].sum():.2f} a fight).", ""]
        sm = _strategy_matrix(load, manifest, list(base["point"]), z)
        if not sm.empty:
            names = sorted(set(sm["row"]))
            text += ["**Gunfighters head to head** (row's score against column, pooled over "
                     f"the mirror-match points, ± {ci} half-width):", "",
                     "| row \\ column | " + " | ".join(names) + " |",
                     "|---|" + "---|" * len(names)]
            for a in names:
                cells = []
                for b in names:
                    r = sm[(sm["row"] == a) & (sm["col"] == b)]
                    cells.append("-" if r.empty or a == b else
                                 f"{100 * r['mean'].iloc[0]:.0f} ± {100 * r['half'].iloc[0]:.0f}")
                text.append(f"| {a} | " + " | ".join(cells) + " |")
            text.append("")

    # ---- specialist skills
    sk = skilled[(skilled["skill_b"] == "none") & (skilled["swap_a"] == skilled["swap_b"])
                 & (skilled["build_a"] == skilled["build_b"])
                 & (skilled["gang_a"] == skilled["gang_b"])]
    if not sk.empty:
        text += ["## Which skill should the specialist pick?", "",
                 "Side A's specialist takes the skill, side B's none; the gangs are otherwise "
                 "alike, so the fight is even without it and the score change is measured from "
                 f"1/2 ({ci}, clustered by table). The skill's own counts are side A's, a fight.",
                 ""]
        for ctx, g in sk.groupby(["build_a", "gang_a", "table_setting", "terrain_density"],
                                 sort=True):
            g = g.sort_values("score", ascending=False)
            text += [f"**{ctx[0]} {ctx[1].replace('_', ' ')} gangs, {ctx[2]} table, {ctx[3]} "
                     "cover.**", "",
                     f"| skill | score change ({ci}) | skill events a fight |", "|---|---|---|"]
            for _, r in g.iterrows():
                text.append(f"| {r['skill_a']} | {100 * (r['score'] - 0.5):+.1f} "
                            f"[{100 * (r['lo'] - 0.5):+.1f}, {100 * (r['hi'] - 0.5):+.1f}] | "
                            + (f"{r['skill_events'] / r['games']:.2f} |"
                               if r["skill_events"] >= 0 else "- |"))
                if r["lo"] > 0.5:
                    recs.append(f"- Skill `{r['skill_a']}` wins the {ctx[0]} gang "
                                f"{100 * (r['score'] - 0.5):+.1f} points [{100 * (r['lo'] - 0.5):+.1f}"
                                f", {100 * (r['hi'] - 0.5):+.1f}] over no skill.")
            text.append("")
        text += ["Skill events: off-hand shots (gunfighter), hip shots (hip shooting), saves "
                 "(dodge, step aside), arm locks (wrassler), hand-to-hand rounds (body slam, "
                 "crushing blow, iron jaw: the rounds it could matter in); marksman and nerves "
                 "of steel show in the trace only.", ""]

    # ---- hired fighters
    hi = hires[(hires["hire_b"] == "none") & _alike(hires, "swap", "build", "gang", "skill")]
    if not hi.empty:
        text += ["## Are hired fighters worth their fee?", "",
                 "Side A takes on the hired fighters (the build spends what their fees leave), "
                 "side B none; the score change is measured from 1/2 (the even fight without "
                 f"them; {ci}, clustered by table). 'Worth' converts the change to dollars at "
                 "the weapons' field rate of the same context, where one was fitted.", ""]
        for ctx, g in hi.groupby(["build_a", "gang_a", "table_setting", "terrain_density",
                                  "ammo_on"], sort=True, dropna=False):
            rate, rate_se = rates.get(ctx, (float("nan"), float("nan")))
            ok = np.isfinite(rate) and rate - z * rate_se > 0
            g = g.sort_values("score", ascending=False)
            text += [f"**{ctx[0]} {ctx[1].replace('_', ' ')} gang, {ctx[2]} table, {ctx[3]} "
                     "cover.**", "",
                     f"| hired | cost change | score change ({ci}) | worth at the field's rate |",
                     "|---|---|---|---|"]
            for _, r in g.iterrows():
                d = r["score"] - 0.5
                worth = f"${d / rate:+.0f}" if ok else "-"
                text.append(f"| {r['hire_a']} | ${r['cost_a'] - r['cost_b']:+.0f} | "
                            f"{100 * d:+.1f} [{100 * (r['lo'] - 0.5):+.1f}, "
                            f"{100 * (r['hi'] - 0.5):+.1f}] | {worth} |")
                if r["lo"] > 0.5:
                    recs.append(f"- Hiring `{r['hire_a']}` wins the {ctx[0]} gang "
                                f"{100 * d:+.1f} points [{100 * (r['lo'] - 0.5):+.1f}, "
                                f"{100 * (r['hi'] - 0.5):+.1f}] for "
                                f"${r['cost_a'] - r['cost_b']:+.0f}.")
            text.append("")

    # ---- horses
    ho = rides[~rides["mounted_b"] & _alike(rides, "swap", "build", "gang", "skill", "hire")]
    if not ho.empty:
        text += ["## Are horses worth their dollars?", "",
                 "Side A rides: its build buys a horse and saddle for every fighter out of the "
                 "same budget (a cavalry gang's are issued free under `cavalry_horses`), so it "
                 "fields fewer fighters; side B is the same build and gang on foot. The score "
                 f"change is measured from 1/2 ({ci}, clustered by table). Counts are a fight's, "
                 "both sides: hits located on horses, horses brought down, riders' falls, "
                 "pinned horses bolting, and riders stepping down.", "",
                 f"| gang and build | table | long gun from the saddle (`mounted_long_gun`) | "
                 f"fighters A v B | score change ({ci}) | horse hits "
                 "| horses down | falls | bolts | dismounts |",
                 "|---|---|---|---|---|---|---|---|---|---|"]
        for _, r in ho.sort_values(["gang_a", "build_a", "table_setting",
                                    "mounted_long_gun"]).iterrows():
            d = r["score"] - 0.5
            n = r["games"]
            text.append(f"| {r['gang_a'].replace('_', ' ')} {r['build_a']} | "
                        f"{r['table_setting']} | {r['mounted_long_gun']} | "
                        f"{r['fighters_a']} v {r['fighters_b']} | {_change(r)} | "
                        f"{r['horse_hits'] / n:.2f} | "
                        f"{r['horses_lost'] / n:.2f} | {r['falls'] / n:.2f} | "
                        f"{r['bolts'] / n:.2f} | {r['dismounts'] / n:.2f} |")
            if r["lo"] > 0.5 or r["hi"] < 0.5:
                word = "beats" if r["lo"] > 0.5 else "loses to"
                reading = ("" if r["mounted_long_gun"] == _DEFAULTS.mounted_long_gun else
                           f" with mounted_long_gun {r['mounted_long_gun']!r}")
                recs.append(f"- Mounted, the {r['gang_a'].replace('_', ' ')} {r['build_a']} "
                            f"gang ({r['fighters_a']} riders) {word} the same gang on foot "
                            f"({r['fighters_b']}) on the {r['table_setting']} table{reading}: "
                            f"{_change(r, ' points')}.")
        text.append("")

    # ---- spare cylinders and tubes
    sp = spared[(spared["spares_b"] == 0)
                & _alike(spared, "swap", "build", "gang", "skill", "hire", "mounted")]
    if not sp.empty:
        text += ["## Are spare cylinders worth their dollars?", "",
                 "Side A buys `spares_a` spare pre-loaded cylinders (percussion revolvers) or "
                 "tubes (Spencers) for every gun that takes them, trading spare boxes if the "
                 "money is short (and where that is not enough, the build is made for the "
                 "budget less the spares: fewer boxes or bodies); side B is the same gang "
                 "without (points where only side B buys spares are not shown). A reloading "
                 "turn fits a spare (`cylinder_fit`: 'whole' fills the gun, 'd8' a D8 of "
                 "its chambers); a failed roll keeps it. The score change is "
                 f"measured from 1/2 ({ci}, clustered by table); 'worth' converts it to dollars "
                 "at the weapons' field rate of the gang without the swap, where one was "
                 "fitted. Counts are a fight's, both sides.", "",
                 f"| gang, build and swap | table | spares a gun | fighters A v B | cost change | "
                 f"score change ({ci}) | worth at the field's rate | spares fitted | reloads | "
                 "dry turns |",
                 "|---|---|---|---|---|---|---|---|---|---|"]
        rows = []  # (row, the field's rate of its context) in the table's order
        for ctx, g in sp.groupby(["build_a", "gang_a", "table_setting", "terrain_density",
                                  "ammo_on"], sort=True, dropna=False):
            rows += [(r, rates.get(ctx, (float("nan"), float("nan")))) for _, r in g.iterrows()]
        rows.sort(key=lambda x: (x[0]["gang_a"], x[0]["build_a"], x[0]["swap_a"],
                                 x[0]["table_setting"], x[0]["spares_a"]))
        for r, (rate, rate_se) in rows:
            d = r["score"] - 0.5
            n = r["games"]
            ok = np.isfinite(rate) and rate - z * rate_se > 0
            worth = f"${d / rate:+.0f}" if ok else "-"
            swap = "" if r["swap_a"] == "none" else f" with {r['swap_a']}"
            text.append(f"| {r['gang_a'].replace('_', ' ')} {r['build_a']}{swap} | "
                        f"{r['table_setting']} | {r['spares_a']} | "
                        f"{r['fighters_a']} v {r['fighters_b']} | "
                        f"${r['cost_a'] - r['cost_b']:+.0f} | {_change(r)} | "
                        f"{worth} | {r['cylinders_fitted'] / n:.2f} | {r['reloads'] / n:.2f} | "
                        f"{r['dry_turns'] / n:.2f} |")
            if r["lo"] > 0.5 or r["hi"] < 0.5:
                word = "wins" if r["lo"] > 0.5 else "loses"
                recs.append(f"- {r['spares_a']} spare cylinders or tubes a gun {word} the "
                            f"{r['gang_a'].replace('_', ' ')} {r['build_a']} gang{swap} "
                            f"{_change(r, ' points')} for "
                            f"${r['cost_a'] - r['cost_b']:+.0f} ({r['table_setting']} table).")
        text.append("")

    # ---- duck backs (the optional rule)
    mirror_cols = ["build_a", "gang_a", "table_setting", "terrain_density", "ammo_on"]

    def _mirror(df):
        return df[(df["swap_a"] == "none") & (df["swap_b"] == "none")
                  & _alike(df, "build", "gang", "skill", "hire", "mounted", "spares")]
    on = _mirror(ducked)
    off = _mirror(plain)
    off = off[[tuple(r) in set(map(tuple, on[mirror_cols].to_numpy()))
               for r in off[mirror_cols].to_numpy()]]
    if not on.empty and not off.empty:
        text += ["## Do duck backs change the fight?", "",
                 "The text's optional duck-back rule (`duck_backs`): a missed shot that would "
                 "have hit but for the target's cover makes him duck back, pinned, until he "
                 "passes a leadership test (+1 behind partial, +2 behind full cover). The same "
                 "mirror matches with and without it; counts are a fight's, both sides.", "",
                 "| duck backs | duck backs a fight | pins by hits a fight | to-hit rolls a fight "
                 "| rounds (mean) | draws |", "|---|---|---|---|---|---|"]
        for label, g in (("off", off), ("on", on)):
            n = g["games"].sum()
            text.append(f"| {label} | {g['ducks_caused'].sum() / n:.2f} | "
                        f"{g['pins'].sum() / n:.2f} | {g['shots'].sum() / n:.1f} | "
                        f"{(g['rounds_mean'] * g['games']).sum() / n:.2f} | "
                        f"{100 * (g['draws'] * g['games']).sum() / n:.1f}% |")
        text.append("")
        m_off = _strategy_matrix(load, manifest, off["point"].tolist(), z)
        m_on = _strategy_matrix(load, manifest, on["point"].tolist(), z)
        if not m_off.empty and not m_on.empty:
            def _seat(m):
                m = m[m["row"] != m["col"]]
                return m.groupby("row").apply(
                    lambda x: pd.Series({"score": (x["mean"] * x["count"]).sum() / x["count"].sum(),
                                         "n": x["count"].sum()}), include_groups=False)
            so, sn = _seat(m_off), _seat(m_on)
            text += [f"Each gunfighter's score against the others (seats pooled; {ci} interval "
                     "of the change, binomial):", "",
                     "| gunfighter | without | with duck backs | change |", "|---|---|---|---|"]
            for name in so.index.intersection(sn.index):
                p0, p1 = so.loc[name, "score"], sn.loc[name, "score"]
                half = z * np.sqrt(p0 * (1 - p0) / so.loc[name, "n"]
                                   + p1 * (1 - p1) / sn.loc[name, "n"])
                d = p1 - p0
                text.append(f"| {name} | {100 * p0:.1f}% | {100 * p1:.1f}% | {100 * d:+.1f} "
                            f"[{100 * (d - half):+.1f}, {100 * (d + half):+.1f}] |")
                if abs(d) > half:
                    recs.append(f"- With duck backs the {name} scores {100 * d:+.1f} points "
                                f"[{100 * (d - half):+.1f}, {100 * (d + half):+.1f}] against the "
                                "other gunfighters.")
            text.append("")

    # ---- ropes and riding skills
    rs = roped[(roped["riding_skill_b"] == "none") & _alike(roped, "build", "gang", "skill",
                                                           "hire", "mounted", "spares")]
    if not rs.empty:
        text += ["## Are ropes and riding skills worth it?", "",
                 "Side A's every fighter has the riding skill (`riding_skill_a`: a what-if, the "
                 "text gives riding skills with experience), side B none; with fancy ropin' "
                 "side A carries the rope swapped in (`swap_a`: bolas or a lasso each) and "
                 "side B the reference gang's kit; the horse skills are played by mounted "
                 f"gangs on both sides. The score change is measured from 1/2 ({ci}, clustered "
                 "by table); a bolas swap without the skill is in the weapons table above. "
                 "Counts are a fight's, both sides: ropes and tomahawks thrown, enemies "
                 "entangled, turns spent trying to get free (and got free), lassos let go, "
                 "riders' falls, hand-to-hand rounds.", "",
                 f"| riding skill | rope | gang and build | mounted | table | score change "
                 f"({ci}) | throws | entangled | tries (freed) | lassos lost | falls | "
                 "hand-to-hand rounds |", "|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for _, r in rs.sort_values(["riding_skill_a", "swap_a", "gang_a",
                                    "table_setting"]).iterrows():
            n = r["games"]
            rope = r["swap_a"] if r["swap_a"] in ("bolas", "lasso") else "-"
            text.append(f"| {r['riding_skill_a']} | {rope} | "
                        f"{r['gang_a'].replace('_', ' ')} {r['build_a']} | "
                        f"{'both' if r['mounted_a'] else 'no'} | {r['table_setting']} | "
                        f"{_change(r)} | {r['throws'] / n:.2f} | {r['entangled'] / n:.2f} | "
                        f"{r['untangle_tries'] / n:.2f} ({r['untangled'] / n:.2f}) | "
                        f"{r['lassos_lost'] / n:.2f} | {r['falls'] / n:.2f} | "
                        f"{r['melee_rounds'] / n:.2f} |")
            with_rope = f" with {rope}" if rope != "-" else ""
            _if_clear(recs, r, f"`{r['riding_skill_a']}` for every fighter{with_rope}",
                      f"the {r['gang_a'].replace('_', ' ')} {r['build_a']} gang")
        text.append("")

    # ---- dynamite
    ds = blasted[(blasted["dynamite_b"] == 0) & _alike(blasted, "build", "gang", "skill",
                                                       "hire", "mounted", "spares")]
    if not ds.empty:
        text += ["## Is dynamite worth it?", "",
                 "Side A's every fighter carries `dynamite_a` sticks ($10 each; dynamite is "
                 "rare, so set-up's rarity limit is lifted: a designer's what-if), side B the "
                 "same gang without. A bundle (up to `dynamite_bundle` sticks) is lit in one "
                 "turn (a BS roll, the turn's action) and thrown in a later one "
                 "(`light_takes_turn`; off: lit as it is thrown); a lit bundle not thrown by the "
                 "end of its holder's next turn goes off where he is (`unthrown_fuse` "
                 f"'explodes') or is snuffed. The score change is measured from 1/2 ({ci}, "
                 "clustered by table). Counts are side A's per fight: bundles lit (lighting "
                 "rolls failed), thrown (duds), fuses burnt, hits its blasts dealt (on its own "
                 "fighters).", "",
                 f"| sticks each | cost A / B | reading | table | score change ({ci}) | lit "
                 "(failed) | thrown (duds) | fuses burnt | blast hits (own) |",
                 "|---|---|---|---|---|---|---|---|---|"]
        for _, r in ds.sort_values(["dynamite_a", "light_takes_turn", "unthrown_fuse",
                                    "dynamite_bundle", "table_setting"]).iterrows():
            n = r["games"]
            reading = ", ".join(
                f"{key} {r[key]}" for key in ("light_takes_turn", "unthrown_fuse",
                                              "dynamite_bundle")
                if r[key] != getattr(_DEFAULTS, key)) or "defaults"
            text.append(f"| {r['dynamite_a']} | ${r['cost_a']} / ${r['cost_b']} | {reading} | "
                        f"{r['table_setting']} | {_change(r)} | {r['dynamite_lit'] / n:.2f} "
                        f"({r['light_fails'] / n:.2f}) | {r['dynamite_thrown'] / n:.2f} "
                        f"({r['dynamite_duds'] / n:.2f}) | {r['fuses_burnt'] / n:.2f} | "
                        f"{r['dynamite_hits'] / n:.2f} ({r['dynamite_own_hits'] / n:.2f}) |")
            _if_clear(recs, r, f"{r['dynamite_a']} sticks of dynamite for every fighter "
                      f"({reading})", "the gang")
        text.append("")

    # ---- sabres and lances
    hand = scores[scores["swap_a"].isin(_HAND_WEAPONS) & (scores["swap_b"] == "none")
                  & _alike(scores, "build", "gang", "mounted")]
    if not hand.empty:
        text += ["## Are the sabre and the lance worth carrying?", "",
                 "Side A's every fighter carries the gang type's own hand weapon, side B the "
                 "same gang without: the cavalry's sabre ($10: a lone parrier losing a round "
                 "makes his opponent re-roll his highest attack die) and the war band's lance "
                 "($15: +1 S, `lance_charge_bonus` more in the round its holder charged; under "
                 "`lance_hand` 'held', the text's reading, it takes one hand at all times: long "
                 "guns fired one-handed, no bow, no second handgun, and a rider with a hand on "
                 "the reins has none for a gun; 'free' is a what-if). A build the weapon does "
                 "not fit is made for the budget less its price. The score change is measured "
                 f"from 1/2 ({ci}, clustered by table). Counts are side A's per fight.", "",
                 f"| gang and build | weapon | reading | table | cost A / B | score change "
                 f"({ci}) | parries (turned) | lance charge blows | hand-to-hand rounds |",
                 "|---|---|---|---|---|---|---|---|---|"]
        for _, r in hand.sort_values(["gang_a", "mounted_a", "build_a", "swap_a",
                                      "lance_hand", "table_setting"]).iterrows():
            n = r["games"]
            ride = " on horses" if r["mounted_a"] else ""
            reading = f"lance_hand {r['lance_hand']}" if r["swap_a"] == "lance" else "-"
            text.append(f"| {r['gang_a'].replace('_', ' ')} {r['build_a']}{ride} | "
                        f"{r['swap_a']} | {reading} | {r['table_setting']} | ${r['cost_a']} / "
                        f"${r['cost_b']} | {_change(r)} | {r['parries'] / n:.2f} "
                        f"({r['parries_turned'] / n:.2f}) | {r['lance_charge_blows'] / n:.2f} | "
                        f"{r['melee_rounds'] / n:.2f} |")
            how = f" ({reading})" if reading != "-" else ""
            _if_clear(recs, r, f"A {r['swap_a']} for every fighter{how}",
                      f"the {r['gang_a'].replace('_', ' ')} {r['build_a']} gang{ride}")
        text.append("")

    # ---- handguns in hand-to-hand (pistols_in_melee)
    flip = scores[scores["pistols_in_melee"] != _DEFAULTS.pistols_in_melee]
    if not flip.empty:
        keys = [k for k in _KEYS if k != "pistols_in_melee"]

        def _sig(df):
            return df[keys].astype(str).agg("|".join, axis=1)

        same = scores[scores["pistols_in_melee"] == _DEFAULTS.pistols_in_melee]
        sig_same = _sig(same)
        text += ["## Do handguns count in hand-to-hand?", "",
                 "The same points with handguns in hand-to-hand (`pistols_in_melee` on, the "
                 "default: each blow struck with the fighter's strongest loaded handgun when it "
                 "is stronger than his hand weapon, a round a blow, an ammo roll for each 6 "
                 "among his attack dice) and with hand weapons only (off). Only a gun stronger "
                 "than an S3 fighter's knife (a large revolver, the heavy pistol) is ever "
                 "fired in hand-to-hand. Side A's score change from the even fight; counts "
                 "are a fight's, both sides.", "",
                 f"| gang, build and swap | table | handguns in hand-to-hand | side A ({ci}) | "
                 "gun blows a fight | hand-to-hand rounds a fight | rounds (mean) |",
                 "|---|---|---|---|---|---|---|"]
        for (_, r), sig in zip(flip.iterrows(), _sig(flip), strict=True):
            match = same[sig_same == sig]
            for label, x in (("on", match.iloc[0] if len(match) else None), ("off", r)):
                if x is None:
                    continue
                swap = "" if x["swap_a"] == "none" else f" with {x['swap_a']}"
                n = x["games"]
                text.append(f"| {x['gang_a'].replace('_', ' ')} {x['build_a']}{swap} | "
                            f"{x['table_setting']} | {label} | {_change(x)} | "
                            f"{x['gun_blows'] / n:.2f} | {x['melee_rounds'] / n:.2f} | "
                            f"{x['rounds_mean']:.2f} |")
        text.append("")

    # ---- ammunition rules
    if scores["ammo_on"].nunique() > 1:
        text += ["## Do the ammunition rules bite?", "",
                 "Mirror matches with ammo rolls (and so jams) as the text has them and at "
                 "other settings of `ammo_on` (7: never); reloading stays as it is:", "",
                 "| ammo rolls | rounds (mean) | to-hit rolls a fight | jams a fight | "
                 "dry turns a fight | draws |", "|---|---|---|---|---|---|"]
        # the mirror matches of the contexts where ammo_on was varied, and nothing else
        mirror = scores[(scores["swap_a"] == "none") & (scores["swap_b"] == "none")
                        & (scores["build_a"] == scores["build_b"])
                        & (scores["gang_a"] == scores["gang_b"])]
        ctx = ["build_a", "gang_a", "table_setting", "terrain_density"]
        varied = set(map(tuple, mirror[mirror["ammo_on"] != DEFAULT_AMMO_ON][ctx].to_numpy()))
        mirror = mirror[[tuple(r) in varied for r in mirror[ctx].to_numpy()]]
        for on, g in mirror.groupby("ammo_on"):
            n = g["games"].sum()
            text.append(f"| {_ammo(on)} | "
                        f"{(g['rounds_mean'] * g['games']).sum() / n:.2f} | "
                        f"{g['shots'].sum() / n:.1f} | {g['jams'].sum() / n:.2f} | "
                        f"{g['dry_turns'].sum() / n:.2f} | "
                        f"{100 * (g['draws'] * g['games']).sum() / n:.1f}% |")
        text.append("")

    text += ["## Recommendation", ""]
    text += recs or ["- No weapon's price, build or gang type stands out at this sample size."]
    text += ["", "## Caveats", "",
             "- Scripted gunfighters: a weapon a bot uses badly looks overpriced. Re-run with a "
             "single gunfighter in the pool to see whether a verdict holds for each.",
             "- A verdict sentence should survive another seed: re-run with `--seed` before "
             "acting on it.",
             f"- The engine is rules version {manifest['rules_version']}: phase 1 (no "
             "campaign or advances; buildings' armour and levels, fire and wagons come "
             "later; double mounts and boarding are not in yet; see "
             "docs/rules/westamunda.md).",
             ""]
    html.write_report(out, text)
