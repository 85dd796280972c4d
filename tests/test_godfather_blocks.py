"""Godfather block entry and surrender (first slice): defenders, their types, police kit, the
prominent citizen, vehicles and placement against the exact odds of the rules (chi-square or
binomial tests at alpha 0.001 with fixed seeds: a false alarm in 1 of 1,000 runs per test)."""

import numpy as np
from gf_dice import dice
from scipy import stats

from sim.godfather import blocks as BL
from sim.godfather import city as CT
from sim.godfather import state as S
from sim.godfather.rules import GFRules

RULES = GFRules(players=2)
CITY = CT.generate(RULES, 5)
N_BLOCKS = CITY.origin.shape[0]


def _dice(seed):
    return dice(seed, 44)


def _enter(rp, s, b, count=None):
    el, ld, gg, bk = S.empty(RULES, N_BLOCKS)
    cv, vh = S.civilians(RULES, N_BLOCKS)
    count = np.zeros(CITY.cover.shape, np.int64) if count is None else count
    n = BL.enter_block(rp, s, bk, cv, vh, CITY.origin, CITY.cover, count, b)
    return n, bk, cv, vh, count


def test_defenders_types_police_kit_and_vehicles_follow_the_rules_tables():
    rp, s = S.kernel_params(RULES), _dice(1)
    n_blocks = 3000
    sizes, kinds, police, vehicles, vtypes = [], [], [], [], []
    prominent = 0
    for i in range(n_blocks):
        b = i % N_BLOCKS
        n, bk, cv, vh, count = _enter(rp, s, b)
        live = cv[cv[:, S.C_KIND] != S.NO_CIV]
        assert len(live) == n and bk[b, S.B_ENTERED] == 1
        sizes.append(n)
        kinds += list(live[:, S.C_KIND])
        for row in live[live[:, S.C_KIND] == S.POLICE]:
            police.append(row[S.C_POLICE])
            assert tuple(row[[S.C_GRADE, S.C_WEAPON, S.C_ARMOUR, S.C_SWAT]]) == \
                RULES.police_table[row[S.C_POLICE]]
        prominent += int(live[:, S.C_PROMINENT].sum())
        assert live[live[:, S.C_PROMINENT] == 1][:, S.C_KIND].tolist() in ([], [S.UNARMED])
        vs = vh[vh[:, S.V_TYPE] >= 0]
        vehicles.append(len(vs))
        vtypes += list(vs[:, S.V_TYPE])
        # everything stands inside block b, at most one per cell, vehicles never in buildings
        for x, y in np.vstack([live[:, [S.C_X, S.C_Y]], vs[:, [S.V_X, S.V_Y]]]):
            assert CITY.block[y, x] == b
        assert count.max() <= RULES.cell_capacity and count.sum() == n + len(vs)
        assert all(CITY.cover[y, x] < CT.LIGHT for x, y in vs[:, [S.V_X, S.V_Y]])
    assert stats.chisquare(np.bincount(sizes, minlength=7)[1:]).pvalue > 1e-3  # D6
    assert stats.chisquare(np.bincount(vehicles, minlength=5)[1:]).pvalue > 1e-3  # D4
    faces = np.bincount(RULES.civilian_types, minlength=3)  # 4 unarmed, 1 militia, 1 police
    assert stats.chisquare(np.bincount(np.array(kinds) - 1, minlength=3),
                           faces / 6 * len(kinds)).pvalue > 1e-3
    pf = np.bincount(RULES.police_types, minlength=4)
    assert stats.chisquare(np.bincount(police, minlength=4), pf / 6 * len(police)).pvalue > 1e-3
    vf = np.bincount(RULES.vehicle_types, minlength=4)[:3]
    assert stats.chisquare(np.bincount(vtypes, minlength=3), vf / 6 * len(vtypes)).pvalue > 1e-3
    # a prominent citizen: at least one unarmed defender (1 - (1/3)^n), then a 6
    p = sum((1 - (2 / 6) ** n) / 6 for n in range(1, 7)) / 6
    assert stats.binomtest(prominent, n_blocks, p).pvalue > 1e-3


def test_a_block_is_rolled_once():
    rp, s = S.kernel_params(RULES), _dice(2)
    n, bk, cv, vh, count = _enter(rp, s, 3)
    before = cv.copy()
    assert BL.enter_block(rp, s, bk, cv, vh, CITY.origin, CITY.cover, count, 3) == 0
    assert np.array_equal(cv, before)


def test_surrender_on_a_die_higher_than_the_defenders_left():
    """P(surrender) = (6 - k) / 6 with k defenders left: 4/6 at k = 2, never at k = 6."""
    rp, s = S.kernel_params(RULES), _dice(3)
    for k, p in ((2, 4 / 6), (5, 1 / 6), (6, 0.0)):
        n = 3000
        gave_up = 0
        for _ in range(n):
            cv, _ = S.civilians(RULES, N_BLOCKS)
            count = np.zeros(CITY.cover.shape, np.int64)
            for i in range(k):
                cv[i, S.C_KIND], cv[i, S.C_BLOCK] = S.MILITIA, 7
                cv[i, S.C_X], cv[i, S.C_Y] = CT.block_cell(CITY, 7, 0, i)
                count[cv[i, S.C_Y], cv[i, S.C_X]] += 1
            if BL.surrender(rp, s, cv, count, 7):
                gave_up += 1
                assert BL.defenders_left(cv, 7) == 0 and count.sum() == 0
        if p == 0:
            assert gave_up == 0
        else:
            assert stats.binomtest(gave_up, n, p).pvalue > 1e-3
    cv, _ = S.civilians(RULES, N_BLOCKS)
    assert BL.surrender(rp, s, cv, np.zeros(CITY.cover.shape, np.int64), 7)  # none left
