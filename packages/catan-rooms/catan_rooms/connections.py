"""HTTP connections the server lets go: requests sent too slowly, too many from one address.

uvicorn times out a connection only while it is idle between two requests (its keep-alive):
a request whose headers or body never finish arriving holds its socket, and an open file, for
good. A thousand of them from one address filled the process's 1,024 open files and the server
stopped accepting anyone (issue 32). ``guarded(request_s, per_address)`` is uvicorn's own HTTP
protocol with two limits more:

* a request must have been answered, or its answer begun, ``request_s`` seconds after its first
  byte arrived (or the connection opened), else the connection is closed. An answer that is
  streaming (a large file to a slow phone) and a connection upgraded to a WebSocket (the hub
  has its own limits) are left alone;
* at most ``per_address`` HTTP connections at once from one address (None: no limit, as behind
  a proxy, where every connection comes from the proxy); more are closed as they open.

``raise_open_files()`` lifts the process's soft limit of open files to its hard limit.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

#: Seconds a request may take to arrive and be answered (its answer begun).
REQUEST_S = 10.0
#: HTTP connections at once from one address (browsers open at most 6 to one server).
PER_ADDRESS = 64


def guarded(request_s: float = REQUEST_S, per_address: int | None = PER_ADDRESS,
            base: type[asyncio.Protocol] = AutoHTTPProtocol) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol ``base`` (h11 or httptools) with the two limits above, for
    ``uvicorn.Config(http=...)``. Each call makes a class with its own count per address."""
    open_from: Counter[str] = Counter()

    class Guarded(base):  # type: ignore[valid-type,misc]
        _timer: asyncio.TimerHandle | None = None
        _address: str | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            if per_address is not None and self.client:
                self._address = str(self.client[0])
                open_from[self._address] += 1
                if open_from[self._address] > per_address:
                    transport.close()
                    return
            self._arm()

        def data_received(self, data: bytes) -> None:
            if self._timer is None and not self._answering():
                self._arm()      # the first bytes of the next request on this connection
            super().data_received(data)

        def on_response_complete(self) -> None:
            self._disarm()
            super().on_response_complete()

        def handle_websocket_upgrade(self, *args: Any) -> None:
            self._disarm()
            self._release()      # a WebSocket now: the hub counts it (Limits.sockets_per_client)
            super().handle_websocket_upgrade(*args)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._release()
            super().connection_lost(exc)

        def _answering(self) -> bool:
            """An answer to the current request has begun and is not finished."""
            cycle = self.cycle
            return bool(cycle is not None and cycle.response_started
                        and not cycle.response_complete)

        def _arm(self) -> None:
            self._disarm()
            self._timer = self.loop.call_later(request_s, self._expire)

        def _disarm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _release(self) -> None:
            if self._address is not None:
                open_from[self._address] -= 1
                if open_from[self._address] <= 0:
                    del open_from[self._address]
                self._address = None

        def _expire(self) -> None:
            self._timer = None
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return   # closed already, or a WebSocket now
            if not self._answering():
                transport.close()

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded


def raise_open_files() -> int | None:
    """Lift the soft limit of open files to the hard one; returns the limit now in force (None
    where the system has no such limit to read)."""
    try:
        import resource
    except ImportError:  # not a Unix
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        wanted = 1 << 20 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft
