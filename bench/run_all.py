"""Run every registered game's benchmark (its spec's ``bench`` script), then the sweep-scale
benchmark; extra arguments go to the latter (e.g. --big 10000000)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sim import games  # noqa: E402

if __name__ == "__main__":
    for name in games.GAME_NAMES:
        subprocess.run([sys.executable, str(ROOT / games.get(name).bench)], check=True)
    subprocess.run([sys.executable, str(ROOT / "bench" / "bench_scale.py"), *sys.argv[1:]],
                   check=True)
