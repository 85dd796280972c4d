"""Sweep-scale benchmark (``make bench``): throughput of whole experiments on 1 and all cores
and on a local Dask cluster, and peak memory of a large sweep (flat however many games).

    python bench/bench_scale.py            # throughput + 1M-game memory run
    python bench/bench_scale.py --big 10000000   # adds the ten-million-game sweep (minutes)

Writes docs/bench_scale.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sim.core import atomic  # noqa: E402

CONFIG = """
[experiment]
game = "og"
seed = 99
games = {games}
chunk = {chunk}

[rules]
props_goal = 10

[sweep]
players = [4]
max_rounds = {limits}   # distinct points that play alike (games end long before the limit)

[strategies]
pool = ["expander", "builder", "harasser", "hunter", "balanced"]
"""


def sweep(tmp: Path, name: str, total: int, points: int, extra: list[str],
          chunk: int = 5000) -> tuple[float, float]:
    """(seconds, peak RSS MiB) of `gangsim experiment` in a fresh process."""
    limits = list(range(100, 100 + points))
    (tmp / "experiments").mkdir(exist_ok=True)
    (tmp / "experiments" / f"{name}.toml").write_text(
        CONFIG.format(games=total // points, chunk=chunk, limits=limits))
    argv = ["experiment", name, "--experiments", str(tmp / "experiments"), "--results",
            str(tmp / "results"), "--no-progress"] + extra
    code = ("import sys; from sim.cli import main; sys.argv = ['gangsim'] + "
            f"{argv!r}\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "import resource as r; print('RSS', r.getrusage(r.RUSAGE_SELF).ru_maxrss)")
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "GANGSIM_DEBUG": "0"}, cwd=ROOT)
    elapsed = time.perf_counter() - t
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-2000:])
    rss = int(out.stdout.split("RSS")[-1]) / 1024
    played = [ln for ln in out.stderr.splitlines() if ln.startswith("played")]
    return elapsed, rss, played[-1] if played else ""


def _rate(played: str) -> str:
    """'61,234 games/s' from the runner's closing line."""
    import re

    m = re.search(r"\(([\d,]+) games/s", played)
    return f"{m.group(1)} games/s" if m else "n/a"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--big", type=int, default=0, help="also run a sweep of this many games")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        n = 400_000
        for label, extra in [("local, 1 numba thread", ["--threads", "1"]),
                             (f"local, {os.cpu_count()} numba threads", []),
                             ("local Dask cluster, 2 worker processes", ["--workers", "2"])]:
            name = f"thru{len(rows)}"
            secs, rss, played = sweep(tmp, name, n, 8, extra)
            rows.append((label, f"{n:,}", _rate(played), f"{secs:.1f}", f"{rss:,.0f}"))
        for total in [1_000_000] + ([args.big] if args.big else []):
            points = max(1, total // 50_000)  # memory is bounded by one point, not the sweep
            secs, rss, played = sweep(tmp, f"big{total}", total, points, [], chunk=10_000)
            rows.append((f"large sweep, {points} points x 50,000 games, local", f"{total:,}",
                         _rate(played), f"{secs:.1f}", f"{rss:,.0f}"))
    lines = ["# Sweep-scale benchmark", "",
             f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
             f"{platform.python_version()}. 4-player O.G., goal 10, mixed field of five "
             "strategies; each row is a fresh `gangsim experiment` process (numba cache warm), "
             "time includes start-up, writing parts, streaming games.parquet and the report. "
             "Peak memory is the driving process (Dask workers are separate processes). "
             "Memory is bounded by the largest sweep point, not by the number of points.",
             "", "| run | games | throughput while playing | wall time (s) | peak memory (MiB) |",
             "|---|---|---|---|---|"]
    lines += [f"| {' | '.join(r)} |" for r in rows]
    text = "\n".join(lines) + "\n"
    atomic.write_text(ROOT / "docs" / "bench_scale.md", text)
    print(text)


if __name__ == "__main__":
    main()
