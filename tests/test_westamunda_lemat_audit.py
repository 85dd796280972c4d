"""Westamunda Le Mats under the independent trace auditor (wm-8; rules text "Reloads", "Jams",
the Le Mat's weapon paragraph; docs/rules/westamunda.md rows 84 and 115): traced fights of Le
Mat gangs that pass the audit and show each mechanic happening, and the auditor's teeth.

The auditor (``_audit`` in tests/test_westamunda_engine.py) follows every Le Mat from the
rosters and rules alone, never from the engine's helpers: the slots a roster gives (its nine
chambers, then its shotgun barrel in the next slot, loaded with the shell type its recruit
lists first, the other type carried when he lists it; a box a gun, the rest to the first that
fits), DEPLOY's slots 0 and 1 against that layout, the rounds in each part as it fires (one a
shot, a burst's at its first SHOT; no shot from an empty part) and as it loads, the jam
markers of each part apart (a part with a jam marker, or made useless, never fires; the other
part may; a CLEAR only of a part with a marker, its markers left as jams_cleared_per_turn
says), and every Le Mat RELOAD: on its barrel's slot with the declared order (g 1 first, 2
last), one roll of the turn's category and one reload die; where the rounds before are known
(one Le Mat a fighter) the split exactly: loaded first the barrel takes its shell before the
chambers, loaded last it gets only what the die (capped by reload_max_rounds) leaves once the
empty chambers are filled, each part within its own box; a failed roll loses what would have
gone in, each from its own box (reload_loss 'die': the rest of the die from the chambers'
box); a part is reloaded alone only when the other is useless. A change of shells (SHELLS) is
the barrel's, its shell back to its box, the boxes trading places. No second handgun
(SH_OFF_HAND) is the other part of the Le Mat just fired. The tidy ammo_rolls, jams,
clear_actions, jams_cleared, rounds_loaded, rounds_lost, lemat_shells_loaded and
lemat_barrel_short are summed from the trace and compared.

The fights (seed 5, stream 1, every ordered pairing of the four gunfighters and the random
floor): the standard gang with Le Mats (``builds.swap`` 'lemat'; Le Mats are rare:
setup_max_rarity 2) and the same gang without its Winchesters (handguns only, so that the
barrels get fired and reloaded), the scripted gunfighters reloading at 5 rounds or fewer
(weight ``reload_at`` 5) and declaring the barrel first when it is empty, or always last
(``barrel_first`` 0), with ammo rolls only for a burst's jam faces (ammo_on 7: fewer jams to
clear, more reloads); with a box of manstopper shells besides (the barrel changing shells);
every reload a BS roll with reload_loss 'die'; reload_max_rounds 3; jam_outcome 'useless';
a gunfighter with a Le Mat and a revolver; a fighter with two Le Mats. The teeth: fights
played under one rule set (or roster) and audited under another, and traces doctored in one
field, fail the audit on the check concerned. (The audit of wm-8 found the shells of a barrel
reloaded alone, its chambers useless, left out of the tidy lemat_shells_loaded: fixed, and the
auditor now compares the whole count.)

The tests read counts, not dice against odds (the Le Mat's reload dice against the exact odds
are in tests/test_westamunda_lemat.py), so no test here has a false-alarm rate: each fight is
seeded and replays the same, and the floors are about a third of what the seeded fights show.
With the engine compiled (cached), the file takes about 40 s.
"""

import dataclasses

import numpy as np
import pytest
from test_westamunda_engine import NAMES, _audit, audit_fails, audited, lineups

from sim.westamunda import builds
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import WMRules

RARE = WMRules(setup_max_rarity=2)
STANDARD = E.standard_roster(RARE)
LEMAT = builds.swap(RARE, STANDARD, "lemat")
MANSTOPPER = builds.swap(RARE, STANDARD, "lemat_manstopper")
# the Le Mat gang without its Winchesters: its fighters close in and fire the barrel (9")
HANDGUNS = tuple(r._replace(weapons=tuple(w for w in r.weapons if w != "winchester"),
                            boxes=tuple(b for b in r.boxes if b != "winchester")) for r in LEMAT)
BOTH = tuple(r._replace(boxes=r.boxes + ("lemat_manstopper",)) for r in HANDGUNS)
NO_SHELLS = tuple(r._replace(boxes=tuple(b for b in r.boxes if b != "lemat_scatter"))
                  for r in HANDGUNS)  # a doctored roster: no box of shells
GUNFIGHTER = (HANDGUNS[0], HANDGUNS[1]._replace(weapons=("lemat", "revolver"),
                                                boxes=("lemat", "revolver", "lemat_scatter"),
                                                skills=("gunfighter",))) + HANDGUNS[2:]
LONE_GUNFIGHTER = (HANDGUNS[0], HANDGUNS[1]._replace(skills=("gunfighter",))) + HANDGUNS[2:]
TWO = (HANDGUNS[0]._replace(weapons=("lemat", "lemat"),
                            boxes=("lemat", "lemat", "lemat_scatter", "lemat_scatter")),) + \
    HANDGUNS[1:]
SCRIPTED = [name for name in NAMES if name != "random"]
EAGER = {name: {"reload_at": 5} for name in SCRIPTED}
LAST = {name: {"reload_at": 5, "barrel_first": 0} for name in SCRIPTED}
SHELL = {name: {"reload_at": 5, "shell": 1} for name in SCRIPTED}  # manstopper preferred
ROLL = dataclasses.replace(RARE, reload_category_of=(1, 1, 1, 1, 1, 1, 2, 2, 2))  # still: roll
ROLL_DIE = dataclasses.replace(ROLL, reload_loss="die")
CAP3 = dataclasses.replace(RARE, reload_max_rounds=3)
DRY = dataclasses.replace(RARE, ammo_on=7)  # ammo rolls only for a burst's jam faces
USELESS = dataclasses.replace(RARE, jam_outcome="useless", ammo_on=5)
# an entry of the auditor's lemat_rolls: (barrel first, passed, die, barrel's room, chambers'
# room, shells in the barrel's box, rounds in the chambers' box, shells in, rounds in, shells
# lost, rounds lost)
FIRST, PASSED, DIE, ROOM_B, ROOM_C, RES_B, RES_C, PUT_B, PUT_C, LOST_B, LOST_C = range(11)
EV_A, EV_D, EV_G = 3, 6, 9  # columns of an event row: a, d, g


def fights():
    """{name: (rules, n, rosters, overrides)} of the audited fights read below."""
    return {"standard": (RARE, 96, (LEMAT, LEMAT), None),
            "first": (DRY, 160, (HANDGUNS, HANDGUNS), EAGER),
            "last": (DRY, 160, (HANDGUNS, HANDGUNS), LAST),
            "shells": (RARE, 96, (BOTH, BOTH), SHELL),
            "rolled": (ROLL_DIE, 240, (HANDGUNS, HANDGUNS), EAGER),
            "capped": (CAP3, 96, (HANDGUNS, HANDGUNS), EAGER),
            "useless": (USELESS, 96, (HANDGUNS, HANDGUNS), EAGER),
            "gunfighter": (RARE, 96, (GUNFIGHTER, HANDGUNS), EAGER),
            "lone_gunfighter": (RARE, 48, (LONE_GUNFIGHTER, HANDGUNS), EAGER),
            "two": (RARE, 64, (TWO, HANDGUNS), EAGER)}


@pytest.fixture(scope="module")
def seen():
    """The auditor's counts over each set of fights of ``fights`` (seed 5)."""
    return {name: audited(rules, n, rosters, overrides=ov, seed=5)
            for name, (rules, n, rosters, ov) in fights().items()}


def rolls(counts):
    return counts["lemat_rolls"]


# ---------------------------------------------------------------- the audited fights


def test_the_standard_gang_with_le_mats_passes_the_audit(seen):
    """96 fights of the standard gang with Le Mats (Winchesters kept) pass the audit: the
    chambers fire (seen 1521 shots) and the barrels (seen 138), parts jam (seen 270 failed
    ammo rolls of a part) and one part fires while the other holds a jam marker (seen 113);
    Le Mats are reloaded (seen 11) and their jams cleared (seen 67)."""
    got = seen["standard"]
    assert got["lemat_chamber_shots"] >= 500 and got["lemat_barrel_shots"] >= 45, got
    assert got["lemat_jams"] >= 90 and got["lemat_shots_other_jammed"] >= 35
    assert got["lemat_reloads"] >= 4 and got["lemat_clears"] >= 22
    assert got["lemat_unfollowed"] == 0


def test_the_barrel_declared_first_takes_its_shell_before_the_chambers(seen):
    """Handguns only, reload at 5, ammo rolls only for a burst's jam faces (160 fights): the
    scripted gunfighters declare an empty barrel first, the random floor either way; the
    auditor checks each split against the rounds it follows. Seen: 158 Le Mat reloads, 43
    declared first, 30 shells loaded (the tidy lemat_shells_loaded), every passed reload
    declared first with the barrel empty and a shell in its box loading it (29 such), the
    chambers taking the rest of the die."""
    got = seen["first"]
    first = [r for r in rolls(got) if r[FIRST] and r[PASSED] and r[ROOM_B] and r[RES_B]]
    assert got["lemat_reloads"] >= 50 and got["lemat_first"] >= 14, got
    assert got["lemat_shells_loaded"] == got["lemat_shells"] >= 10
    assert len(first) >= 10 and all(r[PUT_B] == 1 for r in first)
    assert all(r[PUT_C] == min(r[DIE] - 1, r[ROOM_C], r[RES_C]) for r in first)


def test_declared_last_a_short_die_leaves_the_barrel_empty(seen):
    """Weight barrel_first 0 (160 fights as above): the scripted gunfighters declare the
    barrel last; a passed reload with the barrel empty loads its shell only when the die
    outlasts the empty chambers (or their box), and the tidy lemat_barrel_short counts the
    others (seen 16 of 19, each with a die no larger than the empty chambers)."""
    got = seen["last"]
    last = [r for r in rolls(got) if not r[FIRST] and r[PASSED] and r[ROOM_B] and r[RES_B]]
    short = [r for r in last if r[PUT_B] == 0]
    assert got["lemat_last"] >= 40 and got["lemat_barrel_short"] == len(short) >= 5, got
    assert all(r[DIE] <= r[ROOM_C] for r in short)
    assert all(r[DIE] > min(r[ROOM_C], r[RES_C]) for r in last if r[PUT_B])
    assert seen["first"]["lemat_barrel_short"] < got["lemat_barrel_short"]


def test_the_barrel_changes_shells_as_a_shotgun_does(seen):
    """A box of manstopper shells besides the scatter (weight shell 1: manstopper preferred;
    96 fights): the barrel's SHELLS (seen 50) hand its shell back to its box and the next
    RELOAD loads the other type (seen 47 shells loaded), the boxes followed through."""
    got = seen["shells"]
    assert got["lemat_shell_swaps"] >= 16 and got["shell_swaps"] == got["lemat_shell_swaps"]
    assert got["lemat_shells_loaded"] >= 15, got


def test_a_failed_roll_loses_from_each_box(seen):
    """Every still or walking reload a BS roll, reload_loss 'die' (240 fights; 160 until wm-15's
    stray shots, whose 160 showed only 3 shells lost): failed Le Mat reloads (seen 106) load
    nothing and lose the shell that would have gone in (seen 9) and the rest of the die from
    the chambers' box: often (seen 63) more rounds than the chambers had room for."""
    got = seen["rolled"]
    failed = [r for r in rolls(got) if not r[PASSED]]
    assert got["lemat_fails"] == len(failed) >= 35, got
    assert all(r[PUT_B] == r[PUT_C] == 0 for r in failed)
    assert sum(r[LOST_C] > r[ROOM_C] for r in failed) >= 21
    assert sum(r[LOST_B] > 0 for r in failed) >= 4


def test_reload_max_rounds_caps_the_die_shared_by_both_parts(seen):
    """reload_max_rounds 3 (96 fights): no Le Mat reload loads more than 3 rounds and shells
    together; passed reloads with a larger die and room for more (seen 27) load exactly 3."""
    got = seen["capped"]
    done = [r for r in rolls(got) if r[PASSED]]
    assert all(r[PUT_B] + r[PUT_C] <= 3 for r in done)
    capped = [r for r in done if r[DIE] > 3 and r[ROOM_B] + r[ROOM_C] > 3]
    assert len(capped) >= 9 and all(r[PUT_B] + r[PUT_C] == 3 for r in capped)


def test_a_part_made_useless_leaves_the_other_firing_and_reloading_alone(seen):
    """jam_outcome 'useless' (a failed ammo roll loses the part for the fight), ammo rolls on
    a 5 or 6 (96 fights): a part made useless never fires again while the other does (seen
    444 shots while the other part was useless) and is reloaded alone (seen 188 RELOADs of
    one part, g 0); nothing is cleared."""
    got = seen["useless"]
    assert got["lemat_shots_other_jammed"] >= 150 and got["lemat_part_reloads"] >= 60, got
    assert got["clear_actions"] == 0


def test_a_barrel_reloaded_alone_counts_its_shells_in_lemat_shells_loaded(seen):
    """The tidy lemat_shells_loaded is 'shells this side loaded into Le Mat shotgun barrels'
    (api, state.SIDE_NAMES): a barrel reloaded alone (its chambers useless) loads shells too,
    and the auditor finds them in the column (it compares the whole count; the audit of wm-8
    found them left out, fixed since). Seen: 188 such shells in the 'useless' fights."""
    assert seen["useless"]["lemat_alone_shells"] >= 60


def test_a_gunfighter_pairs_his_le_mat_with_another_gun_only(seen):
    """A gunfighter shootist with a Le Mat and a revolver (96 fights) fires second handguns
    (seen 122 SH_OFF_HAND shots), some pairing a Le Mat part with the revolver (seen 18),
    never one part of his Le Mat after the other (the auditor); with the Le Mat alone (48
    fights) he fires none (the auditor: a second handgun needs two guns, its barrel not
    one)."""
    got = seen["gunfighter"]
    assert got["off_hand_shots"] >= 40 and got["lemat_off_hand_pairs"] >= 6, got
    assert seen["lone_gunfighter"]["off_hand_shots"] == 0


def test_two_le_mats_in_one_hand_are_followed_by_their_boxes(seen):
    """A fighter with two Le Mats (64 fights): his SHOTs name no slot, so his Le Mat reloads
    are checked within the boxes and the die (seen 2, ``lemat_unfollowed``), the other
    fighters' Le Mats exactly (seen 38)."""
    got = seen["two"]
    assert got["lemat_unfollowed"] >= 1 and len(rolls(got)) >= 12


# ---------------------------------------------------------------- the auditor's teeth


@pytest.mark.parametrize("played,against,rosters,audit_rosters,why", [
    (ROLL_DIE, ROLL, HANDGUNS, None, "a Le Mat's reload: the die's rounds"),
    (ROLL, ROLL_DIE, HANDGUNS, None, "a Le Mat's reload: the die's rounds"),
    (RARE, CAP3, HANDGUNS, None, "a Le Mat's reload: the die's rounds"),
    (CAP3, RARE, HANDGUNS, None, "a Le Mat's reload: the die's rounds"),
    (RARE, RARE, HANDGUNS, NO_SHELLS, ("a Le Mat's reload: the die's rounds",
                                        "no more rounds than the boxes held")),
    (RARE, RARE, MANSTOPPER, LEMAT, "DEPLOY e, f"),
    (USELESS, dataclasses.replace(USELESS, jam_outcome="jam"), HANDGUNS, None,
     "a part alone only when the other is useless"),
    (dataclasses.replace(USELESS, jam_outcome="jam"), USELESS, HANDGUNS, None,
     ("a CLEAR only of a slot with a jam marker", "a useless gun is not reloaded")),
    (RARE, dataclasses.replace(RARE, jams_cleared_per_turn=2), LEMAT, None,
     "CLEAR d: the jam markers left")],
    ids=["die-as-chambers", "chambers-as-die", "max-8-as-3", "max-3-as-8", "no-shell-box",
         "manstopper-as-scatter", "useless-as-jam", "jam-as-useless", "cleared-1-as-2"])
def test_the_auditor_rejects_fights_played_under_other_rules(played, against, rosters,
                                                             audit_rosters, why):
    """The auditor has teeth: fights played with reload_loss 'die' audited as 'chambers' and
    the other way round, reload_max_rounds 8 audited as 3 and the other way round, a gang
    audited as if it had no box of shells, manstopper barrels audited as scatter, parts made
    useless audited as jammed and the other way round, and one jam cleared a turn audited as
    two, fail the audit on the check concerned within 96 fights."""
    audit_rosters = None if audit_rosters is None else (audit_rosters, audit_rosters)
    if not audit_fails(played, against, 96, why, (rosters, rosters), audit_rosters,
                       overrides=EAGER):
        pytest.fail("96 fights played under other rules pass the audit")


def _flip_order(ev):  # every Le Mat RELOAD's declared order the other way
    le_mat = ev[:, 2] == S.Ev.RELOAD
    le_mat &= ev[:, EV_G] > 0
    ev[le_mat, EV_G] = 3 - ev[le_mat, EV_G]
    return le_mat.any()


def _chambers_slot(ev):  # the first Le Mat RELOAD logged on the chambers' slot
    rows = np.flatnonzero((ev[:, 2] == S.Ev.RELOAD) & (ev[:, EV_G] > 0))
    if len(rows):
        ev[rows[0], EV_A] -= 1
    return len(rows) > 0


def _jam_moved(ev):  # the first failed ammo roll of a Le Mat part put on its other part
    rows = np.flatnonzero((ev[:, 2] == S.Ev.AMMO) & (ev[:, EV_D] == 0) & (ev[:, EV_A] <= 1))
    if len(rows):
        ev[rows[0], EV_A] = 1 - ev[rows[0], EV_A]
    return len(rows) > 0


@pytest.mark.parametrize("doctor,why", [
    (_flip_order, "a Le Mat's reload: the die's rounds"),
    (_chambers_slot, "a Le Mat's reload: logged on its barrel's slot"),
    (_jam_moved, ("a jammed gun cannot fire", "a CLEAR only of a slot"))],
    ids=["order-flipped", "chambers-slot", "jam-on-the-other-part"])
def test_the_auditor_rejects_a_doctored_trace(doctor, why):
    """Traces of the handguns-only Le Mat gangs (reload at 5, ammo rolls only for a burst's
    jam faces) doctored in one field fail the audit on the check concerned within 48 fights: every Le Mat reload's declared order
    flipped, a Le Mat reload logged on the chambers' slot, a jam marker put on the other part
    of the Le Mat it struck. Undoctored, the same fights pass."""
    k, w = lineups(NAMES, 48, EAGER)
    rosters = (HANDGUNS, HANDGUNS)
    for i in range(48):
        batch, ev, tab = E.replay(DRY, 5, 1, i, k[i], w[i], rosters=rosters)
        _audit(DRY, ev, batch.games[0], batch.sides[0], tab, rosters)
        ev = ev.copy()
        if not doctor(ev):
            continue
        try:
            _audit(DRY, ev, batch.games[0], batch.sides[0], tab, rosters)
        except AssertionError as e:
            assert any(m in str(e) for m in ((why,) if isinstance(why, str) else why)), e
            return
    pytest.fail("48 doctored traces pass the audit")
