"""Godfather combat dice, a first slice: one element's volley, one fighter's melee score, the
hits a melee loser takes, and saving throws, as numba kernels on plain numbers (the engine
will look the numbers up: to-hit by grade, weapon strike and shots, the defence table by cover
and armour, melee bonuses, armour factors). ``sim/godfather/odds.py`` gives the exact odds of
the same rules; ``tests/test_godfather_combat.py`` holds these kernels to them.
"""

from __future__ import annotations

from sim.core.jit import kernel
from sim.core.rng import roll
from sim.godfather import state as S


@kernel
def volley(s, need, shots, strike, defence, foot):
    """14.1-14.3: ``shots`` shots, each hitting on a D6 >= ``need`` (to-hit by grade, plus
    any suppression penalty); a hit gets through when ``strike`` + D6 > ``defence`` (an
    elimination, or damage to a vehicle), else it suppresses a foot target (``foot``) and does
    nothing to a vehicle. Returns (through, suppressions). Dice per shot: the to-hit die, then
    the strike die if it hit."""
    through = 0
    supp = 0
    for _ in range(shots):
        if roll(s, 6) < need:
            continue
        if strike + roll(s, 6) > defence:
            through += 1
        elif foot:
            supp += 1
    return through, supp


@kernel
def fighter_score(s, shift, building_dice):
    """15.1: one element's melee score: a D6 plus ``shift`` (grade, weapon, leader and
    suppression modifiers) plus ``building_dice`` D6 when it defends a building it stands in."""
    total = roll(s, 6) + shift
    for _ in range(building_dice):
        total += roll(s, 6)
    return total


@kernel
def melee_hits(s, hits, kill_on):
    """15.3: each hit on the losing side is a D6; at least ``kill_on`` (the melee armour
    factor) kills, less suppresses. Returns (kills, suppressions)."""
    kills = 0
    for _ in range(hits):
        if roll(s, 6) >= kill_on:
            kills += 1
    return kills, hits - kills


@kernel
def saved(s, save_on, medic_on):
    """16.1-16.2: does an eliminated element survive (wounded, weapons lost)? A save on a D6
    >= ``save_on`` (0: no save), and a medic's re-roll of a failed save on >= ``medic_on``
    (0: no medic in reach). The engine denies both to the victims of an explosion."""
    if save_on > 0 and roll(s, 6) >= save_on:
        return True
    return medic_on > 0 and roll(s, 6) >= medic_on


@kernel
def melee_exchange(rp, s, side, shift, building_dice, kill_on, killed, suppressions):
    """15.1-15.3, one melee: fighters i = 0..n-1 of ``side`` 0 (attackers) or 1 (defenders),
    each scoring a D6 + ``shift[i]`` + ``building_dice[i]`` D6 (``fighter_score``, in index
    order); the side with the lower total takes the difference as hits, each a D6 against the
    hit fighter's ``kill_on`` (its melee armour factor): a kill at or above it, else a melee
    suppression. Hits fall on the losing side's fighters in index order: one each in turn
    ('spread', ``melee_hits``), or all on one until it is killed ('focus'); a killed fighter
    takes no more. Writes ``killed`` (bool) and adds to ``suppressions``; returns the winning
    side (-1 on a tie: no hits)."""
    n = side.shape[0]
    total_a = 0
    total_d = 0
    for i in range(n):
        score = fighter_score(s, shift[i], building_dice[i])
        if side[i] == 0:
            total_a += score
        else:
            total_d += score
    if total_a == total_d:
        return -1
    winner = 0 if total_a > total_d else 1
    hits = abs(total_a - total_d)
    spread = rp[S.R_MELEE_SPREAD] != 0
    i = 0
    while hits > 0:
        victim = -1  # the next losing fighter still standing, from i on (wrapping round)
        for k in range(n):
            j = (i + k) % n
            if side[j] != winner and not killed[j]:
                victim = j
                break
        if victim < 0:
            break  # every loser is down: the rest of the hits are wasted
        hits -= 1
        if roll(s, 6) >= kill_on[victim]:
            killed[victim] = True
            i = victim + 1
        else:
            suppressions[victim] += 1
            i = victim + 1 if spread else victim
    return winner
