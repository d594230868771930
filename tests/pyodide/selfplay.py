"""Seeded random games played through ``widgets/bridge.py``, the same way in CPython and Pyodide.

The chooser is the engine's own generator (``catan_core.rng.Rng``, pure integer arithmetic),
picking uniformly among ``legal_actions``; every step goes through the bridge's JSON strings, as
the browser's calls do. ``tests/test_pyodide_node.py`` compares the two interpreters' results.
"""

from __future__ import annotations

import hashlib
import json
from types import ModuleType
from typing import Any

from catan_core.rng import Rng

#: (seats, seed, board) of the games compared between CPython and Pyodide.
GAMES = [
    (["red", "blue", "white", "orange"], 11, "standard"),
    (["orange", "white", "blue"], 5, "beginner"),
]


def play(bridge: ModuleType, seats: list[str], seed: int, board: str,
         max_actions: int = 5000) -> dict[str, Any]:
    """Play until someone wins (or ``max_actions``); the final position and a digest of moves."""
    position = bridge.new_game(json.dumps({"seats": seats, "seed": seed, "board": board}))
    chooser = Rng(seed)
    digest = hashlib.sha256()
    count = 0
    while count < max_actions:
        actions = json.loads(bridge.legal_actions(position))
        if not actions:
            break
        action = actions[chooser.below(len(actions))]
        digest.update(json.dumps(action, sort_keys=True).encode())
        answer = json.loads(bridge.apply(position, json.dumps(action)))
        if "error" in answer:
            raise AssertionError(f"a listed action was refused: {action} -> {answer['error']}")
        position = json.dumps(answer["position"])
        count += 1
    final = json.loads(position)
    return {"actions": count, "digest": digest.hexdigest(), "winner": final["winner"],
            "position": final}


def play_all(bridge: ModuleType) -> list[dict[str, Any]]:
    """Every game of ``GAMES``."""
    return [play(bridge, seats, seed, board) for seats, seed, board in GAMES]
