"""Narrated games a designer reads: Rifle & Gun maps label their axes and keep to a legend in
which no symbol has two meanings, every team that does not act in a turn is told why, rolls are
told in plain words, and a game says why it ended (a draw included); an O.G. gang never "takes
no action" and then acts in the same turn."""

import re

import numpy as np
import pytest

from sim.core import trace as TR
from sim.core.tabletop.battlefield import BLOCKING, NONBLOCKING, Table, empty, place
from sim.og import api as OA
from sim.og.rules import OGRules
from sim.rifle_gun import api as RA
from sim.rifle_gun import engine as RE
from sim.rifle_gun import narrate as RN
from sim.rifle_gun import state as RS
from sim.rifle_gun.rules import RGRules

RG_LINEUPS = [("fire_manoeuvre", "overwatch_line"), ("overwatch_line", "assault"),
              ("random", "marksman_led"), ("assault", "fire_manoeuvre"),
              ("marksman_led", "random")]
# (seed, line-up, rules): five line-ups at three seeds, the golden draw and a dense objective
RG_CASES = ([(seed, pool, RGRules()) for seed in (1, 2, 3) for pool in RG_LINEUPS]
            + [(3, RG_LINEUPS[0], RGRules(marksman_b=True)),
               (4, ("fire_manoeuvre", "assault"), RGRules(density="dense", teams_a=3,
                                                          teams_b=3)),
               (1, ("assault", "overwatch_line"), RGRules(scenario="objective"))])
MAP_ROW = re.compile(r"^ *(\d+)   (\S+)$")


@pytest.fixture(scope="module")
def rg_games():
    """Each case played with its trace: (text, events, table, games row, sides rows)."""
    out = []
    for seed, pool, rules in RG_CASES:
        kinds, weights = RA.strategy_arrays(list(pool), np.arange(2)[None, :])
        batch, events, tb = RE.replay(rules, seed, 0, 0, kinds[0], weights[0])
        table = Table(*tb)
        text = RN.narrate(events, table, list(pool), batch.games[0], batch.sides[0])
        out.append((text, events, table, batch.games[0], batch.sides[0]))
    return out


def _legend(text: str) -> dict[str, str]:
    lines = text.splitlines()
    assert lines.count("Map legend:") == 1
    items = []
    for ln in lines[lines.index("Map legend:") + 1:]:
        m = re.match(r"^  (\S+)  (\S.*)$", ln)
        if not m:
            break
        items.append(m.groups())
    symbols = [s for s, _ in items]
    meanings = [m for _, m in items]
    assert len(set(symbols)) == len(symbols), f"a symbol listed twice: {symbols}"
    assert len(set(meanings)) == len(meanings), f"a meaning listed twice: {meanings}"
    assert all(len(s) == 1 for s in symbols)
    return dict(zip(symbols, meanings, strict=True))


def _maps(text: str):
    """Every map in the text: (rows as strings, the 'Teams: ...' line after it)."""
    lines = text.splitlines()
    out = []
    for i, ln in enumerate(lines):
        if ln.startswith("    x 0"):
            assert lines[i + 1].startswith("  y   0123456789"), "the y axis is labelled"
            rows = []
            k = i + 2
            while k < len(lines) and MAP_ROW.match(lines[k]):
                y, row = MAP_ROW.match(lines[k]).groups()
                assert int(y) == len(rows), "rows are labelled with their y"
                rows.append(row)
                k += 1
            out.append((rows, lines[k]))
    return out


def _roster(line: str) -> dict[str, tuple[int, int]]:
    assert line.startswith("Teams: ")
    return {lab: (int(x), int(y)) for lab, x, y in re.findall(r"([AB]\d+) at \((\d+),(\d+)\)",
                                                              line)}


def test_maps_have_axes_and_a_legend_where_no_symbol_means_two_things(rg_games):
    for text, _, table, _, _ in rg_games:
        legend = _legend(text)
        by_meaning = {m.split(" (")[0].split(":")[0]: s for s, m in legend.items()}
        want_terrain = {"open ground", "wall", "building", "low cover", "a side A team",
                        "a side B team"}
        assert set(by_meaning) == want_terrain, legend
        assert text.count("Positions are (x, y) in inches") == 1
        maps = _maps(text)
        assert len(maps) >= 2  # one per turn and the final positions
        for rows, roster_line in maps:
            assert len(rows) == table.height and {len(r) for r in rows} == {table.width}
            teams = _roster(roster_line)
            for y, row in enumerate(rows):
                for x, ch in enumerate(row):
                    assert ch in legend, f"{ch!r} at ({x},{y}) is not in the legend"
                    here = [lab for lab, p in teams.items() if p == (x, y)]
                    if here:
                        (lab,) = here
                        assert ch == by_meaning[f"a side {lab[0]} team"], (x, y, ch, lab)
                        continue
                    if table.building[y, x] >= 0:
                        kind = "building"
                    elif table.terrain[y, x] == BLOCKING:
                        kind = "wall"
                    elif table.terrain[y, x] == NONBLOCKING:
                        kind = "low cover"
                    else:
                        kind = "open ground"
                    assert ch == by_meaning[kind], f"({x},{y}) is {kind}, drawn {ch!r}"


def _turns(text: str) -> dict[int, list[str]]:
    out, turn = {}, 0
    for ln in text.splitlines():
        m = re.match(r"^== Turn (\d+) ==$", ln)
        if m:
            turn = int(m.group(1))
        elif ln.startswith("Final positions"):
            turn = -1
        out.setdefault(turn, []).append(ln)
    return out


def test_every_team_that_does_not_act_is_told_why(rg_games):
    told = 0
    for text, events, _, _, _ in rg_games:
        turns = _turns(text)
        for turn, lines in turns.items():
            if turn <= 0:
                continue
            at_start = set(_roster(next(ln for ln in lines if ln.startswith("Teams: "))))
            acted = {int(ev[1]) for ev in events
                     if int(ev[0]) == turn and int(ev[2]) == RS.Ev.ACTION}
            idle = {lab for lab in at_start if int(lab[1:]) not in acted}
            said = [ln for ln in lines if ln.startswith("Did not act this turn: ")]
            if not idle:
                assert not said, (turn, said)
                continue
            (line,) = said
            reasons = dict(re.findall(r"([AB]\d+) \(([^)]*)\)", line))
            assert set(reasons) == idle, (turn, line)
            assert "records no reason" not in line, line
            told += len(idle)
    assert told > 20  # the games do have idle teams: overwatch, reactions, pins


def test_rolls_and_casualties_are_told_in_plain_words(rg_games):
    for text, events, _, _, _ in rg_games:
        for jargon in ("killed-dice", "injury-dice", "after the action", "potential hits"):
            assert jargon not in text
        assert not re.search(r"rolls \d+ vs \d+", text)
        rolls = [(int(ev[4]), int(ev[5])) for ev in events
                 if int(ev[2]) == RS.Ev.REACTION and int(ev[8]) == 0]
        told = re.findall(r"reaction roll (\d+) against (\d+): ([^.]*)", text)
        assert [(int(a), int(b)) for a, b, _ in told] == rolls
        for a, b, rest in told:
            if a == b:
                assert rest.startswith("the tie goes to the"), rest


def test_every_game_says_why_it_ended(rg_games):
    ends = set()
    for text, _, _, games_out, sides_out in rg_games:
        (line,) = [ln for ln in text.splitlines() if ln.startswith("Game over after turn ")]
        winner, end = int(games_out[RS.G_WINNER]), int(games_out[RS.G_END])
        assert f"turn {games_out[RS.G_TURNS]}:" in line and " Why: " in line
        if winner < 0:
            assert ": a draw. Why: " in line
        else:
            assert f"side {'AB'[winner]} (" in line and " wins. Why: " in line
        why = line.split(" Why: ")[1]
        if end == RS.END_LIMIT:
            assert why.startswith("the turn limit was reached with neither side broken")
        elif end == RS.END_BREAK and winner < 0:
            assert why.startswith("both sides broke")
        elif end == RS.END_BREAK:
            lost = sides_out[1 - winner][RS.S_START] - sides_out[1 - winner][RS.S_ALIVE]
            assert why.startswith(f"side {'AB'[1 - winner]} broke: it lost {lost} of")
        else:
            assert why.startswith("the turn limit was reached and the objective decides")
        ends.add((end, winner < 0))
    assert (RS.END_LIMIT, True) in ends  # a draw at the turn limit is among the games
    assert (RS.END_BREAK, False) in ends and RS.END_OBJECTIVE in {e for e, _ in ends}


def _event(turn, team, kind, *payload):
    row = np.zeros(TR.N_EV_COLS, dtype=np.int64)
    row[:3] = turn, team, kind
    row[3:3 + len(payload)] = payload
    return row


def test_a_merge_a_pin_and_an_idle_overwatch_read_right():
    """A hand-made trace: turn 1, B2 on overwatch pins A1 as it moves; A0 holds; turn 2, A0
    absorbs A1 before the initiative; a draw at the turn limit."""
    table = empty(12, 12)
    place(table, 2, 5, 4, 6, BLOCKING, building=True)
    ev = RS.Ev
    rows = [_event(0, 0, ev.DEPLOY, 1, 0, 0, 8, 4), _event(0, 1, ev.DEPLOY, 3, 0, 0, 8, 4),
            _event(0, 2, ev.DEPLOY, 6, 11, 1, 8, 4),
            _event(1, -1, ev.INITIATIVE, 1, 8, 4),
            _event(1, 2, ev.OVERWATCH),
            _event(1, 0, ev.ACTION, RS.Action.HOLD, -1, 1, 0, 0),
            _event(1, 1, ev.ACTION, RS.Action.CAUTIOUS, -1, 3, 4, 0),
            _event(1, 1, ev.MOVE, 3, 0, 3, 2, RS.MODE_CAUTIOUS),
            _event(1, 2, ev.SHOT, 1, RS.SUPPRESSIVE, 5, 0, 2),
            _event(1, 1, ev.PINNED, 2),
            _event(1, 1, ev.RETREAT, 3, 2, 3, 1),
            _event(2, 0, ev.MERGE, 1),
            _event(2, -1, ev.INITIATIVE, 1, 8, 4),
            _event(2, 2, ev.OVERWATCH),
            _event(2, 0, ev.ACTION, RS.Action.HOLD, -1, 1, 0, 0),
            _event(2, -1, ev.END, -1, RS.END_LIMIT)]
    games_out = np.zeros(RS.N_GAME_COLS, dtype=np.int64)
    games_out[[RS.G_WINNER, RS.G_TURNS, RS.G_END]] = -1, 2, RS.END_LIMIT
    sides_out = np.zeros((2, RS.N_SIDE_COLS), dtype=np.int64)
    sides_out[:, RS.S_START] = sides_out[:, RS.S_ALIVE] = (8, 4)
    text = RN.narrate(np.array(rows), table, ["x", "y"], games_out, sides_out)
    turns = _turns(text)
    assert "A0 holds its position at (1,0): no enemy team is in its sight." in turns[1]
    assert any(ln.startswith("B2, on overwatch, opens fire at A1 with suppressive fire")
               for ln in turns[1])
    assert "Did not act this turn: B2 (on overwatch, fired at A1)." in turns[1]
    assert turns[2][1].startswith("A0 absorbs the survivors of A1")  # after the header
    assert _roster(next(ln for ln in turns[2] if ln.startswith("Teams: "))) == \
        {"A0": (1, 0), "B2": (6, 11)}
    assert "A0 at (1,0), 8 soldiers" in text
    assert ("Did not act this turn: B2 (on overwatch; no enemy moved or fired in its sight "
            "while it could fire).") in turns[2]
    assert "a draw. Why: the turn limit was reached with neither side broken" in text


# ---------------------------------------------------------------- O.G.

OG_POOL = ["random", "expander", "hunter", "builder", "harasser", "balanced"]
ACTS = re.compile(r"recruits|upgrades|drive-by|takes free block|attacks")


def _og_turns(text: str):
    """(gang, lines of its turn), a turn from its income line to the next."""
    turn = None
    for ln in text.splitlines():
        m = re.match(r"^Gang (\d+) \([^)]*\): income", ln)
        if m or ln.startswith("== Round") or ln.startswith("Final board"):
            if turn:
                yield turn
            turn = (int(m.group(1)), []) if m else None
        elif turn:
            turn[1].append(ln)
    if turn:
        yield turn


@pytest.mark.parametrize("players", [2, 3, 4])
def test_og_no_gang_takes_no_action_and_then_acts(players):
    passes = expands = 0
    for seed in range(1, 7):
        # mixed tables at odd seeds, all-random tables (the most passes) at even ones
        pool = OG_POOL[:players] if seed % 2 else ["random"]
        lineup = np.arange(players) if seed % 2 else np.zeros(players, dtype=np.int64)
        _, text = OA.replay_game(OGRules(players=players, props_spending=seed > 3), seed, 0, 0,
                                 pool, lineup)
        for gang, lines in _og_turns(text):
            mine = [ln for ln in lines if ln.startswith(f"Gang {gang} (")]
            for i, ln in enumerate(mine):
                if "takes no action" in ln:
                    passes += 1
                    later = [x for x in mine[i + 1:] if ACTS.search(x)]
                    assert not later, f"seed {seed}: {ln!r} then {later[0]!r}"
                if ln.endswith("but expands:"):
                    expands += 1
                    assert any(re.search("takes free block|attacks", x) for x in mine[i + 1:])
    assert passes and expands  # both kinds of turn are exercised
