"""Tournaments end to end: matrix consistent with the games, equilibrium and report."""

import pandas as pd
from click.testing import CliRunner

from sim.cli import main
from sim.tournament import pairwise_wins


def test_tournament_two_players(tmp_path):
    out = tmp_path / "t"
    res = CliRunner().invoke(main, ["tournament", "og", "--strategies",
                                    "random,expander,builder", "--games", "300", "--out",
                                    str(out), "--no-progress"])
    assert res.exit_code == 0, res.output
    games = pd.read_parquet(out / "games.parquet")
    assert set(games["match"]) == {"random v expander", "random v builder", "expander v builder"}
    m = pd.read_csv(out / "matrix.csv")
    row = m[(m.strategy == "expander") & (m.opponent == "random")].iloc[0]
    g = games[games["match"] == "random v expander"]
    assert row["wins"] == int(g[g.strategy == "expander"]["won"].sum())
    # seats alternate: each strategy sits in each seat 150 times
    assert (g.groupby(["strategy", "seat"]).size() == 150).all()
    rank = pd.read_csv(out / "ranking.csv")
    assert abs(rank["equilibrium_weight"].sum() - 1) < 1e-9
    assert rank.set_index("strategy").loc["random", "equilibrium_weight"] < 1e-6
    # random loses almost every game: dominated in every bootstrap resample, never picked
    assert rank.set_index("strategy").loc["random", "dominated_freq"] == 1
    assert rank.set_index("strategy").loc["random", "support_freq"] == 0
    report = (out / "report.md").read_text()
    assert "**random is dominated** among these scripted strategies" in report
    assert "## Win matrix" in report and "## How sure the calls are" in report
    assert "balance problem in the rules" not in report
    assert (out / "heatmap.png").stat().st_size > 10000
    assert 'src="data:image/png;base64,' in (out / "report.html").read_text()


def test_tournament_manifest_and_rebuild(tmp_path):
    """manifest.json records what produced the tournament; rebuild rewrites every derived
    file from games.parquet and manifest.json, the report identically."""
    import json

    from sim.tournament import rebuild

    out = tmp_path / "t"
    res = CliRunner().invoke(main, ["tournament", "og", "--strategies",
                                    "expander,expander_b=expander,hunter", "--games", "100",
                                    "--seed", "7", "--rule", "props_goal=8", "--level", "0.9",
                                    "--out", str(out), "--no-progress"])
    assert res.exit_code == 0, res.output
    man = json.loads((out / "manifest.json").read_text())
    assert man["kind"] == "tournament" and man["game"] == "og" and man["players"] == 2
    assert man["strategies"] == ["expander", "expander_b", "hunter"]
    assert man["presets"] == ["expander", "expander", "hunter"]
    assert (man["games"], man["seed"], man["level"]) == (100, 7, 0.9)
    assert man["rule_changes"] == {"props_goal": 8} and man["rules"]["props_goal"] == 8
    assert man["rules_version"] == "og-1" and man["package_version"] and "git_commit" in man
    derived = ["report.md", "report.html", "matrix.csv", "ranking.csv", "heatmap.png"]
    before = {f: (out / f).read_bytes() for f in derived}
    for f in derived:
        (out / f).unlink()
    rebuild(out)
    for f in ("report.md", "report.html", "matrix.csv", "ranking.csv"):
        assert (out / f).read_bytes() == before[f], f
    assert (out / "heatmap.png").stat().st_size > 10000
    assert "expander_b (plays expander)" in (out / "report.md").read_text()


def test_pairwise_wins_multiplayer_counts():
    t = pd.DataFrame({"match": ["m"] * 6, "game": [0, 0, 0, 1, 1, 1],
                      "strategy": ["a", "b", "c", "a", "b", "c"],
                      "won": [True, False, False, False, False, True]})
    w = pairwise_wins(t, ["a", "b", "c"])
    assert w.tolist() == [[0, 1, 1], [0, 0, 0], [1, 1, 0]]


def test_tournament_rejects_unknown_strategy(tmp_path):
    res = CliRunner().invoke(main, ["tournament", "og", "--strategies", "expander,hunterr"])
    assert res.exit_code == 2 and "unknown strategy 'hunterr' (did you mean 'hunter'?)" in res.output
