"""Godfather business income, hostage crises and raid dice against odds.py's exact values
(chi-square or binomial tests at alpha 0.001, fixed seeds: a false alarm in 1 of 1,000 runs
per test)."""

import numpy as np
from gf_dice import dice, fits

from sim.godfather import economy as EC
from sim.godfather import state as S
from sim.godfather.odds import business_set_odds, hostage_odds, raid_wait_pmf
from sim.godfather.rules import BUSINESS_EFFECTS, GFRules

RULES = GFRules()
RP = S.kernel_params(RULES)


def _dice(seed):
    return dice(seed, 55)


_fits = fits


def test_business_income_and_doubles_match_the_exact_odds():
    exact = business_set_odds(RULES)
    s = _dice(1)
    n = 36_000
    pays, effects = {}, {}
    for _ in range(n):
        pay, fx = EC.business_income(RP, s)
        pays[pay] = pays.get(pay, 0) + 1
        name = BUSINESS_EFFECTS[fx]
        effects[name] = effects.get(name, 0) + 1
    _fits(pays, exact["income"], n)
    _fits(effects, exact["effects"], n)


def test_hostage_crisis_ends_by_turn_and_ransoms_match_the_exact_odds():
    exact = hostage_odds(RULES)
    s = _dice(2)
    n = 20_000
    ends, paid = {}, 0
    for _ in range(n):
        end = 0
        for t in (1, 2, 3):
            r = EC.hostage_turn(RP, s, t)
            if r >= 0:
                end, paid = t, paid + r
                break
        ends[end] = ends.get(end, 0) + 1
    _fits(ends, {**exact["ends_in_turn"], 0: exact["p_no_ransom"]}, n)
    # mean ransom within 4 standard errors (ransoms are at most 6,000 cr)
    assert abs(paid / n - float(exact["expected_ransom"])) < 4 * 3000 / np.sqrt(n)


def test_raid_waits_match_the_exact_distribution():
    exact = raid_wait_pmf(RULES)
    s = _dice(3)
    n = 20_000
    waits = {}
    for _ in range(n):
        k = 1
        while not EC.raid_due(RP, s, k):
            k += 1
        waits[k] = waits.get(k, 0) + 1
    _fits(waits, exact, n)
    assert max(waits) <= RULES.raid_first_need  # the need reaches 1 by the sixth set
