"""The config reference (docs/config.md) and its JSON Schema (docs/config.schema.json) are
generated from the loader's own schema: they are current, every shipped experiment passes the
schema, the schema refuses what the loader refuses, and the documented defaults and bounds are
the loader's."""

import copy
import json
import sys
import tomllib
from pathlib import Path

import pytest

from sim import config
from sim.core.params import ConfigError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import make_config_docs  # noqa: E402

SHIPPED = sorted((ROOT / "experiments").glob("*.toml")) + sorted(
    (ROOT / "experiments" / "ci").glob("*.toml"))


def test_generated_files_are_current():
    """Regenerated in memory, each file equals the committed one (else: run the script)."""
    for path, text in make_config_docs.render().items():
        assert path.exists(), f"{path} missing: run python scripts/make_config_docs.py"
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(ROOT)} is stale: run python scripts/make_config_docs.py")


def test_reference_names_every_key_parameter_preset_and_weight():
    from sim import games
    from sim.core.params import describe

    text = make_config_docs.markdown()
    for section, keys in config.KEYS.items():
        assert f"## `[{section}]`" in text
        for key in keys:
            assert f"| `{key}` |" in text
    for name in games.GAME_NAMES:
        spec = games.get(name)
        for d in describe(spec.rules_cls):
            assert f"| `{d['name']}` |" in text
        for preset in spec.presets:
            assert f"| `{preset}` |" in text
        for w in spec.weight_names:
            assert f"`{w}`" in text
        for kind in spec.report_kinds:
            assert f"- `{kind}`: " in text


@pytest.fixture(scope="module")
def validator():
    # jsonschema comes with the test extras (nbformat depends on it); it is not a dependency
    # of gangsim itself
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema not installed (it comes "
                                     "with nbformat in the test extras)")
    schema = json.loads(make_config_docs.SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_shipped_experiments_pass_the_schema(validator, path):
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in validator.iter_errors(raw)]
    assert not errors, errors


def test_shipped_experiments_are_found():
    names = {p.stem for p in SHIPPED}
    assert {"og_goal_sweep", "rg_die_types", "og_small", "rg_small"} <= names


OG = {"experiment": {"game": "og", "games": 10}, "sweep": {"props_goal": [8, 10]},
      "strategies": {"pool": ["expander", "hunter"]}}
RG = {"experiment": {"game": "rifle_gun", "games": 10}, "sweep": {"quality_a": ["d6", "d8"]}}


def _with(base, path, value):
    raw = copy.deepcopy(base)
    *parents, last = path
    node = raw
    for p in parents:
        node = node.setdefault(p, {})
    node[last] = value
    return raw


BAD = {
    "unknown section": _with(OG, ["rule"], {"ties_to": "attacker"}),
    "unknown experiment key": _with(OG, ["experiment", "gmaes"], 10),
    "unknown game": _with(OG, ["experiment", "game"], "chess"),
    "seed out of range": _with(OG, ["experiment", "seed"], -1),
    "unknown O.G. rule": _with(OG, ["rules", "ties_too"], "attacker"),
    "Rifle & Gun rule in O.G.": _with(OG, ["rules", "quality_a"], "d6"),
    "bad choice": _with(OG, ["rules", "ties_to"], "nobody"),
    "players out of range": _with(OG, ["sweep", "players"], [2, 9]),
    "empty sweep list": _with(OG, ["sweep", "players"], []),
    "unknown weight swept": _with(OG, ["sweep", "expander.attack_margn"], [0, 1]),
    "unknown strategy in pool": _with(OG, ["strategies", "pool"], ["expandr"]),
    "unknown weight": _with(OG, ["strategies", "weights"], {"expander": {"bank_": 1}}),
    "seating the game lacks": _with(RG, ["strategies", "seating"], "crn"),
    "report kind the game lacks": _with(OG, ["report", "kind"], "exchange"),
    "alpha out of range": _with(OG, ["report", "alpha"], 0.7),
    "target_rounds not a pair": _with(OG, ["report", "target_rounds"], [8]),
    "grid with an unknown rule": _with(RG, ["grid"], [{"quality_c": ["d6"]}]),
}


@pytest.mark.parametrize("case", BAD)
def test_schema_refuses_what_the_loader_refuses(validator, case):
    raw = BAD[case]
    with pytest.raises(ConfigError):
        config.parse(raw, "x", "x.toml")
    assert list(validator.iter_errors(raw)), f"the schema accepts: {case}"


@pytest.mark.parametrize("raw", [OG, RG, _with(OG, ["sweep", "expander.attack_margin"], [0, 2]),
                                 _with(RG, ["report", "kind"], "exchange")])
def test_schema_accepts_what_the_loader_accepts(validator, raw):
    config.parse(raw, "x", "x.toml")
    assert not list(validator.iter_errors(raw))


def test_documented_defaults_are_the_loaders():
    exp = config.parse({"experiment": {"game": "og"}}, "x", "x.toml")
    keys = config.KEYS
    for k in ("question", "seed", "games", "chunk", "precision"):
        assert getattr(exp, k) == keys["experiment"][k].default, k
    assert exp.seating == keys["strategies"]["seating"].default
    assert exp.report == {k: v.default for k, v in keys["report"].items()}


def _bound_cases():
    for section in ("experiment", "report"):
        for name, key in config.KEYS[section].items():
            if key.lo is None:
                continue
            step = 1 if key.kind == "int" else max(abs(key.lo), abs(key.hi)) * 1e-3
            for value, ok in ((key.lo, True), (key.hi, True), (key.lo - step, False),
                              (key.hi + step, False)):
                yield pytest.param(section, name, value, ok, id=f"{section}.{name}={value}")


@pytest.mark.parametrize("section,name,value,ok", list(_bound_cases()))
def test_documented_bounds_are_the_loaders(section, name, value, ok):
    # games = 1 so that max_games (at least games) may take its documented low bound
    raw = {"experiment": {"game": "og", "games": 1}}
    raw.setdefault(section, {})[name] = value
    if ok:
        config.parse(raw, "x", "x.toml")
    else:
        with pytest.raises(ConfigError):
            config.parse(raw, "x", "x.toml")
