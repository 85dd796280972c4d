"""O.G.'s odds commands (``gangsim odds og ...``): exact fight and Drive-by odds, optionally
checked against the engine's own dice.

Every outcome is a whole number of ways over 6^dice, so the odds are exact fractions: they are
counted here in whole numbers (``sim.og.odds`` works in floating point; the tests check the
two agree), printed as decimals with the fraction when it is short, and given in --json both as
a fraction string and as a float rounded to 12 significant digits.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import click

from sim.core.clikit import SEED, rounded
from sim.core.clikit import emit as _emit
from sim.core.clikit import fraction_note as _frac

SIDES, SUCCESS_ON = 6, 4  # the dice of ``sim.og.odds``' defaults (the text: d6, 4+ succeeds)


def _ways(n: int) -> list[int]:
    """Ways (out of SIDES^n) that n dice give k successes, indexed by k."""
    hit = SIDES - SUCCESS_ON + 1
    return [comb(n, k) * hit ** k * (SIDES - hit) ** (n - k) for k in range(n + 1)]


def exact_fight(a_crew: int, a_extra: int, d_crew: int, d_extra: int,
                ties_to: str = "defender") -> dict[str, Fraction]:
    """``sim.og.odds.fight`` as exact fractions. The attacker wins when more of its committed
    Crew is left (ties to ``ties_to``): for each number of defender hits, the attacker hits
    that win form a tail (more hits leave the defender fewer Crew)."""
    wa, wd = _ways(a_crew + a_extra), _ways(d_crew + d_extra)
    tail = [0] * (len(wa) + 1)  # tail[h] = ways of h or more attacker hits
    for h in range(len(wa) - 1, -1, -1):
        tail[h] = tail[h + 1] + wa[h]
    wins = 0
    for hd, n in enumerate(wd):
        a_left = max(a_crew - hd, 0)
        # smallest attacker hits leaving the defender fewer Crew (or as many, ties to attacker)
        need = d_crew - a_left + (0 if ties_to == "attacker" else 1)
        if a_left == 0 and ties_to != "attacker":
            continue  # 0 left never beats the defender's 0 or more
        wins += n * tail[min(max(need, 0), len(wa))]
    total = sum(wa) * sum(wd)
    p_win = Fraction(wins, total)
    return {"p_attacker_wins": p_win, "p_defender_holds": 1 - p_win,
            "expected_attacker_crew_lost": Fraction(sum(n * min(h, a_crew)
                                                        for h, n in enumerate(wd)), sum(wd)),
            "expected_defender_crew_lost": Fraction(sum(n * min(h, d_crew)
                                                        for h, n in enumerate(wa)), sum(wa))}


def exact_driveby(crew: int, extra: int, target_props: int | None = None) -> dict:
    """``sim.og.odds.driveby`` as exact fractions (hits_distribution a list of them)."""
    w = _ways(crew + extra)
    total = sum(w)
    dist = [Fraction(n, total) for n in w]
    cap = len(w) if target_props is None else target_props
    return {"hits_distribution": dist,
            "expected_props_removed": sum((min(k, cap) * p for k, p in enumerate(dist)),
                                          Fraction(0)),
            "expected_crew_lost": Fraction(crew * (SUCCESS_ON - 1), SIDES),
            "p_at_least_one_hit": 1 - dist[0]}


def _json(exact: dict) -> dict:
    """Exact values as rounded floats, with a ``fractions`` copy as strings ('3/8')."""
    out = {k: [rounded(v) for v in x] if isinstance(x, list) else rounded(x)
           for k, x in exact.items()}
    out["fractions"] = {k: [str(v) for v in x] if isinstance(x, list) else str(x)
                        for k, x in exact.items()}
    return out


@click.group(name="og")
def odds_og():
    """O.G. fights and Drive-bys."""


@odds_og.command(name="fight")
@click.option("--att-crew", type=click.IntRange(1, 500), required=True)
@click.option("--att-chrome", type=click.IntRange(0, 500), default=0, show_default=True)
@click.option("--att-props", type=click.IntRange(0, 500), default=0, show_default=True,
              help="Props spent for dice (optional rule).")
@click.option("--def-crew", type=click.IntRange(0, 500), required=True)
@click.option("--def-chrome", type=click.IntRange(0, 500), default=0, show_default=True)
@click.option("--def-props", type=click.IntRange(0, 500), default=0, show_default=True)
@click.option("--ties-to", type=click.Choice(["defender", "attacker"]), default="defender",
              show_default=True)
@click.option("--simulate", type=click.IntRange(0, 10**9), default=0,
              help="Also run the engine's own fight N times.")
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def odds_fight(att_crew, att_chrome, att_props, def_crew, def_chrome, def_props, ties_to,
               simulate, seed, as_json):
    """P(attacker takes the block) and expected crew lost for one takeover fight."""
    from sim.analysis.stats import wilson
    from sim.og import odds as O

    a_x, d_x = att_chrome + att_props, def_chrome + def_props
    e = exact_fight(att_crew, a_x, def_crew, d_x, ties_to=ties_to)
    res = {"attacker": {"crew": att_crew, "extra_dice": a_x},
           "defender": {"crew": def_crew, "extra_dice": d_x}, "ties_to": ties_to,
           "exact": _json(e)}
    win, a_lost, d_lost = (e["p_attacker_wins"], e["expected_attacker_crew_lost"],
                           e["expected_defender_crew_lost"])
    lines = [f"Fight: attacker {att_crew} Crew + {a_x} extra dice vs defender {def_crew} Crew + "
             f"{d_x} extra dice (ties to {ties_to})",
             f"  exact  P(attacker wins) = {float(win):.4f}{_frac(win)}; expected crew lost: "
             f"attacker {float(a_lost):.3f}{_frac(a_lost)}, defender "
             f"{float(d_lost):.3f}{_frac(d_lost)}"]
    if simulate:
        sim_res = O.simulate_fight(simulate, att_crew, a_x, def_crew, d_x, ties_to=ties_to,
                                   seed=seed)
        p, lo, hi = wilson(sim_res["attacker_wins"], simulate)
        sim_res = {k: rounded(v) if isinstance(v, float) else v for k, v in sim_res.items()}
        sim_res["p_attacker_wins_ci95"] = [rounded(lo), rounded(hi)]
        res["simulated"] = sim_res
        lines.append(f"  engine P(attacker wins) = {p:.4f} [95% CI {lo:.4f}, {hi:.4f}] over "
                     f"{simulate:,} fights; crew lost: attacker "
                     f"{sim_res['expected_attacker_crew_lost']:.3f}, defender "
                     f"{sim_res['expected_defender_crew_lost']:.3f}")
    _emit(res, as_json, lines)


@odds_og.command(name="driveby")
@click.option("--crew", type=click.IntRange(1, 500), required=True)
@click.option("--chrome", type=click.IntRange(0, 500), default=0, show_default=True)
@click.option("--props", type=click.IntRange(0, 500), default=0, show_default=True,
              help="Props spent for dice (optional rule).")
@click.option("--target-props", type=click.IntRange(0, 10**6), default=None,
              help="Target's Props (caps what it can lose); omit for no cap.")
@click.option("--simulate", type=click.IntRange(0, 10**9), default=0)
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def odds_driveby(crew, chrome, props, target_props, simulate, seed, as_json):
    """Distribution of hits, Props removed and crew lost for one Drive-by."""
    from sim.og import odds as O

    x = chrome + props
    e = exact_driveby(crew, x, target_props)
    res = {"crew": crew, "extra_dice": x, "target_props": target_props, "exact": _json(e)}
    dist = ", ".join(f"{k}: {float(v):.4f}" for k, v in enumerate(e["hits_distribution"]))
    removed, lost, any_hit = (e["expected_props_removed"], e["expected_crew_lost"],
                              e["p_at_least_one_hit"])
    lines = [f"Drive-by: {crew} Crew + {x} extra dice",
             f"  exact  P(hits = k): {dist}",
             f"  exact  P(at least one hit) {float(any_hit):.4f}{_frac(any_hit)}",
             f"  exact  expected Props removed {float(removed):.3f}, expected crew "
             f"lost {float(lost):.3f}"]
    if all(_frac(v) for v in e["hits_distribution"]):  # short enough to read
        lines.insert(2, "         as fractions: " + ", ".join(
            f"{k}: {v}" for k, v in enumerate(e["hits_distribution"])))
        lines.append(f"         as fractions: {removed} and {lost}")
    if simulate:
        s = O.simulate_driveby(simulate, crew, x, target_props, seed=seed)
        s = {k: ([rounded(v) for v in val] if k == "hits_distribution" else
                 rounded(val) if isinstance(val, float) else val) for k, val in s.items()}
        res["simulated"] = s
        dist = ", ".join(f"{k}: {v:.4f}" for k, v in enumerate(s["hits_distribution"]))
        lines.append(f"  engine P(hits = k): {dist} over {simulate:,} drive-bys; expected "
                     f"Props removed {s['expected_props_removed']:.3f}")
    _emit(res, as_json, lines)
