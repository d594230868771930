"""What a bot may know: its own view of the position, and determinizations of it.

A bot sees ``game.to_dict(view=colour)``: other hands and development cards as counts, the
deck as a size, no generator. To simulate, it rebuilds a whole ``Game`` by dealing the unseen
cards at random, with its own generator, to the hidden hands and the deck (a
*determinization*). The real hidden state is never read.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..board import Board
from ..constants import (
    DEV_CARDS,
    DEV_COUNTS,
    KNIGHT,
    RESOURCE_INDEX,
    RESOURCES,
    TERRAIN_RESOURCE,
)
from ..game import Game
from ..rng import Rng, seed_state
from ..topology import N_NODES, TILE_NODES
from .tracking import CardCounter

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


def _hidden(value: Any) -> int:
    return int(value["hidden"]) if isinstance(value, dict) and "hidden" in value else 0


def _draw(counts: list[int], k: int, rng: Rng) -> list[int]:
    """Draw ``k`` items at random from a multiset given as counts; returns counts drawn."""
    out = [0] * len(counts)
    left = sum(counts)
    for _ in range(min(k, left)):
        pick = rng.below(left)
        i = 0
        while pick >= counts[i]:
            pick -= counts[i]
            i += 1
        counts[i] -= 1
        out[i] += 1
        left -= 1
    return out


def _draw_like(counts: list[int], k: int, like: list[float], rng: Rng) -> list[int]:
    """Draw ``k`` items from the multiset ``counts``, each kind weighted by how many of it
    ``like`` still expects (plus a little for any kind, so no possible kind is ruled out)."""
    out = [0] * len(counts)
    for _ in range(min(k, sum(counts))):
        weights = [(max(0.0, like[i] - out[i]) + 0.15) if counts[i] else 0.0
                   for i in range(len(counts))]
        pick = rng.next64() / 2.0 ** 64 * sum(weights)
        i = 0
        while i < len(counts) - 1 and (pick >= weights[i] or not counts[i]):
            pick -= weights[i]
            i += 1
        counts[i] -= 1
        out[i] += 1
    return out


def determinize(view: Doc, colour: str, rng: Rng,
                counter: CardCounter | None = None) -> Game:
    """A whole game consistent with ``colour``'s view, hidden cards dealt by ``rng``: at
    random from the unseen cards, or, given the table's ``counter``, mostly the cards each
    player is expected to hold."""
    players = view["players"]
    mine = players[colour].get("hand", {})
    res_pool = [19 - int(mine.get(r, 0)) for r in RESOURCES]
    dev_pool = unseen_devs(view, colour)
    known = known_cards(view, colour)
    for cards in known.values():
        for r in range(5):
            res_pool[r] -= cards[r]
    dealt: dict[str, tuple[list[int], list[int], list[int]]] = {}
    for c, entry in players.items():
        if c != colour:
            held = known.get(c, [0] * 5)
            k = _hidden(entry.get("hand")) - sum(held)
            if counter is not None and c in counter.counts:
                like = [x - h for x, h in zip(counter.counts[c], held, strict=True)]
                hand = _draw_like(res_pool, k, like, rng)
            else:
                hand = _draw(res_pool, k, rng)
            dealt[c] = ([a + b for a, b in zip(hand, held, strict=True)],
                        _draw(dev_pool, _hidden(entry.get("dev_cards")), rng),
                        _draw(dev_pool, _hidden(entry.get("new_dev_cards")), rng))
    deck_size = view["deck"] if isinstance(view["deck"], int) else len(view["deck"])
    drawn = _draw(dev_pool, deck_size, rng)
    deck = [c for c in range(5) for _ in range(drawn[c])]
    rng.shuffle(deck)
    return _load(view, dealt, deck, rng.next64())


def known_cards(view: Doc, colour: str) -> dict[str, list[int]]:
    """Cards other players are known to hold from the open offer: the offerer what it gives,
    each player who accepted what it would give, each counter-offer its giver's side."""
    trade = view.get("pending", {}).get("trade")
    if not trade:
        return {}
    need: dict[str, list[int]] = {}

    def hold(c: str, cards: dict[str, int]) -> None:
        if c != colour:
            vec = need.setdefault(c, [0] * 5)
            for r, res in enumerate(RESOURCES):
                vec[r] = max(vec[r], int(cards.get(res, 0)))

    hold(view["turn"]["player"], trade["give"])
    for c, answer in trade.get("answers", {}).items():
        if answer == "accept":
            hold(c, trade["get"])
        elif isinstance(answer, dict):
            hold(c, answer["get"])
    return need


def _load(view: Doc, dealt: dict[str, tuple[list[int], list[int], list[int]]],
          deck: list[int], state: int) -> Game:
    """The determinization as a position, loaded by ``Game.from_dict`` (the one loader)."""
    doc = {k: v for k, v in view.items() if k != "players"}
    doc["players"] = {}
    for c, entry in view["players"].items():
        if c in dealt:
            entry = dict(entry)
            hand, dev, new = dealt[c]
            entry["hand"] = {RESOURCES[r]: n for r, n in enumerate(hand) if n}
            entry["dev_cards"] = [DEV_CARDS[d] for d in range(5) for _ in range(dev[d])]
            entry["new_dev_cards"] = [DEV_CARDS[d] for d in range(5) for _ in range(new[d])]
        doc["players"][c] = entry
    doc["deck"] = [DEV_CARDS[d] for d in reversed(deck)]
    doc["rng"] = f"{state:016x}"
    return Game.from_dict(doc)


def unseen_devs(view: Doc, colour: str) -> list[int]:
    """Development cards of each kind ``colour`` has not seen (deck, other hands, played)."""
    players = view["players"]
    used = [0] * 5
    for key in ("dev_cards", "new_dev_cards"):
        for card in players[colour].get(key, []):
            used[DEV_CARDS.index(card)] += 1
    used[KNIGHT] += sum(int(p.get("knights_played", 0)) for p in players.values())
    return [max(0, DEV_COUNTS[c] - used[c]) for c in range(5)]


def unseen_fractions(view: Doc, colour: str) -> list[float]:
    """Share of each resource among the cards ``colour`` cannot see (bank and other hands)."""
    hand = view["players"][colour].get("hand", {})
    left = [19 - int(hand.get(r, 0)) for r in RESOURCES]
    total = max(1, sum(left))
    return [n / total for n in left]


def bot_rng(seed: int, view: Doc) -> Rng:
    """The generator of one decision: a function of the bot's seed and the view only."""
    return Rng(seed_state((seed * 0x9E3779B1) ^ view_hash(view)))


__all__ = ["PIPS", "RESOURCE_INDEX", "BoardInfo", "as_view", "board_info", "bot_rng",
           "determinize", "known_cards", "unseen_devs", "unseen_fractions", "view_hash",
           "view_seat"]
