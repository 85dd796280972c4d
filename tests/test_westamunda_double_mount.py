"""Westamunda rules wm-27: double mounts (row 183).

The text: "Horses can be ridden double-mounted ... Jumping up onto the horse is covered below in
the section on boarding wagons and horses. Movement is at 3/4 the normal rate and shots at such
a target hit a rider on a D6 roll of 1-3. Actions involving the horse suffer a -1 modifier
because of the encumbrance."

- **Getting up** (``engine._double_up``): Act.BOARD at a friend rider; a run to a free cell
  beside his horse (side or rear if it moved), an I test if the horse's latest move was more
  than nothing (mount_moving_mod above its base rate, helpers' +1 each); failed, thrown back
  with a fall's hits. Up, he is the rider's passenger on his cell (engine FPASS / FCARRY), and
  the horse moves at int(M x double_mount_move) = 6.
- **Shots at the horse** (``engine._on_horse``): a rider on 1-3, the horse on 4-6; which rider,
  a second D6 (stated: 4-6 the passenger).
- **-1** (double_mount_action_mod) to staying on, calming the horse and getting down, for rider
  and passenger.
- **Coming off**: the passenger gets down (Act.DISMOUNT; an I test from a moving horse), falls
  when hit down or thrown, falls with the horse; a rider coming off leaves the reins to him
  (Ev.REINS).
- **Who does it**: the gunfighters' weight ``double_up`` (0 in every preset); the random
  floor's horse action, for a man on foot with no horse of his own, is getting up behind the
  nearest friend rider he can reach.

Every fight here is played in debug mode (the suite's GANGSIM_DEBUG=1): the invariants, Bad.PASSENGER
among them (a passenger on his standing rider's cell, linked both ways), are checked after every
gang turn, and a broken one raises.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from test_westamunda_engine import agrees

from sim.westamunda import builds
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import WMRules
from sim.westamunda.state import Act, Ev
from strategies.westamunda import PRESETS, RANDOM, table

CAV = dict(mounted_a=True, mounted_b=True, gang_a="cavalry", gang_b="cavalry",
           build_a="balanced", build_b="balanced")
R = WMRules(**CAV)
NAMES = list(PRESETS)
TYPES = ("cavalry", "cavalry")


def half(rules, side):
    """Side ``side``'s cavalry with every other man on foot (the first, third, ... ride)."""
    return tuple(r._replace(horse=i % 2 == 0)
                 for i, r in enumerate(builds.side_roster(rules, side)))


ROS = (half(R, "a"), half(R, "b"))
UP = {name: {"double_up": 12.0} for name in NAMES if name != "random"}


def lineup(n, overrides):
    kinds, weights = table(NAMES, overrides)
    pairs = np.array(list(itertools.product(range(len(NAMES)), repeat=2)))
    idx = pairs[np.arange(n) % len(pairs)]
    return kinds[idx], weights[idx]


def col(sides, name):
    return sides[..., S.SIDE_NAMES.index(name)]


def links(ev):
    """Walk a trace's double mounts: yields (row, carrying) with carrying {rider: passenger}
    as it stands when the row is read (before the row's own change)."""
    carrying = {}
    for e in ev:
        yield e, dict(carrying)
        kind, actor = int(e[2]), int(e[1])
        if kind == Ev.DOUBLE and e[4] != 0:
            carrying[int(e[3])] = actor
        elif kind in (Ev.PASS_OFF, Ev.REINS):
            carrying.pop(int(e[3]), None)
        elif (kind == Ev.TAKEN_OUT or (kind == Ev.INJURY and e[4] == S.INJ_OUT)) and \
                actor in carrying.values():  # a passenger out of action: the horse carries one
            carrying = {r: p for r, p in carrying.items() if p != actor}


@pytest.fixture(scope="module")
def traced():
    """300 traced fights of half-mounted cavalry, every pairing of the gunfighters with weight
    double_up 12 (seed 3)."""
    k, w = lineup(300, UP)
    return [E.replay(R, 3, 1, i, k[i], w[i], rosters=ROS, gang_types=TYPES)[1]
            for i in range(300)]


def test_double_mounts_happen_in_play_and_only_by_the_weight():
    """200 fights (seed 3): with weight double_up 12 men get up behind friends (seen: 301
    double-ups, 214 failed climbs, 224 passengers off, 8 reins taken, 24 passengers hit); at the
    presets' own weights (0) only the random floor does."""
    k, w = lineup(200, UP)
    b = E.play_batch(R, 3, 1, 0, k, w, rosters=ROS, gang_types=TYPES)
    for name, least in (("double_ups", 150), ("double_fails", 50), ("passengers_off", 100),
                        ("reins_taken", 3), ("passenger_hits", 8)):
        assert col(b.sides, name).sum() >= least, (name, col(b.sides, name).sum())
    k0, w0 = lineup(200, None)
    none = E.play_batch(R, 3, 1, 0, k0, w0, rosters=ROS, gang_types=TYPES)
    scripted = k0 != RANDOM
    for name in ("double_ups", "double_fails", "passengers_off", "reins_taken"):
        assert col(none.sides, name)[scripted].sum() == 0
    assert col(none.sides, "double_ups")[~scripted].sum() > 0


def test_the_double_mounted_horse_moves_at_three_quarters():
    """Kernel slot R_DOUBLE_M: int(horse M x double_mount_move) (8 x 3/4 = 6); 1/2 gives 4."""
    assert E.kernel_params(R)[S.R_DOUBLE_M] == 6
    assert E.kernel_params(WMRules(double_mount_move=0.5, **CAV))[S.R_DOUBLE_M] == 4


def test_shots_at_a_horse_carrying_two_hit_a_rider_on_one_to_three(traced):
    """Every located shot at a horse carrying two (Ev.LOCATE, not a blow): the horse on 4-6
    (c=1, no second die), a rider on 1-3 and then the second D6 (e) 1-3 the man in the
    saddle, 4-6 the passenger (f=1). The counts of horse / saddle / passenger fit 1/2, 1/4,
    1/4 (chi-square, false alarm 1e-3); shots at a horse carrying one still hit the rider on
    5-6 only."""
    counts = np.zeros(3, dtype=int)
    single = 0
    for ev in traced:
        for e, carrying in links(ev):
            if int(e[2]) != Ev.LOCATE or e[6] == 1:
                continue
            d, horse, d2, behind = int(e[4]), int(e[5]), int(e[7]), int(e[8])
            if int(e[1]) in carrying:
                assert horse == (d > 3)
                assert (d2 > 0) == (d <= 3)
                assert behind == (d2 >= 4)
                counts[0 if horse else 2 if behind else 1] += 1
            else:
                single += 1
                assert horse == (d <= 4) and d2 == 0 and behind == 0
    assert counts.sum() >= 100, counts
    assert single > 100
    assert agrees(counts, [0.5, 0.25, 0.25]), counts


def test_the_encumbrance_is_minus_one_to_staying_on(traced):
    """Every I test to stay on (Ev.STAY_ON) of a passenger, and of a rider carrying one, is at
    double_mount_action_mod (-1; no sure-footed horse in these gangs); a rider carrying nobody
    tests at 0."""
    seen = {"passenger": 0, "carrying": 0, "alone": 0}
    for ev in traced:
        for e, carrying in links(ev):
            if int(e[2]) != Ev.STAY_ON:
                continue
            who = int(e[1])
            key = "passenger" if who in carrying.values() else \
                "carrying" if who in carrying else "alone"
            seen[key] += 1
            assert int(e[5]) == (0 if key == "alone" else -1), (key, e)
    assert seen["passenger"] > 0 and seen["carrying"] > 0 and seen["alone"] > 0, seen


def test_a_passenger_holds_on_or_gets_down_and_is_never_a_target(traced):
    """A passenger's action is a hold or a get-down (Act.DISMOUNT: Ev.PASS_OFF d=-1 next, on a
    free cell within 3 of the horse); he fires no shot and no shot, charge or boarding is at
    him; a rider carrying him neither steps nor jumps down nor boards."""
    gets_down = 0
    for ev in traced:
        rows = list(links(ev))
        for j, (e, carrying) in enumerate(rows):
            kind, who = int(e[2]), int(e[1])
            passengers = set(carrying.values())
            if kind == Ev.ACTION and who in passengers:
                assert int(e[3]) in (Act.HOLD, Act.DISMOUNT), e
                if int(e[3]) == Act.DISMOUNT:
                    nxt = rows[j + 1][0]
                    assert int(nxt[2]) == Ev.PASS_OFF and int(nxt[1]) == who and nxt[6] == -1
                    gets_down += 1
            if kind == Ev.ACTION and who in carrying:
                assert int(e[3]) not in (Act.DISMOUNT, Act.JUMP_DOWN, Act.BOARD), e
            if kind == Ev.ACTION and int(e[3]) in (Act.CHARGE, Act.HIT_RUN, Act.BOARD):
                assert int(e[4]) not in passengers, e
            if kind == Ev.SHOT:
                assert who not in passengers and int(e[3]) not in passengers, e
            if kind == Ev.PASS_OFF:
                rider = int(e[3])
                assert carrying.get(rider) == who
    assert gets_down > 20, gets_down
