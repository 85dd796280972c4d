"""Exact odds of O.G.'s atomic exchanges (a takeover fight, a Drive-by), and the engine's own
Monte Carlo estimate of the same exchange for comparison.

Every die hits independently with q = (sides - success_on + 1) / sides, so a side's hits are
Binomial(dice, q); a fight is the product of two independent binomials, enumerated exactly.
"""

from __future__ import annotations

import numpy as np
from scipy import stats

from sim.core.jit import kernel
from sim.core.rng import STATE_SIZE, seed_state
from sim.og.engine import resolve_driveby, resolve_fight

ODDS_STREAM = 0x0DD5  # stream id of --simulate runs (any fixed number would do)


def hit_chance(sides: int = 6, success_on: int = 4) -> float:
    return (sides - success_on + 1) / sides


def _pmf(n: int, q: float) -> np.ndarray:
    return stats.binom.pmf(np.arange(n + 1), n, q)


def fight(a_crew: int, a_extra: int, d_crew: int, d_extra: int, sides: int = 6,
          success_on: int = 4, ties_to: str = "defender") -> dict:
    """Exact outcome of one takeover fight.

    a_extra / d_extra: Chrome (plus spent Props) dice committed by attacker / defender.
    Returns P(attacker takes the block) and expected crew lost on each side.
    """
    q = hit_chance(sides, success_on)
    pa = _pmf(a_crew + a_extra, q)  # attacker hits
    pd_ = _pmf(d_crew + d_extra, q)  # defender hits
    joint = np.outer(pa, pd_)  # [attacker hits, defender hits]
    ha = np.arange(len(pa))[:, None]
    hd = np.arange(len(pd_))[None, :]
    a_left = np.maximum(a_crew - hd, 0)
    d_left = np.maximum(d_crew - ha, 0)
    wins = (a_left > d_left) | ((a_left == d_left) & (ties_to == "attacker"))
    return {
        "p_attacker_wins": float(np.clip(joint[wins].sum(), 0.0, 1.0)),
        "p_defender_holds": float(np.clip(joint[~wins].sum(), 0.0, 1.0)),
        "expected_attacker_crew_lost": float((joint * np.minimum(hd, a_crew)).sum()),
        "expected_defender_crew_lost": float((joint * np.minimum(ha, d_crew)).sum()),
    }


def driveby(crew: int, extra: int, target_props: int | None = None, sides: int = 6,
            success_on: int = 4) -> dict:
    """Exact outcome of one Drive-by with ``crew`` crew dice and ``extra`` Chrome/Props dice.

    target_props caps the Props the target can lose (None = no cap, i.e. Props may go negative).
    """
    q = hit_chance(sides, success_on)
    hits = _pmf(crew + extra, q)
    removed = np.arange(crew + extra + 1)
    if target_props is not None:
        removed = np.minimum(removed, target_props)
    return {
        "hits_distribution": [float(v) for v in hits],
        "expected_props_removed": float((hits * removed).sum()),
        "expected_crew_lost": crew * (1 - q),
        "p_at_least_one_hit": float(1 - hits[0]),
    }


@kernel
def _simulate_fight(seed, n, a_crew, a_extra, d_crew, d_extra, sides, target, ties_attacker):
    s = np.empty(STATE_SIZE, dtype=np.uint64)
    out = np.zeros(3, dtype=np.int64)  # attacker wins, attacker crew lost, defender crew lost
    for i in range(n):
        seed_state(s, np.uint64(seed), np.uint64(ODDS_STREAM), np.uint64(i))
        a_hits, d_hits, won = resolve_fight(s, a_crew, a_extra, d_crew, d_extra, sides, target,
                                            ties_attacker)
        out[0] += won
        out[1] += min(d_hits, a_crew)
        out[2] += min(a_hits, d_crew)
    return out


@kernel
def _simulate_driveby(seed, n, crew, extra, cap, sides, target):
    s = np.empty(STATE_SIZE, dtype=np.uint64)
    hist = np.zeros(crew + extra + 1, dtype=np.int64)
    removed = 0
    for i in range(n):
        seed_state(s, np.uint64(seed), np.uint64(ODDS_STREAM), np.uint64(i))
        ch, xh = resolve_driveby(s, crew, extra, sides, target)
        hist[ch + xh] += 1
        removed += min(ch + xh, cap) if cap >= 0 else ch + xh
    return hist, removed


def simulate_fight(n: int, a_crew, a_extra, d_crew, d_extra, sides=6, success_on=4,
                   ties_to="defender", seed: int = 1) -> dict:
    """The engine's own fight resolution played ``n`` times (one keyed stream per fight)."""
    wins, a_lost, d_lost = _simulate_fight(seed, n, a_crew, a_extra, d_crew, d_extra, sides,
                                           success_on, int(ties_to == "attacker"))
    return {"n": n, "attacker_wins": int(wins), "p_attacker_wins": wins / n,
            "expected_attacker_crew_lost": a_lost / n, "expected_defender_crew_lost": d_lost / n}


def simulate_driveby(n: int, crew, extra, target_props=None, sides=6, success_on=4,
                     seed: int = 1) -> dict:
    """The engine's own Drive-by resolution played ``n`` times."""
    cap = -1 if target_props is None else target_props
    hist, removed = _simulate_driveby(seed, n, crew, extra, cap, sides, success_on)
    return {"n": n, "hits_counts": [int(v) for v in hist],
            "hits_distribution": [float(v) / n for v in hist],
            "expected_props_removed": removed / n}
