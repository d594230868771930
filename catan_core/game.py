"""The ``Game`` object: the public contract of ``notes/engine-contract.md``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from . import serialize
from .board import Board
from .constants import COLOURS, DEFAULT_RULES, DEV_COUNTS, RESOURCES, VICTORY_POINT
from .errors import IllegalAction, InvalidArgument, InvalidPosition
from .query import Queries
from .rng import seed_state
from .state import Action, Event, Trade
from .topology import N_EDGES, N_NODES

Handler = Callable[["Game", Action], list[Event]]


#: The ``view`` of ``Game.to_dict`` for someone who holds no seat: public information only.
SPECTATOR: Final = "spectator"

class Game(Queries):
    """One game of Catan: position, rules, and the random generator it owns.

    >>> g = Game.new(seats=["red", "blue", "white"], seed=1, board="beginner")
    >>> g.phase, len(g.legal_actions())
    ('setup_settlement', 54)
    """

    __slots__ = ()

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def new(cls, seats: Sequence[str] = ("red", "blue", "white", "orange"), seed: int = 0,
            board: str | Board = "standard", vp_to_win: int = 10,
            rules: dict[str, bool] | None = None, numbers: str = "spiral",
            start_cards: int = 0) -> Game:
        """A game at the start of set-up: empty island, shuffled deck, first seat to place.

        ``start_cards`` gives every player that many cards of each resource (the Quick mode
        of the game page uses 1). Bad arguments raise ``InvalidArgument`` naming which.

        >>> Game.new(seats=["red", "red", "blue"])
        Traceback (most recent call last):
        ...
        catan_core.errors.InvalidArgument: seats must be 3 or 4 different colours of ...
        """
        seats = _check_new(seats, seed, board, vp_to_win, rules, numbers, start_cards)
        doc: dict[str, Any] = {"seats": seats, "vp_to_win": vp_to_win,
                               "rng": seed_state(seed ^ 0x5EED), "rules": dict(rules or {})}
        if start_cards:
            hand = {r: start_cards for r in RESOURCES}
            doc["players"] = {colour: {"hand": dict(hand)} for colour in seats}
        if isinstance(board, Board):
            island = board
        elif board == "standard":
            island = Board.standard(seed, numbers)
        else:
            island = Board.beginner()
        tiles, ports = island.tile_strings(), island.port_dict()
        if island is not board:  # made here, hence valid: the reader need not parse it
            serialize.remember_board(island, tiles, ports)
        doc["board"] = {"tiles": tiles, "ports": ports}
        doc["turn"] = {"player": seats[0], "number": 0, "phase": "setup_settlement",
                       "dev_card_played": False}
        try:
            return cls.from_dict(doc)
        except InvalidPosition as exc:  # a hand-made Board the position format refuses
            raise InvalidArgument("invalid_board", exc.message) from None

    @classmethod
    def from_dict(cls, doc: Any) -> Game:
        """Load a position; ``InvalidPosition`` says what is wrong and where."""
        game = cls()  # empty (Game has no __init__); mypyc cannot compile cls.__new__(cls)
        try:
            serialize.read(game, doc)
        except InvalidPosition:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise InvalidPosition(f"unreadable position ({exc})") from None
        return game

    def to_dict(self, view: str | None = None) -> dict[str, Any]:
        """The whole position, or what ``view`` may see of it: a colour (its own cards, the
        others' as counts), or ``SPECTATOR`` (every hand as a count).

        >>> game = Game.new(seats=["red", "blue", "white"], seed=1, start_cards=1)
        >>> game.to_dict(view=SPECTATOR)["players"]["red"]["hand"]
        {'hidden': 5}
        """
        if view is not None and view != SPECTATOR and (not isinstance(view, str)
                                                       or view not in self.seats):
            raise InvalidArgument("unknown_player", f"view must be one of {list(self.seats)}",
                                  player=view if isinstance(view, str) else repr(view))
        return serialize.write(self, view)

    def copy(self) -> Game:
        """An independent copy (generator included); the fast way to branch a game.

        >>> g = Game.new(seats=["red", "blue", "white"], board="beginner")
        >>> h = g.copy()
        >>> _ = h.apply({"type": "place_settlement", "node": "9.N"})
        >>> g.phase, h.phase
        ('setup_settlement', 'setup_road')
        """
        o = Game()  # empty, as from_dict's; quicker than Game.__new__(Game)
        # Shared: never changed after loading.
        o.seats, o.board, o._node_port = self.seats, self.board, self._node_port
        o._board_production, o.vp_to_win, o.rules = self._board_production, self.vp_to_win, \
            self.rules
        # Numbers, strings and tuples.
        o._longest_road, o._largest_army, o.robber = self._longest_road, self._largest_army, \
            self.robber
        o._current, o.turn_number, o.phase = self._current, self.turn_number, self.phase
        o._dev_played, o._built, o.dice = self._dev_played, self._built, self.dice
        o._income = self._income  # only ever replaced, never changed for other buildings
        o._tile_owners = self._tile_owners  # a tuple, replaced when a settlement is placed
        o._build_spots = self._build_spots  # only ever replaced when pieces change, as income
        o._return_phase, o._win_seat, o.winner = self._return_phase, self._win_seat, self.winner
        o._unchecked = self._unchecked
        # Containers.
        o._hand = [h[:] for h in self._hand]
        o._dev = [d[:] for d in self._dev]
        o._new_dev = [d[:] for d in self._new_dev]
        o._rates = self._rates[:]  # rows are shared tuples
        o._bank, o._knights, o._road_len = self._bank[:], self._knights[:], self._road_len[:]
        o._deck = self._deck[:]
        # The pieces' tables: the loader's stay shared until one of the two changes them;
        # this position's own are copied (_own_pieces).
        o._node_owner, o._node_level, o._edge_owner = self._node_owner, self._node_level, \
            self._edge_owner
        o._settlements, o._cities, o._roads = self._settlements, self._cities, self._roads
        o._pieces_shared = True
        if not self._pieces_shared:
            o._own_pieces()
        o._discard_owed = dict(self._discard_owed)
        trade = self._trade
        o._trade = None if trade is None else Trade(trade.give, trade.get, dict(trade.answers))
        o._rng = self._rng.copy()
        return o

    # -- playing --------------------------------------------------------------------------

    def apply(self, action: Any) -> list[Event]:
        """Perform ``action`` entirely, or raise ``IllegalAction`` and change nothing."""
        if type(action) is not dict and not isinstance(action, dict):  # (the first is cheaper)
            raise IllegalAction("malformed_action", "an action is an object with a 'type'")
        try:
            handler = _HANDLERS[action["type"]]
        except (KeyError, TypeError):  # no type, an unknown one, or not even a name
            raise IllegalAction("malformed_action", f"unknown action type {action.get('type')!r}",
                                field="type") from None
        if self._win_seat >= 0:
            raise IllegalAction("game_over", "the game is over",
                                winner=self.seats[self._win_seat])
        if "player" in action and action["player"] != self.seats[self._current] \
                and handler in _BY_ACTIVE:  # naming another player: refused there
            self._active_actor(action)
        events = handler(self, action)
        # The active player's points: after every action, bar the quiet ones once they were
        # checked in this position's line (a quiet action changes no points, nor who is active).
        if self.phase not in _NO_VICTORY and (handler not in _QUIET or self._unchecked):
            self._unchecked = False
            p = self._current  # _victory_points_of(p), inlined: this runs after most actions
            if len(self._settlements[p]) + 2 * len(self._cities[p]) + self._dev[p][VICTORY_POINT] \
                    + self._new_dev[p][VICTORY_POINT] + 2 * (self._longest_road == p) \
                    + 2 * (self._largest_army == p) >= self.vp_to_win:
                events += self._check_victory()
        return events

    def _check_victory(self) -> list[Event]:
        """The active player wins the moment they reach ``vp_to_win`` (never someone else)."""
        if self.phase in _NO_VICTORY or self._win_seat >= 0:
            return []
        p = self._current
        points = self._victory_points_of(p)
        if points < self.vp_to_win:
            return []
        self._win_seat = p
        self.winner = self.seats[p]
        self.phase = "game_over"
        self._trade = None
        self._return_phase = None  # nothing is pending once the game is over
        return [{"type": "game_won", "player": self.seats[p], "points": points}]

    # -- queries --------------------------------------------------------------------------

    def victory_points(self, colour: str) -> int:
        """Total points of ``colour``, hidden Victory Point cards included."""
        return self._victory_points_of(self._seat_index(colour))

    def longest_road_length(self, colour: str) -> int:
        """Length of ``colour``'s longest road (breaks by opponents' buildings applied)."""
        return self._road_len[self._seat_index(colour)]

    @property
    def current_player(self) -> str:
        return self.seats[self._current]

    def bank_counts(self) -> dict[str, int]:
        """Resource cards left in the bank."""
        return {RESOURCES[r]: n for r, n in enumerate(self._bank)}

    def __repr__(self) -> str:
        return (f"<Game {'/'.join(self.seats)} turn {self.turn_number} "
                f"{self.seats[self._current]} {self.phase}>")


def _check_new(seats: object, seed: object, board: object, vp_to_win: object, rules: object,
               numbers: object, start_cards: object) -> list[str]:
    """``Game.new``'s arguments, refused with ``InvalidArgument`` when bad; the seats."""
    if isinstance(seats, str) or not isinstance(seats, Sequence) or len(seats) not in (3, 4) \
            or not all(isinstance(c, str) and c in COLOURS for c in seats) \
            or len(set(seats)) != len(seats):
        raise InvalidArgument("invalid_seats", "seats must be 3 or 4 different colours of "
                              f"{list(COLOURS)}", seats=repr(seats))
    if not _is_int(seed):
        raise InvalidArgument("invalid_seed", "seed must be an integer", seed=repr(seed))
    if not isinstance(board, Board) and board not in ("standard", "beginner"):
        raise InvalidArgument("invalid_board", "board must be 'standard', 'beginner' or a Board",
                              board=repr(board))
    if numbers not in ("spiral", "random"):
        raise InvalidArgument("invalid_numbers", "numbers must be 'spiral' or 'random'",
                              numbers=repr(numbers))
    if not _is_int(vp_to_win) or not 3 <= vp_to_win <= 30:  # type: ignore[operator]
        raise InvalidArgument("invalid_vp_to_win", "vp_to_win must be a number from 3 to 30",
                              vp_to_win=repr(vp_to_win))
    if rules is not None and (not isinstance(rules, dict) or not all(
            k in DEFAULT_RULES and isinstance(v, bool) for k, v in rules.items())):
        raise InvalidArgument("invalid_rules", f"rules must map {list(DEFAULT_RULES)} to "
                              "true or false", rules=repr(rules))
    if not _is_int(start_cards) or not 0 <= start_cards <= 4:  # type: ignore[operator]
        raise InvalidArgument("invalid_start_cards", "start_cards must be from 0 to 4",
                              start_cards=repr(start_cards))
    return list(seats)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_NO_VICTORY: Final = frozenset(("setup_settlement", "setup_road", "game_over"))
_SLOTS: Final = [s for cls in Game.__mro__ for s in getattr(cls, "__slots__", ())]
_HANDLERS: Final[dict[str, Handler]] = {
    "place_settlement": Game._do_place_settlement,
    "place_road": Game._do_place_road,
    "roll": Game._do_roll,
    "discard": Game._do_discard,
    "move_robber": Game._do_move_robber,
    "build_road": Game._do_build_road,
    "build_settlement": Game._do_build_settlement,
    "build_city": Game._do_build_city,
    "buy_dev_card": Game._do_buy_dev_card,
    "play_knight": Game._do_play_knight,
    "play_road_building": Game._do_play_road_building,
    "play_year_of_plenty": Game._do_play_year_of_plenty,
    "play_monopoly": Game._do_play_monopoly,
    "bank_trade": Game._do_bank_trade,
    "offer_trade": Game._do_offer_trade,
    "accept_trade": Game._do_accept_trade,
    "reject_trade": Game._do_reject_trade,
    "counter_trade": Game._do_counter_trade,
    "confirm_trade": Game._do_confirm_trade,
    "cancel_trade": Game._do_cancel_trade,
    "end_turn": Game._do_end_turn,
}
ACTION_TYPES: Final = tuple(_HANDLERS)
# The actions of the active player: apply checks the player they name (_active_actor) before
# their handler, the first thing each of them would check.
_BY_ACTIVE: Final[frozenset[Handler]] = frozenset(
    handler for kind, handler in _HANDLERS.items()
    if kind not in ("discard", "accept_trade", "reject_trade", "counter_trade"))
# Actions that change nobody's points and not who is active (see apply).
_QUIET: Final[frozenset[Handler]] = frozenset(_HANDLERS[kind] for kind in (
    "roll", "discard", "move_robber", "bank_trade", "offer_trade", "accept_trade",
    "reject_trade", "counter_trade", "confirm_trade", "cancel_trade", "play_year_of_plenty",
    "play_monopoly"))
#: What code outside ``catan_core`` may use on a ``Game``: every name on it without a leading
#: underscore (the documented read-only attributes, ``Game``'s own methods and the read API of
#: ``catan_core.query``). The rest (the integer state, the rule helpers) is internal by name
#: and may change without notice.
PUBLIC_ATTRIBUTES: Final[frozenset[str]] = frozenset(
    name for cls in Game.__mro__ if cls is not object for name in vars(cls)  # slots included
    if not name.startswith("_"))

__all__ = ["ACTION_TYPES", "COLOURS", "DEFAULT_RULES", "DEV_COUNTS", "N_EDGES", "N_NODES",
           "PUBLIC_ATTRIBUTES", "SPECTATOR", "Game", "Trade"]
