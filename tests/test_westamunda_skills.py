"""Westamunda: the specialist's skills and the native war band's resilience (wm-4) on the
engine's own traces and records.

The independent trace auditor (``_audit`` in tests/test_westamunda_engine.py) checks every
skill's rule on every traced fight of each configuration below, reading each fighter's skills,
kit and gang type from the rosters and rules alone: each shot's need with hip shooting,
marksman's band, a long gun fired with an arm locked and the second handgun's modifier; every
injury roll against its faces (True Grit's, the war band's second die under native_injury,
drowning on each die); every SAVE (dodge, step aside); combat scores, arm locks and the blows'
wound needs (body slam, hatred, the two-weapon die, crushing blow, iron jaw, locked arms); the
escape tests of nerves of steel; and the tidy skill columns. Then each mechanic is seen
happening at its exact odds in a few hundred fights. Three engine discrepancies the audit
found (a second handgun after an overwatch shot; drowned and hip_shots each missing a case)
were fixed and are kept as regression tests.

Statistical tests are seeded; each states its false-alarm rate. After compilation the module
takes about 35 s on a shared 2-core machine (the audited cases about 19 s, the few hundred
fights of the seen-happening fixture about 16 s).
"""

import collections

import numpy as np
import pytest
from test_westamunda_engine import (
    NAMES,
    SHELL_OV,
    SKILL_COLUMNS,
    audited,
    combat_pmf,
    lineups,
)
from wm_kit import MIXED

from helpers import binom_p, chi2_p
from sim.westamunda import api, odds
from sim.westamunda import state as S
from sim.westamunda.engine import play_batch, standard_roster
from sim.westamunda.rules import INJURIES, SKILLS, Recruit, WMRules

ALPHA = 1e-3  # false-alarm rate of each statistical test here
BRAWLERS = {"build_a": "brawlers", "build_b": "brawlers"}
# true grit is on neither specialist's list by default: a pugilist may pick it here
GRIT = WMRules().pugilist_skills + (SKILLS.index("true_grit"),)
# a gunfighter with two revolvers and no long gun (the standard gang's shootist keeps his
# Winchester and so fires his second revolver less often), and gangers with two revolvers
# (who fire both at once only when two_weapons_need_skill is off)
STD = standard_roster()
GUNFIGHTER = Recruit("shootist", ("revolver", "revolver"), ("revolver", "revolver"),
                     skills=("gunfighter",))
TWO_GUNS = Recruit("ganger", ("revolver", "revolver"), ("revolver", "revolver"))
GF = (STD[0], GUNFIGHTER) + STD[2:]
GF_PAIRS = (STD[0], GUNFIGHTER, TWO_GUNS, TWO_GUNS) + STD[4:]
# a wrassler's brawler gang against a gang with Winchesters only: a fighter whose arm is locked
# and who gets out of the fight fires his long gun one-handed (rare: the loser of a combat
# mostly goes on losing it; melee_hits 'one' and faces that seldom put him down help)
WRASSLERS = api.gangs(WMRules(skill_a="wrassler", **BRAWLERS))[0][0]
RIFLES = tuple(r._replace(weapons=("winchester",), boxes=("winchester",)) for r in STD)
ONE_ARM = WMRules(melee_hits="one", injury_faces=(0, 0, 0, 0, 2, 2))
ONE_ARM_FIGHTS = [465, 618, 858, 960]  # of 1000 at seed 7: the fights with one-armed shots


# ---------------------------------------------------------------- the rules on the traces

def case(rules, expect, rosters="rules", n=48, seed=5, types=("townsfolk", "townsfolk"),
         games=None, drowned=True):
    """One audited configuration: ``rules`` fought by ``rosters`` ('rules': the gangs the
    rules build, their specialists' skills included) of gang ``types``, n fights (or fights
    ``games`` of them) at ``seed``; ``expect``: the auditor's counts the case must make
    non-zero (what it is there to exercise); ``drowned``: the tidy drowned column is checked
    against the trace (see test_drowned_counts_a_best_of_two_out_only_water_made)."""
    return {"rules": rules, "expect": expect, "rosters": rosters, "n": n, "seed": seed,
            "types": types, "games": games, "drowned": drowned}


NATIVES = ("native_war_band", "native_war_band")
CASES = {
    "gunfighter-v-hip": case(WMRules(skill_a="gunfighter", skill_b="hip_shooting"),
                             ("off_hand_shots", "hip_shots")),
    # hip_reading 'so_far': a run's first steps' snap shots keep the -1 (hip_runner_shots)
    "hip-so-far": case(WMRules(skill_a="hip_shooting", skill_b="hip_shooting",
                               hip_reading="so_far"), ("hip_shots", "hip_runner_shots"), n=96),
    "marksman-v-nerves": case(WMRules(skill_a="marksman", skill_b="nerves_of_steel",
                                      unpin_friend_in=6), ("marksman_shots", "nerves_rerolls")),
    "both-bands-alone": case(WMRules(skill_a="nerves_of_steel", skill_b="marksman",
                                     marksman_reading="both_bands", nerves_reading="alone",
                                     run_reading="declared"), ("marksman_shots", "alone_escapes")),
    "two-handguns": case(WMRules(gunfighter_modifier=-1), ("off_hand_shots",), (GF, GF)),
    "two-handguns-no-skill": case(WMRules(two_weapons_need_skill=False, gunfighter_modifier=-2),
                                  ("off_hand_shots",), (GF_PAIRS, GF_PAIRS), 32),
    "wrassler-v-dodge": case(WMRules(skill_a="wrassler", skill_b="dodge", **BRAWLERS),
                             ("arm_locks", "skill_saves", "hated_rounds", "melee_rounds_locked")),
    "body-slam-v-iron-jaw": case(WMRules(skill_a="body_slam", skill_b="iron_jaw", **BRAWLERS),
                                 ("slam_rounds", "blows")),
    "crushing-blow-v-step-aside": case(WMRules(skill_a="crushing_blow", skill_b="step_aside",
                                               **BRAWLERS), ("skill_saves", "blows")),
    "true-grit-v-wrassler": case(WMRules(skill_a="true_grit", skill_b="wrassler",
                                         pugilist_skills=GRIT, **BRAWLERS),
                                 ("grit_rolls", "arm_locks")),
    # bonuses far from the plain charge bonus and from none, so a skill's bonus the engine
    # forgot shows on single combat rounds (the scores left after it fit no dice)
    "slam-v-wrassler-readings": case(WMRules(skill_a="body_slam", skill_b="wrassler",
                                             body_slam_charge_bonus=4, hatred_combat_bonus=3,
                                             melee_hits="one", **BRAWLERS),
                                     ("slam_rounds", "hated_rounds", "arm_locks"), n=96),
    "crushing-v-dodge-readings": case(WMRules(skill_a="crushing_blow", skill_b="dodge",
                                              crushing_blow_strength=3, dodge_save=4,
                                              **BRAWLERS), ("skill_saves",)),
    "wrassler-v-step-aside-ws-roll": case(WMRules(skill_a="wrassler", skill_b="step_aside",
                                                  melee_reading="ws_roll", step_aside_on=5,
                                                  **BRAWLERS), ("skill_saves", "arm_locks")),
    "iron-jaw-v-body-slam-readings": case(WMRules(skill_a="iron_jaw", skill_b="body_slam",
                                                  iron_jaw_strength=2, body_slam_charge_bonus=0,
                                                  **BRAWLERS), ("slam_rounds",)),
    "native-injury-roll": case(WMRules(gang_a="native_war_band", skill_a="true_grit",
                                       skill_b="dodge", pugilist_skills=GRIT, **BRAWLERS),
                               ("native_rolls", "native_saves", "grit_rolls")),
    "native-best-of-two": case(WMRules(gang_a="native_war_band", native_injury="best_of_two",
                                       skill_a="hip_shooting", skill_b="gunfighter"),
                               ("native_rolls", "native_saves")),
    # war bands wounded in water (S4 guns, a river, rough ground): drowning on either die
    "natives-in-a-river": case(WMRules(waterway="river", rough_patches=10), (
        "native_rolls", "drownings"), (MIXED, MIXED), 96, 8, NATIVES),
    "natives-in-a-river-best-of-two": case(WMRules(waterway="river", rough_patches=10,
                                                   native_injury="best_of_two",
                                                   melee_drowning=True),
                                           ("native_rolls", "drownings"), (MIXED, MIXED), 96,
                                           10, NATIVES),
    # hired fighters: scouts are resilient (native_injury) whatever their gang; a bounty hunter
    # and hired guns with their kits' shotguns and buffalo guns
    "hired-scouts-v-bounty-hunter": case(WMRules(hire_a="scout_1", hire_count_a=3,
                                                 hire_b="bounty_hunter"),
                                         ("native_rolls",), n=64),
    "hired-guns": case(WMRules(hire_a="hired_gun_3", hire_b="hired_gun_4", hire_count_a=2, hire_count_b=2,
                               build_a="balanced", build_b="balanced"), ("shots",)),
    "one-arm": case(ONE_ARM, ("one_arm_shots", "arm_locks"), (WRASSLERS, RIFLES), 1000, 7,
                    games=ONE_ARM_FIGHTS),
}


@pytest.mark.parametrize("name", list(CASES))
def test_skills_hold_on_every_trace(name):
    """The auditor on every traced fight (every pairing of the gunfighters): each skill's rule
    holds, and the case exercises what it is for (its counts are not 0)."""
    c = CASES[name]
    seen = audited(c["rules"], c["n"], c["rosters"], seed=c["seed"], games=c["games"],
                   types=c["types"])
    assert seen["shots"] > 0
    for key in c["expect"]:
        assert seen[key] > 0, (key, {k: seen[k] for k in c["expect"]})
    if c["drowned"]:
        assert seen["drowned_records"] == seen["drownings"], "the tidy count is the trace's"


# Three engine discrepancies the audit found (fixed on 2026-12-05), kept as regressions.
# 1. Under native_injury 'best_of_two' a war band's fighter wounded in water whose one injury
# die drowns him (a face the table makes down, at or over drown_out_on) while the other is a
# natural out of action is out of action only because of the water (the better of down and out
# would be down): drowned must count him. Fights 21 and 43 of the case at seed 10 (seed 9's
# fight 82 until wm-15's stray shots changed the fights): INJURY (a=5, b=out, c=6) in water
# and (a=4, b=out, c=6) in deep water (drowns on 4+): the traces show 2 drownings.
def test_drowned_counts_a_best_of_two_out_only_water_made():
    c = CASES["natives-in-a-river-best-of-two"]
    seen = audited(c["rules"], c["n"], c["rosters"], seed=c["seed"], games=[21, 43],
                   types=c["types"])
    if seen["drownings"] != 2:  # (a plain failure, not the expected one: re-pick the fights)
        pytest.fail(f"fights 21 and 43 no longer show the case: {seen['drownings']} drownings")
    assert seen["drowned_records"] == seen["drownings"]


# 2. The stationary overwatch (_overwatch_stationary) fires through _shoot_now, which called
# _off_hand: a gunfighter on aimed overwatch fired his second revolver after his aimed
# overwatch shot, the aim bonus counted again (fight 111 of GF against GF at seed 5 before the
# fix). Now the auditor refuses any second handgun after an aimed or overwatch shot on every
# trace; here 112 fights of two-revolver gunfighters who watch and aim.
def test_no_second_handgun_after_an_overwatch_shot():
    seen = audited(WMRules(), 112, (GF, GF))
    assert seen["off_hand_shots"] > 0
    assert seen["off_hand_after_overwatch"] == 0


# 3. A running hip shooter's second barrel fired at a bare point (Ev.POINT_SHOT) is spared the
# snap modifier and is counted in hip_shots (the auditor's tally of the tidy column counts it).
# Fight 41: side A's hip shooter (fighter 1) fires a scatter pair on the move (SHOT g = SH_PAIR
# | SH_MIDMOVE | SH_SNAP, MOD_HIP), the second barrel at a point (POINT_SHOT, need 5 without
# the snap -1): two rolls spared.
HIP_SHOTGUNS = WMRules(skill_a="hip_shooting", skill_b="hip_shooting", swap_a="shotgun_scatter",
                       swap_b="sawnoff_scatter")


def test_hip_shots_count_a_hip_shooters_point_shots():
    seen = audited(HIP_SHOTGUNS, 200, "rules", overrides=SHELL_OV, games=[41])
    if seen["hip_point_shots"] != 1:  # the auditor: spared the snap modifier
        pytest.fail("fight 41 no longer shows the case: re-pick the fight")
    assert seen["hip_shots"] >= 1  # the audit itself checks the tidy count equals the tally


# ---------------------------------------------------------------- each skill seen happening

SEEN = {  # name: (rules, fights); unpin_friend_in 6: more escape tests with a friend near
    "shooters": (WMRules(skill_a="gunfighter", skill_b="hip_shooting"), 200),
    "marksman-nerves": (WMRules(skill_a="nerves_of_steel", skill_b="marksman",
                                unpin_friend_in=6), 200),
    "wrassler-dodge-natives": (WMRules(skill_a="wrassler", skill_b="dodge",
                                       gang_b="native_war_band", **BRAWLERS), 160),
    "step-aside-natives": (WMRules(skill_a="step_aside", skill_b="step_aside",
                                   gang_a="native_war_band", native_injury="best_of_two",
                                   **BRAWLERS), 160),
}
SEED = 12  # (11, all on stream 1, until wm-15: its combat scores, pooled over configurations
# that shared fights, fell below 1e-3; see test_combat_scores_follow_the_exact_odds)


@pytest.fixture(scope="module")
def seen():
    """Per SEEN configuration: (the records of play_batch over its fights, the auditor's
    counts over the traces of the same fights, every rule checked on each)."""
    out = {}
    for i, (name, (rules, n)) in enumerate(SEEN.items()):
        k, w = lineups(NAMES, n)
        rosters, types = api.gangs(rules)
        # a stream each: on one stream the configurations replay the same fights until a
        # skill changes one, and tests that pool their rounds would count those twice
        batch = play_batch(rules, SEED, 1 + i, 0, k, w, rosters, types)
        out[name] = batch, audited(rules, n, "rules", seed=SEED, stream=1 + i)
    return out


def test_skill_records_are_the_traces_counts(seen):
    """The tidy skill columns of play_batch (not the replays) sum to what the traces of the
    same fights show (the auditor matches them fight by fight as well)."""
    for name, (batch, traced) in seen.items():
        for col in SKILL_COLUMNS:
            assert int(batch.sides[:, :, S.SIDE_NAMES.index(col)].sum()) == traced[col], \
                (name, col)


def test_each_skill_happens_in_play(seen):
    """Each mechanic at a plausible rate per fight (bounds about a third of what is seen: a
    broken mechanic reads 0): the second handgun, the hip shooter's unsnapped runs, shots in
    the short band by marksman alone, re-rolled escape tests, arm locks, hits avoided by dodge
    and step aside, and injury rolls a war band's second die bettered."""
    per = collections.defaultdict(float)
    for name, (batch, traced) in seen.items():
        n = len(batch.games)
        for key in SKILL_COLUMNS + ("marksman_shots", "nerves_rerolls"):
            per[name, key] = traced[key] / n
    for name, key, lo in (("shooters", "off_hand_shots", 0.1), ("shooters", "hip_shots", 0.25),
                          ("marksman-nerves", "marksman_shots", 0.4),
                          ("marksman-nerves", "nerves_rerolls", 0.02),
                          ("wrassler-dodge-natives", "arm_locks", 0.03),
                          ("wrassler-dodge-natives", "skill_saves", 0.04),
                          ("wrassler-dodge-natives", "native_saves", 0.2),
                          ("step-aside-natives", "skill_saves", 0.15),
                          ("step-aside-natives", "native_saves", 0.5)):
        assert per[name, key] >= lo, (name, key, per[name, key])
    assert per["shooters", "hip_shots"] < 10 and per["shooters", "off_hand_shots"] < 10


def _saves(seen, code):
    return [d for _, traced in seen.values() for d in traced["save_dice"] if d[0] == code]


@pytest.mark.parametrize("skill,p", [("dodge", 1 / 6), ("step_aside", 1 / 2)])
def test_skill_saves_avoid_hits_at_their_odds(seen, skill, p):
    """Dodge avoids a hit on an unmodified 6 (dodge_save), step aside on a 4+ (step_aside_on):
    the share of SAVE dice that avoided their hit by an exact binomial test, and the dice's
    faces against a fair D6 by a chi-square test; false-alarm rate 1e-3 each."""
    dice = _saves(seen, SKILLS.index(skill))
    assert len(dice) >= 50, len(dice)
    avoided = sum(d[3] for d in dice)
    assert avoided > 0 and binom_p(avoided, len(dice), p) > ALPHA, (avoided, len(dice), p)
    faces = np.bincount([d[2] for d in dice], minlength=7)[1:]
    assert chi2_p(faces, [1 / 6] * 6) > ALPHA, faces


def test_arm_locks_pick_an_arm_fairly(seen):
    """A wrassler's lock takes the left arm on a D6 of 1-3: exact binomial test against 1/2,
    false-alarm rate 1e-3."""
    arms = [a for _, traced in seen.values() for a in traced["arms_locked"]]
    assert len(arms) >= 5
    left = arms.count(S.ARM_LEFT)
    assert binom_p(left, len(arms), 0.5) > ALPHA, (left, len(arms))


@pytest.mark.parametrize("name", ["wrassler-dodge-natives", "step-aside-natives"])
def test_native_injuries_follow_the_exact_odds(seen, name):
    """Injury results of the war band's fighters (dry tables, no True Grit) against
    odds.injury_pmf(native=True) under the case's native_injury ('injury_roll': the better of
    two dice, an out of action on either standing; 'best_of_two'), chi-square at 1e-3; the
    second die bettered the first at least once."""
    rules = SEEN[name][0]
    results = seen[name][1]["native_results"]
    assert len(results) >= 200
    counts = np.bincount([b for _, _, b in results], minlength=3)
    pmf = odds.injury_pmf(native=True, rules=rules)
    probs = [float(pmf.get(INJURIES[c], 0)) for c in range(3)]
    assert chi2_p(counts, probs) > ALPHA, (counts, probs)
    assert any(second < first for first, second, _ in results)


def test_nerves_of_steel_rerolls_failed_escape_tests_at_the_odds(seen):
    """A pinned fighter with nerves of steel and a friend near re-rolls a failed escape test
    (nerves_reading 'reroll'): the share of his tests re-rolled is the I test's chance of
    failing, and the re-rolls pass at its chance of passing (exact binomial tests, false-alarm
    rate 1e-3 each)."""
    rules = SEEN["marksman-nerves"][0]
    tests = seen["marksman-nerves"][1]["nerves"]
    assert len(tests) >= 20
    i_score = {i for i, _, _ in tests}
    assert len(i_score) == 1
    p = float(odds.characteristic_test(i_score.pop(), initiative=True, rules=rules))
    rerolled = [a for _, a, b in tests if b]
    assert 0 < len(rerolled) and binom_p(len(rerolled), len(tests), 1 - p) > ALPHA
    assert binom_p(sum(rerolled), len(rerolled), p) > ALPHA


def test_combat_scores_follow_the_exact_odds(seen):
    """Each combat round's scores less WS, the charge bonus (body slam's) and hatred, against
    the exact distribution of its attack dice (best die, criticals, the other's fumbles:
    combat_pmf), the dice being A plus the two-weapon die unless an arm is locked: a
    chi-square test per dice pairing seen in 100 rounds or more, false-alarm rate 1e-3 each
    (a wrong bonus or die count shifts the scores). The configurations play on separate
    streams: pooled from one stream, 5-10% of the rounds were the same round of the same fight
    replayed under two configurations, which inflated the variance 1.1-1.26 times and the
    false-alarm rate to about 1e-2 (seen at two seeds of fourteen, 2026-12-06; the isolated
    kernel, 400,000 rounds a pairing, and fourteen seeds' rounds split by charge bonus,
    broken, flesh wound and round number all fit the exact odds)."""
    rounds = collections.defaultdict(list)
    for _, traced in seen.values():
        for na, nb, ra, rb in traced["combat"]:
            rounds[na, nb].append((ra, rb))
    tested = 0
    for (na, nb), scores in rounds.items():
        if len(scores) < 100:
            continue
        pmf = combat_pmf(WMRules(), na, nb)  # (critical and fumble bonuses at the defaults)
        cells = sorted(pmf)
        got = collections.Counter(scores)
        assert set(got) <= set(cells)
        assert chi2_p([got[c] for c in cells], [pmf[c] for c in cells]) > ALPHA, (na, nb)
        tested += 1
    assert tested >= 1
