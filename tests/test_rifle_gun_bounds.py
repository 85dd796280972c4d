"""Rifle & Gun scratch buffers: sized from the rules so no legal game can write past them."""

import dataclasses

import numpy as np
import pytest

from sim.core.debug import debug_default
from sim.core.params import ConfigError, build
from sim.core.rng import STATE_SIZE, seed_state
from sim.rifle_gun import engine as E
from sim.rifle_gun import state as S
from sim.rifle_gun import team as TM
from sim.rifle_gun.rules import RGRules
from strategies.rifle_gun import N_W, table

# the largest forces and the most attack dice any legal config allows
EXTREME = RGRules(teams_a=6, teams_b=6, soldiers_a=8, soldiers_b=8, frags_per_soldier=10,
                  quality_a="d12", quality_b="d12", saw_a=True, saw_b=True, marksman_a=True,
                  close_range_dice=4, still_dice=4, grenadier_dice=4, saw_dice=4, frag_dice=4,
                  merge_distance=36)


def _hi(name):
    return next(f.metadata["hi"] for f in dataclasses.fields(RGRules) if f.name == name)


def test_extreme_config_is_legal_and_at_every_bound():
    assert build(RGRules, dataclasses.asdict(EXTREME), "test") == EXTREME
    for name in ("teams_a", "soldiers_a", "frags_per_soldier", "close_range_dice", "still_dice",
                 "grenadier_dice", "saw_dice", "frag_dice"):
        assert getattr(EXTREME, name) == _hi(name), name


def test_bounds_cover_the_worst_case():
    """Worst volley: one team holding a whole side (48 soldiers) with every bonus, throwing
    every frag grenade of the side (480) at close range without having moved."""
    soldiers = 6 * 8
    assert EXTREME.slots() >= soldiers
    assert EXTREME.max_attack_dice() >= soldiers + 4 * 4 + 4 * soldiers * 10


def test_worst_volley_fits_the_faces_buffer():
    """Put the whole side A in one team with all its grenades next to an enemy and fire: the
    dice rolled reach the bound exactly and nothing is flagged."""
    rules = EXTREME
    terr, pcs, bld = (a[0] for a in E.maps(dataclasses.replace(rules, density="open"), 1, 1))
    tm, sst, srole = E.forces(rules, terr.shape[1], terr.shape[0])
    side_a = np.flatnonzero(tm[:, S.TSIDE] == 0)
    n = rules.side_soldiers()
    sst[0, :n] = TM.FIT
    srole[0, :n] = TM.RIFLE
    srole[0, :2] = TM.GRENADIER, TM.SAW
    tm[0, S.TFRAGS] = tm[side_a, S.TFRAGS].sum()
    tm[side_a[1:], S.TALIVE] = 0
    tm[side_a[1:], S.TX] = np.arange(len(side_a) - 1)  # off the way of the shot
    t = int(np.flatnonzero(tm[:, S.TSIDE] == 1)[0])
    tm[0, S.TX], tm[0, S.TY], tm[t, S.TX], tm[t, S.TY] = 18, 17, 18, 19
    h, w = terr.shape
    sz = E.sizes(rules, h, w)
    T = tm.shape[0]
    s = np.empty(STATE_SIZE, np.uint64)
    seed_state(s, np.uint64(1), np.uint64(2), np.uint64(3))
    g = E.Game(s, rules.kernel_params(), np.zeros(2, np.int64), np.zeros((2, N_W)))
    f = E.field(terr, pcs, bld)
    sc = E.scratch(h, w, T, sz)
    out = E.Out(np.zeros(S.N_GAME_COLS, np.int64), np.zeros((2, S.N_SIDE_COLS), np.int64),
                np.zeros((0, 12), np.int64), np.zeros(1, np.int64))
    E._fire(g, f, E.Teams(tm, sst, srole), sc, out, 1, 0, t, S.REGULAR, 10**6)
    assert out.g_out[S.G_DICE] >= rules.max_attack_dice()  # attack dice + the defence
    assert out.g_out[S.G_DICE] - rules.max_attack_dice() < 20
    assert out.g_out[S.G_ERROR] == S.Bad.OK
    assert tm[0, S.TFRAGS] == 0


def test_extreme_batch_runs_in_debug_mode():
    """Many games of the extreme config with frag-happy commanders that merge (debug mode:
    every invariant checked after every turn, buffers included)."""
    assert debug_default()  # the suite runs with GANGSIM_DEBUG=1
    kinds, weights = table(["assault", "marksman_led", "random"],
                           {"assault": {"frags": 1000.0}, "marksman_led": {"frags": 1000.0}})
    rng = np.random.default_rng(1)
    n = 60
    lu = rng.integers(0, 3, size=(n, 2))
    batch = E.play_batch(EXTREME, 3, 1, 0, kinds[lu], weights[lu])
    assert (batch.games[:, S.G_ERROR] == 0).all()
    assert batch.games[:, S.G_DICE].max() > 0


def test_moves_follow_their_parameters():
    rules = RGRules(rapid_move=8, cautious_move=4, retreat_distance=2)
    kinds, weights = table(["assault", "fire_manoeuvre"])
    for g in range(6):
        _, ev, _ = E.replay(rules, 2, 2, g, kinds, weights)
        for row in ev:
            if row[2] == S.Ev.MOVE:
                limit = rules.rapid_move if row[7] == S.MODE_RAPID else rules.cautious_move
                assert np.hypot(row[5] - row[3], row[6] - row[4]) <= limit + 1e-9
            elif row[2] == S.Ev.RETREAT:
                assert max(abs(row[5] - row[3]), abs(row[6] - row[4])) <= 2


def test_a_cautious_move_longer_than_a_rapid_one_is_refused():
    with pytest.raises(ConfigError, match="cautious_move"):
        build(RGRules, {"rapid_move": 4, "cautious_move": 6}, "rules")


def test_a_short_trace_is_replayed_with_room_for_every_event():
    kinds, weights = table(["assault", "overwatch_line"])
    b1, ev1, _ = E.replay(RGRules(), 5, 5, 1, kinds, weights)
    b2, ev2, _ = E.replay(RGRules(), 5, 5, 1, kinds, weights, max_events=5)
    assert len(ev1) > 5 and np.array_equal(ev1, ev2) and np.array_equal(b1.games, b2.games)


def test_debug_check_flags_a_broken_game():
    from sim.core.debug import InvariantError

    rules = RGRules()
    terr, pcs, bld = (a[0] for a in E.maps(rules, 1, 1))
    tm, sst, srole = E.forces(rules, terr.shape[1], terr.shape[0])
    tm[1, S.TX], tm[1, S.TY] = tm[0, S.TX], tm[0, S.TY]  # two teams on one cell
    out = E.Out(np.zeros(S.N_GAME_COLS, np.int64), np.zeros((2, S.N_SIDE_COLS), np.int64),
                np.zeros((0, 12), np.int64), np.zeros(1, np.int64))
    out.side_out[:, S.S_START] = 8
    f = E.field(terr, pcs, bld)
    E._check(f, E.Teams(tm, sst, srole), out, 3)
    assert out.g_out[S.G_ERROR] == S.Bad.SHARED_CELL and out.g_out[S.G_ERROR_ROUND] == 3
    with pytest.raises(InvariantError, match="SHARED_CELL"):
        E._raise_on_broken(out.g_out[None, :], 1, 1, 0)
