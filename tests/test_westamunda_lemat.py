"""Westamunda Le Mats (wm-8; rules text "Reloads", "Jams", the Le Mat's weapon paragraph;
docs/rules/westamunda.md rows 63, 84, 115 and 149): the kit the engine deals a Le Mat, its
reload dice against the exact odds, the barrel declared first or last in play, its two sets of
chambers jamming apart, the swap that fields one, and the gunfighter's second handgun.

A Le Mat is two kit slots side by side (engine.forces): its nine revolver chambers (row
``lemat``) and its shotgun barrel (a ``lemat_*`` round type, the other shell type in KALT), each
with its own rounds, box and jam markers; kit column KLINK names the other slot. One reloading
action (either slot) loads both with one roll of the turn's reload category and one reload die,
whose rounds go into the barrel and the chambers in the declared order (decision D_FIRST,
gunfighter weight ``barrel_first``): loaded last, the barrel gets a shell only when the die
outlasts the empty chambers. A failed roll loses what would have gone in (reload_loss 'die':
the rest of the die from the revolver rounds). Le Mats are rare: a gang fields one only with
setup_max_rarity 2 (a campaign's weapon, or a designer's what-if).

Statistical tests are seeded and state their false-alarm rate (1e-3 each).
"""

import dataclasses
from fractions import Fraction

import numpy as np
import pytest
from test_westamunda_engine import NAMES, R, agrees, lineups

from sim.core.params import ConfigError
from sim.westamunda import builds, odds
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import IGNITIONS, RELOAD_KINDS, WEAPON_COLUMNS, WEAPONS, WMRules

ALPHA = 1e-3
RARE = WMRules(setup_max_rarity=2)
STANDARD = E.standard_roster(R)
LEMAT = builds.swap(RARE, STANDARD, "lemat")
MANSTOPPER = builds.swap(RARE, STANDARD, "lemat_manstopper")
SCRIPTED = [name for name in NAMES if name != "random"]


def col(batch, name):
    return batch.sides[:, :, S.SIDE_NAMES.index(name)]


# ---------------------------------------------------------------- the kit


def test_the_swap_gives_the_first_handgun_s_place_and_boxes_and_a_box_of_shells():
    """builds.swap 'lemat': each fighter's revolver becomes a Le Mat, its box a box of Le Mat
    rounds, and a box of scatter shells comes with it ('lemat_manstopper': manstopper shells,
    listed among the weapons so the barrel starts with them); the gang costs $15 + $3 (or $5)
    more a fighter; at set-up (setup_max_rarity 0) a ConfigError names the rarity."""
    for roster, shell, extra in ((LEMAT, "lemat_scatter", 18), (MANSTOPPER, "lemat_manstopper", 20)):
        for before, after in zip(STANDARD, roster, strict=True):
            assert after.weapons[0] == "lemat" and after.weapons[1:] == tuple(
                w for w in before.weapons[1:]) + ((shell,) if shell == "lemat_manstopper" else ())
            assert after.boxes.count("lemat") == before.boxes.count("revolver")
            assert after.boxes.count(shell) == 1
        assert RARE.roster_cost(roster, "townsfolk") == \
            R.roster_cost(STANDARD, "townsfolk") + extra * len(STANDARD)
    with pytest.raises(ConfigError, match=r"lemat.*rare.*setup_max_rarity"):
        builds.swap(R, STANDARD, "lemat")


@pytest.mark.parametrize("roster,barrel", [(LEMAT, "lemat_scatter"),
                                           (MANSTOPPER, "lemat_manstopper")])
def test_forces_deals_the_chambers_and_the_barrel_two_linked_slots(roster, barrel):
    """engine.forces: slot 0 the chambers (9 loaded, 18 in the box), slot 1 the barrel (1 shell
    loaded, its box of 10), KLINK pointing at each other; the Winchester's slot unlinked. The
    manstopper gang's barrel has no other shell type (no scatter box)."""
    fm, kit = E.forces(RARE, (roster, roster))
    for a in range(fm.shape[0]):
        assert kit[a, 0, S.KW] == WEAPONS.index("lemat") and kit[a, 0, S.KLINK] == 1
        assert (kit[a, 0, S.KLOADED], kit[a, 0, S.KRESERVE]) == (9, 18)
        assert kit[a, 1, S.KW] == WEAPONS.index(barrel) and kit[a, 1, S.KLINK] == 0
        assert (kit[a, 1, S.KLOADED], kit[a, 1, S.KRESERVE], kit[a, 1, S.KALT]) == (1, 10, -1)
        assert (kit[a, 2:, S.KLINK] == -1).all()


def test_a_le_mat_with_both_shell_types_starts_with_the_first_and_carries_the_other():
    """A Le Mat listed with both shell types and a box of each: the barrel holds the first
    listed (manstopper here), the scatter box rides in KALT_RES."""
    r = STANDARD[0]._replace(weapons=("lemat", "lemat_manstopper", "lemat_scatter"),
                             boxes=("lemat", "lemat_scatter", "lemat_manstopper"))
    fm, kit = E.forces(RARE, ((r,) + STANDARD[1:], STANDARD))
    assert kit[0, 1, S.KW] == WEAPONS.index("lemat_manstopper")
    assert kit[0, 1, S.KALT] == WEAPONS.index("lemat_scatter")
    assert (kit[0, 1, S.KRESERVE], kit[0, 1, S.KALT_RES]) == (10, 10)


# ---------------------------------------------------------------- the reload against the odds


def _percussion():
    """The rules with a percussion Le Mat (its row loading chamber by chamber)."""
    rows = [list(r) for r in R.weapons]
    rows[WEAPONS.index("lemat")][WEAPON_COLUMNS.index("reload")] = RELOAD_KINDS.index("chamber")
    rows[WEAPONS.index("lemat")][WEAPON_COLUMNS.index("ignition")] = IGNITIONS.index("percussion")
    return WMRules(weapons=tuple(tuple(r) for r in rows))


@pytest.mark.parametrize("first", [True, False])
@pytest.mark.parametrize("empty,activity,rules", [
    (4, "walking", R), (9, "still", R), (2, "walking", WMRules(reload_loss="die")),
    (6, "walking", WMRules(reload_max_rounds=3)), (3, "walking", _percussion())])
def test_the_engine_s_le_mat_roll_matches_the_exact_odds(first, empty, activity, rules):
    """engine.simulate_le_mat (the engine's own _lemat_roll, 20,000 turns, BS 3) against
    odds.le_mat_reload's outcomes (chambers in, shell in, rounds lost, shells lost): a
    chi-square test at 1e-3. A percussion Le Mat loads one charge a turn (the first in the
    declared order) in both."""
    n = 20_000
    sim = E.simulate_le_mat(rules, n, 11, empty_chambers=empty, shotgun_first=first,
                            activity=activity, bs=3)
    exact = odds.le_mat_reload(empty, shotgun_first=first, activity=activity, bs=3, rules=rules)
    assert set(sim) <= set(exact), set(sim) - set(exact)
    keys = sorted(exact)
    assert sum(sim.values()) == n
    assert agrees([sim.get(k, 0) for k in keys], [float(exact[k]) for k in keys], ALPHA)


def test_loaded_last_the_barrel_waits_for_the_die_to_outlast_the_chambers():
    """The text's point, in exact odds: with 4 empty chambers, standing still, the barrel
    declared first is always loaded; declared last, only on a D8 of 5 or more (1/2); with 9
    empty, never."""
    def p_shell(**kw):
        return sum(p for (c, s, _, _), p in odds.le_mat_reload(**kw).items() if s)
    assert p_shell(empty_chambers=4, shotgun_first=True) == 1
    assert p_shell(empty_chambers=4, shotgun_first=False) == Fraction(1, 2)
    assert p_shell(empty_chambers=9, shotgun_first=False) == 0


# ---------------------------------------------------------------- in play

EAGER = {name: {"reload_at": 5} for name in SCRIPTED}  # reload after a few shots: many reloads
LAST = {name: {"reload_at": 5, "barrel_first": 0} for name in SCRIPTED}
ROW = {name: WEAPONS.index(name) for name in ("lemat", "lemat_scatter", "lemat_manstopper")}


def traced(rules, n, rosters, names=NAMES, overrides=None, seed=5):
    """[(batch, events)] of n traced fights cycling through every pairing of ``names``."""
    k, w = lineups(names, n, overrides)
    return [E.replay(rules, seed, 1, i, k[i], w[i], rosters=rosters)[:2] for i in range(n)]


# the Le Mat gang without its Winchesters: the gunfighters who close in (the rush, the flanker's
# flanking half) fire the barrel at short range and reload it (the patient aimer, 12" off, never
# fires it: its long range is 9")
HANDGUNS = tuple(r._replace(weapons=tuple(w for w in r.weapons if w != "winchester"),
                            boxes=tuple(b for b in r.boxes if b != "winchester")) for r in LEMAT)


@pytest.fixture(scope="module")
def first_fights():
    return traced(RARE, 150, (HANDGUNS, HANDGUNS), SCRIPTED, EAGER)


@pytest.fixture(scope="module")
def last_fights():
    return traced(RARE, 150, (HANDGUNS, HANDGUNS), SCRIPTED, LAST)


def _reloads(fights):
    """Le Mat RELOAD events: (fighter, passed, die, shells in, order, rounds in)."""
    out = []
    for _, ev in fights:
        for row in ev[ev[:, 2] == S.Ev.RELOAD]:
            f = int(row[1])
            a, b, c, d, e, f5, g, h, i9 = (int(v) for v in row[3:12])
            if g:
                out.append((f, c, d, e, g, h))
    return out


def test_le_mats_fire_both_sets_of_chambers_and_reload_both(first_fights):
    """In 150 fights of the scripted gunfighters (reload at 5 rounds or fewer), Le Mat gangs
    (handguns only) on both sides: the barrel fires and the chambers fire; every Le Mat reload
    is one RELOAD event with its order, the barrel declared first whenever it was empty (a
    shell went in or the roll failed); shells go in (lemat_shells_loaded equals the RELOAD
    events' shells); no barrel is left short."""
    shots = {"barrel": 0, "chambers": 0}
    for _, ev in first_fights:
        for row in ev[ev[:, 2] == S.Ev.SHOT]:
            if row[4] == ROW["lemat_scatter"]:
                shots["barrel"] += 1
            elif row[4] == ROW["lemat"]:
                shots["chambers"] += 1
    assert shots["barrel"] >= 100 and shots["chambers"] >= 500, shots
    rel = _reloads(first_fights)
    assert len(rel) >= 20, len(rel)
    assert all(order == 1 for _, ok, _, shell, order, _ in rel if shell), \
        "the scripted gunfighters declare an empty barrel first"
    shells = sum(b.sides[0, :, S.S_LEMAT_SHELLS].sum() for b, _ in first_fights)
    assert shells == sum(s for _, ok, _, s, _, _ in rel if ok) >= 10
    assert sum(b.sides[0, :, S.S_LEMAT_SHORT].sum() for b, _ in first_fights) == 0


def test_declared_last_a_short_die_leaves_the_barrel_empty(last_fights):
    """With weight barrel_first 0 every Le Mat reload is declared last; passed reloads with the
    barrel empty load its shell only when the die outlasts the empty chambers, and the tidy
    lemat_barrel_short counts the rest (some, in 150 fights)."""
    rel = _reloads(last_fights)
    assert rel and all(order == 2 for *_, order, _ in rel)
    for _, ok, die, shell, _, put in rel:
        assert not ok or shell == 0 or die > put, "the shell comes after the chambers"
    short = sum(b.sides[0, :, S.S_LEMAT_SHORT].sum() for b, _ in last_fights)
    assert short >= 5, short


def test_a_jammed_barrel_leaves_the_chambers_firing():
    """The text: a Le Mat jams only the set of chambers the ammo roll was for. From the traces
    (Le Mat gangs, ammo rolls called on a 5 or 6 to hit so that jams are common): shots from the chambers while the barrel has a jam marker, and none from
    a part while that part is jammed."""
    rules = dataclasses.replace(RARE, ammo_on=5)
    fights = traced(rules, 120, (LEMAT, LEMAT), SCRIPTED, EAGER)
    while_jammed = 0
    for _, ev in fights:
        jams = {}
        for row in ev:
            f, kind = int(row[1]), int(row[2])
            a, b, c, d = (int(v) for v in row[3:7])
            if kind == S.Ev.AMMO and d == 0:
                jams[f, a] = jams.get((f, a), 0) + 1
            elif kind == S.Ev.CLEAR:
                jams[f, a] = d
            elif kind == S.Ev.SHOT and b in (ROW["lemat"], ROW["lemat_scatter"]):
                own, other = (0, 1) if b == ROW["lemat"] else (1, 0)
                assert jams.get((f, own), 0) == 0, "a jammed part does not fire"
                while_jammed += jams.get((f, other), 0) > 0
    assert while_jammed >= 5, while_jammed


def test_a_gunfighter_never_pairs_a_le_mat_with_its_own_barrel():
    """Two handguns at once (the gunfighter skill) means two guns: a gunfighter shootist whose
    only handgun is a Le Mat fires no second handgun (its barrel is not one: with long guns
    only as two handguns, two_weapons_long_guns off, no second gun at all; with the rule on
    every pair holds his long gun, one-handed, wm-21); given a revolver besides, he fires second
    handguns,
    never one part of a Le Mat after its other part."""
    handguns_only = dataclasses.replace(RARE, two_weapons_long_guns=False)
    for extra, expect_some, rules in (((), False, handguns_only), ((), None, RARE),
                                      (("revolver",), True, RARE)):
        shootist = LEMAT[1]._replace(weapons=LEMAT[1].weapons + extra,
                                     boxes=LEMAT[1].boxes + extra, skills=("gunfighter",))
        rosters = ((LEMAT[0], shootist) + LEMAT[2:], LEMAT)
        fights = traced(rules, 80, rosters, SCRIPTED)
        off = sum(b.sides[0, 0, S.S_OFF_HAND] for b, _ in fights)
        if expect_some is not None:
            assert (off > 0) == expect_some, off
        else:  # every pair has a long gun fired one-handed (his Winchester and the Le Mat)
            for _, ev in fights:
                shots = ev[ev[:, 2] == S.Ev.SHOT]
                for j in np.flatnonzero(shots[:, 9] & S.SH_OFF_HAND):
                    firer = shots[j, 1]
                    before = [i for i in range(j) if shots[i, 1] == firer]
                    assert shots[j, 9] & S.SH_ONE_HAND or \
                        (before and shots[before[-1], 9] & S.SH_ONE_HAND), shots[j]
        for _, ev in fights:
            shots = ev[ev[:, 2] == S.Ev.SHOT]
            for prev, row in zip(shots[:-1], shots[1:], strict=True):
                if row[9] & S.SH_OFF_HAND and prev[1] == row[1]:
                    pair = {int(prev[4]), int(row[4])}
                    assert not pair <= set(ROW.values()), "a Le Mat paired with itself"


# ---------------------------------------------------------------- gang building (audit of wm-8)


def test_a_hired_fighter_s_kit_obeys_set_up_s_rarity_limit():
    """A hired gun whose configured kit holds a Le Mat is refused at set-up (setup_max_rarity 0:
    the error names the hire, the weapon, its rarity and the kit's key); allowed at 2."""
    kits = ((WEAPONS.index("lemat"), -1, -1),) + R.hired_gun_kits[1:]
    rules = dataclasses.replace(R, hire_a="hired_gun_1", hired_gun_kits=kits)
    with pytest.raises(ConfigError, match=r"hired_gun with lemat: it is rare.*setup_max_rarity"
                                          r".*hired_gun_kits"):
        builds.side_roster(rules, "a")
    ok = builds.side_roster(dataclasses.replace(rules, setup_max_rarity=2), "a")
    assert "lemat" in ok[-1].weapons


@pytest.mark.parametrize("swap", ["lemat", "lemat_manstopper"])
def test_a_gunfighter_with_a_le_mat_gets_his_second_handgun(swap):
    """The gunfighter skill's second gun (builds.with_skill) counts guns, not shell types: with
    a manstopper Le Mat (listed with its shell row) he still gets a second Le Mat."""
    rules = WMRules(setup_max_rarity=2, swap_a=swap, skill_a="gunfighter", gang_budget=3000)
    shootist = builds.side_roster(rules, "a")[1]
    assert shootist.skills == ("gunfighter",) and shootist.weapons.count("lemat") == 2


def test_a_le_mat_is_a_normal_revolver_for_each_has_one():
    """setup_handgun_rule 'each_has_one' (every starting fighter carries a small or normal
    revolver): a Le Mat is a normal revolver (the text's class), so the Le Mat gang passes."""
    rules = WMRules(setup_max_rarity=2, setup_handgun_rule="each_has_one")
    assert rules.roster_problem(builds.swap(rules, STANDARD, "lemat"), "townsfolk") is None
