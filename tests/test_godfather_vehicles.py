"""Godfather vehicles (sim/godfather/vehicles.py): hot-wiring, boarding and leaving, driving,
and the 14.2 damage table, on hand-built states.

Statistical tests play a kernel many times with a fixed seed: hot-wire success counts against
the exact (7 - need) / 6 by a two-sided binomial test, damage faces against the table by
chi-square; each at alpha 0.001, a false alarm in 1 of 1,000 runs per case."""

import numpy as np
import pytest
from scipy import stats

from sim.core.rng import STATE_SIZE, seed_state
from sim.godfather import state as S
from sim.godfather import vehicles as V
from sim.godfather.rules import GRADES, VEHICLES, GFRules

RULES = GFRules(players=2)
VP = V.vehicle_params(RULES)
M = RULES.max_elements
H = W = 12
G = 1  # the gang whose elements the tests move (rows M .. 2M - 1)
CAR, VAN, TRUCK, BUS = (VEHICLES.index(k) for k in ("car", "van", "truck", "bus"))


def _dice(seed):
    s = np.empty(STATE_SIZE, np.uint64)
    seed_state(s, np.uint64(seed), np.uint64(41), np.uint64(0))
    return s


class World:
    """A hand-built state: an empty 12 x 12 open map, two gangs' element rows, four vehicle
    rows, nobody aboard, nothing stalled."""

    def __init__(self):
        self.el = np.zeros((RULES.players * M, S.N_E), np.int64)
        self.vh = np.zeros((4, S.N_V), np.int64)
        self.vh[:, S.V_TYPE] = -1
        self.vh[:, S.V_OWNER] = -1
        self.aboard = np.full(self.el.shape[0], -1, np.int64)
        self.stalled = np.full(self.vh.shape[0], -1, np.int64)
        self.count = np.zeros((H, W), np.int64)
        self.cover = np.zeros((H, W), np.int8)
        self.block = np.full((H, W), -1, np.int32)
        self.out = np.full(VP[V.VP_MAX_CAPACITY], -1, np.int64)

    def vehicle(self, v, kind, x, y, owner=-1):
        self.vh[v, S.V_TYPE], self.vh[v, S.V_OWNER] = kind, owner
        self.vh[v, S.V_X], self.vh[v, S.V_Y] = x, y
        self.count[y, x] += 1
        return v

    def element(self, i, x, y, xp=10, special=S.SPECIAL_NONE):
        self.el[i, S.E_STATUS], self.el[i, S.E_XP], self.el[i, S.E_SPECIAL] = S.ACTIVE, xp, special
        self.el[i, S.E_X], self.el[i, S.E_Y] = x, y
        self.count[y, x] += 1
        return i

    def board(self, i, v):
        return V.board(self.el, self.vh, self.aboard, self.count, VP, i, v)

    def leave(self, i, x, y, turn=0):
        return V.leave(self.el, self.vh, self.aboard, self.count, VP, self.stalled, i, x, y, turn)

    def drive(self, v, x, y, turn=0):
        return V.drive(self.el, self.vh, self.aboard, self.count, self.cover, self.block, VP,
                       self.stalled, v, x, y, turn)

    def damage(self, v, effect, turn=0):
        n = V.apply_damage(self.el, self.vh, self.aboard, self.count, VP, self.stalled, v,
                           effect, turn, self.out)
        return sorted(self.out[:n].tolist())


def _grade_xp(g):
    return (0, *RULES.grade_xp())[g]


# ---- parameters ---------------------------------------------------------------------------------

def test_vehicle_params_carry_the_rules():
    assert VP[V.VP_CAPACITY:V.VP_CAPACITY + 4].tolist() == list(RULES.vehicle_capacity)
    assert V.capacity(VP, V.APC) == RULES.apc_capacity + 1
    assert VP[V.VP_HOTWIRE:V.VP_HOTWIRE + 4].tolist() == list(RULES.hotwire_on)
    assert VP[V.VP_DAMAGE:V.VP_DAMAGE + 6].tolist() == list(RULES.vehicle_damage)
    assert VP[V.VP_MOVE_CELLS] == RULES.cells(RULES.vehicle_move_cm) == 4
    other = GFRules(hotwire_on=(5, 5, 4, 2), vehicle_capacity=(2, 2, 4, 8), block_cm=32)
    vp = V.vehicle_params(other, stall_turns=2)
    assert vp[V.VP_HOTWIRE + 3] == 2 and V.capacity(vp, CAR) == 2 and vp[V.VP_STALL_TURNS] == 2
    assert vp[V.VP_MOVE_CELLS] == other.cells(other.vehicle_move_cm) == 3
    with pytest.raises(ValueError, match="reach_cells"):
        V.vehicle_params(RULES, reach_cells=-1)


def test_vehicle_defence_by_cover_and_the_apc_by_facing():
    assert V.vehicle_defence(VP, CAR, 0, 0) == RULES.defence_vehicle[0]
    assert V.vehicle_defence(VP, BUS, 1, 0) == RULES.defence_vehicle[1]
    assert V.vehicle_defence(VP, VAN, 2, 0) == -1  # never in a building
    assert [V.vehicle_defence(VP, V.APC, 0, f) for f in range(3)] == list(RULES.apc_defence)


# ---- hot-wiring (17.3) --------------------------------------------------------------------------

@pytest.mark.parametrize("grade", range(4))
@pytest.mark.parametrize("mechanic", [False, True])
def test_hotwire_need_by_grade_and_mechanic(grade, mechanic):
    exact = RULES.hotwire_on[min(grade + RULES.mechanic_grade_bonus * mechanic, 3)]
    assert V.hotwire_need(VP, grade, mechanic) == exact
    vp = V.vehicle_params(GFRules(mechanic_grade_bonus=2))
    assert V.hotwire_need(vp, grade, mechanic) == RULES.hotwire_on[min(grade + 2 * mechanic, 3)]


@pytest.mark.parametrize("grade", range(4))
@pytest.mark.parametrize("mechanic", [False, True])
def test_hotwire_success_rate_matches_the_exact_chance(grade, mechanic):
    """P(success) = (7 - need) / 6, need = hotwire_on of the grade (one higher for a
    mechanic, capped at gangster); success makes the element's gang the owner."""
    need = RULES.hotwire_on[min(grade + mechanic * RULES.mechanic_grade_bonus, 3)]
    w = World()
    v = w.vehicle(0, CAR, 5, 5)
    i = w.element(G * M + 3, 4, 5, xp=_grade_xp(grade),
                  special=S.MECHANIC if mechanic else S.SPECIAL_NONE)
    s = _dice(10 * grade + mechanic)
    n, won = 4000, 0
    for _ in range(n):
        r = V.hotwire(w.el, w.vh, w.aboard, VP, s, i, v)
        assert r in (V.HOTWIRED, V.FAILED)
        if r == V.HOTWIRED:
            won += 1
            assert w.vh[v, S.V_OWNER] == G
            w.vh[v, S.V_OWNER] = -1
        else:
            assert w.vh[v, S.V_OWNER] == -1
    assert stats.binomtest(won, n, (7 - need) / 6).pvalue > 1e-3


def test_a_medic_is_no_mechanic():
    w = World()
    w.element(G * M, 4, 5, xp=_grade_xp(GRADES.index("punk")), special=S.MEDIC)
    assert V.hotwire_need(VP, 1, w.el[G * M, S.E_SPECIAL] == S.MECHANIC) == RULES.hotwire_on[1]


def test_hotwire_refusals_roll_no_die():
    w = World()
    car = w.vehicle(0, CAR, 5, 5)
    van = w.vehicle(1, VAN, 8, 8, owner=G)
    truck = w.vehicle(2, TRUCK, 1, 1, owner=0)
    i = w.element(G * M, 4, 4)
    far = w.element(G * M + 1, 2, 5)  # two cells from the car
    rival = w.element(0, 1, 2)  # gang 0's, next to its truck
    s = _dice(1)
    before = s.copy()
    assert V.hotwire(w.el, w.vh, w.aboard, VP, s, far, car) == V.TOO_FAR
    assert V.hotwire(w.el, w.vh, w.aboard, VP, s, i, 3) == V.NO_VEHICLE
    w.element(G * M + 2, 8, 7)
    assert V.hotwire(w.el, w.vh, w.aboard, VP, s, G * M + 2, van) == V.OWN_VEHICLE
    assert w.board(rival, truck) == V.OK
    w.element(G * M + 4, 2, 2)
    assert V.hotwire(w.el, w.vh, w.aboard, VP, s, G * M + 4, truck) == V.OCCUPIED
    w.el[i, S.E_STATUS] = S.WOUNDED
    assert V.hotwire(w.el, w.vh, w.aboard, VP, s, i, car) == V.NOT_ACTIVE
    w.vh[car, S.V_DAMAGE] = V.DMG_WRECKED
    w.el[i, S.E_STATUS] = S.ACTIVE
    assert V.hotwire(w.el, w.vh, w.aboard, VP, s, i, car) == V.WRECK
    assert np.array_equal(s, before)
    assert w.vh[car, S.V_OWNER] == -1 and w.vh[truck, S.V_OWNER] == 0


def test_a_rivals_parked_vehicle_can_be_stolen():
    w = World()
    v = w.vehicle(0, VAN, 5, 5, owner=0)
    i = w.element(G * M, 5, 6, xp=_grade_xp(3), special=S.MECHANIC)  # needs a 3
    s = _dice(2)
    while V.hotwire(w.el, w.vh, w.aboard, VP, s, i, v) != V.HOTWIRED:
        pass
    assert w.vh[v, S.V_OWNER] == G and w.aboard[i] == -1  # stolen, not boarded


# ---- boarding and leaving (8.3) -----------------------------------------------------------------

@pytest.mark.parametrize("kind", [CAR, VAN, TRUCK, BUS])
def test_capacity_crew_included_then_full(kind):
    w = World()
    v = w.vehicle(0, kind, 5, 5, owner=G)
    cap = RULES.vehicle_capacity[kind]
    cells = [(x, y) for y in (4, 5, 6) for x in (4, 5, 6) if (x, y) != (5, 5)]
    rows = [w.element(G * M + k, *cells[k % 8]) for k in range(cap + 1)]
    for i in rows[:cap]:
        assert w.board(i, v) == V.OK
    assert V.occupants(w.aboard, v) == cap
    assert w.board(rows[cap], v) == V.FULL
    assert V.RESULTS[V.FULL].startswith("the vehicle is full")
    assert w.aboard[rows[cap]] == -1


def test_board_moves_the_element_into_the_vehicle():
    w = World()
    v = w.vehicle(0, TRUCK, 5, 5, owner=G)
    i = w.element(G * M, 6, 6)
    assert w.board(i, v) == V.OK
    assert w.aboard[i] == v and (w.el[i, S.E_X], w.el[i, S.E_Y]) == (5, 5)
    assert w.count[6, 6] == 0 and w.count.sum() == 1  # only the truck stands on the map
    assert w.board(i, v) == V.ON_BOARD


def test_board_refusals():
    w = World()
    mine = w.vehicle(0, BUS, 5, 5, owner=G)
    theirs = w.vehicle(1, BUS, 8, 5, owner=0)
    found = w.vehicle(2, CAR, 2, 9)
    near = w.element(G * M, 6, 5)
    assert w.board(w.element(G * M + 1, 7, 5), mine) == V.TOO_FAR  # two cells off
    assert w.board(w.element(G * M + 2, 8, 6), theirs) == V.NOT_OWNER
    assert w.board(w.element(G * M + 3, 2, 8), found) == V.NOT_OWNER  # hot-wire it first
    w.el[near, S.E_STATUS] = S.ROUTED
    assert w.board(near, mine) == V.NOT_ACTIVE
    w.el[near, S.E_STATUS] = S.ACTIVE
    w.vh[mine, S.V_DAMAGE] = V.DMG_WRECKED | V.DMG_IMMOBILE
    assert w.board(near, mine) == V.WRECK
    assert (w.aboard == -1).all()


def test_reach_is_a_parameter():
    vp = V.vehicle_params(RULES, reach_cells=2)
    w = World()
    v = w.vehicle(0, VAN, 5, 5, owner=G)
    i = w.element(G * M, 7, 3)
    assert V.board(w.el, w.vh, w.aboard, w.count, vp, i, v) == V.OK


def test_leave_onto_a_free_cell_next_to_the_vehicle():
    w = World()
    v = w.vehicle(0, VAN, 5, 5, owner=G)
    i, j = w.element(G * M, 4, 4), w.element(G * M + 1, 6, 6)
    assert w.board(i, v) == V.OK and w.board(j, v) == V.OK
    assert w.leave(i, 5, 5) == V.CELL_FULL  # the van fills its cell
    assert w.leave(i, 7, 5) == V.TOO_FAR
    assert w.leave(i, 6, 5) == V.OK
    assert w.aboard[i] == -1 and (w.el[i, S.E_X], w.el[i, S.E_Y]) == (6, 5)
    assert w.leave(j, 6, 5) == V.CELL_FULL  # i stands there now
    assert w.leave(i, 6, 4) == V.NOT_ABOARD
    assert w.count.sum() == 2


def test_drive_carries_the_occupants():
    w = World()
    v = w.vehicle(0, TRUCK, 1, 1, owner=G)
    assert w.drive(v, 2, 2) == V.NO_CREW
    i, j = w.element(G * M, 0, 0), w.element(G * M + 1, 2, 1)
    assert w.board(i, v) == V.OK and w.board(j, v) == V.OK
    step = VP[V.VP_MOVE_CELLS]
    assert w.drive(v, 1 + step + 1, 1) == V.TOO_FAR
    w.cover[1, 1 + step] = 2  # a light building
    assert w.drive(v, 1 + step, 1) == V.CELL_FULL
    w.block[5, 1 + step] = 7
    assert w.drive(v, 1 + step, 5) == V.OK
    assert (w.vh[v, S.V_X], w.vh[v, S.V_Y], w.vh[v, S.V_BLOCK]) == (1 + step, 5, 7)
    for k in (i, j):
        assert (w.el[k, S.E_X], w.el[k, S.E_Y]) == (1 + step, 5)
    assert w.count[5, 1 + step] == 1 and w.count.sum() == 1


# ---- damage (14.2) -----------------------------------------------------------------------------

@pytest.mark.parametrize("table", [None, (0, 0, 0, 3, 4, 5), (5, 4, 3, 2, 1, 0)])
def test_damage_effects_follow_the_table(table):
    rules = RULES if table is None else GFRules(vehicle_damage=table)
    vp = V.vehicle_params(rules)
    s = _dice(7)
    n = 12_000
    seen = np.bincount([V.damage_effect(vp, s) for _ in range(n)], minlength=6)
    exact = np.bincount(rules.vehicle_damage, minlength=6) / 6
    assert not seen[exact == 0].any()
    keep = exact > 0
    if keep.sum() > 1:
        assert stats.chisquare(seen[keep], exact[keep] * n).pvalue > 1e-3


def test_hit_rolls_one_die_and_applies_it():
    """hit() on a fresh van with two aboard: the effects' frequencies match the table, and the
    effect's bookkeeping holds each time (who is listed, who is left aboard)."""
    s = _dice(8)
    n = 6000
    seen = np.zeros(6, np.int64)
    for _ in range(n):
        w = World()
        v = w.vehicle(0, VAN, 5, 5, owner=G)
        i, j = w.element(G * M, 4, 5), w.element(G * M + 1, 6, 5)
        w.board(i, v)
        w.board(j, v)
        effect, k = V.hit(w.el, w.vh, w.aboard, w.count, VP, w.stalled, s, v, 3, w.out)
        seen[effect] += 1
        listed = {V.WRECKED_WOUND: 2, V.EXPLODES: 2}.get(effect, 0)
        assert k == listed
        aboard = 2 if effect in (V.STALLED, V.IMMOBILE, V.WEAPON_DISABLED) else 0
        assert V.occupants(w.aboard, v) == aboard
    assert stats.chisquare(seen, np.full(6, n / 6)).pvalue > 1e-3


def _truck_with_three(turn_supp=None):
    """A truck of gang G at (5, 5) with three aboard; the third has one suppression short of
    elimination."""
    w = World()
    v = w.vehicle(0, TRUCK, 5, 5, owner=G)
    rows = [w.element(G * M + k, 4 + k, 4) for k in range(3)]
    for i in rows:
        assert w.board(i, v) == V.OK
    w.el[rows[2], S.E_SUPP] = RULES.suppressions_to_eliminate - 1
    w.element(G * M + 9, 5, 6)  # a bystander south of the truck
    return w, v, rows


def test_stalled_for_the_rest_of_the_turn_and_the_next():
    w, v, rows = _truck_with_three()
    assert w.damage(v, V.STALLED, turn=3) == []
    assert w.stalled[v] == 3 + 1
    for turn, out in ((3, True), (4, True), (5, False)):
        assert V.is_stalled(w.stalled, v, turn) == out
        assert all(V.out_of_action(w.aboard, w.stalled, i, turn) == out for i in rows)
    assert w.leave(rows[0], 4, 4, turn=4) == V.OUT_OF_ACTION
    assert w.drive(v, 6, 5, turn=4) == V.OUT_OF_ACTION
    assert w.drive(v, 6, 5, turn=5) == V.OK
    w.damage(v, V.STALLED, turn=1)  # an older stall never shortens a newer one
    assert w.stalled[v] == 4
    assert (w.el[rows, S.E_STATUS] == S.ACTIVE).all()


def test_immobile_and_weapon_disabled():
    w, v, rows = _truck_with_three()
    before = w.el.copy()
    assert w.damage(v, V.WEAPON_DISABLED) == []
    assert w.vh[v, S.V_DAMAGE] == V.DMG_WEAPON_OFF and np.array_equal(w.el, before)
    assert w.drive(v, 6, 5) == V.OK  # a disabled weapon does not stop the truck
    assert w.damage(v, V.IMMOBILE) == []
    assert w.vh[v, S.V_DAMAGE] & V.DMG_IMMOBILE
    assert w.drive(v, 7, 5) == V.CANNOT_MOVE
    assert w.leave(rows[0], 7, 5) == V.OK  # occupants may still get out
    assert V.occupants(w.aboard, v) == 2


def test_wrecked_occupants_escape_suppressed():
    w, v, rows = _truck_with_three()
    supp = w.el[rows, S.E_SUPP].copy()
    listed = w.damage(v, V.WRECKED_SUPPRESS)
    assert listed == [rows[2]]  # its escape suppression is its last: eliminated unless saved
    assert (w.el[rows, S.E_SUPP] == supp + 1).all()
    assert (w.aboard == -1).all() and (w.el[rows, S.E_STATUS] == S.ACTIVE).all()
    cells = {(w.el[i, S.E_X], w.el[i, S.E_Y]) for i in rows}
    assert len(cells) == 3 and all(max(abs(x - 5), abs(y - 5)) == 1 for x, y in cells)
    assert (5, 6) not in cells  # the bystander's cell was full
    assert sorted(cells) == [(4, 4), (5, 4), (6, 4)]  # the nearest ring, north row first
    assert w.count.max() == 1 and w.count.sum() == 1 + 3 + 1  # wreck, escapees, bystander
    assert w.vh[v, S.V_DAMAGE] & V.DMG_WRECKED and w.vh[v, S.V_TYPE] == TRUCK
    s = _dice(9)
    assert V.hit(w.el, w.vh, w.aboard, w.count, VP, w.stalled, s, v, 0, w.out) == (V.NO_TARGET,
                                                                                  0)
    assert w.board(rows[0], v) == V.WRECK and w.drive(v, 6, 6) == V.WRECK


def test_wrecked_occupants_are_flagged_for_saves():
    w, v, rows = _truck_with_three()
    assert w.damage(v, V.WRECKED_WOUND) == rows
    assert (w.aboard == -1).all() and (w.el[rows, S.E_STATUS] == S.ACTIVE).all()
    assert w.el[rows[0], S.E_SUPP] == 0  # wounded, not suppressed: the save decides
    assert w.count.sum() == 1 + 3 + 1


def test_an_explosion_kills_the_occupants_and_leaves_nothing():
    w, v, rows = _truck_with_three()
    assert w.damage(v, V.EXPLODES) == rows
    assert (w.el[rows, S.E_STATUS] == S.FREE).all() and (w.el[rows, S.E_X] == -1).all()
    assert (w.aboard == -1).all()
    assert w.vh[v, S.V_TYPE] == -1 and w.vh[v, S.V_OWNER] == -1
    assert w.count[5, 5] == 0 and w.count.sum() == 1  # the bystander alone
    assert w.el[G * M + 9, S.E_STATUS] == S.ACTIVE


def test_escape_cell_spirals_outward_and_reports_a_full_map():
    count = np.ones((3, 3), np.int64)
    assert V.escape_cell(count, VP, 1, 1) == (-1, -1)
    count[2, 0] = 0
    assert V.escape_cell(count, VP, 1, 1) == (0, 2)
    count = np.zeros((5, 5), np.int64)
    count[0:3, 0:3] = 1
    assert V.escape_cell(count, VP, 0, 0) == (3, 0)  # ring 3, north row first


def test_a_wreck_or_an_empty_row_takes_no_damage():
    w, v, rows = _truck_with_three()
    w.damage(v, V.WRECKED_WOUND)
    before = (w.el.copy(), w.vh.copy(), w.count.copy())
    assert w.damage(v, V.EXPLODES) == [] and w.damage(3, V.EXPLODES) == []
    assert all(np.array_equal(a, b) for a, b in zip(before, (w.el, w.vh, w.count), strict=True))
