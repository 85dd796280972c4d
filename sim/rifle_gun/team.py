"""Rifle & Gun fire teams: soldiers with a state and a role, and who takes each hit.

State layout (int64 arrays, one entry per soldier slot of a team):
    state  0 absent (empty slot), 1 fit, 2 injured, 3 dead
    role   0 rifleman, 1 grenadier (+1 attack die), 2 SAW gunner (+1 attack die),
           3 designated marksman (picks one hit and its victim)
The text lets the defender choose which soldiers are hit; the default choice (stated, a
parameter of the policy later) is the one that keeps the team strongest: kills fall on the
injured first, then riflemen, specialists last; injuries go to fit riflemen first (an injury
on an injured soldier kills him), then fit specialists, then the injured. A designated
marksman's attacker takes one uncancelled die first: a kill die on the most valuable
soldier, else an injury on an already-injured soldier (finishing him) or the most valuable.
"""

from __future__ import annotations

from sim.core.jit import kernel, step

ABSENT, FIT, INJURED, DEAD = 0, 1, 2, 3
RIFLE, GRENADIER, SAW, MARKSMAN = 0, 1, 2, 3
# how much a soldier is worth to his team (higher = protect / target first)
_VALUE = (0, 2, 3, 1)


@step
def alive(state):
    n = 0
    for s in state:
        if s == FIT or s == INJURED:
            n += 1
    return n


@step
def has_role(state, role, which):
    """True if a living soldier has role ``which``."""
    for i in range(state.shape[0]):
        if (state[i] == FIT or state[i] == INJURED) and role[i] == which:
            return True
    return False


@step
def any_injured(state):
    for s in state:
        if s == INJURED:
            return True
    return False


@kernel
def _pick(state, role, want_state, most_valuable):
    """Index of a living soldier in ``want_state`` with the lowest (or highest) value, -1."""
    best = -1
    best_v = 0
    for i in range(state.shape[0]):
        if state[i] == want_state:
            v = _VALUE[role[i]]
            if best < 0 or (v > best_v if most_valuable else v < best_v):
                best, best_v = i, v
    return best


@kernel
def _hit(state, i, kill):
    """Apply one hit to soldier i; returns 1 if he died."""
    if kill or state[i] == INJURED:
        state[i] = DEAD
        return 1
    state[i] = INJURED
    return 0


@kernel
def target(state, role, kill, by_attacker):
    """The soldier who takes a hit (a kill die if ``kill``), -1 if none is alive.

    The defender (by_attacker False) gives kills to the injured and injuries to the fit, least
    valuable first; an attacking marksman does the opposite, most valuable first."""
    first = FIT if kill == by_attacker else INJURED
    second = INJURED if first == FIT else FIT
    i = _pick(state, role, first, by_attacker)
    return i if i >= 0 else _pick(state, role, second, by_attacker)


@kernel
def take_hits(state, role, kill_dice, injury_dice, marksman):
    """Apply a volley's uncancelled dice to a team; returns (deaths, new injuries)."""
    deaths = 0
    injured_before = 0
    for s in state:
        if s == INJURED:
            injured_before += 1
    if marksman and kill_dice + injury_dice > 0 and alive(state) > 0:
        kill = kill_dice > 0  # a kill die when he has one
        i = target(state, role, kill, True)
        deaths += _hit(state, i, kill)
        if kill:
            kill_dice -= 1
        else:
            injury_dice -= 1
    for _ in range(kill_dice):
        i = target(state, role, True, False)
        if i < 0:
            break
        deaths += _hit(state, i, True)
    for _ in range(injury_dice):
        i = target(state, role, False, False)
        if i < 0:
            break
        deaths += _hit(state, i, False)
    injured_after = 0
    for s in state:
        if s == INJURED:
            injured_after += 1
    return deaths, max(injured_after - injured_before, 0)
