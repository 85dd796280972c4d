"""Helpers every command line group shares (the main CLI and each game's odds group), kept in
core so that a game's commands never import ``sim.cli`` (which imports the games)."""

from __future__ import annotations

import json
import sys
from fractions import Fraction

import click

SEED = click.IntRange(0, 2**63 - 1)
FRACTION_DIGITS = 12  # text output shows a fraction when its denominator is this short


def rounded(x) -> float:
    """A float rounded to 12 significant digits (exact values print without float noise)."""
    return float(f"{float(x):.12g}")


def fraction_note(x: Fraction) -> str:
    """' (= 3/8)' when the fraction is short enough to read, else ''."""
    if x.denominator == 1 or len(str(x.denominator)) > FRACTION_DIGITS:
        return ""
    return f" (= {x})"


def fail(msg: str) -> None:
    """Print ``error: msg`` to stderr and exit with status 2 (bad input)."""
    click.echo(f"error: {msg}", err=True)
    sys.exit(2)


def emit(result: dict, as_json: bool, lines: list[str]) -> None:
    """Print ``result`` as JSON or ``lines`` as text."""
    if as_json:
        click.echo(json.dumps(result, indent=2))
    else:
        click.echo("\n".join(lines))


def rule_items(items: tuple[str, ...]) -> dict:
    """--rule key=value pairs as {key: value}, values parsed as TOML scalars or lists (else
    kept as text); ValueError naming the item when one has no '='."""
    import tomllib

    out = {}
    for item in items:
        if "=" not in item:
            raise ValueError(f"{item!r}: expected key=value")
        key, value = item.split("=", 1)
        try:
            out[key.strip()] = tomllib.loads(f"v = {value.strip()}")["v"]
        except tomllib.TOMLDecodeError:
            out[key.strip()] = value.strip()
    return out


def fit_p(counts: dict, exact: dict, n: int) -> float | None:
    """Chi-square goodness-of-fit p-value of observed ``counts`` (outcome -> count, ``n`` in
    all) against ``exact`` probabilities: cells expected 5 or more times kept, the rest pooled;
    an outcome of probability 0 that occurs gives 0. None when fewer than two cells are left
    (nothing to test)."""
    import numpy as np
    from scipy import stats

    if any(c and not exact.get(k, 0) for k, c in counts.items()):
        return 0.0
    keys = [k for k in exact if exact[k] > 0]
    exp = np.array([float(exact[k]) * n for k in keys])
    obs = np.array([counts.get(k, 0) for k in keys], dtype=float)
    big = exp >= 5
    if (~big).any():
        exp, obs = np.append(exp[big], exp[~big].sum()), np.append(obs[big], obs[~big].sum())
    if len(exp) < 2:
        return None
    exp *= obs.sum() / exp.sum()  # absorb float rounding of the exact sum
    return rounded(stats.chisquare(obs, exp).pvalue)
