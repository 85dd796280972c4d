"""Rifle & Gun rule and scenario parameters (the text's numbers and the gaps it leaves)."""

from __future__ import annotations

import dataclasses

import numpy as np

from sim.core.params import param
from sim.rifle_gun import state as S
from sim.rifle_gun.battlefield import DENSITIES

VERSION = "rg-0"

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
    cancel: str = param("highest", "Which hits saves cancel first (text: the highest).",
                        choices=("highest", "lowest"))
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

    def problem(self) -> str | None:
        return None

    @property
    def round_limit(self) -> int:
        """Turns after which a game stops (shared name across games)."""
        return self.turns

    def kernel_params(self) -> np.ndarray:
        rp = np.zeros(S.N_RULES, dtype=np.int64)
        rp[S.R_TURNS] = self.turns
        rp[S.R_SCENARIO] = self.scenario == "objective"
        rp[S.R_HIT_ON] = self.hit_on
        rp[S.R_CANCEL_HIGHEST] = self.cancel == "highest"
        rp[S.R_BREAK_PCT] = self.break_pct
        rp[S.R_OBJ_RADIUS] = self.objective_radius
        rp[S.R_MERGE_DIST] = self.merge_distance
        rp[S.R_CROSSFIRE] = self.crossfire
        rp[S.R_BREACH_FRAG_PINS] = self.breach_frag_pins
        return rp

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)
