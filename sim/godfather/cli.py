"""Godfather's odds commands (``gangsim odds godfather ...``): how long a turn set lasts, one
element's volley, one melee; exact fractions from ``sim.godfather.odds``, optionally checked
against the engine's own dice kernels (``turns.set_ends``, ``combat.volley``,
``combat.melee_exchange``) fed from the rule vector (``state.kernel_params``).

Every rule number comes from a :class:`GFRules`: its defaults, changed with ``--rule
key=value`` (repeatable, checked like ``gangsim play --rule``); a command's own option for a
rule parameter (``turnset --reading``, ``--max-turns``) defaults to that rule's value. Exact
values print as decimals with the fraction when it is short and come in --json both as floats
rounded to 12 significant digits and, under ``exact.fractions``, as fraction strings ('1/18').
Distributions are objects keyed by the outcome ('2', or 'eliminations,suppressions' as '1,0').

The --simulate runs call the kernels from Python (no compiled driver here: the command line
stays outside the kernels' cache key): about a million volleys or turn sets a second, fifty
thousand melees, on one generator keyed (--seed, ODDS_STREAM, 0). Each reports the observed
frequencies beside the exact ones and a chi-square goodness-of-fit p-value (cells expected
under 5 pooled, as the kernel tests do).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import click

from sim.core.clikit import SEED, fit_p, rounded
from sim.core.clikit import emit as _emit
from sim.core.clikit import fraction_note as _frac
from sim.godfather.rules import ARMOUR, COVER, GRADES, TURNSET_READINGS, WEAPONS, GFRules

ODDS_STREAM = 0x0DD5  # stream id of --simulate runs (as O.G.'s: any fixed number would do)
SIMULATE = click.IntRange(0, 10**7)
MELEE_WEAPONS = ("none", "cc", "taser", "taser_elite")  # odds.Fighter's weapons
MELEE_FLAGS = ("leader", "building", "suppressed")
MAX_SIDE = 48  # fighters per melee side (a gang's max_elements by default)

_DEFAULT = GFRules()
_FIELDS = {f.name: f for f in dataclasses.fields(GFRules)}


def _bounds(name: str) -> click.IntRange:
    """The range GFRules allows a parameter (the numbers of a table, for a table)."""
    m = _FIELDS[name].metadata
    return click.IntRange(m["lo"], m["hi"])


# ---------------------------------------------------------------- rules from the options

def _parse_rules(items: tuple[str, ...]) -> dict:
    """--rule key=value pairs; values parsed as TOML scalars or lists (as ``gangsim play``)."""
    from sim.core.clikit import rule_items

    try:
        return rule_items(items)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'--rule'") from None


def _rules(rule_items: tuple[str, ...], **given) -> GFRules:
    """GFRules from --rule overrides and a command's own rule options (those not None); a key
    set both ways is a usage error."""
    from sim.core.params import ConfigError, build

    overrides = _parse_rules(rule_items)
    for key, (option, value) in given.items():
        if value is None:
            continue
        if key in overrides:
            raise click.UsageError(f"{option} and --rule {key}=...: give one of them")
        overrides[key] = value
    try:
        return build(GFRules, overrides, "--rule")
    except ConfigError as e:
        raise click.UsageError(str(e)) from None


def _rule_vector(rules: GFRules):
    from sim.godfather import state as S

    try:
        return S.kernel_params(rules)
    except ValueError as e:
        raise click.UsageError(f"--rule: {e}") from None


RULE_HELP = "Rule override key=value (repeatable; `gangsim rules godfather` lists the keys)."


def _dice(seed: int):
    import numpy as np

    from sim.core.rng import STATE_SIZE, seed_state

    s = np.empty(STATE_SIZE, dtype=np.uint64)
    seed_state(s, np.uint64(seed), np.uint64(ODDS_STREAM), np.uint64(0))
    return s


# ---------------------------------------------------------------- presentation

def _key(k) -> str:
    return ",".join(map(str, k)) if isinstance(k, tuple) else str(k)


def _plain(x, leaf):
    """A result tree with ``leaf`` applied to every Fraction and outcome keys as strings."""
    if isinstance(x, dict):
        return {_key(k): _plain(v, leaf) for k, v in x.items()}
    if isinstance(x, list):
        return [_plain(v, leaf) for v in x]
    return leaf(x) if isinstance(x, Fraction) else x


def _json(exact: dict) -> dict:
    """Exact values as rounded floats, with a ``fractions`` copy as strings ('1/18')."""
    out = _plain(exact, rounded)
    out["fractions"] = _plain(exact, str)
    return out


def _shown(x: Fraction, decimals: int = 4) -> str:
    """'0.0556 (= 1/18)'; the fraction only when it is short enough to read."""
    return f"{float(x):.{decimals}f}{_frac(x)}"


def _freqs(counts: dict, n: int) -> dict:
    return {_key(k): rounded(c / n) for k, c in sorted(counts.items())}


def _fit_text(p: float | None) -> str:
    return "" if p is None else f"; chi-square fit p = {p:.3g}"


@click.group(name="godfather")
def odds_godfather():
    """Godfather turn sets, volleys and melees."""


# ---------------------------------------------------------------- turn sets

@odds_godfather.command(name="turnset")
@click.option("--reading", type=click.Choice(TURNSET_READINGS), default=None,
              help="When a set ends after turn t: 'example' (D6 >= 7 - t, the text's worked "
                   "example) or 'literal' (D6 >= t). Default: the rule turnset_reading "
                   f"({_DEFAULT.turnset_reading!r}).")
@click.option("--max-turns", type=_bounds("turnset_max"), default=None,
              help="The set always ends after this many turns. Default: the rule turnset_max "
                   f"({_DEFAULT.turnset_max}).")
@click.option("--rule", "rule_items", multiple=True, help=RULE_HELP)
@click.option("--simulate", type=SIMULATE, default=0,
              help="Also play N sets with the engine's own turns.set_ends.")
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def odds_turnset(reading, max_turns, rule_items, simulate, seed, as_json):
    """Distribution and mean of the number of turns in a turn set (a week)."""
    from sim.godfather import odds as O

    rules = _rules(rule_items, turnset_reading=("--reading", reading),
                   turnset_max=("--max-turns", max_turns))
    reading, top = rules.turnset_reading, rules.turnset_max
    got = O.turnset_pmf(reading, top)
    pmf = {t: got.get(t, Fraction(0)) for t in range(1, top + 1)}
    e = {"pmf": pmf, "mean": O.mean(pmf)}
    res = {"reading": reading, "max_turns": top, **_json(e), "exact": _json(e)}
    need = "7 - t" if reading == "example" else "t"
    lines = [f"Turn set, {reading} reading: ends after turn t on a D6 >= {need}, always after "
             f"turn {top}",
             f"  exact  mean {_shown(e['mean'], 3)} turns",
             "  turns  exact" + ("               engine" if simulate else "")]
    if simulate:
        from sim.godfather import turns as T

        rp, s = _rule_vector(rules), _dice(seed)
        counts = dict.fromkeys(pmf, 0)
        for _ in range(simulate):
            t = 1
            while not T.set_ends(rp, s, t):
                t += 1
            counts[t] = counts.get(t, 0) + 1
        sim_mean = sum(t * c for t, c in counts.items()) / simulate
        res["simulated"] = {"n": simulate, "counts": {str(t): c for t, c in counts.items()},
                            "pmf": _freqs(counts, simulate), "mean": rounded(sim_mean),
                            "fit_p": fit_p(counts, pmf, simulate)}
    for t, p in pmf.items():
        row = f"  {t:<5}  {_shown(p):<18}"
        if simulate:
            row += f"  {counts.get(t, 0) / simulate:.4f}"
        lines.append(row.rstrip())
    if simulate:
        lines.append(f"  engine mean {sim_mean:.3f} turns over {simulate:,} sets"
                     f"{_fit_text(res['simulated']['fit_p'])}")
    _emit(res, as_json, lines)


# ---------------------------------------------------------------- shooting

@odds_godfather.command(name="shoot")
@click.option("--grade", type=click.Choice(GRADES), required=True,
              help="The shooter's grade (to-hit by the rule to_hit).")
@click.option("--weapon", type=click.Choice(WEAPONS), required=True,
              help="Its weapon (strike and shots by the rule weapons).")
@click.option("--defence", type=_bounds("defence_foot"), default=None,
              help="The target's defence; a hit gets through when strike + D6 beats it. "
                   "Default: the defence table's value for --cover and --armour.")
@click.option("--cover", type=click.Choice(COVER), default=None,
              help="Instead of --defence: the target's cover (default open).")
@click.option("--armour", type=click.Choice(ARMOUR), default=None,
              help="Instead of --defence: a foot target's body armour (default none; combined "
                   "with the cover by the rule armour_combine).")
@click.option("--target", type=click.Choice(("foot", "vehicle")), default="foot",
              show_default=True,
              help="A vehicle is damaged by a hit that gets through; other hits do nothing.")
@click.option("--suppressed", is_flag=True,
              help="The shooter is suppressed (needs the rule suppressed_hit_penalty more).")
@click.option("--prior-suppressions",
              type=click.IntRange(0, _FIELDS["suppressions_to_eliminate"].metadata["hi"] - 1),
              default=0, show_default=True,
              help="Suppressions the target already has (for P(target out)).")
@click.option("--rule", "rule_items", multiple=True, help=RULE_HELP)
@click.option("--simulate", type=SIMULATE, default=0,
              help="Also fire N volleys with the engine's own combat.volley.")
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def odds_shoot(grade, weapon, defence, cover, armour, target, suppressed, prior_suppressions,
               rule_items, simulate, seed, as_json):
    """One element's volley at one target, before saving throws: per-shot odds and the
    distribution of eliminations and suppressions over the weapon's shots."""
    from sim.godfather import odds as O

    rules = _rules(rule_items)
    defence = _target_defence(rules, defence, cover, armour, target)
    if prior_suppressions >= rules.suppressions_to_eliminate:
        raise click.BadParameter(
            f"{prior_suppressions}: a target with suppressions_to_eliminate "
            f"({rules.suppressions_to_eliminate}) is already out; expected 0 to "
            f"{rules.suppressions_to_eliminate - 1}", param_hint="'--prior-suppressions'")
    e = O.shot_odds(rules, grade, weapon, defence, target=target, suppressed=suppressed,
                    prior_suppressions=prior_suppressions)
    shots, outcomes = e["shots"], e["outcomes"]
    supp: dict[int, Fraction] = {}
    for (_, s), p in outcomes.items():
        supp[s] = supp.get(s, Fraction(0)) + p
    exact = {k: e[k] for k in ("p_hit", "p_eliminate", "p_suppress", "p_miss")}
    exact.update({"eliminations": e["eliminations"], "suppressions": dict(sorted(supp.items())),
                  "outcomes": outcomes,
                  "p_at_least_one_elimination": 1 - e["eliminations"].get(0, Fraction(0)),
                  "p_at_least_one_suppression": 1 - supp.get(0, Fraction(0)),
                  "p_target_out": e["p_target_out"],
                  "expected_eliminations": shots * e["p_eliminate"],
                  "expected_suppressions": shots * e["p_suppress"]})
    g = GRADES.index(grade)
    row = rules.weapon(weapon)
    need = rules.to_hit[g] + (rules.suppressed_hit_penalty if suppressed else 0)
    strike = row["strike_foot"] if target == "foot" else row["strike_vehicle"]
    res = {"grade": grade, "weapon": weapon, "shots": shots, "strike": strike,
           "to_hit": need, "suppressed": suppressed, "target": target, "defence": defence,
           "prior_suppressions": prior_suppressions, "exact": _json(exact)}
    through = "eliminate" if target == "foot" else "damage"
    lines = [f"Volley: a {'suppressed ' if suppressed else ''}{grade} (hits on {need}+) firing "
             f"{weapon} ({shots} shot{'s' * (shots > 1)}, strike {strike}) at a {target} target "
             f"of defence {defence}; before saving throws",
             f"  per shot  P(hit) {_shown(exact['p_hit'])}, P({through}: a hit and strike + D6 "
             f"> {defence}) {_shown(exact['p_eliminate'])}"
             + (f", P(suppress: a hit that does not) {_shown(exact['p_suppress'])}"
                if target == "foot" else ""),
             f"  P(at least one elimination)  {_shown(exact['p_at_least_one_elimination'])}"
             if target == "foot" else
             f"  P(vehicle damaged at least once)  "
             f"{_shown(exact['p_at_least_one_elimination'])}",
             "  " + ("eliminations" if target == "foot" else "damaging hits")
             + " per volley: " + ", ".join(f"{k}: {_shown(v)}"
                                           for k, v in exact["eliminations"].items())]
    if target == "foot":
        limit = rules.suppressions_to_eliminate
        lines += ["  suppressions per volley: " + ", ".join(
                      f"{k}: {_shown(v)}" for k, v in exact["suppressions"].items()),
                  f"  P(target out): {_shown(exact['p_target_out'])} (eliminated, or "
                  f"suppressed {limit} times counting {prior_suppressions} already; every "
                  "shot at it)"]
    lines.append(f"  expected {'eliminations' if target == 'foot' else 'damaging hits'} "
                 f"{_shown(exact['expected_eliminations'], 3)}"
                 + (f", suppressions {_shown(exact['expected_suppressions'], 3)}"
                    if target == "foot" else ""))
    if simulate:
        from sim.godfather import combat as C
        from sim.godfather import state as S

        rp, s = _rule_vector(rules), _dice(seed)
        at = S.R_WEAPONS + S.N_WEAPON_COLS * WEAPONS.index(weapon)
        k_need = int(rp[S.R_TO_HIT + g] + (rp[S.R_SUPP_HIT_PEN] if suppressed else 0))
        k_strike = int(rp[at] if target == "foot" else rp[at + 1])
        k_shots = int(rp[at + 2])
        foot = target == "foot"
        counts: dict[tuple[int, int], int] = {}
        for _ in range(simulate):
            k = C.volley(s, k_need, k_shots, k_strike, defence, foot)
            counts[k] = counts.get(k, 0) + 1
        res["simulated"] = _shoot_observed(counts, simulate, k_shots, outcomes, foot)
        r = res["simulated"]
        lines.append(f"  engine over {simulate:,} volleys: P(at least one "
                     f"{'elimination' if foot else 'damaging hit'}) "
                     f"{r['p_at_least_one_elimination']:.4f}, per shot P(gets through) "
                     f"{r['p_eliminate']:.4f}"
                     + (f", P(suppresses) {r['p_suppress']:.4f}" if foot else "")
                     + f"{_fit_text(r['fit_p'])}")
    _emit(res, as_json, lines)


def _target_defence(rules: GFRules, defence, cover, armour, target) -> int:
    """--defence, or the defence table's number for --cover and --armour."""
    if defence is not None:
        if cover is not None or armour is not None:
            raise click.UsageError("--defence and --cover/--armour: give one or the other")
        return defence
    c = COVER.index(cover or "open")
    if target == "vehicle":
        if armour is not None or c >= len(rules.defence_vehicle):
            raise click.UsageError(
                "a vehicle target takes no --armour and --cover one of "
                f"{', '.join(COVER[:len(rules.defence_vehicle)])} (defence "
                f"{', '.join(map(str, rules.defence_vehicle))}); or give --defence")
        return rules.defence_vehicle[c]
    return rules.foot_defence(c, ARMOUR.index(armour or "none"))


def _shoot_observed(counts: dict, n: int, shots: int, outcomes: dict, foot: bool) -> dict:
    """Observed frequencies of --simulate volleys, under the exact result's names."""
    elim: dict[int, int] = {}
    supp: dict[int, int] = {}
    for (e, s), c in counts.items():
        elim[e] = elim.get(e, 0) + c
        supp[s] = supp.get(s, 0) + c
    through = sum(e * c for e, c in elim.items())
    suppressed = sum(s * c for s, c in supp.items())
    out = {"n": n, "p_eliminate": rounded(through / (n * shots)),
           "p_suppress": rounded(suppressed / (n * shots))}
    if foot:  # a vehicle hit that does not get through leaves no trace
        out["p_hit"] = rounded((through + suppressed) / (n * shots))
    out.update({"eliminations": _freqs(elim, n), "suppressions": _freqs(supp, n),
                "outcomes": _freqs(counts, n),
                "outcome_counts": {_key(k): c for k, c in sorted(counts.items())},
                "p_at_least_one_elimination": rounded(1 - elim.get(0, 0) / n),
                "expected_eliminations": rounded(through / n),
                "expected_suppressions": rounded(suppressed / n),
                "fit_p": fit_p(counts, outcomes, n)})
    return out


# ---------------------------------------------------------------- melee

class FighterSpec(click.ParamType):
    """'[Nx]GRADE[+MOD...]': N fighters (default 1) of GRADE, MOD a melee weapon (none, cc,
    taser, taser_elite; default cc) or leader, building (defends a building it stands in:
    defenders only), suppressed."""

    name = "FIGHTER"

    def __init__(self, side: str):
        self.side = side

    def convert(self, value, param, ctx):
        from sim.godfather.odds import Fighter

        if not isinstance(value, str):
            return value
        form = (f"expected [Nx]GRADE[+MOD...], GRADE one of {', '.join(GRADES)}, MOD one of "
                f"{', '.join(MELEE_WEAPONS + MELEE_FLAGS)} (e.g. 2xpunk+leader)")
        head, *mods = value.strip().split("+")
        count = 1
        if "x" in head and head.split("x", 1)[0].isdigit():
            n, head = head.split("x", 1)
            count = int(n)
            if not 1 <= count <= MAX_SIDE:
                self.fail(f"{value!r}: count {count} is not in 1..{MAX_SIDE}", param, ctx)
        if head not in GRADES:
            self.fail(f"{value!r}: grade {head!r} is not one of {', '.join(GRADES)}; {form}",
                      param, ctx)
        weapon, flags = "cc", set()
        for m in mods:
            if m in MELEE_WEAPONS:
                weapon = m
            elif m in MELEE_FLAGS:
                flags.add(m)
            else:
                self.fail(f"{value!r}: {m!r} is not one of "
                          f"{', '.join(MELEE_WEAPONS + MELEE_FLAGS)}; {form}", param, ctx)
        if "building" in flags and self.side == "attacker":
            self.fail(f"{value!r}: only a defender defends a building (building dice)",
                      param, ctx)
        f = Fighter(head, weapon, "leader" in flags, "building" in flags, "suppressed" in flags)
        return [f] * count


def _side(specs) -> list:
    return [f for group in specs for f in group]


def _fighter_text(f) -> str:
    mods = [m for m, on in (("leader", f.leader), ("building", f.in_building),
                            ("suppressed", f.suppressed)) if on]
    return "+".join([f.grade, *([] if f.weapon == "cc" else [f.weapon]), *mods])


def _side_text(side) -> list[str]:
    """The side as --attacker/--defender specs, runs of equal fighters as '2xpunk'."""
    out: list[list] = []
    for f in side:
        if out and out[-1][0] == f:
            out[-1][1] += 1
        else:
            out.append([f, 1])
    return [(f"{n}x" if n > 1 else "") + _fighter_text(f) for f, n in out]


def capped_outcomes(hits: dict, fighters: int, p_kill: Fraction) -> dict:
    """{(kills, suppressions): p} of a losing side of ``fighters`` as the engine plays the hits
    (``combat.melee_exchange``): each hit is a D6 that kills with ``p_kill``; a killed fighter
    takes no more hits and once every fighter is killed the rest are lost. So kills are
    min(Binomial(h, p_kill), fighters) and, when all fall, the suppressions are the failures
    before the last kill, whichever fighter each hit falls on ('spread' or 'focus')."""
    from math import comb

    out: dict[tuple[int, int], Fraction] = {}

    def add(k, s, p):
        if p:
            out[(k, s)] = out.get((k, s), Fraction(0)) + p

    q = 1 - p_kill
    for h, ph in hits.items():
        for k in range(min(h, fighters - 1) + 1):  # fewer kills than fighters: every hit rolled
            add(k, h - k, ph * comb(h, k) * p_kill ** k * q ** (h - k))
        if fighters and h >= fighters:  # the last fighter falls at hit j; the rest are lost
            for j in range(fighters, h + 1):
                add(fighters, j - fighters,
                    ph * comb(j - 1, fighters - 1) * p_kill ** fighters * q ** (j - fighters))
    return dict(sorted(out.items()))


def _melee_shift(rules: GFRules, f) -> int:
    """A fighter's melee modifiers (the ``shift`` of combat.fighter_score): grade, weapon,
    leader, suppression."""
    bonus = {"none": 0, "cc": rules.melee_cc_bonus, "taser": rules.melee_taser_bonus,
             "taser_elite": rules.melee_taser_elite_bonus}[f.weapon]
    return (rules.melee_grade_bonus[GRADES.index(f.grade)] + bonus
            + (rules.leader_melee_bonus if f.leader else 0)
            - (rules.suppressed_melee_penalty if f.suppressed else 0))


@odds_godfather.command(name="melee")
@click.option("--attacker", "attackers", type=FighterSpec("attacker"), multiple=True,
              required=True,
              help="Attacking fighters, repeatable: [Nx]GRADE[+MOD...], GRADE one of "
                   + ", ".join(GRADES) + "; MOD a melee weapon (" + ", ".join(MELEE_WEAPONS)
                   + "; default cc), leader or suppressed. E.g. 2xpunk, hood+leader.")
@click.option("--defender", "defenders", type=FighterSpec("defender"), multiple=True,
              required=True,
              help="Defending fighters, as --attacker; MOD building also: it defends a "
                   "building it stands in (the rule melee_building_dice).")
@click.option("--attacker-armour", type=click.Choice(ARMOUR), default="none",
              show_default=True, help="The attackers' body armour (melee armour factor).")
@click.option("--defender-armour", type=click.Choice(ARMOUR), default="none",
              show_default=True, help="The defenders' body armour.")
@click.option("--rule", "rule_items", multiple=True, help=RULE_HELP)
@click.option("--simulate", type=SIMULATE, default=0,
              help="Also fight N melees with the engine's own combat.melee_exchange.")
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def odds_melee(attackers, defenders, attacker_armour, defender_armour, rule_items, simulate,
               seed, as_json):
    """One melee: who wins, and the kills and suppressions each side takes."""
    from sim.godfather import odds as O

    rules = _rules(rule_items)
    att, dfd = _side(attackers), _side(defenders)
    for opt, side in (("--attacker", att), ("--defender", dfd)):
        if len(side) > MAX_SIDE:
            raise click.BadParameter(f"{len(side)} fighters; at most {MAX_SIDE} a side",
                                     param_hint=f"'{opt}'")
    e = O.melee_odds(rules, att, dfd, attacker_armour=attacker_armour,
                     defender_armour=defender_armour)
    exact = {k: e[k] for k in ("p_attacker_wins", "p_tie", "p_defender_wins")}
    capped = {}
    for who, side, armour in (("attacker", att, attacker_armour),
                              ("defender", dfd, defender_armour)):
        capped[who] = c = capped_outcomes(e[f"{who}_hits"], len(side),
                                          O.melee_kill_chance(rules, armour))
        kills: dict[int, Fraction] = {}
        for (k, _), p in c.items():
            kills[k] = kills.get(k, Fraction(0)) + p
        exact.update({f"{who}_hits": e[f"{who}_hits"],
                      f"{who}_expected_hits": e[f"{who}_expected_hits"],
                      f"{who}_expected_kills": e[f"{who}_expected_kills"],
                      f"{who}_expected_suppressions": e[f"{who}_expected_suppressions"],
                      f"{who}_kills_capped": dict(sorted(kills.items())),
                      f"{who}_expected_kills_capped": sum(
                          (k * p for (k, _), p in c.items()), Fraction(0)),
                      f"{who}_expected_suppressions_capped": sum(
                          (s * p for (_, s), p in c.items()), Fraction(0))})
    res = {"attackers": _side_text(att), "attacker_count": len(att),
           "attacker_armour": attacker_armour,
           "defenders": _side_text(dfd), "defender_count": len(dfd),
           "defender_armour": defender_armour, "exact": _json(exact)}
    lines = [f"Melee: {', '.join(res['attackers'])} (armour {attacker_armour}) against "
             f"{', '.join(res['defenders'])} (armour {defender_armour})",
             f"  P(attacker wins) {_shown(exact['p_attacker_wins'])}, P(tie) "
             f"{_shown(exact['p_tie'])}, P(defender wins) {_shown(exact['p_defender_wins'])}"]
    for who in ("attacker", "defender"):
        lines.append(f"  {who}s take: expected hits {_shown(exact[f'{who}_expected_hits'], 3)}"
                     f", kills {_shown(exact[f'{who}_expected_kills_capped'], 3)}, "
                     f"suppressions {_shown(exact[f'{who}_expected_suppressions_capped'], 3)}")
        if exact[f"{who}_expected_kills"] != exact[f"{who}_expected_kills_capped"]:
            lines.append(f"    (every hit rolled, as odds.melee_odds counts: kills "
                         f"{_shown(exact[f'{who}_expected_kills'], 3)}, suppressions "
                         f"{_shown(exact[f'{who}_expected_suppressions'], 3)}; a killed "
                         "fighter takes no more hits)")
    if simulate:
        res["simulated"] = _simulate_melee(rules, att, dfd, attacker_armour, defender_armour,
                                           simulate, seed, exact, capped)
        r = res["simulated"]
        lines.append(f"  engine over {simulate:,} melees: P(attacker wins) "
                     f"{r['p_attacker_wins']:.4f} [95% CI {r['p_attacker_wins_ci95'][0]:.4f}, "
                     f"{r['p_attacker_wins_ci95'][1]:.4f}], P(tie) {r['p_tie']:.4f}, "
                     f"P(defender wins) {r['p_defender_wins']:.4f}"
                     f"{_fit_text(r['fit_p_winner'])}")
        for who in ("attacker", "defender"):
            lines.append(f"    {who}s take: kills {r[f'{who}_expected_kills']:.3f}, "
                         f"suppressions {r[f'{who}_expected_suppressions']:.3f}"
                         f"{_fit_text(r[f'fit_p_{who}_outcomes'])}")
    _emit(res, as_json, lines)


def _simulate_melee(rules, att, dfd, attacker_armour, defender_armour, n, seed, exact,
                    capped):
    """``combat.melee_exchange`` played ``n`` times: winners, and each side's (kills,
    suppressions), against the exact (capped) distributions."""
    import numpy as np

    from sim.analysis.stats import wilson
    from sim.godfather import combat as C

    rp, s = _rule_vector(rules), _dice(seed)
    fighters = att + dfd
    side = np.array([0] * len(att) + [1] * len(dfd), dtype=np.int64)
    shift = np.array([_melee_shift(rules, f) for f in fighters], dtype=np.int64)
    building = np.array([rules.melee_building_dice[GRADES.index(f.grade)] if f.in_building
                         else 0 for f in fighters], dtype=np.int64)
    kill_on = np.array([rules.melee_armour[ARMOUR.index(attacker_armour)]] * len(att)
                       + [rules.melee_armour[ARMOUR.index(defender_armour)]] * len(dfd),
                       dtype=np.int64)
    killed = np.zeros(len(fighters), dtype=np.bool_)
    supp = np.zeros(len(fighters), dtype=np.int64)
    a, d = side == 0, side == 1
    winners = {"attacker": 0, "tie": 0, "defender": 0}
    taken = {"attacker": {}, "defender": {}}
    for _ in range(n):
        killed[:] = False
        supp[:] = 0
        w = C.melee_exchange(rp, s, side, shift, building, kill_on, killed, supp)
        winners["tie" if w < 0 else "attacker" if w == 0 else "defender"] += 1
        for who, mask in (("attacker", a), ("defender", d)):
            k = (int(killed[mask].sum()), int(supp[mask].sum()))
            taken[who][k] = taken[who].get(k, 0) + 1
    p, lo, hi = wilson(winners["attacker"], n)
    out = {"n": n, "winner_counts": winners,
           "p_attacker_wins": rounded(winners["attacker"] / n),
           "p_attacker_wins_ci95": [rounded(lo), rounded(hi)],
           "p_tie": rounded(winners["tie"] / n),
           "p_defender_wins": rounded(winners["defender"] / n),
           "fit_p_winner": fit_p(winners, {"attacker": exact["p_attacker_wins"],
                                           "tie": exact["p_tie"],
                                           "defender": exact["p_defender_wins"]}, n)}
    for who in ("attacker", "defender"):
        c = taken[who]
        kills: dict[int, int] = {}
        for (k, _), v in c.items():
            kills[k] = kills.get(k, 0) + v
        out[f"{who}_kills"] = _freqs(kills, n)
        out[f"{who}_expected_kills"] = rounded(sum(k * v for (k, _), v in c.items()) / n)
        out[f"{who}_expected_suppressions"] = rounded(sum(s_ * v for (_, s_), v in c.items())
                                                      / n)
        out[f"fit_p_{who}_outcomes"] = fit_p(c, capped[who], n)
    return out
