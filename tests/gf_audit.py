"""An independent Godfather rules checker for tests: it reads a campaign's event trace and
checks, from the rules as written (``GFRules``, not the engine's rule vector), that each step the
engine took was legal: turn sets and turns, card-order activations, action points spent on
moves (on foot, into and out of vehicles, driving), hot-wiring and barricades, actions per
element, foot and vehicle moves, block entries and takes, hostage crises and ransoms,
raids at sets' ends, eliminations, and the final tally and Godfather against the records."""

from __future__ import annotations

import collections

import numpy as np

from sim.godfather import engine as E
from sim.godfather.rules import GFRules

EV = E.Ev


class Audit:
    def __init__(self, rules: GFRules, city, players_out, games_out):
        self.r = rules
        self.city = city
        self.p_out, self.g_out = players_out, games_out
        self.problems: list[str] = []

    def fail(self, row, msg: str) -> None:
        self.problems.append(f"set {row[0]}, {EV(row[2]).name}: {msg}")

    def run(self, events: np.ndarray) -> list[str]:
        r = self.r
        P = r.players
        foot = r.cells(r.foot_move_cm)
        drive = r.cells(r.vehicle_move_cm)
        costs = list(r.move_costs)
        set_no, turn, campaign_turn, turns_in_set = 0, 0, 0, []
        pos_seen = -1
        active_leader, ap_left, leader_gang = None, 0, -1
        acted = set()  # leaders activated this turn
        moves = collections.Counter()  # element -> moves this turn
        actions = collections.Counter()  # element -> actions this turn
        owner = {int(b): g for g, b in enumerate(self.city.starts)}
        entered = set(int(b) for b in self.city.starts)
        hostage = [0] * P  # turns a hostage has been held
        out = [False] * P
        in_admin = False
        tally = {}
        fallen = set()  # leaders fallen this set (leaders_on_street)
        end = None
        for row in events:
            kind, actor = int(row[2]), int(row[1])
            a, b, c, d, e = (int(v) for v in row[3:8])
            if kind == EV.SET:
                if a != set_no + 1:
                    self.fail(row, f"set {a} follows set {set_no}")
                if set_no and not (1 <= turn <= r.turnset_max):
                    self.fail(row, f"previous set had {turn} turns")
                if set_no:
                    turns_in_set.append(turn)
                set_no, turn, in_admin = a, 0, False
                fallen = set()
            elif kind == EV.TURN:
                if a != turn + 1 or b != campaign_turn + 1:
                    self.fail(row, f"turn {a} (campaign {b}) after {turn} ({campaign_turn})")
                turn, campaign_turn = a, b
                pos_seen, active_leader, acted = -1, None, set()
                moves.clear()
                actions.clear()
                in_admin = False
            elif kind == EV.ACTIVATE:
                if out[actor]:
                    self.fail(row, f"gang {actor} is out but activates")
                if d <= pos_seen:
                    self.fail(row, f"card position {d} after {pos_seen}")
                if a in acted:
                    self.fail(row, f"leader {a} activates twice in a turn")
                if a in fallen:
                    self.fail(row, f"leader {a} activates after it fell")
                acted.add(a)
                pos_seen, active_leader, ap_left, leader_gang = d, a, b, actor
                if not (r.ap_dice <= b <= 6 * r.ap_dice + max(max(x) for x in r.ap_bonus)):
                    self.fail(row, f"{b} action points")
            elif kind in (EV.MOVE, EV.BOARD, EV.DRIVE):  # each is a move (8.3)
                if actor != leader_gang or active_leader is None:
                    self.fail(row, "a move outside its gang's activation")
                if kind == EV.MOVE and (max(abs(d - b), abs(e - c)) > foot or (b, c) == (d, e)):
                    self.fail(row, f"move from ({b}, {c}) to ({d}, {e})")
                if kind == EV.DRIVE and (max(abs(d - b), abs(e - c)) > drive or (b, c) == (d, e)):
                    self.fail(row, f"vehicle move from ({b}, {c}) to ({d}, {e})")
                mover = int(row[8]) if kind == EV.DRIVE else a
                if mover // r.max_elements != actor:
                    self.fail(row, f"element {mover} moves in gang {actor}'s activation")
                k = moves[mover]
                if k >= len(costs):
                    self.fail(row, f"element {mover} makes a move beyond the {len(costs)} "
                                   "priced")
                else:
                    ap_left -= costs[k]
                    if ap_left < 0:
                        self.fail(row, f"leader {active_leader} spends more points than it "
                                       "rolled")
                moves[mover] += 1
                actions[mover] += 1
                if actions[mover] > r.max_actions:
                    self.fail(row, f"element {mover} takes more than {r.max_actions} actions")
            elif kind in (EV.HOTWIRE, EV.BARRICADE):
                if actor != leader_gang or active_leader is None:
                    self.fail(row, "a hot-wire or barricade outside its gang's activation")
                actions[a] += 1
                if kind == EV.HOTWIRE and actions[a] != 1:
                    self.fail(row, f"element {a} tries to hot-wire after its first action")
                ap_left -= r.vehicle_cost if kind == EV.HOTWIRE else r.barricade_cost
                if ap_left < 0:
                    self.fail(row, f"leader {active_leader} spends more points than it rolled")
                if actions[a] > r.max_actions:
                    self.fail(row, f"element {a} takes more than {r.max_actions} actions")
            elif kind == EV.SHOT and a == 0:
                if actor != leader_gang:
                    self.fail(row, "a gang volley outside its gang's activation")
                actions[b] += 1
                if actions[b] > r.max_actions:
                    self.fail(row, f"element {b} takes more than {r.max_actions} actions")
            elif kind == EV.MELEE and a == 0:
                actions[b] += 1
                if actions[b] > r.max_actions:
                    self.fail(row, f"element {b} takes more than {r.max_actions} actions")
            elif kind == EV.LEADER_DOWN:
                if not r.leaders_on_street:
                    self.fail(row, "a leader falls though leaders stay off the street")
                if a // (1 + len(r.leader_thresholds)) != actor or b // r.max_elements != actor:
                    self.fail(row, f"leader {a} of gang {actor} falls with element {b}")
                fallen.add(a)
            elif kind == EV.ENTER:
                if a in entered:
                    self.fail(row, f"block {a} entered twice")
                entered.add(a)
                if not (0 <= b <= r.defender_die):
                    self.fail(row, f"{b} defenders")
            elif kind == EV.TAKE:
                if a not in entered:
                    self.fail(row, f"block {a} taken before anyone entered it")
                if owner.get(a, -1) != c:
                    self.fail(row, f"block {a} taken from {c}, held by {owner.get(a, -1)}")
                if b == 2 and not in_admin and active_leader is not None:
                    pass  # claims come in the admin phase, after the set's last turn
                owner[a] = actor
            elif kind == EV.HOSTAGE:
                if hostage[actor]:
                    self.fail(row, f"gang {actor} takes a second hostage during a crisis")
                hostage[actor] = 1
            elif kind == EV.RANSOM:
                if not hostage[actor]:
                    self.fail(row, f"gang {actor} paid for a hostage it does not hold")
                if not (1 <= b <= len(r.hostage_needs)):
                    self.fail(row, f"hostage held {b} turns")
                if a >= 0 and not (0 <= a <= 6 * r.ransom_unit - r.ransom_decay * b
                                   and (a + r.ransom_decay * b) % r.ransom_unit == 0):
                    self.fail(row, f"ransom {a} after {b} turns")
                if a < 0 and b != len(r.hostage_needs):
                    self.fail(row, f"hostage freed after {b} turns")
                hostage[actor] = 0
            elif kind == EV.RAID:
                in_admin = True
                if set_no == 0 or turn == 0:
                    self.fail(row, "a raid before any turn")
            elif kind == EV.OUT:
                out[actor] = True
                hostage[actor] = 0
                for blk in [k for k, g in owner.items() if g == actor]:
                    owner[blk] = -1
            elif kind == EV.ADMIN:
                in_admin = True
                active_leader = None
            elif kind == EV.TALLY:
                tally[actor] = a
            elif kind == EV.END:
                end = (a, b, c)
        if end is None:
            self.problems.append("no END event")
            return self.problems
        winner, reason, margin = end
        g = self.g_out
        if winner != g[E.G_WINNER] or reason != g[E.G_END] or margin != g[E.G_MARGIN]:
            self.problems.append(f"END {end} differs from the records")
        if set_no != g[E.G_SETS] or campaign_turn != g[E.G_TURNS]:
            self.problems.append(f"{set_no} sets / {campaign_turn} turns, records say "
                                 f"{g[E.G_SETS]} / {g[E.G_TURNS]}")
        for gang, t in tally.items():
            if t != self.p_out[gang, E.P_TALLY]:
                self.problems.append(f"gang {gang} tally {t}, records {self.p_out[gang, E.P_TALLY]}")
        if tally and winner >= 0 and tally.get(winner) != max(tally.values()):
            self.problems.append(f"the Godfather {winner} does not hold the highest tally")
        blocks = collections.Counter(g_ for g_ in owner.values() if g_ >= 0)
        for gang in range(P):
            if not out[gang] and blocks[gang] != self.p_out[gang, E.P_BLOCKS]:
                self.problems.append(f"gang {gang} holds {blocks[gang]} blocks by the trace, "
                                     f"{self.p_out[gang, E.P_BLOCKS]} by the records")
        return self.problems
