"""Sweeping a strategy's weight (``[sweep] "<strategy>.<weight>" = [...]``): validation before
any game, each point's own weights and random stream, the tidy column, replay, and experiments
that sweep no weight playing exactly the games they always did."""

import dataclasses
import json
import re
import tomllib

import pandas as pd
import pytest
from click.testing import CliRunner

from helpers import TINY
from sim.cli import main
from sim.config import load, parse, stream_id
from sim.core.params import ConfigError
from sim.runner import play_chunk, play_point, run

SWEEP = """
[experiment]
game = "og"
seed = 11
games = 60
chunk = 25

[sweep]
players = [3]
"expander.attack_margin" = [0, 3]

[strategies]
pool = ["expander", "balanced", "hunter"]

[strategies.weights.hunter]
special_value = 3

[report]
x = "expander.attack_margin"
"""


def error_of(tmp_path, text):
    d = tmp_path / "experiments"
    d.mkdir(exist_ok=True)
    (d / "ws.toml").write_text(text)
    with pytest.raises(ConfigError) as e:
        load("ws", d)
    msg = str(e.value)
    assert "ws.toml" in msg
    return msg


@pytest.mark.parametrize("old,new,expect", [
    ('"expander.attack_margin"', '"expandr.attack_margin"',
     r"\[sweep\] expandr\.attack_margin: unknown strategy 'expandr' \(did you mean 'expander'\?\)"
     r"; allowed: random, expander, builder, harasser, hunter, balanced"),
    ('"expander.attack_margin"', '"builder.attack_margin"',
     r"\[sweep\] builder\.attack_margin: 'builder' is not in the pool "
     r"\['expander', 'balanced', 'hunter'\]"),
    ('"expander.attack_margin"', '"expander.atack_margin"',
     r"\[sweep\] expander\.atack_margin: unknown weight 'atack_margin' of expander "
     r"\(did you mean 'attack_margin'\?\); allowed: attack_margin, commit_crew"),
    ("[0, 3]", '[0, "big"]',
     r"\[sweep\] expander\.attack_margin: 'big' is not allowed; expected a number"),
    ("[0, 3]", "[0, true]",
     r"\[sweep\] expander\.attack_margin: True is not allowed; expected a number"),
    ("[0, 3]", "3", r"\[sweep\] expander\.attack_margin: must be a non-empty list"),
    ('"expander.attack_margin"', '"hunter.special_value"',
     r"\[sweep\] hunter\.special_value: is set in \[strategies\.weights\.hunter\] too"),
    ('"expander.attack_margin"', '"attack_margin"',
     r"\[sweep\]: unknown rule parameter 'attack_margin'.*or a strategy's weight as "
     r"<strategy>\.<weight>"),
    ('x = "expander.attack_margin"', 'x = "expander.commit_crew"',
     r"\[report\] x: must name a swept parameter; allowed: players, expander\.attack_margin"),
])
def test_bad_weight_sweeps_are_refused_before_any_game(tmp_path, old, new, expect):
    assert old in SWEEP
    msg = error_of(tmp_path, SWEEP.replace(old, new, 1))
    assert re.search(expect, msg), msg


def test_weight_sweep_in_a_grid_is_validated_too(tmp_path):
    text = SWEEP + '\n[[grid]]\nplayers = [2]\n"hunter.specal_value" = [1]\n'
    msg = error_of(tmp_path, text.replace("[sweep]", "[sweep]", 1))
    assert "[[grid]] 1 hunter.specal_value: unknown weight 'specal_value'" in msg


def test_each_point_carries_its_weights_and_stream():
    exp = parse(tomllib.loads(SWEEP), "ws", "ws.toml")
    assert [p.swept for p in exp.points] == [{"players": 3, "expander.attack_margin": 0},
                                              {"players": 3, "expander.attack_margin": 3}]
    for p, v in zip(exp.points, [0, 3], strict=True):
        assert p.weights == {"hunter": {"special_value": 3}, "expander": {"attack_margin": v}}
        assert p.stream == stream_id("og", p.rules.as_dict(), exp.pool, "mixed", p.weights)
    assert exp.weights == {"hunter": {"special_value": 3}}  # the base is left alone
    # a swept weight plays the same games as that weight fixed in [strategies.weights]
    fixed = tomllib.loads(SWEEP.replace('"expander.attack_margin" = [0, 3]', "")
                          .replace('x = "expander.attack_margin"', "")
                          + "\n[strategies.weights.expander]\nattack_margin = 3\n")
    one = parse(fixed, "ws", "ws.toml")
    assert one.points[0].stream == exp.points[1].stream
    pd.testing.assert_frame_equal(
        play_point(one, one.points[0]),
        play_point(exp, exp.points[1]).drop(columns="expander.attack_margin").assign(point=0))


def test_the_same_weight_twice_is_played_once():
    """Decision: points are deduplicated on (rules, weights), weights compared as numbers, so
    the same value listed twice, or in two grids, is one point (the first one's stream)."""
    raw = tomllib.loads(SWEEP.replace("[0, 3]", "[0, 3, 0.0, 3]")
                        + '\n[[grid]]\nplayers = [3, 2]\n"expander.attack_margin" = [3]\n')
    exp = parse(raw, "ws", "ws.toml")
    assert [(p.rules.players, p.swept["expander.attack_margin"]) for p in exp.points] == [
        (3, 0), (3, 3), (2, 3)]
    assert [p.index for p in exp.points] == [0, 1, 2]
    # a grid that does not sweep the weight: no value (the preset's own), and a point of its
    # own even where the sweep lists the preset's value
    raw = tomllib.loads(SWEEP + '\n[[grid]]\nplayers = [3]\n')
    exp = parse(raw, "ws", "ws.toml")
    assert [p.swept["expander.attack_margin"] for p in exp.points] == [0, 3, None]
    assert exp.points[2].weights == {"hunter": {"special_value": 3}}


@pytest.mark.parametrize("extra,pinned", [
    ("", [1197875439637624107, 7932158463422394555, 4143180310192578584, 6336640477684290780]),
    ("\n[strategies.weights.hunter]\nspecial_value = 3\nattack_margin = 0.5\n",
     [6616974853080251596, 4205802019206203776, 106151945461330223, 2773625541828404812]),
])
def test_no_weight_sweep_keeps_its_streams(extra, pinned):
    """Experiments that sweep no weight keep the stream ids (so the games) they had before
    weights could be swept: ``pinned`` was computed by that code."""
    exp = parse(tomllib.loads(TINY + extra), "tiny", "tiny.toml")
    for p in exp.points:
        assert p.weights == exp.weights
        assert p.stream == stream_id("og", p.rules.as_dict(), exp.pool, "mixed", exp.weights)
    assert [p.stream for p in exp.points] == pinned


def test_weight_sweep_end_to_end(tmp_path):
    d = tmp_path / "experiments"
    d.mkdir()
    (d / "ws.toml").write_text(SWEEP)
    results = tmp_path / "results"
    res = CliRunner().invoke(main, ["experiment", "ws", "--experiments", str(d), "--results",
                                    str(results), "--no-progress"])
    assert res.exit_code == 0, res.output
    out = results / "ws"
    games = pd.read_parquet(out / "games.parquet")
    col = "expander.attack_margin"
    assert games[col].dtype == "float64"
    assert games.groupby("point")[col].unique().map(list).to_dict() == {0: [0.0], 1: [3.0]}
    man = json.loads((out / "manifest.json").read_text())
    assert [p["weights"]["expander"] for p in man["points"]] == [{"attack_margin": 0},
                                                                  {"attack_margin": 3}]
    assert man["weights"] == {"hunter": {"special_value": 3}}
    assert (out / "report.md").exists() and col in pd.read_csv(out / "summary.csv").columns
    # the weight is what changed the games: point 1 on its own stream without its weight differs
    exp = load("ws", d)
    p1 = exp.points[1]
    with_weight = play_chunk(exp, p1, 0, 40)
    without = play_chunk(exp, dataclasses.replace(p1, weights=exp.weights), 0, 40)
    assert not with_weight.drop(columns=col).equals(without.drop(columns=col))
    # a replayed game of a weight point is the game the sweep saved
    one = games[(games["point"] == 1) & (games["game"] == 5)]
    res = CliRunner().invoke(main, ["replay", str(out), "--point", "1", "--game", "5"])
    assert res.exit_code == 0, res.output
    assert (f"Rounds: {one['rounds'].iloc[0]}, dice rolled: {one['dice'].iloc[0]}."
            in res.output)
    for _, seat in one.iterrows():
        assert (f"Gang {seat['seat']} ({seat['strategy']}): {seat['crew']} / {seat['papers']} / "
                f"{seat['chrome']} / {seat['props']} / {seat['blocks']}") in res.output


def test_weight_swept_in_one_grid_only_has_an_empty_cell_elsewhere(tmp_path):
    raw = tomllib.loads(SWEEP.replace("games = 60", "games = 12").replace("[0, 3]", "[0, 1, 3]")
                        + '\n[[grid]]\nplayers = [2]\n')
    out = run(parse(raw, "ws", "ws.toml"), tmp_path, progress=False, log=lambda m: None)
    games = pd.read_parquet(out / "games.parquet")
    col = games.groupby("point")["expander.attack_margin"].first()
    assert col[0] == 0.0 and col[1] == 1.0 and col[2] == 3.0 and pd.isna(col[3])
