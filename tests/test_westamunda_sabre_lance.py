"""Westamunda sabres and lances (wm-11; rules text "Close combat weapons" and "Gangs available":
docs/rules/westamunda.md rows 122, 133, 248 and 252, "Sabres and lances").

The engine's reading: a fighter carrying a sabre (flag ``parry``) with a hand for it parries
(reference 7 [S BSD]): when he is the only parrier in the fight and losing the round, on the
scores or the I tie-break, his opponent re-rolls his highest attack die and the round is scored
again (Ev.PARRY; two parries cancel). A lance (flag ``charge_strength``) adds its row's S bonus,
and lance_charge_bonus more in the round its holder charged (tidy lance_charge_blows); under
lance_hand 'held' it takes one hand at all times: long guns fired one-handed, no bow, no second
handgun, and a rider with a hand on the reins has none for a gun.

Dice against exact odds: chi-square and exact binomial tests at a 1e-3 false-alarm rate each.
Counts read from the engine's own traces (seed 5) are deterministic.
"""

import dataclasses

import pytest
from scipy.stats import binomtest, chisquare
from test_westamunda_engine import lineups

from sim.core.params import ConfigError, build
from sim.westamunda import builds
from sim.westamunda import engine as E
from sim.westamunda import odds as O
from sim.westamunda import state as S
from sim.westamunda.rules import WEAPONS, WMRules

NAMES = ["patient_aimer", "gunslinger_rush", "brawler", "flanker", "random"]
ALPHA = 1e-3
SABRES = WMRules(gang_a="cavalry", gang_b="cavalry", swap_a="sabre")
LANCES = WMRules(gang_a="native_war_band", gang_b="native_war_band", swap_a="lance")
MOUNTED = dataclasses.replace(LANCES, build_a="balanced", build_b="balanced", mounted_a=True,
                              mounted_b=True)
LONG_GUNS = {i for i, w in enumerate(WEAPONS) if WMRules().weapon(w)["kind"] == S.KIND_LONG_GUN}
BOWS = {i for i, w in enumerate(WEAPONS) if WMRules().weapon(w)["kind"] == S.KIND_BOW}


def fights(rules, n, names=NAMES, seed=5):
    """(fm at deployment, [(batch, events)]) of n fights of ``rules``' own sides."""
    ros = (builds.side_roster(rules, "a"), builds.side_roster(rules, "b"))
    gangs = (rules.gang_a, rules.gang_b)
    k, w = lineups(names, n)
    fm, _ = E.forces(rules, ros, gangs)
    return fm, [E.replay(rules, seed, 1, i, k[i], w[i], rosters=ros, gang_types=gangs)[:2]
                for i in range(n)]


def rows(ev):
    return [tuple(int(v) for v in r) for r in ev]


def total(runs, col):
    return sum(int(b.sides[0, s, col]) for b, _ in runs for s in range(2))


@pytest.fixture(scope="module")
def sabres():
    return fights(SABRES, 150, names=["brawler", "gunslinger_rush", "random"])


@pytest.fixture(scope="module")
def lances():
    return fights(MOUNTED, 150, names=["brawler", "gunslinger_rush", "random"])


# ---------------------------------------------------------------- input and set-up


def test_bad_lance_input_names_the_key():
    with pytest.raises(ConfigError, match=r"lance_hand.*'held', 'free'"):
        build(WMRules, {"lance_hand": "slung"}, "test")
    with pytest.raises(ConfigError, match=r"lance_charge_bonus"):
        build(WMRules, {"lance_charge_bonus": 4}, "test")


def test_sabres_and_lances_go_only_to_their_gangs():
    with pytest.raises(ConfigError, match="swap 'sabre' into a townsfolk gang"):
        builds.side_roster(WMRules(swap_a="sabre"), "a")
    with pytest.raises(ConfigError, match="swap 'lance' into a cavalry gang"):
        builds.side_roster(WMRules(gang_a="cavalry", swap_a="lance"), "a")
    assert "sabre" in builds.swappable(WMRules(), "cavalry")
    assert "lance" in builds.swappable(WMRules(), "native_war_band")


def test_a_hand_weapon_that_does_not_fit_makes_room_with_little_left():
    """The war band's crowd (16 fighters, $1000) with a lance each: built for the budget less
    the price of as few lances as leaves room, not of all 16 (which left $105 and 14 bodies)."""
    rules = WMRules(gang_a="native_war_band", build_a="crowd", swap_a="lance")
    ros = builds.side_roster(rules, "a")
    cost = rules.roster_cost(ros, "native_war_band")
    assert all("lance" in r.weapons for r in ros)
    assert len(ros) == 16 and rules.gang_budget - 15 < cost <= rules.gang_budget
    with pytest.raises(ConfigError, match="swap 'club'"):  # no build leaves room: its own error
        builds.side_roster(WMRules(build_a="crowd", swap_a="club", gang_budget=200), "a")


def test_deployment_sets_the_hand_weapon_flags():
    rules = dataclasses.replace(SABRES, swap_a="none", cavalry_sabre=True)
    fm, _ = E.forces(rules, (builds.side_roster(rules, "a"), builds.side_roster(rules, "b")),
                     ("cavalry", "cavalry"))
    assert all(fm[:, S.FMF] == S.MF_PARRY)  # every cavalry recruit carries one
    for hand, bits in (("held", S.MF_LANCE | S.MF_LANCE_HAND), ("free", S.MF_LANCE)):
        rules = dataclasses.replace(LANCES, lance_hand=hand)
        ros = (builds.side_roster(rules, "a"), builds.side_roster(rules, "b"))
        fm, _ = E.forces(rules, ros, ("native_war_band",) * 2)
        side_a = fm[:, S.FSIDE] == 0
        assert all(fm[side_a, S.FMF] == bits) and all(fm[~side_a, S.FMF] == 0)
        lance = rules.weapon("lance")["strength"] + rules.lance_charge_bonus
        assert all(fm[side_a, S.FLANCE_S] == lance)


# ---------------------------------------------------------------- the parry's dice


@pytest.mark.parametrize("a,b", [
    (O.Combatant(parry=True), O.Combatant()),
    (O.Combatant(attacks=2), O.Combatant(parry=True, ws=4)),
    (O.Combatant(parry=True, initiative=4), O.Combatant(attacks=2, modifier=1)),
    (O.Combatant(parry=True), O.Combatant(parry=True)),
])
def test_engine_rounds_match_the_exact_odds(a, b):
    """The engine's ``_combat_round`` (via simulate_melee) against odds.hand_to_hand: the hits
    each side scores (chi-square, cells under 5 expected pooled), and how often a parry is made
    (exact: the round without parries lost by the lone parrier) by an exact binomial test."""
    rules = WMRules()
    n = 60_000
    joint, (parried, turned) = E.simulate_melee(rules, n, 11, a, b)
    h = O.hand_to_hand(a, b, rules=rules)
    for axis, pmf in ((0, h.a_hits), (1, h.b_hits)):
        counts = {}
        for k, c in joint.items():
            counts[k[axis]] = counts.get(k[axis], 0) + c
        keys = sorted(set(pmf) | set(counts))
        assert all(pmf.get(k, 0) > 0 for k in counts), (counts, pmf)
        exp = [float(pmf.get(k, 0)) * n for k in keys]
        obs = [counts.get(k, 0) for k in keys]
        big = [i for i, e in enumerate(exp) if e >= 5]
        small_o = sum(o for i, o in enumerate(obs) if i not in big)
        small_e = sum(e for i, e in enumerate(exp) if i not in big)
        o = [obs[i] for i in big] + ([small_o] if small_e else [])
        e = [exp[i] for i in big] + ([small_e] if small_e else [])
        assert chisquare(o, e).pvalue > ALPHA
    if a.parry == b.parry:
        assert parried == turned == 0
        return
    bare = O.hand_to_hand(a._replace(parry=False), b._replace(parry=False), rules=rules)
    p = float(bare.p_b_wins if a.parry else bare.p_a_wins)
    assert binomtest(parried, n, p).pvalue > ALPHA
    assert 0 < turned < parried


# ---------------------------------------------------------------- in play


def test_parries_happen_in_play_and_follow_the_round(sabres):
    """Every Ev.PARRY is a sabre carrier against a fighter without one, right before the
    round's Ev.MELEE of the same pair, its final score the opponent's in MELEE; turned exactly
    when the parrier did not lose; tidy parries and parries_turned count the events."""
    fm, runs = sabres
    n, turned = 0, 0
    for _, ev in runs:
        rr = rows(ev)
        for i, r in enumerate(rr):
            if r[2] != S.Ev.PARRY:
                continue
            p, o = r[1], r[3]
            assert fm[p, S.FMF] & S.MF_PARRY and not fm[o, S.FMF] & S.MF_PARRY
            nxt = rr[i + 1]
            assert nxt[2] == S.Ev.MELEE and {nxt[1], nxt[3]} == {p, o}
            mine, theirs = (nxt[4], nxt[5]) if nxt[1] == p else (nxt[5], nxt[4])
            lost = (nxt[7] if nxt[1] == p else nxt[6]) > 0  # hits suffered by the parrier
            assert theirs == r[7]  # the opponent's score after the re-roll
            assert r[8] == (0 if lost or (mine < theirs) else 1)
            assert 1 <= r[4] <= 6 and 1 <= r[5] <= 6
            n += 1
            turned += r[8]
    assert n == total(runs, S.S_PARRIES) and turned == total(runs, S.S_PARRIES_TURNED)
    rounds = total(runs, S.S_MELEE_ROUNDS) // 2
    assert rounds >= 100  # the brawlers close: hand-to-hand is common
    assert 0.15 * rounds < n < 0.6 * rounds  # side A's sabres against side B's none
    assert 0.1 * n < turned < 0.6 * n


def test_two_sabres_cancel():
    rules = dataclasses.replace(SABRES, swap_a="none", cavalry_sabre=True)
    _, runs = fights(rules, 40, names=["brawler"])
    assert total(runs, S.S_MELEE_ROUNDS) > 0
    assert total(runs, S.S_PARRIES) == 0
    assert not any(r[2] == S.Ev.PARRY for _, ev in runs for r in rows(ev))


def test_lance_charges_strike_harder(lances):
    """Blows with the lance's charge strength are struck, only by lance carriers in the round
    they charged: at most the hits of those rounds."""
    fm, runs = lances
    blows = total(runs, S.S_LANCE_BLOWS)
    charge_hits = 0
    for _, ev in runs:
        charged = set()
        for r in rows(ev):
            if r[2] == S.Ev.CHARGED and fm[r[1], S.FMF] & S.MF_LANCE:
                charged.add(r[1])
            elif r[2] == S.Ev.MELEE:
                for who, hits in ((r[1], r[6]), (r[3], r[7])):
                    if who in charged:
                        charge_hits += hits
                charged -= {r[1], r[3]}
    assert 0 < blows <= charge_hits
    assert all(b.sides[0, 1, S.S_LANCE_BLOWS] == 0 for b, _ in runs)  # side B carries none


def test_a_held_lance_takes_a_hand(lances):
    """Mounted lance carriers with a hand on the reins fire no gun; on foot their long-gun shots
    are one-handed and they never draw a bow; lance_hand 'free' lets the riders shoot."""
    fm, runs = lances
    lancer = (fm[:, S.FMF] & S.MF_LANCE) != 0
    mounted_shots = foot_long = foot_long_one_arm = 0
    for _, ev in runs:
        riding = {i for i in range(fm.shape[0]) if fm[i, S.FHORSE]}
        for r in rows(ev):
            if r[2] in (S.Ev.FALL, S.Ev.JUMP) or (r[2] == S.Ev.ACTION and r[3] == S.Act.DISMOUNT):
                riding.discard(r[1])  # on foot until he mounts again (wm-18)
            elif r[2] == S.Ev.MOUNT:
                riding.add(r[1])
            if r[2] != S.Ev.SHOT or not lancer[r[1]]:
                continue
            assert r[4] not in BOWS
            if r[1] in riding:
                mounted_shots += 1
            elif r[4] in LONG_GUNS:
                foot_long += 1
                foot_long_one_arm += (r[11] & S.MOD_ONE_ARM) != 0
    assert mounted_shots == 0
    assert foot_long == foot_long_one_arm
    _, free = fights(dataclasses.replace(MOUNTED, lance_hand="free"), 40,
                     names=["gunslinger_rush"])
    assert sum(1 for _, ev in free for r in rows(ev)
               if r[2] == S.Ev.SHOT and lancer[r[1]]) > 20
