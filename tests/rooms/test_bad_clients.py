"""Hostile and broken clients: every kind of bad message is refused with an error, and nothing
changes for the other people in the room (no new version, no error frame, sockets open)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import urllib.error
import urllib.request
from typing import Any

import pytest
from rooms_helpers import Server, run

from catan_rooms.client import RoomClient

Doc = dict[str, Any]
SETTINGS = {"players": 3, "timer": None, "board": "beginner",
            "computers": {"white": {"level": "easy", "personality": "builder"}}}


async def refused(client: RoomClient, message: Any, code: str) -> Doc:
    """Send ``message`` (a dict, raw text or bytes) and expect an error with ``code``."""
    mark = len(client.frames)
    if isinstance(message, bytes):
        await client.ws.send(message)
    else:
        await client.send(message if isinstance(message, str) else json.dumps(message))
    frame = await client.wait_for(lambda f: f["t"] in ("error", "ok", "pong", "welcome",
                                                      "seated"), start=mark)
    assert frame["t"] == "error", (message if not isinstance(message, bytes) else "bytes", frame)
    assert frame["code"] == code, (str(message)[:80], frame)
    return frame


async def scenario(server: Server, other_room: str) -> list[str]:
    status, created = server.post("/api/rooms", SETTINGS)
    assert status == 201
    room, host = created["room"], created["host_token"]
    alice, xavier = RoomClient(server.base, room, host=host), RoomClient(server.base, room)
    watcher, stranger = RoomClient(server.base, room), RoomClient(server.base, room)
    for client in (alice, xavier, watcher, stranger):
        assert (await client.connect())["t"] == "welcome"
    assert (await alice.sit("red", "Alice"))["t"] == "seated"
    assert (await xavier.sit("blue", "Xavier"))["t"] == "seated"
    await alice.send({"t": "start"})
    await alice.wait_for(lambda f: f["t"] == "ok" and f["for"] == "start")

    def waiting(client: RoomClient) -> list[str]:
        update = client.update
        return update["game"]["actors"] if update and update["game"] else []

    for client in (alice, xavier):
        await client.wait_for(lambda f: f["t"] == "update" and f["game"] is not None and
                              f["game"]["actors"] in (["red"], ["blue"]))
    # the person the game waits for is "actor", the other one is the hostile "rogue"
    actor, rogue = (alice, xavier) if waiting(alice) == ["red"] else (xavier, alice)
    # the actor makes one legal move first, so that a replay of it can be tried
    first = actor.update["game"]["legal"][0]
    await actor.act({k: v for k, v in first.items() if k != "player"})
    await actor.wait_for(lambda f: f["t"] == "ok" and f.get("for") == "act")
    await actor.wait_for(lambda f: f["t"] == "update" and f["version"] >= actor.min_version)
    await asyncio.sleep(0.2)
    before = watcher.update["version"]
    assert waiting(watcher) == [actor.seat], waiting(watcher)
    kinds: list[str] = []

    async def bad(client: RoomClient, message: Any, code: str) -> None:
        await refused(client, message, code)
        kinds.append(code)

    road = actor.update["game"]["legal"][0]
    assert road["type"] == "place_road", road
    settlement = {"type": "place_settlement", "node": "0.N"}

    async def fresh() -> RoomClient:
        client = RoomClient(server.base, room)
        await client.connect(hello=False)
        opened.append(client)
        return client

    opened: list[RoomClient] = []
    # a real seat token, from another room
    elsewhere = RoomClient(server.base, other_room)
    await elsewhere.connect()
    assert (await elsewhere.sit("red", "Elsewhere"))["t"] == "seated"
    assert elsewhere.token is not None
    # -- not even a message
    await bad(stranger, '{"t":', "malformed")
    await bad(stranger, "[1, 2, 3]", "malformed")
    await bad(stranger, '"hello"', "malformed")
    await bad(stranger, "{}", "malformed")
    await bad(stranger, {"t": "explode"}, "malformed")
    await bad(stranger, b"\x00\x01binary", "malformed")
    await bad(stranger, json.dumps({"t": "ping", "pad": "x" * 5000}), "too_large")
    await bad(stranger, "[" * 1000 + "]" * 1000, "malformed")
    await bad(await fresh(), {"t": "hello", "since": -1}, "malformed")
    # -- tokens and rooms
    await bad(await fresh(), {"t": "hello", "token": secrets.token_urlsafe(16)}, "bad_token")
    await bad(await fresh(), {"t": "hello", "token": "short"}, "malformed")
    await bad(await fresh(), {"t": "hello", "host": secrets.token_urlsafe(16)}, "bad_token")
    await bad(await fresh(), {"t": "hello", "token": elsewhere.token}, "bad_token")
    await bad(await fresh(), {"t": "hello", "room": other_room}, "wrong_room")
    await bad(await fresh(), {"t": "act", "n": 1, "action": {"type": "end_turn"}},
              "hello_first")
    await bad(rogue, {"t": "hello"}, "hello_twice")
    await bad(rogue, {"t": "ping", "room": other_room}, "wrong_room")
    await bad(rogue, {"t": "act", "n": 1, "room": other_room, "action": {"type": "end_turn"}},
              "wrong_room")
    # -- seats and names
    await bad(stranger, {"t": "sit", "seat": actor.seat, "name": "Mallory"}, "seat_taken")
    await bad(stranger, {"t": "sit", "seat": "white", "name": "Mallory"}, "seat_taken")
    await bad(stranger, {"t": "sit", "seat": "orange", "name": "Mallory"}, "no_such_seat")
    await bad(stranger, {"t": "sit", "seat": "green", "name": "Mallory"}, "malformed")
    await bad(stranger, {"t": "sit", "seat": "orange", "name": "evil\u202egnp.exe"}, "bad_name")
    await bad(stranger, {"t": "sit", "seat": "orange", "name": "x" * 100}, "bad_name")
    await bad(stranger, {"t": "sit", "seat": "orange", "name": "   "}, "bad_name")
    await bad(rogue, {"t": "sit", "seat": "white", "name": "Two seats"}, "already_seated")
    # -- actions that are not one's own, replayed, forged or malformed
    await bad(stranger, {"t": "act", "n": 1, "action": {"type": "end_turn"}}, "no_seat")
    await bad(rogue, {"t": "act", "n": 1, "action": {**road, "player": actor.seat}}, "forged")
    await bad(rogue, {"t": "act", "n": 1, "action": settlement}, "not_your_turn")
    await bad(actor, {"t": "act", "n": actor.n, "action": {
        k: v for k, v in road.items() if k != "player"}}, "replayed")
    await bad(actor, {"t": "act", "n": 0, "action": {"type": "end_turn"}}, "malformed")
    await bad(actor, {"t": "act", "n": "7", "action": {"type": "end_turn"}}, "malformed")
    await bad(actor, {"t": "act", "n": True, "action": {"type": "end_turn"}}, "malformed")
    await bad(actor, {"t": "act", "n": 10**30, "action": {"type": "end_turn"}}, "malformed")
    await bad(actor, {"t": "act", "n": actor.n + 1, "action": ["end_turn"]}, "malformed")
    await bad(actor, {"t": "act", "n": actor.n + 1, "action": {"type": "win_game"}},
              "malformed_action")
    await bad(actor, {"t": "act", "n": actor.n + 1, "action": {"type": "roll", "dice": [6, 6]}},
              "field_not_allowed")
    await bad(actor, {"t": "act", "n": actor.n + 1, "action": {
        "type": "move_robber", "tile": 3, "victim": rogue.seat, "card": "ore"}},
        "field_not_allowed")
    await bad(actor, {"t": "act", "n": actor.n + 1, "action": {"type": "end_turn"},
                      "admin": True}, "malformed")
    await bad(actor, {"t": "act", "n": actor.n + 1, "action": {
        "type": "place_road", "edge": "99.N"}}, "unknown_place")
    await bad(actor, {"t": "act", "n": actor.n + 1, "action": settlement}, "wrong_phase")
    await bad(actor, {"t": "act", "n": actor.n + 1, "action": {"type": "end_turn"}},
              "wrong_phase")  # (a second engine refusal)
    await bad(actor, {"t": "act", "n": actor.n + 1, "action": dict.fromkeys("abcdefgh", 1)},
              "malformed")
    # -- chat, ready, start, back
    await bad(rogue, {"t": "chat", "n": 1, "phrase": "<script>alert(1)</script>"}, "malformed")
    await bad(stranger, {"t": "chat", "n": 1, "phrase": "hello"}, "no_seat")
    await bad(rogue, {"t": "start"}, "wrong_status")
    await bad(rogue, {"t": "ready"}, "wrong_status")
    await bad(rogue, {"t": "back"}, "not_away")
    await bad(rogue, {"t": "auto"}, "malformed")
    await bad(rogue, {"t": "auto", "on": "yes"}, "malformed")
    await bad(stranger, {"t": "auto", "on": True}, "no_seat")
    await bad(rogue, {"t": "auto", "on": False}, "no_change")
    # nothing of the above changed the room
    await asyncio.sleep(0.2)
    assert watcher.update["version"] == before
    assert waiting(watcher) == [actor.seat]
    # -- flooding: refused beyond the limit, then the socket is closed; others carry on
    flood = RoomClient(server.base, room)
    await flood.connect()
    for _ in range(150):
        with contextlib.suppress(Exception):
            await flood.send({"t": "ping"})
    await flood.wait_for(lambda f: f["t"] == "error" and f["code"] == "rate_limited")
    for _ in range(100):  # closed by the server (at once; a busy machine may take a while)
        if flood._reader is not None and flood._reader.done():
            break
        await asyncio.sleep(0.05)
    assert flood._reader is not None and flood._reader.done()
    kinds.append("rate_limited")
    await flood.close()
    for client in (actor, rogue, watcher):
        assert client._reader is not None and not client._reader.done()
    # the honest people saw no error and no change; the actor plays on
    assert not [f for f in watcher.frames if f["t"] == "error"]
    legal = actor.update["game"]["legal"]
    await actor.act({k: v for k, v in legal[0].items() if k != "player"})
    ok = await actor.wait_for(lambda f: f["t"] == "ok" and f.get("n") == actor.n)
    await watcher.wait_for(lambda f: f["t"] == "update" and f["version"] >= ok["version"])
    for client in (alice, xavier, watcher, stranger, elsewhere, *opened):
        await client.close()
    return kinds


def http(server: Server, method: str, path: str, body: bytes | None = None,
         kind: str = "application/json") -> int:
    request = urllib.request.Request(server.base + path, data=body, method=method,
                                     headers={"content-type": kind})
    try:
        with urllib.request.urlopen(request, timeout=5) as r:
            return int(r.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def test_bad_clients(servers: list[Server], sqlite_store: str) -> None:
    # room creations at the pace of this test (the per-second limit has its own test_abuse)
    server = Server(sqlite_store, env={"CATAN_ROOMS_ROOMS_BURST": "100"}).start()
    servers.append(server)
    status, other = server.post("/api/rooms", SETTINGS)
    assert status == 201
    kinds = run(scenario(server, other["room"]), 60)
    # HTTP: bad settings, a body too large, unknown rooms, too many rooms from one address
    assert http(server, "POST", "/api/rooms", b'{"timer": 45}') == 400
    assert http(server, "POST", "/api/rooms", b'{"computers": {"orange": {}}, "players": 3}') \
        == 400
    assert http(server, "POST", "/api/rooms", b"not json") == 400
    assert http(server, "POST", "/api/rooms", b"{" + b" " * 20000 + b"}") == 413
    assert http(server, "POST", "/api/rooms", b"players=3", "application/x-www-form-urlencoded") \
        == 415
    assert http(server, "GET", "/api/rooms/nosuchroomnosuchroom") == 404
    assert http(server, "GET", "/api/rooms/..%2F..%2Fetc%2Fpasswd") == 404
    kinds += ["http_bad_settings", "http_bad_seat", "http_not_json", "http_too_large", "http_form",
              "http_no_room", "http_path"]
    codes = [server.post("/api/rooms", {})[0] for _ in range(25)]
    assert 429 in codes and codes.index(429) <= 20
    kinds.append("too_many_rooms")

    async def no_room() -> Doc:
        client = RoomClient(server.base, "A" * 22)
        await client.connect(hello=False)
        frame = await client.wait_for(lambda f: f["t"] == "error")
        await client.close()
        return frame

    assert run(no_room(), 30)["code"] == "no_such_room"
    kinds.append("no_such_room")
    assert len(kinds) >= 30, kinds  # kinds of bad message, each refused
    assert len(set(kinds)) >= 25, sorted(set(kinds))  # with that many different answers


@pytest.mark.parametrize("name", ["Zoë", "李雷", "O'Brien & <Co>"])
def test_names_are_text(name: str) -> None:
    from catan_rooms.schemas import clean_text

    assert clean_text(f"  {name} ") == name  # kept as text; the client shows it as text
