"""Experiment configs: load ``experiments/<name>.toml``, validate everything, expand the grid.

Every problem is reported before a game is played as one :class:`ConfigError` naming the file,
the key and what is allowed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import math
import re
import tomllib
from pathlib import Path

from sim import games
from sim.core.params import ConfigError, build, did_you_mean

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_\-]*$")
RESULTS_LAYOUT = 3  # bump when the results folder's files or columns change shape
MAX_GAMES = 100_000_000
MAX_POINTS = 10_000


@dataclasses.dataclass(frozen=True)
class Key:
    """One fixed key of a config section, as documented (``docs/config.md`` and
    ``docs/config.schema.json``, written by ``scripts/make_config_docs.py``). ``kind``: int,
    number, string, strings (a list of strings), range (``[low, high]``) or table; ``lo`` and
    ``hi`` bound a number (``tests/test_config_docs.py`` checks them against :func:`parse`)."""

    kind: str
    doc: str
    default: object = None  # None: no default (or one computed from other keys, said in doc)
    lo: float | None = None
    hi: float | None = None
    required: bool = False


# The sections whose keys are fixed; [rules], [sweep] and [[grid]] take the game's rule
# parameters (and a strategy's weights, "<strategy>.<weight>", in [sweep] and [[grid]]).
KEYS = {
    "experiment": {
        "game": Key("string", "The game: its registry name.", required=True),
        "question": Key("string", "The question the experiment answers (shown in the report).",
                        ""),
        "seed": Key("int", "Seed of every game's random stream.", 1, 0, 2**63 - 1),
        "games": Key("int", "Games per sweep point (`--games` overrides it).", 1000, 1,
                     MAX_GAMES),
        "chunk": Key("int", "Games per task: one saved part and one unit of work for a Dask "
                     "worker.", 2000, 1, 1_000_000),
        "precision": Key("number", "Target 95% interval half-width of every headline rate: "
                         "adds games to each point, in rounds, until it is reached or "
                         "`max_games` is. Unset: exactly `games` per point.", None, 0.001, 0.5),
        "max_games": Key("int", "Most games a point may get when `precision` is set; at "
                         "least `games` (default: the larger of `games` and 100,000).", None,
                         1, MAX_GAMES),
    },
    "strategies": {
        "pool": Key("strings", "The strategies (presets) that play (default: every preset of "
                    "the game)."),
        "seating": Key("string", "How the pool is seated: 'mixed' (line-ups drawn and rotated "
                       "so every strategy sits in every seat equally often), 'fixed' (pool[i] "
                       "in seat i) or 'crn' (blocks of P games on one board and dice stream, "
                       "first turn rotated).", "mixed"),
        "weights": Key("table", "[strategies.weights.<strategy>]: weight = number, overrides "
                       "of a pool strategy's weights."),
    },
    "report": {
        "target_rounds": Key("range", "[low, high]: the sensible game length in rounds, "
                             "0 < low <= high.", [8, 20]),
        "max_unfinished": Key("number", "Most share of games that may hit the turn limit.",
                              0.02, 0.0, 1.0),
        "alpha": Key("number", "1 - confidence of every interval (0.05: 95% intervals).", 0.05,
                     1e-9, 0.5),
        "x": Key("string", "The swept parameter the report recommends a value of and plots "
                 "on the x axis; \"\": the first swept key other than players.", ""),
        "seat_tolerance": Key("number", "Each turn position's win share must be within this "
                              "of the fair share.", 0.05, 0.0, 1.0),
        "kind": Key("string", "Which report to write: one of the game's report kinds.",
                    "sweep"),
    },
}
_SECTIONS = {
    "experiment": set(KEYS["experiment"]),
    "rules": None,  # checked against the game's rule parameters
    "sweep": None,
    "grid": None,  # [[grid]]: more sweep grids; the experiment plays the union of all grids
    "strategies": set(KEYS["strategies"]),
    "report": set(KEYS["report"]),
}
_REPORT_DEFAULTS = {k: key.default for k, key in KEYS["report"].items()}


@dataclasses.dataclass(frozen=True)
class Point:
    """One sweep point: its swept values, full rules, random stream id and the strategy weight
    overrides its games are played with ([strategies.weights] plus any swept weight)."""

    index: int
    swept: dict
    rules: object
    stream: int
    weights: dict

    @property
    def label(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.swept.items()) or "base"


@dataclasses.dataclass(frozen=True)
class Experiment:
    """A validated experiment."""

    name: str
    path: str
    game: str
    question: str
    seed: int
    games: int
    chunk: int
    precision: float | None  # target 95% half-width of every headline rate, or None
    max_games: int  # cap per point when precision is set
    base_rules: dict
    sweep: dict
    pool: list
    seating: str
    weights: dict
    report: dict
    points: list

    def fingerprint(self) -> str:
        """Hash of everything that determines the results: the config and the engine's code."""
        spec = games.get(self.game)
        blob = json.dumps({"game": self.game, "version": spec.version, "seed": self.seed,
                           "code": engine_code_hash(self.game), "layout": RESULTS_LAYOUT,
                           "rules": self.base_rules, "sweep": self.sweep, "pool": self.pool,
                           "seating": self.seating, "weights": self.weights,
                           "games": self.games, "chunk": self.chunk,
                           "precision": self.precision, "max_games": self.max_games},
                          sort_keys=True, default=str)
        return hashlib.blake2b(blob.encode(), digest_size=12).hexdigest()


def engine_code_hash(game: str) -> str:
    """Hash of the source that plays ``game`` (the files its spec's ``code_paths`` name: shared
    core, the game's package, its strategies): results made by other code are never mixed."""
    root = Path(__file__).resolve().parent.parent
    files = sorted({f for pattern in games.get(game).code_paths for f in root.glob(pattern)})
    h = hashlib.blake2b(digest_size=10)
    for f in files:
        h.update(f.relative_to(root).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def games_for_precision(half_width: float, confidence: float = 0.95) -> int:
    """Games per point so that any rate's Wilson half-width is at most ``half_width``
    (worst case, rate 1/2; normal approximation): n = z^2 / (4 h^2)."""
    if not isinstance(half_width, int | float) or not 0.001 <= half_width <= 0.5:
        raise ConfigError(f"--precision {half_width!r}: expected a half-width from 0.001 to 0.5")
    from scipy.stats import norm

    z = norm.ppf(0.5 + confidence / 2)
    return int(math.ceil(z * z / (4 * half_width * half_width)))


def weight_key(key: str) -> tuple[str, str] | None:
    """(strategy, weight) of a sweep key ``<strategy>.<weight>``; None for a rule parameter
    (rule parameter names never hold a dot)."""
    strategy, dot, weight = key.partition(".")
    return (strategy, weight) if dot else None


def stream_id(game: str, rules_dict: dict, pool: list, seating: str, weights: dict) -> int:
    """Random stream of a point: a hash of what defines it, so reordering points changes nothing."""
    blob = json.dumps([game, rules_dict, pool, seating, weights], sort_keys=True, default=str)
    return int.from_bytes(hashlib.blake2b(blob.encode(), digest_size=8).digest(), "little") >> 1


def experiment_path(name: str, root: Path) -> Path:
    """Path of a named experiment, refusing names that could escape ``experiments/``."""
    if not isinstance(name, str) or not NAME_RE.match(name):
        raise ConfigError(f"experiment name {name!r}: use letters, digits, '_' and '-' only")
    path = Path(root) / f"{name}.toml"
    if not path.is_file():
        known = sorted(p.stem for p in Path(root).glob("*.toml"))
        raise ConfigError(f"unknown experiment {name!r}{did_you_mean(name, known)}: no {path}; "
                          f"available: {', '.join(known) or 'none'}")
    return path


def load(name: str, root: Path = Path("experiments"), games_override: int | None = None,
         rules_override: dict | None = None, seed_override: int | None = None):
    """Load and validate experiment ``name`` from ``root``; the overrides (for what-if and
    regression self-tests) replace [rules] entries and the seed before validation."""
    path = experiment_path(name, root)
    try:
        raw = tomllib.loads(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError as e:
        raise ConfigError(f"{path}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path}: not valid TOML: {e}") from None
    if rules_override:
        raw.setdefault("rules", {}).update(rules_override)
    if seed_override is not None:
        raw.setdefault("experiment", {})["seed"] = seed_override
    return parse(raw, name, str(path), games_override)


def _need(cond: bool, where: str, msg: str) -> None:
    if not cond:
        raise ConfigError(f"{where}: {msg}")


def _int(value, where: str, lo: int, hi: int) -> int:
    ok = isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi
    _need(ok, where, f"{value!r} is not allowed; expected an integer from {lo} to {hi}")
    return value


def _num(value, where: str, lo: float, hi: float) -> float:
    ok = isinstance(value, int | float) and not isinstance(value, bool) and lo <= value <= hi
    _need(ok, where, f"{value!r} is not allowed; expected a number from {lo} to {hi}")
    return float(value)


def parse(raw: dict, name: str, path: str, games_override: int | None = None) -> Experiment:
    """Validate a parsed TOML mapping into an :class:`Experiment`."""
    for section, value in raw.items():
        if section not in _SECTIONS:
            raise ConfigError(f"{path}: unknown section [{section}]"
                              f"{did_you_mean(section, _SECTIONS)}; allowed: "
                              f"{', '.join(_SECTIONS)}")
        if section == "grid":
            _need(isinstance(value, list) and value and all(isinstance(g, dict) for g in value),
                  f"{path}: [[grid]]", "must be one or more tables of parameter = [values]")
            continue
        _need(isinstance(value, dict), f"{path}: [{section}]", "must be a table")
        allowed = _SECTIONS[section]
        if allowed is not None:
            for key in value:
                if key not in allowed:
                    raise ConfigError(f"{path}: [{section}] unknown key {key!r}"
                                      f"{did_you_mean(key, allowed)}; allowed: "
                                      f"{', '.join(sorted(allowed))}")
    exp = raw.get("experiment", {})
    where = f"{path}: [experiment]"
    _need("game" in exp, where, f"'game' is required; allowed: {', '.join(games.GAME_NAMES)}")
    game = exp["game"]
    _need(game in games.GAME_NAMES, f"{where} game",
          f"{game!r} is not a game{did_you_mean(str(game), games.GAME_NAMES)}; allowed: "
          f"{', '.join(games.GAME_NAMES)}")
    spec = games.get(game)
    question = exp.get("question", "")
    _need(isinstance(question, str), f"{where} question", "must be a string")
    seed = _int(exp.get("seed", 1), f"{where} seed", 0, 2**63 - 1)
    n_games = _int(exp.get("games", 1000), f"{where} games", 1, MAX_GAMES)
    if games_override is not None:
        n_games = _int(games_override, "--games", 1, MAX_GAMES)
    chunk = _int(exp.get("chunk", 2000), f"{where} chunk", 1, 1_000_000)
    precision = exp.get("precision")
    if precision is not None:
        precision = _num(precision, f"{where} precision", 0.001, 0.5)
    max_games = _int(exp.get("max_games", max(n_games, 100_000)), f"{where} max_games", n_games,
                     MAX_GAMES)

    base = raw.get("rules", {})
    build(spec.rules_cls, base, f"{path}: [rules]", combination=False)  # each key and value
    sweep = raw.get("sweep", {})
    grids = ([sweep] if sweep or "grid" not in raw else []) + list(raw.get("grid", []))
    field_names = [f.name for f in dataclasses.fields(spec.rules_cls)]
    labels = ["[sweep]" if (sweep and gi == 0) else f"[[grid]] {gi + (0 if sweep else 1)}"
              for gi in range(len(grids))]
    for label, grid in zip(labels, grids, strict=True):
        for key, values in grid.items():
            w = f"{path}: {label} {key}"
            _need(key in field_names or weight_key(key), f"{path}: {label}",
                  f"unknown rule parameter {key!r}{did_you_mean(key, field_names)}; allowed: "
                  f"{', '.join(field_names)}, or a strategy's weight as <strategy>.<weight>")
            _need(isinstance(values, list) and 0 < len(values) <= 10_000, w,
                  "must be a non-empty list of values to sweep")
            _need(key not in base, w, "is set in [rules] too; set it in one place")
    swept_keys = list(dict.fromkeys(k for g in grids for k in g))

    st = raw.get("strategies", {})
    pool = st.get("pool", list(spec.presets))
    _need(isinstance(pool, list) and pool and all(isinstance(p, str) for p in pool),
          f"{path}: [strategies] pool", "must be a non-empty list of strategy names")
    for p in pool:
        _need(p in spec.presets, f"{path}: [strategies] pool",
              f"unknown strategy {p!r}{did_you_mean(p, spec.presets)}; allowed: "
              f"{', '.join(spec.presets)}")
    _need(len(set(pool)) == len(pool), f"{path}: [strategies] pool", "lists a strategy twice")
    seating = st.get("seating", "mixed")
    allowed_seatings = spec.capabilities.seatings
    _need(seating in allowed_seatings, f"{path}: [strategies] seating",
          f"{seating!r} is not allowed for {game}; allowed: "
          + ", ".join(repr(s) for s in allowed_seatings))
    weights = st.get("weights", {})
    _need(isinstance(weights, dict), f"{path}: [strategies.weights]", "must be a table")
    for sname, table in weights.items():
        w = f"{path}: [strategies.weights.{sname}]"
        _need(sname in pool, w, f"{sname!r} is not in the pool {pool}")
        _need(isinstance(table, dict), w, "must be a table of weight = number")
        for k, v in table.items():
            _need(k in spec.weight_names, f"{w} {k}",
                  f"unknown weight{did_you_mean(k, spec.weight_names)}; allowed: "
                  f"{', '.join(spec.weight_names)}")
            _num(v, f"{w} {k}", -1e6, 1e6)
    for label, grid in zip(labels, grids, strict=True):  # swept weights, now the pool is known
        for key, values in grid.items():
            if weight_key(key):
                _check_weight_sweep(spec, pool, weights, key, values, f"{path}: {label} {key}")

    report = dict(_REPORT_DEFAULTS)
    report.update(raw.get("report", {}))
    w = f"{path}: [report]"
    tr = report["target_rounds"]
    _need(isinstance(tr, list) and len(tr) == 2 and all(isinstance(v, int | float)
                                                        and not isinstance(v, bool) for v in tr)
          and 0 < tr[0] <= tr[1], f"{w} target_rounds", "must be [low, high] with 0 < low <= high")
    _num(report["max_unfinished"], f"{w} max_unfinished", 0.0, 1.0)
    _num(report["alpha"], f"{w} alpha", 1e-9, 0.5)
    _num(report["seat_tolerance"], f"{w} seat_tolerance", 0.0, 1.0)
    _need(isinstance(report["x"], str) and (report["x"] == "" or report["x"] in swept_keys),
          f"{w} x", f"must name a swept parameter; allowed: {', '.join(swept_keys) or 'none'}")
    _need(report["kind"] in spec.report_kinds, f"{w} kind",
          f"{report['kind']!r} is not a report of {game}; allowed: "
          f"{', '.join(spec.report_kinds)}")

    n_points = sum(math.prod(len(v) for v in g.values()) for g in grids) or 1
    _need(n_points <= MAX_POINTS, f"{path}: [sweep]",
          f"the grid has {n_points:,} points; at most {MAX_POINTS:,} are allowed")
    points = []
    seen = set()
    combos = [dict(zip(g, c, strict=True)) for g in (grids or [{}])
              for c in itertools.product(*g.values())]
    for combo in combos:
        index = len(points)
        where = ", ".join(f"{k}={v!r}" for k, v in combo.items())
        rule_combo = {k: v for k, v in combo.items() if not weight_key(k)}
        rules = build(spec.rules_cls, {**base, **rule_combo},
                      f"{path}: [sweep] point {index} ({where})")
        point_weights = {s: dict(t) for s, t in weights.items()}
        for k, v in combo.items():
            if weight_key(k):
                strategy, weight = weight_key(k)
                point_weights.setdefault(strategy, {})[weight] = v
        # the same rules and weights in two grids (or twice in a list) are played once;
        # 1 and 1.0 are the same weight
        key = json.dumps([rules.as_dict(), {s: {k: float(v) for k, v in t.items()}
                                            for s, t in point_weights.items()}],
                         sort_keys=True, default=str)
        if key in seen:
            continue
        seen.add(key)
        # a weight a point's grid does not sweep: None (the strategy plays its preset's value)
        swept = {k: combo.get(k) if weight_key(k) else _plain(getattr(rules, k))
                 for k in swept_keys}
        if seating == "fixed":
            _need(len(pool) == rules.players, f"{path}: [strategies] seating",
                  f"'fixed' needs one strategy per seat: pool has {len(pool)}, point {index} "
                  f"has {rules.players} players")
        points.append(Point(index, swept, rules,
                            stream_id(game, rules.as_dict(), pool, seating, point_weights),
                            point_weights))
    if len(points) * n_games > 10 * MAX_GAMES:
        raise ConfigError(f"{path}: {len(points)} points x {n_games} games is too many")
    sweep_record = sweep if not raw.get("grid") else {"grids": grids}
    return Experiment(name, path, game, question, seed, n_games, chunk, precision, max_games,
                      base, sweep_record, pool, seating, weights, report, points)


def _check_weight_sweep(spec, pool: list, weights: dict, key: str, values: list,
                        where: str) -> None:
    """A swept ``<strategy>.<weight>``: a strategy of the pool, one of the game's weights, not
    also set in [strategies.weights], and numbers."""
    strategy, weight = weight_key(key)
    _need(strategy in spec.presets, where,
          f"unknown strategy {strategy!r}{did_you_mean(strategy, spec.presets)}; allowed: "
          f"{', '.join(spec.presets)}")
    _need(strategy in pool, where, f"{strategy!r} is not in the pool {pool}")
    _need(weight in spec.weight_names, where,
          f"unknown weight {weight!r} of {strategy}{did_you_mean(weight, spec.weight_names)}; "
          f"allowed: {', '.join(spec.weight_names)}")
    _need(weight not in weights.get(strategy, {}), where,
          f"is set in [strategies.weights.{strategy}] too; set it in one place")
    for v in values:
        _num(v, where, -1e6, 1e6)


def _plain(v):
    return list(v) if isinstance(v, tuple) else v
