"""``python -m catan_rooms [--port 8000] [--host 127.0.0.1] [--site site] [--store URL]``.

Once the server answers it prints the address to open; after that, one line for each request
answered with an error (status 400 or more), so a missing page or a refused request shows in
the terminal while the rest stays quiet.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import socket

import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory

from . import connections
from .app import create_app

#: zlib's level for compressing frames (permessage-deflate). uvicorn leaves zlib's default (6);
#: on the frames of a room (JSON, 1-6 kB) level 1 took 0.036 ms a frame against 0.090, for 18%
#: more bytes, and compressing was a quarter of the server's time at saturation
#: (notes/rooms-protocol.md).
DEFLATE_LEVEL = 1
#: The cycle collector's thresholds (``gc.set_threshold``) for the server. Python's defaults
#: (700, 10, 10) scan a room's state again and again while it lives: every move makes a new
#: room document, game and views that live a few seconds, long enough to be scanned in the
#: young generations, and the heap of 4,000 sockets (about 700,000 objects, a microsecond each)
#: was scanned whole every 8-10 s. At 1,000 rooms (benchmarks.rooms, compiled engine, a move
#: every 2-4 s per room, no look) that was 600-740 ms of pause every 8-10 s and young
#: collections of 20-100 ms twice a second: p95 370-690 ms, server CPU 76%. With (5000, 10,
#: 100) most of that state is freed before a collection looks at it, and a full collection
#: waits for a hundred middle ones (none in a measured run after the set-up): p95 51-62 ms,
#: CPU 60-66% (notes/rooms-protocol.md).
GC_THRESHOLDS = (5000, 10, 100)


class _Sockets(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol (the one it picks with websockets installed), compressing
    frames at :data:`DEFLATE_LEVEL`. uvicorn builds the extension's settings when a connection
    is made, before its handshake; they are changed there, before any frame is compressed."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        for factory in self.conn.available_extensions or ():
            if isinstance(factory, ServerPerMessageDeflateFactory):
                factory.compress_settings = {**(factory.compress_settings or {}),
                                             "level": DEFLATE_LEVEL}


def _errors_only(record: logging.LogRecord) -> bool:
    """uvicorn's access log lines whose status is an error (its arguments end with it), marked
    WARNING (a refused or missing request) or ERROR (the server's fault)."""
    args = record.args
    status = args[-1] if isinstance(args, tuple) and args else None
    if not isinstance(status, int) or status < 400:
        return False
    record.levelno = logging.ERROR if status >= 500 else logging.WARNING
    record.levelname = logging.getLevelName(record.levelno)
    return True


class _Server(uvicorn.Server):
    """uvicorn's server, which says where to open the site once it listens."""

    def __init__(self, config: uvicorn.Config, site: bool) -> None:
        super().__init__(config)
        self.site = site

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if not self.started:
            return
        host = self.config.host
        host = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
        what = "the site and its online rooms" if self.site else "the online rooms (no site)"
        print(f"Serving {what} at http://{host}:{self.config.port}/ (Ctrl+C stops)",
              flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve Catan rooms (and the built site).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--site", default=None, help="the built site's folder, served at /")
    parser.add_argument("--store", default=None,
                        help="sqlite:///rooms.sqlite3 (default) or redis://127.0.0.1:6379/0")
    parser.add_argument("--bot-delay", type=float, default=None,
                        help="seconds between computer moves (default 0.6)")
    parser.add_argument("--trust-proxy", action="store_true",
                        help="take the client address from X-Forwarded-For")
    parser.add_argument("--public-url", default=None,
                        help="the address people open the site at, for invitation links "
                             "(e.g. https://catan.example.org; default: paths on this server)")
    parser.add_argument("--request-timeout", type=float,
                        default=float(os.environ.get("CATAN_ROOMS_REQUEST_S",
                                                     connections.REQUEST_S)),
                        help="seconds an HTTP request may take to arrive and be answered "
                             f"(default {connections.REQUEST_S:g})")
    parser.add_argument("--connections-per-address", type=int,
                        default=int(os.environ.get("CATAN_ROOMS_CONNECTIONS_PER_ADDRESS",
                                                   connections.PER_ADDRESS)),
                        help="HTTP connections at once from one address (default "
                             f"{connections.PER_ADDRESS}; no limit with --trust-proxy)")
    args = parser.parse_args(argv)
    app = create_app(args.site, args.store, bot_delay=args.bot_delay,
                     trust_proxy=args.trust_proxy, public_url=args.public_url)
    connections.raise_open_files()
    http = connections.guarded(args.request_timeout,
                               None if args.trust_proxy else args.connections_per_address)
    config = uvicorn.Config(app, host=args.host, port=args.port, ws_max_size=65536, http=http,
                            ws=_Sockets,
                            log_level="warning", ws_ping_interval=20, ws_ping_timeout=20)
    gc.set_threshold(*GC_THRESHOLDS)
    gc.freeze()  # what the imports made lives as long as the process: never scanned again
    access = logging.getLogger("uvicorn.access")  # configured by Config: errors only
    access.setLevel(logging.INFO)
    access.addFilter(_errors_only)
    _Server(config, site=bool(args.site or os.environ.get("CATAN_ROOMS_SITE"))).run()


if __name__ == "__main__":
    main()
