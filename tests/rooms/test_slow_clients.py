"""Slow and piled-up HTTP connections against a real server process (issue 32, high finding).

About 1,100 requests from one address, each sent in part and never finished, were never timed
out: the server ran out of open files (1,024) and stopped answering anyone, ``/healthz``
included. Here the server runs with a limit of 256 open files, as a small host would, and
the half-sent requests come from another loopback address (127.0.0.2) than the health checks.
"""

from __future__ import annotations

import asyncio
import socket
import time
import urllib.request
from typing import Any

from rooms_helpers import Server, run

from catan_rooms.client import RoomClient

REQUEST_S = 1.0
PER_ADDRESS = 40
HALF_SENT = 300          # more than the process may keep open
SETTINGS = {"players": 3, "timer": None, "board": "beginner",
            "computers": {"white": {"level": "easy", "personality": "builder"}}}


def half_sent(port: int) -> socket.socket:
    """A connection from 127.0.0.2 that sends part of a request's headers, then nothing."""
    sock = socket.socket()
    sock.bind(("127.0.0.2", 0))
    sock.settimeout(5)
    sock.connect(("127.0.0.1", port))
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return sock


def closed_by_server(sock: socket.socket, wait: float) -> bool:
    """The server closed ``sock`` within ``wait`` seconds (end of stream or reset)."""
    sock.settimeout(max(wait, 0.001))
    try:
        return sock.recv(1024) == b""
    except ConnectionResetError:
        return True
    except (TimeoutError, BlockingIOError):
        return False


def healthy(server: Server) -> bool:
    with urllib.request.urlopen(server.base + "/healthz", timeout=3) as answer:
        return bool(answer.status == 200)


def test_half_sent_requests_are_let_go_and_the_server_keeps_answering(
        servers: list[Any], sqlite_store: str) -> None:
    server = Server(sqlite_store, open_files=256,
                    env={"CATAN_ROOMS_REQUEST_S": str(REQUEST_S),
                         "CATAN_ROOMS_CONNECTIONS_PER_ADDRESS": str(PER_ADDRESS)})
    servers.append(server)
    server.start()
    socks = [half_sent(server.port) for _ in range(HALF_SENT)]
    try:
        assert healthy(server)   # at once: the ones past the address's limit were closed
        early = sum(closed_by_server(s, 0.01) for s in socks[PER_ADDRESS:])
        assert early >= HALF_SENT - 2 * PER_ADDRESS, early
        started = time.monotonic()
        kept = [s for s in socks[:PER_ADDRESS] if not closed_by_server(s, 0)]
        assert all(closed_by_server(s, REQUEST_S + 3) for s in kept)   # each timed out
        assert time.monotonic() - started < REQUEST_S + 3
        assert healthy(server)
    finally:
        for sock in socks:
            sock.close()


def test_slow_but_finished_requests_and_websockets_are_not_cut(
        servers: list[Any], sqlite_store: str) -> None:
    server = Server(sqlite_store, env={"CATAN_ROOMS_REQUEST_S": str(REQUEST_S)})
    servers.append(server)
    server.start()
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        for part in (b"GET /healthz HTTP/1.1\r\n", b"Host: 127.0.0.1\r\n", b"\r\n"):
            sock.sendall(part)       # a request sent in pieces, in time
            time.sleep(REQUEST_S / 4)
        assert sock.recv(1024).startswith(b"HTTP/1.1 200")
        time.sleep(REQUEST_S * 0.6)  # a second request on the same connection, later
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert sock.recv(1024).startswith(b"HTTP/1.1 200")

    status, created = server.post("/api/rooms", SETTINGS)
    assert status == 201, created

    async def quiet_socket() -> None:
        client = RoomClient(server.base, created["room"])
        welcome = await client.connect()
        assert welcome and welcome["t"] == "welcome"
        await asyncio.sleep(REQUEST_S * 2)      # a WebSocket lives past the request's limit
        await client.send({"t": "ping"})
        assert (await client.wait_for(lambda f: f["t"] == "pong"))["t"] == "pong"
        await client.close()

    run(quiet_socket(), 20)
