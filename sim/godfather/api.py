"""Godfather's surface for the platform: play campaigns for a line-up, tidy the records, and
the game's contract record ``SPEC`` (registered in ``sim/games.py``)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.core import records
from sim.core.game import Capabilities, GameSpec, GoldenCase, OddsCheck
from sim.core.records import Column
from sim.godfather import engine as E
from sim.godfather.cli import odds_godfather
from sim.godfather.rules import VERSION, GFRules
from strategies import godfather as strat

END_NAMES = list(E.END_NAMES)

# per-seat record column -> (tidy column name, doc)
_SEAT = {
    E.P_MEMBERS: ("members", "members at the end (any status but free)"),
    E.P_MAX_MEMBERS: ("max_members", "most members at any set's end"),
    E.P_BLOCKS: ("blocks", "blocks held at the end"),
    E.P_CASH: ("cash", "cash at the end, cr"),
    E.P_BUSINESSES: ("businesses", "businesses in its blocks at the end"),
    E.P_LEADERS: ("leaders", "leaders at the end"),
    E.P_TALLY: ("tally", "the Godfather tally (0 when out)"),
    E.P_OUT_SET: ("out_set", "set in which the gang was eliminated (-1 never)"),
    E.P_KILLS: ("kills", "gang, militia and police elements it eliminated"),
    E.P_CIV_KILLS: ("civilians_killed", "unarmed civilians it killed"),
    E.P_LOSSES: ("losses", "its elements killed"),
    E.P_WOUNDED: ("wounded", "its elements wounded (saved)"),
    E.P_ARRESTED: ("arrested", "its elements arrested"),
    E.P_ROUTED: ("routed", "its elements routed home by melee suppressions"),
    E.P_DESERTED: ("deserted", "elements that deserted unpaid"),
    E.P_RECRUITED: ("recruited", "recruits that joined"),
    E.P_NEW_LEADERS: ("new_leaders", "leaders made at the thresholds"),
    E.P_PROMOTIONS: ("promotions", "leader promotions"),
    E.P_HOSTAGES: ("hostages", "prominent citizens taken hostage"),
    E.P_RANSOM_CR: ("ransom_cr", "ransoms paid to it, cr"),
    E.P_BUSINESS_CR: ("business_cr", "business income, cr"),
    E.P_BUSINESSES_OPENED: ("businesses_opened", "businesses it opened"),
    E.P_BLOCKS_TAKEN: ("blocks_taken", "blocks it took (cleared, surrendered or claimed)"),
    E.P_RAIDED: ("raided", "police raids aimed at it"),
    E.P_BAILED: ("bailed", "elements it bailed"),
    E.P_ARMS_CR: ("arms_cr", "cr spent on weapons and armour"),
    E.P_TALLY_MID: ("score_mid", "its tally at mid-campaign (set max_sets // 2; for comebacks)"),
    E.P_MEMBERS_2: ("members_set2", "members after the second set"),
    E.P_SHOTS: ("volleys", "volleys its elements fired"),
    E.P_MELEES: ("melees", "melees its elements started"),
    E.P_MEMBERS_SUM: ("member_sets", "members summed over the sets it was in (size x time)"),
    E.P_HOTWIRED: ("vehicles_stolen", "vehicles its elements hot-wired"),
    E.P_DRIVES: ("vehicle_moves", "vehicle moves its drivers made"),
    E.P_VEHICLES_LOST: ("vehicles_lost", "its vehicles wrecked or blown up"),
    E.P_BARRICADES: ("barricades", "barricades its elements built"),
    E.P_LEADERS_LOST: ("leaders_lost", "leaders killed with the element they rode in"),
}
_GAME = {
    E.G_TURNS: ("turns", "turns played"),
    E.G_RAIDS: ("raids", "police raids"),
    E.G_POLICE_MAX: ("police_max", "most police elements in play at a set's end"),
    E.G_PROMINENT_KILLED: ("prominent_killed", "prominent citizens killed"),
    E.G_HOSTAGES: ("hostages_taken", "hostage crises"),
    E.G_SURRENDERS: ("surrenders", "blocks whose defenders surrendered"),
    E.G_ENTERED: ("blocks_entered", "blocks entered for the first time"),
    E.G_CIV_KILLED: ("civilians_dead", "unarmed civilians killed"),
    E.G_ARRESTS: ("arrests", "gang elements arrested"),
    E.G_APC_SEEN: ("apc_seen", "1 if the police APC came into play"),
    E.G_MARGIN: ("margin", "the Godfather's tally lead over the next gang (0 no winner)"),
    E.G_LEADER_2: ("leader_set2", "the gang with most members after set 2 (-1 tie or none)"),
}


def strategy_arrays(pool: list[str], lineup: np.ndarray, overrides: dict | None = None):
    """(kinds int64[n, P], weights float64[n, P, N_W]) for pool indices ``lineup`` [n, P]."""
    kinds, weights = strat.table(pool, overrides)
    return kinds[lineup], weights[lineup]


def run_games(rules: GFRules, seed: int, stream: int, game0: int, lineup: np.ndarray,
              pool: list[str], overrides: dict | None = None, key_div: int = 1) -> pd.DataFrame:
    """Play len(lineup) campaigns and return the tidy table: one row per campaign and gang."""
    kinds, weights = strategy_arrays(pool, lineup, overrides)
    return tidy(E.play_batch(rules, seed, stream, game0, kinds, weights, key_div), lineup, pool,
                game0)


def tidy(batch, lineup: np.ndarray, pool: list[str], game0: int) -> pd.DataFrame:
    """Records -> DataFrame with one row per (campaign, gang), in the order of the schema."""
    g, p = batch.games, batch.players
    end = g[:, E.G_END]
    return records.tidy(
        game0, lineup, pool, winner=g[:, E.G_WINNER], end=end, end_names=END_NAMES,
        turn_limit=np.zeros(len(g), bool), first_seat=g[:, E.G_FIRST],
        order=p[:, :, E.P_ORDER], rounds=g[:, E.G_SETS],
        game_cols={name: g[:, col] for col, (name, _) in _GAME.items()},
        seat_cols={name: p[:, :, col] for col, (name, _) in _SEAT.items()})


def replay_game(rules: GFRules, seed: int, stream: int, game: int, pool: list[str],
                lineup_row: np.ndarray, overrides: dict | None = None,
                key_div: int = 1) -> tuple[pd.DataFrame, str]:
    """Campaign (seed, stream, game) alone with its trace: its tidy rows and its narration."""
    from sim.godfather.narrate import narrate

    row = np.asarray(lineup_row)[None, :]
    kinds, weights = strategy_arrays(pool, row, overrides)
    batch, events, city = E.replay(rules, seed, stream, game, kinds[0], weights[0], key_div)
    names = [pool[i] for i in row[0]]
    return tidy(batch, row, pool, game), narrate(events, city, names, rules)


def _columns() -> tuple[Column, ...]:
    return tuple([Column(name, "int64", "game", doc) for name, doc in _GAME.values()]
                 + [Column(name, "int64", "seat", doc) for name, doc in _SEAT.values()])


def snowball_metrics(seats: pd.DataFrame) -> dict:
    """Regression metrics: how often the gang leading in members after set 2 is the
    Godfather, the share of campaigns ending with one gang left, and the gangs' final size."""
    from sim.regress import ratio

    per_game = seats.groupby("game").agg(leader=("leader_set2", "first"),
                                         winner=("winner_seat", "first"),
                                         end=("end_reason", "first"))
    has = (per_game["leader"] >= 0).astype(float)
    hit = ((per_game["leader"] == per_game["winner"]) & (per_game["leader"] >= 0)).astype(float)
    last = (per_game["end"] == "last_standing").astype(float)
    one = pd.Series(1.0, index=per_game.index)
    size = seats.groupby("game").agg(members=("members", "sum"), gangs=("seat", "count"))
    return {"set-2 leader becomes Godfather": ratio(hit, has),
            "campaigns won by elimination": ratio(last, one),
            "members per gang at the end": ratio(size["members"], size["gangs"])}


def _turnset_check() -> OddsCheck:
    from sim.core.rng import STATE_SIZE, seed_state
    from sim.godfather import odds
    from sim.godfather import state as S
    from sim.godfather.turns import set_ends

    rules = GFRules()
    pmf = odds.turnset_pmf(rules.turnset_reading, rules.turnset_max)
    exact = np.array([float(pmf.get(t, 0)) for t in range(1, rules.turnset_max + 1)])

    def simulate(n, seed):
        rp = S.kernel_params(rules)
        s = np.empty(STATE_SIZE, np.uint64)
        seed_state(s, np.uint64(seed), np.uint64(0x5E7), np.uint64(0))
        counts = np.zeros(rules.turnset_max, np.int64)
        for _ in range(n):
            t = 1
            while not set_ends(rp, s, t):
                t += 1
            counts[t - 1] += 1
        return counts

    return OddsCheck("turn set length (example reading)", lambda: exact, simulate)


def _golden(rules: GFRules, seed: int, pool: list[str]):
    return lambda: replay_game(rules, seed, 0, 0, pool, np.arange(len(pool)))[1] + "\n"


def _sweep_report(out, load, manifest, wording):
    from sim.analysis import sweep_report

    sweep_report.write(out, load, manifest, wording, SPEC)


def _campaign_report(out, load, manifest, wording):
    from sim.godfather import report

    report.write(out, load, manifest, wording, SPEC)


SPEC = GameSpec(
    name="godfather", title="Godfather", version=VERSION, rules_cls=GFRules,
    presets=strat.PRESETS, weight_names=strat.WEIGHT_NAMES, run_games=run_games,
    replay=replay_game, round_limit_param="max_sets",
    columns=_columns(), end_names=tuple(END_NAMES), odds_cli=odds_godfather,
    capabilities=Capabilities(seatings=("mixed", "fixed", "crn"), draws=True, players=(2, 6),
                              limit_end="tally"),
    report_kinds={"sweep": _sweep_report, "campaign": _campaign_report},
    decided_by={"max_sets": ("tally",), "last_standing_ends": ("last_standing",)},
    wording={"turn_order": "turn order comes from the card draw (the gang whose leader acts "
                           "first in the first turn)",
             "asset": "block", "score": "tally"},
    regression_metrics=snowball_metrics,
    odds_checks=(_turnset_check(),),
    golden=(GoldenCase("gf_4p_seed11", _golden(GFRules(players=4, max_sets=4), 11,
                                                ["land_grabber", "war_monger", "racketeer",
                                                 "hostage_taker"])),),
    bench="bench/bench_godfather.py",
    code_paths=("sim/core/**/*.py", "sim/godfather/*.py", "strategies/godfather.py",
                "strategies/presets.py"),
    quick_rules={"max_sets": 4},
)
