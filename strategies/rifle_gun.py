"""Scripted Rifle & Gun commanders: per team, an action, where to move, whom to shoot and how,
grenades, overwatch, reactions and merges. Policies read the visible state (both sides see the
whole table, as players at a table do) and write an int64 decision vector (``D_*``).
"""

from __future__ import annotations

import numpy as np

from sim.core.jit import kernel, step
from sim.core.rng import randint
from sim.core.tabletop.geometry import dist_in, sees
from sim.core.tabletop.movement import UNREACHED, reach_kept
from sim.rifle_gun import state as S
from sim.rifle_gun import team as TM
from sim.rifle_gun.state import (
    MODE_CAUTIOUS,
    MODE_RAPID,
    TALIVE,
    TFRAGS,
    TINDEX,
    TPINNED,
    TQ,
    TSIDE,
    TSMOKES,
    TTURN,
    TX,
    TY,
    Action,
)
from strategies.presets import Preset, weight_table

# policy kinds
RANDOM, ASSAULT, FIRE_MANOEUVRE, OVERWATCH_LINE, MARKSMAN_LED = 0, 1, 2, 3, 4


# weights float64[N_W]
W_EXPOSURE = 0  # cost per enemy team that can see a destination cell
W_COVER = 1  # bonus for a destination with blocking terrain next to it / inside a building
W_REACT_MIN = 2  # react only with at least this many soldiers
W_FRAGS = 3  # frags thrown when within frag range
W_SMOKE = 4  # 1: throw smoke before a cautious advance under enemy eyes
W_SUPPRESS = 5  # 1: fire-support teams shoot suppressive instead of regular
W_REACT_BLIND = 6  # react to a move whose end is out of sight only if P(win the roll) >= this
W_ORDER = 7  # 1: the commander orders its activations (``priority``); 0: team number order
W_REACT_COVER = 8  # 1: a team too weak to trade fire reacts by moving to cover; 0: it stays
N_W = 9


_BASE = {W_EXPOSURE: 3.0, W_COVER: 2.0, W_REACT_MIN: 2.0, W_FRAGS: 2.0, W_SMOKE: 1.0,
         W_SUPPRESS: 1.0, W_REACT_BLIND: 0.5, W_ORDER: 1.0, W_REACT_COVER: 1.0}

PRESETS = {p.name: p for p in [
    Preset("random", RANDOM, {}, "Uniformly random legal commander: the floor."),
    Preset("assault", ASSAULT, {W_EXPOSURE: 0.5, W_SMOKE: 0.0},
           "Closes fast: rapid moves out of sight, move-and-shoot in sight, frags up close."),
    Preset("fire_manoeuvre", FIRE_MANOEUVRE, {},
           "Two elements swap roles every turn: the support element acts first and "
           "suppresses the enemy team best placed to react, then the manoeuvre element "
           "advances cautiously behind smoke and moves and shoots."),
    Preset("overwatch_line", OVERWATCH_LINE, {W_EXPOSURE: 6.0},
           "Holds a line in cover: overwatch while nothing is in sight (with the initiative), "
           "regular fire when something is; moves only to reach cover, or towards the "
           "objective in that scenario."),
    Preset("marksman_led", MARKSMAN_LED, {W_EXPOSURE: 4.0},
           "Shoots the strongest enemy team in sight, still when in cover, otherwise moving "
           "and shooting from a covered cell that keeps it in sight; advances when nothing "
           "is in sight."),
]}

WEIGHT_NAMES = {"exposure": W_EXPOSURE, "cover": W_COVER, "react_min": W_REACT_MIN,
                "frags": W_FRAGS, "smoke": W_SMOKE, "suppress": W_SUPPRESS,
                "react_blind": W_REACT_BLIND, "order": W_ORDER, "react_cover": W_REACT_COVER}


def table(names: list[str], overrides: dict | None = None):
    """(kinds int64[n], weights float64[n, N_W]) of the named presets."""
    return weight_table(PRESETS, _BASE, WEIGHT_NAMES, N_W, names, overrides)


# ---------------------------------------------------------------- shared queries


@step
def _sees(terrain, piece, building, smoke, tm, a, b, seen):
    """Does team a see team b?"""
    return sees(terrain, piece, building, smoke, tm[a, TX], tm[a, TY], tm[b, TX], tm[b, TY],
                seen)


@step
def _move_inches(rp, mode):
    return rp[S.R_RAPID_MOVE] if mode == MODE_RAPID else rp[S.R_CAUTIOUS_MOVE]


@step
def _nearest_enemy(tm, a, visible_only, terrain, piece, building, smoke, seen):
    best = -1
    best_d = 1e9
    for b in range(tm.shape[0]):
        if tm[b, TALIVE] == 0 or tm[b, TSIDE] == tm[a, TSIDE]:
            continue
        if visible_only and not _sees(terrain, piece, building, smoke, tm, a, b, seen):
            continue
        d = dist_in(tm[a, TX], tm[a, TY], tm[b, TX], tm[b, TY])
        if d < best_d:
            best, best_d = b, d
    return best


@step
def _any_visible(tm, a, terrain, piece, building, smoke, seen):
    """Does team a see any live enemy team? (stops at the first)"""
    for b in range(tm.shape[0]):
        if tm[b, TALIVE] and tm[b, TSIDE] != tm[a, TSIDE] and \
                _sees(terrain, piece, building, smoke, tm, a, b, seen):
            return True
    return False


@kernel
def _strongest_visible(tm, sst, a, terrain, piece, building, smoke, seen):
    best = -1
    best_n = -1
    for b in range(tm.shape[0]):
        if tm[b, TALIVE] == 0 or tm[b, TSIDE] == tm[a, TSIDE]:
            continue
        if _sees(terrain, piece, building, smoke, tm, a, b, seen):
            n = TM.alive(sst[b])
            if n > best_n:
                best, best_n = b, n
    return best


@kernel
def _covered(terrain, building, x, y):
    """Inside a building, or blocking terrain in one of the 8 cells around (x, y)."""
    h, wd = terrain.shape
    if building[y, x] >= 0:
        return True
    for dy in range(-1, 2):
        for dx in range(-1, 2):
            yy, xx = y + dy, x + dx
            if 0 <= yy < h and 0 <= xx < wd and terrain[yy, xx] == 1:
                return True
    return False


@kernel
def covered_grid(terrain, building):
    """``_covered`` of every cell, bool[h, w]: a table's cover never changes in play, so a game
    (or a batch, per table) computes this once and the commanders look cells up in it."""
    h, wd = terrain.shape
    out = np.zeros((h, wd), dtype=np.bool_)
    for y in range(h):
        for x in range(wd):
            out[y, x] = _covered(terrain, building, x, y)
    return out


@kernel
def _best_cell(tm, a, mode, gx, gy, w, rp, terrain, piece, building, covered, smoke, occupied,
               dist, queue, kept, seen, cand):
    """Reachable cell (mode's move) minimising distance to the goal plus exposure to enemy
    eyes, with a bonus for cover; cells scanned on a 2" lattice plus the goal-most cell. The
    first cell in scan order with the least score wins.

    Exposure (a line of sight per enemy team) is the costly part, so it is counted only for
    cells that can still win: a cell's score is at least its distance less its cover bonus
    (exposure adds w[W_EXPOSURE] >= 0 per team), and floating-point addition is monotone, so
    skipping a cell whose bound cannot beat the best so far gives exactly the full scan's
    answer. The winner is the least (score, scan position) over the cells (a score above 1e18,
    or NaN, never wins), so the order cells are scored in does not change it: one pass lists
    the candidates in scan order into ``cand`` (per cell: y * w + x, distance to the goal,
    bound; ``covered`` is ``covered_grid``), then they are scored least bound first, each time
    the least (bound, cell) left, until none left can beat the best."""
    h, wd = terrain.shape
    r = _move_inches(rp, mode)  # a move of r inches ends within r cells
    reach_kept(terrain, building, occupied, tm[a, TX], tm[a, TY], mode, 2 * r, dist, queue, kept)
    ax, ay, side = tm[a, TX], tm[a, TY], tm[a, TSIDE]
    w_exp, w_cov = w[W_EXPOSURE], w[W_COVER]
    prune = w_exp >= 0.0
    y_lo, y_hi = max(ay - r, 0), min(ay + r + 1, h)
    x_lo, x_hi = max(ax - r, 0), min(ax + r + 1, wd)
    n = 0
    for y in range(y_lo, y_hi):
        if y % 2 != 0 and y != gy and y != ay:
            continue  # no lattice row, and neither the goal's nor the team's
        for x in range(x_lo, x_hi):
            if dist[y, x] == UNREACHED:
                continue
            on_lattice = (x % 2 == 0 and y % 2 == 0) or (x == gx and y == gy)
            if not on_lattice and not (x == ax and y == ay):
                continue
            d = dist_in(x, y, gx, gy)
            cand[3 * n] = y * wd + x
            cand[3 * n + 1] = d
            cand[3 * n + 2] = d - w_cov if covered[y, x] else d  # the bound
            n += 1
    best_x, best_y = ax, ay
    best = 1e18
    best_c = -1  # cell of the best (y * w + x: in scan order)
    done = 1e300  # bound of a candidate already scored
    j = 0
    while j < n:
        if prune:  # the candidate of least (bound, cell) not yet scored, if it can still win
            i = -1
            i_lb = done
            for k in range(n):
                if cand[3 * k + 2] < i_lb:  # earliest cell on ties: cand is in scan order
                    i, i_lb = k, cand[3 * k + 2]
            if i < 0 or i_lb > best or (i_lb == best and np.int64(cand[3 * i]) > best_c):
                break  # none left can beat the best
            cand[3 * i + 2] = done
        else:
            i = j
        j += 1
        c = np.int64(cand[3 * i])
        x, y = c % wd, c // wd
        d = cand[3 * i + 1]
        cov = covered[y, x]
        exposed = 0
        skip = False
        for b in range(tm.shape[0]):
            if tm[b, TALIVE] == 0 or tm[b, TSIDE] == side:
                continue
            if sees(terrain, piece, building, smoke, tm[b, TX], tm[b, TY], x, y, seen):
                exposed += 1
                if prune:  # the score so far only grows: stop once it cannot win
                    part = d + w_exp * exposed
                    if cov:
                        part -= w_cov
                    if part > best or (part == best and c > best_c):
                        skip = True
                        break
        if skip:
            continue
        score = d + w_exp * exposed
        if cov:
            score -= w_cov
        if score < best or (score == best and c < best_c):
            best, best_x, best_y, best_c = score, x, y, c
    return best_x, best_y


@kernel
def _goal(tm, a, rp, terrain, piece, building, smoke, seen):
    h, w = terrain.shape
    if rp[S.R_SCENARIO] == 1:
        return w // 2, h // 2
    e = _nearest_enemy(tm, a, False, terrain, piece, building, smoke, seen)
    if e < 0:
        return w // 2, h // 2
    return tm[e, TX], tm[e, TY]


# ---------------------------------------------------------------- decisions


@kernel
def decide(kind, w, a, tm, sst, srole, terrain, piece, building, covered, smoke, occupied, rp, s,
           dec, dist, queue, kept, seen, cand):
    """Fill ``dec`` with team a's action this activation (``covered``: ``covered_grid`` of the
    table; ``kept``: the movement searches' memo, ``movement.reach_kept``; ``cand``:
    ``_best_cell``'s scratch, float64[3 * h * w])."""
    for i in range(dec.shape[0]):
        dec[i] = 0
    dec[S.D_TARGET] = -1
    dec[S.D_SMOKE_X] = -1
    dec[S.D_X] = tm[a, TX]
    dec[S.D_Y] = tm[a, TY]
    injured = TM.any_injured(sst[a])
    visible = _nearest_enemy(tm, a, True, terrain, piece, building, smoke, seen)
    gx, gy = _goal(tm, a, rp, terrain, piece, building, smoke, seen)
    if kind == RANDOM:
        act = randint(s, 6)
        if act == Action.RAPID and injured:
            act = Action.CAUTIOUS
        dec[S.D_ACTION] = act
        if act != Action.HOLD and act != Action.SHOOT:
            mode = MODE_RAPID if act == Action.RAPID else MODE_CAUTIOUS
            reach_kept(terrain, building, occupied, tm[a, TX], tm[a, TY], mode,
                       2 * _move_inches(rp, mode), dist, queue, kept)
            r = rp[S.R_RAPID_MOVE]  # draws within the longest move
            for _ in range(20):
                x = tm[a, TX] + randint(s, 2 * r + 1) - r
                y = tm[a, TY] + randint(s, 2 * r + 1) - r
                if 0 <= x < terrain.shape[1] and 0 <= y < terrain.shape[0] and \
                        dist[y, x] != UNREACHED:
                    dec[S.D_X] = x
                    dec[S.D_Y] = y
                    break
        n_vis = 0
        for b in range(tm.shape[0]):
            if tm[b, TALIVE] and tm[b, TSIDE] != tm[a, TSIDE]:
                n_vis += 1
        if n_vis > 0:
            k = randint(s, n_vis)
            for b in range(tm.shape[0]):
                if tm[b, TALIVE] and tm[b, TSIDE] != tm[a, TSIDE]:
                    if k == 0:
                        dec[S.D_TARGET] = b
                    k -= 1
        dec[S.D_MODE] = randint(s, 2)
        dec[S.D_FRAGS] = randint(s, min(tm[a, TFRAGS], 3) + 1)
        return
    if kind == ASSAULT:
        if visible >= 0:
            d = dist_in(tm[a, TX], tm[a, TY], tm[visible, TX], tm[visible, TY])
            dec[S.D_ACTION] = Action.MOVE_SHOOT
            x, y = _best_cell(tm, a, MODE_CAUTIOUS, tm[visible, TX], tm[visible, TY], w, rp,
                              terrain, piece, building, covered, smoke, occupied, dist, queue, kept,
                              seen, cand)
            dec[S.D_X], dec[S.D_Y] = x, y
            dec[S.D_TARGET] = visible
            dec[S.D_MODE] = S.REGULAR
            if d <= rp[S.R_CAUTIOUS_MOVE] + rp[S.R_FRAG_RANGE]:  # in frag range after the move
                dec[S.D_FRAGS] = min(tm[a, TFRAGS], np.int64(w[W_FRAGS]))
        else:
            dec[S.D_ACTION] = Action.CAUTIOUS if injured else Action.RAPID
            x, y = _best_cell(tm, a, MODE_CAUTIOUS if injured else MODE_RAPID, gx, gy, w, rp,
                              terrain, piece, building, covered, smoke, occupied, dist, queue, kept,
                              seen, cand)
            dec[S.D_X], dec[S.D_Y] = x, y
        return
    if kind == FIRE_MANOEUVRE:
        # two elements that swap roles every turn: support this turn, manoeuvre next
        support = _fm_support(tm, a)
        if support and visible >= 0:
            dec[S.D_ACTION] = Action.SHOOT
            t = _threat(tm, sst, a, terrain, piece, building, smoke, seen)
            dec[S.D_TARGET] = t
            dec[S.D_MODE] = S.SUPPRESSIVE if w[W_SUPPRESS] > 0 and tm[t, TPINNED] == 0 \
                else S.REGULAR
            return
        x, y = _best_cell(tm, a, MODE_CAUTIOUS, gx, gy, w, rp, terrain, piece, building,
                          covered, smoke, occupied, dist, queue, kept, seen, cand)
        dec[S.D_X], dec[S.D_Y] = x, y
        dec[S.D_ACTION] = Action.MOVE_SHOOT if visible >= 0 else Action.CAUTIOUS
        dec[S.D_TARGET] = visible
        dec[S.D_MODE] = S.REGULAR
        if visible >= 0 and w[W_SMOKE] > 0 and tm[a, TSMOKES] > 0:
            # smoke 2" towards the threat (less if the smoke range is shorter)
            ahead = min(2, rp[S.R_SMOKE_RANGE])
            dx = tm[visible, TX] - tm[a, TX]
            dy = tm[visible, TY] - tm[a, TY]
            n = max(abs(dx), abs(dy), 1)
            dec[S.D_SMOKE_X] = tm[a, TX] + (ahead * dx) // n
            dec[S.D_SMOKE_Y] = tm[a, TY] + (ahead * dy) // n
        return
    if kind == MARKSMAN_LED:
        target = _strongest_visible(tm, sst, a, terrain, piece, building, smoke, seen)
        if target >= 0:
            dec[S.D_TARGET] = target
            dec[S.D_MODE] = S.REGULAR
            dec[S.D_ACTION] = Action.SHOOT
            if not covered[tm[a, TY], tm[a, TX]]:
                # a covered cell within a cautious move that still sees the target: move &
                # shoot from there (giving up the stationary die for the cover dice)
                x, y = _firing_position(tm, a, target, rp, terrain, piece, building, covered,
                                        smoke, occupied, dist, queue, kept, seen)
                if x >= 0:
                    dec[S.D_ACTION] = Action.MOVE_SHOOT
                    dec[S.D_X], dec[S.D_Y] = x, y
            d = dist_in(tm[a, TX], tm[a, TY], tm[target, TX], tm[target, TY])
            if d <= rp[S.R_FRAG_RANGE]:
                dec[S.D_FRAGS] = min(tm[a, TFRAGS], np.int64(w[W_FRAGS]))
            return
        x, y = _best_cell(tm, a, MODE_CAUTIOUS, gx, gy, w, rp, terrain, piece, building,
                          covered, smoke, occupied, dist, queue, kept, seen, cand)
        dec[S.D_X], dec[S.D_Y] = x, y
        dec[S.D_ACTION] = Action.CAUTIOUS
        return
    if kind == OVERWATCH_LINE:
        if visible >= 0:
            dec[S.D_ACTION] = Action.SHOOT
            dec[S.D_TARGET] = visible
            dec[S.D_MODE] = S.REGULAR
            d = dist_in(tm[a, TX], tm[a, TY], tm[visible, TX], tm[visible, TY])
            if d <= rp[S.R_FRAG_RANGE]:
                dec[S.D_FRAGS] = min(tm[a, TFRAGS], np.int64(w[W_FRAGS]))
            return
        if rp[S.R_SCENARIO] == 0 and covered[tm[a, TY], tm[a, TX]]:
            dec[S.D_ACTION] = Action.HOLD  # hold the line; overwatch when it has the initiative
            return
        if rp[S.R_SCENARIO] == 0:  # not in cover: the nearest covered cell, unseen if it can
            gx, gy = tm[a, TX], tm[a, TY]
        x, y = _best_cell(tm, a, MODE_CAUTIOUS, gx, gy, w, rp, terrain, piece, building,
                          covered, smoke, occupied, dist, queue, kept, seen, cand)
        dec[S.D_X], dec[S.D_Y] = x, y
        dec[S.D_ACTION] = Action.CAUTIOUS
        return


@step
def _fm_support(tm, a):
    """fire_manoeuvre: is team a in the support element this activation? Elements are the
    even and the odd team numbers; they swap every turn (even team numbers support on odd
    turns), so each bound is covered by the other element's fire."""
    return (tm[a, TINDEX] + tm[a, TTURN]) % 2 == 1


@kernel
def _threat(tm, sst, a, terrain, piece, building, smoke, seen):
    """The visible enemy team best placed to react to my moving teams: unpinned first, then
    the most of my other teams in its sight, then the most soldiers (lowest index on ties)."""
    best = -1
    best_key = -1
    for b in range(tm.shape[0]):
        if tm[b, TALIVE] == 0 or tm[b, TSIDE] == tm[a, TSIDE]:
            continue
        if not _sees(terrain, piece, building, smoke, tm, a, b, seen):
            continue
        watched = 0
        for m in range(tm.shape[0]):
            if m != a and tm[m, TALIVE] and tm[m, TSIDE] == tm[a, TSIDE] and \
                    _sees(terrain, piece, building, smoke, tm, b, m, seen):
                watched += 1
        key = (0 if tm[b, TPINNED] else 1000) + 10 * watched + TM.alive(sst[b])
        if key > best_key:
            best, best_key = b, key
    return best


@kernel
def _firing_position(tm, a, target, rp, terrain, piece, building, covered, smoke, occupied, dist,
                     queue, kept, seen):
    """The nearest covered cell within a cautious move from which team a sees ``target``
    (scan order on ties), or (-1, -1)."""
    h, wd = terrain.shape
    r = rp[S.R_CAUTIOUS_MOVE]
    ax, ay = tm[a, TX], tm[a, TY]
    reach_kept(terrain, building, occupied, ax, ay, MODE_CAUTIOUS, 2 * r, dist, queue, kept)
    best_x, best_y = -1, -1
    best_c = UNREACHED
    for y in range(max(ay - r, 0), min(ay + r + 1, h)):
        for x in range(max(ax - r, 0), min(ax + r + 1, wd)):
            c = dist[y, x]
            if c >= best_c or (x == ax and y == ay):
                continue
            if covered[y, x] and \
                    sees(terrain, piece, building, smoke, x, y, tm[target, TX], tm[target, TY],
                         seen):
                best_x, best_y, best_c = x, y, c
    return best_x, best_y


@kernel
def p_first(q_reactor, q_mover):
    """Chance that a q_reactor-sided die rolls strictly higher than a q_mover-sided one."""
    wins = 0
    for ra in range(1, q_reactor + 1):
        wins += min(ra - 1, q_mover)
    return wins / (q_reactor * q_mover)


@kernel
def react(kind, w, r, a, tm, sst, covered, s, sees_end):
    """Reaction of team r to enemy team a's action: a fire mode, ``REACT_MOVE`` (a cautious
    move to cover), or -1 for none. ``sees_end``: r sees where a's move ends (always, for a
    reaction to shooting). A reaction costs the team its own action this turn. Scripted teams:
    a team too weak to trade fire (fewer than ``react_min`` soldiers) in the open moves to
    cover; otherwise it fires, but at a move whose end it cannot see (a reaction that loses
    the roll fires after the action, so only there) only when likely to win the roll
    (``react_blind``). ``covered``: the table's ``covered_grid``."""
    if kind == RANDOM:
        return randint(s, 4) - 1
    if TM.alive(sst[r]) < w[W_REACT_MIN]:
        if w[W_REACT_COVER] <= 0 or covered[tm[r, TY], tm[r, TX]]:
            return -1
        return S.REACT_MOVE
    if not sees_end and p_first(tm[r, TQ], tm[a, TQ]) < w[W_REACT_BLIND]:
        return -1
    return S.REGULAR


@kernel
def react_move(kind, w, r, a, tm, rp, terrain, piece, building, covered, smoke, occupied, dist,
               queue, kept, seen, cand):
    """Where team r goes on a moving reaction: a covered cell within a cautious move, as few
    enemy eyes on it as the exposure weight asks (scored like any destination, with its own
    cell as the goal)."""
    return _best_cell(tm, r, MODE_CAUTIOUS, tm[r, TX], tm[r, TY], w, rp, terrain, piece,
                      building, covered, smoke, occupied, dist, queue, kept, seen, cand)


@kernel
def priority(kind, w, t, tm, terrain, piece, building, smoke, seen):
    """Activation order: the side's ready team with the least priority acts next (team order
    on ties). fire_manoeuvre activates its support element first, so its suppressive fire
    lands before the manoeuvre element moves; the other scripted commanders let teams with an
    enemy in sight shoot first (a pinned enemy cannot react to the teams that move after)."""
    if kind == RANDOM or w[W_ORDER] <= 0:
        return 0
    sees_enemy = _any_visible(tm, t, terrain, piece, building, smoke, seen)
    if kind == FIRE_MANOEUVRE:
        return 0 if _fm_support(tm, t) and sees_enemy else 1
    return 0 if sees_enemy else 1


@kernel
def overwatch(kind, w, a, tm, terrain, piece, building, smoke, seen):
    """Does team a go on overwatch this turn (its side has the initiative)?"""
    if kind == OVERWATCH_LINE:
        return _nearest_enemy(tm, a, True, terrain, piece, building, smoke, seen) < 0
    if kind == FIRE_MANOEUVRE:
        return False
    return False


@kernel
def merge(kind, w, a, b, sst):
    """Merge team b into team a at the start of the turn (both already close)?"""
    if kind == RANDOM:
        return False
    na = TM.alive(sst[a])
    nb = TM.alive(sst[b])
    return na <= 2 and nb <= 2
