"""An independent O.G. rules checker for tests: it reads a game's event trace, rebuilds the
board and every rating from the rules as written, and asserts that each step the engine took
was legal and scored correctly, and that its final records agree."""

import numpy as np

from sim.og import state as S
from sim.og.rules import OGRules, geometry


class Audit:
    def __init__(self, rules: OGRules, players_out, games_out):
        self.r = rules
        self.geo = geometry(rules)
        n = self.geo.width * self.geo.height
        self.owner = np.full(n, -1)
        self.special = np.full(n, -1)
        P = rules.players
        self.rating = np.tile(np.array(rules.start_ratings), (P, 1))
        self.p_out, self.g_out = players_out, games_out
        self.income = rules.income_table()
        self.expect_props = []  # queue of (player, change, reason) the rules demand next
        self.locked = 0
        self.turn_player = None
        self.spend = (0, 0)
        self.order = []
        self.first = None
        self.won = False
        self.held = np.zeros((rules.players, 5), dtype=np.int64)

    def blocks(self, p):
        return int((self.owner == p).sum())

    def adjacent_to(self, cell, p):
        return any(o >= 0 and self.owner[o] == p for o in self.geo.nbr[cell])

    def add_props(self, p, delta):
        v = self.rating[p, S.PROPS] + delta
        if not self.r.props_can_go_negative:
            v = max(v, 0)
        self.rating[p, S.PROPS] = v

    def check(self, events):
        for ev in events:
            self.step(*(int(v) for v in ev))
        assert not self.expect_props, f"missing Props events {self.expect_props}"
        P = self.r.players
        for p in range(P):
            rec = self.p_out[p]
            got = (rec[S.P_CREW], rec[S.P_PAPERS], rec[S.P_CHROME], rec[S.P_PROPS])
            assert tuple(self.rating[p]) == got, (p, tuple(self.rating[p]), got)
            assert rec[S.P_BLOCKS] == self.blocks(p)
            assert tuple(rec[S.P_HELD:S.P_HELD + 5]) == tuple(self.held[p])
        if self.g_out[S.G_WINNER] >= 0:
            assert self.won

    def step(self, rnd, p, kind, a, b, c, d, e, f, g, h, i):
        r = self.r
        if self.expect_props and kind != S.Ev.PROPS and kind not in (S.Ev.ELIMINATED,):
            raise AssertionError(f"expected Props events {self.expect_props} before kind {kind}")
        if kind == S.Ev.START_BLOCK:
            assert self.owner[a] == -1
            self.owner[a] = p
        elif kind == S.Ev.SPECIAL:
            assert self.owner[a] == -1, "special blocks are never starting blocks"
            self.special[a] = b
        elif kind == S.Ev.ROLLOFF:
            self.last_roll = (a, b, c, d, e, f)[: r.players]
        elif kind == S.Ev.FIRST:
            for q in range(r.players):  # two adjacent ordinary starting blocks each
                cells = np.flatnonzero(self.owner == q)
                assert len(cells) == 2
                assert cells[1] in self.geo.nbr[cells[0]][:4]
            counts = np.bincount(self.special[self.special >= 0], minlength=5)
            assert tuple(counts) == tuple(r.special_counts)
            rolls = self.last_roll
            assert rolls[p] == max(rolls) and list(rolls).count(max(rolls)) == 1
            self.first = p
        elif kind == S.Ev.INCOME:
            assert not self.won
            # clockwise: the next live seat after the previous player
            if self.turn_player is None:
                assert p == self.first
            else:
                q = (self.turn_player + 1) % r.players
                while self.blocks(q) == 0:
                    q = (q + 1) % r.players
                assert p == q, (p, q)
            self.turn_player = p
            self.acted = False
            self.locked = 0
            held = self.special[(self.owner == p) & (self.special >= 0)]
            np.add.at(self.held[p], held, 1)
            exp = self.income[held].sum(axis=0) if len(held) else np.zeros(3, int)
            assert (a, b, c) == (exp[0], exp[1] + r.base_papers_income, exp[2])
            self.rating[p, S.CREW] += a
            self.rating[p, S.PAPERS] += b
            self.rating[p, S.CHROME] += c
        elif kind in (S.Ev.RECRUIT, S.Ev.UPGRADE, S.Ev.PASS, S.Ev.DRIVEBY):
            assert p == self.turn_player and not self.acted, "one action per turn"
            self.acted = True
            if kind in (S.Ev.RECRUIT, S.Ev.UPGRADE):
                assert 0 <= a <= self.rating[p, S.PAPERS]
                self.rating[p, S.PAPERS] -= a
                self.rating[p, S.CREW if kind == S.Ev.RECRUIT else S.CHROME] += a
            elif kind == S.Ev.DRIVEBY:
                tgt, crew, chrome, spent, ch, xh, removed = a, b, c, d, e, f, g
                assert tgt != p and self.blocks(tgt) > 0
                if r.driveby_range == "adjacent":
                    assert any(self.adjacent_to(cell, p) for cell in np.flatnonzero(self.owner == tgt))
                assert 1 <= crew <= self.rating[p, S.CREW]
                assert 0 <= chrome <= self.rating[p, S.CHROME]
                assert spent == 0 or r.props_spending
                assert 0 <= ch <= crew and 0 <= xh <= chrome + spent
                self.rating[p, S.CREW] -= crew - ch  # failed crew dice are lost
                self.rating[p, S.CHROME] -= chrome  # chrome is spent either way
                self.rating[p, S.PROPS] -= spent
                before = self.rating[tgt, S.PROPS]
                self.add_props(tgt, -(ch + xh))
                assert removed == before - self.rating[tgt, S.PROPS]
                self.locked = ch  # surviving drive-by crew cannot expand
        elif kind == S.Ev.SPEND:
            assert r.props_spending
            self.spend = (a, b)
        elif kind == S.Ev.CLAIM:
            assert p == self.turn_player and self.owner[a] == -1 and self.adjacent_to(a, p)
            self.owner[a] = p
            self.expect_props = [(p, r.territory_props, S.PR_TERRITORY)]
        elif kind == S.Ev.FIGHT:
            cell, foe, ac, ax, dc, dx, ah, dh, winner = a, b, c, d, e, f, g, h, i
            assert p == self.turn_player and self.owner[cell] == foe and foe != p
            assert self.adjacent_to(cell, p)
            sa, sd = self.spend if r.props_spending else (0, 0)
            self.spend = (0, 0)
            assert 1 <= ac <= self.rating[p, S.CREW] - self.locked
            assert 0 <= dc <= self.rating[foe, S.CREW]
            assert 0 <= ax - sa <= self.rating[p, S.CHROME] and 0 <= dx - sd <= self.rating[foe, S.CHROME]
            assert 0 <= ah <= ac + ax and 0 <= dh <= dc + dx
            a_left, d_left = max(ac - dh, 0), max(dc - ah, 0)
            att_wins = a_left > d_left or (a_left == d_left and r.ties_to == "attacker")
            assert winner == (p if att_wins else foe)
            self.rating[p, S.CREW] -= min(dh, ac)
            self.rating[foe, S.CREW] -= min(ah, dc)
            self.rating[p, S.CHROME] -= ax - sa
            self.rating[foe, S.CHROME] -= dx - sd
            self.rating[p, S.PROPS] -= sa
            self.rating[foe, S.PROPS] -= sd
            wc, lc = (ac, dc) if att_wins else (dc, ac)
            loser = foe if att_wins else p
            q = [(winner, r.win_props, S.PR_FIGHT_WIN)]
            if wc * r.bonus_divisor <= lc:
                q.append((winner, r.bonus_props, S.PR_BONUS))
            q.append((loser, -r.lose_props, S.PR_FIGHT_LOSS))
            if att_wins:
                self.owner[cell] = p
                q.append((p, r.territory_props, S.PR_TERRITORY))
            self.expect_props = q
        elif kind == S.Ev.PROPS:
            want = self.expect_props.pop(0)
            assert (p, a, c) == want, ((p, a, c), want)
            self.add_props(p, a)
            assert b == self.rating[p, S.PROPS]
            if not r.props_can_go_negative:
                assert b >= 0
        elif kind == S.Ev.ELIMINATED:
            assert self.blocks(p) == 0
        elif kind == S.Ev.WIN:
            assert p == self.turn_player
            if a == S.End.GOAL:
                assert b == self.rating[p, S.PROPS] >= self.g_out[S.G_GOAL]
            else:
                assert r.last_standing_wins
                assert sum(self.blocks(q) > 0 for q in range(r.players)) == 1
            self.won = True
        elif kind == S.Ev.TIMEOUT:
            assert rnd == r.max_rounds
        # nobody but the winner may end their own turn at the goal: checked via WIN placement
