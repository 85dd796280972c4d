"""Analysis metrics against known answers."""

import warnings

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from sim.analysis.metrics import (
    BALANCED,
    CANT_TELL,
    UNBALANCED,
    comebacks,
    equivalence,
    kaplan_meier,
    km_median,
)
from sim.analysis.stats import wilson


def test_kaplan_meier_textbook_example():
    # times 3, 5+, 6, 6, 8+, 10 ("+" censored): S = 5/6 after 3, then 5/6 * 2/4 after 6,
    # then * 0 after 10 (one at risk, it ends)
    km = kaplan_meier([3, 5, 6, 6, 8, 10], [1, 0, 1, 1, 0, 1])
    assert list(km["rounds"]) == [3, 6, 10]
    assert km["survival"].tolist() == pytest.approx([5 / 6, 5 / 12, 0.0])
    assert list(km["at_risk"]) == [6, 4, 1]
    assert km_median(km) == 6
    assert (km["lo"] <= km["survival"]).all() and (km["survival"] <= km["hi"]).all()


def test_kaplan_meier_without_censoring_is_the_empirical_survival():
    rng = np.random.default_rng(0)
    d = rng.integers(1, 30, 500)
    km = kaplan_meier(d, np.ones(500, bool))
    for t, s in zip(km["rounds"], km["survival"], strict=True):
        assert s == pytest.approx((d > t).mean())


@pytest.mark.parametrize("seed, alpha, limit", [(0, 0.05, 20), (1, 0.05, 20), (2, 0.10, 20),
                                               (3, 0.01, 20), (4, 0.05, 1000)])
def test_kaplan_meier_and_its_log_log_band_agree_with_scipy(seed, alpha, limit):
    # integer game lengths, many ties, games cut off by a turn limit at the same round as
    # others end (censored games count as at risk at their own round), plus random dropouts;
    # with no reachable limit the last game ends and the curve reaches 0
    rng = np.random.default_rng(seed)
    n = int(rng.integers(20, 400))
    ends = rng.geometric(rng.uniform(0.05, 0.3), n)
    cut = np.where(rng.random(n) < 0.3, rng.integers(1, 25, n), limit)
    rounds, finished = np.minimum(ends, cut), ends <= cut
    km = kaplan_meier(rounds, finished, alpha)
    ref = stats.ecdf(stats.CensoredData(uncensored=rounds[finished], right=rounds[~finished]))
    t = km["rounds"].to_numpy()
    assert km["survival"].to_numpy() == pytest.approx(ref.sf.evaluate(t), abs=1e-12)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # undefined where survival is 0
        band = ref.sf.confidence_interval(confidence_level=1 - alpha, method="log-log")
    lo, hi = band.low.evaluate(t), band.high.evaluate(t)
    defined = (km["survival"] > 0).to_numpy()
    assert km["lo"].to_numpy()[defined] == pytest.approx(lo[defined], abs=1e-10)
    assert km["hi"].to_numpy()[defined] == pytest.approx(hi[defined], abs=1e-10)
    # where every game still at risk ended, scipy's band is undefined and ours collapses to 0
    assert (km.loc[~defined, ["lo", "hi"]].to_numpy() == 0).all()
    assert defined.all() == (limit == 20)
    assert km["at_risk"].tolist() == [int((rounds >= r).sum()) for r in t]


def test_censored_games_raise_the_median_compared_with_dropping_them():
    d = np.array([5] * 40 + [200] * 60)
    fin = np.array([True] * 40 + [False] * 60)
    assert km_median(kaplan_meier(d, fin)) == float("inf")  # most never end
    assert km_median(kaplan_meier(d[fin], fin[fin])) == 5


def test_equivalence_verdicts():
    assert equivalence(2500, 10000, 0.25, 0.03) == BALANCED
    assert equivalence(3300, 10000, 0.25, 0.03) == UNBALANCED
    assert equivalence(27, 100, 0.25, 0.03) == CANT_TELL
    # the interval used is the (1 - 2 alpha) one
    _, lo, hi = wilson(270, 1000, 0.10)
    assert equivalence(270, 1000, 0.25, 0.03) == (BALANCED if hi <= 0.28 else CANT_TELL)


def test_comebacks():
    t = pd.DataFrame({"point": [0] * 6, "game": [0, 0, 1, 1, 2, 2],
                      "won": [True, False, False, True, False, False],
                      "score_mid": [3, 5, 4, 4, 1, 1]})
    c = comebacks(t)
    assert c["comebacks"].iloc[0] == 1 and c["decided"].iloc[0] == 2


def test_holder_wins_counts_the_longest_holder_only():
    from sim.analysis.summary import holder_wins

    t = pd.DataFrame({
        "point": [0] * 8, "players": [2] * 8, "game": [0, 0, 1, 1, 2, 2, 3, 3],
        "won": [True, False, False, True, False, False, True, False],
        "held_park": [5, 1, 4, 0, 3, 3, 2, 2]})
    h = holder_wins(t).set_index("asset").loc["park"]
    # game 0: holder won; game 1: holder lost; game 2 undecided; game 3 tied holders: skipped
    assert (h["wins"], h["games"]) == (1, 2)
