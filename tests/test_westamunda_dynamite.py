"""Westamunda dynamite (wm-10; rules text "Explosives" and "Fire Starting": docs/rules/westamunda.md
rows 162, 164, 170, 171 and 260).

The engine's reading: a side's fighters carry ``dynamite_a`` / ``dynamite_b`` sticks each (rare:
setup_max_rarity must allow it). Lighting takes a turn as a reload does (light_takes_turn): a
BS test (light_roll 'always') in the turn's reload category, a horse and heavy rain one band
harder; a lit bundle (up to dynamite_bundle sticks) is thrown in a later turn at
(2 x S + 2)", one to-hit roll; a hit centres the blast on the target, a miss scatters it (half
the artillery die; its misfire face: a dud); everyone under it (dynamite_radius_in by sticks +
template_base_in), friend or foe, takes a dynamite_strength hit. A lit bundle not thrown by the
end of its holder's next turn goes off where he is (unthrown_fuse 'explodes'), or is snuffed.

The tests read the engine's own trace (seed 5, every ordered pairing of the gunfighters). Counts
and event orders are deterministic (no false-alarm rate); the two tests of dice against exact
odds use an exact binomial test at a 1e-3 false-alarm rate each.
"""

import dataclasses

import pytest
from scipy.stats import binomtest
from test_westamunda_engine import lineups

from sim.core.params import ConfigError, build
from sim.westamunda import builds
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import WEAPONS, WMRules

NAMES = ["patient_aimer", "gunslinger_rush", "brawler", "flanker", "random"]
ALPHA = 1e-3
ROW = WEAPONS.index("dynamite")
DYN = WMRules(setup_max_rarity=2, dynamite_a=2, dynamite_b=2)


def fights(rules, n, names=NAMES, seed=5):
    """[(batch, events)] of n fights of ``rules``' own sides (builds.side_roster)."""
    ros = (builds.side_roster(rules, "a"), builds.side_roster(rules, "b"))
    k, w = lineups(names, n)
    return [E.replay(rules, seed, 1, i, k[i], w[i], rosters=ros,
                     gang_types=(rules.gang_a, rules.gang_b))[:2] for i in range(n)]


def rows(ev):
    return [tuple(int(v) for v in r) for r in ev]


def with_next(runs, kind):
    """(row, the row after it) of every event of ``kind`` in the traces of ``runs``."""
    for _, ev in runs:
        rr = rows(ev)
        for i, r in enumerate(rr):
            if r[2] == kind:
                yield r, rr[i + 1]


def total(runs, col):
    return sum(int(b.sides[0, s, col]) for b, _ in runs for s in range(2))


@pytest.fixture(scope="module")
def lit():
    return fights(DYN, 150)


@pytest.fixture(scope="module")
def in_throw():
    return fights(dataclasses.replace(DYN, light_takes_turn=False), 100)


@pytest.fixture(scope="module")
def snuffed():
    return fights(dataclasses.replace(DYN, unthrown_fuse="snuffed"), 100)


# ---------------------------------------------------------------- input and set-up


def test_bad_dynamite_input_names_the_key():
    with pytest.raises(ConfigError, match="dynamite_a 2: dynamite is rare.*setup_max_rarity"):
        builds.side_roster(WMRules(dynamite_a=2), "a")
    with pytest.raises(ConfigError, match=r"dynamite_b 3 for the townsfolk gang \(\$240"):
        builds.side_roster(WMRules(dynamite_b=3, setup_max_rarity=2), "b")
    with pytest.raises(ConfigError, match="dynamite_a / dynamite_b"):
        builds.swap(DYN, builds.build(DYN, "standard"), "dynamite")
    with pytest.raises(ConfigError, match="dynamite_a"):
        build(WMRules, {"dynamite_a": 13}, "test")
    with pytest.raises(ConfigError, match="unthrown_fuse.*'explodes', 'snuffed'"):
        build(WMRules, {"unthrown_fuse": "fizzles"}, "test")
    with pytest.raises(ConfigError, match="dynamite_bundle"):
        build(WMRules, {"dynamite_bundle": 0}, "test")
    with pytest.raises(ConfigError, match="expected dynamite_strength"):
        build(WMRules, {"dynamite_strength": 4}, "test")


def test_sticks_are_bought_and_deployed_unlit_in_one_slot():
    ros = builds.side_roster(DYN, "a")
    base = builds.side_roster(WMRules(setup_max_rarity=2), "a")
    assert DYN.roster_cost(ros) - DYN.roster_cost(base) == 10 * 2 * len(ros)
    fm, kit = E.forces(DYN, (ros, builds.side_roster(DYN, "b")))
    slots = kit[:, :, S.KW] == ROW
    assert (slots.sum(axis=1) == 1).all()
    assert (kit[slots][:, S.KRESERVE] == 2).all() and (kit[slots][:, S.KLOADED] == 0).all()
    assert (fm[:, S.FFUSE] == 0).all()


# ---------------------------------------------------------------- seen in play


def test_dynamite_is_lit_thrown_and_goes_off_in_play(lit):
    """Per 150 fights (both sides carry 2 sticks a fighter): bundles lit, thrown and blasting
    enemies at plausible rates; the own-side share of blast hits reported in the docs."""
    n_lit, thrown = total(lit, S.S_LIT), total(lit, S.S_DYN_THROWN)
    hits, own = total(lit, S.S_DYN_HITS), total(lit, S.S_DYN_OWN)
    assert n_lit >= 150, n_lit
    assert thrown >= 75, thrown
    assert hits - own >= 60, (hits, own)
    assert total(lit, S.S_LIGHT_FAILS) >= 50
    assert total(lit, S.S_FUSES) >= 10


def test_a_bundle_is_thrown_in_a_later_turn_than_it_was_lit(lit):
    """light_takes_turn: every dynamite throw comes after a LIGHT of that fighter in an
    earlier round, with no throw in between; the blast's sticks are the bundle lit."""
    for _, ev in lit:
        held, expect = {}, None  # fighter -> (round lit, sticks); the next dynamite blast's
        for r in rows(ev):
            if r[2] == S.Ev.LIGHT and r[5] == 1:
                assert r[1] not in held
                assert r[9] == 0  # lit for a later turn
                held[r[1]] = (r[0], r[7])
            elif r[2] == S.Ev.SHOT and r[4] == ROW:
                when, sticks = held.pop(r[1])
                assert when < r[0]
                expect = (r[1], sticks)
            elif r[2] == S.Ev.FUSE:
                expect = (r[1], held.pop(r[1])[1])
                assert expect[1] == r[3]
            elif r[2] == S.Ev.BLAST and r[10] > 0:
                assert (r[1], r[10]) == expect
                expect = None


def test_lighting_rolls_match_the_bs_test(lit):
    """Each lighting roll passes exactly when its die reaches the logged need (a natural 1
    fails; no need above 6 at these profiles); BS 3 lighters (need 4+) pass half their rolls
    (exact binomial, two-sided, 1e-3)."""
    tries = [r for _, ev in lit for r in rows(ev) if r[2] == S.Ev.LIGHT and r[6] > 0]
    assert len(tries) >= 200
    for r in tries:
        assert 2 <= r[10] <= 6
        assert r[5] == (1 if r[6] >= r[10] else 0)
        assert r[4] in (0, 1)  # still or walking: lit on the auto or roll band, always rolled
    at4 = [r[5] for r in tries if r[10] == 4]
    assert binomtest(sum(at4), len(at4), 0.5).pvalue > ALPHA


def test_blast_catches_only_fighters_within_its_reach(lit):
    """Every dynamite BLAST lists as many BLAST_HIT rows as it says, each within the bundle's
    reach (dynamite_radius_in + template_base_in) of its centre, one hit each."""
    n_blasts = 0
    for _, ev in lit:
        rr = rows(ev)
        for i, r in enumerate(rr):
            if r[2] != S.Ev.BLAST or r[10] == 0 or r[11] == 1:
                continue
            n_blasts += 1
            reach = 10 * (DYN.dynamite_radius_in[r[10] - 1] + DYN.template_base_in)
            under = [h for h in rr[i + 1:] if h[2] == S.Ev.BLAST_HIT and h[3] == r[1]][:r[8]]
            assert len(under) == r[8]
            assert all(h[4] == 1 and h[5] <= reach + 1 for h in under)
    assert n_blasts >= 75


def test_a_missed_throw_is_a_dud_on_the_misfire_face(lit):
    """A missed throw scatters on the artillery die; its misfire face (one of six) is a dud:
    exact binomial, two-sided, 1e-3. A hit never scatters or fails."""
    duds = misses = 0
    for _, ev in lit:
        rr = rows(ev)
        for i, r in enumerate(rr):
            if r[2] == S.Ev.SHOT and r[4] == ROW:
                blast = next(b for b in rr[i + 1:] if b[2] == S.Ev.BLAST and b[1] == r[1])
                if r[7] == 1:
                    assert blast[5] == 0 and blast[6] == -1 and blast[11] == 0
                else:
                    misses += 1
                    duds += blast[11]
    assert misses >= 60
    assert binomtest(duds, misses, 1 / 6).pvalue > ALPHA


def test_an_unthrown_fuse_goes_off_on_its_holder(lit, snuffed):
    """'explodes': a FUSE is followed by an unscattered BLAST of its sticks by the holder;
    'snuffed': no blast, and the sticks are back (lit again later, or left at the end)."""
    fuses = list(with_next(lit, S.Ev.FUSE))
    assert len(fuses) >= 10
    for r, b in fuses:
        assert r[4] == 1
        assert (b[1], b[2], b[5], b[6], b[10]) == (r[1], S.Ev.BLAST, 0, -1, r[3])
    fuses = list(with_next(snuffed, S.Ev.FUSE))
    assert len(fuses) >= 5
    for r, b in fuses:
        assert r[4] == 0
        assert not (b[2] == S.Ev.BLAST and b[1] == r[1])
    assert total(snuffed, S.S_DYN_HITS) > 0


def test_lit_as_part_of_the_throw_when_light_takes_turn_is_off(in_throw):
    """Off: every LIGHT is in the throw (g 1) and a lit one is followed at once by its throw;
    nothing is held over, so no fuse burns."""
    n = 0
    for _, ev in in_throw:
        rr = rows(ev)
        for i, r in enumerate(rr):
            if r[2] == S.Ev.LIGHT:
                assert r[9] == 1
                if r[5] == 1:
                    n += 1
                    nxt = rr[i + 1]
                    assert (nxt[1], nxt[2], nxt[4]) == (r[1], S.Ev.SHOT, ROW)
            assert r[2] != S.Ev.FUSE
    assert n >= 40


def test_bundle_size_and_heavy_rain():
    """dynamite_bundle 1: stick by stick (each LIGHT lights one, the blast is a 1-stick one);
    heavy rain moves lighting a band up (never the automatic band)."""
    runs = fights(dataclasses.replace(DYN, dynamite_bundle=1, heavy_rain=True,
                                      light_roll="category"), 50)
    lights = [r for _, ev in runs for r in rows(ev) if r[2] == S.Ev.LIGHT]
    assert len(lights) >= 20
    assert all(r[7] in (0, 1) for r in lights)
    assert all(r[4] >= 1 for r in lights)
    blasts = [r for _, ev in runs for r in rows(ev) if r[2] == S.Ev.BLAST and r[10] > 0]
    assert blasts and all(r[10] == 1 for r in blasts)
