"""Godfather admin phase (first slice) on hand-built states: income with disputes, pay and
desertion, experience, recruitment against the exact odds, new leaders at the thresholds."""

import dataclasses

import numpy as np
import pytest
from gf_dice import dice
from scipy import stats

from sim.godfather import admin as A
from sim.godfather import state as S
from sim.godfather.odds import recruits_per_set_pmf
from sim.godfather.rules import GFRules

RULES = GFRules(players=2)
M = RULES.max_elements


def _state(rules=RULES, blocks=4):
    el, ld, gg, bk = S.empty(rules, blocks)
    return el, ld, gg, bk, S.kernel_params(rules)


def _add(el, g, xp, status=S.ACTIVE):
    """Put one element of gang g with ``xp`` in its first free row; returns the row."""
    for i in range(g * M, (g + 1) * M):
        if el[i, S.E_STATUS] == S.FREE:
            el[i, S.E_STATUS] = status
            el[i, S.E_XP] = xp
            return i
    raise AssertionError("gang full")


def _dice(seed):
    return dice(seed, 9)


def test_block_income_less_50_per_hostile_element_never_negative():
    el, ld, gg, bk, rp = _state()
    bk[0, S.B_OWNER] = 0  # quiet block: 200
    bk[1, S.B_OWNER] = 0  # 3 hostile active elements: 200 - 150 = 50
    bk[2, S.B_OWNER] = 0  # 5 hostile: 200 - 250 -> 0, not -50
    at = np.full(el.shape[0], -1, np.int64)
    for b, n in ((1, 3), (2, 5)):
        for _ in range(n):
            at[_add(el, 1, 0)] = b
    at[_add(el, 1, 0, S.WOUNDED)] = 0  # a wounded element is no hostile stand
    at[_add(el, 0, 0)] = 1  # the owner's own elements cost nothing
    A.income(el, at, bk, gg, rp)
    assert gg[0, S.G_COLLECTED] == 200 + 50 + 0
    assert gg[1, S.G_COLLECTED] == 0  # owns nothing
    gang_floor = dataclasses.replace(RULES, income_floor="gang")
    gg[:, S.G_COLLECTED] = 0
    A.income(el, at, bk, gg, S.kernel_params(gang_floor))
    assert gg[0, S.G_COLLECTED] == 200 + 50 - 50  # the total is floored, not each block


def test_pay_most_experienced_first_and_the_unpaid_desert():
    el, ld, gg, bk, rp = _state()
    ld[0, S.L_ALIVE], ld[0, S.L_RANK], ld[0, S.L_XP] = 1, 2, 20  # a captain: level 3, 60 cr
    rows = [_add(el, 0, xp) for xp in (65, 35, 12, 3, 3)]  # gangster 80, hood 60, punk 40, 20, 20
    jailed = _add(el, 0, 40, S.JAILED)  # draws no pay
    gg[0, S.G_CASH] = 60 + 80 + 60 + 40 + 20 + 20 - 1  # one cr short of the last prospect
    assert A.pay(el, ld, gg, rp) == 1
    assert gg[0, S.G_CASH] == 19 and gg[0, S.G_DESERTED] == 1
    kept = [el[r, S.E_STATUS] for r in rows]
    assert kept == [S.ACTIVE, S.ACTIVE, S.ACTIVE, S.ACTIVE, S.FREE]  # ties: the lower row paid
    assert el[jailed, S.E_STATUS] == S.JAILED
    # by competency instead of rank: the 20 XP captain is competent (level 2, 40 cr)
    el2, ld2, gg2, bk2, _ = _state()
    ld2[0] = ld[0]
    gg2[0, S.G_CASH] = 100
    A.pay(el2, ld2, gg2, S.kernel_params(dataclasses.replace(RULES,
                                                            leader_pay_level="competency")))
    assert gg2[0, S.G_CASH] == 60


def test_experience_for_every_element_out_of_jail():
    el, ld, gg, bk, rp = _state()
    a, b, c = _add(el, 0, 5), _add(el, 0, 5, S.WOUNDED), _add(el, 1, 5, S.JAILED)
    A.experience(el, gg, rp)
    assert (el[a, S.E_XP], el[b, S.E_XP], el[c, S.E_XP]) == (6, 6, 5)


def test_the_24th_element_makes_a_sergeant_of_the_most_experienced_keeping_13_of_25():
    el, ld, gg, bk, rp = _state()
    ld[0, S.L_ALIVE], ld[0, S.L_RANK], ld[0, S.L_XP] = 1, 2, 20
    gg[0, S.G_THRESHOLDS] = 1  # the 12 threshold was met long ago
    for _ in range(22):
        _add(el, 0, 12)
    top = _add(el, 0, 25)  # 23 elements
    assert A.new_leaders(el, ld, gg, rp) == 0
    _add(el, 0, 0)  # the 24th arrives
    assert A.new_leaders(el, ld, gg, rp) == 1
    assert el[top, S.E_STATUS] == S.FREE and A.members(el, rp, 0) == 23
    assert ld[1, S.L_ALIVE] == 1 and ld[1, S.L_RANK] == 0 and ld[1, S.L_XP] == 13
    assert A.competency(rp, 13, 0) == 1  # a competent sergeant, as the text's example
    assert A.new_leaders(el, ld, gg, rp) == 0  # the threshold counts once
    down = S.kernel_params(dataclasses.replace(RULES, promotion_rounding="keep_down"))
    el2, ld2, gg2, _, _ = _state()
    gg2[0, S.G_THRESHOLDS] = 1
    for _ in range(23):
        _add(el2, 0, 12)
    _add(el2, 0, 25)
    A.new_leaders(el2, ld2, gg2, down)
    assert ld2[0, S.L_XP] == 12
    assert [RULES.promoted_xp(x) for x in (25, 24, 1)] == [13, 12, 1]  # kernel and class agree
    for xp in (25, 24, 1, 0, 61):
        kept = xp * rp[S.R_KEEP_PM]
        assert (kept + 999) // 1000 == RULES.promoted_xp(xp)


def test_recruits_never_pass_max_elements():
    el, ld, gg, bk, rp = _state()
    for _ in range(M - 1):
        _add(el, 0, 0)
    bk[:, S.B_OWNER] = 0
    s = _dice(3)
    A.recruit(el, bk, gg, rp, s)
    assert A.members(el, rp, 0) == M and gg[0, S.G_RECRUITED] == 1


@pytest.mark.parametrize("blocks", [0, 1, 3])
def test_recruits_per_set_match_the_exact_distribution(blocks):
    """4,000 sets of one gang holding ``blocks`` blocks against odds.recruits_per_set_pmf:
    chi-square goodness of fit, cells with expected count >= 5 (the rest pooled), fixed seed;
    a false alarm in 1 of 1,000 runs per case. The specials: a binomial test of the share of
    specials (1/6) over all recruits, alpha 0.001."""
    pmf = recruits_per_set_pmf(RULES, blocks)
    counts = {}
    n_sets = 4000
    specials = total = 0
    s = _dice(100 + blocks)
    for _ in range(n_sets):
        el, ld, gg, bk, rp = _state(blocks=max(blocks, 1))
        bk[:blocks, S.B_OWNER] = 0
        gg[1, S.G_OUT] = 1
        n = A.recruit(el, bk, gg, rp, s)
        counts[n] = counts.get(n, 0) + 1
        specials += int((el[:, S.E_SPECIAL] != S.SPECIAL_NONE).sum())
        total += n
    ks = sorted(pmf)
    exp = np.array([float(pmf[k]) * n_sets for k in ks])
    obs = np.array([counts.get(k, 0) for k in ks])
    assert set(counts) <= set(ks)
    big = exp >= 5
    e = np.append(exp[big], exp[~big].sum()) if (~big).any() else exp[big]
    o = np.append(obs[big], obs[~big].sum()) if (~big).any() else obs[big]
    assert stats.chisquare(o, e).pvalue > 1e-3
    assert stats.binomtest(specials, total, 1 / 6).pvalue > 1e-3


def test_a_gang_that_is_out_gets_nothing():
    el, ld, gg, bk, rp = _state()
    gg[1, S.G_OUT] = 1
    bk[:, S.B_OWNER] = 1
    _add(el, 1, 5)
    at = np.full(el.shape[0], -1, np.int64)
    A.income(el, at, bk, gg, rp)
    A.experience(el, gg, rp)
    assert A.recruit(el, bk, gg, rp, _dice(1)) > 0  # gang 0 still recruits its D3
    assert gg[1, S.G_COLLECTED] == 0 and el[M, S.E_XP] == 5 and gg[1, S.G_RECRUITED] == 0
