"""Run a validated experiment: sweep points split into tasks of ``chunk`` games, each task's
games saved as one parquet part as soon as it finishes.

Layout of ``results/<name>/``::

    manifest.json            what produced the results (config, versions, seed, commit, status)
    points/p00003/g000002000.parquet   games 2000.. of point 3 (one finished task)
    points/p00003/done.json  the point is complete (games played)
    games.parquet            every point's games, streamed together at the end
    summary.csv, seats.csv, strategies.csv, plots/, report.md, report.html

Running the same experiment again skips finished points and finished tasks, so a sweep killed
at any moment (Ctrl-C, SIGTERM, SIGKILL, a dead Dask worker) resumes and ends with exactly the
files an uninterrupted run writes. A changed config or engine moves old results aside.

Tasks run in this process (numba threads inside each task) or on a Dask cluster
(``backend.DaskBackend``); every task's games are keyed by (seed, point stream, game index), so
where and in what order tasks run never changes a result.
"""

from __future__ import annotations

import json
import math
import shutil
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
from tqdm import tqdm

import sim
from sim import games
from sim.analysis.summary import headline_halfwidth
from sim.config import Experiment, weight_key
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


# ---------------------------------------------------------------- playing games


def play_chunk(exp: Experiment, point, game0: int, n: int) -> pd.DataFrame:
    """Games game0 .. game0+n-1 of one point as a tidy table with the point's columns."""
    spec = games.get(exp.game)
    players = point.rules.players
    key_div = players if exp.seating == "crn" else 1  # crn: a block of P seatings, one stream
    lineup = lineups(len(exp.pool), players, exp.seating, exp.seed, point.stream, game0, n)
    df = spec.run_games(point.rules, exp.seed, point.stream, game0, lineup, exp.pool,
                        point.weights, key_div)
    df.insert(0, "point", point.index)
    df.insert(1, "players", players)
    for i, (k, v) in enumerate((k, v) for k, v in point.swept.items() if k != "players"):
        if weight_key(k):  # always float, so every part has one column type
            v = math.nan if v is None else float(v)
        df.insert(2 + i, k, _cell_value(v))
    return df


def warm_up(spec, rules, pool: list, weights: dict | None = None, seating: str = "mixed",
            n: int = 2) -> float:
    """Play ``n`` throw-away games so numba compiles (or loads from its cache) the game's
    kernels in this process; returns the seconds it took. Nothing is kept: every game is keyed
    by (seed, stream, game index), so playing these first changes no other game."""
    start = time.perf_counter()
    lineup = lineups(len(pool), rules.players, seating, 0, 0, 0, n)
    spec.run_games(rules, 0, 0, 0, lineup, pool, weights,
                   rules.players if seating == "crn" else 1)
    return time.perf_counter() - start


def run_task(task: tuple) -> tuple:
    """One task (picklable, for any backend): (exp, point index, game0, n, numba threads)."""
    exp, index, game0, n, threads = task
    if threads:
        import numba

        numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    return index, game0, n, play_chunk(exp, exp.points[index], game0, n)


def next_target(played: int, halfwidth: float, precision: float, players: int, cap: int) -> int:
    """Games to have after the next precision round: scale by (reached / wanted)^2 (+10%), at
    least 1.5x, rounded up to whole blocks of P games, at most the cap."""
    want = played * max((halfwidth / precision) ** 2 * 1.1, 1.5)
    return min(cap, int(math.ceil(want / players)) * players)


def play_point(exp: Experiment, point) -> pd.DataFrame:
    """All games of one point in this process (same games as ``run`` writes for it)."""
    frames = []
    played, target = 0, exp.games
    while True:
        frames += [play_chunk(exp, point, g0, min(exp.chunk, target - g0))
                   for g0 in range(played, target, exp.chunk)]
        played = target
        if exp.precision is None or played >= exp.max_games:
            break
        half = headline_halfwidth(pd.concat(frames, ignore_index=True))
        if half <= exp.precision:
            break
        target = next_target(played, half, exp.precision, point.rules.players, exp.max_games)
    return pd.concat(frames, ignore_index=True)


# ---------------------------------------------------------------- files


def library_versions() -> dict:
    """Versions of Python and the libraries that make or read the results."""
    import platform
    from importlib.metadata import PackageNotFoundError, version

    out = {"python": platform.python_version()}
    for name in ("numpy", "numba", "llvmlite", "pandas", "pyarrow", "scipy", "matplotlib"):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = None
    return out


def manifest_of(exp: Experiment) -> dict:
    spec = games.get(exp.game)
    return {
        "experiment": exp.name, "config": exp.path, "question": exp.question,
        "fingerprint": exp.fingerprint(), "game": exp.game, "rules_version": spec.version,
        "package_version": sim.__version__, "versions": library_versions(),
        "git_commit": git_commit(), "seed": exp.seed, "games_per_point": exp.games,
        "chunk": exp.chunk, "precision": exp.precision,
        "max_games": exp.max_games, "pool": exp.pool,
        "seating": exp.seating, "weights": exp.weights, "base_rules": exp.base_rules,
        "sweep": exp.sweep, "sweep_order": list(exp.points[0].swept) if exp.points else [],
        "report": exp.report,
        "points": [{"index": p.index, "swept": p.swept, "stream": p.stream,
                    "rules": p.rules.as_dict(), "weights": p.weights} for p in exp.points],
    }


def point_dir(out: Path, index: int) -> Path:
    return Path(out) / "points" / f"p{index:05d}"


def part_path(out: Path, index: int, game0: int) -> Path:
    return point_dir(out, index) / f"g{game0:09d}.parquet"


def load_point(out: Path, index: int, games_: int | None = None) -> pd.DataFrame:
    """A point's games from its parts (the first ``games_`` games if given)."""
    parts = sorted(point_dir(out, index).glob("g*.parquet"))
    frames = [pd.read_parquet(p) for p in parts
              if games_ is None or int(p.stem[1:]) < games_]
    return pd.concat(frames, ignore_index=True)


def point_done(out: Path, index: int) -> int | None:
    """Games of a finished point, or None if it is not finished."""
    f = point_dir(out, index) / "done.json"
    return json.loads(f.read_text())["games"] if f.exists() else None


def _prepare(exp: Experiment, out: Path, log) -> None:
    """Keep results of the same config; move those of another aside; drop stale temp files."""
    man = out / "manifest.json"
    if out.exists():
        try:
            old = json.loads(man.read_text()).get("fingerprint")
        except (ValueError, OSError):
            old = None
        if old != exp.fingerprint():
            aside = out.with_name(out.name + ".previous")
            shutil.rmtree(aside, ignore_errors=True)
            out.rename(aside)
            log(f"config or engine changed since the last run: old results moved to {aside}")
    for tmp in out.rglob(".*.tmp") if out.exists() else []:
        tmp.unlink(missing_ok=True)  # left by a process killed mid-write


def _combine(out: Path, exp: Experiment) -> None:
    """Stream every point's parts into games.parquet, one part in memory at a time."""
    def writer_fn(tmp):
        writer = None
        try:
            for p in exp.points:
                n = point_done(out, p.index)
                for part in sorted(point_dir(out, p.index).glob("g*.parquet")):
                    if int(part.stem[1:]) >= n:
                        continue
                    t = pq.read_table(part)
                    if writer is None:
                        schema = t.schema
                        writer = pq.ParquetWriter(tmp, schema)
                    writer.write_table(t.cast(schema) if t.schema != schema else t)
        finally:
            if writer is not None:
                writer.close()
            else:
                pq.write_table(pa.table({}), tmp)
    atomic.write_with(out / "games.parquet", writer_fn)


@contextmanager
def _terminate_as_interrupt():
    """Turn SIGTERM into KeyboardInterrupt so writes in progress are cleaned up."""
    def handler(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")
    try:
        old = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


# ---------------------------------------------------------------- the run


class LocalBackend:
    """Tasks one after another in this process; numba threads parallelise inside each."""

    name = "local"
    numba_threads = None
    plays_here = True  # tasks run in this process: warming up here compiles their kernels

    def map_unordered(self, fn, tasks):
        for t in tasks:
            yield fn(t)


def run(exp: Experiment, results_root: Path = Path("results"), progress: bool = True,
        log=lambda msg: print(msg, file=sys.stderr), backend=None) -> Path:
    """Run (or resume) ``exp``; returns its results directory."""
    backend = backend or LocalBackend()
    out = Path(results_root) / exp.name
    _prepare(exp, out, log)
    (out / "points").mkdir(parents=True, exist_ok=True)
    manifest = manifest_of(exp)
    atomic.write_json(out / "manifest.json", {**manifest, "status": "running"})
    with _terminate_as_interrupt():
        _play_all(exp, out, backend, progress, log)
    _combine(out, exp)
    write_report(out, manifest)
    atomic.write_json(out / "manifest.json", {**manifest, "status": "done"})
    for line in report_headline(out):
        log(line)
    return out


def write_report(out: Path, manifest: dict) -> None:
    """The experiment's report, of the kind its config asks for."""
    spec = games.get(manifest["game"])
    load = lambda i: load_point(out, i, point_done(out, i))  # noqa: E731
    kind = manifest["report"].get("kind", "sweep")
    spec.report_kinds[kind](out, load, manifest, spec.wording)


def report_headline(out: Path) -> list[str]:
    """The lines a run ends with: the written report's headline (its recommendation per player
    count, or the exchange report's recommendation) and any dominance warning."""
    from sim.analysis.sweep_report import headline_lines

    path = Path(out) / "report.md"
    lines = headline_lines(path.read_text(encoding="utf-8")) if path.exists() else []
    return ["headline:"] + [f"  {ln}" for ln in lines] if lines else []


def _play_all(exp: Experiment, out: Path, backend, progress: bool, log) -> None:
    pending = {p.index: [0, exp.games] for p in exp.points if point_done(out, p.index) is None}
    if len(pending) < len(exp.points):
        log(f"resuming: {len(exp.points) - len(pending)} of {len(exp.points)} points already "
            "done")
    # Compile before the bar and the clock start, so games/s and the ETA are for play alone.
    # Only where tasks run in this process: Dask workers compile (or load the cache) on their
    # first task, which the bar then counts.
    compile_s = None
    if pending and getattr(backend, "plays_here", False):
        spec = games.get(exp.game)
        first = exp.points[min(pending)]
        log(f"compiling {spec.title} kernels (numba; loaded from its cache after the first "
            "run)...")
        compile_s = warm_up(spec, first.rules, exp.pool, first.weights, exp.seating)
        log(f"kernels ready in {compile_s:.1f} s")
    bar = tqdm(total=len(pending) * exp.games, unit="game", disable=not progress,
               file=sys.stderr, desc=exp.name, dynamic_ncols=True, smoothing=0.1)
    start = time.perf_counter()
    played_now = 0
    while pending:
        tasks = []
        for index, (played, target) in pending.items():
            for g0 in range(played, target, exp.chunk):
                if part_path(out, index, g0).exists():
                    bar.update(min(exp.chunk, target - g0))
                else:
                    tasks.append((exp, index, g0, min(exp.chunk, target - g0),
                                  backend.numba_threads))
        for index, g0, n, df in backend.map_unordered(run_task, tasks):
            atomic.write_parquet(part_path(out, index, g0), df)
            played_now += n
            bar.update(n)
            bar.set_postfix_str(f"{len(pending)} points running")
        for index in list(pending):
            played, target = pending[index]
            done = exp.precision is None or target >= exp.max_games
            if not done:
                half = headline_halfwidth(load_point(out, index, target))
                done = half <= exp.precision
            if done:
                atomic.write_json(point_dir(out, index) / "done.json", {"games": target})
                del pending[index]
            else:
                new = next_target(target, half, exp.precision, exp.points[index].rules.players,
                                  exp.max_games)
                pending[index] = [target, new]
                bar.total += new - target
    bar.close()
    elapsed = time.perf_counter() - start
    if played_now:
        compiled = "" if compile_s is None else f"; compiling took {compile_s:.1f} s before that"
        log(f"played {played_now:,} games in {elapsed:.1f} s ({played_now / elapsed:,.0f} "
            f"games/s, {backend.name}){compiled}")
