"""Rifle & Gun per-team quality dice (team_quality_a/_b): deployed per team, refused before any
game when malformed, shown in the tidy table, and empty = the side's die (games unchanged)."""

import numpy as np
import pytest
from click.testing import CliRunner

from sim.cli import _parse_rule_overrides, main
from sim.config import load
from sim.core.params import ConfigError, build
from sim.rifle_gun import state as S
from sim.rifle_gun.api import tidy
from sim.rifle_gun.engine import forces, play_batch
from sim.rifle_gun.rules import RGRules
from strategies.rifle_gun import table

ALLOWED = "one die per team, comma-separated, each one of d4, d6, d8, d10, d12"

CONFIG = """
[experiment]
game = "rifle_gun"
seed = 1
games = 10

[rules]
teams_a = 3

[sweep]
team_quality_a = ["d6,d8,d12", {bad}]

[strategies]
pool = ["assault", "marksman_led"]
"""


def write(tmp_path, bad):
    d = tmp_path / "experiments"
    d.mkdir(exist_ok=True)
    (d / "exp.toml").write_text(CONFIG.replace("{bad}", bad))
    return d


def test_forces_give_each_team_its_die():
    rules = build(RGRules, {"teams_a": 3, "team_quality_a": "d6, d8,d12", "quality_b": "d10",
                            "teams_b": 2}, "test")
    tm, _, _ = forces(rules)
    assert list(tm[:, S.TSIDE]) == [0, 0, 0, 1, 1]
    assert list(tm[:, S.TQ]) == [6, 8, 12, 10, 10]  # B: no list, every team rolls quality_b
    assert rules.team_dice(0) == ("d6", "d8", "d12") and rules.team_dice(1) == ("d10", "d10")
    tm, _, _ = forces(RGRules(team_quality_b="d4,d12", quality_a="d6"))
    assert list(tm[:, S.TQ]) == [6, 6, 4, 12]
    with pytest.raises(ValueError, match="team_quality_a 'd8' gives 1 die but teams_a is 2"):
        forces(RGRules(team_quality_a="d8"))  # built without build(): still refused


@pytest.mark.parametrize("bad, expect", [
    ('"d8,d20,d8"', r"point 1 \(team_quality_a='d8,d20,d8'\): team_quality_a 'd8,d20,d8': "
                    r"'d20' is not a quality die; expected " + ALLOWED),
    ('"d8,d10"', r"point 1 \(team_quality_a='d8,d10'\): team_quality_a 'd8,d10' gives 2 dice "
                 r"but teams_a is 3; expected " + ALLOWED + r" \(or empty: every team rolls "
                 r"quality_a\)"),
    ('"d8,,d8"', r"team_quality_a 'd8,,d8': '' is not a quality die"),
    ('["d8", "d8", "d8"]', r"team_quality_a: \['d8', 'd8', 'd8'\] is not allowed; expected a "
                           r"string"),
])
def test_bad_team_dice_are_refused_before_any_game(tmp_path, bad, expect):
    d = write(tmp_path, bad)
    with pytest.raises(ConfigError, match=expect) as e:
        load("exp", d)
    assert "exp.toml" in str(e.value)
    results = tmp_path / "results"
    res = CliRunner().invoke(main, ["experiment", "exp", "--experiments", str(d), "--results",
                                    str(results), "--no-progress"])
    assert res.exit_code == 2 and "team_quality_a" in res.output and not results.exists()


def test_good_sweep_and_cli_values():
    exp_rules = [build(RGRules, {"teams_a": 3, "team_quality_a": v}, "t")
                 for v in ("d6,d8,d12", "", "d8,d8,d8")]
    assert "team_quality_a" in exp_rules[0].as_dict()
    assert "team_quality_a" not in exp_rules[1].as_dict()  # empty: streams as before
    assert _parse_rule_overrides(("team_quality_a=d8,d10",)) == {"team_quality_a": "d8,d10"}
    assert _parse_rule_overrides(('team_quality_b="d4,d6"',)) == {"team_quality_b": "d4,d6"}
    with pytest.raises(ConfigError, match=r"--rule: team_quality_b 'd8,d8,d8' gives 3 dice"):
        build(RGRules, {"team_quality_b": "d8,d8,d8"}, "--rule")
    out = CliRunner().invoke(main, ["rules", "rifle_gun"]).output
    assert "team_quality_a = ''" in out and "team_quality_b = ''" in out


def _play(rules, n=300):
    kinds, weights = table(["marksman_led", "assault"])
    lineup = np.tile([0, 1], (n, 1))
    return play_batch(rules, 6, 2, 0, np.tile(kinds, (n, 1)), np.tile(weights, (n, 1, 1))), lineup


def test_elite_team_in_a_mixed_side_changes_results():
    runs = {v: _play(build(RGRules, {"team_quality_a": v}, "t"))[0]
            for v in ("d4,d12", "d12,d4", "d8,d8", "")}
    assert not np.array_equal(runs["d4,d12"].games, runs["d12,d4"].games)  # which team is elite
    assert not np.array_equal(runs["d4,d12"].games, runs["d8,d8"].games)
    # an explicit list of the side's die is the same game as no list
    assert np.array_equal(runs["d8,d8"].games, runs[""].games)
    assert np.array_equal(runs["d8,d8"].sides, runs[""].sides)


@pytest.mark.parametrize("values, quality", [
    ({}, [8, 8]), ({"quality_a": "d6", "quality_b": "d12"}, [6, 12]),
    ({"team_quality_a": "d4,d12"}, [8, 8]), ({"team_quality_b": "d8,d10"}, [8, 9]),
    ({"teams_a": 3, "team_quality_a": "d4,d4,d6", "quality_a": "d12"}, [5, 8]),
    ({"teams_a": 4, "team_quality_a": "d4,d4,d4,d6"}, [5, 8]),  # 4.5 rounds half up
])
def test_tidy_quality_is_the_side_die_or_the_mean_of_its_team_dice(values, quality):
    rules = build(RGRules, values, "t")
    batch, lineup = _play(rules, n=2)
    df = tidy(batch, rules, lineup, ["marksman_led", "assault"], 0)
    assert df.groupby("seat")["quality"].unique().map(list).tolist() == [[q] for q in quality]
