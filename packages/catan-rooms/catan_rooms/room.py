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
from collections.abc import Sequence
from typing import Any

from catan_core import Game, IllegalAction
from catan_core.actions import ACTION_FIELDS, CHANCE_FIELDS
from catan_core.constants import COLOURS
from catan_core.referee import TIMER_BONUS_S, Referee, turn_key, waiting_for
from catan_core.table import Table, new_game
from catan_web.game import do_summary, tally
from catan_web.recent import Recent

from .schemas import MAX_CHAT, RoomSettings
from .store import dumps

Doc = dict[str, Any]

#: Seconds added to the turn clock for each action a person makes (the referee's figure).
BONUS = float(TIMER_BONUS_S)
#: Seconds a player waited for inside another's turn (a discard, an answer) has at least.
ANSWER_FLOOR = 15.0


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

def _new_seat(kind: str, bot: Doc) -> Doc:
    """A seat nobody has taken: ``open`` (``bot`` takes it if it is still free at the start)
    or a ``computer``'s."""
    return {"kind": kind, "name": None, "token": None, "ready": False, "last_n": 0,
            "acted": False, "vacated": False, "bot": dict(bot)}


def new_room(room_id: str, settings: RoomSettings, host_hash: str, seed: int,
             now: float) -> Doc:
    seats = {}
    for colour in settings.colours():
        bot = settings.computers.get(colour)  # type: ignore[call-overload]
        standby = settings.standby.get(colour)  # type: ignore[call-overload]
        seats[colour] = _new_seat("computer" if bot else "open",
                                  (bot or standby or settings.fill).model_dump())
    return {"id": room_id, "version": 0, "seq": 0, "created": now, "status": "lobby",
            "settings": settings.model_dump(mode="json"), "host": host_hash, "seed": seed,
            "seats": seats, "position": None, "referee": None,
            "clock": {"deadline": None}, "turn": {"key": None, "waiting": []}}


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


#: Validated settings by their JSON text: a room's settings change only in its lobby, and
#: validating them again with pydantic at every move was a twelfth of the server's work at 800
#: rooms (``RoomSettings`` is frozen: one may be shared).
_SETTINGS: Recent[str, RoomSettings] = Recent(4096)


def settings_of(doc: Doc) -> RoomSettings:
    """The room's settings, validated."""
    settings = doc["settings"]
    return _SETTINGS.recall(dumps(settings), lambda: RoomSettings.model_validate(settings))


def game_of(doc: Doc) -> Game | None:
    return Game.from_dict(doc["position"]) if doc["position"] is not None else None


#: The game of each room's latest position, by room, with its ``moves`` (the number of moves
#: played, which only grows, in one history: versions are committed with a check): a copy of
#: one is four times cheaper than reading the position again. One per room, not per version:
#: with a key per version, the rooms that moved since made a room's game forgotten before
#: its next move once a thousand rooms played (a twentieth of the server's work read it again).
_GAMES: Recent[str, tuple[int, Game]] = Recent(4096)


#: The game a change produced, by ``id()`` of the document it changed: the hub takes it once
#: the change is committed and keeps it as the game of the new version.
PRODUCED: dict[int, Game] = {}


def cached_game(doc: Doc) -> Game:
    """The game of ``doc``'s version, shared: read it, never change it."""
    room, moves = str(doc["id"]), int(doc.get("moves", 0))
    kept = _GAMES.get(room)
    if kept is not None and kept[0] == moves:
        _GAMES.move_to_end(room)
        return kept[1]
    game = Game.from_dict(doc["position"])
    if kept is None or kept[0] < moves:  # an older version's game never replaces a newer one
        _GAMES.keep(room, (moves, game))
    return game


def keep_game(doc: Doc, game: Game) -> None:
    """Keep ``game`` as the game of ``doc``'s version (the latest of its room)."""
    _GAMES.keep(str(doc["id"]), (int(doc.get("moves", 0)), game))


#: The computer players of each room, kept between moves (a computer remembers its offers of
#: the turn): the most recently used rooms.
_BOTS: Recent[str, dict[str, Any]] = Recent(2048)


def open_table(doc: Doc) -> Table:
    """The table of ``doc``: a copy of its game and referee the caller may change, the room's
    visibility and its computer players."""
    game = cached_game(doc).copy()
    bots = _BOTS.recall(str(doc["id"]), dict)
    return Table(game, Referee.from_dict(doc["referee"], game.seats),
                 settings_of(doc).visibility, bots)


def needs_step(doc: Doc, game: Game, ref: Referee, now: float) -> bool:
    """Cheap: whether :func:`auto_step` would do something now (``game`` and ``ref``, the
    game and referee of ``doc``'s version, are read only)."""
    if doc["status"] != "playing":
        return False
    actor = ref.next_actor(game)
    if actor is None:
        return False
    if ref.computer_plays(game, actor) or ref.forced_action(game, actor) is not None:
        return True
    deadline = doc["clock"]["deadline"]
    return deadline is not None and now >= deadline


def _event(e: Doc) -> Doc:
    return {"e": e}




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
    seat.update(kind="human", name=name, token=token_digest, ready=False, acted=False,
                vacated=False, last_n=0)  # a new person: message numbers start again
    events = [_event({"type": "seated", "seat": colour, "name": name})]
    if doc["status"] == "playing":  # a person takes over a computer's seat
        ref = open_table(doc).referee
        events += [_event(e) for e in ref.set_kind(colour, "human")]
        doc["referee"] = ref.to_dict()
    return events


def set_seat(doc: Doc, host: bool, colour: str, kind: str,
             bot: Doc | None = None) -> list[Doc]:
    """The host's choice in the lobby: seat ``colour`` free (``open``: a person may take it;
    its computer takes it if it is still free at the start) or a computer's (``bot``: level
    and personality, else the seat's computer as it is). A person's seat stays theirs."""
    if not host:
        raise RoomError("not_host", "only the room's creator chooses the seats")
    if doc["status"] != "lobby":
        raise RoomError("wrong_status", "the game has started", status=doc["status"])
    if colour not in doc["seats"]:
        raise RoomError("no_such_seat", f"this table has no {colour} seat", seat=colour)
    seat = doc["seats"][colour]
    if seat["kind"] == "human":
        raise RoomError("seat_taken", f"a person sits at {colour}", seat=colour)
    seat["kind"] = kind
    seat["bot"] = {**seat["bot"], **{k: v for k, v in (bot or {}).items() if v is not None}}
    settings = doc["settings"]  # the settings say what the seats are now
    settings.setdefault("standby", {})
    settings["computers"].pop(colour, None)
    settings["standby"].pop(colour, None)
    settings["computers" if kind == "computer" else "standby"][colour] = dict(seat["bot"])
    return [_event({"type": "seat_changed", "seat": colour, "kind": kind, **seat["bot"]})]


def set_options(doc: Doc, host: bool, changes: Doc) -> list[Doc]:
    """The host's new settings in the lobby (``schemas.Options.changes``: timer, dice, mode,
    board, visibility, rules, number of players). Fewer players take the last seat away, if
    nobody sits there; more add a free seat with the settings' ``fill`` computer on standby.
    Everyone ready is ready no more: they said so for other settings."""
    if not host:
        raise RoomError("not_host", "only the room's creator chooses the settings")
    if doc["status"] != "lobby":
        raise RoomError("wrong_status", "the game has started", status=doc["status"])
    settings = {**doc["settings"], **changes}
    colours = list(COLOURS[:settings["players"]])
    gone = [c for c in doc["seats"] if c not in colours]
    if any(doc["seats"][c]["kind"] == "human" for c in gone):
        raise RoomError("seat_taken", "a person sits at the seat a smaller table takes away",
                        seat=gone[0])
    for key in ("computers", "standby"):
        settings[key] = {c: bot for c, bot in settings.get(key, {}).items() if c in colours}
    for colour in colours:
        if colour not in doc["seats"]:
            settings["standby"][colour] = dict(settings["fill"])
    try:
        checked = RoomSettings.model_validate(settings)
    except ValueError as exc:
        raise RoomError("malformed", "these settings are not valid") from exc
    for colour in gone:
        del doc["seats"][colour]
    for colour in colours:
        if colour not in doc["seats"]:
            doc["seats"][colour] = _new_seat("open", settings["fill"])
    doc["settings"] = checked.model_dump(mode="json")
    events = [_event({"type": "options", "settings": doc["settings"]})]
    for colour, seat in doc["seats"].items():
        if seat["ready"]:
            seat["ready"] = False
            events.append(_event({"type": "ready", "seat": colour, "ready": False}))
    return events


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
    game = new_game(settings.colours(), doc["seed"], settings.mode, settings.board,
                    {str(k): v for k, v in settings.rules.items()})
    config = {c: (s["bot"]["level"], s["bot"]["personality"]) for c, s in doc["seats"].items()}
    ref = Referee.new(game.seats, seed=doc["seed"], config=config,
                      humans=[c for c, s in doc["seats"].items() if s["kind"] == "human"])
    doc["status"] = "playing"
    doc["position"] = game.to_dict()
    doc["start"] = doc["position"]  # the record's start: its actions ride on the events
    doc["moves"] = 0
    doc["referee"] = ref.to_dict()
    _new_turn(doc, game, now)
    return [_event({"type": "started", "seats": list(game.seats)})]


def leave(doc: Doc, colour: str) -> list[Doc]:
    """Give the seat up: an open seat again before the start, a computer's seat after."""
    seat = doc["seats"][colour]
    events = [_event({"type": "left", "seat": colour})]
    if doc["status"] == "lobby":
        seat.update(kind="open", name=None, token=None, ready=False)
    else:
        seat.update(kind="computer", token=None, vacated=True)
        if doc["status"] == "playing":
            ref = open_table(doc).referee
            events += [_event(e) for e in ref.set_kind(colour, "bot")]
            doc["referee"] = ref.to_dict()
    return events


def back(doc: Doc, colour: str) -> list[Doc]:
    """"I'm back": the person plays their seat again (a turn whose time ran out is still
    finished by the computer)."""
    if doc["status"] != "playing":
        raise RoomError("not_away", "the seat is not played by the computer")
    ref = open_table(doc).referee
    if not ref.seats[colour].away:
        raise RoomError("not_away", "the seat is not played by the computer")
    events = [_event(e) for e in ref.come_back(colour)]
    doc["referee"] = ref.to_dict()
    return events


def auto(doc: Doc, colour: str, on: bool) -> list[Doc]:
    """The person asks the computer to play their seat (``on``) until they take it back
    (``off``), as the Play page's "Let the computer play this seat"; the seat stays theirs."""
    if doc["status"] != "playing":
        raise RoomError("wrong_status", "no game is being played", status=doc["status"])
    ref = open_table(doc).referee
    control = ref.seats[colour]
    if (on and control.kind == "bot") or (not on and control.kind == "human"
                                           and not control.away):
        raise RoomError("no_change", "the seat is already played that way")
    events = [_event(e) for e in ref.set_kind(colour, "bot" if on else "human")]
    doc["referee"] = ref.to_dict()
    return events


#: Seconds between two chat phrases of one seat (the room's log is kept for everyone).
CHAT_INTERVAL = 2.0


def chat(doc: Doc, colour: str, n: int, now: float, phrase: str | None = None,
         text: str | None = None) -> list[Doc]:
    """A quick ``phrase`` (a code) or a ``text`` of the seat's own (``schemas.Chat``)."""
    seat = doc["seats"][colour]
    if now - seat.get("chatted", -CHAT_INTERVAL) < CHAT_INTERVAL:
        raise RoomError("chat_too_fast", f"one phrase every {CHAT_INTERVAL:g} s",
                        interval=CHAT_INTERVAL)
    _check_n(seat, n)
    seat["chatted"] = now
    said = {"phrase": phrase} if text is None else {"text": text}
    return [_event({"type": "chat", "seat": colour, **said})]


#: How far past the last message number a seat's next one may be: a client counts up by one,
#: and one that jumped to the schema's largest number would refuse every later message of the
#: seat as a replay, its person's own after a reload included.
MAX_AHEAD = 1000


def _check_n(seat: Doc, n: int) -> None:
    if n <= seat["last_n"]:
        raise RoomError("replayed", "this message number was already used",
                        next=seat["last_n"] + 1)
    if n > seat["last_n"] + MAX_AHEAD:
        raise RoomError("too_far_ahead", "this message number skips too many",
                        next=seat["last_n"] + 1)
    seat["last_n"] = n


# -- playing ---------------------------------------------------------------------------------

def check_action(action: Doc, colour: str, manual_dice: bool) -> Doc:
    """The action with ``player`` set to the sender, or ``RoomError`` if its shape is wrong:
    an unknown type, a field that type does not take (a forced card or dice), another
    player's name."""
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in ACTION_FIELDS:
        raise RoomError("malformed_action", "unknown action type", type=str(kind)[:40])
    allowed = ACTION_FIELDS[kind] | {"type", "player"}
    if kind == "roll" and manual_dice:
        allowed |= CHANCE_FIELDS["roll"]
    extra = sorted(set(action) - allowed)
    if extra:
        raise RoomError("field_not_allowed", f"{kind} does not take {extra[0]!r}",
                        field=extra[0][:40])
    if "player" in action and action["player"] != colour:
        raise RoomError("forged", "an action may only be made for one's own seat")
    if kind == "roll" and manual_dice and "dice" not in action:
        raise RoomError("dice_required", "with manual dice, send the dice you rolled")
    return {**action, "player": colour}


def act(doc: Doc, colour: str, n: int, action: Doc, now: float,
        to: Sequence[str] | None = None) -> list[Doc]:
    """A person's game action, checked by the room, the referee and then the engine.
    ``to``: for an offer, the colours it is made to (the referee declines for the others)."""
    if doc["status"] != "playing":
        raise RoomError("wrong_status", "no game is being played", status=doc["status"])
    seat = doc["seats"][colour]
    settings = settings_of(doc)
    action = check_action(action, colour, settings.dice == "manual")
    table = open_table(doc)
    game, ref = table.game, table.referee
    if table.computer_plays(colour):
        raise RoomError("computer_playing", "the computer plays this seat now"
                        + ("; send 'back' first" if ref.seats[colour].away else ""))
    if not table.may_send(colour):
        raise RoomError("not_your_turn", "the game is not waiting for you",
                        waiting=waiting_for(game))
    if to is not None and (action["type"] != "offer_trade" or colour in to
                           or not set(to) <= set(game.seats)):
        raise RoomError("bad_recipients", "'to' names other players of an offer")
    _check_n(seat, n)
    events = _step(doc, table, colour, action, now, human=True,
                   offered_to=list(to) if to is not None else None)
    seat["acted"] = True
    return events


def _step(doc: Doc, table: Table, colour: str, action: Doc, now: float, human: bool,
          offered_to: list[str] | None = None) -> list[Doc]:
    """One step of the table (a refusal raises ``RoomError``), then the room's bookkeeping:
    the new position and referee, the clock and the turn."""
    try:
        events: list[Doc] = [dict(e) for e in table.step(colour, action, offered_to=offered_to,
                                                         person=human)]
    except IllegalAction as exc:
        raise RoomError(exc.code, exc.message, **exc.details) from None
    # the game's record: the action rides on the step's first event (stored, never sent: a
    # seat is sent each event's "e" or "full" only), or on a bare one if it made none
    if not events:
        events.append({"e": {"type": "acted"}})
    events[0]["act"] = dict(action)
    game = table.game
    # the end-of-game statistics, counted as the game goes (the Play page's, from its log)
    doc["tally"] = tally(game.seats, [{**e, "turn": game.turn_number} for e in events],
                         doc.get("tally"))
    doc["position"] = game.to_dict()
    doc["moves"] = doc.get("moves", 0) + 1
    PRODUCED[id(doc)] = game
    doc["referee"] = table.referee.to_dict()
    if game.winner is not None:
        doc["status"] = "over"
        doc["clock"]["deadline"] = None
        return events
    if turn_key(game) != doc["turn"]["key"]:
        _new_turn(doc, game, now)
    else:
        _same_turn_clock(doc, game, now, human)
    return events


def _new_turn(doc: Doc, game: Game, now: float) -> None:
    doc["turn"] = {"key": turn_key(game), "waiting": waiting_for(game)}
    for seat in doc["seats"].values():
        seat["acted"] = False
    timer = settings_of(doc).timer
    doc["clock"]["deadline"] = None if timer is None else now + timer


def _same_turn_clock(doc: Doc, game: Game, now: float, human: bool) -> None:
    timer = settings_of(doc).timer
    waiting = waiting_for(game)
    clock = doc["clock"]
    if timer is not None:
        if clock["deadline"] is None:
            clock["deadline"] = now + timer
        if human:
            clock["deadline"] += BONUS
        if set(waiting) - set(doc["turn"]["waiting"]):  # someone new is asked to decide
            clock["deadline"] = max(clock["deadline"], now + min(timer, ANSWER_FLOOR))
    doc["turn"]["waiting"] = waiting


def auto_step(doc: Doc, now: float) -> list[Doc] | None:
    """One step the room takes by itself: the referee's answer for someone, a computer's move,
    or the clock running out (the stand-in then plays for the person). None when the game
    waits for a person with time left (or is not being played)."""
    if doc["status"] != "playing":
        return None
    table = open_table(doc)
    game, ref = table.game, table.referee
    move = table.computer_move()
    if move is not None:
        actor, action, _note = move
        if action["type"] == "roll":  # computers roll on the server, manual dice or not
            action = {k: v for k, v in action.items() if k != "dice"}
        return _step(doc, table, actor, action, now, human=False)
    if ref.next_actor(game) is None:
        return None
    deadline = doc["clock"]["deadline"]
    if deadline is None or now < deadline:
        return None
    events = []
    for colour in waiting_for(game):
        if doc["seats"][colour]["kind"] == "human" and not ref.computer_plays(game, colour):
            events += [_event(e) for e in ref.timeout(game, colour,
                                                      acted=doc["seats"][colour]["acted"])]
    doc["referee"] = ref.to_dict()
    if not events:  # nobody to time out: stop the clock until someone acts
        doc["clock"]["deadline"] = None
        return []
    return events


# -- what a client receives ----------------------------------------------------------------------

def lobby(doc: Doc, online: dict[str, int]) -> Doc:
    """The room as everyone may see it: settings, seats, who is connected."""
    control = (doc["referee"] or {}).get("seats", {}) if doc["status"] == "playing" else {}
    seats = []
    for colour, seat in doc["seats"].items():
        ctrl = control.get(colour, {})
        entry = {"seat": colour, "kind": seat["kind"], "name": seat["name"],
                 "ready": seat["ready"], "away": bool(ctrl.get("away")),
                 "connected": online.get(colour, 0) > 0,
                 "open": seat["kind"] == "open" or (seat["kind"] == "computer"
                                                    and seat["vacated"]
                                                    and doc["status"] == "playing")}
        if seat["kind"] == "computer" or (seat["kind"] == "open" and doc["status"] == "lobby"):
            entry["level"] = seat["bot"]["level"]
            entry["personality"] = seat["bot"]["personality"]
        seats.append(entry)
    return {"room": doc["id"], "status": doc["status"], "settings": doc["settings"],
            "seats": seats, "spectators": online.get("", 0), "chat_max": MAX_CHAT}


def game_frame(doc: Doc, game: Game, colour: str | None, now: float,
               ref: Referee | None = None) -> Doc:
    """What one seat (None: a spectator) is sent of the game (``game`` and ``ref`` are only
    read): :func:`seat_frame` and the clock at ``now``."""
    return {**seat_frame(doc, game, colour, ref), "clock": clock_frame(doc, now)}


def clock_frame(doc: Doc, now: float) -> Doc | None:
    """The clock of the player to act at ``now``: time left, deadline, seconds an action adds."""
    deadline = doc["clock"]["deadline"]
    if deadline is None:
        return None
    return {"left_ms": max(0, int((deadline - now) * 1000)), "deadline_ms": int(deadline * 1000),
            "bonus_s": BONUS}


def seat_frame(doc: Doc, game: Game, colour: str | None, ref: Referee | None = None) -> Doc:
    """What one seat (None: a spectator) is sent of the game but the clock: it depends on the
    room's version and the seat only, so every socket of that seat may share it (read only).
    It holds the table as the seat sees it (:meth:`catan_core.table.Table.seen`: ``view``,
    ``bank``, ``referee``, ``visibility``), from which the Play page builds its own view."""
    settings = settings_of(doc)
    table = Table(game, ref or Referee.from_dict(doc["referee"], game.seats), settings.visibility)
    ref = table.referee
    mine = colour is not None and colour in game.seats and not ref.computer_plays(game, colour)
    out = {
        # the table as this seat sees it: the Play page builds its view on it (Table.seen_by)
        **table.seen(colour),
        "hidden": table.hidden,
        "actors": [c for c in waiting_for(game) if ref.forced_action(game, c) is None],
        "next": ref.next_actor(game),
        "computer": {c: ref.computer_plays(game, c) for c in game.seats},
        "away": {c: ref.seats[c].away for c in game.seats},
        "offered_to": ref.offered_to,
        "legal": table.legal_for(colour) if mine and colour else [],
        "can_offer": bool(mine and colour and table.may_offer(colour)),
        "points": game.scores("public"),
    }
    if game.winner is not None:  # the points of everyone, Victory Point cards included
        out["summary"] = do_summary(doc["position"], counted=doc.get("tally"))
    return out


def record(doc: Doc, stored: Sequence[Doc]) -> Doc | None:
    """The game's record (``{start, actions}``, :meth:`catan_core.table.Table.record`) from the
    room and its stored events, in order; None before the game started."""
    if doc.get("start") is None:
        return None
    return {"start": doc["start"], "actions": [dict(e["act"]) for e in stored if "act" in e]}
