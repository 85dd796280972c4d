"""Rule-parameter plumbing shared by every game.

A game's rules are a frozen dataclass whose fields are declared with :func:`param`: a default,
a one-line reason (what the seed text says, or why this default where it is silent) and the
allowed values. Kinds: integers, booleans, choices, real numbers, probabilities, lists of
integers or numbers, and small tables (rows of numbers under named columns). :func:`build`
turns a plain mapping (from TOML or the CLI) into a validated
instance, raising :class:`ConfigError` that names the key and what is allowed.
"""

from __future__ import annotations

import dataclasses
import difflib
import math
from typing import Any


class ConfigError(ValueError):
    """Bad user input: the message names the source, the key and what is allowed."""


KINDS = ("int", "bool", "str", "float", "probability", "ints", "floats", "table")


def param(default, doc, *, choices=None, lo=None, hi=None, kind=None, columns=None):
    """Declare one rule parameter (a dataclass field with its documentation and bounds).

    ``kind`` is inferred from the field's type (int, bool, str, float, tuple = a list of
    integers) unless given: 'probability' (a number from 0 to 1), 'floats' (a list of numbers),
    'table' (rows of numbers, each row as long as ``columns``, which names them). ``lo`` and
    ``hi`` bound every number of a list or table."""
    if kind is not None and kind not in KINDS:
        raise ValueError(f"param kind {kind!r}: allowed {KINDS}")
    if kind == "probability":
        lo, hi = 0.0 if lo is None else lo, 1.0 if hi is None else hi
    if kind == "table" and not columns:
        raise ValueError("a 'table' parameter names its columns")
    meta = {"doc": doc, "choices": choices, "lo": lo, "hi": hi, "kind": kind,
            "columns": tuple(columns) if columns else None}
    if kind == "table":
        value = tuple(tuple(row) for row in default)
        return dataclasses.field(default_factory=lambda: value, metadata=meta)
    if isinstance(default, list | tuple):
        value = tuple(default)
        return dataclasses.field(default_factory=lambda: value, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


def allowed_text(f: dataclasses.Field) -> str:
    """Human description of the values a parameter accepts."""
    m = f.metadata
    if m.get("choices"):
        return "one of " + ", ".join(repr(c) for c in m["choices"])
    kind = kind_of(f)
    lo, hi = m.get("lo"), m.get("hi")
    if kind == "bool":
        return "true or false"
    rng = ""
    if lo is not None and hi is not None:
        rng = f" from {lo} to {hi}"
    elif lo is not None:
        rng = f" >= {lo}"
    elif hi is not None:
        rng = f" <= {hi}"
    return {"int": f"an integer{rng}", "float": f"a number{rng}",
            "probability": f"a probability{rng}", "ints": f"a list of integers{rng}",
            "floats": f"a list of numbers{rng}", "str": "a string",
            "table": f"a table: rows of [{', '.join(m.get('columns') or ())}], numbers{rng}",
            }[kind]


def kind_of(f: dataclasses.Field) -> str:
    """The parameter's kind, one of ``KINDS``."""
    if f.metadata.get("kind"):
        return f.metadata["kind"]
    t = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
    return {"bool": "bool", "int": "int", "str": "str", "float": "float"}.get(t, "ints")


def did_you_mean(word: str, options) -> str:
    close = difflib.get_close_matches(word, list(options), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v) -> bool:
    return (_is_int(v) or isinstance(v, float)) and math.isfinite(v)


def check_value(f: dataclasses.Field, value: Any, where: str) -> Any:
    """Validate one value for field ``f``; return it normalised (lists become tuples, numbers
    of real kinds become floats)."""
    kind = kind_of(f)
    m = f.metadata
    bad = ConfigError(f"{where}: {value!r} is not allowed; expected {allowed_text(f)}")
    if kind == "bool":
        if not isinstance(value, bool):
            raise bad
        return value
    if kind == "str":
        if not isinstance(value, str) or (m.get("choices") and value not in m["choices"]):
            raise bad
        return value
    if kind == "int":
        if not _is_int(value):
            raise bad
        items = (value,)
    elif kind in ("float", "probability"):
        if not _is_num(value):
            raise bad
        items = (value,)
    elif kind == "table":
        width = len(m["columns"])
        if not isinstance(value, list | tuple) or not value or any(
                not isinstance(row, list | tuple) or len(row) != width for row in value):
            raise ConfigError(f"{where}: {value!r} is not allowed; expected "
                              f"{allowed_text(f)} (each row {width} numbers)")
        items = tuple(v for row in value for v in row)
        if not all(_is_num(v) for v in items):
            raise bad
    else:
        if not isinstance(value, list | tuple) or not value:
            raise bad
        ok = _is_int if kind == "ints" else _is_num
        if not all(ok(v) for v in value):
            raise bad
        items = tuple(value)
    for v in items:
        if m.get("lo") is not None and v < m["lo"]:
            raise bad
        if m.get("hi") is not None and v > m["hi"]:
            raise bad
    if kind == "int":
        return value
    if kind in ("float", "probability"):
        return float(value)
    if kind == "floats":
        return tuple(float(v) for v in items)
    if kind == "table":
        return tuple(tuple(float(v) if isinstance(v, float) else v for v in row)
                     for row in value)
    return items


def build(cls, values: dict, where: str, combination: bool = True):
    """Instance of rules dataclass ``cls`` from ``values``; every key and value is checked, and
    (if ``combination``) the values together (e.g. the board holds every starting block)."""
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    clean = {}
    for key, value in values.items():
        if key not in fields:
            raise ConfigError(
                f"{where}: unknown rule parameter {key!r}{did_you_mean(key, fields)}; "
                f"allowed: {', '.join(sorted(fields))}"
            )
        clean[key] = check_value(fields[key], value, f"{where}.{key}")
    obj = cls(**clean)
    problem = obj.problem() if combination and hasattr(obj, "problem") else None
    if problem:
        raise ConfigError(f"{where}: {problem}")
    return obj


def describe(cls) -> list[dict]:
    """One dict per parameter: name, default, allowed values, reason (for docs and --help)."""
    out = []
    for f in dataclasses.fields(cls):
        default = f.default_factory() if f.default is dataclasses.MISSING else f.default
        out.append({"name": f.name, "kind": kind_of(f), "default": default,
                    "allowed": allowed_text(f), "doc": f.metadata.get("doc", "")})
    return out
