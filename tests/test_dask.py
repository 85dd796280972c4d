"""The Dask backend: a local cluster of worker processes gives bit-identical results, whatever
the task size, and survives a worker killed mid-task; without Dask (an extra) a cluster run
says how to install it."""

import os
import signal
import sys
import threading
import time

import pandas as pd
import pytest
from click.testing import CliRunner

from sim.backend import DaskBackend
from sim.cli import main
from sim.config import parse
from sim.runner import run


def experiment(chunk, games=3000):
    raw = {"experiment": {"game": "og", "seed": 17, "games": games, "chunk": chunk},
           "sweep": {"players": [2, 4], "props_goal": [8, 12]},
           "strategies": {"pool": ["expander", "hunter", "balanced", "harasser"]}}
    return parse(raw, "dask", "dask.toml")


@pytest.fixture(scope="module")
def cluster():
    with DaskBackend(workers=2) as backend:
        yield backend


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = run(experiment(1000), tmp_path_factory.mktemp("ref"), progress=False,
              log=lambda m: None)
    return pd.read_parquet(out / "games.parquet")


def test_local_cluster_matches_local_run_for_any_task_size(cluster, reference, tmp_path):
    assert len(cluster.worker_pids()) == 2
    for chunk in (1000, 700):
        out = run(experiment(chunk), tmp_path / str(chunk), progress=False, log=lambda m: None,
                  backend=cluster)
        pd.testing.assert_frame_equal(pd.read_parquet(out / "games.parquet"), reference)


def test_killed_worker_does_not_change_results(cluster, tmp_path):
    exp = experiment(500, games=12000)
    ref = run(exp, tmp_path / "ref", progress=False, log=lambda m: None)
    parts = tmp_path / "killed" / "dask" / "points"
    killed = []

    def assassin():
        deadline = time.time() + 60
        while time.time() < deadline and not list(parts.rglob("g*.parquet")):
            time.sleep(0.002)
        pid = cluster.worker_pids()[0]
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)

    t = threading.Thread(target=assassin)
    t.start()
    out = run(exp, tmp_path / "killed", progress=False, log=lambda m: None, backend=cluster)
    t.join()
    assert killed, "a worker was killed mid-sweep"
    pd.testing.assert_frame_equal(pd.read_parquet(out / "games.parquet"),
                                  pd.read_parquet(ref / "games.parquet"))


def test_cluster_without_dask_says_how_to_install_it(monkeypatch, tmp_path):
    for mod in ("dask", "distributed"):
        monkeypatch.setitem(sys.modules, mod, None)  # import fails as if not installed
    with pytest.raises(ImportError, match=r"^--workers needs Dask.*pip install 'gangsim\[dask\]'"):
        DaskBackend(workers=2)
    with pytest.raises(ImportError, match=r"^--scheduler needs Dask"):
        DaskBackend(address="tcp://127.0.0.1:8786")
    res = CliRunner().invoke(main, ["experiment", "og_goal_sweep", "--workers", "2",
                                    "--results", str(tmp_path)])
    assert res.exit_code == 1, res.output  # a runtime failure: the command itself was fine
    assert res.stderr.startswith("Error: --workers needs Dask"), res.stderr
    assert "Traceback" not in res.output and not any(tmp_path.iterdir())
