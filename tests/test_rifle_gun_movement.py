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
