"""The ASGI app serves the built site and the rooms on one origin (``create_app(site_dir)``)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from catan_rooms.app import create_app


def test_site_and_rooms_on_one_origin(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "en" / "play").mkdir(parents=True)
    (site / "index.html").write_text("<h1>home</h1>")
    (site / "en" / "play" / "index.html").write_text("<h1>play</h1>")
    (site / "worker.mjs").write_text("export {}")
    (site / "engine.wasm").write_bytes(b"\0asm")
    app = create_app(site, f"sqlite:///{tmp_path / 'rooms.sqlite3'}", bot_delay=0)
    with TestClient(app) as http:
        assert http.get("/healthz").json() == {"ok": True}
        assert "play" in http.get("/en/play/").text
        assert http.get("/worker.mjs").headers["content-type"].startswith("text/javascript")
        assert http.get("/engine.wasm").headers["content-type"] == "application/wasm"
        created = http.post("/api/rooms?lang=fr", json={"players": 3, "timer": 90})
        assert created.status_code == 201
        body = created.json()
        assert body["invite"] == f"/fr/play/#room={body['room']}"   # no public address set
        assert len(body["room"]) >= 22 and len(body["host_token"]) >= 22  # >= 128 bits
        lobby = http.get(f"/api/rooms/{body['room']}").json()
        assert lobby["settings"]["timer"] == 90 and len(lobby["seats"]) == 3
        assert "host" not in lobby and "seed" not in str(lobby)
        with http.websocket_connect(f"/api/rooms/{body['room']}/ws") as ws:
            ws.send_json({"t": "hello"})
            assert ws.receive_json()["t"] == "welcome"
            assert ws.receive_json()["t"] == "update"
        assert http.get("/missing.html").status_code == 404
        # the Play page offers rooms where this server serves it (the static file says no)
        flag = http.get("/assets/frontend/game/rooms-server.js")
        assert flag.text.strip() == "export const ROOMS_SERVER = true"
        assert flag.headers["content-type"].startswith("text/javascript")
    static = (Path(__file__).resolve().parents[2] / "frontend" / "game" / "rooms-server.js")
    assert "export const ROOMS_SERVER = false" in static.read_text(encoding="utf-8")


def test_without_site_only_the_api(tmp_path: Path) -> None:
    app = create_app(None, f"sqlite:///{tmp_path / 'rooms.sqlite3'}", bot_delay=0)
    with TestClient(app) as http:
        assert http.get("/healthz").status_code == 200
        assert http.get("/").status_code == 404


def test_the_host_sets_the_seats_over_the_socket(tmp_path: Path) -> None:
    """``seat``: the host's message, strictly typed; refused for anyone else and after the
    start, in the room's error codes (the page translates them)."""
    app = create_app(None, f"sqlite:///{tmp_path / 'rooms.sqlite3'}", bot_delay=0)
    with TestClient(app) as http:
        created = http.post("/api/rooms", json={"players": 3}).json()
        lobby = http.get(f"/api/rooms/{created['room']}").json()
        assert [s["kind"] for s in lobby["seats"]] == ["open"] * 3  # the defaults: all free
        socket = f"/api/rooms/{created['room']}/ws"
        with http.websocket_connect(socket) as host, http.websocket_connect(socket) as guest:

            def answer(ws: object, message: dict[str, object]) -> dict[str, object]:
                ws.send_json(message)  # type: ignore[attr-defined]
                while True:  # the updates in between are not the answer
                    frame = ws.receive_json()  # type: ignore[attr-defined]
                    if frame["t"] != "update":
                        return frame  # type: ignore[no-any-return]

            assert answer(host, {"t": "hello", "host": created["host_token"]})["host"] is True
            assert answer(guest, {"t": "hello"})["host"] is False

            assert answer(guest, {"t": "seat", "seat": "blue", "kind": "computer"})["code"] \
                == "not_host"
            for bad in ({"t": "seat", "seat": "blue", "kind": "bot"},
                        {"t": "seat", "seat": "blue", "kind": "computer", "level": 3},
                        {"t": "seat", "seat": "blue", "kind": "computer", "colour": "red"},
                        {"t": "seat", "seat": "blue", "kind": "open", "level": "hard"}):
                assert answer(host, bad)["code"] == "malformed", bad
            ok = answer(host, {"t": "seat", "seat": "blue", "kind": "computer",
                               "level": "hard", "personality": "merchant"})
            assert ok["for"] == "seat"
            lobby = http.get(f"/api/rooms/{created['room']}").json()
            assert [(s["kind"], s.get("level")) for s in lobby["seats"]][1] == \
                ("computer", "hard")
            assert answer(guest, {"t": "sit", "seat": "white", "name": "Bo"})["t"] != "error"
            assert answer(host, {"t": "seat", "seat": "white", "kind": "computer"})["code"] \
                == "seat_taken"
            assert answer(host, {"t": "start"})["t"] == "ok"
            assert answer(host, {"t": "seat", "seat": "blue", "kind": "open"})["code"] \
                == "wrong_status"

