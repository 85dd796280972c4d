"""Debug mode shared by every engine: invariants checked after each turn, a broken one reported
with the key that replays the game.

Kernels record the first broken invariant of a game as a code (0 = none) and the round it broke
in; :func:`raise_on_broken` turns the first such game of a batch into an :class:`InvariantError`.
"""

from __future__ import annotations

import os

import numpy as np


class InvariantError(RuntimeError):
    """A game broke an engine invariant (debug mode); the message says how to replay it."""


def debug_default() -> bool:
    """Debug mode is on when GANGSIM_DEBUG=1 (the test suite switches it on)."""
    return os.environ.get("GANGSIM_DEBUG", "") == "1"


def raise_on_broken(codes: np.ndarray, rounds: np.ndarray, names, seed: int, stream: int,
                    game0: int, key_div: int = 1) -> None:
    """Raise naming the first game whose invariant broke. ``codes`` int64[n] (0 = intact),
    ``rounds`` int64[n] the round it broke in, ``names`` maps a code to its name."""
    bad = np.flatnonzero(codes)
    if len(bad):
        i = int(bad[0])
        game = game0 + i
        raise InvariantError(
            f"game {game} broke invariant {names(int(codes[i])).name} in round {rounds[i]} "
            f"({len(bad)} game(s) of this batch did); replay it with seed={seed}, "
            f"stream={stream}, game={game}, key_div={key_div} (engine.replay), or "
            f"`gangsim replay RESULTS --point P --game {game}`")
