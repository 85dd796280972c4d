"""Keyed random streams and dice, as small njit helpers.

Each game owns a generator derived from the key (experiment seed, stream, game index), so
game ``i`` draws the same numbers whichever thread, chunk or worker plays it. The generator
is xoshiro256** (Blackman & Vigna) seeded through splitmix64; dice use Lemire's unbiased
multiply-and-reject on 32-bit halves, so one 64-bit draw yields two dice.

State layout (uint64[6]): s0..s3 xoshiro state, [4] the spare 32-bit half, [5] 1 if spare.
All arithmetic stays in uint64: numba turns uint64 mixed with int64 into float64.
"""

import numpy as np

from sim.core.jit import kernel

STATE_SIZE = 6
_U = np.uint64
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)


@kernel
def _mix(z):
    """splitmix64 finaliser of one uint64."""
    z = (z ^ (z >> _U(30))) * _M1
    z = (z ^ (z >> _U(27))) * _M2
    return z ^ (z >> _U(31))


@kernel
def _rotl(x, k):
    return (x << k) | (x >> (_U(64) - k))


@kernel
def seed_state(state, seed, stream, game):
    """Fill ``state`` (uint64[6]) with the generator for key (seed, stream, game)."""
    x = _mix(_U(seed) + _GOLDEN)
    x = _mix((x ^ _U(stream)) + _GOLDEN)
    x = _mix((x ^ _U(game)) + _GOLDEN)
    for i in range(4):
        x = x + _GOLDEN
        state[i] = _mix(x)
    state[4] = _U(0)
    state[5] = _U(0)


@kernel
def next_u64(state):
    """One xoshiro256** output; advances ``state`` in place."""
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    result = _rotl(s1 * _U(5), _U(7)) * _U(9)
    t = s1 << _U(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, _U(45))
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    return result


@kernel
def _next_u32(state):
    """32 random bits (as uint64), using the spare half of the last draw when there is one."""
    if state[5] != _U(0):
        state[5] = _U(0)
        return state[4]
    x = next_u64(state)
    state[4] = x >> _U(32)
    state[5] = _U(1)
    return x & _LOW32


@kernel
def randint(state, n):
    """Uniform integer in [0, n) for 1 <= n < 2**32, unbiased (Lemire 2019)."""
    un = _U(n)
    m = _next_u32(state) * un
    low = m & _LOW32
    if low < un:
        threshold = (_TWO32 - un) % un
        while low < threshold:
            m = _next_u32(state) * un
            low = m & _LOW32
    return np.int64(m >> _U(32))


@kernel
def roll(state, sides):
    """One die with ``sides`` faces: 1..sides."""
    return randint(state, sides) + 1


@kernel
def count_successes(state, n_dice, sides, target):
    """Roll ``n_dice`` dice with ``sides`` faces; return how many show ``target`` or more."""
    hits = 0
    for _ in range(n_dice):
        if randint(state, sides) + 1 >= target:
            hits += 1
    return hits


@kernel
def uniform(state):
    """Float in [0, 1) with 53 random bits."""
    return np.float64(next_u64(state) >> _U(11)) * (1.0 / 9007199254740992.0)


def new_state(seed, stream, game):
    """Plain-Python convenience: a fresh generator state for one key."""
    state = np.zeros(STATE_SIZE, dtype=np.uint64)
    seed_state(state, np.uint64(seed), np.uint64(stream), np.uint64(game))
    return state
