"""Westamunda rule parameters: defaults, validation, the weapon table's sanity and the text's
anchors, gang building, and the exact dice helpers."""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F
from pathlib import Path

import pytest

from sim.core.params import ConfigError, build, describe
from sim.westamunda.rules import (
    FIGHTERS,
    GANG_TYPES,
    IGNITIONS,
    RARITY,
    RELOAD_KINDS,
    ROUND_OF,
    VERSION,
    WEAPON_COLUMNS,
    WEAPON_KINDS,
    WEAPONS,
    Recruit,
    WMRules,
)

ROOT = Path(__file__).resolve().parents[1]
R = WMRules()
DOC = ROOT / "docs" / "rules" / "westamunda.md"


# ---- the rules class ------------------------------------------------------------------------------

def test_defaults_pass_and_round_trip():
    assert VERSION == "wm-27"
    assert R.problem() is None
    assert R.validate() is R
    assert R.round_limit == R.max_turns
    assert WMRules(**R.as_dict()) == R
    assert build(WMRules, R.as_dict(), "test") == R


def test_every_parameter_has_a_reason_and_is_in_the_coverage_table():
    doc = DOC.read_text()
    for entry in describe(WMRules):
        assert entry["doc"].strip(), entry["name"]
        assert f"`{entry['name']}`" in doc, f"{entry['name']} missing from docs/rules/westamunda.md"


def test_coverage_table_rows_are_numbered_in_order():
    rows = [line.split("|")[1].strip() for line in DOC.read_text().splitlines()
            if line.startswith("| ") and line.split("|")[1].strip().isdigit()]
    assert [int(r) for r in rows] == list(range(1, len(rows) + 1))
    assert len(rows) >= 300
    statuses = {"modelled", "abstracted", "left out", "blank", "not yet"}
    for line in DOC.read_text().splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 6 and cells[1].isdigit():
            assert any(s in cells[4] for s in statuses), line
            assert cells[5] in ("1", "later", "—", "1 / later"), line


def test_fields_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        R.players = 3  # type: ignore[misc]


@pytest.mark.parametrize("key,value,allowed", [
    ("scenario", "duel", "'gang_fight', 'shoot_out'"),
    ("native_injury", "twice", "'injury_roll', 'serious_injury', 'both', 'best_of_two', 'none'"),
    ("players", 3, "from 2 to 2"),
    ("second_die_needs", (4, 5, 6, 8), "from 1 to 7"),
    ("sfd_faces", (1, 1, 2, 2, 3, -2), "from -1 to 6"),
    ("snap_modifier", 1, "from -6 to 0"),
    ("terrain_density", "jungle", "'open', 'light', 'medium', 'dense'"),
    ("reload_loss", "all", "'chambers', 'die'"),
    ("profiles", ((4, 4, 4, 3, 3, 1, 4, 1, 8),), "a table: rows of [M, WS, BS, S, T, W, I, A, Ld, cost]"),
    ("weapons", (("a",) * len(WEAPON_COLUMNS),), "a table: rows of [cost, box_cost"),
    ("max_young_blood_share", 1.5, "a probability from 0.0 to 1.0"),
    ("heavy_rain", "yes", "true or false"),
    ("seven_plus_reading", "open", "'capped', 'chain'"),
    ("sfd_shots_reading", "all", "'dice_only', 'plus_base'"),
    ("sfd_jam_reading", "all", "'die_only', 'stops_all'"),
    ("perc_wet_stacking", "max", "'cumulative', 'largest'"),
    ("best_save", 0, "from 1 to 6"),
    ("melee_tie_hits", 4, "from 0 to 3"),
    ("encumbered_penalty", 1, "from -3 to 0"),
])
def test_bad_value_names_key_and_allowed(key, value, allowed):
    with pytest.raises(ConfigError) as e:
        build(WMRules, {key: value}, "test")
    assert f"test.{key}" in str(e.value) and allowed in str(e.value)


def test_unknown_key_is_named_with_a_suggestion():
    with pytest.raises(ConfigError, match=r"unknown rule parameter 'aim_bonus_mx'.*did you mean 'aim_bonus_max'"):
        build(WMRules, {"aim_bonus_mx": 2}, "test")


def _weapons_with(name, **changes):
    rows = [list(r) for r in R.weapons]
    for col, v in changes.items():
        rows[WEAPONS.index(name)][WEAPON_COLUMNS.index(col)] = v
    return tuple(tuple(r) for r in rows)


@pytest.mark.parametrize("values,expect", [
    ({"aim_arc_deg": 120}, r"aim_arc_deg \(120\) is wider than fire_arc_deg \(90\)"),
    ({"aim_bonus_per_turn": 4, "aim_bonus_max": 3}, r"aim_bonus_per_turn \(4\) exceeds aim_bonus_max"),
    ({"very_difficult_cost": 1}, r"very_difficult_cost \(1\) is below difficult_cost"),
    ({"drown_out_on": (4, 5)}, r"drown_out_on \(4, 5\): expected deep water"),
    ({"second_die_needs": (5, 4, 6, 7)}, r"second_die_needs .*non-decreasing"),
    ({"second_die_needs": (4, 5, 6)}, r"second_die_needs \(4, 5, 6\): expected 4 entries"),
    ({"injury_faces": (0, 1, 1, 1, 1)}, r"injury_faces .*expected 6 entries, one per D6 face"),
    ({"sfd_faces": (-1, -1, -1, -1, -1, -1)}, r"sfd_faces .*at least one face that fires"),
    ({"reload_category_of": (0, 0, 1, 1, 1, 1, 2, 2)}, r"reload_category_of .*one per activity"),
    ({"weapons": _weapons_with("winchester", short_in=30)},
     r"weapons row winchester: short_in 30, long_in 24; expected 0 < short_in < long_in"),
    ({"weapons": _weapons_with("revolver", kind=9)},
     r"weapons row revolver: kind 9; expected one of 0 \(melee\), 1 \(thrown\)"),
    ({"weapons": _weapons_with("revolver", capacity=0)},
     r"weapons row revolver: a firearm needs capacity >= 1"),
    ({"weapons": _weapons_with("springfield", capacity=2)}, r"weapons row springfield: reload 'single' needs capacity 1"),
    ({"weapons": _weapons_with("bowie", short_in=2, long_in=4)},
     r"weapons row bowie: a hand-to-hand weapon has short_in and long_in 0"),
    ({"weapons": _weapons_with("buffalo_gun", cost=0)}, r"weapons row buffalo_gun: cost 0; expected at least 1"),
    ({"weapons": _weapons_with("bow", ammo=1)}, r"weapons row bow: ammo 1; expected 0 \(none\) or a D6 score 2 to 6"),
    ({"weapons": _weapons_with("bow", gangs=64)}, r"weapons row bow: gangs 64; expected a bitmask from 0 to 31"),
    ({"weapons": R.weapons[:-1]}, r"weapons: expected 38 rows \(knife, .*dynamite\) of 21 numbers"),
    ({"skill_access": ((3, 3, 2, 2, 5, 2, 3, 1),) + R.skill_access[1:]},
     r"skill_access row townsfolk .*summing to 20"),
    ({"profiles": ((4, 4, 4, 3, 3, 0, 4, 1, 8, 120),) + R.profiles[1:]},
     r"profiles row leader: W 0; expected at least 1"),
    ({"hired_gun_kits": ((-1, -1, -1),) + R.hired_gun_kits[1:]}, r"hired_gun_kits row \(-1, -1, -1\):.*at least one weapon"),
    ({"gang_budget": 100}, r"gang_budget \(100\): the cheapest legal gang costs 195"),
    ({"dynamite_radius_in": (1.0, 2.0)}, r"dynamite_radius_in \(1.0, 2.0\): expected 6 entries, one per bundle"),
    ({"dynamite_radius_in": (1.0, 1.5, 2.0, 2.5, 3.0, 2.0)}, r"dynamite_radius_in .*non-decreasing radii"),
])
def test_bad_combination_names_key_and_allowed(values, expect):
    with pytest.raises(ConfigError, match=expect):
        build(WMRules, values, "test")


def test_problem_checks_codes_when_built_directly():
    # the constructor skips the per-value bounds; problem() and validate() still name the codes
    bad = WMRules(injury_faces=(0, 1, 1, 1, 1, 3))
    assert bad.problem().startswith("injury_faces (0, 1, 1, 1, 1, 3): each entry one of 0 (flesh_wound)")
    with pytest.raises(ConfigError, match=r"westamunda rules: injury_faces .*2 \(out_of_action\)"):
        bad.validate()
    assert WMRules(shootist_skills=(0, 99)).problem() == (
        "shootist_skills (0, 99): each entry a code from 0 to 18 (index into SKILLS)")


# ---- the weapon table --------------------------------------------------------------------------------

# every weapon the issue lists, and the rows that stand for it
ISSUE_WEAPONS = {
    "small revolver": ("small_revolver", "small_revolver_perc"),
    "normal revolver": ("revolver", "revolver_perc"),
    "large revolver": ("large_revolver", "large_revolver_perc"),
    "Saturday night special": ("saturday_night_special",),
    "pistols": ("pistol", "pepperbox", "heavy_pistol"),
    "Le Mat": ("lemat", "lemat_scatter", "lemat_manstopper"),
    "Winchester and other lever actions": ("winchester", "henry"),
    "Spencer": ("spencer",),
    "Springfield and other single-shot breech-loaders": ("springfield", "sharps_carbine", "breech_rifle"),
    "buffalo gun": ("buffalo_gun",),
    "shotgun with shell types": ("shotgun_scatter", "shotgun_manstopper"),
    "sawn-off with shell types": ("sawnoff_scatter", "sawnoff_manstopper"),
    "bow": ("bow",),
    "knives": ("knife",),
    "bowie": ("bowie",),
    "tomahawk": ("tomahawk", "tomahawk_thrown"),
    "sabre": ("sabre",),
    "lance": ("lance",),
    "dynamite": ("dynamite",),
}


def test_every_weapon_of_the_issue_has_rows():
    for what, rows in ISSUE_WEAPONS.items():
        for row in rows:
            assert row in WEAPONS, f"{what}: {row}"
    # percussion and cartridge both present among revolvers and single-shot long guns
    ign = {w: IGNITIONS[R.weapon(w)["ignition"]] for w in WEAPONS}
    assert {ign["revolver"], ign["revolver_perc"]} == {"cartridge", "percussion"}
    assert {ign["springfield"], ign["sharps_carbine"]} == {"cartridge", "percussion"}


def test_every_weapon_is_in_the_doc_weapon_table():
    doc = DOC.read_text().split("## The weapon table")[1].split("## Base rules")[0]
    for w in WEAPONS:
        assert f"| `{w}` |" in doc, w


@pytest.mark.parametrize("name", WEAPONS)
def test_weapon_rows_are_sane(name):
    w = R.weapon(name)
    kind = WEAPON_KINDS[w["kind"]]
    assert w["cost"] >= 0 and w["box_cost"] >= 0
    if name in ROUND_OF:
        assert w["cost"] == 0 and ROUND_OF[name] in WEAPONS
    elif name != "knife":
        assert w["cost"] > 0
    if kind == "melee":
        assert w["short_in"] == w["long_in"] == 0
        assert w["ammo"] == 0 and w["capacity"] == 0
    else:
        assert 0 < w["short_in"] < w["long_in"] <= 48
        assert -2 <= w["hit_short"] <= 2 and -2 <= w["hit_long"] <= 2
    if kind in ("handgun", "long_gun"):
        assert 1 <= w["strength"] <= 5
        assert 2 <= w["ammo"] <= 6
        assert w["capacity"] >= 1 and w["box_cost"] >= 1
        assert w["box_rounds"] >= min(w["capacity"], R.reload_max_rounds) and w["box_rounds"] >= 10
        assert IGNITIONS[w["ignition"]] != "none" and RELOAD_KINDS[w["reload"]] != "none"
        assert w["hands"] == (1 if kind == "handgun" else 2)
        assert w["box_cost"] < max(w["cost"], R.weapon(ROUND_OF.get(name, name))["cost"])
    if IGNITIONS[w["ignition"]] == "percussion":
        assert RELOAD_KINDS[w["reload"]] == "chamber"  # one chamber a turn (text)
    if RELOAD_KINDS[w["reload"]] == "single":
        assert w["capacity"] == 1 and w["sfd"] == 0
    assert w["save_mod"] <= 0 and w["damage"] in (0, 1)


def test_weapon_rows_hold_the_texts_numbers():
    s = {w: R.weapon(w)["strength"] for w in WEAPONS}
    assert s["revolver"] == 3  # the armour-penetration example: a normal revolver is D6 + 3
    assert s["shotgun_manstopper"] == 4  # both barrels: "S +1, ie. S5"
    assert s["shotgun_manstopper"] + R.double_both_strength == 5
    assert R.weapon("bow")["ammo"] == 2 and R.bow_wet_ammo == 4  # 2+ becomes 4+ in the wet
    assert R.weapon("lemat")["capacity"] == 9
    # the revolver classes differ in price, reload price, strength, availability; not in range
    classes = ("small_revolver", "revolver", "large_revolver")
    assert s["small_revolver"] < s["revolver"] < s["large_revolver"]
    assert [R.weapon(w)["cost"] for w in classes] == sorted(R.weapon(w)["cost"] for w in classes)
    for col in ("short_in", "long_in", "hit_short", "hit_long"):
        assert len({R.weapon(w)[col] for w in classes + ("revolver_perc", "small_revolver_perc",
                                                         "large_revolver_perc")}) == 1
    # sustained-fire dice: revolvers and multi-barrel pistols 1, lever rifles 2, single shots 0
    for w in ("small_revolver", "revolver", "revolver_perc", "large_revolver_perc", "pepperbox", "lemat"):
        assert R.weapon(w)["sfd"] == 1, w
    for w in ("winchester", "henry", "spencer"):
        assert R.weapon(w)["sfd"] == 2, w
    for w in ("pistol", "springfield", "sharps_carbine", "breech_rifle", "buffalo_gun", "hunting_rifle"):
        assert R.weapon(w)["sfd"] == 0, w
    # rarity: Le Mats, lever shotguns and dynamite rare; large revolvers scarce
    for w in ("lemat", "lever_shotgun_scatter", "dynamite"):
        assert RARITY[R.weapon(w)["rarity"]] == "rare", w
    assert RARITY[R.weapon("large_revolver_perc")["rarity"]] == "limited"
    # kickback examples: S2 firing the S4 Walker Dragoon, S3 firing an S5 gun
    assert s["large_revolver_perc"] - 2 >= R.kickback_gap and s["buffalo_gun"] - 3 >= R.kickback_gap
    assert s["revolver"] - 2 < R.kickback_gap  # a young blood's Peacemaker does not kick him over
    # cavalry carbines knock men down; Winchesters do not
    assert s["springfield"] >= R.knockdown_strength > s["winchester"]
    # sawn-offs are long guns (the one-handed -2 applies), Le Mats handguns (it does not)
    assert WEAPON_KINDS[R.weapon("sawnoff_scatter")["kind"]] == "long_gun"
    assert WEAPON_KINDS[R.weapon("lemat_scatter")["kind"]] == "handgun"
    assert R.has_flag("saturday_night_special", "concealed")
    assert R.has_flag("revolver_perc", "spare_cylinder") and R.has_flag("spencer", "tube_magazine")
    assert not R.has_flag("revolver", "spare_cylinder")


def test_dynamite_and_thrown_ranges():
    assert R.throw_range(3) == (4.0, 8)  # 2 x S + 2
    assert R.throw_range(4) == (5.0, 10)
    assert (R.weapon("dynamite")["short_in"], R.weapon("dynamite")["long_in"]) == R.throw_range(3)
    assert R.dynamite_radius_in == (1.0, 1.5, 2.0, 2.5, 3.0, 3.5) and R.dynamite_strength == 3


# ---- gang building ---------------------------------------------------------------------------------

def test_cheapest_legal_gang_fits_the_budget():
    cheapest = R.cheapest_gang()
    assert [r.type for r in cheapest] == ["leader", "young_blood", "ganger"]
    assert R.roster_cost(cheapest) == 120 + 25 + 50 <= R.gang_budget
    for gang in GANG_TYPES:
        if gang != "cavalry":
            assert R.roster_problem(cheapest, gang) is None, gang
    # the cavalry's cheapest gang carries its kit
    kit = ("revolver", "springfield")
    cavalry = tuple(Recruit(r.type, kit) for r in cheapest)
    assert R.roster_problem(cheapest, "cavalry").startswith("leader: a cavalry recruit must carry")
    assert R.roster_problem(cavalry, "cavalry") is None
    assert R.roster_cost(cavalry) == 195 + 3 * (15 + 20) <= R.gang_budget


def _fighter(kind, long_gun=None, horse=False):
    weapons = ("revolver",) + ((long_gun,) if long_gun else ())
    return Recruit(kind, weapons, weapons, horse=horse)


def test_the_texts_gang_sizes():
    # eight well-armed fighters with cash to spare; no horses; four or five riders
    eight = ([_fighter("leader", "winchester"), _fighter("shootist", "winchester")]
             + [_fighter("ganger", "winchester")] * 2 + [_fighter("ganger")] * 2
             + [_fighter("young_blood")] * 2)
    assert R.roster_problem(eight, "ranch_hands") is None
    assert R.roster_cost(eight) == 764
    mounted8 = [r._replace(horse=True) for r in eight]
    assert R.roster_cost(mounted8) > R.gang_budget
    assert "more than gang_budget" in R.roster_problem(mounted8, "ranch_hands")
    five = [_fighter("leader", horse=True), _fighter("shootist", horse=True)] + [
        _fighter("ganger", horse=True)] * 3
    assert R.roster_problem(five, "ranch_hands") is None and R.roster_cost(five) == 960


@pytest.mark.parametrize("roster,gang,expect", [
    ([Recruit("leader"), Recruit("leader"), Recruit("ganger")], "townsfolk", "exactly one leader"),
    ([Recruit("leader"), Recruit("shootist"), Recruit("pugilist")], "townsfolk", "2 specialists"),
    ([Recruit("leader"), Recruit("young_blood"), Recruit("young_blood")], "townsfolk", "young bloods"),
    ([Recruit("leader", ("lemat",)), Recruit("ganger"), Recruit("ganger")], "townsfolk", "lemat is rare"),
    ([Recruit("leader", ("large_revolver_perc",)), Recruit("ganger"), Recruit("ganger")], "townsfolk",
     "large_revolver_perc is limited"),
    ([Recruit("leader", ("bow",)), Recruit("ganger"), Recruit("ganger")], "townsfolk", "bow is not for a townsfolk"),
    ([Recruit("leader", ("winchester", "buffalo_gun")), Recruit("ganger"), Recruit("ganger")], "frontier",
     "more long guns"),
    ([Recruit("leader", ("revolver",) * 3), Recruit("ganger"), Recruit("ganger")], "townsfolk",
     "3 holstered revolvers"),
    ([Recruit("leader", (), ("revolver",)), Recruit("ganger"), Recruit("ganger")], "townsfolk",
     "a box for revolver without the weapon"),
    ([Recruit("leader", ("revolver",), (), ("revolver",)), Recruit("ganger"), Recruit("ganger")], "townsfolk",
     "spare cylinders or tubes only"),
    ([Recruit("leader"), Recruit("ganger"), Recruit("ganger", mixed=True)], "cavalry", "mixed-heritage"),
    ([Recruit("leader"), Recruit("ganger"), Recruit("ganger"), Recruit("hired_gun"), Recruit("bounty_hunter")],
     "townsfolk", "hired guns and a bounty hunter"),
    ([Recruit("leader"), Recruit("ganger")], "townsfolk", "at least min_fighters"),
    ([Recruit("leader", ("shotgun_manstopper",)), Recruit("ganger"), Recruit("ganger")], "townsfolk",
     "needs its weapon shotgun_scatter"),
    ([Recruit("leader"), Recruit("ganger"), Recruit("ganger")], "outlaws", "gang type 'outlaws'"),
])
def test_illegal_rosters_are_named(roster, gang, expect):
    assert expect in R.roster_problem(roster, gang)


def test_roster_rules_follow_parameters():
    ok = [Recruit("leader", ("revolver",) * 3), Recruit("ganger"), Recruit("ganger")]
    assert WMRules(max_holstered=3).roster_problem(ok, "townsfolk") is None
    no_gun = [Recruit("leader"), Recruit("ganger", ("revolver",)), Recruit("ganger", ("revolver",))]
    assert R.roster_problem(no_gun, "townsfolk") is None
    assert "carries no small or normal revolver" in WMRules(
        setup_handgun_rule="each_has_one").roster_problem(no_gun, "townsfolk")
    rifle = [Recruit("leader", ("winchester",)), Recruit("ganger"), Recruit("ganger")]
    assert "a long gun at set-up" in WMRules(setup_handgun_rule="handguns_only").roster_problem(
        rifle, "townsfolk")
    rare = [Recruit("leader", ("lemat", "lemat_scatter")), Recruit("ganger"), Recruit("ganger")]
    assert WMRules(setup_max_rarity=2).roster_problem(rare, "townsfolk") is None
    hired = [Recruit("leader"), Recruit("ganger"), Recruit("ganger")] + [Recruit("hired_gun")] * 3
    assert R.roster_problem(hired, "townsfolk") is None  # several hired guns
    assert R.roster_cost(hired) == 220 + 3 * 30  # the fee covers kit, horse and reloads
    assert "max_hired_guns" in WMRules(max_hired_guns=2).roster_problem(hired, "townsfolk")
    spare = [Recruit("leader", ("revolver_perc",), ("revolver_perc",), ("revolver_perc",) * 2),
             Recruit("ganger"), Recruit("ganger")]
    assert R.roster_problem(spare, "townsfolk") is None
    assert R.fighter_cost(spare[0]) == 120 + 10 + 3 + 2 * R.preload_cost
    too_many = [spare[0]._replace(preloads=("revolver_perc",) * 3)] + spare[1:]
    assert "3 spare cylinders or tubes for revolver_perc" in R.roster_problem(too_many, "townsfolk")


def test_protagonisti_example_adds_up():
    base = sum(R.profile(t)["cost"] for t in ("leader", "shootist", "ganger"))
    assert base == 260  # the text's example
    left = R.gang_budget - 200 - base
    assert left == 540 and left // 3 // R.protagonisti_xp_cost == 18  # 18D6 each


def test_hired_kits_are_legal_weapons():
    for table in (R.hired_gun_kits, R.scout_kits):
        for row in table:
            names = [WEAPONS[c] for c in row if c >= 0]
            assert names and all(WEAPON_KINDS[R.weapon(n)["kind"]] != "explosive" for n in names)
    assert "bolas" in [WEAPONS[c] for c in R.bounty_hunter_kit]
    assert [R.profile(t)["cost"] for t in ("hired_gun", "bounty_hunter", "scout")] == [30, 70, 30]
    assert {FIGHTERS[i]: R.profiles[i][-1] for i in range(5)} == {
        "leader": 120, "shootist": 90, "pugilist": 90, "ganger": 50, "young_blood": 25}


# ---- dice --------------------------------------------------------------------------------------------

def test_seven_minus_rule_and_natural_one():
    assert [R.needed(bs) for bs in (1, 2, 3, 4, 5, 6)] == [6, 5, 4, 3, 2, 1]
    assert R.p_test(3) == F(1, 2) and R.p_test(4) == F(2, 3)
    assert R.p_test(3, -1) == F(1, 3)  # snap shot: BS 3 needs 5+ (the text's example)
    assert R.p_test(6) == R.p_test(9) == F(5, 6)  # a natural 1 always fails
    assert WMRules(natural_one_fails=False).p_test(6) == 1
    # over 6: a 6, then 4+, 5+, 6; 10 impossible
    assert [R.p_needed(n) for n in (7, 8, 9, 10, 11)] == [F(1, 12), F(1, 18), F(1, 36), 0, 0]
    assert R.p_test(3, -4) == F(1, 18)  # BS 3 at -4 needs 8
    literal = WMRules(second_die_needs=(1, 4, 5, 6))
    assert [literal.p_needed(n) for n in (7, 8, 9, 10)] == [F(1, 6), F(1, 12), F(1, 18), F(1, 36)]
    # the open-ended reading of the text's "etc.": 10 is a 6, a 6, then 4+; 13 one 6 more
    chain = WMRules(seven_plus_reading="chain")
    assert [chain.p_needed(n) for n in (7, 8, 9, 10, 11, 13)] == [
        F(1, 12), F(1, 18), F(1, 36), F(1, 72), F(1, 108), F(1, 432)]
    assert [R.second_need(n) for n in (7, 10, 11, 13)] == [4, 7, 8, 10]
    assert WMRules(second_die_needs=(7, 7, 7, 7), seven_plus_reading="chain").p_needed(7) == 0


def test_initiative_readings():
    assert R.p_test(3, initiative=True) == F(1, 2)  # I 3: 4, 5 or 6
    assert R.p_test(6, initiative=True) == F(5, 6)  # a 1 still fails
    under = WMRules(i_roll_reading="under")
    assert under.p_test(3, initiative=True) == F(1, 2) and under.p_test(6, initiative=True) == 1


def test_wound_chart_follows_its_rule_of_thumb():
    for s in range(1, 11):
        for t in range(1, 11):
            d = s - t
            expect = 4 if d == 0 else 3 if d == 1 else 2 if d >= 2 else 5 if d == -1 else \
                6 if d in (-2, -3) else 0
            assert R.wound_need(s, t) == expect, (s, t)


def test_reload_categories_and_moves():
    assert R.reload_category("still") == "auto" and R.reload_category("hiding") == "auto"
    assert R.reload_category("walking") == "roll" and R.reload_category("crawling") == "roll"
    assert R.reload_category("running") == "none" and R.reload_category("melee") == "none"
    assert R.reload_category("still", mounted=True) == "roll"  # a still horse: case 2
    assert R.reload_category("walking", mounted=True) == "none"
    assert R.move_rates(4) == (2, 4, 8)
    assert R.profile("leader")["M"] == 4 and R.horse_profile[0] == 8
