"""The game page's Python: new games, what one seat sees and may do, moves, computer players.

``widgets/game.js`` calls these through the Web Worker as ``game_bridge.<function>`` (the worker
imports this file on first use, next to ``bridge.py``). As in ``bridge.py``, only JSON crosses
the boundary and no game lives here between calls: the page keeps the position.

Hidden information is filtered here, not in JavaScript: :func:`do_status` writes what one
viewer may see, :func:`do_step` marks the details of each event that only some players may
know, and :func:`do_bot_move` shows a computer player its own view only (with the island
masked during set-up in the Fog and Terra Incognita modes).

>>> import json
>>> doc = do_new_game({"seats": ["red", "blue", "white"], "board": "beginner", "mode": "quick"})
>>> doc["position"]["vp_to_win"], doc["position"]["players"]["red"]["hand"]["ore"]
(7, 1)
>>> doc["position"]["seats"], do_status(doc["position"], "blue")["actors"]
(['blue', 'white', 'red'], ['blue'])
"""

from __future__ import annotations

import json
import math
import random
import time
import traceback
from collections.abc import Callable
from typing import Any

from catan_core import CatanError, Game, IllegalAction
from catan_core.constants import DEV_CARDS, RESOURCES, VICTORY_POINT
from catan_core.topology import (
    COAST_EDGES,
    EDGE_NAMES,
    EDGE_NODES,
    EDGE_TILES,
    N_TILES,
    NODE_NAMES,
    TILE_NODES,
    node_point,
    tile_point,
)

Doc = dict[str, Any]
#: Game modes: points to win and starting cards of each resource.
MODES = {"classic": (10, 0), "quick": (7, 1), "epic": (13, 0)}
VISIBILITIES = ("revealed", "fog", "terra")
SETUP_PHASES = ("setup_settlement", "setup_road")
#: The level and personality that play a seat on a timeout or while its player is away.
STAND_IN = {"level": "normal", "personality": "builder"}


# -- geometry and new games ----------------------------------------------------------------------

def do_geometry() -> Doc:
    """The island's drawing geometry (hex radius 1), so JavaScript draws what ``svg`` draws.

    ``nodes``/``edges`` are in the engine's canonical order with their canonical names;
    ``harbours`` gives, for each coast edge, where its harbour token sits.
    """
    nodes = [{"name": name, "x": round(node_point(n)[0], 4), "y": round(node_point(n)[1], 4)}
             for n, name in enumerate(NODE_NAMES)]
    edges = [{"name": name, "a": EDGE_NODES[e][0], "b": EDGE_NODES[e][1]}
             for e, name in enumerate(EDGE_NAMES)]
    tiles = [{"x": round(tile_point(t)[0], 4), "y": round(tile_point(t)[1], 4),
              "corners": list(TILE_NODES[t])} for t in range(N_TILES)]
    harbours = {}
    for e in COAST_EDGES:
        (ax, ay), (bx, by) = (node_point(n) for n in EDGE_NODES[e])
        tx, ty = tile_point(EDGE_TILES[e][0])
        mx, my = (ax + bx) / 2, (ay + by) / 2
        norm = math.hypot(mx - tx, my - ty) or 1.0
        harbours[EDGE_NAMES[e]] = [round(mx + (mx - tx) / norm * 0.55, 4),
                                   round(my + (my - ty) / norm * 0.55, 4)]
    return {"nodes": nodes, "edges": edges, "tiles": tiles, "harbours": harbours,
            "resources": list(RESOURCES), "dev_cards": list(DEV_CARDS)}


def do_new_game(settings: Doc) -> Doc:
    """``{position}``: a new game from the page's settings.

    ``settings``: ``seats`` (colours in turn order), ``seed``, ``board`` (``beginner`` or
    ``variable``), ``mode`` (``classic``/``quick``/``epic``), ``rules``. The starting player
    is drawn from the seed (the roll for the start), and the seats turned to begin with them.
    """
    seats = list(settings.get("seats") or [])
    seed = _int(settings.get("seed", 0), "seed")
    mode = settings.get("mode", "classic")
    if mode not in MODES:
        raise CatanError("bad_request", f"unknown mode {mode!r}", allowed=sorted(MODES))
    board = {"beginner": "beginner", "variable": "standard"}.get(settings.get("board", ""))
    if board is None:
        raise CatanError("bad_request", "board must be 'beginner' or 'variable'")
    rules = {k: bool(v) for k, v in (settings.get("rules") or {}).items()}
    if seats and settings.get("random_start", True):
        first = random.Random(seed).randrange(len(seats))
        seats = seats[first:] + seats[:first]
    vp_to_win, start_cards = MODES[mode]
    try:
        game = Game.new(seats=seats, seed=seed, board=board, vp_to_win=vp_to_win, rules=rules,
                        start_cards=start_cards)
    except (TypeError, ValueError) as exc:
        raise CatanError("bad_request", str(exc)) from None
    return {"position": game.to_dict()}


def do_load(position: Doc) -> Doc:
    """``{position}`` read and written again by the engine (canonical names, defaults filled).

    An unreadable or impossible position raises ``InvalidPosition`` (code ``invalid_position``).
    """
    return {"position": Game.from_dict(position).to_dict()}


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CatanError("bad_request", f"{what} must be an integer")
    return value


# -- who acts, and what a viewer sees ------------------------------------------------------------

def actors(game: Game) -> list[str]:
    """The colours the game waits for now, in the order the page asks them.

    A discard is owed by every player listed; an open offer waits for each other player (in
    turn order from the active player), then for the active player to confirm or cancel.
    """
    if game.winner is not None:
        return []
    if game.phase == "discard":
        return [game.seats[p] for p in sorted(game.discard_owed)]
    if game.trade is not None:
        n = len(game.seats)
        waiting = [game.seats[(game.current + k) % n] for k in range(1, n)
                   if (game.current + k) % n not in game.trade.answers]
        if waiting:
            return waiting
    return [game.current_player]


def masked(game: Game, options: Doc | None) -> str | None:
    """``"fog"`` or ``"terra"`` while set-up hides the island in that mode, else None."""
    visibility = (options or {}).get("visibility", "revealed")
    if visibility in ("fog", "terra") and game.phase in SETUP_PHASES:
        return str(visibility)
    return None


def _public_points(game: Game, p: int) -> int:
    vp_cards = game.dev[p][VICTORY_POINT] + game.new_dev[p][VICTORY_POINT]
    return game.victory_points_of(p) - vp_cards


def _player(game: Game, p: int, full: bool) -> Doc:
    roads, settlements, cities = game.stock(p)
    return {
        "colour": game.seats[p],
        "points": game.victory_points_of(p) if full else _public_points(game, p),
        "public_points": _public_points(game, p),
        "cards": sum(game.hand[p]),
        "dev_cards": sum(game.dev[p]) + sum(game.new_dev[p]),
        "knights": game.knights[p],
        "road_length": game.road_len[p],
        "longest_road": game.longest_road == p,
        "largest_army": game.largest_army == p,
        "stock": {"roads": roads, "settlements": settlements, "cities": cities},
    }


def _legal_for(game: Game, viewer: str) -> list[Doc]:
    """The viewer's legal actions, the discard choices replaced by one ``{count}`` entry."""
    mine = [a for a in game.legal_actions() if a.get("player") == viewer]
    if game.phase == "discard":
        q = game.seats.index(viewer)
        owed = game.discard_owed.get(q, 0)
        return [{"type": "discard", "player": viewer, "count": owed}] if owed else []
    return mine


def do_status(position: Doc, viewer: str | None = None, options: Doc | None = None) -> Doc:
    """What the page shows ``viewer`` (a colour, or None for a spectator) and what they may do.

    Other players' hands and development cards are counts; Victory Point cards stay hidden
    until the game ends. ``legal`` lists the viewer's legal actions now (empty unless the game
    waits for them). ``board.hidden`` says what set-up hides (``fog``/``terra``).
    """
    game = Game.from_dict(position)
    return status_of(game, viewer, options)


def status_of(game: Game, viewer: str | None, options: Doc | None = None) -> Doc:
    over = game.winner is not None
    seats = list(game.seats)
    v = seats.index(viewer) if viewer in seats else -1
    waiting = actors(game)
    out: Doc = {
        "phase": game.phase, "turn": game.turn_number, "current": game.current_player,
        "dice": list(game.dice) if game.dice else None, "winner": game.winner,
        "vp_to_win": game.vp_to_win, "actors": waiting, "robber": game.robber,
        "hidden": masked(game, options),
        "players": [_player(game, p, over or p == v) for p in range(len(seats))],
        "bank": game.bank_counts(), "deck": len(game.deck),
        "discard": {seats[p]: k for p, k in game.discard_owed.items()},
        "trade": _trade(game), "rules": dict(game.rules),
        "built": game.built, "dev_card_played": game.dev_played,
        "me": None, "legal": [],
    }
    if v >= 0:
        out["me"] = {
            "colour": viewer,
            "hand": dict(zip(RESOURCES, game.hand[v], strict=True)),
            "dev_cards": _cards(game.dev[v]), "new_dev_cards": _cards(game.new_dev[v]),
            "rates": dict(zip(RESOURCES, game.trade_rates(v), strict=True)),
            "points": game.victory_points_of(v),
        }
        if viewer in waiting:
            out["legal"] = _legal_for(game, str(viewer))
    return out


def _cards(counts: list[int]) -> list[str]:
    return [DEV_CARDS[c] for c in range(5) for _ in range(counts[c])]


def _trade(game: Game) -> Doc | None:
    trade = game.trade
    if trade is None:
        return None
    answers: Doc = {}
    for q, answer in trade.answers.items():
        if isinstance(answer, str):
            answers[game.seats[q]] = answer
        else:  # a counter-offer: (give, get) from the active player's side
            give, get = answer
            answers[game.seats[q]] = {"give": _dict(give), "get": _dict(get)}
    return {"player": game.current_player, "give": _dict(trade.give), "get": _dict(trade.get),
            "answers": answers}


def _dict(vec: Any) -> dict[str, int]:
    return {RESOURCES[r]: int(n) for r, n in enumerate(vec) if n}


# -- moves ------------------------------------------------------------------------------------

def do_step(position: Doc, action: Doc, viewer: str | None = None,
            options: Doc | None = None) -> Doc:
    """Apply ``action``: ``{position, log, status}`` (status for ``viewer``), or ``{error}``.

    ``log`` holds one entry per event: ``{"e": what everyone may know}``, plus ``"full"``
    and ``"who"`` (the colours who may see it) when some detail is private.
    """
    game = Game.from_dict(position)
    hidden = masked(game, options)
    try:
        events = game.apply(action)
    except IllegalAction as exc:
        return {"error": exc.to_dict()}
    log = [log_entry(e, hidden) for e in events]
    return {"position": game.to_dict(), "log": log, "status": status_of(game, viewer, options)}


def log_entry(event: Doc, hidden: str | None = None) -> Doc:
    """An event for the log: its public form, and the full one for those who may see it.

    >>> log_entry({"type": "stole", "player": "red", "victim": "blue", "card": "ore"})
    {'e': {'type': 'stole', 'player': 'red', 'victim': 'blue'}, 'full': {'type': 'stole', \
'player': 'red', 'victim': 'blue', 'card': 'ore'}, 'who': ['red', 'blue']}
    """
    kind = event["type"]
    if kind == "stole" and event.get("card"):
        public = {k: v for k, v in event.items() if k != "card"}
        return {"e": public, "full": event, "who": [event["player"], event["victim"]]}
    if kind == "bought_dev_card":
        public = {k: v for k, v in event.items() if k != "card"}
        return {"e": public, "full": event, "who": [event["player"]]}
    if kind == "received" and hidden:
        public = {"type": "received", "player": event["player"],
                  "count": sum(event["cards"].values())}
        return {"e": public, "full": event, "who": [event["player"]]}
    return {"e": event}


# -- computer players --------------------------------------------------------------------------

_BOTS: dict[tuple[str, str, str, int], Any] = {}


def _bot(colour: str, config: Doc) -> Any:
    """The bot of a seat, kept between calls (it remembers its offers of the turn)."""
    from catan_core.bots import make_bot

    key = (colour, str(config.get("level", "normal")), str(config.get("personality", "builder")),
           _int(config.get("seed", 0), "seed"))
    if key not in _BOTS:
        if len(_BOTS) > 32:
            _BOTS.clear()
        _BOTS[key] = make_bot(key[1], key[2], key[3])
    return _BOTS[key]


def fogged_view(view: Doc, hidden: str, seed: int) -> Doc:
    """``view`` with the island as set-up hides it: unknown terrains (and, for Terra Incognita,
    numbers and harbours) replaced by a random draw of what is left, as a player would guess.

    The desert stays (the robber shows it); the draw is fixed by ``seed``.
    """
    board = dict(view["board"])
    tiles = list(board["tiles"])
    land = [i for i, t in enumerate(tiles) if t != "desert"]
    rng = random.Random(seed)
    terrains = [tiles[i].split()[0] for i in land]
    numbers = [tiles[i].split()[1] for i in land]
    rng.shuffle(terrains)
    if hidden == "terra":
        rng.shuffle(numbers)
        board["ports"] = {}
    for i, terrain, number in zip(land, terrains, numbers, strict=True):
        tiles[i] = f"{terrain} {number}"
    board["tiles"] = tiles
    return {**view, "board": board}


def do_bot_move(position: Doc, colour: str, config: Doc | None = None,
                options: Doc | None = None) -> Doc:
    """``{action}`` chosen by the computer player of ``colour`` from its own view only.

    ``config``: ``level``, ``personality``, ``seed`` (the stand-in bot by default);
    ``options``: ``visibility`` and ``allow_offers``. Should the bot answer something the
    rules refuse, a safe legal action is played instead (``fallback`` says so), so a game
    never stalls.
    """
    config = config or STAND_IN
    options = options or {}
    game = Game.from_dict(position)
    if colour not in actors(game):
        raise CatanError("bad_request", f"the game is not waiting for {colour}", player=colour)
    view = game.to_dict(view=colour)
    hidden = masked(game, options)
    if hidden:
        view = fogged_view(view, hidden, _int(config.get("seed", 0), "seed"))
    legal = game.legal_actions()
    try:
        action = _bot(colour, config).choose(view, legal,
                                             allow_offers=bool(options.get("allow_offers", True)))
        game.copy().apply(action)
    except Exception as exc:  # a bot's mistake must not stop the game
        return {"action": safe_action(game, colour), "fallback": f"{type(exc).__name__}: {exc}"}
    return {"action": action}


def safe_action(game: Game, colour: str) -> Doc:
    """A legal action for ``colour`` that changes as little as possible."""
    mine = [a for a in game.legal_actions() if a.get("player") == colour]
    for kind in ("reject_trade", "cancel_trade", "roll", "end_turn"):
        for action in mine:
            if action["type"] == kind:
                return action
    return mine[0]


def do_bot_step(position: Doc, colour: str, config: Doc | None = None,
                viewer: str | None = None, options: Doc | None = None) -> Doc:
    """The computer player's move and its result in one call: :func:`do_bot_move`, then
    :func:`do_step`; ``ms`` is the time the bot took to decide, in milliseconds.

    With manual dice, a bot's roll is not played: ``{action}`` alone comes back, and the page
    asks for the dice.
    """
    start = time.perf_counter()
    move = do_bot_move(position, colour, config, options)
    move["ms"] = round((time.perf_counter() - start) * 1000, 1)
    if move["action"]["type"] == "roll" and (options or {}).get("dice") == "manual":
        return move
    return {**move, **do_step(position, move["action"], viewer, options)}


# -- the end of the game -----------------------------------------------------------------------

def do_summary(position: Doc) -> Doc:
    """Points breakdown per player: ``{winner, turns, players: [{colour, settlements, ...}]}``."""
    game = Game.from_dict(position)
    players = []
    for p, colour in enumerate(game.seats):
        vp_cards = game.dev[p][VICTORY_POINT] + game.new_dev[p][VICTORY_POINT]
        players.append({
            "colour": colour, "settlements": len(game.settlements[p]),
            "cities": 2 * len(game.cities[p]), "longest_road": 2 * (game.longest_road == p),
            "largest_army": 2 * (game.largest_army == p), "victory_point_cards": vp_cards,
            "total": game.victory_points_of(p), "knights": game.knights[p],
            "road_length": game.road_len[p],
        })
    return {"winner": game.winner, "turns": game.turn_number, "players": players}


# -- JSON entry point (the worker's) -----------------------------------------------------------

FUNCTIONS: dict[str, Callable[..., Any]] = {
    "geometry": do_geometry,
    "new_game": do_new_game,
    "load": do_load,
    "status": do_status,
    "step": do_step,
    "bot_move": do_bot_move,
    "bot_step": do_bot_step,
    "summary": do_summary,
    "warm_up": lambda: warm_up(),
}


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def warm_up() -> None:
    """Import the computer players now, while the page shows the new-game form."""
    import catan_core.bots  # noqa: F401


def call(fn: str, args_json: str) -> tuple[bool, str]:
    """The worker's entry point, as ``bridge.call``: ``(True, result)`` or ``(False, error)``.

    >>> call("status", '[{"seats": []}]')[0]
    False
    """
    try:
        if fn not in FUNCTIONS:
            raise CatanError("bad_request", f"unknown function {fn!r}", allowed=sorted(FUNCTIONS))
        try:
            args = json.loads(args_json)
        except ValueError as exc:
            raise CatanError("bad_request", f"arguments are not JSON ({exc})") from None
        if not isinstance(args, list):
            raise CatanError("bad_request", "arguments must be a JSON array")
        return True, _dumps(FUNCTIONS[fn](*args))
    except CatanError as exc:
        return False, json.dumps(exc.to_dict(), default=str)
    except Exception as exc:  # a bug: report it instead of killing the worker
        return False, json.dumps({"code": "internal_error", "message": f"{type(exc).__name__}: "
                                  f"{exc}", "details": {"traceback": traceback.format_exc()}})
