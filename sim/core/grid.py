"""A board of ``width x height`` blocks (square cells), computed once per batch in plain Python.

Cells are numbered row-major, ``y * width + x``. Games keep who holds what in their own arrays
indexed by cell; this module only supplies the fixed geometry: who touches whom, the edge ring
and the order of cells from the centre out. It knows no game: callers map their rules to
(width, height, adjacency).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from sim.core.jit import step

ADJACENCY = ("orthogonal", "diagonal")
MAX_NBR = 8  # neighbour slots per cell (diagonal adjacency)
N_ORTHO_DIRS = 4  # orthogonal directions; a cell's orthogonal neighbours come first in nbr
_ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
_DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


class Grid(NamedTuple):
    """Fixed board arrays for kernels."""

    width: int
    height: int
    nbr: np.ndarray  # int64[ncell, MAX_NBR]: neighbours, orthogonal first, then -1 padding
    ring: np.ndarray  # int64[n_edge]: edge cells clockwise from the top-left corner
    centre_order: np.ndarray  # int64[ncell]: cells nearest the centre first
    n_ortho: np.ndarray  # int64[ncell]: how many of a cell's nbr entries are orthogonal


def grid(width: int, height: int, adjacency: str = "orthogonal") -> Grid:
    """The Grid of a ``width x height`` board; ``adjacency`` is 'orthogonal' or 'diagonal'."""
    if adjacency not in ADJACENCY:
        raise ValueError(f"adjacency must be one of {ADJACENCY}, got {adjacency!r}")
    if width < 1 or height < 1:
        raise ValueError(f"board {width}x{height} has no blocks")
    nbr, n_ortho = neighbours(width, height, adjacency == "diagonal")
    return Grid(width, height, nbr, edge_ring(width, height), centre_order(width, height),
                n_ortho)


def neighbours(w: int, h: int, diagonal: bool) -> tuple[np.ndarray, np.ndarray]:
    """(nbr int64[w*h, MAX_NBR], n_ortho int64[w*h]): each cell's neighbours packed from slot 0,
    orthogonal ones first, -1 after the last."""
    steps = _ORTHO + (_DIAG if diagonal else [])
    nbr = np.full((w * h, MAX_NBR), -1, dtype=np.int64)
    n_ortho = np.zeros(w * h, dtype=np.int64)
    for y in range(h):
        for x in range(w):
            c = y * w + x
            k = 0
            for i, (dx, dy) in enumerate(steps):
                nx, ny = x + dx, y + dy
                if 0 <= nx < w and 0 <= ny < h:
                    nbr[c, k] = ny * w + nx
                    k += 1
                    if i < N_ORTHO_DIRS:
                        n_ortho[c] = k
    return nbr, n_ortho


def edge_ring(w: int, h: int) -> np.ndarray:
    """int64[perimeter_length(w, h)]: edge cells clockwise, consecutive ones orthogonally
    adjacent (a one-row or one-column board is its own ring, end to end)."""
    if h == 1:
        return np.arange(w, dtype=np.int64)
    if w == 1:
        return np.arange(h, dtype=np.int64)
    cells = [(x, 0) for x in range(w)]
    cells += [(w - 1, y) for y in range(1, h)]
    cells += [(x, h - 1) for x in range(w - 2, -1, -1)]
    cells += [(0, y) for y in range(h - 2, 0, -1)]
    return np.array([y * w + x for x, y in cells], dtype=np.int64)


def perimeter_length(w: int, h: int) -> int:
    """Number of edge cells (every cell when the board is at most two wide or high)."""
    return w * h if (w <= 2 or h <= 2) else 2 * (w + h) - 4


def centre_order(w: int, h: int) -> np.ndarray:
    """int64[w*h]: all cells sorted by distance from the board centre (row-major among equals)."""
    cx, cy = (w - 1) / 2, (h - 1) / 2
    cells = sorted(range(w * h), key=lambda c: ((c % w - cx) ** 2 + (c // w - cy) ** 2, c))
    return np.array(cells, dtype=np.int64)


def snake_order(w: int, h: int) -> np.ndarray:
    """int64[w*h]: every cell once, rows left to right then right to left, so consecutive cells
    are orthogonally adjacent (pairs (0,1), (2,3), ... tile the board with dominoes)."""
    rows = [range(w) if y % 2 == 0 else range(w - 1, -1, -1) for y in range(h)]
    return np.array([y * w + x for y, xs in enumerate(rows) for x in xs], dtype=np.int64)


# ---------------------------------------------------------------- ownership queries (kernels)


@step
def touches(owner, nbr, cell, who):
    """True if ``cell`` is next to a cell of ``who``; ``owner`` int64[ncell] (-1 none), ``nbr``
    int64[ncell, k] padded with -1."""
    for j in range(nbr.shape[1]):
        c = nbr[cell, j]
        if c < 0:  # the padding comes last
            break
        if owner[c] == who:
            return True
    return False


@step
def borders(owner, nbr, a, b):
    """True if some cell of ``b`` is next to a cell of ``a``."""
    for c in range(owner.shape[0]):
        if owner[c] == b and touches(owner, nbr, c, a):
            return True
    return False
