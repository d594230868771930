"""The read API: what the rules say about a position, asked by name, answered in JSON-ready values.

``Game`` inherits these methods. They never change the game, take colours and place names
(never seat or node numbers), and answer with the same words as the position format, so a
bridge can pass the answer to the browser as it is. Every rule is decided once, by the same
code ``apply`` and ``legal_actions`` use: a spot reported legal here is one ``apply`` accepts.

>>> from catan_core import Game
>>> g = Game.new(seats=["red", "blue", "white"], seed=1, board="beginner")
>>> g.actors(), g.scores()
(['red'], {'red': 0, 'blue': 0, 'white': 0})
>>> spots = g.spots("settlement", "red")
>>> len(spots["legal"]), spots["illegal"]
(54, {})
>>> affordable({"brick": 2, "lumber": 2, "wool": 1, "grain": 1})
{'road': 2, 'settlement': 1, 'city': 0, 'dev_card': 0}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from . import geometry
from .constants import (
    COSTS,
    DEV_CARDS,
    KNIGHT,
    MONOPOLY,
    RESOURCES,
    ROAD_BUILDING,
    TERRAIN_RESOURCE,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
)
from .errors import IllegalAction
from .legal import LegalActions
from .reports import (
    Awards,
    BuildOption,
    Harbour,
    LargestArmyReport,
    LongestRoadReport,
    OpenTrade,
    PlayerSummary,
    PointsBreakdown,
    Production,
    RobberReport,
    SpotReport,
    TileState,
)
from .roads import longest_path
from .state import cards_dict, has_cards, parse_edge, parse_node
from .topology import (
    EDGE_NAMES,
    EDGE_NODES,
    N_EDGES,
    N_NODES,
    N_TILES,
    NODE_ALIASES,
    NODE_NAMES,
    TILE_NODES,
)

#: What each thing costs, ``{kind: {resource: n}}``; kinds are ``road``, ``settlement``,
#: ``city`` and ``dev_card``.
BUILD_COSTS: Final[dict[str, dict[str, int]]] = {kind: cards_dict(cost)
                                                 for kind, cost in COSTS.items()}
#: The victory points each of these is worth on the board (the building costs card's figures).
BUILD_POINTS: Final[dict[str, int]] = {"road": 0, "settlement": 1, "city": 2, "dev_card": 0}
#: Development cards that are played (Victory Point cards count without being played).
PLAYABLE_CARDS: Final = tuple(DEV_CARDS[c]
                              for c in (KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY))
#: The action that builds or buys each of these, and the other way round.
BUILD_ACTIONS: Final[dict[str, str]] = {"road": "build_road", "settlement": "build_settlement",
                                        "city": "build_city", "dev_card": "buy_dev_card"}
BUILD_KINDS: Final[dict[str, str]] = {action: kind for kind, action in BUILD_ACTIONS.items()}


def affordable(hand: Mapping[str, int]) -> dict[str, int]:
    """How many of each thing a hand pays for (each counted alone, ignoring stock and spots).

    >>> affordable({"grain": 4, "ore": 6, "wool": 1})
    {'road': 0, 'settlement': 0, 'city': 2, 'dev_card': 1}
    """
    result = {}
    for kind, cost in BUILD_COSTS.items():
        result[kind] = min(int(hand.get(r, 0)) // n for r, n in cost.items())
    return result


def missing_cards(hand: Mapping[str, int], cost: Mapping[str, int]) -> dict[str, int]:
    """The cards ``hand`` lacks to pay ``cost`` (empty when it can pay).

    >>> missing_cards({"brick": 1}, BUILD_COSTS["road"])
    {'lumber': 1}
    """
    return {r: n - int(hand.get(r, 0)) for r, n in cost.items() if int(hand.get(r, 0)) < n}


class Queries(LegalActions):
    """Read-only questions about the position (``Game`` inherits them)."""

    __slots__ = ()

    # -- the turn and who acts ---------------------------------------------------------------

    def actors(self) -> list[str]:
        """The colours the game waits for now, in the order a referee asks them.

        During a discard, every player who still owes cards (seat order); while an offer is
        open, each other player who has not answered (turn order from the active player), then
        the active player to confirm or cancel; nobody once the game is over.
        """
        if self._win_seat >= 0:
            return []
        if self.phase == "discard":
            return [self.seats[p] for p in sorted(self._discard_owed)]
        if self._trade is not None:
            n = len(self.seats)
            waiting = [self.seats[(self._current + k) % n] for k in range(1, n)
                       if (self._current + k) % n not in self._trade.answers]
            if waiting:
                return waiting
        return [self.seats[self._current]]

    def legal_actions_of(self, colour: str) -> list[dict[str, object]]:
        """The legal actions that ``colour`` may take now (see ``legal_actions``)."""
        self._seat_index(colour)
        return [a for a in self.legal_actions() if a.get("player") == colour]

    @property
    def dev_card_played(self) -> bool:
        """True once the active player played a development card this turn."""
        return self._dev_played

    @property
    def has_built(self) -> bool:
        """True once the active player built or bought something this turn."""
        return self._built

    def deck_size(self) -> int:
        """Development cards left to buy."""
        return len(self._deck)

    def open_trade(self) -> OpenTrade | None:
        """The open domestic offer (``give``/``get`` from the active player's side), or None."""
        trade = self._trade
        if trade is None:
            return None
        answers: dict[str, object] = {}
        for q, answer in sorted(trade.answers.items()):
            answers[self.seats[q]] = answer if isinstance(answer, str) else {
                "give": cards_dict(answer[0]), "get": cards_dict(answer[1])}
        return {"player": self.seats[self._current], "give": cards_dict(trade.give),
                "get": cards_dict(trade.get), "answers": answers}

    def discards_owed(self) -> dict[str, int]:
        """During a discard: the cards each player still owes (empty otherwise)."""
        return {self.seats[p]: k for p, k in sorted(self._discard_owed.items())}

    def seven_discards(self) -> dict[str, int]:
        """What a 7 rolled now would ask: half (rounded down) of every hand over 7 cards."""
        return {c: sum(h) // 2 for c, h in zip(self.seats, self._hand, strict=True)
                if sum(h) > 7}

    # -- players -----------------------------------------------------------------------------

    def hand_of(self, colour: str) -> dict[str, int]:
        """``colour``'s resource cards, zeros left out (private: show it to its owner only)."""
        return cards_dict(self._hand[self._seat_index(colour)])

    def hand_size(self, colour: str) -> int:
        """How many resource cards ``colour`` holds (public)."""
        return sum(self._hand[self._seat_index(colour)])

    def dev_cards(self, colour: str) -> dict[str, list[str]]:
        """``colour``'s development cards: ``{"old": [...], "new": [...]}`` (new: bought this
        turn). Private: show it to its owner only."""
        p = self._seat_index(colour)
        return {"old": [DEV_CARDS[c] for c in range(5) for _ in range(self._dev[p][c])],
                "new": [DEV_CARDS[c] for c in range(5) for _ in range(self._new_dev[p][c])]}

    def dev_card_count(self, colour: str) -> int:
        """How many development cards ``colour`` holds, unplayed (public)."""
        p = self._seat_index(colour)
        return sum(self._dev[p]) + sum(self._new_dev[p])

    def knights_played(self, colour: str) -> int:
        return self._knights[self._seat_index(colour)]

    def pieces_left(self, colour: str) -> dict[str, int]:
        """Roads, settlements and cities ``colour`` still has in its supply."""
        roads, settlements, cities = self._stock(self._seat_index(colour))
        return {"roads": roads, "settlements": settlements, "cities": cities}

    def buildings(self, colour: str) -> dict[str, list[str]]:
        """``{"settlements", "cities", "roads"}`` of ``colour``, canonical names and order."""
        p = self._seat_index(colour)
        return {"settlements": [NODE_NAMES[n] for n in sorted(self._settlements[p])],
                "cities": [NODE_NAMES[n] for n in sorted(self._cities[p])],
                "roads": [EDGE_NAMES[e] for e in sorted(self._roads[p])]}

    def owner_of(self, place: str) -> str | None:
        """Colour owning the building (node) or road (edge) at ``place``, or None."""
        if isinstance(place, str) and place in NODE_ALIASES:
            o = self._node_owner[parse_node(place)]
        else:
            o = self._edge_owner[parse_edge(place)]
        return self.seats[o] if o >= 0 else None

    def building_at(self, node: str) -> str | None:
        """``"settlement"``, ``"city"`` or None at a node."""
        return (None, "settlement", "city")[self._node_level[parse_node(node)]]

    def summary(self, colour: str) -> PlayerSummary:
        """What every player may know about ``colour``."""
        p = self._seat_index(colour)
        return {"colour": colour, "public_points": self.public_points(colour),
                "cards": sum(self._hand[p]), "dev_cards": self.dev_card_count(colour),
                "knights": self._knights[p], "road_length": self._road_len[p],
                "longest_road": self._longest_road == p, "largest_army": self._largest_army == p,
                "pieces_left": self.pieces_left(colour), "harbours": self.harbours_of(colour)}

    # -- points ------------------------------------------------------------------------------

    def points(self, colour: str) -> PointsBreakdown:
        """Where ``colour``'s points come from; ``public`` leaves out Victory Point cards."""
        p = self._seat_index(colour)
        cards = self._dev[p][VICTORY_POINT] + self._new_dev[p][VICTORY_POINT]
        total = self._victory_points_of(p)
        return {"settlements": len(self._settlements[p]), "cities": 2 * len(self._cities[p]),
                "longest_road": 2 * (self._longest_road == p),
                "largest_army": 2 * (self._largest_army == p), "victory_point_cards": cards,
                "public": total - cards, "total": total}

    def public_points(self, colour: str) -> int:
        """``colour``'s points as the other players see them (Victory Point cards hidden)."""
        p = self._seat_index(colour)
        return self._victory_points_of(p) - self._dev[p][VICTORY_POINT] \
            - self._new_dev[p][VICTORY_POINT]

    def scores(self, view: str | None = None) -> dict[str, int]:
        """Points by colour as ``view`` sees them: its own total, the others' public points.

        ``view=None`` gives every total (hidden cards included); ``view="public"`` gives
        every player's public points (a spectator's view). Once the game is over, every
        total is public.
        """
        if view is None or self._win_seat >= 0:
            return {c: self._victory_points_of(p) for p, c in enumerate(self.seats)}
        if view != "public":
            self._seat_index(view)
        return {c: self._victory_points_of(p) if c == view else self.public_points(c)
                for p, c in enumerate(self.seats)}

    # -- awards ------------------------------------------------------------------------------

    def awards(self) -> Awards:
        """Longest Road and Largest Army: holders, lengths and knights, leaders, ties.

        ``longest_road.leaders`` are the players with the longest road if it is 5 or more;
        ``set_aside`` is true when several tie for it and none of them holds the card.
        ``paths`` gives one longest trail per player (edges in walking order).
        """
        lengths = {c: self._road_len[p] for p, c in enumerate(self.seats)}
        top = max(lengths.values())
        road_leaders = [c for c, n in lengths.items() if n == top and top >= 5]
        paths = {c: [EDGE_NAMES[e] for e in longest_path(self._roads[p], self._node_owner, p,
                                                          self._road_len[p])]
                 for p, c in enumerate(self.seats)}
        knights = {c: self._knights[p] for p, c in enumerate(self.seats)}
        most = max(knights.values())
        army_leaders = [c for c, n in knights.items() if n == most and most >= 3]
        road_holder = self.seats[self._longest_road] if self._longest_road >= 0 else None
        return {
            "longest_road": {"holder": road_holder, "lengths": lengths, "paths": paths,
                             "leaders": road_leaders,
                             "set_aside": road_holder is None and len(road_leaders) > 1},
            "largest_army": {"holder": (self.seats[self._largest_army]
                                        if self._largest_army >= 0 else None),
                             "knights": knights, "leaders": army_leaders},
        }

    # -- the dice ----------------------------------------------------------------------------

    def production(self, total: int) -> Production:
        """What a roll of ``total`` (2..12) would pay now, bank shortage applied; 7 pays nothing.

        ``tiles`` are the tiles with that number, ``blocked`` those the robber stops.
        """
        if not isinstance(total, int) or isinstance(total, bool) or not 2 <= total <= 12:
            raise IllegalAction("malformed_action", "a dice total is a number from 2 to 12",
                                field="total")
        tiles = [t for t, n in enumerate(self.board.numbers) if n == total]
        result: Production = {"total": total, "gains": {}, "shortage": [], "tiles": tiles,
                              "blocked": [t for t in tiles if t == self.robber]}
        if total != 7:
            paid, short = self._payout(total)
            for p, r, n in paid:
                result["gains"].setdefault(self.seats[p], {})[RESOURCES[r]] = n
            result["shortage"] = [RESOURCES[r] for r in short]
        return result

    # -- where things may go -----------------------------------------------------------------

    def spots(self, kind: str, colour: str) -> SpotReport:
        """Every place for ``colour`` to put a ``settlement``, ``road`` or ``city``: legal, or
        the code of the rule against it. Cost and pieces left are not considered (see
        ``build_options``).

        Settlements: ``occupied``, ``distance_rule``, ``not_connected`` (no road needed during
        set-up). Roads: ``occupied``, ``not_connected``; during ``setup_road``, the active
        player's road must touch the settlement just placed (``setup_road_not_at_settlement``).
        Cities: ``not_your_settlement``.

        >>> from catan_core import Game
        >>> g = Game.new(seats=["red", "blue", "white"], board="beginner")
        >>> _ = g.apply({"type": "place_settlement", "node": "9.N"})
        >>> g.spots("settlement", "blue")["illegal"]["4.S"], g.spots("road", "red")["legal"]
        ('distance_rule', ['4.E', '4.SE', '5.SW'])
        """
        p = self._seat_index(colour)
        if kind == "settlement":
            return self._settlement_report(p)
        if kind == "road":
            return self._road_report(p)
        if kind == "city":
            legal = [NODE_NAMES[n] for n in sorted(self._settlements[p])]
            return {"player": colour, "legal": legal,
                    "illegal": {name: "not_your_settlement" for name in NODE_NAMES
                                if name not in legal}}
        raise IllegalAction("malformed_action", f"{kind!r} is not a kind of spot", field="kind",
                            allowed=["settlement", "road", "city"])

    def _settlement_report(self, p: int) -> SpotReport:
        need_road = self.phase not in ("setup_settlement", "setup_road")
        legal, illegal = [], {}
        for n in range(N_NODES):
            try:
                self._check_settlement_spot(p, n, need_road)
            except IllegalAction as exc:
                illegal[NODE_NAMES[n]] = exc.code
            else:
                legal.append(NODE_NAMES[n])
        return {"player": self.seats[p], "legal": legal, "illegal": illegal}

    def _road_report(self, p: int) -> SpotReport:
        last = self._last_setup_settlement(p) if (self.phase == "setup_road"
                                                  and p == self._current) else -1
        legal, illegal = [], {}
        for e in range(N_EDGES):
            name = EDGE_NAMES[e]
            if self._edge_owner[e] >= 0:
                illegal[name] = "occupied"
            elif last >= 0 and last not in EDGE_NODES[e]:
                illegal[name] = "setup_road_not_at_settlement"
            elif last < 0 and not self._road_connects(p, e):
                illegal[name] = "not_connected"
            else:
                legal.append(name)
        return {"player": self.seats[p], "legal": legal, "illegal": illegal}

    def robber_spots(self) -> RobberReport:
        """Tiles the robber may go to (every tile but its own: ``robber_must_move``) and, per
        tile, the opponents of the active player who could be robbed there."""
        legal = [t for t in range(N_TILES) if t != self.robber]
        victims = {str(t): [self.seats[q] for q in self._robber_candidates(t)]
                   for t in range(N_TILES)}
        illegal = {str(self.robber): "robber_must_move"} if self.robber >= 0 else {}
        return {"legal": legal, "illegal": illegal,
                "victims": {t: v for t, v in victims.items() if v}}

    # -- what a player can do ----------------------------------------------------------------

    def build_options(self, colour: str) -> dict[str, BuildOption]:
        """For each of ``road``, ``settlement``, ``city``, ``dev_card``: cost, missing cards,
        pieces (or cards) left, legal spots, and ``reason``: None when ``legal_actions()``
        lists it now, else the code ``apply`` would refuse it with."""
        p = self._seat_index(colour)
        hand = self._hand[p]
        stock = self._stock(p)
        left = {"road": stock[0], "settlement": stock[1], "city": stock[2],
                "dev_card": len(self._deck)}
        spots = {"road": len(self._road_spots(p)),
                 "settlement": len(self._settlement_spots(p)),
                 "city": len(self._settlements[p]), "dev_card": 1}
        turn = self._turn_reason(p, "main")
        out: dict[str, BuildOption] = {}
        for kind, cost in COSTS.items():
            missing = {RESOURCES[r]: c - h for r, (h, c) in enumerate(zip(hand, cost,
                                                                            strict=True))
                       if c > h}
            reason = turn
            if reason is None and not left[kind]:
                reason = "deck_empty" if kind == "dev_card" else "no_pieces_left"
            if reason is None and not spots[kind]:
                reason = "not_your_settlement" if kind == "city" else "not_connected"
            if reason is None and missing:
                reason = "insufficient_resources"
            out[kind] = {"cost": dict(BUILD_COSTS[kind]), "missing": missing,
                         "affordable": not missing, "left": left[kind], "spots": spots[kind],
                         "reason": reason}
        return out

    def _turn_reason(self, p: int, *phases: str) -> str | None:
        """Why seat ``p`` may not act in ``phases`` now, or None."""
        if self._win_seat >= 0:
            return "game_over"
        if p != self._current:
            return "not_your_turn"
        if self.phase not in phases:
            return "wrong_phase"
        if self._trade is not None:
            return "trade_open"
        return None

    def playable_dev_cards(self, colour: str) -> dict[str, str | None]:
        """For each playable kind of card, None if ``colour`` may play it now, else the code:
        ``not_your_turn``, ``wrong_phase``, ``trade_open``, ``dev_card_already_played``,
        ``card_bought_this_turn``, ``no_such_card``, or (Road Building) ``no_pieces_left`` /
        ``not_connected``, (Year of Plenty) ``bank_empty``."""
        p = self._seat_index(colour)
        turn = self._turn_reason(p, "roll", "main")
        out: dict[str, str | None] = {}
        for card in (KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY):
            reason = turn
            if reason is None and self._dev_played:
                reason = "dev_card_already_played"
            if reason is None and not self._dev[p][card]:
                reason = "card_bought_this_turn" if self._new_dev[p][card] else "no_such_card"
            if reason is None and card == ROAD_BUILDING:
                if not self._stock(p)[0]:
                    reason = "no_pieces_left"
                elif not self._road_spots(p):
                    reason = "not_connected"
            if reason is None and card == YEAR_OF_PLENTY and not any(self._bank):
                reason = "bank_empty"
            out[DEV_CARDS[card]] = reason
        return out

    def offer_refusal(self, colour: str) -> str | None:
        """Why ``colour`` may not open a trade offer now (the code ``apply`` would give before
        reading the offer's terms), or None: ``game_over``, ``not_your_turn``, ``wrong_phase``,
        ``trade_open`` or, with the trade-before-build rule, ``trade_after_build``.

        >>> from catan_core import Game
        >>> Game.new(seats=["red", "blue", "white"], seed=1).offer_refusal("red")
        'wrong_phase'
        """
        p = self._seat_index(colour)
        if self._win_seat >= 0:
            return "game_over"
        if p != self._current:
            return "not_your_turn"
        try:
            self._check_trade_time(p)
            self._require_no_offer()
        except IllegalAction as exc:
            return exc.code
        return None

    def may_offer(self, colour: str) -> bool:
        """True when ``colour`` may open a trade offer now (:meth:`offer_refusal`)."""
        return self.offer_refusal(colour) is None

    def can_afford(self, colour: str, kind: str) -> bool:
        """True when ``colour``'s hand pays for ``kind`` (``road``, ``settlement``, ``city``,
        ``dev_card``)."""
        if not isinstance(kind, str) or kind not in COSTS:
            raise IllegalAction("malformed_action", f"{kind!r} is not something to build",
                                field="kind", allowed=list(COSTS))
        return has_cards(self._hand[self._seat_index(colour)], COSTS[kind])

    def maritime_rates(self, colour: str) -> dict[str, int]:
        """``colour``'s rate with the bank per resource: 4, 3 (a 3:1 harbour) or 2 (its 2:1)."""
        return dict(zip(RESOURCES, self._rates[self._seat_index(colour)], strict=True))

    def harbours_of(self, colour: str) -> list[str]:
        """Harbour kinds ``colour`` can use (``"3:1"`` or a resource), sorted."""
        return sorted(self._ports_of(self._seat_index(colour)))

    # -- the island --------------------------------------------------------------------------

    def tiles(self) -> list[TileState]:
        """Each tile's terrain, number (None for the desert), resource, and the robber."""
        return [{"tile": t, "terrain": terrain, "number": number or None,
                 "resource": (RESOURCES[r] if (r := TERRAIN_RESOURCE[terrain]) is not None
                              else None),
                 "robber": t == self.robber}
                for t, (terrain, number) in enumerate(zip(self.board.terrains,
                                                          self.board.numbers, strict=True))]

    def harbours(self) -> list[Harbour]:
        """Harbours: coast edge, kind, the two nodes that use it, and where it is drawn."""
        out: list[Harbour] = []
        for e, kind in self.board.ports:
            name = EDGE_NAMES[e]
            x, y = geometry.harbour_point(name)
            out.append({"edge": name, "kind": kind, "nodes": geometry.edge_nodes(name),
                        "x": round(x, 4), "y": round(y, 4)})
        return out

    def harbour_at(self, node: str) -> str | None:
        """The harbour kind a building at ``node`` could use, or None."""
        return self._node_port[parse_node(node)]

    def tile_numbers_at(self, node: str) -> list[tuple[int, str, int | None]]:
        """``(tile, terrain, number)`` around a node (for naming a spot to a person)."""
        n = parse_node(node)
        return [(t, self.board.terrains[t], self.board.numbers[t] or None)
                for t in range(N_TILES) if n in TILE_NODES[t]]


__all__ = ["BUILD_COSTS", "PLAYABLE_CARDS", "Awards", "BuildOption", "Harbour",
           "LargestArmyReport", "LongestRoadReport", "OpenTrade", "PlayerSummary",
           "PointsBreakdown", "Production", "Queries", "RobberReport", "SpotReport", "TileState",
           "affordable", "missing_cards"]
