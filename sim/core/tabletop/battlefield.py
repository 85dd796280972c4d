"""A miniatures table: a grid of 1" cells (3' x 3' by default) with terrain pieces, line of
sight and what lies along it (the cover a game turns into defence dice).

Cells (int8 ``terrain[y, x]``): OPEN, BLOCKING (buildings, walls) or NONBLOCKING (low walls,
hedges, fences, trees; THICKET a low piece a game finds too large to cross freely), or slow
ground: DIFFICULT, VERY_DIFFICULT (rough ground),
SHALLOW_WATER (difficult) and DEEP_WATER (very difficult). Slow ground is open ground for sight
and cover (nothing here tests for it: ``sight`` and ``visible`` look for BLOCKING and
NONBLOCKING (and THICKET) only); only movement costs more over it (``movement``). ``piece[y, x]`` numbers
every terrain piece (slow ground has none, -1), so two hedges count as two pieces and one long
hedge as one. ``building[y, x]`` numbers building footprints: a unit inside a building sees out
of it and is seen through it (windows), and counts as behind blocking terrain.

Line of sight runs from cell centre to cell centre through every cell the segment touches
(Amanatides-Woo traversal). A unit is a point (one cell). "Behind blocking terrain": the target
is inside a building, or one of its 8 neighbours is a blocking cell within 45 degrees (inclusive)
of the direction to the viewer (a wall's end, a building corner the line of fire grazes); not
when that building is the one the viewer stands in. Non-blocking pieces on the cells between or
on the target's own cell count, once each, except pieces touching the viewer's cell (one sees
over the low wall one stands behind). Smoke is counted once per cloud on the viewer's own cell,
the cells between and the target's own cell: smoke next to or around the viewer counts, and a
target standing in a cloud is concealed by it.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from sim.core.jit import kernel, step

OPEN, BLOCKING, NONBLOCKING = 0, 1, 2
DIFFICULT, VERY_DIFFICULT = 3, 4  # rough ground (scree, rubble, mud): slows, no cover
# (slow ground's codes come after the others: ``slowness`` tests ``kind < DIFFICULT`` first)
SHALLOW_WATER, DEEP_WATER = 5, 6  # water: difficult / very difficult ground, and wet
THICKET = 7  # a low piece too large to cross freely (more than 1" across both ways, a game's
# call: ``generate`` never draws one, a game turns its NONBLOCKING pieces into it): sight and
# cover as NONBLOCKING, movement at ``obstacle`` times a step (``movement.reach``)
WATERWAYS = ("none", "stream", "river")  # generate's ``water``
GROUND_CHARS = {DIFFICULT: ":", VERY_DIFFICULT: ";", SHALLOW_WATER: "~", DEEP_WATER: "="}
DENSITIES = {"open": 0.0, "light": 0.5, "medium": 1.0, "dense": 1.8}


@step
def is_water(kind):
    """True for a water cell (SHALLOW_WATER or DEEP_WATER)."""
    return kind == SHALLOW_WATER or kind == DEEP_WATER


@step
def is_low(kind):
    """True for a low piece (NONBLOCKING or THICKET): partial cover, seen over."""
    return kind == NONBLOCKING or kind == THICKET


@kernel
def piece_span(piece, out):
    """For every cell of a terrain piece, the piece's narrower side in cells (pieces are the
    rectangles ``place`` lays: its run of cells along the row and down the column); 0 on cells
    of no piece. ``out`` int64[h, w] (filled and returned)."""
    h, w = piece.shape
    for y in range(h):
        for x in range(w):
            pid = piece[y, x]
            if pid < 0:
                out[y, x] = 0
                continue
            x0 = x
            while x0 > 0 and piece[y, x0 - 1] == pid:
                x0 -= 1
            x1 = x
            while x1 < w - 1 and piece[y, x1 + 1] == pid:
                x1 += 1
            y0 = y
            while y0 > 0 and piece[y0 - 1, x] == pid:
                y0 -= 1
            y1 = y
            while y1 < h - 1 and piece[y1 + 1, x] == pid:
                y1 += 1
            out[y, x] = min(x1 - x0 + 1, y1 - y0 + 1)
    return out


@step
def slowness(kind):
    """0 on ground at full pace (open, pieces, buildings), 1 on difficult ground (DIFFICULT,
    SHALLOW_WATER), 2 on very difficult ground (VERY_DIFFICULT, DEEP_WATER)."""
    if kind < DIFFICULT:  # the codes of slow ground are the ones from DIFFICULT up
        return 0
    if kind == DIFFICULT or kind == SHALLOW_WATER:
        return 1
    if kind == VERY_DIFFICULT or kind == DEEP_WATER:
        return 2
    return 0


class Table(NamedTuple):
    """One battlefield. Arrays are [y, x]; 1 cell = 1 inch."""

    terrain: np.ndarray  # int8
    piece: np.ndarray  # int32, -1 none
    building: np.ndarray  # int32, -1 none

    @property
    def width(self) -> int:
        return self.terrain.shape[1]

    @property
    def height(self) -> int:
        return self.terrain.shape[0]


def empty(width: int = 36, height: int = 36) -> Table:
    """An open table: terrain int8[height, width] all OPEN, no pieces, no buildings."""
    return Table(np.zeros((height, width), np.int8), np.full((height, width), -1, np.int32),
                 np.full((height, width), -1, np.int32))


def place(table: Table, x0: int, y0: int, x1: int, y1: int, kind: int, building: bool = False):
    """Put one terrain piece (``kind`` a terrain code) on the rectangle [x0..x1] x [y0..y1]
    (inclusive), in place; returns its piece id."""
    pid = int(table.piece.max()) + 1
    table.terrain[y0:y1 + 1, x0:x1 + 1] = kind
    table.piece[y0:y1 + 1, x0:x1 + 1] = pid
    if building:
        table.building[y0:y1 + 1, x0:x1 + 1] = int(table.building.max()) + 1
    return pid


def generate(density: str | float, seed: int, width: int = 36, height: int = 36,
             deploy_depth: int = 3, water: str = "none", rough: int = 0) -> Table:
    """A random table of ``width`` x ``height`` cells: buildings, walls, hedges and trees,
    about ``density`` times a medium table's count ("open", "light", "medium", "dense" or a
    number). Strips ``deploy_depth`` deep along the top and bottom edges and the 3 x 3 cells at
    the centre stay clear (deployment zones, an objective).

    ``water`` ("none", "stream" or "river") lays a band of water across the table
    (``water_band``): a stream is SHALLOW_WATER, a river DEEP_WATER with one or two fords of
    SHALLOW_WATER. ``rough`` (int >= 0) scatters that many patches of DIFFICULT ground
    (``rough_patches``). Both go only on cells the pieces left OPEN, drawn after the pieces from
    generators of their own derived from ``seed``: the pieces are the same whatever ``water``
    and ``rough`` are, and with the defaults the table is exactly the one of a call without
    them."""
    if water not in WATERWAYS:
        raise ValueError(f"generate: water {water!r}; expected one of {WATERWAYS}")
    if int(rough) != rough or rough < 0:
        raise ValueError(f"generate: rough {rough!r}; expected a whole number >= 0")
    d = DENSITIES[density] if isinstance(density, str) else float(density)
    rng = np.random.default_rng(seed)
    t = empty(width, height)
    keep_clear = np.zeros((height, width), bool)
    keep_clear[:deploy_depth] = keep_clear[height - deploy_depth:] = True
    cy, cx = height // 2, width // 2
    keep_clear[cy - 1:cy + 2, cx - 1:cx + 2] = True

    def try_place(w, h, kind, building=False):
        for _ in range(30):
            x0 = int(rng.integers(0, width - w + 1))
            y0 = int(rng.integers(0, height - h + 1))
            area = (slice(max(y0 - 1, 0), y0 + h + 1), slice(max(x0 - 1, 0), x0 + w + 1))
            if keep_clear[y0:y0 + h, x0:x0 + w].any() or (t.terrain[area] != OPEN).any():
                continue  # pieces never touch, so each keeps its own count
            place(t, x0, y0, x0 + w - 1, y0 + h - 1, kind, building)
            return

    for _ in range(round(4 * d)):  # buildings 3-6" a side
        try_place(int(rng.integers(3, 7)), int(rng.integers(3, 7)), BLOCKING, building=True)
    for _ in range(round(3 * d)):  # walls 4-8" long
        n = int(rng.integers(4, 9))
        try_place(*((n, 1) if rng.random() < 0.5 else (1, n)), BLOCKING)
    for _ in range(round(8 * d)):  # low walls, hedges, fences 3-8" long
        n = int(rng.integers(3, 9))
        try_place(*((n, 1) if rng.random() < 0.5 else (1, n)), NONBLOCKING)
    for _ in range(round(10 * d)):  # trees and bushes
        try_place(int(rng.integers(1, 3)), int(rng.integers(1, 3)), NONBLOCKING)
    if water != "none":
        water_band(t, seed, deploy_depth, river=water == "river")
    if rough:
        rough_patches(t, seed, deploy_depth, int(rough))
    return t


WATER_SALT, ROUGH_SALT = 0x5741, 0x524F  # keys of the water's and rough ground's generators
BAND_WIDTH = (2, 3)  # inches across a stream or river (drawn per table)
MEANDER = 0.3  # chance per column that the band changes course (down, level or up)
FORD_WIDTH = (2, 3)  # columns of a river's ford


def water_band(table: Table, seed: int, deploy_depth: int, river: bool = False):
    """Lay a stream (SHALLOW_WATER) or a river (DEEP_WATER, with fords) on ``table`` in place;
    returns (top int64[w], width): the band covers rows top[x] .. top[x] + width - 1 of column x.

    The band runs from the left edge to the right edge between the deployment strips (rows
    ``deploy_depth`` to ``height - deploy_depth - 1``), 2 or 3 cells deep, and meanders: its
    top row moves by at most one cell a column, so it stays 4-connected and no step (not even a
    diagonal) crosses it without entering it. It may cross the centre keep-clear cells (they
    keep pieces off an objective; a ford or a stream there is fair ground). Only OPEN cells
    turn to water: a piece standing in the band stays (a hedge there is a dry crossing for a
    move over low terrain). A river gets 1 or 2 fords, 2 or 3 columns each, where its cells are
    SHALLOW_WATER, put where the band's cells are all open when such columns exist. Drawn from
    a generator of its own (``seed`` and WATER_SALT). Raises ValueError if fewer than 2 rows lie
    between the strips."""
    h, w = table.terrain.shape
    rng = np.random.default_rng([WATER_SALT, seed])
    lo, hi = deploy_depth, h - deploy_depth  # rows the band may use: [lo, hi)
    if hi - lo < BAND_WIDTH[0]:
        raise ValueError(f"generate: no room for water between deployment strips {deploy_depth} "
                         f"deep on a table {h} deep; expected at least {BAND_WIDTH[0]} rows "
                         "between them")
    bw = min(int(rng.integers(BAND_WIDTH[0], BAND_WIDTH[1] + 1)), hi - lo)
    top = np.zeros(w, np.int64)
    y = int(rng.integers(lo, hi - bw + 1))
    slope = int(rng.integers(-1, 2))
    for x in range(w):
        top[x] = y
        if rng.random() < MEANDER:
            slope = int(rng.integers(-1, 2))
        if not lo <= y + slope <= hi - bw:
            slope = -slope  # turn back from a deployment strip
        y = min(max(y + slope, lo), hi - bw)
    band = np.zeros((h, w), bool)
    for x in range(w):
        band[top[x]:top[x] + bw, x] = True
    wet = band & (table.terrain == OPEN)
    table.terrain[wet] = DEEP_WATER if river else SHALLOW_WATER
    if river:
        clear = np.array([(table.terrain[band[:, x], x] == DEEP_WATER).all() for x in range(w)])
        n = int(rng.integers(1, 3))
        for i in range(n):  # one ford in each of n equal stretches of the band
            fw = int(rng.integers(FORD_WIDTH[0], FORD_WIDTH[1] + 1))
            a = i * w // n
            b = max((i + 1) * w // n - fw, a)  # ford starts within the stretch
            starts = [s for s in range(a, b + 1) if clear[s:s + fw].all()] or list(range(a, b + 1))
            s = starts[int(rng.integers(len(starts)))]
            cols = np.zeros((h, w), bool)
            cols[:, s:s + fw] = True
            table.terrain[wet & cols] = SHALLOW_WATER
    return top, bw


ROUGH_SIZE = (2, 5)  # a rough patch's sides in inches (before its corners are worn)


def rough_patches(table: Table, seed: int, deploy_depth: int, n: int):
    """Scatter ``n`` patches of DIFFICULT ground (rubble, scree, mud) on ``table`` in place:
    rectangles 2-4" a side with each corner cell dropped at even odds, on OPEN cells outside
    the deployment strips and the centre 3 x 3 (a patch may be cut short by pieces, water and
    those areas). Drawn from a generator of its own (``seed`` and ROUGH_SALT)."""
    h, w = table.terrain.shape
    rng = np.random.default_rng([ROUGH_SALT, seed])
    free = table.terrain == OPEN
    free[:deploy_depth] = free[h - deploy_depth:] = False
    cy, cx = h // 2, w // 2
    free[cy - 1:cy + 2, cx - 1:cx + 2] = False
    for _ in range(n):
        pw, ph = (int(v) for v in rng.integers(ROUGH_SIZE[0], ROUGH_SIZE[1], size=2))
        x0 = int(rng.integers(0, w - pw + 1))
        y0 = int(rng.integers(0, h - ph + 1))
        patch = np.ones((ph, pw), bool)
        for yy, xx in ((0, 0), (0, pw - 1), (ph - 1, 0), (ph - 1, pw - 1)):
            patch[yy, xx] = rng.random() < 0.5
        area = (slice(y0, y0 + ph), slice(x0, x0 + pw))
        table.terrain[area][patch & free[area]] = DIFFICULT


LOS_MEMO = 4096  # entries of the line-of-sight memo a game's ``seen`` scratch may carry


@kernel
def seen_list_size(h, w):
    """Entries of the list part of ``seen``: a line crosses fewer than w + h cells and each can
    add one piece and one smoke cloud to the list; the shooter's cell adds at most a cloud and
    the target's a piece (4 entries of margin)."""
    return 2 * (w + h) + 4


def seen_size(h: int, w: int, memo: int = 0) -> int:
    """Entries of the ``seen`` scratch: the list ``sight`` needs, then ``memo`` entries (0, or a
    power of two such as ``LOS_MEMO``) of the line-of-sight memo ``geometry.sees`` keeps there
    (zeroed: empty). Only give a memo to a scratch used on one table: the memo's answers are
    the table's."""
    if memo and memo & (memo - 1):
        raise ValueError(f"seen_size: memo must be 0 or a power of two, not {memo}")
    return seen_list_size(h, w) + memo


@kernel
def _touches(piece, x, y, pid):
    """True if piece ``pid`` occupies the cell (x, y) or one of its 8 neighbours."""
    h, w = piece.shape
    for dy in range(-1, 2):
        for dx in range(-1, 2):
            yy, xx = y + dy, x + dx
            if 0 <= yy < h and 0 <= xx < w and piece[yy, xx] == pid:
                return True
    return False


@kernel
def _first_time(seen, n_seen, key):
    """True if ``key`` is not among seen[:n_seen]."""
    for i in range(n_seen):
        if seen[i] == key:
            return False
    return True


@kernel
def visible(terrain, building, x0, y0, x1, y1):
    """True if cell (x0, y0) sees (x1, y1): ``sight``'s first answer alone, walking the same
    cells and stopping at the same blocking cell, without counting what lies between (cover
    never blocks sight, so it is not needed to know whether the line is clear). The walk is
    written out here and in ``sight``: sharing it as inlined steps (set-up and next cell)
    measured about 20% slower games (stop 21, alternating runs)."""
    h, w = terrain.shape
    own_a = building[y0, x0]
    own_b = building[y1, x1]
    dx, dy = float(x1 - x0), float(y1 - y0)
    step_x = 1 if dx > 0 else -1
    step_y = 1 if dy > 0 else -1
    t_dx = abs(1.0 / dx) if dx != 0 else 1e30
    t_dy = abs(1.0 / dy) if dy != 0 else 1e30
    t_mx = 0.5 * t_dx if dx != 0 else 1e30
    t_my = 0.5 * t_dy if dy != 0 else 1e30
    x, y = x0, y0
    while x != x1 or y != y1:
        if abs(t_mx - t_my) < 1e-12:  # an exact corner: both side cells must be clear
            for cx, cy in ((x + step_x, y), (x, y + step_y)):
                if (cx, cy) != (x1, y1) and 0 <= cx < w and 0 <= cy < h:
                    if terrain[cy, cx] == BLOCKING and building[cy, cx] != own_a \
                            and building[cy, cx] != own_b:
                        return False
            x += step_x
            y += step_y
            t_mx += t_dx
            t_my += t_dy
        elif t_mx < t_my:
            x += step_x
            t_mx += t_dx
        else:
            y += step_y
            t_my += t_dy
        if x == x1 and y == y1:
            break
        if terrain[y, x] == BLOCKING:
            b = building[y, x]
            if b < 0 or (b != own_a and b != own_b):
                return False
    return True


@kernel
def sight(terrain, piece, building, smoke, x0, y0, x1, y1, seen):
    """Line of sight from cell (x0, y0) to (x1, y1): (visible, non-blocking pieces between,
    smoke clouds between, target behind blocking terrain).

    ``terrain`` int8[h, w], ``piece`` and ``building`` int32[h, w] (-1 none), ``smoke``
    int32[h, w] cloud id per cell (-1 none); ``seen`` int32 scratch of ``seen_size(h, w)``.
    Smoke counts each cloud once over the shooter's cell, the cells between and the target's
    cell; a piece counts once over the cells between and the target's cell. Behind: the target
    is in a building, or a blocking neighbour lies within 45 degrees (inclusive) of the
    direction to the shooter; the building the shooter stands in counts for neither.
    """
    h, w = terrain.shape
    own_a = building[y0, x0]
    own_b = building[y1, x1]
    dx, dy = float(x1 - x0), float(y1 - y0)
    step_x = 1 if dx > 0 else -1
    step_y = 1 if dy > 0 else -1
    t_dx = abs(1.0 / dx) if dx != 0 else 1e30
    t_dy = abs(1.0 / dy) if dy != 0 else 1e30
    t_mx = 0.5 * t_dx if dx != 0 else 1e30
    t_my = 0.5 * t_dy if dy != 0 else 1e30
    x, y = x0, y0
    n_pieces = 0
    n_smoke = 0
    n_seen = 0
    if smoke[y0, x0] >= 0:  # a cloud on the shooter's own cell (adjacent smoke counts)
        seen[0] = -2 - smoke[y0, x0]  # smoke ids stored negative to share the scratch
        n_seen = 1
        n_smoke = 1
    while x != x1 or y != y1:  # no walk when shooter and target share a cell
        # next cell along the segment; an exact corner crossing visits both side cells
        if abs(t_mx - t_my) < 1e-12:
            for cx, cy in ((x + step_x, y), (x, y + step_y)):
                if (cx, cy) != (x1, y1) and 0 <= cx < w and 0 <= cy < h:
                    if terrain[cy, cx] == BLOCKING and building[cy, cx] != own_a \
                            and building[cy, cx] != own_b:
                        return False, 0, 0, False
            x += step_x
            y += step_y
            t_mx += t_dx
            t_my += t_dy
        elif t_mx < t_my:
            x += step_x
            t_mx += t_dx
        else:
            y += step_y
            t_my += t_dy
        if x == x1 and y == y1:
            break
        kind = terrain[y, x]
        b = building[y, x]
        if kind == BLOCKING and (b < 0 or (b != own_a and b != own_b)):
            return False, 0, 0, False
        if kind == NONBLOCKING or kind == THICKET:
            pid = piece[y, x]
            if _first_time(seen, n_seen, pid):
                seen[n_seen] = pid
                n_seen += 1
                if not _touches(piece, x0, y0, pid):
                    n_pieces += 1
        if smoke[y, x] >= 0:
            sid = -2 - smoke[y, x]  # smoke ids stored negative to share the scratch
            if _first_time(seen, n_seen, sid):
                seen[n_seen] = sid
                n_seen += 1
                n_smoke += 1
    if (x1 != x0 or y1 != y0) and (terrain[y1, x1] == NONBLOCKING or
                                   terrain[y1, x1] == THICKET):
        pid = piece[y1, x1]  # a target standing in a hedge or a wood is behind it, as in smoke
        if _first_time(seen, n_seen, pid):
            seen[n_seen] = pid
            n_seen += 1
            if not _touches(piece, x0, y0, pid):
                n_pieces += 1
    if smoke[y1, x1] >= 0:  # a target standing in a cloud is concealed by it
        sid = -2 - smoke[y1, x1]
        if _first_time(seen, n_seen, sid):
            n_smoke += 1
    # inside a building, or a wall next to it towards the shooter; neither counts when it is
    # the building the shooter stands in (nothing of it lies between them)
    behind = own_b >= 0 and own_b != own_a
    if not behind:
        vx, vy = x0 - x1, y0 - y1
        vv = vx * vx + vy * vy
        for ddy in range(-1, 2):
            for ddx in range(-1, 2):
                cx, cy = x1 + ddx, y1 + ddy
                if (ddx or ddy) and 0 <= cx < w and 0 <= cy < h and \
                        terrain[cy, cx] == BLOCKING and (own_a < 0 or building[cy, cx] != own_a):
                    # within 45 degrees of the line of fire: cos^2 >= 1/2, exact in integers
                    dot = ddx * vx + ddy * vy
                    if dot > 0 and 2 * dot * dot >= (ddx * ddx + ddy * ddy) * vv:
                        behind = True
    return True, n_pieces, n_smoke, behind


def line_of_sight(table: Table, a: tuple[int, int], b: tuple[int, int], smoke=None):
    """Plain-Python wrapper: (visible, pieces, smoke, behind) from cell a=(x, y) to b."""
    if smoke is None:
        smoke = np.full(table.terrain.shape, -1, np.int32)
    seen = np.zeros(seen_size(table.height, table.width), np.int32)
    return sight(table.terrain, table.piece, table.building, smoke, a[0], a[1], b[0], b[1], seen)


def cell_chars(table: Table, building: str = "B") -> np.ndarray:
    """The table's cells as map symbols, <U1[h, w]: '#' blocking, ``building`` inside a
    building, '%' non-blocking, '&' a thicket, '.' open, ':' difficult and ';' very difficult ground, '~'
    shallow and '=' deep water (GROUND_CHARS)."""
    chars = np.full(table.terrain.shape, ".", dtype="<U1")
    for kind, c in GROUND_CHARS.items():
        chars[table.terrain == kind] = c
    chars[table.terrain == NONBLOCKING] = "%"
    chars[table.terrain == THICKET] = "&"
    chars[table.terrain == BLOCKING] = "#"
    chars[table.building >= 0] = building
    return chars


def render(table: Table, marks: dict | None = None) -> str:
    """ASCII map (``cell_chars``); ``marks`` maps (x, y) to a character (units)."""
    chars = cell_chars(table)
    for (x, y), c in (marks or {}).items():
        chars[y, x] = c
    return "\n".join("".join(row) for row in chars)
