"""Westamunda rule parameters: every number the text states, every gap it leaves, and the base
Necromunda numbers it relies on without restating them.

Each field's doc says what the seed text says, or, where it is silent or contradicts itself, which
reading is the default and why; base-game numbers name their certainty mark in
``../shared/reference/necromunda_base.md`` ([V] seen in the rulebook, [S] seen in code or data,
[U] unverified). ``docs/rules/westamunda.md`` is the coverage table that points here; its sections
"What the text leaves blank", "Contradictions and readings" and "The weapon table" give the
reasons at length. The engine's first slice (``sim/westamunda/engine.py``, not yet a registered
game) and ``sim/westamunda/odds.py`` read every number from it (no number of the text may appear
in a kernel; the odds keep none of their own). Fields whose doc starts
"Later:" belong to the later phase (buildings, fire and explosives beyond dynamite throws, wagons,
the campaign).

The text prints no weapon numbers, so the weapon table (``weapons``, rows ``WEAPONS``, columns
``WEAPON_COLUMNS``) is data reasoned from its descriptions and the reference's analogues; every
number can be overridden like any parameter.

Codes used by the tuple and table parameters (index = code): fighter types ``FIGHTERS``, gang
types ``GANG_TYPES``, skill tables ``SKILL_TABLES``, skills ``SKILLS``, reload activities
``ACTIVITIES``, reload categories ``RELOAD_CATEGORIES``, injuries ``INJURIES``, cover ``COVER``,
weapon kinds ``WEAPON_KINDS``, ignition ``IGNITIONS``, reload kinds ``RELOAD_KINDS``, rarity
``RARITY``, weapon flags ``FLAGS`` (bit i = ``1 << i``), weapons ``WEAPONS`` (-1 = none in kit
tables), buildings ``BUILDINGS``, wagons ``WAGONS``, wagon hit locations ``WAGON_LOCATIONS``,
wagon parts ``WAGON_PARTS``.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import NamedTuple

from sim.core.params import ConfigError, param
from sim.core.tabletop.battlefield import DENSITIES

VERSION = "wm-27"

FIGHTERS = ("leader", "shootist", "pugilist", "ganger", "young_blood", "hired_gun", "bounty_hunter",
            "scout")
PROFILE_COLUMNS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "cost")
STATS = PROFILE_COLUMNS[:-1]
GANG_TYPES = ("townsfolk", "ranch_hands", "cavalry", "native_war_band", "frontier")
ALL_GANGS = (1 << len(GANG_TYPES)) - 1  # weapon column 'gangs': bit i = GANG_TYPES[i] may buy it
SKILL_TABLES = ("agility", "combat", "ferocity", "muscle", "shooting", "stealth", "techno", "riding")
SKILLS = ("hip_shooting", "marksman", "gunfighter", "nerves_of_steel", "dodge", "true_grit",
          "body_slam", "crushing_blow", "step_aside", "iron_jaw", "wrassler", "war_horse",
          "sure_footed", "ride_like_rooster", "fancy_ropin", "wagon_master", "bronco_buster",
          "prospector", "specialist")
# the skills a specialist may pick at set-up that the fight engine plays (the rest are riding and
# campaign skills: later)
FIGHT_SKILLS = SKILLS[:11]
# the riding skills the fight engine plays (wm-9: riding_skill_a / riding_skill_b); wagon master and
# bronco buster come with wagons and the campaign
RIDING_SKILLS = ("war_horse", "sure_footed", "ride_like_rooster", "fancy_ropin")
ACTIVITIES = ("still", "hiding", "observing", "crawling", "walking", "minor", "running",
              "climbing", "melee")
RELOAD_CATEGORIES = ("auto", "roll", "none")  # the text's cases 1), 2), 3)
INJURIES = ("flesh_wound", "down", "out_of_action")
COVER = ("none", "partial", "full")
WEAPON_KINDS = ("melee", "thrown", "handgun", "long_gun", "bow", "explosive")
IGNITIONS = ("none", "cartridge", "percussion")
RELOAD_KINDS = ("none", "rounds", "single", "chamber", "quiver")  # D8 rounds / whole load / one
# a turn / the next arrow nocked from the quiver with each shot (no reloading action)
RARITY = ("common", "limited", "rare")
FLAGS = ("user_strength", "parry", "template", "scatters", "double_barrel", "spare_cylinder",
         "tube_magazine", "lemat", "concealed", "fires_in_melee", "charge_strength", "entangle",
         "throw_by_strength", "needs_skill", "unmodelled", "held")
F = {name: 1 << i for i, name in enumerate(FLAGS)}
BUILDINGS = ("tent", "shack", "timber", "adobe", "stone")
WAGONS = ("small_one_horse", "small_two_horses", "large_two_horses", "large_four_horses",
          "stage_four_horses", "stage_six_horses")
WAGON_LOCATIONS = ("driver", "crew", "horses", "wagon")
WAGON_PARTS = ("traces", "wheels", "body")
SCENARIOS = ("gang_fight", "shoot_out")
# how a side spends its money (rule parameters build_a / build_b; sim/westamunda/builds.py)
BUILDS = ("standard", "handguns", "long_guns", "brawlers", "balanced", "crowd", "typical")
# hired fighters a side may take on (rule parameters hire_a / hire_b): a hired gun with kit k of
# hired_gun_kits, the bounty hunter, a scout with kit k of scout_kits
HIRES = ("none", "hired_gun_1", "hired_gun_2", "hired_gun_3", "hired_gun_4", "hired_gun_5",
         "bounty_hunter", "scout_1", "scout_2", "scout_3")
NATIVE_INJURY = ("injury_roll", "serious_injury", "both", "best_of_two", "none")

WEAPON_COLUMNS = (
    "cost",        # $ for the weapon (0: carried by everyone, or a round type of another row)
    "box_cost",    # $ for one box of reloads of this row's round (0: none needed)
    "box_rounds",  # rounds (arrows, shells) in a box
    "short_in",    # short range ends here (inches); 0 and 0 = hand-to-hand only
    "long_in",     # long range ends here: the weapon's maximum range
    "hit_short",   # to-hit modifier at short range
    "hit_long",    # to-hit modifier at long range
    "strength",    # S of a hit; with flag user_strength, added to the user's S
    "damage",      # wounds per unsaved wound
    "save_mod",    # added to the target's armour save (the text sells no armour)
    "ammo",        # ammo roll needed after a natural 6 to hit (0: none)
    "capacity",    # chambers, barrels or magazine rounds (0: none)
    "ignition",    # IGNITIONS code
    "reload",      # RELOAD_KINDS code
    "sfd",         # sustained-fire dice for blazing away / fanning (0: cannot)
    "hands",       # hands needed to fire or fight with it
    "kind",        # WEAPON_KINDS code
    "rarity",      # RARITY code
    "gangs",       # bitmask of GANG_TYPES that may buy it at set-up
    "calibre",     # rows with the same nonzero number share reloads; 0 = its own
    "flags",       # bitmask of FLAGS
)


def _w(cost=0, box_cost=0, box_rounds=0, short_in=0, long_in=0, hit_short=0, hit_long=0,
       strength=0, damage=1, save_mod=0, ammo=0, capacity=0, ignition="none", reload="none",
       sfd=0, hands=1, kind="melee", rarity="common", gangs=ALL_GANGS, calibre=0, flags=()):
    """One weapon row in WEAPON_COLUMNS order (codes given by name)."""
    bits = 0
    for flag in flags:
        bits |= F[flag]
    return (cost, box_cost, box_rounds, short_in, long_in, hit_short, hit_long, strength, damage,
            save_mod, ammo, capacity, IGNITIONS.index(ignition), RELOAD_KINDS.index(reload), sfd,
            hands, WEAPON_KINDS.index(kind), RARITY.index(rarity), gangs, calibre, bits)


_NATIVE = 1 << GANG_TYPES.index("native_war_band")
_CAVALRY = 1 << GANG_TYPES.index("cavalry")
_HAND = ("fires_in_melee",)

# The weapon table. Reasons per row in docs/rules/westamunda.md, "The weapon table". Anchors:
# the text's own numbers (normal revolver S3 from its armour-penetration example; manstopper S4
# since both barrels make it S5; bow ammo 2+; the kickback examples S2 firing S4 for
# the Walker Dragoon and S3 firing S5; cavalry carbines knock targets down, so S4), the
# reference's analogues (stub gun = revolver; autogun = lever carbine; needle rifle ranges =
# single-shot rifle; heavy stubber ranges = buffalo gun; shotgun shells; handbow; sword; club),
# and the text's scale: a $1000 gang buys eight well-armed fighters but no horses.
_WEAPON_ROWS = {
    # ---- hand-to-hand and thrown ----
    "knife": _w(strength=0, flags=("user_strength", "unmodelled")),
    "bowie": _w(cost=10, strength=1, flags=("user_strength", "unmodelled")),
    "tomahawk": _w(cost=10, strength=1, flags=("user_strength", "unmodelled")),
    "tomahawk_thrown": _w(short_in=4, long_in=8, hit_long=-1, strength=1, capacity=1,
                          kind="thrown", flags=("user_strength", "throw_by_strength")),
    "club": _w(cost=5, strength=0, flags=("user_strength",)),
    "sabre": _w(cost=10, strength=0, gangs=_CAVALRY, flags=("user_strength", "parry")),
    "lance": _w(cost=15, strength=1, gangs=_NATIVE,
                flags=("user_strength", "charge_strength")),
    "bolas": _w(cost=5, short_in=4, long_in=8, hit_long=-1, strength=0, capacity=1,
                kind="thrown", flags=("user_strength", "throw_by_strength", "entangle")),
    "lasso": _w(cost=5, short_in=4, long_in=8, hit_long=-1, strength=0, damage=0, capacity=1,
                kind="thrown",
                flags=("user_strength", "throw_by_strength", "entangle", "needs_skill", "held")),
    # ---- revolvers and pistols (stub-gun analogue: 0-8 / 8-16, 0 / -1) ----
    "small_revolver": _w(cost=10, box_cost=3, box_rounds=18, short_in=8, long_in=16, hit_long=-1,
                         strength=2, ammo=4, capacity=6, ignition="cartridge", reload="rounds",
                         sfd=1, kind="handgun", flags=_HAND),
    "small_revolver_perc": _w(cost=6, box_cost=2, box_rounds=18, short_in=8, long_in=16,
                              hit_long=-1, strength=2, ammo=5, capacity=6,
                              ignition="percussion", reload="chamber", sfd=1, kind="handgun",
                              flags=_HAND + ("spare_cylinder",)),
    "revolver": _w(cost=15, box_cost=5, box_rounds=18, short_in=8, long_in=16, hit_long=-1,
                   strength=3, ammo=4, capacity=6, ignition="cartridge", reload="rounds", sfd=1,
                   kind="handgun", calibre=1, flags=_HAND),
    "revolver_perc": _w(cost=10, box_cost=3, box_rounds=18, short_in=8, long_in=16, hit_long=-1,
                        strength=3, ammo=5, capacity=6, ignition="percussion", reload="chamber",
                        sfd=1, kind="handgun", calibre=2, flags=_HAND + ("spare_cylinder",)),
    "large_revolver": _w(cost=25, box_cost=8, box_rounds=18, short_in=8, long_in=16, hit_long=-1,
                         strength=4, save_mod=-1, ammo=4, capacity=6, ignition="cartridge",
                         reload="rounds", sfd=1, kind="handgun", rarity="limited", flags=_HAND),
    "large_revolver_perc": _w(cost=18, box_cost=5, box_rounds=18, short_in=8, long_in=16,
                              hit_long=-1, strength=4, save_mod=-1, ammo=5, capacity=6,
                              ignition="percussion", reload="chamber", sfd=1, kind="handgun",
                              rarity="limited", calibre=2, flags=_HAND + ("spare_cylinder",)),
    "saturday_night_special": _w(cost=5, box_cost=2, box_rounds=10, short_in=4, long_in=8,
                                 hit_long=-1, strength=2, ammo=5, capacity=2,
                                 ignition="cartridge", reload="rounds", sfd=1, kind="handgun",
                                 flags=_HAND + ("concealed", "unmodelled")),
    "pistol": _w(cost=5, box_cost=2, box_rounds=10, short_in=8, long_in=16, hit_long=-1,
                 strength=3, ammo=4, capacity=1, ignition="percussion", reload="chamber",
                 kind="handgun", flags=_HAND),
    "pepperbox": _w(cost=8, box_cost=3, box_rounds=12, short_in=4, long_in=8, hit_long=-1,
                    strength=2, ammo=6, capacity=5, ignition="percussion", reload="chamber",
                    sfd=1, kind="handgun", flags=_HAND),
    "heavy_pistol": _w(cost=15, box_cost=5, box_rounds=10, short_in=8, long_in=16, hit_long=-1,
                       strength=4, save_mod=-1, ammo=3, capacity=1, ignition="cartridge",
                       reload="single", kind="handgun", rarity="limited", flags=_HAND),
    "lemat": _w(cost=30, box_cost=5, box_rounds=18, short_in=8, long_in=16, hit_long=-1,
                strength=3, ammo=5, capacity=9, ignition="cartridge", reload="rounds", sfd=1,
                kind="handgun", rarity="rare", flags=_HAND + ("lemat",)),
    "lemat_scatter": _w(box_cost=3, box_rounds=10, short_in=4, long_in=9, hit_short=2,
                        hit_long=-1, strength=3, ammo=5, capacity=1, ignition="cartridge",
                        reload="rounds", kind="handgun", rarity="rare",
                        flags=("lemat", "template", "scatters")),
    "lemat_manstopper": _w(box_cost=5, box_rounds=10, short_in=4, long_in=9, hit_short=1,
                           hit_long=-1, strength=4, save_mod=-2, ammo=5, capacity=1,
                           ignition="cartridge", reload="rounds", kind="handgun", rarity="rare",
                           flags=("lemat",)),
    # ---- rifles and carbines ----
    "winchester": _w(cost=30, box_cost=6, box_rounds=20, short_in=12, long_in=24, hit_short=1,
                     strength=3, ammo=4, capacity=12, ignition="cartridge", reload="rounds",
                     sfd=2, hands=2, kind="long_gun"),
    "henry": _w(cost=25, box_cost=6, box_rounds=20, short_in=12, long_in=24, hit_short=1,
                strength=3, ammo=5, capacity=15, ignition="cartridge", reload="rounds", sfd=2,
                hands=2, kind="long_gun"),
    "spencer": _w(cost=25, box_cost=6, box_rounds=21, short_in=12, long_in=24, hit_short=1,
                  strength=4, save_mod=-1, ammo=4, capacity=7, ignition="cartridge",
                  reload="rounds", sfd=2, hands=2, kind="long_gun", flags=("tube_magazine",)),
    "springfield": _w(cost=20, box_cost=6, box_rounds=12, short_in=12, long_in=30, hit_short=1,
                      strength=4, save_mod=-1, ammo=4, capacity=1, ignition="cartridge",
                      reload="single", hands=2, kind="long_gun"),
    "sharps_carbine": _w(cost=15, box_cost=4, box_rounds=12, short_in=12, long_in=30,
                         hit_short=1, strength=4, save_mod=-1, ammo=4, capacity=1,
                         ignition="percussion", reload="chamber", hands=2, kind="long_gun"),
    "breech_rifle": _w(cost=25, box_cost=6, box_rounds=12, short_in=16, long_in=32, strength=4,
                       save_mod=-1, ammo=3, capacity=1, ignition="cartridge", reload="single",
                       hands=2, kind="long_gun"),
    "buffalo_gun": _w(cost=40, box_cost=10, box_rounds=10, short_in=20, long_in=40, hit_short=-1,
                      strength=5, save_mod=-2, ammo=3, capacity=1, ignition="cartridge",
                      reload="single", hands=2, kind="long_gun"),
    "hunting_rifle": _w(cost=15, box_cost=3, box_rounds=12, short_in=16, long_in=32, strength=4,
                        save_mod=-1, ammo=4, capacity=1, ignition="percussion",
                        reload="chamber", hands=2, kind="long_gun"),
    # ---- shotguns (reference shotgun shells: scatter +1/-1 S3, manstopper S4 save -2) ----
    "shotgun_scatter": _w(cost=20, box_cost=4, box_rounds=10, short_in=4, long_in=18,
                          hit_short=1, hit_long=-1, strength=3, ammo=4, capacity=2,
                          ignition="cartridge", reload="rounds", hands=2, kind="long_gun",
                          calibre=3, flags=("double_barrel", "template", "scatters")),
    "shotgun_manstopper": _w(box_cost=6, box_rounds=10, short_in=4, long_in=18, strength=4,
                             save_mod=-2, ammo=4, capacity=2, ignition="cartridge",
                             reload="rounds", hands=2, kind="long_gun", calibre=4,
                             flags=("double_barrel",)),
    "sawnoff_scatter": _w(cost=15, box_cost=4, box_rounds=10, short_in=4, long_in=9,
                          hit_short=2, hit_long=-1, strength=3, ammo=4, capacity=2,
                          ignition="cartridge", reload="rounds", hands=2, kind="long_gun",
                          calibre=3, flags=("double_barrel", "template", "scatters")),
    "sawnoff_manstopper": _w(box_cost=6, box_rounds=10, short_in=4, long_in=9, hit_short=1,
                             hit_long=-1, strength=4, save_mod=-2, ammo=4, capacity=2,
                             ignition="cartridge", reload="rounds", hands=2, kind="long_gun",
                             calibre=4, flags=("double_barrel",)),
    "lever_shotgun_scatter": _w(cost=35, box_cost=4, box_rounds=10, short_in=4, long_in=18,
                                hit_short=1, hit_long=-1, strength=3, ammo=5, capacity=5,
                                ignition="cartridge", reload="rounds", sfd=1, hands=2,
                                kind="long_gun", rarity="rare", calibre=3,
                                flags=("template", "scatters")),
    "lever_shotgun_manstopper": _w(box_cost=6, box_rounds=10, short_in=4, long_in=18,
                                   strength=4, save_mod=-2, ammo=5, capacity=5,
                                   ignition="cartridge", reload="rounds", sfd=1, hands=2,
                                   kind="long_gun", rarity="rare", calibre=4),
    # ---- bow and explosives ----
    "bow": _w(cost=5, box_cost=2, box_rounds=12, short_in=8, long_in=16, hit_long=-1,
              strength=3, ammo=2, capacity=1, reload="quiver", hands=2, kind="bow",
              gangs=_NATIVE),
    "dynamite": _w(cost=10, short_in=4, long_in=8, strength=3, capacity=1, kind="explosive",
                   rarity="rare", flags=("template", "scatters", "throw_by_strength")),
}
WEAPONS = tuple(_WEAPON_ROWS)
# Rows that are another row's round type or thrown use: bought with that row, cost 0 here.
ROUND_OF = {"tomahawk_thrown": "tomahawk", "lemat_scatter": "lemat", "lemat_manstopper": "lemat",
            "shotgun_manstopper": "shotgun_scatter", "sawnoff_manstopper": "sawnoff_scatter",
            "lever_shotgun_manstopper": "lever_shotgun_scatter"}

# Necromunda's wound chart (reference section 3, [V PS99; S TIB]): rows S 1..10, columns T 1..10,
# the D6 score needed; 0 = cannot wound.
_WOUND_CHART = (
    (4, 5, 6, 6, 0, 0, 0, 0, 0, 0),
    (3, 4, 5, 6, 6, 0, 0, 0, 0, 0),
    (2, 3, 4, 5, 6, 6, 0, 0, 0, 0),
    (2, 2, 3, 4, 5, 6, 6, 0, 0, 0),
    (2, 2, 2, 3, 4, 5, 6, 6, 0, 0),
    (2, 2, 2, 2, 3, 4, 5, 6, 6, 0),
    (2, 2, 2, 2, 2, 3, 4, 5, 6, 6),
    (2, 2, 2, 2, 2, 2, 3, 4, 5, 6),
    (2, 2, 2, 2, 2, 2, 2, 3, 4, 5),
    (2, 2, 2, 2, 2, 2, 2, 2, 3, 4),
)


def _ints(codes) -> str:
    return ", ".join(f"{i} ({c})" for i, c in enumerate(codes))


def _codes(*names, among=WEAPONS) -> tuple:
    return tuple(among.index(n) if n else -1 for n in names)


class Recruit(NamedTuple):
    """One fighter of a roster for :meth:`WMRules.roster_problem`: its FIGHTERS type, the weapons
    it carries (WEAPONS names; knives are free and need not be listed), one entry per box of
    reloads (the row whose rounds the box holds), spare cylinders or tubes (weapon names),
    whether it has a horse and saddle, whether it is a mixed-heritage recruit, and its skills
    (SKILLS names: at set-up only a specialist's one pick)."""

    type: str
    weapons: tuple = ()
    boxes: tuple = ()
    preloads: tuple = ()
    horse: bool = False
    mixed: bool = False
    skills: tuple = ()


_VALID: set = set()  # rules that passed validate() (at most 256 kept)


@dataclasses.dataclass(frozen=True)
class WMRules:
    """All Westamunda rules as data; a sweep may change any field without touching code."""

    # ---- the table and the scenario -----------------------------------------------------------
    players: int = param(2, "Gangs in a fight. The text is written for two players (its bar-room "
                         "variant for more is left out).", lo=2, hi=2)
    scenario: str = param(
        "gang_fight", "Victory conditions (the text refers to Necromunda's scenarios; its own "
        "scenario section is not in the seed): 'gang_fight' (fought until a gang fails a bottle "
        "test) or 'shoot_out' (a duel of shootout_fighters a side in the open).",
        choices=SCENARIOS)
    table_width_in: int = param(48, "Table width in inches (the text gives none; the issue's "
                                "4' x 4').", lo=24, hi=96)
    table_height_in: int = param(48, "Table depth in inches (as table_width_in).", lo=24, hi=96)
    table_setting: str = param(
        "town", "What the generated table shows (text: terrain suits the region and scenario): "
        "'town' (a street of buildings of the BUILDINGS classes with cover between) or 'open' "
        "(open ground with scattered cover and hills).", choices=("town", "open"))
    terrain_density: str = param("medium", "Amount of cover pieces on the generated table "
                                 "(shared tabletop densities).", choices=tuple(DENSITIES))
    waterway: str = param(
        "none", "Water on the table (text: players agree depths before play, so whether there is "
        "any is theirs to choose): 'none' (default: the reference findings are on dry tables), "
        "'stream' (a shallow stream, 2-3\" wide, across the middle: difficult ground) or 'river' "
        "(deep water, very difficult ground, with one or two shallow fords).",
        choices=("none", "stream", "river"))
    rough_patches: int = param(
        0, "Patches of difficult ground (scree, mud, scrub) on the generated table: the text "
        "names difficult and very difficult ground but draws no table (0: none).", lo=0, hi=40)
    maps: int = param(
        8, "Generated tables in a point's pool; each is also fought turned round, so every table "
        "is fought from both ends, and consecutive fights share one with the gunfighters "
        "swapped (fights on one table share its luck: reports cluster by it).", lo=1, hi=512)
    deploy_depth_in: int = param(8, "Depth of each gang's deployment zone from its table edge "
                                 "(the text uses Necromunda's scenarios; 8\" is one run).",
                                 lo=1, hi=24)
    max_turns: int = param(
        16, "Turns after which a fight stops as a draw (the text has no limit: a gang fight ends "
        "by bottle tests; the cap only stops endless stand-offs).", lo=1, hi=100)
    bottle_pct: int = param(25, "A gang tests to bottle out at the start of its turn once this "
                            "% of it is down or out of action (reference 6, [V]).", lo=1, hi=100)
    voluntary_bottle: bool = param(True, "A player may bottle out by choice (reference 6, [V]): "
                                   "when his gang's test is due, a gunfighter with weight "
                                   "bottle_at > 0 and that % down or out bottles out instead "
                                   "(every preset 0).")
    shootout_fighters: int = param(
        3, "Fighters a side in the shoot-out scenario (the text names 'Shoot Out' and fast-draw "
        "scenarios but gives no numbers).", lo=1, hi=10)
    shootout_distance_in: int = param(
        12, "Distance between the two lines at the start of a shoot-out: inside short range of "
        "a rifle, long range of a revolver (gap).", lo=2, hi=48)
    shootout_order: str = param(
        "i_plus_d6", "Who acts first in a shoot-out: 'i_plus_d6' (the text's fast-draw order, "
        "I + D6, highest first, ties acting together: the order it likens to 'the fast draw "
        "scenarios') or 'turns' (ordinary gang turns: the text's advice for a bar-room game of "
        "two players).", choices=("i_plus_d6", "turns"))
    shootout_reroll: bool = param(
        False, "The shoot-out's I + D6 scores are rolled again every round; off (default): the "
        "text's 'subsequent turns can be taken in this order': the first round's scores keep "
        "the order for the whole duel.")

    # ---- dice -------------------------------------------------------------------------------------
    needed_base: int = param(7, "A characteristic roll succeeds on a D6 of at least this minus "
                             "the score and modifiers (text: 7 minus the score).", lo=1, hi=12)
    natural_one_fails: bool = param(True, "A natural 1 always fails (text: on I and other rolls; "
                                    "reference 2.1 for shooting).")
    second_die_needs: tuple = param(
        (4, 5, 6, 7), "Needed 7, 8, 9 and 10: after a first D6 of 6, a second D6 needs this "
        "(text: 4+ after the 6 for a 7, 5+ for an 8; reference 2.2: 4, 5, 6, 10+ impossible). "
        "7 = impossible. The text's literal 'over 7' reading is (1, 4, 5, 6).", lo=1, hi=7)
    seven_plus_reading: str = param(
        "capped", "Needs past the second die (the text's 'etc.'): 'capped' (default: a second-die "
        "need of 7, or a need past second_die_needs, cannot succeed; reference 2.2: 10+ cannot "
        "hit) or 'chain' (open-ended: a second-die need above 6 is rolled again by the 6-then "
        "rule, so 10 is a 6, a 6, then 4+; past the list each point adds 1 to the last entry).",
        choices=("capped", "chain"))
    i_roll_reading: str = param(
        "seven_minus", "Initiative rolls: 'seven_minus' (text: I 3 passes on 4, 5, 6; a 1 "
        "fails) or 'under' (reference 4.1: D6 <= I, so a 1 passes).",
        choices=("seven_minus", "under"))
    ld_dice: int = param(2, "D6s of a leadership test, passed at or under Ld (reference 6, [V]).",
                         lo=1, hi=3)

    # ---- fighters ---------------------------------------------------------------------------------
    profiles: tuple = param(
        ((4, 4, 4, 3, 3, 1, 4, 1, 8, 120), (4, 3, 4, 3, 3, 1, 3, 1, 7, 90),
         (4, 4, 3, 3, 3, 1, 3, 1, 7, 90), (4, 3, 3, 3, 3, 1, 3, 1, 7, 50),
         (4, 2, 2, 3, 3, 1, 3, 1, 6, 25), (4, 3, 3, 3, 3, 1, 3, 1, 7, 30),
         (4, 4, 4, 3, 3, 1, 4, 1, 8, 70), (4, 3, 3, 3, 3, 1, 3, 1, 7, 30)),
        "Profiles and costs in $, rows " + ", ".join(FIGHTERS) + ". Text: leader as Necromunda, "
        "$120; specialists a ganger with BS 4 (shootist) or WS 4 (pugilist), $90; gangers $50 "
        "and young bloods $25 as Necromunda (reference 1, [V]/[S]); hire fees $30, $70, $30. "
        "Hired gun and scout: the reference's scum and ganger profile; bounty hunter: a gap, "
        "given the leader's profile (a fighter priced near a leader).",
        kind="table", columns=PROFILE_COLUMNS, lo=0, hi=1000)
    characteristic_max: tuple = param(
        (4, 6, 6, 4, 4, 3, 6, 3, 9), "Later: human maxima M WS BS S T W I A Ld for advances "
        "(reference 1: unresolved, recollection of the 1995 book [U]).", lo=0, hi=10)

    # ---- gang building -----------------------------------------------------------------------------
    gang_budget: int = param(1000, "Dollars to build a gang (text: $1000 in place of 1000 "
                             "credits; may be varied).", lo=0, hi=100_000)
    gang_a: str = param("townsfolk", "Gang type of side A (seat 0); the gang types are the "
                        "text's.", choices=GANG_TYPES)
    gang_b: str = param("townsfolk", "Gang type of side B (seat 1).", choices=GANG_TYPES)
    build_a: str = param(
        "standard", "How side A spends its money (sim/westamunda/builds.py): 'standard' (the "
        "$764 reference gang of docs/rules/westamunda.md: eight fighters with revolvers, four "
        "also with Winchesters), or a build policy spending gang_budget: " + ", ".join(BUILDS[1:])
        + ".", choices=BUILDS)
    build_b: str = param("standard", "How side B spends its money (as build_a).", choices=BUILDS)
    swap_a: str = param(
        "none", "A weapon swapped into side A's build (the weapon experiment): a handgun replaces "
        "each fighter's first handgun, a long gun each long gun, a hand weapon is added to every "
        "fighter, with boxes of rounds swapped alike ('none': no swap).",
        choices=("none",) + WEAPONS)
    swap_b: str = param("none", "A weapon swapped into side B's build (as swap_a).",
                        choices=("none",) + WEAPONS)
    skill_a: str = param(
        "auto", "The skill side A's specialist picks on recruitment (text: he 'can also pick a "
        "skill from the relevant skill charts'): 'auto' (specialist_pick for his type), 'none' "
        "(no skill, the wm-3 gangs), or a skill of shootist_skills (a shootist) or "
        "pugilist_skills (a pugilist); a skill his type may not pick is refused before any fight.",
        choices=("auto", "none") + SKILLS)
    skill_b: str = param("auto", "The skill side B's specialist picks (as skill_a).",
                         choices=("auto", "none") + SKILLS)
    riding_skill_a: str = param(
        "none", "A riding skill every fighter of side A has (a what-if: the text gives riding "
        "skills with experience, not at set-up; wm-9): 'none', 'war_horse' (a mounted charger "
        "keeps the charge bonus after the first round), 'sure_footed' (+sure_footed_bonus to his "
        "riding rolls), 'ride_like_rooster' (hands free in the saddle), or 'fancy_ropin' "
        "(entangling throws with a lasso, or bolas when he carries no lasso).",
        choices=("none",) + RIDING_SKILLS)
    riding_skill_b: str = param("none", "The riding skill every fighter of side B has (as "
                                "riding_skill_a).", choices=("none",) + RIDING_SKILLS)
    hire_a: str = param(
        "none", "Hired fighters side A takes on (text: hired guns, a bounty hunter, scouts, "
        "their fees paid from gang_budget, the build spending the rest): 'none', "
        "'hired_gun_<k>' (kit k of hired_gun_kits), 'bounty_hunter', 'scout_<k>' (kit k of "
        "scout_kits); hire_count_a of them.", choices=HIRES)
    hire_b: str = param("none", "Hired fighters side B takes on (as hire_a).", choices=HIRES)
    hire_count_a: int = param(1, "How many of hire_a side A takes on (a bounty hunter: at "
                              "most max_bounty_hunters).", lo=1, hi=10)
    hire_count_b: int = param(1, "How many of hire_b side B takes on (as hire_count_a).", lo=1,
                              hi=10)
    mounted_a: bool = param(
        False, "Side A rides (text: 'all characters can ride a horse'; $1000 buys four or five "
        "riders): every fighter of its own gang is bought a horse and saddle (horse_cost + "
        "saddle_cost; a cavalry gang's are issued under cavalry_horses) and the build spends "
        "what is left; its hired fighters ride the horses their fees include.")
    mounted_b: bool = param(False, "Side B rides (as mounted_a).")
    spares_a: int = param(
        0, "Spare pre-loaded cylinders or tubes side A buys for each gun of its own fighters that "
        "takes them (a percussion revolver's cylinders, a Spencer's tubes; preload_cost each, at "
        "most preload_max a gun), after any swap; spare boxes (beyond one a gun) are traded if "
        "the money is short.", lo=0, hi=10)
    spares_b: int = param(0, "Spare cylinders or tubes side B buys for each gun that takes them "
                          "(as spares_a).", lo=0, hi=10)
    dynamite_a: int = param(
        0, "Sticks of dynamite side A buys for each of its own fighters ($ the dynamite row's "
        "cost a stick; a designer's what-if: dynamite is rare, so setup_max_rarity must allow "
        "rare weapons), after any swap and spares; spare boxes (beyond one a gun) are traded if "
        "the money is short.", lo=0, hi=12)
    dynamite_b: int = param(0, "Sticks of dynamite side B buys for each of its own fighters (as "
                            "dynamite_a).", lo=0, hi=12)
    cavalry_horses: str = param(
        "issued", "A mounted cavalry gang's horses (text: 'provided with horses and saddles if "
        "the scenario requires it'): 'issued' (free) or 'bought' (paid from gang_budget as "
        "any gang's).", choices=("issued", "bought"))
    min_fighters: int = param(3, "Least fighters in a gang (reference 1, [V]).", lo=1, hi=20)
    max_specialists: int = param(1, "Specialists a gang may recruit (text: one and no more).",
                                 lo=0, hi=10)
    max_young_blood_share: float = param(
        0.5, "Young bloods may be at most this share of the gang (reference 1: juves at most "
        "half, [V]; the text lifts only their weapon limits).", kind="probability")
    young_blood_any_weapon: bool = param(True, "Young bloods may carry any weapon (text: no "
                                         "restriction on juves).")
    mixed_recruit_gangs: tuple = param(
        (1, 1, 0, 0, 1), "Gang types (" + ", ".join(GANG_TYPES) + ") that may recruit "
        "mixed-heritage fighters, 1 = yes (text: every gang but the native war band and the "
        "cavalry; they cost as gangers or young bloods).", lo=0, hi=1)
    setup_handgun_rule: str = param(
        "no_large", "The text: characters start with normal or small handguns. 'no_large' "
        "(default: a starting fighter's handguns are small or normal: no large revolvers or "
        "heavy pistols), 'each_has_one' (also, every starting fighter carries one), or "
        "'handguns_only' (starting fighters carry no long gun); 'any' lifts the limit (a "
        "designer's what-if, or a gang armed later in a campaign: large handguns allowed, "
        "within setup_max_rarity).",
        choices=("no_large", "each_has_one", "handguns_only", "any"))
    setup_max_rarity: int = param(
        0, "Rarest weapon a gang may buy at set-up, code " + _ints(RARITY) + " (text: no rare or "
        "excessively powerful weapons at set-up; large revolvers are scarce).", lo=0, hi=2)
    initial_load_free: bool = param(True, "Weapons start the fight fully loaded and that load is "
                                    "part of the weapon's price (text: loaded initially; price "
                                    "of the first load not stated).")
    cavalry_kit: tuple = param(
        _codes("revolver", "springfield"), "Weapons every cavalry recruit must carry, codes into "
        "WEAPONS (text: Army or Cavalry revolver, a Springfield carbine).", lo=0,
        hi=len(WEAPONS) - 1)
    cavalry_sabre: bool = param(False, "Every cavalry recruit must also carry a sabre (text: only "
                                "if the model carries one, so not required by default).")
    max_holstered: int = param(
        2, "Normal or large revolvers a fighter may carry (text: one per modelled holster, two "
        "need two holsters; the simulator's figures are assumed sculpted with two).", lo=1, hi=6)
    max_hideout: tuple = param((1, 1), "Small revolvers and Saturday night specials carried "
                               "besides holstered guns (text: one of each at most).", lo=0, hi=6)
    max_long_guns: int = param(1, "Long guns a fighter may carry (text: even a bounty hunter only "
                               "one at a time).", lo=0, hi=4)
    horse_cost: int = param(
        80, "Dollars for a horse (text: blank). A broken horse sells for $75 (bronco buster); "
        "$1000 must buy eight armed fighters but no horses, or four or five riders.", lo=0,
        hi=10_000)
    saddle_cost: int = param(20, "Dollars for a saddle (text: blank; a mount is then $100).",
                             lo=0, hi=10_000)
    preload_cost: int = param(
        10, "Dollars for a spare pre-loaded revolver cylinder or Spencer tube, refilled free "
        "between games (text: allowed, price blank).", lo=0, hi=1000)
    preload_max: int = param(2, "Spare cylinders or tubes per weapon (text: not limited; two keep "
                             "a percussion revolver in a fight).", lo=0, hi=10)
    skill_access: tuple = param(
        ((3, 3, 2, 2, 5, 2, 3, 0), (3, 2, 2, 3, 4, 1, 1, 4), (2, 3, 3, 2, 4, 1, 1, 4),
         (3, 4, 4, 1, 1, 4, 0, 3), (2, 2, 2, 3, 5, 4, 0, 2)),
        "Weights of each skill table (" + ", ".join(SKILL_TABLES) + ") per gang type (rows "
        + ", ".join(GANG_TYPES) + "); each row sums to 20 (text: the skill chart is 'attached' "
        "but missing; a changed tribal profile keeps the total at 20). Read as the chance of "
        "drawing a skill from that table; 0 = no access. Built from each gang's description.",
        kind="table", columns=SKILL_TABLES, lo=0, hi=20)
    native_injury: str = param(
        "injury_roll", "The native war band's (and native scouts') resilience (text: two "
        "serious-injury rolls for the downed or wounded, the better chosen, a Dead result standing). "
        "'injury_roll' (default, phase 1: the in-fight injury D6 rolled twice and the better "
        "kept, an out-of-action die on either standing), 'serious_injury' (literal: the "
        "post-game chart, later phase), 'both', 'best_of_two' (the better injury die, nothing "
        "stands) or 'none'.", choices=NATIVE_INJURY)

    # ---- hired guns, bounty hunters, scouts --------------------------------------------------------
    max_hired_guns: int = param(0, "Hired guns a gang may have (text: several; 0 = no limit but "
                                "the budget).", lo=0, hi=20)
    max_bounty_hunters: int = param(1, "Bounty hunters a gang may hire a game (text: one).",
                                    lo=0, hi=5)
    hired_with_bounty: bool = param(False, "A gang may have hired guns and a bounty hunter at "
                                    "once (text: no).")
    hire_at_setup: bool = param(True, "Hire fees may be paid from the starting $1000 (text: "
                                "hired as in Necromunda, which allows it).")
    hired_gun_kits: tuple = param(
        (_codes("revolver", "revolver", ""), _codes("revolver", "saturday_night_special", ""),
         _codes("revolver", "", "shotgun_scatter"), _codes("revolver", "", "buffalo_gun"),
         _codes("revolver", "", "winchester")),
        "The hired gun's five kits (text), columns handgun, second handgun, long gun; codes into "
        "WEAPONS, -1 none; knives always. The text allows small or normal revolvers: normal "
        "by default. Each weapon loaded, a box of reloads each (both shell types for the "
        "shotgun), a horse and saddle, all in the fee.", kind="table",
        columns=("handgun", "second", "long_gun"), lo=-1, hi=len(WEAPONS) - 1)
    hired_gun_bowie: bool = param(True, "The hired gun carries one bowie knife (text: may).")
    bounty_hunter_kit: tuple = param(
        _codes("bowie", "revolver", "small_revolver", "shotgun_scatter", "winchester", "bolas"),
        "The bounty hunter's weapons (text: knives, a bowie, a normal revolver and a small "
        "revolver or Saturday night special; a shotgun (both shells); a Winchester or buffalo "
        "gun with a telescopic sight, a lasso or bolas, a horse and saddle, a telescope).",
        lo=0, hi=len(WEAPONS) - 1)
    scout_kits: tuple = param(
        (_codes("tomahawk", "revolver", "winchester"), _codes("tomahawk", "revolver",
                                                              "hunting_rifle"),
         _codes("tomahawk", "small_revolver", "bow")),
        "The scout's kits (text: knives; a club, tomahawk or bowie; a small or medium revolver; "
        "a hunting rifle, Winchester or bow), columns hand weapon, handgun, long gun; codes "
        "into WEAPONS, -1 none.", kind="table", columns=("hand", "handgun", "long_gun"), lo=-1,
        hi=len(WEAPONS) - 1)
    hired_boxes: int = param(1, "Boxes of reloads per weapon that come with a hired fighter "
                             "(text: a full box).", lo=0, hi=10)
    hired_riding_faces: tuple = param(
        (5, 6), "Later: faces of the hired gun's advance die on which a riding skill may be "
        "taken instead (text: 5-6).", lo=1, hi=6)
    bounty_riding_faces: tuple = param((3, 4, 5, 6), "Later: the same for bounty hunters (text: "
                                       "3-6).", lo=1, hi=6)

    # ---- movement -----------------------------------------------------------------------------------
    crawl_in: int = param(2, "Crawl in inches a turn (text: 2\").", lo=0, hi=12)
    run_multiplier: int = param(2, "A run covers up to this many times M (text: M 4, running "
                                "4\" to 8\"); moving more than M is running.", lo=1, hi=4)
    run_reading: str = param(
        "distance", "What makes a fighter a runner (his shots snap shots, no reloading, a rapid "
        "target): 'distance' (default: the text's 'running (moving over 4\")', twice: a "
        "declared run counts once it has covered more than M, so one stopped within M, e.g. "
        "by run_stop_in, is a walk) or 'declared' (any declared run once under way, the base "
        "game's declared double move).", choices=("distance", "declared"))
    charge_multiplier: int = param(2, "A charge covers up to this many times M (reference 1.1).",
                                   lo=1, hi=4)
    run_stop_in: int = param(
        8, "A runner must stop on coming within this many inches of an enemy he can see "
        "(reference 1.1 [V]; the text keeps running 'as per normal'); 0 = no such stop.", lo=0,
        hi=24)
    ladder_climb_in: int = param(4, "Later: inches climbed up a ladder in a move (text: 4\").",
                                 lo=0, hi=12)
    difficult_cost: int = param(2, "Difficult ground costs this many inches per inch (text: "
                                "twice).", lo=1, hi=8)
    very_difficult_cost: int = param(4, "Very difficult ground costs this many inches per inch "
                                     "(text: four times).", lo=1, hi=16)
    free_obstacle_in: int = param(
        1, "Low pieces (fences, hedges, trees) no more than this many inches across their "
        "narrower side are crossed free (text: 'less than 1\" high and 1\" across'; a piece one "
        "1\" cell across stands for a thin one); wider ones are thickets, crossed at "
        "obstacle_cost.", lo=0, hi=6)
    obstacle_cost: int = param(
        2, "A thicket (a low piece wider than free_obstacle_in) costs this many inches per inch "
        "crossed (text: 'as in Necromunda'; the base rule is not in the reference, so as "
        "difficult ground).", lo=1, hi=8)

    # ---- water --------------------------------------------------------------------------------------
    pinned_water_cover: tuple = param(
        (1, 2), "Cover of a fighter pinned in shallow and in deep water, codes " + _ints(COVER)
        + " (text: partial, full).", lo=0, hi=2)
    drown_out_on: tuple = param(
        (5, 4), "Injury-roll score that puts a fighter wounded in shallow and in deep water out "
        "of action (text: 5+, 4+; a flesh wound stays on 1, down covers the rest).", lo=2, hi=6)
    melee_drowning: bool = param(
        False, "A hand-to-hand wound in water also uses drown_out_on; off (default): the text's "
        "'when rolling for the effect of a wounding shot', shots only.")
    water_recovery_drowning: bool = param(
        False, "A down fighter lying in water also uses drown_out_on for his recovery rolls "
        "(text: only the roll for the wounding shot).")
    bow_wet_ammo: int = param(4, "Bow ammo roll in rain or after falling in water (text: 2+ "
                              "becomes 4+; the need itself, never easier than the dry roll).",
                              lo=2, hi=7)
    perc_rain_ammo: int = param(1, "Percussion ammo rolls need this much more in heavy rain "
                                "(text: +1).", lo=0, hi=6)
    perc_water_ammo: int = param(2, "Percussion ammo rolls need this much more for the rest of "
                                 "the game once pinned or down in water (text: +2).", lo=0, hi=6)
    cart_water_ammo: int = param(1, "Cartridge ammo rolls need this much more for the rest of the "
                                 "game after immersion (text: +1).", lo=0, hi=6)
    perc_wet_stacking: str = param(
        "cumulative", "A percussion gun both in heavy rain and after its owner was pinned or down "
        "in water (text: silent): 'cumulative' (default: both penalties, +3, the text lists them "
        "as separate effects) or 'largest' (only the larger, +2).",
        choices=("cumulative", "largest"))
    immersion_trigger: str = param(
        "pinned_or_down", "What counts as immersion for cartridge weapons (text: not defined): "
        "'pinned_or_down' in water (default, the percussion rule's trigger) or 'any_water' "
        "(any move through deep water as well).", choices=("pinned_or_down", "any_water"))
    heavy_rain: bool = param(False, "Heavy rain for the whole fight (the text's weather tables "
                             "are not in the seed; off).")
    ammo_over_six: str = param(
        "seven_plus", "An ammo roll pushed above 6 by water (e.g. 6+ and +1): 'seven_plus' (the "
        "text's rule for any score over 6: a 6, then the second die) or 'fail' (always jams).",
        choices=("seven_plus", "fail"))

    # ---- shooting -----------------------------------------------------------------------------------
    fire_arc_deg: int = param(90, "Arc of fire in degrees (text: 90 normally).", lo=1, hi=360)
    aim_arc_deg: int = param(45, "Arc of fire while aiming, centred on the aiming point (text: "
                             "45).", lo=1, hi=360)
    snap_modifier: int = param(-1, "To-hit modifier of a snap shot (text: -1).", lo=-6, hi=0)
    shoot_during_move: bool = param(True, "A mover may shoot at any point of his move, as a snap "
                                    "shot (text: A to C via B, firing at B).")
    run_and_shoot: bool = param(True, "Runners may shoot, always as a snap shot (text; the base "
                                "game forbids shooting after running).")
    aim_bonus_per_turn: int = param(1, "To-hit bonus per turn spent aiming (text: +1, +2 after two "
                                    "turns).", lo=0, hi=6)
    aim_bonus_max: int = param(3, "Largest aiming bonus (text: +3 at most).", lo=0,
                               hi=6)
    aim_cap_reading: str = param(
        "aim", "What the +3 cap limits: 'aim' (default: the aiming bonus alone, the paragraph's "
        "subject) or 'total' (every bonus together, range and target size included).",
        choices=("aim", "total"))
    aim_lost_cover: str = param(
        "any", "Aim is lost when the target moves behind cover (text): 'any' cover it was not "
        "in when the aim began, or only 'full' cover.", choices=("any", "full"))
    overwatch_aim: bool = param(True, "Aiming on overwatch (text: allowed, declared at the start "
                                "of the turn).")
    emerging_modifier: int = param(-1, "Modifier for a target appearing or disappearing on "
                                   "overwatch (text: -1 for emerging; reference 2.3 [V]).", lo=-6,
                                   hi=0)
    cover_modifiers: tuple = param((-1, -2), "To-hit modifiers for partial and full cover "
                                   "(reference 2.3 [V]).", lo=-6, hi=0)
    charging_target_modifier: int = param(-1, "Overwatch shot at a charging target (reference "
                                          "2.3 [V]).", lo=-6, hi=0)
    rapid_target_in: int = param(10, "Under rapid_target_reading 'distance', a target that "
                                 "moved this far or more in its latest turn is rapid (reference "
                                 "2.3 [V]; on foot, with runs of at most 8\", only riders and "
                                 "sprinters reach it).", lo=1, hi=48)
    rapid_target_reading: str = param(
        "running", "Which targets take rapid_target_modifier: 'running' (default: a target that "
        "ran, by run_reading, in its latest turn, the move under fire included: the text counts "
        "'the speed of movement' among the modifiers of an overwatch shot at a running man in "
        "the open (Duck backs), which the reference's 10\" never gives a fighter on foot) or "
        "'distance' (moved rapid_target_in or more, reference 2.3 [V]).",
        choices=("running", "distance"))
    rapid_target_modifier: int = param(-1, "Modifier for a rapid target (reference 2.3 [V]).",
                                       lo=-6, hi=0)
    large_target_modifier: int = param(1, "Modifier for a large target, e.g. horse and rider "
                                       "(text: +1; reference 2.3).", lo=0, hi=6)
    small_target_modifier: int = param(-1, "Modifier for a small target, e.g. a fuse (reference "
                                       "2.3 [V]).", lo=-6, hi=0)
    closest_target_rule: bool = param(True, "Shoot the closest target unless another is easier "
                                      "to hit; down fighters may be ignored (reference 2.4 [V]).")
    stray_in: float = param(0.5, "Stray shots: the firer's friends within this many inches of "
                            "the line of fire (between firer and target) may be hit by a missed "
                            "shot of a gun or bow (reference 2.4 [V]).", lo=0.0, hi=6.0)
    stray_on: int = param(1, "Stray shots: D6 score at or under which a friend near the line of "
                          "a miss is hit, each friend in turn from the firer out, the first hit "
                          "taking the shot (reference: 1; 0: no stray shots, wm-14's "
                          "default).", lo=0, hi=6)
    stray_reading: str = param(
        "any_miss", "Which misses can stray (reference 2.4: sources disagree): 'any_miss' "
        "([V] QR) or 'natural_one' ([S] TIB).", choices=("any_miss", "natural_one"))
    one_hand_long_gun_mod: int = param(-2, "To-hit modifier of a long gun (sawn-offs included, "
                                       "Le Mats not) fired one-handed (text: -2).", lo=-6, hi=0)
    two_weapons_need_skill: bool = param(
        True, "Firing two weapons at once needs the gunfighter skill (text: the shootist's "
        "example skill; the long-gun paragraph's 'two at once, even' names no skill).")
    two_weapons_long_guns: bool = param(
        True, "A long gun may be one of two guns fired at once, fired one-handed at "
        "one_hand_long_gun_mod (text: a rifle may be fired one-handed, 'two at once, even'); "
        "off: two handguns only (rules wm-20).")
    gunfighter_modifier: int = param(0, "Extra to-hit modifier on the second of two guns fired "
                                     "at once with the skill (base skill not in the reference "
                                     "[U]; the first is fired as alone).", lo=-6, hi=0)
    quick_draw: bool = param(True, "A mover shot at from overwatch may try to beat the shooter to "
                             "the draw (text).")
    quick_draw_margin: int = param(1, "The mover's I must exceed the overwatcher's by at least "
                                   "this to try (text: higher; equal goes to overwatch).", lo=0,
                                   hi=10)
    quick_draw_pin_cancels: bool = param(
        True, "An overwatcher pinned or downed by the quick-draw shot loses his shot (text: "
        "'then fires as normal'; a pinned fighter cannot shoot in the base game).")
    quick_draw_fan: bool = param(
        False, "The quick-draw shot may be fanned or blazed (a burst, each shot a snap shot at "
        "sfd_modifier too); off (default): the text's mover 'can get a shot off first', one "
        "shot.")
    scope_short_factor: int = param(2, "A telescopic sight multiplies short range when the firer "
                                    "is stationary (reference 2.3 [S]).", lo=1, hi=4)
    scatter_radius_in: float = param(
        0.5, "Radius of the scatter-shell template around the point struck (text: 'the normal "
        "template'; reference 9.2: others within 1/2\" [S]).", lo=0.0, hi=3.0)
    template_base_in: float = param(
        0.5, "A fighter is under a scatter template when his point is within scatter_radius_in "
        "plus this of its centre: half the 1\" base a model stands on (the base touches the "
        "template). With the defaults a template on a fighter also catches anyone in base "
        "contact straight beside him (1\" away), not diagonally (1.4\").", lo=0.0, hi=1.0)
    scatter_faces: tuple = param(
        (2, 4, 6, 8, 10, 0), "Artillery-die faces for the scatter distance of missed template "
        "shots and throws; 0 = misfire: a thrown charge is a dud, a shell lands on the aim point "
        "(text: 'roll for scatter as normal').", lo=0, hi=20)
    scatter_halved: bool = param(True, "Scatter distance is half the artillery die (reference 2.4 "
                                 "[V] for grenades).")
    throw_range_per_s: int = param(2, "Thrown objects reach (this x S + throw_range_base)\" (text: "
                                   "2 x S + 2 for lamps, torches and bolas; also dynamite).", lo=0,
                                   hi=6)
    throw_range_base: int = param(2, "See throw_range_per_s (text: + 2).", lo=0, hi=12)
    thrown_tomahawks: bool = param(
        True, "A tomahawk can be thrown (weapon row tomahawk_thrown: (throw_range_per_s x S + "
        "throw_range_base)\", the thrower's S + 1; gone once thrown, his hand-to-hand then with "
        "the best hand weapon he still holds). Off: tomahawks fight hand-to-hand only (the wm-5 "
        "engine).")
    light_takes_turn: bool = param(
        True, "Lighting dynamite takes a turn with a BS roll, as reloading, and it is thrown in a "
        "later turn (text).")
    light_roll: str = param(
        "always", "The roll to light a bundle of dynamite: 'always' a BS test whatever he does "
        "(text, twice: 'a BS roll to light', 'with a successful BS roll'), the activity's reload "
        "category (reload_category_of, a horse one up, heavy rain one up) only saying whether he "
        "can light at all; 'category' as reloading: no roll in the automatic band.",
        choices=("always", "category"))
    unthrown_fuse: str = param(
        "explodes", "A lit bundle not thrown by the end of its holder's next turn (pinned, down, "
        "in hand-to-hand or out of action meanwhile, or no target): 'explodes' where he is (the "
        "text: a lit fuse sets the charge off, and only a shot or a blow puts one out); "
        "'snuffed' he pinches the fuse out, the sticks kept unlit.",
        choices=("explodes", "snuffed"))
    dynamite_bundle: int = param(
        6, "Sticks a fighter lights and throws as one bundle, at most (the text's table: 1 to 6 "
        "sticks, radius by sticks); with fewer left, all he has. 6: every stick he carries up to "
        "the table's largest bundle in one throw; 1: stick by stick.", lo=1, hi=6)

    # ---- the weapon table -----------------------------------------------------------------------------
    weapons: tuple = param(
        tuple(_WEAPON_ROWS.values()),
        "The weapon table (the text prints none: data reasoned from its descriptions and the "
        "reference's analogues, each number's reason in the coverage doc), rows "
        + ", ".join(WEAPONS) + "; columns " + ", ".join(WEAPON_COLUMNS) + ". Codes: ignition "
        + _ints(IGNITIONS) + "; reload " + _ints(RELOAD_KINDS) + "; kind " + _ints(WEAPON_KINDS)
        + "; rarity " + _ints(RARITY) + "; gangs a bitmask of " + _ints(GANG_TYPES) + "; flags "
        "a bitmask of " + _ints(FLAGS) + ". Round-type rows (" + ", ".join(ROUND_OF) + ") cost 0: "
        "they come with their weapon, their boxes are bought apart.",
        kind="table", columns=WEAPON_COLUMNS, lo=-10, hi=100_000)

    # ---- reloading ----------------------------------------------------------------------------------
    reload_die: int = param(8, "Die of rounds loaded (or lost) in one reload (text: D8).", lo=1,
                            hi=20)
    reload_max_rounds: int = param(8, "Most rounds one reload puts in (text: 8).", lo=1, hi=20)
    reload_and_fire: bool = param(False, "A fighter may both reload and shoot in a turn (text: no).")
    reload_category_of: tuple = param(
        (0, 0, 1, 1, 1, 1, 2, 2, 2), "Reload category of each activity (" + ", ".join(ACTIVITIES)
        + "), codes " + _ints(RELOAD_CATEGORIES) + " (text: 1) no other action or hiding; 2) "
        "walking up to M, observing, crawling, minor actions; 3) running, climbing, "
        "hand-to-hand).", lo=0, hi=2)
    mounted_reload_shift: int = param(1, "Categories a mounted fighter moves up (text: one: a "
                                      "still horse is case 2, anything more no reload).", lo=0,
                                      hi=2)
    reload_loss: str = param(
        "chambers", "Rounds lost on a failed reload roll (text: 'the same number'): 'chambers' "
        "(default: the D8 capped by empty chambers, as a success would load) or 'die' (the "
        "whole D8).", choices=("chambers", "die"))
    percussion_reload: str = param(
        "chamber", "Percussion loading: 'chamber' (text: one chamber or barrel a turn, no D8) "
        "or 'cartridge' (the text's option when every player agrees: D8 a turn).",
        choices=("chamber", "cartridge"))
    cylinder_fit: str = param(
        "whole", "A spare cylinder or tube fitted by a successful reload: 'whole' (default: it "
        "is one piece, every chamber comes loaded) or 'd8' (the D8 rule).",
        choices=("whole", "d8"))
    swap_reloads_in_play: bool = param(
        False, "Reloads may be handed between fighters during a fight (text: swappable between "
        "like weapons; when and how not said, so between fights only).")

    # ---- blazing away, fanning, shotguns ------------------------------------------------------------
    sfd_faces: tuple = param(
        (1, 1, 2, 2, 3, -1), "Sustained-fire die: shots per face; -1 = jam (no shots, an ammo "
        "roll) (reference 5.2 [V]: 1, 1, 2, 2, 3, jam).", lo=-1, hi=6)
    sfd_modifier: int = param(-1, "To-hit modifier of every blazing or fanning shot (text: -1).",
                              lo=-6, hi=0)
    sfd_shots_reading: str = param(
        "dice_only", "Shots when blazing away: 'dice_only' (default: the sustained-fire dice total, "
        "as Necromunda and the text's 'get a number of shots off by rolling SFD') or "
        "'plus_base' (the weapon's normal shot plus the dice).",
        choices=("dice_only", "plus_base"))
    sfd_jam_reading: str = param(
        "die_only", "A jam face on a sustained-fire die: 'die_only' (default: that die gives no "
        "shots, the other dice still fire; the text's example of 2 jams among 3 dice) or "
        "'stops_all' (any jam face means no shots at all, the 40K 2nd-edition way).",
        choices=("die_only", "stops_all"))
    sfd_spread_in: int = param(2, "Extra shots may go to targets within this many inches of the "
                               "first (text: 2\", closer than Necromunda's 4\").", lo=0, hi=12)
    sfd_limited_by_rounds: bool = param(
        True, "Blazing away fires no more shots than rounds loaded (text: expensive on ammo; "
        "what happens past the last round not said).")
    sfd_can_aim: bool = param(False, "Aiming bonuses apply to blazing or fanning (text: an aimed "
                              "shot is one shot 'in the normal way').")
    double_sequential_mod: int = param(-1, "To-hit modifier of both shots when firing both barrels "
                                       "one after the other (text: -1, akin to blazing away).",
                                       lo=-6, hi=0)
    double_second_within_in: int = param(2, "The second barrel's target is within this many "
                                         "inches of where the first struck (text: 2\").", lo=0,
                                         hi=12)
    double_both_mod: int = param(-1, "To-hit modifier when both barrels fire at once (text: -1, "
                                 "the bigger kick).", lo=-6, hi=0)
    double_both_strength: int = param(1, "Strength added to a manstopper fired from both barrels "
                                      "at once (text: +1, S5).", lo=0, hi=4)
    double_both_scatter_hits: int = param(3, "Sides of the die of hits on each target of a "
                                          "double scatter blast (text: D3).", lo=1, hi=6)
    double_both_ignores_cover: bool = param(True, "A double scatter blast ignores cover (text).")

    # ---- kickback, knockdown, ammo rolls, jams, duck backs ----------------------------------------
    kickback_gap: int = param(2, "A firer whose S is this much below the weapon's makes an S roll "
                              "or is pinned (text: 2).", lo=1, hi=10)
    knockdown_strength: int = param(4, "Hits of this S or more force an S roll against being "
                                    "knocked back (text: S4).", lo=1, hi=11)
    knockdown_in: int = param(2, "Inches a knocked-down target is thrown back along the line "
                              "of fire (text: 2\").", lo=0, hi=12)
    knockdown_when_down: bool = param(
        False, "A fighter already down when struck also tests against knockdown (the literal 'any "
        "character struck'); off (default): the test is 'to avoid being knocked off their "
        "feet', and its aside has the target pinned, i.e. on his feet.")
    ammo_on: int = param(6, "A natural to-hit roll of this or more needs an ammo roll (text and "
                         "reference 5.1: a 6; 7: never).", lo=1, hi=7)
    jam_outcome: str = param(
        "jam", "A failed ammo roll: 'jam' (text: a jam marker, cleared by reloading actions) or "
        "'useless' (reference 5.1: the weapon is lost for the fight).",
        choices=("jam", "useless"))
    jams_cleared_per_turn: int = param(1, "Jam markers a successful clearing action removes (text: "
                                       "one per successful reload action).", lo=1, hi=6)
    duck_backs: bool = param(False, "The text's optional duck-back rule (off by default, as "
                             "optional).")
    duck_back_ld_bonus: tuple = param((1, 2), "Bonus to the Ld test to shake off a duck back behind "
                                      "partial and full cover (text: +1, +2).", lo=0, hi=6)

    # ---- wounds, injuries, pinning, nerve (base rules) ---------------------------------------------
    wound_chart: tuple = param(
        _WOUND_CHART, "D6 to wound, rows S 1..10, columns T 1..10; 0 = cannot (reference 3 [V]).",
        kind="table", columns=tuple(f"T{t}" for t in range(1, 11)), lo=0, hi=7)
    best_save: int = param(
        2, "No armour save is better than this D6 score, whatever the modifiers (GW convention, "
        "not in the reference [U]; the text sells no armour, so it matters only if saves are "
        "added).", lo=1, hi=6)
    injury_faces: tuple = param(
        (0, 1, 1, 1, 1, 2), "Injury result by D6 face 1..6, codes " + _ints(INJURIES)
        + " (reference 4.2 [V]: 1 flesh wound, 2-5 down, 6 out of action).", lo=0, hi=2)
    recovery_faces: tuple = param(
        (0, 1, 1, 1, 1, 2), "A down fighter's recovery roll by D6 face, codes " + _ints(INJURIES)
        + " (reference 4.3 [V]: 1 up with a flesh wound, 2-5 stays down, 6 out).", lo=0, hi=2)
    flesh_wound_penalty: int = param(1, "WS and BS lost per flesh wound (reference 4.2 [V]).",
                                     lo=0, hi=6)
    flesh_zero_out: bool = param(True, "A fighter whose WS and BS reach 0 is out of action "
                                 "(reference 4.2 [S]).")
    unpin_friend_in: int = param(2, "A pinned fighter may test to recover only with a friend "
                                 "(not a young blood, down or broken) this close; the leader "
                                 "always counts (reference 4.1 [V]).", lo=0, hi=12)
    leader_ld_in: int = param(6, "Fighters this close to their leader (standing, not broken) "
                              "take their nerve, rally and duck-back leadership tests on his Ld "
                              "when it is higher (reference 1 [S]).", lo=0, hi=24)
    nerve_tests: str = param(
        "friend_down", "Nerve (break) tests in a gang fight: 'friend_down' (default: a standing, "
        "unbroken fighter within nerve_friend_in of a friend who goes down or out of action "
        "takes a leadership test at the end of that phase, failing it broken: reference 6, the "
        "base game's break test after shooting and hand-to-hand [V], its trigger [U]) or 'none' "
        "(the engine before wm-12, with duck backs off: a duck back is now shaken off on the "
        "leader's Ld within leader_ld_in). Never in a shoot-out (a duel is fought out).",
        choices=("friend_down", "none"))
    nerve_friend_in: int = param(2, "A friend going down or out of action this close forces a "
                                 "nerve test (reference 6 [U]).", lo=0, hi=12)
    broken_flee_dice: int = param(2, "D6s of inches a broken fighter runs for cover (reference 6 "
                                  "[V]).", lo=0, hi=4)
    broken_keep_fleeing: bool = param(
        True, "A broken fighter not in cover and out of every standing enemy's sight at the "
        "start of his movement phase runs for cover again (broken_flee_dice); False: he stays "
        "where his first flight left him (the reference's 'runs to cover and stays there' read "
        "as one run, which can leave him in the open, never able to rally).")
    broken_flee_to: str = param(
        "cover_away", "Where a broken fighter runs within his broken_flee_dice: 'cover_away' "
        "(default: the cell fewest standing enemies see, then in cover, then farthest from the "
        "nearest standing enemy, then nearest by path: the base game's run away to cover) or "
        "'cover_nearest' (wm-12: no distance-from-the-enemy key, so a flight may end nearer the "
        "enemy).", choices=("cover_away", "cover_nearest"))
    pinned_break_runs: bool = param(
        False, "A pinned fighter who breaks runs at once (wm-12); False (default): a pinned "
        "fighter may not move (reference 4.1 [V]), so he runs once the pin lifts, in his next "
        "movement phase unpinned.")
    down_crawl_in: int = param(2, "Inches a down fighter may crawl (reference 4.2 [V]).", lo=0,
                               hi=6)
    down_alone_out: bool = param(True, "A down fighter alone in hand-to-hand goes out of action "
                                 "(reference 4.3 [V]).")

    # ---- hand-to-hand (base rules) -------------------------------------------------------------------
    melee_reading: str = param(
        "combat_score", "Hand-to-hand: 'combat_score' (text: as Necromunda, best attack die + WS "
        "against the opponent's) or 'ws_roll' (the characteristics paragraph's example: each "
        "attack hits on 7 - WS).", choices=("combat_score", "ws_roll"))
    two_weapon_bonus: int = param(1, "Extra attack die with a hand weapon or pistol in each hand "
                                  "and no long gun or other item (text and reference 7 [V]).",
                                  lo=0, hi=3)
    charge_bonus: int = param(1, "Combat score bonus for charging (reference 7 [V]).", lo=0, hi=3)
    lance_charge_bonus: int = param(
        1, "Extra S of a lance's blows in the round its holder charged (the weapon row's '+1 "
        "more charging': the text calls the lance a weapon that must be held, not its numbers; "
        "the reference's charge weapons give their bonus on the charge only).", lo=0, hi=3)
    lance_hand: str = param(
        "held", "A lance needs one hand to hold at all times ('held', text): its carrier fires "
        "a long gun one-handed, cannot draw a bow or fire a second handgun, and a rider with a "
        "hand on the reins has none for a gun; 'free' a what-if (slung while he shoots).",
        choices=("held", "free"))
    higher_ground_bonus: int = param(1, "Combat score bonus for fighting from higher up "
                                     "(reference 7 [V]).", lo=0, hi=3)
    obstacle_penalty: int = param(-1, "Combat score modifier of a charger, in the charge's round, "
                                  "fighting a foe over an obstacle (reference 7 [V]: a foe "
                                  "sheltering behind cover; in the engine since wm-16: low "
                                  "terrain under his target in base contact, or under the "
                                  "charger where he climbed onto it on the charge between his "
                                  "start and the target, as read since wm-17), or jumping up "
                                  "onto a horse or wagon (text; later phase). 0: the engine "
                                  "before wm-16.", lo=-3, hi=0)
    encumbered_penalty: int = param(-1, "Combat score modifier of an encumbered fighter (a heavy "
                                    "weapon or similar; reference 7 [V]).", lo=-3, hi=0)
    fumble_bonus: int = param(1, "Bonus per opposing attack die showing 1 (reference 7 [V]).",
                              lo=0, hi=3)
    critical_bonus: int = param(1, "Bonus per extra 6 beyond the die used (reference 7 [V]).",
                                lo=0, hi=3)
    melee_hits: str = param(
        "difference", "Hits the winner scores: 'difference' of the scores (reference 7 [S]) or "
        "'one'.", choices=("difference", "one"))
    melee_tie_hits: int = param(
        1, "Hits scored by the higher-Initiative side when the combat scores tie (reference 7: "
        "higher I wins a tie [V]; one hit [S NCE-HTH, U for 1995]); equal I is a stand-off.",
        lo=0, hi=3)
    follow_up_in: int = param(2, "A fighter who wins his fight (his foes all out of it) may "
                              "follow up this far at the end of the hand-to-hand phase, never "
                              "into base contact (reference 7 [V]; in the engine since wm-16). "
                              "0 with mounted_follow_up_in 0: no follow-up (the engine before "
                              "wm-16).", lo=0, hi=6)
    pistols_in_melee: bool = param(
        True, "A fighter in hand-to-hand strikes each blow with his strongest loaded, unjammed "
        "handgun (weapon flag fires_in_melee) when it is stronger than his hand weapon (his S "
        "and its bonus), else with the hand weapon (text: anything usable in hand-to-hand "
        "counts; pistols may be fired in it). False: hand weapons only (the engine before "
        "wm-8).")
    pistol_melee_uses_rounds: bool = param(True, "Pistols fired in hand-to-hand use a round a blow, "
                                           "and each 6 among the attack dice of a fighter who "
                                           "fired one calls an ammo roll for it (text).")
    improvised_bonus: int = param(0, "Strength added to the user's S with a gun used as a club "
                                  "(text: improvised weapon, no numbers; the reference club is "
                                  "the user's S).", lo=-3, hi=3)
    hatred_combat_bonus: int = param(1, "Combat score bonus against a hated foe (text: the "
                                     "wrassler's victim hates him; the base hatred rule is not in "
                                     "the reference).", lo=0, hi=3)

    # ---- skills ------------------------------------------------------------------------------------
    shootist_skills: tuple = param(
        _codes("hip_shooting", "marksman", "gunfighter", "nerves_of_steel", among=SKILLS),
        "Skills a shootist may pick on recruitment, codes into SKILLS (text: one from the "
        "shooting chart, e.g. firing two handguns at once; the chart is not given, so the "
        "shooting skills whose effects the text or the reference gives).", lo=0,
        hi=len(SKILLS) - 1)
    pugilist_skills: tuple = param(
        _codes("wrassler", "body_slam", "crushing_blow", "step_aside", "iron_jaw", "dodge",
               among=SKILLS),
        "Skills a pugilist may pick, codes into SKILLS (text: one from the combat charts, e.g. "
        "head butt, not in the reference; wrassler is for pugilists only).", lo=0,
        hi=len(SKILLS) - 1)
    specialist_pick: tuple = param(
        _codes("hip_shooting", "step_aside", among=SKILLS),
        "The skill 'auto' (skill_a, skill_b) gives a shootist and a pugilist, codes into SKILLS "
        "(a player's choice, not a rule: no pick measured clearly better than another, "
        "docs/rules/westamunda.md 'Skills'; hip shooting is the text's own rewritten shooting "
        "skill, step aside a combat-table skill of the reference).",
        lo=0, hi=len(SKILLS) - 1)
    marksman_factor: float = param(1.5, "Marksman multiplies range bands by this (text: 1 1/2).",
                                   lo=1.0, hi=3.0)
    marksman_reading: str = param(
        "short_only", "The text's example has three range numbers (12/24/36 -> 18/36/36), our "
        "profiles two (short, long = maximum): 'short_only' (default: short range x1.5 up to "
        "the maximum, which stays) or 'both_bands' (both x1.5: the maximum grows).",
        choices=("short_only", "both_bands"))
    hip_reading: str = param(
        "run", "When hip shooting lifts the running snap-shot -1 (text: 'run and fire, but "
        "without the -1 modifier for snap shots when running'; a run is the move over 4\", its "
        "shots all snap shots 'even if fired at the end'): 'run' (default: every shot of a "
        "declared run planned to spend more than M, its first steps' too) or 'so_far' (only "
        "once he has run more than M when he fires).", choices=("run", "so_far"))
    nerves_reading: str = param(
        "reroll", "Nerves of steel: 'reroll' (default, reference 4.1 [S]: a failed escape test "
        "re-rolled) or 'alone' (the test taken with no friend near, a recollection of the 1995 "
        "skill [U]).", choices=("reroll", "alone"))
    dodge_save: int = param(6, "Dodge: unmodified save against each hit (reference 3.1 [V]).",
                            lo=2, hi=7)
    true_grit_faces: tuple = param((0, 0, 1, 1, 1, 2), "Injury faces with True Grit (reference "
                                   "4.2 [S]: 1-2 flesh, 3-5 down, 6 out).", lo=0, hi=2)
    body_slam_charge_bonus: int = param(2, "Body Slam: charge bonus (reference 7 [S]).", lo=0,
                                        hi=4)
    crushing_blow_strength: int = param(1, "Crushing Blow: S bonus in hand-to-hand (reference 7 "
                                        "[S]).", lo=0, hi=3)
    step_aside_on: int = param(4, "Step Aside: D6 to avoid each hit (reference 7 [S]).", lo=2,
                               hi=7)
    iron_jaw_strength: int = param(1, "Iron Jaw: S taken off hand-to-hand hits suffered "
                                   "(reference 7 [S]).", lo=0, hi=3)
    sure_footed_bonus: int = param(1, "Sure-footed lil' pony: bonus to riding actions (text: +1).",
                                   lo=0, hi=3)
    war_horse_return_in: int = param(4, "Later: a war horse pinned or wounded walks back to its "
                                     "rider this far a turn (text: 4\"); not read: since wm-18 "
                                     "a war horse stays beside its fallen rider and a riderless "
                                     "horse is never shot at.", lo=0, hi=16)
    entangle_fall_strength: int = param(3, "An entangled fighter falls and takes an automatic hit "
                                        "of this S (text: S3).", lo=1, hi=10)
    entangled_action_mod: int = param(-1, "Modifier to the actions of a fighter who stays "
                                      "entangled (text: -1).", lo=-6, hi=0)
    specialist_stat_bonus: int = param(1, "Later: WS or BS gained with the Specialist advance "
                                       "(text: +1).", lo=0, hi=3)
    wagon_master_bonus: int = param(1, "Later: wagon master bonus to wagon actions (text: +1).",
                                    lo=0, hi=3)

    # ---- horses --------------------------------------------------------------------------------------
    horse_profile: tuple = param(
        (8, 3, 0, 3, 3, 1, 3, 1, 5), "Horse M WS BS S T W I A Ld (text: 'the following profile', "
        "then none; M 8 from its running over 8\"; the rest a warhorse's usual profile).", lo=0,
        hi=10)
    horse_turning: str = param(
        "unlimited", "How a horse turns (text: unlimited turns work better; a turning circle is "
        "an option): 'unlimited' or 'circle'.", choices=("unlimited", "circle"))
    turning_circle_in: int = param(3, "Radius of the running horse's turning circle with "
                                   "horse_turning = 'circle' (text: blank).", lo=1, hi=12)
    horse_jump_in: int = param(
        1, "A horse jumps low pieces up to this many inches across their narrower side (text: "
        "'any object up to 1\" high and 1\" wide'); wider ones cannot be ridden over: a rider "
        "goes round them, a bolting horse stops short of them.", lo=0, hi=6)
    rider_arc: str = param(
        "forward", "A rider's shots in the shooting phase after his horse has moved this turn "
        "(text: 'normal arcs of fire ... facing forward', the horse turned at the start of his "
        "turn): 'forward' (default: the fire_arc_deg arc round the horse's heading) or 'free' "
        "(wm-21 and before: he turns to any target, as a man on foot).",
        choices=("forward", "free"))
    rider_hit_faces: int = param(2, "Shots at a mounted fighter hit the rider on this many D6 faces "
                                 "(text: 5-6), the horse on the rest.", lo=0, hi=6)
    mounted_target_modifier: int = param(1, "To-hit bonus against horse and rider (text: +1, a "
                                         "large target).", lo=0, hi=6)
    double_mount_move: float = param(0.75, "Move of a horse carrying two (text: 3/4): its M times "
                                     "this, rounded down.", kind="probability")
    double_mount_rider_faces: int = param(3, "Shots at a double-mounted horse hit a rider on this "
                                          "many faces (text: 1-3).", lo=0, hi=6)
    double_mount_action_mod: int = param(-1, "Modifier to actions involving a double-mounted horse "
                                         "(text: -1).", lo=-6, hi=0)
    mounted_aim_still_only: bool = param(True, "Aimed shots from horseback only with the horse "
                                         "still (text).")
    mounted_long_gun: str = param(
        "one_hand", "A long gun fired from horseback: 'one_hand' (default: a rider keeps one hand "
        "on the reins without Ride like Rooster, and the text's one-handed Winchester penalty "
        "applies, at one_hand_long_gun_mod) or 'free' (the horseback section's 'firing is not "
        "penalised' read as no penalty at all). Either way a rider fires no bow and no second "
        "handgun (both need the rein hand).", choices=("one_hand", "free"))
    rider_pinned_move_loss: int = param(2, "A horse whose rider is pinned or wounded moves on "
                                        "straight at its last move less this (text: -2\").", lo=0,
                                        hi=16)
    runaway_move: str = param(
        "last_move", "What a pinned rider's horse goes on at, less rider_pinned_move_loss (text: "
        "'in its original direction with movement rate -2\"'): 'last_move' (the move it made "
        "last turn: it carries on as it was going) or 'horse_m' (its M).",
        choices=("last_move", "horse_m"))
    horse_bolt_extra_in: int = param(2, "A pinned horse bolts at its last move plus this, up to "
                                     "its most (text: +2\").", lo=0, hi=16)
    fall_strength: int = param(3, "S of the hit from a fall from a horse or wagon, or a horse "
                               "hitting an obstacle (text: S3).", lo=1, hi=10)
    fall_fast_hits_die: int = param(3, "Above base rate a fall gives this die of hits (text: "
                                    "D3).", lo=1, hi=6)
    mounted_charge_bonus: int = param(1, "Extra combat bonus of a rider charging a foot fighter, "
                                      "first round only (text: +1 for the horse's bulk).", lo=0,
                                      hi=3)
    mounted_follow_up_in: int = param(2, "A rider who charges a man on foot and wins his fight "
                                      "in that turn must follow up this far on along his "
                                      "horse's way (text: 2\"; in the engine since wm-16, only "
                                      "after a charge at a man on foot and never aside or back "
                                      "since wm-17; 0: as any winner).",
                                      lo=0, hi=6)
    hit_and_run: bool = param(True, "Riders may make hit-and-run attacks (text): a rider charges "
                              "past a man on foot, one attack each as he reaches him, then "
                              "rides on within his charge move and does not shoot that turn "
                              "(in the engine since wm-19: Act.HIT_RUN). Off: refused (a hold).")
    hit_and_run_down_out: bool = param(False, "A fighter downed by a hit-and-run's one attack is "
                                       "out of action, as one down in a one-on-one fight "
                                       "(base game). Off (default): he lies down where he is: "
                                       "the rider rides on and nobody stays to finish him (the "
                                       "text resolves the attack at once and joins no fight). "
                                       "Read only under down_alone_out.")
    jump_from_moving_horse: bool = param(
        True, "A rider may jump down from his horse at any point of its move (text: 'at any "
        "point in its movement'; in the engine since wm-23: Act.JUMP_DOWN, the horse ridden to "
        "where he jumps and standing there riderless): an I test if it moved this turn, failed "
        "a fall_strength hit (a fall_fast_hits_die of them above its base rate); he moves no "
        "more, his shot a snap shot, or he leaps into a fight (jump_charge_in). Off: refused "
        "(a hold); a still horse is stepped down from by Act.DISMOUNT either way.")
    jump_charge_in: int = param(2, "A rider jumping down may leap into a fight with an enemy "
                                "this close (text: 'within 2\"', as a charge): his charge's move "
                                "from where he jumps, at most this many inches, to a cell next "
                                "to the enemy. 0: no leap into a fight.", lo=0, hi=6)
    board_enemy_horse: bool = param(
        True, "A fighter may climb onto an enemy rider's horse (text: the boarding rules after "
        "Gorka Morka; in the engine since wm-24: Act.BOARD): a charge to a free cell beside it, "
        "at its side or rear if it moved last; an I test if it moved (at mount_moving_mod above "
        "its base rate), always when jumping across from his own horse (within "
        "jump_between_in); then one round of hand-to-hand with the rider, the boarder +1 for "
        "the charge and obstacle_penalty climbing up from the ground. Won: the rider is thrown "
        "off (a fall's hits) and the boarder rides the horse; failed or lost: he is thrown back "
        "a mount_fail_bounce_die of inches with a fall's hits. Off: refused (a hold).")
    board_blows: bool = param(
        False, "The boarding round's winner also strikes his hits, as in any round, before the "
        "throw. Off (default): the round decides only who is thrown (the text names the thrown "
        "rider's S3/D3 hit and the thrown boarder's hits, and no blows).")
    mount_moving_mod: int = param(-1, "Modifier to mount a horse or wagon moving above base rate, "
                                  "or to jump between them (text: -1).", lo=-6, hi=0)
    mount_helper_bonus: int = param(
        1, "Bonus to a climbing boarder's I test per friend helping him up (text: '+1 for each "
        "character assisting (this counts as the assisting character's action)'; in the engine "
        "since wm-25, for a climb from the ground onto an enemy rider's moving horse): a helper "
        "stands in a cell touching the boarder's, up, unpinned, free, on foot and not broken, and "
        "has not acted this turn; helping is his action (no move, shot or reload). Whether a "
        "friend helps is the boarder's gunfighter's choice (weight board_help). 0: nobody "
        "helps.", lo=0, hi=3)
    mount_fail_bounce_die: int = param(3, "Die of inches a failed or beaten boarder is thrown back "
                                       "(text: D3\").", lo=1, hi=6)
    jump_between_in: int = param(2, "Longest jump from one horse or wagon to another (text: 2\").",
                                 lo=0, hi=6)

    # ---- later: buildings, explosives beyond throws, fire ----------------------------------------
    building_armour: tuple = param((2, 5, 7, 10, 12), "Later: armour of " + ", ".join(BUILDINGS)
                                   + " (text: 2, 5, 7, 10, 12).", lo=0, hi=20)
    penetration_strength_loss: int = param(1, "Later: S lost by a shot through a wall (text: "
                                           "S-1).", lo=0, hi=10)
    dynamite_radius_in: tuple = param(
        (1.0, 1.5, 2.0, 2.5, 3.0, 3.5), "Blast radius of a bundle of 1..6 sticks (text).",
        kind="floats", lo=0.0, hi=12.0)
    dynamite_strength: int = param(3, "S of a dynamite blast (text: S3).", lo=1, hi=10)
    dynamite_hits_die: int = param(
        1, "Hits each fighter under a dynamite blast takes: 1 (the table's: S3 for every "
        "bundle), or a D of this (the buildings example's 'D3 hits' for five sticks, read for "
        "fighters too: see Contradictions).", lo=1, hi=6)
    gelignite_radius_in: tuple = param((1.0, 1.5, 2.0, 2.5), "Later: blast radius of 1..4 "
                                       "gelignite or powder charges (text).", kind="floats",
                                       lo=0.0, hi=12.0)
    gelignite_strength: int = param(5, "Later: S of gelignite (text: S5).", lo=1, hi=10)
    fuse_cord_cost: int = param(5, "Later: dollars per length of safety cord (text: $5).", lo=0,
                                hi=1000)
    fuse_cord_max_in: int = param(12, "Later: a length of cord is up to this long (text: 12\").",
                                  lo=1, hi=48)
    fuse_burn_in: int = param(4, "Later: fuses burn this far a turn (text: 4\").", lo=1, hi=24)
    powder_trail_in: int = param(4, "Later: most powder trail laid in one move (text: 4\").", lo=0,
                                 hi=24)
    fire_template_in: float = param(1.0, "Later: template of thrown fire (text: 1\").", lo=0.0,
                                    hi=6.0)
    fire_spread_in: float = param(0.5, "Later: a fire's radius grows this much a turn (text: "
                                  "1/2\").", lo=0.0, hi=6.0)
    wind_spread_in: tuple = param((0.0, 0.5, 1.5), "Later: spread upwind, to the sides and "
                                  "downwind in high wind (text).", kind="floats", lo=0.0, hi=6.0)
    rain_catch_on: int = param(6, "Later: D6 to catch fire in rain or snow (text: 6).", lo=1,
                               hi=7)
    rain_fire_faces: tuple = param((-1, -1, 0, 0, 1, 1), "Later: fire change in rain by D6 face: "
                                   "-1 shrinks 1/2\", 0 holds, 1 grows (text).", lo=-1, hi=1)

    # ---- later: wagons -------------------------------------------------------------------------------
    wagon_speeds: tuple = param((6, 7, 6, 7, 7, 8), "Later: base speed of " + ", ".join(WAGONS)
                                + " (text).", lo=1, hi=24)
    wagon_speed_step_in: int = param(2, "Later: a wagon above base speed changes speed in steps of "
                                     "this (text: 2\").", lo=1, hi=8)
    wagon_hit_faces: tuple = param((0, 1, 2, 2, 3, 3), "Later: where a shot at a wagon lands by "
                                   "D6 face, codes " + _ints(WAGON_LOCATIONS) + " (text).", lo=0,
                                   hi=3)
    wagon_part_faces: tuple = param((0, 1, 1, 2, 2, 2), "Later: which part of the wagon by D6, "
                                    "codes " + _ints(WAGON_PARTS) + " (text).", lo=0, hi=2)
    wagon_av: tuple = param((6, 8, 8), "Later: armour of traces, wheels, body (text).", lo=0,
                            hi=20)
    wagon_overturn_fast_mod: int = param(-2, "Later: modifier to the driver's roll against "
                                         "overturning above base speed (text: -2).", lo=-6, hi=0)
    wagon_unhit_horse_bonus: int = param(1, "Later: bonus per unhit horse of the team (text: "
                                         "+1).", lo=0, hi=3)

    # ---- later: the campaign -------------------------------------------------------------------------
    cavalry_pay: tuple = param((25, 15, 10), "Later: cavalry pay a game for lieutenant, sergeant, "
                               "trooper (text).", lo=0, hi=1000)
    cavalry_free_boxes: int = param(2, "Later: boxes of reloads issued free per weapon each game "
                                    "after set-up (text: two).", lo=0, hi=10)
    bronco_horses_die: int = param(6, "Later: die of horses a bronco buster catches (text: D6).",
                                   lo=1, hi=12)
    bronco_horse_price: int = param(75, "Later: dollars per broken horse sold (text: $75).", lo=0,
                                    hi=1000)
    prospector_on: int = param(6, "Later: D6 after a battle to strike a seam (text: 6).", lo=1,
                               hi=7)
    prospector_dice: int = param(2, "Later: D6s x prospector_unit a worked seam pays (text: 2D6, "
                                 "more at the risk of doubles).", lo=1, hi=6)
    prospector_unit: int = param(10, "Later: dollars per pip (text: x 10).", lo=1, hi=1000)
    protagonisti_xp_cost: int = param(10, "Later: dollars per D6 of bought experience (text: "
                                      "$10).", lo=1, hi=1000)
    desecration_attack_need: int = param(7, "Later: D6 + uses + earlier attacks needed for natives "
                                         "to attack a desecrated site (text: 7+).", lo=1, hi=20)
    dead_band_top: int = param(16, "Later: serious-injury D66 results up to this are Dead "
                               "(reference 8.1 [V] 1995: 11-16).", lo=11, hi=66)
    outlaw_mixed_mod: int = param(-1, "Later: outlaw roll modifier per native or mixed-heritage "
                                  "fighter in a non-native gang (text: -1).", lo=-6, hi=0)
    outlaw_native_mods: tuple = param((-2, -4), "Later: native gang defending, attacking (text).",
                                      lo=-10, hi=0)
    outlaw_lawman_mod: int = param(-3, "Later: for attacking a posse or lawman (text: -3).",
                                   lo=-10, hi=0)
    poison_plant_on: int = param(1, "Later: wild-plant territory D6 that kills a fighter (text: "
                                 "1).", lo=0, hi=6)
    quicksand_on: int = param(1, "Later: tar-pit territory D6 that swallows a fighter (text: 1).",
                              lo=0, hi=6)

    # ------------------------------------------------------------------------------------------------
    def problem(self) -> str | None:
        """The first impossible combination of parameters (the gangs the rules field
        included), or None."""
        return self.problem_without_gangs() or self._gangs_problem()

    def problem_without_gangs(self) -> str | None:
        """The first impossible value or combination, or None. Names the key and what is
        allowed."""
        for name, rows, cols in (("profiles", FIGHTERS, PROFILE_COLUMNS),
                                 ("weapons", WEAPONS, WEAPON_COLUMNS),
                                 ("wound_chart", range(1, 11), range(1, 11)),
                                 ("skill_access", GANG_TYPES, SKILL_TABLES)):
            value = getattr(self, name)
            if len(value) != len(rows) or any(len(r) != len(cols) for r in value):
                names = ", ".join(str(r) for r in rows)
                return (f"{name}: expected {len(rows)} rows ({names}) of {len(cols)} numbers "
                        f"({', '.join(str(c) for c in cols)})")
        for name, n, what in (("second_die_needs", 4, "needed score 7, 8, 9, 10"),
                              ("characteristic_max", 9, "characteristic M..Ld"),
                              ("horse_profile", 9, "characteristic M..Ld"),
                              ("mixed_recruit_gangs", len(GANG_TYPES), "gang type"),
                              ("max_hideout", 2, "small revolver, Saturday night special"),
                              ("pinned_water_cover", 2, "depth shallow, deep"),
                              ("drown_out_on", 2, "depth shallow, deep"),
                              ("cover_modifiers", 2, "cover partial, full"),
                              ("scatter_faces", 6, "artillery-die face"),
                              ("reload_category_of", len(ACTIVITIES), "activity"),
                              ("sfd_faces", 6, "D6 face"), ("injury_faces", 6, "D6 face"),
                              ("recovery_faces", 6, "D6 face"), ("true_grit_faces", 6, "D6 face"),
                              ("duck_back_ld_bonus", 2, "cover partial, full"),
                              ("building_armour", len(BUILDINGS), "building class"),
                              ("dynamite_radius_in", 6, "bundle of 1..6 sticks"),
                              ("gelignite_radius_in", 4, "1..4 charges"),
                              ("wind_spread_in", 3, "direction upwind, side, downwind"),
                              ("rain_fire_faces", 6, "D6 face"),
                              ("wagon_speeds", len(WAGONS), "wagon"),
                              ("wagon_hit_faces", 6, "D6 face"), ("wagon_part_faces", 6, "D6 face"),
                              ("wagon_av", len(WAGON_PARTS), "wagon part"),
                              ("cavalry_pay", 3, "rank lieutenant, sergeant, trooper"),
                              ("outlaw_native_mods", 2, "defending, attacking")):
            value = getattr(self, name)
            if len(value) != n:
                return f"{name} {value!r}: expected {n} entries, one per {what}"
        for name, codes in (("reload_category_of", RELOAD_CATEGORIES), ("injury_faces", INJURIES),
                            ("recovery_faces", INJURIES), ("true_grit_faces", INJURIES),
                            ("pinned_water_cover", COVER), ("wagon_hit_faces", WAGON_LOCATIONS),
                            ("wagon_part_faces", WAGON_PARTS)):
            value = getattr(self, name)
            if any(not 0 <= v < len(codes) for v in value):
                return f"{name} {value!r}: each entry one of {_ints(codes)}"
        for name, pool, what in (("shootist_skills", SKILLS, "SKILLS"),
                                 ("pugilist_skills", SKILLS, "SKILLS"),
                                 ("specialist_pick", SKILLS, "SKILLS"),
                                 ("cavalry_kit", WEAPONS, "WEAPONS"),
                                 ("bounty_hunter_kit", WEAPONS, "WEAPONS")):
            value = getattr(self, name)
            if any(not 0 <= v < len(pool) for v in value):
                return f"{name} {value!r}: each entry a code from 0 to {len(pool) - 1} (index into {what})"
        for name in ("hired_gun_kits", "scout_kits"):
            for row in getattr(self, name):
                if any(not -1 <= v < len(WEAPONS) for v in row) or all(v < 0 for v in row):
                    return (f"{name} row {row!r}: each entry -1 (none) or a WEAPONS code from 0 to "
                            f"{len(WEAPONS) - 1}, and at least one weapon")
        if any(not -1 <= v <= 6 for v in self.sfd_faces) or not any(v > 0 for v in self.sfd_faces):
            return (f"sfd_faces {self.sfd_faces!r}: each face 0 to 6 shots or -1 (jam), at least "
                    "one face that fires")
        if any(b < a for a, b in zip(self.second_die_needs, self.second_die_needs[1:],
                                     strict=False)):
            return (f"second_die_needs {self.second_die_needs!r}: expected non-decreasing "
                    "scores (a higher need is never easier)")
        if self.aim_arc_deg > self.fire_arc_deg:
            return (f"aim_arc_deg ({self.aim_arc_deg}) is wider than fire_arc_deg "
                    f"({self.fire_arc_deg}); expected at most fire_arc_deg")
        if self.aim_bonus_per_turn > self.aim_bonus_max:
            return (f"aim_bonus_per_turn ({self.aim_bonus_per_turn}) exceeds aim_bonus_max "
                    f"({self.aim_bonus_max}); expected at most aim_bonus_max")
        if self.very_difficult_cost < self.difficult_cost:
            return (f"very_difficult_cost ({self.very_difficult_cost}) is below difficult_cost "
                    f"({self.difficult_cost}); expected at least difficult_cost")
        if self.crawl_in > self.profile("ganger")["M"]:
            return f"crawl_in ({self.crawl_in}): expected at most a ganger's M"
        shallow, deep = self.drown_out_on
        if deep > shallow:
            return (f"drown_out_on {self.drown_out_on!r}: expected deep water at least as deadly "
                    "as shallow (deep score <= shallow score)")
        for name in ("dynamite_radius_in", "gelignite_radius_in"):
            value = getattr(self, name)
            if any(b < a for a, b in zip(value, value[1:], strict=False)):
                return f"{name} {value!r}: expected non-decreasing radii (more sticks, more blast)"
        dyn = self.weapon("dynamite")
        if dyn["strength"] != self.dynamite_strength:
            return (f"weapons row dynamite strength {dyn['strength']}: expected dynamite_strength "
                    f"({self.dynamite_strength}; the blast strikes at dynamite_strength, so set "
                    "both)")
        for i, row in enumerate(self.profiles):
            for col in ("M", "T", "W", "A", "Ld"):
                v = row[PROFILE_COLUMNS.index(col)]
                if v < 1:
                    return f"profiles row {FIGHTERS[i]}: {col} {v!r}; expected at least 1"
        msg = self._weapon_problem()
        if msg:
            return msg
        msg = self._skill_problem() or self._hire_problem()
        if msg:
            return msg
        for i, row in enumerate(self.skill_access):
            if sum(row) != 20:
                return (f"skill_access row {GANG_TYPES[i]} {row!r}: expected weights summing to 20 "
                        "(the text keeps a gang's skill total at 20)")
        if 2 * self.deploy_depth_in > self.table_height_in:
            return (f"deploy_depth_in ({self.deploy_depth_in}) on a {self.table_height_in}\" "
                    "deep table: the two deployment zones overlap; expected at most "
                    f"{self.table_height_in // 2}")
        if self.waterway != "none" and self.table_height_in - 2 * self.deploy_depth_in < 2:
            return (f"waterway {self.waterway!r} with deploy_depth_in ({self.deploy_depth_in}) on "
                    f"a {self.table_height_in}\" deep table: the water needs 2\" between the "
                    f"deployment zones; expected deploy_depth_in at most "
                    f"{(self.table_height_in - 2) // 2}")
        if self.mounted_a or self.mounted_b:
            msg = self.mounted_problem(
                " and ".join(k for k in ("mounted_a", "mounted_b") if getattr(self, k)))
            if msg:
                return msg
        if self.scenario == "shoot_out" and (self.waterway != "none" or self.rough_patches):
            return (f"scenario 'shoot_out' with waterway {self.waterway!r} and rough_patches "
                    f"({self.rough_patches}): the shoot-out is fought on a bare table; expected "
                    "waterway 'none' and rough_patches 0")
        if self.scenario == "shoot_out" and self.shootout_distance_in > self.table_height_in - 1:
            return (f"shootout_distance_in ({self.shootout_distance_in}) on a "
                    f"{self.table_height_in}\" deep table: expected at most "
                    f"{self.table_height_in - 1} (scenario 'shoot_out')")
        cheapest = self.cheapest_gang()
        if self.roster_cost(cheapest) > self.gang_budget:
            return (f"gang_budget ({self.gang_budget}): the cheapest legal gang costs "
                    f"{self.roster_cost(cheapest)}; expected a budget at least that")
        return None

    def _gangs_problem(self) -> str | None:
        """Why the two sides' gangs (gang_*, build_*, swap_*) cannot be fielded, or None."""
        from sim.westamunda import builds  # here: builds reads the engine, which reads rules

        for side in "ab":
            try:
                builds.side_roster(self, side)
            except ConfigError as e:
                return (f"gang_{side} {getattr(self, 'gang_' + side)!r}, build_{side} "
                        f"{getattr(self, 'build_' + side)!r}, swap_{side} "
                        f"{getattr(self, 'swap_' + side)!r}: {e}")
        return None

    def _weapon_problem(self) -> str | None:
        for i, row in enumerate(self.weapons):
            w = dict(zip(WEAPON_COLUMNS, row, strict=True))
            name = WEAPONS[i]
            where = f"weapons row {name}"
            for col, codes in (("ignition", IGNITIONS), ("reload", RELOAD_KINDS),
                               ("kind", WEAPON_KINDS), ("rarity", RARITY)):
                if w[col] not in range(len(codes)):
                    return f"{where}: {col} {w[col]!r}; expected one of {_ints(codes)}"
            if not 0 <= w["gangs"] <= ALL_GANGS:
                return (f"{where}: gangs {w['gangs']!r}; expected a bitmask from 0 to {ALL_GANGS} "
                        f"(bits {_ints(GANG_TYPES)})")
            if not 0 <= w["flags"] < 1 << len(FLAGS):
                return (f"{where}: flags {w['flags']!r}; expected a bitmask below "
                        f"{1 << len(FLAGS)} (bits {_ints(FLAGS)})")
            if w["hands"] not in (1, 2):
                return f"{where}: hands {w['hands']!r}; expected 1 or 2"
            for col in ("cost", "box_cost", "box_rounds", "capacity", "sfd", "damage"):
                if w[col] < 0:
                    return f"{where}: {col} {w[col]!r}; expected 0 or more"
            if w["ammo"] and not 2 <= w["ammo"] <= 6:
                return f"{where}: ammo {w['ammo']!r}; expected 0 (none) or a D6 score 2 to 6"
            if w["save_mod"] > 0:
                return f"{where}: save_mod {w['save_mod']!r}; expected 0 or negative"
            ranged = WEAPON_KINDS[w["kind"]] != "melee"
            if ranged and not 0 < w["short_in"] < w["long_in"]:
                return (f"{where}: short_in {w['short_in']!r}, long_in {w['long_in']!r}; expected "
                        "0 < short_in < long_in for a ranged weapon")
            if not ranged and (w["short_in"] or w["long_in"]):
                return f"{where}: a hand-to-hand weapon has short_in and long_in 0"
            gun = WEAPON_KINDS[w["kind"]] in ("handgun", "long_gun")
            if gun and (w["capacity"] < 1 or w["ignition"] == 0 or w["reload"] == 0):
                return (f"{where}: a firearm needs capacity >= 1, an ignition ("
                        f"{_ints(IGNITIONS[1:])}) and a reload kind ({_ints(RELOAD_KINDS[1:])})")
            if gun and (w["box_cost"] < 1 or w["box_rounds"] < 1):
                return f"{where}: a firearm needs box_cost and box_rounds of at least 1"
            for one in ("single", "quiver"):
                if w["reload"] == RELOAD_KINDS.index(one) and w["capacity"] != 1:
                    return f"{where}: reload {one!r} needs capacity 1"
            if name not in ROUND_OF and name != "knife" and w["cost"] < 1:
                return f"{where}: cost {w['cost']!r}; expected at least 1 (a weapon that is bought)"
        return None

    def validate(self) -> WMRules:
        """Raise ConfigError naming the key and what is allowed if ``problem()`` finds one.
        Rules found valid are remembered (they are frozen, and ``problem`` reads nothing else):
        a replay per fight, as the tests' auditor plays them, checks its rules once."""
        if self in _VALID:
            return self
        msg = self.problem()
        if msg:
            raise ConfigError(f"westamunda rules: {msg}")
        if len(_VALID) >= 256:
            _VALID.clear()
        _VALID.add(self)
        return self

    # ---- derived values -------------------------------------------------------------------------------
    @property
    def round_limit(self) -> int:
        """Turns after which a fight stops (shared name across games)."""
        return self.max_turns

    def as_dict(self) -> dict:
        """Every parameter, as plain values."""
        return dataclasses.asdict(self)

    def weapon(self, name: str) -> dict:
        """One weapon-table row as {column: value} (a copy: the caller may change it)."""
        rows = self.__dict__.get("_weapon_rows")
        if rows is None:  # (built once per rules: not a field, so not compared, hashed or saved)
            rows = {n: dict(zip(WEAPON_COLUMNS, row, strict=True))
                    for n, row in zip(WEAPONS, self.weapons, strict=False)}
            object.__setattr__(self, "_weapon_rows", rows)
        if name not in rows:
            WEAPONS.index(name)  # (the ValueError naming it, as ever)
        return dict(rows[name])

    def has_flag(self, name: str, flag: str) -> bool:
        """Whether weapon ``name`` carries FLAGS entry ``flag``."""
        return bool(self.weapon(name)["flags"] & F[flag])

    def profile(self, name: str) -> dict:
        """One fighter type's profile as {column: value}."""
        return dict(zip(PROFILE_COLUMNS, self.profiles[FIGHTERS.index(name)], strict=True))

    def move_rates(self, m: int) -> tuple[int, int, int]:
        """(crawl, walk, run) in inches for a fighter of movement ``m``."""
        return self.crawl_in, m, m * self.run_multiplier

    def throw_range(self, s: int) -> tuple[float, int]:
        """(short, long) range in inches of a thrown object for thrower strength ``s``: long is
        2 x S + 2 (the text), short half of it."""
        long_in = self.throw_range_per_s * s + self.throw_range_base
        return long_in / 2, long_in

    def needed(self, score: int, modifier: int = 0) -> int:
        """D6 score needed by a characteristic roll (text: 7 minus the score, then modifiers;
        a +1 modifier lowers the need)."""
        return self.needed_base - score - modifier

    def second_need(self, need: int) -> int:
        """The second D6's need after a first 6, for a ``need`` above 6: ``second_die_needs``
        for 7 to 10, past the list the last entry plus one per point."""
        i = need - 7
        n = len(self.second_die_needs)
        return self.second_die_needs[i] if i < n else self.second_die_needs[-1] + i - n + 1

    def p_needed(self, need: int) -> Fraction:
        """Exact chance of rolling ``need`` on the text's dice: a plain D6 up to 6 (a natural
        1 fails when natural_one_fails), then a 6 followed by ``second_need`` (no natural-1 rule
        on the second die). ``seven_plus_reading`` 'capped': a second need of 7 or more, or a
        need past the list, cannot succeed; 'chain': a second need above 6 is itself rolled by
        the 6-then rule (one that does not fall below ``need`` never succeeds)."""
        if need <= 6:
            lowest = max(need, 2 if self.natural_one_fails else 1)
            return Fraction(7 - lowest, 6)
        nxt = self.second_need(need)
        if nxt <= 6:
            if self.seven_plus_reading == "capped" and need - 7 >= len(self.second_die_needs):
                return Fraction(0)
            return Fraction(1, 6) * Fraction(7 - max(nxt, 1), 6)
        if self.seven_plus_reading == "capped" or nxt >= need:
            return Fraction(0)
        return Fraction(1, 6) * self.p_needed(nxt)

    def p_test(self, score: int, modifier: int = 0, initiative: bool = False) -> Fraction:
        """Exact chance of passing a WS, BS, S, I (``initiative``) or similar roll."""
        if initiative and self.i_roll_reading == "under":
            return Fraction(min(max(score + modifier, 0), 6), 6)
        return self.p_needed(self.needed(score, modifier))

    def wound_need(self, s: int, t: int) -> int:
        """D6 needed to wound (0 = cannot), S and T clipped to the chart's 1..10."""
        return self.wound_chart[min(max(s, 1), 10) - 1][min(max(t, 1), 10) - 1]

    def reload_category(self, activity: str, mounted: bool = False) -> str:
        """The text's reload category (RELOAD_CATEGORIES) for a fighter's turn."""
        code = self.reload_category_of[ACTIVITIES.index(activity)]
        if mounted:
            code = min(code + self.mounted_reload_shift, len(RELOAD_CATEGORIES) - 1)
        return RELOAD_CATEGORIES[code]

    # ---- gang building -------------------------------------------------------------------------------
    def mounted_problem(self, who: str) -> str | None:
        """Why a fight with riders (``who``: the keys or roster that mount them) cannot be
        played under these rules, or None."""
        if self.scenario == "shoot_out":
            return (f"{who} with scenario 'shoot_out': the shoot-out is fought on foot; "
                    "expected mounted_a and mounted_b false (no horses), or scenario "
                    "'gang_fight'")
        if self.horse_turning != "unlimited":
            return (f"{who} with horse_turning {self.horse_turning!r}: the engine turns horses "
                    "freely (the text's better choice); expected 'unlimited'")
        if not self.mounted_aim_still_only:
            return (f"{who} with mounted_aim_still_only false: an aimed shot is a still action "
                    "in the engine (aiming from a moving horse is not modelled); expected true")
        return None

    def fighter_cost(self, recruit: Recruit, gang_type: str | None = None) -> int:
        """Dollars for one recruit: its fee or cost, its weapons (guns bought through their main
        row), boxes, spare cylinders or tubes, and a horse and saddle (none for a cavalry
        recruit under cavalry_horses 'issued'). Hired fighters' fees include their kit and
        mount."""
        cost = self.profile(recruit.type)["cost"]
        if recruit.type in ("hired_gun", "bounty_hunter", "scout"):
            return cost
        cost += sum(self.weapon(w)["cost"] for w in recruit.weapons)
        cost += sum(self.weapon(b)["box_cost"] for b in recruit.boxes)
        cost += self.preload_cost * len(recruit.preloads)
        if recruit.horse and not (gang_type == "cavalry" and self.cavalry_horses == "issued"):
            cost += self.horse_cost + self.saddle_cost
        return cost

    def roster_cost(self, roster, gang_type: str | None = None) -> int:
        """Dollars for a roster (a sequence of Recruit) of ``gang_type`` (None: no gang's
        issued horses)."""
        return sum(self.fighter_cost(r, gang_type) for r in roster)

    def cheapest_gang(self) -> tuple[Recruit, ...]:
        """The cheapest roster the gang rules allow (any gang type but the cavalry): a leader, then
        the cheapest ordinary fighters, young bloods while the share allows, up to
        min_fighters; knives only."""
        roster = [Recruit("leader")]
        while len(roster) < self.min_fighters:
            juves = sum(r.type == "young_blood" for r in roster)
            cheap_ok = juves + 1 <= self.max_young_blood_share * self.min_fighters
            young, ganger = self.profile("young_blood")["cost"], self.profile("ganger")["cost"]
            roster.append(Recruit("young_blood" if cheap_ok and young <= ganger else "ganger"))
        return tuple(roster)

    def _skill_problem(self) -> str | None:
        """The specialists' skill lists, the 'auto' picks and skill_a/skill_b checked."""
        for name in ("shootist_skills", "pugilist_skills"):
            for code in getattr(self, name):
                if SKILLS[code] not in FIGHT_SKILLS:
                    return (f"{name}: {SKILLS[code]!r} is not a skill the fight engine plays; "
                            f"expected some of {', '.join(FIGHT_SKILLS)}")
        if len(self.specialist_pick) != 2:
            return (f"specialist_pick {self.specialist_pick!r}: expected 2 entries (a shootist's "
                    "pick, a pugilist's)")
        for code, name in zip(self.specialist_pick, ("shootist_skills", "pugilist_skills"),
                              strict=True):
            if code not in getattr(self, name):
                return (f"specialist_pick {self.specialist_pick!r}: {SKILLS[code]!r} is not in "
                        f"{name} ({', '.join(SKILLS[c] for c in getattr(self, name))})")
        allowed = {SKILLS[c] for c in self.shootist_skills + self.pugilist_skills}
        for key in ("skill_a", "skill_b"):
            value = getattr(self, key)
            if value not in ("auto", "none") and value not in allowed:
                return (f"{key} {value!r}: a specialist may pick 'auto', 'none' or one of "
                        f"{', '.join(sorted(allowed))} (shootist_skills, pugilist_skills)")
        return None

    def _hire_problem(self) -> str | None:
        """hire_a / hire_b checked against the kit tables."""
        for key in ("hire_a", "hire_b"):
            value = getattr(self, key)
            for prefix, table in (("hired_gun_", "hired_gun_kits"), ("scout_", "scout_kits")):
                if value.startswith(prefix) and int(value[len(prefix):]) > len(getattr(self,
                                                                                     table)):
                    return (f"{key} {value!r}: {table} has {len(getattr(self, table))} kits; "
                            f"expected {prefix}1 to {prefix}{len(getattr(self, table))}")
        return None

    def hired_kits(self, ftype: str) -> tuple[tuple[str, ...], ...]:
        """The kits a hired fighter of ``ftype`` comes with (weapon names; a shotgun with both
        its shell types, the text's 'scatter and manstopper'; knives are free)."""
        if ftype == "hired_gun":
            rows = tuple(tuple(c for c in row if c >= 0) +
                         ((WEAPONS.index("bowie"),) if self.hired_gun_bowie else ())
                         for row in self.hired_gun_kits)
        elif ftype == "bounty_hunter":
            rows = (tuple(self.bounty_hunter_kit),)
        elif ftype == "scout":
            rows = tuple(tuple(c for c in row if c >= 0) for row in self.scout_kits)
        else:
            return ()
        out = []
        for row in rows:
            kit = []
            for c in row:
                name = WEAPONS[c]
                kit.append(name)
                if WEAPON_KINDS[self.weapon(name)["kind"]] in ("handgun", "long_gun"):
                    kit += [alt for alt, gun in ROUND_OF.items() if gun == name]
            out.append(tuple(kit))
        return tuple(out)

    def hired_recruit(self, hire: str) -> Recruit:
        """The Recruit a HIRES entry (not 'none') names: his kit, each gun with hired_boxes
        boxes of each of its round types."""
        ftype, _, k = hire.rpartition("_") if hire != "bounty_hunter" else (hire, "", "1")
        kit = self.hired_kits(ftype)[int(k) - 1]
        shooting = (WEAPON_KINDS.index("handgun"), WEAPON_KINDS.index("long_gun"),
                    WEAPON_KINDS.index("bow"))
        boxes = tuple(w for w in kit for _ in range(self.hired_boxes)
                      if self.weapon(w)["kind"] in shooting and self.weapon(w)["box_rounds"] > 0)
        return Recruit(ftype, kit, boxes)

    def specialist_skill(self, side: int, ftype: str) -> str | None:
        """The skill side ``side``'s specialist of type ``ftype`` (shootist or pugilist) picks
        under skill_a / skill_b, or None; raises ValueError naming the key when his type may not
        pick it."""
        key = ("skill_a", "skill_b")[side]
        value = getattr(self, key)
        if value == "none":
            return None
        pool = self.shootist_skills if ftype == "shootist" else self.pugilist_skills
        if value == "auto":
            return SKILLS[self.specialist_pick[0 if ftype == "shootist" else 1]]
        if SKILLS.index(value) not in pool:
            raise ValueError(f"{key} {value!r}: a {ftype} picks from "
                             f"{'shootist' if ftype == 'shootist' else 'pugilist'}_skills "
                             f"({', '.join(SKILLS[c] for c in pool)})")
        return value

    def roster_problem(self, roster, gang_type: str) -> str | None:
        """Why ``roster`` (Recruits) is not a legal starting gang of ``gang_type``, or None:
        budget, one leader, specialists, young-blood share, set-up weapon limits, the gang type's
        weapons, cavalry kit, carrying limits, hired fighters and mixed-heritage recruits."""
        if gang_type not in GANG_TYPES:
            return f"gang type {gang_type!r}: expected one of {', '.join(GANG_TYPES)}"
        gang_bit = 1 << GANG_TYPES.index(gang_type)
        types = [r.type for r in roster]
        for t in types:
            if t not in FIGHTERS:
                return f"recruit type {t!r}: expected one of {', '.join(FIGHTERS)}"
        own = [r for r in roster if r.type not in ("hired_gun", "bounty_hunter", "scout")]
        if types.count("leader") != 1:
            return f"a gang has exactly one leader; this roster has {types.count('leader')}"
        specialists = types.count("shootist") + types.count("pugilist")
        if specialists > self.max_specialists:
            return f"{specialists} specialists: at most max_specialists ({self.max_specialists})"
        if len(own) < self.min_fighters:
            return f"{len(own)} gang members: at least min_fighters ({self.min_fighters})"
        for r in roster:
            if not r.skills:
                continue
            if r.type not in ("shootist", "pugilist"):
                return (f"a {r.type} with skills {r.skills!r}: only a specialist picks a skill at "
                        "set-up (the rest come with experience)")
            pool = self.shootist_skills if r.type == "shootist" else self.pugilist_skills
            if len(r.skills) > 1 or any(k not in SKILLS or SKILLS.index(k) not in pool
                                        for k in r.skills):
                return (f"a {r.type} with skills {r.skills!r}: expected one skill of "
                        f"{', '.join(SKILLS[c] for c in pool)}")
        if types.count("young_blood") > self.max_young_blood_share * len(own):
            return (f"{types.count('young_blood')} young bloods in {len(own)} gang members: at "
                    f"most max_young_blood_share ({self.max_young_blood_share})")
        hired, bounty = types.count("hired_gun"), types.count("bounty_hunter")
        if (hired or bounty or types.count("scout")) and not self.hire_at_setup:
            return "hired fighters at set-up need hire_at_setup"
        if self.max_hired_guns and hired > self.max_hired_guns:
            return f"{hired} hired guns: at most max_hired_guns ({self.max_hired_guns})"
        if bounty > self.max_bounty_hunters:
            return f"{bounty} bounty hunters: at most max_bounty_hunters ({self.max_bounty_hunters})"
        if hired and bounty and not self.hired_with_bounty:
            return "hired guns and a bounty hunter together need hired_with_bounty"
        if any(r.mixed for r in roster) and not self.mixed_recruit_gangs[GANG_TYPES.index(gang_type)]:
            return f"a {gang_type} gang may not recruit mixed-heritage fighters (mixed_recruit_gangs)"
        for r in own:
            msg = self._kit_problem(r, gang_type, gang_bit)
            if msg:
                return msg
        for r in roster:
            if r.type in ("hired_gun", "bounty_hunter", "scout"):
                kits = self.hired_kits(r.type)
                if not any(all(r.weapons.count(w) <= kit.count(w) for w in set(r.weapons))
                           for kit in kits):
                    return (f"a {r.type} with {', '.join(r.weapons) or 'no weapons'}: expected "
                            f"(part of) one of his kits: "
                            + "; ".join(", ".join(k) for k in kits))
                if any(ROUND_OF.get(b, b) not in r.weapons for b in r.boxes):
                    return f"{r.type}: a box without its weapon"
                rare = [w for w in r.weapons if w not in ROUND_OF
                        and self.weapon(w)["rarity"] > self.setup_max_rarity]
                if rare:  # his kit comes with him at set-up: set-up's rarity limit holds
                    key = {"hired_gun": "hired_gun_kits", "scout": "scout_kits"}.get(
                        r.type, "bounty_hunter_kit")
                    return (f"a {r.type} with {rare[0]}: it is "
                            f"{RARITY[self.weapon(rare[0])['rarity']]}; at set-up at most "
                            f"{RARITY[self.setup_max_rarity]} (setup_max_rarity; his kit: "
                            f"{key})")
                longs = [w for w in r.weapons if w not in ROUND_OF and WEAPON_KINDS[
                    self.weapon(w)["kind"]] in ("long_gun", "bow")]
                if len(longs) > self.max_long_guns:
                    return (f"a {r.type} with {', '.join(longs)}: more long guns than "
                            f"max_long_guns ({self.max_long_guns}); he carries one at a time")
        cost = self.roster_cost(roster, gang_type)
        if cost > self.gang_budget:
            return f"roster costs ${cost}: more than gang_budget (${self.gang_budget})"
        return None

    def _kit_problem(self, r: Recruit, gang_type: str, gang_bit: int) -> str | None:
        for name in r.weapons + r.boxes + r.preloads:
            if name not in WEAPONS:
                return f"{r.type}: weapon {name!r}: expected one of {', '.join(WEAPONS)}"
        main = [w for w in r.weapons if w not in ROUND_OF]
        rows = {w: self.weapon(w) for w in main}
        for w, row in rows.items():
            if row["rarity"] > self.setup_max_rarity:
                return (f"{r.type}: {w} is {RARITY[row['rarity']]}; at set-up at most "
                        f"{RARITY[self.setup_max_rarity]} (setup_max_rarity)")
            if not row["gangs"] & gang_bit:
                return f"{r.type}: {w} is not for a {gang_type} gang (weapon column 'gangs')"
        for name in r.weapons:
            if name in ROUND_OF and ROUND_OF[name] not in r.weapons:
                return f"{r.type}: {name} needs its weapon {ROUND_OF[name]}"
        for name in r.boxes:
            if ROUND_OF.get(name, name) not in r.weapons:
                return f"{r.type}: a box for {name} without the weapon"
        takes = F["spare_cylinder"] | F["tube_magazine"]
        for name in set(r.preloads):
            if name not in r.weapons or not self.weapon(name)["flags"] & takes:
                return f"{r.type}: spare cylinders or tubes only for a carried weapon that takes them"
            if r.preloads.count(name) > self.preload_max * r.weapons.count(name):
                return (f"{r.type}: {r.preloads.count(name)} spare cylinders or tubes for {name}; "
                        f"at most preload_max ({self.preload_max}) per weapon")
        kinds = [WEAPON_KINDS[row["kind"]] for row in rows.values()]
        handguns = [w for w in main if WEAPON_KINDS[rows[w]["kind"]] == "handgun"]
        if kinds.count("long_gun") + kinds.count("bow") > self.max_long_guns:
            return f"{r.type}: more long guns than max_long_guns ({self.max_long_guns})"
        big = [w for w in handguns if w in ("revolver", "revolver_perc", "large_revolver",
                                            "large_revolver_perc", "lemat")]
        if len(big) > self.max_holstered:
            return f"{r.type}: {len(big)} holstered revolvers; at most max_holstered ({self.max_holstered})"
        small = sum(w in ("small_revolver", "small_revolver_perc") for w in handguns)
        sns = handguns.count("saturday_night_special")
        if small > self.max_hideout[0] + max(self.max_holstered - len(big), 0) or sns > self.max_hideout[1]:
            return f"{r.type}: too many hideout guns (max_hideout {self.max_hideout})"
        rule = self.setup_handgun_rule
        if rule != "any" and any(w.startswith("large_revolver") or w == "heavy_pistol"
                                 for w in handguns):
            return f"{r.type}: large handguns are not for set-up (setup_handgun_rule {rule!r})"
        if rule == "each_has_one" and not any(
                w in ("small_revolver", "small_revolver_perc", "revolver", "revolver_perc", "lemat")
                for w in handguns):
            return f"{r.type}: carries no small or normal revolver (setup_handgun_rule {rule!r})"
        if rule == "handguns_only" and (kinds.count("long_gun") or kinds.count("bow")):
            return f"{r.type}: a long gun at set-up (setup_handgun_rule {rule!r})"
        if gang_type == "cavalry":
            need = [WEAPONS[c] for c in self.cavalry_kit] + (["sabre"] if self.cavalry_sabre else [])
            missing = [w for w in need if w not in r.weapons]
            if missing:
                return f"{r.type}: a cavalry recruit must carry {', '.join(missing)} (cavalry_kit)"
        return None
