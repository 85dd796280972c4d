"""Timing helper shared by the benchmarks."""

import time


def best_of(fn, repeat: int = 3) -> float:
    """Fastest wall time of ``repeat`` calls of fn(), in seconds."""
    out = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - t)
    return out
