"""Rifle & Gun movement on the table: how far a team can go and where a pinned team retreats.

Distances are in half-inches on the 1" grid: an orthogonal step costs 2, a diagonal step 3
(close to 2 * sqrt(2)), so a 12" rapid move has a budget of 24 and a 6" cautious move 12.
- rapid move: open ground only, around every piece of terrain, through smoke;
- cautious move: may climb over or cut through non-blocking terrain; it enters a building only
  as a breach, which the text allows when the move starts next to that building;
- nobody walks through walls or other buildings.
Abstraction, stated: a team is a point (its leader's cell); cohesion (1") is kept implicitly.
"""

from __future__ import annotations

import numpy as np

from sim.core.jit import kernel
from sim.rifle_gun.battlefield import BLOCKING, NONBLOCKING

RAPID, CAUTIOUS = 0, 1
UNREACHED = 1 << 30


@kernel
def _passable(terrain, building, x, y, mode, breach_building, own_building):
    kind = terrain[y, x]
    if kind == BLOCKING:
        b = building[y, x]
        return b >= 0 and (b == breach_building or b == own_building)
    if kind == NONBLOCKING:
        return mode == CAUTIOUS
    return True


@kernel
def reach(terrain, building, occupied, x0, y0, mode, budget, dist, queue):
    """Cheapest cost (half-inches) from (x0, y0) to every cell within ``budget``; others are
    UNREACHED. ``occupied`` bool[h, w] marks cells other teams stand on (not enterable).
    ``dist`` int64[h, w] and ``queue`` int64[16 * h * w] are scratch; returns dist.

    Dijkstra with costs 2 and 3 via a bucket queue: one linked list of cells per cost value,
    nodes (cell, next) kept in ``queue``."""
    h, w = terrain.shape
    dist[:, :] = UNREACHED
    own_building = building[y0, x0]
    breach = -1
    if mode == CAUTIOUS:  # a cautious move that starts next to a building may breach into it
        for dy in range(-1, 2):
            for dx in range(-1, 2):
                yy, xx = y0 + dy, x0 + dx
                if 0 <= yy < h and 0 <= xx < w and building[yy, xx] >= 0 \
                        and building[yy, xx] != own_building:
                    breach = building[yy, xx]
    dist[y0, x0] = 0
    head = np.full(budget + 1, -1, dtype=np.int64)  # first node of each cost's list
    n_nodes = 1
    queue[0] = y0 * w + x0
    queue[1] = -1
    head[0] = 0
    for cost in range(budget + 1):
        node = head[cost]
        while node >= 0:
            c = queue[2 * node]
            node = queue[2 * node + 1]
            y, x = c // w, c % w
            if dist[y, x] != cost:
                continue
            for dy in range(-1, 2):
                for dx in range(-1, 2):
                    if dx == 0 and dy == 0:
                        continue
                    yy, xx = y + dy, x + dx
                    if not (0 <= yy < h and 0 <= xx < w) or occupied[yy, xx]:
                        continue
                    if not _passable(terrain, building, xx, yy, mode, breach, own_building):
                        continue
                    if dx != 0 and dy != 0:
                        # no cutting a corner between two impassable cells
                        if not _passable(terrain, building, x + dx, y, mode, breach,
                                         own_building) and \
                                not _passable(terrain, building, x, y + dy, mode, breach,
                                              own_building):
                            continue
                        nc = cost + 3
                    else:
                        nc = cost + 2
                    if nc <= budget and nc < dist[yy, xx]:
                        dist[yy, xx] = nc
                        queue[2 * n_nodes] = yy * w + xx
                        queue[2 * n_nodes + 1] = head[nc]
                        head[nc] = n_nodes
                        n_nodes += 1
    return dist


def reachable(table, start, mode, inches, occupied=None) -> np.ndarray:
    """Plain-Python wrapper: cost grid (half-inches, UNREACHED beyond) from start=(x, y)."""
    h, w = table.terrain.shape
    occ = np.zeros((h, w), np.bool_) if occupied is None else occupied
    dist = np.zeros((h, w), np.int64)
    return reach(table.terrain, table.building, occ, start[0], start[1], mode, 2 * inches,
                 dist, np.zeros(16 * h * w, np.int64))
