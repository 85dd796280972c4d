"""Godfather gangs (first slice): the starting state, sharing elements among leaders, action
points against their exact distribution, move costs."""

import dataclasses

import numpy as np
from gf_dice import dice
from scipy import stats

from sim.godfather import city as CT
from sim.godfather import gang as GA
from sim.godfather import state as S
from sim.godfather.rules import GFRules

RULES = GFRules(players=3)
CITY = CT.generate(RULES, 8)


def _dice(seed):
    return dice(seed, 66)


def test_start_state():
    el, ld, gg, bk, cv, vh, count = GA.start(RULES, CITY)
    m, ml = RULES.max_elements, S.max_leaders(RULES)
    for g in range(3):
        hq = CITY.starts[g]
        rows = el[g * m:(g + 1) * m]
        live = rows[rows[:, S.E_STATUS] == S.ACTIVE]
        assert len(live) == 6 and (live[:, S.E_XP] == 10).all()  # punks at the least punk XP
        assert all(CITY.block[y, x] == hq for x, y in live[:, [S.E_X, S.E_Y]])
        assert (live[:, S.E_LEADER] == g * ml).all()
        assert bk[hq, S.B_OWNER] == g and bk[hq, S.B_ENTERED] == 1 and gg[g, S.G_HQ] == hq
        assert gg[g, S.G_CASH] == 1000
        assert tuple(ld[g * ml, [S.L_ALIVE, S.L_RANK, S.L_XP]]) == (1, 2, 20)
    assert count.sum() == 18 and count.max() == 1
    assert (bk[:, S.B_OWNER] >= 0).sum() == 3


def test_elements_are_shared_with_each_rank_minimum_and_the_head_keeps_the_rest():
    el, ld, gg, bk, cv, vh, count = GA.start(RULES, CITY)
    rp = S.kernel_params(RULES)
    m, ml = RULES.max_elements, S.max_leaders(RULES)
    for k in range(6, 13):  # 13 elements
        el[k, S.E_STATUS] = S.ACTIVE
    el[2, S.E_STATUS] = S.JAILED
    ld[1, S.L_ALIVE], ld[1, S.L_RANK] = 1, 0  # a sergeant (3)
    ld[2, S.L_ALIVE], ld[2, S.L_RANK] = 1, 1  # a lieutenant (4)
    GA.assign(el, ld, rp, 0)
    lead = el[:m, S.E_LEADER]
    active = el[:m, S.E_STATUS] == S.ACTIVE
    assert (lead[active] == 1).sum() == 3 and (lead[active] == 2).sum() == 4
    assert (lead[active] == 0).sum() == 12 - 7 and lead[2] == -1  # the jailed one: nobody
    # too few for the lieutenant after the sergeant: the head keeps them
    for k in range(6, 13):
        el[k, S.E_STATUS] = S.FREE
    GA.assign(el, ld, rp, 0)
    lead = el[:m, S.E_LEADER][el[:m, S.E_STATUS] == S.ACTIVE]
    assert (lead == 1).sum() == 3 and (lead == 2).sum() == 0 and (lead == 0).sum() == 2
    assert ml == 5


def test_action_points_are_2d6_plus_the_rank_and_competency_bonus():
    """A competent captain: 2D6 + 4 (chi-square against the exact triangle, alpha 0.001); a
    green sergeant: 2D6 + 0; a gang that is out gets none."""
    rules = RULES
    rp, s = S.kernel_params(rules), _dice(1)
    el, ld, gg, bk = S.empty(rules, 4)
    ml = S.max_leaders(rules)
    ld[0, S.L_ALIVE], ld[0, S.L_RANK], ld[0, S.L_XP] = 1, 2, 20  # competent captain
    ld[ml, S.L_ALIVE], ld[ml, S.L_RANK], ld[ml, S.L_XP] = 1, 0, 0  # green sergeant
    ld[2 * ml, S.L_ALIVE] = 1
    gg[2, S.G_OUT] = 1
    n = 12_000
    cap, sgt = [], []
    for _ in range(n):
        ld[:, S.L_AP] = 0
        GA.action_points(ld, gg, rp, s)
        cap.append(ld[0, S.L_AP])
        sgt.append(ld[ml, S.L_AP])
        assert ld[2 * ml, S.L_AP] == 0
    exact = np.array([6 - abs(k - 7) for k in range(2, 13)]) / 36
    for got, bonus in ((cap, 4), (sgt, 0)):
        obs = np.bincount(np.array(got) - bonus, minlength=13)[2:13]
        assert obs.sum() == n and stats.chisquare(obs, exact * n).pvalue > 1e-3
    promoted = ld.copy()
    promoted[0, S.L_LOST] = 1  # a promotion cost it a level: green captain, +2
    GA.action_points(promoted, gg, rp, s)
    assert 2 + 2 <= promoted[0, S.L_AP] <= 12 + 2


def test_move_costs_1_2_4_and_no_fourth_move():
    rp = S.kernel_params(RULES)
    assert [GA.move_cost(rp, k) for k in range(5)] == [1, 2, 4, -1, -1]
    rp2 = S.kernel_params(dataclasses.replace(RULES, move_costs=(1, 1, 1, 1)))
    assert [GA.move_cost(rp2, k) for k in range(5)] == [1, 1, 1, 1, -1]
