"""Timing helpers shared by the benchmarks."""

import os
import platform
import subprocess
import sys
import time
from pathlib import Path


def best_of(fn, repeat: int = 3) -> float:
    """Fastest wall time of ``repeat`` calls of fn(), in seconds."""
    out = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - t)
    return out


def cpu_name() -> str:
    """The processor's model name (from /proc/cpuinfo where there is one)."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return cpu


def fresh_process_time(code: str, env_extra: dict) -> tuple[float, float]:
    """Run ``code`` in a fresh interpreter with ``env_extra`` added to the environment; it
    prints two numbers (total seconds incl. imports, seconds of the timed call), returned."""
    env = {**os.environ, **env_extra}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    total, call = (float(v) for v in out.stdout.split())
    return total, call
