"""What a bot may know: its own view of the position, and what follows from it.

A bot sees ``game.to_dict(view=colour)``: other hands and development cards as counts, the
deck as a size, no generator. To simulate, it rebuilds a whole ``Game`` by dealing the unseen
cards at random, with its own generator, to the hidden hands and the deck (a
*determinization*, :mod:`catan_core.dealing`). The real hidden state is never read.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..board import Board
from ..constants import (
    BANK_PER_RESOURCE,
    RESOURCE_INDEX,
    RESOURCES,
    TERRAIN_RESOURCE,
)
from ..dealing import determinize, known_cards, unseen_devs
from ..rng import Rng, seed_state
from ..topology import N_NODES, TILE_NODES

Doc = dict[str, Any]
# Ways to roll each total with two dice (7 produces nothing).
PIPS = (0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1)


@dataclass(frozen=True)
class BoardInfo:
    """Per-node production of one island: ``(tile, resource, pips)`` for each land tile."""

    node_prod: tuple[tuple[tuple[int, int, int], ...], ...]
    node_port: tuple[str | None, ...]
    scarcity: tuple[float, ...]  # per resource: mean pips of all resources / its pips


@lru_cache(maxsize=16)
def board_info(board: Board) -> BoardInfo:
    """Production tables of ``board`` (cached: boards are immutable)."""
    prod: list[list[tuple[int, int, int]]] = [[] for _ in range(N_NODES)]
    total = [0] * 5
    for tile, (terrain, number) in enumerate(zip(board.terrains, board.numbers, strict=True)):
        r = TERRAIN_RESOURCE[terrain]
        if r is None or not number:
            continue
        total[r] += PIPS[number]
        for n in TILE_NODES[tile]:
            prod[n].append((tile, r, PIPS[number]))
    mean = sum(total) / 5
    return BoardInfo(tuple(tuple(p) for p in prod), tuple(board.node_ports()),
                     tuple(min(1.6, mean / max(1, t)) for t in total))


def view_seat(view: Doc, legal: list[Doc]) -> int:
    """Seat of the viewer: the one player whose hand is not hidden (else the one acting)."""
    seats = view["seats"]
    open_hands = [i for i, c in enumerate(seats)
                  if "hidden" not in view["players"].get(c, {}).get("hand", {})]
    if len(open_hands) == 1:
        return open_hands[0]
    actors = {a.get("player") for a in legal if a.get("player") in seats}
    if len(actors) == 1:
        return int(seats.index(actors.pop()))
    return int(seats.index(view["turn"]["player"]))


def as_view(doc: Doc, colour: str) -> Doc:
    """``doc`` as ``colour`` sees it (a full position is masked; a view is returned as is)."""
    out = dict(doc)
    out["players"] = {}
    for c, entry in doc["players"].items():
        entry = dict(entry)
        if c != colour:
            for key in ("hand", "dev_cards", "new_dev_cards"):
                value = entry.get(key, {} if key == "hand" else [])
                if not (isinstance(value, dict) and "hidden" in value):
                    count = sum(value.values()) if isinstance(value, dict) else len(value)
                    entry[key] = {"hidden": count}
        out["players"][c] = entry
    if isinstance(out.get("deck"), list):
        out["deck"] = len(out["deck"])
    out.pop("rng", None)
    return out


def view_hash(view: Doc) -> int:
    """A stable 32-bit digest of what changes between decisions in a view.

    A function of the view only, and the same in CPython and Pyodide; cheaper than hashing
    the whole document (the board never changes within a game).
    """
    players = [(c, len(p.get("roads", [])), p.get("settlements"), p.get("cities"),
                p.get("hand"), p.get("dev_cards"), p.get("new_dev_cards"),
                p.get("knights_played")) for c, p in sorted(view["players"].items())]
    summary = [view["turn"], view["pending"], view["board"].get("robber"), players,
               view.get("deck")]
    return zlib.crc32(json.dumps(summary, sort_keys=True, separators=(",", ":")).encode())


def unseen_fractions(view: Doc, colour: str) -> list[float]:
    """Share of each resource among the cards ``colour`` cannot see (bank and other hands)."""
    hand = view["players"][colour].get("hand", {})
    left = [BANK_PER_RESOURCE - int(hand.get(r, 0)) for r in RESOURCES]
    total = max(1, sum(left))
    return [n / total for n in left]


def bot_rng(seed: int, view: Doc) -> Rng:
    """The generator of one decision: a function of the bot's seed and the view only."""
    return Rng(seed_state((seed * 0x9E3779B1) ^ view_hash(view)))


__all__ = ["PIPS", "RESOURCE_INDEX", "BoardInfo", "as_view", "board_info", "bot_rng",
           "determinize", "known_cards", "unseen_devs", "unseen_fractions", "view_hash",
           "view_seat"]
