"""Seeded random games played through ``catan_web.call``, the same way in CPython and Pyodide.

The chooser is the engine's own generator (``catan_core.rng.Rng``, pure integer arithmetic),
picking uniformly among ``legal_actions``; every step goes through the browser's one entry point
with JSON strings, as the worker's calls do. ``tests/test_pyodide_node.py`` compares the two
interpreters' results.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from catan_core.rng import Rng
from catan_web import call

#: (seats, seed, board) of the games compared between CPython and Pyodide.
GAMES = [
    (["red", "blue", "white", "orange"], 11, "standard"),
    (["orange", "white", "blue"], 5, "beginner"),
]


def ask(fn: str, *args: Any) -> Any:
    """``catan_web.call("faq.<fn>", ...)``, with arguments and answer as JSON text."""
    ok, text = call(f"faq.{fn}", "[" + ",".join(args) + "]")
    if not ok:
        raise AssertionError(f"faq.{fn} failed: {text}")
    return json.loads(text)


def play(seats: list[str], seed: int, board: str, max_actions: int = 5000) -> dict[str, Any]:
    """Play until someone wins (or ``max_actions``); the final position and a digest of moves."""
    position = json.dumps(ask("new_game", json.dumps({"seats": seats, "seed": seed,
                                                      "board": board})))
    chooser = Rng(seed)
    digest = hashlib.sha256()
    count = 0
    while count < max_actions:
        actions = ask("legal_actions", position)
        if not actions:
            break
        action = actions[chooser.below(len(actions))]
        digest.update(json.dumps(action, sort_keys=True).encode())
        answer = ask("apply", position, json.dumps(action))
        if "error" in answer:
            raise AssertionError(f"a listed action was refused: {action} -> {answer['error']}")
        position = json.dumps(answer["position"])
        count += 1
    final = json.loads(position)
    return {"actions": count, "digest": digest.hexdigest(), "winner": final["winner"],
            "position": final}


def play_all() -> list[dict[str, Any]]:
    """Every game of ``GAMES``."""
    return [play(seats, seed, board) for seats, seed, board in GAMES]
