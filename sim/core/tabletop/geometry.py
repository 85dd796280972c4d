"""Distances and sight between cells, for policies and rule kernels alike."""

from __future__ import annotations

import math

from sim.core.jit import kernel, step
from sim.core.tabletop.battlefield import visible


@kernel
def dist_in(ax, ay, bx, by):
    """Inches (float64) between the centres of cells (ax, ay) and (bx, by)."""
    return math.sqrt((ax - bx) ** 2 + (ay - by) ** 2)


@step
def sees(terrain, piece, building, smoke, x0, y0, x1, y1, seen):
    """True if cell (x0, y0) sees (x1, y1); arrays as in ``battlefield.sight`` (only terrain
    and building matter: nothing but blocking terrain stops a line of sight)."""
    return visible(terrain, building, x0, y0, x1, y1)
