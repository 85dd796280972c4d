"""Rifle & Gun engine: rules checked on the event traces of many games, records, determinism."""

import numpy as np
import pytest

from helpers import one_and_all_threads
from sim.rifle_gun import state as S
from sim.rifle_gun.engine import forces, play_batch, replay
from sim.rifle_gun.rules import RGRules
from strategies.rifle_gun import PRESETS, table

NAMES = list(PRESETS)


def games(rules, n=30, seed=4):
    rng = np.random.default_rng(seed)
    for g in range(n):
        names = list(rng.choice(NAMES, size=2))
        kinds, weights = table(names)
        yield replay(rules, 9, 3, g, kinds, weights)


@pytest.mark.parametrize("rules", [RGRules(), RGRules(scenario="objective", density="dense"),
                                   RGRules(quality_a="d6", quality_b="d10", saw_a=True,
                                           marksman_b=True, density="light", crossfire=False)],
                         ids=["firefight", "objective-dense", "mixed-forces"])
def test_turn_rules_hold_in_every_game(rules):
    for batch, ev, _ in games(rules):
        last_init = None
        reacted = set()
        overwatch = set()
        ow_shots = {}
        for row in ev:
            turn, team, kind = int(row[0]), int(row[1]), int(row[2])
            a, b, c, d, e = (int(v) for v in row[3:8])
            if kind == S.Ev.INITIATIVE:
                if b != c:  # most unpinned soldiers acts first
                    assert a == (0 if b > c else 1)
                elif last_init is not None:  # tie: the side without it last turn
                    assert a != last_init
                last_init = a
                reacted.clear()
                overwatch.clear()
                ow_shots.clear()
            elif kind == S.Ev.REACTION:
                assert (turn, team) not in reacted, "a team reacts once per turn"
                reacted.add((turn, team))
            elif kind == S.Ev.OVERWATCH:
                overwatch.add(team)
            elif kind == S.Ev.SHOT:
                if team in overwatch:
                    assert b == S.SUPPRESSIVE, "overwatch fires suppressive only"
                    ow_shots[team] = ow_shots.get(team, 0) + 1
                    assert ow_shots[team] == 1, "overwatch fires once per turn"
            elif kind == S.Ev.MOVE:
                limit = rules.rapid_move if e == S.MODE_RAPID else rules.cautious_move
                assert np.hypot(c - a, d - b) <= limit + 1e-9
        g, sides = batch.games[0], batch.sides[0]
        if g[S.G_END] == S.END_BREAK and g[S.G_WINNER] >= 0:
            loser = 1 - g[S.G_WINNER]
            dead = sides[loser, S.S_START] - sides[loser, S.S_ALIVE]
            assert dead * 100 >= rules.break_pct * sides[loser, S.S_START]
        assert g[S.G_TURNS] <= rules.turns
        assert (sides[:, S.S_ALIVE] <= sides[:, S.S_START]).all()


def test_objective_is_decided_by_soldiers_on_it():
    rules = RGRules(scenario="objective", break_pct=100)
    for batch, _, _ in games(rules, n=20):
        g, sides = batch.games[0], batch.sides[0]
        if g[S.G_END] == S.END_OBJECTIVE:
            on = sides[:, S.S_ON_OBJ]
            assert g[S.G_WINNER] == (-1 if on[0] == on[1] else int(np.argmax(on)))


def test_replay_equals_batch_and_threads_do_not_matter():
    rules = RGRules()
    kinds, weights = table(["assault", "marksman_led"])
    n = 40
    args = (rules, 2, 7, 0, np.tile(kinds, (n, 1)), np.tile(weights, (n, 1, 1)))
    one, many = one_and_all_threads(lambda: play_batch(*args))
    assert np.array_equal(one.games, many.games) and np.array_equal(one.sides, many.sides)
    for i in (0, 13, 39):
        b, _, _ = replay(rules, 2, 7, i, kinds, weights)
        assert np.array_equal(b.games[0], one.games[i]) and np.array_equal(b.sides[0],
                                                                           one.sides[i])


def test_forces_follow_the_scenario():
    tm, sst, srole = forces(RGRules(teams_a=3, soldiers_a=4, saw_a=True, teams_b=1,
                                    soldiers_b=1, grenadier_b=False))
    assert (tm[:, S.TSIDE] == [0, 0, 0, 1]).all()
    assert (tm[:3, S.TQ] == 8).all() and (sst[:3, :4] == 1).all() and (sst[3, 1:] == 0).all()
    assert (srole[0, :4] == [0, 0, 2, 1]).all()  # SAW and grenadier replace two riflemen
    assert (tm[:3, S.TY] == 1).all() and tm[3, S.TY] == 34  # opposite edges
    assert tm[0, S.TFRAGS] == 8 and tm[0, S.TSMOKES] == 4  # 2 frags, 1 smoke per soldier


def test_quality_dice_matter():
    """Elite d10 teams beat irregular d6 teams of the same size (exact binomial test on
    decided games, alpha 1e-3; fixed seed)."""
    from helpers import binom_p

    rules = RGRules(quality_a="d10", quality_b="d6")
    kinds, weights = table(["marksman_led", "marksman_led"])
    n = 400
    b = play_batch(rules, 5, 5, 0, np.tile(kinds, (n, 1)), np.tile(weights, (n, 1, 1)))
    w = b.games[:, S.G_WINNER]
    a_wins, b_wins = int((w == 0).sum()), int((w == 1).sum())
    assert a_wins > b_wins and binom_p(a_wins, a_wins + b_wins, 0.5) < 1e-3
