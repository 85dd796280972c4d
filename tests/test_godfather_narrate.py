"""The narrated Godfather campaign (``sim/godfather/narrate.py``): a replayed campaign's text
has its header, every set, the tally and the Godfather the engine named, and every count it
tells agrees with the trace; hand-built traces give the exact sentences of the notable
events."""

import re

import numpy as np
import pytest

from sim.core.trace import N_EV_COLS
from sim.godfather import city as CI
from sim.godfather import engine as E
from sim.godfather import fire as FI
from sim.godfather import state as S
from sim.godfather.narrate import narrate
from sim.godfather.rules import GFRules
from strategies import godfather as W

Ev = E.Ev
NAMES = ["land_grabber", "war_monger", "racketeer", "hostage_taker"]
RULES = GFRules(players=4)


@pytest.fixture(scope="module")
def campaigns():
    """(seed, batch, events, city, text) for two replayed campaigns."""
    kinds, weights = W.table(NAMES)
    out = []
    for seed in (11, 13):
        batch, events, city = E.replay(RULES, seed, 0, 0, kinds, weights)
        out.append((seed, batch, events, city, narrate(events, city, NAMES, RULES)))
    return out


def _count(events, kind, **cols):
    rows = events[events[:, 2] == kind]
    for name, value in cols.items():
        rows = rows[rows[:, 3 + "abcdefghi".index(name)] == value]
    return len(rows)


def _sum(pattern, text):
    return sum(int(m) for m in re.findall(pattern, text, re.M))


def test_header_and_map(campaigns):
    for _, _, _, city, text in campaigns:
        assert text.startswith("A Godfather campaign of 4 gangs on a 5 x 5 block city")
        for g, name in enumerate(NAMES):
            # replay's key_div is 1: the engine deals city.starts unrotated
            assert f"  gang {g} ({name}): HQ block {city.starts[g]}\n" in text
        assert "Map legend:" in text and CI.LEGEND in text
        lines = text.splitlines()
        i = lines.index("Map legend:") + 2
        rows = lines[i:i + city.height]
        assert all(len(r) <= city.width for r in rows)
        assert sum(r.count("HQ") for r in rows) == 4


def test_every_set_and_turn(campaigns):
    for _, batch, events, _, text in campaigns:
        sets = int(batch.games[0][E.G_SETS])
        for s in range(1, sets + 1):
            assert f"\n== Set {s} ==\n" in text
            assert f"\n Admin phase of set {s} (" in text
            assert f"\n After set {s} (police in play: " in text
        assert f"== Set {sets + 1} ==" not in text
        assert len(re.findall(r"^ Turn \d+ \(campaign turn \d+\)\. Out of the fight: ", text,
                              re.M)) == \
            _count(events, Ev.TURN) == batch.games[0][E.G_TURNS]


def test_winner_and_tally(campaigns):
    for _, batch, events, _, text in campaigns:
        g_out = batch.games[0]
        winner = int(g_out[E.G_WINNER])
        end = text[text.index("== The end =="):]
        if winner >= 0:
            assert f"The Godfather is gang {winner} ({NAMES[winner]}), with a tally of " \
                   f"{batch.players[0][winner][E.P_TALLY]}" in end
            assert f", {g_out[E.G_MARGIN]} ahead of gang " in end or \
                "the only gang with a tally" in end
            assert "Nobody is the Godfather" not in end
        else:
            assert "Nobody is the Godfather: " in end
        for row in events[events[:, 2] == Ev.TALLY]:
            g = int(row[1])
            assert f"  gang {g} ({NAMES[g]}): tally {row[3]} (" in end
        for g in range(4):
            if batch.players[0][g][E.P_OUT_SET] > 0:
                assert f"  gang {g} ({NAMES[g]}): out (eliminated in set " \
                       f"{batch.players[0][g][E.P_OUT_SET]})" in end


def test_sentences_count_the_trace(campaigns):
    for _, batch, events, _, text in campaigns:
        assert text.count(" takes block ") == _count(events, Ev.TAKE)
        assert text.count(": its last defender is down.") == _count(events, Ev.TAKE, b=0)
        assert text.count(": its defenders surrender.") == _count(events, Ev.TAKE, b=1)
        assert text.count(" by claim, ") == _count(events, Ev.TAKE, b=2)
        assert text.count(" enters block ") == _count(events, Ev.ENTER)
        assert text.count("a prominent citizen among them") == _count(events, Ev.ENTER, c=1)
        assert text.count(" routs after a melee") == _count(events, Ev.ROUT)
        assert text.count(" is out in set ") == _count(events, Ev.OUT)
        assert text.count("Police raid gang ") == _count(events, Ev.RAID)
        assert text.count(" hostage.") == _count(events, Ev.HOSTAGE)
        arrests = len(re.findall(r"Element \d+ of gang \d \(\w+\) is arrested", text)) + \
            _sum(r"(\d+) elements of gang \d \(\w+\) are arrested", text)
        assert arrests == _count(events, Ev.ARREST) == batch.games[0][E.G_ARRESTS]
        assert _sum(r"(\d+) arrested[,.;]", text) == _count(events, Ev.ARREST)


def test_activation_lines_count_the_trace(campaigns):
    """Every activation is told (in its gang's line; per leader, on its own line or in the
    turn's idle list); the moves, volleys and melees told add up to the trace's."""
    for _, _, events, city, text in campaigns:
        leaders = narrate(events, city, NAMES, RULES, per_leader=True)
        assert len(re.findall(r"\bcard \d+ leader \d+ \(\d+ AP, ", text)) == \
            len(re.findall(r"\bcard \d+:? gang \d \(", leaders)) == _count(events, Ev.ACTIVATE)
        shots = events[events[:, 2] == Ev.SHOT]
        for told in (text, leaders):
            assert _sum(r"(\d+) moves?[;.]", told) == _count(events, Ev.MOVE)
            assert _sum(r"(\d+) volleys?[ :]", told) == _count(events, Ev.SHOT)
            assert _sum(r"(\d+) (?:police )?melees? \(", told) == _count(events, Ev.MELEE)
            for outcome, word in ((FI.MISSED, "missed"), (FI.SUPPRESSED, "suppressed")):
                assert _sum(rf"(\d+) {word}", told) == int(np.sum(shots[:, 7] == outcome))
            assert _sum(r"(\d+) at gang \d", told) == int(np.sum(shots[:, 5] == 0))


def _tables(text):
    """{set: {gang: [P, Pk, H, G, leaders, cash, blocks, bus, jailed]}} from the text."""
    out = {}
    for m in re.finditer(r"^ After set (\d+) \(.*\):\n(?:  gang .*\n)((?:  \d .*\n?)+)", text,
                         re.M):
        rows = {}
        for line in m.group(2).splitlines():
            parts = line.split()
            if parts[2] != "out":
                rows[int(parts[0])] = [int(x) for x in parts[2:]]
        out[int(m.group(1))] = rows
    return out


def test_summary_tables_and_block_maps(campaigns):
    """The per-set table is the SUMMARY rows; the block map shown last holds as many blocks
    and businesses per gang as the table says (who holds what is followed from the events)."""
    for _, batch, events, _, text in campaigns:
        tables = _tables(text)
        assert sorted(tables) == list(range(1, int(batch.games[0][E.G_SETS]) + 1))
        for row in events[events[:, 2] == Ev.SUMMARY]:
            assert tables[int(row[0])][int(row[1])] == [int(x) for x in row[3:12]]
        grids = [(m.start(), m.group(1)) for m in re.finditer(
            r"^ ?Blocks (?:at the start|after set \d+) .*:\n((?:.*\d+:.*\n?)+)", text, re.M)]
        for s in sorted(tables):
            nxt = text.find(f"\n== Set {s + 1} ==")
            stop = nxt if nxt >= 0 else text.index("== The end ==")
            grid = [g for at, g in grids if at < stop][-1]
            held = {g: 0 for g in range(4)}
            bus = {g: 0 for g in range(4)}
            for _, who, mark in re.findall(r"(\d+):([.\d])([*$]*)", grid):
                if who != ".":
                    held[int(who)] += 1
                    bus[int(who)] += "$" in mark
            for g, row in tables[s].items():
                assert (held[g], bus[g]) == (row[6], row[7]), (s, g)


def test_deserters_per_set(campaigns):
    """The engine's ADMIN d is the running total: the per-set deserters told add up to the
    gang's P_DESERTED (a gang still in at the end)."""
    for _, batch, _, _, text in campaigns:
        for g in range(4):
            if batch.players[0][g][E.P_OUT_SET] > 0:
                continue
            told = _sum(rf"^  gang {g} \({NAMES[g]}\): .*?; (\d+) deserted;", text)
            assert told == batch.players[0][g][E.P_DESERTED]


def test_names_neutral_and_deterministic(campaigns):
    seed, _, events, city, text = campaigns[0]
    for g, name in re.findall(r"[Gg]ang (\d) \((\w+)\)", text):
        assert NAMES[int(g)] == name
    assert narrate(events.copy(), city, NAMES, RULES) == text
    assert len(text.splitlines()) < 900


# ---------------------------------------------------------------- hand-built traces


def _trace(rows):
    ev = np.zeros((len(rows), N_EV_COLS), dtype=np.int64)
    for k, r in enumerate(rows):
        ev[k, :len(r)] = r
    return ev


@pytest.fixture(scope="module")
def city():
    return CI.generate(RULES, E.city_seed(11, 0, 0))


def _lines(text):
    return [ln.strip() for ln in text.splitlines()]


def test_hand_built_sentences(city):
    m = RULES.max_elements
    ml = S.max_leaders(RULES)
    hq = [int(b) for b in city.starts]
    b1, b2, b3 = [b for b in range(city.blocks) if b not in hq][:3]
    x0, y0 = (int(v) for v in city.origin[hq[0]])
    rows = [
        (1, -1, Ev.SET, 1),
        (1, -1, Ev.TURN, 1, 1),
        (1, 0, Ev.ACTIVATE, 0, 7, b1, 0),
        (1, 0, Ev.MOVE, 0, x0, y0, x0 + 1, y0),
        (1, 0, Ev.ENTER, b1, 3, 1),
        (1, 0, Ev.TAKE, b1, 0, -1),
        (1, 1, Ev.ACTIVATE, ml, 11, hq[3], 1),
        (1, 1, Ev.MOVE, m, 0, 0, 1, 1),
        (1, 1, Ev.MOVE, m + 1, 0, 0, 1, 1),
        (1, 1, Ev.SHOT, 0, m, 0, 3 * m, FI.KILLED, 3, 0),
        (1, 1, Ev.SHOT, 0, m + 1, 1, 4, FI.MISSED, -1, S.MILITIA),
        (1, 1, Ev.MELEE, 0, m, 1, 0, 3 * m + 1, 0, 0, 1),
        (1, 1, Ev.ENTER, b2, 1, 0),
        (1, 1, Ev.TAKE, b2, 1, -1),
        (1, 2, Ev.ACTIVATE, 2 * ml, 5, -1, 2),
        (1, 3, Ev.ACTIVATE, 3 * ml, 9, b3, 3),
        (1, 3, Ev.ENTER, b3, 0, 0),
        (1, 3, Ev.HOSTAGE, b3),
        (1, -1, Ev.SHOT, 1, 2, 0, 2 * m, FI.WOUNDED_OUT, 2, S.POLICE),
        (1, 2, Ev.ARREST, 2 * m + 3),
        (1, 2, Ev.MELEE, 1, 2, 1, 0, 2 * m + 3, 0, 0, 1),
        (1, 3, Ev.RANSOM, 600, 2),
        (1, 3, Ev.RANSOM, -1, 3),
        (1, 1, Ev.TAKE, b1, 2, 0),
        (1, 0, Ev.RAID, 0, hq[0], 5, 2),
        (1, 2, Ev.OUT, 1, 0),
        (1, 0, Ev.ADMIN, 400, 0, 1100, 2, 3, 1, 900),
        (1, 0, Ev.SUMMARY, 5, 6, 0, 0, 2, 900, 1, 0, 0),
        (1, 1, Ev.SUMMARY, 3, 6, 0, 0, 1, 900, 3, 0, 0),
        (1, 3, Ev.SUMMARY, 3, 3, 0, 0, 1, 720, 1, 0, 0),
        (1, -1, Ev.POLICE, 7, 1),
        (1, 0, Ev.TALLY, 40, 11, 1, 900),
        (1, 1, Ev.TALLY, 40, 9, 3, 900),
        (1, 3, Ev.TALLY, 30, 6, 1, 720),
        (1, -1, Ev.END, -1, E.END_TALLY, 0),
    ]
    events = _trace(rows)
    text = narrate(events, city, NAMES, RULES)
    lines = _lines(text)
    gang1 = (f"heads for gang 3's block {hq[3]}): 2 moves; 2 volleys: 1 killed, 1 missed (1 at "
             "gang 3, 1 at militia); 1 melee (1 won; 1 enemy down, 0 of its own).")
    for want in (
        "Turn 1 (campaign turn 1). Out of the fight: gang 2: 1 wounded, 1 arrested; gang 3: "
        "1 killed, 1 down in melee.",
        f"gang 0 (land_grabber), card 1 leader 0 (7 AP, heads for block {b1}): 1 move.",
        f"Gang 0 (land_grabber) enters block {b1}: 3 defenders turn out, a prominent citizen "
        "among them.",
        f"Gang 0 (land_grabber) takes block {b1}: its last defender is down.",
        "gang 1 (war_monger), card 2 leader 0 (11 AP, " + gang1,
        f"Gang 1 (war_monger) enters block {b2}: 1 defender turns out.",
        f"Gang 1 (war_monger) takes block {b2}: its defenders surrender.",
        "gang 2 (racketeer), card 3 leader 0 (5 AP, no target block, idle): no action.",
        f"Gang 3 (hostage_taker) enters block {b3}: nobody turns out to defend it.",
        f"Gang 3 (hostage_taker) takes the prominent citizen of block {b3} hostage.",
        "umpire: 1 volley (police 1): 1 wounded (1 at gang 2); 1 police melee (police 1 won; "
        "1 gang elements down, 0 police down).",
        "Element 3 of gang 2 (racketeer) is arrested and jailed, beaten in melee by the police.",
        "Gang 3 (hostage_taker)'s hostage is ransomed for 600 cr after 2 turns held.",
        "Gang 3 (hostage_taker)'s hostage goes free after 3 turns held: no ransom is paid.",
        f"Gang 1 (war_monger) takes block {b1} from gang 0 (land_grabber) by claim, its "
        "elements alone stand there at the admin phase.",
        f"Police raid gang 0 (land_grabber) in block {hq[0]}: 5 police raised there, 2 more "
        "moved in.",
        "Gang 2 (racketeer) is out in set 1: it has no members left. Its blocks fall free.",
        "gang 0 (land_grabber): income 400 cr; 1100 cr after pay; 2 deserted; 3 recruits; "
        "1 new leader; ends with 900 cr.",
        "After set 1 (police in play: 7, the APC on the streets):",
        "The campaign ends after set 1: the set limit was reached, so the tally decides.",
        "Nobody is the Godfather: gang 0 and gang 1 tie at the top with a tally of 40.",
    ):
        assert want in lines, want
    assert re.search(r"^  2 racketeer +out in set 1$", text, re.M)
    # who holds what after the set: b1 went to gang 1 by claim, gang 2's HQ fell free
    grid = text[text.index("Blocks after set 1"):text.index("== The end ==")]
    assert re.search(rf"\b{b1}:1\b", grid) and re.search(rf"\b{b2}:1\b", grid)
    assert re.search(rf"\b{hq[2]}:\.", grid) and re.search(rf"\b{hq[0]}:0\*", grid)
    # one line per activation, the idle one listed at the turn's end
    lines = _lines(narrate(events, city, NAMES, RULES, per_leader=True))
    assert "card 2: gang 1 (war_monger) leader 0, 11 AP, " + gang1.replace("):", ":", 1) \
        in lines
    assert "Idle (nothing in sight to shoot, no move made): card 3 gang 2 (racketeer) " \
           "leader 0." in lines


def test_hand_built_endings(city):
    base = [(1, -1, Ev.SET, 1), (1, -1, Ev.TURN, 1, 1)]
    text = narrate(_trace(base + [(1, 0, Ev.OUT, 1, 1), (1, 1, Ev.OUT, 1, 2),
                                  (1, 2, Ev.OUT, 1, 1), (1, 3, Ev.OUT, 1, 0),
                                  (1, -1, Ev.POLICE, 0, 0),
                                  (1, -1, Ev.END, -1, E.END_ALL_OUT, 0)]), city, NAMES, RULES)
    lines = _lines(text)
    assert "Gang 0 (land_grabber) is out in set 1: it has no element on the map and no base " \
           "to come back to. Its blocks fall free." in lines
    assert "Gang 1 (war_monger) is out in set 1: it could not pay its members. Its blocks " \
           "fall free." in lines
    assert "The campaign ends after set 1: every gang was out at once." in lines
    assert "Nobody is the Godfather: every gang is out." in lines
    assert "gang 3 (hostage_taker): out (eliminated in set 1)" in lines

    text = narrate(_trace(base + [(1, 0, Ev.OUT, 1, 0), (1, 1, Ev.OUT, 1, 0),
                                  (1, 2, Ev.OUT, 1, 0),
                                  (1, 3, Ev.SUMMARY, 6, 0, 0, 0, 1, 500, 1, 0, 0),
                                  (1, -1, Ev.POLICE, 0, 0),
                                  (1, 3, Ev.TALLY, 25, 6, 1, 500),
                                  (1, 3, Ev.END, 3, E.END_LAST_STANDING, 25)]),
                   city, NAMES, RULES)
    lines = _lines(text)
    assert "The campaign ends after set 1: only one gang was left." in lines
    assert "The Godfather is gang 3 (hostage_taker), with a tally of 25, the only gang with a " \
           "tally." in lines


def test_hq_from_the_first_moves():
    """With key_div > 1 the engine deals the starting blocks rotated: the HQs told follow
    the gangs' first moves, not city.starts unrotated."""
    kinds, weights = W.table(NAMES)
    _, events, city = E.replay(RULES, 11, 0, 1, kinds, weights, key_div=4)
    text = narrate(events, city, NAMES, RULES)
    for g, name in enumerate(NAMES):
        assert f"  gang {g} ({name}): HQ block {city.starts[(g + 1) % 4]}\n" in text
