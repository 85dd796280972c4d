"""Westamunda rules wm-23: jumping down from a moving horse, and from it into a fight.

- **The rule** (text, boarding section: "Jumping from a horse or wagon can be carried out at any
  point in its movement ... if it is moving the jumper must make an I roll to avoid injury.
  Failure results in S3/D3 S3 wounds ... The character jumping cannot make any further movement
  that turn ... though they could jump into combat if the wagon passes within 2\" of a suitable
  opponent and as such would count as charging. They can also fire if they choose, but this
  would count as a snap shot"): Act.JUMP_DOWN rides the horse a walk or a run to the cell the
  rider chose and he jumps down there (`engine._jump_down`, Ev.JUMP, tidy `jumps_down`). From a
  horse that moved this turn, an I test (sure-footed's bonus); failed, a fall (Ev.FALL why
  FALL_JUMP: a fall_strength hit, a fall_fast_hits_die of them above the horse's M; tidy
  `jump_falls`). The horse stands where he left it. Passed (or from a still horse), with a
  target he leaps into a fight: a charge of at most ``jump_charge_in`` (tidy `jump_charges`);
  else he stays there and any shot of his that turn is a snap shot.
- **Who jumps**: weight ``jump_down`` (the least I to risk it): the brawler (3) whose mounted
  charge cannot get next to its target walks within a leap of him and jumps into the fight; the
  patient aimer and the flanker's fire base (with ``dismount``) would, with the weight above 0,
  jump down as they ride into the cover they would settle in (no preset does: 0); the random
  floor draws the jump as one of a rider's eleven actions, at the standing enemy nearest the
  cell it rides to if a leap might reach him.

The trace auditor (``test_westamunda_engine._audit``) checks every jump: the action's ride, the
JUMP's facts (moved, above M, the test, its modifier), the fall's hits, the leap's charge steps
and reach, the fight joined only with the enemy leapt at, the snap shot after it, and the tidy
counts. Here: the mechanics in play at plausible rates, the I test at its exact odds, the rule
and the weight that switch it off, the auditor's teeth on doctored traces, the narration.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_westamunda_engine import CAV, NAMES, WM23, _audit, audited, lineups
from test_westamunda_horses import _i_test_fits

from sim.core.tabletop.battlefield import THICKET, empty, place
from sim.core.tabletop.movement import queue_size
from sim.westamunda import api
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.narrate import narrate
from sim.westamunda.rules import WMRules
from strategies import westamunda as WS

# mounted cavalry, balanced builds, both sides; the samples chosen under wm-23 (no boarding:
# the random floor's boarding coin would change its fights)
MOUNTED = WMRules(**CAV, **WM23)
CLOSE = WMRules(table_width_in=24, table_height_in=24, **CAV, **WM23)  # the same on 2' x 2'
RANDOM2 = ["random", "random"]


@pytest.fixture(scope="module")
def traced():
    """The auditor's counts over 96 traced fights of mounted cavalry (every ordered pairing of
    the five gunfighters, seed 23)."""
    return audited(MOUNTED, 96, "rules", seed=23, stream=1)


@pytest.fixture(scope="module")
def close():
    """96 traced fights of the random floor against itself, mounted cavalry on a 24" table
    (seed 23): riders close enough to leap into fights."""
    return audited(CLOSE, 96, "rules", names=RANDOM2, seed=23, stream=1)


def test_jumps_down_pass_the_audit_and_happen_in_play(traced, close):
    """Every traced fight passes the auditor (it raises otherwise); riders jump down from moving
    horses (seen: 56 jumps in the 96 fights of the five gunfighters, 27 failed tests; 121 in the
    random floor's 96 close fights, 60 failed, 7 leaps into a fight and 52 snap shots after a
    jump), some fail the test and fall, some leap into a fight, some shoot after jumping."""
    for seen in (traced, close):
        assert seen["jump_actions"] > 20, seen["jump_actions"]
        assert seen["jumps_down"] > 20, seen["jumps_down"]
        assert 0 < seen["jump_falls"] < seen["jumps_down"], \
            (seen["jump_falls"], seen["jumps_down"])
        assert seen["jump_fall_events"] == seen["jump_falls"]
        assert len(seen["jump_tests"]) > 20
        assert seen["jump_charges"] <= seen["jump_leaps"]
    assert close["jump_charges"] > 0, close["jump_charges"]
    assert close["jumped_shots"] > 0, close["jumped_shots"]


def test_the_jump_test_passes_at_the_initiative_odds(traced):
    """A jump from a moving horse is an I test (sure-footed's +1 in the score logged): exact
    binomial per score seen 20 times or more, false-alarm rate 1e-3 each."""
    assert _i_test_fits(traced["jump_tests"], MOUNTED) >= 1


def _jumps_by(df):
    return df.groupby("strategy")["jumps_down"].sum()


def test_the_rule_and_the_weight_switch_jumping_off():
    """500 fights of mounted cavalry (seed 12): at the presets' weights the random floor jumps
    and no gunfighter with ``jump_down`` 0 does (the patient aimer, the flanker, the gunslinger
    rush); with ``jump_down`` 3 the patient aimer and the flanker's fire base jump down into
    cover; with jump_from_moving_horse off nobody jumps, the random floor included (the action
    is refused as a hold, and the floor no longer draws it)."""
    pool = list(NAMES)
    lineup = np.array([[i % 5, (i // 5) % 5] for i in range(500)])
    got = _jumps_by(api.run_games(MOUNTED, 12, 1, 0, lineup, pool, None))
    assert got["random"] > 20, got
    assert got["patient_aimer"] == got["flanker"] == got["gunslinger_rush"] == 0, got
    cover = {"patient_aimer": {"jump_down": 3}, "flanker": {"jump_down": 3}}
    got = _jumps_by(api.run_games(MOUNTED, 12, 1, 0, lineup, pool, cover))
    assert got["patient_aimer"] > 20 and got["flanker"] > 20, got
    off = WMRules(jump_from_moving_horse=False, **CAV)
    df = api.run_games(off, 12, 1, 0, lineup, pool, cover)
    assert df[["jumps_down", "jump_falls", "jump_charges"]].to_numpy().sum() == 0


def _fighters(rider, target, i_score=3):
    """A fighter table with a mounted brawler of side 0 at ``rider`` and a standing enemy on
    foot at ``target``."""
    fm = np.zeros((2, S.N_FC), np.int64)
    for a, (x, y), side in ((0, rider, 0), (1, target, 1)):
        fm[a, S.FX], fm[a, S.FY], fm[a, S.FSIDE] = x, y, side
        fm[a, S.FSTATE] = S.ST_STANDING
        fm[a, S.FENGAGED] = -1
        fm[a, S.FI], fm[a, S.FM] = i_score, 4
    fm[0, S.FHORSE], fm[0, S.FM] = 1, 8
    return fm


def _jump_in(fm, table, weights, rules=MOUNTED):
    """The brawler's choice (``strategies.westamunda._jump_in``) of a charge at fighter 1."""
    rp = E.kernel_params(rules)
    h, w = table.terrain.shape
    occ = E.barred_cells(table.terrain, table.piece, rules.horse_jump_in)  # (the rider's view)
    occ[fm[1, S.FY], fm[1, S.FX]] = True
    dec = np.zeros(S.N_DEC, np.int64)
    dec[S.D_ACT], dec[S.D_TARGET] = S.Act.CHARGE, 1
    dec[S.D_X], dec[S.D_Y] = fm[0, S.FX], fm[0, S.FY]
    m = fm[0, S.FM]
    WS._jump_in(weights, 0, 1, fm, rp, table.terrain, table.building, occ, dec,
                np.zeros((h, w), np.int64), np.zeros(queue_size(h, w), np.int64), 2 * m,
                2 * m * rules.charge_multiplier)
    return dec


def test_a_brawler_whose_horse_cannot_reach_jumps_into_the_fight():
    """A man in the middle of a 3" x 3" thicket: no horse gets next to him (every cell beside
    him is the thicket's), so the brawler's charge becomes a jump down at the thicket's edge,
    from where a leap of 2" on foot (one thicket inch at obstacle_cost 2) reaches a cell beside
    him, a walk away from a rider 6" off. In a 5" x 5" thicket no leap of 2" gets to him, and
    with I below ``jump_down``, the weight 0, or nothing in the way the charge stands too."""
    t = empty(20, 9)
    place(t, 9, 3, 11, 5, THICKET)
    w = WS.table(["brawler"])[1][0]
    dec = _jump_in(_fighters((4, 4), (10, 4)), t, w)
    assert dec[S.D_ACT] == S.Act.JUMP_DOWN and dec[S.D_TARGET] == 1
    assert (dec[S.D_X], dec[S.D_Y]) == (8, 4), (dec[S.D_X], dec[S.D_Y])  # (the nearest edge)
    assert dec[S.D_RUN] == 0  # (a walk: the edge is 4" from him)
    wide = empty(20, 9)
    place(wide, 8, 2, 12, 6, THICKET)
    assert _jump_in(_fighters((4, 4), (10, 4)), wide, w)[S.D_ACT] == S.Act.CHARGE
    assert _jump_in(_fighters((4, 4), (10, 4), i_score=2), t, w)[S.D_ACT] == S.Act.CHARGE
    w0 = w.copy()
    w0[WS.W_JUMP] = 0
    assert _jump_in(_fighters((4, 4), (10, 4)), t, w0)[S.D_ACT] == S.Act.CHARGE
    assert _jump_in(_fighters((4, 4), (10, 4)), empty(20, 9), w)[S.D_ACT] == S.Act.CHARGE


def _close_fights(n=40):
    """(game, events, table) of the first n close fights of the random floor (``close``'s)."""
    k, w = lineups(RANDOM2, n, None)
    rosters, types = api.gangs(CLOSE)
    for i in range(n):
        batch, ev, tab = E.replay(CLOSE, 23, 1, i, k[i], w[i], rosters=rosters,
                                  gang_types=types)
        yield i, batch, ev, tab, k[i], w[i], rosters, types


def _first(pick):
    for fight in _close_fights():
        rows = np.flatnonzero(pick(fight[2]))
        if len(rows):
            return fight, int(rows[0])
    raise AssertionError("no such fight in the sample")


def _failed_jump(ev):
    return (ev[:, 2] == S.Ev.JUMP) & (ev[:, 5] == 0)


def _leap_reached(ev):
    jumps = np.flatnonzero((ev[:, 2] == S.Ev.JUMP) & (ev[:, 7] >= 0))
    out = np.zeros(len(ev), bool)
    for j in jumps:
        after = ev[j + 1:j + 6]
        out[j] = ((after[:, 2] == S.Ev.CHARGED) & (after[:, 1] == ev[j, 1])).any()
    return out


@pytest.mark.parametrize("col,why", [
    (5, "a failed test logged as passed (its FALL follows)"),
    (4, "a ride at or below base rate logged as above it, or the other way"),
    (6, "a test's modifier nobody in the fight has (no sure-footed rider)"),
])
def test_the_auditor_refuses_a_doctored_jump(col, why):
    """The auditor's teeth: a close fight with a failed jump passes; the same trace with the
    JUMP row doctored (see ``why``) fails."""
    (i, batch, ev, tab, k, w, rosters, types), j = _first(_failed_jump)
    _audit(CLOSE, ev, batch.games[0], batch.sides[0], tab, rosters, types, k, w)
    bad = ev.copy()
    bad[j, col] = 1 - bad[j, col] if col != 6 else bad[j, col] + 1
    with pytest.raises(AssertionError):
        _audit(CLOSE, bad, batch.games[0], batch.sides[0], tab, rosters, types, k, w)


def test_the_auditor_refuses_a_leap_at_a_friend():
    """A leap that reached its enemy, its JUMP row doctored to name a friend of the jumper:
    refused (a leap is at a standing enemy, and the fight joined is with him)."""
    (i, batch, ev, tab, k, w, rosters, types), j = _first(_leap_reached)
    _audit(CLOSE, ev, batch.games[0], batch.sides[0], tab, rosters, types, k, w)
    side = ev[(ev[:, 2] == S.Ev.DEPLOY)][:, [1, 5]]
    me = int(ev[j, 1])
    friend = next(int(f) for f, s_ in side if s_ == dict(side.tolist())[me] and f != me)
    bad = ev.copy()
    bad[j, 7] = friend
    with pytest.raises(AssertionError):
        _audit(CLOSE, bad, batch.games[0], batch.sides[0], tab, rosters, types, k, w)


def test_the_narration_tells_a_jump_a_fall_and_a_leap():
    """The story of a close fight with a failed jump says so (the I test, the fall, the horse
    standing there); that of one with a leap into a fight says he leaps and reaches him."""
    (i, batch, ev, tab, k, w, rosters, types), j = _first(_failed_jump)
    text = narrate(ev, tab, RANDOM2, CLOSE, types, rosters)
    assert "jumps down from his moving horse" in text
    assert ") failed." in text and "lands badly: 1 hit at S3" in text
    assert "and his horse stands there" in text
    assert "jumped down" in text  # (the summary's count)
    (i, batch, ev, tab, k, w, rosters, types), j = _first(_leap_reached)
    text = narrate(ev, tab, RANDOM2, CLOSE, types, rosters)
    assert "to jump down there and leap at" in text
    assert "; he leaps at " in text and "a charge of up to 2\"" in text
