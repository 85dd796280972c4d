"""Debug mode: the engine's invariants are checked after every turn, a broken one stops with the
game's key so it can be replayed."""

import numpy as np
import pytest

from sim.core.debug import raise_on_broken
from sim.og import state as S
from sim.og.engine import InvariantError, check_invariants, debug_default


def state():
    owner = np.array([0, 0, 1, -1, 1, 2], dtype=np.int64)
    blocks = np.array([2, 2, 1], dtype=np.int64)
    rating = np.full((3, 4), 2, dtype=np.int64)
    return owner, blocks, rating, np.zeros(3, dtype=np.bool_)


def test_tests_run_in_debug_mode():
    assert debug_default()


def test_a_sound_state_passes():
    assert check_invariants(*state()[:3], True, state()[3]) == S.Bad.OK


@pytest.mark.parametrize("corrupt,code", [
    (lambda o, b, r, e: r.__setitem__((1, S.CREW), -1), S.Bad.NEGATIVE_RATING),
    (lambda o, b, r, e: r.__setitem__((0, S.PROPS), -1), S.Bad.NEGATIVE_RATING),
    (lambda o, b, r, e: b.__setitem__(0, 3), S.Bad.BLOCK_COUNT),
    (lambda o, b, r, e: o.__setitem__(3, 7), S.Bad.BAD_OWNER),
    (lambda o, b, r, e: e.__setitem__(2, True), S.Bad.ELIMINATED_HOLDS),
])
def test_each_broken_invariant_is_named(corrupt, code):
    owner, blocks, rating, elim = state()
    corrupt(owner, blocks, rating, elim)
    assert check_invariants(owner, blocks, rating, True, elim) == code


def test_negative_props_allowed_when_the_rule_says_so():
    owner, blocks, rating, elim = state()
    rating[0, S.PROPS] = -3
    assert check_invariants(owner, blocks, rating, False, elim) == S.Bad.OK


def test_broken_game_raises_with_its_replay_key():
    g = np.zeros((5, S.N_GAME_COLS), dtype=np.int64)
    raise_on_broken(g[:, S.G_ERROR], g[:, S.G_ERROR_ROUND], S.Bad, 1, 2, 100)  # nothing broken
    g[3, S.G_ERROR] = S.Bad.BLOCK_COUNT
    g[3, S.G_ERROR_ROUND] = 7
    with pytest.raises(InvariantError, match=r"game 103 broke invariant BLOCK_COUNT in round 7 "
                                             r"\(1 game\(s\) of this batch did\); replay it with "
                                             r"seed=1, stream=2, game=103"):
        raise_on_broken(g[:, S.G_ERROR], g[:, S.G_ERROR_ROUND], S.Bad, 1, 2, 100)
