"""Westamunda rules wm-20: the war horse lying down as partial cover (the riding skill's text:
"lies down as partial cover").

- **When**: a rider of a war horse (riding skill `war_horse`) who steps down (Act.DISMOUNT) has
  it lie down where it stands, his cell, when his gunfighter's weight `lie_down` is above 0
  (every preset: it costs nothing, a riderless horse is never shot at; the random floor's never
  does): engine FHLIE, Ev.LIE_DOWN, tidy `horses_lying`. It gets up when he mounts it again.
- **Cover** (the text's "for the character": its rider): the rider, on foot, on the horse's
  cell, or on a cell next to it with the line of fire between the cells' centres passing
  through the horse's cell (within 1/2" of its centre, between shooter and him), has at least
  partial cover (`engine._behind_horse`, read by `_target_cover`, so every shot, aim and
  overwatch sees it; aims on him are re-checked as it lies down); never from a shooter on or
  next to the horse's cell (terrain touching the shooter gives no cover either). Stated: a man
  on the horse's spot crouches behind it, turned to the enemy, so it covers him from any side.

The trace auditor (``test_westamunda_engine._audit``) follows every lying horse (the event right
after its rider's dismount, exactly when his gunfighter's weight says so; up again at his mount)
and checks every shot's logged cover with the horse counted, independently of the engine's
geometry (``_behind_horse`` in plain Python).
"""

from __future__ import annotations

import itertools

import numpy as np
from test_westamunda_engine import CAV, NAMES, _behind_horse, audited

from sim.westamunda import api
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import WMRules

WAR = WMRules(riding_skill_a="war_horse", riding_skill_b="war_horse", **CAV)
STAND = {name: {"lie_down": 0} for name in NAMES if name != "random"}


def test_the_cover_geometry_matches_the_plain_python_reading():
    """Every shooter cell within 6 cells of a target at (10, 10) and every horse cell within 2
    of it: the kernel and the auditor's reading agree; and the cases a player would name."""
    t = (10, 10)
    for sx, sy in itertools.product(range(4, 17), repeat=2):
        for hx, hy in itertools.product(range(8, 13), repeat=2):
            if (sx, sy) == t:
                continue
            assert E._behind_horse(sx, sy, t[0], t[1], hx, hy) == \
                _behind_horse((sx, sy), t, (hx, hy)), ((sx, sy), (hx, hy))
    assert _behind_horse((4, 10), t, t)  # on his own cell: covered whatever the side
    assert _behind_horse((16, 10), t, t)
    assert _behind_horse((4, 10), t, (9, 10))  # between: covered
    assert not _behind_horse((4, 10), t, (11, 10))  # behind him: not
    assert not _behind_horse((4, 10), t, (10, 11))  # beside, off the line: not
    assert _behind_horse((4, 4), t, (9, 9))  # on the diagonal line
    assert not _behind_horse((4, 4), t, (9, 10))  # a diagonal line passes 0.71" off its centre
    assert not _behind_horse((9, 10), t, (9, 10))  # the shooter's own cell
    assert not _behind_horse((8, 10), t, (9, 10))  # next to the shooter (as terrain)
    assert not _behind_horse((9, 9), t, t)  # the shooter next to the horse on his cell
    assert not _behind_horse((4, 10), t, (8, 10))  # two cells away


def _tidy(rules, over, seed=4, n=200):
    n_pool = len(NAMES)
    lineup = np.array([(i % n_pool, (i // n_pool) % n_pool) for i in range(n)])
    return api.run_games(rules, seed, 1, 0, lineup, NAMES, over)


def test_war_horses_lie_down_in_play_and_give_cover_the_auditor_checks():
    """Traced fights of mounted cavalry with war horses on both sides (every ordered pairing of
    the gunfighters and the random floor, seed 4): horses lie down as their riders step down
    (seen: 410 of 553 dismounts in 96 fights, the others the random floor's), and
    shots are taken at riders whose only cover is their horse (seen 225 to-hit rolls);
    every trace passes the auditor (it raises otherwise). With ``lie_down`` 0 no horse lies
    down."""
    war = audited(WAR, 96, "rules", seed=4, stream=1)
    assert war["horses_lying"] >= 20, war["horses_lying"]
    assert war["horses_lying"] < war["dismounts"], (war["horses_lying"], war["dismounts"])
    assert war["horse_cover_shots"] >= 100, war["horse_cover_shots"]
    stand = audited(WAR, 48, "rules", seed=4, stream=1, overrides=STAND)
    assert stand["horses_lying"] == 0 and stand["horse_cover_shots"] == 0
    assert stand["dismounts"] > 20


def test_only_war_horses_lie_down_and_fights_without_one_are_unchanged():
    """Mounted cavalry without the skill: no horse lies down, and the fights are the same with
    ``lie_down`` 0 or 1 (the weight does not re-key the stream). With the skill, the weight
    changes the fights (the cover counts)."""
    plain = WMRules(**CAV)
    a, b = _tidy(plain, None), _tidy(plain, STAND)
    assert a["horses_lying"].sum() == 0
    cols = [c for c in a.columns if c != "strategy"]
    assert a[cols].equals(b[cols])
    war_a, war_b = _tidy(WAR, None), _tidy(WAR, STAND)
    assert war_a["horses_lying"].sum() > 0 and war_b["horses_lying"].sum() == 0
    assert not war_a["hits"].equals(war_b["hits"])
    assert S.SIDE_NAMES.index("horses_lying") == S.S_HORSES_LYING
