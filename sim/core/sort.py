"""Small in-place sorts for kernels (numba's argsort allocates; these lists are short)."""

from __future__ import annotations

from sim.core.jit import step


@step
def sort_by_key(keys, order, n):
    """Sort keys[:n] ascending in place, moving order[:n] with them; stable (equal keys keep
    their order). Insertion sort: for the handful of entries a kernel sorts."""
    for i in range(1, n):
        k, o = keys[i], order[i]
        j = i - 1
        while j >= 0 and keys[j] > k:
            keys[j + 1], order[j + 1] = keys[j], order[j]
            j -= 1
        keys[j + 1], order[j + 1] = k, o
