"""The flanker gunfighter (``strategies.westamunda``, preset 'flanker') in play, read off the
engine's own records: the event traces of replayed fights (where each fighter stood, whom he
shot from where, whom his hits pinned) and the winners of a batch.

The flanker splits his gang: the half with the longest-ranged guns (the standard gang's four
Winchesters) is a fire base that takes cover in sight and shoots; the rest run round cover to
a point beside the enemy's flank and close in to shoot where cover does not count. The trace
tests are seeded, so they are deterministic. Each notes the value measured at seed 7 and the
range over seeds 1 to 4 (200 fights each); the bounds sit below the worst of those, so a
flanker doing what it says passes them at other seeds too, and one that lost a part of its
plan (no flank march, no fire base, no angle) fails them.
"""

import numpy as np
import pytest

from helpers import binom_p
from sim.core.tabletop.battlefield import seen_size, sight
from sim.westamunda import state as S
from sim.westamunda.engine import play_batch, replay
from sim.westamunda.rules import WEAPONS, WMRules
from strategies.westamunda import N_KINDS, PRESETS, W_BASE_SHARE, table

R = WMRules()
OPPONENTS = ["random", "patient_aimer", "gunslinger_rush", "brawler"]
N_FIGHTS = 200  # 50 against each opponent, 25 from each end of the table (about 2 s)
EARLY = 4  # "the first turns": rounds 1..EARLY


def _fight(ev, terrain, piece, building, flanker_side):
    """One traced fight as plain records: start cells, sides, roles of the flanker's fighters
    (from the guns each deployed with), cells at the end of round EARLY and at the end, the
    times a fighter fired (round, shooter, first target, shooter's cell, target's cell) and the
    pins (round, pinner)."""
    start, side, reach = {}, {}, {}
    for row in ev[ev[:, 2] == S.Ev.DEPLOY]:
        f = int(row[1])
        start[f] = (int(row[3]), int(row[4]))
        side[f] = int(row[5])
        reach[f] = max(R.weapon(WEAPONS[int(w)])["long_in"] for w in row[7:9] if w >= 0)
    mine = [f for f in start if side[f] == flanker_side]
    # the fire base: the round(share x gang) longest-ranged, ties to the first deployed
    n_base = int(PRESETS["flanker"].weights[W_BASE_SHARE] * len(mine) + 0.5)
    ranked = sorted(mine, key=lambda f: (-reach[f], f))
    role = {f: ("base" if i < n_base else "flank") for i, f in enumerate(ranked)}
    pos = dict(start)
    early = None
    shots, pins = [], []
    last = None
    for row in ev:
        rnd, f, kind = (int(v) for v in row[:3])
        a, b, c, d = (int(v) for v in row[3:7])
        if early is None and rnd > EARLY:
            early = dict(pos)
        if kind in (S.Ev.MOVE, S.Ev.KNOCKDOWN, S.Ev.FLEE, S.Ev.FOLLOW_UP):  # MOVE: c, d the
            pos[f] = (c, d)  # step's end; KNOCKDOWN: after; FLEE (a broken fighter's run) and
            # FOLLOW_UP (a winner's follow-up): c, d where he ends
        elif kind == S.Ev.SHOT:
            occasion = (rnd, f, int(row[9]))  # the to-hit rolls of one burst: one occasion
            if occasion != last:
                shots.append((rnd, f, a, pos[f], pos[a]))
            last = occasion
        elif kind == S.Ev.PINNED and a >= 0:
            pins.append((rnd, a))
    return dict(start=start, side=side, role=role, early=early or dict(pos), end=pos,
                shots=shots, pins=pins, table=(terrain, piece, building))


@pytest.fixture(scope="module")
def fights():
    """N_FIGHTS replayed fights (seed 7, stream 0): the flanker against each opponent in turn,
    from side 0 in even fights and side 1 in odd ones."""
    out = []
    for g in range(N_FIGHTS):
        opp = OPPONENTS[(g // 2) % len(OPPONENTS)]
        flanker_side = g % 2
        kinds, weights = table(["flanker", opp] if flanker_side == 0 else [opp, "flanker"])
        _, ev, (terrain, piece, building) = replay(R, 7, 0, g, kinds, weights)
        out.append(_fight(ev, terrain, piece, building, flanker_side))
    return out


def _by_role(fights, value):
    """{role: values over every flanker fighter of every fight} of value(fight, fighter)."""
    out = {"base": [], "flank": []}
    for fi in fights:
        for f, r in fi["role"].items():
            out[r].append(value(fi, f))
    return {r: np.array(v, dtype=float) for r, v in out.items()}


def test_the_fire_base_is_the_winchesters_and_half_the_gang(fights):
    """The standard gang's four Winchester carriers (the first four deployed) form the base."""
    assert N_KINDS == len({p.kind for p in PRESETS.values()}) == 5
    for fi in fights:
        base = sorted(f for f, r in fi["role"].items() if r == "base")
        first = min(fi["role"])
        assert base == list(range(first, first + 4))


def test_flankers_end_their_moves_further_sideways_than_the_fire_base(fights):
    """Sideways (across the table: the gangs deploy along opposite edges) from where each
    deployed, at the end of round EARLY and at the end of the fight: the flank element's mean
    is 3.5" or more and over 1.5" more than the fire base's (seed 7: 5.1" against 2.3" early,
    5.4" against 2.5" at the end; seeds 1-4: 4.6-6.0" against 2.2-2.7"). And they go out towards
    their own wing (away from their gang's centre as deployed): a mean of 1.5" or more that way
    by the end of round EARLY (seed 7: 3.0"; seeds 1-4: 2.5-2.8"; the base's: -0.3 to 0.1"),
    and of those who moved sideways, over 62% went out (seed 7: 76%; seeds 1-4: 71-74%; the
    rest were drawn in by the nearest enemy coming in, or by the edge of the table)."""
    for when in ("early", "end"):
        side = _by_role(fights, lambda fi, f, w=when: abs(fi[w][f][0] - fi["start"][f][0]))
        assert side["flank"].mean() >= 3.5, (when, side["flank"].mean())
        assert side["flank"].mean() > side["base"].mean() + 1.5, \
            (when, side["flank"].mean(), side["base"].mean())

    def outwards(fi, f):
        centre = np.mean([fi["start"][g][0] for g in fi["role"]])
        return (fi["early"][f][0] - fi["start"][f][0]) * np.sign(fi["start"][f][0] - centre)

    out = _by_role(fights, outwards)["flank"]
    moved = out[out != 0]
    assert out.mean() >= 1.5, out.mean()
    assert len(moved) >= 0.8 * len(out) and (moved > 0).mean() > 0.62, \
        (len(moved), len(out), (moved > 0).mean())


def test_the_fire_base_shoots_and_pins_more_per_fighter_in_the_first_turns(fights):
    """Rounds 1..EARLY: the share of rounds in which a base fighter fired (in his turn or on
    overwatch) is over 1.4 times a flanker's (rules wm-13, seed 7: 1.60 times; seeds 1-4:
    1.57-1.79), and base fighters' hits pin over three times as many enemies as flankers' (seed
    7: 432 against 109, 4.0 times; seeds 1-4: 4.6 to 6.6 times; the bound was four times to
    wm-12, whose fights at seed 7 cleared it, and an early version measured 585 against 86)."""
    def fired(fi, f):
        return len({rnd for rnd, s, *_ in fi["shots"] if s == f and rnd <= EARLY}) / EARLY

    def pinned(fi, f):
        return sum(1 for rnd, p in fi["pins"] if p == f and rnd <= EARLY)

    fire, pins = _by_role(fights, fired), _by_role(fights, pinned)
    assert fire["base"].mean() > 1.4 * fire["flank"].mean(), \
        (fire["base"].mean(), fire["flank"].mean())
    assert pins["base"].sum() > 3 * pins["flank"].sum(), (pins["base"].sum(), pins["flank"].sum())


def test_flankers_shoot_from_angles_where_cover_does_not_count(fights):
    """The cover of every time a fighter fired (at his first target), read by the shared sight
    from the shooter's and the target's cells on the fight's table: the flankers' share with
    the target in no cover is over 0.06 more than the fire base's (seed 7: 0.82 against 0.49;
    seeds 1-4: 0.73-0.85 against 0.54-0.61, the closest 0.12 apart), and they shoot more across
    the table (mean |sine| of the line of fire's angle off the line between the deployment
    edges: over 1.2 times the base's; seed 7: 1.47 times; seeds 1-4: 1.38-1.55)."""
    tally = {"base": [], "flank": []}
    for fi in fights:
        terrain, piece, building = fi["table"]
        smoke = np.full(terrain.shape, -1, dtype=np.int32)  # this engine has no smoke yet
        seen = np.zeros(seen_size(*terrain.shape), dtype=np.int32)
        for _, f, _, (x0, y0), (x1, y1) in fi["shots"]:
            if f not in fi["role"]:
                continue
            vis, pieces, _, behind = sight(terrain, piece, building, smoke, x0, y0, x1, y1, seen)
            assert vis, "a shot needs a line of sight"
            across = abs(x1 - x0) / max(np.hypot(x1 - x0, y1 - y0), 1.0)
            tally[fi["role"][f]].append((pieces == 0 and not behind, across))
    base, flank = np.array(tally["base"]), np.array(tally["flank"])
    assert len(base) >= 400 and len(flank) >= 400, (len(base), len(flank))
    assert flank[:, 0].mean() > base[:, 0].mean() + 0.06, (flank[:, 0].mean(), base[:, 0].mean())
    assert flank[:, 1].mean() > 1.2 * base[:, 1].mean(), (flank[:, 1].mean(), base[:, 1].mean())


def test_the_flanker_beats_random():
    """400 fights (seed 11, stream 4) against the random floor, seats alternating: the flanker
    wins more of the decided fights, by an exact binomial test against 1/2 at p < 1e-3. A
    gunfighter no better than random would pass this by chance at most once in 1000 (the
    false-alarm rate of the claim). At this seed the flanker wins 294 of the 365 decided
    fights (p about 2e-33; seeds 1-3, stream 0: 73-76%), so a working flanker never fails it."""
    kinds, weights = table(["flanker", "random"])
    lineup = np.array([[0, 1], [1, 0]] * 200)
    b = play_batch(R, 11, 4, 0, kinds[lineup], weights[lineup])
    winner = b.games[:, S.G_WINNER]
    flanker_side = np.where(lineup[:, 0] == 0, 0, 1)
    wins = int((winner == flanker_side).sum())
    losses = int(((winner >= 0) & (winner != flanker_side)).sum())
    assert wins > losses and binom_p(wins, wins + losses, 0.5) < 1e-3, (wins, losses)
