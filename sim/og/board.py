"""O.G. board geometry, computed once per batch in plain Python (no randomness here).

Which blocks the gangs and specials end up on is drawn per game inside the kernel; this
module only supplies the fixed grid: neighbour table, the edge ring and the centre order.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from sim.og.rules import OGRules


class Geometry(NamedTuple):
    """Fixed board arrays passed to the kernel."""

    width: int
    height: int
    nbr: np.ndarray  # int64[ncell, 8], -1 padded
    ring: np.ndarray  # int64[n_edge], edge cells clockwise from the top-left corner
    centre_order: np.ndarray  # int64[ncell], cells nearest the centre first


def geometry(rules: OGRules) -> Geometry:
    """Board arrays for ``rules`` (size and adjacency)."""
    w, h = rules.board_size()
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if rules.adjacency == "diagonal":
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    nbr = np.full((w * h, 8), -1, dtype=np.int64)
    for y in range(h):
        for x in range(w):
            k = 0
            for dx, dy in steps:
                nx, ny = x + dx, y + dy
                if 0 <= nx < w and 0 <= ny < h:
                    nbr[y * w + x, k] = ny * w + nx
                    k += 1
    return Geometry(w, h, nbr, edge_ring(w, h), centre_order(w, h))


def edge_ring(w: int, h: int) -> np.ndarray:
    """Edge cells in clockwise order, consecutive cells orthogonally adjacent."""
    if h == 1:
        return np.arange(w, dtype=np.int64)
    if w == 1:
        return np.arange(h, dtype=np.int64)
    cells = [(x, 0) for x in range(w)]
    cells += [(w - 1, y) for y in range(1, h)]
    cells += [(x, h - 1) for x in range(w - 2, -1, -1)]
    cells += [(0, y) for y in range(h - 2, 0, -1)]
    return np.array([y * w + x for x, y in cells], dtype=np.int64)


def centre_order(w: int, h: int) -> np.ndarray:
    """All cells sorted by distance from the board centre (row-major among equals)."""
    cx, cy = (w - 1) / 2, (h - 1) / 2
    cells = sorted(range(w * h), key=lambda c: ((c % w - cx) ** 2 + (c // w - cy) ** 2, c))
    return np.array(cells, dtype=np.int64)
