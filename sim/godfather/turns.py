"""Godfather turn structure, a first slice: when a turn set ends, the order leaders act in by
card draw, and the leaders' experience (numba kernels on ``sim/godfather/state.py`` arrays).

- A set ends after turn t when a D6 reaches 7 - t (the text's worked example, default) or t
  (its stated rule, ``turnset_reading = "literal"``), and always after ``turnset_max`` turns.
- Each turn every leader of every gang still in is dealt one card from a shuffled deck of 52
  plus ``jokers``. The text has the cards given out face down, so a boss's assignment is blind:
  dealing at random is the same game. Leaders act aces first, then twos and so on; within a
  rank diamonds, hearts, clubs, spades. A joker's holder acts first, last or at a random point
  (``joker_slot``); two jokers keep the order they were dealt in.
- Leaders' XP (20.2): every day the leaders other than the gang's head roll a D4 (with
  ``head_xp_roll = "rank"`` every leader below Boss rank rolls); at the set's end the head
  gains 1 XP per ``leader_cash_per_xp`` cr the gang collected.
"""

from __future__ import annotations

import numpy as np

from sim.core.jit import kernel
from sim.core.rng import randint, roll
from sim.core.sort import sort_by_key
from sim.godfather import state as S
from sim.godfather.state import G_COLLECTED, G_OUT, L_ALIVE, L_RANK, L_XP

DECK = 52  # cards besides the jokers: card c is rank c // 4 + 1 (1 = ace), suit c % 4
SUITS = ("diamond", "heart", "club", "spade")  # the text's order of precedence


@kernel
def set_ends(rp, s, t):
    """Does the turn set end after its turn t (1-based)? Rolls a D6 unless t reached
    ``turnset_max``."""
    if t >= rp[S.R_SET_MAX]:
        return True
    need = 7 - t if rp[S.R_SET_EXAMPLE] else t
    return roll(s, 6) >= need


@kernel
def card_key(rp, card, s):
    """Where the holder of ``card`` acts (smaller first): cards 0..51 by rank then suit, jokers
    (DECK, DECK + 1) before every card, after every card, or between two cards at random."""
    if card < DECK:
        return 2 * ((card // 4) * 4 + card % 4)
    slot = rp[S.R_JOKER_SLOT]
    if slot == S.JOKER_FIRST:
        return -4 + 2 * (card - DECK)  # -4, -2: before the ace of diamonds (0)
    if slot == S.JOKER_LAST:
        return 2 * DECK + 2 * (card - DECK)
    return 2 * randint(s, DECK + 1) - 1  # odd: between two cards, never a tie with one


@kernel
def deal(ld, gg, rp, s, order, keys):
    """Deal one card to every live leader of every gang still in (leader rows in order, cards
    drawn without replacement) and write the leader rows into ``order`` in acting order;
    returns how many. ``order`` and ``keys`` are scratch of at least ld.shape[0] entries."""
    ml = rp[S.R_MAX_LEADERS]
    n_cards = DECK + rp[S.R_JOKERS]
    deck = np.arange(n_cards)
    n = 0
    for j in range(ld.shape[0]):
        if not ld[j, L_ALIVE] or gg[j // ml, G_OUT]:
            continue
        if n >= n_cards:
            raise ValueError("deal: more leaders than cards")
        k = n + randint(s, n_cards - n)  # partial Fisher-Yates
        deck[n], deck[k] = deck[k], deck[n]
        order[n] = j
        keys[n] = card_key(rp, deck[n], s)
        n += 1
    sort_by_key(keys, order, n)  # stable: two random jokers keep the deal's order
    return n


@kernel
def head_leader(ld, rp, g):
    """Gang g's head: its live leader of the highest rank, then the most XP, then the lowest
    row; -1 if it has none."""
    ml = rp[S.R_MAX_LEADERS]
    best = -1
    for j in range(g * ml, (g + 1) * ml):
        if not ld[j, L_ALIVE]:
            continue
        if best < 0 or ld[j, L_RANK] > ld[best, L_RANK] or \
                (ld[j, L_RANK] == ld[best, L_RANK] and ld[j, L_XP] > ld[best, L_XP]):
            best = j
    return best


@kernel
def daily_leader_xp(ld, gg, rp, s):
    """20.2, each turn: every live leader but the head (or, when ``head_xp_roll`` is 'rank',
    every leader below Boss rank) gains a D(subordinate_xp_die). Gangs in seat order, leaders
    in row order."""
    ml = rp[S.R_MAX_LEADERS]
    if rp[S.R_SUB_XP_DIE] <= 0:
        return
    for g in range(gg.shape[0]):
        if gg[g, G_OUT]:
            continue
        head = head_leader(ld, rp, g)
        for j in range(g * ml, (g + 1) * ml):
            if not ld[j, L_ALIVE]:
                continue
            spared = ld[j, L_RANK] == 3 if rp[S.R_HEAD_BY_RANK] else j == head
            if not spared:
                ld[j, L_XP] += roll(s, rp[S.R_SUB_XP_DIE])


@kernel
def weekly_head_xp(ld, gg, rp):
    """20.2, at the set's end: the head gains 1 XP per ``leader_cash_per_xp`` cr collected in
    the set (rounded down)."""
    for g in range(gg.shape[0]):
        if gg[g, G_OUT]:
            continue
        head = head_leader(ld, rp, g)
        if head >= 0:
            ld[head, L_XP] += gg[g, G_COLLECTED] // rp[S.R_CASH_PER_XP]
