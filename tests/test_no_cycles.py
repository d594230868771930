"""Playing and showing a game leaves no reference cycles behind.

What the engine and the page's view make at every move is freed as soon as it is dropped, not
left for Python's cycle collector. On the rooms server each full collection pauses every room
at once (up to a third of a second at 250 rooms when the longest-road walk was a nested
function that called itself: each call left a cycle holding its whole walk); in Pyodide the
same collections pause the Play page.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator

import pytest
from randomplay import random_step

from catan_core.table import Table
from catan_web.game_view import view_of

SEATS = ["red", "blue", "white", "orange"]


@pytest.fixture
def no_collector() -> Iterator[None]:
    """The cycle collector off, and every cycle made before this test gone."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def test_moves_views_and_boards_leave_no_cycles(no_collector: None) -> None:
    rng = random.Random(3)
    table = Table.new(SEATS, seed=3, board="variable", people=SEATS, random_start=False)
    moves = 0
    while moves < 300 and table.game.winner is None:
        random_step(table, rng)
        for viewer in (*SEATS, None):  # what each seat's page and a spectator's are sent
            view_of(table, viewer, {"mode": None}, fixed=True)
        moves += 1
    assert moves >= 100
    assert gc.collect() == 0, "objects were left in reference cycles"
