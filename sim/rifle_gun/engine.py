"""The Rifle & Gun engine: one game in ``_play`` (numba), many in ``_play_batch``.

A turn: merges, initiative, unpin, overwatch, the initiative side's activations (with enemy
reactions and overwatch interrupts), the other side's activations (with overwatch interrupts),
smoke clears, victory check. Abstractions (stated in docs/rules/rifle_gun.md): a team is a
point; a move is seen at its start and end cells; reactions are shots (the rules also allow
moving reactions, which these commanders never use); a reaction that wins the opposed roll
fires before the mover leaves its start cell.
"""

from __future__ import annotations

import functools
import os
from typing import NamedTuple

import numpy as np

from sim.core.jit import batch_kernel, kernel, prange
from sim.core.rng import STATE_SIZE, count_successes, randint, roll, seed_state
from sim.rifle_gun import state as S
from sim.rifle_gun import team as TM
from sim.rifle_gun.battlefield import generate, sight
from sim.rifle_gun.movement import CAUTIOUS, RAPID, UNREACHED, reach, retreat
from sim.rifle_gun.rules import QUALITY, RGRules
from sim.rifle_gun.state import (
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
)
from sim.rifle_gun.volley import apply_defence, roll_attack
from strategies.rifle_gun import decide, dist_in, merge, overwatch, react

MAX_EVENTS = 4000
SLOTS = 16  # soldier slots per team (room for merged teams)


class Batch(NamedTuple):
    games: np.ndarray  # int64[n, N_GAME_COLS]
    sides: np.ndarray  # int64[n, 2, N_SIDE_COLS]


@kernel
def _ev(trace, nev, turn, team, kind, a=0, b=0, c=0, d=0, e=0, f=0, g=0, h=0, i=0):
    if nev >= trace.shape[0]:
        return nev
    row = trace[nev]
    row[0], row[1], row[2] = turn, team, kind
    row[3], row[4], row[5], row[6], row[7] = a, b, c, d, e
    row[8], row[9], row[10], row[11] = f, g, h, i
    return nev + 1


@kernel
def _occupied(tm, h, w, except_team):
    occ = np.zeros((h, w), dtype=np.bool_)
    for b in range(tm.shape[0]):
        if tm[b, TALIVE] and b != except_team:
            occ[tm[b, TY], tm[b, TX]] = True
    return occ


@kernel
def _has(sst, srole, t, role):
    return TM.has_role(sst[t], srole[t], role)


@kernel
def _pin(tm, sst, t, attacker, retreat_ok, terrain, piece, building, smoke, dist, queue, seen,
         trace, nev, turn):
    """Pin team t (fired on from ``attacker``) and make it retreat; returns nev."""
    tm[t, TPINNED] = 1
    nev = _ev(trace, nev, turn, t, S.EV_PINNED, attacker)
    if TM.alive(sst[t]) == 0:
        tm[t, TALIVE] = 0
        return nev
    if retreat_ok:
        h, w = terrain.shape
        occ = _occupied(tm, h, w, t)
        x, y = retreat(terrain, piece, building, smoke, occ, tm[t, TX], tm[t, TY],
                       tm[attacker, TX], tm[attacker, TY], tm[t, TLASTDX], tm[t, TLASTDY],
                       dist, queue, seen)
        if x != tm[t, TX] or y != tm[t, TY]:
            nev = _ev(trace, nev, turn, t, S.EV_RETREAT, tm[t, TX], tm[t, TY], x, y)
            tm[t, TX], tm[t, TY] = x, y
    return nev


@kernel
def _fire(s, rp, tm, sst, srole, a, t, mode, frags, terrain, piece, building, smoke, dist,
          queue, seen, faces, trace, nev, turn, g_out, side_out):
    """Team a shoots at team t. Returns nev."""
    if tm[a, TALIVE] == 0 or tm[t, TALIVE] == 0:
        return nev
    vis, _, _, _ = sight(terrain, piece, building, smoke, tm[a, TX], tm[a, TY], tm[t, TX],
                         tm[t, TY], seen)
    if not vis:
        return nev
    hit_on = rp[S.R_HIT_ON]
    d = dist_in(tm[a, TX], tm[a, TY], tm[t, TX], tm[t, TY])
    n_att = TM.alive(sst[a])
    n_att += _has(sst, srole, a, TM.GRENADIER) + _has(sst, srole, a, TM.SAW)
    n_att += d <= 6.0
    n_att += tm[a, TMOVED] == S.MOVED_STILL
    used = 0
    if d <= 3.0:
        used = min(max(frags, 0), tm[a, TFRAGS])
        tm[a, TFRAGS] -= used
        n_att += used
    g_out[S.G_DICE] += n_att
    g_out[S.G_SHOTS] += 1
    side_a = tm[a, TSIDE]
    if mode == S.SUPPRESSIVE:
        hits = count_successes(s, n_att, tm[a, TQ], hit_on)
        nev = _ev(trace, nev, turn, a, S.EV_SHOT, t, mode, n_att, used, hits)
        if hits > 0:
            side_out[side_a, S.S_PINS] += 1
            nev = _pin(tm, sst, t, a, True, terrain, piece, building, smoke, dist, queue, seen,
                       trace, nev, turn)
        return nev
    pool = roll_attack(s, n_att, tm[a, TQ], hit_on, faces)
    nev = _ev(trace, nev, turn, a, S.EV_SHOT, t, mode, n_att, used, pool)
    # crossfire: teams close to the line of fire and nearer than the target defend first
    order = np.empty(tm.shape[0], dtype=np.int64)
    keys = np.empty(tm.shape[0], dtype=np.float64)
    n_in = 0
    if rp[S.R_CROSSFIRE] != 0:
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
            if off <= 1.0 and sight(terrain, piece, building, smoke, tm[a, TX], tm[a, TY],
                                    tm[c, TX], tm[c, TY], seen)[0]:
                order[n_in] = c
                keys[n_in] = u
                n_in += 1
        for i in range(1, n_in):  # closest first
            k, o = keys[i], order[i]
            j = i - 1
            while j >= 0 and keys[j] > k:
                keys[j + 1], order[j + 1] = keys[j], order[j]
                j -= 1
            keys[j + 1], order[j + 1] = k, o
    order[n_in] = t
    n_in += 1
    marksman = _has(sst, srole, a, TM.MARKSMAN)
    for i in range(n_in):
        if pool == 0:
            break
        c = order[i]
        vis, pieces, smokes, behind = sight(terrain, piece, building, smoke, tm[a, TX],
                                            tm[a, TY], tm[c, TX], tm[c, TY], seen)
        n_def = pieces + smokes + (tm[c, TMOVED] != RAPID) + 2 * behind
        g_out[S.G_DICE] += n_def
        saves = count_successes(s, n_def, tm[c, TQ], hit_on)
        kills, inj, left = apply_defence(faces, pool, saves, rp[S.R_CANCEL_HIGHEST] != 0)
        pool = left
        if kills + inj > 0:
            deaths, new_inj = TM.take_hits(sst[c], srole[c], kills, inj, marksman and c == t)
            if tm[c, TSIDE] != side_a:
                side_out[side_a, S.S_KILLED] += deaths
                side_out[side_a, S.S_PINS] += 1
            nev = _ev(trace, nev, turn, c, S.EV_HITS, a, n_def, saves, kills, inj, deaths,
                      new_inj)
            nev = _pin(tm, sst, c, a, True, terrain, piece, building, smoke, dist, queue, seen,
                       trace, nev, turn)
        elif c == t:
            nev = _ev(trace, nev, turn, c, S.EV_HITS, a, n_def, saves, 0, 0, 0, 0)
    return nev


@kernel
def _overwatch_fire(s, rp, tm, sst, srole, target, x0, y0, terrain, piece, building, smoke,
                    dist, queue, seen, faces, trace, nev, turn, g_out, side_out):
    """Overwatch teams that have not fired open suppressive fire on ``target`` if they can see
    it (at its current cell or at (x0, y0)). Returns nev."""
    for o in range(tm.shape[0]):
        if tm[o, TALIVE] == 0 or tm[o, TOW] == 0 or tm[o, TOWFIRED] or tm[o, TPINNED]:
            continue
        if tm[o, TSIDE] == tm[target, TSIDE] or tm[target, TPINNED]:
            continue
        seen_now = sight(terrain, piece, building, smoke, tm[o, TX], tm[o, TY], tm[target, TX],
                         tm[target, TY], seen)[0]
        seen_from = sight(terrain, piece, building, smoke, tm[o, TX], tm[o, TY], x0, y0, seen)[0]
        if seen_now or seen_from:
            tm[o, TOWFIRED] = 1
            nev = _fire(s, rp, tm, sst, srole, o, target, S.SUPPRESSIVE, 0, terrain, piece,
                        building, smoke, dist, queue, seen, faces, trace, nev, turn, g_out,
                        side_out)
    return nev


@kernel
def _activate(s, rp, tm, sst, srole, a, phase4, kinds, weights, terrain, piece, building,
              smoke, n_smoke, dist, queue, seen, faces, dec, trace, nev, turn, g_out, side_out):
    """One team's action. Returns (nev, n_smoke)."""
    side = tm[a, TSIDE]
    h, w = terrain.shape
    occ = _occupied(tm, h, w, a)
    decide(kinds[side], weights[side], a, tm, sst, srole, terrain, piece, building, smoke, occ,
           rp, s, dec, dist, queue, seen)
    tm[a, TACTED] = 1
    act = dec[S.D_ACTION]
    if act == S.RAPID and TM.any_injured(sst[a]):
        act = S.CAUTIOUS  # the text bars rapid moves with injured soldiers
    if act == S.HOLD:
        return nev, n_smoke
    moves = act == S.RAPID or act == S.CAUTIOUS or act == S.MOVE_SHOOT or act == S.SHOOT_MOVE
    shoots = act == S.SHOOT or act == S.MOVE_SHOOT or act == S.SHOOT_MOVE
    target = dec[S.D_TARGET]
    # smoke before moving or shooting, never before a rapid move
    if act != S.RAPID and dec[S.D_SMOKE_X] >= 0 and tm[a, TSMOKES] > 0:
        sx, sy = dec[S.D_SMOKE_X], dec[S.D_SMOKE_Y]
        if 0 <= sx < w and 0 <= sy < h and dist_in(sx, sy, tm[a, TX], tm[a, TY]) <= 3.0:
            tm[a, TSMOKES] -= 1
            smoke[max(sy - 1, 0):sy + 2, max(sx - 1, 0):sx + 2] = n_smoke
            n_smoke += 1
            nev = _ev(trace, nev, turn, a, S.EV_SMOKE, sx, sy)
    pending = np.full(tm.shape[0], -1, dtype=np.int64)  # reactions resolved after the action
    if act == S.SHOOT_MOVE and target >= 0:
        nev = _fire(s, rp, tm, sst, srole, a, target, dec[S.D_MODE], dec[S.D_FRAGS], terrain,
                    piece, building, smoke, dist, queue, seen, faces, trace, nev, turn, g_out,
                    side_out)
        shoots = False
    mode = RAPID if act == S.RAPID else CAUTIOUS
    x0, y0 = tm[a, TX], tm[a, TY]
    nx, ny = x0, y0
    if moves and tm[a, TALIVE] and not tm[a, TPINNED]:
        nx, ny = dec[S.D_X], dec[S.D_Y]
        reach(terrain, building, occ, tm[a, TX], tm[a, TY], mode, 24 if mode == RAPID else 12,
              dist, queue)
        x0, y0 = tm[a, TX], tm[a, TY]
        if not (0 <= nx < w and 0 <= ny < h) or dist[ny, nx] == UNREACHED:
            nx, ny = x0, y0
        if nx == x0 and ny == y0:
            moves = False  # staying put: no move to react to, and the shot counts as still
    if moves and tm[a, TALIVE] and not tm[a, TPINNED]:
        tm[a, TMOVED] = mode
        if phase4:
            for r in range(tm.shape[0]):
                if tm[r, TALIVE] == 0 or tm[r, TSIDE] == side or tm[r, TPINNED] or \
                        tm[r, TREACTED] or tm[r, TACTED]:
                    continue
                if not (sight(terrain, piece, building, smoke, tm[r, TX], tm[r, TY], x0, y0,
                              seen)[0] or sight(terrain, piece, building, smoke, tm[r, TX],
                                                tm[r, TY], nx, ny, seen)[0]):
                    continue
                rmode = react(kinds[1 - side], weights[1 - side], r, a, tm, sst, s)
                if rmode < 0:
                    continue
                tm[r, TREACTED] = 1
                g_out[S.G_REACTIONS] += 1
                nev = _overwatch_fire(s, rp, tm, sst, srole, r, tm[r, TX], tm[r, TY], terrain,
                                      piece, building, smoke, dist, queue, seen, faces, trace,
                                      nev, turn, g_out, side_out)
                if tm[r, TPINNED] or tm[r, TALIVE] == 0:
                    continue
                ra = roll(s, tm[r, TQ])
                rb = roll(s, tm[a, TQ])
                g_out[S.G_DICE] += 2
                first = ra > rb
                nev = _ev(trace, nev, turn, r, S.EV_REACTION, a, ra, rb, first, rmode)
                if first:
                    nev = _fire(s, rp, tm, sst, srole, r, a, rmode, 0, terrain, piece, building,
                                smoke, dist, queue, seen, faces, trace, nev, turn, g_out,
                                side_out)
                    if tm[a, TPINNED] or tm[a, TALIVE] == 0:
                        break  # the action stops; the pin already made it retreat
                else:
                    pending[r] = rmode
        else:
            nev = _overwatch_fire(s, rp, tm, sst, srole, a, nx, ny, terrain, piece, building,
                                  smoke, dist, queue, seen, faces, trace, nev, turn, g_out,
                                  side_out)
        if tm[a, TALIVE] and not tm[a, TPINNED]:
            occ2 = _occupied(tm, h, w, a)
            if not occ2[ny, nx]:
                tm[a, TLASTDX], tm[a, TLASTDY] = nx - x0, ny - y0
                start_building = building[y0, x0]
                tm[a, TX], tm[a, TY] = nx, ny
                nev = _ev(trace, nev, turn, a, S.EV_MOVE, x0, y0, nx, ny, mode)
                b_in = building[ny, nx]
                if b_in >= 0 and b_in != start_building and rp[S.R_BREACH_FRAG_PINS] != 0 \
                        and tm[a, TFRAGS] > 0:
                    pinned_any = False
                    for e in range(tm.shape[0]):
                        if tm[e, TALIVE] and tm[e, TSIDE] != side and \
                                building[tm[e, TY], tm[e, TX]] == b_in:
                            tm[e, TPINNED] = 1
                            pinned_any = True
                    if pinned_any:
                        tm[a, TFRAGS] -= 1
                        nev = _ev(trace, nev, turn, a, S.EV_BREACH, b_in)
    if shoots and target >= 0 and tm[a, TALIVE] and not tm[a, TPINNED]:
        if phase4:
            for r in range(tm.shape[0]):
                if tm[r, TALIVE] == 0 or tm[r, TSIDE] == side or tm[r, TPINNED] or \
                        tm[r, TREACTED] or tm[r, TACTED] or pending[r] >= 0:
                    continue
                if sight(terrain, piece, building, smoke, tm[r, TX], tm[r, TY], tm[a, TX],
                         tm[a, TY], seen)[0]:
                    rmode = react(kinds[1 - side], weights[1 - side], r, a, tm, sst, s)
                    if rmode >= 0:
                        tm[r, TREACTED] = 1
                        g_out[S.G_REACTIONS] += 1
                        nev = _overwatch_fire(s, rp, tm, sst, srole, r, tm[r, TX], tm[r, TY],
                                              terrain, piece, building, smoke, dist, queue,
                                              seen, faces, trace, nev, turn, g_out, side_out)
                        if not tm[r, TPINNED] and tm[r, TALIVE]:
                            pending[r] = rmode
        else:
            nev = _overwatch_fire(s, rp, tm, sst, srole, a, tm[a, TX], tm[a, TY], terrain,
                                  piece, building, smoke, dist, queue, seen, faces, trace, nev,
                                  turn, g_out, side_out)
        if tm[a, TALIVE] and not tm[a, TPINNED]:
            nev = _fire(s, rp, tm, sst, srole, a, target, dec[S.D_MODE], dec[S.D_FRAGS],
                        terrain, piece, building, smoke, dist, queue, seen, faces, trace, nev,
                        turn, g_out, side_out)
    for r in range(tm.shape[0]):  # reactions that lost the roll or answered the shooting
        if pending[r] >= 0 and tm[r, TALIVE] and not tm[r, TPINNED] and tm[a, TALIVE]:
            nev = _fire(s, rp, tm, sst, srole, r, a, pending[r], 0, terrain, piece, building,
                        smoke, dist, queue, seen, faces, trace, nev, turn, g_out, side_out)
    return nev, n_smoke


@kernel
def _side_soldiers(tm, sst, side, unpinned_only):
    n = 0
    for t in range(tm.shape[0]):
        if tm[t, TALIVE] and tm[t, TSIDE] == side and not (unpinned_only and tm[t, TPINNED]):
            n += TM.alive(sst[t])
    return n


@kernel
def _play(s, rp, terrain, piece, building, tm0, sst0, srole, kinds, weights, g_out, side_out,
          trace):
    """Play one game from the deployed teams ``tm0``/``sst0`` (copied). Returns events."""
    h, w = terrain.shape
    tm = tm0.copy()
    sst = sst0.copy()
    T = tm.shape[0]
    smoke = np.full((h, w), -1, dtype=np.int32)
    dist = np.zeros((h, w), dtype=np.int64)
    queue = np.zeros(16 * h * w, dtype=np.int64)
    seen = np.zeros(w + h + 8, dtype=np.int32)
    faces = np.zeros(64, dtype=np.int64)
    dec = np.zeros(S.N_DEC, dtype=np.int64)
    g_out[:] = 0
    side_out[:, :] = 0
    nev = 0
    for t in range(T):
        nev = _ev(trace, nev, 0, t, S.EV_DEPLOY, tm[t, TX], tm[t, TY], tm[t, TSIDE], tm[t, TQ],
                  TM.alive(sst[t]))
    for side in range(2):
        side_out[side, S.S_START] = _side_soldiers(tm, sst, side, False)
    last_init = -1
    winner = -1
    end = S.END_LIMIT
    turn = 0
    while turn < rp[S.R_TURNS]:
        turn += 1
        # merges at the start of the turn
        for a in range(T):
            for b in range(a + 1, T):
                if tm[a, TALIVE] and tm[b, TALIVE] and tm[a, TSIDE] == tm[b, TSIDE] and \
                        dist_in(tm[a, TX], tm[a, TY], tm[b, TX], tm[b, TY]) <= rp[S.R_MERGE_DIST]:
                    if merge(kinds[tm[a, TSIDE]], weights[tm[a, TSIDE]], a, b, sst):
                        k = 0
                        for i in range(sst.shape[1]):
                            if sst[b, i] == TM.FIT or sst[b, i] == TM.INJURED:
                                while k < sst.shape[1] and (sst[a, k] == TM.FIT or
                                                            sst[a, k] == TM.INJURED):
                                    k += 1
                                if k < sst.shape[1]:
                                    sst[a, k] = sst[b, i]
                                    srole[a, k] = srole[b, i]
                                sst[b, i] = TM.DEAD  # moved, not killed: b leaves the table
                        tm[a, TFRAGS] += tm[b, TFRAGS]
                        tm[a, TSMOKES] += tm[b, TSMOKES]
                        tm[b, TALIVE] = 0
                        nev = _ev(trace, nev, turn, a, S.EV_MERGE, b)
        # initiative: most unpinned soldiers; ties to the side without it last turn
        u0 = _side_soldiers(tm, sst, 0, True)
        u1 = _side_soldiers(tm, sst, 1, True)
        if u0 > u1:
            init = 0
        elif u1 > u0:
            init = 1
        elif last_init < 0:
            init = randint(s, 2)
        else:
            init = 1 - last_init
        if turn == 1:
            g_out[S.G_FIRST_INIT] = init
        side_out[init, S.S_INIT_TURNS] += 1
        last_init = init
        nev = _ev(trace, nev, turn, -1, S.EV_INITIATIVE, init, u0, u1)
        for t in range(T):  # unpin and reset the turn's flags
            tm[t, TPINNED] = 0
            tm[t, TACTED] = 0
            tm[t, TREACTED] = 0
            tm[t, TOW] = 0
            tm[t, TOWFIRED] = 0
            tm[t, TMOVED] = S.MOVED_STILL
        for t in range(T):  # overwatch, declared by the initiative player
            if tm[t, TALIVE] and tm[t, TSIDE] == init and \
                    overwatch(kinds[init], weights[init], t, tm, terrain, piece, building,
                              smoke, seen):
                tm[t, TOW] = 1
                nev = _ev(trace, nev, turn, t, S.EV_OVERWATCH)
        n_smoke = 0
        for phase4 in (True, False):
            side = init if phase4 else 1 - init
            for t in range(T):
                if tm[t, TALIVE] == 0 or tm[t, TSIDE] != side or tm[t, TPINNED] or \
                        tm[t, TACTED] or tm[t, TREACTED] or tm[t, TOW]:
                    continue
                nev, n_smoke = _activate(s, rp, tm, sst, srole, t, phase4, kinds, weights,
                                         terrain, piece, building, smoke, n_smoke, dist, queue,
                                         seen, faces, dec, trace, nev, turn, g_out, side_out)
        smoke[:, :] = -1  # smoke lasts until the end of the turn
        # victory
        broken = np.zeros(2, dtype=np.bool_)
        for side in range(2):
            dead = side_out[side, S.S_START] - _side_soldiers(tm, sst, side, False)
            broken[side] = dead * 100 >= rp[S.R_BREAK_PCT] * side_out[side, S.S_START]
        if broken[0] or broken[1]:
            end = S.END_BREAK
            winner = -1 if (broken[0] and broken[1]) else (1 if broken[0] else 0)
            break
    for side in range(2):
        side_out[side, S.S_ALIVE] = _side_soldiers(tm, sst, side, False)
        inj = 0
        on_obj = 0
        for t in range(T):
            if tm[t, TALIVE] and tm[t, TSIDE] == side:
                for i in range(sst.shape[1]):
                    inj += sst[t, i] == TM.INJURED
                if not tm[t, TPINNED] and dist_in(tm[t, TX], tm[t, TY], w // 2, h // 2) <= \
                        rp[S.R_OBJ_RADIUS]:
                    on_obj += TM.alive(sst[t])
        side_out[side, S.S_INJURED] = inj
        side_out[side, S.S_ON_OBJ] = on_obj
    if end == S.END_LIMIT and rp[S.R_SCENARIO] == 1:
        end = S.END_OBJECTIVE
        if side_out[0, S.S_ON_OBJ] != side_out[1, S.S_ON_OBJ]:
            winner = 0 if side_out[0, S.S_ON_OBJ] > side_out[1, S.S_ON_OBJ] else 1
    g_out[S.G_WINNER] = winner
    g_out[S.G_TURNS] = turn
    g_out[S.G_END] = end
    nev = _ev(trace, nev, turn, -1, S.EV_END, winner, end)
    return nev


@batch_kernel
def _play_batch(seed, stream, game0, rp, terrains, pieces, buildings, tm0, sst0, srole0,
                kinds, weights, g_out, side_out):
    n = g_out.shape[0]
    no_trace = np.zeros((0, S.N_EV_COLS), dtype=np.int64)
    n_maps = terrains.shape[0]
    for i in prange(n):
        s = np.empty(STATE_SIZE, dtype=np.uint64)
        seed_state(s, np.uint64(seed), np.uint64(stream), np.uint64(game0 + i))
        m = ((game0 + i) // 2) % n_maps  # same as map_index
        srole = srole0.copy()
        _play(s, rp, terrains[m], pieces[m], buildings[m], tm0, sst0, srole, kinds[i],
              weights[i], g_out[i], side_out[i], no_trace)


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


def map_index(game: int, n_maps: int) -> int:
    """Table of game g: consecutive pairs share one (a seating block with the commanders
    swapped), successive pairs walk through the pool."""
    return (game // 2) % n_maps


def forces(rules: RGRules, width: int = 36, height: int = 36):
    """Deployed teams: (tm int64[T, N_TM], state int64[T, SLOTS], role int64[T, SLOTS]).
    Side A deploys along the top edge, side B along the bottom, teams spread evenly."""
    teams = []
    for side, (n, k, q, gren, saw, mark) in enumerate([
            (rules.teams_a, rules.soldiers_a, rules.quality_a, rules.grenadier_a, rules.saw_a,
             rules.marksman_a),
            (rules.teams_b, rules.soldiers_b, rules.quality_b, rules.grenadier_b, rules.saw_b,
             rules.marksman_b)]):
        for i in range(n):
            roles = [TM.RIFLE] * k
            specials = [r for r, on in ((TM.GRENADIER, gren), (TM.SAW, saw),
                                        (TM.MARKSMAN, mark)) if on]
            for j, r in enumerate(specials[:k]):
                roles[k - 1 - j] = r
            x = (i + 1) * width // (n + 1)
            y = 1 if side == 0 else height - 2
            teams.append((side, i, x, y, QUALITY[q], k, roles))
    T = len(teams)
    tm = np.zeros((T, N_TM), dtype=np.int64)
    sst = np.zeros((T, SLOTS), dtype=np.int64)
    srole = np.zeros((T, SLOTS), dtype=np.int64)
    for t, (side, i, x, y, q, k, roles) in enumerate(teams):
        tm[t, TX], tm[t, TY], tm[t, TSIDE], tm[t, TQ], tm[t, TALIVE] = x, y, side, q, 1
        tm[t, TINDEX] = i
        tm[t, TFRAGS] = rules.frags_per_soldier * k
        tm[t, TSMOKES] = rules.smokes_per_soldier * k
        tm[t, TMOVED] = S.MOVED_STILL
        sst[t, :k] = TM.FIT
        srole[t, :k] = roles
    return tm, sst, srole


def debug_default() -> bool:
    return os.environ.get("GANGSIM_DEBUG", "") == "1"


def play_batch(rules: RGRules, seed: int, stream: int, game0: int, kinds: np.ndarray,
               weights: np.ndarray) -> Batch:
    """Play len(kinds) games; kinds int64[n, 2] (side A, side B), weights float64[n, 2, N_W]."""
    kinds = np.ascontiguousarray(kinds, dtype=np.int64)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    n = kinds.shape[0]
    terr, pcs, bld = maps(rules, seed, stream)
    tm, sst, srole = forces(rules, terr.shape[2], terr.shape[1])
    g_out = np.zeros((n, S.N_GAME_COLS), dtype=np.int64)
    side_out = np.zeros((n, 2, S.N_SIDE_COLS), dtype=np.int64)
    _play_batch(np.uint64(seed), np.uint64(stream), np.uint64(game0), rules.kernel_params(),
                terr, pcs, bld, tm, sst, srole, kinds, weights, g_out, side_out)
    return Batch(g_out, side_out)


def replay(rules: RGRules, seed: int, stream: int, game: int, kinds: np.ndarray,
           weights: np.ndarray, max_events: int = MAX_EVENTS):
    """One game with its event trace: (Batch of 1, events, the table it was played on)."""
    terr, pcs, bld = maps(rules, seed, stream)
    m = map_index(game, terr.shape[0])
    tm, sst, srole = forces(rules, terr.shape[2], terr.shape[1])
    g_out = np.zeros((1, S.N_GAME_COLS), dtype=np.int64)
    side_out = np.zeros((1, 2, S.N_SIDE_COLS), dtype=np.int64)
    trace = np.zeros((max_events, S.N_EV_COLS), dtype=np.int64)
    s = np.empty(STATE_SIZE, dtype=np.uint64)
    seed_state(s, np.uint64(seed), np.uint64(stream), np.uint64(game))
    nev = _play(s, rules.kernel_params(), terr[m], pcs[m], bld[m], tm, sst, srole,
                np.ascontiguousarray(kinds, dtype=np.int64),
                np.ascontiguousarray(weights, dtype=np.float64), g_out[0], side_out[0], trace)
    return Batch(g_out, side_out), trace[:nev], (terr[m], pcs[m], bld[m])
