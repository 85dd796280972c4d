"""Rifle & Gun shooting: dice counts, the volley (attack, defence, cancellation, casualties),
its exact distribution and the engine's own Monte Carlo of it.

Rules modelled (seed text, SHOOTING):
- attack: one die of the team's quality per soldier, +1 grenadier, +1 SAW gunner, +1 target
  within 6", +1 shooter did not move, +1 per fragmentation grenade (target within 3");
  a die of ``hit_on`` (4) or more is a potential hit;
- defence: +1 die per non-blocking piece between, +1 per smoke, +1 moving cautiously or still,
  +2 mostly behind blocking terrain; ``hit_on``+ is a successful defence;
- cancel: defence successes cancel hits one for one starting with the HIGHEST attack die
  (``cancel="lowest"`` is the what-if other order; ``cancel="defender"`` the rejected reading
  that the defender picks which hits to cancel: kill dice (even) first, then injury dice,
  highest first within each);
- each uncancelled hit: even face kills, odd face injures;
- suppressive fire: the target is pinned if any attack die shows ``hit_on``+ (no defence);
- crossfire: dice cancelled by one team's defence stay in the pool for the next team.
"""

from __future__ import annotations

import math

import numpy as np
from scipy import stats

from sim.core.jit import kernel
from sim.core.rng import STATE_SIZE, count_successes, randint, seed_state

VOLLEY_STREAM = 0x5607  # stream id of --simulate runs

# cancellation modes (the kernels' int; the rule vector's R_CANCEL_HIGHEST slot holds one)
CANCEL_LOWEST, CANCEL_HIGHEST, CANCEL_DEFENDER = 0, 1, 2
CANCEL_MODES = ("lowest", "highest", "defender")  # a mode's name, indexed by its int


def attack_dice(soldiers: int, grenadier: bool = False, saw: bool = False,
                within_6: bool = False, stationary: bool = False, frag_grenades: int = 0) -> int:
    """Attack dice of a team (text, Step 3; frag grenades: +1 die each within 3")."""
    return soldiers + grenadier + saw + within_6 + stationary + frag_grenades


def defence_dice(nonblocking: int = 0, smoke: int = 0, cautious_or_still: bool = False,
                 behind_blocking: bool = False) -> int:
    """Defence dice of a target team (text, Step 4)."""
    return nonblocking + smoke + cautious_or_still + 2 * behind_blocking


# ---------------------------------------------------------------- engine kernels


@kernel
def roll_attack(s, n, sides, hit_on, faces):
    """Roll n attack dice; write the hit faces (>= hit_on) ascending into ``faces``; return
    how many hit."""
    k = 0
    for _ in range(n):
        f = randint(s, sides) + 1
        if f >= hit_on:
            j = k  # insertion keeps the pool sorted
            while j > 0 and faces[j - 1] > f:
                faces[j] = faces[j - 1]
                j -= 1
            faces[j] = f
            k += 1
    return k


@kernel
def _cancel_defender(faces, n_hits, c):
    """``apply_defence`` when the defender chooses: it cancels kill dice (even) before injury
    dice, the highest first within each."""
    evens = 0
    for i in range(n_hits):
        if faces[i] % 2 == 0:
            evens += 1
    ce = min(c, evens)  # kill dice cancelled
    co = c - ce  # injury dice cancelled
    kills = evens - ce
    injuries = n_hits - evens - co
    # gather the cancelled dice into faces[n_hits - c:n_hits], scanning down (highest first)
    # and writing down from the top: the write index stays above the read index and the
    # gathered dice keep their ascending order
    w = n_hits
    for i in range(n_hits - 1, -1, -1):
        f = faces[i]
        if f % 2 == 0:
            if ce > 0:
                ce -= 1
                w -= 1
                faces[w] = f
        elif co > 0:
            co -= 1
            w -= 1
            faces[w] = f
    for i in range(c):
        faces[i] = faces[n_hits - c + i]
    return kills, injuries, c


@kernel
def apply_defence(faces, n_hits, successes, mode):
    """Cancel ``successes`` hits from the sorted pool ``faces[:n_hits]`` in cancel ``mode``
    (CANCEL_LOWEST, CANCEL_HIGHEST or CANCEL_DEFENDER); the uncancelled ones become casualties
    (even kills, odd injures). The cancelled dice are moved, still sorted ascending, to the
    front of ``faces`` (for crossfire). Returns (kills, injuries, dice left in the pool)."""
    c = min(successes, n_hits)
    if mode == CANCEL_DEFENDER:
        return _cancel_defender(faces, n_hits, c)
    cancel_highest = mode == CANCEL_HIGHEST
    if cancel_highest:
        lo, hi = 0, n_hits - c  # the lowest n_hits - c dice get through
    else:
        lo, hi = c, n_hits  # the highest get through
    kills = 0
    injuries = 0
    for i in range(lo, hi):
        if faces[i] % 2 == 0:
            kills += 1
        else:
            injuries += 1
    if cancel_highest:
        for i in range(c):
            faces[i] = faces[n_hits - c + i]
    return kills, injuries, c


@kernel
def volley(s, n_att, att_sides, n_def, def_sides, hit_on, mode, faces):
    """One regular-fire volley: (kills, injuries). ``faces`` is int64 scratch of n_att."""
    n_hits = roll_attack(s, n_att, att_sides, hit_on, faces)
    saves = count_successes(s, n_def, def_sides, hit_on)
    kills, injuries, _ = apply_defence(faces, n_hits, saves, mode)
    return kills, injuries


@kernel
def _simulate(seed, n, n_att, att_sides, n_def, def_sides, hit_on, mode):
    s = np.empty(STATE_SIZE, dtype=np.uint64)
    faces = np.zeros(max(n_att, 1), dtype=np.int64)
    table = np.zeros((n_att + 1, n_att + 1), dtype=np.int64)  # [kills, injuries]
    pinned = 0
    for i in range(n):
        seed_state(s, np.uint64(seed), np.uint64(VOLLEY_STREAM), np.uint64(i))
        k, j = volley(s, n_att, att_sides, n_def, def_sides, hit_on, mode, faces)
        table[k, j] += 1
        if k + j > 0:
            pinned += 1
    return table, pinned


def simulate(n: int, n_att: int, att_sides: int, n_def: int, def_sides: int, hit_on: int = 4,
             cancel: str = "highest", seed: int = 1) -> dict:
    """The engine's volley played n times: counts of (kills, injuries)."""
    table, pinned = _simulate(seed, n, n_att, att_sides, n_def, def_sides, hit_on,
                              CANCEL_MODES.index(cancel))
    return {"n": n, "counts": table, "p_pinned": pinned / n}


# ---------------------------------------------------------------- exact odds


def _p_hit(sides: int, hit_on: int) -> float:
    return max(sides - hit_on + 1, 0) / sides


def _evens_among_kept(h: int, u: int, faces: list[int]) -> np.ndarray:
    """P(k even faces among the u kept hits), h hits uniform on ``faces`` (listed in the order
    the kept dice come from: ascending if the lowest are kept). Multinomial DP over faces."""
    dp = np.zeros((h + 1, u + 1))  # [dice placed so far, evens kept so far]
    dp[0, 0] = 1.0
    for f in faces:
        new = np.zeros_like(dp)
        for n in range(h + 1):
            row = dp[n]
            if not row.any():
                continue
            for c in range(h - n + 1):
                taken = min(c, max(u - n, 0)) if f % 2 == 0 else 0
                w = 1.0 / math.factorial(c)
                if taken:
                    new[n + c, taken:] += row[: u + 1 - taken] * w
                else:
                    new[n + c] += row * w
        dp = new
    return dp[h] * math.factorial(h) / len(faces) ** h


def exact(n_att: int, att_sides: int, n_def: int, def_sides: int, hit_on: int = 4,
          cancel: str = "highest") -> dict:
    """Exact joint distribution of (kills, injuries) of one regular-fire volley.

    Returns {"p": float[n_att + 1, n_att + 1] indexed [kills, injuries], "expected_kills",
    "expected_injuries", "p_pinned" (any casualty), "p_pinned_suppressive"}.
    """
    if cancel not in CANCEL_MODES:
        raise ValueError(f"cancel must be one of {CANCEL_MODES}, not {cancel!r}")
    hit_faces = list(range(hit_on, att_sides + 1))
    kept_order = hit_faces if cancel == "highest" else hit_faces[::-1]
    # defender's choice: the kills are the kill dice (even) left over once the saves are spent
    # on them first; the number of even faces among h hits is binomial
    p_even = sum(f % 2 == 0 for f in hit_faces) / len(hit_faces) if hit_faces else 0.0
    p_h = stats.binom.pmf(np.arange(n_att + 1), n_att, _p_hit(att_sides, hit_on))
    p_s = stats.binom.pmf(np.arange(n_def + 1), n_def, _p_hit(def_sides, hit_on))
    out = np.zeros((n_att + 1, n_att + 1))
    for h in range(n_att + 1):
        if p_h[h] == 0:
            continue
        for s_ in range(n_def + 1):
            u = max(h - s_, 0)
            if u == 0:
                out[0, 0] += p_h[h] * p_s[s_]
                continue
            if cancel == "defender":
                p_e = stats.binom.pmf(np.arange(h + 1), h, p_even)  # P(e even faces)
                kills = p_e[h - u:]  # kills = e - saves when e > saves ...
                kills[0] = p_e[:h - u + 1].sum()  # ... else 0
            else:
                kills = _evens_among_kept(h, u, kept_order) if hit_faces else np.zeros(u + 1)
            for k in range(u + 1):
                out[k, u - k] += p_h[h] * p_s[s_] * kills[k]
    k_idx = np.arange(n_att + 1)
    return {"p": out, "expected_kills": float((out.sum(axis=1) * k_idx).sum()),
            "expected_injuries": float((out.sum(axis=0) * k_idx).sum()),
            "p_pinned": float(1 - out[0, 0]),
            "p_pinned_suppressive": float(1 - (1 - _p_hit(att_sides, hit_on)) ** n_att)}
