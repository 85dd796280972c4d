"""Westamunda rules wm-22: thickets, horses that cannot jump them, and the rider's forward arc.

- **Thickets** (text: "Obstacles less than 1\" high and 1\" across can be crossed without
  penalty. Obstacles higher or wider than this are dealt with in the same way as in
  Necromunda"): a low piece more than ``free_obstacle_in`` across its narrower side (the
  generator's 2" x 2" trees and bushes) is a THICKET on the table (`engine.maps`): partial
  cover as any low piece, each inch of a move through it costing ``obstacle_cost`` (the shared
  movement search's ``obstacle`` multiplier).
- **Horses** (text: "Horses can jump over any object up to 1\" high and 1\" wide ... Objects
  greater than this cannot be ridden over"): a rider's movement search treats the cells of a
  low piece more than ``horse_jump_in`` across as occupied (`engine.barred_cells`,
  `_move_occ`); a bolting horse stops short of one.
- **The rider's arc** (text: riders shoot "with normal arcs of fire (the rider can turn his
  horse at the start of his turn, without penalty) facing forward"): ``rider_arc`` 'forward'.

The trace auditor (``test_westamunda_engine._audit``) prices every step (a thicket at
obstacle_cost), refuses a rider's step into a barred cell, stops its own straight line of a
bolting horse short of one, and checks every shooting-phase shot of a rider whose horse moved
against the arc round its heading. Here: the geometry on hand-built tables, the mechanics in
play, the readings that switch them off.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_westamunda_engine import CAV, NAMES, audited, no_horse_cells

from sim.core.tabletop.battlefield import (
    NONBLOCKING,
    OPEN,
    THICKET,
    Table,
    empty,
    line_of_sight,
    piece_span,
    place,
)
from sim.core.tabletop.movement import GO_AROUND, GO_OVER, UNREACHED, path_to, reachable
from sim.westamunda import engine as E
from sim.westamunda.rules import WMRules

MOUNTED = WMRules(**CAV)  # mounted cavalry, balanced builds, both sides
FREE_ARC = WMRules(rider_arc="free", **CAV)


def _table():
    """A 9" x 5" table: a 2" x 2" bush at x 3-4, y 1-2; a 1" x 3" hedge at x 7, y 0-2."""
    t = empty(9, 5)
    place(t, 3, 1, 4, 2, NONBLOCKING)
    place(t, 7, 0, 7, 2, NONBLOCKING)
    return t


def test_a_piece_span_is_its_narrower_side():
    t = _table()
    span = piece_span(t.piece, np.zeros(t.piece.shape, np.int64))
    assert (span[1:3, 3:5] == 2).all() and (span[0:3, 7] == 1).all()
    assert span[t.piece < 0].sum() == 0


def test_the_tables_turn_wide_low_pieces_into_thickets():
    """free_obstacle_in 1: the 2" x 2" trees and bushes are thickets, every other low piece (one
    cell across) stays NONBLOCKING; free_obstacle_in 2: no thicket; the same cells either way."""
    terr, pcs, _ = E.maps(WMRules(), 5, 1, 8)
    for t, p in zip(terr, pcs, strict=True):
        span = piece_span(p, np.zeros(p.shape, np.int64))
        assert ((t == THICKET) == ((span > 1) & np.isin(t, (NONBLOCKING, THICKET)))).all()
    assert (terr == THICKET).sum() > 20  # (seen: about 40 cells on 16 town tables)
    plain, _, _ = E.maps(WMRules(free_obstacle_in=2), 5, 1, 8)
    assert not (plain == THICKET).any()
    assert ((plain == NONBLOCKING) == np.isin(terr, (NONBLOCKING, THICKET))).all()
    other = plain != NONBLOCKING
    assert (terr[other] == plain[other]).all()


def test_a_thicket_is_low_cover_and_costs_obstacle_cost_to_cross():
    """The shared search: a step into a thicket costs obstacle_cost times a step (GO_OVER only);
    path_to walks back on the same costs; sight counts the thicket as a low piece."""
    t = _table()
    t.terrain[t.terrain == NONBLOCKING] = OPEN  # (the hedge out of the way)
    t.terrain[1:3, 3:5] = THICKET
    for cost in (1, 2, 3):
        d = reachable(t, (2, 1), GO_OVER, 8, obstacle=cost)
        assert d[1, 3] == 2 * cost and d[1, 4] == min(4 * cost, 5 + 2 * cost)  # in, or over
        assert d[1, 5] == min(4 * cost + 2, 3 + 2 + 3)  # through it, or over its top
        cells = np.zeros(32, np.int64)
        n = path_to(t.terrain, t.building, d, 2, 1, GO_OVER, 4, 1, cells, obstacle=cost)
        assert n >= 2 and [(c % 9, c // 9) for c in cells[:n]][-1] == (4, 1)
    assert reachable(t, (2, 1), GO_AROUND, 8)[1, 3] == UNREACHED
    vis, pieces, _, behind = line_of_sight(Table(*t), (0, 1), (6, 1))
    assert vis and pieces == 1 and not behind


def test_no_horse_cells_are_the_wide_low_pieces():
    t = _table()
    barred = E.barred_cells(t.terrain, t.piece, 1)
    assert barred.sum() == 4 and barred[1:3, 3:5].all()  # the bush, not the 1" hedge
    assert not E.barred_cells(t.terrain, t.piece, 2).any()
    assert (barred == no_horse_cells(WMRules(), t.terrain, t.piece)).all()


def test_men_cross_thickets_and_riders_go_round_them_in_play():
    """Traced fights of the standard gangs on foot and of mounted cavalry, every ordered pairing
    of the five gunfighters: men on foot step into thickets (each step priced at obstacle_cost
    by the auditor), riders never do (the auditor refuses a rider's step into a barred cell)."""
    foot = audited(WMRules(), 60, seed=11, stream=1)
    print("foot", {k: foot[k] for k in ("thicket_steps", "slow_steps")})
    assert foot["thicket_steps"] > 0, foot["thicket_steps"]
    riders = audited(MOUNTED, 60, "rules", names=NAMES, seed=11, stream=1)
    print("riders", {k: riders[k] for k in ("thicket_steps", "thicket_steps_mounted", "rider_moved_shots", "rider_forward_shots", "rider_back_shots")})
    assert riders["thicket_steps_mounted"] == 0
    assert riders["rider_moved_shots"] > 20, riders["rider_moved_shots"]


def test_a_rider_whose_horse_moved_shoots_forward():
    """rider_arc 'forward': every shooting-phase shot of a rider whose horse moved that turn lies
    in the fire arc round its heading (the auditor asserts it) and none lies behind; 'free'
    (wm-21's reading) lets riders shoot behind them, so the rule bites."""
    fwd = audited(MOUNTED, 60, "rules", names=NAMES, seed=12, stream=1)
    assert fwd["rider_forward_shots"] == fwd["rider_moved_shots"] > 20, fwd
    assert fwd["rider_back_shots"] == 0
    free = audited(FREE_ARC, 60, "rules", names=NAMES, seed=12, stream=1)
    print("fwd", {k: fwd[k] for k in ("rider_moved_shots", "rider_forward_shots", "rider_back_shots")})
    print("free", {k: free[k] for k in ("rider_moved_shots", "rider_forward_shots", "rider_back_shots")})
    assert free["rider_forward_shots"] == 0
    assert free["rider_back_shots"] > 0, free["rider_back_shots"]


@pytest.mark.parametrize("rules", [WMRules(free_obstacle_in=0, obstacle_cost=3),
                                   WMRules(horse_jump_in=0, **CAV)],
                         ids=["every-low-piece-a-thicket", "horses-jump-nothing"])
def test_the_audit_holds_at_other_settings(rules):
    """Every low piece a thicket at 3x; horses barred from every low piece: the traced fights
    pass the auditor."""
    seen = audited(rules, 30, "rules", names=NAMES, seed=13, stream=1)
    print({k: seen[k] for k in ("thicket_steps", "thicket_steps_mounted", "rider_moved_shots")})
    assert seen["thicket_steps"] + seen["thicket_steps_mounted"] >= 0
