"""Westamunda rules wm-16: two base hand-to-hand rules the engine lacked (reference 7).

- **Obstacle**: a charger fighting his foe over an obstacle adds ``obstacle_penalty`` (-1) to
  his combat score in the charge's round. On the 1" table two fighters in base contact have no
  cell between them, so the obstacle is low terrain (a NONBLOCKING piece) under the target
  (sheltering in it) or under the charger where he climbed onto it on the charge, between his
  start and the target (wm-17): ``engine._over_low``, Ev.CHARGED b, tidy
  ``obstacle_charges``; a charger goes round one when he can (``engine._charge_cell``).
- **Follow-up**: a fighter in a fight as the hand-to-hand phase began who is up, free (his
  foes all out of it), unbroken, unpinned and not held by a rope at its end has won it and may
  follow up ``follow_up_in`` (2") at the phase's end, never into base contact; a rider who
  charged a man on foot that turn must follow up ``mounted_follow_up_in`` (2") along his
  horse's heading, to a cell ahead of him (wm-17).
  Ev.FOLLOW_UP (logged where he stays too), tidy ``follow_ups``.

The trace auditor (``test_westamunda_engine._audit``) checks both on every traced fight: the
obstacle flag against the table, the combat score's modifier, every follow-up's eligibility,
reach, cell and (for a mounted charger) its exact cell, and that no winner is left without
one. Here: the mechanics in play at plausible rates, the gunfighters' follow-up choices, the
switch that plays as the engine before wm-16, and the hand-placed obstacle geometry.
"""

from __future__ import annotations

import collections
import dataclasses

import numpy as np
import pytest
from test_westamunda_engine import (
    CAVALRY,
    LASSOED,
    NAMES,
    ROPERS,
    WM21,
    _audit,
    audit_fails,
    audited,
    lineups,
    replay,
)

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
    """From the tidy records: charges over an obstacle are a share of all charges (seen 26 of
    673, 3.9%, since wm-17's chargers go round one they can avoid; 71 of 667 under wm-16),
    never more than the charges of a fight; winners follow up (seen 464 follow-ups that
    moved)."""
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
    follow-ups that move and that stay (on foot seen 140 logged, 117 moved, 23 stayed),
    obstacles under the target (seen 2 on foot, 9 mounted) and mounted chargers carried on by
    their horses (seen 25, all after a charge at a man on foot: wm-17; 69 under wm-16, which
    forced it after a charge at a rider too). A charger who can reach a cell next to his target
    that is not over an obstacle takes it (wm-17), so the piece under the charger alone is rare
    in play (seen 0 in these sets; 26 of 673 charges over an obstacle in the field's 600 fights,
    71 under wm-16): the hand-placed tests below show the reading."""
    foot, horse = traced
    assert foot["follow_up_events"] > 40 and foot["follow_ups"] > 30, foot["follow_up_events"]
    assert foot["follow_ups_stayed"] > 5
    assert foot["obstacle_charges_target_in"] + horse["obstacle_charges_target_in"] > 3
    assert foot["obstacle_charges_charger_on"] + horse["obstacle_charges_charger_on"] <= 2
    assert horse["forced_follow_ups"] > 10, horse["forced_follow_ups"]
    assert horse["follow_ups_mounted"] > horse["forced_follow_ups"]  # (after a charge at a rider)


@pytest.mark.parametrize(("played", "against", "rosters", "why"), [
    (WMRules(follow_up_in=0, mounted_follow_up_in=0), R, None, "he follows up"),
    (CAV, WMRules(gang_budget=3000, mounted_follow_up_in=0), (MOUNTED, MOUNTED),
     "forced exactly for a rider who charged a man on foot")],
    ids=["no-follow-up", "forced-when-none-is"])
def test_the_auditor_rejects_fights_played_without_the_follow_up_it_expects(
        played, against, rosters, why):
    """The auditor's teeth: fights played with no follow-up fail an audit under the default
    rules (a winner left where he won), and a mounted charger's forced follow-up fails an
    audit under rules that force none."""
    assert audit_fails(played, against, 64, why, rosters=rosters, seed=9, stream=2)


def test_a_gunfighter_following_up_keeps_his_lasso():
    """wm-17: the scripted gunfighters never follow up beyond the reach of a lasso they hold
    (the auditor asserts it for every follow-up of a side that is not the random floor); seen
    in mounted fancy ropers' fights (a lasso each, seed 5, fights 48-95: 2 such follow-ups)."""
    seen = audited(dataclasses.replace(ROPERS, **WM21), 96, LASSOED, types=CAVALRY, seed=5,
                   games=range(48, 96))  # (wm-21's fights)
    assert seen["follow_ups_holding_lasso"] >= 1, seen["follow_ups_holding_lasso"]


def test_the_auditor_checks_a_hand_to_hand_phase_with_no_event():
    """Under down_alone_out off a fight whose foe lies parts silently at the next combat round:
    the phase may log nothing, and its winner's follow-up (or its absence) is checked at the
    next phase's first event (wm-17). Fights played with no follow-up and audited with one:
    every failure is a winner left without it, and some are found in a phase with no event
    (seen 1 of 15 failing fights in 40, seed 9)."""
    played = WMRules(down_alone_out=False, follow_up_in=0)
    against = WMRules(down_alone_out=False)
    k, w = lineups(BRAWLERS, 40)
    fails = collections.Counter()
    for i in range(40):
        batch, ev, tab = replay(played, 9, 1, i, k[i], w[i])
        try:
            _audit(against, ev, batch.games[0], batch.sides[0], tab, None,
                   ("townsfolk", "townsfolk"), k[i])
        except AssertionError as e:
            assert "logged even where he stays" in str(e), e  # (a winner left without it)
            fails["silent" if "with no event" in str(e) else "phase"] += 1
    assert fails["silent"] >= 1 and fails["phase"] >= 5, fails


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


def _field(cells, same_piece=True):
    """A 7" square with terrain ``cells`` {(x, y): kind}; the low cells one piece, or each its
    own (``same_piece`` off)."""
    terrain = np.zeros((7, 7), np.int8)
    none = np.full((7, 7), -1, np.int32)
    piece = none.copy()
    for i, ((x, y), kind) in enumerate(cells.items()):
        terrain[y, x] = kind
        if kind == NONBLOCKING:
            piece[y, x] = 0 if same_piece else i
    return E.Field(terrain, piece, none.copy(), none.copy(), np.zeros((7, 7), np.bool_))


@pytest.mark.parametrize(("target", "charger", "start", "over"), [
    (OPEN, OPEN, OPEN, 0), (NONBLOCKING, OPEN, OPEN, 1), (OPEN, NONBLOCKING, OPEN, 1),
    (NONBLOCKING, NONBLOCKING, OPEN, 1), (OPEN, NONBLOCKING, NONBLOCKING, 0),
    (NONBLOCKING, NONBLOCKING, NONBLOCKING, 1), (DIFFICULT, OPEN, OPEN, 0),
    (SHALLOW_WATER, DIFFICULT, OPEN, 0)])
def test_the_obstacle_is_low_terrain_under_the_target_or_climbed_on_the_charge(
        target, charger, start, over):
    """Hand-placed: a charger from (1, 3) ends at (3, 3) in contact with a target at (4, 3) on a
    7" square. Low terrain (a fence, a trough, rocks) under the target is an obstacle; under the
    charger only if he climbed onto it on this charge (his start is not low terrain: one who
    began on the piece has no obstacle to cross); slow ground and water are none."""
    fld = _field({(4, 3): target, (3, 3): charger, (1, 3): start})
    assert E._over_low(fld, 4, 3, 3, 3, 1, 3) == bool(over)


def test_a_charger_from_one_piece_onto_another_climbs_it():
    """wm-17 (the fresh audit): a charger who starts on one low piece and ends on another
    before his target has climbed that one on the charge; on the same piece he has not."""
    cells = {(1, 3): NONBLOCKING, (3, 3): NONBLOCKING}
    assert E._over_low(_field(cells, same_piece=False), 4, 3, 3, 3, 1, 3)
    assert not E._over_low(_field(cells, same_piece=True), 4, 3, 3, 3, 1, 3)


def test_the_charger_piece_counts_only_between_his_start_and_the_target():
    """wm-17 (the fresh audit of wm-16): a piece under the charger that does not lie between
    where he began and his target (he came round the man and ends on a trough behind him, the
    target nearer his start than his own cell) is no obstacle to the charge."""
    fld = _field({(3, 3): NONBLOCKING})
    assert E._over_low(fld, 4, 3, 3, 3, 1, 3)  # came at him across the trough
    assert not E._over_low(fld, 2, 3, 3, 3, 1, 3)  # went past him onto the trough beyond
    assert not E._over_low(fld, 3, 2, 3, 3, 3, 1)  # (from the other side: the same)


def _charge_setup(fld):
    """The charger (fighter 0) at (1, 3), his target (fighter 1) at (4, 3); every cell reached
    at its king-move distance from (1, 3) in half-inches (straight 2, diagonal 3)."""
    fm = np.zeros((2, S.N_FC), np.int64)
    fm[0, S.FX], fm[0, S.FY], fm[1, S.FX], fm[1, S.FY] = 1, 3, 4, 3
    fm[1, S.FSIDE] = 1
    sizes = E.Sizes(64, 64, 8)
    sc = E.scratch(7, 7, 2, 1, sizes)
    for y in range(7):
        for x in range(7):
            dx, dy = abs(x - 1), abs(y - 3)
            sc.dist[y, x] = 3 * min(dx, dy) + 2 * (max(dx, dy) - min(dx, dy))
    sc.occ[3, 4] = True
    return E.Gangs(fm, np.zeros((2, 1, S.N_KC), np.int64)), sc


def test_a_charger_goes_round_an_obstacle_he_can():
    """wm-17: with obstacle_penalty in force the charger takes a cell next to his target where
    he would not fight over an obstacle when he can reach one, then the cheapest; without it
    (or with the target himself in the piece, where every cell is over it) the cheapest cell.
    Hand-placed: a fence at (3, 3) between the charger at (1, 3) and the target at (4, 3). (A
    charger who crosses a longer fence and ends beside his target off it fights no obstacle
    either: nothing lies between them in base contact, the stated reading.)"""
    fld = _field({(3, 3): NONBLOCKING})
    ge, sc = _charge_setup(fld)
    assert E._charge_cell(fld, ge, sc, 1, 1, 3, False) == (3, 3)  # the cheapest: the fence
    assert E._charge_cell(fld, ge, sc, 1, 1, 3, True) == (3, 2)  # round it (scan order first)
    fld = _field({(3, 3): NONBLOCKING, (4, 3): NONBLOCKING})
    ge, sc = _charge_setup(fld)
    assert E._charge_cell(fld, ge, sc, 1, 1, 3, True) == (3, 3)  # sheltering in it: no help
