"""Westamunda state layout shared by the engine and the gunfighters (no logic here).

Every code below is taken from the name tuples of ``sim/westamunda/rules.py`` (WEAPON_COLUMNS,
WEAPON_KINDS, FLAGS, ...), so a code has one home. Fighters are indexed 0..F-1 over both sides.

Fighter table ``fm`` int64[F, N_FC] (columns F*): cell, side, type, the current profile (WS and BS
after flesh wounds, wounds left), state, pin, facing, aim, overwatch and this turn's flags.
Kit ``kit`` int64[F, K, N_KC] (columns K*): K weapon slots per fighter (K from the rosters), each a
ranged weapon with its rounds loaded, rounds in reserve and jam markers; KW -1 = empty slot.
"""

from enum import IntEnum

from sim.westamunda.rules import (
    ACTIVITIES,
    COVER,
    FIGHTERS,
    FLAGS,
    IGNITIONS,
    INJURIES,
    RELOAD_CATEGORIES,
    RELOAD_KINDS,
    SKILLS,
    WEAPON_COLUMNS,
    WEAPON_KINDS,
)

# ---- codes from rules.py ----------------------------------------------------------------------
# weapon table columns (rules.weapons rows)
WC_SHORT = WEAPON_COLUMNS.index("short_in")
WC_LONG = WEAPON_COLUMNS.index("long_in")
WC_HIT_SHORT = WEAPON_COLUMNS.index("hit_short")
WC_HIT_LONG = WEAPON_COLUMNS.index("hit_long")
WC_STRENGTH = WEAPON_COLUMNS.index("strength")
WC_DAMAGE = WEAPON_COLUMNS.index("damage")
WC_AMMO = WEAPON_COLUMNS.index("ammo")
WC_CAPACITY = WEAPON_COLUMNS.index("capacity")
WC_RELOAD = WEAPON_COLUMNS.index("reload")
WC_SFD = WEAPON_COLUMNS.index("sfd")
WC_HANDS = WEAPON_COLUMNS.index("hands")
WC_KIND = WEAPON_COLUMNS.index("kind")
WC_FLAGS = WEAPON_COLUMNS.index("flags")
WC_IGNITION = WEAPON_COLUMNS.index("ignition")
IGN_CARTRIDGE = IGNITIONS.index("cartridge")
IGN_PERCUSSION = IGNITIONS.index("percussion")
KIND_MELEE = WEAPON_KINDS.index("melee")
KIND_HANDGUN = WEAPON_KINDS.index("handgun")
KIND_LONG_GUN = WEAPON_KINDS.index("long_gun")
KIND_BOW = WEAPON_KINDS.index("bow")
KIND_THROWN = WEAPON_KINDS.index("thrown")
KIND_EXPLOSIVE = WEAPON_KINDS.index("explosive")  # dynamite: sticks lit, then thrown as a bundle
RL_ROUNDS = RELOAD_KINDS.index("rounds")  # D8 rounds a turn
RL_SINGLE = RELOAD_KINDS.index("single")  # the whole (one-round) load
RL_CHAMBER = RELOAD_KINDS.index("chamber")  # percussion: one chamber a turn
RL_QUIVER = RELOAD_KINDS.index("quiver")  # a bow: the next arrow from the quiver with each shot
FL_USER_STRENGTH = 1 << FLAGS.index("user_strength")
FL_DOUBLE = 1 << FLAGS.index("double_barrel")
FL_THROWN = 1 << FLAGS.index("throw_by_strength")  # range by the thrower's S (2 x S + 2)
FL_MELEE_GUN = 1 << FLAGS.index("fires_in_melee")  # a handgun a fighter may fire in hand-to-hand
FL_TEMPLATE = 1 << FLAGS.index("template")  # a scatter shell: a template, scattering on a miss
FL_ENTANGLE = 1 << FLAGS.index("entangle")  # a rope: a fancy roper's hit entangles (bolas, lasso)
FL_HELD = 1 << FLAGS.index("held")  # the thrower keeps hold of it (a lasso: back in his hand
#                                     after a miss; a hit ties the victim to him)
INJ_FLESH = INJURIES.index("flesh_wound")
INJ_DOWN = INJURIES.index("down")
INJ_OUT = INJURIES.index("out_of_action")
COV_NONE, COV_PARTIAL, COV_FULL = (COVER.index(c) for c in ("none", "partial", "full"))
ACT_STILL = ACTIVITIES.index("still")  # activities: index into rules.reload_category_of
ACT_WALKING = ACTIVITIES.index("walking")
ACT_CRAWLING = ACTIVITIES.index("crawling")
ACT_RUNNING = ACTIVITIES.index("running")
ACT_MELEE = ACTIVITIES.index("melee")
CAT_AUTO = RELOAD_CATEGORIES.index("auto")
CAT_ROLL = RELOAD_CATEGORIES.index("roll")
CAT_NONE = RELOAD_CATEGORIES.index("none")
FT_LEADER = FIGHTERS.index("leader")
FT_YOUNG_BLOOD = FIGHTERS.index("young_blood")
# skills (bits of FSKILL)
SK_HIP = 1 << SKILLS.index("hip_shooting")
SK_MARKSMAN = 1 << SKILLS.index("marksman")
SK_GUNFIGHTER = 1 << SKILLS.index("gunfighter")
SK_NERVES = 1 << SKILLS.index("nerves_of_steel")
SK_DODGE = 1 << SKILLS.index("dodge")
SK_TRUE_GRIT = 1 << SKILLS.index("true_grit")
SK_BODY_SLAM = 1 << SKILLS.index("body_slam")
SK_CRUSHING = 1 << SKILLS.index("crushing_blow")
SK_STEP_ASIDE = 1 << SKILLS.index("step_aside")
SK_IRON_JAW = 1 << SKILLS.index("iron_jaw")
SK_WRASSLER = 1 << SKILLS.index("wrassler")
SK_WAR_HORSE = 1 << SKILLS.index("war_horse")  # riding skills (riding_skill_a / riding_skill_b)
SK_SURE_FOOTED = 1 << SKILLS.index("sure_footed")
SK_ROOSTER = 1 << SKILLS.index("ride_like_rooster")
SK_ROPIN = 1 << SKILLS.index("fancy_ropin")
SKC_DODGE = SKILLS.index("dodge")  # SKILLS codes in Ev.SAVE
SKC_STEP_ASIDE = SKILLS.index("step_aside")

# ---- rule vector int64[N_RULES] (engine.kernel_params fills it from a WMRules) -----------------
(R_TURNS, R_BOTTLE_PCT, R_LD_DICE, R_NEEDED_BASE, R_NAT_ONE, R_CHAIN, R_I_UNDER, R_RUN_MULT,
 R_CHARGE_MULT, R_RUN_STOP, R_FIRE_ARC, R_AIM_ARC, R_SNAP_MOD, R_SHOOT_DURING_MOVE, R_RUN_AND_SHOOT,
 R_AIM_PER_TURN, R_AIM_MAX, R_AIM_CAP_TOTAL, R_AIM_LOST_FULL, R_OW_AIM, R_EMERGING_MOD,
 R_CHARGING_MOD, R_RAPID_IN, R_RAPID_MOD, R_CLOSEST, R_QUICK_DRAW, R_QD_MARGIN, R_QD_PIN_CANCELS,
 R_RELOAD_DIE, R_RELOAD_MAX, R_RELOAD_AND_FIRE, R_LOSS_DIE, R_PERC_D8, R_SFD_MOD, R_SFD_PLUS_BASE,
 R_SFD_STOPS_ALL, R_SFD_SPREAD, R_SFD_LIMITED, R_KICKBACK_GAP, R_KNOCKDOWN_S, R_KNOCKDOWN_IN,
 R_AMMO_ON, R_JAM_USELESS, R_JAMS_CLEARED, R_FLESH_PENALTY, R_FLESH_ZERO_OUT, R_UNPIN_FRIEND_IN,
 R_DOWN_ALONE_OUT, R_TWO_WEAPON_BONUS, R_CHARGE_BONUS, R_FUMBLE_BONUS, R_CRIT_BONUS, R_MELEE_ONE,
 R_MELEE_TIE_HITS, R_MELEE_WS_ROLL, R_SFD_CAN_AIM, R_CRAWL, R_DOWN_CRAWL, R_RUN_DECLARED,
 R_RAPID_RUNNING, R_KNOCKDOWN_DOWN, R_QD_FAN, R_SHOOTOUT, R_SO_TURNS, R_DIFF_COST, R_VDIFF_COST,
 R_WATER_RECOVERY, R_PERC_RAIN, R_PERC_WET, R_CART_WET, R_WET_LARGEST, R_WET_ANY_WATER,
 R_HEAVY_RAIN, R_AMMO_OVER_FAIL, R_PAIR_MOD, R_PAIR_WITHIN, R_BOTH_MOD, R_BOTH_STRENGTH,
 R_BOTH_SCATTER_HITS, R_BOTH_NO_COVER, R_TEMPLATE_REACH100, R_SCATTER_HALVED, R_SO_REROLL,
 R_MELEE_DROWN, R_MARKSMAN100, R_MARKSMAN_BOTH, R_DODGE_SAVE, R_BODY_SLAM, R_CRUSHING,
 R_STEP_ASIDE, R_IRON_JAW, R_HATRED, R_NATIVE, R_TWO_NEED_SKILL, R_GUNFIGHTER_MOD, R_ONE_HAND_MOD,
 R_NERVES_ALONE, R_HIP_RUN, R_HORSE_M, R_HORSE_T, R_RIDER_FACES, R_MOUNTED_MOD,
 R_RIDER_MOVE_LOSS, R_BOLT_EXTRA, R_FALL_S, R_FALL_DIE, R_MOUNTED_CHARGE, R_MOUNTED_SHIFT,
 R_RUNAWAY_M, R_BOW_WET, R_THROW_PER_S, R_THROW_BASE, R_CYL_WHOLE, R_MOUNT_ONE_HAND,
 R_DUCK, R_DUCK_LD1, R_DUCK_LD2, R_MELEE_GUNS, R_PISTOL_ROUNDS, R_ENTANGLE_S, R_ENTANGLED_MOD,
 R_SURE_FOOTED, R_LIGHT_TURN, R_LIGHT_ALWAYS, R_FUSE_BLOWS, R_DYN_BUNDLE, R_DYN_S, R_DYN_DICE,
 R_DYN_REACH100, _R_DYN_REACH2, _R_DYN_REACH3, _R_DYN_REACH4, _R_DYN_REACH5, _R_DYN_REACH6,
 R_LANCE_CHARGE, R_SCOPE, R_NERVE, R_NERVE_IN, R_FLEE_DICE, R_LEADER_LD_IN, R_KEEP_FLEEING,
 R_FLEE_AWAY, R_PINNED_RUNS, R_STRAY100, R_STRAY_ON, R_STRAY_NAT, R_OBSTACLE, R_FOLLOW_IN,
 R_MOUNTED_FOLLOW_IN, R_HIT_RUN, R_HIT_RUN_OUT, R_VOLUNTARY_BOTTLE, R_TWO_LONG,
 R_OBSTACLE_COST, R_HORSE_JUMP, R_RIDER_ARC, R_JUMP_MOVING, R_JUMP_CHARGE_IN,
 R_BOARD, R_BOARD_BLOWS, R_MOUNT_MOVING_MOD, R_BOUNCE_DIE, R_JUMP_BETWEEN,
 R_HELP_BONUS, R_DOUBLE_M, R_DOUBLE_FACES, R_DOUBLE_MOD, R_DEBUG) = range(168)
N_RULES = 168
# R_DOUBLE_M the M of a horse carrying two (int(horse M x double_mount_move)); R_DOUBLE_FACES
# double_mount_rider_faces (a located shot's D6 at most this: a rider, else the horse);
# R_DOUBLE_MOD double_mount_action_mod (the I tests of a man on a horse carrying two)
# R_NERVE nerve_tests 'friend_down' in a gang fight (0: none, and never in a shoot-out);
# R_NERVE_IN nerve_friend_in; R_FLEE_DICE broken_flee_dice; R_LEADER_LD_IN leader_ld_in;
# R_KEEP_FLEEING broken_keep_fleeing; R_FLEE_AWAY broken_flee_to 'cover_away' (0 'cover_nearest');
# R_PINNED_RUNS pinned_break_runs; R_STRAY100 stray_in (hundredths of an inch); R_STRAY_ON
# stray_on (0: no stray shots); R_STRAY_NAT stray_reading 'natural_one' (0 'any_miss');
# R_OBSTACLE obstacle_penalty (a charger's combat score in the charge's round, over an obstacle);
# R_FOLLOW_IN follow_up_in, R_MOUNTED_FOLLOW_IN mounted_follow_up_in (inches; 0: none)
# R_HIT_RUN hit_and_run (riders may charge past); R_HIT_RUN_OUT hit_and_run_down_out
# R_VOLUNTARY_BOTTLE voluntary_bottle (a gang may bottle out by choice when its test is due)
# R_TWO_LONG two_weapons_long_guns (a long gun, fired one-handed, may be one of two guns at once)
# R_OBSTACLE_COST obstacle_cost (a thicket's multiplier); R_HORSE_JUMP horse_jump_in (a low piece
# wider than this bars horses); R_RIDER_ARC rider_arc 'forward' (0: 'free')
# R_JUMP_MOVING jump_from_moving_horse (Act.JUMP_DOWN allowed); R_JUMP_CHARGE_IN jump_charge_in
# (inches of the leap into a fight from where he jumps down)
# R_BOARD board_enemy_horse (Act.BOARD allowed); R_BOARD_BLOWS board_blows (the boarding round's
# winner strikes his hits too); R_MOUNT_MOVING_MOD mount_moving_mod; R_BOUNCE_DIE
# mount_fail_bounce_die; R_JUMP_BETWEEN jump_between_in (0: no boarding from horseback);
# R_HELP_BONUS mount_helper_bonus (0: nobody helps a boarder up)
# horses: R_HORSE_M / R_HORSE_T the horse_profile's M and T; R_RIDER_FACES rider_hit_faces;
# R_MOUNTED_MOD mounted_target_modifier; R_RIDER_MOVE_LOSS rider_pinned_move_loss; R_BOLT_EXTRA
# horse_bolt_extra_in; R_FALL_S fall_strength; R_FALL_DIE fall_fast_hits_die; R_MOUNTED_CHARGE
# mounted_charge_bonus; R_MOUNTED_SHIFT mounted_reload_shift; R_RUNAWAY_M 1: a pinned rider's
# horse goes on at its M less the loss (runaway_move 'horse_m'), 0: at its previous move less it;
# R_BOW_WET bow_wet_ammo (a bow's ammo need in the wet); R_THROW_PER_S / R_THROW_BASE a thrown
# weapon's long range, throw_range_per_s x the thrower's S + throw_range_base (short: half)
# R_CYL_WHOLE: cylinder_fit 'whole' (a fitted spare comes full) else 'd8'; R_MOUNT_ONE_HAND:
# mounted_long_gun 'one_hand' (a rider fires a long gun one-handed at one_hand_long_gun_mod)
# R_DUCK duck_backs; R_DUCK_LD1 / R_DUCK_LD2 duck_back_ld_bonus behind partial / full cover
# R_MELEE_GUNS pistols_in_melee; R_PISTOL_ROUNDS pistol_melee_uses_rounds
# R_ENTANGLE_S entangle_fall_strength; R_ENTANGLED_MOD entangled_action_mod; R_SURE_FOOTED
# sure_footed_bonus
# R_LIGHT_TURN light_takes_turn; R_LIGHT_ALWAYS light_roll 'always' (else 'category': no roll in
# the auto band); R_FUSE_BLOWS unthrown_fuse 'explodes' (else 'snuffed'); R_DYN_BUNDLE
# dynamite_bundle; R_DYN_S dynamite_strength; R_DYN_DICE dynamite_hits_die; R_DYN_REACH100 + i
# (i = 0..5): hundredths of an inch from the centre of a bundle of i + 1 sticks' blast a
# fighter's point may be and be under it (dynamite_radius_in[i] + template_base_in)
# R_MARKSMAN100: marksman_factor in hundredths; R_NATIVE: 0 one injury die, 1 two dice the better
# kept with an out of action on either standing (native_injury 'injury_roll'/'both'), 2 the
# better kept, nothing standing ('best_of_two')
# R_TEMPLATE_REACH100: hundredths of an inch from a scatter template's centre a fighter's point may be
# and be under it (scatter_radius_in + template_base_in)

# small tables int64[N_TB]: rules tuples packed at these offsets (lengths fixed by WMRules.problem)
TB_SECOND = 0  # second_die_needs (4)
N_SECOND = 4
TB_COVER = 4  # cover_modifiers: partial, full (2)
TB_SFD = 6  # sfd_faces (6; -1 = jam)
N_SFD = 6
TB_INJURY = 12  # injury_faces (6)
TB_RECOVERY = 18  # recovery_faces (6)
TB_RELOAD_CAT = 24  # reload_category_of (len(ACTIVITIES))
TB_WATER_COVER = TB_RELOAD_CAT + len(ACTIVITIES)  # pinned_water_cover: shallow, deep (2)
TB_DROWN = TB_WATER_COVER + 2  # drown_out_on: shallow, deep (2)
TB_SCATTER = TB_DROWN + 2  # scatter_faces (6): the artillery die's inches
TB_TRUE_GRIT = TB_SCATTER + 6  # true_grit_faces (6): injury faces of a fighter with True Grit
N_TB = TB_TRUE_GRIT + 6
D6 = 6  # faces of the injury and recovery tables (their length)

# ---- fighter table columns -------------------------------------------------------------------
(FX, FY, FSIDE, FTYPE, FINDEX, FM, FWS, FBS, FS, FT, FW, FI, FA, FLD, FSTATE, FPINNED, FPIN_TURN,
 FFLESH, FFACEX, FFACEY, FAIMT, FAIMN, FAIMDX, FAIMDY, FAIMCOV, FOW, FOWN, FOWFIRED, FACT, FMOVED,
 FMOVED_IN, FFIRED, FENGAGED, FCHARGED, FRELOAD_SLOT, FMELEE_S, FTWO_HANDED, FORDER,
 FWET, FRELOAD_SHELL, FSCORE, FSKILL, FARMS, FHATES, FNATIVE, FGUNMOD, FRUNPLAN,
 FSIMUL, FHORSE, FHPIN, FHPIN_TURN, FFOOT_M, FHDX, FHDY, FHLAST, FMELEE_REST, FDUCK,
 FFOUGHT, FROPE, FROPER, FROPE_K, FROPE_D, FFUSE, FMF, FLANCE_S, FSCOPE, FBROKEN, FBROKE_TURN,
 FFELL, FOBST, FHX, FHY, FHLIE, FONEHAND, FPASS, FCARRY) = range(76)
N_FC = 76
# FINDEX: number within the side; FM..FLD: M WS BS S T W(left) I A Ld; FSTATE: ST_*;
# FPINNED 0/1, FPIN_TURN: the gang turn it was pinned in (a pin costs its owner one turn);
# FFLESH flesh wounds; FFACEX/Y facing (a direction); FAIMT aim target (-1 none), FAIMN turns
# aimed, FAIMDX/Y aiming direction, FAIMCOV the target's cover when the aim began; FOW OW_*,
# FOWN turns on aimed overwatch, FOWFIRED fired this enemy turn; FACT this turn's Act; FMOVED
# MV_* and FMOVED_IN half-inches moved, both of the fighter's latest turn (the one in progress
# included: cleared when his side's turn starts, so in the enemy's turn they tell his last
# move; running and rapid targets read them); FFIRED shot this turn; FENGAGED opponent in
# hand-to-hand (-1 none); FCHARGED charged this turn; FRELOAD_SLOT slot being reloaded or
# cleared this turn (-1 none); FMELEE_S strength bonus of the best hand weapon; FTWO_HANDED
# carries a two-handed weapon (no extra attack die); FORDER the shoot-out's I + D6 score this
# round (0: acted, or out of action); FWET bits: WET_IN_WATER he has been pinned or down in
# water, WET_DEEP he has moved through deep water (the ammo rolls' wet-weather rules);
# FRELOAD_SHELL bits: RS_SHELL this turn's reload changes the shell type (the slot's KALT row)
# first; RS_FIRST a Le Mat's barrel is loaded first;
# FSCORE the shoot-out's I + D6 score (kept for later rounds unless shootout_reroll);
# FSKILL bits 1 << SKILLS index of the skills he has; FARMS bits of arms put out of action by a
# wrassler's arm lock (ARM_LEFT, ARM_RIGHT); FHATES the fighter he hates (-1 none: the wrassler
# who locked his arm); FNATIVE 1: resilient to injury (a native war band's fighter: native_injury);
# FGUNMOD an extra to-hit modifier on his shots while it is set (the second of two handguns
# fired at once: gunfighter_modifier); FRUNPLAN half-inches of movement his declared run this
# turn is planned to spend (0: no run; hip_reading 'run'); FSIMUL 1 while he fires as a tied
# shooter of the shoot-out (simultaneous fire: his second handgun fires even if he was just hit).
# FHORSE 1: mounted (horse and rider one point; FM is then the horse's M and FFOOT_M his own);
# FHPIN 1: the horse is pinned (it bolts in its rider's next movement phase unless he calms it),
# FHPIN_TURN the gang turn it was pinned in; FHDX/FHDY the horse's heading (its latest move's
# direction: a horse whose rider is pinned goes on that way); FHLAST half-inches of its latest
# move before this turn (kept as his turn starts: a bolting horse goes its last move and more).
# FFOUGHT: the gang turn (clock[1]) of his latest hand-to-hand round (no reloading after it that
# turn; 0 none).
# FDUCK: his pin is a duck back (duck_backs), behind cover of this level (1 partial, 2 full); 0
# an ordinary pin or none.
# FMELEE_REST the strength bonus of his best hand weapon once every tomahawk he can throw is
# thrown (FMELEE_S becomes it then).
# FROPE: he is entangled (ROPE_LASSO, ROPE_BOLAS; 0 free); FROPER the fighter holding the lasso
# on him (-1: none, bolas), FROPE_K the holder's lasso slot, FROPE_D the rope's reach in
# hundredths of an inch (the distance it was thrown: the holder stepping beyond it lets go).
# FFUSE 1: he holds a bundle of dynamite lit at the end of an earlier turn of his (KLOADED of
# its slot: the lit sticks); not thrown by the end of his next turn, its fuse burns down
# (unthrown_fuse). 0: none lit, or lit in this turn's throw.
# FMF bits (his hand weapons): MF_PARRY he carries a parrying weapon (a sabre); MF_LANCE a lance
# (a weapon with flag charge_strength); MF_LANCE_HAND and it takes one hand at all times
# (lance_hand 'held'). FLANCE_S the strength bonus of his lance's blows in the round he charged
# (its row's strength + lance_charge_bonus; meaningful only with MF_LANCE).
# FSCOPE the weapon row his telescopic sight is fitted to (the bounty hunter's rifle; -1 none):
# its short range x scope_short_factor while he has not moved this turn.
# FBROKEN 1: he has failed a nerve test and is broken (no action, no shot; he flees, and rallies
# in his recovery phase), 2: broken while pinned, his run owed until the pin lifts
# (pinned_break_runs off); FBROKE_TURN the gang turn he broke in (no rally in it); FFELL 1: he
# went down or out of action since the last nerve tests (his friends near him test at the
# phase's end), 2 while those tests are taken, 3 he has taken his test at this phase's end (one
# a phase, however many rounds), 4 both 2 and 3 (marked, up again and tested: his friends still
# test for him in this round; 3 after it).
# FOBST bits of his latest charge, read only while FCHARGED is 1: OBST_OVER it ended over an
# obstacle (obstacle_penalty in the charge's round: the engine's ``_over_low``), OBST_AT_FOOT its
# target was on foot as he reached him (a rider who wins must follow up: mounted_follow_up_in).
# FHX/FHY the cell where his own horse stands riderless (-1, -1: none): where he stepped down
# (Act.DISMOUNT), or, a war horse, where he fell from it; he may mount it again (Act.MOUNT).
# A horse that leaves (an ordinary horse whose rider fell) or is ridden again has none.
# FHLIE 1: that horse, a war horse he stepped down from, lies down there (partial cover to a
# fighter on its cell or behind it from the shooter: engine ``_behind_horse``) until he mounts it.
# FPASS the rider he sits behind (a double mount, row 183; -1: none): he is on that rider's
# cell (it moves with him), on foot as far as FHORSE goes (0), takes no cell of his own in the
# occupancy scans and is never a shot's target (a shot at the horse is located: engine
# ``_on_horse``); FCARRY the passenger a rider carries (-1: none): his FM is then the horse's
# double-mounted M (R_DOUBLE_M).
# FONEHAND 1 while he fires two guns at once with a long gun among them: each long gun of the
# pair is fired one-handed (one_hand_long_gun_mod; engine ``_one_handed``, SH_ONE_HAND).
OBST_OVER, OBST_AT_FOOT = 1, 2
ROPE_LASSO, ROPE_BOLAS = 1, 2
MF_PARRY, MF_LANCE, MF_LANCE_HAND = 1, 2, 4
ARM_LEFT, ARM_RIGHT = 1, 2
RS_SHELL, RS_FIRST = 1, 2  # FRELOAD_SHELL bits
WET_IN_WATER, WET_DEEP = 1, 2
ST_STANDING, ST_DOWN, ST_OUT = 0, 1, 2
OW_NONE, OW_PLAIN, OW_AIMED = 0, 1, 2
MV_STILL, MV_WALK, MV_RUN, MV_CHARGE, MV_CRAWL = 0, 1, 2, 3, 4

# kit columns: int64[F, K, N_KC]
KW, KLOADED, KRESERVE, KJAMS, KUSELESS, KALT, KALT_RES, KSPARE, KLINK = range(9)
N_KC = 9
# A gun with two round types (a shotgun's scatter and manstopper shells: rules.ROUND_OF) is one
# slot: KW is the row of the type in the barrels (KLOADED of them, KRESERVE more), KALT the other
# type's row (-1: none carried) and KALT_RES its reserve; a reload that changes type swaps them.
# KSPARE: spare pre-loaded cylinders or tubes left for the slot's gun (Recruit.preloads: a
# revolver with flag spare_cylinder, a Spencer with tube_magazine), each fitted whole by a
# reloading turn (Ev.FIT).
# KLINK: a Le Mat's other set of chambers (-1: not a Le Mat). A Le Mat is two slots side by side:
# its nine revolver chambers (row lemat) and, in the next slot, its shotgun barrel (a lemat_*
# round type, the other type in KALT); each has its own rounds, box and jam markers (the text: a
# jam stops only the set of chambers it struck), and one reloading action loads both in the
# declared order (the chambers slot is the one with KLINK above its own index).


class Act(IntEnum):
    """A fighter's action for his turn (``D_ACT``)."""

    HOLD = 0  # stay (turning is free) and shoot in the shooting phase if the policy wants
    WALK = 1  # move up to M to (D_X, D_Y), maybe a snap shot on the way (D_MIDMOVE)
    RUN = 2  # up to M x run_multiplier; every shot this turn is a snap shot
    AIM = 3  # stay and aim at D_TARGET; the shot (or holding) comes after all movement
    OVERWATCH = 4  # watch towards (D_X, D_Y); D_AIMED: aimed overwatch (45-degree arc)
    RELOAD = 5  # reload slot D_SLOT, still or walking to (D_X, D_Y)
    CLEAR = 6  # clear a jam marker of slot D_SLOT, still or walking to (D_X, D_Y)
    CHARGE = 7  # up to M x charge_multiplier into contact with D_TARGET
    CRAWL = 8  # crawl_in to (D_X, D_Y) (a down fighter: down_crawl_in, his only action)
    DISMOUNT = 9  # a rider steps down from his still horse (it stands there: FHX, FHY); no
    #               more movement, and any shot this turn is a snap shot
    MOUNT = 10  # a man on foot walks to his own standing horse (FHX, FHY; within M) and mounts
    #             it: no more movement that turn, shooting as after a walk
    HIT_RUN = 11  # a rider charges past D_TARGET (a man on foot): one attack each as he reaches
    #               him, then he rides on to (D_X, D_Y) within his charge move; no shot that turn
    JUMP_DOWN = 12  # a rider rides (a walk, or a run with D_RUN) to (D_X, D_Y) and jumps down
    #                 there from his moving horse (an I test if it moved; the horse stands there);
    #                 with D_TARGET an enemy his leap of jump_charge_in reaches, he jumps into a
    #                 fight with him (a charge); else any shot this turn is a snap shot
    BOARD = 13  # a fighter charges to a free cell beside enemy rider D_TARGET's horse, at its
    #             side or rear if it moved (the engine picks the cheapest), and climbs on (from
    #             his own horse: jumps across, within jump_between_in): an I test if that horse
    #             moved (always from a horse), then one round of hand-to-hand with the rider;
    #             won, the rider is thrown off and he rides the horse; lost or failed, he is
    #             thrown back D3" with a fall's hits. No shot that turn.


ACT_NAMES = ("hold", "walk", "run", "aim", "overwatch", "reload", "clear jam", "charge", "crawl",
             "dismount", "mount", "hit and run", "jump down", "board")
N_ACT = len(Act)

# decision vector int64[N_DEC] written by policies
D_ACT, D_X, D_Y, D_TARGET, D_SLOT, D_MIDMOVE, D_AIMED, D_SHELL, D_FIRST, D_RUN = range(10)
N_DEC = 10
# D_SHELL 1: the reload loads the slot's other round type (KALT), the shells in the barrels going
# back to their reserve first (a Le Mat: its barrel's)
# D_FIRST 1: a Le Mat's reload loads its shotgun barrel first, 0 last (the text: declared before
# the roll; loaded last, a short reload die may leave it empty)

# firing modes (choose_shot's third value): one shot; a burst (sustained-fire dice); a double-
# barrelled gun's barrels both at once, or one after the other
FIRE_ONE, FIRE_BURST, FIRE_BOTH, FIRE_PAIR = 0, 1, 2, 3

NO_SHOT = 1 << 20  # a need matrix entry with no legal shot (larger than any real need)

# shot kinds (bits of Ev.SHOT's payload g)
SH_SNAP, SH_AIMED, SH_OVERWATCH, SH_QUICKDRAW, SH_FAN, SH_MIDMOVE = 1, 2, 4, 8, 16, 32
# double barrels: both at once (one to-hit roll), one after the other (two), the second of those
SH_BOTH, SH_PAIR, SH_SECOND = 64, 128, 256
SH_OFF_HAND = 512  # the second of two guns fired at once (the gunfighter skill)
SH_ONE_HAND = 1024  # a long gun fired one-handed by choice, as one of two guns at once (wm-21)
# the target's own to-hit modifiers that applied (bits of Ev.SHOT's payload i)
MOD_RAPID, MOD_EMERGING, MOD_CHARGING = 1, 2, 4
MOD_NO_COVER = 8  # the target's cover did not count (both barrels of scatter at once)
MOD_HIP = 16  # a running shooter's snap shot without the snap modifier (hip shooting)
MOD_MARKSMAN = 32  # in the short band only through marksman's longer short range
MOD_ONE_ARM = 64  # a long gun fired one-handed (one arm out of action): one_hand_long_gun_mod
MOD_MOUNTED = 128  # the target is mounted: horse and rider a large target (mounted_target_modifier)
MOD_SCOPE = 256  # in the short band only through a telescopic sight's longer short range

# ---- records -----------------------------------------------------------------------------------
# per-game int64[N_GAME_COLS]
(G_WINNER, G_TURNS, G_END, G_FIRST, G_SHOTS, G_HITS, G_AIMED, G_SNAP, G_FANS, G_RELOADS, G_JAMS,
 G_QUICK_DRAWS, G_OW_SHOTS, G_MELEE, G_ERROR, G_ERROR_ROUND) = range(16)
N_GAME_COLS = 16
# G_WINNER side (-1 draw); G_TURNS rounds played (each side one turn a round); G_END END_*;
# G_FIRST the side that took the first turn; G_SHOTS..G_MELEE totals of the side columns
# (to-hit rolls, hits, aimed to-hit rolls, snap to-hit rolls, bursts, reload actions, jam
# markers, quick-draw tests, overwatch to-hit rolls, hand-to-hand rounds); G_ERROR: debug
# mode's first broken invariant (Bad), G_ERROR_ROUND its round.
END_BOTTLE, END_LIMIT, END_SHOT_DOWN = 0, 1, 2
END_NAMES = ("bottle", "turn_limit", "shot_down")
# shot_down: the shoot-out's end, a side with no fighter standing (all down or out of action)

# per-side int64[2, N_SIDE_COLS]
(S_START, S_STANDING, S_DOWN, S_OOA, S_TAKEN_OUT, S_SHOTS, S_HITS, S_WOUNDS, S_AIMED, S_AIM_HITS,
 S_SNAP, S_SNAP_HITS, S_FANS, S_FAN_SHOTS, S_FAN_HITS, S_OW_SHOTS, S_QD_TRIED, S_QD_WON,
 S_RELOADS, S_RELOAD_FAILS, S_ROUNDS_LOADED, S_ROUNDS_LOST, S_AMMO_ROLLS, S_JAMS, S_CLEARS,
 S_JAMS_CLEARED, S_PINS, S_AIMS_LOST, S_CHARGES, S_MELEE_ROUNDS, S_MELEE_HITS, S_BOTTLE_TESTS,
 S_KICKBACKS, S_KNOCKDOWNS, S_DRY, S_DROWNED, S_WET, S_BOTH_BARRELS, S_PAIRS, S_BLASTS,
 S_SCATTERS, S_BLAST_HITS, S_FRIENDLY_HITS, S_SHELL_SWAPS, S_SAVES, S_ARM_LOCKS, S_OFF_HAND,
 S_HIP_SHOTS, S_NATIVE_SAVES, S_RIDERS, S_HORSE_HITS, S_HORSES_LOST, S_FALLS, S_BOLTS,
 S_RUNAWAYS, S_DISMOUNTS, S_CALMED, S_THROWS, S_FITS, S_DUCKS, S_LEMAT_SHELLS,
 S_LEMAT_SHORT, S_GUN_BLOWS, S_ENTANGLED, S_TANGLE_TRIES, S_UNTANGLED, S_TANGLED_ACTS,
 S_ROPES_LOST, S_LIT, S_LIGHT_FAILS, S_DYN_THROWN, S_DUDS, S_FUSES, S_DYN_HITS,
 S_DYN_OWN, S_PARRIES, S_PARRIES_TURNED, S_LANCE_BLOWS, S_SCOPE_SHOTS, S_NERVE_TESTS,
 S_BREAKS, S_FLIGHTS, S_RALLIES, S_STRAY_ROLLS, S_STRAY_HITS, S_OBSTACLE_CHARGES,
 S_FOLLOW_UPS, S_MOUNTS, S_HIT_RUNS, S_HIT_RUN_HITS, S_HIT_RUN_BACK,
 S_VOLUNTARY_BOTTLES, S_HORSES_LYING, S_ONE_HAND, S_JUMPS, S_JUMP_FALLS,
 S_JUMP_CHARGES, S_BOARDS, S_BOARD_FAILS, S_BOARDS_WON, S_BOARDS_LOST,
 S_BOARD_HELPS, S_DOUBLE_UPS, S_DOUBLE_FAILS, S_GET_DOWNS, S_REINS, S_PASSENGER_HITS
 ) = range(107)
N_SIDE_COLS = 107
SIDE_NAMES = ("fighters_start", "standing_end", "down_end", "out_of_action_end", "enemies_taken_out",
              "shots", "hits", "wounds", "aimed_shots", "aimed_hits", "snap_shots", "snap_hits",
              "fans", "fan_shots", "fan_hits", "overwatch_shots", "quick_draws_tried",
              "quick_draws_won", "reloads", "reload_fails", "rounds_loaded", "rounds_lost",
              "ammo_rolls", "jams", "clear_actions", "jams_cleared", "pins", "aims_lost",
              "charges", "melee_rounds", "melee_hits", "bottle_tests", "kickbacks", "knockdowns",
              "dry_turns", "drowned", "got_wet", "both_barrels", "barrel_pairs", "blasts",
              "scatters", "blast_hits", "friendly_hits", "shell_swaps", "skill_saves", "arm_locks",
              "off_hand_shots", "hip_shots", "native_saves", "riders", "horse_hits",
              "horses_lost", "falls", "bolts", "runaways", "dismounts", "horses_calmed",
              "throws", "cylinders_fitted", "ducks_caused", "lemat_shells_loaded",
              "lemat_barrel_short", "gun_blows", "entangled", "untangle_tries", "untangled",
              "tangled_actions", "lassos_lost", "dynamite_lit", "light_fails",
              "dynamite_thrown", "dynamite_duds", "fuses_burnt", "dynamite_hits",
              "dynamite_own_hits", "parries", "parries_turned", "lance_charge_blows",
              "scope_shots", "nerve_tests", "breaks", "flights", "rallies", "stray_rolls",
              "stray_hits", "obstacle_charges", "follow_ups", "mounts", "hit_runs",
              "hit_run_hits", "hit_run_hits_back", "voluntary_bottles", "horses_lying",
              "one_hand_shots", "jumps_down", "jump_falls", "jump_charges", "boards",
              "board_fails", "boards_won", "boards_lost", "board_helps", "double_ups",
              "double_fails", "passengers_off", "reins_taken", "passenger_hits")
# shots: to-hit rolls (one a round fired); aimed/snap/fan_shots count to-hit rolls of that kind
# (a snap fan counts in both); fans: bursts fired; pins: enemies pinned by hits; aims_lost:
# aims this side lost because the target left sight or the arc or went into cover (moving or
# knocked back); dry_turns: turns a fighter wanted to shoot with no loaded, unjammed weapon;
# drowned: this side's fighters put out of action by drowning (an injury face, or with
# water_recovery_drowning a recovery face, the table would not have made out of action);
# got_wet: this side's fighters pinned or down in water (Ev.WET); both_barrels: double-barrelled
# shots with both barrels at once, barrel_pairs: with both one after the other; blasts: scatter
# templates placed (Ev.BLAST), scatters: those that scattered off a miss; blast_hits: hits the
# templates dealt (every fighter under one, the centred target of a double blast included, but
# not the target's own hit of a single scatter shot, counted in hits); friendly_hits: of those
# and of stray second barrels, hits on the firer's own side; shell_swaps: reloads that changed
# the round type; skill_saves: hits this side's fighters avoided by dodge or step aside;
# arm_locks: arm locks this side's wrasslers won (an arm already locked counts again);
# off_hand_shots: to-hit rolls of second handguns fired at once; hip_shots: to-hit rolls of
# running hip shooters spared the snap modifier (a second barrel's at a bare point too);
# native_saves: injury rolls of this side's resilient fighters whose second die bettered the
# first; riders: this side's fighters mounted at the start; horse_hits: hits (shots and
# blows) this side put on horses (the location die's horse faces); horses_lost: this side's
# horses brought down (wounded by a shot, a blow or running into something); falls: this
# side's riders thrown or brought down (a horse falling, a failed stay-on test, a rider going
# down); bolts: this side's pinned horses bolting; runaways: this side's horses going on
# straight with their riders pinned; dismounts: riders stepping down; mounts: fighters on foot
# mounting their standing horse again (Act.MOUNT); horses_calmed: pinned
# horses whose rider regained control (the I test at his turn's start); lemat_shells_loaded:
# shells loaded into Le Mat shotgun barrels; lemat_barrel_short: Le Mat reloads with the barrel
# declared last whose reload die ran out before the empty barrel (a shell there to load);
# gun_blows: hand-to-hand blows this side struck with a handgun (pistols_in_melee), each a round.
# entangled: enemies this side's fancy ropers entangled (Ev.ENTANGLE); untangle_tries: this side's
# entangled fighters' turns spent trying to get free (Ev.UNTANGLE), untangled: those that
# succeeded; tangled_actions: turns this side's entangled fighters acted while staying entangled
# (at entangled_action_mod; a bolas victim crawling at most); lassos_lost: lassos this side's
# ropers let go of (stepping beyond the rope, going down or out of action).
# dynamite_lit: bundles this side's fighters lit (Ev.LIGHT passed), light_fails: lighting rolls
# failed; dynamite_thrown: bundles thrown (each one to-hit roll, counted in shots and hits too);
# dynamite_duds: thrown bundles that missed and did not go off (the artillery die's misfire
# face); fuses_burnt: lit bundles not thrown in time (Ev.FUSE: gone off where the holder was,
# or snuffed under unthrown_fuse 'snuffed'); dynamite_hits: hits this side's dynamite dealt
# (everyone under a blast, its own fighters included; not in blast_hits, which are the scatter
# shells'), dynamite_own_hits: of those, on this side's own fighters.
# parries: rounds this side's fighters parried (Ev.PARRY: the only parrying weapon in the fight,
# losing); parries_turned: of those, rounds the parry turned (the parrier no longer lost);
# lance_charge_blows: blows this side struck with a lance's charge strength (the round its
# holder charged; lance_charge_bonus).
# scope_shots: to-hit rolls this side made in the short band only through a telescopic sight
# (MOD_SCOPE: the bounty hunter's rifle, fired without moving).
# nerve_tests: leadership tests this side's fighters took when a friend near them went down or
# out of action (Ev.NERVE); breaks: those failed (the fighter broken); flights: this side's
# broken fighters' runs for cover (Ev.FLEE: on breaking, again in later turns out of cover or
# in sight, and breaking away from hand-to-hand); rallies: broken fighters who passed the
# rally test (Ev.RALLY).
# stray_rolls: dice this side's friends rolled for this side's missed shots passing within
# stray_in of them (Ev.STRAY); stray_hits: of those, friends the stray shot hit.
# obstacle_charges: this side's charges that ended over an obstacle (low terrain under the
# charger or his target: obstacle_penalty on the charger's combat score in that round).
# follow_ups: this side's winners of a fight who followed up (Ev.FOLLOW_UP that moved them:
# follow_up_in, or a mounted charger's mounted_follow_up_in).
# hit_runs: this side's riders' hit-and-runs that reached their target (Ev.HIT_RUN: the one
# attack each was struck); hit_run_hits: hits those riders struck with it (not in melee_hits,
# nor the rounds in melee_rounds: no fight is joined; their obstacle penalties are in
# obstacle_charges and their parries in parries); hit_run_hits_back: hits this side's men on
# foot struck back at riders making a hit-and-run at them; voluntary_bottles: 1 if this side
# bottled out by choice (no test; its gunfighter's ``bottle_at``, rule voluntary_bottle);
# horses_lying: war horses this side's riders stepped down from and had lie down (Ev.LIE_DOWN);
# one_hand_shots: to-hit rolls of long guns fired one-handed by choice as one of two guns at
# once (SH_ONE_HAND; not those of a locked arm, a lance or the reins); jumps_down: this side's
# riders' jumps down from their horses (Act.JUMP_DOWN, Ev.JUMP; from a still horse too);
# jump_falls: those that failed the I test from a moving horse (the fall's hits followed);
# jump_charges: those that leapt into a fight (also counted in charges); boards: this side's
# fighters' climbs onto an enemy rider's horse (Act.BOARD, Ev.BOARD: he reached it); board_fails:
# those whose I test failed (thrown back, a fall's hits); boards_won: those that won the round
# (the rider thrown off, the horse taken); boards_lost: those that lost it (thrown back);
# board_helps: this side's fighters who gave up their action to help a friend climb onto a
# moving horse (Ev.HELP: +mount_helper_bonus each to his I test; wm-25).


FALL_HORSE, FALL_THROWN, FALL_DOWN, FALL_ROPE, FALL_JUMP, FALL_BOARDED, FALL_BOARD = range(7)
# Ev.FALL why: the horse fell, he failed to stay on, he went down in the saddle, a fancy roper's
# rope pulled him off, he failed his jump down from a moving horse (he lands on foot beside it: it
# stands there), a boarder won the fight for his horse (thrown off, he lands where the boarder
# stood; the horse is the boarder's now), a boarder failed his climb or lost the fight (thrown
# back: Ev.THROWN_BACK first; also a man who failed his climb up behind a friend rider, Ev.DOUBLE
# b=0 first)


class Bad(IntEnum):
    """Invariants checked in debug mode (after every gang turn)."""

    OK = 0
    OFF_TABLE = 1  # a fighter on the table outside it
    SHARED_CELL = 2  # two fighters on the table on one cell
    ROUNDS = 3  # rounds loaded below 0 or above the weapon's capacity (dynamite: a lit bundle above
    #             dynamite_bundle), or reserve below 0
    JAMS = 4  # negative jam markers
    PROFILE = 5  # wounds below 0, or WS/BS below 0
    ENGAGED = 6  # engaged with a fighter who is gone, or with a friend
    RIDER = 7  # a mounted fighter down, or not moving at the horse's M (double-mounted M when
    #            he carries a passenger)
    PASSENGER = 8  # a passenger whose rider is gone, down, on foot, elsewhere or not carrying
    #                him; or a passenger down, mounted or in hand-to-hand


class Ev(IntEnum):
    """Event kinds: rows (round, fighter, kind, a..i) of the trace (``sim.core.trace``); the
    payload of each kind is listed next to it; fighter -1 where no fighter acts."""

    DEPLOY = 0  # round 0: a=x, b=y, c=side, d=FIGHTERS type, e=slot 0 weapon, f=slot 1 (-1),
    #             g=1 mounted
    TURN = 1  # fighter -1: a=side whose turn starts (-1: a shoot-out round, both sides)
    BOTTLE = 2  # fighter -1: a=side, b=2D6 total, c=Ld used, d=1 passed; d=2 bottled out by
    # choice (no test: b fighters down or out of action, c the gang's fighters at the start)
    UNPIN = 3  # a=1 escaped the pin (I test passed), 0 stays pinned this turn; b=1 the test was
    #            re-rolled (nerves of steel); c=1 a duck back's leadership test (duck_backs):
    #            d=the dice's total, e=the Ld it was taken on (with the cover's bonus)
    ACTION = 4  # a=Act, b=target, c=x, d=y, e=slot, f=fire during the move, g=aimed
    MOVE = 5  # a=x0, b=y0, c=x1, d=y1, e=MV_* (one step of a path)
    AIM = 6  # a=target, b=turns aimed (bonus turns of the next aimed shot)
    AIM_LOST = 7  # a=target, b=why (0 out of sight, 1 left the arc, 2 behind cover, 3 aimer
    #               pinned, down or moved, 4 target gone)
    OVERWATCH = 8  # a=1 aimed, b=direction x, c=direction y
    SHOT = 9  # a=target, b=weapon row, c=need, d=first die, e=hit (0/1), f=aim turns, g=SH_* bits,
    #          h=the target's COVER code, i=MOD_* bits (rapid, emerging, charging target)
    WOUND = 10  # a=shooter (or opponent; -1 a fall's hit), b=need (0: cannot wound), c=die,
    #             d=1 wounded
    INJURY = 11  # a=die, b=INJURIES code the roll gives (the worst of several rolls stands),
    #              c=second die of a resilient fighter (native_injury; 0 none), d=1 True Grit
    PINNED = 12  # a=the fighter whose hit pinned him (or -1: kickback, or a fall's hit)
    AMMO = 13  # a=slot, b=need, c=die, d=1 passed (0: a jam marker, or useless)
    RELOAD = 14  # a=slot, b=RELOAD_CATEGORIES code, c=1 BS roll passed, d=die, e=loaded, f=lost;
    #              a Le Mat (a = its barrel's slot): g=1 barrel declared first, 2 last, h=rounds
    #              loaded into its chambers (slot KLINK), i=rounds lost from their box (else 0)
    CLEAR = 15  # a=slot, b=category, c=1 passed, d=jams left
    BURST = 16  # a=target, b=dice, c=shots, d=jam faces, e=SH_* bits of the occasion
    QUICK_DRAW = 17  # a=the overwatcher, b=1 passed the I test
    MELEE = 18  # a=opponent, b=own score, c=opponent's (melee_reading 'ws_roll': hits), d=hits
    #             struck, e=hits suffered, f=own attack dice showing 6, g=the opponent's (0 under
    #             'ws_roll'; a fighter who fired a handgun in the round takes an ammo roll each),
    #             h=own charge bonus counted in the score (``_charge_bonus``: a war horse's kept
    #             one included), i=the opponent's (both counted under 'combat_score' only)
    RECOVERY = 19  # a=die, b=0 recovers (flesh wound), 1 stays down, 2 out of action
    KICKBACK = 20  # a=weapon row, b=1 passed the S test (stays up)
    KNOCKDOWN = 21  # a=shooter, b=1 passed the S test, c=x, d=y after
    CHARGED = 22  # a=the fighter charged (base contact), b=1 over an obstacle (engine._over_low)
    END = 23  # fighter -1: a=winning side (-1 draw), b=END_*
    TAKEN_OUT = 24  # out of action with no roll saying so (the INJURY and RECOVERY rolls that put
    #                 a fighter out log none): a=the fighter responsible (-1 none), b=why (0 down
    #                 in hand-to-hand, down_alone_out; 1 WS and BS both 0, flesh_zero_out)
    PIN_LIFTED = 25  # the pin ends without a test: a=why (0 it has cost its turn, recovery phase;
    #                  1 charged: a fighter in hand-to-hand cannot be pinned)
    OW_LOST = 26  # an overwatcher loses his shot at a mover who won the quick draw: a=the mover,
    #               b=why (0 down or out of action, 1 pinned: quick_draw_pin_cancels, 2 the mover
    #               is no longer a shot he can take: out of sight, arc or range)
    WET = 28  # a=FWET bit newly set (WET_IN_WATER: pinned or down in water; WET_DEEP: moved
    #           through deep water), b=x, c=y of the water cell
    BLAST = 29  # a scatter template placed by fighter (the firer): a, b = its centre x, y in
    #             tenths of an inch; c = tenths of an inch it scattered (0: on the point
    #             struck); d = direction in degrees (-1: none); e = 1 one hit each, else the die
    #             of hits each (double_both_scatter_hits); f = fighters under it; g = weapon
    #             row; h = sticks (a bundle of dynamite; 0 a shell); i = 1 a dud (a thrown
    #             bundle's misfire: nothing goes off, f = 0)
    BLAST_HIT = 30  # fighter under a template: a = the firer, b = hits he takes, c = tenths of
    #                 an inch from its centre
    POINT_SHOT = 31  # a second barrel with no target near the point struck, fired at the point:
    #                  a, b = the point (tenths of an inch), c = need, d = die, e = hit
    SHELLS = 32  # a reload changes the round type: a = slot, b = the new row, c = shells taken
    #              out of the barrels (back to their reserve)
    TIE = 33  # shoot-out: fighter -1, both sides have fighters at score a; b = the side whose
    #           fighters take their actions first (a coin)
    SAVE = 34  # a hit avoided by a skill: a=the attacker, b=SKILLS code (dodge, step_aside),
    #            c=die, d=1 avoided, e=1 in hand-to-hand
    ARM_LOCK = 35  # a wrassler who won the combat locks the fighter's arm: a=the wrassler,
    #                b=the arm (ARM_LEFT/ARM_RIGHT, a D6: 1-3 left), c=FARMS after
    RUN = 36  # a declared run under way: a=half-inches of movement it is planned to spend (its
    #           path's cost to where it is bound: hip_reading 'run')
    LOCATE = 37  # a hit on a mounted fighter located: a=the attacker, b=die, c=1 the horse (0 the
    #              rider), d=1 a blow in hand-to-hand; a horse carrying two (a shot): e=the second
    #              D6 that picks the rider (4-6 the passenger; 0 none rolled), f=1 the passenger
    #              was hit (the hit's events follow on him)
    HORSE = 38  # a hit on the horse: a=the attacker (-1: it ran into something), b=S, c=need,
    #             d=die, e=1 wounded (it falls), else pinned (it panics)
    FALL = 39  # the rider falls: a=hits taken (fall_strength each), b=why (FALL_*), c=1 the horse
    #            had moved above its base rate (the die of hits)
    STAY_ON = 40  # a pinned or wounded rider's I test to stay on: a=1 passed, b=why (0 pinned or
    #               wounded, 1 the horse ran into something), c=the test's modifier (a sure-footed
    #               rider's sure_footed_bonus; 0 none)
    CALM = 41  # the rider of a pinned horse tries to regain control (I test): a=1 passed, b=the
    #            test's modifier (sure_footed_bonus; 0 none)
    BOLT = 42  # the horse moves on its own: a=0 bolts (pinned), 1 goes on straight (rider pinned);
    #            b=half-inches it is to go, c, d=direction (tenths), e=half-inches gone, f=1 it ran
    #            into something solid
    DUCK = 44  # a missed shot makes the target duck back (duck_backs): a=the firer, b=cover level
    #            (1 partial, 2 full), c=the need without the cover modifier, d=the die
    FIT = 43  # a reloading turn fitting a spare cylinder or tube: a=slot, b=category, c=1 BS roll
    #           passed (fitted), d=die (cylinder_fit 'd8'; 0 'whole'), e=rounds it puts in the gun,
    #           f=rounds of the cylinder taken out set aside as loose rounds (KRESERVE), g=spares left
    GUN_BLOW = 45  # a hand-to-hand blow struck with a handgun (pistols_in_melee): a=the opponent,
    #                b=slot, c=weapon row, d=the blow's strength, e=rounds left in the gun
    ENTANGLE = 46  # a fancy roper's hit entangles the fighter (before its fall's hit and the
    #                rope's own): a=the roper, b=ROPE_* kind, c=weapon row, d=1 he was mounted
    #                (pulled off: an Ev.FALL follows with no hits of its own), e=the rope's reach
    #                (hundredths of an inch; 0 bolas)
    UNTANGLE = 47  # an entangled fighter's turn: a=1 free, b=why (0 his escape tests, 1 the
    #                lasso let go: its holder stepped beyond it, went down or out), c=the S test
    #                (-1 none: bolas or let go; 0 failed, 1 passed), d=its modifier (his S less
    #                the roper's), e=the I test (-1 none), f=1 he stays entangled and acts
    #                (at entangled_action_mod) instead of trying
    LIGHT = 48  # lighting a bundle of dynamite: a=slot, b=RELOAD_CATEGORIES code (heavy rain and
    #             a horse move it up), c=1 lit, d=the BS roll's die (0: no roll: light_roll
    #             'category' in the auto band), e=sticks lit (the bundle, 0 failed), f=sticks left
    #             unlit, g=1 lit as part of the throw (light_takes_turn off), h=the BS test's
    #             need (needed_base less his reloading BS; 0: no roll)
    PARRY = 50  # a fighter with a parrying weapon (a sabre) losing the round parries: the
    #             opponent re-rolls his highest attack die (before the round's Ev.MELEE, whose
    #             scores are the final ones): a=the opponent, b=the face re-rolled, c=the new
    #             face, d=the opponent's score before, e=after, f=1 the parrier no longer loses
    NERVE = 51  # a nerve test (a friend near him went down or out): a=that friend, b=2D6 total,
    #             c=the Ld tested (his, or his leader's within leader_ld_in), d=1 passed
    FLEE = 52  # a broken fighter runs for cover: a, b = from x, y; c, d = to x, y; e=inches rolled
    #            (broken_flee_dice D6), f=why (0 he broke, 1 still out of cover or in sight at his
    #            turn, 2 breaking away from hand-to-hand); g=1 he ends in cover and unseen
    RALLY = 53  # a broken fighter in cover and unseen rallies (recovery phase): a=2D6 total, b=the
    #             Ld tested, c=1 passed (no longer broken)
    STRAY = 54  # a missed shot passes within stray_in of the firer's friend (fighter): a=the
    #             firer, b=the target missed, c=the D6, d=1 he is hit (c at most stray_on: the
    #             hit's own events follow), e=hundredths of an inch from the line of fire
    MOUNT = 56  # a fighter on foot mounts his standing horse where it stands (his cell): a, b =
    #             x, y; c=half-inches he walked to it this turn
    LIE_DOWN = 58  # a war horse stepped down from lies down at a, b (its rider's cell): partial
    #                cover there and behind it until he mounts it again (wm-20)
    JUMP = 59  # a rider jumps down from his horse (Act.JUMP_DOWN) where it is (his cell; it stands
    #            there riderless): a=1 it moved this turn, b=1 above its base rate, c=1 he passed
    #            the I test, 0 failed (his fall's hits follow: FALL_JUMP), -1 no test (a still
    #            horse); d=the test's modifier; e=the enemy he leaps at (-1: none; his charge's
    #            steps and Ev.CHARGED follow if his leap reaches him)
    BOARD = 60  # a fighter beside enemy rider a's horse climbs on (Act.BOARD, wm-24): b=1 he jumps
    #             across from his own horse (it stands riderless on his cell), c=1 the I test
    #             passed, 0 failed, -1 none (a still horse, climbed from the ground); d=its
    #             modifier; e=1 he won the round (SEIZE and the rider's FALL FALL_BOARDED follow),
    #             -1 lost it, 0 a stand-off (he stays beside the horse), -2 no round (failed);
    #             f, g=his and the rider's combat scores (0, 0: no round); h=his combat bonus
    #             (charge, climbing); i=1 the horse (or either horse) went above its base rate
    THROWN_BACK = 61  # a boarder thrown back from the horse (failed or beaten): a, b=the cell he
    #                   lands on, c=the inches rolled (mount_fail_bounce_die), d=1 a fight lost;
    #                   his FALL (why FALL_BOARD) follows
    SEIZE = 62  # a boarder who won takes the horse: he is on its cell (a, b) now, mounted; its
    #             rider c lands on the boarder's cell (d, e), his FALL (why FALL_BOARDED) next
    DOUBLE = 64  # a man on foot climbs up behind friend rider a (Act.BOARD at a friend, row 183):
    #              b=1 the I test passed, 0 failed (Ev.THROWN_BACK and his FALL FALL_BOARD follow),
    #              -1 no test (the horse still); c=its modifier (mount_moving_mod above its base
    #              rate, mount_helper_bonus per helper); d=1 the horse's latest move was above its
    #              base rate. Passed, he is on a's cell, a passenger
    PASS_OFF = 65  # a passenger leaves the horse of rider a: b, c = the cell he lands on (the
    #                nearest free one beside it); d=why: -1 he gets down (Act.DISMOUNT), else a
    #                FALL_* (his Ev.FALL with the hits follows); e=1 an I test was taken (getting
    #                down from a moving horse), f=1 passed, g=its modifier
    REINS = 66  # a passenger takes the reins of the horse rider a came off (he rides it now,
    #             single-mounted): a's landing cell b, c (the nearest free one beside the horse;
    #             his own cell if he is out of action in the saddle); enemy aims on a are
    #             checked where he lands (AIM_LOST rows may follow)
    HELP = 63  # a friend gives a boarder a leg up (wm-25): a=the boarder (climbing from the ground
    #            onto enemy rider b's moving horse; his Ev.BOARD follows, its modifier including
    #            mount_helper_bonus for each helper); the helper touches the boarder's cell, is up,
    #            unpinned, free, on foot, not broken and has not acted: helping is his action (no
    #            move, shot or reload this turn)
    HIT_RUN = 57  # a rider's hit-and-run reaches its target (his cell now): a=the target, b, c =
    #               the rider's and the target's combat scores (one attack die each), d, e =
    #               hits each strikes, f, g = their charge bonuses, h=1 over an obstacle
    FOLLOW_UP = 55  # a winner of hand-to-hand follows up (end of the phase): a, b = from x, y;
    #                 c, d = to x, y (his own cell: he stays); e=1 forced (a mounted charger's
    #                 momentum), f=half-inches of reach the move cost
    FUSE = 49  # a lit bundle not thrown by the end of its holder's next turn: a=sticks, b=1 it
    #            went off where he is (unthrown_fuse 'explodes': an Ev.BLAST follows), 0 he
    #            snuffed it (the sticks back unlit)
    ORDER = 27  # shoot-out (shootout_order 'i_plus_d6'): a=I, b=D6, c=the score (highest acts
    #             first, equal scores together)
