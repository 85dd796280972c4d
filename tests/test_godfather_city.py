"""Godfather city: sizes, streets, buildings and their cover mix, starting blocks, placement by
two dice, the shared tabletop geometry on it, determinism and the ASCII map."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy import stats

from sim.core import rng as crng
from sim.core.tabletop.battlefield import BLOCKING, NONBLOCKING, OPEN, line_of_sight, visible
from sim.core.tabletop.movement import GO_AROUND, UNREACHED, path_to, queue_size, reach
from sim.godfather import city as C
from sim.godfather.rules import GFRules

R = GFRules()
SIZES = {2: (4, 4), 3: (5, 4), 4: (5, 5), 5: (6, 5), 6: (6, 6)}  # the coverage doc's table
ALPHA = 0.001  # false-alarm rate of each statistical test below (a correct city fails it once
# in a thousand seeds; the seeds are fixed, so a pass stays a pass)


def _manhattan(city, a, b):
    (ax, ay), (bx, by) = (np.argwhere(city.grid == a)[0][::-1], np.argwhere(city.grid == b)[0][::-1])
    return abs(int(ax) - int(bx)) + abs(int(ay) - int(by))


# ---- layout ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", range(2, 7))
def test_size_per_player_count_matches_the_doc(players):
    rules = GFRules(players=players)
    city = C.generate(rules, 3)
    bw, bh = SIZES[players]
    assert city.grid.shape == (bh, bw) and city.blocks == bw * bh
    side, street = rules.block_cells, rules.cells(rules.street_cm)
    assert (side, street) == (6, 2)
    assert (city.width, city.height) == (bw * side + (bw - 1) * street, bh * side + (bh - 1) * street)
    assert city.block_cells == side
    for name in ("terrain", "piece", "building", "block", "cover"):
        assert getattr(city, name).shape == (city.height, city.width)
    assert city.terrain.dtype == np.int8 and city.cover.dtype == np.int8
    assert city.piece.dtype == city.building.dtype == city.block.dtype == np.int32
    assert city.starts.shape == (players,) and city.starts.dtype == np.int32


@pytest.mark.parametrize("street_cm,street", [(8, 2), (0, 0), (12, 3), (3, 0)])
def test_blocks_and_streets(street_cm, street):
    rules = GFRules(players=3, street_cm=street_cm)
    city = C.generate(rules, 11)
    side = rules.block_cells
    assert rules.cells(street_cm) == street
    # row-major ids from the north-west; each block a side x side square at its origin
    assert city.grid.tolist() == np.arange(20).reshape(4, 5).tolist()
    inside = np.zeros(city.terrain.shape, bool)
    for b, (x, y) in enumerate(city.origin):
        bx, by = b % 5, b // 5
        assert (x, y) == (bx * (side + street), by * (side + street))
        assert (city.block[y:y + side, x:x + side] == b).all()
        assert np.count_nonzero(city.block == b) == side * side
        inside[y:y + side, x:x + side] = True
    # streets are everything else: open ground, no pieces, no cover; none round the edge
    st = city.block == C.STREET
    assert (st == ~inside).all() and st.sum() == city.width * city.height - 20 * side * side
    assert (city.terrain[st] == OPEN).all() and (city.cover[st] == 0).all()
    assert (city.piece[st] == -1).all() and (city.building[st] == -1).all()
    assert (city.block[0, :side] == 0).all() and (city.block[:side, 0] == 0).all()
    assert (city.block[-1, -side:] == 19).all()
    if street:
        assert (city.block[:, side:side + street] == C.STREET).all()  # a whole north-south street


def test_fixed_size_city():
    city = C.generate(GFRules(players=2, city_width=7, city_height=3), 5)
    assert city.grid.shape == (3, 7) and (city.width, city.height) == (7 * 6 + 6 * 2, 3 * 6 + 2 * 2)


# ---- buildings ------------------------------------------------------------------------------------

def _check_pieces(city, rules):
    """Every piece a building_cells square of one class inside its block, arrays agreeing."""
    size = rules.building_cells
    lo, hi = rules.buildings_per_block
    per_block = np.bincount(city.piece_block, minlength=city.blocks)
    assert ((per_block >= lo) & (per_block <= hi)).all()
    assert (np.diff(city.piece_block) >= 0).all()
    n = len(city.piece_cover)
    assert set(np.unique(city.piece[city.piece >= 0])) == set(range(n))
    n_buildings = int((city.piece_cover >= C.LIGHT).sum())
    assert set(np.unique(city.building[city.building >= 0])) == set(range(n_buildings))
    for p in range(n):
        x, y = city.piece_origin[p]
        cells = city.piece == p
        assert cells.sum() == size * size and cells[y:y + size, x:x + size].all()
        assert (city.block[cells] == city.piece_block[p]).all()
        assert (city.cover[cells] == city.piece_cover[p]).all()
        bids = np.unique(city.building[cells])
        if city.piece_cover[p] == C.SOFT:
            assert (city.terrain[cells] == NONBLOCKING).all() and bids.tolist() == [-1]
        else:
            assert (city.terrain[cells] == BLOCKING).all() and len(bids) == 1 and bids[0] >= 0
    # the cover column follows the terrain everywhere
    assert ((city.cover == 0) == (city.terrain == OPEN)).all()
    assert ((city.cover == C.SOFT) == (city.terrain == NONBLOCKING)).all()
    assert ((city.cover >= C.LIGHT) == (city.building >= 0)).all()
    assert ((city.building >= 0) == (city.terrain == BLOCKING)).all()


@pytest.mark.parametrize("players", range(2, 7))
def test_every_block_holds_buildings_within_bounds(players):
    rules = GFRules(players=players)
    for seed in range(5):
        _check_pieces(C.generate(rules, seed), rules)


@pytest.mark.parametrize("changes", [
    {"buildings_per_block": (1, 9)},  # every lot may be used
    {"block_cells": 7, "buildings_per_block": (9, 9)},  # lots shifted inside a 7-cell block
    {"building_cells": 3, "buildings_per_block": (1, 4)},
    {"block_cells": 12, "buildings_per_block": (12, 12), "block_cm": 36},
    {"cover_weights": (0, 0, 1)},
])
def test_other_block_and_building_sizes(changes):
    rules = GFRules(**changes)
    for seed in range(4):
        _check_pieces(C.generate(rules, seed), rules)


def test_building_count_is_uniform_over_the_bounds():
    # chi-square of the per-block counts against uniform over 3..6, at ALPHA
    counts = np.concatenate([np.bincount(C.generate(R, s).piece_block) for s in range(40)])
    observed = np.bincount(counts, minlength=7)[3:7]
    assert observed.sum() == 40 * 25 and np.bincount(counts, minlength=7)[:3].sum() == 0
    assert stats.chisquare(observed).pvalue > ALPHA


@pytest.mark.parametrize("weights", [(1, 2, 1), (3, 0, 1)])
def test_cover_mix_matches_cover_weights(weights):
    # each class's share of ~4,500 pieces (40 seeds of 25 blocks) by an exact two-sided binomial
    # test; three tests, so each at ALPHA / 3 (Bonferroni): ALPHA for the whole mix
    rules = GFRules(cover_weights=weights)
    classes = np.concatenate([C.generate(rules, s).piece_cover for s in range(40)])
    n = len(classes)
    assert n > 4000
    for cls, w in zip((C.SOFT, C.LIGHT, C.HEAVY), weights, strict=True):
        k = int((classes == cls).sum())
        if w == 0:
            assert k == 0
        else:
            assert stats.binomtest(k, n, w / sum(weights)).pvalue > ALPHA / 3, (cls, k, n)


# ---- starting blocks --------------------------------------------------------------------------

@pytest.mark.parametrize("players", range(2, 7))
def test_starting_blocks_meet_start_distance_over_50_seeds(players):
    rules = GFRules(players=players)
    layouts = set()
    for seed in range(50):
        city = C.generate(rules, seed)
        s = city.starts.tolist()
        assert len(set(s)) == players and all(0 <= b < city.blocks for b in s)
        for a, b in itertools.combinations(s, 2):
            assert C.block_distance(city, a, b) == _manhattan(city, a, b) >= rules.start_distance
        layouts.add(tuple(s))
    assert len(layouts) > 40  # drawn at random, not one fixed layout


@pytest.mark.parametrize("players,side,distance", [
    (p, s, d) for p in range(2, 7) for s in (4, 5, 6) for d in (1, 2, 3, 4, 5)])
def test_generate_succeeds_exactly_when_problem_passes(players, side, distance):
    rules = GFRules(players=players, city_width=side, city_height=side, start_distance=distance)
    problem = rules.problem()
    for seed in range(3):
        if problem is None:
            city = C.generate(rules, seed)
            for a, b in itertools.combinations(city.starts.tolist(), 2):
                assert C.block_distance(city, a, b) >= distance
        else:
            with pytest.raises(ValueError, match="start_distance"):
                C.generate(rules, seed)


def test_greedy_fallback_and_direct_error(monkeypatch):
    monkeypatch.setattr(C, "START_TRIES", 0)  # straight to the layout problem() checks
    rng = np.random.default_rng(1)
    s = C._starts(rng, 4, 4, 8, 2)  # the full checkerboard: 8 blocks pairwise 2 apart
    xy = [(b % 4, b // 4) for b in s.tolist()]
    assert len(set(xy)) == 8
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) >= 2 for a, b in itertools.combinations(xy, 2))
    with pytest.raises(ValueError, match=r"city 4x4 with start_distance 2: no room for 9"):
        C._starts(rng, 4, 4, 9, 2)


def test_impossible_city_names_the_keys():
    rules = GFRules(players=6, city_width=4, city_height=4, start_distance=4)
    msg = rules.problem()
    assert "city 4x4 with start_distance 4" in msg and "6 players" in msg
    with pytest.raises(ValueError, match=r"city 4x4 with start_distance 4: found room for \d"):
        C.generate(rules, 1)
    too_many = GFRules(buildings_per_block=(3, 10))
    msg = too_many.problem()
    assert msg == ("buildings_per_block (3, 10): a block of block_cells (6) holds at most 9 "
                   "buildings of building_cells (2); expected (least, most) with most at most 9")
    with pytest.raises(ValueError, match="buildings_per_block"):
        C.generate(too_many, 1)
    assert GFRules(building_cells=4, buildings_per_block=(1, 1)).problem() is None
    assert "at most 1" in GFRules(building_cells=4, buildings_per_block=(1, 2)).problem()


# ---- the shared tabletop geometry on the city -----------------------------------------------------

def test_sight_along_a_street_and_blocked_by_a_building():
    city = C.generate(R, 7)
    side, street = 6, 2
    y = side  # the first east-west street
    assert visible(city.terrain, city.building, 0, y, city.width - 1, y)
    x = side + street - 1  # the first north-south street
    assert visible(city.terrain, city.building, x, 0, x, city.height - 1)
    assert line_of_sight(city.table, (0, y + 1), (city.width - 1, y + 1))[:3] == (True, 0, 0)
    found = {"building": 0, "soft": 0}
    for seed in range(10):
        city = C.generate(R, seed)
        for p in range(len(city.piece_cover)):
            x, y = (int(v) for v in city.piece_origin[p])
            west, east = x - 1, x + R.building_cells
            if west < 0 or east >= city.width:
                continue
            if city.terrain[y, west] == BLOCKING or city.terrain[y, east] == BLOCKING:
                continue
            if city.piece_cover[p] >= C.LIGHT:
                # straight through the building: blocked; from inside it, out of its windows: seen
                assert not visible(city.terrain, city.building, west, y, east, y)
                assert visible(city.terrain, city.building, x, y, west, y)
                assert visible(city.terrain, city.building, west, y, x, y)
                found["building"] += 1
            elif west >= 1 and (city.terrain[y, west - 1:west + 1] == OPEN).all() \
                    and city.terrain[y, east] == OPEN:
                # soft cover lets sight through and counts once as a piece between (not from
                # next to it: one sees over the cover one stands behind)
                assert line_of_sight(city.table, (west - 1, y), (east, y))[:2] == (True, 1)
                assert line_of_sight(city.table, (west, y), (east, y))[:2] == (True, 0)
                found["soft"] += 1
    assert found["building"] > 10 and found["soft"] > 5


def test_foot_and_vehicle_moves_along_a_street():
    city = C.generate(R, 2)
    h, w = city.terrain.shape
    x0, y0 = 10, 6  # north row of the first east-west street, under block 1 (x 8..13)
    assert city.block[y0, x0] == C.STREET and city.block[y0 - 1, x0] == 1
    occupied = np.zeros((h, w), np.bool_)
    dist = np.zeros((h, w), np.int64)
    queue = np.zeros(queue_size(h, w), np.int64)
    foot = R.cells(R.foot_move_cm)
    assert foot == 2
    reach(city.terrain, city.building, occupied, x0, y0, GO_AROUND, 2 * foot, dist, queue)
    # a move costs 2 a cell straight, 3 diagonally: within 4 on the street's two rows
    expect = {(8, 6): 4, (9, 6): 2, (10, 6): 0, (11, 6): 2, (12, 6): 4,
              (9, 7): 3, (10, 7): 2, (11, 7): 3}
    got = {(x, y): int(dist[y, x]) for y in (6, 7) for x in range(w) if dist[y, x] != UNREACHED}
    assert got == expect
    reached = dist != UNREACHED
    assert not (city.terrain[reached] != OPEN).any()  # never into or over a piece on foot
    assert reached.sum() <= 13 and np.abs(np.argwhere(reached) - [y0, x0]).max() <= foot
    cells = np.zeros(foot + 1, np.int64)
    n = path_to(city.terrain, city.building, dist, x0, y0, GO_AROUND, 12, 6, cells)
    assert cells[:n].tolist() == [6 * w + 10, 6 * w + 11, 6 * w + 12]
    drive = R.cells(R.vehicle_move_cm)
    assert drive == 4
    reach(city.terrain, city.building, occupied, x0, y0, GO_AROUND, 2 * drive, dist, queue)
    assert dist[6, 14] == 8 and dist[6, 6] == 8 and dist[6, 15] == UNREACHED
    assert dist[7, 13] == 7 and dist[7, 14] == UNREACHED  # one diagonal step costs 3


# ---- placement by two dice --------------------------------------------------------------------------

def test_block_cell_row_is_north_south():
    city = C.generate(R, 4)
    for b in (0, 7, 24):
        ox, oy = city.origin[b]
        assert C.block_cell(city, b, 0, 0) == (ox, oy)
        assert C.block_cell(city, b, 5, 0) == (ox, oy + 5)  # first die 6: the south row
        assert C.block_cell(city, b, 0, 5) == (ox + 5, oy)  # second die 6: the east column
        for r, c in itertools.product(range(6), repeat=2):
            x, y = C.block_cell(city, b, r, c)
            assert city.block[y, x] == b
    with pytest.raises(ValueError, match=r"row 6, col 0: expected a block 0..24 and row, col 0..5"):
        C.block_cell(city, 0, 6, 0)
    with pytest.raises(ValueError, match="block 25"):
        C.block_cell(city, 25, 0, 0)


def test_free_cells():
    city = C.generate(R, 4)
    b = 12
    assert C.free_cells(city, b) == [(r, c) for r in range(6) for c in range(6)]
    count = np.zeros(city.terrain.shape, np.int32)
    x, y = C.block_cell(city, b, 2, 3)
    count[y, x] = 1
    assert (2, 3) not in C.free_cells(city, b, count)
    assert (2, 3) in C.free_cells(city, b, count, capacity=2)
    cars = C.free_cells(city, b, vehicle=True)
    buildings = {(r, c) for r in range(6) for c in range(6)
                 if city.cover[C.block_cell(city, b, r, c)[::-1]] >= C.LIGHT}
    assert buildings and set(cars) == {(r, c) for r in range(6) for c in range(6)} - buildings


def test_roll_cell_rolls_north_south_first_and_is_uniform_over_free_cells():
    city = C.generate(R, 4)
    b, side = 6, R.block_cells
    ox, oy = (int(v) for v in city.origin[b])
    count = np.zeros(city.terrain.shape, np.int32)
    state = crng.new_state(9, 0, 0)
    # an empty block: the first two dice decide, the first the row
    copy = state.copy()
    r, c = crng.roll(copy, side), crng.roll(copy, side)
    assert C.roll_cell(state, city.origin, city.cover, count, 1, b, side, False) == (ox + c - 1, oy + r - 1)
    # vehicles re-roll building cells and full cells; uniform over what is left (chi-square, ALPHA)
    count[oy, ox:ox + side] = 1  # the north row is full
    free = {C.block_cell(city, b, r, c) for r, c in C.free_cells(city, b, count, vehicle=True)}
    hits = {cell: 0 for cell in free}
    for _ in range(20 * len(free)):
        cell = C.roll_cell(state, city.origin, city.cover, count, 1, b, side, True)
        hits[tuple(int(v) for v in cell)] += 1
    assert set(hits) == free and sum(hits.values()) == 20 * len(free)
    assert stats.chisquare(list(hits.values())).pvalue > ALPHA
    count[oy:oy + side, ox:ox + side] = 1
    assert C.roll_cell(state, city.origin, city.cover, count, 1, b, side, False) == (-1, -1)


# ---- determinism and the map ------------------------------------------------------------------------

def test_same_seed_same_city_other_seed_other_city():
    for players in (2, 4, 6):
        rules = GFRules(players=players)
        a, b, c = C.generate(rules, 123), C.generate(rules, 123), C.generate(rules, 124)
        for name in C.City._fields:
            assert np.array_equal(getattr(a, name), getattr(b, name)), name
            assert getattr(a, name).dtype == getattr(b, name).dtype
        assert not np.array_equal(a.terrain, c.terrain) or not np.array_equal(a.cover, c.cover)


def test_render():
    city = C.generate(R, 8)
    text = C.render(city, marks={(7, 0): "1", (0, 6): "*"})
    lines = text.split("\n")
    assert len(lines) == city.height and {len(line) for line in lines} == {city.width}
    chars = np.array([list(line) for line in lines])
    plain = np.array([list(line) for line in C.render(city, ids=False).split("\n")])
    assert ((plain == " ") == (city.block == C.STREET)).all()
    for code, ch in ((0, "."), (C.SOFT, "%"), (C.LIGHT, "b"), (C.HEAVY, "B")):
        assert ((plain == ch) == ((city.cover == code) & (city.block >= 0))).all()
    assert chars[0, 7] == "1" and chars[6, 0] == "*"
    for b, (x, y) in enumerate(city.origin):
        assert "".join(chars[y, x:x + len(str(b))]) == str(b)
    assert "heavy building" in C.LEGEND
