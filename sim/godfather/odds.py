"""Exact odds of Godfather's atomic mechanics, in plain Python with exact fractions.

Every function reads its numbers from a :class:`GFRules` (the text's values, or the documented
defaults where the text leaves a table blank), so a changed rule changes the odds. Results are
``fractions.Fraction`` (convert with ``float``); distributions are ``{outcome: probability}``
dicts over the outcomes that can happen, in increasing order. The engine, when built, is checked
against these by seeded statistical tests.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

from sim.core.exact import Pmf, at_least, convolve, die, mean  # noqa: F401 (re-exported)
from sim.godfather.rules import ARMOUR, BUSINESS_EFFECTS, GRADES, TURNSET_READINGS, WEAPONS, GFRules


def binomial(n: int, p: Fraction) -> Pmf:
    """Successes in ``n`` independent trials of chance ``p``."""
    return {k: math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def _grade(grade: int | str) -> int:
    if isinstance(grade, str):
        if grade not in GRADES:
            raise ValueError(f"grade {grade!r}: expected one of {', '.join(GRADES)}")
        return GRADES.index(grade)
    if not 0 <= grade < len(GRADES):
        raise ValueError(f"grade {grade!r}: expected a code 0..{len(GRADES) - 1}")
    return grade


# ---- turn sets -----------------------------------------------------------------------------

def turnset_pmf(reading: str = "example", max_turns: int = 6) -> Pmf:
    """Turns in one turn set (1..max_turns) -> probability.

    At the end of turn t a D6 ends the set when it shows at least the need: 'example' (the
    text's worked example) needs 7 - t (a 6 after turn 1, ... a 1 after turn 6); 'literal' (the
    rule's words, 'equal to or more than the number of turns') needs t, which a D6 always meets
    after turn 1. The set always ends after ``max_turns`` (text: never more than 6)."""
    if reading not in TURNSET_READINGS:
        raise ValueError(f"reading {reading!r}: expected one of {', '.join(TURNSET_READINGS)}")
    out: Pmf = {}
    going = Fraction(1)
    for t in range(1, max_turns + 1):
        need = 7 - t if reading == "example" else t
        end = Fraction(1) if t == max_turns else at_least(need)
        if going * end:
            out[t] = going * end
        going *= 1 - end
    return out


def raid_wait_pmf(rules: GFRules) -> Pmf:
    """Sets of raid dicing (1, 2, ...) until the first raid, once the dicing has started: the
    k-th set needs raid_first_need - (k - 1) on a D6 (text: 6, then 5 ...)."""
    out: Pmf = {}
    going = Fraction(1)
    k = 1
    while going:
        end = at_least(rules.raid_first_need - (k - 1))
        if end:
            out[k] = going * end
        going *= 1 - end
        k += 1
    return out


# ---- shooting ----------------------------------------------------------------------------------

def shot_odds(rules: GFRules, grade: int | str, weapon: str, defence: int, *,
              target: str = "foot", suppressed: bool = False,
              prior_suppressions: int = 0) -> dict:
    """One element firing ``weapon`` at one target of defence ``defence``, before saving throws.

    Each shot hits on a D6 >= to_hit[grade] (+ suppressed_hit_penalty if the shooter is
    suppressed); a hit eliminates (on a vehicle: damages) when strike + D6 > defence, else it
    suppresses a foot target (a vehicle hit that fails does nothing). Shots are independent.

    Returns p_hit, p_eliminate, p_suppress, p_miss per shot; ``shots``; ``eliminations``, the
    distribution over the weapon's shots of eliminations; ``outcomes``, the joint
    {(eliminations, suppressions): p}; and ``p_target_out``, the chance one foot target is out
    after the volley (an elimination, or its suppressions reaching suppressions_to_eliminate
    counting ``prior_suppressions``), as if every shot went at it."""
    g = _grade(grade)
    if weapon not in WEAPONS:
        raise ValueError(f"weapon {weapon!r}: expected one of {', '.join(WEAPONS)}")
    if target not in ("foot", "vehicle"):
        raise ValueError(f"target {target!r}: expected 'foot' or 'vehicle'")
    row = rules.weapon(weapon)
    need = rules.to_hit[g] + (rules.suppressed_hit_penalty if suppressed else 0)
    p_hit = at_least(need)
    strike = row["strike_foot"] if target == "foot" else row["strike_vehicle"]
    p_through = at_least(defence - strike + 1)  # strike + D6 > defence
    p_elim = p_hit * p_through
    p_supp = p_hit - p_elim if target == "foot" else Fraction(0)
    p_miss = 1 - p_elim - p_supp
    shots = row["shots"]
    outcomes: dict[tuple[int, int], Fraction] = {}
    for e in range(shots + 1):
        for s in range(shots - e + 1):
            p = (Fraction(math.factorial(shots), math.factorial(e) * math.factorial(s)
                          * math.factorial(shots - e - s))
                 * p_elim ** e * p_supp ** s * p_miss ** (shots - e - s))
            if p:
                outcomes[(e, s)] = p
    out_limit = rules.suppressions_to_eliminate - prior_suppressions
    p_out = sum((p for (e, s), p in outcomes.items()
                 if e or (target == "foot" and s >= out_limit)), Fraction(0))
    return {"p_hit": p_hit, "p_eliminate": p_elim, "p_suppress": p_supp, "p_miss": p_miss,
            "shots": shots, "eliminations": {k: v for k, v in binomial(shots, p_elim).items()
                                             if v},
            "outcomes": outcomes, "p_target_out": p_out}


# ---- melee ---------------------------------------------------------------------------------------

class Fighter(NamedTuple):
    """One element in a melee. weapon: 'cc' (close-combat weapon, every gang element and
    militia), 'none' (unarmed civilians), 'taser' (police), 'taser_elite' (SWAT).
    in_building: it defends a building it stands in (extra D6 by grade)."""

    grade: int | str
    weapon: str = "cc"
    leader: bool = False
    in_building: bool = False
    suppressed: bool = False


def fighter_score(rules: GFRules, f: Fighter) -> Pmf:
    """One element's melee score: a D6 plus its grade, weapon, leader and suppression
    modifiers, plus its building dice when defending a building."""
    g = _grade(f.grade)
    bonus = {"none": 0, "cc": rules.melee_cc_bonus, "taser": rules.melee_taser_bonus,
             "taser_elite": rules.melee_taser_elite_bonus}
    if f.weapon not in bonus:
        raise ValueError(f"weapon {f.weapon!r}: expected one of {', '.join(bonus)}")
    shift = (rules.melee_grade_bonus[g] + bonus[f.weapon]
             + (rules.leader_melee_bonus if f.leader else 0)
             - (rules.suppressed_melee_penalty if f.suppressed else 0))
    score = die(6, shift)
    for _ in range(rules.melee_building_dice[g] if f.in_building else 0):
        score = convolve(score, die(6))
    return score


def side_score(rules: GFRules, side) -> Pmf:
    """A side's melee total: the sum of its fighters' scores."""
    total: Pmf = {0: Fraction(1)}
    for f in side:
        total = convolve(total, fighter_score(rules, f))
    return total


def melee_kill_chance(rules: GFRules, armour: int | str) -> Fraction:
    """Chance one melee hit kills (a D6 >= the melee armour factor), else it suppresses."""
    a = ARMOUR.index(armour) if isinstance(armour, str) else armour
    return at_least(rules.melee_armour[a])


def melee_odds(rules: GFRules, attackers, defenders, *, attacker_armour: int | str = "none",
               defender_armour: int | str = "none") -> dict:
    """One melee exchange as the text describes it.

    Each side rolls one D6 per element plus modifiers (``fighter_score``); the difference of
    the totals is the number of hits on the lower side (a tie: none). Each hit is a D6 against
    the side's melee armour factor: kill on >= it, else suppress. ``attackers`` and
    ``defenders`` are sequences of :class:`Fighter`.

    Returns p_attacker_wins / p_tie / p_defender_wins (more / equal / fewer points), the
    distribution of hits on each side (``defender_hits``, ``attacker_hits``), the joint
    {(kills, suppressions): p} on each side (``defender_outcomes``, ``attacker_outcomes``) and
    their expectations. With taser_nonlethal, a police winner's kills are stuns (arrests)."""
    a = side_score(rules, attackers)
    d = side_score(rules, defenders)
    diff: Pmf = {}
    for x, p in a.items():
        for y, q in d.items():
            diff[x - y] = diff.get(x - y, 0) + p * q
    result = {"p_attacker_wins": sum((p for k, p in diff.items() if k > 0), Fraction(0)),
              "p_tie": diff.get(0, Fraction(0)),
              "p_defender_wins": sum((p for k, p in diff.items() if k < 0), Fraction(0))}
    for who, sign, armour in (("defender", 1, defender_armour), ("attacker", -1, attacker_armour)):
        hits: Pmf = {}
        for k, p in diff.items():
            h = max(sign * k, 0)
            hits[h] = hits.get(h, 0) + p
        hits = dict(sorted(hits.items()))
        p_kill = melee_kill_chance(rules, armour)
        outcomes: dict[tuple[int, int], Fraction] = {}
        for h, p in hits.items():
            for kills, q in binomial(h, p_kill).items():
                if q:
                    key = (kills, h - kills)
                    outcomes[key] = outcomes.get(key, 0) + p * q
        result[f"{who}_hits"] = hits
        result[f"{who}_outcomes"] = dict(sorted(outcomes.items()))
        result[f"{who}_expected_hits"] = mean(hits)
        result[f"{who}_expected_kills"] = sum((k * p for (k, _), p in outcomes.items()),
                                              Fraction(0))
        result[f"{who}_expected_suppressions"] = sum((s * p for (_, s), p in outcomes.items()),
                                                     Fraction(0))
    return result


# ---- recruitment, hostages, businesses -----------------------------------------------------------

def recruits_per_set_pmf(rules: GFRules, blocks: int) -> Pmf:
    """New elements one gang gains at the end of a set while holding ``blocks`` blocks: one
    D(recruit_die) (text: D3) plus, per block, block_recruits[face - 1] for a D6 (text: 3-5 one
    recruit, 6 two). The max_elements cap is not applied."""
    total: Pmf = die(rules.recruit_die) if rules.recruit_die else {0: Fraction(1)}
    per_block: Pmf = {}
    for n in rules.block_recruits:  # one entry per D6 face
        per_block[n] = per_block.get(n, 0) + Fraction(1, 6)
    for _ in range(blocks):
        total = convolve(total, per_block)
    return total


def hostage_odds(rules: GFRules) -> dict:
    """A hostage crisis: the chance it ends (the ransom is paid) in each turn held 1..3, that
    it never does, and the expected ransom in cr (max(0, D6 x ransom_unit - ransom_decay x
    turns held)), with nothing when the crisis does not end."""
    going = Fraction(1)
    ends: Pmf = {}
    expected = Fraction(0)
    for t, need in enumerate(rules.hostage_needs, start=1):
        p = going * at_least(need)
        ends[t] = p
        ransom = sum((Fraction(max(0, f * rules.ransom_unit - rules.ransom_decay * t), 6)
                      for f in range(1, 7)), Fraction(0))
        expected += p * ransom
        going -= p
    return {"ends_in_turn": ends, "p_no_ransom": going, "expected_ransom": expected}


def business_set_odds(rules: GFRules) -> dict:
    """One set of a running business: the distribution of the income it pays (cr), its mean,
    and the chance of each doubles effect (BUSINESS_EFFECTS)."""
    income: Pmf = {}
    effects = {name: Fraction(0) for name in BUSINESS_EFFECTS}
    n = rules.business_dice
    for faces in _all_faces(n):
        p = Fraction(1, 6 ** n)
        pay = sum(faces) * rules.business_unit
        effect = "none"
        if n >= 2 and len(set(faces)) == 1:
            effect = BUSINESS_EFFECTS[rules.business_doubles[faces[0] - 1]]
        effects[effect] += p
        pay = {"closed": 0, "no_income": 0, "double_income": 2 * pay}.get(effect, pay)
        income[pay] = income.get(pay, 0) + p
    income = dict(sorted(income.items()))
    return {"income": income, "mean": mean(income), "effects": effects}


def _all_faces(n: int):
    if n == 0:
        yield ()
        return
    for rest in _all_faces(n - 1):
        for f in range(1, 7):
            yield (*rest, f)
