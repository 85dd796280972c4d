"""The one place numba is configured for the whole project.

Every kernel is compiled with ``cache=True`` (compile once per machine, not per run) and
numpy's error model (no Python exception checks on integer division in hot loops).
Only batch drivers use ``parallel=True``; they hold exactly one ``prange`` over games.
"""

from numba import njit, prange  # noqa: F401  (prange re-exported for batch drivers)

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
