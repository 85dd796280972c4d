"""The README's figures for the shipped experiments match their configs: the points, games per
point and total games each row of the Experiments table quotes, and the seed its answer was
read at. Nothing is played: only the configs are loaded."""

import re
from pathlib import Path

import pytest

from sim import config

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
SHIPPED = sorted(p.stem for p in (ROOT / "experiments").glob("*.toml"))
NUM = r"(\d{1,3}(?:,\d{3})*|\d+)"  # 147,200 or 800


def _row(name: str) -> str:
    rows = [line for line in README.splitlines() if line.startswith(f"| `{name}` |")]
    assert len(rows) == 1, f"README's Experiments table needs one row for {name}"
    return rows[0]


def _numbers(pattern: str, text: str) -> list[int]:
    return [int(m.replace(",", "")) for m in re.findall(pattern, text)]


def test_every_shipped_experiment_is_in_the_table():
    assert SHIPPED, "no experiments/*.toml found"
    for name in SHIPPED:
        _row(name)


@pytest.mark.parametrize("name", SHIPPED)
def test_game_counts_match_the_config(name):
    exp = config.load(name, ROOT / "experiments")
    points, per_point = len(exp.points), exp.games
    row = _row(name)
    quoted_points = _numbers(r"\(" + NUM + r" points, ", row)  # not "6 points of win rate"
    quoted_per_point = _numbers(NUM + r" games per point", row)
    # a total: "N games" closing a clause ("147,200 games, about a minute"), not "N games a
    # pairing" (a tournament) or "N games per point"
    quoted_totals = _numbers(NUM + r" games(?=[,;)])", row)
    assert quoted_totals, f"README's row for {name} should quote its total game count"
    assert quoted_points == [points] * len(quoted_points), (name, quoted_points, points)
    assert quoted_per_point == [per_point] * len(quoted_per_point), (name, quoted_per_point,
                                                                     per_point)
    assert quoted_totals == [points * per_point] * len(quoted_totals), (
        f"README quotes {quoted_totals} games for {name}; the config plays {points} points x "
        f"{per_point:,} = {points * per_point:,}")


@pytest.mark.parametrize("name", SHIPPED)
def test_answers_are_quoted_at_the_configs_seed(name):
    exp = config.load(name, ROOT / "experiments")
    seeds = re.findall(r"\bseeds? ((?:\d+(?:, | and )?)+)", _row(name))
    if seeds:
        quoted = {int(s) for group in seeds for s in re.findall(r"\d+", group)}
        assert exp.seed in quoted, (name, exp.seed, quoted)


def test_goal_sweep_finding_matches_its_config():
    exp = config.load("og_goal_sweep", ROOT / "experiments")
    m = re.search(r"Current finding \(" + NUM + r" games per point; seed (\d+)", README)
    assert m, "README's goal-sweep finding should say its games per point and seed"
    assert int(m.group(1).replace(",", "")) == exp.games, (m.group(0), exp.games)
    assert int(m.group(2)) == exp.seed, (m.group(0), exp.seed)
