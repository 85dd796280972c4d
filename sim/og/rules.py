"""O.G. rule parameters: every number the text states and every gap it leaves.

Each field's doc says what the seed text says, or, where it is silent, why this default.
``docs/rules/og.md`` is the coverage table that points here.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from sim.core.grid import Grid, grid, perimeter_length
from sim.core.params import param
from sim.og import state as S

VERSION = "og-1"

SPECIAL_NAMES = ("School", "Burger Shack", "Gun Shop", "Pawn Shop", "Park")


@dataclasses.dataclass(frozen=True)
class OGRules:
    """All O.G. rules as data; a sweep may change any field without touching code."""

    players: int = param(4, "Players at the table; the text recommends 2 to 6.", lo=2, hi=6)
    goal_mode: str = param(
        "fixed",
        "How the Props goal is set. The text leaves it to playtesting and guesses 'territories plus "
        "players'; 'fixed' uses props_goal, 'board_plus_players' reads territories as all blocks "
        "on the board, 'start_plus_players' as the two starting blocks.",
        choices=("fixed", "board_plus_players", "start_plus_players"),
    )
    props_goal: int = param(
        10, "Props needed to win when goal_mode='fixed'. The text leaves it to playtesting; 10 is "
        "the og_goal_sweep recommendation for 4 players (see README).", lo=1, hi=1000)
    start_ratings: tuple = param(
        (2, 2, 2, 2), "Starting Crew, Papers, Chrome, Props; the text: 2 in each.", lo=0, hi=100)
    base_papers_income: int = param(1, "Papers gained at the start of each turn.", lo=0, hi=100)
    school: tuple = param((1, 0, 0), "School income per turn as (Crew, Papers, Chrome).", lo=0, hi=100)
    burger_shack: tuple = param((0, 1, 0), "Burger Shack income (Crew, Papers, Chrome).", lo=0, hi=100)
    gun_shop: tuple = param((0, 0, 1), "Gun Shop income (Crew, Papers, Chrome).", lo=0, hi=100)
    pawn_shop: tuple = param((0, 1, 1), "Pawn Shop income (Crew, Papers, Chrome).", lo=0, hi=100)
    park: tuple = param((1, 1, 0), "Park income (Crew, Papers, Chrome).", lo=0, hi=100)
    special_counts: tuple = param(
        (1, 1, 1, 1, 1), "How many of each special block (School, Burger Shack, Gun Shop, Pawn "
        "Shop, Park); the text: 5 special blocks, 'or more'.", lo=0, hi=20)
    die_sides: int = param(6, "Faces on every die; the text uses six-sided dice.", lo=2, hi=100)
    success_on: int = param(4, "A die succeeds on this or more; the text: 4, 5 or 6.", lo=1, hi=100)
    max_expansions: int = param(
        1, "Blocks one Expand may try to take in a turn. The text speaks of 'the block' in the "
        "singular, so one.", lo=0, hi=100)
    ties_to: str = param("defender", "Who wins a fight when remaining crews tie; the text: "
                         "always the defender.", choices=("defender", "attacker"))
    win_props: int = param(1, "Props the fight winner gains.", lo=0, hi=100)
    bonus_props: int = param(1, "Extra Props when the winner committed half or less of the "
                             "loser's crew.", lo=0, hi=100)
    bonus_divisor: int = param(2, "The 'half' in that rule: bonus when winner crew * divisor "
                               "<= loser crew.", lo=1, hi=100)
    lose_props: int = param(1, "Props the fight loser loses.", lo=0, hi=100)
    territory_props: int = param(1, "Props per newly gained block.", lo=0, hi=100)
    props_can_go_negative: bool = param(
        False, "The text never says. Default no: Props is a reputation count and a Drive-by "
        "success against a player with 0 Props has nothing to remove.")
    props_spending: bool = param(
        False, "The optional rule: spend Props 1-for-1 for extra dice in Drive-bys, attacks and "
        "defence (spent Props dice count like Chrome dice).")
    driveby_range: str = param(
        "any", "Which gangs a Drive-by may target. The text sets no limit, so any gang; "
        "'adjacent' allows only gangs bordering the shooter's blocks.",
        choices=("any", "adjacent"))
    board_width: int = param(0, "Board columns; the text: 'variable depending on the number of "
                             "players'. 0 = size automatically (see blocks_per_player).", lo=0, hi=40)
    board_height: int = param(0, "Board rows; 0 = automatic.", lo=0, hi=40)
    blocks_per_player: int = param(
        6, "Automatic board: about this many ordinary blocks per player plus the specials, laid "
        "out as the squarest grid that holds them.", lo=2, hi=100)
    adjacency: str = param(
        "orthogonal", "Which blocks touch; city blocks share a street on four sides, so "
        "orthogonal. 'diagonal' adds corners.", choices=("orthogonal", "diagonal"))
    start_placement: str = param(
        "perimeter", "Where the two adjacent starting blocks go. The text leaves it to the "
        "table; default spaces gangs evenly around the board edge in seat order (clockwise).",
        choices=("perimeter", "random"))
    special_placement: str = param(
        "random", "Where special blocks go. The text: 'anywhere' agreed by all; default "
        "uniformly among non-starting blocks, 'center' puts them nearest the middle.",
        choices=("random", "center"))
    last_standing_wins: bool = param(
        True, "The text only says an eliminated player is out; a lone survivor is taken as the "
        "winner (otherwise the game runs to the turn limit).")
    max_rounds: int = param(
        200, "Turn limit in rounds (every player once) for games that never end; such games are "
        "recorded as unfinished.", lo=1, hi=100000)

    def problem(self) -> str | None:
        """The first impossible combination of values, or None."""
        w, h = self.board_size()
        specials = sum(self.special_counts)
        if len(self.special_counts) != len(SPECIAL_NAMES):
            return f"special_counts needs {len(SPECIAL_NAMES)} entries, got {len(self.special_counts)}"
        for name in ("start_ratings",):
            if len(getattr(self, name)) != 4:
                return f"{name} needs 4 entries (Crew, Papers, Chrome, Props)"
        for name in ("school", "burger_shack", "gun_shop", "pawn_shop", "park"):
            if len(getattr(self, name)) != 3:
                return f"{name} needs 3 entries (Crew, Papers, Chrome)"
        if (self.board_width == 0) != (self.board_height == 0):
            return "board_width and board_height are both 0 (automatic) or both set"
        if w < 2 or h < 1:
            return f"board {w}x{h} is too small"
        # enough blocks is also enough for random starts: a snake through the grid pairs
        # every two blocks, so floor(w * h / 2) disjoint adjacent pairs always exist
        starts = S.START_BLOCKS * self.players
        if w * h < starts + specials:
            return (f"board {w}x{h} has {w * h} blocks but {self.players} players need "
                    f"{starts} starting blocks plus {specials} special blocks")
        if self.start_placement == "perimeter" and perimeter_length(w, h) < starts:
            return (f"board {w}x{h} edge has {perimeter_length(w, h)} blocks, fewer than the "
                    f"{starts} starting blocks of {self.players} players")
        if self.success_on > self.die_sides:
            return f"success_on={self.success_on} can never be rolled on a d{self.die_sides}"
        return None

    @property
    def round_limit(self) -> int:
        """Rounds after which a game stops (shared name across games)."""
        return self.max_rounds

    def board_size(self) -> tuple[int, int]:
        """(width, height) of the grid, automatic when both are 0."""
        if self.board_width and self.board_height:
            return self.board_width, self.board_height
        total = self.players * self.blocks_per_player + sum(self.special_counts)
        w = math.ceil(math.sqrt(total))
        return w, math.ceil(total / w)

    def goal(self) -> int:
        """The Props goal this game plays to."""
        if self.goal_mode == "fixed":
            return self.props_goal
        if self.goal_mode == "board_plus_players":
            w, h = self.board_size()
            return w * h + self.players
        return S.START_BLOCKS + self.players

    def income_table(self) -> np.ndarray:
        """int64 (n_special_types, 3): Crew, Papers, Chrome gained per special block held."""
        rows = [self.school, self.burger_shack, self.gun_shop, self.pawn_shop, self.park]
        return np.array(rows, dtype=np.int64)

    def kernel_params(self) -> np.ndarray:
        """int64 vector read by the kernel; indices are the ``R_*`` names in ``state``."""
        rp = np.zeros(S.N_RULES, dtype=np.int64)
        rp[S.R_GOAL] = self.goal()
        rp[S.R_MAX_ROUNDS] = self.max_rounds
        rp[S.R_SIDES] = self.die_sides
        rp[S.R_SUCCESS] = self.success_on
        rp[S.R_MAX_EXPAND] = self.max_expansions
        rp[S.R_TIES_ATTACKER] = self.ties_to == "attacker"
        rp[S.R_WIN_PROPS] = self.win_props
        rp[S.R_BONUS_PROPS] = self.bonus_props
        rp[S.R_BONUS_DIV] = self.bonus_divisor
        rp[S.R_LOSE_PROPS] = self.lose_props
        rp[S.R_TERRITORY_PROPS] = self.territory_props
        rp[S.R_PROPS_NEGATIVE] = self.props_can_go_negative
        rp[S.R_PROPS_SPEND] = self.props_spending
        rp[S.R_DRIVEBY_ADJ] = self.driveby_range == "adjacent"
        rp[S.R_BASE_PAPERS] = self.base_papers_income
        rp[S.R_LAST_STANDING] = self.last_standing_wins
        rp[S.R_START_PERIMETER] = self.start_placement == "perimeter"
        rp[S.R_SPECIAL_CENTER] = self.special_placement == "center"
        for i in range(4):
            rp[S.R_START + i] = self.start_ratings[i]
        return rp

    def as_dict(self) -> dict:
        return {f.name: (list(v) if isinstance(v := getattr(self, f.name), tuple) else v)
                for f in dataclasses.fields(self)}


def geometry(rules: OGRules) -> Grid:
    """The O.G. board for ``rules``: its size and adjacency on the shared grid."""
    w, h = rules.board_size()
    return grid(w, h, rules.adjacency)
