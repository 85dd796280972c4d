"""Movement on the table: how far a piece can go and where a pinned one falls back.

Distances are in half-inches on the 1" grid: an orthogonal step costs 2, a diagonal step 3
(close to 2 * sqrt(2)), so a move of n inches has a budget of 2n. A step into difficult ground
(DIFFICULT, SHALLOW_WATER) costs ``difficult`` times that, into very difficult ground
(VERY_DIFFICULT, DEEP_WATER) ``very_difficult`` times (the caller's rule: whole numbers from 1
to MAX_GROUND_COST; defaults 2 and 4, difficult ground halves a move and very difficult ground
quarters it); leaving such ground costs what the cell stepped into costs. Two modes:
- ``GO_AROUND``: open ground only, around every piece of terrain, through smoke;
- ``GO_OVER``: may climb over or cut through non-blocking terrain, and may enter the building
  next to its start cell (a breach);
- both cross slow ground (it is no piece of terrain, only dearer);
- nobody walks through walls or other buildings.
A moving unit is a point (one cell); callers mark the cells others stand on as occupied.
"""

from __future__ import annotations

import numpy as np

from sim.core.jit import kernel, step
from sim.core.tabletop.battlefield import (
    BLOCKING,
    DIFFICULT,
    NONBLOCKING,
    OPEN,
    THICKET,
    slowness,
    visible,
)

GO_AROUND, GO_OVER = 0, 1  # movement modes
UNREACHED = 1 << 30
COVER_SEARCH = 12  # cells searched for blocking terrain when no hidden cell is in reach
DIFFICULT_COST, VERY_DIFFICULT_COST = 2, 4  # default step multipliers on slow ground
BUCKETS = 64  # bucket heads of the search: a power of two above its dearest step
MAX_GROUND_COST = (BUCKETS - 1) // 3  # largest multiplier: a diagonal step costs 3 times it


@kernel
def queue_size(h, w):
    """Entries the ``queue`` scratch of ``reach`` needs: fewer than 2 * h * w search nodes
    (4 * h * w entries), a memo of the last search (MEMO_HEAD + h * w entries at most), the
    search's window twice, its step costs and its costs ((h + 2) * (w + 2) cells at most each)
    and BUCKETS bucket heads (see ``reach``). Neither the budget nor the ground multipliers
    change it."""
    return 7 * h * w + 4 * (h + w) + MEMO_HEAD + 8 + BUCKETS


@kernel
def _passable(terrain, building, x, y, mode, breach_building, own_building):
    kind = terrain[y, x]
    if kind == BLOCKING:
        b = building[y, x]
        return b >= 0 and (b == breach_building or b == own_building)
    if kind == NONBLOCKING or kind == THICKET:
        return mode == GO_OVER
    return True


@kernel
def step_cost(kind, difficult, very_difficult, obstacle=DIFFICULT_COST):
    """Half-inches of an orthogonal step into a cell of terrain ``kind``: 2 times its ground's
    multiplier, ``obstacle`` times for a THICKET (a diagonal step costs half as much again).
    Takes the code, not the array: a call handed an array pays its reference counting."""
    if kind == THICKET:
        return 2 * obstacle
    slow = slowness(kind)
    if slow == 0:
        return 2
    return 2 * (difficult if slow == 1 else very_difficult)


@kernel
def _check_costs(difficult, very_difficult, obstacle=DIFFICULT_COST):
    if not (1 <= difficult <= MAX_GROUND_COST and 1 <= very_difficult <= MAX_GROUND_COST and
            1 <= obstacle <= MAX_GROUND_COST):
        raise ValueError("reach: ground cost multipliers must be whole numbers from 1 to "
                         "MAX_GROUND_COST")


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
MEMO_HEAD = 13  # tag, x0, y0, mode, budget, h, w, where terrain, building, dist live, multipliers


@kernel
def _window(h, w, x0, y0, budget):
    """The cells a search of ``budget`` from (x0, y0) can read: (y_lo, y_hi, x_lo, x_hi)."""
    rr = max(budget // 2 + 1, 1)
    return max(y0 - rr, 0), min(y0 + rr + 1, h), max(x0 - rr, 0), min(x0 + rr + 1, w)


@kernel
def reach(terrain, building, occupied, x0, y0, mode, budget, dist, queue,
          difficult=DIFFICULT_COST, very_difficult=VERY_DIFFICULT_COST, obstacle=DIFFICULT_COST):
    """Cheapest cost (half-inches) from (x0, y0) in ``mode`` to every cell within ``budget``
    (int); others are UNREACHED. ``terrain`` int8[h, w], ``building`` int32[h, w],
    ``occupied`` bool[h, w] marks cells others stand on (not enterable). ``dist`` int64[h, w]
    (filled and returned) and ``queue`` int64[queue_size(h, w)] are scratch; a shorter
    ``queue`` raises ValueError before anything is written. ``difficult`` and
    ``very_difficult`` (ints, 1 to MAX_GROUND_COST, else ValueError) multiply the cost of a
    step into difficult and very difficult ground, ``obstacle`` (the same range) a step into a
    THICKET (crossed in ``GO_OVER`` only, as any low piece).

    Commanders search from a team's cell and the engine then searches again from the same cell
    for the move it ordered, so ``queue`` keeps a memo of the last search: its start, mode,
    budget and ground multipliers, which terrain, building and dist arrays it used (their
    addresses) and the occupied cells it could read. The search reads the arrays only within
    ``budget // 2 + 1`` cells (Chebyshev) of the start (a step costs 2 or more and moves one
    cell, so a cell it expands lies within ``budget // 2``, its neighbours one further; the
    breach test reads the start's neighbours). A call matching the memo in all of these returns
    ``dist`` untouched: it already holds the answer, provided the caller keeps the contract
    every caller here keeps: ``dist`` is written only by ``reach`` (callers read it), and a
    table's terrain and building arrays are not edited in place while they are in play. Layout
    of ``queue``: search nodes in [0, 4 * h * w), the memo from 4 * h * w (MEMO_HEAD entries,
    then one per window cell), the search's window grids (step costs, then costs) from 5 * h *
    w + MEMO_HEAD, the BUCKETS bucket heads last."""
    h, w = terrain.shape
    if queue.shape[0] < queue_size(h, w):
        raise ValueError("reach: queue shorter than queue_size(h, w)")
    _check_costs(difficult, very_difficult, obstacle)
    y_lo, y_hi, x_lo, x_hi = _window(h, w, x0, y0, budget)
    m = 4 * h * w
    use_memo = dist.shape[0] == h and dist.shape[1] == w
    t_at, b_at, d_at = terrain.ctypes.data, building.ctypes.data, dist.ctypes.data
    if use_memo and queue[m] == MEMO_TAG and queue[m + 1] == x0 and queue[m + 2] == y0 and \
            queue[m + 3] == mode and queue[m + 4] == budget and queue[m + 5] == h and \
            queue[m + 6] == w and queue[m + 7] == t_at and queue[m + 8] == b_at and \
            queue[m + 9] == d_at and queue[m + 10] == difficult and \
            queue[m + 11] == very_difficult and queue[m + 12] == obstacle:
        differ = False
        i = m + MEMO_HEAD
        for y in range(y_lo, y_hi):
            for x in range(x_lo, x_hi):
                differ |= queue[i] != occupied[y, x]
                i += 1
        if not differ:
            return dist
    _dijkstra(terrain, building, occupied, x0, y0, mode, budget, dist, queue, difficult,
              very_difficult, obstacle)
    if use_memo:
        queue[m] = MEMO_TAG
        queue[m + 1] = x0
        queue[m + 2] = y0
        queue[m + 3] = mode
        queue[m + 4] = budget
        queue[m + 5] = h
        queue[m + 6] = w
        queue[m + 7] = t_at
        queue[m + 8] = b_at
        queue[m + 9] = d_at
        queue[m + 10] = difficult
        queue[m + 11] = very_difficult
        queue[m + 12] = obstacle
        i = m + MEMO_HEAD
        for y in range(y_lo, y_hi):
            for x in range(x_lo, x_hi):
                queue[i] = occupied[y, x]
                i += 1
    return dist


KEPT_HEAD = 4  # reach_kept's header: slot whose search dist holds (-1 none), clock, slots, cells
KEPT_SLOT_HEAD = 11  # per slot: x0, y0, mode, budget, h, w, terrain, building, dist, multipliers
# (then its last use and its window's cell count follow the head: KEPT_SLOT_HEAD + 2 entries)


@kernel
def kept_size(slots, cells):
    """Entries of ``reach_kept``'s ``kept`` memo: ``slots`` searches whose windows (``_window``)
    hold at most ``cells`` cells each (a larger search is run every time, not kept)."""
    return KEPT_HEAD + slots * (KEPT_SLOT_HEAD + 2 + 2 * cells)


@kernel
def window_cells(h, w, budget):
    """Cells of the largest window (``_window``) a search of ``budget`` reads on an h x w table:
    the ``cells`` that ``kept_size`` needs to keep such searches."""
    rr = max(budget // 2 + 1, 1)
    return min(2 * rr + 1, h) * min(2 * rr + 1, w)


@kernel
def kept_init(kept, slots, cells):
    """Make ``kept`` (int64[kept_size(slots, cells)], its contents ignored) an empty memo of
    ``slots`` searches of at most ``cells`` window cells each; returns it."""
    if kept.shape[0] < kept_size(slots, cells):
        raise ValueError("kept_init: kept shorter than kept_size(slots, cells)")
    kept[0] = -1
    kept[1] = 0
    kept[2] = slots
    kept[3] = cells
    for i in range(slots):
        kept[_kept_slot(slots, cells, i)] = -1  # x0 -1: empty
    return kept


@step
def _kept_slot(slots, cells, i):
    return KEPT_HEAD + i * (KEPT_SLOT_HEAD + 2 + 2 * cells)


@kernel
def reach_kept(terrain, building, occupied, x0, y0, mode, budget, dist, queue, kept,
               difficult=DIFFICULT_COST, very_difficult=VERY_DIFFICULT_COST):
    """``reach`` with a memo of the last ``slots`` searches (``kept``, set up by ``kept_init``)
    instead of the last one: same arguments and the same ``dist``; ``queue`` is scratch (its memo
    part is neither read nor written). A game searches again from a cell it searched a few
    searches earlier (a team that stayed put, searched again next turn with the same cells
    occupied around it), so each slot keeps a search's start, mode, budget, ground multipliers,
    the arrays it used (addresses), the occupied cells of its window (``_window``) and the costs
    it found there; a search matching a slot in all of these copies those costs back (the rest
    of ``dist`` is UNREACHED, as a search leaves it), or returns ``dist`` untouched when it holds
    that slot's search already. The least recently used slot goes first. Same contract as
    ``reach``: ``dist`` is written only by ``reach_kept`` with this ``kept`` (callers read it),
    and terrain and building are not edited in place while in play."""
    h, w = terrain.shape
    slots, cells = kept[2], kept[3]
    y_lo, y_hi, x_lo, x_hi = _window(h, w, x0, y0, budget)
    n = (y_hi - y_lo) * (x_hi - x_lo)
    t_at, b_at, d_at = terrain.ctypes.data, building.ctypes.data, dist.ctypes.data
    if queue.shape[0] < queue_size(h, w):
        raise ValueError("reach_kept: queue shorter than queue_size(h, w)")
    kept[1] += 1
    if n > cells:  # too large to keep: searched every time
        kept[0] = -1
        _check_costs(difficult, very_difficult)
        return _dijkstra_kept(terrain, building, occupied, x0, y0, mode, budget, dist, queue,
                              difficult, very_difficult)
    victim = -1
    oldest = 1 << 62
    for i in range(slots):
        k = _kept_slot(slots, cells, i)
        used = kept[k + KEPT_SLOT_HEAD]
        if kept[k] == -1:  # empty: the first one is filled before any is evicted
            if oldest >= 0:
                victim, oldest = i, -1
            continue
        if used < oldest:
            victim, oldest = i, used
        if kept[k] != x0 or kept[k + 1] != y0 or kept[k + 2] != mode or kept[k + 3] != budget or \
                kept[k + 4] != h or kept[k + 5] != w or kept[k + 6] != t_at or \
                kept[k + 7] != b_at or kept[k + 8] != d_at or kept[k + 9] != difficult or \
                kept[k + 10] != very_difficult:
            continue
        j = k + KEPT_SLOT_HEAD + 2
        same = True
        for y in range(y_lo, y_hi):
            for x in range(x_lo, x_hi):
                if kept[j] != occupied[y, x]:
                    same = False
                    break
                j += 1
            if not same:
                break
        if not same:
            continue
        kept[k + KEPT_SLOT_HEAD] = kept[1]
        if kept[0] != i:
            dist[:, :] = UNREACHED
            j = k + KEPT_SLOT_HEAD + 2 + n
            for y in range(y_lo, y_hi):
                for x in range(x_lo, x_hi):
                    dist[y, x] = kept[j]
                    j += 1
            kept[0] = i
        return dist
    _check_costs(difficult, very_difficult)
    _dijkstra_kept(terrain, building, occupied, x0, y0, mode, budget, dist, queue, difficult,
                   very_difficult)
    k = _kept_slot(slots, cells, victim)
    kept[k] = x0
    kept[k + 1] = y0
    kept[k + 2] = mode
    kept[k + 3] = budget
    kept[k + 4] = h
    kept[k + 5] = w
    kept[k + 6] = t_at
    kept[k + 7] = b_at
    kept[k + 8] = d_at
    kept[k + 9] = difficult
    kept[k + 10] = very_difficult
    kept[k + KEPT_SLOT_HEAD] = kept[1]
    kept[k + KEPT_SLOT_HEAD + 1] = n
    j = k + KEPT_SLOT_HEAD + 2
    for y in range(y_lo, y_hi):
        for x in range(x_lo, x_hi):
            kept[j] = occupied[y, x]
            kept[j + n] = dist[y, x]
            j += 1
    kept[0] = victim
    return dist


@kernel
def _dijkstra(terrain, building, occupied, x0, y0, mode, budget, dist, queue, difficult,
              very_difficult, obstacle):
    """``reach``'s search, always run.

    First the window the search can touch (cells within ``budget // 2 + 1`` of the start,
    Chebyshev, framed by one cell) is read once into a grid kept in ``queue`` after the memo:
    0 = terrain the mode may not cross (also the frame and cells off the table), 1 = terrain
    it may cross but not enter (occupied: what the corner rule asks of the two cells beside a
    diagonal step), else the cost of an orthogonal step into the cell (2 times its ground's
    multiplier; a diagonal step costs half as much again, 3 on firm ground), so the ground's
    cost is looked up once per window cell, not per step. The search (``_search``) works in
    the window's own cell numbers (no division or 2-d index in its loop): its costs go to a
    second window grid after the step costs, copied into ``dist`` at the end. Dijkstra via a
    bucket queue: one linked list of cells per cost value, nodes (window cell, next) kept at
    the start of ``queue``. A step costs at most 3 * MAX_GROUND_COST < BUCKETS, and at most 3
    where the window holds no slow ground, so only the buckets of the costs ``cost`` to ``cost
    + mask`` are ever live: mask + 1 list heads (mask = BUCKETS - 1, or 3 without slow ground),
    reused round robin (bucket ``cost & mask``), kept in the last BUCKETS entries of
    ``queue``. Each cell is expanded once (at its final cost) and relaxed at most twice (every
    step into a cell costs 2 or 3 times its multiplier: once an orthogonal step has reached it
    nothing later is cheaper), so there are at most 1 + 2 * (h * w - 1) nodes. The costs it
    finds are the unique cheapest costs, whatever order cells are expanded in."""
    h, w = terrain.shape
    dist[:, :] = UNREACHED
    own_building = building[y0, x0]
    breach = _breach_of(building, x0, y0, mode)
    y_lo, y_hi, x_lo, x_hi = _window(h, w, x0, y0, budget)
    gw = x_hi - x_lo + 2  # window width with its frame
    gh = y_hi - y_lo + 2
    g0 = 5 * h * w + MEMO_HEAD  # the window's step costs, after the memo
    d0 = g0 + gw * gh  # the window's costs, after its step costs
    for i in range(g0, g0 + gw * gh):
        queue[i] = 0
    for i in range(d0, d0 + gw * gh):
        queue[i] = UNREACHED
    slow = False  # any slow ground in the window?
    for y in range(y_lo, y_hi):
        row = g0 + (y - y_lo + 1) * gw + 1 - x_lo
        for x in range(x_lo, x_hi):
            kind = terrain[y, x]
            if kind == OPEN:  # most cells: tested first
                into = 2
            elif kind < DIFFICULT:  # a piece, BLOCKING or NONBLOCKING
                into = 2 if _passable(terrain, building, x, y, mode, breach, own_building) else 0
            elif kind == THICKET:  # a low piece crossed at ``obstacle`` times a step
                into = 2 * obstacle if mode == GO_OVER else 0
                slow = True
            else:
                into = step_cost(kind, difficult, very_difficult)
                slow = True
            if into:
                queue[row + x] = 1 if occupied[y, x] else into
    start = (y0 - y_lo + 1) * gw + (x0 - x_lo + 1)  # window cell of the start
    if slow:
        _search(queue, g0, d0, gw, start, budget, BUCKETS - 1, False)
    else:  # steps of 2 and 3 only: the same search with its step costs known when compiled
        _search(queue, g0, d0, gw, start, budget, 3, True)
    for y in range(y_lo, y_hi):
        row = d0 + (y - y_lo + 1) * gw + 1 - x_lo
        for x in range(x_lo, x_hi):
            dist[y, x] = queue[row + x]
    return dist


@step
def _search(queue, g0, d0, gw, start, budget, mask, firm):
    """``_dijkstra``'s bucket queue over the window grids (step costs from ``g0``, costs from
    ``d0``, rows ``gw`` long) from window cell ``start``: buckets ``cost & mask`` (heads in the
    last BUCKETS entries of ``queue``). ``firm`` (a constant at each call: the call is inlined
    twice) says every enterable cell costs 2, so the compiler knows each step's cost (measured
    1 to 2% of Rifle & Gun's games/s against reading every step's cost from the grid). ``live``
    counts linked nodes; the search stops once every bucket is empty."""
    heads = queue.shape[0] - BUCKETS
    for i in range(mask + 1):
        queue[heads + i] = -1
    queue[d0 + start] = 0
    queue[0] = start  # a node: its window cell, then the next node of its bucket
    queue[1] = -1
    queue[heads] = 0
    n_nodes = 1
    live = 1  # nodes linked into a bucket and not yet taken off
    for cost in range(budget + 1):
        if live == 0:
            break  # every bucket is empty: nothing more can be reached
        bucket = heads + (cost & mask)
        node = queue[bucket]
        queue[bucket] = -1
        while node >= 0:
            live -= 1
            c = queue[2 * node]
            node = queue[2 * node + 1]
            if queue[d0 + c] != cost:
                continue
            for dy in range(-1, 2):
                for dx in range(-1, 2):
                    if dx == 0 and dy == 0:
                        continue
                    n = c + dy * gw + dx
                    into = queue[g0 + n]
                    if into < 2:
                        continue  # off the table, occupied, or terrain the mode cannot cross
                    if firm:
                        into = 2
                    if dx != 0 and dy != 0:
                        # no cutting a corner between two impassable cells
                        if queue[g0 + c + dx] == 0 and queue[g0 + c + dy * gw] == 0:
                            continue
                        nc = cost + into + (into >> 1)
                    else:
                        nc = cost + into
                    if nc <= budget and nc < queue[d0 + n]:
                        queue[d0 + n] = nc
                        slot = heads + (nc & mask)
                        queue[2 * n_nodes] = n
                        queue[2 * n_nodes + 1] = queue[slot]
                        queue[slot] = n_nodes
                        n_nodes += 1
                        live += 1


@kernel
def _dijkstra_kept(terrain, building, occupied, x0, y0, mode, budget, dist, queue, difficult,
                   very_difficult):
    """``_dijkstra`` for ``reach_kept``: the same window grids, search and costs, with the
    window's step costs read without calls and the search's eight steps written out
    (``_search_steps``), measured about 15% faster on Rifle & Gun's searches."""
    h, w = terrain.shape
    dist[:, :] = UNREACHED
    own_building = building[y0, x0]
    breach = _breach_of(building, x0, y0, mode)
    y_lo, y_hi, x_lo, x_hi = _window(h, w, x0, y0, budget)
    gw = x_hi - x_lo + 2  # window width with its frame
    gh = y_hi - y_lo + 2
    g0 = 5 * h * w + MEMO_HEAD  # the window's step costs, after the memo
    d0 = g0 + gw * gh  # the window's costs, after its step costs
    for i in range(g0, g0 + gw * gh):
        queue[i] = 0
    for i in range(d0, d0 + gw * gh):
        queue[i] = UNREACHED
    slow = False  # any slow ground in the window?
    over = mode == GO_OVER
    for y in range(y_lo, y_hi):
        row = g0 + (y - y_lo + 1) * gw + 1 - x_lo
        for x in range(x_lo, x_hi):
            kind = terrain[y, x]
            if kind == OPEN:  # most cells: tested first
                into = 2
            elif kind == BLOCKING:  # _passable, written out
                b = building[y, x]
                into = 2 if b >= 0 and (b == breach or b == own_building) else 0
            elif kind == NONBLOCKING:
                into = 2 if over else 0
            elif kind == THICKET:  # (no game of reach_kept's has one: the default multiplier)
                into = 2 * DIFFICULT_COST if over else 0
                slow = True
            else:
                into = step_cost(kind, difficult, very_difficult)
                slow = True
            if into:
                queue[row + x] = 1 if occupied[y, x] else into
    start = (y0 - y_lo + 1) * gw + (x0 - x_lo + 1)  # window cell of the start
    if slow:
        _search_steps(queue, g0, d0, gw, start, budget, BUCKETS - 1, False)
    else:
        _search_steps(queue, g0, d0, gw, start, budget, 3, True)
    for y in range(y_lo, y_hi):
        row = d0 + (y - y_lo + 1) * gw + 1 - x_lo
        for x in range(x_lo, x_hi):
            dist[y, x] = queue[row + x]
    return dist


@step
def _push(queue, d0, heads, mask, n, nc, n_nodes):
    """Link window cell n at cost nc into its bucket (``_search``'s push); the nodes after."""
    queue[d0 + n] = nc
    slot = heads + (nc & mask)
    queue[2 * n_nodes] = n
    queue[2 * n_nodes + 1] = queue[slot]
    queue[slot] = n_nodes
    return n_nodes + 1


@step
def _search_steps(queue, g0, d0, gw, start, budget, mask, firm):
    """``_search`` with the eight steps from a cell written out one by one (west, east, north,
    south, then the diagonals), the four cells beside it read once for the corner rule: the
    same costs (any expansion order finds the unique cheapest ones)."""
    heads = queue.shape[0] - BUCKETS
    for i in range(mask + 1):
        queue[heads + i] = -1
    queue[d0 + start] = 0
    queue[0] = start
    queue[1] = -1
    queue[heads] = 0
    n_nodes = 1
    live = 1
    for cost in range(budget + 1):
        if live == 0:
            break
        bucket = heads + (cost & mask)
        node = queue[bucket]
        queue[bucket] = -1
        while node >= 0:
            live -= 1
            c = queue[2 * node]
            node = queue[2 * node + 1]
            if queue[d0 + c] != cost:
                continue
            gc = g0 + c
            dc = d0 + c
            cw = queue[gc - 1]
            ce = queue[gc + 1]
            cn = queue[gc - gw]
            cs = queue[gc + gw]
            before = n_nodes
            if firm:  # every enterable cell costs 2 to step into, 3 diagonally
                nc = cost + 2
                if nc <= budget:
                    if cw >= 2 and nc < queue[dc - 1]:
                        n_nodes = _push(queue, d0, heads, mask, c - 1, nc, n_nodes)
                    if ce >= 2 and nc < queue[dc + 1]:
                        n_nodes = _push(queue, d0, heads, mask, c + 1, nc, n_nodes)
                    if cn >= 2 and nc < queue[dc - gw]:
                        n_nodes = _push(queue, d0, heads, mask, c - gw, nc, n_nodes)
                    if cs >= 2 and nc < queue[dc + gw]:
                        n_nodes = _push(queue, d0, heads, mask, c + gw, nc, n_nodes)
                    nc = cost + 3
                    if nc <= budget:  # no cutting a corner between two impassable cells
                        if (cw != 0 or cn != 0) and queue[gc - gw - 1] >= 2 and \
                                nc < queue[dc - gw - 1]:
                            n_nodes = _push(queue, d0, heads, mask, c - gw - 1, nc, n_nodes)
                        if (ce != 0 or cn != 0) and queue[gc - gw + 1] >= 2 and \
                                nc < queue[dc - gw + 1]:
                            n_nodes = _push(queue, d0, heads, mask, c - gw + 1, nc, n_nodes)
                        if (cw != 0 or cs != 0) and queue[gc + gw - 1] >= 2 and \
                                nc < queue[dc + gw - 1]:
                            n_nodes = _push(queue, d0, heads, mask, c + gw - 1, nc, n_nodes)
                        if (ce != 0 or cs != 0) and queue[gc + gw + 1] >= 2 and \
                                nc < queue[dc + gw + 1]:
                            n_nodes = _push(queue, d0, heads, mask, c + gw + 1, nc, n_nodes)
            else:
                for k in range(8):
                    if k == 0:
                        n, diag, ok = c - 1, False, True
                    elif k == 1:
                        n, diag, ok = c + 1, False, True
                    elif k == 2:
                        n, diag, ok = c - gw, False, True
                    elif k == 3:
                        n, diag, ok = c + gw, False, True
                    elif k == 4:
                        n, diag, ok = c - gw - 1, True, cw != 0 or cn != 0
                    elif k == 5:
                        n, diag, ok = c - gw + 1, True, ce != 0 or cn != 0
                    elif k == 6:
                        n, diag, ok = c + gw - 1, True, cw != 0 or cs != 0
                    else:
                        n, diag, ok = c + gw + 1, True, ce != 0 or cs != 0
                    into = queue[g0 + n]
                    if into < 2 or not ok:
                        continue
                    nc = cost + into + (into >> 1) if diag else cost + into
                    if nc <= budget and nc < queue[d0 + n]:
                        n_nodes = _push(queue, d0, heads, mask, n, nc, n_nodes)
            live += n_nodes - before


@kernel
def path_to(terrain, building, dist, x0, y0, mode, x1, y1, cells,
            difficult=DIFFICULT_COST, very_difficult=VERY_DIFFICULT_COST, obstacle=DIFFICULT_COST):
    """The cheapest path ``reach`` found from (x0, y0) to (x1, y1), as cell indices (y * w + x)
    from the start to the end into ``cells`` (int64, at least budget / 2 + 1 long: a step
    costs 2 or more); returns its length, 0 if (x1, y1) was not reached. ``dist`` must be the
    field ``reach`` just filled from (x0, y0) in ``mode`` with the same ground multipliers.

    Walks back from the end: each step goes to the first neighbour (in a fixed scan order) from
    which ``reach`` could have stepped here at exactly the cost difference (the step's cost
    into this cell's ground), so the path is a legal cheapest one and the same for the same
    field."""
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
        into = step_cost(terrain[y, x], difficult, very_difficult, obstacle)  # into (x, y)
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
                    c = into + (into >> 1)
                else:
                    c = into
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


def retreat_from(table, at, attacker, last_move=(0, 0), occupied=None, inches=3,
                 difficult=DIFFICULT_COST, very_difficult=VERY_DIFFICULT_COST):
    """Plain-Python wrapper of ``retreat``: the cell (x, y) a pinned unit at ``at`` ends in."""
    h, w = table.terrain.shape
    occ = np.zeros((h, w), np.bool_) if occupied is None else occupied
    return retreat(table.terrain, table.building, cover_distance(table.terrain), occ, at[0],
                   at[1], attacker[0], attacker[1], last_move[0], last_move[1], inches,
                   np.zeros((h, w), np.int64), np.zeros(queue_size(h, w), np.int64),
                   difficult, very_difficult)


def reachable(table, start, mode, inches, occupied=None, difficult=DIFFICULT_COST,
              very_difficult=VERY_DIFFICULT_COST, obstacle=DIFFICULT_COST) -> np.ndarray:
    """Plain-Python wrapper: cost grid int64[h, w] (half-inches, UNREACHED beyond) from
    start=(x, y) for a move of ``inches`` in ``mode``, slow ground costing ``difficult`` and
    ``very_difficult`` times a step, a THICKET ``obstacle`` times."""
    h, w = table.terrain.shape
    occ = np.zeros((h, w), np.bool_) if occupied is None else occupied
    dist = np.zeros((h, w), np.int64)
    return reach(table.terrain, table.building, occ, start[0], start[1], mode, 2 * inches,
                 dist, np.zeros(queue_size(h, w), np.int64), difficult, very_difficult,
                 obstacle)


@kernel
def cover_distance(terrain):
    """Chebyshev distance (cells) from every cell to the nearest blocking cell on the table,
    capped at COVER_SEARCH + 1 (none that close): int64[h, w]. Two raster passes with every
    one of the 8 steps costing 1, which is exact for the Chebyshev distance. A table's cover
    never changes in play, so a game computes this once."""
    h, w = terrain.shape
    far = COVER_SEARCH + 1
    d = np.full((h, w), far, dtype=np.int64)
    for y in range(h):
        for x in range(w):
            if terrain[y, x] == BLOCKING:
                d[y, x] = 0
    for y in range(h):  # from the top left: the neighbours already passed
        for x in range(w):
            best = d[y, x]
            if x > 0:
                best = min(best, d[y, x - 1] + 1)
            if y > 0:
                best = min(best, d[y - 1, x] + 1)
                if x > 0:
                    best = min(best, d[y - 1, x - 1] + 1)
                if x < w - 1:
                    best = min(best, d[y - 1, x + 1] + 1)
            d[y, x] = best
    for y in range(h - 1, -1, -1):  # from the bottom right
        for x in range(w - 1, -1, -1):
            best = d[y, x]
            if x < w - 1:
                best = min(best, d[y, x + 1] + 1)
            if y < h - 1:
                best = min(best, d[y + 1, x] + 1)
                if x < w - 1:
                    best = min(best, d[y + 1, x + 1] + 1)
                if x > 0:
                    best = min(best, d[y + 1, x - 1] + 1)
            d[y, x] = min(best, far)
    return d


@kernel
def retreat(terrain, building, cover, occupied, x, y, ax, ay, last_dx, last_dy, inches, dist,
            queue, difficult=DIFFICULT_COST, very_difficult=VERY_DIFFICULT_COST):
    """Where a pinned unit at (x, y), fired on from (ax, ay), falls back: (x, y) after.

    Up to ``inches`` over low terrain (``GO_OVER``; slow ground costing ``difficult`` and
    ``very_difficult`` times a step, as in ``reach``), never ending closer to the attacker,
    heading roughly away from the fire or against its last move (last_dx, last_dy). It goes
    to the nearest cell the attacker cannot see; if there is none in reach it ends nearest to
    blocking terrain. Arrays as in ``reach``; ``cover`` is the table's ``cover_distance``;
    dist and queue are scratch.
    """
    reach(terrain, building, occupied, x, y, GO_OVER, 2 * inches, dist, queue, difficult,
          very_difficult)
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
            seen_by = visible(terrain, building, ax, ay, xx, yy)
            far = -((xx - ax) ** 2 + (yy - ay) ** 2)
            if not seen_by:
                key = (0, cost, far)
            else:
                key = (1, cover[yy, xx], far)
            if key < best_key:
                best_key = key
                best_x, best_y = xx, yy
    return best_x, best_y
