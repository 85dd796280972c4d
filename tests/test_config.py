"""Bad experiment configs: one clear error naming the file, the key and what is allowed,
a non-zero exit, and nothing written."""

import re

import pytest
from click.testing import CliRunner

from sim.cli import main
from sim.config import load
from sim.core.params import ConfigError

GOOD = """
[experiment]
game = "og"
seed = 1
games = 20

[sweep]
players = [2, 3]
props_goal = [8, 10]

[strategies]
pool = ["expander", "random"]
"""


def write(tmp_path, text, name="exp"):
    d = tmp_path / "experiments"
    d.mkdir(exist_ok=True)
    (d / f"{name}.toml").write_bytes(text if isinstance(text, bytes) else text.encode())
    return d


def error_of(tmp_path, text):
    d = write(tmp_path, text)
    with pytest.raises(ConfigError) as e:
        load("exp", d)
    msg = str(e.value)
    assert "exp.toml" in msg
    return msg


def test_good_config_loads(tmp_path):
    exp = load("exp", write(tmp_path, GOOD))
    assert [p.swept for p in exp.points] == [
        {"players": 2, "props_goal": 8}, {"players": 2, "props_goal": 10},
        {"players": 3, "props_goal": 8}, {"players": 3, "props_goal": 10}]
    assert len({p.stream for p in exp.points}) == 4


@pytest.mark.parametrize("edit,expect", [
    (("[strategies]", "[strategy]"), r"unknown section \[strategy\] \(did you mean 'strategies'\?\); allowed: experiment"),
    (("seed = 1", "seed = 1\nseeds = 2"), r"\[experiment\] unknown key 'seeds' \(did you mean 'seed'\?\); allowed: chunk, game, games, max_games, precision, question, seed"),
    (("props_goal = [8, 10]", "props_gaol = [8, 10]"), r"\[sweep\]: unknown rule parameter 'props_gaol' \(did you mean 'props_goal'\?\)"),
    (("props_goal = [8, 10]", "props_goal = [8, -1]"), r"props_goal: -1 is not allowed; expected an integer from 1 to 1000"),
    (("props_goal = [8, 10]", "props_goal = [8, \"ten\"]"), r"props_goal: 'ten' is not allowed; expected an integer"),
    (("players = [2, 3]", "players = [2, 7]"), r"players: 7 is not allowed; expected an integer from 2 to 6"),
    (('"random"]', '"randum"]'), r"unknown strategy 'randum' \(did you mean 'random'\?\); allowed: random, expander, builder, harasser, hunter, balanced"),
    (('game = "og"', 'game = "chess"'), r"game: 'chess' is not a game; allowed: og"),
    (("games = 20", "games = 0"), r"games: 0 is not allowed; expected an integer from 1 to"),
    (("games = 20", "games = true"), r"games: True is not allowed; expected an integer"),
    (("props_goal = [8, 10]", "props_goal = 10"), r"\[sweep\] props_goal: must be a non-empty list"),
    (("[sweep]", "[rules]\nadjacency = \"hex\"\n[sweep]"), r"adjacency: 'hex' is not allowed; expected one of 'orthogonal', 'diagonal'"),
    (("[sweep]", "[rules]\nboard_width = 3\nboard_height = 2\n[sweep]"), r"point 0 \(players=2, props_goal=8\): board 3x2 has 6 blocks but 2 players need 4 starting blocks plus 5 special blocks"),
    (("[sweep]", "[rules]\nprops_goal = 9\n[sweep]"), r"\[sweep\] props_goal: is set in \[rules\] too"),
    (("[sweep]", "[report]\nalpha = 2\n[sweep]"), r"\[report\] alpha: 2 is not allowed; expected a number"),
])
def test_bad_config_messages(tmp_path, edit, expect):
    old, new = edit
    assert old in GOOD
    msg = error_of(tmp_path, GOOD.replace(old, new, 1))
    assert re.search(expect, msg), msg


def test_not_toml_and_not_utf8(tmp_path):
    assert "not valid TOML" in error_of(tmp_path, "[experiment\ngame=")
    assert "not UTF-8" in error_of(tmp_path, b"[experiment]\ngame = \"\xff\xfe\"\n")


def test_unknown_and_hostile_experiment_names(tmp_path):
    d = write(tmp_path, GOOD)
    with pytest.raises(ConfigError, match=r"unknown experiment 'exq' \(did you mean 'exp'\?\).*available: exp"):
        load("exq", d)
    with pytest.raises(ConfigError, match="letters, digits"):
        load("../etc/passwd", d)


def test_cli_bad_config_exits_nonzero_and_writes_nothing(tmp_path):
    d = write(tmp_path, GOOD.replace("players = [2, 3]", "players = [2, 9]"))
    results = tmp_path / "results"
    res = CliRunner().invoke(main, ["experiment", "exp", "--experiments", str(d), "--results",
                                    str(results), "--no-progress"])
    assert res.exit_code == 2
    assert "players: 9 is not allowed; expected an integer from 2 to 6" in res.output
    assert not results.exists()


def test_fixed_seating_needs_one_strategy_per_seat(tmp_path):
    msg = error_of(tmp_path, GOOD.replace('pool = ["expander", "random"]',
                                          'pool = ["expander", "random"]\nseating = "fixed"')
                   .replace("players = [2, 3]", "players = [2, 3]"))
    assert "'fixed' needs one strategy per seat: pool has 2, point 2 has 3 players" in msg


def test_precision_sets_games_per_point():
    from sim.analysis.stats import wilson
    from sim.config import games_for_precision

    n = games_for_precision(0.01)
    assert n == 9604  # 1.96^2 / (4 * 0.01^2)
    _, lo, hi = wilson(n // 2, n)
    assert (hi - lo) / 2 <= 0.01
    with pytest.raises(ConfigError, match="expected a half-width from 0.001 to 0.5"):
        games_for_precision(0)
