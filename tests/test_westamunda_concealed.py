"""Westamunda's hidden guns (docs/rules/westamunda.md row 144: a Saturday night special is
carried "unmodelled and unrevealed"; weapon flag ``concealed``).

The rule is about what a player knows of the other gang's kit. The gunfighters
(strategies/westamunda.py) are built to know nothing of it: every decision reads the kit of the
fighter deciding and no one else's (the engine hands each shooter only his own shots' needs, and
the enemies' places and states). So a concealed gun stays hidden from the opposing policy until
it fires, by construction, and with it any other weapon: the scripted players read no enemy's
kit at all. This file pins that down, so a future gunfighter that starts reading enemy kit has
to model concealment first: every subscript of a kit array in the strategies starts with the
deciding fighter ``a`` (a source check, with a test that it would catch an enemy's kit read).
"""

import ast
from pathlib import Path

import strategies.westamunda as W
from sim.westamunda.rules import WEAPONS, WMRules

SOURCE = Path(W.__file__).read_text()
KIT_NAMES = {"kit"}  # the kit array's name in every strategies function


def _subscripts(tree):
    """(function, first index's source) of every ``kit[...]`` subscript."""
    out = []
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and \
                    node.value.id in KIT_NAMES:
                idx = node.slice.elts[0] if isinstance(node.slice, ast.Tuple) else node.slice
                out.append((fn.name, ast.unparse(idx)))
    return out


def test_the_gunfighters_read_only_their_own_kit():
    """Every kit subscript in strategies/westamunda.py indexes the deciding fighter ``a``
    (no enemy's weapons, loads or spares are read), and the kit is passed on to helpers whole
    (so the helpers are checked by the same walk)."""
    subs = _subscripts(ast.parse(SOURCE))
    assert len(subs) >= 30  # the walk finds the strategies' kit reads (34 today)
    others = [(fn, idx) for fn, idx in subs if idx != "a"]
    assert others == [], f"kit read for someone other than the deciding fighter: {others}"


def test_the_walk_would_catch_an_enemy_kit_read():
    """The check has teeth: a function reading the target's kit is reported."""
    bad = ast.parse("def f(kit, a, t):\n    return kit[t, 0, 1] + kit[a, 0, 1]\n")
    assert [idx for _, idx in _subscripts(bad)] == ["t", "a"]


def test_a_saturday_night_special_is_flagged_concealed():
    """The weapon table marks the hideout gun, and only it, concealed (the flag the plan
    names)."""
    r = WMRules()
    assert [w for w in WEAPONS if r.has_flag(w, "concealed")] == ["saturday_night_special"]
