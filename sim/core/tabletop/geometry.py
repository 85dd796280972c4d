"""Distances and sight between cells, for policies and rule kernels alike."""

from __future__ import annotations

import math

from sim.core.jit import kernel, step
from sim.core.tabletop.battlefield import seen_list_size, visible

MEMO_MAX_CELLS = 32767  # a memo key (viewer cell, seen cell, answer) must fit an int32 entry


@kernel
def dist_in(ax, ay, bx, by):
    """Inches (float64) between the centres of cells (ax, ay) and (bx, by)."""
    return math.sqrt((ax - bx) ** 2 + (ay - by) ** 2)


@step
def sees(terrain, piece, building, smoke, x0, y0, x1, y1, seen):
    """True if cell (x0, y0) sees (x1, y1); arrays as in ``battlefield.sight`` (only terrain
    and building matter: nothing but blocking terrain stops a line of sight).

    Where ``seen`` carries a memo (``battlefield.seen_size(h, w, memo)``), answers are kept
    there: a line of sight depends on the table alone, and a game asks the same lines again
    and again (about 60% of Rifle & Gun's sight questions repeat one already asked in the same
    game). The memo is direct-mapped: entry = (key << 1) | answer, key = the ordered pair of
    cells + 1, at a hashed slot; a slot holding another key is overwritten. Same answers as
    ``visible``, only fewer walks."""
    h, w = terrain.shape
    base = seen_list_size(h, w)
    n = seen.shape[0] - base
    hw = h * w
    if n <= 0 or hw > MEMO_MAX_CELLS:
        return visible(terrain, building, x0, y0, x1, y1)
    key = (y0 * w + x0) * hw + (y1 * w + x1) + 1
    i = base + (((key * 0x9E3779B1) >> 16) & (n - 1))
    e = seen[i]
    if (e >> 1) == key:
        return (e & 1) == 1
    v = visible(terrain, building, x0, y0, x1, y1)
    seen[i] = (key << 1) | (1 if v else 0)
    return v
