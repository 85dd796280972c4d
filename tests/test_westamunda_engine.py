"""Westamunda gunfight engine (first slice): bad input, the deployed gangs, determinism, the rules
checked on the event traces of many fights, each mechanic counted in play, the engine's own dice
against the exact odds of odds.py, and the scripted gunfighters against the random floor.

Statistical tests are seeded; each states its false-alarm rate. The engine compiles once per
source change (about 100 s on a shared 2-core machine); the tests then take about 20 s.
"""

import itertools

import numpy as np
import pytest

from helpers import binom_p, chi2_p, one_and_all_threads
from sim.core.params import ConfigError
from sim.westamunda import odds
from sim.westamunda import state as S
from sim.westamunda.engine import (
    forces,
    play_batch,
    replay,
    simulate_bursts,
    simulate_reloads,
    simulate_shots,
    standard_roster,
)
from sim.westamunda.rules import FIGHTERS, WEAPONS, Recruit, WMRules
from strategies.westamunda import N_KINDS, N_W, PRESETS, table

R = WMRules()
NAMES = list(PRESETS)
# a legal townsfolk gang of other guns: percussion and single-shot reloads, the Henry's two
# sustained-fire dice, S4 guns (knockdown) and, with WEAK's S2 young bloods, kickback
MIXED = (Recruit("leader", ("revolver_perc", "springfield"), ("revolver_perc", "springfield")),
         Recruit("shootist", ("henry", "small_revolver"), ("henry", "small_revolver")),
         Recruit("ganger", ("hunting_rifle", "pistol"), ("hunting_rifle", "pistol")),
         Recruit("ganger", ("springfield", "revolver"), ("springfield", "revolver")),
         Recruit("ganger", ("sharps_carbine", "small_revolver_perc"),
                 ("sharps_carbine", "small_revolver_perc")),
         Recruit("young_blood", ("springfield",), ("springfield",)),
         Recruit("young_blood", ("pepperbox",), ("pepperbox",)))
WEAK = WMRules(profiles=tuple(row[:3] + (2,) + row[4:] if name == "young_blood" else row
                              for name, row in zip(FIGHTERS, R.profiles, strict=True)))


def agrees(counts, probs, alpha=1e-3):
    """Counts fit the exact probabilities: a chi-square test at ``alpha``; with a single
    possible outcome, every count must fall on it (no test is needed, none is defined)."""
    counts, probs = np.asarray(counts), np.asarray(probs, dtype=float)
    if (probs > 0).sum() == 1:
        return counts[probs == 0].sum() == 0
    return chi2_p(counts, probs) > alpha


def lineups(names, n):
    """(kinds, weights) for n fights cycling through every ordered pairing of ``names``."""
    kinds, weights = table(names)
    pairs = np.array(list(itertools.product(range(len(names)), repeat=2)))
    idx = pairs[np.arange(n) % len(pairs)]
    return kinds[idx], weights[idx]


@pytest.fixture(scope="module")
def field():
    """1600 fights of every pairing of the four gunfighters (seed 21)."""
    k, w = lineups(NAMES, 1600)
    return play_batch(R, 21, 0, 0, k, w)


# ---------------------------------------------------------------- input and set-up


def test_bad_input_raises_a_clear_error():
    k, w = lineups(["random"], 2)
    with pytest.raises(ValueError, match=r"kinds: expected int64\[n, 2\]"):
        play_batch(R, 1, 0, 0, k[:, :1], w)
    with pytest.raises(ValueError, match=f"kinds: gunfighter kinds from 0 to {N_KINDS - 1}"):
        play_batch(R, 1, 0, 0, k + 9, w)
    with pytest.raises(ValueError, match=rf"weights: expected float64\[n, 2, {N_W}\]"):
        play_batch(R, 1, 0, 0, k, w[:, :, :3])
    with pytest.raises(ValueError, match="seed -1: expected an integer"):
        play_batch(R, -1, 0, 0, k, w)
    with pytest.raises(TypeError, match="rules: expected a WMRules"):
        play_batch({"max_turns": 3}, 1, 0, 0, k, w)
    with pytest.raises(ConfigError, match="scenario 'shoot_out' is not in this engine slice"):
        play_batch(WMRules(scenario="shoot_out"), 1, 0, 0, k, w)
    with pytest.raises(ConfigError, match="fire_arc_deg"):
        play_batch(WMRules(aim_arc_deg=120), 1, 0, 0, k, w)  # wider than the fire arc
    two_leaders = (Recruit("leader"),) * 3
    with pytest.raises(ConfigError, match="side 1 roster: a gang has exactly one leader"):
        play_batch(R, 1, 0, 0, k, w, rosters=(standard_roster(), two_leaders))
    shotgun = (Recruit("leader", weapons=("shotgun_scatter",)),) + (Recruit("ganger"),) * 2
    with pytest.raises(ConfigError, match="shotgun_scatter has flag template"):
        play_batch(R, 1, 0, 0, k, w, rosters=(shotgun, standard_roster()))
    with pytest.raises(ConfigError, match="the two deployment zones overlap"):
        play_batch(WMRules(table_height_in=24, deploy_depth_in=13), 1, 0, 0, k, w)


def test_a_big_gang_deploys_in_rows_on_distinct_cells():
    rules = WMRules(gang_budget=5000, table_width_in=24, table_height_in=24)
    big = (Recruit("leader"),) + (Recruit("ganger"),) * 59
    assert rules.roster_problem(big, "townsfolk") is None
    fm, _ = forces(rules, (big, standard_roster()), width=24, height=24)
    cells = set(zip(fm[:, S.FX].tolist(), fm[:, S.FY].tolist(), strict=True))
    assert len(cells) == len(fm)
    assert fm[:60, S.FY].max() < rules.deploy_depth_in <= fm[60:, S.FY].min()


def test_the_standard_gang_is_legal_and_deploys_armed_at_opposite_edges():
    roster = standard_roster()
    assert R.roster_problem(roster, "townsfolk") is None
    assert R.roster_cost(roster) == 764  # docs/rules/westamunda.md, "The weapon table"
    fm, kit = forces(R, (roster, roster))
    assert fm.shape == (16, S.N_FC) and kit.shape == (16, 2, S.N_KC)
    assert (fm[:8, S.FSIDE] == 0).all() and (fm[8:, S.FSIDE] == 1).all()
    assert (fm[:8, S.FY] == R.deploy_depth_in - 1).all()
    assert (fm[8:, S.FY] == R.table_height_in - R.deploy_depth_in).all()
    assert (fm[:, S.FBS] == [R.profile(r.type)["BS"] for r in roster * 2]).all()
    revolver, rifle = R.weapon("revolver"), R.weapon("winchester")
    assert (kit[:, 0, S.KW] == WEAPONS.index("revolver")).all()
    assert (kit[:, 0, S.KLOADED] == revolver["capacity"]).all()
    assert (kit[:, 0, S.KRESERVE] == revolver["box_rounds"]).all()
    carries_rifle = kit[:, 1, S.KW] == WEAPONS.index("winchester")
    assert carries_rifle.sum() == 8 and (fm[carries_rifle, S.FTWO_HANDED] == 1).all()
    assert (kit[carries_rifle, 1, S.KLOADED] == rifle["capacity"]).all()
    assert (kit[~carries_rifle, 1, S.KW] == -1).all()


# ---------------------------------------------------------------- determinism


def test_same_key_same_fight_whatever_threads_chunks_or_replay():
    k, w = lineups(NAMES, 48)
    whole, many = one_and_all_threads(lambda: play_batch(R, 2, 7, 0, k, w))
    assert np.array_equal(whole.games, many.games) and np.array_equal(whole.sides, many.sides)
    again = play_batch(R, 2, 7, 0, k, w)
    assert np.array_equal(whole.games, again.games)
    a = play_batch(R, 2, 7, 0, k[:17], w[:17])
    b = play_batch(R, 2, 7, 17, k[17:], w[17:])
    assert np.array_equal(np.concatenate([a.games, b.games]), whole.games)
    assert np.array_equal(np.concatenate([a.sides, b.sides]), whole.sides)
    for i in (0, 5, 31):
        one, _, _ = replay(R, 2, 7, i, k[i], w[i])
        assert np.array_equal(one.games[0], whole.games[i])
        assert np.array_equal(one.sides[0], whole.sides[i])
    other = play_batch(R, 3, 7, 0, k, w)
    assert not np.array_equal(other.sides, whole.sides)


# ---------------------------------------------------------------- the rules on the traces

STEP = {(0, 1): 2, (1, 0): 2, (1, 1): 3}  # half-inches of one step (the shared reach's costs)


def _audit(rules, ev, games):
    """Check one fight's trace against the rules the engine claims to apply."""
    m = rules.profile("ganger")["M"]
    budget = {S.Act.WALK: 2 * m, S.Act.RELOAD: 2 * m, S.Act.CLEAR: 2 * m,
              S.Act.RUN: 2 * m * rules.run_multiplier, S.Act.CHARGE: 2 * m * rules.charge_multiplier,
              S.Act.CRAWL: 2 * max(rules.crawl_in, rules.down_crawl_in)}
    act = {}
    moved = {}
    acted = set()
    on_watch = {}  # fighter -> gang turn he declared overwatch in
    ow_fired = set()
    turn = 0
    side_now = -1
    sixes = ammo = jam_faces = 0
    bottled = None
    for row in ev:
        f, kind = int(row[1]), int(row[2])
        a, b, c, d, e, _, g = (int(v) for v in row[3:10])
        if kind == S.Ev.TURN:
            turn += 1
            side_now = a
            acted.clear()
            ow_fired.clear()
        elif kind == S.Ev.ACTION:
            assert (turn, f) not in acted, "a fighter acts once a turn"
            acted.add((turn, f))
            act[f] = a
            moved[f] = 0
            if a == S.Act.OVERWATCH:
                on_watch[f] = turn
            else:
                on_watch.pop(f, None)
        elif kind == S.Ev.QUICK_DRAW:
            assert act.get(f) in (S.Act.WALK, S.Act.RUN, S.Act.CRAWL), \
                "a quick draw only on a plain move: a charger may not shoot, and a fighter " \
                "moving to reload or clear may not fire in the same turn"
        elif kind == S.Ev.MOVE:
            step = (abs(c - a), abs(d - b))
            assert step in STEP, "a move goes cell by cell"
            moved[f] += STEP[step]
            assert moved[f] <= budget[act[f]], "no move beyond its reach"
        elif kind == S.Ev.SHOT:
            need, die, hit, flags = c, d, e, g
            if need <= 6:
                assert hit == (die >= max(need, 2)), "to hit: the need on a D6, a 1 always misses"
            else:
                assert not hit or die == 6, "a need over 6 starts with a 6"
            sixes += die == rules.ammo_on
            if flags & S.SH_OVERWATCH:
                assert f in on_watch and on_watch[f] < turn, "overwatch fires in the enemy's turn"
                assert (turn, f) not in ow_fired or flags & S.SH_FAN, "overwatch fires once"
                ow_fired.add((turn, f))
            elif flags & S.SH_QUICKDRAW:
                assert flags & S.SH_SNAP, "a quick-draw shot is a snap shot"
            elif act.get(f) == S.Act.RUN:
                assert flags & S.SH_SNAP, "every shot of a runner is a snap shot"
            if flags & S.SH_AIMED:
                assert not flags & S.SH_SNAP, "an aimed shot is no snap shot"
                assert rules.sfd_can_aim or not flags & S.SH_FAN, "nor a burst (sfd_can_aim)"
                assert f in on_watch or act.get(f) == S.Act.AIM
        elif kind == S.Ev.BURST:
            assert 0 <= c <= b * max(rules.sfd_faces) and 0 <= d <= b
            jam_faces += d
        elif kind == S.Ev.AMMO:
            ammo += 1
        elif kind == S.Ev.RELOAD:
            cat, passed, die, put, lost = b, c, d, e, int(row[8])
            assert act[f] == S.Act.RELOAD and put <= max(die, 1) and (put == 0 or lost == 0)
            assert cat == S.CAT_AUTO or moved[f] > 0, "a still reload is automatic"
            assert passed or put == 0
        elif kind == S.Ev.BOTTLE:
            assert a == side_now
            if not d:
                bottled = a
    assert ammo == sixes + jam_faces, "one ammo roll per to-hit 6 and per jam face"
    if games[S.G_END] == S.END_BOTTLE:
        assert bottled is not None and games[S.G_WINNER] == 1 - bottled
    else:
        assert games[S.G_TURNS] == rules.max_turns and games[S.G_WINNER] == -1


@pytest.mark.parametrize("rules,rosters", [
    (R, None), (WMRules(table_setting="open", terrain_density="light"), None),
    (WMRules(aim_lost_cover="full", sfd_jam_reading="stops_all", seven_plus_reading="chain",
             max_turns=4, jam_outcome="useless", melee_reading="ws_roll"), None),
    (WEAK, (MIXED, MIXED))], ids=["town", "open-light", "readings", "mixed-kit"])
def test_rules_hold_on_every_trace(rules, rosters):
    k, w = lineups(NAMES, 32)
    seen = np.zeros(S.N_SIDE_COLS, dtype=np.int64)
    for i in range(32):
        batch, ev, _ = replay(rules, 5, 1, i, k[i], w[i], rosters=rosters)
        _audit(rules, ev, batch.games[0])
        seen += batch.sides[0].sum(axis=0)
    if rosters is not None:  # S4 guns knock targets down; S2 young bloods feel the kick
        assert seen[S.S_KNOCKDOWNS] > 0 and seen[S.S_KICKBACKS] > 0


def test_bottle_tests_come_only_after_a_quarter_is_down_or_out(field):
    g, sd = field.games, field.sides
    assert (sd[:, :, S.S_START] == 8).all()
    bottled = g[:, S.G_END] == S.END_BOTTLE
    loser = 1 - g[bottled, S.G_WINNER]
    hurt = (sd[bottled, loser, S.S_DOWN] + sd[bottled, loser, S.S_OOA])
    assert (hurt * 100 >= R.bottle_pct * 8).all()
    assert (g[:, S.G_TURNS] <= R.max_turns).all()
    assert (g[:, S.G_WINNER][g[:, S.G_END] == S.END_LIMIT] == -1).all()


# ---------------------------------------------------------------- each mechanic in play


def test_each_mechanic_happens_at_a_plausible_rate(field):
    """Counts from the engine's own records over 1600 fights of all pairings. Bounds are wide
    (a broken mechanic reads 0 or absurd); the ordering claims are the text's philosophy."""
    sd = field.sides.sum(axis=(0, 1)).astype(float)
    n = len(field.games)
    per_fight = {name: sd[i] / n for i, name in enumerate(S.SIDE_NAMES)}
    for name, lo in (("aimed_shots", 0.5), ("snap_shots", 5.0), ("fans", 2.0), ("reloads", 0.1),
                     ("jams", 0.5), ("clear_actions", 0.1), ("overwatch_shots", 0.1),
                     ("quick_draws_tried", 0.005), ("charges", 0.1), ("melee_rounds", 0.1),
                     ("pins", 1.0), ("bottle_tests", 0.5)):
        assert per_fight[name] >= lo, (name, per_fight[name])
    hit = lambda h, s: sd[S.SIDE_NAMES.index(h)] / sd[S.SIDE_NAMES.index(s)]  # noqa: E731
    aimed, snap, fan = hit("aimed_hits", "aimed_shots"), hit("snap_hits", "snap_shots"), \
        hit("fan_hits", "fan_shots")
    assert aimed > 0.5 > snap and aimed > fan + 0.2, (aimed, snap, fan)
    shots_per_burst = per_fight["fan_shots"] / per_fight["fans"]
    assert 1.0 <= shots_per_burst <= 3.0  # 1 or 2 dice of 1, 1, 2, 2, 3, jam
    assert per_fight["jams_cleared"] <= per_fight["jams"]
    assert per_fight["rounds_loaded"] > per_fight["rounds_lost"]


def test_quick_draw_passes_at_the_exact_initiative_chance(field):
    """Only leaders (I 4) outdraw overwatchers (I 3) in this field: the share of passed quick
    draws is the I test's exact chance. Exact binomial test, false-alarm rate 1e-3."""
    assert R.profile("leader")["I"] - R.profile("ganger")["I"] == R.quick_draw_margin
    sd = field.sides.sum(axis=(0, 1))
    tried, won = int(sd[S.S_QD_TRIED]), int(sd[S.S_QD_WON])
    assert tried >= 20
    p = float(odds.quick_draw(R.profile("leader")["I"], R.profile("ganger")["I"]).p_mover_first)
    assert binom_p(won, tried, p) > 1e-3


# ---------------------------------------------------------------- the engine's dice, exactly

SHOTS = [  # (bs, aim turns, range modifier, snap, cover code, sustained, S, T)
    (3, 0, 0, False, 0, False, 3, 3),  # need 4, wound 4+
    (4, 3, 1, False, 0, False, 3, 4),  # need -1: a natural 1 still misses; wound 5+
    (2, 0, -1, True, 2, True, 2, 4),  # need 10: capped, cannot hit
    (3, 0, -1, True, 1, True, 4, 3),  # need 8: a 6 then 5+; wound 3+
    (3, 0, 0, False, 1, False, 3, 7),  # need 5; S3 cannot wound T7
]


@pytest.mark.parametrize("rules", [R, WMRules(seven_plus_reading="chain", natural_one_fails=False)],
                         ids=["default", "chain-no-natural-one"])
@pytest.mark.parametrize("case", SHOTS, ids=[f"shot{i}" for i in range(len(SHOTS))])
def test_engine_shots_match_exact_odds(rules, case):
    """200,000 shots rolled by the engine's modifier, to-hit and wound helpers against
    odds.shot (miss / hit without a wound / wound) by a chi-square test, and the ammo rolls
    called against the chance of a 6. False-alarm rate 1e-3 per test (20 tests here)."""
    bs, aim, rmod, snap, cover, sustained, s, t = case
    mod = odds.hit_modifier(snap=snap, aim_turns=aim, cover=odds.COVERS[cover],
                            range_modifier=rmod, rules=rules)
    if sustained:
        mod += rules.sfd_modifier
    exact = odds.shot(bs, mod, s, t, rules=rules)
    n = 200_000
    c = simulate_shots(rules, n, 9, bs=bs, strength=s, toughness=t, aim_turns=aim,
                       range_mod=rmod, snap=snap, cover=cover, sustained=sustained)
    probs = [1 - exact.p_hit, exact.p_hit - exact.p_wound, exact.p_wound]
    assert c[:3].sum() == n
    assert agrees(c[:3], [float(p) for p in probs])
    assert binom_p(int(c[3]), n, 1 / 6) > 1e-3


@pytest.mark.parametrize("rules", [R, WMRules(sfd_jam_reading="stops_all",
                                              sfd_shots_reading="plus_base")],
                         ids=["default", "stops_all-plus_base"])
@pytest.mark.parametrize("dice,loaded", [(1, 6), (2, 12), (2, 2)])
def test_engine_bursts_match_exact_odds(rules, dice, loaded):
    """Shots of a burst (rounds cap included) against odds.shot(sfd=..).burst.shots, and jam
    faces against the sustained-fire die: chi-square tests, false-alarm rate 1e-3 each."""
    n = 100_000
    hist = simulate_bursts(rules, n, 4, dice=dice, loaded=loaded)
    burst = odds.shot(sfd=dice, rounds=loaded, rules=rules).burst
    shots = hist.sum(axis=1)
    assert agrees(shots, [float(burst.shots.get(i, 0)) for i in range(len(shots))])
    faces = odds.sfd_pmf(dice, rules=rules)
    jams = hist.sum(axis=0)
    p_jams = [float(sum(p for (_, j), p in faces.items() if j == i)) for i in range(len(jams))]
    assert agrees(jams, p_jams)


@pytest.mark.parametrize("weapon,loaded,reserve,activity,rules", [
    ("winchester", 2, 20, "still", R),  # auto: D8 capped by the 10 empty chambers
    ("winchester", 9, 20, "walking", R),  # a BS roll: 3 room, failures lose
    ("revolver", 0, 4, "walking", WMRules(reload_loss="die")),  # the reserve caps both ways
    ("revolver_perc", 1, 18, "walking", R),  # percussion: one chamber a turn
    ("springfield", 0, 12, "walking", R),  # single shot
])
def test_engine_reloads_match_exact_odds(weapon, loaded, reserve, activity, rules):
    """(rounds loaded, rounds lost) of one reloading turn against odds.reload_roll (or
    odds.percussion_load): chi-square, false-alarm rate 1e-3 each."""
    bs = 3
    n = 100_000
    hist = simulate_reloads(rules, n, 6, weapon=weapon, loaded=loaded, reserve=reserve,
                            activity=activity, bs=bs)
    room = rules.weapon(weapon)["capacity"] - loaded
    if weapon.endswith("_perc"):
        exact = odds.percussion_load(room, 1, activity=activity, bs=bs, rules=rules)
    else:
        exact = odds.reload_roll(room, activity=activity, bs=bs, reloads=reserve,
                                 rules=rules).outcomes
    cells = [(i, j) for i in range(hist.shape[0]) for j in range(hist.shape[1])]
    assert agrees([hist[c] for c in cells], [float(exact.get(c, 0)) for c in cells])


# ---------------------------------------------------------------- gunfighters


@pytest.mark.parametrize("name", ["patient_aimer", "gunslinger_rush", "brawler"])
def test_scripted_gunfighters_beat_random(name):
    """400 fights against the random floor, seats alternating: the scripted side wins more of
    the decided fights (exact binomial test against 1/2, false-alarm rate 1e-3)."""
    kinds, weights = table([name, "random"])
    lineup = np.array([[0, 1], [1, 0]] * 200)
    b = play_batch(R, 11, 3, 0, kinds[lineup], weights[lineup])
    winner = b.games[:, S.G_WINNER]
    scripted_side = np.where(lineup[:, 0] == 0, 0, 1)
    wins = int((winner == scripted_side).sum())
    losses = int(((winner >= 0) & (winner != scripted_side)).sum())
    assert wins > losses and binom_p(wins, wins + losses, 0.5) < 1e-3, (wins, losses)
