"""The turn clock on a running server: a person who does nothing is timed out, the computer
finishes each of their turns, after two idle turns it keeps the seat, and "I'm back" gives it
back. The room's clock runs 40 times faster here (``CATAN_ROOMS_CLOCK_SPEED``)."""

from __future__ import annotations

from rooms_helpers import Server, run

from catan_rooms.client import RoomClient

SETTINGS = {"players": 3, "timer": 20, "board": "beginner", "mode": "quick"}


async def scenario(server: Server) -> None:
    status, created = server.post("/api/rooms", SETTINGS)
    assert status == 201
    sleeper = RoomClient(server.base, created["room"], host=created["host_token"])
    await sleeper.connect()
    await sleeper.sit("red", "Sleeper")
    await sleeper.send({"t": "start"})

    def events(kind: str) -> list[dict]:
        return [e for f in sleeper.frames if f["t"] == "update" for e in f["events"]
                if e["type"] == kind and e.get("player") == "red"]

    # never acting: time-outs, then the computer keeps the seat
    await sleeper.wait_for(lambda f: f["t"] == "update" and any(
        e["type"] == "away" and e.get("player") == "red" for e in f["events"]), timeout=60)
    assert len(events("timeout")) >= 2
    away = await sleeper.wait_for(lambda f: f["t"] == "update" and f["game"] is not None
                                  and f["game"]["away"]["red"])
    assert away["game"]["legal"] == []  # the computer plays red: nothing for the person
    await sleeper.send({"t": "back"})
    ok = await sleeper.wait_for(lambda f: f.get("for") == "back")
    assert ok["t"] == "ok", ok
    back = await sleeper.wait_for(lambda f: f["t"] == "update" and f["game"] is not None
                                  and not f["game"]["away"]["red"])
    assert back["lobby"]["seats"][0]["away"] is False
    assert events("back")
    await sleeper.close()


def test_timeouts_and_im_back(servers: list[Server], sqlite_store: str) -> None:
    server = Server(sqlite_store, env={"CATAN_ROOMS_CLOCK_SPEED": "40"}).start()
    servers.append(server)
    run(scenario(server), 90)
