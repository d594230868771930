"""The browser runtime in Chromium: one lazy worker per page, answering catan_web's functions.

The page under test is a bare page next to a copy of the built site's ``assets/``, laid out like
a language page (``/en/...``). Every call goes through the one entry point ``catan_web.call``,
imported from the engine wheel: no Python file is fetched by path.
"""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pagewatch import forget_site, watch

from catan_core import Game
from catan_site.catalog import parse_yaml
from devtools.serve import SiteHandler, make_server

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parent.parent
READY_MS = 120_000

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>runtime</title>
<link rel="icon" href="data:,">
<script type="module">
  import * as runtime from "../../assets/frontend/core/runtime.js"
  window.runtime = runtime
</script></head><body><p>runtime test page</p></body></html>
"""


# Every engine worker the page creates or connects to is counted at that moment (a SharedWorker
# where the browser has them, else a Worker; runtime.js asks for it as soon as the engine
# starts; the site's search has a worker of its own).
COUNT_ENGINES = """(() => {
  window.__engines = 0
  for (const kind of ["Worker", "SharedWorker"]) {
    const Native = window[kind]
    if (!Native) continue
    window[kind] = class extends Native {
      constructor(url, ...rest) {
        super(url, ...rest)
        if (String(url).endsWith("/core/worker.mjs")) window.__engines += 1
      }
    }
  }
})();"""


@pytest.fixture(scope="module")
def runtime_root(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test page at ``en/runtime/`` beside a copy of the built site's ``assets/``."""
    root = tmp_path_factory.mktemp("runtime-page")
    shutil.copytree(site_dir / "assets", root / "assets")
    (root / "en" / "runtime").mkdir(parents=True)
    (root / "en" / "runtime" / "index.html").write_text(PAGE, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def runtime_url(runtime_root: Path) -> Iterator[str]:
    server = make_server(0, runtime_root, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/en/runtime/"
    server.shutdown()
    server.server_close()


@pytest.fixture()
def page(profile: Any, runtime_url: str) -> Iterator[Any]:
    """A page of conftest's on-disk profile (from the second engine start on, its WebAssembly
    is not compiled again); the test page's storage is emptied afterwards."""
    page = profile.new_page()
    yield page
    forget_site(profile, runtime_url.split("/en/")[0])


def beginner() -> dict[str, Any]:
    return Game.new(seats=["red", "blue", "white"], board="beginner").to_dict()


def test_runtime_starts_only_when_asked(page: Any, runtime_url: str) -> None:
    """Importing runtime.js creates no worker (the engine would start at once with one)."""
    page.add_init_script(COUNT_ENGINES)
    seen = watch(page, runtime_url)
    page.goto(runtime_url)
    page.wait_for_function("window.runtime !== undefined")
    assert page.evaluate("window.__engines") == 0
    assert not [u for u in seen.requests if "/pyodide/" in u or "worker.mjs" in u]
    page.evaluate("() => window.runtime.ensureRuntime()")  # asked, it starts: one worker
    assert page.evaluate("window.__engines") == 1
    seen.assert_clean()


def test_worker_answers_the_bridge_functions(page: Any, runtime_url: str) -> None:
    seen = watch(page, runtime_url)
    page.goto(runtime_url)
    page.wait_for_function("window.runtime !== undefined")
    answers = page.evaluate("""async (position) => {
      const { call, ensureRuntime, onProgress } = window.runtime
      const progress = []
      onProgress((p) => progress.push(p))
      const first = ensureRuntime()
      const same = first === ensureRuntime()
      const [actions, refused, spots, svg] = await Promise.all([
        call("faq.legal_actions", position),  // sent before the worker is ready: queued
        call("faq.apply", position, { type: "end_turn" }),
        call("faq.analyse", position, { type: "settlement_spots", player: "red" }),
        call("faq.render", position, { ok_nodes: ["9.N"] }),
      ])
      const played = await call("faq.apply", position, actions[0])
      const failed = (promise) => promise.then(() => null, (e) => e.code)
      const bad = await Promise.all([
        failed(call("no_such_function")), failed(call("os.system", "ls")),
        failed(call("faq.apply", 1, 2, 3))])
      const judged = await call("tutorial.judge", position,
                                { type: "terrain_tiles", resource: "wool" }, 4)
      return { same, ready: await first, actions, refused, spots, svg, played, bad, judged,
               progress }
    }""", beginner())
    assert answers["same"]
    assert len(answers["actions"]) == 54
    assert answers["actions"][0]["type"] == "place_settlement"
    assert answers["refused"]["error"]["code"] == "wrong_phase"
    assert len(answers["spots"]["legal"]) == 54 and answers["spots"]["need_road"] is False
    assert answers["svg"].startswith("<svg") and 'class="mark-ok"' in answers["svg"]
    assert answers["played"]["position"]["turn"]["phase"] == "setup_road"
    assert [e["type"] for e in answers["played"]["events"]] == ["placed_settlement"]
    assert answers["bad"] == ["bad_request", "bad_request", "internal_error"]
    assert answers["judged"] == {"correct": False, "code": None}

    stages = [p["stage"] for p in answers["progress"]]
    assert stages[0] == "downloading" and stages[-1] == "ready"
    assert stages == sorted(stages, key=["downloading", "starting", "ready"].index)
    percents = [p["percent"] for p in answers["progress"]]
    assert percents == sorted(percents) and percents[-1] == 100
    assert answers["ready"]["version"] and answers["ready"]["timings"]["total"] > 0

    # one worker, one Pyodide, nothing loaded from anywhere but the site: what the page asked
    # for, and what the worker reports it fetched (a SharedWorker's requests are not the page's)
    assert sum(u.endswith("/worker.mjs") for u in seen.requests) <= 1
    loaded = answers["ready"]["loaded"]
    assert sum(u.endswith("/pyodide.asm.wasm") for u in loaded) == 1
    assert not [u for u in [*seen.requests, *loaded] if u.endswith(".py")]
    assert all(u.startswith(runtime_url.split("/en/")[0] + "/") for u in loaded)
    seen.assert_clean()


START_AND_CALL = """async (position) => {
  const progress = []
  window.runtime.onProgress((p) => progress.push(p.stage))
  const ready = await window.runtime.ensureRuntime()
  const actions = await window.runtime.call("faq.legal_actions", position)
  return { timings: ready.timings, progress, actions: actions.length }
}"""


def test_a_second_page_shares_the_first_ones_engine(page: Any, runtime_url: str) -> None:
    """Two pages of the site open at once talk to one engine (a SharedWorker): the second is
    told at once that it is ready, with the first one's start-up, and answers."""
    first = page.context.new_page()
    try:
        for each in (first, page):
            each.add_init_script(COUNT_ENGINES)
            each.goto(runtime_url)
            each.wait_for_function("window.runtime !== undefined")
        one = first.evaluate(START_AND_CALL, beginner())
        two = page.evaluate(START_AND_CALL, beginner())
    finally:
        first.close()
    assert one["progress"][0] == "downloading" and one["progress"][-1] == "ready"
    assert two["progress"] == ["ready"]  # nothing to download or start
    assert two["timings"] == one["timings"]  # the same start-up: one Pyodide
    assert one["actions"] == two["actions"] == 54
    assert page.evaluate("window.__engines") == 1


# A browser whose SharedWorker cannot run the engine's module (the script fails to load).
BROKEN_SHARED = """(() => {
  const Native = window.SharedWorker
  window.SharedWorker = class extends Native {
    constructor(url, options) { super(new URL("no-such-worker.mjs", url), options) }
  }
})();"""


def test_a_shared_worker_that_fails_gives_way_to_a_worker(page: Any, runtime_url: str) -> None:
    """A SharedWorker that fails before its first word: the engine starts in a dedicated
    Worker instead, and the calls already sent are answered there."""
    page.add_init_script(BROKEN_SHARED + COUNT_ENGINES)
    seen = watch(page, runtime_url)
    page.goto(runtime_url)
    page.wait_for_function("window.runtime !== undefined")
    got = page.evaluate(START_AND_CALL, beginner())
    assert got["actions"] == 54 and got["progress"][-1] == "ready"
    assert sum(u.endswith("/no-such-worker.mjs") for u in seen.requests) <= 1
    assert sum(u.endswith("/core/worker.mjs") for u in seen.requests) == 1  # the Worker's


class WheelRefused(SiteHandler):
    """The site, but the engine's wheel answers 503 while ``refused`` (a download that broke
    off: a train's tunnel, a server restarting)."""

    quiet = True
    refused = True

    def send_head(self) -> Any:
        if type(self).refused and self.path.split("?")[0].endswith(".whl"):
            self.send_error(503, "the engine's download broke off")
            return None
        return super().send_head()


START = """async () => {
  try { await window.runtime.ensureRuntime(); return "ready" } catch (error) { return error.code }
}"""


def test_an_engine_that_could_not_start_is_started_again_by_the_next_tab(
        browser: Any, runtime_root: Path) -> None:
    """A shared engine whose download failed retires: while the first tab (which says it
    failed) stays open, a tab opened once the network is back starts a new engine, and so does
    the first tab reloaded, instead of hearing the old failure again."""
    handler = type("Handler", (WheelRefused,), {})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(runtime_root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/en/runtime/"
    context = browser.new_context()  # a fresh HTTP cache: the wheel is asked of the server
    try:
        first = context.new_page()
        first.goto(url)
        first.wait_for_function("window.runtime !== undefined")
        assert first.evaluate(START) == "runtime_failed"
        handler.refused = False  # the network is back; the first tab stays open
        second = context.new_page()
        second.goto(url)
        second.wait_for_function("window.runtime !== undefined")
        assert second.evaluate(START) == "ready"
        assert second.evaluate("(p) => window.runtime.call('faq.legal_actions', p)"
                               ".then((a) => a.length)", beginner()) == 54
        first.reload()
        first.wait_for_function("window.runtime !== undefined")
        assert first.evaluate(START) == "ready"
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_assets_url_follows_the_meta_tag(page: Any, runtime_url: str) -> None:
    page.goto(runtime_url)
    page.wait_for_function("window.runtime !== undefined")
    urls = page.evaluate("""() => {
      const before = window.runtime.assetsURL().href
      const meta = Object.assign(document.createElement("meta"),
                                 { name: "catan-assets", content: "/static/catan" })
      document.head.append(meta)
      const after = window.runtime.assetsURL().href
      meta.remove()
      return [before, after]
    }""")
    origin = runtime_url.split("/en/")[0]
    assert urls == [f"{origin}/assets/", f"{origin}/static/catan/"]


# The browser says Save-Data (what Chrome's data saver or a phone's "data saver" gives pages).
SAVE_DATA = COUNT_ENGINES + """
Object.defineProperty(Navigator.prototype, "connection", { configurable: true,
  get: () => ({ saveData: true, effectiveType: "4g", type: "unknown" }) })"""


def test_save_data_asks_before_downloading_the_engine(context: Any, base_url: str,
                                                      site_dir: Path) -> None:
    """With Save-Data a widget says the engine's size and waits for a tap; one tap starts the
    engine for every widget of the page; once it has been ready, the device is not asked again."""
    catalog = parse_yaml((ROOT / "i18n" / "widgets.yml").read_text(encoding="utf-8"))
    manifest = json.loads((site_dir / "assets" / "wheels" / "manifest.json").read_text())
    size = f"{round(sum(manifest['sizes'].values()) / 1e6)}"
    # a page of conftest's profile, emptied of the site's storage afterwards; the init script
    # is this page's only
    page = context.new_page()
    page.add_init_script(SAVE_DATA)
    seen = watch(page, base_url)
    page.goto(f"{base_url}/fr/faq/production/")
    first, second = (page.locator(".catan-widget").nth(i) for i in (0, 1))
    for widget in (first, second):
        widget.wait_for(state="attached")
        page.wait_for_function("el => el.dataset.state === 'idle'", arg=widget.element_handle())
        widget.locator("svg").first.dispatch_event("pointerdown")
        widget.locator(".cw-download").wait_for()
    ask = catalog["download_ask"]["fr"].replace("{size}", size)
    go = catalog["download_go"]["fr"].replace("{size}", size)
    assert first.locator("[role=status]").inner_text() == ask  # read aloud
    assert first.locator("button.cw-download").inner_text() == go
    assert second.get_attribute("data-state") == "asking"
    assert page.evaluate("window.__engines") == 0  # the engine would have started by now
    assert not [u for u in seen.requests if "/assets/pyodide/" in u]

    second.locator(".cw-download").click()  # one tap: both widgets go on
    for widget in (first, second):
        page.wait_for_function("el => el.dataset.state === 'ready'",
                               arg=widget.element_handle(), timeout=READY_MS)
        assert not widget.locator(".cw-download").count()
    assert page.evaluate("window.__engines") == 1

    page.reload()  # the engine is on the device now: no question
    first.wait_for(state="attached")
    page.wait_for_function("el => el.dataset.state === 'idle'", arg=first.element_handle())
    first.locator("svg").first.dispatch_event("pointerdown")
    page.wait_for_function("el => el.dataset.state !== 'idle'", arg=first.element_handle())
    assert first.get_attribute("data-state") == "loading"
    # the engine starts as the widget loads (its worker is made a moment after the state
    # shows): once, with no question
    page.wait_for_function("window.__engines > 0", timeout=READY_MS)
    assert page.evaluate("window.__engines") == 1
    seen.assert_clean()
