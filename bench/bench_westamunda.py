"""Westamunda engine benchmark (``make bench``): speed is measured here, never in tests.

Reports, for gang fights of two standard gangs (eight fighters a side, default rules) with a
mixed field of the scripted gunfighters: fights/s on 1 thread and on all cores, rounds and
to-hit rolls per fight, the compiled/plain-Python ratio on the same fights, and compile time
cold (empty numba cache) and cached. Writes docs/bench_westamunda.md.
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
from pathlib import Path

import numba
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from timing import best_of, cpu_name, fresh_process_time  # noqa: E402

from sim.core import atomic  # noqa: E402
from sim.core.seating import lineups  # noqa: E402
from sim.westamunda import engine as E  # noqa: E402
from sim.westamunda import state as S  # noqa: E402
from sim.westamunda.api import gangs, strategy_arrays  # noqa: E402
from sim.westamunda.rules import VERSION, WMRules  # noqa: E402
from strategies.westamunda import PRESETS  # noqa: E402

POOL = [p for p in PRESETS if p != "random"]
RULES = WMRules()
SEED, STREAM = 4242, 7


def arrays(game0: int, n: int):
    return strategy_arrays(POOL, lineups(len(POOL), 2, "mixed", SEED, STREAM, game0, n))


def play(k, w):
    rosters, types = gangs(RULES)
    return E.play_batch(RULES, SEED, STREAM, 0, k, w, rosters, types, RULES.maps)


SNIPPET = """
import time, warnings
warnings.simplefilter("ignore")
t = time.perf_counter()
import sys; sys.path.insert(0, {root!r}); sys.path.insert(0, {bench!r})
from bench_westamunda import arrays, play
k, w = arrays(0, {n})
t1 = time.perf_counter()
play(k, w)
print(time.perf_counter() - t, time.perf_counter() - t1)
"""


def subprocess_time(env_extra: dict, n: int) -> tuple[float, float]:
    """(total seconds incl. imports, seconds of the play_batch call) in a fresh interpreter."""
    return fresh_process_time(SNIPPET.format(root=str(ROOT), bench=str(ROOT / "bench"), n=n),
                              env_extra)


def main(n_games: int = 2_000, cold: bool = True) -> str:
    k, w = arrays(0, n_games)
    play(k[:4], w[:4])  # load from cache / compile
    threads = numba.config.NUMBA_NUM_THREADS
    numba.set_num_threads(1)
    t1 = best_of(lambda: play(k, w))
    batch = play(k, w)
    numba.set_num_threads(threads)
    tn = best_of(lambda: play(k, w))
    rounds = batch.games[:, S.G_TURNS].astype(float)
    shots = batch.games[:, S.G_SHOTS].astype(float)

    n_py = 4
    numba.set_num_threads(1)
    t_comp = best_of(lambda: play(k[:n_py], w[:n_py]))
    numba.set_num_threads(threads)
    _, t_py = subprocess_time({"NUMBA_DISABLE_JIT": "1"}, n_py)
    rows = []
    if cold:
        with tempfile.TemporaryDirectory() as cache:
            cold_total, cold_call = subprocess_time({"NUMBA_CACHE_DIR": cache}, 4)
            warm_total, warm_call = subprocess_time({"NUMBA_CACHE_DIR": cache}, 4)
        rows = [f"| compile, cold cache (first batch call / whole process) | {cold_call:.1f} s "
                f"/ {cold_total:.1f} s |",
                f"| compile, cached (first batch call / whole process) | {warm_call:.2f} s / "
                f"{warm_total:.1f} s |"]

    lines = [
        "# Westamunda engine benchmark",
        "",
        f"Machine: {cpu_name()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"numba {numba.__version__}, numpy {np.__version__}.",
        f"Workload: {n_games:,} gang fights of two standard gangs (8 fighters a side, "
        f"{RULES.table_width_in}\" x {RULES.table_height_in}\" {RULES.table_setting} table, "
        f"default rules {VERSION}), gunfighters drawn from {', '.join(POOL)}. Best of 3.",
        "",
        "| measure | value |",
        "|---|---|",
        f"| fights/s, 1 thread | {n_games / t1:,.0f} |",
        f"| fights/s, {threads} threads | {n_games / tn:,.0f} (x{t1 / tn:.2f}) |",
        f"| rounds per fight (mean) | {rounds.mean():.1f} |",
        f"| to-hit rolls per fight (mean) | {shots.mean():.0f} |",
        f"| compiled vs plain Python (NUMBA_DISABLE_JIT=1), same {n_py} fights | "
        f"x{t_py / t_comp:,.0f} ({t_py / n_py:.2f} s vs {t_comp / n_py * 1e3:.2f} ms a "
        "fight) |",
        *rows,
        "",
    ]
    text = "\n".join(lines)
    atomic.write_text(ROOT / "docs" / "bench_westamunda.md", text)
    return text


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 2_000))
