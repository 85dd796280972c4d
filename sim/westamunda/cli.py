"""Westamunda's odds commands (``gangsim odds westamunda ...``): one shot or a sustained-fire
burst, one reloading turn, a quick draw, one round of hand-to-hand, a hit-and-run's exchange;
exact fractions from :mod:`sim.westamunda.odds`.

Every rule number comes from a :class:`WMRules`: its defaults, changed with ``--rule
key=value`` (repeatable, checked like ``gangsim play --rule``; readings too, e.g. ``--rule
seven_plus_reading=chain``). Profile options left out are the rules' ganger. Exact values print
as decimals with the fraction when it is short; ``--json`` gives each value as a float rounded to
12 significant digits and, under ``exact``, the same tree with fraction strings ('1/18').
Distributions are objects keyed by the outcome ('2', or 'loaded,lost' as '3,0').

``shot`` and ``reload`` take ``--simulate N`` (with ``--seed``), as Godfather's odds commands
do: the same exchange rolled N times by the engine's own dice helpers, the observed frequencies
printed beside the exact ones with a chi-square goodness-of-fit p-value (cells expected under 5
pooled), and under ``--json`` a ``simulated`` object (n, seed, counts, frequencies, fit_p; a
distribution without its own fit_p is a marginal of one that has it). What is rolled:

* ``shot``: ``engine.simulate_shots`` rolls the to-hit die (the summed ``--modifier`` and
  ``--cover`` go in as its range modifier, the sustained-fire modifier as its own flag) and the
  wound roll, and counts the to-hit dice that call an ammo roll; with ``--sfd``,
  ``engine.simulate_bursts`` rolls the sustained-fire dice (shots after the rounds cap, jam
  faces). The helpers roll no save, no injury and not the ammo roll itself, so ``--save``,
  ``--save-modifier``, ``--wounds``, ``--water`` and ``--native`` (which act only on those)
  are refused with ``--simulate``, and P(jam), the injuries and the burst's hits stay exact
  only. ``--weapon`` is allowed: its S and capacity are rolled, its other columns act on
  exact-only figures. With ``--barrels`` and a manstopper gun, N firings' barrel rolls (one a
  firing at once, two one after the other) are rolled by ``simulate_shots`` at the barrels'
  modifier and strength and fitted against one barrel roll's exact odds (``simulated.n``
  barrel rolls, ``simulated.firings``); a scatter gun is refused with ``--simulate``: no
  helper rolls a template (its scatter, its D3 of hits).
* ``reload``: ``engine.simulate_reloads`` reloads a weapon-table row that ``--method`` suits
  (loose rounds, or a row that takes spare cylinders or tubes, the spare fitted by the engine's
  own ``_fit_roll``), with ``--room`` empty of its capacity; it has no mounted shift and no
  modifier to the BS roll, so ``--mounted`` and a nonzero ``--modifier`` are refused with
  ``--simulate``.
* ``melee``: ``engine.simulate_melee`` scores N rounds with the engine's own
  ``_combat_round`` (the attack dice, criticals, fumbles, the I tie-break and the parry's
  re-roll) and fits the hits each side scores; wounds and states stay exact only. Under
  melee_reading 'ws_roll' there are no scores to roll: refused with ``--simulate``.
* ``hit-and-run``: ``engine.simulate_melee`` scores N exchanges as a round of one attack die
  each, the rider's charge bonus (and ``--over-obstacle``'s penalty) in his score, and fits
  the hits each side strikes; the blows' locations and wounds stay exact only; refused under
  'ws_roll' as ``melee`` is.
* ``quickdraw``: ``engine.simulate_quickdraw`` rolls N quick draws with the engine's own
  check (``_may_quick_draw``: quick_draw on, the margin) and Initiative test, and fits who
  fires first.

``shot --barrels one|both|pair`` with a double-barrelled ``--weapon`` (the shotgun or the
sawn-off; its row's shell: scatter or manstopper) gives the odds of that firing at one target
(:func:`sim.westamunda.odds.barrels`): the JSON keys of a shot then mean at least one (hit,
wound, ammo roll, jam) or the target's state afterwards, and ``firing`` adds p_roll_hits,
p_roll_wounds (one barrel roll), p_under (one shell's template covers him), the hits and
wounds he takes (expected and distributions), expected_ammo_rolls and his state; the inputs
add ``barrels`` (the mode), ``shell``, ``rolls`` (to-hit rolls of the firing) and
``cover_ignored``. ``--cover`` (every shot) adds the target's cover modifier.

The group is ``odds_westamunda`` (also exported as ``odds``), reached as ``gangsim odds
westamunda`` through the game's registration in ``sim/games.py``.
"""

from __future__ import annotations

from fractions import Fraction

import click

from sim.core.clikit import SEED, fit_p, rounded
from sim.core.clikit import emit as _emit
from sim.core.clikit import fraction_note as _frac
from sim.westamunda.rules import (
    ACTIVITIES,
    COVER,
    RELOAD_KINDS,
    ROUND_OF,
    WEAPON_KINDS,
    WEAPONS,
    WMRules,
)

_DEFAULT = WMRules()
_GANGER = _DEFAULT.profile("ganger")
STAT = click.IntRange(0, 10)  # WS, BS, I: 0 to 10 (scores past 6 still fail on a natural 1)
ST = click.IntRange(1, 10)  # S and T: the wound chart's range
MODIFIER = click.IntRange(-10, 10)
SAVE = click.IntRange(2, 6)
MAX_ATTACKS = 4  # Attack dice are enumerated face by face (a fifth with two weapons)
SHOOTING_KINDS = ("handgun", "long_gun", "bow", "thrown")
GUNS = tuple(w for w in WEAPONS if WEAPON_KINDS[_DEFAULT.weapon(w)["kind"]] in SHOOTING_KINDS)
DOUBLE_GUNS = tuple(w for w in GUNS if _DEFAULT.has_flag(w, "double_barrel"))
MANSTOPPERS = tuple(w for w in DOUBLE_GUNS if not _DEFAULT.has_flag(w, "template"))
BARRELS = ("one", "both", "pair")  # as odds.BARRELS (checked in the tests)
RULE_HELP = "Rule override key=value (repeatable; the WMRules parameters, readings included)."
JSON_HELP = "Print the result as JSON (floats, and fraction strings under 'exact')."
SIMULATE = click.IntRange(0, 10**7)  # as Godfather's: a million shots take a tenth of a second
SEED_HELP = "Seed of the --simulate dice (the same seed rolls the same dice)."
PLENTY = 10**6  # rounds in hand for --simulate when --reloads is left out: more than any reload


def _ganger_help(stat: str) -> str:
    return f"Default: the rules' ganger ({_GANGER[stat]})."


# ---------------------------------------------------------------- rules from the options

def _rules(rule_items: tuple[str, ...]) -> WMRules:
    """WMRules from --rule overrides; a bad key or value is a usage error naming it."""
    from sim.core.clikit import rule_items as parse
    from sim.core.params import ConfigError, build

    try:
        overrides = parse(rule_items)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'--rule'") from None
    try:
        return build(WMRules, overrides, "--rule")
    except ConfigError as e:
        raise click.UsageError(str(e)) from None


# ---------------------------------------------------------------- presentation

def _key(k) -> str:
    return ",".join(map(str, k)) if isinstance(k, tuple) else str(k)


def _plain(x, leaf):
    """A result tree with ``leaf`` applied to every Fraction and outcome keys as strings."""
    if isinstance(x, dict):
        return {_key(k): _plain(v, leaf) for k, v in x.items()}
    return leaf(x) if isinstance(x, Fraction) else x


def _result(inputs: dict, exact: dict) -> dict:
    """The JSON answer: the inputs, the exact values as rounded floats, and ``exact`` with the
    same tree as fraction strings."""
    return {**inputs, **_plain(exact, rounded), "exact": _plain(exact, str)}


def _shown(x: Fraction, decimals: int = 4) -> str:
    """'0.0556 (= 1/18)'; the fraction only when it is short enough to read."""
    return f"{float(x):.{decimals}f}{_frac(x)}"


def _pmf_text(pmf: dict) -> str:
    return ", ".join(f"{_key(k)}: {_shown(p)}" for k, p in pmf.items())


def _need_text(rules: WMRules, need: int) -> str:
    """How a need is rolled: '4+', '2+ (a 1 always fails)', 'a 6, then 5+', 'impossible'."""
    if need <= 6:
        low = 2 if rules.natural_one_fails else 1
        return f"{max(need, low)}+" + (" (a 1 always fails)" if need < low else "")
    if rules.p_needed(need) == 0:
        return "impossible"
    nxt = rules.second_need(need)
    return f"a 6, then {max(nxt, 1)}+" if nxt <= 6 else f"a 6, then {_need_text(rules, nxt)}"


# ---------------------------------------------------------------- --simulate

def _freqs(counts: dict, n: int) -> dict:
    return {_key(k): rounded(c / n) for k, c in counts.items()}


def _fit_text(p: float | None) -> str:
    return "" if p is None else f"; chi-square fit p = {p:.3g}"


def _observed(counts: dict, exact: dict, n: int) -> dict:
    """One simulated distribution: its counts, frequencies and chi-square fit p-value against
    the ``exact`` pmf (None: fewer than two cells to test)."""
    return {"counts": {_key(k): c for k, c in counts.items()},
            "frequencies": _freqs(counts, n), "fit_p": fit_p(counts, exact, n)}


def _beside(counts: dict, exact: dict, n: int, labels: dict | None = None) -> str:
    """'0: 0.1663 (exact 0.1667), ...' over the possible outcomes, then any observed outcome
    the exact odds rule out."""
    keys = [k for k, p in exact.items() if p] + [k for k, c in counts.items()
                                                  if c and not exact.get(k)]
    return ", ".join(f"{(labels or {}).get(k, _key(k))}: {counts.get(k, 0) / n:.4f} (exact "
                     f"{float(exact.get(k, 0)):.4f})" for k in keys)


def _refuse(helper: str, unmodelled) -> None:
    """With --simulate: a usage error naming the first option given that ``engine.helper``
    does not roll. ``unmodelled``: (option, given, what the helper does instead) triples."""
    for option, given, instead in unmodelled:
        if given:
            raise click.BadParameter(f"not with --simulate: engine.{helper} {instead}",
                                     param_hint=f"'{option}'")


def _marginal(joint: dict, axis: int) -> dict:
    out: dict = {}
    for k, v in joint.items():
        out[k[axis]] = out.get(k[axis], 0) + v
    return dict(sorted(out.items()))


# ---------------------------------------------------------------- the group

@click.group(name="westamunda")
def odds_westamunda():
    """Westamunda shots, bursts, reloads, quick draws, hand-to-hand and the hit-and-run."""


odds = odds_westamunda  # the name the plan gives the group


# ---------------------------------------------------------------- one shot, a burst

@odds_westamunda.command(name="shot")
@click.option("--bs", type=STAT, default=None, help="The firer's BS. " + _ganger_help("BS"))
@click.option("--modifier", type=MODIFIER, default=0, show_default=True,
              help="Summed to-hit modifier as the rules print it (+1 makes the need one lower): "
                   "snap -1, aimed +1 a turn up to +3, cover -1/-2, one-handed long gun -2, large "
                   "target +1, range. The sustained-fire -1 is added by --sfd.")
@click.option("--strength", type=ST, default=None,
              help="S of the hit. Default: --weapon's, else the ganger's weapon S ("
                   f"{_GANGER['S']}).")
@click.option("--toughness", type=ST, default=None, help="The target's T. " + _ganger_help("T"))
@click.option("--save", type=SAVE, default=None,
              help="The target's armour save (5 for 5+). Default: none (the text sells no armour).")
@click.option("--save-modifier", type=click.IntRange(-6, 0), default=None,
              help="Added to the save roll. Default: --weapon's column save_mod, else 0.")
@click.option("--wounds", type=click.IntRange(1, 10), default=None,
              help="The target's W (more than 1: a wound is lost before any injury roll). "
                   + _ganger_help("W"))
@click.option("--weapon", type=click.Choice(GUNS), default=None,
              help="Take S, save modifier, ammo roll and damage from this weapon-table row (the "
                   "options above still win); caps --sfd at its column sfd and the burst at its "
                   "capacity.")
@click.option("--ammo", type=click.IntRange(2, 10), default=None,
              help="Ammo roll need (4 for 4+; 7 for a wet 6+, rule ammo_over_six), called by a "
                   "to-hit 6 (rule ammo_on). Default: --weapon's, else no ammo roll (no jams).")
@click.option("--sfd", type=click.IntRange(0, 4), default=0, show_default=True,
              help="Fan or blaze away with N sustained-fire dice (revolvers 1, lever rifles 2): "
                   "adds the burst (expected hits, P(any hit), P(jam)).")
@click.option("--rounds", type=click.IntRange(0, 20), default=None,
              help="Rounds loaded, capping the burst's shots (rule sfd_limited_by_rounds). "
                   "Default: --weapon's capacity, else no cap.")
@click.option("--water", type=click.Choice(("shallow", "deep")), default=None,
              help="The target is in water: a wound drowns him from the rule drown_out_on score.")
@click.option("--native", is_flag=True,
              help="The target is a native or a scout: his injury roll by the rule native_injury.")
@click.option("--cover", type=click.Choice(COVER), default="none", show_default=True,
              help="The target's cover: its modifier (rule cover_modifiers) is added to "
                   "--modifier; both barrels of scatter at once ignore it (rule "
                   "double_both_ignores_cover).")
@click.option("--barrels", type=click.Choice(BARRELS), default=None,
              help="Fire a loaded double-barrelled --weapon (" + ", ".join(DOUBLE_GUNS) + "; "
                   "the row's shell) at this one target: one barrel, both at once (-1; "
                   "manstopper S+1, scatter a D3 of hits under the template, cover ignored) or "
                   "a pair one after the other (-1 each, both at him). Adds 'firing'.")
@click.option("--rule", "rule_items", multiple=True, help=RULE_HELP)
@click.option("--simulate", type=SIMULATE, default=0,
              help="Also roll N shots with the engine's own engine.simulate_shots (to hit, to "
                   "wound, ammo rolls called) and, with --sfd, N bursts with simulate_bursts "
                   "(shots, jam faces); with --barrels and a manstopper gun, N firings' barrel "
                   "rolls. Neither rolls a save, an injury, the ammo roll itself or a scatter "
                   "template: not with --save, --save-modifier, --wounds, --water, --native or "
                   "--barrels of a scatter gun.")
@click.option("--seed", type=SEED, default=1, show_default=True, help=SEED_HELP)
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
def odds_shot(bs, modifier, strength, toughness, save, save_modifier, wounds, weapon, ammo, sfd,
              rounds, water, native, cover, barrels, rule_items, simulate, seed, as_json):
    """One shot at one target: hit, wound, injury, ammo roll; with --sfd a whole burst; with
    --barrels a double-barrelled gun's firing."""
    from sim.westamunda import odds as O

    rules = _rules(rule_items)
    if barrels is not None and (weapon is None or not rules.has_flag(weapon, "double_barrel")):
        raise click.BadParameter(
            f"{barrels}: needs --weapon naming a double-barrelled gun (one of "
            f"{', '.join(DOUBLE_GUNS)}), got {weapon or 'no --weapon'}", param_hint="'--barrels'")
    scatter = barrels is not None and rules.has_flag(weapon, "template")
    cover_mod = rules.cover_modifiers[COVER.index(cover) - 1] if cover != "none" else 0
    barrel_mod = {None: 0, "one": 0, "both": rules.double_both_mod,
                  "pair": rules.double_sequential_mod}[barrels]
    ignored = barrels == "both" and scatter and rules.double_both_ignores_cover
    rolled = modifier + (0 if ignored else cover_mod) + barrel_mod  # one to-hit roll's sum
    if simulate:
        capped = rules.aim_cap_reading == "total" and rolled > rules.aim_bonus_max
        _refuse("simulate_shots", (
            ("--save", save is not None, "rolls no armour save"),
            ("--save-modifier", save_modifier is not None, "rolls no armour save"),
            ("--wounds", wounds is not None, "rolls no injury (a wound is a passed wound roll)"),
            ("--water", water is not None, "rolls no injury (drowning)"),
            ("--native", native, "rolls no injury (a native's)"),
            ("--modifier", capped, "takes the summed modifier as a range modifier, capped at "
             f"aim_bonus_max ({rules.aim_bonus_max}) by aim_cap_reading 'total'; expected at "
             f"most {rules.aim_bonus_max}"),
            ("--barrels", scatter, "rolls no scatter template (no scatter die, no D3 of hits); "
             f"expected a manstopper --weapon ({', '.join(MANSTOPPERS)}), or no --simulate")))
    g = rules.profile("ganger")
    damage = 1
    if weapon is not None:
        row = rules.weapon(weapon)
        strength = (row["strength"] + (g["S"] if rules.has_flag(weapon, "user_strength") else 0)
                    if strength is None else strength)
        save_modifier = row["save_mod"] if save_modifier is None else save_modifier
        ammo = (row["ammo"] or None) if ammo is None else ammo
        damage = row["damage"]
        rounds = row["capacity"] if rounds is None else rounds
        if sfd > row["sfd"]:
            raise click.BadParameter(
                f"{sfd}: {weapon} allows at most {row['sfd']} sustained-fire "
                f"{'die' if row['sfd'] == 1 else 'dice'} (its column sfd); expected 0 to "
                f"{row['sfd']}", param_hint="'--sfd'")
        if damage < 1:
            raise click.BadParameter(f"{weapon} does no damage (it entangles); expected a weapon "
                                     "that wounds", param_hint="'--weapon'")
    bs = g["BS"] if bs is None else bs
    strength = g["S"] if strength is None else strength
    toughness = g["T"] if toughness is None else toughness
    wounds = g["W"] if wounds is None else wounds
    save_modifier = 0 if save_modifier is None else save_modifier
    if barrels is not None:
        _barrels_shot(rules, O.barrels(
            bs, modifier, strength, toughness, shell="scatter" if scatter else "manstopper",
            mode=barrels, cover=cover, save=save, save_modifier=save_modifier, wounds=wounds,
            damage=damage, water=water, native=native, ammo=ammo, rules=rules),
            inputs={"bs": bs, "modifier": modifier, "shot_modifier": rolled, "strength": strength,
                    "toughness": toughness, "save": save, "save_modifier": save_modifier,
                    "wounds": wounds, "damage": damage, "weapon": weapon, "ammo": ammo,
                    "sfd": sfd, "rounds": rounds, "water": water, "native": native,
                    "cover": cover}, simulate=simulate, seed=seed, as_json=as_json)
        return
    r = O.shot(bs, modifier + cover_mod, strength, toughness, save=save,
               save_modifier=save_modifier, wounds=wounds, damage=damage, water=water,
               native=native, ammo=ammo, sfd=sfd, rounds=rounds, rules=rules)
    exact = {k: getattr(r, k) for k in ("p_hit", "p_wound", "p_flesh_wound", "p_down",
                                        "p_out_of_action", "p_lose_wound", "p_ammo_roll",
                                        "p_jam")}
    if r.burst is not None:
        b = r.burst
        exact["burst"] = {"expected_shots": b.expected_shots, "expected_hits": b.expected_hits,
                          "expected_wounds": b.expected_wounds, "p_any_hit": b.p_any_hit,
                          "p_jam_face": b.p_jam_face, "p_jam": b.p_jam, "shots": b.shots,
                          "hits": b.hits, "wounds": b.wounds, "jams": b.jams, "state": b.state}
    shot_mod = modifier + cover_mod + (rules.sfd_modifier if sfd else 0)
    inputs = {"bs": bs, "modifier": modifier, "shot_modifier": shot_mod, "strength": strength,
              "toughness": toughness, "save": save, "save_modifier": save_modifier,
              "wounds": wounds, "damage": damage, "weapon": weapon, "ammo": ammo, "sfd": sfd,
              "rounds": rounds, "water": water, "native": native, "need_hit": r.need_hit,
              "need_wound": r.need_wound, "cover": cover, "barrels": None, "shell": None}
    res = _result(inputs, exact)
    saved = f"save {save}+ at {save_modifier}" if save is not None else "no save"
    lines = [f"Shot: BS {bs} at {shot_mod:+d}" + (f" ({modifier:+d}, {rules.sfd_modifier:+d} "
                                                  "sustained fire)" if sfd else "")
             + (f" ({cover} cover {cover_mod:+d})" if cover_mod else "")
             + f" needs {r.need_hit} to hit: {_need_text(rules, r.need_hit)}; S{strength} "
             f"against T{toughness} "
             + (f"wounds on {r.need_wound}+" if r.need_wound else "cannot wound")
             + f"; {saved}; {wounds} wound{'s' * (wounds > 1)}"
             + (f"; {weapon}" if weapon else "") + (f"; in {water} water" if water else "")
             + ("; a native target" if native else ""),
             f"  per shot  P(hit) {_shown(r.p_hit)}, P(wound, unsaved) {_shown(r.p_wound)}",
             f"  injury    P(flesh wound) {_shown(r.p_flesh_wound)}, P(down) "
             f"{_shown(r.p_down)}, P(out of action) {_shown(r.p_out_of_action)}"
             + (f", P(loses a wound) {_shown(r.p_lose_wound)}" if r.p_lose_wound else ""),
             "  ammo      " + (f"P(ammo roll, {ammo}+) {_shown(r.p_ammo_roll)}, P(jam) "
                                f"{_shown(r.p_jam)}" if ammo is not None
                                else "no ammo roll modelled (give --ammo or --weapon)")]
    if r.burst is not None:
        b = r.burst
        lines += [f"  burst     {sfd} sustained-fire {'die' if sfd == 1 else 'dice'}"
                  + (f", at most {rounds} rounds" if rounds is not None
                     and rules.sfd_limited_by_rounds else "")
                  + f": expected shots {_shown(b.expected_shots, 3)}, hits "
                  f"{_shown(b.expected_hits, 3)}, wounds {_shown(b.expected_wounds, 3)}",
                  f"            P(any hit) {_shown(b.p_any_hit)}, P(jam face) "
                  f"{_shown(b.p_jam_face)}, P(jam) {_shown(b.p_jam)}",
                  f"            target afterwards: {_pmf_text(b.state)}"]
    if simulate:
        res["simulated"], more = _simulate_shot(rules, simulate, seed, r, bs=bs,
                                                modifier=modifier + cover_mod,
                                                strength=strength, toughness=toughness,
                                                ammo=ammo, sfd=sfd, rounds=rounds)
        lines += more
    _emit(res, as_json, lines)


def _barrels_shot(rules: WMRules, b, *, inputs: dict, simulate: int, seed: int,
                  as_json: bool) -> None:
    """``shot --barrels``: the exact :class:`odds.BarrelOdds` ``b`` printed (the JSON keys of a
    shot, read as 'at least one' or the state afterwards, and ``firing``), with ``simulate``
    the barrel rolls of a manstopper firing by engine.simulate_shots."""
    from sim.westamunda import odds as O

    exact = {k: getattr(b, k) for k in ("p_hit", "p_wound", "p_flesh_wound", "p_down",
                                        "p_out_of_action", "p_lose_wound", "p_ammo_roll",
                                        "p_jam")}
    exact["firing"] = {k: getattr(b, k) for k in (
        "p_roll_hits", "p_roll_wounds", "p_under", "expected_hits", "expected_wounds",
        "expected_ammo_rolls", "hits", "wounds", "state")}
    inputs = {**inputs, "strength": b.strength, "need_hit": b.need_hit,
              "need_wound": b.need_wound, "barrels": b.mode, "shell": b.shell, "rolls": b.rolls,
              "cover_ignored": b.cover_ignored}
    res = _result(inputs, exact)
    how = {"one": "one barrel", "both": "both barrels at once",
           "pair": "both barrels one after the other"}[b.mode]
    lines = [f"{inputs['weapon']} ({b.shell} shells), {how}: BS {inputs['bs']} at "
             f"{inputs['shot_modifier']:+d}" + (" (cover ignored)" if b.cover_ignored else "")
             + f" needs {b.need_hit} to hit: {_need_text(rules, b.need_hit)}"
             + (" on each of 2 rolls" if b.rolls == 2 else "") + f"; S{b.strength} against "
             f"T{inputs['toughness']} "
             + (f"wounds on {b.need_wound}+" if b.need_wound else "cannot wound"),
             f"  a barrel roll  P(hit) {_shown(b.p_roll_hits)}, P(hit and wound) "
             f"{_shown(b.p_roll_wounds)}" + (f"; a shell's template on him {_shown(b.p_under)}"
                                             if b.shell == "scatter" else ""),
             f"  the target     P(any hit) {_shown(b.p_hit)}, P(any wound) {_shown(b.p_wound)}; "
             f"expected hits {_shown(b.expected_hits, 3)}, wounds "
             f"{_shown(b.expected_wounds, 3)}",
             f"  afterwards     {_pmf_text(b.state)}",
             f"  hits           {_pmf_text(b.hits)}",
             "  ammo           " + (f"expected ammo rolls {_shown(b.expected_ammo_rolls, 3)}, "
                                     f"P(any) {_shown(b.p_ammo_roll)}, P(a jam) {_shown(b.p_jam)}"
                                     if inputs["ammo"] is not None else
                                     "no ammo roll modelled (give --ammo or --weapon)")]
    if simulate:
        per_roll = O.shot(inputs["bs"], inputs["shot_modifier"], b.strength,
                          inputs["toughness"], ammo=inputs["ammo"], rules=rules)
        sim, more = _simulate_shot(rules, simulate * b.rolls, seed, per_roll, bs=inputs["bs"],
                                   modifier=inputs["shot_modifier"], strength=b.strength,
                                   toughness=inputs["toughness"], ammo=inputs["ammo"], sfd=0,
                                   rounds=None)
        res["simulated"] = {**sim, "firings": simulate}
        lines += [f"  engine    {simulate:,} firings: {simulate * b.rolls:,} barrel rolls, each "
                  f"at {inputs['shot_modifier']:+d} and S{b.strength}"] + more[1:]
    _emit(res, as_json, lines)


def _simulate_shot(rules: WMRules, n: int, seed: int, r, *, bs, modifier, strength, toughness,
                   ammo, sfd, rounds) -> tuple[dict, list[str]]:
    """``n`` shots (and with ``sfd`` ``n`` bursts) by the engine's helpers against the exact
    ShotOdds ``r`` (no save, so its p_wound is the wound roll's): the 'simulated' object and
    its text lines. The summed modifier goes in as the helper's range modifier (summed there
    as it is here), the sustained-fire modifier as its ``sustained`` flag."""
    from sim.westamunda import engine as E
    from sim.westamunda import odds as O

    c = E.simulate_shots(rules, n, seed, bs=bs, strength=strength, toughness=toughness,
                         range_mod=modifier, sustained=sfd > 0)
    counts = {"miss": int(c[0]), "hit_no_wound": int(c[1]), "wound": int(c[2])}
    exact = {"miss": 1 - r.p_hit, "hit_no_wound": r.p_hit - r.p_wound, "wound": r.p_wound}
    out = {"n": n, "seed": seed, **_observed(counts, exact, n),
           "p_hit": rounded((c[1] + c[2]) / n), "p_wound": rounded(c[2] / n)}
    lines = [f"  engine    {n:,} shots by engine.simulate_shots (the to-hit and wound rolls; "
             "injuries and the ammo roll itself are exact only)",
             "            " + _beside(counts, exact, n, {"hit_no_wound": "hit without a wound"})
             + _fit_text(out["fit_p"])]
    if ammo is not None:  # the exact odds call no ammo roll without a need
        called = {"called": int(c[3]), "not_called": n - int(c[3])}
        out["ammo_rolls"] = _observed(called, {"called": r.p_ammo_roll,
                                               "not_called": 1 - r.p_ammo_roll}, n)
        lines.append(f"            ammo rolls called: {c[3] / n:.4f} (exact "
                     f"{float(r.p_ammo_roll):.4f}){_fit_text(out['ammo_rolls']['fit_p'])}")
    if sfd:
        loaded = rounds if rounds is not None else PLENTY
        hist = E.simulate_bursts(rules, n, seed, dice=sfd, loaded=loaded)
        shots = {i: int(v) for i, v in enumerate(hist.sum(axis=1)) if v}
        jams = {j: int(v) for j, v in enumerate(hist.sum(axis=0)) if v}
        exact_jams = _marginal(O.sfd_pmf(sfd, rules=rules), 1)
        b = out["burst"] = {"n": n, "shots": _observed(shots, r.burst.shots, n),
                            "jam_faces": _observed(jams, exact_jams, n),
                            "expected_shots": rounded(sum(k * v for k, v in shots.items()) / n),
                            "p_jam_face": rounded(1 - jams.get(0, 0) / n)}
        lines += [f"            {n:,} bursts by engine.simulate_bursts (the dice; the burst's "
                  "hits are exact only): shots "
                  + _beside(shots, r.burst.shots, n) + _fit_text(b["shots"]["fit_p"]),
                  "            jam faces " + _beside(jams, exact_jams, n)
                  + _fit_text(b["jam_faces"]["fit_p"])]
    return out, lines


# ---------------------------------------------------------------- reloading

@odds_westamunda.command(name="reload")
@click.option("--room", type=click.IntRange(0, 20), required=True,
              help="Empty chambers (or magazine room) to fill; 1 for a single-shot weapon.")
@click.option("--activity", type=click.Choice(ACTIVITIES), default="still", show_default=True,
              help="What else the fighter does this turn; its category (rule reload_category_of): "
                   "still, hiding: no BS roll; observing, crawling, walking, minor: a BS roll; "
                   "running, climbing, melee: no reloading.")
@click.option("--mounted", is_flag=True,
              help="On horseback: one category up (rule mounted_reload_shift).")
@click.option("--bs", type=STAT, default=None, help="The loader's BS. " + _ganger_help("BS"))
@click.option("--modifier", type=MODIFIER, default=0, show_default=True,
              help="Modifier to the reloading BS roll.")
@click.option("--reloads", type=click.IntRange(0, 500), default=None,
              help="Rounds in hand (caps what loads and what a failure loses). Default: plenty.")
@click.option("--method", type=click.Choice(("rounds", "cylinder", "magazine")), default="rounds",
              show_default=True,
              help="Loose rounds by the D8, or a spare pre-loaded cylinder or tube (rule "
                   "cylinder_fit; kept on a failure).")
@click.option("--rule", "rule_items", multiple=True, help=RULE_HELP)
@click.option("--simulate", type=SIMULATE, default=0,
              help="Also roll N reloading turns with the engine's own engine.simulate_reloads, "
                   "which reloads the smallest weapon row with --room empty that --method suits "
                   "(loose rounds; a spare cylinder or tube fitted as in a fight). It has no "
                   "mounted shift and no modifier: not with --mounted or a nonzero --modifier.")
@click.option("--seed", type=SEED, default=1, show_default=True, help=SEED_HELP)
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
def odds_reload(room, activity, mounted, bs, modifier, reloads, method, rule_items, simulate,
                seed, as_json):
    """One reloading turn: rounds loaded and rounds lost."""
    from sim.westamunda import odds as O

    rules = _rules(rule_items)
    weapon = None
    if simulate:
        weapon = _reload_weapon(rules, room, method)
        biggest = max((rules.weapon(w)["capacity"] for w in WEAPONS
                       if _reloads_by(rules, w, method)), default=0)
        what = {"rounds": "loads loose rounds", "cylinder": "takes spare cylinders",
                "magazine": "takes spare tubes"}[method]
        _refuse("simulate_reloads", (
            ("--mounted", mounted, "has no mounted reload shift"),
            ("--modifier", modifier != 0, "rolls the BS test unmodified; expected 0"),
            ("--room", weapon is None, f"reloads a weapon-table row that {what}; "
             f"expected at most {biggest} (the largest such row)")))
    bs = rules.profile("ganger")["BS"] if bs is None else bs
    r = O.reload_roll(room, activity=activity, bs=bs, modifier=modifier, mounted=mounted,
                      reloads=reloads, method=method, rules=rules)
    exact = {"p_bs": r.p_bs, "p_full": r.p_full, "expected_loaded": r.expected_loaded,
             "expected_lost": r.expected_lost, "loaded": r.loaded, "lost": r.lost,
             "outcomes": r.outcomes}
    inputs = {"room": room, "activity": activity, "mounted": mounted, "category": r.category,
              "bs": bs, "modifier": modifier, "reloads": reloads, "method": method,
              "reload_loss": rules.reload_loss}
    res = _result(inputs, exact)
    roll = {"auto": "no BS roll", "roll": f"a BS {bs} roll at {modifier:+d}",
            "none": "no reloading allowed"}[r.category]
    lines = [f"Reload: {room} empty, {activity}{' on horseback' if mounted else ''} "
             f"(category {r.category}: {roll}), {method}"
             + (f", {reloads} rounds in hand" if reloads is not None else ""),
             f"  P(success) {_shown(r.p_bs)}, P(full) {_shown(r.p_full)}",
             f"  expected loaded {_shown(r.expected_loaded, 3)}, lost {_shown(r.expected_lost, 3)}"
             f" (rule reload_loss {rules.reload_loss!r})",
             f"  loaded: {_pmf_text(r.loaded)}",
             f"  lost:   {_pmf_text(r.lost)}"]
    if simulate:
        res["simulated"], more = _simulate_reload(rules, simulate, seed, r, weapon=weapon,
                                                  room=room, activity=activity, bs=bs,
                                                  reloads=reloads, spare=method != "rounds")
        lines += more
    _emit(res, as_json, lines)


def _loose(rules: WMRules, weapon: str) -> bool:
    """A gun of its own (not a round-type row) that loads loose rounds by the reload die."""
    return (weapon not in ROUND_OF
            and rules.weapon(weapon)["reload"] == RELOAD_KINDS.index("rounds"))


def _reloads_by(rules: WMRules, weapon: str, method: str) -> bool:
    """Can ``weapon`` be reloaded by ``method``: loose rounds by the reload die ('rounds'), a
    spare cylinder (flag spare_cylinder) or a spare tube (flag tube_magazine)?"""
    if method == "rounds":
        return _loose(rules, weapon)
    return weapon not in ROUND_OF and rules.has_flag(
        weapon, "spare_cylinder" if method == "cylinder" else "tube_magazine")


def _reload_weapon(rules: WMRules, room: int, method: str = "rounds") -> str | None:
    """The row engine.simulate_reloads reloads for ``room`` empty by ``method``: the smallest
    such weapon that holds that many (the helper reads only its capacity and reload kind)."""
    fits = [w for w in WEAPONS if _reloads_by(rules, w, method)
            and rules.weapon(w)["capacity"] >= room]
    return min(fits, key=lambda w: rules.weapon(w)["capacity"], default=None)


def _simulate_reload(rules: WMRules, n: int, seed: int, r, *, weapon, room, activity, bs,
                     reloads, spare=False) -> tuple[dict, list[str]]:
    """``n`` reloading turns by engine.simulate_reloads against the exact ReloadOdds ``r``:
    the 'simulated' object and its text lines."""
    from sim.westamunda import engine as E

    before = rules.weapon(weapon)["capacity"] - room
    hist = E.simulate_reloads(rules, n, seed, weapon=weapon, loaded=before,
                              reserve=PLENTY if reloads is None else reloads,
                              activity=activity, bs=bs, spare=spare)
    counts = {(i, j): int(hist[i, j]) for i in range(hist.shape[0])
              for j in range(hist.shape[1]) if hist[i, j]}
    loaded, lost = _marginal(counts, 0), _marginal(counts, 1)
    out = {"n": n, "seed": seed, "weapon": weapon, "already_loaded": before,
           **_observed(counts, r.outcomes, n), "loaded": _freqs(loaded, n),
           "lost": _freqs(lost, n), "p_full": rounded(loaded.get(room, 0) / n),
           "expected_loaded": rounded(sum(k * v for k, v in loaded.items()) / n),
           "expected_lost": rounded(sum(k * v for k, v in lost.items()) / n)}
    lines = [f"  engine  {n:,} turns by engine.simulate_reloads ({weapon}, {before} of "
             f"{before + room} loaded):",
             f"    loaded: {_beside(loaded, r.loaded, n)}",
             f"    lost:   {_beside(lost, r.lost, n)}",
             f"    expected loaded {out['expected_loaded']:.3f} (exact "
             f"{float(r.expected_loaded):.3f}), lost {out['expected_lost']:.3f} (exact "
             f"{float(r.expected_lost):.3f})"
             + (f"; (loaded, lost) chi-square fit p = {out['fit_p']:.3g}"
                if out["fit_p"] is not None else "")]
    return out, lines


# ---------------------------------------------------------------- quick draw

@odds_westamunda.command(name="quickdraw")
@click.option("--mover-i", type=STAT, default=None,
              help="I of the fighter moving under overwatch. " + _ganger_help("I"))
@click.option("--overwatch-i", type=STAT, default=None,
              help="I of the fighter on overwatch. " + _ganger_help("I"))
@click.option("--modifier", type=MODIFIER, default=0, show_default=True,
              help="Modifier to the mover's Initiative test.")
@click.option("--rule", "rule_items", multiple=True, help=RULE_HELP)
@click.option("--simulate", type=SIMULATE, default=0,
              help="Also roll N quick draws with the engine's own engine.simulate_quickdraw "
                   "(whether he may try, then his Initiative test) and fit who fires first.")
@click.option("--seed", type=SEED, default=1, show_default=True, help=SEED_HELP)
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
def odds_quickdraw(mover_i, overwatch_i, modifier, rule_items, simulate, seed, as_json):
    """Quick draw (I against I): who fires first when a mover is shot at from overwatch."""
    from sim.westamunda import odds as O

    rules = _rules(rule_items)
    g = rules.profile("ganger")
    mover_i = g["I"] if mover_i is None else mover_i
    overwatch_i = g["I"] if overwatch_i is None else overwatch_i
    q = O.quick_draw(mover_i, overwatch_i, modifier, rules=rules)
    exact = {"p_mover_first": q.p_mover_first, "p_overwatch_first": q.p_overwatch_first}
    inputs = {"mover_i": mover_i, "overwatch_i": overwatch_i, "modifier": modifier,
              "i_roll_reading": rules.i_roll_reading, "may_try": q.may_try}
    res = _result(inputs, exact)
    if q.may_try:
        how = (f"D6 <= {mover_i + modifier}" if rules.i_roll_reading == "under"
               else _need_text(rules, rules.needed(mover_i, modifier)))
        head = f"the mover may try an Initiative test ({how}); passing, he fires a snap shot first"
    else:
        head = ("no quick draw: the rule quick_draw is off" if not rules.quick_draw else
                f"no quick draw: the mover's I must beat the overwatcher's by "
                f"{rules.quick_draw_margin} (rule quick_draw_margin)")
    lines = [f"Quick draw: I {mover_i} moving against I {overwatch_i} on overwatch: {head}",
             f"  P(mover fires first) {_shown(q.p_mover_first)}, P(overwatcher fires first) "
             f"{_shown(q.p_overwatch_first)}"]
    if simulate:
        from sim.westamunda import engine as E

        first = E.simulate_quickdraw(rules, simulate, seed, mover_i=mover_i,
                                     overwatch_i=overwatch_i, modifier=modifier)
        counts = {"mover": first[0], "overwatch": first[1]}
        pmf = {"mover": q.p_mover_first, "overwatch": q.p_overwatch_first}
        res["simulated"] = {"n": simulate, "seed": seed, **_observed(counts, pmf, simulate)}
        lines.append(f"  engine    {simulate:,} quick draws by engine.simulate_quickdraw: "
                     + _beside(counts, pmf, simulate, {"mover": "mover first",
                                                       "overwatch": "overwatcher first"})
                     + _fit_text(res["simulated"]["fit_p"]))
    _emit(res, as_json, lines)


# ---------------------------------------------------------------- hand-to-hand

_SIDE_FIELDS = (("ws", "WS", STAT), ("attacks", "A", click.IntRange(1, MAX_ATTACKS)),
                ("initiative", "I", STAT), ("strength", "S", ST), ("toughness", "T", ST),
                ("wounds", "W", click.IntRange(1, 10)))
_SIDE_FLAGS = (("two_weapons", "has a weapon in each hand and only pistols or hand weapons: "
                "extra Attack dice (rule two_weapon_bonus)"),
               ("parry", "carries a parrying weapon (a sabre)"),
               ("charging", "charged this turn (rule charge_bonus)"),
               ("higher_up", "fights from higher up (rule higher_ground_bonus)"),
               ("encumbered", "is encumbered (rule encumbered_penalty)"))


def _side_options(side: str, fields=_SIDE_FIELDS, flags=_SIDE_FLAGS, who: str | None = None):
    """The --a-... or --b-... options of one fighter (``who`` names him in the help)."""
    who = who or f"Fighter {side.upper()}"

    def wrap(f):
        opts = [click.option(f"--{side}-{name.replace('_', '-')}", f"{side}_{name}", type=kind,
                             default=None, help=f"{who}'s {stat}. "
                             + _ganger_help(stat)) for name, stat, kind in fields]
        opts.append(click.option(f"--{side}-save", f"{side}_save", type=SAVE, default=None,
                                 help=f"{who}'s armour save (default none)."))
        opts.append(click.option(f"--{side}-modifier", f"{side}_modifier", type=MODIFIER,
                                 default=0, show_default=True,
                                 help=f"Other combat-score modifiers of {who.lower()}."))
        opts += [click.option(f"--{side}-{name.replace('_', '-')}", f"{side}_{name}", is_flag=True,
                              help=f"{who} {what}.") for name, what in flags]
        for opt in reversed(opts):
            f = opt(f)
        return f
    return wrap


def _combatant(rules: WMRules, side: str, kw: dict):
    from sim.westamunda import odds as O

    v = {name: kw[f"{side}_{name}"] for name, _, _ in _SIDE_FIELDS}
    mod = kw[f"{side}_modifier"] + O.combat_modifier(
        charging=kw[f"{side}_charging"], higher_up=kw[f"{side}_higher_up"],
        encumbered=kw[f"{side}_encumbered"], rules=rules)
    c = O.Combatant(**v, save=kw[f"{side}_save"], modifier=mod,
                    extra_die=kw[f"{side}_two_weapons"], parry=kw[f"{side}_parry"])
    return c.resolved(rules)


@odds_westamunda.command(name="melee")
@_side_options("a")
@_side_options("b")
@click.option("--rule", "rule_items", multiple=True, help=RULE_HELP)
@click.option("--simulate", type=SIMULATE, default=0,
              help="Also score N rounds with the engine's own engine.simulate_melee (attack "
                   "dice, criticals, fumbles, the I tie-break, the parry's re-roll) and fit the "
                   "hits each side scores; wounds stay exact only. Not under melee_reading "
                   "'ws_roll'.")
@click.option("--seed", type=SEED, default=1, show_default=True, help=SEED_HELP)
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
def odds_melee(rule_items, simulate, seed, as_json, **kw):
    """One round of one-on-one hand-to-hand between fighters A and B."""
    from sim.westamunda import odds as O

    rules = _rules(rule_items)
    if simulate:
        _refuse("simulate_melee", (("--rule", rules.melee_reading != "combat_score",
                                    "scores rounds under melee_reading 'combat_score' only; "
                                    "expected no melee_reading=ws_roll"),))
    a, b = _combatant(rules, "a", kw), _combatant(rules, "b", kw)
    h = O.hand_to_hand(a, b, rules=rules)
    exact = {k: getattr(h, k) for k in ("p_a_wins", "p_b_wins", "p_standoff")}
    exact.update({"expected_a_hits": O.mean(h.a_hits), "expected_b_hits": O.mean(h.b_hits),
                  "a_hits": h.a_hits, "b_hits": h.b_hits, "a_wounds": h.a_wounds,
                  "b_wounds": h.b_wounds, "a_state": h.a_state, "b_state": h.b_state})

    def profile(c):
        return {"ws": c.ws, "attacks": c.attacks, "dice": c.dice(rules), "initiative": c.initiative,
                "strength": c.strength, "toughness": c.toughness, "wounds": c.wounds,
                "save": c.save, "modifier": c.modifier, "parry": c.parry}

    inputs = {"a": profile(a), "b": profile(b), "melee_reading": rules.melee_reading}
    res = _result(inputs, exact)

    def text(c):
        return (f"WS {c.ws}, {c.dice(rules)} {'die' if c.dice(rules) == 1 else 'dice'}, I "
                f"{c.initiative}, S{c.strength} T{c.toughness} W{c.wounds}"
                + (f", {c.modifier:+d}" if c.modifier else "") + (", parry" if c.parry else ""))

    lines = [f"Hand-to-hand ({rules.melee_reading}): A ({text(a)}) against B ({text(b)})",
             f"  P(A wins) {_shown(h.p_a_wins)}, P(stand-off) {_shown(h.p_standoff)}, "
             f"P(B wins) {_shown(h.p_b_wins)}",
             f"  A strikes: expected hits {_shown(exact['expected_a_hits'], 3)}; B afterwards: "
             f"{_pmf_text(h.b_state)}",
             f"  B strikes: expected hits {_shown(exact['expected_b_hits'], 3)}; A afterwards: "
             f"{_pmf_text(h.a_state)}"]
    if simulate:
        res["simulated"], more = _simulate_melee(rules, simulate, seed, a, b, h)
        lines += more
    _emit(res, as_json, lines)


def _simulate_melee(rules: WMRules, n: int, seed: int, a, b, h) -> tuple[dict, list[str]]:
    """``n`` rounds scored by engine.simulate_melee against the exact HandToHandOdds ``h``: the
    'simulated' object (the winner with his hits, fitted jointly; each side's hits its
    marginals; p_a_strikes / p_b_strikes the rounds a side struck at least one hit, not its wins:
    a round won on the I tie-break with melee_tie_hits 0 strikes none; rounds parried) and its
    text lines."""
    from sim.westamunda import engine as E

    joint, (parried, turned) = E.simulate_melee(rules, n, seed, a, b)

    def outcome(ha, hb):
        return f"a{ha}" if ha else f"b{hb}" if hb else "none"

    counts: dict = {}
    for (ha, hb), c in joint.items():
        counts[outcome(ha, hb)] = counts.get(outcome(ha, hb), 0) + c
    exact = {outcome(k, 0): p for k, p in h.a_hits.items() if k}
    exact.update({outcome(0, k): p for k, p in h.b_hits.items() if k})
    exact["none"] = 1 - sum(exact.values(), Fraction(0))
    a_hits = _marginal(joint, 0)
    b_hits = _marginal(joint, 1)
    out = {"n": n, "seed": seed, **_observed(counts, exact, n),
           "a_hits": _observed(a_hits, h.a_hits, n), "b_hits": _observed(b_hits, h.b_hits, n),
           "p_a_strikes": rounded(sum(c for (ha, _), c in joint.items() if ha) / n),
           "p_b_strikes": rounded(sum(c for (_, hb), c in joint.items() if hb) / n),
           "parried": parried, "parries_turned": turned}
    lines = [f"  engine    {n:,} rounds by engine.simulate_melee (scores and hits; wounds exact "
             f"only): {parried:,} parried, {turned:,} of them turned",
             "            A's hits " + _beside(a_hits, h.a_hits, n)
             + _fit_text(out["a_hits"]["fit_p"]),
             "            B's hits " + _beside(b_hits, h.b_hits, n)
             + _fit_text(out["b_hits"]["fit_p"]),
             "            winner and hits (a3: A strikes 3) " + _beside(counts, exact, n)
             + _fit_text(out["fit_p"])]
    return out, lines


# ---------------------------------------------------------------- hit-and-run

_HIT_RUN_FIELDS = tuple(x for x in _SIDE_FIELDS if x[0] != "attacks")  # one die each, always
_HIT_RUN_FLAGS = tuple(x for x in _SIDE_FLAGS if x[0] in ("parry", "higher_up", "encumbered"))


def _hit_run_side(rules: WMRules, side: str, kw: dict):
    from sim.westamunda import odds as O

    v = {name: kw[f"{side}_{name}"] for name, _, _ in _HIT_RUN_FIELDS}
    mod = kw[f"{side}_modifier"] + O.combat_modifier(
        higher_up=kw[f"{side}_higher_up"], encumbered=kw[f"{side}_encumbered"], rules=rules)
    return O.Combatant(**v, save=kw[f"{side}_save"], modifier=mod,
                       parry=kw[f"{side}_parry"]).resolved(rules)


@odds_westamunda.command(name="hit-and-run")
@_side_options("a", _HIT_RUN_FIELDS, _HIT_RUN_FLAGS, who="The rider (A)")
@_side_options("b", _HIT_RUN_FIELDS, _HIT_RUN_FLAGS, who="The man on foot (B)")
@click.option("--over-obstacle", is_flag=True,
              help="B stands behind a low obstacle: the rider's charge takes the obstacle_penalty.")
@click.option("--rule", "rule_items", multiple=True, help=RULE_HELP)
@click.option("--simulate", type=SIMULATE, default=0,
              help="Also score N exchanges with the engine's own engine.simulate_melee (one "
                   "attack die each, the rider's charge bonus in his score) and fit the hits "
                   "each side strikes; locations and wounds stay exact only. Not under "
                   "melee_reading 'ws_roll'.")
@click.option("--seed", type=SEED, default=1, show_default=True, help=SEED_HELP)
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
def odds_hit_and_run(over_obstacle, rule_items, simulate, seed, as_json, **kw):
    """A rider's hit-and-run at a man on foot: one attack die each, struck at once."""
    from sim.westamunda import odds as O

    rules = _rules(rule_items)
    if simulate:
        _refuse("simulate_melee", (("--rule", rules.melee_reading != "combat_score",
                                    "scores rounds under melee_reading 'combat_score' only; "
                                    "expected no melee_reading=ws_roll"),))
    rider, target = _hit_run_side(rules, "a", kw), _hit_run_side(rules, "b", kw)
    r = O.hit_and_run(rider, target, over_obstacle=over_obstacle, rules=rules)
    h = r.exchange
    exact = {"p_rider_wins": h.p_a_wins, "p_target_wins": h.p_b_wins,
             "p_standoff": h.p_standoff, "expected_rider_hits": O.mean(r.rider_hits),
             "expected_target_hits": O.mean(r.target_hits), "rider_hits": r.rider_hits,
             "target_hits": r.target_hits, "target_state": r.target_state,
             "on_rider": r.on_rider, "on_horse": r.on_horse, "rider_wounds": r.rider_wounds,
             "p_horse_struck": r.p_horse_struck}
    a_mod = rider.modifier + O.combat_modifier(charging=True, obstacle=over_obstacle,
                                               rules=rules)

    def profile(c, modifier):
        return {"ws": c.ws, "initiative": c.initiative, "strength": c.strength,
                "toughness": c.toughness, "wounds": c.wounds, "save": c.save,
                "modifier": modifier, "parry": c.parry}

    inputs = {"rider": profile(rider, a_mod), "target": profile(target, target.modifier),
              "over_obstacle": over_obstacle, "melee_reading": rules.melee_reading,
              "rider_hit_faces": rules.rider_hit_faces,
              "down_out": bool(rules.down_alone_out and rules.hit_and_run_down_out)}
    res = _result(inputs, exact)
    lines = [f"Hit-and-run ({rules.melee_reading}): rider WS {rider.ws} {a_mod:+d} (the charge"
             + (", the obstacle" if over_obstacle else "") + f"), I {rider.initiative}, "
             f"T{rider.toughness} against a man on foot WS {target.ws}"
             + (f" {target.modifier:+d}" if target.modifier else "")
             + f", I {target.initiative}, S{target.strength}; one attack die each",
             f"  P(rider strikes) {_shown(h.p_a_wins)}, P(stand-off) {_shown(h.p_standoff)}, "
             f"P(man on foot strikes back) {_shown(h.p_b_wins)}",
             f"  the rider's blows: expected {_shown(exact['expected_rider_hits'], 3)}; the man "
             f"afterwards: {_pmf_text(r.target_state)}"
             + ("" if inputs["down_out"] else " (a man downed lies where he fell: rule "
                                               "hit_and_run_down_out off)"),
             f"  blows back: expected {_shown(exact['expected_target_hits'], 3)}, on the rider "
             f"{_pmf_text(r.on_rider)}, on the horse {_pmf_text(r.on_horse)}; the rider's "
             f"wounds {_pmf_text(r.rider_wounds)}; the horse struck "
             f"{_shown(r.p_horse_struck)} (its fate, and a wounded rider's test to stay on, "
             f"follow the horse rules)"]
    if simulate:
        a = rider._replace(attacks=1, extra_die=False, modifier=a_mod)
        b = target._replace(attacks=1, extra_die=False)
        res["simulated"], more = _simulate_melee(rules, simulate, seed, a, b, h)
        lines += more
    _emit(res, as_json, lines)
