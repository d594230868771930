"""The live part of the server: sockets, changes with a version check, computer turns, clocks.

One :class:`Hub` per process. Every change to a room is ``load -> room.<function> -> commit if
the version did not move``, retried on a conflict, so several processes sharing one Redis (or
tasks of one process) agree. After a commit, every socket of the room in every process is marked
out of date; its writer task sends the seat's own frame built from the newest document (several
changes in a row are coalesced into one frame, never reordered).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from catan_core import CatanError, Game
from catan_core.referee import Referee
from catan_core.table import Table
from catan_core.views import event_for
from catan_web.game_view import Shared, action_for_spot, shared_view, view_of
from catan_web.recent import Recent

from . import room
from .room import RoomError
from .schemas import (
    CLIENT_MESSAGE,
    Act,
    Auto,
    Back,
    Chat,
    Hello,
    Leave,
    Look,
    Options,
    Pick,
    Ping,
    Ready,
    RoomSettings,
    SetSeat,
    Sit,
    Start,
)
from .store import Store, dumps, loads

Doc = dict[str, Any]
PROTOCOL = 1
#: Replies queued for a socket that does not read them, after which the socket is closed.
MAX_QUEUE = 256
#: Page views kept (one per room version, seat and page options): the rooms moving now.
PAGES_KEPT = 2048
#: Game frames kept (one per room version and seat, the clock apart): the rooms moving now.
FRAMES_KEPT = 2048
#: Board drawings kept (by ``catan_web.game_view.board``): a room moving now needs about two,
#: the board its deciding seat sees with its choices marked and the one the others see.
DRAWINGS_KEPT = 2048
#: Rooms whose last events read are kept (``Hub._events``).
ROOMS_KEPT = 4096
#: Referees kept (one per room version).
REFEREES_KEPT = 512
#: Seconds a room's presence, once read from the store, serves its frames (a presence notice
#: has it read again at once): a dead process's sockets stop counting when its beat expires
#: (``RedisStore``, 15 s). Read again at every move, it was a fifth of a Redis process's work
#: at 1,000 rooms (two commands a change).
PRESENCE_S = 15.0
#: Addresses whose pace of new rooms and new sockets is kept (the least recent forgotten).
PACES_KEPT = 10_000


@dataclass(frozen=True)
class Limits:
    """What one client may do (see notes/rooms-protocol.md)."""

    message_bytes: int = 4096  # largest text frame accepted
    rate: float = 20.0  # messages per second, sustained
    burst: float = 40.0  # messages at once
    strikes: int = 60  # refused-for-rate messages before the socket is closed
    rooms_per_client: int = 20  # rooms one address may create per hour
    sockets_per_room: int = 32  # that said hello; a seat's or the host's token always gets in
    hello_s: float = 10.0  # a socket that has not said hello by then is closed
    rooms_rate: float = 1.0  # POST /api/rooms per second and address, sustained
    rooms_burst: float = 5.0
    sockets_rate: float = 5.0  # new sockets per second and address, sustained
    sockets_burst: float = 40.0
    sockets_per_client: int = 64  # per address, per process
    events_per_frame: int = 200  # a (re)connecting client gets at most this many past events
    frame_interval: float = 0.0  # seconds between two updates to one socket (changes between
    # them are coalesced into the next): bounds the server's and the browser's work when
    # computers play without a pause (CATAN_ROOMS_FRAME_INTERVAL=0.1)


class Bucket:
    """A token bucket: ``take()`` is False when the client sends faster than allowed."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.level, self.at = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


@dataclass(eq=False)
class Conn:
    """One socket: its room, its seat (None: a spectator), what it was last sent."""

    room_id: str
    client: str
    send: Callable[[str], Any]
    conn_id: str = field(default_factory=lambda: secrets.token_hex(6))
    seat: str | None = None
    digest: str | None = None  # the hash of the seat token this socket showed
    host: bool = False
    hello: bool = False
    since: int = 0  # the last event number sent
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    dirty: bool = False
    closed: bool = False
    page: Doc | None = None  # the Play page's view options, when the client asked for it
    board: str | None = None  # the board drawing (JSON) this socket was last sent in a page view


class Hub:
    def __init__(self, store: Store, *, bot_delay: float = 0.0, limits: Limits | None = None,
                 clock_speed: float = 1.0) -> None:
        """``clock_speed`` > 1 makes the turn clocks run faster (tests only)."""
        self.store, self.bot_delay, self.speed = store, bot_delay, clock_speed
        self.limits = limits or Limits()
        self.conns: dict[str, set[Conn]] = defaultdict(set)
        self.per_client: dict[str, int] = defaultdict(int)
        self.paces: dict[str, Recent[str, Bucket]] = {"rooms": Recent(PACES_KEPT),
                                                       "sockets": Recent(PACES_KEPT)}
        self.docs: dict[str, Doc] = {}
        self.floor: dict[str, int] = {}  # the newest version known to exist, per room
        # presence per room: (when read, counts), until a presence notice or PRESENCE_S
        self.online: dict[str, tuple[float, dict[str, int]]] = {}
        self.refs: Recent[tuple[str, int], Referee] = Recent(REFEREES_KEPT)
        # what every seat's page view of a room version shares (game_view.shared_view)
        self.shared: Recent[tuple[str, int], Shared] = Recent(REFEREES_KEPT)
        self.pages: Recent[tuple[str, int, str | None, str], tuple[str, str | None]] = \
            Recent(PAGES_KEPT)
        self.frames: Recent[tuple[str, int, str | None], str] = Recent(FRAMES_KEPT)
        self.tails: Recent[str, list[Doc]] = Recent(ROOMS_KEPT)  # last events read, by room
        self.drawings: Recent[str, str] = Recent(DRAWINGS_KEPT)
        # each drawing's JSON text, by the drawing (the same text object for every view that
        # took it from ``drawings``: its hash is computed once)
        self.drawings_json: Recent[str, str] = Recent(DRAWINGS_KEPT)
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.started = False

    def now(self) -> float:
        """The rooms' clock: seconds (faster than real ones with ``clock_speed``)."""
        return time.time() * self.speed

    async def start(self) -> None:
        await self.store.start(self.on_change)
        self.started = True

    async def close(self) -> None:
        for task in list(self.drivers.values()):
            task.cancel()
        for handle in self.timers.values():
            handle.cancel()
        await self.store.close()

    # -- documents ------------------------------------------------------------------------

    async def latest(self, room_id: str, fresh: bool = False) -> Doc | None:
        doc = None if fresh else self.docs.get(room_id)
        if doc is None:
            doc = await self.store.load(room_id)
            if doc is not None:
                self._keep(doc)
        return doc

    def _keep(self, doc: Doc) -> None:
        """Cache ``doc`` unless a newer version is cached already (a load or a commit that
        finishes late must not bring an older room back)."""
        room_id = doc["id"]
        cached = self.docs.get(room_id)
        if room_id in self.conns and doc["version"] >= self.floor.get(room_id, 0) and (
                cached is None or cached["version"] < doc["version"]):
            self.docs[room_id] = doc

    def game(self, doc: Doc) -> Game | None:
        """The game of ``doc``'s version, shared (read only)."""
        return room.cached_game(doc) if doc["position"] is not None else None

    def referee(self, doc: Doc, game: Game) -> Referee:
        """The referee of ``doc``'s version, shared (read only: frames ask, never change)."""
        return self.refs.recall((doc["id"], doc["version"]),
                                lambda: Referee.from_dict(doc["referee"], game.seats))

    async def mutate(self, room_id: str, change: Callable[[Doc], list[Doc] | None]
                     ) -> tuple[Doc, list[Doc]] | None:
        """Apply ``change`` to a copy of the newest document and commit it; retried when
        another task or process committed first. ``RoomError`` passes through, nothing
        changed. None when ``change`` had nothing to do."""
        for attempt in range(50):
            current = await self.latest(room_id, fresh=attempt > 0)
            if current is None:
                raise RoomError("no_such_room", "there is no such room")
            # the position is never changed in place (a change writes a new one): share it;
            # the rest is small JSON, copied through orjson's encoder and decoder
            rest = loads(dumps({k: v for k, v in current.items() if k != "position"}))
            doc = {**rest, "position": current["position"]}
            try:
                events = change(doc)
            finally:
                produced = room.PRODUCED.pop(id(doc), None)
            if events is None:
                return None
            version = doc["version"]
            doc["version"] = version + 1
            for e in events:
                doc["seq"] += 1
                e["seq"] = doc["seq"]
            if await self.store.commit(version, doc, events):
                if produced is not None:
                    room.keep_game(doc, produced)
                self._keep(doc)
                self._tail(room_id, events)
                if isinstance(self.store, _local_stores()):
                    self.mark_room(room_id)
                return doc, events
            await asyncio.sleep(0.002 * attempt)
        raise RoomError("busy", "the room is busy, try again")

    # -- creating rooms ------------------------------------------------------------------------

    def too_fast(self, client: str, kind: str) -> bool:
        """Whether ``client`` asks for ``kind`` ("rooms": ``POST /api/rooms``, "sockets": new
        sockets) faster than ``Limits`` allows, per second, refused before any other work."""
        rate, burst = ((self.limits.rooms_rate, self.limits.rooms_burst) if kind == "rooms"
                       else (self.limits.sockets_rate, self.limits.sockets_burst))
        return not self.paces[kind].recall(client, lambda: Bucket(rate, burst)).take()

    async def create_room(self, settings: RoomSettings, client: str) -> tuple[str, str]:
        if not await self.store.note_created(client, 3600.0, self.limits.rooms_per_client):
            raise RoomError("too_many_rooms", "too many rooms created from this address",
                            limit=self.limits.rooms_per_client)
        host_token = secrets.token_urlsafe(16)
        for _ in range(5):
            room_id = secrets.token_urlsafe(16)  # 128 random bits: also the invitation
            doc = room.new_room(room_id, settings, room.token_hash(host_token),
                                secrets.randbelow(2**31), self.now())
            if await self.store.create(doc):
                return room_id, host_token
        raise RoomError("busy", "could not create a room")

    # -- change notices, computer turns and clocks ------------------------------------------

    async def on_change(self, room_id: str, version: int | None = None) -> None:
        """A notice from the store: the room has a new ``version`` (None: presence only)."""
        conns = self.conns.get(room_id)
        if not conns:
            return
        if version is None:  # someone came or went
            self.online.pop(room_id, None)
        else:
            self.floor[room_id] = max(self.floor.get(room_id, 0), version)
            cached = self.docs.get(room_id)
            if cached is not None and cached["version"] < version:
                del self.docs[room_id]  # reloaded once by the first writer that needs it
        self.mark_room(room_id)

    def mark_room(self, room_id: str) -> None:
        for conn in self.conns.get(room_id, ()):
            self.mark(conn)

    def mark(self, conn: Conn) -> None:
        """Send ``conn`` a fresh frame soon; a socket is sent none before its hello (it would
        be a spectator's, even for a seat's socket whose hello is on its way)."""
        if conn.hello and not conn.dirty and not conn.closed:
            conn.dirty = True
            conn.queue.put_nowait(None)

    def kick(self, room_id: str) -> None:
        """Make sure this process drives the room's computers and clock now."""
        task = self.drivers.get(room_id)
        if task is None or task.done():
            self.drivers[room_id] = asyncio.create_task(self._drive(room_id))

    async def _drive(self, room_id: str) -> None:
        try:
            for _ in range(20000):
                doc = await self.latest(room_id)
                game = self.game(doc) if doc is not None else None
                if doc is None or game is None \
                        or not room.needs_step(doc, game, self.referee(doc, game), self.now()):
                    self._schedule(room_id, doc)
                    return
                result = await self.mutate(room_id, lambda d: room.auto_step(d, self.now()))
                if result is None:
                    self._schedule(room_id, await self.latest(room_id))
                    return
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                else:
                    await asyncio.sleep(0)
        except RoomError:
            return
        finally:
            if self.drivers.get(room_id) is asyncio.current_task():
                del self.drivers[room_id]

    def _schedule(self, room_id: str, doc: Doc | None) -> None:
        """Wake this process's driver at the room's deadline (if it has clients there)."""
        if doc is None or room_id not in self.conns:
            return
        deadline = doc["clock"]["deadline"] if doc["status"] == "playing" else None
        old = self.timers.pop(room_id, None)
        if old is not None:
            old.cancel()
        if deadline is not None:
            delay = max(0.0, deadline - self.now()) / self.speed + 0.05
            self.timers[room_id] = asyncio.get_running_loop().call_later(
                delay, self.kick, room_id)

    # -- sockets ------------------------------------------------------------------------------

    def admit(self, room_id: str, client: str, send: Callable[[str], Any]) -> Conn:
        """A new socket, before its hello: only the address's own count limits it (the room's
        is checked at hello, when a seat token can be told apart; ``hello_s`` ends it)."""
        if self.per_client[client] >= self.limits.sockets_per_client:
            raise RoomError("too_many_connections", "too many connections from this address")
        conn = Conn(room_id, client, send)
        self.conns[room_id].add(conn)
        self.per_client[client] += 1
        return conn

    async def drop(self, conn: Conn) -> None:
        conn.closed = True
        conn.queue.put_nowait(None)
        self.conns[conn.room_id].discard(conn)
        if not self.conns[conn.room_id]:
            del self.conns[conn.room_id]
            self.docs.pop(conn.room_id, None)
            self.floor.pop(conn.room_id, None)
            self.online.pop(conn.room_id, None)
            handle = self.timers.pop(conn.room_id, None)
            if handle is not None:
                handle.cancel()
        self.per_client[conn.client] -= 1
        if self.per_client[conn.client] <= 0:
            del self.per_client[conn.client]
        if conn.hello:
            with contextlib.suppress(Exception):
                await self.store.presence_del(conn.room_id, conn.conn_id)

    async def writer(self, conn: Conn) -> None:
        """Send the socket its queue: direct replies, and a fresh frame when marked."""
        while not conn.closed:
            item = await conn.queue.get()
            if conn.closed:
                return
            if item is not None:
                await conn.send(item)
            elif conn.dirty:
                conn.dirty = False
                frame = await self.frame(conn)
                if frame is not None:
                    await conn.send(frame)
                    if self.limits.frame_interval > 0:
                        await asyncio.sleep(self.limits.frame_interval)

    def reply(self, conn: Conn, message: Doc) -> None:
        self.queue(conn, dumps(message))

    def queue(self, conn: Conn, text: str) -> None:
        """Queue a reply; a client that reads nothing while it keeps sending is let go."""
        if conn.closed:
            return
        if conn.queue.qsize() >= MAX_QUEUE:
            conn.closed = True
            conn.queue.put_nowait(None)
            return
        conn.queue.put_nowait(text)

    async def frame(self, conn: Conn) -> str | None:
        """The update ``conn`` may see, as JSON text: the room, its seat's view of the game,
        new events. The parts shared by sockets are kept as text, built once (a view is
        several thousand objects: kept as dicts, they made each of Python's full collections
        of the heap pause the server about 0.3 s at 250 rooms) and joined for each socket."""
        doc = await self.latest(conn.room_id)
        if doc is None:
            return None
        kept, now = self.online.get(conn.room_id), time.monotonic()
        if kept is None or now - kept[0] > PRESENCE_S:
            kept = self.online[conn.room_id] = (now, await self.store.presence(conn.room_id))
        online = kept[1]
        start = max(conn.since, doc["seq"] - self.limits.events_per_frame)
        stored = await self._events(conn.room_id, start, doc["seq"]) if doc["seq"] > start else []
        seat = conn.seat if conn.seat in doc["seats"] else None
        events = [{"seq": e["seq"], **event_for(e, seat)} for e in stored]
        truncated = start > conn.since
        conn.since = max(conn.since, stored[-1]["seq"] if stored else conn.since)
        game = self.game(doc)
        you = None
        if seat is not None:
            s = doc["seats"][seat]
            you = {"seat": seat, "name": s["name"], "next_n": s["last_n"] + 1}
        frame = "null"
        if game is not None:
            ref = self.referee(doc, game)
            # built once per room version and seat, shared by the sockets of that seat (every
            # spectator shares one); the clock is read now, for each socket
            shared = self.frames.recall((doc["id"], doc["version"], seat),
                                        lambda: dumps(room.seat_frame(doc, game, seat, ref)))
            more = {"clock": dumps(room.clock_frame(doc, self.now()))}
            if conn.page is not None:
                more["page"] = self.page_for(conn, self.page_view(doc, game, ref, seat, conn.page))
            frame = with_fields(shared, more)
        return with_fields(dumps({"t": "update", "version": doc["version"], "seq": doc["seq"],
                                  "events": events, "truncated": truncated,
                                  "lobby": room.lobby(doc, online), "you": you}),
                           {"game": frame})

    def _tail(self, room_id: str, events: list[Doc]) -> None:
        """A commit's events, kept as the room's last ones when they follow those kept: its
        sockets here are sent them without reading them back from the store (on Redis that
        was a command for each change, 7% of a process's work at 1,000 rooms)."""
        if not events:
            return
        kept = self.tails.get(room_id)
        if kept and kept[-1]["seq"] == events[0]["seq"] - 1:
            self.tails.keep(room_id, [*kept[-self.limits.events_per_frame:], *events])
        else:
            self.tails.keep(room_id, list(events))

    async def _events(self, room_id: str, after: int, upto: int) -> list[Doc]:
        """The room's events numbered ``after`` + 1 to ``upto`` (read only). The last ones read
        for a room are kept: its other sockets, sent the same change, take them from there."""
        kept = self.tails.get(room_id)
        if kept and kept[0]["seq"] <= after + 1 and kept[-1]["seq"] == upto:
            return [e for e in kept if e["seq"] > after]
        got = await self.store.events(room_id, after, upto - after)
        if got and got[-1]["seq"] == upto:
            self.tails.keep(room_id, got)
        return got

    def page_view(self, doc: Doc, game: Game, ref: Referee, seat: str | None,
                  options: Doc) -> tuple[str, str | None]:
        """The Play page's view of the room's game for ``seat`` (None: a spectator) with the
        page's ``options``, as JSON text without its board, and the board's JSON text: built
        once per room version, seat and options, and shared by every socket that asks for it
        (spectators all share one; a ``look`` repeated within a version costs nothing)."""
        def build() -> tuple[str, str | None]:
            try:
                visibility = doc["settings"]["visibility"]
                table = Table(game, ref, visibility)
                shared = self.shared.recall((doc["id"], doc["version"]),
                                            lambda: shared_view(table))
                view = view_of(table, seat, {**options, "visibility": visibility}, fixed=True,
                               drawings=self.drawings, shared=shared)
            except Exception as exc:  # a bad mode from this client: the rest still goes out
                return dumps({"error": {"code": "bad_request", "message": str(exc)[:200]}}), None
            board = view.pop("board", None)
            if board is None:
                return dumps(view), None
            return dumps(view), self.drawings_json.recall(board, lambda: dumps(board))

        key = (doc["id"], doc["version"], seat, dumps(options))
        return self.pages.recall(key, build)

    @staticmethod
    def page_for(conn: Conn, page: tuple[str, str | None]) -> str:
        """The page view's text as ``conn`` is sent it: with ``board`` null when the drawing is
        the one this socket was last sent (most moves change no piece: a roll, a trade, the end
        of a turn). The drawing is most of a view (about 37 kB of SVG); sent again at every
        move, compressing it for each socket was most of the server's work."""
        text, board = page
        if board is None:
            return text
        if board == conn.board:
            return with_fields(text, {"board": "null"})
        conn.board = board
        return with_fields(text, {"board": board})

    async def handle(self, conn: Conn, text: str | bytes | None) -> None:
        """One message from a client: refused with an error, or done."""
        if not isinstance(text, str):
            raise RoomError("malformed", "messages are JSON text frames")
        if len(text.encode()) > self.limits.message_bytes:
            raise RoomError("too_large", "message too large", limit=self.limits.message_bytes)
        try:
            msg = CLIENT_MESSAGE.validate_json(text)
        except ValidationError as exc:
            first = exc.errors(include_url=False, include_input=False)[:1]
            where = ".".join(str(x) for x in first[0]["loc"])[:80] if first else ""
            typed = first[0]["loc"][-1:] if first else ()  # typed by a person: say so
            if typed in (("name",), ("text",)):                # (schemas.clean_text)
                raise RoomError(f"bad_{typed[0]}", first[0]["msg"][:120]) from None
            raise RoomError("malformed", "the message is not valid",
                            at=where, problem=(first[0]["msg"][:120] if first else "")) from None
        except (ValueError, RecursionError):
            raise RoomError("malformed", "the message is not valid") from None
        if msg.room is not None and msg.room != conn.room_id:
            raise RoomError("wrong_room", "this socket belongs to another room")
        if isinstance(msg, Hello):
            await self._hello(conn, msg)
            return
        if not conn.hello:
            raise RoomError("hello_first", "send hello first")
        if isinstance(msg, Ping):
            self.reply(conn, {"t": "pong", "at": int(self.now() * 1000)})
            return
        if isinstance(msg, Look):
            conn.page = msg.options.model_dump() if msg.options is not None else None
            self.mark(conn)
            return
        if isinstance(msg, Sit):
            await self._sit(conn, msg)
            return
        if isinstance(msg, Start):
            await self.mutate(conn.room_id, lambda d: room.start(d, conn.host, self.now()))
            self.kick(conn.room_id)
            self.reply(conn, {"t": "ok", "for": "start"})
            return
        if isinstance(msg, Options):  # the host's, seated or not
            await self.mutate(conn.room_id, lambda d: room.set_options(
                d, conn.host, msg.changes()))
            self.reply(conn, {"t": "ok", "for": "options"})
            return
        if isinstance(msg, SetSeat):  # the host's, seated or not
            bot = {"level": msg.level, "personality": msg.personality}
            await self.mutate(conn.room_id, lambda d: room.set_seat(
                d, conn.host, msg.seat, msg.kind, bot))
            self.reply(conn, {"t": "ok", "for": "seat"})
            return
        seat = conn.seat
        if seat is None:
            raise RoomError("no_seat", "take a seat first")
        if isinstance(msg, Act):
            result = await self.mutate(conn.room_id, lambda d: room.act(
                d, self._own(d, conn), msg.n, msg.action, self.now(), msg.to))
            self.kick(conn.room_id)
            version = result[0]["version"] if result else None
            self.reply(conn, {"t": "ok", "for": "act", "n": msg.n, "version": version})
        elif isinstance(msg, Pick):
            await self._pick(conn, msg)
        elif isinstance(msg, Chat):
            await self.mutate(conn.room_id, lambda d: room.chat(
                d, self._own(d, conn), msg.n, self.now(), phrase=msg.phrase, text=msg.text))
            self.reply(conn, {"t": "ok", "for": "chat", "n": msg.n})
        elif isinstance(msg, Ready):
            await self.mutate(conn.room_id, lambda d: room.set_ready(d, self._own(d, conn),
                                                                     msg.ready))
            self.reply(conn, {"t": "ok", "for": "ready"})
        elif isinstance(msg, Back):
            result = await self.mutate(conn.room_id, lambda d: room.back(d, self._own(d, conn)))
            self.kick(conn.room_id)
            self.reply(conn, {"t": "ok", "for": "back",
                              "version": result[0]["version"] if result else None})
        elif isinstance(msg, Auto):
            result = await self.mutate(conn.room_id, lambda d: room.auto(d, self._own(d, conn),
                                                                         msg.on))
            self.kick(conn.room_id)
            self.reply(conn, {"t": "ok", "for": "auto",
                              "version": result[0]["version"] if result else None})
        elif isinstance(msg, Leave):
            await self.mutate(conn.room_id, lambda d: room.leave(d, self._own(d, conn)))
            conn.seat = None
            await self.store.presence_set(conn.room_id, conn.conn_id, None)
            self.kick(conn.room_id)
            self.reply(conn, {"t": "ok", "for": "leave"})

    @staticmethod
    def _own(doc: Doc, conn: Conn) -> str:
        """The socket's seat, if its token still holds it (a seat given up is gone)."""
        seat = conn.seat
        if seat is None or doc["seats"].get(seat, {}).get("token") != conn.digest:
            conn.seat = None
            raise RoomError("no_seat", "this seat is no longer yours")
        return seat

    async def _hello(self, conn: Conn, msg: Hello) -> None:
        if conn.hello:
            raise RoomError("hello_twice", "hello was already sent on this socket")
        doc = await self.latest(conn.room_id, fresh=True)
        if doc is None:
            raise RoomError("no_such_room", "there is no such room")
        seat = room.seat_of_token(doc, msg.token) if msg.token is not None else None
        if msg.token is not None and seat is None:
            raise RoomError("bad_token", "this seat token is not valid in this room")
        host = room.is_host(doc, msg.host)
        if msg.host is not None and not host:
            raise RoomError("bad_token", "this host token is not valid in this room")
        if seat is None and not host:   # a seat's or the host's token always gets back in
            others = sum(1 for c in self.conns.get(conn.room_id, ()) if c.hello)
            if others >= self.limits.sockets_per_room:
                raise RoomError("room_full", "too many connections to this room")
        conn.seat, conn.host, conn.hello = seat, host, True
        conn.digest = room.token_hash(msg.token) if msg.token is not None else None
        conn.since = min(msg.since, doc["seq"])
        self._keep(doc)
        seat_doc = doc["seats"][conn.seat] if conn.seat else None
        self.reply(conn, {"t": "welcome", "protocol": PROTOCOL, "room": conn.room_id,
                          "seat": conn.seat, "host": conn.host,
                          "next_n": seat_doc["last_n"] + 1 if seat_doc else None,
                          "limits": {"message_bytes": self.limits.message_bytes,
                                     "rate": self.limits.rate, "burst": self.limits.burst}})
        await self.store.presence_set(conn.room_id, conn.conn_id, conn.seat)
        self.mark(conn)
        self.kick(conn.room_id)

    async def _pick(self, conn: Conn, msg: Pick) -> None:
        doc = await self.latest(conn.room_id, fresh=True)
        if doc is None or doc["status"] != "playing":
            raise RoomError("wrong_status", "no game is being played")
        seat = self._own(doc, conn)
        game = room.cached_game(doc)
        try:
            answer = action_for_spot(game, seat, msg.options.model_dump().get("mode"), msg.spot)
        except CatanError as exc:
            raise RoomError(exc.code, exc.message, **exc.details) from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            raise RoomError("bad_request", "this spot cannot be chosen now") from None
        if "action" not in answer:  # the choice goes on: {mode} or {victims, tile}
            self.reply(conn, {"t": "pick", "n": msg.n, **answer})
            return
        action = {k: v for k, v in answer["action"].items() if k != "player"}
        result = await self.mutate(conn.room_id, lambda d: room.act(
            d, self._own(d, conn), msg.n, action, self.now()))
        self.kick(conn.room_id)
        self.reply(conn, {"t": "ok", "for": "pick", "n": msg.n, "action": action,
                          "version": result[0]["version"] if result else None})

    async def _sit(self, conn: Conn, msg: Sit) -> None:
        token = secrets.token_urlsafe(16)
        digest = room.token_hash(token)
        current = conn.seat

        def change(doc: Doc) -> list[Doc]:
            if current is not None:
                self._own(doc, conn)
            return room.sit(doc, msg.seat, msg.name, digest, current)

        await self.mutate(conn.room_id, change)
        if current == msg.seat:
            self.reply(conn, {"t": "ok", "for": "sit"})
            return
        conn.seat = msg.seat
        conn.digest = digest
        await self.store.presence_set(conn.room_id, conn.conn_id, conn.seat)
        self.reply(conn, {"t": "seated", "seat": msg.seat, "token": token, "next_n": 1})
        self.kick(conn.room_id)


def _local_stores() -> tuple[type, ...]:
    from .store import SQLiteStore

    return (SQLiteStore,)


def with_fields(obj: str, fields: dict[str, str]) -> str:
    """The JSON text of an object ``obj`` with more ``fields``, each value given as JSON text.

    >>> with_fields('{"t":"update"}', {"game": "null"})
    '{"t":"update","game":null}'
    >>> with_fields('{}', {"a": "1", "b": "[]"})
    '{"a":1,"b":[]}'
    """
    more = ",".join(f"{dumps(k)}:{v}" for k, v in fields.items())
    if not more:
        return obj
    return obj[:-1] + ("," if obj != "{}" else "") + more + "}"


def error_frame(exc: RoomError, msg_text: Any = None) -> str:
    out: Doc = {"t": "error", **exc.to_dict()}
    if isinstance(msg_text, str) and len(msg_text) < 4096:
        with contextlib.suppress(Exception):
            raw = json.loads(msg_text)
            if isinstance(raw, dict):
                kind = raw.get("t")
                # echoed only when printable ASCII: a lone surrogate could not be sent at all
                if isinstance(kind, str) and kind[:20].isascii() and kind[:20].isprintable():
                    out["for"] = kind[:20]
                n = raw.get("n")  # echoed up to the protocol's largest number, 2^31
                if isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 2**31:
                    out["n"] = n
    return dumps(out)
