"""Godfather shooting on the city (first slice): the defence table with armour, range and
sight, and volleys at elements and civilians against the exact odds (chi-square at alpha
0.001, fixed seeds: a false alarm in 1 of 1,000 runs per test)."""

import dataclasses
from fractions import Fraction

import numpy as np
from gf_dice import dice
from scipy import stats

from sim.godfather import city as CT
from sim.godfather import fire as F
from sim.godfather import state as S
from sim.godfather.odds import shot_odds
from sim.godfather.rules import WEAPONS, GFRules

RULES = GFRules(players=2)
RP = S.kernel_params(RULES)
CITY = CT.generate(RULES, 5)


def _dice(seed):
    return dice(seed, 77)


def test_foot_defence_matches_the_rules_in_both_readings():
    for combine in ("max", "add"):
        rules = dataclasses.replace(RULES, armour_combine=combine)
        rp = S.kernel_params(rules)
        for cover in range(4):
            for armour in range(3):
                assert F.foot_defence(rp, cover, armour) == rules.foot_defence(cover, armour)
    assert F.foot_defence(RP, 0, 0) == 5 and F.foot_defence(RP, 3, 2) == 8


def test_range_and_sight():
    """An SMG (30 cm = 7 cells at 4 cm a cell) reaches 7 cells, not 8; rifles reach as far as
    they see; a building in between blocks either."""
    smg, ltar = WEAPONS.index("smg"), WEAPONS.index("ltar")
    t = CITY
    h, w = t.terrain.shape
    street = np.argwhere(t.block < 0)
    rng = np.random.default_rng(1)
    for _ in range(200):
        y0, x0 = street[rng.integers(len(street))]
        y1, x1 = street[rng.integers(len(street))]
        d = np.hypot(x1 - x0, y1 - y0)
        sees = F.visible(t.terrain, t.building, x0, y0, x1, y1)
        assert F.can_fire(RP, t.terrain, t.building, ltar, x0, y0, x1, y1) == sees
        assert F.can_fire(RP, t.terrain, t.building, smg, x0, y0, x1, y1) == (sees and d <= 7)
    assert RULES.cells(30) == 7


def _element_state():
    el, ld, gg, bk = S.empty(RULES, CITY.origin.shape[0])
    count = np.zeros(CITY.cover.shape, np.int64)
    y, x = np.argwhere(CITY.cover == 0)[0]  # an open cell
    el[0, S.E_STATUS], el[0, S.E_X], el[0, S.E_Y] = S.ACTIVE, x, y
    count[y, x] = 1
    return el, count


def test_a_rifle_volley_at_an_element_in_the_open_matches_the_exact_odds():
    """A punk's low-tech rifle at an unarmoured element in the open, saving on 6, no medic."""
    odds = shot_odds(RULES, "punk", "ltar", 5)
    p_elim, p_supp = odds["p_eliminate"], odds["p_suppress"]
    save = Fraction(7 - RULES.save_on, 6)
    exact = {F.MISSED: 1 - p_elim - p_supp, F.SUPPRESSED: p_supp,
             F.WOUNDED_OUT: p_elim * save, F.KILLED: p_elim * (1 - save)}
    s = _dice(1)
    n = 30_000
    seen = np.zeros(4, int)
    for _ in range(n):
        el, count = _element_state()
        out = F.shoot_element(RP, s, el, CITY.cover, count, 1, False, WEAPONS.index("ltar"),
                              0, 0)
        seen[out] += 1
        if out in (F.WOUNDED_OUT, F.KILLED):
            assert count.sum() == 0 and el[0, S.E_X] <= 0
        if out == F.WOUNDED_OUT:
            assert el[0, S.E_STATUS] == S.WOUNDED and el[0, S.E_WEAPON] == -1
    exp = np.array([float(exact[k]) * n for k in range(4)])
    assert stats.chisquare(seen, exp).pvalue > 1e-3


def test_four_suppressions_eliminate():
    el, count = _element_state()
    el[0, S.E_SUPP] = 3
    s = _dice(2)
    out = F.MISSED
    while out == F.MISSED:
        out = F.shoot_element(RP, s, el, CITY.cover, count, 3, False, WEAPONS.index("ltar"), 0,
                              0)
    assert out in (F.WOUNDED_OUT, F.KILLED) and count.sum() == 0


def test_swat_defend_with_their_own_table_unless_cover_is_better():
    """A gangster's heavy MG (strike 3) at SWAT in the open: defence 8 from the front (a hit
    gets through on 6 only), 7 from the flank (5+)."""
    cv, _ = S.civilians(RULES, CITY.origin.shape[0])
    y, x = np.argwhere(CITY.cover == 0)[0]
    hmg = WEAPONS.index("hmg")
    s = _dice(3)
    for front, p_through in ((True, 1 / 6), (False, 2 / 6)):
        n, kills = 20_000, 0
        for _ in range(n):
            cv[0, :] = 0
            cv[0, S.C_KIND], cv[0, S.C_X], cv[0, S.C_Y] = S.POLICE, x, y
            cv[0, S.C_ARMOUR], cv[0, S.C_SWAT] = 2, 1
            count = np.zeros(CITY.cover.shape, np.int64)
            count[y, x] = 1
            kills += F.shoot_civilian(RP, s, cv, CITY.cover, count, 3, False, hmg, 0,
                                      front) == F.KILLED
        # 3 shots hitting on 3+; out when a shot gets through or suppressions reach 4 (never:
        # at most 3 per volley)
        p = 1 - (1 - (4 / 6) * p_through) ** 3
        assert stats.binomtest(kills, n, p).pvalue > 1e-3
