"""Render an O.G. event trace (from ``engine.replay``) as text a designer can read."""

from __future__ import annotations

import numpy as np

from sim.core.grid import Grid
from sim.og import state as S
from sim.og.rules import SPECIAL_NAMES

_REASON = {S.PR_TERRITORY: "new block", S.PR_FIGHT_WIN: "won a fight",
           S.PR_BONUS: "won outnumbered", S.PR_FIGHT_LOSS: "lost a fight"}
_SPECIAL_MARK = "SBGKP"  # School, Burger Shack, Gun Shop, pawn (K for hock), Park


def _cell(c: int, width: int) -> str:
    """Block name like C3: column letter, row number."""
    return f"{chr(ord('A') + c % width)}{c // width + 1}"


def board_text(owner: np.ndarray, special: np.ndarray, width: int) -> str:
    """ASCII map: digit = gang seat holding the block, '.' free; specials in brackets."""
    rows = []
    height = len(owner) // width
    for y in range(height):
        parts = []
        for x in range(width):
            c = y * width + x
            o = "." if owner[c] < 0 else str(owner[c])
            sp = _SPECIAL_MARK[special[c]] if special[c] >= 0 else " "
            parts.append(f"{o}{sp}")
        rows.append(f"{y + 1:>2} " + " ".join(parts))
    header = "   " + " ".join(f"{chr(ord('A') + x)} " for x in range(width))
    return "\n".join([header] + rows)


def _expands_later(events: np.ndarray, k: int, p: int) -> bool:
    """Does gang p take or attack a block later in the turn whose event k is?"""
    for ev in events[k + 1:]:
        kind = int(ev[2])
        if kind in (S.Ev.INCOME, S.Ev.TIMEOUT, S.Ev.WIN) or int(ev[0]) != int(events[k][0]):
            return False  # the next gang's turn (every turn starts with income), or the end
        if kind in (S.Ev.CLAIM, S.Ev.FIGHT, S.Ev.SPEND) and int(ev[1]) == p:
            return True
    return False


def narrate(events: np.ndarray, geo: Grid, names: list[str], players_out: np.ndarray,
            games_out: np.ndarray, start_ratings=(2, 2, 2, 2), show_board_every: int = 0) -> str:
    """The game told move by move.

    events int64[n, N_EV_COLS]; names: one label per seat; players_out/games_out: the game's
    records (int64[P, N_PLAYER_COLS], int64[N_GAME_COLS]).
    """
    w = geo.width
    ncell = geo.width * geo.height
    owner = np.full(ncell, -1, dtype=np.int64)
    special = np.full(ncell, -1, dtype=np.int64)
    out = []
    c0, p0, h0, r0 = start_ratings
    rating_note = (f"Every gang starts with {c0} Crew, {p0} Papers, {h0} Chrome, {r0} Props; "
                   f"the Props goal is {games_out[S.G_GOAL]}.")
    last_round = -1
    P = len(names)
    for idx, ev in enumerate(events):
        rnd, p, kind = int(ev[0]), int(ev[1]), int(ev[2])
        a, b, c, d, e, f, g, h, i = (int(x) for x in ev[3:12])
        who = f"Gang {p} ({names[p]})" if 0 <= p < P else ""
        if rnd != last_round and rnd > 0:
            if last_round == 0:
                out.append("Starting board (digit = gang, letters mark specials: S School, "
                           "B Burger Shack, G Gun Shop, K Pawn Shop, P Park):")
                out.append(board_text(owner, special, w))
            elif show_board_every and rnd % show_board_every == 0:
                out.append(board_text(owner, special, w))
            out.append(f"\n== Round {rnd} ==")
            last_round = rnd
        elif last_round < 0:
            out.append("== Set-up ==")
            out.append(rating_note)
            last_round = 0
        if kind == S.Ev.START_BLOCK:
            owner[a] = p
            out.append(f"{who} starts on {_cell(a, w)}.")
        elif kind == S.Ev.SPECIAL:
            special[a] = b
            out.append(f"{SPECIAL_NAMES[b]} is on {_cell(a, w)}.")
        elif kind == S.Ev.ROLLOFF:
            rolls = ", ".join(f"gang {k}: {v}" for k, v in enumerate((a, b, c, d, e, f)[:P]) if v)
            out.append(f"Roll-off for first player: {rolls}.")
        elif kind == S.Ev.FIRST:
            out.append(f"{who} goes first; play runs clockwise by seat.")
        elif kind == S.Ev.INCOME:
            out.append(f"{who}: income +{a} Crew, +{b} Papers, +{c} Chrome.")
        elif kind == S.Ev.RECRUIT:
            out.append(f"{who} recruits: {a} Papers -> {a} Crew.")
        elif kind == S.Ev.UPGRADE:
            out.append(f"{who} upgrades: {a} Papers -> {a} Chrome.")
        elif kind == S.Ev.PASS:
            # PASS is step 2 only (no Recruit, Upgrade or Drive-by); the Expand step follows
            if _expands_later(events, idx, p):
                out.append(f"{who} makes no Recruit, Upgrade or Drive-by this turn, but "
                           "expands:")
            else:
                out.append(f"{who} takes no action this turn: no Recruit, Upgrade or "
                           "Drive-by, and no Expand.")
        elif kind == S.Ev.DRIVEBY:
            spent = f" + {d} Props" if d else ""
            out.append(f"{who} drive-by on gang {a}: {b} Crew + {c} Chrome{spent} dice; "
                       f"{e} crew dice and {f} extra dice hit; {b - e} Crew lost; "
                       f"gang {a} loses {g} Props.")
        elif kind == S.Ev.SPEND:
            out.append(f"{who} spends {a} Props on dice; the defender spends {b}.")
        elif kind == S.Ev.CLAIM:
            owner[a] = p
            out.append(f"{who} takes free block {_cell(a, w)}.")
        elif kind == S.Ev.FIGHT:
            won = i == p
            out.append(f"{who} attacks {_cell(a, w)} held by gang {b}: {c} Crew + {d} extra dice "
                       f"vs {e} Crew + {f} extra dice. Attacker hits {g}, defender hits {h}: "
                       f"attacker {max(c - h, 0)} left vs defender {max(e - g, 0)} left -> "
                       f"{'attacker takes the block' if won else 'defender holds'}.")
            if won:
                owner[a] = p
        elif kind == S.Ev.PROPS:
            out.append(f"  Gang {p} Props {a:+d} ({_REASON[c]}) = {b}.")
        elif kind == S.Ev.ELIMINATED:
            out.append(f"{who} has lost its last block to gang {a} and is eliminated.")
        elif kind == S.Ev.WIN:
            why = "reaches the Props goal" if a == S.End.GOAL else "is the last gang standing"
            out.append(f"\n{who} {why} with {b} Props and wins.")
        elif kind == S.Ev.TIMEOUT:
            out.append(f"\nTurn limit reached after round {rnd}: the game is unfinished.")
    out.append("\nFinal board:")
    out.append(board_text(owner, special, w))
    out.append("Final ratings (Crew / Papers / Chrome / Props / blocks):")
    for p in range(P):
        r = players_out[p]
        out.append(f"  Gang {p} ({names[p]}): {r[S.P_CREW]} / {r[S.P_PAPERS]} / {r[S.P_CHROME]}"
                   f" / {r[S.P_PROPS]} / {r[S.P_BLOCKS]}")
    out.append(f"Rounds: {games_out[S.G_ROUNDS]}, dice rolled: {games_out[S.G_DICE]}.")
    return "\n".join(out)
