"""Rifle & Gun rule and scenario parameters (the text's numbers and the gaps it leaves)."""

from __future__ import annotations

import dataclasses

import numpy as np

from sim.core.params import param
from sim.core.tabletop.battlefield import DENSITIES
from sim.rifle_gun import state as S

VERSION = "rg-1"

QUALITY = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d12": 12}


@dataclasses.dataclass(frozen=True)
class RGRules:
    """A Rifle & Gun scenario: forces, table and the rules as data."""

    players: int = param(2, "Two sides; the text is a two-player game.", lo=2, hi=2)
    scenario: str = param(
        "firefight", "Victory is left to scenarios. 'firefight': break the enemy (see "
        "break_pct) within the turn limit, else a draw; 'objective': hold the centre at the end.",
        choices=("firefight", "objective"))
    turns: int = param(8, "Turn limit (the text sets none; 8 turns let 6\" cautious moves cross "
                       "the 36\" table with time to fight).", lo=1, hi=100)
    density: str = param("medium", "Terrain density of the generated tables.",
                         choices=tuple(DENSITIES))
    maps: int = param(32, "Generated tables per sweep point; game g plays on table g mod maps.",
                      lo=1, hi=10000)
    quality_a: str = param("d8", "Side A's quality die (irregular d6, regular d8, elite d10; "
                           "d4 and d12 as what-ifs).", choices=tuple(QUALITY))
    quality_b: str = param("d8", "Side B's quality die.", choices=tuple(QUALITY))
    team_quality_a: str = param(
        "", "Side A's die per team (the text: each team rolls its own die), comma-separated in "
        "team order, one per team of teams_a, each one of " + ", ".join(QUALITY) + ", e.g. "
        "'d8,d10'; empty: every team rolls quality_a. A merged team keeps the die of the team "
        "the others join (the lower-numbered one; the text is silent).")
    team_quality_b: str = param("", "Side B's die per team, as team_quality_a (empty: every "
                                "team rolls quality_b).")
    teams_a: int = param(2, "Side A's fire teams.", lo=1, hi=6)
    teams_b: int = param(2, "Side B's fire teams.", lo=1, hi=6)
    soldiers_a: int = param(4, "Soldiers per team on side A (the text: ~4).", lo=1, hi=8)
    soldiers_b: int = param(4, "Soldiers per team on side B.", lo=1, hi=8)
    grenadier_a: bool = param(True, "Each team of side A has a grenadier (+1 attack die).")
    grenadier_b: bool = param(True, "Each team of side B has a grenadier.")
    saw_a: bool = param(False, "Each team of side A has a SAW gunner (+1 attack die).")
    saw_b: bool = param(False, "Each team of side B has a SAW gunner.")
    marksman_a: bool = param(False, "Each team of side A has a designated marksman.")
    marksman_b: bool = param(False, "Each team of side B has a designated marksman.")
    frags_per_soldier: int = param(2, "Fragmentation grenades per soldier (text: 2).", lo=0,
                                   hi=10)
    smokes_per_soldier: int = param(1, "Smoke grenades per soldier (text: 1).", lo=0, hi=10)
    hit_on: int = param(4, "Attack and defence dice succeed on this or more (text: 4).", lo=2,
                        hi=12)
    cancel: str = param("highest", "Which hits saves cancel: 'highest' first (the text's "
                        "reading: start with the highest attack die), 'lowest' first, or "
                        "'defender' (the defender chooses: kill dice before injury dice).",
                        choices=("highest", "lowest", "defender"))
    break_pct: int = param(50, "A side breaks (and loses) once this % of its soldiers are dead; "
                           "the text has no morale rule, so a casualty threshold.", lo=1, hi=100)
    objective_radius: int = param(3, "Objective: unpinned soldiers within this many inches of "
                                  "the centre count.", lo=1, hi=18)
    merge_distance: int = param(2, "Teams may merge at the start of a turn when this close "
                                "(the text: cohesion 1\" within a team).", lo=1, hi=36)
    crossfire: bool = param(True, "Teams near the line of fire defend against the same attack "
                            "pool, closest first (text: crossfire).")
    breach_frag_pins: bool = param(True, "A frag grenade thrown in a breach pins every enemy "
                                   "team inside the building (text).")
    rapid_move: int = param(12, "Inches of a rapid move (text: up to 12\").", lo=1, hi=36)
    cautious_move: int = param(6, "Inches of a cautious move (text: up to 6\").", lo=1, hi=36)
    close_range: int = param(6, "Inches within which the close-range attack bonus applies "
                             "(text: target within 6\").", lo=0, hi=36)
    close_range_dice: int = param(1, "Attack dice added at close range (text: +1).", lo=0,
                                  hi=4)
    still_dice: int = param(1, "Attack dice added when the team did not move before shooting "
                            "(text: +1).", lo=0, hi=4)
    grenadier_dice: int = param(1, "Attack dice a grenadier adds (text: +1).", lo=0, hi=4)
    saw_dice: int = param(1, "Attack dice a SAW gunner adds (text: +1).", lo=0, hi=4)
    frag_range: int = param(3, "Inches within which frag grenades add attack dice (text: "
                            "targets within 3\").", lo=0, hi=36)
    frag_dice: int = param(1, "Attack dice per frag grenade (text: +1 per grenade).", lo=0,
                           hi=4)
    smoke_range: int = param(3, "Inches from the team a smoke grenade may land (text: up to "
                             "3\" away).", lo=0, hi=36)
    piece_defence_dice: int = param(1, "Defence dice per non-blocking piece between (text: "
                                    "+1 per piece).", lo=0, hi=4)
    smoke_defence_dice: int = param(1, "Defence dice per smoke between (text: +1 per smoke).",
                                    lo=0, hi=4)
    steady_defence_dice: int = param(1, "Defence dice for a target that moved cautiously or "
                                     "stood still (text: +1).", lo=0, hi=4)
    cover_defence_dice: int = param(2, "Defence dice for a target mostly behind blocking "
                                    "terrain (text: +2).", lo=0, hi=8)
    crossfire_corridor: int = param(1, "Teams within this many inches of the line of fire are "
                                    "caught in crossfire (the text's 1\" cohesion: a team's "
                                    "soldiers stand that far from its leader).", lo=0, hi=6)
    retreat_distance: int = param(3, "Inches a pinned team retreats (text: blocking terrain "
                                  "within 3\").", lo=1, hi=12)
    initiative_pins: str = param(
        "count", "Phase 1 comes before phase 2 (unpin), so a team pinned last turn is still "
        "pinned when initiative is decided: 'count' (the text's order: its soldiers are not "
        "unpinned soldiers) or 'ignore' (count every soldier). Under 'count' a side pinned "
        "every turn can keep losing the initiative.", choices=("count", "ignore"))
    reaction_ties: str = param(
        "actor", "Who goes first when a reaction's opposed roll is a tie (the text says only "
        "that the reactor interrupts if it rolls higher): 'actor' (the text read literally: no "
        "interrupt), 'reactor', or 'reroll' until the dice differ.",
        choices=("actor", "reactor", "reroll"))

    def problem(self) -> str | None:
        for name, teams in (("team_quality_a", self.teams_a), ("team_quality_b", self.teams_b)):
            value, dice, s = getattr(self, name), _dice(getattr(self, name)), name[-1]
            allowed = f"one die per team, comma-separated, each one of {', '.join(QUALITY)}"
            bad = [d for d in dice if d not in QUALITY]
            if bad:
                return f"{name} {value!r}: {bad[0]!r} is not a quality die; expected {allowed}"
            if dice and len(dice) != teams:
                return (f"{name} {value!r} gives {len(dice)} {'die' if len(dice) == 1 else 'dice'}"
                        f" but teams_{s} is {teams}; expected {allowed} (or empty: every team "
                        f"rolls quality_{s})")
        if self.cautious_move > self.rapid_move:
            return (f"cautious_move ({self.cautious_move}\") is longer than rapid_move "
                    f"({self.rapid_move}\"); the text makes the cautious move the slower one")
        return None

    def team_dice(self, side: int) -> tuple[str, ...]:
        """The quality die of each of ``side``'s teams (0 = A), in team order: team_quality_*
        when given, else the side's quality_* for every team."""
        teams, nominal, per_team = ((self.teams_a, self.quality_a, self.team_quality_a),
                                    (self.teams_b, self.quality_b, self.team_quality_b))[side]
        return _dice(per_team) or (nominal,) * teams

    def side_soldiers(self) -> int:
        """The larger side's soldiers: all of them could end in one merged team."""
        return max(self.teams_a * self.soldiers_a, self.teams_b * self.soldiers_b)

    def slots(self) -> int:
        """Soldier slots per team. Merges move survivors into free slots (dead or empty) and a
        team never holds more living soldiers than its side has, so this is enough."""
        return max(self.side_soldiers(), 1)

    def max_attack_dice(self) -> int:
        """Bound on one volley's attack dice (the ``faces`` scratch): every soldier of a side
        merged into one team, every bonus, and every frag grenade of the side thrown at once."""
        frags = self.side_soldiers() * self.frags_per_soldier
        return (self.side_soldiers() + self.grenadier_dice + self.saw_dice +
                self.close_range_dice + self.still_dice + self.frag_dice * frags)

    @property
    def round_limit(self) -> int:
        """Turns after which a game stops (shared name across games)."""
        return self.turns

    def kernel_params(self) -> np.ndarray:
        rp = np.zeros(S.N_RULES, dtype=np.int64)
        rp[S.R_TURNS] = self.turns
        rp[S.R_SCENARIO] = self.scenario == "objective"
        rp[S.R_HIT_ON] = self.hit_on
        rp[S.R_CANCEL_HIGHEST] = ("lowest", "highest", "defender").index(self.cancel)
        rp[S.R_BREAK_PCT] = self.break_pct
        rp[S.R_OBJ_RADIUS] = self.objective_radius
        rp[S.R_MERGE_DIST] = self.merge_distance
        rp[S.R_CROSSFIRE] = self.crossfire
        rp[S.R_BREACH_FRAG_PINS] = self.breach_frag_pins
        rp[S.R_RAPID_MOVE] = self.rapid_move
        rp[S.R_CAUTIOUS_MOVE] = self.cautious_move
        rp[S.R_CLOSE_RANGE] = self.close_range
        rp[S.R_CLOSE_DICE] = self.close_range_dice
        rp[S.R_STILL_DICE] = self.still_dice
        rp[S.R_GRENADIER_DICE] = self.grenadier_dice
        rp[S.R_SAW_DICE] = self.saw_dice
        rp[S.R_FRAG_RANGE] = self.frag_range
        rp[S.R_FRAG_DICE] = self.frag_dice
        rp[S.R_SMOKE_RANGE] = self.smoke_range
        rp[S.R_PIECE_DICE] = self.piece_defence_dice
        rp[S.R_SMOKE_DICE] = self.smoke_defence_dice
        rp[S.R_STEADY_DICE] = self.steady_defence_dice
        rp[S.R_COVER_DICE] = self.cover_defence_dice
        rp[S.R_CROSSFIRE_CORRIDOR] = self.crossfire_corridor
        rp[S.R_RETREAT] = self.retreat_distance
        rp[S.R_REACTION_TIES] = ("actor", "reactor", "reroll").index(self.reaction_ties)
        rp[S.R_INIT_PINS] = self.initiative_pins == "count"
        return rp

    def as_dict(self) -> dict:
        """Every parameter, except team_quality_* left empty (the default): an experiment that
        does not set them keeps the random streams (hashes of this dict) it had before they
        existed."""
        d = dataclasses.asdict(self)
        for k in ("team_quality_a", "team_quality_b"):
            if not _dice(d[k]):
                del d[k]
        return d


def _dice(value: str) -> tuple[str, ...]:
    """Die names of a comma-separated per-team list ('' or blanks: none)."""
    return tuple(d.strip() for d in value.split(",")) if value.strip() else ()
