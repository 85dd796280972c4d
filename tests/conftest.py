"""Shared fixtures. Statistical tests state their false-alarm rate where they are defined."""

import os

import numpy as np
import pytest

from sim.og.rules import OGRules
from strategies.og import table


def pytest_configure(config):
    # every game played by the tests (subprocesses and Dask workers too) checks the engine's
    # invariants after each turn and stops with its key if one breaks
    os.environ.setdefault("GANGSIM_DEBUG", "1")


@pytest.fixture(scope="session")
def og_field():
    """A 4-player line-up of four different scripted strategies."""
    names = ["expander", "builder", "harasser", "hunter"]
    kinds, weights = table(names)
    return names, kinds, weights


def tile(kinds, weights, n):
    """Same line-up for n games: (int64[n, P], float64[n, P, W])."""
    return np.tile(kinds, (n, 1)), np.tile(weights, (n, 1, 1))


@pytest.fixture(scope="session")
def rules4():
    return OGRules(players=4)
