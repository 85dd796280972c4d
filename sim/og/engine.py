"""The O.G. rules engine: one game in ``_play``, many in ``_play_batch`` (numba kernels).

Public entry points are plain Python: :func:`play_batch` (records for many games) and
:func:`replay` (one game with its event trace). Both run the same ``_play``; the trace buffer
is written only when it has rows, and never consumes randomness, so a traced replay is the
very game the batch played.
"""

from __future__ import annotations

import os
from typing import NamedTuple

import numpy as np

from sim.core.jit import batch_kernel, kernel, prange
from sim.core.rng import STATE_SIZE, count_successes, randint, roll, seed_state
from sim.og import state as S
from sim.og.board import geometry
from sim.og.rules import OGRules
from strategies.og import choose_action, choose_defence, choose_expand

MAX_EVENTS = 20000


class InvariantError(RuntimeError):
    """A game broke an engine invariant (debug mode); the message says how to replay it."""


def debug_default() -> bool:
    """Debug mode (invariant checks) is on when GANGSIM_DEBUG=1; tests switch it on."""
    return os.environ.get("GANGSIM_DEBUG", "") == "1"


def raise_on_broken(g_out: np.ndarray, seed: int, stream: int, game0: int, key_div: int = 1):
    """Raise InvariantError naming the first game whose invariants broke, if any."""
    bad = np.flatnonzero(g_out[:, S.G_ERROR])
    if len(bad):
        i = int(bad[0])
        game = game0 + i
        raise InvariantError(
            f"game {game} broke invariant {S.Bad(int(g_out[i, S.G_ERROR])).name} in round "
            f"{g_out[i, S.G_ERROR_ROUND]} ({len(bad)} game(s) of this batch did); replay it "
            f"with seed={seed}, stream={stream}, game={game}, key_div={key_div} "
            f"(engine.replay), or `gangsim replay RESULTS --point P --game {game}`")


class Batch(NamedTuple):
    """Records of a batch: per-game int64[n, N_GAME_COLS], per-player int64[n, P, N_PLAYER_COLS]."""

    games: np.ndarray
    players: np.ndarray


# ---------------------------------------------------------------- small rule steps


@kernel
def _ev(trace, nev, rnd, player, kind, a=0, b=0, c=0, d=0, e=0, f=0, g=0, h=0, i=0):
    """Append one event when tracing (``trace`` has rows); returns the new event count."""
    if nev >= trace.shape[0]:
        return nev
    row = trace[nev]
    row[0] = rnd
    row[1] = player
    row[2] = kind
    row[3] = a
    row[4] = b
    row[5] = c
    row[6] = d
    row[7] = e
    row[8] = f
    row[9] = g
    row[10] = h
    row[11] = i
    return nev + 1


@kernel
def resolve_fight(s, a_crew, a_extra, d_crew, d_extra, sides, target, ties_attacker):
    """Roll one takeover fight; return (attacker hits, defender hits, attacker won).

    Every die (crew, Chrome or spent Props) hits on ``target``+; each hit removes one of the
    other side's committed crew; more remaining crew takes the block, ties per the rule.
    """
    a_hits = count_successes(s, a_crew + a_extra, sides, target)
    d_hits = count_successes(s, d_crew + d_extra, sides, target)
    a_left = max(a_crew - d_hits, 0)
    d_left = max(d_crew - a_hits, 0)
    won = a_left > d_left or (a_left == d_left and ties_attacker != 0)
    return a_hits, d_hits, won


@kernel
def resolve_driveby(s, crew, extra, sides, target):
    """Roll one Drive-by; return (crew dice that hit, extra dice that hit)."""
    return count_successes(s, crew, sides, target), count_successes(s, extra, sides, target)


@kernel
def _add_props(rating, rp, p, delta):
    v = rating[p, S.PROPS] + delta
    if rp[S.R_PROPS_NEGATIVE] == 0 and v < 0:
        v = 0
    rating[p, S.PROPS] = v


@kernel
def _pick_free(s, owner, special, cells, n_take, need_free_neighbour, nbr):
    """A uniformly random cell from ``cells`` that is free and ordinary (and, if asked, has a
    free ordinary neighbour); -1 if none."""
    n_ok = 0
    for c in cells[:n_take]:
        if owner[c] < 0 and special[c] < 0:
            if not need_free_neighbour or _free_partner(owner, special, nbr, c, -1) >= 0:
                n_ok += 1
    if n_ok == 0:
        return -1
    k = randint(s, n_ok)
    for c in cells[:n_take]:
        if owner[c] < 0 and special[c] < 0:
            if not need_free_neighbour or _free_partner(owner, special, nbr, c, -1) >= 0:
                if k == 0:
                    return c
                k -= 1
    return -1


@kernel
def _free_partner(owner, special, nbr, c, pick):
    """Number of free ordinary orthogonal neighbours of ``c`` if pick < 0, else the pick-th one."""
    n = 0
    for j in range(4):  # starting pairs are orthogonal whatever the adjacency rule
        o = nbr[c, j]
        if o >= 0 and owner[o] < 0 and special[o] < 0:
            if n == pick:
                return o
            n += 1
    return n - 1 if pick < 0 else -1


@kernel
def _setup_board(s, rp, nbr, ring, centre, special_counts, owner, special, blocks, trace, nev):
    """Place starting blocks (two adjacent per seat) then the special blocks."""
    P = blocks.shape[0]
    ncell = owner.shape[0]
    all_cells = np.arange(ncell)
    if rp[S.R_START_PERIMETER] != 0:
        L = ring.shape[0]
        offset = randint(s, L)
        for p in range(P):
            k = (offset + (p * L) // P) % L
            a = ring[k]
            b = ring[(k + 1) % L]
            owner[a] = p
            owner[b] = p
            blocks[p] = 2
            nev = _ev(trace, nev, 0, p, S.Ev.START_BLOCK, a)
            nev = _ev(trace, nev, 0, p, S.Ev.START_BLOCK, b)
    else:
        for p in range(P):
            a = _pick_free(s, owner, special, all_cells, ncell, True, nbr)
            n_b = _free_partner(owner, special, nbr, a, -1) + 1
            b = _free_partner(owner, special, nbr, a, randint(s, n_b))
            owner[a] = p
            owner[b] = p
            blocks[p] = 2
            nev = _ev(trace, nev, 0, p, S.Ev.START_BLOCK, a)
            nev = _ev(trace, nev, 0, p, S.Ev.START_BLOCK, b)
    for t in range(special_counts.shape[0]):
        for _ in range(special_counts[t]):
            if rp[S.R_SPECIAL_CENTER] != 0:
                c = -1
                for cand in centre:
                    if owner[cand] < 0 and special[cand] < 0:
                        c = cand
                        break
            else:
                c = _pick_free(s, owner, special, all_cells, ncell, False, nbr)
            special[c] = t
            nev = _ev(trace, nev, 0, -1, S.Ev.SPECIAL, c, t)
    if rp[S.R_SPECIAL_CENTER] != 0:
        # the centre cells are fixed; shuffle which special sits on which (Fisher-Yates)
        cells = np.empty(ncell, dtype=np.int64)
        n = 0
        for c in range(ncell):
            if special[c] >= 0:
                cells[n] = c
                n += 1
        for i in range(n - 1, 0, -1):
            j = randint(s, i + 1)
            tmp = special[cells[i]]
            special[cells[i]] = special[cells[j]]
            special[cells[j]] = tmp
        if trace.shape[0] > 0:  # re-state the final layout for the narrator
            for i in range(n):
                nev = _ev(trace, nev, 0, -1, S.Ev.SPECIAL, cells[i], special[cells[i]])
    return nev


@kernel
def _rolloff(s, P, sides, trace, nev):
    """All seats roll; the highest goes first; tied highest re-roll. Returns (first, dice, nev)."""
    rolling = np.ones(P, dtype=np.bool_)
    dice = 0
    faces = np.zeros(6, dtype=np.int64)
    while True:
        best = 0
        n_best = 0
        winner = -1
        rolls = np.zeros(P, dtype=np.int64)
        for p in range(P):
            if rolling[p]:
                rolls[p] = roll(s, sides)
                dice += 1
                if rolls[p] > best:
                    best = rolls[p]
                    n_best = 1
                    winner = p
                elif rolls[p] == best:
                    n_best += 1
        for p in range(P):
            faces[p] = rolls[p]
        nev = _ev(trace, nev, 0, -1, S.Ev.ROLLOFF, faces[0], faces[1], faces[2], faces[3],
                  faces[4], faces[5])
        if n_best == 1:
            return winner, dice, nev
        for p in range(P):
            rolling[p] = rolling[p] and rolls[p] == best


@kernel
def check_invariants(owner, blocks, rating, props_floor, eliminated):
    """Bad code of the first broken invariant of a game state, 0 if all hold.

    ``eliminated`` bool[P]: gangs already out of the game.
    """
    P = blocks.shape[0]
    for p in range(P):
        for r in range(3):
            if rating[p, r] < 0:
                return S.Bad.NEGATIVE_RATING
        if props_floor and rating[p, S.PROPS] < 0:
            return S.Bad.NEGATIVE_RATING
    counts = np.zeros(P, dtype=np.int64)
    for c in range(owner.shape[0]):
        o = owner[c]
        if o < -1 or o >= P:
            return S.Bad.BAD_OWNER
        if o >= 0:
            counts[o] += 1
    for p in range(P):
        if counts[p] != blocks[p]:
            return S.Bad.BLOCK_COUNT
        if eliminated[p] == (counts[p] > 0):
            return S.Bad.ELIMINATED_HOLDS
    return S.Bad.OK


# ---------------------------------------------------------------- one game


@kernel
def _play(s, rp, income, special_counts, nbr, ring, centre, kinds, weights, g_out, p_out, trace,
          first_shift=0):
    """Play one game; fill g_out int64[N_GAME_COLS] and p_out int64[P, N_PLAYER_COLS].

    ``kinds`` int64[P] and ``weights`` float64[P, N_W] are each seat's policy; ``trace``
    int64[T, N_EV_COLS] receives events when T > 0. ``first_shift`` passes the first turn that
    many seats on from the roll-off winner (0 in normal play; common-random-number blocks
    rotate it so each seat goes first once on the same dice). Returns the events written.
    """
    P = kinds.shape[0]
    ncell = nbr.shape[0]
    sides = rp[S.R_SIDES]
    target = rp[S.R_SUCCESS]
    goal = rp[S.R_GOAL]
    owner = np.full(ncell, -1, dtype=np.int64)
    special = np.full(ncell, -1, dtype=np.int64)
    blocks = np.zeros(P, dtype=np.int64)
    rating = np.zeros((P, 4), dtype=np.int64)
    dec = np.zeros(S.N_DEC, dtype=np.int64)
    buf = np.zeros(2 * ncell, dtype=np.int64)  # frontier list + marks (see _frontier)
    g_out[:] = 0
    p_out[:, :] = 0
    nev = 0
    for p in range(P):
        for r in range(4):
            rating[p, r] = rp[S.R_START + r]
        p_out[p, S.P_ELIM_ROUND] = -1
    nev = _setup_board(s, rp, nbr, ring, centre, special_counts, owner, special, blocks, trace,
                       nev)
    first, dice, nev = _rolloff(s, P, sides, trace, nev)
    first = (first + first_shift) % P
    nev = _ev(trace, nev, 0, first, S.Ev.FIRST)
    for k in range(P):
        p_out[(first + k) % P, S.P_ORDER] = k

    quiet = np.zeros(P, dtype=np.int64)  # own turns since the player's Props last rose
    winner = -1
    end = S.End.TURN_LIMIT
    turns = 0
    rnd = 0
    leader = -1
    lead_changes = 0
    winner_lead_from = -1
    hist = np.zeros((rp[S.R_MAX_ROUNDS] + 1, P), dtype=np.int64)  # Props at each round's end
    for p in range(P):
        hist[0, p] = rating[p, S.PROPS]
    while rnd < rp[S.R_MAX_ROUNDS] and winner < 0:
        rnd += 1
        for k in range(P):
            me = (first + k) % P
            if blocks[me] == 0:
                continue
            turns += 1
            kind = kinds[me]
            w = weights[me]
            props_before = rating[me, S.PROPS]
            # 1. resources
            gain_crew = 0
            gain_papers = rp[S.R_BASE_PAPERS]
            gain_chrome = 0
            for c in range(ncell):
                if owner[c] == me and special[c] >= 0:
                    gain_crew += income[special[c], 0]
                    gain_papers += income[special[c], 1]
                    gain_chrome += income[special[c], 2]
                    p_out[me, S.P_HELD + special[c]] += 1
            rating[me, S.CREW] += gain_crew
            rating[me, S.PAPERS] += gain_papers
            rating[me, S.CHROME] += gain_chrome
            nev = _ev(trace, nev, rnd, me, S.Ev.INCOME, gain_crew, gain_papers, gain_chrome)
            # 2. one action
            choose_action(kind, w, me, owner, special, nbr, rating, blocks, rp, s, dec)
            locked = 0
            act = dec[S.D_KIND]
            if act == S.Action.RECRUIT or act == S.Action.UPGRADE:
                amount = min(max(dec[S.D_AMOUNT], 0), rating[me, S.PAPERS])
                rating[me, S.PAPERS] -= amount
                if act == S.Action.RECRUIT:
                    rating[me, S.CREW] += amount
                    p_out[me, S.P_RECRUITS] += 1
                    nev = _ev(trace, nev, rnd, me, S.Ev.RECRUIT, amount)
                else:
                    rating[me, S.CHROME] += amount
                    p_out[me, S.P_UPGRADES] += 1
                    nev = _ev(trace, nev, rnd, me, S.Ev.UPGRADE, amount)
            elif act == S.Action.DRIVEBY:
                tgt = dec[S.D_TARGET]
                crew = min(max(dec[S.D_CREW], 1), rating[me, S.CREW])
                chrome = min(max(dec[S.D_CHROME], 0), rating[me, S.CHROME])
                spent = 0
                if rp[S.R_PROPS_SPEND] != 0:
                    spent = min(max(dec[S.D_PROPS], 0), max(rating[me, S.PROPS], 0))
                ok = (tgt >= 0 and tgt < P and tgt != me and blocks[tgt] > 0 and crew >= 1)
                if ok and rp[S.R_DRIVEBY_ADJ] != 0:
                    ok = False
                    for c in range(ncell):
                        if owner[c] == tgt:
                            for j in range(nbr.shape[1]):
                                o = nbr[c, j]
                                if o >= 0 and owner[o] == me:
                                    ok = True
                if ok:
                    crew_hits, extra_hits = resolve_driveby(s, crew, chrome + spent, sides, target)
                    dice += crew + chrome + spent
                    rating[me, S.CREW] -= crew - crew_hits
                    rating[me, S.CHROME] -= chrome
                    rating[me, S.PROPS] -= spent
                    before = rating[tgt, S.PROPS]
                    _add_props(rating, rp, tgt, -(crew_hits + extra_hits))
                    locked = crew_hits
                    g_out[S.G_DRIVEBYS] += 1
                    p_out[me, S.P_DRIVEBYS] += 1
                    nev = _ev(trace, nev, rnd, me, S.Ev.DRIVEBY, tgt, crew, chrome, spent,
                              crew_hits, extra_hits, before - rating[tgt, S.PROPS])
                else:
                    nev = _ev(trace, nev, rnd, me, S.Ev.PASS)
            else:
                nev = _ev(trace, nev, rnd, me, S.Ev.PASS)
            # 3-5. Expand, fights, Props
            for _e in range(rp[S.R_MAX_EXPAND]):
                avail = rating[me, S.CREW] - locked
                choose_expand(kind, w, me, avail, quiet[me], owner, special, nbr, rating, blocks,
                              rp, s, dec, buf)
                if dec[S.D_KIND] == 0:
                    break
                cell = dec[S.D_TARGET]
                legal = cell >= 0 and cell < ncell and owner[cell] != me
                if legal:
                    legal = False
                    for j in range(nbr.shape[1]):
                        o = nbr[cell, j]
                        if o >= 0 and owner[o] == me:
                            legal = True
                if not legal:
                    break
                foe = owner[cell]
                if foe < 0:
                    owner[cell] = me
                    blocks[me] += 1
                    p_out[me, S.P_CLAIMS] += 1
                    nev = _ev(trace, nev, rnd, me, S.Ev.CLAIM, cell)
                else:
                    a_crew = min(max(dec[S.D_CREW], 1), avail)
                    if a_crew < 1:
                        break
                    a_chrome = min(max(dec[S.D_CHROME], 0), rating[me, S.CHROME])
                    a_props = 0
                    if rp[S.R_PROPS_SPEND] != 0:
                        a_props = min(max(dec[S.D_PROPS], 0), max(rating[me, S.PROPS], 0))
                    choose_defence(kinds[foe], weights[foe], foe, me, cell, a_crew,
                                   a_chrome + a_props, owner, special, rating, blocks, rp, s, dec)
                    d_crew = min(max(dec[S.D_CREW], 0), rating[foe, S.CREW])
                    d_chrome = min(max(dec[S.D_CHROME], 0), rating[foe, S.CHROME])
                    d_props = 0
                    if rp[S.R_PROPS_SPEND] != 0:
                        d_props = min(max(dec[S.D_PROPS], 0), max(rating[foe, S.PROPS], 0))
                    if rp[S.R_PROPS_SPEND] != 0:
                        nev = _ev(trace, nev, rnd, me, S.Ev.SPEND, a_props, d_props)
                    a_hits, d_hits, won = resolve_fight(s, a_crew, a_chrome + a_props, d_crew,
                                                        d_chrome + d_props, sides, target,
                                                        rp[S.R_TIES_ATTACKER])
                    dice += a_crew + a_chrome + a_props + d_crew + d_chrome + d_props
                    g_out[S.G_FIGHTS] += 1
                    p_out[me, S.P_ATTACKS] += 1
                    p_out[foe, S.P_DEFENCES] += 1
                    rating[me, S.CREW] -= min(d_hits, a_crew)
                    rating[foe, S.CREW] -= min(a_hits, d_crew)
                    rating[me, S.CHROME] -= a_chrome
                    rating[foe, S.CHROME] -= d_chrome
                    rating[me, S.PROPS] -= a_props
                    rating[foe, S.PROPS] -= d_props
                    nev = _ev(trace, nev, rnd, me, S.Ev.FIGHT, cell, foe, a_crew,
                              a_chrome + a_props, d_crew, d_chrome + d_props, a_hits, d_hits,
                              me if won else foe)
                    win_p = me if won else foe
                    lose_p = foe if won else me
                    win_c = a_crew if won else d_crew
                    lose_c = d_crew if won else a_crew
                    _add_props(rating, rp, win_p, rp[S.R_WIN_PROPS])
                    nev = _ev(trace, nev, rnd, win_p, S.Ev.PROPS, rp[S.R_WIN_PROPS],
                              rating[win_p, S.PROPS], S.PR_FIGHT_WIN)
                    if win_c * rp[S.R_BONUS_DIV] <= lose_c:
                        _add_props(rating, rp, win_p, rp[S.R_BONUS_PROPS])
                        nev = _ev(trace, nev, rnd, win_p, S.Ev.PROPS, rp[S.R_BONUS_PROPS],
                                  rating[win_p, S.PROPS], S.PR_BONUS)
                    _add_props(rating, rp, lose_p, -rp[S.R_LOSE_PROPS])
                    nev = _ev(trace, nev, rnd, lose_p, S.Ev.PROPS, -rp[S.R_LOSE_PROPS],
                              rating[lose_p, S.PROPS], S.PR_FIGHT_LOSS)
                    if not won:
                        p_out[foe, S.P_DEFENCES_WON] += 1
                        continue
                    p_out[me, S.P_ATTACKS_WON] += 1
                    owner[cell] = me
                    blocks[me] += 1
                    blocks[foe] -= 1
                    if blocks[foe] == 0:
                        p_out[foe, S.P_ELIM_ROUND] = rnd
                        nev = _ev(trace, nev, rnd, foe, S.Ev.ELIMINATED, me)
                _add_props(rating, rp, me, rp[S.R_TERRITORY_PROPS])
                nev = _ev(trace, nev, rnd, me, S.Ev.PROPS, rp[S.R_TERRITORY_PROPS],
                          rating[me, S.PROPS], S.PR_TERRITORY)
            quiet[me] = 0 if rating[me, S.PROPS] > props_before else quiet[me] + 1
            if rp[S.R_DEBUG] != 0:
                out_now = np.zeros(P, dtype=np.bool_)
                for p in range(P):
                    out_now[p] = p_out[p, S.P_ELIM_ROUND] >= 0
                bad = check_invariants(owner, blocks, rating, rp[S.R_PROPS_NEGATIVE] == 0,
                                       out_now)
                if bad != S.Bad.OK:
                    g_out[S.G_ERROR] = bad
                    g_out[S.G_ERROR_ROUND] = rnd
                    g_out[S.G_ROUNDS] = rnd
                    return nev
            # 6. goal, or last gang standing
            if rating[me, S.PROPS] >= goal:
                winner = me
                end = S.End.GOAL
            elif rp[S.R_LAST_STANDING] != 0:
                alive = 0
                for p in range(P):
                    if blocks[p] > 0:
                        alive += 1
                if alive == 1:
                    winner = me
                    end = S.End.LAST_STANDING
            if winner >= 0:
                nev = _ev(trace, nev, rnd, me, S.Ev.WIN, end, rating[me, S.PROPS])
                break
        # end of round: Props leader trace (unique leader among live gangs, else none)
        top = -1
        tie = False
        for p in range(P):
            if blocks[p] > 0:
                if top < 0 or rating[p, S.PROPS] > rating[top, S.PROPS]:
                    top = p
                    tie = False
                elif rating[p, S.PROPS] == rating[top, S.PROPS]:
                    tie = True
        if winner >= 0:
            top = winner
            tie = False
        if not tie and top != leader:
            if leader >= 0:
                lead_changes += 1
            leader = top
            winner_lead_from = rnd
        elif tie:
            if leader >= 0:
                lead_changes += 1
            leader = -1
        for p in range(P):
            hist[rnd, p] = rating[p, S.PROPS]
    if winner < 0:
        nev = _ev(trace, nev, rnd, -1, S.Ev.TIMEOUT)
    g_out[S.G_WINNER] = winner
    g_out[S.G_ROUNDS] = rnd
    g_out[S.G_TURNS] = turns
    g_out[S.G_END] = end
    g_out[S.G_FIRST] = first
    g_out[S.G_DICE] = dice
    g_out[S.G_GOAL] = goal
    g_out[S.G_LEAD_CHANGES] = lead_changes
    g_out[S.G_WINNER_LEAD_ROUND] = winner_lead_from if winner >= 0 else -1
    for p in range(P):
        p_out[p, S.P_CREW] = rating[p, S.CREW]
        p_out[p, S.P_PAPERS] = rating[p, S.PAPERS]
        p_out[p, S.P_CHROME] = rating[p, S.CHROME]
        p_out[p, S.P_PROPS] = rating[p, S.PROPS]
        p_out[p, S.P_BLOCKS] = blocks[p]
        n_sp = 0
        for c in range(ncell):
            if owner[c] == p and special[c] >= 0:
                n_sp += 1
        p_out[p, S.P_SPECIALS] = n_sp
        p_out[p, S.P_PROPS_MID] = hist[rnd // 2, p]
    return nev


@batch_kernel
def _play_batch(seed, stream, game0, key_div, rp, income, special_counts, nbr, ring, centre,
                kinds, weights, g_out, p_out):
    """Play games game0 .. game0+n-1, game g drawing from key (seed, stream, g // key_div);
    ``kinds`` int64[n, P], ``weights`` float64[n, P, N_W]."""
    n = g_out.shape[0]
    no_trace = np.zeros((0, S.N_EV_COLS), dtype=np.int64)
    for i in prange(n):
        s = np.empty(STATE_SIZE, dtype=np.uint64)
        seed_state(s, np.uint64(seed), np.uint64(stream), np.uint64((game0 + i) // key_div))
        _play(s, rp, income, special_counts, nbr, ring, centre, kinds[i], weights[i], g_out[i],
              p_out[i], no_trace, (game0 + i) % key_div)


# ---------------------------------------------------------------- public API


def _arrays(rules: OGRules):
    geo = geometry(rules)
    counts = np.array(rules.special_counts, dtype=np.int64)
    return rules.kernel_params(), rules.income_table(), counts, geo


def play_batch(rules: OGRules, seed: int, stream: int, game0: int, kinds: np.ndarray,
               weights: np.ndarray, key_div: int = 1, debug: bool | None = None) -> Batch:
    """Play ``len(kinds)`` games keyed (seed, stream, (game0 + i) // key_div).

    key_div > 1 makes each block of key_div consecutive games share one random stream (common
    random numbers: the same board and dice), game j of a block passing the first turn j seats
    on from the roll-off winner, so each seat goes first once on the same dice.

    kinds: int64[n, P] policy kind per game and seat; weights: float64[n, P, N_W].
    """
    kinds = np.ascontiguousarray(kinds, dtype=np.int64)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    n, P = kinds.shape
    if P != rules.players:
        raise ValueError(f"lineup has {P} seats but rules say {rules.players} players")
    rp, income, counts, geo = _arrays(rules)
    rp[S.R_DEBUG] = debug_default() if debug is None else debug
    g_out = np.zeros((n, S.N_GAME_COLS), dtype=np.int64)
    p_out = np.zeros((n, P, S.N_PLAYER_COLS), dtype=np.int64)
    _play_batch(np.uint64(seed), np.uint64(stream), np.uint64(game0), np.uint64(key_div), rp,
                income, counts, geo.nbr, geo.ring, geo.centre_order, kinds, weights, g_out,
                p_out)
    raise_on_broken(g_out, seed, stream, game0, key_div)
    return Batch(g_out, p_out)


def replay(rules: OGRules, seed: int, stream: int, game: int, kinds: np.ndarray,
           weights: np.ndarray, max_events: int = MAX_EVENTS, key_div: int = 1):
    """Replay one game with its event trace: (games[1, ...], players[1, ...], events[n, 12])."""
    kinds = np.ascontiguousarray(kinds, dtype=np.int64)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    rp, income, counts, geo = _arrays(rules)
    rp[S.R_DEBUG] = debug_default()
    P = kinds.shape[0]
    g_out = np.zeros((1, S.N_GAME_COLS), dtype=np.int64)
    p_out = np.zeros((1, P, S.N_PLAYER_COLS), dtype=np.int64)
    trace = np.zeros((max_events, S.N_EV_COLS), dtype=np.int64)
    s = np.empty(STATE_SIZE, dtype=np.uint64)
    seed_state(s, np.uint64(seed), np.uint64(stream), np.uint64(game // key_div))
    nev = _play(s, rp, income, counts, geo.nbr, geo.ring, geo.centre_order, kinds, weights,
                g_out[0], p_out[0], trace, game % key_div)
    return Batch(g_out, p_out), trace[:nev]
