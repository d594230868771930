"""The FAQ widgets' bridge: small functions on position documents, called from the browser.

The page calls ``catan_web.call("faq.<name>", args_json)`` (see :mod:`catan_web.common`); the
functions here take and return plain JSON values, listed in :data:`BRIDGE`. Positions are
``catan-position/1`` documents; every function reads the position afresh, so the browser keeps
the state and Python keeps none.

>>> doc = do_new_game({"seats": ["red", "blue", "white"], "board": "beginner"})
>>> len(do_legal_actions(doc))
54
>>> do_apply(doc, {"type": "end_turn"})["error"]["code"]
'wrong_phase'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from catan_core import BUILD_COSTS, CatanError, Game, geometry
from catan_core.constants import RESOURCES
from catan_core.query import BUILD_KINDS
from catan_core.views import SETUP_PHASES

from .errors import refusal

Doc = dict[str, Any]
NODE_ORDER = geometry.nodes()


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
        return refusal(exc)
    return {"position": game.to_dict(), "events": events}


def do_render(position: Doc, marks: Doc | None = None, title: str = "") -> str:
    """The board as SVG (``catan_core.svg.render``); ``marks`` as ``svg.MARK_KINDS`` lists them."""
    from catan_core import svg  # imported on first use: it costs ~0.2 s in Pyodide

    try:
        checked = svg.check_marks(marks or {})
    except svg.MarkError as exc:
        if exc.place is None:
            raise CatanError("bad_request", str(exc), allowed=list(svg.MARK_KEYS)) from None
        raise CatanError("unknown_place", str(exc), place=exc.place) from None
    return svg.render(Game.from_dict(position), checked, title=title)


def do_analyse(position: Doc, query: Doc) -> Doc:
    """Answers to the widgets' questions about a position; ``query["type"]`` names one.

    See ``ANALYSES`` for the types and what each returns.
    """
    if not isinstance(query, dict) or query.get("type") not in ANALYSES:
        raise CatanError("bad_request", "unknown analysis", allowed=sorted(ANALYSES))
    return ANALYSES[query["type"]](Game.from_dict(position), query)


# -- analyses ----------------------------------------------------------------------------------

def _player(game: Game, query: Doc) -> str:
    """``query["player"]``, by default the player the phase waits for."""
    colour = query.get("player", game.current_player)
    if colour not in game.seats:
        raise CatanError("unknown_player", f"{colour!r} is not seated", player=colour,
                         seats=list(game.seats))
    return str(colour)


def production(game: Game, query: Doc) -> Doc:
    """What a roll of ``total`` would pay now: ``{total, gains, shortage, tiles, blocked}``.

    ``gains`` maps colours to resource counts (bank shortage applied), ``tiles`` lists the tiles
    with that number and ``blocked`` the one the robber stops. A 7 pays nothing. When the bank
    is short, ``owed`` is what each player was owed and ``shortages`` says per resource
    ``{resource, left, owed_to, outcome}``: ``rest`` (the one player owed takes what is left)
    or ``none`` (several are owed: nobody receives it).
    """
    total = query.get("total")
    if not isinstance(total, int) or isinstance(total, bool) or not 2 <= total <= 12:
        raise CatanError("bad_request", "total must be a dice total from 2 to 12", field="total")
    result: Doc = dict(game.production(total))
    if result["shortage"]:  # what each was owed: the same roll with nobody holding cards
        empty = game.to_dict()
        for player in empty["players"].values():
            player["hand"] = {}
        owed = Game.from_dict(empty).production(total)["gains"]
        bank = game.bank_counts()
        result["owed"] = owed
        result["shortages"] = []
        for r in result["shortage"]:
            takers = [c for c in game.seats if owed.get(c, {}).get(r)]
            result["shortages"].append({"resource": r, "left": bank[r], "owed_to": takers,
                                        "outcome": "rest" if len(takers) == 1 else "none"})
    return result


def discard(game: Game, query: Doc) -> Doc:
    """Who must discard how many: ``{counts, hand_sizes}``.

    During the discard phase, what each player still owes; otherwise what a 7 rolled now would
    ask (half, rounded down, of every hand over 7 cards).
    """
    counts = game.discards_owed() if game.phase == "discard" else game.seven_discards()
    sizes = {c: game.hand_size(c) for c in game.seats}
    return {"counts": counts, "hand_sizes": sizes}


def longest_road(game: Game, query: Doc) -> Doc:
    """Each player's longest road (``lengths``), one such road (``paths``) and the award.

    ``holder`` holds the card (or ``None``); ``verdict`` says why: ``holder``, ``holder_tied``
    (others equal the holder, who keeps it), ``nobody`` (no road long enough) or ``tied``
    (leaders tie and the card is set aside); ``leaders`` are the players at ``top`` (5+).
    """
    award = game.awards()["longest_road"]
    holder, leaders, lengths = award["holder"], award["leaders"], award["lengths"]
    if holder:
        verdict = "holder_tied" if len(leaders) > 1 else "holder"
    else:
        verdict = "tied" if leaders else "nobody"
    return {"lengths": lengths, "paths": award["paths"], "holder": holder,
            "top": max(lengths.values()), "leaders": leaders, "verdict": verdict}


def settlement_spots(game: Game, query: Doc) -> Doc:
    """Every intersection for ``player``: ``{player, need_road, legal, illegal}``.

    ``illegal`` maps each other node to the rule that forbids it (``occupied``,
    ``distance_rule``, ``not_connected``). ``need_road`` defaults to false during set-up.
    Cost and stock of pieces are not considered.
    """
    colour = _player(game, query)
    setup = game.phase in SETUP_PHASES
    need_road = bool(query.get("need_road", not setup))
    report = game.spots("settlement", colour)
    legal, illegal = report["legal"], dict(report["illegal"])
    if not need_road and not setup:  # as in set-up: a spot off the roads is fine too
        legal = sorted({*legal, *(n for n, code in illegal.items() if code == "not_connected")},
                       key=NODE_ORDER.index)
        illegal = {n: code for n, code in illegal.items() if code != "not_connected"}
    elif need_road and setup:
        raise CatanError("bad_request", "need_road during set-up is not a question the rules ask")
    return {"player": colour, "need_road": need_road, "legal": legal, "illegal": illegal}


def road_spots(game: Game, query: Doc) -> Doc:
    """Every edge for ``player``: ``{player, legal, illegal}`` with a reason code per edge.

    Outside set-up; during ``setup_road`` the legal edges are those touching the settlement
    just placed (as ``legal_actions`` lists them).
    """
    return dict(game.spots("road", _player(game, query)))


def trade_rates(game: Game, query: Doc) -> Doc:
    """``{rates: {colour: {resource: n}}}``: each player's maritime rates (4, 3 or 2)."""
    return {"rates": {c: game.maritime_rates(c) for c in game.seats}}


def victory_points(game: Game, query: Doc) -> Doc:
    """``{points: {colour: n}}``, hidden Victory Point cards included, and the bank."""
    return {"points": {c: game.victory_points(c) for c in game.seats},
            "bank": game.bank_counts()}


def robber_spots(game: Game, query: Doc) -> Doc:
    """``{legal, illegal, victims}``: the hexes the robber may go to, the rule against each
    other one (its own hex: ``robber_must_move``) and who could be robbed on each."""
    return dict(game.robber_spots())


ANALYSES: dict[str, Callable[[Game, Doc], Doc]] = {
    "production": production,
    "discard": discard,
    "longest_road": longest_road,
    "settlement_spots": settlement_spots,
    "road_spots": road_spots,
    "trade_rates": trade_rates,
    "victory_points": victory_points,
    "robber_spots": robber_spots,
}


# -- the FAQ widgets' own questions ------------------------------------------------------------

def as_player(position: Doc, player: str | None = None,
              holding: Doc | str | None = None) -> Doc:
    """The position with ``player`` to act in the main phase, also holding ``holding``.

    ``holding`` is a resource count (``{"brick": 1}``) or the name of what the cards should pay
    for (``"road"``, ``"settlement"``, ``"city"``, ``"dev_card"``: the engine's costs). A widget
    uses it to let the reader build for any colour at any moment.
    """
    game = Game.from_dict(position)
    doc = game.to_dict()
    colour = game.current_player if player is None else player
    if player is not None:  # the position document itself: the read API has no such question
        turn = {k: v for k, v in doc["turn"].items() if k != "dice"}
        doc["turn"] = {**turn, "player": colour, "phase": "main",
                       "number": max(1, int(turn.get("number", 1)))}
        doc["pending"] = {}
    cards = cost(holding) if isinstance(holding, str) else dict(holding or {})
    if colour not in game.seats:
        raise CatanError("unknown_player", f"{colour!r} is not seated", player=colour)
    hand = doc["players"][colour].setdefault("hand", {})
    for resource, n in cards.items():
        if resource not in RESOURCES or not isinstance(n, int) or n < 0:
            raise CatanError("bad_request", f"{resource!r} x {n!r} is not a card count")
        hand[resource] = hand.get(resource, 0) + n
    return Game.from_dict(doc).to_dict()


def cost(kind: str) -> Doc:
    """What ``kind`` (road, settlement, city, dev_card) costs, as resource counts."""
    if kind not in BUILD_COSTS:
        raise CatanError("bad_request", f"no cost for {kind!r}", allowed=sorted(BUILD_COSTS))
    return dict(BUILD_COSTS[kind])


def apply_as(position: Doc, action: Doc, player: str | None = None,
             paid: bool = False) -> Doc:
    """``apply`` in :func:`as_player`'s position; ``paid`` gives ``player`` the action's cost.

    The answer is ``apply``'s: ``{position, events}`` or ``{error}``.
    """
    kind = BUILD_KINDS.get(str(action.get("type"))) if isinstance(action, dict) else None
    holding = kind if paid and kind else None
    return do_apply(as_player(position, player, holding), action)


def pass_to(position: Doc, player: str) -> Doc:
    """The other players roll a 3 and end their turn until ``player`` acts (after ``end_turn``).

    ``{position, events}``, or ``{error}`` if the rules stop it on the way.
    """
    game = Game.from_dict(position)
    _player(game, {"player": player})
    events: list[Doc] = []
    try:
        for _ in range(2 * len(game.seats)):
            if game.current_player == player:
                break
            for action in ({"type": "roll", "dice": [1, 2]}, {"type": "end_turn"}):
                events += game.apply(action)
    except CatanError as exc:
        return refusal(exc)
    return {"position": game.to_dict(), "events": events}


BRIDGE: dict[str, Callable[..., Any]] = {
    "new_game": do_new_game,
    "legal_actions": do_legal_actions,
    "apply": do_apply,
    "apply_as": apply_as,
    "pass_to": pass_to,
    "render": do_render,
    "analyse": do_analyse,
}
