"""Findings of the hostile-client audit (issue 32), each reproduced: a refused message never
silences a socket, a message number cannot lock a seat, a name always shows, the settings'
types are strict, a room that could never start is not created, and an invitation link is
never built from the ``Host`` header a client sends."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx2")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from catan_rooms.app import create_app
from catan_rooms.hub import Limits
from catan_rooms.room import MAX_AHEAD
from catan_rooms.schemas import MAX_MARKS, clean_text

SETTINGS = {"players": 3, "timer": None, "board": "beginner",
            "computers": {"white": {"level": "easy", "personality": "builder"}}}


def app(tmp_path: Path, **options: Any) -> TestClient:
    return TestClient(create_app(None, f"sqlite:///{tmp_path / 'rooms.sqlite3'}", bot_delay=0,
                                 **options))


def frames_until(ws: Any, kind: str) -> dict[str, Any]:
    """The next frame of type ``kind`` (updates and the like on the way are skipped)."""
    for _ in range(50):
        frame = ws.receive_json()
        if frame["t"] == kind:
            return frame
    raise AssertionError(f"no {kind} frame")


def seated(ws: Any, seat: str = "red", name: str = "Ann", **hello: str) -> dict[str, Any]:
    """Say hello on ``ws`` (with ``hello``'s tokens) and sit at ``seat``: the ``seated`` frame
    (the seat's ``token``, its ``next_n``)."""
    ws.send_json({"t": "hello", **hello})
    frames_until(ws, "welcome")
    ws.send_json({"t": "sit", "seat": seat, "name": name})
    return frames_until(ws, "seated")


def test_an_unsendable_message_type_gets_an_error_and_the_socket_goes_on(
        tmp_path: Path) -> None:
    """``{"t": "\\ud800"}``: the error frame used to echo the lone surrogate, which cannot be
    encoded, and the socket's writer died without a word."""
    with app(tmp_path) as http:
        room = http.post("/api/rooms", json=SETTINGS).json()["room"]
        with http.websocket_connect(f"/api/rooms/{room}/ws") as ws:
            ws.send_json({"t": "hello"})
            frames_until(ws, "welcome")
            ws.send_text('{"t": "\\ud800"}')
            error = frames_until(ws, "error")
            assert error["code"] == "malformed" and "for" not in error
            ws.send_text('{"t": "ping"}')
            assert frames_until(ws, "pong")["t"] == "pong"     # still answering


def test_a_number_far_ahead_is_refused_and_never_locks_the_seat(tmp_path: Path) -> None:
    """A message numbered with the schema's largest number used to make every later message
    of the seat a "replay", its person's own after a reload included."""
    with app(tmp_path) as http:
        room = http.post("/api/rooms", json=SETTINGS).json()["room"]
        with http.websocket_connect(f"/api/rooms/{room}/ws") as ws:
            first = seated(ws)["next_n"]
            ws.send_json({"t": "chat", "n": 2**31, "phrase": "hello"})
            refused = frames_until(ws, "error")
            assert refused["code"] == "too_far_ahead" and refused["details"]["next"] == first
            ws.send_json({"t": "chat", "n": first + MAX_AHEAD + 1, "phrase": "hello"})
            assert frames_until(ws, "error")["code"] == "too_far_ahead"
            ws.send_json({"t": "chat", "n": first, "phrase": "hello"})
            assert frames_until(ws, "ok")["n"] == first        # the seat goes on


@pytest.mark.parametrize("name", ["\u3164", "\u2800", "a" + "\u0301" * 23, "\u115f\u1160",
                                  "\u034f", " \u3164 \u2800 "])
def test_a_name_that_would_not_show_is_refused_in_words(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValueError):
        clean_text(name)
    with app(tmp_path) as http:
        room = http.post("/api/rooms", json=SETTINGS).json()["room"]
        with http.websocket_connect(f"/api/rooms/{room}/ws") as ws:
            ws.send_json({"t": "hello"})
            frames_until(ws, "welcome")
            ws.send_json({"t": "sit", "seat": "red", "name": name})
            assert frames_until(ws, "error")["code"] == "bad_name"   # online_error_bad_name


@pytest.mark.parametrize("name", ["Zoë", "Nguyễn Thị", "Ørjan", "李雷", "😀 Bob", "e\u0301"])
def test_names_people_use_are_kept(name: str) -> None:
    assert clean_text(name)
    assert MAX_MARKS >= 2    # Vietnamese stacks two accents on a letter


def test_the_settings_types_are_strict(tmp_path: Path) -> None:
    with app(tmp_path) as http:
        refused = http.post("/api/rooms", content=json.dumps({**SETTINGS, "players": 3.0}),
                            headers={"content-type": "application/json"})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "malformed"
        assert refused.json()["error"]["details"]["at"] == "players"


def test_a_room_of_computers_only_is_not_created(tmp_path: Path) -> None:
    """It could never start: nobody may sit, and the host cannot start an empty table."""
    bots = {c: {"level": "easy", "personality": "builder"} for c in ("red", "blue", "white")}
    with app(tmp_path) as http:
        refused = http.post("/api/rooms", json={**SETTINGS, "computers": bots})
        assert refused.status_code == 400
        assert refused.json()["error"]["code"] == "no_person_seat"  # online_error_no_person_seat


def test_the_invitation_never_comes_from_the_host_header(tmp_path: Path) -> None:
    with app(tmp_path) as http:
        made = http.post("/api/rooms", json=SETTINGS, headers={"host": "evil.example"}).json()
        assert made["invite"] == f"/play/#room={made['room']}"
    with app(tmp_path, public_url="https://catan.example.org/") as http:
        made = http.post("/api/rooms?lang=nl", json=SETTINGS,
                         headers={"host": "evil.example"}).json()
        assert made["invite"] == f"https://catan.example.org/nl/play/#room={made['room']}"


def test_sockets_that_never_say_hello_never_keep_a_seat_out(tmp_path: Path) -> None:
    """Sockets that connect and say nothing used to fill a room, and its own player coming back
    with a valid seat token got ``room_full``. Now only sockets that said hello count, a seat's
    token always gets in, and a socket silent for ``hello_s`` is closed."""
    limits = Limits(sockets_per_room=3, hello_s=0.5)
    with app(tmp_path, limits=limits) as http:
        room = http.post("/api/rooms", json=SETTINGS).json()["room"]
        with http.websocket_connect(f"/api/rooms/{room}/ws") as ann:
            token = seated(ann)["token"]
        with contextlib.ExitStack() as stack:
            silent = [stack.enter_context(http.websocket_connect(f"/api/rooms/{room}/ws"))
                      for _ in range(limits.sockets_per_room + 2)]
            with http.websocket_connect(f"/api/rooms/{room}/ws") as back:   # Ann again
                back.send_json({"t": "hello", "token": token})
                assert frames_until(back, "welcome")["seat"] == "red"
            watchers = [stack.enter_context(http.websocket_connect(f"/api/rooms/{room}/ws"))
                        for _ in range(limits.sockets_per_room + 1)]
            for watcher in watchers[:-1]:
                watcher.send_json({"t": "hello"})
                frames_until(watcher, "welcome")
            watchers[-1].send_json({"t": "hello"})   # one spectator too many: refused, closed
            assert frames_until(watchers[-1], "error")["code"] == "room_full"
            with pytest.raises(WebSocketDisconnect):
                watchers[-1].receive_json()
            with http.websocket_connect(f"/api/rooms/{room}/ws") as back:   # still gets in
                back.send_json({"t": "hello", "token": token})
                assert frames_until(back, "welcome")["seat"] == "red"
            refused = frames_until(silent[0], "error")     # the silent ones time out
            assert refused["code"] == "hello_timeout"
            with pytest.raises(WebSocketDisconnect):
                silent[0].receive_json()


def test_a_socket_gets_no_frame_before_its_hello(tmp_path: Path) -> None:
    """A socket was sent the room's frames as a spectator from the moment it connected, before
    its hello: a seat coming back with its token could get a spectator's frame (no hand, nothing
    legal) at the current version first, and every silent socket cost a frame per change."""
    with app(tmp_path) as http:
        room = http.post("/api/rooms", json=SETTINGS).json()["room"]
        with http.websocket_connect(f"/api/rooms/{room}/ws") as ann:
            token = seated(ann)["token"]
            with http.websocket_connect(f"/api/rooms/{room}/ws") as back:   # Ann's other tab
                ann.send_json({"t": "ready", "ready": True})    # a change meanwhile
                while not any(s["ready"] for s in frames_until(ann, "update")["lobby"]["seats"]):
                    pass
                back.send_json({"t": "hello", "token": token})
                assert back.receive_json()["t"] == "welcome"
                update = frames_until(back, "update")
                assert update["you"]["seat"] == "red"


def test_floods_are_refused_before_any_work(tmp_path: Path) -> None:
    """``POST /api/rooms`` and new sockets have a per-second limit per address, checked first;
    a refused room is not written anywhere (1,500 refusals a second each wrote a row)."""
    limits = Limits(rooms_per_client=3, rooms_rate=0.001, rooms_burst=6,
                    sockets_rate=0.001, sockets_burst=4)
    with app(tmp_path, limits=limits) as http:
        answers = [http.post("/api/rooms", json=SETTINGS) for _ in range(9)]
        codes = [(a.status_code, a.json().get("error", {}).get("code")) for a in answers]
        assert codes == [(201, None)] * 3 + [(429, "too_many_rooms")] * 3 \
            + [(429, "too_fast")] * 3, codes
        written = sqlite3.connect(tmp_path / "rooms.sqlite3").execute(
            "SELECT COUNT(*) FROM created").fetchone()[0]
        assert written == 3
        room = answers[0].json()["room"]
        for _ in range(4):
            with http.websocket_connect(f"/api/rooms/{room}/ws") as ws:
                ws.send_json({"t": "hello"})
                frames_until(ws, "welcome")
        with http.websocket_connect(f"/api/rooms/{room}/ws") as ws:
            assert ws.receive_json()["code"] == "too_fast"
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()


#: Two computers beside the host's seat.
COMPUTERS = {"white": {"level": "easy", "personality": "builder"},
             "blue": {"level": "easy", "personality": "builder"}}


def watched_room(http: TestClient, stack: contextlib.ExitStack, watchers: int,
                 **settings: Any) -> tuple[Any, list[Any]]:
    """A room of the host and two computers, started, with ``watchers`` spectators that said
    hello before the start: the host's socket and theirs."""
    made = http.post("/api/rooms", json={**SETTINGS, "computers": COMPUTERS, **settings}).json()
    room = made["room"]
    host = stack.enter_context(http.websocket_connect(f"/api/rooms/{room}/ws"))
    seated(host, host=made["host_token"])
    sockets = [stack.enter_context(http.websocket_connect(f"/api/rooms/{room}/ws"))
               for _ in range(watchers)]
    for watcher in sockets:
        watcher.send_json({"t": "hello"})
        frames_until(watcher, "welcome")
    host.send_json({"t": "start"})
    frames_until(host, "ok")
    return host, sockets


def test_one_page_view_per_version_whoever_asks(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """``look`` repeated, and many spectators: the page view of a room version is built once
    per seat and options, and shared (each socket's own view used to be built every time)."""
    import catan_rooms.hub as hub_module

    built: list[Any] = []
    real = hub_module.view_of

    def counted(*args: Any, **kwargs: Any) -> Any:
        built.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(hub_module, "view_of", counted)
    with app(tmp_path) as http, contextlib.ExitStack() as stack:
        _, watchers = watched_room(http, stack, 4)
        built.clear()
        pages = []
        for watcher in watchers:
            for _ in range(5):
                watcher.send_json({"t": "look", "options": {}})
            update = frames_until(watcher, "update")
            while update["game"] is None or "page" not in update["game"]:
                update = frames_until(watcher, "update")
            pages.append((update["version"], update["game"]["page"]))
        versions = {version for version, _ in pages}
        assert len(built) <= len(versions) + 1, (len(built), versions)
        assert all(p == pages[0][1] for v, p in pages if v == pages[0][0])


def test_one_game_frame_per_version_and_seat(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Many spectators of a room where computers play: the game part of a frame is built once
    per room version and seat (it used to be built for every socket at every change), and each
    socket still gets its own clock."""
    import catan_rooms.room as room_module

    built: list[tuple[int, str | None]] = []
    real = room_module.seat_frame

    def counted(doc: dict[str, Any], game: Any, colour: str | None, ref: Any = None) -> Any:
        built.append((doc["version"], colour))
        return real(doc, game, colour, ref)

    monkeypatch.setattr(room_module, "seat_frame", counted)
    with app(tmp_path) as http, contextlib.ExitStack() as stack:
        _, watchers = watched_room(http, stack, 5, timer=60)
        seen: dict[int, list[dict[str, Any]]] = {}
        for watcher in watchers:
            update = frames_until(watcher, "update")
            while update["game"] is None:
                update = frames_until(watcher, "update")
            seen.setdefault(update["version"], []).append(update["game"])
    spectators = [version for version, colour in built if colour is None]
    assert spectators and len(spectators) == len(set(spectators)), spectators
    for games in seen.values():  # the same frame for every spectator of a version
        assert all({**g, "clock": None} == {**games[0], "clock": None} for g in games)
        assert all(g["clock"] and set(g["clock"]) == {"left_ms", "deadline_ms", "bonus_s"}
                   for g in games)
