"""Godfather police and raids: 23.1's target priority on hand-built states (each tie-break),
the raid trigger (elements, a prominent death) and its dice against odds.raid_wait_pmf, a
raid's size (raid_dice D6 plus the police in play) and its police types against the rules'
tables, placement in the target block (also when it is full), and the APC arriving exactly
when the SWAT count reaches apc_swat. Statistical tests are chi-square at alpha 0.001 with
fixed seeds: a false alarm in 1 of 1,000 runs per test."""

from itertools import product

import numpy as np

from helpers import chi2_p
from sim.core.rng import STATE_SIZE, seed_state
from sim.godfather import city as CT
from sim.godfather import gang as GA
from sim.godfather import police as PO
from sim.godfather import state as S
from sim.godfather.odds import raid_wait_pmf
from sim.godfather.rules import POLICE_TYPES, WEAPONS, GFRules

RULES = GFRules(players=3)
CITY = CT.generate(RULES, 5)
N_BLOCKS = CITY.origin.shape[0]
RP = S.kernel_params(RULES)
PP = PO.police_params(RULES)
M = RULES.max_elements
SWAT = POLICE_TYPES.index("swat")


def _dice(seed):
    s = np.empty(STATE_SIZE, np.uint64)
    seed_state(s, np.uint64(seed), np.uint64(66), np.uint64(0))
    return s


def _empty():
    el, ld, gg, bk = S.empty(RULES, N_BLOCKS)
    return el, gg, np.full(el.shape[0], -1, np.int64)


def _add(el, at_block, g, n, block, status=S.ACTIVE):
    """n more elements of gang g standing in ``block`` (positions are not read by target_gang)."""
    rows = [i for i in range(g * M, (g + 1) * M) if el[i, S.E_STATUS] == S.FREE][:n]
    el[rows, S.E_STATUS] = status
    at_block[rows] = block


def _at_block(el):
    at = np.full(el.shape[0], -1, np.int64)
    live = el[:, S.E_STATUS] != S.FREE
    at[live] = CITY.block[el[live, S.E_Y], el[live, S.E_X]]
    return at


def _police(cv, count, block, k, police):
    """A police element of type ``police`` at sub-grid cell k of ``block``."""
    i = int(np.flatnonzero(cv[:, S.C_KIND] == S.NO_CIV)[0])
    x, y = CT.block_cell(CITY, block, k // RULES.block_cells, k % RULES.block_cells)
    cv[i, S.C_KIND], cv[i, S.C_BLOCK], cv[i, S.C_X], cv[i, S.C_Y] = S.POLICE, block, x, y
    cv[i, [S.C_POLICE, S.C_GRADE, S.C_WEAPON, S.C_ARMOUR, S.C_SWAT]] = \
        (police, *RULES.police_table[police])
    count[y, x] += 1
    return i


# ---- 23.1 -------------------------------------------------------------------------------------

def test_target_most_in_block_then_biggest_then_richest_then_seat():
    b = 4
    # most in the block wins over a bigger gang
    el, gg, at = _empty()
    _add(el, at, 0, 3, b)
    _add(el, at, 1, 2, b)
    _add(el, at, 1, 10, 7)
    assert PO.target_gang(el, at, gg, RP, b) == 0
    # tie in the block: the biggest overall
    el, gg, at = _empty()
    _add(el, at, 0, 2, b)
    _add(el, at, 1, 2, b)
    _add(el, at, 1, 1, 7)
    assert PO.target_gang(el, at, gg, RP, b) == 1
    # tie in the block and overall: the richest
    el, gg, at = _empty()
    for g in range(3):
        _add(el, at, g, 2, b)
    gg[:, S.G_CASH] = 500, 900, 700
    assert PO.target_gang(el, at, gg, RP, b) == 1
    # a tie on all three: the lowest seat
    gg[:, S.G_CASH] = 500, 900, 900
    assert PO.target_gang(el, at, gg, RP, b) == 1
    gg[:, S.G_CASH] = 900, 900, 900
    assert PO.target_gang(el, at, gg, RP, b) == 0


def test_target_counts_only_active_elements_of_gangs_still_in():
    b = 4
    el, gg, at = _empty()
    assert PO.target_gang(el, at, gg, RP, b) == -1  # nobody in the block
    _add(el, at, 0, 1, b)
    _add(el, at, 1, 1, b)
    _add(el, at, 1, 3, b, S.WOUNDED)  # wounded, jailed, routed: not in the fight
    _add(el, at, 1, 3, b, S.JAILED)
    gg[:, S.G_CASH] = 0, 100, 0
    assert PO.target_gang(el, at, gg, RP, b) == 1  # 1 active each: gang 1 is richer
    _add(el, at, 0, 5, 9, S.WOUNDED)  # wounded elements do not make a gang bigger
    assert PO.target_gang(el, at, gg, RP, b) == 1
    gg[1, S.G_OUT] = 1
    assert PO.target_gang(el, at, gg, RP, b) == 0
    # b = -1: the biggest gang anywhere, then the richest
    el, gg, at = _empty()
    _add(el, at, 0, 4, 1)
    _add(el, at, 2, 3, 2)
    _add(el, at, 2, 2, 3)
    assert PO.target_gang(el, at, gg, RP, -1) == 2


# ---- 24: when the dicing starts --------------------------------------------------------------

def test_dicing_starts_at_the_element_threshold_counting_every_member():
    n = RULES.raid_trigger_elements
    el, gg, at = _empty()
    rs = PO.raid_state()
    _add(el, at, 0, n - 1, 0)
    _add(el, at, 2, n - 2, 0)
    assert not PO.trigger_on_elements(el, gg, RP, PP, rs) and rs[PO.RS_STARTED] == 0
    s = _dice(9)
    before = s.copy()
    assert not PO.raid_set_end(el, gg, RP, PP, rs, s)
    assert np.array_equal(s, before) and rs[PO.RS_SETS] == 0  # no die before the start
    _add(el, at, 2, 3, 0, S.JAILED)  # jailed members count: gang 2 has n + 1
    _add(el, at, 0, 1, 0, S.WOUNDED)  # gang 0 has n
    assert PO.trigger_on_elements(el, gg, RP, PP, rs)
    assert rs[PO.RS_STARTED] == 1 and rs[PO.RS_TRIGGER] == 2  # the most members
    assert not PO.trigger_on_elements(el, gg, RP, PP, rs)  # started once
    # a gang that is out does not start it
    el, gg, at = _empty()
    rs = PO.raid_state()
    _add(el, at, 1, n, 0)
    gg[1, S.G_OUT] = 1
    assert not PO.trigger_on_elements(el, gg, RP, PP, rs)


def test_dicing_starts_on_a_prominent_death_when_the_rules_say_so():
    rs = PO.raid_state()
    assert PO.prominent_killed(PP, rs, 1)
    assert rs[PO.RS_STARTED] == 1 and rs[PO.RS_TRIGGER] == 1
    assert not PO.prominent_killed(PP, rs, 2) and rs[PO.RS_TRIGGER] == 1  # the first cause
    off = PO.police_params(GFRules(players=3, raid_on_prominent=False))
    rs = PO.raid_state()
    assert not PO.prominent_killed(off, rs, 1) and rs[PO.RS_STARTED] == 0
    # started by a death, the first set's die is rolled with no gang at the threshold
    el, gg, at = _empty()
    rs = PO.raid_state()
    PO.prominent_killed(PP, rs, 0)
    s = _dice(10)
    before = s.copy()
    PO.raid_set_end(el, gg, RP, PP, rs, s)
    assert rs[PO.RS_SETS] + rs[PO.RS_RAIDS] >= 1 and not np.array_equal(s, before)


def test_sets_to_a_raid_follow_the_exact_wait_and_reset_after_it():
    exact = raid_wait_pmf(RULES)
    el, gg, at = _empty()
    _add(el, at, 0, RULES.raid_trigger_elements, 0)
    rs = PO.raid_state()
    s = _dice(11)
    n = 20_000
    waits = np.zeros(max(exact) + 1, np.int64)
    k = 0
    for _ in range(20 * n):  # bounded: a dicing that never starts fails, not hangs
        if rs[PO.RS_RAIDS] == n:
            break
        k += 1
        if PO.raid_set_end(el, gg, RP, PP, rs, s):
            assert rs[PO.RS_SETS] == 0  # raid_reset: the next set needs raid_first_need
            waits[k] += 1
            k = 0
    assert rs[PO.RS_RAIDS] == n
    probs = [float(exact.get(w, 0)) for w in range(len(waits))]
    assert chi2_p(waits, probs) > 1e-3
    # without the reset the need keeps falling: every set raids once it reaches 1
    pp = PO.police_params(GFRules(players=3, raid_reset=False))
    rs = PO.raid_state()
    for k in range(1, 20):
        due = PO.raid_set_end(el, gg, RP, pp, rs, s)
        assert rs[PO.RS_SETS] == k
        if k >= RULES.raid_first_need:
            assert due


# ---- 24: the raid -----------------------------------------------------------------------------

def _campaign():
    """Three gangs at their HQs (6 elements each); gang 1 is the biggest: 7 more in block b1."""
    el, ld, gg, bk, cv, vh, count = GA.start(RULES, CITY)
    cv = np.zeros((PO.civilian_rows(RULES, N_BLOCKS), S.N_C), np.int64)
    hq = [int(b) for b in CITY.starts]
    b1 = next(b for b in range(N_BLOCKS) if b not in hq)
    cells = CT.free_cells(CITY, b1, count, RULES.cell_capacity)
    for k, i in enumerate(range(M + RULES.start_elements, M + RULES.start_elements + 7)):
        x, y = CT.block_cell(CITY, b1, *cells[k])
        el[i, S.E_STATUS], el[i, S.E_X], el[i, S.E_Y] = S.ACTIVE, x, y
        count[y, x] += 1
    return el, _at_block(el), gg, cv, count, hq, b1


def test_raid_target_biggest_or_trigger_gang_in_its_block():
    el, at, gg, cv, count, hq, b1 = _campaign()
    rs = PO.raid_state()
    # gang 1 is the biggest (13) and holds 7 in b1, 6 at its HQ
    assert PO.raid_target(el, at, gg, RP, PP, rs) == (1, b1)
    rs[PO.RS_TRIGGER] = 2
    pp = PO.police_params(GFRules(players=3, raid_target="trigger"))
    assert PO.raid_target(el, at, gg, RP, pp, rs) == (2, hq[2])
    gg[2, S.G_OUT] = 1  # the trigger gang is out: the biggest instead
    assert PO.raid_target(el, at, gg, RP, pp, rs)[0] == 1
    el, gg, at = _empty()
    assert PO.raid_target(el, at, gg, RP, PP, rs) == (-1, -1)
    s = _dice(12)
    before = s.copy()
    cv = np.zeros((10, S.N_C), np.int64)
    count = np.zeros(CITY.cover.shape, np.int64)
    assert PO.raid(el, at, gg, RP, PP, rs, s, cv, count, CITY.origin, CITY.cover) == (-1, -1, 0, 0)
    assert np.array_equal(s, before)


def test_raid_size_types_placement_and_apc():
    """Raid size = 2D6 new police + the 3 in play; new police typed by police_types; all in the
    target block, one per cell; an APC exactly when apc_swat SWAT are in play."""
    el, at, gg, cv0, count0, hq, b1 = _campaign()
    rs = PO.raid_state()
    g, b = PO.raid_target(el, at, gg, RP, PP, rs)
    others = [k for k in range(N_BLOCKS) if k != b]
    s = _dice(13)
    n = 4000
    sizes = np.zeros(6 * RULES.raid_dice + 1, np.int64)
    types = np.zeros(len(POLICE_TYPES), np.int64)
    apcs = 0
    for t in range(n):
        cv, count = cv0.copy(), count0.copy()
        in_play = [_police(cv, count, others[(t + j) % len(others)], 35, j % 3) for j in range(3)]
        g2, b2, raised, moved = PO.raid(el, at, gg, RP, PP, rs, s, cv, count, CITY.origin,
                                        CITY.cover)
        assert (g2, b2) == (g, b) and moved == 3
        sizes[raised] += 1
        police = cv[cv[:, S.C_KIND] == S.POLICE]
        assert len(police) == raised + 3
        new = [i for i in np.flatnonzero(cv[:, S.C_KIND] == S.POLICE) if i not in in_play]
        types += np.bincount(cv[new, S.C_POLICE], minlength=len(POLICE_TYPES))
        for row in cv[new]:
            assert tuple(row[[S.C_GRADE, S.C_WEAPON, S.C_ARMOUR, S.C_SWAT]]) == \
                RULES.police_table[row[S.C_POLICE]]
        placed = cv[cv[:, S.C_KIND] != S.NO_CIV]
        assert (placed[:, S.C_BLOCK] == b).all()
        assert (CITY.block[placed[:, S.C_Y], placed[:, S.C_X]] == b).all()
        assert count.max() <= RULES.cell_capacity
        assert count.sum() == count0.sum() + len(placed)
        swat = int((police[:, S.C_SWAT] == 1).sum())
        apc = PO.apc_in_play(cv)
        assert (apc >= 0) == (swat >= RULES.apc_swat)
        apcs += apc >= 0
        if apc >= 0:
            assert CITY.cover[cv[apc, S.C_Y], cv[apc, S.C_X]] < CT.LIGHT
    pmf = np.zeros(len(sizes))
    for faces in product(range(1, 7), repeat=RULES.raid_dice):
        pmf[sum(faces)] += 6.0 ** -RULES.raid_dice
    assert chi2_p(sizes, pmf) > 1e-3
    faces = np.bincount(RULES.police_types, minlength=len(POLICE_TYPES)) / 6
    assert chi2_p(types, faces) > 1e-3
    assert 0 < apcs < n


def test_a_full_block_or_table_raises_fewer_and_moves_none_that_find_no_room():
    el, at, gg, cv, count, hq, b1 = _campaign()
    rs = PO.raid_state()
    g, b = PO.raid_target(el, at, gg, RP, PP, rs)
    cells = CT.free_cells(CITY, b, count, RULES.cell_capacity)
    for r, c in cells[2:]:  # leave two free cells
        x, y = CT.block_cell(CITY, b, r, c)
        count[y, x] = RULES.cell_capacity
    other = next(k for k in range(N_BLOCKS) if k != b)
    for k in range(3):
        _police(cv, count, other, k, 0)
    s = _dice(14)
    _, _, raised, moved = PO.raid(el, at, gg, RP, PP, rs, s, cv, count, CITY.origin, CITY.cover)
    assert raised == 0 and moved == 2  # the in-play police take the two cells first
    assert (cv[cv[:, S.C_KIND] == S.POLICE, S.C_BLOCK] == other).sum() == 1
    assert count.max() <= RULES.cell_capacity
    # a table with one free row raises at most one
    el, at, gg, cv, count, hq, b1 = _campaign()
    cv = np.zeros((1, S.N_C), np.int64)
    _, _, raised, moved = PO.raid(el, at, gg, RP, PP, rs, s, cv, count, CITY.origin, CITY.cover)
    assert raised == 1 and moved == 0


def test_raid_rows_bound_the_table():
    assert PO.raid_rows(RULES) == RULES.raid_dice * 6 + 1
    assert PO.civilian_rows(RULES, N_BLOCKS) == \
        S.civilian_rows(RULES, N_BLOCKS) + RULES.max_sets * PO.raid_rows(RULES)


# ---- 23.3: the APC ----------------------------------------------------------------------------

def _nearest_vehicle_cell(count, b, x, y):
    """Oracle: the free vehicle cells of block b, nearest (king's move) to (x, y), row-major."""
    cells = [CT.block_cell(CITY, b, r, c)
             for r, c in CT.free_cells(CITY, b, count, RULES.cell_capacity, vehicle=True)]
    return min(cells, key=lambda c: max(abs(c[0] - x), abs(c[1] - y)))


def test_apc_arrives_exactly_when_the_swat_count_reaches_apc_swat():
    for need in (2, 3):
        rules = GFRules(players=3, apc_swat=need)
        rp, pp = S.kernel_params(rules), PO.police_params(rules)
        cv = np.zeros((20, S.N_C), np.int64)
        count = np.zeros(CITY.cover.shape, np.int64)
        b = 6
        building = [k for k in range(36)
                    if CITY.cover[CT.block_cell(CITY, b, k // 6, k % 6)[::-1]] >= CT.LIGHT]
        i = _police(cv, count, b, 0, 0)  # a patrol: no APC ever for it
        assert PO.apc_check(rp, pp, cv, count, CITY.origin, CITY.cover, i) == -1
        for n in range(1, need + 1):
            k = building[n] if n == need and len(building) > n else 10 + n
            i = _police(cv, count, b, k, SWAT)
            expect = _nearest_vehicle_cell(count, b, cv[i, S.C_X], cv[i, S.C_Y])
            j = PO.apc_check(rp, pp, cv, count, CITY.origin, CITY.cover, i)
            assert PO.swat_in_play(cv) == n
            if n < need:
                assert j == -1 and PO.apc_in_play(cv) == -1
            else:
                assert j >= 0 and PO.apc_in_play(cv) == j
                assert (cv[j, S.C_X], cv[j, S.C_Y]) == expect and cv[j, S.C_BLOCK] == b
                assert cv[j, S.C_KIND] == PO.APC and cv[j, S.C_WEAPON] == WEAPONS.index(rules.apc_weapon)
                assert count[expect[1], expect[0]] == 1
        # one APC at a time; a wrecked one is replaced when the next SWAT arrives
        i = _police(cv, count, b, 30, SWAT)
        assert PO.apc_check(rp, pp, cv, count, CITY.origin, CITY.cover, i) == -1
        count[cv[j, S.C_Y], cv[j, S.C_X]] -= 1
        cv[j] = 0
        assert PO.apc_check(rp, pp, cv, count, CITY.origin, CITY.cover, -1) >= 0
    assert PO.apc_capacity(PP) == RULES.apc_capacity
    assert [PO.apc_defence(PP, f) for f in (PO.FRONT, PO.SIDE, PO.REAR)] == list(RULES.apc_defence)
