"""``python -m catan_rooms [--port 8000] [--host 127.0.0.1] [--site site] [--store URL]``."""

from __future__ import annotations

import argparse

import uvicorn

from .app import create_app


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
    args = parser.parse_args(argv)
    app = create_app(args.site, args.store, bot_delay=args.bot_delay,
                     trust_proxy=args.trust_proxy)
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=65536, log_level="warning",
                ws_ping_interval=20, ws_ping_timeout=20)


if __name__ == "__main__":
    main()
