"""The ``gangsim`` command line: experiments, narrated games, exact odds, rule listings."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import click
import numpy as np

from sim import games
from sim.core.clikit import SEED
from sim.core.clikit import fail as _fail
from sim.core.params import ConfigError, build, check_value, did_you_mean


def _rules(spec, overrides: dict, players: int):
    """Rules from --rule overrides and --players, each checked under its own option name."""
    fields = {f.name: f for f in dataclasses.fields(spec.rules_cls)}
    check_value(fields["players"], players, "--players")
    if "players" in overrides:
        raise ConfigError("--rule players=...: use --players")
    return build(spec.rules_cls, {**overrides, "players": players}, "--rule")


def _parse_rule_overrides(items: tuple[str, ...]) -> dict:
    """--rule key=value pairs; values parsed as TOML scalars or lists."""
    import tomllib

    out = {}
    for item in items:
        if "=" not in item:
            raise ConfigError(f"--rule {item!r}: expected key=value")
        key, value = item.split("=", 1)
        try:
            out[key.strip()] = tomllib.loads(f"v = {value.strip()}")["v"]
        except tomllib.TOMLDecodeError:
            out[key.strip()] = value.strip()
    return out


@click.group()
def main():
    """gangsim: Monte Carlo balance lab for tabletop gang-warfare games."""


@main.command()
@click.argument("name")
@click.option("--games", "n_games", type=int, default=None,
              help="Games per sweep point (overrides the config; more games = tighter CIs).")
@click.option("--precision", type=float, default=None,
              help="Target 95%% CI half-width of every rate (e.g. 0.01); sets games per point to "
                   "the worst-case (rate 1/2) size that guarantees it.")
@click.option("--experiments", "exp_dir", default="experiments", show_default=True,
              type=click.Path(file_okay=False), help="Folder of experiment configs.")
@click.option("--results", "results_dir", default="results", show_default=True,
              type=click.Path(file_okay=False), help="Folder for results.")
@click.option("--threads", type=click.IntRange(1, 1024), default=None,
              help="Numba threads (default: all cores).")
@click.option("--workers", type=click.IntRange(1, 1024), default=None,
              help="Run on a local Dask cluster with this many worker processes.")
@click.option("--scheduler", default=None, envvar="GANGSIM_SCHEDULER",
              help="Run on an existing Dask cluster, e.g. tcp://host:8786 "
                   "(or set GANGSIM_SCHEDULER).")
@click.option("--progress/--no-progress", default=True)
def experiment(name, n_games, precision, exp_dir, results_dir, threads, workers, scheduler,
               progress):
    """Run experiments/NAME.toml and write results/NAME/ (resumes an interrupted run)."""
    from sim import config, runner

    try:
        if precision is not None:
            if n_games is not None:
                raise ConfigError("--games and --precision: give one, not both")
            n_games = config.games_for_precision(precision)
        exp = config.load(name, Path(exp_dir), n_games)
    except ConfigError as e:
        _fail(str(e))
    if workers and scheduler:
        _fail("--workers starts a local cluster, --scheduler joins one: give one, not both")
    if threads:
        import numba

        numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    backend = None
    if workers or scheduler:
        from sim.backend import DaskBackend

        try:
            backend = DaskBackend(address=scheduler, workers=workers)
        except (OSError, TimeoutError) as e:
            _fail(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({e})")
    try:
        out = runner.run(exp, Path(results_dir), progress=progress, backend=backend)
    except KeyboardInterrupt:
        click.echo(f"interrupted: finished tasks are kept; run the same command again to "
                   f"resume results/{name}/", err=True)
        sys.exit(130)
    finally:
        if backend is not None:
            backend.close()
    click.echo(f"results: {out}/ (report: {out}/report.md)")


def _lineup(spec, strategies: str, players: int) -> list[str]:
    names = [s.strip() for s in strategies.split(",") if s.strip()]
    for n in names:
        if n not in spec.presets:
            raise ConfigError(f"--strategies: unknown strategy {n!r}{did_you_mean(n, spec.presets)};"
                              f" allowed: {', '.join(spec.presets)}")
    if not names:
        raise ConfigError("--strategies: give at least one strategy")
    return [names[i % len(names)] for i in range(players)]


@main.command()
@click.argument("game", type=click.Choice(games.GAME_NAMES))
@click.option("--players", type=int, default=None, help="Players (default: the game's).")
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--game-index", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
              help="Which game of the seed's stream to play.")
@click.option("--strategies", default=None,
              help="Comma list, one per seat (repeated to fill the table); default: every preset.")
@click.option("--rule", "rules", multiple=True, help="Rule override key=value (repeatable).")
@click.option("--narrate/--summary", default=True, help="Tell the game move by move.")
def play(game, players, seed, game_index, strategies, rules, narrate):
    """Play one game and tell it move by move."""
    spec = games.get(game)
    if players is None:
        players = spec.rules_cls().players
    if strategies is None:
        strategies = ",".join(spec.presets)
    try:
        overrides = _parse_rule_overrides(rules)
        rule_obj = _rules(spec, overrides, players)
        lineup = _lineup(spec, strategies, players)
    except ConfigError as e:
        _fail(str(e))
    text = spec.play_text(rule_obj, seed, 0, game_index, lineup, np.arange(players))
    if not narrate:
        text = "\n".join(text.splitlines()[-(players + 6):])
    click.echo(text)


@main.command()
@click.argument("results_dir", type=click.Path(exists=True, file_okay=False))
@click.option("--point", type=click.IntRange(0, None), default=0, show_default=True)
@click.option("--game", "game_index", type=click.IntRange(0, None), default=None,
              help="Game index in the point.")
@click.option("--longest", is_flag=True, help="Replay the point's longest game.")
@click.option("--shortest", is_flag=True, help="Replay the point's shortest game.")
def replay(results_dir, point, game_index, longest, shortest):
    """Replay any game of a finished sweep, move by move (same dice, same moves)."""
    from sim.core.seating import lineups

    out = Path(results_dir)
    try:
        man = json.loads((out / "manifest.json").read_text())
    except (OSError, ValueError) as e:
        _fail(f"{out}/manifest.json: cannot read ({e})")
    points = {p["index"]: p for p in man["points"]}
    if point not in points:
        _fail(f"--point {point}: allowed 0..{len(points) - 1}")
    p = points[point]
    spec = games.get(man["game"])
    if longest or shortest or game_index is None:
        from sim.runner import load_point

        table = load_point(out, point)[["game", "rounds"]]
        per_game = table.drop_duplicates("game")
        pick = per_game["rounds"].idxmin() if shortest else per_game["rounds"].idxmax()
        game_index = int(per_game.loc[pick, "game"]) if (longest or shortest) else 0
    if not 0 <= game_index < man["games_per_point"]:
        _fail(f"--game {game_index}: allowed 0..{man['games_per_point'] - 1}")
    rules = build(spec.rules_cls, p["rules"], f"{out}/manifest.json")
    row = lineups(len(man["pool"]), rules.players, man["seating"], man["seed"], p["stream"],
                  game_index, 1)[0]
    click.echo(f"# {man['experiment']} point {point} ({p['swept']}), game {game_index}")
    key_div = rules.players if man["seating"] == "crn" else 1
    weights = p.get("weights", man["weights"])  # a point's own (swept) weights, if recorded
    click.echo(spec.play_text(rules, man["seed"], p["stream"], game_index, man["pool"], row,
                              weights, key_div))


@main.command()
@click.argument("results_dir", type=click.Path(exists=True, file_okay=False))
def report(results_dir):
    """Rebuild report.md, tables and plots from saved results (no games replayed)."""
    from sim.runner import write_report

    out = Path(results_dir)
    try:
        man = json.loads((out / "manifest.json").read_text())
    except (OSError, ValueError) as e:
        _fail(f"{out}/manifest.json: cannot read ({e})")
    if man.get("status") != "done":
        _fail(f"{out}: the experiment has not finished (status {man.get('status')!r}); run it "
              "again to complete it")
    write_report(out, man)
    click.echo(f"rebuilt {out}/report.md")


def _tournament_entries(text: str | None, presets) -> tuple[list[str], list[str]]:
    """--strategies: (entry names, the preset each plays). ``alias=preset`` enters a preset a
    second time under another name."""
    items = list(presets) if not text else [s.strip() for s in text.split(",") if s.strip()]
    names, plays = [], []
    for item in items:
        alias, _, preset = (p.strip() for p in item.partition("="))
        preset = preset or alias
        if preset not in presets:
            raise ConfigError(f"--strategies: unknown strategy {preset!r}"
                              f"{did_you_mean(preset, presets)}; allowed: {', '.join(presets)}")
        if alias != preset and (alias in presets or not alias.replace("_", "").isalnum()):
            raise ConfigError(f"--strategies {item!r}: the name before '=' must be new (not a "
                              "preset) and use letters, digits and '_' only")
        names.append(alias)
        plays.append(preset)
    if len(set(names)) != len(names) or len(names) < 2:
        raise ConfigError("--strategies: give at least two different strategies (enter a preset "
                          "twice as name=preset)")
    return names, plays


@main.command()
@click.argument("game", type=click.Choice(games.GAME_NAMES))
@click.option("--strategies", default=None,
              help="Comma list (default: every preset); alias=preset enters a preset again "
                   "under another name, e.g. expander,expander_b=expander,hunter.")
@click.option("--players", type=int, default=2, show_default=True)
@click.option("--games", "n_games", type=click.IntRange(10, 10**8), default=2000,
              show_default=True, help="Games per pairing (2 players) or in all (3+).")
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--rule", "rules", multiple=True, help="Rule override key=value (repeatable).")
@click.option("--level", type=click.FloatRange(0.5, 1, min_open=True, max_open=True),
              default=0.95, show_default=True,
              help="Share of bootstrap resamples that must agree to call a strategy dominant "
                   "or dominated.")
@click.option("--out", default=None, type=click.Path(file_okay=False),
              help="Output folder (default results/tournament-GAME-Np).")
@click.option("--progress/--no-progress", default=True)
def tournament(game, strategies, players, n_games, seed, rules, level, out, progress):
    """Every strategy against every other: win matrix, ranking, meta-game equilibrium."""
    from sim import tournament as T

    spec = games.get(game)
    try:
        overrides = _parse_rule_overrides(rules)
        rule_obj = _rules(spec, overrides, players)
        names, plays = _tournament_entries(strategies, spec.presets)
    except ConfigError as e:
        _fail(str(e))
    out_dir = Path(out or f"results/tournament-{game}-{players}p")
    table = T.play(game, names, rule_obj, n_games, seed, progress, presets=plays)
    T.write(out_dir, table, names, {"players": players, "title": spec.title, "games": n_games,
                                    "seed": seed, "rules_version": spec.version,
                                    "rule_changes": overrides, "presets": plays}, level=level)
    click.echo(f"report: {out_dir}/report.md")


@main.command()
@click.option("--update", is_flag=True, help="Rewrite the baselines (after an intended change).")
@click.option("--suite", default="experiments/ci", show_default=True,
              type=click.Path(file_okay=False))
@click.option("--baselines", default="results/baselines", show_default=True,
              type=click.Path(file_okay=False))
@click.option("--results", "results_dir", default="results/ci", show_default=True,
              type=click.Path(file_okay=False))
def regress(update, suite, baselines, results_dir):
    """Replay the balance-regression suite; fail when a metric moved beyond its tolerance."""
    from sim import regress as R

    try:
        ok = R.run_suite(Path(suite), Path(baselines), Path(results_dir), update=update,
                         log=click.echo)
    except ConfigError as e:
        _fail(str(e))
    if not ok:
        click.echo("balance regression: FAILED", err=True)
        sys.exit(1)
    click.echo("balance regression: passed" if not update else "baselines updated")


@main.command()
@click.argument("game", type=click.Choice(games.GAME_NAMES))
def rules(game):
    """List a game's rule parameters with defaults and reasons."""
    from sim.core.params import describe

    for d in describe(games.get(game).rules_cls):
        click.echo(f"{d['name']} = {d['default']!r}   ({d['allowed']})\n    {d['doc']}")


@main.group()
def odds():
    """Exact odds of a single exchange ('mathhammer'), per game."""


for _name in games.GAME_NAMES:  # each game brings its own click group
    odds.add_command(games.get(_name).odds_cli, name=_name)


if __name__ == "__main__":
    main()
