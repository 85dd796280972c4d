"""The Westamunda gunfight engine (phase 1, first slice): one fight in ``_play`` (numba), many in
``_play_batch`` (one ``prange`` over fights).

A fight is Necromunda's: the gangs take whole turns alternately (the first by a coin), each turn
in the base game's order: the bottle test, pinned fighters' escape tests, the movement phase (each
fighter's action: hold, walk, run, crawl, aim, overwatch, reload or clear a jam, charge; a down
fighter may crawl; movers may snap
shoot from any point of their path, and enemy overwatch fires at them on the way, with quick
draws), the enemy's overwatch at targets that stayed put, the shooting phase (normal, snap,
aimed, fanned or blazed shots), hand-to-hand, and the recovery phase (down fighters' rolls, pins
lifted, reloads and jam clearing done). Every number comes from a ``WMRules`` (``kernel_params``,
``tables``) or the weapon table; nothing of the text is written here. The table is the shared
tabletop (``sim/core/tabletop``): 1" cells, line of sight and what lies along it, movement reach.
Facing and arcs are this module's (``_in_arc``): the shared geometry has none yet.

Kernels pass the fight in named records: ``Game`` (dice, rules, the weapon table, the
gunfighters), ``Field`` (the table), ``Gangs`` (fighters and their kit), ``Scratch`` (buffers
sized in Python from the rules and rosters) and ``Out`` (records, trace, clock).
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

import numba
import numpy as np

from sim.core import trace as TR
from sim.core.debug import debug_default, raise_on_broken
from sim.core.jit import batch_kernel, kernel, prange, step
from sim.core.params import ConfigError
from sim.core.rng import STATE_SIZE, randint, roll, seed_state
from sim.core.tabletop.battlefield import (
    BLOCKING,
    DEEP_WATER,
    NONBLOCKING,
    OPEN,
    SHALLOW_WATER,
    THICKET,
    generate,
    is_low,
    piece_span,
    seen_size,
    sight,
)
from sim.core.tabletop.geometry import dist_in, sees
from sim.core.tabletop.movement import GO_OVER, UNREACHED, path_to, queue_size, reach, step_cost
from sim.westamunda import state as S
from sim.westamunda.rules import (
    ACTIVITIES,
    FIGHTERS,
    GANG_TYPES,
    ROUND_OF,
    SKILLS,
    WEAPON_KINDS,
    WEAPONS,
    Recruit,
    WMRules,
)
from sim.westamunda.state import (
    D6,
    FA,
    FACT,
    FAIMCOV,
    FAIMDX,
    FAIMDY,
    FAIMN,
    FAIMT,
    FBS,
    FCHARGED,
    FENGAGED,
    FFACEX,
    FFACEY,
    FFIRED,
    FFLESH,
    FI,
    FINDEX,
    FLD,
    FM,
    FMELEE_S,
    FMOVED,
    FMOVED_IN,
    FORDER,
    FOW,
    FOWFIRED,
    FOWN,
    FPIN_TURN,
    FPINNED,
    FRELOAD_SHELL,
    FRELOAD_SLOT,
    FS,
    FSCORE,
    FSIDE,
    FSTATE,
    FT,
    FTWO_HANDED,
    FTYPE,
    FW,
    FWET,
    FWS,
    FX,
    FY,
    KALT,
    KALT_RES,
    KJAMS,
    KLOADED,
    KRESERVE,
    KSPARE,
    KUSELESS,
    KW,
    N_FC,
    N_KC,
    NO_SHOT,
    ST_DOWN,
    ST_OUT,
    ST_STANDING,
    Act,
    Bad,
    Ev,
)
from strategies.westamunda import (
    BRAWLER,
    N_KINDS,
    N_W,
    RANDOM,
    W_BOTTLE,
    W_CHARGE_IN,
    W_FAN,
    W_LIE_DOWN,
    W_SHOOT_NEED,
    W_THROW,
    choose_shot,
    climb_hands_full,
    covered,
    crawl_to,
    decide,
    entangles,
    helps,
    pairs_one_handed,
    side_or_rear,
    snap_step,
    stay_tangled,
)

if numba.config.DISABLE_JIT:  # plain-Python runs (debugging): a view is the array itself
    def borrow(arr):
        return arr
else:
    from sim.core.borrow import borrow

MAX_EVENTS = TR.DEFAULT_ROWS
DEFAULT_MAPS = 8  # generated tables per point (each also played turned round); see play_batch
HOLD, WALK, CRAWL = int(Act.HOLD), int(Act.WALK), int(Act.CRAWL)  # plain ints: one compiled
RUN, CHARGE = int(Act.RUN), int(Act.CHARGE)
# _move, not one per enum member
ACT_ROPES = -2  # FACT of an entangled fighter who spent his turn trying to get free
ACT_HELP = -3  # FACT of a fighter who spent his turn helping a friend climb onto a horse (wm-25)
ACT_REINS = -4  # FACT of a passenger who took the reins before his own action in his side's turn
#                 (wm-27): that turn is spent (no action, no shot; the horse moved already)


class Batch(NamedTuple):
    games: np.ndarray  # int64[n, N_GAME_COLS]
    sides: np.ndarray  # int64[n, 2, N_SIDE_COLS]


class Game(NamedTuple):
    s: np.ndarray  # uint64[STATE_SIZE] dice state
    rp: np.ndarray  # int64[N_RULES]
    tb: np.ndarray  # int64[N_TB] the rules' small tables
    wound: np.ndarray  # int64[10, 10] wound chart
    wt: np.ndarray  # int64[len(WEAPONS), len(WEAPON_COLUMNS)] the weapon table
    kinds: np.ndarray  # int64[2] gunfighter policy of each side
    weights: np.ndarray  # float64[2, N_W]


class Field(NamedTuple):
    terrain: np.ndarray  # int8[h, w] (low pieces wider than free_obstacle_in are THICKET)
    piece: np.ndarray  # int32[h, w]
    building: np.ndarray  # int32[h, w]
    smoke: np.ndarray  # int32[h, w], all -1 (the shared sight reads it; no smoke here)
    barred: np.ndarray  # bool[h, w]: cells of low pieces wider than horse_jump_in (no horse)


class Gangs(NamedTuple):
    fm: np.ndarray  # int64[F, N_FC]
    kit: np.ndarray  # int64[F, K, N_KC]


class Scratch(NamedTuple):
    dist: np.ndarray  # int64[h, w] movement costs
    queue: np.ndarray  # int64[queue_size(h, w)]
    seen: np.ndarray  # int32[seen_size(h, w)]
    need: np.ndarray  # int64[F, K] legal shots: the D6 score each needs, NO_SHOT none
    legal: np.ndarray  # bool[F, K] closest-target rule work space
    step_need: np.ndarray  # int64[h * w] easiest shot from each step of a path
    path: np.ndarray  # int64[h * w] a mover's path, cells y * w + x (movement.path_to)
    occ: np.ndarray  # bool[h, w] cells other fighters stand or lie on
    saw: np.ndarray  # int64[F] an overwatcher saw the mover (in arc) where his move began
    dec: np.ndarray  # int64[N_DEC] a policy's decision
    dice_a: np.ndarray  # int64[sizes.dice] attack dice of one side of a hand-to-hand round
    dice_b: np.ndarray  # int64[sizes.dice] ... of the other
    able: np.ndarray  # int64[F] the shoot-out: fighters of the score acting who shoot
    under: np.ndarray  # int64[F] fighters under a scatter template


class Sizes(NamedTuple):
    """Scratch lengths, computed in Python from the rules, rosters and table (see ``sizes``)."""

    queue: int
    seen: int
    dice: int


class Out(NamedTuple):
    g_out: np.ndarray  # int64[N_GAME_COLS]
    side_out: np.ndarray  # int64[2, N_SIDE_COLS]
    trace: np.ndarray  # int64[rows, N_EV_COLS], 0 rows in batches
    nev: np.ndarray  # int64[1] events so far (written or not)
    clock: np.ndarray  # int64[2] round (1..), gang turns begun (1..)


@kernel
def _log(out, actor, kind, a=0, b=0, c=0, d=0, e=0, f=0, g=0, h=0, i=0):
    # batches (0-row trace) only count: no call into emit on the hot path
    if out.trace.shape[0] == 0:
        out.nev[0] += 1
    else:
        out.nev[0] = TR.emit(out.trace, out.nev[0], out.clock[0], actor, kind, a, b, c, d, e, f,
                             g, h, i)


@kernel
def _broken(out, code):
    """Record the first broken invariant of the fight."""
    if out.g_out[S.G_ERROR] == 0:
        out.g_out[S.G_ERROR] = code
        out.g_out[S.G_ERROR_ROUND] = out.clock[0]


# ---------------------------------------------------------------- dice


@step
def _second_need(tb, i):
    """The second die's need after a 6 for a need of D6 + 1 + i (second_die_needs, its last
    entry rising by one past the list: WMRules.second_need)."""
    if i < S.N_SECOND:
        return tb[S.TB_SECOND + i]
    return tb[S.TB_SECOND + S.N_SECOND - 1] + i - S.N_SECOND + 1


@kernel
def _roll_need(g, need):
    """Roll a D6 score of ``need`` by the text's dice (WMRules.p_needed): up to 6 one die, a
    natural 1 failing (natural_one_fails); above 6 a 6 first, then a second die of
    second_die_needs (``R_CHAIN``: the 'chain' reading rolls a need above 6 on it by the same
    rule). Returns (success, the first die)."""
    rp, tb, s = g.rp, g.tb, g.s
    if need <= D6:
        d = roll(s, D6)
        low = need
        if rp[S.R_NAT_ONE] != 0 and low < 2:
            low = 2
        return d >= low, d
    first = roll(s, D6)
    if first != D6:
        return False, first
    cur = need
    for _ in range(need):  # each pass lowers the need: a bounded loop
        i = cur - D6 - 1
        nxt = _second_need(tb, i)
        if nxt <= D6:
            if rp[S.R_CHAIN] == 0 and i >= S.N_SECOND:
                return False, first
            return roll(s, D6) >= max(nxt, 1), first
        if rp[S.R_CHAIN] == 0 or nxt >= cur:
            return False, first
        if roll(s, D6) != D6:
            return False, first
        cur = nxt
    return False, first


@kernel
def _can_roll(g, need):
    """Can a score of ``need`` be rolled at all on the text's dice (``_roll_need``'s ladder
    walked without dice; WMRules.p_needed(need) > 0)? Under seven_plus_reading 'capped' a
    need past second_die_needs' last possible entry (10+ at the defaults) cannot."""
    rp, tb = g.rp, g.tb
    if need <= D6:
        return True
    cur = need
    for _ in range(need):
        i = cur - D6 - 1
        nxt = _second_need(tb, i)
        if nxt <= D6:
            return rp[S.R_CHAIN] != 0 or i < S.N_SECOND
        if rp[S.R_CHAIN] == 0 or nxt >= cur:
            return False
        cur = nxt
    return False


@kernel
def _p_need(g, need):
    """Chance of rolling a score of ``need`` on the text's dice (WMRules.p_needed: ``_roll_need``
    without dice), for a gunfighter weighing his options."""
    rp, tb = g.rp, g.tb
    if need <= D6:
        low = need
        if rp[S.R_NAT_ONE] != 0 and low < 2:
            low = 2
        return (D6 + 1 - max(low, 1)) / D6
    p = 1.0 / D6
    cur = need
    for _ in range(need):
        i = cur - D6 - 1
        nxt = _second_need(tb, i)
        if nxt <= D6:
            if rp[S.R_CHAIN] == 0 and i >= S.N_SECOND:
                return 0.0
            return p * (D6 + 1 - max(nxt, 1)) / D6
        if rp[S.R_CHAIN] == 0 or nxt >= cur:
            return 0.0
        p /= D6
        cur = nxt
    return 0.0


@kernel
def _test(g, score, modifier):
    """A characteristic test (BS, WS, S): needed_base - score - modifier on the text's dice."""
    ok, _ = _roll_need(g, g.rp[S.R_NEEDED_BASE] - score - modifier)
    return ok


@kernel
def _i_test(g, score, modifier):
    """An initiative test under i_roll_reading ('under': D6 at most I + modifier)."""
    if g.rp[S.R_I_UNDER] != 0:
        return roll(g.s, D6) <= min(max(score + modifier, 0), D6)
    return _test(g, score, modifier)


@step
def _may_quick_draw(rp, i_mover, i_watcher):
    """May a mover of Initiative ``i_mover`` try a quick draw against an overwatcher of
    ``i_watcher`` (quick_draw on, his I ahead by quick_draw_margin or more)?"""
    return rp[S.R_QUICK_DRAW] != 0 and i_mover - i_watcher >= rp[S.R_QD_MARGIN]


@kernel
def _ld_test(g, ld):
    """A leadership test: ld_dice D6 at most Ld. Returns (passed, total)."""
    total = 0
    for _ in range(g.rp[S.R_LD_DICE]):
        total += roll(g.s, D6)
    return total <= ld, total


@step
def _wound_need(g, strength, toughness):
    """D6 needed to wound (0: cannot), S and T clipped to the chart."""
    n = g.wound.shape[0]
    return g.wound[min(max(strength, 1), n) - 1, min(max(toughness, 1), n) - 1]


# ---------------------------------------------------------------- geometry


@step
def _see(f, sc, x0, y0, x1, y1):
    return sees(f.terrain, f.piece, f.building, f.smoke, x0, y0, x1, y1, sc.seen)


@kernel
def _depth(f, x, y):
    """Water at cell (x, y): -1 none, 0 shallow, 1 deep (rules' shallow/deep pairs)."""
    kind = f.terrain[y, x]
    if kind == SHALLOW_WATER:
        return 0
    if kind == DEEP_WATER:
        return 1
    return -1


@kernel
def _target_cover(g, f, ge, sc, x, y, t):
    """(visible, cover) of fighter t seen from (x, y): ``_cover`` of his cell, a pinned
    fighter in water at least pinned_water_cover (partial in shallow, full in deep water), and
    one on foot on or behind his own war horse lying down at least partial (``_behind_horse``;
    the text's cover "for the character", its rider)."""
    fm = ge.fm
    vis, cov = _cover(f, sc, x, y, fm[t, FX], fm[t, FY])
    if vis and fm[t, FPINNED] != 0:
        d = _depth(f, fm[t, FX], fm[t, FY])
        if d >= 0:
            cov = max(cov, g.tb[S.TB_WATER_COVER + d])
    if vis and cov == S.COV_NONE and fm[t, S.FHLIE] != 0 and fm[t, S.FHORSE] == 0 and \
            _behind_horse(x, y, fm[t, FX], fm[t, FY], fm[t, S.FHX], fm[t, S.FHY]):
        cov = S.COV_PARTIAL
    return vis, cov


@kernel
def _get_wet(g, f, ge, out, a):
    """Fighter a pinned or down in water (WET_IN_WATER), or moving in deep water (WET_DEEP):
    the mark his guns' ammo rolls read for the rest of the fight (Ev.WET when newly set)."""
    fm = ge.fm
    d = _depth(f, fm[a, FX], fm[a, FY])
    if d < 0:
        return
    bit = 0
    if fm[a, FPINNED] != 0 or fm[a, FSTATE] == ST_DOWN:
        bit |= S.WET_IN_WATER
    if d == 1:
        bit |= S.WET_DEEP
    new = bit & ~fm[a, FWET]
    if new & S.WET_IN_WATER:
        _log(out, a, Ev.WET, S.WET_IN_WATER, fm[a, FX], fm[a, FY])
        out.side_out[fm[a, FSIDE], S.S_WET] += 1
    if new & S.WET_DEEP:
        _log(out, a, Ev.WET, S.WET_DEEP, fm[a, FX], fm[a, FY])
    fm[a, FWET] |= bit


@kernel
def _cover(f, sc, x0, y0, x1, y1):
    """(visible, cover) of cell (x1, y1) seen from (x0, y0): full cover behind blocking terrain
    or inside a building, partial behind low terrain (the shared sight's counts)."""
    vis, pieces, smokes, behind = sight(f.terrain, f.piece, f.building, f.smoke, x0, y0, x1, y1,
                                        sc.seen)
    if not vis:
        return False, S.COV_NONE
    if behind:
        return True, S.COV_FULL
    if pieces > 0 or smokes > 0:
        return True, S.COV_PARTIAL
    return True, S.COV_NONE


@kernel
def _in_arc(fx, fy, vx, vy, arc_deg):
    """Is direction (vx, vy) within ``arc_deg`` degrees centred on facing (fx, fy)? (inclusive;
    an arc of 360 or more, no facing or no direction: yes)."""
    if arc_deg >= 360:
        return True
    nf = math.sqrt(fx * fx + fy * fy)
    nv = math.sqrt(vx * vx + vy * vy)
    if nf == 0.0 or nv == 0.0:
        return True
    return fx * vx + fy * vy >= math.cos(math.radians(arc_deg / 2.0)) * nf * nv - 1e-9


@step
def _adjacent(fm, a, b):
    return max(abs(fm[a, FX] - fm[b, FX]), abs(fm[a, FY] - fm[b, FY])) <= 1


@kernel
def _occupied(fm, except_f, occ):
    """Fill ``occ`` with the cells of fighters on the table other than ``except_f``."""
    occ[:, :] = False
    for b in range(fm.shape[0]):
        if fm[b, FSTATE] != ST_OUT and b != except_f and fm[b, S.FPASS] < 0:
            occ[fm[b, FY], fm[b, FX]] = True  # (a passenger is on his rider's cell)
    return occ


@kernel
def barred_cells(terrain, piece, jump):
    """bool[h, w]: the cells of low pieces (NONBLOCKING or THICKET) whose narrower side is more
    than ``jump`` inches (horse_jump_in): no horse enters them (text: 'objects greater than
    this cannot be ridden over')."""
    h, w = terrain.shape
    span = piece_span(piece, np.zeros((h, w), dtype=np.int64))
    out = np.zeros((h, w), dtype=np.bool_)
    for y in range(h):
        for x in range(w):
            out[y, x] = is_low(terrain[y, x]) and span[y, x] > jump
    return out


@kernel
def _move_occ(f, fm, a, occ):
    """``_occupied`` for fighter a's movement search: the cells others stand on and, while he
    rides, the cells no horse enters (``f.barred``)."""
    occ = _occupied(fm, a, occ)
    if fm[a, S.FHORSE] != 0:
        h, w = occ.shape
        for y in range(h):
            for x in range(w):
                if f.barred[y, x]:
                    occ[y, x] = True
    return occ


@kernel
def _stands_at(fm, x, y, except_f):
    """Is a fighter on the table, not ``except_f``, on cell (x, y)? (A passenger is on his
    rider's cell: the rider answers for it.)"""
    for b in range(fm.shape[0]):
        if fm[b, FSTATE] != ST_OUT and b != except_f and fm[b, FX] == x and fm[b, FY] == y and \
                fm[b, S.FPASS] < 0:
            return True
    return False


@kernel
def _carry(fm, a):
    """Rider a's passenger, if any, is where a is (a double mount moves as one point)."""
    p = fm[a, S.FCARRY]
    if p >= 0:
        fm[p, FX], fm[p, FY] = fm[a, FX], fm[a, FY]
        fm[p, FFACEX], fm[p, FFACEY] = fm[a, FFACEX], fm[a, FFACEY]


@kernel
def _beside_near(f, fm, x, y, me, tx, ty, near):
    """The first ring round (x, y), out to 3 cells, with a free cell (on the table, not
    blocking terrain, nobody but ``me`` on it), and in it the first free cell in scan order
    (rows, then columns), or with ``near`` the one nearest (tx, ty) (scan order on ties: a rider
    pulled off a horse carrying two by a rope lands towards the roper); (x, y) itself if none."""
    h, w = f.terrain.shape
    for r in range(1, 4):
        bx, by, bd = -1, -1, 1 << 30
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                if max(abs(dx), abs(dy)) != r:
                    continue
                nx, ny = x + dx, y + dy
                if 0 <= nx < w and 0 <= ny < h and f.terrain[ny, nx] != BLOCKING and \
                        not _stands_at(fm, nx, ny, me):
                    if not near:
                        return nx, ny
                    d2 = (nx - tx) * (nx - tx) + (ny - ty) * (ny - ty)
                    if d2 < bd:
                        bx, by, bd = nx, ny, d2
        if bx >= 0:
            return bx, by
    return x, y


@kernel
def _beside(f, fm, x, y, me):
    """Where a man coming off a horse carrying two lands: the first free cell round (x, y), ring
    by ring out to 3 cells, in scan order (``_beside_near``); (x, y) itself if none."""
    return _beside_near(f, fm, x, y, me, x, y, False)


@kernel
def _next_to_enemy(fm, a, x, y):
    """Would fighter a at (x, y) touch an enemy on the table (base contact)?"""
    for b in range(fm.shape[0]):
        if fm[b, FSIDE] != fm[a, FSIDE] and fm[b, FSTATE] != ST_OUT and \
                max(abs(fm[b, FX] - x), abs(fm[b, FY] - y)) <= 1:
            return True
    return False


# ---------------------------------------------------------------- running


@kernel
def _ran(g, fm, a):
    """Is fighter a a runner in his latest turn (the one in progress included)? run_reading
    'distance' (the text's 'running (moving over 4")'): a declared run that has covered more
    than his M; 'declared': any declared run once under way (one that has not left its cell
    is standing still)."""
    if fm[a, FMOVED] != S.MV_RUN or fm[a, FMOVED_IN] <= 0:
        return False
    return g.rp[S.R_RUN_DECLARED] != 0 or fm[a, FMOVED_IN] > 2 * fm[a, FM]


@kernel
def _rapid(g, fm, t):
    """Does target t take rapid_target_modifier? rapid_target_reading 'running': he ran in his
    latest turn (``_ran``; in his own turn, the move under way); 'distance': he moved
    rapid_target_in or more in it (reference 2.3)."""
    if g.rp[S.R_RAPID_RUNNING] != 0:
        return _ran(g, fm, t)
    return fm[t, FMOVED_IN] >= 2 * g.rp[S.R_RAPID_IN]


# ---------------------------------------------------------------- legal shots


@step
def _ready_gun(kit, a, k):
    return kit[a, k, KW] >= 0 and kit[a, k, KUSELESS] == 0 and kit[a, k, KLOADED] > 0 and \
        kit[a, k, KJAMS] == 0


@kernel
def _swap_rounds(kit, a, k):
    """Slot k's other round type into the barrels' place: the rows and reserves trade places
    (the caller empties the barrels first)."""
    kit[a, k, KW], kit[a, k, KALT] = kit[a, k, KALT], kit[a, k, KW]
    kit[a, k, KRESERVE], kit[a, k, KALT_RES] = kit[a, k, KALT_RES], kit[a, k, KRESERVE]


@kernel
def _any_ready_gun(g, kit, a, throws):
    """Has a a loaded, unjammed weapon (a throw left, dynamite included, counts only with
    ``throws``)?"""
    for k in range(kit.shape[1]):
        if (_ready_gun(kit, a, k) or _lights_in_throw(g, kit, a, k)) and \
                (throws or not _is_throw(g.wt, kit[a, k, KW])):
            return True
    return False


@kernel
def _is_throw(wt, row):
    """Is weapon ``row`` thrown (a tomahawk, bolas, a lasso, a bundle of dynamite)?"""
    return wt[row, S.WC_KIND] == S.KIND_THROWN or wt[row, S.WC_KIND] == S.KIND_EXPLOSIVE


@kernel
def _lights_in_throw(g, kit, a, k):
    """Is slot k unlit dynamite that a may light as part of its throw (light_takes_turn off)?"""
    return g.rp[S.R_LIGHT_TURN] == 0 and kit[a, k, KW] >= 0 and \
        g.wt[kit[a, k, KW], S.WC_KIND] == S.KIND_EXPLOSIVE and kit[a, k, KLOADED] == 0 and \
        kit[a, k, KRESERVE] > 0


@kernel
def _modifier(rp, tb, aim_turns, range_mod, snap, emerging, charging, rapid, cover, sustained,
              size=0):
    """The summed to-hit modifier of one shot (odds.hit_modifier, plus sfd_modifier); ``size``
    a large target's bonus (horse and rider), inside the cap under aim_cap_reading 'total'."""
    aim = min(aim_turns * rp[S.R_AIM_PER_TURN], rp[S.R_AIM_MAX])
    plus = aim + max(range_mod, 0) + size
    if rp[S.R_AIM_CAP_TOTAL] != 0:
        plus = min(plus, rp[S.R_AIM_MAX])
    minus = min(range_mod, 0)
    if snap:
        minus += rp[S.R_SNAP_MOD]
    if emerging:
        minus += rp[S.R_EMERGING_MOD]
    if charging:
        minus += rp[S.R_CHARGING_MOD]
    if rapid:
        minus += rp[S.R_RAPID_MOD]
    if cover > 0:
        minus += tb[S.TB_COVER + cover - 1]
    if sustained:
        minus += rp[S.R_SFD_MOD]
    return plus + minus


@kernel
def _shot_need(g, f, ge, sc, a, x, y, t, k, snap, aim_turns, emerging, charging, sustained,
               extra=0):
    """The D6 score fighter a (firing from (x, y)) needs to hit t with slot k, or NO_SHOT when
    t is out of sight or range or the score cannot be rolled (arcs and the closest-target rule
    are the caller's)."""
    fm = ge.fm
    vis, cov = _target_cover(g, f, ge, sc, x, y, t)
    if not vis:
        return NO_SHOT
    return _need_at(g, ge, a, t, k, dist_in(x, y, fm[t, FX], fm[t, FY]), cov, snap, aim_turns,
                    emerging, charging, sustained, extra)


@kernel
def _band(g, fm, a, row, d):
    """The range modifier of weapon ``row`` fired by a at a target ``d`` inches away, or NO_SHOT
    beyond its range. A telescopic sight (``_scoped``: fitted to this row, the firer not moved
    this turn): short range x scope_short_factor up to the maximum. Marksman (marksman_reading
    'short_only'): short range x marksman_factor up to the maximum, which stays; 'both_bands':
    both x marksman_factor. Neither ever makes a shot worse (a gun whose short band is the worse
    one, the buffalo gun's, keeps its plain band where that is better)."""
    wt, rp = g.wt, g.rp
    short, long = _reach(g, fm, a, row)
    plain = wt[row, S.WC_HIT_SHORT] if d <= short else (
        wt[row, S.WC_HIT_LONG] if d <= long else NO_SHOT)
    if _scoped(fm, a, row):
        short = min(short * rp[S.R_SCOPE], long)
        if plain < NO_SHOT and d <= short:
            plain = max(plain, wt[row, S.WC_HIT_SHORT])
    if (fm[a, S.FSKILL] & S.SK_MARKSMAN) == 0:
        return plain
    factor = rp[S.R_MARKSMAN100] / 100.0
    if rp[S.R_MARKSMAN_BOTH] != 0:
        long = long * factor
        short = short * factor
    else:
        short = min(short * factor, long)
    skilled = wt[row, S.WC_HIT_SHORT] if d <= short else (
        wt[row, S.WC_HIT_LONG] if d <= long else NO_SHOT)
    if plain >= NO_SHOT:
        return skilled
    return max(plain, skilled) if skilled < NO_SHOT else plain


@kernel
def _reach(g, fm, a, row):
    """(short, long) range in inches of weapon ``row`` in a's hands: the table's, or for a
    thrown weapon (throw_range_per_s x his S + throw_range_base, short half of it)."""
    if g.wt[row, S.WC_FLAGS] & S.FL_THROWN:
        long = float(g.rp[S.R_THROW_PER_S] * fm[a, FS] + g.rp[S.R_THROW_BASE])
        return long / 2, long
    return float(g.wt[row, S.WC_SHORT]), float(g.wt[row, S.WC_LONG])


@step
def _scoped(fm, a, row):
    """Does a fire ``row`` through a telescopic sight: fitted to it (FSCOPE) and he has not
    moved this turn (reference 2.3 [S]: "stationary")?"""
    return fm[a, S.FSCOPE] == row and fm[a, FMOVED] == S.MV_STILL


@kernel
def _scope_band(g, fm, a, row, d):
    """Is a's shot at ``d`` inches in the short band only through his telescopic sight
    (MOD_SCOPE)?"""
    short, long = _reach(g, fm, a, row)
    return _scoped(fm, a, row) and short < d <= min(short * g.rp[S.R_SCOPE], long) and \
        g.wt[row, S.WC_HIT_SHORT] > g.wt[row, S.WC_HIT_LONG]


@kernel
def _marksman_band(g, fm, a, row, d):
    """Is a's shot at ``d`` inches in the short band only through marksman (MOD_MARKSMAN)?"""
    return (fm[a, S.FSKILL] & S.SK_MARKSMAN) != 0 and d > _reach(g, fm, a, row)[0] and \
        g.wt[row, S.WC_HIT_SHORT] > g.wt[row, S.WC_HIT_LONG] and \
        _band(g, fm, a, row, d) == g.wt[row, S.WC_HIT_SHORT]


@kernel
def _hip(g, fm, a, snap):
    """Is a's snap shot spared the snap modifier? Hip shooting: a runner's shots are not.
    hip_reading 'run': his declared run this turn is planned to spend more than M (every shot
    of it, the first steps' too: the text's run is the move); 'so_far': he has run more than M
    when he fires (``_ran``). Never the snap shot of a rider who has jumped down (his horse's
    run is not his: the jump makes it a snap shot, wm-23)."""
    if not snap or (fm[a, S.FSKILL] & S.SK_HIP) == 0:
        return False
    if fm[a, FACT] == Act.JUMP_DOWN and fm[a, S.FHORSE] == 0:
        return False
    if g.rp[S.R_HIP_RUN] != 0 and fm[a, FMOVED] == S.MV_RUN and fm[a, S.FRUNPLAN] > 2 * fm[a, FM]:
        return True
    return _ran(g, fm, a)


@step
def _reins(fm, a):
    """Has rider a a hand on the reins (mounted, without ride like Rooster Coburn's hands-free
    riding)?"""
    return fm[a, S.FHORSE] != 0 and (fm[a, S.FSKILL] & S.SK_ROOSTER) == 0


@step
def _sure(rp, fm, a):
    """The sure-footed lil' pony's bonus to rider a's riding rolls (sure_footed_bonus while he
    rides with the skill; else 0)."""
    if fm[a, S.FHORSE] != 0 and (fm[a, S.FSKILL] & S.SK_SURE_FOOTED) != 0:
        return rp[S.R_SURE_FOOTED]
    return 0


@kernel
def _ride_mod(rp, fm, a):
    """The modifier of a's I tests on a horse (staying on, calming it, getting down): the
    sure-footed bonus (``_sure``, his own horse) and, on a horse carrying two (rider or
    passenger), double_mount_action_mod (text: 'Actions involving the horse suffer a -1
    modifier because of the encumbrance')."""
    mod = _sure(rp, fm, a)
    if fm[a, S.FCARRY] >= 0 or fm[a, S.FPASS] >= 0:
        mod += rp[S.R_DOUBLE_MOD]
    return mod


@step
def _tangled(rp, fm, a):
    """The modifier to fighter a's own rolls while he stays entangled (entangled_action_mod;
    0 free)."""
    return rp[S.R_ENTANGLED_MOD] if fm[a, S.FROPE] != 0 else 0


@step
def _lance_hand(fm, a):
    """Does fighter a hold a lance in one hand (lance_hand 'held': at all times, the text)?"""
    return (fm[a, S.FMF] & S.MF_LANCE_HAND) != 0


@kernel
def _no_hand(fm, a):
    """Has fighter a no hand free for a gun or a reload: both arms locked, or one locked or on
    the reins (the text's "even a sure-footed rider needs one hand to ride"; not with ride like
    Rooster Coburn) and the other holding a lance (lance_hand 'held'), or one locked and one on
    the reins?"""
    arms = fm[a, S.FARMS]
    taken = (arms & S.ARM_LEFT) + (arms & S.ARM_RIGHT) // 2 + (1 if _reins(fm, a) else 0) + \
        (1 if _lance_hand(fm, a) else 0)
    return taken >= 2


@kernel
def _one_handed(g, fm, a, row):
    """Does a fire long gun ``row`` one-handed: with an arm out of action, a lance in the other
    hand (lance_hand 'held'), as one of two guns fired at once (FONEHAND), or from horseback
    (mounted_long_gun 'one_hand': the other hand on the reins; ride like Rooster Coburn frees
    it)?"""
    if g.wt[row, S.WC_KIND] != S.KIND_LONG_GUN:
        return False
    return fm[a, S.FARMS] != 0 or _lance_hand(fm, a) or fm[a, S.FONEHAND] != 0 or \
        (_reins(fm, a) and g.rp[S.R_MOUNT_ONE_HAND] != 0)


@kernel
def _own_mods(g, fm, a, row, snap):
    """The shooter's own part of a shot's modifiers: (does the snap modifier count, an extra
    modifier): hip shooting (``_hip``), the second of two handguns (FGUNMOD), a long gun fired
    one-handed (one_hand_long_gun_mod: ``_one_handed``), a sure-footed rider's bonus from the
    saddle (``_sure``), an entangled fighter's entangled_action_mod (``_tangled``)."""
    extra = fm[a, S.FGUNMOD] + _sure(g.rp, fm, a) + _tangled(g.rp, fm, a)
    if _one_handed(g, fm, a, row):
        extra += g.rp[S.R_ONE_HAND_MOD]
    return snap and not _hip(g, fm, a, snap), extra


@step
def _reload_bs(rp, fm, a):
    """The BS fighter a's reloading and clearing rolls are taken on: his BS, + a sure-footed
    rider's bonus in the saddle, + entangled_action_mod while he stays entangled."""
    return fm[a, FBS] + _sure(rp, fm, a) + _tangled(rp, fm, a)


@kernel
def _own_bits(g, so, fm, a, row, snap, d):
    """The MOD_* bits of the shooter's own modifiers for a logged shot (hip shooting counted in
    the side's hip_shots)."""
    bits = 0
    if _hip(g, fm, a, snap):
        bits |= S.MOD_HIP
        so[fm[a, FSIDE], S.S_HIP_SHOTS] += 1
    if _marksman_band(g, fm, a, row, d):
        bits |= S.MOD_MARKSMAN
    if _scope_band(g, fm, a, row, d):
        bits |= S.MOD_SCOPE
        so[fm[a, FSIDE], S.S_SCOPE_SHOTS] += 1
    if _one_handed(g, fm, a, row):
        bits |= S.MOD_ONE_ARM
    return bits


@kernel
def _need_at(g, ge, a, t, k, d, cov, snap, aim_turns, emerging, charging, sustained, extra=0):
    """``_shot_need`` once sight is known: ``d`` inches away, behind ``cover``; ``extra`` a
    further to-hit modifier (a double-barrelled shot's). A shot whose need is past the 7+
    ladder (``_can_roll``) is no shot: it is not taken."""
    fm, rp = ge.fm, g.rp
    row = ge.kit[a, k, KW]
    if (fm[a, S.FARMS] != 0 or _reins(fm, a) or _lance_hand(fm, a)) and \
            g.wt[row, S.WC_KIND] == S.KIND_BOW:
        return NO_SHOT  # a bow needs both hands (one holds it, one draws): a rider has one free
    if (g.wt[row, S.WC_FLAGS] & S.FL_ENTANGLE) != 0 and \
            (fm[t, S.FROPE] != 0 or fm[t, FSTATE] != ST_STANDING) and \
            entangles(fm, ge.kit, g.wt, a, row):
        return NO_SHOT  # a fancy roper ropes no one already entangled or down (on the ground)
    rmod = _band(g, fm, a, row, d)
    if rmod >= NO_SHOT:
        return NO_SHOT
    snap, own = _own_mods(g, fm, a, row, snap)
    size = rp[S.R_MOUNTED_MOD] if fm[t, S.FHORSE] != 0 else 0  # horse and rider: large
    mod = _modifier(rp, g.tb, aim_turns, rmod, snap, emerging, charging, _rapid(g, fm, t), cov,
                    sustained, size) + extra + own
    need = rp[S.R_NEEDED_BASE] - fm[a, FBS] - mod
    if not _can_roll(g, need):
        return NO_SHOT
    return need


@kernel
def _candidates(g, f, ge, sc, a, x, y, fx, fy, arc, snap, only, aim_turns, emerging, charging):
    """Fill sc.need[F, K] with every legal shot of fighter a from (x, y) facing (fx, fy) within
    ``arc`` degrees (360: free to turn): enemies on the table and not in hand-to-hand, in sight,
    in arc and in range of a loaded, unjammed weapon (an overwatcher of the shoot-out: none
    acting at the score now acting with him, nor one not acting at it: ``_ow_barred``).
    ``only`` >= 0: that target alone; otherwise the closest-target rule (closest_target_rule):
    a target is legal only if every closer standing candidate needs more (down ones never
    count as closer). Returns the number of legal shots."""
    fm, kit, need, legal = ge.fm, ge.kit, sc.need, sc.legal
    F, K = need.shape
    need[:, :] = NO_SHOT
    n_ok = 0
    if _no_hand(fm, a):
        return 0  # both arms locked (or a rider's one, the other on the reins): he holds no gun
    for t in range(F):
        if only >= 0 and t != only:
            continue
        if fm[t, FSIDE] == fm[a, FSIDE] or fm[t, FSTATE] == ST_OUT or fm[t, FENGAGED] >= 0 or \
                fm[t, S.FPASS] >= 0:
            continue  # (a passenger: the shot is at the horse and is located, ``_on_horse``)
        if fm[a, FOW] != S.OW_NONE and _ow_barred(fm, a, t):
            continue  # the shoot-out: an overwatcher fires only at one acting now, not with him
        if not _in_arc(fx, fy, fm[t, FX] - x, fm[t, FY] - y, arc):
            continue
        vis, cov = _target_cover(g, f, ge, sc, x, y, t)
        if not vis:
            continue
        d = dist_in(x, y, fm[t, FX], fm[t, FY])
        for k in range(K):
            if _ready_gun(kit, a, k) or (_lights_in_throw(g, kit, a, k) and
                                         _light_category(g, fm, a) != S.CAT_NONE):
                need[t, k] = _need_at(g, ge, a, t, k, d, cov, snap, aim_turns, emerging,
                                      charging, False)
    if only < 0 and g.rp[S.R_CLOSEST] != 0:
        for t in range(F):
            for k in range(K):
                legal[t, k] = need[t, k] < NO_SHOT
                if not legal[t, k]:
                    continue
                dt = dist_in(x, y, fm[t, FX], fm[t, FY])
                for c in range(F):
                    if c != t and need[c, k] < NO_SHOT and fm[c, FSTATE] == ST_STANDING and \
                            need[c, k] <= need[t, k] and dist_in(x, y, fm[c, FX], fm[c, FY]) < dt:
                        legal[t, k] = False
                        break
        for t in range(F):
            for k in range(K):
                if not legal[t, k]:
                    need[t, k] = NO_SHOT
    for t in range(F):
        for k in range(K):
            if need[t, k] < NO_SHOT:
                n_ok += 1
    return n_ok


# ---------------------------------------------------------------- hits, wounds, injuries


@kernel
def _lose_aim(ge, out, a, why):
    """Fighter a's aim ends (Ev.AIM_LOST reasons); 0-2 (the target's doing) are counted."""
    fm = ge.fm
    if fm[a, FAIMT] < 0:
        return
    _log(out, a, Ev.AIM_LOST, fm[a, FAIMT], why)
    if why <= 2:
        out.side_out[fm[a, FSIDE], S.S_AIMS_LOST] += 1
    fm[a, FAIMT] = -1
    fm[a, FAIMN] = 0


@kernel
def _take_out(g, ge, out, t, by, why):
    """Fighter t goes out of action (``by``: the fighter responsible, -1 none). ``why`` >= 0
    logs Ev.TAKEN_OUT with that reason (-1: the roll that did it is logged already)."""
    fm = ge.fm
    if why >= 0:
        _log(out, t, Ev.TAKEN_OUT, by, why)
    if fm[t, S.FPASS] >= 0:  # a passenger out of action: the horse carries one again
        _unlink(g, fm, t)
    p = fm[t, S.FCARRY]
    if p >= 0 and fm[t, S.FHORSE] != 0:  # his passenger takes the reins (he lies there)
        _take_reins(g, ge, out, p, t, -1, -1)
    fm[t, S.FFELL] = 1  # his friends near him take a nerve test at the phase's end
    if fm[t, S.FROPE] != 0:
        _free(ge, out, t, 2)
    _let_go(ge, out, t)
    fm[t, FSTATE] = ST_OUT
    fm[t, FPINNED] = 0
    fm[t, S.FDUCK] = 0
    fm[t, FOW] = S.OW_NONE
    _lose_aim(ge, out, t, 3)
    if by >= 0 and fm[by, FSIDE] != fm[t, FSIDE]:
        out.side_out[fm[by, FSIDE], S.S_TAKEN_OUT] += 1
    fm[t, FENGAGED] = -1
    for b in range(fm.shape[0]):
        if fm[b, FENGAGED] == t:
            _reengage(fm, b)
        if fm[b, FAIMT] == t:
            _lose_aim(ge, out, b, 4)


@kernel
def _reengage(fm, b):
    """Fighter b's opponent is gone: he fights on with an enemy still engaged with him and in
    contact, if any, else he is free."""
    fm[b, FENGAGED] = -1
    for c in range(fm.shape[0]):
        if fm[c, FENGAGED] == b and fm[c, FSTATE] != ST_OUT and _adjacent(fm, b, c):
            fm[b, FENGAGED] = c
            return


@kernel
def _flesh_wound(g, ge, out, t, by):
    """A flesh wound: WS and BS drop by flesh_wound_penalty; both at 0 is out of action
    (flesh_zero_out)."""
    fm, rp = ge.fm, g.rp
    fm[t, FFLESH] += 1
    fm[t, FWS] = max(fm[t, FWS] - rp[S.R_FLESH_PENALTY], 0)
    fm[t, FBS] = max(fm[t, FBS] - rp[S.R_FLESH_PENALTY], 0)
    if rp[S.R_FLESH_ZERO_OUT] != 0 and fm[t, FWS] == 0 and fm[t, FBS] == 0:
        _take_out(g, ge, out, t, by, 1)


@kernel
def _down(ge, out, t):
    fm = ge.fm
    _let_go(ge, out, t)
    fm[t, FSTATE] = ST_DOWN
    fm[t, S.FFELL] = 1  # his friends near him take a nerve test at the phase's end
    fm[t, FPINNED] = 0
    fm[t, S.FDUCK] = 0
    fm[t, FOW] = S.OW_NONE
    _lose_aim(ge, out, t, 3)
    for b in range(fm.shape[0]):
        if fm[b, FAIMT] == t:
            _lose_aim(ge, out, b, 4)


@step
def _resilient(native, r1, r2):
    """The injury a resilient fighter keeps of two rolls: the better, but under native_injury
    'injury_roll' (native 1) an out of action on either stands."""
    if native == 1 and (r1 == S.INJ_OUT or r2 == S.INJ_OUT):
        return S.INJ_OUT
    return min(r1, r2)


@kernel
def _damage(g, f, ge, out, t, by, damage, shot):
    """Fighter t suffers ``damage`` wounds: wounds go first; the one that takes him to 0 and
    each after it call an injury roll (injury_faces; true_grit_faces with True Grit), the worst
    result standing (a second down changes nothing; a flesh wound on a down fighter still costs
    WS and BS). In water he drowns from drown_out_on when ``shot`` (a wounding shot) or
    melee_drowning. A resilient fighter (FNATIVE: native_injury) rolls each injury twice and
    keeps the better, an out of action on either die standing ('injury_roll'), or not
    ('best_of_two'). drowned counts an out of action the roll would not have given on dry
    land."""
    fm = ge.fm
    before = fm[t, FW]
    fm[t, FW] = max(before - damage, 0)
    if before - damage > 0:
        return
    rolls = damage - before + 1 if before >= 1 else damage
    worst = -1
    depth = _depth(f, fm[t, FX], fm[t, FY]) if shot or g.rp[S.R_MELEE_DROWN] != 0 else -1
    grit = (fm[t, S.FSKILL] & S.SK_TRUE_GRIT) != 0
    faces = S.TB_TRUE_GRIT if grit else S.TB_INJURY
    native = g.rp[S.R_NATIVE] if fm[t, S.FNATIVE] != 0 else 0
    so = out.side_out
    for _ in range(rolls):
        d = roll(g.s, D6)
        dry = g.tb[faces + d - 1]
        res = dry
        if depth >= 0 and d >= g.tb[S.TB_DROWN + depth]:
            res = S.INJ_OUT  # wounded in water: he drowns from drown_out_on
        d2 = 0
        if native != 0:  # resilient: a second die, the better kept (native_injury)
            d2 = roll(g.s, D6)
            dry2 = g.tb[faces + d2 - 1]
            res2 = dry2
            if depth >= 0 and d2 >= g.tb[S.TB_DROWN + depth]:
                res2 = S.INJ_OUT
            dry = _resilient(native, dry, dry2)
            better = res2 < res
            res = _resilient(native, res, res2)
            if better and res == res2:
                so[fm[t, FSIDE], S.S_NATIVE_SAVES] += 1
        if res == S.INJ_OUT and dry != S.INJ_OUT:
            so[fm[t, FSIDE], S.S_DROWNED] += 1  # out only because of the water
        _log(out, t, Ev.INJURY, d, res, d2, 1 if grit else 0)
        worst = max(worst, res)
    if worst == S.INJ_OUT:
        _take_out(g, ge, out, t, by, -1)
    elif worst == S.INJ_DOWN:
        if fm[t, FSTATE] == ST_STANDING:
            _down(ge, out, t)
    else:
        _flesh_wound(g, ge, out, t, by)


@kernel
def _pin(ge, out, t, by):
    """Fighter t is pinned (not in hand-to-hand; ``by`` -1: his own kickback)."""
    fm = ge.fm
    if fm[t, FENGAGED] >= 0 or fm[t, FSTATE] != ST_STANDING:
        return
    fm[t, FPINNED] = 1
    fm[t, FPIN_TURN] = out.clock[1]
    fm[t, S.FDUCK] = 0  # a real pin, whatever he was ducking from
    fm[t, FOW] = S.OW_NONE
    _lose_aim(ge, out, t, 3)
    if by >= 0:
        out.side_out[fm[by, FSIDE], S.S_PINS] += 1
    _log(out, t, Ev.PINNED, by)


@kernel
def _duck_back(g, f, ge, sc, out, a, t, k, dist, cov, snap, aim_turns, emerging, charging,
               sustained, d):
    """duck_backs (the text's optional rule): a's shot at t missed; if t is behind cover and the
    die would have hit with every modifier but the cover's (range, speed, snap and the rest:
    the need rebuilt at no cover, at most 6, the natural 1 failing as ever), t ducks back: he
    acts as pinned (no hit, no pins count, Ev.DUCK; his escape test is a leadership test,
    ``_escape_one``). Not a fighter already pinned, in hand-to-hand, down, or riding (stated:
    horse and rider have nowhere to duck). A mover shot on overwatch ducks back the same way,
    which stops his move as a pin does; in the open (no cover) no one ducks."""
    fm, rp = ge.fm, g.rp
    if cov <= 0 or fm[t, FSTATE] != ST_STANDING or fm[t, FPINNED] != 0 or \
            fm[t, FENGAGED] >= 0 or fm[t, S.FHORSE] != 0:
        return
    need0 = _need_at(g, ge, a, t, k, dist, 0, snap, aim_turns, emerging, charging, sustained)
    low = max(need0, 2) if rp[S.R_NAT_ONE] != 0 else need0
    if need0 > D6 or d < low:
        return
    fm[t, FPINNED] = 1
    fm[t, FPIN_TURN] = out.clock[1]
    fm[t, S.FDUCK] = cov
    fm[t, FOW] = S.OW_NONE
    _lose_aim(ge, out, t, 3)
    out.side_out[fm[a, FSIDE], S.S_DUCKS] += 1
    _log(out, t, Ev.DUCK, a, cov, need0, d)
    _get_wet(g, f, ge, out, t)  # pinned in water, as any pinned fighter


@kernel
def _knock_back(g, f, ge, a, t):
    """Fighter t, struck by a, fails his S test: thrown back knockdown_in inches along the line
    of fire (from a's cell through t's), to the cell nearest the point that far on (on the 1"
    grid: within half an inch on each axis), cell by cell along the line, stopping before
    blocking terrain (or a corner between two blocking cells), another fighter or the table
    edge."""
    _push(f, ge.fm, t, ge.fm[a, FX], ge.fm[a, FY], g.rp[S.R_KNOCKDOWN_IN])


@kernel
def _push(f, fm, t, sx, sy, inches):
    """Fighter t thrown ``inches`` along the line from cell (sx, sy) through his own (a
    knock-back, a boarder thrown back off a horse), to the cell nearest the point that far on (on
    the 1" grid: within half an inch on each axis), cell by cell along the line, stopping before
    blocking terrain (or a corner between two blocking cells), another fighter or the table
    edge."""
    h, w = f.terrain.shape
    x0, y0 = fm[t, FX], fm[t, FY]
    vx, vy = float(x0 - sx), float(y0 - sy)
    norm = math.sqrt(vx * vx + vy * vy)
    if norm == 0.0:
        return
    ux, uy = vx / norm, vy / norm
    samples = 4 * inches  # a quarter inch apart: never two cells in one step
    cx, cy = x0, y0
    for i in range(1, samples + 1):
        along = i / 4.0
        nx = int(math.floor(x0 + ux * along + 0.5))
        ny = int(math.floor(y0 + uy * along + 0.5))
        if nx == cx and ny == cy:
            continue
        if not (0 <= nx < w and 0 <= ny < h) or f.terrain[ny, nx] == BLOCKING or \
                _stands_at(fm, nx, ny, t) or \
                (nx != cx and ny != cy and f.terrain[cy, nx] == BLOCKING and
                 f.terrain[ny, cx] == BLOCKING):
            break
        cx, cy = nx, ny
    fm[t, FX], fm[t, FY] = cx, cy
    _carry(fm, t)


@kernel
def _wound_roll(g, strength, toughness):
    """The wound roll of one hit: (need, die, wounded); need 0 (the chart allows no wound)
    rolls nothing."""
    need = _wound_need(g, strength, toughness)
    if need == 0:
        return need, 0, False
    d = roll(g.s, D6)
    return need, d, d >= need


@kernel
def _saved(g, ge, out, a, t, melee):
    """Does t avoid a hit from a by a skill? Step aside (hand-to-hand: a D6 of step_aside_on),
    then dodge (a standing fighter not entangled, shots and blows: an unmodified D6 of dodge_save). Logs
    Ev.SAVE for each die rolled; avoided hits count in t's side's skill_saves."""
    fm, rp = ge.fm, g.rp
    sk = fm[t, S.FSKILL]
    if melee and (sk & S.SK_STEP_ASIDE) != 0:
        d = roll(g.s, D6)
        ok = d >= rp[S.R_STEP_ASIDE]
        _log(out, t, Ev.SAVE, a, S.SKC_STEP_ASIDE, d, 1 if ok else 0, 1)
        if ok:
            out.side_out[fm[t, FSIDE], S.S_SAVES] += 1
            return True
    if (sk & S.SK_DODGE) != 0 and fm[t, FSTATE] == ST_STANDING and fm[t, S.FROPE] == 0:
        d = roll(g.s, D6)
        ok = d >= rp[S.R_DODGE_SAVE]
        _log(out, t, Ev.SAVE, a, S.SKC_DODGE, d, 1 if ok else 0, 1 if melee else 0)
        if ok:
            out.side_out[fm[t, FSIDE], S.S_SAVES] += 1
            return True
    return False


@kernel
def _hit(g, f, ge, sc, out, a, t, strength, damage):
    """A shot of ``strength`` from a hits t: pinned, the wound roll, then knockdown: a target
    on his feet when struck (or any, knockdown_when_down) and still on the table tests S or is
    thrown back (``_knock_back``); aims on him are checked where he lands. A hit he dodges
    (``_saved``) does nothing. A hit on a mounted fighter is located first (``_on_horse``):
    on the horse it is the horse's (``_horse_hit``); on the rider, a rider pinned or wounded
    tests to stay on, one gone down falls (``_rider_struck``), and he is not thrown back (horse
    and rider are one point: the text's falls stand for a rider losing his seat)."""
    fm, rp = ge.fm, g.rp
    mounted = fm[t, S.FHORSE] != 0
    passenger = False
    if mounted:
        who = _on_horse(g, ge, out, a, t, 0)
        if who < 0:
            _horse_hit(g, f, ge, sc, out, a, t, strength)
            return
        if who != t:  # a horse carrying two: the man behind (row 183)
            out.side_out[fm[a, FSIDE], S.S_PASSENGER_HITS] += 1
            t = who
            mounted = False
            passenger = True
    if _saved(g, ge, out, a, t, False):
        return
    standing = fm[t, FSTATE] == ST_STANDING and fm[t, S.FROPE] == 0  # (entangled: on the ground)
    _pin(ge, out, t, a)
    need, d, wounded = _wound_roll(g, strength, fm[t, FT])
    _log(out, t, Ev.WOUND, a, need, d, 1 if wounded else 0)
    if wounded:
        out.side_out[fm[a, FSIDE], S.S_WOUNDS] += 1
        _damage(g, f, ge, out, t, a, damage, True)
    if mounted:
        _rider_struck(g, f, ge, sc, out, t, a, wounded)
    elif passenger:
        _pass_struck(g, f, ge, out, t, a, wounded)
    elif strength >= rp[S.R_KNOCKDOWN_S] and fm[t, FSTATE] != ST_OUT and \
            (standing or rp[S.R_KNOCKDOWN_DOWN] != 0):
        ok = _test(g, fm[t, FS], 0)
        if not ok:
            _knock_back(g, f, ge, a, t)
            out.side_out[fm[a, FSIDE], S.S_KNOCKDOWNS] += 1
        _log(out, t, Ev.KNOCKDOWN, a, 1 if ok else 0, fm[t, FX], fm[t, FY])
        if not ok:
            _rope_reach(ge, out, t)
            _aims_on(g, f, ge, sc, out, t)
    if fm[t, FSTATE] != ST_OUT:
        _get_wet(g, f, ge, out, t)


@kernel
def _stray_next(fm, a, t, stray100, last, last_c):
    """The next friend of a's in the way of a missed shot at t: of a's side's fighters on the
    table (not a; down ones too) whose centre lies within ``stray100`` hundredths of an inch
    (cells are 1") of the segment between the centres of a and t (its ends excluded), the one
    nearest a along it past share ``last`` of the line (at ``last`` itself: index above
    ``last_c``; ties by index). Returns (fighter, share of the line, inches off it); fighter -1
    when none is left (a and t on one cell: none)."""
    ax, ay = float(fm[a, FX]), float(fm[a, FY])
    dx, dy = float(fm[t, FX]) - ax, float(fm[t, FY]) - ay
    seg2 = dx * dx + dy * dy
    best, best_u, best_gap = -1, 2.0, 0.0
    if seg2 <= 0.0:
        return best, best_u, best_gap
    reach = stray100 / 100.0 + 1e-9
    side = fm[a, FSIDE]
    for c in range(fm.shape[0]):
        if c == a or fm[c, FSIDE] != side or fm[c, FSTATE] == ST_OUT or fm[c, S.FPASS] >= 0:
            continue
        u = ((fm[c, FX] - ax) * dx + (fm[c, FY] - ay) * dy) / seg2
        if u <= 0.0 or u >= 1.0 or u < last or (u == last and c <= last_c):
            continue
        px, py = ax + u * dx - fm[c, FX], ay + u * dy - fm[c, FY]
        gap = math.sqrt(px * px + py * py)
        if gap > reach:
            continue
        if u < best_u or (u == best_u and c < best):
            best, best_u, best_gap = c, u, gap
    return best, best_u, best_gap


@kernel
def _stray(g, f, ge, sc, out, a, t, row, strength, d):
    """Stray shots (reference 2.4): a's shot at t with weapon ``row`` missed (die ``d``; under
    stray_reading 'natural_one' only a natural 1 strays). Each friend of a's on the table (down
    ones too: a model lying there) within stray_in of the line of fire, the segment between
    firer and target (ends excluded), rolls a D6 in turn from the firer out (ties by index;
    Ev.STRAY each); the first at or under stray_on takes the hit (``_hit``, at the shot's S and
    damage: pinned, wounded, located if he rides) and the shot goes no further. Guns and bows
    only: a thrown weapon or rope that misses does not fly on, a scatter shell has its
    template; with stray_on 0 no shot strays. Tidy stray_rolls, stray_hits (the firer's side)."""
    fm, rp = ge.fm, g.rp
    if rp[S.R_STRAY_ON] <= 0 or rp[S.R_STRAY100] <= 0 or (rp[S.R_STRAY_NAT] != 0 and d != 1):
        return
    kind = g.wt[row, S.WC_KIND]
    if (kind != S.KIND_HANDGUN and kind != S.KIND_LONG_GUN and kind != S.KIND_BOW) or \
            (g.wt[row, S.WC_FLAGS] & S.FL_TEMPLATE) != 0:
        return
    side = fm[a, FSIDE]
    last = 0.0  # along the line, as a share of it: the friends already passed
    last_c = -1
    while True:
        best, best_u, best_gap = _stray_next(fm, a, t, rp[S.R_STRAY100], last, last_c)
        if best < 0:
            return
        last, last_c = best_u, best
        die = roll(g.s, D6)
        struck = die <= rp[S.R_STRAY_ON]
        out.side_out[side, S.S_STRAY_ROLLS] += 1
        _log(out, best, Ev.STRAY, a, t, die, 1 if struck else 0, round(100 * best_gap))
        if struck:
            out.side_out[side, S.S_STRAY_HITS] += 1
            _hit(g, f, ge, sc, out, a, best, strength, g.wt[row, S.WC_DAMAGE])
            return


# ---------------------------------------------------------------- horses


@kernel
def _on_horse(g, ge, out, a, t, kind):
    """Where a hit of a on mounted fighter t lands (kind 0 a shot, 1 a blow in hand-to-hand, 2
    a rope): a D6, the horse on the faces below the rider's rider_hit_faces (text: 1-4 the
    horse, 5-6 the rider; Ev.LOCATE). A shot at a horse carrying two (row 183): a rider on a D6
    at most double_mount_rider_faces (text: 1-3), the horse on the rest; which rider, a second
    D6 (stated: 1-3 the man in the saddle, 4-6 the passenger). Blows and ropes are at the man
    in the saddle, located as on any horse. Returns the man hit, -1 the horse."""
    d = roll(g.s, D6)
    p = ge.fm[t, S.FCARRY]
    if p >= 0 and kind == 0:
        who, d2 = -1, 0
        if d <= g.rp[S.R_DOUBLE_FACES]:
            d2 = roll(g.s, D6)
            who = p if d2 >= 4 else t
        _log(out, t, Ev.LOCATE, a, d, 1 if who < 0 else 0, 0, d2, 1 if who == p else 0)
        return who
    horse = d <= D6 - g.rp[S.R_RIDER_FACES]
    _log(out, t, Ev.LOCATE, a, d, 1 if horse else 0, 1 if kind == 1 else 0)
    return -1 if horse else t


@kernel
def _fall(g, f, ge, sc, out, t, by, why):
    """Rider t comes off (why: FALL_HORSE his horse fell, FALL_THROWN he failed to stay on,
    FALL_DOWN he went down in the saddle): fall_strength hits, one if the horse's latest move
    was at most its base rate (its M), a fall_fast_hits_die of them above it; each pins him
    (on his feet) and is wounded on the chart (no skill saves: neither a shot nor a blow). He
    is on foot where the horse was (his own M again), aim and overwatch gone; a war horse that
    did not fall stays beside him (``_horse_left``), any other leaves the fight. ``by``: the
    fighter whose hit threw him (-1 none), credited if the fall takes him out."""
    fm, rp = ge.fm, g.rp
    fast = fm[t, FMOVED_IN] > 2 * fm[t, FM]
    hits = roll(g.s, rp[S.R_FALL_DIE]) if fast else 1
    _log(out, t, Ev.FALL, hits, why, 1 if fast else 0)
    out.side_out[fm[t, FSIDE], S.S_FALLS] += 1
    p = fm[t, S.FCARRY]
    reins = p >= 0 and why != S.FALL_HORSE
    if reins:  # a horse carrying two: the passenger takes the reins, he lands beside it
        lx, ly = _beside(f, fm, fm[t, FX], fm[t, FY], t)
        _take_reins(g, ge, out, p, t, lx, ly)
    _horse_left(fm, t, why)
    if reins:
        fm[t, S.FHX], fm[t, S.FHY] = -1, -1  # (ridden on by his passenger)
        _aims_on(g, f, ge, sc, out, t)  # (he landed off the horse's cell)
    fm[t, FOW] = S.OW_NONE
    _lose_aim(ge, out, t, 3)
    _fall_hits(g, f, ge, out, t, by, hits)
    if p >= 0 and not reins and fm[p, S.FPASS] == t:  # the horse fell: both come off
        _pass_off(g, f, ge, out, p, S.FALL_HORSE, fast, by)


@kernel
def _fall_hits(g, f, ge, out, t, by, hits):
    """``hits`` fall_strength hits on t, fallen on foot: each pins him and is wounded on the
    chart (no skill saves); then the water he lies in wets him."""
    fm = ge.fm
    for _ in range(hits):
        if fm[t, FSTATE] == ST_OUT:
            return
        _pin(ge, out, t, -1)
        need, d, wounded = _wound_roll(g, g.rp[S.R_FALL_S], fm[t, FT])
        _log(out, t, Ev.WOUND, -1, need, d, 1 if wounded else 0)
        if wounded:
            _damage(g, f, ge, out, t, by, 1, False)
    if fm[t, FSTATE] != ST_OUT:
        _get_wet(g, f, ge, out, t)  # pinned or down in water


@kernel
def _horse_left(fm, t, why):
    """Rider t is off his horse (why: FALL_*): on foot, his own M again. The text's war horse
    stays next to a rider knocked off or fallen (the riding skill): unless it fell itself
    (FALL_HORSE) or a boarder took it (FALL_BOARDED) it stands riderless at his cell (FHX, FHY),
    to be mounted again; any other
    horse leaves the fight (the text leaves an untrained riderless horse to the end of the game:
    stated, it runs off)."""
    fm[t, S.FHORSE] = 0
    fm[t, S.FHPIN] = 0
    fm[t, S.FCARRY] = -1
    fm[t, FM] = fm[t, S.FFOOT_M]
    if why != S.FALL_HORSE and why != S.FALL_BOARDED and \
            (fm[t, S.FSKILL] & S.SK_WAR_HORSE) != 0:
        fm[t, S.FHX], fm[t, S.FHY] = fm[t, FX], fm[t, FY]
    else:
        fm[t, S.FHX], fm[t, S.FHY] = -1, -1


@kernel
def _stay_on(g, f, ge, sc, out, t, by, why):
    """Rider t's I test to stay on (why: 0 pinned or wounded, 1 his horse ran into something);
    failing it he falls (``_fall``)."""
    mod = _ride_mod(g.rp, ge.fm, t)
    ok = _i_test(g, ge.fm[t, FI], mod)
    _log(out, t, Ev.STAY_ON, 1 if ok else 0, why, mod)
    if not ok:
        _fall(g, f, ge, sc, out, t, by, S.FALL_THROWN)


@kernel
def _rider_struck(g, f, ge, sc, out, t, by, wounded):
    """After a hit on rider t (or his own kickback): down, he falls; pinned or wounded, he
    tests to stay on (text: a pinned or wounded rider cannot control the horse and must make an
    I roll to stay on)."""
    fm = ge.fm
    if fm[t, S.FHORSE] == 0 or fm[t, FSTATE] == ST_OUT:
        return
    if fm[t, FSTATE] == ST_DOWN:
        _fall(g, f, ge, sc, out, t, by, S.FALL_DOWN)
    elif fm[t, FPINNED] != 0 or wounded:
        _stay_on(g, f, ge, sc, out, t, by, 0)


@kernel
def _horse_hit(g, f, ge, sc, out, a, t, strength):
    """A hit of ``strength`` on rider t's horse (a the attacker; -1: it ran into something).
    Wounded on the chart against horse_profile's T it falls (W 1), its rider with it; else it
    is pinned: it bolts in its rider's next movement phase unless he calms it, and is itself
    again at the end of that turn (text: it ceases to be pinned at the end of its next turn)."""
    fm = ge.fm
    if a >= 0:
        out.side_out[fm[a, FSIDE], S.S_HORSE_HITS] += 1
    need, d, wounded = _wound_roll(g, strength, g.rp[S.R_HORSE_T])
    _log(out, t, Ev.HORSE, a, strength, need, d, 1 if wounded else 0)
    if wounded:
        out.side_out[fm[t, FSIDE], S.S_HORSES_LOST] += 1
        _fall(g, f, ge, sc, out, t, a, S.FALL_HORSE)
    else:
        fm[t, S.FHPIN] = 1
        fm[t, S.FHPIN_TURN] = out.clock[1]


@kernel
def _horse_runs(g, f, ge, sc, out, a, ux, uy, budget, kind):
    """Rider a's horse goes on its own (kind 0: it bolts, 1: it goes on with its rider
    pinned) ``budget`` half-inches along the unit direction (ux, uy) in a straight line: cell
    by cell (the cell nearest each quarter-inch point of the line), each step paying the
    shared movement's cost (2 a side step, 3 a diagonal, times slow ground's multiplier). It
    stops at the table edge, before another fighter, when the next step costs more than is
    left, or when its rider falls or goes down (a rider pinned on the way is carried on: it is
    the horse that moves); running into blocking terrain (a corner between two blocking cells
    too) it stops and takes a fall_strength hit (``_horse_hit``), and its rider tests to stay
    on. His own aim ends; aims on him and enemy overwatch react to each step as to any move
    (overwatch holds its fire at a rider already pinned, as at any pinned mover). It is his
    move this turn: FMOVED a run above the horse's M (his shots snap shots), else a walk."""
    fm, rp = ge.fm, g.rp
    h, w = f.terrain.shape
    x0, y0 = fm[a, FX], fm[a, FY]
    _lose_aim(ge, out, a, 3)  # aimed shots only from a still horse
    mv = S.MV_RUN if budget > 2 * fm[a, FM] else S.MV_WALK
    fm[a, FMOVED] = mv
    fm[a, FMOVED_IN] = 0
    for o in range(fm.shape[0]):
        sc.saw[o] = 1 if _watching(fm, o, a) and _ow_sees(g, f, ge, sc, o, a) else 0
    cx, cy = x0, y0
    spent = 0
    crashed = 0
    for i in range(1, 2 * budget + 1):  # quarter inches: at most budget / 2 inches of line
        along = i / 4.0
        nx = int(math.floor(x0 + ux * along + 0.5))
        ny = int(math.floor(y0 + uy * along + 0.5))
        if nx == cx and ny == cy:
            continue
        if not (0 <= nx < w and 0 <= ny < h) or _stands_at(fm, nx, ny, a):
            break
        diag = nx != cx and ny != cy
        if f.terrain[ny, nx] == BLOCKING or (diag and f.terrain[cy, nx] == BLOCKING and
                                             f.terrain[ny, cx] == BLOCKING):
            crashed = 1
            break
        if f.barred[ny, nx]:
            break  # a low piece too wide to jump: it stops short (no solid object, no crash)
        into = step_cost(f.terrain[ny, nx], rp[S.R_DIFF_COST], rp[S.R_VDIFF_COST],
                         rp[S.R_OBSTACLE_COST])
        cost = into + (into >> 1) if diag else into
        if spent + cost > budget:
            break
        spent += cost
        _log(out, a, Ev.MOVE, cx, cy, nx, ny, mv)
        fm[a, FFACEX], fm[a, FFACEY] = nx - cx, ny - cy
        fm[a, S.FHDX], fm[a, S.FHDY] = nx - cx, ny - cy
        fm[a, FX], fm[a, FY] = nx, ny
        _carry(fm, a)
        fm[a, FMOVED_IN] = spent
        cx, cy = nx, ny
        _get_wet(g, f, ge, out, a)
        _rope_reach(ge, out, a)
        _aims_on(g, f, ge, sc, out, a)
        _overwatch_at(g, f, ge, sc, out, a, False)
        if fm[a, FSTATE] != ST_STANDING or fm[a, S.FHORSE] == 0:
            break  # he fell (a pinned rider is carried on: the horse moves, not he)
    _log(out, a, Ev.BOLT, kind, budget, round(10 * ux), round(10 * uy), spent, crashed)
    if crashed and fm[a, S.FHORSE] != 0 and fm[a, FSTATE] == ST_STANDING:
        _horse_hit(g, f, ge, sc, out, -1, a, g.rp[S.R_FALL_S])
        p = fm[a, S.FCARRY]
        if p >= 0:  # (still standing under both: the man behind tests first, then the rider)
            _pass_stay_on(g, f, ge, out, p, -1, 1)
        if fm[a, S.FHORSE] != 0:
            _stay_on(g, f, ge, sc, out, a, -1, 1)


@kernel
def _horse_on_its_own(g, f, ge, sc, out, a):
    """Movement phase, before rider a acts: a pinned horse bolts (text: in a random direction,
    a scatter die, straight, at its previous move + horse_bolt_extra_in up to its most; a
    horse that had stood still goes an artillery die + that), taking its rider out of any
    hand-to-hand; a horse whose rider is still pinned goes on straight along its heading at its
    previous move (runaway_move 'last_move'; 'horse_m': its M) less rider_pinned_move_loss.
    Returns True if the horse moved on its own (the rider then takes no action of his own but
    may shoot)."""
    fm, rp = ge.fm, g.rp
    side = fm[a, FSIDE]
    most = 2 * fm[a, FM] * rp[S.R_RUN_MULT]
    if fm[a, S.FHPIN] != 0:
        last = fm[a, S.FHLAST]
        if last == 0:
            last = 2 * g.tb[S.TB_SCATTER + roll(g.s, D6) - 1]
        budget = min(last + 2 * rp[S.R_BOLT_EXTRA], most)
        deg = roll(g.s, 360) - 1
        ux, uy = math.cos(math.radians(deg)), math.sin(math.radians(deg))
        out.side_out[side, S.S_BOLTS] += 1
        b = fm[a, FENGAGED]
        if b >= 0:  # the bolting horse carries him out of the fight
            fm[a, FENGAGED] = -1
            for c in range(fm.shape[0]):
                if fm[c, FENGAGED] == a:
                    _reengage(fm, c)
        _horse_runs(g, f, ge, sc, out, a, ux, uy, budget, 0)
        return True
    if fm[a, FPINNED] != 0:
        base = 2 * fm[a, FM] if rp[S.R_RUNAWAY_M] != 0 else fm[a, S.FHLAST]
        budget = min(max(base - 2 * rp[S.R_RIDER_MOVE_LOSS], 0), most)
        hx, hy = float(fm[a, S.FHDX]), float(fm[a, S.FHDY])
        norm = math.sqrt(hx * hx + hy * hy)
        if budget <= 0 or norm == 0.0 or fm[a, FENGAGED] >= 0:
            return False
        out.side_out[side, S.S_RUNAWAYS] += 1
        _horse_runs(g, f, ge, sc, out, a, hx / norm, hy / norm, budget, 1)
        return True
    return False


@kernel
def _calm_horses(g, ge, out, side):
    """Start of ``side``'s turn: the rider of a pinned horse who is not pinned himself may try
    to regain control: an I test; passed, the horse is unpinned (Ev.CALM)."""
    fm = ge.fm
    for a in range(fm.shape[0]):
        if fm[a, FSIDE] != side or fm[a, S.FHORSE] == 0 or fm[a, S.FHPIN] == 0 or \
                fm[a, FSTATE] != ST_STANDING or fm[a, FPINNED] != 0:
            continue
        mod = _ride_mod(g.rp, fm, a)
        ok = _i_test(g, fm[a, FI], mod)
        _log(out, a, Ev.CALM, 1 if ok else 0, mod)
        if ok:
            fm[a, S.FHPIN] = 0
            out.side_out[side, S.S_CALMED] += 1


@kernel
def _dismount(g, ge, out, a):
    """Rider a steps down from his still horse (text: no risk from a stationary mount; no
    further movement that turn, any shot a snap shot): on foot where he was, his own M again;
    the horse stands there riderless (FHX, FHY) for him to mount again (``_mount``). A standing
    horse is a marker: it takes no cell, blocks no move or line of sight and is never shot at
    (stated: the text gives no rule for shooting a riderless horse). A war horse (the riding
    skill) lies down there when his gunfighter's ``lie_down`` says so (FHLIE, Ev.LIE_DOWN; never
    the random floor's): partial cover, ``_behind_horse``."""
    fm = ge.fm
    side = fm[a, FSIDE]
    fm[a, S.FHORSE] = 0
    fm[a, S.FHPIN] = 0
    fm[a, FM] = fm[a, S.FFOOT_M]
    fm[a, S.FHX], fm[a, S.FHY] = fm[a, FX], fm[a, FY]
    out.side_out[side, S.S_DISMOUNTS] += 1
    if (fm[a, S.FSKILL] & S.SK_WAR_HORSE) != 0 and g.kinds[side] != RANDOM and \
            g.weights[side, W_LIE_DOWN] > 0:
        fm[a, S.FHLIE] = 1
        out.side_out[side, S.S_HORSES_LYING] += 1
        _log(out, a, Ev.LIE_DOWN, fm[a, FX], fm[a, FY])


@kernel
def _jump_down(g, f, ge, sc, out, a, t):
    """Rider a jumps down from his horse where it is now (Act.JUMP_DOWN, after its move this
    turn; text: 'at any point in its movement'). It stands there riderless (FHX, FHY), to be
    mounted again, as after a step-down (stated: the text gives a riderless horse no move in
    phase 1; it never lies down after a jump). If it moved this turn he takes an I test
    (sure-footed's bonus: 'jumping on and off the horse'): failed, he falls (Ev.FALL why
    FALL_JUMP: a fall_strength hit, a fall_fast_hits_die of them if the horse went above its
    base rate, its M) and goes no further; a still horse needs no test. Passed, with t a
    standing enemy he leaps into a fight with him: a charge of at most jump_charge_in inches from
    his cell into contact (``_move`` with that cap: the reactions, the obstacle and the fight
    joined as for any charge; text: 'would count as charging'); if it cannot reach him he stays
    where he jumped. Only from a horse that moved (text: 'if the wagon passes within 2\"'): from
    a still one he steps down and stays, as a dismount. (His ride stopped short of base contact
    with any enemy, so t is never beside him already.) His shot this turn, if any, is a snap
    shot (``_shoot_one``); whether he ran is judged against the horse's M, not his own (a
    declared run of the horse no farther than its M is a walk under run_reading 'distance')."""
    fm, rp = ge.fm, g.rp
    side = fm[a, FSIDE]
    ride = fm[a, FMOVED_IN]
    moved = ride > 0
    fast = ride > 2 * fm[a, FM]
    if fm[a, FMOVED] == S.MV_RUN and not fast and rp[S.R_RUN_DECLARED] == 0:
        fm[a, FMOVED] = S.MV_WALK  # (his horse's run was no run: judged at the horse's M)
    mod = _sure(rp, fm, a) if moved else 0
    ok = 1
    if moved:
        ok = 1 if _i_test(g, fm[a, FI], mod) else 0
    fm[a, S.FHORSE] = 0
    fm[a, S.FHPIN] = 0
    fm[a, FM] = fm[a, S.FFOOT_M]
    fm[a, S.FHX], fm[a, S.FHY] = fm[a, FX], fm[a, FY]
    out.side_out[side, S.S_JUMPS] += 1
    leap = t >= 0 and moved and ok == 1 and rp[S.R_JUMP_CHARGE_IN] > 0 and \
        fm[t, FSIDE] != side and fm[t, FSTATE] == ST_STANDING
    _log(out, a, Ev.JUMP, 1 if moved else 0, 1 if fast else 0, ok if moved else -1, mod,
         t if leap else -1)
    if ok == 0:
        out.side_out[side, S.S_JUMP_FALLS] += 1
        hits = roll(g.s, rp[S.R_FALL_DIE]) if fast else 1
        _log(out, a, Ev.FALL, hits, S.FALL_JUMP, 1 if fast else 0)
        out.side_out[side, S.S_FALLS] += 1
        _fall_hits(g, f, ge, out, a, -1, hits)
        return
    if leap:
        if _move(g, f, ge, sc, out, a, CHARGE, fm[t, FX], fm[t, FY], t, False,
                 2 * rp[S.R_JUMP_CHARGE_IN]):
            fm[a, FMOVED_IN] += ride  # (his whole move this turn: the ride and the leap)
        if fm[a, FCHARGED] != 0 and fm[a, FENGAGED] == t:
            out.side_out[side, S.S_JUMP_CHARGES] += 1


@kernel
def _board(g, f, ge, sc, out, a, t):
    """Fighter a, beside enemy rider t's horse (at its side or rear if it moved: ``_board_cell``),
    climbs on (Act.BOARD; the text's boarding rules after Gorka Morka). From his own horse he
    jumps across: it stands riderless on his cell (FHX, FHY). An I test if t's horse moved (its
    latest move, FMOVED_IN) and always for a jump across (text: 'it requires a successful I
    roll'): mount_moving_mod when either horse went above its base rate (its M), and for a jump
    off his own sure-footed horse sure_footed_bonus ('jumping on and off'; the skill is his
    horse's training, so none climbing an enemy's). Failed: thrown back (``_thrown_back``), a
    fall's hits. Passed (or a still horse, from the ground) the rider, charged, loses his pin,
    overwatch and aim, and they fight one round of hand-to-hand with
    the rider on the round's own rules (``_scored_round``: every attack die, WS, his charge
    bonus, obstacle_penalty climbing up from the ground, none from a horse; the rider none;
    melee_reading 'ws_roll': one WS test per die, the more hits winning), a tie on the scores to
    the higher I, an equal I a stand-off (he stays beside the horse). With board_blows the
    winner strikes his hits as in any round. Won, the rider still up on his horse: the boarder
    takes it (Ev.SEIZE: he is on its cell, mounted, its pin, heading and the way it stood; the
    rider lands on the boarder's cell: the engine's stated reading of 'thrown off') and the
    rider falls (FALL_BOARDED: a fall_strength hit, a fall_fast_hits_die of them above base
    rate, the boarder credited). The taken horse keeps its latest move (FMOVED_IN: moving for
    the next boarder, a bolt's previous move) and is not trained for him: his sure-footed and
    war horse skills are off from then on (he has no other horse: his own is left). Lost:
    thrown back with a fall's hits (``_board_fall``). No fight is joined and he does not shoot
    (a charge into a fight; the text's firing after mounting is for a still horse mounted as a
    move)."""
    fm, rp, so = ge.fm, g.rp, out.side_out
    side = fm[a, FSIDE]
    ax, ay = fm[a, FX], fm[a, FY]
    tx, ty = fm[t, FX], fm[t, FY]
    rode = fm[a, S.FHORSE] != 0
    fast = fm[t, FMOVED_IN] > 2 * fm[t, FM] or (rode and fm[a, FMOVED_IN] > 2 * fm[a, FM])
    so[side, S.S_BOARDS] += 1
    if rode:  # he jumps across: his horse stands riderless where he was
        fm[a, S.FHORSE] = 0
        fm[a, S.FHPIN] = 0
        fm[a, FM] = fm[a, S.FFOOT_M]
        fm[a, S.FHX], fm[a, S.FHY] = ax, ay
        fm[a, S.FHLIE] = 0
    test = rode or fm[t, FMOVED_IN] > 0
    mod = 0
    ok = 1
    if test:  # (sure-footed: his own horse's training, for a jump off it only)
        mod = (rp[S.R_MOUNT_MOVING_MOD] if fast else 0) + \
            (rp[S.R_SURE_FOOTED] if rode and (fm[a, S.FSKILL] & S.SK_SURE_FOOTED) != 0 else 0)
        if not rode:  # (a leg up from the ground only: nobody helps a jump across)
            mod += rp[S.R_HELP_BONUS] * _helpers(g, ge, out, a, t, mod)
        ok = 1 if _i_test(g, fm[a, FI], mod) else 0
    if ok == 0:
        so[side, S.S_BOARD_FAILS] += 1
        _log(out, a, Ev.BOARD, t, 1 if rode else 0, 0, mod, -2, 0, 0, 0, 1 if fast else 0)
        _thrown_back(g, f, ge, sc, out, a, tx, ty, 0)
        _board_fall(g, f, ge, out, a, -1, fast)
        return
    if fm[t, FPINNED] != 0:  # (charged and fought: the pin is lost, as in any charge)
        fm[t, FPINNED] = 0
        fm[t, S.FDUCK] = 0
        _log(out, t, Ev.PIN_LIFTED, 1)
    fm[t, FOW] = S.OW_NONE
    _lose_aim(ge, out, t, 3)
    fm[a, FCHARGED] = 1  # (the charge's bonus and a lance's charge strength, this round only)
    fm[a, S.FOBST] = 0 if rode else S.OBST_OVER  # (climbing up from the ground: an obstacle)
    cb_a = _charge_bonus(rp, fm, a, t)
    na = _attack_dice(rp, fm, a, sc.dice_a.shape[0])
    nb = _attack_dice(rp, fm, t, sc.dice_b.shape[0])
    if rp[S.R_MELEE_WS_ROLL] != 0:
        hits_a = _ws_hits(g, fm, a, na)
        hits_b = _ws_hits(g, fm, t, nb)
        sa, sb, six_a, six_b = hits_a, hits_b, 0, 0
    else:
        sa, sb, hits_a, hits_b, six_a, six_b = _scored_round(g, ge, sc, out, a, t, na, nb, cb_a,
                                                             0)
    won = 0
    if sa != sb:
        won = 1 if sa > sb else -1
    elif fm[a, FI] != fm[t, FI]:
        won = 1 if fm[a, FI] > fm[t, FI] else -1
    _log(out, a, Ev.BOARD, t, 1 if rode else 0, ok if test else -1, mod, won, sa, sb, cb_a,
         1 if fast else 0)
    if rp[S.R_BOARD_BLOWS] != 0:
        _melee_hits(g, f, ge, sc, out, a, t, hits_a, six_a, False)
        _melee_hits(g, f, ge, sc, out, t, a, hits_b, six_b, False)
    fm[a, FCHARGED] = 0
    fm[a, S.FOBST] = 0
    if won == 1:
        so[side, S.S_BOARDS_WON] += 1
        if fm[t, S.FHORSE] == 0 or fm[t, FSTATE] != ST_STANDING or \
                fm[a, FSTATE] != ST_STANDING:
            return  # (board_blows: the rider fell already, or the boarder went down)
        _log(out, a, Ev.SEIZE, tx, ty, t, ax, ay)
        fm[t, FX], fm[t, FY] = ax, ay
        fm[a, FX], fm[a, FY] = tx, ty
        fm[a, S.FHORSE] = 1
        fm[a, FM] = rp[S.R_HORSE_M]
        fm[a, S.FHPIN] = fm[t, S.FHPIN]
        fm[a, S.FHPIN_TURN] = fm[t, S.FHPIN_TURN]
        fm[a, S.FHDX], fm[a, S.FHDY] = fm[t, S.FHDX], fm[t, S.FHDY]
        if fm[t, S.FHDX] != 0 or fm[t, S.FHDY] != 0:
            fm[a, FFACEX], fm[a, FFACEY] = fm[t, S.FHDX], fm[t, S.FHDY]
        fm[a, S.FHX], fm[a, S.FHY] = -1, -1  # (his own horse, if one stood, is left)
        fm[a, S.FHLIE] = 0
        fm[a, FMOVED_IN] = fm[t, FMOVED_IN]  # (the horse's latest move is its own)
        fm[a, S.FSKILL] &= ~(S.SK_SURE_FOOTED | S.SK_WAR_HORSE)  # (a horse he did not train)
        _rope_reach(ge, out, a)  # (both moved: a lasso let go, aims checked, then the fall)
        _rope_reach(ge, out, t)
        _aims_on(g, f, ge, sc, out, a)
        _aims_on(g, f, ge, sc, out, t)
        _fall(g, f, ge, sc, out, t, a, S.FALL_BOARDED)
    elif won == -1:
        so[side, S.S_BOARDS_LOST] += 1
        if fm[a, FSTATE] == ST_OUT:
            return
        _thrown_back(g, f, ge, sc, out, a, tx, ty, 1)
        _board_fall(g, f, ge, out, a, t, fast)


@kernel
def _may_help(fm, a, b):
    """Could fighter b give boarder a a leg up (``_helpers``)? His friend in a cell touching
    a's, up, unpinned, free (no fight, no rope), on foot, not broken, his turn's action not yet
    taken (FACT -1: cleared as his side's turn starts). (Boarding is a gang turn's: the
    shoot-out is fought on foot.)"""
    return b != a and fm[b, FSIDE] == fm[a, FSIDE] and fm[b, FSTATE] == ST_STANDING and \
        fm[b, FPINNED] == 0 and fm[b, FENGAGED] < 0 and fm[b, S.FROPE] == 0 and \
        fm[b, S.FHORSE] == 0 and fm[b, S.FPASS] < 0 and fm[b, S.FBROKEN] == 0 and \
        fm[b, FACT] == -1 and \
        max(abs(fm[b, FX] - fm[a, FX]), abs(fm[b, FY] - fm[a, FY])) <= 1


@kernel
def _i_capped(g, score, modifier):
    """Would one more +1 leave an I test of ``score`` and ``modifier`` no likelier to pass? Under
    i_roll_reading 'under' once I + modifier is 6; otherwise once the need is 1 (2 when a
    natural 1 fails)."""
    if g.rp[S.R_I_UNDER] != 0:
        return score + modifier >= D6
    return g.rp[S.R_NEEDED_BASE] - score - modifier <= (2 if g.rp[S.R_NAT_ONE] != 0 else 1)


@kernel
def _helpers(g, ge, out, a, t, mod):
    """Friends give boarder a, climbing from the ground onto enemy rider t's moving horse (his
    test's modifier so far ``mod``), a leg up (the text: '+1 for each character assisting (this
    counts as the assisting character's action)'): each who may (``_may_help``), in the gang's
    order, helps as a's gunfighter chooses (``helps``: told whether he holds a lit bundle and
    whether one more bonus still raises the chance); helping is his action (FACT ACT_HELP: no
    move of his own, no shot or reload this turn; an aim of his is lost). Ev.HELP each, tidy
    board_helps. Returns how many helped (mount_helper_bonus 0: none asked)."""
    fm, rp = ge.fm, g.rp
    side = fm[a, FSIDE]
    n = 0
    if rp[S.R_HELP_BONUS] <= 0:
        return 0
    for b in range(fm.shape[0]):
        if not _may_help(fm, a, b) or \
                not helps(g.kinds[side], g.weights[side], g.s, n, fm[b, S.FFUSE] != 0,
                          not _i_capped(g, fm[a, FI], mod + rp[S.R_HELP_BONUS] * n)):
            continue
        n += 1
        fm[b, FACT] = ACT_HELP
        _lose_aim(ge, out, b, 3)
        out.side_out[side, S.S_BOARD_HELPS] += 1
        _log(out, b, Ev.HELP, a, t)
    return n


@kernel
def _ridden(fm, t):
    """Half-inches of rider t's horse's latest move: this turn's if he has acted in it (or it is
    the enemy's turn: FMOVED_IN is kept until his side's turn starts), else his last turn's
    (FHLAST, kept as his turn started)."""
    return fm[t, FMOVED_IN] if fm[t, FACT] != -1 else fm[t, S.FHLAST]


@kernel
def _unlink(g, fm, p):
    """Passenger p leaves his rider's horse (no cell of his own is set here): the horse
    carries one again, at its own M."""
    r = fm[p, S.FPASS]
    fm[p, S.FPASS] = -1
    if r >= 0:
        fm[r, S.FCARRY] = -1
        if fm[r, S.FHORSE] != 0:
            fm[r, FM] = g.rp[S.R_HORSE_M]


@kernel
def _take_reins(g, ge, out, p, t, lx, ly):
    """Rider t comes off his horse carrying passenger p (or is out of action in the saddle): p
    takes the reins and rides it on, single-mounted (stated: the text does not say; a horse
    with a man on it is ridden). It keeps its pin, heading and latest move (he rides it as it
    goes); it is not trained for him (his sure-footed and war horse skills are off from then
    on, as for a horse taken by boarding), and his own horse, if one stood, is left. t lands at
    (lx, ly) (-1: he stays, out of action). Ev.REINS, tidy reins_taken."""
    fm = ge.fm
    fm[p, S.FPASS] = -1
    fm[t, S.FCARRY] = -1
    fm[p, S.FHORSE] = 1
    fm[p, FM] = g.rp[S.R_HORSE_M]
    fm[p, S.FHPIN] = fm[t, S.FHPIN]
    fm[p, S.FHPIN_TURN] = fm[t, S.FHPIN_TURN]
    fm[p, S.FHDX], fm[p, S.FHDY] = fm[t, S.FHDX], fm[t, S.FHDY]
    fm[p, S.FHLAST] = fm[t, S.FHLAST]
    fm[p, FMOVED_IN] = _ridden(fm, t)
    if fm[p, FACT] == -1:  # (before his own action: his turn is spent, the horse has moved)
        fm[p, FACT] = ACT_REINS
    fm[p, S.FHX], fm[p, S.FHY] = -1, -1
    fm[p, S.FHLIE] = 0
    fm[p, S.FSKILL] &= ~(S.SK_SURE_FOOTED | S.SK_WAR_HORSE)
    if lx >= 0:
        fm[t, FX], fm[t, FY] = lx, ly
    out.side_out[fm[p, FSIDE], S.S_REINS] += 1
    _log(out, p, Ev.REINS, t, fm[t, FX], fm[t, FY])


@kernel
def _pass_off(g, f, ge, out, p, why, fast, by):
    """Passenger p comes off his rider's horse (why: FALL_HORSE it fell, FALL_THROWN he failed
    to stay on, FALL_DOWN he went down): he lands on the first free cell beside it (``_beside``;
    Ev.PASS_OFF) and takes a fall's hits, a fall_fast_hits_die of them when its latest move was
    above its base rate (``fast``); ``by`` credited if they take him out."""
    fm = ge.fm
    r = fm[p, S.FPASS]
    _unlink(g, fm, p)
    x, y = _beside(f, fm, fm[r, FX], fm[r, FY], p)
    fm[p, FX], fm[p, FY] = x, y
    _log(out, p, Ev.PASS_OFF, r, x, y, why, 0, 0, 0)
    hits = roll(g.s, g.rp[S.R_FALL_DIE]) if fast else 1
    _log(out, p, Ev.FALL, hits, why, 1 if fast else 0)
    out.side_out[fm[p, FSIDE], S.S_FALLS] += 1
    _fall_hits(g, f, ge, out, p, by, hits)


@kernel
def _pass_stay_on(g, f, ge, out, p, by, why):
    """Passenger p's I test to stay on (why as ``_stay_on``'s), at double_mount_action_mod;
    failed, he comes off (``_pass_off`` FALL_THROWN)."""
    fm = ge.fm
    r = fm[p, S.FPASS]
    mod = _ride_mod(g.rp, fm, p)
    ok = _i_test(g, fm[p, FI], mod)
    _log(out, p, Ev.STAY_ON, 1 if ok else 0, why, mod)
    if not ok:
        _pass_off(g, f, ge, out, p, S.FALL_THROWN, fm[r, FMOVED_IN] > 2 * fm[r, FM], by)


@kernel
def _pass_struck(g, f, ge, out, p, by, wounded):
    """After a hit on passenger p: down, he falls off (FALL_DOWN); pinned or wounded, he tests
    to stay on (as a rider does: the text's 'hit a rider')."""
    fm = ge.fm
    r = fm[p, S.FPASS]
    if r < 0 or fm[p, FSTATE] == ST_OUT:
        return
    if fm[p, FSTATE] == ST_DOWN:
        _pass_off(g, f, ge, out, p, S.FALL_DOWN, fm[r, FMOVED_IN] > 2 * fm[r, FM], by)
    elif fm[p, FPINNED] != 0 or wounded:
        _pass_stay_on(g, f, ge, out, p, by, 0)


@kernel
def _double_up(g, f, ge, sc, out, a, t):
    """Fighter a, on foot beside friend rider t's horse (at its side or rear if it moved), gets
    up behind him (Act.BOARD at a friend; row 183, the boarding rules): an I test if the horse's
    latest move (``_ridden``) was more than nothing, mount_moving_mod above its base rate, friends
    giving a leg up (``_helpers``, mount_helper_bonus each). Failed: thrown back a
    mount_fail_bounce_die of inches with a fall's hits (FALL_BOARD), as a failed boarder. Up:
    he is on t's cell, t's passenger (FPASS, FCARRY); the horse's M is now
    int(horse M x double_mount_move); enemy aims on him are lost (AIM_LOST 4: he is no target
    of his own now). Ev.DOUBLE, tidy double_ups / double_fails."""
    fm, rp, so = ge.fm, g.rp, out.side_out
    side = fm[a, FSIDE]
    ridden = _ridden(fm, t)
    moving = ridden > 0
    fast = ridden > 2 * fm[t, FM]
    mod = 0
    ok = 1
    if moving:
        mod = rp[S.R_MOUNT_MOVING_MOD] if fast else 0
        mod += rp[S.R_HELP_BONUS] * _helpers(g, ge, out, a, t, mod)
        ok = 1 if _i_test(g, fm[a, FI], mod) else 0
    _log(out, a, Ev.DOUBLE, t, ok if moving else -1, mod, 1 if fast else 0)
    if ok == 0:
        so[side, S.S_DOUBLE_FAILS] += 1
        _thrown_back(g, f, ge, sc, out, a, fm[t, FX], fm[t, FY], 0)
        _board_fall(g, f, ge, out, a, -1, fast)
        return
    so[side, S.S_DOUBLE_UPS] += 1
    fm[a, S.FPASS] = t
    fm[t, S.FCARRY] = a
    fm[t, FM] = rp[S.R_DOUBLE_M]
    fm[a, FOW] = S.OW_NONE
    _lose_aim(ge, out, a, 3)
    for b in range(fm.shape[0]):  # (no target of his own now: the horse's shots are located)
        if fm[b, FAIMT] == a:
            _lose_aim(ge, out, b, 4)
    _carry(fm, t)


@kernel
def _get_down(g, f, ge, out, p):
    """Passenger p gets down (Act.DISMOUNT): onto the first free cell beside the horse
    (``_beside``); from a horse whose latest move (``_ridden``) was more than nothing an I test
    at double_mount_action_mod (as a jump down from a moving horse): failed, a fall's hits
    (FALL_JUMP; a fall_fast_hits_die of them above its base rate). He moves no more that turn;
    any shot is a snap shot, as after a step down. Ev.PASS_OFF (d=-1), tidy passengers_off."""
    fm, rp = ge.fm, g.rp
    r = fm[p, S.FPASS]
    ridden = _ridden(fm, r)
    fast = ridden > 2 * fm[r, FM]
    mod = _ride_mod(rp, fm, p)
    _unlink(g, fm, p)
    x, y = _beside(f, fm, fm[r, FX], fm[r, FY], p)
    fm[p, FX], fm[p, FY] = x, y
    ok = 1
    if ridden > 0:
        ok = 1 if _i_test(g, fm[p, FI], mod) else 0
    out.side_out[fm[p, FSIDE], S.S_GET_DOWNS] += 1
    _log(out, p, Ev.PASS_OFF, r, x, y, -1, 1 if ridden > 0 else 0, ok, mod if ridden > 0 else 0)
    if ok == 0:
        hits = roll(g.s, rp[S.R_FALL_DIE]) if fast else 1
        _log(out, p, Ev.FALL, hits, S.FALL_JUMP, 1 if fast else 0)
        out.side_out[fm[p, FSIDE], S.S_FALLS] += 1
        _fall_hits(g, f, ge, out, p, -1, hits)


@kernel
def _thrown_back(g, f, ge, sc, out, a, sx, sy, lost):
    """Boarder a thrown back a mount_fail_bounce_die of inches from the horse at (sx, sy), away
    along the line through his cell (``_push``): Ev.THROWN_BACK. Aims on him are checked."""
    n = roll(g.s, g.rp[S.R_BOUNCE_DIE])
    _push(f, ge.fm, a, sx, sy, n)
    _log(out, a, Ev.THROWN_BACK, ge.fm[a, FX], ge.fm[a, FY], n, lost)
    _rope_reach(ge, out, a)
    _aims_on(g, f, ge, sc, out, a)


@kernel
def _board_fall(g, f, ge, out, a, by, fast):
    """A boarder thrown back falls: a fall_strength hit, a fall_fast_hits_die of them when the
    horse (or either horse) went above its base rate (Ev.FALL why FALL_BOARD); ``by`` the rider
    who threw him (-1: a failed climb), credited if it takes him out."""
    hits = roll(g.s, g.rp[S.R_FALL_DIE]) if fast else 1
    _log(out, a, Ev.FALL, hits, S.FALL_BOARD, 1 if fast else 0)
    out.side_out[ge.fm[a, FSIDE], S.S_FALLS] += 1
    _fall_hits(g, f, ge, out, a, by, hits)


@kernel
def _behind_horse(sx, sy, tx, ty, hx, hy):
    """Does a war horse lying at cell (hx, hy) give partial cover to its rider at (tx, ty)
    against a shot from (sx, sy)? Yes when he is on its cell (he crouches behind it, stated:
    a player turns it to the enemy), or when it is next to his cell (8 neighbours) and the line
    of fire between the cells' centres passes through its cell (within 1/2" of its centre,
    between the shooter and him); never when it is on or next to the shooter's cell (as terrain
    touching the shooter gives no cover: the shared sight's rule)."""
    if abs(hx - sx) <= 1 and abs(hy - sy) <= 1:
        return False
    if hx == tx and hy == ty:
        return True
    if abs(hx - tx) > 1 or abs(hy - ty) > 1:
        return False
    dx, dy = tx - sx, ty - sy
    ll = dx * dx + dy * dy
    cross = dx * (hy - sy) - dy * (hx - sx)
    dot = dx * (hx - sx) + dy * (hy - sy)
    return 4 * cross * cross <= ll and 0 < dot < ll


@kernel
def _mount(g, ge, out, a):
    """Fighter a, on foot at his standing horse's cell, mounts it (text: mounting a stationary
    horse is part of normal movement; once up, no more movement that turn, but he may fire):
    the horse's M again, no pin, its heading the way it faced when he last rode it (it stood);
    it stood still this turn, so a bolt next turn goes an artillery die + 2" (``_start_fighter``
    keeps its previous move 0)."""
    fm = ge.fm
    fm[a, S.FHORSE] = 1
    fm[a, S.FHPIN] = 0
    fm[a, FM] = g.rp[S.R_HORSE_M]
    fm[a, S.FHX], fm[a, S.FHY] = -1, -1
    fm[a, S.FHLIE] = 0  # (a war horse lying gets up)
    out.side_out[fm[a, FSIDE], S.S_MOUNTS] += 1
    _log(out, a, Ev.MOUNT, fm[a, FX], fm[a, FY], fm[a, FMOVED_IN])


# ---------------------------------------------------------------- firing


@kernel
def _burst_shots(g, dice, loaded):
    """Sustained-fire dice: (shots, jam faces). sfd_faces (-1 a jam face), read by
    sfd_jam_reading ('stops_all': any jam, no shots) and sfd_shots_reading ('plus_base': one
    more), capped by ``loaded`` when sfd_limited_by_rounds."""
    rp, tb = g.rp, g.tb
    shots = 0
    jams = 0
    for _ in range(dice):
        face = tb[S.TB_SFD + roll(g.s, S.N_SFD) - 1]
        if face < 0:
            jams += 1
        else:
            shots += face
    return _burst_rule(rp, shots, jams, loaded), jams


@step
def _burst_rule(rp, shots, jams, loaded):
    """A burst's shots from its dice's ``shots`` and ``jams``: none on a jam under
    sfd_jam_reading 'stops_all', one more under sfd_shots_reading 'plus_base', at most the
    rounds ``loaded`` under sfd_limited_by_rounds."""
    if rp[S.R_SFD_STOPS_ALL] != 0 and jams > 0:
        return 0
    if rp[S.R_SFD_PLUS_BASE] != 0:
        shots += 1
    if rp[S.R_SFD_LIMITED] != 0:
        shots = min(shots, loaded)
    return shots


@kernel
def _ammo_roll(g, ge, out, a, k):
    """An ammo roll for slot k; a failure is a jam marker (or the weapon useless)."""
    fm, kit, rp = ge.fm, ge.kit, g.rp
    side = fm[a, FSIDE]
    row = kit[a, k, KW]
    need = g.wt[row, S.WC_AMMO]
    if need <= 0:
        return
    ign = g.wt[row, S.WC_IGNITION]
    if g.wt[row, S.WC_KIND] == S.KIND_BOW:  # in the wet (rain, or he fell into water)
        if rp[S.R_HEAVY_RAIN] != 0 or fm[a, FWET] & S.WET_IN_WATER or (
                rp[S.R_WET_ANY_WATER] != 0 and fm[a, FWET] & S.WET_DEEP):
            need = max(need, rp[S.R_BOW_WET])
    elif ign == S.IGN_PERCUSSION:  # rain +1, pinned or down in water +2 (perc_wet_stacking)
        rain = rp[S.R_PERC_RAIN] if rp[S.R_HEAVY_RAIN] != 0 else 0
        wet = rp[S.R_PERC_WET] if fm[a, FWET] & S.WET_IN_WATER else 0
        need += max(rain, wet) if rp[S.R_WET_LARGEST] != 0 else rain + wet
    elif ign == S.IGN_CARTRIDGE and (fm[a, FWET] & S.WET_IN_WATER or (
            rp[S.R_WET_ANY_WATER] != 0 and fm[a, FWET] & S.WET_DEEP)):
        need += rp[S.R_CART_WET]  # immersion (immersion_trigger)
    if need > D6 and rp[S.R_AMMO_OVER_FAIL] != 0:
        ok, d = False, roll(g.s, D6)  # ammo_over_six 'fail': a need past 6 always fails
    else:
        ok, d = _roll_need(g, need)
    out.side_out[side, S.S_AMMO_ROLLS] += 1
    _log(out, a, Ev.AMMO, k, need, d, 1 if ok else 0)
    if not ok:
        if g.rp[S.R_JAM_USELESS] != 0:
            kit[a, k, KUSELESS] = 1
        else:
            kit[a, k, KJAMS] += 1
        out.side_out[side, S.S_JAMS] += 1


@kernel
def _spread_target(g, f, ge, sc, a, k, t0, x0, y0, fx, fy, arc, snap):
    """Another target for a burst's next shot: an enemy on the table, not in hand-to-hand,
    within sfd_spread_in of (x0, y0), where the first target stood, inside the burst's arc
    (``arc`` degrees centred on (fx, fy)) whom a can hit with slot k at the burst's modifiers;
    standing ones first (down ones never count as closer: reference 2.4), then the easiest,
    then the nearest to a: a choice the closest-target rule allows. -1 if none."""
    return _near_target(g, f, ge, sc, a, k, t0, float(x0), float(y0),
                        float(g.rp[S.R_SFD_SPREAD]), fx, fy, arc, snap, True, 0)


@kernel
def _ow_barred(fm, o, t):
    """The shoot-out's fast-draw order: may overwatcher o not fire at enemy t? Barred when t
    is not acting at the score now acting (the highest order mark; marks are 0 outside the
    fast-draw order, for those who have acted this round and for those out of action when a
    score's turn came, so one taken out during his own score keeps it until it is over):
    overwatch fires at movers, and in this order only the fighters of the score acting move;
    and barred when o acts at that score with t (an overwatch he declared at it): their moves
    and shots are simultaneous. Outside the fast-draw order (every mark 0) nothing is barred.
    (wm-15 barred only the second, so an overwatch held from an earlier round could fire at the
    end of a score's moves at a fighter of the moving side who had not acted at it.)"""
    top = 0
    for c in range(fm.shape[0]):
        top = max(top, fm[c, FORDER])
    if top <= 0:
        return False
    return fm[t, FORDER] != top or fm[o, FORDER] == top


@kernel
def _near_target(g, f, ge, sc, a, k, skip, px, py, within, fx, fy, arc, snap, sustained, extra):
    """The enemy (not ``skip``) on the table and not in hand-to-hand within ``within`` inches
    of (px, py), inside the ``arc`` degrees centred on (fx, fy), whom a can hit with slot k at
    these modifiers: standing ones first, then the easiest, then the nearest to a; -1 if
    none (a burst's next target, a second barrel's)."""
    fm = ge.fm
    ax, ay = fm[a, FX], fm[a, FY]
    best, best_down, best_n, best_d = -1, 2, NO_SHOT, 1e18
    for c in range(fm.shape[0]):
        if c == skip or fm[c, FSIDE] == fm[a, FSIDE] or fm[c, FSTATE] == ST_OUT or \
                fm[c, FENGAGED] >= 0 or (fm[a, FOW] != S.OW_NONE and _ow_barred(fm, a, c)):
            continue
        if math.sqrt((fm[c, FX] - px) ** 2 + (fm[c, FY] - py) ** 2) > within + 1e-9 or \
                not _in_arc(fx, fy, fm[c, FX] - ax, fm[c, FY] - ay, arc):
            continue
        n = _shot_need(g, f, ge, sc, a, ax, ay, c, k, snap, 0, False, False, sustained, extra)
        if n >= NO_SHOT:
            continue
        down = 0 if fm[c, FSTATE] == ST_STANDING else 1
        d = dist_in(ax, ay, fm[c, FX], fm[c, FY])
        if down < best_down or (down == best_down and (n < best_n or (n == best_n and
                                                                       d < best_d))):
            best, best_down, best_n, best_d = c, down, n, d
    return best


FL_DOUBLE = S.FL_DOUBLE
FL_TEMPLATE = S.FL_TEMPLATE


@step
def _count_shot(so, side, h1, snap, aimed, sustained, overwatch):
    """One to-hit roll (``h1`` 1: a hit) in the side's records, by kind."""
    so[side, S.S_SHOTS] += 1
    so[side, S.S_HITS] += h1
    if snap:
        so[side, S.S_SNAP] += 1
        so[side, S.S_SNAP_HITS] += h1
    if aimed:
        so[side, S.S_AIMED] += 1
        so[side, S.S_AIM_HITS] += h1
    if sustained:
        so[side, S.S_FAN_SHOTS] += 1
        so[side, S.S_FAN_HITS] += h1
    if overwatch:
        so[side, S.S_OW_SHOTS] += 1


@kernel
def _barrels_need(g, f, ge, sc, a, t, k, both, snap, aim_turns, emerging, charging):
    """(need, cover, cover ignored) of a double-barrelled shot of slot k at t: at
    double_both_mod (both at once; a scatter blast ignoring the target's cover when
    double_both_ignores_cover) or double_sequential_mod (one after the other)."""
    fm, rp = ge.fm, g.rp
    ax, ay = fm[a, FX], fm[a, FY]
    vis, cov = _target_cover(g, f, ge, sc, ax, ay, t)
    if not vis:
        return NO_SHOT, cov, False
    scatter = (g.wt[ge.kit[a, k, KW], S.WC_FLAGS] & FL_TEMPLATE) != 0
    nocov = both and scatter and rp[S.R_BOTH_NO_COVER] != 0
    extra = rp[S.R_BOTH_MOD] if both else rp[S.R_PAIR_MOD]
    need = _need_at(g, ge, a, t, k, dist_in(ax, ay, fm[t, FX], fm[t, FY]),
                    S.COV_NONE if nocov else cov, snap, aim_turns, emerging, charging, False, extra)
    return need, cov, nocov


@kernel
def _blast(g, f, ge, sc, out, a, row, cx, cy, scattered, dice, skip, sticks):
    """A template of fighter a's shell (weapon ``row``; ``sticks`` 0) or bundle of ``sticks``
    sticks of dynamite centred on (cx, cy), or, if ``scattered`` (the shot or throw missed), on
    the point the artillery die (scatter_faces, halved when scatter_halved) throws it from
    there in a direction of a D360 degrees; a bundle whose die shows the misfire face (0) is a
    dud (nothing goes off; a shell lands on the point). Every fighter on the table within
    template reach of the centre (scatter_radius_in + template_base_in; a bundle's
    dynamite_radius_in + template_base_in), friend or foe, but ``skip`` (the target of a single
    shell, hit by the shot itself), takes one hit, or with ``dice`` > 1 a D``dice`` of hits, at
    the shell's strength (a bundle's: dynamite_strength). Returns the centre."""
    fm, rp, so = ge.fm, g.rp, out.side_out
    side = fm[a, FSIDE]
    lx, ly = cx, cy
    moved, deg, face = 0.0, -1, 1
    if scattered:
        face = g.tb[S.TB_SCATTER + roll(g.s, D6) - 1]
        moved = float(face)
        if rp[S.R_SCATTER_HALVED] != 0:
            moved /= 2.0
        deg = roll(g.s, 360) - 1
        lx = cx + moved * math.cos(math.radians(deg))
        ly = cy + moved * math.sin(math.radians(deg))
        if sticks == 0:
            so[side, S.S_SCATTERS] += 1
    if sticks > 0 and face == 0:  # the misfire face: the bundle is a dud
        so[side, S.S_DUDS] += 1
        _log(out, a, Ev.BLAST, round(10 * cx), round(10 * cy), 0, -1, 1, 0, row, sticks, 1)
        return cx, cy
    if sticks == 0:
        so[side, S.S_BLASTS] += 1
        reach = rp[S.R_TEMPLATE_REACH100] / 100.0 + 1e-9
        strength = g.wt[row, S.WC_STRENGTH]
    else:
        reach = rp[S.R_DYN_REACH100 + min(sticks, 6) - 1] / 100.0 + 1e-9
        strength = rp[S.R_DYN_S]
    n = 0
    for c in range(fm.shape[0]):
        if c == skip or fm[c, FSTATE] == ST_OUT or fm[c, S.FPASS] >= 0:
            continue  # (a passenger: his rider's hit is located, and may be his)
        if math.sqrt((fm[c, FX] - lx) ** 2 + (fm[c, FY] - ly) ** 2) <= reach:
            sc.under[n] = c
            n += 1
    _log(out, a, Ev.BLAST, round(10 * lx), round(10 * ly), round(10 * moved), deg,
         dice if dice > 1 else 1, n, row, sticks, 0)
    for i in range(n):
        c = sc.under[i]
        hits = roll(g.s, dice) if dice > 1 else 1
        dc = math.sqrt((fm[c, FX] - lx) ** 2 + (fm[c, FY] - ly) ** 2)
        _log(out, c, Ev.BLAST_HIT, a, hits, round(10 * dc))
        if sticks > 0:
            so[side, S.S_DYN_HITS] += hits
            if fm[c, FSIDE] == side:
                so[side, S.S_DYN_OWN] += hits
        else:
            so[side, S.S_BLAST_HITS] += hits
            if fm[c, FSIDE] == side:
                so[side, S.S_FRIENDLY_HITS] += hits
        for _ in range(hits):
            if fm[c, FSTATE] == ST_OUT:
                break
            _hit(g, f, ge, sc, out, a, c, strength, g.wt[row, S.WC_DAMAGE])
    return lx, ly


@kernel
def _second_target(g, f, ge, sc, a, k, px, py, fx, fy, arc, snap):
    """The second barrel's target: an enemy on the table, not in hand-to-hand, within
    double_second_within_in of (px, py), where the first shell struck (the first target
    too), inside the shot's arc, whom a can hit with slot k at double_sequential_mod; standing
    ones first, then the easiest, then the nearest to a. -1 if none."""
    return _near_target(g, f, ge, sc, a, k, -1, px, py, float(g.rp[S.R_PAIR_WITHIN]), fx, fy,
                        arc, snap, False, g.rp[S.R_PAIR_MOD])


@kernel
def _fire_barrels(g, f, ge, sc, out, a, t, k, both, flags, aim_turns, emerging, charging, fx,
                  fy, arc):
    """Both barrels of fighter a's double-barrelled slot k (loaded with two shells), the text's
    two ways. ``both``: at once at t, one to-hit roll at double_both_mod; a manstopper hit is
    one hit at double_both_strength more; a scatter shell, hitting or scattering off a miss,
    gives a D(double_both_scatter_hits) of hits to every fighter under its template
    (``_blast``), the target's cover not counting (double_both_ignores_cover). Else one after
    the other, each at double_sequential_mod: the first at t, the second at a target within
    double_second_within_in of where the first struck (the target, or where a missed scatter
    shell landed: ``_second_target``); with none there, at that point itself (Ev.POINT_SHOT):
    a scatter shell hitting the point is a template there, missing it scatters from it (a
    manstopper at a bare point does nothing). A scatter shell that hits its target hits it
    and everyone else under the template centred on him. One ammo roll per to-hit die of
    ammo_on; then kickback at the strongest shell's strength."""
    fm, kit, wt, rp = ge.fm, ge.kit, g.wt, g.rp
    side = fm[a, FSIDE]
    so = out.side_out
    row = kit[a, k, KW]
    ax, ay = fm[a, FX], fm[a, FY]
    snap = (flags & S.SH_SNAP) != 0
    aimed = (flags & S.SH_AIMED) != 0
    scatter = (wt[row, S.WC_FLAGS] & FL_TEMPLATE) != 0
    strength = wt[row, S.WC_STRENGTH]
    if wt[row, S.WC_FLAGS] & S.FL_USER_STRENGTH:
        strength += fm[a, FS]
    damage = wt[row, S.WC_DAMAGE]
    if both:
        flags |= S.SH_BOTH
        so[side, S.S_BOTH_BARRELS] += 1
        kit[a, k, KLOADED] -= 2
        n_shells = 1
        if not scatter:
            strength += rp[S.R_BOTH_STRENGTH]
    else:
        flags |= S.SH_PAIR
        so[side, S.S_PAIRS] += 1
        n_shells = 2
    extra = rp[S.R_BOTH_MOD] if both else rp[S.R_PAIR_MOD]
    rolls = 0
    px, py = float(fm[t, FX]), float(fm[t, FY])
    st0 = fm[a, FSTATE]  # (a tied shooter of the shoot-out may fire already down)
    for i in range(n_shells):
        if i > 0 and fm[a, FSTATE] != st0:
            break  # his own first shell put him down or out: the second stays in its barrel
        if not both:
            kit[a, k, KLOADED] -= 1
        cur = t
        fl = flags
        if i > 0:
            fl |= S.SH_SECOND
            cur = _second_target(g, f, ge, sc, a, k, px, py, fx, fy, arc, snap)
        if cur < 0:  # no target within reach of the point struck: the shell goes at the point
            d = math.sqrt((ax - px) ** 2 + (ay - py) ** 2)
            rmod = _band(g, fm, a, row, d)
            if rmod >= NO_SHOT:
                continue  # out of range: the shell goes wide
            snap_p, own = _own_mods(g, fm, a, row, snap)
            need = rp[S.R_NEEDED_BASE] - fm[a, FBS] - (
                _modifier(rp, g.tb, 0, rmod, snap_p, False, False, False, S.COV_NONE, False) +
                extra + own)
            if _can_roll(g, need) and _hip(g, fm, a, snap):
                so[side, S.S_HIP_SHOTS] += 1
            if not _can_roll(g, need):
                continue
            hit, die = _roll_need(g, need)
            if die >= rp[S.R_AMMO_ON]:
                rolls += 1
            _log(out, a, Ev.POINT_SHOT, round(10 * px), round(10 * py), need, die,
                 1 if hit else 0)
            if scatter:
                _blast(g, f, ge, sc, out, a, row, px, py, not hit, 1, -1, 0)
            continue
        em = emerging and cur == t
        ch = charging and cur == t
        if i == 0:
            need, cov, nocov = _barrels_need(g, f, ge, sc, a, cur, k, both, snap, aim_turns,
                                             emerging, charging)
        else:  # the target's own modifiers (emerging, charging) count again if it is he
            vis, cov = _target_cover(g, f, ge, sc, ax, ay, cur)
            nocov = False
            need = _need_at(g, ge, a, cur, k, dist_in(ax, ay, fm[cur, FX], fm[cur, FY]), cov,
                            snap, 0, em, ch, False, extra) if vis else NO_SHOT
        if need >= NO_SHOT:
            continue  # knocked out of sight or range by the first shell: the second goes wide
        mods = (S.MOD_RAPID if _rapid(g, fm, cur) else 0) | (S.MOD_EMERGING if em else 0) | \
            (S.MOD_CHARGING if ch else 0) | (S.MOD_NO_COVER if nocov else 0) | \
            (S.MOD_MOUNTED if fm[cur, S.FHORSE] != 0 else 0) | \
            _own_bits(g, so, fm, a, row, snap, dist_in(ax, ay, fm[cur, FX], fm[cur, FY]))
        hit, die = _roll_need(g, need)
        if die >= rp[S.R_AMMO_ON]:
            rolls += 1
        h1 = 1 if hit else 0
        _count_shot(so, side, h1, snap, aimed, False, (fl & S.SH_OVERWATCH) != 0)
        _log(out, a, Ev.SHOT, cur, row, need, die, h1, aim_turns if i == 0 else 0, fl, cov,
             mods)
        tx, ty = float(fm[cur, FX]), float(fm[cur, FY])
        if scatter:
            if both:
                px, py = _blast(g, f, ge, sc, out, a, row, tx, ty, not hit,
                                rp[S.R_BOTH_SCATTER_HITS], -1, 0)
            else:
                if hit:
                    _hit(g, f, ge, sc, out, a, cur, strength, damage)
                px, py = _blast(g, f, ge, sc, out, a, row, tx, ty, not hit, 1,
                                cur if hit else -1, 0)
        else:
            if hit:
                _hit(g, f, ge, sc, out, a, cur, strength, damage)
            else:
                _stray(g, f, ge, sc, out, a, cur, row, strength, die)
            px, py = tx, ty
    for _ in range(rolls):
        _ammo_roll(g, ge, out, a, k)
    if strength - fm[a, FS] >= rp[S.R_KICKBACK_GAP] and fm[a, FSTATE] == ST_STANDING:
        ok = _test(g, fm[a, FS], 0)
        _log(out, a, Ev.KICKBACK, row, 1 if ok else 0)
        if not ok:
            so[side, S.S_KICKBACKS] += 1
            _pin(ge, out, a, -1)
            _rider_struck(g, f, ge, sc, out, a, -1, False)
            _get_wet(g, f, ge, out, a)


@kernel
def _holding(fm, a, k):
    """The fighter a's lasso in slot k holds (-1: none)."""
    for v in range(fm.shape[0]):
        if fm[v, S.FROPE] == S.ROPE_LASSO and fm[v, S.FROPER] == a and fm[v, S.FROPE_K] == k:
            return v
    return -1


@kernel
def _entangle(g, f, ge, sc, out, a, t, k, strength):
    """A fancy roper a's rope from slot k hits t (``entangles``). On a mounted fighter the hit is
    located first: on the horse it does what a shot of its strength does to a horse (a lasso,
    no damage, only pins it: the horse panics); a dodged hit does nothing. Otherwise t is
    entangled (Ev.ENTANGLE; a lasso stays tied to a, its reach the distance thrown) and falls:
    a rider is pulled off (Ev.FALL, why FALL_ROPE; the horse leaves the fight, a war horse
    stays beside him: ``_horse_left``), and he takes
    an automatic entangle_fall_strength hit (pinned, a wound roll; the text's fall), then the
    rope's own hit at ``strength`` when the weapon does damage (the bolas; not the lasso). No
    knockdown: he is on the ground already."""
    fm, kit, rp, wt = ge.fm, ge.kit, g.rp, g.wt
    so = out.side_out
    row = kit[a, k, KW]
    damage = wt[row, S.WC_DAMAGE]
    if fm[t, S.FHORSE] != 0 and _on_horse(g, ge, out, a, t, 2) < 0:
        if damage > 0:
            _horse_hit(g, f, ge, sc, out, a, t, strength)
        else:
            so[fm[a, FSIDE], S.S_HORSE_HITS] += 1
            _log(out, t, Ev.HORSE, a, strength, 0, 0, 0)
            fm[t, S.FHPIN] = 1
            fm[t, S.FHPIN_TURN] = out.clock[1]
        return
    if _saved(g, ge, out, a, t, False):
        return
    held = (wt[row, S.WC_FLAGS] & S.FL_HELD) != 0
    reach_c = int(dist_in(fm[a, FX], fm[a, FY], fm[t, FX], fm[t, FY]) * 100.0 + 0.5)
    if fm[t, S.FROPE] != 0:
        _free(ge, out, t, 2)  # roped again: the new rope holds him (the old one lost or back)
    fm[t, S.FROPE] = S.ROPE_LASSO if held else S.ROPE_BOLAS
    fm[t, S.FROPER] = a if held else -1
    fm[t, S.FROPE_K] = k if held else -1
    fm[t, S.FROPE_D] = reach_c if held else 0
    so[fm[a, FSIDE], S.S_ENTANGLED] += 1
    mounted = fm[t, S.FHORSE] != 0
    _log(out, t, Ev.ENTANGLE, a, fm[t, S.FROPE], row, 1 if mounted else 0, fm[t, S.FROPE_D])
    fm[t, FOW] = S.OW_NONE
    _lose_aim(ge, out, t, 3)
    if mounted:  # pulled off: the rope's fall is his fall
        _log(out, t, Ev.FALL, 0, S.FALL_ROPE, 0)
        so[fm[t, FSIDE], S.S_FALLS] += 1
        reins = fm[t, S.FCARRY] >= 0
        if reins:  # his passenger takes the reins; he lands beside the horse, towards the roper
            lx, ly = _beside_near(f, fm, fm[t, FX], fm[t, FY], t, fm[a, FX], fm[a, FY], True)
            _take_reins(g, ge, out, fm[t, S.FCARRY], t, lx, ly)
            _rope_reach(ge, out, t)
        _horse_left(fm, t, S.FALL_ROPE)
        if reins:
            fm[t, S.FHX], fm[t, S.FHY] = -1, -1  # (ridden on by his passenger)
            _aims_on(g, f, ge, sc, out, t)
    _pin(ge, out, t, a)
    need, d, wounded = _wound_roll(g, rp[S.R_ENTANGLE_S], fm[t, FT])
    _log(out, t, Ev.WOUND, -1, need, d, 1 if wounded else 0)
    if wounded:
        so[fm[a, FSIDE], S.S_WOUNDS] += 1
        _damage(g, f, ge, out, t, a, 1, False)
    if damage > 0 and fm[t, FSTATE] != ST_OUT:
        need, d, wounded = _wound_roll(g, strength, fm[t, FT])
        _log(out, t, Ev.WOUND, a, need, d, 1 if wounded else 0)
        if wounded:
            so[fm[a, FSIDE], S.S_WOUNDS] += 1
            _damage(g, f, ge, out, t, a, damage, True)
    if fm[t, FSTATE] != ST_OUT:
        _get_wet(g, f, ge, out, t)


@kernel
def _free(ge, out, v, why):
    """Entangled fighter v is free. why 0: his escape tests (a lasso goes back to the roper's
    hand if he stands), 1: the lasso's holder let go (stepped beyond it, went down or out: the
    lasso is lost, Ev.UNTANGLE logged, lassos_lost counted), 2: quietly (v out of action, or
    roped again: a lasso back to a standing holder, else lost)."""
    fm, kit = ge.fm, ge.kit
    r, k = fm[v, S.FROPER], fm[v, S.FROPE_K]
    if fm[v, S.FROPE] == S.ROPE_LASSO and r >= 0 and k >= 0:
        if why != 1 and fm[r, FSTATE] == ST_STANDING:
            kit[r, k, KLOADED] = 1
        else:
            kit[r, k, KLOADED] = 0
            kit[r, k, KUSELESS] = 1  # dropped: gone for this fight
            out.side_out[fm[r, FSIDE], S.S_ROPES_LOST] += 1
    fm[v, S.FROPE] = 0
    fm[v, S.FROPER] = -1
    fm[v, S.FROPE_K] = -1
    fm[v, S.FROPE_D] = 0
    if why == 1:
        _log(out, v, Ev.UNTANGLE, 1, 1, -1, 0, -1, 0)


@kernel
def _let_go(ge, out, r):
    """Fighter r can no longer hold a lasso (down, out of action): whoever it holds is free
    (``_free`` why 1)."""
    fm = ge.fm
    for v in range(fm.shape[0]):
        if fm[v, S.FROPE] == S.ROPE_LASSO and fm[v, S.FROPER] == r:
            _free(ge, out, v, 1)


@kernel
def _beyond_rope(fm, x, y, v):
    """Would entangled fighter v at (x, y) be beyond his lasso's reach from its holder?"""
    r = fm[v, S.FROPER]
    if fm[v, S.FROPE] != S.ROPE_LASSO or r < 0:
        return False
    return dist_in(x, y, fm[r, FX], fm[r, FY]) * 100.0 > fm[v, S.FROPE_D] + 50


@kernel
def _rope_reach(ge, out, a):
    """After fighter a moved (or was thrown or carried): a lasso holder now beyond the reach of
    a fighter he holds lets go (the text: a roper who moves away loses his lasso and the victim
    is free); an entangled fighter carried beyond his lasso tears it from its holder (the
    same)."""
    fm = ge.fm
    for v in range(fm.shape[0]):
        if fm[v, S.FROPE] == S.ROPE_LASSO and (fm[v, S.FROPER] == a or v == a) and \
                _beyond_rope(fm, fm[v, FX], fm[v, FY], v):
            _free(ge, out, v, 1)


@kernel
def _untangle(g, f, ge, sc, out, a):
    """Entangled fighter a's turn, once unpinned (the text: he may try to get free, and then do
    nothing else that turn, or stay entangled and act at entangled_action_mod): his policy
    (``stay_tangled``) chooses. Trying: against a lasso an S test modified by his S less the
    roper's, then an I test; against bolas the I test alone; passed, he is free (a lasso back in
    the roper's hand). Returns True if the turn went on trying (he takes no action, fires no
    shot: FACT ACT_ROPES)."""
    fm = ge.fm
    side = fm[a, FSIDE]
    so = out.side_out
    _candidates(g, f, ge, sc, a, fm[a, FX], fm[a, FY], 0, 0, 360, False, -1, 0, False, False)
    if stay_tangled(g.kinds[side], g.weights[side], a, fm, ge.kit, g.wt, sc.need, g.s):
        so[side, S.S_TANGLED_ACTS] += 1
        _log(out, a, Ev.UNTANGLE, 0, 0, -1, 0, -1, 1)
        return False
    so[side, S.S_TANGLE_TRIES] += 1
    s_ok, mod = -1, 0
    ok = True
    if fm[a, S.FROPE] == S.ROPE_LASSO and fm[a, S.FROPER] >= 0:
        mod = fm[a, FS] - fm[fm[a, S.FROPER], FS]
        ok = _test(g, fm[a, FS], mod)
        s_ok = 1 if ok else 0
    i_ok = -1
    if ok:
        ok = _i_test(g, fm[a, FI], 0)
        i_ok = 1 if ok else 0
    _log(out, a, Ev.UNTANGLE, 1 if ok else 0, 0, s_ok, mod, i_ok, 0)
    if ok:
        so[side, S.S_UNTANGLED] += 1
        _free(ge, out, a, 0)
    fm[a, FACT] = ACT_ROPES
    return True


@kernel
def _stand_act(g, f, ge, sc, out, a):
    """Standing, unpinned, free fighter a's turn: an entangled one may spend it on the ropes
    (``_untangle``), else his action (``_act``)."""
    if ge.fm[a, S.FROPE] != 0 and _untangle(g, f, ge, sc, out, a):
        return
    _act(g, f, ge, sc, out, a)


@kernel
def _thrown(ge, so, a, k):
    """Slot k's thrown weapon has left a's hand (thrown_tomahawks: it is not picked up again);
    once no throw is left in his kit his hand-to-hand strength bonus is that of the best hand
    weapon he still holds (FMELEE_REST)."""
    fm, kit = ge.fm, ge.kit
    kit[a, k, KLOADED] = 0
    so[fm[a, FSIDE], S.S_THROWS] += 1
    for kk in range(kit.shape[1]):
        if kit[a, kk, KW] == kit[a, k, KW] and kit[a, kk, KLOADED] > 0:
            return
    fm[a, FMELEE_S] = fm[a, S.FMELEE_REST]


@kernel
def _throw_charge(g, f, ge, sc, out, a, t, k, flags, emerging, charging):
    """Fighter a throws slot k's bundle of dynamite at t: lit in an earlier turn
    (light_takes_turn), or lit now (``_light``; failed: nothing thrown, the turn's shot spent).
    One to-hit roll (reach by his S, the usual modifiers; Ev.SHOT); a miss may make t duck back
    (duck_backs, as any missed shot); a hit centres the blast on t, a miss scatters it from t (a
    misfire face: a dud); every fighter under it, friend or foe, takes a hit, or a D of
    dynamite_hits_die hits, at dynamite_strength (``_blast``). The sticks are gone."""
    fm, kit = ge.fm, ge.kit
    so = out.side_out
    side = fm[a, FSIDE]
    row = kit[a, k, KW]
    if kit[a, k, KLOADED] == 0 and not _light(g, ge, out, a, k, 1):
        return
    sticks = kit[a, k, KLOADED]
    kit[a, k, KLOADED] = 0
    fm[a, S.FFUSE] = 0
    so[side, S.S_DYN_THROWN] += 1
    ax, ay = fm[a, FX], fm[a, FY]
    snap = (flags & S.SH_SNAP) != 0
    vis, cov = _target_cover(g, f, ge, sc, ax, ay, t)
    d = dist_in(ax, ay, fm[t, FX], fm[t, FY])
    need = _need_at(g, ge, a, t, k, d, cov, snap, 0, emerging, charging, False) if vis \
        else NO_SHOT
    hit, die = False, 0
    if need < NO_SHOT:
        hit, die = _roll_need(g, need)
    h1 = 1 if hit else 0
    mods = (S.MOD_RAPID if _rapid(g, fm, t) else 0) | (S.MOD_EMERGING if emerging else 0) | \
        (S.MOD_CHARGING if charging else 0) | (S.MOD_MOUNTED if fm[t, S.FHORSE] != 0 else 0) | \
        _own_bits(g, so, fm, a, row, snap, d)
    _count_shot(so, side, h1, snap, False, False, (flags & S.SH_OVERWATCH) != 0)
    _log(out, a, Ev.SHOT, t, row, need, die, h1, 0, flags, cov, mods)
    tx, ty = float(fm[t, FX]), float(fm[t, FY])
    if not hit and need < NO_SHOT and g.rp[S.R_DUCK] != 0:  # as any missed shot or throw
        _duck_back(g, f, ge, sc, out, a, t, k, d, cov, snap, 0, emerging, charging, False, die)
    _blast(g, f, ge, sc, out, a, row, tx, ty, not hit, g.rp[S.R_DYN_DICE], -1, sticks)


@kernel
def _fire(g, f, ge, sc, out, a, t, k, mode, flags, aim_turns, emerging, charging, arc, fx, fy):
    """Fighter a fires slot k at t in firing ``mode`` (FIRE_*): both barrels of a loaded
    double-barrelled gun at once or one after the other (``_fire_barrels``; an aimed shot, a
    quick-draw shot unless quick_draw_fan, or one past the 7+ ladder at the barrels' modifier
    fires one barrel); else one shot, or with FIRE_BURST a burst of sustained-fire dice
    (each shot at sfd_modifier; later shots go to another enemy within sfd_spread_in of the
    first, inside the arc, once the first is out of action: ``_spread_target``). ``arc``
    degrees centred on (fx, fy) is the arc he fires in (360: he turns freely, so the burst's
    arc is fire_arc_deg centred on t). A burst whose first shot could not be rolled (the
    sustained-fire modifier past the 7+ ladder) is fired as a single shot; so is a quick-draw
    shot unless quick_draw_fan. All shots are fired before the ammo rolls (one per to-hit die
    of ammo_on, one per jam face). Then kickback, if a round was fired. ``flags``: SH_* bits
    of the occasion; an aimed shot is never a burst unless sfd_can_aim. The emerging and
    charging modifiers are the first target's."""
    fm, kit, wt, rp = ge.fm, ge.kit, g.wt, g.rp
    side = fm[a, FSIDE]
    so = out.side_out
    row = kit[a, k, KW]
    ax, ay = fm[a, FX], fm[a, FY]
    if arc >= 360:
        sfx, sfy, sarc = fm[t, FX] - ax, fm[t, FY] - ay, rp[S.R_FIRE_ARC]
    else:
        sfx, sfy, sarc = fx, fy, arc
    fm[a, FFIRED] = 1
    fm[a, FFACEX] = fm[t, FX] - ax
    fm[a, FFACEY] = fm[t, FY] - ay
    if wt[row, S.WC_KIND] == S.KIND_EXPLOSIVE:
        _throw_charge(g, f, ge, sc, out, a, t, k, flags, emerging, charging)
        return
    aimed = (flags & S.SH_AIMED) != 0
    snap = (flags & S.SH_SNAP) != 0
    if (flags & S.SH_QUICKDRAW) != 0 and rp[S.R_QD_FAN] == 0:
        mode = S.FIRE_ONE
    if (mode == S.FIRE_BOTH or mode == S.FIRE_PAIR) and (wt[row, S.WC_FLAGS] & FL_DOUBLE) != 0 \
            and kit[a, k, KLOADED] >= 2 and (not aimed or rp[S.R_SFD_CAN_AIM] != 0):
        both = mode == S.FIRE_BOTH
        need, _, _ = _barrels_need(g, f, ge, sc, a, t, k, both, snap, aim_turns, emerging,
                                   charging)
        if need < NO_SHOT:
            _fire_barrels(g, f, ge, sc, out, a, t, k, both, flags, aim_turns, emerging,
                          charging, sfx, sfy, sarc)
            return
    fan = mode == S.FIRE_BURST
    sustained = fan and wt[row, S.WC_SFD] > 0 and (not aimed or rp[S.R_SFD_CAN_AIM] != 0)
    if sustained and _shot_need(g, f, ge, sc, a, ax, ay, t, k, snap, aim_turns, emerging,
                                charging, True) >= NO_SHOT:
        sustained = False
    rolls = 0
    if sustained:
        shots, jams = _burst_shots(g, wt[row, S.WC_SFD], kit[a, k, KLOADED])
        rolls += jams
        flags |= S.SH_FAN
        so[side, S.S_FANS] += 1
        _log(out, a, Ev.BURST, t, wt[row, S.WC_SFD], shots, jams, flags)
    else:
        shots = 1
    x0, y0 = fm[t, FX], fm[t, FY]
    cur = t
    strength = wt[row, S.WC_STRENGTH]
    if wt[row, S.WC_FLAGS] & S.FL_USER_STRENGTH:
        strength += fm[a, FS]
    st0 = fm[a, FSTATE]  # (a tied shooter of the shoot-out fires his burst though just downed)
    for i in range(shots):
        if i > 0 and fm[a, FSTATE] != st0:
            break  # a lever shotgun's own template put him down or out: the rest stay loaded
        kit[a, k, KLOADED] = max(kit[a, k, KLOADED] - 1, 0)
        if wt[row, S.WC_RELOAD] == S.RL_QUIVER and kit[a, k, KLOADED] == 0 and \
                kit[a, k, KRESERVE] > 0:  # the next arrow nocked from the quiver
            kit[a, k, KLOADED] = 1
            kit[a, k, KRESERVE] -= 1
        if i > 0 and cur >= 0 and fm[cur, FSTATE] == ST_OUT:
            cur = _spread_target(g, f, ge, sc, a, k, cur, x0, y0, sfx, sfy, sarc, snap)
        if cur < 0:
            continue  # nobody left near the first target: the round goes wide
        vis, cov = _target_cover(g, f, ge, sc, ax, ay, cur)
        if not vis:
            continue  # knocked out of sight by an earlier shot: the round goes wide
        em = emerging and cur == t
        ch = charging and cur == t
        need = _need_at(g, ge, a, cur, k, dist_in(ax, ay, fm[cur, FX], fm[cur, FY]), cov, snap,
                        aim_turns, em, ch, sustained)
        if need >= NO_SHOT:
            continue  # knocked out of range, or into cover past the 7+ ladder
        mods = (S.MOD_RAPID if _rapid(g, fm, cur) else 0) | (S.MOD_EMERGING if em else 0) | \
            (S.MOD_CHARGING if ch else 0) | (S.MOD_MOUNTED if fm[cur, S.FHORSE] != 0 else 0) | \
            _own_bits(g, so, fm, a, row, snap, dist_in(ax, ay, fm[cur, FX], fm[cur, FY]))
        hit, d = _roll_need(g, need)
        if d >= rp[S.R_AMMO_ON]:
            rolls += 1
        h1 = 1 if hit else 0
        _count_shot(so, side, h1, snap, aimed, sustained, (flags & S.SH_OVERWATCH) != 0)
        _log(out, a, Ev.SHOT, cur, row, need, d, h1, aim_turns, flags, cov, mods)
        tx, ty = float(fm[cur, FX]), float(fm[cur, FY])
        if hit and entangles(fm, kit, wt, a, row):
            _entangle(g, f, ge, sc, out, a, cur, k, strength)
        elif hit:
            _hit(g, f, ge, sc, out, a, cur, strength, wt[row, S.WC_DAMAGE])
        else:
            if rp[S.R_DUCK] != 0:
                _duck_back(g, f, ge, sc, out, a, cur, k,
                           dist_in(ax, ay, fm[cur, FX], fm[cur, FY]), cov, snap, aim_turns, em,
                           ch, sustained, d)
            _stray(g, f, ge, sc, out, a, cur, row, strength, d)
        if wt[row, S.WC_FLAGS] & FL_TEMPLATE:  # a scatter shell: its template, or its scatter
            _blast(g, f, ge, sc, out, a, row, tx, ty, not hit, 1, cur if hit else -1, 0)
    for _ in range(rolls):
        _ammo_roll(g, ge, out, a, k)
    if wt[row, S.WC_KIND] == S.KIND_THROWN and (wt[row, S.WC_FLAGS] & S.FL_HELD) != 0:
        so[side, S.S_THROWS] += 1  # a lasso: back in his hand unless it holds someone now
        kit[a, k, KLOADED] = 0 if _holding(fm, a, k) >= 0 else 1
    elif wt[row, S.WC_KIND] == S.KIND_THROWN:
        _thrown(ge, so, a, k)
    gun = wt[row, S.WC_KIND] == S.KIND_HANDGUN or wt[row, S.WC_KIND] == S.KIND_LONG_GUN
    if gun and shots > 0 and strength - fm[a, FS] >= rp[S.R_KICKBACK_GAP] and \
            fm[a, FSTATE] == ST_STANDING:  # a gun's recoil: no bow or thrown weapon kicks
        ok = _test(g, fm[a, FS], 0)
        _log(out, a, Ev.KICKBACK, row, 1 if ok else 0)
        if not ok:
            so[side, S.S_KICKBACKS] += 1
            _pin(ge, out, a, -1)
            _rider_struck(g, f, ge, sc, out, a, -1, False)
            _get_wet(g, f, ge, out, a)


@kernel
def _drop_throws(g, ge, sc, a, charges_only):
    """Strike a's throws (dynamite too) from the legal shots in sc.need (an aimed shot, aimed
    overwatch and a quick draw are a gun's: the text's aiming and fast draw are about guns), or
    with ``charges_only`` his dynamite alone (not thrown on overwatch or on the move: stated,
    a bundle is lit for his own turn's throw); returns the number of legal shots left."""
    n_ok = 0
    for k in range(sc.need.shape[1]):
        row = ge.kit[a, k, KW]
        thrown = row >= 0 and (g.wt[row, S.WC_KIND] == S.KIND_EXPLOSIVE if charges_only
                               else _is_throw(g.wt, row))
        for t in range(sc.need.shape[0]):
            if thrown:
                sc.need[t, k] = NO_SHOT
            elif sc.need[t, k] < NO_SHOT:
                n_ok += 1
    return n_ok


@kernel
def _shoot_now(g, f, ge, sc, out, a, arc, fx, fy, flags, only, aim_turns, emerging, charging):
    """Fighter a may shoot now (from where he stands, facing (fx, fy) within ``arc``): the
    legal shots, his policy's choice, the shot. True if he fired."""
    fm = ge.fm
    side = fm[a, FSIDE]
    snap = (flags & S.SH_SNAP) != 0
    n_ok = _candidates(g, f, ge, sc, a, fm[a, FX], fm[a, FY], fx, fy, arc, snap, only, aim_turns,
                       emerging, charging)
    if n_ok > 0 and (flags & (S.SH_AIMED | S.SH_QUICKDRAW)) != 0:
        n_ok = _drop_throws(g, ge, sc, a, False)
    elif n_ok > 0 and (flags & (S.SH_OVERWATCH | S.SH_MIDMOVE)) != 0:
        n_ok = _drop_throws(g, ge, sc, a, True)
    if n_ok == 0:
        return False
    t, k, mode = choose_shot(g.kinds[side], g.weights[side], a, fm, ge.kit, g.wt, g.rp,
                             sc.need, flags, g.s)
    if t < 0 or k < 0 or sc.need[t, k] >= NO_SHOT:
        return False
    first = flags
    if (mode == S.FIRE_ONE or mode == S.FIRE_BURST) and \
            _pair_long(g, f, ge, sc, a, t, k, mode, arc, fx, fy, flags, only, aim_turns,
                       emerging, charging):
        first = flags | S.SH_ONE_HAND
        mode = S.FIRE_ONE  # a long gun fired one-handed fires one shot
    before = out.side_out[side, S.S_SHOTS]
    _fire(g, f, ge, sc, out, a, t, k, mode, first, aim_turns, emerging, charging, arc, fx, fy)
    if fm[a, S.FONEHAND] != 0:
        out.side_out[side, S.S_ONE_HAND] += out.side_out[side, S.S_SHOTS] - before
    _off_hand(g, f, ge, sc, out, a, k, arc, fx, fy, flags, only, aim_turns, emerging, charging)
    fm[a, S.FONEHAND] = 0
    return True


@kernel
def _two_guns(g, ge, a, k, flags):
    """May fighter a fire a second gun with his shot from slot k on this occasion: the
    gunfighter skill (or anyone, with two_weapons_need_skill off), not an overwatch or aimed
    shot (one gun's), both hands free (no arm locked, none on the reins, none holding a lance),
    still up and unpinned (a tied shooter of the shoot-out fires both guns though just hit:
    down or out of action by a shot of his score, or by his own first shot's template)?"""
    fm, kit, rp = ge.fm, ge.kit, g.rp
    if (fm[a, S.FSKILL] & S.SK_GUNFIGHTER) == 0 and rp[S.R_TWO_NEED_SKILL] != 0:
        return False
    if (flags & (S.SH_OVERWATCH | S.SH_AIMED)) != 0:
        return False
    if fm[a, S.FARMS] != 0 or _reins(fm, a) or _lance_hand(fm, a) or kit[a, k, KW] < 0:
        return False
    return (fm[a, FSTATE] == ST_STANDING and fm[a, FPINNED] == 0) or fm[a, S.FSIMUL] != 0


@kernel
def _second_gun(g, ge, a, k, kind):
    """The slot of a's other ready gun of weapon ``kind`` (not the other chambers of the same
    Le Mat, nor slot k itself), the first in slot order; -1 if none."""
    kit, wt = ge.kit, g.wt
    for kk in range(kit.shape[1]):
        if kk != k and kk != kit[a, k, S.KLINK] and _ready_gun(kit, a, kk) and \
                wt[kit[a, kk, KW], S.WC_KIND] == kind:
            return kk
    return -1


@kernel
def _burst_mean(g, row, loaded):
    """The mean shots of a burst of weapon ``row`` with ``loaded`` rounds in it, exact over its
    sustained-fire dice as ``_burst_shots`` rolls them (sfd_faces, sfd_jam_reading 'stops_all',
    sfd_shots_reading 'plus_base', the rounds loaded under sfd_limited_by_rounds): every face
    combination of up to four dice is counted (more dice: four dice's mean per four, a
    gunfighter's estimate)."""
    rp, tb = g.rp, g.tb
    dice = g.wt[row, S.WC_SFD]
    n = min(dice, 4)
    combos = 1
    for _ in range(n):
        combos *= S.N_SFD
    total = 0.0
    for c in range(combos):
        shots = 0
        jams = 0
        x = c
        for _ in range(n):
            face = tb[S.TB_SFD + x % S.N_SFD]
            x //= S.N_SFD
            if face < 0:
                jams += 1
            else:
                shots += face
        if n < dice:
            shots = shots * dice // n
        total += _burst_rule(rp, shots, jams, loaded)
    return total / combos if combos > 0 else 0.0


@kernel
def _hits_expected(g, need, burst, row, loaded):
    """A gunfighter's estimate of the hits of a firing needing ``need`` (a single shot's): one
    shot's chance of a hit, or a burst's mean shots (``_burst_mean``) at the sustained-fire
    modifier's need."""
    if burst:
        need -= g.rp[S.R_SFD_MOD]
        return _burst_mean(g, row, loaded) * _p_need(g, need) if _can_roll(g, need) else 0.0
    return _p_need(g, need) if _can_roll(g, need) else 0.0


@kernel
def _pair_long(g, f, ge, sc, a, t, k, mode, arc, fx, fy, flags, only, aim_turns, emerging,
               charging):
    """Before a's firing of long gun slot k at t in ``mode`` (one shot or a burst): does he fire
    it one-handed, one shot, with a second gun at once instead (two_weapons_long_guns; the
    text's "two at once, even")? Offered where he may fire two guns (``_two_guns``), the long gun
    is not one-handed already, and he has another ready gun (a handgun first, else a long gun).
    His policy weighs the hits he expects of the firing as chosen (``_hits_expected``: a
    burst's mean shots at the sustained-fire modifier) against the pair's: the long gun's one
    shot at one_hand_long_gun_mod plus the other gun's best legal shot now at
    gunfighter_modifier (one-handed too if a long gun; a burst if he fans or blazes away, W_FAN,
    and it has sustained-fire dice). Choosing it sets FONEHAND and recomputes his legal shots;
    if t is then no legal shot (past the 7+ ladder) the choice is undone. True if the pair is
    fired."""
    fm, kit, wt, rp = ge.fm, ge.kit, g.wt, g.rp
    row = kit[a, k, KW]
    if rp[S.R_TWO_LONG] == 0 or wt[row, S.WC_KIND] != S.KIND_LONG_GUN or \
            _one_handed(g, fm, a, row) or not _two_guns(g, ge, a, k, flags):
        return False
    k2 = _second_gun(g, ge, a, k, S.KIND_HANDGUN)
    long2 = k2 < 0
    if long2:
        k2 = _second_gun(g, ge, a, k, S.KIND_LONG_GUN)
    if k2 < 0:
        return False
    side = fm[a, FSIDE]
    n2 = NO_SHOT
    for u in range(sc.need.shape[0]):
        n2 = min(n2, sc.need[u, k2])
    if n2 >= NO_SHOT:
        return False  # no shot for the second gun now: no pair
    n2 -= rp[S.R_GUNFIGHTER_MOD] + (rp[S.R_ONE_HAND_MOD] if long2 else 0)
    if not _can_roll(g, n2) or \
            (g.kinds[side] != RANDOM and n2 > g.weights[side, W_SHOOT_NEED]):
        return False  # past the 7+ ladder, or a shot he would not take
    burst = mode == S.FIRE_BURST and not ((flags & S.SH_QUICKDRAW) != 0 and rp[S.R_QD_FAN] == 0)
    p_alone = _hits_expected(g, sc.need[t, k], burst, row, kit[a, k, KLOADED])
    p_pair = _hits_expected(g, sc.need[t, k] - rp[S.R_ONE_HAND_MOD], False, row, 1)
    row2 = kit[a, k2, KW]
    fan2 = not long2 and g.weights[side, W_FAN] > 0 and wt[row2, S.WC_SFD] > 0 and \
        not ((flags & S.SH_QUICKDRAW) != 0 and rp[S.R_QD_FAN] == 0)
    p_pair += _hits_expected(g, n2, fan2, row2, kit[a, k2, KLOADED])
    if not pairs_one_handed(g.kinds[side], g.weights[side], p_alone, p_pair, g.s):
        return False
    fm[a, S.FONEHAND] = 1
    snap = (flags & S.SH_SNAP) != 0
    _candidates(g, f, ge, sc, a, fm[a, FX], fm[a, FY], fx, fy, arc, snap, only, aim_turns,
                emerging, charging)
    if sc.need[t, k] < NO_SHOT:
        return True
    fm[a, S.FONEHAND] = 0
    _candidates(g, f, ge, sc, a, fm[a, FX], fm[a, FY], fx, fy, arc, snap, only, aim_turns,
                emerging, charging)
    return False


@kernel
def _off_hand(g, f, ge, sc, out, a, k, arc, fx, fy, flags, only, aim_turns, emerging, charging):
    """Two guns at once: after a's shot with slot k, a fighter who may fire two guns
    (``_two_guns``) fires another loaded gun on the same occasion at gunfighter_modifier: his
    policy's choice among its legal shots (the closest-target rule as ever), tagged
    SH_OFF_HAND; off_hand_shots counts its to-hit rolls. After a handgun: another handgun (the
    first in slot order), else, with two_weapons_long_guns and his policy's consent
    (``pairs_one_handed``), a long gun fired one-handed (SH_ONE_HAND, one shot). After a long gun
    only where he chose the pair before it (FONEHAND, ``_pair_long``): a handgun, else another
    long gun. Not from horseback: a rider keeps a hand on the reins (ride like Rooster Coburn
    frees it)."""
    fm, kit, rp, wt = ge.fm, ge.kit, g.rp, g.wt
    if not _two_guns(g, ge, a, k, flags):
        return
    kind = wt[kit[a, k, KW], S.WC_KIND]
    side = fm[a, FSIDE]
    if kind == S.KIND_HANDGUN:
        k2 = _second_gun(g, ge, a, k, S.KIND_HANDGUN)
        if k2 < 0 and rp[S.R_TWO_LONG] != 0:
            k2 = _second_gun(g, ge, a, k, S.KIND_LONG_GUN)
            if k2 >= 0:
                if _one_handed(g, fm, a, kit[a, k2, KW]) or \
                        not pairs_one_handed(g.kinds[side], g.weights[side], 0.0, 1.0, g.s):
                    return
                fm[a, S.FONEHAND] = 1
    elif kind == S.KIND_LONG_GUN and fm[a, S.FONEHAND] != 0:
        k2 = _second_gun(g, ge, a, k, S.KIND_HANDGUN)
        if k2 < 0:
            k2 = _second_gun(g, ge, a, k, S.KIND_LONG_GUN)
    else:
        return
    if k2 < 0:
        return
    long2 = wt[kit[a, k2, KW], S.WC_KIND] == S.KIND_LONG_GUN
    fm[a, S.FGUNMOD] = rp[S.R_GUNFIGHTER_MOD]
    snap = (flags & S.SH_SNAP) != 0
    if _candidates(g, f, ge, sc, a, fm[a, FX], fm[a, FY], fx, fy, arc, snap, only, aim_turns,
                   emerging, charging) > 0:
        for t in range(sc.need.shape[0]):
            for kk in range(sc.need.shape[1]):
                if kk != k2:
                    sc.need[t, kk] = NO_SHOT
        t, kk, mode = choose_shot(g.kinds[side], g.weights[side], a, fm, kit, wt, g.rp,
                                  sc.need, flags | S.SH_OFF_HAND, g.s)
        if t >= 0 and kk == k2 and sc.need[t, kk] < NO_SHOT:
            before = out.side_out[side, S.S_SHOTS]
            more = S.SH_OFF_HAND
            if long2:
                mode = S.FIRE_ONE  # a long gun fired one-handed fires one shot
                more |= S.SH_ONE_HAND
            _fire(g, f, ge, sc, out, a, t, k2, mode, flags | more, aim_turns,
                  emerging, charging, arc, fx, fy)
            out.side_out[side, S.S_OFF_HAND] += out.side_out[side, S.S_SHOTS] - before
            if long2:
                out.side_out[side, S.S_ONE_HAND] += out.side_out[side, S.S_SHOTS] - before
    fm[a, S.FGUNMOD] = 0


# ---------------------------------------------------------------- overwatch, quick draw, aims


@kernel
def _watching(fm, o, mover):
    """Can overwatcher o fire at enemy ``mover`` (both up, o not yet fired this turn; in the
    shoot-out not one acting at the mover's own score: their moves are simultaneous)?"""
    return fm[o, FOW] != S.OW_NONE and fm[o, FOWFIRED] == 0 and fm[o, FSTATE] == ST_STANDING \
        and fm[o, FPINNED] == 0 and fm[o, FENGAGED] < 0 and fm[o, FSIDE] != fm[mover, FSIDE] \
        and not _ow_barred(fm, o, mover)


@kernel
def _ow_arc(g, fm, o):
    return g.rp[S.R_AIM_ARC] if fm[o, FOW] == S.OW_AIMED else g.rp[S.R_FIRE_ARC]


@kernel
def _ow_sees(g, f, ge, sc, o, mover):
    """Does overwatcher o see ``mover`` where he stands, inside his overwatch arc?"""
    fm = ge.fm
    return _in_arc(fm[o, FFACEX], fm[o, FFACEY], fm[mover, FX] - fm[o, FX],
                   fm[mover, FY] - fm[o, FY], _ow_arc(g, fm, o)) and \
        _see(f, sc, fm[o, FX], fm[o, FY], fm[mover, FX], fm[mover, FY])


@kernel
def _overwatch_at(g, f, ge, sc, out, a, charging):
    """Enemy overwatchers who have not fired and see mover a where he now stands (in their
    arc, in range) may fire, one after another (a target that came into their arc during this
    move is emerging). Before each, a faster mover may try the quick draw: an I test; passing
    it he fires a snap shot at the overwatcher first (once a turn: it is his shot; not while
    charging, moving to reload or clear, or broken; one shot unless quick_draw_fan), and an overwatcher
    pinned or down by it, or who can no longer shoot the mover, loses his shot (Ev.OW_LOST;
    quick_draw_pin_cancels)."""
    fm, rp = ge.fm, g.rp
    side = fm[a, FSIDE]
    for o in range(fm.shape[0]):
        if fm[a, FSTATE] != ST_STANDING or fm[a, FPINNED] != 0:
            return
        if not _watching(fm, o, a):
            continue
        aimed = fm[o, FOW] == S.OW_AIMED
        turns = fm[o, FOWN] if aimed else 0
        emerging = sc.saw[o] == 0
        flags = S.SH_OVERWATCH | (S.SH_AIMED if aimed else 0)
        arc = _ow_arc(g, fm, o)
        n_ok = _candidates(g, f, ge, sc, o, fm[o, FX], fm[o, FY], fm[o, FFACEX], fm[o, FFACEY],
                           arc, False, a, turns, emerging, charging)
        if n_ok > 0:
            n_ok = _drop_throws(g, ge, sc, o, not aimed)
        if n_ok == 0:
            continue
        t, k, mode = choose_shot(g.kinds[1 - side], g.weights[1 - side], o, fm, ge.kit, g.wt,
                                 g.rp, sc.need, flags, g.s)
        if t < 0 or k < 0 or sc.need[t, k] >= NO_SHOT:
            continue
        fm[o, FOWFIRED] = 1
        # no quick draw for a charger (he may not shoot) or a fighter moving to reload or
        # clear (no reloading and firing in one turn)
        if _may_quick_draw(rp, fm[a, FI], fm[o, FI]) and fm[a, S.FBROKEN] == 0 and \
                fm[a, FFIRED] == 0 and not charging and fm[a, FRELOAD_SLOT] < 0 and \
                _any_ready_gun(g, ge.kit, a, False):  # a gun to draw (no tomahawk; not broken)
            so = out.side_out
            so[side, S.S_QD_TRIED] += 1
            ok = _i_test(g, fm[a, FI], 0)
            _log(out, a, Ev.QUICK_DRAW, o, 1 if ok else 0)
            if ok:
                so[side, S.S_QD_WON] += 1
                _shoot_now(g, f, ge, sc, out, a, 360, 0, 0, S.SH_SNAP | S.SH_QUICKDRAW, o, 0,
                           False, False)
                if fm[o, FSTATE] != ST_STANDING:
                    _log(out, o, Ev.OW_LOST, a, 0)
                    continue
                if fm[o, FPINNED] != 0 and rp[S.R_QD_PIN_CANCELS] != 0:
                    _log(out, o, Ev.OW_LOST, a, 1)
                    continue
                if _candidates(g, f, ge, sc, o, fm[o, FX], fm[o, FY], fm[o, FFACEX],
                               fm[o, FFACEY], arc, False, a, turns, emerging, charging) == 0 \
                        or sc.need[a, k] >= NO_SHOT:
                    _log(out, o, Ev.OW_LOST, a, 2)
                    continue
        _fire(g, f, ge, sc, out, o, a, k, S.FIRE_ONE if aimed else mode, flags, turns,
              emerging, charging, arc, fm[o, FFACEX], fm[o, FFACEY])
        fm[o, FOWN] = 0


@kernel
def _overwatch_stationary(g, f, ge, sc, out, side):
    """End of ``side``'s movement phase: the other side's overwatchers who have not fired may
    fire at any of its fighters in their arc (closest-target rule)."""
    fm = ge.fm
    for o in range(fm.shape[0]):
        if fm[o, FSIDE] == side or fm[o, FOW] == S.OW_NONE or fm[o, FOWFIRED] != 0 or \
                fm[o, FSTATE] != ST_STANDING or fm[o, FPINNED] != 0 or fm[o, FENGAGED] >= 0:
            continue
        aimed = fm[o, FOW] == S.OW_AIMED
        flags = S.SH_OVERWATCH | (S.SH_AIMED if aimed else 0)
        if _shoot_now(g, f, ge, sc, out, o, _ow_arc(g, fm, o), fm[o, FFACEX], fm[o, FFACEY],
                      flags, -1, fm[o, FOWN] if aimed else 0, False, False):
            fm[o, FOWFIRED] = 1
            fm[o, FOWN] = 0


@kernel
def _aims_on(g, f, ge, sc, out, a):
    """Enemy aimers aiming at mover a lose their aim if he is now out of their sight, outside
    their aiming arc, or behind cover (aim_lost_cover: 'any' cover he was not in when the aim
    began, or only 'full')."""
    fm = ge.fm
    for o in range(fm.shape[0]):
        if fm[o, FAIMT] != a:
            continue
        vis, cov = _target_cover(g, f, ge, sc, fm[o, FX], fm[o, FY], a)
        if not vis:
            _lose_aim(ge, out, o, 0)
        elif not _in_arc(fm[o, FAIMDX], fm[o, FAIMDY], fm[a, FX] - fm[o, FX],
                         fm[a, FY] - fm[o, FY], g.rp[S.R_AIM_ARC]):
            _lose_aim(ge, out, o, 1)
        elif cov > fm[o, FAIMCOV] and (g.rp[S.R_AIM_LOST_FULL] == 0 or cov == S.COV_FULL):
            _lose_aim(ge, out, o, 2)


# ---------------------------------------------------------------- movement


@kernel
def _over_low(f, tx, ty, cx, cy, x0, y0):
    """Would a charger from (x0, y0) in base contact with a target on (tx, ty) from (cx, cy) fight
    him over an obstacle (reference 7: charging a foe sheltering behind cover)? Low terrain (a
    fence, a trough, rocks, a thicket: NONBLOCKING or THICKET) on the target's cell, where he
    shelters in it; or on (cx, cy), a piece the charger climbed onto on this charge (he did not
    start on it: his start cell is not low terrain or is another piece's) that lies between
    where he began and the target (the target farther from (x0, y0) than the cell): on the 1\"
    table two fighters in base contact have no cell between them, so the piece under either is
    the one between them. (A charger who crosses a piece and ends off it fights no obstacle:
    nothing lies between them in base contact.)"""
    if is_low(f.terrain[ty, tx]):
        return True
    return is_low(f.terrain[cy, cx]) and (
        not is_low(f.terrain[y0, x0]) or f.piece[y0, x0] != f.piece[cy, cx]) and \
        (tx - x0) ** 2 + (ty - y0) ** 2 > (cx - x0) ** 2 + (cy - y0) ** 2


@kernel
def _charge_cell(f, ge, sc, t, x0, y0, avoid):
    """The cell next to fighter t that the mover's reach (sc.dist, from (x0, y0)) got to and
    nobody stands on, or (-1, -1): with ``avoid`` (obstacle_penalty in force) one where he
    would not fight over an obstacle (``_over_low``) first, then the cheapest (scan order on
    ties)."""
    fm = ge.fm
    h, w = f.terrain.shape
    bx, by, bc, bp = -1, -1, UNREACHED, 2
    for dy in range(-1, 2):
        for dx in range(-1, 2):
            x, y = fm[t, FX] + dx, fm[t, FY] + dy
            if (dx or dy) and 0 <= x < w and 0 <= y < h and sc.dist[y, x] != UNREACHED and \
                    not sc.occ[y, x]:
                p = 1 if avoid and _over_low(f, fm[t, FX], fm[t, FY], x, y, x0, y0) else 0
                if p < bp or (p == bp and sc.dist[y, x] < bc):
                    bx, by, bc, bp = x, y, sc.dist[y, x], p
    return bx, by


@kernel
def _board_cell(g, f, ge, sc, a, t):
    """The cell beside rider t's horse a boarder's reach (sc.dist) got to and nobody stands on,
    at its side or rear if it moved (``side_or_rear``), within jump_between_in of it for a
    boarder on horseback (he jumps across), the cheapest (scan order on ties); (-1, -1) if
    none."""
    fm = ge.fm
    h, w = f.terrain.shape
    rode = fm[a, S.FHORSE] != 0
    bx, by, bc = -1, -1, UNREACHED
    for dy in range(-1, 2):
        for dx in range(-1, 2):
            x, y = fm[t, FX] + dx, fm[t, FY] + dy
            if (dx or dy) and 0 <= x < w and 0 <= y < h and sc.dist[y, x] != UNREACHED and \
                    not sc.occ[y, x] and side_or_rear(fm, t, x, y, fm[t, FSIDE] == fm[a, FSIDE]) and \
                    (not rode or dist_in(x, y, fm[t, FX], fm[t, FY]) <= g.rp[S.R_JUMP_BETWEEN]) \
                    and sc.dist[y, x] < bc:
                bx, by, bc = x, y, sc.dist[y, x]
    return bx, by


@kernel
def _enemy_near(g, f, ge, sc, a):
    """A standing enemy within run_stop_in that runner a sees?"""
    fm = ge.fm
    for b in range(fm.shape[0]):
        if fm[b, FSIDE] != fm[a, FSIDE] and fm[b, FSTATE] == ST_STANDING and \
                dist_in(fm[a, FX], fm[a, FY], fm[b, FX], fm[b, FY]) <= g.rp[S.R_RUN_STOP] and \
                _see(f, sc, fm[a, FX], fm[a, FY], fm[b, FX], fm[b, FY]):
            return True
    return False


@kernel
def _easiest_from(g, f, ge, sc, a, x, y, fx, fy):
    """The least need of a's legal snap shots from (x, y) facing (fx, fy) that his policy may
    take, NO_SHOT if none: a gun's, or a throw's that needs at most his ``throw`` weight (any
    legal throw for ``random``), as ``choose_shot`` takes them."""
    _candidates(g, f, ge, sc, a, x, y, fx, fy, g.rp[S.R_FIRE_ARC], True, -1, 0, False, False)
    side = ge.fm[a, FSIDE]
    throw = NO_SHOT if g.kinds[side] == RANDOM else g.weights[side, W_THROW]
    best = NO_SHOT
    for t in range(sc.need.shape[0]):
        for k in range(sc.need.shape[1]):
            n = sc.need[t, k]
            if n < NO_SHOT and g.wt[ge.kit[a, k, KW], S.WC_KIND] == S.KIND_EXPLOSIVE:
                continue  # dynamite is thrown in the shooting phase, never on the move
            if n < NO_SHOT and g.wt[ge.kit[a, k, KW], S.WC_KIND] == S.KIND_THROWN and \
                    n > throw:
                continue
            best = min(best, n)
    return best


@kernel
def _nearest_reached(sc, x0, y0, budget, dx, dy):
    """The cell reached within ``budget`` half-inches of (x0, y0) (sc.dist filled) nearest to
    (dx, dy), the first found on ties ((x0, y0) itself if none is nearer)."""
    h, w = sc.dist.shape
    r = budget // 2 + 1
    bx, by = x0, y0
    best = (x0 - dx) ** 2 + (y0 - dy) ** 2
    for y in range(max(y0 - r, 0), min(y0 + r + 1, h)):
        for x in range(max(x0 - r, 0), min(x0 + r + 1, w)):
            if sc.dist[y, x] != UNREACHED and (x - dx) ** 2 + (y - dy) ** 2 < best:
                bx, by, best = x, y, (x - dx) ** 2 + (y - dy) ** 2
    return bx, by


@kernel
def _move(g, f, ge, sc, out, a, act, dx, dy, target, midmove, cap):
    """Fighter a walks, runs or charges towards (dx, dy) (a charge: into contact with
    ``target``) along the cheapest path over low terrain. At each step: enemy aims on him are
    checked, enemy overwatch may fire (and he may try the quick draw), a runner stops on coming
    within run_stop_in of an enemy he sees, and with ``midmove`` he fires his snap shot from the
    step his policy picked. Only a charge may end in base contact: other moves stop short of
    it. A hit-and-run (Act.HIT_RUN) moves as a charge: with a ``target`` into contact with him
    (no fight joined: ``_hit_run`` strikes); with ``target`` -2 - t, the ride on past t to
    (dx, dy), past anyone on the way, round t's cell even if he is out of action (his body lies
    there: the ride planned round him stays more than M), the move so far (FMOVED_IN) counted
    on and the overwatchers who saw him as the charge began still not surprised by him. ``cap``
    (half-inches, -1: the action's own) limits the move. A boarding (Act.BOARD) moves as a charge
    to the cell ``_board_cell`` picks beside ``target``'s horse, joining no fight (``_board``
    climbs on). Returns True if he moved."""
    fm, rp = ge.fm, g.rp
    h, w = f.terrain.shape
    side = fm[a, FSIDE]
    m = fm[a, FM]
    was = fm[a, FSTATE]
    rode = fm[a, S.FHORSE]
    if act == Act.RUN:
        budget, mv = 2 * m * rp[S.R_RUN_MULT], S.MV_RUN
    elif act == Act.BOARD and fm[target, FSIDE] == side:  # up behind a friend: a run to him
        budget, mv = 2 * m * rp[S.R_RUN_MULT], S.MV_RUN
    elif act == Act.CHARGE or act == Act.HIT_RUN or act == Act.BOARD:
        budget, mv = 2 * m * rp[S.R_CHARGE_MULT], S.MV_CHARGE
    elif act == Act.CRAWL:
        budget = 2 * (rp[S.R_DOWN_CRAWL] if was == ST_DOWN else rp[S.R_CRAWL])
        mv = S.MV_CRAWL
    else:
        budget, mv = 2 * m, S.MV_WALK
    if cap >= 0:
        budget = cap
    charging = act == Act.CHARGE or act == Act.HIT_RUN or \
        (act == Act.BOARD and fm[target, FSIDE] != side)
    riding_on = act == Act.HIT_RUN and target <= -2
    base = fm[a, FMOVED_IN] if riding_on else 0
    occ = _move_occ(f, fm, a, sc.occ)
    if riding_on:
        occ[fm[-2 - target, FY], fm[-2 - target, FX]] = True
    x0, y0 = fm[a, FX], fm[a, FY]
    reach(f.terrain, f.building, occ, x0, y0, GO_OVER, budget, sc.dist, sc.queue,
          rp[S.R_DIFF_COST], rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
    if act == Act.CHARGE or (act == Act.HIT_RUN and target >= 0):
        dx, dy = _charge_cell(f, ge, sc, target, x0, y0, rp[S.R_OBSTACLE] != 0)
        if dx < 0:
            return False
    elif act == Act.BOARD:
        dx, dy = _board_cell(g, f, ge, sc, a, target)
        if dx < 0:
            return False
    elif act == Act.CRAWL and fm[a, S.FROPE] == S.ROPE_BOLAS:  # towards where he meant to go
        dx, dy = _nearest_reached(sc, x0, y0, budget, dx, dy)
    elif not (0 <= dx < w and 0 <= dy < h) or sc.dist[dy, dx] == UNREACHED:
        return False
    if dx == x0 and dy == y0:
        return False
    n = path_to(f.terrain, f.building, sc.dist, x0, y0, GO_OVER, dx, dy, sc.path,
                rp[S.R_DIFF_COST], rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
    if n < 2:
        return False
    if not charging:  # stop short of base contact
        for k in range(1, n):
            c = sc.path[k]
            if _next_to_enemy(fm, a, c % w, c // w):
                n = k
                break
        if n < 2:
            return False
    fm[a, FMOVED] = mv
    if act == Act.RUN:
        fm[a, S.FRUNPLAN] = sc.dist[sc.path[n - 1] // w, sc.path[n - 1] % w]
        _log(out, a, Ev.RUN, fm[a, S.FRUNPLAN])
    if act == Act.CHARGE:
        out.side_out[side, S.S_CHARGES] += 1
    fm[a, FFACEX] = sc.path[1] % w - x0
    fm[a, FFACEY] = sc.path[1] // w - y0
    shoot_ok = rp[S.R_SHOOT_DURING_MOVE] != 0 and not charging and was == ST_STANDING \
        and (act != Act.RUN or rp[S.R_RUN_AND_SHOOT] != 0)
    kb = -1
    if midmove and shoot_ok and _any_ready_gun(g, ge.kit, a, True):
        for k in range(n):
            c = sc.path[k]
            p = sc.path[max(k - 1, 0)] if k > 0 else x0 + y0 * w
            q = c if k > 0 else sc.path[1]
            sc.step_need[k] = _easiest_from(g, f, ge, sc, a, c % w, c // w, q % w - p % w,
                                            q // w - p // w)
        kb = snap_step(g.kinds[side], g.weights[side], sc.step_need, n, g.s)
    for o in range(fm.shape[0]):
        if not riding_on:
            sc.saw[o] = 1 if _watching(fm, o, a) and _ow_sees(g, f, ge, sc, o, a) else 0
    for k in range(n):
        if k > 0:
            c = sc.path[k]
            nx, ny = c % w, c // w
            if _stands_at(fm, nx, ny, a) or _beyond_rope(fm, nx, ny, a):
                break  # (an entangled fighter's lasso holds him within its reach)
            _log(out, a, Ev.MOVE, fm[a, FX], fm[a, FY], nx, ny, mv)
            fm[a, FFACEX] = nx - fm[a, FX]
            fm[a, FFACEY] = ny - fm[a, FY]
            fm[a, FX], fm[a, FY] = nx, ny
            _carry(fm, a)
            fm[a, FMOVED_IN] = base + sc.dist[ny, nx]
            _get_wet(g, f, ge, out, a)
            _rope_reach(ge, out, a)
        if fm[a, S.FHORSE] != 0 and k > 0:  # the horse's heading: its latest step
            fm[a, S.FHDX], fm[a, S.FHDY] = fm[a, FFACEX], fm[a, FFACEY]
        _aims_on(g, f, ge, sc, out, a)
        _overwatch_at(g, f, ge, sc, out, a, charging)
        if fm[a, FSTATE] != was or fm[a, FPINNED] != 0 or fm[a, S.FHORSE] != rode:
            return True
        if k == kb and fm[a, FFIRED] == 0:
            _shoot_now(g, f, ge, sc, out, a, rp[S.R_FIRE_ARC], fm[a, FFACEX], fm[a, FFACEY],
                       S.SH_SNAP | S.SH_MIDMOVE, -1, 0, False, False)
            if fm[a, FSTATE] != was or fm[a, FPINNED] != 0 or fm[a, S.FHORSE] != rode:
                return True  # his own kickback pinned him (or threw him): the move ends
        if (act == Act.RUN or (act == Act.BOARD and not charging)) and k > 0 and \
                rp[S.R_RUN_STOP] > 0 and _enemy_near(g, f, ge, sc, a):
            break  # (a run up behind a friend stops as any run)
    if act == Act.CHARGE and _adjacent(fm, a, target) and fm[target, FSTATE] != ST_OUT:
        fm[a, FENGAGED] = target
        fm[a, FCHARGED] = 1
        over = 1 if _over_low(f, fm[target, FX], fm[target, FY], fm[a, FX], fm[a, FY],
                              x0, y0) else 0
        fm[a, S.FOBST] = over | (S.OBST_AT_FOOT if fm[target, S.FHORSE] == 0 else 0)
        out.side_out[side, S.S_OBSTACLE_CHARGES] += over
        _log(out, a, Ev.CHARGED, target, over)
        if fm[target, FENGAGED] < 0:
            fm[target, FENGAGED] = a
        if fm[target, FPINNED] != 0:  # a pinned fighter who is charged loses the pin
            fm[target, FPINNED] = 0
            fm[target, S.FDUCK] = 0
            _log(out, target, Ev.PIN_LIFTED, 1)
        fm[target, FOW] = S.OW_NONE
        _lose_aim(ge, out, target, 3)
    return True


# ---------------------------------------------------------------- the phases of a gang turn


@kernel
def _bottles_by_choice(g, side, hurt, start):
    """Does ``side``'s player bottle out by choice (voluntary_bottle) instead of taking the test
    now due? His gunfighter's ``bottle_at``: with that % or more of the gang down or out of
    action (0: never; every preset 0, as bottling out loses the fight; the random floor plays
    on), and somebody still standing (with nobody, the gang bottles out without a choice)."""
    w = g.weights[side, W_BOTTLE]
    return g.rp[S.R_VOLUNTARY_BOTTLE] != 0 and g.kinds[side] != RANDOM and w > 0 and \
        hurt * 100 >= w * start and hurt < start  # (nobody standing: it bottles, no choice)


@kernel
def _bottle(g, ge, out, side):
    """Start of ``side``'s turn: with bottle_pct % or more of the gang down or out of action it
    takes a leadership test on the leader's Ld (the highest Ld standing if he is down or out;
    none standing: it bottles), or bottles out by choice (``_bottles_by_choice``; Ev.BOTTLE
    d 2, tidy voluntary_bottles). Returns True if the gang bottles out."""
    fm = ge.fm
    so = out.side_out
    hurt = 0
    for a in range(fm.shape[0]):
        if fm[a, FSIDE] == side and fm[a, FSTATE] != ST_STANDING:
            hurt += 1
    if hurt * 100 < g.rp[S.R_BOTTLE_PCT] * so[side, S.S_START]:
        return False
    if _bottles_by_choice(g, side, hurt, so[side, S.S_START]):
        so[side, S.S_VOLUNTARY_BOTTLES] += 1
        _log(out, -1, Ev.BOTTLE, side, hurt, so[side, S.S_START], 2)
        return True
    so[side, S.S_BOTTLE_TESTS] += 1
    ld = -1
    for a in range(fm.shape[0]):
        if fm[a, FSIDE] == side and fm[a, FSTATE] == ST_STANDING:
            if fm[a, FTYPE] == S.FT_LEADER:
                ld = fm[a, FLD]
                break
            ld = max(ld, fm[a, FLD])
    if ld < 0:
        _log(out, -1, Ev.BOTTLE, side, 0, -1, 0)
        return True
    ok, total = _ld_test(g, ld)
    _log(out, -1, Ev.BOTTLE, side, total, ld, 1 if ok else 0)
    return not ok


@kernel
def _start_fighter(fm, a):
    """Fighter a's own flags of a turn cleared as his turn starts: nothing fired, no action, not
    moved, no reload, overwatch ended."""
    fm[a, FFIRED] = 0
    # the horse's previous move (a bolt goes that and more); one mounted last turn stood still
    fm[a, S.FHLAST] = 0 if fm[a, FACT] == Act.MOUNT else fm[a, FMOVED_IN]
    fm[a, FACT] = -1
    fm[a, FMOVED] = S.MV_STILL
    fm[a, FMOVED_IN] = 0
    fm[a, FRELOAD_SLOT] = -1
    fm[a, FRELOAD_SHELL] = 0
    fm[a, FOW] = S.OW_NONE
    fm[a, S.FRUNPLAN] = 0


@kernel
def _escape_pins(g, ge, out, side):
    """Pinned fighters of ``side`` take their escape test (``_escape_one``)."""
    fm = ge.fm
    for a in range(fm.shape[0]):
        if fm[a, FSIDE] != side or fm[a, FPINNED] == 0 or fm[a, FSTATE] != ST_STANDING:
            continue
        _escape_one(g, ge, out, a)


@kernel
def _escape_one(g, ge, out, a):
    """Pinned fighter a's escape test: an I test, only with a friend within unpin_friend_in
    who is standing, not broken and not a young blood (the leader always has one). Nerves of steel
    (nerves_reading): a failed test re-rolled, or the test taken with no friend near. A duck
    back (FDUCK) is shaken off by a leadership test at his Ld (``_ld_of``) + duck_back_ld_bonus for the
    cover he ducked behind, no friend needed (Ev.UNPIN c=1, d=the dice, e=the Ld tested). True
    if he escaped."""
    fm, rp = ge.fm, g.rp
    if fm[a, S.FDUCK] > 0:  # a duck back: a leadership test, + the cover's bonus, no friend
        ld = _ld_of(g, fm, a) + (rp[S.R_DUCK_LD1] if fm[a, S.FDUCK] == 1 else rp[S.R_DUCK_LD2])
        ok, total = _ld_test(g, ld)
        if ok:
            fm[a, FPINNED] = 0
            fm[a, S.FDUCK] = 0
        _log(out, a, Ev.UNPIN, 1 if ok else 0, 0, 1, total, ld)
        return ok
    side = fm[a, FSIDE]
    friend = fm[a, FTYPE] == S.FT_LEADER
    for b in range(fm.shape[0]):
        if friend:
            break
        friend = b != a and fm[b, FSIDE] == side and fm[b, FSTATE] == ST_STANDING and \
            fm[b, FTYPE] != S.FT_YOUNG_BLOOD and fm[b, S.FBROKEN] == 0 and \
            dist_in(fm[a, FX], fm[a, FY], fm[b, FX], fm[b, FY]) <= rp[S.R_UNPIN_FRIEND_IN]
    nerves = (fm[a, S.FSKILL] & S.SK_NERVES) != 0
    if nerves and rp[S.R_NERVES_ALONE] != 0:
        friend = True  # nerves_reading 'alone': he tests without a friend near
    ok = friend and _i_test(g, fm[a, FI], 0)
    again = friend and not ok and nerves and rp[S.R_NERVES_ALONE] == 0
    if again:
        ok = _i_test(g, fm[a, FI], 0)  # nerves_reading 'reroll': a failed test re-rolled
    if ok:
        fm[a, FPINNED] = 0
        fm[a, S.FDUCK] = 0
    _log(out, a, Ev.UNPIN, 1 if ok else 0, 1 if again else 0)
    return ok


# ---------------------------------------------------------------- nerve: breaking and rallying


@kernel
def _ld_of(g, fm, a):
    """The Ld fighter a takes a leadership test on: his own, or his leader's when a standing,
    unbroken leader of his side within leader_ld_in has a higher one (reference 1)."""
    ld = fm[a, FLD]
    for b in range(fm.shape[0]):
        if b != a and fm[b, FSIDE] == fm[a, FSIDE] and fm[b, FTYPE] == S.FT_LEADER and \
                fm[b, FSTATE] == ST_STANDING and fm[b, S.FBROKEN] == 0 and \
                dist_in(fm[a, FX], fm[a, FY], fm[b, FX], fm[b, FY]) <= g.rp[S.R_LEADER_LD_IN]:
            ld = max(ld, fm[b, FLD])
    return ld


@kernel
def _seen_by(f, ge, sc, a, x, y, most):
    """How many standing enemies of fighter a see the cell (x, y); counting stops above
    ``most``."""
    fm = ge.fm
    n = 0
    for b in range(fm.shape[0]):
        if fm[b, FSIDE] != fm[a, FSIDE] and fm[b, FSTATE] == ST_STANDING and \
                _see(f, sc, fm[b, FX], fm[b, FY], x, y):
            n += 1
            if n > most:
                break
    return n


@kernel
def _safe(f, ge, sc, a):
    """Is fighter a where a broken fighter may rally: in cover (``covered``: a building, or
    terrain beside him) and out of every standing enemy's sight?"""
    fm = ge.fm
    x, y = fm[a, FX], fm[a, FY]
    return covered(f.terrain, f.building, x, y) and _seen_by(f, ge, sc, a, x, y, 0) == 0


@kernel
def _enemy_gap2(fm, a, x, y):
    """Squared distance (in cells) from (x, y) to the nearest standing enemy of fighter a (0
    with none standing)."""
    gap = -1
    for b in range(fm.shape[0]):
        if fm[b, FSIDE] != fm[a, FSIDE] and fm[b, FSTATE] == ST_STANDING:
            d2 = (fm[b, FX] - x) ** 2 + (fm[b, FY] - y) ** 2
            if gap < 0 or d2 < gap:
                gap = d2
    return max(gap, 0)


@kernel
def _reach_round(g, f, ge, sc, a, budget):
    """Fill sc.dist with where fighter a can get within ``budget`` half-inches (the shared reach
    over low terrain, slow ground at its cost, round other fighters): a flight's and a
    follow-up's reach. Returns (x, y, r): his cell and the half-width of the window to scan."""
    fm, rp = ge.fm, g.rp
    ax, ay = fm[a, FX], fm[a, FY]
    occ = _move_occ(f, fm, a, sc.occ)
    reach(f.terrain, f.building, occ, ax, ay, GO_OVER, budget, sc.dist, sc.queue,
          rp[S.R_DIFF_COST], rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
    return ax, ay, budget // 2 + 1


@kernel
def _ends_free(fm, sc, a, x, y, rope):
    """May fighter a end a flight or a follow-up on (x, y): reached (sc.dist), nobody else on
    it, touching no enemy (only a charge makes base contact); with ``rope`` also keeping every
    fighter his lasso holds within its reach (a follow-up by choice never lets one go)?"""
    if sc.dist[y, x] == UNREACHED or _stands_at(fm, x, y, a) or _next_to_enemy(fm, a, x, y):
        return False
    if rope:
        for v in range(fm.shape[0]):
            if fm[v, S.FROPE] == S.ROPE_LASSO and fm[v, S.FROPER] == a and \
                    dist_in(x, y, fm[v, FX], fm[v, FY]) * 100.0 > fm[v, S.FROPE_D] + 50:
                return False
    return True


@kernel
def _refuge(g, f, ge, sc, a, budget, away, rope):
    """Where broken fighter a runs: of the cells within ``budget`` half-inches he may end on
    (``_reach_round``, ``_ends_free``: none touching an enemy, his own neither: breaking away
    from a fight he leaves contact), the one seen by the fewest standing enemies, then in cover
    (``covered``), then with ``away`` (a flight under broken_flee_to 'cover_away') the farthest
    from the nearest standing enemy (``_enemy_gap2``), then the nearest by path (his own cell
    first); ties in scan order. With no such cell he stays where he is. Also a follow-up's way
    into cover (``_follow_to``, without ``away``, with ``rope``: keeping his lasso). Returns
    (x, y, in cover and unseen)."""
    fm = ge.fm
    h, w = f.terrain.shape
    ax, ay, r = _reach_round(g, f, ge, sc, a, budget)
    best_seen, best_open, best_gap, best_d = 1 << 30, 1, 0, 1 << 30
    bx, by = ax, ay
    for y in range(max(ay - r, 0), min(ay + r + 1, h)):
        for x in range(max(ax - r, 0), min(ax + r + 1, w)):
            if not _ends_free(fm, sc, a, x, y, rope):
                continue
            d = sc.dist[y, x]
            exposed = 0 if covered(f.terrain, f.building, x, y) else 1
            gap = _enemy_gap2(fm, a, x, y) if away else 0
            if best_seen == 0 and (exposed > best_open or (exposed == best_open and (
                    gap < best_gap or (gap == best_gap and d >= best_d)))):
                continue  # (it cannot beat the best even unseen)
            seen = _seen_by(f, ge, sc, a, x, y, best_seen)
            if seen < best_seen or (seen == best_seen and (
                    exposed < best_open or (exposed == best_open and (
                        gap > best_gap or (gap == best_gap and d < best_d))))):
                best_seen, best_open, best_gap, best_d = seen, exposed, gap, d
                bx, by = x, y
    return bx, by, best_seen == 0 and best_open == 0


@kernel
def _flee(g, f, ge, sc, out, a, why):
    """Broken fighter a runs broken_flee_dice D6 inches for cover (``_refuge``; Ev.FLEE, tidy
    flights): ``why`` 0 he has just broken, 1 his turn finds him in the open or in sight
    (broken_keep_fleeing: the run counts as his run that turn), 2 he breaks away from
    hand-to-hand (or, broken, fought in it), 3 the run he owed since he broke pinned (his first
    movement phase unpinned; counts as his run, as 1). A flight is a rout, not a declared
    move: no overwatch fires at it and it takes no shots (stated); enemy aims on him are
    checked where he ends, and a lasso he holds is let go if he ends beyond its reach. One down,
    out of action or held by a rope does not run."""
    fm, rp = ge.fm, g.rp
    if fm[a, FSTATE] != ST_STANDING or fm[a, S.FROPE] != 0:
        return
    fm[a, S.FBROKEN] = 1  # (a run owed since he broke pinned is run now)
    if fm[a, S.FPASS] >= 0:
        return  # a passenger holds on: his rider's horse carries him (stated)
    inches = 0
    for _ in range(rp[S.R_FLEE_DICE]):
        inches += roll(g.s, D6)
    x0, y0 = fm[a, FX], fm[a, FY]
    x, y, safe = _refuge(g, f, ge, sc, a, 2 * inches, rp[S.R_FLEE_AWAY] != 0, False)
    out.side_out[fm[a, FSIDE], S.S_FLIGHTS] += 1
    _log(out, a, Ev.FLEE, x0, y0, x, y, inches, why, 1 if safe else 0)
    if why == 1 or why == 3:
        fm[a, FMOVED] = S.MV_RUN
        fm[a, FMOVED_IN] = sc.dist[y, x]
    if x == x0 and y == y0:
        return
    _relocate(g, f, ge, sc, out, a, x, y)


@kernel
def _relocate(g, f, ge, sc, out, a, x, y):
    """Fighter a ends a move that is not a declared one (a flight, a follow-up) at (x, y):
    facing the way he went (a horse's heading too); wet as any mover; a lasso he holds let go
    if he is now beyond its reach; enemy aims on him checked where he ends."""
    fm = ge.fm
    fm[a, FFACEX], fm[a, FFACEY] = x - fm[a, FX], y - fm[a, FY]
    fm[a, FX], fm[a, FY] = x, y
    _carry(fm, a)
    if fm[a, S.FHORSE] != 0:
        fm[a, S.FHDX], fm[a, S.FHDY] = fm[a, FFACEX], fm[a, FFACEY]
    _get_wet(g, f, ge, out, a)
    _rope_reach(ge, out, a)
    _aims_on(g, f, ge, sc, out, a)


@kernel
def _break_away(fm, a):
    """Fighter a leaves hand-to-hand: whoever fought him fights on with another enemy in
    contact, if any."""
    fm[a, FENGAGED] = -1
    for c in range(fm.shape[0]):
        if fm[c, FENGAGED] == a:
            _reengage(fm, c)


@kernel
def _break(g, f, ge, sc, out, a):
    """Fighter a fails a nerve test: broken (tidy breaks), his aim, overwatch and any reload,
    jam clearing or lighting declared this turn gone. In hand-to-hand he first takes one
    automatic hit from his opponent (``_melee_hits``, one blow) and, still standing, breaks
    away; then he runs for cover (``_flee``), or, pinned (pinned_break_runs off), owes that run
    (FBROKEN 2) until the pin lifts (``_broken_turn``)."""
    fm = ge.fm
    fm[a, S.FBROKEN] = 1
    fm[a, S.FBROKE_TURN] = out.clock[1]
    out.side_out[fm[a, FSIDE], S.S_BREAKS] += 1
    fm[a, FOW] = S.OW_NONE
    fm[a, FRELOAD_SLOT] = -1  # (a running man reloads nothing)
    _lose_aim(ge, out, a, 3)
    b = fm[a, FENGAGED]
    if b >= 0:
        if fm[b, FSTATE] == ST_STANDING and not _lying(fm, b):
            _melee_hits(g, f, ge, sc, out, b, a, 1, 0, g.rp[S.R_DOWN_ALONE_OUT] != 0)
        if fm[a, FSTATE] != ST_STANDING:
            return
        _break_away(fm, a)
    if fm[a, FPINNED] != 0 and g.rp[S.R_PINNED_RUNS] == 0:
        fm[a, S.FBROKEN] = 2  # a pinned man does not move: he runs once the pin lifts
        return
    _flee(g, f, ge, sc, out, a, 0)


@kernel
def _nerve_tests(g, f, ge, sc, out):
    """End of a phase: each standing, unbroken fighter within nerve_friend_in of a friend who
    went down or out of action since the last tests (FFELL) takes one leadership test, however
    many friends fell (2D6 at most ``_ld_of``; Ev.NERVE, tidy nerve_tests) and, failing it,
    breaks (``_break``); a fighter downed by the automatic hit of breaking in hand-to-hand calls
    another round, in which those tested in the first take no second test (FFELL 3: one test a
    phase). A marked fighter up again by the phase's end (raised in the recovery phase he went
    down in) tests for his friends and keeps his own mark for theirs while the round lasts
    (FFELL 4). The marks are cleared without tests under nerve_tests 'none' and in a shoot-out."""
    fm, rp = ge.fm, g.rp
    on = rp[S.R_NERVE] != 0 and rp[S.R_SHOOTOUT] == 0
    while True:
        fell = False
        for t in range(fm.shape[0]):
            if fm[t, S.FFELL] == 1:
                fm[t, S.FFELL] = 2
                fell = True
        if not fell:
            break
        for a in range(fm.shape[0]):
            if not on or fm[a, FSTATE] != ST_STANDING or fm[a, S.FBROKEN] != 0 or \
                    fm[a, S.FFELL] >= 3:
                continue
            near = -1
            for t in range(fm.shape[0]):
                if t != a and (fm[t, S.FFELL] == 2 or fm[t, S.FFELL] == 4) and \
                        fm[t, FSIDE] == fm[a, FSIDE] and \
                        dist_in(fm[a, FX], fm[a, FY], fm[t, FX], fm[t, FY]) <= rp[S.R_NERVE_IN]:
                    near = t
                    break
            if near < 0:
                continue
            ld = _ld_of(g, fm, a)
            ok, total = _ld_test(g, ld)
            fm[a, S.FFELL] = 4 if fm[a, S.FFELL] == 2 else 3
            out.side_out[fm[a, FSIDE], S.S_NERVE_TESTS] += 1
            _log(out, a, Ev.NERVE, near, total, ld, 1 if ok else 0)
            if not ok:
                _break(g, f, ge, sc, out, a)
        for t in range(fm.shape[0]):
            if fm[t, S.FFELL] == 2:
                fm[t, S.FFELL] = 0
            elif fm[t, S.FFELL] == 4:
                fm[t, S.FFELL] = 3
    for t in range(fm.shape[0]):
        if fm[t, S.FFELL] == 3:
            fm[t, S.FFELL] = 0


@kernel
def _broken_turn(g, f, ge, sc, out, a):
    """Broken fighter a's movement phase (unpinned, free): no action (he holds, and the shooting
    phase passes him by); a run owed since he broke pinned (FBROKEN 2) is run now (FLEE why 3);
    else under broken_keep_fleeing, out of cover or in sight, he runs for cover again."""
    ge.fm[a, FACT] = HOLD
    if ge.fm[a, S.FBROKEN] == 2:
        _flee(g, f, ge, sc, out, a, 3)
    elif g.rp[S.R_KEEP_FLEEING] != 0 and not _safe(f, ge, sc, a):
        _flee(g, f, ge, sc, out, a, 1)


@kernel
def _rally(g, f, ge, sc, out, a):
    """Broken fighter a's recovery phase: in cover and out of sight (``_safe``), and not in the
    turn he broke, a leadership test (``_ld_of``) ends the break (Ev.RALLY, tidy rallies)."""
    fm = ge.fm
    if fm[a, S.FBROKE_TURN] == out.clock[1] or not _safe(f, ge, sc, a):
        return
    ld = _ld_of(g, fm, a)
    ok, total = _ld_test(g, ld)
    _log(out, a, Ev.RALLY, total, ld, 1 if ok else 0)
    if ok:
        fm[a, S.FBROKEN] = 0
        out.side_out[fm[a, FSIDE], S.S_RALLIES] += 1


@kernel
def _start_turn(g, ge, out, side):
    """This turn's flags cleared (the charge bonus of every fighter, the rest of ``side``'s),
    then pinned fighters take their escape test (``_escape_pins``) and riders of pinned horses
    try to calm them (``_calm_horses``)."""
    fm = ge.fm
    for a in range(fm.shape[0]):
        _charge_kept(fm, a)  # the charge bonus counts in the charge's own combat round only
        if fm[a, FSIDE] == side:
            _start_fighter(fm, a)
    _escape_pins(g, ge, out, side)
    _calm_horses(g, ge, out, side)


@step
def _charge_kept(fm, a):
    """A new turn: the charge bonus ends (it counts in the charge's own round), but a war horse's
    rider who charged and is still in that fight on his horse keeps it (FCHARGED 2: not the
    horse's bulk; the text's war horse)."""
    if fm[a, FCHARGED] != 0 and (fm[a, S.FSKILL] & S.SK_WAR_HORSE) != 0 and \
            fm[a, S.FHORSE] != 0 and fm[a, FENGAGED] >= 0:
        fm[a, FCHARGED] = 2
    else:
        fm[a, FCHARGED] = 0


@kernel
def _declare_aim(g, f, ge, sc, out, a, t):
    """Fighter a aims at t: the same target as last turn (aim kept) adds a turn, a new one
    starts at 1; the aiming point is re-centred on t."""
    fm = ge.fm
    if fm[a, FAIMT] == t:
        fm[a, FAIMN] += 1
    else:
        _lose_aim(ge, out, a, 3)
        fm[a, FAIMT] = t
        fm[a, FAIMN] = 1
        _, cov = _target_cover(g, f, ge, sc, fm[a, FX], fm[a, FY], t)
        fm[a, FAIMCOV] = cov
    fm[a, FAIMDX] = fm[t, FX] - fm[a, FX]
    fm[a, FAIMDY] = fm[t, FY] - fm[a, FY]
    fm[a, FFACEX], fm[a, FFACEY] = fm[a, FAIMDX], fm[a, FAIMDY]
    _log(out, a, Ev.AIM, t, fm[a, FAIMN])


@kernel
def _act(g, f, ge, sc, out, a):
    """Fighter a's action in the movement phase: his policy decides from the legal shots he has
    where he stands; the engine checks the decision (an impossible one is a hold)."""
    fm, kit, rp, dec = ge.fm, ge.kit, g.rp, sc.dec
    side = fm[a, FSIDE]
    F, K = sc.need.shape
    _candidates(g, f, ge, sc, a, fm[a, FX], fm[a, FY], 0, 0, 360, False, -1, 0, False, False)
    occ = _move_occ(f, fm, a, sc.occ)
    decide(g.kinds[side], g.weights[side], a, fm, kit, g.wt, rp, f.terrain, f.piece, f.building,
           f.smoke, occ, sc.need, g.s, dec, sc.dist, sc.queue, sc.seen)
    act = dec[S.D_ACT]
    t, k = dec[S.D_TARGET], dec[S.D_SLOT]
    if act < 0 or act >= S.N_ACT:
        act = HOLD
    if act == Act.AIM:
        ok = 0 <= t < F
        if ok:
            ok = False
            for kk in range(K):
                ok |= sc.need[t, kk] < NO_SHOT
        if not ok:
            act = HOLD
    elif act == Act.RELOAD or act == Act.CLEAR:
        if not (0 <= k < K) or kit[a, k, KW] < 0 or kit[a, k, KUSELESS] != 0 or \
                _no_hand(fm, a):
            act = HOLD
        elif act == Act.RELOAD and kit[a, k, S.KLINK] >= 0:
            k = max(k, kit[a, k, S.KLINK])  # a Le Mat reloads as one gun: its barrel's slot
            if kit[a, k, KUSELESS] != 0:
                k = kit[a, k, S.KLINK]  # its barrel useless: the chambers alone
    elif act == Act.CHARGE:
        if not (0 <= t < F) or fm[t, FSIDE] == side or fm[t, FSTATE] == ST_OUT or \
                fm[t, S.FPASS] >= 0:  # (a passenger: the charge is at the man in the saddle)
            act = HOLD
    elif act == Act.CRAWL and fm[a, S.FHORSE] != 0:
        act = HOLD  # a horse does not crawl
    elif act == Act.HIT_RUN:  # (a rider, the rules allowing it, past a free man on foot)
        if not (0 <= t < F) or fm[t, FSIDE] == side or fm[t, FSTATE] != ST_STANDING or \
                fm[t, FENGAGED] >= 0 or fm[t, S.FHORSE] != 0 or fm[a, S.FHORSE] == 0 or \
                rp[S.R_HIT_RUN] == 0 or fm[t, S.FPASS] >= 0:
            act = HOLD
    elif act == Act.BOARD:  # (the rules allowing it, at an enemy rider up and free; from a
        # horse only with jump_between_in; a hand to climb with: he lets go of the reins)
        if not (0 <= t < F) or t == a or fm[t, FSTATE] != ST_STANDING or \
                fm[t, S.FHORSE] == 0 or fm[t, FENGAGED] >= 0 or fm[t, S.FROPE] != 0 or \
                climb_hands_full(fm, a) or fm[t, S.FCARRY] >= 0:
            act = HOLD  # (a horse carrying two has no room for a third)
        elif fm[t, FSIDE] != side and (rp[S.R_BOARD] == 0 or
                                       (fm[a, S.FHORSE] != 0 and rp[S.R_JUMP_BETWEEN] <= 0)):
            act = HOLD
        elif fm[t, FSIDE] == side and (fm[a, S.FHORSE] != 0 or fm[a, S.FFUSE] != 0 or
                                       fm[t, S.FBROKEN] != 0):
            act = HOLD  # (up behind a friend from the ground only, no lit bundle in hand)
    if fm[a, S.FROPE] != 0 and (act == Act.CHARGE or act == Act.HIT_RUN or act == Act.BOARD):
        act = HOLD  # on the ground in a rope: he counts as down in hand-to-hand (the text)
    if fm[a, S.FROPE] == S.ROPE_BOLAS:  # bolas round his legs: he can only crawl (the text)
        if act == Act.WALK or act == Act.RUN:
            act = CRAWL  # towards where he meant to go, as far as a crawl takes him
            dec[S.D_MIDMOVE] = 0  # (no shot after a crawl)
        elif act == Act.RELOAD or act == Act.CLEAR:
            dec[S.D_X], dec[S.D_Y] = fm[a, FX], fm[a, FY]  # (loading where he lies)
    if fm[a, S.FPASS] >= 0 and act != Act.DISMOUNT:
        act = HOLD  # a passenger holds on, or gets down (Act.DISMOUNT)
    if fm[a, S.FCARRY] >= 0 and (act == Act.DISMOUNT or act == Act.JUMP_DOWN or
                                 act == Act.BOARD):
        act = HOLD  # (a rider carrying a friend stays in the saddle while he is behind him)
    if act == Act.DISMOUNT and fm[a, S.FHORSE] == 0 and fm[a, S.FPASS] < 0:
        act = HOLD
    elif act == Act.JUMP_DOWN and (fm[a, S.FHORSE] == 0 or rp[S.R_JUMP_MOVING] == 0 or
                                   fm[a, S.FROPE] != 0):
        act = HOLD  # (a rider, the rule allowing it; a roped rider is on the ground already)
    elif act == Act.MOUNT and (fm[a, S.FHORSE] != 0 or fm[a, S.FHX] < 0 or
                               fm[a, S.FROPE] != 0 or _no_hand(fm, a)):
        act = HOLD  # (only his own horse standing; not in a rope, nor with no hand to climb)
    if act == Act.MOUNT:
        dec[S.D_X], dec[S.D_Y] = fm[a, S.FHX], fm[a, S.FHY]  # (the horse's cell, whatever asked)
        dec[S.D_MIDMOVE] = 0
    if act == Act.JUMP_DOWN:
        dec[S.D_MIDMOVE] = 0
        if not (0 <= t < F):
            t = -1
    if act == Act.BOARD:
        dec[S.D_MIDMOVE] = 0
    if act == Act.HIT_RUN:
        dec[S.D_MIDMOVE] = 0
        ex, ey = (-1, -1) if fm[t, S.FROPE] != 0 else _hit_run_plan(g, f, ge, sc, a, t)
        if ex < 0:  # no way past him to ride on, or he lies entangled (down in hand-to-hand:
            act = Act.CHARGE  # the text): he stops and fights (stated)
        else:
            dec[S.D_X], dec[S.D_Y] = ex, ey
    fm[a, FACT] = act
    _log(out, a, Ev.ACTION, act, t, dec[S.D_X], dec[S.D_Y], k, dec[S.D_MIDMOVE],
         dec[S.D_AIMED], 1 if act == Act.JUMP_DOWN and dec[S.D_RUN] != 0 else 0)
    if act != Act.OVERWATCH or dec[S.D_AIMED] == 0 or rp[S.R_OW_AIM] == 0:
        fm[a, FOWN] = 0
    if act == Act.AIM:
        _declare_aim(g, f, ge, sc, out, a, t)
        return
    _lose_aim(ge, out, a, 3)
    if act == Act.OVERWATCH:
        aimed = dec[S.D_AIMED] != 0 and rp[S.R_OW_AIM] != 0
        fm[a, FOW] = S.OW_AIMED if aimed else S.OW_PLAIN
        fm[a, FOWFIRED] = 0
        if aimed:
            fm[a, FOWN] += 1
        fx, fy = dec[S.D_X] - fm[a, FX], dec[S.D_Y] - fm[a, FY]
        if fx != 0 or fy != 0:
            fm[a, FFACEX], fm[a, FFACEY] = fx, fy
        _log(out, a, Ev.OVERWATCH, 1 if aimed else 0, fm[a, FFACEX], fm[a, FFACEY])
    elif act == Act.RELOAD or act == Act.CLEAR:
        fm[a, FRELOAD_SLOT] = k
        fm[a, FRELOAD_SHELL] = (S.RS_SHELL if act == Act.RELOAD and dec[S.D_SHELL] != 0 and
                                kit[a, k, KALT] >= 0 else 0) | \
            (S.RS_FIRST if act == Act.RELOAD and dec[S.D_FIRST] != 0 else 0)
        _move(g, f, ge, sc, out, a, WALK, dec[S.D_X], dec[S.D_Y], -1, False, -1)
    elif act == Act.WALK or act == Act.RUN or act == Act.CHARGE or act == Act.CRAWL:
        _move(g, f, ge, sc, out, a, act, dec[S.D_X], dec[S.D_Y], t, dec[S.D_MIDMOVE] != 0, -1)
    elif act == Act.HIT_RUN:
        _hit_run(g, f, ge, sc, out, a, t, dec[S.D_X], dec[S.D_Y])
    elif act == Act.BOARD and fm[t, FSIDE] == side:  # up behind a friend (row 183)
        _move(g, f, ge, sc, out, a, Act.BOARD, fm[t, FX], fm[t, FY], t, False, -1)
        if fm[a, FSTATE] == ST_STANDING and fm[a, FPINNED] == 0 and fm[a, S.FROPE] == 0 and \
                _adjacent(fm, a, t) and side_or_rear(fm, t, fm[a, FX], fm[a, FY], True) and \
                fm[t, FSTATE] == ST_STANDING and fm[t, S.FHORSE] != 0 and \
                fm[t, FENGAGED] < 0 and fm[t, S.FROPE] == 0 and fm[t, S.FCARRY] < 0:
            _double_up(g, f, ge, sc, out, a, t)  # (stopped, pinned, thrown on the way: he did not)
    elif act == Act.BOARD:
        rode = fm[a, S.FHORSE]
        _move(g, f, ge, sc, out, a, Act.BOARD, fm[t, FX], fm[t, FY], t, False, -1)
        if fm[a, FSTATE] == ST_STANDING and fm[a, FPINNED] == 0 and fm[a, S.FHORSE] == rode and \
                fm[a, S.FROPE] == 0 and _adjacent(fm, a, t) and \
                side_or_rear(fm, t, fm[a, FX], fm[a, FY], False) and \
                fm[t, FSTATE] == ST_STANDING and \
                fm[t, S.FHORSE] != 0 and fm[t, FENGAGED] < 0 and fm[t, S.FROPE] == 0 and \
                (rode == 0 or dist_in(fm[a, FX], fm[a, FY], fm[t, FX], fm[t, FY]) <=
                 rp[S.R_JUMP_BETWEEN]):
            _board(g, f, ge, sc, out, a, t)  # (stopped, pinned, thrown on the way: he did not)
    elif act == Act.JUMP_DOWN:
        if dec[S.D_X] != fm[a, FX] or dec[S.D_Y] != fm[a, FY]:
            _move(g, f, ge, sc, out, a, RUN if dec[S.D_RUN] != 0 else WALK, dec[S.D_X],
                  dec[S.D_Y], -1, False, -1)
        if fm[a, S.FHORSE] != 0 and fm[a, FSTATE] == ST_STANDING and fm[a, FPINNED] == 0:
            _jump_down(g, f, ge, sc, out, a, t)  # (thrown, down or pinned on the way: no jump)
    elif act == Act.DISMOUNT and fm[a, S.FPASS] >= 0:
        _get_down(g, f, ge, out, a)
    elif act == Act.DISMOUNT:
        _dismount(g, ge, out, a)
        if fm[a, S.FHLIE] != 0:  # his horse lying down covers him: aims on him may be lost
            _aims_on(g, f, ge, sc, out, a)
    elif act == Act.MOUNT:
        if dec[S.D_X] != fm[a, FX] or dec[S.D_Y] != fm[a, FY]:
            _move(g, f, ge, sc, out, a, WALK, dec[S.D_X], dec[S.D_Y], -1, False, -1)
        if fm[a, FX] == fm[a, S.FHX] and fm[a, FY] == fm[a, S.FHY] and \
                fm[a, FSTATE] == ST_STANDING and fm[a, FPINNED] == 0 and \
                fm[a, S.FHORSE] == 0 and fm[a, S.FROPE] == 0:
            _mount(g, ge, out, a)  # (stopped short, pinned or down on the way: he did not)


@kernel
def _hit_run_plan(g, f, ge, sc, a, t):
    """Where rider a's hit-and-run past t ends, planned before he sets off: (x, y) from
    ``_ride_on`` with him placed on the cell his charge reaches next to t (``_charge_cell``,
    as a charge picks it), or (-1, -1) when t is out of his charge's reach or no cell beyond
    lets him ride on (he then charges and fights: stated)."""
    fm, rp = ge.fm, g.rp
    budget = 2 * fm[a, FM] * rp[S.R_CHARGE_MULT]
    x0, y0 = fm[a, FX], fm[a, FY]
    occ = _move_occ(f, fm, a, sc.occ)
    reach(f.terrain, f.building, occ, x0, y0, GO_OVER, budget, sc.dist, sc.queue,
          rp[S.R_DIFF_COST], rp[S.R_VDIFF_COST], rp[S.R_OBSTACLE_COST])
    cx, cy = _charge_cell(f, ge, sc, t, x0, y0, rp[S.R_OBSTACLE] != 0)
    if cx < 0 or (cx == x0 and cy == y0):
        return -1, -1
    dc = sc.dist[cy, cx]
    if dc >= budget:
        return -1, -1
    fm[a, FX], fm[a, FY] = cx, cy  # (where he will strike from, for the scan)
    ex, ey = _ride_on(g, f, ge, sc, a, t, x0, y0, budget - dc, dc)
    fm[a, FX], fm[a, FY] = x0, y0
    return ex, ey


@kernel
def _ride_on(g, f, ge, sc, a, t, sx, sy, rest, dc):
    """The cell rider a, standing where he strikes t, rides on to: within ``rest``
    half-inches of it (``_reach_round``), free and touching no enemy (``_ends_free``, a lasso
    he holds kept), beyond t as seen from his start (sx, sy) (the text: he moves past his
    target), and making the whole move more than his basic M (the text: a charge move; ``dc``
    half-inches already to t). The random floor a uniformly random such cell; the gunfighters
    the way ``_refuge`` takes a man into cover (the fewest standing enemies seeing it, then in
    cover, then the nearest by path). (-1, -1) if none."""
    fm = ge.fm
    h, w = f.terrain.shape
    kind = g.kinds[fm[a, FSIDE]]
    ax, ay, r = _reach_round(g, f, ge, sc, a, rest)
    tx, ty = fm[t, FX], fm[t, FY]
    ux, uy = tx - sx, ty - sy
    least = 2 * fm[a, FM] - dc  # (the ride on must go beyond this: more than M in all)
    count = 0
    pick = -1
    for rnd in range(2):  # the random floor: count the cells, then take the one drawn
        if rnd == 1:
            if kind != RANDOM or count == 0:
                break
            pick = randint(g.s, count)
            count = 0
        bx, by = -1, -1
        best_seen, best_open, best_d = 1 << 30, 1, 1 << 30
        for y in range(max(ay - r, 0), min(ay + r + 1, h)):
            for x in range(max(ax - r, 0), min(ax + r + 1, w)):
                if (x - tx) * ux + (y - ty) * uy <= 0 or not _ends_free(fm, sc, a, x, y, True):
                    continue
                d = sc.dist[y, x]
                if d <= least:
                    continue
                if kind == RANDOM:
                    if count == pick:
                        return x, y
                    count += 1
                    continue
                exposed = 0 if covered(f.terrain, f.building, x, y) else 1
                if best_seen == 0 and (exposed > best_open or (exposed == best_open and
                                                               d >= best_d)):
                    continue  # (it cannot beat the best even unseen)
                seen = _seen_by(f, ge, sc, a, x, y, best_seen)
                if seen < best_seen or (seen == best_seen and (
                        exposed < best_open or (exposed == best_open and d < best_d))):
                    best_seen, best_open, best_d = seen, exposed, d
                    bx, by = x, y
        if kind != RANDOM:
            return bx, by
    return -1, -1


@kernel
def _hit_run(g, f, ge, sc, out, a, t, ex, ey):
    """Rider a's hit-and-run at t (text, after the bikes of WH40K 2nd edition): he charges to
    the cell next to t (``_move``: overwatch and aims on the way, as a charge) and, still up,
    free, unpinned and mounted beside a standing t, both strike one attack at once (one attack
    die each whatever their A or weapons: ``_combat_round``; his charge bonus, not the horse's
    bulk; an obstacle's penalty as a charge's; a parry as in any round; the higher score
    strikes the difference in hits; melee_reading 'ws_roll': one WS test each): Ev.HIT_RUN,
    tidy hit_runs, hit_run_hits, hit_run_hits_back. Blows land as in hand-to-hand
    (``_melee_hits``; a man downed is out of action only under hit_and_run_down_out; a rider's
    fall as he strikes is a fast one: the ride is above base rate). The target loses a pin as
    any charged man. No fight is joined (no arm lock, no follow-up). Then, still up, free,
    unpinned, mounted, his horse unpinned (a pinned one bolts in his next turn) and where he
    struck, he rides on to (ex, ey) (``_hit_run_plan``) with the rest of his charge move, round
    the target's cell, past anyone else, watched as any mover. His move record is the whole
    ride (the horse's previous move next turn)."""
    fm, rp, so = ge.fm, g.rp, out.side_out
    side = fm[a, FSIDE]
    x0, y0 = fm[a, FX], fm[a, FY]
    if not _move(g, f, ge, sc, out, a, Act.HIT_RUN, ex, ey, t, False, -1):
        return
    if fm[a, FSTATE] != ST_STANDING or fm[a, FPINNED] != 0 or fm[a, S.FHORSE] == 0 or \
            fm[a, S.FROPE] != 0 or not _adjacent(fm, a, t) or fm[t, FSTATE] != ST_STANDING:
        return  # (stopped on the way: no blow, and his move is over)
    cx, cy = fm[a, FX], fm[a, FY]
    dc = fm[a, FMOVED_IN]
    so[side, S.S_HIT_RUNS] += 1
    over = 1 if _over_low(f, fm[t, FX], fm[t, FY], cx, cy, x0, y0) else 0
    fm[a, FCHARGED] = 1  # (the charge's bonus and a lance's charge strength, this blow only)
    fm[a, S.FOBST] = over | S.OBST_AT_FOOT
    so[side, S.S_OBSTACLE_CHARGES] += over
    cb_a = _charge_bonus(rp, fm, a, t) - rp[S.R_MOUNTED_CHARGE]  # (no bulk: the text)
    cb_b = _charge_bonus(rp, fm, t, a)
    # (no FFOUGHT: no fight is joined, so a man broken later this turn is not one who fought in
    # the hand-to-hand phase; the rider, his action spent, reloads nothing this turn anyway)
    if fm[t, FPINNED] != 0:  # (charged: the pin is lost, as in any charge)
        fm[t, FPINNED] = 0
        fm[t, S.FDUCK] = 0
        _log(out, t, Ev.PIN_LIFTED, 1)
    fm[t, FOW] = S.OW_NONE
    _lose_aim(ge, out, t, 3)
    if rp[S.R_MELEE_WS_ROLL] != 0:  # (melee_reading 'ws_roll': one WS test each, both strike)
        hits_a = 1 if _test(g, _melee_ws(fm, a), 0) else 0
        hits_b = 1 if _test(g, _melee_ws(fm, t), 0) else 0
        sa, sb, six_a, six_b = hits_a, hits_b, 0, 0
    else:
        sa, sb, hits_a, hits_b, six_a, six_b = _scored_round(g, ge, sc, out, a, t, 1, 1, cb_a,
                                                             cb_b)
    _log(out, a, Ev.HIT_RUN, t, sa, sb, hits_a, hits_b, cb_a, cb_b, over)
    so[side, S.S_HIT_RUN_HITS] += hits_a
    so[fm[t, FSIDE], S.S_HIT_RUN_BACK] += hits_b
    finish = rp[S.R_DOWN_ALONE_OUT] != 0 and rp[S.R_HIT_RUN_OUT] != 0
    # a hit-and-run is above base rate (the text: more than his basic move): a fall as he
    # strikes is a fast one, whatever he has ridden so far
    fm[a, FMOVED_IN] = max(dc, 2 * fm[a, FM] + 1)
    _melee_hits(g, f, ge, sc, out, a, t, hits_a, six_a, finish)
    _melee_hits(g, f, ge, sc, out, t, a, hits_b, six_b, finish)
    fm[a, FMOVED_IN] = dc
    fm[a, FCHARGED] = 0
    fm[a, S.FOBST] = 0
    if fm[a, FSTATE] != ST_STANDING or fm[a, FPINNED] != 0 or fm[a, S.FHORSE] == 0 or \
            fm[a, S.FHPIN] != 0 or fm[a, FX] != cx or fm[a, FY] != cy or fm[a, S.FROPE] != 0:
        return  # (struck down, thrown, or his horse pinned: it bolts in his next turn)
    rest = 2 * fm[a, FM] * rp[S.R_CHARGE_MULT] - dc
    _move(g, f, ge, sc, out, a, Act.HIT_RUN, ex, ey, -2 - t, False, rest)


@kernel
def _crawl_down(g, f, ge, sc, out, a):
    """Down fighter a may crawl down_crawl_in where his policy says (no other action)."""
    fm, dec = ge.fm, sc.dec
    side = fm[a, FSIDE]
    occ = _occupied(fm, a, sc.occ)
    crawl_to(g.kinds[side], g.weights[side], a, fm, g.rp, f.terrain, f.piece, f.building,
             f.smoke, occ, g.s, dec, sc.dist, sc.queue, sc.seen)
    if dec[S.D_X] == fm[a, FX] and dec[S.D_Y] == fm[a, FY]:
        return
    fm[a, FACT] = CRAWL
    _log(out, a, Ev.ACTION, CRAWL, -1, dec[S.D_X], dec[S.D_Y], -1, 0, 0)
    _move(g, f, ge, sc, out, a, CRAWL, dec[S.D_X], dec[S.D_Y], -1, False, -1)


@kernel
def _movement_phase(g, f, ge, sc, out, side):
    """Each fighter of ``side`` not pinned and not in hand-to-hand acts, in order: a standing
    one his action, a down one may crawl. A rider's horse that moves on its own first
    (``_horse_on_its_own``: bolting, or going on under a pinned rider) takes his action's
    place: he holds (and may shoot). A broken one makes no action (``_broken_turn``)."""
    fm = ge.fm
    for a in range(fm.shape[0]):
        if fm[a, FACT] == ACT_REINS:
            continue  # (he took the reins from behind this turn: his turn is spent)
        if fm[a, FSIDE] == side and fm[a, S.FHORSE] != 0 and fm[a, FSTATE] == ST_STANDING and \
                _horse_on_its_own(g, f, ge, sc, out, a):
            if fm[a, FSTATE] == ST_STANDING and fm[a, FPINNED] == 0:
                fm[a, FACT] = HOLD
            continue
        if fm[a, FSIDE] != side or fm[a, FPINNED] != 0 or fm[a, FENGAGED] >= 0 or \
                fm[a, FACT] == ACT_HELP:  # (a friend's helper: that was his action)
            continue
        if fm[a, FSTATE] == ST_STANDING and fm[a, S.FBROKEN] != 0:
            _broken_turn(g, f, ge, sc, out, a)
        elif fm[a, FSTATE] == ST_STANDING:
            _stand_act(g, f, ge, sc, out, a)
        elif fm[a, FSTATE] == ST_DOWN:
            _crawl_down(g, f, ge, sc, out, a)


@kernel
def _any_enemy_seen(f, ge, sc, a):
    fm = ge.fm
    for b in range(fm.shape[0]):
        if fm[b, FSIDE] != fm[a, FSIDE] and fm[b, FSTATE] != ST_OUT and \
                _see(f, sc, fm[a, FX], fm[a, FY], fm[b, FX], fm[b, FY]):
            return True
    return False


@kernel
def _shooting_phase(g, f, ge, sc, out, side):
    """``side``'s fighters who have not fired, are up, free, not broken and did not reload, watch
    or charge shoot once: aimers their aimed shot (or they hold it to aim on), runners (``_ran``: a
    declared run stopped within M is a walk under run_reading 'distance') a snap shot, the
    rest a normal shot (a fighter turns freely to shoot)."""
    fm = ge.fm
    for a in range(fm.shape[0]):
        if fm[a, FSIDE] != side or fm[a, FSTATE] != ST_STANDING or fm[a, FPINNED] != 0 or \
                fm[a, FENGAGED] >= 0 or fm[a, FFIRED] != 0 or fm[a, S.FBROKEN] != 0:
            continue
        _shoot_one(g, f, ge, sc, out, a)


@kernel
def _shoot_one(g, f, ge, sc, out, a):
    """Fighter a's shot of the shooting phase (the caller has checked he is up, free and has
    not fired): none after overwatch, a charge, a crawl or (reload_and_fire off) a reload. He
    turns to any target (360 degrees), but a rider whose horse has moved this turn (not one
    who has just mounted it) shoots into the fire_arc_deg arc round its heading (rider_arc
    'forward', the text: he may turn the horse only at the start of his turn)."""
    fm, rp = ge.fm, g.rp
    side = fm[a, FSIDE]
    act = fm[a, FACT]
    if fm[a, S.FPASS] >= 0:
        return  # a passenger holds on (stated: the text gives him no shot)
    if act == ACT_ROPES or act == ACT_HELP or act == ACT_REINS or act == Act.OVERWATCH or \
            act == Act.CHARGE or \
            act == Act.CRAWL or \
            act == Act.HIT_RUN or act == Act.BOARD or \
            ((act == Act.RELOAD or act == Act.CLEAR) and rp[S.R_RELOAD_AND_FIRE] == 0):
        return
    ran = _ran(g, fm, a)
    if ran and rp[S.R_RUN_AND_SHOOT] == 0:
        return
    if not _any_ready_gun(g, ge.kit, a, False):  # no loaded gun (a tomahawk is none)
        if _any_enemy_seen(f, ge, sc, a):
            out.side_out[side, S.S_DRY] += 1
        if not _any_ready_gun(g, ge.kit, a, True) or act == Act.AIM:  # nor a throw left (an
            return  # aim is a gun's)
    if act == Act.AIM:
        t = fm[a, FAIMT]
        if t < 0:
            return
        if _candidates(g, f, ge, sc, a, fm[a, FX], fm[a, FY], fm[a, FAIMDX], fm[a, FAIMDY],
                       rp[S.R_AIM_ARC], False, t, fm[a, FAIMN], False, False) == 0 or \
                _drop_throws(g, ge, sc, a, False) == 0:
            _lose_aim(ge, out, a, 3)
            return
        tt, k, _ = choose_shot(g.kinds[side], g.weights[side], a, fm, ge.kit, g.wt, g.rp,
                               sc.need, S.SH_AIMED, g.s)
        if tt == t and 0 <= k and sc.need[t, k] < NO_SHOT:
            turns = fm[a, FAIMN]
            fm[a, FAIMT] = -1  # the shot spends the aim (nothing to lose if it drops t)
            fm[a, FAIMN] = 0
            _fire(g, f, ge, sc, out, a, t, k, S.FIRE_ONE, S.SH_AIMED, turns, False, False,
                  rp[S.R_AIM_ARC], fm[a, FAIMDX], fm[a, FAIMDY])
        return
    flags = S.SH_SNAP if ran or act == Act.DISMOUNT or act == Act.JUMP_DOWN else 0
    if fm[a, S.FHORSE] != 0 and fm[a, FMOVED_IN] > 0 and act != Act.MOUNT and \
            rp[S.R_RIDER_ARC] != 0:  # (rider_arc 'forward': his horse faces the way it went)
        _shoot_now(g, f, ge, sc, out, a, rp[S.R_FIRE_ARC], fm[a, S.FHDX], fm[a, S.FHDY], flags,
                   -1, 0, False, False)
        return
    _shoot_now(g, f, ge, sc, out, a, 360, 0, 0, flags, -1, 0, False, False)


@kernel
def _melee_pair(g, f, ge, sc, out, a, b):
    """One round of hand-to-hand between a and b (melee_reading 'combat_score': best attack die
    + WS + charge bonus + criticals + the other's fumbles, the higher scoring the difference in
    hits (or one), a tie to the higher I, a lone parrier losing making the other re-roll his
    highest die: ``_combat_round``, Ev.PARRY; 'ws_roll': each attack die a WS test, both strike,
    no parry).
    Attack dice: A, plus two_weapon_bonus without a two-handed weapon. A down fighter in the
    fight is out of action (down_alone_out); so is one downed in it."""
    fm, rp = ge.fm, g.rp
    if _lying(fm, b) or _lying(fm, a):  # (an entangled fighter counts as down: the text)
        lying, other = (b, a) if _lying(fm, b) else (a, b)
        if rp[S.R_DOWN_ALONE_OUT] != 0:
            _take_out(g, ge, out, lying, other, 0)
        else:
            fm[lying, FENGAGED] = -1
            if fm[other, FENGAGED] == lying:
                fm[other, FENGAGED] = -1
        return
    so = out.side_out
    so[fm[a, FSIDE], S.S_MELEE_ROUNDS] += 1
    so[fm[b, FSIDE], S.S_MELEE_ROUNDS] += 1
    fm[a, S.FFOUGHT] = out.clock[1]  # hand-to-hand this turn: no reloading after it (text)
    fm[b, S.FFOUGHT] = out.clock[1]
    # a rider steers with one hand: no extra attack die for hand weapons (text; ride like
    # Rooster Coburn: both hands fight)
    na = _attack_dice(rp, fm, a, sc.dice_a.shape[0])
    nb = _attack_dice(rp, fm, b, sc.dice_b.shape[0])
    hits_a = 0
    hits_b = 0
    sa = 0
    sb = 0
    six_a = 0  # attack dice showing 6 (a gun fired in the fight takes an ammo roll for each)
    six_b = 0
    cb_a = _charge_bonus(rp, fm, a, b)
    cb_b = _charge_bonus(rp, fm, b, a)
    if rp[S.R_MELEE_WS_ROLL] != 0:
        hits_a = _ws_hits(g, fm, a, na)
        hits_b = _ws_hits(g, fm, b, nb)
        sa, sb = hits_a, hits_b
    else:
        sa, sb, hits_a, hits_b, six_a, six_b = _scored_round(g, ge, sc, out, a, b, na, nb, cb_a,
                                                             cb_b)
    _log(out, a, Ev.MELEE, b, sa, sb, hits_a, hits_b, six_a, six_b, cb_a, cb_b)
    so[fm[a, FSIDE], S.S_MELEE_HITS] += hits_a
    so[fm[b, FSIDE], S.S_MELEE_HITS] += hits_b
    if hits_a > hits_b:
        _arm_lock(g, ge, out, a, b)
    elif hits_b > hits_a:
        _arm_lock(g, ge, out, b, a)
    _melee_hits(g, f, ge, sc, out, a, b, hits_a, six_a, rp[S.R_DOWN_ALONE_OUT] != 0)
    _melee_hits(g, f, ge, sc, out, b, a, hits_b, six_b, rp[S.R_DOWN_ALONE_OUT] != 0)


@kernel
def _ws_hits(g, fm, a, n):
    """Hits of fighter a's ``n`` attack dice under melee_reading 'ws_roll': one WS test each."""
    hits = 0
    for _ in range(n):
        if _test(g, _melee_ws(fm, a), 0):
            hits += 1
    return hits


@kernel
def _attack_dice(rp, fm, a, most):
    """Fighter a's attack dice in a round of hand-to-hand: his A, plus two_weapon_bonus without
    a two-handed weapon, an arm locked or a hand on the reins; at most ``most``."""
    n = fm[a, FA] + (rp[S.R_TWO_WEAPON_BONUS] if fm[a, FTWO_HANDED] == 0 and
                     fm[a, S.FARMS] == 0 and not _reins(fm, a) else 0)
    return min(n, most)


@kernel
def _scored_round(g, ge, sc, out, a, b, na, nb, cb_a, cb_b):
    """A round on the combat scores (``_combat_round``) of a's ``na`` attack dice against b's
    ``nb``, each side's WS, its charge bonus ``cb_a``/``cb_b`` and hatred of the other; a parry
    is counted (tidy parries, parries_turned) and logged (Ev.PARRY) before the caller logs the
    round. Returns (score a, score b, hits a, hits b, sixes a, sixes b). Hand-to-hand's rounds
    and a hit-and-run's one attack each."""
    fm, rp, so = ge.fm, g.rp, out.side_out
    sa, sb, hits_a, hits_b, six_a, six_b, parried, old, new, before, turned = \
        _combat_round(g, sc.dice_a, sc.dice_b, na, nb,
                      _melee_ws(fm, a) + cb_a + (rp[S.R_HATRED] if fm[a, S.FHATES] == b else 0),
                      _melee_ws(fm, b) + cb_b + (rp[S.R_HATRED] if fm[b, S.FHATES] == a else 0),
                      fm[a, FI], fm[b, FI], _parries(fm, a), _parries(fm, b))
    if parried != 0:
        p, o = (a, b) if parried == 1 else (b, a)
        so[fm[p, FSIDE], S.S_PARRIES] += 1
        so[fm[p, FSIDE], S.S_PARRIES_TURNED] += turned
        _log(out, p, Ev.PARRY, o, old, new, before, sb if parried == 1 else sa, turned)
    return sa, sb, hits_a, hits_b, six_a, six_b


@step
def _melee_ws(fm, a):
    """Fighter a's WS in hand-to-hand: 0 while he is broken (reference 6)."""
    return 0 if fm[a, S.FBROKEN] != 0 else fm[a, FWS]


@kernel
def _parries(fm, a):
    """Can fighter a parry: he carries a parrying weapon (a sabre) and has a hand for it
    (``_no_hand``: not both arms locked, nor one locked or on the reins and the other holding
    a lance)?"""
    return (fm[a, S.FMF] & S.MF_PARRY) != 0 and not _no_hand(fm, a)


@step
def _combat_score(rp, base, dice, n, other, m):
    """(combat score, sixes) of attack dice ``dice[:n]`` against the opponent's ``other[:m]``:
    ``base`` (WS and modifiers) + the best die + critical_bonus for each further 6 +
    fumble_bonus for each of the opponent's 1s (reference 7)."""
    best, six, ones = 0, 0, 0
    for i in range(n):
        best = max(best, dice[i])
        if dice[i] == D6:
            six += 1
    for i in range(m):
        if other[i] == 1:
            ones += 1
    return base + best + max(six - 1, 0) * rp[S.R_CRIT_BONUS] + ones * rp[S.R_FUMBLE_BONUS], six


@step
def _round_winner(rp, sa, sb, i_a, i_b):
    """(winner, hits): 1 a, -1 b, 0 a stand-off. The higher score strikes the difference in
    hits (melee_hits 'one': one); equal scores go to the higher I with melee_tie_hits."""
    if sa != sb:
        hits = 1 if rp[S.R_MELEE_ONE] != 0 else abs(sa - sb)
        return (1 if sa > sb else -1), hits
    if i_a != i_b:
        return (1 if i_a > i_b else -1), rp[S.R_MELEE_TIE_HITS]
    return 0, 0


@kernel
def _combat_round(g, dice_a, dice_b, na, nb, base_a, base_b, i_a, i_b, parry_a, parry_b):
    """One round's combat scores (melee_reading 'combat_score'): a's ``na`` attack dice, then
    b's ``nb``, each side scoring ``_combat_score`` from its ``base``. Parry (reference 7 [S
    BSD]): when only one side can parry and it is losing (on the scores or the I tie-break),
    the other re-rolls his highest die and the round is scored again (two parries cancel).
    Returns (score a, score b, hits a, hits b, sixes a, sixes b, parried: 0 none, 1 a parried, 2
    b parried, the face re-rolled, the new face, the re-roller's score before, 1 the parry
    turned the round: the parrier no longer loses)."""
    rp = g.rp
    for i in range(na):
        dice_a[i] = roll(g.s, D6)
    for i in range(nb):
        dice_b[i] = roll(g.s, D6)
    sa, six_a = _combat_score(rp, base_a, dice_a, na, dice_b, nb)
    sb, six_b = _combat_score(rp, base_b, dice_b, nb, dice_a, na)
    side, hits = _round_winner(rp, sa, sb, i_a, i_b)
    parried, old, new, before, turned = 0, 0, 0, 0, 0
    if parry_a != parry_b and side == (-1 if parry_a else 1):
        parried = 1 if parry_a else 2
        dice, n = (dice_b, nb) if parry_a else (dice_a, na)
        before = sb if parry_a else sa
        j = 0
        for i in range(n):
            if dice[i] > dice[j]:
                j = i
        old = dice[j]
        new = roll(g.s, D6)
        dice[j] = new
        sa, six_a = _combat_score(rp, base_a, dice_a, na, dice_b, nb)
        sb, six_b = _combat_score(rp, base_b, dice_b, nb, dice_a, na)
        lost = side
        side, hits = _round_winner(rp, sa, sb, i_a, i_b)
        turned = 1 if side != lost else 0
    return (sa, sb, hits if side == 1 else 0, hits if side == -1 else 0, six_a, six_b, parried,
            old, new, before, turned)


@step
def _lying(fm, a):
    """Does a count as down in hand-to-hand: down, or entangled (the text)?"""
    return fm[a, FSTATE] == ST_DOWN or fm[a, S.FROPE] != 0


@step
def _charge_bonus(rp, fm, a, b):
    """The combat-score bonus of a fighter who charged this turn (body slam: its own), a
    rider's mounted_charge_bonus for the horse's bulk charging b on foot, and obstacle_penalty
    (negative) when the charge ended over an obstacle (FOBST: ``_over_low``). A war horse's rider
    keeps the normal charge_bonus (not body slam's, not the bulk) in later rounds of the fight
    he charged into (FCHARGED 2: ``_charge_kept``)."""
    if fm[a, FCHARGED] == 0:
        return 0
    if fm[a, FCHARGED] == 2:  # a war horse's: "the normal +1 bonus" (not body slam's, not bulk)
        return rp[S.R_CHARGE_BONUS]
    bulk = rp[S.R_MOUNTED_CHARGE] if fm[a, S.FHORSE] != 0 and fm[b, S.FHORSE] == 0 else 0
    over = rp[S.R_OBSTACLE] if (fm[a, S.FOBST] & S.OBST_OVER) != 0 else 0  # (_over_low)
    return bulk + over + (rp[S.R_BODY_SLAM] if (fm[a, S.FSKILL] & S.SK_BODY_SLAM) != 0
                          else rp[S.R_CHARGE_BONUS])


@kernel
def _arm_lock(g, ge, out, a, b):
    """a won the combat: a wrassler locks one of b's arms, chosen by a D6 (1-3 left), out of
    action for the rest of the fight whatever the wound roll; b hates him (Ev.ARM_LOCK)."""
    fm = ge.fm
    if (fm[a, S.FSKILL] & S.SK_WRASSLER) == 0:
        return
    arm = S.ARM_LEFT if roll(g.s, D6) <= 3 else S.ARM_RIGHT
    fm[b, S.FARMS] |= arm
    fm[b, S.FHATES] = a
    out.side_out[fm[a, FSIDE], S.S_ARM_LOCKS] += 1
    _log(out, b, Ev.ARM_LOCK, a, arm, fm[b, S.FARMS])


@step
def _hand_bonus(fm, a):
    """The strength bonus of fighter a's best hand weapon for a blow now: FMELEE_S, or in the
    round he charged (FCHARGED 1) his lance's charge strength FLANCE_S when that is more."""
    if (fm[a, S.FMF] & S.MF_LANCE) != 0 and fm[a, FCHARGED] == 1:
        return max(fm[a, FMELEE_S], fm[a, S.FLANCE_S])
    return fm[a, FMELEE_S]


@kernel
def _melee_gun(g, ge, a):
    """The slot of the handgun a strikes his next hand-to-hand blow with (pistols_in_melee):
    his strongest loaded, unjammed gun with flag fires_in_melee that is stronger than his hand
    weapon (S + its bonus), the lower slot on a tie; -1 for none (or both arms locked)."""
    fm, kit, wt = ge.fm, ge.kit, g.wt
    if g.rp[S.R_MELEE_GUNS] == 0 or fm[a, S.FARMS] == S.ARM_LEFT | S.ARM_RIGHT:
        return -1
    best, best_s = -1, fm[a, FS] + _hand_bonus(fm, a)
    for k in range(kit.shape[1]):
        row = kit[a, k, KW]
        if not _ready_gun(kit, a, k) or (wt[row, S.WC_FLAGS] & S.FL_MELEE_GUN) == 0:
            continue
        s = wt[row, S.WC_STRENGTH] + (fm[a, FS] if wt[row, S.WC_FLAGS] & S.FL_USER_STRENGTH
                                      else 0)
        if s > best_s:
            best, best_s = k, s
    return best


@kernel
def _melee_hits(g, f, ge, sc, out, a, b, hits, sixes, finish):
    """``hits`` blows of a on b, each with a's strongest usable weapon: a handgun stronger than
    his hand weapon while one is loaded (``_melee_gun``: a round a blow under
    pistol_melee_uses_rounds; Ev.GUN_BLOW, tidy gun_blows), else his S + his hand weapon's (none
    with both arms locked; a lance's charge strength in the round he charged: ``_hand_bonus``,
    tidy lance_charge_blows); crushing blow adds, b's iron jaw takes off, never below 1. Each
    wound is rolled unless b avoids it (``_saved``); with ``finish`` (down_alone_out; a
    hit-and-run's: hit_and_run_down_out too) b downed by it is out of action, one thrown down by
    his horse's fall (a blow located on it) too. A
    fighter who fired a handgun takes an ammo roll for it for each of his ``sixes`` (attack
    dice showing 6) under pistol_melee_uses_rounds (text)."""
    fm, rp, kit, wt = ge.fm, g.rp, ge.kit, g.wt
    armed = fm[a, S.FARMS] != S.ARM_LEFT | S.ARM_RIGHT
    hand = fm[a, FS] + (_hand_bonus(fm, a) if armed else 0)
    lance = armed and _hand_bonus(fm, a) > fm[a, FMELEE_S]  # the lance's charge blows
    fired = -1
    for _ in range(hits):
        if fm[b, FSTATE] == ST_OUT:
            break
        strength = hand
        k = _melee_gun(g, ge, a)
        if k >= 0:
            row = kit[a, k, KW]
            strength = wt[row, S.WC_STRENGTH] + (
                fm[a, FS] if wt[row, S.WC_FLAGS] & S.FL_USER_STRENGTH else 0)
            if rp[S.R_PISTOL_ROUNDS] != 0:
                kit[a, k, KLOADED] -= 1
            if fired < 0:
                fired = k
            out.side_out[fm[a, FSIDE], S.S_GUN_BLOWS] += 1
            _log(out, a, Ev.GUN_BLOW, b, k, row, strength, kit[a, k, KLOADED])
        elif lance:
            out.side_out[fm[a, FSIDE], S.S_LANCE_BLOWS] += 1
        if (fm[a, S.FSKILL] & S.SK_CRUSHING) != 0:
            strength += rp[S.R_CRUSHING]
        at_horse = strength  # the rider's iron jaw does not shield his horse
        if (fm[b, S.FSKILL] & S.SK_IRON_JAW) != 0:
            strength = max(strength - rp[S.R_IRON_JAW], 1)
        if fm[b, S.FHORSE] != 0 and _on_horse(g, ge, out, a, b, 1) < 0:
            _horse_hit(g, f, ge, sc, out, a, b, at_horse)  # each blow located as a shot is
            if fm[b, FSTATE] == ST_DOWN and finish:
                _take_out(g, ge, out, b, a, 0)  # thrown down by his horse's fall: as any blow
            continue
        if _saved(g, ge, out, a, b, True):
            continue
        rode = fm[b, S.FHORSE] != 0
        need, d, wounded = _wound_roll(g, strength, fm[b, FT])
        _log(out, b, Ev.WOUND, a, need, d, 1 if wounded else 0)
        if wounded:
            out.side_out[fm[a, FSIDE], S.S_WOUNDS] += 1
            _damage(g, f, ge, out, b, a, 1, False)
            if rode:
                _rider_struck(g, f, ge, sc, out, b, a, True)
            if fm[b, FSTATE] == ST_DOWN and finish:
                _take_out(g, ge, out, b, a, 0)
            if fm[b, FSTATE] == ST_DOWN:
                _get_wet(g, f, ge, out, b)
    if fired >= 0 and rp[S.R_PISTOL_ROUNDS] != 0:
        for _ in range(sixes):
            _ammo_roll(g, ge, out, a, fired)


@kernel
def _held(fm, a):
    """Is an enemy up and in base contact still fighting fighter a (his FENGAGED on a)? (Under
    down_alone_out off a man whose foe lay down is parted from him at the next combat round,
    though another may have charged him meanwhile: he has not won.)"""
    for c in range(fm.shape[0]):
        if fm[c, FENGAGED] == a and fm[c, FSTATE] != ST_OUT and _adjacent(fm, a, c):
            return True
    return False


@kernel
def _follow_to(g, f, ge, sc, a, budget, forced):
    """Where winner a follows up, within ``budget`` half-inches over the shared reach, never on
    a cell another stands on nor touching an enemy (``_ends_free``): ``forced`` (a mounted
    charger's momentum, mounted_follow_up_in) the cell ahead of him (on the forward side of his
    horse's heading) nearest the point that far on along it, or where he is if every such cell
    is taken or touches an enemy; else by his policy: the random floor a uniformly random such
    cell (his own included); a brawler who charges (weight charge_in) the one nearest the
    nearest standing enemy (closing for the next charge), then the nearest by path; every other
    gunfighter the way ``_refuge`` takes a man into cover (the fewest standing enemies seeing
    it, then in cover, then the nearest by path: he stays where that is his own cell). The
    presets never go beyond the reach of a lasso they hold (it would be let go)."""
    fm = ge.fm
    side = fm[a, FSIDE]
    kind = g.kinds[side]
    keep = kind != RANDOM and not forced
    if not forced and kind != RANDOM and not (kind == BRAWLER and
                                              g.weights[side, W_CHARGE_IN] > 0):
        x, y, _ = _refuge(g, f, ge, sc, a, budget, False, True)
        return x, y
    h, w = f.terrain.shape
    ax, ay, r = _reach_round(g, f, ge, sc, a, budget)
    px, py = 0.0, 0.0
    hx, hy = fm[a, S.FHDX], fm[a, S.FHDY]
    if forced:
        n = math.sqrt(hx * hx + hy * hy)
        if n == 0.0:
            return ax, ay
        px, py = ax + hx * (budget / 2.0) / n, ay + hy * (budget / 2.0) / n
    count = 0
    pick = -1
    for rnd in range(2):  # the random floor: count the cells, then take the one drawn
        if rnd == 1:
            if kind != RANDOM or forced or count == 0:
                break
            pick = randint(g.s, count)
            count = 0
        bx, by, best, best_d = ax, ay, 1e18, 1 << 30
        if not forced and kind != RANDOM:
            best = float(_enemy_gap2(fm, a, ax, ay))  # (his own cell first)
            best_d = 0
        for y in range(max(ay - r, 0), min(ay + r + 1, h)):
            for x in range(max(ax - r, 0), min(ax + r + 1, w)):
                if not _ends_free(fm, sc, a, x, y, keep):
                    continue
                d = sc.dist[y, x]
                if kind == RANDOM and not forced:
                    if count == pick:
                        return x, y
                    count += 1
                    continue
                if forced:
                    if (x - ax) * hx + (y - ay) * hy <= 0:
                        continue  # (the momentum carries him forward, never aside or back)
                    v = (x - px) ** 2 + (y - py) ** 2
                else:
                    v = float(_enemy_gap2(fm, a, x, y))
                if v < best - 1e-9 or (abs(v - best) <= 1e-9 and d < best_d):
                    bx, by, best, best_d = x, y, v, d
        if kind != RANDOM or forced:
            return bx, by
    return ax, ay


@kernel
def _follow_up(g, f, ge, sc, out, a):
    """Fighter a has won his fight (his foes are out of it) and may follow up follow_up_in
    inches (reference 7 [V]); a rider who charged a man on foot this turn (FOBST OBST_AT_FOOT)
    must follow up mounted_follow_up_in along his horse's heading (text: the momentum). Where:
    ``_follow_to``. Logged Ev.FOLLOW_UP even when he stays (d, e his cell then); tidy
    follow_ups counts the moves. Not a declared move (stated): no overwatch fires at it and his
    turn's move record is kept (the text: the follow-up does not affect his next movement);
    enemy aims on him are checked where he ends, he gets wet as any mover, and a lasso he holds
    is let go if he ends beyond its reach (only a forced one or the random floor's can)."""
    fm, rp = ge.fm, g.rp
    forced = fm[a, S.FHORSE] != 0 and fm[a, FCHARGED] == 1 and \
        (fm[a, S.FOBST] & S.OBST_AT_FOOT) != 0 and rp[S.R_MOUNTED_FOLLOW_IN] > 0
    inches = rp[S.R_MOUNTED_FOLLOW_IN] if forced else rp[S.R_FOLLOW_IN]
    if inches <= 0:
        return
    x0, y0 = fm[a, FX], fm[a, FY]
    x, y = _follow_to(g, f, ge, sc, a, 2 * inches, forced)
    _log(out, a, Ev.FOLLOW_UP, x0, y0, x, y, 1 if forced else 0, sc.dist[y, x])
    if x == x0 and y == y0:
        return
    out.side_out[fm[a, FSIDE], S.S_FOLLOW_UPS] += 1
    _relocate(g, f, ge, sc, out, a, x, y)


@kernel
def _melee_phase(g, f, ge, sc, out):
    """Every fighter in hand-to-hand fights his opponent once (a pair once); one no longer in
    base contact (knocked back) is out of the fight. A broken fighter still in a fight at the
    end, or who fought in it this phase (his opponent out of action: reference 6, "even if he
    wins"), breaks away and runs (``_flee``). Then each fighter in a fight as the phase began
    who is up, free (nobody still fighting him: ``_held``), unbroken, unpinned and not held by
    a rope at its end has won it and follows up (``_follow_up``), in fighter order (sc.able
    marks them: the shoot-out's use of it is over by the round's hand-to-hand)."""
    fm = ge.fm
    for a in range(fm.shape[0]):
        sc.able[a] = 1 if fm[a, FENGAGED] >= 0 and fm[a, FSTATE] == ST_STANDING else 0
    for a in range(fm.shape[0]):
        b = fm[a, FENGAGED]
        if b < 0 or fm[a, FSTATE] == ST_OUT:
            continue
        if fm[b, FSTATE] == ST_OUT or not _adjacent(fm, a, b):
            _reengage(fm, a)
            b = fm[a, FENGAGED]
            if b < 0:
                continue
        if fm[b, FENGAGED] == a and b < a:
            continue
        _melee_pair(g, f, ge, sc, out, a, b)
    now = out.clock[1]
    for a in range(fm.shape[0]):  # a broken fighter charged breaks away, even if he won
        if fm[a, S.FBROKEN] != 0 and fm[a, FSTATE] == ST_STANDING and (
                fm[a, FENGAGED] >= 0 or fm[a, S.FFOUGHT] == now):
            _break_away(fm, a)
            _flee(g, f, ge, sc, out, a, 2)
    if g.rp[S.R_FOLLOW_IN] <= 0 and g.rp[S.R_MOUNTED_FOLLOW_IN] <= 0:
        return
    for a in range(fm.shape[0]):
        if sc.able[a] != 0 and fm[a, FSTATE] == ST_STANDING and fm[a, FENGAGED] < 0 and \
                fm[a, S.FBROKEN] == 0 and fm[a, FPINNED] == 0 and fm[a, S.FROPE] == 0 and \
                not _held(fm, a):
            _follow_up(g, f, ge, sc, out, a)


@kernel
def _reload_roll(g, row, loaded, reserve, activity, bs, shift=0):
    """One reloading turn of weapon ``row`` (text: Reloading): (category, BS roll passed, die,
    rounds loaded, rounds lost). Category by the turn's ``activity``; 'roll' needs a BS test.
    Loose rounds ('rounds', single shots, and percussion under percussion_reload 'cartridge'):
    a reload_die says how many; a pass loads min(die, room, reserve, reload_max_rounds), a
    failure loses that many (reload_loss 'chambers') or the whole die (never more than held).
    Percussion 'chamber': one chamber a turn, a failure fumbles (loses) one charge."""
    rp, wt = g.rp, g.wt
    cat = min(g.tb[S.TB_RELOAD_CAT + activity] + shift, S.CAT_NONE)
    if cat == S.CAT_NONE:
        return cat, False, 0, 0, 0
    passed = True if cat == S.CAT_AUTO else _test(g, bs, 0)
    room = wt[row, S.WC_CAPACITY] - loaded
    if wt[row, S.WC_RELOAD] == S.RL_CHAMBER and rp[S.R_PERC_D8] == 0:
        put = min(1, room, reserve)
        return cat, passed, 0, put if passed else 0, 0 if passed else put
    die = roll(g.s, rp[S.R_RELOAD_DIE])
    put = min(die, room, reserve, rp[S.R_RELOAD_MAX])
    if passed:
        return cat, passed, die, put, 0
    lost = min(die, reserve) if rp[S.R_LOSS_DIE] != 0 else put
    return cat, passed, die, 0, lost


@kernel
def _activity(g, fm, a):
    """The text's activity of fighter a's turn (index into reload_category_of): a declared run
    that did not make him a runner (``_ran``) is walking."""
    mv = fm[a, FMOVED]
    if mv == S.MV_RUN:
        return S.ACT_RUNNING if _ran(g, fm, a) else S.ACT_WALKING
    if mv == S.MV_CHARGE:
        return S.ACT_MELEE
    if mv == S.MV_WALK:
        return S.ACT_WALKING
    if mv == S.MV_CRAWL:
        return S.ACT_CRAWLING
    return S.ACT_STILL


@kernel
def _category(g, fm, a):
    """Fighter a's reload category this turn: his activity's, moved mounted_reload_shift up
    while he rides (text: a still horse is case 2; a moving one, no reloading)."""
    shift = g.rp[S.R_MOUNTED_SHIFT] if fm[a, S.FHORSE] != 0 else 0
    return min(g.tb[S.TB_RELOAD_CAT + _activity(g, fm, a)] + shift, S.CAT_NONE)


@kernel
def _fit_roll(g, cat, row, loaded, bs):
    """Fitting a spare cylinder or tube to weapon ``row`` holding ``loaded`` rounds in reload
    category ``cat`` (not CAT_NONE): (fitted, die, rounds it puts in, rounds taken out and set
    aside). cylinder_fit 'whole': the spare's capacity in, the old rounds out; 'd8': a
    reload_die puts min(die, empty chambers) in, nothing out (the D8 reading)."""
    rp = g.rp
    ok = cat == S.CAT_AUTO or _test(g, bs, 0)
    cap = g.wt[row, S.WC_CAPACITY]
    if not ok:
        return False, 0, 0, 0
    if rp[S.R_CYL_WHOLE] != 0:
        return True, 0, cap, loaded
    die = roll(g.s, rp[S.R_RELOAD_DIE])
    return True, die, min(die, cap - loaded), 0


@kernel
def _fit(g, ge, out, a, k):
    """Fighter a's reloading turn on slot k fitting one of its spare pre-loaded cylinders or
    tubes (text: Reloads) with the normal loading roll of his turn's category. Passed: under
    cylinder_fit 'whole' the gun holds its capacity, the rounds left in the cylinder or tube
    taken out set aside as loose rounds (KRESERVE: a percussion gun's are loaded chamber by
    chamber again); under 'd8' a reload_die puts min(die, empty chambers) in. Either way the
    spare is used. Failed: not fitted, nothing lost, the spare kept. Counted as a reload (and
    a failed one) and, fitted, in cylinders_fitted; Ev.FIT."""
    fm, kit = ge.fm, ge.kit
    so = out.side_out
    side = fm[a, FSIDE]
    cat = _category(g, fm, a)
    if cat == S.CAT_NONE:
        return
    ok, die, put, back = _fit_roll(g, cat, kit[a, k, KW], kit[a, k, KLOADED],
                                   _reload_bs(g.rp, fm, a))
    if ok:
        kit[a, k, KLOADED] = kit[a, k, KLOADED] - back + put
        kit[a, k, KRESERVE] += back
        kit[a, k, KSPARE] -= 1
        so[side, S.S_FITS] += 1
    so[side, S.S_RELOADS] += 1
    so[side, S.S_RELOAD_FAILS] += 0 if ok else 1
    _log(out, a, Ev.FIT, k, cat, 1 if ok else 0, die, put, back, kit[a, k, KSPARE])


@kernel
def _lemat_split(budget, first, room_b, res_b, room_c, res_c):
    """A Le Mat reload's ``budget`` rounds (the reload die, capped) shared out in the declared
    order: (into the barrel, into the chambers). Loaded first, the barrel takes its shell
    before the chambers; loaded last, it gets what the die has left once the empty chambers
    (as far as their box lasts) are filled: a short die leaves it empty."""
    if first:
        pb = min(budget, room_b, res_b)
        return pb, min(budget - pb, room_c, res_c)
    pc = min(budget, room_c, res_c)
    return min(budget - pc, room_b, res_b), pc


@kernel
def _lemat_roll(g, cat, first, row_b, row_c, loaded_b, loaded_c, res_b, res_c, bs):
    """One reloading turn of a Le Mat in reload category ``cat`` (not CAT_NONE): barrel row_b
    holding loaded_b with res_b shells in its box, chambers row_c likewise; ``first``: the
    barrel declared first. (passed, die, shells in, rounds in, shells lost, rounds lost): the
    reload die's rounds (percussion chambers under percussion_reload 'chamber': one) shared
    out in the declared order (``_lemat_split``); a failed BS roll loses what would have gone
    in, each from its own box (reload_loss 'die': the rest of the die from the chambers' box
    too)."""
    rp, wt = g.rp, g.wt
    ok = cat == S.CAT_AUTO or _test(g, bs, 0)
    if wt[row_c, S.WC_RELOAD] == S.RL_CHAMBER and rp[S.R_PERC_D8] == 0:
        die, budget = 0, 1
    else:
        die = roll(g.s, rp[S.R_RELOAD_DIE])
        budget = min(die, rp[S.R_RELOAD_MAX])
    pb, pc = _lemat_split(budget, first, wt[row_b, S.WC_CAPACITY] - loaded_b, res_b,
                          wt[row_c, S.WC_CAPACITY] - loaded_c, res_c)
    if ok:
        return True, die, pb, pc, 0, 0
    lc = min(die - pb, res_c) if rp[S.R_LOSS_DIE] != 0 and die > 0 else pc
    return False, die, 0, 0, pb, lc


@kernel
def _reload_lemat(g, ge, out, a, b, c):
    """Fighter a's reloading action on his Le Mat: barrel slot b (its shell types) and chamber
    slot c, one action and one roll of his turn's category (text: Reloads), the barrel first
    or last as he declared (FRELOAD_SHELL RS_FIRST): ``_lemat_roll``. Counted as one reload;
    lemat_shells_loaded counts the shells, lemat_barrel_short a barrel declared last that the
    die left empty with a shell to load; Ev.RELOAD (a = b, the chambers in h and i)."""
    fm, kit = ge.fm, ge.kit
    so = out.side_out
    side = fm[a, FSIDE]
    cat = _category(g, fm, a)
    if cat == S.CAT_NONE:
        return
    first = (fm[a, FRELOAD_SHELL] & S.RS_FIRST) != 0
    room_b = g.wt[kit[a, b, KW], S.WC_CAPACITY] - kit[a, b, KLOADED]
    res_b = kit[a, b, KRESERVE]
    ok, die, pb, pc, lb, lc = _lemat_roll(g, cat, first, kit[a, b, KW], kit[a, c, KW],
                                          kit[a, b, KLOADED], kit[a, c, KLOADED], res_b,
                                          kit[a, c, KRESERVE], _reload_bs(g.rp, fm, a))
    kit[a, b, KLOADED] += pb
    kit[a, c, KLOADED] += pc
    kit[a, b, KRESERVE] -= pb + lb
    kit[a, c, KRESERVE] -= pc + lc
    so[side, S.S_LEMAT_SHELLS] += pb
    if ok and not first and pb == 0 and room_b > 0 and res_b > 0:
        so[side, S.S_LEMAT_SHORT] += 1
    so[side, S.S_RELOADS] += 1
    so[side, S.S_RELOAD_FAILS] += 0 if ok else 1
    so[side, S.S_ROUNDS_LOADED] += pb + pc
    so[side, S.S_ROUNDS_LOST] += lb + lc
    _log(out, a, Ev.RELOAD, b, cat, 1 if ok else 0, die, pb, lb, 1 if first else 2, pc, lc)


@kernel
def _reload(g, ge, out, a, k, clear):
    """Fighter a's reloading action on slot k at the end of his turn: loading rounds, or with
    ``clear`` removing jams_cleared_per_turn jam markers on a success; a gun with a spare
    cylinder or tube left fits it (``_fit``) rather than load loose rounds; dynamite is lit
    (``_light``: light_takes_turn)."""
    fm, kit = ge.fm, ge.kit
    so = out.side_out
    side = fm[a, FSIDE]
    if g.wt[kit[a, k, KW], S.WC_KIND] == S.KIND_EXPLOSIVE:  # dynamite: lighting, no reload
        if not clear and g.rp[S.R_LIGHT_TURN] != 0 and kit[a, k, KLOADED] == 0 and \
                kit[a, k, KRESERVE] > 0:
            _light(g, ge, out, a, k, 0)
        return
    if clear:
        if kit[a, k, KJAMS] <= 0:
            return
        cat = _category(g, fm, a)
        ok = cat == S.CAT_AUTO or (cat == S.CAT_ROLL and _test(g, _reload_bs(g.rp, fm, a), 0))
        so[side, S.S_CLEARS] += 1
        if ok:
            gone = min(g.rp[S.R_JAMS_CLEARED], kit[a, k, KJAMS])
            kit[a, k, KJAMS] -= gone
            so[side, S.S_JAMS_CLEARED] += gone
        _log(out, a, Ev.CLEAR, k, cat, 1 if ok else 0, kit[a, k, KJAMS])
        return
    if kit[a, k, KSPARE] > 0:
        _fit(g, ge, out, a, k)
        return
    if (fm[a, FRELOAD_SHELL] & S.RS_SHELL) != 0 and kit[a, k, KALT] >= 0 and \
            _category(g, fm, a) != S.CAT_NONE:
        back = kit[a, k, KLOADED]  # the other round type: the barrels emptied into their box
        kit[a, k, KRESERVE] += back
        kit[a, k, KLOADED] = 0
        _swap_rounds(kit, a, k)
        so[side, S.S_SHELL_SWAPS] += 1
        _log(out, a, Ev.SHELLS, k, kit[a, k, KW], back)
    link = kit[a, k, S.KLINK]
    if link >= 0 and kit[a, link, KUSELESS] == 0:
        _reload_lemat(g, ge, out, a, max(k, link), min(k, link))
        return
    cat, ok, die, put, lost = _reload_roll(g, kit[a, k, KW], kit[a, k, KLOADED],
                                           kit[a, k, KRESERVE], _activity(g, fm, a),
                                           _reload_bs(g.rp, fm, a),
                                           g.rp[S.R_MOUNTED_SHIFT] if fm[a, S.FHORSE] != 0 else 0)
    if cat == S.CAT_NONE:
        return
    kit[a, k, KLOADED] += put
    kit[a, k, KRESERVE] -= put + lost
    if link >= 0 and k > link:  # a Le Mat's barrel loaded alone (its chambers useless)
        so[side, S.S_LEMAT_SHELLS] += put
    so[side, S.S_RELOADS] += 1
    so[side, S.S_RELOAD_FAILS] += 0 if ok else 1
    so[side, S.S_ROUNDS_LOADED] += put
    so[side, S.S_ROUNDS_LOST] += lost
    _log(out, a, Ev.RELOAD, k, cat, 1 if ok else 0, die, put, lost)


@kernel
def _light_category(g, fm, a):
    """The reload category a lighting roll of fighter a is in this turn: his activity's, one
    up on a horse (``_category``) and one more in heavy rain (the text: lighting in wind or
    rain is a band harder)."""
    return min(_category(g, fm, a) + (1 if g.rp[S.R_HEAVY_RAIN] != 0 else 0), S.CAT_NONE)


@kernel
def _light(g, ge, out, a, k, in_throw):
    """Fighter a lights a bundle of slot k's dynamite: in his turn's reload category
    (``_light_category``; none: he cannot), a BS test (his reloading BS, ``_reload_bs``) unless
    light_roll 'category' and the band is automatic. Lit: min(dynamite_bundle, sticks left)
    sticks in his hand (KLOADED), to be thrown in a later turn (FFUSE 1) or, ``in_throw``
    (light_takes_turn off), at once. Failed: nothing lost, nothing lit. Returns True if lit."""
    fm, kit, rp = ge.fm, ge.kit, g.rp
    so = out.side_out
    side = fm[a, FSIDE]
    cat = _light_category(g, fm, a)
    if cat == S.CAT_NONE:
        _log(out, a, Ev.LIGHT, k, cat, 0, 0, 0, kit[a, k, KRESERVE], in_throw)
        return False
    ok, die, need = True, 0, 0
    if rp[S.R_LIGHT_ALWAYS] != 0 or cat == S.CAT_ROLL:
        need = rp[S.R_NEEDED_BASE] - _reload_bs(rp, fm, a)
        ok, die = _roll_need(g, need)
    n = 0
    if ok:
        n = min(rp[S.R_DYN_BUNDLE], kit[a, k, KRESERVE])
        kit[a, k, KLOADED] = n
        kit[a, k, KRESERVE] -= n
        fm[a, S.FFUSE] = 1 - in_throw
        so[side, S.S_LIT] += 1
    else:
        so[side, S.S_LIGHT_FAILS] += 1
    _log(out, a, Ev.LIGHT, k, cat, 1 if ok else 0, die, n, kit[a, k, KRESERVE], in_throw, need)
    return ok


@kernel
def _fuse(g, f, ge, sc, out, a):
    """The end of fighter a's side's turn after the one he lit his bundle in, and it is still
    in his hand (or lies where he fell): under unthrown_fuse 'explodes' it goes off where he
    is (a blast of its sticks centred on him: ``_blast``), under 'snuffed' he pinches the fuse
    out (the sticks back unlit). Ev.FUSE; counted in fuses_burnt."""
    fm, kit = ge.fm, ge.kit
    fm[a, S.FFUSE] = 0
    for k in range(kit.shape[1]):
        row = kit[a, k, KW]
        if row < 0 or g.wt[row, S.WC_KIND] != S.KIND_EXPLOSIVE or kit[a, k, KLOADED] == 0:
            continue
        sticks = kit[a, k, KLOADED]
        kit[a, k, KLOADED] = 0
        out.side_out[fm[a, FSIDE], S.S_FUSES] += 1
        if g.rp[S.R_FUSE_BLOWS] != 0:
            _log(out, a, Ev.FUSE, sticks, 1)
            _blast(g, f, ge, sc, out, a, row, float(fm[a, FX]), float(fm[a, FY]), False,
                   g.rp[S.R_DYN_DICE], -1, sticks)
        else:
            kit[a, k, KRESERVE] += sticks
            _log(out, a, Ev.FUSE, sticks, 0)


@kernel
def _recovery_phase(g, f, ge, sc, out, side):
    """End of ``side``'s turn: the fuses of bundles of dynamite lit in an earlier turn and not
    thrown burn down (``_fuse``), reloads, lighting and jam clearing done (not by a fighter
    pinned or down meanwhile), down fighters roll recovery_faces (up with a flesh wound and
    pinned, stay down, or out of action), pins that have cost their fighter a turn lifted
    (Ev.PIN_LIFTED), broken fighters in cover and unseen try to rally (``_rally``). One up
    again while still in hand-to-hand (down_alone_out off) is not pinned."""
    fm = ge.fm
    now = out.clock[1]
    for a in range(fm.shape[0]):  # (out of action too: the bundle lies where he fell)
        if fm[a, FSIDE] == side and fm[a, S.FFUSE] != 0:
            _fuse(g, f, ge, sc, out, a)
    # the fast-draw order lifts a pin at the activation it costs (``_shootout_round``)
    fast_draw = 1 if g.rp[S.R_SHOOTOUT] != 0 and g.rp[S.R_SO_TURNS] == 0 else 0
    for a in range(fm.shape[0]):
        if fm[a, FSIDE] != side or fm[a, FSTATE] == ST_OUT:
            continue
        k = fm[a, FRELOAD_SLOT]
        if k >= 0 and fm[a, FSTATE] == ST_STANDING and fm[a, FPINNED] == 0 and \
                fm[a, S.FFOUGHT] != now and not _no_hand(fm, a):
            _reload(g, ge, out, a, k, fm[a, FACT] == Act.CLEAR)
        if fm[a, FSTATE] == ST_DOWN:
            d = roll(g.s, D6)
            res = g.tb[S.TB_RECOVERY + d - 1]
            depth = _depth(f, fm[a, FX], fm[a, FY])
            if g.rp[S.R_WATER_RECOVERY] != 0 and depth >= 0 and \
                    d >= g.tb[S.TB_DROWN + depth] and res != S.INJ_OUT:
                res = S.INJ_OUT  # water_recovery_drowning: he drowns lying in water
                out.side_out[side, S.S_DROWNED] += 1
            _log(out, a, Ev.RECOVERY, d, res)
            if res == S.INJ_OUT:
                _take_out(g, ge, out, a, -1, -1)
            elif res == S.INJ_FLESH:
                fm[a, FSTATE] = ST_STANDING
                fm[a, S.FDUCK] = 0
                if fm[a, FENGAGED] < 0:  # (reference 4.1: no pin in hand-to-hand)
                    fm[a, FPINNED] = 1
                    fm[a, FPIN_TURN] = now
                _flesh_wound(g, ge, out, a, -1)
        elif fm[a, FPINNED] != 0 and fm[a, FPIN_TURN] < now and fast_draw == 0:
            fm[a, FPINNED] = 0
            fm[a, S.FDUCK] = 0
            _log(out, a, Ev.PIN_LIFTED, 0)
        if fm[a, S.FHPIN] != 0 and fm[a, S.FHPIN_TURN] < now:
            fm[a, S.FHPIN] = 0  # the horse is itself again at the end of its next turn
        if fm[a, S.FBROKEN] != 0 and fm[a, FSTATE] == ST_STANDING:
            _rally(g, f, ge, sc, out, a)


@kernel
def _check(g, f, ge, out):
    """Debug mode: the invariants (``Bad``) that must hold after every gang turn."""
    fm, kit = ge.fm, ge.kit
    h, w = f.terrain.shape
    for a in range(fm.shape[0]):
        if fm[a, FW] < 0 or fm[a, FWS] < 0 or fm[a, FBS] < 0:
            _broken(out, Bad.PROFILE)
        for k in range(kit.shape[1]):
            if kit[a, k, KW] < 0:
                continue
            cap = g.rp[S.R_DYN_BUNDLE] if g.wt[kit[a, k, KW], S.WC_KIND] == S.KIND_EXPLOSIVE \
                else g.wt[kit[a, k, KW], S.WC_CAPACITY]  # (dynamite: the lit bundle's sticks)
            if kit[a, k, KLOADED] < 0 or kit[a, k, KRESERVE] < 0 or kit[a, k, KALT_RES] < 0 or \
                    kit[a, k, KSPARE] < 0 or kit[a, k, KLOADED] > cap:
                _broken(out, Bad.ROUNDS)
            if kit[a, k, KJAMS] < 0:
                _broken(out, Bad.JAMS)
        if fm[a, FSTATE] == ST_OUT:
            continue
        m = g.rp[S.R_HORSE_M] if fm[a, S.FCARRY] < 0 else g.rp[S.R_DOUBLE_M]
        if fm[a, S.FHORSE] != 0 and (fm[a, FSTATE] != ST_STANDING or fm[a, FM] != m or
                                     fm[a, S.FHX] >= 0):
            _broken(out, Bad.RIDER)
        r = fm[a, S.FPASS]
        if r >= 0 and (fm[r, FSTATE] != ST_STANDING or fm[r, S.FHORSE] == 0 or
                       fm[r, S.FCARRY] != a or fm[r, FX] != fm[a, FX] or fm[r, FY] != fm[a, FY] or
                       fm[a, FSTATE] != ST_STANDING or fm[a, S.FHORSE] != 0 or
                       fm[a, FENGAGED] >= 0 or fm[a, S.FCARRY] >= 0):
            _broken(out, Bad.PASSENGER)
        if fm[a, S.FCARRY] >= 0 and (fm[a, S.FHORSE] == 0 or fm[fm[a, S.FCARRY], S.FPASS] != a):
            _broken(out, Bad.PASSENGER)
        if not (0 <= fm[a, FX] < w and 0 <= fm[a, FY] < h):
            _broken(out, Bad.OFF_TABLE)
        b = fm[a, FENGAGED]
        if b >= 0 and (fm[b, FSTATE] == ST_OUT or fm[b, FSIDE] == fm[a, FSIDE]):
            _broken(out, Bad.ENGAGED)
        for c in range(a + 1, fm.shape[0]):
            if fm[c, FSTATE] != ST_OUT and fm[c, FX] == fm[a, FX] and fm[c, FY] == fm[a, FY] \
                    and fm[c, S.FPASS] != a and fm[a, S.FPASS] != c:
                _broken(out, Bad.SHARED_CELL)


@kernel
def _tally(ge, out):
    fm = ge.fm
    so = out.side_out
    for a in range(fm.shape[0]):
        side = fm[a, FSIDE]
        st = fm[a, FSTATE]
        if st == ST_STANDING:
            so[side, S.S_STANDING] += 1
        elif st == ST_DOWN:
            so[side, S.S_DOWN] += 1
        else:
            so[side, S.S_OOA] += 1
    g_out = out.g_out
    for col_g, col_s in ((S.G_SHOTS, S.S_SHOTS), (S.G_HITS, S.S_HITS), (S.G_AIMED, S.S_AIMED),
                         (S.G_SNAP, S.S_SNAP), (S.G_FANS, S.S_FANS),
                         (S.G_RELOADS, S.S_RELOADS), (S.G_JAMS, S.S_JAMS),
                         (S.G_QUICK_DRAWS, S.S_QD_TRIED), (S.G_OW_SHOTS, S.S_OW_SHOTS),
                         (S.G_MELEE, S.S_MELEE_ROUNDS)):
        g_out[col_g] = so[0, col_s] + so[1, col_s]
    g_out[S.G_MELEE] //= 2  # each round counted once per side


@kernel
def _gang_turn(g, f, ge, sc, out, side):
    """One gang turn of ``side``; returns True if it bottled out. Nerve tests
    (``_nerve_tests``) end each phase."""
    out.clock[1] += 1
    _log(out, -1, Ev.TURN, side)
    if g.rp[S.R_SHOOTOUT] == 0 and _bottle(g, ge, out, side):
        return True
    _start_turn(g, ge, out, side)
    _movement_phase(g, f, ge, sc, out, side)
    _nerve_tests(g, f, ge, sc, out)
    _overwatch_stationary(g, f, ge, sc, out, side)
    _nerve_tests(g, f, ge, sc, out)
    _shooting_phase(g, f, ge, sc, out, side)
    _nerve_tests(g, f, ge, sc, out)
    _melee_phase(g, f, ge, sc, out)
    _nerve_tests(g, f, ge, sc, out)
    _recovery_phase(g, f, ge, sc, out, side)
    _nerve_tests(g, f, ge, sc, out)
    if g.rp[S.R_DEBUG] != 0:
        _check(g, f, ge, out)
    return False


@kernel
def _shot_down(ge):
    """The shoot-out's end: (over, winner): over once a side has no fighter standing; the
    winner is the other side if it has one standing, else -1 (both shot down together)."""
    fm = ge.fm
    up0 = up1 = 0
    for a in range(fm.shape[0]):
        if fm[a, FSTATE] == ST_STANDING:
            if fm[a, FSIDE] == 0:
                up0 += 1
            else:
                up1 += 1
    if up0 > 0 and up1 > 0:
        return False, -1
    if up0 > 0:
        return True, 0
    if up1 > 0:
        return True, 1
    return True, -1


@kernel
def _shootout_round(g, f, ge, sc, out):
    """One round of the shoot-out in the fast-draw order (shootout_order 'i_plus_d6'): each
    fighter's I + D6 score (Ev.ORDER), rolled in the first round he is in and kept for later
    rounds (the text's "subsequent turns can be taken in this order"), or rolled every round
    with shootout_reroll. The highest score acts first; fighters with equal scores act
    together: all their turn flags are cleared first (an overwatch of theirs ends), then the
    two sides' tied fighters take their actions, the side going first by a coin when both have
    some (a down one may crawl; a pinned one takes his escape test now and, failing, loses
    this activation, his pin lifting after it: a pin costs one activation); watchers of the
    same score never fire at each other (``_watching``); the enemy's other overwatchers may
    then fire at them; then all of them up, unpinned and free when the score's shooting began
    fire, each even if one of the same score has just shot him, and at the BS he had then
    (simultaneous fire; a tied shooter knocked back by a simultaneous hit fires from where he
    lands). Hand-to-hand and both sides' recovery come at the round's end. Returns (over,
    winner) as ``_shot_down``, checked after every score."""
    fm, rp = ge.fm, g.rp
    F = fm.shape[0]
    out.clock[1] += 1
    _log(out, -1, Ev.TURN, -1)
    for a in range(F):
        _charge_kept(fm, a)
    for a in range(F):
        fm[a, FORDER] = 0
        if fm[a, FSTATE] == ST_OUT:
            continue
        if fm[a, FSCORE] == 0 or rp[S.R_SO_REROLL] != 0:
            d = roll(g.s, D6)
            fm[a, FSCORE] = fm[a, FI] + d
            _log(out, a, Ev.ORDER, fm[a, FI], d, fm[a, FSCORE])
        fm[a, FORDER] = fm[a, FSCORE]
    able = sc.able
    while True:
        top = 0
        for a in range(F):
            if fm[a, FSTATE] == ST_OUT:
                fm[a, FORDER] = 0  # (taken out before his score: no mark left behind)
            top = max(top, fm[a, FORDER])
        if top <= 0:
            break
        tied = 0
        for a in range(F):
            able[a] = 0
            if fm[a, FORDER] == top and fm[a, FSTATE] != ST_OUT:
                _start_fighter(fm, a)
                tied |= 1 << fm[a, FSIDE]
        lead = 0
        if tied == 3:  # both sides at this score: a coin says whose fighters move first
            lead = roll(g.s, 2) - 1
            _log(out, -1, Ev.TIE, top, lead)
        movers = 0
        for turn in range(2):
            side = lead if turn == 0 else 1 - lead
            for a in range(F):
                if fm[a, FORDER] != top or fm[a, FSIDE] != side or fm[a, FSTATE] == ST_OUT:
                    continue
                if fm[a, FPINNED] != 0 and fm[a, FSTATE] == ST_STANDING and \
                        not _escape_one(g, ge, out, a):
                    able[a] = -1  # the pin costs him this activation
                    continue
                if fm[a, FPINNED] != 0 or fm[a, FENGAGED] >= 0:
                    continue
                if fm[a, FSTATE] == ST_STANDING:
                    _stand_act(g, f, ge, sc, out, a)
                elif fm[a, FSTATE] == ST_DOWN:
                    _crawl_down(g, f, ge, sc, out, a)
                movers |= 1 << side
        for side in range(2):
            if movers & (1 << side):
                _overwatch_stationary(g, f, ge, sc, out, side)
        for a in range(F):
            if able[a] == 0 and fm[a, FORDER] == top and fm[a, FSTATE] == ST_STANDING and \
                    fm[a, FPINNED] == 0 and fm[a, FENGAGED] < 0 and fm[a, FFIRED] == 0:
                able[a] = fm[a, FBS] + 1  # his BS as the score's shooting begins
        for a in range(F):
            if able[a] > 0:
                now_bs = fm[a, FBS]
                fm[a, FBS] = able[a] - 1
                fm[a, S.FSIMUL] = 1
                _shoot_one(g, f, ge, sc, out, a)
                fm[a, S.FSIMUL] = 0
                fm[a, FBS] = max(now_bs + fm[a, FBS] - (able[a] - 1), 0)  # his own shot's
        for a in range(F):
            if able[a] < 0 and fm[a, FPINNED] != 0:
                fm[a, FPINNED] = 0
                fm[a, S.FDUCK] = 0
                _log(out, a, Ev.PIN_LIFTED, 0)
            if fm[a, FORDER] == top:
                fm[a, FORDER] = 0
        over, winner = _shot_down(ge)
        if over or out.g_out[S.G_ERROR] != 0:
            return over, winner
    _melee_phase(g, f, ge, sc, out)
    _recovery_phase(g, f, ge, sc, out, 0)
    _recovery_phase(g, f, ge, sc, out, 1)
    if g.rp[S.R_DEBUG] != 0:
        _check(g, f, ge, out)
    return _shot_down(ge)


@kernel
def _game(g, f, ge, sc, out):
    """The fight itself (see ``_play``): a gang fight (gang turns, the first side by a fair
    coin, until a gang bottles out) or a shoot-out (fast-draw rounds or gang turns, no bottle
    tests, until a side has no fighter standing); a draw at max_turns rounds."""
    fm, rp = ge.fm, g.rp
    g_out, so = out.g_out, out.side_out
    g_out[:] = 0
    so[:, :] = 0
    out.clock[:] = 0
    for a in range(fm.shape[0]):
        so[fm[a, FSIDE], S.S_START] += 1
        so[fm[a, FSIDE], S.S_RIDERS] += fm[a, S.FHORSE]
        _log(out, a, Ev.DEPLOY, fm[a, FX], fm[a, FY], fm[a, FSIDE], fm[a, FTYPE],
             ge.kit[a, 0, KW], ge.kit[a, 1, KW] if ge.kit.shape[1] > 1 else -1, fm[a, S.FHORSE])
    first = randint(g.s, 2)
    g_out[S.G_FIRST] = first
    winner = -1
    end = S.END_LIMIT
    rnd = 0
    shootout = rp[S.R_SHOOTOUT] != 0
    while rnd < rp[S.R_TURNS] and end == S.END_LIMIT:
        rnd += 1
        out.clock[0] = rnd
        if shootout and rp[S.R_SO_TURNS] == 0:
            over, who = _shootout_round(g, f, ge, sc, out)
            if over:
                end = S.END_SHOT_DOWN
                winner = who
            if g_out[S.G_ERROR] != 0:
                break
            continue
        for half in range(2):
            side = first if half == 0 else 1 - first
            if _gang_turn(g, f, ge, sc, out, side):
                end = S.END_BOTTLE
                winner = 1 - side
                break
            if g_out[S.G_ERROR] != 0:
                break
            if shootout:
                over, who = _shot_down(ge)
                if over:
                    end = S.END_SHOT_DOWN
                    winner = who
                    break
        if g_out[S.G_ERROR] != 0:
            break
    _tally(ge, out)
    g_out[S.G_WINNER] = winner
    g_out[S.G_TURNS] = rnd
    g_out[S.G_END] = end
    _log(out, -1, Ev.END, winner, end)
    return out.nev[0]


@kernel
def scratch(h, w, F, K, sizes):
    """Scratch buffers of one fight on an h x w table with F fighters of K weapon slots."""
    return Scratch(np.zeros((h, w), dtype=np.int64), np.zeros(sizes.queue, dtype=np.int64),
                   np.zeros(sizes.seen, dtype=np.int32), np.zeros((F, K), dtype=np.int64),
                   np.zeros((F, K), dtype=np.bool_), np.zeros(h * w, dtype=np.int64),
                   np.zeros(h * w, dtype=np.int64), np.zeros((h, w), dtype=np.bool_),
                   np.zeros(F, dtype=np.int64), np.zeros(S.N_DEC, dtype=np.int64),
                   np.zeros(sizes.dice, dtype=np.int64), np.zeros(sizes.dice, dtype=np.int64),
                   np.zeros(F, dtype=np.int64), np.zeros(F, dtype=np.int64))


@kernel
def _borrow_scratch(sc):
    return Scratch(borrow(sc.dist), borrow(sc.queue), borrow(sc.seen), borrow(sc.need),
                   borrow(sc.legal), borrow(sc.step_need), borrow(sc.path), borrow(sc.occ),
                   borrow(sc.saw), borrow(sc.dec), borrow(sc.dice_a), borrow(sc.dice_b),
                   borrow(sc.able), borrow(sc.under))


@kernel
def _keep(f, ge, sc):
    """Nothing: called after ``_game`` so that its owners are released only then."""
    return f.smoke.shape[0] + f.barred.shape[0] + ge.fm.shape[0] + ge.kit.shape[0] + \
        sc.dec.shape[0]


@kernel
def _play(s, rp, tb, wound, wt, terrain, piece, building, fm0, kit0, kinds, weights, sizes,
          g_out, side_out, trace):
    """Play one fight from the deployed gangs ``fm0``/``kit0`` (copied), scratch as long as
    ``sizes`` says. Returns the events counted (written if ``trace`` has room)."""
    h, w = terrain.shape
    F, K = kit0.shape[0], kit0.shape[1]
    f = Field(terrain, piece, building, np.full((h, w), -1, dtype=np.int32),
              barred_cells(terrain, piece, rp[S.R_HORSE_JUMP]))
    ge = Gangs(fm0.copy(), kit0.copy())
    sc = scratch(h, w, F, K, sizes)
    nev = np.zeros(1, dtype=np.int64)
    clock = np.zeros(2, dtype=np.int64)
    # the fight's kernels get borrowed views (sim/core/borrow.py): these owners, and the
    # arguments, stay alive until _game returns
    _game(Game(borrow(s), borrow(rp), borrow(tb), borrow(wound), borrow(wt), borrow(kinds),
               borrow(weights)),
          Field(borrow(f.terrain), borrow(f.piece), borrow(f.building), borrow(f.smoke),
                borrow(f.barred)),
          Gangs(borrow(ge.fm), borrow(ge.kit)), _borrow_scratch(sc),
          Out(borrow(g_out), borrow(side_out), borrow(trace), borrow(nev), borrow(clock)))
    _keep(f, ge, sc)
    return nev[0]


@batch_kernel
def _play_batch(seed, stream, game0, rp, tb, wound, wt, terrains, pieces, buildings, fm0, kit0,
                kinds, weights, sizes, g_out, side_out, no_trace):
    """Each fight gets private copies of what it reads and writes (a view into an array all
    threads share would make every thread's reference counting hit one shared counter)."""
    n = g_out.shape[0]
    n_maps = terrains.shape[0]
    for i in prange(n):
        s = np.empty(STATE_SIZE, dtype=np.uint64)
        seed_state(s, np.uint64(seed), np.uint64(stream), np.uint64(game0 + i))
        m = ((game0 + i) // 2) % n_maps  # same as map_index
        g_row = np.zeros(g_out.shape[1], dtype=np.int64)
        side_rows = np.zeros((2, side_out.shape[2]), dtype=np.int64)
        _play(s, rp.copy(), tb.copy(), wound.copy(), wt.copy(), terrains[m].copy(),
              pieces[m].copy(), buildings[m].copy(), fm0, kit0, kinds[i].copy(),
              weights[i].copy(), sizes, g_row, side_rows,
              np.zeros((0, no_trace.shape[1]), dtype=np.int64))
        g_out[i, :] = g_row
        side_out[i, :, :] = side_rows


# ---------------------------------------------------------------- the engine's own dice, alone
# Kernels that roll the mechanics in isolation with the very helpers a fight uses, so tests can
# hold them against the exact odds of sim/westamunda/odds.py.


@kernel
def _dice_game(s, rp, tb, wound, wt):
    return Game(s, rp, tb, wound, wt, np.zeros(2, dtype=np.int64),
                np.zeros((2, N_W), dtype=np.float64))


@kernel
def _sim_shots(s, rp, tb, wound, wt, n, bs, aim_turns, range_mod, snap, cover, sustained,
               strength, toughness, counts):
    """n shots: counts[0] misses, [1] hits that do not wound, [2] wounds, [3] ammo rolls
    called (to-hit die of ammo_on)."""
    g = _dice_game(s, rp, tb, wound, wt)
    need = rp[S.R_NEEDED_BASE] - bs - _modifier(rp, tb, aim_turns, range_mod, snap, False, False,
                                                 False, cover, sustained)
    for _ in range(n):
        hit, d = _roll_need(g, need)
        if d >= rp[S.R_AMMO_ON]:
            counts[3] += 1
        if not hit:
            counts[0] += 1
            continue
        _, _, wounded = _wound_roll(g, strength, toughness)
        counts[2 if wounded else 1] += 1


@kernel
def _sim_bursts(s, rp, tb, wound, wt, n, dice, loaded, hist):
    """n bursts of ``dice`` sustained-fire dice: hist[shots, jam faces] counts."""
    g = _dice_game(s, rp, tb, wound, wt)
    for _ in range(n):
        shots, jams = _burst_shots(g, dice, loaded)
        hist[shots, jams] += 1


@kernel
def _sim_reloads(s, rp, tb, wound, wt, n, row, loaded, reserve, activity, bs, spare, hist):
    """n reloading turns: hist[loaded, lost] counts; with ``spare`` each turn fits a spare
    cylinder or tube (``_fit_roll``: hist[rounds gained, 0])."""
    g = _dice_game(s, rp, tb, wound, wt)
    for _ in range(n):
        if spare:
            cat = min(g.tb[S.TB_RELOAD_CAT + activity], S.CAT_NONE)
            if cat == S.CAT_NONE:
                hist[0, 0] += 1
                continue
            _, _, put, back = _fit_roll(g, cat, row, loaded, bs)
            hist[put - back, 0] += 1
            continue
        _, _, _, put, lost = _reload_roll(g, row, loaded, reserve, activity, bs)
        hist[put, lost] += 1


@kernel
def _sim_lemat(s, rp, tb, wound, wt, n, row_b, row_c, empty_c, shell_empty, first, activity, bs,
               hist):
    """n reloading turns of a Le Mat (``_lemat_roll``) with ``empty_c`` chambers and the
    barrel (if ``shell_empty``) empty, boxes plenty: hist[chambers in, shells in, chamber
    rounds lost, shells lost] counts."""
    g = _dice_game(s, rp, tb, wound, wt)
    cat = min(g.tb[S.TB_RELOAD_CAT + activity], S.CAT_NONE)
    cap_c, cap_b = wt[row_c, S.WC_CAPACITY], wt[row_b, S.WC_CAPACITY]
    for _ in range(n):
        if cat == S.CAT_NONE:
            hist[0, 0, 0, 0] += 1
            continue
        _, _, pb, pc, lb, lc = _lemat_roll(g, cat, first, row_b, row_c,
                                           cap_b - (1 if shell_empty else 0), cap_c - empty_c,
                                           1 << 20, 1 << 20, bs)
        hist[pc, pb, lc, lb] += 1


@kernel
def _sim_quickdraw(s, rp, tb, wound, wt, n, i_mover, i_watcher, modifier, counts):
    """n quick draws (``_may_quick_draw``, then the mover's ``_i_test``): counts[0] the mover
    fired first, counts[1] the overwatcher did."""
    g = _dice_game(s, rp, tb, wound, wt)
    for _ in range(n):
        if _may_quick_draw(rp, i_mover, i_watcher) and _i_test(g, i_mover, modifier):
            counts[0] += 1
        else:
            counts[1] += 1


@kernel
def _sim_melee(s, rp, tb, wound, wt, n, na, nb, base_a, base_b, i_a, i_b, parry_a, parry_b, hist,
               parries):
    """n rounds of ``_combat_round``: hist[hits a, hits b] counts; parries[0] rounds a side
    parried, parries[1] those the parry turned."""
    g = _dice_game(s, rp, tb, wound, wt)
    dice_a = np.zeros(max(na, 1), dtype=np.int64)
    dice_b = np.zeros(max(nb, 1), dtype=np.int64)
    for _ in range(n):
        _, _, ha, hb, _, _, parried, _, _, _, turned = _combat_round(
            g, dice_a, dice_b, na, nb, base_a, base_b, i_a, i_b, parry_a, parry_b)
        hist[ha, hb] += 1
        if parried != 0:
            parries[0] += 1
            parries[1] += turned


@kernel
def _sim_stray_line(fm, a, t, stray100, order):
    """The friends in the way of a missed shot of a's at t, in the order they roll
    (``_stray_next`` as ``_stray`` walks it): order[i] = (fighter, hundredths of an inch off
    the line); returns how many."""
    last, last_c, n = 0.0, -1, 0
    while n < order.shape[0]:
        c, u, gap = _stray_next(fm, a, t, stray100, last, last_c)
        if c < 0:
            break
        order[n, 0], order[n, 1] = c, round(100 * gap)
        last, last_c, n = u, c, n + 1
    return n


# ---------------------------------------------------------------- set-up and public API


def kernel_params(rules: WMRules) -> np.ndarray:
    """The rule vector the kernels read, int64[N_RULES], every entry a WMRules field (a reading
    becomes 0/1). Debug mode (GANGSIM_DEBUG=1) is set here too. (A ``WMRules.kernel_params``
    method would be its natural home: rules.py is not this slice's to edit.)"""
    r = rules
    rp = np.zeros(S.N_RULES, dtype=np.int64)
    for col, value in (
            (S.R_TURNS, r.max_turns), (S.R_BOTTLE_PCT, r.bottle_pct), (S.R_LD_DICE, r.ld_dice),
            (S.R_NEEDED_BASE, r.needed_base), (S.R_NAT_ONE, r.natural_one_fails),
            (S.R_CHAIN, r.seven_plus_reading == "chain"),
            (S.R_I_UNDER, r.i_roll_reading == "under"), (S.R_RUN_MULT, r.run_multiplier),
            (S.R_CHARGE_MULT, r.charge_multiplier), (S.R_RUN_STOP, r.run_stop_in),
            (S.R_FIRE_ARC, r.fire_arc_deg), (S.R_AIM_ARC, r.aim_arc_deg),
            (S.R_SNAP_MOD, r.snap_modifier), (S.R_SHOOT_DURING_MOVE, r.shoot_during_move),
            (S.R_RUN_AND_SHOOT, r.run_and_shoot), (S.R_AIM_PER_TURN, r.aim_bonus_per_turn),
            (S.R_AIM_MAX, r.aim_bonus_max), (S.R_AIM_CAP_TOTAL, r.aim_cap_reading == "total"),
            (S.R_AIM_LOST_FULL, r.aim_lost_cover == "full"), (S.R_OW_AIM, r.overwatch_aim),
            (S.R_EMERGING_MOD, r.emerging_modifier),
            (S.R_CHARGING_MOD, r.charging_target_modifier), (S.R_RAPID_IN, r.rapid_target_in),
            (S.R_RAPID_MOD, r.rapid_target_modifier), (S.R_CLOSEST, r.closest_target_rule),
            (S.R_QUICK_DRAW, r.quick_draw), (S.R_QD_MARGIN, r.quick_draw_margin),
            (S.R_QD_PIN_CANCELS, r.quick_draw_pin_cancels), (S.R_RELOAD_DIE, r.reload_die),
            (S.R_RELOAD_MAX, r.reload_max_rounds), (S.R_RELOAD_AND_FIRE, r.reload_and_fire),
            (S.R_LOSS_DIE, r.reload_loss == "die"),
            (S.R_PERC_D8, r.percussion_reload == "cartridge"), (S.R_SFD_MOD, r.sfd_modifier),
            (S.R_SFD_PLUS_BASE, r.sfd_shots_reading == "plus_base"),
            (S.R_SFD_STOPS_ALL, r.sfd_jam_reading == "stops_all"),
            (S.R_SFD_SPREAD, r.sfd_spread_in), (S.R_SFD_LIMITED, r.sfd_limited_by_rounds),
            (S.R_KICKBACK_GAP, r.kickback_gap), (S.R_KNOCKDOWN_S, r.knockdown_strength),
            (S.R_KNOCKDOWN_IN, r.knockdown_in), (S.R_AMMO_ON, r.ammo_on),
            (S.R_JAM_USELESS, r.jam_outcome == "useless"),
            (S.R_JAMS_CLEARED, r.jams_cleared_per_turn),
            (S.R_FLESH_PENALTY, r.flesh_wound_penalty), (S.R_FLESH_ZERO_OUT, r.flesh_zero_out),
            (S.R_UNPIN_FRIEND_IN, r.unpin_friend_in), (S.R_DOWN_ALONE_OUT, r.down_alone_out),
            (S.R_TWO_WEAPON_BONUS, r.two_weapon_bonus), (S.R_CHARGE_BONUS, r.charge_bonus),
            (S.R_FUMBLE_BONUS, r.fumble_bonus), (S.R_CRIT_BONUS, r.critical_bonus),
            (S.R_MELEE_ONE, r.melee_hits == "one"), (S.R_MELEE_TIE_HITS, r.melee_tie_hits),
            (S.R_MELEE_WS_ROLL, r.melee_reading == "ws_roll"), (S.R_SFD_CAN_AIM, r.sfd_can_aim),
            (S.R_CRAWL, r.crawl_in), (S.R_DOWN_CRAWL, r.down_crawl_in),
            (S.R_RUN_DECLARED, r.run_reading == "declared"),
            (S.R_RAPID_RUNNING, r.rapid_target_reading == "running"),
            (S.R_KNOCKDOWN_DOWN, r.knockdown_when_down), (S.R_QD_FAN, r.quick_draw_fan),
            (S.R_SHOOTOUT, r.scenario == "shoot_out"),
            (S.R_SO_TURNS, r.shootout_order == "turns"), (S.R_DIFF_COST, r.difficult_cost),
            (S.R_VDIFF_COST, r.very_difficult_cost),
            (S.R_WATER_RECOVERY, r.water_recovery_drowning), (S.R_PERC_RAIN, r.perc_rain_ammo),
            (S.R_PERC_WET, r.perc_water_ammo), (S.R_CART_WET, r.cart_water_ammo),
            (S.R_WET_LARGEST, r.perc_wet_stacking == "largest"),
            (S.R_WET_ANY_WATER, r.immersion_trigger == "any_water"),
            (S.R_HEAVY_RAIN, r.heavy_rain), (S.R_AMMO_OVER_FAIL, r.ammo_over_six == "fail"),
            (S.R_PAIR_MOD, r.double_sequential_mod), (S.R_PAIR_WITHIN, r.double_second_within_in),
            (S.R_BOTH_MOD, r.double_both_mod), (S.R_BOTH_STRENGTH, r.double_both_strength),
            (S.R_BOTH_SCATTER_HITS, r.double_both_scatter_hits),
            (S.R_BOTH_NO_COVER, r.double_both_ignores_cover),
            (S.R_TEMPLATE_REACH100, round(100 * (r.scatter_radius_in + r.template_base_in))),
            (S.R_SCATTER_HALVED, r.scatter_halved), (S.R_SO_REROLL, r.shootout_reroll),
            (S.R_MELEE_DROWN, r.melee_drowning),
            (S.R_MARKSMAN100, round(100 * r.marksman_factor)),
            (S.R_MARKSMAN_BOTH, r.marksman_reading == "both_bands"),
            (S.R_DODGE_SAVE, r.dodge_save), (S.R_BODY_SLAM, r.body_slam_charge_bonus),
            (S.R_CRUSHING, r.crushing_blow_strength), (S.R_STEP_ASIDE, r.step_aside_on),
            (S.R_IRON_JAW, r.iron_jaw_strength), (S.R_HATRED, r.hatred_combat_bonus),
            (S.R_NATIVE, {"injury_roll": 1, "both": 1, "best_of_two": 2}.get(r.native_injury, 0)),
            (S.R_TWO_NEED_SKILL, r.two_weapons_need_skill),
            (S.R_GUNFIGHTER_MOD, r.gunfighter_modifier),
            (S.R_ONE_HAND_MOD, r.one_hand_long_gun_mod),
            (S.R_NERVES_ALONE, r.nerves_reading == "alone"),
            (S.R_HIP_RUN, r.hip_reading == "run"),
            (S.R_HORSE_M, r.horse_profile[0]), (S.R_HORSE_T, r.horse_profile[4]),
            (S.R_RIDER_FACES, r.rider_hit_faces),
            (S.R_MOUNTED_MOD, r.mounted_target_modifier),
            (S.R_RIDER_MOVE_LOSS, r.rider_pinned_move_loss),
            (S.R_BOLT_EXTRA, r.horse_bolt_extra_in), (S.R_FALL_S, r.fall_strength),
            (S.R_FALL_DIE, r.fall_fast_hits_die), (S.R_MOUNTED_CHARGE, r.mounted_charge_bonus),
            (S.R_MOUNTED_SHIFT, r.mounted_reload_shift),
            (S.R_RUNAWAY_M, r.runaway_move == "horse_m"), (S.R_BOW_WET, r.bow_wet_ammo),
            (S.R_THROW_PER_S, r.throw_range_per_s), (S.R_THROW_BASE, r.throw_range_base),
            (S.R_CYL_WHOLE, r.cylinder_fit == "whole"),
            (S.R_MOUNT_ONE_HAND, r.mounted_long_gun == "one_hand"),
            (S.R_DUCK, r.duck_backs), (S.R_DUCK_LD1, r.duck_back_ld_bonus[0]),
            (S.R_DUCK_LD2, r.duck_back_ld_bonus[1]),
            (S.R_MELEE_GUNS, r.pistols_in_melee), (S.R_PISTOL_ROUNDS, r.pistol_melee_uses_rounds),
            (S.R_ENTANGLE_S, r.entangle_fall_strength),
            (S.R_ENTANGLED_MOD, r.entangled_action_mod), (S.R_SURE_FOOTED, r.sure_footed_bonus),
            (S.R_LIGHT_TURN, r.light_takes_turn), (S.R_LIGHT_ALWAYS, r.light_roll == "always"),
            (S.R_FUSE_BLOWS, r.unthrown_fuse == "explodes"), (S.R_DYN_BUNDLE, r.dynamite_bundle),
            (S.R_DYN_S, r.dynamite_strength), (S.R_DYN_DICE, r.dynamite_hits_die),
            (S.R_LANCE_CHARGE, r.lance_charge_bonus), (S.R_SCOPE, r.scope_short_factor),
            (S.R_NERVE, r.nerve_tests == "friend_down" and r.scenario != "shoot_out"),
            (S.R_NERVE_IN, r.nerve_friend_in), (S.R_FLEE_DICE, r.broken_flee_dice),
            (S.R_LEADER_LD_IN, r.leader_ld_in), (S.R_KEEP_FLEEING, r.broken_keep_fleeing),
            (S.R_FLEE_AWAY, r.broken_flee_to == "cover_away"),
            (S.R_PINNED_RUNS, r.pinned_break_runs),
            (S.R_STRAY100, round(100 * r.stray_in)), (S.R_STRAY_ON, r.stray_on),
            (S.R_STRAY_NAT, r.stray_reading == "natural_one"),
            (S.R_OBSTACLE, r.obstacle_penalty), (S.R_FOLLOW_IN, r.follow_up_in),
            (S.R_MOUNTED_FOLLOW_IN, r.mounted_follow_up_in), (S.R_HIT_RUN, r.hit_and_run),
            (S.R_HIT_RUN_OUT, r.hit_and_run_down_out),
            (S.R_VOLUNTARY_BOTTLE, r.voluntary_bottle),
            (S.R_TWO_LONG, r.two_weapons_long_guns), (S.R_OBSTACLE_COST, r.obstacle_cost),
            (S.R_HORSE_JUMP, r.horse_jump_in), (S.R_RIDER_ARC, r.rider_arc == "forward"),
            (S.R_JUMP_MOVING, r.jump_from_moving_horse), (S.R_JUMP_CHARGE_IN, r.jump_charge_in),
            (S.R_BOARD, r.board_enemy_horse), (S.R_BOARD_BLOWS, r.board_blows),
            (S.R_MOUNT_MOVING_MOD, r.mount_moving_mod),
            (S.R_BOUNCE_DIE, r.mount_fail_bounce_die), (S.R_JUMP_BETWEEN, r.jump_between_in),
            (S.R_HELP_BONUS, r.mount_helper_bonus),
            (S.R_DOUBLE_M, int(r.horse_profile[0] * r.double_mount_move)),
            (S.R_DOUBLE_FACES, r.double_mount_rider_faces),
            (S.R_DOUBLE_MOD, r.double_mount_action_mod), (S.R_DEBUG, debug_default())):
        rp[col] = int(value)
    for i, radius in enumerate(r.dynamite_radius_in):
        rp[S.R_DYN_REACH100 + i] = round(100 * (radius + r.template_base_in))
    return rp


def tables(rules: WMRules) -> np.ndarray:
    """The rules' small tables packed as int64[N_TB] (offsets TB_* in state.py)."""
    tb = np.zeros(S.N_TB, dtype=np.int64)
    for at, values in ((S.TB_SECOND, rules.second_die_needs), (S.TB_COVER, rules.cover_modifiers),
                       (S.TB_SFD, rules.sfd_faces), (S.TB_INJURY, rules.injury_faces),
                       (S.TB_RECOVERY, rules.recovery_faces),
                       (S.TB_RELOAD_CAT, rules.reload_category_of),
                       (S.TB_WATER_COVER, rules.pinned_water_cover),
                       (S.TB_DROWN, rules.drown_out_on),
                       (S.TB_SCATTER, rules.scatter_faces),
                       (S.TB_TRUE_GRIT, rules.true_grit_faces)):
        tb[at:at + len(values)] = values
    return tb


def _arrays(rules: WMRules):
    """(rp, tb, wound chart, weapon table) of ``rules``."""
    return (kernel_params(rules), tables(rules), np.asarray(rules.wound_chart, dtype=np.int64),
            np.asarray(rules.weapons, dtype=np.int64))


def standard_roster(rules: WMRules | None = None) -> tuple[Recruit, ...]:
    """The standard $764 townsfolk gang of docs/rules/westamunda.md ("The weapon table"): a
    leader, a shootist, four gangers and two young bloods, each with a revolver and a box of
    its rounds; the leader, the shootist and two gangers also with a Winchester and a box."""
    rifle = (("revolver", "winchester"), ("revolver", "winchester"))
    pistol = (("revolver",), ("revolver",))
    kits = [("leader", rifle), ("shootist", rifle), ("ganger", rifle), ("ganger", rifle),
            ("ganger", pistol), ("ganger", pistol), ("young_blood", pistol),
            ("young_blood", pistol)]
    return tuple(Recruit(t, weapons=w, boxes=b) for t, (w, b) in kits)


def _supported(rules: WMRules, name: str) -> str | None:
    """Why weapon ``name`` is not in this engine slice, or None (hand weapons, single-shot or
    repeating handguns and long guns, the double-barrelled shotgun and sawn-off and the lever
    shotgun with both shell types, Le Mats, the bow, the tomahawk thrown, bolas, lassos,
    dynamite, the sabre and the lance are: every weapon of the table)."""
    if name in ROUND_OF:
        gun = ROUND_OF[name]
        why = _supported(rules, gun)
        if why:
            return f"{name} is a round type of {gun}, and {why}"
        if rules.weapon(gun)["kind"] == S.KIND_MELEE and not rules.thrown_tomahawks:
            return (f"{name} is the thrown use of {gun} (thrown_tomahawks is off: tomahawks "
                    "fight hand-to-hand only)")
        return None
    w = rules.weapon(name)
    kind = WEAPON_KINDS[w["kind"]]
    if kind not in ("melee", "handgun", "long_gun", "bow", "thrown", "explosive"):
        return f"{name} is {'an' if kind[0] in 'aeiou' else 'a'} {kind} weapon (not modelled yet)"
    return None


def _lemat_barrel(r: Recruit, gun: str) -> str:
    """The round type Le Mat ``gun``'s shotgun barrel is loaded with at the start: the first of
    its shell types the recruit lists among his weapons, else the first he has a box of, else
    its first shell type (scatter)."""
    shells = [n for n, of in ROUND_OF.items() if of == gun]
    for pool in (r.weapons, r.boxes):
        for n in pool:
            if n in shells:
                return n
    return shells[0]


def forces(rules: WMRules, rosters, gang_types=("townsfolk", "townsfolk"), width: int = 48,
           height: int = 48):
    """Deployed gangs: (fm int64[F, N_FC], kit int64[F, K, N_KC]). Side 0 deploys along the top
    edge, side 1 along the bottom, each in a row at the front of its deploy_depth_in zone (more
    rows behind it for a gang wider than the table), spread evenly, facing the enemy. K = the
    most ranged weapons any fighter carries. In the shoot-out (``scenario``) each gang sends its
    first ``shootout_fighters`` (roster order: the leader and the specialist first) to two
    lines ``shootout_distance_in`` apart across the middle of the table, 2" between
    neighbours, facing each other. Raises ConfigError naming the problem for an illegal roster,
    a kit this slice does not model, or a table the gangs do not fit."""
    if len(rosters) != 2 or len(gang_types) != 2:
        raise ConfigError("westamunda: expected two rosters and two gang types (one per side)")
    rosters_in = rosters
    depth = rules.deploy_depth_in
    if 2 * depth > height:
        raise ConfigError(f"westamunda rules: deploy_depth_in ({depth}) on a {height}\" deep "
                          "table: the two deployment zones overlap; expected at most "
                          f"{height // 2}")
    per_row = width - 1  # (i + 1) * width // (n + 1) keeps up to width - 1 fighters apart
    for side in range(2):
        n = len(tuple(rosters[side]))
        if n > per_row * depth:
            raise ConfigError(f"westamunda side {side}: {n} fighters do not fit a deployment "
                              f"zone of {width} x {depth} inches ({per_row * depth} at most)")
    guns = []
    for side in range(2):
        roster, gang = tuple(rosters[side]), gang_types[side]
        if gang not in GANG_TYPES:
            raise ConfigError(f"westamunda side {side}: gang type {gang!r}: expected one of "
                              f"{', '.join(GANG_TYPES)}")
        msg = rules.roster_problem(roster, gang)
        if msg:
            raise ConfigError(f"westamunda side {side} roster: {msg}")
        for r in roster:
            if r.horse:
                why = rules.mounted_problem(f"side {side}'s roster (a {r.type} with a horse)")
                if why:
                    raise ConfigError(f"westamunda {why}")
            for name in r.weapons:
                why = _supported(rules, name)
                if why:
                    raise ConfigError(f"westamunda side {side}: {r.type}: {why}")
                key = f"riding_skill_{'ab'[side]}"
                if rules.has_flag(name, "needs_skill") and "fancy_ropin" not in r.skills and \
                        getattr(rules, key) != "fancy_ropin":
                    raise ConfigError(f"westamunda side {side}: {r.type} with a {name}: it needs "
                                      f"the fancy ropin' skill ({key} 'fancy_ropin'; now "
                                      f"{getattr(rules, key)!r})")
            slots = []
            for n in r.weapons:  # a round type rides in its gun's slot (KALT) ...
                if rules.weapon(n)["kind"] == S.KIND_EXPLOSIVE and n in slots:
                    continue  # ... and every stick of dynamite in one slot (KRESERVE of them)
                if rules.weapon(n)["kind"] != S.KIND_MELEE and n not in ROUND_OF:
                    slots.append(n)
                    if rules.has_flag(n, "lemat"):  # ... but a Le Mat's barrel has its own
                        slots.append(_lemat_barrel(r, n))
            guns.append(slots + ["tomahawk_thrown"] * (r.weapons.count("tomahawk")
                                                       if rules.thrown_tomahawks else 0))
    shootout = rules.scenario == "shoot_out"
    if shootout:  # each gang sends its first shootout_fighters (the leader and specialist first)
        n_so = [min(rules.shootout_fighters, len(tuple(rosters[side]))) for side in range(2)]
        if rules.shootout_distance_in > height - 1:
            raise ConfigError(f"westamunda rules: shootout_distance_in "
                              f"({rules.shootout_distance_in}) on a {height}\" deep table; "
                              f"expected at most {height - 1}")
        if 2 * max(n_so) - 1 > width:
            raise ConfigError(f"westamunda rules: shootout_fighters ({max(n_so)}) 2\" apart do "
                              f"not fit a {width}\" wide table")
        rosters = [tuple(rosters[side])[:n_so[side]] for side in range(2)]
        guns = guns[:n_so[0]] + guns[len(tuple(rosters_in[0])):][:n_so[1]]
    K = max(1, max(len(g) for g in guns))
    F = len(guns)
    fm = np.zeros((F, N_FC), dtype=np.int64)
    kit = np.zeros((F, K, N_KC), dtype=np.int64)
    kit[:, :, KW] = -1
    kit[:, :, S.KLINK] = -1
    a = 0
    for side in range(2):
        roster = tuple(rosters[side])
        n = len(roster)
        rows = -(-n // per_row)
        for i, r in enumerate(roster):
            prof = rules.profile(r.type)
            row = fm[a]
            line, j = divmod(i, per_row)  # the front row first, then rows behind it
            m = min(per_row, n - line * per_row)
            row[FX] = (j + 1) * width // (m + 1)
            back = depth - 1 - line if rows > 1 else depth - 1
            row[FY] = back if side == 0 else height - 1 - back
            if shootout:  # two lines face to face mid-table, 2" between neighbours
                top = (height - 1 - rules.shootout_distance_in) // 2
                row[FX] = width // 2 - (n - 1) + 2 * i
                row[FY] = top if side == 0 else top + rules.shootout_distance_in
            row[FSIDE], row[FTYPE], row[FINDEX] = side, FIGHTERS.index(r.type), i
            for col, stat in ((FM, "M"), (FWS, "WS"), (FBS, "BS"), (FS, "S"), (FT, "T"),
                              (FW, "W"), (FI, "I"), (FA, "A"), (FLD, "Ld")):
                row[col] = prof[stat]
            row[FSTATE] = ST_STANDING
            row[FFACEY] = 1 if side == 0 else -1
            row[FAIMT] = row[FENGAGED] = row[FRELOAD_SLOT] = row[FACT] = -1
            row[S.FHATES] = -1
            row[S.FHX] = row[S.FHY] = -1  # (no horse standing riderless)
            row[S.FPASS] = row[S.FCARRY] = -1  # (nobody double-mounted)
            row[S.FFOOT_M] = row[FM]
            if r.horse:  # horse and rider one point: the horse's move while he rides
                row[S.FHORSE] = 1
                row[FM] = rules.horse_profile[0]
                row[S.FHDX], row[S.FHDY] = row[FFACEX], row[FFACEY]
            riding = getattr(rules, f"riding_skill_{'ab'[side]}")  # every fighter of the side
            row[S.FSKILL] = sum(1 << SKILLS.index(k) for k in set(r.skills) | (
                {riding} if riding != "none" else set()))
            row[S.FROPER] = row[S.FROPE_K] = -1
            # resilient to injury: the native war band's fighters and hired scouts
            row[S.FNATIVE] = gang_types[side] == "native_war_band" or r.type == "scout"
            melee = [rules.weapon(w) for w in ("knife", *r.weapons)
                     if rules.weapon(w)["kind"] == S.KIND_MELEE]
            row[FMELEE_S] = max(w["strength"] for w in melee)
            lances = [w for w in r.weapons if rules.has_flag(w, "charge_strength")]
            row[S.FMF] = (S.MF_PARRY if any(rules.has_flag(w, "parry") for w in r.weapons)
                          else 0) | ((S.MF_LANCE | (S.MF_LANCE_HAND if rules.lance_hand == "held"
                                                    else 0)) if lances else 0)
            row[S.FLANCE_S] = max((rules.weapon(w)["strength"] + rules.lance_charge_bonus
                                   for w in lances), default=0)
            # the bounty hunter's rifle "with a telescopic sight" (text): his long gun that is not
            # a shotgun (he carries one long gun: max_long_guns)
            rifles = [w for w in r.weapons if r.type == "bounty_hunter" and w not in ROUND_OF
                      and WEAPON_KINDS[rules.weapon(w)["kind"]] == "long_gun"
                      and not rules.has_flag(w, "template")]
            row[S.FSCOPE] = WEAPONS.index(rifles[0]) if rifles else -1
            row[S.FMELEE_REST] = max(rules.weapon(w)["strength"] for w in ("knife", *r.weapons)
                                     if rules.weapon(w)["kind"] == S.KIND_MELEE and not (
                                         w == "tomahawk" and rules.thrown_tomahawks))
            row[FTWO_HANDED] = any(rules.weapon(w)["hands"] > 1 for w in r.weapons)
            boxes = list(r.boxes)
            kit[a, :, KALT] = -1
            for k, name in enumerate(guns[a]):
                w = rules.weapon(name)
                kit[a, k, KW] = WEAPONS.index(name)
                kit[a, k, KLOADED] = w["capacity"]  # weapons start the fight loaded (the text)
                if w["kind"] == S.KIND_EXPLOSIVE:  # dynamite: every stick unlit
                    kit[a, k, KLOADED] = 0
                    kit[a, k, KRESERVE] = r.weapons.count(name)
                if name in boxes:  # one box per gun of that name, in order
                    boxes.remove(name)
                    kit[a, k, KRESERVE] = w["box_rounds"]
                if rules.has_flag(name, "lemat"):  # a Le Mat: chambers, then its barrel
                    barrel = name in ROUND_OF
                    kit[a, k, S.KLINK] = k - 1 if barrel else k + 1
                    gun = ROUND_OF.get(name, name)
                    alt = [n for n in (*r.weapons, *r.boxes) if ROUND_OF.get(n) == gun and
                           n != name] if barrel else []
                else:
                    alt = [n for n in r.weapons if ROUND_OF.get(n) == name]
                if alt:  # the other round type of this gun (a shotgun's manstopper shells)
                    kit[a, k, KALT] = WEAPONS.index(alt[0])
            for name in boxes:  # boxes beyond one a gun go to the first gun they fit
                if name in ROUND_OF and rules.has_flag(name, "lemat"):  # a Le Mat's shells
                    k = next(i for i, n in enumerate(guns[a]) if ROUND_OF.get(n) == ROUND_OF[name])
                    if guns[a][k] == name:
                        kit[a, k, KRESERVE] += rules.weapon(name)["box_rounds"]
                    else:
                        kit[a, k, KALT_RES] += rules.weapon(name)["box_rounds"]
                    continue
                if name in ROUND_OF:  # a box of the other round type: its gun's KALT reserve
                    k = guns[a].index(ROUND_OF[name])
                    kit[a, k, KALT_RES] += rules.weapon(name)["box_rounds"]
                    continue
                k = guns[a].index(name)
                kit[a, k, KRESERVE] += rules.weapon(name)["box_rounds"]
            spares = list(r.preloads)  # spare cylinders or tubes: preload_max a gun, in order
            for k, name in enumerate(guns[a]):
                kept = min(spares.count(name), rules.preload_max)
                kit[a, k, KSPARE] = kept
                for _ in range(kept):
                    spares.remove(name)
            for k in range(len(guns[a])):  # loaded with the round type of its boxes: a
                if kit[a, k, KALT] >= 0 and kit[a, k, KRESERVE] == 0 < kit[a, k, KALT_RES]:
                    _swap_rounds(kit, a, k)  # gun with manstopper boxes only starts with them
                    kit[a, k, KLOADED] = rules.weapons[kit[a, k, KW]][S.WC_CAPACITY]
            a += 1
    return fm, kit


def map_index(game, n_maps: int):
    """Table of fight g: consecutive pairs share one (a seating block with the gunfighters
    swapped), successive pairs walk through the pool."""
    return (game // 2) % n_maps


def maps(rules: WMRules, seed: int, stream: int, n_maps: int = DEFAULT_MAPS):
    """The point's pool of tables: (terrain, piece, building) stacked [2 n_maps, h, w]: n_maps
    tables of the shared generator (table_width_in x table_height_in, terrain_density, the
    deployment zones kept clear) and the same tables turned round, so every table is fought
    from both ends, with the rules' ``waterway`` (a stream or a river with fords across the
    middle) and ``rough_patches`` of difficult ground. table_setting 'open' takes the buildings
    off (walls, fences, hedges and trees stay). The shoot-out is fought in the open: its
    tables are bare. A low piece (a hedge, a fence, a tree or bush) wider than
    ``free_obstacle_in`` across its narrower side is a THICKET (crossed at obstacle_cost; the
    generator's trees and bushes are 1" or 2" a side, so its 2" x 2" ones with the default).
    Cached per point."""
    bare = rules.scenario == "shoot_out"
    return _maps(rules.terrain_density, "bare" if bare else rules.table_setting,
                 rules.table_width_in, rules.table_height_in, rules.deploy_depth_in, n_maps,
                 int(seed), int(stream), "none" if bare else rules.waterway,
                 0 if bare else rules.rough_patches, rules.free_obstacle_in)


@functools.lru_cache(maxsize=16)
def _maps(density, setting, width, height, depth, n, seed, stream, water="none", rough=0,
          free=1):
    tabs = []
    for i in range(n):
        t = generate(density, int(np.uint64(seed) ^ np.uint64(stream)) % 2**63 + i, width,
                     height, depth, water=water, rough=rough)
        if setting == "bare":
            t.terrain[:] = OPEN
            t.piece[:] = -1
            t.building[:] = -1
        if setting == "open":
            gone = t.building >= 0
            t.terrain[gone] = OPEN
            t.piece[gone] = -1
            t.building[gone] = -1
        span = piece_span(t.piece, np.zeros(t.piece.shape, dtype=np.int64))
        t.terrain[(t.terrain == NONBLOCKING) & (span > free)] = THICKET
        tabs.append(t)
    terr = np.stack([t.terrain for t in tabs])
    pcs = np.stack([t.piece for t in tabs])
    bld = np.stack([t.building for t in tabs])
    return (np.concatenate([terr, terr[:, ::-1]]), np.concatenate([pcs, pcs[:, ::-1]]),
            np.concatenate([bld, bld[:, ::-1]]))


def sizes(rules: WMRules, fm: np.ndarray, height: int, width: int) -> Sizes:
    """Scratch lengths no legal fight can exceed: the tabletop's own bounds for the movement
    queue and the sight list, and the most attack dice a fighter rolls (A plus the
    two-weapon die)."""
    dice = int(fm[:, FA].max()) + rules.two_weapon_bonus if len(fm) else 1
    return Sizes(queue_size(height, width), seen_size(height, width), max(dice, 1))


def _check_inputs(rules, seed, stream, game0, kinds, weights):
    if not isinstance(rules, WMRules):
        raise TypeError(f"rules: expected a WMRules, got {type(rules).__name__}")
    rules.validate()
    for name, v in (("seed", seed), ("stream", stream), ("game0", game0)):
        if not 0 <= int(v) < 2**63:
            raise ValueError(f"{name} {v!r}: expected an integer from 0 to 2**63 - 1")
    kinds = np.ascontiguousarray(kinds, dtype=np.int64)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    if kinds.ndim != 2 or kinds.shape[1] != 2:
        raise ValueError(f"kinds: expected int64[n, 2] (side 0, side 1), got shape {kinds.shape}")
    if kinds.size and (kinds.min() < 0 or kinds.max() >= N_KINDS):
        raise ValueError(f"kinds: gunfighter kinds from 0 to {N_KINDS - 1} "
                         "(strategies.westamunda.table)")
    if weights.shape != (kinds.shape[0], 2, N_W):
        raise ValueError(f"weights: expected float64[n, 2, {N_W}], got shape {weights.shape}")
    return kinds, weights


def _raise_on_broken(g_out, seed, stream, game0):
    raise_on_broken(g_out[:, S.G_ERROR], g_out[:, S.G_ERROR_ROUND], Bad, seed, stream, game0)


def play_batch(rules: WMRules, seed: int, stream: int, game0: int, kinds: np.ndarray,
               weights: np.ndarray, rosters=None, gang_types=("townsfolk", "townsfolk"),
               n_maps: int = DEFAULT_MAPS) -> Batch:
    """Play len(kinds) fights; kinds int64[n, 2] (side 0, side 1), weights float64[n, 2, N_W]
    (``strategies.westamunda.table``). Fight i is keyed (seed, stream, game0 + i): the same
    whatever the thread count or chunking. ``rosters``: one tuple of ``Recruit`` per side
    (default: ``standard_roster`` for both). ``n_maps``: tables in the point's pool (a WMRules
    parameter-to-be). In debug mode (GANGSIM_DEBUG=1) invariants are checked after every gang
    turn and a broken one raises ``InvariantError`` naming the fight."""
    kinds, weights = _check_inputs(rules, seed, stream, game0, kinds, weights)
    if rosters is None:
        rosters = (standard_roster(rules),) * 2
    terr, pcs, bld = maps(rules, seed, stream, n_maps)
    h, w = terr.shape[1], terr.shape[2]
    fm, kit = forces(rules, rosters, gang_types, w, h)
    rp, tb, wound, wt = _arrays(rules)
    n = kinds.shape[0]
    g_out = np.zeros((n, S.N_GAME_COLS), dtype=np.int64)
    side_out = np.zeros((n, 2, S.N_SIDE_COLS), dtype=np.int64)
    _play_batch(np.uint64(seed), np.uint64(stream), np.uint64(game0), rp, tb, wound, wt, terr,
                pcs, bld, fm, kit, kinds, weights, sizes(rules, fm, h, w), g_out, side_out,
                TR.empty())
    _raise_on_broken(g_out, seed, stream, game0)
    return Batch(g_out, side_out)


def replay(rules: WMRules, seed: int, stream: int, game: int, kinds: np.ndarray,
           weights: np.ndarray, rosters=None, gang_types=("townsfolk", "townsfolk"),
           n_maps: int = DEFAULT_MAPS, max_events: int = MAX_EVENTS):
    """One fight with its event trace: (Batch of 1, events int64[n, N_EV_COLS], the table it
    was fought on as (terrain, piece, building)). kinds int64[2], weights float64[2, N_W]."""
    kinds, weights = _check_inputs(rules, seed, stream, game, np.asarray(kinds)[None, :],
                                   np.asarray(weights, dtype=np.float64)[None, :])
    if rosters is None:
        rosters = (standard_roster(rules),) * 2
    terr, pcs, bld = maps(rules, seed, stream, n_maps)
    m = map_index(game, terr.shape[0])
    h, w = terr.shape[1], terr.shape[2]
    fm, kit = forces(rules, rosters, gang_types, w, h)
    rp, tb, wound, wt = _arrays(rules)
    buf = sizes(rules, fm, h, w)

    def play(trace):
        g_out = np.zeros((1, S.N_GAME_COLS), dtype=np.int64)
        side_out = np.zeros((1, 2, S.N_SIDE_COLS), dtype=np.int64)
        s = np.empty(STATE_SIZE, dtype=np.uint64)
        seed_state(s, np.uint64(seed), np.uint64(stream), np.uint64(game))
        nev = _play(s, rp, tb, wound, wt, terr[m], pcs[m], bld[m], fm, kit, kinds[0],
                    weights[0], buf, g_out[0], side_out[0], trace)
        return Batch(g_out, side_out), int(nev)

    batch, events = TR.replay_traced(play, max_events)
    _raise_on_broken(batch.games, seed, stream, game)
    return batch, events, (terr[m], pcs[m], bld[m])


def _dice_state(seed: int, stream: int):
    s = np.empty(STATE_SIZE, dtype=np.uint64)
    seed_state(s, np.uint64(seed), np.uint64(stream), np.uint64(0))
    return s


def simulate_shots(rules: WMRules, n: int, seed: int, *, bs: int, strength: int, toughness: int,
                   aim_turns: int = 0, range_mod: int = 0, snap: bool = False, cover: int = 0,
                   sustained: bool = False) -> np.ndarray:
    """``n`` shots rolled by the engine's own dice helpers (modifier, to-hit, wound roll):
    int64[4] counts of misses, hits that do not wound, wounds, and ammo rolls called. ``cover``
    a COVER code."""
    rp, tb, wound, wt = _arrays(rules)
    counts = np.zeros(4, dtype=np.int64)
    _sim_shots(_dice_state(seed, 1), rp, tb, wound, wt, int(n), bs, aim_turns, range_mod, snap,
               cover, sustained, strength, toughness, counts)
    return counts


def simulate_bursts(rules: WMRules, n: int, seed: int, *, dice: int, loaded: int) -> np.ndarray:
    """``n`` bursts of ``dice`` sustained-fire dice with ``loaded`` rounds, by the engine's
    helper: int64[shots, jam faces] counts."""
    rp, tb, wound, wt = _arrays(rules)
    top = dice * max(rules.sfd_faces) + 1 + 1
    hist = np.zeros((top, dice + 1), dtype=np.int64)
    _sim_bursts(_dice_state(seed, 2), rp, tb, wound, wt, int(n), dice, loaded, hist)
    return hist


def simulate_le_mat(rules: WMRules, n: int, seed: int, *, empty_chambers: int,
                    shell_empty: bool = True, shotgun_first: bool = True, activity: str = "still",
                    bs: int = 3, shell: str = "lemat_scatter") -> dict:
    """``n`` reloading turns of a Le Mat by the engine's own roll (``_lemat_roll``; boxes
    plenty): {(chambers loaded, shell loaded, chamber rounds lost, shells lost): count}, the
    keys of ``odds.le_mat_reload``."""
    rp, tb, wound, wt = _arrays(rules)
    gun = ROUND_OF[shell]
    top = max(rules.reload_die, rules.weapon(gun)["capacity"]) + 1
    hist = np.zeros((top, 2, top, 2), dtype=np.int64)
    _sim_lemat(_dice_state(seed, 4), rp, tb, wound, wt, int(n), WEAPONS.index(shell),
               WEAPONS.index(gun), int(empty_chambers), bool(shell_empty), bool(shotgun_first),
               ACTIVITIES.index(activity), bs, hist)
    return {tuple(int(v) for v in ix): int(hist[ix])
            for ix in zip(*np.nonzero(hist), strict=True)}


def simulate_quickdraw(rules: WMRules, n: int, seed: int, *, mover_i: int, overwatch_i: int,
                       modifier: int = 0) -> tuple[int, int]:
    """``n`` quick draws by the engine's own check and Initiative test: (the mover fired first,
    the overwatcher did), the outcomes of ``odds.quick_draw``."""
    rp, tb, wound, wt = _arrays(rules)
    counts = np.zeros(2, dtype=np.int64)
    _sim_quickdraw(_dice_state(seed, 6), rp, tb, wound, wt, int(n), int(mover_i),
                   int(overwatch_i), int(modifier), counts)
    return int(counts[0]), int(counts[1])


def simulate_melee(rules: WMRules, n: int, seed: int, a, b) -> tuple[dict, tuple[int, int]]:
    """``n`` rounds of one-on-one hand-to-hand scored by the engine's own ``_combat_round``
    (melee_reading 'combat_score'; a and b are ``odds.Combatant``: WS + modifier the base,
    ``Combatant.dice`` attack dice, I for the tie, parry): ({(hits a, hits b): count}, (rounds
    parried, parries that turned the round)). Wounds are not rolled (exact only)."""
    if rules.melee_reading != "combat_score":
        raise ValueError("simulate_melee: melee_reading 'ws_roll' has no combat scores to roll")
    a, b = a.resolved(rules), b.resolved(rules)
    na, nb = a.dice(rules), b.dice(rules)
    if na < 1 or nb < 1:
        raise ValueError("attacks: a combatant needs at least one Attack die")
    rp, tb, wound, wt = _arrays(rules)
    base_a, base_b = a.ws + a.modifier, b.ws + b.modifier
    top = abs(base_a - base_b) + D6 + (na + nb) * (rules.critical_bonus + rules.fumble_bonus) + \
        rules.melee_tie_hits + 2  # more hits than any round can score
    hist = np.zeros((top, top), dtype=np.int64)
    parries = np.zeros(2, dtype=np.int64)
    _sim_melee(_dice_state(seed, 5), rp, tb, wound, wt, int(n), na, nb, base_a, base_b,
               a.initiative, b.initiative, bool(a.parry), bool(b.parry), hist, parries)
    return ({(int(i), int(j)): int(hist[i, j]) for i, j in zip(*np.nonzero(hist), strict=True)},
            (int(parries[0]), int(parries[1])))


def simulate_reloads(rules: WMRules, n: int, seed: int, *, weapon: str, loaded: int, reserve: int,
                     activity: str = "still", bs: int = 3, spare: bool = False) -> np.ndarray:
    """``n`` reloading turns of ``weapon`` by the engine's helper: int64[loaded, lost] counts;
    with ``spare`` each turn fits a spare cylinder or tube instead (int64[rounds gained, 0])."""
    rp, tb, wound, wt = _arrays(rules)
    top = max(rules.reload_die, rules.weapon(weapon)["capacity"]) + 1
    hist = np.zeros((top, top), dtype=np.int64)
    _sim_reloads(_dice_state(seed, 3), rp, tb, wound, wt, int(n), WEAPONS.index(weapon), loaded,
                 reserve, ACTIVITIES.index(activity), bs, bool(spare), hist)
    return hist
