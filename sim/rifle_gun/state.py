"""Rifle & Gun state layout shared by the engine and the strategies (no logic here).

Teams are indexed 0..T-1 over both sides. Per team (int64 arrays):
    side[T]  0 or 1;  quality[T] die sides;  x[T], y[T] leader cell;  alive[T] bool
    frags[T], smokes[T] grenades left (a team pool: comrades' grenades are picked up)
    pinned[T], acted[T], reacted[T], overwatch[T], ow_fired[T] flags for this turn
    moved[T]  -1 still, 0 rapid, 1 cautious (this turn: decides the +1 defence die)
Soldiers: state[T, S], role[T, S] as in ``team``.
"""

# rule vector indices (see RGRules.kernel_params)
R_TURNS = 0  # turn limit
R_SCENARIO = 1  # 0 firefight, 1 objective
R_HIT_ON = 2
R_CANCEL_HIGHEST = 3
R_BREAK_PCT = 4  # a side breaks when this % of its soldiers are dead
R_OBJ_RADIUS = 5  # objective: within this many inches of the centre
R_MERGE_DIST = 6  # teams within this many inches may merge at the start of a turn
R_CROSSFIRE = 7
R_BREACH_FRAG_PINS = 8
R_DEBUG = 9
N_RULES = 10

# actions
HOLD, RAPID, CAUTIOUS, SHOOT, MOVE_SHOOT, SHOOT_MOVE = 0, 1, 2, 3, 4, 5
ACTION_NAMES = ("hold", "rapid move", "cautious move", "shoot", "move & shoot", "shoot & move")
REGULAR, SUPPRESSIVE = 0, 1

# decision vector written by policies: int64[N_DEC]
D_ACTION = 0
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
G_ERROR = 7
N_GAME_COLS = 8
END_BREAK, END_OBJECTIVE, END_LIMIT = 0, 1, 2

# per-side records int64[2, N_SIDE_COLS]
S_START = 0  # soldiers at the start
S_ALIVE = 1
S_INJURED = 2
S_KILLED = 3  # enemy soldiers this side killed
S_PINS = 4  # times this side pinned an enemy team
S_ON_OBJ = 5  # unpinned soldiers within the objective radius at the end
S_INIT_TURNS = 6  # turns with initiative
N_SIDE_COLS = 7

# events int64[n, N_EV_COLS] = (turn, team, kind, a..i)
EV_DEPLOY, EV_INITIATIVE, EV_OVERWATCH, EV_MOVE, EV_SHOT, EV_HITS, EV_PINNED, EV_RETREAT = range(8)
EV_REACTION, EV_MERGE, EV_SMOKE, EV_BREACH, EV_END = range(8, 13)
N_EV_COLS = 12

# team table columns: int64[T, N_TM]
TX, TY, TSIDE, TQ, TALIVE, TFRAGS, TSMOKES, TPINNED, TACTED, TREACTED = range(10)
TOW, TOWFIRED, TMOVED, TLASTDX, TLASTDY, TINDEX = range(10, 16)  # TINDEX: team number in side
N_TM = 16
MOVED_STILL = -1  # TMOVED: -1 still, else the movement mode used this turn (RAPID / CAUTIOUS)
