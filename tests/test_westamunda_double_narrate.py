"""Westamunda narration of double mounts (rules row 183; ``sim/westamunda/narrate.py``): a man on
foot getting up behind a friend rider (Ev.DOUBLE, its I test and leg ups), the passenger holding
on and getting down or coming off (Ev.PASS_OFF and his fall), a shot at a horse carrying two
located on the passenger (Ev.LOCATE e, f) and his test to stay on, and a passenger taking the
reins of a rider who came off (Ev.REINS). The narrator's own picture must follow the passenger:
he goes where his rider's horse goes, is drawn on the maps under his rider's mark (named after
him: 'A1/A3') and is never a target; the end map and the closing counts agree with the events
and the engine's side records.

The fights: both sides cavalry on horseback, every other fighter without a horse (so the men on
foot have friend riders to get up behind), every gunfighter but 'random' weighting double_up at
12; fight i is the pairing i % 25 (every ordered pairing of PRESETS), seed SEED, stream 1: about
a hundred replays of a few milliseconds each once the engine is compiled. The word-for-word
checks take the first fight of these that shows each case (the gunfighters' policies still
change: the fight each docstring names is the one found when it was written)."""

from __future__ import annotations

import functools
import itertools
import re

import numpy as np
import pytest
from test_westamunda_narrate import _maps, _marks

from sim.core.tabletop.battlefield import Table
from sim.westamunda import builds
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.narrate import narrate
from sim.westamunda.rules import WMRules
from strategies.westamunda import PRESETS, table

CAV = dict(mounted_a=True, mounted_b=True, gang_a="cavalry", gang_b="cavalry", build_a="balanced",
           build_b="balanced")
R = WMRules(**CAV)
TYPES = ("cavalry", "cavalry")
SEED = 3
N_FIGHTS = 100  # the fights the whole-fight checks read (fight 0 to 99)
NAMES = list(PRESETS)
PAIRS = list(itertools.product(range(len(NAMES)), repeat=2))


def _half(side):
    """The rules' own cavalry of ``side``, every other fighter on foot (no horse)."""
    ros = builds.side_roster(R, side)
    return tuple(r._replace(horse=(i % 2 == 0)) for i, r in enumerate(ros))


ROS = (_half("a"), _half("b"))
_KINDS, _WEIGHTS = table(NAMES, {nm: {"double_up": 12.0} for nm in NAMES if nm != "random"})


class Fight:
    """One replayed fight, narrated: ``game`` its index, ``names`` the two gunfighters."""

    def __init__(self, game):
        a, b = PAIRS[game % len(PAIRS)]
        self.game, self.names = game, (NAMES[a], NAMES[b])
        batch, self.events, tb = E.replay(R, SEED, 1, game, _KINDS[[a, b]], _WEIGHTS[[a, b]],
                                          rosters=ROS, gang_types=TYPES)
        self.sides = batch.sides[0]
        self.table = Table(*tb)
        self.text = narrate(self.events, tb, self.names, R, TYPES, rosters=ROS)
        self.lab = _labels(self.events)


@functools.cache
def fight(game: int) -> Fight:
    return Fight(game)


def _labels(events):
    """Fighter index -> label (side letter, number within the side) from the DEPLOY events."""
    count, out = [0, 0], {}
    for e in events[events[:, 2] == S.Ev.DEPLOY]:
        side = int(e[5])
        count[side] += 1
        out[int(e[1])] = f"{'AB'[side]}{count[side]}"
    return out


def _got_down(e) -> bool:
    """A PASS_OFF row of a passenger getting down (his action: d -1), not coming off (d a
    FALL_* code)."""
    return int(e[6]) == -1


def _model(events):
    """The fight followed from the events alone: after the last event, (positions, states,
    riders, passenger -> rider)."""
    *_, last = _states(events)
    return last[2:]


def _states(events):
    """Before each event and after the last: (row, event or None, positions, states, riders,
    passenger -> rider), the same dicts updated. A passenger is on his rider's cell and goes
    where it goes (his rider's MOVE, FLEE, FOLLOW_UP and KNOCKDOWN rows)."""
    pos, state, riding, behind = {}, {}, set(), {}

    def carry(r):
        for p, rr in behind.items():
            if rr == r:
                pos[p] = pos[r]

    for j, e in enumerate(events):
        yield j, e, pos, state, riding, behind
        f, kind, a, b = int(e[1]), int(e[2]), int(e[3]), int(e[4])
        if kind == S.Ev.DEPLOY:
            pos[f], state[f] = (a, b), "standing"
            if e[9]:
                riding.add(f)
        elif kind == S.Ev.MOVE:
            pos[f] = (int(e[5]), int(e[6]))
            carry(f)
        elif kind in (S.Ev.KNOCKDOWN, S.Ev.FLEE, S.Ev.FOLLOW_UP):
            pos[f] = (int(e[5]), int(e[6]))
            carry(f)
        elif kind == S.Ev.SEIZE:
            pos[f], pos[int(e[5])] = (a, b), (int(e[6]), int(e[7]))
            riding.add(f)
            riding.discard(int(e[5]))
        elif kind == S.Ev.THROWN_BACK:
            pos[f] = (a, b)
        elif kind == S.Ev.DOUBLE and b != 0:
            behind[f] = a
            pos[f] = pos[a]
        elif kind == S.Ev.PASS_OFF:
            behind.pop(f, None)
            pos[f] = (b, int(e[5]))
        elif kind == S.Ev.REINS:
            behind.pop(f, None)
            pos[a] = (b, int(e[5]))
            riding.add(f)
            riding.discard(a)
        elif kind in (S.Ev.FALL, S.Ev.JUMP) or (kind == S.Ev.ACTION and a == S.Act.DISMOUNT):
            riding.discard(f)
        elif kind == S.Ev.BOARD and b:
            riding.discard(f)
        elif kind == S.Ev.MOUNT:
            riding.add(f)
        elif (kind in (S.Ev.INJURY, S.Ev.RECOVERY) and b == S.INJ_OUT) or kind == S.Ev.TAKEN_OUT:
            state[f] = "out"
            behind.pop(f, None)
        elif kind == S.Ev.INJURY and b == S.INJ_DOWN and state[f] == "standing":
            state[f] = "down"
        elif kind == S.Ev.RECOVERY and b == S.INJ_FLESH:
            state[f] = "standing"
    yield len(events), None, pos, state, riding, behind


def _end_marks(text):
    """{label: (symbol, x, y)} of the end map (the narration's second map)."""
    maps = _maps(text)
    assert len(maps) == 2
    return _marks(maps[1])


def _closing(f, side):
    return re.search(rf"^Side {'AB'[side]} \({re.escape(f.names[side])}\): .*$", f.text,
                     re.M).group(0)


def _times(line, words):
    """n from '<words> once' / '<words> n times' in a closing line, 0 if absent."""
    m = re.search(rf"{words} (?:(once)|(\d+) times)", line)
    return 0 if m is None else 1 if m.group(1) else int(m.group(2))


def _side(ev, i):
    return int(ev[(ev[:, 2] == S.Ev.DEPLOY) & (ev[:, 1] == i)][0, 5])


def _first(kind_test, games=range(N_FIGHTS)):
    """(fight, row) of the first event that ``kind_test(events, row)`` accepts."""
    for g in games:
        ev = fight(g).events
        for j in range(len(ev)):
            if kind_test(ev, j):
                return fight(g), j
    pytest.fail("no such event in the fights")


def _at(f, j):
    """(positions, passenger -> rider) before row j of fight f, followed from the events."""
    for k, _, pos, _, _, behind in _states(f.events):
        if k == j:
            return dict(pos), dict(behind)
    raise IndexError(j)


def _xy(p):
    return f"({p[0]},{p[1]})"


def _hits(e):
    """'1 hit at S3' or '2 hits at S3 (a D3: ...)': Ev.FALL row e's hits, as the fall's line
    starts them (a regex)."""
    n = int(e[3])
    return rf"{n} hits? at S3" + (r" \(a D3: the horse's latest move was more than its M of "
                                  r"\d\"\)" if e[5] else "")


# ---------------------------------------------------------------- fixed fights (seed SEED)


def test_getting_up_behind_a_friend_is_told_with_its_test():
    """The first DOUBLE at a still horse and the first passed I test of one at a moving horse in
    fights 0-99 (seed 3, stream 1; when written both in fight 0: A8 behind A7, A4 behind A5):
    the run to the horse ('A8 runs to A7's horse from (38,7) to (34,7) to get up behind him')
    and the climb's line, word for word with the cells the events give ('A8 gets up behind A7 on
    his horse at (33,7) from (34,7): the horse is still, no test: he rides behind A7, holding on
    (no shots), and the horse, carrying two, moves at M 6 from now on'; 'A4 gets up behind A5
    on his horse at (22,5) from (21,6): the horse moved, an I test (I 3) passed: ...'),
    the rule said once. Every DOUBLE in fights 0-99 has its line: the climber, the rider, both
    cells, the test (none at a still horse, else 'an I test (I n...) passed/failed' with the
    moving horse's modifier), the M of a horse carrying two when he is up."""
    for ok in (-1, 1):
        f, j = _first(lambda ev, j, ok=ok: ev[j, 2] == S.Ev.DOUBLE and ev[j, 4] == ok)
        e = f.events[j]
        pos, _ = _at(f, j)
        me, him = f.lab[int(e[1])], f.lab[int(e[3])]
        assert re.search(rf"^{me} runs to {him}'s horse from \(\d+,\d+\)(?: to "
                         rf"{re.escape(_xy(pos[int(e[1])]))})? to get up behind him\.$", f.text,
                         re.M), (f.game, me)
        test = ("the horse is still, no test" if ok < 0 else
                "the horse moved, an I test (I 3" + (', -1 the horse above its M of 8"' if e[6]
                                                     else "") + ") passed")
        assert (f"\n  {me} gets up behind {him} on his horse at {_xy(pos[int(e[3])])} from "
                f"{_xy(pos[int(e[1])])}: {test}: he rides behind {him}, holding on (no shots), "
                "and the horse, carrying two, moves at M 6 from now on.\n") in f.text, (f.game, me)
        assert f.text.count("Rule: horses can be ridden double-mounted") == 1
    seen = {-1: 0, 0: 0, 1: 0}
    for g in range(N_FIGHTS):
        f = fight(g)
        ev = f.events
        lines = re.findall(r"^  (\w+) (gets|tries to get) up behind (\w+) on his horse at "
                           r"\((\d+),(\d+)\) from \((\d+),(\d+)\): (.*)$", f.text, re.M)
        want = []
        for _, e, pos, *_ in _states(ev):
            if e is not None and e[2] == S.Ev.DOUBLE:
                i, t, ok = int(e[1]), int(e[3]), int(e[4])
                want.append((f.lab[i], "tries to get" if ok == 0 else "gets", f.lab[t],
                             *map(str, pos[t]), *map(str, pos[i]), ok, int(e[6])))
                seen[ok] += 1
        assert len(lines) == len(want), (g, len(lines), len(want))
        for got, w in zip(lines, want, strict=True):
            assert got[:7] == w[:7], (g, got, w)
            rest, ok, fast = got[7], w[7], w[8]
            if ok < 0:
                assert rest.startswith("the horse is still, no test: he rides behind "), rest
            else:
                assert rest.startswith("the horse moved, an I test (I "), rest
                assert (f"{R.mount_moving_mod:+d} the horse above its M of 8\"" in rest) == \
                    bool(fast and R.mount_moving_mod), rest
                assert rest.endswith(" passed: he rides behind "
                                     f"{w[2]}, holding on (no shots), and the horse, carrying "
                                     "two, moves at M 6 from now on." if ok else ") failed."), rest
        backs = [j for j in range(1, len(ev)) if ev[j, 2] == S.Ev.THROWN_BACK and
                 ev[j - 1, 2] == S.Ev.DOUBLE]
        for j in backs:  # (his fall follows: FALL_BOARD, 'hits the ground')
            assert ev[j + 1, 2] == S.Ev.FALL and ev[j + 1, 4] == S.FALL_BOARD
            me = f.lab[int(ev[j, 1])]
            assert f"\n  {me}, his climb failed, is thrown back {ev[j, 5]}\" (a D3) and lands at " \
                   f"({ev[j, 3]},{ev[j, 4]}).\n" in f.text
    assert all(seen.values()), seen


def test_a_failed_climb_up_behind_a_friend():
    """The first failed DOUBLE of fights 0-99 (seed 3): 'tries to get up behind', the I test
    failed, thrown back (Ev.THROWN_BACK: inches, landing cell) and 'hits the ground' with its
    hits, his position where he landed."""
    f, j = _first(lambda ev, j: ev[j, 2] == S.Ev.DOUBLE and ev[j, 4] == 0)
    e, back = f.events[j], f.events[j + 1]
    me, him = f.lab[int(e[1])], f.lab[int(e[3])]
    assert back[2] == S.Ev.THROWN_BACK
    m = re.search(rf"^  {me} tries to get up behind {him} on his horse at \(\d+,\d+\) from "
                  r"\(\d+,\d+\): the horse moved, an I test \(I \d[^)]*\) failed\.\n"
                  r"(?: *Rule: .*\n)*"
                  rf"  {me}, his climb failed, is thrown back {back[5]}\" \(a D3\) and lands at "
                  rf"\({back[3]},{back[4]}\)\.\n(?: *Rule: .*\n)*"
                  rf"    {me} hits the ground: \d hits? at S3; he (?:is on foot|lies) at "
                  rf"\({back[3]},{back[4]}\)", f.text, re.M)
    assert m, (f.game, me)


def test_a_passenger_getting_down_and_holding_on():
    """The first passenger's HOLD and the first get-down from a moving horse whose I test
    failed in fights 0-99 (seed 3; when written fight 0's A4 behind A5 and fight 2's B8 behind
    B9): 'A4 holds on behind A5 at (22,5): a passenger does not shoot.', and among the men who
    did not shoot as a passenger; 'B8 gets down from behind B9 at (43,16) onto (42,16): the
    horse moved, an I test (I 3, -1 a horse carrying two) failed.', his fall 'lands badly' on
    that cell next. Every get-down (PASS_OFF of a passenger's action) in fights 0-99 has its line
    with the landing cell and the test as logged."""
    def holding(games=range(N_FIGHTS)):  # (the first passenger's HOLD: fight, row, cells...)
        for g in games:
            for j, e, pos, _, _, behind in _states(fight(g).events):
                if e is not None and e[2] == S.Ev.ACTION and e[3] == S.Act.HOLD and \
                        int(e[1]) in behind:
                    return fight(g), j, pos, behind
        pytest.fail("no passenger holding on")

    f, j, pos, behind = holding()
    me, him = f.lab[int(f.events[j, 1])], f.lab[behind[int(f.events[j, 1])]]
    assert f"\n{me} holds on behind {him} at {_xy(pos[int(f.events[j, 1])])}: a passenger does " \
           "not shoot.\n" in f.text, (f.game, me)
    assert re.search(rf"^Did not shoot: .*\b{me} \(riding behind {him}: a passenger holds on and "
                     r"does not shoot\)", f.text, re.M), (f.game, me)
    f, j = _first(lambda ev, j: ev[j, 2] == S.Ev.PASS_OFF and _got_down(ev[j]) and ev[j, 7] and
                  not ev[j, 8])
    e = f.events[j]
    pos, _ = _at(f, j)
    me, him = f.lab[int(e[1])], f.lab[int(e[3])]
    assert f.events[j + 1, 2] == S.Ev.FALL and f.events[j + 1, 4] == S.FALL_JUMP
    assert re.search(rf"^{me} gets down from behind {him} at {re.escape(_xy(pos[int(e[3])]))} onto "
                     rf"\({e[4]},{e[5]}\): the horse moved, an I test \(I 3, -1 a horse carrying "
                     rf"two\) failed\.\n    {me} lands badly: {_hits(f.events[j + 1])}; he is on "
                     rf"foot at \({e[4]},{e[5]}\) \(M 4\)\.$", f.text, re.M), (f.game, me)
    told = {"still": 0, "passed": 0, "failed": 0}
    for g in range(N_FIGHTS):
        f = fight(g)
        ev = f.events
        want = []
        for e in ev[ev[:, 2] == S.Ev.PASS_OFF]:
            if not _got_down(e):
                continue
            me, him = f.lab[int(e[1])], f.lab[int(e[3])]
            test = ("the horse is still, no test" if not e[7] else
                    f"the horse moved, an I test (I 3, -1 a horse carrying two) "
                    f"{'passed' if e[8] else 'failed'}")
            told["still" if not e[7] else "passed" if e[8] else "failed"] += 1
            want.append((me, him, f"({e[4]},{e[5]})", test))
        got = re.findall(r"^(\w+) gets down from behind (\w+) at \(\d+,\d+\) onto (\(\d+,\d+\))"
                         r": ([^;.]*)[;.]", f.text, re.M)
        assert got == want, g
    assert all(told.values()), told


def test_a_shot_striking_the_passenger():
    """The first shot in fights 0-99 (seed 3) located on a passenger (LOCATE f 1; fight 1's
    B9 at A9 striking A8 when written): 'B9's shot strikes A8, behind A9 (location roll 3: 1-3
    a rider, 4-6 the horse, the horse carrying two; then 5: 1-3 the man in the saddle, 4-6 the
    one behind).'. Every LOCATE of a shot at a horse carrying two in
    fights 0-99 names both dice and whom it struck: the horse, the man in the saddle or the one
    behind."""
    f, j = _first(lambda ev, j: ev[j, 2] == S.Ev.LOCATE and ev[j, 8] == 1)
    e = f.events[j]
    _, behind = _at(f, j)
    p = next(q for q, r in behind.items() if r == int(e[1]))
    me, him, by = f.lab[p], f.lab[int(e[1])], f.lab[int(e[3])]
    assert re.search(rf"^    {by}'s (?:shot|hit) strikes {me}, behind {him} \(location roll "
                     rf"{e[4]}: 1-3 a rider, 4-6 the horse, the horse carrying two; then {e[7]}: "
                     r"1-3 the man in the saddle, 4-6 the one behind\)\.$", f.text, re.M), f.game
    seen = {"horse": 0, "rider": 0, "passenger": 0}
    for g in range(N_FIGHTS):
        f = fight(g)
        got = re.findall(r"^ +(\w+)'s (?:shot|hit) strikes (.*) \(location roll (\d): 1-3 a "
                         r"rider, 4-6 the horse, the horse carrying two(?:; then (\d): 1-3 the man "
                         r"in the saddle, 4-6 the one behind)?\)\.$", f.text, re.M)
        want = []
        ev = f.events
        carry = {}
        for e in ev:
            k, i = int(e[2]), int(e[1])
            if k == S.Ev.DOUBLE and e[4] != 0:
                carry[int(e[3])] = i
            elif k in (S.Ev.PASS_OFF, S.Ev.REINS):
                carry.pop(int(e[3]), None)
            elif k in (S.Ev.TAKEN_OUT, S.Ev.INJURY) and (k == S.Ev.TAKEN_OUT or
                                                          e[4] == S.INJ_OUT):
                for r, p in list(carry.items()):
                    if p == i:
                        del carry[r]
            elif k == S.Ev.LOCATE and i in carry and not e[6] and (e[7] or e[5]):
                p = carry[i]
                who = (f"{f.lab[i]}'s horse, not {f.lab[i]} and {f.lab[p]} on it" if e[5] else
                       f"{f.lab[p]}, behind {f.lab[i]}" if e[8] else f"{f.lab[i]}, in the saddle")
                seen["horse" if e[5] else "passenger" if e[8] else "rider"] += 1
                want.append((f.lab[int(e[3])], who, str(e[4]), str(e[7]) if e[7] else ""))
        assert got == want, g
        for s in range(2):  # (the tidy passenger_hits: the shooter's side)
            assert _times(_closing(f, s), "its shots struck a man riding behind") == \
                int(f.sides[s, S.SIDE_NAMES.index("passenger_hits")]), (g, s)
    assert all(seen.values()), seen


def test_a_passenger_tests_to_stay_on():
    """The first STAY_ON of a passenger in fights 0-99 (seed 3: after a LOCATE that struck
    him): 'A3, behind A1, pinned, tests to stay on the horse: an I test (I 3, -1 a horse
    carrying two) passed: he holds on' (or failed, his fall 'is thrown from behind A1' next)."""
    def passenger_stay(ev, j):
        if ev[j, 2] != S.Ev.STAY_ON:
            return False
        k = j - 1
        while k > 0 and ev[k, 2] != S.Ev.LOCATE:
            k -= 1
        return ev[k, 8] == 1
    f, j = _first(passenger_stay)
    e = f.events[j]
    me = f.lab[int(e[1])]
    k = max(k for k in range(j) if f.events[k, 2] == S.Ev.LOCATE)
    him = f.lab[int(f.events[k, 1])]
    res = "passed: he holds on" if e[3] else "failed"
    assert re.search(rf"^    {me}, behind {him}, (?:pinned|wounded|pinned and wounded|shaken by "
                     rf"the crash), tests to stay on the horse: an I test "
                     rf"\(I \d, -1 a horse carrying two\) {res}\.$", f.text, re.M), (f.game, me)
    if not e[3]:
        assert f.events[j + 1, 2] == S.Ev.PASS_OFF and f.events[j + 2, 2] == S.Ev.FALL
        assert re.search(rf"^    {me} is thrown from behind {him}: \d hits? at S3[^;]*; he lands ",
                         f.text, re.M)


def test_a_passenger_takes_the_reins():
    """The first REINS after a rider's fall and the first after a rider put out of action in
    the saddle in fights 0-99 (seed 3; when written fight 6's A2 taking A3's reins and fight
    21's A2 taking A1's): the fall's line lands the rider beside the horse at the cell REINS
    logs ('... he lands beside the horse at (8,12), ...'), then 'A2 takes the reins from behind
    A3 and rides the horse on alone from (9,13): M 8 from now on; A3 landed at (8,12).', the
    fall's hits told after it; out of action: 'A2 takes the reins from behind A1 and rides the
    horse on alone from (4,14): M 8 from now on; A1, out of action, lying at (4,14).'. Every REINS in fights 0-99 has its line
    (the rider fallen or out of action in the saddle) naming the old rider's cell as logged,
    the new rider riding from then on."""
    for fell in (True, False):
        f, j = _first(lambda ev, j, fell=fell: ev[j, 2] == S.Ev.REINS and
                      (ev[j - 1, 2] == S.Ev.FALL) == fell)
        e = f.events[j]
        pos, _ = _at(f, j)
        me, him, horse = f.lab[int(e[1])], f.lab[int(e[3])], _xy(pos[int(e[3])])
        left = (f"{him} landed at ({e[4]},{e[5]})" if fell else
                f"{him}, out of action, lying at ({e[4]},{e[5]})")
        assert re.search(rf"^    {me} takes the reins from behind {him} and rides the horse on "
                         rf"alone from {re.escape(horse)}[^:]*: M 8 from now on[^;]*; "
                         rf"{re.escape(left)}\.$", f.text, re.M), (f.game, me)
        if fell:
            assert re.search(rf"^    {him} [a-z ]+: {_hits(f.events[j - 1])}; he lands beside the "
                             rf"horse at \({e[4]},{e[5]}\), (?:down|on foot \(M 4\))\.\n    {me} "
                             "takes the reins", f.text, re.M), (f.game, him)
    seen = {"fell": 0, "out": 0}
    for g in range(N_FIGHTS):
        f = fight(g)
        ev = f.events
        want = []
        for j in np.flatnonzero(ev[:, 2] == S.Ev.REINS):
            e = ev[j]
            me, him = f.lab[int(e[1])], f.lab[int(e[3])]
            fell = ev[j - 1, 2] == S.Ev.FALL
            seen["fell" if fell else "out"] += 1
            left = (f"{him} landed at ({e[4]},{e[5]})" if fell else
                    f"{him}, out of action, lying at ({e[4]},{e[5]})")
            want.append((me, him, left))
        got = re.findall(r"^ +(\w+) takes the reins from behind (\w+) and rides the horse on "
                         r"alone from \(\d+,\d+\)[^:]*: M 8 from now on[^;]*; (.*)\.$", f.text, re.M)
        assert got == want, g
        for s in range(2):
            assert _times(_closing(f, s), "took the reins") == \
                int(f.sides[s, S.SIDE_NAMES.index("reins_taken")]), (g, s)
    assert all(seen.values()), seen


def test_a_horse_carrying_two_falls_with_both():
    """The first horse carrying two brought down in fights 0-99 (seed 3; fight 10's B7 and B8
    when written): the rider 'comes down with his horse' (his fall's hits), then the passenger
    (PASS_OFF with the horse's fall, which logs d 0, FALL_HORSE, nothing tested or passed) 'B8
    comes down with B7's horse: 1 hit at S3; he lands on foot at (32,39) (M 4)' (or down), at
    the cell PASS_OFF logs."""
    f, j = _first(lambda ev, j: ev[j, 2] == S.Ev.PASS_OFF and not _got_down(ev[j]) and
                  ev[j, 6] == S.FALL_HORSE)
    e = f.events[j]
    me, him = f.lab[int(e[1])], f.lab[int(e[3])]
    assert f.events[j + 1, 2] == S.Ev.FALL and f.events[j + 1, 4] == S.FALL_HORSE
    assert re.search(rf"^    {him} comes down with his horse: ", f.text, re.M), (f.game, him)
    assert re.search(rf"^    {me} comes down with {him}'s horse: {_hits(f.events[j + 1])}; he "
                     rf"lands (?:on foot )?at \({e[4]},{e[5]}\)", f.text, re.M), (f.game, me)


# ---------------------------------------------------------------- whole fights


@pytest.mark.parametrize("block", range(4))
def test_the_end_map_and_counts_follow_the_passengers(block):
    """In fights 0-99 (seed 3; a quarter a case): the end map puts every fighter not out of
    action where the events leave him, a passenger on his rider's cell, named after him under
    the rider's mark (R or S), a rider drawn so exactly when he rides (a passenger who took the
    reins included); out of action ones are marked x or named under another's mark; the
    closing line's standing, down and out of action are the engine's, and its double-mount
    counts the tidy double_ups, double_fails and passengers_off (its get-downs); its riders'
    dismounts are the tidy dismounts (a passenger's get-down is none)."""
    for g in range(block * N_FIGHTS // 4, (block + 1) * N_FIGHTS // 4):
        f = fight(g)
        pos, state, riding, behind = _model(f.events)
        marks = _end_marks(f.text)
        hidden = re.findall(r"(\w+) at \((\d+),(\d+)\), where (\w+) now stands",
                            f.text.split("Positions at the end")[1])
        for lab, x, y, _ in hidden:
            marks[lab] = ("x", int(x), int(y))
        for i, lab in f.lab.items():
            c, x, y = marks[lab]
            assert (x, y) == pos[i], (g, lab, (x, y), pos[i])
            if state[i] == "out":
                assert c == "x", (g, lab)
            elif i in behind:
                r = behind[i]
                assert c == "RS"[_side(f.events, i)] and marks[f.lab[r]][1:] == (x, y), (g, lab)
                assert re.search(rf"\b{f.lab[r]}/{lab}\b", f.text.split("Positions at the end")[1])
            else:
                want = ("RS" if i in riding and state[i] == "standing" else
                        "AB" if state[i] == "standing" else "ab")[_side(f.events, i)]
                assert c == want, (g, lab, c, want)
        for s in range(2):
            line = _closing(f, s)
            m = re.search(r": (\d+) standing.*?, (\d+) down.*?, (\d+) out of action", line)
            assert tuple(map(int, m.groups())) == tuple(
                int(f.sides[s, c]) for c in (S.S_STANDING, S.S_DOWN, S.S_OOA)), (g, line)
            col = {n: int(f.sides[s, S.SIDE_NAMES.index(n)]) for n in (
                "double_ups", "double_fails", "passengers_off", "dismounts")}
            assert _times(line, "got up behind a friend rider") == col["double_ups"], (g, line)
            fails = re.search(r"\((\d+) climbs? failed, thrown back\)", line)
            assert (int(fails.group(1)) if fails else 0) == col["double_fails"], (g, line)
            assert _times(line, "got down") == col["passengers_off"], (g, line)
            dis = re.search(r"(\d+) dismounted", line)
            assert (int(dis.group(1)) if dis else 0) == col["dismounts"], (g, line)
