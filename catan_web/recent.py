"""``Recent``: what is kept for reuse, the least recently used forgotten beyond a size: the
boards a page's views drew last (``game_view``), and what the rooms server keeps of the rooms in
use (games, referees, page views, computer players, request paces).

>>> made = Recent[str, int](2)
>>> made.recall("a", lambda: 1), made.recall("b", lambda: 2), made.recall("a", lambda: 9)
(1, 2, 1)
>>> made.recall("c", lambda: 3)      # "b" was used least recently: forgotten
3
>>> list(made)
['a', 'c']
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(OrderedDict[K, V], Generic[K, V]):
    """An ordered dict of at most ``size`` entries, the most recently used last."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def recall(self, key: K, make: Callable[[], V]) -> V:
        """The value of ``key``, made by ``make()`` (and kept) the first time."""
        if key in self:
            self.move_to_end(key)
            return self[key]
        return self.keep(key, make())

    def keep(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` as the most recently used."""
        self[key] = value
        self.move_to_end(key)
        if len(self) > self.size:
            self.popitem(last=False)
        return value
