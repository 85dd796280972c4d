"""The designer-facing commands: odds, play, rules, list, dry runs, help, completion and
exit codes (2: usage error, 1: runtime failure)."""

import json

import click
import pytest
from click.testing import CliRunner

from helpers import TINY
from sim.cli import _SHARED_ODDS_HELP, main


def invoke(*args):
    res = CliRunner().invoke(main, list(args))
    assert res.exit_code == 0, res.output
    return res.output


def test_odds_fight_json_exact_and_simulated():
    out = json.loads(invoke("odds", "og", "fight", "--att-crew", "1", "--def-crew", "1",
                            "--json", "--simulate", "20000"))
    assert out["exact"]["p_attacker_wins"] == pytest.approx(0.25)
    lo, hi = out["simulated"]["p_attacker_wins_ci95"]
    assert lo < 0.25 < hi  # 95% interval; fixed seed makes this deterministic


def test_odds_driveby_text():
    out = invoke("odds", "og", "driveby", "--crew", "2", "--chrome", "1", "--target-props", "1")
    assert "P(hits = k): 0: 0.1250, 1: 0.3750, 2: 0.3750, 3: 0.1250" in out
    assert "expected Props removed 0.875, expected crew lost 1.000" in out


def test_odds_rejects_bad_numbers():
    res = CliRunner().invoke(main, ["odds", "og", "fight", "--att-crew", "0", "--def-crew", "1"])
    assert res.exit_code == 2 and "0 is not in the range 1<=x<=500" in res.output


def test_play_narrates_the_engine_game():
    out = invoke("play", "og", "--players", "3", "--seed", "7", "--strategies",
                 "expander,balanced,hunter")
    assert "Roll-off for first player" in out and "== Round 1 ==" in out
    assert "income +" in out and ("wins." in out or "unfinished" in out)


def test_play_bad_rule_and_strategy():
    res = CliRunner().invoke(main, ["play", "og", "--rule", "ties_too=attacker"])
    assert res.exit_code == 2 and "did you mean 'ties_to'" in res.output
    res = CliRunner().invoke(main, ["play", "og", "--strategies", "expandr"])
    assert res.exit_code == 2 and "unknown strategy 'expandr' (did you mean 'expander'?)" in res.output


def test_rules_listing_documents_every_parameter():
    out = invoke("rules", "og")
    assert "props_goal = 10" in out and "ties_to = 'defender'" in out
    assert out.count("\n    ") >= 25


def test_odds_rifle_gun_volley_json_and_text():
    out = json.loads(invoke("odds", "rifle_gun", "volley", "--attack-dice", "1", "--attack-die",
                            "6", "--defence-dice", "0", "--json", "--simulate", "20000"))
    assert out["exact"]["p_kills_injuries"]["1,0"] == pytest.approx(1 / 3)
    assert out["exact"]["p_kills_injuries"]["0,1"] == pytest.approx(1 / 6)
    assert abs(out["simulated"]["expected_kills"] - 1 / 3) < 0.02
    text = invoke("odds", "rifle_gun", "volley", "--attack-die", "8", "--soldiers", "4",
                  "--grenadier", "--within-6", "--defence-die", "6", "--behind-blocking")
    assert text.startswith("Volley: 6 attack d8 vs 2 defence d6")
    res = CliRunner().invoke(main, ["odds", "rifle_gun", "volley", "--attack-die", "7"])
    assert res.exit_code == 2 and "'7' is not one of '4', '6', '8', '10', '12'" in res.output


# ---------------------------------------------------------------- the designer's commands


def run_cli(*args, **kw):
    return CliRunner().invoke(main, list(args), prog_name="gangsim", **kw)


def _commands(group, path=()):
    for name, cmd in group.commands.items():
        yield (*path, name), cmd
        if hasattr(cmd, "commands"):
            yield from _commands(cmd, (*path, name))


def test_version_and_short_help():
    import sim

    out = invoke("--version")
    assert out.startswith(f"gangsim {sim.__version__} (rules: og ")
    assert invoke("-h") == invoke("--help")
    assert "_GANGSIM_COMPLETE=bash_source gangsim" in invoke("-h")
    assert "Usage: main experiment" in invoke("experiment", "-h")


def test_every_option_has_help_and_no_help_shows_a_doubled_percent():
    """Every option of gangsim's own commands; of a game's odds commands (declared in
    sim/<game>/cli.py) the options they all share (--json, --seed, --simulate)."""
    for path, cmd in _commands(main):
        for param in cmd.params:
            if isinstance(param, click.Option) and (path[0] != "odds"
                                                    or param.name in _SHARED_ODDS_HELP):
                assert param.help, f"gangsim {' '.join(path)} {param.opts[0]}: no help"
        assert "%%" not in invoke(*path, "--help"), path
    assert "95% CI half-width" in invoke("experiment", "--help")


def test_list_names_games_strategies_and_experiments(tmp_path):
    from sim import games

    out = invoke("list")
    for name in games.GAME_NAMES:
        spec = games.get(name)
        assert f"  {name}: {spec.title}, rules {spec.version}" in out
        for preset in spec.presets:
            assert f"      {preset} " in out
    assert "og_goal_sweep (og, 60 points x 6,000 games)" in out
    assert "Which Props goal gives fair" in out and "og_small" in out
    d = tmp_path / "exps"
    d.mkdir()
    (d / "good.toml").write_text(TINY)
    (d / "bad.toml").write_text('[experiment]\ngame = "chess"\n')
    data = json.loads(invoke("list", "--experiments", str(d), "--json"))
    rows = {r["name"]: r for r in data["experiments"][str(d)]}
    assert rows["good"]["points"] == 4 and rows["good"]["question"] == "Tiny test sweep"
    assert "'chess' is not a game" in rows["bad"]["error"]
    assert {g["name"] for g in data["games"]} == set(games.GAME_NAMES)


def _tiny_dir(tmp_path):
    d = tmp_path / "experiments"
    d.mkdir()
    (d / "tiny.toml").write_text(TINY)
    return d


def test_dry_run_plays_and_writes_nothing(tmp_path, monkeypatch):
    from sim import runner

    monkeypatch.setattr(runner, "run", lambda *a, **k: pytest.fail("a dry run played"))
    d, results = _tiny_dir(tmp_path), tmp_path / "results"
    out = invoke("experiment", "tiny", "--experiments", str(d), "--results", str(results),
                 "--dry-run")
    assert "4 points x 60 games = 240 games" in out
    assert "  players: 2, 4" in out and "  props_goal: 6, 10" in out
    assert "estimated play time (rough):" in out and "games/s (bench.md" in out
    assert "does not exist yet; a run starts afresh" in " ".join(out.split())
    assert "nothing played, nothing written" in out
    assert not results.exists()
    out = invoke("experiment", "tiny", "--experiments", str(d), "--precision", "0.05",
                 "--dry-run")
    assert "4 points x 385 games = 1,540 games" in out  # worst-case size for every point
    (d / "tiny.toml").write_text(TINY.replace("chunk = 25", "chunk = 25\nprecision = 0.05"))
    out = invoke("experiment", "tiny", "--experiments", str(d), "--dry-run")
    assert "4 points x 60 to 100,000 games" in out and "= 240 to 400,000 games" in out


def test_dry_run_without_benchmark_figures_says_unknown(tmp_path, monkeypatch):
    import sim.cli as cli

    assert cli.bench_figures("O.G.", tmp_path) is None
    figures = cli.bench_figures("O.G.", cli.ROOT / "docs")
    assert figures and set(figures["rates"]) >= {1, 2} and figures["file"] == "bench.md"
    assert cli.bench_figures("Rifle & Gun", cli.ROOT / "docs")["file"] == "bench_rifle_gun.md"
    monkeypatch.setattr(cli, "ROOT", tmp_path)
    out = invoke("experiment", "tiny", "--experiments", str(_tiny_dir(tmp_path)), "--dry-run")
    assert "estimated time: unknown" in out


def test_experiment_names_complete(tmp_path):
    d = _tiny_dir(tmp_path)
    (d / "other.toml").write_text(TINY)
    env = {"_GANGSIM_COMPLETE": "bash_complete", "COMP_CWORD": "4",
           "COMP_WORDS": f"gangsim experiment --experiments {d} t"}
    res = run_cli(env=env)
    assert res.exit_code == 0 and res.output.split() == ["plain,tiny"]


def test_progress_bar_only_on_a_terminal_unless_asked(tmp_path, monkeypatch):
    import sim.cli as cli
    from sim import runner

    seen = []
    monkeypatch.setattr(runner, "run", lambda exp, root, progress, backend: seen.append(progress)
                        or root / exp.name)
    d = _tiny_dir(tmp_path)
    for flags in ([], ["--progress"], ["--no-progress"]):
        invoke("experiment", "tiny", "--experiments", str(d), "--results", str(tmp_path), *flags)
    assert seen == [False, True, False]  # CliRunner's stderr is not a terminal

    class Tty:
        def isatty(self):
            return True

    monkeypatch.setattr(cli.sys, "stderr", Tty())
    assert cli._progress(None) is True and cli._progress(False) is False


def test_usage_errors_exit_2_with_the_help_hint(tmp_path):
    d = _tiny_dir(tmp_path)
    cases = [
        (["experiment", "tiyn", "--experiments", str(d)], "did you mean 'tiny'"),
        (["experiment", "tiny", "--experiments", str(d), "--workers", "2", "--scheduler",
          "tcp://x:1"], "give one, not both"),
        (["experiment", "tiny", "--experiments", str(d), "--games", "5", "--precision", "0.1"],
         "give one, not both"),
        (["play", "og", "--rule", "ties_to=nobody"], "ties_to"),
        (["tournament", "og", "--strategies", "expander"], "at least two"),
    ]
    for args, msg in cases:
        res = run_cli(*args)
        assert res.exit_code == 2, (args, res.output)
        assert msg in res.output and f"Try 'gangsim {args[0]} --help' for help." in res.output
    out = tmp_path / "run"
    out.mkdir()
    (out / "manifest.json").write_text(json.dumps({"game": "og", "points": [{"index": 0}],
                                                   "games_per_point": 10, "status": "done"}))
    res = run_cli("replay", str(out), "--point", "3")
    assert res.exit_code == 2 and "Invalid value for '--point': 3: allowed 0..0" in res.output


def test_runtime_failures_exit_1(tmp_path, monkeypatch):
    import sim.backend

    res = run_cli("report", str(tmp_path))
    assert res.exit_code == 1 and "manifest.json: cannot read" in res.output
    assert "Try 'gangsim" not in res.output
    (tmp_path / "manifest.json").write_text(json.dumps({"game": "og", "status": "running"}))
    res = run_cli("report", str(tmp_path))
    assert res.exit_code == 1 and "has not finished (status 'running')" in res.output
    res = run_cli("replay", str(tmp_path / "nowhere"))
    assert res.exit_code == 2  # a path that does not exist is a bad value

    def unreachable(address=None, workers=None):
        raise OSError("connection refused")

    monkeypatch.setattr(sim.backend, "DaskBackend", unreachable)
    res = run_cli("experiment", "tiny", "--experiments", str(_tiny_dir(tmp_path)),
                  "--scheduler", "tcp://127.0.0.1:1")
    assert res.exit_code == 1 and "cannot reach the Dask scheduler" in res.output


def test_report_of_a_tournament_without_rebuild_is_a_clear_failure(tmp_path, monkeypatch):
    from sim import tournament

    monkeypatch.delattr(tournament, "rebuild", raising=False)
    (tmp_path / "manifest.json").write_text(json.dumps({"kind": "tournament"}))
    res = run_cli("report", str(tmp_path))
    assert res.exit_code == 1 and "cannot rebuild tournament reports" in res.output


def test_report_rebuilds_a_tournament(tmp_path):
    from sim import tournament

    if not hasattr(tournament, "rebuild"):
        pytest.skip("sim.tournament.rebuild does not exist yet")
    out = tmp_path / "t"
    res = run_cli("tournament", "og", "--strategies", "expander,hunter", "--games", "20",
                  "--out", str(out))
    assert res.exit_code == 0, res.output
    before = (out / "report.md").read_text()
    (out / "report.md").unlink()
    res = run_cli("report", str(out))
    assert res.exit_code == 0, res.output
    assert (out / "report.md").read_text() == before
