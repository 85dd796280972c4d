"""A real sweep interrupted mid-run (Ctrl-C, SIGTERM, SIGKILL) resumes to exactly the output
of an uninterrupted run, and never leaves a half-written file behind."""

import os
import signal
import subprocess
import sys
import time

import pandas as pd
import pytest

from sim.config import load
from sim.runner import run

CONFIG = """
[experiment]
game = "og"
seed = 21
games = 8000
chunk = 500

[sweep]
players = [3, 4, 5]

[strategies]
pool = ["expander", "builder", "hunter", "balanced"]
"""
GANGSIM = [sys.executable, "-c", "from sim.cli import main; main()"]


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    root = tmp_path_factory.mktemp("interrupt")
    (root / "experiments").mkdir()
    (root / "experiments" / "sweep.toml").write_text(CONFIG)
    ref = run(load("sweep", root / "experiments"), root / "reference", progress=False,
              log=lambda m: None)
    return root, ref


def _default_sigint():
    """A shell runs a background job with SIGINT ignored, and Python then never installs its
    Ctrl-C handler: give the child the default disposition, as a terminal's job has."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def cli(root, results, **kw):
    return subprocess.Popen(GANGSIM + ["experiment", "sweep", "--experiments",
                                       str(root / "experiments"), "--results", str(results),
                                       "--no-progress"], preexec_fn=_default_sigint, **kw)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL],
                         ids=["ctrl-c", "sigterm", "sigkill"])
def test_interrupted_sweep_resumes_to_identical_output(setup, sig):
    root, ref = setup
    results = root / f"run-{sig.name}"
    proc = cli(root, results, stderr=subprocess.PIPE, text=True)
    points = results / "sweep" / "points"
    deadline = time.time() + 120
    while time.time() < deadline and len(list(points.rglob("g*.parquet"))) < 3:
        time.sleep(0.005)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    n_parts = len(list(points.rglob("g*.parquet")))
    assert 3 <= n_parts < 48, "the kill must land mid-sweep"
    assert not (results / "sweep" / "games.parquet").exists()
    if sig == signal.SIGKILL:
        assert proc.returncode == -signal.SIGKILL
    else:
        assert proc.returncode == 130 and "run the same command again to resume" in err
        assert not list((results / "sweep").rglob("*.tmp"))  # cleaned up on the way out
    second = cli(root, results, stderr=subprocess.PIPE, text=True)
    _, err = second.communicate(timeout=300)
    assert second.returncode == 0, err
    assert "resuming" in err or n_parts < 16
    out = results / "sweep"
    pd.testing.assert_frame_equal(pd.read_parquet(out / "games.parquet"),
                                  pd.read_parquet(ref / "games.parquet"))
    assert (out / "summary.csv").read_bytes() == (ref / "summary.csv").read_bytes()
    assert not list(out.rglob("*.tmp"))
    assert os.path.exists(out / "report.md")
