"""Playing development cards: Knight, Road Building, Year of Plenty, Monopoly.

One card per turn, before or after the roll, never one bought this turn. Victory Point cards
are never played: they count from the moment they are bought.
"""

from __future__ import annotations

from .constants import DEV_CARDS, KNIGHT, MONOPOLY, RESOURCES, ROAD_BUILDING, YEAR_OF_PLENTY
from .errors import IllegalAction
from .state import Action, Event, cards_dict, parse_edge, parse_resource
from .topology import EDGE_NAMES
from .turns import TurnRules


class DevCardRules(TurnRules):
    """The four playable development cards."""

    __slots__ = ()

    def _start_dev_card(self, action: Action, card: int) -> int:
        """Common checks; returns the player. Nothing changes until the caller commits."""
        p = self._current  # the actor: apply checked the player named (_active_actor)
        self._require_phase("roll", "main")
        self._require_no_offer()
        if self._dev_played:
            raise IllegalAction("dev_card_already_played", "one development card per turn")
        if not self._dev[p][card]:
            if self._new_dev[p][card]:
                raise IllegalAction("card_bought_this_turn",
                                    "a card cannot be played the turn it was bought",
                                    card=DEV_CARDS[card])
            raise IllegalAction("no_such_card", "you have no such development card",
                                card=DEV_CARDS[card])
        return p

    def _commit_dev_card(self, p: int, card: int) -> Event:
        self._dev[p][card] -= 1  # type: ignore[index]  # held, hence a list
        self._dev_played = True
        return {"type": "played_dev_card", "player": self.seats[p], "card": DEV_CARDS[card]}

    def _do_play_knight(self, action: Action) -> list[Event]:
        p = self._start_dev_card(action, KNIGHT)
        events = [self._commit_dev_card(p, KNIGHT)]
        self._knights[p] += 1
        events += self._update_largest_army(p)
        self._return_phase = "roll" if self.phase == "roll" else None
        self.phase = "move_robber"
        return events

    def _do_play_road_building(self, action: Action) -> list[Event]:
        p = self._start_dev_card(action, ROAD_BUILDING)
        edges = self._check_free_roads(p, action.get("edges"))
        events = [self._commit_dev_card(p, ROAD_BUILDING)]
        for edge in edges:
            events.append({"type": "built_road", "player": self.seats[p],
                           "edge": EDGE_NAMES[edge], "free": True})
            events += self._put_road(p, edge)
        return events

    def _check_free_roads(self, p: int, value: object) -> list[int]:
        """Validate Road Building's edges without changing the game."""
        if not isinstance(value, list) or len(value) not in (1, 2):
            raise IllegalAction("malformed_action", "edges must list one or two edges",
                                field="edges")
        edges = [parse_edge(v) for v in value]
        self._check_pieces(p, 0)
        if len(edges) == 2 and self._stock(p)[0] < 2:
            raise IllegalAction("no_pieces_left", "only one road left in your supply",
                                piece="road")
        self._check_road_spot(p, edges[0])
        self._own_pieces()
        self._edge_owner[edges[0]] = p  # tentatively, to check the second road
        try:
            if len(edges) == 2:
                if edges[1] == edges[0]:
                    raise IllegalAction("occupied", "the two roads must be on different edges",
                                        edge=EDGE_NAMES[edges[1]])
                self._check_road_spot(p, edges[1])
            elif self._stock(p)[0] >= 2 and self._any_road_spot(p, edges[0]):
                raise IllegalAction("two_roads_required",
                                    "Road Building places two roads when it can")
        finally:
            self._edge_owner[edges[0]] = -1
        return edges

    def _any_road_spot(self, p: int, placed: int) -> bool:
        self._own_pieces()
        self._roads[p].add(placed)
        try:
            return bool(self._road_spots(p))
        finally:
            self._roads[p].discard(placed)

    def _do_play_year_of_plenty(self, action: Action) -> list[Event]:
        p = self._start_dev_card(action, YEAR_OF_PLENTY)
        value = action.get("resources")
        if not isinstance(value, list) or len(value) != 2:
            raise IllegalAction("malformed_action", "name two resources", field="resources")
        wanted = [parse_resource(v) for v in value]
        gain = [0] * 5
        for r in wanted:
            if self._bank[r] > gain[r]:
                gain[r] += 1
        if not any(gain):
            raise IllegalAction("bank_empty", "the bank has none of these resources",
                                resources=value)
        events = [self._commit_dev_card(p, YEAR_OF_PLENTY)]
        self._receive(p, gain)
        events.append({"type": "received", "player": self.seats[p], "cards": cards_dict(gain)})
        return events

    def _do_play_monopoly(self, action: Action) -> list[Event]:
        p = self._start_dev_card(action, MONOPOLY)
        r = parse_resource(action.get("resource"))
        events = [self._commit_dev_card(p, MONOPOLY)]
        taken = {}
        for q, hand in enumerate(self._hand):
            if q != p and hand[r]:
                taken[self.seats[q]] = hand[r]
                self._hand[p][r] += hand[r]
                hand[r] = 0
        events.append({"type": "monopoly", "player": self.seats[p], "resource": RESOURCES[r],
                       "taken": taken})
        return events
