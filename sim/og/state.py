"""O.G. state layout shared by the engine and the strategies (no logic here).

Board arrays (one entry per block, row-major cells ``y * width + x``; geometry from
``sim.core.grid``):
    owner   int64[ncell]   -1 free, 0..P-1 the gang holding it
    special int64[ncell]   -1 ordinary, 0..4 special type (School .. Park)
    nbr     int64[ncell,8] neighbour cells, orthogonal first, -1 padded
Player arrays:
    rating  int64[P,4]     CREW, PAPERS, CHROME, PROPS
    blocks  int64[P]       blocks held; 0 = eliminated
"""

from enum import IntEnum

from sim.core.trace import N_EV_COLS  # noqa: F401  (the trace layout every engine shares)

# ratings
CREW, PAPERS, CHROME, PROPS = 0, 1, 2, 3
N_RATINGS = 4
N_RESOURCES = 3  # Crew, Papers, Chrome: the income columns, never negative
N_SPECIAL_TYPES = 5
MAX_SEATS = 6  # the text's largest table; the roll-off event has one payload slot per seat
START_BLOCKS = 2  # the text: every gang starts on two adjacent blocks (placed as one pair)
MID_GAME_DIV = 2  # "mid-game" is the end of round rounds // MID_GAME_DIV (comeback analysis)

# rule vector indices (see OGRules.kernel_params)
R_GOAL = 0
R_MAX_ROUNDS = 1
R_SIDES = 2
R_SUCCESS = 3
R_MAX_EXPAND = 4
R_TIES_ATTACKER = 5
R_WIN_PROPS = 6
R_BONUS_PROPS = 7
R_BONUS_DIV = 8
R_LOSE_PROPS = 9
R_TERRITORY_PROPS = 10
R_PROPS_NEGATIVE = 11
R_PROPS_SPEND = 12
R_DRIVEBY_ADJ = 13
R_BASE_PAPERS = 14
R_LAST_STANDING = 15
R_START_PERIMETER = 16
R_SPECIAL_CENTER = 17
R_START = 18  # 4 entries: starting Crew, Papers, Chrome, Props
R_DEBUG = 22  # 1: check invariants after every turn (set by play_batch, not a rule)
N_RULES = 23


class Action(IntEnum):
    """The one action a player takes each turn (besides Expand)."""

    NONE = 0
    RECRUIT = 1
    UPGRADE = 2
    DRIVEBY = 3


N_ACTIONS = 4  # len(Action), for kernels


# decision vector written by policies: int64[N_DEC]
D_KIND = 0  # Action, or for expand: EXPAND or STOP
D_AMOUNT = 1  # papers exchanged
D_TARGET = 2  # drive-by target player, or expand target cell
D_CREW = 3  # crew committed
D_CHROME = 4  # chrome committed
D_PROPS = 5  # props spent (optional rule)
N_DEC = 6
STOP, EXPAND = 0, 1  # D_KIND values of an Expand decision


class End(IntEnum):
    """Why a game ended."""

    GOAL = 0
    LAST_STANDING = 1
    TURN_LIMIT = 2


# per-game record columns: int64[n_games, N_GAME_COLS]
G_WINNER = 0  # seat of the winner, -1 if none
G_ROUNDS = 1  # rounds started (a round = every live player's turn once)
G_TURNS = 2  # player turns played
G_END = 3  # End
G_FIRST = 4  # seat that won the roll-off
G_DICE = 5  # dice rolled in the game (roll-offs included)
G_FIGHTS = 6
G_DRIVEBYS = 7
G_GOAL = 8  # the Props goal played to
G_LEAD_CHANGES = 9  # times the Props leader (end of round) changed
G_WINNER_LEAD_ROUND = 10  # round from which the eventual winner led for good, -1 if none
G_ERROR = 11  # debug mode: Bad code of the first broken invariant (game stopped), else 0
G_ERROR_ROUND = 12  # ... and the round it broke in
N_GAME_COLS = 13


class Bad(IntEnum):
    """Invariants checked after every turn in debug mode."""

    OK = 0
    NEGATIVE_RATING = 1  # Crew, Papers or Chrome below 0, or Props below a 0 floor
    BLOCK_COUNT = 2  # a gang's block count differs from the blocks it owns on the board
    BAD_OWNER = 3  # a block owned by no valid seat
    ELIMINATED_HOLDS = 4  # an eliminated gang still owns blocks (or a live one none)

# per-player record columns: int64[n_games, P, N_PLAYER_COLS]
P_ORDER = 0  # turn position: 0 = went first
P_CREW = 1
P_PAPERS = 2
P_CHROME = 3
P_PROPS = 4
P_BLOCKS = 5
P_SPECIALS = 6  # special blocks held at the end
P_ELIM_ROUND = 7  # round eliminated, -1 if never
P_RECRUITS = 8
P_UPGRADES = 9
P_DRIVEBYS = 10
P_CLAIMS = 11  # free blocks taken
P_ATTACKS = 12
P_ATTACKS_WON = 13
P_DEFENCES = 14
P_DEFENCES_WON = 15
P_PROPS_MID = 16  # Props at the end of round (rounds // 2), for comeback analysis
P_HELD = 17  # 5 entries: own turns started holding a School, Burger Shack, Gun Shop, Pawn Shop, Park
N_PLAYER_COLS = 22


class Ev(IntEnum):
    """Event kinds in a game trace: int64[n_events, N_EV_COLS] = (round, actor, kind, a..i);
    round 0 is set-up, actor -1 is nobody. Each kind's payload (unlisted slots are 0):"""

    START_BLOCK = 0  # actor=gang; a=cell (two per gang, its pair in order)
    SPECIAL = 1  # a=cell, b=special type (re-stated after the centre shuffle)
    ROLLOFF = 2  # a..f = die of seat 0..5 (0 = not rolling this round)
    FIRST = 3  # actor = seat that plays first; no payload
    INCOME = 4  # a=crew, b=papers, c=chrome gained
    RECRUIT = 5  # a=papers exchanged
    UPGRADE = 6  # a=papers exchanged
    # DRIVEBY: a=target b=crew c=chrome d=props spent e=crew hits f=extra hits g=props removed
    DRIVEBY = 7
    CLAIM = 8  # a=cell (free block)
    # FIGHT: a=cell b=defender c=att crew d=att extra e=def crew f=def extra g=att hits h=def hits i=winner
    FIGHT = 9
    PROPS = 10  # a=change, b=new total, c=reason (PR_* below)
    ELIMINATED = 11  # actor=gang out; a=by player
    WIN = 12  # a=End reason, b=props
    TIMEOUT = 13  # no payload (turn limit reached)
    PASS = 14  # no payload (no action this turn)
    SPEND = 15  # before a fight (optional rule): a=attacker Props spent, b=defender Props spent


# props change reasons
PR_TERRITORY, PR_FIGHT_WIN, PR_BONUS, PR_FIGHT_LOSS = 0, 1, 2, 3
