"""Rule-parameter kinds: real numbers, probabilities, lists of numbers and small tables are
declared, listed, validated and normalised like integers and choices."""

import dataclasses

import pytest

from sim.core.params import ConfigError, build, describe, param


@dataclasses.dataclass(frozen=True)
class Toy:
    players: int = param(2, "Players.", lo=2, hi=4)
    credits: float = param(1.5, "Starting credits.", lo=0, hi=100)
    raid_chance: float = param(0.25, "Chance of a police raid per turn.", kind="probability")
    upkeep: tuple = param((0.5, 1.0), "Upkeep per element kind.", kind="floats", lo=0, hi=10)
    xp_grades: tuple = param(((0, 9), (10, 29), (30, 59)), "XP bands (low, high) per grade.",
                             kind="table", columns=("low", "high"), lo=0, hi=1000)
    rounds: int = param(8, "Turn limit.", lo=1, hi=50)


def test_defaults_and_listing():
    t = Toy()
    assert t.xp_grades == ((0, 9), (10, 29), (30, 59))
    d = {r["name"]: r for r in describe(Toy)}
    assert d["raid_chance"]["allowed"] == "a probability from 0.0 to 1.0"
    assert d["raid_chance"]["kind"] == "probability"
    assert d["credits"]["allowed"] == "a number from 0 to 100"
    assert d["upkeep"]["allowed"] == "a list of numbers from 0 to 10"
    assert d["xp_grades"]["allowed"] == "a table: rows of [low, high], numbers from 0 to 1000"


def test_good_values_are_normalised():
    t = build(Toy, {"credits": 3, "raid_chance": 1, "upkeep": [1, 2.5],
                    "xp_grades": [[0, 4], [5, 99]]}, "toy.toml: [rules]")
    assert t.credits == 3.0 and isinstance(t.credits, float)
    assert t.raid_chance == 1.0
    assert t.upkeep == (1.0, 2.5)
    assert t.xp_grades == ((0, 4), (5, 99))
    assert hash(t)  # still a frozen, hashable value


@pytest.mark.parametrize("key, value, message", [
    ("raid_chance", 1.5, "raid_chance: 1.5 is not allowed; expected a probability from 0.0 to 1.0"),
    ("raid_chance", True, "expected a probability"),
    ("raid_chance", float("nan"), "expected a probability"),
    ("credits", "lots", "credits: 'lots' is not allowed; expected a number from 0 to 100"),
    ("credits", float("inf"), "expected a number"),
    ("upkeep", [], "expected a list of numbers"),
    ("upkeep", [1, "x"], "expected a list of numbers"),
    ("upkeep", [11], "expected a list of numbers from 0 to 10"),
    ("xp_grades", [[0, 1, 2]], "each row 2 numbers"),
    ("xp_grades", [5, 6], "each row 2 numbers"),
    ("xp_grades", [[0, -1]], "expected a table: rows of [low, high], numbers from 0 to 1000"),
    ("rounds", 2.5, "expected an integer from 1 to 50"),
])
def test_bad_values_name_the_key_and_what_is_allowed(key, value, message):
    with pytest.raises(ConfigError, match="toy.toml: \\[rules\\]") as e:
        build(Toy, {key: value}, "toy.toml: [rules]")
    assert message in str(e.value)


def test_declaring_a_table_needs_its_columns():
    with pytest.raises(ValueError, match="names its columns"):
        param(((1, 2),), "A table.", kind="table")
    with pytest.raises(ValueError, match="kind 'matrix'"):
        param(1, "x", kind="matrix")


def test_hostile_values_get_a_clean_error():
    """Property-based: any value for any kind is accepted (and then of the declared shape) or
    refused with a ConfigError naming the source; never a traceback."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    leaf = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70),
                     st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=4))
    values = st.recursive(leaf, lambda c: st.lists(c, max_size=4), max_leaves=10)
    keys = st.sampled_from([f.name for f in dataclasses.fields(Toy)])

    @settings(max_examples=400, deadline=None)
    @given(keys, values)
    def check(key, value):
        try:
            t = build(Toy, {key: value}, "toy.toml: [rules]")
        except ConfigError as e:
            assert str(e).startswith("toy.toml: [rules]")
        else:
            v = getattr(t, key)
            if key == "xp_grades":
                assert all(len(row) == 2 and all(0 <= x <= 1000 for x in row) for row in v)
            elif key == "raid_chance":
                assert isinstance(v, float) and 0 <= v <= 1

    check()
