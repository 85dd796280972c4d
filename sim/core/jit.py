"""The one place numba is configured for the whole project.

Every kernel is compiled with ``cache=True`` (compile once per machine, not per run) and
numpy's error model (no Python exception checks on integer division in hot loops).
Only batch drivers use ``parallel=True``; they hold exactly one ``prange`` over games.

The compiled cache lives in ``.numba_cache/<source key>/`` under the project (unless
``NUMBA_CACHE_DIR`` is set): numba checks only the source file of the function it loads from
its cache, so a kernel that calls a kernel of another file would keep running the callee's
old machine code after the callee's file changed (seen here: edit ``a.f`` to return 2, and
``b.g`` that calls it still returns 1). Keying the cache by a hash of every source file that
can hold compiled code or the module constants it freezes (the game packages ``sim/<game>/``,
``sim/core/`` and ``strategies/``) makes any such edit compile afresh. The pure-Python layers
(``sim/analysis/`` and the top-level ``sim/*.py``: config, runner, reports, command line) hold
no kernel, so editing them keeps the cache. The three most recent keys are kept.
"""

import hashlib
import os
import shutil
from pathlib import Path

import numba
from numba import njit, prange  # noqa: F401  (prange re-exported for batch drivers)

ROOT = Path(__file__).resolve().parents[2]
KEEP = 3  # cache folders kept (the newest by use)


PURE_PYTHON = ("analysis",)  # packages under sim/ with no compiled code


def kernel_sources(root: Path = ROOT) -> list[Path]:
    """The .py files whose edits can change compiled code: every subpackage of ``sim/``
    except the pure-Python ones, and ``strategies/``."""
    files = [f for f in (root / "strategies").rglob("*.py")]
    for sub in sorted(p for p in (root / "sim").iterdir() if p.is_dir()):
        if sub.name not in PURE_PYTHON and not sub.name.startswith(("_", ".")):
            files += sub.rglob("*.py")
    return sorted(files)


def source_key(root: Path = ROOT) -> str:
    """Hash (path and bytes) of :func:`kernel_sources`."""
    h = hashlib.blake2b(digest_size=8)
    for f in kernel_sources(root):
        h.update(f.relative_to(root).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def _use_keyed_cache() -> None:
    if os.environ.get("NUMBA_CACHE_DIR"):
        return  # the user's (or a benchmark's) choice
    base = ROOT / ".numba_cache"
    here = base / source_key()
    try:
        here.mkdir(parents=True, exist_ok=True)
        os.utime(here)
        old = sorted((d for d in base.iterdir() if d.is_dir()),
                     key=lambda d: d.stat().st_mtime, reverse=True)[KEEP:]
        for d in old:
            shutil.rmtree(d, ignore_errors=True)
    except OSError:
        return  # a read-only install: numba's default places
    numba.config.CACHE_DIR = str(here)


_use_keyed_cache()

_OPTS = {"cache": True, "nogil": True, "error_model": "numpy"}


def kernel(fn):
    """Compile a serial kernel (a rule step, a dice helper, a policy)."""
    return njit(**_OPTS)(fn)


def batch_kernel(fn):
    """Compile a batch driver: one ``prange`` over independent games."""
    return njit(parallel=True, **_OPTS)(fn)


def step(fn):
    """Compile a short rule step that hot loops call many times, inlined into its caller at
    numba's IR level: no call, and no reference counting of the arrays it is handed (a plain
    call to a kernel pays two atomic operations per array argument)."""
    return njit(inline="always", **_OPTS)(fn)
