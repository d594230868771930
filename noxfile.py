"""Project tasks: ``nox -s tests``, ``nox -s serve``, ``nox -s lint``, ``nox -s bench``.

Every session installs what it needs into its own virtualenv, so a fresh machine only needs
``pip install nox`` (and, for the browser tests, Debian's ``chromium``).
"""

from __future__ import annotations

import json
import os
import shutil

import nox

nox.options.sessions = ["lint", "tests"]
nox.options.reuse_existing_virtualenvs = True
#: uv makes the environments in seconds where it is installed (``pip install uv``); virtualenv
#: otherwise. uv's environments have no pip, which the site build (the engine's wheel) and the
#: Pyodide tests (pure wheels for pytest) run: each session installs it.
nox.options.default_venv_backend = "uv|virtualenv"

#: The packages, by where they run: the engine (``catan-core``, the repository's pyproject.toml:
#: the engine and its browser bridges, no dependencies), the site's MkDocs plugin
#: (``packages/catan-site``: MkDocs, Material, mkdocs-static-i18n; its extra ``test`` has
#: pytest, xdist, Playwright) and the rooms server (``packages/catan-rooms``). Each session
#: installs those it needs, editable from this repository.
ENGINE = ("-e", ".")
SITE = (*ENGINE, "-e", "./packages/catan-site")
ROOMS = (*ENGINE, "-e", "./packages/catan-rooms")
ENV = {"NO_MKDOCS_2_WARNING": "1"}  # mkdocs-material's notice about MkDocs 2
#: The test run keeps compiled modules (``__pycache__``, git-ignored) even where the machine's
#: environment says not to (``PYTHONDONTWRITEBYTECODE``, set on these machines): the run starts
#: many Python processes (pytest-xdist's workers, the site build, the rooms servers the tests
#: start), and each one compiled every module again, pytest's rewritten tests included
#: (collecting took 6.1 s a process without the cache, 2.5 s with it; a rooms server's imports
#: 0.56 s, 0.24 s).
TEST_ENV: dict[str, str | None] = {**ENV, "PYTHONDONTWRITEBYTECODE": None}


def _npm_install(session: nox.Session) -> None:
    """Install the pinned npm packages (Pyodide, axe-core...) when one of them is missing."""
    if os.path.exists("package.json"):
        npm = shutil.which("npm")
        if npm is None:
            session.error("npm is required to install Pyodide (see README)")
        with open("package.json", encoding="utf-8") as file:
            wanted = json.load(file).get("dependencies", {})
        if any(not os.path.isdir(f"node_modules/{name}") for name in wanted):
            session.run(npm, "ci", "--no-audit", "--no-fund", external=True)


def _workers(args: list[str]) -> list[str]:
    """pytest-xdist workers, one per core (at most 4), unless the arguments choose."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args) \
            or "no:xdist" in args:
        return []
    # loadgroup: the tests of one ``xdist_group`` share a worker and its module fixtures (a page
    # with its engine, the bot games, the Node runs of Pyodide). Not in pyproject.toml's addopts:
    # the engine's suite also runs inside Pyodide, without pytest-xdist.
    return ["-n", str(min(4, os.cpu_count() or 1)), "--dist", "loadgroup"]


@nox.session
def tests(session: nox.Session) -> None:
    """The whole test suite: engine, site build, parity, browser tests (in parallel)."""
    session.install("pip", *ENGINE, "-e", "./packages/catan-site[test]",
                    "-e", "./packages/catan-rooms")
    _npm_install(session)
    session.run("pytest", *_workers(session.posargs), *session.posargs, env=TEST_ENV)


@nox.session
def lint(session: nox.Session) -> None:
    """ruff, and mypy --strict on the engine and its browser bridges."""
    session.install("ruff", "mypy")
    session.run("ruff", "check", ".")
    session.run("mypy", "--strict", "catan_core", "catan_web")


@nox.session
def build(session: nox.Session) -> None:
    """``mkdocs build``: every language into site/ (address: mkdocs.yml's ``site_url``)."""
    session.install("pip", *SITE)
    _npm_install(session)
    session.run("mkdocs", "build", *session.posargs, env=ENV)


@nox.session
def serve(session: nox.Session) -> None:
    """Build the site for http://127.0.0.1:PORT/ and serve it there with the online rooms on the
    same origin (port 8000, or the first argument; rooms kept in ./rooms.sqlite3): sitemaps and
    Material's instant navigation need the address the site is at. Once it answers, the server
    prints the address to open, then one line per request answered with an error."""
    session.install("pip", *SITE, "-e", "./packages/catan-rooms")
    _npm_install(session)
    port = session.posargs[0] if session.posargs else "8000"
    session.run("mkdocs", "build", env={**ENV, "CATAN_SITE_URL": f"http://127.0.0.1:{port}/"})
    session.run("python", "-m", "catan_rooms", "--site", "site", "--port", port)


@nox.session
def bench(session: nox.Session) -> None:
    """Engine speed against Catanatron 3.2.1 (installed here only), pure and compiled by mypyc;
    FAQ widget start-up; the Play page's responsiveness during a computer game; search results'
    time after a keystroke; a review's budgets; the rooms server's curve of rooms against p95."""
    session.install("pip", *ENGINE, "catanatron==3.2.1", "mypy", "setuptools")
    # the pure engine and the one compiled by mypyc (devtools/compiled.py), side by side
    session.run("python", "-m", "devtools.compiled", "build")
    session.run("python", "-m", "benchmarks.engine", "--compiled", *session.posargs)
    session.install("pip", *SITE, "playwright>=1.45")  # benchmarks.widgets builds site/
    session.run("python", "-m", "benchmarks.widgets")
    session.run("python", "-m", "benchmarks.game_page")  # builds site/ if it has no Play page
    session.run("python", "-m", "benchmarks.click")  # click to new board on the Play page
    session.run("python", "-m", "benchmarks.search")  # keystroke to search results (<= 100 ms)
    session.run("python", "-m", "benchmarks.review")  # a game's review: chances, steps
    session.install("pip", *ROOMS)
    session.run("python", "-m", "benchmarks.rooms")  # rooms server load over loopback
    # rooms against p95 with Play-page clients (game frames: the page builds its view in its
    # worker) at a person's pace: one process on SQLite (the pure engine, then the compiled
    # one), then two processes on Redis (compiled; a room's sockets to one process, as a proxy
    # routing by the room's address sends them)
    curve = ["--cpu-moves", "0", "--curve", "100,250,500,1000", "--pace", "2,4"]
    session.run("python", "-m", "benchmarks.rooms", *curve)
    session.run("python", "-m", "benchmarks.rooms", *curve, "--compiled")
    if shutil.which("redis-server"):
        session.run("python", "-m", "benchmarks.rooms", *curve, "--redis", "--procs", "2",
                    "--route", "room", "--compiled")
    else:
        session.log("redis-server is not installed: the curve of two processes is left out")


@nox.session
def ladder(session: nox.Session) -> None:
    """Bot strength: each level against three of the level below, and personalities in mixed
    games (``-- --games 200 --fast-games 600``: rows with and without the Expert)."""
    session.install("pip", *ENGINE)
    session.run("python", "-m", "benchmarks.ladder", *session.posargs)


@nox.session
def compiled(session: nox.Session) -> None:
    """The engine compiled by mypyc (``devtools/compiled.py``), for servers and the ladder: built
    into ``build/compiled/`` (the site and the wheel Pyodide loads stay pure Python), checked to
    play the same games as the pure engine, the engine's tests run on it, then the engine
    benchmark with a row for each (``-- --rounds 5``). In this session's environment,
    ``python -m devtools.compiled run benchmarks.ladder ...`` runs the ladder on it."""
    session.install("pip", *ENGINE, "mypy", "setuptools", "catanatron==3.2.1", "pytest>=8",
                    "pytest-timeout", "hypothesis")
    session.run("python", "-m", "devtools.compiled", "build")
    session.run("python", "-m", "devtools.compiled", "check")
    session.run("python", "-m", "devtools.compiled", "test", "-q")
    session.run("python", "-m", "benchmarks.engine", "--compiled", *session.posargs)


@nox.session
def calibration(session: nox.Session) -> None:
    """The game review's win chances against what happened: 240 games of computers, a
    reliability table and Brier scores against the naive share of the public points
    (``-- --games 240 --level hard --samples 32``; about 10 minutes on 2 cores)."""
    session.install("pip", *ENGINE)
    session.run("python", "-m", "benchmarks.calibration", *session.posargs)
