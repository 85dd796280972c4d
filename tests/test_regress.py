"""Balance regression: the committed baselines hold, a new random stream passes, and a real
rule change is caught."""

import json
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
    """The CI regression itself: the suite replayed now matches results/baselines/, every
    experiment of it (one per game at least)."""
    ok, out = run(tmp_path)
    assert ok, out
    assert out.count(" 0 moved beyond tolerance") == len(list(SUITE.glob("*.toml"))) >= 2


def test_new_random_draws_pass(tmp_path):
    """Only the random draws change (another seed): a statistical check must not fail."""
    ok, out = run(tmp_path, seed_override=12345)
    assert ok, out


def test_a_rule_change_is_caught(tmp_path):
    """Ties going to the attacker changes O.G.'s balance enough to fail the regression."""
    ok, out = run(tmp_path, rules_override={"ties_to": "attacker"}, only=["og_small"])
    assert not ok
    assert "MOVED" in out


def test_a_rifle_gun_rule_change_is_caught(tmp_path):
    """Hits on 5+ instead of 4+ (fewer kills, more turn-limit draws) fails Rifle & Gun's."""
    ok, out = run(tmp_path, rules_override={"hit_on": 5}, only=["rg_small"])
    assert not ok
    assert "MOVED" in out


def test_a_godfather_rule_change_is_caught(tmp_path):
    """No recruits per set (recruit_die 0: smaller gangs) fails Godfather's."""
    ok, out = run(tmp_path, rules_override={"recruit_die": 0}, only=["gf_small"])
    assert not ok
    assert "MOVED" in out


def test_the_false_alarm_budget_is_shared_by_the_whole_suite(tmp_path):
    """Bonferroni over every metric of every experiment: 1% for the whole suite."""
    ok, out = run(tmp_path)
    n = sum(len(json.loads(p.read_text())["metrics"])
            for p in BASELINES.glob("*.json"))
    assert f"across the suite's {n} metrics" in out


def test_compare_band_and_verdicts():
    base = {"a": {"value": 0.5, "se": 0.01}, "b": {"value": 10.0, "se": 0.1}}
    now = {"a": {"value": 0.535, "se": 0.01}, "b": {"value": 10.05, "se": 0.1}}
    df = compare(base, now, false_alarm=0.05).set_index("metric")
    # z = 2.2414 for 0.05 over two metrics; half-width = z * sqrt(2) * se
    assert df.loc["a", "high"] == pytest.approx(0.5 + 2.2414 * 0.0141421, abs=1e-4)
    assert df.loc["a", "verdict"] == "MOVED" and df.loc["b", "verdict"] == "ok"
    assert compare(base, {"b": now["b"]}).set_index("metric").loc["a", "verdict"] == "MISSING"


def test_a_westamunda_rule_change_is_caught(tmp_path):
    """Characteristic rolls on 8 minus the score instead of 7 (every shot one harder: longer
    fights, fewer taken out) fails Westamunda's."""
    ok, out = run(tmp_path, rules_override={"needed_base": 8}, only=["wm_small"])
    assert not ok
    assert "MOVED" in out


def test_a_westamunda_shootout_order_change_is_caught(tmp_path):
    """Ordinary gang turns instead of the fast-draw order (the first gang to shoot wins about
    70% of three-a-side duels, against 50%) fails the shoot-out's guard."""
    ok, out = run(tmp_path, rules_override={"shootout_order": "turns"},
                  only=["wm_shootout_small"])
    assert not ok
    assert "MOVED" in out
