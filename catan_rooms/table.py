"""The rooms server's one door into the engine and the referee.

The room loop asks ``catan_core.referee`` (the table's rules written once for the bot driver,
the Play page and the rooms) who acts, whether a computer plays a seat now, what a computer
chooses, and how time-outs, idle turns and stand-ins work; it asks ``catan_core`` whether an
action is legal. This module adds only what a server needs on top: what each seat (or a
spectator) may see, and which fields a client may put in an action.

>>> game = new_game(["red", "blue", "white"], seed=3, mode="quick", board="beginner")
>>> waiting_for(game) == [game.current_player]
True
>>> view = seat_view(game, "red", None)
>>> "rng" in view, isinstance(view["deck"], int)
(False, True)
"""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import Any

from catan_core import Game
from catan_core.constants import VICTORY_POINT
from catan_core.referee import Referee, masked, turn_key, waiting_for
from catan_web.game import do_summary as summary
from catan_web.game import log_entry

__all__ = ["Referee", "log_entry", "masked", "summary", "turn_key", "waiting_for"]

Doc = dict[str, Any]

#: Game modes: points to win and starting cards of each resource (as the Play page).
MODES = {"classic": (10, 0), "quick": (7, 1), "epic": (13, 0)}
BOARDS = {"beginner": "beginner", "variable": "standard"}

#: The fields a client may put in each action type (``player`` is filled in by the server).
#: ``roll.dice`` is added with manual dice only; ``move_robber.card`` is never allowed.
ACTION_FIELDS: dict[str, frozenset[str]] = {
    "place_settlement": frozenset({"node"}),
    "place_road": frozenset({"edge"}),
    "roll": frozenset(),
    "discard": frozenset({"cards"}),
    "move_robber": frozenset({"tile", "victim"}),
    "build_road": frozenset({"edge"}),
    "build_settlement": frozenset({"node"}),
    "build_city": frozenset({"node"}),
    "buy_dev_card": frozenset(),
    "play_knight": frozenset(),
    "play_road_building": frozenset({"edges"}),
    "play_year_of_plenty": frozenset({"resources"}),
    "play_monopoly": frozenset({"resource"}),
    "bank_trade": frozenset({"give", "get"}),
    "offer_trade": frozenset({"give", "get"}),
    "accept_trade": frozenset(),
    "reject_trade": frozenset(),
    "counter_trade": frozenset({"give", "get"}),
    "confirm_trade": frozenset({"with"}),
    "cancel_trade": frozenset(),
    "end_turn": frozenset(),
}


def new_game(colours: list[str], seed: int, mode: str, board: str,
             rules: dict[str, bool] | None = None) -> Game:
    """A new game: the starting player drawn from ``seed`` and the seats turned to them."""
    first = random.Random(seed).randrange(len(colours))
    seats = colours[first:] + colours[:first]
    vp_to_win, start_cards = MODES[mode]
    return Game.new(seats=seats, seed=seed, board=BOARDS[board], vp_to_win=vp_to_win,
                    rules=rules or {}, start_cards=start_cards)


def load(position: Doc) -> Game:
    return Game.from_dict(position)


def may_act(game: Game, colour: str) -> bool:
    """``colour`` has something to decide now (the active player may confirm or cancel an offer
    while others still answer)."""
    if game.winner is not None:
        return False
    return colour in waiting_for(game) or (game.trade is not None
                                           and colour == game.current_player)


def _mask_board(view: Doc, hidden: str) -> Doc:
    board = dict(view["board"])
    tiles = []
    for tile in board["tiles"]:
        terrain, _, number = str(tile).partition(" ")
        if terrain == "desert":
            tiles.append(tile)
        else:
            tiles.append("hidden" if hidden == "terra" else f"hidden {number}".strip())
    board["tiles"] = tiles
    if hidden == "terra":
        board["ports"] = {}
    return {**view, "board": board}


def seat_view(game: Game, colour: str | None, visibility: str) -> Doc:
    """What ``colour`` may see (``None``: a spectator, public information only)."""
    if colour is None:
        view = game.to_dict(view=game.seats[0])
        players = dict(view["players"])
        own = players[game.seats[0]]
        players[game.seats[0]] = {
            **own, "hand": {"hidden": sum(own["hand"].values())},
            "dev_cards": {"hidden": len(own["dev_cards"])},
            "new_dev_cards": {"hidden": len(own["new_dev_cards"])}}
        view = {**view, "players": players}
    else:
        view = game.to_dict(view=colour)
    hidden = masked(game, visibility)
    return _mask_board(view, hidden) if hidden else view


def legal_for(game: Game, ref: Referee, colour: str) -> list[Doc]:
    """``colour``'s legal actions now (none while a computer or the referee decides for
    them); a discard is one entry ``{type, player, count}``."""
    if not may_act(game, colour) or ref.computer_plays(game, colour) \
            or ref.forced_action(game, colour) is not None:
        return []
    if game.phase == "discard":
        owed = game.discard_owed.get(game.seats.index(colour), 0)
        return [{"type": "discard", "player": colour, "count": owed}] if owed else []
    return [a for a in game.legal_actions() if a.get("player") == colour]


def can_offer(game: Game, colour: str) -> bool:
    """``colour`` may open a trade offer now (the engine has the last word)."""
    return (game.winner is None and game.phase == "main" and game.trade is None
            and game.current_player == colour
            and not (game.built and game.rules.get("trade_before_build")))


def event_for(stored: Doc, colour: str | None) -> Doc:
    """The form of a stored event that ``colour`` (None: spectator) may see."""
    if "full" in stored and colour is not None and colour in stored.get("who", ()):
        return stored["full"]  # type: ignore[no-any-return]
    return stored["e"]  # type: ignore[no-any-return]


def public_points(game: Game) -> dict[str, int]:
    """Points every player can see (Victory Point cards hidden until the end)."""
    out = {}
    for p, colour in enumerate(game.seats):
        vp_cards = game.dev[p][VICTORY_POINT] + game.new_dev[p][VICTORY_POINT]
        out[colour] = game.victory_points_of(p) - (0 if game.winner else vp_cards)
    return out


#: Computer players kept between moves, per room (a bot remembers its offers of the turn).
_BOTS: OrderedDict[str, dict[str, Any]] = OrderedDict()


def referee(room: str, doc: Doc, game: Game) -> Referee:
    """The room's referee from its JSON form, with the room's computer players attached."""
    ref = Referee.from_dict(doc, game.seats)
    bots = _BOTS.pop(room, None) or {}
    _BOTS[room] = bots
    if len(_BOTS) > 2048:
        _BOTS.popitem(last=False)
    ref.bots = bots
    return ref


# -- the Play page's own view (catan_web.game), for a client that draws the page -----------------

def page_view(game: Game, ref: Referee, seat: str | None, options: Doc) -> Doc:
    """What the Play page shows ``seat`` (None: a spectator): ``catan_web.game.view_of``, the
    same document the page gets from its local transport, for one fixed viewer.

    ``view_of`` is written for one screen shared by the people at the table (it hides a hand
    while another person decides and asks to pass the device); online each socket is one
    person, so it is asked with the other people's seats shown as computers, and the fields
    that depend on who plays the other seats (``seats``, ``next``) are then set from the real
    referee. (Wanted upstream: a ``view_of`` option for a fixed viewer.)
    """
    from catan_core.referee import decision_key
    from catan_web.game import view_of

    alone = Referee.from_dict(ref.to_dict(), game.seats)
    for colour, control in alone.seats.items():
        if colour != seat:
            control.kind = "bot"
    out = view_of(game, alone, seat, options)
    if out.get("viewer") != seat:  # never someone else's hand
        raise RuntimeError("view_of chose another viewer")
    actor = ref.next_actor(game)
    computer = actor is not None and ref.computer_plays(game, actor)
    forced = actor is not None and ref.forced_action(game, actor) is not None
    over = game.winner is not None
    out["seats"] = {c: {**s.to_dict(), "computer": ref.computer_plays(game, c)}
                    for c, s in ref.seats.items()}
    out["next"] = {**out["next"], "actor": actor, "computer": computer, "forced": forced,
                   "auto": actor is not None and (computer or forced), "pass_to": None,
                   "clock": decision_key(game, actor) if actor and not computer and not over
                   else None}
    return out


def pick_action(game: Game, ref: Referee, seat: str, options: Doc, spot: Any) -> Doc:
    """A spot chosen on the board, as the Play page's bridge reads it: ``{action}`` to play,
    ``{mode}`` (the choice goes on) or ``{victims, tile}``; a refusal as ``{error}``.

    ``catan_web.game.do_pick`` turns the spot into an action and plays it at once; here the
    action must go through the room (message numbers, the clock), so it is caught before it
    is played. (Wanted upstream: ``do_pick`` split into "which action" and "play it".)
    """
    import catan_web.game as bridge

    caught: Doc = {}

    def catch(position: Doc, referee: Doc | None, action: Doc, viewer: str | None = None,
              options: Doc | None = None) -> Doc:
        caught["action"] = action
        return {"action": action}

    real = bridge.do_act
    bridge.do_act = catch
    try:
        answer = bridge.do_pick(game.to_dict(), ref.to_dict(), seat, options, spot)
    finally:
        bridge.do_act = real
    if "action" in caught:
        return {"action": caught["action"]}
    return {k: v for k, v in answer.items() if k in ("mode", "victims", "tile", "error")}
