"""Shared fixtures: the built site, a local server for it, and Playwright set up for Chromium.

The site is built with plain ``mkdocs build`` into ``build/test-site/<digest>/``, where the
digest covers every source of the site (pages, catalogs, tutorial, theme overrides, the plugin,
the engine, the front end, the configuration and the pinned Pyodide): a change to any of them
builds a new site, an unchanged tree reuses the last one, and ``site/`` (``nox -s build``) is
never what the tests read. Under pytest-xdist the first worker that needs the site builds it
while holding a file lock; every worker serves it on its own port.

Browser tests (``@pytest.mark.browser``) use pytest-playwright's ``page`` / ``browser`` fixtures.
They run Debian's headless Chromium when it is installed (``devtools.chromium``: the headless
shell, else ``/usr/bin/chromium``; no ``playwright install`` needed), else Playwright's own.
The site is served on a free 127.0.0.1 port; ``watch(page, base_url)`` records every request
(Web Workers included) and every console error so a test can assert that the page stayed clean
and never left its origin; ``serve_sitemap`` turns on Material's instant navigation for a page.
Those two live in ``tests/pagewatch.py`` (a test module imports them from there: ``conftest``
is also the name of ``tests/rooms/conftest.py``).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from filelock import FileLock
from pagewatch import empty_storage, forget_site, keep_engine, open_profile

from catan_site.runtime_assets import FRONTEND_DIR
from devtools.chromium import FAST_LINK, launch_args
from devtools.serve import make_server

ROOT = Path(__file__).resolve().parent.parent
#: What the built site depends on; a change to any file under these rebuilds it.
SITE_SOURCES = ("mkdocs.yml", "pyproject.toml", "package-lock.json", "docs", "i18n", "tutorial",
                "examples", "overrides", "packages/catan-site", "catan_core", "catan_web",
                FRONTEND_DIR.name)
TEST_SITES = ROOT / "build" / "test-site"
KEEP_SITES = 3
#: For the tests only: the reader asks for reduced motion, so pages skip their entrance fades and
#: smooth scrolling (what is tested is the same; the browser draws about a tenth less: a game
#: test file took 84 s instead of 95 s). The page's own reduced-motion paths are thus tested too.
#: The link counts as fast (devtools.chromium.FAST_LINK), as on a reader's desktop. And V8
#: compiles WebAssembly with its baseline compiler only (Liftoff, ``--liftoff-only``): a
#: test page runs its engine for seconds, not for the minutes that repay optimising Pyodide's
#: interpreter in the background. Measured (notes/browser-runtime.md, "6 December (evening)"):
#: the widget and engine start-up files took 44.7-51.1 s of CPU instead of 52.0-55.3 s, the
#: whole suite 499 instead of 550 s (the optimising tier alone turned off: 537 s). The same code
#: runs; only how V8 compiles it changes. The benchmarks time the reader's browser as it is.
TEST_ARGS = ["--force-prefers-reduced-motion", FAST_LINK, "--js-flags=--liftoff-only"]


def source_digest() -> str:
    """A digest of every file the site is built from (names and contents)."""
    digest = hashlib.sha256()
    for name in SITE_SOURCES:
        path = ROOT / name
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        for file in files:
            if file.is_file() and "__pycache__" not in file.parts:
                digest.update(file.relative_to(ROOT).as_posix().encode() + b"\0")
                digest.update(file.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def build_site(target: Path) -> None:
    """``mkdocs build`` into ``target`` (through a temporary folder: never half a site)."""
    partial = target.with_name(target.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(partial)],
                            cwd=ROOT, capture_output=True, text=True,
                            env={**{k: v for k, v in os.environ.items()
                                    if not k.startswith("CATAN_")},  # as on a fresh machine
                                 "NO_MKDOCS_2_WARNING": "1"})
    if result.returncode != 0:
        pytest.fail(f"mkdocs build failed:\n{result.stdout[-4000:]}\n{result.stderr[-8000:]}")
    partial.rename(target)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The site built from the current sources (built once, whatever the number of workers)."""
    TEST_SITES.mkdir(parents=True, exist_ok=True)
    with FileLock(str(TEST_SITES / ".lock")):
        target = TEST_SITES / source_digest()
        if not (target / "index.html").exists():
            build_site(target)
            # keep the newest few: another session may still be serving the one before
            sites = sorted((p for p in TEST_SITES.iterdir() if p.is_dir()),
                           key=lambda p: p.stat().st_mtime, reverse=True)
            for old in sites[KEEP_SITES:]:
                shutil.rmtree(old, ignore_errors=True)
    return target


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
    return {**browser_type_launch_args, **launch_args(*TEST_ARGS)}


@pytest.fixture(scope="session")
def profile(playwright: Any, browser_type_launch_args: dict[str, Any], base_url: str,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One on-disk Chromium profile per test process, for the tests that need no special context.

    Chromium keeps compiled code only for a profile on disk (never for Playwright's in-memory
    contexts): from the second page on, Pyodide's WebAssembly comes out of V8's code cache
    instead of being compiled again, which saves about 2 to 3.5 s of CPU per engine start (6.4 s
    for the first, 2.5-2.9 s after, against 4.5-6 s in fresh contexts, measured with the bare
    Pyodide page of ``benchmarks.pyodide_load``). The HTTP cache is shared; every test's storage
    is not: ``context`` empties the site's storage after each test.
    """
    context = open_profile(playwright, browser_type_launch_args,
                           tmp_path_factory.mktemp("chromium-profile"), base_url=base_url)
    yield context
    context.close()


@pytest.fixture(scope="module")
def shared_engine(profile: Any, base_url: str) -> Iterator[None]:
    """For a module whose tests play on the site's pages but do not test how the engine starts:
    a page of ``profile`` starts the engine (a SharedWorker) and stays open while the module's
    tests run, so that each of their pages connects to it, as a reader's second tab does,
    instead of starting a Pyodide of its own (about a second of CPU each)."""
    with keep_engine(profile, base_url):
        yield


@pytest.fixture()
def context(profile: Any, base_url: str) -> Iterator[Any]:
    """pytest-playwright's ``context`` (and so ``page``), taken from the on-disk ``profile``,
    the site's storage empty before and after the test."""
    empty_storage(profile, base_url)
    yield profile
    forget_site(profile, base_url)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Longest first, for pytest-xdist: the groups that share an expensive fixture (the Node runs
    of Pyodide, the bot games, each language's widget page), then the browser tests, then the
    many short ones, which fill the workers evenly at the end instead of one long test running
    alone (the order of tests within each kind is kept)."""
    def weight(item: pytest.Item) -> int:
        if item.get_closest_marker("xdist_group"):
            return 0
        return 1 if item.get_closest_marker("browser") else 2

    items.sort(key=weight)


def _poll_every_100_ms() -> None:
    """``page.wait_for_function`` polls every 100 ms unless a test asks otherwise. Playwright's
    default runs the condition at every animation frame, which keeps a waiting page drawing
    sixty frames a second: while a test waited for the engine or a computer's move, Chromium's
    browser process spent the CPU of those frames (the Play page's tests: 35 s of its CPU, 24 s
    with this). A reader's page never waits this way, so nothing tested changes."""
    from playwright.sync_api import Frame, Page

    for cls in (Page, Frame):
        def wait_for_function(self: Any, expression: str, *, arg: Any = None,
                              timeout: float | None = None, polling: Any = None,
                              _wait: Any = cls.wait_for_function) -> Any:
            return _wait(self, expression, arg=arg, timeout=timeout,
                         polling=100 if polling is None else polling)
        cls.wait_for_function = wait_for_function  # type: ignore[method-assign]


_poll_every_100_ms()
