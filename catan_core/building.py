"""Building roads, settlements and cities, buying development cards, and the two awards."""

from __future__ import annotations

from typing import Final

from .constants import COST_CITY, COST_DEV_CARD, COST_ROAD, COST_SETTLEMENT, DEV_CARDS
from .errors import IllegalAction
from .roads import extended_trail, longest_trail
from .state import Action, Checks, Event, own_cards, parse_edge, parse_node
from .topology import EDGE_NAMES, EDGE_NODES, N_NODES, NODE_EDGES, NODE_NAMES, NODE_NEIGHBOURS


class BuildingRules(Checks):
    """Placement rules and the build actions of the main phase."""

    __slots__ = ()

    # -- where things may go --------------------------------------------------------------

    def _check_settlement_spot(self, p: int, node: int, need_road: bool) -> None:
        """Refuse a settlement at ``node``: occupied, distance rule, or not on p's road."""
        if self._node_owner[node] >= 0:
            raise IllegalAction("occupied", "there is already a building here",
                                node=NODE_NAMES[node])
        for other in NODE_NEIGHBOURS[node]:
            if self._node_owner[other] >= 0:
                raise IllegalAction("distance_rule", "too close to another building",
                                    node=NODE_NAMES[node], neighbour=NODE_NAMES[other])
        if need_road and not any(self._edge_owner[e] == p for e in NODE_EDGES[node]):
            raise IllegalAction("not_connected", "a settlement must touch one of your roads",
                                node=NODE_NAMES[node])

    def _road_connects(self, p: int, edge: int) -> bool:
        """True when ``edge`` touches p's building, or p's road through a node p may pass."""
        owner, edges = self._node_owner, self._edge_owner
        for n in EDGE_NODES[edge]:  # loops, not any(generator): this runs for every road built
            o = owner[n]
            if o == p:
                return True
            if o < 0:
                for f in NODE_EDGES[n]:
                    if f != edge and edges[f] == p:
                        return True
        return False

    def _check_road_spot(self, p: int, edge: int) -> None:
        """Refuse a road at ``edge``: occupied or not connected to p's network."""
        if self._edge_owner[edge] >= 0:
            raise IllegalAction("occupied", "there is already a road here",
                                edge=EDGE_NAMES[edge])
        if not self._road_connects(p, edge):
            raise IllegalAction("not_connected", "a road must join your road or building",
                                edge=EDGE_NAMES[edge])

    def _road_spots(self, p: int) -> set[int]:
        """Every free edge where seat ``p`` may build a road now."""
        # Set operations, each in C: a node is taken when a seat's settlement or city is on it,
        # an edge when a seat's road is.
        ends = set().union(*map(EDGE_NODES.__getitem__, self._roads[p]))
        ends.difference_update(*self._settlements, *self._cities)  # free ends only...
        ends.update(self._settlements[p], self._cities[p])  # ...and p's own buildings
        spots = set().union(*map(NODE_EDGES.__getitem__, ends))
        spots.difference_update(*self._roads)
        return spots

    def _settlement_spots(self, p: int) -> list[int]:
        """Every node where seat ``p`` may build a settlement (ignoring cost and stock)."""
        owner = self._node_owner
        found = []
        for n in set().union(*map(EDGE_NODES.__getitem__, self._roads[p])):
            if owner[n] < 0:
                for m in NODE_NEIGHBOURS[n]:
                    if owner[m] >= 0:
                        break
                else:
                    found.append(n)
        found.sort()
        return found

    def _distance_rule_spots(self) -> list[int]:
        """Every free node whose neighbours are free too (where set-up may place), in order."""
        taken = set().union(*self._settlements, *self._cities)
        taken.update(*map(NODE_NEIGHBOURS.__getitem__, taken))
        return sorted(_ALL_NODES - taken)

    def _check_pieces(self, p: int, kind: int) -> None:
        """Refuse with ``no_pieces_left`` when p's stock of roads/settlements/cities is empty."""
        if self._stock(p)[kind] <= 0:
            piece = ("road", "settlement", "city")[kind]
            raise IllegalAction("no_pieces_left", f"no {piece} left in your supply", piece=piece)

    # -- placing --------------------------------------------------------------------------

    def _put_road(self, p: int, edge: int) -> list[Event]:
        self._own_pieces()
        self._build_spots = None
        self._edge_owner[edge] = p
        self._roads[p].add(edge)
        length = extended_trail(edge, self._edge_owner, self._node_owner, p)
        if length < 0:  # two networks joined or a loop closed: measure everything
            self._road_len[p] = longest_trail(self._roads[p], self._node_owner, p)
        elif length > self._road_len[p]:
            self._road_len[p] = length
        return self._update_longest_road()

    def _put_settlement(self, p: int, node: int) -> list[Event]:
        self._own_pieces()
        self._node_owner[node] = p
        self._node_level[node] = 1
        self._income = self._tile_owners = self._build_spots = None
        self._settlements[p].add(node)
        if self._node_port[node] is not None:
            self._rates[p] = self._compute_rates(p)
        touched = {self._edge_owner[e] for e in NODE_EDGES[node]} - {-1, p}
        for q in touched:
            self._road_len[q] = longest_trail(self._roads[q], self._node_owner, q)
        return self._update_longest_road() if touched else []

    # -- actions --------------------------------------------------------------------------

    def _do_build_road(self, action: Action) -> list[Event]:
        p = self._current  # the actor: apply checked the player named (_active_actor)
        self._require_phase("main")
        self._require_no_offer()
        edge = parse_edge(action.get("edge"))
        self._check_road_spot(p, edge)
        self._check_pieces(p, 0)
        self._require_cards(p, COST_ROAD)
        self._pay(p, COST_ROAD)
        self._built = True
        events: list[Event] = [{"type": "built_road", "player": self.seats[p],
                                "edge": EDGE_NAMES[edge]}]
        return events + self._put_road(p, edge)

    def _do_build_settlement(self, action: Action) -> list[Event]:
        p = self._current  # the actor: apply checked the player named (_active_actor)
        self._require_phase("main")
        self._require_no_offer()
        node = parse_node(action.get("node"))
        self._check_settlement_spot(p, node, need_road=True)
        self._check_pieces(p, 1)
        self._require_cards(p, COST_SETTLEMENT)
        self._pay(p, COST_SETTLEMENT)
        self._built = True
        events: list[Event] = [{"type": "built_settlement", "player": self.seats[p],
                                "node": NODE_NAMES[node]}]
        return events + self._put_settlement(p, node)

    def _do_build_city(self, action: Action) -> list[Event]:
        p = self._current  # the actor: apply checked the player named (_active_actor)
        self._require_phase("main")
        self._require_no_offer()
        node = parse_node(action.get("node"))
        if node not in self._settlements[p]:
            raise IllegalAction("not_your_settlement", "a city replaces one of your settlements",
                                node=NODE_NAMES[node])
        self._check_pieces(p, 2)
        self._require_cards(p, COST_CITY)
        self._pay(p, COST_CITY)
        self._own_pieces()
        self._settlements[p].discard(node)
        self._cities[p].add(node)
        self._node_level[node] = 2
        self._income = None
        self._built = True
        return [{"type": "built_city", "player": self.seats[p], "node": NODE_NAMES[node]}]

    def _do_buy_dev_card(self, action: Action) -> list[Event]:
        p = self._current  # the actor: apply checked the player named (_active_actor)
        self._require_phase("main")
        self._require_no_offer()
        if not self._deck:
            raise IllegalAction("deck_empty", "no development cards left")
        self._require_cards(p, COST_DEV_CARD)
        self._pay(p, COST_DEV_CARD)
        card = self._deck.pop()
        own_cards(self._new_dev, p)[card] += 1
        self._built = True
        return [{"type": "bought_dev_card", "player": self.seats[p], "card": DEV_CARDS[card]}]

    # -- awards ---------------------------------------------------------------------------

    def _update_longest_road(self) -> list[Event]:
        """Give, keep or set aside Longest Road after road lengths changed.

        The holder keeps it while tied for the top with 5+; otherwise a single leader with 5+
        takes it; if several tie without the holder, it is set aside.
        """
        lengths = self._road_len
        top = max(lengths)
        holder = self._longest_road
        if holder >= 0 and lengths[holder] == top and top >= 5:
            return []
        if top < 5:  # nobody may hold it (no comprehension: a function made each time on 3.11)
            new = -1
        else:
            leaders = [p for p, n in enumerate(lengths) if n == top]
            new = leaders[0] if len(leaders) == 1 else -1
        if new == holder:
            return []
        self._longest_road = new
        return [{"type": "longest_road", "player": self.seats[new] if new >= 0 else None,
                 "previous": self.seats[holder] if holder >= 0 else None, "length": top}]

    def _update_largest_army(self, p: int) -> list[Event]:
        """Seat ``p`` just played a knight: take Largest Army with 3+ and strictly more."""
        holder = self._largest_army
        if holder == p or self._knights[p] < 3:
            return []
        if holder >= 0 and self._knights[p] <= self._knights[holder]:
            return []
        self._largest_army = p
        return [{"type": "largest_army", "player": self.seats[p],
                 "previous": self.seats[holder] if holder >= 0 else None,
                 "knights": self._knights[p]}]


_ALL_NODES: Final = frozenset(range(N_NODES))
