"""Every notebook runs on a small result set of every shipped experiment (experiments/*.toml,
few games a point); outputs are stripped in git."""

import json
from pathlib import Path

import nbformat
import pandas as pd
import pytest
from nbclient import NotebookClient

from sim.config import load
from sim.runner import run

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
EXPERIMENTS = sorted(p.stem for p in (ROOT / "experiments").glob("*.toml"))
# games a point: enough for every table and curve to have rows. The die-types grid has 184
# points, so it gets two games a point on two generated tables (not 32: generating tables is
# most of a small run's time); its run then takes about as long as the goal sweep's.
GAMES = {"rg_die_types": 2}
RULES = {"rg_die_types": {"maps": 2}}
DEFAULT_GAMES = 24


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """results(name): a small results folder of shipped experiment ``name``, made on first use."""
    root = tmp_path_factory.mktemp("nb")
    made = {}

    def get(name):
        if name not in made:
            exp = load(name, ROOT / "experiments", games_override=GAMES.get(name, DEFAULT_GAMES),
                       rules_override=RULES.get(name))
            made[name] = run(exp, root, progress=False, log=lambda m: None)
        return made[name]

    return get


def execute(path, results_dir, monkeypatch, settings=None):
    """The notebook executed (in notebooks/, as Jupyter runs it) on ``results_dir``, with the
    first code cell's settings replaced by ``settings`` {name: source text} if given."""
    monkeypatch.setenv("GANGSIM_RESULTS", str(results_dir))
    monkeypatch.delenv("MPLBACKEND", raising=False)  # the inline backend: figures become outputs
    nb = nbformat.read(path, as_version=4)
    first = next(c for c in nb.cells if c.cell_type == "code")
    for name, value in (settings or {}).items():
        lines = first.source.splitlines()
        hit = [i for i, line in enumerate(lines) if line.startswith(f"{name} = ")]
        assert len(hit) == 1, f"{path.name}: no setting {name} in the first code cell"
        lines[hit[0]] = f"{name} = {value}"
        first.source = "\n".join(lines)
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    return nb


def shown(nb):
    """Everything the notebook showed as text, and the number of figures."""
    text, figures = [], 0
    for cell in nb.cells:
        for o in cell.get("outputs", []) if cell.cell_type == "code" else []:
            text.append(o.get("text", ""))
            data = o.get("data", {})
            text += [data.get("text/plain", ""), data.get("text/markdown", "")]
            figures += "image/png" in data
    return "\n".join(text), figures


def test_there_are_notebooks_and_experiments():
    assert NOTEBOOKS and EXPERIMENTS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_outputs_are_stripped(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None, path.name


@pytest.mark.parametrize("name", EXPERIMENTS)
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_executes_on_every_experiment(path, name, results, monkeypatch):
    out = results(name)
    text, figures = shown(execute(path, out, monkeypatch))
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["question"] in text and "unfinished:" in text
    assert figures >= 3  # win rates by strategy, first player's share, survival curves
    # the report's headline (a sweep) or recommendation (the exchange report)
    report = (out / "report.md").read_text()
    title = "## Headline" if "\n## Headline\n" in report else "## Recommendation"
    section = report.split(f"\n{title}\n")[1].split("\n## ")[0]
    bullets = [line for line in section.splitlines() if line.startswith("- ")]
    assert bullets and all(b in text for b in bullets)
    summary = pd.read_csv(out / "summary.csv")
    assert f"{len(summary)} points, {summary.shape[1]} columns" in text
    assert "km_median_rounds" in text  # the Kaplan-Meier table by swept value
    # the slice defaults to the recommended point of each player count, else the first point
    rec = out / "recommendations.csv"
    points = pd.read_csv(rec)["point"].tolist() if rec.is_file() else [0]
    for p in points:
        assert f"point {p} (" in text
    assert (rec.is_file() or "names no recommended point" in text), name


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_settings_pick_the_point_and_the_axis(path, results, monkeypatch):
    out = results("rg_die_types")
    nb = execute(path, out, monkeypatch, {"POINT": "5", "X": '"quality_a"'})
    text, _ = shown(nb)
    assert "point 5 (" in text and "point 0 (" not in text
    assert "x axis below: quality_a" in text
