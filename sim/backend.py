"""Where tasks run: in this process (default) or on a Dask cluster.

A task is ``chunk`` games of one sweep point (``runner.run_task``). On Dask each task is one
future; results come back to this process, which writes every part file, so workers need no
shared disk. Task size rule: a task should take well over the ~5 ms Dask spends per task
(scheduling plus shipping a part back), i.e. chunk >= 2,000 O.G. games (about 25-50 ms at
40-80k games/s); `make bench` measures the overhead. Workers compile the numba kernels once,
from the on-disk cache, not per task.

Dask is an extra (``pip install 'gangsim[dask]'``; ``make`` installs it): only a cluster run
imports it.
"""

from __future__ import annotations

import os

import click


class DaskMissing(click.ClickException, ImportError):
    """A cluster was asked for without Dask installed. An ImportError for callers of the
    library; a click exception so that the command line reports it like its other runtime
    failures (``Error: ...``, exit 1), with no traceback."""


class DaskBackend:
    """Run tasks on a Dask cluster: an existing one (``address``) or a local one with
    ``workers`` worker processes (one numba thread each, so cores are not oversubscribed)."""

    name = "dask"

    def __init__(self, address: str | None = None, workers: int | None = None):
        try:
            from distributed import Client, LocalCluster
        except ImportError as e:
            option = "--scheduler" if address else "--workers"
            raise DaskMissing(f"{option} needs Dask, which is not installed: pip install "
                              f"'gangsim[dask]' ({e})") from e

        self.cluster = None
        if address:
            self.client = Client(address, timeout="20s")
            self.numba_threads = None  # the cluster's own business
        else:
            workers = workers or os.cpu_count() or 1
            self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1,
                                        processes=True, dashboard_address=None,
                                        silence_logs=40)
            self.client = Client(self.cluster)
            self.numba_threads = max(1, (os.cpu_count() or 1) // workers)
        self.name = f"dask ({len(self.client.scheduler_info()['workers'])} workers)"

    def map_unordered(self, fn, tasks):
        from distributed import as_completed

        if not tasks:
            return
        futures = self.client.map(fn, tasks, pure=False)
        for fut in as_completed(futures):
            yield fut.result()
            fut.release()

    def worker_pids(self) -> list[int]:
        return list(self.client.run(os.getpid).values())

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
