"""The rooms server's JSON (``store.dumps`` and ``loads``, orjson) writes the same text as the
standard library's compact encoder did, and reads it back unchanged: for every position, seat's
view and spectator's page view of a random game, and for what a person may type."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from randomplay import random_step

from catan_core.table import Table
from catan_rooms.store import dumps, loads
from catan_web.game_view import view_of

COLOURS = ["red", "blue", "white", "orange"]


def standard(value: Any) -> str:
    """What the server wrote before orjson."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def same(value: Any) -> None:
    text = dumps(value)
    assert text == standard(value)
    assert loads(text) == json.loads(text)


@pytest.mark.parametrize("seed", [3, 11])
def test_a_games_documents_and_views_are_written_as_before(seed: int) -> None:
    table = Table.new(COLOURS, seed=seed, people=COLOURS, visibility="fog")
    rng = random.Random(seed)
    for step in range(400):
        if table.game.winner is not None:
            break
        random_step(table, rng)
        if step % 25 == 0:
            same(table.game.to_dict())
            same(table.game.to_dict(view="blue"))
            same(view_of(table, "red", {"lang": "fr"}, fixed=True))
            same(view_of(table, None, {"lang": "nl"}, fixed=True))


def test_what_people_type_is_written_as_before() -> None:
    for text in ["Zoë", "Ñandú", "日本語", "🎲🎲", "tab\there", "quote \" and \\", "\u2028", ""]:
        same({"name": text, "chat": [text, 1, 2.5, None, True], "n": 2**31})
    # keys that are not text are written as the standard encoder writes them
    assert dumps({1: "a", None: "b"}) == standard({1: "a", None: "b"})
