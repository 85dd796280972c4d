"""The shared tidy-table builder (sim/core/records.py)."""

import numpy as np

from sim.core.records import tidy


def _table(lineup, pool):
    n, p = lineup.shape
    return tidy(0, lineup, pool, winner=np.zeros(n, dtype=np.int64), end=np.zeros(n, dtype=np.int64),
                end_names=["done"], turn_limit=np.zeros(n, dtype=bool),
                first_seat=np.zeros(n, dtype=np.int64), order=np.zeros((n, p), dtype=np.int64),
                rounds=np.ones(n, dtype=np.int64))


def test_a_preset_named_twice_in_the_pool_is_one_category():
    """`gangsim play westamunda --strategies random,random` once crashed here: the pool lists the
    same preset for both seats, and a categorical's categories must be unique."""
    t = _table(np.array([[0, 1], [1, 0]]), ["random", "random"])
    assert list(t["strategy"]) == ["random"] * 4
    assert list(t["strategy"].cat.categories) == ["random"]


def test_distinct_pools_keep_their_order_and_codes():
    t = _table(np.array([[0, 2], [1, 0]]), ["a", "b", "c"])
    assert list(t["strategy"]) == ["a", "c", "b", "a"]
    assert list(t["strategy"].cat.categories) == ["a", "b", "c"]
