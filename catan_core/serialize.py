"""The position document (``catan-position/1``): writing and reading it.

Writing is canonical: names are canonical, node and edge lists sorted, zeros left out of hands.
Reading checks everything and raises ``InvalidPosition`` with the JSON path at fault.
"""

from __future__ import annotations

from typing import Any

from .board import Board
from .constants import (
    COLOURS,
    DEFAULT_RULES,
    DEV_CARDS,
    DEV_COUNTS,
    DEV_INDEX,
    FORMAT,
    KNIGHT,
    PHASES,
    RESOURCE_INDEX,
)
from .errors import InvalidPosition
from .rng import Rng, seed_state
from .state import State, Trade, cards_dict
from .topology import (
    EDGE_ALIASES,
    EDGE_NAMES,
    N_EDGES,
    N_NODES,
    NODE_ALIASES,
    NODE_NAMES,
)
from .validate import check_consistency as _check_consistency

Doc = dict[str, Any]
MAX_SAFE = (1 << 53) - 1  # the largest integer JavaScript's JSON keeps exactly
PLAYER_KEYS = ("settlements", "cities", "roads", "hand", "dev_cards", "new_dev_cards",
               "knights_played")
TOP_KEYS = ("format", "seats", "vp_to_win", "board", "seed", "players", "deck", "longest_road",
            "largest_army", "turn", "pending", "rng", "winner", "rules")


def _colour(state: State, p: int) -> str | None:
    return state.seats[p] if p >= 0 else None


def _card_list(counts: list[int]) -> list[str]:
    return [DEV_CARDS[c] for c in range(5) for _ in range(counts[c])]


def write(state: State, view: str | None = None) -> Doc:
    """The position as a JSON-compatible dict; ``view`` hides what that colour cannot see."""
    players = {}
    for p, colour in enumerate(state.seats):
        hidden = view is not None and view != colour
        players[colour] = {
            "settlements": [NODE_NAMES[n] for n in sorted(state.settlements[p])],
            "cities": [NODE_NAMES[n] for n in sorted(state.cities[p])],
            "roads": [EDGE_NAMES[e] for e in sorted(state.roads[p])],
            "hand": {"hidden": sum(state.hand[p])} if hidden else cards_dict(state.hand[p]),
            "dev_cards": {"hidden": sum(state.dev[p])} if hidden else _card_list(state.dev[p]),
            "new_dev_cards": ({"hidden": sum(state.new_dev[p])} if hidden
                              else _card_list(state.new_dev[p])),
            "knights_played": state.knights[p],
        }
    doc: Doc = {
        "format": FORMAT,
        "seats": list(state.seats),
        "vp_to_win": state.vp_to_win,
        "board": {"tiles": state.board.tile_strings(), "ports": state.board.port_dict(),
                  "robber": state.robber if state.robber >= 0 else None},
        "players": players,
        "deck": len(state.deck) if view is not None else [DEV_CARDS[c] for c in
                                                          reversed(state.deck)],
        "longest_road": _colour(state, state.longest_road),
        "largest_army": _colour(state, state.largest_army),
        "turn": _write_turn(state),
        "pending": _write_pending(state),
        "winner": _colour(state, state.win_seat),
    }
    if view is None:
        doc["rng"] = f"{state.rng.state:016x}"
    if state.rules != DEFAULT_RULES:
        doc["rules"] = dict(state.rules)
    return doc


def _write_turn(state: State) -> Doc:
    turn: Doc = {"player": state.seats[state.current], "number": state.turn_number,
                 "phase": state.phase, "dev_card_played": state.dev_played}
    if state.dice is not None:
        turn["dice"] = list(state.dice)
    if state.built:
        turn["built"] = True
    return turn


def _write_pending(state: State) -> Doc:
    pending: Doc = {}
    if state.discard_owed:
        pending["discard"] = {state.seats[p]: k for p, k in sorted(state.discard_owed.items())}
    if state.return_phase is not None:
        pending["return_to"] = state.return_phase
    if state.trade is not None:
        answers: Doc = {}
        for q, answer in sorted(state.trade.answers.items()):
            answers[state.seats[q]] = answer if isinstance(answer, str) else {
                "give": cards_dict(answer[0]), "get": cards_dict(answer[1])}
        pending["trade"] = {"give": cards_dict(state.trade.give),
                            "get": cards_dict(state.trade.get), "answers": answers}
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
    accept the same documents (``tests/engine/test_loading.py`` compares them).
    """
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
    state.rng = Rng(_read_rng(doc.get("rng", 0)))
    _read_board(state, doc.get("board", "beginner"), doc.get("seed"))
    _read_players(state, _expect(doc.get("players", {}), dict, "players", "an object"))
    _read_deck(state, doc.get("deck"))
    state.longest_road = _read_colour(state, doc.get("longest_road"), "longest_road")
    state.largest_army = _read_colour(state, doc.get("largest_army"), "largest_army")
    state.win_seat = _read_colour(state, doc.get("winner"), "winner")
    _read_turn(state, doc.get("turn"))
    _read_pending(state, _expect(doc.get("pending", {}), dict, "pending", "an object"))
    _check_consistency(state)


_TOP_KEY_SET = frozenset(TOP_KEYS)
_COLOUR_SET = frozenset(COLOURS)
_PLAYER_KEY_SET = frozenset(PLAYER_KEYS)


def _read_fast(state: State, doc: Any) -> bool:
    """Read a well-formed document quickly; False (state garbage) at the first doubt.

    It raises only through the careful reader's own functions, and only once every earlier
    part passed its checks, so an error is the one ``_read_checked`` would raise.
    """
    if type(doc) is not dict or not _TOP_KEY_SET.issuperset(doc) \
            or doc.get("format", FORMAT) != FORMAT:
        return False
    seats = doc.get("seats")
    if type(seats) is not list or len(seats) not in (3, 4):
        return False
    try:
        distinct = set(seats)
    except TypeError:  # an unhashable entry
        return False
    if len(distinct) != len(seats) or not _COLOUR_SET.issuperset(distinct):
        return False
    state.seats = tuple(seats)
    vp = doc.get("vp_to_win", 10)
    if type(vp) is not int or not 3 <= vp <= 30:
        return False
    state.vp_to_win = vp
    state.rules = _read_rules(doc.get("rules", {}))
    state.rng = Rng(_read_rng(doc.get("rng", 0)))
    _read_board(state, doc.get("board", "beginner"), doc.get("seed"))
    players = doc.get("players", {})
    if type(players) is not dict or not _fast_players(state, players) \
            or not _fast_deck(state, doc.get("deck")):
        return False
    for key, slot in (("longest_road", "longest_road"), ("largest_army", "largest_army"),
                      ("winner", "win_seat")):
        value = doc.get(key)
        setattr(state, slot, -1 if value is None else _read_colour(state, value, key))
    _read_turn(state, doc.get("turn"))
    pending = doc.get("pending")
    if pending == {} or pending is None:
        state.discard_owed, state.return_phase, state.trade = {}, None, None
    else:
        _read_pending(state, _expect(pending, dict, "pending", "an object"))
    _check_consistency(state)
    return True


def _fast_players(state: State, players: dict[str, Any]) -> bool:
    seats = state.seats
    n = len(seats)
    hands, devs, news = [[0] * 5 for _ in seats], [[0] * 5 for _ in seats], \
        [[0] * 5 for _ in seats]
    state.hand, state.dev, state.new_dev, state.knights = hands, devs, news, [0] * n
    state.node_owner = owner = [-1] * N_NODES
    state.node_level = level = [0] * N_NODES
    state.edge_owner = edges = [-1] * N_EDGES
    towns_of: list[set[int]] = [set() for _ in seats]
    cities_of: list[set[int]] = [set() for _ in seats]
    roads_of: list[set[int]] = [set() for _ in seats]
    state.settlements, state.cities, state.roads = towns_of, cities_of, roads_of
    placed = built = 0
    node_at, edge_at, card_at = NODE_ALIASES.__getitem__, EDGE_ALIASES.__getitem__, \
        DEV_INDEX.__getitem__
    empty: list[Any] = []
    seat_of = {colour: p for p, colour in enumerate(seats)}
    for colour, entry in players.items():
        p = seat_of.get(colour, -1)
        if p < 0 or type(entry) is not dict or not _PLAYER_KEY_SET.issuperset(entry):
            return False
        get = entry.get
        towns, cities, roads = get("settlements", empty), get("cities", empty), \
            get("roads", empty)
        dev, new = get("dev_cards", empty), get("new_dev_cards", empty)
        if type(towns) is not list or type(cities) is not list or type(roads) is not list \
                or type(dev) is not list or type(new) is not list:
            return False
        try:
            towns = list(map(node_at, towns))
            cities = list(map(node_at, cities))
            roads = list(map(edge_at, roads))
            if dev:
                target = devs[p]
                for c in map(card_at, dev):
                    target[c] += 1
            if new:
                target = news[p]
                for c in map(card_at, new):
                    target[c] += 1
        except (KeyError, TypeError):  # an unknown name, or an unhashable value
            return False
        for node in towns:
            owner[node] = p
            level[node] = 1
        for node in cities:
            owner[node] = p
            level[node] = 2
        for edge in roads:
            edges[edge] = p
        towns_of[p] = set(towns)
        cities_of[p] = set(cities)
        roads_of[p] = set(roads)
        placed += len(towns) + len(cities)
        built += len(roads)
        hand = get("hand", _NO_CARDS)
        if hand:
            if type(hand) is not dict:
                return False
            vec = hands[p]
            for res, count in hand.items():
                r = RESOURCE_INDEX.get(res)
                if r is None or type(count) is not int or not 0 <= count <= 19:
                    return False
                vec[r] = count
        elif type(hand) is not dict:
            return False
        knights = get("knights_played", 0)
        if knights:
            if type(knights) is not int or not 0 <= knights <= 14:
                return False
            state.knights[p] = knights
        elif type(knights) is not int:
            return False
    # A place listed twice (by one player or two) shows as fewer owners than places.
    return N_NODES - owner.count(-1) == placed and N_EDGES - edges.count(-1) == built


_NO_CARDS: dict[str, int] = {}
_DEV_AT = DEV_INDEX.__getitem__


def _fast_deck(state: State, value: Any) -> bool:
    if value is None:  # a new game: the deck is the cards nobody holds, shuffled
        _read_deck(state, None)
        return True
    if type(value) is not list:
        return False
    try:
        deck = list(map(_DEV_AT, value))
    except (KeyError, TypeError):
        return False
    used = [sum(counts) for counts in zip(*state.dev, *state.new_dev, strict=True)]
    used[KNIGHT] += sum(state.knights)
    for c in range(5):
        if used[c] + deck.count(c) > DEV_COUNTS[c]:
            return False
    deck.reverse()
    state.deck = deck
    return True


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
_BOARDS: dict[Any, BoardTables] = {}  # a pure cache: boards are immutable


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
    _tables((*tiles, *ports.items()), lambda: board)


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
        cache_key: Any = (*tiles, *ports.items())
        try:
            tables = _BOARDS[cache_key]
        except (KeyError, TypeError):  # a new board, or unhashable (hence bad) entries
            try:
                board = Board.from_tiles(tiles, ports)
            except (TypeError, ValueError) as exc:
                raise _fail("board", str(exc)) from None
            tables = _tables(cache_key, lambda: board)
        robber = value.get("robber")
    state.board, state.node_port, state.board_production = tables
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
    state.hand = [[0] * 5 for _ in range(n)]
    state.dev = [[0] * 5 for _ in range(n)]
    state.new_dev = [[0] * 5 for _ in range(n)]
    state.knights = [0] * n
    state.node_owner, state.node_level = [-1] * N_NODES, [0] * N_NODES
    state.edge_owner = [-1] * N_EDGES
    state.settlements = [set() for _ in range(n)]
    state.cities = [set() for _ in range(n)]
    state.roads = [set() for _ in range(n)]
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
            if state.node_owner[node] >= 0:
                raise _fail(f"{path}.{key}", f"{NODE_NAMES[node]} already has a building")
            state.node_owner[node], state.node_level[node] = p, level
            (state.settlements if level == 1 else state.cities)[p].add(node)
    for edge in _read_places(entry.get("roads", []), f"{path}.roads", EDGE_ALIASES):
        if state.edge_owner[edge] >= 0:
            raise _fail(f"{path}.roads", f"{EDGE_NAMES[edge]} already has a road")
        state.edge_owner[edge] = p
        state.roads[p].add(edge)
    hand = _expect(entry.get("hand", {}), dict, f"{path}.hand", "an object")
    for res, count in hand.items():
        if res not in RESOURCE_INDEX:
            raise _fail(f"{path}.hand.{res}", "not a resource (a view cannot be loaded)")
        state.hand[p][RESOURCE_INDEX[res]] = _int(count, f"{path}.hand.{res}", 0, 19)
    for key, target in (("dev_cards", state.dev[p]), ("new_dev_cards", state.new_dev[p])):
        for i, card in enumerate(_expect(entry.get(key, []), list, f"{path}.{key}", "a list")):
            if not isinstance(card, str) or card not in DEV_INDEX:
                raise _fail(f"{path}.{key}[{i}]", f"{card!r} is not a development card")
            target[DEV_INDEX[card]] += 1
    state.knights[p] = _int(entry.get("knights_played", 0), f"{path}.knights_played", 0, 14)


def _read_deck(state: State, value: Any) -> None:
    used = [sum(state.dev[p][c] + state.new_dev[p][c] for p in range(len(state.seats)))
            for c in range(5)]
    used[KNIGHT] += sum(state.knights)
    if value is None:
        deck = [c for c in range(5) for _ in range(DEV_COUNTS[c] - used[c])]
        if any(DEV_COUNTS[c] < used[c] for c in range(5)):
            raise _fail("players", "more development cards than the 25-card deck holds")
        state.rng.shuffle(deck)
        state.deck = deck
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
    state.deck = deck[::-1]


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
    state.current = _read_colour(state, turn["player"], "turn.player")
    if state.current < 0:
        raise _fail("turn.player", "missing")
    state.turn_number = _int(turn["number"], "turn.number", 0, MAX_SAFE)
    if turn["phase"] not in PHASES:
        raise _fail("turn.phase", f"{turn['phase']!r} is not one of {list(PHASES)}")
    state.phase = turn["phase"]
    state.dev_played = _expect(turn["dev_card_played"], bool, "turn.dev_card_played", "a bool")
    state.built = _expect(turn.get("built", False), bool, "turn.built", "a bool")
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
    state.discard_owed = {}
    for colour, count in _expect(pending.get("discard", {}), dict, "pending.discard",
                                 "an object").items():
        p = _read_colour(state, colour, f"pending.discard.{colour}")
        state.discard_owed[p] = _int(count, f"pending.discard.{colour}", 1, 47)
    state.return_phase = pending.get("return_to")
    if state.return_phase not in (None, "roll"):
        raise _fail("pending.return_to", "only 'roll' is allowed")
    state.trade = None
    if "trade" in pending:
        state.trade = _read_trade(state, _expect(pending["trade"], dict, "pending.trade",
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
        if q == state.current:
            raise _fail(path, "the active player does not answer their own offer")
        if answer in ("accept", "reject"):
            trade.answers[q] = answer
        else:
            _expect(answer, dict, path, "'accept', 'reject' or a counter-offer")
            trade.answers[q] = (_read_cards(answer.get("give"), f"{path}.give"),
                                _read_cards(answer.get("get"), f"{path}.get"))
    return trade


__all__ = ["read", "seed_state", "write"]
