"""Render a Westamunda event trace (``engine.replay``) as text a designer reads without the
code: the two gangs, a map at deployment and at the end (labelled axes, a legend in which each
symbol has one meaning), then each gang turn: bottle tests, pin escapes, every action and move,
every shot with the score it needed and why, wounds, injuries, jams, reloads, hand-to-hand and
recovery rolls, and why the fight ended.

The shoot-out (``WMRules.scenario``) is told the same way: its intro names the two lines on the
bare table, the order and the end; under shootout_order 'turns' its rounds are gang turns, and
under 'i_plus_d6' each round is a fast draw (``Ev.TURN`` with no side): the order rolls in one
line in the first round (Ev.ORDER), and in each later round a line says the order stands, the
rule the first time (with shootout_reroll every round rolls afresh); then score by score,
highest first, the fighters of that score (equal scores together: when both sides have some,
a coin (Ev.TIE) says whose take their actions first; each acts in turn, a pinned one taking his
escape test (Ev.UNPIN) when his score comes, a failure costing him that activation, his pin
lifting after it (Ev.PIN_LIFTED); then they shoot at the same moment, so one hit by another of
his score still fires, and at the BS he had when the score's shooting began, which the
narrator says when a wound of the same score has lowered it since), then hand-to-hand and the
recovery of both sides. The narrator mirrors the engine's loop over scores to say who did not
act or shoot, and why.

Only the trace, the table and the rules are read. Every change of a fighter's state has its
event (going out of action with no roll saying so is TAKEN_OUT, a pin ending without a test
PIN_LIFTED, an overwatcher losing his shot OW_LOST), and a shot's event gives the target's cover
and modifiers, so the narrator reconstructs only what it tells of the engine's loops: which
hand-to-hand pairs fight and which come apart, which fighters did not act or shoot, and the
range band of a shot (its breakdown is checked against the score logged). An aimed shot spends
the aim before it is fired.

Water and slow ground (``WMRules.waterway``, ``rough_patches``) are drawn on the maps with the
shared ``GROUND_CHARS`` (in the legend only when the table has them); a move's line names the
slow ground it went through (the terrain of each MOVE's cell), the slow-ground rule said under
it the first time; each wet mark (Ev.WET) is told with what it does to the fighter's ammo rolls,
every ammo roll above the gun's own score says why (rain, wet powder, soaked cartridges: the
text's rule, mirrored by ``_Story.ammo_need``), a roll that only the water put out of action is
told as drowning, and a pinned target's cover from the water is named in the shot's breakdown
when the line of fire alone gives less. On a dry table nothing of this is said.

Shotguns and sawn-offs (double-barrelled, scatter or manstopper shells, 'shotgun (scatter
shells)'): a shot says its firing mode (one barrel, both at once, both one after the other:
the first, then 'the second barrel' at a target near where the first struck, at the bare point
itself (Ev.POINT_SHOT), or wide when the engine fired it at nothing) and its breakdown adds the
barrels' modifier (SH_BOTH, SH_PAIR) and says when the cover does not count (MOD_NO_COVER); a
scatter template (Ev.BLAST) says where it went down or how far and which way it scattered and
whom it caught, each fighter under it (Ev.BLAST_HIT) how many hits, a friend hit by his own
side's shell as such; a wound says the shell's strength (+1 for manstoppers both at once), a
change of shells (Ev.SHELLS) is told before its reload, and the closing line counts each side's
templates and their hits. None of it is said in a fight without them.

Skills and resilience (wm-4): the opening roster names each fighter's skill (the rosters passed
to ``narrate``, else the rules' own gangs, ``builds.side_roster``, as ``gangsim play`` fights
them) with its rule, and a native war band's resilience. In the fight, what the trace logs: a
hit dodged or stepped aside from, or the save failed (Ev.SAVE); a wrassler's arm lock and the
hatred it brings (Ev.ARM_LOCK; the hatred named in the hand-to-hand line it counts in); the
second of two handguns fired at once (SH_OFF_HAND); a shot's hip shooting, marksman's longer
short range and a long gun fired one-handed (MOD_HIP, MOD_MARKSMAN, MOD_ONE_ARM, in its
breakdown); the two injury dice of a resilient fighter and True Grit's injury table (Ev.INJURY
c, d); a failed escape test re-rolled by nerves of steel (Ev.UNPIN b).

Horses (wm-5): the opening roster says who rides (Ev.DEPLOY g) and gives the horse's profile,
and the maps mark a rider with his own symbol (``legend``: R side A, S side B); the turn
headers name who still rides and whose horse is pinned. In the fight: a mounted rider rides or
gallops where a man on foot walks or runs, and may dismount (Act.DISMOUNT: a snap shot after
it); a shot at horse and rider names the large target's modifier (MOD_MOUNTED); each hit on
them is located, the horse or the rider (Ev.LOCATE); a hit on the horse rolls to wound it: it
falls, or it is pinned and panics (Ev.HORSE); a rider pinned or wounded, or whose horse ran into
something, tests to stay on (Ev.STAY_ON); a rider falls (Ev.FALL) with the fall's hits told as
its pins and wound rolls (Ev.PINNED and Ev.WOUND with no fighter behind them); the rider of a
pinned horse tries to calm it (Ev.CALM); a horse that moves on its own, bolting or going on
under a pinned rider, is told as one line rewritten step by step (its Ev.MOVE rows, then
Ev.BOLT) with where it stopped and why, a crash included; a rider charging a man on foot has
the horse's bulk named in the combat. Reloads in the saddle say so (mounted_reload_shift), and
the closing line counts each side's falls, dismounts and horses lost, bolted and calmed. None
of it is said in a fight on foot.

Spare cylinders and tubes, the rein hand (wm-7): the opening roster names each gun's spare
pre-loaded cylinders or tubes (the rosters' ``preloads``, as the engine shares them out among
a fighter's guns); a reloading turn that fits one (Ev.FIT) is told as a fit with its roll and
what it did: under cylinder_fit 'whole' the gun full and the rounds of the old cylinder set
aside as loose rounds, under 'd8' the die and the rounds it put in, a failed roll keeping the
spare; each with the spares left. A long gun fired one-handed from the saddle (MOD_ONE_ARM by
a rider, mounted_long_gun 'one_hand') names the rein hand, not a locked arm.

Duck backs (the text's optional rule, ``duck_backs``): a missed shot that made its target duck
back behind his cover (Ev.DUCK) is told under the shot, with the cover (where it is: behind low
cover, behind a wall or a building, inside a building; partial or full), the die that would
have hit but for it and the score needed without it, the rule the first time; the target is
pinned from then on in the narrator's picture as in the engine's (a mover's move ends, his aim
goes, his activation in a fast draw is lost as a pin's), and the escape test at his next turn
is told as the leadership test it is (Ev.UNPIN c=1: the dice, his Ld and the cover's bonus, no
friend needed). A hit pinning him later is said to replace the duck back, and the closing line
counts the duck backs each side's misses caused. None of it is said with the rule off.

Stray shots (reference 2.4: stray_in, stray_on, stray_reading): a missed shot of a gun or bow
flies on past each friend of the firer (down ones too) within stray_in of its line of fire,
between firer and target, in turn from the firer out (Ev.STRAY, one a friend), until one is
hit. Each is told under the shot (after its duck back, if any), with the friend's die: 'The miss
flies on past A3 (0.3" off the line of fire): a 4, clear.', the next 'It flies on past A5
(...)', the one hit 'a 1: the stray shot strikes A5.', the rule said the first time; what the
hit does to him (where it lands on a rider, a save, the pin, the wound at the shot's S, the
injury, down, out of action) follows as the firer's hit, as a template's on a friend does, and
in a fast draw's shooting a friend so hit by one of his score who still fires is told as hit by
his own side's fire. The closing line counts each side's stray-shot dice and the hits among
them (the tidy stray_rolls and stray_hits). Under stray_on 0 no miss strays, and none of it is
said.

A down fighter up again with a flesh wound on his recovery roll is pinned, unless he is still
in hand-to-hand (reference 4.1: a fighter in hand-to-hand cannot be pinned): his recovery line
then says he fights on with his opponent, not pinned. A rider thrown down in hand-to-hand by
his horse's fall (a blow located on it wounding it) is out of action as a fighter downed by a
blow is (down_alone_out), told under the fall's hits.

Le Mats (wm-8): a Le Mat is two kit slots, its nine chambers (row ``lemat``) and, in the next,
its shotgun barrel (a row of its shell type, ``lemat_part``). The opening roster names it once,
'Le Mat (its shotgun barrel loaded with scatter shells; 1 box of scatter shells)', its slots
and boxes as the engine deals the roster (``engine_kit``); the profiles give the Le Mat and each
barrel loaded. A shot from the barrel reads 'fires his Le Mat's shotgun barrel (scatter)', one
from the chambers 'with the Le Mat', and the narrator keeps each part's rounds apart. A Le Mat's
reload (Ev.RELOAD with g, h, i) says the order declared and what went where: 'reloads the Le
Mat, the shotgun barrel first: standing still, no roll needed; D8 5: a scatter shell into the
barrel and 4 rounds into the chambers (9 of 9)'; declared last with the die short of the empty
barrel, that the barrel stays empty; a failed roll, the shell and rounds lost from their boxes.
An ammo roll names the part ('Le Mat (its shotgun barrel)'), a jam or a useless result says
what of the other ('its chambers fire on'), clearing names the part and a change of shells is
the barrel's. In a fight with Le Mats the reload and ammo rules carry a note of the declared
order and of the parts jamming apart. None of it is said in a fight without them.

Handguns in hand-to-hand (wm-8, pistols_in_melee): each blow struck with a gun (Ev.GUN_BLOW) has
its line before what the blow does, naming the gun, the blow's strength (with the striker's
crushing blow and the opponent's iron jaw, the rosters knowing them) and the rounds it leaves:
'B4 strikes A3 with his large revolver, fired point-blank: S4; 5 rounds left' ('its last
round'; under pistol_melee_uses_rounds off, none spent), the narrator's count of the slot's
rounds following it; the rule is said under the first. The ammo rolls a gun fired in the round
takes for the sixes among its owner's attack dice read so: 'Ammo roll for B7's large revolver,
fired in hand-to-hand (a 6 among his attack dice)', 'another 6' for the next, and the blows
after them stay hand-to-hand ones. None of it is said in a fight without gun blows.

Ropes and riding skills (wm-9): the opening roster names each fighter's riding skill (the rules'
``riding_skill_a`` / ``_b``: every fighter of that side) with its rule, and the lasso's and
the bolas' profiles (thrown to 2 x S + 2", a lasso held). A throw reads 'A3 throws his lasso at
B2'; a fancy roper's hit that entangles (Ev.ENTANGLE) says whom, with what, that he falls, and a
lasso's reach as logged ('A3 holds him on a rope of 5.1"'); a rider 'is pulled from the saddle
by the rope' (Ev.FALL why FALL_ROPE), the automatic hit is 'the rope's fall' at
entangle_fall_strength, and a lasso located on a horse only pins it. Each turn on the ropes
(Ev.UNTANGLE) says whether he stays entangled to act at entangled_action_mod or struggles, with
the S test (its modifier as logged) and the I test and what came of them; a lasso let go
(Ev.UNTANGLE b 1) says why: its holder out of action, down, or beyond the rope by his step, his
horse's run or a knock-back (told after the knock-back it is logged before), with the distance
and the reach; a lasso whose fighter goes out of action comes back to its holder. A shot's
breakdown names an entangled shooter's -1 and a sure-footed rider's +1 (neither logged: the
narrator follows who is entangled and who rides), so do reloading and clearing BS tests; the
tests to stay on and to calm a horse name the sure-footed bonus they log (Ev.STAY_ON c, Ev.CALM
b); a combat names the charge bonus a war horse's rider keeps in a later round (Ev.MELEE h, i).
The turn headers name who is entangled and the closing line counts each side's ropes (the tidy
entangled, lassos_lost, untangle_tries, untangled and tangled_actions). None of it is said in a
fight without ropes or riding skills.

Dynamite (wm-10): the opening roster names each fighter's sticks ('revolver and 2 sticks of
dynamite': all of them one kit slot) and gives dynamite's profile. A reloading action on the
dynamite slot reads 'A3 stays at (10,5) and lights his dynamite'; its lighting at the end of the
turn (Ev.LIGHT) says what he did as the reload bands read it (standing still, on the move, in
the saddle, in heavy rain), the roll as a shot's ('a BS test needs 4+ (7 - BS 3), rolls 5'; 'no
roll needed' in the automatic band under light_roll 'category'), the bundle lit ('lights a
bundle of 2 sticks of dynamite ...: lit, its fuse burning, he must throw it next turn') or the
fuse not catching, and the sticks left unlit; a fighter who may not light ('cannot light his
dynamite: not after what he did this turn') says so. Under light_takes_turn off the lighting
comes in the shooting phase, just before its throw, and a failure throws nothing. The throw
(a SHOT of the dynamite row) reads 'A3 throws a bundle of 2 sticks of dynamite at B2', its
score as any shot's; its blast (Ev.BLAST h, the sticks) says where it went off (on the target
hit, or how far and which way a miss scattered it), its reach by its sticks and whom it caught
(its BLAST_HIT rows, each with his distance from the centre and his hits, a friend or the
thrower caught by his own side's dynamite said as such), a dud (Ev.BLAST i) that it never goes
off. A bundle not thrown in the holder's next turn (Ev.FUSE) burns down in his hand (or where
he fell or lies), its blast told as a throw's, or under unthrown_fuse 'snuffed' is pinched out,
the sticks unlit again. The turn headers name who holds a lit bundle, and the closing line
counts each side's dynamite (the tidy dynamite_lit, light_fails, dynamite_thrown,
dynamite_duds, fuses_burnt, dynamite_hits and dynamite_own_hits); the scatter shells' count
leaves dynamite out. None of it is said in a fight without dynamite.

Sabres and lances (wm-11): the opening roster names each fighter's sabre or lance after his
guns (his roster's: the trace does not log hand weapons) and gives each one's profile, a
lance's rule with it. A parry (Ev.PARRY, logged before its round's Ev.MELEE) is told in the
round's line: the scores before it (the parrier's own less the fumble bonus the new face
brings), who was losing (on initiative at a tie), the die his opponent re-rolled and the new
face, the opponent's score before and after, and whether the round turned, ended level or the
parrier still lost, then the round's final scores as the MELEE logs them: 'A2 (WS 3) against B1
(WS 4), A2 charging: at first 8 against 10, A2 losing; A2 parries with his sabre: B1 re-rolls
his highest attack die, a 6, and gets a 3: his score 10 becomes 7, and the round turns: combat
scores 8 and 7; A2 strikes 1 blow'; the rule is said under the first. In the round a lancer
charged (his Ev.CHARGED earlier in the turn), his blows not struck with a gun carry the lance's
charge: the round's line says so with their strength ('A5 strikes 5 blows, his lance's charge
behind them (S5)'; the engine's ``_hand_bonus``). A long gun fired one-handed by a fighter
holding a lance (lance_hand 'held', MOD_ONE_ARM) names the lance, and one with no hand free for
a gun (a lance and the reins) says so when he does not shoot. The closing line counts each
side's parries (and those that turned the round) and its lance's charge blows (the tidy
parries, parries_turned and lance_charge_blows). None of it is said in a fight without them.

The bounty hunter's telescopic sight (wm-11): the opening roster names the sight on his rifle
('winchester with a telescopic sight': his roster's long gun that is not a shotgun, the
engine's FSCOPE) and says under the profiles what it does. A shot in the short band only
through the sight (MOD_SCOPE: he had not moved this turn) reads 'short range thanks to his
telescopic sight' in its breakdown, the rule said under the first, and the closing line counts
each side's such shots (the tidy scope_shots). Under scope_short_factor 1 (no sight) none of it
is said, nor in a fight without a bounty hunter.

Nerve (wm-12, nerve_tests 'friend_down'; never in a shoot-out): each nerve test at a phase's end
(Ev.NERVE) has its line, after what that phase told (the shooting phase's 'Did not shoot', the
hand-to-hand's combats): 'Nerve test for A3: his friend A2 went down 1.4" from him. 2D6 = 10
against his leader A1's Ld 8: failed, he is broken; B2 strikes him a blow as he breaks away from
the fight' (the Ld his own, or his leader's named: ``ld_words``), the rule the first time; one
who breaks pinned (pinned_break_runs off, wm-13) is told that his run waits until the pin lifts,
and runs at his first turn free of it ('His pin lifted, broken A3 makes the run for cover he
owed', in place of his action), unless he rallies first (his rally line says so). The blow of
a break in hand-to-hand is told as a round's (its wound rolls), then he breaks away (the
narrator's engagement follows the engine's ``_break_away``). A flight (Ev.FLEE) says the dice and
inches, from where to where, and where he ends, in cover and out of every enemy's sight or not
(in the open, in sight of whom: ``exposure``, the engine's ``covered`` and the table's sight, never
contradicting the event's g): on breaking, under the test's line; at his turn, in place of his
action, where he stood and why he runs again; charged, breaking away from whom at the end of
the hand-to-hand, or, his opponent gone (wm-13), leaving the fight all the same ('with B3 out of
action'); one that found no better place says so (still in base contact with whom), one
already safe that he has no need to run; the narrator's positions follow it. A rally test
(Ev.RALLY) in the recovery phase says where he is, the dice, the Ld and the result. The turn
headers name the broken fighters standing, a broken fighter who ran at his turn or lay low did
not act for that, one broken after he acted did not shoot for it, a broken fighter charged
fights at 'WS 0, broken'; a pinned fighter's friend counts only unbroken, a duck back's test
names his leader's Ld when it is the one taken. The closing line counts each side's nerve
tests, breaks, flights (those that stayed where they stood) and rally tests passed (the tidy
nerve_tests, breaks, flights and rallies). None of it is said in a fight without them.

Boarding an enemy rider's horse (wm-24, Act.BOARD): the action reads 'A3 runs at B2's horse
from (4,6) to (9,7) to climb on' (a rider: 'rides alongside B2 ... to jump across onto his
horse'), its steps told as a charge's, the rule said the first time; one who gets nowhere
near it is said not to reach it. The climb (Ev.BOARD) has its line: from where to where, the
I test (its modifiers: a horse above its M, sure-footed) or none at a still horse, the round
with the rider (the boarder's bonuses for the charge and for climbing up from the ground, a
parry logged before it, the scores, the tie on initiative) and who won, or the stand-off; a
rider who jumped across leaves his horse standing riderless where he stood. A won boarding
(Ev.SEIZE) reads 'A3 throws B2 off and takes his horse at (9,7)', the two fighters changing
places, the boarder riding from then on and the thrown rider's fall ('is thrown off his
horse') told with its hits; a lost one or a failed climb (Ev.THROWN_BACK) reads 'A3, beaten, is
thrown back 2" (a D3) and lands at (7,7)', his fall ('hits the ground') next. An aim lost to
either is said to be lost to the throw, a lasso let go for it (Ev.UNTANGLE b 1, after the
SEIZE or THROWN_BACK) to the boarder taking the horse beyond his rope or the rider or boarder
thrown beyond it. The rider the climb charges loses his pin and aim before the round (Ev.
PIN_LIFTED, AIM_LOST 3, after the approach): 'The pin on B2 lifts: he has been charged by A3,
boarding his horse, ...', as a hit-and-run's target's are ('by A3's hit-and-run'). A boarder
who took a horse loses his sure-footed and war horse skills with it (the horse is not trained
for him): the seizure says so, and his later rolls, falls and jumps across name neither; a
sure-footed rider's bonus to the climb's I test is for a jump across from his own horse only.
The closing line counts each side's boardings and what came of them (the tidy boards,
boards_won, boards_lost and board_fails), the horses boarders took among a side's horses, and
a boarder thrown back not among its riders' falls (the tidy falls counts him).

Leg ups (wm-25, mount_helper_bonus): a friend who gives a boarder climbing from the ground a leg
up onto a moving horse (Ev.HELP, before the climb's BOARD, one a helper) has his line before
the climb's: 'A4 gives A2 a leg up onto B1's horse from (5,7), beside him: that is his action
this turn, and he does nothing else' ('gives up his aim on B3 to give ...' when an aim was lost
for it, its AIM_LOST 3 told in that line); he does nothing else that turn (no action line, no
shot: the narrator's ACT_HELP). The climb's I test names the helpers' bonus ('+2 for the leg up
from A4 and A5'), the boarding rule says what a leg up takes in a fight that has one, and the
closing line counts each side's leg ups ('its fighters gave a friend a leg up 2 times', 'once':
the tidy board_helps).

Double mounts (rules row 183, double_mount): a man on foot's Act.BOARD at a friend rider reads
'A3 runs to A1's horse from (4,6) to (8,7) to get up behind him', the rule said the first time;
the climb (Ev.DOUBLE) has its line: 'A3 gets up behind A1 on his horse at (9,7) from (8,7): the
horse moved, an I test (I 3, -1 the horse above its M of 8") passed: he rides behind A1 ...' (a
still horse: no test; the leg ups before it named with their bonus, as a boarding's), a failed
one thrown back and hitting the ground as a failed boarder. From then on the passenger is on his
rider's cell and goes where the horse goes (the narrator's ``_Fighter.pos`` carries him): the
maps name him after his rider under the rider's mark ('A1/A3'), the turn headers read 'A1 with
A3 behind him', his action is 'A3 holds on behind A1 at (9,7): a passenger does not shoot' (and
'Did not shoot' says why), and a shot at the horse carrying two (Ev.LOCATE e, f) names both dice
and whom it struck: 'B2's shot strikes A3, behind A1 (location roll 2: 1-3 a rider, 4-6 the
horse, the horse carrying two; then 5: 1-3 the man in the saddle, 4-6 the one behind)', the
hit's events then told on the passenger, his test to stay on 'A3, behind A1, pinned, tests to
stay on the horse' (the tests of either man on the horse naming its -1). A passenger getting
down (Act.DISMOUNT, Ev.PASS_OFF d -1) reads 'A3 gets down from behind A1 at (9,7) onto (9,8)'
with his test; one who comes off (Ev.PASS_OFF with a FALL_* code) is told by his fall's
line: 'A3 is thrown from behind A1: 1 hit at S3;
he lands on foot at (9,8) (M 4)'. A rider carrying two who comes off lands beside the horse (his
fall's line says where, from the Ev.REINS after it) and his passenger takes the reins: 'A3 takes
the reins from behind A1 and rides the horse on alone from (9,7): M 8 from now on; A1 landed at
(9,8)' (a rider out of action in the saddle lying where he is). The closing line counts each
side's climbs up behind a friend (and those failed), its passengers' get-downs, falls from the
horse and reins taken, and its shots that struck a man riding behind (the tidy double_ups,
double_fails, passengers_off, reins_taken and passenger_hits); a passenger's get-down is no
rider's dismount. None of it is said in a fight without double mounts.

A sabre's parry in a hit-and-run's strike (Ev.PARRY, logged before its HIT_RUN) is told in the
strike's line ('... against A5 (WS 1): at first 8 against 6, A5 losing; A5 parries with his
sabre: ...: scores 6 and 6'), as a round's parry is in its combat's line."""

from __future__ import annotations

import functools
import math

import numpy as np

from sim.core.tabletop.battlefield import (
    BLOCKING,
    DEEP_WATER,
    DIFFICULT,
    GROUND_CHARS,
    SHALLOW_WATER,
    THICKET,
    VERY_DIFFICULT,
    Table,
    cell_chars,
    is_low,
    line_of_sight,
    slowness,
)
from sim.core.tabletop.geometry import dist_in
from sim.core.tabletop.movement import step_cost
from sim.westamunda import state as S
from sim.westamunda.engine import (
    ACT_HELP,  # the act of a fighter who spent his turn giving a boarder a leg up (wm-25)
    ACT_ROPES,  # the act of an entangled fighter who spent his turn trying to get free
    _lemat_barrel,  # a Le Mat barrel's first shell, as forces deals it
    barred_cells,  # the cells no horse enters
)
from sim.westamunda.rules import (
    COVER,
    FIGHT_SKILLS,
    FIGHTERS,
    IGNITIONS,
    RELOAD_CATEGORIES,
    RIDING_SKILLS,
    ROUND_OF,
    SKILLS,
    VERSION,
    WEAPONS,
    WMRules,
)
from sim.westamunda.state import Act, Ev
from strategies.westamunda import covered  # a broken fighter's cover, as the engine reads it

SIDES = "AB"
BOTH = 2  # the side whose turn it is, in a fast-draw round of the shoot-out
STANDING, DOWN, OUT = S.ST_STANDING, S.ST_DOWN, S.ST_OUT
# what a hit does (a shot's or a hand-to-hand blow's): these keep the shot or blow being told
# (and the wet mark it leaves on a fighter pinned or down in water)
# (a hit avoided by a skill, and a wrassler's arm lock before his blows, included)
# (and on a mounted fighter: where the hit landed, the horse's wound roll, the test to stay on
# and the fall)
# (and a miss's duck back, duck_backs)
# (and a fancy roper's rope: the entangling, and a lasso let go when its holder goes down or out)
# (and a miss's stray shot: each friend of the firer near the line of fire rolls, the first hit
# taking it, what the hit does to him following, stray_on)
_HIT_CHAIN = (Ev.WOUND, Ev.INJURY, Ev.PINNED, Ev.KNOCKDOWN, Ev.AIM_LOST, Ev.TAKEN_OUT, Ev.WET,
              Ev.SAVE, Ev.ARM_LOCK, Ev.LOCATE, Ev.HORSE, Ev.FALL, Ev.STAY_ON, Ev.DUCK,
              Ev.ENTANGLE, Ev.UNTANGLE, Ev.STRAY, Ev.PASS_OFF, Ev.REINS)
# (and a double mount, row 183: a passenger coming off the horse, hit or with it, and one taking
# the reins of a rider who came off)
# the events of a hand-to-hand round after its MELEE: the blows (a gun's first its GUN_BLOW),
# what each does, and the ammo rolls of a gun fired in it
_MELEE_ROUND = _HIT_CHAIN + (Ev.GUN_BLOW, Ev.AMMO)
# events that belong to the shot being told (a burst's shots and what each hit does)
_SHOT_CHAIN = (Ev.SHOT,) + _HIT_CHAIN
_MOVING = (Act.WALK, Act.RUN, Act.CHARGE, Act.CRAWL, Act.RELOAD, Act.CLEAR, Act.MOUNT,
           Act.HIT_RUN, Act.JUMP_DOWN, Act.BOARD)
_VERB = {Act.WALK: "walks", Act.RUN: "runs", Act.CRAWL: "crawls", Act.CHARGE: "charges",
         Act.RELOAD: "walks", Act.CLEAR: "walks", Act.MOUNT: "walks to his horse"}
# a rider's: his horse walks or runs him (a horse does not crawl)
_RIDE = {Act.WALK: "rides", Act.RUN: "gallops", Act.CHARGE: "charges", Act.RELOAD: "rides",
         Act.CLEAR: "rides", Act.JUMP_DOWN: "rides"}
# the map symbol of a rider (always standing: a rider who goes down falls), by side
RIDER_CHARS = "RS"
# Ev.FALL why: how the rider came off
_FALL_HOW = {S.FALL_HORSE: "comes down with his horse", S.FALL_THROWN: "is thrown from the saddle",
             S.FALL_DOWN: "goes down and falls from the saddle",
             S.FALL_ROPE: "is pulled from the saddle by the rope",
             S.FALL_JUMP: "lands badly", S.FALL_BOARDED: "is thrown off his horse",
             S.FALL_BOARD: "hits the ground"}
# a passenger's fall (row 183: Ev.PASS_OFF, then his Ev.FALL) by why, {} his rider
_PASS_HOW = {S.FALL_HORSE: "comes down with {}'s horse", S.FALL_THROWN: "is thrown from behind {}",
             S.FALL_DOWN: "goes down and falls from behind {}"}
# AIM_LOST reasons 0-2, the target's doing (by his own move, or thrown back by a hit): where to
_AIM_LOST = {0: "out of sight", 1: "out of the {arc}-degree aiming arc",
             2: "into cover it was not in when the aim began"}
# the rapid-target modifier's name in a shot's breakdown, by rapid_target_reading
_RAPID = {"running": "running target", "distance": "fast target ({n}\" or more in its latest turn)"}
# injury and recovery table results (INJURIES codes) in words, as a drowning tells them
_INJURY_WORDS = ("a flesh wound", "down", "out of action")
_RECOVERY_WORDS = ("up again with a flesh wound", "he stays down", "out of action")
_COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south",
            "south-east")
_SLOW = (DIFFICULT, VERY_DIFFICULT, SHALLOW_WATER, DEEP_WATER)  # ground that costs more to cross
# what the engine's wet mark (Ev.WET a, the bit newly set) says of the fighter
_WET_BITS = (S.WET_IN_WATER, S.WET_DEEP)
# guns with two shell types (rows '<gun>_scatter', '<gun>_manstopper'): the gun's name (a Le
# Mat's: its shotgun barrel, whose shells are rows of their own)
_SHELL_GUNS = {"shotgun": "shotgun", "sawnoff": "sawn-off", "lever_shotgun": "lever shotgun",
               "lemat": "Le Mat's shotgun barrel"}
# a Le Mat: its nine chambers (this row) and, in the next kit slot, its shotgun barrel (a row
# of its shells, ROUND_OF this one)
LEMAT = "lemat"
_SHELLS = ("scatter", "manstopper")
# what a double-barrelled shot and its shells do: these keep the pair of barrels being told
_PAIR_CHAIN = _HIT_CHAIN + (Ev.BLAST, Ev.BLAST_HIT, Ev.POINT_SHOT)
# native_injury: 1 two injury dice, the better kept, an out of action on either standing; 2 the
# better kept, nothing standing (the engine's R_NATIVE); the rest none in the fight
_NATIVE = {"injury_roll": 1, "both": 1, "best_of_two": 2}
_ARMS = {S.ARM_LEFT: "left", S.ARM_RIGHT: "right"}
# a shooter's own modifiers a POINT_SHOT (which logs none) may have had: tried in this order
# (without a telescopic sight's band first, then each with it: MOD_SCOPE, wm-11)
_PLAIN_OWN_MODS = (0, S.MOD_MARKSMAN, S.MOD_HIP, S.MOD_ONE_ARM, S.MOD_MARKSMAN | S.MOD_HIP,
                   S.MOD_MARKSMAN | S.MOD_ONE_ARM, S.MOD_HIP | S.MOD_ONE_ARM,
                   S.MOD_MARKSMAN | S.MOD_HIP | S.MOD_ONE_ARM)
_OWN_MODS = _PLAIN_OWN_MODS + tuple(m | S.MOD_SCOPE for m in _PLAIN_OWN_MODS)


# skills whose names are not their SKILLS names with spaces
_SKILL_WORDS = {"true_grit": "True Grit", "sure_footed": "sure-footed",
                "ride_like_rooster": "ride like Rooster Coburn", "fancy_ropin": "fancy ropin'"}


def _got_down(e) -> bool:
    """Is Ev.PASS_OFF row ``e`` a passenger getting down (his action: d -1), not coming off (d a
    FALL_* code; row 183)?"""
    return int(e[6]) == -1


def skill_name(skill: str) -> str:
    """A SKILLS name in words: 'step aside', 'True Grit', "fancy ropin'"."""
    return _SKILL_WORDS.get(skill, skill.replace("_", " "))


def legend(rules: WMRules, riders: bool = True, double: bool = False) -> dict:
    """Every symbol a map may use, with its one meaning (``riders``: anyone rode in the fight;
    a fight on foot says nothing of horses; ``double``: a man got up behind a friend rider,
    row 183, named on the map after his rider)."""
    behind = ("; a friend riding behind him is named after him: {0}1/{0}3, {0}3 behind {0}1"
              if double else "")
    part, full = rules.cover_modifiers
    dc, vc = rules.difficult_cost, rules.very_difficult_cost
    cover = [f"{COVER[c]} cover" if c else "no extra cover" for c in rules.pinned_water_cover]
    drown = rules.drown_out_on
    wounded = "wounded in it by a shot or in hand-to-hand" if rules.melee_drowning else \
        "shot and wounded in it"
    water = ("{what} ({how} ground: each inch of a move through it costs {cost}\"; a fighter "
             "pinned in it has {cover}, and one " + wounded + " drowns on an injury roll of "
             "{drown}+)")
    return {
        ".": "open ground",
        GROUND_CHARS[DIFFICULT]: f"rough ground (difficult ground: each inch of a move across it "
                                 f"costs {dc}\")",
        GROUND_CHARS[VERY_DIFFICULT]: f"very rough ground (very difficult ground: each inch of a "
                                      f"move across it costs {vc}\")",
        GROUND_CHARS[SHALLOW_WATER]: water.format(what="shallow water, a stream or a ford",
                                                  how="difficult", cost=dc, cover=cover[0],
                                                  drown=drown[0]),
        GROUND_CHARS[DEEP_WATER]: water.format(what="deep water, a river", how="very difficult",
                                               cost=vc, cover=cover[1], drown=drown[1]),
        "%": f"low cover: fences, hedges, low walls, trees (crossed on the move; partial cover, "
             f"{part:+d} to hit, when in the line of fire)",
        "&": f"a thicket: low cover more than {rules.free_obstacle_in}\" across (partial cover as "
             f"low cover; each inch of a move across it costs {rules.obstacle_cost}\""
             + (f"; no horse is ridden over a low piece more than {rules.horse_jump_in}\" across)"
                if riders else ")"),
        "#": "wall (blocks sight and movement)",
        "H": f"building (blocks sight and movement from outside; a fighter next to it may break "
             f"in; inside, he sees out and is in full cover, {full:+d} to hit)",
        "A": "a side A fighter, standing",
        "B": "a side B fighter, standing",
        "a": "a side A fighter, down (lying wounded)",
        "b": "a side B fighter, down (lying wounded)",
        RIDER_CHARS[0]: f"a side A fighter on horseback (horse and rider one point"
                        f"{behind.format('A')})",
        RIDER_CHARS[1]: f"a side B fighter on horseback (horse and rider one point"
                        f"{behind.format('B')})",
        "x": "where a fighter was taken out of action (either side)",
    }


def map_text(table: Table, marks: dict) -> str:
    """The table as text, x across the top and y down the left; ``marks`` maps (x, y) to
    (symbol, [labels]); each row ends with the labels of its marks, left to right."""
    chars = ground_chars(table)
    names: dict[int, list[str]] = {}
    for (x, y), (c, labels) in sorted(marks.items()):
        chars[y, x] = c
        names.setdefault(y, []).append("/".join(labels))
    w = table.width
    tens = "".join(str(x // 10 % 10) if x % 10 == 0 else " " for x in range(w))
    units = "".join(str(x % 10) for x in range(w))
    rows = ["    x " + tens.rstrip(), "  y   " + units]
    for y, row in enumerate(chars):
        line = f"{y:>3}   " + "".join(row)
        if y in names:
            line += "   " + " ".join(names[y])
        rows.append(line)
    return "\n".join(rows)


def ground_chars(table: Table) -> np.ndarray:
    """The table's cells as map symbols (``legend``), no fighters: <U1[h, w]."""
    return cell_chars(table, building="H")


def _xy(p) -> str:
    return f"({p[0]},{p[1]})"


def _through(grounds) -> str:
    """' through the stream and rough ground' (the slow ground of a move), or ''."""
    if not grounds:
        return ""
    return " through " + (grounds[0] if len(grounds) == 1 else
                          ", ".join(grounds[:-1]) + " and " + grounds[-1])


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def weapon_name(row: int) -> str:
    """'revolver', 'percussion revolver', 'buffalo gun', 'shotgun (scatter shells)', 'Le Mat',
    "Le Mat's shotgun barrel (scatter shells)"."""
    name = WEAPONS[row].removesuffix("_thrown")  # a tomahawk to throw is a tomahawk
    if name == LEMAT:
        return "Le Mat"
    if shell_name(row):
        return f"{gun_name(row)} ({shell_name(row)} shells)"
    if name.endswith("_perc"):
        name = "percussion " + name[:-5]
    return name.replace("_", " ")


def shell_name(row: int) -> str:
    """'scatter' or 'manstopper' for a gun row loaded with that shell type, else ''."""
    gun, _, shell = WEAPONS[row].rpartition("_")
    return shell if gun in _SHELL_GUNS and shell in _SHELLS else ""


def gun_name(row: int) -> str:
    """The gun itself, whatever its shells: 'shotgun', 'sawn-off', "Le Mat's shotgun barrel";
    else ``weapon_name``."""
    gun = WEAPONS[row].rpartition("_")[0]
    return _SHELL_GUNS[gun] if shell_name(row) else weapon_name(row)


def lemat_part(row: int) -> str:
    """'chambers' for a Le Mat's chambers row, 'barrel' for a row of its barrel's shells, else
    ''."""
    if row < 0:
        return ""
    name = WEAPONS[row]
    return "chambers" if name == LEMAT else "barrel" if ROUND_OF.get(name) == LEMAT else ""


def _gun_names(rules: WMRules, weapons) -> list[str]:
    """The names of a roster entry's gun slots in the engine's order (``forces``): its weapons
    but hand weapons and round types, every stick of dynamite in one slot (a Le Mat's barrel
    not among them)."""
    out: list[str] = []
    for n in weapons:
        kind = rules.weapon(n)["kind"]
        if kind != S.KIND_MELEE and n not in ROUND_OF and not (
                kind == S.KIND_EXPLOSIVE and n in out):
            out.append(n)
    return out


def engine_kit(rules: WMRules, r) -> list[list]:
    """Recruit r's gun slots as the engine's ``forces`` deals them, for a roster with a Le Mat
    (its chambers and barrel two slots): [[name, reserve, other round type or None, its
    reserve]] per slot, a gun dealt its boxes' round type (KW, KRESERVE, KALT, KALT_RES)."""
    guns = []
    for n in _gun_names(rules, r.weapons):
        guns.append(n)
        if rules.has_flag(n, "lemat"):
            guns.append(_lemat_barrel(r, n))
    guns += ["tomahawk_thrown"] * (r.weapons.count("tomahawk") if rules.thrown_tomahawks else 0)
    boxes = list(r.boxes)
    kit = []
    for name in guns:
        res = 0
        if name in boxes:  # one box per gun of that name, in order
            boxes.remove(name)
            res = rules.weapon(name)["box_rounds"]
        if rules.weapon(name)["kind"] == S.KIND_EXPLOSIVE:  # every stick, unlit
            res = r.weapons.count(name)
        if rules.has_flag(name, "lemat"):
            alt = [n for n in (*r.weapons, *r.boxes) if ROUND_OF.get(n) == ROUND_OF[name] and
                   n != name] if name in ROUND_OF else []
        else:
            alt = [n for n in r.weapons if ROUND_OF.get(n) == name]
        kit.append([name, res, alt[0] if alt else None, 0])
    for name in boxes:  # boxes beyond one a gun go to the first gun they fit
        box = rules.weapon(name)["box_rounds"]
        if name in ROUND_OF and rules.has_flag(name, "lemat"):
            k = next(i for i, n in enumerate(guns) if ROUND_OF.get(n) == ROUND_OF[name])
            kit[k][1 if guns[k] == name else 3] += box
        elif name in ROUND_OF:
            kit[guns.index(ROUND_OF[name])][3] += box
        else:
            kit[guns.index(name)][1] += box
    for s in kit:  # a gun with boxes of its other round type only is loaded with them
        if s[2] is not None and s[1] == 0 < s[3]:
            s[:] = [s[2], s[3], s[0], s[1]]
    return kit


def _type_name(t: int) -> str:
    return FIGHTERS[t].replace("_", " ")


def _compass(dx: int, dy: int) -> str:
    """Direction (dx, dy) on the table (y grows down the table, north is its top edge)."""
    if dx == 0 and dy == 0:
        return "no particular way"
    angle = math.degrees(math.atan2(-dy, dx)) % 360
    return _COMPASS[int((angle + 22.5) // 45) % 8]


def _span(lo: int, hi: int) -> str:
    """'1-4', or '5' for one face."""
    return f"{lo}" if lo == hi else f"{lo}-{hi}"


def _inches(half: int) -> str:
    """Half-inches in inches: '4"', '4.5"'."""
    return f"{half / 2:g}\""


def _faces(faces, names) -> str:
    """'1 flesh wound, 2-5 down, 6 out of action' from per-face codes."""
    out, start = [], 0
    for i in range(1, len(faces) + 1):
        if i == len(faces) or faces[i] != faces[start]:
            span = f"{start + 1}" if i - 1 == start else f"{start + 1}-{i}"
            out.append(f"{span} {names[faces[start]]}")
            start = i
    return ", ".join(out)


class _Fighter:
    """What the narrator knows of one fighter, updated event by event."""

    def __init__(self, i, x, y, side, ftype, slots, prof, skills=()):
        self.i, self.side, self.type = i, side, ftype
        # a double mount (row 183): the friend riding behind him (his _Fighter, None: nobody),
        # carried on his cell (``pos``); for a passenger, the rider he sits behind (-1: none)
        self.carried = None
        self.behind = -1
        self.skills = tuple(skills)  # SKILLS names (his roster entry's)
        self.arms = 0  # arms a wrassler has locked (the engine's FARMS bits)
        self.hates = -1  # the wrassler who locked his arm
        self.pos = (x, y)
        self.slots = [r for r in slots]  # weapon rows of slots 0 and 1 (-1 empty)
        self.spares = [0] * len(self.slots)  # spare cylinders or tubes a slot (his roster's)
        self.shell_boxes: dict = {}  # a Le Mat's barrel slot -> [(shell row, boxes)] (roster's)
        self.state = STANDING
        self.pinned = False
        self.duck = 0  # his pin is a duck back behind cover of this level (S.COV_*), 0 not
        self.duck_place = ""  # where he ducked: 'behind low cover', 'inside the building'...
        self.ws, self.bs, self.w = prof["WS"], prof["BS"], prof["W"]
        self.s, self.t, self.i_, self.ld = prof["S"], prof["T"], prof["I"], prof["Ld"]
        self.flesh = 0
        self.aim_t, self.aim_n = -1, 0
        self.eng = -1
        self.charged = False
        self.over = False  # his latest charge ended over an obstacle (Ev.CHARGED b)
        self.wet = 0  # the engine's FWET bits (Ev.WET): what his guns' ammo rolls read
        self.mounted = False  # on horseback (Ev.DEPLOY g; off by a fall or a dismount)
        self.hpin = False  # his horse is pinned (Ev.HORSE): it bolts unless he calms it
        self.hpin_turn = -1  # the gang turn it was pinned in (the engine's FHPIN_TURN)
        self.foot_m = prof["M"]  # his own M, on foot
        self.rope = 0  # entangled: S.ROPE_LASSO or S.ROPE_BOLAS (Ev.ENTANGLE), 0 free
        self.roper = -1  # the fighter holding the lasso on him (-1: none, or bolas)
        self.rope_k = -1  # the holder's lasso slot
        self.reach = 0  # the lasso's reach in hundredths of an inch (the distance thrown)
        self.blades = ()  # his sabres and lances (his roster's hand weapons that parry or charge)
        self.hand_s = 0  # his best hand weapon's strength bonus (with a blade: his roster's)
        self.lance_s = 0  # his lance's strength bonus in the round he charged (0: no lance)
        self.scope = -1  # the weapon row his telescopic sight is fitted to (-1 none; wm-11)
        self.broken = False  # he failed a nerve test (Ev.NERVE) and has not rallied (wm-12)
        self.owes_run = False  # he broke pinned: his run waits for the pin to lift (wm-13)
        self.new_turn()

    @property
    def pos(self):
        return self._pos

    @pos.setter
    def pos(self, p):
        """Where he is; a rider carrying a passenger takes him along (the engine's
        ``_carry``: horse and both men one point)."""
        self._pos = p
        if self.carried is not None:
            self.carried._pos = p

    def new_turn(self):
        self.act = -1  # this turn's Act, -1 none yet
        self.fired = False
        self.horse_ran = -1  # this turn his horse moved on its own: Ev.BOLT a (0 bolted)


class _Story:
    """The narrator's running picture of the fight, fed one event at a time."""

    def __init__(self, events, table: Table, names, rules: WMRules, gang_types, rosters=None):
        self.ev, self.table, self.names, self.rules = events, table, names, rules
        self.gang_types = [g.replace("_", " ") for g in gang_types]
        self.native = [_NATIVE.get(rules.native_injury, 0) if g == "native_war_band" else 0
                       for g in gang_types]  # resilient fighters' injury dice, by side
        self.rosters = rosters  # the two sides' Recruits (their skills), or None
        self.out: list[str] = []
        self.main = -1  # the last line said (rule lines may follow it)
        self.queued: list[str] = []  # rules to tell under the next line
        self.explained: set[str] = set()
        self.f: dict[int, _Fighter] = {}
        self.label: dict[int, str] = {}
        self.n_side = [0, 0]
        self.turns = 0  # gang turns begun (the engine's clock[1])
        self.round = 0
        self.active = -1
        self.legend_at = -1
        self.maps: list[dict] = []
        self.skip_to = 0  # events up to here were told with an earlier one (injury rolls)
        self.act = None  # the activation being told: dict, or None
        self.mover = -1  # the fighter whose move is under way (overwatch fires at him)
        self.cur_burst = None  # the burst being told: dict, or None
        self.cur_shot = None  # the shot whose hit is being told: dict, or None
        self.melee_ctx = False  # wounds now come from a hand-to-hand round
        # the hand-to-hand round being told: fighter -> the slot of the first gun he struck a
        # blow with (Ev.GUN_BLOW) and the ammo rolls for it told so far
        self.melee_gun: dict[int, dict] = {}
        self.phase = ""
        self.shoot_checked = False
        self.mcur = 0  # the engine's melee-phase loop, mirrored up to this fighter
        self.tally = {s: {"shots": 0, "hits": 0} for s in range(2)}
        self.turn_notes: dict = {}
        self.pending_aim = None  # (aimer, target): an aim lost to the pin told next
        self.bottle_roll = ""
        self.horses_lying = {}  # rider -> the cell where his war horse lies down (wm-20)
        # boarders (wm-24): the cell a boarder jumped across from (his horse standing there
        # riderless; None: he climbed from the ground), and a thrown rider -> who took his horse
        self.board_from: dict = {}
        self.seized: dict = {}
        self.took: set = set()  # boarders who took a horse (it is the one they ride after)
        # leg ups (wm-25): the friends who helped the boarder now climbing (Ev.HELP, before his
        # BOARD: helper -> boarder), and a helper's aim given up for it (Ev.AIM_LOST 3 before
        # his HELP: helper -> the aim's target); helped: the fight has a leg up (its rule said)
        self.leg_ups: dict = {}
        self.help_aim: dict = {}
        self.helped = bool((events[:, 2] == Ev.HELP).any())
        self._move_line = None
        self.shootout = rules.scenario == "shoot_out"
        self.fast = False  # this round is a fast draw (the shoot-out's I + D6 order)
        self.order: dict[int, int] = {}  # a fast-draw round: fighter -> his I + D6 score
        self.scores: dict[int, int] = {}  # the latest I + D6 score rolled by each fighter
        self.shooter = -1  # the fighter whose shots of a fast draw's score are being told
        self.sched: list[int] = []  # the round's scores not reached yet, highest first
        self.grp = None  # the score acting now: dict (see open_group), or None
        self.round_end = False  # a fast-draw round reached its hand-to-hand and recovery
        self.cut_short = False  # the fight ended in the middle of a fast-draw round
        self.drowned: list[int] = []  # fighters who drowned (injury or recovery roll)
        self.soaked: list[int] = []  # fighters pinned or down in water (Ev.WET, WET_IN_WATER)
        self.pair = None  # both barrels one after the other, being told: dict, or None
        self.strike = None  # the latest shell fired (SHOT or POINT_SHOT): dict, or None
        self.blast_dice = 1  # the template being told: hits each (1), else the die of them
        self.described: set[int] = set()  # weapon rows whose profile has been said
        self.horse_run = None  # a horse moving on its own, being told (its MOVE rows): dict, or None
        self._run_line = None  # (fighter, line index, start, slow ground) of its latest line
        self.falling = None  # the fall whose hits are being told: dict, or None
        self.run_aim = None  # (rider, target): an aim a horse moving on its own ends
        self.riders = False  # a fighter started the fight on horseback
        self.lemats = False  # a fighter carries a Le Mat (the rules said gain its notes)
        self.tangle = None  # the entangling being told (its fall's hit): dict, or None
        self.after: list[str] = []  # what to tell under the next line, after its rules
        # each side's ropes (the tidy columns): enemies entangled, tries to get free, tries
        # that freed him, turns acted entangled, lassos let go and lost
        self.ropes = [dict.fromkeys(("entangled", "tries", "freed", "acted", "lost"), 0)
                      for _ in range(2)]
        self.blast_sticks = 0  # the blast being told: a bundle of dynamite's sticks, 0 a shell
        self.fuse_at = None  # a bundle whose fuse just burnt down: (holder, his state), or None
        self.parry = None  # a parry (Ev.PARRY) to tell in its round's MELEE line: dict, or None
        self.lance_blows = [0, 0]  # blows each side struck with a lance's charge behind them
        # nerve tests in a gang fight (wm-12): the engine's R_NERVE
        self.nerve_on = rules.nerve_tests == "friend_down" and not self.shootout
        self.breaking = -1  # the fighter whose break in hand-to-hand is being told (his blow)
        # a double mount (row 183): the passenger whose fall (Ev.FALL) follows his PASS_OFF:
        # {"f": he, "r": the rider he sat behind}, or None
        self.pass_fall = None
        self.doubled = bool((events[:, 2] == Ev.DOUBLE).any())  # (a passenger in the fight)

    @property
    def turn_word(self) -> str:
        """What a fighter's go is called: his side's turn, or in a fast draw the round."""
        return "round" if self.fast else "turn"

    # ---------------------------------------------------------------- helpers

    def lab(self, i: int) -> str:
        return self.label[i] if i in self.label else f"fighter {i}"

    def say(self, line: str) -> None:
        """One line of the story, then the rules it brought up for the first time."""
        self.out.append(line)
        self.main = len(self.out) - 1
        body = line.lstrip("\n")
        pad = " " * (len(body) - len(body.lstrip(" ")) + 2)
        self.out += [f"{pad}Rule: {text}." for text in self.queued]
        self.queued = []
        self.out += [f"{pad}{text}" for text in self.after]
        self.after = []
        self._move_line = None
        self._run_line = None

    def why(self, key: str) -> str:
        """Queue the rule behind ``key`` to be told under the next line, the first time it
        comes up; returns '' (so it can sit in the line's own f-string)."""
        if key not in self.explained:
            self.explained.add(key)
            self.queued.append(self._rule(key))
        return ""

    def _rule(self, key: str) -> str:
        r = self.rules
        riding = {r.riding_skill_a, r.riding_skill_b}  # (every fighter of a side has it)
        inj = (f"a flesh wound (-{r.flesh_wound_penalty} WS and BS)", "down", "out of action")
        # reference 4.1: no pin in hand-to-hand (the engine's _recovery_phase)
        up_engaged = ("; one up again while still in hand-to-hand is not pinned"
                      if S.INJ_FLESH in r.recovery_faces else "")
        text = {
            "need": f"a shot needs a D6 of {r.needed_base} minus the shooter's BS, plus or "
                    "minus the to-hit modifiers; a natural 1 always misses"
                    if r.natural_one_fails else
                    f"a shot needs a D6 of {r.needed_base} minus the shooter's BS, plus or minus "
                    "the to-hit modifiers",
            "above6": "a score above 6 needs a 6 and then a second die: "
                      + ", ".join(f"{7 + i} needs {n}+" for i, n in
                                  enumerate(r.second_die_needs)),
            "thrown": f"a thrown tomahawk reaches {r.throw_range_per_s} x the thrower's S + "
                      f"{r.throw_range_base} inches (short range half of it) and strikes at his "
                      "S + 1; once thrown it is gone, and he fights hand-to-hand with what he "
                      "still holds",
            "snap": f"a snap shot, hurried on the move or after running, is {r.snap_modifier:+d} "
                    "to hit; "
                    + ("a declared run counts as running once it has covered more than his M"
                       if r.run_reading == "distance" else "any declared run counts as running"),
            "aimed": f"an aimed shot gets {r.aim_bonus_per_turn:+d} to hit for each turn spent "
                     f"aiming, at most {r.aim_bonus_max:+d}",
            "fan": "blazing away or fanning: each sustained-fire die shows one of "
                   + ", ".join(str(v) for v in r.sfd_faces if v >= 0)
                   + f" shots or a jam; each shot is at {r.sfd_modifier:+d} to hit; later "
                   f"shots may go to another enemy within {r.sfd_spread_in}\" of the first and "
                   "inside the arc he fires in, once the first is out of action",
            "overwatch": f"an overwatcher fires once, before his side's next turn, at an "
                         f"enemy who moves or stands in his {r.fire_arc_deg}-degree arc; aimed "
                         f"overwatch watches a {r.aim_arc_deg}-degree arc with the aiming bonus",
            "emerging": f"{r.emerging_modifier:+d} for a target coming into the overwatcher's "
                        "arc or sight during its move",
            "charging": f"an overwatch shot at a charging target is {r.charging_target_modifier:+d}"
                        " to hit",
            "rapid": (f"a running target is {r.rapid_target_modifier:+d} to hit: one that ran in "
                      "his latest turn, the move under way included ("
                      + ("a declared run counts once it has covered more than his M"
                         if r.run_reading == "distance" else "any declared run once under way")
                      + ")" if r.rapid_target_reading == "running" else
                      f"a fast target, one that moved {r.rapid_target_in}\" or more in his "
                      f"latest turn, is {r.rapid_target_modifier:+d} to hit"),
            "quick_draw": "a mover shot at from overwatch whose I beats the overwatcher's by "
                          f"{r.quick_draw_margin} or more may take an I test; passing, he fires "
                          + ("a snap shot (or a burst of them)" if r.quick_draw_fan else
                             "one snap shot")
                          + " first, and the overwatcher loses his shot if it downs "
                          + ("or pins " if r.quick_draw_pin_cancels else "")
                          + "him or the mover is no longer a shot he can take",
            "pinned": "a fighter hit is pinned: he may not move or shoot; at the start of his "
                      "side's turn he escapes with an I test if a friend (not a young blood"
                      + (", nor one broken" if self.nerve_on else "") + ") "
                      f"stands within {r.unpin_friend_in}\" (the leader always may try), "
                      "otherwise the pin lifts at the end of that turn",
            "wound": "each hit rolls to wound, S against T on the wound chart; the wound that "
                     "takes his last W calls an injury roll: "
                     + _faces(r.injury_faces, inj),
            "down": f"a down fighter may only crawl {r.down_crawl_in}\"; at the end of each of "
                    "his side's turns he rolls to recover: "
                    + _faces(r.recovery_faces, ("up again with a flesh wound, and pinned",
                                                "stays down", "out of action")) + up_engaged,
            "ammo": f"a natural {r.ammo_on} to hit (and each jam face of a sustained-fire "
                    "die) calls an ammo roll on the gun's score; a failure "
                    + ("makes the gun useless for the fight" if r.jam_outcome == "useless" else
                       "puts a jam marker on it: it fires no more until a clear-jam action "
                       "removes the marker")
                    + ("; a Le Mat's chambers and shotgun barrel each take their own ammo "
                       "rolls, and a failure stops only the part it struck: the other fires on"
                       if self.lemats else ""),
            "reload": "reloading or clearing a jam takes the fighter's turn and is done at its "
                      "end: standing still it needs no roll, walking it needs a BS test; "
                      f"clearing takes off {_plural(r.jams_cleared_per_turn, 'jam marker')}; "
                      "in a reload a D"
                      f"{r.reload_die} says how many rounds go in (at most "
                      f"{r.reload_max_rounds}, the empty chambers and the rounds carried), "
                      "and a failed test loses that many"
                      + (self._lemat_reload_note() if self.lemats else ""),
            "spares": "a spare pre-loaded cylinder (a percussion revolver's) or tube (a "
                      "Spencer's) is fitted by a reloading turn in place of loose rounds, with "
                      "the same roll (none standing still, a BS test on the move); fitted, "
                      + ("it comes with every chamber loaded, and the rounds left in the old one "
                         "are set aside as loose rounds for later reloads"
                         if r.cylinder_fit == "whole" else
                         f"a D{r.reload_die} says how many rounds the gun gains (at most its "
                         "empty chambers), and nothing is set aside")
                      + "; a failed test fits nothing and the spare is kept",
            "bottle": f"a gang with {r.bottle_pct}% or more of its fighters down or out of "
                      f"action tests at the start of each of its turns: {r.ld_dice}D6 at or "
                      "under the leader's Ld (the best Ld standing if he is not); failing, it "
                      "bottles out and loses",
            "duck_back": "duck backs (the text's optional rule): a shot that misses a target "
                         "behind cover, when its die would have hit with every modifier but "
                         "the cover's (range, speed, snap and the rest still counted; 6 at "
                         "most needed"
                         + ("; a natural 1 never" if r.natural_one_fails else "")
                         + "), makes him duck back: he is pinned without a hit (not "
                         + ("a rider, nor " if self.riders else "")
                         + "a fighter already pinned, down or in hand-to-hand; a mover shot "
                         "on overwatch stops where he is, and in the open no one ducks); at "
                         "the start of his side's next turn he shakes it off with a leadership "
                         f"test, {r.ld_dice}D6 at or under his Ld (his leader's, when a "
                         "standing leader" + (" not broken" if self.nerve_on else "")
                         + f" within {r.leader_ld_in}\" has a higher one) "
                         f"{r.duck_back_ld_bonus[0]:+d} behind partial and "
                         f"{r.duck_back_ld_bonus[1]:+d} behind full cover, no friend needed; "
                         "failing, he stays pinned that turn and the duck back lifts at its "
                         "end; a hit on him meanwhile pins him as ever",
            "stray": "stray shots: a shot of a gun or bow"
                     + (" (not a scatter shell: its template)" if self.shells_carried() else "")
                     + " that misses"
                     + (" with a natural 1" if r.stray_reading == "natural_one" else "")
                     + " flies on past the firer's friends (down ones too) within "
                     f"{r.stray_in:g}\" of its line of fire, between firer and target: each "
                     "rolls a D6 in turn, from the firer out, and the first to roll "
                     + (f"a {r.stray_on}" if r.stray_on == 1 else f"{r.stray_on} or less")
                     + " is hit by it, as by any shot of the firer's (pinned, rolled to wound), "
                     "and it goes no further",
            "kickback": f"a gun of S {r.kickback_gap} or more above the firer's own S kicks: "
                        "an S test, failing which he is pinned",
            "knockdown": f"a hit of S{r.knockdown_strength} or more on a target "
                         + ("" if r.knockdown_when_down else "on his feet ")
                         + f"calls an S test; failing, the target is thrown back "
                         f"{r.knockdown_in}\" along the line of fire, away from the shooter, "
                         "stopping at a wall, another fighter or the table edge",
            "melee": ("each fighter rolls his attack dice; his combat score is his best die + "
                      f"WS, +{r.charge_bonus} for charging, +{r.critical_bonus} for each extra "
                      f"6 and +{r.fumble_bonus} for each 1 the other rolls; the higher score "
                      "strikes the difference in hits, a tie going to the higher I"
                      if r.melee_reading == "combat_score" else
                      "each attack die hits on a WS test, and both fighters strike"),
            "melee_guns": "anything usable counts in hand-to-hand: each blow is struck with "
                          "the fighter's strongest loaded, unjammed handgun when it is stronger "
                          "than his hand weapon (his S and its bonus), else with the hand "
                          "weapon; "
                          + ("a pistol fired so uses a round a blow, and each 6 among the "
                             "attack dice of a fighter who fired one calls an ammo roll for it"
                             if r.pistol_melee_uses_rounds else
                             "under these rules a pistol fired so spends no round and calls "
                             "no ammo roll"),
            "down_alone": "a down fighter in hand-to-hand is out of action",
            "flesh_zero": "a fighter whose flesh wounds take both WS and BS to 0 is out of action",
            "charge": "a charger moves up to twice his M into base contact; the two are then "
                      "locked in hand-to-hand, fought at the end of the turn, and may not be "
                      "shot at",
            "follow_up": f"a fighter whose foes are all out of his fight has won it and may "
                         f"follow up {r.follow_up_in}\" at the end of the hand-to-hand phase, "
                         "never into base contact; "
                         + (f"a rider who charged this turn and won must follow up "
                            f"{r.mounted_follow_up_in}\" along his horse's way; "
                            if self.riders and r.mounted_follow_up_in else "")
                         + "it does not count against his next move, and no overwatch fires "
                           "at it",
            "obstacle": f"a charger who fights his foe over an obstacle (low cover under either "
                        f"of them once in base contact) adds {r.obstacle_penalty} to his combat "
                        "score in the charge's round",
            "aim": f"an aimer stays put and shoots after all movement within a {r.aim_arc_deg}-"
                   "degree arc; he may hold the shot to aim on next turn, and the aim is lost "
                   "if the target leaves his sight or arc or goes into cover (moving or thrown "
                   "back by a hit); the shot spends the aim",
            "shot_down": "a side with no fighter left standing (all down or out of action) is "
                         "shot down and the other side wins; both at once is a draw, and so is "
                         f"reaching the turn limit ({r.max_turns} rounds); this is checked "
                         + ("after every score and at the end of each round" if self.fast else
                            "after every gang turn"),
            "thicket": f"a thicket (a low piece more than {r.free_obstacle_in}\" across its "
                       f"narrower side) costs {r.obstacle_cost}\" of a move for each inch "
                       "crossed" + (f"; no horse is ridden over a low piece more than "
                                    f"{r.horse_jump_in}\" across" if self.any_rider else ""),
            "slow": f"difficult ground (rough ground, shallow water) costs {r.difficult_cost}\" "
                    "of a move for each inch crossed, very difficult ground (very rough ground, "
                    f"deep water) {r.very_difficult_cost}\""
                    + ("; a declared run counts as running once the movement it has spent, slow "
                       "ground at its cost, passes his M" if r.run_reading == "distance" else ""),
            "water_cover": "a fighter pinned in water is hard to hit: he has at least "
                           + " in shallow water and ".join(
                               f"{COVER[c]} cover" if c else "no extra cover"
                               for c in r.pinned_water_cover) + " in deep water",
            "drown": "a fighter wounded in water may drown: the injury roll of a wounding shot"
                     + (" or hand-to-hand blow" if r.melee_drowning else "")
                     + f" puts him out of action on {r.drown_out_on[0]}+ in shallow water and "
                     f"{r.drown_out_on[1]}+ in deep water, whatever the injury table says"
                     + ("" if r.melee_drowning else
                        " (a hand-to-hand wound's injury roll is the usual one)")
                     + ("; so do his recovery rolls while he lies there"
                        if r.water_recovery_drowning else
                        " (his recovery rolls, lying there, are the usual ones)"),
            "wet": f"water spoils ammunition: a percussion gun's ammo rolls need "
                   f"+{r.perc_water_ammo} for the rest of the fight once its owner has been "
                   "pinned or down in water"
                   + (f" (heavy rain adds +{r.perc_rain_ammo} from the start; "
                      + ("both count" if r.perc_wet_stacking == "cumulative" else
                         "only the larger of the two counts") + ")" if r.heavy_rain else "")
                   + f"; a cartridge gun's need +{r.cart_water_ammo} once its owner is immersed: "
                   "pinned or down in water"
                   + (", or through deep water" if r.immersion_trigger == "any_water" else "")
                   + f"; a bow's needs {r.bow_wet_ammo}+ in the wet (heavy rain, or its owner "
                   "wet as a cartridge gun's)"
                   + ("; a need above 6 always fails" if r.ammo_over_six == "fail" else ""),
            "double": "a double-barrelled gun with both barrels loaded may fire one barrel, both "
                      "at once or both one after the other"
                      + ("" if r.sfd_can_aim else " (an aimed shot is one barrel)")
                      + "; with one loaded, it fires one",
            "both": f"both barrels at once: one to-hit roll at {r.double_both_mod:+d}, both "
                    f"shells spent; manstopper shells hit once at +{r.double_both_strength} S; "
                    "scatter shells put one template down, hit or miss, "
                    + ("the target's cover not counting, " if r.double_both_ignores_cover else "")
                    + f"and every fighter under it, the target too, takes a D"
                    f"{r.double_both_scatter_hits} of hits",
            "pair": f"both barrels one after the other: two shots, each at "
                    f"{r.double_sequential_mod:+d}; the second goes at an enemy within "
                    f"{r.double_second_within_in}\" of where the first struck (the target, or "
                    "where a missed scatter shell landed), or with none there at that point "
                    "itself (range and this modifier only): a scatter shell hitting the point "
                    "puts its template there, missing scatters from it, and a manstopper at "
                    "bare ground does nothing",
            "template": f"a scatter shell puts a template down where it strikes: every fighter "
                        f"within {r.scatter_radius_in + r.template_base_in:g}\" of its centre "
                        f"(a {r.scatter_radius_in:g}\" template and half a base), friend or "
                        "foe, takes a hit at the shell's S; a single shell's target takes only "
                        "the shot's own hit",
            "scatter": "a scatter shell that misses scatters: an artillery die of "
                       + ", ".join(f"{v:g}" for v in r.scatter_faces)
                       + (" inches, halved," if r.scatter_halved else " inches")
                       + " in a random direction, and the template hits whoever is under it "
                       "where it lands",
            "shells": "a gun with both shell types has one type in its barrels at a time; a "
                      "reload may change type: the shells in the barrels go back to their box "
                      f"and the reload's D{r.reload_die} loads the other type",
            "fast_draw": "every fighter not out of action rolls I + D6 "
                         + ("afresh at the start of each round" if r.shootout_reroll else
                            "once, in the first round, and the scores keep the order for every "
                            "round after")
                         + "; the highest score acts first, then the next; fighters with equal "
                         "scores act together: when both sides have some, a coin decides whose "
                         "take their actions first; each takes his action in turn (a down one "
                         "may crawl; a pinned one first tests to escape and, failing, loses "
                         "this activation, his pin lifting after it); the enemy's overwatchers, "
                         "not those of the same score, may then fire at them; then they all "
                         "shoot at the same moment, each at the BS he had when the score's "
                         "shooting began, so one hit or wounded by another of his score still "
                         "fires as he was; hand-to-hand and the recovery of both sides come at "
                         "the end of the round",
            "order_kept": "the scores rolled in the first round keep the order for the whole "
                          "shoot-out (the text: 'subsequent turns can be taken in this order'); "
                          "nobody rolls again",
            # skills (keys: SKILLS names) and the native war band's resilience
            "hip_shooting": "hip shooting: in a turn he runs, his snap shots (on the move or "
                            "after the run) are fired without the snap modifier "
                            f"({r.snap_modifier:+d})",
            "marksman": (f"marksman: the short range of each of his guns reaches "
                         f"{r.marksman_factor:g} times as far, up to its long range"
                         if r.marksman_reading == "short_only" else
                         f"marksman: the short and long ranges of each of his guns reach "
                         f"{r.marksman_factor:g} times as far"),
            "gunfighter": ("gunfighter: " if r.two_weapons_need_skill else
                           "two guns at once (no skill needed under these rules): ")
                          + "with two loaded guns and both arms free"
                          + (" (not in the saddle: a rider keeps a hand on the reins)"
                             if self.riders else "")
                          + " he fires the second "
                          f"on the same occasion as the first, at {r.gunfighter_modifier:+d} to "
                          "hit (the closest-target rule as ever)"
                          + (", a long gun among them fired one-handed, by his choice"
                             if r.two_weapons_long_guns else
                             "; both must be handguns under these rules"),
            "one_hand_pair": "a long gun may be fired one-handed, so it may be one of two guns "
                             f"fired at once: {r.one_hand_long_gun_mod:+d} to hit, one shot; a "
                             "scripted gunfighter pairs it when his weight one_hand says the "
                             "pair's expected hits beat the long gun's firing alone (one shot or "
                             "a burst), or adds it after a handgun's shot when no second handgun "
                             "is ready; the random floor tosses a coin",
            "nerves_of_steel": ("nerves of steel: a failed I test to escape a pin is re-rolled"
                                if r.nerves_reading == "reroll" else
                                "nerves of steel: he takes the I test to escape a pin with no "
                                "friend near"),
            "dodge": f"dodge: while on his feet he avoids each hit, shot or blow, on an "
                     f"unmodified D6 of {r.dodge_save}+",
            "step_aside": f"step aside: he avoids each hand-to-hand blow on a D6 of "
                          f"{r.step_aside_on}+",
            "true_grit": "True Grit: his injury rolls read " + _faces(r.true_grit_faces, inj),
            "body_slam": f"body slam: a charge adds +{r.body_slam_charge_bonus} to his combat "
                         f"score (instead of +{r.charge_bonus})",
            "crushing_blow": f"crushing blow: his hand-to-hand blows are +"
                             f"{r.crushing_blow_strength} S",
            "iron_jaw": f"iron jaw: hand-to-hand blows on him are -{r.iron_jaw_strength} S "
                        "(never below 1)",
            "wrassler": "wrassler: when he wins a combat he locks one of the loser's arms (a "
                        "D6: 1-3 the left, 4-6 the right), useless for the rest of the fight: "
                        "with an arm locked a fighter gets no extra attack for a second weapon, "
                        "cannot fire two handguns at once and fires a long gun one-handed at "
                        f"{r.one_hand_long_gun_mod:+d} to hit; with both arms locked he can "
                        "neither shoot nor reload and strikes without his hand weapon; and he "
                        f"hates the wrassler: +{r.hatred_combat_bonus} to his combat score "
                        "against him",
            "resilient": "a native war band's fighter is resilient: each injury roll is two "
                         "dice, the better standing"
                         + (", but an out of action on either die stands"
                            if _NATIVE.get(r.native_injury) == 1 else ""),
            # horses (wm-5)
            "mounted": f"horse and rider are one fighter on the map, moving at the horse's M "
                       f"({r.horse_profile[0]}\"); they are a large target, "
                       f"{r.mounted_target_modifier:+d} to hit; each hit on them, shot or blow, "
                       f"is located by a D6: {self.location_faces()}",
            "horse_hit": f"a hit on the horse rolls to wound against its T {r.horse_profile[4]}: "
                         "wounded, it falls and its rider with it; otherwise it is pinned and "
                         "panics: it bolts in its rider's next movement phase unless he calms "
                         "it first, and is itself again at the end of that turn",
            "stay_on": "a rider who is pinned or wounded, or whose horse runs into something, "
                       "tests his I to stay in the saddle; failing, he falls (a rider who goes "
                       "down falls without a test)",
            "fall": f"a rider who falls takes an S{r.fall_strength} hit, or a "
                    f"D{r.fall_fast_hits_die} of them if the horse's latest move was more than "
                    f"its M ({r.horse_profile[0]}\"); each pins him and rolls to wound, and no "
                    "skill saves it; he fights on on foot where the horse was, at his own M, "
                    "his aim and overwatch gone, and the horse leaves the fight" + (
                        " (a war horse that did not fall stays beside him, to be mounted again)"
                        if "war_horse" in (r.riding_skill_a, r.riding_skill_b) else ""),
            "calm": "at the start of his side's turn the rider of a pinned horse, if not pinned "
                    "himself, may try to calm it: an I test; passed, the horse is under control",
            "bolt": "a pinned horse bolts in its rider's movement phase, in place of his action "
                    "(he may still shoot): straight in a random direction, its latest move and "
                    f"{r.horse_bolt_extra_in}\" more, at most {r.horse_profile[0] * r.run_multiplier}"
                    f"\" (a horse that had stood still: an artillery die's inches and "
                    f"{r.horse_bolt_extra_in}\" more), carrying him out of any hand-to-hand; it "
                    "stops at the table edge, before another fighter, when the ground ahead costs "
                    "more than it has left, or when its rider falls or goes down (a rider pinned "
                    "on the way is carried on); his aim ends; "
                    f"running into a wall or building it stops and takes an S{r.fall_strength} "
                    "hit, and its rider tests to stay on",
            "runaway": "a pinned rider cannot control his horse: it goes on straight the way it "
                       "was going, at "
                       + ("its latest move" if r.runaway_move == "last_move" else
                          f"its M ({r.horse_profile[0]}\")")
                       + f" less {r.rider_pinned_move_loss}\", in place of his action (as a "
                       "bolting horse, it stops at an obstacle)",
            "jump": "a rider may jump down from his horse at any point of its move: from a "
                    "moving horse he takes an I test, and failing it takes a fall's S"
                    f"{r.fall_strength} hit (a D{r.fall_fast_hits_die} of them above the horse's "
                    "M); he moves no further, except to leap into a fight with an enemy within "
                    f"{r.jump_charge_in}\" (a charge), and any shot he takes is a snap shot; the "
                    "horse stands where he left it",
            "dismount": "a rider may step down from his still horse as his action: no more "
                        "movement that turn, any shot he takes is a snap shot, and the horse "
                        "stands there riderless; he fights on foot at his own M",
            "hit_run": "a rider may charge past a man on foot, more than his basic move in all: "
                       "both strike one attack as he passes (whatever their attacks or "
                       "weapons; his charge bonus counts, the horse's bulk does not) and he "
                       "rides on within his charge move; he shoots nothing that turn"
                       + ("" if r.hit_and_run_down_out else
                          ", and a man it downs lies where he fell, not out of action"),
            "board": "a fighter may board an enemy rider's horse (after Gorka Morka's boarding "
                     "rules): he charges to a free spot beside it, at its side or rear if it "
                     "moved in its latest move, and climbs on"
                     + (f"; a rider may jump across from his own horse within "
                        f"{r.jump_between_in}\" of it, leaving his horse standing riderless "
                        "where he jumped from" if r.jump_between_in > 0 else "")
                     + "; onto a horse that moved"
                     + (", and always jumping across," if r.jump_between_in > 0 else "")
                     + " he takes an I test"
                     + (f", {r.mount_moving_mod:+d} if the horse (or either horse) moved more "
                        f"than its M of {r.horse_profile[0]}\"" if r.mount_moving_mod else "")
                     + (f", {r.sure_footed_bonus:+d} for a sure-footed rider jumping across "
                        "from his own horse (its training: none climbing from the ground)"
                        if r.jump_between_in > 0 and r.sure_footed_bonus and "sure_footed" in
                        riding else "")
                     + (f", {r.mount_helper_bonus:+d} for each friend giving him a leg up "
                        "(climbing from the ground: a friend on foot in a spot touching his, up, "
                        "unpinned, not in hand-to-hand, not entangled, not broken and not yet "
                        "acted this turn; it is the helper's action: he does nothing else that "
                        "turn, and gives up any aim)" if self.helped and r.mount_helper_bonus
                        else "")
                     + "; then he fights one round of hand-to-hand with the rider, "
                     f"{r.charge_bonus:+d} to his combat score for the charge"
                     + (f" and {r.obstacle_penalty:+d} climbing up from the ground"
                        if r.obstacle_penalty else "")
                     + ", a tie going to the higher I and an equal I a stand-off (he stays "
                     "beside the horse)"
                     + (", the winner striking his blows as in any round" if r.board_blows
                        else "; no blows are struck")
                     + "; won, the rider is thrown off where the boarder stood and takes a "
                     f"fall's S{r.fall_strength} hit (a D{r.fall_fast_hits_die} of them if the "
                     "horse moved more than its M), and the boarder rides his horse, its "
                     "latest move still its own"
                     + (" (not trained for him, it answers to no riding skill of his: no "
                        "sure-footed, no war horse)" if {"sure_footed", "war_horse"} & riding
                        else "")
                     + "; lost, or "
                     f"the I test failed, the boarder is thrown back a D{r.mount_fail_bounce_die}"
                     "\" and takes the same hits; no fight is joined, and he shoots nothing that "
                     "turn",
            "double_mount": "horses can be ridden double-mounted: a man on foot may get up behind a "
                              "friend rider, running to a free spot beside the horse (at its side or "
                              "rear if it moved in its latest move); onto a horse that moved he takes "
                              "an I test"
                              + (f", {r.mount_moving_mod:+d} if it moved more than its M of "
                                 f"{r.horse_profile[0]}\"" if r.mount_moving_mod else "")
                              + (f", {r.mount_helper_bonus:+d} for each friend giving him a leg up"
                                 if r.mount_helper_bonus else "")
                              + f", and failing it is thrown back a D{r.mount_fail_bounce_die}\" and "
                              f"takes a fall's S{r.fall_strength} hit; up, he holds on behind the rider "
                              "(no shots) and goes where the horse goes, which carries two at "
                              f"{self.double_m}\" ({r.double_mount_move:g} of its M); a shot at it hits a "
                              f"rider on a D6 of {_span(1, r.double_mount_rider_faces)}, a second D6 "
                              "saying which (1-3 the man in the saddle, 4-6 the one behind), the horse "
                              "on the rest; the tests of either man to stay on or calm the horse are at "
                              f"{r.double_mount_action_mod:+d}; the passenger may get down as his action "
                              "(from a horse that moved an I test at the same, failing it a fall's hit) "
                              "onto a free spot beside it, and comes off as a rider falls (pinned or "
                              "wounded he tests to stay on, down he falls); a rider carrying two does "
                              "not dismount, and if he comes off, the passenger takes the reins and "
                              "rides on alone",
            "lie_down": "a war horse lies down where its rider steps down: partial cover "
                        "to him on its spot, or next to it with the horse in the line of fire "
                        "(not from a shooter next to it), until he mounts it again",
            "bottle_choice": f"a gang whose bottle test is due ({r.bottle_pct}% or more of it "
                             "down or out of action) may bottle out by choice instead of "
                             "testing, and so loses the fight",
            "mount": "a fighter on foot may walk to his standing horse and mount it as his "
                     "action: no more movement that turn, but he may shoot; he rides at the "
                     f"horse's M of {r.horse_profile[0]}\" from then on",
            "mounted_reload": "a rider reloads and clears jams as if doing more: on a still "
                              f"horse {self.saddle_reload('still')}, on a moving one "
                              f"{self.saddle_reload('walking')}",
            "mounted_long_gun": "a rider keeps one hand on the reins: a long gun fired from "
                                f"the saddle is one-handed, {r.one_hand_long_gun_mod:+d} to "
                                "hit, and he fires no bow and no second handgun",
            "mounted_melee": "a rider fights with one hand on the reins: no extra attack die "
                             f"for a second hand weapon; charging a man on foot he adds "
                             f"+{r.mounted_charge_bonus} for the horse's bulk to his combat score "
                             "in that round",
            # ropes and riding skills (wm-9)
            "bolas": f"bolas reach {r.throw_range_per_s} x the thrower's S + "
                     f"{r.throw_range_base} inches (short range half of it) and strike at his S"
                     f"{self.strength_words('bolas')}; once thrown they are gone",
            "lasso": f"a lasso reaches {r.throw_range_per_s} x the thrower's S + "
                     f"{r.throw_range_base} inches (short range half of it); it does no harm of "
                     "its own and stays in the roper's hand: back after a miss, tied to the "
                     "fighter it entangles after a hit",
            "entangle": "a fancy roper's hit with his rope entangles ("
                        + ("a hit on a rider is located first: on the horse, bolas strike it as "
                           "a shot of their S and a lasso only pins it; " if self.riders else "")
                        + "a dodge avoids it): he falls"
                        + (", a rider pulled from the saddle (his horse leaving the fight),"
                           if self.riders else "")
                        + f" and takes an automatic S{r.entangle_fall_strength} hit that pins "
                        "him and rolls to wound, "
                        "then the bolas' own hit at the thrower's S (a lasso does no harm of its "
                        "own); an entangled fighter counts as down in hand-to-hand"
                        + (" (charged, he is out of action)" if r.down_alone_out else ""),
            "untangle": "an entangled fighter, once unpinned, either tries to get free in place "
                        "of his action (against a lasso an S test at his S less the roper's, "
                        "then an I test; against bolas the I test alone), doing nothing else "
                        f"that {self.turn_word} whatever comes of it, or stays entangled and acts "
                        f"at {r.entangled_action_mod:+d} to his to-hit, reloading and clearing "
                        "rolls; a bolas victim can only crawl, a lasso victim moves but not "
                        "beyond the rope's reach from its holder",
            "let_go": "a lasso holder who steps beyond the rope's reach (or is thrown or carried "
                      "beyond it), or goes down or out of action, lets go: the lasso is lost for "
                      "the fight and the fighter it held is free (bolas are never let go)",
            "war_horse": "war horse: a rider who charged and fights on in hand-to-hand on "
                         "his horse keeps the normal charge bonus (not body slam's own, nor "
                         "the horse's bulk) in every later round",
            "sure_footed": f"sure-footed lil' pony: while he rides, +{r.sure_footed_bonus} to his "
                           "I tests to stay in the saddle and to calm his horse, to his to-hit "
                           "rolls and to his reloading and jam-clearing rolls (not in "
                           "hand-to-hand)",
            "ride_like_rooster": "ride like Rooster Coburn: he rides hands-free, both hands "
                                 "fighting or shooting: from the saddle his long gun is not "
                                 "fired one-handed, he may draw a bow and fire a second "
                                 "handgun, and a second hand weapon gives its extra attack die",
            "fancy_ropin": "fancy ropin': his hit with his rope (his lasso, or his bolas when he "
                           "carries no lasso) entangles the fighter it hits"
                           + (", mounted or on foot" if self.riders else "")
                           + "; only he may carry a lasso",
            # sabres and lances (wm-11)
            "parry": "a fighter with a sabre and a hand for it parries: when he is the only one "
                     "in a fight who can parry and is losing the round (on the scores, or on "
                     "initiative at a tie), his opponent re-rolls his highest attack die and the "
                     "round is scored again; two parries cancel, and a fighter with no hand "
                     "free for his sabre (" + self.no_hand_words() + ") cannot parry",
            "scope": f"a telescopic sight: while its holder has not moved this turn (he aimed, "
                     "held, went on overwatch or reloaded where he stands), the short range of "
                     f"the gun it is fitted to reaches {r.scope_short_factor:g} times as far, "
                     "up to its long range",
            "lance": f"a lance strikes at its holder's S{self.strength_words('lance')}, and "
                     f"+{r.lance_charge_bonus} more in the round he charged"
                     + ("; it is held in one hand at all times: he fires a long gun "
                        f"one-handed ({r.one_hand_long_gun_mod:+d} to hit), cannot draw a bow "
                        "or fire a second handgun"
                        + (", and in the saddle with a hand on the reins he has no hand for a "
                           "gun" if self.riders else "")
                        if r.lance_hand == "held" else
                        "; it is slung while he shoots"),
            # nerve: breaking and rallying (wm-12; wm-13: one test a phase, a pinned break)
            "nerve": "when a fighter goes down or out of action, each friend of his standing "
                     f"within {r.nerve_friend_in}\" of him and not broken takes a nerve test at "
                     "the end of that phase (one test a phase, however many fall near him): "
                     f"{r.ld_dice}D6 at or under his Ld, or his leader's when a standing "
                     f"leader not broken within {r.leader_ld_in}\" has a higher one; failing, "
                     "he is broken: his aim and overwatch are gone, a fighter in hand-to-hand "
                     "first takes one blow from his opponent and breaks away, and he runs for "
                     "cover"
                     + ("" if r.pinned_break_runs else
                        " (a pinned fighter, who may not move, only once the pin lifts: in "
                        "place of his action at his first turn free of it)")
                     + "; while broken he takes no action and fires no shot, and charged he "
                     "fights at WS 0",
            "flee": f"a broken fighter runs {r.broken_flee_dice}D6 inches for cover (over low "
                    "cover, round other fighters, the ground's cost counted, never ending next "
                    "to an enemy): to the place within reach that the fewest standing enemies "
                    "see, in cover if he can, "
                    + ("and of those the farthest from the nearest standing enemy, then the "
                       "nearest to him" if r.broken_flee_to == "cover_away" else
                       "the nearest such")
                    + "; no overwatch fires at a flight"
                    + ("; at each of his later turns, unless he is in cover and out of every "
                       "standing enemy's sight, he runs again in place of his action"
                       if r.broken_keep_fleeing else
                       "; he runs once, and stays where that run leaves him")
                    + "; charged, he breaks away and runs at the end of the hand-to-hand, "
                    "even if he won (his opponent out of action)",
            "rally": "at the end of his side's turn (not the turn he broke) a broken fighter in "
                     "cover and out of every standing enemy's sight tries to rally: "
                     f"{r.ld_dice}D6 at or under his Ld (his leader's as for the nerve test); "
                     "passed, he is no longer broken",
            # dynamite (wm-10)
            "light": self._light_rule(),
            "dynamite": f"a bundle of dynamite is thrown {r.throw_range_per_s} x the thrower's S "
                        f"+ {r.throw_range_base} inches (short range half of it), with one to-hit "
                        "roll; a hit puts the blast on the target, a miss scatters the bundle "
                        "an artillery die of "
                        + ", ".join(f"{v:g}" for v in r.scatter_faces if v)
                        + (" inches, halved," if r.scatter_halved else " inches")
                        + " in a random direction, and the die's misfire face makes it a dud "
                        "that never goes off; thrown, the sticks are gone",
            "blast": "a bundle of dynamite that goes off hits every fighter within its reach of "
                     "where it goes off, friend or foe (the thrower too), once each at "
                     f"S{r.dynamite_strength}; its reach grows with its sticks (its radius and "
                     "half a base): "
                     + ", ".join(f"{_plural(n + 1, 'stick')} {rad + r.template_base_in:g}\""
                                 for n, rad in enumerate(r.dynamite_radius_in)),
            "fuse": (f"a bundle lit at the end of one {self.turn_word} must be thrown in its "
                     f"holder's next: if it is still in his hand at the end of that "
                     f"{self.turn_word} (or lies where he fell), "
                     + ("its fuse burns down and it goes off where he is"
                        if r.unthrown_fuse == "explodes" else
                        "its fuse is pinched out and the sticks are unlit again")),
        }
        if self.fast:  # the rules that speak of gang turns, as a fast-draw round has them
            text.update({
                "overwatch": f"an overwatcher fires once, until his own next action, at an "
                             "enemy (not one of his own score) who moves in his "
                             f"{r.fire_arc_deg}-degree arc or stands in it when a score's moves "
                             "are over; aimed overwatch watches a "
                             f"{r.aim_arc_deg}-degree arc with the aiming bonus",
                "pinned": "a fighter hit is pinned: he may not move or shoot; when his score "
                          "next comes he escapes with an I test if a friend (not a young blood) "
                          f"stands within {r.unpin_friend_in}\" (the leader always may try); "
                          "failing, or with no friend near, he loses that activation and the "
                          "pin lifts after it: a pin costs one activation",
                "duck_back": text["duck_back"].replace(
                    "at the start of his side's next turn", "when his score next comes").replace(
                    "failing, he stays pinned that turn and the duck back lifts at its end",
                    "failing, he loses that activation and the duck back lifts after it"),
                "down": f"a down fighter may only crawl {r.down_crawl_in}\" when his score "
                        "comes; at the end of each round he rolls to recover: "
                        + _faces(r.recovery_faces, ("up again with a flesh wound, and pinned",
                                                    "stays down", "out of action"))
                        + up_engaged,
                "reload": text["reload"].replace("takes the fighter's turn and is done at its "
                                                 "end", "takes the fighter's action and is "
                                                 "done at the end of the round"),
                "charge": text["charge"].replace("fought at the end of the turn",
                                                 "fought at the end of the round"),
                "aim": text["aim"].replace("aim on next turn", "aim on next round")
                                  .replace("shoots after all movement", "shoots when the "
                                           "moves of his score are over"),
            })
        return text[key]

    def _light_rule(self) -> str:
        """The rule of lighting dynamite (light_takes_turn, light_roll, dynamite_bundle)."""
        r = self.rules
        bundle = ("one stick at a time" if r.dynamite_bundle == 1 else
                  f"a bundle of up to {r.dynamite_bundle} sticks (all he has left, if fewer)")
        roll = ("a BS test whatever he did, the reload bands only saying whether he may light "
                "at all" if r.light_roll == "always" else
                "no roll standing still, a BS test on the move, as a reload")
        bands = " (one band harder in the saddle" if self.riders else ""
        if r.heavy_rain:
            bands += (", and" if bands else " (one band harder") + " in heavy rain"
        roll += bands + (")" if bands else "")
        if r.light_takes_turn:
            return (f"lighting dynamite takes the fighter's {self.turn_word} as a reload does, "
                    f"done at its end: {roll}; lit, {bundle} is in his "
                    f"hand to throw in a later {self.turn_word}; failed, nothing is lost")
        return (f"dynamite is lit as it is thrown, in the shooting phase: {roll}; lit, {bundle} "
                "is thrown at once; failed, nothing is thrown and nothing is lost")

    def _lemat_reload_note(self) -> str:
        """The Le Mat's reload order, to follow the reload rule in a fight with Le Mats."""
        loss = ("the shell that would have gone in and the rest of the die from the chambers' "
                "box" if self.rules.reload_loss == "die" else
                "what would have gone in, each from its own box")
        return ("; a Le Mat's one reloading action loads both its chambers and its shotgun "
                "barrel, with one roll and one die, its owner first declaring the barrel loaded "
                "first or last: loaded last, the barrel gets a shell only if the die outlasts "
                f"the empty chambers, so a short die leaves it empty; a failed test loses {loss}")

    @property
    def double_m(self) -> int:
        """The M of a horse carrying two (the engine's R_DOUBLE_M, row 183)."""
        return int(self.rules.horse_profile[0] * self.rules.double_mount_move)

    def horse_m(self, i: int) -> int:
        """The M of the horse fighter i rides or sits behind now: a horse carrying two moves at
        ``double_m``."""
        f = self.f[i]
        return self.double_m if f.carried is not None or f.behind >= 0 else \
            self.rules.horse_profile[0]

    def double_faces(self) -> str:
        """'1-3 a rider (a second D6: 1-3 the man in the saddle, 4-6 the one behind), 4-6 the
        horse': a shot's location on a horse carrying two (double_mount_rider_faces)."""
        n = self.rules.double_mount_rider_faces
        parts = ([f"{_span(1, n)} a rider"] if n else []) + \
            ([f"{_span(n + 1, S.D6)} the horse"] if n < S.D6 else [])
        return ", ".join(parts)

    def location_faces(self) -> str:
        """'1-4 the horse, 5-6 the rider': the location die's faces (rider_hit_faces)."""
        rider = self.rules.rider_hit_faces
        horse = S.D6 - rider
        parts = ([f"{_span(1, horse)} the horse"] if horse else []) + \
            ([f"{_span(horse + 1, S.D6)} the rider"] if rider else [])
        return ", ".join(parts)

    def saddle_reload(self, activity: str) -> str:
        """What reloading asks of a rider after ``activity`` ('still', 'walking')."""
        cat = self.rules.reload_category(activity, True)
        return {"auto": "no roll is needed", "roll": "it needs a BS test"}.get(cat, "not at all")

    def sees(self, a, b) -> bool:
        return bool(line_of_sight(self.table, self.f[a].pos, self.f[b].pos)[0])

    def adjacent(self, a, b) -> bool:
        pa, pb = self.f[a].pos, self.f[b].pos
        return max(abs(pa[0] - pb[0]), abs(pa[1] - pb[1])) <= 1

    def weapon(self, row: int) -> dict:
        """Weapon-table row ``row`` as {column: value} (one dict per row, read only)."""
        rows = self.__dict__.setdefault("_weapon_rows", {})
        w = rows.get(row)
        if w is None:
            w = rows[row] = self.rules.weapon(WEAPONS[row])
        return w

    def slot_name(self, f: int, k: int) -> str:
        s = self.f[f].slots
        return gun_name(s[k]) if 0 <= k < len(s) and s[k] >= 0 else "other gun"

    def part_name(self, f: int, k: int) -> str:
        """``slot_name``, a Le Mat's part named as such: 'shotgun barrel of his Le Mat',
        'chambers of his Le Mat'."""
        s = self.f[f].slots
        part = lemat_part(s[k]) if 0 <= k < len(s) else ""
        if part:
            return f"{'shotgun barrel' if part == 'barrel' else 'chambers'} of his Le Mat"
        return self.slot_name(f, k)

    def lemat_other(self, f: int, k: int) -> int:
        """The slot of the other part of the Le Mat whose part is fighter f's slot k (its
        chambers come just before its barrel), -1 when slot k is no Le Mat's."""
        s = self.f[f].slots
        part = lemat_part(s[k]) if 0 <= k < len(s) else ""
        o = k + 1 if part == "chambers" else k - 1 if part == "barrel" else -1
        want = "barrel" if part == "chambers" else "chambers"
        return o if 0 <= o < len(s) and lemat_part(s[o]) == want else -1

    def reload_name(self, f: int, k: int) -> str:
        """What a reloading action on fighter f's slot k loads: 'Le Mat' (both its parts, as
        one reloading action does unless one is useless), else ``part_name``."""
        o = self.lemat_other(f, k)
        fi = self.f[f]
        if o >= 0 and not fi.useless[o] and not fi.useless[k]:
            return "Le Mat"
        return self.part_name(f, k)

    def ground(self, x, y) -> str:
        """The slow ground at (x, y) in words ('the stream', 'rough ground', 'a thicket'), ''
        elsewhere."""
        kind = int(self.table.terrain[y, x])
        if kind == THICKET:
            return "a thicket"
        ww = self.rules.waterway
        if kind == SHALLOW_WATER:
            return {"stream": "the stream", "river": "a ford of the river"}.get(ww, "shallow water")
        if kind == DEEP_WATER:
            return "the river" if ww == "river" else "deep water"
        return {DIFFICULT: "rough ground", VERY_DIFFICULT: "very rough ground"}.get(kind, "")

    @functools.cached_property
    def any_rider(self) -> bool:
        """Did anyone start the fight on horseback (DEPLOY j)?"""
        ev = self.ev
        return bool((ev[ev[:, 2] == Ev.DEPLOY][:, 9] != 0).any())

    @functools.cached_property
    def barred(self):
        """bool[h, w]: the cells no horse enters (the engine's ``barred_cells``)."""
        t = self.table
        return barred_cells(t.terrain, t.piece, self.rules.horse_jump_in)

    def ground_rule(self, x, y) -> str:
        """The rule a step onto (x, y) calls: 'thicket', 'slow' (slow ground) or ''."""
        kind = int(self.table.terrain[y, x])
        return "thicket" if kind == THICKET else "slow" if slowness(kind) else ""

    def depth(self, x, y) -> int:
        """Water at (x, y): -1 none, 0 shallow, 1 deep (the engine's ``_depth``)."""
        kind = int(self.table.terrain[y, x])
        return 0 if kind == SHALLOW_WATER else 1 if kind == DEEP_WATER else -1

    def ammo_need(self, i, row, wet=None) -> tuple[int, list[str]]:
        """The ammo roll of fighter i's gun ``row`` with his wet mark (``wet``: these FWET bits
        instead): (need, what adds to the gun's own score, e.g. ['+2 wet powder'])."""
        r, w = self.rules, self.weapon(row)
        wet = self.f[i].wet if wet is None else wet
        ign = IGNITIONS[w["ignition"]]
        adds: list[tuple[int, str]] = []
        if w["kind"] == S.KIND_BOW:  # in the wet the need is bow_wet_ammo (never easier)
            if r.heavy_rain or wet & S.WET_IN_WATER or (
                    r.immersion_trigger == "any_water" and wet & S.WET_DEEP):
                wet_need = max(w["ammo"], r.bow_wet_ammo)
                if wet_need > w["ammo"]:
                    adds.append((wet_need - w["ammo"], "wet bowstring"))
        elif ign == "percussion":
            rain = r.perc_rain_ammo if r.heavy_rain else 0
            water = r.perc_water_ammo if wet & S.WET_IN_WATER else 0
            if r.perc_wet_stacking == "largest" and rain and water:
                adds.append((max(rain, water), f"the larger of +{rain} heavy rain and +{water} "
                                               "wet powder"))
            else:
                adds += [(rain, "heavy rain"), (water, "wet powder")]
        elif ign == "cartridge" and (wet & S.WET_IN_WATER or (
                r.immersion_trigger == "any_water" and wet & S.WET_DEEP)):
            adds.append((r.cart_water_ammo, "soaked cartridges"))
        adds = [(v, name) for v, name in adds if v]
        return w["ammo"] + sum(v for v, _ in adds), [
            name if name.startswith("the larger") else f"+{v} {name}" for v, name in adds]

    def wet_words(self, row, adds) -> str:
        """'percussion: 4+, +2 wet powder': a gun's own ammo score and what the wet adds
        (``ammo_need``), naming a percussion gun whose name does not."""
        w = self.weapon(row)
        perc = IGNITIONS[w["ignition"]] == "percussion" and "percussion" not in weapon_name(row)
        return ("percussion: " if perc else "") + ", ".join([f"{w['ammo']}+"] + adds)

    def peek(self, kind, stop_kinds=()):
        """The next event of ``kind`` after the current one (before any of ``stop_kinds``)."""
        for j in range(self.i + 1, len(self.ev)):
            k = int(self.ev[j, 2])
            if k == kind:
                return self.ev[j]
            if k in stop_kinds:
                return None
        return None

    def status(self, side: int) -> str:
        fs = [f for f in self.f.values() if f.side == side]
        up = [f for f in fs if f.state == STANDING]
        pinned = [self.lab(f.i) for f in up if f.pinned]
        down = [self.lab(f.i) for f in fs if f.state == DOWN]
        out = [self.lab(f.i) for f in fs if f.state == OUT]
        txt = f"{len(up)} standing" + (f" ({', '.join(pinned)} pinned)" if pinned else "")
        txt += f", {len(down)} down" + (f" ({', '.join(down)})" if down else "")
        txt += f", {len(out)} out of action" + (f" ({', '.join(out)})" if out else "")
        riders = [self.lab(f.i) + (f" with {self.lab(f.carried.i)} behind him" if
                                   f.carried is not None else "")
                  + (" (his horse pinned)" if f.hpin else "") for f in up if f.mounted]
        if riders:
            txt += "; on horseback: " + ", ".join(riders)
        tangled = [f"{self.lab(f.i)} (in {self.rope_words(f.i)})" for f in fs if f.rope and
                   f.state != OUT]
        if tangled:
            txt += "; entangled: " + ", ".join(tangled)
        broken = [self.lab(f.i) for f in up if f.broken]
        if broken:
            txt += "; broken: " + ", ".join(broken)
        lit = [f"{self.lab(f.i)} ({_plural(f.loaded[k], 'stick')}"
               + (", where he fell)" if f.state == OUT else ")")
               for f in sorted(fs, key=lambda f: f.i) if (k := self.dyn_slot(f.i)) >= 0 and
               f.loaded[k] > 0]
        if lit:
            txt += "; holding lit dynamite: " + ", ".join(lit)
        return txt

    def marks(self) -> dict:
        m: dict = {}
        for f in sorted(self.f.values(), key=lambda f: f.i):
            if f.state == OUT:
                c, labels = m.get(f.pos, ("x", []))
                if c == "x":
                    m[f.pos] = ("x", labels + [self.lab(f.i)])
        for f in self.f.values():
            if f.state != OUT and f.behind < 0:
                c = SIDES[f.side] if f.state == STANDING else SIDES[f.side].lower()
                if f.mounted and f.state == STANDING:
                    c = RIDER_CHARS[f.side]
                m[f.pos] = (c, [self.lab(f.i)])
        for f in sorted(self.f.values(), key=lambda f: f.i):  # a passenger (row 183): named
            if f.state != OUT and f.behind >= 0 and f.pos in m:  # after his rider
                m[f.pos][1].append(self.lab(f.i))
        return m

    def show_map(self, title: str) -> None:
        marks = self.marks()
        self.maps.append(marks)
        self.say(title)
        self.say(map_text(self.table, marks))
        # a fighter out of action does not hold his cell: another may come to stand on it
        hidden = [f"{self.lab(f.i)} at {_xy(f.pos)}, where {marks[f.pos][1][0]} now stands"
                  for f in sorted(self.f.values(), key=lambda f: f.i)
                  if f.state == OUT and marks[f.pos][0] != "x"]
        if hidden:
            self.say("Taken out of action under another fighter's mark: " + "; ".join(hidden)
                     + ".")

    # ---------------------------------------------------------------- state changes

    def take_out(self, t: int) -> None:
        f = self.f[t]
        if f.rope:  # free of his rope (the engine's quiet ``_free``): a lasso goes back to a
            h = self.f.get(f.roper)  # holder standing, else it is lost
            if f.rope == S.ROPE_LASSO and h is not None and 0 <= f.rope_k < len(h.slots):
                if h.state == STANDING:  # (told under his going out of action)
                    h.loaded[f.rope_k] = 1
                    self.after.append(f"{self.lab(f.roper)}'s lasso comes back to his hand.")
                else:
                    h.useless[f.rope_k] = True
                    self.ropes[h.side]["lost"] += 1
            f.rope, f.roper, f.rope_k, f.reach = 0, -1, -1, 0
        if f.behind >= 0:  # a passenger out of action (row 183): he lies where the horse was
            self.unlink(t)
        f.state, f.pinned, f.duck = OUT, False, 0
        f.aim_t, f.aim_n = -1, 0
        f.eng = -1
        for b in self.f.values():
            if b.eng == t:
                self.reengage(b.i)

    def reengage(self, b: int) -> None:
        """The engine's ``_reengage``: b fights on with an enemy engaged with him and in
        contact, else he is free."""
        self.f[b].eng = -1
        for c in self.f.values():
            if c.eng == b and c.state != OUT and self.adjacent(b, c.i):
                self.f[b].eng = c.i
                return

    def go_down(self, t: int) -> None:
        f = self.f[t]
        f.state, f.pinned, f.duck = DOWN, False, 0

    def flesh_wound(self, t: int) -> None:
        """A flesh wound (at WS and BS both 0 a TAKEN_OUT follows). A fast draw's shooter
        wounded by his own shot (his template) fires the rest of it at the lower BS."""
        f = self.f[t]
        pen = self.rules.flesh_wound_penalty
        f.flesh += 1
        f.ws, f.bs = max(f.ws - pen, 0), max(f.bs - pen, 0)
        g = self.grp
        if self.fast and g is not None and self.phase == "shoot" and t == self.shooter and \
                t in g["bs"] and not self.melee_ctx:
            g["bs"][t] = max(g["bs"][t] - pen, 0)

    def fire_bs(self, i, flags) -> int:
        """The BS fighter i's shot is fired at: in a fast draw's simultaneous fire, the BS he
        had when his score's shooting began (a wound of the same score since does not count
        until it is over)."""
        g = self.grp
        if self.fast and g is not None and self.phase == "shoot" and i in g["bs"] and \
                not flags & (S.SH_OVERWATCH | S.SH_QUICKDRAW | S.SH_MIDMOVE):
            return g["bs"][i]
        return self.f[i].bs

    def old_bs(self, i, flags) -> str:
        """' (at BS 3, his BS before the wound: the shots are simultaneous)' when a wound of
        the same score has lowered fighter i's BS since its shooting began, else ''."""
        if self.fast and self.grp is not None and self.phase == "shoot":
            self.shooter = i
        bs = self.fire_bs(i, flags)
        if bs == self.f[i].bs:
            return ""
        return f" (at BS {bs}, his BS before the wound: the shots are simultaneous)"

    # ---------------------------------------------------------------- set-up

    def deploy(self, i, x, y, side, ftype, w0, w1, mounted=0):
        prof = self.rules.profile(FIGHTERS[ftype])
        skills, slots, spares, kit, sticks = (), [w0, w1], [], [], ()
        if self.rosters is not None and self.n_side[side] < len(self.rosters[side]):
            r = self.rosters[side][self.n_side[side]]  # fighters deploy in roster order
            if r.type == FIGHTERS[ftype]:
                skills, sticks = r.skills, r.weapons
                # the guns beyond the two DEPLOY names (a gunfighter's second handgun), from
                # his roster entry: the engine's slots are its guns in order
                guns = [WEAPONS.index(n) for n in _gun_names(self.rules, r.weapons)]
                kit = self.lemat_kit(r)
                if kit:  # a Le Mat's barrel has a slot of its own, after its chambers
                    guns = [WEAPONS.index(s[0]) for s in kit if s[0] != "tomahawk_thrown"]
                if len(guns) > 2 and w1 >= 0:
                    slots += guns[2:]
                spares = self.spares_of(r)
                if kit:  # (a Le Mat's barrel's slot has no spares: the guns' in order)
                    left = iter(spares)
                    spares = [0 if lemat_part(row) == "barrel" else next(left, 0)
                              for row in guns]
        riding = getattr(self.rules, f"riding_skill_{'ab'[side]}")  # every fighter of the side
        if riding in RIDING_SKILLS and riding not in skills:
            skills = (*skills, riding)
        self.f[i] = _Fighter(i, x, y, side, ftype, slots, prof, skills)
        f = self.f[i]
        f.blades = tuple(n for n in sticks if n in WEAPONS and self.blade(n))
        if f.blades:  # his hand weapons' strength bonus and his lance's charge (engine forces:
            r = self.rules  # FMELEE_S, FLANCE_S)
            f.hand_s = max(r.weapon(n)["strength"] for n in ("knife", *sticks)
                           if n in WEAPONS and r.weapon(n)["kind"] == S.KIND_MELEE)
            f.lance_s = max((r.weapon(n)["strength"] + r.lance_charge_bonus for n in f.blades
                             if self.blade(n) == "lance"), default=0)
        f.scope = self.scope_of(ftype, sticks, slots)
        if spares:
            self.f[i].spares = (spares + [0] * len(slots))[:len(slots)]
        if self.rosters is not None and kit:
            self.f[i].shell_boxes = {
                k: [(WEAPONS.index(n), res // self.rules.weapon(n)["box_rounds"])
                    for n, res in ((s[0], s[1]), (s[2], s[3])) if n is not None]
                for k, s in enumerate(kit) if k < len(slots) and lemat_part(slots[k]) == "barrel"}
        self.lemats = self.lemats or any(lemat_part(r) for r in slots)
        self.f[i].mounted = bool(mounted)
        self.riders = self.riders or bool(mounted)
        self.n_side[side] += 1
        self.label[i] = f"{SIDES[side]}{self.n_side[side]}"
        f = self.f[i]
        f.loaded = [self.weapon(r)["capacity"] if r >= 0 else 0 for r in f.slots]
        f.sticks = [0] * len(f.slots)  # a dynamite slot's unlit sticks (its roster's)
        for k, r in enumerate(f.slots):
            if r >= 0 and self.weapon(r)["kind"] == S.KIND_EXPLOSIVE:
                f.loaded[k] = 0  # (lit sticks in his hand: none at the start)
                f.sticks[k] = sticks.count(WEAPONS[r])
        f.jams = [0] * len(f.slots)
        f.useless = [False] * len(f.slots)
        guns = [r for r in f.slots if r >= 0]
        f.tracked = len(set(guns)) == len(guns)  # a SHOT names its row, not its slot

    def scope_of(self, ftype, weapons, slots) -> int:
        """The weapon row a bounty hunter's telescopic sight is fitted to (the engine's FSCOPE):
        the first long gun of his roster's ``weapons`` (else of his ``slots``) that is not a
        shotgun (no scatter template) nor a round type; -1 for anyone else, a hunter with no
        rifle, or under scope_short_factor 1 (no sight)."""
        r = self.rules
        if FIGHTERS[ftype] != "bounty_hunter" or r.scope_short_factor <= 1:
            return -1
        names = [n for n in weapons if n in WEAPONS] or [WEAPONS[w] for w in slots if w >= 0]
        rifles = [n for n in names if n not in ROUND_OF and
                  r.weapon(n)["kind"] == S.KIND_LONG_GUN and not r.has_flag(n, "template")]
        return WEAPONS.index(rifles[0]) if rifles else -1

    def sight_words(self, f, row) -> str:
        """' with a telescopic sight' when fighter f's sight is fitted to gun ``row``, else ''."""
        return " with a telescopic sight" if row >= 0 and row == f.scope else ""

    def lemat_kit(self, r) -> list:
        """Roster entry r's slots as the engine deals them (``engine_kit``) when he carries a
        Le Mat, else [] (a roster the engine could not deal: [])."""
        if not any(self.rules.has_flag(n, "lemat") for n in r.weapons if n in WEAPONS):
            return []
        try:
            return engine_kit(self.rules, r)
        except (KeyError, ValueError, StopIteration):
            return []

    def spares_of(self, r) -> list[int]:
        """Roster entry ``r``'s spare cylinders or tubes by gun slot, as the engine's ``forces``
        shares its ``preloads`` out: each gun in order keeps up to preload_max of its name's."""
        left = list(r.preloads)
        out = []
        for name in _gun_names(self.rules, r.weapons):
            kept = min(left.count(name), self.rules.preload_max)
            out.append(kept)
            for _ in range(kept):
                left.remove(name)
        return out

    def spare_noun(self, row: int) -> str:
        """What a spare of gun ``row`` is: 'tube' (a tube magazine's), else 'cylinder'."""
        return "tube" if row >= 0 and self.rules.has_flag(WEAPONS[row], "tube_magazine") else \
            "cylinder"

    def kit_words(self, f) -> str:
        """'percussion revolver (2 spare cylinders) and winchester': fighter f's guns in words,
        each with its spare cylinders or tubes (a bounty hunter's rifle with its telescopic
        sight)."""
        guns = [self.stick_words(f, k) if self.explosive(f.i, k) else
                weapon_name(w) + self.sight_words(f, w)
                + (f" ({_plural(n, 'spare ' + self.spare_noun(w))})" if n else "")
                for k, (w, n) in enumerate(zip(f.slots, f.spares, strict=True)) if w >= 0]
        if self.lemats:  # a Le Mat is one gun: its barrel named with its chambers
            guns = []
            for k, w in enumerate(f.slots):
                if lemat_part(w) == "chambers":
                    guns.append(self.lemat_words(f, k))
                elif self.explosive(f.i, k):
                    guns.append(self.stick_words(f, k))
                elif w >= 0 and not (lemat_part(w) == "barrel" and k and
                                     lemat_part(f.slots[k - 1]) == "chambers"):
                    guns.append(weapon_name(w) + self.sight_words(f, w) + (
                        f" ({_plural(f.spares[k], 'spare ' + self.spare_noun(w))})"
                        if f.spares[k] else ""))
        blades = [weapon_name(WEAPONS.index(n)) for n in dict.fromkeys(f.blades)]
        if not guns and blades:  # (a sabre or a lance and no gun)
            return "no gun, " + " and ".join(f"a {n}" for n in blades)
        guns += blades  # his sabre or lance: what they do is told (wm-11)
        return (", ".join(guns[:-1]) + " and " + guns[-1] if len(guns) > 1 else
                guns[0] if guns else "no gun")

    @staticmethod
    def stick_words(f, k) -> str:
        """'3 sticks of dynamite' (fighter f's dynamite slot k, his roster's), or 'dynamite'."""
        n = f.sticks[k]
        return f"{_plural(n, 'stick')} of dynamite" if n else "dynamite"

    def lemat_words(self, f, k) -> str:
        """"Le Mat (its shotgun barrel loaded with scatter shells; 1 box of scatter shells and 1
        of manstopper shells)": fighter f's Le Mat whose chambers are slot k, its barrel's
        shell type and (his roster known) the boxes of shells he carries for it."""
        b = k + 1
        if b >= len(f.slots) or lemat_part(f.slots[b]) != "barrel":
            return "Le Mat"
        txt = f"Le Mat (its shotgun barrel loaded with {shell_name(f.slots[b])} shells"
        if b in f.shell_boxes:
            boxes = [(shell_name(row), n) for row, n in f.shell_boxes[b] if n]
            if not boxes:
                txt += "; no box of shells"
            else:
                first, n = boxes[0]
                txt += f"; {n} {'box' if n == 1 else 'boxes'} of {first} shells"
                txt += "".join(f" and {n} of {name} shells" for name, n in boxes[1:])
        return txt + ")"

    def intro(self):
        t, r = self.table, self.rules
        self.say(f"Westamunda {'shoot-out' if self.shootout else 'gunfight'} (rules {VERSION}).")
        self.say(f"The table is {t.width}\" wide and {t.height}\" deep; each map cell is one "
                 f"inch. Positions are (x, y): x counts across from the left edge (0 to "
                 f"{t.width - 1}), y down from the top edge (0 to {t.height - 1}), as on the "
                 "maps' axes; north is the top edge.")
        ground = self.ground_line()
        if ground:
            self.say(ground)
        self.say("Fighters are labelled by side letter and number within the side: A1, A2... "
                 "and B1, B2...")
        if self.shootout:
            n = _plural(r.shootout_fighters, "fighter")
            self.say(f"A shoot-out: each gang sends the first {n} of its roster into one of two "
                     f"lines {r.shootout_distance_in}\" apart across the middle of a bare table (no "
                     "terrain, so nothing gives cover), 2\" between neighbours, the lines "
                     "facing each other.")
        profiles = {}
        for s in range(2):
            fs = [f for f in self.f.values() if f.side == s]
            edge = "top" if np.mean([f.pos[1] for f in fs]) < t.height / 2 else "bottom"
            where = f"deployed along the {edge} edge"
            if self.shootout:
                ys = sorted({f.pos[1] for f in fs})
                where = (f"in the {'north' if edge == 'top' else 'south'} line (y "
                         f"{' and '.join(str(y) for y in ys)})")
            self.say(f"Side {SIDES[s]}: {self.names[s]}'s {self.gang_types[s]} gang, "
                     f"{_plural(len(fs), 'fighter')}, {where}:")
            for f in fs:
                profiles[f.type] = self.rules.profile(FIGHTERS[f.type])
                skill = (f"; skill{'s' if len(f.skills) > 1 else ''}: "
                         f"{', '.join(skill_name(k) for k in f.skills)}" if f.skills else "")
                kit = self.kit_words(f)
                horse = " on horseback" if f.mounted else ""
                self.say(f"  {self.lab(f.i)} {_type_name(f.type)} at {_xy(f.pos)}{horse}, {kit}"
                         f"{skill}.")
            if self.native[s]:
                self.say(f"  Side {SIDES[s]}'s fighters, a native war band, are resilient to "
                         f"injury{self.why('resilient')}.")
        self.say("Profiles: " + "; ".join(
            f"{_type_name(k)} " + " ".join(f"{c} {v[c]}" for c in
                                           ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld"))
            for k, v in sorted(profiles.items())) + ".")
        self.horse_line()
        self.skills_line()
        rows = sorted({w for f in self.f.values() for w in f.slots if w >= 0})
        for row in rows:
            self.weapon_line(row)
        for name in sorted({n for f in self.f.values() for n in f.blades}, key=WEAPONS.index):
            self.blade_line(name)
        self.sight_line()
        self.legend_at = len(self.out)
        self.show_map("Positions at deployment:")

    def sight_line(self) -> None:
        """What each telescopic sight does (the bounty hunter's, wm-11), one line a sight:
        '  A telescopic sight on A3's winchester: while he has not moved this turn, its short
        range (+1 to hit) reaches 2 times as far, to 24" (up to its long range).'"""
        k = self.rules.scope_short_factor
        for f in sorted(self.f.values(), key=lambda f: f.i):
            if f.scope < 0:
                continue
            w = self.weapon(f.scope)
            on = f"  A telescopic sight on {self.lab(f.i)}'s {weapon_name(f.scope)}: "
            if w["hit_short"] <= w["hit_long"]:
                self.say(f"{on}its short range ({w['hit_short']:+d} to hit) is no better than its "
                         f"long ({w['hit_long']:+d}), so the sight changes nothing.")
                continue
            short = min(w["short_in"] * k, w["long_in"])
            cap = " (up to its long range)" if w["short_in"] * k >= w["long_in"] else ""
            self.say(f"{on}while he has not moved this turn, its short range "
                     f"({w['hit_short']:+d} to hit) reaches {k:g} times as far, to {short:g}\""
                     f"{cap}.")

    def horse_line(self) -> None:
        """The horses' profile and what riding does, when anyone rides."""
        riders = [self.lab(f.i) for f in sorted(self.f.values(), key=lambda f: f.i) if f.mounted]
        if not riders:
            return
        prof = " ".join(f"{c} {v}" for c, v in zip(("M", "WS", "BS", "S", "T", "W", "I", "A",
                                                        "Ld"), self.rules.horse_profile,
                                                       strict=True))
        groups = []
        for s in range(2):
            fs = [f for f in self.f.values() if f.side == s]
            mine = [self.lab(f.i) for f in sorted(fs, key=lambda f: f.i) if f.mounted]
            groups += ([f"every fighter of side {SIDES[s]}"] if len(mine) == len(fs) else mine)
        if groups == ["every fighter of side A", "every fighter of side B"]:
            groups = ["every fighter of both sides"]
        who = groups[0] if len(groups) == 1 else ", ".join(groups[:-1]) + " and " + groups[-1]
        self.say(f"Riders: {who}. Horse: {prof}; a rider moves at the horse's M, his own again "
                 f"once on foot{self.why('mounted')}.")

    def skills_line(self) -> None:
        """The skills the fighters have, who has each, and (as rules) what each does."""
        who: dict[str, list[str]] = {}
        for f in sorted(self.f.values(), key=lambda f: f.i):
            for k in f.skills:
                who.setdefault(k, []).append(self.lab(f.i))
        if not who:
            return
        parts = []
        for k in sorted(who, key=lambda k: SKILLS.index(k) if k in SKILLS else len(SKILLS)):
            labs = who[k]
            if k in RIDING_SKILLS:  # a side's every fighter (riding_skill_a / _b)
                sides = [s for s in range(2) if all(self.lab(f.i) in labs for f in
                                                    self.f.values() if f.side == s)]
                labs = [f"every fighter of side {SIDES[s]}" for s in sides] + [
                    lab for lab in labs if "AB".index(lab[0]) not in sides]
            names = labs[0] if len(labs) == 1 else ", ".join(labs[:-1]) + " and " + labs[-1]
            parts.append(f"{skill_name(k)} ({names})")
            if k in FIGHT_SKILLS or k in RIDING_SKILLS:
                self.why(k)
        self.say("Skills: " + "; ".join(parts) + ".")

    def has(self, i: int, skill: str) -> bool:
        return skill in self.f[i].skills

    def blade(self, name: str) -> str:
        """'sabre' for a hand weapon that parries (flag parry), 'lance' for one that strikes
        harder in the round its holder charged (flag charge_strength), else ''."""
        r = self.rules
        if r.weapon(name)["kind"] != S.KIND_MELEE:
            return ""
        return "sabre" if r.has_flag(name, "parry") else \
            "lance" if r.has_flag(name, "charge_strength") else ""

    def parry_blade(self, i: int) -> str:
        """The name of fighter i's parrying weapon: his roster's, else the weapons table's
        (the trace does not name it)."""
        mine = [n for n in self.f[i].blades if self.blade(n) == "sabre"]
        names = mine or [n for n in WEAPONS if self.blade(n) == "sabre"]
        return weapon_name(WEAPONS.index(names[0])) if names else "blade"

    def holds_lance(self, i: int) -> bool:
        """Does fighter i hold a lance in one hand at all times (lance_hand 'held'; the
        engine's ``_lance_hand``)? Known from his roster."""
        return self.f[i].lance_s > 0 and self.rules.lance_hand == "held"

    def hands_taken(self, i: int) -> list[str]:
        """What takes fighter i's hands from a gun (the engine's ``_no_hand``): each locked
        arm, a hand on the reins, a held lance."""
        f = self.f[i]
        out = ["an arm locked"] * bin(f.arms & (S.ARM_LEFT | S.ARM_RIGHT)).count("1")
        if f.mounted and not self.has(i, "ride_like_rooster"):
            out.append("a hand on the reins")
        if self.holds_lance(i):
            out.append("a hand holding his lance")
        return out

    def no_hand_words(self) -> str:
        """'both arms locked, or one locked and the other on the reins': how a fighter of this
        fight can have no hand free (the engine's ``_no_hand``), for the parry's rule."""
        ways = ["both arms locked"]
        if self.riders:
            ways.append("one locked and the other on the reins")
        if any(self.holds_lance(i) for i in self.f):
            ways.append("a lance in one and the other " + ("locked or on the reins"
                                                           if self.riders else "locked"))
        return ", ".join(ways[:-1]) + (", or " if len(ways) > 2 else " or ") + ways[-1] \
            if len(ways) > 1 else ways[0]

    def lance_charge(self, i: int) -> int:
        """The strength bonus of fighter i's hand-weapon blows now when it is his lance's
        charge (he charged this turn, the lance's charge stronger than his best hand weapon, an
        arm free: the engine's ``_hand_bonus``), else 0."""
        f = self.f[i]
        if not f.charged or f.lance_s <= f.hand_s or f.arms == S.ARM_LEFT | S.ARM_RIGHT:
            return 0
        return f.lance_s

    def blow_strength(self, a: int, b: int, s: int) -> str:
        """'S4', or 'S4 (+1 for his crushing blow, -1 for B1's iron jaw: S4)': a blow of a on b
        at strength s, with a's crushing blow and b's iron jaw as the engine adds them after
        it."""
        r = self.rules
        eff, adds = s, []
        if self.has(a, "crushing_blow"):
            eff += r.crushing_blow_strength
            adds.append(f"+{r.crushing_blow_strength} for his crushing blow")
        if self.has(b, "iron_jaw"):
            eff = max(eff - r.iron_jaw_strength, 1)
            adds.append(f"-{r.iron_jaw_strength} for {self.lab(b)}'s iron jaw")
        return f"S{s}" + (f" ({', '.join(adds)}: S{eff})" if adds else "")

    def strength_words(self, name: str) -> str:
        """' + 1' for a weapon striking at its thrower's S + 1, '' at his S."""
        s = self.rules.weapon(name)["strength"]
        return f" {'+' if s > 0 else '-'} {abs(s)}" if s else ""

    def reach(self, i: int, row: int) -> tuple[float, float]:
        """(short, long) range in inches of weapon ``row`` in fighter i's hands: the table's, or
        a thrown weapon's by his S (the engine's ``_reach``)."""
        w = self.weapon(row)
        if w["flags"] & S.FL_THROWN:
            long = float(self.rules.throw_range_per_s * self.f[i].s + self.rules.throw_range_base)
            return long / 2, long
        return float(w["short_in"]), float(w["long_in"])

    def own_mods(self, i: int) -> list[tuple[int, str]]:
        """Fighter i's own modifiers to his to-hit, reloading and clearing rolls now: a
        sure-footed rider's (in the saddle), and an entangled fighter's (the engine's ``_sure``
        and ``_tangled``): [(value, name)], none of them 0."""
        f, r = self.f[i], self.rules
        out = []
        if f.mounted and self.has(i, "sure_footed") and r.sure_footed_bonus:
            out.append((r.sure_footed_bonus, "sure-footed rider"))
        if f.rope and r.entangled_action_mod:
            out.append((r.entangled_action_mod, "entangled"))
        return out

    def roll_mods(self, i: int) -> str:
        """' at +1 (sure-footed rider)': fighter i's own modifiers to a BS test to reload or
        clear (``own_mods``), '' with none."""
        mods = self.own_mods(i)
        for _, name in mods:
            self.why("sure_footed" if name.startswith("sure") else "untangle")
        if not mods:
            return ""
        return (f" at {sum(v for v, _ in mods):+d} ("
                + ", ".join(f"{v:+d} {name}" if len(mods) > 1 else name for v, name in mods)
                + ")")

    def lying(self, i: int) -> bool:
        """Does fighter i count as down in hand-to-hand: down, or entangled (the engine's
        ``_lying``)?"""
        return self.f[i].state == DOWN or bool(self.f[i].rope)

    def rope_words(self, v: int) -> str:
        """"A3's lasso" or 'the bolas': what entangles fighter v."""
        f = self.f[v]
        return f"{self.lab(f.roper)}'s lasso" if f.rope == S.ROPE_LASSO and f.roper >= 0 else \
            "the lasso" if f.rope == S.ROPE_LASSO else "the bolas"

    def weapon_line(self, row) -> None:
        """The profile of weapon ``row``, the first time it comes up."""
        self.described.add(row)
        w = self.weapon(row)
        ammo = f"ammo roll {w['ammo']}+" if w["ammo"] else "no ammo roll"
        sfd = (f", {w['sfd']} sustained-fire {'die' if w['sfd'] == 1 else 'dice'}"
               if w["sfd"] else "")
        loaded = f"{_plural(w['capacity'], 'round')} loaded"
        if lemat_part(row) == "barrel":
            loaded = f"{_plural(w['capacity'], 'shell')} loaded"
        if w["reload"] == S.RL_QUIVER:
            loaded = "an arrow nocked, the next from the quiver with each shot (no reloading)"
        if w["flags"] & S.FL_DOUBLE:
            loaded = f"double-barrelled ({_plural(w['capacity'], 'shell')} loaded)"
        tail = "; each shell a scatter template" if w["flags"] & S.FL_TEMPLATE else ""
        if w["kind"] == S.KIND_EXPLOSIVE:  # dynamite (wm-10)
            r = self.rules
            lit = ("a stick at a time" if r.dynamite_bundle == 1 else
                   f"a bundle of up to {r.dynamite_bundle} sticks at a time")
            self.say(f"  Dynamite, lit {lit} and thrown: long range {r.throw_range_per_s} x the "
                     f"thrower's S + {r.throw_range_base}\" ({w['hit_long']:+d} to hit), short "
                     f"range half of it ({w['hit_short']:+d}); its blast S{r.dynamite_strength}, "
                     f"damage {w['damage']}, reaching further the more sticks, no ammo roll.")
            return
        if w["kind"] == S.KIND_THROWN:
            r = self.rules
            # a rope (bolas, lasso): a fancy roper's hit entangles; a lasso is held (wm-9)
            dmg = f"damage {w['damage']}" if w["damage"] else "no harm of its own"
            use = ("held: back in his hand after a miss, tied to the fighter it entangles after "
                   "a hit" if w["flags"] & S.FL_HELD else "one throw")
            rope = ""
            if w["flags"] & S.FL_ENTANGLE:
                rope = ("; only a fancy roper carries one, and his hit entangles"
                        if w["flags"] & S.FL_HELD else
                        "; a fancy roper's hit entangles (when he carries no lasso)")
            self.say(f"  The {weapon_name(row)}, thrown: long range {r.throw_range_per_s} x the "
                     f"thrower's S + {r.throw_range_base}\" ({w['hit_long']:+d} to hit), short "
                     f"range half of it ({w['hit_short']:+d}), S the thrower's "
                     f"{w['strength']:+d}, {dmg}, {use}, {ammo}{rope}.")
            return
        self.say(f"  The {weapon_name(row)}: short range to {w['short_in']}\" "
                 f"({w['hit_short']:+d} to hit), long to {w['long_in']}\" "
                 f"({w['hit_long']:+d}), S {w['strength']}, damage {w['damage']}, "
                 f"{loaded}, {ammo}{sfd}{tail}.")

    def blade_line(self, name: str) -> None:
        """The profile of a sabre or a lance (wm-11), and a lance's rule."""
        r = self.rules
        what = f"  The {weapon_name(WEAPONS.index(name))}, a hand weapon: strikes at its holder's " \
               f"S{self.strength_words(name)}"
        if self.blade(name) == "sabre":
            self.say(f"{what}, and parries: its holder losing a round of hand-to-hand against "
                     "a fighter without one makes him re-roll his highest attack die.")
        else:
            held = ("; held in one hand at all times" if r.lance_hand == "held" else
                    "; slung while he shoots")
            self.say(f"{what}, +{r.lance_charge_bonus} more in the round he charged{held}"
                     f"{self.why('lance')}.")

    def ground_line(self) -> str:
        """The table's water and slow ground, and the weather, in a line ('' on a dry table
        in fair weather)."""
        kinds = set(np.unique(self.table.terrain).tolist())
        ww = self.rules.waterway
        parts = []
        if DEEP_WATER in kinds:
            river = "a river" if ww == "river" else "deep water"
            parts.append(f"{river} (deep water)" + (" with shallow fords"
                                                    if SHALLOW_WATER in kinds else ""))
        elif SHALLOW_WATER in kinds:
            parts.append("a stream (shallow water)" if ww == "stream" else "shallow water")
        if DIFFICULT in kinds or VERY_DIFFICULT in kinds:
            parts.append("patches of rough ground")
        txt = ""
        if parts:
            txt = (f"The table has {' and '.join(parts)}: slow going, drawn on the maps (see "
                   "the legend).")
        if THICKET in kinds:
            txt += (" " if txt else "") + ("Some of its low cover is thickets, too wide to "
                                           "cross freely (see the legend).")
        if self.rules.heavy_rain:
            txt += (" " if txt else "") + (f"It rains hard all fight: percussion guns' ammo "
                                           f"rolls need +{self.rules.perc_rain_ammo}.")
        return txt

    # ---------------------------------------------------------------- turns

    def turn(self, side):
        """A gang turn begins, or (side -1) a fast-draw round of the shoot-out."""
        self.close_turn()
        self.fast = side < 0
        if self.turns == 0:
            self.intro()
            if self.fast:
                when = "every round" if self.rules.shootout_reroll else \
                    "in the first round, the order standing for the rounds after"
                head = (f"\nEach round is a fast draw: every fighter rolls I + D6 {when}, the "
                        "highest score acts first and equal scores act at the same time"
                        f"{self.why('fast_draw')}.")
            else:
                head = (f"\nSide {SIDES[side]} takes the first turn (a coin decides); then the "
                        "gangs take whole turns in turn, both sides one a round.")
            if self.shootout:
                head += (" There are no bottle tests: a side with nobody standing is shot down"
                         f"{self.why('shot_down')}.")
            self.say(head)
        self.turns += 1
        self.round = int(self.ev[self.i, 0])
        self.active = BOTH if self.fast else side
        self.phase = "start"
        self.shoot_checked = False
        self.mcur = 0
        self.turn_notes = {"no_act": {}, "reload": {}}
        for f in self.f.values():
            f.charged = False  # the charge bonus counts in the charge's own round only
            if f.side == side:
                f.new_turn()
        if self.fast:  # each fighter's turn flags are cleared when his score comes
            self.order, self.sched, self.grp = {}, [], None
            self.round_end = self.cut_short = False
            self.say(f"\n== Round {self.round}: fast draw ==")
            for s in range(2):
                self.say(f"Side {SIDES[s]}: {self.status(s)}.")
            if self.i + 1 < len(self.ev) and int(self.ev[self.i + 1, 2]) != Ev.ORDER:
                self.order_stands()
            return
        self.say(f"\n== Round {self.round}: side {SIDES[side]}'s turn ({self.names[side]}) ==")
        for s in (side, 1 - side):
            self.say(f"Side {SIDES[s]}: {self.status(s)}.")
        for f in self.f.values():
            if f.side != side:
                continue
            if f.state == DOWN:
                self.turn_notes["no_act"][f.i] = "down; he did not crawl"
            elif f.state == STANDING and f.eng >= 0:
                self.turn_notes["no_act"][f.i] = f"locked in hand-to-hand with {self.lab(f.eng)}"
            elif f.state == STANDING and f.broken and f.behind >= 0:  # (row 183)
                self.turn_notes["no_act"][f.i] = (f"broken; riding behind "
                                                  f"{self.lab(f.behind)}, he holds on")
            elif f.state == STANDING and f.broken:  # (a flight at his turn says so: ``flee``)
                self.turn_notes["no_act"][f.i] = (
                    "broken; in cover and out of every enemy's sight, he lies low"
                    if self.rules.broken_keep_fleeing else "broken")

    def bottle(self, side, total, ld, ok):
        fs = [f for f in self.f.values() if f.side == side]
        hurt = sum(f.state != STANDING for f in fs)
        if ok == 2:  # by choice (voluntary_bottle): no test, the fight is over
            self.active = -1
            self.bottle_roll = "by choice"
            self.say(f"Side {SIDES[side]} has {hurt} of its {len(fs)} fighters down or out of "
                     f"action{self.why('bottle_choice')}; its player bottles out by choice, "
                     "without a test.")
            return
        if not ok:  # the turn ends here: the fight is over
            self.active = -1
            self.bottle_roll = f"{self.rules.ld_dice}D6 = {total} against Ld {ld}"
        if ld < 0:
            self.say(f"Side {SIDES[side]} has no fighter left standing ({hurt} of {len(fs)} "
                     f"down or out of action), so it bottles out without a test"
                     f"{self.why('bottle')}.")
            return
        res = "passes: the gang fights on" if ok else "fails: the gang bottles out"
        self.say(f"Bottle test for side {SIDES[side]}: {hurt} of its {len(fs)} fighters are "
                 f"down or out of action{self.why('bottle')}. {self.rules.ld_dice}D6 = "
                 f"{total} against Ld {ld}: it {res}.")

    def unpin(self, i, ok, again=0):
        """Pinned fighter i's escape test (``again``: a failed test re-rolled, nerves of steel;
        under nerves_reading 'alone' nerves of steel lets him test with no friend near)."""
        f = self.f[i]
        friend = f.type == S.FT_LEADER or any(
            b.i != i and b.side == f.side and b.state == STANDING and
            b.type != S.FT_YOUNG_BLOOD and not b.broken and
            dist_in(f.pos[0], f.pos[1], b.pos[0], b.pos[1]) <= self.rules.unpin_friend_in
            for b in self.f.values())
        alone = not friend and self.rules.nerves_reading == "alone" and (
            ok or self.has(i, "nerves_of_steel"))
        me = self.lab(i)
        lost = (": he loses this activation, and the pin lifts after it"
                if self.fast else "")
        def nerves():  # the skill named (its rule said the first time)
            return f"nerves of steel{self.why('nerves_of_steel')}"

        if ok:
            f.pinned = False
            test = (f"an I test (I {f.i_}) failed, re-rolled ({nerves()}) and passed" if again
                    else f"an I test (I {f.i_}) passed")
            self.say(f"{me} escapes the pin: {test}"
                     + (" (a leader needs no friend near)." if f.type == S.FT_LEADER else
                        f" with no friend near ({nerves()})." if alone else
                        f", with a friend within {self.rules.unpin_friend_in}\"."))
        elif again:
            if not self.fast:
                self.turn_notes["no_act"][i] = "pinned"
            tail = lost if self.fast else f": he stays pinned this {self.turn_word}"
            self.say(f"{me} fails the I test (I {f.i_}) to escape the pin, re-rolls it "
                     f"({nerves()}) and fails again{tail}{self.why('pinned')}.")
        elif alone:
            if not self.fast:
                self.turn_notes["no_act"][i] = "pinned"
            tail = lost if self.fast else f" and stays pinned this {self.turn_word}"
            self.say(f"{me} fails the I test (I {f.i_}) to escape the pin, taken with no friend "
                     f"near ({nerves()}){tail}{self.why('pinned')}.")
        elif not friend:
            if not self.fast:  # a fast draw says who did not act score by score
                self.turn_notes["no_act"][i] = "pinned"
            other = "a young blood" + (" or one broken" if any(
                b.i != i and b.side == f.side and b.state == STANDING and b.broken and
                dist_in(*f.pos, *b.pos) <= self.rules.unpin_friend_in
                for b in self.f.values()) else "")
            self.say(f"{me} stays pinned: no friend (other than {other}) stands within "
                     f"{self.rules.unpin_friend_in}\" to help, so no test is allowed{lost}"
                     f"{self.why('pinned')}.")
        elif self.fast:
            self.say(f"{me} fails the I test (I {f.i_}) to escape the pin{lost}"
                     f"{self.why('pinned')}.")
        else:
            self.turn_notes["no_act"][i] = "pinned"
            self.say(f"{me} fails the I test (I {f.i_}) and stays pinned this {self.turn_word}"
                     f"{self.why('pinned')}.")

    def close_turn(self):
        """The end of a gang turn or fast-draw round: what the trace does not say of it (who
        did not act, reloads that came to nothing). A fast-draw round cut short by the end of
        the fight has no scores after the last told and no reloading."""
        self.close_burst()
        self.end_activation()
        if self.active < 0:
            return
        if self.fast:
            self.advance_to(None, rest=not self.cut_short)
        self.shooting_done()
        self.melee_to(len(self.f))
        self.idle_note()
        if self.cut_short:
            self.turn_notes["reload"] = {}
        notes = []
        for i, k in sorted(self.turn_notes["reload"].items()):
            f = self.f[i]
            what = "clearing" if f.act == Act.CLEAR else "reloading"
            dyn = f.act == Act.RELOAD and self.explosive(i, k)
            if dyn and not self.rules.light_takes_turn:
                why = "under these rules dynamite is lit as it is thrown, with nothing to do before"
            elif f.state == OUT:
                why = "he was taken out of action"
            elif f.state == DOWN:
                why = "he went down"
            elif f.pinned and f.duck:
                why = f"he ducked back behind cover before the end of the {self.turn_word}"
            elif f.pinned:
                why = f"he was pinned before the end of the {self.turn_word}"
            elif f.act == Act.CLEAR and f.tracked and k < len(f.slots) and f.jams[k] == 0:
                why = f"the {self.part_name(i, k)} had no jam to clear"
            elif dyn and f.arms == S.ARM_LEFT | S.ARM_RIGHT:
                why = "both arms locked by a wrassler, he can light nothing"
            elif dyn and f.tracked and f.loaded[k] > 0:
                why = "he holds a lit bundle already"
            elif dyn and f.tracked and f.sticks[k] == 0:
                why = "he has no stick left to light"
            elif dyn:
                why = f"he could not light it after what he did this {self.turn_word}"
            elif f.mounted:
                why = ("a rider cannot reload in the saddle" if
                       self.rules.reload_category("still", True) == "none" else
                       "a rider cannot reload on a moving horse")
                why += self.why("mounted_reload")
            else:
                why = f"he could not reload while doing what he did this {self.turn_word}"
            gun = self.part_name(i, k) if f.act == Act.CLEAR else self.reload_name(i, k)
            if dyn:
                what = "lighting of" if self.rules.light_takes_turn else "turn spent on"
                notes.append(f"{self.lab(i)}'s {what} his dynamite came to nothing: {why}.")
                continue
            notes.append(f"{self.lab(i)}'s {what} of the {gun} came to nothing: {why}.")
        for n in notes:
            self.say(n)
        for f in self.f.values():  # the engine's recovery phase: a horse pinned in an earlier
            if f.side == self.active and f.hpin and f.hpin_turn < self.turns:  # turn is itself
                f.hpin = False  # again at the end of this one
        self.active = -1

    def idle_note(self):
        """Once a turn, before its recovery phase: the fighters who did not act, and why."""
        idle = [f"{self.lab(i)} ({why})" for i, why in
                sorted(self.turn_notes.pop("no_act", {}).items()) if self.f[i].act < 0]
        if idle:
            self.say("Did not act: " + "; ".join(idle) + ".")

    # ---------------------------------------------------------------- the fast draw

    def order_rolls(self):
        """The round's ORDER events (consecutive): one line, highest score first, equal scores
        side by side."""
        j = self.i
        rolls = []
        while j < len(self.ev) and int(self.ev[j, 2]) == Ev.ORDER:
            rolls.append((int(self.ev[j, 1]), int(self.ev[j, 3]), int(self.ev[j, 4]),
                          int(self.ev[j, 5])))
            j += 1
        self.skip_to = j
        self.scores.update({f: score for f, _, _, score in rolls})
        self.set_order()
        levels = [", ".join(f"{self.lab(f)} {i} + {d} = {score}" for f, i, d, score in rolls
                            if score == level) for level in self.sched]
        self.say("Order (I + D6, highest first): " + "; ".join(levels) + ".")

    def set_order(self):
        """The round's order: the kept score of each fighter not out of action (the engine's
        FORDER), those just rolled included."""
        self.order = {f: score for f, score in self.scores.items() if self.f[f].state != OUT}
        self.sched = sorted(set(self.order.values()), reverse=True)

    def order_stands(self):
        """A fast-draw round with no rolls (shootout_reroll off): the scores kept from the
        first round give the order."""
        self.set_order()
        if not self.order:
            return
        levels = [", ".join(f"{self.lab(f)} {score}" for f, score in sorted(self.order.items())
                            if score == level) for level in self.sched]
        self.say("The order stands (the scores of the first round, highest first): "
                 + "; ".join(levels) + f"{self.why('order_kept')}.")

    def open_group(self, score):
        """The engine reaches ``score``: its fighters not out of action, their turn flags
        cleared all at once, in the order the engine checks them (``todo``: by fighter, the
        side a tie's coin names first, ``tie``)."""
        members = [i for i in sorted(self.order) if self.order[i] == score and
                   self.f[i].state != OUT]
        for i in members:
            self.f[i].new_turn()
        self.grp = {"score": score, "members": members, "todo": list(members), "idle": {},
                    "acted": [], "movers": set(), "said": False, "able": set(), "hit": {},
                    "noted": set(), "lead": -1, "bs": {}}
        self.phase = "start"
        self.mover = -1
        self.shooter = -1

    def tie(self, score, lead):
        """Both sides have fighters at ``score``: a coin says whose take their actions first
        (the engine's loop goes through side ``lead``'s, then the other's)."""
        self.advance_to(score)
        g = self.grp
        if g is None:
            return
        g["lead"] = lead
        g["members"].sort(key=lambda i: (self.f[i].side != lead, i))
        g["todo"] = [i for i in g["members"] if i in g["todo"]]
        self.group_head()

    def check_in(self, i, acting):
        """The engine's turn for member i: pinned (he took no escape test), in hand-to-hand
        or (not ``acting``) down, he does not act."""
        g, f = self.grp, self.f[i]
        if f.state == OUT:
            return
        if f.pinned:
            g["idle"][i] = "pinned"
        elif f.eng >= 0:
            g["idle"][i] = f"locked in hand-to-hand with {self.lab(f.eng)}"
        else:
            g["movers"].add(f.side)
            if acting:
                g["acted"].append(i)
            elif f.state == DOWN:
                g["idle"][i] = "down; he did not crawl"

    def pass_members(self, upto=None):
        """Members before fighter ``upto`` in the engine's order (all: None) whose turn came
        with no event."""
        g = self.grp
        if g is not None and upto is not None and upto not in g["todo"]:
            return
        while g is not None and g["todo"] and g["todo"][0] != upto:
            self.check_in(g["todo"].pop(0), False)

    def group_head(self):
        g = self.grp
        if g is None or g["said"]:
            return
        g["said"] = True
        who = [self.lab(i) for i in g["members"]]
        names = who[0] if len(who) == 1 else ", ".join(who[:-1]) + " and " + who[-1]
        coin = ""
        if g["lead"] >= 0:
            coin = (f"; a coin gives side {SIDES[g['lead']]}'s fighters their actions first, "
                    "both sides' then shooting at the same moment")
        self.say(f"Score {g['score']}: {names}" + (" together" if len(who) > 1 else "")
                 + f"{coin}.")

    def close_group(self):
        """The score's end: its fighters who did not act, and those who could have shot and
        did not."""
        g = self.grp
        if g is None:
            return
        self.close_burst()
        self.end_activation()
        self.pass_members()
        self.grp = None
        self.mover = -1
        if not g["said"]:
            idle = [(self.lab(i), why) for i, why in sorted(g["idle"].items())]
            if len(idle) == 1:
                self.say(f"Score {g['score']}: {idle[0][0]} does not act ({idle[0][1]}).")
            elif idle:
                self.say(f"Score {g['score']}: nobody acts: "
                         + "; ".join(f"{who} ({why})" for who, why in idle) + ".")
            return
        self.idle_group(g)
        self.not_shot([self.f[i] for i in g["acted"]])

    def idle_group(self, g):
        """Once a score, when its fighters have all had their turn: those who did not act."""
        idle = [f"{self.lab(i)} ({why})" for i, why in sorted(g["idle"].items())]
        if idle and not g.get("idle_said"):
            g["idle_said"] = True
            self.say("Did not act: " + "; ".join(idle) + ".")

    def advance_to(self, score, rest=True):
        """Close the score acting now and open ``score``, closing on the way every score above
        it (none of their fighters acted). ``score`` None: to the end of the round, or with
        ``rest`` False only the score acting now (the fight ended after it)."""
        if self.grp is not None and self.grp["score"] == score:
            return
        self.close_group()
        while rest and self.sched and (score is None or self.sched[0] >= score):
            level = self.sched.pop(0)
            self.open_group(level)
            if level == score:
                return
            self.close_group()

    def route(self, kind, i, p):
        """Before a fast-draw event is told: the score it belongs to."""
        if kind == Ev.ACTION or kind == Ev.UNTANGLE and p[1] == 0:  # (his turn on the ropes)
            if i not in self.order:
                return
            self.advance_to(self.order[i])
            g = self.grp
            self.pass_members(upto=i)
            if g is not None and i in g["todo"]:
                g["todo"].remove(i)
                self.check_in(i, True)
            self.group_head()
        elif kind in (Ev.SHOT, Ev.BURST):
            b = self.cur_burst
            if kind == Ev.SHOT and b is not None and b["f"] == i and p[6] & S.SH_FAN:
                return  # a shot of the burst being told
            if kind == Ev.SHOT and p[6] & S.SH_SECOND:
                return  # the second barrel of the pair being told
            flags = p[6] if kind == Ev.SHOT else self.burst_flags(i)[0]
            if flags & S.SH_OVERWATCH and not (p[0] == self.mover and self.phase == "move"):
                self.route_stationary(self.f[p[0]].side)
        elif kind == Ev.UNPIN:  # his escape test, when his score comes
            if i not in self.order:
                return
            self.advance_to(self.order[i])
            g = self.grp
            self.pass_members(upto=i)
            self.group_head()
            if g is not None and i in g["todo"] and not p[0]:
                g["todo"].remove(i)  # the pin costs him this activation
                g["idle"][i] = ("ducked back: his nerve failed, he loses this activation"
                                if p[2] == 1 else
                                "pinned: his escape failed, he loses this activation")
        elif kind == Ev.LIGHT and p[6]:  # lit as part of a throw: routed as the throw
            nxt = self.ev[self.i + 1] if self.i + 1 < len(self.ev) else None
            if nxt is not None and int(nxt[2]) == Ev.SHOT and int(nxt[1]) == i:
                self.route(Ev.SHOT, i, [int(v) for v in nxt[3:12]])
        elif kind in (Ev.MELEE, Ev.SHELLS, Ev.RELOAD, Ev.FIT, Ev.CLEAR, Ev.RECOVERY, Ev.LIGHT,
                      Ev.FUSE) or (kind == Ev.TAKEN_OUT and p[1] == 0):
            self.round_end = True
            self.advance_to(None)

    def route_stationary(self, side):
        """An overwatch shot at a fighter of ``side`` who is not moving: the enemy's
        overwatchers fire once a score with movers of ``side`` has taken its actions, the score
        acting now if its shooting has not begun, else the next such score."""
        g = self.grp
        self.end_activation()
        self.mover = -1
        if g is not None and self.phase != "shoot":
            self.pass_members()
            if side in g["movers"]:
                self.group_head()
                return
        while self.sched:
            self.close_group()
            self.open_group(self.sched.pop(0))
            self.pass_members()
            if side in self.grp["movers"]:
                self.group_head()
                return

    def fire_back(self, i):
        """A fighter of the score shooting now fires although one of the same score has just
        downed, taken out or pinned him: their shots are simultaneous. A friend's hit (a stray
        shot, a template) is named as his own side's fire, and he fires, not fires back."""
        g, f = self.grp, self.f[i]
        if not self.fast or g is None or self.phase != "shoot" or i not in g["able"] or \
                i in g["noted"] or (f.state == STANDING and not f.pinned):
            return
        g["noted"].add(i)
        how = {OUT: "taken out of action", DOWN: "put down"}.get(
            f.state, "made to duck back" if f.duck else "pinned")
        hit_by = g["hit"].get(i, [])
        foes = [self.lab(a) for a in hit_by if self.f[a].side != f.side]
        own = [self.lab(a) for a in hit_by if self.f[a].side == f.side]  # a stray, a template
        by_txt = f" by {' and '.join(foes)}" if foes else ""
        if own:
            by_txt += f"{' and' if foes else ''} by his own side's fire ({' and '.join(own)})"
        verb = "fires" if own and not foes else "fires back"
        self.say(f"{self.lab(i)} {verb} although just {how}{by_txt}: equal scores, so "
                 "their shots are simultaneous.")

    # ---------------------------------------------------------------- actions and moves

    def action(self, i, act, t, x, y, k, mid, aimed, run=0):
        self.close_burst()
        self.end_activation()
        self.phase = "move"
        f = self.f[i]
        f.act = act
        me, here, dest = self.lab(i), _xy(f.pos), (x, y)
        self.act = {"f": i, "act": act, "t": t, "dest": dest, "start": f.pos,
                    "moved": False, "line": None, "start_down": f.state == DOWN, "slow": [],
                    "mid": bool(mid), "run": bool(run)}
        if f.mounted:
            self.act["mounted"] = True
        self.mover = i if act in _MOVING else -1
        if act == Act.OVERWATCH:
            return  # told by the OVERWATCH event that follows
        if f.behind >= 0 and act == Act.DISMOUNT:
            return  # a passenger getting down: told by the PASS_OFF event that follows
        if f.behind >= 0:  # (the engine: a passenger holds on, or gets down; row 183)
            self.say(f"{me} holds on behind {self.lab(f.behind)} at {here}{self.why('double_mount')}: "
                     "a passenger does not shoot.")
        elif act == Act.DISMOUNT:
            f.mounted = f.hpin = False
            self.say(f"{me} dismounts at {here}{self.why('dismount')}: his horse stands there, "
                     f"and he fights on foot (M {f.foot_m}); any shot this turn is a snap shot.")
        elif act == Act.MOUNT and dest == f.pos:
            return  # told by the MOUNT event that follows
        elif act == Act.JUMP_DOWN and dest == f.pos:
            return  # told by the JUMP event that follows (a still horse)
        elif act == Act.HOLD:
            self.say(f"{me} holds his ground at {here}.")
        elif act == Act.AIM:
            self.say(f"{me} stays at {here} and aims at {self.lab(t)}{self.why('aim')}.")
        else:
            if act == Act.CHARGE:
                head, tail = f"{me} charges {self.lab(t)}", ""
            elif act == Act.HIT_RUN:  # (wm-19: the ride on is told after the strike)
                head, tail = f"{me} makes a hit-and-run at {self.lab(t)}", self.why("hit_run")
            elif act == Act.BOARD and t in self.f and self.f[t].side == f.side:
                head = f"{me} runs to {self.lab(t)}'s horse"  # (row 183: told by Ev.DOUBLE)
                tail = " to get up behind him" + self.why("double_mount")
            elif act == Act.BOARD:  # (wm-24: the climb is told by its BOARD event)
                if f.mounted:
                    head = f"{me} rides alongside {self.lab(t)}"
                    tail = " to jump across onto his horse" + self.why("board")
                else:
                    head = f"{me} runs at {self.lab(t)}'s horse"
                    tail = " to climb on" + self.why("board")
            elif act == Act.RELOAD and self.explosive(i, k):  # lighting dynamite (wm-10)
                verb = "lights" if self.rules.light_takes_turn else "sees to"
                head, tail = f"{me} {verb} his dynamite", self.why("light")
                self.turn_notes["reload"][i] = k
                if dest == f.pos:
                    head = f"{me} stays at {here} and {verb} his dynamite"
            elif act in (Act.RELOAD, Act.CLEAR):
                what = "reloads the " if act == Act.RELOAD else "clears a jam from the "
                head = f"{me} {what}" + (self.reload_name(i, k) if act == Act.RELOAD else
                                         self.part_name(i, k))
                tail = self.why("reload")
                self.turn_notes["reload"][i] = k
                if dest == f.pos:
                    head, tail = f"{me} stays at {here} and " + head.split(" ", 1)[1], tail
            elif act == Act.JUMP_DOWN:  # (wm-23: the jump is told by its JUMP event)
                head = f"{me} {'gallops' if run else 'rides'}"
                tail = (f" to jump down there and leap at {self.lab(t)}" if t >= 0 else
                        " to jump down there") + self.why("jump")
            elif act == Act.CRAWL and f.state == DOWN:
                head, tail = f"{me}, down, crawls", ""
            elif act == Act.CRAWL and f.rope == S.ROPE_BOLAS:  # his walk or run (wm-9)
                head, tail = f"{me}, the bolas round his legs, crawls", ""
            else:
                head = f"{me} {(_RIDE if f.mounted else _VERB)[act]}"
                tail = ", ready to snap-shoot on the way" if mid and act != Act.CRAWL else ""
            self.act["head"], self.act["tail"] = head, tail
            if act in (Act.RELOAD, Act.CLEAR) and dest == f.pos:
                self.say(f"{head}{tail}.")
            else:
                self.say(self.action_line(None))
        self.act["line"] = self.main

    def action_line(self, cur) -> str:
        """The moving action's line: before the move (``cur`` None) and once it has moved."""
        a = self.act
        start, dest = _xy(a["start"]), a["dest"]
        walk = ", walking" if a["act"] in (Act.RELOAD, Act.CLEAR) else ""
        if walk and a.get("mounted"):
            walk = ", riding"
        if a["act"] in (Act.CHARGE, Act.HIT_RUN, Act.BOARD):
            where = f" from {start}" + (f" to {_xy(cur)}" if cur is not None else "")
        elif cur is None:
            where = f"{walk} from {start} towards {_xy(dest)}"
        elif cur == dest:
            where = f"{walk} from {start} to {_xy(cur)}"
        else:
            where = f"{walk} from {start} to {_xy(cur)} (heading for {_xy(dest)})"
        return f"{a['head']}{where}{_through(a['slow'])}{a['tail']}."

    def end_activation(self):
        """Say what came of a move that the events did not finish."""
        a = self.act
        if a is None:
            return
        self.act = None
        i, act = a["f"], a["act"]
        f = self.f[i]
        me = self.lab(i)
        if act not in _MOVING or f.state == OUT or f.pinned:
            return  # nothing to finish, or the shot that stopped him was told
        if f.state == DOWN and not (act == Act.CRAWL and a["start_down"]):
            return
        if act == Act.CHARGE:
            if f.eng != a["t"]:
                self.say(f"  {me} does not reach {self.lab(a['t'])}: no free cell next to "
                         "him is within the charge.")
            return
        if act == Act.JUMP_DOWN:
            if a.get("leap") is not None and f.eng != a["leap"] and f.state == STANDING:
                self.say(f"  {me} does not reach {self.lab(a['leap'])}: no free cell next to "
                         f"him is within his leap of {self.rules.jump_charge_in}\".")
            return
        if act == Act.BOARD:
            if not a.get("boarded") and f.state == STANDING and \
                    f.mounted == bool(a.get("mounted")):
                friend = a["t"] in self.f and self.f[a["t"]].side == f.side  # (row 183)
                self.say(f"  {me} does not reach {self.lab(a['t'])}'s horse: no free cell "
                         "next to it (at its side or rear, if it moved) is within his "
                         f"{'run' if friend else 'charge'}.")
            return
        if act == Act.HIT_RUN:
            if not a.get("struck"):
                self.say(f"  {me} does not reach {self.lab(a['t'])}: his ride ends on the way.")
            elif f.pos != a["dest"] and f.state == STANDING and f.mounted:
                self.say(f"  {me} rides on no further than {_xy(f.pos)} (he meant "
                         f"{_xy(a['dest'])}).")
            return
        self.say_short(i, a)

    def say_short(self, i, a):
        """Say why fighter i's move (action ``a``) went nowhere or stopped short of where it
        was meant to go, if it did."""
        f, me, act = self.f[i], self.lab(i), a["act"]
        dest = a["dest"]
        if dest == a["start"]:
            return
        if not a["moved"]:
            self.say(f"  {me} does not move: {_xy(dest)} is out of reach, or his first step "
                     "would bring him into base contact with an enemy.")
        elif f.pos != dest:
            why = ("a move other than a charge stops short of base contact with an enemy, or "
                   "another fighter stands in the way")
            h = self.f.get(f.roper)
            if act == Act.CRAWL and f.rope == S.ROPE_BOLAS and f.state == STANDING:
                why = (f"the bolas round his legs, he crawls no more than {self.rules.crawl_in}\""
                       " towards where he meant to go")
            elif f.rope == S.ROPE_LASSO and h is not None and \
                    dist_in(*dest, *h.pos) * 100 > f.reach + 50:
                why = (f"{self.lab(f.roper)}'s lasso holds him within its reach "
                       f"({f.reach / 100:.1f}\") of {self.lab(f.roper)}")
            if (act == Act.RUN or a.get("run")) and self.rules.run_stop_in > 0 and any(
                    b.side != f.side and b.state == STANDING and self.sees(i, b.i) and
                    dist_in(*f.pos, *b.pos) <= self.rules.run_stop_in
                    for b in self.f.values()):
                why = (f"a runner stops on coming within {self.rules.run_stop_in}\" of an "
                       "enemy he sees")
            self.say(f"  {me} stops at {_xy(f.pos)}, short of {_xy(dest)}: {why}.")

    def move(self, i, x0, y0, x1, y1, mv):
        """One step of a move: the move's line (the action's, or a line of its own once
        something was said in between) is rewritten to end where he is, naming the slow ground
        it went through; the slow-ground rule is said under it the first time. A step of a
        horse moving on its own (its BOLT row ends its steps) is told as the horse's run."""
        if self.horse_run is None or self.horse_run["f"] != i:
            a = self.act
            bolt = None if a is not None and a["f"] == i else self.bolt_ahead(i)
            if bolt is not None:
                self.open_run(i, bolt)
        if self.horse_run is not None and self.horse_run["f"] == i:
            self.run_step(i, x0, y0, x1, y1)
            return
        f = self.f[i]
        prev = self._move_line
        f.pos = (x1, y1)
        ground = self.ground(x1, y1)
        a = self.act
        if a is not None and a["f"] == i and "head" in a:
            first = not a["moved"]
            a["moved"] = True
            if (first and a["line"] == self.main) or \
                    (prev is not None and prev[0] == i and prev[2] is None):
                if ground and ground not in a["slow"]:
                    a["slow"].append(ground)
                self.out[a["line"]] = self.action_line(f.pos)
                self._move_line = (i, a["line"], None, a["slow"])
                self.rule_now(self.ground_rule(x1, y1))
                return
        if prev is not None and prev[0] == i:
            start, idx, slow = prev[2], prev[1], prev[3]
        else:
            start, idx, slow = (x0, y0), None, []
        if ground and ground not in slow:
            slow.append(ground)
        verb = {S.MV_RUN: "runs", S.MV_CHARGE: "charges", S.MV_CRAWL: "crawls"}.get(mv, "walks")
        if f.mounted:
            verb = {S.MV_RUN: "gallops", S.MV_CHARGE: "charges"}.get(mv, "rides")
        line = f"  {self.lab(i)} {verb} on from {_xy(start)} to {_xy((x1, y1))}{_through(slow)}."
        if idx is None:
            self.say(line)
            idx = self.main
        else:
            self.out[idx] = line
        self._move_line = (i, idx, start, slow)
        self.rule_now(self.ground_rule(x1, y1))

    # ---------------------------------------------------------------- horses

    def bolt_ahead(self, i):
        """The BOLT row that ends the horse's run fighter i's MOVE row is a step of (the steps
        of a horse moving on its own come before it), or None: his own move."""
        for j in range(self.i + 1, len(self.ev)):
            k = int(self.ev[j, 2])
            if k == Ev.BOLT:
                return self.ev[j] if int(self.ev[j, 1]) == i else None
            if k in (Ev.ACTION, Ev.TURN, Ev.END):
                return None
        return None

    def open_run(self, i, ev):
        """Rider i's horse moves on its own (``ev`` its BOLT row): bolting (a pinned horse,
        out of any hand-to-hand), or going on straight under its pinned rider, in place of
        his action; its line, rewritten as it goes (``run_step``)."""
        kind, budget, dx, dy = (int(v) for v in ev[3:7])
        self.close_burst()
        self.end_activation()
        self.phase = "move"
        self.mover = i
        f = self.f[i]
        me, way = self.lab(i), _compass(dx, dy)
        if kind == 0:
            head = f"{me}'s horse bolts{self.why('bolt')}: {_inches(budget)} to the {way}"
            b = f.eng
            if b >= 0:  # the engine takes him out of the fight before the run
                f.eng = -1
                for c in self.f.values():
                    if c.eng == i:
                        self.reengage(c.i)
                head += f", carrying him out of his fight with {self.lab(b)}"
        else:
            head = (f"{me} is pinned and cannot control his horse: it goes on straight"
                    f"{self.why('runaway')}, {_inches(budget)} to the {way}")
        self.horse_run = {"f": i, "kind": kind, "budget": budget, "dir": (dx, dy), "start": f.pos,
                    "head": head, "was": (f.state, f.pinned)}
        self.say(f"{head}, from {_xy(f.pos)}.")
        line = self.main
        if self.run_aim is not None and self.run_aim[0] == i:
            self.say(f"  {me} loses his aim on {self.lab(self.run_aim[1])}: aimed shots only from "
                     "a still horse.")
        self.run_aim = None
        self._run_line = (i, line, None, [])

    def run_step(self, i, x0, y0, x1, y1):
        """A step of the horse's run: its line (the head, or once something was said in
        between a line of its own) rewritten to end where it is."""
        r, prev = self.horse_run, self._run_line
        self.f[i].pos = (x1, y1)
        r.setdefault("cells", []).append((x1, y1))
        if prev is not None and prev[0] == i:
            idx, start, slow = prev[1], prev[2], prev[3]
        else:
            idx, start, slow = None, (x0, y0), []
        ground = self.ground(x1, y1)
        if ground and ground not in slow:
            slow.append(ground)
        if start is None:
            line = f"{r['head']}, from {_xy(r['start'])} to {_xy((x1, y1))}{_through(slow)}."
        else:
            line = f"  The horse runs on from {_xy(start)} to {_xy((x1, y1))}{_through(slow)}."
        if idx is None:
            self.say(line)
            idx = self.main
        else:
            self.out[idx] = line
        self._run_line = (i, idx, start, slow)
        self.rule_now(self.ground_rule(x1, y1))

    def bolt(self, i, kind, budget, dx, dy, gone, crashed):
        """The end of a horse's run on its own (Ev.BOLT): where it stopped and why, when short
        of its distance; a crash (its wound roll and the rider's test follow). The rider then
        holds (and may shoot) unless pinned."""
        if self.horse_run is None or self.horse_run["f"] != i:
            self.open_run(i, self.ev[self.i])  # it took no step
        r = self.horse_run
        self.horse_run = self._run_line = None
        self.mover = -1
        f = self.f[i]
        f.horse_ran = kind
        if f.state == STANDING and not f.pinned:
            f.act = Act.HOLD  # the engine: his action's place taken, he holds
        pos = _xy(f.pos)
        of = f"{_inches(gone)} of its {_inches(budget)}"
        ahead = self.run_ahead(r, kind, budget, dx, dy)
        if crashed:
            what = self.obstacle(f.pos, ahead)
            after = f"after {of}, stopping at {pos}" if gone else f"at once, at {pos}"
            self.say(f"  It runs into {what} {after}{self.why('bolt')}.")
            return
        if not f.mounted or f.state != STANDING:
            return  # thrown on the way: the fall was told
        if budget - gone < 2:
            return  # its whole run (less than a step's cost left)
        why = self.stop_why(i, ahead, budget - gone)
        if gone == 0:
            self.say(f"  It does not move from {pos}: {why}.")
        else:
            self.say(f"  It stops at {pos} after {of}: {why}.")

    def run_ahead(self, r, kind, budget, dx, dy) -> list:
        """The cells a horse's run could have gone to next from where it stopped: its line is
        rebuilt as the engine's ``_horse_runs`` goes (the cell nearest each quarter-inch point
        from the start), for each direction the logged one (to a tenth) may stand for (a bolt's
        whole degrees, or a runaway's heading, one of the eight steps) whose line gives the
        cells it went through."""
        x0, y0 = r["start"]
        steps = r.get("cells", [])
        if kind == 0:
            dirs = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(360)]
        else:
            dirs = [(u / math.hypot(u, v), v / math.hypot(u, v)) for u in (-1, 0, 1)
                    for v in (-1, 0, 1) if u or v]
        out = []
        for ux, uy in dirs:
            if abs(10 * ux - dx) > 0.5 + 1e-9 or abs(10 * uy - dy) > 0.5 + 1e-9:
                continue
            cells, cur = [], (x0, y0)
            for k in range(1, 2 * budget + 12):
                c = (int(math.floor(x0 + ux * k / 4 + 0.5)), int(math.floor(y0 + uy * k / 4 +
                                                                              0.5)))
                if c != cur:
                    cells.append(c)
                    cur = c
                if len(cells) > len(steps):
                    break
            if cells[:len(steps)] == steps and len(cells) > len(steps) and \
                    cells[len(steps)] not in out:
                out.append(cells[len(steps)])
        return out

    def obstacle(self, pos, ahead) -> str:
        """What a crashing horse ran into: 'the wall at (5,6)', 'the building at (5,6)', 'the
        corner between the walls at (5,7) and (6,6)', or 'a wall' (the cell not found)."""
        t = self.table
        h, w = t.terrain.shape

        def solid(x, y):
            return 0 <= x < w and 0 <= y < h and int(t.terrain[y, x]) == BLOCKING

        found = []
        for nx, ny in ahead:
            if solid(nx, ny):
                kind = "building" if int(t.building[ny, nx]) >= 0 else "wall"
                found.append(f"the {kind} at {_xy((nx, ny))}")
            elif nx != pos[0] and ny != pos[1] and solid(nx, pos[1]) and solid(pos[0], ny):
                found.append(f"the corner between the walls at {_xy((nx, pos[1]))} and "
                             f"{_xy((pos[0], ny))}")
        return found[0] if len(found) == 1 else "a wall"

    def stop_why(self, i, ahead, left) -> str:
        """Why a horse's run stopped short with ``left`` half-inches to go, by the cells it
        could have gone to next (``run_ahead``): one that would not have stopped it is not
        the one; several reasons left are all said."""
        why = [w for w in (self.stop_at(i, c, left) for c in ahead) if w]
        why = list(dict.fromkeys(why))
        if not why and self.f[i].pinned:
            why = ["its rider is pinned"]
        return " or ".join(why) if why else "it goes no further"

    def stop_at(self, i, nxt, left) -> str:
        """What stops a horse's run before cell ``nxt`` with ``left`` half-inches to go, or ''."""
        t, r = self.table, self.rules
        h, w = t.terrain.shape
        nx, ny = nxt
        if not (0 <= nx < w and 0 <= ny < h):
            return "the table edge"
        for b in self.f.values():  # (a passenger's cell is his rider's: row 183)
            if b.i != i and b.state != OUT and b.pos == nxt and b.behind < 0:
                return f"{self.lab(b.i)} is in the way at {_xy(nxt)}"
        cx, cy = self.f[i].pos
        if self.barred[ny, nx]:
            return (f"{self.ground(nx, ny) or 'the low cover'} at {_xy(nxt)} is more than "
                    f"{r.horse_jump_in}\" across: no horse is ridden over it")
        into = step_cost(int(t.terrain[ny, nx]), r.difficult_cost, r.very_difficult_cost,
                         r.obstacle_cost)
        if (into + (into >> 1) if nx != cx and ny != cy else into) > left:
            ground = self.ground(nx, ny)
            return (f"{ground} at {_xy(nxt)} costs more than the {_inches(left)} it has left"
                    if ground else f"the {_inches(left)} it has left do not pay for a step to "
                    f"{_xy(nxt)}")
        return ""

    def locate(self, t, a, d, horse, melee, d2=0, behind=0):
        """Where a hit on mounted fighter t landed: the horse or the rider (Ev.LOCATE). A shot
        at a horse carrying two (row 183): a rider on the first die's low faces, then ``d2``
        says which, ``behind`` 1 the passenger (his hit's events follow on him)."""
        me, by = self.lab(t), self.lab(a)
        ind = "  " if self.melee_ctx else "    "
        what = "blow" if melee else "shot"
        if not melee and self.cur_shot is not None and self.cur_shot["t"] < 0:
            what = "hit"  # under a scatter template
        p = self.f[t].carried
        shot = self.cur_shot
        rope = shot is not None and shot["row"] >= 0 and \
            WEAPONS[shot["row"]] in ("lasso", "bolas")  # (located as on any horse)
        if p is not None and not melee and not rope:  # (row 183)
            them = f"{me} and {self.lab(p.i)}"
            if horse:
                where = f"{me}'s horse, not {them} on it"
            elif behind:
                where = f"{self.lab(p.i)}, behind {me}"
            else:
                where = f"{me}, in the saddle"
            second = (f"; then {d2}: 1-3 the man in the saddle, 4-6 the one behind" if d2 > 0
                      else "")
            self.say(f"{ind}{by}'s {what} strikes {where} (location roll {d}: "
                     f"{self.double_faces()}, the horse carrying two{second})"
                     f"{self.why('mounted')}{self.why('double_mount')}.")
            return
        where = f"{me}'s horse, not {me}" if horse else f"{me}, not his horse"
        self.say(f"{ind}{by}'s {what} strikes {where} (location roll {d}: "
                 f"{self.location_faces()}){self.why('mounted')}.")

    def horse_hit(self, t, a, s, need, d, wounded):
        """A hit on t's horse (Ev.HORSE; a -1: it ran into something): its wound roll; it falls
        (the FALL follows), or it is pinned and panics."""
        f = self.f[t]
        me = self.lab(t)
        ind = "  " if self.melee_ctx else "    "
        tough = self.rules.horse_profile[4]
        src = " from the crash" if a < 0 else ""
        shot = self.cur_shot
        lasso = a >= 0 and need == 0 and shot is not None and shot["f"] == a and \
            shot["row"] >= 0 and bool(self.weapon(shot["row"])["flags"] & S.FL_HELD)
        if wounded:
            res = "wounded: the horse falls"
        else:
            f.hpin = True
            f.hpin_turn = self.turns
            res = (f"no wound, but the horse is pinned: it panics, and will bolt in {me}'s next "
                   "movement phase unless he calms it")
        if lasso:  # a lasso does no harm, only pins the horse (wm-9)
            self.say(f"{ind}{self.lab(a)}'s lasso catches {me}'s horse: it does no harm, but the "
                     f"horse is pinned: it panics{self.why('horse_hit')}.")
            return
        if need == 0:
            self.say(f"{ind}The hit{src} cannot wound {me}'s horse (S{s} against T{tough}), but "
                     f"the horse is pinned: it panics{self.why('horse_hit')}.")
            return
        self.say(f"{ind}To wound {me}'s horse (S{s}{src} against T{tough}): needs {need}+, rolls "
                 f"{d}: {res}{self.why('horse_hit')}.")

    def climb_mods(self, fast, helpers, mod, horse):
        """The named parts of a climb's I-test modifier ``mod`` (onto an enemy's horse, Ev.BOARD,
        or up behind a friend, Ev.DOUBLE): ', -1 the horse above its M of 8"' (``fast``;
        ``horse`` its words), ', +2 for the leg up from A3 and A5' (``helpers``' labels); and
        the rest of ``mod`` not named."""
        r = self.rules
        moving = r.mount_moving_mod if fast else 0
        mods = f", {moving:+d} {horse} above its M of {r.horse_profile[0]}\"" if moving else ""
        helped = r.mount_helper_bonus * len(helpers)
        if helped:
            mods += (f", {helped:+d} for the leg up from " + (
                ", ".join(helpers[:-1]) + " and " + helpers[-1] if len(helpers) > 1 else
                helpers[0]))
        return mods, mod - moving - helped

    def test_mod(self, i, mod) -> str:
        """', +1 sure-footed': the modifier a rider's riding test logs (Ev.STAY_ON c, Ev.CALM
        b: a sure-footed rider's bonus), '' for none."""
        f, two = self.f[i], ""
        if f.carried is not None or f.behind >= 0:  # a horse carrying two (row 183)
            dm = self.rules.double_mount_action_mod
            mod -= dm
            two = f", {dm:+d} a horse carrying two{self.why('double_mount')}" if dm else ""
        if not mod:
            return two
        what = "sure-footed" if self.has(i, "sure_footed") else "modifier"
        return f", {mod:+d} {what}{self.why('sure_footed') if what != 'modifier' else ''}{two}"

    def stay_on(self, t, ok, why, mod=0):
        """Rider t's I test to stay in the saddle (Ev.STAY_ON): pinned or wounded (why 0), or
        his horse ran into something (1); ``mod`` its modifier (a sure-footed rider's)."""
        f = self.f[t]
        ind = "  " if self.melee_ctx else "    "
        if why == 1:
            cause = "shaken by the crash"
        else:
            wounded = False
            for j in range(self.i - 1, 0, -1):  # his wound roll in the hit being told
                e = self.ev[j]
                if int(e[2]) not in _HIT_CHAIN:
                    break
                if int(e[2]) == Ev.WOUND and int(e[1]) == t:
                    wounded = bool(e[6])
                    break
            last = self.ev[self.i - 1]
            kick = int(last[2]) == Ev.PINNED and int(last[1]) == t and int(last[3]) < 0
            cause = ("pinned by his gun's kick" if kick else
                     "pinned and wounded" if f.pinned and wounded else
                     "pinned" if f.pinned else "wounded")
        res = "passed: he keeps his seat" if ok else "failed"
        if f.behind >= 0:  # a passenger (row 183): his fall, if he fails, follows
            res = "passed: he holds on" if ok else "failed"
            self.say(f"{ind}{self.lab(t)}, behind {self.lab(f.behind)}, {cause}, tests to stay "
                     f"on the horse{self.why('stay_on')}: an I test (I {f.i_}"
                     f"{self.test_mod(t, mod)}) {res}.")
            return
        self.say(f"{ind}{self.lab(t)}, {cause}, tests to stay in the saddle"
                 f"{self.why('stay_on')}: an I test (I {f.i_}{self.test_mod(t, mod)}) {res}.")

    def fall(self, t, hits, why, fast):
        """Rider t falls (Ev.FALL): how, and the fall's hits (their pins and wound rolls
        follow, each told by ``pinned`` and ``wound``)."""
        f = self.f[t]
        nxt = self.ev[self.i + 1] if self.i + 1 < len(self.ev) else None
        # a double mount (row 183): his passenger takes the reins (Ev.REINS next: where he
        # lands, the horse's pin going to the new rider there), or a passenger's own fall (his
        # PASS_OFF before it: ``pass_fall``)
        reins = nxt is not None and int(nxt[2]) == Ev.REINS and int(nxt[3]) == t
        pf, self.pass_fall = self.pass_fall, None
        passenger = pf is not None and pf["f"] == t
        f.mounted = False
        if not reins:
            f.hpin = False
        ind = "  " if self.melee_ctx else "    "
        horse = ("his war horse stays beside him" if why != S.FALL_HORSE and
                 self.has(t, "war_horse") else "the horse leaves the fight")
        if why == S.FALL_JUMP:  # (he jumped down: it stands where he left it)
            horse = "his horse stands there"
        elif why == S.FALL_BOARDED:  # (a boarder took it: wm-24)
            horse = f"his horse is {self.lab(self.seized.get(t, -1))}'s now"
        elif why == S.FALL_BOARD:  # (a boarder thrown back: his own horse where he jumped from)
            left = self.board_from.get(t)
            whose = "the horse he took" if t in self.took else "his own horse"
            horse = f"{whose} stands riderless at {_xy(left)}" if left else ""
        if reins or passenger:  # (row 183: the REINS line next tells the horse; a passenger's
            horse = ""  # rider rides on, or came down with it, as told)
        land = (int(nxt[4]), int(nxt[5])) if reins else f.pos
        if why == S.FALL_ROPE:  # the rope's fall: its one hit follows (``entangle``)
            self.say(f"{ind}{self.lab(t)} {_FALL_HOW[why]}: he is on foot at {_xy(land)} (M "
                     f"{f.foot_m}){', and ' + horse if horse else ''}.")
            return
        m = self.double_m if passenger else self.horse_m(t)
        n = f"{_plural(hits, 'hit')} at S{self.rules.fall_strength}"
        if fast:  # (a boarder who jumped across: his own horse's move, or the other's)
            which = "a" if why == S.FALL_BOARD and self.board_from.get(t) else "the"
            n += (f" (a D{self.rules.fall_fast_hits_die}: {which} horse's latest move was more "
                  f"than its M of {m}\")")
        dealt = 0  # the fall's wound rolls: the engine stops dealing hits once he is out
        for j in range(self.i + 1, len(self.ev)):
            k = int(self.ev[j, 2])
            if k not in _HIT_CHAIN or k == Ev.FALL:
                break
            dealt += k == Ev.WOUND and int(self.ev[j, 1]) == t and int(self.ev[j, 3]) < 0
        rest = hits - dealt
        wasted = (f"; he is out of action after {_plural(dealt, 'hit')}, so {rest} "
                  f"{'is' if rest == 1 else 'are'} wasted" if rest > 0 else "")
        where = (f"he lies at {_xy(land)}" if f.state == DOWN else
                 f"he is on foot at {_xy(land)} (M {f.foot_m})")
        if reins:
            where = (f"he lands beside the horse at {_xy(land)}, " +
                     ("down" if f.state == DOWN else f"on foot (M {f.foot_m})"))
        how = _FALL_HOW.get(why, "falls")
        if passenger and why in _PASS_HOW:
            how = _PASS_HOW[why].format(self.lab(pf["r"]))
            where = (f"he lands at {_xy(f.pos)}, down" if f.state == DOWN else
                     f"he lands on foot at {_xy(f.pos)} (M {f.foot_m})")
        rule = "" if why in (S.FALL_BOARDED, S.FALL_BOARD) else self.why("fall")  # (board's)
        self.say(f"{ind}{self.lab(t)} {how}{rule}: {n}; "
                 f"{where}{', and ' + horse if horse else ''}{wasted}.")
        self.falling = {"f": t, "hits": hits, "n": 0}

    def jump(self, i, moved, fast, ok, mod, t):
        """Rider i jumps down from his horse where it is (Ev.JUMP, wm-23): from a moving one an
        I test (failed: his fall, Ev.FALL why FALL_JUMP, follows); then he leaps at t (-1 none:
        his charge's steps and Ev.CHARGED follow) or stands where he landed."""
        f = self.f[i]
        a = self.act
        if a is not None and a["f"] == i:
            self.say_short(i, a)  # (his ride first: where it stopped, if short)
            a["leap"] = t if t >= 0 else None
        f.mounted = f.hpin = False
        self._move_line = None  # (the leap is a move of its own)
        me, here = self.lab(i), _xy(f.pos)
        ind = "  " if a is not None and a["f"] == i and a["dest"] != a["start"] else ""
        if not moved:
            line = f"{ind}{me} jumps down from his still horse at {here}{self.why('jump')}: no test"
        else:
            above = (f" (above its M of {self.rules.horse_profile[0]}\")" if fast else "")
            line = (f"{ind}{me} jumps down from his moving horse{above} at {here}"
                    f"{self.why('jump')}: an I test (I {f.i_}{self.test_mod(i, mod)}) "
                    f"{'passed' if ok else 'failed'}")
        if ok == 0:
            self.say(line + ".")
            return
        if t >= 0:
            self.say(f"{line}; he leaps at {self.lab(t)}, a charge of up to "
                     f"{self.rules.jump_charge_in}\", and his horse stands there.")
            return
        self.say(f"{line}; his horse stands there, and he fights on foot (M {f.foot_m}); any "
                 "shot this turn is a snap shot.")

    def leg_up(self, h, i, t):
        """Friend h gives boarder i a leg up onto enemy rider t's moving horse (Ev.HELP, wm-25;
        logged before i's BOARD, whose I test it adds mount_helper_bonus to, told there): that
        is h's action this turn (ACT_HELP: he does not move, shoot or reload), an aim of his
        given up for it (its AIM_LOST 3 just before: ``help_aim``)."""
        self.close_burst()
        f = self.f[h]
        f.act = ACT_HELP  # no other action, no shot
        self.leg_ups[h] = i
        aim = self.help_aim.pop(h, None)
        how = f"gives up his aim on {self.lab(aim)} to give" if aim is not None else "gives"
        self.say(f"  {self.lab(h)} {how} {self.lab(i)} a leg up onto {self.lab(t)}'s horse from "
                 f"{_xy(f.pos)}, beside him: that is his action this {self.turn_word}, and he "
                 "does nothing else.")

    def climb_start(self, i, t):
        """A climb onto rider t's horse by i begins (an enemy's, Ev.BOARD; a friend's, Ev.DOUBLE):
        the burst told is closed, the friends who gave i a leg up (``leg_ups``) taken, his action
        marked as climbing. Returns (i's and t's fighters, the rules, the helpers' labels)."""
        self.close_burst()
        helpers = [self.lab(h) for h, b in self.leg_ups.items() if b == i]
        self.leg_ups = {}
        a = self.act
        if a is not None and a["f"] == i:
            a["boarded"] = True
        return self.f[i], self.f[t], self.rules, helpers

    def board(self, i, t, rode, ok, mod, won, sa, sb, cb, fast):
        """Fighter i, beside enemy rider t's horse, climbs on (Ev.BOARD, wm-24): from his own
        horse (``rode``) he jumps across, leaving it riderless where he stands; an I test (``ok``
        1 passed, 0 failed, -1 none: a still horse climbed from the ground; ``mod`` its
        modifier, ``fast`` a horse above its M), then a round of hand-to-hand with the rider:
        ``won`` 1 he won (Ev.SEIZE and the rider's fall follow), -1 lost and -2 the climb failed
        (no round: Ev.THROWN_BACK and his own fall follow), 0 a stand-off; ``sa``, ``sb`` the
        combat scores, ``cb`` his combat bonus (the charge's, obstacle_penalty climbing from the
        ground). A parry in the round (Ev.PARRY, logged before it) is told in its line. Friends
        who gave him a leg up (Ev.HELP before it, wm-25: ``leg_ups``) are named with their bonus
        to the test's modifier."""
        f, tf, r, helpers = self.climb_start(i, t)
        self.board_from[i] = f.pos if rode else None
        if rode:  # (his horse stands riderless where he jumped from)
            f.mounted = f.hpin = False
        me, him, here, there = self.lab(i), self.lab(t), _xy(f.pos), _xy(tf.pos)
        parry, self.parry = self.parry, None
        if rode:  # (it stands riderless where he jumped from)
            line = (f"  {me} {'tries to jump' if won == -2 else 'jumps'} across from his horse at "
                    f"{here} (it stands there riderless) to {him}'s at {there}")
        else:
            line = (f"  {me} {'tries to climb' if won == -2 else 'climbs'} onto {him}'s horse at "
                    f"{there} from {here}")
        if ok < 0:
            line += ": the horse is still, no test"
        else:
            mods, rest = self.climb_mods(fast, helpers, mod, "a horse" if rode else "the horse")
            if rest:
                mods += self.test_mod(i, rest)
            line += (f": an I test for the jump (I {f.i_}{mods})" if rode else
                     f": the horse moved, an I test (I {f.i_}{mods})")
            line += " passed" if ok else " failed"
        if won == -2:
            self.say(f"{line}.")
            return
        if r.melee_reading == "ws_roll":
            if parry is not None:  # (none under 'ws_roll': told on its own)
                self.parry_line(parry)
            line += (f"; one round of hand-to-hand, a WS test for each attack die, {me} "
                     f"({self.melee_ws(i)}) against {him} ({self.melee_ws(t)}): {sa} and {sb} "
                     "hits")
        else:
            climb = r.obstacle_penalty if not rode else 0
            bonus = "".join(f", {v:+d} {w}" for v, w in ((cb - climb, "for the charge"),
                                                         (climb, "climbing up")) if v)
            hate = [f"{self.lab(x)} hating {self.lab(y)} (+{r.hatred_combat_bonus})"
                    for x, y in ((i, t), (t, i)) if self.f[x].hates == y]
            line += (f"; one round of hand-to-hand, {me} ({self.melee_ws(i)}{bonus}) against "
                     f"{him} ({self.melee_ws(t)})" + (f", {' and '.join(hate)}" if hate else ""))
            if parry is not None and {parry["p"], parry["o"]} == {i, t}:
                line += self.parry_words(parry, i, sa, sb, int(won == 1), int(won == -1))
                self.why("parry")
            elif parry is not None:
                self.parry_line(parry)
            line += f": combat scores {sa} and {sb}"
        if sa == sb:
            line += (f", a tie won on initiative (I {f.i_} against {tf.i_})" if won else
                     ", a tie with equal I")
        line += {1: f": {me} wins", -1: f": {him} wins"}.get(
            won, f": a stand-off, and {me} stays beside the horse at {here}")
        if r.board_blows:
            for x in (i, t):
                n = self.round_blows(x)[0]
                if n:
                    line += f"; {self.lab(x)} strikes {_plural(n, 'blow')}"
        self.say(f"{line}{self.why('melee')}.")
        self.melee_ctx = True  # (with board_blows the round's blows follow)

    def seize(self, i, x, y, t, dx, dy):
        """Boarder i has won (Ev.SEIZE, wm-24): he takes rider t's horse at (x, y), mounted
        (its pin and heading his now), and t lands on the boarder's cell (dx, dy); t's fall
        (Ev.FALL why FALL_BOARDED) follows."""
        f, tf = self.f[i], self.f[t]
        f.pos, tf.pos = (x, y), (dx, dy)
        f.mounted, f.hpin, f.hpin_turn = True, tf.hpin, tf.hpin_turn
        tf.hpin = False
        self.horses_lying.pop(i, None)  # (his own horse, if one stood, is left)
        self.seized[t] = i
        self.took.add(i)
        # the horse is not trained for him: his sure-footed and war horse skills are off for
        # the rest of the fight (the engine clears them: its riding rolls, a war horse's stay)
        lost = [k for k in ("sure_footed", "war_horse") if self.has(i, k)]
        f.skills = tuple(k for k in f.skills if k not in lost)
        me, him = self.lab(i), self.lab(t)
        pin = ", the horse still pinned" if f.hpin else ""
        untrained = (f" (a horse not trained for him: his {' and '.join(map(skill_name, lost))} "
                     f"skill{'s are' if len(lost) > 1 else ' is'} lost)" if lost else "")
        self.say(f"  {me} throws {him} off and takes his horse at {_xy(f.pos)}{pin}: he rides at "
                 f"M {self.rules.horse_profile[0]} from now on{untrained}, and {him} lands at "
                 f"{_xy(tf.pos)}, where {me} stood.")

    def thrown_back(self, i, x, y, n, lost):
        """Boarder i thrown back from the horse (Ev.THROWN_BACK, wm-24), after a fight lost or
        a failed climb: ``n`` the inches rolled, (x, y) where he lands; his fall (Ev.FALL why
        FALL_BOARD) follows."""
        f = self.f[i]
        f.pos = (x, y)
        why = "beaten" if lost else "his climb failed"
        self.say(f"  {self.lab(i)}, {why}, is thrown back {n}\" (a D"
                 f"{self.rules.mount_fail_bounce_die}) and lands at {_xy(f.pos)}.")

    # ---------------------------------------------------------------- double mounts (row 183)

    def double(self, i, t, ok, mod, fast):
        """Fighter i, on foot beside friend rider t's horse, gets up behind him (Ev.DOUBLE, row
        183): an I test if the horse moved (``ok`` 1 passed, 0 failed: Ev.THROWN_BACK and his
        fall, FALL_BOARD, follow; -1 none, a still horse), ``mod`` its modifier (``fast``: the
        horse above its M), friends who gave him a leg up (Ev.HELP before it: ``leg_ups``)
        named with their bonus. Up, he is t's passenger, on t's cell from then on."""
        f, tf, r, helpers = self.climb_start(i, t)
        self.board_from[i] = None  # (a climb from the ground: no horse of his stands anywhere)
        me, him, here, there = self.lab(i), self.lab(t), _xy(f.pos), _xy(tf.pos)
        line = (f"  {me} {'tries to get' if ok == 0 else 'gets'} up behind {him} on his horse "
                f"at {there} from {here}{self.why('double_mount')}")
        if ok < 0:
            line += ": the horse is still, no test"
        else:
            mods, rest = self.climb_mods(fast, helpers, mod, "the horse")
            if rest:
                mods += f", {rest:+d} modifier"
            line += (f": the horse moved, an I test (I {f.i_}{mods}) "
                     + ("passed" if ok else "failed"))
        if ok == 0:
            self.say(f"{line}.")
            return
        tf.carried, f.behind = f, t
        f.pos = tf.pos
        f.aim_t, f.aim_n = -1, 0
        self.say(f"{line}: he rides behind {him}, holding on (no shots), and the horse, carrying "
                 f"two, moves at M {self.double_m} from now on.")

    def unlink(self, p) -> None:
        """Passenger p is off his rider's horse (the engine's ``_unlink``): the horse carries
        one again."""
        f = self.f[p]
        rf = self.f.get(f.behind)
        if rf is not None and rf.carried is f:
            rf.carried = None
        f.behind = -1

    def pass_off(self, p, r, x, y, why, tested, ok, mod):
        """Passenger p leaves rider r's horse (Ev.PASS_OFF, row 183), landing at (x, y): he gets
        down (``_got_down``: his action; from a horse that moved an I test, ``tested``, ``ok``
        passed, ``mod`` its modifier; failed, his fall FALL_JUMP follows), or he comes off
        (``why`` a FALL_* code: his fall, Ev.FALL, follows and tells it: ``pass_fall``)."""
        f, rf = self.f[p], self.f[r]
        me, him, there = self.lab(p), self.lab(r), _xy(rf.pos)
        test = (f": the horse moved, an I test (I {f.i_}{self.test_mod(p, mod)}) "
                + ("passed" if ok else "failed")) if tested else ": the horse is still, no test"
        down = _got_down(self.ev[self.i])
        self.unlink(p)
        f.pos = (x, y)
        if not down or not ok:
            self.pass_fall = {"f": p, "r": r}
        if not down:
            return  # (told by his fall: how he came off, where he landed, the hits)
        tail = (f"; he fights on foot (M {f.foot_m}); any shot this {self.turn_word} is a snap "
                "shot") if ok else ""
        self.say(f"{me} gets down from behind {him} at {there} onto {_xy(f.pos)}"
                 f"{self.why('double_mount')}{test}{tail}.")

    def reins(self, p, t, x, y):
        """Passenger p takes the reins of rider t's horse (Ev.REINS, row 183): t came off (his
        FALL just told, his landing cell (x, y) in it) or is out of action in the saddle (he
        lies at his cell, (x, y)); p rides it on alone, its pin his now, not trained for him
        (his sure-footed and war horse skills lost, as a boarder's who took a horse)."""
        f, tf = self.f[p], self.f[t]
        self.unlink(p)
        tf.pos = (x, y)
        f.mounted, f.hpin, f.hpin_turn = True, tf.hpin, tf.hpin_turn
        tf.mounted = tf.hpin = False
        self.took.add(p)
        lost = [k for k in ("sure_footed", "war_horse") if self.has(p, k)]
        f.skills = tuple(k for k in f.skills if k not in lost)
        me, him = self.lab(p), self.lab(t)
        ind = "  " if self.melee_ctx else "    "
        pin = ", the horse still pinned" if f.hpin else ""
        untrained = (f" (a horse not trained for him: his {' and '.join(map(skill_name, lost))} "
                     f"skill{'s are' if len(lost) > 1 else ' is'} lost)" if lost else "")
        left = (f"{him}, out of action, lying at {_xy(tf.pos)}" if tf.state == OUT else
                f"{him} landed at {_xy(tf.pos)}")
        self.say(f"{ind}{me} takes the reins from behind {him}{self.why('double_mount')} and rides the "
                 f"horse on alone from {_xy(f.pos)}{pin}: M {self.rules.horse_profile[0]} from "
                 f"now on{untrained}; {left}.")

    def double_count(self, side) -> str:
        """'; its fighters got up behind a friend rider 2 times (1 climb failed, thrown back);
        its passengers got down once, came off once and took the reins once; its shots struck a
        man riding behind 2 times', or '' (no double mount in the fight: row 183; the tidy
        double_ups, double_fails, passengers_off, reins_taken and passenger_hits)."""
        ev = self.ev

        def mine(kind, col=None, val=None, who=1):
            return sum(1 for e in ev[ev[:, 2] == kind]
                       if int(e[who]) in self.f and self.f[int(e[who])].side == side and
                       (col is None or (int(e[col]) == val if val is not None else int(e[col]))))

        def times(n):
            return "once" if n == 1 else f"{n} times"

        ups = mine(Ev.DOUBLE) - mine(Ev.DOUBLE, 4, 0)
        fails = mine(Ev.DOUBLE, 4, 0)
        downs = sum(1 for e in ev[ev[:, 2] == Ev.PASS_OFF]
                    if self.f[int(e[1])].side == side and _got_down(e))
        reins = mine(Ev.REINS)
        off = mine(Ev.PASS_OFF) - downs
        hits = mine(Ev.LOCATE, 8, who=3)
        txt = ""
        if ups or fails:
            txt += (f"; its fighters got up behind a friend rider {times(ups)}" if ups else
                    "; none of its fighters got up behind a friend rider") + (
                f" ({_plural(fails, 'climb')} failed, thrown back)" if fails else "")
        said = [f"{w} {times(n)}" for n, w in ((downs, "got down"), (off, "came off"),
                                               (reins, "took the reins")) if n]
        if said:
            txt += "; its passengers " + (", ".join(said[:-1]) + " and " + said[-1]
                                          if len(said) > 1 else said[0])
        if hits:
            txt += f"; its shots struck a man riding behind {times(hits)}"
        return txt

    def board_count(self, side) -> str:
        """'; of its 3 boardings of an enemy rider's horse, 1 took the horse, 1 ended in a
        stand-off and 1 lost the fight (1 thrown back); its fighters gave a friend a leg up
        2 times', or '' (none of its fighters got to a horse to climb on: Ev.BOARD, the tidy
        boards; the leg ups: Ev.HELP, the tidy board_helps, wm-25)."""
        ev = self.ev
        mine = [e for e in ev[ev[:, 2] == Ev.BOARD] if self.f[int(e[1])].side == side]
        helps = sum(1 for e in ev[ev[:, 2] == Ev.HELP] if self.f[int(e[1])].side == side)
        times = "once" if helps == 1 else f"{helps} times"  # (as the stray shots' count)
        if not mine:  # (leg ups up behind a friend rider only: row 183)
            return f"; its fighters gave a friend a leg up {times}" if helps else ""
        took = sum(1 for e in ev[ev[:, 2] == Ev.SEIZE] if self.f[int(e[1])].side == side)
        n = {w: sum(1 for e in mine if int(e[7]) == w) for w in (1, 0, -1, -2)}
        said = ([f"{took} took the horse"] if took else []) + (
            [f"{n[1] - took} won the fight with the rider already off"] if n[1] > took else
            []) + [f"{k} {w}" for k, w in ((n[0], "ended in a stand-off"),
                                             (n[-1], "lost the fight"),
                                             (n[-2], "failed the climb")) if k]
        back = n[-1] + n[-2]
        return (f"; of its {_plural(len(mine), 'boarding')} of an enemy rider's horse, "
                + (", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else said[0])
                + (f" ({back} thrown back)" if back else "")
                + (f"; its fighters gave a friend a leg up {times}" if helps else ""))

    def fall_hit(self, t) -> str:
        """' (the fall)' or ' (the fall's hit 2 of 3)': the fall's hit now told on t."""
        fl = self.falling
        if fl is None or fl["f"] != t or fl["hits"] <= 1:
            return "the fall"
        return f"the fall's hit {min(fl['n'] + 1, fl['hits'])} of {fl['hits']}"

    def calm(self, i, ok, mod=0):
        """The rider of a pinned horse tries to calm it at his turn's start (Ev.CALM; ``mod``
        the test's modifier, a sure-footed rider's)."""
        f = self.f[i]
        if ok:
            f.hpin = False
            res = "passed: the horse is under control again"
        else:
            res = "failed: it will bolt"
        self.say(f"{self.lab(i)} tries to calm his pinned horse{self.why('calm')}: an I test "
                 f"(I {f.i_}{self.test_mod(i, mod)}) {res}.")

    def snap_after(self, i) -> str:
        """What made fighter i's shot a snap shot after his move: 'his run', 'dismounting', 'his
        horse's bolt'."""
        f = self.f[i]
        if f.act == Act.DISMOUNT:
            return "dismounting"
        if f.act == Act.JUMP_DOWN:
            return "jumping down"
        if f.horse_ran == 0:
            return "his horse's bolt"
        return "his run"

    def rider_count(self, side) -> str:
        """'; of its 5 riders 2 fell and 1 dismounted; its horses: 1 brought down, 2 bolted, 1
        calmed', or '' (nobody of the side rode)."""
        ev = self.ev
        mine = {i for i, f in self.f.items() if f.side == side}
        riders = [e for e in ev[ev[:, 2] == Ev.DEPLOY] if int(e[1]) in mine and int(e[9])]
        if not riders:
            return ""

        def count(kind, col=None, val=None):
            rows = [e for e in ev[ev[:, 2] == kind] if int(e[1]) in mine]
            return sum(1 for e in rows if col is None or int(e[col]) == val)

        # (a boarder thrown back, FALL_BOARD, fell from no saddle of his: ``board_count``)
        # (a passenger's getting down, row 183, is an Act.DISMOUNT with its PASS_OFF: not
        # a rider's dismount, the tidy dismounts; ``double_count``'s)
        men = [(count(Ev.FALL) - count(Ev.FALL, 4, S.FALL_BOARD), "fell"),
               (count(Ev.ACTION, 3, Act.DISMOUNT) -
                sum(1 for e in ev[ev[:, 2] == Ev.PASS_OFF] if int(e[1]) in mine and _got_down(e)),
                "dismounted"),
               (count(Ev.JUMP), "jumped down"),
               (count(Ev.BOARD, 4, 1), "jumped across to board an enemy's horse"),
               (count(Ev.MOUNT), "mounted again")]
        taken = sum(1 for e in ev[ev[:, 2] == Ev.SEIZE] if int(e[5]) in mine)
        horses = [(count(Ev.HORSE, 7, 1), "brought down"), (count(Ev.BOLT, 3, 0), "bolted"),
                  (count(Ev.BOLT, 3, 1), "ran on under a pinned rider"),
                  (count(Ev.CALM, 3, 1), "calmed"), (taken, "taken by boarders")]
        said = [f"{n} {w}" for n, w in men if n]
        txt = f"; of its {_plural(len(riders), 'rider')}, " + (
            ", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else
            said[0] if said else "none fell or dismounted")
        told = [f"{n} {w}" for n, w in horses if n]
        if told:
            txt += "; its horses: " + ", ".join(told)
        return txt

    # ---------------------------------------------------------------- ropes (wm-9)

    def entangle(self, t, a, kind, row, mounted, reach):
        """Fancy roper a's hit with his rope (weapon ``row``) entangles t (Ev.ENTANGLE): he
        falls (a rider pulled from the saddle: Ev.FALL why FALL_ROPE follows), pinned, and takes
        the rope's fall's automatic hit (its WOUND, a -1), then the bolas' own. A lasso stays
        tied to a within ``reach`` hundredths of an inch (the distance thrown): its slot is
        empty until it comes back."""
        f = self.f[t]
        lasso = kind == S.ROPE_LASSO
        f.rope, f.roper, f.rope_k, f.reach = kind, -1, -1, 0
        if lasso:
            f.roper, f.reach = a, reach
            f.rope_k = self.slot_of(a, row)
            if f.rope_k >= 0:
                self.f[a].loaded[f.rope_k] = 0  # tied to him
        self.ropes[self.f[a].side]["entangled"] += 1
        self.tangle = {"f": t, "a": a}
        me, by = self.lab(t), self.lab(a)
        how = "and falls" if f.state == STANDING else "where he lies"
        if lasso:  # (a rider's pull from the saddle is told next: Ev.FALL)
            hold = f": {by} holds him on a rope of {reach / 100:.1f}\" (the distance thrown)"
        else:
            hold = ": the bolas round his legs, he can only crawl"
        self.say(f"    {me} is entangled by {by}'s {weapon_name(row)} {how}"
                 f"{self.why('entangle')}{hold}.")

    def untangle(self, v, free, why, s_test, mod, i_test, stay):
        """Entangled fighter v's turn (Ev.UNTANGLE why 0): he stays entangled and acts at
        entangled_action_mod (``stay``), or tries to get free (a lasso's S test, ``s_test``
        at ``mod``, then the I test, ``i_test``; -1 not taken), doing nothing else; or (why 1)
        the lasso's holder lets go (``let_go``)."""
        if why == 1:
            prev = self.ev[self.i - 1] if self.i > 0 else None
            knocked = int(prev[1]) if prev is not None and int(prev[2]) == Ev.KNOCKDOWN and \
                not int(prev[4]) and int(prev[1]) in (v, self.f[v].roper) else -1
            board = self.boarding_moved()  # (a boarding's: wm-24)
            if board is not None and int(board[2]) == Ev.THROWN_BACK and \
                    int(board[1]) in (v, self.f[v].roper):
                knocked = int(board[1])
            self.lasso_let_go(v, thrown=knocked)  # (a knock-back's let-go follows its KNOCKDOWN)
            return
        self.close_burst()
        self.end_activation()
        self.phase = "move"  # (in place of his action)
        self.mover = -1
        f, r = self.f[v], self.rules
        me, rope, side = self.lab(v), self.rope_words(v), f.side
        if stay:
            self.ropes[side]["acted"] += 1
            crawl = "; the bolas round his legs, he can only crawl" if \
                f.rope == S.ROPE_BOLAS else ""
            self.say(f"{me} stays entangled in {rope} rather than try to get free"
                     f"{self.why('untangle')}: he acts at {r.entangled_action_mod:+d} to hit, "
                     f"reload and clear this {self.turn_word}{crawl}.")
            return
        self.ropes[side]["tries"] += 1
        f.act = ACT_ROPES  # no other action, no shot
        tests = []
        if s_test >= 0:
            other = f"{self.lab(f.roper)}'s" if f.roper >= 0 else "the roper's"
            tests.append(f"an S test (S {f.s}, {mod:+d}: his S against {other}) "
                         f"{'passed' if s_test else 'failed'}")
        if i_test >= 0:
            tests.append(f"an I test (I {f.i_}) {'passed' if i_test else 'failed'}")
        res = "he is still entangled"
        if free:
            self.ropes[side]["freed"] += 1
            res = "he is free"
            h = self.f.get(f.roper)
            if f.rope == S.ROPE_LASSO and h is not None:
                res += f", and the lasso goes back to {self.lab(f.roper)}'s hand"
                if 0 <= f.rope_k < len(h.slots):
                    h.loaded[f.rope_k] = 1
            f.rope, f.roper, f.rope_k, f.reach = 0, -1, -1, 0
        self.say(f"{me} struggles with {rope}{self.why('untangle')}: "
                 f"{', '.join(tests) or 'no test'}: {res}; he does nothing else this "
                 f"{self.turn_word}.")

    def boarding_moved(self):
        """The SEIZE or THROWN_BACK row (wm-24) the events just before this one end in, past
        the lassos let go after it (Ev.UNTANGLE b 1), or None."""
        j = self.i - 1
        while j > 0 and int(self.ev[j, 2]) == Ev.UNTANGLE and int(self.ev[j, 4]) == 1:
            j -= 1
        e = self.ev[j] if j >= 0 else None
        return e if e is not None and int(e[2]) in (Ev.SEIZE, Ev.THROWN_BACK) else None

    def lasso_let_go(self, v, thrown=-1):
        """The holder of the lasso on v lets go (Ev.UNTANGLE why 1): out of action, down, or
        beyond the rope's reach (stepping, carried by his horse, ``thrown`` back: that fighter,
        or moved by a boarding: the boarder onto the horse he took, its rider thrown off onto
        the boarder's cell, wm-24); the lasso is lost for the fight, v is free."""
        f = self.f[v]
        me, h = self.lab(v), self.f.get(f.roper)
        prev = self.ev[self.i - 1] if self.i > 0 else None
        body = self.out[self.main].lstrip("\n") if self.out else ""
        ind = " " * (len(body) - len(body.lstrip(" ")))  # beside what put him down or out,
        if prev is not None and int(prev[2]) in (Ev.MOVE, Ev.SEIZE, Ev.THROWN_BACK):
            ind += "  "  # under the move (or the boarding's throw: wm-24) that took him away
        seize = self.boarding_moved()
        if seize is not None and int(seize[2]) != Ev.SEIZE:
            seize = None
        if h is None:
            who = "the lasso's holder lets go"
        else:
            hl = self.lab(f.roper)
            if h.state == OUT:
                who = f"{hl}, out of action, lets go of his lasso"
            elif h.state == DOWN:
                who = f"{hl}, down, lets go of his lasso"
            else:
                if thrown >= 0:
                    how = (f"{hl} is thrown beyond his rope" if thrown == f.roper else
                           f"{me} is thrown beyond {hl}'s rope")
                elif seize is not None and f.roper == int(seize[1]):  # the boarder (wm-24)
                    how = f"{hl} takes {self.lab(int(seize[5]))}'s horse beyond his rope"
                elif seize is not None and f.roper == int(seize[5]):  # the rider thrown off
                    how = f"{hl} is thrown off his horse beyond his rope"
                elif self.horse_run is not None and self.horse_run["f"] == f.roper:
                    how = f"{hl}'s horse carries him beyond his rope"
                elif prev is not None and int(prev[2]) == Ev.MOVE and int(prev[1]) == f.roper:
                    how = f"{hl} steps beyond his rope"
                elif prev is not None and int(prev[2]) == Ev.FLEE and int(prev[1]) == f.roper:
                    how = f"{hl} runs beyond his rope"
                elif prev is not None and int(prev[2]) == Ev.FOLLOW_UP and \
                        int(prev[1]) == f.roper:
                    how = f"{hl} follows up beyond his rope"
                else:
                    how = f"{hl} is beyond his rope"
                d = dist_in(*h.pos, *f.pos)
                who = (f"{how} ({d:.1f}\" from {me}, the rope {f.reach / 100:.1f}\") and "
                       "lets go")
            self.ropes[h.side]["lost"] += 1
            if 0 <= f.rope_k < len(h.slots):
                h.loaded[f.rope_k] = 0
                h.useless[f.rope_k] = True
        f.rope, f.roper, f.rope_k, f.reach = 0, -1, -1, 0
        self.say(f"{ind}{who}: the lasso is lost, and {me} is free{self.why('let_go')}.")

    def rope_count(self, side) -> str:
        """'; its ropes entangled 2 enemies (1 lasso let go and lost); its entangled fighters
        tried to get free 3 times (1 got free) and acted entangled 1 time', or '' (no rope of
        the side's entangled anyone, and none of its fighters was entangled)."""
        n = self.ropes[side]
        txt = ""
        if n["entangled"] or n["lost"]:
            txt += (f"; its ropes entangled {n['entangled']} "
                    f"{'enemy' if n['entangled'] == 1 else 'enemies'}")
            if n["lost"]:
                txt += f" ({_plural(n['lost'], 'lasso')} let go and lost)"
        parts = ([f"tried to get free {_plural(n['tries'], 'time')} ({n['freed']} got free)"]
                 if n["tries"] else []) + \
            ([f"acted entangled {_plural(n['acted'], 'time')}"] if n["acted"] else [])
        if parts:
            txt += "; its entangled fighters " + " and ".join(parts)
        return txt

    def rule_now(self, key: str) -> None:
        """Say the rule behind ``key`` (if any, and the first time) at once, under the line said
        last: a move's line, rewritten step by step, is not said again."""
        if not key or key in self.explained:
            return
        self.explained.add(key)
        body = self.out[self.main].lstrip("\n")
        pad = " " * (len(body) - len(body.lstrip(" ")) + 2)
        self.out.append(f"{pad}Rule: {self._rule(key)}.")

    def aim(self, i, t, n):
        f = self.f[i]
        f.aim_t, f.aim_n = t, n
        bonus = min(n * self.rules.aim_bonus_per_turn, self.rules.aim_bonus_max)
        a = self.act
        so_far = f"{_plural(n, 'turn')} of aiming so far: {bonus:+d} to hit"
        if a is not None and a["f"] == i and a["line"] == self.main:
            self.out[self.main] = self.out[self.main][:-1] + f" ({so_far})."
        else:
            self.say(f"  {self.lab(i)} aims at {self.lab(t)}: {so_far}.")

    def before(self, skip) -> np.ndarray:
        """The latest event before the current one that is not of a kind in ``skip``."""
        j = self.i - 1
        while j > 0 and int(self.ev[j, 2]) in skip:
            j -= 1
        return self.ev[j]

    def thrown_off(self, t) -> bool:
        """Is the aim lost now (an AIM_LOST 0-2 on t) one on a rider a boarder threw off: the
        events before it, past what his fall brought, end in the SEIZE of t's horse (wm-24)?"""
        j = self.i - 1
        while j > 0 and int(self.ev[j, 2]) in _HIT_CHAIN:
            j -= 1
        e = self.ev[j]
        return int(e[2]) == Ev.SEIZE and int(e[5]) == t

    def aim_lost(self, i, t, why):
        f = self.f[i]
        f.aim_t, f.aim_n = -1, 0
        me, tgt = self.lab(i), self.lab(t)
        if why in _AIM_LOST:
            where = _AIM_LOST[why].format(arc=self.rules.aim_arc_deg)
            j = self.i - 1  # (what moved him: past other aims lost and a lasso let go for it)
            while j > 0 and (int(self.ev[j, 2]) == Ev.AIM_LOST or
                             int(self.ev[j, 2]) == Ev.UNTANGLE and int(self.ev[j, 4]) == 1):
                j -= 1
            hit = self.ev[j]
            if int(hit[2]) == Ev.KNOCKDOWN and int(hit[1]) == t:  # _aims_on where he landed
                self.say(f"    {me}'s aim on {tgt} is lost: {tgt} is thrown {where}.")
            elif int(hit[2]) == Ev.THROWN_BACK and int(hit[1]) == t:  # a boarder (wm-24)
                self.say(f"    {me}'s aim on {tgt} is lost: {tgt} is thrown back {where}.")
            elif self.thrown_off(t):
                self.say(f"    {me}'s aim on {tgt} is lost: {tgt} is thrown off his horse "
                         f"{where}.")
            elif int(hit[2]) == Ev.REINS and int(hit[3]) == t:  # a rider carrying two came off
                self.say(f"    {me}'s aim on {tgt} is lost: {tgt} lands beside the horse "
                         f"{where}.")  # (wm-27: his passenger took the reins)
            else:
                self.say(f"  {me}'s aim on {tgt} is lost: {tgt} moved {where}.")
            return
        if why == 4 and self.f[t].behind >= 0:  # up behind a friend (wm-27)
            self.say(f"  {me}'s aim on {tgt} is lost: {tgt} rides behind "
                     f"{self.lab(self.f[t].behind)} now, no target of his own.")
            return
        if why == 4:
            st = "out of action" if self.f[t].state == OUT else "down"
            self.say(f"  {me}'s aim on {tgt} is lost: {tgt} is {st}.")
            return
        nxt = self.ev[self.i + 1] if self.i + 1 < len(self.ev) else None
        prev = self.before((Ev.PIN_LIFTED, Ev.REINS))  # (his passenger took the reins: row 183)
        if f.state != STANDING:
            return  # going down or out was told; the aim goes with him
        if nxt is not None and int(nxt[2]) == Ev.HELP and int(nxt[1]) == i:
            self.help_aim[i] = t  # (he gives it up to give a leg up: said in that line, wm-25)
            return
        if nxt is not None and int(nxt[2]) in (Ev.PINNED, Ev.DUCK) and int(nxt[1]) == i:
            self.pending_aim = (i, t)
            return
        if int(prev[2]) == Ev.ENTANGLE and int(prev[1]) == i:  # pinned after his fall, if up
            pin = self.peek(Ev.PINNED, stop_kinds=(Ev.WOUND, Ev.SHOT, Ev.ACTION, Ev.TURN))
            if pin is not None and int(pin[1]) == i:
                self.pending_aim = (i, t)
            else:
                self.say(f"    {me} loses his aim on {tgt}, entangled.")
            return
        if int(prev[2]) == Ev.FALL and int(prev[1]) == i:
            self.say(f"  {me} loses his aim on {tgt} in the fall.")
            return
        if int(prev[2]) == Ev.NERVE and int(prev[1]) == i:
            self.say(f"  {me}, broken, gives up his aim on {tgt}.")
            return
        if nxt is not None and int(nxt[1]) == i and (
                int(nxt[2]) == Ev.BOLT or int(nxt[2]) == Ev.MOVE and self.bolt_ahead(i) is not None):
            self.run_aim = (i, t)  # his horse moves on its own: said under its line
            return
        if nxt is not None and int(nxt[2]) == Ev.AIM and int(nxt[1]) == i:
            self.say(f"  {me} turns his aim from {tgt} to {self.lab(int(nxt[3]))}, starting "
                     "afresh.")
            return
        if int(prev[2]) == Ev.ACTION and int(prev[1]) == i:
            self.say(f"  {me} gives up his aim on {tgt}.")
            return
        if int(prev[2]) == Ev.CHARGED and int(prev[3]) == i:
            self.say(f"  {me} loses his aim on {tgt}: he is charged.")
            return
        by = self.struck_by(i)
        if by is not None:  # (a boarding or a hit-and-run: no fight joined)
            self.say(f"  {me} loses his aim on {tgt}: he is charged by {by}.")
            return
        # the shooting phase: no aimed shot is possible from the aim
        self.start_shooting()
        tf = self.f[t]
        if tf.eng >= 0:
            reason = f"{tgt} is locked in hand-to-hand (no shooting into a fight)"
        elif f.tracked and not self.ready_gun(i):
            reason = "he has no loaded, unjammed gun"
        elif not self.sees(i, t):
            reason = f"he no longer sees {tgt}"
        else:
            reason = (f"{tgt} is outside his {self.rules.aim_arc_deg}-degree aiming arc, out "
                      "of range, or a score the dice cannot make")
        self.say(f"{me} cannot take the aimed shot at {tgt}: {reason}. The aim is lost.")

    def overwatch(self, i, aimed, fx, fy):
        f = self.f[i]
        arc = self.rules.aim_arc_deg if aimed else self.rules.fire_arc_deg
        kind = "aimed overwatch" if aimed else "overwatch"
        self.say(f"{self.lab(i)} goes on {kind} at {_xy(f.pos)}, watching a {arc}-degree arc "
                 f"facing {_compass(fx, fy)}{self.why('overwatch')}.")
        if self.act is not None:
            self.act["line"] = self.main

    def charged(self, i, t, over=0):
        """Charger i reaches t (Ev.CHARGED; ``over`` 1: over an obstacle, engine._over_low)."""
        f, tf = self.f[i], self.f[t]
        f.eng, f.charged, f.over = t, True, bool(over)
        if tf.eng < 0:
            tf.eng = i
        contact = f"  {self.lab(i)} reaches {self.lab(t)} at {_xy(tf.pos)}: base contact" + \
            self.why('charge')
        ob = (f", over low cover ({self.rules.obstacle_penalty} to his combat score this round)"
              f"{self.why('obstacle')}" if over and self.rules.obstacle_penalty else "")
        self.say(f"{contact}{ob}.")

    def pin_lifted(self, i, why):
        """A pin ends without a test: it has cost its turn (the recovery phase), or he is
        charged."""
        self.f[i].pinned, self.f[i].duck = False, 0
        if why == 0 and self.fast:  # after the score his escape failed at
            if self.grp is not None:
                self.pass_members()
                self.idle_group(self.grp)
            self.say(f"The pin on {self.lab(i)} lifts: it has cost him an activation.")
        elif why == 0:
            self.recovery_header()
            self.say(f"At the end of side {SIDES[self.active]}'s turn the pin on {self.lab(i)} "
                     "lifts: it has cost him a turn.")
        elif (by := self.struck_by(i)) is not None:  # (no fight joined: wm-19, wm-24)
            self.say(f"  The pin on {self.lab(i)} lifts: he has been charged by {by}, and a "
                     "charged man loses his pin.")
        else:
            self.say(f"  The pin on {self.lab(i)} lifts: he has been charged, and a fighter in "
                     "hand-to-hand cannot be pinned.")

    def struck_by(self, i):
        """'A1, boarding his horse' or "B4's hit-and-run": the charge fighter i has just lost
        his pin or aim to (Ev.PIN_LIFTED a 1, Ev.AIM_LOST 3), when it joins no fight: a
        boarding (wm-24) or a hit-and-run (wm-19), whose BOARD or HIT_RUN with him comes next
        (past the rest of what he loses and a parry in the round); else None (a charge: its
        CHARGED came first)."""
        for j in range(self.i + 1, len(self.ev)):
            e = self.ev[j]
            k = int(e[2])
            if k in (Ev.PIN_LIFTED, Ev.AIM_LOST, Ev.PARRY):
                continue
            if k in (Ev.BOARD, Ev.HIT_RUN) and int(e[3]) == i:
                by = self.lab(int(e[1]))
                return f"{by}, boarding his horse" if k == Ev.BOARD else f"{by}'s hit-and-run"
            return None
        return None

    # ---------------------------------------------------------------- shooting

    def ready_gun(self, i) -> bool:
        return any(self.ready_slot(i, k) for k in range(len(self.f[i].slots)))

    def ready_slot(self, i, k) -> bool:
        """Can fighter i shoot or throw slot k: loaded (dynamite: a lit bundle, or with
        light_takes_turn off sticks to light as he throws), unjammed, not useless?"""
        f = self.f[i]
        if f.slots[k] < 0 or f.jams[k] or f.useless[k]:
            return False
        return f.loaded[k] > 0 or (self.explosive(i, k) and not self.rules.light_takes_turn and
                                   f.sticks[k] > 0)

    def slot_of(self, i, row) -> int:
        f = self.f[i]
        if not f.tracked or row not in f.slots:
            f.tracked = False
            return -1
        return f.slots.index(row)

    def start_shooting(self):
        if self.fast:  # the shooting of the score acting now
            g = self.grp
            if g is None or self.phase == "shoot":
                return
            self.end_activation()
            self.mover = -1
            self.phase = "shoot"
            self.pass_members()
            self.idle_group(g)
            g["able"] = {i for i in g["members"] if self.f[i].state == STANDING and
                         not self.f[i].pinned and self.f[i].eng < 0 and not self.f[i].fired}
            g["bs"] = {i: self.f[i].bs for i in g["able"]}  # the BS each of them fires at
            if len(g["able"]) > 1:
                self.group_head()
                self.say(f"Score {g['score']}'s shots, fired at the same moment:")
            return
        if self.phase in ("move", "start"):
            self.end_activation()
            self.mover = -1
            self.phase = "shoot"
            self.say(f"Shooting phase of side {SIDES[self.active]}:")

    def shooting_done(self):
        """Once a turn, after its shooting phase: the fighters who could have shot and did not,
        and the aimers who held their shot."""
        if self.shoot_checked or self.active < 0 or self.fast:
            return  # a fast draw tells it score by score (close_group)
        self.shoot_checked = True
        self.not_shot([f for f in self.f.values() if f.side == self.active])

    def not_shot(self, fighters):
        """Of ``fighters``, those who could have shot and did not, and the aimers who held
        their shot."""
        held, idle = [], {}
        for f in fighters:
            if f.state != STANDING or f.pinned or f.eng >= 0 or f.fired:
                continue
            if f.act == Act.AIM and f.aim_t >= 0:
                bonus = min((f.aim_n + 1) * self.rules.aim_bonus_per_turn,
                            self.rules.aim_bonus_max)
                held.append(f"{self.lab(f.i)} on {self.lab(f.aim_t)} ({bonus:+d} if he aims "
                            f"on next {self.turn_word})")
            if f.act not in (Act.HOLD, Act.WALK, Act.DISMOUNT, Act.MOUNT, Act.JUMP_DOWN) and not (
                    f.act == Act.RUN and self.rules.run_and_shoot):
                continue
            enemies = [b for b in self.f.values() if b.side != f.side and b.state != OUT and
                       b.behind < 0]  # (a passenger is no target: the horse is, row 183)
            seen = [b for b in enemies if self.sees(f.i, b.i)]
            free = [b for b in seen if b.eng < 0]
            reach = max([self.reach(f.i, r)[1] if self.explosive(f.i, k) else
                         self.weapon(r)["long_in"] for k, r in enumerate(f.slots)
                         if self.ready_slot(f.i, k)] or [0])
            if self.has(f.i, "marksman") and self.rules.marksman_reading == "both_bands":
                reach *= self.rules.marksman_factor  # his long range reaches further too
            taken = self.hands_taken(f.i)
            if f.behind >= 0:  # (row 183: the engine gives him no shot)
                why = f"riding behind {self.lab(f.behind)}: a passenger holds on and does not shoot"
            elif f.broken:
                why = "broken since he acted: a broken fighter fires no shot"
            elif f.arms == S.ARM_LEFT | S.ARM_RIGHT:
                why = "both arms locked by a wrassler: he can hold no gun"
            elif len(taken) >= 2:  # (a lance held, or an arm locked, and the reins)
                why = f"no hand free for a gun: {' and '.join(taken)}"
            elif f.tracked and not self.ready_gun(f.i):
                why = "no loaded, unjammed gun"
            elif not seen:
                why = "no enemy in sight"
            elif not free:
                why = "the only enemies in sight are locked in hand-to-hand"
            elif f.tracked and all(dist_in(*f.pos, *b.pos) > reach for b in free):
                why = "no enemy in sight within the reach of a loaded gun"
            else:
                why = "held fire: no shot worth taking to the gunfighter"
            idle.setdefault(why, []).append(self.lab(f.i))
        if held:
            self.say("Holding the aim without firing: " + "; ".join(held) + ".")
        if idle:
            self.say("Did not shoot: " + "; ".join(f"{', '.join(who)} ({why})"
                                                     for why, who in idle.items()) + ".")

    def burst_flags(self, i) -> tuple[int, int]:
        """(SH_* flags, weapon row) of the burst fighter i opens now, from its first shot;
        (0, -1) when none is fired. In a fast draw an overwatcher's burst is overwatch fire
        (he does not shoot otherwise before his next action)."""
        nxt = self.peek(Ev.SHOT, stop_kinds=(Ev.BURST, Ev.ACTION, Ev.TURN, Ev.END, Ev.AMMO,
                                              Ev.KICKBACK))
        flags = int(nxt[9]) if nxt is not None and int(nxt[1]) == i else 0
        row = int(nxt[4]) if nxt is not None and int(nxt[1]) == i else -1
        if nxt is None and self.mid_burst(i):
            flags = S.SH_SNAP | S.SH_MIDMOVE
        if self.fast and self.f[i].act == Act.OVERWATCH and \
                not flags & (S.SH_MIDMOVE | S.SH_QUICKDRAW):
            flags |= S.SH_OVERWATCH
        return flags, row

    def mid_burst(self, i) -> bool:
        """Is a burst of no shots by fighter i fired on his move (his action's snap shot): is
        his move, or another fighter's action of the same turn or score, still to come?"""
        a = self.act
        if a is None or a["f"] != i or not a["mid"] or self.phase != "move":
            return False
        j = self.i + 1
        while j < len(self.ev) and int(self.ev[j, 2]) in (Ev.AMMO, Ev.KICKBACK):
            j += 1
        if j == len(self.ev):
            return False
        f, kind = int(self.ev[j, 1]), int(self.ev[j, 2])
        if kind == Ev.MOVE:
            return f == i
        g = self.grp
        return kind in (Ev.ACTION, Ev.UNPIN) and (
            not self.fast or g is not None and self.order.get(f) == g["score"])

    def burst(self, i, t, dice, shots, jams):
        self.close_burst()
        flags, row = self.burst_flags(i)
        f = self.f[i]
        if row < 0:  # no shot fired: the gun with sustained-fire dice, if only one has them
            guns = [r for r in f.slots if r >= 0 and self.weapon(r)["sfd"] == dice]
            row = guns[0] if len(set(guns)) == 1 else -1
        self._context(i, t, flags)
        self.fire_back(i)
        f.fired = True
        k = self.slot_of(i, row) if row >= 0 else -1
        if k >= 0:
            f.loaded[k] = max(f.loaded[k] - shots, 0)
        elif row < 0:
            f.tracked = False
        gun = f"the {weapon_name(row)}" if row >= 0 else "his gun"
        if flags & S.SH_OFF_HAND:
            gun = f"his second {weapon_name(row)}" if row >= 0 else "his second handgun"
        handgun = row >= 0 and self.weapon(row)["kind"] == S.KIND_HANDGUN
        verb = "fans" if handgun else "blazes away with"
        jam = f", {_plural(jams, 'jam face')} (each an ammo roll)" if jams else ""
        lead = self._lead(i, t, flags)
        if flags & S.SH_QUICKDRAW:
            kind = f" (quick-draw snap shots, fired first{self.why('snap')})"
        elif flags & S.SH_MIDMOVE:
            kind = f" (snap shots on the move{self.why('snap')})"
        elif flags & S.SH_SNAP:
            kind = f" (snap shots after {self.snap_after(i)}{self.why('snap')})"
        elif flags & S.SH_OVERWATCH:
            kind = " (overwatch fire)"
        else:
            kind = ""
        if flags & S.SH_OFF_HAND:
            kind += f" at the same time{self.off_hand()}"
        kind += self.old_bs(i, flags)
        self.say(f"{lead}{self.lab(i)} {verb} {gun} at {self.lab(t)}{kind}{self.why('fan')}: "
                 f"{dice} sustained-fire {'die gives' if dice == 1 else 'dice give'} "
                 f"{_plural(shots, 'shot')}{jam}.")
        self.cur_burst = {"f": i, "t": t, "shots": shots, "told": 0}

    def close_burst(self):
        b = self.cur_burst
        if b is None:
            return
        self.cur_burst = None
        left = b["shots"] - b["told"]
        if left > 0:
            self.say(f"  {_plural(left, 'round')} of {self.lab(b['f'])}'s burst "
                     f"{'goes' if left == 1 else 'go'} at no one: no enemy left within "
                     f"{self.rules.sfd_spread_in}\" of where {self.lab(b['t'])} stood and inside "
                     "his arc, or the target was thrown out of sight or range.")

    def _context(self, i, t, flags):
        """Open the shooting phase when a shot belongs to it."""
        if self.fast:
            if not flags & (S.SH_MIDMOVE | S.SH_QUICKDRAW | S.SH_OVERWATCH):
                self.start_shooting()
            return
        side = self.f[i].side
        if side == self.active and not flags & (S.SH_MIDMOVE | S.SH_QUICKDRAW):
            self.start_shooting()

    def _lead(self, i, t, flags) -> str:
        if flags & S.SH_OVERWATCH and t == self.mover:
            return f"As {self.lab(t)} moves, "
        if flags & S.SH_OVERWATCH and self.fast:
            g = self.grp
            if g is None:
                return ""
            return (f"After the moves of score {g['score']}, " if g["acted"] else
                    f"At score {g['score']}, ")
        if flags & S.SH_OVERWATCH:
            return f"At the end of side {SIDES[self.active]}'s movement, "
        return ""

    def shot(self, i, t, row, need, d, hit, turns, flags, cover, mods):
        b = self.cur_burst
        if b is not None and (b["f"] != i or not flags & S.SH_FAN):
            self.close_burst()
            b = None
        f, tf = self.f[i], self.f[t]
        second = bool(flags & S.SH_SECOND)  # the second barrel of a pair (its first is told)
        self._context(i, t, flags)
        if b is None and not second:
            self.fire_back(i)
        f.fired = True
        if flags & S.SH_AIMED and not flags & S.SH_OVERWATCH:
            f.aim_t, f.aim_n = -1, 0  # the engine spends the aim before the shot
        if b is None and not second:
            k = self.slot_of(i, row)
            # both barrels spend both shells, whatever comes of the second; a lasso stays in
            # his hand (tied to its victim once it entangles: ``entangle``)
            if k >= 0 and self.weapon(row)["kind"] == S.KIND_EXPLOSIVE:
                f.loaded[k] = 0  # the bundle thrown, every stick of it
            elif k >= 0 and not self.weapon(row)["flags"] & S.FL_HELD:
                spent = 2 if flags & (S.SH_BOTH | S.SH_PAIR) else 1
                f.loaded[k] = max(f.loaded[k] - spent, 0)
        self.tally[f.side]["shots"] += 1
        self.tally[f.side]["hits"] += int(hit)
        dist = dist_in(*f.pos, *tf.pos)
        needs = self.to_hit(i, t, row, need, turns, flags, cover, mods)
        res = "hit" if hit else "miss"
        if need > 6 and d == 6:
            res += " on the second die"
        where = f"{dist:.0f}\" away"
        w = self.weapon(row)
        both = bool(flags & S.SH_BOTH)
        if b is not None:
            b["told"] += 1
            tgt = self.lab(t)
            if t != b["t"]:
                tgt += f" (with {self.lab(b['t'])} out of action, the burst moves on to him)"
            self.say(f"  Shot {b['told']} of {b['shots']} at {tgt}, {where}: {needs}, rolls "
                     f"{d}: {res}.")
        elif second:
            first = self.pair["t"] if self.pair is not None else -1
            self.pair_told()
            near = (" again" if t == first else f" (within {self.rules.double_second_within_in}"
                    "\" of where the first struck)")
            self.say(f"  The second barrel at {self.lab(t)}{near}, {where}: {needs}, rolls {d}: "
                     f"{res}.")
        else:
            kind = self.shot_kind(flags, turns, i)
            lead = self._lead(i, t, flags)
            me, gun, tgt = self.lab(i), weapon_name(row), self.lab(t)
            double = bool(w["flags"] & S.FL_DOUBLE)
            if double:
                self.why("double")
            thrown = w["kind"] == S.KIND_THROWN
            dyn = w["kind"] == S.KIND_EXPLOSIVE  # a bundle of dynamite (wm-10)
            verb = "throws" if thrown or dyn else "fires"
            text = f"{me} gets his shot off first: " if flags & S.SH_QUICKDRAW else f"{me} {verb} "
            kind_txt = "" if kind == "a shot" else f", {kind},"
            barrel = lemat_part(row) == "barrel"  # "his Le Mat's shotgun barrel (scatter)"
            if barrel:
                gun = f"{gun_name(row)} ({shell_name(row)})"
            if flags & S.SH_OFF_HAND and barrel:
                text += f"his {gun} at the same time{self.off_hand()}: {kind} at {tgt}"
            elif flags & S.SH_OFF_HAND and flags & S.SH_ONE_HAND:
                text += f"his {gun} one-handed at the same time{self.off_hand()}: {kind} at " \
                        f"{tgt}"
            elif flags & S.SH_OFF_HAND:
                text += f"his second {gun} at the same time{self.off_hand()}: {kind} at {tgt}"
            elif flags & S.SH_ONE_HAND:
                text += f"{kind} at {tgt} with the {gun} held in one hand, a second gun in the " \
                        "other"
            elif both:
                text += f"both barrels of the {gun} at once{self.why('both')}{kind_txt} at {tgt}"
            elif flags & S.SH_PAIR:
                text += (f"both barrels of the {gun}, one after the other{self.why('pair')}: "
                         f"the first{kind_txt} at {tgt}")
                self.pair = {"f": i, "t": t, "row": row, "flags": flags, "second": False,
                             "point": tf.pos}
            elif double:
                text += f"{kind} at {tgt} with one barrel of the {gun}"
            elif thrown:
                rule = WEAPONS[row] if WEAPONS[row] in ("bolas", "lasso") else "thrown"
                text += f"his {gun}{self.why(rule)}{kind_txt} at {tgt}"
            elif dyn:
                text += f"{self.bundle_words(self.thrown_sticks(i))}{self.why('dynamite')}" \
                        f"{kind_txt} at {tgt}"
            elif barrel:
                text += f"his {gun}{kind_txt} at {tgt}"
            else:
                text += f"{kind} at {tgt} with the {gun}"
            self.say(f"{lead}{text}, {where}{self.old_bs(i, flags)}: {needs}, rolls {d}: "
                     f"{res}.")
        extra = self.rules.double_both_strength if both and not w["flags"] & S.FL_TEMPLATE \
            else 0
        self.cur_shot = {"f": i, "t": t, "row": row, "extra": extra}
        self.strike = {"f": i, "t": t, "hit": bool(hit)}
        g = self.grp
        if hit and self.fast and g is not None and self.phase == "shoot" and \
                i not in g["hit"].setdefault(t, []):
            g["hit"][t].append(i)
            self.cur_shot["added"] = True

    def off_hand(self) -> str:
        """' (off hand, +0 to hit)': the second of two handguns fired at once."""
        return f" (off hand, {self.rules.gunfighter_modifier:+d} to hit{self.why('gunfighter')})"

    def shot_kind(self, flags, turns, i=-1) -> str:
        if flags & S.SH_QUICKDRAW:
            return f"a quick-draw snap shot{self.why('snap')}"
        if flags & S.SH_MIDMOVE:
            return f"a snap shot on the move{self.why('snap')}"
        if flags & S.SH_OVERWATCH and flags & S.SH_AIMED:
            return f"an aimed overwatch shot ({_plural(turns, 'turn')} aimed)" \
                   f"{self.why('aimed')}"
        if flags & S.SH_OVERWATCH:
            return "an overwatch shot"
        if flags & S.SH_AIMED:
            return f"an aimed shot after {_plural(turns, 'turn')} of aiming{self.why('aimed')}"
        if flags & S.SH_SNAP:
            after = self.snap_after(i) if i >= 0 else "his run"
            return f"a snap shot after {after}{self.why('snap')}"
        return "a shot"

    def need_words(self, need) -> tuple[str, str]:
        """('4+', a note on how the dice make it, or '')."""
        r = self.rules
        if need <= 6:
            low = max(need, 2 if r.natural_one_fails else 1)
            return f"{low}+", ("a natural 1 always fails" if need < low else "")
        i = need - 7
        if i < len(r.second_die_needs) and r.second_die_needs[i] <= 6:
            self.why("above6")
            return f"{need}+", f"a 6, then {max(r.second_die_needs[i], 1)}+ on a second die"
        return f"{need}+", "a 6, then more than a second die can give under these rules"

    def to_hit(self, i, t, row, need, turns, flags, cover, mods, d=None) -> str:
        """'needs 4+ to hit (7 - BS 3; +1 short range, -1 snap shot)'; ``d`` the inches to a
        point fired at (t -1) instead of a target."""
        bd = self.breakdown(i, t, row, need, turns, flags, cover, mods, d)
        score, note = self.need_words(need)
        why = "; ".join(x for x in (bd, note) if x)
        return f"needs {score} to hit" + (f" ({why})" if why else "")

    def breakdown(self, i, t, row, need, turns, flags, cover, mods, d=None) -> str:
        """'7 - BS 3; +1 short range, ...': the logged cover code and MOD_* bits, the range
        band from the positions (or ``d``, the inches to a point fired at); a double-barrelled
        shot's modifier from its SH_BOTH / SH_PAIR bit, and with MOD_NO_COVER the target's
        cover not counted; '' when they do not add up to the logged score (a case the narrator
        does not rebuild)."""
        r, f = self.rules, self.f[i]
        bs = self.fire_bs(i, flags)
        w = self.weapon(row)
        short, long = self.reach(i, row)
        if d is None:
            d = dist_in(*f.pos, *self.f[t].pos)
        if mods & S.MOD_SCOPE:  # short only through a telescopic sight's (wm-11)
            rmod, rng = w["hit_short"], "short range thanks to his telescopic sight" + (
                " and marksman" if mods & S.MOD_MARKSMAN else "")
        elif mods & S.MOD_MARKSMAN:  # short only through marksman's longer short range
            rmod, rng = w["hit_short"], "short range thanks to marksman"
        elif d <= short:
            rmod, rng = w["hit_short"], "short range"
        elif d <= long:
            rmod, rng = w["hit_long"], "long range"
        elif r.marksman_reading == "both_bands" and d <= long * r.marksman_factor:
            rmod, rng = w["hit_long"], "long range thanks to marksman"
        else:
            return ""
        aim = min(turns * r.aim_bonus_per_turn, r.aim_bonus_max)
        items = []
        if aim:
            items.append((aim, f"aiming {_plural(turns, 'turn')}"))
        items.append((rmod, rng))
        size = r.mounted_target_modifier if mods & S.MOD_MOUNTED else 0  # horse and rider
        plus = aim + max(rmod, 0) + size
        if r.aim_cap_reading == "total" and plus > r.aim_bonus_max:
            items.append((r.aim_bonus_max - plus, "bonuses capped"))
        hip = bool(flags & S.SH_SNAP and mods & S.MOD_HIP)
        if flags & S.SH_SNAP and not hip:
            items.append((r.snap_modifier, "snap shot"))
        if mods & S.MOD_EMERGING:
            items.append((r.emerging_modifier, "emerging target"))
        if mods & S.MOD_CHARGING:
            items.append((r.charging_target_modifier, "charging target"))
        if mods & S.MOD_RAPID:
            items.append((r.rapid_target_modifier, _RAPID[r.rapid_target_reading]
                          .format(n=r.rapid_target_in)))
        nocov = bool(mods & S.MOD_NO_COVER)
        water = self.water_cover(i, t, cover) if t >= 0 and not nocov else ""
        horse = not water and t >= 0 and not nocov and self.horse_cover(i, t, cover)
        if cover in (S.COV_PARTIAL, S.COV_FULL) and not nocov:
            items.append((r.cover_modifiers[0 if cover == S.COV_PARTIAL else 1],
                          ("partial cover" if cover == S.COV_PARTIAL else "full cover")
                          + (f" from being pinned in {water}" if water else "")
                          + (" behind a war horse lying down" if horse else "")))
        if flags & S.SH_FAN:
            items.append((r.sfd_modifier, "blazing away"))
        if flags & S.SH_BOTH:
            items.append((r.double_both_mod, "both barrels at once"))
        elif flags & S.SH_PAIR:
            items.append((r.double_sequential_mod, "both barrels one after the other"))
        if flags & S.SH_OFF_HAND:
            items.append((r.gunfighter_modifier, "second gun at once"))
        if mods & S.MOD_ONE_ARM:
            items.append((r.one_hand_long_gun_mod, "long gun fired one-handed"
                          + self.one_hand_why(i, flags)))
        if size:
            items.append((size, "mounted target"))
        own = self.own_mods(i)  # a sure-footed rider's, an entangled shooter's (wm-9)
        items += own
        if r.needed_base - bs - sum(v for v, _ in items) != need:
            return ""
        for _, name in own:
            self.why("sure_footed" if name.startswith("sure") else "untangle")
        self.why("need")
        if mods & S.MOD_MARKSMAN or rng.endswith("marksman"):
            self.why("marksman")
        if mods & S.MOD_SCOPE:
            self.why("scope")
        if mods & S.MOD_ONE_ARM and flags & S.SH_ONE_HAND:
            self.why("one_hand_pair")
        elif mods & S.MOD_ONE_ARM and self.holds_lance(i):
            self.why("lance")
        elif mods & S.MOD_ONE_ARM and (f.arms or not self.rein_hand(i)):
            self.why("wrassler")
        if mods & S.MOD_ONE_ARM and self.rein_hand(i) and not self.holds_lance(i) and \
                not flags & S.SH_ONE_HAND:
            self.why("mounted_long_gun")
        if water:
            self.why("water_cover")
        for bit, key in ((S.MOD_EMERGING, "emerging"), (S.MOD_CHARGING, "charging"),
                         (S.MOD_RAPID, "rapid"), (S.MOD_MOUNTED, "mounted")):
            if mods & bit:
                self.why(key)
        named = ", ".join(f"{v:+d} {name}" for v, name in items  # a band thanks to marksman
                          if v or " thanks to " in name)  # or a sight even at +0
        out = f"{r.needed_base} - BS {bs}" + (f"; {named}" if named else "")
        if hip:  # a runner's snap shot from the hip
            out += f"; hip shooting: no snap penalty{self.why('hip_shooting')}"
        if nocov:  # both barrels of scatter at once
            had = {S.COV_PARTIAL: "his partial cover", S.COV_FULL: "his full cover"}
            out += f"; {had.get(cover, 'cover')} does not count"
        return out

    def rein_hand(self, i) -> bool:
        """Does fighter i fire a long gun one-handed for the reins: in the saddle, under
        mounted_long_gun 'one_hand' (the engine's ``_one_handed``)?"""
        return self.f[i].mounted and self.rules.mounted_long_gun == "one_hand" and \
            not self.has(i, "ride_like_rooster")  # (hands-free riding: wm-9)

    def one_hand_why(self, i, flags=0) -> str:
        """Why fighter i's long gun is fired one-handed (MOD_ONE_ARM), to follow 'long gun fired
        one-handed': ' as one of two guns at once' (his choice: SH_ONE_HAND), ', an arm
        locked', ' from the saddle, a hand on the reins', or both."""
        if flags & S.SH_ONE_HAND:
            return " as one of two guns at once"
        if self.holds_lance(i):  # (with an arm locked or the reins too he has no hand)
            return ", his other hand holding his lance"
        if not self.rein_hand(i):
            return ", an arm locked"
        return " from the saddle, an arm locked" if self.f[i].arms else \
            " from the saddle, a hand on the reins"

    def horse_cover(self, i, t, cover) -> bool:
        """Is his own war horse lying down (Ev.LIE_DOWN) what gives target t the logged partial
        ``cover`` against i (the line of fire alone gives none)?"""
        if cover != S.COV_PARTIAL or t not in self.horses_lying:
            return False
        vis, pieces, smoke, behind = line_of_sight(self.table, self.f[i].pos, self.f[t].pos)
        return vis and not behind and pieces == 0 and smoke == 0

    def water_cover(self, i, t, cover) -> str:
        """Where target t stands pinned in water ('the stream') when that is what gives him the
        logged ``cover`` (pinned_water_cover: the line of fire alone gives less), else ''."""
        tf, r = self.f[t], self.rules
        d = self.depth(*tf.pos)
        if not tf.pinned or d < 0 or cover != r.pinned_water_cover[d]:
            return ""
        vis, pieces, smoke, behind = line_of_sight(self.table, self.f[i].pos, tf.pos)
        geo = S.COV_FULL if behind else S.COV_PARTIAL if pieces > 0 or smoke > 0 else S.COV_NONE
        return self.ground(*tf.pos) if vis and geo < cover else ""

    # ---------------------------------------------------------------- double barrels, shells

    def pair_told(self):
        """The second barrel of the pair being told has been fired (a SHOT or POINT_SHOT)."""
        if self.pair is not None:
            self.pair["second"] = True

    def close_pair(self):
        """The end of both barrels fired one after the other: a second barrel the engine fired
        at nothing (no enemy near where the first struck, and that point out of range or a
        score the dice cannot make) goes wide."""
        p = self.pair
        if p is None:
            return
        self.pair = None
        if p["second"]:
            return
        f, w = self.f[p["f"]], self.weapon(p["row"])
        x, y = p["point"]
        far = math.hypot(f.pos[0] - x, f.pos[1] - y) > w["long_in"]
        why = "out of range" if far else "a score the dice cannot make"
        self.say(f"  The second barrel goes wide: no enemy within "
                 f"{self.rules.double_second_within_in}\" of where the first struck, and that "
                 f"point is {why}.")

    def point_shot(self, i, x10, y10, need, d, hit):
        """The second barrel of a pair fired at the bare point where the first struck."""
        p = self.pair
        f = self.f[i]
        row = p["row"] if p is not None else next(r for r in f.slots if r >= 0 and
                                                   self.weapon(r)["flags"] & S.FL_DOUBLE)
        flags = (p["flags"] if p is not None else S.SH_PAIR) & (S.SH_SNAP | S.SH_PAIR)
        self.pair_told()
        x, y = x10 / 10, y10 / 10
        dist = math.hypot(f.pos[0] - x, f.pos[1] - y)
        # the point is logged to 0.1": at a range band's edge either side; the shooter's own
        # modifiers (marksman, hip shooting, one arm, a telescopic sight's band) are not
        # logged: the first that adds up
        f_ = self.f[i]
        for own in _OWN_MODS:
            if (own & S.MOD_HIP and not flags & S.SH_SNAP) or (own & S.MOD_ONE_ARM and not (
                    (f_.arms or self.rein_hand(i) or self.holds_lance(i)) and
                    self.weapon(row)["kind"] == S.KIND_LONG_GUN)) or (
                    own & S.MOD_MARKSMAN and self.rosters is not None and
                    not self.has(i, "marksman")) or (own & S.MOD_SCOPE and row != f_.scope):
                continue
            for d_in in (dist, dist + 0.1, dist - 0.1):
                needs = self.to_hit(i, -1, row, need, 0, flags, S.COV_NONE, own, d_in)
                if " - BS " in needs:  # its breakdown adds up
                    break
            if " - BS " in needs:
                break
        res = "hit" if hit else "miss"
        if need > 6 and d == 6:
            res += " on the second die"
        if hit and not self.weapon(row)["flags"] & S.FL_TEMPLATE:
            res += ", but a manstopper shell striking bare ground harms no one"
        self.say(f"  No enemy within {self.rules.double_second_within_in}\" of where the first "
                 f"struck: the second barrel goes at that point itself, ({x:g},{y:g}), "
                 f"{dist:.0f}\" away: {needs}, rolls {d}: {res}.")
        self.strike = {"f": i, "t": -1, "hit": bool(hit)}

    def blast(self, i, cx, cy, moved, deg, dice, n, row, sticks=0, dud=0):
        """A scatter template of fighter i's shell: where it went down (on the target or point
        struck, or where a miss scattered to) and who is under it (the BLAST_HIT events that
        follow, each told by ``blast_hit``); a bundle of ``sticks`` sticks of dynamite's blast
        (or a dud) told by ``dyn_blast``."""
        self.cur_shot = {"f": i, "t": -1, "row": row, "extra": 0}
        self.blast_dice = dice
        self.blast_sticks = sticks
        if sticks:
            self.dyn_blast(i, cx, cy, moved, deg, sticks, dud)
            return
        st = self.strike if self.strike is not None and self.strike["f"] == i else None
        tgt = st["t"] if st is not None else -1
        under = self._under(i)
        at = f"({cx / 10:g},{cy / 10:g})"
        self.why("template")
        if deg < 0:
            on = self.lab(tgt) if tgt >= 0 else "that point"
            head = f"  The shell's spread centres on {on} at {at}"
        elif moved:
            head = (f"  The shell misses and scatters {moved / 10:g}\" "
                    f"{_compass(math.cos(math.radians(deg)), math.sin(math.radians(deg)))}"
                    f"{self.why('scatter')}, to {at}")
        else:
            head = (f"  The shell misses, but the scatter die gives no distance"
                    f"{self.why('scatter')}: it lands where it was aimed, at {at}")
        skip = deg < 0 and dice == 1 and tgt >= 0  # the target took the shot's own hit
        if not under:
            tail = f"{',' if deg < 0 else ':'} nobody {'else ' if skip else ''}is under it"
        else:
            names = [self.lab(c) for c in under]
            who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            tail = (f" and also catches {who}" if skip else f", catching {who}" if deg < 0 else
                    f": the spread lands on {who}")
            if dice > 1:
                tail += f", a D{dice} of hits each"
        if self.pair is not None and self.pair["f"] == i and not self.pair["second"]:
            self.pair["point"] = (cx / 10, cy / 10)  # where the first struck, for the second
        self.say(head + tail + ".")

    def blast_hit(self, c, a, hits, dist10):
        """Fighter c under a's template: how far from its centre and how many hits; a friend
        hit by his own side's shell said as such; hits that find him already out of action
        (the engine stops dealing them) said too."""
        me, firer = self.lab(c), self.lab(a)
        where = "at its centre" if dist10 == 0 else f"{dist10 / 10:g}\" from its centre"
        dice = f" (a D{self.blast_dice})" if self.blast_dice > 1 else ""
        what = "dynamite" if self.blast_sticks else "shell"
        own = ""
        if c == a:
            own = f": his own {what}"
        elif self.f[c].side == self.f[a].side:
            own = f": a friend hit by his own side's {what} ({firer}'s)"
        dealt = 0
        for j in range(self.i + 1, len(self.ev)):
            k = int(self.ev[j, 2])
            if k not in _HIT_CHAIN:
                break
            dealt += int(self.ev[j, 1]) == c and (k == Ev.WOUND and int(self.ev[j, 3]) >= 0 or
                                                  k == Ev.HORSE or (
                k == Ev.SAVE and int(self.ev[j, 6]) == 1))  # a hit he avoided came to him
        rest = ""
        if dealt < hits:
            n = hits - dealt
            rest = (f"; he is out of action after {_plural(dealt, 'hit')}, so the other {n} "
                    f"{'is' if n == 1 else 'are'} wasted")
        self.say(f"  {me}, {where}, takes {_plural(hits, 'hit')}{dice}{own}{rest}.")
        g = self.grp
        if self.fast and g is not None and self.phase == "shoot" and \
                a not in g["hit"].setdefault(c, []):
            g["hit"][c].append(a)

    # ---------------------------------------------------------------- dynamite (wm-10)

    def explosive(self, i: int, k: int) -> bool:
        """Is fighter i's slot k dynamite?"""
        s = self.f[i].slots
        return 0 <= k < len(s) and s[k] >= 0 and self.weapon(s[k])["kind"] == S.KIND_EXPLOSIVE

    def dyn_slot(self, i: int) -> int:
        """Fighter i's dynamite slot (every stick of his in one), -1 none."""
        return next((k for k in range(len(self.f[i].slots)) if self.explosive(i, k)), -1)

    @staticmethod
    def bundle_words(n: int) -> str:
        """'a bundle of 3 sticks of dynamite', 'a stick of dynamite' (one), or 'dynamite'."""
        return ("dynamite" if n <= 0 else "a stick of dynamite" if n == 1 else
                f"a bundle of {n} sticks of dynamite")

    def thrown_sticks(self, i: int) -> int:
        """The sticks of the bundle fighter i throws now: its BLAST's (next), else the lit
        sticks the narrator holds for him."""
        if self.i + 1 < len(self.ev):
            nxt = self.ev[self.i + 1]
            if int(nxt[2]) == Ev.BLAST and int(nxt[1]) == i and int(nxt[10]) > 0:
                return int(nxt[10])
        k = self.dyn_slot(i)
        return self.f[i].loaded[k] if k >= 0 else 0

    def light_how(self, i: int, cat: int) -> str:
        """What fighter i did, as his lighting roll reads it: 'standing still', 'on the move'
        (the band before heavy rain moved it up), 'in the saddle', with ', in heavy rain'."""
        f, r = self.f[i], self.rules
        base = cat - (1 if r.heavy_rain and cat != S.CAT_NONE else 0)
        how = ("in the saddle" if f.mounted else "standing still" if base == S.CAT_AUTO else
               "on the move" if base == S.CAT_ROLL else
               f"after what he did this {self.turn_word}")
        return how + (", in heavy rain" if r.heavy_rain else "")

    def light_need(self, i: int, need: int) -> str:
        """'needs 4+ (7 - BS 3)': the BS test of a lighting roll, its breakdown (his BS and own
        modifiers, ``own_mods``) when it adds up to the logged need."""
        r, f = self.rules, self.f[i]
        score, note = self.need_words(need)
        mods = self.own_mods(i)
        bd = ""
        if r.needed_base - f.bs - sum(v for v, _ in mods) == need:
            for _, name in mods:
                self.why("sure_footed" if name.startswith("sure") else "untangle")
            bd = f"{r.needed_base} - BS {f.bs}" + "".join(f"; {v:+d} {name}" for v, name in mods)
        why = "; ".join(x for x in (bd, note) if x)
        return f"needs {score}" + (f" ({why})" if why else "")

    def light(self, i, k, cat, ok, die, n, left, in_throw, need=0):
        """Fighter i lights a bundle of slot k's dynamite (Ev.LIGHT): at the end of his turn
        (his reloading action), or as part of a throw (``in_throw``: light_takes_turn off, in
        the shooting phase; failed, he throws nothing). Cannot (category none), no roll (light_roll
        'category', the automatic band), or a BS test of ``need`` with its die; lit, ``n``
        sticks in his hand; ``left`` unlit after."""
        f = self.f[i]
        me = self.lab(i)
        lead = ""
        if in_throw:  # the throw's shot: the shooting phase, or overwatch in the enemy's turn
            nxt = self.ev[self.i + 1] if self.i + 1 < len(self.ev) else None
            if nxt is not None and int(nxt[2]) == Ev.SHOT and int(nxt[1]) == i:
                flags, t = int(nxt[9]), int(nxt[3])
            else:
                t = -1
                ow = f.act == Act.OVERWATCH if self.fast else f.side != self.active
                flags = S.SH_OVERWATCH if ow else 0
            self._context(i, t, flags)
            self.fire_back(i)
            f.fired = True
            lead = self._lead(i, t, flags) if t >= 0 else ""
        else:
            self.recovery_header()
            self.turn_notes["reload"].pop(i, None)
        if 0 <= k < len(f.slots):
            f.sticks[k] = left
            f.loaded[k] = n if ok else 0
        rule = self.why("light")
        unlit = f"{_plural(left, 'stick')} left unlit" if left else "none left unlit"
        if cat == S.CAT_NONE:
            why = ("in the saddle on a moving horse" if f.mounted else
                   f"after what he did this {self.turn_word}")
            if self.rules.heavy_rain:
                why += ", in heavy rain"
            throw = ", so he throws nothing" if in_throw else ""
            self.say(f"{lead}{me} cannot light his dynamite{rule}: not {why}{throw} "
                     f"({_plural(left, 'stick')} unlit).")
            return
        how = self.light_how(i, cat)
        roll = ("no roll needed" if die == 0 else
                f"a BS test{self.roll_mods(i)} {self.light_need(i, need)}, rolls {die}")
        if ok:
            then = ("and throws it at once" if in_throw else
                    f"its fuse burning, he must throw it next {self.turn_word}")
            self.say(f"{lead}{me} lights {self.bundle_words(n)}{rule}: {how}, {roll}: lit, "
                     f"{then}; {unlit}.")
        else:
            throw = ", and he throws nothing" if in_throw else ""
            self.say(f"{lead}{me} tries to light his dynamite{rule}: {how}, {roll}: the fuse does "
                     f"not catch{throw}; nothing is lost ({_plural(left, 'stick')} unlit).")

    def fuse(self, i, sticks, off):
        """The fuse of the bundle fighter i lit at the end of his side's turn before this one
        and has not thrown (Ev.FUSE): it burns down (``off``: its BLAST follows, told by
        ``dyn_blast``) or, under unthrown_fuse 'snuffed', is pinched out, the sticks unlit."""
        self.recovery_header()
        f = self.f[i]
        k = self.dyn_slot(i)
        if k >= 0:
            f.loaded[k] = 0
            if not off:
                f.sticks[k] += sticks
        me = self.lab(i)
        state = (", out of action," if f.state == OUT else ", down," if f.state == DOWN else
                 ", pinned," if f.pinned else "")
        head = (f"{me}{state} has not thrown the {self.bundle_words(sticks).split(' ', 1)[1]} he "
                f"lit last {self.turn_word}{self.why('fuse')}")
        if off:
            self.fuse_at = (i, f.state)
            where = ("where he fell" if f.state == OUT else "where he lies" if f.state == DOWN
                     else "in his hand")
            self.say(f"{head}: its fuse burns down {where}.")
        else:
            unlit = f.sticks[k] if k >= 0 else sticks
            self.say(f"{head}: its fuse is pinched out, and the sticks are unlit again "
                     f"({_plural(unlit, 'stick')} unlit now).")

    def _under(self, i):
        """The fighters under fighter i's template just placed: the BLAST_HIT rows of his that
        follow this event, before the first event outside the hit's chain."""
        under = []
        for j in range(self.i + 1, len(self.ev)):
            k = int(self.ev[j, 2])
            if k == Ev.BLAST_HIT and int(self.ev[j, 3]) == i:
                under.append(int(self.ev[j, 1]))
            elif k not in _HIT_CHAIN:
                break
        return under

    def dyn_blast(self, i, cx, cy, moved, deg, sticks, dud):
        """A bundle of fighter i's dynamite goes off (Ev.BLAST h): on the target its throw hit,
        where a miss scattered it, or where its holder is when its fuse burnt down (FUSE
        before it); a dud (i) never goes off. Says its reach and who is under it (the BLAST_HIT
        rows that follow, each told by ``blast_hit``)."""
        fuse, self.fuse_at = self.fuse_at, None
        under = self._under(i)
        at = f"({cx / 10:g},{cy / 10:g})"
        st = self.strike if self.strike is not None and self.strike["f"] == i else None
        tgt = st["t"] if st is not None else -1
        it = "the stick" if sticks == 1 else f"the bundle of {sticks} sticks"
        if dud:
            self.say(f"  {it[0].upper()}{it[1:]} misses, and the scatter die shows its misfire "
                     f"face: a dud, it never goes off (thrown at {at}).")
            return
        rules = self.rules
        reach = rules.dynamite_radius_in[min(sticks, 6) - 1] + rules.template_base_in
        boom = f"goes off{self.why('blast')}"
        it = it[0].upper() + it[1:]
        if fuse is not None and fuse[0] == i:
            head = f"  {it} {boom} at {at}"
        elif deg < 0:
            on = self.lab(tgt) if tgt >= 0 else "the target"
            head = f"  {it} lands on {on} and {boom} at {at}"
        elif moved:
            way = _compass(math.cos(math.radians(deg)), math.sin(math.radians(deg)))
            head = f"  {it} misses and scatters {moved / 10:g}\" {way}, to {at}, and {boom} there"
        else:
            head = (f"  {it} misses, but the scatter die gives no distance: it {boom} where it "
                    f"was aimed, at {at}")
        names = [self.lab(c) for c in under]
        who = ("nobody is under the blast" if not names else "the blast catches " +
               (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]))
        self.say(f"{head}, reaching {reach:g}\": {who}.")

    def dynamite_count(self, side) -> str:
        """'; its dynamite: 3 bundles lit (1 lighting roll failed), 2 thrown (1 a dud), 1 gone off
        unthrown, dealing 4 hits, 1 of them on its own fighters', or '' (no dynamite lit, tried
        or thrown by this side): the side records' dynamite columns."""
        side_of = {i: f.side for i, f in self.f.items()}
        lit = fails = thrown = duds = fuses = hits = own = 0
        sticks = 0  # the blast the BLAST_HIT rows belong to: its sticks (0 a shell)
        for e in self.ev:
            kind, i = int(e[2]), int(e[1])
            if kind == Ev.BLAST:
                sticks = int(e[10])
            if side_of.get(i) != side and kind != Ev.BLAST_HIT:
                continue
            if kind == Ev.LIGHT:
                lit += int(e[5])
                fails += int(e[5]) == 0 and int(e[4]) != S.CAT_NONE
            elif kind == Ev.SHOT and self.weapon(int(e[4]))["kind"] == S.KIND_EXPLOSIVE:
                thrown += 1
            elif kind == Ev.BLAST:
                duds += sticks > 0 and int(e[11]) == 1
            elif kind == Ev.FUSE:
                fuses += 1
            elif kind == Ev.BLAST_HIT and sticks and side_of.get(int(e[3])) == side:
                hits += int(e[4])
                own += int(e[4]) * (side_of.get(i) == side)
        if not (lit or fails or thrown or fuses):
            return ""
        parts = [_plural(lit, "bundle") + " lit" + (
            f" ({_plural(fails, 'lighting roll')} failed)" if fails else "")]
        if thrown:
            parts.append(f"{thrown} thrown" + (f" ({duds} a dud{'' if duds == 1 else 's'})"
                                               if duds else ""))
        blew = self.rules.unthrown_fuse == "explodes"
        if fuses:
            parts.append(f"{fuses} " + ("gone off unthrown" if blew else "snuffed out unthrown"))
        if thrown > duds or (fuses and blew):  # a blast went off
            parts.append(f"dealing {_plural(hits, 'hit')}"
                         + (f", {own} of them on its own fighters" if own else ""))
        return f"; its dynamite: {', '.join(parts)}"

    def scope_count(self, side) -> str:
        """'; 3 of its shots were at short range only through a telescopic sight', or '' (none):
        the side records' scope_shots (the SHOTs with MOD_SCOPE of its fighters)."""
        ev = self.ev
        n = sum(1 for e in ev[ev[:, 2] == Ev.SHOT]
                if e[11] & S.MOD_SCOPE and self.f[int(e[1])].side == side)
        if not n:
            return ""
        return (f"; {n} of its shots were" if n > 1 else "; 1 of its shots was") + \
            " at short range only through a telescopic sight"

    def blade_count(self, side) -> str:
        """'; its sabres parried 3 rounds (1 of them turned); its lances' charges were behind 2
        blows', or '' (no parry, no lance's charge blow): the side records' parries,
        parries_turned and lance_charge_blows."""
        ev = self.ev
        mine = [e for e in ev[ev[:, 2] == Ev.PARRY] if self.f[int(e[1])].side == side]
        txt = ""
        if mine:
            turned = sum(int(e[8]) for e in mine)
            txt += (f"; its sabres parried {_plural(len(mine), 'round')} ("
                    + (f"{turned} of them turned)" if turned else "none turned)"))
        if self.lance_blows[side]:
            txt += f"; its lances' charges were behind {_plural(self.lance_blows[side], 'blow')}"
        return txt

    def shells(self, i, k, row, back):
        """A reload that changes the shell type (its RELOAD follows)."""
        self.recovery_header()
        f = self.f[i]
        old = f.slots[k] if k < len(f.slots) else -1
        if k < len(f.slots):
            f.slots[k] = row
            f.loaded[k] = 0
            guns = [r for r in f.slots if r >= 0]
            f.tracked = f.tracked and len(set(guns)) == len(guns)
        was = f"{shell_name(old)} " if old >= 0 and shell_name(old) else ""
        if lemat_part(row) == "barrel":  # a Le Mat's one barrel
            out = ("the barrel is empty" if back == 0 else
                   f"the {was}shell in the barrel goes back in its box" if back == 1 else
                   f"the {back} {was}shells in the barrel go back in their box")
            self.say(f"{self.lab(i)} changes the shells of his {gun_name(row)}"
                     f"{self.why('shells')}: {out}, and he loads {shell_name(row)} shells "
                     "instead.")
            if row not in self.described:
                self.weapon_line(row)
            return
        if back == 0:
            out = "his barrels are empty"
        elif back == 1:
            out = f"the {was}shell left in the barrels goes back in its box"
        else:
            out = f"the {back} {was}shells in the barrels go back in their box"
        self.say(f"{self.lab(i)} changes the shells of his {gun_name(row)}{self.why('shells')}: "
                 f"{out}, and he loads {shell_name(row) or weapon_name(row)} shells instead.")
        if row not in self.described:
            self.weapon_line(row)

    def pinned(self, t, by):
        f = self.f[t]
        f.pinned = True
        aim = self.pending_aim
        tail = ""
        if f.duck:  # a real pin now: his escape test is the I test
            tail = ", a hit's pin in place of his duck back" if by >= 0 else \
                ", in place of his duck back"
        f.duck = 0
        if aim is not None and aim[0] == t:
            tail += f", losing his aim on {self.lab(aim[1])}"
            self.pending_aim = None
        if by < 0 and self.falling is not None and self.falling["f"] == t:
            ind = "  " if self.melee_ctx else "    "
            what = self.fall_hit(t)
            self.say(f"{ind}{what[0].upper()}{what[1:]} pins {self.lab(t)}{tail}"
                     f"{self.why('pinned')}.")
        elif by < 0:
            self.say(f"  The kick pins {self.lab(t)}{tail}{self.why('pinned')}.")
        else:
            self.say(f"    {self.lab(t)} is pinned{tail}{self.why('pinned')}.")

    def cover_place(self, a, t, cover) -> str:
        """Where target t's cover from a's shot is (the shared sight's reasons for it):
        'inside the building', 'behind the building' or 'behind the wall' (full cover: his
        building, or a blocking cell next to him towards a), 'in low cover' or 'behind low
        cover' (partial: a fence, hedge, low wall or trees he stands in or that lie between);
        'behind cover' when the positions do not show it."""
        tb = self.table
        (x0, y0), (x1, y1) = self.f[a].pos, self.f[t].pos
        h, w = tb.terrain.shape
        own_a, own_b = int(tb.building[y0, x0]), int(tb.building[y1, x1])
        if cover == S.COV_FULL:
            if own_b >= 0 and own_b != own_a:
                return "inside the building"
            vx, vy = x0 - x1, y0 - y1
            vv = vx * vx + vy * vy
            kinds = set()
            for ddy in (-1, 0, 1):
                for ddx in (-1, 0, 1):
                    cx, cy = x1 + ddx, y1 + ddy
                    if not (ddx or ddy) or not (0 <= cx < w and 0 <= cy < h) or \
                            int(tb.terrain[cy, cx]) != BLOCKING or \
                            (own_a >= 0 and int(tb.building[cy, cx]) == own_a):
                        continue
                    dot = ddx * vx + ddy * vy
                    if dot > 0 and 2 * dot * dot >= (ddx * ddx + ddy * ddy) * vv:
                        kinds.add("building" if int(tb.building[cy, cx]) >= 0 else "wall")
            return f"behind the {kinds.pop()}" if len(kinds) == 1 else \
                "behind a wall" if kinds else "behind cover"
        if cover == S.COV_PARTIAL:
            return "in low cover" if is_low(int(tb.terrain[y1, x1])) else \
                "behind low cover"
        return "behind cover"

    def duck(self, t, a, cover, need0, d):
        """A's shot missed t, and its die ``d`` would have hit but for t's ``cover`` (the score
        ``need0`` without it): t ducks back, pinned without a hit (Ev.DUCK, duck_backs). A
        mover's move ends where he is; his aim is lost (told here, as a pin's)."""
        f = self.f[t]
        f.pinned, f.duck = True, cover
        f.duck_place = self.cover_place(a, t, cover)
        level = COVER[cover] if 0 < cover < len(COVER) else "no"
        tail = ""
        aim = self.pending_aim
        if aim is not None and aim[0] == t:
            tail += f", losing his aim on {self.lab(aim[1])}"
            self.pending_aim = None
        act = self.act
        if t == self.mover and self.phase == "move" and act is not None and act["f"] == t:
            tail += (f", and his move ends at {_xy(f.pos)}" if act["moved"] else
                     f", and his move ends before it begins, at {_xy(f.pos)}")
        g = self.grp
        if self.fast and g is not None and self.phase == "shoot" and \
                a not in g["hit"].setdefault(t, []):
            g["hit"][t].append(a)  # made to duck back by a shot of his own score
        self.say(f"    {self.lab(t)} ducks back {f.duck_place} ({level} cover)"
                 f"{self.why('duck_back')}: the {d} would have hit but for the cover "
                 f"({need0}+ without it); he is pinned until he steadies his nerve{tail}.")

    def duck_test(self, i, ok, total, ld):
        """Ducked-back fighter i's escape test (Ev.UNPIN c=1): a leadership test, ``total`` on
        the ld_dice against ``ld``, his Ld with the cover's bonus; no friend needed."""
        f = self.f[i]
        me, r = self.lab(i), self.rules
        if f.duck in (S.COV_PARTIAL, S.COV_FULL):
            bonus = r.duck_back_ld_bonus[0 if f.duck == S.COV_PARTIAL else 1]
            base = f"{self.ld_words(i, ld - bonus)} {bonus:+d} for {COVER[f.duck]} cover"
            where = f.duck_place
        else:  # no duck back seen before it: the Ld he tested on, as logged
            base, where = f"Ld {f.ld} {ld - f.ld:+d} for the cover", "behind cover"
        res = "passed, he is back in the fight"
        if ok:
            f.pinned, f.duck = False, 0
        elif self.fast:
            res = "failed, so he loses this activation, and the duck back lifts after it"
        else:
            self.turn_notes["no_act"][i] = f"ducked back {where}"
            res = f"failed, he stays ducked back this {self.turn_word}"
        self.say(f"{me} {'steadies' if ok else 'cannot steady'} his nerve {where}"
                 f"{self.why('duck_back')}: a leadership test (no friend needed), {r.ld_dice}D6 "
                 f"= {total} against Ld {ld} ({base}): {res}.")

    # ---------------------------------------------------------------- stray shots

    def stray(self, c, a, t, d, hit, gap100):
        """a's shot at t missed and flies on past c, a friend of a's within stray_in of the line
        of fire (Ev.STRAY: each such friend in turn from the firer out, ``gap100`` hundredths
        of an inch off the line): his D6 ``d``, clear, or at or under stray_on (``hit``) the
        stray shot strikes him and goes no further. What the hit does to him follows, told as
        a's shot's (its S and damage, a rider's location, a save, the pin, the wound), as a
        template's hit on a friend is; in a fast draw's shooting he counts as hit by a fighter
        of his score (``fire_back``), unless a skill avoids it (``save``)."""
        f = self.f[c]
        me = self.lab(c)
        prev = self.ev[self.i - 1]
        again = int(prev[2]) == Ev.STRAY and int(prev[3]) == a and int(prev[4]) == t
        off = (f"{gap100 / 100:g}\" off the line of fire" if gap100 > 0 else
               "right on the line of fire")
        lying = "lying down, " if f.state == DOWN else ""
        res = f"a {d}: the stray shot strikes {me}" if hit else f"a {d}, clear"
        self.say(f"    {'It' if again else 'The miss'} flies on past {me} ({lying}{off})"
                 f"{self.why('stray')}: {res}.")
        g = self.grp
        if hit and self.fast and g is not None and self.phase == "shoot" and \
                self.cur_shot is not None:
            added = a not in g["hit"].setdefault(c, [])
            if added:
                g["hit"][c].append(a)
            self.cur_shot["added"] = added

    def shells_carried(self) -> bool:
        """Does a fighter carry a gun with scatter shells (a template: no stray shots)?"""
        return any(r >= 0 and self.weapon(r)["flags"] & S.FL_TEMPLATE and
                   self.weapon(r)["kind"] in (S.KIND_HANDGUN, S.KIND_LONG_GUN)
                   for f in self.f.values() for r in f.slots)

    def stray_count(self, side) -> str:
        """'; its misses flew on past its own fighters 3 times (a stray-shot die each) and
        struck 1 of them', or '' (none did): the side records' stray_rolls and stray_hits."""
        ev = self.ev
        mine = [e for e in ev[ev[:, 2] == Ev.STRAY]
                if int(e[3]) in self.f and self.f[int(e[3])].side == side]
        if not mine:
            return ""
        n, hits = len(mine), sum(int(e[6]) != 0 for e in mine)
        if n == 1:
            return ("; its misses flew on past its own fighters once (a stray-shot die)"
                    + (" and struck him" if hits else ", clear"))
        return (f"; its misses flew on past its own fighters {n} times (a stray-shot die each) "
                f"and struck {hits or 'none'}{' of them' if hits else ''}")

    # ---------------------------------------------------------------- nerve (wm-12)

    def ld_words(self, i: int, ld: int) -> str:
        """'Ld 7', or "his leader A1's Ld 8": the Ld fighter i tests on (the engine's ``_ld_of``:
        his own, or a standing leader's not broken within leader_ld_in, when higher)."""
        f = self.f[i]
        if ld == f.ld:
            return f"Ld {ld}"
        for b in sorted(self.f.values(), key=lambda b: b.i):
            if b.i != i and b.side == f.side and b.type == S.FT_LEADER and b.ld == ld and \
                    b.state == STANDING and not b.broken and \
                    dist_in(*f.pos, *b.pos) <= self.rules.leader_ld_in:
                return f"his leader {self.lab(b.i)}'s Ld {ld}"
        return f"his leader's Ld {ld}"

    def seen_by(self, i: int, pos) -> list[int]:
        """The standing enemies of fighter i who see the cell ``pos``."""
        me = self.f[i]
        return [b.i for b in sorted(self.f.values(), key=lambda b: b.i)
                if b.side != me.side and b.state == STANDING and
                line_of_sight(self.table, b.pos, pos)[0]]

    def in_cover(self, pos) -> bool:
        """Is ``pos`` cover for a broken fighter (the engine's ``covered``: inside a building,
        or beside a piece of terrain)?"""
        return bool(covered(self.table.terrain, self.table.building, pos[0], pos[1]))

    def exposure(self, i: int, pos, safe=None) -> str:
        """Where broken fighter i at ``pos`` stands, as a flight or a rally reads it: 'in cover
        and out of every enemy's sight', 'in the open', 'in cover but in sight of B2 and B4',
        'in the open and in sight of B2'; ``safe`` the engine's word on it (Ev.FLEE g), which
        the narrator's own reading never contradicts."""
        seen = self.seen_by(i, pos)
        cov = self.in_cover(pos)
        if safe is None:
            safe = cov and not seen
        if safe:
            return "in cover and out of every enemy's sight"
        labs = [self.lab(b) for b in seen]
        who = (f"{len(labs)} enemies" if len(labs) > 3 else
               ", ".join(labs[:-1]) + " and " + labs[-1] if len(labs) > 1 else "".join(labs))
        if who and cov:
            return f"in cover but in sight of {who}"
        if who:
            return f"in the open and in sight of {who}"
        if not cov:
            return "in the open"
        return "not both in cover and out of every enemy's sight"  # (the engine's word)

    def nerve(self, i, friend, total, ld, ok):
        """Fighter i's nerve test at the end of a phase (Ev.NERVE): ``friend`` a friend who went
        down or out of action near him, ``total`` the dice against ``ld`` (his, or his
        leader's). Failing, he is broken: in hand-to-hand his opponent's one blow is told next
        (its WOUND rows, as a round's), then he breaks away (``end_break``), then his flight
        (Ev.FLEE why 0); pinned (pinned_break_runs off, wm-13) he owes that run until the pin
        lifts (Ev.FLEE why 3 at his first turn free of it)."""
        self.close_burst()
        self.end_activation()
        self.mover = -1
        if self.phase == "shoot":
            self.shooting_done()  # (the shooting phase is over)
        elif self.phase in ("melee", "end"):
            self.melee_to(len(self.f))
        f, fr = self.f[i], self.f.get(friend)
        me = self.lab(i)
        went = "went out of action" if fr is not None and fr.state == OUT else "went down"
        d = f" {dist_in(*f.pos, *fr.pos):.1f}\" from him" if fr is not None else " near him"
        res = "passed, he holds his nerve"
        opp = ""
        if not ok:
            f.broken = True
            res = "failed, he is broken"
            if f.behind >= 0:  # (row 183: the engine's ``_flee`` lets him be)
                res += (f"; riding behind {self.lab(f.behind)}, he holds on and goes where the "
                        "horse goes")
            elif f.pinned and f.eng < 0 and not self.rules.pinned_break_runs:
                f.owes_run = True  # (the engine's FBROKEN 2)
                res += ("; pinned, he may not move: his run for cover waits until the pin "
                        "lifts")
            o = self.f.get(f.eng)
            if o is not None and o.state == STANDING and not self.lying(f.eng):
                opp = (f"; {self.lab(f.eng)} strikes him a blow as he breaks away from the "
                       "fight")
                self.breaking = i
            elif o is not None:
                self.breaking = i  # (he breaks away all the same)
        self.say(f"Nerve test for {me}{self.why('nerve')}: his friend {self.lab(friend)} {went}"
                 f"{d}. {self.rules.ld_dice}D6 = {total} against {self.ld_words(i, ld)}: "
                 f"{res}{opp}.")
        if opp:
            self.melee_ctx = True  # the blow is told as a hand-to-hand round's

    def end_break(self):
        """The blow struck at a fighter breaking in hand-to-hand has been told: still standing,
        he breaks away (the engine's ``_break_away``); whoever fought him fights on with another
        enemy in contact, if any."""
        i, self.breaking = self.breaking, -1
        f = self.f.get(i)
        if f is not None and f.state == STANDING and f.eng >= 0:
            self.break_away(i)

    def break_away(self, i):
        self.f[i].eng = -1
        for b in self.f.values():
            if b.eng == i:
                self.reengage(b.i)

    def fought(self, i) -> int:
        """Whom fighter i fought in his latest combat (Ev.MELEE) this gang turn, or -1."""
        for j in range(self.i - 1, -1, -1):
            e = self.ev[j]
            if int(e[2]) == Ev.TURN:
                break
            if int(e[2]) == Ev.MELEE and i in (int(e[1]), int(e[3])):
                return int(e[3]) if int(e[1]) == i else int(e[1])
        return -1

    def mount(self, i, x, y, cost):
        """Fighter i mounts his standing horse at (x, y) (Ev.MOUNT, wm-18)."""
        self.end_activation()
        f = self.f[i]
        f.mounted, f.hpin = True, False
        walked = f" after walking {cost / 2:g}\"" if cost else ""
        self.say(f"{self.lab(i)} mounts his horse again at {_xy((x, y))}{walked}"
                 f"{self.why('mount')}: no more movement this {self.turn_word}; he rides at "
                 f"M {self.rules.horse_profile[0]} from now on.")

    def hit_run(self, i, t, sa, sb, ha, hb, cb_a=0, cb_b=0, over=0):
        """Rider i's hit-and-run reaches t (Ev.HIT_RUN, wm-19): one attack each, at once; the
        blows' events follow as a hand-to-hand round's, then his ride on (its steps are told
        on a line of their own). A sabre's parry of the strike (Ev.PARRY, logged before it) is
        told in its line, as a round's is in the combat's line."""
        self.close_burst()
        a = self.act
        if a is not None and a["f"] == i:
            a["struck"] = True
        parry, self.parry = self.parry, None
        if parry is not None and {parry["p"], parry["o"]} != {i, t}:
            self.parry_line(parry)  # (not this pair's: told on its own; never seen)
            parry = None
        pen = self.rules.obstacle_penalty if over else 0
        ob = f", {pen:+d} for fighting over low cover" if pen else ""
        hate = [f"{self.lab(x)} hating {self.lab(y)} (+{self.rules.hatred_combat_bonus})"
                for x, y in ((i, t), (t, i)) if self.f[x].hates == y]
        if self.rules.melee_reading == "ws_roll":
            if parry is not None:  # ('ws_roll' tests no combat score, so it logs no parry)
                self.parry_line(parry)
                parry = None
            txt = (f"  {self.lab(i)} strikes at {self.lab(t)} as he passes: one WS test each, "
                   f"{self.lab(i)} ({self.melee_ws(i)}) against {self.lab(t)} "
                   f"({self.melee_ws(t)}): {sa} and {sb} hits")
        else:
            txt = (f"  {self.lab(i)} strikes at {self.lab(t)} as he passes: one attack each, "
                   f"{self.lab(i)} ({self.melee_ws(i)}, {cb_a - pen:+d} for the charge{ob}) "
                   f"against {self.lab(t)} ({self.melee_ws(t)}"
                   + (f", {cb_b:+d}" if cb_b else "") + ")"
                   + (f", {' and '.join(hate)}" if hate else "")
                   + (self.parry_words(parry, i, sa, sb, ha, hb) if parry is not None else "")
                   + f": scores {sa} and {sb}")
        if sa == sb and self.rules.melee_reading != "ws_roll":
            txt += (", a tie won on initiative" if ha or hb else ", a tie with equal I: no "
                    "blows")
        for x, hits in ((i, ha), (t, hb)):
            if hits:
                txt += f"; {self.lab(x)} strikes {_plural(hits, 'blow')}"
                if x == i:
                    txt += self.hit_run_lance(i, t, hits)
        if not ha and not hb and sa != sb:
            txt += "; no blows land"
        rule = self.why("melee")
        if parry is not None:
            self.why("parry")
        self.say(f"{txt}{rule}.")
        self.melee_ctx = True

    def hit_run_lance(self, i, t, hits) -> str:
        """", his lance's charge behind it (S5)": rider i's hit-and-run blows on t carry his
        lance's charge strength (the engine sets his charge for that blow: ``_hand_bonus``),
        those not struck with a gun; counted for the closing line (lance_charge_blows)."""
        f = self.f[i]
        if f.lance_s <= f.hand_s or f.arms == S.ARM_LEFT | S.ARM_RIGHT:
            return ""
        blows, guns = self.round_blows(i)
        if blows <= guns:
            return ""
        self.lance_blows[f.side] += blows - guns
        which = "those not struck with a gun" if guns else "it" if hits == 1 else "them"
        return (f", his lance's charge behind {which} "
                f"({self.blow_strength(i, t, f.s + f.lance_s)}){self.why('lance')}")

    def follow_up(self, i, x0, y0, x1, y1, forced, cost):
        """Fighter i has won his fight and follows up at the end of the hand-to-hand phase
        (Ev.FOLLOW_UP, wm-16): ``forced`` a mounted charger's momentum; (x1, y1) his own cell
        when he stays; ``cost`` the half-inches of reach spent."""
        self.close_burst()
        self.melee_to(len(self.f))
        self.melee_header()
        f, r = self.f[i], self.rules
        me, start, end = self.lab(i), (x0, y0), (x1, y1)
        foe = self.fought(i)
        won = f"{me} has won his fight" + (f" with {self.lab(foe)}" if foe >= 0 else "")
        rule = self.why("follow_up")
        f.pos = end
        if forced:
            where = (f"from {_xy(start)} to {_xy(end)}" if end != start else
                     f"but has no room to go on from {_xy(start)}")
            self.say(f"{won} on the charge: his horse's momentum carries him on{rule} (he must "
                     f"follow up {r.mounted_follow_up_in}\"), {where}.")
        elif end == start:
            self.say(f"{won}; he may follow up {r.follow_up_in}\"{rule}, and stays at "
                     f"{_xy(start)}.")
        else:
            self.say(f"{won} and follows up{rule} {cost / 2:g}\", from {_xy(start)} to "
                     f"{_xy(end)}.")

    def flee(self, i, x0, y0, x1, y1, inches, why, safe):
        """Broken fighter i runs for cover (Ev.FLEE): ``why`` 0 he has just broken (under his
        nerve test), 1 at his turn, out of cover or in sight (in place of his action), 2
        charged, he breaks away at the end of the hand-to-hand (wm-13: also one who fought
        there and is no longer engaged, his opponent out of action), 3 the run he owed since
        he broke pinned, at his first turn free of the pin (in place of his action, wm-13);
        ``safe`` he ends in cover and out of every standing enemy's sight."""
        self.close_burst()
        self.end_activation()
        self.mover = -1
        f, r = self.f[i], self.rules
        me, start, end = self.lab(i), (x0, y0), (x1, y1)
        rolled = f"{r.broken_flee_dice}D6 = {inches}\""
        opp = f.eng
        if why == 2:
            self.melee_to(len(self.f))
            self.melee_header()
        if f.eng >= 0:
            self.break_away(i)
        was = self.exposure(i, start) if why == 1 else ""
        f.pos = end
        f.owes_run = False
        if why == 1:
            self.phase = "move"  # (in place of his action)
            self.turn_notes.setdefault("no_act", {})[i] = (
                "broken; he found no better cover to run to" if end == start else
                "broken; he ran for cover instead")
        elif why == 3:
            self.phase = "move"  # (in place of his action)
            self.turn_notes.setdefault("no_act", {})[i] = (
                "broken; his pin lifted, he made the run for cover he owed" if end != start else
                "broken; his pin lifted, he had no need to run" if safe else
                "broken; his pin lifted, he found no better cover to run to")
        now = self.exposure(i, end, bool(safe))
        rule = self.why("flee")
        near = [self.lab(b.i) for b in sorted(self.f.values(), key=lambda b: b.i)
                if b.side != f.side and b.state != OUT and self.adjacent(i, b.i)]
        touch = f"; he is still in base contact with {' and '.join(near)}, no longer fighting" \
            if near and why != 1 else ""
        if why == 1 and end == start:
            self.say(f"{me}, broken, at {_xy(start)}, is {was}; he would run for cover again"
                     f"{rule} ({rolled}), but no place within reach is better: he stays there.")
            return
        if why == 1:
            self.say(f"{me}, broken, at {_xy(start)}, is {was}: he runs for cover again{rule} in "
                     f"place of his action, {rolled}, to {_xy(end)}, where he is {now}.")
            return
        if why == 3:
            head = f"His pin lifted, broken {me}"
            if end == start and safe:
                self.say(f"{head} owes a run for cover{rule}, but has no need of it ({rolled} "
                         f"rolled): where he stands, at {_xy(start)}, he is already {now}.")
            elif end == start:
                self.say(f"{head} would make the run for cover he owed{rule} ({rolled}), but no "
                         f"place within reach is better than where he stands, at {_xy(start)}, "
                         f"{now}.")
            else:
                self.say(f"{head} makes the run for cover he owed{rule}, in place of his "
                         f"action: {rolled}, from {_xy(start)} to {_xy(end)}, where he is "
                         f"{now}.")
            return
        if why == 2:
            won = self.f.get(self.fought(i)) if opp < 0 else None
            head = (f"{me}, broken, breaks away from {self.lab(opp)}" if opp >= 0 else
                    f"{me}, broken, with {self.lab(won.i)} out of action, leaves the fight all "
                    "the same" if won is not None and won.state == OUT else
                    f"{me}, broken, with {self.lab(won.i)} down, leaves the fight all the same"
                    if won is not None and won.state == DOWN else
                    f"{me}, broken, breaks away from the fight")
            ind = ""
        else:
            head, ind = me, "  "
        if end == start and safe:
            self.say(f"{ind}{head}{'; he' if why == 2 else ''} has no need to run{rule} ({rolled} "
                     f"rolled): where he stands, at {_xy(start)}, he is already {now}.")
        elif end == start:
            self.say(f"{ind}{head}{' and' if why == 2 else ''} would run for cover{rule} "
                     f"({rolled}), but no place within "
                     f"reach is better than where he stands, at {_xy(start)}, {now}{touch}.")
        else:
            self.say(f"{ind}{head}{' and' if why == 2 else ''} runs for cover{rule}: {rolled}, "
                     f"from {_xy(start)} to {_xy(end)}, where he is {now}.")

    def rally(self, i, total, ld, ok):
        """Broken fighter i's rally test in his recovery phase (Ev.RALLY): in cover and out of
        sight, ``total`` on the dice against ``ld``; passed, he is no longer broken."""
        self.recovery_header()
        f = self.f[i]
        res = "passed, he is no longer broken" if ok else "failed, he stays broken"
        if ok and f.owes_run:
            res = "passed, he is no longer broken and no longer owes his run for cover"
        if ok:
            f.broken, f.owes_run = False, False
        self.say(f"Rally test for {self.lab(i)} (broken, in cover and out of every enemy's "
                 f"sight at {_xy(f.pos)}){self.why('rally')}: {self.rules.ld_dice}D6 = {total} "
                 f"against {self.ld_words(i, ld)}: {res}.")

    def nerve_count(self, side) -> str:
        """'; its fighters took 4 nerve tests (2 failed: broken), fled for cover 3 times (1
        staying where he stood) and passed 1 of 2 rally tests', or '' (no nerve test, flight or
        rally test of the side's): the side records' nerve_tests, breaks, flights and rallies
        (the rally tests passed)."""
        ev = self.ev

        def mine(kind):
            return [e for e in ev[ev[:, 2] == kind] if self.f[int(e[1])].side == side]
        tests, flights, rallies = mine(Ev.NERVE), mine(Ev.FLEE), mine(Ev.RALLY)
        if not (tests or flights or rallies):
            return ""
        broke = sum(int(e[6]) == 0 for e in tests)
        parts = [f"took {_plural(len(tests), 'nerve test')}"
                 + (f" ({broke} failed: broken)" if broke else "")]
        if flights:
            stayed = sum(int(e[3]) == int(e[5]) and int(e[4]) == int(e[6]) for e in flights)
            parts.append(f"fled for cover {_plural(len(flights), 'time')}"
                         + (f" ({stayed} staying where he stood)" if stayed else ""))
        if rallies:
            ok = sum(int(e[5]) for e in rallies)
            parts.append(f"passed {ok} of {_plural(len(rallies), 'rally test')}")
        return "; its fighters " + (", ".join(parts[:-1]) + " and " + parts[-1]
                                    if len(parts) > 1 else parts[0])

    def wound(self, t, a, need, d, wounded):
        f = self.f[t]
        ind = "    " if not self.melee_ctx else "  "
        tangle = self.tangle is not None and self.tangle["f"] == t and a < 0
        if tangle:  # the entangled fall's automatic hit: entangle_fall_strength
            s = self.rules.entangle_fall_strength
            if need == 0:
                self.say(f"{ind}The rope's fall cannot wound {self.lab(t)} (S{s} against T{f.t}).")
                return
            dmg, s_txt = 1, f" (the rope's fall, S{s} against T{f.t})"
        elif a < 0:  # a fall's hit (Ev.FALL): fall_strength, one wound
            what = self.fall_hit(t)
            if self.falling is not None and self.falling["f"] == t:
                self.falling["n"] += 1
            s_txt = f" ({what}, S{self.rules.fall_strength} against T{f.t})"
            if need == 0:
                self.say(f"{ind}The fall cannot wound {self.lab(t)} (S{self.rules.fall_strength} "
                         f"against T{f.t}).")
                return
            dmg = 1
        elif self.melee_ctx:
            dmg, s_txt = 1, ""
        else:
            row = self.cur_shot["row"] if self.cur_shot else -1
            w = self.weapon(row) if row >= 0 else {"damage": 1, "strength": 0, "flags": 0}
            dmg = w["damage"]
            s = w["strength"] + (self.f[a].s if w["flags"] & S.FL_USER_STRENGTH else 0)
            if w.get("kind") == S.KIND_EXPLOSIVE:
                s = self.rules.dynamite_strength
            s += self.cur_shot["extra"] if self.cur_shot else 0  # both manstopper barrels
            s_txt = f" (S{s} against T{f.t})"
        if need == 0:
            self.say(f"{ind}{self.lab(a)}'s hit on {self.lab(t)} cannot wound{s_txt}.")
            return
        res = "wounded" if wounded else "no wound"
        line = (f"{ind}To wound {self.lab(t)}{s_txt}: needs {need}+, rolls {d}: {res}"
                f"{self.why('wound') if wounded else ''}")
        if wounded:
            before = f.w
            f.w = max(before - dmg, 0)
            if before - dmg > 0:
                line += f"; {self.lab(t)} loses {_plural(dmg, 'wound')}, {f.w} left"
        self.say(line + ".")

    def injury(self, t):
        """The injury rolls of one wound (consecutive INJURY events): the worst stands. A
        resilient fighter's roll is two dice (the better standing, or under native_injury
        'injury_roll' an out of action on either), a fighter with True Grit reads
        true_grit_faces."""
        rolls = []
        j = self.i
        while j < len(self.ev) and int(self.ev[j, 2]) == Ev.INJURY and int(self.ev[j, 1]) == t:
            e = self.ev[j]
            rolls.append((int(e[3]), int(e[4]), int(e[5]), int(e[6])))
            j += 1
        self.skip_to = j
        f = self.f[t]
        worst = max(c for _, c, _, _ in rolls)
        me = self.lab(t)
        ind = "    " if not self.melee_ctx else "  "
        r = self.rules
        native = self.native[f.side] or _NATIVE.get(r.native_injury, 1)
        grit = any(g for _, _, _, g in rolls)
        faces, natural = [], False  # each roll's result from the table alone; a die's own out

        def face(d, g):
            return (r.true_grit_faces if g else r.injury_faces)[d - 1]

        either = False  # an out of action on one die stood over a better other
        for d1, _, d2, g in rolls:
            f1 = face(d1, g)
            natural |= f1 == S.INJ_OUT
            if d2 <= 0:
                faces.append(f1)
                continue
            f2 = face(d2, g)
            natural |= f2 == S.INJ_OUT
            if native == 1 and S.INJ_OUT in (f1, f2):
                either |= f1 != f2
                faces.append(S.INJ_OUT)
            else:
                faces.append(min(f1, f2))
        two = any(d2 > 0 for _, _, d2, _ in rolls)
        dice = ", ".join(f"{d1} and {d2}" if d2 > 0 else str(d1) for d1, _, d2, _ in rolls)
        notes = []
        if len(rolls) == 1 and (two or grit):  # what each die reads
            d1, _, d2, g = rolls[0]
            notes.append(" and ".join(_INJURY_WORDS[face(d, g)] for d in (d1, d2) if d > 0))
        if two:
            notes.append("resilient" + self.why("resilient") + (
                ", but an out of action on either die stands" if either else
                ": two dice, the better stands" if len(rolls) == 1 else
                ": two dice a roll, the better of each stands"))
        if grit:
            notes.append(f"True Grit{self.why('true_grit')}")
        dice += f" ({'; '.join(notes)})" if notes else ""
        head = (f"{ind}Injury roll for {me}: {dice}" if len(rolls) == 1 else
                f"{ind}Injury rolls for {me} (one for each wound beyond his last): {dice}, the "
                "worst standing")
        if worst == S.INJ_OUT and not natural:  # only the water put him out
            self.take_out(t)
            self.say(f"{head}: {self.drowns(t, max(faces), 'wounded', 'injury')}.")
        elif worst == S.INJ_OUT:
            self.take_out(t)
            self.say(f"{head}: out of action.")
        elif worst == S.INJ_DOWN:
            if f.state == STANDING:
                self.go_down(t)
                txt = f"{head}: down{self.why('down')}"
            else:
                txt = f"{head}: down, and he stays down"
            self.say(txt + ".")
        else:
            self.flesh_wound(t)
            self.say(f"{head}: a flesh wound, WS {f.ws} and BS {f.bs} now.")

    def drowns(self, t, face, how, table) -> str:
        """'drowned, out of action (wounded in the stream, he drowns on 5+; the injury table
        alone: down)': a roll that only the water (drown_out_on) made out of action."""
        self.drowned.append(t)
        f = self.f[t]
        d = self.depth(*f.pos)
        need = f" on {self.rules.drown_out_on[d]}+" if d >= 0 else ""
        where = self.ground(*f.pos) or "water"
        words = (_INJURY_WORDS if table == "injury" else _RECOVERY_WORDS)[face]
        return (f"drowned, out of action ({how} in {where}, he drowns{need}; the {table} table "
                f"alone: {words}){self.why('drown')}")

    def knockdown(self, t, a, ok, x, y):
        f = self.f[t]
        old = f.pos
        f.pos = (x, y)
        if ok:
            firm = "stands firm" if f.state == STANDING else "is not thrown back"
            self.say(f"    {self.lab(t)} passes an S test (S{f.s}) and {firm}"
                     f"{self.why('knockdown')}.")
        elif (x, y) == old:
            self.say(f"    {self.lab(t)} fails an S test (S{f.s}) but has nowhere to be "
                     f"thrown to: he stays at {_xy(old)}{self.why('knockdown')}.")
        else:
            self.say(f"    {self.lab(t)} fails an S test (S{f.s}) and is thrown back from "
                     f"{_xy(old)} to {_xy((x, y))}{self.why('knockdown')}.")

    def ammo(self, i, k, need, d, ok):
        self.close_burst()
        f = self.f[i]
        gun = self.slot_name(i, k)
        lemat = self.lemat_other(i, k) >= 0  # a Le Mat's part: 'Le Mat (its chambers)'
        if lemat:
            gun = "Le Mat (its " + ("shotgun barrel" if lemat_part(f.slots[k]) == "barrel" else
                                    "chambers") + ")"
        need_txt = f"{need}+" + self.ammo_why(i, k, need)
        lead = f"Ammo roll for {self.lab(i)}'s {gun}"
        if i in self.melee_gun:  # a gun fired in hand-to-hand: a roll for each 6 of his dice
            g = self.melee_gun[i]
            lead += (f", fired in hand-to-hand ({'another' if g['rolls'] else 'a'} 6 among his "
                     "attack dice)")
            g["rolls"] += 1
        lead += self.why("ammo")
        if ok:
            self.say(f"  {lead}: needs {need_txt}, rolls {d}: no trouble.")
            return
        if lemat:
            self.lemat_jam(i, k, need_txt, d, lead)
            return
        if self.rules.jam_outcome == "useless":
            if k < len(f.slots):
                f.useless[k] = True
            res = f"the {gun} is useless for the rest of the fight"
        else:
            if k < len(f.slots):
                f.jams[k] += 1
            res = f"the {gun} jams (a jam marker: it fires no more until cleared)"
        self.say(f"  {lead}: needs {need_txt}, rolls {d}: {res}.")

    def lemat_jam(self, i, k, need_txt, d, lead):
        """A failed ammo roll of one part of fighter i's Le Mat (slot k): a jam marker (or
        useless) on that part alone; the other fires on unless jammed or useless itself.
        ``lead`` the line's opening ('Ammo roll for A1's Le Mat (its chambers)')."""
        f = self.f[i]
        o = self.lemat_other(i, k)
        barrel = lemat_part(f.slots[k]) == "barrel"
        part, other = ("barrel", "chambers") if barrel else ("chambers", "shotgun barrel")
        it, verb = ("it", "s") if barrel else ("they", "")
        if self.rules.jam_outcome == "useless":
            f.useless[k] = True
            res = (f"the Le Mat's {part} {'is' if barrel else 'are'} useless for the rest of "
                   "the fight")
        else:
            f.jams[k] += 1
            res = (f"the Le Mat's {part} jam{verb} (a jam marker: {it} fire{verb} no more until "
                   "cleared)")
        are = "are" if other == "chambers" else "is"
        if f.useless[o]:
            res += f"; its {other} {are} useless already"
        elif f.jams[o]:
            res += f"; its {other} {are} jammed too"
        else:
            res += f"; its {other} fire{'' if other == 'chambers' else 's'} on"
        self.say(f"  {lead}: needs {need_txt}, rolls {d}: {res}.")

    def ammo_why(self, i, k, need) -> str:
        """' (5+, +2 wet powder; a 6, then 4+ on a second die)': why an ammo roll needs more
        than the gun's own score (rain and water), and how dice make a need above 6; '' for
        the gun's own score of 6 or less."""
        f, r = self.f[i], self.rules
        row = f.slots[k] if 0 <= k < len(f.slots) else -1
        parts = []
        if row >= 0:
            want, adds = self.ammo_need(i, row)
            if adds and want == need:
                parts.append(self.wet_words(row, adds))
                self.why("wet")
        if need > 6:
            if r.ammo_over_six == "fail":
                parts.append("above 6 it always fails under these rules")
            else:
                parts.append(self.need_words(need)[1])
        return f" ({'; '.join(parts)})" if parts else ""

    def wet(self, i, bit, x, y):
        """The engine marks fighter i wet (Ev.WET): pinned or down in water, or moving through
        deep water; what it does to his guns' ammo rolls from now on."""
        f = self.f[i]
        before = f.wet
        f.wet |= bit
        me, where = self.lab(i), f"{self.ground(x, y)} at {_xy((x, y))}"
        prev = self.before((Ev.WET,))
        last = self.ev[self.i - 1]  # his other mark, set at the same moment, was told just now
        pair = int(last[2]) == Ev.WET and int(last[1]) == i
        moving = int(prev[2]) == Ev.MOVE and int(prev[1]) == i and not pair
        if bit == S.WET_IN_WATER:
            self.soaked.append(i)
            if moving:
                head = f"{me}, down, crawls into {where}"
            else:
                head = f"{me} is {'down' if f.state == DOWN else 'pinned'} in {where}"
        else:
            head = (f"{me} {'crawls' if f.state == DOWN else 'wades'} into {where}" if moving
                    else f"{me} is in {where}")
        ind = "  " if self.melee_ctx or moving or pair and int(prev[2]) == Ev.MOVE or (
            int(prev[2]) == Ev.PINNED and int(prev[1]) == i and int(prev[3]) < 0) else "    "
        guns = [r for r in dict.fromkeys(f.slots) if r >= 0 and self.weapon(r)["ammo"] and not (
            lemat_part(r) == "barrel" and WEAPONS.index(LEMAT) in f.slots)]  # one Le Mat
        changed = []
        for row in guns:
            need, adds = self.ammo_need(i, row)
            if need != self.ammo_need(i, row, before)[0]:
                changed.append(f"{need}+ with the {weapon_name(row)} "
                               f"({self.wet_words(row, adds)})")
        if changed:
            what = {"wet powder": "his powder is wet", "soaked cartridges": "his cartridges "
                    "are soaked", "wet bowstring": "his bowstring is wet"}
            hurt = [v for k, v in what.items() if any(k in c for c in changed)]
            txt = (f", and {' and '.join(hurt)}: from now on his ammo rolls need "
                   + " and ".join(changed))
        elif not guns:
            txt = "he carries no gun that takes an ammo roll, so the water costs him nothing"
        elif before & S.WET_IN_WATER:
            txt = "his guns are wet already, so his ammo rolls do not change"
        elif bit == S.WET_DEEP and self.rules.immersion_trigger != "any_water":
            txt = "wading alone does not wet his guns"
        elif bit == S.WET_DEEP and not any(IGNITIONS[self.weapon(r)["ignition"]] == "cartridge"
                                           or self.weapon(r)["kind"] == S.KIND_BOW
                                           for r in guns):
            txt = "wading soaks only cartridges and bowstrings, and he carries neither"
        else:
            txt = "his ammo rolls do not change" + (", his guns being wet already" if before
                                                    else "")
        self.say(f"{ind}{head}{txt if changed else ': ' + txt}{self.why('wet')}.")

    def kickback(self, i, row, ok):
        self.close_burst()
        f = self.f[i]
        w = self.weapon(row)
        s = w["strength"] + (f.s if w["flags"] & S.FL_USER_STRENGTH else 0)
        shot = self.cur_shot
        extra = shot["extra"] if shot is not None and shot["f"] == i else 0
        how = " fired with both barrels at once" if extra else ""
        res = "passed: he holds steady" if ok else "failed"
        self.say(f"  Kickback: the {weapon_name(row)}{how} (S{s + extra}) against "
                 f"{self.lab(i)}'s S{f.s}{self.why('kickback')}: S test {res}.")

    def quick_draw(self, i, o, ok):
        fi, fo = self.f[i], self.f[o]
        res = ("passes: he fires first" if ok else
               f"fails: {self.lab(o)} fires first")
        self.say(f"  {self.lab(i)} (I {fi.i_}) tries to outdraw {self.lab(o)} (I {fo.i_}) on "
                 f"overwatch{self.why('quick_draw')}: an I test, he {res}.")

    def ow_lost(self, o, i, why):
        """Overwatcher o loses his shot at mover i, who won the quick draw."""
        if why == 0:
            res = "he is out of action" if self.f[o].state == OUT else "he is down"
        elif why == 1:
            res = "the miss made him duck back" if self.f[o].duck else "the hit pinned him"
        else:
            res = f"{self.lab(i)} is no longer a shot he can take (out of his sight, arc or range)"
        self.say(f"  {self.lab(o)} loses his overwatch shot at {self.lab(i)}: {res}.")

    def taken_out(self, t, by, why):
        """Out of action with no roll saying so: down in hand-to-hand, or WS and BS both 0."""
        if why == 0:
            if not self.downed_in_round(t):  # downed by a blow of this round, or lying
                self.melee_ctx = False  # the loop reached his pair: no blows are struck
                self.melee_to(len(self.f), stop=(t, by))
                self.melee_header()
            ind = "  " if self.melee_ctx else ""
            tangled = "" if self.f[t].state == DOWN or not self.f[t].rope else \
                f": entangled in {self.rope_words(t)}, he counts as down"
            self.take_out(t)
            self.say(f"{ind}{self.lab(t)}, down in hand-to-hand with {self.lab(by)}, is out of "
                     f"action{tangled}{self.why('down_alone')}.")
            return
        ind = "  " if self.melee_ctx or self.phase == "end" else "    "
        self.take_out(t)
        self.say(f"{ind}{self.lab(t)}, his flesh wounds having taken WS and BS both to 0, is out "
                 f"of action{self.why('flesh_zero')}.")

    def downed_in_round(self, t) -> bool:
        """Did fighter t go down in the hand-to-hand round being told (the events since its
        MELEE: a blow's injury roll, or his horse's fall under a blow located on it, with the
        fall's hits and a wet mark after them)? False: he lay there already, and the melee
        loop reached his pair (down_alone_out)."""
        if not self.melee_ctx:
            return False
        j = self.i - 1
        while j > 0 and int(self.ev[j, 2]) in _MELEE_ROUND:
            if int(self.ev[j, 1]) == t and int(self.ev[j, 2]) in (Ev.INJURY, Ev.FALL):
                return True
            j -= 1
        return False

    # ---------------------------------------------------------------- hand-to-hand

    def melee_to(self, upto, stop=()):
        """Mirror the engine's melee-phase loop over fighters below ``upto``, up to the pair
        ``stop`` (two fighters, the one being told): the pairs it skips and the fights that end.
        A pair with a down fighter is told by its TAKEN_OUT (down_alone_out) or parts
        silently."""
        if self.active < 0:
            return
        while self.mcur < upto:
            a = self.mcur
            self.mcur += 1
            fa = self.f[a]
            b = fa.eng
            if b < 0 or fa.state == OUT:
                continue
            if self.f[b].state == OUT or not self.adjacent(a, b):
                self.reengage(a)
                if fa.eng < 0 and self.f[b].state != OUT:
                    self.melee_header()
                    self.say(f"{self.lab(a)} and {self.lab(b)} are no longer in base contact: "
                             "their fight is over.")
                b = fa.eng
                if b < 0:
                    continue
            if self.f[b].eng == a and b < a:
                continue
            if {a, b} == set(stop):
                return
            if (self.lying(a) or self.lying(b)) and not self.rules.down_alone_out:
                lying, other = (b, a) if self.lying(b) else (a, b)
                self.f[lying].eng = -1
                if self.f[other].eng == lying:
                    self.f[other].eng = -1

    def melee_header(self):
        if self.phase != "melee":
            self.end_activation()  # (a charge told before a blow or a down fighter's end
            self.shooting_done()  # takes his target out of the fight)
            self.phase = "melee"
            self.say("Hand-to-hand:")

    def melee(self, a, b, sa, sb, ha, hb, cb_a=0, cb_b=0):
        """A round of hand-to-hand (Ev.MELEE): ``cb_a`` and ``cb_b`` the charge bonuses counted
        in the scores; one counted in a later round than the charge's is a war horse's. A parry
        logged before it (Ev.PARRY, ``self.parry``) is told in its line: the scores before it,
        the re-roll, then the final scores (the MELEE's); a lance's charge behind the blows of
        a lancer who charged this turn is named with their strength."""
        self.close_burst()
        self.melee_to(a + 1, (a, b))
        self.melee_header()
        fa, fb = self.f[a], self.f[b]
        parry, self.parry = self.parry, None
        if self.rules.melee_reading == "ws_roll":
            if parry is not None:  # (none under 'ws_roll': told on its own)
                self.parry_line(parry)
            txt = f"{self.lab(a)} scores {_plural(sa, 'hit')}, {self.lab(b)} {sb}"
        else:
            ch = [self.lab(x) for x in (a, b) if self.f[x].charged]
            over = [self.lab(x) for x in (a, b) if self.f[x].charged and self.f[x].over]
            bulk = ""  # a rider charging a man on foot: the horse's bulk (wm-5)
            if self.rules.mounted_charge_bonus and any(
                    self.f[x].charged and self.f[x].mounted and not self.f[y].mounted
                    for x, y in ((a, b), (b, a))):
                bulk = (f" (on horseback: +{self.rules.mounted_charge_bonus} for the horse's bulk "
                        "against a man on foot)")
            if over and self.rules.obstacle_penalty:  # (wm-16: in the charge's round)
                bulk += (f" ({' and '.join(over)} over low cover: "
                         f"{self.rules.obstacle_penalty})")
            hate = [f"{self.lab(x)} hating {self.lab(y)} "
                    f"(+{self.rules.hatred_combat_bonus})"
                    for x, y in ((a, b), (b, a)) if self.f[x].hates == y]
            kept = [f"{self.lab(x)} keeping his charge bonus (+{cb}) on his war horse"
                    f"{self.why('war_horse')}"
                    for x, cb in ((a, cb_a), (b, cb_b)) if cb and not self.f[x].charged]
            txt = (f"{self.lab(a)} ({self.melee_ws(a)}) against {self.lab(b)} "
                   f"({self.melee_ws(b)})"
                   + (f", {' and '.join(ch)} charging{bulk}" if ch else "")
                   + (f", {' and '.join(kept)}" if kept else "")
                   + (f", {' and '.join(hate)}" if hate else ""))
            if parry is not None and {parry["p"], parry["o"]} == {a, b}:
                txt += self.parry_words(parry, a, sa, sb, ha, hb)
            elif parry is not None:  # (not this pair's: told on its own)
                self.parry_line(parry)
            txt += f": combat scores {sa} and {sb}"
            if sa == sb:
                if ha or hb:
                    txt += f", a tie won on initiative (I {fa.i_} against {fb.i_})"
                else:
                    txt += ", a tie with equal I: no blows"
        for x, y, hits in ((a, b, ha), (b, a, hb)):
            if hits:
                txt += (f"; {self.lab(x)} strikes {_plural(hits, 'blow')}"
                        f"{self.lance_words(x, y, hits)}")
        if not ha and not hb and sa != sb:
            txt += "; no blows land"
        rules = self.why("melee") + (self.why("mounted_melee") if fa.mounted or fb.mounted
                                     else "")
        if parry is not None:
            self.why("parry")
        self.say(f"{txt}{rules}.")
        self.melee_ctx = True

    def melee_ws(self, i) -> str:
        """'WS 3', or a broken fighter's 'WS 0, broken' (the engine's ``_melee_ws``)."""
        f = self.f[i]
        return "WS 0, broken" if f.broken else f"WS {f.ws}"

    def parry_at(self, i, o, old, new, before, after, turned):
        """Fighter i parries (Ev.PARRY): o re-rolls his highest attack die. Told in the line of
        the round's MELEE, logged next (or of the boarding's round, Ev.BOARD, or of the
        hit-and-run's strike, Ev.HIT_RUN: each logged after its parry); one not followed by its
        pair's MELEE, BOARD or HIT_RUN on its own."""
        self.parry = dict(p=i, o=o, old=old, new=new, before=before, after=after,
                          turned=turned)
        nxt = self.ev[self.i + 1] if self.i + 1 < len(self.ev) else None
        if nxt is None or int(nxt[2]) not in (Ev.MELEE, Ev.BOARD, Ev.HIT_RUN) or \
                {int(nxt[1]), int(nxt[3])} != {i, o}:  # (a boarding's round: wm-24; a
            self.parry_line(self.parry)  # hit-and-run's strike, logged after it: wm-19)
            self.parry = None

    def parry_line(self, p):
        """A parry told on its own line (its round's MELEE not next in the trace)."""
        self.melee_header()
        me, by = self.lab(p["p"]), self.lab(p["o"])
        self.say(f"{me} parries {by} with his {self.parry_blade(p['p'])}"
                 f"{self.why('parry')}: {by} re-rolls his highest attack die, a {p['old']}, "
                 f"and gets a {p['new']}: his score {p['before']} becomes {p['after']}"
                 + ("; the parry turns the round" if p["turned"] else
                    f"; {me} still loses") + ".")

    def parry_words(self, p, a, sa, sb, ha, hb) -> str:
        """': at first 7 against 9, A1 losing; A1 parries with his sabre: B1 re-rolls his highest
        attack die, a 6, and gets a 2: his score 9 becomes 5, and the round turns': the scores
        before the parry (the parrier's own less the fumble bonus the new face brings), the
        re-roll and what came of it, to stand before the round's final scores."""
        r = self.rules
        i, o = p["p"], p["o"]
        fi, fo = self.f[i], self.f[o]
        mine = sa if i == a else sb  # the parrier's final score
        ones = (p["new"] == 1) - (p["old"] == 1)  # the opponent's 1s the re-roll adds
        was = mine - ones * r.fumble_bonus
        sa0, sb0 = (was, p["before"]) if i == a else (p["before"], was)
        me, by = self.lab(i), self.lab(o)
        losing = f"{me} losing" + (f" on initiative (I {fi.i_} against {fo.i_})"
                                   if was == p["before"] else "")
        turn = (f"his score {p['before']} becomes {p['after']}" if p["after"] != p["before"] else
                f"his score stays {p['after']}")
        if was != mine:
            turn += f" and {me}'s {was} becomes {mine} (" + (
                f"a 1: a fumble, +{r.fumble_bonus} to {me}" if ones > 0 else
                f"his 1 gone, no fumble: -{r.fumble_bonus} to {me}") + ")"
        won = (ha if i == a else hb) > 0
        if not p["turned"]:
            res = f"{me} still loses"
        elif won:
            res = "the round turns"
        else:
            res = "the round ends level"
        return (f": at first {sa0} against {sb0}, {losing}; {me} parries with his "
                f"{self.parry_blade(i)}: {by} re-rolls his highest attack die, a {p['old']}, and "
                f"gets a {p['new']}: {turn}, and {res}")

    def round_blows(self, x) -> tuple[int, int]:
        """(blows struck, of them with a gun) by fighter x in the hand-to-hand round being told
        (its MELEE the event now): each blow ends its events in one wound roll (Ev.WOUND), a
        skill's save (Ev.SAVE, avoided) or a location on the horse (Ev.LOCATE); a gun's is
        first an Ev.GUN_BLOW. Blows not struck (the opponent out of action) log nothing."""
        blows = guns = 0
        j = self.i + 1
        while j < len(self.ev) and int(self.ev[j, 2]) in _MELEE_ROUND:
            e = self.ev[j]
            kind, by = int(e[2]), int(e[3])
            if kind == Ev.GUN_BLOW and int(e[1]) == x:
                guns += 1
            elif by == x and (kind == Ev.WOUND or (kind == Ev.SAVE and e[6] and e[7]) or (
                    kind == Ev.LOCATE and e[5] and e[6])):
                blows += 1
            j += 1
        return blows, guns

    def lance_words(self, x, y, hits) -> str:
        """", his lance's charge behind them (S5)": fighter x's ``hits`` blows on y this round, in the
        turn he charged with a lance (``lance_charge``: the engine's ``_hand_bonus``), the
        blows not struck with a gun; '' when none is (the lance's blows counted for the
        closing line, the side records' lance_charge_blows)."""
        bonus = self.lance_charge(x)
        if not bonus:
            return ""
        blows, guns = self.round_blows(x)
        if blows <= guns:
            return ""
        self.lance_blows[self.f[x].side] += blows - guns
        which = "those not struck with a gun" if guns else "it" if hits == 1 else "them"
        return (f", his lance's charge behind {which} "
                f"({self.blow_strength(x, y, self.f[x].s + bonus)}){self.why('lance')}")

    def gun_blow(self, a, b, k, row, s, left):
        """A hand-to-hand blow a strikes b with the handgun in his slot k (Ev.GUN_BLOW;
        pistols_in_melee): the gun, the blow's strength (with a's crushing blow and b's iron jaw,
        as the engine adds them after it), and the round it fires (pistol_melee_uses_rounds):
        the narrator's count of the slot's rounds is the engine's ``left`` after it. The wound
        roll (or the save, or the location on a rider) follows as any blow's."""
        f, r = self.f[a], self.rules
        if f.tracked and 0 <= k < len(f.slots) and f.slots[k] == row:
            f.loaded[k] = left
        self.melee_gun.setdefault(a, {"k": k, "rolls": 0})
        part = lemat_part(row)
        gun = ("Le Mat's shotgun barrel" if part == "barrel" else
               "Le Mat" if part == "chambers" else gun_name(row))
        s_txt = self.blow_strength(a, b, s)
        if not r.pistol_melee_uses_rounds:
            rounds = f"it spends no round under these rules ({left} loaded)"
        else:
            rounds = "its last round" if left == 0 else f"{_plural(left, 'round')} left"
        self.say(f"  {self.lab(a)} strikes {self.lab(b)} with his {gun}, fired point-blank: "
                 f"{s_txt}; {rounds}{self.why('melee_guns')}.")

    def save(self, t, a, code, d, ok, melee):
        """A hit on t from a that t's skill may avoid (Ev.SAVE): step aside (hand-to-hand
        blows), dodge (shots and blows, on his feet). Logged whether it worked or not."""
        skill = SKILLS[code] if 0 <= code < len(SKILLS) else ""
        need = self.rules.step_aside_on if skill == "step_aside" else self.rules.dodge_save
        me, by = self.lab(t), self.lab(a)
        ind = "  " if self.melee_ctx else "    "
        what = "blow" if melee else "shot"
        if not melee and self.cur_shot is not None and self.cur_shot["t"] < 0:
            what = "hit"  # under a scatter template
        if skill == "step_aside":
            verb, tried = f"steps aside from {by}'s {what}", f"to step aside from {by}'s {what}"
        else:
            verb, tried = f"dodges {by}'s {what}", f"to dodge {by}'s {what}"
        roll = f"{skill_name(skill)}{self.why(skill) if skill in FIGHT_SKILLS else ''}: needs " \
               f"{need}+, rolls {d}"
        if ok:
            self.say(f"{ind}{me} {verb} ({roll}): it does him no harm.")
            g = self.grp
            if not melee and self.fast and g is not None and a in g["hit"].get(t, []) and \
                    self.cur_shot is not None and self.cur_shot.get("added"):
                g["hit"][t].remove(a)  # the hit came to nothing: he was not hit by a
                self.cur_shot["added"] = False
        else:
            self.say(f"{ind}{me} fails {tried} ({roll}).")

    def arm_lock(self, t, a, arm, after):
        """Wrassler a won the combat and locks one of t's arms (Ev.ARM_LOCK); t hates him."""
        f = self.f[t]
        before, f.arms = f.arms, after
        hated, f.hates = f.hates, a
        me, wr = self.lab(t), self.lab(a)
        side = _ARMS.get(arm, "an")
        if before & arm:
            what = f"his {side} arm is locked already, so nothing changes"
        elif after == S.ARM_LEFT | S.ARM_RIGHT:
            what = ("it is useless for the rest of the fight, and with both arms locked he can "
                    "neither shoot nor reload and strikes without his hand weapon")
        else:
            what = "it is useless for the rest of the fight"
        hate = f"{me} still hates {wr}" if hated == a else f"{me} now hates {wr}"
        self.say(f"  {wr}, a wrassler, locks {me}'s {side} arm{self.why('wrassler')}: {what}; "
                 f"{hate}.")

    # ---------------------------------------------------------------- the end of a turn

    def recovery_header(self):
        if self.phase != "end":
            self.shooting_done()
            self.melee_to(len(self.f))
            self.idle_note()
            self.phase = "end"
            if self.fast:
                self.say(f"End of round {self.round}:")

    def reload(self, i, k, cat, ok, die, put, lost, order=0, put_c=0, lost_c=0):
        """A reloading action (Ev.RELOAD): a Le Mat's (``order`` 1 or 2) told by
        ``lemat_reload``."""
        if order:
            self.lemat_reload(i, k, cat, ok, die, put, lost, order, put_c, lost_c)
            return
        self.recovery_header()
        f = self.f[i]
        self.turn_notes["reload"].pop(i, None)
        gun = self.part_name(i, k)
        row = f.slots[k] if k < len(f.slots) else -1
        how = ("standing still, no roll needed" if RELOAD_CATEGORIES[cat] == "auto" else
               f"on the move, a BS test{self.roll_mods(i)} " + ("passed" if ok else "failed"))
        if f.mounted:
            self.why("reload")  # the rule for all, then the rider's
            how = self.saddle_how(cat, ok, i)
        die_txt = f"D{self.rules.reload_die} {die}" if die else "one chamber a turn"
        noun = f"{shell_name(row)} shell" if row >= 0 and shell_name(row) else "round"
        if ok:
            if k < len(f.slots) and f.tracked:
                f.loaded[k] += put
            cap = self.weapon(row)["capacity"] if row >= 0 else 0
            now = f" ({f.loaded[k]} of {cap} now loaded)" if k < len(f.slots) and f.tracked \
                else ""
            if put == 0:
                res = "no round goes in: the gun is full or he has no rounds left"
            else:
                res = f"{_plural(put, noun)} go{'es' if put == 1 else ''} in{now}"
            self.say(f"{self.lab(i)} reloads the {gun}{self.why('reload')}: {how}; "
                     f"{die_txt}: {res}.")
        else:
            self.say(f"{self.lab(i)} reloads the {gun}{self.why('reload')}: {how}; {die_txt}: "
                     f"{_plural(lost, noun)} dropped and lost.")

    def lemat_reload(self, i, b, cat, ok, die, pb, lb, order, pc, lc):
        """Fighter i's Le Mat reloaded (Ev.RELOAD g): barrel slot b, its chambers the slot
        before; the order he declared (1 the barrel first, 2 last), one roll (the reload's, by
        category) and one die shared out in that order: ``pb`` shells into the barrel and
        ``pc`` rounds into the chambers, or, the roll failed, ``lb`` shells and ``lc`` rounds
        lost, each from its own box. Loaded last, a barrel the die did not reach stays empty."""
        self.recovery_header()
        f = self.f[i]
        self.turn_notes["reload"].pop(i, None)
        c = self.lemat_other(i, b)
        tracked = f.tracked and c >= 0
        row_b = f.slots[b] if 0 <= b < len(f.slots) else -1
        shell = f"{shell_name(row_b)} " if row_b >= 0 and shell_name(row_b) else ""
        first = order == 1
        how = ("standing still, no roll needed" if RELOAD_CATEGORIES[cat] == "auto" else
               f"on the move, a BS test{self.roll_mods(i)} " + ("passed" if ok else "failed"))
        if f.mounted:
            self.why("reload")  # the rule for all, then the rider's
            how = self.saddle_how(cat, ok, i)

        def shells(n):
            return f"a {shell}shell" if n == 1 else f"{n} {shell}shells"

        if ok:
            cap_b = self.weapon(row_b)["capacity"] if tracked else 0
            cap_c = self.weapon(f.slots[c])["capacity"] if tracked else 0
            room_b = cap_b - f.loaded[b] if tracked else None
            room_c = cap_c - f.loaded[c] if tracked else None
            if tracked:
                f.loaded[b] += pb
                f.loaded[c] += pc
            budget = min(die, self.rules.reload_max_rounds)
            if pb:
                bp = f"{shells(pb)} into the barrel"
            elif room_b is None:
                bp = "no shell into the barrel"
            elif room_b == 0:
                bp = "the barrel is loaded already"
            elif not first and budget <= pc:
                bp = "the die ran short, so the barrel stays empty"
            else:
                bp = "no shell left for the barrel, so it stays empty"
            if pc:
                cp = f"{_plural(pc, 'round')} into the chambers" + (
                    f" ({f.loaded[c]} of {cap_c})" if tracked else "")
            elif room_c is None:
                cp = "no round into the chambers"
            elif room_c == 0:
                cp = "the chambers are full"
            elif first and budget <= pb:
                cp = "the die has nothing left for the chambers"
            else:
                cp = "no rounds left for the chambers"
            parts = [bp, cp] if first else [cp, bp]
            res = " and ".join(parts) if pb and pc else "; ".join(parts)
        else:
            lost = ([shells(lb)] if lb else []) + ([_plural(lc, "round")] if lc else [])
            res = ("nothing is lost: nothing would have gone in" if not lost else
                   f"{lost[0]} dropped and lost" if len(lost) == 1 else
                   f"{lost[0]} and {lost[1]} dropped and lost, each from its own box")
        self.say(f"{self.lab(i)} reloads the Le Mat, the shotgun barrel "
                 f"{'first' if first else 'last'}{self.why('reload')}: {how}; "
                 f"D{self.rules.reload_die} {die}: {res}.")

    def fit(self, i, k, cat, ok, die, put, back, left):
        """A reloading turn fitting a spare cylinder or tube to slot k (Ev.FIT): its roll (the
        reload's, by category), and fitted, under cylinder_fit 'whole' the gun full (``put``
        its capacity) with the ``back`` rounds of the old one set aside as loose rounds, under
        'd8' the die and the ``put`` rounds it adds; failed, the spare kept. ``left`` the spares
        left."""
        self.recovery_header()
        f = self.f[i]
        self.turn_notes["reload"].pop(i, None)
        gun = self.slot_name(i, k)
        row = f.slots[k] if k < len(f.slots) else -1
        noun = self.spare_noun(row)
        how = ("standing still, no roll needed" if RELOAD_CATEGORIES[cat] == "auto" else
               f"on the move, a BS test{self.roll_mods(i)} " + ("passed" if ok else "failed"))
        self.why("reload")  # the rule for all, then the spare's (then the rider's)
        self.why("spares")
        if f.mounted:
            how = self.saddle_how(cat, ok, i)
        if k < len(f.slots):
            f.spares[k] = left
        spares = f"{_plural(left, 'spare')} left" if left else "no spare left"
        me = self.lab(i)
        if not ok:
            self.say(f"{me} tries to fit a spare {noun} to his {gun} ({how}): not fitted, he "
                     f"keeps it ({spares}).")
            return
        cap = self.weapon(row)["capacity"] if row >= 0 else 0
        if self.rules.cylinder_fit == "whole":
            if k < len(f.slots):
                f.loaded[k] = put  # the old rounds out, the spare's in
            old = ("the old one was empty" if back == 0 else
                   "the round left in the old one set aside as a loose round" if back == 1 else
                   f"the {back} rounds left in the old one set aside as loose rounds")
            res = f"{put} of {cap} loaded, {old}"
        else:
            now = ""
            if k < len(f.slots) and f.tracked:
                f.loaded[k] += put
                now = f" ({f.loaded[k]} of {cap} now loaded)"
            gain = ("no round goes in: the gun is full" if put == 0 else
                    f"{_plural(put, 'round')} go{'es' if put == 1 else ''} in{now}")
            res = f"D{self.rules.reload_die} {die}: {gain}"
        self.say(f"{me} fits a spare {noun} to his {gun} ({how}): {res}; {spares}.")

    def saddle_how(self, cat, ok, i) -> str:
        """How a rider's reload or clearing went, by its category (mounted_reload_shift)."""
        c = RELOAD_CATEGORIES[cat]
        txt = ("in the saddle, no roll needed" if c == "auto" else
               f"in the saddle, a BS test{self.roll_mods(i)} " + ("passed" if ok else "failed")
               if c == "roll" else
               "no clearing is possible in the saddle after what he did this turn")
        return txt + self.why("mounted_reload")

    def clear(self, i, k, cat, ok, left):
        self.recovery_header()
        f = self.f[i]
        self.turn_notes["reload"].pop(i, None)
        if k < len(f.slots):
            f.jams[k] = left
        gun = self.part_name(i, k)
        c = RELOAD_CATEGORIES[cat]
        how = ("standing still, no roll needed" if c == "auto" else
               f"on the move, a BS test{self.roll_mods(i)} " + ("passed" if ok else "failed")
               if c == "roll" else "no clearing is possible after what he did this turn")
        if f.mounted:
            how = self.saddle_how(cat, ok, i)
        res = (f"a jam marker comes off, {left} left" if ok else "the jam stays")
        self.say(f"{self.lab(i)} works on the jammed {gun}: {how}; {res}.")

    def recovery(self, i, d, res):
        self.recovery_header()
        f = self.f[i]
        me = self.lab(i)
        face = self.rules.recovery_faces[d - 1]
        if res == S.INJ_OUT and face != S.INJ_OUT:  # water_recovery_drowning
            self.take_out(i)
            txt = self.drowns(i, face, "lying", "recovery")
        elif res == S.INJ_OUT:
            self.take_out(i)
            txt = "out of action"
        elif res == S.INJ_DOWN:
            txt = "he stays down"
        elif f.eng >= 0:  # still in hand-to-hand: no pin there (reference 4.1)
            f.state, f.pinned, f.duck = STANDING, False, 0
            self.flesh_wound(i)
            txt = (f"he gets up with a flesh wound (WS {f.ws}, BS {f.bs}) and fights on with "
                   f"{self.lab(f.eng)}: a fighter in hand-to-hand is not pinned")
        else:
            f.state, f.pinned, f.duck = STANDING, True, 0
            self.flesh_wound(i)
            until = ("his next activation (he tests to escape when his score comes)"
                     if self.fast else "his side's next turn is over")
            txt = (f"he gets up with a flesh wound (WS {f.ws}, BS {f.bs}) and is pinned "
                   f"until {until}")
        self.say(f"Recovery roll for {me} (down){self.why('down')}: {d}, {txt}.")

    def end(self, winner, reason):
        self.cut_short = self.fast and reason == S.END_SHOT_DOWN and not self.round_end
        self.close_turn()
        r = self.rules
        self.say("")
        self.show_map(f"Positions at the end (after round {self.round}):")
        if winner < 0:
            res = "the fight is a draw"
        else:
            res = f"side {SIDES[winner]} ({self.names[winner]}) wins"
        if reason == S.END_BOTTLE:
            loser = 1 - winner
            fs = [f for f in self.f.values() if f.side == loser]
            if not any(f.state == STANDING for f in fs):
                why = (f"side {SIDES[loser]} had no fighter left standing, so it bottled out "
                       "at the start of its turn")
            else:
                hurt = sum(f.state != STANDING for f in fs)
                why = (f"side {SIDES[loser]} failed its bottle test ({self.bottle_roll}) with "
                       f"{hurt} of its {len(fs)} fighters down or out of action")
                if self.bottle_roll == "by choice":
                    why = (f"side {SIDES[loser]} bottled out by choice with {hurt} of its "
                           f"{len(fs)} fighters down or out of action")
        elif reason == S.END_SHOT_DOWN:
            why = self.shot_down_why()
        elif self.shootout:
            why = (f"the turn limit ({r.max_turns} rounds) was reached with both sides still "
                   "having a fighter standing")
        else:
            why = (f"the turn limit ({r.max_turns} rounds) was reached with neither gang "
                   "bottled out")
        self.say(f"\nResult: {res}. Why: {why}.")
        for s in range(2):
            t = self.tally[s]
            self.say(f"Side {SIDES[s]} ({self.names[s]}): {self.status(s)}{self.water_count(s)}; "
                     f"it fired {_plural(t['shots'], 'shot')} and hit with {t['hits']}"
                     f"{self.nerve_count(s)}{self.duck_count(s)}{self.stray_count(s)}"
                     f"{self.blast_count(s)}"
                     f"{self.rider_count(s)}{self.board_count(s)}{self.double_count(s)}"
                     f"{self.scope_count(s)}"
                     f"{self.rope_count(s)}"
                     f"{self.dynamite_count(s)}{self.blade_count(s)}.")
        used = {c for m in self.maps for c, _ in m.values()}
        used |= set(np.unique(self.table_chars()).tolist())
        ev = self.ev
        riders = bool((ev[ev[:, 2] == Ev.DEPLOY][:, 9] != 0).any())
        lines = [f"  {c}  {meaning}" for c, meaning in legend(r, riders, self.doubled).items()
                 if c in used]
        self.out[self.legend_at:self.legend_at] = ["Map legend:"] + lines

    def water_count(self, side) -> str:
        """', 1 drowned (A3), 2 got wet (pinned or down in water: A3, A5)', or ''."""
        txt = ""
        for who, what in ((self.drowned, "drowned"),
                          (self.soaked, "got wet (pinned or down in water: {})")):
            labs = [self.lab(i) for i in who if self.f[i].side == side]
            if labs:
                names = ", ".join(labs)
                txt += f", {len(labs)} " + (what.format(names) if "{}" in what else
                                            f"{what} ({names})")
        return txt

    def duck_count(self, side) -> str:
        """'; 2 of its misses made the target duck back behind cover', or '' (none did)."""
        ev = self.ev
        n = sum(1 for e in ev[ev[:, 2] == Ev.DUCK]
                if int(e[3]) in self.f and self.f[int(e[3])].side == side)
        return f"; {n} of its misses made the target duck back behind cover" if n else ""

    def blast_count(self, side) -> str:
        """'; its scatter shells put down 3 templates (2 scattered off a miss), dealing 4 hits,
        1 of them on its own fighters', or '' (no template of this side's)."""
        ev = self.ev
        side_of = {i: f.side for i, f in self.f.items()}
        mine = [e for e in ev[ev[:, 2] == Ev.BLAST] if side_of.get(int(e[1])) == side and
                int(e[10]) == 0]  # (not dynamite's: ``dynamite_count``)
        if not mine:
            return ""
        shell, hits = True, []
        for e in ev:
            if int(e[2]) == Ev.BLAST:
                shell = int(e[10]) == 0
            elif int(e[2]) == Ev.BLAST_HIT and shell and side_of.get(int(e[3])) == side:
                hits.append((int(e[4]), side_of.get(int(e[1]))))
        total, own = sum(h for h, _ in hits), sum(h for h, s in hits if s == side)
        scattered = sum(int(e[6]) >= 0 for e in mine)
        return (f"; its scatter shells put down {_plural(len(mine), 'template')} ({scattered} "
                f"scattered off a miss), dealing {_plural(total, 'hit')}"
                + (f", {own} of them on its own fighters" if own else ""))

    def shot_down_why(self) -> str:
        """The shoot-out's end: the side (or both) with no fighter left standing."""
        gone = []
        for s in range(2):
            fs = [f for f in self.f.values() if f.side == s]
            if not any(f.state == STANDING for f in fs):
                down = sum(f.state == DOWN for f in fs)
                gone.append(f"side {SIDES[s]} has no fighter left standing ({down} down, "
                            f"{len(fs) - down} out of action)")
        if len(gone) == 2:
            return f"{gone[0]} and {gone[1]}: both were shot down at the same moment"
        if gone:
            return f"{gone[0]}: it is shot down"
        return "a side was shot down"

    def table_chars(self):
        return ground_chars(self.table)

    # ---------------------------------------------------------------- the event loop

    def run(self):
        rows = self.ev[:, :12].tolist()  # (Python ints, once: far quicker than numpy's)
        for i in range(len(rows)):
            self.i = i
            if i < self.skip_to:
                continue
            f, kind = rows[i][1], rows[i][2]
            p = rows[i][3:12]
            # a gun blow and the ammo rolls of a gun fired in hand-to-hand belong to the round
            melee_ammo = kind == Ev.AMMO and f in self.melee_gun
            # the kind as it belongs to what went before: an entangled fighter's own turn
            # (Ev.UNTANGLE b 0) to nothing (a lasso let go, b 1, may end a hit: its holder put
            # down or out)
            # (and a passenger getting down, his action: ``_got_down``)
            link = -1 if (kind == Ev.UNTANGLE and p[1] == 0) or \
                (kind == Ev.PASS_OFF and _got_down(rows[i])) else kind
            if self.breaking >= 0 and link not in _HIT_CHAIN and kind != Ev.GUN_BLOW:
                self.end_break()  # the blow of his break told: he breaks away
            if link not in _HIT_CHAIN:
                self.falling = self.tangle = None
                if kind != Ev.GUN_BLOW and not melee_ammo:
                    self.melee_ctx = False
                    self.melee_gun = {}
            if link not in _SHOT_CHAIN and link != Ev.BURST and not (
                    self.cur_burst is not None and kind in (Ev.BLAST, Ev.BLAST_HIT)):
                self.close_burst()  # (a lever shotgun's burst: each shell's template)
            if self.pair is not None and link not in _PAIR_CHAIN and not (
                    kind == Ev.SHOT and p[6] & S.SH_SECOND and f == self.pair["f"]):
                self.close_pair()
            if self.fast and self.active == BOTH:
                self.route(kind, f, p)
            if kind == Ev.DEPLOY:
                self.deploy(f, *p[:7])
            elif kind == Ev.TURN:
                self.turn(p[0])
            elif kind == Ev.BOTTLE:
                self.bottle(*p[:4])
            elif kind == Ev.UNPIN and p[2] == 1:
                self.duck_test(f, p[0], p[3], p[4])
            elif kind == Ev.UNPIN:
                self.unpin(f, p[0], p[1])
            elif kind == Ev.ACTION:
                self.action(f, Act(p[0]), *p[1:8])
            elif kind == Ev.MOVE:
                self.move(f, *p[:5])
            elif kind == Ev.AIM:
                self.aim(f, p[0], p[1])
            elif kind == Ev.AIM_LOST:
                self.aim_lost(f, p[0], p[1])
            elif kind == Ev.OVERWATCH:
                self.overwatch(f, *p[:3])
            elif kind == Ev.SHOT:
                self.shot(f, *p[:9])
            elif kind == Ev.WOUND:
                self.wound(f, *p[:4])
            elif kind == Ev.INJURY:
                self.injury(f)
            elif kind == Ev.PINNED:
                self.pinned(f, p[0])
            elif kind == Ev.DUCK:
                self.duck(f, *p[:4])
            elif kind == Ev.STRAY:
                self.stray(f, *p[:5])
            elif kind == Ev.AMMO:
                self.ammo(f, *p[:4])
            elif kind == Ev.RELOAD:
                self.reload(f, *p[:9])
            elif kind == Ev.FIT:
                self.fit(f, *p[:7])
            elif kind == Ev.CLEAR:
                self.clear(f, *p[:4])
            elif kind == Ev.BURST:
                self.burst(f, *p[:4])
            elif kind == Ev.QUICK_DRAW:
                self.quick_draw(f, p[0], p[1])
            elif kind == Ev.MELEE:
                self.melee(f, *p[:5], p[7], p[8])
            elif kind == Ev.GUN_BLOW:
                self.gun_blow(f, *p[:5])
            elif kind == Ev.RECOVERY:
                self.recovery(f, p[0], p[1])
            elif kind == Ev.KICKBACK:
                self.kickback(f, p[0], p[1])
            elif kind == Ev.KNOCKDOWN:
                self.knockdown(f, *p[:4])
            elif kind == Ev.CHARGED:
                self.charged(f, p[0], p[1])
            elif kind == Ev.END:
                self.end(p[0], p[1])
            elif kind == Ev.TAKEN_OUT:
                self.taken_out(f, p[0], p[1])
            elif kind == Ev.PIN_LIFTED:
                self.pin_lifted(f, p[0])
            elif kind == Ev.OW_LOST:
                self.ow_lost(f, p[0], p[1])
            elif kind == Ev.ORDER:
                self.order_rolls()
            elif kind == Ev.TIE:
                self.tie(p[0], p[1])
            elif kind == Ev.WET:
                self.wet(f, *p[:3])
            elif kind == Ev.BLAST:
                self.blast(f, *p[:9])
            elif kind == Ev.BLAST_HIT:
                self.blast_hit(f, *p[:3])
            elif kind == Ev.POINT_SHOT:
                self.point_shot(f, *p[:5])
            elif kind == Ev.SHELLS:
                self.shells(f, *p[:3])
            elif kind == Ev.SAVE:
                self.save(f, *p[:5])
            elif kind == Ev.ARM_LOCK:
                self.arm_lock(f, *p[:3])
            elif kind == Ev.LOCATE:
                self.locate(f, *p[:6])
            elif kind == Ev.HORSE:
                self.horse_hit(f, *p[:5])
            elif kind == Ev.FALL:
                self.fall(f, *p[:3])
            elif kind == Ev.STAY_ON:
                self.stay_on(f, *p[:3])
            elif kind == Ev.CALM:
                self.calm(f, *p[:2])
            elif kind == Ev.ENTANGLE:
                self.entangle(f, *p[:5])
            elif kind == Ev.UNTANGLE:
                self.untangle(f, *p[:6])
            elif kind == Ev.BOLT:
                self.bolt(f, *p[:6])
            elif kind == Ev.LIGHT:
                self.light(f, *p[:8])
            elif kind == Ev.FUSE:
                self.fuse(f, p[0], p[1])
            elif kind == Ev.PARRY:
                self.parry_at(f, *p[:6])
            elif kind == Ev.NERVE:
                self.nerve(f, *p[:4])
            elif kind == Ev.FLEE:
                self.flee(f, *p[:7])
            elif kind == Ev.FOLLOW_UP:
                self.follow_up(f, *p[:6])
            elif kind == Ev.MOUNT:
                self.horses_lying.pop(f, None)  # (a war horse lying gets up)
                self.mount(f, *p[:3])
            elif kind == Ev.LIE_DOWN:
                self.horses_lying[f] = (int(p[0]), int(p[1]))
                self.say(f"  His war horse lies down at {_xy(tuple(p[:2]))}"
                         f"{self.why('lie_down')}.")
            elif kind == Ev.HIT_RUN:
                self.hit_run(f, *p[:8])
            elif kind == Ev.JUMP:
                self.jump(f, *p[:5])
            elif kind == Ev.HELP:
                self.leg_up(f, p[0], p[1])
            elif kind == Ev.BOARD:
                self.board(f, *p[:9])
            elif kind == Ev.SEIZE:
                self.seize(f, *p[:5])
            elif kind == Ev.THROWN_BACK:
                self.thrown_back(f, *p[:4])
            elif kind == Ev.DOUBLE:
                self.double(f, *p[:4])
            elif kind == Ev.PASS_OFF:
                self.pass_off(f, *p[:7])
            elif kind == Ev.REINS:
                self.reins(f, *p[:3])
            elif kind == Ev.RALLY:
                self.rally(f, *p[:3])
            else:
                raise ValueError(f"events: row {i} has kind {kind}, not a Westamunda event")
        return "\n".join(self.out)


def narrate(events: np.ndarray, table, names, rules: WMRules,
            gang_types=("townsfolk", "townsfolk"), rosters=None) -> str:
    """The fight told turn by turn (a fast-draw shoot-out: round by round, score by score);
    fighters are labelled by side letter and number within the side (A1, B3...).

    events int64[n, N_EV_COLS] (``state.Ev`` rows, as ``engine.replay`` returns them); table
    the (terrain, piece, building) arrays it returns (or a ``Table``); names the two sides'
    gunfighters; rules the ``WMRules`` the fight was played under; gang_types the two gangs'
    types (``rules.GANG_TYPES``), as passed to ``replay``; rosters the two rosters (Recruits)
    passed to ``replay``, whose skills the opening roster names (the trace does not log them):
    None for the rules' own gangs (``builds.side_roster``, what ``gangsim play`` fights), so
    pass them when the fight was played with others (``replay``'s own default, the standard
    roster, has no skills)."""
    events = np.asarray(events, dtype=np.int64)
    if events.ndim != 2 or events.shape[1] < 12:
        raise ValueError(f"events: expected int64[n, 12], got shape {events.shape}")
    tab = table if isinstance(table, Table) else Table(*table)
    if rosters is None:
        rosters = _rules_rosters(rules)
    events = events[events[:, 2] != Ev.RUN]  # a run's planned length: read from its moves
    return _Story(events, tab, list(names), rules, gang_types, rosters).run()


def _rules_rosters(rules: WMRules):
    """The rules' own two rosters (build_a/b, swap_a/b, skill_a/b), or None when the rules
    field none (a roster they cannot build: the fight's were someone else's)."""
    from sim.core.params import ConfigError
    from sim.westamunda import builds

    try:
        return tuple(builds.side_roster(rules, side) for side in "ab")
    except (ConfigError, ValueError):
        return None
