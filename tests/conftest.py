"""Shared fixtures: the built site, a local server for it, and Playwright set up for Chromium.

Browser tests (``@pytest.mark.browser``) use pytest-playwright's ``page`` / ``browser`` fixtures.
They run Debian's ``/usr/bin/chromium`` when it exists (no ``playwright install`` needed), else
Playwright's own browser. The site is served on a free 127.0.0.1 port; ``watch(page, base_url)``
records every request (Web Workers included) and every console error so a test can assert that
the page stayed clean and never left its origin; ``serve_sitemap`` turns on Material's instant
navigation for a page.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from catan_site.serve import make_server

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site; built with catan_site.build_site if ``site/`` is missing."""
    if not (SITE / "index.html").exists():
        subprocess.run([sys.executable, "-m", "catan_site.build_site"], cwd=ROOT, check=True)
    return SITE


@pytest.fixture(scope="session")
def site_server(site_dir: Path) -> Iterator[str]:
    """Serve the site on a free 127.0.0.1 port for the whole session; yields its URL."""
    server = make_server(0, site_dir, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def base_url(site_server: str) -> str:
    """pytest-playwright's base URL: our local server."""
    return site_server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Headless Chromium with the flags this machine needs; Debian's binary if present."""
    args = {**browser_type_launch_args, "headless": True, "args": CHROMIUM_ARGS}
    if CHROMIUM.exists():
        args["executable_path"] = str(CHROMIUM)
    return args


@dataclass
class PageWatch:
    """What a page did: every request URL, console errors and uncaught exceptions."""

    origin: str
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def outside(self) -> list[str]:
        """Requests that left the site's origin (data: and blob: URLs stay local)."""
        return [url for url in self.requests
                if urlsplit(url).scheme not in ("data", "blob") and _origin(url) != self.origin]

    def assert_clean(self) -> None:
        """Fail if any request left the origin or anything was logged as an error."""
        assert not self.outside(), f"requests outside {self.origin}: {self.outside()}"
        assert not self.errors, f"console errors: {self.errors}"


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def watch(page: Any, base_url: str) -> PageWatch:
    """Start recording a Playwright page's requests (workers included) and errors."""
    record = PageWatch(origin=_origin(base_url))
    page.on("request", lambda request: record.requests.append(request.url))
    page.on("console", lambda msg: msg.type == "error" and record.errors.append(msg.text))
    page.on("pageerror", lambda exc: record.errors.append(f"uncaught: {exc}"))
    return record


def serve_sitemap(page: Any, site_dir: Path, base_url: str, lang: str) -> None:
    """Answer sitemap.xml with this server's URLs, as a deployment with ``site_url`` would.

    Material's instant navigation only intercepts links listed in the sitemap, matched with
    their port; the built sitemap has no usable URLs without ``site_url``. With it, following
    links keeps the page (and its one Pyodide); without it, every link loads a whole page.
    """
    pages = sorted(p.parent.relative_to(site_dir / lang).as_posix()
                   for p in (site_dir / lang).rglob("index.html"))
    urls = "".join(f"<url><loc>{base_url}/{lang}/{'' if p == '.' else p + '/'}</loc></url>"
                   for p in pages)
    body = ('<?xml version="1.0" encoding="UTF-8"?><urlset '
            f'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>')
    page.route(f"{base_url}/{lang}/sitemap.xml",
               lambda route: route.fulfill(status=200, content_type="application/xml",
                                           body=body))
