"""The room's rules without sockets: the turn clock (+5 s per action), the computer finishing a
turn whose time ran out, two idle turns and the seat kept until "I'm back", leaving and taking
a seat mid-game, manual dice, spectators and the hidden island of the Fog mode."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from rooms_helpers import run

from catan_core.referee import waiting_for
from catan_rooms import room
from catan_rooms.room import RoomError
from catan_rooms.schemas import RoomSettings

Doc = dict[str, Any]


def make_room(people: list[str], **settings: Any) -> Doc:
    """A started room: ``people`` seated (token ``tok-<colour>``), computers elsewhere."""
    values = {"players": 4, "board": "beginner", **settings}
    doc = room.new_room("R" * 22, RoomSettings.model_validate(values), room.token_hash("host"),
                        seed=4, now=0.0)
    for colour in people:
        room.sit(doc, colour, colour.title(), room.token_hash(f"tok-{colour}"), None)
    room.start(doc, host=True, now=0.0)
    return doc


def run_computers(doc: Doc, now: float, limit: int = 500) -> None:
    """Let the room act by itself until it waits for a person (or the clock)."""
    for _ in range(limit):
        if room.auto_step(doc, now) is None:
            return
    raise AssertionError("the room never waited")


def waiting(doc: Doc) -> list[str]:
    game = room.game_of(doc)
    assert game is not None
    return waiting_for(game)


def person_move(doc: Doc, colour: str, now: float) -> list[Doc]:
    legal = room.open_table(doc).legal_for(colour)
    assert legal, (colour, waiting(doc))
    n = doc["seats"][colour]["last_n"] + 1
    action = {k: v for k, v in legal[0].items() if k != "player"}
    return room.act(doc, colour, n, action, now)


def test_clock_bonus_timeout_idle_and_back() -> None:
    doc = make_room(["red", "blue"], timer=20)
    run_computers(doc, 0.0)
    colour = waiting(doc)[0]
    assert colour in ("red", "blue")
    start = doc["clock"]["deadline"]
    assert start is not None and start <= 20.0
    assert room.auto_step(doc, start - 1) is None  # time left: the room waits
    person_move(doc, colour, 1.0)  # a settlement: the same set-up turn goes on (its road)
    assert doc["clock"]["deadline"] == pytest.approx(start + 5)  # +5 s per action
    # the time runs out: the computer finishes the turn, the person may not act meanwhile
    deadline = doc["clock"]["deadline"]
    events = room.auto_step(doc, deadline + 0.1)
    assert events and events[0]["e"] == {"type": "timeout", "player": colour}
    assert room.open_table(doc).computer_plays(colour)
    with pytest.raises(RoomError) as refused:
        room.act(doc, colour, 99, {"type": "place_road", "edge": "0.N"}, deadline + 0.2)
    assert refused.value.code == "computer_playing"
    # two idle turns in a row: the computer keeps the seat until "I'm back"
    now, away = deadline + 0.2, False
    for _ in range(200):
        step = room.auto_step(doc, now)
        if step is None:
            now = (doc["clock"]["deadline"] or now) + 0.1
            continue
        if any(e["e"]["type"] == "away" and e["e"]["player"] == colour for e in step):
            away = True
            break
    assert away
    table = room.open_table(doc)
    assert table.referee.seats[colour].away and table.computer_plays(colour)
    back = room.back(doc, colour)
    assert back[0]["e"] == {"type": "back", "player": colour}
    assert not room.open_table(doc).referee.seats[colour].away
    with pytest.raises(RoomError) as again:
        room.back(doc, colour)
    assert again.value.code == "not_away"


def test_unlimited_timer_never_times_out() -> None:
    doc = make_room(["red"], timer=None)
    run_computers(doc, 0.0)
    assert doc["clock"]["deadline"] is None
    assert room.auto_step(doc, 10**9) is None
    assert waiting(doc) == ["red"]


def test_leave_then_someone_takes_the_seat() -> None:
    doc = make_room(["red", "blue"], timer=None, computers={"white": {"level": "easy"}})
    run_computers(doc, 0.0)
    events = room.leave(doc, "red")
    assert [e["e"]["type"] for e in events] == ["left", "seat_computer"]
    assert room.seat_of_token(doc, "tok-red") is None  # the old token is worthless now
    run_computers(doc, 0.0)
    assert "red" not in waiting(doc) or room.auto_step(doc, 0.0) is not None
    lobby = room.lobby(doc, {})
    assert next(s for s in lobby["seats"] if s["seat"] == "red")["open"]
    events = room.sit(doc, "red", "Newcomer", room.token_hash("tok-new"), None)
    assert [e["e"]["type"] for e in events] == ["seated", "seat_person"]
    assert not room.open_table(doc).computer_plays("red")
    with pytest.raises(RoomError) as taken:
        room.sit(doc, "white", "Intruder", room.token_hash("tok-x"), None)
    assert taken.value.code == "seat_taken"  # a computer seat chosen by the host stays one
    room.sit(doc, "orange", "Late", room.token_hash("tok-late"), None)  # one left empty: free


def test_manual_dice() -> None:
    doc = make_room(["red", "blue", "white", "orange"], timer=None, dice="manual")
    for _ in range(400):  # set-up by the people, always the first legal placement
        game = room.game_of(doc)
        assert game is not None
        if game.phase == "roll":
            break
        person_move(doc, waiting(doc)[0], 0.0)
    colour = waiting(doc)[0]
    n = doc["seats"][colour]["last_n"] + 1
    with pytest.raises(RoomError) as missing:
        room.act(doc, colour, n, {"type": "roll"}, 0.0)
    assert missing.value.code == "dice_required"
    events = room.act(doc, colour, n, {"type": "roll", "dice": [2, 3]}, 0.0)
    assert {"type": "rolled", "player": colour, "dice": [2, 3], "total": 5} in [
        {k: v for k, v in e["e"].items() if k in ("type", "player", "dice", "total")}
        for e in events]


def test_automatic_dice_refuse_chosen_dice_and_cards() -> None:
    action = {"type": "roll", "dice": [6, 6]}
    with pytest.raises(RoomError):
        room.check_action(action, "red", manual_dice=False)
    with pytest.raises(RoomError):
        room.check_action({"type": "move_robber", "tile": 1, "card": "ore"}, "red", False)
    assert room.check_action({"type": "roll"}, "red", False) == {"type": "roll",
                                                                 "player": "red"}


def test_spectator_and_fog() -> None:
    doc = make_room(["red"], timer=None, visibility="fog")
    game = room.game_of(doc)
    assert game is not None
    frame = room.game_frame(doc, game, None, 0.0)
    assert frame["legal"] == [] and frame["hidden"] == "fog"
    tiles = frame["view"]["board"]["tiles"]
    assert all(t == "desert" or t.startswith("hidden") for t in tiles)
    assert all(set(p["hand"]) == {"hidden"} for p in frame["view"]["players"].values())
    run_computers(doc, 0.0)
    # the set-up cards of a hidden island are known to their owner only
    for _ in range(40):
        game = room.game_of(doc)
        assert game is not None
        if game.phase not in ("setup_settlement", "setup_road"):
            break
        before = copy.deepcopy(doc)
        events = person_move(doc, "red", 0.0) if waiting(doc) == ["red"] else (
            room.auto_step(doc, 0.0) or [])
        for e in events:
            if e["e"]["type"] == "received":
                assert "cards" not in e["e"] and e["who"] == [e["full"]["player"]]
        assert doc["version"] == before["version"]  # functions never bump the version
    game = room.game_of(doc)
    assert game is not None and game.phase not in ("setup_settlement", "setup_road")
    frame = room.game_frame(doc, game, None, 0.0)
    assert not any(t.startswith("hidden") for t in frame["view"]["board"]["tiles"])


def test_tokens_are_long_and_compared_by_hash() -> None:
    doc = make_room(["red"], timer=None)
    assert room.seat_of_token(doc, "tok-red") == "red"
    assert room.seat_of_token(doc, "tok-blue") is None
    assert doc["seats"]["red"]["token"] != "tok-red"  # only the hash is stored
    assert room.is_host(doc, "host") and not room.is_host(doc, "guest")


def test_doctests() -> None:
    import doctest

    import catan_core.table
    import catan_core.views

    assert doctest.testmod(catan_core.table).failed == 0
    assert doctest.testmod(catan_core.views).failed == 0


def test_chat_is_codes_and_slow() -> None:
    doc = make_room(["red"], timer=None)
    events = room.chat(doc, "red", 1, 10.0, phrase="good_luck")
    assert events[0]["e"] == {"type": "chat", "seat": "red", "phrase": "good_luck"}
    with pytest.raises(RoomError) as fast:
        room.chat(doc, "red", 2, 11.0, phrase="thanks")
    assert fast.value.code == "chat_too_fast"
    with pytest.raises(RoomError) as replay:
        room.chat(doc, "red", 1, 13.0, phrase="thanks")
    assert replay.value.code == "replayed"
    assert room.chat(doc, "red", 2, 13.0, phrase="thanks")


def test_a_socket_that_reads_nothing_is_let_go(tmp_path: Any) -> None:
    import asyncio

    from catan_rooms.hub import MAX_QUEUE, Hub
    from catan_rooms.store import SQLiteStore

    async def scenario() -> bool:
        hub = Hub(SQLiteStore(str(tmp_path / "rooms.sqlite3")))

        async def never(text: str) -> None:
            await asyncio.sleep(3600)

        conn = hub.admit("R" * 22, "client", never)
        for _ in range(MAX_QUEUE + 10):
            hub.reply(conn, {"t": "pong"})
        return conn.closed and conn.queue.qsize() <= MAX_QUEUE + 1

    assert run(scenario(), 60)


def test_a_person_lets_the_computer_play_and_takes_the_seat_back() -> None:
    """``auto``: the computer plays the person's seat at once (no clock needed) and the seat
    stays theirs; ``auto`` off gives it back. Asking twice is refused and changes nothing."""
    doc = make_room(["red"], timer=None)
    run_computers(doc, 0.0)
    assert waiting(doc) == ["red"]
    with pytest.raises(RoomError) as refused:
        room.auto(doc, "red", on=False)
    assert refused.value.code == "no_change"
    events = room.auto(doc, "red", on=True)
    assert [e["e"]["type"] for e in events] == ["seat_computer"]
    with pytest.raises(RoomError) as twice:
        room.auto(doc, "red", on=True)
    assert twice.value.code == "no_change"
    with pytest.raises(RoomError) as busy:  # the game waits on red, but the computer decides
        room.act(doc, "red", 1, {"type": "place_settlement", "node": "0.N"}, 0.0)
    assert busy.value.code == "computer_playing"
    moves = doc["moves"]
    for _ in range(5):  # the computer plays red's decisions (no clock needed)
        assert room.auto_step(doc, 0.0)
    assert doc["moves"] == moves + 5
    assert doc["seats"]["red"]["kind"] == "human" and doc["seats"]["red"]["token"]
    assert [e["e"]["type"] for e in room.auto(doc, "red", on=False)] == ["seat_person"]
    assert room.lobby(doc, {})["seats"][0]["kind"] == "human"


def test_the_host_chooses_the_seats_in_the_lobby() -> None:
    """Before the start the host turns a computer's seat into a free one (a friend may take it)
    and a free one into a computer's (level and personality); a person's seat stays theirs;
    after the start nothing changes. A seat the form gave a computer is free, with that computer
    to take it if nobody did at the start (``standby``)."""
    settings = RoomSettings.model_validate({
        "players": 4, "board": "beginner", "computers": {"orange": {"level": "easy"}},
        "standby": {"blue": {"level": "hard", "personality": "merchant"}}})
    doc = room.new_room("R" * 22, settings, room.token_hash("host"), seed=4, now=0.0)
    seats = {s["seat"]: s for s in room.lobby(doc, {})["seats"]}
    assert [seats[c]["kind"] for c in ("red", "blue", "white", "orange")] == \
        ["open", "open", "open", "computer"]
    assert (seats["blue"]["level"], seats["blue"]["personality"]) == ("hard", "merchant")
    room.sit(doc, "red", "Ann", room.token_hash("tok-red"), None)
    # the computer's seat becomes free: a friend takes it
    events = room.set_seat(doc, True, "orange", "open")
    assert [e["e"] for e in events] == [{"type": "seat_changed", "seat": "orange",
                                         "kind": "open", "level": "easy",
                                         "personality": "builder"}]
    room.sit(doc, "orange", "Bob", room.token_hash("tok-orange"), None)
    # a free seat becomes a computer's, with its level and personality
    room.set_seat(doc, True, "white", "computer", {"level": "expert",
                                                   "personality": "aggressive"})
    white = next(s for s in room.lobby(doc, {})["seats"] if s["seat"] == "white")
    assert (white["kind"], white["open"], white["level"], white["personality"]) == \
        ("computer", False, "expert", "aggressive")
    assert doc["settings"]["computers"] == {"white": {"level": "expert",
                                                      "personality": "aggressive"}}
    for refused, args in (("not_host", (False, "white", "open")),
                          ("seat_taken", (True, "orange", "computer")),  # Bob keeps his seat
                          ("seat_taken", (True, "red", "open")),
                          ("no_such_seat", (True, "purple", "open"))):
        before = copy.deepcopy(doc)
        with pytest.raises(RoomError) as error:
            room.set_seat(doc, *args)
        assert error.value.code == refused, args
        assert doc == before
    assert doc["seats"]["orange"]["name"] == "Bob"
    room.start(doc, host=True, now=0.0)
    kinds = {s["seat"]: (s["kind"], s.get("level")) for s in room.lobby(doc, {})["seats"]}
    assert kinds == {"red": ("human", None), "blue": ("computer", "hard"),
                     "white": ("computer", "expert"), "orange": ("human", None)}
    with pytest.raises(RoomError) as started:
        room.set_seat(doc, True, "blue", "open")
    assert started.value.code == "wrong_status"


def test_the_host_changes_the_settings_in_the_lobby() -> None:
    """Until the start the host changes the room's settings: the timer, the mode, the board,
    what is hidden, the dice, the rules and the number of players (the seat a smaller table
    takes away must be empty; a larger one adds a free seat). Everyone ready must say so again;
    anyone else, a bad value and a started game are refused, and nothing changes."""
    settings = RoomSettings.model_validate({"players": 4, "computers": {"white": {}}})
    doc = room.new_room("R" * 22, settings, room.token_hash("host"), seed=4, now=0.0)
    room.sit(doc, "red", "Ann", room.token_hash("tok-red"), None)
    room.sit(doc, "blue", "Bob", room.token_hash("tok-blue"), None)
    room.set_ready(doc, "blue", True)
    events = room.set_options(doc, True, {"timer": None, "mode": "quick", "board": "beginner",
                                          "rules": {"trade_before_build": True},
                                          "players": 3})
    assert [e["e"]["type"] for e in events] == ["options", "ready"]
    assert events[1]["e"] == {"type": "ready", "seat": "blue", "ready": False}
    lobby = room.lobby(doc, {})
    assert lobby["settings"]["timer"] is None and lobby["settings"]["mode"] == "quick"
    assert [s["seat"] for s in lobby["seats"]] == ["red", "blue", "white"]
    assert lobby["settings"]["computers"] == {"white": {"level": "normal",
                                                        "personality": "builder"}}
    room.set_options(doc, True, {"players": 4})  # orange again, free, its computer on standby
    orange = room.lobby(doc, {})["seats"][3]
    assert (orange["seat"], orange["kind"], orange["open"]) == ("orange", "open", True)
    room.sit(doc, "orange", "Cy", room.token_hash("tok-orange"), None)
    for refused, args in (("not_host", (False, {"timer": 60})),
                          ("seat_taken", (True, {"players": 3})),  # Cy sits at orange
                          ("malformed", (True, {"timer": 45}))):
        before = copy.deepcopy(doc)
        with pytest.raises(RoomError) as error:
            room.set_options(doc, *args)
        assert error.value.code == refused, args
        assert doc == before
    room.start(doc, host=True, now=0.0)
    game = room.game_of(doc)
    assert game is not None and game.vp_to_win == 7 and len(game.seats) == 4
    with pytest.raises(RoomError) as started:
        room.set_options(doc, True, {"timer": 60})
    assert started.value.code == "wrong_status"


def test_chat_says_a_phrase_or_a_short_text_of_ones_own() -> None:
    """A message of one's own is kept as typed (markup is text to the client), within
    ``MAX_CHAT`` characters, one line, never blank; a phrase stays a code."""
    from catan_rooms.schemas import CLIENT_MESSAGE, MAX_CHAT
    doc = room.new_room("R" * 22, RoomSettings(), room.token_hash("host"), seed=4, now=0.0)
    room.sit(doc, "red", "Ann", room.token_hash("tok-red"), None)
    said = CLIENT_MESSAGE.validate_python({"t": "chat", "n": 1, "text": " <b>gg</b> wp "})
    events = room.chat(doc, "red", said.n, 0.0, phrase=said.phrase, text=said.text)
    assert events[0]["e"] == {"type": "chat", "seat": "red", "text": "<b>gg</b> wp"}
    events = room.chat(doc, "red", 2, 5.0, phrase="hello")
    assert events[0]["e"] == {"type": "chat", "seat": "red", "phrase": "hello"}
    for bad in ({"t": "chat", "n": 3, "text": "x" * (MAX_CHAT + 1)},
                {"t": "chat", "n": 3, "text": "two\nlines"}, {"t": "chat", "n": 3, "text": "  "},
                {"t": "chat", "n": 3, "text": "\u3164"}, {"t": "chat", "n": 3},
                {"t": "chat", "n": 3, "text": "hi", "phrase": "hello"}):
        with pytest.raises(ValueError):
            CLIENT_MESSAGE.validate_python(bad)


def test_a_rooms_kept_game_is_its_latest_and_an_older_version_is_read_again() -> None:
    doc = make_room(["red"])
    doc["id"] = "kept-game-" + "K" * 12  # a room of its own (make_room's id is every test's)
    run_computers(doc, 0.0)
    older = copy.deepcopy(doc)
    person_move(doc, "red", 1.0)
    newest = room.cached_game(doc)
    assert newest.to_dict() == doc["position"]
    old_game = room.cached_game(older)  # read again from its position, not kept
    assert old_game.to_dict() == older["position"] != doc["position"]
    assert room.cached_game(doc) is newest  # the newer one is still the room's kept game
