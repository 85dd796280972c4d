"""Westamunda narration (``sim/westamunda/narrate.py``): replayed fights told in full. Every
SHOT event gets one shot sentence with its logged score and die; the result sentence and the
closing counts agree with the engine's records (so the narrator's picture of who is standing,
down or out, silent rules included, is the engine's); the maps put the fighters where the DEPLOY
events do and keep to a legend of exactly the symbols they use; jams, reloads, clearing, quick
draws, kickback, knockdown and hand-to-hand are each told once per event; no raw code leaks.

The fights: three fixed line-ups, then for each mechanic the first fight of a short fixed list
that shows it (a few dozen replays of a few milliseconds each once the engine is compiled).
"""

import re
from typing import NamedTuple

import numpy as np
import pytest

from sim.core.tabletop.battlefield import empty
from sim.westamunda import state as S
from sim.westamunda.engine import replay
from sim.westamunda.narrate import legend, narrate
from sim.westamunda.rules import FIGHTERS, WEAPONS, Recruit, WMRules
from strategies.westamunda import PRESETS, table

R = WMRules()
# other guns: percussion and single-shot reloads, S4 hits (knockdown) and, with WEAK's S2 young
# bloods firing S4 springfields, kickback
MIXED = (Recruit("leader", ("revolver_perc", "springfield"), ("revolver_perc", "springfield")),
         Recruit("shootist", ("henry", "small_revolver"), ("henry", "small_revolver")),
         Recruit("ganger", ("hunting_rifle", "pistol"), ("hunting_rifle", "pistol")),
         Recruit("ganger", ("springfield", "revolver"), ("springfield", "revolver")),
         Recruit("ganger", ("sharps_carbine", "small_revolver_perc"),
                 ("sharps_carbine", "small_revolver_perc")),
         Recruit("young_blood", ("springfield",), ("springfield",)),
         Recruit("young_blood", ("pepperbox",), ("pepperbox",)))
WEAK = WMRules(profiles=tuple(row[:3] + (2,) + row[4:] if name == "young_blood" else row
                              for name, row in zip(FIGHTERS, R.profiles, strict=True)))
GUNFIGHTERS = [n for n in ("random", "patient_aimer", "gunslinger_rush", "brawler")
               if n in PRESETS]
BASE = [(1, ("brawler", "random"), False), (2, ("patient_aimer", "gunslinger_rush"), False),
        (1, ("patient_aimer", "brawler"), True)]
CANDIDATES = [(seed, (a, b), mixed) for seed in range(4) for mixed in (False, True)
              for a in GUNFIGHTERS for b in GUNFIGHTERS]


def _ev(events, kind):
    return events[events[:, 2] == kind]


# a mechanic -> does this trace show it?
FEATURES = {
    "jam": lambda ev: (_ev(ev, S.Ev.AMMO)[:, 6] == 0).any(),
    "reload": lambda ev: len(_ev(ev, S.Ev.RELOAD)) > 0,
    "clear": lambda ev: len(_ev(ev, S.Ev.CLEAR)) > 0,
    "melee": lambda ev: len(_ev(ev, S.Ev.MELEE)) > 0,
    "quick_draw": lambda ev: len(_ev(ev, S.Ev.QUICK_DRAW)) > 0,
    "kickback": lambda ev: len(_ev(ev, S.Ev.KICKBACK)) > 0,
    "knockdown": lambda ev: len(_ev(ev, S.Ev.KNOCKDOWN)) > 0,
    "burst": lambda ev: len(_ev(ev, S.Ev.BURST)) > 0,
    "draw": lambda ev: _ev(ev, S.Ev.END)[0, 3] < 0,
    "bottle": lambda ev: _ev(ev, S.Ev.END)[0, 4] == S.END_BOTTLE,
}
MAP_ROW = re.compile(r"^ *(\d+)   (\S+)(?:   (.+))?$")
SHOT_LINE = re.compile(r"needs (\d+)\+ to hit.*?, rolls (\d): (hit|miss)")


class Fight(NamedTuple):
    seed: int
    names: tuple
    rules: WMRules
    games: np.ndarray  # int64[N_GAME_COLS]
    sides: np.ndarray  # int64[2, N_SIDE_COLS]
    events: np.ndarray
    text: str


def _replay(seed, names, mixed):
    rules = WEAK if mixed else R
    kinds, weights = table(list(names))
    batch, events, tb = replay(rules, seed, 0, 0, kinds, weights,
                               rosters=(MIXED, MIXED) if mixed else None)
    return rules, batch, events, tb


@pytest.fixture(scope="module")
def fights():
    """The three fixed fights, then the first candidate showing each mechanic not yet shown."""
    chosen, shown = [], set()

    def take(seed, names, mixed, rules, batch, events, tb):
        text = narrate(events, tb, names, rules)
        chosen.append(Fight(seed, names, rules, batch.games[0], batch.sides[0], events, text))
        shown.update(k for k, has in FEATURES.items() if has(events))

    for case in BASE:
        take(*case, *_replay(*case))
    for case in CANDIDATES:
        if shown >= set(FEATURES):
            break
        played = _replay(*case)
        if any(has(played[2]) for k, has in FEATURES.items() if k not in shown):
            take(*case, *played)
    missing = set(FEATURES) - shown
    assert not missing, f"no candidate fight shows {sorted(missing)}: widen CANDIDATES"
    return chosen


def _with(fights, feature):
    out = [f for f in fights if FEATURES[feature](f.events)]
    assert out, feature
    return out


def _maps(text):
    """Each map as {y: (row chars, [labels])}, in the order they appear."""
    maps, cur = [], None
    for line in text.split("\n"):
        m = MAP_ROW.match(line)
        if m:
            if cur is None:
                cur = {}
                maps.append(cur)
            cur[int(m.group(1))] = (m.group(2), (m.group(3) or "").split())
        else:
            cur = None
    return maps


def _labels(events):
    """Fighter index -> label (side letter, number within the side) from the DEPLOY events."""
    count, out = [0, 0], {}
    for ev in _ev(events, S.Ev.DEPLOY):
        side = int(ev[5])
        count[side] += 1
        out[int(ev[1])] = f"{'AB'[side]}{count[side]}"
    return out


def _marks(m):
    """{label: (symbol, x, y)} of one parsed map."""
    out = {}
    for y, (row, labels) in m.items():
        cells = [(x, c) for x, c in enumerate(row) if c in "ABabx"]
        assert len(cells) == len(labels), (y, row, labels)
        for (x, c), lab in zip(cells, labels, strict=True):
            for one in lab.split("/"):
                out[one] = (c, x, y)
    return out


# ---------------------------------------------------------------- shots and results


def test_every_shot_event_has_one_shot_sentence(fights):
    for f in fights:
        shots = _ev(f.events, S.Ev.SHOT)
        told = SHOT_LINE.findall(f.text)
        assert len(told) == len(shots), (f.seed, f.names)
        low = 2 if f.rules.natural_one_fails else 1
        for (need, die, res), ev in zip(told, shots, strict=True):
            assert int(need) == max(int(ev[5]), low) and int(die) == ev[6], (f.seed, f.names)
            assert res == ("hit" if ev[7] else "miss")


def test_shot_scores_are_explained_and_add_up(fights):
    """Each shot's breakdown (7 - BS; modifiers) sums to the score the engine logged."""
    n = explained = 0
    for f in fights:
        for line in f.text.split("\n"):
            m = re.search(r"needs (\d+)\+ to hit \((\d+) - BS (\d+)(?:; ([^;)]*))?", line)
            if "to hit" in line and "rolls" in line:
                n += 1
            if not m:
                continue
            explained += 1
            mods = sum(int(v) for v in re.findall(r"([+-]\d+) ", m.group(4) or ""))
            need = int(m.group(2)) - int(m.group(3)) - mods
            assert int(m.group(1)) == max(need, 2 if f.rules.natural_one_fails else 1), line
    assert explained >= 0.9 * n, (explained, n)


def test_result_sentence_matches_the_records(fights):
    for f in fights:
        winner, end = int(f.games[S.G_WINNER]), int(f.games[S.G_END])
        m = re.search(r"^Result: (.*?)\. Why: (.*)\.$", f.text, re.M)
        assert m, f.names
        want = ("the fight is a draw" if winner < 0 else
                f"side {'AB'[winner]} ({f.names[winner]}) wins")
        assert m.group(1) == want
        if end == S.END_BOTTLE:
            loser = "AB"[1 - winner]
            assert f"side {loser} failed its bottle test" in m.group(2) or \
                f"side {loser} had no fighter left standing" in m.group(2)
        else:
            assert "turn limit" in m.group(2)
        assert f.text.count("Result:") == 1


def test_closing_counts_match_the_side_records(fights):
    """Standing, down and out of action at the end as the engine tallies them: the narrator
    follows the silent rules (flesh wounds to WS and BS 0, down fighters in hand-to-hand)."""
    for f in fights:
        for s in range(2):
            m = re.search(rf"^Side {'AB'[s]} \({re.escape(f.names[s])}\): (\d+) standing.*?, "
                          r"(\d+) down.*?, (\d+) out of action", f.text, re.M)
            assert m, (f.names, s)
            got = tuple(int(x) for x in m.groups())
            assert got == tuple(int(f.sides[s, c]) for c in (S.S_STANDING, S.S_DOWN, S.S_OOA))


def test_one_turn_header_per_gang_turn(fights):
    for f in fights:
        assert f.text.count("\n== Round ") == len(_ev(f.events, S.Ev.TURN))


def test_pins_at_the_start_of_a_turn_are_the_engines(fights):
    """The fighters the narrator has pinned when a gang's turn starts are exactly those the
    engine gives an escape test (UNPIN): pins, pins lifted without an event at the end of their
    owner's next turn, and recovery's 'up but pinned' are followed correctly."""
    for f in fights:
        labels = _labels(f.events)
        turns = np.flatnonzero(f.events[:, 2] == S.Ev.TURN)
        heads = re.findall(r"^== Round \d+: side ([AB])'s turn .*\n(Side [AB]: .*)$", f.text, re.M)
        assert len(heads) == len(turns)
        for n, (j, (side, status)) in enumerate(zip(turns, heads, strict=True)):
            end = turns[n + 1] if n + 1 < len(turns) else len(f.events)
            block = f.events[j:end]
            if ((block[:, 2] == S.Ev.BOTTLE) & (block[:, 6] == 0)).any():
                continue  # bottled out: no escape tests
            assert status.startswith(f"Side {side}: ")
            m = re.search(r"standing \(([^)]*) pinned\)", status)
            told = set(m.group(1).split(", ")) if m else set()
            tested = {labels[int(e[1])] for e in block if e[2] == S.Ev.UNPIN}
            assert told == tested, (f.seed, f.names, n, told, tested)


# ---------------------------------------------------------------- maps


def test_deployment_map_matches_the_deploy_events(fights):
    for f in fights:
        labels = _labels(f.events)
        maps = _maps(f.text)
        assert len(maps) == 2  # at deployment and at the end
        h, w = f.rules.table_height_in, f.rules.table_width_in
        assert sorted(maps[0]) == list(range(h)) and all(len(r) == w for r, _ in maps[0].values())
        marks = _marks(maps[0])
        assert len(marks) == len(labels)
        for ev in _ev(f.events, S.Ev.DEPLOY):
            lab, x, y, side = labels[int(ev[1])], int(ev[3]), int(ev[4]), int(ev[5])
            assert marks[lab] == ("AB"[side], x, y)
            assert f"  {lab} {FIGHTERS[int(ev[6])].replace('_', ' ')} at ({x},{y})" in f.text


def test_end_map_shows_who_is_down_and_out(fights):
    for f in fights:
        marks = _marks(_maps(f.text)[1])
        assert len(marks) == len(_labels(f.events))
        for s in range(2):
            line = re.search(rf"^Side {'AB'[s]} \({re.escape(f.names[s])}\): (.*)$", f.text,
                             re.M).group(1)
            down = re.search(r"\d+ down(?: \(([^)]*)\))?", line).group(1)
            out = re.search(r"\d+ out of action(?: \(([^)]*)\))?", line).group(1)
            for lab in (down or "").split(", "):
                if lab:
                    assert marks[lab][0] == "ab"[s], lab
            for lab in (out or "").split(", "):
                if lab:
                    assert marks[lab][0] == "x", lab
        n_up = sum(c in "AB" for c, _, _ in marks.values())
        assert n_up == int(f.sides[0, S.S_STANDING] + f.sides[1, S.S_STANDING])


def test_legend_lists_exactly_the_symbols_the_maps_use(fights):
    for f in fights:
        used = {c for m in _maps(f.text) for row, _ in m.values() for c in row}
        block = f.text.split("Map legend:\n", 1)[1].split("\nPositions at deployment:")[0]
        listed = [line[2] for line in block.split("\n")]
        assert len(listed) == len(set(listed)) and set(listed) == used
        assert set(listed) <= set(legend(f.rules))
        assert f.text.count("Map legend:") == 1


# ---------------------------------------------------------------- each mechanic told


def test_jams_are_told(fights):
    for f in _with(fights, "jam"):
        fails = int((_ev(f.events, S.Ev.AMMO)[:, 6] == 0).sum())
        assert len(re.findall(r"Ammo roll for \w+'s [\w ]+: needs \d\+, rolls \d: the [\w ]+ "
                              r"jams", f.text)) == fails
        assert f.text.count("Ammo roll for") == len(_ev(f.events, S.Ev.AMMO))


def test_bursts_reloads_and_clearing_are_told(fights):
    for f in fights:
        bursts = _ev(f.events, S.Ev.BURST)
        assert len(re.findall(r"sustained-fire di(?:e gives|ce give) (\d+) shots?", f.text)) == \
            len(bursts)
        reloads = _ev(f.events, S.Ev.RELOAD)
        told = re.findall(r"reloads the [\w ]+: .*?; (?:D\d+ \d+|one chamber a turn): (.*)\.$",
                          f.text, re.M)
        assert len(told) == len(reloads)
        for ev, res in zip(reloads, told, strict=True):
            put, lost = int(ev[7]), int(ev[8])
            assert (f"{put} round" in res) if ev[5] and put else \
                (f"{lost} round" in res if not ev[5] else "no round goes in" in res)
        assert f.text.count("works on the jammed") == len(_ev(f.events, S.Ev.CLEAR))
    for feature in ("reload", "clear", "burst"):
        _with(fights, feature)


def test_hand_to_hand_quick_draws_kickback_and_knockdown_are_told(fights):
    for f in fights:
        assert f.text.count("combat scores") == len(_ev(f.events, S.Ev.MELEE))
        assert f.text.count("tries to outdraw") == len(_ev(f.events, S.Ev.QUICK_DRAW))
        assert f.text.count("Kickback: ") == len(_ev(f.events, S.Ev.KICKBACK))
        knock = len(re.findall(r"(?:passes|fails) an S test \(S\d\) (?:and|but)", f.text))
        assert knock == len(_ev(f.events, S.Ev.KNOCKDOWN))
        assert f.text.count("Recovery roll for") == len(_ev(f.events, S.Ev.RECOVERY))
        assert f.text.count("Bottle test for") + f.text.count("bottles out without a test") \
            == len(_ev(f.events, S.Ev.BOTTLE))
    for feature in ("melee", "quick_draw", "kickback", "knockdown"):
        _with(fights, feature)


def test_each_rule_is_explained_once_and_no_raw_codes_leak(fights):
    for f in fights:
        rules = [line.strip() for line in f.text.split("\n") if line.strip().startswith("Rule:")]
        assert len(rules) == len(set(rules))
        text = f.text.replace(f.names[0], "").replace(f.names[1], "")  # names as given
        for bad in ("TODO", "Ev.", "Act.", "None", "slot", "fighter -1", "nan", "{", "}", "_"):
            assert bad not in text, bad
        for name in WEAPONS:
            if "_" in name:
                assert name not in f.text


def test_gang_types_are_named_and_bad_input_raises():
    rules, batch, events, tb = _replay(3, ("random", "brawler"), False)
    text = narrate(events, tb, ["random", "brawler"], rules,
                   gang_types=("ranch_hands", "townsfolk"))
    assert "Side A: random's ranch hands gang" in text
    assert "Side B: brawler's townsfolk gang" in text
    with pytest.raises(ValueError, match=r"events: expected int64\[n, 12\]"):
        narrate(np.zeros((3, 5), np.int64), tb, ["a", "b"], rules)


def test_a_down_fighter_caught_in_hand_to_hand_is_taken_out():
    """A trace written by hand: B1 goes down, A1 charges him. The engine logs no event when
    it takes a down fighter in hand-to-hand out of action; the narrator must still say so,
    and B's gang, with no one standing, then bottles out without a test."""
    rev = WEAPONS.index("revolver")
    E, A = S.Ev, S.Act
    rows = [(0, 0, E.DEPLOY, 10, 10, 0, FIGHTERS.index("leader"), rev, -1),
            (0, 1, E.DEPLOY, 10, 13, 1, FIGHTERS.index("ganger"), rev, -1),
            (1, -1, E.TURN, 0), (1, 0, E.ACTION, A.HOLD, -1, 10, 10, 0, 0, 0),
            (1, 0, E.SHOT, 1, rev, 4, 5, 1, 0, 0), (1, 1, E.PINNED, 0),
            (1, 1, E.WOUND, 0, 4, 5, 1), (1, 1, E.INJURY, 3, S.INJ_DOWN),
            (1, -1, E.TURN, 1), (1, 1, E.RECOVERY, 4, S.INJ_DOWN),
            (2, -1, E.TURN, 0), (2, 0, E.ACTION, A.CHARGE, 1, 10, 12, 0, 0, 0),
            (2, 0, E.MOVE, 10, 10, 10, 11, S.MV_CHARGE),
            (2, 0, E.MOVE, 10, 11, 10, 12, S.MV_CHARGE), (2, 0, E.CHARGED, 1),
            (2, -1, E.TURN, 1), (2, -1, E.BOTTLE, 1, 0, -1, 0),
            (2, -1, E.END, 0, S.END_BOTTLE)]
    events = np.zeros((len(rows), 12), np.int64)
    for j, row in enumerate(rows):
        events[j, :len(row)] = row
    text = narrate(events, empty(20, 20), ["x", "y"], R)
    assert "B1, down in hand-to-hand with A1, is out of action." in text
    assert "Side B has no fighter left standing" in text
    assert re.search(r"^Side B \(y\): 0 standing, 0 down, 1 out of action \(B1\)", text, re.M)
    assert "A1 charges B1 from (10,10) to (10,12)." in text
