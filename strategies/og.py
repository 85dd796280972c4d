"""Scripted O.G. players: a policy (njit) per kind plus a weight vector per named preset.

The engine calls three decisions: the turn's action (Recruit / Upgrade / Drive-by / none),
each Expand (which block, what to commit), and the defence when attacked. Every policy reads
the full visible state (O.G. has no hidden information) and writes an int64 decision vector
(layout ``D_*`` in ``sim.og.state``). The random player draws from the game's own stream.
"""

from __future__ import annotations

import math

import numpy as np

from sim.core.grid import borders
from sim.core.jit import kernel, step
from sim.core.rng import randint
from sim.og import state as S
from strategies.presets import Preset, weight_table

# policy kinds
RANDOM, EXPANDER, BUILDER, HARASSER, HUNTER, BALANCED = 0, 1, 2, 3, 4, 5

# weight vector layout: float64[N_W]
W_ATTACK_MARGIN = 0  # attack when expected (my remaining - their remaining) crew >= this
W_COMMIT_CREW = 1  # share of available crew committed to an attack
W_COMMIT_CHROME = 2  # share of Chrome committed to an attack
W_DEF_CREW = 3  # share of Crew committed to an ordinary defence
W_DEF_CHROME = 4  # share of Chrome committed to an ordinary defence
W_CHROME_SHARE = 5  # buy Chrome while it is below this share of Crew + Chrome, else Crew
W_BANK = 6  # attack only with at least this much available Crew + Chrome
W_DRIVEBY_FRAC = 7  # share of Crew sent on a Drive-by
W_DRIVEBY_THREAT = 8  # Drive-by the leader once their Props >= goal - this
W_DRIVEBY_LEAD = 9  # ... or once they lead my Props by at least this
W_SPECIAL_VALUE = 10  # extra value of a special block as a target
W_ALLIN = 11  # 1: defend with everything when the block is special or one of my last two
W_PROPS_SPEND = 12  # share of Props spent on dice in an all-in fight (optional rule only)
W_LEADER_BIAS = 13  # extra value of taking a block from the Props leader
W_DRIVEBY_MIN_CREW = 14  # Drive-by only with at least this much Crew
W_IMPATIENCE = 15  # margin asked drops by this per own turn without a Props gain (after a grace)
N_W = 16

# fixed tuning of the scripted players (not rules, not swept)
FREE_BLOCK_VALUE = 10.0  # a free block outranks every fight: it costs no crew and risks nothing
IMPATIENCE_GRACE = 3  # own turns without a Props gain before the asked margin starts to drop
HUNTER_SPECIAL_NEED = -1.0  # hunters accept a worse margin for a special block ...
HUNTER_ORDINARY_NEED = 2.0  # ... and ask a better one for an ordinary block
MARGIN_TIE_BREAK = 0.05  # value per expected crew of margin, to rank fights of equal worth
DEFENDER_TIE_BREAK = 0.01  # value lost per defending crew, the same purpose
LAST_BLOCKS = 2  # all-in defence of any block while holding this many or fewer


_BASE = {W_ATTACK_MARGIN: 0.5, W_COMMIT_CREW: 1.0, W_COMMIT_CHROME: 0.5, W_DEF_CREW: 1.0,
         W_DEF_CHROME: 0.5, W_CHROME_SHARE: 0.25, W_BANK: 0.0, W_DRIVEBY_FRAC: 0.5,
         W_DRIVEBY_THREAT: 2.0, W_DRIVEBY_LEAD: 99.0, W_SPECIAL_VALUE: 1.0, W_ALLIN: 1.0,
         W_PROPS_SPEND: 0.0, W_LEADER_BIAS: 0.0, W_DRIVEBY_MIN_CREW: 2.0, W_IMPATIENCE: 0.5}

PRESETS = {
    p.name: p
    for p in [
        Preset("random", RANDOM, {}, "Uniformly random legal player: the floor every strategy "
               "must beat."),
        Preset("expander", EXPANDER, {W_CHROME_SHARE: 0.0, W_ATTACK_MARGIN: 0.0,
                                      W_DRIVEBY_THREAT: 1.0, W_PROPS_SPEND: 0.25},
               "Recruits every turn, grabs free blocks, then attacks the weakest neighbour as "
               "soon as the odds favour it."),
        Preset("builder", BUILDER, {W_CHROME_SHARE: 0.4, W_BANK: 10.0, W_ATTACK_MARGIN: 2.0,
                                    W_COMMIT_CHROME: 1.0, W_PROPS_SPEND: 0.25},
               "Takes free blocks but banks Crew and Chrome until it holds a big force, then "
               "strikes with all of it."),
        Preset("harasser", HARASSER, {W_DRIVEBY_THREAT: 4.0, W_DRIVEBY_LEAD: 2.0,
                                      W_DRIVEBY_FRAC: 0.75, W_ATTACK_MARGIN: 2.0,
                                      W_DRIVEBY_MIN_CREW: 4.0},
               "Drive-bys whoever leads it on Props; takes free blocks and only safe fights."),
        Preset("hunter", HUNTER, {W_SPECIAL_VALUE: 6.0, W_ATTACK_MARGIN: 1.0,
                                  W_CHROME_SHARE: 0.2, W_PROPS_SPEND: 0.5},
               "Heads for the special blocks, attacking their holders; ordinary blocks only when "
               "free or very cheap."),
        Preset("balanced", BALANCED, {W_ATTACK_MARGIN: 1.0, W_CHROME_SHARE: 0.3,
                                      W_DRIVEBY_THREAT: 3.0, W_LEADER_BIAS: 1.0,
                                      W_SPECIAL_VALUE: 2.0, W_PROPS_SPEND: 0.25},
               "Scores every option: free blocks first, fights it expects to win (preferring the "
               "leader's blocks), Drive-bys on a leader close to the goal."),
    ]
}

WEIGHT_NAMES = {
    "attack_margin": W_ATTACK_MARGIN, "commit_crew": W_COMMIT_CREW,
    "commit_chrome": W_COMMIT_CHROME, "defend_crew": W_DEF_CREW,
    "defend_chrome": W_DEF_CHROME, "chrome_share": W_CHROME_SHARE, "bank": W_BANK,
    "driveby_share": W_DRIVEBY_FRAC, "driveby_threat": W_DRIVEBY_THREAT,
    "driveby_lead": W_DRIVEBY_LEAD, "special_value": W_SPECIAL_VALUE, "all_in": W_ALLIN,
    "props_spend": W_PROPS_SPEND, "leader_bias": W_LEADER_BIAS,
    "driveby_min_crew": W_DRIVEBY_MIN_CREW, "impatience": W_IMPATIENCE,
}


def table(names: list[str], overrides: dict | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(kinds int64[n], weights float64[n, N_W]) for a list of preset names; ``overrides`` maps
    a name to {weight name: value}."""
    return weight_table(PRESETS, _BASE, WEIGHT_NAMES, N_W, names, overrides)


# ---------------------------------------------------------------- shared state queries


@step
def _ceil_share(share, n):
    """ceil(share * n) clipped to [0, n]."""
    k = np.int64(math.ceil(share * n - 1e-9))
    return min(max(k, 0), n)


@step
def _frontier(owner, nbr, me, buf):
    """Write the cells not mine that touch one of mine into ``buf[:n]`` in ascending order;
    return n. One pass in cell order: the neighbour relation is symmetric (sim.core.grid), so a
    cell touches one of mine exactly when one of its own neighbours is mine."""
    n = 0
    for cell in range(owner.shape[0]):
        if owner[cell] == me:
            continue
        for j in range(nbr.shape[1]):
            o = nbr[cell, j]
            if o < 0:
                break
            if owner[o] == me:
                buf[n] = cell
                n += 1
                break
    return n


@step
def _props_leader(rating, blocks, me):
    """Live rival with the most Props (lowest seat on ties), or -1."""
    best = -1
    for p in range(rating.shape[0]):
        if p != me and blocks[p] > 0:
            if best < 0 or rating[p, S.PROPS] > rating[best, S.PROPS]:
                best = p
    return best


@step
def _clear(dec):
    for i in range(dec.shape[0]):
        dec[i] = 0


# ---------------------------------------------------------------- the three decisions


@kernel
def choose_action(kind, w, me, owner, special, nbr, rating, blocks, rp, s, dec):
    """Fill ``dec`` with this turn's action (D_KIND = Action) for player ``me``."""
    _clear(dec)
    crew = rating[me, S.CREW]
    papers = rating[me, S.PAPERS]
    chrome = rating[me, S.CHROME]
    adjacent_only = rp[S.R_DRIVEBY_ADJ] != 0
    if kind == RANDOM:
        # candidate kinds: none, recruit, upgrade (need papers), drive-by (needs crew, target)
        opts = np.zeros(S.N_ACTIONS, dtype=np.int64)
        n = 0
        opts[n] = S.Action.NONE
        n += 1
        if papers > 0:
            opts[n] = S.Action.RECRUIT
            n += 1
            opts[n] = S.Action.UPGRADE
            n += 1
        targets = np.zeros(rating.shape[0], dtype=np.int64)
        nt = 0
        for p in range(rating.shape[0]):
            if p != me and blocks[p] > 0:
                if not adjacent_only or borders(owner, nbr, me, p):
                    targets[nt] = p
                    nt += 1
        if crew > 0 and nt > 0:
            opts[n] = S.Action.DRIVEBY
            n += 1
        act = opts[randint(s, n)]
        dec[S.D_KIND] = act
        if act == S.Action.RECRUIT or act == S.Action.UPGRADE:
            dec[S.D_AMOUNT] = 1 + randint(s, papers)
        elif act == S.Action.DRIVEBY:
            dec[S.D_TARGET] = targets[randint(s, nt)]
            dec[S.D_CREW] = 1 + randint(s, crew)
            dec[S.D_CHROME] = randint(s, chrome + 1)
            if rp[S.R_PROPS_SPEND] != 0:
                dec[S.D_PROPS] = randint(s, max(rating[me, S.PROPS], 0) + 1)
        return
    # scripted players: Drive-by a threatening leader, else spend all Papers
    leader = _props_leader(rating, blocks, me)
    if leader >= 0 and crew >= max(w[W_DRIVEBY_MIN_CREW], 1):
        lp = rating[leader, S.PROPS]
        threat = lp >= rp[S.R_GOAL] - w[W_DRIVEBY_THREAT]
        ahead = lp - rating[me, S.PROPS] >= w[W_DRIVEBY_LEAD]
        in_range = not adjacent_only or borders(owner, nbr, me, leader)
        if (threat or ahead) and lp > 0 and in_range:
            dec[S.D_KIND] = S.Action.DRIVEBY
            dec[S.D_TARGET] = leader
            dec[S.D_CREW] = max(1, _ceil_share(w[W_DRIVEBY_FRAC], crew))
            if threat:
                dec[S.D_CHROME] = _ceil_share(w[W_COMMIT_CHROME], chrome)
            return
    if papers <= 0:
        dec[S.D_KIND] = S.Action.NONE
        return
    if chrome < w[W_CHROME_SHARE] * (crew + chrome + papers):
        dec[S.D_KIND] = S.Action.UPGRADE
    else:
        dec[S.D_KIND] = S.Action.RECRUIT
    dec[S.D_AMOUNT] = papers


@step
def choose_expand(kind, w, me, avail, quiet, owner, special, nbr, rating, blocks, rp, s, dec,
                  buf):
    """Fill ``dec`` with the next Expand (D_KIND = EXPAND) or stop (STOP).

    ``avail`` is Crew free to fight (Drive-by crew excluded); ``quiet`` counts my turns since my
    Props last rose (impatience breaks stand-offs); ``buf`` is int64[ncell] scratch.
    """
    _clear(dec)
    n = _frontier(owner, nbr, me, buf)
    if n == 0:
        return
    chrome = rating[me, S.CHROME]
    spend_ok = rp[S.R_PROPS_SPEND] != 0
    if kind == RANDOM:
        if randint(s, 2) == 0:
            return
        cell = buf[randint(s, n)]
        if owner[cell] >= 0:
            if avail <= 0:
                return
            dec[S.D_CREW] = 1 + randint(s, avail)
            dec[S.D_CHROME] = randint(s, chrome + 1)
            if spend_ok:
                dec[S.D_PROPS] = randint(s, max(rating[me, S.PROPS], 0) + 1)
        dec[S.D_KIND] = S.EXPAND
        dec[S.D_TARGET] = cell
        return
    q = (rp[S.R_SIDES] - rp[S.R_SUCCESS] + 1) / rp[S.R_SIDES]
    leader = _props_leader(rating, blocks, me)
    best = -1
    best_value = -1e9
    best_crew = 0
    best_chrome = 0
    commit_a = _ceil_share(w[W_COMMIT_CREW], avail)  # the same for every target
    commit_x = _ceil_share(w[W_COMMIT_CHROME], chrome)
    can_fight = commit_a > 0 and commit_a + commit_x >= w[W_BANK]
    patience = w[W_ATTACK_MARGIN] - w[W_IMPATIENCE] * max(quiet - IMPATIENCE_GRACE, 0)
    for i in range(n):
        cell = buf[i]
        is_special = special[cell] >= 0
        value = float(rp[S.R_TERRITORY_PROPS])
        if is_special:
            value += w[W_SPECIAL_VALUE]
        foe = owner[cell]
        a = 0
        x = 0
        if foe < 0:
            value += FREE_BLOCK_VALUE
        else:
            if not can_fight:
                continue
            a = commit_a
            x = commit_x
            d = rating[foe, S.CREW]
            y = rating[foe, S.CHROME]
            margin = (a - (d + y) * q) - (d - (a + x) * q)
            need = patience
            if kind == HUNTER:
                need += HUNTER_SPECIAL_NEED if is_special else HUNTER_ORDINARY_NEED
            if margin < need:
                continue
            value += rp[S.R_WIN_PROPS] + MARGIN_TIE_BREAK * margin - DEFENDER_TIE_BREAK * d
            if foe == leader:
                value += w[W_LEADER_BIAS]
        if value > best_value:
            best_value = value
            best = cell
            best_crew = a
            best_chrome = x
    if best < 0:
        return
    dec[S.D_KIND] = S.EXPAND
    dec[S.D_TARGET] = best
    if owner[best] >= 0:
        dec[S.D_CREW] = best_crew
        dec[S.D_CHROME] = best_chrome
        if spend_ok and special[best] >= 0:
            dec[S.D_PROPS] = np.int64(w[W_PROPS_SPEND] * max(rating[me, S.PROPS], 0))


@kernel
def choose_defence(kind, w, me, attacker, cell, a_crew, a_extra, owner, special, rating, blocks,
                   rp, s, dec):
    """Fill ``dec`` (D_CREW, D_CHROME, D_PROPS) with what ``me`` commits to hold ``cell``."""
    _clear(dec)
    crew = rating[me, S.CREW]
    chrome = rating[me, S.CHROME]
    props = max(rating[me, S.PROPS], 0)
    spend_ok = rp[S.R_PROPS_SPEND] != 0
    if kind == RANDOM:
        dec[S.D_CREW] = randint(s, crew + 1)
        dec[S.D_CHROME] = randint(s, chrome + 1)
        if spend_ok:
            dec[S.D_PROPS] = randint(s, props + 1)
        return
    crucial = w[W_ALLIN] > 0 and (special[cell] >= 0 or blocks[me] <= LAST_BLOCKS)
    if crucial:
        dec[S.D_CREW] = crew
        dec[S.D_CHROME] = chrome
        if spend_ok:
            dec[S.D_PROPS] = np.int64(w[W_PROPS_SPEND] * props)
    else:
        dec[S.D_CREW] = _ceil_share(w[W_DEF_CREW], crew)
        dec[S.D_CHROME] = _ceil_share(w[W_DEF_CHROME], chrome)
