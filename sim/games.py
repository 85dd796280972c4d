"""The registry: the one place that names the games. Adding a game is its own folders plus one
line here (``name: "module:attribute"`` of its :class:`sim.core.game.GameSpec`)."""

from __future__ import annotations

import functools
import importlib

from sim.core.game import GameSpec

_REGISTRY = {
    "og": "sim.og.api:SPEC",
    "rifle_gun": "sim.rifle_gun.api:SPEC",
    "godfather": "sim.godfather.api:SPEC",
    "westamunda": "sim.westamunda.api:SPEC",
}
GAME_NAMES = tuple(_REGISTRY)


@functools.cache
def get(name: str) -> GameSpec:
    """The spec of game ``name`` (KeyError if unknown; callers validate first)."""
    module, attr = _REGISTRY[name].split(":")
    spec = getattr(importlib.import_module(module), attr)
    if not isinstance(spec, GameSpec) or spec.name != name:
        raise TypeError(f"{_REGISTRY[name]} is not the GameSpec of {name!r}")
    return spec
