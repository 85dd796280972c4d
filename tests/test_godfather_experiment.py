"""The Godfather campaign report end to end on a tiny recruitment sweep, and its pieces."""

import numpy as np
import pandas as pd
import pytest

from sim.config import parse
from sim.godfather.report import gini, least_snowballing, setting
from sim.runner import run

RAW = {
    "experiment": {"game": "godfather", "seed": 3, "games": 24, "chunk": 12},
    "rules": {"players": 3, "max_sets": 3},
    "strategies": {"pool": ["land_grabber", "racketeer", "turtle"]},
    "report": {"kind": "campaign"},
    "grid": [{"recruit_die": [0, 3]}, {"block_recruits": [[0, 0, 0, 0, 0, 0]]}],
}


def test_campaign_report_end_to_end(tmp_path):
    messages = []
    out = run(parse(RAW, "gf", "gf.toml"), tmp_path, progress=False, log=messages.append)
    report = (out / "report.md").read_text()
    at = messages.index("headline:")
    assert messages[at + 1].strip().startswith("- 3 players:")
    for part in ("## Campaigns: snowballing, length and the Godfather", "## Gang bosses",
                 "## Turn order (the first turn's cards)", "**Least snowballing**"):
        assert part in report
    assert (out / "report.html").stat().st_size > 2000
    table = pd.read_csv(out / "campaign.csv")
    assert list(table["setting"]) == ["recruit_die=0", "the text's defaults",
                                      "block_recruits=[0, 0, 0, 0, 0, 0]"]
    assert (table["campaigns"] == 24).all() and (table["mean_sets"] <= 3).all()
    games = pd.read_parquet(out / "games.parquet")
    assert len(games) == 3 * 24 * 3
    strat = pd.read_csv(out / "strategies.csv")
    # every decided campaign has one Godfather: win rates over the bosses add up to 1 a point
    decided = games.groupby(["point", "game"])["won"].sum()
    assert set(decided.unique()) <= {0, 1}
    per_point = strat.assign(w=strat["win_rate"] * strat["seats"]).groupby("point")["w"].sum()
    assert np.allclose(per_point.to_numpy(), decided.groupby("point").sum().to_numpy())


def test_gini_of_equal_and_of_one_holding_everything():
    x = np.array([[5, 5, 5, 5], [0, 0, 0, 8], [0, 0, 0, 0], [1, 2, 3, 4]])
    assert gini(x) == pytest.approx([0.0, 0.75, 0.0, 0.25])


def test_settings_are_named_by_what_differs_from_the_defaults():
    d = {"players": 4, "recruit_die": 3, "block_recruits": (0, 0, 1, 1, 1, 2)}
    assert setting({"players": 4, "recruit_die": 3, "block_recruits": [0, 0, 1, 1, 1, 2]},
                   d) == "the text's defaults"
    assert setting({"recruit_die": 6, "block_recruits": [0, 0, 1, 1, 1, 2]}, d) == "recruit_die=6"


def test_least_snowballing_names_what_it_cannot_tell_apart():
    t = pd.DataFrame({"players": [4, 4, 4], "point": [0, 1, 2], "setting": ["a", "b", "c"],
                      "leader_wins": [0.40, 0.45, 0.60], "leader_lo": [0.35, 0.39, 0.55],
                      "leader_hi": [0.45, 0.50, 0.65]})
    assert least_snowballing(t) == {4: ("a", ["b"])}
