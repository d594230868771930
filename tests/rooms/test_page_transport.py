"""The Play page over a room: ``look`` asks for the page's own view (``catan_web.game``) in
every update, for this seat only; ``pick`` plays a spot chosen on the board."""

from __future__ import annotations

import asyncio
import time

from rooms_helpers import Server, run

from catan_rooms.client import RoomClient

SETTINGS = {"players": 3, "timer": None, "board": "beginner",
            "computers": {"blue": {"level": "easy"}}}


async def place_one(*clients: RoomClient) -> int:
    """The first of ``clients`` asked to choose a spot picks the first legal one; how many
    picked (0 or 1)."""
    for client in clients:
        update = client.update
        game = update and update["game"]
        if not game or "page" not in game or not client.may_act():
            continue
        page = game["page"]
        assert page["viewer"] == client.seat and page["me"]["colour"] == client.seat
        assert page["next"]["pass_to"] is None
        if not page["next"]["decides"] or client.seat not in game["actors"] \
                or not page["choice"]["legal"]:
            continue
        spot = page["choice"]["legal"][0]
        client.n += 1
        client.inflight = client.n
        mark = len(client.frames)
        await client.send({"t": "pick", "n": client.n, "spot": spot})
        answer = await client.wait_for(lambda f: f["t"] == "pick" or f.get("for") == "pick",
                                       start=mark)
        assert answer["t"] == "ok" and answer["for"] == "pick", answer
        return 1
    return 0


async def scenario(server: Server) -> None:
    status, created = server.post("/api/rooms", SETTINGS)
    assert status == 201
    room = created["room"]
    red = RoomClient(server.base, room, host=created["host_token"])
    white = RoomClient(server.base, room)
    watcher = RoomClient(server.base, room)
    for client in (red, white, watcher):
        await client.connect()
    await red.sit("red", "Red")
    await white.sit("white", "White")
    for client in (red, white, watcher):
        await client.send({"t": "look", "options": {"mode": None}})
    await red.send({"t": "start"})  # the host starts without waiting for "ready"
    started = await red.wait_for(lambda f: f.get("for") == "start")
    assert started["t"] == "ok", started
    placed = 0
    give_up = time.monotonic() + 45  # a bound; it takes well under a second on a quiet machine
    while placed < 4 and time.monotonic() < give_up:
        placed += await place_one(red, white)
        await asyncio.sleep(0.01)
    assert placed >= 4, [(c.seat, c.inflight, c.min_version, c.update and c.update["version"],
                          c.update and c.update["game"] and c.update["game"]["actors"],
                          [f for f in c.frames if f["t"] not in ("update",)][-3:])
                         for c in (red, white)]
    # the spectator's page shows nobody's hand
    update = watcher.update
    assert update and update["game"]["page"]["viewer"] is None
    assert update["game"]["page"]["me"] is None
    # a page view leaves out a board the socket already has, and what the socket put together
    # is the board a new socket of the seat is sent whole. Every move of the set-up places a
    # piece; the first roll after it places none
    while placed < 8 and time.monotonic() < give_up:
        placed += await place_one(red, white)
        await asyncio.sleep(0.01)
    for _ in range(500):
        roller = next((c for c in (red, white) if c.may_act() and c.update["game"]["actors"]
                       == [c.seat] and c.update["game"]["legal"][0]["type"] == "roll"), None)
        if roller is not None:
            await roller.act({"type": "roll"})
        page = (watcher.update["game"] or {}).get("page") or {}
        if page.get("dice"):
            break
        await asyncio.sleep(0.02)
    assert page.get("dice"), "nobody rolled"
    assert watcher.same_boards > 0
    again = RoomClient(server.base, room, token=red.token)
    await again.connect()
    await again.send({"t": "look", "options": {"mode": None}})
    await again.wait_for(lambda f: f["t"] == "update" and "page" in (f["game"] or {}))
    for _ in range(200):  # the computer may still be moving: the same version on both sockets
        if red.update and again.update and red.update["version"] == again.update["version"] \
                and "page" in again.update["game"]:
            break
        await asyncio.sleep(0.02)
    assert again.same_boards == 0
    assert red.update["game"]["page"]["board"] == again.update["game"]["page"]["board"]
    assert red.update["game"]["page"]["board"].startswith("<svg")
    await again.close()
    # a pick that makes no sense is refused, and red's seat does nothing
    mark = len(red.frames)
    await red.send({"t": "pick", "n": red.n + 1, "spot": "77.Q"})
    refused = await red.wait_for(lambda f: f["t"] == "pick" or f.get("for") == "pick",
                                 start=mark)
    assert refused["t"] == "error", refused
    await asyncio.sleep(0.2)
    assert not [e for f in red.frames[mark:] if f["t"] == "update" for e in f["events"]
                if e.get("player") == "red"]
    for client in (red, white, watcher):
        await client.close()


def test_page_view_and_pick(servers: list[Server], sqlite_store: str) -> None:
    server = Server(sqlite_store).start()
    servers.append(server)
    run(scenario(server), 60)
