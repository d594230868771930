"""The only Python the browser calls: small functions taking and returning JSON strings.

The widgets' Web Worker (``widgets/worker.mjs``) imports this file as ``catan_bridge`` and calls
:func:`call` with a function name and a JSON array of arguments; nothing but strings crosses the
JS/Python boundary and no Python object outlives a call. The same file runs in CPython for the
tests, so the browser and the test suite exercise the same code.

Positions are ``catan-position/1`` documents (``shared/spec/position-format.md``); every function
reads the position afresh, so the browser keeps the state and Python keeps none.

>>> import json
>>> doc = json.loads(new_game('{"seats": ["red", "blue", "white"], "board": "beginner"}'))
>>> len(json.loads(legal_actions(json.dumps(doc))))
54
>>> json.loads(apply(json.dumps(doc), '{"type": "end_turn"}'))["error"]["code"]
'wrong_phase'
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Any

from catan_core import CatanError, Game, IllegalAction
from catan_core.constants import RESOURCES
from catan_core.roads import longest_path
from catan_core.topology import EDGE_ALIASES, EDGE_NAMES, N_EDGES, N_NODES, NODE_ALIASES, NODE_NAMES

Doc = dict[str, Any]
SETUP_PHASES = ("setup_settlement", "setup_road")


# -- the functions, on plain Python values --------------------------------------------------

def do_new_game(options: Doc | None = None) -> Doc:
    """A new game at the start of set-up; ``options`` are ``Game.new``'s keyword arguments."""
    options = dict(options or {})
    unknown = set(options) - {"seats", "seed", "board", "vp_to_win", "rules", "numbers"}
    if unknown:
        raise CatanError("bad_request", f"unknown option(s): {', '.join(sorted(unknown))}")
    try:
        return Game.new(**options).to_dict()
    except (TypeError, ValueError) as exc:
        raise CatanError("bad_request", str(exc)) from None


def do_legal_actions(position: Doc) -> list[Doc]:
    """Every legal action now (domestic trade offers excepted), each naming its player."""
    return Game.from_dict(position).legal_actions()


def do_apply(position: Doc, action: Doc) -> Doc:
    """``{position, events}`` after ``action``, or ``{error: {code, message, details}}``.

    A refused action is an answer, not a failure: widgets show why the rules forbid it.
    """
    try:
        game = Game.from_dict(position)
        events = game.apply(action)
    except CatanError as exc:
        return {"error": exc.to_dict()}
    return {"position": game.to_dict(), "events": events}


def do_render(position: Doc, marks: Doc | None = None, title: str = "") -> str:
    """The board as SVG (``catan_core.svg.render``), with optional marks checked first."""
    from catan_core import svg  # imported on first use: it costs ~0.2 s in Pyodide

    marks = marks or {}
    for key, names in marks.items():
        table: Any = {"ok_nodes": NODE_ALIASES, "bad_nodes": NODE_ALIASES,
                      "edges": EDGE_ALIASES, "tiles": range(19)}.get(key)
        if table is None:
            raise CatanError("bad_request", f"unknown mark {key!r}", allowed=list(svg.MARK_KEYS))
        for name in names:
            if name not in table:
                raise CatanError("unknown_place", f"{name!r} is not on the island", place=name)
    return svg.render(Game.from_dict(position), marks, title=title)


def do_analyse(position: Doc, query: Doc) -> Doc:
    """Answers to the widgets' questions about a position; ``query["type"]`` names one.

    See ``ANALYSES`` for the types and what each returns.
    """
    if not isinstance(query, dict) or query.get("type") not in ANALYSES:
        raise CatanError("bad_request", "unknown analysis", allowed=sorted(ANALYSES))
    return ANALYSES[query["type"]](Game.from_dict(position), query)


# -- analyses ----------------------------------------------------------------------------------

def _seat(game: Game, query: Doc) -> int:
    """The seat of ``query["player"]``, by default the player the phase waits for."""
    colour = query.get("player", game.current_player)
    return game.seat_index(colour)


def production(game: Game, query: Doc) -> Doc:
    """What a roll of ``total`` would pay now: ``{total, gains, shortage, tiles, blocked}``.

    ``gains`` maps colours to resource counts (bank shortage applied), ``tiles`` lists the tiles
    with that number and ``blocked`` the one the robber stops. A 7 pays nothing.
    """
    total = query.get("total")
    if not isinstance(total, int) or isinstance(total, bool) or not 2 <= total <= 12:
        raise CatanError("bad_request", "total must be a dice total from 2 to 12", field="total")
    tiles = [t for t, n in enumerate(game.board.numbers) if n == total]
    result: Doc = {"total": total, "gains": {}, "shortage": [], "tiles": tiles,
                   "blocked": [t for t in tiles if t == game.robber]}
    if total != 7:
        event = game.copy().produce(total)[0]
        result["gains"], result["shortage"] = event["gains"], event["shortage"]
    return result


def discard(game: Game, query: Doc) -> Doc:
    """Who must discard how many: ``{counts, hand_sizes}``.

    During the discard phase, what each player still owes; otherwise what a 7 rolled now would
    ask (half, rounded down, of every hand over 7 cards).
    """
    doc = game.to_dict()
    sizes = {c: sum(p["hand"].values()) for c, p in doc["players"].items()}
    if game.phase == "discard":
        counts = dict(doc["pending"].get("discard", {}))
    else:
        counts = {c: n // 2 for c, n in sizes.items() if n > 7}
    return {"counts": counts, "hand_sizes": sizes}


def longest_road(game: Game, query: Doc) -> Doc:
    """``{lengths, paths, holder}``: each player's longest road, one such road, the award."""
    lengths, paths = {}, {}
    for p, colour in enumerate(game.seats):
        lengths[colour] = game.longest_road_length(colour)
        paths[colour] = [EDGE_NAMES[e] for e in longest_path(game.roads[p], game.node_owner, p)]
    return {"lengths": lengths, "paths": paths, "holder": game.to_dict()["longest_road"]}


def settlement_spots(game: Game, query: Doc) -> Doc:
    """Every intersection for ``player``: ``{player, need_road, legal, illegal}``.

    ``illegal`` maps each other node to the rule that forbids it (``occupied``,
    ``distance_rule``, ``not_connected``). ``need_road`` defaults to false during set-up.
    Cost and stock of pieces are not considered.
    """
    p = _seat(game, query)
    need_road = bool(query.get("need_road", game.phase not in SETUP_PHASES))
    legal, illegal = [], {}
    for n in range(N_NODES):
        try:
            game.check_settlement_spot(p, n, need_road)
        except IllegalAction as exc:
            illegal[NODE_NAMES[n]] = exc.code
        else:
            legal.append(NODE_NAMES[n])
    return {"player": game.seats[p], "need_road": need_road, "legal": legal, "illegal": illegal}


def road_spots(game: Game, query: Doc) -> Doc:
    """Every edge for ``player``: ``{player, legal, illegal}`` with a reason code per edge.

    Outside set-up; during ``setup_road`` the legal edges are those touching the settlement
    just placed (as ``legal_actions`` lists them).
    """
    p = _seat(game, query)
    setup = None
    if game.phase == "setup_road" and p == game.current:
        setup = {a["edge"] for a in game.legal_actions()}
    legal, illegal = [], {}
    for e in range(N_EDGES):
        name = EDGE_NAMES[e]
        try:
            game.check_road_spot(p, e)
            if setup is not None and name not in setup:
                raise IllegalAction("not_connected", "a set-up road touches the new settlement")
        except IllegalAction as exc:
            illegal[name] = exc.code
        else:
            legal.append(name)
    return {"player": game.seats[p], "legal": legal, "illegal": illegal}


def trade_rates(game: Game, query: Doc) -> Doc:
    """``{rates: {colour: {resource: n}}}``: each player's maritime rates (4, 3 or 2)."""
    return {"rates": {c: dict(zip(RESOURCES, game.trade_rates(p), strict=True))
                      for p, c in enumerate(game.seats)}}


def victory_points(game: Game, query: Doc) -> Doc:
    """``{points: {colour: n}}``, hidden Victory Point cards included, and the bank."""
    return {"points": {c: game.victory_points(c) for c in game.seats},
            "bank": game.bank_counts()}


ANALYSES: dict[str, Callable[[Game, Doc], Doc]] = {
    "production": production,
    "discard": discard,
    "longest_road": longest_road,
    "settlement_spots": settlement_spots,
    "road_spots": road_spots,
    "trade_rates": trade_rates,
    "victory_points": victory_points,
}


# -- JSON string functions (the browser's API) ---------------------------------------------------

def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def new_game(options_json: str = "{}") -> str:
    """``Game.new(**options).to_dict()`` as JSON."""
    return _dumps(do_new_game(json.loads(options_json)))


def legal_actions(position_json: str) -> str:
    """The legal actions of a position, as a JSON array."""
    return _dumps(do_legal_actions(json.loads(position_json)))


def apply(position_json: str, action_json: str) -> str:
    """``{"position", "events"}`` or ``{"error": {"code", "message", "details"}}`` as JSON."""
    return _dumps(do_apply(json.loads(position_json), json.loads(action_json)))


def render(position_json: str, marks_json: str = "{}") -> str:
    """The SVG picture of a position (plain SVG text, not JSON)."""
    return do_render(json.loads(position_json), json.loads(marks_json))


def analyse(position_json: str, query_json: str) -> str:
    """The answer to one widget question (see ``ANALYSES``) as JSON."""
    return _dumps(do_analyse(json.loads(position_json), json.loads(query_json)))


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "new_game": do_new_game,
    "legal_actions": do_legal_actions,
    "apply": do_apply,
    "render": do_render,
    "analyse": do_analyse,
}


def warm_up() -> None:
    """Import what the first ``render`` needs; the worker calls this once it is idle."""
    from catan_core import svg  # noqa: F401


def call(fn: str, args_json: str) -> tuple[bool, str]:
    """The worker's entry point: ``(True, result JSON)`` or ``(False, error JSON)``.

    ``args_json`` is a JSON array of arguments. Rule errors of ``apply`` are results; a bad
    position, query or request is ``(False, {"code", "message", "details"})``.

    >>> call("analyse", '[{"seats": ["red", "blue", "white"]}, {"type": "nothing"}]')[0]
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
