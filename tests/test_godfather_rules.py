"""Godfather rule parameters and exact odds: hand-computed values and brute-force enumeration."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction as F
from pathlib import Path

import pytest

from sim.core.params import ConfigError, build, describe
from sim.godfather import odds
from sim.godfather.odds import Fighter
from sim.godfather.rules import GRADES, VERSION, WEAPONS, GFRules

ROOT = Path(__file__).resolve().parents[1]
R = GFRules()


# ---- turn sets -----------------------------------------------------------------------------------

def test_turnset_example_reading_exact():
    # ends after turn t with chance t/6 (a D6 >= 7 - t); survive = product of (1 - t/6)
    pmf = odds.turnset_pmf("example")
    assert pmf == {1: F(1, 6), 2: F(5, 18), 3: F(5, 18), 4: F(5, 27), 5: F(25, 324),
                   6: F(5, 324)}
    assert sum(pmf.values()) == 1
    assert odds.mean(pmf) == F(899, 324)


def test_turnset_literal_reading_exact():
    # a D6 is always >= 1, so every set ends after its first turn
    pmf = odds.turnset_pmf("literal")
    assert pmf == {1: F(1)}
    assert sum(pmf.values()) == 1 and odds.mean(pmf) == 1


def test_turnset_cap_and_bad_reading():
    pmf = odds.turnset_pmf("example", max_turns=3)
    assert pmf == {1: F(1, 6), 2: F(5, 18), 3: F(5, 9)} and sum(pmf.values()) == 1
    with pytest.raises(ValueError, match="example, literal"):
        odds.turnset_pmf("typo")


def test_turnset_need_follows_reading():
    assert [R.turnset_need(t) for t in range(1, 7)] == [6, 5, 4, 3, 2, 1]
    lit = GFRules(turnset_reading="literal")
    assert [lit.turnset_need(t) for t in range(1, 7)] == [1, 2, 3, 4, 5, 6]


def test_raid_wait_and_hostage_exact():
    # raids: a 6 at the first set of dicing, a 5 the second ... the example ladder again
    assert odds.raid_wait_pmf(R) == odds.turnset_pmf("example")
    h = odds.hostage_odds(R)
    assert h["ends_in_turn"] == {1: F(1, 6), 2: F(5, 18), 3: F(5, 18)}
    assert h["p_no_ransom"] == F(5, 18)
    # E[max(0, 1000 f - 500 t)] over f = 1..6: t=1 3000, t=2 2500, t=3 12500/6
    assert h["expected_ransom"] == F(1, 6) * 3000 + F(5, 18) * 2500 + F(5, 18) * F(12500, 6)


def test_business_set_mean():
    b = odds.business_set_odds(R)
    # 2D6 x 100 = 700 on average; 1-1 (200) and 2-2 (400) pay nothing, 6-6 pays 2400 not 1200
    assert b["mean"] == 700 + F(-200 - 400 + 1200, 36) == F(2150, 3)
    assert sum(b["income"].values()) == 1 and b["effects"]["closed"] == F(1, 36)


# ---- shooting -----------------------------------------------------------------------------------

def test_shot_punk_ltar_in_the_open():
    # hit on 5+ (1/3); strike 0 + D6 > 5 only on a 6 (1/6)
    s = odds.shot_odds(R, "punk", "ltar", 5)
    assert (s["p_hit"], s["p_eliminate"], s["p_suppress"]) == (F(1, 3), F(1, 18), F(5, 18))
    assert s["shots"] == 1 and s["eliminations"] == {0: F(17, 18), 1: F(1, 18)}


def test_shot_gangster_hmg_light_building():
    # hit on 3+ (2/3); strike 3 + D6 > 7 on 5 or 6 (1/3): eliminate 2/9, suppress 4/9; 3 shots
    s = odds.shot_odds(R, "gangster", "hmg", 7)
    assert (s["p_hit"], s["p_eliminate"], s["p_suppress"]) == (F(2, 3), F(2, 9), F(4, 9))
    assert s["eliminations"] == {0: F(343, 729), 1: F(294, 729), 2: F(84, 729), 3: F(8, 729)}
    assert s["outcomes"][(0, 3)] == F(4, 9) ** 3
    assert s["outcomes"][(1, 1)] == 6 * F(2, 9) * F(4, 9) * F(1, 3)
    assert sum(s["outcomes"].values()) == 1
    # a target with 2 suppressions already is out after 2 more, or any elimination
    out = odds.shot_odds(R, "gangster", "hmg", 7, prior_suppressions=2)["p_target_out"]
    assert out == 1 - F(343, 729) + 3 * F(4, 9) ** 2 * F(1, 3) + F(4, 9) ** 3


def test_shot_heavy_building_and_vehicles():
    # strike 0 can never beat defence 8: every hit only suppresses
    s = odds.shot_odds(R, "prospect", "smg", 8)
    assert (s["p_eliminate"], s["p_suppress"], s["shots"]) == (0, F(1, 6), 3)
    assert s["eliminations"] == {0: F(1)}
    # an RPG (strike 6 against vehicles) always damages a vehicle of defence 6 when it hits
    v = odds.shot_odds(R, "hood", "rpg", 6, target="vehicle")
    assert (v["p_hit"], v["p_eliminate"], v["p_suppress"]) == (F(1, 2), F(1, 2), 0)
    # a suppressed punk needs a 6
    assert odds.shot_odds(R, "punk", "htar", 6, suppressed=True)["p_eliminate"] == F(1, 6) * F(1, 6)


def test_defence_table_combinations():
    assert [R.foot_defence(c) for c in range(4)] == [5, 6, 7, 8]
    assert R.foot_defence(0, 1) == 6 and R.foot_defence(1, 1) == 6 and R.foot_defence(0, 2) == 7
    add = GFRules(armour_combine="add")
    assert add.foot_defence(1, 1) == 7 and add.foot_defence(3, 2) == 8


# ---- melee: brute force -----------------------------------------------------------------------

_KILL_COUNTS: dict[tuple[int, int], Counter] = {}


def _kills(h: int, factor: int) -> Counter:
    """Every face of h kill dice, counted by kills (a die >= factor)."""
    key = (h, factor)
    if key not in _KILL_COUNTS:
        _KILL_COUNTS[key] = Counter(sum(f >= factor for f in faces)
                                    for faces in itertools.product(range(1, 7), repeat=h))
    return _KILL_COUNTS[key]


def _brute_melee(rules, attackers, defenders, a_armour, d_armour):
    """Roll every die of both sides (one per element, plus building dice), then every kill die."""
    weapon = {"none": 0, "cc": rules.melee_cc_bonus, "taser": rules.melee_taser_bonus,
              "taser_elite": rules.melee_taser_elite_bonus}

    def parts(side):
        fixed, dice = 0, 0
        for f in side:
            g = GRADES.index(f.grade)
            fixed += (rules.melee_grade_bonus[g] + weapon[f.weapon]
                      + rules.leader_melee_bonus * f.leader
                      - rules.suppressed_melee_penalty * f.suppressed)
            dice += 1 + (rules.melee_building_dice[g] if f.in_building else 0)
        return fixed, dice

    (af, an), (df, dn) = parts(attackers), parts(defenders)
    hits = {"attacker": Counter(), "defender": Counter()}
    wins = Counter()
    for faces in itertools.product(range(1, 7), repeat=an + dn):
        diff = af + sum(faces[:an]) - df - sum(faces[an:])
        wins["a" if diff > 0 else "d" if diff < 0 else "t"] += 1
        hits["defender"][max(diff, 0)] += 1
        hits["attacker"][max(-diff, 0)] += 1
    total = 6 ** (an + dn)
    out = {"p_attacker_wins": F(wins["a"], total), "p_tie": F(wins["t"], total),
           "p_defender_wins": F(wins["d"], total)}
    for who, armour in (("defender", d_armour), ("attacker", a_armour)):
        out[f"{who}_hits"] = {h: F(n, total) for h, n in sorted(hits[who].items())}
        if max(hits[who]) <= 8:
            factor = rules.melee_armour[("none", "light", "heavy").index(armour)]
            joint = Counter()
            for h, n in hits[who].items():
                for k, m in _kills(h, factor).items():
                    joint[(k, h - k)] += F(n, total) * F(m, 6 ** h)
            out[f"{who}_outcomes"] = dict(sorted(joint.items()))
    return out


MELEE_CASES = [
    ([Fighter("punk")], [Fighter("prospect", "none")], "none", "none"),
    ([Fighter("hood", leader=True, suppressed=True)],
     [Fighter("prospect", "none"), Fighter("prospect", "none")], "light", "none"),
    ([Fighter("punk", "taser")], [Fighter("gangster", in_building=True)], "light", "heavy"),
    ([Fighter("punk"), Fighter("punk", leader=True)], [Fighter("hood", in_building=True)],
     "none", "light"),
]


@pytest.mark.parametrize("attackers,defenders,a_armour,d_armour", MELEE_CASES)
def test_melee_matches_brute_force(attackers, defenders, a_armour, d_armour):
    got = odds.melee_odds(R, attackers, defenders, attacker_armour=a_armour,
                          defender_armour=d_armour)
    want = _brute_melee(R, attackers, defenders, a_armour, d_armour)
    for key, value in want.items():
        assert got[key] == value, key
    for who in ("attacker", "defender"):
        assert sum(got[f"{who}_outcomes"].values()) == 1
        assert got[f"{who}_expected_kills"] + got[f"{who}_expected_suppressions"] == \
            got[f"{who}_expected_hits"]


def test_melee_hand_value_one_on_one():
    # punk with a club (D6+1) against an unarmed prospect (D6-1): the defender takes
    # max(0, a - d + 2) hits on dice a, d: a tie when a - d = -2 (4 of 36), the defender wins
    # when a - d <= -3 (6 of 36)
    m = odds.melee_odds(R, [Fighter("punk")], [Fighter("prospect", "none")])
    assert m["p_tie"] == F(4, 36) and m["p_defender_wins"] == F(6, 36)
    assert m["defender_hits"][7] == F(1, 36)  # a 6 against a 1
    assert odds.melee_kill_chance(R, "none") == F(1, 2)


# ---- recruitment ------------------------------------------------------------------------------

def _brute_recruits(rules, blocks):
    counts = Counter()
    die = range(1, rules.recruit_die + 1) if rules.recruit_die else (0,)
    for d in die:
        for faces in itertools.product(range(1, 7), repeat=blocks):
            counts[d + sum(rules.block_recruits[f - 1] for f in faces)] += 1
    total = sum(counts.values())
    return {k: F(n, total) for k, n in sorted(counts.items())}


@pytest.mark.parametrize("rules", [R, GFRules(recruit_die=6, block_recruits=(0, 1, 1, 2, 2, 3)),
                                   GFRules(recruit_die=0)])
@pytest.mark.parametrize("blocks", [0, 1, 2, 3])
def test_recruits_match_brute_force(rules, blocks):
    got = odds.recruits_per_set_pmf(rules, blocks)
    assert got == _brute_recruits(rules, blocks)
    assert sum(got.values()) == 1


def test_recruits_hand_value_one_block():
    # D3 plus one block's D6 (1-2 none, 3-5 one, 6 two)
    assert odds.recruits_per_set_pmf(R, 1) == {1: F(1, 9), 2: F(5, 18), 3: F(1, 3), 4: F(2, 9),
                                               5: F(1, 18)}


# ---- the rules class --------------------------------------------------------------------------

def test_defaults_pass_and_round_trip():
    assert VERSION == "gf-0"
    assert R.problem() is None
    assert R.round_limit == R.max_sets
    assert GFRules(**R.as_dict()) == R
    assert build(GFRules, R.as_dict(), "test") == R
    for players in range(2, 7):
        assert GFRules(players=players).problem() is None


def test_every_parameter_has_a_reason_and_is_in_the_coverage_table():
    doc = (ROOT / "docs" / "rules" / "godfather.md").read_text()
    for entry in describe(GFRules):
        assert entry["doc"].strip(), entry["name"]
        assert f"`{entry['name']}`" in doc, f"{entry['name']} missing from docs/rules/godfather.md"


@pytest.mark.parametrize("values,expect", [
    ({"civilian_types": (0, 0, 0, 1, 2)},
     r"civilian_types \(0, 0, 0, 1, 2\): expected 6 entries .*0 \(unarmed\), 1 \(militia\), 2 \(police\)"),
    ({"business_doubles": (1, 2, 3)}, r"business_doubles .*6 entries.*5 \(double_income\)"),
    ({"to_hit": (6, 5, 4)}, r"to_hit \(6, 5, 4\): expected 4 entries, one per grade"),
    ({"weapons": ((200, 0, 0, 1, 0),)}, r"weapons: expected 7 rows \(ltar, .*hmg\) of 5 numbers"),
    ({"police_table": ((1, 0, 1, 0), (1, 0, 2, 0), (2, 9, 1, 0), (2, 2, 2, 1))},
     r"police_table row armed_response .*weapon one of 0 \(ltar\)"),
    ({"leader_thresholds": (12, 24, 24, 48)}, r"leader_thresholds .*strictly increasing"),
    ({"players": 6, "city_width": 4, "city_height": 4, "start_distance": 4},
     r"city 4x4 with start_distance 4: found room for \d starting blocks, 6 players"),
    ({"city_width": 5}, r"city_width and city_height: expected both 0"),
])
def test_bad_combination_names_key_and_allowed(values, expect):
    with pytest.raises(ConfigError, match=expect):
        build(GFRules, values, "test")


def test_problem_checks_codes_when_built_directly():
    # the constructor skips the per-value bounds; problem() still names the codes
    msg = GFRules(civilian_types=(0, 0, 0, 0, 1, 5)).problem()
    assert msg.startswith("civilian_types (0, 0, 0, 0, 1, 5): expected 6 entries")
    assert "0 (unarmed), 1 (militia), 2 (police)" in msg


@pytest.mark.parametrize("key,value,allowed", [
    ("turnset_reading", "strict", "'example', 'literal'"),
    ("grade_reading", "tally", "'elements', 'shooting', 'leaders'"),
    ("players", 7, "from 2 to 6"),
    ("to_hit", (6, 5, 4, 9), "from 1 to 7"),
    ("civilian_types", (0, 0, 0, 0, 1, 5), "from 0 to 2"),
])
def test_bad_value_names_key_and_allowed(key, value, allowed):
    with pytest.raises(ConfigError) as e:
        build(GFRules, {key: value}, "test")
    assert f"test.{key}" in str(e.value) and allowed in str(e.value)


def test_promotion_halving_rounds_as_the_example():
    assert R.promoted_xp(25) == 13  # the text: a 25 XP punk becomes a 13 XP sergeant
    assert [R.promoted_xp(x) for x in (0, 1, 24, 59)] == [0, 1, 12, 30]
    assert GFRules(promotion_rounding="keep_down").promoted_xp(25) == 12
    assert GFRules(promotion_xp_loss=0.1).promoted_xp(30) == 27  # no float drift


def test_grade_readings():
    assert [R.grade_of(x) for x in (0, 9, 10, 29, 30, 59, 60)] == [0, 0, 1, 1, 2, 2, 3]
    sh = GFRules(grade_reading="shooting")
    assert [sh.grade_of(x) for x in (10, 11, 30, 31, 59, 60)] == [0, 1, 1, 2, 2, 3]
    le = GFRules(grade_reading="leaders")
    assert [le.grade_of(x) for x in (10, 11, 29, 30)] == [0, 1, 1, 2]
    assert [R.competency_of(x) for x in (10, 11, 13, 20, 30, 60)] == [0, 1, 1, 1, 2, 3]


def test_city_and_distances():
    assert [GFRules(players=p).city_size() for p in range(2, 7)] == [
        (4, 4), (5, 4), (5, 5), (6, 5), (6, 6)]
    # 24 cm blocks of 6 cells: 4 cm a cell
    assert (R.cells(R.foot_move_cm), R.cells(R.vehicle_move_cm), R.cells(R.street_cm)) == (2, 4, 2)
    assert R.cells(R.weapon("smg")["range_cm"]) == 7  # 30 cm = 7.5 cells, never further
    assert GFRules(block_cm=36).cells(8) == 1


def test_weapon_rows_are_the_texts():
    text = {"ltar": (200, 0, 0, 1, 0), "ltar_support": (400, 0, 0, 2, 0),
            "htar": (300, 1, 1, 1, 0), "htar_support": (600, 1, 1, 2, 0),
            "smg": (500, 0, 0, 3, 30), "rpg": (400, 0, 6, 1, 0), "hmg": (1000, 3, 3, 3, 0)}
    assert {w: tuple(R.weapon(w).values()) for w in WEAPONS} == text


def test_fields_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        R.players = 3  # type: ignore[misc]
