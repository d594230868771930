"""The engine inside Pyodide (Node.js, npm ``pyodide``): its own suite passes, games match CPython.

The engine is loaded from the same pure wheel the site ships, so these tests check what the
browser will run. Every engine test runs inside Pyodide; the long randomised ones play a fifth of
their games and examples there (``sample`` in tests/engine/engine_helpers.py); CPython runs
them in full. They need ``node`` and ``npm ci`` (``node_modules/pyodide``) and download the
pure wheels of pytest and hypothesis once (``tests/pyodide/requirements.txt``). Without node
or the npm package they are skipped, unless ``CI`` or ``CATAN_REQUIRE_PYODIDE`` is set: then a
missing runtime is a failure, so CI can never skip them silently. ``CATAN_PYODIDE_PYTEST_ARGS``
passes extra arguments to the run inside Pyodide (``-x``, ``-k ...``).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from catan_site.runtime_assets import PYODIDE_DIR, build_wheel

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "tests" / "pyodide"
NODE = shutil.which("node")
REQUIRED = bool(os.environ.get("CI") or os.environ.get("CATAN_REQUIRE_PYODIDE"))
#: Extra pytest arguments for the run inside Pyodide, e.g. ``-x`` or ``-k production``.
EXTRA = shlex.split(os.environ.get("CATAN_PYODIDE_PYTEST_ARGS", ""))
TIMEOUT = 900  # seconds; a run takes well under a minute on a 2-core machine

#: one worker runs both tests: they share the two Node runs of ``runs`` (a module fixture)
pytestmark = [pytest.mark.pyodide, pytest.mark.xdist_group("pyodide")]


def _missing() -> str | None:
    if NODE is None:
        return "node is not installed (Node.js 18+ runs Pyodide for these tests)"
    if not (PYODIDE_DIR / "package.json").is_file():
        return "node_modules/pyodide is missing: run `npm ci`"
    return None


@pytest.fixture(scope="module", autouse=True)
def _runtime() -> None:
    reason = _missing()
    if reason and REQUIRED:
        pytest.fail(f"{reason} (required because CI or CATAN_REQUIRE_PYODIDE is set)")
    if reason:
        pytest.skip(reason)


def load_module(name: str, path: Path) -> ModuleType:
    """Import a file that is not on ``sys.path`` (the self-play script)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def engine_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="module")
def test_wheels() -> list[Path]:
    """pytest, hypothesis and their pure dependencies, downloaded once into node_modules/.cache."""
    requirements = HERE / "requirements.txt"
    pins = [line.split("#")[0].strip() for line in requirements.read_text().splitlines()]
    pins = [p for p in pins if p]
    key = hashlib.sha256("\n".join(pins).encode()).hexdigest()[:12]
    cache = ROOT / "node_modules" / ".cache" / "catan-pyodide-wheels" / key
    if len(list(cache.glob("*.whl"))) < len(pins):
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet",
                        "--disable-pip-version-check", "--only-binary=:all:", "--no-deps",
                        "--python-version", "3.14", "--implementation", "py", "--abi", "none",
                        "--platform", "any", "-r", str(requirements), "-d", str(cache)],
                       check=True)
    return sorted(cache.glob("*.whl"))


class NodeRun:
    """A Node script started at once and waited for on demand (both scripts run in parallel)."""

    def __init__(self, script: str, wheels: list[Path], *extra: str) -> None:
        command = [str(NODE), str(HERE / script), "--project", str(ROOT)]
        for wheel in wheels:
            command += ["--wheel", str(wheel)]
        self.process = subprocess.Popen([*command, *extra], cwd=ROOT, text=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.output: str | None = None

    def result(self, marker: str) -> tuple[Any, str]:
        """The JSON after ``marker`` on the last line that has it, and the whole output."""
        if self.output is None:
            self.output, _ = self.process.communicate(timeout=TIMEOUT)
        lines = [line for line in self.output.splitlines() if line.startswith(marker + " ")]
        assert lines, f"no {marker} line in the output:\n{self.output[-4000:]}"
        return json.loads(lines[-1][len(marker) + 1:]), self.output

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()


@pytest.fixture(scope="module")
def runs(engine_wheel: Path, test_wheels: list[Path]) -> Iterator[dict[str, NodeRun]]:
    started = {"suite": NodeRun("run_engine_tests.mjs", [engine_wheel, *test_wheels],
                                "--", *EXTRA),
               "games": NodeRun("play_games.mjs", [engine_wheel])}
    yield started
    for run in started.values():
        run.stop()


ENGINE_TESTS = ("tests/engine/", "catan_core/")


def cpython_test_ids(session: pytest.Session) -> set[str]:
    """The tests CPython collects from the same places (engine tests, engine doctests): this
    run's own items when it collected the whole suite, else a collection of those places."""
    items = {item.nodeid for item in session.items}
    if any(i.startswith(ENGINE_TESTS[0]) for i in items) and \
            any(i.startswith(ENGINE_TESTS[1]) for i in items):
        return {i for i in items if i.startswith(ENGINE_TESTS)}
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                          "-p", "no:cacheprovider", "tests/engine", "catan_core"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return {line.strip() for line in out.splitlines() if "::" in line}


def test_engine_suite_passes_inside_pyodide(runs: dict[str, NodeRun],
                                            request: pytest.FixtureRequest) -> None:
    expected = cpython_test_ids(request.session)  # while Pyodide runs
    summary, output = runs["suite"].result("PYODIDE-RESULT")
    stats = summary["stats"]
    assert summary["exit_code"] == 0, f"pytest in Pyodide failed:\n{output[-6000:]}"
    assert stats.get("failed", 0) == 0 and stats.get("error", 0) == 0, stats
    ran = stats.get("passed", 0) + stats.get("skipped", 0) + stats.get("xfailed", 0)
    if not EXTRA:  # nothing was left out on purpose
        assert ran == len(expected), f"Pyodide ran {ran} tests, CPython collects {len(expected)}"
    assert summary["python"].startswith("3.14"), summary


def test_random_games_identical_in_cpython_and_pyodide(runs: dict[str, NodeRun]) -> None:
    pyodide_games, _ = runs["games"].result("PYODIDE-GAMES")
    selfplay = load_module("selfplay", HERE / "selfplay.py")
    cpython_games = selfplay.play_all()
    assert len(pyodide_games) == len(cpython_games) == len(selfplay.GAMES)
    for (seats, seed, board), ours, theirs in zip(selfplay.GAMES, cpython_games, pyodide_games,
                                                  strict=True):
        where = f"game {seats} seed {seed} {board}"
        assert ours["actions"] > 100, where  # a real game, not a stuck one
        assert theirs["digest"] == ours["digest"], f"{where}: the games diverged"
        assert theirs["actions"] == ours["actions"], where
        assert theirs["position"] == ours["position"], where
