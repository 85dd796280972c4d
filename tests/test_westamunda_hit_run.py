"""Westamunda rules wm-19: the hit-and-run.

- **The rule** (text): a rider moves more than his basic move past a man on foot; both make a
  single attack, resolved at once (the normal charge +1 counts, the horse's bulk does not);
  the rider cannot shoot that turn; then he moves on, within his charge move in all.
- **The engine** (Act.HIT_RUN; `engine._hit_run_plan`, `_hit_run`, `_ride_on`; Ev.HIT_RUN; tidy
  `hit_runs`, `hit_run_hits`): the ACTION names the cell he plans to ride on to (free, touching
  no enemy, beyond the target as seen from his start, the whole ride more than his M; none:
  he charges instead); he charges to a cell next to his target (watched as any charger), both
  strike one attack die (a parry as in any round), the blows land as in hand-to-hand (a man
  downed is out of action only under `hit_and_run_down_out`), no fight is joined, and the
  rider, still fit, rides on past anyone with the rest of his charge move. No shot of his
  that turn.
- **Who makes them**: the brawler mounted, charging a man on foot, when another free enemy
  stands within weight `hit_run` inches of him (0 in every preset, measured no gain: these
  tests set it to 8); the random floor's rider on a coin's toss.

The trace auditor (``test_westamunda_engine._audit``) follows every hit-and-run: the plan, both
legs of the ride, the strike and its blows, the shot he may not take and the tidy counts. Here:
hit-and-runs in play at plausible rates (the auditor's counters), the brawler's weight and the
rules' switches, the down men left down or taken out, the auditor's teeth on doctored traces,
the narration, and the fights with no rider facing a man on foot unchanged.
"""

from __future__ import annotations

import dataclasses
import itertools
import re

import numpy as np
import pytest
from test_westamunda_engine import NAMES, _audit, audited, lineups

from sim.westamunda import api
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import WMRules

RIDERS = WMRules(mounted_a=True, gang_a="cavalry", build_a="brawlers")  # riders v men on foot
DOWN_OUT = dataclasses.replace(RIDERS, hit_and_run_down_out=True)
RIDE_PAST = {"brawler": {"hit_run": 8}}  # the brawler rides past (another free enemy near)
STOP = {"brawler": {"hit_run": 0}}  # the brawler always stops and fights
SCRIPTED = [name for name in NAMES if name != "random"]
N = 100  # traced fights of each set (every ordered pairing of the five gunfighters, 4 times)


@pytest.fixture(scope="module")
def traced():
    """The auditor's counts over N traced fights of riders (side A, cavalry brawlers) against
    men on foot, the brawler riding past, seed 3: under hit_and_run_down_out off and on (the
    same fights until a man is first downed by a hit-and-run)."""
    left = audited(RIDERS, N, "rules", seed=3, stream=1, overrides=RIDE_PAST)
    out = audited(DOWN_OUT, N, "rules", seed=3, stream=1, overrides=RIDE_PAST)
    return left, out


def test_hit_and_runs_pass_the_audit_and_happen_in_play(traced):
    """Every traced fight passes the auditor (it raises otherwise); riders make hit-and-runs,
    strike, ride on past the enemy (some past other enemies on the way) and are sometimes
    stopped or struck down (seen: 61 hit-and-runs declared, 59 struck with 100 hits and 43
    back, 38 rode on to their planned cell, 25 of them past other enemies, 21 did not ride on,
    4 of them on a pinned horse, 13 riders thrown as they struck, 2 stopped on the way)."""
    seen, _ = traced
    assert seen["hit_run_actions"] > 40, seen["hit_run_actions"]
    assert seen["hit_runs"] > 40, seen["hit_runs"]  # (the tidy column, checked by the audit)
    assert seen["hit_runs"] <= seen["hit_run_actions"]
    assert seen["hit_run_strikes"] == seen["hit_runs"]
    assert seen["hit_run_hits"] > 40, seen["hit_run_hits"]
    assert seen["hit_run_blows"] >= seen["hit_run_hits"]
    assert seen["hit_run_rides"] > 25, seen["hit_run_rides"]
    assert seen["hit_run_past_enemies"] > 10, seen["hit_run_past_enemies"]
    assert seen["hit_run_no_ride"] > 0
    assert seen["hit_run_riders_downed"] > 0


def test_a_man_downed_by_a_hit_and_run_lies_down_unless_the_rule_takes_him_out(traced):
    """hit_and_run_down_out off (default): the men the blow downs lie down (the rider rides on,
    nobody finishes them: seen 27, 10 of them riders); on (with down_alone_out): out of action
    at once (seen 31)."""
    left, out = traced
    assert left["hit_run_downed_left"] > 5, left["hit_run_downed_left"]
    assert left["hit_run_downed_out"] == 0
    assert out["hit_run_downed_out"] > 5, out["hit_run_downed_out"]
    assert out["hit_run_downed_left"] == 0


@pytest.mark.parametrize("rules,check", [
    (dataclasses.replace(RIDERS, melee_reading="ws_roll"), ("hit_run_both_struck",)),
    (dataclasses.replace(RIDERS, gang_b="cavalry", swap_b="sabre"), ("hit_run_parries",)),
    (WMRules(mounted_a=True, gang_a="native_war_band", build_a="brawlers", swap_a="lance"),
     ("hit_run_lance_blows", "lance_charge_blows")),
    (WMRules(mounted_a=True, gang_a="cavalry", build_a="brawlers", swap_a="sabre",
             setup_max_rarity=1, setup_handgun_rule="any", swap_b="large_revolver"),
     ("hit_run_gun_blows", "hit_run_parries")),
    (dataclasses.replace(RIDERS, down_alone_out=False, skill_b="wrassler", build_b="brawlers"),
     ("hit_run_downed_left", "hit_run_falls"))],
    ids=["ws_roll", "sabres-on-foot", "lances", "guns-in-melee", "wrasslers-down-alone-off"])
def test_hit_and_runs_hold_under_other_rules(rules, check):
    """48 traced fights of each (seed 8, the brawler riding past) pass the audit with the
    features concerned in their hit-and-runs: under 'ws_roll' one WS test each, both striking
    (seen: 23 hit-and-runs, 15 and 15 hits), a sabre's parry (17 parries in 30), a lance's
    charge S (39 blows in 17), a handgun's blow (5 gun blows in 13, 4 parries), men left down
    with down_alone_out off (18 in 47, 8 riders thrown as they struck)."""
    seen = audited(rules, 48, "rules", seed=8, stream=1, overrides=RIDE_PAST)
    assert seen["hit_runs"] > 5, seen["hit_runs"]
    for name in check:
        assert seen[name] > 0, (name, seen[name])


def test_a_man_broken_after_a_hit_and_run_runs_once():
    """Fight 16 of the traced set (seed 3): rider A7's hit-and-run at B7 (fighters 6, 14), who
    breaks at the movement phase's nerve test and runs (FLEE why 0). In the wm-19 draft he ran
    again at the end of the hand-to-hand phase (FLEE why 2, 'breaking away from hand-to-hand')
    though he was in no fight: the hit-and-run set FFOUGHT, read there as a fight he fought in.
    Now it does not; the auditor counts such flights (hit_run_flights)."""
    seen = audited(RIDERS, N, "rules", seed=3, stream=1, overrides=RIDE_PAST, games=[16])
    assert seen["hit_run_flights"] == 0


def _tidy(rules, seed, n, overrides, names=NAMES):
    lineup = np.array([[i % len(names), (i // len(names)) % len(names)] for i in range(n)])
    return api.run_games(rules, seed, 1, 0, lineup, list(names), overrides)


def test_the_brawler_rides_past_by_his_weight_and_the_random_floor_by_a_coin():
    """The tidy records of 400 fights of riders against men on foot (seed 12): with the
    brawler's ``hit_run`` weight 0 no scripted side makes a hit-and-run (the random floor
    still does: seen 7), at 8 the brawler does (seen 165) and no other preset; under
    hit_and_run off nobody does."""
    stop = _tidy(RIDERS, 12, 400, STOP)
    ride = _tidy(RIDERS, 12, 400, RIDE_PAST)
    off = _tidy(dataclasses.replace(RIDERS, hit_and_run=False), 12, 400, RIDE_PAST)
    assert stop[stop["strategy"].isin(SCRIPTED)]["hit_runs"].sum() == 0
    assert stop[stop["strategy"] == "random"]["hit_runs"].sum() > 0
    assert ride[ride["strategy"] == "brawler"]["hit_runs"].sum() > 20
    assert ride[ride["strategy"].isin(SCRIPTED)]["hit_runs"].sum() == \
        ride[ride["strategy"] == "brawler"]["hit_runs"].sum()  # (no other preset rides past)
    assert off["hit_runs"].sum() == 0 and off["hit_run_hits"].sum() == 0


def test_fights_with_no_rider_facing_a_man_on_foot_are_unchanged():
    """Both sides on foot: no hit-and-run can be made, and the fights played with
    hit_and_run on and off (the random floor's coin included) are identical."""
    on = _tidy(WMRules(), 5, 150, RIDE_PAST)
    off = _tidy(WMRules(hit_and_run=False), 5, 150, RIDE_PAST)
    assert on["hit_runs"].sum() == 0
    assert on.equals(off)


# ---------------------------------------------------------------- the auditor's teeth


def _ride(ev, j):
    """(rider, target, the rows of his ride's MOVEs before and after the HIT_RUN at row j)."""
    f, t = int(ev[j, 1]), int(ev[j, 3])
    k = j
    while not (ev[k, 2] == S.Ev.ACTION and ev[k, 1] == f):
        k -= 1
    before = [i for i in range(k, j) if ev[i, 2] == S.Ev.MOVE and ev[i, 1] == f]
    after = []
    for i in range(j + 1, len(ev)):
        if ev[i, 2] in (S.Ev.ACTION, S.Ev.TURN, S.Ev.END):
            break
        if ev[i, 2] == S.Ev.MOVE and ev[i, 1] == f:
            after.append(i)
    return f, t, k, before, after


def _find(n=N):
    """(fight index, batch, events, table, kinds, HIT_RUN row) of the first of fights 0..n-1
    (RIDERS, the brawler riding past, seed 3) with a hit-and-run that reached its target after
    two steps or more, rode on to its planned cell and was followed in that turn by a
    shooting-phase shot of the rider's side."""
    k, w = lineups(NAMES, n, RIDE_PAST)
    rosters, types = api.gangs(RIDERS)
    for i in range(n):
        batch, ev, tab = E.replay(RIDERS, 3, 1, i, k[i], w[i], rosters, types, RIDERS.maps)
        for j in np.flatnonzero(ev[:, 2] == S.Ev.HIT_RUN):
            f, _, a, before, after = _ride(ev, j)
            if len(before) < 2 or not after or \
                    tuple(ev[after[-1], 5:7]) != tuple(ev[a, 5:7]):
                continue
            if _next_shot(ev, after[-1], f) is not None:
                return i, batch, ev, tab, k[i], j
    raise AssertionError("no hit-and-run to doctor")


def _at(ev, x, upto):
    """Fighter x's cell at row ``upto`` (his DEPLOY, then his MOVEs and knock-backs)."""
    rows = ev[:upto]
    deploy = rows[(rows[:, 2] == S.Ev.DEPLOY) & (rows[:, 1] == x)][0]
    xy = (int(deploy[3]), int(deploy[4]))
    for r in rows[(rows[:, 1] == x) & np.isin(rows[:, 2], (S.Ev.MOVE, S.Ev.KNOCKDOWN,
                                                             S.Ev.FOLLOW_UP, S.Ev.FLEE))]:
        xy = (int(r[5]), int(r[6]))  # (c, d: where he is after it)
    return xy


def _next_shot(ev, start, f):
    """The row of the first shooting-phase SHOT of f's side after row ``start`` in that turn
    (None if none)."""
    side = None
    for i in range(start, -1, -1):
        if ev[i, 2] == S.Ev.TURN:
            side = ev[i, 3]
            break
    sides = {int(r[1]): int(r[5]) for r in ev[ev[:, 2] == S.Ev.DEPLOY]}
    for i in range(start + 1, len(ev)):
        if ev[i, 2] == S.Ev.TURN:
            return None
        if ev[i, 2] == S.Ev.SHOT and sides[int(ev[i, 1])] == side and \
                not ev[i, 9] & (S.SH_OVERWATCH | S.SH_MIDMOVE | S.SH_QUICKDRAW):
            return i
    return None


@pytest.fixture(scope="module")
def ride_fight():
    return _find()


def _audit_doctored(fight, doctor):
    _, batch, ev, tab, kinds, j = fight
    rosters, types = api.gangs(RIDERS)
    ev = doctor(ev.copy(), j)
    _audit(RIDERS, ev, batch.games[0], batch.sides[0], tab, rosters, types, kinds)


def test_the_doctoring_fight_passes_the_audit(ride_fight):
    _audit_doctored(ride_fight, lambda ev, j: ev)


def test_the_auditor_rejects_a_strike_from_a_cell_not_next_to_the_target(ride_fight):
    """The rider's last step to his target left out: he strikes from a step short."""
    def doctor(ev, j):
        before = _ride(ev, j)[3]
        return np.delete(ev, before[-1], axis=0)
    with pytest.raises(AssertionError, match="next to its target"):
        _audit_doctored(ride_fight, doctor)


def test_the_auditor_rejects_a_ride_on_to_a_cell_next_to_an_enemy(ride_fight):
    """The planned end of the ride (ACTION c, d) moved next to his target, beyond him."""
    def doctor(ev, j):
        _, t, a, before, _ = _ride(ev, j)
        sx, sy = ev[before[0], 3:5]  # (his start)
        tx, ty = _at(ev, t, a)
        ev[a, 5:7] = (tx + np.sign(tx - sx), ty + np.sign(ty - sy))  # (beyond, next to him)
        return ev
    with pytest.raises(AssertionError, match="touches no enemy"):
        _audit_doctored(ride_fight, doctor)


def test_the_auditor_rejects_a_ride_on_that_is_not_past_the_target(ride_fight):
    """The planned end of the ride (ACTION c, d) set to where he started."""
    def doctor(ev, j):
        _, _, a, before, _ = _ride(ev, j)
        ev[a, 5:7] = ev[before[0], 3:5]
        return ev
    with pytest.raises(AssertionError, match="lies beyond it"):
        _audit_doctored(ride_fight, doctor)


def test_the_auditor_rejects_a_shot_by_the_rider_that_turn(ride_fight):
    """A shooting-phase SHOT of his side that turn given to the rider."""
    def doctor(ev, j):
        f, _, _, _, after = _ride(ev, j)
        i = _next_shot(ev, after[-1], f)
        ev[i, 1] = f
        return ev
    with pytest.raises(AssertionError, match="cannot shoot that turn"):
        _audit_doctored(ride_fight, doctor)


def test_the_auditor_rejects_a_ride_past_the_charge_distance(ride_fight):
    """Steps to and fro after the ride's end until the whole ride is past 2 M x
    charge_multiplier."""
    def doctor(ev, j):
        f, _, _, _, after = _ride(ev, j)
        last = ev[after[-1]]
        x, y = int(last[5]), int(last[6])
        dx = 1 if x + 1 < np.asarray(ride_fight[3][0]).shape[1] else -1
        rows = []
        for n in range(4 * RIDERS.horse_profile[0] * RIDERS.charge_multiplier):
            row = last.copy()
            a, b = (x, y) if n % 2 == 0 else (x + dx, y)
            row[3:8] = (a, b, (x + dx if n % 2 == 0 else x), y, S.MV_CHARGE)
            rows.append(row)
        return np.insert(ev, after[-1] + 1, np.array(rows), axis=0)
    with pytest.raises(AssertionError, match="no move beyond its reach"):
        _audit_doctored(ride_fight, doctor)


def test_the_auditor_rejects_a_man_taken_out_by_the_hit_and_run_under_the_default(ride_fight):
    """A TAKEN_OUT (why 0) of the target right after the HIT_RUN (hit_and_run_down_out off:
    a man the blow downs lies down)."""
    def doctor(ev, j):
        _, t, _, _, _ = _ride(ev, j)
        row = ev[j].copy()
        row[1], row[2] = t, S.Ev.TAKEN_OUT
        row[3:] = 0
        row[3] = int(ev[j, 1])
        return np.insert(ev, j + 1, row, axis=0)
    with pytest.raises(AssertionError, match="not out of action"):
        _audit_doctored(ride_fight, doctor)


def test_the_narration_tells_the_hit_and_run(ride_fight):
    """The narrated fight tells each hit-and-run declared (who makes one at whom) and each
    strike as the rider passes his man, one line each."""
    i, _, ev = ride_fight[:3]
    pairs = list(itertools.product(range(len(NAMES)), repeat=2))  # (``lineups``' order)
    _, text = api.replay_game(RIDERS, 3, 1, i, list(NAMES), pairs[i % len(pairs)], RIDE_PAST)
    lines = text.splitlines()
    declared = int(((ev[:, 2] == S.Ev.ACTION) & (ev[:, 3] == S.Act.HIT_RUN)).sum())
    struck = int((ev[:, 2] == S.Ev.HIT_RUN).sum())
    assert declared >= struck > 0
    assert sum("makes a hit-and-run at" in ln for ln in lines) == declared
    assert sum(bool(re.search(r"strikes at \S+ as he passes", ln)) for ln in lines) == struck
