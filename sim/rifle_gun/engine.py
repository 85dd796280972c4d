"""The Rifle & Gun engine: one game in ``_play`` (numba), many in ``_play_batch``.

A turn: merges, initiative, unpin, overwatch, the initiative side's activations (with enemy
reactions and overwatch interrupts), the other side's activations (with overwatch interrupts),
smoke clears, victory check. Abstractions (stated in docs/rules/rifle_gun.md): a team is a
point; a move follows the cheapest path to its destination, and a team that reacts to it and
wins the opposed roll (or an overwatch team in phase 5) acts at the step of that path where it
first sees the mover; a reaction is regular or suppressive fire, or a cautious move to cover
(no rapid, move-and-shoot or shoot-and-move reactions, and no grenades in reactions).

Kernels pass the game in named records (plain tuples of arrays to numba): ``Game`` (dice state,
rules, commanders), ``Field`` (the table and this turn's smoke), ``Teams``, ``Scratch`` (buffers
sized in Python from the rules) and ``Out`` (records, trace, event count).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from sim.core import trace as TR
from sim.core.borrow import borrow
from sim.core.debug import debug_default, raise_on_broken
from sim.core.jit import batch_kernel, kernel, prange, step
from sim.core.rng import STATE_SIZE, count_successes, randint, roll, seed_state
from sim.core.sort import sort_by_key
from sim.core.tabletop.battlefield import LOS_MEMO, generate, seen_size, sight
from sim.core.tabletop.geometry import dist_in, sees
from sim.core.tabletop.movement import (
    UNREACHED,
    cover_distance,
    kept_init,
    kept_size,
    path_to,
    queue_size,
    reach_kept,
    retreat,
    window_cells,
)
from sim.rifle_gun import state as S
from sim.rifle_gun import team as TM
from sim.rifle_gun.rules import QUALITY, RGRules
from sim.rifle_gun.state import (
    MODE_CAUTIOUS,
    MODE_RAPID,
    N_TM,
    TACTED,
    TALIVE,
    TFRAGS,
    TINDEX,
    TLASTDX,
    TLASTDY,
    TMOVED,
    TOW,
    TOWFIRED,
    TPINNED,
    TQ,
    TREACTED,
    TSIDE,
    TSMOKES,
    TX,
    TY,
    Action,
    Bad,
    Ev,
)
from sim.rifle_gun.volley import apply_defence, roll_attack
from strategies.rifle_gun import (
    covered_grid,
    decide,
    merge,
    overwatch,
    priority,
    react,
    react_move,
)

MAX_EVENTS = TR.DEFAULT_ROWS
KEPT_SEARCHES = 8  # movement searches a game keeps (movement.reach_kept): a team searched again
# from where it stands is most often so within the last 8 searches


class Batch(NamedTuple):
    games: np.ndarray  # int64[n, N_GAME_COLS]
    sides: np.ndarray  # int64[n, 2, N_SIDE_COLS]


class Game(NamedTuple):
    s: np.ndarray  # uint64[STATE_SIZE] dice state
    rp: np.ndarray  # int64[N_RULES]
    kinds: np.ndarray  # int64[2] commander of each side
    weights: np.ndarray  # float64[2, N_W]


class Field(NamedTuple):
    terrain: np.ndarray  # int8[h, w]
    piece: np.ndarray  # int32[h, w]
    building: np.ndarray  # int32[h, w]
    smoke: np.ndarray  # int32[h, w] cloud id, -1 none (cleared every turn)
    n_smoke: np.ndarray  # int64[1] clouds thrown this turn
    cover: np.ndarray  # int64[h, w] distance to the nearest blocking cell (cover_distance)
    covered: np.ndarray  # bool[h, w] in a building or next to blocking terrain (covered_grid)


class Teams(NamedTuple):
    tm: np.ndarray  # int64[T, N_TM]
    sst: np.ndarray  # int64[T, SLOTS] soldier states
    srole: np.ndarray  # int64[T, SLOTS] soldier roles


class Scratch(NamedTuple):
    dist: np.ndarray  # int64[h, w] movement costs
    queue: np.ndarray  # int64[queue_size(h, w)]
    seen: np.ndarray  # int32[seen_size(h, w, LOS_MEMO)]: sight list, then line-of-sight memo
    faces: np.ndarray  # int64[rules.max_attack_dice()] hit dice of a volley
    dec: np.ndarray  # int64[N_DEC] a policy's decision
    pending: np.ndarray  # int64[T] reactions resolved after the action (fire mode, -1 none)
    order: np.ndarray  # int64[T] teams defending against one volley
    keys: np.ndarray  # float64[T] ... and their place along the line of fire
    occ: np.ndarray  # bool[h, w] cells other teams stand on, for the acting team
    occ_pin: np.ndarray  # bool[h, w] ... for a team retreating (filled inside a shot)
    path: np.ndarray  # int64[h * w] the mover's path, cell indices y * w + x (movement.path_to)
    when: np.ndarray  # int64[T] path step where an interrupter fires at the mover, -1 none
    wmode: np.ndarray  # int64[T] ... and its fire mode (or REACT_MOVE)
    rpath: np.ndarray  # int64[h * w] a moving reactor's path (the mover's stays in ``path``)
    cand: np.ndarray  # float64[3 * h * w] a commander's candidate cells (strategies' _best_cell)
    kept: np.ndarray  # int64[kept_size(...)] the last movement searches (movement.reach_kept)
    dist_r: np.ndarray  # int64[h, w] a retreat's movement costs (dist and kept stay the movers')


class Sizes(NamedTuple):
    """Scratch lengths, computed in Python from the rules and the table (see ``sizes``)."""

    faces: int
    queue: int
    seen: int
    kept_slots: int  # movement searches kept (movement.reach_kept) ...
    kept_cells: int  # ... of windows of at most this many cells (the longest move's)


class Out(NamedTuple):
    g_out: np.ndarray  # int64[N_GAME_COLS]
    side_out: np.ndarray  # int64[2, N_SIDE_COLS]
    trace: np.ndarray  # int64[rows, N_EV_COLS], 0 rows in batches
    nev: np.ndarray  # int64[1] events so far (written or not)


@step
def _log(out, turn, team, kind, a=0, b=0, c=0, d=0, e=0, f=0, g=0, h=0, i=0):
    # batches (0-row trace) only count: no call into emit on the hot path
    if out.trace.shape[0] == 0:
        out.nev[0] += 1
    else:
        out.nev[0] = TR.emit(out.trace, out.nev[0], turn, team, kind, a, b, c, d, e, f, g, h, i)


@kernel
def _broken(out, code, turn):
    """Record the first broken invariant of the game."""
    if out.g_out[S.G_ERROR] == 0:
        out.g_out[S.G_ERROR] = code
        out.g_out[S.G_ERROR_ROUND] = turn


@step
def _see(f, sc, x0, y0, x1, y1):
    return sees(f.terrain, f.piece, f.building, f.smoke, x0, y0, x1, y1, sc.seen)


@step
def _occupied(tm, except_team, occ):
    """Fill ``occ`` (bool[h, w]) with the cells of live teams other than ``except_team``."""
    occ[:, :] = False
    for b in range(tm.shape[0]):
        if tm[b, TALIVE] and b != except_team:
            occ[tm[b, TY], tm[b, TX]] = True
    return occ


@step
def _stands_at(tm, x, y, except_team):
    """True if a live team other than ``except_team`` stands on (x, y)."""
    for b in range(tm.shape[0]):
        if tm[b, TALIVE] and b != except_team and tm[b, TX] == x and tm[b, TY] == y:
            return True
    return False


@step
def _has(te, t, role):
    return TM.has_role(te.sst[t], te.srole[t], role)


@kernel
def _side_soldiers(te, side, unpinned_only):
    tm = te.tm
    n = 0
    for t in range(tm.shape[0]):
        if tm[t, TALIVE] and tm[t, TSIDE] == side and not (unpinned_only and tm[t, TPINNED]):
            n += TM.alive(te.sst[t])
    return n


# ---------------------------------------------------------------- shooting


@kernel
def _pin(g, f, te, sc, out, turn, t, attacker):
    """Pin team t (fired on from ``attacker``) and make it retreat, unless a breach pinned it
    this turn (the text: it cannot retreat)."""
    tm = te.tm
    held = tm[t, TPINNED] == S.PINNED_BREACH
    if not held:
        tm[t, TPINNED] = S.PINNED_FIRE
    _log(out, turn, t, Ev.PINNED, attacker)
    if TM.alive(te.sst[t]) == 0:
        tm[t, TALIVE] = 0
        return
    if held:
        return
    occ = _occupied(tm, t, sc.occ_pin)
    x, y = retreat(f.terrain, f.building, f.cover, occ, tm[t, TX], tm[t, TY], tm[attacker, TX],
                   tm[attacker, TY], tm[t, TLASTDX], tm[t, TLASTDY], g.rp[S.R_RETREAT], sc.dist_r,
                   sc.queue)
    if x != tm[t, TX] or y != tm[t, TY]:
        _log(out, turn, t, Ev.RETREAT, tm[t, TX], tm[t, TY], x, y)
        tm[t, TX], tm[t, TY] = x, y


@kernel
def _attack_dice(g, te, a, d):
    """Attack dice of team a against a target d inches away, before frag grenades."""
    rp, tm = g.rp, te.tm
    n = TM.alive(te.sst[a])
    n += rp[S.R_GRENADIER_DICE] * _has(te, a, TM.GRENADIER)
    n += rp[S.R_SAW_DICE] * _has(te, a, TM.SAW)
    if d <= rp[S.R_CLOSE_RANGE]:
        n += rp[S.R_CLOSE_DICE]
    if tm[a, TMOVED] == S.MOVED_STILL:
        n += rp[S.R_STILL_DICE]
    return n


@kernel
def _crossfire(g, f, te, sc, a, t):
    """Teams caught between a and its target t (close to the line of fire, in sight of a),
    into sc.order[:n] closest first; returns n."""
    tm, order, keys = te.tm, sc.order, sc.keys
    n_in = 0
    ax, ay = float(tm[a, TX]), float(tm[a, TY])
    vx, vy = tm[t, TX] - ax, tm[t, TY] - ay
    ll = vx * vx + vy * vy
    for c in range(tm.shape[0]):
        if c == a or c == t or tm[c, TALIVE] == 0:
            continue
        px, py = tm[c, TX] - ax, tm[c, TY] - ay
        u = (px * vx + py * vy) / ll if ll > 0 else 0.0
        if u <= 0.0 or u >= 1.0:
            continue
        off = abs(px * vy - py * vx) / np.sqrt(ll)
        if off <= g.rp[S.R_CROSSFIRE_CORRIDOR] and _see(f, sc, tm[a, TX], tm[a, TY], tm[c, TX],
                                                        tm[c, TY]):
            order[n_in] = c
            keys[n_in] = u
            n_in += 1
    sort_by_key(keys, order, n_in)  # closest first
    return n_in


@kernel
def _defend(g, f, te, sc, out, turn, a, c, pool, marksman, target):
    """Team c defends against the ``pool`` hit dice in sc.faces; returns the dice left."""
    rp, tm = g.rp, te.tm
    _, pieces, smokes, behind = sight(f.terrain, f.piece, f.building, f.smoke, tm[a, TX],
                                      tm[a, TY], tm[c, TX], tm[c, TY], sc.seen)
    n_def = rp[S.R_PIECE_DICE] * pieces + rp[S.R_SMOKE_DICE] * smokes
    if tm[c, TMOVED] != MODE_RAPID:
        n_def += rp[S.R_STEADY_DICE]
    if behind:
        n_def += rp[S.R_COVER_DICE]
    out.g_out[S.G_DICE] += n_def
    saves = count_successes(g.s, n_def, tm[c, TQ], rp[S.R_HIT_ON])
    kills, inj, left = apply_defence(sc.faces, pool, saves, rp[S.R_CANCEL_HIGHEST])
    if kills + inj > 0:
        deaths, new_inj = TM.take_hits(te.sst[c], te.srole[c], kills, inj,
                                       marksman and c == target)
        side_a = tm[a, TSIDE]
        if tm[c, TSIDE] != side_a:
            out.side_out[side_a, S.S_KILLED] += deaths
            out.side_out[side_a, S.S_PINS] += 1
        _log(out, turn, c, Ev.HITS, a, n_def, saves, kills, inj, deaths, new_inj)
        _pin(g, f, te, sc, out, turn, c, a)
    elif c == target:
        _log(out, turn, c, Ev.HITS, a, n_def, saves, 0, 0, 0, 0)
    return left


@kernel
def _fire(g, f, te, sc, out, turn, a, t, mode, frags):
    """Team a shoots at team t in fire ``mode``, throwing up to ``frags`` frag grenades; False
    if it could not (either team gone, or t out of sight)."""
    rp, tm = g.rp, te.tm
    if tm[a, TALIVE] == 0 or tm[t, TALIVE] == 0:
        return False
    if not _see(f, sc, tm[a, TX], tm[a, TY], tm[t, TX], tm[t, TY]):
        return False
    hit_on = rp[S.R_HIT_ON]
    d = dist_in(tm[a, TX], tm[a, TY], tm[t, TX], tm[t, TY])
    n_att = _attack_dice(g, te, a, d)
    used = 0
    if d <= rp[S.R_FRAG_RANGE]:
        used = min(max(frags, 0), tm[a, TFRAGS])
        tm[a, TFRAGS] -= used
        n_att += rp[S.R_FRAG_DICE] * used
    out.g_out[S.G_DICE] += n_att
    out.g_out[S.G_SHOTS] += 1
    if mode == S.SUPPRESSIVE:
        hits = count_successes(g.s, n_att, tm[a, TQ], hit_on)
        _log(out, turn, a, Ev.SHOT, t, mode, n_att, used, hits)
        if hits > 0:
            out.side_out[tm[a, TSIDE], S.S_PINS] += 1
            _pin(g, f, te, sc, out, turn, t, a)
        return True
    if n_att > sc.faces.shape[0]:  # unreachable: faces is sized by RGRules.max_attack_dice
        _broken(out, Bad.FACES_FULL, turn)
        n_att = sc.faces.shape[0]
    pool = roll_attack(g.s, n_att, tm[a, TQ], hit_on, sc.faces)
    _log(out, turn, a, Ev.SHOT, t, mode, n_att, used, pool)
    # crossfire: teams close to the line of fire and nearer than the target defend first
    n_in = _crossfire(g, f, te, sc, a, t) if rp[S.R_CROSSFIRE] != 0 else 0
    sc.order[n_in] = t
    n_in += 1
    marksman = _has(te, a, TM.MARKSMAN)
    for i in range(n_in):
        if pool == 0:
            break
        pool = _defend(g, f, te, sc, out, turn, a, sc.order[i], pool, marksman, t)
    return True


@kernel
def _overwatch_fire(g, f, te, sc, out, turn, target):
    """Overwatch teams that have not fired open suppressive fire on ``target`` if they see it
    where it stands (a reactor, or an enemy about to shoot); a pinned target is left alone."""
    tm = te.tm
    for o in range(tm.shape[0]):
        if tm[o, TALIVE] == 0 or tm[o, TOW] == 0 or tm[o, TOWFIRED] or tm[o, TPINNED]:
            continue
        if tm[o, TSIDE] == tm[target, TSIDE] or tm[target, TPINNED] or tm[target, TALIVE] == 0:
            continue
        if _see(f, sc, tm[o, TX], tm[o, TY], tm[target, TX], tm[target, TY]):
            tm[o, TOWFIRED] = 1
            if _fire(g, f, te, sc, out, turn, o, target, S.SUPPRESSIVE, 0):
                out.side_out[tm[o, TSIDE], S.S_OW_SHOTS] += 1


# ---------------------------------------------------------------- one team's activation


@step
def _can_react(tm, r, side):
    """May team r react to an action of ``side`` (not counting sight)?"""
    return not (tm[r, TALIVE] == 0 or tm[r, TSIDE] == side or tm[r, TPINNED] or
                tm[r, TREACTED] or tm[r, TACTED])


@kernel
def _throw_smoke(g, f, te, out, turn, a, sx, sy):
    """Team a throws a smoke grenade at (sx, sy) if that cell is on the table and in range;
    the cloud covers 3 x 3 cells until the end of the turn."""
    tm = te.tm
    h, w = f.terrain.shape
    if 0 <= sx < w and 0 <= sy < h and \
            dist_in(sx, sy, tm[a, TX], tm[a, TY]) <= g.rp[S.R_SMOKE_RANGE]:
        tm[a, TSMOKES] -= 1
        f.smoke[max(sy - 1, 0):sy + 2, max(sx - 1, 0):sx + 2] = f.n_smoke[0]
        f.n_smoke[0] += 1
        _log(out, turn, a, Ev.SMOKE, sx, sy)


@step
def _first_seen(f, sc, tm, r, n):
    """First step of the mover's path (sc.path[:n]) that team r sees, or -1."""
    w = f.terrain.shape[1]
    for k in range(n):
        c = sc.path[k]
        if _see(f, sc, tm[r, TX], tm[r, TY], c % w, c // w):
            return k
    return -1


@kernel
def _opposed(g, out, tm, r, a):
    """The opposed roll of reactor r against mover a: (r's roll, a's roll, r goes first)."""
    ties = g.rp[S.R_REACTION_TIES]
    ra = roll(g.s, tm[r, TQ])
    rb = roll(g.s, tm[a, TQ])
    out.g_out[S.G_DICE] += 2
    while ra == rb and ties == S.TIES_REROLL:
        ra = roll(g.s, tm[r, TQ])
        rb = roll(g.s, tm[a, TQ])
        out.g_out[S.G_DICE] += 2
    return ra, rb, ra > rb or (ra == rb and ties == S.TIES_REACTOR)


@kernel
def _react_to_move(g, f, te, sc, out, turn, a, n, shielded):
    """Phase 4: enemy teams that see the mover somewhere on its path (sc.path[:n]) may react,
    except those inside ``shielded`` (the building a frag breach is about to pin; -1 none).
    Overwatch may pin a reactor first. A reactor that wins the opposed roll interrupts the move
    where it first sees the mover (sc.when, sc.wmode); the others fire after the action
    (sc.pending)."""
    tm = te.tm
    side = tm[a, TSIDE]
    w = f.terrain.shape[1]
    for r in range(tm.shape[0]):
        if not _can_react(tm, r, side):
            continue
        if shielded >= 0 and f.building[tm[r, TY], tm[r, TX]] == shielded:
            continue  # the breach's grenade pins it before it can react
        k = _first_seen(f, sc, tm, r, n)
        if k < 0:
            continue
        end = sc.path[n - 1]
        sees_end = k == n - 1 or _see(f, sc, tm[r, TX], tm[r, TY], end % w, end // w)
        rmode = react(g.kinds[1 - side], g.weights[1 - side], r, a, tm, te.sst, f.covered, g.s,
                      sees_end)
        if rmode < 0:
            continue
        tm[r, TREACTED] = 1
        out.g_out[S.G_REACTIONS] += 1
        out.side_out[1 - side, S.S_REACTIONS] += 1
        ra, rb, first = _opposed(g, out, tm, r, a)
        _log(out, turn, r, Ev.REACTION, a, ra, rb, first, rmode, 0, k if first else -1)
        if rmode != S.REACT_MOVE:  # a moving reactor meets overwatch along its path instead
            _overwatch_fire(g, f, te, sc, out, turn, r)
        if tm[r, TPINNED] or tm[r, TALIVE] == 0:
            out.side_out[1 - side, S.S_REACTIONS_UNFIRED] += 1
            continue
        if first:
            out.side_out[1 - side, S.S_REACTIONS_WON] += 1
            sc.when[r] = k
            sc.wmode[r] = rmode
        else:
            sc.pending[r] = rmode


@kernel
def _react_to_shot(g, f, te, sc, out, turn, a):
    """Phase 4: enemy teams that see the shooter may react to the shooting portion: no roll,
    they fire after the action (sc.pending); overwatch may pin a reactor first."""
    tm = te.tm
    side = tm[a, TSIDE]
    for r in range(tm.shape[0]):
        if not _can_react(tm, r, side) or sc.pending[r] >= 0:
            continue
        if _see(f, sc, tm[r, TX], tm[r, TY], tm[a, TX], tm[a, TY]):
            rmode = react(g.kinds[1 - side], g.weights[1 - side], r, a, tm, te.sst, f.covered,
                          g.s, True)
            if rmode >= 0:
                tm[r, TREACTED] = 1
                out.g_out[S.G_REACTIONS] += 1
                out.side_out[1 - side, S.S_REACTIONS] += 1
                _log(out, turn, r, Ev.REACTION, a, 0, 0, 0, rmode, 1, -1)
                if rmode != S.REACT_MOVE:
                    _overwatch_fire(g, f, te, sc, out, turn, r)
                if not tm[r, TPINNED] and tm[r, TALIVE]:
                    sc.pending[r] = rmode
                else:
                    out.side_out[1 - side, S.S_REACTIONS_UNFIRED] += 1


@kernel
def _overwatch_on_path(f, te, sc, a, n):
    """Phase 5: overwatch teams of the other side that have not fired and see the mover
    somewhere on its path interrupt where they first see it (sc.when, suppressive)."""
    tm = te.tm
    for o in range(tm.shape[0]):
        if tm[o, TALIVE] == 0 or tm[o, TOW] == 0 or tm[o, TOWFIRED] or tm[o, TPINNED] or \
                tm[o, TSIDE] == tm[a, TSIDE]:
            continue
        k = _first_seen(f, sc, tm, o, n)
        if k >= 0:
            sc.when[o] = k
            sc.wmode[o] = S.SUPPRESSIVE


@kernel
def _advance(te, out, turn, a, x, y, mode):
    """Team a steps on to (x, y) unless another team stands there; True if it did."""
    tm = te.tm
    if x == tm[a, TX] and y == tm[a, TY]:
        return True
    if _stands_at(tm, x, y, a):
        return False
    _log(out, turn, a, Ev.MOVE, tm[a, TX], tm[a, TY], x, y, mode)
    tm[a, TX], tm[a, TY] = x, y
    return True


@kernel
def _interrupt(g, f, te, sc, out, turn, a, r):
    """Interrupter r (a reactor that won its roll, or an overwatch team) fires at mover a."""
    tm = te.tm
    mode = sc.wmode[r]
    if tm[r, TOW]:
        if tm[r, TOWFIRED] or tm[r, TPINNED] or tm[a, TPINNED]:
            return
        tm[r, TOWFIRED] = 1
        if _fire(g, f, te, sc, out, turn, r, a, mode, 0):
            out.side_out[tm[r, TSIDE], S.S_OW_SHOTS] += 1
        return
    _resolve_reaction(g, f, te, sc, out, turn, a, r, mode)


@kernel
def _resolve_reaction(g, f, te, sc, out, turn, a, r, mode):
    """Reactor r carries out its reaction to team a: fire in ``mode``, or a moving reaction."""
    tm = te.tm
    if mode == S.REACT_MOVE:
        if _ready(tm, r) and _reaction_move(g, f, te, sc, out, turn, r, a):
            out.side_out[tm[r, TSIDE], S.S_REACTION_MOVES] += 1
        else:
            out.side_out[tm[r, TSIDE], S.S_REACTIONS_UNFIRED] += 1
    elif _ready(tm, r) and tm[a, TALIVE] and _fire(g, f, te, sc, out, turn, r, a, mode, 0):
        out.side_out[tm[r, TSIDE], S.S_REACTION_SHOTS] += 1
    else:
        out.side_out[tm[r, TSIDE], S.S_REACTIONS_UNFIRED] += 1


@kernel
def _reaction_move(g, f, te, sc, out, turn, r, a):
    """A moving reaction: team r moves cautiously where its commander says, step by step
    along its path; an overwatch team of the other side that has not fired and sees it at a
    step opens suppressive fire there (the text: overwatch interrupts reacting teams), and a
    pin ends the move. True if it took a step."""
    tm = te.tm
    side = tm[r, TSIDE]
    w = f.terrain.shape[1]
    occ = _occupied(tm, r, sc.occ_pin)
    x0, y0 = tm[r, TX], tm[r, TY]
    nx, ny = react_move(g.kinds[side], g.weights[side], r, a, tm, g.rp, f.terrain, f.piece,
                        f.building, f.covered, f.smoke, occ, sc.dist, sc.queue, sc.kept, sc.seen,
                        sc.cand)
    if (nx == x0 and ny == y0) or sc.dist[ny, nx] == UNREACHED:
        return False
    n = path_to(f.terrain, f.building, sc.dist, x0, y0, MODE_CAUTIOUS, nx, ny, sc.rpath)
    tm[r, TMOVED] = MODE_CAUTIOUS
    tm[r, TLASTDX], tm[r, TLASTDY] = nx - x0, ny - y0
    for k in range(1, n):
        c = sc.rpath[k]
        if not _advance(te, out, turn, r, c % w, c // w, MODE_CAUTIOUS):
            return k > 1
        for o in range(tm.shape[0]):
            if tm[o, TALIVE] == 0 or tm[o, TOW] == 0 or tm[o, TOWFIRED] or tm[o, TPINNED] or \
                    tm[o, TSIDE] == side:
                continue
            if _see(f, sc, tm[o, TX], tm[o, TY], tm[r, TX], tm[r, TY]):
                tm[o, TOWFIRED] = 1
                if _fire(g, f, te, sc, out, turn, o, r, S.SUPPRESSIVE, 0):
                    out.side_out[tm[o, TSIDE], S.S_OW_SHOTS] += 1
                if not _ready(tm, r):
                    return True
    return True


@kernel
def _walk(g, f, te, sc, out, turn, a, n, mode, breach):
    """Team a moves along sc.path[:n]. Interrupters (sc.when >= 0) fire when it reaches the
    step where they first see it, in path order (team order on a tie); a pin stops the move
    where it is (the pin already made it retreat). A frag breach into building ``breach`` (-1
    none) goes off at the first step inside, before any interrupt there: every enemy team
    inside is pinned."""
    tm = te.tm
    w = f.terrain.shape[1]
    x0, y0 = tm[a, TX], tm[a, TY]
    end = sc.path[n - 1]
    tm[a, TLASTDX], tm[a, TLASTDY] = end % w - x0, end // w - y0
    kb = n  # the step that enters the breached building
    if breach >= 0:
        for k in range(n):
            if f.building[sc.path[k] // w, sc.path[k] % w] == breach:
                kb = k
                break
    stopped = False
    while not stopped:
        nxt = -1
        k = n
        for r in range(tm.shape[0]):
            if sc.when[r] >= 0 and sc.when[r] < k:
                nxt, k = r, sc.when[r]
        if kb < n and kb <= k:  # the breach comes first
            if not _advance(te, out, turn, a, sc.path[kb] % w, sc.path[kb] // w, mode):
                stopped = True
                break
            _breach(f, te, out, turn, a, breach)
            kb = n
            continue
        if nxt < 0:
            break
        sc.when[nxt] = -1
        if not _advance(te, out, turn, a, sc.path[k] % w, sc.path[k] // w, mode):
            stopped = True  # another team stands in the way: the move ends here
        _interrupt(g, f, te, sc, out, turn, a, nxt)
        if not _ready(tm, a):
            stopped = True
    for r in range(tm.shape[0]):  # the move stopped early: reactions left fire if still in sight
        if sc.when[r] >= 0:
            sc.when[r] = -1
            if not tm[r, TOW]:
                _interrupt(g, f, te, sc, out, turn, a, r)
    if not stopped:
        _advance(te, out, turn, a, end % w, end // w, mode)


@kernel
def _breach(f, te, out, turn, a, breach):
    """Team a's frag grenade goes into building ``breach``: every enemy team inside is pinned
    (and neither reacts nor retreats)."""
    tm = te.tm
    side = tm[a, TSIDE]
    inside = 0
    for e in range(tm.shape[0]):
        if _breached(f, tm, e, side, breach):
            inside += 1
    if inside > 0:
        tm[a, TFRAGS] -= 1
        out.side_out[side, S.S_PINS] += inside
        out.side_out[side, S.S_BREACH_PINS] += inside
        _log(out, turn, a, Ev.BREACH, breach, inside)
        for e in range(tm.shape[0]):
            if _breached(f, tm, e, side, breach):
                tm[e, TPINNED] = S.PINNED_BREACH
                _log(out, turn, e, Ev.PINNED, a)


@step
def _breached(f, tm, e, side, breach):
    """Is team e an enemy of ``side`` inside building ``breach`` not yet pinned by a breach
    (a team already pinned by fire is held too: it may no longer retreat)?"""
    return tm[e, TALIVE] and tm[e, TSIDE] != side and tm[e, TPINNED] != S.PINNED_BREACH and \
        f.building[tm[e, TY], tm[e, TX]] == breach


@kernel
def _breach_target(g, f, te, a, x0, y0, nx, ny):
    """The building a move from (x0, y0) to (nx, ny) breaches with a frag grenade (the rule is
    on, the team has one, an enemy team is inside), else -1."""
    tm = te.tm
    b_in = f.building[ny, nx]
    if b_in < 0 or b_in == f.building[y0, x0] or g.rp[S.R_BREACH_FRAG_PINS] == 0 or \
            tm[a, TFRAGS] <= 0:
        return -1
    for e in range(tm.shape[0]):
        if tm[e, TALIVE] and tm[e, TSIDE] != tm[a, TSIDE] and \
                f.building[tm[e, TY], tm[e, TX]] == b_in:
            return b_in
    return -1


@kernel
def _nearest_visible(f, sc, tm, a):
    """The nearest live enemy team that team a sees (lowest index on ties), or -1."""
    best = -1
    best_d = 1e18
    for b in range(tm.shape[0]):
        if tm[b, TALIVE] == 0 or tm[b, TSIDE] == tm[a, TSIDE]:
            continue
        d = dist_in(tm[a, TX], tm[a, TY], tm[b, TX], tm[b, TY])
        if d < best_d and _see(f, sc, tm[a, TX], tm[a, TY], tm[b, TX], tm[b, TY]):
            best, best_d = b, d
    return best


@step
def _ready(tm, a):
    return tm[a, TALIVE] and not tm[a, TPINNED]


@kernel
def _shoot(g, f, te, sc, out, turn, a, target, phase4):
    """The shooting portion of team a's action: its reaction window (phase 4) or overwatch
    (phase 5), then the volley if a is still free to fire."""
    if phase4:
        _react_to_shot(g, f, te, sc, out, turn, a)
    else:
        _overwatch_fire(g, f, te, sc, out, turn, a)
    if _ready(te.tm, a):
        _fire(g, f, te, sc, out, turn, a, target, sc.dec[S.D_MODE], sc.dec[S.D_FRAGS])


@kernel
def _activate(g, f, te, sc, out, turn, a, phase4):
    """One team's action: the commander decides, then smoke, the shooting portion of shoot &
    move, the move along its path with reactions or overwatch interrupting it, the shooting
    portion of move & shoot or shoot, and the reactions left to resolve after the action. A
    reaction answers one portion only (a team reacts once per turn)."""
    rp, tm, dec = g.rp, te.tm, sc.dec
    side = tm[a, TSIDE]
    h, w = f.terrain.shape
    occ = _occupied(tm, a, sc.occ)
    decide(g.kinds[side], g.weights[side], a, tm, te.sst, te.srole, f.terrain, f.piece,
           f.building, f.covered, f.smoke, occ, rp, g.s, dec, sc.dist, sc.queue, sc.kept, sc.seen,
           sc.cand)
    tm[a, TACTED] = 1
    act = dec[S.D_ACTION]
    if act == Action.RAPID and TM.any_injured(te.sst[a]):
        act = Action.CAUTIOUS  # the text bars rapid moves with injured soldiers
    _log(out, turn, a, Ev.ACTION, act, dec[S.D_TARGET], dec[S.D_X], dec[S.D_Y], phase4)
    if act == Action.HOLD:
        return
    moves = act == Action.RAPID or act == Action.CAUTIOUS or act == Action.MOVE_SHOOT or \
        act == Action.SHOOT_MOVE
    shoots = act == Action.SHOOT or act == Action.MOVE_SHOOT or act == Action.SHOOT_MOVE
    target = dec[S.D_TARGET]
    # smoke before moving or shooting, never before a rapid move
    if act != Action.RAPID and dec[S.D_SMOKE_X] >= 0 and tm[a, TSMOKES] > 0:
        _throw_smoke(g, f, te, out, turn, a, dec[S.D_SMOKE_X], dec[S.D_SMOKE_Y])
    sc.pending[:] = -1
    sc.when[:] = -1
    if act == Action.SHOOT_MOVE:
        if target >= 0 and _ready(tm, a):
            _shoot(g, f, te, sc, out, turn, a, target, phase4)
        shoots = False
    mode = MODE_RAPID if act == Action.RAPID else MODE_CAUTIOUS
    x0, y0 = tm[a, TX], tm[a, TY]
    nx, ny = x0, y0
    n = 0
    if moves and _ready(tm, a):
        nx, ny = dec[S.D_X], dec[S.D_Y]
        inches = rp[S.R_RAPID_MOVE] if mode == MODE_RAPID else rp[S.R_CAUTIOUS_MOVE]
        reach_kept(f.terrain, f.building, occ, x0, y0, mode, 2 * inches, sc.dist, sc.queue,
                   sc.kept)
        if not (0 <= nx < w and 0 <= ny < h) or sc.dist[ny, nx] == UNREACHED:
            nx, ny = x0, y0
        if nx == x0 and ny == y0:
            moves = False  # staying put: no move to react to, and the shot counts as still
        else:
            n = path_to(f.terrain, f.building, sc.dist, x0, y0, mode, nx, ny, sc.path)
    if moves and _ready(tm, a):
        tm[a, TMOVED] = mode
        breach = _breach_target(g, f, te, a, x0, y0, nx, ny)
        if phase4:
            _react_to_move(g, f, te, sc, out, turn, a, n, breach)
        else:
            _overwatch_on_path(f, te, sc, a, n)
        _walk(g, f, te, sc, out, turn, a, n, mode, breach)
    if shoots and act == Action.MOVE_SHOOT and target >= 0 and _ready(tm, a) and \
            not _see(f, sc, tm[a, TX], tm[a, TY], tm[target, TX], tm[target, TY]):
        target = _nearest_visible(f, sc, tm, a)  # the text: shoot at any visible enemy
    if shoots and target >= 0 and _ready(tm, a):
        _shoot(g, f, te, sc, out, turn, a, target, phase4)
    for r in range(tm.shape[0]):  # reactions that lost the roll or answered the shooting
        if sc.pending[r] >= 0:
            _resolve_reaction(g, f, te, sc, out, turn, a, r, sc.pending[r])


# ---------------------------------------------------------------- the turn's phases


@kernel
def _merges(g, te, out, turn):
    """Start of the turn: close teams of one side merge if their commander wants; the
    survivors and grenades of team b join team a."""
    tm, sst, srole = te.tm, te.sst, te.srole
    T, n_slots = sst.shape
    for a in range(T):
        for b in range(a + 1, T):
            if not (tm[a, TALIVE] and tm[b, TALIVE] and tm[a, TSIDE] == tm[b, TSIDE]):
                continue
            if dist_in(tm[a, TX], tm[a, TY], tm[b, TX], tm[b, TY]) > g.rp[S.R_MERGE_DIST]:
                continue
            side = tm[a, TSIDE]
            if not merge(g.kinds[side], g.weights[side], a, b, sst):
                continue
            k = 0
            for i in range(n_slots):
                if sst[b, i] == TM.FIT or sst[b, i] == TM.INJURED:
                    while k < n_slots and (sst[a, k] == TM.FIT or sst[a, k] == TM.INJURED):
                        k += 1
                    if k < n_slots:
                        sst[a, k] = sst[b, i]
                        srole[a, k] = srole[b, i]
                    else:  # unreachable: RGRules.slots holds a whole side
                        _broken(out, Bad.SLOTS_FULL, turn)
                    sst[b, i] = TM.DEAD  # moved, not killed: b leaves the table
            tm[a, TFRAGS] += tm[b, TFRAGS]
            tm[a, TSMOKES] += tm[b, TSMOKES]
            tm[b, TALIVE] = 0
            _log(out, turn, a, Ev.MERGE, b)


@kernel
def _initiative(g, te, out, turn, last_init):
    """Phase 1: the side with more unpinned soldiers (pins of last turn still count, unless
    the ``initiative_pins`` rule says to ignore them); a tie goes to the side without it last
    turn, a coin on turn 1. Returns the side."""
    unpinned_only = g.rp[S.R_INIT_PINS] != 0
    u0 = _side_soldiers(te, 0, unpinned_only)
    u1 = _side_soldiers(te, 1, unpinned_only)
    if u0 > u1:
        init = 0
    elif u1 > u0:
        init = 1
    elif last_init < 0:
        init = randint(g.s, 2)
    else:
        init = 1 - last_init
    if turn == 1:
        out.g_out[S.G_FIRST_INIT] = init
    out.side_out[init, S.S_INIT_TURNS] += 1
    _log(out, turn, -1, Ev.INITIATIVE, init, u0, u1)
    return init


@kernel
def _unpin(tm, turn):
    """Phase 2: pins go, and so do last turn's flags."""
    for t in range(tm.shape[0]):
        tm[t, S.TTURN] = turn
        tm[t, TPINNED] = 0
        tm[t, TACTED] = 0
        tm[t, TREACTED] = 0
        tm[t, TOW] = 0
        tm[t, TOWFIRED] = 0
        tm[t, TMOVED] = S.MOVED_STILL


@kernel
def _declare_overwatch(g, f, te, sc, out, turn, init):
    """Phase 3: the initiative side's commander puts teams on overwatch."""
    tm = te.tm
    for t in range(tm.shape[0]):
        if tm[t, TALIVE] and tm[t, TSIDE] == init and \
                overwatch(g.kinds[init], g.weights[init], t, tm, f.terrain, f.piece,
                          f.building, f.smoke, sc.seen):
            tm[t, TOW] = 1
            out.side_out[init, S.S_OW_DECLARED] += 1
            _log(out, turn, t, Ev.OVERWATCH)


@kernel
def _activations(g, f, te, sc, out, turn, init):
    """Phases 4 and 5: the initiative side's teams act (the enemy may react), then the other
    side's teams that did not react (only overwatch interrupts)."""
    tm = te.tm
    f.n_smoke[0] = 0
    for phase4 in (True, False):
        side = init if phase4 else 1 - init
        while True:  # the commander picks the next team (its least priority) each time
            nxt = -1
            n_ready = 0
            for t in range(tm.shape[0]):
                if _may_act(tm, t, side):
                    n_ready += 1
                    if nxt < 0:
                        nxt = t
            if n_ready > 1:  # a choice to make (priorities read the table, never the dice)
                best = priority(g.kinds[side], g.weights[side], nxt, tm, f.terrain, f.piece,
                                f.building, f.smoke, sc.seen)
                for t in range(nxt + 1, tm.shape[0]):
                    if _may_act(tm, t, side):
                        p = priority(g.kinds[side], g.weights[side], t, tm, f.terrain,
                                     f.piece, f.building, f.smoke, sc.seen)
                        if p < best:
                            nxt, best = t, p
            if nxt < 0:
                break
            _activate(g, f, te, sc, out, turn, nxt, phase4)


@step
def _may_act(tm, t, side):
    """Is team t of ``side`` still to act this phase?"""
    return not (tm[t, TALIVE] == 0 or tm[t, TSIDE] != side or tm[t, TPINNED] or
                tm[t, TACTED] or tm[t, TREACTED] or tm[t, TOW])


@kernel
def _clear_smoke(f):
    f.smoke[:, :] = -1  # smoke lasts until the end of the turn


@kernel
def _broken_sides(g, te, out):
    """Victory check: (side A broke, side B broke) by the share of soldiers dead."""
    broken = np.zeros(2, dtype=np.bool_)
    for side in range(2):
        start = out.side_out[side, S.S_START]
        dead = start - _side_soldiers(te, side, False)
        broken[side] = dead * 100 >= g.rp[S.R_BREAK_PCT] * start
    return broken[0], broken[1]


@kernel
def _check(f, te, out, turn):
    """Debug mode: the invariants (``Bad``) that must hold after every turn."""
    tm = te.tm
    h, w = f.terrain.shape
    for side in range(2):
        if _side_soldiers(te, side, False) > out.side_out[side, S.S_START]:
            _broken(out, Bad.SOLDIERS_GAINED, turn)
    for t in range(tm.shape[0]):
        if tm[t, TFRAGS] < 0 or tm[t, TSMOKES] < 0:
            _broken(out, Bad.NEGATIVE_GRENADES, turn)
        if not tm[t, TALIVE]:
            continue
        if TM.alive(te.sst[t]) == 0:
            _broken(out, Bad.EMPTY_TEAM, turn)
        if not (0 <= tm[t, TX] < w and 0 <= tm[t, TY] < h):
            _broken(out, Bad.OFF_TABLE, turn)
        for u in range(t + 1, tm.shape[0]):
            if tm[u, TALIVE] and tm[u, TX] == tm[t, TX] and tm[u, TY] == tm[t, TY]:
                _broken(out, Bad.SHARED_CELL, turn)


@kernel
def _tally(g, te, out, h, w):
    """End of the game: survivors, injured and soldiers on the objective per side."""
    tm, sst = te.tm, te.sst
    for side in range(2):
        out.side_out[side, S.S_ALIVE] = _side_soldiers(te, side, False)
        inj = 0
        on_obj = 0
        for t in range(tm.shape[0]):
            if tm[t, TALIVE] and tm[t, TSIDE] == side:
                for i in range(sst.shape[1]):
                    inj += sst[t, i] == TM.INJURED
                if not tm[t, TPINNED] and dist_in(tm[t, TX], tm[t, TY], w // 2, h // 2) <= \
                        g.rp[S.R_OBJ_RADIUS]:
                    on_obj += TM.alive(sst[t])
        out.side_out[side, S.S_INJURED] = inj
        out.side_out[side, S.S_ON_OBJ] = on_obj


@kernel
def scratch(h, w, T, sizes):
    """Scratch buffers of one game on an h x w table with T teams (lengths from ``sizes``)."""
    return Scratch(np.zeros((h, w), dtype=np.int64), np.zeros(sizes.queue, dtype=np.int64),
                   np.zeros(sizes.seen, dtype=np.int32), np.zeros(sizes.faces, dtype=np.int64),
                   np.zeros(S.N_DEC, dtype=np.int64), np.full(T, -1, dtype=np.int64),
                   np.zeros(T, dtype=np.int64), np.zeros(T, dtype=np.float64),
                   np.zeros((h, w), dtype=np.bool_), np.zeros((h, w), dtype=np.bool_),
                   np.zeros(h * w, dtype=np.int64), np.full(T, -1, dtype=np.int64),
                   np.zeros(T, dtype=np.int64), np.zeros(h * w, dtype=np.int64),
                   np.zeros(3 * h * w, dtype=np.float64),
                   kept_init(np.empty(kept_size(sizes.kept_slots, sizes.kept_cells),
                                      dtype=np.int64), sizes.kept_slots, sizes.kept_cells),
                   np.zeros((h, w), dtype=np.int64))


@kernel
def field(terrain, piece, building):
    """The ``Field`` of a game on this table: no smoke yet, and the table's cover (``covers``)."""
    cover, covered = covers(terrain, building)
    return _field(terrain, piece, building, cover, covered)


@kernel
def covers(terrain, building):
    """What a table's terrain gives a game, fixed while it is played: (cover_distance,
    covered_grid)."""
    return cover_distance(terrain), covered_grid(terrain, building)


@kernel
def _field(terrain, piece, building, cover, covered):
    """``field`` with the table's ``covers`` already computed (a batch does it once a table)."""
    h, w = terrain.shape
    return Field(terrain, piece, building, np.full((h, w), -1, dtype=np.int32),
                 np.zeros(1, dtype=np.int64), cover, covered)


@kernel
def _play(s, rp, terrain, piece, building, tm0, sst0, srole0, kinds, weights, sizes, g_out,
          side_out, trace):
    """Play one game from the deployed teams ``tm0``/``sst0``/``srole0`` (copied), scratch
    buffers as long as ``sizes`` says. Returns the events counted (written if ``trace`` has
    room)."""
    cover, covered = covers(terrain, building)
    return _play_on(s, rp, terrain, piece, building, cover, covered, tm0, sst0, srole0, kinds,
                    weights, sizes, g_out, side_out, trace)


@kernel
def _play_on(s, rp, terrain, piece, building, cover, covered, tm0, sst0, srole0, kinds, weights,
             sizes, g_out, side_out, trace):
    """``_play`` on a table whose ``covers`` (cover, covered) are given."""
    h, w = terrain.shape
    T = tm0.shape[0]
    f = _field(terrain, piece, building, cover, covered)
    te = Teams(tm0.copy(), sst0.copy(), srole0.copy())
    sc = scratch(h, w, T, sizes)
    nev = np.zeros(1, dtype=np.int64)
    # the game's kernels get borrowed views (sim/core/borrow.py): these owners, and the
    # arguments, stay alive until _game returns
    _game(Game(borrow(s), borrow(rp), borrow(kinds), borrow(weights)),
          Field(borrow(f.terrain), borrow(f.piece), borrow(f.building), borrow(f.smoke),
                borrow(f.n_smoke), borrow(f.cover), borrow(f.covered)),
          Teams(borrow(te.tm), borrow(te.sst), borrow(te.srole)),
          _borrow_scratch(sc),
          Out(borrow(g_out), borrow(side_out), borrow(trace), borrow(nev)))
    _keep(f, te, sc)
    return nev[0]


@kernel
def _keep(f, te, sc):
    """Nothing: called after ``_game`` so that its owners are released only then."""
    return f.n_smoke.shape[0] + te.tm.shape[0] + sc.dec.shape[0]


@kernel
def _borrow_scratch(sc):
    """``sc`` as borrowed views."""
    return Scratch(
        borrow(sc.dist), borrow(sc.queue), borrow(sc.seen), borrow(sc.faces), borrow(sc.dec),
        borrow(sc.pending), borrow(sc.order), borrow(sc.keys), borrow(sc.occ),
        borrow(sc.occ_pin), borrow(sc.path), borrow(sc.when), borrow(sc.wmode),
        borrow(sc.rpath), borrow(sc.cand), borrow(sc.kept), borrow(sc.dist_r))


@kernel
def _game(g, f, te, sc, out):
    """The game itself (see ``_play``)."""
    h, w = f.terrain.shape
    T = te.tm.shape[0]
    rp, g_out, side_out = g.rp, out.g_out, out.side_out
    tm = te.tm
    g_out[:] = 0
    side_out[:, :] = 0
    for t in range(T):
        _log(out, 0, t, Ev.DEPLOY, tm[t, TX], tm[t, TY], tm[t, TSIDE], tm[t, TQ],
             TM.alive(te.sst[t]))
    for side in range(2):
        side_out[side, S.S_START] = _side_soldiers(te, side, False)
    last_init = -1
    winner = -1
    end = S.END_LIMIT
    turn = 0
    while turn < rp[S.R_TURNS]:
        turn += 1
        _merges(g, te, out, turn)
        init = _initiative(g, te, out, turn, last_init)
        last_init = init
        _unpin(tm, turn)
        _declare_overwatch(g, f, te, sc, out, turn, init)
        _activations(g, f, te, sc, out, turn, init)
        _clear_smoke(f)
        if rp[S.R_DEBUG]:
            _check(f, te, out, turn)
        if g_out[S.G_ERROR] != 0:
            break  # a broken game stops here; play_batch reports it
        broken_a, broken_b = _broken_sides(g, te, out)
        if broken_a or broken_b:
            end = S.END_BREAK
            winner = -1 if (broken_a and broken_b) else (1 if broken_a else 0)
            break
    _tally(g, te, out, h, w)
    if end == S.END_LIMIT and rp[S.R_SCENARIO] == 1:
        end = S.END_OBJECTIVE
        if side_out[0, S.S_ON_OBJ] != side_out[1, S.S_ON_OBJ]:
            winner = 0 if side_out[0, S.S_ON_OBJ] > side_out[1, S.S_ON_OBJ] else 1
    g_out[S.G_WINNER] = winner
    g_out[S.G_TURNS] = turn
    g_out[S.G_END] = end
    _log(out, turn, -1, Ev.END, winner, end)
    return out.nev[0]


@batch_kernel
def _play_batch(seed, stream, game0, rp, terrains, pieces, buildings, cover, covered, tm0, sst0,
                srole0, kinds, weights, sizes, g_out, side_out, no_trace):
    """Each game writes its own rows; what it reads from the batch's shared arrays (rules,
    tables, commanders) it reads through borrowed views (``_play_on``), so the threads do not
    bounce those arrays' reference counts between cores on each kernel call."""
    n = g_out.shape[0]
    n_maps = terrains.shape[0]
    for i in prange(n):
        s = np.empty(STATE_SIZE, dtype=np.uint64)
        seed_state(s, np.uint64(seed), np.uint64(stream), np.uint64(game0 + i))
        m = ((game0 + i) // 2) % n_maps  # same as map_index
        g_row = np.zeros(g_out.shape[1], dtype=np.int64)
        side_rows = np.zeros((2, side_out.shape[2]), dtype=np.int64)
        _play_on(s, rp, terrains[m], pieces[m], buildings[m], cover[m], covered[m], tm0, sst0,
                 srole0, kinds[i], weights[i], sizes, g_row, side_rows,
                 np.zeros((0, no_trace.shape[1]), dtype=np.int64))
        g_out[i, :] = g_row
        side_out[i, :, :] = side_rows


# ---------------------------------------------------------------- set-up and public API


def maps(rules: RGRules, seed: int, stream: int):
    """The point's pool of tables: (terrain, piece, building) stacked [2m, h, w]: ``maps``
    generated tables and the same tables turned round (top edge to bottom), so every table is
    fought from both ends and no side is favoured by the draw of maps. Cached per point."""
    return _maps(rules.density, rules.maps, int(seed), int(stream))


@functools.lru_cache(maxsize=16)
def _maps(density: str, n: int, seed: int, stream: int):
    tabs = [generate(density, int(np.uint64(seed) ^ np.uint64(stream)) % 2**63 + i)
            for i in range(n)]
    terr = np.stack([t.terrain for t in tabs])
    pcs = np.stack([t.piece for t in tabs])
    bld = np.stack([t.building for t in tabs])
    return (np.concatenate([terr, terr[:, ::-1]]), np.concatenate([pcs, pcs[:, ::-1]]),
            np.concatenate([bld, bld[:, ::-1]]))


def table_covers(rules: RGRules, seed: int, stream: int):
    """``covers`` of every table of ``maps``, stacked: (cover int64[2m, h, w], covered
    bool[2m, h, w]). Cached per point, as the tables are."""
    return _table_covers(rules.density, rules.maps, int(seed), int(stream))


@functools.lru_cache(maxsize=16)
def _table_covers(density: str, n: int, seed: int, stream: int):
    terr, _, bld = _maps(density, n, seed, stream)
    both = [covers(terr[m], bld[m]) for m in range(terr.shape[0])]
    return np.stack([c for c, _ in both]), np.stack([k for _, k in both])


def map_index(game: int, n_maps: int) -> int:
    """Table of game g: consecutive pairs share one (a seating block with the commanders
    swapped), successive pairs walk through the pool."""
    return (game // 2) % n_maps


def sizes(rules: RGRules, height: int, width: int) -> Sizes:
    """Scratch lengths no legal game can exceed: the attack dice bound of the rules, and the
    tabletop's own bounds for the movement queue and the sight list; the movement searches' memo
    keeps KEPT_SEARCHES searches as long as the longest move's."""
    longest = 2 * max(rules.rapid_move, rules.cautious_move)
    return Sizes(rules.max_attack_dice(), queue_size(height, width),
                 seen_size(height, width, LOS_MEMO), KEPT_SEARCHES,
                 window_cells(height, width, longest))


def forces(rules: RGRules, width: int = 36, height: int = 36):
    """Deployed teams: (tm int64[T, N_TM], state int64[T, slots], role int64[T, slots]),
    ``slots`` = rules.slots() (room for merged teams). Side A deploys along the top edge, side
    B along the bottom, teams spread evenly. Each team rolls its own die (``team_dice``: the
    side's quality_* unless team_quality_* lists one per team)."""
    teams = []
    for side, (n, k, gren, saw, mark) in enumerate([
            (rules.teams_a, rules.soldiers_a, rules.grenadier_a, rules.saw_a, rules.marksman_a),
            (rules.teams_b, rules.soldiers_b, rules.grenadier_b, rules.saw_b, rules.marksman_b)]):
        dice = rules.team_dice(side)
        if len(dice) != n or any(d not in QUALITY for d in dice):
            raise ValueError(rules.problem() or f"side {side}'s dice {dice}: expected one of "
                             f"{', '.join(QUALITY)} per team")  # built without the checks
        for i in range(n):
            roles = [TM.RIFLE] * k
            specials = [r for r, on in ((TM.GRENADIER, gren), (TM.SAW, saw),
                                        (TM.MARKSMAN, mark)) if on]
            for j, r in enumerate(specials[:k]):
                roles[k - 1 - j] = r
            x = (i + 1) * width // (n + 1)
            y = 1 if side == 0 else height - 2
            teams.append((side, i, x, y, QUALITY[dice[i]], k, roles))
    T = len(teams)
    slots = rules.slots()
    tm = np.zeros((T, N_TM), dtype=np.int64)
    sst = np.zeros((T, slots), dtype=np.int64)
    srole = np.zeros((T, slots), dtype=np.int64)
    for t, (side, i, x, y, q, k, roles) in enumerate(teams):
        tm[t, TX], tm[t, TY], tm[t, TSIDE], tm[t, TQ], tm[t, TALIVE] = x, y, side, q, 1
        tm[t, TINDEX] = i
        tm[t, TFRAGS] = rules.frags_per_soldier * k
        tm[t, TSMOKES] = rules.smokes_per_soldier * k
        tm[t, TMOVED] = S.MOVED_STILL
        sst[t, :k] = TM.FIT
        srole[t, :k] = roles
    return tm, sst, srole


def _params(rules: RGRules) -> np.ndarray:
    rp = rules.kernel_params()
    rp[S.R_DEBUG] = debug_default()
    return rp


def _raise_on_broken(g_out, seed, stream, game0):
    raise_on_broken(g_out[:, S.G_ERROR], g_out[:, S.G_ERROR_ROUND], Bad, seed, stream, game0)


def play_batch(rules: RGRules, seed: int, stream: int, game0: int, kinds: np.ndarray,
               weights: np.ndarray) -> Batch:
    """Play len(kinds) games; kinds int64[n, 2] (side A, side B), weights float64[n, 2, N_W].
    In debug mode (GANGSIM_DEBUG=1) invariants are checked after every turn and a broken one
    raises ``InvariantError`` naming the game."""
    kinds = np.ascontiguousarray(kinds, dtype=np.int64)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    n = kinds.shape[0]
    terr, pcs, bld = maps(rules, seed, stream)
    cover, covered = table_covers(rules, seed, stream)
    tm, sst, srole = forces(rules, terr.shape[2], terr.shape[1])
    g_out = np.zeros((n, S.N_GAME_COLS), dtype=np.int64)
    side_out = np.zeros((n, 2, S.N_SIDE_COLS), dtype=np.int64)
    _play_batch(np.uint64(seed), np.uint64(stream), np.uint64(game0), _params(rules),
                terr, pcs, bld, cover, covered, tm, sst, srole, kinds, weights,
                sizes(rules, terr.shape[1], terr.shape[2]), g_out, side_out, TR.empty())
    _raise_on_broken(g_out, seed, stream, game0)
    return Batch(g_out, side_out)


def replay(rules: RGRules, seed: int, stream: int, game: int, kinds: np.ndarray,
           weights: np.ndarray, max_events: int = MAX_EVENTS):
    """One game with its event trace: (Batch of 1, events int64[n, N_EV_COLS], the table it
    was played on). ``max_events`` is the first guess of the trace's length; a longer game is
    played again with room for all its events."""
    terr, pcs, bld = maps(rules, seed, stream)
    m = map_index(game, terr.shape[0])
    tm, sst, srole = forces(rules, terr.shape[2], terr.shape[1])
    rp = _params(rules)
    buf = sizes(rules, terr.shape[1], terr.shape[2])
    kinds = np.ascontiguousarray(kinds, dtype=np.int64)
    weights = np.ascontiguousarray(weights, dtype=np.float64)

    def play(trace):
        g_out = np.zeros((1, S.N_GAME_COLS), dtype=np.int64)
        side_out = np.zeros((1, 2, S.N_SIDE_COLS), dtype=np.int64)
        s = np.empty(STATE_SIZE, dtype=np.uint64)
        seed_state(s, np.uint64(seed), np.uint64(stream), np.uint64(game))
        nev = _play(s, rp, terr[m], pcs[m], bld[m], tm, sst, srole, kinds, weights, buf,
                    g_out[0], side_out[0], trace)
        return Batch(g_out, side_out), int(nev)

    batch, events = TR.replay_traced(play, max_events)
    _raise_on_broken(batch.games, seed, stream, game)
    return batch, events, (terr[m], pcs[m], bld[m])
