"""`gangsim odds godfather` (sim/godfather/cli.py, run here on its click group directly): the
exact values equal sim/godfather/odds.py and values worked by hand (the docs' turn-set table,
the to-hit and strike ladders, a melee by hand, the engine's melee cap by brute force over
every die face), --json carries exact fractions and clean floats, bad input is a usage error
(exit 2) naming the option and what is allowed, and --simulate, which plays the engine's own
kernels, agrees with the exact odds.

Statistical checks (fixed seeds, so each is deterministic): an observed frequency must lie
within 5 standard errors of the exact probability (a false alarm under 6e-7 per check, were the
seed drawn at random), and the command's own chi-square goodness-of-fit p-value must exceed
1e-3."""

import itertools
import json
import math
from fractions import Fraction

import pytest
from click.testing import CliRunner

from helpers import assert_no_float_noise
from sim.godfather import odds as O
from sim.godfather.cli import capped_outcomes, odds_godfather
from sim.godfather.rules import GRADES, WEAPONS, GFRules

RULES = GFRules()
SIGMAS = 5


def _run(*args) -> str:
    res = CliRunner().invoke(odds_godfather, list(args))
    assert res.exit_code == 0, res.output
    return res.output


def _json(*args) -> dict:
    return json.loads(_run(*args, "--json"))


def _bad(*args) -> str:
    res = CliRunner().invoke(odds_godfather, list(args))
    assert res.exit_code == 2, res.output
    return res.output


def _fr(tree):
    """A ``fractions`` tree as Fractions."""
    if isinstance(tree, dict):
        return {k: _fr(v) for k, v in tree.items()}
    return Fraction(tree)


def _clean(out: dict):
    """Every float rounded to 12 significant digits, every exact float its fraction's."""
    assert_no_float_noise(out)

    def same(floats, fracs):
        if isinstance(fracs, dict):
            assert floats.keys() >= fracs.keys()
            for k in fracs:
                same(floats[k], fracs[k])
        else:
            assert floats == float(f"{float(Fraction(fracs)):.12g}")

    ex = dict(out["exact"])
    same(ex, ex.pop("fractions"))


def _within(observed: float, p, n: int):
    """An observed frequency within SIGMAS standard errors of the exact probability p."""
    p = float(p)
    assert abs(observed - p) <= SIGMAS * math.sqrt(p * (1 - p) / n) + 1e-12, (observed, p)


# ---------------------------------------------------------------- turn sets

DOCS_EXAMPLE = {1: Fraction(1, 6), 2: Fraction(5, 18), 3: Fraction(5, 18), 4: Fraction(5, 27),
                5: Fraction(25, 324), 6: Fraction(5, 324)}  # docs/rules/godfather.md "Turn sets"


def test_turnset_default_is_the_example_reading_of_the_docs():
    out = _json("turnset")
    assert out["reading"] == RULES.turnset_reading == "example"
    assert out["max_turns"] == RULES.turnset_max == 6
    fr = out["exact"]["fractions"]
    assert fr["pmf"]["1"] == "1/6"
    assert {int(t): Fraction(p) for t, p in fr["pmf"].items()} == DOCS_EXAMPLE
    assert fr["mean"] == "899/324"
    assert out["exact"]["mean"] == pytest.approx(2.775, abs=5e-4)  # the docs' 2.77
    assert out["exact"]["pmf"]["1"] == float(f"{1 / 6:.12g}")
    assert {int(t): Fraction(p) for t, p in fr["pmf"].items()} == O.turnset_pmf("example")
    _clean(out)
    text = _run("turnset")
    assert "mean 2.775 (= 899/324) turns" in text and "1      0.1667 (= 1/6)" in text


def test_turnset_literal_reading_lasts_one_turn():
    out = _json("turnset", "--reading", "literal")
    fr = out["exact"]["fractions"]
    assert out["reading"] == "literal"
    assert fr["pmf"] == {"1": "1", "2": "0", "3": "0", "4": "0", "5": "0", "6": "0"}
    assert fr["mean"] == "1" and out["exact"]["mean"] == 1.0
    # the same through the rule itself; the option and the rule together are refused
    assert _json("turnset", "--rule", "turnset_reading=literal")["exact"] == out["exact"]
    msg = _bad("turnset", "--reading", "literal", "--rule", "turnset_reading=literal")
    assert "--reading and --rule turnset_reading" in msg


def test_turnset_max_turns_by_hand():
    """Capped at 3: a 6 after turn 1 (1/6), a 5+ after turn 2 (5/6 * 2/6), else turn 3."""
    fr = _json("turnset", "--max-turns", "3")["exact"]["fractions"]
    assert fr["pmf"] == {"1": "1/6", "2": "5/18", "3": "5/9"}
    assert Fraction(fr["mean"]) == Fraction(1, 6) + 2 * Fraction(5, 18) + 3 * Fraction(5, 9)


def test_turnset_simulate_plays_set_ends():
    n = 60_000
    out = _json("turnset", "--simulate", str(n), "--seed", "3")
    sim = out["simulated"]
    assert sim["n"] == n and sum(sim["counts"].values()) == n
    for t, p in DOCS_EXAMPLE.items():
        _within(sim["pmf"][str(t)], p, n)
    var = sum(p * (t - Fraction(899, 324)) ** 2 for t, p in DOCS_EXAMPLE.items())
    assert abs(sim["mean"] - 899 / 324) <= SIGMAS * math.sqrt(var / n)
    assert sim["fit_p"] > 1e-3
    lit = _json("turnset", "--reading", "literal", "--simulate", "2000")["simulated"]
    assert lit["counts"] == {"1": 2000, "2": 0, "3": 0, "4": 0, "5": 0, "6": 0}
    text = _run("turnset", "--simulate", "2000")
    assert "engine mean" in text and "over 2,000 sets" in text


# ---------------------------------------------------------------- shooting

def test_shoot_punk_ltar_against_defence_5():
    """A punk hits on 5 (1/3); the ltar's strike 0 + D6 beats 5 only on a 6 (1/6)."""
    out = _json("shoot", "--grade", "punk", "--weapon", "ltar", "--defence", "5")
    fr = out["exact"]["fractions"]
    assert (out["to_hit"], out["shots"], out["strike"], out["defence"]) == (5, 1, 0, 5)
    assert fr["p_hit"] == "1/3" and out["exact"]["p_hit"] == float(f"{1 / 3:.12g}")
    assert Fraction(fr["p_eliminate"]) == Fraction(1, 3) * Fraction(1, 6)
    assert fr["p_suppress"] == "5/18" and fr["p_miss"] == "2/3"
    assert fr["eliminations"] == {"0": "17/18", "1": "1/18"}
    assert fr["suppressions"] == {"0": "13/18", "1": "5/18"}
    assert fr["outcomes"] == {"0,0": "2/3", "0,1": "5/18", "1,0": "1/18"}
    assert fr["p_at_least_one_elimination"] == "1/18"
    _clean(out)
    text = _run("shoot", "--grade", "punk", "--weapon", "ltar", "--defence", "5")
    assert "P(hit) 0.3333 (= 1/3)" in text and "0.0556 (= 1/18)" in text


@pytest.mark.parametrize("grade", GRADES)
@pytest.mark.parametrize("weapon, defence", [("ltar", 5), ("htar_support", 6), ("smg", 8),
                                             ("hmg", 7), ("rpg", 0), ("htar", 20)])
def test_shoot_equals_odds_and_the_ladders(grade, weapon, defence):
    out = _json("shoot", "--grade", grade, "--weapon", weapon, "--defence", str(defence))
    fr = _fr(out["exact"]["fractions"])
    e = O.shot_odds(RULES, grade, weapon, defence)
    for k in ("p_hit", "p_eliminate", "p_suppress", "p_miss", "p_target_out"):
        assert fr[k] == e[k], k
    assert fr["eliminations"] == {str(k): v for k, v in e["eliminations"].items()}
    assert fr["outcomes"] == {f"{a},{b}": v for (a, b), v in e["outcomes"].items()}
    # by hand: to-hit 6/5/4/3 by grade, a hit gets through when strike + D6 > defence
    row = RULES.weapon(weapon)
    p_hit = Fraction(7 - RULES.to_hit[GRADES.index(grade)], 6)
    through = Fraction(min(max(6 - (defence - row["strike_foot"]), 0), 6), 6)
    assert fr["p_hit"] == p_hit and fr["p_eliminate"] == p_hit * through
    assert fr["p_at_least_one_elimination"] == 1 - (1 - p_hit * through) ** row["shots"]
    assert fr["expected_eliminations"] == row["shots"] * p_hit * through
    assert fr["expected_suppressions"] == row["shots"] * p_hit * (1 - through)
    assert sum(fr["suppressions"].values()) == 1 == sum(fr["outcomes"].values())


def test_shoot_suppressed_cover_armour_vehicle_and_rules():
    supp = _json("shoot", "--grade", "punk", "--weapon", "ltar", "--defence", "5",
                 "--suppressed")
    assert supp["to_hit"] == 6 and supp["exact"]["fractions"]["p_hit"] == "1/6"
    supp = _json("shoot", "--grade", "prospect", "--weapon", "ltar", "--suppressed",
                 "--simulate", "500")  # needs a 7: never hits
    assert supp["exact"]["fractions"]["p_hit"] == "0"
    assert supp["simulated"]["outcome_counts"] == {"0,0": 500}
    # the defence table: light building 7; heavy armour in soft cover = light building (max)
    for args in (["--cover", "light_building"], ["--cover", "soft", "--armour", "heavy"]):
        assert _json("shoot", "--grade", "hood", "--weapon", "htar", *args)["defence"] == 7
    assert _json("shoot", "--grade", "hood", "--weapon", "htar")["defence"] == 5  # open, none
    veh = _json("shoot", "--grade", "hood", "--weapon", "rpg", "--target", "vehicle")
    fr = veh["exact"]["fractions"]  # strike 6 + D6 always beats the vehicle's 6
    assert veh["defence"] == 6 and fr["p_eliminate"] == "1/2" and fr["p_suppress"] == "0"
    out = _json("shoot", "--grade", "punk", "--weapon", "ltar", "--defence", "5",
                "--rule", "to_hit=[6, 6, 6, 6]")
    assert out["exact"]["fractions"]["p_hit"] == "1/6"
    # four suppressions put a target out: three already and any suppressing hit does it
    out = _json("shoot", "--grade", "punk", "--weapon", "ltar", "--defence", "5",
                "--prior-suppressions", "3")
    assert out["exact"]["fractions"]["p_target_out"] == "1/3"


@pytest.mark.parametrize("args", [
    ["--grade", "gangster", "--weapon", "hmg", "--defence", "7"],
    ["--grade", "punk", "--weapon", "smg", "--cover", "soft", "--suppressed"],  # no kill
    ["--grade", "hood", "--weapon", "rpg", "--target", "vehicle"],
])
def test_shoot_simulate_plays_combat_volley(args):
    n = 60_000
    out = _json("shoot", *args, "--simulate", str(n), "--seed", "5")
    ex, sim = _fr(out["exact"]["fractions"]), out["simulated"]
    assert sim["n"] == n and sum(sim["outcome_counts"].values()) == n
    assert set(sim["outcomes"]) <= set(ex["outcomes"])  # nothing impossible happens
    for k, p in ex["outcomes"].items():
        _within(sim["outcomes"].get(k, 0.0), p, n)
    _within(sim["p_at_least_one_elimination"], ex["p_at_least_one_elimination"], n)
    _within(sim["p_eliminate"], ex["p_eliminate"], n * out["shots"])
    if out["target"] == "foot":
        _within(sim["p_hit"], ex["p_hit"], n * out["shots"])
    assert sim["fit_p"] > 1e-3


# ---------------------------------------------------------------- melee

def test_melee_one_punk_each_by_hand():
    """Two D6 + 1 each: a tie 1/6, each side 5/12. The winner's margin d = 1..5 comes
    (6 - d)/36 of the time: 35/36 hits expected, each killing on 4+ (1/2). Every hit
    rolled (odds.py) kills 35/72 on average; as the engine plays it the one fighter dies at
    most once: P(killed) = sum (6 - d)/36 (1 - 2^-d) = 39/128, and its suppressions (the
    failures before the kill, at most d) average the same."""
    out = _json("melee", "--attacker", "punk", "--defender", "punk")
    fr = out["exact"]["fractions"]
    assert (fr["p_attacker_wins"], fr["p_tie"], fr["p_defender_wins"]) == ("5/12", "1/6",
                                                                             "5/12")
    for who in ("attacker", "defender"):
        assert fr[f"{who}_expected_hits"] == "35/36"
        assert fr[f"{who}_expected_kills"] == "35/72"
        assert fr[f"{who}_expected_kills_capped"] == "39/128"
        assert fr[f"{who}_expected_suppressions_capped"] == "39/128"
        assert fr[f"{who}_kills_capped"] == {"0": "89/128", "1": "39/128"}
    _clean(out)
    text = _run("melee", "--attacker", "punk", "--defender", "punk")
    assert "P(attacker wins) 0.4167 (= 5/12), P(tie) 0.1667 (= 1/6)" in text
    assert "kills 0.305 (= 39/128)" in text and "every hit rolled" in text


@pytest.mark.parametrize("att, dfd, aa, da", [
    (["2xpunk"], ["hood+building"], "none", "none"),
    (["gangster+leader", "prospect+none"], ["2xhood+taser+building", "punk+suppressed"],
     "light", "heavy"),
    (["punk"], ["6xpunk"], "none", "none"),
])
def test_melee_equals_odds(att, dfd, aa, da):
    from sim.godfather.odds import Fighter

    args = [a for spec in att for a in ("--attacker", spec)]
    args += [a for spec in dfd for a in ("--defender", spec)]
    out = _json("melee", *args, "--attacker-armour", aa, "--defender-armour", da)
    fr = _fr(out["exact"]["fractions"])
    spec = {"2xpunk": [Fighter("punk")] * 2, "hood+building": [Fighter("hood", in_building=True)],
            "gangster+leader": [Fighter("gangster", leader=True)],
            "prospect+none": [Fighter("prospect", "none")],
            "2xhood+taser+building": [Fighter("hood", "taser", in_building=True)] * 2,
            "punk+suppressed": [Fighter("punk", suppressed=True)], "punk": [Fighter("punk")],
            "6xpunk": [Fighter("punk")] * 6}
    e = O.melee_odds(RULES, [f for s in att for f in spec[s]], [f for s in dfd for f in spec[s]],
                     attacker_armour=aa, defender_armour=da)
    for k in ("p_attacker_wins", "p_tie", "p_defender_wins"):
        assert fr[k] == e[k]
    assert fr["p_attacker_wins"] + fr["p_tie"] + fr["p_defender_wins"] == 1
    for who in ("attacker", "defender"):
        assert fr[f"{who}_hits"] == {str(h): p for h, p in e[f"{who}_hits"].items()}
        for k in ("expected_hits", "expected_kills", "expected_suppressions"):
            assert fr[f"{who}_{k}"] == e[f"{who}_{k}"]
        assert sum(fr[f"{who}_kills_capped"].values()) == 1
        assert max(map(int, fr[f"{who}_kills_capped"])) <= out[f"{who}_count"]
    assert out["attackers"] == att and out["defenders"] == dfd
    if dfd == ["6xpunk"]:  # at most one hit on six defenders: the cap never binds
        assert fr["defender_expected_kills_capped"] == fr["defender_expected_kills"]
        assert fr["p_defender_wins"] == 1  # 6 punks score at least 12, one at most 7
        # the lone attacker dies at most once: P(some hit of h kills) = 1 - 2^-h
        assert fr["attacker_expected_kills_capped"] == sum(
            p * (1 - Fraction(1, 2) ** int(h)) for h, p in fr["attacker_hits"].items())
        assert fr["attacker_expected_kills"] == fr["attacker_expected_hits"] / 2 > 10


def _engine_hits(h: int, fighters: int, kill_on: int):
    """combat.melee_exchange's hits, every face of every die: each hit a D6 on the next
    fighter still standing, a kill at kill_on or more; none left, the rest are lost."""
    ways: dict = {}
    for faces in itertools.product(range(1, 7), repeat=h):
        kills = supp = 0
        for f in faces:
            if kills == fighters:
                break
            if f >= kill_on:
                kills += 1
            else:
                supp += 1
        ways[kills, supp] = ways.get((kills, supp), 0) + 1
    return {k: Fraction(v, 6 ** h) for k, v in ways.items()}


@pytest.mark.parametrize("h, fighters, kill_on", [(0, 1, 4), (1, 1, 4), (3, 1, 4), (4, 2, 5),
                                                  (5, 2, 4), (4, 3, 6), (5, 5, 4), (3, 1, 7),
                                                  (4, 2, 1)])
def test_capped_outcomes_equal_brute_force(h, fighters, kill_on):
    p_kill = Fraction(min(max(7 - kill_on, 0), 6), 6)
    want = {k: v for k, v in _engine_hits(h, fighters, kill_on).items() if v}
    assert capped_outcomes({h: Fraction(1)}, fighters, p_kill) == want


def test_melee_simulate_plays_melee_exchange():
    n = 30_000
    out = _json("melee", "--attacker", "2xpunk", "--defender", "hood+building", "--simulate",
                str(n), "--seed", "11")
    ex, sim = _fr(out["exact"]["fractions"]), out["simulated"]
    assert sum(sim["winner_counts"].values()) == n
    for k in ("p_attacker_wins", "p_tie", "p_defender_wins"):
        _within(sim[k], ex[k], n)
    lo, hi = sim["p_attacker_wins_ci95"]
    assert lo <= sim["p_attacker_wins"] <= hi
    for who, most in (("attacker", 2), ("defender", 1)):
        assert max(map(int, sim[f"{who}_kills"])) <= most  # the engine's cap
        for k, p in ex[f"{who}_kills_capped"].items():
            _within(sim[f"{who}_kills"].get(k, 0.0), p, n)
        # kills lie in [0, most]: a standard deviation of at most most / 2
        assert abs(sim[f"{who}_expected_kills"] - float(ex[f"{who}_expected_kills_capped"])) \
            <= SIGMAS * most / 2 / math.sqrt(n)
        assert sim[f"fit_p_{who}_outcomes"] > 1e-3
    assert sim["fit_p_winner"] > 1e-3
    text = _run("melee", "--attacker", "punk", "--defender", "punk", "--simulate", "1000")
    assert "engine over 1,000 melees" in text


# ---------------------------------------------------------------- bad input

def test_bad_grade_weapon_and_defence_name_the_allowed_values():
    msg = _bad("shoot", "--grade", "boss", "--weapon", "ltar", "--defence", "5")
    assert "'--grade'" in msg and "'prospect', 'punk', 'hood', 'gangster'" in msg
    msg = _bad("shoot", "--grade", "punk", "--weapon", "laser", "--defence", "5")
    assert "'--weapon'" in msg and all(f"'{w}'" in msg for w in WEAPONS)
    for d in ("21", "-1"):
        msg = _bad("shoot", "--grade", "punk", "--weapon", "ltar", "--defence", d)
        assert "'--defence'" in msg and "0<=x<=20" in msg
    msg = _bad("shoot", "--grade", "punk", "--weapon", "ltar", "--defence", "5", "--cover",
               "soft")
    assert "--defence and --cover/--armour" in msg
    msg = _bad("shoot", "--grade", "punk", "--weapon", "rpg", "--target", "vehicle", "--cover",
               "heavy_building")
    assert "open, soft" in msg
    msg = _bad("shoot", "--grade", "punk", "--weapon", "ltar", "--rule", "to_hit=[6, 6]")
    assert "to_hit" in msg and "4 entries" in msg
    msg = _bad("shoot", "--grade", "punk", "--weapon", "ltar", "--prior-suppressions", "4")
    assert "'--prior-suppressions'" in msg and "expected 0 to 3" in msg
    msg = _bad("turnset", "--reading", "both")
    assert "'--reading'" in msg and "'example', 'literal'" in msg
    msg = _bad("turnset", "--max-turns", "7")
    assert "'--max-turns'" in msg and "1<=x<=6" in msg
    msg = _bad("turnset", "--rule", "turnset_maks=3")
    assert "did you mean 'turnset_max'" in msg


def test_bad_melee_fighters_name_the_allowed_values():
    msg = _bad("melee", "--attacker", "boss", "--defender", "punk")
    assert "'--attacker'" in msg and "prospect, punk, hood, gangster" in msg
    msg = _bad("melee", "--attacker", "punk", "--defender", "2xhood+sword")
    assert "'--defender'" in msg and "none, cc, taser, taser_elite, leader, building" in msg
    msg = _bad("melee", "--attacker", "punk+building", "--defender", "punk")
    assert "only a defender defends a building" in msg
    msg = _bad("melee", "--attacker", "49xpunk", "--defender", "punk")
    assert "1..48" in msg
    msg = _bad("melee", "--attacker", "punk", "--defender", "punk", "--defender-armour", "kevlar")
    assert "'none', 'light', 'heavy'" in msg
    assert "Missing option '--defender'" in _bad("melee", "--attacker", "punk")
