"""Where a game's compiled engine spends its time, per compiled function.

    perf record -e cpu-clock -F 2000 -o /tmp/p.data \\
        .venv/bin/python bench/profile_kernels.py rifle_gun 50
    perf report -i /tmp/p.data --sort symbol | grep -v '^#' | head -40

Sampling profilers see numba's code as anonymous "[JIT]" addresses. This script compiles the
engine afresh (a private, empty cache directory under /tmp, left there, so that the compiled
modules are in memory),
then writes ``/tmp/perf-<pid>.map`` naming every compiled function's address range, which
``perf report`` reads. It then plays the benchmark's batch (``bench/bench_<game>.py``) REPS
times on one thread. Symbols are numba's mangled names (module, function, then the
signature); the percentages are of all samples, compilation included, so compare functions
with each other. Needs the Linux ``perf`` tool; ``cpu-clock`` works on VMs without hardware
counters.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("og", "rifle_gun")

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in GAMES:
        sys.exit(f"usage: profile_kernels.py GAME [REPS]; GAME one of {', '.join(GAMES)}")
    if "NUMBA_CACHE_DIR" not in os.environ:  # re-run with an empty cache: fresh compilation
        os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="gangsim-profile-")
        os.execv(sys.executable, [sys.executable, *sys.argv])
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    import numba
    from numba.core.registry import CPUDispatcher

    numba.set_num_threads(1)
    game, reps = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20
    if game == "og":
        import bench_og as b
        kinds, weights = b.arrays(0, 10_000)
    else:
        import bench_rifle_gun as b
        kinds, weights = b.arrays(1_000)
    b.play_batch(b.RULES, b.SEED, b.STREAM, 0, kinds[:4], weights[:4])  # compile

    addrs = {}
    for name, mod in list(sys.modules.items()):
        if not name.startswith(("sim", "strategies")):
            continue
        for obj in list(vars(mod).values()):
            if not isinstance(obj, CPUDispatcher):
                continue
            for cres in obj.overloads.values():
                module = getattr(cres.library, "_final_module", None)
                if module is None:
                    continue
                for fn in module.functions:
                    if not fn.is_declaration:
                        address = cres.library.get_pointer_to_function(fn.name)
                        if address:
                            addrs[address] = fn.name
    items = sorted(addrs.items())
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as fh:
        for i, (address, fname) in enumerate(items):
            gap = items[i + 1][0] - address if i + 1 < len(items) else 4096
            fh.write(f"{address:x} {min(gap, 1 << 20):x} {fname}\n")
    print(f"mapped {len(items)} compiled functions; playing {reps} batches", file=sys.stderr)
    for _ in range(reps):
        b.play_batch(b.RULES, b.SEED, b.STREAM, 0, kinds, weights)
