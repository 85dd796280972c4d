"""Rifle & Gun's surface for the platform: play games for a line-up, tidy the records, and the
game's contract record ``SPEC`` (registered in ``sim/games.py``)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.core import records
from sim.core.game import Capabilities, GameSpec, GoldenCase, OddsCheck
from sim.core.records import Column
from sim.core.tabletop.battlefield import Table
from sim.rifle_gun import state as S
from sim.rifle_gun.cli import odds_rg
from sim.rifle_gun.engine import map_index, play_batch, replay
from sim.rifle_gun.narrate import narrate
from sim.rifle_gun.rules import QUALITY, VERSION, RGRules
from strategies import rifle_gun as strat

END_NAMES = ["break", "objective", "turn_limit"]
_SIDE_COLS = {S.S_START: "soldiers_start", S.S_ALIVE: "soldiers_left",
              S.S_INJURED: "injured_left", S.S_KILLED: "enemies_killed", S.S_PINS: "pins",
              S.S_ON_OBJ: "on_objective", S.S_INIT_TURNS: "initiative_turns",
              S.S_OW_DECLARED: "overwatch_declared", S.S_OW_SHOTS: "overwatch_shots",
              S.S_REACTIONS: "reactions_declared", S.S_REACTIONS_WON: "reactions_won",
              S.S_REACTION_SHOTS: "reaction_shots", S.S_REACTIONS_UNFIRED: "reactions_unfired",
              S.S_BREACH_PINS: "breach_pins", S.S_REACTION_MOVES: "reaction_moves"}


def strategy_arrays(pool, lineup, overrides=None):
    kinds, weights = strat.table(pool, overrides)
    return kinds[lineup], weights[lineup]


def run_games(rules: RGRules, seed: int, stream: int, game0: int, lineup: np.ndarray,
              pool: list[str], overrides: dict | None = None, key_div: int = 1) -> pd.DataFrame:
    """Play len(lineup) games (seat 0 = side A, seat 1 = side B); one row per game and side.

    Common random numbers (``key_div`` > 1) are not offered: the capabilities say so and the
    config loader refuses ``seating = "crn"`` before any game is played."""
    if key_div != 1:
        raise ValueError("crn seating is not available for rifle_gun")
    kinds, weights = strategy_arrays(pool, lineup, overrides)
    return tidy(play_batch(rules, seed, stream, game0, kinds, weights), rules, lineup, pool,
                game0)


def side_quality(rules: RGRules, side: int) -> int:
    """The tidy ``quality`` of a side: faces of its die (quality_*), or with per-team dice
    (team_quality_*) the mean faces of its teams' dice rounded half up (d4,d12 -> 8; d8,d10 -> 9
    though no die has 9 faces)."""
    faces = [QUALITY[d] for d in rules.team_dice(side)]
    return (2 * sum(faces) + len(faces)) // (2 * len(faces))


def tidy(batch, rules: RGRules, lineup: np.ndarray, pool: list[str], game0: int) -> pd.DataFrame:
    """Records -> DataFrame with one row per (game, side)."""
    g, sd = batch.games, batch.sides
    n = len(lineup)
    first = g[:, S.G_FIRST_INIT]
    end = g[:, S.G_END]
    return records.tidy(
        game0, lineup, pool, winner=g[:, S.G_WINNER], end=end, end_names=END_NAMES,
        turn_limit=end == END_NAMES.index("turn_limit"), first_seat=first,
        order=(np.arange(2)[None, :] != first[:, None]).astype(np.int64),  # 0 = initiative
        rounds=g[:, S.G_TURNS],
        game_cols={"map": map_index(np.arange(game0, game0 + n), rules.maps),
                   "dice": g[:, S.G_DICE], "shots": g[:, S.G_SHOTS],
                   "reactions": g[:, S.G_REACTIONS]},
        seat_cols={"quality": np.tile([side_quality(rules, 0), side_quality(rules, 1)], (n, 1)),
                   **{name: sd[:, :, col] for col, name in _SIDE_COLS.items()}})


def replay_game(rules: RGRules, seed: int, stream: int, game: int, pool: list[str],
                lineup_row, overrides: dict | None = None,
                key_div: int = 1) -> tuple[pd.DataFrame, str]:
    """Game (seed, stream, game) alone with its trace: its tidy rows and its narration."""
    if key_div != 1:
        raise ValueError("crn seating is not available for rifle_gun")
    row = np.asarray(lineup_row)[None, :]
    kinds, weights = strategy_arrays(pool, row, overrides)
    batch, events, (t, p, b) = replay(rules, seed, stream, game, kinds[0], weights[0])
    names = [pool[i] for i in row[0]]
    text = narrate(events, Table(t, p, b), names, batch.games[0], batch.sides[0])
    return tidy(batch, rules, row, pool, game), text


# ---------------------------------------------------------------- the contract record

_COLUMNS = (
    Column("map", "int64", "game", "the generated table the game was played on (one of the "
           "point's `maps`; games on one table share its luck)"),
    Column("dice", "int64", "game", "dice rolled"),
    Column("shots", "int64", "game", "volleys fired"),
    Column("reactions", "int64", "game", "reactions taken"),
    Column("quality", "int64", "seat", "the side's quality die (faces; quality_a/_b); with "
           "per-team dice (team_quality_a/_b) the mean faces of the side's team dice, rounded "
           "half up (not always a real die: d8,d10 gives 9)"),
    Column("soldiers_start", "int64", "seat", "soldiers at the start"),
    Column("soldiers_left", "int64", "seat", "soldiers alive at the end"),
    Column("injured_left", "int64", "seat", "of them injured"),
    Column("enemies_killed", "int64", "seat", "enemy soldiers killed"),
    Column("pins", "int64", "seat", "times this side pinned an enemy team"),
    Column("on_objective", "int64", "seat", "unpinned soldiers on the objective at the end"),
    Column("initiative_turns", "int64", "seat", "turns this side had the initiative"),
    Column("overwatch_declared", "int64", "seat", "teams this side put on overwatch"),
    Column("overwatch_shots", "int64", "seat", "overwatch volleys this side fired"),
    Column("reactions_declared", "int64", "seat", "reactions this side declared"),
    Column("reactions_won", "int64", "seat", "reactions to a move that won the opposed roll"),
    Column("reaction_shots", "int64", "seat", "volleys this side fired as reactions"),
    Column("reactions_unfired", "int64", "seat", "declared reactions that did nothing (the "
           "target out of sight or gone, or the reactor pinned first)"),
    Column("breach_pins", "int64", "seat", "enemy teams pinned by this side's breach "
           "grenades (also counted in pins)"),
    Column("reaction_moves", "int64", "seat", "reactions that moved to cover instead of "
           "firing"),
)


def _volley_check() -> OddsCheck:
    from sim.rifle_gun import volley as V

    args = (5, 8, 3, 8)  # five d8 attack dice against three d8 defence dice
    return OddsCheck("volley 5d8 vs 3d8", lambda: V.exact(*args)["p"].reshape(-1),
                     lambda n, seed: V.simulate(n, *args, seed=seed)["counts"].reshape(-1))


def _golden(rules: RGRules, seed: int, pool: list[str]):
    return lambda: replay_game(rules, seed, 0, 0, pool, np.arange(len(pool)))[1] + "\n"


def _sweep_report(out, load, manifest, wording):
    from sim.analysis import sweep_report

    sweep_report.write(out, load, manifest, wording, SPEC)


def _exchange_report(out, load, manifest, wording):
    """What a unit quality is worth: the die-type matrix at equal numbers, exchange rates
    (soldiers per team that match the other side) and the die ladder, step by step."""
    from sim.rifle_gun import report

    report.write(out, load, manifest, wording)


SPEC = GameSpec(
    name="rifle_gun", title="Rifle & Gun", version=VERSION, rules_cls=RGRules,
    presets=strat.PRESETS, weight_names=strat.WEIGHT_NAMES, run_games=run_games,
    replay=replay_game, round_limit_param="turns", columns=_COLUMNS,
    end_names=tuple(END_NAMES), odds_cli=odds_rg,
    capabilities=Capabilities(seatings=("mixed", "fixed"), draws=True, players=(2, 2)),
    report_kinds={"sweep": _sweep_report, "exchange": _exchange_report},
    decided_by={"break_pct": ("break",), "objective_radius": ("objective",)},
    wording={"turn_order": "the first turn's initiative is rolled each game",
             "score": "soldiers left"},
    odds_checks=(_volley_check(),),
    golden=(GoldenCase("rifle_gun_seed3", _golden(RGRules(marksman_b=True), 3,
                                                  ["fire_manoeuvre", "overwatch_line"])),),
    cluster="map",
    bench="bench/bench_rifle_gun.py",
    code_paths=("sim/core/**/*.py", "sim/rifle_gun/*.py", "strategies/rifle_gun.py",
                "strategies/presets.py"),
)
