"""A tiny experiment end to end: files, columns, report, resume and config change."""

import json
import re

import pandas as pd
import pytest
from click.testing import CliRunner

from helpers import TINY
from sim.cli import main
from sim.config import load
from sim.runner import run


@pytest.fixture()
def tiny(tmp_path):
    d = tmp_path / "experiments"
    d.mkdir()
    (d / "tiny.toml").write_text(TINY)
    return d, tmp_path / "results"


def test_end_to_end_files_and_columns(tiny):
    d, results = tiny
    out = run(load("tiny", d), results, progress=False, log=lambda m: None)
    man = json.loads((out / "manifest.json").read_text())
    assert man["status"] == "done" and man["rules_version"] == "og-1" and man["seed"] == 3
    import numba
    import numpy

    assert man["versions"]["numpy"] == numpy.__version__
    assert man["versions"]["numba"] == numba.__version__
    assert {"python", "pandas", "pyarrow", "scipy"} <= set(man["versions"])
    games = pd.read_parquet(out / "games.parquet")
    assert len(games) == 60 * (2 + 2 + 4 + 4)
    for col in ["point", "players", "props_goal", "game", "seat", "order", "strategy", "won",
                "rounds", "end_reason", "turn_limit", "winner_seat", "crew", "papers", "chrome", "props",
                "blocks", "goal", "dice"]:
        assert col in games.columns, col
    assert (games.groupby(["point", "game"])["won"].sum() <= 1).all()
    assert (games["goal"] == games["props_goal"]).all()
    summary = pd.read_csv(out / "summary.csv")
    assert len(summary) == 4 and (summary["games"] == 60).all()
    assert {"unfinished_rate", "unfinished_lo", "unfinished_hi", "rounds_median",
            "order0_share", "seat_equal_p"} <= set(summary.columns)
    for png in ["length", "unfinished", "seat_winrate", "strategies", "survival"]:
        assert (out / "plots" / f"{png}.png").stat().st_size > 5000
    report = (out / "report.md").read_text()
    assert "## Recommendation by player count" in report and "Tiny test sweep" in report
    assert "- **2 players: props_goal =" in report and "- **4 players: props_goal =" in report
    assert not list(out.rglob("*.tmp"))
    # report.html: the same report, plots embedded
    page = (out / "report.html").read_text()
    assert page.count('src="data:image/png;base64,') == 5 and 'src="plots/' not in page
    assert "<h2>Recommendation by player count</h2>" in page
    # seats.csv: one row per point and turn position, agreeing with summary.csv
    seats = pd.read_csv(out / "seats.csv")
    assert len(seats) == 2 * (2 + 4)
    assert list(seats.columns) == ["point", "players", "props_goal", "order", "wins", "decided",
                                   "share", "lo", "hi", "tost_lo", "tost_hi", "verdict"]
    row = summary.set_index("point").loc[3]
    s3 = seats[seats["point"] == 3].set_index("order")
    assert s3.loc[0, "wins"] == row["order0_wins"] and s3.loc[2, "hi"] == pytest.approx(row["order2_hi"])
    assert ((seats["lo"] <= seats["tost_lo"]) & (seats["tost_hi"] <= seats["hi"])).all()
    assert set(seats["verdict"]) <= {"balanced", "unbalanced", "can't tell"}


def test_builtin_html_converter_covers_the_real_report(tiny):
    """The fallback converter shows the same text as the markdown package on a real report."""
    markdown = pytest.importorskip("markdown")
    from test_html_report import _text

    from sim.analysis import html

    d, results = tiny
    out = run(load("tiny", d), results, progress=False, log=lambda m: None)
    text = (out / "report.md").read_text()
    ours = html.convert(text)
    theirs = markdown.markdown(text, extensions=["tables"], output_format="html")
    assert _text(ours) == _text(theirs)
    assert ours.count("<td>") == theirs.count("<td>") and ours.count("<li>") == theirs.count("<li>")


def test_a_run_ends_with_the_headline(tiny):
    from sim.analysis.sweep_report import headline_lines

    d, results = tiny
    messages = []
    out = run(load("tiny", d), results, progress=False, log=messages.append)
    at = messages.index("headline:")
    assert messages[at - 1].startswith("played 240 games")
    shown = [m.strip() for m in messages[at + 1:]]
    assert shown == headline_lines((out / "report.md").read_text())
    assert [m[:12] for m in shown] == ["- 2 players:", "- 4 players:"]


def test_labels_follow_the_reports_alpha(tmp_path):
    from sim.config import parse

    raw = {"experiment": {"game": "og", "seed": 1, "games": 60},
           "sweep": {"players": [2], "props_goal": [8, 10]},
           "strategies": {"pool": ["expander", "hunter"], "seating": "crn"},
           "report": {"alpha": 0.1}}
    out = run(parse(raw, "a10", "a10.toml"), tmp_path, progress=False, log=lambda m: None)
    report = (out / "report.md").read_text()
    assert not re.search(r"95% (CI|Wilson|interval|upper|lower|order|bound)", report)
    for label in ["90% upper bound", "median rounds [90% CI] (IQR)", "mean rounds [90% CI]",
                  "90% CI (blocks)", "rates carry 90% Wilson intervals", "(90% Wilson interval)",
                  "80% interval"]:
        assert label in report, label
    summary = pd.read_csv(out / "summary.csv")
    crn = report.split("## Common random numbers")[1].split("\n## ")[0]
    r = summary.iloc[0]
    half = 1.6448536 * r["first_win_se_crn"]
    assert f"[{100 * (r['first_win_rate'] - half):.1f}, {100 * (r['first_win_rate'] + half):.1f}]" in crn


def test_interrupted_run_resumes_to_identical_output(tiny):
    d, results = tiny
    exp = load("tiny", d)
    out = run(exp, results, progress=False, log=lambda m: None)
    reference = pd.read_parquet(out / "games.parquet")
    # as if killed after two points and one task of the third: parts, markers, outputs missing
    import shutil

    shutil.rmtree(out / "points" / "p00003")
    (out / "points" / "p00002" / "done.json").unlink()
    (out / "points" / "p00002" / "g000000025.parquet").unlink()
    (out / "games.parquet").unlink()
    messages = []
    run(exp, results, progress=False, log=messages.append)
    assert any("resuming: 2 of 4 points already done" in m for m in messages)
    pd.testing.assert_frame_equal(pd.read_parquet(out / "games.parquet"), reference)


def test_changed_config_starts_fresh(tiny):
    d, results = tiny
    run(load("tiny", d), results, progress=False, log=lambda m: None)
    (d / "tiny.toml").write_text(TINY.replace("seed = 3", "seed = 4"))
    messages = []
    out = run(load("tiny", d), results, progress=False, log=messages.append)
    assert any("config or engine changed" in m for m in messages)
    assert (results / "tiny.previous" / "games.parquet").exists()
    assert json.loads((out / "manifest.json").read_text())["seed"] == 4


def test_cli_experiment_replay_and_report(tiny):
    d, results = tiny
    runner = CliRunner()
    res = runner.invoke(main, ["experiment", "tiny", "--experiments", str(d), "--results",
                               str(results), "--no-progress"])
    assert res.exit_code == 0, res.output
    out = results / "tiny"
    games = pd.read_parquet(out / "games.parquet").query("point == 1")
    per_game = games.drop_duplicates("game").set_index("game")
    res = runner.invoke(main, ["replay", str(out), "--point", "1", "--longest"])
    assert res.exit_code == 0, res.output
    shown = int(res.output.splitlines()[0].rsplit("game ", 1)[1])
    assert per_game.loc[shown, "rounds"] == per_game["rounds"].max()
    assert f"Rounds: {per_game['rounds'].max()}," in res.output
    # any game replays with the records the sweep saved for it
    res = runner.invoke(main, ["replay", str(out), "--point", "1", "--game", "7"])
    row = games[games["game"] == 7]
    assert f"Rounds: {row['rounds'].iloc[0]}, dice rolled: {row['dice'].iloc[0]}." in res.output
    for _, seat in row.iterrows():
        assert (f"Gang {seat['seat']} ({seat['strategy']}): {seat['crew']} / {seat['papers']} / "
                f"{seat['chrome']} / {seat['props']} / {seat['blocks']}") in res.output
    (out / "report.md").unlink()
    res = runner.invoke(main, ["report", str(out)])
    assert res.exit_code == 0 and (out / "report.md").exists()


def test_on_off_rule_gets_an_effect_section(tmp_path):
    from sim.config import parse

    raw = {"experiment": {"game": "og", "seed": 1, "games": 400},
           "rules": {"props_goal": 8},
           "sweep": {"players": [2, 3], "props_spending": [False, True]},
           "strategies": {"pool": ["expander", "hunter"]}}
    out = run(parse(raw, "onoff", "onoff.toml"), tmp_path, progress=False, log=lambda m: None)
    report = (out / "report.md").read_text()
    assert "## Effect of props_spending: False -> True" in report
    section = report.split("## Effect of")[1].split("\n## ")[0]
    rows = {ln.split(" | ")[0].lstrip("| "): ln for ln in section.splitlines()
            if ln.startswith("| ")}
    for metric in ["rounds", "turn 1 win share", "expander win rate", "hunter win rate"]:
        assert rows[metric].count("±") == 2, rows[metric]  # at 2 and at 3 players


def test_compiling_is_its_own_step_and_not_counted_as_play(tiny):
    """The kernels are compiled (or loaded) by throw-away games before the clock starts: the
    closing line gives play time and games/s for play alone, and the compile seconds apart."""
    d, results = tiny
    messages = []
    out = run(load("tiny", d), results, progress=False, log=messages.append)
    assert messages[0] == ("compiling O.G. kernels (numba; loaded from its cache after the "
                           "first run)...")
    assert re.fullmatch(r"kernels ready in \d+\.\d s", messages[1]), messages
    played = next(m for m in messages if m.startswith("played"))
    assert re.fullmatch(r"played 240 games in \d+\.\d s \([\d,]+ games/s, local\); "
                        r"compiling took \d+\.\d s before that", played), messages
    # the warm-up games are not results
    games = pd.read_parquet(out / "games.parquet")
    assert games.groupby("point")["game"].agg(["min", "max", "nunique"]).eq([0, 59, 60]).all().all()
    # nothing left to play: nothing compiled, no closing line
    messages.clear()
    run(load("tiny", d), results, progress=False, log=messages.append)
    assert messages[0] == "resuming: 4 of 4 points already done"
    assert messages[1] == "headline:" and not any(m.startswith(("played", "compiling"))
                                                  for m in messages)


def test_backends_playing_elsewhere_are_not_warmed_up_here(tiny):
    """Dask workers compile on their first task; this process plays nothing to warm them."""
    from sim.runner import LocalBackend

    class Elsewhere(LocalBackend):
        name = "elsewhere"
        plays_here = False

    d, results = tiny
    messages = []
    run(load("tiny", d), results, progress=False, log=messages.append, backend=Elsewhere())
    assert messages[1] == "headline:" and re.fullmatch(
        r"played 240 games in \d+\.\d s \([\d,]+ games/s, elsewhere\)", messages[0]), messages
