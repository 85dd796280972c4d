"""Godfather turn structure (first slice): set length against the exact distribution of both
readings, the card order of the text, jokers, fair dealing, and the leaders' experience."""

import dataclasses

import numpy as np
import pytest
from gf_dice import dice
from scipy import stats

from sim.godfather import state as S
from sim.godfather import turns as T
from sim.godfather.odds import turnset_pmf
from sim.godfather.rules import GFRules

RULES = GFRules(players=4)


def _dice(seed):
    return dice(seed, 21)


def _set_length(rp, s):
    t = 1
    while not T.set_ends(rp, s, t):
        t += 1
    return t


@pytest.mark.parametrize("reading", ["example", "literal"])
def test_set_lengths_match_the_exact_distribution(reading):
    """20,000 sets against odds.turnset_pmf: chi-square over the lengths with expected count
    >= 5 (rest pooled), fixed seed, a false alarm in 1 of 1,000 runs; lengths the pmf gives
    probability 0 never occur."""
    rules = dataclasses.replace(RULES, turnset_reading=reading)
    rp, s = S.kernel_params(rules), _dice(1)
    n = 20_000
    lengths = np.array([_set_length(rp, s) for _ in range(n)])
    pmf = {k: float(v) for k, v in turnset_pmf(reading).items()}
    assert set(np.unique(lengths)) <= {k for k, v in pmf.items() if v > 0}
    ks = [k for k in sorted(pmf) if pmf[k] > 0]
    exp = np.array([pmf[k] * n for k in ks])
    obs = np.array([(lengths == k).sum() for k in ks])
    if len(ks) > 1:
        big = exp >= 5
        e = np.append(exp[big], exp[~big].sum()) if (~big).any() else exp
        o = np.append(obs[big], obs[~big].sum()) if (~big).any() else obs
        assert stats.chisquare(o, e).pvalue > 1e-3
    assert lengths.max() <= rules.turnset_max


def test_turnset_max_caps_a_set():
    rp = S.kernel_params(dataclasses.replace(RULES, turnset_max=2))
    s = _dice(2)
    assert max(_set_length(rp, s) for _ in range(2000)) == 2


def test_card_order_is_aces_first_then_diamond_heart_club_spade():
    rp, s = S.kernel_params(RULES), _dice(3)
    keys = [T.card_key(rp, c, s) for c in range(T.DECK)]
    assert keys == sorted(keys) and len(set(keys)) == T.DECK  # card index order is acting order
    # ace of diamonds, ace of hearts, ace of clubs, ace of spades, two of diamonds
    assert [c // 4 + 1 for c in range(5)] == [1, 1, 1, 1, 2]
    assert [T.SUITS[c % 4] for c in range(5)] == ["diamond", "heart", "club", "spade",
                                                  "diamond"]
    first, last = (S.kernel_params(dataclasses.replace(RULES, joker_slot=j))
                   for j in ("first", "last"))
    assert T.card_key(first, T.DECK, s) < T.card_key(first, T.DECK + 1, s) < keys[0]
    assert keys[-1] < T.card_key(last, T.DECK, s) < T.card_key(last, T.DECK + 1, s)
    rnd = S.kernel_params(dataclasses.replace(RULES, joker_slot="random"))
    draws = [T.card_key(rnd, T.DECK, s) for _ in range(3000)]
    assert all(k % 2 == 1 for k in draws)  # never tied with a card
    assert min(draws) < 0 < 2 * T.DECK - 1 <= max(draws)  # before all and after all occur


def _leaders(rules):
    el, ld, gg, bk = S.empty(rules, 1)
    ml = S.max_leaders(rules)
    for g in range(rules.players):
        ld[g * ml, S.L_ALIVE] = 1
        ld[g * ml, S.L_RANK] = 2
    ld[1, S.L_ALIVE] = 1  # gang 0 also has a sergeant
    return ld, gg


def test_deal_orders_every_live_leader_once_and_the_first_mover_is_fair():
    """Every live leader of a gang still in acts once a turn; over 8,000 deals each of the 5
    leaders moves first equally often (chi-square, alpha 0.001). The two jokers (first by
    default) make the first mover a joker holder 1 - C(52,5)/C(54,5) of the time."""
    rules = RULES
    rp, s = S.kernel_params(rules), _dice(4)
    ld, gg = _leaders(rules)
    order = np.zeros(ld.shape[0], np.int64)
    keys = np.zeros(ld.shape[0], np.int64)
    live = sorted(np.flatnonzero(ld[:, S.L_ALIVE]))
    firsts = {j: 0 for j in live}
    jokers = 0
    n = 8000
    for _ in range(n):
        k = T.deal(ld, gg, rp, s, order, keys)
        assert k == 5 and sorted(order[:k]) == live
        assert list(keys[:k]) == sorted(keys[:k])
        firsts[order[0]] += 1
        jokers += keys[0] < 0
    assert stats.chisquare(list(firsts.values())).pvalue > 1e-3
    from math import comb
    p_joker = 1 - comb(52, 5) / comb(54, 5)
    assert stats.binomtest(int(jokers), n, p_joker).pvalue > 1e-3
    gg[2, S.G_OUT] = 1  # a gang that is out is dealt nothing
    assert T.deal(ld, gg, rp, s, order, keys) == 4


def test_leader_experience_daily_d4_for_all_but_the_head_and_cash_for_the_head():
    rules = RULES
    rp, s = S.kernel_params(rules), _dice(5)
    ld, gg = _leaders(rules)
    ld[0, S.L_XP], ld[1, S.L_XP] = 20, 13
    gains = []
    for _ in range(4000):
        before = ld[:, S.L_XP].copy()
        T.daily_leader_xp(ld, gg, rp, s)
        d = ld[:, S.L_XP] - before
        assert d[0] == 0  # gang 0's head (the captain) rolls nothing
        gains.append(d[1])
    counts = np.bincount(gains, minlength=5)[1:]
    assert counts.sum() == 4000 and stats.chisquare(counts).pvalue > 1e-3  # a fair D4
    ml = S.max_leaders(rules)
    assert all(ld[g * ml, S.L_XP] == 0 for g in range(1, 4))  # lone heads roll nothing
    by_rank = S.kernel_params(dataclasses.replace(rules, head_xp_roll="rank"))
    before = ld[:, S.L_XP].copy()
    T.daily_leader_xp(ld, gg, by_rank, s)
    assert (ld[:, S.L_XP] - before)[ld[:, S.L_ALIVE] == 1].min() >= 1  # no Boss: all roll
    gg[0, S.G_COLLECTED] = 1250
    head_xp = ld[0, S.L_XP]
    T.weekly_head_xp(ld, gg, rp)
    assert ld[0, S.L_XP] == head_xp + 2  # 1 XP per 500 cr, rounded down
