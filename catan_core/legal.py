"""``legal_actions()``: every action the rules allow now, domestic offers excepted.

Each listed action names its ``player``. Chance is never forced here: ``roll`` has no dice and
``move_robber`` no card.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, Final

from .constants import (
    CITIES,
    COLOURS,
    KNIGHT,
    MONOPOLY,
    RESOURCES,
    ROAD_BUILDING,
    ROADS,
    SETTLEMENTS,
    YEAR_OF_PLENTY,
)
from .state import NO_CARDS, Action, has_cards
from .topology import (
    EDGE_NAMES,
    N_TILES,
    NODE_EDGES,
    NODE_NAMES,
)
from .trading import TradingRules
from .turns import SEATS_IN


class LegalActions(TradingRules):
    """Enumeration of legal actions per phase."""

    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        """Every legal action now (domestic offers and counter-offers excepted)."""
        phase = self.phase
        # The roll and the main phase here (most calls), the others in _legal_elsewhere.
        if (phase != "main" and phase != "roll") or self._trade is not None or self._win_seat >= 0:
            return self._legal_elsewhere(phase)
        p = self._current
        colour = self.seats[p]
        dev = self._dev[p]
        playable = not self._dev_played and dev is not NO_CARDS and (  # a card but Victory Point
            dev[KNIGHT] or dev[ROAD_BUILDING] or dev[YEAR_OF_PLENTY] or dev[MONOPOLY])
        if phase == "roll":
            if not playable:
                return [{"type": "roll", "player": colour}]
            return [{"type": "roll", "player": colour}, *self._legal_dev_plays()]
        hand = self._hand[p]
        brick, lumber, wool, grain, ore = hand
        actions: list[Action] = []
        if brick and lumber:
            # Loops, not comprehensions: on CPython 3.11 each comprehension that reads a local
            # makes a function and its cells every time (this runs before most moves).
            if len(self._roads[p]) < ROADS:
                build_road = _protos(colour).build_road
                for e in self._spots_of(_ROAD_SPOTS + p):
                    actions.append(build_road[e].copy())
            if wool and grain and len(self._settlements[p]) < SETTLEMENTS:
                for n in self._spots_of(_SETTLEMENT_SPOTS + p):
                    actions.append({"type": "build_settlement", "player": colour,
                                    "node": NODE_NAMES[n]})
        if grain >= 2 and ore >= 3 and self._settlements[p] and len(self._cities[p]) < CITIES:
            for n in sorted(self._settlements[p]):
                actions.append({"type": "build_city", "player": colour, "node": NODE_NAMES[n]})
        if wool and grain and ore and self._deck:
            actions.append({"type": "buy_dev_card", "player": colour})
        if playable:
            actions += self._legal_dev_plays()
        rates = self._rates[p]
        r0, r1, r2, r3, r4 = rates
        if (brick >= r0 or lumber >= r1 or wool >= r2 or grain >= r3 or ore >= r4) \
                and not (self._built and self.rules["trade_before_build"]):
            bank = self._bank
            full = bank[0] and bank[1] and bank[2] and bank[3] and bank[4]
            for g in range(5):
                rate = rates[g]
                if hand[g] >= rate:
                    give = RESOURCES[g]
                    if full:  # every other resource, in order
                        for get in _OTHER_RESOURCES[g]:
                            actions.append({"type": "bank_trade", "player": colour,
                                            "give": {give: rate}, "get": {get: 1}})
                        continue
                    for r in range(5):
                        if r != g and bank[r]:
                            actions.append({"type": "bank_trade", "player": colour,
                                            "give": {give: rate}, "get": {RESOURCES[r]: 1}})
        actions.append({"type": "end_turn", "player": colour})
        return actions

    def _legal_elsewhere(self, phase: str) -> list[Action]:
        """``legal_actions`` outside the roll and the main phase, or with an offer open."""
        if self._win_seat >= 0:
            return []
        if phase == "main":
            return self._legal_trade_answers()
        colour = self.seats[self._current]
        if phase == "setup_settlement":
            settle = _protos(colour).place_settlement
            actions = []
            for n in self._distance_rule_spots():
                actions.append(settle[n].copy())
            return actions
        if phase == "setup_road":
            node = self._last_setup_settlement(self._current)
            return [{"type": "place_road", "player": colour, "edge": EDGE_NAMES[e]}
                    for e in sorted(NODE_EDGES[node]) if self._edge_owner[e] < 0]
        if phase == "discard":
            return self._legal_discards()
        if phase == "move_robber":
            return self._legal_robber_moves()
        return []

    def _legal_bank_trades(self) -> list[Action]:
        p = self._current
        hand, bank, rates = self._hand[p], self._bank, self._rates[p]
        gives = [g for g in range(5) if hand[g] >= rates[g]]
        if not gives:
            return []
        gets = [r for r in range(5) if bank[r]]
        colour = self.seats[p]
        return [{"type": "bank_trade", "player": colour, "give": {RESOURCES[g]: rates[g]},
                 "get": {RESOURCES[r]: 1}} for g in gives for r in gets if r != g]

    def _legal_dev_plays(self) -> list[Action]:
        p = self._current
        dev = self._dev[p]
        if self._dev_played or not any(dev[:4]):
            return []
        colour = self.seats[p]
        actions: list[Action] = []
        if dev[KNIGHT]:
            actions.append({"type": "play_knight", "player": colour})
        if dev[ROAD_BUILDING]:  # loops: see legal_main
            for edges in self._spots_of(_ROAD_BUILDING + p):
                actions.append({"type": "play_road_building", "player": colour,
                                "edges": list(edges)})
        if dev[YEAR_OF_PLENTY]:
            for a, b in self._year_of_plenty_choices():
                actions.append({"type": "play_year_of_plenty", "player": colour,
                                "resources": [RESOURCES[a], RESOURCES[b]]})
        if dev[MONOPOLY]:
            for r in RESOURCES:
                actions.append({"type": "play_monopoly", "player": colour, "resource": r})
        return actions

    def _spots_of(self, key: int) -> tuple[Any, ...]:
        """Kept per position (``_build_spots``): the free edges in order where seat ``p`` may
        build a road (key ``_ROAD_SPOTS + p``), the nodes for a settlement
        (``_SETTLEMENT_SPOTS + p``), the edges of each Road Building choice
        (``_ROAD_BUILDING + p``)."""
        spots = self._build_spots
        if spots is None:
            spots = self._build_spots = {}
        found = spots.get(key)
        if found is None:
            kind, p = divmod(key, 4)
            if kind == 0:
                found = tuple(sorted(self._road_spots(p)))
            elif kind == 1:
                found = tuple(self._settlement_spots(p))
            else:
                found = tuple(map(tuple, self._road_building_choices(p)))
            spots[key] = found
        return found

    def _road_building_choices(self, p: int) -> list[list[str]]:
        stock = self._stock(p)[0]
        if not stock:
            return []
        choices: list[list[str]] = []
        seen: set[tuple[int, int]] = set()
        self._own_pieces()  # each first road is placed for a moment
        for first in sorted(self._road_spots(p)):
            if stock < 2:
                choices.append([EDGE_NAMES[first]])
                continue
            self._edge_owner[first] = p
            self._roads[p].add(first)
            seconds = sorted(self._road_spots(p))
            self._roads[p].discard(first)
            self._edge_owner[first] = -1
            if not seconds:
                choices.append([EDGE_NAMES[first]])
            for second in seconds:
                key = (min(first, second), max(first, second))
                if key not in seen:
                    seen.add(key)
                    choices.append([EDGE_NAMES[first], EDGE_NAMES[second]])
        return choices

    def _year_of_plenty_choices(self) -> list[tuple[int, int]]:
        bank = self._bank
        full = [(a, b) for a, b in combinations_with_replacement(range(5), 2)
                if bank[a] >= 1 + (a == b) and bank[b] >= 1]
        if full:
            return full
        return [(a, b) for a, b in combinations_with_replacement(range(5), 2)
                if bank[a] or bank[b]]

    def _legal_discards(self) -> list[Action]:
        actions: list[Action] = []
        for p, owed in sorted(self._discard_owed.items()):
            colour = self.seats[p]
            for cards in _discard_choices(self._hand[p], owed):
                actions.append({"type": "discard", "player": colour, "cards": cards})
        return actions

    def _legal_robber_moves(self) -> list[Action]:
        seats, me = self.seats, self._current
        holders = 0  # opponents holding cards, as bits
        for q, hand in enumerate(self._hand):
            if q != me and any(hand):
                holders |= 1 << q
        key = (seats, me, holders, self._owners_on_tiles())
        found = _ROBBER_MOVES.get(key)
        if found is None:
            if len(_ROBBER_MOVES) >= 1024:
                _ROBBER_MOVES.clear()
            found = _ROBBER_MOVES[key] = _robber_moves(*key)
        moves, starts = found  # every tile's, less the robber's own
        robber = self.robber
        if robber < 0:  # off the island (a board without a desert): every tile
            return list(map(dict.copy, moves))
        return list(map(dict.copy, moves[:starts[robber]] + moves[starts[robber + 1]:]))

    def _legal_trade_answers(self) -> list[Action]:
        trade = self._trade
        assert trade is not None
        colour = self.seats[self._current]
        actions: list[Action] = []
        for q, seat in enumerate(self.seats):
            if q == self._current:
                continue
            if has_cards(self._hand[q], trade.get):
                actions.append({"type": "accept_trade", "player": seat})
            actions.append({"type": "reject_trade", "player": seat})
        for q in sorted(trade.answers):
            terms = trade.terms_with(q)
            if terms is not None:
                give, get = terms
                if has_cards(self._hand[self._current], give) and has_cards(self._hand[q], get):
                    actions.append({"type": "confirm_trade", "player": colour,
                                    "with": self.seats[q]})
        actions.append({"type": "cancel_trade", "player": colour})
        return actions


def _robber_moves(seats: tuple[str, ...], me: int, holders: int,
                  on_tile: tuple[int, ...]) -> tuple[list[Action], list[int]]:
    """The moves of the robber to each tile by seat ``me`` (prototypes), in order of the tiles:
    against each opponent on it (``on_tile``, as bits) when one of them holds cards (``holders``),
    else without a victim; and where each tile's moves start (and where the last ones end).
    """
    protos = _protos(seats[me])
    alone, against = protos.move_robber, protos.move_robber_against
    others = ~(1 << me)
    moves: list[Action] = []
    starts = []
    for tile in range(N_TILES):
        starts.append(len(moves))
        victims = on_tile[tile] & others
        if victims & holders:
            on = against[tile]
            for q in SEATS_IN[victims]:
                moves.append(on[seats[q]])
        else:
            moves.append(alone[tile])
    starts.append(len(moves))
    return moves, starts


# A pure cache: (seats, the mover, the opponents holding cards and the seats on each tile, as
# bits) -> ``_robber_moves``.
_ROBBER_MOVES: Final[dict[tuple[Any, ...], tuple[list[Action], list[int]]]] = {}


def _sub_hands(hand: list[int], k: int) -> list[tuple[int, int, int, int, int]]:
    """Every way to choose ``k`` cards from ``hand`` (as 5-tuples, in lexicographic order).

    >>> _sub_hands([1, 0, 2, 0, 0], 2)
    [(0, 0, 2, 0, 0), (1, 0, 1, 0, 0)]
    """
    h0, h1, h2, h3, h4 = hand
    out = []
    for a in range(max(0, k - (h1 + h2 + h3 + h4)), min(h0, k) + 1):
        ka = k - a
        for b in range(max(0, ka - (h2 + h3 + h4)), min(h1, ka) + 1):
            kb = ka - b
            for c in range(max(0, kb - (h3 + h4)), min(h2, kb) + 1):
                kc = kb - c
                for d in range(max(0, kc - h4), min(h3, kc) + 1):
                    out.append((a, b, c, d, kc - d))
    return out


def _discard_choices(hand: list[int], k: int) -> list[dict[str, int]]:
    """``_sub_hands`` as ``{resource: count}`` mappings without zeros, in the same order
    (new mappings each time: the caller may change them)."""
    key = (*hand, k)
    found = _DISCARDS.get(key)
    if found is None:
        if len(_DISCARDS) >= 2048:
            _DISCARDS.clear()
        found = _DISCARDS[key] = _make_discard_choices(hand, k)
    return list(map(dict.copy, found))


# A pure cache: (hand, cards owed) -> the ways to discard them.
_DISCARDS: Final[dict[tuple[int, ...], list[dict[str, int]]]] = {}


def _make_discard_choices(hand: list[int], k: int) -> list[dict[str, int]]:
    brick, lumber, wool, grain, ore = RESOURCES
    out = []
    for a, b, c, d, e in _sub_hands(hand, k):
        cards = {}
        if a:
            cards[brick] = a
        if b:
            cards[lumber] = b
        if c:
            cards[wool] = c
        if d:
            cards[grain] = d
        if e:
            cards[ore] = e
        out.append(cards)
    return out


class _Prototypes:
    """One colour's actions that hold only names and numbers, made once: ``legal_actions``
    hands out copies (``dict.copy`` costs about half of building the mapping again)."""

    __slots__ = ("build_road", "move_robber", "move_robber_against", "place_settlement")

    def __init__(self, colour: str) -> None:
        self.place_settlement = [{"type": "place_settlement", "player": colour, "node": name}
                                 for name in NODE_NAMES]
        self.build_road = [{"type": "build_road", "player": colour, "edge": name}
                           for name in EDGE_NAMES]
        self.move_robber = [{"type": "move_robber", "player": colour, "tile": tile}
                            for tile in range(N_TILES)]
        self.move_robber_against = [
            {victim: {"type": "move_robber", "player": colour, "tile": tile, "victim": victim}
             for victim in COLOURS if victim != colour} for tile in range(N_TILES)]


def _protos(colour: str) -> _Prototypes:
    """The prototypes of ``colour`` (a seat's colour: one of the four)."""
    found = _PROTOTYPES.get(colour)
    if found is None:
        found = _PROTOTYPES[colour] = _Prototypes(colour)
    return found


_PROTOTYPES: Final[dict[str, _Prototypes]] = {}  # a pure cache, one entry per colour
_ROAD_SPOTS, _SETTLEMENT_SPOTS, _ROAD_BUILDING = 0, 4, 8  # keys of _spots_of, plus the seat
# The names of the resources other than each one, in order.
_OTHER_RESOURCES: Final = tuple(tuple(name for name in RESOURCES if name != RESOURCES[g])
                                for g in range(5))
