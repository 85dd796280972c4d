"""Common random numbers: blocks share a board and dice with the first turn rotated, and the
paired analysis measures first-player advantage with less variance."""

import numpy as np

from sim.analysis.metrics import first_player_crn
from sim.config import parse
from sim.runner import play_point


def crn_table(players, games=2400, seed=11):
    raw = {"experiment": {"game": "og", "seed": seed, "games": games},
           "sweep": {"players": [players]},
           "strategies": {"pool": ["expander", "builder", "harasser", "hunter", "balanced"],
                          "seating": "crn"}}
    exp = parse(raw, "crn", "crn.toml")
    return play_point(exp, exp.points[0])


def test_blocks_share_lineup_and_rotate_first_turn():
    t = crn_table(4, games=400)
    per_game = t.drop_duplicates("game").sort_values("game")
    first = per_game["first_seat"].to_numpy().reshape(-1, 4)
    assert ((first - first[:, :1]) % 4 == np.arange(4)).all()  # first turn rotates in a block
    lineup = t.sort_values(["game", "seat"])["strategy"].astype(str).to_numpy().reshape(-1, 4, 4)
    assert (lineup == lineup[:, :1, :]).all()  # same strategies in the same seats
    # every strategy moves first exactly once per block
    firsts = t[t["order"] == 0].sort_values("game")["strategy"].astype(str).to_numpy()
    blocks = firsts.reshape(-1, 4)
    assert all(len(set(b)) == 4 for b in blocks)


def test_crn_reduces_variance_of_first_player_estimate():
    vr = first_player_crn(crn_table(2))["variance_reduction"].iloc[0]
    assert vr > 1.5, vr  # measured x2.9 at 6,000 games; seeded, so this is deterministic
