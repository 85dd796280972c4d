"""O.G.'s surface for the runner and CLI: play games for a line-up and tidy the records."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.og import state as S
from sim.og.board import geometry
from sim.og.engine import play_batch, replay
from sim.og.narrate import narrate
from sim.og.rules import OGRules
from strategies import og as strat

END_NAMES = {int(e): e.name.lower() for e in S.End}

# per-player record column -> tidy column name
_PLAYER_COLS = {
    S.P_ORDER: "order", S.P_CREW: "crew", S.P_PAPERS: "papers", S.P_CHROME: "chrome",
    S.P_PROPS: "props", S.P_BLOCKS: "blocks", S.P_SPECIALS: "specials",
    S.P_ELIM_ROUND: "elim_round", S.P_RECRUITS: "recruits", S.P_UPGRADES: "upgrades",
    S.P_DRIVEBYS: "drivebys_made", S.P_CLAIMS: "claims", S.P_ATTACKS: "attacks",
    S.P_ATTACKS_WON: "attacks_won", S.P_DEFENCES: "defences", S.P_DEFENCES_WON: "defences_won",
    S.P_PROPS_MID: "score_mid",  # the victory score (Props) at mid-game, for comebacks
    S.P_HELD + 0: "held_school", S.P_HELD + 1: "held_burger_shack", S.P_HELD + 2: "held_gun_shop",
    S.P_HELD + 3: "held_pawn_shop", S.P_HELD + 4: "held_park",  # turns holding each special
}
_GAME_COLS = {
    S.G_ROUNDS: "rounds", S.G_TURNS: "turns", S.G_DICE: "dice", S.G_FIGHTS: "fights",
    S.G_DRIVEBYS: "drivebys", S.G_GOAL: "goal", S.G_LEAD_CHANGES: "lead_changes",
    S.G_WINNER_LEAD_ROUND: "winner_lead_round",
}


def strategy_arrays(pool: list[str], lineup: np.ndarray, overrides: dict | None = None):
    """(kinds int64[n, P], weights float64[n, P, N_W]) for pool indices ``lineup`` [n, P]."""
    kinds, weights = strat.table(pool, overrides)
    return kinds[lineup], weights[lineup]


def run_games(rules: OGRules, seed: int, stream: int, game0: int, lineup: np.ndarray,
              pool: list[str], overrides: dict | None = None, key_div: int = 1) -> pd.DataFrame:
    """Play len(lineup) games and return the tidy table: one row per game and seat."""
    kinds, weights = strategy_arrays(pool, lineup, overrides)
    batch = play_batch(rules, seed, stream, game0, kinds, weights, key_div)
    return tidy(batch, lineup, pool, game0)


def tidy(batch, lineup: np.ndarray, pool: list[str], game0: int) -> pd.DataFrame:
    """Records -> DataFrame with one row per (game, seat)."""
    g, p = batch.games, batch.players
    n, P = lineup.shape
    rep = lambda col: np.repeat(col, P)  # noqa: E731
    winner = g[:, S.G_WINNER]
    data = {
        "game": rep(np.arange(game0, game0 + n, dtype=np.int64)),
        "seat": np.tile(np.arange(P, dtype=np.int64), n),
        "strategy": pd.Categorical.from_codes(lineup.reshape(-1), categories=list(pool)),
        "won": (rep(winner) == np.tile(np.arange(P), n)),
        "winner_seat": rep(winner),
        "end_reason": pd.Categorical.from_codes(rep(g[:, S.G_END]),
                                                categories=list(END_NAMES.values())),
        "finished": rep(winner >= 0),
        "first_seat": rep(g[:, S.G_FIRST]),
    }
    for col, name in _GAME_COLS.items():
        data[name] = rep(g[:, col])
    for col, name in _PLAYER_COLS.items():
        data[name] = p[:, :, col].reshape(-1)
    return pd.DataFrame(data)


def play_text(rules: OGRules, seed: int, stream: int, game: int, pool: list[str],
              lineup_row: np.ndarray, overrides: dict | None = None, key_div: int = 1) -> str:
    """The narrated game (seed, stream, game) with seat s playing pool[lineup_row[s]]."""
    kinds, weights = strategy_arrays(pool, np.asarray(lineup_row)[None, :], overrides)
    batch, events = replay(rules, seed, stream, game, kinds[0], weights[0], key_div=key_div)
    names = [pool[i] for i in lineup_row]
    return narrate(events, geometry(rules), names, batch.players[0], batch.games[0],
                   rules.start_ratings)
