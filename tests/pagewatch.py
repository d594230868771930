"""What a browser test watches on a page: requests (Web Workers included), console errors.

``watch(page, base_url)`` records every request and every console error, so a test can assert
that the page stayed clean and never left its origin; ``serve_sitemap`` turns on Material's
instant navigation for a page. Imported by the browser tests as ``from pagewatch import ...``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from catan_site import languages

ROOT = Path(__file__).resolve().parent.parent


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


def sitemap(site_dir: Path, base_url: str, lang: str) -> str:
    """The sitemap of a language as a site built for ``base_url`` has it (see serve_sitemap)."""
    built = (site_dir / languages.root(lang) / "sitemap.xml").read_text(encoding="utf-8")
    paths = [urlsplit(loc).path for loc in re.findall(r"<loc>([^<]+)</loc>", built)]
    urls = "".join(f"<url><loc>{base_url}{path}</loc></url>" for path in paths)
    return ('<?xml version="1.0" encoding="UTF-8"?><urlset '
            f'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>')


def serve_sitemap(page: Any, site_dir: Path, base_url: str, lang: str) -> None:
    """Answer sitemap.xml with this server's URLs, as a site built for its address would.

    Material's instant navigation only intercepts links listed in the sitemap, matched with
    their port; the test site is built for mkdocs.yml's default address (port 8000), not for
    this server's free port. With it, following links keeps the page (and its one Pyodide);
    without it, every link loads a whole page.
    """
    body = sitemap(site_dir, base_url, lang)
    page.route(f"{base_url}/{languages.root(lang)}sitemap.xml",
               lambda route: route.fulfill(status=200, content_type="application/xml",
                                           body=body))


def open_profile(playwright: Any, launch_args: dict[str, Any], directory: Path,
                 **options: Any) -> Any:
    """Chromium on an on-disk profile in ``directory`` (where Chromium keeps Pyodide's compiled
    WebAssembly, which Playwright's in-memory contexts never do), at desktop size, service
    workers blocked (``options`` add to these), with no page open."""
    context = playwright.chromium.launch_persistent_context(
        str(directory), **launch_args,
        **{"viewport": {"width": 1280, "height": 720}, "service_workers": "block", **options})
    for page in context.pages:
        page.close()
    return context


#: Pages that hold the site's shared engine open (keep_engine).
_KEEPERS: list[Any] = []


@contextmanager
def keep_engine(context: Any, base_url: str) -> Iterator[Any]:
    """A page of ``context`` that starts the site's engine and stays open until the block ends:
    the engine is a SharedWorker (frontend/core/runtime.js), so every page of the context opened
    meanwhile shares it instead of starting its own Pyodide. forget_site leaves it open."""
    keeper = context.new_page()
    _KEEPERS.append(keeper)
    try:
        keeper.goto(f"{base_url}/")
        keeper.evaluate("(url) => import(url).then((runtime) => runtime.ensureRuntime())",
                        f"{base_url}/assets/frontend/core/runtime.js")
        yield keeper
    finally:
        _KEEPERS.remove(keeper)
        keeper.close()


def forget_site(context: Any, origin: str) -> None:
    """Close every page of ``context`` (but an engine's keeper) and empty ``origin``'s storage
    (local storage, IndexedDB, caches, service workers, cookies): the next test starts as on a
    first visit, but for the HTTP cache, the compiled code Chromium keeps with it and the
    engine the keeper holds."""
    helper = _blank_page(context)
    for page in context.pages:
        if page not in _KEEPERS and page is not helper:
            page.close()
    empty_storage(context, origin)


def empty_storage(context: Any, origin: str) -> None:
    """Empty ``origin``'s storage in ``context``, its pages left open.

    Also what a test starts with (conftest's ``context``): a page closed by the test before
    saves as it closes (the Play page keeps its game), and that write can reach the browser's
    storage after :func:`forget_site` emptied it (a Play test then found an earlier game)."""
    session = context.new_cdp_session(_blank_page(context))
    session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    session.detach()


#: A blank page of each context, kept open to speak to the browser's Storage domain through:
#: opening one for each forget_site cost about 0.15 s of CPU (a test's teardown), speaking
#: through one kept open 0.04-0.1 s.
_BLANK: dict[int, Any] = {}


def _blank_page(context: Any) -> Any:
    page = _BLANK.get(id(context))
    if page is None or page.is_closed() or page.context is not context:
        page = _BLANK[id(context)] = context.new_page()
    return page
