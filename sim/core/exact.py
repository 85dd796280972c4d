"""Exact distributions for the games' odds modules: pmfs as ``{outcome: Fraction}`` dicts in
increasing order of outcome, and the few operations every game's odds need."""

from __future__ import annotations

from fractions import Fraction

Pmf = dict[int, Fraction]


def die(sides: int, offset: int = 0) -> Pmf:
    """A fair die with faces 1..sides, each shifted by ``offset``."""
    return {f + offset: Fraction(1, sides) for f in range(1, sides + 1)}


def convolve(a: Pmf, b: Pmf) -> Pmf:
    """Distribution of the sum of two independent variables."""
    out: Pmf = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0) + p * q
    return dict(sorted(out.items()))


def at_least(score: int, sides: int = 6) -> Fraction:
    """Chance that one die of ``sides`` shows ``score`` or more (0 if it cannot, 1 if it always
    does). No natural-1 or 6-then rule: games that have one build it on this."""
    return Fraction(min(max(sides + 1 - score, 0), sides), sides)


def mean(pmf: Pmf) -> Fraction:
    """Expected value of a distribution."""
    return sum((x * p for x, p in pmf.items()), Fraction(0))
