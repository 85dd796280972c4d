"""`gangsim odds`: the questions a designer asks (at least one kill, at least one casualty,
pinned; O.G.'s win chance and hits) come out as direct lines and as exact fractions that equal
values computed independently: from the printed grid, from brute-force enumeration of every
face of every die, and (to float precision) from the engines' own exact odds."""

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest
from click.testing import CliRunner

from helpers import assert_no_float_noise
from sim.cli import main
from sim.og import cli as OC
from sim.og import odds as OO
from sim.rifle_gun import cli as RC
from sim.rifle_gun import volley as V


def _run(*args) -> str:
    res = CliRunner().invoke(main, ["odds", *args])
    assert res.exit_code == 0, res.output
    return res.output


_no_float_noise = assert_no_float_noise


# ---------------------------------------------------------------- Rifle & Gun volleys


def _brute_volley(n_att, att_sides, n_def, def_sides, hit_on, cancel):
    """Every face of every die, the text's procedure applied literally: {(kills, injuries):
    Fraction}. ``defender``: the defender cancels the set of hits that lets the fewest kills
    through, then the fewest injuries."""
    ways = Counter()
    for att in itertools.product(range(1, att_sides + 1), repeat=n_att):
        hits = sorted((f for f in att if f >= hit_on), reverse=(cancel == "highest"))
        for de in itertools.product(range(1, def_sides + 1), repeat=n_def):
            saves = min(sum(f >= hit_on for f in de), len(hits))
            if cancel == "defender":
                through = min(([f for i, f in enumerate(hits) if i not in gone]
                               for gone in itertools.combinations(range(len(hits)), saves)),
                              key=lambda t: (sum(f % 2 == 0 for f in t), len(t)))
            else:
                through = hits[saves:]  # cancelled one for one from the chosen end
            kills = sum(f % 2 == 0 for f in through)
            ways[kills, len(through) - kills] += 1
    total = att_sides ** n_att * def_sides ** n_def
    return {kj: Fraction(n, total) for kj, n in ways.items()}


@pytest.mark.parametrize("n_att,att_sides,n_def,def_sides,hit_on,cancel", [
    (1, 6, 0, 6, 4, "highest"), (3, 8, 2, 8, 4, "highest"), (3, 8, 2, 6, 5, "lowest"),
    (4, 6, 1, 10, 4, "highest"), (3, 10, 2, 8, 3, "defender"), (2, 12, 2, 4, 4, "lowest"),
    (4, 8, 1, 8, 2, "defender"), (2, 4, 1, 6, 5, "highest"), (3, 6, 2, 6, 7, "highest"),
])
def test_volley_fractions_equal_brute_force(n_att, att_sides, n_def, def_sides, hit_on, cancel):
    got = RC.exact_fractions(n_att, att_sides, n_def, def_sides, hit_on, cancel)
    assert got == _brute_volley(n_att, att_sides, n_def, def_sides, hit_on, cancel)


@pytest.mark.parametrize("args", [
    ["--attack-die", "8", "--soldiers", "4", "--grenadier", "--within-6", "--defence-die", "6",
     "--behind-blocking"],
    ["--attack-dice", "5", "--attack-die", "6", "--defence-dice", "3", "--defence-die", "10"],
    ["--attack-dice", "7", "--attack-die", "10", "--defence-dice", "2", "--cancel", "defender"],
    ["--attack-dice", "3", "--attack-die", "12", "--defence-dice", "0", "--hit-on", "5"],
])
def test_volley_questions_equal_independent_values(args):
    out = json.loads(_run("rifle_gun", "volley", *args, "--json"))
    a, d = out["attack"]["dice"], out["defence"]["dice"]
    ad, dd = int(out["attack"]["die"][1:]), int(out["defence"]["die"][1:])
    hit_on, ex = out["hit_on"], out["exact"]
    fr = {k: Fraction(v) for k, v in ex["fractions"].items() if k != "p_kills_injuries"}
    grid = {tuple(map(int, kj.split(","))): Fraction(v)
            for kj, v in ex["fractions"]["p_kills_injuries"].items()}
    assert sum(grid.values()) == 1
    # the direct lines from the grid, by hand
    assert fr["p_at_least_one_kill"] == 1 - sum(v for (k, _), v in grid.items() if k == 0)
    assert fr["p_at_least_one_casualty"] == 1 - grid.get((0, 0), 0)
    assert fr["p_pinned_regular"] == fr["p_at_least_one_casualty"]  # a hit pins (SH9)
    assert fr["p_pinned_suppressive"] == 1 - Fraction(hit_on - 1, ad) ** a
    assert fr["expected_kills"] == sum(k * v for (k, _), v in grid.items())
    assert fr["expected_injuries"] == sum(j * v for (_, j), v in grid.items())
    # floats: the fraction rounded to 12 significant digits, and the engine's exact odds
    _no_float_noise(out)
    for name, v in fr.items():
        assert ex[name] == float(f"{float(v):.12g}")
    e = V.exact(a, ad, d, dd, hit_on, out["cancel"])
    assert float(fr["expected_kills"]) == pytest.approx(e["expected_kills"], abs=1e-12)
    assert float(fr["expected_injuries"]) == pytest.approx(e["expected_injuries"], abs=1e-12)
    assert float(fr["p_pinned_regular"]) == pytest.approx(e["p_pinned"], abs=1e-12)
    assert float(fr["p_pinned_suppressive"]) == pytest.approx(e["p_pinned_suppressive"],
                                                              abs=1e-12)
    for (k, j), v in grid.items():
        assert float(v) == pytest.approx(e["p"][k, j], abs=1e-12)
        assert ex["p_kills_injuries"][f"{k},{j}"] == float(f"{float(v):.12g}")
    assert e["p"].sum() == pytest.approx(1) and (e["p"] > 0).sum() == len(grid)


def test_volley_text_gives_the_questions_as_lines():
    text = _run("rifle_gun", "volley", "--attack-dice", "2", "--attack-die", "6",
                "--defence-dice", "1", "--defence-die", "6")
    p = RC.exact_fractions(2, 6, 1, 6)
    no_kill = sum(v for (k, _), v in p.items() if k == 0)
    assert f"P(at least one kill)                      {float(1 - no_kill):.4f} " \
           f"(= {1 - no_kill})" in text
    casualty = 1 - p[0, 0]
    assert f"P(at least one casualty, kill or injury)  {float(casualty):.4f} (= {casualty})" \
        in text
    assert f"P(target pinned) by this regular fire     {float(casualty):.4f}" in text
    assert "P(target pinned) by suppressive fire      0.7500 (= 3/4)" in text
    assert "rows k, columns j" in text


def test_volley_engine_check_reports_the_same_questions():
    out = json.loads(_run("rifle_gun", "volley", "--attack-dice", "3", "--defence-dice", "1",
                          "--simulate", "20000", "--json"))
    sim, ex = out["simulated"], out["exact"]
    # 20,000 volleys: a standard error under 0.0036; 0.02 is over 5.5 of them (false alarm
    # under 1e-7)
    assert abs(sim["p_at_least_one_kill"] - ex["p_at_least_one_kill"]) < 0.02
    assert abs(sim["p_pinned_regular"] - ex["p_pinned_regular"]) < 0.02


# ---------------------------------------------------------------- O.G.


def _brute_fight(a_crew, a_extra, d_crew, d_extra, ties_to):
    """Every face of every die: P(attacker takes the block) and expected crew lost."""
    wins = a_lost = d_lost = total = 0
    for dice in itertools.product(range(1, 7), repeat=a_crew + a_extra + d_crew + d_extra):
        ha = sum(f >= 4 for f in dice[:a_crew + a_extra])
        hd = sum(f >= 4 for f in dice[a_crew + a_extra:])
        a_left, d_left = max(a_crew - hd, 0), max(d_crew - ha, 0)
        wins += a_left > d_left or (a_left == d_left and ties_to == "attacker")
        a_lost += min(hd, a_crew)
        d_lost += min(ha, d_crew)
        total += 1
    return {"p_attacker_wins": Fraction(wins, total),
            "expected_attacker_crew_lost": Fraction(a_lost, total),
            "expected_defender_crew_lost": Fraction(d_lost, total)}


@pytest.mark.parametrize("a_crew,a_extra,d_crew,d_extra", [
    (1, 0, 1, 0), (2, 1, 2, 0), (3, 0, 1, 1), (1, 2, 3, 0), (2, 0, 0, 1), (1, 0, 0, 0),
])
@pytest.mark.parametrize("ties_to", ["defender", "attacker"])
def test_og_fight_fractions_equal_brute_force(a_crew, a_extra, d_crew, d_extra, ties_to):
    got = OC.exact_fight(a_crew, a_extra, d_crew, d_extra, ties_to)
    want = _brute_fight(a_crew, a_extra, d_crew, d_extra, ties_to)
    for k, v in want.items():
        assert got[k] == v, k
    assert got["p_defender_holds"] == 1 - want["p_attacker_wins"]
    floats = OO.fight(a_crew, a_extra, d_crew, d_extra, ties_to=ties_to)
    for k, v in got.items():
        assert float(v) == pytest.approx(floats[k], abs=1e-12)


def test_og_fight_json_gives_fractions_and_clean_floats():
    out = json.loads(_run("og", "fight", "--att-crew", "5", "--att-chrome", "2", "--def-crew",
                          "4", "--json"))
    ex = out["exact"]
    assert ex["fractions"]["p_attacker_wins"] == "227/256"  # 1816 of the 2^11 hit patterns
    assert ex["p_attacker_wins"] == 227 / 256
    assert Fraction(ex["fractions"]["p_defender_holds"]) == 1 - Fraction(227, 256)
    _no_float_noise(out)
    text = _run("og", "fight", "--att-crew", "5", "--att-chrome", "2", "--def-crew", "4")
    assert "P(attacker wins) = 0.8867 (= 227/256)" in text


@pytest.mark.parametrize("crew,extra,target", [(2, 1, 1), (3, 1, None), (1, 0, 0), (4, 1, 2)])
def test_og_driveby_fractions_equal_brute_force(crew, extra, target):
    out = json.loads(_run("og", "driveby", "--crew", str(crew), "--chrome", str(extra),
                          *(["--target-props", str(target)] if target is not None else []),
                          "--json"))
    ex = out["exact"]
    hits = Counter(sum(f >= 4 for f in dice)
                   for dice in itertools.product(range(1, 7), repeat=crew + extra))
    total = 6 ** (crew + extra)
    dist = [Fraction(hits[k], total) for k in range(crew + extra + 1)]
    assert [Fraction(v) for v in ex["fractions"]["hits_distribution"]] == dist
    cap = crew + extra if target is None else target
    assert Fraction(ex["fractions"]["expected_props_removed"]) == \
        sum(min(k, cap) * p for k, p in enumerate(dist))
    assert Fraction(ex["fractions"]["p_at_least_one_hit"]) == 1 - dist[0]
    crew_lost = Counter(sum(f < 4 for f in dice)
                        for dice in itertools.product(range(1, 7), repeat=crew))
    assert Fraction(ex["fractions"]["expected_crew_lost"]) == \
        sum(Fraction(k * n, 6 ** crew) for k, n in crew_lost.items())
    _no_float_noise(out)
    floats = OO.driveby(crew, extra, target)
    assert ex["hits_distribution"] == pytest.approx(floats["hits_distribution"], abs=1e-12)
    assert ex["expected_props_removed"] == pytest.approx(floats["expected_props_removed"],
                                                         abs=1e-12)
