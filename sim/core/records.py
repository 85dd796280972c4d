"""The tidy results table every game returns: one row per game and seat, checked against a
declared schema.

Every game's table starts with the contract columns below (the runner, reports, regression and
tournaments read only these plus columns a game declares); a game adds its own per-game and
per-seat columns, each declared once as a :class:`Column`. :func:`tidy` builds the table from a
kernel's record arrays; :func:`check` lists every way a table departs from its schema.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd


@dataclasses.dataclass(frozen=True)
class Column:
    """One column of a game's tidy table: name, dtype ('int64', 'bool', 'float64',
    'category'), whether it is the same for every seat of a game, and what it means."""

    name: str
    dtype: str
    per: str  # "game" (repeated on each seat's row) or "seat"
    doc: str


CONTRACT = (
    Column("game", "int64", "game", "game index within its sweep point (its random stream key)"),
    Column("seat", "int64", "seat", "seat 0..P-1 (the rules' player or side)"),
    Column("strategy", "category", "seat", "the scripted strategy in this seat"),
    Column("won", "bool", "seat", "this seat won the game"),
    Column("winner_seat", "int64", "game", "the winning seat, -1 when nobody won (a draw, or "
           "the turn limit)"),
    Column("end_reason", "category", "game", "how the game ended (the game's own names)"),
    Column("turn_limit", "bool", "game", "the game was stopped by the turn limit before its "
           "rules ended it (censored: its length is a lower bound)"),
    Column("first_seat", "int64", "game", "the seat that moved first"),
    Column("order", "int64", "seat", "turn position 0..P-1 in the first round (0 = first)"),
    Column("rounds", "int64", "game", "rounds (turns of every player) played"),
)
CONTRACT_NAMES = tuple(c.name for c in CONTRACT)



def _strategies(lineup: np.ndarray, pool) -> pd.Categorical:
    """The seats' strategy names as a categorical; a name the pool lists twice (e.g. the same
    preset in both seats of a one-off game) is one category."""
    names = list(pool)
    cats = list(dict.fromkeys(names))
    remap = np.array([cats.index(x) for x in names], dtype=np.int64)
    return pd.Categorical.from_codes(remap[lineup.reshape(-1)], categories=cats)

def tidy(game0: int, lineup: np.ndarray, pool: list[str], *, winner: np.ndarray,
         end: np.ndarray, end_names: list[str], turn_limit: np.ndarray, first_seat: np.ndarray,
         order: np.ndarray, rounds: np.ndarray, game_cols: dict | None = None,
         seat_cols: dict | None = None) -> pd.DataFrame:
    """The tidy table of ``n = len(lineup)`` games of ``P`` seats.

    ``lineup`` int64[n, P] indexes ``pool``; ``winner``, ``end`` (codes into ``end_names``),
    ``turn_limit``, ``first_seat``, ``rounds`` are per game [n]; ``order`` is per seat [n, P];
    ``game_cols`` maps more column names to per-game arrays [n], ``seat_cols`` to per-seat
    arrays [n, P]. Columns keep the order given: contract first, then the game's own."""
    n, P = lineup.shape
    seat = np.tile(np.arange(P, dtype=np.int64), n)
    rep = lambda col: np.repeat(np.asarray(col), P)  # noqa: E731
    winner = np.asarray(winner, dtype=np.int64)
    data = {
        "game": rep(np.arange(game0, game0 + n, dtype=np.int64)),
        "seat": seat,
        "strategy": _strategies(lineup, pool),
        "won": rep(winner) == seat,
        "winner_seat": rep(winner),
        "end_reason": pd.Categorical.from_codes(rep(end), categories=list(end_names)),
        "turn_limit": rep(np.asarray(turn_limit, dtype=bool)),
        "first_seat": rep(np.asarray(first_seat, dtype=np.int64)),
        "order": np.asarray(order, dtype=np.int64).reshape(-1),
        "rounds": rep(np.asarray(rounds, dtype=np.int64)),
    }
    for name, col in (game_cols or {}).items():
        data[name] = rep(col)
    for name, col in (seat_cols or {}).items():
        data[name] = np.asarray(col).reshape(-1)
    return pd.DataFrame(data)


def check(df: pd.DataFrame, schema: tuple[Column, ...], players: int) -> list[str]:
    """Every departure of ``df`` from ``schema`` (missing, unexpected or mistyped columns,
    per-game columns that differ between seats of one game, an ``order`` that is not a
    permutation of the seats); empty when the table conforms."""
    problems = []
    want = {c.name: c for c in schema}
    for name in want:
        if name not in df.columns:
            problems.append(f"missing column {name!r}")
    for name in df.columns:
        if name not in want:
            problems.append(f"undeclared column {name!r}")
    if problems:
        return problems
    for c in schema:
        got = str(df[c.name].dtype)
        if got != c.dtype:
            problems.append(f"column {c.name!r} is {got}, declared {c.dtype}")
    if len(df) % players:
        return problems + [f"{len(df)} rows is not a whole number of {players}-seat games"]
    n = len(df) // players
    for c in schema:
        if c.per == "game":
            v = df[c.name].to_numpy()
            if c.dtype == "category":
                v = df[c.name].cat.codes.to_numpy()
            v = v.reshape(n, players)
            if not (v == v[:, :1]).all():
                problems.append(f"per-game column {c.name!r} differs between seats of a game")
    order = np.sort(df["order"].to_numpy().reshape(n, players), axis=1)
    if not (order == np.arange(players)).all():
        problems.append("'order' is not a permutation of the seats in every game")
    seat = df["seat"].to_numpy().reshape(n, players)
    if not (seat == np.arange(players)).all():
        problems.append("rows are not seats 0..P-1 of each game in turn")
    won = df["won"].to_numpy().reshape(n, players).sum(axis=1)
    winner = df["winner_seat"].to_numpy().reshape(n, players)[:, 0]
    if not (won == (winner >= 0)).all():
        problems.append("'won' does not match 'winner_seat'")
    return problems
