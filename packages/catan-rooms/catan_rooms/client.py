"""A small asyncio client of the rooms protocol (tests, the load benchmark, scripted players).

It keeps every frame it receives (so a test can inspect them), the newest ``update``, its seat
token and message number, and can reconnect with the token to find its seat again.

The :func:`auto_move` policy plays a seat the way a person would with the page: it looks only at
what the server sent this seat (the seat's view and legal actions) and lets a computer player
choose among them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

import websockets

from catan_core.bots import Bot, make_bot
from catan_core.constants import RESOURCES

Doc = dict[str, Any]


class RoomClient:
    def __init__(self, base: str, room: str, *, token: str | None = None,
                 host: str | None = None) -> None:
        self.base, self.room, self.token, self.host = base, room, token, host
        self.ws: Any = None
        self.frames: list[Doc] = []
        self.received: list[tuple[float, Doc]] = []
        self.update: Doc | None = None
        self.seat: str | None = None
        self.n = 0
        self.since = 0
        self.inflight: int | None = None  # the number of an action not yet answered
        self.min_version = 0  # the version that holds this client's last accepted action
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self.keep_frames = True
        self.on_frame: Callable[[RoomClient, Doc, float], None] | None = None
        self.bucket: tuple[float, float, float, float] | None = None  # rate, burst, level, at
        self.board: str | None = None  # the board drawing of the last page view received
        self.same_boards = 0  # page views that came without their unchanged board

    @property
    def url(self) -> str:
        return self.base.replace("http", "ws", 1) + f"/api/rooms/{self.room}/ws"

    async def connect(self, hello: bool = True, timeout: float = 10.0) -> Doc | None:
        self.ws = await websockets.connect(self.url, max_size=2**22, open_timeout=10)
        self._reader = asyncio.create_task(self._read())
        if not hello:
            return None
        msg: Doc = {"t": "hello", "since": self.since}
        if self.token:
            msg["token"] = self.token
        if self.host:
            msg["host"] = self.host
        await self.send(msg)
        welcome = await self.wait_for(lambda f: f["t"] in ("welcome", "error"), timeout)
        if welcome["t"] == "welcome":
            limits = welcome["limits"]
            # stay a little under the server's limits, as a well-behaved client does
            self.bucket = (limits["rate"] * 0.9, limits["burst"] / 2, limits["burst"] / 2,
                           time.monotonic())
            self.seat = welcome["seat"]
            if welcome.get("next_n"):
                self.n = welcome["next_n"] - 1
        return welcome

    async def _read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed, asyncio.CancelledError):
            async for text in self.ws:
                frame = json.loads(text)
                now = time.perf_counter()
                self._fill_board(frame)
                if self.keep_frames:
                    self.frames.append(frame)
                self.received.append((now, frame))
                if len(self.received) > 64 and not self.keep_frames:
                    del self.received[:32]
                if frame["t"] == "update":
                    self.update = frame
                    self.since = max(self.since, frame["seq"])
                elif frame["t"] in ("ok", "error") and frame.get("for") in ("act", "pick"):
                    if frame.get("n") == self.inflight:
                        self.inflight = None
                    if frame.get("version"):
                        self.min_version = max(self.min_version, frame["version"])
                elif frame["t"] == "seated":
                    self.seat, self.token = frame["seat"], frame["token"]
                self._changed.set()
                if self.on_frame is not None:
                    self.on_frame(self, frame, now)
        self._changed.set()

    def _fill_board(self, frame: Doc) -> None:
        """A page view sent with ``board`` null has the drawing this socket received last."""
        game = frame.get("game") if frame.get("t") == "update" else None
        page = game.get("page") if isinstance(game, dict) else None
        if not isinstance(page, dict) or "error" in page:
            return
        if page.get("board") is None:
            page["board"] = self.board
            self.same_boards += 1
        else:
            self.board = page["board"]

    async def send(self, msg: Doc | str) -> None:
        await self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    async def wait_for(self, test: Callable[[Doc], bool], timeout: float = 10.0,
                       start: int = 0) -> Doc:
        """The first frame received (from index ``start``) that passes ``test``."""
        deadline = time.monotonic() + timeout
        seen = start
        while True:
            frames = [f for _, f in self.received] if not self.keep_frames else self.frames
            for frame in frames[seen:]:
                if test(frame):
                    return frame
            seen = len(frames) if self.keep_frames else 0
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no matching frame after {timeout} s")
            self._changed.clear()
            if self.ws is None or self._reader is None or self._reader.done():
                raise ConnectionError("the socket is closed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)

    async def sit(self, seat: str, name: str, timeout: float = 10.0) -> Doc:
        mark = len(self.frames)
        await self.send({"t": "sit", "seat": seat, "name": name})
        return await self.wait_for(lambda f: f["t"] in ("seated", "error"), timeout, mark)

    def _paced(self) -> bool:
        if self.bucket is None:
            return True
        rate, burst, level, at = self.bucket
        now = time.monotonic()
        level = min(burst, level + (now - at) * rate)
        self.bucket = (rate, burst, level, now)
        return level >= 1

    async def act(self, action: Doc) -> int:
        if self.bucket is not None:
            rate, burst, level, at = self.bucket
            self.bucket = (rate, burst, level - 1, at)
        self.n += 1
        self.inflight = self.n
        await self.send({"t": "act", "n": self.n, "action": action})
        return self.n

    def may_act(self) -> bool:
        """No action of ours is in flight and the newest frame already shows the last one
        (acting on an older frame would answer a question twice)."""
        return (self.inflight is None and self.update is not None
                and self.update["version"] >= self.min_version and self._paced())

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(BaseException):
                await self._reader
        self.ws = None


def discard_choice(view: Doc, colour: str, count: int) -> Doc:
    """Give up ``count`` cards, always from the largest pile (a simple, legal discard)."""
    hand = [int(view["players"][colour]["hand"].get(r, 0)) for r in RESOURCES]
    out = [0] * 5
    for _ in range(count):
        r = max(range(5), key=lambda i: hand[i])
        hand[r] -= 1
        out[r] += 1
    return {"type": "discard", "cards": {RESOURCES[r]: k for r, k in enumerate(out) if k}}


def auto_move(update: Doc, bot: Bot, offers: bool = True) -> Doc | None:
    """The action this seat's player makes now, from what the server sent it only
    (``offers=False``: never a trade offer of its own)."""
    game = update.get("game")
    if not game or not game["legal"]:
        return None
    colour = update["you"]["seat"]
    if colour not in game["actors"]:  # an offerer waits for every answer before closing
        return None
    legal = game["legal"]
    view = game["view"]
    if legal[0]["type"] == "discard" and "count" in legal[0]:
        return discard_choice(view, colour, int(legal[0]["count"]))
    action = bot.choose(view, legal, allow_offers=offers and bool(game["can_offer"]))
    return {k: v for k, v in action.items() if k != "player"}


def seat_bot(colour: str, seed: int, level: str = "normal",
             personality: str = "builder") -> Bot:
    return make_bot(level, personality, seed * 8 + "rbwo".index(colour[0]))
