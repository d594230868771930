"""The game's one random generator: SplitMix64, whose whole state is one integer.

Pure integer arithmetic, so CPython and Pyodide give the same stream. The state is written in
the position (``rng``); copying a game copies its generator, and nothing else draws from it.

>>> a, b = Rng(7), Rng(7)
>>> [a.below(6) for _ in range(4)] == [b.below(6) for _ in range(4)]
True
"""

from __future__ import annotations

import struct
from typing import Final, TypeVar

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
T = TypeVar("T")
_LIMITS: Final[dict[int, int]] = {}  # rejection threshold per range size (a pure cache)
_DIE_LIMIT: Final = (1 << 64) - ((1 << 64) % 6)


class Rng:
    """SplitMix64 generator; ``state`` is an integer in ``[0, 2**64)``.

    Its outputs are worked out ahead, many at once (``_outputs``): ``_ahead`` holds those that
    follow the state ``_origin``, of which the first ``_drawn`` were drawn.

    >>> r = Rng(1)
    >>> [r.next64() for _ in range(2)] == [_mix(1 + _GAMMA), _mix((1 + 2 * _GAMMA) & _MASK)]
    True
    >>> r.state == (1 + 2 * _GAMMA) & _MASK, r.copy().next64() == r.next64()
    (True, True)
    """

    __slots__ = ("_ahead", "_drawn", "_origin")

    _origin: int
    _drawn: int
    _ahead: tuple[int, ...]

    def __init__(self, state: int = 0) -> None:
        self._origin, self._drawn, self._ahead = state & _MASK, 0, ()

    @property
    def state(self) -> int:
        """The state now (what a position writes): ``_origin`` advanced once per draw."""
        return (self._origin + self._drawn * _GAMMA) & _MASK

    @state.setter
    def state(self, value: int) -> None:
        self._origin, self._drawn, self._ahead = value & _MASK, 0, ()

    def copy(self) -> Rng:
        """An independent generator in the same state (sharing the outputs worked out)."""
        other = _NEW_RNG(Rng)
        other._origin, other._drawn, other._ahead = self._origin, self._drawn, self._ahead
        return other

    def _look_ahead(self) -> tuple[int, ...]:
        """Work out the outputs that follow the state."""
        self._origin, self._drawn = self.state, 0
        self._ahead = ahead = _outputs(self._origin)
        return ahead

    def next64(self) -> int:
        """Advance and return 64 random bits."""
        i, ahead = self._drawn, self._ahead
        if i == len(ahead):
            i, ahead = 0, self._look_ahead()
        self._drawn = i + 1
        return ahead[i]

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (rejection sampling: no modulo bias)."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("n must be positive")
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        while True:  # next64, inlined
            i, ahead = self._drawn, self._ahead
            if i == len(ahead):
                i, ahead = 0, self._look_ahead()
            self._drawn = i + 1
            z = ahead[i]
            if z < limit:
                return z % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def dice(self) -> tuple[int, int]:
        """Two six-sided dice: ``below(6) + 1`` twice, inlined (every roll)."""
        i, ahead = self._drawn, self._ahead
        if i + 2 > len(ahead):
            i, ahead = 0, self._look_ahead()
        a, b = ahead[i], ahead[i + 1]
        if a >= _DIE_LIMIT or b >= _DIE_LIMIT:  # rejected (odds 2**-62): draw the slow way
            return self.below(6) + 1, self.below(6) + 1
        self._drawn = i + 2
        return a % 6 + 1, b % 6 + 1


def rng_at(state: int) -> Rng:
    """``Rng(state)`` for a state known to be from 0 to ``2**64 - 1``, made the quick way (a
    position loaded makes one)."""
    generator = _NEW_RNG(Rng)
    generator._origin, generator._drawn, generator._ahead = state, 0, ()
    return generator


def seed_state(seed: int) -> int:
    """Initial generator state for a user-facing seed (any integer)."""
    return ((seed & _MASK) + _GAMMA) & _MASK


def _mix(s: int) -> int:
    """SplitMix64's output at the state ``s``, one at a time (``_outputs`` computes many)."""
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _outputs(state: int) -> tuple[int, ...]:
    """The 32 outputs that follow ``state``, computed at once: the states sit in 128-bit lanes
    of one integer (a product of two 64-bit numbers fits a lane), so each step of the mix is one
    operation on that integer for all of them.

    >>> _outputs(5) == tuple(_mix((5 + k * _GAMMA) & _MASK) for k in range(1, 33))
    True
    """
    s = (state * _ONES + _STEPS) & _LANES
    z = ((s ^ (s >> 30)) & _LANES) * 0xBF58476D1CE4E5B9 & _LANES
    z = ((z ^ (z >> 27)) & _LANES) * 0x94D049BB133111EB & _LANES
    # (the last step shifts bits of the next lane into the high halves: only the low are read)
    return _LOW_HALVES((z ^ (z >> 31)).to_bytes(16 * 32, "little"))


_ONES: Final = sum(1 << (128 * k) for k in range(32))  # 1 in each lane
_STEPS: Final = sum((k + 1) * _GAMMA << (128 * k) for k in range(32))  # k * _GAMMA in the k-th lane
_LANES: Final = _MASK * _ONES  # the low 64 bits of each lane
_LOW_HALVES: Final = struct.Struct("<" + "Q8x" * 32).unpack  # the lanes' low 64 bits, as numbers
# An empty Rng for copy and rng_at, which set its slots themselves: in CPython the
# object.__new__ Rng inherits; compiled by mypyc, Rng's own, which runs __init__ (hence the
# default state)
_NEW_RNG: Final = Rng.__new__
