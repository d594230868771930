"""The game state every rule module works on, and the small helpers they share.

Internally everything is integers and lists (players by seat index, resources by index,
nodes and edges by id) so that rules and search run fast; the JSON of the position format
exists only at the edges (``serialize``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from .board import Board
from .constants import (
    BANK_PER_RESOURCE,
    CITIES,
    RESOURCE_INDEX,
    RESOURCES,
    ROADS,
    SETTLEMENTS,
    VICTORY_POINT,
)
from .errors import IllegalAction
from .rng import Rng
from .topology import EDGE_ALIASES, N_TILES, NODE_ALIASES, TILE_NODES

Vec = list[int]  # five resource counts in RESOURCES order
Event = dict[str, Any]
Action = dict[str, Any]


@dataclass
class Trade:
    """An open domestic offer from the active player: what they give and get, and answers.

    ``answers`` maps a seat to ``"accept"``, ``"reject"`` or a counter ``(give, get)``.
    """

    give: tuple[int, ...]
    get: tuple[int, ...]
    answers: dict[int, str | tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=dict)

    def terms_with(self, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """The (give, get) the active player would trade with ``seat``, if it accepted/countered."""
        answer = self.answers.get(seat)
        if isinstance(answer, tuple):
            return answer
        return (self.give, self.get) if answer == "accept" else None


class State:
    """Mutable state of one game. Players are seat indices; ``-1`` means nobody."""

    # In the order of the names without their underscore, as before the internal ones took
    # one: the same layout (and speed) as then.
    __slots__ = (  # noqa: RUF023
        "_bank", "board", "_board_production", "_build_spots", "_built", "_cities", "_current",
        "_deck", "_dev", "_dev_played", "dice", "_discard_owed", "_edge_owner", "_hand",
        "_income", "_knights", "_largest_army", "_longest_road", "_new_dev", "_node_level",
        "_node_owner", "_node_port", "phase", "_pieces_shared", "_rates", "_return_phase", "_rng",
        "_road_len", "_roads", "robber", "rules", "seats", "_settlements", "_tile_owners",
        "_trade", "turn_number", "_unchecked", "vp_to_win", "_win_seat", "winner",
    )

    seats: tuple[str, ...]
    board: Board
    _node_port: list[str | None]
    _board_production: dict[int, list[tuple[int, int, tuple[int, ...]]]]
    vp_to_win: int
    rules: dict[str, bool]
    _hand: list[Vec]
    _bank: Vec
    # Development cards per kind: a list, or the shared NO_CARDS tuple for a seat holding none
    # (loading makes no list for them); code that adds a card takes a list first (own_cards).
    _dev: list[Vec | tuple[int, ...]]
    _new_dev: list[Vec | tuple[int, ...]]
    _knights: list[int]
    _node_owner: list[int]
    _node_level: list[int]
    _edge_owner: list[int]
    _settlements: list[set[int]]
    _cities: list[set[int]]
    _roads: list[set[int]]
    # True while _node_owner, _node_level, _edge_owner, _settlements, _cities and _roads are
    # tables the loader keeps (shared with other positions and copies): _own_pieces() copies
    # them before anything changes them.
    _pieces_shared: bool
    _deck: list[int]
    _longest_road: int
    _largest_army: int
    _road_len: list[int]
    # What each dice total owes (``_payout``), filled as rolls come: with no robber on its tiles
    # (key: the total), or with the robber on one of them (key: total + 16 * (tile + 1));
    # None after a building changes, shared by copies (the same for the same buildings).
    _income: dict[int, Any] | None
    # Where each seat may build, as legal_actions lists it (``LegalActions._spots_of``), made when
    # first asked; None after a road or settlement is placed, shared by copies.
    _build_spots: dict[int, tuple[Any, ...]] | None
    # The seats with a building on each tile, as bits (``_legal_robber_moves``), made when first
    # asked; None after a settlement is placed, shared by copies (the same for the same buildings).
    _tile_owners: tuple[int, ...] | None
    _rates: list[tuple[int, ...]]  # maritime rate per resource per seat (shared, never changed)
    robber: int
    _current: int
    turn_number: int
    phase: str
    _dev_played: bool
    _built: bool
    dice: tuple[int, int] | None
    _discard_owed: dict[int, int]
    _trade: Trade | None
    _return_phase: str | None
    _rng: Rng
    _win_seat: int
    # True until ``apply`` checked the active player's points after an action, since loading
    # (the quiet actions then skip the check: ``Game.apply``).
    _unchecked: bool
    winner: str | None  # the colour of _win_seat, or None while the game goes on (read often)

    def _own_pieces(self) -> None:
        """Make the pieces' tables this position's own (see ``_pieces_shared``): call before
        changing any of them, even for a moment."""
        if self._pieces_shared:
            self._node_owner, self._node_level = self._node_owner[:], self._node_level[:]
            self._edge_owner = self._edge_owner[:]
            self._settlements = [places.copy() for places in self._settlements]
            self._cities = [places.copy() for places in self._cities]
            self._roads = [places.copy() for places in self._roads]
            self._pieces_shared = False

    # -- derived quantities -------------------------------------------------------------

    def _victory_points_of(self, p: int) -> int:
        """Total points of seat ``p``, hidden Victory Point cards included."""
        vp = len(self._settlements[p]) + 2 * len(self._cities[p])
        vp += self._dev[p][VICTORY_POINT] + self._new_dev[p][VICTORY_POINT]
        if self._longest_road == p:
            vp += 2
        if self._largest_army == p:
            vp += 2
        return vp

    def _stock(self, p: int) -> tuple[int, int, int]:
        """Roads, settlements and cities seat ``p`` still has in its supply."""
        return (ROADS - len(self._roads[p]), SETTLEMENTS - len(self._settlements[p]),
                CITIES - len(self._cities[p]))

    def _compute_bank(self) -> Vec:
        """19 of each resource minus every hand."""
        return [BANK_PER_RESOURCE - held for held in map(sum, zip(*self._hand, strict=True))]

    def _ports_of(self, p: int) -> set[str]:
        """Harbour kinds seat ``p`` can use (a settlement or city on the harbour)."""
        port = self._node_port
        found = {port[n] for n in self._settlements[p]} | {port[n] for n in self._cities[p]}
        found.discard(None)
        return found  # type: ignore[return-value]

    def _trade_rates(self, p: int) -> list[int]:
        """Maritime rate per resource for seat ``p``: 4, 3 with a 3:1 harbour, 2 with its 2:1."""
        return list(self._rates[p])

    def _compute_rates(self, p: int) -> tuple[int, ...]:
        """Maritime rates of seat ``p`` from its buildings on harbours (a shared tuple)."""
        return rates_with(self._ports_of(p))

    def _players_on_tile(self, tile: int) -> set[int]:
        """Seats with a settlement or city on a corner of ``tile``."""
        return {self._node_owner[n] for n in TILE_NODES[tile] if self._node_owner[n] >= 0}

    def _setup_count(self) -> int:
        """Settlements placed so far during set-up (also the index into the snake order)."""
        return sum(len(s) + len(c) for s, c in zip(self._settlements, self._cities, strict=True))

    def _setup_player(self, k: int) -> int:
        """Seat placing the ``k``-th set-up settlement: 0, 1, .., n-1, n-1, .., 0."""
        n = len(self.seats)
        return k if k < n else 2 * n - 1 - k

    def _seat_index(self, colour: object, what: str = "player") -> int:
        """Seat index of a colour; ``IllegalAction`` if it is no seat of this game."""
        if isinstance(colour, str) and colour in self.seats:
            return self.seats.index(colour)
        raise IllegalAction("unknown_player", f"{what} {colour!r} is not at this table",
                            player=colour)


NO_CARDS: Final = (0, 0, 0, 0, 0)


def own_cards(rows: list[Vec | tuple[int, ...]], p: int) -> Vec:
    """Seat ``p``'s row of ``rows`` (development cards) as a list of its own, to change.

    >>> rows = [NO_CARDS, [1, 0, 0, 0, 0]]
    >>> own_cards(rows, 0)[2] += 1
    >>> rows, NO_CARDS
    ([[0, 0, 1, 0, 0], [1, 0, 0, 0, 0]], (0, 0, 0, 0, 0))
    """
    row = rows[p]
    if type(row) is tuple:
        row = rows[p] = list(row)
    return row  # type: ignore[return-value]


def rates_with(ports: set[str] | frozenset[str]) -> tuple[int, ...]:
    """Maritime rate per resource with these harbour kinds: 4, 3 with a 3:1, 2 with its 2:1.

    >>> rates_with({"3:1", "ore"})
    (3, 3, 3, 3, 2)
    """
    key = frozenset(ports)
    found = _RATES.get(key)
    if found is None:
        base = 3 if "3:1" in key else 4
        found = _RATES[key] = tuple(2 if RESOURCES[r] in key else base for r in range(5))
    return found


_RATES: Final[dict[frozenset[str], tuple[int, ...]]] = {}  # a pure cache: at most 2**6 harbour sets


# -- parsing action fields ---------------------------------------------------------------

def parse_node(value: object) -> int:
    """Node id from a name; ``unknown_place`` for anything else."""
    if isinstance(value, str) and value in NODE_ALIASES:
        return NODE_ALIASES[value]
    raise IllegalAction("unknown_place", f"{value!r} is not an intersection", place=value)


def parse_edge(value: object) -> int:
    """Edge id from a name; ``unknown_place`` for anything else."""
    if isinstance(value, str) and value in EDGE_ALIASES:
        return EDGE_ALIASES[value]
    raise IllegalAction("unknown_place", f"{value!r} is not an edge", place=value)


def parse_tile(value: object) -> int:
    """Tile index 0..18; ``unknown_place`` for anything else."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < N_TILES:
        return value
    raise IllegalAction("unknown_place", f"{value!r} is not a tile (0 to 18)", place=value)


def parse_resource(value: object) -> int:
    """Resource index from its name; ``malformed_action`` otherwise."""
    if isinstance(value, str) and value in RESOURCE_INDEX:
        return RESOURCE_INDEX[value]
    raise IllegalAction("malformed_action", f"{value!r} is not a resource", field="resource")


def parse_cards(value: object, what: str) -> Vec:
    """A ``{resource: count}`` mapping as a 5-vector; zeros allowed, negatives refused."""
    if not isinstance(value, dict):
        raise IllegalAction("malformed_action", f"{what} must be an object of resource counts",
                            field=what)
    vec = [0] * 5
    for key, count in value.items():
        r = RESOURCE_INDEX.get(key) if type(key) is str else None
        if r is None:
            r = parse_resource(key)  # raises: not a resource
        if type(count) is not int or count < 0 or count > 95:
            raise IllegalAction("malformed_action", f"{what}.{key} must be a count", field=what)
        vec[r] += count
    return vec


def cards_dict(vec: Vec | tuple[int, ...]) -> dict[str, int]:
    """A 5-vector as a ``{resource: count}`` mapping without zeros."""
    return {RESOURCES[r]: n for r, n in enumerate(vec) if n}


def has_cards(hand: Vec, cost: Vec | tuple[int, ...]) -> bool:
    """True when ``hand`` holds at least ``cost``."""
    return (hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2]
            and hand[3] >= cost[3] and hand[4] >= cost[4])


class Checks(State):
    """Checks shared by the rule modules; each raises ``IllegalAction`` naming the rule."""

    __slots__ = ()

    def _active_actor(self, action: Action) -> int:
        """The active player, after checking that ``action`` does not name someone else."""
        if "player" in action and action["player"] != self.seats[self._current] \
                and self._seat_index_or_refuse(action["player"]) != self._current:
            raise IllegalAction("not_your_turn", f"it is {self.seats[self._current]}'s turn",
                                player=action["player"], current=self.seats[self._current])
        return self._current

    def _seat_index_or_refuse(self, colour: object) -> int:
        """Seat of a named player; naming someone not at the table is ``not_your_turn``."""
        if isinstance(colour, str) and colour in self.seats:
            return self.seats.index(colour)
        raise IllegalAction("not_your_turn", f"{colour!r} is not a player of this game",
                            player=colour)

    def _require_phase(self, *phases: str) -> None:
        """Refuse with ``wrong_phase`` unless the game is in one of ``phases``."""
        if self.phase not in phases:
            raise IllegalAction("wrong_phase", f"not allowed in phase {self.phase}",
                                phase=self.phase, allowed=list(phases))

    def _require_no_offer(self) -> None:
        """Refuse with ``trade_open`` while a domestic offer waits for an answer."""
        if self._trade is not None:
            raise IllegalAction("trade_open", "confirm or cancel the open trade offer first")

    def _require_cards(self, p: int, cost: Vec | tuple[int, ...]) -> None:
        """Refuse with ``insufficient_resources`` unless seat ``p`` holds ``cost``."""
        if not has_cards(self._hand[p], cost):
            missing = {RESOURCES[r]: c - h for r, (h, c) in enumerate(zip(self._hand[p], cost,
                                                                            strict=True)) if c > h}
            raise IllegalAction("insufficient_resources", "not enough resource cards",
                                player=self.seats[p], missing=missing)

    def _pay(self, p: int, cost: Vec | tuple[int, ...]) -> None:
        """Move ``cost`` from seat ``p``'s hand to the bank."""
        hand, bank = self._hand[p], self._bank
        for r in range(5):
            n = cost[r]
            if n:
                hand[r] -= n
                bank[r] += n

    def _receive(self, p: int, cards: Vec | tuple[int, ...]) -> None:
        """Move ``cards`` from the bank to seat ``p``'s hand."""
        hand, bank = self._hand[p], self._bank
        for r in range(5):
            n = cards[r]
            if n:
                hand[r] += n
                bank[r] -= n
