"""Godfather dice of money and the police: a business's income per set (20.2, with the doubles
table), a hostage crisis turn by turn (17.6) and the raid dice (24), as numba kernels. The
engine decides when each is rolled (businesses in the admin phase, a hostage's die at the end
of each of the three turns held, raid dice at a set's end once they have started) and what an
effect does to the state.
"""

from __future__ import annotations

from sim.core.jit import kernel
from sim.core.rng import roll
from sim.godfather import state as S


@kernel
def business_income(rp, s):
    """One set of a running business: (cr paid, effect code FX_*). ``business_dice`` D6 x
    ``business_unit``; when every die shows the same face (two or more dice) the doubles table
    gives the effect: closed and no income pay nothing, double income pays twice."""
    n = rp[S.R_BUSINESS_DICE]
    total = 0
    first = 0
    same = True
    for i in range(n):
        f = roll(s, 6)
        total += f
        if i == 0:
            first = f
        elif f != first:
            same = False
    pay = total * rp[S.R_BUSINESS_UNIT]
    effect = S.FX_NONE
    if n >= 2 and same:
        effect = rp[S.R_BUSINESS_DOUBLES + first - 1]
    if effect == S.FX_CLOSED or effect == S.FX_NO_INCOME:
        pay = 0
    elif effect == S.FX_DOUBLE:
        pay *= 2
    return pay, effect


@kernel
def hostage_turn(rp, s, t):
    """The die at the end of turn t (1..3) a hostage is held: the ransom paid in cr (a D6 x
    ``ransom_unit`` less ``ransom_decay`` per turn held, never below 0) when it reaches
    ``hostage_needs[t - 1]``, else -1 (the crisis goes on; after turn 3 the hostage is freed
    with nothing paid)."""
    if roll(s, 6) < rp[S.R_HOSTAGE_NEEDS + t - 1]:
        return -1
    return max(0, roll(s, 6) * rp[S.R_RANSOM_UNIT] - rp[S.R_RANSOM_DECAY] * t)


@kernel
def raid_due(rp, s, k):
    """The raid die of the k-th set of dicing (1-based): a raid when a D6 reaches
    ``raid_first_need`` - (k - 1) (text: 6, then 5 ...)."""
    return roll(s, 6) >= rp[S.R_RAID_FIRST_NEED] - (k - 1)
