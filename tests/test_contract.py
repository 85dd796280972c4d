"""The contract every registered game meets: one test module, every game.

Statistical checks state their false-alarm rate: the engine-vs-exact-odds chi-square tests run
at alpha 1e-4 each (fewer than 10 checks in all, so under 0.1% for the module); the
beats-random binomial tests at 1e-3 per strategy are one-sided in effect (a strategy must also
win more than it loses), and fixed seeds make every run the same.
"""

import ast
import dataclasses
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from helpers import binom_p, chi2_p, one_and_all_threads
from sim import games
from sim.config import parse
from sim.core import records
from sim.core.game import SEATINGS
from sim.core.params import ConfigError
from sim.core.seating import lineups

ROOT = Path(__file__).resolve().parent.parent
NAMES = games.GAME_NAMES


def _field(spec, n, players=None, seed=4, stream=4, game0=0, **rules):
    rules = {**spec.quick_rules, **rules}
    r = spec.rules_cls(**({"players": players} if players else {}), **rules)
    pool = list(spec.presets)
    lineup = lineups(len(pool), r.players, "mixed", seed, stream, game0, n)
    return r, pool, lineup


@pytest.mark.parametrize("name", NAMES)
def test_table_matches_declared_schema_and_reproduces(name):
    spec = games.get(name)
    rules, pool, lineup = _field(spec, 300)
    a = spec.run_games(rules, 4, 4, 0, lineup, pool, {})
    b = spec.run_games(rules, 4, 4, 0, lineup, pool, {})
    pd.testing.assert_frame_equal(a, b)
    assert records.check(a, spec.schema, rules.players) == []
    assert len(a) == 300 * rules.players
    assert set(a["end_reason"].cat.categories) == set(spec.end_names)
    per_game = a.drop_duplicates("game")
    assert (per_game["rounds"] >= 1).all() and (per_game["rounds"] <= rules.round_limit).all()
    assert set(a["strategy"].unique()) == set(pool)
    if not spec.capabilities.draws:  # only the turn limit leaves a game without a winner
        assert ((per_game["winner_seat"] < 0) == per_game["turn_limit"]).all()


@pytest.mark.parametrize("name", NAMES)
def test_schema_check_catches_a_broken_table(name):
    spec = games.get(name)
    rules, pool, lineup = _field(spec, 20)
    df = spec.run_games(rules, 4, 4, 0, lineup, pool, {})
    assert records.check(df.drop(columns=["turn_limit"]), spec.schema, rules.players) == [
        "missing column 'turn_limit'"]
    bad = df.copy()
    bad["order"] = 0
    assert "'order' is not a permutation of the seats in every game" in records.check(
        bad, spec.schema, rules.players)
    bad = df.copy()
    bad["rounds"] = np.arange(len(bad))
    assert any("differs between seats" in p for p in records.check(bad, spec.schema,
                                                                    rules.players))


@pytest.mark.parametrize("name", NAMES)
def test_turn_limit_games_are_flagged_and_have_no_winner(name):
    """With a turn limit of 2 rounds some games are stopped by it: they are flagged, last
    exactly the limit, and nobody won them. A game whose rules score it at the limit
    (``limit_end``) instead ends there with that reason, unflagged."""
    spec = games.get(name)
    rules, pool, lineup = _field(spec, 200, **{spec.round_limit_param: 2})
    df = spec.run_games(rules, 6, 6, 0, lineup, pool, {})
    per_game = df.drop_duplicates("game")
    if spec.capabilities.limit_end is not None:
        scored = per_game[per_game["end_reason"] == spec.capabilities.limit_end]
        assert len(scored) > 0 and (scored["rounds"] == 2).all()
        assert not per_game["turn_limit"].any()
        return
    stopped = per_game[per_game["turn_limit"]]
    assert len(stopped) > 0
    assert (stopped["rounds"] == 2).all() and (stopped["winner_seat"] == -1).all()
    assert not df[df["turn_limit"]]["won"].any()


@pytest.mark.parametrize("name", NAMES)
def test_replay_equals_the_same_game_in_a_batch_and_narrates(name):
    spec = games.get(name)
    rules, pool, lineup = _field(spec, 40)
    batch = spec.run_games(rules, 4, 4, 0, lineup, pool, {})
    for g in (0, 17, 39):
        rows, text = spec.replay(rules, 4, 4, g, pool, lineup[g], {})
        want = batch[batch["game"] == g].reset_index(drop=True)
        pd.testing.assert_frame_equal(rows, want)
        assert len(text.splitlines()) > 5


@pytest.mark.parametrize("name", NAMES)
def test_one_thread_equals_all_threads_and_chunks_equal_whole(name):
    spec = games.get(name)
    rules, pool, lineup = _field(spec, 240)
    one, many = one_and_all_threads(lambda: spec.run_games(rules, 3, 8, 0, lineup, pool, {}))
    pd.testing.assert_frame_equal(one, many)
    parts = [spec.run_games(rules, 3, 8, g0, lineup[g0:g0 + 70], pool, {})
             for g0 in range(0, 240, 70)]
    pd.testing.assert_frame_equal(pd.concat(parts, ignore_index=True), one)


@pytest.mark.parametrize("name", NAMES)
def test_engine_odds_agree_with_exact_odds(name):
    """Chi-square goodness of fit of the engine's own dice against the exact distribution,
    20,000 exchanges per check, alpha 1e-4 per check (fixed seed)."""
    spec = games.get(name)
    assert spec.odds_checks, "every game checks at least one exchange against exact odds"
    for check in spec.odds_checks:
        counts = check.simulate(20_000, 5)
        exact = check.exact()
        assert counts.sum() == 20_000 and np.isclose(exact.sum(), 1.0)
        assert chi2_p(counts, exact) > 1e-4, check.name


@pytest.mark.parametrize("name", NAMES)
def test_config_refuses_what_the_game_cannot_do_before_playing(name):
    """The config loader (which plays nothing) refuses seatings, player counts and report
    kinds the game does not offer, naming the file and key."""
    spec = games.get(name)
    pool = [p for p in spec.presets][:2]
    for seating in SEATINGS:
        raw = {"experiment": {"game": name, "games": 10}, "rules": {"players": 2},
               "strategies": {"pool": pool, "seating": seating}}
        if seating in spec.capabilities.seatings:
            parse(raw, "c", "c.toml")
        else:
            with pytest.raises(ConfigError, match=rf"c.toml: \[strategies\] seating: "
                                                  rf"'{seating}' is not allowed for {name}"):
                parse(raw, "c", "c.toml")
    lo, hi = spec.capabilities.players
    for bad in (lo - 1, hi + 1):
        with pytest.raises(ConfigError, match=r"players"):
            parse({"experiment": {"game": name}, "rules": {"players": bad}}, "c", "c.toml")
    with pytest.raises(ConfigError, match=r"\[report\] kind: 'nope' is not a report of"):
        parse({"experiment": {"game": name}, "report": {"kind": "nope"}}, "c", "c.toml")


@pytest.mark.parametrize("name", NAMES)
def test_spec_is_complete(name):
    spec = games.get(name)
    fields = {f.name: f for f in dataclasses.fields(spec.rules_cls)}
    lo, hi = spec.capabilities.players
    assert (fields["players"].metadata["lo"], fields["players"].metadata["hi"]) == (lo, hi)
    assert (ROOT / spec.bench).is_file()
    assert spec.golden and all((ROOT / "tests" / "golden" / f"{c.name}.txt").is_file()
                               for c in spec.golden)
    code = {f for pattern in spec.code_paths for f in ROOT.glob(pattern)}
    assert ROOT / "sim" / name / "engine.py" in code
    assert "sweep" in spec.report_kinds
    assert name in [c.name for c in _odds_groups()]


def _odds_groups():
    from sim.cli import odds

    return [odds.commands[k] for k in odds.commands]


@pytest.mark.parametrize("name", NAMES)
def test_every_scripted_strategy_beats_random(name):
    """Head to head at 2 players, 600 games each: among decided games the strategy wins more
    than random, by an exact binomial test at alpha 1e-3 per strategy (fixed seeds; a strategy
    no better than random fails; games nobody won are left out)."""
    spec = games.get(name)
    rules = spec.rules_cls(**{**spec.quick_rules, "players": 2})
    for strat in spec.presets:
        if strat == "random":
            continue
        pool = [strat, "random"]
        lineup = lineups(2, 2, "mixed", 8, 8, 0, 600)
        df = spec.run_games(rules, 8, 8, 0, lineup, pool, {})
        mine = df[df["strategy"] == strat]
        wins = int(mine["won"].sum())
        losses = int(df[df["strategy"] == "random"]["won"].sum())
        assert wins > losses and binom_p(wins, wins + losses, 0.5) < 1e-3, (strat, wins, losses)


# ---------------------------------------------------------------- the import floors

SHARED = ["sim/cli.py", "sim/runner.py", "sim/config.py", "sim/regress.py", "sim/tournament.py",
          "sim/backend.py", "sim/compare.py", "sim/analysis", "sim/core"]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def _files(entry: str):
    p = ROOT / entry
    return sorted(p.rglob("*.py")) if p.is_dir() else [p]


@pytest.mark.parametrize("entry", SHARED)
def test_shared_modules_import_no_game(entry):
    """Shared modules reach a game only through the registry (sim.games); core and analysis
    not even through it."""
    game_pkgs = tuple(f"sim.{n}" for n in NAMES) + ("strategies",)
    for f in _files(entry):
        for mod in _imports(f):
            assert not mod.startswith(game_pkgs), f"{f.relative_to(ROOT)} imports {mod}"
            if entry in ("sim/core", "sim/analysis"):
                assert not mod.startswith("sim.games"), f"{f.relative_to(ROOT)} imports {mod}"
            if entry == "sim/core":
                assert not mod.startswith(("sim.analysis", "sim.cli", "sim.runner")), (
                    f"{f.relative_to(ROOT)} imports {mod}")


def test_game_cli_groups_do_not_import_the_main_cli():
    for name in NAMES:
        for f in _files(f"sim/{name}"):
            assert "sim.cli" not in _imports(f), f"{f.relative_to(ROOT)} imports sim.cli"


def test_the_registry_is_one_line_per_game():
    text = (ROOT / "sim" / "games.py").read_text()
    for name in NAMES:
        assert text.count(f'"{name}": "sim.{name}.api:SPEC"') == 1


@pytest.mark.parametrize("name", NAMES)
def test_decided_by_names_real_parameters_and_end_reasons(name):
    from sim.core.game import contract_problems

    spec = games.get(name)
    assert spec.decided_by  # every game says which rule ends its games
    problems = contract_problems(dataclasses.replace(spec, decided_by={}))
    assert problems == []
    with pytest.raises(TypeError, match="decided_by names 'nope', not a rule parameter"):
        dataclasses.replace(spec, decided_by={"nope": (spec.end_names[0],)})
    param = next(iter(spec.decided_by))
    with pytest.raises(TypeError, match=r"end reasons \['never'\] not in end_names"):
        dataclasses.replace(spec, decided_by={param: ("never",)})
