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
    DEFAULT_RULES,
    DEV_CARDS,
    DEV_COUNTS,
    KNIGHT,
    RESOURCE_INDEX,
    RESOURCES,
    TERRAIN_RESOURCE,
)
from ..game import Game
from ..rng import Rng, seed_state
from ..roads import longest_trail
from ..state import Trade
from ..topology import EDGE_ALIASES, EDGE_NODES, N_EDGES, N_NODES, NODE_ALIASES, TILE_NODES

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


def determinize(view: Doc, colour: str, rng: Rng) -> Game:
    """A whole game consistent with ``colour``'s view, hidden cards dealt by ``rng``."""
    players = view["players"]
    mine = players[colour].get("hand", {})
    res_pool = [19 - int(mine.get(r, 0)) for r in RESOURCES]
    dev_pool = unseen_devs(view, colour)
    dealt: dict[str, tuple[list[int], list[int], list[int]]] = {}
    for c, entry in players.items():
        if c != colour:
            dealt[c] = (_draw(res_pool, _hidden(entry.get("hand")), rng),
                        _draw(dev_pool, _hidden(entry.get("dev_cards")), rng),
                        _draw(dev_pool, _hidden(entry.get("new_dev_cards")), rng))
    deck_size = view["deck"] if isinstance(view["deck"], int) else len(view["deck"])
    drawn = _draw(dev_pool, deck_size, rng)
    deck = [c for c in range(5) for _ in range(drawn[c])]
    rng.shuffle(deck)
    state = rng.next64()
    if _FAST[0]:
        try:
            game = fast_game(view, dealt, deck, state)
            if not _FAST[1]:  # check the fast path once against the engine's reader
                _FAST[0] = same_state(game, slow_game(view, dealt, deck, state))
                _FAST[1] = True
            if _FAST[0]:
                return game
        except (AttributeError, KeyError, TypeError, ValueError):
            _FAST[0] = False
    return slow_game(view, dealt, deck, state)


_FAST = [True, False]  # fast path usable, fast path checked
_SLOTS = tuple(s for cls in Game.__mro__ for s in getattr(cls, "__slots__", ()))


def same_state(a: Game, b: Game) -> bool:
    """True when every field of the two games is equal (generators by state)."""
    for name in _SLOTS:
        x, y = getattr(a, name), getattr(b, name)
        if isinstance(x, Rng) and isinstance(y, Rng):
            x, y = x.state, y.state
        if x != y:
            return False
    return True


def slow_game(view: Doc, dealt: dict[str, tuple[list[int], list[int], list[int]]],
              deck: list[int], state: int) -> Game:
    """The determinization read by ``Game.from_dict`` (the reference)."""
    doc = {k: v for k, v in view.items() if k != "players"}
    doc["players"] = {}
    for c, entry in view["players"].items():
        entry = dict(entry)
        if c in dealt:
            hand, dev, new = dealt[c]
            entry["hand"] = {RESOURCES[r]: n for r, n in enumerate(hand) if n}
            entry["dev_cards"] = [DEV_CARDS[d] for d in range(5) for _ in range(dev[d])]
            entry["new_dev_cards"] = [DEV_CARDS[d] for d in range(5) for _ in range(new[d])]
        doc["players"][c] = entry
    doc["deck"] = [DEV_CARDS[d] for d in reversed(deck)]
    doc["rng"] = state
    return Game.from_dict(doc)


@lru_cache(maxsize=16)
def _board_tables(tiles: tuple[str, ...], ports: tuple[tuple[str, str], ...]) -> tuple[
        Board, list[str | None], dict[int, list[tuple[int, int, tuple[int, ...]]]]]:
    board = Board.from_tiles(list(tiles), dict(ports))
    return board, board.node_ports(), board.production_table()


def fast_game(view: Doc, dealt: dict[str, tuple[list[int], list[int], list[int]]],
              deck: list[int], state: int) -> Game:
    """The same determinization built straight into the engine's state (no checks).

    About three times faster than ``Game.from_dict``; ``determinize`` compares the two once
    and falls back to the reader if the engine's internals ever differ.
    """
    g = Game.__new__(Game)
    seats = tuple(view["seats"])
    n = len(seats)
    g.seats, g.vp_to_win = seats, int(view.get("vp_to_win", 10))
    g.rules = {**DEFAULT_RULES, **view.get("rules", {})}
    g.rng = Rng(state)
    b = view["board"]
    g.board, g.node_port, g.board_production = _board_tables(
        tuple(b["tiles"]), tuple(sorted(b.get("ports", {}).items())))
    g.robber = int(b["robber"])
    g.hand, g.dev, g.new_dev = [[0] * 5 for _ in seats], [[0] * 5 for _ in seats], \
        [[0] * 5 for _ in seats]
    g.knights = [0] * n
    g.node_owner, g.node_level, g.edge_owner = [-1] * N_NODES, [0] * N_NODES, [-1] * N_EDGES
    g.settlements, g.cities, g.roads = [set() for _ in seats], [set() for _ in seats], \
        [set() for _ in seats]
    for p, c in enumerate(seats):
        entry = view["players"].get(c, {})
        for key, level, where in (("settlements", 1, g.settlements), ("cities", 2, g.cities)):
            for name in entry.get(key, []):
                node = NODE_ALIASES[name]
                g.node_owner[node], g.node_level[node] = p, level
                where[p].add(node)
        for name in entry.get("roads", []):
            g.edge_owner[EDGE_ALIASES[name]] = p
            g.roads[p].add(EDGE_ALIASES[name])
        if c in dealt:
            g.hand[p], g.dev[p], g.new_dev[p] = (list(v) for v in dealt[c])
        else:
            g.hand[p] = [int(entry.get("hand", {}).get(r, 0)) for r in RESOURCES]
            for key, target in (("dev_cards", g.dev[p]), ("new_dev_cards", g.new_dev[p])):
                for card in entry.get(key, []):
                    target[DEV_CARDS.index(card)] += 1
        g.knights[p] = int(entry.get("knights_played", 0))
    g.deck = list(deck)
    seat = {c: i for i, c in enumerate(seats)}
    g.longest_road = seat.get(view.get("longest_road"), -1)
    g.largest_army = seat.get(view.get("largest_army"), -1)
    g.win_seat = seat.get(view.get("winner"), -1)
    _fast_turn(g, view, seat)
    g.bank = g.compute_bank()
    g.road_len = [_trail(g, p) for p in range(n)]
    if "rates" in _SLOTS:  # the engine's cache of maritime rates
        g.rates = [g.compute_rates(p) for p in range(n)]
    missing = [name for name in _SLOTS if not hasattr(g, name)]
    if missing:
        raise AttributeError(f"fast determinization misses {missing}")
    return g


def _trail(g: Game, p: int) -> int:
    roads = frozenset(g.roads[p])
    owner = g.node_owner
    blocked = frozenset(n for e in roads for n in EDGE_NODES[e] if owner[n] not in (-1, p))
    return _cached_trail(roads, blocked)


@lru_cache(maxsize=256)
def _cached_trail(roads: frozenset[int], blocked: frozenset[int]) -> int:
    """Longest road length, cached: networks change slowly between decisions."""
    owner = [-1] * N_NODES
    for n in blocked:
        owner[n] = 1
    return longest_trail(roads, owner, 0)


def _fast_turn(g: Game, view: Doc, seat: dict[str, int]) -> None:
    turn, pending = view["turn"], view.get("pending", {})
    g.current, g.turn_number, g.phase = seat[turn["player"]], int(turn["number"]), turn["phase"]
    g.dev_played, g.built = bool(turn.get("dev_card_played")), bool(turn.get("built"))
    g.dice = tuple(turn["dice"]) if "dice" in turn else None
    g.discard_owed = {seat[c]: int(k) for c, k in pending.get("discard", {}).items()}
    g.return_phase = pending.get("return_to")
    g.trade = None
    if "trade" in pending:
        t = pending["trade"]
        g.trade = Trade(_vec(t["give"]), _vec(t["get"]))
        for c, answer in t.get("answers", {}).items():
            g.trade.answers[seat[c]] = answer if isinstance(answer, str) else (
                _vec(answer["give"]), _vec(answer["get"]))


def _vec(cards: dict[str, int]) -> tuple[int, ...]:
    return tuple(int(cards.get(r, 0)) for r in RESOURCES)


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
           "determinize", "unseen_devs", "unseen_fractions", "view_hash", "view_seat"]
