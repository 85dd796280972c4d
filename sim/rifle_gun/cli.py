"""Rifle & Gun's odds commands (``gangsim odds rifle_gun ...``): the exact volley distribution
and the questions a designer asks of it (at least one kill, at least one casualty, pinned), as
exact fractions, optionally checked against the engine's own dice.

The fractions are counted here in whole numbers over every face of every die (the engine's
``volley.exact`` works in floating point); ``tests/test_odds_cli.py`` checks the two agree and
that both match a brute-force enumeration of small volleys.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from math import comb

import click
import numpy as np

from sim.core.clikit import FRACTION_DIGITS, SEED, fraction_note, rounded
from sim.core.clikit import emit as _emit

# ---------------------------------------------------------------- exact odds as fractions


@functools.cache
def _tail(m: int, j: int, r: int) -> int:
    """Ways to give m dice faces so that at least j show one given face and the others one
    of r later faces: sum over c >= j of C(m, c) r^(m - c)."""
    return sum(comb(m, c) * r ** (m - c) for c in range(j, m + 1))


def _kills_kept(h: int, u: int, kept_order: list[int]) -> list[int]:
    """Ways (out of F^h, F = len(kept_order)) that the first u of h hit dice, sorted in
    ``kept_order`` (the order the saves leave them), hold k even faces: list indexed by k.

    Split on the face i of the u-th kept die: n < u dice show earlier faces (binomial in
    evens), at least u - n show face i, the rest later faces."""
    w = [0] * (u + 1)
    n_faces = len(kept_order)
    for i, face in enumerate(kept_order):
        ev = sum(f % 2 == 0 for f in kept_order[:i])
        od = i - ev
        later = n_faces - i - 1
        for n in range(min(u, h + 1)):
            t = _tail(h - n, u - n, later)
            if t == 0:
                continue
            base = comb(h, n) * t
            shift = u - n if face % 2 == 0 else 0
            for e in range(n + 1):
                w[e + shift] += base * comb(n, e) * ev ** e * od ** (n - e)
    return w


def _kills_defender(h: int, u: int, hit_faces: list[int]) -> list[int]:
    """As ``_kills_kept`` when the defender cancels kill dice (even) first: kills are the even
    dice left once the h - u saves are spent on them."""
    ev = sum(f % 2 == 0 for f in hit_faces)
    od = len(hit_faces) - ev
    w = [0] * (u + 1)
    for e in range(h + 1):
        w[max(e - (h - u), 0)] += comb(h, e) * ev ** e * od ** (h - e)
    return w


def exact_fractions(n_att: int, att_sides: int, n_def: int, def_sides: int, hit_on: int = 4,
                    cancel: str = "highest") -> dict[tuple[int, int], Fraction]:
    """P(kills, injuries) of one regular-fire volley as exact fractions: {(k, j): P}, every
    outcome with a chance above zero (the rules as ``volley.exact`` states them)."""
    hit_faces = list(range(hit_on, att_sides + 1))
    misses = att_sides - len(hit_faces)
    saves_faces = max(def_sides - hit_on + 1, 0)
    kept_order = hit_faces if cancel == "highest" else hit_faces[::-1]
    ways: dict[tuple[int, int], int] = {}
    for h in range(n_att + 1):
        att_ways = comb(n_att, h) * misses ** (n_att - h)  # which dice miss, and how
        if att_ways == 0 or (h and not hit_faces):
            continue
        for s in range(n_def + 1):
            def_ways = comb(n_def, s) * saves_faces ** s * (def_sides - saves_faces) ** (n_def - s)
            if def_ways == 0:
                continue
            u = max(h - s, 0)
            if u == 0:
                kills = [len(hit_faces) ** h]
            elif cancel == "defender":
                kills = _kills_defender(h, u, hit_faces)
            else:
                kills = _kills_kept(h, u, kept_order)
            for k, n in enumerate(kills):
                if n:
                    ways[k, u - k] = ways.get((k, u - k), 0) + att_ways * def_ways * n
    total = att_sides ** n_att * def_sides ** n_def
    return {kj: Fraction(n, total) for kj, n in sorted(ways.items())}


def questions(p: dict[tuple[int, int], Fraction], n_att: int, att_sides: int,
              hit_on: int) -> dict[str, Fraction]:
    """The common questions of a volley, exact: at least one kill, at least one casualty
    (kill or injury), pinned by this regular fire (a team that takes a hit is pinned, so the
    same as a casualty), pinned by suppressive fire (any attack die hits; no defence), and the
    expected kills and injuries."""
    no_kill = sum((v for (k, _), v in p.items() if k == 0), Fraction(0))
    casualty = 1 - p.get((0, 0), Fraction(0))
    miss = Fraction(min(hit_on - 1, att_sides), att_sides)
    return {"p_at_least_one_kill": 1 - no_kill,
            "p_at_least_one_casualty": casualty,
            "p_pinned_regular": casualty,
            "p_pinned_suppressive": 1 - miss ** n_att,
            "expected_kills": sum((k * v for (k, _), v in p.items()), Fraction(0)),
            "expected_injuries": sum((j * v for (_, j), v in p.items()), Fraction(0))}


def fraction_text(x: Fraction) -> str:
    """'3/8' (or '0', '1')."""
    return str(x)


def _shown(x: Fraction, decimals: int = 4) -> str:
    """'0.3750 (= 3/8)'; the fraction only when it is short enough to read."""
    return f"{float(x):.{decimals}f}{fraction_note(x)}"


@click.group(name="rifle_gun")
def odds_rg():
    """Rifle & Gun volleys."""


DIE = click.Choice(["4", "6", "8", "10", "12"])


@odds_rg.command(name="volley")
@click.option("--attack-die", type=DIE, default="8", show_default=True,
              help="Shooting team's quality die (d6 irregular, d8 regular, d10 elite).")
@click.option("--soldiers", type=click.IntRange(1, 40), default=4, show_default=True)
@click.option("--grenadier", is_flag=True)
@click.option("--saw", is_flag=True, help="The team has a SAW gunner.")
@click.option("--within-6", is_flag=True, help="Target within 6\".")
@click.option("--stationary", is_flag=True, help="The shooters did not move first.")
@click.option("--frag", type=click.IntRange(0, 20), default=0, help="Frag grenades (within 3\").")
@click.option("--attack-dice", type=click.IntRange(1, 40), default=None,
              help="Give the attack dice directly instead of the team and bonuses.")
@click.option("--defence-die", type=DIE, default="8", show_default=True)
@click.option("--nonblocking", type=click.IntRange(0, 20), default=0,
              help="Pieces of non-blocking terrain between.")
@click.option("--smoke", type=click.IntRange(0, 20), default=0)
@click.option("--still", is_flag=True, help="Target moved cautiously or stood still.")
@click.option("--behind-blocking", is_flag=True, help="Target mostly behind blocking terrain.")
@click.option("--defence-dice", type=click.IntRange(0, 40), default=None,
              help="Give the defence dice directly.")
@click.option("--hit-on", type=click.IntRange(1, 12), default=4, show_default=True)
@click.option("--cancel", type=click.Choice(["highest", "lowest", "defender"]),
              default="highest", show_default=True,
              help="Which attack dice saves cancel: highest first (text), lowest first, or the "
                   "defender's choice (kill dice first).")
@click.option("--simulate", type=click.IntRange(0, 10**9), default=0)
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def odds_volley(attack_die, soldiers, grenadier, saw, within_6, stationary, frag, attack_dice,
                defence_die, nonblocking, smoke, still, behind_blocking, defence_dice, hit_on,
                cancel, simulate, seed, as_json):
    """Exact distribution of kills and injuries from one regular-fire volley."""
    from sim.rifle_gun import volley as V

    a = attack_dice or V.attack_dice(soldiers, grenadier, saw, within_6, stationary, frag)
    d = defence_dice if defence_dice is not None else V.defence_dice(nonblocking, smoke, still,
                                                                     behind_blocking)
    ad, dd = int(attack_die), int(defence_die)
    p = exact_fractions(a, ad, d, dd, hit_on, cancel)
    q = questions(p, a, ad, hit_on)
    exact = {"p_kills_injuries": {f"{k},{j}": rounded(v) for (k, j), v in p.items()},
             **{name: rounded(v) for name, v in q.items()}}
    exact["fractions"] = {"p_kills_injuries": {f"{k},{j}": fraction_text(v)
                                               for (k, j), v in p.items()},
                          **{name: fraction_text(v) for name, v in q.items()}}
    res = {"attack": {"dice": a, "die": f"d{ad}"}, "defence": {"dice": d, "die": f"d{dd}"},
           "hit_on": hit_on, "cancel": cancel, "exact": exact}
    order = ("the defender's choice of hits (kill dice first)" if cancel == "defender"
             else f"the {cancel} hits first")
    lines = [f"Volley: {a} attack d{ad} vs {d} defence d{dd}, hits on {hit_on}+, saves cancel "
             f"{order}",
             f"  P(at least one kill)                      {_shown(q['p_at_least_one_kill'])}",
             f"  P(at least one casualty, kill or injury)  "
             f"{_shown(q['p_at_least_one_casualty'])}",
             f"  P(target pinned) by this regular fire     {_shown(q['p_pinned_regular'])}"
             "  (any casualty pins)",
             f"  P(target pinned) by suppressive fire      {_shown(q['p_pinned_suppressive'])}"
             f"  (any attack die {hit_on}+; no defence, no casualties)",
             f"  expected kills {_shown(q['expected_kills'], 3)}, expected injuries "
             f"{_shown(q['expected_injuries'], 3)}"]
    if any(len(str(v.denominator)) > FRACTION_DIGITS for v in q.values()):
        lines.append("  (--json gives every probability as an exact fraction)")
    lines += _grid(p, a)
    if simulate:
        sim_res = V.simulate(simulate, a, ad, d, dd, hit_on, cancel, seed)
        c = sim_res["counts"]
        k_idx = np.arange(a + 1)
        res["simulated"] = {"n": simulate,
                            "expected_kills": rounded((c.sum(axis=1) * k_idx).sum() / simulate),
                            "expected_injuries": rounded((c.sum(axis=0) * k_idx).sum()
                                                         / simulate),
                            "p_at_least_one_kill": rounded(1 - c[0].sum() / simulate),
                            "p_pinned_regular": rounded(sim_res["p_pinned"])}
        r = res["simulated"]
        lines.append(f"  engine over {simulate:,} volleys: P(at least one kill) "
                     f"{r['p_at_least_one_kill']:.4f}, P(pinned) {r['p_pinned_regular']:.4f}, "
                     f"expected kills {r['expected_kills']:.3f}, injuries "
                     f"{r['expected_injuries']:.3f}")
    _emit(res, as_json, lines)


def _grid(p: dict[tuple[int, int], Fraction], n_att: int) -> list[str]:
    """P(k killed and j injured) as a table: a row per k, a column per j (cells under 0.00005
    and rows or columns of nothing else left out)."""
    shown = {kj: float(v) for kj, v in p.items() if float(v) > 5e-5}
    ks = sorted({k for k, _ in shown})
    js = sorted({j for _, j in shown})
    lines = ["  P(k killed and j injured); rows k, columns j:",
             "          " + "".join(f"{f'j={j}':>8}" for j in js)]
    for k in ks:
        cells = "".join(f"{shown[k, j]:8.4f}" if (k, j) in shown else f"{'':8}" for j in js)
        lines.append((f"    k={k:<4}" + cells).rstrip())
    return lines
