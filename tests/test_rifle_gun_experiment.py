"""The die-types experiment end to end on a tiny grid: union of grids, matrix, exchange rates."""

import numpy as np
import pandas as pd
import pytest

from sim.config import parse
from sim.core.params import ConfigError
from sim.rifle_gun.engine import map_index, maps
from sim.rifle_gun.report import _cross
from sim.rifle_gun.rules import RGRules
from sim.runner import run

RAW = {
    "experiment": {"game": "rifle_gun", "seed": 3, "games": 60, "chunk": 30},
    "strategies": {"pool": ["assault", "marksman_led"]},
    "report": {"kind": "exchange"},
    "grid": [
        {"quality_a": ["d6", "d10"], "quality_b": ["d6", "d10"], "density": ["light"]},
        {"quality_a": ["d6"], "quality_b": ["d10"], "soldiers_a": [2, 4, 6],
         "density": ["light"]},
    ],
}


def test_grids_are_unioned_without_duplicates():
    exp = parse(RAW, "rg", "rg.toml")
    assert len(exp.points) == 4 + 3 - 1  # the 4-v-4 d6 v d10 point is in both grids
    keys = {tuple(sorted(p.swept)) for p in exp.points}
    assert keys == {("density", "quality_a", "quality_b", "soldiers_a")}  # same columns
    with pytest.raises(ConfigError, match=r"\[\[grid\]\] 2 soldiers_z: unknown rule parameter|"
                                          r"\[\[grid\]\] 2: unknown rule parameter 'soldiers_z'"):
        parse({**RAW, "grid": [RAW["grid"][0], {"soldiers_z": [1]}]}, "rg", "rg.toml")


def test_exchange_report_end_to_end(tmp_path):
    messages = []
    out = run(parse(RAW, "rg", "rg.toml"), tmp_path, progress=False, log=messages.append)
    report = (out / "report.md").read_text()
    # the run ends with the recommendation; report.html carries the plots
    at = messages.index("headline:")
    assert messages[at + 1].strip().startswith("- firefight, light:")
    assert report.split("## Recommendation\n\n")[1].startswith(messages[at + 1].strip())
    assert (out / "report.html").read_text().count('src="data:image/png;base64,') == 2
    assert "se" in pd.read_csv(out / "summary.csv").columns
    assert "## Quality matrix (equal numbers)" in report and "## Exchange rates" in report
    ex = pd.read_csv(out / "exchange.csv")
    assert list(ex["quality_a"]) == ["d6"] and ex["soldiers_b"].iloc[0] == 4
    games = pd.read_parquet(out / "games.parquet")
    assert len(games) == 6 * 60 * 2 and set(games["seat"]) == {0, 1}
    assert ((games.groupby(["point", "game"])["won"].sum() + games.groupby(
        ["point", "game"])["winner_seat"].first().lt(0)) == 1).all()  # a winner or nobody
    for png in ("quality_matrix", "exchange"):
        assert (out / "plots" / f"{png}.png").stat().st_size > 5000


def test_break_even_interpolation():
    xs = np.array([2.0, 4.0, 6.0])
    assert _cross(xs, np.array([0.2, 0.4, 0.8])) == pytest.approx(4.5)
    assert _cross(xs, np.array([0.6, 0.7, 0.9])) == -np.inf
    assert np.isnan(_cross(xs, np.array([0.1, 0.2, 0.3])))


def test_every_table_is_fought_from_both_ends():
    terr, pcs, bld = maps(RGRules(maps=3, density="dense"), 1, 2)
    assert terr.shape[0] == 6
    assert (terr[3] == terr[0][::-1]).all() and (bld[5] == bld[2][::-1]).all()
    assert [map_index(g, 6) for g in range(8)] == [0, 0, 1, 1, 2, 2, 3, 3]
