"""Verdicts of the sweep report that survive a change of seed: criterion statuses, the
stability of a recommendation, 'no measurable difference', every metric's effect, points that
measure nothing, every seat that is off."""

import numpy as np
import pandas as pd

from sim.analysis import sweep_report as R
from sim.analysis import verdicts as V
from sim.analysis.stats import wilson
from sim.analysis.summary import point_summary
from sim.config import load, parse
from sim.runner import play_point, run

REPORT = {"target_rounds": [8, 20], "max_unfinished": 0.02, "seat_tolerance": 0.05,
          "alpha": 0.05}


def _table(rounds, winner_order, players=4, turn_limit=None):
    """A tidy table of games with the given lengths and winners' turn positions."""
    n = len(rounds)
    turn_limit = np.zeros(n, bool) if turn_limit is None else np.asarray(turn_limit)
    rows = []
    for g in range(n):
        for seat in range(players):
            rows.append({"game": g, "seat": seat, "order": seat, "players": players,
                         "won": winner_order[g] == seat, "rounds": rounds[g],
                         "turn_limit": turn_limit[g]})
    return pd.DataFrame(rows)


def test_statuses_follow_the_intervals():
    rng = np.random.default_rng(1)
    n = 4000
    fair = _table(rng.integers(10, 16, n), rng.integers(0, 4, n))
    pc = V.point_counts(fair)
    assert pc.games == n and pc.count.sum() == n
    m = V.point_metrics(pc, pc.count[None, :], REPORT)
    assert m["median"][0] == np.median(fair.drop_duplicates("game")["rounds"])
    assert m["median_lo"][0] <= m["median"][0] <= m["median_hi"][0]
    assert (m["unf_status"][0], m["seat_status"][0], m["length_status"][0]) == (V.MEETS,) * 3
    # the first seat wins 40% against a fair 25% with a 5-point tolerance: fails
    w = np.where(rng.random(n) < 0.4, 0, rng.integers(1, 4, n))
    pc = V.point_counts(_table(rng.integers(10, 16, n), w))
    m = V.point_metrics(pc, pc.count[None], REPORT)
    assert m["seat_status"][0] == V.FAILS
    # 100 games: the seat interval is too wide to tell; games far too long: length fails;
    # 10% hit the turn limit: unfinished fails
    few = _table(np.full(100, 40), rng.integers(0, 4, 100), turn_limit=np.arange(100) < 10)
    pc = V.point_counts(few)
    m = V.point_metrics(pc, pc.count[None], REPORT)
    assert (m["unf_status"][0], m["seat_status"][0], m["length_status"][0]) == (
        V.FAILS, V.BORDERLINE, V.FAILS)


def test_median_interval_covers_at_its_level():
    """The order-statistic 95% interval of the median covers the true median (12) of a
    continuous-ish length distribution in about 95% of 200 samples; assert at least 175
    (binomial false-alarm rate below 1e-5)."""
    rng = np.random.default_rng(7)
    covered = 0
    for _ in range(200):
        r = np.round(rng.normal(12, 3, 301) * 10).astype(np.int64)  # tenths: few ties
        pc = V.point_counts(_table(r, rng.integers(0, 4, 301)))
        m = V.point_metrics(pc, pc.count[None], REPORT)
        covered += m["median_lo"][0] <= 120 <= m["median_hi"][0]
    assert covered >= 175


def _sweep(raw):
    exp = parse(raw, "t", "t.toml")
    tables, pcs = [], {}
    for pt in exp.points:
        t = play_point(exp, pt)
        tables.append(t)
        pcs[pt.index] = V.point_counts(t)
    x = [k for k in exp.points[0].swept if k != "players"][0]
    summary = pd.concat([point_summary(t, [x]) for t in tables], ignore_index=True)
    return summary, pcs, x


def test_reported_stability_agrees_with_reruns():
    """A knife-edge sweep (O.G., 5 players, goals 10-16, where the recommendation moves with
    the seed) run at 20 seeds: the report's estimate that a re-run agrees (mean over seeds of
    the sum of squared bootstrap pick shares) matches how often two seeds' recommendations
    actually agree within 0.15. With 20 seeds the agreement rate's standard error is about
    0.07 (jackknife over seeds), so a correctly calibrated estimate fails this about 5% of the
    time at a fresh set of seeds; the reported share of the recommended value alone (0.57)
    would fail it."""
    picks, agreement = [], []
    for seed in range(20):
        raw = {"experiment": {"game": "og", "seed": 1000 + seed, "games": 1500},
               "rules": {"goal_mode": "fixed", "players": 5},
               "sweep": {"props_goal": [10, 12, 14, 16]},
               "strategies": {"pool": ["expander", "builder", "harasser", "hunter",
                                       "balanced"]}}
        summary, pcs, x = _sweep(raw)
        rec, _ = R.recommend(summary, x, REPORT, pcs, {}, seed=seed)
        r = rec.iloc[0]
        picks.append(r[x] if r["kind"] == "clear" else None)
        agreement.append(r["agreement"])
    pairs = [picks[i] == picks[j] for i in range(20) for j in range(20) if i != j]
    assert len(set(picks)) >= 2  # the sweep really is on a knife edge
    assert abs(np.mean(agreement) - np.mean(pairs)) <= 0.15, (np.mean(agreement),
                                                              np.mean(pairs), picks)


EXP = """
[experiment]
game = "og"
seed = 5
games = {games}

[rules]
goal_mode = "fixed"
{rules}

[sweep]
{sweep}
"""


def _run(tmp_path, name, rules, sweep, games):
    d = tmp_path / "experiments"
    d.mkdir(exist_ok=True)
    (d / f"{name}.toml").write_text(EXP.format(games=games, rules=rules, sweep=sweep))
    out = run(load(name, d), tmp_path / "results", progress=False, log=lambda m: None)
    return (out / "report.md").read_text()


def test_a_parameter_that_changes_nothing_gets_no_pick(tmp_path):
    """max_rounds 200 vs 300 when games last about 11 rounds: identical rules in play. The
    equivalence check is Bonferroni-corrected over its metrics, so a false 'difference' has
    at most a 5% chance per player count at a fresh seed; this seed is fixed."""
    report = _run(tmp_path, "same", "props_goal = 8", "players = [3, 4]\n"
                  "max_rounds = [200, 300]", 2500)
    head = report.split("## Headline")[1].split("Criteria,")[0]
    for p in (3, 4):
        assert (f"- {p} players: no measurable difference between max_rounds = 200, 300 on "
                "any criterion") in head
    assert "stable" not in head and "toss-up" not in head
    assert "changes no metric measurably" in head or "measurably changes" in head


def test_effect_of_a_rule_lists_every_metric_new_minus_default(tmp_path):
    """ties_to: attacker (new) against defender (the default): ties going to the attacker
    raise attack success by construction, so the effect is positive and measurable."""
    report = _run(tmp_path, "ties", "players = 4", 'ties_to = ["attacker", "defender"]', 3000)
    assert "## Effect of ties_to: defender -> attacker" in report
    section = report.split("## Effect of")[1].split("## Strategies")[0]
    assert "attacker minus defender (the default)" in section
    rows = {line.split(" | ")[0].lstrip("| "): line for line in section.splitlines()
            if line.startswith("| ") and not line.startswith("| metric")}
    for metric in ["attacks_won / attacks", "defences_won / defences", "rounds",
                   "turn 1 win share", "hunter win rate", "crew per seat"]:
        assert metric in rows or metric in section.split("no difference at all")[-1], metric
    assert "+" in rows["attacks_won / attacks"].split("|")[2]
    assert "yes" in rows["attacks_won / attacks"]
    first = next(iter(rows))  # largest standardised change first
    assert first in ("attacks_won / attacks", "defences_won / defences")
    head = report.split("## Headline")[1].split("Criteria,")[0]
    assert "attacks_won / attacks +" in head


def test_points_where_the_goal_never_decides_are_flagged(tmp_path):
    """At 2 players a Props goal of 60 is never reached (games end by last standing)."""
    report = _run(tmp_path, "far", "players = 2", "props_goal = [10, 60]", 400)
    assert "**Points that measure nothing about props_goal:** 2 players, props_goal = 60" in report
    head = report.split("## Headline")[1].split("Criteria,")[0]
    assert "props_goal = 60" not in head
    table = report.split("## Every point")[1]
    row = next(line for line in table.splitlines() if line.startswith("| 2 | 60 |"))
    assert "last standing 100%" in row and "measures nothing" in row


def test_every_seat_that_is_off_is_named():
    row = {"players": 4, "decided": 8000}
    for k, sh in enumerate([0.28, 0.25, 0.26, 0.21]):
        wins = int(sh * 8000)
        p, lo, hi = wilson(wins, 8000)
        row.update({f"order{k}_wins": wins, f"order{k}_share": p, f"order{k}_lo": lo,
                    f"order{k}_hi": hi})
    row = pd.Series(row, dtype=object)
    text = R._seats_off(row, REPORT)
    assert "turn 1 28.0%" in text and "turn 4 21.0%" in text and "turn 3 26.0%" in text
    assert "turn 2" not in text
    assert "within the tolerance" in text


def test_weight_overrides_show_in_the_set_up():
    man = {"weights": {"expander": {"attack_margin": 1}}, "sweep": {"hunter.greed": [0, 1]}}
    text = R._weights_text(man)
    assert "expander: attack_margin = 1" in text and "`hunter.greed`" in text
    assert R._weights_text({"weights": {}, "sweep": {}}) == "every preset at its defaults."


def test_bootstrap_is_deterministic():
    rng = np.random.default_rng(3)
    pcs = [V.point_counts(_table(rng.integers(8, 20, 500), rng.integers(0, 4, 500)))
           for _ in range(3)]
    a = V.bootstrap(pcs, REPORT, [True] * 3, seed=9)
    b = V.bootstrap(pcs, REPORT, [True] * 3, seed=9)
    assert all(np.array_equal(u, v) for u, v in zip(a, b, strict=True))
    assert abs(a[0].sum() - 1) < 1e-12


def test_other_swept_keys_make_separate_contexts_and_rebuild_keeps_the_axis(tmp_path):
    """x is the first swept key in the config's order (props_goal, although 'ties_to' sorts
    after it and 'players' before); each ties_to value gets its own recommendation; rebuilding
    the report from the saved manifest (keys sorted by JSON) gives the same report."""
    from sim.runner import write_report

    _run(tmp_path, "ctx", "", 'players = [4]\nprops_goal = [8, 12]\nties_to = ["defender", '
         '"attacker"]', 300)
    out = tmp_path / "results" / "ctx"
    report = (out / "report.md").read_text()
    head = report.split("## Headline")[1].split("Criteria,")[0]
    for tie in ("defender", "attacker"):
        assert f"- 4 players, ties_to = {tie}: " in head
    assert "props_goal" in head and "## Effect of props_goal: 8 -> 12" in report
    import json

    write_report(out, json.loads((out / "manifest.json").read_text()))
    assert (out / "report.md").read_text() == report
