"""The position document (``catan-position/1``): writing and reading it.

Writing is canonical: names are canonical, node and edge lists sorted, zeros left out of hands.
Reading checks everything and raises ``InvalidPosition`` with the JSON path at fault.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import le as _le
from typing import Any, Final

from .board import Board
from .constants import (
    BANK_PER_RESOURCE,
    CITIES,
    COLOURS,
    DEFAULT_RULES,
    DEV_CARDS,
    DEV_COUNTS,
    DEV_INDEX,
    FORMAT,
    KNIGHT,
    PHASES,
    RESOURCE_INDEX,
    ROADS,
    SETTLEMENTS,
)
from .errors import InvalidPosition
from .rng import Rng, rng_at, seed_state
from .roads import longest_trail
from .state import NO_CARDS, State, Trade, cards_dict, own_cards
from .topology import (
    EDGE_ALIASES,
    EDGE_NAMES,
    N_EDGES,
    N_NODES,
    NODE_ALIASES,
    NODE_NAMES,
)
from .validate import NEAR as _NEAR
from .validate import check_consistency as _check_consistency
from .validate import check_setup, check_trade

Doc = dict[str, Any]
MAX_SAFE: Final = (1 << 53) - 1  # the largest integer JavaScript's JSON keeps exactly
PLAYER_KEYS: Final = ("settlements", "cities", "roads", "hand", "dev_cards", "new_dev_cards",
                      "knights_played")
TOP_KEYS: Final = ("format", "seats", "vp_to_win", "board", "seed", "players", "deck",
                   "longest_road", "largest_army", "turn", "pending", "rng", "winner", "rules")


def _colour(state: State, p: int) -> str | None:
    return state.seats[p] if p >= 0 else None


def _card_list(counts: Sequence[int]) -> list[str]:
    return [DEV_CARDS[c] for c in range(5) for _ in range(counts[c])]


def write(state: State, view: str | None = None) -> Doc:
    """The position as a JSON-compatible dict; ``view`` hides what that colour cannot see."""
    players = {}
    for p, colour in enumerate(state.seats):
        hidden = view is not None and view != colour
        players[colour] = {
            "settlements": [NODE_NAMES[n] for n in sorted(state._settlements[p])],
            "cities": [NODE_NAMES[n] for n in sorted(state._cities[p])],
            "roads": [EDGE_NAMES[e] for e in sorted(state._roads[p])],
            "hand": {"hidden": sum(state._hand[p])} if hidden else cards_dict(state._hand[p]),
            "dev_cards": {"hidden": sum(state._dev[p])} if hidden else _card_list(state._dev[p]),
            "new_dev_cards": ({"hidden": sum(state._new_dev[p])} if hidden
                              else _card_list(state._new_dev[p])),
            "knights_played": state._knights[p],
        }
    doc: Doc = {
        "format": FORMAT,
        "seats": list(state.seats),
        "vp_to_win": state.vp_to_win,
        "board": {"tiles": state.board.tile_strings(), "ports": state.board.port_dict(),
                  "robber": state.robber if state.robber >= 0 else None},
        "players": players,
        "deck": len(state._deck) if view is not None else [DEV_CARDS[c] for c in
                                                           reversed(state._deck)],
        "longest_road": _colour(state, state._longest_road),
        "largest_army": _colour(state, state._largest_army),
        "turn": _write_turn(state),
        "pending": _write_pending(state),
        "winner": _colour(state, state._win_seat),
    }
    if view is None:
        doc["rng"] = f"{state._rng.state:016x}"
    if state.rules != DEFAULT_RULES:
        doc["rules"] = dict(state.rules)
    return doc


def _write_turn(state: State) -> Doc:
    turn: Doc = {"player": state.seats[state._current], "number": state.turn_number,
                 "phase": state.phase, "dev_card_played": state._dev_played}
    if state.dice is not None:
        turn["dice"] = list(state.dice)
    if state._built:
        turn["built"] = True
    return turn


def _write_pending(state: State) -> Doc:
    pending: Doc = {}
    if state._discard_owed:
        pending["discard"] = {state.seats[p]: k for p, k in sorted(state._discard_owed.items())}
    if state._return_phase is not None:
        pending["return_to"] = state._return_phase
    if state._trade is not None:
        answers: Doc = {}
        for q, answer in sorted(state._trade.answers.items()):
            answers[state.seats[q]] = answer if isinstance(answer, str) else {
                "give": cards_dict(answer[0]), "get": cards_dict(answer[1])}
        pending["trade"] = {"give": cards_dict(state._trade.give),
                            "get": cards_dict(state._trade.get), "answers": answers}
    return pending


# -- reading --------------------------------------------------------------------------------

def _fail(path: str, message: str) -> InvalidPosition:
    return InvalidPosition(message, path)


def _expect(value: Any, kind: type | tuple[type, ...], path: str, what: str) -> Any:
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise _fail(path, f"expected {what}, got {type(value).__name__}")
    return value


def _int(value: Any, path: str, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(path, f"expected an integer, got {type(value).__name__}")
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise _fail(path, f"{value} is out of range (expected {bound})")
    return value


def read(state: State, doc: Any) -> None:
    """Fill ``state`` from a position document, checking every field.

    A fast reader handles well-formed documents; at the first thing it does not like it gives
    up and the careful reader starts again, to say exactly what is wrong and where. Both
    accept the same documents (``tests/engine/test_fuzz_inputs.py`` compares them).
    """
    state._income = state._tile_owners = state._build_spots = None
    state._unchecked = True
    state._pieces_shared = False
    if not _read_fast(state, doc):
        _read_checked(state, doc)


def _read_checked(state: State, doc: Any) -> None:
    _expect(doc, dict, "", "an object")
    for key in doc:
        if key not in TOP_KEYS:
            raise _fail(key, "unknown field")
    if doc.get("format", FORMAT) != FORMAT:
        raise _fail("format", f"unsupported format {doc['format']!r} (expected {FORMAT!r})")
    state.seats = _read_seats(doc.get("seats"))
    state.vp_to_win = _int(doc.get("vp_to_win", 10), "vp_to_win", 3, 30)
    rules = doc.get("rules")
    state.rules = dict(DEFAULT_RULES) if rules is None else _read_rules(rules)
    state._rng = Rng(_read_rng(doc.get("rng", 0)))
    _read_board(state, doc.get("board", "beginner"), doc.get("seed"))
    _read_players(state, _expect(doc.get("players", {}), dict, "players", "an object"))
    _read_deck(state, doc.get("deck"))
    state._longest_road = _read_colour(state, doc.get("longest_road"), "longest_road")
    state._largest_army = _read_colour(state, doc.get("largest_army"), "largest_army")
    state._win_seat = _read_colour(state, doc.get("winner"), "winner")
    state.winner = state.seats[state._win_seat] if state._win_seat >= 0 else None
    _read_turn(state, doc.get("turn"))
    _read_pending(state, _expect(doc.get("pending", {}), dict, "pending", "an object"))
    _check_consistency(state)


def _read_fast(state: State, doc: Any) -> bool:
    """Read a well-formed document quickly; False (state garbage) at the first doubt.

    Every check of the careful reader is made here too, most of them with a cheaper test that
    says only "fine" or "not sure": the pieces on the island are checked once per distinct set
    of lists (``_fast_pieces``). It raises only through the careful reader's own functions, and
    only once every earlier part passed its checks, so an error is the one ``_read_checked``
    would raise.
    """
    if type(doc) is not dict or not _TOP_KEY_SET.issuperset(doc) \
            or doc.get("format", FORMAT) != FORMAT:
        return False
    seats = doc.get("seats")
    last = _LAST_SEATS[0]
    if seats == last[0] and type(seats) is list:
        state.seats, seat_of = last[1], last[2]
    else:
        if type(seats) is not list or len(seats) not in (3, 4):
            return False
        try:
            seat_of = {colour: p for p, colour in enumerate(seats)}
        except TypeError:  # an unhashable entry
            return False
        if len(seat_of) != len(seats) or not _COLOUR_SET.issuperset(seat_of):
            return False
        state.seats = tuple(seats)
        _LAST_SEATS[0] = (seats[:], state.seats, seat_of)
    vp = doc.get("vp_to_win", 10)
    if type(vp) is not int or not 3 <= vp <= 30:
        return False
    state.vp_to_win = vp
    rules = doc.get("rules")
    state.rules = DEFAULT_RULES.copy() if rules is None or rules == {} else _read_rules(rules)
    rng = doc.get("rng", 0)
    # 16 hexadecimal digits as written; int() would also take a "0x" in front.
    if type(rng) is str and len(rng) == 16 and rng.isascii() and rng.isalnum() \
            and rng[1] not in "xX":
        try:
            state._rng = rng_at(int(rng, 16))  # (16 hexadecimal digits fit 64 bits)
        except ValueError:  # a letter after f
            return False
    else:
        state._rng = Rng(_read_rng(rng))
    board = doc.get("board", "beginner")
    tables = None
    if type(board) is dict and len(board) == 3:  # tiles, harbours and robber, as written
        tiles, ports, robber = board.get("tiles"), board.get("ports"), board.get("robber", _NONE)
        if type(tiles) is list and type(ports) is dict and (
                robber is None or (type(robber) is int and 0 <= robber <= 18)):
            last = _LAST_BOARD[0]
            if tiles == last[0] and ports == last[1]:
                tables = last[2]
            else:
                try:
                    tables = _BOARDS.get(("tiles", len(tiles), *tiles, *ports.items()))
                except TypeError:  # unhashable entries
                    return False
                if tables is not None:
                    _LAST_BOARD[0] = (tiles[:], ports.copy(), tables)
    if tables is None:
        _read_board(state, board, doc.get("seed"))
    else:
        state.board, state._node_port, state._board_production = tables
        state.robber = tables[0].desert() if robber is None else robber
    players = doc.get("players", _NO_CARDS)
    if type(players) is not dict or not _fast_players(state, players, seat_of, doc.get("deck")):
        return False
    road, army, winner = doc.get("longest_road"), doc.get("largest_army"), doc.get("winner")
    if road is None:
        state._longest_road = -1
    elif type(road) is str and road in seat_of:
        state._longest_road = seat_of[road]
    else:
        return False
    if army is None:
        state._largest_army = -1
    elif type(army) is str and army in seat_of:
        state._largest_army = seat_of[army]
    else:
        return False
    if winner is None:
        state._win_seat = -1
    elif type(winner) is str and winner in seat_of:
        state._win_seat = seat_of[winner]
    else:
        return False
    state.winner = winner
    if not _fast_turn(state, doc.get("turn"), seat_of):
        return False
    pending = doc.get("pending", _NO_CARDS)
    if type(pending) is dict and not pending:
        state._discard_owed, state._return_phase, state._trade = {}, None, None
    else:
        _read_pending(state, _expect(pending, dict, "pending", "an object"))
    return _fast_consistency(state)


_TOP_KEY_SET: Final = frozenset(TOP_KEYS)
_COLOUR_SET: Final = frozenset(COLOURS)
_PLAYER_KEY_SET: Final = frozenset(PLAYER_KEYS)
_RESOURCE_SET: Final = frozenset(RESOURCE_INDEX)
_COUNTS: Final = frozenset(range(20))  # a resource count in a hand: 0 to 19
_INT_ONLY: Final = frozenset((int,))
_TURN_KEY_SET: Final = frozenset(("player", "number", "phase", "dev_card_played", "dice", "built"))
_PHASE_SET: Final = frozenset(PHASES)
_DIE: Final = frozenset(range(1, 7))
_NO_CARDS: Final[dict[str, int]] = {}
_NONE: Final[list[Any]] = []
_ZEROS: Final = (0, 0, 0, 0, 0)
_B: Final = BANK_PER_RESOURCE
# The last seats, board, pieces and deck read, as written (copies) with what was made of them:
# positions of one game loaded one after another share them, and comparing lists costs less
# than hashing them for the caches. Each is replaced whole (one reference), never changed.
_LAST_SEATS: Final[list[tuple[Any, ...]]] = [(None, (), {})]
_LAST_BOARD: Final[list[tuple[Any, ...]]] = [(None, None, None)]
_LAST_PIECES: Final[list[tuple[Any, ...]]] = [(None, None)]
_LAST_DECK: Final[list[tuple[Any, ...]]] = [(None, None)]


def _fast_players(state: State, players: dict[str, Any], seat_of: dict[str, int],
                  deck: Any) -> bool:
    """Hands, cards and pieces, then the deck (``_fast_deck``)."""
    n = len(seat_of)
    hands = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]] if n == 4 \
        else [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    devs: list[Any] = [NO_CARDS] * n  # lists only for the seats holding cards
    news: list[Any] = [NO_CARDS] * n
    knights_of = [0, 0, 0, 0] if n == 4 else [0, 0, 0]
    state._hand, state._dev, state._new_dev, state._knights = hands, devs, news, knights_of
    pieces: list[Any] = [n]
    index = RESOURCE_INDEX
    held = [0, 0, 0, 0, 0]  # development cards in hands, per kind (literals: cheaper than * 5)
    state._bank = bank = [_B, _B, _B, _B, _B]  # less what the hands hold
    # One try for the whole loop: a KeyError (a field missing, an unknown colour, resource or
    # card) or TypeError (an unhashable name) can only come from a document in doubt.
    try:
        for colour, entry in players.items():
            p = seat_of[colour]
            if type(entry) is not dict:
                return False
            if len(entry) == 7:  # every field written, as to_dict does: no other key then
                towns, cities, roads, hand, dev, new, knights = (
                    entry["settlements"], entry["cities"], entry["roads"], entry["hand"],
                    entry["dev_cards"], entry["new_dev_cards"], entry["knights_played"])
            elif _PLAYER_KEY_SET.issuperset(entry):
                towns, cities, roads, hand, dev, new, knights = map(entry.get, PLAYER_KEYS,
                                                                     _PLAYER_DEFAULTS)
            else:
                return False
            # (the places are lists: _fast_pieces checks them)
            if type(hand) is not dict or type(dev) is not list or type(new) is not list \
                    or type(knights) is not int or not 0 <= knights <= 14:
                return False
            pieces.append((p, towns, cities, roads))
            if dev or new:
                if dev:
                    devs[p] = target = [0, 0, 0, 0, 0]
                    for c in map(_DEV_AT, dev):
                        target[c] += 1
                        held[c] += 1
                if new:
                    news[p] = target = [0, 0, 0, 0, 0]
                    for c in map(_DEV_AT, new):
                        target[c] += 1
                        held[c] += 1
            if hand:  # resources as keys, whole numbers (not bools) from 0 as values
                vec = hands[p]
                for res, count in hand.items():
                    if type(count) is not int or count < 0:  # at most 19: see _fast_consistency
                        return False
                    r = index[res]
                    vec[r] = count
                    bank[r] -= count
            knights_of[p] = knights
    except (KeyError, TypeError):
        return False
    return _fast_pieces(state, pieces) and _fast_deck(state, deck, held)


# Each player's fields in PLAYER_KEYS order: the default when left out, and the type read.
_PLAYER_DEFAULTS: Final = (_NONE, _NONE, _NONE, _NO_CARDS, _NONE, _NONE, 0)
_PLAYER_TYPES: Final = (list, list, list, dict, list, list, int)
Pieces = tuple[list[int], list[int], list[int], list[set[int]], list[set[int]], list[set[int]],
               list[int], list[Any]]
# A pure cache: the places each seat lists (as written) -> the checked tables they make. A
# position's pieces change only when something is built, so loading the positions of one game
# one after another finds most of them here.
_PIECES: Final[dict[Any, Pieces | None]] = {}


def _fast_pieces(state: State, pieces: list[Any]) -> bool:
    """Fill the pieces from ``pieces`` (the number of seats, then (seat, settlements, cities,
    roads) per player listed, the lists as written), checked alone: names, places listed twice,
    the supply, the distance rule; and their road lengths and harbour rates."""
    last = _LAST_PIECES[0]
    if pieces == last[0]:
        found = last[1]
    else:  # (equal to the last lists read, they are lists; here they are checked)
        for _, t, c, r in pieces[1:]:
            if type(t) is not list or type(c) is not list or type(r) is not list:
                return False
        key = (pieces[0], *[(p, tuple(t), tuple(c), tuple(r)) for p, t, c, r in pieces[1:]])
        try:
            found = _PIECES.get(key, False)
        except TypeError:  # unhashable names
            return False
        if found is False:
            if len(_PIECES) >= 4096:
                _PIECES.clear()
            found = _PIECES[key] = _pieces_tables(key[0], key[1:])
        if found is None:
            return False
        _LAST_PIECES[0] = ([pieces[0], *[(p, t[:], c[:], r[:]) for p, t, c, r in pieces[1:]]],
                           found)
    owner, level, edges, towns, cities, roads, lengths, rates = found
    # The tables themselves, shared: the position copies them before changing one (_own_pieces).
    state._node_owner, state._node_level, state._edge_owner = owner, level, edges
    state._settlements, state._cities, state._roads = towns, cities, roads
    state._pieces_shared = True
    state._road_len = lengths[:]
    node_port = state._node_port
    if rates[0] is not node_port:  # harbour rates, kept for the last board seen
        rates[:] = node_port, [state._compute_rates(p) for p in range(len(towns))]
    state._rates = rates[1][:]  # rows are shared tuples
    return True


def _pieces_tables(n: int, key: tuple[tuple[Any, ...], ...]) -> Pieces | None:
    """The tables of ``_fast_pieces``, or None when something is wrong (or not sure)."""
    owner, level, edges = [-1] * N_NODES, [0] * N_NODES, [-1] * N_EDGES
    towns_of: list[set[int]] = [set() for _ in range(n)]
    cities_of: list[set[int]] = [set() for _ in range(n)]
    roads_of: list[set[int]] = [set() for _ in range(n)]
    placed = built = 0
    for p, towns, cities, roads in key:
        try:
            towns = list(map(NODE_ALIASES.__getitem__, towns))
            cities = list(map(NODE_ALIASES.__getitem__, cities))
            roads = list(map(EDGE_ALIASES.__getitem__, roads))
        except (KeyError, TypeError):
            return None
        for node in towns:
            owner[node] = p
            level[node] = 1
        for node in cities:
            owner[node] = p
            level[node] = 2
        for edge in roads:
            edges[edge] = p
        towns_of[p], cities_of[p], roads_of[p] = set(towns), set(cities), set(roads)
        placed += len(towns) + len(cities)
        built += len(roads)
        if len(towns_of[p]) > SETTLEMENTS or len(cities_of[p]) > CITIES \
                or len(roads_of[p]) > ROADS:
            return None
    # A place listed twice (by one player or two) shows as fewer owners than places.
    if N_NODES - owner.count(-1) != placed or N_EDGES - edges.count(-1) != built:
        return None
    occupied = set().union(*towns_of, *cities_of)
    if not occupied.isdisjoint(set().union(*map(_NEAR.__getitem__, occupied))):
        return None  # the distance rule
    lengths = [longest_trail(roads_of[p], owner, p) for p in range(n)]
    return owner, level, edges, towns_of, cities_of, roads_of, lengths, [None, []]


def _fast_turn(state: State, turn: Any, seat_of: dict[str, int]) -> bool:
    if turn is None:
        turn = _NO_CARDS
    elif type(turn) is not dict or not _TURN_KEY_SET.issuperset(turn):
        return False
    get = turn.get
    player, number, phase = get("player", state.seats[0]), get("number", 1), get("phase", "roll")
    played, built, dice = get("dev_card_played", False), get("built", False), get("dice")
    current = seat_of.get(player) if type(player) is str else None
    if current is None or type(number) is not int \
            or not 0 <= number <= MAX_SAFE or type(phase) is not str or phase not in _PHASE_SET \
            or type(played) is not bool or type(built) is not bool:
        return False
    if dice is not None:
        if type(dice) is not list or len(dice) != 2:
            return False
        a, b = dice
        if type(a) is not int or type(b) is not int or a not in _DIE or b not in _DIE:
            return False
        state.dice = (a, b)
    else:
        state.dice = None
    state._current, state.turn_number, state.phase = current, number, phase
    state._dev_played, state._built = played, built
    return True


def _fast_consistency(state: State) -> bool:
    """``check_consistency`` for what ``_fast_pieces`` did not check; False when not sure."""
    hands = state._hand
    b0, b1, b2, b3, b4 = state._bank  # the hands were taken from it while read
    if b0 < 0 or b1 < 0 or b2 < 0 or b3 < 0 or b4 < 0:  # (also: no count in a hand over 19)
        return False
    if (state._longest_road >= 0 and state._road_len[state._longest_road] < 5) \
            or (state._largest_army >= 0 and state._knights[state._largest_army] < 3) \
            or (state.phase == "discard") != bool(state._discard_owed) \
            or (state._win_seat >= 0) != (state.phase == "game_over"):
        return False
    if state._discard_owed or state._return_phase is not None or state._trade is not None:
        for p, owed in state._discard_owed.items():
            if owed > sum(hands[p]):
                return False
        if (state._return_phase is not None
                and (state.phase != "move_robber" or not state._dev_played)) \
                or (state._trade is not None and state.phase != "main"):
            return False
        if state._trade is not None:
            check_trade(state, state._trade)
    if state.phase in ("setup_settlement", "setup_road"):
        check_setup(state)
    return True


_DEV_AT: Final = DEV_INDEX.__getitem__


def _fast_deck(state: State, value: Any, held: list[int]) -> bool:
    """The deck; ``held`` counts the development cards in hands per kind."""
    if value is None:  # a new game: the deck is the cards nobody holds, shuffled
        _read_deck(state, None)
        return True
    last = _LAST_DECK[0]
    if value == last[0] and type(value) is list:
        found = last[1]
    else:
        found = _deck_tables(value)
        if not found:
            return False
        _LAST_DECK[0] = (value[:], found)
    deck, counts = found
    if held[0] + counts[0] + sum(state._knights) > _MOST[0] or held[1] + counts[1] > _MOST[1] \
            or held[2] + counts[2] > _MOST[2] or held[3] + counts[3] > _MOST[3] \
            or held[4] + counts[4] > _MOST[4]:
        return False  # more of a kind than the 25-card deck holds
    state._deck = deck[:]
    return True


_MOST: Final = DEV_COUNTS  # knights first: the knights played count with the knights in hand
DeckTables = tuple[list[int], tuple[int, ...]]
# A pure cache: a deck as written -> its cards (top last) and count per kind, or None. The deck
# changes only when a card is bought.
_DECKS: Final[dict[tuple[Any, ...], DeckTables | None]] = {}


def _deck_tables(value: Any) -> DeckTables | None:
    """A deck as written: its cards (top last) and count per kind; None when not sure."""
    if type(value) is not list:
        return None
    try:
        found = _DECKS.get(key := tuple(value), False)
    except TypeError:  # unhashable entries
        return None
    if found is False:
        if len(_DECKS) >= 1024:
            _DECKS.clear()
        try:
            deck = list(map(_DEV_AT, value))
        except KeyError:
            found = _DECKS[key] = None
        else:
            deck.reverse()
            counts = tuple(map(deck.count, range(5)))
            fits = all(map(_le, counts, DEV_COUNTS))
            found = _DECKS[key] = (deck, counts) if fits else None
    return found  # type: ignore[return-value]


def _read_rng(value: Any) -> int:
    """The generator state: 16 hex digits as written (or, from older positions, an integer)."""
    if isinstance(value, str):
        if not 1 <= len(value) <= 16 or value.strip("0123456789abcdefABCDEF"):
            raise _fail("rng", "expected 16 hexadecimal digits")
        return int(value, 16)
    return _int(value, "rng", 0, (1 << 64) - 1)


def _read_seats(value: Any) -> tuple[str, ...]:
    seats = _expect(value, list, "seats", "a list of 3 or 4 colours")
    if len(seats) not in (3, 4):
        raise _fail("seats", f"3 or 4 players, not {len(seats)}")
    for i, colour in enumerate(seats):
        if colour not in COLOURS:
            raise _fail(f"seats[{i}]", f"{colour!r} is not one of {list(COLOURS)}")
    if len(set(seats)) != len(seats):
        raise _fail("seats", "a colour appears twice")
    return tuple(seats)


def _read_rules(value: Any) -> dict[str, bool]:
    rules = dict(DEFAULT_RULES)
    for key, flag in _expect(value, dict, "rules", "an object").items():
        if key not in DEFAULT_RULES:
            raise _fail(f"rules.{key}", "unknown rule option")
        rules[key] = _expect(flag, bool, f"rules.{key}", "true or false")
    return rules


BoardTables = tuple[Board, list[str | None], dict[int, list[tuple[int, int, tuple[int, ...]]]]]
_BOARDS: Final[dict[Any, BoardTables]] = {}  # a pure cache: boards are immutable


def _tables(key: Any, make: Any) -> BoardTables:
    """The board and its derived tables, built once per distinct board."""
    hit = _BOARDS.get(key)
    if hit is None:
        board = make()
        if len(_BOARDS) >= 64:
            _BOARDS.clear()
        hit = _BOARDS[key] = (board, board.node_ports(), board.production_table())
    return hit


def remember_board(board: Board, tiles: list[str], ports: dict[str, str]) -> None:
    """Give the reader a board the engine made itself (``tiles`` and ``ports`` its text), so
    that loading a position written with it does not parse the text again."""
    _tables(("tiles", len(tiles), *tiles, *ports.items()), lambda: board)


def _read_board(state: State, value: Any, seed: Any) -> None:
    robber = None
    if value == "beginner":
        tables = _tables("beginner", Board.beginner)
    elif value == "standard":
        number = _int(seed if seed is not None else 0, "seed", 0, MAX_SAFE)
        tables = _tables(("standard", number), lambda: Board.standard(number))
    else:
        _expect(value, dict, "board", "'beginner', 'standard' or an object")
        for key in value:
            if key not in ("tiles", "ports", "robber"):
                raise _fail(f"board.{key}", "unknown field")
        tiles = _expect(value.get("tiles"), list, "board.tiles", "a list")
        ports = _expect(value.get("ports", {}), dict, "board.ports", "an object")
        cache_key: Any = ("tiles", len(tiles), *tiles, *ports.items())  # apart from the others
        try:
            tables = _BOARDS[cache_key]
        except (KeyError, TypeError):  # a new board, or unhashable (hence bad) entries
            try:
                board = Board.from_tiles(tiles, ports)
            except (TypeError, ValueError) as exc:
                raise _fail("board", str(exc)) from None
            tables = _tables(cache_key, lambda: board)
        robber = value.get("robber")
    state.board, state._node_port, state._board_production = tables
    if robber is None:
        state.robber = tables[0].desert()
    else:
        state.robber = _int(robber, "board.robber", 0, 18)


def _read_places(value: Any, path: str, aliases: dict[str, int]) -> list[int]:
    result = []
    for i, name in enumerate(_expect(value, list, path, "a list of names")):
        if not isinstance(name, str) or name not in aliases:
            raise _fail(f"{path}[{i}]", f"{name!r} is not a place on the island")
        result.append(aliases[name])
    if len(set(result)) != len(result):
        raise _fail(path, "the same place is listed twice")
    return result


def _read_players(state: State, players: dict[str, Any]) -> None:
    n = len(state.seats)
    state._hand = [[0] * 5 for _ in range(n)]
    state._dev = [[0] * 5 for _ in range(n)]
    state._new_dev = [[0] * 5 for _ in range(n)]
    state._knights = [0] * n
    state._node_owner, state._node_level = [-1] * N_NODES, [0] * N_NODES
    state._edge_owner = [-1] * N_EDGES
    state._pieces_shared = False
    state._settlements = [set() for _ in range(n)]
    state._cities = [set() for _ in range(n)]
    state._roads = [set() for _ in range(n)]
    for colour, entry in players.items():
        if colour not in state.seats:
            raise _fail(f"players.{colour}", "not one of the seats")
        _read_player(state, state.seats.index(colour), entry, f"players.{colour}")


def _read_player(state: State, p: int, entry: Any, path: str) -> None:
    _expect(entry, dict, path, "an object")
    for key in entry:
        if key not in PLAYER_KEYS:
            raise _fail(f"{path}.{key}", "unknown field")
    for key, level in (("settlements", 1), ("cities", 2)):
        for node in _read_places(entry.get(key, []), f"{path}.{key}", NODE_ALIASES):
            if state._node_owner[node] >= 0:
                raise _fail(f"{path}.{key}", f"{NODE_NAMES[node]} already has a building")
            state._node_owner[node], state._node_level[node] = p, level
            (state._settlements if level == 1 else state._cities)[p].add(node)
    for edge in _read_places(entry.get("roads", []), f"{path}.roads", EDGE_ALIASES):
        if state._edge_owner[edge] >= 0:
            raise _fail(f"{path}.roads", f"{EDGE_NAMES[edge]} already has a road")
        state._edge_owner[edge] = p
        state._roads[p].add(edge)
    hand = _expect(entry.get("hand", {}), dict, f"{path}.hand", "an object")
    for res, count in hand.items():
        if res not in RESOURCE_INDEX:
            raise _fail(f"{path}.hand.{res}", "not a resource (a view cannot be loaded)")
        state._hand[p][RESOURCE_INDEX[res]] = _int(count, f"{path}.hand.{res}", 0, 19)
    for key, target in (("dev_cards", own_cards(state._dev, p)),
                        ("new_dev_cards", own_cards(state._new_dev, p))):
        for i, card in enumerate(_expect(entry.get(key, []), list, f"{path}.{key}", "a list")):
            if not isinstance(card, str) or card not in DEV_INDEX:
                raise _fail(f"{path}.{key}[{i}]", f"{card!r} is not a development card")
            target[DEV_INDEX[card]] += 1
    state._knights[p] = _int(entry.get("knights_played", 0), f"{path}.knights_played", 0, 14)


def _read_deck(state: State, value: Any) -> None:
    used = [sum(state._dev[p][c] + state._new_dev[p][c] for p in range(len(state.seats)))
            for c in range(5)]
    used[KNIGHT] += sum(state._knights)
    if value is None:
        deck = [c for c in range(5) for _ in range(DEV_COUNTS[c] - used[c])]
        if any(DEV_COUNTS[c] < used[c] for c in range(5)):
            raise _fail("players", "more development cards than the 25-card deck holds")
        state._rng.shuffle(deck)
        state._deck = deck
        return
    names = _expect(value, list, "deck", "a list of development cards")
    deck = []
    for i, card in enumerate(names):
        if not isinstance(card, str) or card not in DEV_INDEX:
            raise _fail(f"deck[{i}]", f"{card!r} is not a development card")
        deck.append(DEV_INDEX[card])
    for c in range(5):
        if used[c] + deck.count(c) > DEV_COUNTS[c]:
            raise _fail("deck", f"too many {DEV_CARDS[c]} cards (the deck has {DEV_COUNTS[c]})")
    state._deck = deck[::-1]


def _read_colour(state: State, value: Any, path: str) -> int:
    if value is None:
        return -1
    if value not in state.seats:
        raise _fail(path, f"{value!r} is not one of the seats")
    return state.seats.index(value)


def _read_turn(state: State, value: Any) -> None:
    turn = {"player": state.seats[0], "number": 1, "phase": "roll", "dev_card_played": False}
    turn.update(_expect(value if value is not None else {}, dict, "turn", "an object"))
    for key in turn:
        if key not in ("player", "number", "phase", "dev_card_played", "dice", "built"):
            raise _fail(f"turn.{key}", "unknown field")
    state._current = _read_colour(state, turn["player"], "turn.player")
    if state._current < 0:
        raise _fail("turn.player", "missing")
    state.turn_number = _int(turn["number"], "turn.number", 0, MAX_SAFE)
    if turn["phase"] not in PHASES:
        raise _fail("turn.phase", f"{turn['phase']!r} is not one of {list(PHASES)}")
    state.phase = turn["phase"]
    state._dev_played = _expect(turn["dev_card_played"], bool, "turn.dev_card_played", "a bool")
    state._built = _expect(turn.get("built", False), bool, "turn.built", "a bool")
    dice = turn.get("dice")
    state.dice = None
    if dice is not None:
        if not (isinstance(dice, list) and len(dice) == 2
                and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                        for d in dice)):
            raise _fail("turn.dice", "expected two numbers from 1 to 6")
        state.dice = (dice[0], dice[1])


def _read_pending(state: State, pending: dict[str, Any]) -> None:
    for key in pending:
        if key not in ("discard", "trade", "return_to"):
            raise _fail(f"pending.{key}", "unknown field")
    state._discard_owed = {}
    for colour, count in _expect(pending.get("discard", {}), dict, "pending.discard",
                                 "an object").items():
        p = _read_colour(state, colour, f"pending.discard.{colour}")
        state._discard_owed[p] = _int(count, f"pending.discard.{colour}", 1, 47)
    state._return_phase = pending.get("return_to")
    if state._return_phase not in (None, "roll"):
        raise _fail("pending.return_to", "only 'roll' is allowed")
    state._trade = None
    if "trade" in pending:
        state._trade = _read_trade(state, _expect(pending["trade"], dict, "pending.trade",
                                                  "an object"))


def _read_cards(value: Any, path: str) -> tuple[int, ...]:
    vec = [0] * 5
    for res, count in _expect(value, dict, path, "an object").items():
        if res not in RESOURCE_INDEX:
            raise _fail(f"{path}.{res}", "not a resource")
        vec[RESOURCE_INDEX[res]] = _int(count, f"{path}.{res}", 0, 19)
    return tuple(vec)


def _read_trade(state: State, value: dict[str, Any]) -> Trade:
    trade = Trade(_read_cards(value.get("give"), "pending.trade.give"),
                  _read_cards(value.get("get"), "pending.trade.get"))
    for colour, answer in _expect(value.get("answers", {}), dict, "pending.trade.answers",
                                  "an object").items():
        path = f"pending.trade.answers.{colour}"
        q = _read_colour(state, colour, path)
        if q == state._current:
            raise _fail(path, "the active player does not answer their own offer")
        if answer in ("accept", "reject"):
            trade.answers[q] = answer
        else:
            _expect(answer, dict, path, "'accept', 'reject' or a counter-offer")
            trade.answers[q] = (_read_cards(answer.get("give"), f"{path}.give"),
                                _read_cards(answer.get("get"), f"{path}.get"))
    return trade


__all__ = ["read", "seed_state", "write"]
