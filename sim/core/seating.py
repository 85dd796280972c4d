"""Who sits where: strategy line-ups for every game of a sweep point (game-agnostic).

``mixed`` seating draws, for each block of P consecutive games, P strategies from the pool
(without replacement while the pool lasts) keyed by (seed, stream, block), then rotates them
one seat per game of the block, so every strategy sits in every seat equally often. The line-up
of game g depends only on (seed, stream, g): any chunking gives the same games.
``fixed`` seating puts pool[s] in seat s in every game. ``crn`` draws like ``mixed`` but keeps
one line-up for the whole block; the engine then replays the block's P games on one random
stream (common random numbers) with the first turn rotated, so each strategy moves first once
on the same board and dice: turn-order effects are measured with strategy luck cancelled.
"""

from __future__ import annotations

import numpy as np

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def _mix(z: np.ndarray) -> np.ndarray:
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def lineups(pool_size: int, players: int, seating: str, seed: int, stream: int, game0: int,
            n: int) -> np.ndarray:
    """int64[n, players]: pool index of each seat's strategy in games game0 .. game0+n-1."""
    games = np.arange(game0, game0 + n, dtype=np.int64)
    if seating == "fixed":  # 'mixed' and 'crn' share the rotation below
        return np.tile(np.arange(players, dtype=np.int64), (n, 1))
    reps = -(-players // pool_size)
    tiled = np.tile(np.arange(pool_size, dtype=np.int64), reps)
    block = (games // players).astype(np.uint64)
    with np.errstate(over="ignore"):
        key = _mix(np.uint64(seed) + _GOLDEN) ^ np.uint64(stream)
        base = _mix(_mix(key + _GOLDEN) ^ block)
        slots = np.arange(len(tiled), dtype=np.uint64)
        noise = _mix(base[:, None] + slots[None, :] * _GOLDEN)
    order = np.argsort(noise, axis=1, kind="stable")[:, :players]
    drawn = tiled[order]
    rot = (games % players)[:, None] if seating == "mixed" else np.zeros((n, 1), np.int64)
    seat = np.arange(players)[None, :]
    return np.take_along_axis(drawn, (seat + rot) % players, axis=1)
