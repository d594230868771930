"""Serve the built site: ``python -m devtools.serve [PORT] [--dir site]`` on 127.0.0.1.

A static server from the standard library, with the MIME types the site needs (ES modules and
WebAssembly are refused by browsers when served with the wrong type).
"""

from __future__ import annotations

import argparse
import functools
import http.server
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent  # the repository: site/, mkdocs.yml

MIME_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".xml": "application/xml",
    ".zip": "application/zip",
    ".whl": "application/zip",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with correct MIME types; ``quiet`` silences the request log."""

    extensions_map = {  # noqa: RUF012 (the base class declares it as a plain attribute)
        **http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES
    }
    quiet = False

    def log_message(self, format: str, *args: Any) -> None:
        """Log a request unless the server is quiet."""
        if not self.quiet:
            super().log_message(format, *args)


def make_server(port: int, directory: Path, quiet: bool = False) -> http.server.HTTPServer:
    """A threaded server for ``directory`` on 127.0.0.1 (``port=0`` picks a free port)."""
    handler = type("Handler", (SiteHandler,), {"quiet": quiet})
    factory = functools.partial(handler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), factory)


def main(argv: list[str] | None = None) -> None:
    """Command line entry point: serve until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("port", nargs="?", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=ROOT / "site")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").exists():
        parser.error(f"{args.dir} has no index.html: run python -m catan_site.build_site first")
    server = make_server(args.port, args.dir)
    print(f"Serving {args.dir} at http://127.0.0.1:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
