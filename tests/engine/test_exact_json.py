"""Positions survive JavaScript: no number above 2^53 - 1, and a pass through Node's
``JSON.parse``/``JSON.stringify`` gives back a position that plays on identically.

A browser keeps the position between calls as a JavaScript value; a saved game, a share link
and a replay go through ``JSON.parse``. Before the generator state was written as hex digits,
a 64-bit integer came back rounded and the game went differently within a few actions.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from typing import Any

import pytest
from engine_helpers import SEATS3, SEATS4, sample

from catan_core import Game

MAX_SAFE = (1 << 53) - 1
NODE = shutil.which("node")
# Reads a JSON array of positions on stdin, writes each back after JSON.parse/JSON.stringify.
ROUND_TRIP = ("let s='';process.stdin.on('data',d=>s+=d);process.stdin.on('end',()=>{"
              "const docs=JSON.parse(s);process.stdout.write(JSON.stringify("
              "docs.map(d=>JSON.parse(JSON.stringify(d)))));});")


def _numbers(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [n for v in value.values() for n in _numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in _numbers(v)]
    return []


def _positions() -> list[tuple[int, dict[str, Any]]]:
    """(seed, position) pairs from random games at several stages, with their choosers' seed."""
    found = []
    for seed in range(sample(10)):
        game = Game.new(seats=SEATS4 if seed % 2 else SEATS3, seed=seed * 7919 + 13,
                        board="standard", numbers="random" if seed % 3 else "spiral")
        rnd = random.Random(seed)
        for step in range(400):
            if game.winner is not None:
                break
            game.apply(rnd.choice(game.legal_actions()))
            if step % 97 == 0:
                found.append((seed * 1000 + step, game.to_dict()))
    return found


def _continue(doc: dict[str, Any], seed: int, steps: int = 80) -> list[Any]:
    game = Game.from_dict(doc)
    rnd = random.Random(seed)
    trace = []
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal:
            break
        trace.append(game.apply(rnd.choice(legal)))
    trace.append(game.to_dict())
    return trace


POSITIONS = _positions()


def test_no_number_is_beyond_javascripts_exact_range() -> None:
    for _, doc in POSITIONS:
        assert all(abs(n) <= MAX_SAFE for n in _numbers(doc))
        assert isinstance(doc["rng"], str) and len(doc["rng"]) == 16


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_positions_round_trip_through_node_and_play_on_identically() -> None:
    assert NODE is not None
    text = json.dumps([doc for _, doc in POSITIONS])
    out = subprocess.run([NODE, "-e", ROUND_TRIP], input=text, capture_output=True, text=True,
                         check=True, timeout=60).stdout
    back = json.loads(out)
    assert len(back) == len(POSITIONS)
    for (seed, doc), again in zip(POSITIONS, back, strict=True):
        assert again == doc
        assert Game.from_dict(again).to_dict() == doc
        assert _continue(again, seed) == _continue(doc, seed)


def test_older_positions_with_an_integer_generator_still_load() -> None:
    _, doc = POSITIONS[-1]
    old = dict(doc, rng=int(doc["rng"], 16))
    assert Game.from_dict(old).to_dict() == doc
    assert _continue(old, 5) == _continue(doc, 5)
