"""Every notebook runs on a small saved result set; outputs are stripped in git."""

import os
import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from helpers import TINY
from sim.config import load
from sim.runner import run

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.fixture(scope="module")
def small_results(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("nb")
    (tmp / "experiments").mkdir()
    (tmp / "experiments" / "tiny.toml").write_text(TINY)
    return run(load("tiny", tmp / "experiments"), tmp / "results", progress=False,
               log=lambda m: None)


def test_there_are_notebooks():
    assert NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_outputs_are_stripped(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None, path.name


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_executes(path, small_results, tmp_path, monkeypatch):
    monkeypatch.setenv("GANGSIM_RESULTS", str(small_results))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    work = tmp_path / path.name
    shutil.copy(path, work)
    nb = nbformat.read(work, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code"
                   for o in c.outputs)
    assert "Tiny test sweep" in text and "unfinished:" in text
    assert os.environ["GANGSIM_RESULTS"] == str(small_results)
