"""Godfather engine benchmark (``make bench``): speed is measured here, never in tests.

Reports, for 4-player campaigns (a game is a campaign; default rules: 12 sets at most) with a
mixed field of the scripted gang bosses: campaigns/s on 1 thread and on all cores, turns and
volleys per campaign, the compiled/plain-Python ratio on the same campaigns, and compile time
cold (empty numba cache) and cached. Writes docs/bench_godfather.md.
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
from sim.godfather import engine as E  # noqa: E402
from sim.godfather.api import strategy_arrays  # noqa: E402
from sim.godfather.rules import GFRules  # noqa: E402

POOL = ["land_grabber", "war_monger", "racketeer", "hostage_taker", "turtle"]
RULES = GFRules(players=4)
SEED, STREAM = 1234, 99


def arrays(game0: int, n: int):
    return strategy_arrays(POOL, lineups(len(POOL), 4, "mixed", SEED, STREAM, game0, n))


def play(k, w):
    return E.play_batch(RULES, SEED, STREAM, 0, k, w)


SNIPPET = """
import time, warnings
warnings.simplefilter("ignore")
t = time.perf_counter()
import sys; sys.path.insert(0, {root!r}); sys.path.insert(0, {bench!r})
from bench_godfather import arrays, play
k, w = arrays(0, {n})
t1 = time.perf_counter()
play(k, w)
print(time.perf_counter() - t, time.perf_counter() - t1)
"""


def subprocess_time(env_extra: dict, n: int) -> tuple[float, float]:
    """(total seconds incl. imports, seconds of the play_batch call) in a fresh interpreter."""
    return fresh_process_time(SNIPPET.format(root=str(ROOT), bench=str(ROOT / "bench"), n=n),
                              env_extra)


def main(n_games: int = 1_000) -> str:
    k, w = arrays(0, n_games)
    play(k[:4], w[:4])  # load from cache / compile
    threads = numba.config.NUMBA_NUM_THREADS
    numba.set_num_threads(1)
    t1 = best_of(lambda: play(k, w))
    batch = play(k, w)
    numba.set_num_threads(threads)
    tn = best_of(lambda: play(k, w))
    turns = batch.games[:, E.G_TURNS].astype(float)
    volleys = batch.players[:, :, E.P_SHOTS].sum(axis=1).astype(float)
    sets = batch.games[:, E.G_SETS].astype(float)

    n_py = 2
    numba.set_num_threads(1)
    t_comp = best_of(lambda: play(k[:n_py], w[:n_py]))
    numba.set_num_threads(threads)
    _, t_py = subprocess_time({"NUMBA_DISABLE_JIT": "1"}, n_py)
    with tempfile.TemporaryDirectory() as cache:
        cold_total, cold_call = subprocess_time({"NUMBA_CACHE_DIR": cache}, 4)
        warm_total, warm_call = subprocess_time({"NUMBA_CACHE_DIR": cache}, 4)

    cpu = cpu_name()
    lines = [
        "# Godfather engine benchmark",
        "",
        f"Machine: {cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"numba {numba.__version__}, numpy {np.__version__}.",
        f"Workload: {n_games:,} 4-player campaigns (a game is a campaign), mixed field of "
        f"{', '.join(POOL)}, default "
        f"rules (at most {RULES.max_sets} sets). Best of 3 runs; each campaign generates its "
        "city in Python first (included).",
        "",
        "| measure | value |",
        "|---|---|",
        f"| games/s, 1 thread | {n_games / t1:,.1f} |",
        f"| games/s, {threads} threads | {n_games / tn:,.1f} (x{t1 / tn:.2f}) |",
        f"| sets / turns per campaign (mean) | {sets.mean():.1f} / {turns.mean():.1f} |",
        f"| volleys per campaign (mean) | {volleys.mean():.0f} |",
        f"| ms per campaign turn (1 thread) | {t1 / turns.sum() * 1e3:.3f} |",
        f"| compiled vs plain Python (NUMBA_DISABLE_JIT=1), same {n_py} campaigns | "
        f"x{t_py / t_comp:,.0f} ({t_py / n_py:.2f} s vs {t_comp / n_py * 1e3:.1f} ms "
        f"per campaign) |",
        f"| compile, cold cache (first batch call / whole process) | {cold_call:.1f} s / "
        f"{cold_total:.1f} s |",
        f"| compile, cached (first batch call / whole process) | {warm_call:.2f} s / "
        f"{warm_total:.1f} s |",
        "",
    ]
    text = "\n".join(lines)
    atomic.write_text(ROOT / "docs" / "bench_godfather.md", text)
    return text


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000))
