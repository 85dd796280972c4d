"""The Godfather city: the board a campaign is played on, built once per campaign from
(rules, seed).

The text (section 3): a city of at least 4 x 4 blocks, five to eight blocks a player, gangs
starting at least two blocks from their nearest neighbour, blocks of 20-36 cm holding three to
six buildings, bare-table roads between them, one edge named North; section 11.4 divides each
block into a 6 x 6 box where defenders are placed by two D6 (the first north to south, the
second west to east). ``docs/rules/godfather.md`` ("The city model", rows 5-12, 38-42, 51-53,
92) is the plan this follows; the decisions it leaves open are taken here and listed below.

**Layout.** ``city_size()`` blocks (``city_width`` x ``city_height``, or the automatic size:
2p 4x4, 3p 5x4, 4p 5x5, 5p 6x5, 6p 6x6 blocks, width x height). Block ids run row-major from
the north-west: block ``by * blocks_wide + bx`` is column ``bx`` (west 0) of block row ``by``
(north 0); ``grid[by, bx]`` holds it. Each block is ``block_cells`` x ``block_cells`` cells;
streets ``cells(street_cm)`` cells wide (2 at the default scale; 0 makes blocks abut) run
*between* blocks only: there is no street round the edge, the table edge is the city's edge
(the text's roads are "between the blocks", and a ring road would give edge blocks an extra
approach the text does not have). The map is ``W = bw * block_cells + (bw - 1) * street``
cells wide (4x4 blocks: 30 cells, 6x6: 46) and as computed for the height. Street cells are
open ground with block id -1.

**Buildings.** A block's sub-grid holds ``(block_cells // building_cells)`` squared square
lots of ``building_cells`` side (3 x 3 lots of 2 x 2 cells at the default scale); when
``block_cells`` is not a multiple of ``building_cells`` the lot grid is shifted by a random
offset inside the block. A block draws its number of buildings uniformly from
``buildings_per_block`` (least, most, both included) and puts them on that many distinct
lots, chosen at random; each one's cover class is drawn independently by ``cover_weights``
(soft cover, light building, heavy building). Lots never overlap, so every draw fits with no
rejection loop and the counts are exact; buildings on neighbouring lots touch (a terrace).
``GFRules.problem()`` refuses a ``buildings_per_block`` whose most exceeds the lots. The rest
of the block is open ground. "Building" in the rules' wording covers all three classes (each
is a ``piece``); only light and heavy buildings are buildings of the shared table:

- soft cover: ``NONBLOCKING`` terrain, no ``building`` id: sight passes (``sight`` counts it
  as a piece between), ``GO_AROUND`` moves go round it, ``GO_OVER`` moves cross it;
- light and heavy buildings: ``BLOCKING`` terrain with a ``building`` id: sight stops at them
  except into and out of the building an element stands in (windows), and a ``GO_OVER`` move
  starting next to one may enter it (the breach of ``sim.core.tabletop.movement``).

An open cell ringed by buildings (or by buildings and the table edge) is reached only through
a building; the city allows that (buildings can be entered). ``cover[y, x]`` is the defence
table's column of the cell (``rules.COVER``: 0 open, 1 soft, 2 light building, 3 heavy
building), the number ``GFRules.foot_defence`` takes; streets and open block cells are 0.

**Starting blocks.** ``starts[g]`` is gang ``g``'s starting block (its HQ). Distance between
blocks is the street (Manhattan) distance in blocks, ``|dx| + |dy|``, as ``start_distance``
defines it: 1 = neighbours across a street, 2 = next but one along a street, or diagonal
across a crossing. The gangs are placed one by one, each uniformly at random among the blocks
at least ``start_distance`` from every block already taken, starting again (up to
``START_TRIES`` times) when one finds no room; failing that, the row-major greedy layout that
``GFRules.problem()`` checks is taken, its blocks dealt to the gangs in random order. So
``generate`` succeeds exactly when ``problem()`` passes, and raises ``ValueError`` with
``problem()``'s message (naming the keys) otherwise.

**Placement by two dice** (rows 38-42). ``block_cell`` maps a block's sub-grid position (row
0 = north, the first die; column 0 = west, the second die) to its map cell. A cell is
suitable for a new element when it holds fewer than ``cell_capacity`` elements; a vehicle
also needs a cell that is not a light or heavy building (vehicles are never in buildings,
row 52; soft cover is allowed: ``defence_vehicle`` has a soft column). ``roll_cell`` (a
kernel, for the engine's hot loop) rolls the row die, then the column die, and rolls both
again until the cell is suitable: uniform over the suitable cells; it returns (-1, -1) when
none is. ``free_cells`` lists the suitable positions (plain Python).

**Randomness.** Everything is drawn from ``numpy.random.default_rng(seed)`` in a fixed order
(building counts, lots, lot offsets, cover classes, starting blocks), so the same (rules,
seed) gives the same arrays. Generation is plain numpy (about a millisecond for a 6 x 6 city),
once per campaign; only ``cell_xy``, ``suitable`` and ``roll_cell`` are kernels.

``render`` draws the city as ASCII for narration (see ``LEGEND``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from sim.core.jit import kernel
from sim.core.rng import roll
from sim.core.tabletop.battlefield import BLOCKING, NONBLOCKING, OPEN, Table
from sim.godfather.rules import GFRules, _spread_starts

STREET = -1  # block id of a street cell
SOFT, LIGHT, HEAVY = 1, 2, 3  # cover codes of the three building classes (rules.COVER)
START_TRIES = 200  # random starting layouts tried before the greedy one
CHARS = {"street": " ", "open": ".", "soft": "%", "light": "b", "heavy": "B"}
LEGEND = ("blank street, '.' open, '%' soft cover, 'b' light building, 'B' heavy building, "
          "digits: the block id at its north-west corner")


class City(NamedTuple):
    """One Godfather city. Map arrays are [y, x] (row 0 north, column 0 west), one cell =
    ``block_cm / block_cells`` cm. The first three fields are a tabletop ``Table``'s, so
    ``sight``, ``visible``, ``reach`` and ``path_to`` take ``city.terrain``,
    ``city.piece`` and ``city.building`` unchanged (``city.table`` is the ``Table``)."""

    terrain: np.ndarray  # int8[H, W]: OPEN, BLOCKING (light, heavy building), NONBLOCKING (soft)
    piece: np.ndarray  # int32[H, W]: piece id (every building of any class), -1 none
    building: np.ndarray  # int32[H, W]: building id (light and heavy buildings only), -1 none
    block: np.ndarray  # int32[H, W]: block id, -1 (STREET) on streets
    cover: np.ndarray  # int8[H, W]: defence-table column, 0 open .. 3 heavy building
    grid: np.ndarray  # int32[blocks_high, blocks_wide]: block id by block row (north 0), column
    origin: np.ndarray  # int32[blocks, 2]: (x, y) of each block's north-west cell
    piece_block: np.ndarray  # int32[pieces]: the block each piece stands in
    piece_cover: np.ndarray  # int8[pieces]: its cover class, SOFT, LIGHT or HEAVY
    piece_origin: np.ndarray  # int32[pieces, 2]: (x, y) of its north-west cell
    starts: np.ndarray  # int32[players]: gang g's starting block (HQ)

    @property
    def width(self) -> int:
        """Map width in cells."""
        return self.terrain.shape[1]

    @property
    def height(self) -> int:
        """Map height in cells."""
        return self.terrain.shape[0]

    @property
    def blocks(self) -> int:
        """Number of blocks."""
        return self.origin.shape[0]

    @property
    def block_cells(self) -> int:
        """Cells per block side (the sub-grid, and the sides of a placement die)."""
        x, y = self.origin[0]
        return int(np.count_nonzero(self.block[y] == 0))

    @property
    def table(self) -> Table:
        """The shared tabletop view (same arrays, not copies)."""
        return Table(self.terrain, self.piece, self.building)


def generate(rules: GFRules, seed: int) -> City:
    """The city of ``rules`` for ``seed`` (see the module doc); ValueError naming the keys
    when the rules cannot hold it (``rules.problem()``)."""
    msg = rules.problem()
    if msg:
        raise ValueError(msg)
    bw, bh = rules.city_size()
    side = rules.block_cells
    street = rules.cells(rules.street_cm)
    size = rules.building_cells
    width, height = bw * side + (bw - 1) * street, bh * side + (bh - 1) * street
    n = bw * bh
    rng = np.random.default_rng(seed)

    grid = np.arange(n, dtype=np.int32).reshape(bh, bw)
    origin = np.stack([grid.ravel() % bw, grid.ravel() // bw], axis=1).astype(np.int32)
    origin *= side + street
    block = np.full((height, width), STREET, np.int32)
    for b, (x, y) in enumerate(origin):
        block[y:y + side, x:x + side] = b

    lots = side // size
    lo, hi = rules.buildings_per_block
    counts = rng.integers(lo, hi + 1, size=n)
    order = np.argsort(rng.random((n, lots * lots)), axis=1)  # a random order of lots per block
    shift = rng.integers(0, side - lots * size + 1, size=(n, 2))  # the lot grid's (x, y) offset
    weights = np.asarray(rules.cover_weights, np.float64)
    classes = rng.choice(np.array([SOFT, LIGHT, HEAVY]), size=int(counts.sum()),
                         p=weights / weights.sum())

    terrain = np.full((height, width), OPEN, np.int8)
    piece = np.full((height, width), -1, np.int32)
    building = np.full((height, width), -1, np.int32)
    cover = np.zeros((height, width), np.int8)
    piece_block = np.repeat(np.arange(n, dtype=np.int32), counts)
    piece_origin = np.zeros((len(classes), 2), np.int32)
    pid = bid = 0
    for b in range(n):
        for lot in np.sort(order[b, :counts[b]]):  # north-west lots first
            row, col = divmod(int(lot), lots)
            x = origin[b, 0] + shift[b, 0] + col * size
            y = origin[b, 1] + shift[b, 1] + row * size
            cls = classes[pid]
            area = (slice(y, y + size), slice(x, x + size))
            terrain[area] = NONBLOCKING if cls == SOFT else BLOCKING
            piece[area] = pid
            cover[area] = cls
            if cls != SOFT:
                building[area] = bid
                bid += 1
            piece_origin[pid] = x, y
            pid += 1

    starts = _starts(rng, bw, bh, rules.players, rules.start_distance)
    return City(terrain, piece, building, block, cover, grid, origin, piece_block,
                classes.astype(np.int8), piece_origin, starts)


def _starts(rng, bw: int, bh: int, players: int, distance: int) -> np.ndarray:
    """Starting blocks, one per gang, pairwise at least ``distance`` apart (Manhattan, in
    blocks): random sequential placement, else the greedy layout ``problem()`` checks."""
    xy = np.stack(np.divmod(np.arange(bw * bh), bw)[::-1], axis=1)  # (bx, by) per block id
    far = np.abs(xy[:, None, :] - xy[None, :, :]).sum(axis=2) >= distance
    for _ in range(START_TRIES):
        allowed = np.ones(bw * bh, bool)
        chosen = []
        while len(chosen) < players and allowed.any():
            b = int(rng.choice(np.flatnonzero(allowed)))
            chosen.append(b)
            allowed &= far[b]
        if len(chosen) == players:
            return np.array(chosen, np.int32)
    greedy = _spread_starts(bw, bh, players, distance)
    if len(greedy) < players:  # problem() refuses this first; kept for a direct call
        raise ValueError(f"city {bw}x{bh} with start_distance {distance}: no room for "
                         f"{players} starting blocks; expected a larger city (city_width, "
                         "city_height) or a smaller start_distance")
    ids = np.array([y * bw + x for x, y in greedy], np.int32)
    return ids[rng.permutation(players)]


def block_distance(city: City, a: int, b: int) -> int:
    """Street (Manhattan) distance between blocks ``a`` and ``b``, in blocks."""
    bw = city.grid.shape[1]
    return abs(a % bw - b % bw) + abs(a // bw - b // bw)


def block_cell(city: City, block: int, row: int, col: int) -> tuple[int, int]:
    """Map cell (x, y) of sub-grid position (row, col) of ``block``: row 0 is the north row
    (the first placement die, 1 = north), col 0 the west column (the second die)."""
    side = city.block_cells
    if not (0 <= block < city.blocks and 0 <= row < side and 0 <= col < side):
        raise ValueError(f"block {block}, row {row}, col {col}: expected a block 0..{city.blocks - 1} "
                         f"and row, col 0..{side - 1}")
    x, y = cell_xy(city.origin, block, row, col)
    return int(x), int(y)


def free_cells(city: City, block: int, count: np.ndarray | None = None, capacity: int = 1,
               vehicle: bool = False) -> list[tuple[int, int]]:
    """Sub-grid positions (row, col) of ``block`` where a new element may be placed: fewer
    than ``capacity`` elements in the cell (``count`` int[H, W], elements per map cell; None =
    an empty city) and, for a vehicle, not a light or heavy building. Row-major order."""
    if count is None:
        count = np.zeros(city.terrain.shape, np.int32)
    side = city.block_cells
    return [(r, c) for r in range(side) for c in range(side)
            if suitable(city.cover, count, capacity, *block_cell(city, block, r, c), vehicle)]


@kernel
def cell_xy(origin, block, row, col):
    """Map cell (x, y) of sub-grid position (row, col) of ``block``; ``origin`` int32[blocks,
    2] is ``City.origin``."""
    return origin[block, 0] + col, origin[block, 1] + row


@kernel
def suitable(cover, count, capacity, x, y, vehicle):
    """Can a new element (a vehicle if ``vehicle``) be placed at map cell (x, y)? ``cover``
    int8[H, W] is ``City.cover``, ``count`` int[H, W] the elements in each cell."""
    return count[y, x] < capacity and not (vehicle and cover[y, x] >= LIGHT)


@kernel
def roll_cell(state, origin, cover, count, capacity, block, side, vehicle):
    """Place a new element in ``block`` by two dice of ``side`` faces (the first north to
    south, the second west to east), rolled again until the cell is ``suitable``: (x, y), or
    (-1, -1) when no cell of the block is. ``state`` uint64[6] is the game's generator
    (``sim.core.rng``); ``side`` is ``block_cells``; arrays as in ``suitable``."""
    x0, y0 = origin[block, 0], origin[block, 1]
    free = 0
    for r in range(side):
        for c in range(side):
            if suitable(cover, count, capacity, x0 + c, y0 + r, vehicle):
                free += 1
    if free == 0:
        return -1, -1
    while True:
        r = roll(state, side) - 1
        c = roll(state, side) - 1
        if suitable(cover, count, capacity, x0 + c, y0 + r, vehicle):
            return x0 + c, y0 + r


def render(city: City, marks: dict | None = None, ids: bool = True) -> str:
    """ASCII map, one character a cell (``LEGEND``): blank street, '.' open, '%' soft cover,
    'b' light building, 'B' heavy building; with ``ids`` each block's id written from its
    north-west corner eastwards (when it fits in the block's width); ``marks`` maps (x, y) to
    a character (elements, businesses), drawn last."""
    chars = np.full(city.terrain.shape, CHARS["open"], dtype="<U1")
    chars[city.block == STREET] = CHARS["street"]
    chars[city.cover == SOFT] = CHARS["soft"]
    chars[city.cover == LIGHT] = CHARS["light"]
    chars[city.cover == HEAVY] = CHARS["heavy"]
    if ids:
        side = city.block_cells
        for b, (x, y) in enumerate(city.origin):
            label = str(b)
            if len(label) <= side:
                chars[y, x:x + len(label)] = list(label)
    for (x, y), c in (marks or {}).items():
        chars[y, x] = c
    return "\n".join("".join(row) for row in chars)
