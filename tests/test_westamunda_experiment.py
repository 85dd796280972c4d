"""The weapons-and-builds experiment end to end on a tiny grid, the gangs the rules field, and
the report's statistics on inputs with known answers."""

import numpy as np
import pandas as pd
import pytest

from sim.config import parse
from sim.core.params import ConfigError
from sim.runner import run
from sim.westamunda import builds
from sim.westamunda.report import clustered, weapon_values
from sim.westamunda.rules import WMRules

RAW = {
    "experiment": {"game": "westamunda", "seed": 3, "games": 40, "chunk": 20},
    "rules": {"maps": 4},
    "strategies": {"pool": ["patient_aimer", "gunslinger_rush"]},
    "report": {"kind": "weapons"},
    "grid": [
        {"swap_a": ["none", "spencer", "pepperbox", "bowie"]},
        {"build_a": ["long_guns", "handguns"], "build_b": ["long_guns", "handguns"]},
        {"ammo_on": [7]},
        {"dynamite_a": [1], "setup_max_rarity": [2]},
        {"gang_a": ["cavalry"], "gang_b": ["cavalry"], "swap_a": ["sabre"]},
    ],
}


def test_config_refuses_gangs_it_cannot_field_before_playing():
    for rules, words in (({"swap_a": "sabre"}, ["swap_a", "sabre", "not for a townsfolk gang"]),
                         ({"swap_b": "lemat"}, ["swap_b", "lemat", "rare", "setup_max_rarity"]),
                         ({"swap_b": "lever_shotgun_scatter"},
                          ["swap_b", "lever_shotgun_scatter", "rare", "setup_max_rarity"]),
                         ({"gang_budget": 600}, ["build_a", "standard", "$764"]),
                         ({"dynamite_a": 1}, ["dynamite_a", "rare", "setup_max_rarity"]),
                         ({"build_a": "crowd", "gang_a": "cavalry", "swap_a": "henry"},
                          ["gang_a", "cavalry", "henry"])):
        with pytest.raises(ConfigError) as e:
            parse({**RAW, "rules": rules, "grid": [{"maps": [4]}]}, "wm", "wm.toml")
        assert all(w in str(e.value) for w in words), (rules, str(e.value))
    with pytest.raises(ConfigError, match=r"swap_a.*expected one of"):
        parse({**RAW, "grid": [{"swap_a": ["blunderbus"]}]}, "wm", "wm.toml")


def test_the_rules_field_the_named_gangs():
    r = WMRules(build_a="crowd", build_b="long_guns", swap_b="henry")
    a, b = builds.side_roster(r, "a"), builds.side_roster(r, "b")
    assert len(a) > len(b)
    assert all("spencer" not in x.weapons for x in b) and any("henry" in x.weapons for x in b)
    assert r.roster_cost(a) <= r.gang_budget and r.roster_cost(b) <= r.gang_budget + 100


def test_weapons_report_end_to_end(tmp_path):
    messages = []
    out = run(parse(RAW, "wm", "wm.toml"), tmp_path, progress=False, log=messages.append)
    report = (out / "report.md").read_text()
    for section in ("## What a weapon is worth", "## Builds", "## Shooting modes",
                    "## Do the ammunition rules bite?", "## Is dynamite worth it?",
                    "## Are the sabre and the lance worth carrying?", "## Recommendation",
                    "## Caveats"):
        assert section in report, section
    assert "**Gunfighters head to head**" in report
    games = pd.read_parquet(out / "games.parquet")
    assert len(games) == (4 + 4 + 1 + 1 + 1) * 40 * 2 and set(games["seat"]) == {0, 1}
    sabre = pd.read_csv(out / "summary.csv").query("swap_a == 'sabre'").iloc[0]
    assert sabre["cost_a"] - sabre["cost_b"] == 80 and "parries_turned" in sabre  # a sabre each
    summary = pd.read_csv(out / "summary.csv")
    # each side's cost is its gang's: the swap changes side A's alone
    r = WMRules(swap_a="spencer")
    spencer = summary[summary["swap_a"] == "spencer"].iloc[0]
    assert spencer["cost_a"] == r.roster_cost(builds.side_roster(r, "a"))
    assert spencer["cost_b"] == r.roster_cost(builds.side_roster(r, "b")) == 764
    w = pd.read_csv(out / "weapons.csv")
    assert set(w["weapon"]) == {"spencer", "pepperbox", "bowie", "sabre"}
    assert list(w.loc[w["weapon"] == "spencer", "fighters"]) == [4]  # the Winchester carriers
    assert list(w.loc[w["weapon"] == "bowie", "fighters"]) == [8]  # a hand weapon for everyone
    assert (w["d_cost"] == w["weapon"].map(
        {"spencer": -20, "pepperbox": -72, "bowie": 80, "sabre": 80})).all()


def test_clustered_se_is_the_plain_se_for_singleton_clusters_and_wider_for_shared_luck():
    rng = np.random.default_rng(1)
    x = rng.normal(size=200)
    m, se = clustered(x, np.arange(200))
    assert m == pytest.approx(x.mean()) and se == pytest.approx(x.std(ddof=1) / np.sqrt(200))
    # 20 tables each adding its own shift: the clustered error is well above the naive one
    shift = np.repeat(rng.normal(scale=2.0, size=20), 10)
    _, se_c = clustered(x + shift, np.repeat(np.arange(20), 10))
    assert se_c > 2 * (x + shift).std(ddof=1) / np.sqrt(200)


def test_a_gang_types_own_hand_weapon_is_priced_at_the_rate_not_fitted():
    """Five war band swaps on the line score = 0.001 x cost change, and a held lance far below
    it (its hand rule, not its price): the rate is the five's, and the lance is priced at it
    (overpriced), not pulling the rate down."""
    rows, rules = [], []
    for i, (w, dc, ds) in enumerate((("henry", 50, 0.05), ("spencer", -50, -0.05),
                                     ("hunting_rifle", 100, 0.10), ("bow", -100, -0.10),
                                     ("tomahawk", 20, 0.02), ("lance", 120, -0.20))):
        rows.append({"point": i, "swap_a": w, "swap_b": "none", "build_a": "standard",
                     "build_b": "standard", "gang_a": "native_war_band",
                     "gang_b": "native_war_band", "table_setting": "town",
                     "terrain_density": "medium", "ammo_on": 6, "score": 0.5 + ds, "se": 0.005,
                     "games": 1000, "cost_a": 764 + dc, "cost_b": 764})
        rules.append({"index": i, "rules": WMRules(gang_a="native_war_band", gang_b="native_war_band",
                                                   swap_a=w).as_dict()})
    values, rates = weapon_values(pd.DataFrame(rows), {"points": rules}, 1.96)
    (rate, _), = rates.values()
    assert rate == pytest.approx(0.001, rel=0.05)
    lance = values[values["weapon"] == "lance"].iloc[0]
    assert lance["off_significant"] and lance["price_off_each"] < 0


def test_only_a_weapon_off_the_fields_rate_is_called_mispriced():
    """Five swaps on the line score = 0.001 x cost change (tiny errors), one far above it: the
    fit recovers the rate and flags that one alone, underpriced by its residual's dollars."""
    rows = []
    for i, (w, dc, ds) in enumerate((("a", 50, 0.05), ("b", -50, -0.05), ("c", 100, 0.10),
                                     ("d", -100, -0.10), ("e", 20, 0.02), ("odd", 0, 0.08))):
        rows.append({"point": i, "swap_a": w, "swap_b": "none", "build_a": "standard",
                     "build_b": "standard", "gang_a": "townsfolk", "gang_b": "townsfolk",
                     "table_setting": "town", "terrain_density": "medium", "ammo_on": 6,
                     "score": 0.5 + ds, "se": 0.005, "games": 1000, "cost_a": 764 + dc,
                     "cost_b": 764})
    scores = pd.DataFrame(rows)
    manifest = {"points": [{"index": i, "rules": WMRules(swap_a=w).as_dict()}
                           for i, w in enumerate(["henry", "henry", "henry", "henry", "henry",
                                                  "spencer"])]}
    values, rates = weapon_values(scores, manifest, 1.96)
    (rate, rate_se), = rates.values()
    assert rate == pytest.approx(0.001, rel=0.05)  # the odd one has no cost change: no weight
    flagged = values[values["off_significant"]]
    assert list(flagged["weapon"]) == ["odd"]
    # 0.08 of score at 0.001 a dollar = $80 over 4 fighters (the Spencer's Winchester carriers)
    assert flagged["price_off_each"].iloc[0] == pytest.approx(20, rel=0.05)
