"""Shared helpers of the engine suite: worked positions as position-format dicts.

The suite talks to the engine only through its public contract (notes/engine-contract.md):
``Game.new``, ``Game.from_dict``, ``to_dict``, ``legal_actions``, ``apply``, ``winner``,
``victory_points``, ``longest_road_length``, ``IllegalAction.code`` and ``InvalidPosition``.
"""

from __future__ import annotations

import copy
import sys
from typing import Any

import pytest

from catan_core import Game, IllegalAction

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
SEATS3 = ["red", "blue", "white"]
SEATS4 = ["red", "blue", "white", "orange"]

#: True when this suite runs inside Pyodide (tests/test_pyodide_node.py runs it there to check
#: the shipped wheel). CPython runs the long randomised tests in full; Pyodide runs every test
#: too, with a sample of their games and examples: the invariants themselves do not depend on
#: the interpreter, and tests/test_pyodide_node.py also compares seeded games move by move.
IN_PYODIDE = sys.platform == "emscripten"


def sample(full: int) -> int:
    """How many random games or examples a test runs: ``full``, or a fifth inside Pyodide."""
    return max(1, full // 5) if IN_PYODIDE else full

# The rulebook's beginner island, tiles in reading order (written out here, not taken from the
# engine, so that the suite checks the engine's "beginner" board against it).
#   0 mountains 10   1 pasture 2    2 forest 9
#   3 fields 12      4 hills 6      5 pasture 4    6 hills 10
#   7 fields 9       8 forest 11    9 desert      10 forest 3    11 mountains 8
#  12 forest 8      13 mountains 3 14 fields 4    15 pasture 5
#  16 hills 5       17 fields 6    18 pasture 11
BEGINNER_TILES = [
    "mountains 10", "pasture 2", "forest 9",
    "fields 12", "hills 6", "pasture 4", "hills 10",
    "fields 9", "forest 11", "desert", "forest 3", "mountains 8",
    "forest 8", "mountains 3", "fields 4", "pasture 5",
    "hills 5", "fields 6", "pasture 11",
]
# Harbours of the beginner island (notes/engine-contract.md).
BEGINNER_PORTS = {
    "0.NW": "3:1", "1.NE": "wool", "6.NE": "3:1", "11.E": "3:1", "15.SE": "brick",
    "17.SE": "lumber", "16.SW": "3:1", "12.W": "grain", "3.W": "ore",
}


def position(players: dict[str, Any] | None = None, *, seats: list[str] | None = None,
             player: str = "red", phase: str = "main", number: int = 5,
             robber: int = 9, tiles: list[str] | None = None,
             ports: dict[str, str] | None = None, **extra: Any) -> dict[str, Any]:
    """A position document on the beginner island; ``extra`` adds or replaces top-level keys.

    ``turn`` may be given in ``extra`` as a dict that is merged into the default turn.
    """
    turn = {"player": player, "number": number, "phase": phase, "dev_card_played": False}
    turn.update(extra.pop("turn", {}))
    doc: dict[str, Any] = {
        "format": "catan-position/1",
        "seats": list(seats or SEATS3),
        "vp_to_win": 10,
        "board": {"tiles": list(tiles or BEGINNER_TILES),
                  "ports": dict(BEGINNER_PORTS if ports is None else ports),
                  "robber": robber},
        "players": copy.deepcopy(players or {}),
        "turn": turn,
    }
    doc.update(extra)
    return doc


def load(players: dict[str, Any] | None = None, **kwargs: Any) -> Game:
    """``Game.from_dict(position(...))``."""
    return Game.from_dict(position(players, **kwargs))


def refuse(game: Game, action: Any, code: str) -> IllegalAction:
    """Assert that ``action`` is refused with ``code`` and that the game did not change."""
    before = game.to_dict()
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.code == code, f"expected {code}, got {info.value.code}: {info.value}"
    assert game.to_dict() == before, "a refused action changed the position"
    return info.value


def hand(game: Game, colour: str) -> dict[str, int]:
    """The colour's hand as written by ``to_dict`` (zeros left out)."""
    return dict(game.to_dict()["players"][colour]["hand"])


def turn(game: Game) -> dict[str, Any]:
    return dict(game.to_dict()["turn"])


def phase(game: Game) -> str:
    return str(game.to_dict()["turn"]["phase"])


def bank(game: Game) -> dict[str, int]:
    """The bank, derived from the position the way the spec says: 19 of each minus all hands."""
    doc = game.to_dict()
    left = dict.fromkeys(RESOURCES, 19)
    for entry in doc["players"].values():
        for res, n in entry["hand"].items():
            left[res] -= n
    return left


def event_types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def legal_of_type(game: Game, kind: str) -> list[dict[str, Any]]:
    return [a for a in game.legal_actions() if a["type"] == kind]
