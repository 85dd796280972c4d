"""Render a Rifle & Gun event trace (``engine.replay``) as text with ASCII maps."""

from __future__ import annotations

import numpy as np

from sim.core.tabletop.battlefield import Table, render
from sim.rifle_gun import state as S

_MODE = {S.REGULAR: "regular", S.SUPPRESSIVE: "suppressive"}
_MOVE = {S.MODE_RAPID: "rapidly", S.MODE_CAUTIOUS: "cautiously"}


def narrate(events: np.ndarray, table: Table, names: list[str], games_out, sides_out) -> str:
    """The game told turn by turn; team labels are side letter + team number (A0, B2...)."""
    out = []
    pos = {}
    sides = {}
    for ev in events:
        turn, t, kind = int(ev[0]), int(ev[1]), int(ev[2])
        a, b, c, d, e, f, g, h, i = (int(v) for v in ev[3:12])
        if kind == S.Ev.DEPLOY:
            pos[t] = (a, b)
            sides[t] = c
            continue
        if kind == S.Ev.INITIATIVE:
            if turn == 1:
                out.append("Deployment (A top, B bottom; # wall, B building, % low cover):")
                out.append(f"Side A: {names[0]}; side B: {names[1]}.")
            # the positions at the start of every turn: side letter where a team stands
            out.append(render(table, {p: "AB"[sides[k]] for k, p in pos.items()}))
            out.append(f"\n== Turn {turn} == side {'AB'[a]} has the initiative "
                       f"(unpinned soldiers A {b}, B {c})")
            continue
        lab = f"{'AB'[sides.get(t, 0)]}{t}" if t >= 0 else ""
        if kind == S.Ev.OVERWATCH:
            out.append(f"{lab} goes on overwatch.")
        elif kind == S.Ev.MERGE:
            out.append(f"{lab} absorbs the survivors of {'AB'[sides[a]]}{a}.")
        elif kind == S.Ev.SMOKE:
            out.append(f"{lab} throws smoke at ({a},{b}).")
        elif kind == S.Ev.MOVE:
            out.append(f"{lab} moves {_MOVE[e]} from ({a},{b}) to ({c},{d}).")
            pos[t] = (c, d)
        elif kind == S.Ev.REACTION:
            them = f"{'AB'[sides[a]]}{a}"
            how = f"{_MODE[e]} fire" if e in _MODE else "a move to cover"
            if f == 1:
                out.append(f"{lab} reacts to {them}'s shooting with {how} (after the action).")
            elif d:
                where = "before it moves" if g == 0 else f"at step {g} of its move"
                out.append(f"{lab} reacts to {them}'s move with {how}: rolls {b} vs {c} and "
                           f"interrupts it {where}.")
            else:
                out.append(f"{lab} reacts to {them}'s move with {how}: rolls {b} vs {c}, acts "
                           "after the action (fire only if it still sees it).")
        elif kind == S.Ev.SHOT:
            grenades = f" + {d} frag" if d else ""
            result = (f"{e} potential hits" if b == 0 else
                      ("pins" if e else "misses"))
            out.append(f"{lab} fires {_MODE[b]} at {'AB'[sides[a]]}{a}: {c} dice{grenades}, "
                       f"{result}.")
        elif kind == S.Ev.HITS:
            if d + e:
                out.append(f"  {lab} defends with {b} dice, {c} saves: {d} killed-dice, {e} "
                           f"injury-dice -> {f} dead, {g} newly injured.")
            else:
                out.append(f"  {lab} defends with {b} dice, {c} saves: no hits get through.")
        elif kind == S.Ev.PINNED:
            out.append(f"  {lab} is pinned.")
        elif kind == S.Ev.RETREAT:
            out.append(f"  {lab} retreats from ({a},{b}) to ({c},{d}).")
            pos[t] = (c, d)
        elif kind == S.Ev.BREACH:
            out.append(f"{lab} breaches building {a} with a frag grenade: {b} enemy team(s) "
                       "inside pinned, unable to react or retreat.")
        elif kind == S.Ev.END:
            why = {S.END_BREAK: "a side broke", S.END_OBJECTIVE: "the objective count",
                   S.END_LIMIT: "the turn limit"}[b]
            res = "a draw" if a < 0 else f"side {'AB'[a]} ({names[a]}) wins"
            out.append(f"\nGame over after turn {turn} ({why}): {res}.")
    out = [ln for ln in out if ln]
    out.append(render(table, {p: "AB"[sides[k]] for k, p in pos.items()}))
    for side in range(2):
        r = sides_out[side]
        out.append(f"Side {'AB'[side]}: {r[S.S_ALIVE]} of {r[S.S_START]} soldiers left "
                   f"({r[S.S_INJURED]} injured), killed {r[S.S_KILLED]}, pinned enemies "
                   f"{r[S.S_PINS]} times.")
    return "\n".join(out)
