"""Write the experiment config reference from the loader's own schema, so it cannot drift:
``docs/config.md`` (for people) and ``docs/config.schema.json`` (a JSON Schema, draft 7, for
TOML editors such as Taplo / Even Better TOML).

Sources: ``sim.config.KEYS`` (the fixed keys of [experiment], [strategies], [report] with
their defaults and bounds), ``sim.config.MAX_POINTS``, and per game (``sim.games``) its rule
parameters (``sim.core.params``), strategy presets, weight names, seatings and report kinds.

    python scripts/make_config_docs.py          # rewrite both files
    python scripts/make_config_docs.py --check  # exit 1 if either is stale

``tests/test_config_docs.py`` regenerates both in memory and fails when a file differs.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sim import config, games  # noqa: E402
from sim.core import atomic  # noqa: E402
from sim.core.params import allowed_text, kind_of  # noqa: E402

MARKDOWN = ROOT / "docs" / "config.md"
SCHEMA = ROOT / "docs" / "config.schema.json"
SCHEMA_ID = "https://gangsim.invalid/config.schema.json"  # a name, not a place to fetch from

# what the shared report kind does; a game's own kinds are described by their writer's
# docstring when it has one
SHARED_REPORT_KINDS = {
    "sweep": "the sweep report: per point length, unfinished rate, turn-order fairness and "
             "strategy win rates with intervals, each value judged on the [report] criteria, "
             "a recommendation per player count and its stability",
}


# ---------------------------------------------------------------- shared helpers


def toml_value(v) -> str:
    """``v`` as TOML writes it."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return repr(v)


def cell(text: str) -> str:
    """Text safe inside a markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def rule_fields(spec) -> list[dataclasses.Field]:
    """The rule parameters a config may set (those ``sim.core.params.build`` accepts)."""
    return [f for f in dataclasses.fields(spec.rules_cls) if f.init]


def default_of(f: dataclasses.Field):
    return f.default_factory() if f.default is dataclasses.MISSING else f.default


def report_kind_doc(spec, kind: str) -> str:
    if kind in SHARED_REPORT_KINDS:
        return SHARED_REPORT_KINDS[kind]
    doc = (spec.report_kinds[kind].__doc__ or "").strip().splitlines()
    return doc[0] if doc else f"{spec.title}'s own report (see the README)"


# ---------------------------------------------------------------- JSON Schema


def _bounded(schema: dict, lo, hi) -> dict:
    if lo is not None:
        schema["minimum"] = lo
    if hi is not None:
        schema["maximum"] = hi
    return schema


def param_schema(f: dataclasses.Field) -> dict:
    """JSON Schema of one rule parameter's value."""
    m = f.metadata
    kind = kind_of(f)
    lo, hi = m.get("lo"), m.get("hi")
    if m.get("choices"):
        return {"enum": list(m["choices"])}
    if kind == "bool":
        return {"type": "boolean"}
    if kind == "str":
        return {"type": "string"}
    if kind == "int":
        return _bounded({"type": "integer"}, lo, hi)
    if kind in ("float", "probability"):
        return _bounded({"type": "number"}, lo, hi)
    if kind == "table":
        width = len(m["columns"])
        row = {"type": "array", "items": _bounded({"type": "number"}, lo, hi),
               "minItems": width, "maxItems": width}
        return {"type": "array", "items": row, "minItems": 1}
    item = _bounded({"type": "integer" if kind == "ints" else "number"}, lo, hi)
    return {"type": "array", "items": item, "minItems": 1}


def _param_entry(f: dataclasses.Field) -> dict:
    return {**param_schema(f), "default": json.loads(json.dumps(default_of(f))),
            "description": f"{f.metadata.get('doc', '')} Allowed: {allowed_text(f)}."}


def _sweep_list(value: dict, description: str) -> dict:
    return {"type": "array", "items": {k: v for k, v in value.items() if k != "default"},
            "minItems": 1, "maxItems": 10_000, "description": description}


def _weight_pattern(spec) -> str:
    strategies = "|".join(sorted(spec.presets))
    weights = "|".join(sorted(spec.weight_names))
    return f"^({strategies})\\.({weights})$"


def game_definitions(spec) -> dict:
    """Per game: its [rules], [sweep] (and each [[grid]]), [strategies] and [report] kind."""
    rules = {f.name: _param_entry(f) for f in rule_fields(spec)}
    sweep = {
        "type": "object",
        "description": f"{spec.title}: rule parameter = [values], or "
                       "\"<strategy>.<weight>\" = [numbers]; every combination is a point.",
        "properties": {k: _sweep_list(v, "Values to sweep. " + v["description"])
                       for k, v in rules.items()},
        "patternProperties": {_weight_pattern(spec): {
            "type": "array", "items": {"type": "number", "minimum": -1e6, "maximum": 1e6},
            "minItems": 1, "maxItems": 10_000,
            "description": "A strategy's weight, swept like a rule."}},
        "additionalProperties": False,
    }
    weights = {"type": "object", "additionalProperties": False,
               "properties": {w: {"type": "number", "minimum": -1e6, "maximum": 1e6}
                              for w in spec.weight_names}}
    strategies = {
        "type": "object",
        "properties": {
            "pool": {"type": "array", "items": {"enum": list(spec.presets)}, "minItems": 1,
                     "uniqueItems": True},
            "seating": {"enum": list(spec.capabilities.seatings)},
            "weights": {"type": "object", "additionalProperties": False,
                        "properties": {s: weights for s in spec.presets}},
        },
    }
    report = {"type": "object", "properties": {"kind": {"enum": list(spec.report_kinds)}}}
    return {
        "rules": {"type": "object", "description": f"{spec.title}: fixed rule changes.",
                  "properties": rules, "additionalProperties": False},
        "sweep": sweep,
        "grid": {"type": "array", "items": {"$ref": f"#/definitions/{spec.name}/sweep"},
                 "minItems": 1},
        "strategies": strategies,
        "report": report,
    }


def _key_schema(key: config.Key) -> dict:
    s = {"int": {"type": "integer"}, "number": {"type": "number"},
         "string": {"type": "string"},
         "strings": {"type": "array", "items": {"type": "string"}, "minItems": 1},
         "range": {"type": "array", "items": {"type": "number", "exclusiveMinimum": 0},
                   "minItems": 2, "maxItems": 2},
         "table": {"type": "object"}}[key.kind]
    s = _bounded(dict(s), key.lo, key.hi)
    if key.default is not None:
        s["default"] = key.default
    s["description"] = key.doc
    return s


def _section(name: str, **extra) -> dict:
    keys = config.KEYS[name]
    out = {"type": "object", "properties": {k: _key_schema(v) for k, v in keys.items()},
           "additionalProperties": False}
    required = [k for k, v in keys.items() if v.required]
    if required:
        out["required"] = required
    for key, value in extra.items():
        out["properties"][key].update(value)
    return out


def _union_properties(defs: dict[str, dict], part: str, what: str) -> dict:
    """Properties of every game's ``part`` together (for completion before the game is known),
    each a reference to its game's own; a name two games define differently is only described
    here, each game's own schema checks it."""
    out: dict[str, dict] = {}
    owners: dict[str, list[str]] = {}
    for game, d in defs.items():
        for k, v in d[part]["properties"].items():
            first = owners.setdefault(k, [game])[0]
            if first != game:
                owners[k].append(game)
                if defs[first][part]["properties"][k] != v:
                    out[k] = None
            else:
                out[k] = {"$ref": f"#/definitions/{game}/{part}/properties/{k}"}
    return {k: v if v is not None else
            {"description": f"A {what} of {', '.join(owners[k])} (its meaning and values "
                            "depend on the game)."}
            for k, v in out.items()}


def schema() -> dict:
    """The JSON Schema of an experiment config."""
    specs = [games.get(n) for n in games.GAME_NAMES]
    defs = {s.name: game_definitions(s) for s in specs}
    union_rules = _union_properties(defs, "rules", "rule parameter")
    union_sweep = _union_properties(defs, "sweep", "rule parameter")
    generic_sweep = {"type": "object", "properties": union_sweep,
                     "description": "parameter = [values ...]: the grid is every combination. "
                                    "A parameter is a rule of the game or a strategy's weight, "
                                    "\"<strategy>.<weight>\" (quoted: it holds a dot)."}
    seatings = sorted({x for s in specs for x in s.capabilities.seatings})
    kinds = sorted({k for s in specs for k in s.report_kinds})
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": SCHEMA_ID,
        "title": "gangsim experiment config",
        "description": "An experiment: experiments/<name>.toml. Generated by "
                       "scripts/make_config_docs.py; reference: docs/config.md. Checks that "
                       "join keys (a weight's strategy in the pool, [report] x a swept key, "
                       "a board big enough for the players) are the loader's alone.",
        "type": "object",
        "required": ["experiment"],
        "additionalProperties": False,
        "properties": {
            "experiment": _section("experiment", game={"enum": list(games.GAME_NAMES)}),
            "rules": {"type": "object", "properties": union_rules,
                      "description": "Fixed rule changes for every point: any rule parameter "
                                     "of the game (`gangsim rules <game>`)."},
            "sweep": {"$ref": "#/definitions/sweep"},
            "grid": {"type": "array", "items": {"$ref": "#/definitions/sweep"}, "minItems": 1,
                     "description": "[[grid]]: more sweep grids; the experiment plays the "
                                    "union of all grids."},
            "strategies": _section("strategies", seating={"enum": seatings}),
            "report": _section("report", kind={"enum": kinds}),
        },
        "allOf": [
            {"if": {"properties": {"experiment": {"properties": {"game": {"const": n}},
                                                  "required": ["game"]}}},
             "then": {"properties": {part: {"$ref": f"#/definitions/{n}/{part}"}
                                     for part in defs[n]}}}
            for n in games.GAME_NAMES
        ],
        "definitions": {"sweep": generic_sweep, **defs},
    }


# ---------------------------------------------------------------- markdown


def _range_text(key: config.Key) -> str:
    if key.lo is not None and key.hi is not None:
        return f"{key.lo:,} to {key.hi:,}" if isinstance(key.lo, int) else f"{key.lo} to {key.hi}"
    return ""


def _keys_table(section: str, allowed: dict[str, str] | None = None) -> list[str]:
    allowed = allowed or {}
    lines = ["| key | type | default | allowed | meaning |", "|---|---|---|---|---|"]
    for k, key in config.KEYS[section].items():
        default = "required" if key.required else (
            "(see meaning)" if key.default is None else f"`{toml_value(key.default)}`")
        lines.append(f"| `{k}` | {key.kind} | {default} | "
                     f"{cell(allowed.get(k) or _range_text(key))} | {cell(key.doc)} |")
    return lines


def markdown() -> str:
    """docs/config.md."""
    specs = [games.get(n) for n in games.GAME_NAMES]
    game_list = ", ".join(f"`{s.name}`" for s in specs)
    seatings = {s.name: ", ".join(f"`{x}`" for x in s.capabilities.seatings) for s in specs}
    kinds = {s.name: ", ".join(f"`{k}`" for k in s.report_kinds) for s in specs}
    out = [
        "# Experiment config reference",
        "",
        "<!-- Generated by scripts/make_config_docs.py from the loader's schema: do not edit. "
        "tests/test_config_docs.py fails when this file is stale. -->",
        "",
        "An experiment is a TOML file `experiments/<name>.toml`; `gangsim experiment <name>` "
        "runs it and `gangsim experiment <name> --dry-run` checks it and says how big it is "
        "without playing. Every key and value below is checked before a game is played; "
        "anything else (an unknown section, key, parameter or strategy, a bad value) stops "
        "the run with one message naming the file, the key and what is allowed.",
        "",
        "Sections: `[experiment]` (required), `[rules]`, `[sweep]`, `[[grid]]`, "
        "`[strategies]` (with `[strategies.weights.<strategy>]`), `[report]`.",
        "",
        "Editor completion and checking: `docs/config.schema.json` is a JSON Schema (draft 7) "
        "of the same. Taplo and Even Better TOML (VS Code) use it with a first line "
        "`#:schema ../docs/config.schema.json` in a config (the path relative to the file), "
        "or for every config with a `.taplo.toml` at the repository root:",
        "",
        "```toml",
        "[[rule]]",
        'include = ["experiments/**/*.toml"]',
        'schema = { path = "docs/config.schema.json" }',
        "```",
        "",
        "The schema checks each key and value; what joins keys (a weight's strategy in the "
        "pool, `[report] x` naming a swept key, a board big enough for the players, a key in "
        "both `[rules]` and `[sweep]`) only the loader checks.",
        "",
        "## `[experiment]`",
        "",
        *_keys_table("experiment", {"game": "one of " + game_list}),
        "",
        "## `[rules]`",
        "",
        "Fixed rule changes for every point: `parameter = value`, any rule parameter of the "
        "game (tables under [Games](#games); `gangsim rules <game>` lists them too). A "
        "parameter set here cannot be swept as well.",
        "",
        "## `[sweep]`",
        "",
        "`parameter = [values ...]`: the grid is every combination of the lists, each "
        "combination a point with its own random stream. A parameter is a rule parameter of "
        "the game or a strategy's weight, `\"<strategy>.<weight>\" = [numbers]` (quoted: it "
        "holds a dot), which plays that strategy with each value like a swept rule; the "
        "strategy must be in the pool and the weight not also set in "
        f"`[strategies.weights]`. Each list holds 1 to 10,000 values; all grids together "
        f"at most {config.MAX_POINTS:,} points. Sweep keys by game: the rule parameters and "
        "the weights under [Games](#games).",
        "",
        "## `[[grid]]`",
        "",
        "More sweep grids, each a table like `[sweep]`; the experiment plays the union of "
        "`[sweep]` and every `[[grid]]`. A point that two grids (or one list twice) produce "
        "with the same rules and weights is played once (weights 1 and 1.0 alike). In a "
        "grid that does not sweep a weight another grid sweeps, that weight is the preset's "
        "(an empty cell in `games.parquet`).",
        "",
        "```toml",
        "[[grid]]   # every pairing of dice",
        'quality_a = ["d6", "d8", "d10"]',
        'quality_b = ["d6", "d8", "d10"]',
        "",
        "[[grid]]   # team size against the reference",
        "soldiers_a = [2, 3, 4, 5, 6]",
        "```",
        "",
        "## `[strategies]`",
        "",
        *_keys_table("strategies", {
            "pool": "presets of the game, each once",
            "seating": "by game: " + "; ".join(f"{n}: {v}" for n, v in seatings.items()),
            "weights": "weight names of the game; numbers from -1,000,000 to 1,000,000",
        }),
        "",
        "`[strategies.weights.<strategy>]`: `weight = number` for a strategy of the pool; "
        "every point plays it with those weights (the manifest records them).",
        "",
        "## `[report]`",
        "",
        *_keys_table("report", {
            "kind": "by game: " + "; ".join(f"{n}: {v}" for n, v in kinds.items()),
            "x": "a swept key, or \"\"",
            "target_rounds": "0 < low <= high",
        }),
        "",
        "## Games",
        "",
    ]
    for spec in specs:
        out += _game_section(spec)
    return "\n".join(out).rstrip() + "\n"


def _game_section(spec) -> list[str]:
    lo, hi = spec.capabilities.players
    out = [
        f"### {spec.title} (`game = \"{spec.name}\"`)",
        "",
        f"Rules version `{spec.version}`; {lo if lo == hi else f'{lo} to {hi}'} players; seatings "
        + ", ".join(f"`{x}`" for x in spec.capabilities.seatings) + "; report kinds:",
        "",
    ]
    for kind in spec.report_kinds:
        out.append(f"- `{kind}`: {cell(report_kind_doc(spec, kind))}")
    out += [
        "",
        "#### Rule parameters (`[rules]`, `[sweep]`, `[[grid]]`)",
        "",
        "| parameter | default | allowed | meaning |",
        "|---|---|---|---|",
    ]
    for f in rule_fields(spec):
        out.append(f"| `{f.name}` | `{toml_value(default_of(f))}` | {cell(allowed_text(f))} | "
                   f"{cell(f.metadata.get('doc', ''))} |")
    out += [
        "",
        f"#### Strategies (`[strategies] pool`; docs/strategies/{spec.name}.md)",
        "",
        "| preset | what it does |",
        "|---|---|",
    ]
    for name, preset in spec.presets.items():
        out.append(f"| `{name}` | {cell(preset.about)} |")
    example = next((p for p in spec.presets if p != "random"), "random")
    weights = ", ".join(f"`{w}`" for w in spec.weight_names)
    out += [
        "",
        f"Weights (`[strategies.weights.<strategy>]`, or swept as "
        f"`\"<strategy>.<weight>\"`, e.g. `\"{example}.{next(iter(spec.weight_names))}\"`): "
        f"{weights}.",
        "",
    ]
    return out


# ---------------------------------------------------------------- files


def render() -> dict[Path, str]:
    """Every generated file and its text."""
    return {MARKDOWN: markdown(), SCHEMA: json.dumps(schema(), indent=2) + "\n"}


def main(argv: list[str]) -> int:
    stale = [p for p, text in render().items()
             if not p.exists() or p.read_text(encoding="utf-8") != text]
    if "--check" in argv:
        for p in stale:
            print(f"stale: {p.relative_to(ROOT)} (run python scripts/make_config_docs.py)")
        return 1 if stale else 0
    for p, text in render().items():
        atomic.write_text(p, text)
        print(f"wrote {p.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
