"""The site offline (catan_site/offline): the service worker's file list, the app manifests, and
the site used without a network in Chromium.

The browser test uses one context and a server of its own, which it stops before going offline
(Playwright's offline mode too), so nothing can come from the network. French is made
available offline with the footer's control; English pages are only visited once. Then, in
both languages: an FAQ widget answers (the engine runs), a tutorial task is judged right, and
a game on the Play page gets its first settlement and road, and the computers' placements.
Offline, each language is one page load and links followed (Material's instant navigation,
pages from the service worker), so one engine serves the three, as it does for a reader.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import re
import struct
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pagewatch import ROOT, sitemap, watch
from test_game_browser import legal_spot, start
from test_tutorial_browser import LESSONS, submit, task_box
from test_widgets_browser import cards, cell, idle, press

from catan_site import languages, offline
from catan_site.catalog import parse_yaml
from devtools.serve import SiteHandler

LANGUAGES = languages.codes()
TEXTS = parse_yaml((ROOT / "i18n" / "offline.yml").read_text("utf-8"))
SAVE_MS = 600_000  # 14 MB of runtime + a language, on a machine shared by many test workers
ENGINE_MS = 300_000


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[: offline.HASH_LENGTH]


# -- the build -----------------------------------------------------------------------------------

def test_the_worker_lists_every_file_with_its_content_hash(site_dir: Path) -> None:
    build = offline.read_build(site_dir)
    listed = build["files"]
    for path, (digest, size, group) in listed.items():  # what it lists is there, as listed
        file = site_dir / path
        assert file.is_file(), path
        assert (digest, size) == (sha(file), file.stat().st_size), path
        head = path.split("/")[0]
        # the default language is at the site root (and en/ sends its old addresses there)
        assert group == (head if head in LANGUAGES and "/" in path else
                         "runtime" if path.startswith("assets/") else
                         "" if head == "offline" else languages.default()), path
    for lang in LANGUAGES:  # every page of every language, with its index and sitemap
        root = languages.root(lang)
        pages = [p.relative_to(site_dir).as_posix() for p in (site_dir / root).rglob("*.html")]
        assert len(pages) >= 40 and all(p in listed for p in pages), lang
        for path in ("search/catan-index.json", "manifest.webmanifest", "sitemap.xml"):
            assert f"{root}{path}" in listed, (lang, path)
    for path in ("assets/images/icon-512.png", "assets/javascripts/catan-offline.js"):
        assert listed[path][2] == "runtime", path  # Material's files: one copy, shared
    assert not [p for p in listed if p.startswith("assets/javascripts/lunr/")]
    runtime = {p.relative_to(site_dir).as_posix() for p in (site_dir / "assets").rglob("*")
               if p.is_file() and "/lunr/" not in p.as_posix()}
    assert {p for p, (_, _, g) in listed.items() if g == "runtime"} == runtime
    assert "index.html" in listed and "sw.js" not in listed
    assert not [p for p in listed if p.endswith("sitemap.xml.gz")]
    # the version changes with any file: it is the digest of the whole list
    assert build["version"] == hashlib.sha256(
        json.dumps(listed, sort_keys=True).encode()).hexdigest()[:12]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_is_an_installable_app(site_dir: Path, lang: str) -> None:
    root = site_dir / languages.root(lang)
    manifest = json.loads((root / "manifest.webmanifest").read_text("utf-8"))
    name = languages.get(lang).site_name or "Catan rules companion"
    assert manifest["name"] == name and manifest["lang"] == lang
    assert manifest["short_name"] == TEXTS["app_short_name"][lang]
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#a63d1c"  # --catan-brick, the header's colour
    css = (ROOT / "overrides/assets/stylesheets/catan.css").read_text("utf-8")
    assert f"--catan-brick: {manifest['theme_color']};" in css
    sizes = set()
    for icon in manifest["icons"]:
        data = (root / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add((width, icon.get("purpose", "any")))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    for page in ("index.html", "faq/production/index.html", "play/index.html"):
        html = (root / page).read_text("utf-8")
        href = re.search(r'<link rel="manifest" href="([^"]+)">', html)
        assert href, page
        where = (root / page).parent / href[1]  # the language's own manifest
        assert where.resolve() == (root / "manifest.webmanifest").resolve(), (page, href[1])
        assert "catan-offline.js" in html and "data-catan-offline" in html


# -- in the browser ------------------------------------------------------------------------------

class OwnServer(SiteHandler):
    """The site as a host serves it, with two headers chosen so that the tests do not depend on
    the age of the built files (a site a few minutes old counts as fresh for a while: no
    Cache-Control, 10% of its age; an hours-old one for hours).

    - Sitemaps ``no-store``: the test site is built for port 8000, so its sitemaps name
      addresses this server does not have, and the test puts its own server's copy in the
      worker's cache. Kept in the browser's HTTP cache, the built one would answer the worker's
      fetch of a sitemap offline, with links Material then loads whole.
    - Pyodide's WebAssembly ``no-cache`` (to be checked at every use, as many hosts send it): a
      revalidated response is one Chrome keeps no compiled code for when a service worker
      passes it on, which a test run minutes after ``npm ci`` met by chance."""

    quiet = True

    def do_GET(self) -> None:
        self.server.served.append(self.path)  # type: ignore[attr-defined]
        super().do_GET()

    def end_headers(self) -> None:
        path = self.path.split("?")[0]
        if path.endswith("/sitemap.xml"):
            self.send_header("Cache-Control", "no-store")
        elif path.endswith(".wasm"):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()


@pytest.fixture()
def own_server(site_dir: Path) -> Iterator[tuple[str, Any]]:
    """The site on a server of this test's own, which it can stop; ``server.served`` lists the
    paths it was asked for."""
    handler = functools.partial(OwnServer, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.served = []  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", server
    server.shutdown()
    server.server_close()


KEPT = """async ([files, only]) => {
  // Are the page and what it loaded (or every file of `only`'s groups) in the worker's cache?
  const cache = await caches.open("catan-offline")
  const base = new URL("/", location.href)
  let paths
  if (only) paths = Object.keys(files).filter((p) => only.includes(files[p][2]))
  else {
    const urls = [location.href, ...performance.getEntriesByType("resource").map((e) => e.name)]
    paths = urls.map((u) => {
      const url = new URL(u)
      let p = url.pathname.slice(1)
      if (p === "" || p.endsWith("/")) p += "index.html"
      return url.origin === base.origin && !url.search && p in files ? p : null
    }).filter(Boolean)
  }
  for (const p of paths) if (!await cache.match(new URL(p, base).href + "?sw=" + files[p][0]))
    return false
  return paths.length > 0
}"""


def follow(page: Any, url: str) -> None:
    """Follow a link to ``url`` as a reader does: Material's instant navigation fetches the page
    (from the service worker) and keeps this one, its scripts and its rules engine."""
    with page.expect_response(url) as response:
        page.evaluate("""(url) => {
          const link = Object.assign(document.createElement("a"), { href: url })
          document.body.append(link)
          link.click()
        }""", url)
    assert response.value.from_service_worker
    page.wait_for_url(url)


SITEMAP_FOR_THIS_SERVER = """async ([key, body]) => {
  const cache = await caches.open("catan-offline")
  if (!await cache.match(key)) return false
  await cache.put(key, new Response(body, { headers: { "Content-Type": "application/xml" } }))
  return true
}"""


def use_offline(page: Any, base: str, site_dir: Path, lang: str) -> None:
    """An FAQ widget, a tutorial task and a step of a game, with the network gone: one page
    load, then links followed, so one engine (started by the widget) serves all three."""
    # The worker kept the language's sitemap, which Material's instant navigation needs; the
    # test site is built for port 8000, so its copy becomes this server's, as a site built for
    # its own address has it (pagewatch.serve_sitemap does the same on the network).
    digest = offline.read_build(site_dir)["files"][f"{languages.root(lang)}sitemap.xml"][0]
    key = f"{base}/{languages.root(lang)}sitemap.xml?sw={digest}"
    assert page.evaluate(SITEMAP_FOR_THIS_SERVER, [key, sitemap(site_dir, base, lang)]), key
    with page.expect_response(f"{base}/{languages.root(lang)}sitemap.xml") as kept:
        assert page.goto(f"{base}/{languages.root(lang)}faq/production/").from_service_worker
    assert kept.value.from_service_worker
    page.evaluate("window.__onePage = true")
    widget = page.locator("h2#settlement-city-yield ~ .catan-widget").first
    widget.scroll_into_view_if_needed()
    widget.dispatch_event("pointerdown")  # the reader's first press starts the engine
    page.wait_for_function("el => el.dataset.state === 'ready' && !el.hasAttribute('data-busy')",
                           arg=widget.element_handle(), timeout=ENGINE_MS)
    idle(widget)
    press(widget, "button.cw-num[data-total='6']")
    assert cell(widget, "player", "red", "gains") == cards(lang, brick=2)  # a city takes 2

    lesson = next(x for x in LESSONS if x["page"] == "island")
    task = lesson["tasks"][0]
    follow(page, f"{base}/{languages.root(lang)}tutorial/island/")
    page.wait_for_selector(".catan-task[data-catan-bound]", timeout=ENGINE_MS)
    box = task_box(page, task)
    box.scroll_into_view_if_needed()
    assert "is-right" in submit(page, box, task, task.get("right"))["class"]

    page.evaluate("localStorage.clear()")
    follow(page, f"{base}/{languages.root(lang)}play/")
    page.wait_for_selector(".catan-setup", timeout=ENGINE_MS)
    start(page)
    legal_spot(page, "node").click()  # our first settlement
    legal_spot(page, "edge").click()  # and its road: then the computers place theirs
    page.wait_for_function(
        "document.querySelectorAll('.catan-game__svg .settlement').length >= 3",
        timeout=ENGINE_MS)
    assert page.evaluate("window.__onePage"), "a link reloaded the page"


@pytest.mark.browser
def test_the_site_works_offline_in_two_languages(browser: Any, site_dir: Path,
                                                 own_server: tuple[str, Any]) -> None:
    base, server = own_server
    files = offline.read_build(site_dir)["files"]
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="allow")
    page = context.new_page()
    seen = watch(page, base)
    failed: list[str] = []
    # a request cut short by its page (net::ERR_ABORTED: a page left while its engine loads, or
    # Chromium stopping a WebAssembly download it has compiled code for) is not a failure
    page.on("requestfailed", lambda request: request.failure != "net::ERR_ABORTED"
            and failed.append(request.url))

    # French: the footer's control keeps the whole language and the engine, with progress
    page.goto(f"{base}/fr/")
    control = page.locator("[data-catan-offline]")
    control.wait_for(state="visible", timeout=ENGINE_MS)
    assert control.locator("#catan-offline-title").inner_text() == TEXTS["offline_title"]["fr"]
    control.locator("button").click()
    page.wait_for_selector("[data-catan-offline][data-state=done]", timeout=SAVE_MS)
    status = control.locator("[role=status]")
    assert status.inner_text() == TEXTS["offline_done"]["fr"]
    assert page.evaluate(KEPT, [files, ["", "fr", "runtime"]])
    page.reload()  # the control remembers
    page.wait_for_selector("[data-catan-offline][data-state=done]", timeout=ENGINE_MS)

    # English: three pages visited once (the worker now controls the pages it serves)
    for path in ("faq/production/", "tutorial/island/", "play/"):
        page.goto(f"{base}/{path}")
        page.wait_for_load_state("load")
        page.wait_for_function(KEPT, arg=[files, None], timeout=ENGINE_MS)

    online = len(seen.requests)
    server.shutdown()  # gone: nothing can come from the network any more
    server.server_close()
    context.set_offline(True)
    for lang in ("fr", "en"):
        use_offline(page, base, site_dir, lang)
    engines = [u for u in seen.requests[online:] if u.endswith("/core/worker.mjs")]
    assert len(engines) == 2, engines  # offline: one rules engine for each language's visit

    assert not seen.outside()
    assert not failed, failed  # offline, every file came from the service worker
    assert not seen.errors, seen.errors
    context.close()


def histogram(context: Any, name: str) -> dict[int, int]:
    """Chrome's counts of histogram ``name`` so far, by bucket (chrome://histograms)."""
    page = context.new_page()
    try:
        page.goto(f"chrome://histograms/{name}")
        page.reload()  # the page shows the counts as of its previous load
        text = page.inner_text("body")
    finally:
        page.close()
    return {int(bucket): int(n) for bucket, n in
            re.findall(r"^(\d+)\s+-*O\s+\((\d+) = ", text, re.MULTILINE)}


def counted(context: Any, name: str, want: dict[int, int], seconds: int = 20) -> dict[int, int]:
    """Histogram ``name`` once it counts ``want`` (a renderer's counts reach the browser a
    little later, more so on a busy machine), or as it stands when a bucket passed its count
    or ``seconds`` went by."""
    for _ in range(2 * seconds):
        got = histogram(context, name)
        if got == want or any(got.get(b, 0) > n for b, n in want.items()):
            return got
        context.pages[0].wait_for_timeout(500)
    return histogram(context, name)


def play_until_usable(page: Any, base: str) -> None:
    page.goto(f"{base}/play/")
    page.wait_for_selector(".catan-game__loading", state="hidden", timeout=ENGINE_MS)


def keep_compiled(context: Any, page: Any, before: int, seconds: int = 45) -> bool:
    """Leave the page once V8 has serialised a compiled module since ``before`` serialisations
    (it does so after some tiering up) and the browser had a moment to write it to its code
    cache; False if it has not within ``seconds``."""
    done = False
    for _ in range(2 * seconds):
        if serialised(context) > before:
            done = True
            break
        page.wait_for_timeout(500)
    page.goto("about:blank")
    page.wait_for_timeout(1000)
    return done


def serialised(context: Any) -> int:
    """How many times V8 has serialised a compiled WebAssembly module in this browser."""
    return sum(histogram(context, "V8.WasmSerializationTimeMilliSeconds").values())


WASM_KEPT = """async ([path, hash]) => {
  const cache = await caches.open("catan-offline")
  return Boolean(await cache.match(`${location.origin}/${path}?sw=${hash}`))
}"""


def wait_kept(page: Any, path: str, digest: str) -> None:
    """Wait until the worker keeps its copy of ``path`` (it does so in the background)."""
    for _ in range(ENGINE_MS // 250):
        if page.evaluate(WASM_KEPT, [path, digest]):
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"the worker kept no copy of {path}")


#: The first Chromium seen never reusing V8's compiled WebAssembly across visits here (Debian's
#: 150.0.7871.100, 5 December): the reuse test then measures the browser, not the site.
NO_WASM_CODE_CACHE = 150


@pytest.mark.browser
def test_later_visits_reuse_the_compiled_engine(browser: Any, browser_type: Any,
                                                browser_type_launch_args: dict[str, Any],
                                                site_dir: Path, own_server: tuple[str, Any],
                                                tmp_path: Path) -> None:
    """Chrome keeps the machine code it compiled from Pyodide's WebAssembly with the service
    worker's copy of the file, and reuses it on every later visit (V8's WasmCodeCaching
    histogram: bucket 0 a miss, 1 a hit), though the server asks for the file to be revalidated
    at every use (``no-cache``), as many hosts do.

    The first visit (which registers the worker) compiles; the first one served from the
    worker's copy compiles again (Chrome keeps code per response); from then on, every visit
    must be a hit. V8 writes the compiled module once enough of it was optimised, which on a
    busy machine may take more than one visit: the copy's first visits go on until it has (at
    most three of them)."""
    if int(browser.version.split(".")[0]) >= NO_WASM_CODE_CACHE:
        pytest.skip(f"Chromium {browser.version} compiles the engine again on every visit "
                    "whatever the site does (histogram {0: 3}; the same on the commit before "
                    "the offline work): notes/offline.md")
    base, _ = own_server
    wasm = "assets/pyodide/pyodide.asm.wasm"
    digest = offline.read_build(site_dir)["files"][wasm][0]
    # an on-disk profile: off the record (Playwright's usual contexts), V8 keeps no machine code
    context = browser_type.launch_persistent_context(
        str(tmp_path / "profile"), **browser_type_launch_args, service_workers="allow")
    try:
        page = context.new_page()
        play_until_usable(page, base)  # registers the worker; it keeps what the page loaded,
        assert not page.evaluate("navigator.serviceWorker.controller")
        assert counted(context, "V8.WasmCodeCaching", {0: 1}) == {0: 1}  # compiled, none kept
        wait_kept(page, wasm, digest)  # the engine's Web Worker's files too (as it reported)
        page.goto("about:blank")

        for _ in range(3):  # from the copy, until V8 kept the code it compiled from it
            before = serialised(context)
            play_until_usable(page, base)
            assert page.evaluate("navigator.serviceWorker.controller !== null")
            if keep_compiled(context, page, before):
                break
        else:
            raise AssertionError("V8 kept no compiled code after three visits")
        kept = histogram(context, "V8.WasmCodeCaching")
        assert kept[0] >= 2, kept  # the copy's first visit compiled

        for visit in (1, 2):  # then the code kept with the copy serves
            play_until_usable(page, base)
            page.goto("about:blank")
            want = {0: kept[0], 1: kept.get(1, 0) + visit}
            last = counted(context, "V8.WasmCodeCaching", want)
            assert last == want, (kept, last, visit)
    finally:
        context.close()


FETCH_WASM = """async (path) => {
  const response = await fetch(path)
  await response.arrayBuffer()
  // the worker's copy keeps only its type; the network's answer has more
  return response.headers.has("Server") ? "network" : "copy"
}"""


@pytest.mark.browser
def test_the_wasm_comes_from_the_copy_once_kept(browser: Any, site_dir: Path,
                                                own_server: tuple[str, Any]) -> None:
    """Pyodide's WebAssembly comes from the worker's copy once it keeps one (where Chrome keeps
    the code it compiled), online as offline, and never from the network again while this
    version of the worker serves: no request for it reaches the server."""
    base, server = own_server
    wasm = "assets/pyodide/pyodide.asm.wasm"
    digest = offline.read_build(site_dir)["files"][wasm][0]
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        page.goto(f"{base}/rules/")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        assert page.evaluate(FETCH_WASM, f"/{wasm}") == "network"  # no copy yet: it keeps one
        wait_kept(page, wasm, digest)
        asked = server.served.count(f"/{wasm}")
        assert asked >= 1
        assert page.evaluate(FETCH_WASM, f"/{wasm}") == "copy"
        assert server.served.count(f"/{wasm}") == asked  # the server was not asked again
        context.set_offline(True)
        assert page.evaluate(FETCH_WASM, f"/{wasm}") == "copy"
    finally:
        context.close()


#: The addresses in the worker's cache, for a failure's message.
CACHED = """async () => (await (await caches.open("catan-offline")).keys())
  .map((r) => r.url.replace(location.origin, "")).filter((u) => !u.startsWith("/assets/"))"""


def title_of(site_dir: Path, path: str) -> str:
    """A page's title without the site's name (as the offline page lists it)."""
    return dict(offline.page_titles(site_dir, str(offline.group_of(path))))[path]


@pytest.mark.browser
def test_an_unsaved_page_offline_gets_the_offline_page(browser: Any, site_dir: Path,
                                                       own_server: tuple[str, Any]) -> None:
    """Offline, a page that was never kept is not the browser's error page but the site's
    offline page in the page's language (kept by the worker when it installed): it says the
    page was not saved for offline use and links to the home page and to the pages kept."""
    base, server = own_server
    files = offline.read_build(site_dir)["files"]
    texts = parse_yaml((ROOT / "i18n" / "offline.yml").read_text("utf-8"))
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        page.goto(f"{base}/rules/")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function(KEPT, arg=[files, None], timeout=ENGINE_MS)
        server.shutdown()
        server.server_close()
        context.set_offline(True)
        for lang, path in (("en", "faq/"), ("fr", "faq/robber/"), ("en", "no-such-page/")):
            page.goto(f"{base}/{languages.root(lang)}{path}")
            assert page.evaluate("document.documentElement.lang") == lang
            assert page.inner_text("h1") == texts["offline_page_title"][lang]
            assert texts["offline_page_text"][lang] in page.inner_text("body")
            assert page.locator(f"a[href='/{languages.root(lang)}']").count() == 1  # the home page
            kept = {a.get_attribute("href"): a.inner_text()
                    for a in page.locator("[data-kept] a").all()}
            if lang == "en":  # the page visited before, by its title
                assert kept == {"/rules/": title_of(site_dir, "rules/index.html")}, (
                    kept, page.evaluate(CACHED))  # (seen once under load: what was kept then)
            else:
                assert kept == {}
                assert texts["offline_page_none"][lang] in page.inner_text("body")
    finally:
        context.close()
