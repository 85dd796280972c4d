"""The O.G. rules engine: one game in ``_play``, many in ``_play_batch`` (numba kernels).

Public entry points are plain Python: :func:`play_batch` (records for many games) and
:func:`replay` (one game with its event trace). Both run the same ``_play``; the trace buffer
is written only when it has rows, and never consumes randomness, so a traced replay is the
very game the batch played.

A game is a set-up (``_setup``), rounds of turns (``_rounds``) and the records (``_finish``).
``_rounds`` makes every random draw of a turn, in the order the rules take them: the seat's
policy picks its action, Expand targets and commitments, the defender's policy answers, the dice
are rolled. Each step of the text is then settled by a deterministic function: income
(``_income``), Recruit / Upgrade (``_exchange``), Drive-by (``_driveby_ok``, ``_settle_driveby``),
Expand (``_expand_target``, ``_claim``, ``_settle_fight``, territory Props) and the end checks
(``_end_checks``); after each round ``_end_of_round`` tracks the Props leader. State travels as
named records of arrays (``Board``, ``Gangs``, ``Scratch``, ``Out``; fixed data as
``RuleArrays`` and ``sim.core.grid.Grid``), commitments as ``Commit``.

Speed note: a numba call pays two atomic reference-count operations for each array it uses
unless the compiler proves them redundant, which it does for short steps that call nothing
(the dice and the policies call into other kernels). Keeping the draws in ``_rounds``, which
takes the arrays out of the records once per game, keeps the steps short; it is what keeps this
kernel as fast as the single loop it replaced.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from sim.core.debug import InvariantError, debug_default, raise_on_broken
from sim.core.grid import Grid, borders, touches
from sim.core.jit import batch_kernel, kernel, prange, step
from sim.core.rng import STATE_SIZE, count_successes, randint, roll, seed_state
from sim.core.trace import DEFAULT_ROWS, emit, replay_traced
from sim.core.trace import empty as empty_trace
from sim.og import state as S
from sim.og.rules import OGRules, geometry
from strategies.og import choose_action, choose_defence, choose_expand

__all__ = ["Batch", "InvariantError", "check_invariants", "debug_default", "play_batch",
           "replay", "resolve_driveby", "resolve_fight"]

MAX_EVENTS = DEFAULT_ROWS  # first guess of a replay's trace rows; replay grows it if needed
# random start placement re-draws the whole layout when a gang finds no free pair left; each
# draw succeeds with probability >= 0.2 on the tightest legal boards, so the snake fallback
# after this many is for termination only
START_TRIES = 1000


class Batch(NamedTuple):
    """Records of a batch: per-game int64[n, N_GAME_COLS], per-player int64[n, P, N_PLAYER_COLS]."""

    games: np.ndarray
    players: np.ndarray


class RuleArrays(NamedTuple):
    """The rules as the kernel reads them (fixed for a batch)."""

    rp: np.ndarray  # int64[N_RULES], indices R_* in state
    income: np.ndarray  # int64[N_SPECIAL_TYPES, N_RESOURCES]: Crew, Papers, Chrome per special
    special_counts: np.ndarray  # int64[N_SPECIAL_TYPES]


class Board(NamedTuple):
    """One game's board: who holds what, plus the grid's neighbour table."""

    owner: np.ndarray  # int64[ncell]: -1 free, else the seat holding it
    special: np.ndarray  # int64[ncell]: -1 ordinary, else the special type
    blocks: np.ndarray  # int64[P]: blocks each seat holds (0 = eliminated)
    nbr: np.ndarray  # int64[ncell, MAX_NBR]: neighbours (Grid.nbr)


class Gangs(NamedTuple):
    """One game's players: ratings and the policy each seat plays."""

    rating: np.ndarray  # int64[P, N_RATINGS]
    kinds: np.ndarray  # int64[P]: policy kind
    weights: np.ndarray  # float64[P, N_W]: policy weights
    quiet: np.ndarray  # int64[P]: own turns since the gang's Props last rose


class Scratch(NamedTuple):
    """Buffers the policies write into, reused all game."""

    dec: np.ndarray  # int64[N_DEC]: the last decision
    buf: np.ndarray  # int64[ncell]: the frontier list (strategies.og._frontier)
    hist: np.ndarray  # int64[max_rounds + 1, P]: every gang's Props at each round's end


class Commit(NamedTuple):
    """What one side puts into a Drive-by or a fight (plain integers)."""

    crew: int
    chrome: int
    props: int  # spent Props (optional rule), 0 otherwise


class Out(NamedTuple):
    """Where a game's results go."""

    g_out: np.ndarray  # int64[N_GAME_COLS]
    p_out: np.ndarray  # int64[P, N_PLAYER_COLS]
    trace: np.ndarray  # int64[T, N_EV_COLS]: events, written while rows last (T = 0 in batches)


# ---------------------------------------------------------------- dice exchanges (used by odds)


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


@step
def _ev(trace, nev, rnd, actor, kind, a=0, b=0, c=0, d=0, e=0, f=0, g=0, h=0, i=0):
    """``sim.core.trace.emit`` behind a test for room: batches (no rows) never enter it. emit
    writes through a view of the trace whose reference counting numba keeps when the write is
    optional, and that cost every step that records an event; an early return lets it drop."""
    if nev >= trace.shape[0]:
        return nev + 1
    return emit(trace, nev, rnd, actor, kind, a, b, c, d, e, f, g, h, i)


@step
def _add_props(rating, rp, p, delta):
    v = rating[p, S.PROPS] + delta
    if rp[S.R_PROPS_NEGATIVE] == 0 and v < 0:
        v = 0
    rating[p, S.PROPS] = v


# ---------------------------------------------------------------- set-up


# Small helpers called inside loops take arrays, not records: taking an array out of a record
# costs a reference-count round trip (two atomic operations), so phases unpack records once.


@kernel
def _free_partner(owner, special, nbr, n_ortho, c, pick):
    """Number of free ordinary orthogonal neighbours of ``c`` if pick < 0, else the pick-th one."""
    n = 0
    for j in range(n_ortho[c]):  # starting pairs are orthogonal whatever the adjacency
        o = nbr[c, j]
        if owner[o] < 0 and special[o] < 0:
            if n == pick:
                return o
            n += 1
    return n - 1 if pick < 0 else -1


@kernel
def _pick_free(s, owner, special, nbr, n_ortho, need_free_neighbour):
    """A uniformly random free ordinary cell (with, if asked, a free ordinary orthogonal
    neighbour); -1 if there is none."""
    ncell = owner.shape[0]
    n_ok = 0
    for c in range(ncell):
        if owner[c] < 0 and special[c] < 0:
            if not need_free_neighbour or _free_partner(owner, special, nbr, n_ortho, c, -1) >= 0:
                n_ok += 1
    if n_ok == 0:
        return -1
    k = randint(s, n_ok)
    for c in range(ncell):
        if owner[c] < 0 and special[c] < 0:
            if not need_free_neighbour or _free_partner(owner, special, nbr, n_ortho, c, -1) >= 0:
                if k == 0:
                    return c
                k -= 1
    return -1


@kernel
def _draw_random_starts(s, board, grid, pairs):
    """One attempt at random starts: each seat in turn takes a random free cell with a free
    orthogonal neighbour, then one of those neighbours. Fills ``pairs`` int64[P, 2] and the
    board; False (board partly filled) when some seat found no pair left."""
    owner, special, nbr, n_ortho = board.owner, board.special, board.nbr, grid.n_ortho
    for p in range(pairs.shape[0]):
        a = _pick_free(s, owner, special, nbr, n_ortho, True)
        if a < 0:
            return False
        n_b = _free_partner(owner, special, nbr, n_ortho, a, -1) + 1
        b = _free_partner(owner, special, nbr, n_ortho, a, randint(s, n_b))
        owner[a] = p
        owner[b] = p
        pairs[p, 0] = a
        pairs[p, 1] = b
    return True


@kernel
def _random_starts(s, board, grid, pairs, tries):
    """Random starting pairs for every seat: re-draw the whole layout (from the same stream)
    until every seat has one, so a layout that works first time is drawn exactly as before
    re-drawing existed; after ``tries`` failures, pair the cells along a snake through the grid
    (always possible on a legal board). Fills ``pairs`` int64[P, 2] and ``board.owner``."""
    owner = board.owner
    for _ in range(tries):
        if _draw_random_starts(s, board, grid, pairs):
            return
        owner[:] = -1
    w = grid.width
    for p in range(pairs.shape[0]):
        for j in range(S.START_BLOCKS):
            k = S.START_BLOCKS * p + j
            y = k // w
            x = k % w if y % 2 == 0 else w - 1 - k % w
            pairs[p, j] = y * w + x
            owner[y * w + x] = p


@kernel
def _place_starts(s, rp, grid, board, out, nev):
    """Two adjacent ordinary starting blocks per seat, spaced round the edge or at random."""
    owner, blocks, trace = board.owner, board.blocks, out.trace
    P = blocks.shape[0]
    pairs = np.empty((P, S.START_BLOCKS), dtype=np.int64)
    if rp[S.R_START_PERIMETER] != 0:
        ring = grid.ring
        L = ring.shape[0]
        offset = randint(s, L)
        for p in range(P):
            k = (offset + (p * L) // P) % L
            pairs[p, 0] = ring[k]
            pairs[p, 1] = ring[(k + 1) % L]
            owner[pairs[p, 0]] = p
            owner[pairs[p, 1]] = p
    else:
        _random_starts(s, board, grid, pairs, START_TRIES)
    for p in range(P):
        blocks[p] = S.START_BLOCKS
        for j in range(S.START_BLOCKS):
            nev = _ev(trace, nev, 0, p, S.Ev.START_BLOCK, pairs[p, j])
    return nev


@kernel
def _place_specials(s, rules, grid, board, out, nev):
    """Special blocks on free ordinary cells: uniformly at random, or nearest the centre with
    the types shuffled among those cells."""
    counts = rules.special_counts
    owner, special, trace = board.owner, board.special, out.trace
    centre = rules.rp[S.R_SPECIAL_CENTER] != 0
    for t in range(counts.shape[0]):
        for _ in range(counts[t]):
            c = -1
            if centre:
                for cand in grid.centre_order:
                    if owner[cand] < 0 and special[cand] < 0:
                        c = cand
                        break
            else:
                c = _pick_free(s, owner, special, grid.nbr, grid.n_ortho, False)
            special[c] = t
            nev = _ev(trace, nev, 0, -1, S.Ev.SPECIAL, c, t)
    if centre:
        # the centre cells are fixed; shuffle which special sits on which (Fisher-Yates)
        ncell = special.shape[0]
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
        for i in range(n):  # re-state the final layout for the narrator
            nev = _ev(trace, nev, 0, -1, S.Ev.SPECIAL, cells[i], special[cells[i]])
    return nev


@kernel
def _rolloff(s, P, sides, g_out, trace, nev):
    """All seats roll; the highest goes first; tied highest re-roll. Returns (first, nev); the
    dice count into the game record."""
    rolling = np.ones(P, dtype=np.bool_)
    faces = np.zeros(S.MAX_SEATS, dtype=np.int64)
    while True:
        best = 0
        n_best = 0
        winner = -1
        rolls = np.zeros(P, dtype=np.int64)
        for p in range(P):
            if rolling[p]:
                rolls[p] = roll(s, sides)
                g_out[S.G_DICE] += 1
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
            return winner, nev
        for p in range(P):
            rolling[p] = rolling[p] and rolls[p] == best


@kernel
def _setup(s, rules, grid, board, gangs, out, first_shift):
    """Starting ratings, starting blocks, specials, and the roll-off for the first seat.
    Returns (first seat, nev)."""
    rp, rating, p_out = rules.rp, gangs.rating, out.p_out
    P = board.blocks.shape[0]
    for p in range(P):
        for r in range(S.N_RATINGS):
            rating[p, r] = rp[S.R_START + r]
        p_out[p, S.P_ELIM_ROUND] = -1
    nev = _place_starts(s, rp, grid, board, out, 0)
    nev = _place_specials(s, rules, grid, board, out, nev)
    first, nev = _rolloff(s, P, rp[S.R_SIDES], out.g_out, out.trace, nev)
    first = (first + first_shift) % P
    out.g_out[S.G_FIRST] = first
    nev = _ev(out.trace, nev, 0, first, S.Ev.FIRST)
    for k in range(P):
        p_out[(first + k) % P, S.P_ORDER] = k
    return first, nev


# ---------------------------------------------------------------- a turn


@step
def _income(rp, income, owner, special, rating, p_out, trace, me, rnd, nev):
    """Step 1: base Papers plus every held special's income."""
    gain_crew = 0
    gain_papers = rp[S.R_BASE_PAPERS]
    gain_chrome = 0
    for c in range(owner.shape[0]):
        if owner[c] == me and special[c] >= 0:
            gain_crew += income[special[c], S.CREW]
            gain_papers += income[special[c], S.PAPERS]
            gain_chrome += income[special[c], S.CHROME]
            p_out[me, S.P_HELD + special[c]] += 1
    rating[me, S.CREW] += gain_crew
    rating[me, S.PAPERS] += gain_papers
    rating[me, S.CHROME] += gain_chrome
    return _ev(trace, nev, rnd, me, S.Ev.INCOME, gain_crew, gain_papers, gain_chrome)


@step
def _exchange(rating, p_out, trace, dec, me, rnd, nev):
    """Step 2, Recruit or Upgrade: Papers 1-for-1 into Crew or Chrome. (Most turns take this
    step, so it takes only the arrays it uses; see the speed note.)"""
    amount = min(max(dec[S.D_AMOUNT], 0), rating[me, S.PAPERS])
    rating[me, S.PAPERS] -= amount
    recruit = dec[S.D_KIND] == S.Action.RECRUIT
    rating[me, S.CREW if recruit else S.CHROME] += amount
    p_out[me, S.P_RECRUITS if recruit else S.P_UPGRADES] += 1
    return _ev(trace, nev, rnd, me, S.Ev.RECRUIT if recruit else S.Ev.UPGRADE, amount)


@step
def _commitment(rp, rating, dec, p, least, most):
    """The Commit ``p``'s decision ``dec`` asks for, clipped: Crew to [least, most], Chrome and
    Props to what ``p`` holds (Props only under the optional spending rule)."""
    crew = min(max(dec[S.D_CREW], least), most)
    chrome = min(max(dec[S.D_CHROME], 0), rating[p, S.CHROME])
    props = 0
    if rp[S.R_PROPS_SPEND] != 0:
        props = min(max(dec[S.D_PROPS], 0), max(rating[p, S.PROPS], 0))
    return Commit(crew, chrome, props)


@step
def _driveby_ok(rp, owner, nbr, blocks, me, tgt, att):
    """Step 2: may ``me`` Drive-by gang ``tgt`` with ``att``? (A live rival, at least one Crew,
    and bordering ``me`` under the 'adjacent' range rule.) If not, the turn's action is a pass."""
    if not (0 <= tgt < blocks.shape[0] and tgt != me and blocks[tgt] > 0 and att.crew >= 1):
        return False
    return rp[S.R_DRIVEBY_ADJ] == 0 or borders(owner, nbr, me, tgt)


@step
def _settle_driveby(rp, rating, g_out, p_out, trace, me, tgt, att, crew_hits, extra_hits, rnd,
                    nev):
    """Step 2, Drive-by rolled: Crew dice that missed are lost, Chrome and Props spent are gone,
    each hit costs ``tgt`` a Props. Returns (Crew locked out of this turn's fights, nev)."""
    rating[me, S.CREW] -= att.crew - crew_hits
    rating[me, S.CHROME] -= att.chrome
    rating[me, S.PROPS] -= att.props
    before = rating[tgt, S.PROPS]
    _add_props(rating, rp, tgt, -(crew_hits + extra_hits))
    g_out[S.G_DRIVEBYS] += 1
    p_out[me, S.P_DRIVEBYS] += 1
    nev = _ev(trace, nev, rnd, me, S.Ev.DRIVEBY, tgt, att.crew, att.chrome, att.props,
               crew_hits, extra_hits, before - rating[tgt, S.PROPS])
    return crew_hits, nev


@step
def _expand_target(owner, nbr, dec, me):
    """Step 3: the block the Expand decision in ``dec`` names, or -1 to stop (the policy stops,
    or names a block that is mine, off the board or not touching mine)."""
    cell = dec[S.D_TARGET]
    if dec[S.D_KIND] == S.STOP or cell < 0 or cell >= owner.shape[0] or owner[cell] == me:
        return -1
    return cell if touches(owner, nbr, cell, me) else -1


@step
def _claim(owner, blocks, p_out, trace, me, cell, rnd, nev):
    """Step 3: a free block is taken without a fight."""
    owner[cell] = me
    blocks[me] += 1
    p_out[me, S.P_CLAIMS] += 1
    return _ev(trace, nev, rnd, me, S.Ev.CLAIM, cell)


@step
def _settle_fight(rp, owner, blocks, rating, g_out, p_out, trace, me, foe, cell, att, dfn, a_hits,
                  d_hits, won, rnd, nev):
    """Steps 4-5, fight rolled: ``me`` attacked ``foe``'s ``cell`` with ``att`` against ``dfn``.
    Crew hit and Chrome and Props committed are lost, fight Props go to both sides, and the block
    changes hands if the attacker won. Returns nev."""
    a_crew, a_chrome, a_props = att.crew, att.chrome, att.props
    d_crew, d_chrome, d_props = dfn.crew, dfn.chrome, dfn.props
    g_out[S.G_FIGHTS] += 1
    p_out[me, S.P_ATTACKS] += 1
    p_out[foe, S.P_DEFENCES] += 1
    rating[me, S.CREW] -= min(d_hits, a_crew)
    rating[foe, S.CREW] -= min(a_hits, d_crew)
    rating[me, S.CHROME] -= a_chrome
    rating[foe, S.CHROME] -= d_chrome
    rating[me, S.PROPS] -= a_props
    rating[foe, S.PROPS] -= d_props
    win_p = me if won else foe
    lose_p = foe if won else me
    win_c = a_crew if won else d_crew
    lose_c = d_crew if won else a_crew
    nev = _ev(trace, nev, rnd, me, S.Ev.FIGHT, cell, foe, a_crew, a_chrome + a_props,
               d_crew, d_chrome + d_props, a_hits, d_hits, win_p)
    # the winner may be the defender
    _add_props(rating, rp, win_p, rp[S.R_WIN_PROPS])
    nev = _ev(trace, nev, rnd, win_p, S.Ev.PROPS, rp[S.R_WIN_PROPS], rating[win_p, S.PROPS],
               S.PR_FIGHT_WIN)
    if win_c * rp[S.R_BONUS_DIV] <= lose_c:
        _add_props(rating, rp, win_p, rp[S.R_BONUS_PROPS])
        nev = _ev(trace, nev, rnd, win_p, S.Ev.PROPS, rp[S.R_BONUS_PROPS],
                   rating[win_p, S.PROPS], S.PR_BONUS)
    _add_props(rating, rp, lose_p, -rp[S.R_LOSE_PROPS])
    nev = _ev(trace, nev, rnd, lose_p, S.Ev.PROPS, -rp[S.R_LOSE_PROPS],
               rating[lose_p, S.PROPS], S.PR_FIGHT_LOSS)
    if not won:
        p_out[foe, S.P_DEFENCES_WON] += 1
        return nev
    p_out[me, S.P_ATTACKS_WON] += 1
    owner[cell] = me
    blocks[me] += 1
    blocks[foe] -= 1
    if blocks[foe] == 0:
        p_out[foe, S.P_ELIM_ROUND] = rnd
        nev = _ev(trace, nev, rnd, foe, S.Ev.ELIMINATED, me)
    return nev


@kernel
def check_invariants(owner, blocks, rating, props_floor, eliminated):
    """Bad code of the first broken invariant of a game state, 0 if all hold.

    ``eliminated`` bool[P]: gangs already out of the game.
    """
    P = blocks.shape[0]
    for p in range(P):
        for r in range(S.N_RESOURCES):
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


@kernel
def _broken(rp, board, gangs, out):
    """Debug mode: Bad code of the state after a turn (0 if sound)."""
    P, p_out = board.blocks.shape[0], out.p_out
    out_now = np.zeros(P, dtype=np.bool_)
    for p in range(P):
        out_now[p] = p_out[p, S.P_ELIM_ROUND] >= 0
    return check_invariants(board.owner, board.blocks, gangs.rating, rp[S.R_PROPS_NEGATIVE] == 0,
                            out_now)


@step
def _end_checks(rp, rating, blocks, me):
    """Step 6 for the gang whose turn ends: (winner or -1, End reason)."""
    winner = -1
    end = S.End.TURN_LIMIT
    if rating[me, S.PROPS] >= rp[S.R_GOAL]:
        winner = me
        end = S.End.GOAL
    elif rp[S.R_LAST_STANDING] != 0:
        alive = 0
        for p in range(blocks.shape[0]):
            if blocks[p] > 0:
                alive += 1
        if alive == 1:
            winner = me
            end = S.End.LAST_STANDING
    return winner, end


# ---------------------------------------------------------------- rounds and records


@step
def _end_of_round(rating, blocks, hist, winner, rnd, leader, lead_changes, lead_from):
    """Props leader bookkeeping (a unique leader among live gangs, the winner once there is one;
    a tie means no leader) and the round's Props into ``scratch.hist``.
    Returns (leader, lead_changes, round the leader took the lead)."""
    P = blocks.shape[0]
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
        lead_from = rnd
    elif tie:
        if leader >= 0:
            lead_changes += 1
        leader = -1
    for p in range(P):
        hist[rnd, p] = rating[p, S.PROPS]
    return leader, lead_changes, lead_from


@kernel
def _rounds(s, rules, board, gangs, scratch, out, first, nev):
    """Play rounds from seat ``first`` until a winner or the round limit. Returns (winner,
    End reason, rounds, lead changes, round the winner took the lead for good, nev); a broken
    invariant (debug mode) stops the game with G_ERROR set."""
    rp = rules.rp
    # the arrays every turn hands to the policies, taken out of the records once
    owner, special, nbr, blocks = board.owner, board.special, board.nbr, board.blocks
    rating, kinds, weights, quiet = gangs.rating, gangs.kinds, gangs.weights, gangs.quiet
    dec, buf, hist = scratch.dec, scratch.buf, scratch.hist
    g_out, p_out, trace, income = out.g_out, out.p_out, out.trace, rules.income
    sides, success, ties_attacker = rp[S.R_SIDES], rp[S.R_SUCCESS], rp[S.R_TIES_ATTACKER]
    spend = rp[S.R_PROPS_SPEND] != 0
    P = blocks.shape[0]
    winner = -1
    end = S.End.TURN_LIMIT
    rnd = 0
    leader = -1
    lead_changes = 0
    lead_from = -1
    turns = 0
    dice = 0  # counted in locals, stored once: stores to g_out in the loop cost reloads
    while rnd < rp[S.R_MAX_ROUNDS] and winner < 0:
        rnd += 1
        for k in range(P):
            me = (first + k) % P
            if blocks[me] == 0:
                continue
            turns += 1
            kind, w = kinds[me], weights[me]
            props_before = rating[me, S.PROPS]
            nev = _income(rp, income, owner, special, rating, p_out, trace, me, rnd, nev)
            # step 2: one action
            choose_action(kind, w, me, owner, special, nbr, rating, blocks, rp, s, dec)
            act = dec[S.D_KIND]
            locked = 0
            done = False
            if act == S.Action.RECRUIT or act == S.Action.UPGRADE:
                nev = _exchange(rating, p_out, trace, dec, me, rnd, nev)
                done = True
            elif act == S.Action.DRIVEBY:
                tgt = dec[S.D_TARGET]
                att = _commitment(rp, rating, dec, me, 1, rating[me, S.CREW])
                if _driveby_ok(rp, owner, nbr, blocks, me, tgt, att):
                    crew_hits, extra_hits = resolve_driveby(s, att.crew, att.chrome + att.props,
                                                            sides, success)
                    dice += att.crew + att.chrome + att.props
                    locked, nev = _settle_driveby(rp, rating, g_out, p_out, trace, me, tgt, att,
                                                  crew_hits, extra_hits, rnd, nev)
                    done = True
            if not done:
                nev = _ev(trace, nev, rnd, me, S.Ev.PASS)
            # steps 3-5: Expand, fights, Props
            for _e in range(rp[S.R_MAX_EXPAND]):
                avail = rating[me, S.CREW] - locked  # Drive-by crew cannot fight this turn
                choose_expand(kind, w, me, avail, quiet[me], owner, special, nbr, rating, blocks,
                              rp, s, dec, buf)
                cell = _expand_target(owner, nbr, dec, me)
                if cell < 0:
                    break
                foe = owner[cell]
                if foe < 0:
                    nev = _claim(owner, blocks, p_out, trace, me, cell, rnd, nev)
                else:
                    att = _commitment(rp, rating, dec, me, 1, avail)
                    if att.crew < 1:
                        break
                    choose_defence(kinds[foe], weights[foe], foe, me, cell, att.crew,
                                   att.chrome + att.props, owner, special, rating, blocks, rp, s,
                                   dec)
                    dfn = _commitment(rp, rating, dec, foe, 0, rating[foe, S.CREW])
                    if spend:
                        nev = _ev(trace, nev, rnd, me, S.Ev.SPEND, att.props, dfn.props)
                    a_hits, d_hits, won = resolve_fight(s, att.crew, att.chrome + att.props,
                                                        dfn.crew, dfn.chrome + dfn.props, sides,
                                                        success, ties_attacker)
                    dice += att.crew + att.chrome + att.props + dfn.crew + dfn.chrome + dfn.props
                    nev = _settle_fight(rp, owner, blocks, rating, g_out, p_out, trace, me, foe,
                                        cell, att, dfn, a_hits, d_hits, won, rnd, nev)
                    if not won:
                        continue
                # step 5: Props for the new block
                _add_props(rating, rp, me, rp[S.R_TERRITORY_PROPS])
                nev = _ev(trace, nev, rnd, me, S.Ev.PROPS, rp[S.R_TERRITORY_PROPS],
                           rating[me, S.PROPS], S.PR_TERRITORY)
            quiet[me] = 0 if rating[me, S.PROPS] > props_before else quiet[me] + 1
            if rp[S.R_DEBUG] != 0:
                bad = _broken(rp, board, gangs, out)
                if bad != S.Bad.OK:
                    g_out[S.G_ERROR] = bad
                    g_out[S.G_ERROR_ROUND] = rnd
                    g_out[S.G_TURNS] = turns
                    g_out[S.G_DICE] += dice
                    return winner, end, rnd, lead_changes, lead_from, nev
            winner, end = _end_checks(rp, rating, blocks, me)
            if winner >= 0:
                nev = _ev(trace, nev, rnd, me, S.Ev.WIN, end, rating[me, S.PROPS])
                break
        leader, lead_changes, lead_from = _end_of_round(rating, blocks, hist, winner, rnd,
                                                        leader, lead_changes, lead_from)
    if winner < 0:
        nev = _ev(trace, nev, rnd, -1, S.Ev.TIMEOUT)
    g_out[S.G_TURNS] = turns
    g_out[S.G_DICE] += dice
    return winner, end, rnd, lead_changes, lead_from, nev


@kernel
def _finish(rp, board, gangs, scratch, out, winner, end, rnd, lead_changes, lead_from):
    """Write the game and player records (G_FIRST, dice and counters are already in)."""
    g_out, p_out, rating = out.g_out, out.p_out, gangs.rating
    owner, special, blocks, hist = board.owner, board.special, board.blocks, scratch.hist
    g_out[S.G_WINNER] = winner
    g_out[S.G_ROUNDS] = rnd
    g_out[S.G_END] = end
    g_out[S.G_GOAL] = rp[S.R_GOAL]
    g_out[S.G_LEAD_CHANGES] = lead_changes
    g_out[S.G_WINNER_LEAD_ROUND] = lead_from if winner >= 0 else -1
    for p in range(blocks.shape[0]):
        p_out[p, S.P_CREW] = rating[p, S.CREW]
        p_out[p, S.P_PAPERS] = rating[p, S.PAPERS]
        p_out[p, S.P_CHROME] = rating[p, S.CHROME]
        p_out[p, S.P_PROPS] = rating[p, S.PROPS]
        p_out[p, S.P_BLOCKS] = blocks[p]
        n_sp = 0
        for c in range(owner.shape[0]):
            if owner[c] == p and special[c] >= 0:
                n_sp += 1
        p_out[p, S.P_SPECIALS] = n_sp
        p_out[p, S.P_PROPS_MID] = hist[rnd // S.MID_GAME_DIV, p]


# ---------------------------------------------------------------- one game


@kernel
def _play(s, rules, grid, kinds, weights, out, first_shift=0):
    """Play one game; fill ``out`` (g_out int64[N_GAME_COLS], p_out int64[P, N_PLAYER_COLS],
    events into trace int64[T, N_EV_COLS] while rows last). Returns the events that happened.

    ``rules`` RuleArrays, ``grid`` sim.core.grid.Grid; ``kinds`` int64[P] and ``weights``
    float64[P, N_W] are each seat's policy. ``first_shift`` passes the first turn that many
    seats on from the roll-off winner (0 in normal play; common-random-number blocks rotate it
    so each seat goes first once on the same dice).
    """
    P = kinds.shape[0]
    ncell = grid.nbr.shape[0]
    board = Board(np.full(ncell, -1, dtype=np.int64), np.full(ncell, -1, dtype=np.int64),
                  np.zeros(P, dtype=np.int64), grid.nbr)
    gangs = Gangs(np.zeros((P, S.N_RATINGS), dtype=np.int64), kinds, weights,
                  np.zeros(P, dtype=np.int64))
    scratch = Scratch(np.zeros(S.N_DEC, dtype=np.int64), np.zeros(ncell, dtype=np.int64),
                      np.zeros((rules.rp[S.R_MAX_ROUNDS] + 1, P), dtype=np.int64))
    out.g_out[:] = 0
    out.p_out[:, :] = 0
    first, nev = _setup(s, rules, grid, board, gangs, out, first_shift)
    for p in range(P):
        scratch.hist[0, p] = gangs.rating[p, S.PROPS]
    winner, end, rnd, lead_changes, lead_from, nev = _rounds(s, rules, board, gangs, scratch, out,
                                                             first, nev)
    if out.g_out[S.G_ERROR] != 0:
        out.g_out[S.G_ROUNDS] = rnd
        return nev
    _finish(rules.rp, board, gangs, scratch, out, winner, end, rnd, lead_changes, lead_from)
    return nev


@batch_kernel
def _play_batch(seed, stream, game0, key_div, rules, grid, kinds, weights, g_out, p_out, trace):
    """Play games game0 .. game0+n-1, game g drawing from key (seed, stream, g // key_div);
    ``kinds`` int64[n, P], ``weights`` float64[n, P, N_W]; ``trace`` has 0 rows."""
    n = g_out.shape[0]
    for i in prange(n):
        s = np.empty(STATE_SIZE, dtype=np.uint64)
        seed_state(s, np.uint64(seed), np.uint64(stream), np.uint64((game0 + i) // key_div))
        _play(s, rules, grid, kinds[i], weights[i], Out(g_out[i], p_out[i], trace),
              (game0 + i) % key_div)


# ---------------------------------------------------------------- public API


def _arrays(rules: OGRules, debug: bool) -> tuple[RuleArrays, Grid]:
    rp = rules.kernel_params()
    rp[S.R_DEBUG] = debug
    counts = np.array(rules.special_counts, dtype=np.int64)
    return RuleArrays(rp, rules.income_table(), counts), geometry(rules)


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
    arrays, grid = _arrays(rules, debug_default() if debug is None else debug)
    g_out = np.zeros((n, S.N_GAME_COLS), dtype=np.int64)
    p_out = np.zeros((n, P, S.N_PLAYER_COLS), dtype=np.int64)
    _play_batch(np.uint64(seed), np.uint64(stream), np.uint64(game0), np.uint64(key_div), arrays,
                grid, kinds, weights, g_out, p_out, empty_trace())
    raise_on_broken(g_out[:, S.G_ERROR], g_out[:, S.G_ERROR_ROUND], S.Bad, seed, stream, game0,
                    key_div)
    return Batch(g_out, p_out)


def replay(rules: OGRules, seed: int, stream: int, game: int, kinds: np.ndarray,
           weights: np.ndarray, max_events: int = MAX_EVENTS, key_div: int = 1):
    """Replay one game with its event trace: (games[1, ...], players[1, ...], events[n, 12]).

    ``max_events`` is only the first guess of the trace's size: a longer game is played again
    with room for every event."""
    kinds = np.ascontiguousarray(kinds, dtype=np.int64)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    arrays, grid = _arrays(rules, debug_default())
    P = kinds.shape[0]

    def play(trace):
        g_out = np.zeros((1, S.N_GAME_COLS), dtype=np.int64)
        p_out = np.zeros((1, P, S.N_PLAYER_COLS), dtype=np.int64)
        s = np.empty(STATE_SIZE, dtype=np.uint64)
        seed_state(s, np.uint64(seed), np.uint64(stream), np.uint64(game // key_div))
        nev = _play(s, arrays, grid, kinds, weights, Out(g_out[0], p_out[0], trace),
                    game % key_div)
        return Batch(g_out, p_out), nev

    return replay_traced(play, max_events)
