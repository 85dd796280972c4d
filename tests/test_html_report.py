"""report.html beside report.md (both converters), the run's closing headline, seats.csv, the
die-ladder step test, and library modules that leave matplotlib's backend alone."""

import html as H
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from sim.analysis import html
from sim.analysis.sweep_report import headline_lines, seat_table
from sim.core import atomic

ROOT = Path(__file__).resolve().parent.parent

# every construct the reports write
SAMPLE = """# tiny: balance report

**Question.** Which goal is fair? Values *clearly meet* or not; `props_goal` < 10 & > 2.

## Headline

- 2 players: props_goal = 10 (stable: recommended in 91% of resamples).
- 4 players: no value clearly meets every criterion; closest: props_goal = 8.

Criteria, each judged on an interval.

## Recommendation by player count

- **2 players: props_goal = 10** (clearly meets every criterion): median 12 rounds.
  Values that clearly meet every criterion: 8, 10.
  Stability: 10: 91%, 8: 9%.
- **4 players: props_goal = 8** (borderline: turn order): median 9 rounds.

| players | props_goal | A \\ B | first player share |
|---|---|---|---|
| 2 | 10 | x | 55.0% [52.1, 57.9] |
| 4 | 8 | y | <1% |

**Dominance warning:** expander at 4 players (61%) win more than twice the average seat's rate.

## Plots

![length](plots/length.png)

![missing](plots/missing.png)
"""


def _text(body: str) -> str:
    """The visible text of an HTML fragment, whitespace collapsed."""
    return " ".join(H.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def _png(path: Path) -> None:
    fig = Figure(figsize=(2, 1.5))
    fig.subplots().plot([0, 1], [1, 0])
    atomic.write_figure(path, fig)


def test_builtin_converter_renders_every_construct_the_reports_use():
    body = html.convert(SAMPLE)
    assert "<h1>tiny: balance report</h1>" in body and "<h2>Headline</h2>" in body
    assert "<strong>Question.</strong>" in body and "<em>clearly meet</em>" in body
    assert "<code>props_goal</code> &lt; 10 &amp; &gt; 2" in body
    assert body.count("<ul>") == 2 and body.count("<li>") == 4
    # indented continuation lines stay in their item
    item = re.search(r"<li><strong>2 players: props_goal = 10</strong>.*?</li>", body, re.S)
    assert item and "Stability: 10: 91%, 8: 9%." in item.group(0)
    assert "<th>A \\ B</th>" in body and "<td>55.0% [52.1, 57.9]</td>" in body
    assert "<td>&lt;1%</td>" in body and body.count("<tr>") == 3
    assert '<img alt="length" src="plots/length.png" />' in body


def test_builtin_converter_matches_the_markdown_package():
    markdown = pytest.importorskip("markdown")
    ours = html.convert(SAMPLE)
    theirs = markdown.markdown(SAMPLE, extensions=["tables"], output_format="html")
    assert _text(ours) == _text(theirs)
    for tag in ("h1", "h2", "p", "ul", "li", "table", "tr", "th", "td", "strong", "em", "code",
                "img"):
        assert ours.count(f"<{tag}>") + ours.count(f"<{tag} ") == (
            theirs.count(f"<{tag}>") + theirs.count(f"<{tag} ")), tag


@pytest.mark.parametrize("have_markdown", [True, False])
def test_report_html_is_self_contained(tmp_path, monkeypatch, have_markdown):
    if have_markdown:
        pytest.importorskip("markdown")
    else:  # as on a machine without the package: the built-in converter takes over
        monkeypatch.setitem(sys.modules, "markdown", None)
    _png(tmp_path / "plots" / "length.png")
    html.write_report(tmp_path, SAMPLE.splitlines())
    assert (tmp_path / "report.md").read_text() == SAMPLE.rstrip("\n")
    page = (tmp_path / "report.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "<title>tiny: balance report</title>" in page
    assert re.search(r'<img alt="length" src="data:image/png;base64,[A-Za-z0-9+/=]{200,}"', page)
    assert 'src="plots/missing.png"' in page  # a missing plot keeps its link
    assert '<div class="table-wrap"><table>' in page and "overflow-x: auto" in page
    assert "nth-child(even)" in page and "border: 1px solid" in page
    assert "<strong>Dominance warning:</strong>" in page
    assert not list(tmp_path.rglob("*.tmp"))


def test_headline_lines_of_a_sweep_and_of_an_exchange_report():
    assert headline_lines(SAMPLE) == [
        "- 2 players: props_goal = 10 (stable: recommended in 91% of resamples).",
        "- 4 players: no value clearly meets every criterion; closest: props_goal = 8.",
        "Dominance warning: expander at 4 players (61%) win more than twice the average "
        "seat's rate."]
    exchange = ("# rg: exchange report\n\n## Recommendation\n\n- firefight, light: against d8, "
                "d6 scores 38% (a ladder).\n\nSuggested points per soldier: d6 0.77.\n\n"
                "## Plots\n\n![m](plots/m.png)\n")
    assert headline_lines(exchange) == ["- firefight, light: against d8, d6 scores 38% (a "
                                        "ladder).", "Suggested points per soldier: d6 0.77."]


def test_seat_table_one_row_per_point_and_turn_position():
    from sim.analysis.stats import wilson

    summary = pd.DataFrame([
        {"point": 0, "players": 2, "props_goal": 8, "decided": 1000, "order0_wins": 600,
         "order1_wins": 400},
        {"point": 1, "players": 3, "props_goal": 8, "decided": 3000, "order0_wins": 1010,
         "order1_wins": 1000, "order2_wins": 990}])
    for k in range(3):
        s, lo, hi = wilson(summary[f"order{k}_wins"], summary["decided"], 0.05)
        summary[f"order{k}_share"], summary[f"order{k}_lo"], summary[f"order{k}_hi"] = s, lo, hi
    manifest = {"points": [{"index": 0, "swept": {"players": 2, "props_goal": 8}},
                           {"index": 1, "swept": {"players": 3, "props_goal": 8}}]}
    seats = seat_table(summary, manifest, {"alpha": 0.05, "seat_tolerance": 0.05})
    assert list(seats.columns) == ["point", "players", "props_goal", "order", "wins", "decided",
                                   "share", "lo", "hi", "tost_lo", "tost_hi", "verdict"]
    assert len(seats) == 5 and list(seats["order"]) == [0, 1, 0, 1, 2]
    _, t_lo, t_hi = wilson(600, 1000, 0.10)  # the turn-order test's 1 - 2 alpha interval
    first = seats.iloc[0]
    assert (first["tost_lo"], first["tost_hi"]) == pytest.approx((t_lo, t_hi))
    assert first["lo"] < first["tost_lo"] and first["tost_hi"] < first["hi"]
    # 60% at 2 players: its 90% interval lies above 50 + 5 points; 3 players: all within
    assert list(seats["verdict"]) == ["unbalanced", "unbalanced", "balanced", "balanced",
                                      "balanced"]


def test_ladder_step_is_judged_on_the_difference_not_on_overlap():
    from sim.rifle_gun.report import FLAT, GAIN, WORSE, ladder_steps

    z = 1.959964
    ref = pd.DataFrame({"score": [0.40, 0.46, 0.52, 0.53, 0.45], "se": [0.02] * 5},
                       index=["d4", "d6", "d8", "d10", "d12"])
    steps = ladder_steps(ref, z)
    # d4 0.40 [0.361, 0.439] and d6 0.46 [0.421, 0.499] overlap, yet the difference
    # +0.06 +/- 1.96 * 0.0283 = [+0.005, +0.115] is above zero
    assert ref.loc["d6", "score"] - z * 0.02 < ref.loc["d4", "score"] + z * 0.02
    assert [s["verdict"] for s in steps] == [GAIN, GAIN, FLAT, WORSE]
    assert steps[0]["diff"] == pytest.approx(0.06)
    assert steps[0]["lo"] == pytest.approx(0.06 - z * np.hypot(0.02, 0.02))
    assert steps[0]["lo"] > 0 and steps[2]["lo"] < 0 < steps[2]["hi"] and steps[3]["hi"] < 0


def test_library_modules_leave_the_matplotlib_backend_alone(tmp_path):
    """A notebook that imports the report modules (and writes a figure through them) keeps its
    own backend, and pyplot is never loaded."""
    code = f"""
import matplotlib, sys
matplotlib.use("svg")
import sim.analysis.sweep_report, sim.analysis.html, sim.tournament, sim.rifle_gun.report
import sim.runner
from matplotlib.figure import Figure
from sim.core import atomic
fig = Figure()
fig.subplots().plot([0, 1])
atomic.write_figure({str(tmp_path / "f.png")!r}, fig)
print(matplotlib.get_backend(), "matplotlib.pyplot" in sys.modules)
"""
    env = {**os.environ, "MPLBACKEND": "pdf"}
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env=env, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["svg", "False"]
    assert (tmp_path / "f.png").read_bytes()[:4] == b"\x89PNG"
    # with the backend only set in the environment, too
    res = subprocess.run([sys.executable, "-c", "import matplotlib, sim.analysis.sweep_report, "
                          "sim.tournament, sim.rifle_gun.report; print(matplotlib.get_backend())"],
                         capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "MPLBACKEND": "svg"}, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "svg"

