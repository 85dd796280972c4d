"""Westamunda build policies: whom a gang recruits and what it carries for ``rules.gang_budget``.

Every build reads prices, profiles and the weapon table from a :class:`WMRules` (nothing here is a
price), picks only weapons the gang type may buy at set-up (``roster_problem`` decides, probed
with a gang of the type's compulsory kit) and this engine slice plays (``engine._supported``),
and returns a roster that ``roster_problem`` passes and ``engine.forces`` fields; a build the rules
or the slice cannot field raises ``ConfigError`` naming the build, the gang type and the reason.

What "best" means. A gun's worth is :func:`gun_value`: the wounds a ganger (his BS, against a
ganger's T) expects to deal with it over one fight carrying one box of its rounds. The gangs close
from their deployment lines at two walks a turn (the ganger's M each), so a gun starts firing once
the gap is inside its long range; each later turn it fires the better of an aimed shot and a
sustained-fire burst (half the shots at its short-range modifier, half at its long), reloads by
its reload kind when empty (D8 rounds, one chamber, or one single load), and loses a turn to each
expected jam. Choices by role, ties to the earlier row of the weapon table:

- best-value handgun: most ``gun_value`` per dollar of an armed ganger (profile cost + gun + one
  box), so a cheap gun only wins if it is nearly as deadly (the Peacemaker at the defaults);
- cheap handgun (brawlers' side arm): most ``gun_value`` per dollar of the gun and one box;
- rifle: a repeating long gun (D8 rounds and sustained-fire dice: the lever actions) where the
  gang type may buy one, else any long gun; most ``gun_value`` per dollar of an armed ganger;
- hand weapon: the most strength (the engine uses a fighter's strongest hand weapon), then
  the cheaper; none if nothing beats the free knife;
- cheapest gun (crowd): the lowest price, then the most ``gun_value``.

The builds. "standard" is ``engine.standard_roster`` (the weapon experiment's $764 reference
gang); for a gang type that may not buy its kit (the cavalry must carry a revolver and a
Springfield) each weapon the type may not buy becomes the nearest one of the same kind it may
(closest ``gun_value``, then price) and the compulsory kit is added with a box of rounds: for the
cavalry, Springfields for the Winchesters and for everyone. It is never trimmed: over budget it
raises. The others are greedy: every fighter gets the build's kit, bodies are bought in the
order leader, specialist, gangers (better shots and fighters than young bloods), then young bloods
while the share and the money allow; if that cannot reach ``min_fighters`` the build steps down to
its next cheaper kit (fewer boxes, a cheaper gun). Money left then buys, in order, a first box for
any gun without one, the build's best handgun and rifle for cheaper ones, promotions of young
bloods to gangers, and spare boxes round the gang (a gun never carries more boxes than a whole
fight of its fastest fire could empty):

- "handguns": a shootist; the best-value handgun and two boxes (one spare) each;
- "long_guns": a shootist; the rifle and a box, the best-value handgun and a box each;
- "brawlers": a pugilist; the hand weapon and the cheap handgun with a box each, no long gun
  (a two-handed weapon costs the extra attack die of a weapon in each hand);
- "balanced": a shootist; the leader, the shootist and every other ganger as "long_guns", the
  rest and the young bloods the best-value handgun with a box and the hand weapon;
- "crowd": the most fighters the budget allows (young bloods up to their share), each with the
  cheapest gun (the cheapest legal kit, knives at the defaults, if not even the smallest gang can
  be armed); a specialist only if he costs no fighter.
- "typical": each gang type's own arms as the text describes them (``TYPICAL``: the townsfolk's
  handguns with a hideout piece, shotguns and a few Winchesters; the ranch hands' Winchesters;
  the cavalry's revolver and Springfield; the war band's tomahawks, bows and older percussion
  guns; the frontiersmen's buffalo guns, hunting rifles, bowies and tomahawks): a shootist,
  bodies in the usual order with the gangers taking the type's ganger kits in turn, then the
  money left spent as the crowd spends it (boxes and promotions, never better guns). A weapon
  the type may not buy becomes the nearest of its kind it may.

A gang type's compulsory kit (the cavalry's ``cavalry_kit``, a sabre with ``cavalry_sabre``) is
part of every kit.

Horses. A gang fights on foot unless its side rides (``mounted_a``, ``mounted_b``; ``roster_problem``
asks for no horses either way). A mounted build gives every fighter a horse and saddle
(``horse=True``) and prices each body with it (``horse_cost + saddle_cost``, $100 at the
defaults), except a cavalry gang's under ``cavalry_horses`` 'issued' (the text: "provided with
horses and saddles if the scenario requires it"), which cost nothing: a bought build so buys
fewer, mounted bodies by the same order and steps, then spends what is left by its usual rules
(a cavalry gang with issued horses is the unmounted gang on horseback). "standard" mounted is the
standard roster with a horse and saddle each, still never trimmed: over gang_budget (any gang
type that pays for its horses, at the defaults) it raises. A side's hired fighters ride when the
side does, on the horses their fees include (see :func:`hired`). Builds buy the horses;
``engine.forces`` decides whether the fight plays them.
"""

from __future__ import annotations

import dataclasses
import functools
import math

from sim.core.params import ConfigError
from sim.westamunda.engine import _supported, standard_roster
from sim.westamunda.rules import (
    BUILDS,
    GANG_TYPES,
    RELOAD_KINDS,
    ROUND_OF,
    WEAPON_KINDS,
    WEAPONS,
    Recruit,
    WMRules,
)

HIRED = ("hired_gun", "bounty_hunter", "scout")  # hired fighters' kit comes with their fee
GUNS = ("handgun", "long_gun")
SHOOTING = GUNS + ("bow",)  # weapons that take boxes of rounds (a bow's are quivers of arrows)
ORDER = ("leader", "shootist", "pugilist", "ganger", "young_blood")  # roster order of a build
SHOOTING_BOXES = 1  # boxes of rounds with each gun of a kit
SPARE_BOXES = 2  # boxes with the handguns build's handgun (one spare)


# ---- what a gun is worth -------------------------------------------------------------------------
@functools.lru_cache(maxsize=1024)
def gun_value(rules: WMRules, name: str, bs: int | None = None) -> float:
    """Wounds a fighter of BS ``bs`` (the ganger's if None) expects to deal to a ganger over one
    fight with gun ``name`` and one box of its rounds (see the module doc); 0 for a weapon that
    does not shoot."""
    w = rules.weapon(name)
    if WEAPON_KINDS[w["kind"]] not in SHOOTING:
        return 0.0
    ganger = rules.profile("ganger")
    bs = ganger["BS"] if bs is None else bs
    need = rules.wound_need(w["strength"], ganger["T"])
    p_wound = float(rules.p_needed(need)) if need else 0.0

    def p_hit(extra):  # half the shots at short range, half at long
        return (float(rules.p_test(bs, w["hit_short"] + extra))
                + float(rules.p_test(bs, w["hit_long"] + extra))) / 2

    faces = rules.sfd_faces
    burst = w["sfd"] * sum(max(f, 0) for f in faces) / len(faces)  # shots of a burst
    jam_faces = w["sfd"] * sum(f < 0 for f in faces) / len(faces)  # jam faces of a burst
    p_six = max(7 - rules.ammo_on, 0) / 6  # a to-hit roll that calls an ammo roll
    p_jam = 1 - float(rules.p_needed(w["ammo"])) if w["ammo"] else 0.0
    gap = rules.table_height_in - 2 * rules.deploy_depth_in
    closing = 2 * ganger["M"]
    turns = max(1, rules.max_turns - math.ceil(max(0, gap - w["long_in"]) / closing))
    chamber = (RELOAD_KINDS[w["reload"]] == "chamber" and rules.percussion_reload == "chamber")
    cap = w["capacity"]
    loaded, reserve, t, wounds = float(cap), float(w["box_rounds"]), 0.0, 0.0
    if RELOAD_KINDS[w["reload"]] == "quiver":  # each shot nocks the next arrow: no reloading
        loaded, reserve = loaded + reserve, 0.0
    while t < turns:
        if loaded >= 1:
            aimed = p_hit(0) * p_wound
            shots = min(burst, loaded) if rules.sfd_limited_by_rounds else burst
            fanned = shots * p_hit(rules.sfd_modifier) * p_wound
            if fanned > aimed:
                wounds, loaded = wounds + fanned, loaded - min(shots, loaded)
                t += 1 + (shots * p_six + jam_faces) * p_jam
            else:
                wounds, loaded = wounds + aimed, loaded - 1
                t += 1 + p_six * p_jam
        elif reserve > 0:
            room = cap - loaded
            if chamber:
                put = min(1.0, room)
            else:
                die = rules.reload_die
                put = sum(min(k, room, rules.reload_max_rounds) for k in range(1, die + 1)) / die
            put = min(put, reserve)
            loaded, reserve, t = loaded + put, reserve - put, t + 1
        else:
            break
    return wounds


def _box_cap(rules: WMRules, name: str) -> int:
    """Most boxes worth carrying for gun ``name``: what a whole fight of its fastest fire (every
    sustained-fire die on its best face, or one shot a turn) could empty beyond its load."""
    w = rules.weapon(name)
    fastest = max(1, w["sfd"] * max(rules.sfd_faces)) * rules.max_turns
    return max(1, math.ceil((fastest - w["capacity"]) / max(w["box_rounds"], 1)))


# ---- what a gang type may buy --------------------------------------------------------------------
def _kind(rules: WMRules, name: str) -> str:
    return WEAPON_KINDS[rules.weapon(name)["kind"]]


def _compulsory(rules: WMRules, gang_type: str) -> tuple[str, ...]:
    """Weapons every recruit of ``gang_type`` must carry (the cavalry's, as roster_problem)."""
    if gang_type != "cavalry":
        return ()
    kit = [WEAPONS[c] for c in rules.cavalry_kit] + (["sabre"] if rules.cavalry_sabre else [])
    return tuple(dict.fromkeys(kit))


def _recruit(ftype: str, kit, horse: bool = False) -> Recruit:
    """A Recruit of ``ftype`` carrying ``kit`` ((weapon, boxes) pairs), on a horse if ``horse``."""
    return Recruit(ftype, tuple(w for w, _ in kit), tuple(w for w, n in kit for _ in range(n)),
                   horse=horse)


def mount_cost(rules: WMRules, gang_type: str, mounted: bool) -> int:
    """Dollars a build pays for one fighter's horse and saddle: ``horse_cost + saddle_cost`` if
    ``mounted``, none on foot or for a cavalry gang under cavalry_horses 'issued' (as
    ``rules.fighter_cost``)."""
    if not mounted or (gang_type == "cavalry" and rules.cavalry_horses == "issued"):
        return 0
    return rules.horse_cost + rules.saddle_cost


def _horses(rules: WMRules, gang_type: str, mounted: bool) -> str:
    """The horses of a refused build's message ('' on foot)."""
    if not mounted:
        return ""
    cost = mount_cost(rules, gang_type, mounted)
    return f"a horse and saddle each ({f'${cost}' if cost else 'issued'})"


def _kit_cost(rules: WMRules, kit) -> int:
    return sum(rules.weapon(w)["cost"] + n * rules.weapon(w)["box_cost"] for w, n in kit)


def _with_compulsory(rules: WMRules, gang_type: str, kit, boxes: int = SHOOTING_BOXES):
    """``kit`` with the gang type's compulsory weapons it lacks added (guns with ``boxes``)."""
    have = {w for w, _ in kit}
    extra = tuple((c, boxes if _kind(rules, c) in SHOOTING else 0)
                  for c in _compulsory(rules, gang_type) if c not in have)
    return tuple(kit) + extra


@functools.lru_cache(maxsize=4096)
def _kit_problem(rules: WMRules, gang_type: str, ftype: str, kit: tuple) -> str | None:
    """Why a ``ftype`` of a ``gang_type`` gang may not carry ``kit`` ((weapon, boxes) pairs) at
    set-up (the budget aside) or this engine slice cannot play it, or None: roster_problem on a
    smallest gang in which everyone carries the same kit."""
    for w, _ in kit:
        why = _supported(rules, w)
        if why:
            return why
    share = rules.max_young_blood_share
    n = max(rules.min_fighters, 2, math.ceil(1 / share) + 1 if share > 0 else 2)
    types = ["leader"] + ([ftype] if ftype != "leader" else [])
    probe = [_recruit(t, kit) for t in types + ["ganger"] * max(n - len(types), 0)]
    free = dataclasses.replace(rules, gang_budget=rules.roster_cost(probe))
    return free.roster_problem(probe, gang_type)


def _bought_weapons(rules: WMRules):
    """Weapon rows a gang buys (not round types, not the free knife), cheapest first."""
    names = [n for n in WEAPONS if n not in ROUND_OF and rules.weapon(n)["cost"] >= 1]
    return sorted(names, key=lambda n: rules.weapon(n)["cost"])


@functools.lru_cache(maxsize=256)
def _minimal(rules: WMRules, gang_type: str) -> tuple | None:
    """The cheapest kit a recruit of ``gang_type`` may carry and the engine plays: the type's
    compulsory kit, else it with the cheapest one weapon that makes it legal (a revolver under
    setup_handgun_rule 'each_has_one'); None if there is none."""
    comp = tuple((w, 0) for w in _compulsory(rules, gang_type))
    if _kit_problem(rules, gang_type, "ganger", comp) is None:
        return comp
    for name in _bought_weapons(rules):
        kit = comp + ((name, 0),)
        if name not in dict(comp) and _kit_problem(rules, gang_type, "ganger", kit) is None:
            return kit
    return None


@functools.lru_cache(maxsize=256)
def _buyable(rules: WMRules, gang_type: str, kind: str) -> tuple[str, ...]:
    """Bought weapons of WEAPON_KINDS ``kind`` a recruit of ``gang_type`` may carry at set-up
    with the rest of the cheapest legal kit (``_minimal``), and the engine plays: a gun in place of
    the kit's gun of its kind (so the cavalry's only handgun is its revolver), a hand weapon
    besides it."""
    base = _minimal(rules, gang_type) or tuple((w, 0) for w in _compulsory(rules, gang_type))
    out = []
    for name in WEAPONS:
        if name not in _bought_weapons(rules) or _kind(rules, name) != kind:
            continue
        rest = tuple((w, 0) for w, _ in base
                     if w != name and (kind not in GUNS or _kind(rules, w) != kind))
        if _kit_problem(rules, gang_type, "ganger", ((name, 0),) + rest) is None:
            out.append(name)
    return tuple(out)


def _pick(names, key):
    """The name with the largest key, ties to the earlier one; None for no names."""
    best = None
    for name in names:
        if best is None or key(name) > key(best):
            best = name
    return best


class _Choices:
    """A gang type's weapon for each role (None where it may buy none): see the module doc."""

    def __init__(self, rules: WMRules, gang_type: str):
        ganger = rules.profile("ganger")["cost"]

        def price(n):
            return rules.weapon(n)["cost"] + rules.weapon(n)["box_cost"]

        def per_ganger_dollar(n):
            return gun_value(rules, n) / (ganger + price(n))

        handguns = _buyable(rules, gang_type, "handgun")
        longs = _buyable(rules, gang_type, "long_gun")
        repeaters = [n for n in longs if RELOAD_KINDS[rules.weapon(n)["reload"]] == "rounds"
                     and rules.weapon(n)["sfd"] > 0]
        self.handgun = _pick(handguns, per_ganger_dollar)
        self.cheap_handgun = _pick(handguns, lambda n: gun_value(rules, n) / price(n))
        self.cheapest_handgun = _pick(handguns, lambda n: (-rules.weapon(n)["cost"],
                                                           gun_value(rules, n)))
        self.rifle = _pick(repeaters or longs, per_ganger_dollar)
        self.cheapest_rifle = _pick(longs, lambda n: (-rules.weapon(n)["cost"],
                                                      gun_value(rules, n)))
        self.cheapest_gun = _pick(handguns + longs, lambda n: (-rules.weapon(n)["cost"],
                                                               gun_value(rules, n)))
        knife = rules.weapon("knife")["strength"]
        melee = [n for n in _buyable(rules, gang_type, "melee")
                 if rules.weapon(n)["strength"] > knife]
        self.hand = _pick(melee, lambda n: (rules.weapon(n)["strength"], -rules.weapon(n)["cost"]))
        self.minimal = _minimal(rules, gang_type) or ()


# ---- the builds' kits ----------------------------------------------------------------------------
def _kit(*items):
    """(weapon, boxes) pairs, leaving out roles with no weapon."""
    return tuple((w, n) for w, n in items if w)


def _tiers(name: str, c: _Choices):
    """The build's kits from the fullest to the cheapest, each as (kit of a shooter, kit of a
    close fighter) (the same unless "balanced"); raises _Unfieldable if a role it needs has no
    weapon."""
    b = SHOOTING_BOXES
    if name == "handguns":
        _need(c.handgun, "handgun")
        kits = [_kit((c.handgun, SPARE_BOXES)), _kit((c.handgun, b)), _kit((c.cheap_handgun, b)),
                _kit((c.cheapest_handgun, b)), _kit((c.cheapest_handgun, 0))]
        return [(k, k) for k in kits]
    if name == "long_guns":
        _need(c.rifle, "long gun")
        kits = [_kit((c.rifle, b), (c.handgun, b)), _kit((c.rifle, b), (c.cheap_handgun, b)),
                _kit((c.rifle, b), (c.cheapest_handgun, 0)), _kit((c.rifle, b)),
                _kit((c.cheapest_rifle, b)), _kit((c.cheapest_rifle, 0))]
        return [(k, k) for k in kits]
    if name == "brawlers":
        _need(c.cheap_handgun, "handgun")
        kits = [_kit((c.hand, 0), (c.cheap_handgun, b)), _kit((c.hand, 0), (c.cheapest_handgun, b)),
                _kit((c.hand, 0), (c.cheapest_handgun, 0))]
        return [(k, k) for k in kits]
    if name == "balanced":
        _need(c.rifle, "long gun")
        _need(c.handgun, "handgun")
        return [(_kit((c.rifle, b), (c.handgun, b)), _kit((c.handgun, b), (c.hand, 0))),
                (_kit((c.rifle, b), (c.cheap_handgun, b)), _kit((c.cheap_handgun, b), (c.hand, 0))),
                (_kit((c.rifle, b)), _kit((c.cheapest_handgun, b), (c.hand, 0))),
                (_kit((c.cheapest_rifle, 0)), _kit((c.cheapest_handgun, 0)))]
    if name == "crowd":
        return [(_kit((c.cheapest_gun, 0)),) * 2, (c.minimal,) * 2]
    raise AssertionError(name)


class _Unfieldable(Exception):
    """A build the rules or the engine slice cannot field; the message says why."""


def _need(weapon, role):
    if weapon is None:
        raise _Unfieldable(f"no {role} that it may buy at set-up is played by this engine "
                           "slice")


# ---- buying the gang -----------------------------------------------------------------------------
class _Gang:
    """A roster being bought: [type, kit] per fighter, and the money spent; a ``mounted`` gang's
    fighters each cost their horse and saddle too (``mount_cost``)."""

    def __init__(self, rules: WMRules, gang_type: str, mounted: bool = False):
        self.rules, self.gang_type, self.mounted = rules, gang_type, mounted
        self.mount = mount_cost(rules, gang_type, mounted)
        self.fighters: list[list] = []
        self.spent = 0

    def cost(self, ftype: str, kit) -> int:
        return self.rules.profile(ftype)["cost"] + _kit_cost(self.rules, kit) + self.mount

    def left(self) -> int:
        return self.rules.gang_budget - self.spent

    def legal(self, ftype: str, kit) -> bool:
        return _kit_problem(self.rules, self.gang_type, ftype, tuple(kit)) is None

    def add(self, ftype: str, kit, reserve: int = 0) -> bool:
        """Buy a ``ftype`` with ``kit`` if legal and affordable with ``reserve`` left over."""
        c = self.cost(ftype, kit)
        if c + reserve > self.left() or not self.legal(ftype, kit):
            return False
        self.fighters.append([ftype, tuple(kit)])
        self.spent += c
        return True

    def change(self, i: int, ftype: str, kit) -> bool:
        """Make fighter i a ``ftype`` with ``kit`` if legal and affordable."""
        old = self.cost(*self.fighters[i])
        c = self.cost(ftype, kit)
        if c - old > self.left() or not self.legal(ftype, kit):
            return False
        self.fighters[i] = [ftype, tuple(kit)]
        self.spent += c - old
        return True

    def count(self, ftype: str) -> int:
        return sum(t == ftype for t, _ in self.fighters)

    def young_ok(self) -> bool:
        """Whether one more young blood keeps within max_young_blood_share."""
        own = len(self.fighters) + 1
        return self.count("young_blood") + 1 <= self.rules.max_young_blood_share * own

    def roster(self) -> tuple[Recruit, ...]:
        return tuple(_recruit(t, k, self.mounted) for t, k in self.fighters)


def _cap(rules: WMRules) -> int:
    """Most fighters a deployment zone holds (engine.forces: one row a table width less one)."""
    return (rules.table_width_in - 1) * rules.deploy_depth_in


def _body_order(rules: WMRules, gang_type: str, specialist: str, kits, mounted: bool = False):
    """Buy the gang with (shooter, close) ``kits``, each body on a horse if ``mounted``: leader,
    specialist, gangers, young bloods (see the module doc); None if min_fighters are out of
    reach."""
    shooter, close = kits
    g = _Gang(rules, gang_type, mounted)
    cheapest = min(g.cost("ganger", close), g.cost("young_blood", close))

    def reserve():  # money kept for the fighters still needed to reach min_fighters
        return max(rules.min_fighters - len(g.fighters) - 1, 0) * cheapest

    if not g.add("leader", shooter, reserve()):
        return None
    if rules.max_specialists >= 1:
        g.add(specialist, shooter if specialist == "shootist" else close, reserve())
    i = 0
    while len(g.fighters) < _cap(rules) and g.add("ganger", shooter if i % 2 == 0 else close,
                                                   reserve()):
        i += 1
    while len(g.fighters) < _cap(rules) and g.young_ok() and g.add("young_blood", close):
        pass
    return g if len(g.fighters) >= rules.min_fighters else None


def _most_bodies(rules: WMRules, gang_type: str, specialist: bool, kit, mounted: bool = False):
    """The most fighters ``kit`` (and a horse each if ``mounted``) each allows: a leader, the
    specialist if asked, then the cheaper of ganger and young blood the share allows, one at a
    time; None below min_fighters."""
    g = _Gang(rules, gang_type, mounted)
    if not g.add("leader", kit) or (specialist and not g.add("shootist", kit)):
        return None
    young_cheaper = g.cost("young_blood", kit) <= g.cost("ganger", kit)
    while len(g.fighters) < _cap(rules):
        young = young_cheaper and g.young_ok()
        if not g.add("young_blood" if young else "ganger", kit):
            break
    g.fighters.sort(key=lambda f: ORDER.index(f[0]))
    return g if len(g.fighters) >= rules.min_fighters else None


def _spend_rest(g: _Gang, c: _Choices, crowd: bool):
    """Spend what is left: a first box for every gun, better handguns and rifles (not for the
    crowd), young bloods promoted to gangers, then spare boxes, every gun its second before any
    its third."""
    rules = g.rules
    _boxes_up_to(g, 1)
    if not crowd:
        for kind, best in (("handgun", c.handgun), ("long_gun", c.rifle)):
            for i, (t, kit) in enumerate(g.fighters):
                swap = [k for k, (w, _) in enumerate(kit) if _kind(rules, w) == kind and w != best]
                if best and swap and best not in (w for w, _ in kit):
                    new = list(kit)
                    new[swap[0]] = (best, kit[swap[0]][1])
                    g.change(i, t, tuple(new))
    for i, (t, kit) in enumerate(g.fighters):
        if t == "young_blood":
            g.change(i, "ganger", kit)
    top = max((_box_cap(rules, w) for _, kit in g.fighters for w, _ in kit
               if _kind(rules, w) in SHOOTING), default=0)
    for level in range(2, top + 1):
        _boxes_up_to(g, level)


def _boxes_up_to(g: _Gang, level: int):
    """Give each gun (fighter by fighter, gun by gun) boxes up to ``level`` while affordable and
    within its box cap."""
    rules = g.rules
    for i in range(len(g.fighters)):
        t, kit = g.fighters[i]
        for k, (w, n) in enumerate(kit):
            while _kind(rules, w) in SHOOTING and n < min(level, _box_cap(rules, w)):
                new = list(g.fighters[i][1])
                new[k] = (w, n + 1)
                if not g.change(i, t, tuple(new)):
                    break
                n += 1


def _bought(rules: WMRules, gang_type: str, name: str,
            mounted: bool = False) -> tuple[Recruit, ...]:
    c = _Choices(rules, gang_type)
    tiers = [tuple(_with_compulsory(rules, gang_type, k,
                                    boxes=min(SHOOTING_BOXES, max((n for _, n in k), default=0)))
                   for k in pair) for pair in _tiers(name, c)]
    for kits in tiers:
        if name == "crowd":
            plain = _most_bodies(rules, gang_type, False, kits[0], mounted)
            special = _most_bodies(rules, gang_type, True, kits[0], mounted)
            g = special if special and plain and len(special.fighters) >= len(
                plain.fighters) else plain
        else:
            g = _body_order(rules, gang_type, "pugilist" if name == "brawlers" else "shootist",
                            kits, mounted)
        if g is not None:
            _spend_rest(g, c, crowd=name == "crowd")
            return g.roster()
    horses = f", {_horses(rules, gang_type, mounted)}" if mounted else ""
    raise _Unfieldable(f"even its cheapest kit{horses} leaves fewer than min_fighters "
                       f"({rules.min_fighters}) within gang_budget (${rules.gang_budget})")


# Each gang type's own arms, as the text describes them ("Gangs available"): (the leader's and
# the specialist's kit, the gangers' kits taken in turn, the young bloods' kit); every gun with
# one box of its rounds (a bow a quiver), a shotgun with a box of each shell. Reasons per row in
# docs/rules/westamunda.md ("The typical build").
TYPICAL = {
    # handguns, often a smaller piece hidden away, shotguns and a few Winchesters
    "townsfolk": (("revolver", "winchester"),
                  (("revolver", "shotgun_scatter", "shotgun_manstopper"),
                   ("revolver", "saturday_night_special")),
                  ("revolver", "saturday_night_special")),
    # almost any weapon, particularly the ubiquitous Winchester
    "ranch_hands": (("revolver", "winchester"), (("revolver", "winchester"),),
                    ("revolver", "winchester")),
    # the compulsory armament (cavalry_kit): a revolver and a Springfield carbine each
    "cavalry": (("revolver", "springfield"), (("revolver", "springfield"),),
                ("revolver", "springfield")),
    # many hand weapons, fewer and older guns, bows
    "native_war_band": (("tomahawk", "revolver_perc", "hunting_rifle"),
                        (("tomahawk", "bow"), ("tomahawk", "bow"), ("tomahawk", "revolver_perc")),
                        ("tomahawk", "bow")),
    # buffalo guns, hunting rifles, bowies and tomahawks, handguns common, few Winchesters
    "frontier": (("bowie", "revolver", "buffalo_gun"),
                 (("bowie", "revolver", "hunting_rifle"), ("tomahawk", "revolver", "hunting_rifle")),
                 ("bowie", "revolver", "hunting_rifle")),
}


def _typical_kit(rules: WMRules, gang_type: str, names) -> tuple:
    """A TYPICAL kit as (weapon, boxes) pairs with the gang type's compulsory kit added. If the
    rules refuse the kit as a whole, each weapon the gang type may not buy (or this slice does
    not play) becomes the nearest one of its kind it may, or goes, and the cheapest legal kit's
    weapons (``_minimal``: e.g. a revolver under setup_handgun_rule 'each_has_one') are added
    if it still falls short."""
    def pair(w):
        return (w, SHOOTING_BOXES if _kind(rules, w) in SHOOTING else 0)

    whole = _with_compulsory(rules, gang_type, tuple(pair(w) for w in names))
    if _kit_problem(rules, gang_type, "ganger", whole) is None:
        return whole
    kit = []
    for w in names:
        if w in ROUND_OF:
            if ROUND_OF[w] in dict(kit):
                kit.append((w, SHOOTING_BOXES))
            continue
        if _kit_problem(rules, gang_type, "ganger", ((w, 0),)) is not None and \
                w not in _buyable(rules, gang_type, _kind(rules, w)):
            w = _nearest(rules, gang_type, w)
            if w is None or w in dict(kit):
                continue
        kit.append(pair(w))
    kit = _with_compulsory(rules, gang_type, tuple(kit))
    if _kit_problem(rules, gang_type, "ganger", kit) is not None:
        kit += tuple(pair(w) for w, _ in (_minimal(rules, gang_type) or ()) if w not in dict(kit))
    return kit


def _typical(rules: WMRules, gang_type: str, mounted: bool = False) -> tuple[Recruit, ...]:
    """The "typical" build: the gang type's own arms (TYPICAL), bodies bought in the usual order
    (leader, shootist, gangers taking the gangers' kits in turn, young bloods while the share
    allows), then what is left spent as the crowd spends it (first boxes, promotions, spare
    boxes): the kits themselves never change for better guns."""
    lead, gangers, young = TYPICAL[gang_type]
    lead = _typical_kit(rules, gang_type, lead)
    gangers = [_typical_kit(rules, gang_type, k) for k in gangers]
    young = _typical_kit(rules, gang_type, young)
    for kit in [lead, *gangers, young]:
        why = _kit_problem(rules, gang_type, "ganger", kit)
        if why:
            raise _Unfieldable(f"its kit {', '.join(w for w, _ in kit)}: {why}")
    g = _Gang(rules, gang_type, mounted)
    cheapest = min([g.cost("ganger", k) for k in gangers] + [g.cost("young_blood", young)])

    def reserve():  # money kept for the fighters still needed to reach min_fighters
        return max(rules.min_fighters - len(g.fighters) - 1, 0) * cheapest

    if not g.add("leader", lead, reserve()):
        raise _Unfieldable(f"its leader's kit ({', '.join(w for w, _ in lead)}) leaves too little "
                           f"for min_fighters ({rules.min_fighters}) within gang_budget "
                           f"(${rules.gang_budget})")
    if rules.max_specialists >= 1:
        g.add("shootist", lead, reserve())
    i = 0
    while len(g.fighters) < _cap(rules) and g.add("ganger", gangers[i % len(gangers)],
                                                   reserve()):
        i += 1
    while len(g.fighters) < _cap(rules) and g.young_ok() and g.add("young_blood", young):
        pass
    if len(g.fighters) < rules.min_fighters:
        raise _Unfieldable(f"its kits leave fewer than min_fighters ({rules.min_fighters}) within "
                           f"gang_budget (${rules.gang_budget})")
    _spend_rest(g, _Choices(rules, gang_type), crowd=True)
    return g.roster()


def _nearest(rules: WMRules, gang_type: str, name: str) -> str | None:
    """The weapon of ``name``'s kind the gang type may buy that is nearest it (closest
    gun_value, then price)."""
    w = rules.weapon(name)
    choices = _buyable(rules, gang_type, _kind(rules, name))
    return _pick(choices, lambda n: (-abs(gun_value(rules, n) - gun_value(rules, name)),
                                     -abs(rules.weapon(n)["cost"] - w["cost"])))


def _standard(rules: WMRules, gang_type: str) -> tuple[Recruit, ...]:
    base = standard_roster(rules)
    if rules.roster_problem(base, gang_type) is None:
        return base
    out, specialists, young = [], 0, 0
    for r in base:
        kit = []
        for w, n in _pairs(r):
            if w in _buyable(rules, gang_type, _kind(rules, w)):
                kit.append((w, n))
                continue
            w = _nearest(rules, gang_type, w)
            if w and w not in (x for x, _ in kit):  # not a second of a gun it already carries
                kit.append((w, n))
        kit = _with_compulsory(rules, gang_type, kit)
        if _kit_problem(rules, gang_type, r.type, kit):
            kit = tuple(kit) + tuple((w, n) for w, n in _minimal(rules, gang_type) or ()
                                     if w not in (x for x, _ in kit))
        ftype = r.type
        if ftype in ("shootist", "pugilist"):
            specialists += 1
            ftype = ftype if specialists <= rules.max_specialists else "ganger"
        if ftype == "young_blood":
            young += 1
            ftype = ftype if young <= rules.max_young_blood_share * len(base) else "ganger"
        out.append(_recruit(ftype, kit))
    return tuple(out)


def _pairs(r: Recruit):
    """A Recruit's kit as (weapon, boxes) pairs, a weapon's boxes with its first copy."""
    return tuple((w, r.boxes.count(w) if w not in r.weapons[:i] else 0)
                 for i, w in enumerate(r.weapons))


# ---- public --------------------------------------------------------------------------------------
def _gang_problem(rules: WMRules, gang_type: str, mounted: bool = False) -> str | None:
    if gang_type not in GANG_TYPES:
        return f"gang type {gang_type!r}: expected one of {', '.join(GANG_TYPES)}"
    kit = _minimal(rules, gang_type)
    if kit is None:
        comp = tuple((w, 0) for w in _compulsory(rules, gang_type))
        why = _kit_problem(rules, gang_type, "ganger", comp)
        return (f"no kit its recruits may carry is modelled (compulsory kit "
                f"{', '.join(w for w, _ in comp) or 'none'}: {why})")
    if _most_bodies(rules, gang_type, False, kit, mounted) is None:
        horses = f" with {_horses(rules, gang_type, mounted)}" if mounted else ""
        return (f"its smallest legal gang{horses} costs more than gang_budget "
                f"(${rules.gang_budget})")
    return None


def build(rules: WMRules, name: str, gang_type: str = "townsfolk",
          mounted: bool = False) -> tuple[Recruit, ...]:
    """The roster of build policy ``name`` (one of BUILDS) for a ``gang_type`` gang, every
    fighter on a horse (``horse=True``, priced by ``mount_cost``) if ``mounted``: legal by
    ``rules.roster_problem``, within gang_budget by ``rules.roster_cost(roster, gang_type)``, with
    weapons and numbers the engine slice plays, the same every call. Raises ConfigError naming
    the build, the gang type and why for one that cannot be fielded (the "standard" roster on
    horses over gang_budget: its cost and the budget)."""
    if name not in BUILDS:
        raise ConfigError(f"westamunda build {name!r}: expected one of {', '.join(BUILDS)}")
    where = f"westamunda build {name!r} for a {'mounted ' if mounted else ''}{gang_type} gang"
    msg = rules.problem_without_gangs()  # (problem() itself fields the gangs: see side_roster)
    if msg:
        raise ConfigError(f"westamunda rules: {msg}")
    why = _gang_problem(rules, gang_type, mounted)
    if why:
        raise ConfigError(f"{where}: {why}")
    try:
        roster = (_standard(rules, gang_type) if name == "standard"
                  else _typical(rules, gang_type, mounted) if name == "typical"
                  else _bought(rules, gang_type, name, mounted))
    except _Unfieldable as e:
        raise ConfigError(f"{where}: {e}") from None
    if mounted and name == "standard":  # never trimmed: on horses, or refused
        roster = tuple(r._replace(horse=True) for r in roster)
        cost = rules.roster_cost(roster, gang_type)
        if cost > rules.gang_budget:
            raise ConfigError(
                f"{where}: the standard roster with {_horses(rules, gang_type, mounted)} costs "
                f"${cost}: more than gang_budget (${rules.gang_budget}); it is never trimmed (a "
                "bought build buys fewer riders)")
    why = rules.roster_problem(roster, gang_type) or _unplayable(rules, roster)
    if why:
        raise ConfigError(f"{where}: {why}")
    return roster


def _unplayable(rules: WMRules, roster) -> str | None:
    """Why the engine slice cannot play ``roster`` (legal by the rules), or None."""
    if len(roster) > _cap(rules):
        return f"{len(roster)} fighters: a deployment zone holds {_cap(rules)}"
    for r in roster:
        if r.type in HIRED or r.preloads:
            return f"{r.type}: hired fighters (hire_a, hire_b) and spare cylinders are not part " \
                "of a build"
        for w in r.weapons:
            why = _supported(rules, w)
            if why:
                return f"{r.type}: {why}"
    return None


def fieldable(rules: WMRules, gang_type: str, name: str | None = None,
              mounted: bool = False) -> str | None:
    """Why builds (build ``name`` if given, else any) of a ``gang_type`` gang, on horses if
    ``mounted``, cannot be fielded under ``rules`` by this engine slice, or None."""
    if name is None:
        return _gang_problem(rules, gang_type, mounted)
    try:
        build(rules, name, gang_type, mounted)
    except ConfigError as e:
        return str(e)
    return None


def swap(rules: WMRules, roster, weapon: str, gang_type: str = "townsfolk") -> tuple[Recruit, ...]:
    """The weapon experiment's swap: ``weapon`` in place of each fighter's first handgun (a
    handgun), of every long gun (a long gun or a bow), or added to every fighter who may carry
    it and does not (a hand weapon, bolas, a lasso); the replaced gun's boxes become boxes of
    ``weapon`` (all of them, or its share when the fighter keeps another of the same gun). A
    round type (a shotgun's ``shotgun_manstopper``) swaps in its gun with boxes of those rounds
    (the gun starts loaded with them). A Le Mat's chambers take the replaced gun's boxes, and
    it comes with one box of shells for its barrel (``lemat_manstopper``: of those, loaded with
    them; else scatter). Hired fighters keep their kit. Raises ConfigError naming the weapon and
    why when the result is illegal or not modelled yet."""
    where = f"westamunda swap {weapon!r}"
    if weapon not in WEAPONS:
        raise ConfigError(f"{where}: expected one of {', '.join(WEAPONS)}")
    why = _supported(rules, weapon)
    if why:
        raise ConfigError(f"{where}: {why}")
    if weapon in ROUND_OF and _kind(rules, ROUND_OF[weapon]) == "melee":
        raise ConfigError(f"{where}: the thrown use of {ROUND_OF[weapon]} comes with it (swap "
                          f"{ROUND_OF[weapon]!r}: with thrown_tomahawks on, each one carried can "
                          "be thrown)")
    shell = weapon if weapon in ROUND_OF else None  # a round type: its gun, with these rounds
    weapon = ROUND_OF.get(weapon, weapon)
    kind = _kind(rules, weapon)
    if kind == "melee" and rules.weapon(weapon)["cost"] == 0:
        raise ConfigError(f"{where}: every fighter carries one already (free), nothing to swap")
    if kind == "explosive":
        raise ConfigError(f"{where}: dynamite is bought by the stick, not swapped: set "
                          "dynamite_a / dynamite_b (sticks for each fighter)")
    if kind not in SHOOTING + ("melee", "thrown"):
        raise ConfigError(f"{where}: no swap rule for a {kind} weapon")
    added = kind in ("melee", "thrown")  # a hand weapon, bolas or a lasso: one for everyone
    place = "long_gun" if kind == "bow" else kind  # a bow goes where the long guns were
    out, changed, refused = [], False, None
    for r in roster:
        if r.type in HIRED:
            out.append(r)
            continue
        weapons, boxes = list(r.weapons), list(r.boxes)
        if added:
            if weapon in weapons:
                pass
            elif why := _kit_problem(rules, gang_type, r.type, _pairs(r) + ((weapon, 0),)):
                refused = refused or why  # this fighter may not carry it
            else:
                weapons.append(weapon)
                changed = True
        else:
            slots = [i for i, w in enumerate(weapons) if _kind(rules, w) == place and
                     w not in ROUND_OF]
            here = bool(slots)
            lemat = rules.has_flag(weapon, "lemat")
            for i in slots[:1] if kind == "handgun" else slots:
                old = weapons[i]
                held = weapons.count(old)
                weapons[i] = weapon
                moved = boxes.count(old) if old not in weapons else boxes.count(old) // held
                for _ in range(moved):  # (a Le Mat's chambers take the revolver rounds)
                    boxes[boxes.index(old)] = weapon if lemat else shell or weapon
                if lemat:  # and a box for its shotgun barrel
                    boxes.append(shell or next(n for n, of in ROUND_OF.items() if of == weapon))
                changed = True
            if shell and here and shell not in weapons:
                weapons.append(shell)
        out.append(r._replace(weapons=tuple(weapons), boxes=tuple(boxes)))
    if not changed:
        why = refused or (f"no fighter carries a {place} to replace" if not added
                          else "every fighter carries one already")
        raise ConfigError(f"{where} into a {gang_type} gang: {why}")
    out = tuple(out)
    why = rules.roster_problem(out, gang_type) or _unplayable(rules, out)
    if why:
        raise ConfigError(f"{where} into a {gang_type} gang: {why}")
    return out


def swappable(rules: WMRules, gang_type: str = "townsfolk") -> tuple[str, ...]:
    """Every weapon whose swap into the "standard" build of ``gang_type`` is legal and played,
    in weapon-table order (not a weapon that needs a skill, the lasso: only a side with
    ``riding_skill_<side>`` 'fancy_ropin' fields one). Raises ConfigError if the standard build
    cannot be fielded."""
    base = build(rules, "standard", gang_type)
    names = []
    for w in WEAPONS:
        if rules.has_flag(w, "needs_skill"):
            continue
        try:
            swap(rules, base, w, gang_type)
        except ConfigError:
            continue
        names.append(w)
    return tuple(names)


def side_roster(rules: WMRules, side: str) -> tuple[Recruit, ...]:
    """The roster side ``side`` ('a' or 'b') fields under ``rules``: build ``build_<side>`` of
    gang type ``gang_<side>`` for what the hired fighters' fees (``hire_<side>``) leave of
    gang_budget, on horses if ``mounted_<side>`` (every fighter of the build, its horse and
    saddle bought from that money unless issued, and the hires on the horses their fees
    include), with ``swap_<side>`` swapped in unless it is 'none' (a hand weapon or rope for
    every fighter that does not fit what the build spent: the build made for the budget less
    its price for as few fighters as leaves room, :func:`_room_for`), its specialist's skill
    (``skill_<side>``; a gunfighter's second handgun and box set aside before a build that
    would spend it, when a build fits the smaller budget), then ``spares_<side>`` spare
    cylinders or tubes for every gun that takes them, the second handgun's included
    (:func:`with_spares`; when they do not fit the budget even by trading spare boxes, the
    build is made for the budget less their cost, so the gang gives up boxes, promotions or a
    body for them), then ``dynamite_<side>`` sticks for each of its own fighters
    (:func:`with_dynamite`, made room for the same way), and the hires. Raises ConfigError
    naming the build, gang type, weapon, hire, mounted, spares or dynamite key and why."""
    gang = getattr(rules, f"gang_{side}")
    name = getattr(rules, f"build_{side}")
    hire = getattr(rules, f"hire_{side}")
    count = getattr(rules, f"hire_count_{side}")
    mounted = bool(getattr(rules, f"mounted_{side}"))
    hires = () if hire == "none" else hired(rules, hire, count, mounted)
    own = rules
    if hires:  # the build spends what the hires' fees leave
        own = dataclasses.replace(rules, gang_budget=max(
            rules.gang_budget - rules.roster_cost(hires, gang), 0))
    keys = []  # the keys a refused build names
    if hires:
        keys.append(f"hire_{side} {hire!r} (hire_count_{side} {count}) leaves "
                    f"${own.gang_budget} of gang_budget")
    if mounted:
        keys.append(f"mounted_{side} True, build_{side} {name!r}, gang_{side} {gang!r}")
    try:
        roster = build(own, name, gang, mounted)
    except ConfigError as e:
        if not keys:
            raise
        raise ConfigError(f"westamunda {', '.join(keys)}: {e}") from None
    weapon = getattr(rules, f"swap_{side}")
    index = "ab".index(side)

    def made(budget: WMRules, roster=None):
        """The build for ``budget``'s gang_budget, the swap, the specialist's skill."""
        roster = build(budget, name, gang, mounted) if roster is None else roster
        roster = roster if weapon == "none" else swap(budget, roster, weapon, gang)
        return with_skill(own, roster, gang, index)

    try:
        skilled = made(own, roster)
    except ConfigError:  # a hand weapon or rope for everyone may not fit what the build
        skilled = _room_for(own, roster, weapon, name, gang, mounted, index)  # spent
        if skilled is None:
            raise
    lone = _lone_gunfighter(own, skilled)
    if lone is not None:  # the $1000 went before the pick: a build sets his second gun aside
        extra = own.weapon(lone)["cost"] + own.weapon(lone)["box_cost"]
        less = dataclasses.replace(own, gang_budget=max(own.gang_budget - extra, 0))
        try:
            again = made(less)
            if _lone_gunfighter(own, again) is None:
                skilled = again
        except ConfigError:
            pass  # no build fits the smaller budget: he keeps one gun
    spares, key = getattr(rules, f"spares_{side}"), f"spares_{side}"
    try:  # after the skill's second gun, so it has its spares too
        skilled = with_spares(own, skilled, gang, spares, key)
    except _OverBudget as e:  # the spares come out of the same budget: a build that leaves room
        less = dataclasses.replace(own, gang_budget=max(own.gang_budget - e.cost, 0))
        try:
            again = made(less)
        except ConfigError:
            raise e from None
        skilled = with_spares(own, again, gang, spares, key)
    sticks, key = getattr(rules, f"dynamite_{side}"), f"dynamite_{side}"
    try:  # after the spares: the sticks come out of what is left
        skilled = with_dynamite(own, skilled, gang, sticks, key)
    except _OverBudget as e:  # a build that leaves room for them (and the spares)
        less = dataclasses.replace(own, gang_budget=max(own.gang_budget - e.cost, 0))
        try:
            again = with_spares(less, made(less), gang, spares, f"spares_{side}")
        except ConfigError:
            raise e from None
        skilled = with_dynamite(own, again, gang, sticks, key)
    roster = skilled + hires
    why = rules.roster_problem(roster, gang)
    if why:
        raise ConfigError(f"westamunda hire_{side} {hire!r} (hire_count_{side} {count})"
                          f"{f', mounted_{side} True' if mounted else ''}: {why}")
    return roster


def _room_for(rules: WMRules, roster, weapon: str, name: str, gang: str, mounted: bool,
              side: int) -> tuple[Recruit, ...] | None:
    """The build ``name`` with ``weapon`` swapped in and its specialist's skill, made for the
    most of the budget that leaves room for the weapon when it is one for every own fighter
    (a hand weapon, bolas or a lasso) and does not fit ``roster`` (the build for the whole
    budget): the budget less its price for m fighters, m from 1 up to the roster's own
    fighters, the first that fits (a smaller build needs less room, so little money is left
    unspent). None for any other swap (it takes a gun's place), or when none fits."""
    if weapon == "none" or weapon not in WEAPONS or _kind(rules, weapon) not in ("melee",
                                                                                  "thrown"):
        return None
    price = rules.weapon(weapon)["cost"]
    for m in range(1, sum(r.type not in HIRED for r in roster) + 1):
        less = dataclasses.replace(rules, gang_budget=max(rules.gang_budget - price * m, 0))
        try:
            return with_skill(rules, swap(rules, build(less, name, gang, mounted), weapon, gang),
                              gang, side)
        except ConfigError:
            continue
    return None


def _lone_gunfighter(rules: WMRules, roster) -> str | None:
    """The handgun of a gunfighter who carries only one (the skill idle), or None."""
    for r in roster:
        hand = [w for w in r.weapons if _kind(rules, w) == "handgun" and w not in ROUND_OF]
        if "gunfighter" in r.skills and len(hand) == 1:
            return hand[0]
    return None


def hired(rules: WMRules, hire: str, count: int = 1,
          mounted: bool = False) -> tuple[Recruit, ...]:
    """``count`` hired fighters of HIRES entry ``hire``, each with the part of his
    kit this engine plays (his bolas too since wm-9: a strike at his S, an entangling throw
    when his side has fancy ropin'); the bounty hunter carries one long gun (the
    text: "even a bounty hunter can only carry one long gun at a time"): his kit's last, the
    rifle, the shotgun staying with his horse (max_long_guns); the telescopic sight is on
    his rifle (engine FSCOPE). A hired fighter rides (``horse=True``) when ``mounted`` (his side's
    ``mounted_<side>``: :func:`side_roster`), on the horse and saddle his fee includes (his
    cost does not change), else fights on foot (his horse stays at the livery). Raises
    ConfigError naming the key for a kit with a weapon the engine cannot play in place of a
    thing left behind (a scout's bow)."""
    r = rules.hired_recruit(hire)
    left = tuple(w for w in r.weapons if _supported(rules, w))
    if left:
        raise ConfigError(f"westamunda hire {hire!r}: {_supported(rules, left[0])}")
    weapons = [w for w in r.weapons if w not in left]
    longs = [w for w in weapons if w not in ROUND_OF and _kind(rules, w) in ("long_gun", "bow")]
    for w in longs[:max(len(longs) - rules.max_long_guns, 0)]:  # one long gun at a time: the
        weapons = [x for x in weapons if ROUND_OF.get(x, x) != w]  # kit's last (the rifle)
    weapons = tuple(weapons)
    boxes = tuple(b for b in r.boxes if b in weapons)
    return (r._replace(weapons=weapons, boxes=boxes, horse=bool(mounted)),) * count


def with_skill(rules: WMRules, roster, gang_type: str, side: int) -> tuple[Recruit, ...]:
    """``roster`` with its specialist's pick (``rules.specialist_skill``: skill_a or skill_b).
    A gunfighter (two handguns at once) who carries one handgun is given a second of the same
    with a box of its rounds, trading his spare boxes (beyond one a gun) if the money is short,
    when the gang stays legal and within gang_budget (the skill is worth nothing with one gun);
    otherwise he keeps one. Raises ConfigError naming the key when the
    specialist's type may not pick the skill."""
    out = list(roster)
    for i, r in enumerate(out):
        if r.type not in ("shootist", "pugilist"):
            continue
        try:
            skill = rules.specialist_skill(side, r.type)
        except ValueError as e:
            raise ConfigError(f"westamunda rules: {e}") from None
        if skill is None:
            return tuple(out)
        out[i] = r._replace(skills=(skill,))
        hand = [w for w in r.weapons if _kind(rules, w) == "handgun" and w not in ROUND_OF]
        if skill == "gunfighter" and len(hand) == 1:
            boxes = list(r.boxes) + [hand[0]]
            while True:  # spare boxes (beyond one a gun) traded for the second gun if need be
                two = out[i]._replace(weapons=r.weapons + (hand[0],), boxes=tuple(boxes))
                trial = out[:i] + [two] + out[i + 1:]
                if rules.roster_problem(trial, gang_type) is None:
                    out[i] = two
                    break
                spare = [b for b in set(boxes) if boxes.count(b) > 1 + (b == hand[0])]
                if not spare:
                    break
                boxes.remove(min(spare, key=lambda b: (rules.weapon(b)["box_cost"], b)))
        return tuple(out)
    return tuple(out)


def _takes_spares(rules: WMRules, name: str) -> bool:
    """Does weapon ``name`` take spare pre-loaded cylinders or tubes?"""
    return rules.has_flag(name, "spare_cylinder") or rules.has_flag(name, "tube_magazine")


class _OverBudget(ConfigError):
    """Spares or dynamite that take a gang over gang_budget; ``cost`` what they cost."""

    def __init__(self, msg: str, cost: int):
        super().__init__(msg)
        self.cost = cost


def with_spares(rules: WMRules, roster, gang_type: str, n: int,
                key: str = "spares") -> tuple[Recruit, ...]:
    """``roster`` with ``n`` spare pre-loaded cylinders or tubes for every gun of its own
    fighters that takes them (hired fighters' kit comes with their fee). If the gang then costs
    more than gang_budget, spare boxes (beyond one a gun) are traded, the cheapest box first,
    from the last fighter back, until it fits. Raises ConfigError naming ``key`` when n passes
    preload_max or no fighter carries a gun that takes spares, and ``_OverBudget`` (a
    ConfigError carrying the spares' cost) when the gang cannot be brought within budget:
    :func:`side_roster` then builds the gang for the budget less the spares' cost."""
    if n == 0:
        return tuple(roster)
    if n > rules.preload_max:
        raise ConfigError(f"westamunda rules: {key} {n}: at most preload_max "
                          f"({rules.preload_max}) spare cylinders or tubes a gun")
    out = [r if r.type in HIRED else
           r._replace(preloads=r.preloads + tuple(w for w in r.weapons
                                                  if _takes_spares(rules, w)) * n)
           for r in roster]
    if all(a == b for a, b in zip(out, roster, strict=True)):
        raise ConfigError(f"westamunda rules: {key} {n}: no fighter of the {gang_type} gang "
                          "carries a gun that takes spare cylinders or tubes (flag "
                          "spare_cylinder or tube_magazine: the percussion revolvers, the "
                          "Spencer)")
    out = _trade_boxes(rules, out, gang_type)
    why = rules.roster_problem(tuple(out), gang_type)
    if why:
        cost = rules.preload_cost * sum(len(a.preloads) - len(b.preloads)
                                        for a, b in zip(out, roster, strict=True))
        raise _OverBudget(f"westamunda rules: {key} {n} for the {gang_type} gang (${cost} of "
                          f"spares): {why}, even after trading every spare box", cost)
    return tuple(out)


def _trade_boxes(rules: WMRules, out: list, gang_type: str) -> list:
    """``out`` (a list of Recruit) with spare boxes (beyond one a gun) traded, the cheapest box
    first, from the last fighter back, until the gang is legal (within gang_budget) or no
    spare box is left."""
    for i in range(len(out) - 1, -1, -1):
        while rules.roster_problem(tuple(out), gang_type) is not None:
            boxes = list(out[i].boxes)
            spare = [b for b in set(boxes) if boxes.count(b) > out[i].weapons.count(
                ROUND_OF.get(b, b)) and b not in ROUND_OF] + \
                [b for b in set(boxes) if b in ROUND_OF and boxes.count(b) > 1]
            if not spare or out[i].type in HIRED:
                break
            boxes.remove(min(spare, key=lambda b: (rules.weapon(b)["box_cost"], b)))
            out[i] = out[i]._replace(boxes=tuple(boxes))
    return out


def with_dynamite(rules: WMRules, roster, gang_type: str, n: int,
                  key: str = "dynamite") -> tuple[Recruit, ...]:
    """``roster`` with ``n`` sticks of dynamite for each of its own fighters (hired fighters'
    kit comes with their fee). Over gang_budget, spare boxes are traded as for spares
    (``_trade_boxes``). Raises ConfigError naming ``key`` when dynamite is not allowed (rare:
    setup_max_rarity) and ``_OverBudget`` when the gang cannot be brought within budget:
    :func:`side_roster` then builds the gang for the budget less the sticks' cost."""
    if n == 0:
        return tuple(roster)
    rare = rules.weapon("dynamite")["rarity"]
    if rare > rules.setup_max_rarity:
        raise ConfigError(f"westamunda rules: {key} {n}: dynamite is rare (rarity {rare}) and "
                          f"setup_max_rarity is {rules.setup_max_rarity}; set setup_max_rarity "
                          f"to {rare} for this what-if (the text: no rare weapons at set-up)")
    out = [r if r.type in HIRED else r._replace(weapons=r.weapons + ("dynamite",) * n)
           for r in roster]
    out = _trade_boxes(rules, out, gang_type)
    why = rules.roster_problem(tuple(out), gang_type)
    if why:
        cost = rules.weapon("dynamite")["cost"] * n * sum(r.type not in HIRED for r in roster)
        raise _OverBudget(f"westamunda rules: {key} {n} for the {gang_type} gang (${cost} of "
                          f"dynamite): {why}, even after trading every spare box", cost)
    return tuple(out)
