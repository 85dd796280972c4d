"""Godfather rule parameters: every number the text states and every gap it leaves.

Each field's doc says what the seed text says, or, where it is silent or contradicts itself, which
reading is the default and why. ``docs/rules/godfather.md`` is the coverage table that points
here; its section "What the text leaves blank" lists the assumed tables. The engine is not built
yet: this class is the plan it will read (no number of the text may appear in a kernel).

Codes used by the tuple and table parameters (index = code):
grades ``GRADES``, leader competencies ``COMPETENCIES``, leader ranks ``RANKS``, weapons
``WEAPONS``, armour ``ARMOUR``, cover ``COVER``, civilians ``CIVILIANS``, police types
``POLICE_TYPES``, vehicles ``VEHICLES``, vehicle damage ``VEHICLE_DAMAGE``, business doubles
``BUSINESS_EFFECTS``.
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

from sim.core.params import param

VERSION = "gf-0"

GRADES = ("prospect", "punk", "hood", "gangster")  # element grade, by XP (see grade_reading)
COMPETENCIES = ("green", "competent", "veteran", "professional")  # leader level, by XP
RANKS = ("sergeant", "lieutenant", "captain", "boss")  # leader rank, by elements commanded
WEAPONS = ("ltar", "ltar_support", "htar", "htar_support", "smg", "rpg", "hmg")  # weapons rows
WEAPON_COLUMNS = ("cost", "strike_foot", "strike_vehicle", "shots", "range_cm")
ARMOUR = ("none", "light", "heavy")  # body armour classes
COVER = ("open", "soft", "light_building", "heavy_building")  # defence-table columns
CIVILIANS = ("unarmed", "militia", "police")  # what a block defender turns out to be
POLICE_TYPES = ("patrol", "riot", "armed_response", "swat")
POLICE_COLUMNS = ("grade", "weapon", "armour", "swat")
VEHICLES = ("car", "van", "truck", "bus")  # random vehicles; the APC is police-only
VEHICLE_DAMAGE = ("stalled", "immobile", "weapon_disabled", "wrecked_suppress",
                  "wrecked_wound", "explodes")  # the text's 14.2 table, faces 1..6
BUSINESS_EFFECTS = ("none", "closed", "no_income", "police", "recruit", "double_income")

# 2 = the grade boundaries as XP minimums of punk, hood and gangster, per reading of the text:
GRADE_READINGS = {
    "elements": (10, 30, 60),  # section 6: Prospect 0-9, Punk 10-29, Hood 30-59, Gangster 60+
    "shooting": (11, 31, 60),  # section 12.2: 1-10, 10-30, 30-60, 60+ (shared ends go down)
    "leaders": (11, 30, 60),  # the 8.1 leader table: Green 0-10, Competent 11-29, ...
}

TURNSET_READINGS = ("example", "literal")


def _ints(codes) -> str:
    return ", ".join(f"{i} ({c})" for i, c in enumerate(codes))


@dataclasses.dataclass(frozen=True)
class GFRules:
    """All Godfather rules as data; a sweep may change any field without touching code."""

    # ---- players and the city -------------------------------------------------------------
    players: int = param(4, "Gangs in the campaign. The text sets no number; 2 to 6 like the "
                         "other games (at 5-8 blocks each a 6x6 city holds six).", lo=2, hi=6)
    city_width: int = param(0, "Blocks east-west; 0 = automatic (see blocks_per_player). The "
                            "text: at least 4x4 blocks.", lo=0, hi=16)
    city_height: int = param(0, "Blocks north-south; 0 = automatic.", lo=0, hi=16)
    min_city_side: int = param(4, "Smallest automatic city side (text: at least 16 = 4x4 "
                               "blocks).", lo=2, hi=16)
    blocks_per_player: int = param(
        6, "Automatic city: at least this many blocks per gang, as the squarest grid (text: no "
        "fewer than five, no more than eight per player; 6 sits inside that). 2p 4x4, 3p 5x4, "
        "4p 5x5, 5p 6x5, 6p 6x6.", lo=1, hi=20)
    start_distance: int = param(
        2, "Least street (Manhattan) distance in blocks between two gangs' starting blocks "
        "(text: at least two blocks away from the nearest neighbour).", lo=1, hi=10)
    block_cells: int = param(6, "Positions per block side (text: each block is divided into a "
                             "6 x 6 box, placed by two D6).", lo=2, hi=12)
    block_cm: int = param(
        24, "Block side in cm; it sets the scale of every distance (a cell is block_cm / "
        "block_cells). Text: 20 to 36 cm. 24 makes a cell 4 cm, so the 8 cm foot move is 2 "
        "cells and the 16 cm vehicle move 4 cells exactly.", lo=20, hi=36)
    street_cm: int = param(8, "Street width between blocks in cm (the text: bare table; no "
                           "width). 8 cm = one foot move = 2 cells at the default scale.",
                           lo=0, hi=36)
    buildings_per_block: tuple = param(
        (3, 6), "Least and most buildings per block, drawn uniformly (text: three to six is "
        "ideal, one big building will do).", lo=1, hi=12)
    building_cells: int = param(2, "Side of a building's square footprint on the 6x6 sub-grid "
                                "(the text gives no size; 2x2 lets six fit).", lo=1, hi=6)
    cell_capacity: int = param(1, "Elements that may stand in one sub-grid cell (a 30-40 mm "
                               "base fills a 4 cm cell).", lo=1, hi=6)
    cover_weights: tuple = param(
        (1, 2, 1), "Relative chances that a building piece is soft cover, a light building or a "
        "heavy building (the defence table's three covered columns; the text gives no mix).",
        lo=0, hi=100)

    # ---- time ------------------------------------------------------------------------------
    turnset_reading: str = param(
        "example", "When a turn set (a week) ends. The text's rule says a D6 at the end of each "
        "turn ends the set when it is at least the number of turns in the set so far; its own "
        "example says turn 1 needs a 6, turn 2 a 5... 'example' (default): ends after turn t "
        "when the D6 >= 7 - t (mean 899/324 = 2.77 turns); 'literal': D6 >= t, so every set "
        "lasts one turn.", choices=TURNSET_READINGS)
    turnset_max: int = param(6, "A set never lasts more than this many turns (text: never more "
                             "than 6).", lo=1, hi=6)
    max_sets: int = param(
        12, "Campaign length in turn sets, then the Godfather tally. The text sets no end; 12 "
        "weekly sets is about a quarter year of city time (a sweep may lengthen it).",
        lo=1, hi=1000)
    last_standing_ends: bool = param(True, "The campaign ends early when one gang is left (it "
                                     "is then the Godfather). The text only names the tally.")

    # ---- activation --------------------------------------------------------------------------
    jokers: int = param(2, "Jokers in the activation deck (a 52-card deck plus jokers; text: "
                        "jokers can go at any point).", lo=0, hi=2)
    joker_slot: str = param(
        "first", "When a leader holding a joker acts: the text lets it pick any point. 'first' "
        "(default: acting first is the usual pick), 'last', or 'random'.",
        choices=("first", "last", "random"))
    umpire_phase: str = param(
        "last", "When civilians and police act in a turn (the text has the umpire play them "
        "but gives no slot): 'last' (after every leader) or 'first'.", choices=("last", "first"))
    umpire_actions: int = param(
        2, "Actions a civilian or police element takes in the umpire phase each turn (the text "
        "gives the umpire's elements no action points). Police may spend one on a move, the rest "
        "shoot or fight; militia only shoot. 2: what an average leader's 2D6 + bonus buys each "
        "of six elements (a move and a shot); gang elements keep up to max_actions.", lo=0,
        hi=8)

    # ---- gangs and grades ---------------------------------------------------------------------
    start_elements: int = param(6, "Elements each gang starts with (text: six is a good "
                                "starting level).", lo=1, hi=48)
    start_grade: str = param(
        "punk", "Grade of the starting elements (the text is silent). Punks: the starting "
        "leader is a competent 20 XP captain, and prospects would be outclassed by the militia "
        "(who count as punks) in the first block they enter.", choices=GRADES)
    start_cash: int = param(1000, "Cash each gang starts with in cr (the text is silent; one "
                            "business, or three sets of a starting gang's pay).", lo=0,
                            hi=1_000_000)
    start_weapon: str = param("ltar", "Firearm each starting element carries (the text is "
                              "silent; the cheapest rifle, what the militia carry).",
                              choices=WEAPONS)
    max_elements: int = param(48, "Most elements a gang may hold; recruits beyond are lost (the "
                              "record sheet has 48 rows and the leader thresholds end at 48).",
                              lo=6, hi=200)
    grade_reading: str = param(
        "elements", "Grade boundaries by XP, which the text states three ways: 'elements' "
        "(default, section 6: Prospect 0-9, Punk 10-29, Hood 30-59, Gangster 60+: complete "
        "and without overlaps), 'shooting' (section 12.2: prospects 1-10, punks 10-30, hoods "
        "30-60, gangsters 60+, read with each shared end in the lower grade: 0-10, 11-30, "
        "31-59, 60+), 'leaders' (the 8.1 leader table applied to elements: 0-10, 11-29, "
        "30-59, 60+).", choices=tuple(GRADE_READINGS))
    competency_xp: tuple = param(
        (11, 30, 60), "Least XP of a competent, veteran and professional leader (the 8.1 "
        "table: Green 0-10, Competent 11-29, Veteran 30-59, Professional 60+).", lo=1, hi=1000)

    # ---- leaders and action points --------------------------------------------------------------
    start_leader_rank: str = param("captain", "The first leader's rank (text: a captain).",
                                   choices=RANKS)
    start_leader_xp: int = param(20, "The first leader's XP (text: 20, competent).", lo=0,
                                 hi=1000)
    rank_min_elements: tuple = param(
        (3, 4, 6, 8), "Least elements a sergeant, lieutenant, captain and boss must command "
        "(text: 3, 4, 6, 8); below the next lower rank's number a leader is downgraded at the "
        "start of the next day.", lo=0, hi=48)
    ap_dice: int = param(2, "D6s a leader rolls for action points each turn (text: 2D6).",
                         lo=0, hi=6)
    ap_bonus: tuple = param(
        ((0, 1, 2, 4), (1, 2, 4, 6), (2, 4, 6, 8), (4, 6, 8, 12)),
        "Action-point bonus by rank (rows sergeant, lieutenant, captain, boss) and competency "
        "(columns); the text's 8.1 table.", kind="table", columns=COMPETENCIES, lo=0, hi=100)
    leaders_on_street: bool = param(
        False, "Leaders ride in an element (text: optional, +1 in melee). Default off: the "
        "text does not say what befalls a leader whose element is eliminated; on, each leader "
        "rides with its most experienced element, falls when that element is killed (not "
        "when it is saved, arrested or routed), and a gang left with no leader raises its "
        "most experienced element to sergeant at the next admin phase.")
    leader_melee_bonus: int = param(1, "Melee bonus of an element that holds a leader (text: "
                                    "+1).", lo=0, hi=6)
    leader_thresholds: tuple = param(
        (12, 24, 36, 48), "Gang sizes at which a new leader must be made (text: 12, 24, 36, "
        "48 elements; earlier is allowed).", lo=1, hi=200)
    promotion_xp_loss: float = param(
        0.5, "Share of its XP an element loses on becoming a sergeant (text: half).",
        kind="probability")
    promotion_rounding: str = param(
        "keep_up", "Rounding of that loss: 'keep_up' (text and its example: the kept half "
        "rounds up, a 25 XP punk becomes a 13 XP sergeant) or 'keep_down' (12).",
        choices=("keep_up", "keep_down"))
    promotion_competency_loss: int = param(
        1, "Competency levels a leader loses on promotion to a higher rank (text: one, a "
        "competent captain becomes a green boss). Not applied to a new sergeant (the text's "
        "example makes it competent at 13 XP).", lo=0, hi=3)
    head_xp_roll: str = param(
        "head", "Which leader gets no D4 XP a day (text: 'the Gang Boss'): 'head' (default: the "
        "gang's top leader, whatever its rank, as the starting captain is the gang's boss) or "
        "'rank' (only a leader of Boss rank).", choices=("head", "rank"))

    # ---- actions -----------------------------------------------------------------------------------
    max_actions: int = param(4, "Actions an element may take in a turn (text: up to 4).", lo=1,
                             hi=8)
    move_costs: tuple = param((1, 2, 4), "Action points of an element's first, second and "
                              "third move in a turn (text: 1, 2, 4).", lo=0, hi=20)
    shoot_cost: int = param(0, "Action points to shoot (text: 0).", lo=0, hi=20)
    melee_cost: int = param(0, "Action points to melee (text: 0).", lo=0, hi=20)
    vehicle_cost: int = param(0, "Action points of a try to steal (hot-wire) a vehicle (text "
                              "8.2: an attempt to get into or steal one costs 0; getting in is a "
                              "move, 8.3).",
                              lo=0, hi=20)
    barricade_cost: int = param(6, "Action points to build a barricade (text: 6).", lo=0, hi=20)
    barricade_cover: str = param("soft", "Cover a barricade gives the cell it is built in (the "
                                 "text gives none; soft cover, the lowest covered column).",
                                 choices=COVER[1:])
    foot_move_cm: int = param(8, "A foot move in cm (text: up to 8 cm).", lo=1, hi=100)
    vehicle_move_cm: int = param(16, "A vehicle move in cm (text: 16 cm per action).", lo=1,
                                 hi=200)

    # ---- shooting ----------------------------------------------------------------------------------
    to_hit: tuple = param((6, 5, 4, 3), "D6 score to hit by grade, prospect to gangster (text: "
                          "6, 5, 4, 3); police use the grade of their type.", lo=1, hi=7)
    weapons: tuple = param(
        ((200, 0, 0, 1, 0), (400, 0, 0, 2, 0), (300, 1, 1, 1, 0), (600, 1, 1, 2, 0),
         (500, 0, 0, 3, 30), (400, 0, 6, 1, 0), (1000, 3, 3, 3, 0)),
        "The weapon table, rows " + ", ".join(WEAPONS) + ": cost in cr, strike against foot "
        "and against vehicles, shots, range in cm (0 = line of sight). The text's 'with "
        "support' rifles are separate rows (double cost, two shots).", kind="table",
        columns=WEAPON_COLUMNS, lo=0, hi=100_000)
    defence_foot: tuple = param((5, 6, 7, 8), "Defence of foot elements in the open, soft "
                                "cover, a light and a heavy building (text: 5, 6, 7, 8).",
                                lo=0, hi=20)
    defence_vehicle: tuple = param((6, 6), "Defence of vehicles in the open and in soft cover "
                                   "(text: 6, 6; none in buildings).", lo=0, hi=20)
    swat_defence: tuple = param(
        (8, 7, 7), "SWAT defence against fire from the front, flank and rear (text: 8, 7, 7; "
        "the APC has the same numbers). Front: the shooter within 45 degrees of the way the "
        "element faces (the last move, else the nearest gang element).", lo=0, hi=20)
    armour_combine: str = param(
        "max", "How body armour and cover combine (the defence table gives one column for "
        "either: light armour = soft cover, heavy armour = light building): 'max' (default: "
        "the better column) or 'add' (armour steps add to the cover column, up to heavy "
        "building).", choices=("max", "add"))
    armour_costs: tuple = param((200, 500), "Cost in cr of light and heavy armour (text: 200, "
                                "500).", lo=0, hi=100_000)
    suppressions_to_eliminate: int = param(4, "Suppressions that eliminate an element (text: "
                                           "4).", lo=1, hi=20)
    suppressed_hit_penalty: int = param(
        1, "A suppressed element needs this much more to hit (text: 'combat penalties', no "
        "number; one grade worse).", lo=0, hi=6)
    recover_on: tuple = param(
        (6, 5, 4, 3), "D6 score to shed one suppression at the turn's end, by grade (text: "
        "blank). The to-hit ladder: every other grade roll in the text runs 6/5/4/3.", lo=1,
        hi=7)

    # ---- melee ---------------------------------------------------------------------------------------
    melee_grade_bonus: tuple = param((-1, 0, 1, 2), "Melee bonus by grade (text: -1, 0, +1, "
                                     "+2).", lo=-6, hi=6)
    melee_cc_bonus: int = param(1, "Close-combat weapon melee bonus (text: +1; every element "
                                "keeps one, even when it loses its other weapons).", lo=0, hi=6)
    melee_taser_bonus: int = param(
        1, "Police taser melee bonus (melee table: +1; the weapon table says +2, taken as the "
        "elite figure below).", lo=0, hi=6)
    melee_taser_elite_bonus: int = param(2, "Taser bonus of elite paramilitary police (SWAT; "
                                         "text: +2).", lo=0, hi=6)
    melee_building_dice: tuple = param(
        (1, 1, 1, 2), "Extra D6 per element defending a building, by grade (text: 1, 1, 1, 2).",
        lo=0, hi=6)
    suppressed_melee_penalty: int = param(1, "Melee score penalty of a suppressed element "
                                          "(text: no number).", lo=0, hi=6)
    melee_armour: tuple = param(
        (4, 5, 6), "Melee armour factor by body armour none, light, heavy: a hit kills on a D6 "
        ">= it, else suppresses (text: blank). 4 gives an unarmoured element an even chance; "
        "each armour class one step, as in the shooting defence table.", lo=1, hi=7)
    melee_rout_suppressions: int = param(
        4, "Melee suppressions that send an element home until the next set (text: 4).", lo=1,
        hi=20)
    melee_reach_cells: int = param(
        1, "Cells (king's move) within which two elements can melee: bases touching are in "
        "neighbouring cells (the text gives no distance).", lo=0, hi=6)
    melee_hits: str = param(
        "spread", "How a losing side's hits fall on its elements (the text: the attacker picks "
        "who fights whom): 'spread' one at a time in turn, or 'focus' on one element at a time.",
        choices=("spread", "focus"))
    taser_nonlethal: bool = param(True, "A police taser kill becomes a stun, and the stunned "
                                  "element is arrested (text: non-lethal, to arrest).")

    # ---- saving throws and specials ----------------------------------------------------------------
    save_on: int = param(
        6, "D6 score that saves an eliminated element (text: saves exist, no number). 6: no "
        "better than a green medic's save; 0 = no saving throw.", lo=0, hi=6)
    medic_save_on: tuple = param((6, 5, 4), "A medic's further save by medic level green, "
                                 "trained, veteran (text: 6, 5+, 4+).", lo=1, hi=7)
    medic_level: tuple = param(
        (0, 1, 2, 2), "Medic level (0 green, 1 trained, 2 veteran) of a medic element by grade "
        "(text: blank; prospect green, punk trained, hood and gangster veteran).", lo=0, hi=2)
    medic_reach: str = param(
        "block", "Whose failed saves a medic may retry (text: 'any element'): 'block' (elements "
        "in the medic's block: a medic must be there) or 'gang' (anywhere).",
        choices=("block", "gang"))
    wounded_return: str = param(
        "set_end", "What a saved ('wounded') element does (text: no effect stated): 'set_end' "
        "(default: goes to its HQ and is back at the next set, with only its close-combat "
        "weapon) or 'stay' (stays in play with only its close-combat weapon).",
        choices=("set_end", "stay"))
    special_on: int = param(6, "D6 score that makes a new element a special (text: 6).", lo=1,
                            hi=7)
    medic_share: float = param(
        0.5, "Share of specials that are medics, the rest mechanics (text: 'special', types "
        "blank; medics and mechanics are the only specials it names).", kind="probability")

    # ---- vehicles --------------------------------------------------------------------------------------
    vehicle_capacity: tuple = param((1, 2, 3, 6), "Elements (crew included) a car, van, truck "
                                    "and bus carry (text: 1, 2, 3, 6).", lo=1, hi=12)
    vehicle_types: tuple = param(
        (0, 0, 0, 1, 1, 2), "Type of an unattended vehicle by D6 face 1..6, codes "
        + _ints(VEHICLES) + " (text: 'dice also for vehicles', table blank). Cars are most "
        "of a street; buses are left to scenarios.", lo=0, hi=len(VEHICLES) - 1)
    vehicle_damage: tuple = param(
        (0, 1, 2, 3, 4, 5), "Effect of vehicle damage by D6 face 1..6, codes "
        + _ints(VEHICLE_DAMAGE) + " (text: the 14.2 table in that order).", lo=0,
        hi=len(VEHICLE_DAMAGE) - 1)
    hotwire_on: tuple = param((6, 5, 4, 3), "D6 score to hot-wire a vehicle by grade (text: 6, "
                              "5, 4, 3).", lo=1, hi=7)
    mechanic_grade_bonus: int = param(
        1, "Grades a mechanic counts above its own when hot-wiring (text: one); a gangster "
        "mechanic stays at the gangster score (no grade above).", lo=0, hi=3)
    vehicle_reach_cells: int = param(
        1, "King's-move cells within which an element boards, hot-wires or steps off a vehicle "
        "(the text gives no distance; 1 = on or next to it, bases touching as in melee).",
        lo=0, hi=4)
    stall_turns: int = param(
        1, "Whole turns after the current one that a stalled vehicle and its occupants lose "
        "(14.2 face 1: 'out of action for 1 turn').", lo=0, hi=6)
    escape_suppressions: int = param(
        1, "Suppressions of an occupant escaping a face-4 wreck (14.2: 'escapes with 1 "
        "suppression').", lo=0, hi=6)
    apc_swat: int = param(2, "SWAT elements in play that bring the APC (text: 2 or more).",
                          lo=1, hi=20)
    apc_capacity: int = param(3, "Police elements the APC carries besides its driver (text: "
                              "3 + 1).", lo=1, hi=12)
    apc_defence: tuple = param((8, 7, 7), "APC defence front, side, rear (text: 8, 7, 7).",
                               lo=0, hi=20)
    apc_weapon: str = param("hmg", "What the APC's twin MGs fire as (text: twin machine guns, "
                            "not in the weapon table; one HMG's fire).", choices=WEAPONS)

    # ---- blocks: civilians, police, ownership ------------------------------------------------------
    defender_die: int = param(6, "Sides of the die for a block's defending civilian elements "
                              "(text: D6).", lo=1, hi=20)
    vehicle_die: int = param(4, "Sides of the die for a block's unattended vehicles (text: "
                             "D4).", lo=1, hi=20)
    civilian_types: tuple = param(
        (0, 0, 0, 0, 1, 2), "Defender type by D6 face 1..6, codes " + _ints(CIVILIANS)
        + " (text: 1-4 unarmed, 5 militia, 6 police).", lo=0, hi=len(CIVILIANS) - 1)
    prominent_on: int = param(6, "D6 score making one unarmed defender a prominent citizen "
                              "(text: one die, 6).", lo=1, hi=7)
    militia_grade: str = param(
        "punk", "Militia grade (11.2: they count as punks; 12.2 names 'green survivalists' "
        "hitting on 6, taken as an option).", choices=GRADES)
    militia_weapon: str = param("ltar", "Militia firearm (text: assault rifles; the low-tech "
                                "one, civilian rifles).", choices=WEAPONS)
    unarmed_grade: str = param("prospect", "Grade of unarmed civilians in melee (text: blank; "
                               "the lowest).", choices=GRADES)
    surrender_die: int = param(
        6, "After a gang turn in which a defender fell, a die of this many sides higher than "
        "the defenders left makes the rest surrender (text: D6).", lo=1, hi=20)
    police_types: tuple = param(
        (0, 0, 0, 1, 2, 3), "Police type by D6 face 1..6, codes " + _ints(POLICE_TYPES)
        + " (text: 'dice again for police equipment', table blank).", lo=0,
        hi=len(POLICE_TYPES) - 1)
    police_table: tuple = param(
        ((1, 0, 1, 0), (1, 0, 2, 0), (2, 2, 1, 0), (2, 2, 2, 1)),
        "Per police type (rows " + ", ".join(POLICE_TYPES) + "): grade code (text: regular "
        "police shoot as punks, veterans as hoods), weapon code, armour code (text: police "
        "default light; riot and SWAT gear heavy), SWAT 1 (front/flank/rear defence, elite "
        "taser) or 0. Weapons are blank in the text.", kind="table", columns=POLICE_COLUMNS,
        lo=0, hi=10)
    raid_trigger_elements: int = param(12, "Raid dice start at the end of a set once a gang "
                                       "has this many elements (text: 12).", lo=1, hi=200)
    raid_on_prominent: bool = param(True, "Raid dice also start when a prominent citizen is "
                                    "killed or taken hostage (text).")
    raid_first_need: int = param(6, "D6 score for a raid at the first set of dicing; one less "
                                 "each set after (text: 6, then 5 ...).", lo=1, hi=7)
    raid_reset: bool = param(
        True, "After a raid the dicing starts again at raid_first_need (text: silent; without "
        "it every set raids once the need reaches 1).")
    raid_dice: int = param(2, "D6s of police in a raid, plus every police element in play "
                           "(text: 2D6).", lo=0, hi=10)
    raid_target: str = param(
        "biggest", "Which gang a raid hits (text: silent): 'biggest' gang (then richest, the "
        "23.1 order), entering the block holding most of its elements, or 'trigger' (the gang "
        "that started the dicing).", choices=("biggest", "trigger"))

    # ---- economy: the admin phase ----------------------------------------------------------------
    block_income: int = param(
        200, "Cash income per block held per set, in cr (text: 'cash income is:' blank). A "
        "starting gang's pay is 300 cr a set, so it needs two blocks to pay its way.", lo=0,
        hi=100_000)
    dispute_penalty: int = param(50, "Income lost per hostile gang element in a held block "
                                 "(text: 50 cr).", lo=0, hi=100_000)
    income_floor: str = param(
        "block", "Where 'income cannot be negative' applies: 'block' (default: each block's "
        "income stops at 0) or 'gang' (the set's total).", choices=("block", "gang"))
    pay_per_level: int = param(20, "Pay per element per grade level (prospect 1 .. gangster "
                               "4) and per leader per level, in cr (text: 20).", lo=0,
                               hi=100_000)
    leader_pay_level: str = param(
        "rank", "A leader's level for pay (text: 'per level', not which): 'rank' (sergeant 1 "
        ".. boss 4) or 'competency' (green 1 .. professional 4).",
        choices=("rank", "competency"))
    unpaid: str = param(
        "desert", "Elements a gang cannot pay: 'desert' (default, 18.4a: they leave; the gang "
        "is eliminated when it can pay none) or 'eliminate' (25: a gang short of its whole "
        "pay is eliminated).", choices=("desert", "eliminate"))
    bail: tuple = param((100, 200, 300, 500), "Bail by grade, prospect to gangster (text: 100, "
                        "200, 300, 500 cr).", lo=0, hi=100_000)
    unbailed_xp_loss: int = param(1, "XP every element of the gang loses per element not "
                                  "bailed (text: 1).", lo=0, hi=100)
    unbailed: str = param(
        "lost", "An element not bailed: 'lost' (default: it is gone; the text gives no later "
        "release) or 'held' (bail may be paid at a later admin phase, the XP loss each time).",
        choices=("lost", "held"))
    business_cost: int = param(1000, "Cost of a business in cr (text: 1000).", lo=0,
                               hi=1_000_000)
    business_dice: int = param(2, "D6s of a business's income per set (text: 2D6).", lo=0,
                               hi=6)
    business_unit: int = param(100, "Cr per pip of the business income (text: x 100).", lo=0,
                               hi=100_000)
    business_doubles: tuple = param(
        (1, 2, 3, 0, 4, 5), "Effect of a double on the business income dice, by the doubled "
        "face 1..6, codes " + _ints(BUSINESS_EFFECTS) + " (text: 'extra risks and rewards', "
        "table blank). Low doubles are risks, high ones rewards: 'closed' loses the business "
        "and the set's income, 'no_income' the set's income, 'police' puts a police element in "
        "the block, 'recruit' adds a prospect, 'double_income' doubles it. A set's mean income "
        "is then 2150/3 = 717 cr (700 without doubles).", lo=0, hi=len(BUSINESS_EFFECTS) - 1)
    hostage_needs: tuple = param((6, 5, 4), "D6 score ending a hostage crisis in the first, "
                                 "second and third turn held (text: 6, 5, 4+).", lo=1, hi=7)
    ransom_unit: int = param(1000, "Ransom per pip of one D6 in cr (text: 1D6 x 1000).", lo=0,
                             hi=1_000_000)
    ransom_decay: int = param(500, "Ransom lost per turn held in cr (text: 500); the ransom "
                              "never goes below 0.", lo=0, hi=1_000_000)

    # ---- experience and recruitment ----------------------------------------------------------------
    xp_per_kill: int = param(
        2, "XP an element gains per element it eliminates (text: 'experience is awarded to "
        "elements as follows:' blank). Two kills and a few sets make a prospect a punk.",
        lo=0, hi=100)
    xp_per_set: int = param(1, "XP every element gains for each set it survives (text: "
                            "blank).", lo=0, hi=100)
    leader_cash_per_xp: int = param(500, "A gang's head leader gains 1 XP per this many cr "
                                    "collected in the set (text: 500).", lo=1, hi=1_000_000)
    subordinate_xp_die: int = param(4, "Sides of the XP die other leaders roll each turn "
                                    "(text: D4 a game day).", lo=0, hi=20)
    recruit_die: int = param(3, "Sides of the new-recruit die rolled each set (text: 1 D3); "
                             "0 = none.", lo=0, hi=20)
    block_recruits: tuple = param(
        (0, 0, 1, 1, 1, 2), "Recruits by the D6 rolled per block held at the end of each set, "
        "faces 1..6 (text: 3 to 5 one, 6 two).", lo=0, hi=10)
    regenerate_from: str = param(
        "hq", "What keeps a wiped-out gang alive (text: no HQ to regenerate): 'hq' (it still "
        "holds its starting block) or 'any_block'.", choices=("hq", "any_block"))

    # ---- the Godfather tally ----------------------------------------------------------------------------
    tally_grade_points: tuple = param(
        (1, 2, 3, 4), "Tally points per element by grade (text: the tally sheet lists elements "
        "by grade; points blank).", lo=0, hi=1000)
    tally_rank_points: tuple = param((1, 2, 3, 4), "Tally points per leader by rank (blank).",
                                     lo=0, hi=1000)
    tally_block_points: int = param(2, "Tally points per block held (blank).", lo=0, hi=1000)
    tally_business_points: int = param(3, "Tally points per business (blank).", lo=0, hi=1000)
    tally_cash_per_point: int = param(1000, "Cr per tally point of cash held (blank); 0 = cash "
                                      "does not count.", lo=0, hi=1_000_000)
    tally_equipment_per_point: int = param(
        1000, "Cr of equipment (weapons, armour at their cost) per tally point (the sheet's "
        "heading names 'Equipment'; points blank); 0 = equipment does not count.", lo=0,
        hi=1_000_000)
    tally_tiebreak: str = param(
        "members_cash", "Equal highest tallies (text: 'the leader of the highest total is the "
        "Godfather'; ties not covered): 'members_cash' (default: more members, then more cash; "
        "still equal: nobody) or 'none' (nobody is the Godfather).",
        choices=("members_cash", "none"))

    # ------------------------------------------------------------------------------------------------
    def problem(self) -> str | None:
        """The first impossible value or combination, or None. Names the key and what is
        allowed."""
        for name, n, codes in (("civilian_types", 6, CIVILIANS), ("police_types", 6, POLICE_TYPES),
                               ("vehicle_types", 6, VEHICLES), ("vehicle_damage", 6, VEHICLE_DAMAGE),
                               ("business_doubles", 6, BUSINESS_EFFECTS)):
            value = getattr(self, name)
            if len(value) != n or any(not 0 <= v < len(codes) for v in value):
                return (f"{name} {value!r}: expected {n} entries (one per D6 face 1..{n}), each "
                        f"one of {_ints(codes)}")
        for name, n, what in (("to_hit", 4, "grade"), ("recover_on", 4, "grade"),
                              ("hotwire_on", 4, "grade"), ("melee_grade_bonus", 4, "grade"),
                              ("melee_building_dice", 4, "grade"), ("bail", 4, "grade"),
                              ("medic_level", 4, "grade"), ("tally_grade_points", 4, "grade"),
                              ("rank_min_elements", 4, "rank"), ("tally_rank_points", 4, "rank"),
                              ("melee_armour", 3, "armour class"), ("medic_save_on", 3, "medic level"),
                              ("hostage_needs", 3, "turn held"), ("block_recruits", 6, "D6 face"),
                              ("defence_foot", 4, "cover column"), ("defence_vehicle", 2, "cover column"),
                              ("swat_defence", 3, "facing"), ("apc_defence", 3, "facing"),
                              ("armour_costs", 2, "armour class"), ("buildings_per_block", 2, "bound"),
                              ("cover_weights", 3, "cover class"), ("competency_xp", 3, "level")):
            value = getattr(self, name)
            if len(value) != n:
                return f"{name} {value!r}: expected {n} entries, one per {what}"
        for name, rows, cols in (("weapons", WEAPONS, WEAPON_COLUMNS),
                                 ("police_table", POLICE_TYPES, POLICE_COLUMNS),
                                 ("ap_bonus", RANKS, COMPETENCIES)):
            value = getattr(self, name)
            if len(value) != len(rows) or any(len(r) != len(cols) for r in value):
                return (f"{name}: expected {len(rows)} rows ({', '.join(rows)}) of "
                        f"{len(cols)} numbers ({', '.join(cols)})")
        for i, (grade, weapon, armour, swat) in enumerate(self.police_table):
            if not (0 <= grade < len(GRADES) and 0 <= weapon < len(WEAPONS)
                    and 0 <= armour < len(ARMOUR) and swat in (0, 1)):
                return (f"police_table row {POLICE_TYPES[i]} {(grade, weapon, armour, swat)!r}: "
                        f"grade one of {_ints(GRADES)}; weapon one of {_ints(WEAPONS)}; armour "
                        f"one of {_ints(ARMOUR)}; swat 0 or 1")
        for i, row in enumerate(self.weapons):
            if row[3] < 1:
                return f"weapons row {WEAPONS[i]}: shots {row[3]!r}; expected at least 1"
        if len(self.move_costs) > self.max_actions or not self.move_costs:
            return (f"move_costs {self.move_costs!r}: expected 1 to max_actions "
                    f"({self.max_actions}) entries, the cost of each move in a turn")
        for name in ("leader_thresholds", "competency_xp"):
            value = getattr(self, name)
            if any(b <= a for a, b in zip(value, value[1:], strict=False)):
                return f"{name} {value!r}: expected strictly increasing numbers"
        if any(b < a for a, b in zip(self.rank_min_elements, self.rank_min_elements[1:],
                                     strict=False)):
            return (f"rank_min_elements {self.rank_min_elements!r}: expected non-decreasing "
                    "numbers (sergeant, lieutenant, captain, boss)")
        lo, hi = self.buildings_per_block
        if lo > hi:
            return f"buildings_per_block {self.buildings_per_block!r}: expected (least, most)"
        if not sum(self.cover_weights):
            return f"cover_weights {self.cover_weights!r}: expected at least one positive weight"
        if self.building_cells > self.block_cells:
            return (f"building_cells ({self.building_cells}) is larger than block_cells "
                    f"({self.block_cells}); expected at most block_cells")
        slots = (self.block_cells // self.building_cells) ** 2  # the city's building lots
        if hi > slots:
            return (f"buildings_per_block {self.buildings_per_block!r}: a block of block_cells "
                    f"({self.block_cells}) holds at most {slots} buildings of building_cells "
                    f"({self.building_cells}); expected (least, most) with most at most {slots}")
        if self.start_elements > self.max_elements:
            return (f"start_elements ({self.start_elements}) is more than max_elements "
                    f"({self.max_elements}); expected at most max_elements")
        if (self.city_width == 0) != (self.city_height == 0):
            return ("city_width and city_height: expected both 0 (automatic) or both set, got "
                    f"{self.city_width} and {self.city_height}")
        w, h = self.city_size()
        placed = len(_spread_starts(w, h, self.players, self.start_distance))
        if placed < self.players:
            return (f"city {w}x{h} with start_distance {self.start_distance}: found room for "
                    f"{placed} starting blocks, {self.players} players need one each; expected "
                    "a larger city or a smaller start_distance")
        return None

    # ---- derived values ------------------------------------------------------------------------
    @property
    def round_limit(self) -> int:
        """Turn sets after which a campaign stops (shared name across games: Godfather's round
        is the turn set)."""
        return self.max_sets

    def as_dict(self) -> dict:
        """Every parameter, as plain values."""
        return dataclasses.asdict(self)

    def city_size(self) -> tuple[int, int]:
        """(width, height) of the city in blocks; automatic when both are 0: the squarest grid
        with at least max(min_city_side^2, players * blocks_per_player) blocks and each side
        at least min_city_side."""
        if self.city_width and self.city_height:
            return self.city_width, self.city_height
        n = max(self.min_city_side ** 2, self.players * self.blocks_per_player)
        w = max(self.min_city_side, math.ceil(math.sqrt(n)))
        return w, max(self.min_city_side, math.ceil(n / w))

    def cells(self, cm: float) -> int:
        """A distance of the text in cm as whole sub-grid cells (rounded down: never further
        than the text allows)."""
        return math.floor(Fraction(cm) * self.block_cells / self.block_cm)

    def grade_xp(self) -> tuple[int, int, int]:
        """Least XP of a punk, a hood and a gangster under ``grade_reading``."""
        return GRADE_READINGS[self.grade_reading]

    def grade_of(self, xp: int) -> int:
        """Grade code (index into GRADES) of an element with ``xp``."""
        return sum(xp >= b for b in self.grade_xp())

    def competency_of(self, xp: int) -> int:
        """Competency code (index into COMPETENCIES) a leader's XP alone gives."""
        return sum(xp >= b for b in self.competency_xp)

    def promoted_xp(self, xp: int) -> int:
        """XP an element keeps on becoming a sergeant: it loses ``promotion_xp_loss`` of its
        XP, the kept part rounded up ('keep_up': 25 -> 13, as the text's example) or down."""
        keep = Fraction(xp) * (1 - Fraction(self.promotion_xp_loss).limit_denominator(1000))
        return math.ceil(keep) if self.promotion_rounding == "keep_up" else math.floor(keep)

    def turnset_need(self, t: int) -> int:
        """D6 score that ends the set after its ``t``-th turn (1-based), before the cap."""
        return 7 - t if self.turnset_reading == "example" else t

    def weapon(self, name: str) -> dict:
        """One weapon-table row as {column: value}."""
        return dict(zip(WEAPON_COLUMNS, self.weapons[WEAPONS.index(name)], strict=True))

    def foot_defence(self, cover: int, armour: int = 0) -> int:
        """Defence of a foot element in cover column ``cover`` (index into COVER) wearing
        armour ``armour`` (index into ARMOUR; SWAT use ``swat_defence`` instead)."""
        column = max(cover, armour) if self.armour_combine == "max" else cover + armour
        return self.defence_foot[min(column, len(self.defence_foot) - 1)]


def _spread_starts(w: int, h: int, players: int, distance: int) -> list[tuple[int, int]]:
    """Starting blocks placed greedily in row-major order, each at least ``distance`` street
    blocks (Manhattan) from the others: a sufficient check that the city holds the players
    (the engine may place them otherwise, e.g. at random among such layouts)."""
    out: list[tuple[int, int]] = []
    for y in range(h):
        for x in range(w):
            if all(abs(x - a) + abs(y - b) >= distance for a, b in out):
                out.append((x, y))
                if len(out) == players:
                    return out
    return out
