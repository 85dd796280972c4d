"""O.G.'s surface for the platform: play games for a line-up, tidy the records, and the game's
contract record ``SPEC`` (registered in ``sim/games.py``)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.core import records
from sim.core.game import Capabilities, GameSpec, GoldenCase, OddsCheck
from sim.core.records import Column
from sim.og import state as S
from sim.og.cli import odds_og
from sim.og.engine import play_batch, replay
from sim.og.narrate import narrate
from sim.og.rules import VERSION, OGRules, geometry
from strategies import og as strat

END_NAMES = [e.name.lower() for e in sorted(S.End)]

# per-player record column -> tidy column name
_PLAYER_COLS = {
    S.P_CREW: "crew", S.P_PAPERS: "papers", S.P_CHROME: "chrome",
    S.P_PROPS: "props", S.P_BLOCKS: "blocks", S.P_SPECIALS: "specials",
    S.P_ELIM_ROUND: "elim_round", S.P_RECRUITS: "recruits", S.P_UPGRADES: "upgrades",
    S.P_DRIVEBYS: "drivebys_made", S.P_CLAIMS: "claims", S.P_ATTACKS: "attacks",
    S.P_ATTACKS_WON: "attacks_won", S.P_DEFENCES: "defences", S.P_DEFENCES_WON: "defences_won",
    S.P_PROPS_MID: "score_mid",  # the victory score (Props) at mid-game, for comebacks
    S.P_HELD + 0: "held_school", S.P_HELD + 1: "held_burger_shack", S.P_HELD + 2: "held_gun_shop",
    S.P_HELD + 3: "held_pawn_shop", S.P_HELD + 4: "held_park",  # turns holding each special
}
_GAME_COLS = {
    S.G_TURNS: "turns", S.G_DICE: "dice", S.G_FIGHTS: "fights",
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
    """Records -> DataFrame with one row per (game, seat), in the order of ``COLUMNS``."""
    g, p = batch.games, batch.players
    end = g[:, S.G_END]
    return records.tidy(
        game0, lineup, pool, winner=g[:, S.G_WINNER], end=end, end_names=END_NAMES,
        turn_limit=end == S.End.TURN_LIMIT, first_seat=g[:, S.G_FIRST],
        order=p[:, :, S.P_ORDER], rounds=g[:, S.G_ROUNDS],
        game_cols={name: g[:, col] for col, name in _GAME_COLS.items()},
        seat_cols={name: p[:, :, col] for col, name in _PLAYER_COLS.items()})


def replay_game(rules: OGRules, seed: int, stream: int, game: int, pool: list[str],
                lineup_row: np.ndarray, overrides: dict | None = None,
                key_div: int = 1) -> tuple[pd.DataFrame, str]:
    """Game (seed, stream, game) alone with its trace: its tidy rows and its narration."""
    row = np.asarray(lineup_row)[None, :]
    kinds, weights = strategy_arrays(pool, row, overrides)
    batch, events = replay(rules, seed, stream, game, kinds[0], weights[0], key_div=key_div)
    names = [pool[i] for i in row[0]]
    text = narrate(events, geometry(rules), names, batch.players[0], batch.games[0],
                   rules.start_ratings)
    return tidy(batch, row, pool, game), text


# ---------------------------------------------------------------- the contract record

_DOCS = {
    "turns": ("game", "player turns taken"), "dice": ("game", "dice rolled"),
    "fights": ("game", "takeover fights"), "drivebys": ("game", "Drive-bys made"),
    "goal": ("game", "the Props goal in force"),
    "lead_changes": ("game", "times the unique Props leader changed"),
    "winner_lead_round": ("game", "round from which the winner led for good (-1 none)"),
    "crew": ("seat", "final Crew"), "papers": ("seat", "final Papers"),
    "chrome": ("seat", "final Chrome"), "props": ("seat", "final Props"),
    "blocks": ("seat", "blocks held at the end"), "specials": ("seat", "special blocks held"),
    "elim_round": ("seat", "round eliminated (-1 never)"),
    "recruits": ("seat", "Recruit actions"), "upgrades": ("seat", "Upgrade actions"),
    "drivebys_made": ("seat", "Drive-bys made"), "claims": ("seat", "free blocks claimed"),
    "attacks": ("seat", "takeover fights started"), "attacks_won": ("seat", "of them won"),
    "defences": ("seat", "takeover fights defended"), "defences_won": ("seat", "of them held"),
    "score_mid": ("seat", "Props at mid-game (for comebacks)"),
}


def _columns() -> tuple[Column, ...]:
    cols = []
    for name in list(_GAME_COLS.values()) + list(_PLAYER_COLS.values()):
        if name.startswith("held_"):
            per, doc = "seat", f"turns this gang held the {name[5:].replace('_', ' ')}"
        else:
            per, doc = _DOCS[name]
        cols.append(Column(name, "int64", per, doc))
    return tuple(cols)


def attack_success(seats: pd.DataFrame) -> dict:
    """Regression metric: takeover fights won by the attacker, with a per-game clustered SE."""
    from sim.regress import ratio

    per_game = seats.groupby("game")[["attacks", "attacks_won"]].sum()
    return {"attack success rate": ratio(per_game["attacks_won"], per_game["attacks"])}


def _fight_check() -> OddsCheck:
    from sim.og import odds

    a, x, d, y = 3, 1, 2, 1
    e = odds.fight(a, x, d, y)["p_attacker_wins"]
    return OddsCheck(
        "fight 3+1 vs 2+1", lambda: np.array([e, 1 - e]),
        lambda n, seed: np.array([(w := odds.simulate_fight(n, a, x, d, y, seed=seed)
                                   ["attacker_wins"]), n - w]))


def _driveby_check() -> OddsCheck:
    from sim.og import odds

    return OddsCheck("drive-by 3+1", lambda: np.array(odds.driveby(3, 1)["hits_distribution"]),
                     lambda n, seed: np.array(odds.simulate_driveby(n, 3, 1, seed=seed)
                                              ["hits_counts"]))


def _golden(rules: OGRules, seed: int, pool: list[str]):
    return lambda: replay_game(rules, seed, 0, 0, pool, np.arange(len(pool)))[1] + "\n"


def _sweep_report(out, load, manifest, wording):
    from sim.analysis import sweep_report

    sweep_report.write(out, load, manifest, wording, SPEC)


SPEC = GameSpec(
    name="og", title="O.G.", version=VERSION, rules_cls=OGRules, presets=strat.PRESETS,
    weight_names=strat.WEIGHT_NAMES, run_games=run_games, replay=replay_game,
    round_limit_param="max_rounds",
    columns=_columns(), end_names=tuple(END_NAMES), odds_cli=odds_og,
    capabilities=Capabilities(seatings=("mixed", "fixed", "crn"), draws=False, players=(2, 6)),
    report_kinds={"sweep": _sweep_report},
    decided_by={"props_goal": ("goal",)},
    wording={"turn_order": "turn order comes from the rules' roll-off",
             "asset": "special block", "score": "Props"},
    regression_metrics=attack_success,
    odds_checks=(_fight_check(), _driveby_check()),
    golden=(GoldenCase("og_3p_seed7", _golden(OGRules(players=3, props_goal=10), 7,
                                               ["expander", "balanced", "hunter"])),
            GoldenCase("og_2p_spending_seed3",
                       _golden(OGRules(players=2, props_goal=8, props_spending=True), 3,
                               ["builder", "random"]))),
    bench="bench/bench_og.py",
    code_paths=("sim/core/**/*.py", "sim/og/*.py", "strategies/og.py", "strategies/presets.py"),
)
