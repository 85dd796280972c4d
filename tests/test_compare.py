"""`gangsim compare`: two runs that differ only in their seed show (next to) nothing moved; a
rule change moves what it should; points are matched by their swept values and player count.

False-alarm rate: every comparison calls any metric moved with at most 1% chance when the runs
differ only in their random draws (Bonferroni over the compared metrics); the seeds are fixed,
so each test's outcome is fixed too."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sim import config, runner
from sim.cli import main
from sim.compare import RunError, compare_runs, format_comparison, match_keys, point_values

# the tests that use the three small runs below (about 6 s to play) are left out of
# `make test-fast`
slow = pytest.mark.slow

TINY = """
[experiment]
game = "og"
seed = {seed}
games = 1200
chunk = 1200

[rules]
ties_to = "{ties_to}"

[sweep]
players = {players}

[strategies]
pool = ["expander", "builder", "hunter", "balanced"]
"""


def _run(root: Path, name: str, seed: int, players: str, ties_to: str = "defender") -> Path:
    d = root / "experiments"
    d.mkdir(exist_ok=True)
    (d / f"{name}.toml").write_text(TINY.format(seed=seed, players=players, ties_to=ties_to))
    return runner.run(config.load(name, d), root / "results", progress=False, log=lambda m: None)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("compare")
    return {"a": _run(root, "a", 1, "[2, 4]"),
            "seed": _run(root, "seed", 2, "[2, 4]"),
            "ties": _run(root, "ties", 1, "[4, 6]", ties_to="attacker")}


@slow
def test_another_seed_moves_nothing(runs):
    c = compare_runs(runs["a"], runs["seed"])
    # per point: unfinished rate, mean rounds, attack success, first player's win share and
    # the four strategies' win rates
    assert len(c.rows) == 2 * 8
    assert c.moved.empty, format_comparison(c)
    assert not c.points_only_in_a and not c.points_only_in_b
    assert c.false_alarm == 0.01


@slow
def test_ties_to_the_attacker_moves_attack_success(runs):
    c = compare_runs(runs["a"], runs["ties"])
    moved = set(zip(c.moved["point"], c.moved["metric"], strict=True))
    assert ("players=4", "attack success rate") in moved, format_comparison(c)
    row = c.rows.set_index(["point", "metric"]).loc[("players=4", "attack success rate")]
    assert row["diff"] > 0 and row["low"] > 0  # ties now go to the attacker: more successes
    # the matching: players 2 only in A, players 6 only in B; the ties_to rule (fixed in each
    # run's [rules], not swept) is not part of a point's name
    assert c.points_only_in_a == ["players=2"] and c.points_only_in_b == ["players=6"]
    assert set(c.rows["point"]) == {"players=4"}
    # largest standardised change first
    assert list(c.rows["std"].abs()) == sorted(c.rows["std"].abs(), reverse=True)


@slow
def test_cli_table_and_json(runs):
    res = CliRunner().invoke(main, ["compare", str(runs["a"]), str(runs["ties"])])
    assert res.exit_code == 0, res.output
    assert "metric" in res.output and "B - A [interval]" in res.output
    assert "attack success rate" in res.output and "moved" in res.output
    assert "points only in A (1):\n  players=2" in res.output
    res = CliRunner().invoke(main, ["compare", str(runs["a"]), str(runs["ties"]), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["moved"] >= 1 and out["points_only_in_b"] == ["players=6"]
    first = out["rows"][0]
    assert {"metric", "point", "a", "b", "diff", "low", "high", "std", "moved"} <= set(first)


@slow
def test_cli_errors(runs, tmp_path):
    """An unfinished run is a runtime failure (1); runs of two games a usage error (2)."""
    unfinished = tmp_path / "unfinished"
    unfinished.mkdir()
    man = json.loads((runs["a"] / "manifest.json").read_text())
    (unfinished / "manifest.json").write_text(json.dumps({**man, "status": "running"}))
    res = CliRunner().invoke(main, ["compare", str(runs["a"]), str(unfinished)])
    assert res.exit_code == 1 and "has not finished" in res.output
    other = tmp_path / "other"
    other.mkdir()
    (other / "manifest.json").write_text(json.dumps({**man, "game": "rifle_gun"}))
    res = CliRunner().invoke(main, ["compare", str(runs["a"]), str(other)], prog_name="gangsim")
    assert res.exit_code == 2 and "compare runs of one game" in res.output
    assert "Try 'gangsim compare --help' for help." in res.output
    with pytest.raises(RunError, match="cannot read"):
        compare_runs(runs["a"], tmp_path)


def test_points_match_on_values_not_order_or_number_type():
    a = {"points": [{"index": 0, "swept": {"props_goal": 10, "players": 4},
                     "rules": {"players": 4, "props_goal": 10}}], "weights": {}}
    b = {"points": [{"index": 0, "swept": {"players": 4},
                     "rules": {"players": 4, "props_goal": 10.0},
                     "weights": {"expander": {"attack_margin": 1}}}],
         "weights": {}}
    keys = match_keys(a, b)
    assert keys == ["players", "props_goal"]
    assert point_values(a, keys) == point_values(b, keys) == {
        0: {"players": "4", "props_goal": "10"}}
    # a swept weight: the other run's point played the preset's own value (None)
    b["points"][0]["swept"]["expander.attack_margin"] = 1
    keys = match_keys(a, b)
    assert point_values(a, keys)[0]["expander.attack_margin"] == "preset"
    assert point_values(b, keys)[0]["expander.attack_margin"] == "1"
