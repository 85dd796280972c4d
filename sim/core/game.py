"""The game contract: everything the platform (runner, CLI, reports, regression, tournaments,
golden files, benchmarks, the contract test) needs from a game, as one typed record.

A game fills in a :class:`GameSpec` in its own package (``sim/<game>/api.py``: ``SPEC``) and
adds one line to the registry in ``sim/games.py``. Shared modules reach a game only through its
spec, so none of them imports a game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

import click
import numpy as np
import pandas as pd

from sim.core.records import CONTRACT_NAMES, Column

SEATINGS = ("mixed", "fixed", "crn")


class Rules(Protocol):
    """What a rules class offers (a frozen dataclass of ``sim.core.params.param`` fields)."""

    players: int

    @property
    def round_limit(self) -> int: ...  # rounds after which a game is stopped

    def as_dict(self) -> dict: ...  # every parameter, JSON-ready

    def problem(self) -> str | None: ...  # the first impossible combination, or None


class RunGames(Protocol):
    """Play ``len(lineup)`` games keyed (seed, stream, game0 + i); ``lineup`` int64[n, P]
    indexes ``pool``; ``overrides`` {strategy: {weight: value}}; ``key_div`` > 1 replays
    blocks of that many games on one stream (common random numbers). Returns the tidy table."""

    def __call__(self, rules: Any, seed: int, stream: int, game0: int, lineup: np.ndarray,
                 pool: list[str], overrides: dict | None = None,
                 key_div: int = 1) -> pd.DataFrame: ...


class Replay(Protocol):
    """Game (seed, stream, game) alone, traced, with seat s playing ``pool[lineup_row[s]]``:
    its tidy rows (equal to the same game's rows in any batch) and its narration."""

    def __call__(self, rules: Any, seed: int, stream: int, game: int, pool: list[str],
                 lineup_row: np.ndarray, overrides: dict | None = None,
                 key_div: int = 1) -> tuple[pd.DataFrame, str]: ...


# (results folder, point index -> tidy table, manifest, the game's wording) -> files written
ReportWriter = Callable[[Path, Callable[[int], pd.DataFrame], dict, Mapping[str, str]], None]
# one point's tidy table -> extra regression metrics {name: {kind, value, se, n}}
RegressionMetrics = Callable[[pd.DataFrame], dict]


@dataclasses.dataclass(frozen=True)
class Capabilities:
    """What a game supports: checked by the config loader before any game is played."""

    seatings: tuple[str, ...] = SEATINGS
    draws: bool = False  # a game can end with nobody winning (besides the turn limit)
    players: tuple[int, int] = (2, 2)  # least and most players
    limit_end: str | None = None  # the end reason of a game that reaches its round limit when
    # the rules score it there (Godfather's tally names a winner): such games are finished,
    # not censored (turn_limit stays False); None: the limit stops a game unfinished


@dataclasses.dataclass(frozen=True)
class OddsCheck:
    """One exchange whose engine dice are checked against exact odds in the contract test:
    ``simulate(n, seed)`` returns outcome counts int[k], ``exact()`` their probabilities [k]."""

    name: str
    exact: Callable[[], np.ndarray]
    simulate: Callable[[int, int], np.ndarray]


@dataclasses.dataclass(frozen=True)
class GoldenCase:
    """A seeded narrated game kept under ``tests/golden/<name>.txt``; ``make()`` renders it."""

    name: str
    make: Callable[[], str]


@dataclasses.dataclass(frozen=True)
class GameSpec:
    """A game as the platform sees it."""

    name: str  # registry key, e.g. "og"
    title: str  # for people, e.g. "O.G."
    version: str  # rules version carried into every result
    rules_cls: type  # a Rules dataclass
    presets: Mapping[str, Any]  # strategy name -> strategies.presets.Preset (must hold 'random')
    weight_names: Mapping[str, int]  # tunable weight name -> index
    run_games: RunGames
    replay: Replay
    round_limit_param: str  # the rule parameter that sets the turn limit
    columns: tuple[Column, ...]  # the game's own columns after the contract ones
    end_names: tuple[str, ...]  # end_reason categories
    odds_cli: click.Group  # mounted as `gangsim odds <name>`
    capabilities: Capabilities
    report_kinds: Mapping[str, ReportWriter]  # [report] kind -> writer; "sweep" is the default
    wording: Mapping[str, str] = dataclasses.field(default_factory=dict)  # see WORDING
    regression_metrics: RegressionMetrics | None = None
    odds_checks: tuple[OddsCheck, ...] = ()
    golden: tuple[GoldenCase, ...] = ()
    cluster: str | None = None  # a per-game column whose games share a random effect (e.g.
    # a generated table): regression standard errors are clustered by it
    bench: str = ""  # benchmark script, relative to the repository root
    decided_by: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    # rule parameter -> the end reasons it controls (O.G.: props_goal -> ("goal",)): a sweep
    # report flags points where the swept parameter ended (almost) no game
    code_paths: tuple[str, ...] = ()  # globs (from the repository root) of the engine's code
    quick_rules: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    # rule overrides that keep the contract tests' games short (Godfather: fewer sets); the
    # tests check the contract, not balance, so a shorter game proves the same

    def __post_init__(self):
        problems = contract_problems(self)
        if problems:
            raise TypeError(f"game {self.name!r} does not meet the contract: "
                            + "; ".join(problems))

    @property
    def schema(self) -> tuple[Column, ...]:
        """Every column of the game's tidy table, contract columns first."""
        from sim.core.records import CONTRACT

        return CONTRACT + self.columns

    def play_text(self, rules, seed: int, stream: int, game: int, pool: list[str],
                  lineup_row, overrides: dict | None = None, key_div: int = 1) -> str:
        """The narrated game (see :class:`Replay`)."""
        return self.replay(rules, seed, stream, game, pool, np.asarray(lineup_row), overrides,
                           key_div)[1]

    def word(self, key: str) -> str:
        """The game's wording for ``key`` in shared reports (defaults in WORDING)."""
        return self.wording.get(key, WORDING[key])


# Words shared reports use, each game may restate them in its own terms.
WORDING = {
    "turn_order": "turn order comes from the rules",
    "asset": "asset",  # what held_<x> columns count turns of holding
    "score": "score",  # the victory score behind score_mid
}


def contract_problems(spec: GameSpec) -> list[str]:
    """Every way ``spec`` falls short of the contract (empty when it meets it)."""
    out = []
    cls = spec.rules_cls
    if not dataclasses.is_dataclass(cls):
        out.append("rules_cls is not a dataclass")
    else:
        names = {f.name for f in dataclasses.fields(cls)}
        if "players" not in names:
            out.append("rules_cls has no 'players' parameter")
        for attr in ("round_limit", "as_dict", "problem"):
            if not hasattr(cls, attr):
                out.append(f"rules_cls has no {attr!r}")
        if spec.round_limit_param not in names:
            out.append(f"round_limit_param {spec.round_limit_param!r} is not a rule parameter")
    if "random" not in spec.presets:
        out.append("presets has no 'random' strategy (the baseline every preset must beat)")
    bad = [s for s in spec.capabilities.seatings if s not in SEATINGS]
    if bad:
        out.append(f"unknown seatings {bad}; allowed: {', '.join(SEATINGS)}")
    if "sweep" not in spec.report_kinds:
        out.append("report_kinds has no 'sweep' report")
    clash = [c.name for c in spec.columns if c.name in CONTRACT_NAMES]
    if clash:
        out.append(f"columns {clash} redeclare contract columns")
    bad = [k for k in spec.wording if k not in WORDING]
    if bad:
        out.append(f"unknown wording keys {bad}; allowed: {', '.join(WORDING)}")
    if spec.capabilities.limit_end is not None and \
            spec.capabilities.limit_end not in spec.end_names:
        out.append(f"capabilities.limit_end {spec.capabilities.limit_end!r} is not in end_names")
    if dataclasses.is_dataclass(cls):
        bad = [k for k in spec.quick_rules if k not in {f.name for f in dataclasses.fields(cls)}]
        if bad:
            out.append(f"quick_rules names {bad}, not rule parameters")
    if spec.cluster is not None and spec.cluster not in [c.name for c in spec.columns]:
        out.append(f"cluster {spec.cluster!r} is not one of the game's columns")
    for param, reasons in spec.decided_by.items():
        if dataclasses.is_dataclass(cls) and param not in {f.name for f in dataclasses.fields(cls)}:
            out.append(f"decided_by names {param!r}, not a rule parameter")
        bad = [r for r in reasons if r not in spec.end_names]
        if bad:
            out.append(f"decided_by[{param!r}] has end reasons {bad} not in end_names")
    if not isinstance(spec.odds_cli, click.Group):
        out.append("odds_cli is not a click group")
    return out
