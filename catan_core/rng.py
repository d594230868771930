"""The game's one random generator: SplitMix64, whose whole state is one integer.

Pure integer arithmetic, so CPython and Pyodide give the same stream. The state is written in
the position (``rng``); copying a game copies its generator, and nothing else draws from it.

>>> a, b = Rng(7), Rng(7)
>>> [a.below(6) for _ in range(4)] == [b.below(6) for _ in range(4)]
True
"""

from __future__ import annotations

from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
T = TypeVar("T")
_LIMITS: dict[int, int] = {}  # rejection threshold per range size (a pure cache)
_DIE_LIMIT = (1 << 64) - ((1 << 64) % 6)


class Rng:
    """SplitMix64 generator; ``state`` is an integer in ``[0, 2**64)``."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        """Advance and return 64 random bits."""
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (rejection sampling: no modulo bias)."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("n must be positive")
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        s = self.state
        while True:  # next64, inlined
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = s
                return z % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def dice(self) -> tuple[int, int]:
        """Two six-sided dice: ``below(6) + 1`` twice, with ``next64`` inlined (every roll)."""
        s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        a = z ^ (z >> 31)
        s = (s + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        b = z ^ (z >> 31)
        if a >= _DIE_LIMIT or b >= _DIE_LIMIT:  # rejected (odds 2**-62): draw the slow way
            return self.below(6) + 1, self.below(6) + 1
        self.state = s
        return a % 6 + 1, b % 6 + 1


def seed_state(seed: int) -> int:
    """Initial generator state for a user-facing seed (any integer)."""
    r = Rng(seed & _MASK)
    r.next64()
    return r.state
