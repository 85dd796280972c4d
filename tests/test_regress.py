"""Balance regression: the committed baselines hold, a new random stream passes, and a real
rule change is caught."""

from pathlib import Path

import pytest

from sim.regress import compare, run_suite

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "experiments" / "ci"
BASELINES = ROOT / "results" / "baselines"


def run(tmp_path, **kw):
    lines = []
    ok = run_suite(SUITE, BASELINES, tmp_path / "ci", log=lines.append, **kw)
    return ok, "\n".join(lines)


def test_committed_baselines_hold(tmp_path):
    """The CI regression itself: the suite replayed now matches results/baselines/."""
    ok, out = run(tmp_path)
    assert ok, out
    assert " 0 moved beyond tolerance" in out


def test_new_random_draws_pass(tmp_path):
    """Only the random draws change (another seed): a statistical check must not fail."""
    ok, out = run(tmp_path, seed_override=12345)
    assert ok, out


def test_a_rule_change_is_caught(tmp_path):
    """Ties going to the attacker changes balance enough to fail the regression."""
    ok, out = run(tmp_path, rules_override={"ties_to": "attacker"})
    assert not ok
    assert "MOVED" in out


def test_compare_band_and_verdicts():
    base = {"a": {"value": 0.5, "se": 0.01}, "b": {"value": 10.0, "se": 0.1}}
    now = {"a": {"value": 0.535, "se": 0.01}, "b": {"value": 10.05, "se": 0.1}}
    df = compare(base, now, false_alarm=0.05).set_index("metric")
    # z = 2.2414 for 0.05 over two metrics; half-width = z * sqrt(2) * se
    assert df.loc["a", "high"] == pytest.approx(0.5 + 2.2414 * 0.0141421, abs=1e-4)
    assert df.loc["a", "verdict"] == "MOVED" and df.loc["b", "verdict"] == "ok"
    assert compare(base, {"b": now["b"]}).set_index("metric").loc["a", "verdict"] == "MISSING"
