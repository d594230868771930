"""Servers for the rooms tests: ``python -m catan_rooms`` processes on free loopback ports,
on an SQLite file or on a real ``redis-server`` started here (skipped when it is missing,
unless ``CI`` is set: then its absence is a failure)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rooms_helpers import free_port

#: Without the ``rooms`` extra (``pip install -e '.[rooms]'``; ``nox -s tests`` installs it)
#: these tests are not collected, except in CI, where that is an error.
MISSING = [m for m in ("starlette", "uvicorn", "websockets", "pydantic", "redis")
           if importlib.util.find_spec(m) is None]
if MISSING and not os.environ.get("CI"):
    collect_ignore_glob = ["test_*.py"]


@pytest.fixture
def sqlite_store(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'rooms.sqlite3'}"


@pytest.fixture
def redis_store() -> Iterator[str]:
    binary = shutil.which("redis-server") or (
        "/usr/bin/redis-server" if os.path.exists("/usr/bin/redis-server") else None)
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is required in CI (.ci/run installs it)")
        pytest.skip("redis-server is not installed")
    pytest.importorskip("redis")
    port = free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--protected-mode", "yes"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.kill()
        proc.wait(10)


@pytest.fixture
def servers() -> Iterator[list[Any]]:
    """Servers a test starts; all killed at the end."""
    started: list[Any] = []
    yield started
    for server in started:
        server.kill()
