"""Rooms server processes for the tests: ``python -m catan_rooms`` on a free loopback port."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[2]

T = TypeVar("T")


def run(scenario: Coroutine[Any, Any, T], timeout: float) -> T:
    """Run an async scenario to its end (at most ``timeout`` seconds) in a thread of its own: on
    a pytest worker that has run a browser test, Playwright's event loop is still running in
    the main thread, where ``asyncio.run`` refuses to start another."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(scenario, timeout)).result()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A rooms server process on 127.0.0.1 (computers move without delay)."""

    def __init__(self, store: str, port: int | None = None, *, bot_delay: float = 0.0,
                 env: dict[str, str] | None = None, open_files: int | None = None) -> None:
        self.store, self.port, self.bot_delay = store, port or free_port(), bot_delay
        self.env = env or {}
        self.open_files = open_files  # the process's limit of open files (soft and hard)
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        return self.launch().wait()

    def launch(self) -> Server:
        env = {**os.environ, "PYTHONPATH": str(ROOT), **self.env}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "catan_rooms", "--port", str(self.port), "--store", self.store,
             "--bot-delay", str(self.bot_delay)], cwd=ROOT, env=env,
            preexec_fn=self._limit if self.open_files else None)
        return self

    def _limit(self) -> None:
        import resource
        resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_files, self.open_files))

    def wait(self) -> Server:
        """Until ``/healthz`` answers 200."""
        assert self.proc is not None
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the rooms server exited with {self.proc.returncode}")
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        return self
            except (OSError, urllib.error.URLError):
                time.sleep(0.05)
        raise RuntimeError("the rooms server did not answer /healthz")

    def kill(self) -> None:
        """Stop at once (SIGKILL): nothing is flushed on the way out."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self.proc = None

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        request = urllib.request.Request(self.base + path, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=10) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")

    def post(self, path: str, body: Any, headers: dict[str, str] | None = None
             ) -> tuple[int, Any]:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method="POST",
                                         headers={"content-type": "application/json",
                                                  **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=10) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")
