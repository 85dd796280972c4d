"""Long guns fired one-handed by choice (wm-21; rule ``two_weapons_long_guns``, weight
``one_hand``).

The text lets a rifle or similar long arm be fired one-handed at -2, "two at once, even"; firing
two guns at once is the gunfighter skill's (``two_weapons_need_skill``). So a fighter who may fire
two guns may make a long gun one of them, fired one-handed. Before a single shot from a long gun
he weighs the hits he expects of the firing as chosen (one shot, or a burst's mean shots at the
sustained-fire modifier) against the pair's (the long gun's one shot at one_hand_long_gun_mod
plus the other gun's best legal shot now): the engine computes the chances exactly
(``engine._p_need``), the gunfighter decides (``pairs_one_handed``: the pair when it expects
more than ``one_hand`` times the hits, 1 in every preset). After a handgun's shot with no second
handgun ready, a long gun may be the second gun. Each long gun of a pair is one shot
(SH_ONE_HAND; tidy ``one_hand_shots``).
"""

from __future__ import annotations

import numpy as np
import pytest
from test_westamunda_engine import audited

from sim.westamunda import api
from sim.westamunda import engine as E
from sim.westamunda.rules import WMRules
from strategies.westamunda import N_W, PATIENT_AIMER, PRESETS, W_ONE_HAND, pairs_one_handed

SCRIPTED = [p for p in PRESETS if p != "random"]
GF = WMRules(skill_a="gunfighter", skill_b="gunfighter")
N = 320  # fights of every ordered pairing of the four scripted gunfighters


def _play(rules, overrides=None, seed=5, pool=SCRIPTED, n=N):
    k = len(pool)
    lineup = np.array([(i % k, (i // k) % k) for i in range(n)])
    return api.run_games(rules, seed, 1, 0, lineup, pool, overrides)


@pytest.mark.parametrize("rules", [
    WMRules(), WMRules(seven_plus_reading="chain"), WMRules(natural_one_fails=False),
    WMRules(second_die_needs=(4, 5, 6, 6), seven_plus_reading="chain"),
    WMRules(second_die_needs=(5, 6, 7, 7), seven_plus_reading="chain")],
    ids=["default", "chain", "no-natural-one", "ladder-6-chain", "ladder-7-chain"])
def test_the_gunfighters_chance_of_a_hit_is_exact(rules):
    """The chance the engine hands a gunfighter weighing a pair (``_p_need``) is the exact
    WMRules.p_needed for every need from -3 to 30 (to float rounding)."""
    rp, tb, wound, wt = E._arrays(rules)
    g = E._dice_game(E._dice_state(1, 0), rp, tb, wound, wt)
    got = [E._p_need(g, n) for n in range(-3, 31)]
    want = [float(rules.p_needed(n)) for n in range(-3, 31)]
    assert got == pytest.approx(want, abs=1e-15)


def test_the_choice_weighs_the_pair_against_the_shot_alone():
    """``pairs_one_handed``: a scripted gunfighter pairs exactly when the pair's chances beat
    ``one_hand`` times the shot alone (never at 0); the random floor tosses a coin."""
    s = E._dice_state(3, 0)
    w = np.zeros(N_W)
    w[W_ONE_HAND] = 1.0
    assert pairs_one_handed(PATIENT_AIMER + 1, w, 0.5, 0.51, s)
    assert not pairs_one_handed(PATIENT_AIMER + 1, w, 0.5, 0.5, s)
    w[W_ONE_HAND] = 1.5
    assert not pairs_one_handed(PATIENT_AIMER + 1, w, 0.5, 0.74, s)
    assert pairs_one_handed(PATIENT_AIMER + 1, w, 0.5, 0.76, s)
    w[W_ONE_HAND] = 0.0
    assert not pairs_one_handed(PATIENT_AIMER + 1, w, 0.0, 1.0, s)
    coins = [pairs_one_handed(0, w, 0.5, 0.6, s) for _ in range(2000)]
    assert 900 < sum(coins) < 1100  # a fair coin: 4.5 standard deviations either side


def test_one_handed_pairs_happen_in_play_and_the_auditor_agrees():
    """Gunfighters on both sides (the specialist's skill; the standard gang's Winchesters): the
    auditor replays every shot's modifiers (a long gun one-handed by choice at
    one_hand_long_gun_mod, one shot, never on an aimed or overwatch shot, a second gun after a
    long gun only where he chose the pair) and counts the pairs: they happen, a long gun
    first and a long gun second both."""
    seen = audited(GF, 200, "rules", names=SCRIPTED + ["random"], seed=7, stream=2)
    assert seen["one_hand_shots"] >= 5, seen["one_hand_shots"]
    assert seen["off_hand_after_long_gun"] >= 3, seen["off_hand_after_long_gun"]
    assert seen["off_hand_long_guns"] + seen["off_hand_after_long_gun"] <= \
        seen["off_hand_shots"]


def test_a_long_gun_follows_a_handgun_when_no_second_handgun_is_ready():
    """Every fighter with one revolver and a Winchester, and two guns at once for anyone
    (two_weapons_need_skill off: a what-if): after a revolver's shot the Winchester is the
    second gun, fired one-handed, one shot; the auditor agrees."""
    one_gun = tuple(r._replace(weapons=("revolver", "winchester"),
                               boxes=("revolver", "winchester"))
                    for r in E.standard_roster())
    seen = audited(WMRules(two_weapons_need_skill=False), 60, (one_gun, one_gun),
                   names=SCRIPTED + ["random"], seed=3, stream=4)
    assert seen["off_hand_long_guns"] >= 2, seen["off_hand_long_guns"]
    assert seen["off_hand_after_long_gun"] >= 5, seen["off_hand_after_long_gun"]
    assert seen["one_hand_shots"] >= seen["off_hand_long_guns"]


@pytest.fixture(scope="module")
def on():
    return _play(GF)


def test_the_scripted_gunfighters_pair_seldom_and_only_with_the_skill(on):
    """In 320 fights of the four scripted gunfighters with the skill, pairs are fired (a patient
    aimer's single shots mostly: a fanner's burst of a lever action expects more hits than the
    pair), and never by a gang with no gunfighter."""
    assert 0 < on["one_hand_shots"].sum() < 100
    assert on.groupby("strategy")["one_hand_shots"].sum()["patient_aimer"] > 0
    plain = _play(WMRules(), n=80)
    assert plain["one_hand_shots"].sum() == 0


def test_the_rule_off_plays_as_the_weight_at_zero(on):
    """Under two_weapons_long_guns off no long gun is paired; the scripted gunfighters with
    ``one_hand`` 0 play exactly those fights (the weight draws no dice), and the rule on
    changes fights only where a pair was fired."""
    off = _play(WMRules(skill_a="gunfighter", skill_b="gunfighter", two_weapons_long_guns=False))
    assert off["one_hand_shots"].sum() == 0
    zero = _play(GF, {p: {"one_hand": 0} for p in SCRIPTED})
    assert zero.equals(off)
    paired = set(on.loc[on["one_hand_shots"] > 0, "game"])
    cols = [c for c in on.columns if c not in ("one_hand_shots",)]
    same = on[~on["game"].isin(paired)][cols].reset_index(drop=True)
    before = off[~off["game"].isin(paired)][cols].reset_index(drop=True)
    assert same.equals(before)
    assert len(paired) >= 3  # (5 of 320: the scripted gunfighters pair seldom)
