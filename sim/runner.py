"""Run a validated experiment: every sweep point in chunks, each point saved atomically.

Finished points are kept as ``results/<name>/points/<index>.parquet``; running the same
experiment again skips them, so an interrupted sweep resumes and ends with exactly the files an
uninterrupted run writes. A changed config moves the old results aside and starts afresh.
"""

from __future__ import annotations

import math
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
from tqdm import tqdm

import sim
from sim import games
from sim.analysis import sweep_report
from sim.analysis.summary import headline_halfwidth
from sim.config import Experiment
from sim.core import atomic
from sim.core.seating import lineups


def git_commit() -> str:
    """The current git commit, or '' outside a checkout."""
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                             timeout=5, cwd=Path(__file__).parent)
        return out.stdout.strip() if out.returncode == 0 else ""
    except (OSError, subprocess.SubprocessError):
        return ""


def _cell_value(v):
    return str(v) if isinstance(v, list | tuple) else v


def _next_target(played: int, halfwidth: float, precision: float, players: int, cap: int) -> int:
    """Games to have after this round: scale by (reached / wanted)^2 (+10%), at least 1.5x,
    rounded up to whole blocks of P games, at most the cap."""
    want = played * max((halfwidth / precision) ** 2 * 1.1, 1.5)
    return min(cap, int(math.ceil(want / players)) * players)


def play_point(exp: Experiment, point, on_chunk=None) -> pd.DataFrame:
    """All games of one point, chunk by chunk; the result is independent of the chunk size.

    With ``exp.precision`` set, games are added in rounds until every headline rate's 95%
    half-width meets it or ``exp.max_games`` is reached; the final count depends only on the
    games played, so it is as reproducible as the games themselves.
    """
    spec = games.get(exp.game)
    players = point.rules.players
    key_div = players if exp.seating == "crn" else 1  # crn: a block of P seatings, one stream
    frames = []
    played = 0
    target = exp.games
    while True:
        for game0 in range(played, target, exp.chunk):
            n = min(exp.chunk, target - game0)
            lineup = lineups(len(exp.pool), players, exp.seating, exp.seed, point.stream, game0,
                             n)
            frames.append(spec.run_games(point.rules, exp.seed, point.stream, game0, lineup,
                                         exp.pool, exp.weights, key_div))
            if on_chunk:
                on_chunk(n)
        played = target
        if exp.precision is None or played >= exp.max_games:
            break
        half = headline_halfwidth(pd.concat(frames, ignore_index=True))
        if half <= exp.precision:
            break
        target = _next_target(played, half, exp.precision, players, exp.max_games)
    df = pd.concat(frames, ignore_index=True)
    df.insert(0, "point", point.index)
    df.insert(1, "players", players)
    for i, (k, v) in enumerate(point.swept.items()):
        if k != "players":
            df.insert(2 + i, k, _cell_value(v))
    return df


def manifest_of(exp: Experiment) -> dict:
    spec = games.get(exp.game)
    return {
        "experiment": exp.name, "config": exp.path, "question": exp.question,
        "fingerprint": exp.fingerprint(), "game": exp.game, "rules_version": spec.version,
        "package_version": sim.__version__, "git_commit": git_commit(), "seed": exp.seed,
        "games_per_point": exp.games, "chunk": exp.chunk, "precision": exp.precision,
        "max_games": exp.max_games, "pool": exp.pool,
        "seating": exp.seating, "weights": exp.weights, "base_rules": exp.base_rules,
        "sweep": exp.sweep, "report": exp.report,
        "points": [{"index": p.index, "swept": p.swept, "stream": p.stream,
                    "rules": p.rules.as_dict()} for p in exp.points],
    }


def _prepare(exp: Experiment, out: Path, log) -> None:
    """Keep matching finished points; move results of a different config aside."""
    man = out / "manifest.json"
    if not out.exists():
        return
    old = None
    if man.exists():
        import json

        try:
            old = json.loads(man.read_text()).get("fingerprint")
        except (ValueError, OSError):
            old = None
    if old != exp.fingerprint():
        aside = out.with_name(out.name + ".previous")
        shutil.rmtree(aside, ignore_errors=True)
        out.rename(aside)
        log(f"config changed since the last run: old results moved to {aside}")


def run(exp: Experiment, results_root: Path = Path("results"), progress: bool = True,
        log=lambda msg: print(msg, file=sys.stderr)) -> Path:
    """Run (or resume) ``exp``; returns its results directory."""
    out = Path(results_root) / exp.name
    _prepare(exp, out, log)
    points_dir = out / "points"
    points_dir.mkdir(parents=True, exist_ok=True)
    manifest = manifest_of(exp)
    atomic.write_json(out / "manifest.json", {**manifest, "status": "running"})
    todo = [p for p in exp.points if not (points_dir / f"{p.index:05d}.parquet").exists()]
    if len(todo) < len(exp.points):
        log(f"resuming: {len(exp.points) - len(todo)} of {len(exp.points)} points already done")
    total = len(todo) * exp.games
    bar = tqdm(total=total, unit="game", disable=not progress, file=sys.stderr,
               desc=f"{exp.name}", dynamic_ncols=True, smoothing=0.1)
    start = time.perf_counter()
    played = 0
    for i, point in enumerate(todo):
        bar.set_postfix_str(f"point {i + 1}/{len(todo)} {point.label}")
        later_points = len(todo) - i - 1

        def step(n, later=later_points):
            nonlocal played
            played += n
            if bar.n + n > (bar.total or 0):  # precision runs add games as they go
                bar.total = bar.n + n + later * exp.games
            bar.update(n)

        df = play_point(exp, point, step)
        atomic.write_parquet(points_dir / f"{point.index:05d}.parquet", df)
    bar.close()
    elapsed = time.perf_counter() - start
    if played:
        log(f"played {played:,} games in {elapsed:.1f} s ({played / elapsed:,.0f} games/s)")
    frames = [pd.read_parquet(points_dir / f"{p.index:05d}.parquet") for p in exp.points]
    table = pd.concat(frames, ignore_index=True)
    atomic.write_parquet(out / "games.parquet", table)
    sweep_report.write(out, table, manifest)
    atomic.write_json(out / "manifest.json", {**manifest, "status": "done"})
    return out
