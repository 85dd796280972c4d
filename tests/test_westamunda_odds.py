"""Westamunda exact odds (sim/westamunda/odds.py): hand-worked values, brute-force enumeration,
monotonicity, a seeded numpy Monte Carlo cross-check of a shot written from the rules, and that
every number and reading comes from WMRules (the single source of truth)."""

import dataclasses
import itertools
from fractions import Fraction as F

import numpy as np
import pytest

from helpers import binom_p, chi2_p
from sim.westamunda import odds
from sim.westamunda.rules import WMRules

R = WMRules()


def rules(**changes) -> WMRules:
    """The default rules with some parameters changed."""
    return dataclasses.replace(R, **changes)


# ---- the 7-minus roll, natural 1, the 6-then rule ---------------------------------------------------


@pytest.mark.parametrize("score,expected", [(3, F(1, 2)), (4, F(2, 3)), (2, F(1, 3)), (1, F(1, 6)),
                                            (5, F(5, 6)), (6, F(5, 6)), (7, F(5, 6)), (10, F(5, 6)),
                                            (0, F(1, 12)), (-1, F(1, 18)), (-2, F(1, 36)), (-3, F(0))])
def test_characteristic_test_hand_values(score, expected):
    # text: I 3 passes on 4, 5, 6; BS 4 hits on 3+; WS 2 on 5+; 7+ is a 6 then 4+ (1/6 * 1/2)
    assert odds.characteristic_test(score) == expected
    assert odds.hit_chance(score) == expected


def test_bs3_hits_on_4_plus():
    assert odds.hit_chance(3) == F(1, 2)
    assert odds.need_for(3) == 4


def test_natural_one_always_misses_even_with_big_bonuses():
    for bs, mod in [(6, 0), (6, 3), (4, 3), (10, 0), (3, 5)]:
        assert odds.hit_chance(bs, mod) == F(5, 6)


def test_modifier_pushing_need_above_six():
    # BS 3 fanning as a snap shot from full cover: 7 - 3 + 1 + 1 + 2 = 8 -> a 6 then 5+
    assert odds.hit_chance(3, -4) == F(1, 6) * F(1, 3)
    assert odds.hit_chance(1, -1) == F(1, 12)  # need 7
    assert odds.hit_chance(2, -4) == F(1, 36)  # need 9: a 6 then a 6
    assert odds.hit_chance(2, -5) == 0  # need 10: impossible (ref 2.2)
    # the 'chain' reading (seven_plus_reading): need 10 is 6, 6, 4+
    chain = rules(seven_plus_reading="chain")
    assert odds.hit_chance(2, -5, rules=chain) == F(1, 72)
    assert odds.hit_chance(2, -8, rules=chain) == F(1, 432)  # need 13: 6, 6, 6, then 4+
    assert odds.hit_chance(3, -4, rules=chain) == odds.hit_chance(3, -4)  # below 10 the readings agree
    with pytest.raises(ValueError, match="rules.seven_plus_reading 'nope': expected one of 'capped', 'chain'"):
        odds.hit_chance(3, rules=rules(seven_plus_reading="nope"))


def test_second_die_ladder_comes_from_the_rules():
    # the text's literal "over 7": a 7 is a plain 6, then 4+, 5+, 6 for 8, 9, 10
    literal = rules(second_die_needs=(1, 4, 5, 6))
    assert [odds.roll_chance(n, rules=literal) for n in (7, 8, 9, 10, 11)] == [
        F(1, 6), F(1, 12), F(1, 18), F(1, 36), 0]
    assert odds.roll_chance(11, rules=dataclasses.replace(literal, seven_plus_reading="chain")) == F(1, 36)  # 6, then a 7: 6, 1+
    assert odds.hit_chance(6, rules=rules(natural_one_fails=False)) == 1
    assert odds.need_for(3, rules=rules(needed_base=8)) == 5
    for need in range(-2, 14):
        assert odds.roll_chance(need) == R.p_needed(need)


def _brute_need(need):
    """Two dice enumerated: the first must beat the natural 1 and reach the need; above 6 it must be
    a 6 and the second reach the ref 2.2 value (7: 4, 8: 5, 9: 6)."""
    good = 0
    for a, b in itertools.product(range(1, 7), repeat=2):
        if a == 1:
            continue
        if need <= 6:
            good += a >= need
        elif need <= 9:
            good += a == 6 and b >= need - 3
    return F(good, 36)


@pytest.mark.parametrize("need", range(-3, 13))
def test_roll_chance_matches_enumeration(need):
    assert odds.roll_chance(need) == _brute_need(need)


def test_leadership_test():
    assert odds.leadership_test(7) == F(21, 36)
    assert odds.leadership_test(12) == 1
    assert odds.leadership_test(7, 2) == odds.leadership_test(9)
    assert odds.leadership_test() == odds.leadership_test(R.profile("ganger")["Ld"])
    assert odds.leadership_test(3, rules=rules(ld_dice=1)) == F(1, 2)


# ---- wound chart ----------------------------------------------------------------------------------------

# ref 3, rows S 1..10, columns T 1..10 (0 = cannot wound), typed from the reference table
REF_WOUND_CHART = [
    [4, 5, 6, 6, 0, 0, 0, 0, 0, 0],
    [3, 4, 5, 6, 6, 0, 0, 0, 0, 0],
    [2, 3, 4, 5, 6, 6, 0, 0, 0, 0],
    [2, 2, 3, 4, 5, 6, 6, 0, 0, 0],
    [2, 2, 2, 3, 4, 5, 6, 6, 0, 0],
    [2, 2, 2, 2, 3, 4, 5, 6, 6, 0],
    [2, 2, 2, 2, 2, 3, 4, 5, 6, 6],
    [2, 2, 2, 2, 2, 2, 3, 4, 5, 6],
    [2, 2, 2, 2, 2, 2, 2, 3, 4, 5],
    [2, 2, 2, 2, 2, 2, 2, 2, 3, 4],
]


def test_wound_chart_matches_reference_table():
    for s in range(1, 11):
        for t in range(1, 11):
            need = REF_WOUND_CHART[s - 1][t - 1]
            assert odds.wound_need(s, t) == (need or None), (s, t)


def test_wound_hand_values():
    assert odds.wound_chance(3, 3) == F(1, 2)  # S3 v T3: 4+
    assert odds.wound_chance(4, 3) == F(2, 3)
    assert odds.wound_chance(10, 3) == F(5, 6)  # never better than 2+
    assert odds.wound_chance(3, 6) == F(1, 6)
    assert odds.wound_chance(3, 7) == 0  # S <= T - 4: no wound
    assert odds.wound_chance(1, 5) == 0


def test_save_chance():
    assert odds.save_chance(None) == 0
    assert odds.save_chance(4) == F(1, 2)
    assert odds.save_chance(4, -1) == F(1, 3)  # -1 turns 4+ into 5+
    assert odds.save_chance(6, -1) == 0
    assert odds.save_chance(2, 2) == F(5, 6)  # never better than 2+
    assert odds.save_chance(2, 2, rules=rules(best_save=3)) == F(2, 3)


# ---- one shot -------------------------------------------------------------------------------------------


def test_shot_bs3_s3_t3():
    r = odds.shot(3, 0, 3, 3)
    assert (r.p_hit, r.p_wound) == (F(1, 2), F(1, 4))
    assert r.p_flesh_wound == F(1, 24) and r.p_down == F(1, 6) and r.p_out_of_action == F(1, 24)
    assert r.p_lose_wound == 0 and r.need_hit == 4 and r.need_wound == 4 and r.burst is None
    assert r.p_ammo_roll == 0 and r.p_jam == 0


def test_shot_with_save_and_ammo():
    r = odds.shot(3, 0, 3, 3, save=5, ammo=4)
    assert r.p_wound == F(1, 4) * F(2, 3)
    assert r.p_ammo_roll == F(1, 6) and r.p_jam == F(1, 12)
    r2 = odds.shot(3, 0, 3, 3, save=5, save_modifier=-1)
    assert r2.p_wound == F(1, 4) * F(5, 6)


def test_shot_multi_wound_target_loses_a_wound():
    r = odds.shot(3, 0, 3, 3, wounds=2)
    assert r.p_lose_wound == F(1, 4)
    assert r.p_down == r.p_out_of_action == r.p_flesh_wound == 0
    r3 = odds.shot(3, 0, 3, 3, wounds=2, damage=2)  # takes him to 0: an injury roll
    assert r3.p_down == F(1, 6)


def test_shot_in_water_drowns():
    shallow = odds.shot(3, 0, 3, 3, water="shallow")
    deep = odds.shot(3, 0, 3, 3, water="deep")
    assert shallow.p_out_of_action == F(1, 4) * F(2, 6) and shallow.p_flesh_wound == F(1, 24)
    assert deep.p_out_of_action == F(1, 4) * F(3, 6) and deep.p_down == F(1, 4) * F(2, 6)


def test_shot_seven_plus_and_impossible_wound():
    r = odds.shot(1, -1, 4, 3)
    assert r.p_hit == F(1, 12) and r.need_hit == 7
    assert r.p_wound == F(1, 12) * F(2, 3)
    r = odds.shot(3, 0, 3, 7)
    assert r.need_wound is None and r.p_wound == 0 and r.p_hit == F(1, 2)


@pytest.mark.parametrize("kw", [{}, {"water": "deep"}, {"wounds": 2}, {"save": 4}, {"wounds": 3, "damage": 2}])
def test_shot_outcomes_partition_the_wound(kw):
    r = odds.shot(4, 1, 4, 3, **kw)
    assert r.p_flesh_wound + r.p_down + r.p_out_of_action + r.p_lose_wound == r.p_wound


def test_monotone_in_bs_modifier_and_strength():
    for mod in range(-6, 5):
        seq = [odds.hit_chance(bs, mod) for bs in range(-3, 11)]
        assert all(a <= b for a, b in itertools.pairwise(seq)), mod
    for bs in range(-1, 8):
        seq = [odds.hit_chance(bs, mod) for mod in range(-8, 6)]
        assert all(a <= b for a, b in itertools.pairwise(seq)), bs
    for t in range(1, 11):
        seq = [odds.wound_chance(s, t) for s in range(1, 11)]
        assert all(a <= b for a, b in itertools.pairwise(seq)), t
    for s in range(1, 11):
        seq = [odds.wound_chance(s, t) for t in range(1, 11)]
        assert all(a >= b for a, b in itertools.pairwise(seq)), s
    seq = [odds.shot(bs, 0, 4, 3).p_out_of_action for bs in range(0, 8)]
    assert all(a <= b for a, b in itertools.pairwise(seq))


# ---- sustained fire -------------------------------------------------------------------------------------


def test_sfd_die_faces():
    one = odds.sfd_pmf(1)
    assert one == {(0, 1): F(1, 6), (1, 0): F(1, 3), (2, 0): F(1, 3), (3, 0): F(1, 6)}
    for n in range(4):
        pmf = odds.sfd_pmf(n)
        assert sum(pmf.values()) == 1
        assert sum(s * p for (s, _), p in pmf.items()) == F(3, 2) * n


def test_fanning_a_revolver_bs3():
    b = odds.shot(3, 0, 3, 3, sfd=1).burst
    assert odds.shot(3, 0, 3, 3, sfd=1).p_hit == F(1, 3)  # -1 for fanning
    assert b.expected_shots == F(3, 2) and b.expected_hits == F(1, 2)  # same as one plain shot
    assert b.p_any_hit == F(1, 3) * F(1, 3) + F(1, 3) * (1 - F(2, 3) ** 2) + F(1, 6) * (1 - F(2, 3) ** 3)
    assert b.p_jam_face == F(1, 6) and b.p_jam == 0  # no ammo roll given: a jam face never sticks
    for pmf in (b.shots, b.hits, b.wounds, b.ammo_rolls, b.jams, b.state):
        assert sum(pmf.values()) == 1


def test_fanning_jams_by_hand():
    # 1 SFD, BS 3 at -1, ammo 4+: a jam face (1/6) is one ammo roll failing 1/2 and no shots;
    # each of s shots jams with 1/6 * 1/2 = 1/12
    b = odds.shot(3, 0, 3, 3, sfd=1, ammo=4).burst
    clean = F(1, 6) * F(1, 2) + F(1, 3) * F(11, 12) + F(1, 3) * F(11, 12) ** 2 + F(1, 6) * F(11, 12) ** 3
    assert b.jams[0] == clean and b.p_jam == 1 - clean


def test_lever_action_two_dice_and_readings():
    b = odds.shot(3, 0, 3, 3, sfd=2).burst
    assert b.p_jam_face == F(11, 36) and b.expected_shots == 3
    stop = odds.shot(3, 0, 3, 3, sfd=2, rules=rules(sfd_jam_reading="stops_all")).burst
    assert stop.shots[0] == F(11, 36)
    assert stop.expected_shots == sum(F(1, 36) * (a + b) for a in (1, 1, 2, 2, 3) for b in (1, 1, 2, 2, 3))
    plus = odds.shot(3, 0, 3, 3, sfd=1, rules=rules(sfd_shots_reading="plus_base")).burst
    assert plus.expected_shots == F(5, 2)
    capped = odds.shot(3, 0, 3, 3, sfd=2, rounds=1).burst
    assert capped.shots == {0: F(1, 36), 1: F(35, 36)}
    uncapped = odds.shot(3, 0, 3, 3, sfd=2, rounds=1, rules=rules(sfd_limited_by_rounds=False)).burst
    assert uncapped.expected_shots == 3
    # the burst's -1 is the rule's
    assert odds.shot(3, 0, 3, 3, sfd=1, rules=rules(sfd_modifier=-2)).p_hit == F(1, 6)


def test_burst_state_for_a_one_wound_target():
    b = odds.shot(4, 0, 4, 3, sfd=1).burst
    p_w = F(1, 2) * F(2, 3)  # BS4 at -1 hits on 4+, S4 v T3 wounds on 3+
    p_out = sum(F(1, 6) * (1 - (1 - p_w * F(1, 6)) ** k) for k in (1, 1, 2, 2, 3))
    assert b.state["out_of_action"] == p_out


# ---- Monte Carlo cross-check -------------------------------------------------------------------------------
# An independent numpy simulation of the written rules (not the module's code). Each figure is an exact
# two-sided binomial test (or a chi-square on a distribution) at alpha = 1e-6: 20 in the single-shot test
# (5 cases x 4 figures), 3 in the sustained-fire test and 1 in the natives' injury test, 24 in all, so
# the family's false-alarm rate is below 25 * 1e-6 = 2.5e-5 (Bonferroni). The seeds are fixed, so the
# tests are deterministic.

ALPHA = 1e-6
SFD_SHOTS = np.array([1, 1, 2, 2, 3, 0])
SFD_JAM = np.array([0, 0, 0, 0, 0, 1])


def _mc_hit(rng, n, need):
    first, second = rng.integers(1, 7, n), rng.integers(1, 7, n)
    if need <= 6:
        return first >= max(need, 2), first == 6
    if need <= 9:
        return (first == 6) & (second >= need - 3), first == 6
    return np.zeros(n, bool), first == 6


def _mc_wound_roll(rng, n, s, t):
    d = rng.integers(1, 7, n)
    diff = s - t
    need = 2 if diff >= 2 else 3 if diff == 1 else 4 if diff == 0 else 5 if diff == -1 else 6 if diff >= -3 else 0
    return d >= need if need else np.zeros(n, bool)


def _mc_single(seed, n, bs, mod, s, t, save):
    rng = np.random.default_rng(seed)
    hit, _ = _mc_hit(rng, n, 7 - bs - mod)
    wound = hit & _mc_wound_roll(rng, n, s, t)
    if save is not None:
        wound &= rng.integers(1, 7, n) < save
    injury = rng.integers(1, 7, n)
    return {"p_hit": hit, "p_wound": wound, "p_down": wound & (injury >= 2) & (injury <= 5),
            "p_out_of_action": wound & (injury == 6)}


@pytest.mark.parametrize("bs,mod,s,t,save", [(3, 0, 3, 3, None), (1, -1, 4, 3, None), (4, 1, 3, 4, 5),
                                             (2, -3, 5, 3, None), (6, 2, 3, 6, 6)])
def test_shot_matches_monte_carlo(bs, mod, s, t, save):
    n = 200_000
    sim = _mc_single(11 + bs, n, bs, mod, s, t, save)
    exact = odds.shot(bs, mod, s, t, save=save)
    for key, hits in sim.items():
        p = float(getattr(exact, key))
        k = int(hits.sum())
        if p == 0.0:
            assert k == 0, key
        else:
            assert binom_p(k, n, p) > ALPHA, (key, k / n, p)


def test_sustained_fire_matches_monte_carlo():
    n, dice, bs, ammo = 200_000, 2, 3, 4
    rng = np.random.default_rng(2024)
    faces = rng.integers(0, 6, (n, dice))
    shots, jam_faces = SFD_SHOTS[faces].sum(1), SFD_JAM[faces].sum(1)
    first = rng.integers(1, 7, (n, 3 * dice))
    fired = np.arange(3 * dice)[None, :] < shots[:, None]
    need = 7 - bs + 1  # -1 for sustained fire
    hits = (fired & (first >= need)).sum(1)
    rolls = jam_faces + (fired & (first == 6)).sum(1)
    ammo_dice = rng.integers(1, 7, (n, 4 * dice))
    jams = ((np.arange(4 * dice)[None, :] < rolls[:, None]) & (ammo_dice < ammo)).sum(1)
    b = odds.shot(bs, 0, 3, 3, sfd=dice, ammo=ammo).burst
    top = max(b.hits)
    assert chi2_p(np.bincount(hits, minlength=top + 1), [float(b.hits.get(k, 0)) for k in range(top + 1)]) > ALPHA
    assert binom_p(int((jams > 0).sum()), n, float(b.p_jam)) > ALPHA
    assert binom_p(int((jam_faces > 0).sum()), n, float(b.p_jam_face)) > ALPHA


def test_native_double_injury_matches_monte_carlo():
    """native_injury 'injury_roll' in deep water: two injury dice, each drowning on 4+, the better
    kept but out of action on either standing (written from the rules, not the module)."""
    n = 200_000
    rng = np.random.default_rng(77)
    d = rng.integers(1, 7, (n, 2))
    severity = np.where(d == 1, 0, np.where(d >= 4, 2, 1))  # flesh 1, down 2-3, out 4+ (deep water)
    result = np.where((severity == 2).any(1), 2, severity.min(1))
    exact = odds.injury_pmf(native=True, water="deep")
    probs = [float(exact.get(k, 0)) for k in odds.INJURIES]
    assert chi2_p(np.bincount(result, minlength=3), probs) > ALPHA


# ---- injuries, recovery, drowning ------------------------------------------------------------------------


def test_injury_pmfs():
    assert odds.injury_pmf() == {"flesh_wound": F(1, 6), "down": F(2, 3), "out_of_action": F(1, 6)}
    assert odds.injury_pmf(water="shallow") == {"flesh_wound": F(1, 6), "down": F(1, 2), "out_of_action": F(1, 3)}
    assert odds.injury_pmf(water="deep") == {"flesh_wound": F(1, 6), "down": F(1, 3), "out_of_action": F(1, 2)}
    assert odds.injury_pmf(true_grit=True) == {"flesh_wound": F(1, 3), "down": F(1, 2), "out_of_action": F(1, 6)}
    # natives, native_injury 'best_of_two': the better of two dice, nothing stands
    best2 = odds.injury_pmf(native=True, rules=rules(native_injury="best_of_two"))
    assert best2 == {"flesh_wound": F(11, 36), "down": F(24, 36), "out_of_action": F(1, 36)}
    assert odds.best_of(odds.injury_pmf(), odds.INJURIES, 2) == best2
    for kw in ({}, {"water": "deep"}, {"native": True}, {"native": True, "water": "deep"}):
        assert sum(odds.injury_pmf(**kw).values()) == 1
    assert sum(odds.best_of(odds.injury_pmf(), odds.INJURIES, 3).values()) == 1
    with pytest.raises(ValueError, match="water 'lake': expected one of shallow, deep"):
        odds.injury_pmf(water="lake")
    assert odds.injury_pmf(water="deep", rules=rules(drown_out_on=(6, 6))) == odds.injury_pmf()


def test_native_injury_readings():
    # default 'injury_roll': two dice, the better kept, but out of action on either stands
    native = odds.injury_pmf(native=True)
    assert R.native_injury == "injury_roll"
    assert native == {"flesh_wound": F(1, 4), "down": F(4, 9), "out_of_action": F(11, 36)}
    assert odds.injury_pmf(native=True, rules=rules(native_injury="both")) == native
    for once in ("serious_injury", "none"):
        assert odds.injury_pmf(native=True, rules=rules(native_injury=once)) == odds.injury_pmf()
    # in deep water: each die drowns on 4+, a drowning on either stands
    deep = odds.injury_pmf(native=True, water="deep")
    assert deep["out_of_action"] == 1 - F(1, 2) ** 2 and deep["flesh_wound"] == F(1, 2) ** 2 - F(1, 3) ** 2
    # a native shot: the double roll feeds the shot's injury split
    r = odds.shot(3, 0, 3, 3, native=True)
    assert r.p_out_of_action == F(1, 4) * F(11, 36) and r.p_flesh_wound == F(1, 4) * F(1, 4)


def test_recovery_and_down_fate():
    assert odds.recovery_pmf() == {"recovers": F(1, 6), "stays_down": F(2, 3), "out_of_action": F(1, 6)}
    assert odds.recovery_pmf(water="deep") == odds.recovery_pmf()  # default: drowning on the wound roll only
    wet = rules(water_recovery_drowning=True)
    assert odds.recovery_pmf(water="deep", rules=wet)["out_of_action"] == F(1, 2)
    assert odds.down_fate(1, water="shallow", rules=wet)["out_of_action"] == F(1, 3)
    two = odds.down_fate(2)
    assert two == {"recovers": F(5, 18), "stays_down": F(4, 9), "out_of_action": F(5, 18)}
    assert sum(odds.down_fate(5).values()) == 1


def test_serious_injury_dead_chance():
    assert odds.serious_injury_dead_chance() == F(1, 6)
    # the default native_injury ('injury_roll') doubles the fight's die, not the chart
    assert odds.serious_injury_dead_chance(native=True) == F(1, 6)
    for chart in ("serious_injury", "both"):
        assert odds.serious_injury_dead_chance(native=True, rules=rules(native_injury=chart)) == F(11, 36)
    # the choice that would avoid Dead unless both rolls are Dead (not a reading: Dead must stand)
    one = {odds.SURVIVES: F(5, 6), odds.DEAD: F(1, 6)}
    assert odds.best_of(one, (odds.SURVIVES, odds.DEAD), 2)[odds.DEAD] == F(1, 36)
    assert odds.serious_injury_dead_chance(rules=rules(dead_band_top=15)) == F(5, 36)  # the LRB's band
    assert odds.serious_injury_dead_chance(rules=rules(dead_band_top=21)) == F(7, 36)


def test_unpin_and_quick_draw():
    assert odds.unpin_chance(3) == F(1, 2)
    assert odds.unpin_chance(3, friend_near=False) == 0
    assert odds.quick_draw(4, 3) == odds.QuickDraw(True, F(2, 3), F(1, 3))
    assert odds.quick_draw(3, 3) == odds.QuickDraw(False, F(0), F(1))
    assert odds.quick_draw(2, 5) == odds.QuickDraw(False, F(0), F(1))
    assert odds.quick_draw(7, 5).p_mover_first == F(5, 6)  # natural 1 fails
    order = odds.brawl_order(4, 3)
    assert order == {"a_first": F(21, 36), "together": F(5, 36), "b_first": F(10, 36)}


def test_initiative_rules_reach_quick_draw_and_unpinning():
    under = rules(i_roll_reading="under")
    assert odds.quick_draw(6, 3, rules=under) == odds.QuickDraw(True, F(1), F(0))  # D6 <= 6: a 1 passes
    assert odds.unpin_chance(6, rules=under) == 1 and odds.unpin_chance(6) == F(5, 6)
    assert odds.unpin_chance(0, rules=under) == 0 and odds.unpin_chance(0) == F(1, 12)
    assert odds.quick_draw(4, 3, rules=rules(quick_draw_margin=2)).may_try is False
    assert odds.quick_draw(5, 3, rules=rules(quick_draw_margin=2)).p_mover_first == F(5, 6)
    assert odds.quick_draw(6, 3, rules=rules(quick_draw=False)).may_try is False


# ---- modifiers, kickback, horses ----------------------------------------------------------------------------


def test_hit_modifier():
    assert odds.hit_modifier(snap=True) == -1
    assert odds.hit_modifier(running=True) == -1
    assert odds.hit_modifier(running=True, snap=True) == -1
    assert odds.hit_modifier(running=True, hip_shooting=True) == 0
    assert [odds.hit_modifier(aim_turns=k) for k in range(5)] == [0, 1, 2, 3, 3]
    assert odds.hit_modifier(aim_turns=2, emerging=True) == 1
    assert odds.hit_modifier(one_handed_long_gun=True, cover="partial") == -3
    assert odds.hit_modifier(aim_turns=3, large_target=True) == 4
    assert odds.hit_modifier(aim_turns=3, large_target=True, rules=rules(aim_cap_reading="total")) == 3
    with pytest.raises(ValueError):
        odds.hit_modifier(aim_turns=1, snap=True)


def test_hit_modifier_follows_the_rules():
    assert odds.hit_modifier(cover="full") == R.cover_modifiers[1] == -2
    assert odds.hit_modifier(snap=True, rules=rules(snap_modifier=-2)) == -2
    assert odds.hit_modifier(aim_turns=5, rules=rules(aim_bonus_max=4)) == 4
    assert odds.hit_modifier(small_target=True, charging_target=True, rapid_target=True) == -3
    assert odds.hit_modifier(range_modifier=1, aim_turns=3, rules=rules(aim_cap_reading="total")) == 3
    with pytest.raises(ValueError, match="run_and_shoot is off"):
        odds.hit_modifier(running=True, rules=rules(run_and_shoot=False))
    with pytest.raises(ValueError, match="sfd_can_aim is off"):
        odds.hit_modifier(aim_turns=1, sustained=True)
    assert odds.hit_modifier(aim_turns=1, sustained=True, rules=rules(sfd_can_aim=True)) == 1
    with pytest.raises(ValueError, match="cover 'heavy'"):
        odds.hit_modifier(cover="heavy")


def test_kickback_knockdown_mounted():
    assert odds.kickback_chance(3, 5) == F(1, 2)
    assert odds.kickback_chance(2, 4) == F(2, 3)
    assert odds.kickback_chance(3, 4) == 0
    assert odds.knockdown_chance(3, 4) == F(1, 2)
    assert odds.knockdown_chance(3, 3) == 0
    assert odds.mounted_hit_location() == {"horse": F(2, 3), "rider": F(1, 3)}
    assert odds.mounted_hit_location(double=True)["rider"] == F(1, 2)
    assert odds.kickback_chance(3, 4, rules=rules(kickback_gap=1)) == F(1, 2)
    assert odds.knockdown_chance(3, 3, rules=rules(knockdown_strength=3)) == F(1, 2)
    assert odds.mounted_hit_location(rules=rules(rider_hit_faces=3))["rider"] == F(1, 2)


def test_double_barrel():
    both = odds.double_barrel(3, 0, 4, 3, shell="manstopper")["shot"]
    assert both.p_hit == F(1, 3) and both.p_wound == F(1, 3) * F(5, 6)  # S5 v T3 at -1
    seq = odds.double_barrel(3, 0, 4, 3, mode="sequential")["shots"]
    assert seq[0].p_hit == F(1, 3) and len(seq) == 2
    scatter = odds.double_barrel(3, 0, 3, 3, shell="scatter")
    assert scatter["hits"] == {0: F(2, 3), 1: F(1, 9), 2: F(1, 9), 3: F(1, 9)}
    assert sum(scatter["wounds"].values()) == 1
    d2 = odds.double_barrel(3, 0, 3, 3, shell="scatter", rules=rules(double_both_scatter_hits=2))
    assert d2["hits"] == {0: F(2, 3), 1: F(1, 6), 2: F(1, 6)}
    assert odds.double_barrel(3, 0, 4, 3, rules=rules(double_both_strength=0))["shot"].p_wound == F(1, 3) * F(2, 3)


def test_scatter_landing_and_template_reach():
    # the artillery die's 2, 4, 6, 8, 10 and misfire 0, halved: 1" or less on 1 and the misfire
    assert odds.template_reach() == 1 and odds.scatter_within(1) == F(1, 3)
    assert odds.scatter_within(2) == F(1, 2) and odds.scatter_within(F(1, 2)) == F(1, 6)
    assert odds.scatter_within(1, rules=rules(scatter_halved=False)) == F(1, 6)
    assert odds.template_reach(rules(template_base_in=0.0)) == F(1, 2)
    assert odds.template_reach(rules(scatter_radius_in=0.7, template_base_in=0.5)) == F(6, 5)
    # the engine keeps tenths of an inch (R_TEMPLATE_REACH10, Python's round: 12.5 -> 12)
    assert odds.template_reach(rules(scatter_radius_in=0.75, template_base_in=0.5)) == F(6, 5)


def test_barrels_both_at_once_by_hand():
    # BS 3 at -1: 5+ (1/3). Scatter: under the template on a hit, or on a miss landing within
    # 1" (1/3 of misses): 1/3 + 2/3 * 1/3 = 5/9, then a D3 of S3 hits on T3, each 4+
    sc = odds.barrels(3, 0, 3, 3, shell="scatter", mode="both")
    assert (sc.need_hit, sc.p_roll_hits, sc.p_under, sc.rolls) == (5, F(1, 3), F(5, 9), 1)
    assert sc.hits == {0: F(4, 9), 1: F(5, 27), 2: F(5, 27), 3: F(5, 27)}
    assert sc.p_hit == F(5, 9) and sc.expected_hits == F(10, 9)
    assert sc.wounds == {0: F(131, 216), 1: F(55, 216), 2: F(25, 216), 3: F(5, 216)}
    assert sc.p_wound == F(85, 216)
    # out of action: any wound's injury roll a 6 (1/6 each, the worst stands)
    assert sc.p_out_of_action == F(55, 216) * F(1, 6) + F(25, 216) * F(11, 36) + F(5, 216) * F(91, 216)
    assert sum(sc.state.values()) == 1 and sc.p_lose_wound == 0
    # manstopper: one hit at S4 + 1 = S5 on T3, 2+
    ms = odds.barrels(3, 0, 4, 3, shell="manstopper", mode="both")
    assert (ms.strength, ms.need_wound, ms.p_hit, ms.p_wound) == (5, 2, F(1, 3), F(5, 18))
    assert ms.p_down == F(5, 18) * F(2, 3) and ms.hits == {0: F(2, 3), 1: F(1, 3)}
    assert ms.p_hit == odds.double_barrel(3, 0, 4, 3, shell="manstopper")["shot"].p_hit
    # cover: ignored by scatter at once, not by manstopper
    assert odds.barrels(3, 0, 3, 3, mode="both", cover="full").p_roll_hits == F(1, 3)
    assert odds.barrels(3, 0, 3, 3, mode="both", cover="full").cover_ignored
    assert odds.barrels(3, 0, 4, 3, shell="manstopper", mode="both", cover="partial").need_hit == 6
    kept = odds.barrels(3, 0, 3, 3, mode="both", cover="partial",
                        rules=rules(double_both_ignores_cover=False))
    assert kept.need_hit == 6 and not kept.cover_ignored


def test_barrels_one_after_the_other_by_hand():
    # two rolls at -1 (1/3 each). Manstopper S4 on T3 (3+): both at him
    ms = odds.barrels(3, 0, 4, 3, shell="manstopper", mode="pair")
    assert ms.rolls == 2 and ms.hits == {0: F(4, 9), 1: F(4, 9), 2: F(1, 9)}
    assert ms.p_wound == 1 - (1 - F(1, 3) * F(2, 3)) ** 2 == F(32, 81)
    assert ms.expected_hits == F(2, 3) and ms.expected_wounds == F(4, 9)
    # scatter: the first shell under him 5/9; the second at him unless the first missed and
    # scattered past 2" (3, 4 or 5": 1/2 of misses); a miss landing 2" away is not under him
    sc = odds.barrels(3, 0, 3, 3, shell="scatter", mode="pair")
    u = F(5, 9)
    assert sc.hits[0] == F(2, 3) * (F(1, 6) * (1 - u) + F(1, 2))
    assert sc.hits[2] == F(1, 3) * u + F(2, 3) * F(2, 6) * u == F(25, 81)
    assert sc.hits == {0: F(31, 81), 1: F(25, 81), 2: F(25, 81)}
    assert sc.p_wound == 1 - sum(q * F(1, 2) ** k for k, q in sc.hits.items())
    # ammo: two to-hit rolls, each a 6 one time in six
    assert ms.expected_ammo_rolls == 0 and odds.barrels(
        3, 0, 4, 3, shell="manstopper", mode="pair", ammo=4).p_ammo_roll == F(11, 36)


def test_barrels_one_and_the_rules():
    one = odds.barrels(3, 0, 3, 3, shell="scatter", mode="one")  # 4+, a miss lands within 1"
    assert one.need_hit == 4 and one.hits == {0: F(1, 3), 1: F(2, 3)}
    assert odds.barrels(3, 0, 4, 3, shell="manstopper", mode="one").p_wound == \
        odds.shot(3, 0, 4, 3).p_wound
    # the full artillery die (not halved) and no base: only the misfire keeps him under it
    r = rules(scatter_halved=False, template_base_in=0.0)
    assert odds.barrels(3, 0, 3, 3, mode="one", rules=r).p_hit == F(1, 2) + F(1, 2) * F(1, 6)
    d2 = odds.barrels(3, 0, 3, 3, mode="both", rules=rules(double_both_scatter_hits=2))
    assert d2.hits == {0: F(4, 9), 1: F(5, 18), 2: F(5, 18)}
    assert odds.barrels(3, 0, 4, 3, shell="manstopper", mode="both",
                        rules=rules(double_both_mod=0, double_both_strength=2)).need_wound == 2
    assert odds.barrels(3, 0, 3, 3, mode="pair", rules=rules(double_sequential_mod=-2)).need_hit == 6
    assert odds.barrels(3, 0, 3, 3, mode="both", wounds=2).p_lose_wound > 0
    with pytest.raises(ValueError, match="mode 'sequential': expected one of one, both, pair"):
        odds.barrels(mode="sequential")
    with pytest.raises(ValueError, match="shell 'buck'"):
        odds.barrels(shell="buck")
    assert odds.BARRELS == ("one", "both", "pair")


# ---- reloading, ammo, jams ------------------------------------------------------------------------------------


def test_reload_still_six_shooter():
    r = odds.reload_roll(6)
    assert r.loaded == {**{k: F(1, 8) for k in range(1, 6)}, 6: F(3, 8)}
    assert r.lost == {0: F(1)} and r.p_full == F(3, 8) and r.expected_loaded == F(33, 8) and r.p_bs == 1


def test_reload_walking_bs3():
    r = odds.reload_roll(6, activity="walking", bs=3)
    assert r.p_bs == F(1, 2) and r.category == "roll"
    assert r.loaded == {0: F(1, 2), **{k: F(1, 16) for k in range(1, 6)}, 6: F(3, 16)}
    assert r.lost == r.loaded  # the rounds that would have gone in are dropped
    full = odds.reload_roll(6, activity="walking", bs=3, rules=rules(reload_loss="die"))
    assert full.lost == {0: F(1, 2), **{k: F(1, 16) for k in range(1, 9)}}
    assert all(sum(x.outcomes.values()) == 1 for x in (r, full))


def test_reload_other_cases():
    assert odds.reload_roll(6, activity="running").outcomes == {(0, 0): 1}
    assert odds.reload_roll(6, activity="running").category == "none"
    assert odds.reload_roll(6, mounted=True).p_bs == odds.hit_chance(3)  # stationary horse: category 2
    assert odds.reload_roll(6, activity="walking", mounted=True).outcomes == {(0, 0): 1}
    assert max(odds.reload_roll(6, reloads=3).loaded) == 3
    assert odds.reload_roll(1).loaded == {1: 1}  # single shot: loaded when still
    assert odds.reload_roll(1, activity="walking", bs=3).loaded == {0: F(1, 2), 1: F(1, 2)}
    cyl = odds.reload_roll(6, activity="walking", bs=4, method="cylinder")
    assert cyl.outcomes == {(0, 0): F(1, 3), (6, 0): F(2, 3)}
    assert odds.reload_roll(10).p_full == 0  # at most 8 rounds a turn
    with pytest.raises(ValueError, match="activity 'dancing': expected one of still, hiding"):
        odds.reload_roll(6, activity="dancing")


def test_reload_follows_the_rules():
    # every activity's category, and the mounted shift, are the rules'
    for act in ("still", "hiding", "observing", "crawling", "walking", "minor", "running", "climbing", "melee"):
        for mounted in (False, True):
            assert odds.reload_category(act, mounted=mounted) == R.reload_category(act, mounted)
    assert odds.reload_roll(6, mounted=True, rules=rules(mounted_reload_shift=0)).p_bs == 1
    # a D6 of rounds, or at most 4 a turn
    assert odds.reload_roll(6, rules=rules(reload_die=6)).p_full == F(1, 6)
    assert odds.reload_roll(6, rules=rules(reload_max_rounds=4)).loaded == {1: F(1, 8), 2: F(1, 8), 3: F(1, 8),
                                                                           4: F(5, 8)}
    # a spare cylinder fitted by the D8 rule; a failed roll still keeps it
    d8 = odds.reload_roll(6, activity="walking", bs=3, method="cylinder", rules=rules(cylinder_fit="d8"))
    assert d8.loaded == {0: F(1, 2), **{k: F(1, 16) for k in range(1, 6)}, 6: F(3, 16)} and d8.lost == {0: 1}


def test_le_mat_barrel_order():
    last = odds.le_mat_reload(3, shotgun_first=False)
    assert sum(p for (c, s, _, _), p in last.items() if s) == F(5, 8)  # D8 >= 4
    first = odds.le_mat_reload(9, shotgun_first=True)
    assert sum(p for (c, s, _, _), p in first.items() if s) == 1
    assert sum(p for (c, s, _, _), p in odds.le_mat_reload(9, shotgun_first=False).items() if s) == 0
    walk = odds.le_mat_reload(2, activity="walking", bs=3)
    assert sum(walk.values()) == 1 and walk[(0, 0, 0, 1)] == F(1, 16)
    die = odds.le_mat_reload(2, activity="walking", bs=3, rules=rules(reload_loss="die"))
    assert die[(0, 0, 5, 1)] == F(1, 16)  # a failed 8: 2 chambers and 5 more rounds, and the shell


def test_percussion_and_jam_clearing():
    assert odds.percussion_load(6, 3) == {(3, 0): 1}
    assert odds.percussion_load(1, 2, activity="walking", bs=3) == {(0, 2): F(1, 4), (1, 0): F(1, 2),
                                                                   (1, 1): F(1, 4)}
    # the text's example: two jam markers; a still turn clears one, a walking turn needs a BS roll
    assert odds.clear_jams(2, 1) == {1: 1}
    assert odds.clear_jams(1, 1, activity="walking", bs=3) == {0: F(1, 2), 1: F(1, 2)}
    assert odds.clear_jams(2, 3, activity="running") == {2: 1}
    assert odds.clear_jams(2, 2, activity="walking", bs=3) == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}


def test_percussion_jams_and_the_rules():
    # the agreed D8 option for percussion: a still turn loads min(D8, chambers)
    d8 = odds.percussion_load(6, 1, rules=rules(percussion_reload="cartridge"))
    assert d8 == {(k, 0): F(1, 8) for k in range(1, 6)} | {(6, 0): F(3, 8)}
    assert odds.percussion_load(2, 1, activity="running") == {(0, 0): 1}
    # jams: two markers a success, or a lost weapon that never clears
    assert odds.clear_jams(3, 1, rules=rules(jams_cleared_per_turn=2)) == {1: 1}
    assert odds.clear_jams(2, 5, rules=rules(jam_outcome="useless")) == {2: 1}


def test_ammo_rolls_in_the_wet():
    assert odds.ammo_need(2, kind="bow", heavy_rain=True) == 4
    assert odds.ammo_need(4, kind="percussion", heavy_rain=True) == 5
    assert odds.ammo_need(4, kind="percussion", heavy_rain=True, in_water=True) == 7
    largest = rules(perc_wet_stacking="largest")
    assert odds.ammo_need(4, kind="percussion", heavy_rain=True, in_water=True, rules=largest) == 6
    assert odds.ammo_need(4, kind="cartridge", heavy_rain=True) == 4
    assert odds.ammo_need(4, kind="cartridge", immersed=True) == 5
    # reconciled default (ammo_over_six 'seven_plus', the text's rule for any score over 6)
    assert R.ammo_over_six == "seven_plus"
    assert odds.ammo_pass_chance(7) == F(1, 12)
    assert odds.ammo_pass_chance(7, rules=rules(ammo_over_six="fail")) == 0
    assert odds.ammo_pass_chance(None) == 1 and odds.ammo_pass_chance(2) == F(5, 6)
    # the wet numbers are the rules': the bow's wet need is a score, the rain a rule
    assert odds.ammo_need(3, kind="bow", in_water=True) == 4 and odds.ammo_need(5, kind="bow", in_water=True) == 5
    assert odds.ammo_need(2, kind="bow", rules=rules(heavy_rain=True)) == R.bow_wet_ammo
    assert odds.ammo_need(4, kind="percussion", rules=rules(heavy_rain=True, perc_rain_ammo=2)) == 6
    # a shot's jam: the ammo roll on a to-hit 6 (ammo_on), failing a 6+ pushed to 7 by water
    assert odds.shot(3, ammo=7).p_jam == F(1, 6) * F(11, 12)
    assert odds.shot(3, ammo=4, rules=rules(ammo_on=5)).p_ammo_roll == F(1, 3)


# ---- hand-to-hand ---------------------------------------------------------------------------------------------


def _brute_h2h(a, b, tie_hits=1):
    """Every face of every Attack die, no parry: (p_a_wins, p_b_wins, a_hits pmf)."""
    a, b = a.resolved(), b.resolved()
    na = a.attacks + a.extra_die
    nb = b.attacks + b.extra_die
    total = 6 ** (na + nb)
    wa = wb = 0
    hits = {}
    for faces in itertools.product(range(1, 7), repeat=na + nb):
        da, db = faces[:na], faces[na:]

        def part(d):
            return max(d) + (d.count(6) - 1 if max(d) == 6 else 0)
        sa = a.ws + a.modifier + part(da) + db.count(1)
        sb = b.ws + b.modifier + part(db) + da.count(1)
        if sa == sb and a.initiative != b.initiative:
            h = tie_hits if a.initiative > b.initiative else -tie_hits
            win = 1 if a.initiative > b.initiative else -1
        else:
            h, win = sa - sb, (sa > sb) - (sa < sb)
        wa += win > 0
        wb += win < 0
        hits[max(h, 0) if win > 0 else 0] = hits.get(max(h, 0) if win > 0 else 0, 0) + 1
    return F(wa, total), F(wb, total), {k: F(v, total) for k, v in sorted(hits.items())}


@pytest.mark.parametrize("a,b", [
    (odds.Combatant(), odds.Combatant()),
    (odds.Combatant(ws=4, attacks=2, initiative=4), odds.Combatant()),
    (odds.Combatant(modifier=1, extra_die=True), odds.Combatant(ws=2, attacks=2, initiative=2)),
    (odds.Combatant(ws=2, initiative=5), odds.Combatant(ws=4, attacks=1, modifier=-1, extra_die=True)),
])
def test_hand_to_hand_matches_enumeration(a, b):
    exact = odds.hand_to_hand(a, b)
    pa, pb, hits = _brute_h2h(a, b)
    assert (exact.p_a_wins, exact.p_b_wins) == (pa, pb)
    assert exact.a_hits == hits
    assert exact.p_a_wins + exact.p_b_wins + exact.p_standoff == 1
    for pmf in (exact.a_hits, exact.b_hits, exact.a_wounds, exact.b_wounds, exact.a_state, exact.b_state):
        assert sum(pmf.values()) == 1


def test_hand_to_hand_hand_values():
    even = odds.hand_to_hand(odds.Combatant(), odds.Combatant())
    assert even.p_standoff == F(1, 6) and even.p_a_wins == F(5, 12)
    quicker = odds.hand_to_hand(odds.Combatant(initiative=4), odds.Combatant())
    assert quicker.p_a_wins == F(7, 12) and quicker.p_standoff == 0
    assert odds.combat_modifier(charging=True, horse_charge=True) == 2
    assert odds.combat_modifier(encumbered=True, obstacle=True, higher_up=True) == -1
    assert odds.combat_modifier(charging=True, rules=rules(charge_bonus=2)) == 2
    assert odds.Combatant().resolved() == odds.Combatant(3, 1, 3, 3, 3, 1)  # the ganger


def test_hand_to_hand_monotone_and_parry():
    base = odds.hand_to_hand(odds.Combatant(), odds.Combatant()).p_a_wins
    charged = odds.hand_to_hand(odds.Combatant(modifier=1), odds.Combatant()).p_a_wins
    better = odds.hand_to_hand(odds.Combatant(ws=4), odds.Combatant()).p_a_wins
    assert base < charged and charged == better
    parry = odds.hand_to_hand(odds.Combatant(parry=True), odds.Combatant())
    assert parry.p_a_wins > base and sum(parry.a_hits.values()) == 1
    both = odds.hand_to_hand(odds.Combatant(parry=True), odds.Combatant(parry=True))
    assert both.p_a_wins == base  # two parries cancel
    # one die each, a parries only when losing: b's die is re-rolled
    a, b = odds.Combatant(parry=True), odds.Combatant()
    expected = F(0)
    for x, y in itertools.product(range(1, 7), repeat=2):
        sa, sb = 3 + x + (y == 1), 3 + y + (x == 1)
        if sa >= sb:
            expected += F(1, 36) * (sa > sb)
        else:
            expected += F(1, 216) * sum(3 + x + (z == 1) > 3 + z + (x == 1) for z in range(1, 7))
    assert odds.hand_to_hand(a, b).p_a_wins == expected


def test_hand_to_hand_follows_the_rules():
    even = odds.hand_to_hand(odds.Combatant(), odds.Combatant(initiative=2))
    one = odds.hand_to_hand(odds.Combatant(), odds.Combatant(initiative=2), rules=rules(melee_hits="one"))
    assert one.p_a_wins == even.p_a_wins and set(one.a_hits) == {0, 1}
    ties = odds.hand_to_hand(odds.Combatant(), odds.Combatant(initiative=2), rules=rules(melee_tie_hits=2))
    assert ties.a_hits[2] == even.a_hits[2] + F(1, 6)  # the tie (1/6) now scores 2 hits
    # down one-on-one: out of action by default, down without down_alone_out
    assert "down" not in even.b_state
    kept = odds.hand_to_hand(odds.Combatant(), odds.Combatant(), rules=rules(down_alone_out=False))
    assert kept.b_state["down"] > 0
    two = odds.hand_to_hand(odds.Combatant(extra_die=True), odds.Combatant(), rules=rules(two_weapon_bonus=0))
    assert two.p_a_wins == odds.hand_to_hand(odds.Combatant(), odds.Combatant()).p_a_wins
    # 'ws_roll': each Attack die a WS test (WS 3: 4+), both strike, more hits wins
    ws = odds.hand_to_hand(odds.Combatant(attacks=2), odds.Combatant(), rules=rules(melee_reading="ws_roll"))
    assert ws.a_hits == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)} and ws.b_hits == {0: F(1, 2), 1: F(1, 2)}
    assert ws.p_a_wins == F(1, 2) * F(3, 4) + F(1, 2) * F(1, 4) and ws.p_b_wins == F(1, 2) * F(1, 4)


# ---- one source of truth ------------------------------------------------------------------------------------


def test_odds_keep_no_rule_numbers_of_their_own():
    """Module-level constants of odds.py are outcome names only: every number is a WMRules field."""
    for name, value in vars(odds).items():
        if name.isupper() and not name.startswith("_"):
            leaves = value if isinstance(value, tuple) else (value,)
            assert all(isinstance(v, str) for v in leaves), (name, value)


def test_defaults_are_the_rules_defaults():
    assert odds.shot() == odds.shot(3, 0, 3, 3)  # the ganger shoots an S3 weapon at a ganger
    assert odds.wound_need() == 4 and odds.hit_chance() == F(1, 2) and odds.unpin_chance() == F(1, 2)
    mine = rules(profiles=((4, 4, 4, 3, 3, 1, 4, 1, 8, 120),) * 3 + ((4, 3, 5, 4, 4, 2, 3, 1, 7, 50),)
                 + R.profiles[4:])
    assert odds.hit_chance(rules=mine) == F(5, 6) and odds.wound_chance(rules=mine) == F(1, 2)
    assert odds.shot(rules=mine).p_lose_wound == odds.shot(rules=mine).p_wound
