"""Godfather block entry (11.1-11.4) and surrender (12.1), a first slice: numba kernels on the
civilian and vehicle tables of ``sim/godfather/state.py`` and the city's arrays
(``sim/godfather/city.py``: ``origin``, ``cover``).

On a gang's first entry into a block the block's defenders are rolled: a D(defender_die) of
civilian elements, each typed by a D6 (``civilian_types``: unarmed, militia, police); police
typed again by a D6 (``police_types``) and equipped from ``police_table``; one check for a
prominent citizen among the unarmed (the first unarmed defender is one on a D6 >=
``prominent_on``); then a D(vehicle_die) of unattended vehicles typed by a D6
(``vehicle_types``). Each is placed on the block's sub-grid by two dice (``city.roll_cell``);
one that finds no free cell is not placed (it never exists: a full block has no room for it).
Dice order: the count, then per defender its type die, its police dice and its two placement
dice, then the prominent-citizen die, then the vehicles likewise.

After a gang turn in which a defender of the block fell, a D(surrender_die) higher than the
defenders left makes the rest give up: civilians leave and police go back to base (their rows
are freed).
"""

from __future__ import annotations

from sim.core.jit import kernel
from sim.core.rng import roll
from sim.godfather import state as S
from sim.godfather.city import roll_cell
from sim.godfather.state import (
    B_ENTERED,
    C_ARMOUR,
    C_BLOCK,
    C_GRADE,
    C_KIND,
    C_POLICE,
    C_PROMINENT,
    C_SWAT,
    C_WEAPON,
    C_X,
    C_Y,
    MILITIA,
    NO_CIV,
    POLICE,
    UNARMED,
    V_BLOCK,
    V_OWNER,
    V_TYPE,
    V_X,
    V_Y,
)


@kernel
def _free_row(table, col, empty):
    """First row of ``table`` whose ``col`` holds ``empty``, or -1."""
    for i in range(table.shape[0]):
        if table[i, col] == empty:
            return i
    return -1


@kernel
def enter_block(rp, s, bk, cv, vh, origin, cover, count, b):
    """Roll block b's defenders and vehicles (once: a block already entered is left alone)
    and place them, adding them to ``count`` (int64[H, W] elements per cell). Returns the
    defenders placed."""
    if bk[b, B_ENTERED]:
        return 0
    bk[b, B_ENTERED] = 1
    side = rp[S.R_BLOCK_CELLS]
    cap = rp[S.R_CELL_CAP]
    placed = 0
    first_unarmed = -1
    for _ in range(roll(s, rp[S.R_DEFENDER_DIE])):
        kind = 1 + rp[S.R_CIV_TYPES + roll(s, 6) - 1]
        police = -1
        if kind == POLICE:
            police = rp[S.R_POLICE_TYPES + roll(s, 6) - 1]
        x, y = roll_cell(s, origin, cover, count, cap, b, side, False)
        i = _free_row(cv, C_KIND, NO_CIV)
        if x < 0 or i < 0:
            continue  # no room on the block (or a table sized too small: nothing written)
        cv[i, :] = 0
        cv[i, C_KIND] = kind
        cv[i, C_BLOCK] = b
        cv[i, C_X] = x
        cv[i, C_Y] = y
        cv[i, C_POLICE] = police
        if kind == UNARMED:
            cv[i, C_GRADE] = rp[S.R_UNARMED_GRADE]
            cv[i, C_WEAPON] = -1
            if first_unarmed < 0:
                first_unarmed = i
        elif kind == MILITIA:
            cv[i, C_GRADE] = rp[S.R_MILITIA_GRADE]
            cv[i, C_WEAPON] = rp[S.R_MILITIA_WEAPON]
        else:
            row = S.R_POLICE_TABLE + 4 * police
            cv[i, C_GRADE] = rp[row]
            cv[i, C_WEAPON] = rp[row + 1]
            cv[i, C_ARMOUR] = rp[row + 2]
            cv[i, C_SWAT] = rp[row + 3]
        count[y, x] += 1
        placed += 1
    if first_unarmed >= 0 and roll(s, 6) >= rp[S.R_PROMINENT_ON]:
        cv[first_unarmed, C_PROMINENT] = 1
    for _ in range(roll(s, rp[S.R_VEHICLE_DIE])):
        kind = rp[S.R_VEHICLE_TYPES + roll(s, 6) - 1]
        x, y = roll_cell(s, origin, cover, count, cap, b, side, True)
        i = _free_row(vh, V_TYPE, -1)
        if x < 0 or i < 0:
            continue
        vh[i, V_TYPE] = kind
        vh[i, V_BLOCK] = b
        vh[i, V_X] = x
        vh[i, V_Y] = y
        vh[i, V_OWNER] = -1
        count[y, x] += 1
    return placed


@kernel
def defenders_left(cv, b):
    """Civilian elements (any kind) still defending block b."""
    n = 0
    for i in range(cv.shape[0]):
        n += cv[i, C_KIND] != NO_CIV and cv[i, C_BLOCK] == b
    return n


@kernel
def surrender(rp, s, cv, count, b):
    """12.1, after a gang turn in which a defender of block b fell: a D(surrender_die) higher
    than the defenders left makes them all leave (rows freed, ``count`` lowered). True if they
    did (also when none were left: the block's resistance is over)."""
    left = defenders_left(cv, b)
    if left > 0 and roll(s, rp[S.R_SURRENDER_DIE]) <= left:
        return False
    for i in range(cv.shape[0]):
        if cv[i, C_KIND] != NO_CIV and cv[i, C_BLOCK] == b:
            count[cv[i, C_Y], cv[i, C_X]] -= 1
            cv[i, :] = 0
    return True
