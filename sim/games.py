"""The registry of games the runner and CLI know (the one place that names them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameSpec:
    """What the runner needs from a game."""

    name: str
    title: str
    rules_cls: Any
    version: str
    presets: dict  # strategy name -> preset (with .about)
    weight_names: dict  # tunable weight name -> index
    run_games: Any  # (rules, seed, stream, game0, lineup, pool, overrides, key_div) -> DataFrame
    play_text: Any  # (rules, seed, stream, game, pool, lineup_row, overrides, key_div) -> str


def _og() -> GameSpec:
    from sim.og import api
    from sim.og.rules import VERSION, OGRules
    from strategies import og

    return GameSpec("og", "O.G.", OGRules, VERSION, og.PRESETS, og.WEIGHT_NAMES,
                    api.run_games, api.play_text)


def _rifle_gun() -> GameSpec:
    from sim.rifle_gun import api
    from sim.rifle_gun.rules import VERSION, RGRules
    from strategies import rifle_gun

    return GameSpec("rifle_gun", "Rifle & Gun", RGRules, VERSION, rifle_gun.PRESETS,
                    rifle_gun.WEIGHT_NAMES, api.run_games, api.play_text)


_LOADERS = {"og": _og, "rifle_gun": _rifle_gun}
GAME_NAMES = tuple(_LOADERS)


def get(name: str) -> GameSpec:
    """The spec of game ``name`` (KeyError if unknown; callers validate first)."""
    return _LOADERS[name]()
