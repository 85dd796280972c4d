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
    config.addinivalue_line("markers", "slow: long end-to-end or statistical test (make "
                            "test-fast leaves these out; make test runs everything)")


# Modules whose tests take seconds each (whole experiments, clusters, notebooks, fuzzing,
# statistical batches); `make test-fast` runs everything else in about a minute.
SLOW_MODULES = {"test_dask", "test_interrupt", "test_notebooks", "test_experiment_e2e",
                "test_config_fuzz", "test_regress", "test_precision", "test_crn",
                "test_tournament", "test_rifle_gun_experiment", "test_golden"}
SLOW_TESTS = {"test_every_scripted_strategy_beats_random"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.module.__name__ in SLOW_MODULES or item.originalname in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)


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
