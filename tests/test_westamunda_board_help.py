"""Westamunda rules wm-25: helpers giving a boarder a leg up onto a moving horse.

- **The rule** (text, boarding section, after Gorka Morka: "Climbing on requires an I roll,
  with a modifier of -1 if moving over base rate and +1 for each character assisting (this
  counts as the assisting character's action)"): `engine._helpers` (Ev.HELP before the
  boarder's Ev.BOARD, whose modifier gains mount_helper_bonus per helper; tidy `board_helps`).
- **Who helps** (stated reading): a friend of the boarder in a cell touching his, up, unpinned,
  free, on foot, not broken and not yet acted this turn; helping is his action (no move, shot
  or reload). Only a climb from the ground that is an I test (a moving horse) is helped: a jump
  across from one horse to another is not (nobody on the ground reaches him).
- **Who asks**: weight ``board_help`` (the most helpers a scripted boarder takes, in the gang's
  order); the random floor tosses a coin for each friend who could help.

The trace auditor (``test_westamunda_engine._audit``) checks every HELP (its boarder, the climb
being a test from the ground, the helper's place and state, not yet acted, none beyond the
weight), that a scripted boarder is helped by every friend free to help up to his weight, the
climb's modifier with the helpers' bonus, that a helper does nothing else that turn, and the
tidy count. Here: helpers in play (the climbs' tests at their exact odds), the switches, the auditor's teeth on doctored traces.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_westamunda_engine import CAV, NAMES, _audit, audited, lineups
from test_westamunda_horses import _i_test_fits

from sim.westamunda import api
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import WMRules
from strategies.westamunda import table

HALF = dict(CAV, mounted_a=False)  # side A on foot, side B mounted cavalry
TIGHT = WMRules(table_width_in=18, table_height_in=18, **HALF)  # a 18" x 18" table
HELP = {"brawler": {"board": 3, "board_help": 7}}  # brawlers board, every free friend helps
N = 1000
HELPS = S.SIDE_NAMES.index("board_helps")
BOARDS = S.SIDE_NAMES.index("boards")
CODES = [int(c) for c in table(NAMES)[0]]  # each gunfighter's kind code, in NAMES' order


def _batch(rules, overrides, n=N, seed=23):
    k, w = lineups(NAMES, n, overrides)
    rosters, types = api.gangs(rules)
    return E.play_batch(rules, seed, 1, 0, k, w, rosters=rosters, gang_types=types)


@pytest.fixture(scope="module")
def batch():
    """1,000 fights, every pairing of the five gunfighters (brawlers with ``board`` 3 and
    ``board_help`` 7), side A on foot against side B's riders on an 18" table (seed 23)."""
    return _batch(TIGHT, HELP)


def test_helpers_give_a_leg_up_in_play_and_pass_the_audit(batch):
    """Fights with a leg up are found by the batch and replayed with their traces: every one
    passes the auditor (it raises otherwise), which counts each helped climb. The rate is
    low and stated: a helper must already stand beside the boarder when he reaches the horse,
    and must not have acted (1.4% of the brawlers' boardings at seed 23: 21 helpers in 14
    fights)."""
    helps = batch.sides[:, :, HELPS].sum(axis=1)
    games = [int(i) for i in np.flatnonzero(helps)]
    assert len(games) >= 8 and helps.sum() >= 12, (len(games), helps.sum())
    assert helps.sum() < 0.05 * batch.sides[:, :, BOARDS].sum()
    seen = audited(TIGHT, N, "rules", seed=23, stream=1, overrides=HELP, games=games)
    assert seen["board_helps"] == helps.sum()
    assert seen["board_helped_tests"] >= 8, seen["board_helped_tests"]
    assert seen["board_helped_tests"] <= seen["board_helps"]
    # the climbs' I tests, helped ones at their score with the bonus, pass at the exact odds
    # (binomial per score seen 20 times or more, false-alarm rate 1e-3 each)
    assert _i_test_fits(seen["board_tests"], TIGHT) >= 1


def test_only_brawler_sides_and_the_random_floor_help(batch):
    """Only a side that boards asks for help: the gunfighters who never board have no
    helpers."""
    k, _ = lineups(NAMES, N, HELP)
    helped = {NAMES[CODES.index(int(k[i, side]))] for side in range(2)
              for i in np.flatnonzero(batch.sides[:, side, HELPS])}
    assert helped <= {"brawler", "random"} and "brawler" in helped, helped


@pytest.mark.parametrize("rules,overrides,why", [
    (WMRules(mount_helper_bonus=0, table_width_in=18, table_height_in=18, **HALF), HELP,
     "mount_helper_bonus 0: nobody helps"),
    (TIGHT, {"brawler": {"board": 3, "board_help": 0}}, "board_help 0: the brawler asks nobody"),
])
def test_the_rule_and_the_weight_switch_helpers_off(rules, overrides, why):
    """The same 1,000 fights with the rule or the weight off: no brawler side has a helper (the
    random floor's coin still asks under board_help 0), and the boardings still happen."""
    b = _batch(rules, overrides)
    k, _ = lineups(NAMES, N, overrides)
    helps = b.sides[:, :, HELPS]
    if rules.mount_helper_bonus == 0:
        assert helps.sum() == 0, why
    else:
        assert helps[k == CODES[NAMES.index("brawler")]].sum() == 0, why
    assert b.sides[:, :, BOARDS].sum() > 500


LIT_GAMES = (367, 693, 843, 918, 1343, 1390)  # (found by auditing the boardings of 2,000;
# wm-27's random floor, getting up behind friend riders, changed fight 1290 and 1390)


def test_no_scripted_helper_holds_a_lit_bundle():
    """Under the dynamite what-if (side A's fighters carry dynamite; $3000 gangs) a brawler
    who boards passes over a friend holding a lit bundle (helping, he could not throw it, and
    it would go off beside them): six fights of 2,000 (seed 25) in which such a friend stood
    free beside a boarder pass the auditor, which refuses a scripted helper with a lit bundle
    and expects every other free friend's help. (Nerve tests off, as the six were found: with
    them on these fight numbers are other fights. wm-25's nerve-test fault under this what-if
    is fixed in wm-26: all 2,000 fights with nerve tests on pass the auditor, with 9 such
    friends passed over; docs/rules/westamunda.md, "Nerve: breaking and rallying".)"""
    rules = WMRules(table_width_in=18, table_height_in=18, dynamite_a=2, gang_budget=3000,
                    setup_max_rarity=2, nerve_tests="none", **HALF)
    seen = audited(rules, 2000, "rules", seed=25, stream=1, overrides=HELP, games=LIT_GAMES)
    assert seen["board_help_lit_passed"] == len(LIT_GAMES), seen["board_help_lit_passed"]
    assert seen["board_helps"] >= 5, seen["board_helps"]


def _helped_fights():
    """The helped fights of the first 200 (seed 23), replayed with their traces, in order."""
    k, w = lineups(NAMES, N, HELP)
    rosters, types = api.gangs(TIGHT)
    b = _batch(TIGHT, HELP, n=200)
    for i in np.flatnonzero(b.sides[:, :, HELPS].sum(axis=1)):
        batch, ev, tab = E.replay(TIGHT, 23, 1, i, k[i], w[i], rosters=rosters,
                                  gang_types=types)
        yield batch, ev, tab, k[i], w[i], rosters, types


def _refused(mend):
    """The first helped fight ``mend`` can doctor (it raises LookupError where it cannot)
    passes the auditor as played and fails it doctored."""
    for batch, ev, tab, k, w, rosters, types in _helped_fights():
        try:
            bad = mend(ev.copy())
        except LookupError:
            continue
        _audit(TIGHT, ev, batch.games[0], batch.sides[0], tab, rosters, types, k, w)
        with pytest.raises(AssertionError):
            _audit(TIGHT, bad, batch.games[0], batch.sides[0], tab, rosters, types, k, w)
        return
    raise AssertionError("no helped fight in the sample could be doctored so")


def _first_help(ev):
    return int(np.flatnonzero(ev[:, 2] == S.Ev.HELP)[0])


def test_the_auditor_refuses_a_help_that_is_not_logged():
    """A helped fight passes; its trace with the first HELP row removed fails (the climb's
    modifier no longer adds up, a free friend not asked)."""
    def drop(ev):
        return np.delete(ev, _first_help(ev), axis=0)
    _refused(drop)


def test_the_auditor_refuses_a_climb_without_the_helpers_bonus():
    """The BOARD after a HELP with its modifier one lower (the helper's +1 not given): fails."""
    def lower(ev):
        j = _first_help(ev)
        b = j + int(np.flatnonzero(ev[j:, 2] == S.Ev.BOARD)[0])
        ev[b, 6] -= 1
        return ev
    _refused(lower)


def test_the_auditor_refuses_a_boarder_helping_himself():
    """A HELP whose helper is the boarder himself: fails."""
    def swap(ev):
        j = _first_help(ev)
        ev[j, 1] = ev[j, 3]
        return ev
    _refused(swap)


def _friend(ev, j, pick):
    """A friend of HELP row j's boarder (same side, not the helper or the boarder) for whom
    ``pick(x, row_of_his_latest_action_this_turn_or_None)`` holds; the trace's DEPLOY rows give
    the sides and TURN rows the turns."""
    side = {int(r[1]): int(r[5]) for r in ev[ev[:, 2] == S.Ev.DEPLOY]}
    turn0 = int(np.flatnonzero(ev[:j, 2] == S.Ev.TURN)[-1])
    boarder, helper = int(ev[j, 3]), int(ev[j, 1])
    for x in sorted(side):
        if side[x] != side[boarder] or x in (boarder, helper):
            continue
        acts = np.flatnonzero((ev[turn0:j, 2] == S.Ev.ACTION) & (ev[turn0:j, 1] == x))
        if pick(x, int(acts[-1]) + turn0 if len(acts) else None):
            return x
    raise LookupError("no such friend in the fight")


def test_the_auditor_refuses_a_helper_who_has_acted():
    """A HELP given by a friend who took his action earlier that turn: fails."""
    def acted(ev):
        j = _first_help(ev)
        ev[j, 1] = _friend(ev, j, lambda x, act: act is not None)
        return ev
    _refused(acted)


def test_the_auditor_refuses_a_helper_far_from_the_boarder():
    """A HELP given by a friend who has not acted but stands away from the boarder (his
    deployment cell and every cell he moved to are more than one cell from the boarder's):
    fails."""
    def far(ev):
        j = _first_help(ev)
        boarder = int(ev[j, 3])
        b_cell = _cell_at(ev, boarder, j)
        ev[j, 1] = _friend(ev, j, lambda x, act: act is None and max(
            abs(c - d) for c, d in zip(_cell_at(ev, x, j), b_cell, strict=True)) > 1)
        return ev
    _refused(far)


def _cell_at(ev, x, j):
    """Fighter x's cell before trace row j, from his DEPLOY and MOVE rows (enough for a fighter
    on foot who was not pushed: the test picks a friend far away, so a cell a few rows off
    still is)."""
    cell = None
    for r in ev[:j]:
        if int(r[1]) == x and int(r[2]) == S.Ev.DEPLOY:
            cell = (int(r[3]), int(r[4]))
        elif int(r[1]) == x and int(r[2]) == S.Ev.MOVE:
            cell = (int(r[5]), int(r[6]))
    return cell
