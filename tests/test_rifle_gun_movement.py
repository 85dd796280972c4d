"""Rifle & Gun movement: distances, terrain per move type, breaching, blocked corners."""

import numpy as np

from sim.core.tabletop.battlefield import BLOCKING, NONBLOCKING, empty, generate, place
from sim.core.tabletop.movement import GO_AROUND, GO_OVER, UNREACHED, reachable


def test_distances_on_open_ground():
    t = empty(36, 36)
    d = reachable(t, (18, 18), GO_AROUND, 12)
    assert d[18, 30] == 24 and d[18, 31] == UNREACHED  # 12" straight
    assert d[26, 26] == 24 and d[27, 27] == UNREACHED  # 8 diagonal steps cost 3 each
    c = reachable(t, (18, 18), GO_OVER, 6)
    assert c[18, 24] == 12 and c[18, 25] == UNREACHED


def test_rapid_goes_around_nonblocking_cautious_cuts_through():
    t = empty(20, 20)
    place(t, 10, 0, 10, 18, NONBLOCKING)  # a long hedge with a gap at the bottom
    rapid = reachable(t, (8, 2), GO_AROUND, 12)
    cautious = reachable(t, (8, 2), GO_OVER, 6)
    assert rapid[2, 12] == UNREACHED  # 4" away but 17" round the hedge's end
    assert cautious[2, 12] == 8  # straight over it
    assert rapid[2, 10] == UNREACHED and cautious[2, 10] == 4  # standing in the hedge


def test_walls_stop_everyone_and_corners_cannot_be_cut():
    t = empty(20, 20)
    place(t, 10, 0, 10, 19, BLOCKING)
    for mode, inches in ((GO_AROUND, 12), (GO_OVER, 6)):
        assert (reachable(t, (8, 5), mode, inches)[:, 11:] == UNREACHED).all()
    t2 = empty(10, 10)
    place(t2, 5, 4, 5, 4, BLOCKING)
    place(t2, 4, 5, 4, 5, BLOCKING)
    d = reachable(t2, (4, 4), GO_AROUND, 12)
    assert d[5, 5] > 3  # the diagonal between two blocked cells is closed


def test_breach_only_from_next_to_the_building_and_only_cautiously():
    t = empty(20, 20)
    place(t, 10, 5, 14, 9, BLOCKING, building=True)
    next_to = reachable(t, (9, 7), GO_OVER, 6)
    assert next_to[7, 11] == 4  # in through the wall (a door or window)
    assert reachable(t, (9, 7), GO_AROUND, 12)[7, 11] == UNREACHED
    assert reachable(t, (7, 7), GO_OVER, 6)[7, 11] == UNREACHED  # not adjacent: no breach
    inside = reachable(t, (12, 7), GO_OVER, 6)
    assert inside[7, 13] == 2 and inside[7, 15] == 6  # move within and out of one's building


def test_occupied_cells_are_not_entered():
    t = empty(10, 10)
    occ = np.zeros((10, 10), bool)
    occ[5, 6] = True
    d = reachable(t, (5, 5), GO_AROUND, 12, occ)
    assert d[5, 6] == UNREACHED and d[5, 7] == 6  # around the other team: two diagonals


def test_reach_is_symmetric_on_generated_tables_for_open_cells():
    t = generate("medium", 2)
    rng = np.random.default_rng(0)
    opens = np.argwhere(t.terrain == 0)
    for _ in range(30):
        (ay, ax), (by, bx) = opens[rng.integers(len(opens), size=2)]
        da = reachable(t, (ax, ay), GO_AROUND, 12)
        db = reachable(t, (bx, by), GO_AROUND, 12)
        assert da[by, bx] == db[ay, ax]


def test_pinned_team_retreats_behind_blocking_terrain_within_3_inches():
    from sim.core.tabletop.battlefield import line_of_sight
    from sim.core.tabletop.movement import retreat_from

    t = empty(30, 30)
    place(t, 17, 12, 17, 15, BLOCKING)  # a short wall just beside the team
    x, y = retreat_from(t, (15, 16), (15, 2))
    assert (x, y) != (15, 16)
    assert not line_of_sight(t, (15, 2), (x, y))[0]  # out of the attacker's sight
    assert (x - 15) ** 2 + (y - 2) ** 2 >= (15 - 15) ** 2 + (16 - 2) ** 2  # never closer
    assert max(abs(x - 15), abs(y - 16)) <= 3


def test_cover_too_far_means_moving_towards_it_never_towards_the_enemy():
    from sim.core.tabletop.movement import retreat_from

    t = empty(30, 30)
    place(t, 20, 25, 24, 25, BLOCKING)  # cover 9" away
    x, y = retreat_from(t, (15, 15), (15, 5))
    assert y > 15  # away from the fire
    assert abs(x - 22) + abs(y - 25) < abs(15 - 22) + abs(15 - 25)  # closer to the wall
    assert (x - 15) ** 2 + (y - 5) ** 2 >= 100


def test_retreat_may_reverse_the_last_move_instead():
    from sim.core.tabletop.movement import retreat_from

    t = empty(30, 30)
    place(t, 5, 10, 5, 20, BLOCKING)  # cover to the west, where the team came from
    x, y = retreat_from(t, (7, 15), (20, 15), last_move=(1, 0))
    assert x < 7  # back the way it came, behind the wall... and still not closer to the enemy


def _plain_dijkstra(t, start, mode, budget, occ):
    """Textbook Dijkstra (heapq) with the module's step rules written out independently:
    orthogonal 2, diagonal 3, no corner between two impassable cells, no occupied cell."""
    import heapq

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
        return k == 0 or mode == GO_OVER

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
                nc = c + (3 if dx and dy else 2)
                if nc <= budget and nc < dist[yy, xx]:
                    dist[yy, xx] = nc
                    heapq.heappush(heap, (nc, xx, yy))
    return dist


def test_search_matches_a_textbook_dijkstra_on_generated_tables():
    """The bucket-queue search over its window grid finds exactly the costs of a plain heap
    Dijkstra, in both modes, with occupied cells, from open cells and from inside buildings
    (breaches), on every density; 120 starts."""
    rng = np.random.default_rng(7)
    for i, density in enumerate(("light", "medium", "dense", "dense")):
        t = generate(density, 40 + i)
        h, w = t.terrain.shape
        starts = np.argwhere((t.terrain == 0) | (t.building >= 0))
        for _ in range(30):
            y, x = starts[rng.integers(len(starts))]
            occ = rng.random((h, w)) < 0.03
            occ[y, x] = False
            mode = GO_OVER if rng.random() < 0.5 else GO_AROUND
            inches = int(rng.choice([3, 6, 12, 40]))
            got = reachable(t, (int(x), int(y)), mode, inches, occ)
            want = _plain_dijkstra(t, (int(x), int(y)), mode, 2 * inches, occ)
            assert np.array_equal(got, want), (density, x, y, mode, inches)


def test_memo_answers_only_the_same_search():
    """A repeated search returns the memo; a change of start, budget, mode or occupied cell
    in the window searches again (each answer equals a fresh search's)."""
    from sim.core.tabletop.movement import queue_size, reach

    t = generate("medium", 3)
    h, w = t.terrain.shape
    occ = np.zeros((h, w), np.bool_)
    dist = np.zeros((h, w), np.int64)
    queue = np.zeros(queue_size(h, w), np.int64)

    def fresh(x, y, mode, budget, o):
        return reachable(t, (x, y), mode, budget // 2, o)

    for x, y, mode, budget in [(18, 1, GO_AROUND, 24), (18, 1, GO_AROUND, 24),
                               (18, 1, GO_OVER, 24), (18, 1, GO_OVER, 12), (17, 1, GO_OVER, 12)]:
        got = reach(t.terrain, t.building, occ, x, y, mode, budget, dist, queue)
        assert np.array_equal(got, fresh(x, y, mode, budget, occ))
    occ[2, 17] = True  # next to the last start: the memo must not answer
    got = reach(t.terrain, t.building, occ, 17, 1, GO_OVER, 12, dist, queue)
    assert np.array_equal(got, fresh(17, 1, GO_OVER, 12, occ)) and got[2, 17] == UNREACHED


def test_a_short_queue_is_refused():
    import pytest

    from sim.core.tabletop.movement import queue_size, reach

    t = empty(10, 10)
    occ = np.zeros((10, 10), np.bool_)
    with pytest.raises(ValueError, match="queue shorter than queue_size"):
        reach(t.terrain, t.building, occ, 5, 5, GO_AROUND, 12, np.zeros((10, 10), np.int64),
              np.zeros(queue_size(10, 10) - 1, np.int64))


def test_cover_distance_is_the_chebyshev_distance_to_blocking_terrain():
    from sim.core.tabletop.movement import COVER_SEARCH, cover_distance

    for density, seed in (("open", 1), ("light", 2), ("dense", 3)):
        t = generate(density, seed)
        blocks = np.argwhere(t.terrain == BLOCKING)
        h, w = t.terrain.shape
        want = np.full((h, w), COVER_SEARCH + 1)
        for y in range(h):
            for x in range(w):
                if len(blocks):
                    d = np.abs(blocks - (y, x)).max(axis=1).min()
                    want[y, x] = min(d, COVER_SEARCH + 1)
        assert np.array_equal(cover_distance(t.terrain), want), density
