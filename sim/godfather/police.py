"""Godfather police (23.1-23.3) and raids (24): whom police go for, when raid dicing starts and
advances, a raid's police and the APC, as numba kernels on the state arrays of
``sim/godfather/state.py`` and the city's arrays (``sim/godfather/city.py``: ``origin``,
``cover``; ``at_block`` int64[rows of el], the block each element stands in, -1 in a street or
off the map, as ``admin.income`` reads it; ``count`` int64[H, W], everything standing in each
cell: elements, civilians, vehicles).

Rule numbers that ``state.kernel_params`` (``rp``) lacks travel in ``police_params`` (``pp``,
int64[N_P], indices P_*); the raid dicing's progress in ``raid_state`` (``rs``, int64[N_RS],
indices RS_*). Kernels read both vectors; nothing of the text is a literal here.

**Whom police go for (23.1).** ``target_gang``: among gangs with an active element in the
block, the most active elements in the block, then the most active elements overall (the
biggest gang), then the most cash (G_CASH, the richest); a tie on all three goes to the lowest
seat (the text stops at "the richest"; seat order needs no dice and is how the engine's other
ties go).

**Raid dicing (24).** It starts at a set's end once a gang holds ``raid_trigger_elements``
members (any status but free: ``admin.members``, the count the leader thresholds use), or at
the end of a set in which a prominent citizen was killed or taken hostage, when
``raid_on_prominent`` (the engine calls ``prominent_killed`` at once; the dicing starts at that
set's end). The gang that started it is kept (RS_TRIGGER: the gang with most members among
those at the threshold, ties by seat; or the gang that killed the prominent citizen) for
``raid_target`` 'trigger'; the first cause to come keeps it. ``raid_set_end``, at each set's
end: the element trigger check, then, once dicing has started, one D6 (``economy.raid_due``:
the k-th set of dicing needs ``raid_first_need`` - (k - 1)). After a raid, ``raid_reset``
sets k back to 0 (the next set needs ``raid_first_need`` again); without it k keeps growing
and every set raids once the need reaches 1. The text names no end to the dicing, so once
started it never stops (a gang falling below the threshold does not stop it).

**A raid (24).** ``raid_dice`` D6 new police elements, each typed by a D6 (``police_types``)
and kitted from ``police_table`` (as block police, ``blocks.enter_block``), plus every police
element already in play (C_KIND POLICE anywhere, block defenders included: "any other police
elements currently in play"), all go to the target block: ``raid_target`` 'biggest' takes the
biggest gang (``target_gang`` without the block term: most active elements, then richest,
then seat), 'trigger' the gang that started the dicing (the biggest when that gang is out or
has no active element); the target block is the block holding most of that gang's active
elements (ties: lowest block id), or its HQ when none of them stands in a block; no gang to
raid (or no block) means no raid. Police are placed by ``city.roll_cell`` (two dice of
``block_cells`` faces, re-rolled until a cell has room). Police already in the target block
stay where they are; the APC, when in play, comes along (placed as a vehicle).

When the block is full: a police element already in play that finds no free cell stays where
it was (it is still in play); a new police element that finds no free cell, or no free row
of the civilian table, is not raised (as a defender with no room in ``enter_block``). The
kernel returns how many were raised and moved, so a shortfall is visible.

Dice order of a raid: the ``raid_dice`` size dice; then each police element in play outside
the target block, by row, its placement dice; then the APC's placement dice (when in play
outside the block); then each new police element its type die and its placement dice.

**Civilian table rows.** A raid adds at most ``raid_rows(rules)`` rows (``raid_dice`` x 6 new
police and one APC); police in play are moved, not copied. Raids come at most once a set, so
the engine sizes its civilian table with ``civilian_rows(rules, blocks)`` = block defenders
(``state.civilian_rows``) + ``max_sets`` x ``raid_rows`` and a raid never lacks a row (police
from business doubles, one a business a set, are the engine's to add on top).

**The APC (23.3).** With ``apc_swat`` or more SWAT (police rows with C_SWAT 1) in play at once
and no APC in play, an APC arrives where the SWAT that made the count (the second, by
default) stands: the nearest cell of that SWAT's block, by king's-move distance (ties north
first, then west), that can take a vehicle (fewer than ``cell_capacity`` in it, not a light or
heavy building: ``city.suitable``). No dice. It is a civilian row of kind ``APC`` (this
module's code, next after ``state.POLICE``): C_BLOCK, C_X, C_Y its place; C_GRADE the grade of
the SWAT that brought it (its crew are police; the text gives the driver no grade); C_WEAPON
``apc_weapon``; C_ARMOUR 0 and C_SWAT 1 (its defence depends on facing: ``apc_defence``);
C_POLICE -1; C_SUPP its damage. Its capacity (``apc_capacity`` police elements besides the
driver) and defence are rule constants, read with ``apc_capacity`` and ``apc_defence``. The
crew it carries are places, not new police: the text allows an APC, it raises no elements. At
most one APC is in play at a time; when it is wrecked (row freed) another comes the next time
a SWAT arrives with the count at ``apc_swat`` or more. A block with no cell for a vehicle
gets no APC then.
"""

from __future__ import annotations

import numpy as np

from sim.core.jit import kernel
from sim.core.rng import roll
from sim.godfather import state as S
from sim.godfather.admin import members
from sim.godfather.city import roll_cell, suitable
from sim.godfather.economy import raid_due
from sim.godfather.rules import WEAPONS, GFRules
from sim.godfather.state import (
    ACTIVE,
    C_ARMOUR,
    C_BLOCK,
    C_GRADE,
    C_KIND,
    C_POLICE,
    C_SWAT,
    C_WEAPON,
    C_X,
    C_Y,
    E_STATUS,
    G_CASH,
    G_HQ,
    G_OUT,
    NO_CIV,
    POLICE,
)

APC = S.APC  # C_KIND of the APC row (state.py: 1 + the rules' CIVILIANS codes, then it)

# police_params (pp): the raid and APC rules state.kernel_params does not carry
(P_TRIGGER_ELEMENTS, P_ON_PROMINENT, P_RESET, P_RAID_DICE, P_TARGET_TRIGGER, P_APC_SWAT,
 P_APC_CAPACITY, P_APC_WEAPON) = range(8)
P_APC_DEFENCE = 8  # 3 entries: front, side, rear
N_P = P_APC_DEFENCE + 3
FRONT, SIDE, REAR = range(3)  # facings of apc_defence

# raid_state (rs): RS_STARTED 0/1; RS_SETS sets diced since the start or the last reset raid;
# RS_TRIGGER the gang that started the dicing, -1 none; RS_RAIDS raids so far
RS_STARTED, RS_SETS, RS_TRIGGER, RS_RAIDS = range(4)
N_RS = 4


def police_params(rules: GFRules) -> np.ndarray:
    """The raid and APC rules the police kernels read, as int64[N_P]."""
    pp = np.zeros(N_P, dtype=np.int64)
    pp[P_TRIGGER_ELEMENTS] = rules.raid_trigger_elements
    pp[P_ON_PROMINENT] = rules.raid_on_prominent
    pp[P_RESET] = rules.raid_reset
    pp[P_RAID_DICE] = rules.raid_dice
    pp[P_TARGET_TRIGGER] = rules.raid_target == "trigger"
    pp[P_APC_SWAT] = rules.apc_swat
    pp[P_APC_CAPACITY] = rules.apc_capacity
    pp[P_APC_WEAPON] = WEAPONS.index(rules.apc_weapon)
    pp[P_APC_DEFENCE:P_APC_DEFENCE + 3] = rules.apc_defence
    return pp


def raid_state() -> np.ndarray:
    """A campaign's raid dicing before it starts: int64[N_RS]."""
    rs = np.zeros(N_RS, dtype=np.int64)
    rs[RS_TRIGGER] = -1
    return rs


def raid_rows(rules: GFRules) -> int:
    """The most civilian-table rows one raid can add: ``raid_dice`` x 6 new police and the
    APC (police already in play move; they take no new row)."""
    return rules.raid_dice * 6 + 1


def civilian_rows(rules: GFRules, blocks: int) -> int:
    """Rows of a civilian table that no raid can overflow: the block defenders'
    (``state.civilian_rows``) and one raid's ``raid_rows`` per set (at most one raid a set)."""
    return S.civilian_rows(rules, blocks) + rules.max_sets * raid_rows(rules)


# ---- whom police go for (23.1) -------------------------------------------------------------------

@kernel
def _active(el, at_block, rp, g, b):
    """Active elements of gang g in block b (b < 0: anywhere)."""
    m = rp[S.R_MAX_ELEMENTS]
    n = 0
    for i in range(g * m, (g + 1) * m):
        if el[i, E_STATUS] == ACTIVE and (b < 0 or at_block[i] == b):
            n += 1
    return n


@kernel
def target_gang(el, at_block, gg, rp, b):
    """23.1: the gang police in block b move against: most active elements in b, then most
    active elements overall, then most cash; a full tie goes to the lowest seat. Only gangs
    with an active element in b (b < 0: anywhere, no block term; gangs out are skipped).
    Returns the seat, or -1 when there is none. ``el`` int64[rows, N_E], ``at_block``
    int64[rows], ``gg`` int64[players, N_G]."""
    best = -1
    best_here = best_all = best_cash = 0
    for g in range(gg.shape[0]):
        if gg[g, G_OUT]:
            continue
        here = _active(el, at_block, rp, g, b)
        if here == 0:
            continue
        total = _active(el, at_block, rp, g, -1)
        cash = gg[g, G_CASH]
        if (best < 0 or here > best_here
                or (here == best_here and (total > best_all
                                           or (total == best_all and cash > best_cash)))):
            best, best_here, best_all, best_cash = g, here, total, cash
    return best


# ---- raid dicing (24) -----------------------------------------------------------------------------

@kernel
def trigger_on_elements(el, gg, rp, pp, rs):
    """At a set's end: start the dicing when a gang still in holds ``raid_trigger_elements``
    members or more (its trigger gang: the most members, ties by seat). True if it started
    now; an already started dicing is left alone."""
    if rs[RS_STARTED]:
        return False
    best, most = -1, 0
    for g in range(gg.shape[0]):
        n = members(el, rp, g)
        if not gg[g, G_OUT] and n >= pp[P_TRIGGER_ELEMENTS] and n > most:
            best, most = g, n
    if best < 0:
        return False
    rs[RS_STARTED] = 1
    rs[RS_TRIGGER] = best
    return True


@kernel
def prominent_killed(pp, rs, g):
    """A prominent citizen was killed or taken hostage by gang g: the dicing starts (it is
    first rolled at this set's end) when ``raid_on_prominent``. True if it started now."""
    if rs[RS_STARTED] or not pp[P_ON_PROMINENT]:
        return False
    rs[RS_STARTED] = 1
    rs[RS_TRIGGER] = g
    return True


@kernel
def raid_set_end(el, gg, rp, pp, rs, s):
    """At a set's end: the element trigger, then, once the dicing has started, the set's raid
    die (one D6, ``economy.raid_due`` for the k-th set of dicing). True when a raid comes (the
    engine then calls ``raid``); RS_RAIDS counts it and ``raid_reset`` sets k back to 0."""
    trigger_on_elements(el, gg, rp, pp, rs)
    if not rs[RS_STARTED]:
        return False
    rs[RS_SETS] += 1
    if not raid_due(rp, s, rs[RS_SETS]):
        return False
    rs[RS_RAIDS] += 1
    if pp[P_RESET]:
        rs[RS_SETS] = 0
    return True


# ---- the raid (24) -------------------------------------------------------------------------------

@kernel
def raid_target(el, at_block, gg, rp, pp, rs):
    """The raid's (gang, block): see the module doc; (-1, -1) when there is nobody to raid."""
    g = -1
    if pp[P_TARGET_TRIGGER] and rs[RS_TRIGGER] >= 0:
        t = rs[RS_TRIGGER]
        if not gg[t, G_OUT] and _active(el, at_block, rp, t, -1) > 0:
            g = t
    if g < 0:
        g = target_gang(el, at_block, gg, rp, -1)
    if g < 0:
        return -1, -1
    m = rp[S.R_MAX_ELEMENTS]
    b, most = -1, 0
    for i in range(g * m, (g + 1) * m):
        k = at_block[i]
        if el[i, E_STATUS] != ACTIVE or k < 0:
            continue
        n = _active(el, at_block, rp, g, k)
        if n > most or (n == most and k < b):
            b, most = k, n
    if b < 0:
        b = gg[g, G_HQ]
    if b < 0:
        return -1, -1
    return g, b


@kernel
def _free_row(cv):
    """First empty row of the civilian table, or -1."""
    for i in range(cv.shape[0]):
        if cv[i, C_KIND] == NO_CIV:
            return i
    return -1


@kernel
def _kit(rp, cv, i, police):
    """Police type ``police`` and its ``police_table`` kit into row i."""
    row = S.R_POLICE_TABLE + 4 * police
    cv[i, C_POLICE] = police
    cv[i, C_GRADE] = rp[row]
    cv[i, C_WEAPON] = rp[row + 1]
    cv[i, C_ARMOUR] = rp[row + 2]
    cv[i, C_SWAT] = rp[row + 3]


@kernel
def _move(rp, s, cv, count, origin, cover, i, b, vehicle):
    """Row i goes to block b by ``roll_cell``; True if it found a cell (else it stays)."""
    count[cv[i, C_Y], cv[i, C_X]] -= 1
    x, y = roll_cell(s, origin, cover, count, rp[S.R_CELL_CAP], b, rp[S.R_BLOCK_CELLS], vehicle)
    if x < 0:
        count[cv[i, C_Y], cv[i, C_X]] += 1
        return False
    cv[i, C_BLOCK] = b
    cv[i, C_X] = x
    cv[i, C_Y] = y
    count[y, x] += 1
    return True


@kernel
def raid(el, at_block, gg, rp, pp, rs, s, cv, count, origin, cover):
    """A police raid (24): (gang, block, raised, moved): the target (``raid_target``; -1, -1
    and no dice when there is none), the new police elements raised and the police in play
    moved there. ``cv`` int64[rows, N_C] and ``count`` int64[H, W] are updated in place; the
    APC arrives (``apc_check``) as SWAT come. Dice order and a full block: module doc."""
    g, b = raid_target(el, at_block, gg, rp, pp, rs)
    if b < 0:
        return -1, -1, 0, 0
    size = 0
    for _ in range(pp[P_RAID_DICE]):
        size += roll(s, 6)
    moved = 0
    for i in range(cv.shape[0]):
        if cv[i, C_KIND] == POLICE and cv[i, C_BLOCK] != b:
            if _move(rp, s, cv, count, origin, cover, i, b, False):
                moved += 1
                apc_check(rp, pp, cv, count, origin, cover, i)
    for i in range(cv.shape[0]):
        if cv[i, C_KIND] == APC and cv[i, C_BLOCK] != b:
            _move(rp, s, cv, count, origin, cover, i, b, True)
    raised = 0
    for _ in range(size):
        police = rp[S.R_POLICE_TYPES + roll(s, 6) - 1]
        x, y = roll_cell(s, origin, cover, count, rp[S.R_CELL_CAP], b, rp[S.R_BLOCK_CELLS], False)
        i = _free_row(cv)
        if x < 0 or i < 0:
            continue
        cv[i, :] = 0
        cv[i, C_KIND] = POLICE
        cv[i, C_BLOCK] = b
        cv[i, C_X] = x
        cv[i, C_Y] = y
        _kit(rp, cv, i, police)
        count[y, x] += 1
        raised += 1
        apc_check(rp, pp, cv, count, origin, cover, i)
    return g, b, raised, moved


# ---- the APC (23.3) ------------------------------------------------------------------------------

@kernel
def swat_in_play(cv):
    """SWAT police elements in play."""
    n = 0
    for i in range(cv.shape[0]):
        n += cv[i, C_KIND] == POLICE and cv[i, C_SWAT] == 1
    return n


@kernel
def apc_in_play(cv):
    """Row of the APC in play, or -1."""
    for i in range(cv.shape[0]):
        if cv[i, C_KIND] == APC:
            return i
    return -1


@kernel
def apc_check(rp, pp, cv, count, origin, cover, i):
    """Call when police row i has just come into play (or joined a raid): when it is SWAT,
    no APC is in play and ``apc_swat`` or more SWAT are, the APC arrives next to it (module
    doc). ``i`` = -1 stands for the last SWAT row in play (for police added in bulk, as by
    ``blocks.enter_block``). Returns the APC's row, or -1 when none arrived. No dice."""
    if i < 0:
        for k in range(cv.shape[0]):
            if cv[k, C_KIND] == POLICE and cv[k, C_SWAT] == 1:
                i = k
        if i < 0:
            return -1
    if cv[i, C_KIND] != POLICE or cv[i, C_SWAT] != 1:
        return -1
    if apc_in_play(cv) >= 0 or swat_in_play(cv) < pp[P_APC_SWAT]:
        return -1
    b = cv[i, C_BLOCK]
    side = rp[S.R_BLOCK_CELLS]
    cap = rp[S.R_CELL_CAP]
    x0, y0 = origin[b, 0], origin[b, 1]
    bx, by, best = -1, -1, side  # king's-move distance is below side inside a block
    for y in range(y0, y0 + side):
        for x in range(x0, x0 + side):
            d = max(abs(x - cv[i, C_X]), abs(y - cv[i, C_Y]))
            if d < best and suitable(cover, count, cap, x, y, True):
                bx, by, best = x, y, d
    j = _free_row(cv)
    if bx < 0 or j < 0:
        return -1
    cv[j, :] = 0
    cv[j, C_KIND] = APC
    cv[j, C_BLOCK] = b
    cv[j, C_X] = bx
    cv[j, C_Y] = by
    cv[j, C_GRADE] = cv[i, C_GRADE]
    cv[j, C_WEAPON] = pp[P_APC_WEAPON]
    cv[j, C_POLICE] = -1
    cv[j, C_SWAT] = 1
    count[by, bx] += 1
    return j


@kernel
def apc_capacity(pp):
    """Police elements the APC carries besides its driver (``apc_capacity``)."""
    return pp[P_APC_CAPACITY]


@kernel
def apc_defence(pp, facing):
    """The APC's defence from a shooter at ``facing`` (FRONT, SIDE, REAR): ``apc_defence``."""
    return pp[P_APC_DEFENCE + facing]
