"""Building roads, settlements and cities, buying development cards, and the two awards."""

from __future__ import annotations

from .constants import COST_CITY, COST_DEV_CARD, COST_ROAD, COST_SETTLEMENT, DEV_CARDS
from .errors import IllegalAction
from .roads import extended_trail, longest_trail
from .state import Action, Checks, Event, own_cards, parse_edge, parse_node
from .topology import EDGE_NAMES, EDGE_NODES, N_NODES, NODE_EDGES, NODE_NAMES, NODE_NEIGHBOURS


class BuildingRules(Checks):
    """Placement rules and the build actions of the main phase."""

    __slots__ = ()

    # -- where things may go --------------------------------------------------------------

    def check_settlement_spot(self, p: int, node: int, need_road: bool) -> None:
        """Refuse a settlement at ``node``: occupied, distance rule, or not on p's road."""
        if self.node_owner[node] >= 0:
            raise IllegalAction("occupied", "there is already a building here",
                                node=NODE_NAMES[node])
        for other in NODE_NEIGHBOURS[node]:
            if self.node_owner[other] >= 0:
                raise IllegalAction("distance_rule", "too close to another building",
                                    node=NODE_NAMES[node], neighbour=NODE_NAMES[other])
        if need_road and not any(self.edge_owner[e] == p for e in NODE_EDGES[node]):
            raise IllegalAction("not_connected", "a settlement must touch one of your roads",
                                node=NODE_NAMES[node])

    def road_connects(self, p: int, edge: int) -> bool:
        """True when ``edge`` touches p's building, or p's road through a node p may pass."""
        owner, edges = self.node_owner, self.edge_owner
        for n in EDGE_NODES[edge]:  # loops, not any(generator): this runs for every road built
            o = owner[n]
            if o == p:
                return True
            if o < 0:
                for f in NODE_EDGES[n]:
                    if f != edge and edges[f] == p:
                        return True
        return False

    def check_road_spot(self, p: int, edge: int) -> None:
        """Refuse a road at ``edge``: occupied or not connected to p's network."""
        if self.edge_owner[edge] >= 0:
            raise IllegalAction("occupied", "there is already a road here",
                                edge=EDGE_NAMES[edge])
        if not self.road_connects(p, edge):
            raise IllegalAction("not_connected", "a road must join your road or building",
                                edge=EDGE_NAMES[edge])

    def road_spots(self, p: int) -> set[int]:
        """Every free edge where seat ``p`` may build a road now."""
        # Set operations, each in C: a node is taken when a seat's settlement or city is on it,
        # an edge when a seat's road is.
        ends = set().union(*map(EDGE_NODES.__getitem__, self.roads[p]))
        ends.difference_update(*self.settlements, *self.cities)  # free ends only...
        ends.update(self.settlements[p], self.cities[p])  # ...and p's own buildings
        spots = set().union(*map(NODE_EDGES.__getitem__, ends))
        spots.difference_update(*self.roads)
        return spots

    def settlement_spots(self, p: int) -> list[int]:
        """Every node where seat ``p`` may build a settlement (ignoring cost and stock)."""
        owner = self.node_owner
        found = []
        for n in set().union(*map(EDGE_NODES.__getitem__, self.roads[p])):
            if owner[n] < 0:
                for m in NODE_NEIGHBOURS[n]:
                    if owner[m] >= 0:
                        break
                else:
                    found.append(n)
        found.sort()
        return found

    def distance_rule_spots(self) -> list[int]:
        """Every free node whose neighbours are free too (where set-up may place), in order."""
        taken = set().union(*self.settlements, *self.cities)
        taken.update(*map(NODE_NEIGHBOURS.__getitem__, taken))
        return sorted(_ALL_NODES - taken)

    def check_pieces(self, p: int, kind: int) -> None:
        """Refuse with ``no_pieces_left`` when p's stock of roads/settlements/cities is empty."""
        if self.stock(p)[kind] <= 0:
            piece = ("road", "settlement", "city")[kind]
            raise IllegalAction("no_pieces_left", f"no {piece} left in your supply", piece=piece)

    # -- placing --------------------------------------------------------------------------

    def put_road(self, p: int, edge: int) -> list[Event]:
        self.own_pieces()
        self.build_spots = None
        self.edge_owner[edge] = p
        self.roads[p].add(edge)
        length = extended_trail(edge, self.edge_owner, self.node_owner, p)
        if length < 0:  # two networks joined or a loop closed: measure everything
            self.road_len[p] = longest_trail(self.roads[p], self.node_owner, p)
        elif length > self.road_len[p]:
            self.road_len[p] = length
        return self.update_longest_road()

    def put_settlement(self, p: int, node: int) -> list[Event]:
        self.own_pieces()
        self.node_owner[node] = p
        self.node_level[node] = 1
        self.income = self.tile_owners = self.build_spots = None
        self.settlements[p].add(node)
        if self.node_port[node] is not None:
            self.rates[p] = self.compute_rates(p)
        touched = {self.edge_owner[e] for e in NODE_EDGES[node]} - {-1, p}
        for q in touched:
            self.road_len[q] = longest_trail(self.roads[q], self.node_owner, q)
        return self.update_longest_road() if touched else []

    # -- actions --------------------------------------------------------------------------

    def do_build_road(self, action: Action) -> list[Event]:
        p = self.current  # the actor: apply checked the player named (active_actor)
        self.require_phase("main")
        self.require_no_offer()
        edge = parse_edge(action.get("edge"))
        self.check_road_spot(p, edge)
        self.check_pieces(p, 0)
        self.require_cards(p, COST_ROAD)
        self.pay(p, COST_ROAD)
        self.built = True
        events: list[Event] = [{"type": "built_road", "player": self.seats[p],
                                "edge": EDGE_NAMES[edge]}]
        return events + self.put_road(p, edge)

    def do_build_settlement(self, action: Action) -> list[Event]:
        p = self.current  # the actor: apply checked the player named (active_actor)
        self.require_phase("main")
        self.require_no_offer()
        node = parse_node(action.get("node"))
        self.check_settlement_spot(p, node, need_road=True)
        self.check_pieces(p, 1)
        self.require_cards(p, COST_SETTLEMENT)
        self.pay(p, COST_SETTLEMENT)
        self.built = True
        events: list[Event] = [{"type": "built_settlement", "player": self.seats[p],
                                "node": NODE_NAMES[node]}]
        return events + self.put_settlement(p, node)

    def do_build_city(self, action: Action) -> list[Event]:
        p = self.current  # the actor: apply checked the player named (active_actor)
        self.require_phase("main")
        self.require_no_offer()
        node = parse_node(action.get("node"))
        if node not in self.settlements[p]:
            raise IllegalAction("not_your_settlement", "a city replaces one of your settlements",
                                node=NODE_NAMES[node])
        self.check_pieces(p, 2)
        self.require_cards(p, COST_CITY)
        self.pay(p, COST_CITY)
        self.own_pieces()
        self.settlements[p].discard(node)
        self.cities[p].add(node)
        self.node_level[node] = 2
        self.income = None
        self.built = True
        return [{"type": "built_city", "player": self.seats[p], "node": NODE_NAMES[node]}]

    def do_buy_dev_card(self, action: Action) -> list[Event]:
        p = self.current  # the actor: apply checked the player named (active_actor)
        self.require_phase("main")
        self.require_no_offer()
        if not self.deck:
            raise IllegalAction("deck_empty", "no development cards left")
        self.require_cards(p, COST_DEV_CARD)
        self.pay(p, COST_DEV_CARD)
        card = self.deck.pop()
        own_cards(self.new_dev, p)[card] += 1
        self.built = True
        return [{"type": "bought_dev_card", "player": self.seats[p], "card": DEV_CARDS[card]}]

    # -- awards ---------------------------------------------------------------------------

    def update_longest_road(self) -> list[Event]:
        """Give, keep or set aside Longest Road after road lengths changed.

        The holder keeps it while tied for the top with 5+; otherwise a single leader with 5+
        takes it; if several tie without the holder, it is set aside.
        """
        lengths = self.road_len
        top = max(lengths)
        holder = self.longest_road
        if holder >= 0 and lengths[holder] == top and top >= 5:
            return []
        if top < 5:  # nobody may hold it (no comprehension: a function made each time on 3.11)
            new = -1
        else:
            leaders = [p for p, n in enumerate(lengths) if n == top]
            new = leaders[0] if len(leaders) == 1 else -1
        if new == holder:
            return []
        self.longest_road = new
        return [{"type": "longest_road", "player": self.seats[new] if new >= 0 else None,
                 "previous": self.seats[holder] if holder >= 0 else None, "length": top}]

    def update_largest_army(self, p: int) -> list[Event]:
        """Seat ``p`` just played a knight: take Largest Army with 3+ and strictly more."""
        holder = self.largest_army
        if holder == p or self.knights[p] < 3:
            return []
        if holder >= 0 and self.knights[p] <= self.knights[holder]:
            return []
        self.largest_army = p
        return [{"type": "largest_army", "player": self.seats[p],
                 "previous": self.seats[holder] if holder >= 0 else None,
                 "knights": self.knights[p]}]


_ALL_NODES = frozenset(range(N_NODES))
