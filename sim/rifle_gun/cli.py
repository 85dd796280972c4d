"""Rifle & Gun's odds commands (``gangsim odds rifle_gun ...``): the exact volley distribution,
optionally checked against the engine's own dice."""

from __future__ import annotations

import click
import numpy as np

from sim.core.clikit import SEED
from sim.core.clikit import emit as _emit


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
    e = V.exact(a, ad, d, dd, hit_on, cancel)
    p = e["p"]
    res = {"attack": {"dice": a, "die": f"d{ad}"}, "defence": {"dice": d, "die": f"d{dd}"},
           "hit_on": hit_on, "cancel": cancel,
           "exact": {"p_kills_injuries": {f"{k},{j}": float(p[k, j]) for k in range(a + 1)
                                          for j in range(a + 1) if p[k, j] > 0},
                     "expected_kills": e["expected_kills"],
                     "expected_injuries": e["expected_injuries"],
                     "p_pinned_regular": e["p_pinned"],
                     "p_pinned_suppressive": e["p_pinned_suppressive"]}}
    order = ("the defender's choice of hits (kill dice first)" if cancel == "defender"
             else f"the {cancel} hits first")
    lines = [f"Volley: {a} attack d{ad} vs {d} defence d{dd}, hits on {hit_on}+, saves cancel "
             f"{order}",
             f"  exact  expected kills {e['expected_kills']:.3f}, injuries "
             f"{e['expected_injuries']:.3f}; P(pinned) regular fire {e['p_pinned']:.4f}, "
             f"suppressive {e['p_pinned_suppressive']:.4f}",
             "  P(kills, injuries):"]
    for k in range(a + 1):
        cells = [f"{j}:{p[k, j]:.4f}" for j in range(a + 1) if p[k, j] > 5e-5]
        if cells:
            lines.append(f"    {k} killed, injured " + " ".join(cells))
    if simulate:
        sim_res = V.simulate(simulate, a, ad, d, dd, hit_on, cancel, seed)
        c = sim_res["counts"]
        k_idx = np.arange(a + 1)
        res["simulated"] = {"n": simulate,
                            "expected_kills": float((c.sum(axis=1) * k_idx).sum() / simulate),
                            "expected_injuries": float((c.sum(axis=0) * k_idx).sum() / simulate),
                            "p_pinned_regular": sim_res["p_pinned"]}
        r = res["simulated"]
        lines.append(f"  engine expected kills {r['expected_kills']:.3f}, injuries "
                     f"{r['expected_injuries']:.3f}, P(pinned) {r['p_pinned_regular']:.4f} over "
                     f"{simulate:,} volleys")
    _emit(res, as_json, lines)
