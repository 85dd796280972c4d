"""Godfather gangs at the start of a campaign and each turn: the starting state, who commands
which elements, and leaders' action points (6-8.2).

Decisions (the text is silent; see docs/rules/godfather.md rows 18, 25):
- a gang starts with ``start_elements`` elements of ``start_grade`` (at that grade's least XP)
  carrying ``start_weapon``, on the first free cells of its starting block (its HQ, which it
  owns: it has no civilians to clear), one leader (``start_leader_rank``, ``start_leader_xp``)
  and ``start_cash``;
- elements are shared out among leaders whenever the gang changes (admin phase): every
  leader but the head, lowest row first, gets its rank's least number of active elements
  while there are enough, the head all the rest;
- a leader's action points each turn are ``ap_dice`` D6 plus ``ap_bonus[rank][competency]``.
"""

from __future__ import annotations

import numpy as np

from sim.core.jit import kernel
from sim.core.rng import roll
from sim.godfather import state as S
from sim.godfather.admin import competency
from sim.godfather.city import City, block_cell, free_cells
from sim.godfather.rules import GRADES, RANKS, WEAPONS, GFRules
from sim.godfather.turns import head_leader


def start(rules: GFRules, city: City):
    """The campaign's first state: (el, ld, gg, bk, cv, vh, count), ``count`` int64[H, W]
    the elements standing in each cell."""
    blocks = city.origin.shape[0]
    el, ld, gg, bk = S.empty(rules, blocks)
    cv, vh = S.civilians(rules, blocks)
    count = np.zeros(city.cover.shape, np.int64)
    m, ml = rules.max_elements, S.max_leaders(rules)
    grade = GRADES.index(rules.start_grade)
    xp = (0, *rules.grade_xp())[grade]
    for g in range(rules.players):
        hq = int(city.starts[g])
        gg[g, S.G_HQ] = hq
        gg[g, S.G_CASH] = rules.start_cash
        bk[hq, S.B_OWNER] = g
        bk[hq, S.B_ENTERED] = 1
        cells = free_cells(city, hq, count, rules.cell_capacity)
        if len(cells) < rules.start_elements:
            raise ValueError(f"start_elements ({rules.start_elements}): the starting block has "
                             f"room for {len(cells)}; expected at most that many")
        for k in range(rules.start_elements):
            i = g * m + k
            x, y = block_cell(city, hq, *cells[k])
            el[i, S.E_STATUS] = S.ACTIVE
            el[i, S.E_XP] = xp
            el[i, S.E_WEAPON] = WEAPONS.index(rules.start_weapon)
            el[i, S.E_X], el[i, S.E_Y] = x, y
            el[i, S.E_LEADER] = g * ml
            count[y, x] += 1
        ld[g * ml, S.L_ALIVE] = 1
        ld[g * ml, S.L_RANK] = RANKS.index(rules.start_leader_rank)
        ld[g * ml, S.L_XP] = rules.start_leader_xp
    return el, ld, gg, bk, cv, vh, count


@kernel
def assign(el, ld, rp, g):
    """Share gang g's active elements among its live leaders (E_LEADER): each leader but the
    head, lowest row first, takes its rank's least number (``rank_min_elements``) of the
    unassigned elements, lowest row first, while enough are left; the head takes the rest.
    Elements not active command no leader (-1)."""
    m, ml = rp[S.R_MAX_ELEMENTS], rp[S.R_MAX_LEADERS]
    head = head_leader(ld, rp, g)
    for i in range(g * m, (g + 1) * m):
        el[i, S.E_LEADER] = -1
    if head < 0:
        return
    nxt = g * m  # next element row to hand out
    for j in range(g * ml, (g + 1) * ml):
        if j == head or not ld[j, S.L_ALIVE]:
            continue
        need = rp[S.R_RANK_MIN + ld[j, S.L_RANK]]
        left = 0
        for i in range(nxt, (g + 1) * m):
            left += el[i, S.E_STATUS] == S.ACTIVE
        if left < need:
            break
        while need > 0:
            if el[nxt, S.E_STATUS] == S.ACTIVE:
                el[nxt, S.E_LEADER] = j
                need -= 1
            nxt += 1
    for i in range(nxt, (g + 1) * m):
        if el[i, S.E_STATUS] == S.ACTIVE:
            el[i, S.E_LEADER] = head


@kernel
def action_points(ld, gg, rp, s):
    """8.1, each turn: every live leader of a gang still in gets ``ap_dice`` D6 plus the bonus
    of its rank and competency (L_AP). Gangs in seat order, leaders in row order."""
    ml = rp[S.R_MAX_LEADERS]
    for j in range(ld.shape[0]):
        if not ld[j, S.L_ALIVE] or gg[j // ml, S.G_OUT]:
            continue
        ap = 0
        for _ in range(rp[S.R_AP_DICE]):
            ap += roll(s, 6)
        c = competency(rp, ld[j, S.L_XP], ld[j, S.L_LOST])
        ld[j, S.L_AP] = ap + rp[S.R_AP_BONUS + 4 * ld[j, S.L_RANK] + c]


@kernel
def move_cost(rp, moves_so_far):
    """8.2: action points of an element's next move after ``moves_so_far`` moves this turn
    (1, 2, 4 by default); -1 when no further move is allowed (the text prices three moves, so
    a fourth is not allowed, though a fourth action may still be a shot or a melee)."""
    if moves_so_far >= rp[S.R_MAX_ACTIONS] or moves_so_far >= rp[S.R_N_MOVES]:
        return -1
    return rp[S.R_MOVE_COSTS + moves_so_far]
