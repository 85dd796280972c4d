"""Westamunda rules wm-18: mounting again, and the war horse that stays by its fallen rider.

- **A horse stepped down from stands** where its rider left it (Act.DISMOUNT; engine FHX,
  FHY), and a **war horse** (riding skill) stays beside a rider knocked off or fallen from it
  (not one that fell itself: `engine._horse_left`). Any other horse whose rider falls leaves the
  fight, as before. A standing horse is a marker: it takes no cell, blocks nothing and is never
  shot at (stated: the text gives no rule for shooting a riderless horse).
- **Mounting** (text line 342: mounting a stationary horse is part of normal movement; having
  jumped up, no more movement that turn, but firing is allowed): Act.MOUNT walks him to his
  own standing horse within his own M (`engine._move`) and, if he gets there up, unpinned and
  free, mounts it (`engine._mount`, Ev.MOUNT, tidy `mounts`): the horse's M again, no step
  after it that turn, his shot that turn a walker's.
- **Who mounts**: the random floor's horse action (the last it draws) is a mount for a man whose
  horse stands; a scripted gunfighter on foot mounts instead of a walk or a run when his horse
  is within a walk and no standing enemy is within weight `mount` inches (16 for the patient
  aimer and the flanker, 12 for the gunslinger rush and the brawler).

The trace auditor (``test_westamunda_engine._audit``) re-derives every standing horse from the
events and checks each mount; here: the mechanics in play at plausible rates, the auditor's
teeth on doctored traces, the narration, and the fights with no standing horse unchanged.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from test_westamunda_engine import BOLASED, CAV, NAMES, WM21, _audit, audited, lineups

from sim.westamunda import api
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import WMRules

MOUNTED = WMRules(**CAV)  # mounted cavalry, balanced builds, both sides
WAR = WMRules(riding_skill_a="war_horse", riding_skill_b="war_horse", **CAV)
NO_MOUNT = {name: {"mount": 0} for name in NAMES if name != "random"}


def col(sides, name):
    return sides[..., S.SIDE_NAMES.index(name)]


@pytest.fixture(scope="module")
def traced():
    """The auditor's counts over 96 traced fights of mounted cavalry (every ordered pairing of
    the five gunfighters, seed 3), and 96 with war horses on both sides (seed 4)."""
    plain = audited(MOUNTED, 96, "rules", seed=3, stream=1)
    war = audited(WAR, 96, "rules", seed=4, stream=1)
    return plain, war


def test_mounting_again_passes_the_audit_and_happens_in_play(traced):
    """Every traced fight passes the auditor (it raises otherwise); riders step down and mount
    again, some after a walk to the horse (seen: 570 dismounts, 117 mounts of 135 mount
    actions, 33 after a walk; the others' horse out of a walk or the walk stopped short), and
    war horses stay by their fallen riders and are mounted again (seen 225 stayed, 13 mounts
    after a fall)."""
    plain, war = traced
    assert plain["dismounts"] > 20, plain["dismounts"]
    assert plain["mounts"] > 5, plain["mounts"]
    assert plain["mounts"] <= plain["mount_actions"]
    assert plain["mounts_walked"] > 0
    assert plain["mounts_after_fall"] == 0  # (no war horse: a fallen rider's horse leaves)
    assert war["war_horses_stayed"] > 5, war["war_horses_stayed"]
    assert war["mounts_after_fall"] > 0, war["mounts_after_fall"]


def test_scripted_gunfighters_mount_by_their_weight():
    """The tidy records of 500 fights of mounted cavalry (seed 12): with every preset's
    ``mount`` weight 0 only the random floor mounts; at the presets' own weights the scripted
    sides mount too."""
    pool = list(NAMES)
    lineup = np.array([[i % 5, (i // 5) % 5] for i in range(500)])
    scripted = np.array([name != "random" for name in pool])
    for overrides, some in ((NO_MOUNT, False), (None, True)):
        df = api.run_games(MOUNTED, 12, 1, 0, lineup, pool, overrides)
        mine = df[df["strategy"].isin(np.array(pool)[scripted])]
        assert (mine["mounts"].sum() > 10) == some, (overrides, mine["mounts"].sum())
        assert df[df["strategy"] == "random"]["mounts"].sum() > 0


def _mount_fight(rules, seed, stream, n):
    """(fight index, batch, events, table, kinds row) of the first of fights 0..n-1 whose trace
    has a MOUNT after a walk."""
    k, w = lineups(NAMES, n)
    rosters, types = api.gangs(rules)
    for i in range(n):
        batch, ev, tab = E.replay(rules, seed, stream, i, k[i], w[i], rosters, types,
                                  rules.maps)
        rows = ev[ev[:, 2] == S.Ev.MOUNT]
        if len(rows) and rows[:, 5].max() > 0:
            return i, batch, ev, tab, k[i]
    raise AssertionError("no mount after a walk")


@pytest.fixture(scope="module")
def mount_fight():
    return _mount_fight(MOUNTED, 3, 1, 96)


def _audit_doctored(fight, doctor):
    _, batch, ev, tab, kinds = fight
    rosters, types = api.gangs(MOUNTED)
    ev = doctor(ev.copy())
    _audit(MOUNTED, ev, batch.games[0], batch.sides[0], tab, rosters, types, kinds)


def test_the_auditor_rejects_a_mount_away_from_the_horse(mount_fight):
    def doctor(ev):
        j = np.flatnonzero(ev[:, 2] == S.Ev.MOUNT)[0]
        ev[j, 3] += 1
        return ev
    with pytest.raises(AssertionError, match="where it stands"):
        _audit_doctored(mount_fight, doctor)


def test_the_auditor_rejects_a_step_after_mounting(mount_fight):
    """A MOVE of his right after his MOUNT (having jumped up onto a horse, no more movement)."""
    def doctor(ev):
        j = np.flatnonzero(ev[:, 2] == S.Ev.MOUNT)[0]
        row = ev[j].copy()
        x, y = row[3], row[4]
        row[2] = S.Ev.MOVE
        row[5:8] = (x + 1 if x == 0 else x - 1, y, S.MV_WALK)
        return np.insert(ev, j + 1, row, axis=0)
    with pytest.raises(AssertionError, match="no more movement that turn"):
        _audit_doctored(mount_fight, doctor)


def test_the_auditor_rejects_a_mount_by_a_man_with_no_horse_standing(mount_fight):
    """An ACTION MOUNT by a fighter whose horse does not stand (the first action of the fight,
    made a mount)."""
    def doctor(ev):
        j = np.flatnonzero(ev[:, 2] == S.Ev.ACTION)[0]
        ev[j, 3] = S.Act.MOUNT
        return ev
    with pytest.raises(AssertionError, match="only a man on foot"):
        _audit_doctored(mount_fight, doctor)


def test_the_narration_tells_the_mount(mount_fight):
    """The narrated fight says where a rider stepped down, where he mounted again and the
    closing count."""
    i = mount_fight[0]
    pairs = list(itertools.product(range(len(NAMES)), repeat=2))  # (``lineups``' order)
    _, text = api.replay_game(MOUNTED, 3, 1, i, list(NAMES), pairs[i % len(pairs)])
    assert "mounts his horse again at" in text
    assert "his horse stands there" in text
    assert "mounted again" in text


def test_fights_with_no_standing_horse_are_unchanged():
    """No dismount and no war horse: nothing changes (the same fights with the presets' mount
    weight 0 and at their own weights are identical when nobody steps down)."""
    pool = [name for name in NAMES if name not in ("random", "patient_aimer", "flanker")]
    lineup = np.array([[i % len(pool), (i // len(pool)) % len(pool)] for i in range(120)])
    a = api.run_games(MOUNTED, 5, 1, 0, lineup, pool, None)
    b = api.run_games(MOUNTED, 5, 1, 0, lineup, pool,
                      {name: {"mount": 0} for name in pool})
    assert a["dismounts"].sum() == 0
    assert a.equals(b)


def test_a_man_in_bolas_does_not_mount():
    """The fresh audit of the wm-18 draft found a random fighter, bolas round his legs, who
    walked to his standing horse and mounted it (the engine's refusal sat in the bolas branch's
    else): fight 735 of these (seed 31), his mount at round 7. Now he holds, and the fight and
    its neighbours pass the audit (which refuses a mount by anyone entangled). (Since wm-19 the
    random floor's hit-and-runs change fight 735 and its neighbours; the window audited now is
    fights 712-727, where entangled men's turns, UNTANGLE, came in fights 714 and 719; since
    wm-27 the random floor's men on foot get up behind friend riders, and three fights of the
    window have them.)"""
    rules = WMRules(riding_skill_a="fancy_ropin", riding_skill_b="war_horse", gang_budget=3000,
                    **CAV, **WM21)  # (the wm-21 fights)
    rosters, types = api.gangs(rules)
    rosters = (BOLASED[0], rosters[1])
    k, w = lineups(NAMES, 1000)
    tied_with_horse = 0
    for i in range(712, 728):
        batch, ev, tab = E.replay(rules, 31, 1, i, k[i], w[i], rosters, types, rules.maps)
        _audit(rules, ev, batch.games[0], batch.sides[0], tab, rosters, types, k[i])
        tied_with_horse += bool((ev[:, 2] == S.Ev.UNTANGLE).any())
    assert tied_with_horse == 3
