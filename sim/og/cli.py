"""O.G.'s odds commands (``gangsim odds og ...``): exact fight and Drive-by odds, optionally
checked against the engine's own dice."""

from __future__ import annotations

import click

from sim.core.clikit import SEED
from sim.core.clikit import emit as _emit


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
    res = {"attacker": {"crew": att_crew, "extra_dice": a_x},
           "defender": {"crew": def_crew, "extra_dice": d_x}, "ties_to": ties_to,
           "exact": O.fight(att_crew, a_x, def_crew, d_x, ties_to=ties_to)}
    e = res["exact"]
    lines = [f"Fight: attacker {att_crew} Crew + {a_x} extra dice vs defender {def_crew} Crew + "
             f"{d_x} extra dice (ties to {ties_to})",
             f"  exact  P(attacker wins) = {e['p_attacker_wins']:.4f}; expected crew lost: "
             f"attacker {e['expected_attacker_crew_lost']:.3f}, defender "
             f"{e['expected_defender_crew_lost']:.3f}"]
    if simulate:
        sim_res = O.simulate_fight(simulate, att_crew, a_x, def_crew, d_x, ties_to=ties_to,
                                   seed=seed)
        p, lo, hi = wilson(sim_res["attacker_wins"], simulate)
        sim_res["p_attacker_wins_ci95"] = [float(lo), float(hi)]
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
    res = {"crew": crew, "extra_dice": x, "target_props": target_props,
           "exact": O.driveby(crew, x, target_props)}
    e = res["exact"]
    dist = ", ".join(f"{k}: {v:.4f}" for k, v in enumerate(e["hits_distribution"]))
    lines = [f"Drive-by: {crew} Crew + {x} extra dice",
             f"  exact  P(hits = k): {dist}",
             f"  exact  expected Props removed {e['expected_props_removed']:.3f}, expected crew "
             f"lost {e['expected_crew_lost']:.3f}"]
    if simulate:
        s = O.simulate_driveby(simulate, crew, x, target_props, seed=seed)
        res["simulated"] = s
        dist = ", ".join(f"{k}: {v:.4f}" for k, v in enumerate(s["hits_distribution"]))
        lines.append(f"  engine P(hits = k): {dist} over {simulate:,} drive-bys; expected "
                     f"Props removed {s['expected_props_removed']:.3f}")
    _emit(res, as_json, lines)
