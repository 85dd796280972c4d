"""Rifle & Gun state layout shared by the engine and the strategies (no logic here).

Teams are indexed 0..T-1 over both sides. Per team (int64 arrays):
    side[T]  0 or 1;  quality[T] die sides;  x[T], y[T] leader cell;  alive[T] bool
    frags[T], smokes[T] grenades left (a team pool: comrades' grenades are picked up)
    pinned[T] (0, PINNED_FIRE or PINNED_BREACH), acted[T], reacted[T], overwatch[T],
    ow_fired[T] flags for this turn
    moved[T]  -1 still, else the movement mode used this turn (decides the +1 defence die)
Soldiers: state[T, SLOTS], role[T, SLOTS] as in ``team``.
"""

from enum import IntEnum

from sim.core.tabletop.movement import GO_AROUND, GO_OVER

# rule vector indices (see RGRules.kernel_params)
R_TURNS = 0  # turn limit
R_SCENARIO = 1  # 0 firefight, 1 objective
R_HIT_ON = 2
R_CANCEL_HIGHEST = 3  # cancel mode: 0 lowest first, 1 highest first (text), 2 defender's choice
#                       (volley.CANCEL_LOWEST / CANCEL_HIGHEST / CANCEL_DEFENDER)
R_BREAK_PCT = 4  # a side breaks when this % of its soldiers are dead
R_OBJ_RADIUS = 5  # objective: within this many inches of the centre
R_MERGE_DIST = 6  # teams within this many inches may merge at the start of a turn
R_CROSSFIRE = 7
R_BREACH_FRAG_PINS = 8
R_DEBUG = 9  # 1: check invariants after every turn (set by play_batch, not a rule)
R_RAPID_MOVE = 10  # inches
R_CAUTIOUS_MOVE = 11  # inches
R_CLOSE_RANGE = 12  # inches: the close-range attack bonus applies within it
R_CLOSE_DICE = 13
R_STILL_DICE = 14  # attack dice for a team that did not move before shooting
R_GRENADIER_DICE = 15
R_SAW_DICE = 16
R_FRAG_RANGE = 17  # inches
R_FRAG_DICE = 18  # per grenade
R_SMOKE_RANGE = 19  # inches
R_PIECE_DICE = 20  # defence dice per non-blocking piece between
R_SMOKE_DICE = 21  # defence dice per smoke cloud between
R_STEADY_DICE = 22  # defence dice for a target that moved cautiously or stood still
R_COVER_DICE = 23  # defence dice behind blocking terrain
R_CROSSFIRE_CORRIDOR = 24  # inches either side of the line of fire
R_RETREAT = 25  # inches a pinned team retreats
R_REACTION_TIES = 26  # TIES_ACTOR / TIES_REACTOR / TIES_REROLL
R_INIT_PINS = 27  # 1: initiative counts only unpinned soldiers (last turn's pins still on)
N_RULES = 28
TIES_ACTOR, TIES_REACTOR, TIES_REROLL = 0, 1, 2


class Action(IntEnum):
    """A team's action in its activation (``D_ACTION``)."""

    HOLD = 0
    RAPID = 1
    CAUTIOUS = 2
    SHOOT = 3
    MOVE_SHOOT = 4
    SHOOT_MOVE = 5


ACTION_NAMES = ("hold", "rapid move", "cautious move", "shoot", "move & shoot", "shoot & move")
REGULAR, SUPPRESSIVE = 0, 1  # fire modes
REACT_MOVE = 2  # a reaction mode: a cautious move (to cover) instead of fire

# movement modes (TMOVED, EV_MOVE): a rapid move goes around terrain, a cautious one over it
MODE_RAPID, MODE_CAUTIOUS = GO_AROUND, GO_OVER
MOVED_STILL = -1  # TMOVED of a team that has not moved this turn
PINNED_FIRE, PINNED_BREACH = 1, 2  # TPINNED: pinned by fire (retreats) or by a breach (stays)

# decision vector written by policies: int64[N_DEC]
D_ACTION = 0  # Action
D_X = 1  # destination cell
D_Y = 2
D_TARGET = 3  # team index, -1 none
D_MODE = 4  # REGULAR / SUPPRESSIVE
D_FRAGS = 5
D_SMOKE_X = 6  # smoke grenade cell, -1 none
D_SMOKE_Y = 7
N_DEC = 8

# per-game records int64[N_GAME_COLS]
G_WINNER = 0  # side, -1 draw
G_TURNS = 1
G_END = 2  # 0 break, 1 objective held, 2 turn limit
G_FIRST_INIT = 3  # side with initiative on turn 1
G_DICE = 4
G_SHOTS = 5
G_REACTIONS = 6
G_ERROR = 7  # debug mode: Bad code of the first broken invariant (game stopped), else 0
G_ERROR_ROUND = 8  # ... and the turn it broke in
N_GAME_COLS = 9
END_BREAK, END_OBJECTIVE, END_LIMIT = 0, 1, 2


class Bad(IntEnum):
    """Invariants checked in debug mode (after every turn; buffer room where it is used)."""

    OK = 0
    FACES_FULL = 1  # a volley rolled more attack dice than the faces buffer holds
    SLOTS_FULL = 2  # a merge found no free soldier slot
    EMPTY_TEAM = 3  # a team on the table with no living soldier
    SOLDIERS_GAINED = 4  # a side has more living soldiers than it started with
    OFF_TABLE = 5  # a team outside the table
    SHARED_CELL = 6  # two teams on one cell
    NEGATIVE_GRENADES = 7


# per-side records int64[2, N_SIDE_COLS]
S_START = 0  # soldiers at the start
S_ALIVE = 1
S_INJURED = 2
S_KILLED = 3  # enemy soldiers this side killed
S_PINS = 4  # times this side pinned an enemy team
S_ON_OBJ = 5  # unpinned soldiers within the objective radius at the end
S_INIT_TURNS = 6  # turns with initiative
S_OW_DECLARED = 7  # overwatch declarations
S_OW_SHOTS = 8  # overwatch volleys fired
S_REACTIONS = 9  # reactions declared (to a move or to shooting)
S_REACTIONS_WON = 10  # reactions to a move that won the opposed roll
S_REACTION_SHOTS = 11  # volleys fired as reactions (won or resolved after the action)
S_REACTIONS_UNFIRED = 12  # declared reactions that did nothing (target out of sight or dead,
#                           the reactor pinned first, or no step to take)
S_BREACH_PINS = 13  # enemy teams pinned by this side's breach grenades (also in S_PINS)
S_REACTION_MOVES = 14  # reactions that moved (REACT_MOVE) instead of firing
N_SIDE_COLS = 15


class Ev(IntEnum):
    """Event kinds: rows (turn, team, kind, a..i) of the trace (``sim.core.trace``); the payload
    of each kind is listed next to it; team is -1 where no team acts."""

    DEPLOY = 0  # turn 0: a=x, b=y, c=side, d=quality die, e=soldiers
    INITIATIVE = 1  # team -1: a=side with it, b=side A's unpinned soldiers, c=side B's
    OVERWATCH = 2  # the team goes on overwatch (no payload)
    MOVE = 3  # a=x0, b=y0, c=x1, d=y1, e=movement mode
    SHOT = 4  # a=target, b=fire mode, c=attack dice, d=frags used, e=hit dice (regular) or
    #           hits (suppressive)
    HITS = 5  # the team defends: a=shooter, b=defence dice, c=saves, d=kill dice, e=injury dice,
    #           f=deaths, g=new injuries
    PINNED = 6  # a=the team that fired
    RETREAT = 7  # a=x0, b=y0, c=x1, d=y1
    REACTION = 8  # a=the acting team, b=reactor's roll, c=actor's roll (both 0 when reacting
    #               to shooting: no roll), d=reactor goes first, e=fire mode or REACT_MOVE,
    #               f=portion reacted to (0 the move, 1 the shooting), g=path step where it
    #               acts (0 = the mover's start cell; -1 after the action)
    MERGE = 9  # a=the team absorbed
    SMOKE = 10  # a=x, b=y of the cloud's centre
    BREACH = 11  # a=building entered, b=enemy teams inside pinned (each also gets PINNED)
    END = 12  # team -1: a=winning side (-1 draw), b=end reason
    ACTION = 13  # the team's action (after the rapid-with-injured rule): a=Action, b=target,
    #              c=x, d=y of the destination, e=1 in phase 4 (the enemy may react)


# team table columns: int64[T, N_TM]
TX, TY, TSIDE, TQ, TALIVE, TFRAGS, TSMOKES, TPINNED, TACTED, TREACTED = range(10)
TOW, TOWFIRED, TMOVED, TLASTDX, TLASTDY, TINDEX = range(10, 16)  # TINDEX: team number in side
TTURN = 16  # the current turn (written in phase 2; 0 at deployment), for the commanders
N_TM = 17
