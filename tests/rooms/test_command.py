"""``python -m catan_rooms``, the command ``nox -s serve`` runs: what it tells the person who
started it."""

from __future__ import annotations

import logging
import queue
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from rooms_helpers import ROOT, free_port


def test_the_command_says_where_the_site_is_and_logs_errors(tmp_path: Path) -> None:
    """``python -m catan_rooms`` (``nox -s serve``) prints the address to open once it answers,
    and a line for each request answered with an error (not for every request)."""
    site = tmp_path / "site"
    (site / "en").mkdir(parents=True)
    (site / "index.html").write_text("<h1>home</h1>")
    (site / "en" / "404.html").write_text("<h1>404</h1>")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "catan_rooms", "--port", str(port), "--site", str(site),
         "--store", f"sqlite:///{tmp_path / 'rooms.sqlite3'}"], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout], daemon=True).start()
        first = lines.get(timeout=20)  # the server's first words: where to open it
        assert f"http://127.0.0.1:{port}/" in first, first
        base = f"http://127.0.0.1:{port}"
        with urllib.request.urlopen(base + "/", timeout=5) as ok:  # fine: nothing printed
            assert ok.status == 200
        try:
            urllib.request.urlopen(base + "/no-such-page", timeout=5)
        except urllib.error.HTTPError as exc:
            assert exc.code == 404
        time.sleep(0.3)
    finally:
        proc.terminate()
        proc.wait(10)
    out = [lines.get(timeout=5) for _ in range(lines.qsize())]
    logged = [line for line in out if "GET" in line]
    assert len(logged) == 1 and "/no-such-page" in logged[0] and "404" in logged[0], out


def test_the_command_compresses_frames_at_level_one() -> None:
    """The server's websockets compress at zlib level 1 (``DEFLATE_LEVEL``), not uvicorn's
    default: a quarter of the server's time at saturation went to compressing frames
    (notes/rooms-protocol.md). The protocol class is the one ``python -m catan_rooms`` gives
    uvicorn; every test with a running server connects through it."""
    import uvicorn
    from uvicorn.server import ServerState
    from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory

    from catan_rooms import __main__ as command

    config = uvicorn.Config(lambda scope, receive, send: None, ws=command._Sockets,
                            interface="asgi3")
    config.load()
    assert config.ws_protocol_class is command._Sockets
    protocol = command._Sockets(config, ServerState(), app_state={})
    factories = [f for f in protocol.conn.available_extensions
                 if isinstance(f, ServerPerMessageDeflateFactory)]
    assert len(factories) == 1
    assert factories[0].compress_settings["level"] == command.DEFLATE_LEVEL == 1


def test_the_command_sets_the_servers_cycle_collector(monkeypatch: Any, tmp_path: Path) -> None:
    """``python -m catan_rooms`` sets the collector's thresholds for a server's heap
    (``GC_THRESHOLDS``) and freezes what its imports made before it serves: with Python's
    thresholds, a full collection paused a server of 1,000 rooms 600-740 ms every 8-10 s
    (notes/rooms-protocol.md). The server itself is not started: its run is replaced by a
    probe of the collector at the moment it would start."""
    import gc

    from catan_rooms import __main__ as command

    seen: dict[str, Any] = {}

    def probe(self: Any) -> None:
        seen["threshold"] = gc.get_threshold()
        seen["frozen"] = gc.get_freeze_count()

    before = gc.get_threshold()
    access = logging.getLogger("uvicorn.access")
    level, filters = access.level, list(access.filters)
    monkeypatch.setattr(command._Server, "run", probe)
    try:
        command.main(["--port", str(free_port()),
                      "--store", f"sqlite:///{tmp_path / 'rooms.sqlite3'}"])
    finally:  # what main() set for the process is undone for the tests after this one
        gc.set_threshold(*before)
        gc.unfreeze()
        access.setLevel(level)
        access.filters[:] = filters
    assert seen["threshold"] == command.GC_THRESHOLDS != before
    assert seen["frozen"] > 10_000  # the imports' objects (modules, functions, classes)
