"""Where rooms live: SQLite (one process, the default) or Redis (several processes).

Both keep, per room, the room document with a version number and the stream of its events
(numbered from 1). ``commit`` writes a new document and its events only if the stored version is
still the one the change was computed from (compare-and-set), so two processes, or two tasks,
never both win; the loser reloads and tries again. After a commit every process that has
clients in the room is told (directly for SQLite, by Redis pub/sub for Redis).

Presence (which seats have a connected socket) is kept in memory with SQLite and in a Redis
hash with Redis, so every process shows the same "who is connected".
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import sqlite3
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

Doc = dict[str, Any]
#: Told of a change: the room, and its new version (None: only who is connected changed).
Listener = Callable[[str, int | None], Awaitable[None]]


def dumps(value: Any) -> str:
    """Compact JSON text with non-ASCII characters kept, as ``json.dumps(value,
    separators=(",", ":"), ensure_ascii=False)`` writes it, but by orjson: the server encodes a
    room's document and its frames at every move, and the standard library's encoder was a
    seventh of its work at 400 rooms (a position: 2.4 µs against 44 µs).

    >>> dumps({"name": "Zoë", "n": 1, 2: [None, True]})
    '{"name":"Zoë","n":1,"2":[null,true]}'
    """
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def loads(text: str | bytes) -> Any:
    """JSON text read back (orjson, as :func:`dumps`)."""
    return orjson.loads(text)


class Store:
    """The interface both stores implement."""

    listener: Listener | None = None

    async def start(self, listener: Listener) -> None:
        self.listener = listener

    async def close(self) -> None:
        return None

    async def ready(self) -> bool:
        return True

    async def create(self, doc: Doc) -> bool:
        raise NotImplementedError

    async def load(self, room_id: str) -> Doc | None:
        raise NotImplementedError

    async def commit(self, version: int, doc: Doc, events: list[Doc]) -> bool:
        """Store ``doc`` (whose ``version`` is ``version + 1``) and ``events`` (already
        numbered), if the stored version is still ``version``."""
        raise NotImplementedError

    async def events(self, room_id: str, after: int, limit: int) -> list[Doc]:
        raise NotImplementedError

    async def presence_set(self, room_id: str, conn: str, seat: str | None) -> None:
        raise NotImplementedError

    async def presence_del(self, room_id: str, conn: str) -> None:
        raise NotImplementedError

    async def presence(self, room_id: str) -> dict[str, int]:
        """Connected sockets per seat colour ("" for spectators)."""
        raise NotImplementedError

    async def note_created(self, client: str, window: float, limit: int) -> bool:
        """Whether ``client`` may create a room: fewer than ``limit`` in the last ``window``
        seconds. Only a room allowed is recorded (a refusal writes nothing)."""
        raise NotImplementedError

    async def _changed(self, room_id: str, version: int | None = None) -> None:
        if self.listener is not None:
            await self.listener(room_id, version)


class SQLiteStore(Store):
    """One file (``rooms.sqlite3`` in the working folder by default), WAL journal."""

    def __init__(self, path: str = "rooms.sqlite3", ttl: float = 7 * 24 * 3600) -> None:
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.executescript("""
            CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, version INTEGER NOT NULL,
                                              doc TEXT NOT NULL, updated REAL NOT NULL);
            CREATE TABLE IF NOT EXISTS events (room TEXT NOT NULL, seq INTEGER NOT NULL,
                                               data TEXT NOT NULL, PRIMARY KEY (room, seq));
            CREATE TABLE IF NOT EXISTS created (client TEXT NOT NULL, at REAL NOT NULL);
            CREATE INDEX IF NOT EXISTS created_by_client ON created (client, at);
            CREATE INDEX IF NOT EXISTS created_at ON created (at);
        """)
        # rooms unchanged for ``ttl`` seconds are gone (as Redis expires them)
        old = time.time() - ttl
        self.db.execute("DELETE FROM events WHERE room IN (SELECT id FROM rooms WHERE updated < ?)",
                        (old,))
        self.db.execute("DELETE FROM rooms WHERE updated < ?", (old,))
        self.online: dict[str, dict[str, str]] = defaultdict(dict)

    async def close(self) -> None:
        self.db.close()

    async def ready(self) -> bool:
        self.db.execute("SELECT 1").fetchone()
        return True

    async def create(self, doc: Doc) -> bool:
        try:
            self.db.execute("INSERT INTO rooms VALUES (?, ?, ?, ?)",
                            (doc["id"], doc["version"], dumps(doc), time.time()))
        except sqlite3.IntegrityError:
            return False
        return True

    async def load(self, room_id: str) -> Doc | None:
        row = self.db.execute("SELECT doc FROM rooms WHERE id = ?", (room_id,)).fetchone()
        return loads(row[0]) if row else None

    async def commit(self, version: int, doc: Doc, events: list[Doc]) -> bool:
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            cur = db.execute("UPDATE rooms SET version = ?, doc = ?, updated = ? "
                             "WHERE id = ? AND version = ?",
                             (doc["version"], dumps(doc), time.time(), doc["id"], version))
            if cur.rowcount != 1:
                db.execute("ROLLBACK")
                return False
            db.executemany("INSERT INTO events VALUES (?, ?, ?)",
                           [(doc["id"], e["seq"], dumps(e)) for e in events])
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        await self._changed(doc["id"], doc["version"])
        return True

    async def events(self, room_id: str, after: int, limit: int) -> list[Doc]:
        rows = self.db.execute("SELECT data FROM events WHERE room = ? AND seq > ? "
                               "ORDER BY seq LIMIT ?", (room_id, after, limit)).fetchall()
        return [loads(r[0]) for r in rows]

    async def presence_set(self, room_id: str, conn: str, seat: str | None) -> None:
        self.online[room_id][conn] = seat or ""
        await self._changed(room_id)

    async def presence_del(self, room_id: str, conn: str) -> None:
        if self.online[room_id].pop(conn, None) is not None:
            await self._changed(room_id)
        if not self.online[room_id]:
            del self.online[room_id]

    async def presence(self, room_id: str) -> dict[str, int]:
        counts: dict[str, int] = defaultdict(int)
        for seat in self.online.get(room_id, {}).values():
            counts[seat] += 1
        return dict(counts)

    async def note_created(self, client: str, window: float, limit: int) -> bool:
        now = time.time()
        self.db.execute("DELETE FROM created WHERE at < ?", (now - window,))
        row = self.db.execute("SELECT COUNT(*) FROM created WHERE client = ?",
                              (client,)).fetchone()
        if int(row[0]) >= limit:
            return False
        self.db.execute("INSERT INTO created VALUES (?, ?)", (client, now))
        return True


_COMMIT = """
local v = redis.call('HGET', KEYS[1], 'version')
if v ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'doc', ARGV[3])
for i = 6, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
redis.call('PUBLISH', ARGV[4], KEYS[3] .. ' ' .. ARGV[2])
return 1
"""


class RedisStore(Store):
    """Rooms in Redis: ``<prefix>room:<id>`` (hash: version, doc), ``<prefix>room:<id>:ev``
    (list of events), ``<prefix>online:<id>`` (hash: socket -> seat), change notices on the
    ``<prefix>changes`` channel. Rooms expire ``ttl`` seconds after their last change."""

    #: Connections to Redis per process. Past them a command waits for one to be free
    #: (``REDIS_WAIT_S`` at most) instead of failing: the client's default pool refuses the
    #: 101st command under way with "Too many connections", which a busy server reached.
    REDIS_CONNECTIONS = 64
    REDIS_WAIT_S = 20.0

    def __init__(self, url: str, prefix: str = "catan:", ttl: int = 7 * 24 * 3600) -> None:
        import redis.asyncio as aioredis

        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=self.REDIS_CONNECTIONS, timeout=self.REDIS_WAIT_S,
            decode_responses=True)
        self.redis = aioredis.Redis.from_pool(pool)  # closed with the client
        self.prefix, self.ttl = prefix, ttl
        self.channel = prefix + "changes"
        self.proc = f"{os.getpid()}-{secrets.token_hex(4)}"
        self._commit = self.redis.register_script(_COMMIT)
        self._tasks: list[asyncio.Task[None]] = []

    def _key(self, room_id: str) -> str:
        return f"{self.prefix}room:{room_id}"

    async def start(self, listener: Listener) -> None:
        await super().start(listener)
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self.channel)
        self._pubsub = pubsub
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._beat())]

    async def _listen(self) -> None:
        async for message in self._pubsub.listen():
            if message.get("type") == "message":
                with contextlib.suppress(Exception):
                    room_id, _, version = str(message["data"]).partition(" ")
                    await self._changed(room_id, int(version) if version else None)

    async def _beat(self) -> None:
        """Mark this process alive, so presence entries of a dead process are ignored."""
        while True:
            await self.redis.set(f"{self.prefix}proc:{self.proc}", "1", ex=15)
            await asyncio.sleep(5)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        await self.redis.delete(f"{self.prefix}proc:{self.proc}")
        await self.redis.aclose()

    async def ready(self) -> bool:
        return bool(await self.redis.ping())

    async def create(self, doc: Doc) -> bool:
        key = self._key(doc["id"])
        created = await self.redis.hsetnx(key, "version", str(doc["version"]))
        if not created:
            return False
        await self.redis.hset(key, "doc", dumps(doc))
        await self.redis.expire(key, self.ttl)
        return True

    async def load(self, room_id: str) -> Doc | None:
        text = await self.redis.hget(self._key(room_id), "doc")
        return loads(text) if text else None

    async def commit(self, version: int, doc: Doc, events: list[Doc]) -> bool:
        key = self._key(doc["id"])
        ok = await self._commit(keys=[key, key + ":ev", doc["id"]],
                                args=[str(version), str(doc["version"]), dumps(doc),
                                      self.channel, self.ttl, *(dumps(e) for e in events)])
        return bool(ok)

    async def events(self, room_id: str, after: int, limit: int) -> list[Doc]:
        items = await self.redis.lrange(self._key(room_id) + ":ev", after, after + limit - 1)
        return [loads(x) for x in items]

    async def presence_set(self, room_id: str, conn: str, seat: str | None) -> None:
        key = f"{self.prefix}online:{room_id}"
        await self.redis.hset(key, f"{self.proc}/{conn}", seat or "")
        await self.redis.expire(key, self.ttl)
        await self.redis.publish(self.channel, room_id)

    async def presence_del(self, room_id: str, conn: str) -> None:
        await self.redis.hdel(f"{self.prefix}online:{room_id}", f"{self.proc}/{conn}")
        await self.redis.publish(self.channel, room_id)

    async def presence(self, room_id: str) -> dict[str, int]:
        raw = await self.redis.hgetall(f"{self.prefix}online:{room_id}")
        entries = {str(k): str(v) for k, v in raw.items()}  # decode_responses: already text
        procs = sorted({k.split("/", 1)[0] for k in entries})
        beats = list(await self.redis.mget([f"{self.prefix}proc:{p}" for p in procs])
                     ) if procs else []
        alive = dict(zip(procs, beats, strict=True))
        counts: dict[str, int] = defaultdict(int)
        for k, seat in entries.items():
            if alive.get(k.split("/", 1)[0]):
                counts[seat] += 1
        return dict(counts)

    async def note_created(self, client: str, window: float, limit: int) -> bool:
        key = f"{self.prefix}created:{client}"
        now = time.time()
        pipe = self.redis.pipeline()
        pipe.zremrangebyscore(key, 0, now - window)
        pipe.zcard(key)
        result = await pipe.execute()
        if int(result[1]) >= limit:
            return False
        pipe = self.redis.pipeline()
        pipe.zadd(key, {secrets.token_hex(8): now})
        pipe.expire(key, int(window) + 1)
        await pipe.execute()
        return True


def open_store(url: str) -> Store:
    """``sqlite:///path`` (or a bare path), or ``redis://host:port/db``."""
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisStore(url)
    path = url.removeprefix("sqlite:///").removeprefix("sqlite://")
    return SQLiteStore(path or "rooms.sqlite3")
