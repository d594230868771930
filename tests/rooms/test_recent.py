"""``catan_rooms.recent.Recent``: its examples (the package is not in pytest's doctest paths,
which must import without the ``rooms`` extra)."""

from __future__ import annotations

import doctest

from catan_rooms import recent


def test_the_examples_hold() -> None:
    result = doctest.testmod(recent)
    assert result.attempted >= 4 and result.failed == 0
