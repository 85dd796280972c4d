"""Godfather shooting on the city (12.2-14.4, 16.1), a first slice: whether a weapon can reach
a target, the defence it shoots against, and a volley at a gang element or at a civilian
(police included) with its consequences applied to the state. Numba kernels; the gang bosses
choose shooter and target, the engine checks the action points.

Decisions where the text is silent (see docs/rules/godfather.md):
- range is measured between cell centres (straight line, in cells; ``GFRules.cells`` turns the
  weapon's cm into cells, rounding down); a range of 0 means as far as the eye sees;
- an element hit by several eliminating shots of one volley is eliminated once; suppressions
  of a volley that also eliminated do not count;
- a gang element eliminated by fire rolls its save (``save_on``) and its medic's re-roll (the
  engine passes the medic's number, 0 for none); saved, it is wounded: off the map until the
  next set with only its close-combat weapon (weapon -1); not saved, its row is freed;
- civilians and police get no saving throw (saves, medics and wounds are gang bookkeeping);
- SWAT defend with ``swat_defence`` (front or not, as the engine says) or their cover's
  defence when better.
"""

from __future__ import annotations

import math

from sim.core.jit import kernel
from sim.core.tabletop.battlefield import visible
from sim.godfather import state as S
from sim.godfather.combat import saved, volley
from sim.godfather.state import (
    C_ARMOUR,
    C_KIND,
    C_SUPP,
    C_SWAT,
    C_X,
    C_Y,
    E_ARMOUR,
    E_STATUS,
    E_SUPP,
    E_WEAPON,
    E_X,
    E_Y,
    FREE,
    NO_CIV,
    WOUNDED,
)

MISSED, SUPPRESSED, WOUNDED_OUT, KILLED = range(4)  # a volley's outcome for its target


@kernel
def foot_defence(rp, cover, armour):
    """14.1: defence of a foot element in cover column ``cover`` (0 open .. 3 heavy building)
    wearing ``armour`` (0 none, 1 light, 2 heavy): the better column (``armour_combine`` max)
    or their sum up to heavy building (add)."""
    col = cover + armour if rp[S.R_ARMOUR_ADD] else max(cover, armour)
    return rp[S.R_DEFENCE_FOOT + min(col, 3)]


@kernel
def can_fire(rp, terrain, building, weapon, x0, y0, x1, y1):
    """12.2: the shooter at (x0, y0) sees (x1, y1) and, for a weapon with a range, the target
    is within it (cells between centres)."""
    reach = rp[S.R_WEAPONS + S.N_WEAPON_COLS * weapon + 3]
    if reach > 0 and math.sqrt((x1 - x0) ** 2 + (y1 - y0) ** 2) > reach:
        return False
    return visible(terrain, building, x0, y0, x1, y1)


@kernel
def _need(rp, grade, suppressed):
    return rp[S.R_TO_HIT + grade] + (rp[S.R_SUPP_HIT_PEN] if suppressed else 0)


@kernel
def _volley_at(rp, s, grade, suppressed, weapon, defence, supp):
    """The volley's dice and the suppression count: (MISSED, SUPPRESSED or KILLED meaning
    eliminated, the target's suppressions after it). Suppressions of a volley that also
    eliminated are not added."""
    at = S.R_WEAPONS + S.N_WEAPON_COLS * weapon
    through, new = volley(s, _need(rp, grade, suppressed), rp[at + 2], rp[at], defence, True)
    if through > 0:
        return KILLED, supp
    if new == 0:
        return MISSED, supp
    if supp + new < rp[S.R_SUPP_ELIM]:
        return SUPPRESSED, supp + new
    return KILLED, supp + new


@kernel
def shoot_element(rp, s, el, cover, count, grade, suppressed, weapon, t, medic_on):
    """A volley of ``weapon`` by a shooter of ``grade`` (suppressed or not) at gang element row
    t standing at its cell (sight and range checked by the caller). Applies the outcome and
    returns it: MISSED, SUPPRESSED (suppressions added; at ``suppressions_to_eliminate`` the
    element is eliminated as by a hit), WOUNDED_OUT (eliminated, saved) or KILLED."""
    x, y = el[t, E_X], el[t, E_Y]
    out, el[t, E_SUPP] = _volley_at(rp, s, grade, suppressed, weapon,
                                    foot_defence(rp, cover[y, x], el[t, E_ARMOUR]),
                                    el[t, E_SUPP])
    if out != KILLED:
        return out
    count[y, x] -= 1
    if saved(s, rp[S.R_SAVE_ON], medic_on):
        el[t, E_STATUS] = WOUNDED
        el[t, E_WEAPON] = -1  # only its close-combat weapon is left
        el[t, E_SUPP] = 0
        el[t, E_X] = -1
        el[t, E_Y] = -1
        return WOUNDED_OUT
    el[t, :] = 0
    el[t, E_STATUS] = FREE
    return KILLED


@kernel
def shoot_civilian(rp, s, cv, cover, count, grade, suppressed, weapon, t, front):
    """A volley at civilian row t (unarmed, militia or police; sight and range checked by the
    caller): MISSED, SUPPRESSED or KILLED (no saves); a SWAT element defends with
    ``swat_defence`` (front if ``front``, else flank) or its cover's defence when better."""
    x, y = cv[t, C_X], cv[t, C_Y]
    defence = foot_defence(rp, cover[y, x], cv[t, C_ARMOUR])
    if cv[t, C_SWAT]:
        defence = max(defence, rp[S.R_SWAT_DEF + (0 if front else 1)])
    out, cv[t, C_SUPP] = _volley_at(rp, s, grade, suppressed, weapon, defence, cv[t, C_SUPP])
    if out != KILLED:
        return out
    count[y, x] -= 1
    cv[t, :] = 0
    cv[t, C_KIND] = NO_CIV
    return KILLED
