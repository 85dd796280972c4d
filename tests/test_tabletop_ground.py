"""Shared tabletop: difficult and very difficult ground and water (costs, paths, the search's
bounds and memo, the generator's streams and rivers, sight and cover unchanged)."""

import hashlib
import heapq

import numpy as np
import pytest

from sim.core.tabletop.battlefield import (
    BLOCKING,
    DEEP_WATER,
    DIFFICULT,
    NONBLOCKING,
    OPEN,
    SHALLOW_WATER,
    VERY_DIFFICULT,
    empty,
    generate,
    is_water,
    line_of_sight,
    place,
    render,
    seen_size,
    slowness,
    visible,
    water_band,
)
from sim.core.tabletop.geometry import sees
from sim.core.tabletop.movement import (
    GO_AROUND,
    GO_OVER,
    MAX_GROUND_COST,
    UNREACHED,
    cover_distance,
    path_to,
    queue_size,
    reach,
    reachable,
)

SLOW = (DIFFICULT, VERY_DIFFICULT, SHALLOW_WATER, DEEP_WATER)


def test_codes_say_how_slow_and_whether_wet():
    assert [slowness(k) for k in (OPEN, BLOCKING, NONBLOCKING)] == [0, 0, 0]
    assert [slowness(k) for k in SLOW] == [1, 2, 1, 2]
    assert [is_water(k) for k in (OPEN, BLOCKING, NONBLOCKING) + SLOW] == \
        [False] * 5 + [True, True]


# ------------------------------------------------------------------------------ exact costs


@pytest.mark.parametrize("kind,mult", [(DIFFICULT, 2), (SHALLOW_WATER, 2),
                                       (VERY_DIFFICULT, 4), (DEEP_WATER, 4)])
def test_straight_and_diagonal_moves_through_slow_ground(kind, mult):
    """n orthogonal steps into slow ground cost 2 * mult * n, n diagonal ones 3 * mult * n
    (the defaults: difficult halves a move, very difficult quarters it)."""
    t = empty(30, 30)
    t.terrain[:, :] = kind
    d = reachable(t, (2, 2), GO_OVER, 6 * 4 * 20)
    for n in range(1, 20):
        assert d[2, 2 + n] == 2 * mult * n and d[2 + n, 2] == 2 * mult * n
        assert d[2 + n, 2 + n] == 3 * mult * n
    assert reachable(t, (2, 2), GO_AROUND, 60)[2, 12] == 20 * mult  # both modes cross it


def test_only_the_cell_stepped_into_counts():
    t = empty(12, 3)
    t.terrain[:, 3:6] = SHALLOW_WATER  # a stream 3" wide across the table
    d = reachable(t, (0, 1), GO_OVER, 20, difficult=3, very_difficult=5)
    assert list(d[1, :8]) == [0, 2, 4, 10, 16, 22, 24, 26]  # out of the water at 2 a step
    inside = reachable(t, (5, 1), GO_OVER, 20, difficult=3, very_difficult=5)
    assert list(inside[1, 2:7]) == [14, 12, 6, 0, 2]
    t.terrain[:, 3:6] = DEEP_WATER
    assert reachable(t, (0, 1), GO_OVER, 20, difficult=3, very_difficult=5)[1, 3] == 14


def test_multipliers_of_one_are_open_ground():
    for seed in (1, 2):
        t = generate("medium", seed, water="river", rough=8)
        o = generate("medium", seed)
        for start, mode in (((18, 1), GO_OVER), ((10, 34), GO_AROUND)):
            got = reachable(t, start, mode, 24, difficult=1, very_difficult=1)
            assert np.array_equal(got, reachable(o, start, mode, 24))


def test_corner_rule_unchanged():
    """A diagonal between two blocking cells stays shut whatever the ground; slow cells beside
    a diagonal do not shut it (they are crossable), and only the cell stepped into costs."""
    t = empty(10, 10)
    place(t, 5, 4, 5, 4, BLOCKING)
    place(t, 4, 5, 4, 5, BLOCKING)
    t.terrain[5, 5] = DEEP_WATER
    d = reachable(t, (4, 4), GO_OVER, 40)
    assert d[5, 5] > 12  # not the single diagonal (3 * 4)
    t2 = empty(10, 10)
    t2.terrain[4, 5] = t2.terrain[5, 4] = VERY_DIFFICULT
    assert reachable(t2, (4, 4), GO_AROUND, 12)[5, 5] == 3


def test_bad_multipliers_are_refused():
    t = empty(10, 10)
    occ = np.zeros((10, 10), np.bool_)
    for bad in ((0, 4), (2, 0), (2, MAX_GROUND_COST + 1)):
        with pytest.raises(ValueError, match="ground cost multipliers"):
            reach(t.terrain, t.building, occ, 5, 5, GO_OVER, 12, np.zeros((10, 10), np.int64),
                  np.zeros(queue_size(10, 10), np.int64), *bad)


# ----------------------------------------------------- against a textbook Dijkstra, paths


def _crossable(t, start, mode):
    """The rules' crossable test written out: (x, y) -> may a move in ``mode`` from ``start``
    cross that cell (walls and other buildings never; the start's building and, moving over
    low terrain, the one next to the start yes; low terrain only moving over it)."""
    h, w = t.terrain.shape
    x0, y0 = start
    own = t.building[y0, x0]
    breach = -1
    if mode == GO_OVER:
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                yy, xx = y0 + dy, x0 + dx
                if 0 <= yy < h and 0 <= xx < w and t.building[yy, xx] >= 0 and \
                        t.building[yy, xx] != own:
                    breach = t.building[yy, xx]

    def crossable(x, y):
        k = t.terrain[y, x]
        if k == BLOCKING:
            return t.building[y, x] >= 0 and t.building[y, x] in (breach, own)
        return k != NONBLOCKING or mode == GO_OVER

    return crossable


def _plain(t, start, mode, budget, occ, diff, vdiff, relaxations=None):
    """Textbook Dijkstra (heapq) with the step rules written out independently: orthogonal 2,
    diagonal 3, times the multiplier of the cell stepped into; no corner between two
    impassable cells, no occupied cell, slow ground crossed in both modes. Counts each cell's
    improvements into ``relaxations`` when given."""
    h, w = t.terrain.shape
    x0, y0 = start
    crossable = _crossable(t, start, mode)
    mult = {OPEN: 1, NONBLOCKING: 1, BLOCKING: 1, DIFFICULT: diff, SHALLOW_WATER: diff,
            VERY_DIFFICULT: vdiff, DEEP_WATER: vdiff}

    dist = np.full((h, w), UNREACHED, np.int64)
    dist[y0, x0] = 0
    heap = [(0, x0, y0)]
    while heap:
        c, x, y = heapq.heappop(heap)
        if c != dist[y, x]:
            continue
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                xx, yy = x + dx, y + dy
                if (dx, dy) == (0, 0) or not (0 <= xx < w and 0 <= yy < h):
                    continue
                if occ[yy, xx] or not crossable(xx, yy):
                    continue
                if dx and dy and not crossable(x + dx, y) and not crossable(x, y + dy):
                    continue
                nc = c + (3 if dx and dy else 2) * mult[int(t.terrain[yy, xx])]
                if nc <= budget and nc < dist[yy, xx]:
                    dist[yy, xx] = nc
                    if relaxations is not None:
                        relaxations[yy, xx] += 1
                    heapq.heappush(heap, (nc, xx, yy))
    return dist


def _legal_cheapest(t, occ, start, mode, dist, cells, n, diff, vdiff):
    """The path's steps are single moves the rules allow and its cost is dist at its end."""
    h, w = t.terrain.shape
    crossable = _crossable(t, start, mode)
    mult = {DIFFICULT: diff, SHALLOW_WATER: diff, VERY_DIFFICULT: vdiff, DEEP_WATER: vdiff}
    xy = [(int(c % w), int(c // w)) for c in cells[:n]]
    assert xy[0] == start
    total = 0
    for (ax, ay), (bx, by) in zip(xy, xy[1:], strict=False):
        dx, dy = bx - ax, by - ay
        assert max(abs(dx), abs(dy)) == 1
        assert not occ[by, bx] and crossable(bx, by)
        if dx and dy:  # never between two cells the move cannot cross
            assert crossable(bx, ay) or crossable(ax, by)
        total += (3 if dx and dy else 2) * mult.get(int(t.terrain[by, bx]), 1)
    assert total == dist[xy[-1][1], xy[-1][0]]


def test_search_and_paths_match_a_textbook_dijkstra_over_slow_ground():
    """Costs equal a heap Dijkstra's on generated tables with streams, rivers and rough ground
    (both modes, occupied cells, several multipliers); path_to's paths are legal and cost
    exactly the cheapest cost; no cell is improved more than twice (the node bound)."""
    rng = np.random.default_rng(11)
    for i, (density, water) in enumerate((("light", "stream"), ("medium", "river"),
                                          ("dense", "river"), ("open", "stream"))):
        t = generate(density, 60 + i, 36, 36, 4, water=water, rough=10)
        h, w = t.terrain.shape
        starts = np.argwhere(t.building < 0)
        dist = np.zeros((h, w), np.int64)
        queue = np.zeros(queue_size(h, w), np.int64)
        cells = np.zeros(h * w, np.int64)
        for _ in range(20):
            y, x = (int(v) for v in starts[rng.integers(len(starts))])
            if t.terrain[y, x] == BLOCKING:
                continue
            occ = rng.random((h, w)) < 0.03
            occ[y, x] = False
            mode = GO_OVER if rng.random() < 0.5 else GO_AROUND
            budget = 2 * int(rng.choice([3, 6, 12, 40]))
            diff, vdiff = (int(v) for v in rng.choice([(2, 4), (1, 1), (3, 7), (8, 16),
                                                       (MAX_GROUND_COST, MAX_GROUND_COST)]))
            got = reach(t.terrain, t.building, occ, x, y, mode, budget, dist, queue, diff, vdiff)
            times = np.zeros((h, w), np.int64)
            want = _plain(t, (x, y), mode, budget, occ, diff, vdiff, times)
            assert np.array_equal(got, want), (density, x, y, mode, budget, diff, vdiff)
            assert times.max() <= 2
            for yy, xx in np.argwhere(got < UNREACHED)[::7]:
                n = path_to(t.terrain, t.building, got, x, y, mode, int(xx), int(yy), cells,
                            diff, vdiff)
                assert 1 <= n <= budget // 2 + 1
                _legal_cheapest(t, occ, (x, y), mode, got, cells, n, diff, vdiff)


def test_path_to_walks_back_with_the_same_step_costs():
    """Across a river with a ford: the path goes round to the ford when that is cheaper, and
    path_to given the multipliers reach used retraces a legal cheapest path."""
    t = empty(20, 12)
    t.terrain[5:7, :] = DEEP_WATER
    t.terrain[5:7, 14:16] = SHALLOW_WATER  # the ford
    occ = np.zeros((12, 20), np.bool_)
    dist = np.zeros((12, 20), np.int64)
    queue = np.zeros(queue_size(12, 20), np.int64)
    cells = np.zeros(240, np.int64)
    reach(t.terrain, t.building, occ, 10, 2, GO_OVER, 60, dist, queue, 2, 8)
    n = path_to(t.terrain, t.building, dist, 10, 2, GO_OVER, 10, 9, cells, 2, 8)
    xs = [c % 20 for c in cells[:n]]
    ys = [c // 20 for c in cells[:n]]
    wet = [(x, y) for x, y in zip(xs, ys, strict=True) if 5 <= y <= 6]
    assert wet and all(14 <= x <= 15 for x, _ in wet)  # through the ford, not the deep water
    _legal_cheapest(t, occ, (10, 2), GO_OVER, dist, cells, n, 2, 8)


# ------------------------------------------------------------------ bounds and the memo


@pytest.mark.parametrize("size,kinds,costs", [
    ((96, 96), (DEEP_WATER,), (MAX_GROUND_COST, MAX_GROUND_COST)),
    ((48, 48), (DEEP_WATER,), (8, 16)),
    ((48, 48), (OPEN, SHALLOW_WATER, DEEP_WATER), (2, 16)),
    ((36, 24), (OPEN, VERY_DIFFICULT), (1, MAX_GROUND_COST)),
])
def test_queue_size_bounds_a_whole_table_of_slow_ground(size, kinds, costs):
    """The worst cases: a table (Westamunda's largest, 96" square) all very difficult ground,
    or a random mixture with the dearest multipliers, searched from a corner and the centre
    with a budget that reaches every cell. The search writes only inside ``queue`` (guards
    either side stay intact) and its answer is exact."""
    w, h = size
    rng = np.random.default_rng(5)
    t = empty(w, h)
    t.terrain[:, :] = rng.choice(np.array(kinds, np.int8), size=(h, w))
    occ = np.zeros((h, w), np.bool_)
    budget = 3 * max(costs) * (h + w)  # more than any cell costs: the whole table in reach
    pad = 1024
    guarded = np.full(queue_size(h, w) + 2 * pad, -77, np.int64)
    queue = guarded[pad:-pad]
    dist = np.zeros((h, w), np.int64)
    for x, y in ((0, 0), (w // 2, h // 2)):
        got = reach(t.terrain, t.building, occ, x, y, GO_OVER, budget, dist, queue, *costs)
        assert (guarded[:pad] == -77).all() and (guarded[-pad:] == -77).all()
        assert (got < UNREACHED).all()
        assert np.array_equal(got, _plain(t, (x, y), GO_OVER, budget, occ, *costs))


def test_memo_answers_only_the_same_multipliers():
    """A repeated search with other ground multipliers searches again (each answer equals a
    fresh search's); the same multipliers again return the memo."""
    t = generate("medium", 3, water="river", rough=10)
    h, w = t.terrain.shape
    occ = np.zeros((h, w), np.bool_)
    dist = np.zeros((h, w), np.int64)
    queue = np.zeros(queue_size(h, w), np.int64)
    y, x = (int(v) for v in np.argwhere(t.terrain == DEEP_WATER)[0])
    answers = []
    for costs in ((2, 4), (2, 4), (3, 4), (3, 9), (2, 4), (1, 1)):
        got = reach(t.terrain, t.building, occ, x, y, GO_OVER, 30, dist, queue, *costs)
        assert np.array_equal(got, reachable(t, (x, y), GO_OVER, 15, occ, *costs)), costs
        answers.append(got.copy())
    assert not np.array_equal(answers[0], answers[2])  # the multiplier mattered here
    assert not np.array_equal(answers[2], answers[3])


# ------------------------------------------------------------------------------ generator

# sha256 of terrain, piece and building bytes of tables generated at the commit before slow
# ground existed (eb0176a): the defaults must keep every table byte for byte
HEAD_TABLES = [(("medium", 1, 36, 36, 3), "aa28479a83efaa3f"),
               (("dense", 7, 36, 36, 3), "4c9c2beed2940628"),
               (("light", 12345, 48, 48, 8), "642e3f0d139df78c"),
               (("open", 3, 36, 36, 3), "9620739d28b5e474"),
               (("medium", 2**62 + 5, 48, 48, 8), "c57fdb24892b8c25"),
               ((1.3, 99, 30, 40, 4), "f5d40c2fd559357a")]


def _hash(t):
    return hashlib.sha256(t.terrain.tobytes() + t.piece.tobytes() +
                          t.building.tobytes()).hexdigest()[:16]


@pytest.mark.parametrize("args,digest", HEAD_TABLES)
def test_tables_without_water_or_rough_ground_are_unchanged(args, digest):
    assert _hash(generate(*args)) == digest
    assert _hash(generate(*args, water="none", rough=0)) == digest


@pytest.mark.parametrize("water,rough", [("stream", 0), ("river", 0), ("none", 12),
                                         ("river", 12)])
def test_water_and_rough_ground_only_take_open_cells(water, rough):
    """The pieces are those of the same table without water or rough ground; slow ground lies
    only where that table was open, never in the deployment strips."""
    for seed, (w, h, depth) in enumerate(((36, 36, 3), (48, 48, 8), (24, 60, 6), (72, 30, 5))):
        base = generate("dense", seed, w, h, depth)
        t = generate("dense", seed, w, h, depth, water=water, rough=rough)
        slow = np.isin(t.terrain, SLOW)
        assert np.array_equal(t.terrain[~slow], base.terrain[~slow])
        assert (base.terrain[slow] == OPEN).all()
        assert np.array_equal(t.piece, base.piece) and np.array_equal(t.building, base.building)
        assert not slow[:depth].any() and not slow[h - depth:].any()
        assert slow.any()
        if rough:
            cy, cx = h // 2, w // 2
            assert (t.terrain == DIFFICULT).any()
            assert not (t.terrain[cy - 1:cy + 2, cx - 1:cx + 2] == DIFFICULT).any()
        if water == "none":
            assert not np.isin(t.terrain, (SHALLOW_WATER, DEEP_WATER)).any()


@pytest.mark.parametrize("water", ["stream", "river"])
def test_the_band_crosses_the_table_edge_to_edge(water):
    """On open tables: every column holds one run of 2 or 3 water cells (one width per
    table) between the strips, and the run moves by at most a cell from column to column, so
    nobody crosses from one deployment zone to the other without entering the water."""
    for seed in range(40):
        w, h, depth = (36, 36, 3) if seed % 2 else (48, 48, 8)
        t = generate("open", seed, w, h, depth, water=water)
        wet = np.isin(t.terrain, (SHALLOW_WATER, DEEP_WATER))
        widths = {int(wet[:, x].sum()) for x in range(w)}
        assert len(widths) == 1 and widths <= {2, 3}
        n = widths.pop()
        tops = [int(np.argmax(wet[:, x])) for x in range(w)]
        for x in range(w):
            assert wet[tops[x]:tops[x] + n, x].all()
            assert depth <= tops[x] and tops[x] + n <= h - depth
        assert max(abs(a - b) for a, b in zip(tops, tops[1:], strict=False)) <= 1
        dry = t.terrain.copy()
        dry[wet] = BLOCKING  # water made impassable: the far zone is out of reach
        d = reach(dry, t.building, np.zeros((h, w), np.bool_), w // 2, 0, GO_OVER, 4 * (w + h),
                  np.zeros((h, w), np.int64), np.zeros(queue_size(h, w), np.int64))
        assert (d[h - depth:] == UNREACHED).all()


def test_streams_are_shallow_and_rivers_deep_with_a_ford():
    """A stream is all SHALLOW_WATER; a river DEEP_WATER with 1 or 2 fords, 2 or 3 columns of
    SHALLOW_WATER bank to bank, so walking across never needs very difficult ground."""
    for seed in range(40):
        s = generate("medium", seed, 48, 48, 8, water="stream")
        assert (s.terrain == SHALLOW_WATER).any() and not (s.terrain == DEEP_WATER).any()
        r = generate("open", seed, 48, 48, 8, water="river")
        deep = r.terrain == DEEP_WATER
        ford = (r.terrain == SHALLOW_WATER).any(axis=0)
        assert deep.any() and ford.any()
        assert not (deep[:, ford]).any()  # a ford's column is shallow bank to bank
        runs = np.diff(np.concatenate([[0], ford.astype(int), [0]]))
        lengths = np.flatnonzero(runs == -1) - np.flatnonzero(runs == 1)
        assert 1 <= len(lengths) <= 2 and set(lengths) <= {2, 3, 4, 5, 6}
        # the far zone is reachable without entering deep water
        dry = r.terrain.copy()
        dry[deep] = BLOCKING
        d = reach(dry, r.building, np.zeros((48, 48), np.bool_), 24, 0, GO_OVER, 400,
                  np.zeros((48, 48), np.int64), np.zeros(queue_size(48, 48), np.int64))
        assert (d[40:] < UNREACHED).all()


def test_river_fords_are_put_where_the_band_is_clear():
    """On busy tables a ford goes where the band's columns hold only water when there are
    such columns (pieces standing in the band do not hide it): some column's band is shallow
    bank to bank. water_band lays exactly generate's band."""
    for seed in range(30):
        t = generate("dense", seed, 48, 48, 8, water="river")
        base = generate("dense", seed, 48, 48, 8)
        top, bw = water_band(base, seed, 8, river=True)
        assert np.array_equal(base.terrain, t.terrain)
        cols = [t.terrain[top[x]:top[x] + bw, x] for x in range(48)]
        if any(np.isin(c, (SHALLOW_WATER, DEEP_WATER)).all() for c in cols):
            assert any((c == SHALLOW_WATER).all() for c in cols), seed


def test_generator_refuses_bad_water_and_rough_and_no_room():
    with pytest.raises(ValueError, match="water"):
        generate("medium", 1, water="lake")
    with pytest.raises(ValueError, match="rough"):
        generate("medium", 1, rough=-1)
    with pytest.raises(ValueError, match="rough"):
        generate("medium", 1, rough=1.5)
    with pytest.raises(ValueError, match="no room for water"):
        generate("open", 1, 24, 24, 12, water="stream")
    t = generate("open", 1, 24, 24, 11, water="stream")  # two rows between: a band of 2
    assert (t.terrain[11:13] == SHALLOW_WATER).all()


def test_water_and_rough_ground_are_reproducible_and_their_own():
    """Same seed, same table; rough ground does not move the water."""
    a = generate("medium", 8, 48, 48, 8, water="river", rough=6)
    assert _hash(a) == _hash(generate("medium", 8, 48, 48, 8, water="river", rough=6))
    b = generate("medium", 8, 48, 48, 8, water="river")
    wet = np.isin(b.terrain, (SHALLOW_WATER, DEEP_WATER))
    assert np.array_equal(a.terrain[wet], b.terrain[wet])


def test_render_shows_slow_ground():
    t = empty(6, 1)
    t.terrain[0, :] = [OPEN, DIFFICULT, VERY_DIFFICULT, SHALLOW_WATER, DEEP_WATER, NONBLOCKING]
    assert render(t) == ".:;~=%"


# -------------------------------------------------------------- sight and cover unchanged


def test_slow_ground_is_open_ground_for_sight_and_cover():
    """Turning every open cell of generated tables into slow ground (each kind, and a random
    mixture) changes no line of sight, no cover count, no 'behind', no memoised answer and no
    distance to blocking terrain."""
    rng = np.random.default_rng(3)
    for density, seed in (("medium", 1), ("dense", 2)):
        t = generate(density, seed)
        h, w = t.terrain.shape
        smoke = np.full((h, w), -1, np.int32)
        smoke[rng.random((h, w)) < 0.05] = 0
        pairs = rng.integers(0, [w, h, w, h], size=(300, 4))
        open_ = t.terrain == OPEN
        variants = [np.where(open_, k, t.terrain).astype(np.int8) for k in SLOW]
        variants.append(np.where(open_, rng.choice(np.array(SLOW, np.int8), size=(h, w)),
                                 t.terrain).astype(np.int8))
        for terrain in variants:
            slow = t._replace(terrain=terrain)
            assert np.array_equal(cover_distance(terrain), cover_distance(t.terrain))
            seen = np.zeros(seen_size(h, w, 1024), np.int32)
            for x0, y0, x1, y1 in pairs:
                a, b = (int(x0), int(y0)), (int(x1), int(y1))
                want = line_of_sight(t, a, b, smoke)
                assert line_of_sight(slow, a, b, smoke) == want
                assert visible(terrain, t.building, *a, *b) == want[0]
                assert sees(terrain, t.piece, t.building, smoke, *a, *b, seen) == want[0]
