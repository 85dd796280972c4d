"""Westamunda rules wm-16: two base hand-to-hand rules the engine lacked (reference 7).

- **Obstacle**: a charger fighting his foe over an obstacle adds ``obstacle_penalty`` (-1) to
  his combat score in the charge's round. On the 1" table two fighters in base contact have no
  cell between them, so the obstacle is low terrain (a NONBLOCKING piece) under the target
  (sheltering in it) or under the charger (the piece he climbed onto to reach him):
  ``engine._obstacle``, Ev.CHARGED b, tidy ``obstacle_charges``.
- **Follow-up**: a fighter in a fight as the hand-to-hand phase began who is up, free (his
  foes all out of it), unbroken, unpinned and not held by a rope at its end has won it and may
  follow up ``follow_up_in`` (2") at the phase's end, never into base contact; a rider who
  charged that turn must follow up ``mounted_follow_up_in`` (2") along his horse's heading.
  Ev.FOLLOW_UP (logged where he stays too), tidy ``follow_ups``.

The trace auditor (``test_westamunda_engine._audit``) checks both on every traced fight: the
obstacle flag against the table, the combat score's modifier, every follow-up's eligibility,
reach, cell and (for a mounted charger) its exact cell, and that no winner is left without
one. Here: the mechanics in play at plausible rates, the gunfighters' follow-up choices, the
switch that plays as the engine before wm-16, and the hand-placed obstacle geometry.
"""

from __future__ import annotations

import collections

import numpy as np
import pytest
from test_westamunda_engine import NAMES, audited, lineups

from sim.core.tabletop.battlefield import DIFFICULT, NONBLOCKING, OPEN, SHALLOW_WATER, Table, visible
from sim.core.tabletop.movement import GO_OVER, UNREACHED, reachable
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import WMRules
from strategies.westamunda import table

R = WMRules()
OFF = WMRules(obstacle_penalty=0, follow_up_in=0, mounted_follow_up_in=0)
CAV = WMRules(gang_budget=3000)  # a mounted standard gang costs $1564
MOUNTED = tuple(r._replace(horse=True) for r in E.standard_roster(CAV))
BRAWLERS = ["brawler", "brawler", "random", "patient_aimer", "gunslinger_rush", "flanker"]


def col(sides, name):
    return sides[..., S.SIDE_NAMES.index(name)]


@pytest.fixture(scope="module")
def field():
    """Tidy records of 600 fights of every ordered pairing of the five gunfighters (seed 41)."""
    k, w = lineups(NAMES, 600)
    return E.play_batch(R, 41, 0, 0, k, w)


def test_obstacles_and_follow_ups_happen_at_plausible_rates(field):
    """From the tidy records: charges over an obstacle are a share of all charges (seen 71 of
    667, 11%: low terrain under either fighter of the contact), never more than the charges
    of a fight; winners follow up (seen 454 follow-ups that moved, in 1,890 combat rounds)."""
    sd = field.sides
    charges, over, follows = (int(col(sd, c).sum()) for c in
                              ("charges", "obstacle_charges", "follow_ups"))
    assert charges > 300, charges
    assert 0.02 * charges < over < 0.6 * charges, (over, charges)
    assert follows > 0.1 * charges, (follows, charges)
    assert (col(sd, "obstacle_charges") <= col(sd, "charges")).all()


def test_the_switch_plays_as_before_wm16():
    """obstacle_penalty 0 and both follow-up distances 0: no FOLLOW_UP, no follow-ups counted
    (the combat scores carry no obstacle term: the auditor checks them with the rule's 0)."""
    seen = audited(OFF, 48, names=BRAWLERS, seed=8, stream=3)
    assert seen["follow_up_events"] == 0 and seen["follow_ups"] == 0
    assert seen["obstacle_charges"] > 0  # (the flag is logged; it costs nothing: seen 10)


@pytest.fixture(scope="module")
def traced():
    """The auditor's counts over 96 traced fights on foot with brawlers in the pool, and 64
    with both sides mounted (seed 9)."""
    foot = audited(R, 96, names=BRAWLERS, seed=9, stream=1)
    horse = audited(CAV, 64, (MOUNTED, MOUNTED), names=BRAWLERS, seed=9, stream=2)
    return foot, horse


def test_every_follow_up_and_obstacle_passes_the_audit(traced):
    """Every traced fight passes the auditor (it raises otherwise); the mechanics are seen:
    follow-ups that move and that stay (on foot seen 138 logged, 116 moved, 22 stayed),
    obstacles under the target and under the charger (seen 13 and 22 over both sets), and
    mounted chargers carried on by their horses (seen 69: 47 of them after a charge at a
    rider, a known fault of wm-16 recorded in the docs, to be fixed with the auditor's
    ``must``)."""
    foot, horse = traced
    assert foot["follow_up_events"] > 40 and foot["follow_ups"] > 30, foot["follow_up_events"]
    assert foot["follow_ups_stayed"] > 5
    assert foot["obstacle_charges_target_in"] + horse["obstacle_charges_target_in"] > 3
    assert foot["obstacle_charges_charger_on"] + horse["obstacle_charges_charger_on"] > 5
    assert horse["forced_follow_ups"] > 20, horse["forced_follow_ups"]
    assert horse["follow_ups_mounted"] >= horse["forced_follow_ups"]


def _replays(rules, n, names, seed, stream, rosters=None):
    k, w = lineups(names, n)
    for i in range(n):
        batch, ev, tab = E.replay(rules, seed, stream, i, k[i], w[i], rosters=rosters)
        yield k[i], ev, tab


def test_each_gunfighter_follows_up_as_his_doc_says():
    """A brawler (who charges) follows up to the free cell nearest the nearest standing enemy
    (then the nearest by path); every other preset into cover: the standing enemies who see
    his cell after it are never more than before (checked where his own cell touches no enemy,
    so staying is open to him). Seen over 96 fights (seed 12): 70 brawlers' follow-ups (63
    moved) and 27 others' (10 moved)."""
    names = ["brawler", "patient_aimer", "gunslinger_rush", "flanker"]
    preset_kind = {n: int(table([n])[0][0]) for n in names}
    brawler_kind = preset_kind["brawler"]
    checked = collections.Counter()
    for ks, ev, tab in _replays(R, 96, names, 12, 1):
        terrain, piece, building = (np.asarray(x) for x in tab)
        board = Table(terrain, piece, building)
        pos, side, state = {}, {}, {}
        for e in ev:
            f, kind = int(e[1]), int(e[2])
            a, b, c, d = (int(v) for v in e[3:7])
            if kind == S.Ev.DEPLOY:
                pos[f], side[f], state[f] = (a, b), c, "up"
            elif kind in (S.Ev.MOVE, S.Ev.KNOCKDOWN, S.Ev.FLEE):
                pos[f] = (c, d)
            elif kind == S.Ev.INJURY:
                state[f] = "out" if b == S.INJ_OUT else "down" if b == S.INJ_DOWN else state[f]
            elif kind == S.Ev.TAKEN_OUT:
                state[f] = "out"
            elif kind == S.Ev.RECOVERY:
                state[f] = "out" if b == S.INJ_OUT else "up" if b == S.INJ_FLESH else state[f]
            elif kind == S.Ev.FOLLOW_UP:
                assert not e[7]  # (on foot: never forced)
                start, end = (a, b), (c, d)
                occ = np.zeros(terrain.shape, np.bool_)
                for y in pos:
                    if y != f and state[y] != "out":
                        occ[pos[y][1], pos[y][0]] = True
                foes = [pos[y] for y in pos if side[y] != side[f] and state[y] == "up"]
                if int(ks[side[f]]) == brawler_kind:
                    dist = reachable(board, start, GO_OVER, R.follow_up_in, occ,
                                     R.difficult_cost, R.very_difficult_cost)

                    def gap(p, foes=foes):
                        return min(((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 for q in foes),
                                   default=0)
                    best = (gap(start), 0)
                    for cy, cx in zip(*np.nonzero(dist != UNREACHED), strict=True):
                        p = (int(cx), int(cy))
                        if occ[cy, cx] or any(side[y] != side[f] and state[y] != "out" and
                                              max(abs(pos[y][0] - p[0]),
                                                  abs(pos[y][1] - p[1])) <= 1 for y in pos):
                            continue
                        best = min(best, (gap(p), int(dist[cy, cx])))
                    assert (gap(end), int(e[8])) == best, ("a brawler closes on the nearest "
                                                           "standing enemy", e.tolist())
                    checked["brawler"] += 1
                    checked["brawler_moved"] += end != start
                elif not any(side[y] != side[f] and state[y] != "out" and
                             max(abs(pos[y][0] - a), abs(pos[y][1] - b)) <= 1 for y in pos):
                    # (his own cell is a candidate: he touches no enemy there)
                    def seen_at(p, foes=foes, t=terrain, bl=building):
                        return sum(visible(t, bl, q[0], q[1], p[0], p[1]) for q in foes)
                    assert seen_at(end) <= seen_at(start), e.tolist()
                    checked["cover"] += 1
                    checked["cover_moved"] += end != start
                pos[f] = end
    assert checked["brawler"] > 20 and checked["brawler_moved"] > 15, checked
    assert checked["cover"] > 8 and checked["cover_moved"] > 2, checked


@pytest.mark.parametrize(("target", "charger", "over"), [
    (OPEN, OPEN, 0), (NONBLOCKING, OPEN, 1), (OPEN, NONBLOCKING, 1),
    (NONBLOCKING, NONBLOCKING, 1), (DIFFICULT, OPEN, 0), (SHALLOW_WATER, DIFFICULT, 0)])
def test_the_obstacle_is_low_terrain_under_either_fighter(target, charger, over):
    """Hand-placed: charger at (3, 3), target at (4, 3) on a 7" square; only low terrain (a
    fence, a trough, rocks) under one of them is an obstacle, not slow ground or water."""
    terrain = np.zeros((7, 7), np.int8)
    terrain[3, 4], terrain[3, 3] = target, charger
    none = np.full((7, 7), -1, np.int32)
    fld = E.Field(terrain, none.copy(), none.copy(), none.copy())
    fm = np.zeros((2, S.N_FC), np.int64)
    fm[0, S.FX], fm[0, S.FY], fm[1, S.FX], fm[1, S.FY] = 3, 3, 4, 3
    fm[1, S.FSIDE] = 1
    assert E._obstacle(fld, fm, 0, 1) == over
