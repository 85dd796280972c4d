"""Westamunda horses (rules wm-5; docs/rules/westamunda.md, "Horses" and rows 177-227): the
mechanics seen in play from the engine's own tidy records, the engine's horse dice against their
exact odds (read off the traces the auditor of test_westamunda_engine.py has checked event by
event), the set-ups the rules refuse with a mounted side, and the faults the audit of 2026-12-05
found (fixed since), each pinned by a test.

Mounted sides are the standard gang with a horse each (``Recruit.horse``; $1564, so the gang
budget is raised to $3000), played against itself on foot or mounted, every ordered pairing of
the gunfighters. Statistical tests are seeded and state their false-alarm rate (1e-3 each
unless said). With the engine compiled (cached), the file takes about 10 s.
"""

import dataclasses
import math

import numpy as np
import pytest
from test_westamunda_engine import NAMES, WM21, agrees, audited, bolt_direction_pmf, lineups
from wm_kit import MIXED, WEAK

from helpers import binom_p
from sim.core.params import ConfigError
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import Recruit, WMRules
from strategies.westamunda import table

RULES = WMRules(gang_budget=3000)  # a mounted standard gang costs $1564
BASE = E.standard_roster(RULES)
MOUNTED = tuple(r._replace(horse=True) for r in BASE)
MIXED_HORSED = tuple(r._replace(horse=True) for r in MIXED)
HORSE_COLUMNS = ("riders", "horse_hits", "horses_lost", "falls", "bolts", "runaways",
                 "dismounts", "horses_calmed")
ALPHA = 1e-3


def col(sides, name):
    return sides[..., S.SIDE_NAMES.index(name)]


@pytest.fixture(scope="module")
def field():
    """Tidy records of 400 fights of every ordered pairing of the gunfighters (random included):
    200 with side A mounted against B on foot, 200 with both mounted (seed 31)."""
    k, w = lineups(NAMES, 200)
    one = E.play_batch(RULES, 31, 0, 0, k, w, (MOUNTED, BASE))
    both = E.play_batch(RULES, 31, 1, 0, k, w, (MOUNTED, MOUNTED))
    return one, both


@pytest.fixture(scope="module")
def traced():
    """The auditor's counts and lists over 240 traced fights with both sides mounted (every
    trace checked against the rules event by event; about 5 s)."""
    return audited(RULES, 240, (MOUNTED, MOUNTED), seed=17, stream=2)


# ---------------------------------------------------------------- the mechanics in play


def test_every_horse_mechanic_happens_at_a_plausible_rate(field):
    """From the engine's tidy records: on the mounted side every horse mechanic happens (each
    column above a floor of a third or less of what these fights show, per fight), none on
    the side on foot (but for horses it took by boarding, wm-24), and the counts hang
    together: every fighter of a mounted side rides at the start; horses lost are horses hit (shots, templates and blows) or run into something
    (a crash only in a bolt or a runaway); every horse lost throws its rider (falls); a rider
    comes off (a fall, or stepping down) once at most for each time he got on (the start, and
    since wm-18 each mount again, and since wm-24 each climb onto an enemy's horse: a fall if
    it fails, a horse if it wins)."""
    one, both = field
    n = len(one.games)
    a = one.sides[:, 0].sum(axis=0)  # side A rides
    floors = {"horse_hits": 0.9, "horses_lost": 0.45, "falls": 0.7, "bolts": 0.1,
              "runaways": 0.04, "dismounts": 0.8, "horses_calmed": 0.1}  # seen: 2.8, 1.3,
    # 2.2, 0.33, 0.13, 2.4, 0.31 a fight
    per = {name: a[S.SIDE_NAMES.index(name)] / n for name in HORSE_COLUMNS}
    # horse_hits is counted for the side that struck: side B's hits on side A's horses
    per["horse_hits"] = one.sides[:, 1].sum(axis=0)[S.SIDE_NAMES.index("horse_hits")] / n
    for name, lo in floors.items():
        assert per[name] >= lo, (name, per[name])
    assert (col(one.sides[:, 0], "riders") == len(MOUNTED)).all()
    assert (col(one.sides[:, 0], "riders") == col(one.sides[:, 0], "fighters_start")).all()
    foot = one.sides[:, 1]
    took = col(foot, "boards_won") > 0  # (since wm-24 a man on foot may take a rider's horse)
    assert took.any() and col(foot, "riders").sum() == 0
    for name in HORSE_COLUMNS:
        if name not in ("horse_hits", "falls"):
            assert col(foot, name)[~took].sum() == 0, name
    # (a boarder thrown back off a horse falls: the only falls of a side that took no horse)
    assert (col(foot, "falls")[~took] <= (col(foot, "board_fails") +
                                          col(foot, "boards_lost"))[~took]).all()
    # no horses on side B to hit (but those it took): side A's horse hits are its stray
    # shots' on its own horses
    mine = one.sides[:, 0]
    assert (col(mine, "horse_hits") <= col(mine, "stray_hits"))[~took].all()
    for b in (one, both):
        for s_ in (0, 1):
            mine, theirs = b.sides[:, s_], b.sides[:, 1 - s_]
            lost = col(mine, "horses_lost")  # (a template may hit a friend's horse)
            assert (lost <= col(theirs, "horse_hits") + col(mine, "horse_hits") +
                    col(mine, "bolts") + col(mine, "runaways")).all()
            assert (col(mine, "falls") >= lost).all()
            assert (col(mine, "falls") + col(mine, "dismounts") <=
                    col(mine, "riders") + col(mine, "mounts") + col(mine, "boards")).all()
    assert col(both.sides, "riders").sum() == 2 * len(MOUNTED) * n


def test_the_audit_sees_every_horse_rule_at_work(traced):
    """The auditor (which checks each event) met every horse rule in these fights: hits on
    riders and on horses, both kinds of blow, falls of each kind and fast ones, stay-on and calm
    tests, bolts (from a still horse too), runaways, crashes, mounted reloads and jam clearing,
    the horse's bulk in a charge, dismounted snap shots and snap shots after a bolt past M."""
    for name in ("shots_at_riders", "rider_wound_rolls", "fall_wounds", "bolts", "runaways",
                 "crashes", "dismounts", "dismounted_shots", "horse_run_snaps", "bulk_rounds",
                 "mounted_melee_sides", "mounted_clears", "horses_calmed"):
        assert traced[name] > 0, name
    for name in ("locate_dice", "horse_wound_rolls", "fast_fall_hits", "stay_on", "calm",
                 "still_bolts", "bolt_dirs"):
        assert len(traced[name]) > 0, name
    assert {d for _, d in traced["locate_dice"]} == {0, 1}  # shots and blows located
    assert set(traced["falls_why"]) == {0, 1, 2}  # horse down, thrown, rider down
    assert {r[3] for r in traced["horse_wound_rolls"]} == {False, True}  # hits and crashes
    assert any(r[4] for r in traced["horse_wound_rolls"])  # blows on horses
    assert traced["mounted_steps_past_foot_m"] > 0  # riders walk at the horse's M


# ---------------------------------------------------------------- the horse dice, exactly


def test_the_location_die_is_a_fair_d6_the_horse_on_four_faces(traced):
    """Every hit on a rider (shots and blows) is located by a D6, the horse on 1-4 (the
    auditor asserts the face decides it): the faces fit 1/6 each (chi-square) and the horse's
    share 4/6 (exact binomial). False-alarm rate 1e-3 each."""
    faces = np.bincount([b for b, _ in traced["locate_dice"]], minlength=7)
    assert faces[0] == 0 and len(faces) == 7 and faces.sum() >= 1000
    assert agrees(faces[1:], [1 / 6] * 6, ALPHA), faces
    horse = int(faces[1:7 - RULES.rider_hit_faces].sum())
    assert binom_p(horse, int(faces.sum()), 4 / 6) > ALPHA, (horse, faces.sum())


@pytest.fixture(scope="module")
def mixed_traced():
    """The auditor's counts over 120 traced fights of the mixed kit on foot against it mounted,
    with S2 young bloods (WEAK): shots and blows at horses of S 2, 3 and 4."""
    return audited(dataclasses.replace(WEAK, gang_budget=3000), 120, (MIXED, MIXED_HORSED),
                   seed=23, stream=4)


def test_horse_wounds_at_each_strength_match_the_chart_against_t3(traced, mixed_traced):
    """A hit on a horse (T 3) wounds on the chart's need for its S: S2 blows and pistols 5+
    (1/3), revolvers, Winchesters and a crash's S3 4+ (1/2), Springfields S4 3+ (2/3). Exact
    binomial per strength (at least 30 rolls each), false-alarm rate 1e-3 each (three tests);
    every roll's need is the chart's (the auditor)."""
    rolls = traced["horse_wound_rolls"] + mixed_traced["horse_wound_rolls"]
    tested = 0
    for s in sorted({r[0] for r in rolls}):
        got = [r[2] for r in rolls if r[0] == s]
        if len(got) < 30:
            continue
        need = RULES.wound_need(s, RULES.horse_profile[4])
        p = (7 - need) / 6 if need else 0.0
        assert binom_p(sum(got), len(got), p) > ALPHA, (s, sum(got), len(got), p)
        tested += 1
    assert tested == 3


def _i_test_fits(tests, rules):
    """(I, passed) pairs fit the engine's initiative test (``WMRules.p_test`` with
    initiative: i_roll_reading): an exact binomial per I value seen 20 times or more."""
    n_tested = 0
    for i in sorted({t[0] for t in tests}):
        got = [t[1] for t in tests if t[0] == i]
        if len(got) < 20:
            continue
        p = float(rules.p_test(i, 0, initiative=True))
        assert binom_p(sum(got), len(got), p) > ALPHA, (i, sum(got), len(got), p)
        n_tested += 1
    return n_tested


def test_stay_on_and_calm_tests_pass_at_the_initiative_odds(traced):
    """A rider's test to stay on (STAY_ON) and to calm his pinned horse (CALM) is an I test
    (i_roll_reading 'seven_minus': I 3 passes on 4+, I 4 on 3+): exact binomial per I value,
    false-alarm rate 1e-3 each (up to four tests)."""
    assert _i_test_fits([(i, a) for i, a, _ in traced["stay_on"]], RULES) >= 1
    assert _i_test_fits(traced["calm"], RULES) >= 1


@pytest.mark.parametrize("reading,p", [("seven_minus", 5 / 6), ("under", 1.0)])
def test_stay_on_and_calm_tests_follow_the_i_roll_reading(reading, p):
    """The two readings of an I test differ only from I 6 (I 1 to 5 pass alike): with every
    fighter at I 6, 'seven_minus' (the text's 7 - I, a natural 1 failing) passes 5/6 of the
    stay-on and calm tests and 'under' (a D6 at most I) all of them: 60 traced fights each,
    exact binomial, false-alarm rate 1e-3 (a single failure refutes 'under')."""
    rules = WMRules(gang_budget=3000, i_roll_reading=reading, profiles=tuple(
        row[:6] + (6,) + row[7:] for row in RULES.profiles))
    assert float(rules.p_test(6, 0, initiative=True)) == pytest.approx(p)
    seen = audited(rules, 60, (MOUNTED, MOUNTED), seed=19, stream=3)
    tests = [(i, a) for i, a, _ in seen["stay_on"]] + list(seen["calm"])
    assert {i for i, _ in tests} == {6} and len(tests) >= 60
    assert _i_test_fits(tests, rules) == 1


def test_fast_falls_take_a_d3_of_hits(traced):
    """A fall above the horse's M takes a D3 of hits (fall_fast_hits_die): 1, 2, 3 at 1/3 each
    (chi-square, false-alarm rate 1e-3); at or below M always one (the auditor)."""
    hits = np.bincount(traced["fast_fall_hits"], minlength=4)
    assert hits[0] == 0 and len(hits) == 4 and hits.sum() >= 100
    assert agrees(hits[1:], [1 / 3] * 3, ALPHA), hits


def test_bolts_go_every_way(traced):
    """A bolting horse's direction is a D360 (the scatter die): its logged direction (tenths of
    x and y) grouped in eight 45-degree sectors fits the exact distribution of a uniform whole
    degree (chi-square, false-alarm rate 1e-3)."""
    pmf = bolt_direction_pmf()

    def sector(xy):
        degs = [deg for deg in range(360) if
                (round(10 * math.cos(math.radians(deg))),
                 round(10 * math.sin(math.radians(deg)))) == xy]
        return int(degs[len(degs) // 2] // 45)  # every whole degree of a pair is in one sector

    probs = np.zeros(8)
    for xy, p in pmf.items():
        probs[sector(xy)] += p
    counts = np.bincount([sector(xy) for xy in traced["bolt_dirs"]], minlength=8)
    assert counts.sum() >= 100 and len(counts) == 8
    assert agrees(counts, probs, ALPHA), counts


def test_a_still_horse_bolts_an_artillery_die_plus_two(traced):
    """A pinned horse that had stood still bolts an artillery-die face (2, 4, 6, 8, 10 or the
    misfire's 0) + horse_bolt_extra_in (2") inches: its planned half-inches fit the six faces
    at 1/6 each (chi-square, false-alarm rate 1e-3)."""
    budgets = [min(2 * f + 2 * RULES.horse_bolt_extra_in, 4 * RULES.horse_profile[0])
               for f in RULES.scatter_faces]
    counts = [traced["still_bolts"].count(b) for b in budgets]
    assert sum(counts) == len(traced["still_bolts"]) >= 30
    assert agrees(counts, [1 / 6] * 6, ALPHA), counts


# ---------------------------------------------------------------- what the rules refuse


@pytest.mark.parametrize("kw,words", [
    ({"mounted_a": True, "scenario": "shoot_out"},
     ["mounted_a", "scenario 'shoot_out'", "fought on foot"]),
    ({"mounted_b": True, "scenario": "shoot_out"}, ["mounted_b", "scenario 'shoot_out'"]),
    ({"mounted_a": True, "mounted_b": True, "gang_budget": 3000, "scenario": "shoot_out"},
     ["mounted_a and mounted_b", "shoot_out"]),
    ({"mounted_b": True, "gang_budget": 3000, "horse_turning": "circle"},
     ["mounted_b", "horse_turning 'circle'", "expected 'unlimited'"]),
    ({"mounted_a": True, "gang_budget": 3000, "mounted_aim_still_only": False},
     ["mounted_a", "mounted_aim_still_only false", "expected true"]),
], ids=["a-shoot-out", "b-shoot-out", "both-shoot-out", "circle", "aim-on-the-move"])
def test_rules_the_engine_cannot_play_mounted_are_refused_by_name(kw, words):
    """A mounted side with the shoot-out (fought on foot), a turning circle or aimed shots from
    a moving horse: WMRules.problem() names the keys and what is expected, and play_batch
    refuses the rules before any fight."""
    msg = WMRules(**kw).problem()
    assert msg is not None and all(w in msg for w in words), msg
    k, w = table(["random", "random"])
    with pytest.raises(ConfigError, match=words[0]):
        E.play_batch(WMRules(**kw), 1, 0, 0, k[[[0, 1]]], w[[[0, 1]]])


def test_the_same_keys_on_foot_are_fine():
    """Without a mounted side the shoot-out, the turning circle and aiming on the move are no
    problem (nothing rides)."""
    for kw in ({"scenario": "shoot_out"}, {"horse_turning": "circle"},
               {"mounted_aim_still_only": False}):
        assert WMRules(**kw).problem() is None, kw


@pytest.mark.parametrize("kw", [{"scenario": "shoot_out"}, {"horse_turning": "circle"},
                                {"mounted_aim_still_only": False}],
                         ids=["shoot-out", "circle", "aim-on-the-move"])
def test_rosters_with_horses_are_refused_where_a_mounted_side_is(kw):
    """The same refusals for a roster whose recruits have horses (``Recruit.horse``, as
    play_batch's ``rosters`` take them): the engine should not play them, silently on foot in
    the shoot-out's spirit or with free turns under 'circle'."""
    k, w = table(["random", "random"])
    with pytest.raises(ConfigError):
        E.play_batch(WMRules(gang_budget=3000, **kw), 1, 0, 0, k[[[0, 1]]], w[[[0, 1]]],
                     (MOUNTED, BASE))


# ---------------------------------------------------------------- faults found by the audit


def test_a_pinned_riders_horse_goes_its_whole_distance():
    """Text: a pinned rider's horse 'will move forward in its subsequent turn, in its original
    direction with movement rate -2"'; a pinned horse 'will carry on moving unlike a human'.
    The auditor counts horse runs cut short by a pin the rider had before the run began
    (only the table edge, a fighter, the cost or blocking terrain may stop them): none."""
    seen = audited(RULES, 12, (MOUNTED, BASE), games=[4, 11])
    assert seen["horse_runs_cut_by_old_pin"] == 0, seen["horse_runs_cut_by_old_pin"]


def test_a_horse_run_ends_its_riders_aim():
    """Aimed shots from horseback only with the horse still (mounted_aim_still_only): an aim
    held when his horse goes on its own is lost (AIM_LOST, as for any aimer who moves)."""
    seen = audited(RULES, 48, (BASE, MOUNTED), games=[30])
    assert seen["aims_kept_in_horse_runs"] == 0


def test_the_total_aim_cap_counts_the_large_target():
    """odds.hit_modifier with aim_cap_reading 'total' caps aim + large target + range at
    aim_bonus_max; the engine's need for a shot at a rider should too (the auditor counts
    shots at riders whose need differs from the capped one)."""
    rules = WMRules(gang_budget=3000, aim_cap_reading="total", **WM21)  # (wm-21's fight 9)
    seen = audited(rules, 48, (BASE, MOUNTED), overrides={"patient_aimer": {"aim_turns": 3}},
                   games=[9])
    assert seen["shots_at_riders"] > 0
    assert seen["total_cap_binding"] > 0  # shots whose need the cap on the size changed


IRON = tuple(Recruit("pugilist", ("revolver",), ("revolver",), skills=("iron_jaw",), horse=True)
             if i in (1, 2, 3, 4, 5) else r for i, r in enumerate(MOUNTED))


def test_a_blow_on_the_horse_ignores_its_riders_iron_jaw():
    """Mounted pugilists with iron jaw charged by brawlers: every HORSE event from a blow
    carries the attacker's full S (the auditor counts those at the rider's iron-jaw S)."""
    rules = dataclasses.replace(RULES, max_specialists=5)
    seen = audited(rules, 24, (IRON, BASE), names=["patient_aimer", "brawler"])
    assert any(r[4] for r in seen["horse_wound_rolls"])  # blows on their horses
    assert seen["iron_jaw_horse_blows"] == 0, seen["iron_jaw_horse_blows"]



CAV_MIRROR = WMRules(mounted_a=True, mounted_b=True, gang_a="cavalry", gang_b="cavalry",
                     build_a="balanced", build_b="balanced")


@pytest.mark.parametrize("rules,least", [(CAV_MIRROR, 5), (dataclasses.replace(
    CAV_MIRROR, down_alone_out=False), 0)], ids=["down-alone-out", "down-stays-in"])
def test_a_rider_thrown_down_by_a_blow_on_his_horse_is_out_of_action(rules, least):
    """The fault the wm-13 audit found, fixed in wm-14: a blow located on the horse that fells
    it and throws the rider down left him lying in the fight (a fighter downed by a blow at
    him was out of action at once, down_alone_out); if his recovery roll stood him up he was
    pinned while engaged. The auditor now fails a combat round that leaves a fighter down and
    still engaged under down_alone_out, and pins a fighter up again in hand-to-hand no more.
    The cavalry mirror, both sides mounted, the brawler, the gunslinger rush and random (16
    traced fights, seed 5): riders thrown down this way are taken out at once (seen 19 in
    these fights under the defaults; floor 5; the wm-13 engine failed this auditor on the same
    mirror with nerve_friend_in 6, seed 10); with down_alone_out off the fights pass too."""
    seen = audited(rules, 16, "rules", names=["brawler", "gunslinger_rush", "random"])
    assert seen["thrown_down_out"] >= least, seen["thrown_down_out"]
    if least == 0:
        assert seen["thrown_down_out"] == 0  # nobody is taken out for lying in a fight
