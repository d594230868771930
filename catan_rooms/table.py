"""The rooms server's one door into the engine: who acts, what a seat may see, computer moves.

Everything the room loop asks of ``catan_core`` goes through this module, so that it can be
switched to ``catan_core.referee`` (the shared referee loop) without touching the rest of
``catan_rooms``. Nothing here keeps state between calls except a cache of bot objects.

>>> game = new_game(["red", "blue", "white"], seed=3, mode="quick", board="beginner")
>>> actors(game) == [game.current_player]
True
>>> "rng" in seat_view(game, "red", None) or isinstance(seat_view(game, "red", None)["deck"], list)
False
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from catan_core import Game
from catan_core.bots import make_bot
from catan_core.bots.bot import Bot
from catan_core.constants import VICTORY_POINT

Doc = dict[str, Any]

#: Game modes: points to win and starting cards of each resource (as the Play page).
MODES = {"classic": (10, 0), "quick": (7, 1), "epic": (13, 0)}
BOARDS = {"beginner": "beginner", "variable": "standard"}
SETUP_PHASES = ("setup_settlement", "setup_road")

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


def actors(game: Game) -> list[str]:
    """The colours the game waits for now: owed discards, unanswered offers, else the active
    player (who also confirms or cancels an offer once everyone answered)."""
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


def may_act(game: Game, colour: str) -> bool:
    """``colour`` has something to decide now (the active player may confirm or cancel an offer
    while others still answer)."""
    if game.winner is not None:
        return False
    return colour in actors(game) or (game.trade is not None and colour == game.current_player)


def masked(game: Game, visibility: str) -> str | None:
    """``fog`` or ``terra`` while set-up hides the island in that mode, else None."""
    if visibility in ("fog", "terra") and game.phase in SETUP_PHASES:
        return visibility
    return None


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


def legal_for(game: Game, colour: str) -> list[Doc]:
    """``colour``'s legal actions now; a discard is one entry ``{type, player, count}``."""
    if not may_act(game, colour):
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


def turn_key(game: Game) -> list[Any]:
    """Changes exactly when a new turn (or a new set-up placement) begins."""
    setup = sum(len(r) for r in game.roads) if game.phase in SETUP_PHASES else -1
    return [game.turn_number, game.current_player, setup]


# -- events: what each seat may know -------------------------------------------------------

def split_event(event: Doc, hidden: str | None) -> Doc:
    """An event as stored: ``{"e": public form}`` plus ``"full"`` and ``"who"`` when some detail
    is private (the stolen card, the bought card, set-up cards while the island is hidden)."""
    kind = event["type"]
    if kind == "stole" and event.get("card"):
        public = {k: v for k, v in event.items() if k != "card"}
        return {"e": public, "full": event, "who": [event["player"], event["victim"]]}
    if kind == "bought_dev_card":
        public = {k: v for k, v in event.items() if k != "card"}
        return {"e": public, "full": event, "who": [event["player"]]}
    if kind == "received" and hidden:
        cards = event.get("cards") or {}
        public = {"type": "received", "player": event["player"], "count": sum(cards.values())}
        return {"e": public, "full": event, "who": [event["player"]]}
    return {"e": event}


def event_for(stored: Doc, colour: str | None) -> Doc:
    """The form of a stored event that ``colour`` (None: spectator) may see."""
    if "full" in stored and colour is not None and colour in stored.get("who", ()):
        return stored["full"]  # type: ignore[no-any-return]
    return stored["e"]  # type: ignore[no-any-return]


# -- computer players ----------------------------------------------------------------------

_BOTS: dict[tuple[str, str, str, str, int], Bot] = {}


def _bot(room: str, colour: str, level: str, personality: str, seed: int) -> Bot:
    key = (room, colour, level, personality, seed)
    bot = _BOTS.get(key)
    if bot is None:
        if len(_BOTS) > 4096:
            _BOTS.clear()
        bot = _BOTS[key] = make_bot(level, personality, seed)
    return bot


def _fogged(view: Doc, hidden: str, seed: int) -> Doc:
    """A view whose hidden terrains (and numbers, harbours for Terra Incognita) are a random
    guess of what is left, as a player would guess (the bot needs a full island)."""
    board = dict(view["board"])
    tiles = list(board["tiles"])
    land = [i for i, t in enumerate(tiles) if not str(t).startswith("desert")]
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


def bot_action(game: Game, room: str, colour: str, bot: Doc, visibility: str,
               allow_offers: bool) -> Doc:
    """The action the computer player of ``colour`` chooses from its own view; if it ever
    chose something the rules refuse, a safe legal action instead (a game never stalls)."""
    view = game.to_dict(view=colour)
    hidden = masked(game, visibility)
    if hidden:
        view = _fogged(view, hidden, int(bot.get("seed", 0)))
    legal = game.legal_actions()
    try:
        chosen = _bot(room, colour, str(bot.get("level", "normal")),
                      str(bot.get("personality", "builder")), int(bot.get("seed", 0)))
        action = chosen.choose(view, legal, allow_offers=allow_offers)
        game.copy().apply(action)
    except Exception:  # a bot's mistake must not stop the game
        return safe_action(game, colour)
    return action


def safe_action(game: Game, colour: str) -> Doc:
    """A legal action for ``colour`` that changes as little as possible."""
    mine = [a for a in game.legal_actions() if a.get("player") == colour]
    for kind in ("reject_trade", "cancel_trade", "roll", "end_turn"):
        for action in mine:
            if action["type"] == kind:
                return action
    return mine[0]


def public_points(game: Game) -> dict[str, int]:
    """Points every player can see (Victory Point cards hidden until the end)."""
    out = {}
    for p, colour in enumerate(game.seats):
        vp_cards = game.dev[p][VICTORY_POINT] + game.new_dev[p][VICTORY_POINT]
        out[colour] = game.victory_points_of(p) - (0 if game.winner else vp_cards)
    return out


def colours_in(seats: Iterable[Doc]) -> list[str]:
    return [str(s["colour"]) for s in seats]
