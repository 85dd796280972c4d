"""What every game's strategy module shares: named presets (a policy kind plus weights) and
turning a list of preset names into the arrays the kernels read."""

from __future__ import annotations

import dataclasses

import numpy as np


@dataclasses.dataclass(frozen=True)
class Preset:
    """A named strategy: its policy kind, weight overrides and a one-line description."""

    name: str
    kind: int
    weights: dict
    about: str


def weight_table(presets: dict, base: dict, weight_names: dict, n_w: int, names: list[str],
                 overrides: dict | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(kinds int64[n], weights float64[n, n_w]) for preset ``names``: the base weights, then
    the preset's own, then ``overrides`` {preset name: {weight name: value}}."""
    overrides = overrides or {}
    kinds = np.array([presets[n].kind for n in names], dtype=np.int64)
    w = np.zeros((len(names), n_w))
    for i, n in enumerate(names):
        for k, v in {**base, **presets[n].weights}.items():
            w[i, k] = v
        for k, v in overrides.get(n, {}).items():
            w[i, weight_names[k]] = float(v)
    return kinds, w
