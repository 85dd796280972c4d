"""The contract every game in the registry meets (one test for all games)."""

import numpy as np
import pandas as pd
import pytest

from helpers import binom_p
from sim import games
from sim.core.seating import lineups


@pytest.mark.parametrize("name", games.GAME_NAMES)
def test_random_play_ends_with_sane_records_and_reproduces(name):
    spec = games.get(name)
    rules = spec.rules_cls()
    pool = list(spec.presets)
    P = rules.players
    lineup = lineups(len(pool), P, "mixed", 4, 4, 0, 300)
    a = spec.run_games(rules, 4, 4, 0, lineup, pool, {})
    b = spec.run_games(rules, 4, 4, 0, lineup, pool, {})
    pd.testing.assert_frame_equal(a, b)
    assert len(a) == 300 * P
    assert a["won"].dtype == bool and a["finished"].dtype == bool
    per_game = a.drop_duplicates("game")
    assert (per_game["rounds"] >= 1).all() and (per_game["rounds"] <= rules.round_limit).all()
    assert (per_game.loc[~per_game["finished"], "rounds"] == rules.round_limit).all()
    decided = per_game.set_index("game")["finished"]
    if "draw" in per_game:  # games that can end drawn
        decided = decided & ~per_game.set_index("game")["draw"]
    assert (a.groupby("game")["won"].sum() == decided).all()
    assert set(a["strategy"].unique()) == set(pool)
    assert sorted(a["seat"].unique()) == list(range(P))


@pytest.mark.parametrize("name", games.GAME_NAMES)
def test_every_scripted_strategy_beats_random(name):
    """Head to head at 2 players, 600 games each: among decided games the strategy wins more
    than random, by an exact binomial test at alpha 1e-3 per strategy (fixed seeds; a strategy
    no better than random fails; draws, where a game has them, are left out)."""
    spec = games.get(name)
    rules = spec.rules_cls(players=2)
    for strat in spec.presets:
        if strat == "random":
            continue
        pool = [strat, "random"]
        lineup = lineups(2, 2, "mixed", 8, 8, 0, 600)
        df = spec.run_games(rules, 8, 8, 0, lineup, pool, {})
        mine = df[df["strategy"] == strat]
        wins = int(mine["won"].sum())
        losses = int(df[df["strategy"] == "random"]["won"].sum())
        assert wins > losses and binom_p(wins, wins + losses, 0.5) < 1e-3, (strat, wins, losses)
        assert np.isin(mine["seat"], [0, 1]).all()
