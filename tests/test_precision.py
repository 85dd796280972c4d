"""Precision-driven runs: games are added until every headline rate is tight enough."""

import pandas as pd

from sim.analysis.summary import headline_halfwidth
from sim.config import parse
from sim.runner import play_point, run


def raw(precision, max_games, chunk=2000):
    return {"experiment": {"game": "og", "seed": 2, "games": 300, "precision": precision,
                           "max_games": max_games, "chunk": chunk},
            "sweep": {"players": [4]},
            "strategies": {"pool": ["expander", "hunter", "balanced"]}}


def test_adds_games_until_the_target_is_met():
    exp = parse(raw(0.02, 50_000), "p", "p.toml")
    df = play_point(exp, exp.points[0])
    n = df["game"].nunique()
    assert 300 < n < 50_000
    assert headline_halfwidth(df) <= 0.02
    # and it stopped at the first round that met it: the previous round was not enough
    assert headline_halfwidth(df[df["game"] < n // 1.5]) > 0.02


def test_cap_is_respected_and_reported(tmp_path):
    exp = parse(raw(0.002, 1200), "p", "p.toml")
    out = run(exp, tmp_path, progress=False, log=lambda m: None)
    games = pd.read_parquet(out / "games.parquet")
    assert games["game"].nunique() == 1200
    report = (out / "report.md").read_text()
    assert "Reached at 0 of 1 points" in report and "stopped at the cap" in report


def test_precision_runs_do_not_depend_on_chunking():
    a = parse(raw(0.03, 20_000, chunk=2000), "p", "p.toml")
    b = parse(raw(0.03, 20_000, chunk=333), "p", "p.toml")
    pd.testing.assert_frame_equal(play_point(a, a.points[0]), play_point(b, b.points[0]))
