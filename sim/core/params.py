"""Rule-parameter plumbing shared by every game.

A game's rules are a frozen dataclass whose fields are declared with :func:`param`: a default,
a one-line reason (what the seed text says, or why this default where it is silent) and the
allowed values. :func:`build` turns a plain mapping (from TOML or the CLI) into a validated
instance, raising :class:`ConfigError` that names the key and what is allowed.
"""

from __future__ import annotations

import dataclasses
import difflib
from typing import Any


class ConfigError(ValueError):
    """Bad user input: the message names the source, the key and what is allowed."""


def param(default, doc, *, choices=None, lo=None, hi=None):
    """Declare one rule parameter (a dataclass field with its documentation and bounds)."""
    meta = {"doc": doc, "choices": choices, "lo": lo, "hi": hi}
    if isinstance(default, list | tuple):
        value = tuple(default)
        return dataclasses.field(default_factory=lambda: value, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


def allowed_text(f: dataclasses.Field) -> str:
    """Human description of the values a parameter accepts."""
    m = f.metadata
    if m.get("choices"):
        return "one of " + ", ".join(repr(c) for c in m["choices"])
    kind = _kind(f)
    lo, hi = m.get("lo"), m.get("hi")
    if kind is bool:
        return "true or false"
    rng = ""
    if lo is not None and hi is not None:
        rng = f" from {lo} to {hi}"
    elif lo is not None:
        rng = f" >= {lo}"
    if kind is tuple:
        return f"a list of integers{rng}"
    return f"an integer{rng}"


def _kind(f: dataclasses.Field):
    if f.type in (bool, "bool"):
        return bool
    if f.type in (int, "int"):
        return int
    if f.type in (str, "str"):
        return str
    return tuple


def did_you_mean(word: str, options) -> str:
    close = difflib.get_close_matches(word, list(options), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def check_value(f: dataclasses.Field, value: Any, where: str) -> Any:
    """Validate one value for field ``f``; return it normalised (lists become tuples)."""
    kind = _kind(f)
    m = f.metadata
    bad = ConfigError(f"{where}: {value!r} is not allowed; expected {allowed_text(f)}")
    if kind is bool:
        if not isinstance(value, bool):
            raise bad
        return value
    if kind is str:
        if not isinstance(value, str) or (m.get("choices") and value not in m["choices"]):
            raise bad
        return value
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad
        items = (value,)
    else:
        if not isinstance(value, list | tuple) or not value:
            raise bad
        if any(isinstance(v, bool) or not isinstance(v, int) for v in value):
            raise bad
        items = tuple(value)
    for v in items:
        if m.get("lo") is not None and v < m["lo"]:
            raise bad
        if m.get("hi") is not None and v > m["hi"]:
            raise bad
    return value if kind is int else items


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
        out.append({"name": f.name, "default": default, "allowed": allowed_text(f),
                    "doc": f.metadata.get("doc", "")})
    return out
