"""Godfather combat dice (first slice) against the exact odds of sim/godfather/odds.py: each
test plays the kernel many times with a fixed seed and applies a chi-square goodness-of-fit
test (cells with expected count >= 5, the rest pooled) at alpha 0.001: a false alarm in 1 of
1,000 runs per case."""

import numpy as np
import pytest
from gf_dice import dice, fits
from scipy import stats

from sim.godfather import combat as C
from sim.godfather.odds import Fighter, melee_odds, shot_odds
from sim.godfather.rules import GFRules

RULES = GFRules()


def _dice(seed):
    return dice(seed, 33)


_fits = fits


@pytest.mark.parametrize("grade, weapon, defence, target", [
    ("punk", "ltar", 5, "foot"), ("gangster", "hmg", 7, "foot"), ("prospect", "smg", 8, "foot"),
    ("hood", "rpg", 6, "vehicle")])
def test_a_volley_matches_the_exact_joint_outcome(grade, weapon, defence, target):
    exact = shot_odds(RULES, grade, weapon, defence, target=target)["outcomes"]
    g = ("prospect", "punk", "hood", "gangster").index(grade)
    row = RULES.weapon(weapon)
    strike = row["strike_foot"] if target == "foot" else row["strike_vehicle"]
    s = _dice(g * 10 + defence)
    n = 20_000
    seen: dict = {}
    for _ in range(n):
        k = C.volley(s, RULES.to_hit[g], row["shots"], strike, defence, target == "foot")
        seen[k] = seen.get(k, 0) + 1
    _fits(seen, exact, n)


def test_melee_two_punks_against_a_hood_defending_a_building():
    """Score difference and the defender's (kills, suppressions) against melee_odds."""
    att = [Fighter("punk"), Fighter("punk")]
    dfd = [Fighter("hood", in_building=True)]
    exact = melee_odds(RULES, att, dfd)
    shift = {g: RULES.melee_grade_bonus[i] + RULES.melee_cc_bonus
             for i, g in enumerate(("prospect", "punk", "hood", "gangster"))}
    kill_on = RULES.melee_armour[0]
    s = _dice(7)
    n = 20_000
    wins = {"a": 0, "t": 0, "d": 0}
    d_out: dict = {}
    for _ in range(n):
        a = C.fighter_score(s, shift["punk"], 0) + C.fighter_score(s, shift["punk"], 0)
        d = C.fighter_score(s, shift["hood"], RULES.melee_building_dice[2])
        wins["a" if a > d else "t" if a == d else "d"] += 1
        k = C.melee_hits(s, max(a - d, 0), kill_on)
        d_out[k] = d_out.get(k, 0) + 1
    _fits(wins, {"a": exact["p_attacker_wins"], "t": exact["p_tie"],
                 "d": exact["p_defender_wins"]}, n)
    _fits(d_out, exact["defender_outcomes"], n)


@pytest.mark.parametrize("save_on, medic_on", [(6, 0), (6, 4), (0, 5), (0, 0)])
def test_saves_and_medic_rerolls(save_on, medic_on):
    p_save = (7 - save_on) / 6 if save_on else 0.0
    p_medic = (7 - medic_on) / 6 if medic_on else 0.0
    p = p_save + (1 - p_save) * p_medic
    s = _dice(save_on * 10 + medic_on)
    n = 12_000
    k = sum(C.saved(s, save_on, medic_on) for _ in range(n))
    if p == 0:
        assert k == 0
    else:
        assert stats.binomtest(int(k), n, p).pvalue > 1e-3


def _exchange(rules, shift, kill_on, seed=1):
    import dataclasses as dc

    from sim.godfather import state as S

    rp = S.kernel_params(dc.replace(RULES, **rules))
    n = len(shift)
    side = np.array([0] + [1] * (n - 1), np.int64)
    killed = np.zeros(n, np.bool_)
    supp = np.zeros(n, np.int64)
    w = C.melee_exchange(rp, _dice(seed), side, np.array(shift, np.int64),
                         np.zeros(n, np.int64), np.array(kill_on, np.int64), killed, supp)
    return w, killed, supp


def test_melee_hits_spread_round_the_losers_or_focus_on_one():
    """An attacker scoring 100 more than its die wins by 100 + d0 - (d1 + d2) hits:
    with armour that never kills (7) 'spread' shares the hits, 'focus' gives them all to the
    first defender; with armour that always kills (1) both sides' first two hits kill the two
    defenders and the rest are wasted."""
    for melee_hits, check in (("spread", lambda s: abs(s[1] - s[2]) <= 1),
                              ("focus", lambda s: s[2] == 0)):
        w, killed, supp = _exchange({"melee_hits": melee_hits}, [100, 0, 0], [7, 7, 7])
        assert w == 0 and not killed.any() and supp[0] == 0
        assert 100 + 1 - 12 <= supp[1] + supp[2] <= 100 + 6 - 2 and check(supp)
        w, killed, supp = _exchange({"melee_hits": melee_hits}, [100, 0, 0], [1, 1, 1])
        assert w == 0 and killed.tolist() == [False, True, True] and supp.sum() == 0


def test_melee_tie_and_defender_win():
    w, killed, supp = _exchange({}, [0, 100], [1, 1])
    assert w == 1 and killed.tolist() == [True, False]
    ties = sum(_exchange({}, [0, 0], [1, 1], seed=k)[0] == -1 for k in range(600))
    assert stats.binomtest(ties, 600, 1 / 6).pvalue > 1e-3  # two D6 equal: 1/6
