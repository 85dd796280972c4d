"""Westamunda handguns in hand-to-hand (wm-8; rules text "Close combat weapons": anything usable
counts, "if pistols are used and fired in hand to hand combat, their shots must be marked off
as normal. If a 6 is rolled to hit with a weapon, then an ammo roll must also be taken";
docs/rules/westamunda.md rows 130 and 137).

The engine's reading (rules pistols_in_melee, pistol_melee_uses_rounds, both on by default):
each blow a fighter strikes is struck with his strongest loaded, unjammed handgun (weapon flag
fires_in_melee) when it is stronger than his hand weapon (his S plus its bonus), else with the
hand weapon; a blow with a gun fires a round (Ev.GUN_BLOW, tidy gun_blows); a fighter who fired
a gun in a round takes an ammo roll for it for each of his attack dice that showed a 6 (Ev.MELEE
f and g). A normal revolver (S3) never beats a fighter's S3 and knife, so standard gangs fight
as before; a large revolver (S4) or the heavy pistol does. Large handguns are not for set-up
(setup_handgun_rule 'any' lifts that for a designer's what-if).

The tests read the engine's own trace (seed 5, every ordered pairing of the gunfighters with
the brawler's charges in it); they read counts, not dice against odds, so none has a
false-alarm rate: each fight is deterministic. Floors are about a third of what the seeded
fights show.
"""

import dataclasses

import pytest
from test_westamunda_engine import R, lineups

from sim.westamunda import builds, odds
from sim.westamunda import engine as E
from sim.westamunda import state as S
from sim.westamunda.rules import WEAPONS, WMRules

LARGE = WMRules(setup_max_rarity=1, setup_handgun_rule="any")
STANDARD = E.standard_roster(R)
BIG = builds.swap(LARGE, STANDARD, "large_revolver")  # S4 handguns
NAMES = ["brawler", "gunslinger_rush", "flanker", "random"]
MELEE_END = (S.Ev.MELEE, S.Ev.TURN, S.Ev.END, S.Ev.ACTION, S.Ev.BOTTLE)


def traced(rules, n, rosters, names=NAMES):
    k, w = lineups(names, n)
    return [E.replay(rules, 5, 1, i, k[i], w[i], rosters=rosters)[:2] for i in range(n)]


def segments(ev):
    """Each MELEE row with the rows after it up to the next MELEE (or a turn's next step)."""
    rows = [tuple(int(v) for v in r) for r in ev]
    for i, r in enumerate(rows):
        if r[2] != S.Ev.MELEE:
            continue
        j = i + 1
        while j < len(rows) and rows[j][2] not in MELEE_END:
            j += 1
        yield r, rows[i + 1:j]


@pytest.fixture(scope="module")
def big():
    return traced(LARGE, 200, (BIG, BIG))


def test_large_revolvers_strike_their_blows_and_fire_a_round_each(big):
    """With large revolvers (S4) against S3 fighters' knives: gun blows happen (tidy gun_blows,
    equal to the GUN_BLOW events); each names a large revolver slot at strength 4 with rounds
    left, one fewer than his blow before in the same round had left; and the wound roll it
    leads to needs the wound chart's S4 v T3 (3+)."""
    row = WEAPONS.index("large_revolver")
    total = 0
    for batch, ev in big:
        total += batch.sides[0, :, S.S_GUN_BLOWS].sum()
        assert batch.sides[0, :, S.S_GUN_BLOWS].sum() == (ev[:, 2] == S.Ev.GUN_BLOW).sum()
        for _, rest in segments(ev):
            left = {}
            for i, r in enumerate(rest):
                if r[2] != S.Ev.GUN_BLOW:
                    continue
                f, a, k, c, d, e = r[1], r[3], r[4], r[5], r[6], r[7]
                assert c == row and d == 4 and e >= 0, r
                assert left.get((f, k), e + 1) == e + 1, ("a round a blow", r)
                left[f, k] = e
                nxt = next((x for x in rest[i + 1:] if x[2] in (S.Ev.WOUND, S.Ev.GUN_BLOW)),
                           None)
                if nxt is not None and nxt[2] == S.Ev.WOUND:
                    assert nxt[1] == a and nxt[4] == odds.wound_need(4, 3) == 3, nxt
    assert total >= 70, total


def test_a_gun_fired_in_hand_to_hand_takes_an_ammo_roll_for_each_six(big):
    """In every hand-to-hand round: a fighter who struck a blow with a gun takes exactly as
    many ammo rolls (AMMO, on the gun's slot) as his attack dice showed sixes (MELEE f for the
    actor, g for his opponent); one who did not takes none."""
    fired_rounds = with_rolls = 0
    for _, ev in big:
        for m, rest in segments(ev):
            for who, sixes in ((m[1], m[8]), (m[3], m[9])):
                blows = [r for r in rest if r[2] == S.Ev.GUN_BLOW and r[1] == who]
                rolls = [r for r in rest if r[2] == S.Ev.AMMO and r[1] == who]
                if blows:
                    fired_rounds += 1
                    with_rolls += bool(rolls)
                    assert len(rolls) == sixes, (m, rest)
                    assert {r[3] for r in rolls} <= {blows[0][4]}, "the gun first fired"
                else:
                    assert not rolls, (m, rest)
    assert fired_rounds >= 50 and with_rolls >= 5, (fired_rounds, with_rolls)


def test_no_gun_blow_where_the_gun_is_no_stronger_or_the_rule_is_off(big):
    """A normal revolver (S3) is no stronger than an S3 fighter's knife: the standard gangs
    strike no gun blow; nor do large revolvers with pistols_in_melee off, whose fights then
    strike as many blows in all (melee_hits) as the engine before wm-8 (hand weapons only)."""
    std = E.play_batch(R, 5, 1, 0, *lineups(NAMES, 400))
    assert std.sides[:, :, S.S_GUN_BLOWS].sum() == 0
    assert std.sides[:, :, S.S_MELEE_ROUNDS].sum() > 100
    off = dataclasses.replace(LARGE, pistols_in_melee=False)
    b = E.play_batch(off, 5, 1, 0, *lineups(NAMES, 400), rosters=(BIG, BIG))
    assert b.sides[:, :, S.S_GUN_BLOWS].sum() == 0 and b.sides[:, :, S.S_MELEE_ROUNDS].sum() > 100
    on = E.play_batch(LARGE, 5, 1, 0, *lineups(NAMES, 400), rosters=(BIG, BIG))
    assert on.sides[:, :, S.S_GUN_BLOWS].sum() > 100


def test_without_pistol_melee_uses_rounds_gun_blows_spend_nothing():
    """pistol_melee_uses_rounds off: gun blows leave the gun's rounds as they were and call no
    ammo roll."""
    rules = dataclasses.replace(LARGE, pistol_melee_uses_rounds=False)
    seen = 0
    for _, ev in traced(rules, 120, (BIG, BIG)):
        for m, rest in segments(ev):
            assert not [r for r in rest if r[2] == S.Ev.AMMO], (m, rest)
        blows = ev[ev[:, 2] == S.Ev.GUN_BLOW]
        seen += len(blows)
        assert (blows[:, 7] >= 1).all() or len(blows) == 0
    assert seen >= 40, seen


def test_the_strongest_handgun_strikes_while_it_has_rounds():
    """A fighter with a heavy pistol (S4, one round) and a large revolver (S4, six): the lower
    slot on a tie of strength, then the other once it is empty; never an empty gun."""
    kit_rules = LARGE
    r0 = BIG[0]._replace(weapons=("heavy_pistol", "large_revolver", "winchester"),
                         boxes=("heavy_pistol", "large_revolver", "winchester"))
    rosters = ((r0,) + BIG[1:], BIG)
    seen = 0
    for _, ev in traced(kit_rules, 200, rosters):
        blows = ev[(ev[:, 2] == S.Ev.GUN_BLOW) & (ev[:, 1] == 0)]
        assert (blows[:, 7] >= 0).all()
        slots = blows[:, 4].tolist()
        if 0 in slots and 1 in slots:
            assert slots.index(1) > slots.index(0), "the heavy pistol (slot 0) first"
        seen += len(slots)
    assert seen >= 1, seen
