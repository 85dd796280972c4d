"""Westamunda bows (wm-6; docs/rules/westamunda.md, the bow row, rows 32 and 252, "The typical
build"): bows seen in play, their dice against the exact odds, the quiver's limit, the arm lock,
the typical builds that field them, the bow swap and the rule check on a quiver's capacity.

The bow (native war band only): 8/16", 0/-1 to hit, S3, ammo roll 2+, one arrow on the string
and a quiver (a box) of 12, reload kind 'quiver': no reloading action, each shot nocks the next
arrow, so an archer looses at most 1 + 12 x his quivers in a fight; in the wet (heavy rain, or
once pinned or down in water; deep wading too under immersion_trigger 'any_water') its ammo roll
is bow_wet_ammo (4+); two hands, so not with an arm locked. The independent trace auditor
(``_audit`` in tests/test_westamunda_engine.py) checks each of these on every traced fight
below from the events, rosters and rules alone (each bow ammo roll's need, no RELOAD of a bow,
the arrows loosed against those carried, no bow shot with an arm locked) besides every other
rule it follows, and returns the counts and lists the tests here read; fights played under
other bow rules fail it.

The fights: the native war band's typical gang (tomahawks, bows for two gangers in three, a
quiver each) against the townsfolk's typical gang, every ordered pairing of the gunfighters,
dry, in heavy rain and across a river. Statistical tests are seeded and state their
false-alarm rate (1e-3 each). With the engine compiled (cached), the file takes about 15 s.
"""

import collections
import dataclasses

import pytest
from test_westamunda_engine import WM21, R, audit_fails, audited

from helpers import binom_p, hits_at_exact_odds
from sim.core.params import ConfigError
from sim.westamunda import api, builds
from sim.westamunda import engine as E
from sim.westamunda.rules import (
    GANG_TYPES,
    RELOAD_KINDS,
    WEAPON_COLUMNS,
    WEAPONS,
    Recruit,
    WMRules,
)

ALPHA = 1e-3
NATIVE = builds.build(R, "typical", "native_war_band")
TOWN = builds.build(R, "typical", "townsfolk")
TYPES = ("native_war_band", "townsfolk")
BOW = R.weapon("bow")
RAIN = WMRules(heavy_rain=True)
N_FIGHTS = 96


def _weapons_with(name, **changes):
    """The weapon table with weapon ``name``'s columns changed."""
    rows = [list(r) for r in R.weapons]
    for col, v in changes.items():
        rows[WEAPONS.index(name)][WEAPON_COLUMNS.index(col)] = v
    return tuple(tuple(r) for r in rows)


def archers(quivers, n=8):
    """A native war band of n archers (tomahawk and bow), ``quivers`` bow boxes each."""
    return tuple(Recruit(t, ("tomahawk", "bow"), ("bow",) * quivers)
                 for t in ("leader", "shootist") + ("ganger",) * (n - 2))


def summed(per):
    """The auditor's per-fight counts summed (lists joined)."""
    total = collections.Counter()
    lists = collections.defaultdict(list)
    for seen in per:
        for name, v in seen.items():
            if isinstance(v, list):
                lists[name] += v
            else:
                total[name] += v
    for name, v in lists.items():
        total[name] = v
    return total


@pytest.fixture(scope="module")
def typical():
    """The auditor's counts, fight by fight, of 96 traced fights of the native typical gang
    (side A) against the townsfolk typical gang, every ordered pairing of the gunfighters
    (seed 5; about 2 s)."""
    return [audited(R, N_FIGHTS, (NATIVE, TOWN), types=TYPES, seed=5, games=[i])
            for i in range(N_FIGHTS)]


@pytest.fixture(scope="module")
def rain():
    """The auditor's counts over the same pairings in heavy rain (seed 6)."""
    return audited(RAIN, N_FIGHTS, (NATIVE, TOWN), types=TYPES, seed=6)


# ---------------------------------------------------------------- bows in play


def test_bows_are_loosed_in_most_fights_and_the_quivers_run_down(typical):
    """In most fights the war band's archers loose arrows (seen: 90 of 96 fights, 11 arrows a
    fight); every archer carries the arrow on the string and 12 a quiver (the typical build:
    one or two quivers each); arrows beyond the first are nocked from the quiver (archers
    loosing two or more: seen 288 of 672) and no bow is ever reloaded (the auditor: no RELOAD on a
    bow's slot, never more arrows than carried)."""
    shots = [seen["bow_shots"] for seen in typical]
    assert sum(s > 0 for s in shots) >= 0.75 * N_FIGHTS, shots
    assert sum(shots) >= 6 * N_FIGHTS, sum(shots)
    total = summed(typical)
    use = total["bow_use"]
    n_archers = sum(1 for r in NATIVE if "bow" in r.weapons)
    assert len(use) == n_archers * N_FIGHTS
    quivers = collections.Counter(r.boxes.count("bow") for r in NATIVE if "bow" in r.weapons)
    assert {carried for _, carried in use} == {BOW["capacity"] + q * BOW["box_rounds"]
                                               for q in quivers}
    assert min(quivers) >= 1  # a quiver each
    assert all(loosed <= carried for loosed, carried in use)
    from_quiver = sum(loosed >= 2 for loosed, _ in use)
    assert from_quiver >= 0.25 * len(use), (from_quiver, len(use))
    assert total["bow_shots"] == sum(loosed for loosed, _ in use) == len(total["bow_rolls"])


def test_a_hired_scouts_bow_in_a_townsfolk_gang():
    """The scout's kit 3 (a small revolver and a bow) is fielded: three hired scouts in a
    townsfolk gang loose arrows, audited like the war band's (48 fights, seed 5)."""
    seen = audited(WMRules(hire_a="scout_3", hire_count_a=3), 48, "rules", seed=5)
    assert seen["bow_shots"] > 0 and seen["native_rolls"] > 0
    assert {carried for _, carried in seen["bow_use"]} == {BOW["capacity"] + BOW["box_rounds"]}


# ---------------------------------------------------------------- the bow's dice, exactly


def test_the_bows_ammo_roll_passes_five_in_six_dry(typical):
    """Dry, every bow ammo roll needs 2+ (the auditor asserts the need): passes fit 5/6 (exact
    binomial, false-alarm rate 1e-3); none is wet."""
    total = summed(typical)
    rolls = total["bow_ammo"]
    assert len(rolls) == total["bow_ammo_rolls"] >= 100
    assert {need for need, _ in rolls} == {BOW["ammo"]} and total["wet_bow_rolls"] == 0
    passed = sum(ok for _, ok in rolls)
    assert binom_p(passed, len(rolls), 5 / 6) > ALPHA, (passed, len(rolls))


def test_in_heavy_rain_the_bows_ammo_roll_passes_half_the_time(rain):
    """Heavy rain: every bow ammo roll needs bow_wet_ammo (4+, the text's "2+ becomes 4+"):
    passes fit 1/2 (exact binomial, false-alarm rate 1e-3)."""
    rolls = rain["bow_ammo"]
    assert len(rolls) == rain["wet_bow_rolls"] >= 100
    assert {need for need, _ in rolls} == {RAIN.bow_wet_ammo} == {4}
    passed = sum(ok for _, ok in rolls)
    assert binom_p(passed, len(rolls), 1 / 2) > ALPHA, (passed, len(rolls))


@pytest.mark.parametrize("trigger", ["pinned_or_down", "any_water"])
def test_in_a_river_an_archer_gets_wet_as_the_immersion_reading_says(trigger):
    """Across a river (96 fights, seed 8; seed 6 until wm-15's stray shots, whose fights then
    showed no archer pinned or down in water rolling): under 'pinned_or_down' archers who waded
    deep water keep the dry 2+ (seen 38 rolls) and only those pinned or down in water roll 4+
    (seen 2); under 'any_water' wading deep water makes every later roll 4+ (seen 36 of 36
    rolls after wading; the auditor asserts each roll's need)."""
    rules = WMRules(waterway="river", rough_patches=10, immersion_trigger=trigger)
    seen = audited(rules, N_FIGHTS, (NATIVE, TOWN), types=TYPES, seed=8)
    assert seen["waded_bow_rolls"] > 0 and seen["wet_bow_rolls"] > 0
    needs = collections.Counter(need for need, _ in seen["bow_ammo"])
    assert needs[rules.bow_wet_ammo] == seen["wet_bow_rolls"]
    if trigger == "any_water":
        assert seen["wet_bow_rolls"] >= seen["waded_bow_rolls"]
    else:
        assert needs[BOW["ammo"]] > 0  # dry rolls after wading (waded, not wet)


def test_bow_shots_hit_at_the_exact_odds(typical, rain):
    """A plain bow shot at short range (no snap, aim, cover or target modifier: the bow's 0)
    needs the archer's BS on the ladder (rules.needed(BS, 0): 4+ for BS 3); every bow shot's
    need is the one the auditor rebuilt, and the hits of the short-range shots of each need
    seen 30 times or more fit (7 - need) / 6 (exact binomial per need, false-alarm rate 1e-3
    each, up to five tests)."""
    rolls = summed(typical)["bow_rolls"] + rain["bow_rolls"]
    plain = [(need, bs) for need, _, _, short, bs in rolls if short and bs >= 0]
    assert len(plain) >= 30
    assert all(need == R.needed(bs, BOW["hit_short"]) for need, bs in plain)
    pairs = [(n, hit) for n, _, hit, short, _ in rolls if short]
    assert hits_at_exact_odds(pairs, R.p_needed, ALPHA) >= 3


@pytest.mark.parametrize("played,against,why", [
    (dataclasses.replace(RAIN, bow_wet_ammo=2), RAIN, "a bow's ammo roll"),
    (dataclasses.replace(RAIN, bow_wet_ammo=6), RAIN, "a bow's ammo roll"),
    (WMRules(weapons=_weapons_with("bow", ammo=3)), R, "a bow's ammo roll"),
    (WMRules(weapons=_weapons_with("bow", reload=RELOAD_KINDS.index("rounds"))), R,
     "a bow is never reloaded")],
    ids=["rain-ignored", "wetter", "dry-need", "reloaded"])
def test_the_auditor_rejects_fights_played_under_other_bow_rules(played, against, why):
    """The auditor has teeth: fights the engine plays with the bow's wet need ignored or
    changed, its dry need changed, or the bow reloaded like a gun (reload 'rounds': a D8 of
    arrows a reloading action), audited against the rules as they are, fail the audit on the
    bow's own check within 48 fights."""
    if not audit_fails(played, against, 48, why, (NATIVE, TOWN), types=TYPES):
        pytest.fail("48 fights played under other bow rules pass the audit")


# ---------------------------------------------------------------- the quiver's limit


def test_without_a_quiver_an_archer_looses_one_arrow():
    """Archers with a bow and no quiver against the townsfolk typical gang (48 fights, seed 5):
    each looses at most the arrow on his string (the auditor asserts no more and no RELOAD);
    that one arrow empties his bow, and many do loose it (seen 260 of 384)."""
    seen = audited(R, 48, (archers(0), TOWN), types=TYPES, seed=5)
    use = seen["bow_use"]
    assert {carried for _, carried in use} == {1}
    assert max(loosed for loosed, _ in use) == 1
    assert seen["bows_emptied"] == sum(loosed for loosed, _ in use) >= 100


def test_with_one_quiver_an_archer_looses_at_most_thirteen():
    """Archers with one quiver each on both sides in the shoot-out fought in turns (48 fights,
    seed 5): long duels where some archers loose all 13 arrows (1 + 12) and none more (the
    auditor), with no RELOAD."""
    rules = WMRules(scenario="shoot_out", shootout_order="turns")
    seen = audited(rules, 48, (archers(1), archers(1)),
                   types=("native_war_band", "native_war_band"), seed=5)
    use = seen["bow_use"]
    assert {carried for _, carried in use} == {13}
    assert max(loosed for loosed, _ in use) == 13
    assert seen["bows_emptied"] > 0


# ---------------------------------------------------------------- the arm lock


def test_an_archer_with_an_arm_locked_never_shoots_his_bow():
    """Five wrasslers (pugilists, a brawler gang) against archers with a quiver each: locks
    whose archers act again (charge, move, watch) and never shoot the bow with an arm locked
    (the auditor asserts it on each bow SHOT; seen 11 such actions in 96 fights, seed 5).
    Melee hits 'one' and faces that seldom put a man down keep the locked alive."""
    rules = WMRules(melee_hits="one", injury_faces=(0, 0, 0, 0, 2, 2), max_specialists=5,
                    gang_budget=1500, **WM21)  # (wm-21's sample)
    brawlers = api.gangs(WMRules(skill_a="wrassler", build_a="brawlers",
                                 build_b="brawlers"))[0][0]
    wrasslers = tuple(r._replace(type="pugilist", skills=("wrassler",)) if 1 <= i <= 5 else r
                      for i, r in enumerate(brawlers))
    assert rules.roster_problem(wrasslers, "townsfolk") is None
    seen = audited(rules, N_FIGHTS, (wrasslers, archers(1)), types=("townsfolk",
                                                                      "native_war_band"))
    assert seen["arm_locks"] > 0 and seen["bow_shots"] > 0
    assert seen["locked_archer_actions"] >= 3, seen["locked_archer_actions"]


# ---------------------------------------------------------------- builds, swap, rules


@pytest.mark.parametrize("gang_type", GANG_TYPES)
def test_every_typical_build_is_legal_and_fielded(gang_type):
    """Each gang type's typical build is a legal roster within gang_budget that the engine
    deploys; the war band's carries bows (two gangers in three), a quiver with each bow."""
    roster = builds.build(R, "typical", gang_type)
    assert R.roster_problem(roster, gang_type) is None
    assert R.roster_cost(roster, gang_type) <= R.gang_budget
    E.forces(R, (roster, roster), (gang_type, gang_type))
    bows = [r for r in roster if "bow" in r.weapons]
    if gang_type == "native_war_band":
        assert len(bows) >= 4
        assert all(r.boxes.count("bow") >= r.weapons.count("bow") for r in bows)
    else:
        assert not bows


def test_the_bow_swap_replaces_the_war_bands_long_guns():
    """builds.swap 'bow' into the war band's standard gang puts a bow in place of every long
    gun, its boxes becoming quivers: a legal roster the engine deploys."""
    base = builds.build(R, "standard", "native_war_band")
    out = builds.swap(R, base, "bow", "native_war_band")
    assert R.roster_problem(out, "native_war_band") is None
    E.forces(R, (out, TOWN), TYPES)
    kinds = {name: R.weapon(name)["kind"] for r in out for name in r.weapons}
    assert not [n for n, k in kinds.items() if k == R.weapon("winchester")["kind"]]
    for before, after in zip(base, out, strict=True):
        longs = [w for w in before.weapons if R.weapon(w)["kind"] == R.weapon("winchester")
                 ["kind"]]
        assert after.weapons.count("bow") == len(longs)
        assert after.boxes.count("bow") == sum(before.boxes.count(w) for w in set(longs))


def test_the_bow_swap_is_refused_for_a_townsfolk_gang():
    """Bows are the war band's alone (weapon column 'gangs'): the swap into a townsfolk gang is
    refused naming the gang and the restriction."""
    with pytest.raises(ConfigError) as e:
        builds.swap(R, builds.build(R, "standard", "townsfolk"), "bow", "townsfolk")
    msg = str(e.value)
    assert "bow" in msg and "townsfolk" in msg and "'gangs'" in msg, msg


@pytest.mark.parametrize("name", ["bow", "winchester"])
def test_a_quiver_holds_one_arrow_on_the_string(name):
    """A weapons row with reload 'quiver' and a capacity other than 1 is refused naming the
    row (WMRules.problem, and validate raising ConfigError)."""
    quiver = RELOAD_KINDS.index("quiver")
    rules = dataclasses.replace(R, weapons=_weapons_with(name, reload=quiver, capacity=2))
    msg = rules.problem()
    assert msg == f"weapons row {name}: reload 'quiver' needs capacity 1", msg
    with pytest.raises(ConfigError, match=f"weapons row {name}"):
        rules.validate()
