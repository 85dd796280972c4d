"""Rifle & Gun engine benchmark (``make bench``): games/s with 4 teams a side on 1 thread and
all cores, dice per game, and the compiled/plain-Python ratio on the same games.
Writes docs/bench_rifle_gun.md."""

from __future__ import annotations

import os
import platform
import subprocess
import sys
from pathlib import Path

import numba

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from timing import best_of  # noqa: E402

from sim.core import atomic  # noqa: E402
from sim.core.seating import lineups  # noqa: E402
from sim.rifle_gun.api import strategy_arrays  # noqa: E402
from sim.rifle_gun.engine import play_batch  # noqa: E402
from sim.rifle_gun.rules import RGRules  # noqa: E402

POOL = ["assault", "fire_manoeuvre", "overwatch_line", "marksman_led"]
RULES = RGRules(teams_a=4, teams_b=4)
SEED, STREAM = 77, 5


def arrays(n):
    return strategy_arrays(POOL, lineups(len(POOL), 2, "mixed", SEED, STREAM, 0, n))


SNIPPET = """
import sys, time, warnings
warnings.simplefilter("ignore")
sys.path.insert(0, {bench!r}); sys.path.insert(0, {root!r})
from bench_rifle_gun import arrays, play_batch, RULES, SEED, STREAM
k, w = arrays({n})
t = time.perf_counter(); play_batch(RULES, SEED, STREAM, 0, k, w)
print(time.perf_counter() - t)
"""


def main(n: int = 4000) -> str:
    k, w = arrays(n)
    play_batch(RULES, SEED, STREAM, 0, k[:4], w[:4])
    threads = numba.config.NUMBA_NUM_THREADS
    numba.set_num_threads(1)
    t1 = best_of(lambda: play_batch(RULES, SEED, STREAM, 0, k, w))
    g = play_batch(RULES, SEED, STREAM, 0, k, w).games
    n_py = 6
    t_comp = best_of(lambda: [play_batch(RULES, SEED, STREAM, 0, k[:n_py], w[:n_py])
                           for _ in range(20)]) / 20
    numba.set_num_threads(threads)
    tn = best_of(lambda: play_batch(RULES, SEED, STREAM, 0, k, w))
    out = subprocess.run([sys.executable, "-c", SNIPPET.format(bench=str(ROOT / "bench"),
                                                               root=str(ROOT), n=n_py)],
                         capture_output=True, text=True, check=True,
                         env={**os.environ, "NUMBA_DISABLE_JIT": "1"})
    t_py = float(out.stdout.split()[-1])
    lines = ["# Rifle & Gun engine benchmark", "",
             f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
             f"{platform.python_version()}, numba {numba.__version__}. Workload: {n:,} games, "
             f"4 teams of 4 a side (d8), firefight, medium terrain, commanders drawn from "
             f"{', '.join(POOL)}. Best of 3.", "",
             "| measure | value |", "|---|---|",
             f"| games/s, 1 thread | {n / t1:,.0f} |",
             f"| games/s, {threads} threads | {n / tn:,.0f} (x{t1 / tn:.2f}) |",
             f"| turns per game (mean) | {g[:, 1].mean():.1f} |",
             f"| dice per game (mean) | {g[:, 4].mean():.0f} |",
             f"| compiled vs plain Python, same {n_py} games | x{t_py / t_comp:,.0f} |", ""]
    text = "\n".join(lines)
    atomic.write_text(ROOT / "docs" / "bench_rifle_gun.md", text)
    return text


if __name__ == "__main__":
    print(main())
