"""Render a Godfather campaign trace (``engine.replay``) as text a designer reads without the
code: a header with the line-up, the city map and a legend; each set turn by turn, each
gang's leaders in card order condensed to one line a turn (``per_leader``: one line an
activation) with their moves, volleys and melees counted; the notable events in full
sentences (blocks entered and taken, hostages and ransoms, arrests, routs, raids,
eliminations); the admin phase gang by gang, a summary table and the map of who holds which
block; and at the end the tally and the Godfather, or why there is none.

Only the trace, the city and the rules are read. The trace does not name the gangs' HQs: each
gang's is the block its first move starts from, checked against the city's starting blocks
(the engine deals ``city.starts`` to the gangs rotated by one shift, so one gang's HQ fixes
all of them; with no move at all the shift is taken as 0, ``replay``'s own for ``key_div`` 1).
Who holds a block is then followed from the TAKE and OUT events.

Payloads read as ``engine.Ev`` documents them, with one exception: the engine's ADMIN ``d``
counts the gang's deserters since the campaign began (it passes the running total), so the
deserters of a set are the difference from the gang's previous ADMIN row.
"""

from __future__ import annotations

import numpy as np

from sim.godfather import city as CI
from sim.godfather import engine as E
from sim.godfather import fire as FI
from sim.godfather import state as S
from sim.godfather.rules import BUSINESS_EFFECTS, GRADES, RANKS, VEHICLE_DAMAGE

Ev = E.Ev

GRADE_ABBR = ("P", "Pk", "H", "G")  # the summary table's grade columns, in GRADES order
_CIV = {S.UNARMED: "unarmed", S.MILITIA: "militia", S.POLICE: "police", S.APC: "APC"}
_OUTCOME = {FI.MISSED: "missed", FI.SUPPRESSED: "suppressed", FI.WOUNDED_OUT: "wounded",
            FI.KILLED: "killed", E.ARRESTED: "arrested", E.DAMAGED: "damaged"}
_OUT_ORDER = (FI.KILLED, FI.WOUNDED_OUT, E.ARRESTED, E.DAMAGED, FI.SUPPRESSED, FI.MISSED)
_DAMAGE_TEXT = {"stalled": "is knocked out for a turn", "immobile": "can no longer move",
                "weapon_disabled": "is hit in its weapon mount (gang vehicles carry no weapon)",
                "wrecked_suppress": "is wrecked (those aboard escape with a suppression)",
                "wrecked_wound": "is wrecked (those aboard are eliminated unless saved)",
                "explodes": "explodes"}
_LOSS_ORDER = ("killed", "wounded", "down in melee", "arrested", "routed")
_CIV_LOSS_ORDER = ("unarmed shot", "militia shot", "police shot", "APC shot", "down in melee")
_OUT_WHY = {0: "it has no members left",
            1: "it has no element on the map and no base to come back to",
            2: "it could not pay its members"}
_END_WHY = {E.END_TALLY: "the set limit was reached, so the tally decides",
            E.END_LAST_STANDING: "only one gang was left",
            E.END_ALL_OUT: "every gang was out at once"}
_FX_WHAT = {S.FX_CLOSED: "it closes", S.FX_NO_INCOME: "it pays nothing this set",
            S.FX_POLICE: "a police element moves into the block",
            S.FX_RECRUIT: "a recruit joins the gang", S.FX_DOUBLE: "it pays double"}
_ADMIN_KINDS = {Ev.ADMIN, Ev.BAIL, Ev.BUY, Ev.BUSINESS, Ev.PROMOTE, Ev.OUT, Ev.SUMMARY,
                Ev.POLICE, Ev.RAID}  # the set's end (a claim, TAKE how 2, too)


def _n(k: int, word: str) -> str:
    """'1 move', '3 moves'."""
    return f"{k} {word if k == 1 else word + 's'}"


def _and_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


class _Segment:
    """One leader's activation (``gang`` >= 0) or the umpire's civilians and police (-1):
    counts for its one line, and the full sentences told under it."""

    def __init__(self, gang: int, leader: int = -1, ap: int = 0, target: int = -1,
                 card: int = -1):
        self.gang, self.leader, self.ap, self.target, self.card = gang, leader, ap, target, card
        self.moves = 0
        self.vehicle = {"drive": 0, "in": 0, "out": 0, "try": 0, "stolen": 0, "barricade": 0}
        self.volleys: dict[int, int] = {}  # outcome -> count
        self.at: dict[str, int] = {}  # target label -> volleys
        self.by: dict[str, int] = {}  # umpire shooter label -> volleys
        self.melees: dict[str, int] = {}  # won / lost / tied (attacker's side)
        self.down = 0  # gang melee: enemies down; umpire: police down in melee
        self.lost = 0  # gang melee: own fighters down; umpire: gang elements down
        self.sentences: list[str] = []
        self.holder = -1  # who held the target block when the leader acted
        self.arrests: dict[tuple[int, str], list[int]] = {}  # (gang, why) -> element numbers

    def empty(self) -> bool:
        return not (self.moves or self.volleys or self.melees or self.sentences
                    or any(self.vehicle.values()))


def _merge(segs: list[_Segment]) -> _Segment:
    """One segment adding up the counts and sentences of ``segs`` (one gang's, or the
    umpire's)."""
    out = _Segment(segs[0].gang)
    for seg in segs:
        out.moves += seg.moves
        for k, v in seg.vehicle.items():
            out.vehicle[k] += v
        out.down += seg.down
        out.lost += seg.lost
        for mine, theirs in ((out.volleys, seg.volleys), (out.at, seg.at), (out.by, seg.by),
                             (out.melees, seg.melees)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        for x in seg.sentences:
            if isinstance(x, tuple):  # one arrest sentence per (gang, why) of the group
                if x not in out.arrests:
                    out.arrests[x] = []
                    out.sentences.append(x)
                out.arrests[x] += seg.arrests[x]
            else:
                out.sentences.append(x)
    return out


class _Story:
    """The narrator: fed the trace row by row, it keeps who holds which block, the ranks of
    the leaders and the turn being told, and writes the lines."""

    def __init__(self, city, names: list[str], rules, per_leader: bool = False):
        self.city, self.names, self.rules = city, list(names), rules
        self.P = len(names)
        self.m = rules.max_elements
        self.ml = S.max_leaders(rules)
        self.out: list[str] = []
        nb = city.blocks
        self.owner = np.full(nb, -1, dtype=np.int64)
        self.business = np.zeros(nb, dtype=np.int64)
        self.hq = [-1] * self.P
        self.rank: dict[int, int] = {}  # leader row -> rank
        self.deserted = [0] * self.P  # running total of the ADMIN rows
        self.out_set = [-1] * self.P
        self.seg: _Segment | None = None
        self.set_no = 0
        self.turns_in_set = 0
        self.turn_loss: dict[int, dict[str, int]] = {}  # gang -> _LOSS_ORDER -> count
        self.jailed_now: dict[int, int] = {}  # gang -> ARREST rows since the last MELEE
        self.turn_segs: list[_Segment] = []  # this turn's closed segments, in order
        self.turn_tail: list[str] = []  # sentences told after them (ransoms)
        self.turn_head = ""
        self.in_turn = False
        self.per_leader = per_leader
        self.civ_loss: dict[str, int] = {}  # _CIV_LOSS_ORDER -> count (this turn)
        self.admin_mode = False
        self.admin_lines: dict[int, list[str]] = {}  # gang -> items before its ADMIN row
        self.summary: dict[int, np.ndarray] = {}
        self.police = None
        self.shown_owner = None
        self.apc_told = False
        self.tallies: dict[int, np.ndarray] = {}
        self.end = None
        self.events = None

    # ---------------------------------------------------------------- names

    def who(self, g: int, cap: bool = False) -> str:
        s = f"gang {g} ({self.names[g]})" if 0 <= g < self.P else f"gang {g}"
        return s[0].upper() + s[1:] if cap else s

    def element(self, row: int) -> str:
        return f"element {row % self.m} of {self.who(row // self.m)}"

    def say(self, line: str) -> None:
        self.out.append(line)

    # ---------------------------------------------------------------- the header

    def hqs(self, events: np.ndarray) -> None:
        """Each gang's HQ: the block its first move starts from, as a shift of city.starts."""
        starts = [int(b) for b in self.city.starts]
        P = self.P
        votes: dict[int, int] = {}
        seen: set[int] = set()
        for ev in events[events[:, 2] == Ev.MOVE]:
            g = int(ev[1])
            if g in seen or not 0 <= g < P:
                continue
            seen.add(g)
            b = int(self.city.block[int(ev[5]), int(ev[4])])
            if b in starts and len(starts) == P:
                shift = (starts.index(b) - g) % P
                votes[shift] = votes.get(shift, 0) + 1
        shift = max(sorted(votes), key=lambda s: votes[s]) if votes else 0
        for g in range(P):
            self.hq[g] = starts[(g + shift) % len(starts)] if starts else -1
            if self.hq[g] >= 0:
                self.owner[self.hq[g]] = g
            self.rank[g * self.ml] = RANKS.index(self.rules.start_leader_rank)

    def header(self) -> None:
        r, city = self.rules, self.city
        bw, bh = city.grid.shape[1], city.grid.shape[0]
        self.say(f"A Godfather campaign of {self.P} gangs on a {bw} x {bh} block city "
                 f"({city.width} x {city.height} cells, blocks of {city.block_cells} x "
                 f"{city.block_cells} cells), at most {r.max_sets} sets of turns.")
        self.say(f"Every gang starts with {r.start_elements} {r.start_grade} elements"
                 f" armed with {r.start_weapon}, one {r.start_leader_rank} leading "
                 f"them, {r.start_cash} cr and its HQ block.")
        self.say("Gangs:")
        for g in range(self.P):
            self.say(f"  {self.who(g)}: HQ block {self.hq[g]}")
        self.say("How to read this:")
        costs = ", ".join(str(c) for c in r.move_costs)
        for line in (
            "  Each turn every leader rolls action points (AP); the cards set the order the "
            "leaders act in (card 1 first). A leader's elements head for one block; an "
            f"element's 1st, 2nd, 3rd move in a turn cost {costs} AP, a volley {r.shoot_cost} "
            f"AP and a melee {r.melee_cost} AP.",
            "  A volley is one element's fire at one target: killed, wounded (saved: off the "
            "map until the set's end, the gang keeps it), suppressed (slowed) or missed. "
            "Civilians and police have no save: 'killed' is any eliminated one.",
            "  A melee is won, lost or tied from the attacker's side; 'down' is a fighter "
            "killed, wounded, arrested, taken hostage or routed.",
            "  Block defenders (unarmed citizens, militia, police) turn out when a gang first "
            "enters a block; the umpire plays the militia, the police and the APC after the "
            "leaders each turn.",
            "  Elements and leaders are numbered within their gang (leader 0 is the first).",
            f"  Grades: {', '.join(f'{a} {n}' for a, n in zip(GRADE_ABBR, GRADES, strict=True))}; leader "
            f"ranks: {', '.join(RANKS)}.",
        ):
            self.say(line)
        self.say("Map legend:")
        self.say(f"  {CI.LEGEND}; 'HQn' along a block's south edge: gang n's HQ.")
        self.say(self.map_text())
        self.say("")
        self.say(self.control_text("Blocks at the start"))

    def map_text(self) -> str:
        side = self.city.block_cells
        marks = {}
        for g, b in enumerate(self.hq):
            if b < 0:
                continue
            x0, y0 = (int(v) for v in self.city.origin[b])
            label = f"HQ{g}"[-side:]
            for k, ch in enumerate(label):
                marks[(x0 + k, y0 + side - 1)] = ch
        return "\n".join(line.rstrip() for line in CI.render(self.city, marks).splitlines())

    def control_text(self, title: str) -> str:
        """The blocks by the city's grid: 'id:holder', '.' nobody, '*' the holder's HQ, '$' a
        business."""
        rows = [f"{title} (block:holder gang, '.' nobody, '*' its HQ, '$' a business):"]
        for by in range(self.city.grid.shape[0]):
            cells = []
            for bx in range(self.city.grid.shape[1]):
                b = int(self.city.grid[by, bx])
                o = int(self.owner[b])
                mark = ("*" if o >= 0 and self.hq[o] == b else "") + \
                    ("$" if self.business[b] else "")
                cells.append(f"{b:>3}:{'.' if o < 0 else o}{mark:<2}")
            rows.append(" ".join(cells).rstrip())
        self.shown_owner = (self.owner.copy(), self.business.copy())
        return "\n".join(rows)

    # ---------------------------------------------------------------- segments and turns

    def close(self) -> None:
        """The current segment is done: keep it for the turn's lines."""
        seg, self.seg = self.seg, None
        if seg is None:
            return
        self.turn_segs.append(seg)

    def target_text(self, seg: _Segment) -> str:
        if seg.target < 0:
            return "no target block"
        if seg.holder == seg.gang:
            return f"defends block {seg.target}"
        if seg.holder >= 0:
            return f"heads for gang {seg.holder}'s block {seg.target}"
        return f"heads for block {seg.target}"

    def counts_text(self, seg: _Segment) -> list[str]:
        parts = []
        if seg.moves:
            parts.append(_n(seg.moves, "move"))
        vc = seg.vehicle
        if vc["in"]:
            parts.append(f"{vc['in']} into vehicles")
        if vc["drive"]:
            parts.append(_n(vc["drive"], "vehicle move"))
        if vc["out"]:
            parts.append(f"{vc['out']} out of vehicles")
        if vc["try"]:
            parts.append(f"{_n(vc['try'], 'hot-wire attempt')} ({vc['stolen']} stolen)")
        if vc["barricade"]:
            parts.append(_n(vc["barricade"], "barricade"))
        if seg.volleys:
            by = ""
            if seg.gang < 0:
                by = " (" + ", ".join(f"{k} {v}" for k, v in sorted(seg.by.items())) + ")"
            parts.append(self.volley_text(seg, by))
        if seg.melees:
            parts.append(self.melee_text(seg))
        return parts

    def turn_lines(self) -> list[str]:
        """The turn's segments as lines: per gang (its leaders in card order, counts added
        up) or, with ``per_leader``, one line per activation and the idle ones listed last."""
        lines, idle = [], []
        if self.per_leader:
            groups = [[seg] for seg in self.turn_segs]
        else:
            order: list[int] = []
            by_key: dict[int, list[_Segment]] = {}
            for seg in self.turn_segs:
                if seg.gang not in by_key:
                    order.append(seg.gang)
                    by_key[seg.gang] = []
                by_key[seg.gang].append(seg)
            groups = [by_key[k] for k in order]
        for group in groups:
            total = _merge(group)
            parts = self.counts_text(total)
            if total.gang < 0:
                if not parts and not total.sentences:
                    continue
                lines.append("  umpire: " + ("; ".join(parts) if parts else "no fire") + ".")
            elif self.per_leader:
                seg = group[0]
                if not parts and not seg.sentences:
                    idle.append(f"card {seg.card + 1} {self.who(seg.gang)} leader "
                                f"{seg.leader % self.ml}")
                    continue
                head = (f"  card {seg.card + 1}: {self.who(seg.gang)} leader "
                        f"{seg.leader % self.ml}, {seg.ap} AP, {self.target_text(seg)}")
                lines.append(head + ": " + ("; ".join(parts) if parts else "no action") + ".")
            else:
                who = []
                for seg in group:
                    if seg.leader < 0:
                        continue
                    lazy = ", idle" if seg.empty() else ""
                    who.append(f"card {seg.card + 1} leader {seg.leader % self.ml} ({seg.ap} AP,"
                               f" {self.target_text(seg)}{lazy})")
                head = f"  {self.who(total.gang)}" + (", " + ", ".join(who) if who else "")
                lines.append(head + ": " + ("; ".join(parts) if parts else "no action") + ".")
            lines += ["    " + (self.arrest_text(x[0], total.arrests[x], x[1])
                                 if isinstance(x, tuple) else x) for x in total.sentences]
        if idle:
            lines.append("  Idle (nothing in sight to shoot, no move made): " + ", ".join(idle)
                         + ".")
        return lines

    def volley_text(self, seg: _Segment, by: str = "") -> str:
        total = sum(seg.volleys.values())
        res = ", ".join(f"{seg.volleys[o]} {_OUTCOME[o]}" for o in _OUT_ORDER if seg.volleys.get(o))
        at = ", ".join(f"{v} at {k}" for k, v in sorted(seg.at.items()))
        return f"{_n(total, 'volley')}{by}: {res} ({at})"

    def melee_text(self, seg: _Segment) -> str:
        total = sum(seg.melees.values())
        res = ", ".join(f"{seg.melees[k]} {k}" for k in ("won", "lost", "tied")
                        if seg.melees.get(k))
        if seg.gang < 0:
            return (f"{_n(total, 'police melee')} (police {res}; {seg.lost} gang elements down,"
                    f" {seg.down} police down)")
        enemies = "enemy" if seg.down == 1 else "enemies"
        return f"{_n(total, 'melee')} ({res}; {seg.down} {enemies} down, {seg.lost} of its own)"

    def segment(self, gang: int) -> _Segment:
        """The segment an event of ``gang`` (-1: the umpire) belongs to."""
        if gang < 0 and (self.seg is None or self.seg.gang >= 0):
            self.close()
            self.seg = _Segment(-1)
        elif self.seg is None:
            self.seg = _Segment(gang)  # an event with no ACTIVATE before it (hand-built)
        return self.seg

    def note(self, sentence: str) -> None:
        """A full sentence: under the current segment in a turn, after the turn's lines when
        no leader or umpire is acting, on its own line in the admin phase."""
        if self.admin_mode:
            self.say("  " + sentence)
        elif self.seg is not None:
            self.seg.sentences.append(sentence)
        else:
            self.turn_tail.append(sentence)

    def lose(self, g: int, what: str, k: int = 1) -> None:
        """Gang g has k elements out of the fight this turn (``_LOSS_ORDER``)."""
        if k > 0 and 0 <= g < self.P:
            d = self.turn_loss.setdefault(g, {})
            d[what] = d.get(what, 0) + k

    def lose_shot(self, g: int, outcome: int) -> None:
        """A volley's toll on gang g (an arrest is counted from its ARREST row)."""
        if outcome in (FI.KILLED, FI.WOUNDED_OUT):
            self.lose(g, _OUTCOME[outcome])

    def civ_down(self, label: str) -> None:
        self.civ_loss[label] = self.civ_loss.get(label, 0) + 1

    def start_turn(self, t: int, campaign_turn: int) -> None:
        self.end_turn()
        self.turns_in_set += 1
        self.turn_head = f" Turn {t} (campaign turn {campaign_turn})"
        self.in_turn = True

    def end_turn(self) -> None:
        """Tell the turn: its header with who went out of the fight, the leaders' and the
        umpire's lines, then the sentences of its end (ransoms)."""
        self.close()
        if not self.in_turn and not self.turn_segs and not self.turn_tail:
            return
        parts = []
        for g in sorted(self.turn_loss):
            d = self.turn_loss[g]
            parts.append(f"gang {g}: " + ", ".join(f"{d[w]} {w}" for w in _LOSS_ORDER
                                                   if d.get(w)))
        if self.civ_loss:
            parts.append("civilians and police: " + ", ".join(
                f"{self.civ_loss[w]} {w}" for w in
                list(_CIV_LOSS_ORDER) + sorted(set(self.civ_loss) - set(_CIV_LOSS_ORDER))
                if self.civ_loss.get(w)))
        loss = "; ".join(parts) if parts else "nobody"
        self.say(f"{self.turn_head}. Out of the fight: {loss}.")
        for line in self.turn_lines():
            self.say(line)
        for x in self.turn_tail:
            self.say("  " + x)
        self.turn_segs, self.turn_tail = [], []
        self.turn_loss, self.civ_loss = {}, {}
        self.in_turn = False
        self.day_start = False

    # ---------------------------------------------------------------- the events

    def run(self, events: np.ndarray) -> None:
        self.events = events
        self.hqs(events)
        self.header()
        n = len(events)
        for k in range(n):
            ev = events[k]
            g, kind = int(ev[1]), int(ev[2])
            a, b, c, d, e, f, gg, h, i = (int(x) for x in ev[3:12])
            if kind == Ev.PROMOTE and self.day_start:  # 22.1: a demotion as the day begins
                self.rank[a] = b
                name = RANKS[b] if 0 <= b < len(RANKS) else f"rank {b}"
                self.note(f"{self.who(g, True)}'s leader {a % self.ml} is demoted to {name} as "
                          "the day begins: it commands too few elements.")
                continue
            if kind in (Ev.ACTIVATE, Ev.SET) or kind in _ADMIN_KINDS:
                self.day_start = False
            if not self.admin_mode and (kind in _ADMIN_KINDS or (kind == Ev.TAKE and b == 2)):
                self.start_admin()
            if kind == Ev.SET:
                self.new_set(a)
            elif kind == Ev.TURN:
                self.admin_mode = False
                self.start_turn(a, b)
                self.day_start = True
            elif kind == Ev.ACTIVATE:
                self.close()
                self.seg = _Segment(g, a, b, c, d)
                self.seg.holder = int(self.owner[c]) if 0 <= c < len(self.owner) else -1
            elif kind == Ev.MOVE:
                self.segment(g).moves += 1
            elif kind == Ev.BOARD:
                self.segment(g).vehicle["out" if c else "in"] += 1
            elif kind == Ev.DRIVE:
                self.segment(g).vehicle["drive"] += 1
            elif kind == Ev.HOTWIRE:
                seg = self.segment(g)
                seg.vehicle["try"] += 1
                seg.vehicle["stolen"] += c
            elif kind == Ev.BARRICADE:
                self.segment(g).vehicle["barricade"] += 1
            elif kind == Ev.LEADER_DOWN:
                self.rank.pop(a, None)
                self.note(f"{self.who(g, True)}'s leader {a % self.ml} falls with element "
                          f"{b % self.m}, the element it rode in.")
            elif kind == Ev.DAMAGE:
                self.damage(g, a, b, c, d, e)
            elif kind == Ev.ENTER:
                self.note(self.enter_text(g, a, b, c))
            elif kind == Ev.SHOT:
                self.shot(g, a, b, c, d, e, f, gg)
            elif kind == Ev.MELEE:
                self.melee(g, a, b, c, d, e, f, gg, h)
            elif kind == Ev.TAKE:
                self.take(g, a, b, c)
            elif kind == Ev.HOSTAGE:
                self.note(f"{self.who(g, True)} takes the prominent citizen of block {a} "
                          "hostage.")
            elif kind == Ev.RANSOM:
                self.close()
                self.note(self.ransom_text(g, a, b))
            elif kind == Ev.ARREST:
                self.lose(g, "arrested")
                self.jailed_now[g] = self.jailed_now.get(g, 0) + 1
                self.segment_for_aside(k)
                self.arrest(g, a, self.arrest_why(k))
            elif kind == Ev.ROUT:
                self.lose(g, "routed")
                self.segment_for_aside(k)
                self.note(f"E{self.element(a)[1:]} routs after a melee and runs home.")
            elif kind in (Ev.ADMIN, Ev.BAIL, Ev.BUY, Ev.BUSINESS, Ev.PROMOTE):
                self.admin_item(g, kind, a, b, c, d, e, f, gg)
            elif kind == Ev.RAID:
                self.say("  " + self.raid_text(a, b, c, d))
            elif kind == Ev.OUT:
                self.eliminate(g, a, b)
            elif kind == Ev.SUMMARY:
                self.summary[g] = ev[3:12].copy()
            elif kind == Ev.POLICE:
                self.police = (a, b)
                self.end_set()
            elif kind == Ev.TALLY:
                self.tallies[g] = ev[3:12].copy()
            elif kind == Ev.END:
                self.end = (a, b, c)
        self.end_turn()
        if self.summary:
            self.end_set()
        self.ending()

    def segment_for_aside(self, k: int) -> None:
        """An ARREST or ROUT comes just before the MELEE that caused it: put it in that
        melee's segment (a police melee belongs to the umpire)."""
        ev = self.events
        for q in range(k + 1, len(ev)):
            kind = int(ev[q, 2])
            if kind in (Ev.ARREST, Ev.ROUT):
                continue
            if kind == Ev.MELEE and int(ev[q, 3]) == 1:
                self.segment(-1)
            return

    def arrest(self, g: int, row: int, why: str) -> None:
        """ARREST: told with the other arrests of its segment, one sentence per gang."""
        if self.seg is None or self.admin_mode:
            self.note(self.arrest_text(g, [row % self.m], why))
            return
        key = (g, why)
        if key not in self.seg.arrests:
            self.seg.arrests[key] = []
            self.seg.sentences.append(key)  # a placeholder, told when the segment closes
        self.seg.arrests[key].append(row % self.m)

    def arrest_text(self, g: int, numbers: list[int], why: str) -> str:
        tail = f", {why}" if why else ""
        if len(numbers) == 1:
            return f"Element {numbers[0]} of {self.who(g)} is arrested and jailed{tail}."
        return (f"{len(numbers)} elements of {self.who(g)} are arrested and jailed{tail}: "
                f"elements {_and_list([str(x) for x in numbers])}.")

    def arrest_why(self, k: int) -> str:
        ev = self.events
        for q in range(k + 1, len(ev)):
            kind = int(ev[q, 2])
            if kind in (Ev.ARREST, Ev.ROUT):
                continue
            if kind == Ev.MELEE:
                return ("beaten in melee by the police" if int(ev[q, 3]) == 1
                        else "beaten in melee after attacking the police")
            return ""
        return ""

    def shot(self, g, a, b, c, d, e, f, ckind) -> None:
        if c == 2:  # at a gang vehicle: its losses come as DAMAGE rows
            seg = self.segment(g if a == 0 else -1)
            label = f"vehicles of gang {f}"
            if a == 1:
                shooter = _CIV.get(ckind, "civilians")
                seg.by[shooter] = seg.by.get(shooter, 0) + 1
        elif a == 0:  # a gang element fires
            seg = self.segment(g)
            if c == 0:
                label = f"gang {f}"
                self.lose_shot(f, e)
            else:
                label = _CIV.get(ckind, "civilians")
                if e == FI.KILLED:
                    self.civ_down(f"{label} shot")
                    if ckind == S.APC:
                        seg.sentences.append(f"{self.who(g, True)} knocks out the police APC.")
            if ckind == S.APC and not self.apc_told:
                self.apc_told = True
                seg.sentences.append("The police APC is in the fight.")
        else:  # a civilian, a police element or the APC fires at a gang element
            seg = self.segment(-1)
            label = f"gang {f}"
            shooter = _CIV.get(ckind, "civilians")
            seg.by[shooter] = seg.by.get(shooter, 0) + 1
            self.lose_shot(f, e)
            if ckind == S.APC and not self.apc_told:
                self.apc_told = True
                seg.sentences.append("The police APC is in the fight.")
        seg.volleys[e] = seg.volleys.get(e, 0) + 1
        seg.at[label] = seg.at.get(label, 0) + 1

    def damage(self, g, v, effect, killed, wounded, owner) -> None:
        """DAMAGE: a shot through to gang ``owner``'s vehicle row ``v`` (fired by gang g, -1
        the umpire), with the 14.2 effect and the occupants it put out."""
        name = VEHICLE_DAMAGE[effect] if 0 <= effect < len(VEHICLE_DAMAGE) else str(effect)
        self.lose(owner, "killed", killed)
        self.lose(owner, "wounded", wounded)
        toll = []
        if killed:
            toll.append(f"{killed} aboard killed")
        if wounded:
            toll.append(f"{wounded} wounded")
        tail = (": " + ", ".join(toll)) if toll else ""
        seg = self.segment(g)
        seg.sentences.append(f"Vehicle {v} of {self.who(owner)} {_DAMAGE_TEXT.get(name, name)}"
                             f"{tail}.")

    def melee(self, g, a, b, c, d, e, f, down_a, down_t) -> None:
        """MELEE: a gang's (a 0: g's element b and c fighters against target kind d, row e)
        or a police element's (a 1: police row b against g's element e). Fighters the police
        jailed came as ARREST rows just before; the rest of the downs are killed or wounded."""
        jailed, self.jailed_now = self.jailed_now, {}
        if a == 0:
            seg = self.segment(g)
            seg.down += down_t
            seg.lost += down_a
            self.lose(g, "down in melee", down_a - jailed.get(g, 0))
            if d == 0:
                self.lose(e // self.m, "down in melee", down_t)
            elif down_t:
                self.civ_down("down in melee")
        else:
            seg = self.segment(-1)
            seg.down += down_a
            seg.lost += down_t
            self.lose(g, "down in melee", down_t - jailed.get(g, 0))
            if down_a:
                self.civ_down("down in melee")
        res = {0: "won", 1: "lost", -1: "tied"}.get(f, "tied")
        seg.melees[res] = seg.melees.get(res, 0) + 1

    # ---------------------------------------------------------------- sentences

    def enter_text(self, g: int, b: int, placed: int, prominent: int) -> str:
        if placed == 0:
            return f"{self.who(g, True)} enters block {b}: nobody turns out to defend it."
        turn = "defender turns out" if placed == 1 else "defenders turn out"
        tail = ", a prominent citizen among them" if prominent else ""
        return f"{self.who(g, True)} enters block {b}: {placed} {turn}{tail}."

    def take_text(self, g: int, b: int, how: int, prev: int) -> str:
        frm = f" from {self.who(prev)}" if prev >= 0 else ""
        why = {0: "its last defender is down",
               1: "its defenders surrender",
               2: "by claim, its elements alone stand there at the admin phase"}.get(
                   how, f"(how {how})")
        sep = " " if how == 2 else ": "
        return f"{self.who(g, True)} takes block {b}{frm}{sep}{why}."

    def take(self, g: int, b: int, how: int, prev: int) -> None:
        self.note(self.take_text(g, b, how, prev))
        if 0 <= b < len(self.owner):
            self.owner[b] = g

    def ransom_text(self, g: int, paid: int, turns: int) -> str:
        if paid < 0:
            return (f"{self.who(g, True)}'s hostage goes free after {_n(turns, 'turn')} held: "
                    "no ransom is paid.")
        return f"{self.who(g, True)}'s hostage is ransomed for {paid} cr after " \
               f"{_n(turns, 'turn')} held."

    def raid_text(self, g: int, b: int, raised: int, moved: int) -> str:
        return (f"Police raid {self.who(g)} in block {b}: {raised} police raised there, "
                f"{moved} more moved in.")

    def out_text(self, g: int, set_no: int, reason: int) -> str:
        why = _OUT_WHY.get(reason, f"reason {reason}")
        return f"{self.who(g, True)} is out in set {set_no}: {why}. Its blocks fall free."

    def eliminate(self, g: int, set_no: int, reason: int) -> None:
        self.say("  " + self.out_text(g, set_no, reason))
        self.owner[self.owner == g] = -1
        if 0 <= g < self.P:
            self.out_set[g] = set_no

    # ---------------------------------------------------------------- sets and admin

    def new_set(self, s: int) -> None:
        self.end_turn()
        self.set_no = s
        self.turns_in_set = 0
        self.admin_mode = False
        self.admin_lines, self.summary = {}, {}
        self.police = None
        self.say("")
        self.say(f"== Set {s} ==")

    def start_admin(self) -> None:
        self.end_turn()
        self.admin_mode = True
        self.say(f" Admin phase of set {self.set_no} ({_n(self.turns_in_set, 'turn')} "
                 "played):")

    def admin_item(self, g, kind, a, b, c, d, e, f, gg) -> None:
        items = self.admin_lines.setdefault(g, [])
        if kind == Ev.BAIL:
            items.append(f"bails {a}" + (f", {b} left in jail" if b else ""))
        elif kind == Ev.BUY:
            items.append(f"buys {_n(a, 'weapon')} and {b} armour for {c} cr")
        elif kind == Ev.BUSINESS:
            if 0 <= a < len(self.business):
                self.business[a] = 1
            if b < 0:
                items.append(f"opens a business in block {a} ({c} cr)")
            else:
                what = _FX_WHAT.get(b, BUSINESS_EFFECTS[b] if 0 <= b < len(BUSINESS_EFFECTS)
                                    else f"effect {b}")
                if b == S.FX_CLOSED and 0 <= a < len(self.business):
                    self.business[a] = 0
                items.append(f"its business in block {a} rolls a double: {what} ({c} cr)")
        elif kind == Ev.PROMOTE:
            before = self.rank.get(a, 0)
            self.rank[a] = b
            verb = "demoted" if b < before else "promoted"
            name = RANKS[b] if 0 <= b < len(RANKS) else f"rank {b}"
            items.append(f"leader {a % self.ml} {verb} to {name}")
        elif kind == Ev.ADMIN:
            desert = d - self.deserted[g] if 0 <= g < self.P else d
            if 0 <= g < self.P:
                self.deserted[g] = d
            head = [f"income {a} cr" + (f" + {b} cr from businesses" if b else ""),
                    f"{c} cr after pay"]
            if desert:
                head.append(f"{desert} deserted")
            if e:
                head.append(_n(e, "recruit"))
            if f:
                head.append(_n(f, "new leader"))
            self.say(f"  {self.who(g)}: " + "; ".join(head + items) + f"; ends with {gg} cr.")
            self.admin_lines[g] = []

    def end_set(self) -> None:
        """After the set's SUMMARY and POLICE rows: left-over admin items, the table, the map
        of holders when it changed."""
        if not self.summary and self.police is None:
            return
        for g in sorted(self.admin_lines):
            if self.admin_lines[g]:
                self.say(f"  {self.who(g)}: " + "; ".join(self.admin_lines[g]) + ".")
        self.admin_lines = {}
        if self.police is not None:
            pol, apc = self.police
            police = f"police in play: {pol}, " + ("the APC on the streets" if apc else "no APC")
        else:
            police = "police in play: not recorded"
        self.say(f" After set {self.set_no} ({police}):")
        head = f"  {'gang':<20}" + "".join(f"{x:>4}" for x in GRADE_ABBR) + \
            f"{'leaders':>8}{'cash':>7}{'blocks':>7}{'bus.':>5}{'jailed':>7}"
        self.say(head)
        for g in range(self.P):
            label = f"{g} {self.names[g]}"
            row = self.summary.get(g)
            if row is None:
                when = f"out in set {self.out_set[g]}" if self.out_set[g] >= 0 else "no record"
                self.say(f"  {label:<20}  {when}")
                continue
            self.say(f"  {label:<20}" + "".join(f"{int(x):>4}" for x in row[:4]) +
                     f"{int(row[4]):>8}{int(row[5]):>7}{int(row[6]):>7}{int(row[7]):>5}"
                     f"{int(row[8]):>7}")
        changed = self.shown_owner is None or \
            not np.array_equal(self.shown_owner[0], self.owner) or \
            not np.array_equal(self.shown_owner[1], self.business)
        if changed:
            self.say(self.control_text(f" Blocks after set {self.set_no}"))
        self.summary = {}
        self.police = None

    def ending(self) -> None:
        self.say("")
        self.say("== The end ==")
        sets = self.set_no
        if self.end is None:
            self.say(f"The trace stops after set {sets} with no END row: the campaign is "
                     "unfinished.")
            return
        winner, why, margin = self.end
        self.say(f"The campaign ends after set {sets}: {_END_WHY.get(why, f'end {why}')}.")
        self.say("Tally (members by grade, leaders by rank, blocks, businesses, cash and "
                 "equipment):")
        for g in range(self.P):
            t = self.tallies.get(g)
            if t is None:
                when = f"set {self.out_set[g]}" if self.out_set[g] >= 0 else "the end"
                self.say(f"  {self.who(g)}: out ({'eliminated in ' + when})")
            else:
                self.say(f"  {self.who(g)}: tally {int(t[0])} ({_n(int(t[1]), 'member')}, "
                         f"{_n(int(t[2]), 'block')}, {int(t[3])} cr)")
        if winner >= 0:
            others = sorted(((int(t[0]), q) for q, t in self.tallies.items() if q != winner),
                            reverse=True)
            if others:
                runner = f", {margin} ahead of {self.who(others[0][1])}"
            else:
                runner = ", the only gang with a tally"
            tw = int(self.tallies[winner][0]) if winner in self.tallies else "?"
            self.say(f"The Godfather is {self.who(winner)}, with a tally of {tw}{runner}.")
        else:
            if why == E.END_ALL_OUT or not self.tallies:
                reason = "every gang is out"
            else:
                top = max(int(t[0]) for t in self.tallies.values())
                tied = [q for q in sorted(self.tallies) if int(self.tallies[q][0]) == top]
                reason = (f"{_and_list([f'gang {q}' for q in tied])} tie at the top with "
                          f"a tally of {top}")
            self.say(f"Nobody is the Godfather: {reason}.")


def narrate(events: np.ndarray, city, names: list[str], rules, per_leader: bool = False) -> str:
    """The campaign told set by set from its trace.

    events int64[n, 12] from ``engine.replay`` (rows (set, actor gang, kind, a..i), payloads as
    ``engine.Ev`` says); city: the ``sim.godfather.city.City`` it was played on; names: the
    strategy name of each gang (seat order); rules: its ``GFRules``. Each turn tells each
    gang's leaders in card order on one line (their moves, volleys and melees added up);
    ``per_leader`` gives every activation its own line instead (longer)."""
    story = _Story(city, names, rules, per_leader)
    story.run(np.asarray(events, dtype=np.int64).reshape(-1, 12))
    return "\n".join(story.out)
