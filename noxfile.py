"""Project tasks: ``nox -s tests``, ``nox -s serve``, ``nox -s lint``, ``nox -s bench``.

Every session installs what it needs into its own virtualenv, so a fresh machine only needs
``pip install nox`` (and, for the browser tests, Debian's ``chromium``).
"""

from __future__ import annotations

import os
import shutil

import nox

nox.options.sessions = ["lint", "tests"]
nox.options.reuse_existing_virtualenvs = True

SITE_DEPS = [
    "mkdocs==1.6.1",
    "mkdocs-material==9.8.*",
    "mkdocs-static-i18n==1.3.*",
    "pymdown-extensions>=10",
    "PyYAML>=6",
]
TEST_DEPS = [
    "pytest>=8",
    "hypothesis>=6.100",
    "playwright>=1.45",
    "pytest-playwright>=0.5",
    "PyYAML>=6",
]


def _npm_install(session: nox.Session) -> None:
    """Install the pinned npm packages (Pyodide) when package.json exists."""
    if os.path.exists("package.json"):
        npm = shutil.which("npm")
        if npm is None:
            session.error("npm is required to install Pyodide (see README)")
        if not os.path.isdir("node_modules/pyodide"):
            session.run(npm, "ci", "--no-audit", "--no-fund", external=True)


def _build_site(session: nox.Session, address: str = "") -> None:
    """Build site/; ``address`` (where it will be served) enables Material's instant loading."""
    _npm_install(session)
    env = {"NO_MKDOCS_2_WARNING": "1"}
    if address:
        env["CATAN_SITE_URL"] = address
    session.run("python", "-m", "catan_site.build_site", env=env)


@nox.session
def tests(session: nox.Session) -> None:
    """The whole test suite: engine, site build, parity, browser tests."""
    session.install("-e", ".[rooms]", *TEST_DEPS, *SITE_DEPS)
    if os.path.exists("catan_site/build_site.py"):
        _build_site(session)
    session.run("pytest", *session.posargs, env={"NO_MKDOCS_2_WARNING": "1"})


@nox.session
def lint(session: nox.Session) -> None:
    """ruff, and mypy --strict on the engine."""
    session.install("ruff", "mypy")
    session.run("ruff", "check", ".")
    session.run("mypy", "--strict", "catan_core")


@nox.session
def build(session: nox.Session) -> None:
    """Build the site for every language into site/."""
    session.install("-e", ".", *SITE_DEPS)
    _build_site(session)


@nox.session
def serve(session: nox.Session) -> None:
    """Build the site and serve it on 127.0.0.1 (port 8000, or the first argument)."""
    session.install("-e", ".", *SITE_DEPS)
    port = session.posargs[0] if session.posargs else "8000"
    # built for this address, links open without reloading the page (and the rules engine)
    _build_site(session, f"http://127.0.0.1:{port}/")
    session.run("python", "-m", "catan_site.serve", port)


@nox.session
def bench(session: nox.Session) -> None:
    """Engine speed against Catanatron 3.2.1 (installed here only); FAQ widget start-up; the
    Play page's responsiveness during a computer game."""
    session.install("-e", ".", "catanatron==3.2.1")
    session.run("python", "-m", "benchmarks.engine", *session.posargs)
    session.install(*SITE_DEPS, "playwright>=1.45")  # benchmarks.widgets builds site/ if missing
    session.run("python", "-m", "benchmarks.widgets")
    session.run("python", "-m", "benchmarks.game_page")  # builds site/ if it has no Play page
    session.install("-e", ".[rooms]")
    session.run("python", "-m", "benchmarks.rooms")  # rooms server load over loopback


@nox.session
def ladder(session: nox.Session) -> None:
    """Bot strength: each level against three of the level below (``-- --games 200``)."""
    session.install("-e", ".")
    session.run("python", "-m", "benchmarks.ladder", *session.posargs)
