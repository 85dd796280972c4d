"""Godfather vehicles (8.2-8.3, 11.4, 14.1-14.2, 16.1, 17.3), a first slice: hot-wiring a
found vehicle, boarding and leaving, driving one move, a vehicle's defence, and the damage
table, as numba kernels on the state arrays of ``sim/godfather/state.py`` (``el``, ``vh``) and
the cell counts of ``sim/godfather/gang.py`` (``count`` int64[H, W]: the elements and vehicles
standing in each map cell; ``enter_block`` counts a vehicle in its cell).

**Rule numbers** travel as ``vp = vehicle_params(rules)`` (int64[N_VP], the ``VP_*`` indices
below), never as literals; ``GFRules.stall_turns`` (14.2 face 1: "out of action for 1 turn"),
``escape_suppressions`` (face 4: "escapes with 1 suppression") and ``vehicle_reach_cells`` (a
modelling choice: see boarding) among them.

**Extra vehicle state** (state.py has no room for it; the engine keeps these arrays beside
``vh`` and ``el`` and passes them in):

- ``aboard`` int64[rows of el]: the vehicle row an element rides in, -1 on foot. An element
  aboard is not counted in ``count`` (it is inside the vehicle, which fills its cell) and its
  E_X, E_Y are the vehicle's cell (``drive`` carries them).
- ``stalled`` int64[rows of vh]: the last turn the vehicle and its occupants are out of action
  (14.2 face 1), -1 (or any turn before the current one) when not stalled.
- ``V_DAMAGE`` (state.py's column, unset until now) is given its meaning here: a bit set of
  lasting damage, ``DMG_IMMOBILE`` | ``DMG_WEAPON_OFF`` | ``DMG_WRECKED`` (0 = sound).

**Decisions where the text is silent** (each stated again where the code makes it):

- *Reach.* An element may board, hot-wire, or step off onto a cell within ``reach_cells`` (1)
  king's-move cells of the vehicle: on its cell or next to it (bases touching, as melee).
- *Capacity* (8.3, crew included): ``vehicle_capacity`` by type; the police APC (type code
  ``APC``, not among the random ``VEHICLES``) holds ``apc_capacity`` plus its driver. Any
  occupant may drive: a vehicle moves when at least one element is aboard.
- *Who may board:* only elements of the vehicle's owner, active, on foot. Hot-wiring makes the
  gang the owner; it does not board (boarding is its own move, 8.3).
- *Found vehicle* (17.3): a vehicle with nobody aboard that the element's gang does not own:
  unattended (V_OWNER -1) or a rival's parked car. One D6 per try, need ``hotwire_on[grade]``;
  a mechanic counts ``mechanic_grade_bonus`` grades higher, capped at gangster.
- *Stalled* (face 1): hit in turn t, the vehicle and its occupants take no action for the rest
  of turn t and the next ``stall_turns`` turns (so a whole turn is always lost, whether or not
  it had acted in turn t); occupants may not leave; a second stall never shortens the first.
- *Immobile* (face 2): it never moves again; occupants may leave and elements may board.
- *Weapon disabled* (face 3): the flag only; of the text's vehicles only the APC is armed
  (gang vehicles are unarmed), and it has one weapon, so the attacker has no choice to make.
- *Wrecked* (faces 4 and 5): the hulk stays on its cell (still counted in ``count``), never
  moves, cannot be boarded or hot-wired and is no longer a target. Occupants get out on the
  nearest free cells (``escape_cell``). Face 4: each gets ``escape_suppressions``
  suppressions (E_SUPP); one that reaches ``suppressions_to_eliminate`` is eliminated by the
  hit (14.3) and, as the hit was a shot, may save (16.1): it is listed like face 5's. Face 5:
  every occupant is eliminated unless it saves: listed in ``out`` for the engine to roll
  ``combat.saved`` and then mark it wounded or free its row (as any element eliminated on
  foot where it stands).
- *Explodes* (face 6): occupants die with no save (E_STATUS FREE, off the map; listed in
  ``out`` so the engine can credit the kills); nothing is left: the vehicle's row is freed and
  its cell count drops.
- Action points are the engine's: a try to board or steal costs ``vehicle_cost`` (8.2),
  entering or leaving is a move (8.3), a driver's pick-up or drop-off is the driver's move.

**Dice order.** ``hotwire``: one D6, only when no refusal applies. ``hit``: one D6 for the
damage face; nothing else (escape cells are chosen without dice). Other kernels roll nothing.
"""

from __future__ import annotations

import numpy as np

from sim.core.jit import kernel
from sim.core.rng import roll
from sim.godfather.city import LIGHT
from sim.godfather.rules import VEHICLE_DAMAGE, VEHICLES, GFRules
from sim.godfather.state import (
    ACTIVE,
    E_SPECIAL,
    E_STATUS,
    E_SUPP,
    E_X,
    E_XP,
    E_Y,
    FREE,
    MECHANIC,
    V_BLOCK,
    V_DAMAGE,
    V_OWNER,
    V_TYPE,
    V_X,
    V_Y,
)

# vehicle type codes: the rules' VEHICLES (car, van, truck, bus), then the police APC
APC = len(VEHICLES)
N_TYPES = APC + 1

# damage effects: the rules' VEHICLE_DAMAGE codes (the 14.2 table, faces 1..6 by default)
STALLED, IMMOBILE, WEAPON_DISABLED, WRECKED_SUPPRESS, WRECKED_WOUND, EXPLODES = range(6)
NO_TARGET = -1  # hit() on an empty row or a wreck: no die rolled
assert VEHICLE_DAMAGE == ("stalled", "immobile", "weapon_disabled", "wrecked_suppress",
                          "wrecked_wound", "explodes")

# V_DAMAGE bits (lasting damage)
DMG_IMMOBILE, DMG_WEAPON_OFF, DMG_WRECKED = 1, 2, 4

# results of hotwire / board / leave / drive: OK (HOTWIRED for hotwire), else why not
(OK, FAILED, NO_VEHICLE, WRECK, NOT_ACTIVE, ON_BOARD, NOT_ABOARD, NOT_OWNER, OWN_VEHICLE,
 OCCUPIED, TOO_FAR, FULL, CELL_FULL, OUT_OF_ACTION, CANNOT_MOVE, NO_CREW) = range(16)
HOTWIRED = OK
RESULTS = ("ok", "failed (the hot-wire die missed)", "no vehicle in that row",
           "the vehicle is a wreck", "the element is not active", "the element is already aboard",
           "the element is not aboard this vehicle", "the vehicle is not the element's gang's",
           "the gang already owns the vehicle", "someone is aboard (not a found vehicle)",
           "too far from the vehicle", "the vehicle is full (capacity, crew included)",
           "the cell is full (or a building, for a vehicle)", "out of action (stalled)",
           "the vehicle cannot move (immobile)", "nobody aboard to drive")

# vp, the rule vector of this module (vehicle_params)
(VP_MAX_ELEMENTS, VP_REACH, VP_CELL_CAP, VP_MOVE_CELLS, VP_SUPP_ELIM, VP_ESCAPE_SUPP,
 VP_STALL_TURNS, VP_MECH_BONUS, VP_MAX_CAPACITY) = range(9)
VP_GRADE_XP = 9  # 3 entries: least XP of punk, hood, gangster
VP_HOTWIRE = VP_GRADE_XP + 3  # 4 entries: D6 need by grade
VP_CAPACITY = VP_HOTWIRE + 4  # N_TYPES entries, crew included
VP_DAMAGE = VP_CAPACITY + N_TYPES  # 6 entries: effect by D6 face 1..6
VP_DEFENCE = VP_DAMAGE + 6  # 2 entries: open, soft cover
VP_APC_DEFENCE = VP_DEFENCE + 2  # 3 entries: front, side, rear
N_VP = VP_APC_DEFENCE + 3


def vehicle_params(rules: GFRules, *, reach_cells: int | None = None,
                   stall_turns: int | None = None,
                   escape_suppressions: int | None = None) -> np.ndarray:
    """The rules the vehicle kernels read, as int64[N_VP].

    ``reach_cells`` (``rules.vehicle_reach_cells``), ``stall_turns`` and
    ``escape_suppressions`` (the rules' fields of those names) may be overridden here for a
    test."""
    reach_cells = rules.vehicle_reach_cells if reach_cells is None else reach_cells
    stall_turns = rules.stall_turns if stall_turns is None else stall_turns
    if escape_suppressions is None:
        escape_suppressions = rules.escape_suppressions
    for name, v, lo in (("reach_cells", reach_cells, 0), ("stall_turns", stall_turns, 0),
                        ("escape_suppressions", escape_suppressions, 0)):
        if v < lo:
            raise ValueError(f"{name} ({v}): expected at least {lo}")
    vp = np.zeros(N_VP, dtype=np.int64)
    vp[VP_MAX_ELEMENTS] = rules.max_elements
    vp[VP_REACH] = reach_cells
    vp[VP_CELL_CAP] = rules.cell_capacity
    vp[VP_MOVE_CELLS] = rules.cells(rules.vehicle_move_cm)
    vp[VP_SUPP_ELIM] = rules.suppressions_to_eliminate
    vp[VP_ESCAPE_SUPP] = escape_suppressions
    vp[VP_STALL_TURNS] = stall_turns
    vp[VP_MECH_BONUS] = rules.mechanic_grade_bonus
    capacity = (*rules.vehicle_capacity, rules.apc_capacity + 1)  # the APC: police + driver
    vp[VP_MAX_CAPACITY] = max(capacity)
    vp[VP_GRADE_XP:VP_GRADE_XP + 3] = rules.grade_xp()
    vp[VP_HOTWIRE:VP_HOTWIRE + 4] = rules.hotwire_on
    vp[VP_CAPACITY:VP_CAPACITY + N_TYPES] = capacity
    vp[VP_DAMAGE:VP_DAMAGE + 6] = rules.vehicle_damage
    vp[VP_DEFENCE:VP_DEFENCE + 2] = rules.defence_vehicle
    vp[VP_APC_DEFENCE:VP_APC_DEFENCE + 3] = rules.apc_defence
    return vp


# ---- small helpers ------------------------------------------------------------------------------

@kernel
def _grade(vp, xp):
    """Element grade of ``xp``: 0 prospect .. 3 gangster (by the rules' reading)."""
    g = 0
    for k in range(3):
        if xp >= vp[VP_GRADE_XP + k]:
            g += 1
    return g


@kernel
def hotwire_need(vp, grade, mechanic):
    """17.3: D6 score an element of ``grade`` (0 prospect .. 3 gangster) needs to hot-wire;
    a ``mechanic`` counts ``mechanic_grade_bonus`` grades higher, capped at gangster."""
    if mechanic:
        grade = min(grade + vp[VP_MECH_BONUS], 3)
    return vp[VP_HOTWIRE + grade]


@kernel
def capacity(vp, vtype):
    """8.3: elements (crew included) a vehicle of type ``vtype`` carries."""
    return vp[VP_CAPACITY + vtype]


@kernel
def occupants(aboard, v):
    """Elements aboard vehicle row ``v``."""
    n = 0
    for i in range(aboard.shape[0]):
        n += aboard[i] == v
    return n


@kernel
def _reach(x0, y0, x1, y1):
    """King's-move distance in cells."""
    return max(abs(x1 - x0), abs(y1 - y0))


@kernel
def is_stalled(stalled, v, turn):
    """Is vehicle ``v`` (and everyone aboard) out of action in ``turn``?"""
    return stalled[v] >= turn


@kernel
def out_of_action(aboard, stalled, i, turn):
    """Is element ``i`` out of action in ``turn`` because it rides a stalled vehicle?"""
    return aboard[i] >= 0 and stalled[aboard[i]] >= turn


@kernel
def vehicle_defence(vp, vtype, cover, facing):
    """14.1, 23.3: defence of a vehicle of ``vtype`` in cover column ``cover`` (0 open, 1
    soft; vehicles are never in buildings: -1); the APC by ``facing`` (0 front, 1 side, 2
    rear) instead."""
    if vtype == APC:
        return vp[VP_APC_DEFENCE + facing]
    if cover >= LIGHT:
        return -1
    return vp[VP_DEFENCE + cover]


# ---- hot-wiring, boarding, leaving, driving ----------------------------------------------------

@kernel
def _refused(el, vh, aboard, i, v):
    """The refusals hot-wiring and boarding share, in order: no such vehicle, a wreck, the
    element not active, already aboard; else OK."""
    if vh[v, V_TYPE] < 0:
        return NO_VEHICLE
    if vh[v, V_DAMAGE] & DMG_WRECKED:
        return WRECK
    if el[i, E_STATUS] != ACTIVE:
        return NOT_ACTIVE
    if aboard[i] >= 0:
        return ON_BOARD
    return OK


@kernel
def hotwire(el, vh, aboard, vp, s, i, v):
    """17.3: element ``i`` tries to hot-wire vehicle row ``v``. Refused without a die (the
    result says why) unless the vehicle exists, is not a wreck, has nobody aboard and is not
    already its gang's, and the element is active, on foot and within ``reach_cells``. Then one
    D6 >= ``hotwire_need``: HOTWIRED (the gang owns the vehicle) or FAILED."""
    why = _refused(el, vh, aboard, i, v)
    if why != OK:
        return why
    g = i // vp[VP_MAX_ELEMENTS]
    if vh[v, V_OWNER] == g:
        return OWN_VEHICLE
    if occupants(aboard, v) > 0:
        return OCCUPIED
    if _reach(el[i, E_X], el[i, E_Y], vh[v, V_X], vh[v, V_Y]) > vp[VP_REACH]:
        return TOO_FAR
    need = hotwire_need(vp, _grade(vp, el[i, E_XP]), el[i, E_SPECIAL] == MECHANIC)
    if roll(s, 6) < need:
        return FAILED
    vh[v, V_OWNER] = g
    return HOTWIRED


@kernel
def board(el, vh, aboard, count, vp, i, v):
    """8.3: element ``i`` gets into vehicle row ``v`` (a move; also a driver's pick-up).
    Refused (the result says why) unless the vehicle exists, is not a wreck and belongs to the
    element's gang, the element is active, on foot and within ``reach_cells``, and fewer than
    the type's capacity (crew included) are aboard. On OK the element leaves its cell
    (``count``) and rides at the vehicle's cell."""
    why = _refused(el, vh, aboard, i, v)
    if why != OK:
        return why
    if vh[v, V_OWNER] != i // vp[VP_MAX_ELEMENTS]:
        return NOT_OWNER
    if _reach(el[i, E_X], el[i, E_Y], vh[v, V_X], vh[v, V_Y]) > vp[VP_REACH]:
        return TOO_FAR
    if occupants(aboard, v) >= capacity(vp, vh[v, V_TYPE]):
        return FULL
    if el[i, E_X] >= 0:
        count[el[i, E_Y], el[i, E_X]] -= 1
    aboard[i] = v
    el[i, E_X] = vh[v, V_X]
    el[i, E_Y] = vh[v, V_Y]
    return OK


@kernel
def leave(el, vh, aboard, count, vp, stalled, i, x, y, turn):
    """8.3: element ``i`` gets out of its vehicle onto map cell (x, y) (a move; also a
    driver's drop-off). Refused unless it is aboard, the vehicle is not stalled in ``turn``,
    the cell is within ``reach_cells`` of the vehicle and holds fewer than ``cell_capacity``."""
    v = aboard[i]
    if v < 0:
        return NOT_ABOARD
    if is_stalled(stalled, v, turn):
        return OUT_OF_ACTION
    if _reach(x, y, vh[v, V_X], vh[v, V_Y]) > vp[VP_REACH]:
        return TOO_FAR
    if not (0 <= y < count.shape[0] and 0 <= x < count.shape[1]):
        return TOO_FAR
    if count[y, x] >= vp[VP_CELL_CAP]:
        return CELL_FULL
    aboard[i] = -1
    el[i, E_X] = x
    el[i, E_Y] = y
    count[y, x] += 1
    return OK


@kernel
def drive(el, vh, aboard, count, cover, block, vp, stalled, v, x, y, turn):
    """8.3: one vehicle move of vehicle row ``v`` to map cell (x, y), carrying everyone
    aboard: at most ``vehicle_move_cm`` (in cells, king's move) from where it stands, onto a
    cell that is not a building (``cover`` int8[H, W] < light building) and holds fewer than
    ``cell_capacity``; ``block`` int32[H, W] is ``City.block`` (V_BLOCK follows, -1 on a
    street). The path (streets and open ground, round buildings) is the engine's. Refused on
    a wreck, an immobile or stalled vehicle, or one with nobody aboard."""
    if vh[v, V_TYPE] < 0:
        return NO_VEHICLE
    if vh[v, V_DAMAGE] & DMG_WRECKED:
        return WRECK
    if vh[v, V_DAMAGE] & DMG_IMMOBILE:
        return CANNOT_MOVE
    if is_stalled(stalled, v, turn):
        return OUT_OF_ACTION
    if occupants(aboard, v) == 0:
        return NO_CREW
    if not (0 <= y < count.shape[0] and 0 <= x < count.shape[1]):
        return TOO_FAR
    if _reach(x, y, vh[v, V_X], vh[v, V_Y]) > vp[VP_MOVE_CELLS]:
        return TOO_FAR
    if (x != vh[v, V_X] or y != vh[v, V_Y]) and (count[y, x] >= vp[VP_CELL_CAP]
                                                  or cover[y, x] >= LIGHT):
        return CELL_FULL
    count[vh[v, V_Y], vh[v, V_X]] -= 1
    count[y, x] += 1
    vh[v, V_X] = x
    vh[v, V_Y] = y
    vh[v, V_BLOCK] = block[y, x]
    for i in range(aboard.shape[0]):
        if aboard[i] == v:
            el[i, E_X] = x
            el[i, E_Y] = y
    return OK


# ---- damage (14.2) ------------------------------------------------------------------------------

@kernel
def escape_cell(count, vp, x0, y0):
    """The nearest cell to (x0, y0) with room (``count`` < ``cell_capacity``): rings of
    growing king's-move distance, each scanned north to south, then west to east (no dice).
    (-1, -1) when the whole map is full."""
    h, w = count.shape
    for r in range(max(h, w)):
        for y in range(y0 - r, y0 + r + 1):
            if y < 0 or y >= h:
                continue
            for x in range(x0 - r, x0 + r + 1):
                if x < 0 or x >= w or max(abs(x - x0), abs(y - y0)) != r:
                    continue
                if count[y, x] < vp[VP_CELL_CAP]:
                    return x, y
    return -1, -1


@kernel
def damage_effect(vp, s):
    """14.2: one D6 on the damage table: the effect code (STALLED .. EXPLODES)."""
    return vp[VP_DAMAGE + roll(s, 6) - 1]


@kernel
def apply_damage(el, vh, aboard, count, vp, stalled, v, effect, turn, out):
    """Apply damage ``effect`` to vehicle row ``v`` and everyone aboard (see the module's
    decisions). Returns how many element rows it wrote to ``out`` (int64[k], k >=
    vp[VP_MAX_CAPACITY]): for WRECKED_WOUND, and for WRECKED_SUPPRESS escapees whose escape
    suppression eliminates them, the elements eliminated unless they save (on their escape
    cells, still ACTIVE: the engine rolls ``combat.saved`` and marks each wounded or frees it);
    for EXPLODES, the elements killed (already freed, no save); otherwise none. An empty row
    or a wreck takes no damage (0)."""
    if vh[v, V_TYPE] < 0 or vh[v, V_DAMAGE] & DMG_WRECKED:
        return 0
    n = 0
    if effect == STALLED:
        stalled[v] = max(stalled[v], turn + vp[VP_STALL_TURNS])
        return 0
    if effect == IMMOBILE:
        vh[v, V_DAMAGE] |= DMG_IMMOBILE
        return 0
    if effect == WEAPON_DISABLED:
        vh[v, V_DAMAGE] |= DMG_WEAPON_OFF
        return 0
    if effect == EXPLODES:
        for i in range(aboard.shape[0]):
            if aboard[i] == v:
                aboard[i] = -1
                el[i, E_STATUS] = FREE
                el[i, E_X] = -1
                el[i, E_Y] = -1
                if n < out.shape[0]:
                    out[n] = i
                n += 1
        count[vh[v, V_Y], vh[v, V_X]] -= 1
        vh[v, V_TYPE] = -1
        vh[v, V_OWNER] = -1
        vh[v, V_DAMAGE] = 0
        stalled[v] = -1
        return n
    # a wreck (faces 4, 5): the hulk stays; the occupants get out
    vh[v, V_DAMAGE] |= DMG_WRECKED | DMG_IMMOBILE
    stalled[v] = -1
    for i in range(aboard.shape[0]):
        if aboard[i] != v:
            continue
        aboard[i] = -1
        x, y = escape_cell(count, vp, vh[v, V_X], vh[v, V_Y])
        if x < 0:  # a full map: it stays on the wreck's cell
            x, y = vh[v, V_X], vh[v, V_Y]
        el[i, E_X] = x
        el[i, E_Y] = y
        count[y, x] += 1
        listed = effect == WRECKED_WOUND
        if effect == WRECKED_SUPPRESS:
            el[i, E_SUPP] += vp[VP_ESCAPE_SUPP]
            listed = el[i, E_SUPP] >= vp[VP_SUPP_ELIM]
        if listed:
            if n < out.shape[0]:
                out[n] = i
            n += 1
    return n


@kernel
def hit(el, vh, aboard, count, vp, stalled, s, v, turn, out):
    """14.1-14.2: a shot got through to vehicle row ``v`` (or to someone aboard: the vehicle
    takes it). Rolls the damage D6 and applies it: (effect, n) with ``out[:n]`` as in
    ``apply_damage``. An empty row or a wreck is no target: (NO_TARGET, 0), no die."""
    if vh[v, V_TYPE] < 0 or vh[v, V_DAMAGE] & DMG_WRECKED:
        return NO_TARGET, 0
    effect = damage_effect(vp, s)
    return effect, apply_damage(el, vh, aboard, count, vp, stalled, v, effect, turn, out)
