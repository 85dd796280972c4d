"""Rifle & Gun's surface for the runner and CLI: play games for a line-up, tidy the records."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.rifle_gun import state as S
from sim.rifle_gun.battlefield import Table
from sim.rifle_gun.engine import play_batch, replay
from sim.rifle_gun.narrate import narrate
from sim.rifle_gun.rules import QUALITY, RGRules
from strategies import rifle_gun as strat

END_NAMES = ["break", "objective", "turn_limit"]
_SIDE_COLS = {S.S_START: "soldiers_start", S.S_ALIVE: "soldiers_left",
              S.S_INJURED: "injured_left", S.S_KILLED: "enemies_killed", S.S_PINS: "pins",
              S.S_ON_OBJ: "on_objective", S.S_INIT_TURNS: "initiative_turns"}


def strategy_arrays(pool, lineup, overrides=None):
    kinds, weights = strat.table(pool, overrides)
    return kinds[lineup], weights[lineup]


def run_games(rules: RGRules, seed: int, stream: int, game0: int, lineup: np.ndarray,
              pool: list[str], overrides: dict | None = None, key_div: int = 1) -> pd.DataFrame:
    """Play len(lineup) games (seat 0 = side A, seat 1 = side B); one row per game and side.

    ``key_div`` (common random numbers) is not supported yet: every game has its own stream."""
    if key_div != 1:
        raise ValueError("crn seating is not available for rifle_gun yet")
    kinds, weights = strategy_arrays(pool, lineup, overrides)
    batch = play_batch(rules, seed, stream, game0, kinds, weights)
    g, sd = batch.games, batch.sides
    n = len(lineup)
    rep = lambda col: np.repeat(col, 2)  # noqa: E731
    winner = g[:, S.G_WINNER]
    seat = np.tile(np.arange(2), n)
    data = {
        "game": rep(np.arange(game0, game0 + n, dtype=np.int64)),
        "seat": seat,
        "strategy": pd.Categorical.from_codes(lineup.reshape(-1), categories=list(pool)),
        "quality": np.tile([QUALITY[rules.quality_a], QUALITY[rules.quality_b]], n),
        "won": rep(winner) == seat,
        "winner_seat": rep(winner),
        "draw": rep(winner < 0),
        "end_reason": pd.Categorical.from_codes(rep(g[:, S.G_END]), categories=END_NAMES),
        "finished": np.ones(2 * n, dtype=bool),  # every game ends by its scenario's rules
        "first_seat": rep(g[:, S.G_FIRST_INIT]),
        "order": (seat != rep(g[:, S.G_FIRST_INIT])).astype(np.int64),  # 0 = initiative turn 1
        "rounds": rep(g[:, S.G_TURNS]),
        "dice": rep(g[:, S.G_DICE]),
        "shots": rep(g[:, S.G_SHOTS]),
        "reactions": rep(g[:, S.G_REACTIONS]),
    }
    for col, name in _SIDE_COLS.items():
        data[name] = sd[:, :, col].reshape(-1)
    return pd.DataFrame(data)


def play_text(rules: RGRules, seed: int, stream: int, game: int, pool: list[str],
              lineup_row, overrides: dict | None = None, key_div: int = 1) -> str:
    kinds, weights = strategy_arrays(pool, np.asarray(lineup_row)[None, :], overrides)
    batch, events, (t, p, b) = replay(rules, seed, stream, game, kinds[0], weights[0])
    names = [pool[i] for i in lineup_row]
    return narrate(events, Table(t, p, b), names, batch.games[0], batch.sides[0])
