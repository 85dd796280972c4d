"""O.G. engine benchmark (``make bench``): speed is measured here, never in tests.

Reports, for 4-player games with a mixed field of the scripted strategies:
games/s on 1 thread and on all cores, dice per game, engine ns per die rolled (strategy logic
included) next to the raw dice floor, the compiled/plain-Python ratio on the same games, and
compile time cold (empty numba cache) and cached. Writes docs/bench.md.
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
from sim.core.jit import kernel  # noqa: E402
from sim.core.rng import STATE_SIZE, count_successes, seed_state  # noqa: E402
from sim.core.seating import lineups  # noqa: E402
from sim.og.api import strategy_arrays  # noqa: E402
from sim.og.engine import play_batch  # noqa: E402
from sim.og.rules import OGRules  # noqa: E402

POOL = ["expander", "builder", "harasser", "hunter", "balanced"]
RULES = OGRules(players=4)
SEED, STREAM = 1234, 99


def arrays(game0: int, n: int):
    return strategy_arrays(POOL, lineups(len(POOL), 4, "mixed", SEED, STREAM, game0, n))


@kernel
def _dice_floor(n):
    s = np.empty(STATE_SIZE, dtype=np.uint64)
    seed_state(s, np.uint64(1), np.uint64(2), np.uint64(3))
    return count_successes(s, n, 6, 4)


SNIPPET = """
import time, warnings
warnings.simplefilter("ignore")
t = time.perf_counter()
import sys; sys.path.insert(0, {root!r}); sys.path.insert(0, {bench!r})
from bench_og import arrays, play_batch, RULES, SEED, STREAM
k, w = arrays(0, {n})
t1 = time.perf_counter()
play_batch(RULES, SEED, STREAM, 0, k, w)
print(time.perf_counter() - t, time.perf_counter() - t1)
"""


def subprocess_time(env_extra: dict, n: int) -> tuple[float, float]:
    """(total seconds incl. imports, seconds of the play_batch call) in a fresh interpreter."""
    return fresh_process_time(SNIPPET.format(root=str(ROOT), bench=str(ROOT / "bench"), n=n),
                              env_extra)


def main(n_games: int = 40_000) -> str:
    k, w = arrays(0, n_games)
    play_batch(RULES, SEED, STREAM, 0, k[:10], w[:10])  # load from cache / compile
    threads = numba.config.NUMBA_NUM_THREADS
    numba.set_num_threads(1)
    t1 = best_of(lambda: play_batch(RULES, SEED, STREAM, 0, k, w))
    batch = play_batch(RULES, SEED, STREAM, 0, k, w)
    numba.set_num_threads(threads)
    tn = best_of(lambda: play_batch(RULES, SEED, STREAM, 0, k, w))
    dice = batch.games[:, 5].astype(float)
    turns = batch.games[:, 2].astype(float)
    ns_per_die = t1 / dice.sum() * 1e9
    _dice_floor(10)
    floor = best_of(lambda: _dice_floor(20_000_000)) / 20_000_000 * 1e9

    # same games, compiled (1 thread) vs numba's JIT disabled (plain Python)
    n_py = 40
    numba.set_num_threads(1)
    kp, wp = k[:n_py], w[:n_py]
    t_comp = best_of(lambda: [play_batch(RULES, SEED, STREAM, 0, kp, wp) for _ in range(20)]) / 20
    numba.set_num_threads(threads)
    _, t_py = subprocess_time({"NUMBA_DISABLE_JIT": "1"}, n_py)
    with tempfile.TemporaryDirectory() as cache:
        cold_total, cold_call = subprocess_time({"NUMBA_CACHE_DIR": cache}, 10)
        warm_total, warm_call = subprocess_time({"NUMBA_CACHE_DIR": cache}, 10)

    cpu = cpu_name()
    lines = [
        "# O.G. engine benchmark",
        "",
        f"Machine: {cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"numba {numba.__version__}, numpy {np.__version__}.",
        f"Workload: {n_games:,} 4-player games, mixed field of {', '.join(POOL)}, default rules "
        f"(goal {RULES.goal()}). Best of 3 runs.",
        "",
        "| measure | value |",
        "|---|---|",
        f"| games/s, 1 thread | {n_games / t1:,.0f} |",
        f"| games/s, {threads} threads | {n_games / tn:,.0f} (x{t1 / tn:.2f}) |",
        f"| dice rolled per game (mean) | {dice.mean():.0f} |",
        f"| player turns per game (mean) | {turns.mean():.1f} |",
        f"| engine ns per die rolled (1 thread, strategy logic included) | {ns_per_die:.0f} |",
        f"| engine ns per player turn (1 thread) | {t1 / turns.sum() * 1e9:.0f} |",
        f"| raw dice floor: ns per d6 success test | {floor:.2f} |",
        f"| compiled vs plain Python (NUMBA_DISABLE_JIT=1), same {n_py} games | "
        f"x{t_py / t_comp:,.0f} ({t_py / n_py * 1e3:.1f} ms vs {t_comp / n_py * 1e6:.0f} us "
        f"per game) |",
        f"| compile, cold cache (first batch call / whole process) | {cold_call:.1f} s / "
        f"{cold_total:.1f} s |",
        f"| compile, cached (first batch call / whole process) | {warm_call:.2f} s / "
        f"{warm_total:.1f} s |",
        "",
    ]
    text = "\n".join(lines)
    atomic.write_text(ROOT / "docs" / "bench.md", text)
    return text


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 40_000))
