"""Property-based: malformed and hostile configs always get a clean ConfigError (never a
traceback), and no experiment name can point outside experiments/ or results/."""

import string
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.config import Experiment, experiment_path, load, parse
from sim.core.params import ConfigError

KEYS = {
    "experiment": ["game", "question", "seed", "games", "chunk", "precision", "max_games"],
    "rules": ["players", "props_goal", "goal_mode", "start_ratings", "ties_to", "max_rounds",
              "board_width", "board_height", "special_counts", "props_spending"],
    "sweep": ["players", "props_goal", "max_expansions", "adjacency", "school"],
    "strategies": ["pool", "seating", "weights"],
    "report": ["target_rounds", "max_unfinished", "alpha", "x", "seat_tolerance"],
}
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.binary(max_size=8), st.sampled_from(["og", "expander", "random", "fixed", "crn",
                                            "defender", "diagonal", "props_goal", "players"]),
    st.integers(min_value=0, max_value=12), st.datetimes())
values = st.recursive(scalars, lambda c: st.lists(c, max_size=4)
                      | st.dictionaries(st.text(max_size=6), c, max_size=3), max_leaves=12)


def section(name):
    keys = st.one_of(st.sampled_from(KEYS[name]), st.text(max_size=8))
    return st.dictionaries(keys, values, max_size=5)


# mostly a valid game, so that validation reaches every later section
experiment = st.builds(lambda extra, game: {**extra, "game": game},
                       st.one_of(st.just({}), section("experiment")),
                       st.one_of(st.just("og"), st.just("og"), values))
configs = st.one_of(
    st.fixed_dictionaries({"experiment": experiment},
                          optional={name: st.one_of(st.just({}), section(name), values)
                                    for name in KEYS if name != "experiment"}),
    st.dictionaries(st.text(max_size=10), values, max_size=4),
)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs)
def test_any_mapping_is_accepted_or_refused_cleanly(raw):
    try:
        exp = parse(raw, "fuzz", "fuzz.toml")
    except ConfigError as e:
        assert str(e).startswith("fuzz.toml")
    else:
        assert isinstance(exp, Experiment) and exp.points


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300))
def test_any_file_bytes_are_accepted_or_refused_cleanly(tmp_path, data):
    (tmp_path / "f.toml").write_bytes(data)
    try:
        load("f", tmp_path)
    except ConfigError as e:
        assert "f.toml" in str(e)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=string.printable + "./\\~\x00é", max_size=30))
def test_names_never_escape_the_experiments_folder(name):
    root = Path("experiments").resolve()
    try:
        path = experiment_path(name, root)
    except ConfigError:
        return
    assert path.resolve().parent == root


def test_huge_grids_and_counts_are_refused(tmp_path):
    raw = {"experiment": {"game": "og"}, "sweep": {"props_goal": list(range(1, 1001)),
                                                   "max_rounds": list(range(1, 101))}}
    try:
        parse(raw, "big", "big.toml")
    except ConfigError as e:
        assert "the grid has 100,000 points; at most 10,000 are allowed" in str(e)
    else:
        raise AssertionError("a 100,000-point grid was accepted")


VALID = {"experiment": {"game": "og", "games": 10}, "rules": {"ties_to": "defender"},
         "sweep": {"props_goal": [6, 8]}, "strategies": {"pool": ["expander", "random"]},
         "report": {"alpha": 0.05}}


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(sorted(KEYS)), st.data())
def test_one_hostile_value_in_an_otherwise_valid_config(name, data):
    """Every known key of every section, set to anything: accepted or a clean error."""
    key = data.draw(st.sampled_from(KEYS[name]))
    value = data.draw(values)
    raw = {k: dict(v) for k, v in VALID.items()}
    if name == "rules":  # a parameter may be fixed or swept, not both
        raw["sweep"].pop(key, None)
    if name == "sweep":
        raw["rules"].pop(key, None)
    raw[name][key] = value
    try:
        parse(raw, "fuzz", "fuzz.toml")
    except ConfigError as e:
        assert str(e).startswith("fuzz.toml")
