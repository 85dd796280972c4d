"""Rifle & Gun table: line of sight and the defence dice geometry gives, on hand-built tables."""

import numpy as np
import pytest

from sim.core.tabletop.battlefield import (
    BLOCKING,
    NONBLOCKING,
    OPEN,
    empty,
    generate,
    line_of_sight,
    place,
    render,
)


def test_open_table_clear_sight():
    t = empty(20, 20)
    assert line_of_sight(t, (2, 2), (17, 15)) == (True, 0, 0, False)


def test_wall_blocks_sight():
    t = empty(20, 20)
    place(t, 10, 0, 10, 19, BLOCKING)  # a wall across the table
    assert line_of_sight(t, (2, 5), (17, 5))[0] is False
    assert line_of_sight(t, (2, 5), (8, 15))[0] is True  # both on the same side


def test_each_separate_piece_adds_a_defence_die_once():
    t = empty(30, 10)
    place(t, 8, 0, 8, 9, NONBLOCKING)  # hedge
    place(t, 15, 0, 15, 9, NONBLOCKING)  # fence
    assert line_of_sight(t, (2, 5), (25, 5)) == (True, 2, 0, False)
    t2 = empty(30, 10)
    place(t2, 8, 5, 20, 5, NONBLOCKING)  # one long low wall along the line of fire
    assert line_of_sight(t2, (2, 5), (25, 5))[1] == 1


def test_terrain_touching_the_shooter_is_not_counted_but_at_the_target_it_is():
    t = empty(30, 10)
    place(t, 3, 0, 3, 9, NONBLOCKING)  # low wall right in front of the shooter
    place(t, 24, 0, 24, 9, NONBLOCKING)  # low wall right in front of the target
    assert line_of_sight(t, (2, 5), (25, 5))[1] == 1
    assert line_of_sight(t, (25, 5), (2, 5))[1] == 1  # and the other way round


def test_smoke_counts_even_next_to_the_shooter():
    t = empty(30, 10)
    smoke = np.full(t.terrain.shape, -1, np.int32)
    smoke[4:7, 3:6] = 0  # one cloud touching the shooter
    smoke[4:7, 15:17] = 1  # another cloud midway
    assert line_of_sight(t, (2, 5), (25, 5), smoke) == (True, 0, 2, False)


def test_buildings_block_but_occupants_see_out_and_are_behind_blocking():
    t = empty(30, 12)
    place(t, 10, 3, 15, 8, BLOCKING, building=True)
    assert line_of_sight(t, (2, 5), (25, 5))[0] is False  # the building is in the way
    inside = (14, 5)
    vis, _, _, behind = line_of_sight(t, (2, 5), inside)
    assert vis and behind  # seen through a window, +2 dice
    vis, _, _, behind = line_of_sight(t, inside, (25, 5))
    assert vis and not behind  # the occupant shoots out at a target in the open
    place(t, 20, 0, 22, 11, BLOCKING, building=True)
    assert line_of_sight(t, inside, (25, 5))[0] is False  # another building still blocks


def test_corner_cover_only_on_the_shooters_side():
    t = empty(30, 30)
    place(t, 15, 0, 15, 9, BLOCKING)  # wall, vertical; its end (15, 9) is diagonal to the target
    vis, _, _, behind = line_of_sight(t, (25, 2), (16, 10))  # shooter on the target's side
    assert vis and not behind
    vis, _, _, behind = line_of_sight(t, (6, 8), (16, 10))  # shooting past the wall's end
    assert vis and behind


def test_smoke_on_the_shooters_own_cell_counts_once():
    t = empty(30, 10)
    smoke = np.full(t.terrain.shape, -1, np.int32)
    smoke[5, 2] = 4  # a cloud on the shooter's cell only
    assert line_of_sight(t, (2, 5), (25, 5), smoke) == (True, 0, 1, False)
    smoke[4:7, 1:6] = 4  # the same cloud over the shooter and the first cells between
    assert line_of_sight(t, (2, 5), (25, 5), smoke) == (True, 0, 1, False)


def test_smoke_on_the_targets_cell_counts_once_and_smoke_is_symmetric():
    t = empty(30, 10)
    smoke = np.full(t.terrain.shape, -1, np.int32)
    smoke[5, 25] = 0  # the target stands in a cloud
    assert line_of_sight(t, (2, 5), (25, 5), smoke)[2] == 1
    smoke[4:7, 22:27] = 0  # the same cloud also covers cells between
    assert line_of_sight(t, (2, 5), (25, 5), smoke)[2] == 1
    smoke[:, :] = 7  # one cloud over everything, both ends included
    assert line_of_sight(t, (2, 5), (25, 5), smoke)[2] == 1
    smoke[:, :] = -1
    smoke[5, 2], smoke[5, 10], smoke[5, 25] = 1, 2, 3  # three clouds: shooter, between, target
    assert line_of_sight(t, (2, 5), (25, 5), smoke)[2] == 3
    assert line_of_sight(t, (25, 5), (2, 5), smoke)[2] == 3


def test_wall_far_off_the_line_of_fire_gives_no_cover():
    t = empty(30, 30)
    place(t, 15, 10, 15, 20, BLOCKING)  # wall; the target (16, 10) beside its top end
    vis, _, _, behind = line_of_sight(t, (15, 0), (16, 10))  # wall end 84 degrees off the line
    assert vis and not behind
    vis, _, _, behind = line_of_sight(t, (10, 0), (16, 10))  # 59 degrees off
    assert vis and not behind


def test_wall_end_next_to_the_line_of_fire_gives_cover():
    t = empty(30, 30)
    place(t, 15, 0, 15, 9, BLOCKING)  # wall end (15, 9), diagonal to the target (16, 10)
    for shooter in [(6, 8), (6, 9), (2, 10)]:  # the line grazes the wall end, 34-45 degrees off
        vis, _, _, behind = line_of_sight(t, shooter, (16, 10))
        assert vis and behind, shooter


def test_cover_cone_boundary_is_45_degrees_inclusive():
    t = empty(30, 30)
    place(t, 15, 0, 15, 9, BLOCKING)  # wall end (15, 9): up-left diagonal of the target
    assert line_of_sight(t, (6, 10), (16, 10)) == (True, 0, 0, True)  # exactly 45 degrees
    assert line_of_sight(t, (6, 11), (16, 10)) == (True, 0, 0, False)  # 50.7 degrees


def test_shooter_and_target_on_one_cell():
    t = empty(10, 10)
    smoke = np.full(t.terrain.shape, -1, np.int32)
    smoke[3, 3] = 0
    assert line_of_sight(t, (3, 3), (3, 3), smoke) == (True, 0, 1, False)


def test_sight_is_symmetric_on_generated_tables():
    rng = np.random.default_rng(3)
    for seed in range(5):
        t = generate("dense", seed)
        for _ in range(200):
            a = tuple(int(v) for v in rng.integers(0, 36, 2))
            b = tuple(int(v) for v in rng.integers(0, 36, 2))
            assert line_of_sight(t, a, b)[0] == line_of_sight(t, b, a)[0], (seed, a, b)


def test_generated_tables():
    a, b = generate("medium", 7), generate("medium", 7)
    assert (a.terrain == b.terrain).all()  # reproducible from the seed
    dense, light = generate("dense", 7), generate("light", 7)
    assert (dense.terrain != OPEN).sum() > (light.terrain != OPEN).sum() > 0
    assert (generate("open", 7).terrain == OPEN).all()
    for t in (dense, light):
        assert (t.terrain[:3] == OPEN).all() and (t.terrain[-3:] == OPEN).all()  # deployment
        assert (t.terrain[17:20, 17:20] == OPEN).all()  # the objective
    art = render(dense, {(0, 0): "A"})
    assert art.splitlines()[0][0] == "A" and len(art.splitlines()) == 36
    assert "B" in art and "%" in art


@pytest.mark.parametrize("density", ["light", "medium", "dense"])
def test_pieces_never_touch_so_counts_are_per_piece(density):
    t = generate(density, 11)
    h, w = t.piece.shape
    for y in range(h):
        for x in range(w):
            p = t.piece[y, x]
            if p < 0:
                continue
            nb = t.piece[max(y - 1, 0):y + 2, max(x - 1, 0):x + 2]
            assert set(np.unique(nb)) <= {-1, p}


def test_a_target_standing_in_a_hedge_is_behind_it_once():
    t = empty(30, 10)
    place(t, 20, 3, 20, 7, NONBLOCKING)  # a hedge; the target stands in it
    assert line_of_sight(t, (2, 5), (20, 5))[1] == 1
    place(t, 10, 3, 10, 7, NONBLOCKING)  # a second hedge between
    assert line_of_sight(t, (2, 5), (20, 5))[1] == 2
    assert line_of_sight(t, (19, 5), (20, 5))[1] == 0  # the shooter's own hedge never counts


def test_the_shooters_own_building_gives_the_target_no_cover():
    t = empty(30, 30)
    place(t, 10, 10, 15, 15, BLOCKING, building=True)
    vis, _, _, behind = line_of_sight(t, (12, 12), (14, 14))  # same building: nothing between
    assert vis and not behind
    vis, _, _, behind = line_of_sight(t, (20, 12), (14, 12))  # from outside: inside counts
    assert vis and behind
    vis, _, _, behind = line_of_sight(t, (14, 12), (16, 12))  # next to it, fired on from inside
    assert vis and not behind


def test_visible_is_sights_first_answer_on_generated_tables():
    """The lean visibility test used for every yes/no question agrees with the full line of
    sight on 4,000 random pairs over four tables (from and into buildings included)."""
    from sim.core.tabletop.battlefield import sight, visible

    rng = np.random.default_rng(11)
    for density, seed in (("light", 5), ("medium", 6), ("dense", 7), ("dense", 8)):
        t = generate(density, seed)
        h, w = t.terrain.shape
        smoke = np.full((h, w), -1, np.int32)
        seen = np.zeros(4 * (h + w), np.int32)
        n_seen = 0
        for _ in range(1000):
            x0, x1 = rng.integers(w, size=2)
            y0, y1 = rng.integers(h, size=2)
            full = sight(t.terrain, t.piece, t.building, smoke, x0, y0, x1, y1, seen)[0]
            assert visible(t.terrain, t.building, x0, y0, x1, y1) == full
            n_seen += full
        assert 100 < n_seen < 1000  # both answers occur


def test_sight_memo_answers_as_visible_and_survives_collisions():
    """``geometry.sees`` with a memo in its scratch gives ``visible``'s answer for 3,000
    pairs drawn from a few cells (so pairs repeat), each asked twice, with a memo of 4,096
    entries and with one of 8 (nearly every pair evicts another: collisions must not leak a
    wrong answer). A scratch without a memo is used as before."""
    from sim.core.tabletop.battlefield import LOS_MEMO, seen_size, visible
    from sim.core.tabletop.geometry import sees

    rng = np.random.default_rng(12)
    t = generate("dense", 9)
    h, w = t.terrain.shape
    smoke = np.full((h, w), -1, np.int32)
    cells = rng.integers(0, [w, h], size=(40, 2))
    for memo in (LOS_MEMO, 8, 0):
        seen = np.zeros(seen_size(h, w, memo), np.int32)
        n_seen = 0
        for _ in range(3000):
            (x0, y0), (x1, y1) = cells[rng.integers(40, size=2)]
            want = visible(t.terrain, t.building, x0, y0, x1, y1)
            for _ in range(2):
                assert sees(t.terrain, t.piece, t.building, smoke, x0, y0, x1, y1, seen) == want
            n_seen += want
        assert 300 < n_seen < 2700  # both answers occur
        if memo:
            assert np.count_nonzero(seen[seen_size(h, w):]) > min(memo // 2, 4)
    with pytest.raises(ValueError, match="power of two"):
        seen_size(h, w, 100)
