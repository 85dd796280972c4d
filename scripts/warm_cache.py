"""Fill numba's on-disk cache for every registered game, one process per game, all at once.

``make test`` runs this before pytest. On a fresh clone most of the suite's time is numba
compiling the engines (Godfather's batch kernel alone takes minutes), and whichever test first
plays a game pays for it on one core. Compiling the games side by side uses every core, and the
test workers then load the kernels from the cache. With a warm cache each process only loads
the kernels (seconds). Nothing is written but numba's cache; a game that fails here fails again
in its tests, with a better message, so failures are reported and not fatal.

    python scripts/warm_cache.py [GAME ...]
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The kernels the tests reach first: a batch (the runner's warm-up, as experiments play) and a
# narrated replay. The debug flag is a runtime argument, so the types match the tests' calls.
SNIPPET = """
import sys, warnings
warnings.simplefilter("ignore")
sys.path.insert(0, {root!r})
from sim.core.seating import lineups
from sim.games import get
from sim.runner import warm_up
spec = get({game!r})
rules = spec.rules_cls()
pool = [p for p in spec.presets if p != "random"][:2] + ["random"]
warm_up(spec, rules, pool)
row = lineups(len(pool), rules.players, "mixed", 0, 0, 0, 1)[0]
spec.play_text(rules, 0, 0, 0, pool, row)
"""


# Engines with tests but not yet registered as games (each a snippet that compiles it); none now.
UNREGISTERED: dict[str, str] = {}


def main(games: list[str]) -> int:
    if not games:
        sys.path.insert(0, str(ROOT))
        from sim.games import GAME_NAMES
        games = list(GAME_NAMES) + list(UNREGISTERED)
    start = time.perf_counter()
    env = {**os.environ, "GANGSIM_DEBUG": os.environ.get("GANGSIM_DEBUG", "1")}
    procs = {g: subprocess.Popen([sys.executable, "-c",
                                  UNREGISTERED.get(g, SNIPPET).format(root=str(ROOT), game=g)],
                                 env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 text=True)
             for g in games}
    failed = []
    for g, p in procs.items():
        _, err = p.communicate()
        if p.returncode:
            failed.append(g)
            print(f"warm_cache: {g} failed (its tests will say why):\n{err[-2000:]}",
                  file=sys.stderr)
    print(f"warm_cache: {', '.join(games)} compiled or loaded in "
          f"{time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
