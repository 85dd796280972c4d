"""Movement on the table: how far a piece can go and where a pinned one falls back.

Distances are in half-inches on the 1" grid: an orthogonal step costs 2, a diagonal step 3
(close to 2 * sqrt(2)), so a move of n inches has a budget of 2n. Two modes:
- ``GO_AROUND``: open ground only, around every piece of terrain, through smoke;
- ``GO_OVER``: may climb over or cut through non-blocking terrain, and may enter the building
  next to its start cell (a breach);
- nobody walks through walls or other buildings.
A moving unit is a point (one cell); callers mark the cells others stand on as occupied.
"""

from __future__ import annotations

import numpy as np

from sim.core.jit import kernel
from sim.core.tabletop.battlefield import BLOCKING, NONBLOCKING, seen_size, sight

GO_AROUND, GO_OVER = 0, 1  # movement modes
UNREACHED = 1 << 30
COVER_SEARCH = 12  # cells searched for blocking terrain when no hidden cell is in reach


def queue_size(h: int, w: int) -> int:
    """Entries the ``queue`` scratch of ``reach`` needs: fewer than 2 * h * w search nodes of
    two entries each, a memo of the last search (at most 4 * h * w + 7 entries) and 4 bucket
    heads (see ``reach``); 16 * h * w leaves room to spare."""
    return 16 * h * w


@kernel
def _passable(terrain, building, x, y, mode, breach_building, own_building):
    kind = terrain[y, x]
    if kind == BLOCKING:
        b = building[y, x]
        return b >= 0 and (b == breach_building or b == own_building)
    if kind == NONBLOCKING:
        return mode == GO_OVER
    return True


@kernel
def _breach_of(building, x0, y0, mode):
    """The building a ``GO_OVER`` move from (x0, y0) may breach into (one next to the start
    other than the one it stands in; the last found in scan order), else -1."""
    h, w = building.shape
    own_building = building[y0, x0]
    breach = -1
    if mode == GO_OVER:  # a move that starts next to a building may breach into it
        for dy in range(-1, 2):
            for dx in range(-1, 2):
                yy, xx = y0 + dy, x0 + dx
                if 0 <= yy < h and 0 <= xx < w and building[yy, xx] >= 0 \
                        and building[yy, xx] != own_building:
                    breach = building[yy, xx]
    return breach


MEMO_TAG = 0x52EAC4  # marks a memo written by ``reach`` in its queue scratch
MEMO_HEAD = 7  # tag, x0, y0, mode, budget, h, w


@kernel
def reach(terrain, building, occupied, x0, y0, mode, budget, dist, queue):
    """Cheapest cost (half-inches) from (x0, y0) in ``mode`` to every cell within ``budget``
    (int); others are UNREACHED. ``terrain`` int8[h, w], ``building`` int32[h, w],
    ``occupied`` bool[h, w] marks cells others stand on (not enterable). ``dist`` int64[h, w]
    (filled and returned) and ``queue`` int64[queue_size(h, w)] are scratch.

    Commanders search from a team's cell and the engine then searches again from the same
    cell for the move it ordered, so ``queue`` keeps a memo of the last search: its start,
    mode and budget, the terrain, building and occupied cells it could read and the costs it
    wrote. The search reads those arrays only within ``budget // 2 + 1`` cells (Chebyshev) of
    the start (a step costs 2 or more and moves one cell, so a cell it expands lies within
    ``budget // 2``, its neighbours one further; the breach test reads the start's
    neighbours) and writes costs only within ``budget // 2``; everything else in ``dist`` it
    sets to UNREACHED. A call whose start, mode, budget and inputs in that window match the
    memo, and whose ``dist`` still holds exactly the memo's costs there and UNREACHED
    everywhere else, already holds the answer and returns it untouched: the result is the
    same as searching again, whatever happened in between. Layout of ``queue``: search nodes
    in [0, 4 * h * w - 2), the memo from 4 * h * w (a header of MEMO_HEAD entries, then 4
    entries per window cell, at most h * w cells), the 4 bucket heads last; queue_size(h, w)
    = 16 * h * w covers 8 * h * w + MEMO_HEAD + 4 for any table of 2 cells or more (a
    shorter queue, or a dist of another shape, just skips the memo)."""
    h, w = terrain.shape
    rr = max(budget // 2 + 1, 1)
    y_lo, y_hi = max(y0 - rr, 0), min(y0 + rr + 1, h)
    x_lo, x_hi = max(x0 - rr, 0), min(x0 + rr + 1, w)
    m = 4 * h * w
    use_memo = queue.shape[0] >= 8 * h * w + MEMO_HEAD + 4 and dist.shape[0] == h and \
        dist.shape[1] == w
    if use_memo and queue[m] == MEMO_TAG and queue[m + 1] == x0 and queue[m + 2] == y0 and \
            queue[m + 3] == mode and queue[m + 4] == budget and queue[m + 5] == h and \
            queue[m + 6] == w:
        differ = False
        i = m + MEMO_HEAD
        for y in range(y_lo, y_hi):
            for x in range(x_lo, x_hi):
                differ |= queue[i] != terrain[y, x]
                differ |= queue[i + 1] != building[y, x]
                differ |= queue[i + 2] != occupied[y, x]
                differ |= queue[i + 3] != dist[y, x]
                i += 4
        if not differ:  # and UNREACHED outside the window
            for y in range(h):
                if y_lo <= y < y_hi:
                    for x in range(x_lo):
                        differ |= dist[y, x] != UNREACHED
                    for x in range(x_hi, w):
                        differ |= dist[y, x] != UNREACHED
                else:
                    for x in range(w):
                        differ |= dist[y, x] != UNREACHED
        same = not differ
        if same:
            return dist
    _dijkstra(terrain, building, occupied, x0, y0, mode, budget, dist, queue)
    if use_memo:
        queue[m] = MEMO_TAG
        queue[m + 1] = x0
        queue[m + 2] = y0
        queue[m + 3] = mode
        queue[m + 4] = budget
        queue[m + 5] = h
        queue[m + 6] = w
        i = m + MEMO_HEAD
        for y in range(y_lo, y_hi):
            for x in range(x_lo, x_hi):
                queue[i] = terrain[y, x]
                queue[i + 1] = building[y, x]
                queue[i + 2] = occupied[y, x]
                queue[i + 3] = dist[y, x]
                i += 4
    return dist


@kernel
def _dijkstra(terrain, building, occupied, x0, y0, mode, budget, dist, queue):
    """``reach``'s search, always run.

    Dijkstra with costs 2 and 3 via a bucket queue: one linked list of cells per cost value,
    nodes (cell, next) kept in ``queue``. A step costs at most 3, so only the buckets of the
    costs ``cost`` to ``cost + 3`` are ever live: four list heads, reused round robin (bucket
    ``cost & 3``), kept in the last 4 entries of ``queue``. Each cell is expanded once (at
    its final cost) and relaxed at most twice (a later, cheaper relaxation needs a neighbour
    expanded no later, so at the same cost, with an orthogonal step after a diagonal one), so
    there are at most 1 + 2 * (h * w - 1) nodes: entries [0, 4 * h * w - 2) of ``queue``.
    Bucket order and list order are those of one list per cost value, so cells are expanded
    in the same order as with a head per cost; ``live`` counts linked nodes, and the search
    stops early once every bucket is empty (no later cost can be reached)."""
    h, w = terrain.shape
    dist[:, :] = UNREACHED
    own_building = building[y0, x0]
    breach = _breach_of(building, x0, y0, mode)
    dist[y0, x0] = 0
    heads = queue.shape[0] - 4  # the heads of the buckets cost & 3 = 0..3
    for i in range(4):
        queue[heads + i] = -1
    n_nodes = 1
    queue[0] = (y0 << 32) | x0  # a cell as (y << 32) | x
    queue[1] = -1
    queue[heads] = 0
    live = 1  # nodes linked into a bucket and not yet taken off
    for cost in range(budget + 1):
        if live == 0:
            break  # every bucket is empty: nothing more can be reached
        bucket = heads + (cost & 3)
        node = queue[bucket]
        queue[bucket] = -1
        while node >= 0:
            live -= 1
            c = queue[2 * node]
            node = queue[2 * node + 1]
            y, x = c >> 32, c & 0xFFFFFFFF
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
                        slot = heads + (nc & 3)
                        queue[2 * n_nodes] = (yy << 32) | xx
                        queue[2 * n_nodes + 1] = queue[slot]
                        queue[slot] = n_nodes
                        n_nodes += 1
                        live += 1
    return dist


@kernel
def path_to(terrain, building, dist, x0, y0, mode, x1, y1, cells):
    """The cheapest path ``reach`` found from (x0, y0) to (x1, y1), as cell indices (y * w + x)
    from the start to the end into ``cells`` (int64, at least budget / 2 + 1 long: a step
    costs 2 or more); returns its length, 0 if (x1, y1) was not reached. ``dist`` must be the
    field ``reach`` just filled from (x0, y0) in ``mode``.

    Walks back from the end: each step goes to the first neighbour (in a fixed scan order) from
    which ``reach`` could have stepped here at exactly the cost difference, so the path is a
    legal cheapest one and the same for the same field."""
    h, w = terrain.shape
    if dist[y1, x1] == UNREACHED:
        return 0
    own_building = building[y0, x0]
    breach = _breach_of(building, x0, y0, mode)
    n = 0
    x, y = x1, y1
    cells[n] = y * w + x
    n += 1
    while dist[y, x] > 0:
        found = False
        for dy in range(-1, 2):
            for dx in range(-1, 2):
                if found or (dx == 0 and dy == 0):
                    continue
                px, py = x - dx, y - dy  # a step of (dx, dy) from (px, py) lands here
                if not (0 <= py < h and 0 <= px < w) or dist[py, px] == UNREACHED:
                    continue
                if dx != 0 and dy != 0:  # _dijkstra's corner rule, written out in both
                    # places: a shared inlined helper made the search's hot loop slower
                    if not _passable(terrain, building, px + dx, py, mode, breach,
                                     own_building) and \
                            not _passable(terrain, building, px, py + dy, mode, breach,
                                          own_building):
                        continue
                    c = 3
                else:
                    c = 2
                if dist[py, px] + c == dist[y, x]:
                    x, y = px, py
                    found = True
        if not found:  # unreachable for a field reach filled; keep the path well formed
            break
        cells[n] = y * w + x
        n += 1
    for i in range(n // 2):  # start first
        cells[i], cells[n - 1 - i] = cells[n - 1 - i], cells[i]
    return n


def retreat_from(table, at, attacker, last_move=(0, 0), occupied=None, smoke=None, inches=3):
    """Plain-Python wrapper of ``retreat``: the cell (x, y) a pinned unit at ``at`` ends in."""
    h, w = table.terrain.shape
    occ = np.zeros((h, w), np.bool_) if occupied is None else occupied
    sm = np.full((h, w), -1, np.int32) if smoke is None else smoke
    return retreat(table.terrain, table.piece, table.building, sm, occ, at[0], at[1],
                   attacker[0], attacker[1], last_move[0], last_move[1], inches,
                   np.zeros((h, w), np.int64), np.zeros(queue_size(h, w), np.int64),
                   np.zeros(seen_size(h, w), np.int32))


def reachable(table, start, mode, inches, occupied=None) -> np.ndarray:
    """Plain-Python wrapper: cost grid int64[h, w] (half-inches, UNREACHED beyond) from
    start=(x, y) for a move of ``inches`` in ``mode``."""
    h, w = table.terrain.shape
    occ = np.zeros((h, w), np.bool_) if occupied is None else occupied
    dist = np.zeros((h, w), np.int64)
    return reach(table.terrain, table.building, occ, start[0], start[1], mode, 2 * inches,
                 dist, np.zeros(queue_size(h, w), np.int64))


@kernel
def _nearest_blocking(terrain, x, y, radius):
    """Chebyshev distance to the nearest blocking cell within ``radius``, else radius + 1."""
    h, w = terrain.shape
    for r in range(radius + 1):
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                if max(abs(dx), abs(dy)) != r:
                    continue
                yy, xx = y + dy, x + dx
                if 0 <= yy < h and 0 <= xx < w and terrain[yy, xx] == BLOCKING:
                    return r
    return radius + 1


@kernel
def retreat(terrain, piece, building, smoke, occupied, x, y, ax, ay, last_dx, last_dy, inches,
            dist, queue, seen):
    """Where a pinned unit at (x, y), fired on from (ax, ay), falls back: (x, y) after.

    Up to ``inches`` over rough ground (``GO_OVER``), never ending closer to the attacker,
    heading roughly away from the fire or against its last move (last_dx, last_dy). It goes
    to the nearest cell the attacker cannot see; if there is none in reach it ends nearest to
    blocking terrain. Arrays as in ``reach`` and ``sight``; dist, queue and seen are scratch.
    """
    reach(terrain, building, occupied, x, y, GO_OVER, 2 * inches, dist, queue)
    h, w = terrain.shape
    d0 = (x - ax) ** 2 + (y - ay) ** 2
    best_x, best_y = x, y
    best_key = (2, 1 << 30, 0)  # (class, cost or distance to cover, -distance from attacker)
    for yy in range(max(y - inches, 0), min(y + inches + 1, h)):  # 2 * inches reaches no further
        for xx in range(max(x - inches, 0), min(x + inches + 1, w)):
            cost = dist[yy, xx]
            if cost == UNREACHED or (xx == x and yy == y):
                continue
            mx, my = xx - x, yy - y
            if (xx - ax) ** 2 + (yy - ay) ** 2 < d0:
                continue  # never towards the attacking team
            away = mx * (x - ax) + my * (y - ay) >= 0
            back = mx * -last_dx + my * -last_dy >= 0 and (last_dx != 0 or last_dy != 0)
            if not (away or back):
                continue
            visible, _, _, _ = sight(terrain, piece, building, smoke, ax, ay, xx, yy, seen)
            far = -((xx - ax) ** 2 + (yy - ay) ** 2)
            if not visible:
                key = (0, cost, far)
            else:
                key = (1, _nearest_blocking(terrain, xx, yy, COVER_SEARCH), far)
            if key < best_key:
                best_key = key
                best_x, best_y = xx, yy
    return best_x, best_y
