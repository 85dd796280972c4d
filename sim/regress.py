"""Balance regression: replay small seeded experiments and compare their headline metrics with
committed baselines, statistically.

Each metric is a rate (k of n) or a mean, stored with its standard error. A metric has moved
when |now - baseline| exceeds z * sqrt(se_base^2 + se_now^2), with z set by Bonferroni so that
the chance of any false alarm across the whole suite is at most ``FALSE_ALARM`` (1%) when
nothing changed but the random draws. Bit-identical reruns pass trivially; a new seed or a
re-ordered stream passes too; a real rule change fails.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

from sim import config, games, runner
from sim.analysis.summary import games_table
from sim.core import atomic

FALSE_ALARM = 0.01


def _rate(k: int, n: int) -> dict:
    # standard error from a shrunk rate so that 0/n and n/n still get a positive width
    p_s = (k + 0.5) / (n + 1)
    return {"kind": "rate", "value": k / n if n else float("nan"), "n": int(n),
            "se": math.sqrt(p_s * (1 - p_s) / max(n, 1))}


def _mean(x) -> dict:
    x = np.asarray(x, dtype=float)
    se = float(np.std(x, ddof=1) / np.sqrt(len(x))) if len(x) > 1 else float("nan")
    return {"kind": "mean", "value": float(x.mean()), "n": int(len(x)), "se": max(se, 1e-9)}


def ratio(num, den) -> dict:
    """sum(num) / sum(den) over games, with a cluster-robust (per game) standard error."""
    num = np.asarray(num, dtype=float)
    den = np.asarray(den, dtype=float)
    n = len(num)
    r = num.sum() / den.sum() if den.sum() else float("nan")
    if n < 2 or not den.sum():
        return {"kind": "ratio", "value": r, "n": int(den.sum()), "se": 1e-9}
    resid = num - r * den
    se = math.sqrt((resid**2).sum() / (n * (n - 1))) / den.mean()
    return {"kind": "ratio", "value": float(r), "n": int(den.sum()), "se": max(se, 1e-9)}


def _clustered(flags, clusters, weights=None) -> dict:
    """Mean of ``flags`` (0/1 or numbers) over rows, its standard error clustered by
    ``clusters``: rows sharing a cluster (games on one generated table) share a random effect,
    so they are not independent draws."""
    df = pd.DataFrame({"num": np.asarray(flags, dtype=float), "c": np.asarray(clusters)})
    df["den"] = 1.0 if weights is None else np.asarray(weights, dtype=float)
    sums = df.groupby("c")[["num", "den"]].sum()
    return ratio(sums["num"], sums["den"])


def metrics(table: pd.DataFrame, manifest: dict) -> dict:
    """Headline metrics of one experiment: name -> {kind, value, se, n}. A game that declares
    a ``cluster`` column (e.g. Rifle & Gun's generated table) gets standard errors clustered by
    it; otherwise games are independent."""
    out = {}
    labels = {p["index"]: ", ".join(f"{k}={v}" for k, v in p["swept"].items()) or "base"
              for p in manifest["points"]}
    spec = games.get(manifest["game"])
    extra = spec.regression_metrics  # the game's own metrics, if any
    per_game = games_table(table)
    cl = spec.cluster
    for point, g in per_game.groupby("point"):
        lab = labels[point]
        seats = table[table["point"] == point]
        winners = seats[seats["won"]]
        if cl is None:
            out[f"{lab} | unfinished rate"] = _rate(int(g["turn_limit"].sum()), len(g))
            out[f"{lab} | mean rounds"] = _mean(g["rounds"])
        else:
            out[f"{lab} | unfinished rate"] = _clustered(g["turn_limit"], g[cl])
            out[f"{lab} | mean rounds"] = _clustered(g["rounds"], g[cl])
        if spec.capabilities.draws:
            out[f"{lab} | no-winner rate"] = (
                _rate(int(g["winner_seat"].lt(0).sum()), len(g)) if cl is None
                else _clustered(g["winner_seat"].lt(0), g[cl]))
        for name, m in (extra(seats) if extra else {}).items():
            out[f"{lab} | {name}"] = m
        first = winners["order"] == 0
        out[f"{lab} | first player's win share"] = (
            _rate(int(first.sum()), len(winners)) if cl is None
            else _clustered(first, winners[cl]))
        for strat, s in seats.groupby("strategy", observed=True):
            out[f"{lab} | {strat} win rate"] = (_rate(int(s["won"].sum()), len(s)) if cl is None
                                                else _clustered(s["won"], s[cl]))
    return out


def compare(base: dict, now: dict, false_alarm: float = FALSE_ALARM,
            n_tests: int | None = None) -> pd.DataFrame:
    """One row per baseline metric: baseline, now, allowed band, verdict. ``n_tests`` is the
    number of metrics sharing the false-alarm budget (default: this file's)."""
    m = n_tests or len(base)
    z = stats.norm.ppf(1 - false_alarm / (2 * max(m, 1)))
    rows = []
    for name, b in base.items():
        n = now.get(name)
        if n is None:
            rows.append({"metric": name, "baseline": b["value"], "now": float("nan"),
                         "low": float("nan"), "high": float("nan"), "verdict": "MISSING"})
            continue
        half = z * math.hypot(b["se"], n["se"])
        moved = abs(n["value"] - b["value"]) > half
        rows.append({"metric": name, "baseline": b["value"], "now": n["value"],
                     "low": b["value"] - half, "high": b["value"] + half,
                     "verdict": "MOVED" if moved else "ok"})
    return pd.DataFrame(rows)


def suite_names(suite: Path) -> list[str]:
    return sorted(p.stem for p in Path(suite).glob("*.toml"))


def run_suite(suite: Path = Path("experiments/ci"), baselines: Path = Path("results/baselines"),
              results: Path = Path("results/ci"), update: bool = False,
              rules_override: dict | None = None, seed_override: int | None = None,
              log=print, only: list[str] | None = None) -> bool:
    """Replay every experiment of ``suite``; compare with (or, with ``update``, rewrite) the
    baselines. Returns True when nothing moved. ``only`` limits the run to those experiments
    (the false-alarm budget is then shared among their metrics)."""
    ok = True
    checks = []
    for name in suite_names(suite):
        if only is not None and name not in only:
            continue
        exp = config.load(name, Path(suite), rules_override=rules_override,
                          seed_override=seed_override)
        out = runner.run(exp, Path(results), progress=False, log=lambda m: None)
        table = pd.read_parquet(out / "games.parquet")
        manifest = json.loads((out / "manifest.json").read_text())
        now = metrics(table, manifest)
        path = Path(baselines) / f"{name}.json"
        if update:
            old = json.loads(path.read_text())["metrics"] if path.exists() else {}
            atomic.write_json(path, {"experiment": name, "fingerprint": exp.fingerprint(),
                                     "false_alarm": FALSE_ALARM, "metrics": now})
            log(f"{name}: baseline written to {path}")
            for k, v in now.items():
                was = old.get(k, {}).get("value")
                if was is None or abs(was - v["value"]) > 1e-12:
                    log(f"  {k}: {was if was is not None else 'new'} -> {v['value']:.4g}")
            continue
        if not path.exists():
            log(f"{name}: no baseline at {path}; run `gangsim regress --update`")
            ok = False
            continue
        checks.append((name, json.loads(path.read_text())["metrics"], now))
    total = sum(len(base) for _, base, _ in checks)  # one false-alarm budget for the suite
    for name, base, now in checks:
        table_cmp = compare(base, now, n_tests=total)
        bad = table_cmp[table_cmp["verdict"] != "ok"]
        log(f"{name}: {len(table_cmp)} metrics, {len(bad)} moved beyond tolerance "
            f"(false-alarm rate {FALSE_ALARM:.0%} across the suite's {total} metrics)")
        log(format_table(table_cmp))
        ok = ok and bad.empty
    return ok


def format_table(df: pd.DataFrame) -> str:
    lines = [f"{'metric':<52} {'baseline':>9} {'now':>9} {'allowed band':>19}  verdict"]
    for r in df.itertuples():
        lines.append(f"{r.metric[:52]:<52} {r.baseline:>9.4f} {r.now:>9.4f} "
                     f"[{r.low:>7.4f}, {r.high:>7.4f}]  {r.verdict}")
    return "\n".join(lines)
