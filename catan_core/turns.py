"""Set-up, the dice, production, the 7 (discard, robber, steal) and the end of a turn."""

from __future__ import annotations

from typing import Final

from .building import BuildingRules
from .constants import RESOURCES, TERRAIN_RESOURCE
from .errors import IllegalAction
from .state import (
    NO_CARDS,
    Action,
    Event,
    cards_dict,
    own_cards,
    parse_cards,
    parse_edge,
    parse_node,
    parse_resource,
    parse_tile,
)
from .topology import EDGE_NAMES, EDGE_NODES, N_TILES, NODE_EDGES, NODE_NAMES, NODE_TILES

# What a dice total owes (``TurnRules._owed``): (seat, resource, n), cards and takers per
# resource, the tiles with that number.
Owed = tuple[list[tuple[int, int, int]], list[int], list[int], tuple[int, ...]]


class TurnRules(BuildingRules):
    """Actions of set-up and of the turn's structure."""

    __slots__ = ()

    # -- set-up ---------------------------------------------------------------------------

    def _do_place_settlement(self, action: Action) -> list[Event]:
        p = self._current  # the actor: apply checked the player named (_active_actor)
        self._require_phase("setup_settlement")
        node = parse_node(action.get("node"))
        self._check_settlement_spot(p, node, need_road=False)
        second = self._setup_count() >= len(self.seats)
        events: list[Event] = [{"type": "placed_settlement", "player": self.seats[p],
                                "node": NODE_NAMES[node]}]
        events += self._put_settlement(p, node)
        if second:
            gain = [0] * 5
            for t in NODE_TILES[node]:
                r = TERRAIN_RESOURCE[self.board.terrains[t]]
                if r is not None and self._bank[r] > gain[r]:
                    gain[r] += 1
            self._receive(p, gain)
            if any(gain):
                events.append({"type": "received", "player": self.seats[p],
                               "cards": cards_dict(gain)})
        self.phase = "setup_road"
        return events

    def _last_setup_settlement(self, p: int) -> int:
        """The settlement p placed last in set-up: the one none of p's roads touches yet."""
        for n in self._settlements[p]:
            if not any(self._edge_owner[e] == p for e in NODE_EDGES[n]):
                return n
        return -1

    def _do_place_road(self, action: Action) -> list[Event]:
        p = self._current  # the actor: apply checked the player named (_active_actor)
        self._require_phase("setup_road")
        edge = parse_edge(action.get("edge"))
        if self._edge_owner[edge] >= 0:
            raise IllegalAction("occupied", "there is already a road here",
                                edge=EDGE_NAMES[edge])
        if self._last_setup_settlement(p) not in EDGE_NODES[edge]:
            raise IllegalAction("setup_road_not_at_settlement",
                                "a set-up road must touch the settlement just placed",
                                edge=EDGE_NAMES[edge])
        events: list[Event] = [{"type": "placed_road", "player": self.seats[p],
                                "edge": EDGE_NAMES[edge]}]
        events += self._put_road(p, edge)
        k = self._setup_count()
        if k == 2 * len(self.seats):
            self._current, self.turn_number, self.phase = 0, 1, "roll"
            events.append({"type": "turn_started", "player": self.seats[0], "number": 1})
        else:
            self._current, self.phase = self._setup_player(k), "setup_settlement"
        return events

    # -- the dice and production -----------------------------------------------------------

    def _do_roll(self, action: Action) -> list[Event]:
        p = self._current  # the actor: apply checked the player named (_active_actor)
        if self.phase != "roll":
            self._require_phase("roll")
        dice = action.get("dice")
        if dice is None:
            a, b = self._rng.dice()
        elif (isinstance(dice, list | tuple) and len(dice) == 2
              and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                      for d in dice)):
            a, b = dice
        else:
            raise IllegalAction("malformed_action", "dice must be two numbers from 1 to 6",
                                field="dice")
        self.dice = (a, b)
        total = a + b
        rolled = {"type": "rolled", "player": self.seats[p], "dice": [a, b], "total": total}
        if total == 7:
            return [rolled, *self._start_seven()]
        self.phase = "main"
        return [rolled, self._produce(total)]

    def _payout(self, total: int) -> tuple[list[tuple[int, int, int]], list[int]]:
        """What a roll of ``total`` pays, without paying it: ``(seat, resource, n)`` and shortages.

        If the bank cannot pay everyone a resource: a single player owed it takes what is
        left; several players owed it get none of it. Other resources are paid normally.
        """
        income = self._income
        if income is None:
            income = self._income = {}
        owed = income.get(total)
        if owed is None:  # what the tiles of ``total`` owe with no robber on them
            owed = income[total] = self._owed(total, -1)
        full, need, takers, tiles = owed
        robber = self.robber
        if robber in tiles:  # the robber is on one of them: kept for that tile too
            key = total + 16 * (robber + 1)
            owed = income.get(key)
            if owed is None:
                owed = income[key] = self._owed(total, robber)
            full, need, takers, tiles = owed
        bank = self._bank
        if need[0] <= bank[0] and need[1] <= bank[1] and need[2] <= bank[2] \
                and need[3] <= bank[3] and need[4] <= bank[4]:
            return full, []
        short = [r for r in range(5) if need[r] > bank[r]]
        paid = []
        for p, r, n in full:
            if r in short:
                if takers[r] > 1 or not bank[r]:
                    continue
                n = bank[r]
            paid.append((p, r, n))
        return paid, short

    def _owed(self, total: int, robber: int) -> Owed:
        """What a roll of ``total`` owes with the robber on tile ``robber``, the bank aside:
        ``(seat, resource, n)`` in the order of the tiles, per resource the cards owed and the
        players owed them, and the tiles numbered ``total``."""
        owed: dict[int, int] = {}  # seat * 5 + resource -> cards
        owner, level = self._node_owner, self._node_level
        table = self._board_production.get(total, ())
        for tile, r, nodes in table:
            if tile == robber:
                continue
            for node in nodes:
                o = owner[node]
                if o >= 0:
                    key = o * 5 + r
                    owed[key] = owed[key] + level[node] if key in owed else level[node]
        need, takers = [0] * 5, [0] * 5
        for key, n in owed.items():
            need[key % 5] += n
            takers[key % 5] += 1
        return ([(key // 5, key % 5, n) for key, n in owed.items()], need, takers,
                tuple(tile for tile, _, _ in table))


    def _produce(self, total: int) -> Event:
        """Pay every building on tiles numbered ``total`` (see ``_payout``); the event."""
        paid, short = self._payout(total)
        gains: dict[str, dict[str, int]] = {}
        hand, bank, seats = self._hand, self._bank, self.seats
        for p, r, n in paid:
            hand[p][r] += n
            bank[r] -= n
            colour = seats[p]
            if colour in gains:
                gains[colour][RESOURCES[r]] = n
            else:
                gains[colour] = {RESOURCES[r]: n}
        # (a comprehension makes a function each time on CPython 3.11: only for a shortage)
        return {"type": "produced", "total": total, "gains": gains,
                "shortage": [RESOURCES[r] for r in short] if short else []}

    # -- the 7 ----------------------------------------------------------------------------

    def _start_seven(self) -> list[Event]:
        owed = {p: sum(h) // 2 for p, h in enumerate(self._hand) if sum(h) > 7}
        self._discard_owed = owed
        self.phase = "discard" if owed else "move_robber"
        if not owed:
            return []
        return [{"type": "must_discard", "counts": {self.seats[p]: k for p, k in owed.items()}}]

    def _discarding_player(self, action: Action) -> int:
        if "player" in action:
            p = self._seat_index_or_refuse(action["player"])
            if p not in self._discard_owed:
                raise IllegalAction("not_your_turn", "this player has nothing to discard",
                                    player=action["player"])
            return p
        if len(self._discard_owed) == 1:
            return next(iter(self._discard_owed))
        raise IllegalAction("malformed_action", "name the player who discards", field="player")

    def _do_discard(self, action: Action) -> list[Event]:
        self._require_phase("discard")
        p = self._discarding_player(action)
        cards = parse_cards(action.get("cards"), "cards")
        owed = self._discard_owed[p]
        if sum(cards) != owed:
            raise IllegalAction("wrong_discard_count", f"discard exactly {owed} cards",
                                player=self.seats[p], expected=owed, given=sum(cards))
        self._require_cards(p, cards)
        self._pay(p, cards)
        del self._discard_owed[p]
        if not self._discard_owed:
            self.phase = "move_robber"
        return [{"type": "discarded", "player": self.seats[p], "cards": cards_dict(cards)}]

    def _owners_on_tiles(self) -> tuple[int, ...]:
        """The seats with a building on each tile, as bits (kept per position: _tile_owners)."""
        found = self._tile_owners
        if found is None:
            found = self._tile_owners = _owners_on_tiles(self._settlements, self._cities)
        return found

    def _robber_candidates(self, tile: int) -> list[int]:
        """Opponents of the active player with a building on ``tile``, in seat order."""
        return list(SEATS_IN[self._owners_on_tiles()[tile] & ~(1 << self._current)])

    def _do_move_robber(self, action: Action) -> list[Event]:
        p = self._current  # the actor: apply checked the player named (_active_actor)
        self._require_phase("move_robber")
        tile = parse_tile(action.get("tile"))
        if tile == self.robber:
            raise IllegalAction("robber_must_move", "the robber must move to another tile",
                                tile=tile)
        victim = self._check_victim(tile, action.get("victim"))
        card = self._check_forced_card(victim, action.get("card"))
        self.robber = tile
        events: list[Event] = [{"type": "robber_moved", "player": self.seats[p], "tile": tile}]
        if victim >= 0:
            events.append(self._steal(p, victim, card))
        self.phase = self._return_phase or "main"
        self._return_phase = None
        return events

    def _check_victim(self, tile: int, value: object) -> int:
        candidates = self._robber_candidates(tile)
        if value is None:
            for q in candidates:
                if sum(self._hand[q]):
                    raise IllegalAction("invalid_victim", "choose whom to steal from",
                                        candidates=[self.seats[v] for v in candidates])
            return -1
        if not isinstance(value, str) or value not in self.seats \
                or self.seats.index(value) not in candidates:
            raise IllegalAction("invalid_victim", "the victim needs a building on that tile",
                                victim=value, candidates=[self.seats[q] for q in candidates])
        return self.seats.index(value)

    def _check_forced_card(self, victim: int, value: object) -> int:
        if value is None:
            return -1
        r = parse_resource(value)
        if victim < 0 or not self._hand[victim][r]:
            raise IllegalAction("insufficient_resources", "the victim has no such card",
                                card=value)
        return r

    def _steal(self, p: int, victim: int, card: int) -> Event:
        hand = self._hand[victim]
        total = sum(hand)
        if total == 0:
            return {"type": "stole", "player": self.seats[p], "victim": self.seats[victim],
                    "card": None}
        if card < 0:
            pick = self._rng.below(total)
            card = 0
            while pick >= hand[card]:
                pick -= hand[card]
                card += 1
        hand[card] -= 1
        self._hand[p][card] += 1
        return {"type": "stole", "player": self.seats[p], "victim": self.seats[victim],
                "card": RESOURCES[card]}

    # -- end of turn ----------------------------------------------------------------------

    def _do_end_turn(self, action: Action) -> list[Event]:
        p = self._current  # the actor: apply checked the player named (_active_actor)
        if self.phase != "main":
            self._require_phase("main")
        if self._trade is not None:
            self._require_no_offer()
        new = self._new_dev[p]
        if new is not NO_CARDS and any(new):  # (most seats hold the shared NO_CARDS)
            new, dev = own_cards(self._new_dev, p), own_cards(self._dev, p)
            for c in range(5):
                dev[c] += new[c]
                new[c] = 0
        self._current = (p + 1) % len(self.seats)
        self.turn_number += 1
        self.phase = "roll"
        self._dev_played = self._built = False
        self.dice = None
        return [{"type": "turn_started", "player": self.seats[self._current],
                 "number": self.turn_number}]


def _owners_on_tiles(settlements: list[set[int]], cities: list[set[int]]) -> tuple[int, ...]:
    """The seats with a settlement or city on each tile, as bits of seats."""
    on_tile = [0] * N_TILES
    for q, places in (*enumerate(settlements), *enumerate(cities)):
        bit = 1 << q
        for n in places:
            for t in NODE_TILES[n]:
                on_tile[t] |= bit
    return tuple(on_tile)


# Seat indices in a bit set of seats, in seat order, for the 16 sets of four seats.
SEATS_IN: Final = tuple(tuple(q for q in range(4) if mask >> q & 1) for mask in range(16))
