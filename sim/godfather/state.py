"""Godfather campaign state as plain int64 arrays (numba kernels read and write them in place)
and the rule vector the kernels read (``kernel_params``). A first slice: the layouts the admin
phase (``sim/godfather/admin.py``) needs; the engine will extend them.

Elements ``el`` int64[players * max_elements, N_E]: gang g owns rows [g * max_elements, (g + 1)
* max_elements), so a gang can never run out of rows (recruits past max_elements are lost).
Leaders ``ld`` int64[players * max_leaders, N_L], likewise per gang. Gangs ``gg`` int64[players,
N_G]. Blocks ``bk`` int64[blocks, N_B]. ``at_block`` int64[rows of el]: the block an element
stands in, -1 in a street or off the map (the engine keeps it with the positions).
"""

from __future__ import annotations

import numpy as np

from sim.godfather.rules import COVER, GRADES, RANKS, WEAPONS, GFRules

# element columns (E_X, E_Y: map cell, -1 off the map; E_LEADER: the leader row commanding it;
# E_ACTIONS, E_MOVES: actions and moves taken this turn)
E_STATUS, E_XP, E_SPECIAL, E_WEAPON, E_ARMOUR, E_SUPP, E_MSUPP, E_X, E_Y, E_LEADER, E_ACTIONS, \
    E_MOVES = range(12)
N_E = 12
# element statuses: FREE = an empty row
FREE, ACTIVE, WOUNDED, JAILED, ROUTED = range(5)
# specials
SPECIAL_NONE, MEDIC, MECHANIC = range(3)

# leader columns (L_RANK: 0 sergeant .. 3 boss; L_LOST: competency levels lost to promotions;
# L_AP: action points left this turn; L_RIDES: 1 + the element row the leader rides in with
# ``leaders_on_street``, 0 for none)
L_ALIVE, L_RANK, L_XP, L_LOST, L_AP, L_RIDES = range(6)
N_L = 6

# gang columns
G_CASH, G_OUT, G_HQ, G_COLLECTED, G_DESERTED, G_RECRUITED, G_THRESHOLDS, G_HOSTAGE = range(8)
N_G = 8  # G_COLLECTED: cash collected this set; G_THRESHOLDS: leader thresholds reached;
# G_HOSTAGE: turns the gang's hostage has been held (0: none held)

# block columns
B_OWNER, B_ENTERED, B_BUSINESS, B_ATTACKER, B_FELL = range(5)
N_B = 5  # B_BUSINESS: 0 none, 1 running (opened at an admin phase, it pays from the next);
# B_ATTACKER: the gang whose element last removed one of its defenders; B_FELL: a defender
# fell in the current gang turn (the surrender check's trigger)

# civilian columns (block defenders, police): C_KIND 0 = an empty row
C_KIND, C_BLOCK, C_X, C_Y, C_GRADE, C_WEAPON, C_ARMOUR, C_POLICE, C_SWAT, C_PROMINENT, C_SUPP = \
    range(11)
N_C = 11
NO_CIV, UNARMED, MILITIA, POLICE, APC = range(5)  # C_KIND: 1 + CIVILIANS codes, then the APC
# vehicle columns: V_TYPE -1 = an empty row; V_OWNER -1 = unattended
V_TYPE, V_BLOCK, V_X, V_Y, V_OWNER, V_DAMAGE = range(6)
N_V = 6

# rule vector (kernel_params): scalars, then the per-grade / per-face tables
(R_MAX_ELEMENTS, R_MAX_LEADERS, R_BLOCK_INCOME, R_DISPUTE, R_FLOOR_GANG, R_PAY, R_LEADER_PAY_RANK,
 R_XP_PER_SET, R_RECRUIT_DIE, R_SPECIAL_ON, R_MEDIC_SHARE_PCT, R_KEEP_UP, R_N_THRESH,
 R_KEEP_PM,  # per mille of its XP a new sergeant keeps
 R_SET_EXAMPLE, R_SET_MAX, R_JOKERS, R_JOKER_SLOT, R_SUB_XP_DIE, R_CASH_PER_XP,
 R_HEAD_BY_RANK) = range(21)
R_GRADE_XP = 21  # 3 entries: least XP of punk, hood, gangster
R_COMPETENCY_XP = 24  # 3 entries
R_BLOCK_RECRUITS = 27  # 6 entries, one per D6 face
R_THRESH = 33  # leader_thresholds, R_N_THRESH entries (at most MAX_THRESH)
JOKER_FIRST, JOKER_LAST, JOKER_RANDOM = range(3)
MAX_THRESH = 8
# block entry (11.1-11.4, 12.1)
(R_DEFENDER_DIE, R_VEHICLE_DIE, R_PROMINENT_ON, R_SURRENDER_DIE, R_CELL_CAP, R_BLOCK_CELLS,
 R_MILITIA_GRADE, R_MILITIA_WEAPON, R_UNARMED_GRADE) = range(R_THRESH + MAX_THRESH,
                                                            R_THRESH + MAX_THRESH + 9)
R_CIV_TYPES = R_UNARMED_GRADE + 1  # 6 entries: civilian kind code by D6 face
R_POLICE_TYPES = R_CIV_TYPES + 6  # 6 entries: police type by D6 face
R_POLICE_TABLE = R_POLICE_TYPES + 6  # 4 types x 4 columns (grade, weapon, armour, swat)
R_VEHICLE_TYPES = R_POLICE_TABLE + 16  # 6 entries: vehicle type by D6 face
# businesses, hostages, raids (17.6, 20.2, 24)
(R_BUSINESS_DICE, R_BUSINESS_UNIT, R_RANSOM_UNIT, R_RANSOM_DECAY, R_RAID_FIRST_NEED) = range(
    R_VEHICLE_TYPES + 6, R_VEHICLE_TYPES + 11)
R_BUSINESS_DOUBLES = R_RAID_FIRST_NEED + 1  # 6 entries: effect code by doubled face
R_HOSTAGE_NEEDS = R_BUSINESS_DOUBLES + 6  # 3 entries: D6 needed in turns 1..3 held
# leaders and actions (8.1-8.2)
R_AP_DICE = R_HOSTAGE_NEEDS + 3
R_MAX_ACTIONS = R_AP_DICE + 1
R_AP_BONUS = R_MAX_ACTIONS + 1  # 4 ranks x 4 competencies
R_RANK_MIN = R_AP_BONUS + 16  # 4 entries: least elements per rank
R_MOVE_COSTS = R_RANK_MIN + 4  # MAX_ACTIONS_ROOM entries: cost of the 1st, 2nd ... move
MAX_ACTIONS_ROOM = 8
# shooting (12.2-14.4, 16.1)
(R_ARMOUR_ADD, R_SUPP_ELIM, R_SUPP_HIT_PEN, R_SAVE_ON) = range(R_MOVE_COSTS + MAX_ACTIONS_ROOM,
                                                               R_MOVE_COSTS + MAX_ACTIONS_ROOM
                                                               + 4)
R_TO_HIT = R_SAVE_ON + 1  # 4 entries by grade
R_DEFENCE_FOOT = R_TO_HIT + 4  # 4 entries by cover column
R_WEAPONS = R_DEFENCE_FOOT + 4  # per weapon: strike foot, strike vehicle, shots, range cells
N_WEAPON_COLS = 4
R_SWAT_DEF = R_WEAPONS + N_WEAPON_COLS * len(WEAPONS)  # 3 entries: front, flank, rear
R_MELEE_SPREAD = R_SWAT_DEF + 3  # 1: a losing side's hits go round its fighters; 0: focus
# the turn loop (sim/godfather/engine.py): scalars, then the per-grade / per-class tables
(R_FOOT_CELLS, R_MELEE_CC, R_MELEE_TASER, R_MELEE_TASER_ELITE, R_SUPP_MELEE_PEN, R_MELEE_ROUT,
 R_MELEE_REACH, R_TASER_NONLETHAL, R_MEDIC_REACH_GANG, R_WOUNDED_STAY, R_UNBAILED_XP,
 R_UNBAILED_HELD, R_BUSINESS_COST, R_XP_PER_KILL, R_REGEN_ANY, R_UNPAID_ELIM, R_TALLY_BLOCK,
 R_TALLY_BUSINESS, R_TALLY_CASH, R_TALLY_EQUIP, R_MAX_SETS, R_LAST_STANDING, R_UMPIRE_FIRST,
 R_PROMO_LOSS, R_LEADERS_STREET, R_LEADER_MELEE, R_UMPIRE_ACTIONS, R_SHOOT_COST,
 R_MELEE_COST) = range(R_MELEE_SPREAD + 1, R_MELEE_SPREAD + 30)
R_RECOVER_ON = R_MELEE_COST + 1  # 4 entries by grade
R_MELEE_GRADE = R_RECOVER_ON + 4  # 4 entries by grade
R_MELEE_BUILDING = R_MELEE_GRADE + 4  # 4 entries by grade
R_MELEE_ARMOUR = R_MELEE_BUILDING + 4  # 3 entries by armour class
R_MEDIC_SAVE = R_MELEE_ARMOUR + 3  # 3 entries by medic level
R_MEDIC_LEVEL = R_MEDIC_SAVE + 3  # 4 entries by grade
R_BAIL = R_MEDIC_LEVEL + 4  # 4 entries by grade
R_WEAPON_COST = R_BAIL + 4  # one per weapon
R_ARMOUR_COST = R_WEAPON_COST + len(WEAPONS)  # 2 entries: light, heavy
R_TALLY_GRADE = R_ARMOUR_COST + 2  # 4 entries by grade
R_TALLY_RANK = R_TALLY_GRADE + 4  # 4 entries by rank
(R_START_CASH, R_START_ELEMENTS, R_START_XP, R_START_WEAPON, R_START_RANK,
 R_START_LEADER_XP, R_TIEBREAK, R_N_MOVES) = range(R_TALLY_RANK + 4, R_TALLY_RANK + 12)
R_VEHICLE_DAMAGE = R_N_MOVES + 1  # 6 entries: the 14.2 effect code by D6 face
(R_VEHICLE_COST, R_BARRICADE_COST, R_BARRICADE_COVER) = range(R_VEHICLE_DAMAGE + 6,
                                                              R_VEHICLE_DAMAGE + 9)
N_R = R_BARRICADE_COVER + 1
# business effects: the rules' BUSINESS_EFFECTS codes
FX_NONE, FX_CLOSED, FX_NO_INCOME, FX_POLICE, FX_RECRUIT, FX_DOUBLE = range(6)


def max_leaders(rules: GFRules) -> int:
    """Leader rows per gang: the first leader and one per threshold."""
    return 1 + len(rules.leader_thresholds)


def kernel_params(rules: GFRules) -> np.ndarray:
    """The rules the admin kernels read, as int64[N_R]."""
    if len(rules.leader_thresholds) > MAX_THRESH:
        raise ValueError(f"leader_thresholds {rules.leader_thresholds!r}: at most {MAX_THRESH} "
                         "entries")
    if len(rules.move_costs) > MAX_ACTIONS_ROOM:
        raise ValueError(f"move_costs {rules.move_costs!r}: at most {MAX_ACTIONS_ROOM} entries")
    rp = np.zeros(N_R, dtype=np.int64)
    rp[R_MAX_ELEMENTS] = rules.max_elements
    rp[R_MAX_LEADERS] = max_leaders(rules)
    rp[R_BLOCK_INCOME] = rules.block_income
    rp[R_DISPUTE] = rules.dispute_penalty
    rp[R_FLOOR_GANG] = rules.income_floor == "gang"
    rp[R_PAY] = rules.pay_per_level
    rp[R_LEADER_PAY_RANK] = rules.leader_pay_level == "rank"
    rp[R_XP_PER_SET] = rules.xp_per_set
    rp[R_RECRUIT_DIE] = rules.recruit_die
    rp[R_SPECIAL_ON] = rules.special_on
    rp[R_MEDIC_SHARE_PCT] = round(100 * rules.medic_share)
    rp[R_KEEP_UP] = rules.promotion_rounding == "keep_up"
    rp[R_N_THRESH] = len(rules.leader_thresholds)
    rp[R_KEEP_PM] = round(1000 * (1 - rules.promotion_xp_loss))
    rp[R_SET_EXAMPLE] = rules.turnset_reading == "example"
    rp[R_SET_MAX] = rules.turnset_max
    rp[R_JOKERS] = rules.jokers
    rp[R_JOKER_SLOT] = ("first", "last", "random").index(rules.joker_slot)
    rp[R_SUB_XP_DIE] = rules.subordinate_xp_die
    rp[R_CASH_PER_XP] = rules.leader_cash_per_xp
    rp[R_HEAD_BY_RANK] = rules.head_xp_roll == "rank"
    rp[R_GRADE_XP:R_GRADE_XP + 3] = rules.grade_xp()
    rp[R_COMPETENCY_XP:R_COMPETENCY_XP + 3] = rules.competency_xp
    rp[R_BLOCK_RECRUITS:R_BLOCK_RECRUITS + 6] = rules.block_recruits
    rp[R_THRESH:R_THRESH + len(rules.leader_thresholds)] = rules.leader_thresholds
    rp[R_DEFENDER_DIE] = rules.defender_die
    rp[R_VEHICLE_DIE] = rules.vehicle_die
    rp[R_PROMINENT_ON] = rules.prominent_on
    rp[R_SURRENDER_DIE] = rules.surrender_die
    rp[R_CELL_CAP] = rules.cell_capacity
    rp[R_BLOCK_CELLS] = rules.block_cells
    rp[R_MILITIA_GRADE] = GRADES.index(rules.militia_grade)
    rp[R_MILITIA_WEAPON] = WEAPONS.index(rules.militia_weapon)
    rp[R_UNARMED_GRADE] = GRADES.index(rules.unarmed_grade)
    rp[R_CIV_TYPES:R_CIV_TYPES + 6] = rules.civilian_types
    rp[R_POLICE_TYPES:R_POLICE_TYPES + 6] = rules.police_types
    rp[R_POLICE_TABLE:R_POLICE_TABLE + 16] = np.asarray(rules.police_table).ravel()
    rp[R_VEHICLE_TYPES:R_VEHICLE_TYPES + 6] = rules.vehicle_types
    rp[R_BUSINESS_DICE] = rules.business_dice
    rp[R_BUSINESS_UNIT] = rules.business_unit
    rp[R_RANSOM_UNIT] = rules.ransom_unit
    rp[R_RANSOM_DECAY] = rules.ransom_decay
    rp[R_RAID_FIRST_NEED] = rules.raid_first_need
    rp[R_BUSINESS_DOUBLES:R_BUSINESS_DOUBLES + 6] = rules.business_doubles
    rp[R_HOSTAGE_NEEDS:R_HOSTAGE_NEEDS + 3] = rules.hostage_needs
    rp[R_AP_DICE] = rules.ap_dice
    rp[R_MAX_ACTIONS] = rules.max_actions
    rp[R_AP_BONUS:R_AP_BONUS + 16] = np.asarray(rules.ap_bonus).ravel()
    rp[R_RANK_MIN:R_RANK_MIN + 4] = rules.rank_min_elements
    rp[R_MOVE_COSTS:R_MOVE_COSTS + len(rules.move_costs)] = rules.move_costs
    rp[R_ARMOUR_ADD] = rules.armour_combine == "add"
    rp[R_SUPP_ELIM] = rules.suppressions_to_eliminate
    rp[R_SUPP_HIT_PEN] = rules.suppressed_hit_penalty
    rp[R_SAVE_ON] = rules.save_on
    rp[R_TO_HIT:R_TO_HIT + 4] = rules.to_hit
    rp[R_DEFENCE_FOOT:R_DEFENCE_FOOT + 4] = rules.defence_foot
    for w, (_, strike_foot, strike_vehicle, shots, range_cm) in enumerate(rules.weapons):
        at = R_WEAPONS + N_WEAPON_COLS * w  # range 0 = as far as the eye sees
        rp[at:at + 4] = strike_foot, strike_vehicle, shots, rules.cells(range_cm)
    rp[R_SWAT_DEF:R_SWAT_DEF + 3] = rules.swat_defence
    rp[R_MELEE_SPREAD] = rules.melee_hits == "spread"
    rp[R_FOOT_CELLS] = rules.cells(rules.foot_move_cm)
    rp[R_MELEE_CC] = rules.melee_cc_bonus
    rp[R_MELEE_TASER] = rules.melee_taser_bonus
    rp[R_MELEE_TASER_ELITE] = rules.melee_taser_elite_bonus
    rp[R_SUPP_MELEE_PEN] = rules.suppressed_melee_penalty
    rp[R_MELEE_ROUT] = rules.melee_rout_suppressions
    rp[R_MELEE_REACH] = rules.melee_reach_cells
    rp[R_TASER_NONLETHAL] = rules.taser_nonlethal
    rp[R_MEDIC_REACH_GANG] = rules.medic_reach == "gang"
    rp[R_WOUNDED_STAY] = rules.wounded_return == "stay"
    rp[R_UNBAILED_XP] = rules.unbailed_xp_loss
    rp[R_UNBAILED_HELD] = rules.unbailed == "held"
    rp[R_BUSINESS_COST] = rules.business_cost
    rp[R_XP_PER_KILL] = rules.xp_per_kill
    rp[R_REGEN_ANY] = rules.regenerate_from == "any_block"
    rp[R_UNPAID_ELIM] = rules.unpaid == "eliminate"
    rp[R_TALLY_BLOCK] = rules.tally_block_points
    rp[R_TALLY_BUSINESS] = rules.tally_business_points
    rp[R_TALLY_CASH] = rules.tally_cash_per_point
    rp[R_TALLY_EQUIP] = rules.tally_equipment_per_point
    rp[R_MAX_SETS] = rules.max_sets
    rp[R_LAST_STANDING] = rules.last_standing_ends
    rp[R_UMPIRE_FIRST] = rules.umpire_phase == "first"
    rp[R_PROMO_LOSS] = rules.promotion_competency_loss
    rp[R_LEADERS_STREET] = rules.leaders_on_street
    rp[R_LEADER_MELEE] = rules.leader_melee_bonus
    rp[R_UMPIRE_ACTIONS] = rules.umpire_actions
    rp[R_SHOOT_COST] = rules.shoot_cost
    rp[R_MELEE_COST] = rules.melee_cost
    rp[R_RECOVER_ON:R_RECOVER_ON + 4] = rules.recover_on
    rp[R_MELEE_GRADE:R_MELEE_GRADE + 4] = rules.melee_grade_bonus
    rp[R_MELEE_BUILDING:R_MELEE_BUILDING + 4] = rules.melee_building_dice
    rp[R_MELEE_ARMOUR:R_MELEE_ARMOUR + 3] = rules.melee_armour
    rp[R_MEDIC_SAVE:R_MEDIC_SAVE + 3] = rules.medic_save_on
    rp[R_MEDIC_LEVEL:R_MEDIC_LEVEL + 4] = rules.medic_level
    rp[R_BAIL:R_BAIL + 4] = rules.bail
    rp[R_WEAPON_COST:R_WEAPON_COST + len(WEAPONS)] = [w[0] for w in rules.weapons]
    rp[R_ARMOUR_COST:R_ARMOUR_COST + 2] = rules.armour_costs
    rp[R_TALLY_GRADE:R_TALLY_GRADE + 4] = rules.tally_grade_points
    rp[R_TALLY_RANK:R_TALLY_RANK + 4] = rules.tally_rank_points
    rp[R_START_CASH] = rules.start_cash
    rp[R_START_ELEMENTS] = rules.start_elements
    rp[R_START_XP] = (0, *rules.grade_xp())[GRADES.index(rules.start_grade)]
    rp[R_START_WEAPON] = WEAPONS.index(rules.start_weapon)
    rp[R_START_RANK] = RANKS.index(rules.start_leader_rank)
    rp[R_START_LEADER_XP] = rules.start_leader_xp
    rp[R_TIEBREAK] = rules.tally_tiebreak == "members_cash"
    rp[R_N_MOVES] = len(rules.move_costs)
    rp[R_VEHICLE_DAMAGE:R_VEHICLE_DAMAGE + 6] = rules.vehicle_damage
    rp[R_VEHICLE_COST] = rules.vehicle_cost
    rp[R_BARRICADE_COST] = rules.barricade_cost
    rp[R_BARRICADE_COVER] = COVER.index(rules.barricade_cover)
    return rp


def civilian_rows(rules: GFRules, blocks: int) -> int:
    """Rows of the civilian table for a city's block defenders: every block's largest
    defender roll (police raids will add their own rows when the engine brings them)."""
    return blocks * rules.defender_die


def vehicle_rows(rules: GFRules, blocks: int) -> int:
    """Rows of the vehicle table: every block's largest vehicle roll."""
    return blocks * rules.vehicle_die


def civilians(rules: GFRules, blocks: int):
    """Empty civilian and vehicle tables: (cv int64[civilian_rows, N_C], vh int64[vehicle_rows,
    N_V])."""
    cv = np.zeros((civilian_rows(rules, blocks), N_C), dtype=np.int64)
    vh = np.zeros((vehicle_rows(rules, blocks), N_V), dtype=np.int64)
    vh[:, V_TYPE] = -1
    vh[:, V_OWNER] = -1
    return cv, vh


def empty(rules: GFRules, blocks: int):
    """Empty state: (el, ld, gg, bk) for ``rules.players`` gangs and ``blocks`` blocks."""
    p = rules.players
    el = np.zeros((p * rules.max_elements, N_E), dtype=np.int64)
    ld = np.zeros((p * max_leaders(rules), N_L), dtype=np.int64)
    gg = np.zeros((p, N_G), dtype=np.int64)
    bk = np.zeros((blocks, N_B), dtype=np.int64)
    bk[:, B_OWNER] = -1
    gg[:, G_HQ] = -1
    return el, ld, gg, bk
