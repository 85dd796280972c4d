"""The ``gangsim`` command line: experiments, narrated games, exact odds, rule listings.

Exit status: 0 done; 1 a runtime failure (a results folder that cannot be read or is
unfinished, a scheduler that cannot be reached, a regression that moved); 2 a usage error (a
bad option, config, name or value: click's message with its "Try 'gangsim ... --help'" hint);
130 interrupted.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
import textwrap
from pathlib import Path
from typing import NoReturn

import click
import numpy as np

import sim
from sim import games
from sim.core.clikit import SEED
from sim.core.params import ConfigError, build, check_value, did_you_mean

ROOT = Path(__file__).resolve().parent.parent  # the checkout (docs/ with benchmark figures)
PROGRESS_HELP = ("Show a progress bar on stderr (default: only when stderr is a terminal, so "
                 "logs stay clean).")


def _usage(msg: str) -> NoReturn:
    """A usage error (exit 2): bad option, config, name or value, with click's help hint."""
    raise click.UsageError(msg, click.get_current_context(silent=True))


def _runtime(msg: str) -> NoReturn:
    """A runtime failure (exit 1): the input was well formed but the work could not be done."""
    raise click.ClickException(msg)


def _progress(flag: bool | None) -> bool:
    """--progress/--no-progress, or by default: on only when stderr is a terminal."""
    return sys.stderr.isatty() if flag is None else flag


def _experiment_names(root: Path) -> list[str]:
    return sorted(p.stem for p in Path(root).glob("*.toml"))


def _complete_experiment(ctx, param, incomplete: str) -> list[str]:
    """Shell completion of ``gangsim experiment <TAB>``: the configs in --experiments."""
    root = Path(ctx.params.get("exp_dir") or "experiments")
    return [n for n in _experiment_names(root) if n.startswith(incomplete)]


def _rules(spec, overrides: dict, players: int):
    """Rules from --rule overrides and --players, each checked under its own option name."""
    fields = {f.name: f for f in dataclasses.fields(spec.rules_cls)}
    check_value(fields["players"], players, "--players")
    if "players" in overrides:
        raise ConfigError("--rule players=...: use --players")
    return build(spec.rules_cls, {**overrides, "players": players}, "--rule")


def _parse_rule_overrides(items: tuple[str, ...]) -> dict:
    """--rule key=value pairs; values parsed as TOML scalars or lists."""
    from sim.core.clikit import rule_items

    try:
        return rule_items(items)
    except ValueError as e:
        raise ConfigError(f"--rule {e}") from None


def _version_message() -> str:
    rules = ", ".join(f"{n} {games.get(n).version}" for n in games.GAME_NAMES)
    return f"%(prog)s %(version)s (rules: {rules})"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(sim.__version__, "--version", prog_name="gangsim",
                      message=_version_message(), help="Print the version and exit.")
def main():
    """gangsim: Monte Carlo balance lab for tabletop gang-warfare games.

    Start with `gangsim list`; `gangsim experiment NAME --dry-run` says what a run would do;
    `gangsim COMMAND -h` explains each command. Exit status: 1 when the work failed, 2 for a
    bad option, config, name or value.

    \b
    Shell completion (bash; zsh_source or fish_source for zsh or fish):
      eval "$(_GANGSIM_COMPLETE=bash_source gangsim)"
    """


@main.command(name="list")
@click.option("--experiments", "exp_dir", default="experiments", show_default=True,
              type=click.Path(file_okay=False), help="Folder of experiment configs.")
@click.option("--json", "as_json", is_flag=True, help="Print the listing as JSON.")
def list_(exp_dir, as_json):
    """List the games with their strategies, and the experiments with their questions."""
    from sim import config

    out = {"games": [], "experiments": {}}
    for name in games.GAME_NAMES:
        spec = games.get(name)
        out["games"].append({
            "name": name, "title": spec.title, "rules_version": spec.version,
            "players": list(spec.capabilities.players),
            "strategies": {s: p.about for s, p in spec.presets.items()},
            "report_kinds": list(spec.report_kinds)})
    roots = [Path(exp_dir)] + ([Path(exp_dir) / "ci"] if (Path(exp_dir) / "ci").is_dir() else [])
    for root in roots:
        rows = out["experiments"][str(root)] = []
        for name in _experiment_names(root):
            row = {"name": name}
            try:
                exp = config.load(name, root)
                row.update(game=exp.game, question=exp.question, points=len(exp.points),
                           games_per_point=exp.games)
            except ConfigError as e:
                row["error"] = str(e)
            rows.append(row)
    if as_json:
        click.echo(json.dumps(out, indent=2))
        return
    lines = ["Games (`gangsim rules GAME`: rule parameters; `gangsim play GAME`: one game told "
             "move by move):"]
    for g in out["games"]:
        lo, hi = g["players"]
        lines.append(f"  {g['name']}: {g['title']}, rules {g['rules_version']}, "
                     f"{lo if lo == hi else f'{lo}-{hi}'} players; strategies:")
        width = max(len(s) for s in g["strategies"])
        lines += [_wrapped(f"{s:<{width}}  {about}", 6, 8 + width)
                  for s, about in g["strategies"].items()]
    for root, rows in out["experiments"].items():
        lines.append("")
        how = ("`gangsim experiment NAME`" if root == str(Path(exp_dir)) else
               f"`gangsim experiment NAME --experiments {root}`; `gangsim regress` runs them all")
        lines.append(_wrapped(f"Experiments in {root}/ ({how}):" if rows else
                              f"Experiments in {root}/: none", 0, 2))
        for r in rows:
            if "error" in r:
                lines.append(f"  {r['name']}: invalid config")
                lines.append(_wrapped(r["error"], 6, 6))
                continue
            lines.append(f"  {r['name']} ({r['game']}, {r['points']} points x "
                         f"{r['games_per_point']:,} games)")
            if r["question"]:
                lines.append(_wrapped(r["question"], 6, 6))
    click.echo("\n".join(lines))


def _wrapped(text: str, first: int, rest: int) -> str:
    return textwrap.fill(text, 96, initial_indent=" " * first, subsequent_indent=" " * rest)


@main.command()
@click.argument("name", shell_complete=_complete_experiment)
@click.option("--games", "n_games", type=int, default=None,
              help="Games per sweep point (overrides the config; more games = tighter CIs).")
@click.option("--precision", type=float, default=None,
              help="Target 95% CI half-width of every rate (e.g. 0.01); sets games per point to "
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
@click.option("--dry-run", is_flag=True,
              help="Check the config and say what a run would do (points x games, estimated "
                   "time, resume or start afresh); plays nothing, writes nothing.")
@click.option("--progress/--no-progress", default=None, help=PROGRESS_HELP)
def experiment(name, n_games, precision, exp_dir, results_dir, threads, workers, scheduler,
               dry_run, progress):
    """Run experiments/NAME.toml and write results/NAME/ (resumes an interrupted run)."""
    from sim import config, runner

    try:
        if precision is not None:
            if n_games is not None:
                raise ConfigError("--games and --precision: give one, not both")
            n_games = config.games_for_precision(precision)
        exp = config.load(name, Path(exp_dir), n_games)
    except ConfigError as e:
        _usage(str(e))
    if workers and scheduler:
        _usage("--workers starts a local cluster, --scheduler joins one: give one, not both")
    if dry_run:
        click.echo(_dry_run(exp, Path(results_dir), threads, workers or scheduler))
        return
    if threads:
        import numba

        numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    backend = None
    if workers or scheduler:
        from sim.backend import DaskBackend

        try:
            backend = DaskBackend(address=scheduler, workers=workers)
        except (OSError, TimeoutError) as e:
            if scheduler:
                _runtime(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({e})")
            _runtime(f"--workers {workers}: cannot start a local Dask cluster ({e})")
    try:
        out = runner.run(exp, Path(results_dir), progress=_progress(progress), backend=backend)
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
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="Seed of the game's random stream.")
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
        _usage(str(e))
    text = spec.play_text(rule_obj, seed, 0, game_index, lineup, np.arange(players))
    if not narrate:
        text = "\n".join(text.splitlines()[-(players + 6):])
    click.echo(text)


def _manifest(out: Path) -> dict:
    """A results folder's manifest.json (a runtime failure if it cannot be read)."""
    try:
        man = json.loads((out / "manifest.json").read_text())
    except (OSError, ValueError) as e:
        _runtime(f"{out}/manifest.json: cannot read ({e})")
    if not isinstance(man, dict):
        _runtime(f"{out}/manifest.json: not a results manifest")
    return man


@main.command()
@click.argument("results_dir", type=click.Path(exists=True, file_okay=False))
@click.option("--point", type=click.IntRange(0, None), default=0, show_default=True,
              help="Sweep point (its index in summary.csv and manifest.json).")
@click.option("--game", "game_index", type=click.IntRange(0, None), default=None,
              help="Game index in the point.")
@click.option("--longest", is_flag=True, help="Replay the point's longest game.")
@click.option("--shortest", is_flag=True, help="Replay the point's shortest game.")
def replay(results_dir, point, game_index, longest, shortest):
    """Replay any game of a finished sweep, move by move (same dice, same moves)."""
    from sim.core.seating import lineups

    out = Path(results_dir)
    man = _manifest(out)
    if man.get("kind") == "tournament" or "points" not in man:
        _runtime(f"{out}: not an experiment's results (replay reads sweeps)")
    points = {p["index"]: p for p in man["points"]}
    if point not in points:
        raise click.BadParameter(f"{point}: allowed 0..{len(points) - 1}",
                                 param_hint="'--point'")
    p = points[point]
    spec = games.get(man["game"])
    if longest or shortest or game_index is None:
        from sim.runner import load_point

        table = load_point(out, point)[["game", "rounds"]]
        per_game = table.drop_duplicates("game")
        pick = per_game["rounds"].idxmin() if shortest else per_game["rounds"].idxmax()
        game_index = int(per_game.loc[pick, "game"]) if (longest or shortest) else 0
    if not 0 <= game_index < man["games_per_point"]:
        raise click.BadParameter(f"{game_index}: allowed 0..{man['games_per_point'] - 1}",
                                 param_hint="'--game'")
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
    """Rebuild report.md, tables and plots from saved results (no games replayed): an
    experiment's or a tournament's."""
    out = Path(results_dir)
    man = _manifest(out)
    if man.get("kind") == "tournament":
        from sim import tournament as T

        rebuild = getattr(T, "rebuild", None)
        if rebuild is None:
            _runtime(f"{out}: a tournament, and this gangsim cannot rebuild tournament "
                     "reports (sim.tournament.rebuild is missing); run the tournament again")
        rebuild(out)
        click.echo(f"rebuilt {out}/report.md")
        return
    if man.get("status") != "done":
        _runtime(f"{out}: the experiment has not finished (status {man.get('status')!r}); run "
                 "it again to complete it")
    from sim.runner import write_report

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
@click.option("--players", type=int, default=2, show_default=True,
              help="Players at each table (2: every pairing; 3+: fair seatings of the field).")
@click.option("--games", "n_games", type=click.IntRange(10, 10**8), default=2000,
              show_default=True, help="Games per pairing (2 players) or in all (3+).")
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="Seed of every game's random stream and of the bootstrap.")
@click.option("--rule", "rules", multiple=True, help="Rule override key=value (repeatable).")
@click.option("--level", type=click.FloatRange(0.5, 1, min_open=True, max_open=True),
              default=0.95, show_default=True,
              help="Share of bootstrap resamples that must agree to call a strategy dominant "
                   "or dominated.")
@click.option("--out", default=None, type=click.Path(file_okay=False),
              help="Output folder (default results/tournament-GAME-Np).")
@click.option("--progress/--no-progress", default=None, help=PROGRESS_HELP)
def tournament(game, strategies, players, n_games, seed, rules, level, out, progress):
    """Every strategy against every other: win matrix, ranking, meta-game equilibrium."""
    from sim import tournament as T

    spec = games.get(game)
    try:
        overrides = _parse_rule_overrides(rules)
        rule_obj = _rules(spec, overrides, players)
        names, plays = _tournament_entries(strategies, spec.presets)
    except ConfigError as e:
        _usage(str(e))
    out_dir = Path(out or f"results/tournament-{game}-{players}p")
    table = T.play(game, names, rule_obj, n_games, seed, _progress(progress), presets=plays)
    meta = {"game": game, "players": players, "title": spec.title, "games": n_games,
            "seed": seed, "rules_version": spec.version, "rule_changes": overrides,
            "rules": rule_obj.as_dict(), "presets": plays}
    T.write(out_dir, table, names, meta, level=level)
    click.echo(f"report: {out_dir}/report.md")


@main.command()
@click.option("--update", is_flag=True, help="Rewrite the baselines (after an intended change).")
@click.option("--suite", default="experiments/ci", show_default=True,
              type=click.Path(file_okay=False), help="Folder of the suite's experiments.")
@click.option("--baselines", default="results/baselines", show_default=True,
              type=click.Path(file_okay=False), help="Folder of the committed baselines.")
@click.option("--results", "results_dir", default="results/ci", show_default=True,
              type=click.Path(file_okay=False), help="Folder for the replayed results.")
def regress(update, suite, baselines, results_dir):
    """Replay the balance-regression suite; fail when a metric moved beyond its tolerance."""
    from sim import regress as R

    try:
        ok = R.run_suite(Path(suite), Path(baselines), Path(results_dir), update=update,
                         log=click.echo)
    except ConfigError as e:
        _usage(str(e))
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


# Options every game's odds commands share; where a game's command gives no help for one,
# the main command line says what it does, so every option of `gangsim` has help.
_SHARED_ODDS_HELP = {
    "as_json": "Print the result as JSON.",
    "simulate": "Also play the exchange this many times with the engine's own dice.",
    "seed": "Seed of the --simulate run.",
}


def _with_shared_help(group: click.Group) -> click.Group:
    for command in group.commands.values():
        for param in command.params:
            if isinstance(param, click.Option) and not param.help:
                param.help = _SHARED_ODDS_HELP.get(param.name)
    return group


for _name in games.GAME_NAMES:  # each game brings its own click group
    odds.add_command(_with_shared_help(games.get(_name).odds_cli), name=_name)


@main.command()
@click.argument("run_a", type=click.Path(exists=True, file_okay=False))
@click.argument("run_b", type=click.Path(exists=True, file_okay=False))
@click.option("--false-alarm", type=click.FloatRange(0, 1, min_open=True, max_open=True),
              default=0.01, show_default=True,
              help="Chance of calling any metric moved when the runs differ only in their "
                   "random draws (Bonferroni over every compared metric).")
@click.option("--top", type=click.IntRange(0, None), default=25, show_default=True,
              help="Rows of the table to print, largest standardised change first (0: all).")
@click.option("--json", "as_json", is_flag=True, help="Print every row as JSON.")
def compare(run_a, run_b, false_alarm, top, as_json):
    """Which headline metrics moved from RUN_A to RUN_B (two results folders, e.g.
    results/NAME.previous and results/NAME), by how much, with intervals.

    Points are matched by their swept values and player count; a metric moved when the
    Bonferroni-corrected interval of B - A excludes 0.
    """
    from sim.compare import RunError, compare_runs, format_comparison

    try:
        c = compare_runs(Path(run_a), Path(run_b), false_alarm)
    except ConfigError as e:
        _usage(str(e))
    except RunError as e:
        _runtime(str(e))
    click.echo(json.dumps(c.as_dict(), indent=2) if as_json else format_comparison(c, top))


# ---------------------------------------------------------------- experiment --dry-run


def bench_figures(title: str, docs: Path) -> dict | None:
    """The last benchmark of game ``title`` (docs/bench*.md headed "# <title> engine
    benchmark"): {"rates": {threads: games/s}, "workload": text, "compile_s": cold or None,
    "file": name}; None when there is none or it cannot be read."""
    for path in sorted(Path(docs).glob("bench*.md")):
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            continue
        if not text.startswith(f"# {title} engine benchmark"):
            continue
        rates = {int(t): float(r.replace(",", "")) for t, r in re.findall(
            r"^\|\s*games/s, (\d+) threads?\s*\|\s*([\d,.]+)", text, re.M)}
        if not rates:
            return None
        workload = re.search(r"Workload: (.*?)\.(?:\s|$)", text)
        cold = re.search(r"^\|\s*compile, cold cache[^|]*\|\s*([\d.]+) s", text, re.M)
        return {"rates": rates, "workload": workload.group(1) if workload else "",
                "compile_s": float(cold.group(1)) if cold else None, "file": path.name}
    return None


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _dry_run(exp, results_dir: Path, threads: int | None, cluster) -> str:
    """What ``gangsim experiment`` would do with ``exp``: nothing is played or written."""
    import numba

    spec = games.get(exp.game)
    n = len(exp.points)
    lines = [f"{exp.name}: {spec.title}, rules {spec.version}, seed {exp.seed} ({exp.path})"]
    if exp.question:
        lines.append(_wrapped(f"question: {exp.question}", 0, 2))
    low, high = n * exp.games, n * (exp.max_games if exp.precision else exp.games)
    if exp.precision:
        lines.append(f"{n} points x {exp.games:,} to {exp.max_games:,} games (precision "
                     f"{exp.precision}: games are added until every headline rate's 95% "
                     f"half-width is reached) = {low:,} to {high:,} games")
    else:
        lines.append(f"{n} points x {exp.games:,} games = {low:,} games")
    swept = {}
    for p in exp.points:
        for k, v in p.swept.items():
            swept.setdefault(k, [])
            if v not in swept[k]:
                swept[k].append(v)
    for k, values in swept.items():
        lines.append(_wrapped(f"{k}: {', '.join(_shown(v) for v in values)}", 2, 4))
    per_players = {}
    for p in exp.points:
        per_players[p.rules.players] = per_players.get(p.rules.players, 0) + 1
    lines.append("points by players: " + ", ".join(f"{k}: {v}" for k, v in
                                                   sorted(per_players.items())))
    lines.append(f"pool: {', '.join(exp.pool)} (seating {exp.seating})")
    lines.append(_estimate(spec, low, high, threads or numba.config.NUMBA_NUM_THREADS, cluster))
    lines.append(_wrapped(_results_state(exp, Path(results_dir)), 0, 2))
    lines.append("dry run: nothing played, nothing written")
    return "\n".join(lines)


def _shown(v) -> str:
    """A swept value as the config writes it (None: the preset's own weight)."""
    return "-" if v is None else str(v).lower() if isinstance(v, bool) else str(v)


def _estimate(spec, low: int, high: int, threads: int, cluster) -> str:
    bench = bench_figures(spec.title, ROOT / "docs")
    if bench is None:
        return "estimated time: unknown (no benchmark figures in docs/bench*.md; `make bench`)"
    usable = [t for t in bench["rates"] if t <= threads] or [min(bench["rates"])]
    t = max(usable)
    rate = bench["rates"][t]
    span = ("under 1 s" if high / rate < 1 else f"about {_duration(low / rate)}"
            + ("" if high == low else f" to {_duration(high / rate)}"))
    where = " on this machine; a cluster run differs" if cluster else ""
    compile_s = (f"; compiling adds about {bench['compile_s']:.0f} s on a cold numba cache "
                 "(under 1 s once cached)") if bench["compile_s"] else ""
    return _wrapped(f"estimated play time (rough): {span}{where} at {rate:,.0f} games/s "
                    f"({bench['file']}: {t} thread{'s' if t > 1 else ''}, "
                    f"{bench['workload'] or 'its workload'}; longer games take longer)"
                    f"{compile_s}, plus writing the report", 0, 2)


def _results_state(exp, results_dir: Path) -> str:
    from sim.runner import point_done

    out = results_dir / exp.name
    try:
        old = json.loads((out / "manifest.json").read_text())
    except (OSError, ValueError):
        old = None
    if not out.exists():
        return f"results: {out}/ does not exist yet; a run starts afresh"
    if not isinstance(old, dict) or old.get("fingerprint") != exp.fingerprint():
        return (f"results: {out}/ holds another config's or engine's results; a run moves them "
                f"to {out.name}.previous/ and starts afresh")
    done = sum(point_done(out, p.index) is not None for p in exp.points)
    if old.get("status") == "done":
        return (f"results: {out}/ is finished for this config; a run plays nothing and "
                "rewrites games.parquet and the report")
    return f"results: {out}/ has {done} of {len(exp.points)} points done; a run resumes there"


if __name__ == "__main__":
    main()
