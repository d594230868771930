"""A room as a JSON document, and every change to it as a plain function.

The functions here take a room document (a copy the caller may change), check the request,
change the document and return the events to store; a refusal raises :class:`RoomError` and the
caller drops the copy, so a refused request changes nothing. No I/O, no clock of its own (``now``
is passed in): the hub loads, calls, and commits with a version check.

A room document holds secrets (the whole position with the deck and the generator, hashes of
the tokens, the game seed) and never leaves the server; clients get :func:`frame` only.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from catan_core import Game, IllegalAction

from . import table
from .schemas import RoomSettings

Doc = dict[str, Any]

#: Seconds added to the turn clock for each action a person makes.
BONUS = 5.0
#: Seconds a player waited for inside another's turn (a discard, an answer) has at least.
ANSWER_FLOOR = 15.0
#: Consecutive timed-out turns after which the computer keeps the seat until "I'm back".
IDLE_TURNS = 2
#: Trade offers a person may make per turn; computers make at most ``BOT_OFFERS``.
HUMAN_OFFERS = 5
BOT_OFFERS = 3
#: A turn longer than this many actions is ended by the room (a safety net only).
MAX_ACTIONS_PER_TURN = 250


class RoomError(Exception):
    """A refused request: ``code`` (stable, translated by the client), message, details."""

    def __init__(self, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.code, self.message, self.details = code, message, details

    def to_dict(self) -> Doc:
        return {"code": self.code, "message": self.message, "details": self.details}


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_hash(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and hmac.compare_digest(a, b)


# -- creating and finding -------------------------------------------------------------------

def new_room(room_id: str, settings: RoomSettings, host_hash: str, seed: int,
             now: float) -> Doc:
    seats = {}
    for i, colour in enumerate(settings.colours()):
        bot = settings.computers.get(colour)  # type: ignore[call-overload]
        seats[colour] = {
            "kind": "computer" if bot else "open", "name": None, "token": None,
            "ready": False, "away": False, "idle": 0, "timed_out": False, "last_n": 0,
            "acted": False,
            "bot": {**(bot or settings.fill).model_dump(), "seed": seed * 16 + i + 1},
        }
    return {"id": room_id, "version": 0, "seq": 0, "created": now, "status": "lobby",
            "settings": settings.model_dump(mode="json"), "host": host_hash, "seed": seed,
            "seats": seats, "position": None,
            "clock": {"deadline": None, "key": None}, "turn": {"key": None, "offers": {},
                                                             "actions": 0}}


def seat_of_token(doc: Doc, token: str | None) -> str | None:
    """The colour whose seat token this is, or None."""
    if not token:
        return None
    digest = token_hash(token)
    for colour, seat in doc["seats"].items():
        if same_hash(seat["token"], digest):
            return str(colour)
    return None


def is_host(doc: Doc, host_token: str | None) -> bool:
    return bool(host_token) and same_hash(doc["host"], token_hash(str(host_token)))


def settings_of(doc: Doc) -> RoomSettings:
    return RoomSettings.model_validate(doc["settings"])


def game_of(doc: Doc) -> Game | None:
    return table.load(doc["position"]) if doc["position"] is not None else None


def _event(e: Doc) -> Doc:
    return {"e": e}


def computer_plays(seat: Doc) -> bool:
    return seat["kind"] == "computer" or seat["away"] or seat["timed_out"]


# -- the lobby ---------------------------------------------------------------------------------

def sit(doc: Doc, colour: str, name: str, token_digest: str, current: str | None) -> list[Doc]:
    """Take seat ``colour`` under ``name``; ``current`` is the caller's seat, if any."""
    seats = doc["seats"]
    if colour not in seats:
        raise RoomError("no_such_seat", f"this table has no {colour} seat", seat=colour)
    seat = seats[colour]
    if current == colour:  # a new name on one's own seat
        seat["name"] = name
        return [_event({"type": "renamed", "seat": colour, "name": name})]
    if current is not None:
        raise RoomError("already_seated", "leave your seat before taking another",
                        seat=current)
    if doc["status"] == "over":
        raise RoomError("game_over", "the game is over")
    if seat["kind"] == "human":
        raise RoomError("seat_taken", f"the {colour} seat is taken", seat=colour)
    if seat["kind"] == "computer" and not seat.get("vacated"):
        raise RoomError("seat_taken", f"a computer plays {colour} in this room", seat=colour)
    seat.update(kind="human", name=name, token=token_digest, ready=False, away=False, idle=0,
                timed_out=False, acted=False, vacated=False)
    return [_event({"type": "seated", "seat": colour, "name": name})]


def set_ready(doc: Doc, colour: str, ready: bool) -> list[Doc]:
    if doc["status"] != "lobby":
        raise RoomError("wrong_status", "the game has started", status=doc["status"])
    doc["seats"][colour]["ready"] = ready
    return [_event({"type": "ready", "seat": colour, "ready": ready})]


def start(doc: Doc, host: bool, now: float) -> list[Doc]:
    """Start the game: the host may start at any time, anyone once every person is ready.
    Seats nobody took go to computers (a person may still take them later)."""
    if doc["status"] != "lobby":
        raise RoomError("wrong_status", "the game has started", status=doc["status"])
    people = [s for s in doc["seats"].values() if s["kind"] == "human"]
    if not people:
        raise RoomError("no_players", "at least one person must take a seat")
    if not host and not all(s["ready"] for s in people):
        raise RoomError("not_ready", "everyone must be ready (or the host starts)")
    for seat in doc["seats"].values():
        if seat["kind"] == "open":
            seat.update(kind="computer", vacated=True)
    settings = settings_of(doc)
    game = table.new_game(settings.colours(), doc["seed"], settings.mode, settings.board,
                          dict(settings.rules))
    doc["status"] = "playing"
    doc["position"] = game.to_dict()
    _new_turn(doc, game, now)
    return [_event({"type": "started", "seats": list(game.seats)})]


def leave(doc: Doc, colour: str) -> list[Doc]:
    """Give the seat up: an open seat again before the start, a computer's seat after."""
    seat = doc["seats"][colour]
    if doc["status"] == "lobby":
        seat.update(kind="open", name=None, token=None, ready=False)
    else:
        seat.update(kind="computer", token=None, vacated=True, away=False, timed_out=False)
    return [_event({"type": "left", "seat": colour})]


def back(doc: Doc, colour: str) -> list[Doc]:
    """"I'm back": the person plays their seat again (a turn whose time ran out is still
    finished by the computer)."""
    seat = doc["seats"][colour]
    if not seat["away"]:
        raise RoomError("not_away", "the seat is not played by the computer")
    seat.update(away=False, idle=0)
    return [_event({"type": "back", "seat": colour})]


def chat(doc: Doc, colour: str, n: int, phrase: str) -> list[Doc]:
    _check_n(doc["seats"][colour], n)
    return [_event({"type": "chat", "seat": colour, "phrase": phrase})]


def _check_n(seat: Doc, n: int) -> None:
    if n <= seat["last_n"]:
        raise RoomError("replayed", "this message number was already used",
                        next=seat["last_n"] + 1)
    seat["last_n"] = n


# -- playing ---------------------------------------------------------------------------------

def check_action(action: Doc, colour: str, manual_dice: bool) -> Doc:
    """The action with ``player`` set to the sender, or ``RoomError`` if its shape is wrong:
    an unknown type, a field that type does not take (a forced card or dice), another
    player's name."""
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in table.ACTION_FIELDS:
        raise RoomError("malformed_action", "unknown action type", type=str(kind)[:40])
    allowed = table.ACTION_FIELDS[kind] | {"type", "player"}
    if kind == "roll" and manual_dice:
        allowed |= {"dice"}
    extra = sorted(set(action) - allowed)
    if extra:
        raise RoomError("field_not_allowed", f"{kind} does not take {extra[0]!r}",
                        field=extra[0][:40])
    if "player" in action and action["player"] != colour:
        raise RoomError("forged", "an action may only be made for one's own seat")
    if kind == "roll" and manual_dice and "dice" not in action:
        raise RoomError("dice_required", "with manual dice, send the dice you rolled")
    return {**action, "player": colour}


def act(doc: Doc, colour: str, n: int, action: Doc, now: float) -> list[Doc]:
    """A person's game action, checked by the room and then by the engine."""
    if doc["status"] != "playing":
        raise RoomError("wrong_status", "no game is being played", status=doc["status"])
    seat = doc["seats"][colour]
    if computer_plays(seat):
        raise RoomError("computer_playing", "the computer plays this seat now; send 'back' "
                        "first" if seat["away"] else "the computer plays this seat now")
    settings = settings_of(doc)
    action = check_action(action, colour, settings.dice == "manual")
    game = game_of(doc)
    assert game is not None
    if not table.may_act(game, colour):
        raise RoomError("not_your_turn", "the game is not waiting for you",
                        waiting=table.actors(game))
    turn = doc["turn"]
    if action["type"] == "offer_trade" and turn["offers"].get(colour, 0) >= HUMAN_OFFERS:
        raise RoomError("too_many_offers", f"at most {HUMAN_OFFERS} offers per turn")
    _check_n(seat, n)
    seat["acted"] = True
    seat["idle"] = 0
    events = _apply(doc, game, colour, action, now, human=True)
    return events


def _apply(doc: Doc, game: Game, colour: str, action: Doc, now: float,
           human: bool) -> list[Doc]:
    try:
        raw = game.apply(action)
    except IllegalAction as exc:
        raise RoomError(exc.code, exc.message, **exc.details) from None
    if action["type"] == "offer_trade":
        offers = doc["turn"]["offers"]
        offers[colour] = offers.get(colour, 0) + 1
    doc["turn"]["actions"] += 1
    settings = settings_of(doc)
    hidden = table.masked(game, settings.visibility)
    events = [table.split_event(e, hidden) for e in raw]
    doc["position"] = game.to_dict()
    if game.winner is not None:
        doc["status"] = "over"
        doc["clock"]["deadline"] = None
        return events
    if table.turn_key(game) != doc["turn"]["key"]:
        events += _end_turn_bookkeeping(doc)
        _new_turn(doc, game, now)
    else:
        _same_turn_clock(doc, game, now, human)
    return events


def _end_turn_bookkeeping(doc: Doc) -> list[Doc]:
    """Count idle turns: a turn whose time ran out; two in a row and the computer keeps the
    seat until the person is back."""
    events = []
    active = doc["turn"].get("player")
    for colour, seat in doc["seats"].items():
        if seat["timed_out"] and colour == active and seat["kind"] == "human":
            seat["idle"] += 1
            if seat["idle"] >= IDLE_TURNS and not seat["away"]:
                seat["away"] = True
                events.append(_event({"type": "away", "seat": colour}))
        seat["timed_out"] = False
        seat["acted"] = False
    return events


def _new_turn(doc: Doc, game: Game, now: float) -> None:
    doc["turn"] = {"key": table.turn_key(game), "player": game.current_player, "offers": {},
                   "actions": 0, "waiting": table.actors(game)}
    timer = settings_of(doc).timer
    doc["clock"]["deadline"] = None if timer is None else now + timer


def _same_turn_clock(doc: Doc, game: Game, now: float, human: bool) -> None:
    timer = settings_of(doc).timer
    waiting = table.actors(game)
    clock = doc["clock"]
    if timer is not None and clock["deadline"] is not None:
        if human:
            clock["deadline"] += BONUS
        if set(waiting) - set(doc["turn"]["waiting"]):  # someone new is asked to decide
            clock["deadline"] = max(clock["deadline"], now + min(timer, ANSWER_FLOOR))
    doc["turn"]["waiting"] = waiting


def pending_computer(doc: Doc, game: Game) -> str | None:
    """The computer-played colour the game waits for, if any."""
    for colour in table.actors(game):
        if computer_plays(doc["seats"][colour]):
            return colour
    return None


def auto_step(doc: Doc, now: float) -> list[Doc] | None:
    """One step the room takes by itself: a computer's move, or the clock running out.
    None when the game waits for a person with time left (or is not being played)."""
    if doc["status"] != "playing":
        return None
    game = game_of(doc)
    assert game is not None
    colour = pending_computer(doc, game)
    if colour is not None:
        seat = doc["seats"][colour]
        settings = settings_of(doc)
        if doc["turn"]["actions"] >= MAX_ACTIONS_PER_TURN and game.phase == "main" \
                and game.trade is None:
            action = {"type": "end_turn", "player": game.current_player}
        else:
            allow = doc["turn"]["offers"].get(colour, 0) < BOT_OFFERS
            bot = seat["bot"] if seat["kind"] == "computer" else {
                **settings.stand_in.model_dump(), "seed": seat["bot"]["seed"]}
            action = table.bot_action(game, doc["id"], colour, bot, settings.visibility, allow)
        if action["type"] == "roll":
            action = {k: v for k, v in action.items() if k != "dice"}
        return _apply(doc, game, colour, action, now, human=False)
    deadline = doc["clock"]["deadline"]
    if deadline is not None and now >= deadline:
        events = []
        for waiting in table.actors(game):
            seat = doc["seats"][waiting]
            if seat["kind"] == "human" and not computer_plays(seat):
                seat["timed_out"] = True
                events.append(_event({"type": "timeout", "seat": waiting}))
        if not events:  # nobody to time out: stop the clock until someone acts
            doc["clock"]["deadline"] = None
        return events or None
    return None


# -- what a client receives ----------------------------------------------------------------------

def lobby(doc: Doc, online: dict[str, int]) -> Doc:
    """The room as everyone may see it: settings, seats, who is connected."""
    seats = []
    for colour, seat in doc["seats"].items():
        entry = {"seat": colour, "kind": seat["kind"], "name": seat["name"],
                 "ready": seat["ready"], "away": seat["away"],
                 "computer": computer_plays(seat), "connected": online.get(colour, 0) > 0,
                 "open": seat["kind"] == "open" or (bool(seat.get("vacated"))
                 and seat["kind"] == "computer")}
        if seat["kind"] == "computer":
            entry["level"] = seat["bot"]["level"]
            entry["personality"] = seat["bot"]["personality"]
        seats.append(entry)
    return {"room": doc["id"], "status": doc["status"], "settings": doc["settings"],
            "seats": seats, "spectators": online.get("", 0)}


def game_frame(doc: Doc, game: Game, colour: str | None, now: float) -> Doc:
    settings = settings_of(doc)
    deadline = doc["clock"]["deadline"]
    seat = doc["seats"].get(colour) if colour else None
    mine = colour is not None and seat is not None and not computer_plays(seat)
    return {
        "view": table.seat_view(game, colour, settings.visibility),
        "hidden": table.masked(game, settings.visibility),
        "actors": table.actors(game),
        "legal": table.legal_for(game, colour) if mine and colour else [],
        "can_offer": bool(mine and colour and table.can_offer(game, colour)
                          and doc["turn"]["offers"].get(colour, 0) < HUMAN_OFFERS),
        "points": table.public_points(game),
        "clock": None if deadline is None else {"left_ms": max(0, int((deadline - now) * 1000)),
                                                "deadline_ms": int(deadline * 1000)},
    }
