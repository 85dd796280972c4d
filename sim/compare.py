"""Compare two finished runs (a result folder and its ``.previous/``, or two experiments on the
same grid): which headline metrics moved, by how much, with intervals.

The metrics and their standard errors are the balance regression's (``sim.regress.metrics``:
rates, means and ratios per point, clustered by generated table where the game declares one).
Points are matched by their swept values and player count (every key either run sweeps, read
from each point's full rules where a run does not sweep it). A metric has moved when the
interval of B - A, z * sqrt(se_A^2 + se_B^2) wide on each side, excludes 0, with z set by
Bonferroni so that the chance of any false alarm among all compared metrics is at most
``false_alarm`` when the runs differ only in their random draws. Runs that share random streams
(the same seed and points) are positively correlated, which makes the test conservative.
"""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import pandas as pd
from scipy import stats

from sim import regress
from sim.config import weight_key
from sim.core.params import ConfigError

FALSE_ALARM = regress.FALSE_ALARM


class RunError(RuntimeError):
    """A results folder that cannot be read or is not finished (not the user's typing)."""


@dataclasses.dataclass
class Comparison:
    """The outcome of :func:`compare_runs`. ``rows``: one row per metric present in both runs
    (metric, point, a, b, diff, low, high, std = diff / se, moved), largest |std| first."""

    a: str
    b: str
    game: str
    false_alarm: float
    z: float
    rows: pd.DataFrame
    points_only_in_a: list[str]
    points_only_in_b: list[str]
    metrics_only_in_a: list[str]
    metrics_only_in_b: list[str]
    not_comparable: list[str]  # metrics without a value in one run (e.g. nothing to count)
    about_a: str = ""  # experiment, seed, rules version, games a point
    about_b: str = ""

    @property
    def moved(self) -> pd.DataFrame:
        return self.rows[self.rows["moved"]]

    def as_dict(self) -> dict:
        """JSON-ready."""
        rows = [{k: (None if isinstance(v, float) and math.isnan(v) else v)
                 for k, v in r.items()} for r in self.rows.to_dict("records")]
        return {"a": self.a, "b": self.b, "game": self.game, "false_alarm": self.false_alarm,
                "metrics_compared": len(self.rows), "z": self.z,
                "moved": int(self.rows["moved"].sum()) if len(self.rows) else 0,
                "rows": rows, "points_only_in_a": self.points_only_in_a,
                "points_only_in_b": self.points_only_in_b,
                "metrics_only_in_a": self.metrics_only_in_a,
                "metrics_only_in_b": self.metrics_only_in_b,
                "not_comparable": self.not_comparable}


def read_manifest(out: Path) -> dict:
    """A finished experiment's manifest; :class:`RunError` if unreadable or unfinished."""
    try:
        man = json.loads((Path(out) / "manifest.json").read_text())
    except (OSError, ValueError) as e:
        raise RunError(f"{out}/manifest.json: cannot read ({e})") from None
    if not isinstance(man, dict):
        raise RunError(f"{out}/manifest.json: not a results manifest")
    if man.get("kind") == "tournament":
        raise RunError(f"{out}: a tournament, not an experiment; compare reads experiments' "
                       "results")
    if man.get("status") != "done":
        raise RunError(f"{out}: the run has not finished (status {man.get('status')!r}); run "
                       "it again to complete it")
    if not {"game", "points"} <= set(man):
        raise RunError(f"{out}/manifest.json: not a results manifest (no game or points)")
    return man


def _load_point(out: Path, index: int) -> pd.DataFrame:
    """One point's games: from its saved parts, else from games.parquet."""
    from sim.runner import load_point, point_dir, point_done

    try:
        n = point_done(out, index)
        if n is not None and any(point_dir(out, index).glob("g*.parquet")):
            return load_point(out, index, n)
        return pd.read_parquet(Path(out) / "games.parquet", filters=[("point", "==", index)])
    except (OSError, ValueError, KeyError) as e:
        raise RunError(f"{out}: cannot read the games of point {index} ({e})") from None


def _plain(v):
    """A value as a match key: 1 and 1.0 alike, lists and tuples alike."""
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    if isinstance(v, int | float):
        return float(v)
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    return str(v)


def _value(point: dict, manifest: dict, key: str):
    """A point's value of ``key``: swept, else its rules (or the weight it played)."""
    if key in point.get("swept", {}):
        return point["swept"][key]
    wk = weight_key(key)
    if wk:  # None: the preset's own value
        weights = point.get("weights", manifest.get("weights", {}))
        return weights.get(wk[0], {}).get(wk[1])
    return point.get("rules", {}).get(key)


def _shown(v) -> str:
    if v is None:  # a weight the point did not set: the preset's own value
        return "preset"
    return f"{v:g}" if isinstance(v, float) else str(v)


def match_keys(man_a: dict, man_b: dict) -> list[str]:
    """The keys points are matched on: players, then every key either run sweeps."""
    keys = ["players"]
    for man in (man_a, man_b):
        for p in man["points"]:
            for k in p.get("swept", {}):
                if k not in keys:
                    keys.append(k)
    return keys


def point_values(man: dict, keys: list[str]) -> dict[int, dict[str, str]]:
    """Point index -> its values on the match keys, as text (equal values: the same point)."""
    return {p["index"]: {k: _shown(_plain(_value(p, man, k))) for k in keys}
            for p in man["points"]}


def label(values: dict[str, str]) -> str:
    """A point's name in the table, as the regression names it ("base": the only point)."""
    return ", ".join(f"{k}={v}" for k, v in values.items()) or "base"


def run_metrics(out: Path, man: dict, values: dict[int, dict[str, str]],
                keep: set[int] | None = None) -> dict[str, dict]:
    """``"<point label> | <metric>"`` -> {kind, value, se, n} for the points of a run (those in
    ``keep``, else all), read one point at a time (memory: the largest point)."""
    relabelled = {**man, "points": [{**p, "swept": values[p["index"]]} for p in man["points"]]}
    out_metrics = {}
    for p in man["points"]:
        if keep is not None and p["index"] not in keep:
            continue
        table = _load_point(out, p["index"])
        if not table.empty:
            out_metrics.update(regress.metrics(table, relabelled))
    return out_metrics


def compare_runs(a: Path, b: Path, false_alarm: float = FALSE_ALARM) -> Comparison:
    """Compare run ``b`` with run ``a`` (both finished results folders of one game)."""
    if not 0 < false_alarm < 1:
        raise ConfigError(f"--false-alarm {false_alarm}: expected a probability between 0 "
                          "and 1")
    man_a, man_b = read_manifest(a), read_manifest(b)
    if man_a["game"] != man_b["game"]:
        raise ConfigError(f"{a} is {man_a['game']!r} and {b} is {man_b['game']!r}: compare "
                          "runs of one game")
    keys = match_keys(man_a, man_b)
    values_a, values_b = point_values(man_a, keys), point_values(man_b, keys)
    # a key with one value across both runs tells no point apart: left out of the labels
    everywhere = [*values_a.values(), *values_b.values()]
    constant = {k for k in keys if len({v[k] for v in everywhere}) == 1}
    values_a = {i: {k: x for k, x in v.items() if k not in constant} for i, v in values_a.items()}
    values_b = {i: {k: x for k, x in v.items() if k not in constant} for i, v in values_b.items()}
    labels_a = {i: label(v) for i, v in values_a.items()}
    labels_b = {i: label(v) for i, v in values_b.items()}
    for out, labels in ((a, labels_a), (b, labels_b)):
        if len(set(labels.values())) < len(labels):
            raise RunError(f"{out}: two points have the same swept values; cannot match them")
    set_a, set_b = set(labels_a.values()), set(labels_b.values())
    only_a = [lab for lab in labels_a.values() if lab not in set_b]
    only_b = [lab for lab in labels_b.values() if lab not in set_a]
    shared = set_a & set_b
    met_a = run_metrics(a, man_a, values_a, {i for i, x in labels_a.items() if x in shared})
    met_b = run_metrics(b, man_b, values_b, {i for i, x in labels_b.items() if x in shared})
    finite = lambda m: m is not None and math.isfinite(m["value"]) and math.isfinite(m["se"])  # noqa: E731
    both = [k for k in met_a if k in met_b and finite(met_a[k]) and finite(met_b[k])]
    not_comparable = [k for k in met_a if k in met_b and k not in both]
    n = max(len(both), 1)
    z = float(stats.norm.ppf(1 - false_alarm / (2 * n)))
    table = regress.compare({k: met_a[k] for k in both}, {k: met_b[k] for k in both},
                            false_alarm=false_alarm, n_tests=n)
    rows = []
    for r, k in zip(table.itertuples(), both, strict=True):
        point, metric = k.split(" | ", 1)
        diff = r.now - r.baseline
        half = r.high - r.baseline
        se = math.hypot(met_a[k]["se"], met_b[k]["se"])
        rows.append({"metric": metric, "point": point, "a": r.baseline, "b": r.now,
                     "diff": diff, "low": diff - half, "high": diff + half,
                     "std": diff / se if se > 0 else 0.0, "moved": r.verdict == "MOVED",
                     "n_a": met_a[k]["n"], "n_b": met_b[k]["n"]})
    cols = ["metric", "point", "a", "b", "diff", "low", "high", "std", "moved", "n_a", "n_b"]
    frame = pd.DataFrame(rows, columns=cols)
    if len(frame):
        frame = (frame.assign(_abs=frame["std"].abs())
                 .sort_values(["_abs", "point", "metric"], ascending=[False, True, True],
                              kind="stable")
                 .drop(columns="_abs").reset_index(drop=True))
    return Comparison(str(a), str(b), man_a["game"], false_alarm, z, frame, only_a, only_b,
                      sorted(k for k in met_a if k not in met_b),
                      sorted(k for k in met_b if k not in met_a), sorted(not_comparable),
                      _about(man_a), _about(man_b))


def _about(man: dict) -> str:
    games_ = man.get("games_per_point")
    return (f"{man.get('experiment', '?')}, seed {man.get('seed', '?')}, rules "
            f"{man.get('rules_version', '?')}"
            + (f", {'at least ' if man.get('precision') else ''}{games_:,} games a point"
               if isinstance(games_, int) else ""))


def _num(v: float) -> str:
    return f"{v:.4g}"


def _signed(v: float) -> str:
    return f"{v:+.3g}"


def format_comparison(c: Comparison, top: int = 25) -> str:
    """The comparison for people: a summary line, the table (``top`` rows, 0: all), then the
    points and metrics only one run has."""
    moved = int(c.rows["moved"].sum()) if len(c.rows) else 0
    lines = [f"A: {c.a} ({c.about_a})", f"B: {c.b} ({c.about_b})",
             f"{len(c.rows)} metrics compared, {moved} moved (B - A interval excludes 0; "
             f"Bonferroni z = {c.z:.2f} for a {c.false_alarm:.1%} chance of any false alarm "
             f"across the {len(c.rows)})"]
    shown = c.rows if top <= 0 else c.rows.head(top)
    if len(shown):
        w_metric = max(6, *(len(m) for m in shown["metric"]))
        w_point = max(5, *(len(p) for p in shown["point"]))
        lines.append("")
        lines.append(f"{'metric':<{w_metric}}  {'point':<{w_point}}  {'A':>8}  {'B':>8}  "
                     f"{'B - A [interval]':<28}  moved")
        for r in shown.itertuples():
            interval = f"{_signed(r.diff)} [{_signed(r.low)}, {_signed(r.high)}]"
            lines.append(f"{r.metric:<{w_metric}}  {r.point:<{w_point}}  {_num(r.a):>8}  "
                         f"{_num(r.b):>8}  {interval:<28}  {'moved' if r.moved else ''}"
                         .rstrip())
        if len(shown) < len(c.rows):
            lines.append(f"({len(shown)} of {len(c.rows)} rows, largest standardised change "
                         "first; --top 0 shows all)")
    for title, items in (("points only in A", c.points_only_in_a),
                         ("points only in B", c.points_only_in_b),
                         ("metrics only in A", c.metrics_only_in_a),
                         ("metrics only in B", c.metrics_only_in_b),
                         ("metrics with no value in one run", c.not_comparable)):
        if items:
            lines.append("")
            lines.append(f"{title} ({len(items)}):")
            lines += [f"  {x}" for x in items]
    return "\n".join(lines)
