"""The event trace every engine writes when a game is replayed for narration or auditing.

A trace is ``int64[T, N_EV_COLS]``: (round, actor, kind, a..i), one row per event, the payload
``a..i`` declared by each game next to its event ``IntEnum``. Batch runs pass a trace of 0 rows
and nothing is written. :func:`emit` counts every event, written or not, so a full trace is
never a silent drop: :func:`replay_traced` sees the count exceed the rows and plays the game
again with room for all of them (tracing consumes no randomness, so the replay is the same game).
"""

from __future__ import annotations

import numpy as np

from sim.core.jit import kernel

N_EV_COLS = 12  # round, actor, kind, and nine payload values
DEFAULT_ROWS = 4000


@kernel
def emit(trace, nev, rnd, actor, kind, a=0, b=0, c=0, d=0, e=0, f=0, g=0, h=0, i=0):
    """Record one event in row ``nev`` if there is room; returns ``nev + 1`` either way."""
    if nev < trace.shape[0]:
        row = trace[nev]
        row[0] = rnd
        row[1] = actor
        row[2] = kind
        row[3] = a
        row[4] = b
        row[5] = c
        row[6] = d
        row[7] = e
        row[8] = f
        row[9] = g
        row[10] = h
        row[11] = i
    return nev + 1


def empty() -> np.ndarray:
    """The 0-row trace batch kernels pass: events are counted, never written."""
    return np.zeros((0, N_EV_COLS), dtype=np.int64)


def replay_traced(play, rows: int = DEFAULT_ROWS):
    """Run ``play(trace) -> (result, events counted)`` with a trace of ``rows`` rows; if more
    events happened than fit, run it again with exactly enough. Returns (result, events[n, 12]).

    ``play`` must build its outputs afresh on every call (it may run twice)."""
    trace = np.zeros((rows, N_EV_COLS), dtype=np.int64)
    result, n = play(trace)
    if n > rows:
        trace = np.zeros((n, N_EV_COLS), dtype=np.int64)
        result, n2 = play(trace)
        if n2 != n:
            raise RuntimeError(f"replay is not deterministic: {n} events, then {n2}")
    return result, trace[:n]
