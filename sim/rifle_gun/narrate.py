"""Render a Rifle & Gun event trace (``engine.replay``) as text a designer reads without the
code: maps with labelled axes and a legend, every action, reaction and volley in plain
sentences, why a team did not act or did less than it was ordered, and why the game ended.

Only the trace and the table are read. Where the trace does not say why (a reaction that fired
nothing, a shot not taken) the reason is worked out from what it does say: pins and deaths
logged earlier, and the line of sight between the teams' logged positions (the engine's own
``sight``)."""

from __future__ import annotations

import numpy as np

from sim.core.tabletop.battlefield import BLOCKING, NONBLOCKING, Table, line_of_sight
from sim.rifle_gun import state as S

SIDES = "AB"
# every symbol the maps use, with its one meaning (tests check the maps keep to it)
LEGEND = {
    ".": "open ground",
    "#": "wall (blocks sight and movement)",
    "H": "building (blocks sight from outside; a team inside sees out and is in cover)",
    "%": "low cover: hedge, low wall, trees (seen over; a defence die when in the way)",
    "A": "a side A team",
    "B": "a side B team",
}
_ACTION = {S.Action.RAPID: "a rapid move", S.Action.CAUTIOUS: "a cautious move"}
_FIRE = {S.REGULAR: "regular fire", S.SUPPRESSIVE: "suppressive fire",
         S.REACT_MOVE: "a cautious move to cover"}
_MOVES = (S.Action.RAPID, S.Action.CAUTIOUS, S.Action.MOVE_SHOOT, S.Action.SHOOT_MOVE)
_SHOOTS = (S.Action.SHOOT, S.Action.MOVE_SHOOT, S.Action.SHOOT_MOVE)
# the first time a game shows one of these, the rule behind it is said once
_EXPLAIN = {
    "overwatch": "an overwatch team skips its own action and fires suppressive fire at the "
                 "first enemy it sees move or shoot this turn",
    "react": "a team of the side without the initiative that sees an enemy act may react "
             "once per turn, giving up its own action",
    "suppressive": "suppressive fire kills no one: the target is pinned if any die hits, "
                   "and it rolls no defence",
    "casualties": "each save cancels one hit; a hit that gets through kills on an even "
                  "face and injures on an odd one",
    "pinned": "a pinned team stops, falls back away from the fire and may not move, shoot "
              "or react again this turn",
}


def _xy(x: int, y: int) -> str:
    return f"({x},{y})"


def map_text(table: Table, marks: dict) -> str:
    """The table as text with x labelled across the top and y down the left; ``marks`` maps
    (x, y) to a team's symbol (LEGEND)."""
    chars = np.full(table.terrain.shape, ".", dtype="<U1")
    chars[table.terrain == NONBLOCKING] = "%"
    chars[table.terrain == BLOCKING] = "#"
    chars[table.building >= 0] = "H"
    for (x, y), c in marks.items():
        chars[y, x] = c
    w = table.width
    tens = "".join(str(x // 10 % 10) if x % 10 == 0 else " " for x in range(w))
    units = "".join(str(x % 10) for x in range(w))
    rows = ["    x " + tens.rstrip(), "  y   " + units]
    rows += [f"{y:>3}   " + "".join(row) for y, row in enumerate(chars)]
    return "\n".join(rows)


def _plural(n: int, word: str) -> str:
    """'1 die', '3 dice', '2 hits'."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-3]}dice" if word.endswith("die") else f"{n} {word}s"


def _soldiers(n: int) -> str:
    return _plural(n, "soldier")


class _Story:
    """The narrator's running picture of the game, fed one event at a time."""

    def __init__(self, table: Table, names: list[str], games_out, sides_out):
        self.table, self.names = table, names
        self.games_out, self.sides_out = games_out, sides_out
        self.out: list[str] = []
        self.explained: set[str] = set()
        self.side, self.pos, self.men, self.die = {}, {}, {}, {}
        self.turn = 0
        self.merges: list[str] = []  # merges told once the turn's header is out
        self.act = None  # the activation being told (a dict), None between activations
        self.last_init = -1
        self.current_target = -1  # the target of the volley being told
        self.breach_pins = 0  # PINNED events still to come from a breach grenade
        self._move_line = None  # (team, index in out, start cell) of the move being told
        self._new_turn()

    # ---------------------------------------------------------------- helpers

    def lab(self, t: int) -> str:
        return f"{SIDES[self.side[t]]}{t}"

    def why(self, key: str) -> str:
        """' (the rule)' the first time ``key`` comes up in the game, else ''."""
        if key in self.explained:
            return ""
        self.explained.add(key)
        return f" ({_EXPLAIN[key]})"

    def say(self, line: str) -> None:
        self.out.append(line)
        self._move_line = None

    def alive(self, t: int) -> bool:
        return self.men.get(t, 0) > 0

    def sees(self, a: int, b: int) -> bool:
        return bool(line_of_sight(self.table, self.pos[a], self.pos[b])[0])

    def enemies_in_sight(self, a: int) -> list[int]:
        return [b for b in self.side if self.alive(b) and self.side[b] != self.side[a]
                and self.sees(a, b)]

    def marks(self) -> dict:
        return {self.pos[t]: SIDES[self.side[t]] for t in self.side if self.alive(t)}

    def roster(self) -> str:
        return "; ".join(f"{self.lab(t)} at {_xy(*self.pos[t])}, {_soldiers(self.men[t])}"
                         for t in sorted(self.side) if self.alive(t))

    def _new_turn(self) -> None:
        self.acted, self.reacted, self.pinned_by = set(), {}, {}
        self.overwatch, self.ow_fired, self.rapid = set(), {}, set()
        self.smoke = np.full(self.table.terrain.shape, -1, np.int32)
        self.n_smoke = 0
        self.phase_told = set()
        self.at_start = {t for t in self.side if self.alive(t)}
        self.closed = False  # end_turn has told this turn's idle teams

    # ---------------------------------------------------------------- the set-up and turns

    def deploy(self, t, x, y, side, die, men):
        self.side[t], self.pos[t], self.men[t], self.die[t] = side, (x, y), men, die

    def initiative(self, turn, init, u_a, u_b):
        self.end_turn()
        self.turn = turn
        if turn == 1:
            self.intro()
        self._new_turn()
        self.say(f"\n== Turn {turn} ==")
        for line in self.merges:
            self.say(line)
        self.merges = []
        other = 1 - init
        counts = (u_a, u_b)
        if u_a == u_b:
            why = ("a coin decides on the first turn" if self.last_init < 0 else
                   "a tie goes to the side that did not have it last turn")
            self.say(f"Both sides have {_soldiers(u_a)} not pinned: {why}, so side "
                     f"{SIDES[init]} has the initiative.")
        else:
            self.say(f"Side {SIDES[init]} has the initiative: {counts[init]} soldiers not "
                     f"pinned against side {SIDES[other]}'s {counts[other]}.")
        alive = [sum(self.men[t] for t in self.side if self.side[t] == s) for s in range(2)]
        if self.turn > 1 and (u_a < alive[0] or u_b < alive[1]) and \
                "initiative" not in self.explained:
            self.explained.add("initiative")
            self.say("  (Teams pinned last turn do not count for the initiative; then every "
                     "pin ends, before anyone acts.)")
        self.last_init = init
        self.say(f"Positions at the start of turn {self.turn}:")
        self.say(map_text(self.table, self.marks()))
        self.say(f"Teams: {self.roster()}.")

    def intro(self):
        ys = [np.mean([self.pos[t][1] for t in self.side if self.side[t] == s] or [0])
              for s in range(2)]
        top = 0 if ys[0] <= ys[1] else 1
        edge = {top: "top", 1 - top: "bottom"}
        self.say(f"Side A: {self.names[0]}, deployed along the {edge[0]} edge; side B: "
                 f"{self.names[1]}, along the {edge[1]} edge.")
        for s in range(2):
            teams = ", ".join(f"{self.lab(t)} ({_soldiers(self.men[t])}, d{self.die[t]} "
                              f"quality die) at {_xy(*self.pos[t])}"
                              for t in sorted(self.side) if self.side[t] == s)
            self.say(f"Side {SIDES[s]}: {teams}.")
        w, h = self.table.width, self.table.height
        self.say(f"Positions are (x, y) in inches: x counts across from the left edge (0 to "
                 f"{w - 1}), y down from the top edge (0 to {h - 1}), as on the maps' axes.")
        self.say("Map legend:")
        for symbol, meaning in LEGEND.items():
            self.say(f"  {symbol}  {meaning}")

    def end_turn(self):
        """Close the activation being told, then say why each team that did not act did not."""
        self.end_activation()
        if self.turn == 0 or self.closed:
            return
        self.closed = True
        idle = []
        for t in sorted(self.at_start - self.acted):
            if t in self.overwatch:
                if t in self.ow_fired:
                    idle.append(f"{self.lab(t)} (on overwatch, fired at "
                                f"{self.lab(self.ow_fired[t])})")
                elif t in self.pinned_by:
                    idle.append(f"{self.lab(t)} (on overwatch, pinned by "
                                f"{self.lab(self.pinned_by[t])} before it fired)")
                else:
                    idle.append(f"{self.lab(t)} (on overwatch; no enemy moved or fired in its "
                                "sight while it could fire)")
            elif t in self.reacted:
                actor, portion = self.reacted[t]
                idle.append(f"{self.lab(t)} (it reacted to {self.lab(actor)}'s "
                            f"{'shooting' if portion else 'move'} instead)")
            elif t in self.pinned_by:
                idle.append(f"{self.lab(t)} (pinned by {self.lab(self.pinned_by[t])} before "
                            "its turn to act came)")
            elif not self.alive(t):
                idle.append(f"{self.lab(t)} (wiped out before it could act)")
            else:
                idle.append(f"{self.lab(t)} (the trace records no reason)")
        if idle:
            self.say("Did not act this turn: " + "; ".join(idle) + ".")

    # ---------------------------------------------------------------- one activation

    def action(self, t, act, target, x, y, phase4):
        self.end_activation()
        self.acted.add(t)
        side = self.side[t]
        if phase4 not in self.phase_told:
            self.phase_told.add(phase4)
            if phase4:
                self.say(f"Side {SIDES[side]} acts; side {SIDES[1 - side]}'s teams may react"
                         f"{self.why('react')}.")
            else:
                self.say(f"Side {SIDES[side]}'s teams that have not reacted act now; only "
                         "overwatch can interrupt them.")
        if act == S.Action.RAPID and (x, y) != self.pos[t]:
            self.rapid.add(t)  # the +1 defence die for moving cautiously or not at all is lost
        self.act = {"team": t, "action": act, "target": target, "dest": (x, y),
                    "start": self.pos[t], "moved": False, "shot": False, "reactions": []}
        me, here, there = self.lab(t), _xy(*self.pos[t]), _xy(x, y)
        tgt = self.lab(target) if target >= 0 else "no one"
        stays = (x, y) == self.pos[t]
        if act == S.Action.HOLD:
            seen = self.enemies_in_sight(t)
            why = ("no enemy team is in its sight" if not seen else
                   "its commander does not fire at " + ", ".join(self.lab(b) for b in seen))
            self.say(f"{me} holds its position at {here}: {why}.")
        elif act in (S.Action.RAPID, S.Action.CAUTIOUS) and stays:
            self.say(f"{me} stays at {here}: its commander finds no better cell within "
                     f"{_ACTION[act]}.")
        elif act in (S.Action.RAPID, S.Action.CAUTIOUS):
            self.say(f"{me} makes {_ACTION[act]} from {here} towards {there}.")
        elif act == S.Action.SHOOT or (act in (S.Action.MOVE_SHOOT, S.Action.SHOOT_MOVE) and
                                       stays):
            self.say(f"{me} shoots at {tgt} from {here}.")
        elif act == S.Action.MOVE_SHOOT:
            self.say(f"{me} moves cautiously from {here} towards {there}, then shoots at "
                     f"{tgt}.")
        else:
            self.say(f"{me} shoots at {tgt}, then moves cautiously from {here} towards "
                     f"{there}.")
        self.act["line"] = len(self.out) - 1

    def end_activation(self):
        """Say what came of the reactions and of the order that the events did not show."""
        a = self.act
        if a is None:
            return
        self.act = None
        t, me = a["team"], self.lab(a["team"])
        for r in a["reactions"]:
            if r["done"]:
                continue
            who, them = self.lab(r["team"]), self.lab(t)
            if not self.alive(r["team"]):
                continue
            if r["team"] in self.pinned_by:
                self.say(f"  {who}'s reaction comes to nothing: it was pinned first.")
            elif r["mode"] == S.REACT_MOVE:
                self.say(f"  {who} stays at {_xy(*self.pos[r['team']])}: it finds no step "
                         "to cover.")
            elif not self.alive(t):
                self.say(f"  {who} holds its fire: {them} is gone.")
            elif not self.sees(r["team"], t):
                self.say(f"  {who} holds its fire: {them} is out of its sight at "
                         f"{_xy(*self.pos[t])}.")
            else:
                self.say(f"  {who}'s reaction comes to nothing.")
        if not self.alive(t) or t in self.pinned_by:
            return  # the pin or the deaths already told why the action stopped
        act, dest = a["action"], a["dest"]
        if act in _MOVES and dest != a["start"]:
            if not a["moved"]:
                self.say(f"  {me} stays at {_xy(*self.pos[t])}: {_xy(*dest)} is out of its "
                         "reach.")
            elif self.pos[t] != dest:
                self.say(f"  {me} stops at {_xy(*self.pos[t])}, short of {_xy(*dest)}: "
                         "another team stands in its way.")
        target = a["target"]
        if act in _SHOOTS and not a["shot"]:
            if target < 0:
                self.say(f"  {me} has no target and does not fire.")
            elif not self.alive(target):
                self.say(f"  {me} does not fire: {self.lab(target)} is gone.")
            elif act == S.Action.MOVE_SHOOT and not self.enemies_in_sight(t):
                self.say(f"  {me} does not fire: no enemy is in its sight after the move.")
            elif not self.sees(t, target):
                self.say(f"  {me} does not fire: it cannot see {self.lab(target)} from "
                         f"{_xy(*self.pos[t])}.")

    def reaction(self, r, actor, roll_r, roll_a, first, mode, portion, step):
        self.reacted[r] = (actor, portion)
        who, them = self.lab(r), self.lab(actor)
        if self.act is not None:
            self.act["reactions"].append({"team": r, "mode": mode, "done": False})
        how = _FIRE[mode]
        if portion == 1:
            self.say(f"{who} reacts to {them}'s shooting with {how}{self.why('react')}: no "
                     f"roll is needed; it acts once {them}'s action is over.")
            return
        if roll_r == roll_a:
            res = (f"the tie goes to the mover, so {who} acts after the move" if not first else
                   f"the tie goes to the reacting team, so {who} interrupts the move")
        elif first:
            res = f"{who} rolls higher and interrupts the move"
        else:
            res = f"{them} rolls higher, so {who} acts after the move"
        if first:
            res += (" before it starts" if step == 0 else
                    f" where {them} first comes into its sight ({_plural(step, 'step')} along "
                    "its path)")
        elif mode != S.REACT_MOVE:
            res += f", and fires only if it still sees {them} then"
        self.say(f"{who} reacts to {them}'s move with {how}{self.why('react')}: reaction "
                 f"roll {roll_r} against {roll_a}: {res}.")

    def _reactor(self, t):
        """The reaction record of team t in this activation, or None."""
        for r in (self.act or {}).get("reactions", ()):
            if r["team"] == t:
                return r
        return None

    def move(self, t, x0, y0, x1, y1, mode):
        prev = self._move_line
        self.pos[t] = (x1, y1)
        r = self._reactor(t)
        if r is not None:
            r["done"] = True
        a = self.act
        if a is not None and t == a["team"]:
            if not a["moved"] and self.out and len(self.out) - 1 == a["line"] and \
                    (x1, y1) == a["dest"]:
                # nothing came between the order and the move: one line for both
                self.out[-1] = self.out[-1].replace(" towards ", " to ")
                a["moved"] = True
                return
            a["moved"] = True
        if prev is not None and prev[0] == t:  # the same move goes on: one line for it
            start, idx = prev[2], prev[1]
        else:
            start, idx = (x0, y0), None
        how = "rapidly" if mode == S.MODE_RAPID else "cautiously"
        what = "moves to cover" if r is not None else f"moves {how}"
        line = f"  {self.lab(t)} {what} from {_xy(*start)} to {_xy(x1, y1)}."
        if idx is None:
            self.say(line)
            idx = len(self.out) - 1
        else:
            self.out[idx] = line
        self._move_line = (t, idx, start)

    def shot(self, t, target, mode, dice, frags, hits):
        me, tgt = self.lab(t), self.lab(target)
        self.current_target = target
        a = self.act
        r = self._reactor(t)
        if a is not None and t == a["team"]:
            a["shot"] = True
            if target != a["target"] and a["target"] >= 0:
                self.say(f"{self.lab(a['target'])} is out of {me}'s sight after the move, so "
                         f"it fires at the nearest enemy it sees, {tgt}.")
            who = f"{me} fires at {tgt}"
        elif r is not None:
            r["done"] = True
            who = f"{me} fires its reaction at {tgt}"
        elif t in self.overwatch:
            self.ow_fired[t] = target
            who = f"{me}, on overwatch, opens fire at {tgt}"
        else:
            who = f"{me} fires at {tgt}"
        grenades = f" ({frags} of them for frag grenades)" if frags else ""
        if mode == S.SUPPRESSIVE:
            res = f"{hits} of them hit" if hits else f"none hits, so {tgt} is not pinned"
            self.say(f"{who} with suppressive fire{self.why('suppressive')}: "
                     f"{_plural(dice, 'die')}{grenades}; {res}.")
        else:
            self.say(f"{who} with regular fire: {_plural(dice, 'attack die')}{grenades}, "
                     f"{hits} of them hit.")

    def hits(self, t, shooter, n_def, saves, kill_dice, injury_dice, deaths, injured):
        me = self.lab(t)
        crossfire = t != self.current_target
        lead = f"  {me} is in the line of fire and defends first: it" if crossfire else f"  {me}"
        dice = f"{_plural(n_def, 'defence die')}{self._defence_sources(t, shooter, n_def)}"
        if kill_dice + injury_dice == 0:
            self.say(f"{lead} rolls {dice} and saves {saves}: no hit gets through.")
            return
        self.men[t] = max(self.men[t] - deaths, 0)
        through = kill_dice + injury_dice
        parts = []
        if deaths:
            parts.append(f"{deaths} killed")
        if injured:
            parts.append(f"{injured} injured")
        res = " and ".join(parts) if parts else "no one hurt"
        note = (" (an injury to a soldier already injured kills him)" if deaths > kill_dice
                else "")
        self.say(f"{lead} rolls {dice} and saves {saves}{self.why('casualties')}: "
                 f"{_plural(through, 'hit')} get{'s' if through == 1 else ''} through "
                 f"({kill_dice} even, {injury_dice} odd): {res}{note}"
                 + (f"; {_soldiers(self.men[t])} left." if self.men[t] else "."))

    def _defence_sources(self, t, shooter, n_def) -> str:
        """' (why so many)' when the default dice per source account for exactly ``n_def``:
        then the sources are certain; else '' (other rules, or a case not worked out)."""
        _, pieces, smokes, behind = line_of_sight(self.table, self.pos[shooter], self.pos[t],
                                                  self.smoke)
        steady = t not in self.rapid
        if pieces + smokes + steady + 2 * behind != n_def:
            return ""
        if n_def == 0:
            return " (it moved rapidly this turn and nothing covers it)"
        src = []
        if pieces:
            src.append(f"{pieces} for low cover in the way")
        if smokes:
            src.append(f"{smokes} for smoke")
        if steady:
            src.append("1 for not moving rapidly this turn")
        if behind:
            src.append("2 for being behind blocking terrain")
        return " (" + ", ".join(src) + ")"

    def pinned(self, t, by):
        self.pinned_by.setdefault(t, by)
        if not self.alive(t):
            self.say(f"  {self.lab(t)} is wiped out.")
        elif self.breach_pins > 0:
            self.breach_pins -= 1
            self.say(f"  {self.lab(t)} is pinned by the grenade: it may not react or fall "
                     "back this turn.")
        else:
            self.say(f"  {self.lab(t)} is pinned{self.why('pinned')}.")

    def retreat(self, t, x0, y0, x1, y1):
        self.pos[t] = (x1, y1)
        self.say(f"  {self.lab(t)} falls back from {_xy(x0, y0)} to {_xy(x1, y1)}.")

    def overwatch_on(self, t):
        self.overwatch.add(t)
        self.say(f"{self.lab(t)} goes on overwatch{self.why('overwatch')}.")

    def merge(self, t, other):
        """Merges come at the start of a turn, before the initiative: told after its header."""
        self.end_turn()
        self.men[t] += self.men.get(other, 0)
        self.men[other] = 0
        self.merges.append(f"{self.lab(t)} absorbs the survivors of {self.lab(other)}: the "
                           f"two teams merge into {self.lab(t)}, {_soldiers(self.men[t])}.")

    def smoke_at(self, t, x, y):
        """A 3 x 3 cloud, numbered as the engine numbers them (for the defence dice)."""
        self.smoke[max(y - 1, 0):y + 2, max(x - 1, 0):x + 2] = self.n_smoke
        self.n_smoke += 1
        self.say(f"{self.lab(t)} throws a smoke grenade at {_xy(x, y)}: a 3\" x 3\" cloud "
                 "that adds a defence die against fire through it, until the end of the turn.")

    def breach(self, t, inside):
        self.breach_pins = inside  # the next ``inside`` PINNED events are the grenade's
        self.say(f"{self.lab(t)} breaks into the building at {_xy(*self.pos[t])} with a "
                 f"frag grenade: "
                 f"{_plural(inside, 'enemy team')} inside pinned, unable to react or fall "
                 "back.")

    def end(self, turn, winner, reason):
        self.end_turn()
        self.turn = turn
        so = self.sides_out
        lost = [int(so[s][S.S_START] - so[s][S.S_ALIVE]) for s in range(2)]
        start = [int(so[s][S.S_START]) for s in range(2)]
        losses = (f"side A lost {lost[0]} of its {start[0]} soldiers, side B {lost[1]} of "
                  f"{start[1]}")
        res = "a draw" if winner < 0 else f"side {SIDES[winner]} ({self.names[winner]}) wins"
        if reason == S.END_BREAK and winner < 0:
            why = f"both sides broke in the same turn ({losses})"
        elif reason == S.END_BREAK:
            why = (f"side {SIDES[1 - winner]} broke: it lost {lost[1 - winner]} of its "
                   f"{start[1 - winner]} soldiers (a side breaks once it has lost a set share "
                   f"of its soldiers, half by default; side {SIDES[winner]} lost "
                   f"{lost[winner]} of {start[winner]})")
        elif reason == S.END_OBJECTIVE:
            on = [int(so[s][S.S_ON_OBJ]) for s in range(2)]
            why = (f"the turn limit was reached and the objective decides: side A has "
                   f"{_soldiers(on[0])} not pinned on the objective at the table's centre, "
                   f"side B {on[1]}" + (" (equal)" if on[0] == on[1] else ""))
        else:
            why = f"the turn limit was reached with neither side broken ({losses})"
        self.say(f"\nFinal positions after turn {self.turn}:")
        self.say(map_text(self.table, self.marks()))
        self.say(f"Teams: {self.roster()}.")
        self.say(f"\nGame over after turn {self.turn}: {res}. Why: {why}.")
        for s in range(2):
            r = so[s]
            self.say(f"Side {SIDES[s]} ({self.names[s]}): {r[S.S_ALIVE]} of {r[S.S_START]} "
                     f"soldiers left ({r[S.S_INJURED]} of them injured); it killed "
                     f"{_plural(int(r[S.S_KILLED]), 'enemy soldier')} and pinned enemy teams "
                     f"{_plural(int(r[S.S_PINS]), 'time')}.")


def narrate(events: np.ndarray, table: Table, names: list[str], games_out, sides_out) -> str:
    """The game told turn by turn; team labels are side letter + team number (A0, B2...).

    events int64[n, N_EV_COLS] (``S.Ev`` rows); names: the two sides' commanders;
    games_out int64[N_GAME_COLS], sides_out int64[2, N_SIDE_COLS]: the game's records."""
    st = _Story(table, names, games_out, sides_out)
    for ev in events:
        turn, t, kind = int(ev[0]), int(ev[1]), int(ev[2])
        a, b, c, d, e, f, g, _, _ = (int(v) for v in ev[3:12])
        if kind == S.Ev.DEPLOY:
            st.deploy(t, a, b, c, d, e)
        elif kind == S.Ev.INITIATIVE:
            st.initiative(turn, a, b, c)
        elif kind == S.Ev.ACTION:
            st.action(t, a, b, c, d, e)
        elif kind == S.Ev.OVERWATCH:
            st.overwatch_on(t)
        elif kind == S.Ev.MERGE:
            st.merge(t, a)
        elif kind == S.Ev.SMOKE:
            st.smoke_at(t, a, b)
        elif kind == S.Ev.MOVE:
            st.move(t, a, b, c, d, e)
        elif kind == S.Ev.REACTION:
            st.reaction(t, a, b, c, d, e, f, g)
        elif kind == S.Ev.SHOT:
            st.shot(t, a, b, c, d, e)
        elif kind == S.Ev.HITS:
            st.hits(t, a, b, c, d, e, f, g)
        elif kind == S.Ev.PINNED:
            st.pinned(t, a)
        elif kind == S.Ev.RETREAT:
            st.retreat(t, a, b, c, d)
        elif kind == S.Ev.BREACH:
            st.breach(t, b)
        elif kind == S.Ev.END:
            st.end(turn, a, b)
    return "\n".join(st.out)
