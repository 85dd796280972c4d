"""The Godfather admin phase, a first slice: the steps that need no gang boss decision, as numba
kernels on the state arrays of ``sim/godfather/state.py``. In the text's order (18.4 and the
coverage table, row 84): block income with disputes, pay (unpaid elements desert), experience,
recruitment (the set's D3 and the per-block D6, specials), and the new leaders the gang's size
requires. Bail, purchases, businesses, ransoms and promotions by rank are the gang bosses'
choices and come with the engine.

Decisions where the text is silent (each stated where the code makes it):
- pay goes to leaders first, then to elements from the most experienced down; an element in
  jail draws no pay (bail is its cost);
- a leader is paid per rank level (sergeant 1 .. boss 4) or per competency level
  (``leader_pay_level``);
- every element not in jail gains ``xp_per_set`` (wounded and routed ones survived the set);
- a recruit arrives at the gang's HQ with a low-tech rifle (weapon 0), no armour;
- a threshold of ``leader_thresholds`` makes one new leader the first time the gang reaches it;
  a gang that shrinks and grows past it again makes no second one.
"""

from __future__ import annotations

import numpy as np

from sim.core.jit import kernel
from sim.core.rng import randint, roll
from sim.godfather import state as S
from sim.godfather.state import (
    ACTIVE,
    E_ARMOUR,
    E_MSUPP,
    E_SPECIAL,
    E_STATUS,
    E_SUPP,
    E_WEAPON,
    E_XP,
    FREE,
    G_COLLECTED,
    G_DESERTED,
    G_OUT,
    G_RECRUITED,
    G_THRESHOLDS,
    JAILED,
    L_ALIVE,
    L_LOST,
    L_RANK,
    L_XP,
    MECHANIC,
    MEDIC,
    SPECIAL_NONE,
)


@kernel
def grade(rp, xp):
    """Element grade of ``xp``: 0 prospect .. 3 gangster (by the rules' reading)."""
    g = 0
    for i in range(3):
        if xp >= rp[S.R_GRADE_XP + i]:
            g += 1
    return g


@kernel
def competency(rp, xp, lost):
    """Leader competency: the XP band (0 green .. 3 professional) less the levels lost to
    promotions, never below green."""
    c = 0
    for i in range(3):
        if xp >= rp[S.R_COMPETENCY_XP + i]:
            c += 1
    return max(c - lost, 0)


@kernel
def members(el, rp, g):
    """Elements gang g holds (any status but free)."""
    m = rp[S.R_MAX_ELEMENTS]
    n = 0
    for i in range(g * m, (g + 1) * m):
        n += el[i, E_STATUS] != FREE
    return n


@kernel
def income(el, at_block, bk, gg, rp):
    """Each gang's block income this set into gg[:, G_COLLECTED] (added): ``block_income`` per
    block it owns, less ``dispute_penalty`` per hostile element standing in the block (active
    elements of other gangs); never below zero per block, or per gang when ``income_floor`` is
    'gang'. Returns nothing; the cash itself moves in ``collect``."""
    m = rp[S.R_MAX_ELEMENTS]
    n_gangs = gg.shape[0]
    for g in range(n_gangs):
        if gg[g, G_OUT]:
            continue
        total = 0
        for b in range(bk.shape[0]):
            if bk[b, S.B_OWNER] != g:
                continue
            hostile = 0
            for i in range(el.shape[0]):
                if i // m != g and el[i, E_STATUS] == ACTIVE and at_block[i] == b:
                    hostile += 1
            amount = rp[S.R_BLOCK_INCOME] - rp[S.R_DISPUTE] * hostile
            total += amount if rp[S.R_FLOOR_GANG] else max(amount, 0)
        gg[g, G_COLLECTED] += max(total, 0)


@kernel
def collect(gg):
    """The set's collected cash goes into each gang's purse."""
    for g in range(gg.shape[0]):
        gg[g, S.G_CASH] += gg[g, G_COLLECTED]


@kernel
def _most_experienced(el, lo, hi, skip):
    """Row in [lo, hi) of the element with the most XP that is neither free, in jail nor marked
    in ``skip`` (indexed from lo); the lowest row on ties; -1 if none."""
    best = -1
    for i in range(lo, hi):
        s = el[i, E_STATUS]
        if s == FREE or s == JAILED or skip[i - lo]:
            continue
        if best < 0 or el[i, E_XP] > el[best, E_XP]:
            best = i
    return best


@kernel
def pay(el, ld, gg, rp):
    """18.4a: each gang pays ``pay_per_level`` per level of every leader (rank or competency
    level, 1-4), then per grade level (prospect 1 .. gangster 4) of every element not in jail,
    the most experienced first (lowest row on ties); elements it cannot pay desert (their rows
    are freed, counted in G_DESERTED). A leader that cannot be paid stays (the text makes only
    elements desert). Returns the number of deserters over all gangs."""
    m = rp[S.R_MAX_ELEMENTS]
    ml = rp[S.R_MAX_LEADERS]
    per = rp[S.R_PAY]
    gone = 0
    for g in range(gg.shape[0]):
        if gg[g, G_OUT]:
            continue
        for j in range(g * ml, (g + 1) * ml):
            if ld[j, L_ALIVE]:
                level = ld[j, L_RANK] + 1 if rp[S.R_LEADER_PAY_RANK] else \
                    competency(rp, ld[j, L_XP], ld[j, L_LOST]) + 1
                gg[g, S.G_CASH] = max(gg[g, S.G_CASH] - per * level, 0)
        paid = np.zeros(m, dtype=np.bool_)
        while True:  # the most experienced element not yet paid next
            best = _most_experienced(el, g * m, (g + 1) * m, paid)
            if best < 0:
                break
            paid[best - g * m] = True
            cost = per * (grade(rp, el[best, E_XP]) + 1)
            if gg[g, S.G_CASH] >= cost:
                gg[g, S.G_CASH] -= cost
            else:
                el[best, :] = 0
                el[best, E_STATUS] = FREE
                gg[g, G_DESERTED] += 1
                gone += 1
    return gone


@kernel
def experience(el, gg, rp):
    """19.1: every element not in jail gains ``xp_per_set``."""
    for i in range(el.shape[0]):
        s = el[i, E_STATUS]
        if s != FREE and s != JAILED and not gg[i // rp[S.R_MAX_ELEMENTS], G_OUT]:
            el[i, E_XP] += rp[S.R_XP_PER_SET]


@kernel
def _new_element(el, rp, s, g):
    """A new 0 XP prospect for gang g in its first free row (a special on the D6 score
    ``special_on``: a medic with chance medic_share, else a mechanic); False if the gang is
    full (the recruit is lost)."""
    m = rp[S.R_MAX_ELEMENTS]
    special = roll(s, 6) >= rp[S.R_SPECIAL_ON]
    kind = SPECIAL_NONE
    if special:
        kind = MEDIC if randint(s, 100) < rp[S.R_MEDIC_SHARE_PCT] else MECHANIC
    for i in range(g * m, (g + 1) * m):
        if el[i, E_STATUS] == FREE:
            el[i, :] = 0
            el[i, E_STATUS] = ACTIVE
            el[i, E_SPECIAL] = kind
            el[i, E_WEAPON] = 0
            el[i, E_ARMOUR] = 0
            el[i, E_SUPP] = 0
            el[i, E_MSUPP] = 0
            el[i, S.E_X] = -1  # at the HQ, not yet on the map: the engine places it
            el[i, S.E_Y] = -1
            el[i, S.E_LEADER] = -1
            return True
    return False


@kernel
def recruit(el, bk, gg, rp, s):
    """17.1-17.2 and the per-block roll: each gang still in rolls one D(recruit_die) for new
    prospects, then a D6 per block it owns (``block_recruits`` by face); each recruit is
    checked for a special. Recruits past max_elements are lost. Counts go to G_RECRUITED;
    returns the recruits that arrived over all gangs. Dice order: gangs in seat order; per
    gang the D3, then its blocks in block order, then one special die per recruit as it
    arrives."""
    arrived = 0
    for g in range(gg.shape[0]):
        if gg[g, G_OUT]:
            continue
        n = roll(s, rp[S.R_RECRUIT_DIE]) if rp[S.R_RECRUIT_DIE] > 0 else 0
        for b in range(bk.shape[0]):
            if bk[b, S.B_OWNER] == g:
                n += rp[S.R_BLOCK_RECRUITS + roll(s, 6) - 1]
        for _ in range(n):
            if _new_element(el, rp, s, g):
                gg[g, G_RECRUITED] += 1
                arrived += 1
    return arrived


@kernel
def new_leaders(el, ld, gg, rp):
    """7.2 / 22.1-22.3: the first time a gang reaches a threshold of ``leader_thresholds``
    elements, its most experienced element (lowest row on ties; jailed ones excluded) becomes
    a sergeant keeping 1 - ``promotion_xp_loss`` of its XP (half, rounded as
    ``promotion_rounding`` says: 25 -> 13 by default) and leaves the elements. Returns the
    leaders made over all gangs."""
    m = rp[S.R_MAX_ELEMENTS]
    ml = rp[S.R_MAX_LEADERS]
    made = 0
    for g in range(gg.shape[0]):
        if gg[g, G_OUT]:
            continue
        while gg[g, G_THRESHOLDS] < rp[S.R_N_THRESH] and \
                members(el, rp, g) >= rp[S.R_THRESH + gg[g, G_THRESHOLDS]]:
            gg[g, G_THRESHOLDS] += 1
            best = _most_experienced(el, g * m, (g + 1) * m, np.zeros(m, dtype=np.bool_))
            slot = -1
            for j in range(g * ml, (g + 1) * ml):
                if not ld[j, L_ALIVE]:
                    slot = j
                    break
            if best < 0 or slot < 0:
                continue  # no element to raise, or every leader row in use
            xp = el[best, E_XP]
            kept = xp * rp[S.R_KEEP_PM]  # in thousandths of an XP
            keep = (kept + 999) // 1000 if rp[S.R_KEEP_UP] else kept // 1000
            ld[slot, L_ALIVE] = 1
            ld[slot, L_RANK] = 0
            ld[slot, L_XP] = keep
            ld[slot, L_LOST] = 0
            el[best, :] = 0
            el[best, E_STATUS] = FREE
            made += 1
    return made
