"""What a server process reads back from its store for its sockets' frames (on Redis each read
is a command; at 1,000 rooms these reads were a quarter of a process's work):

- who is connected to a room (the lobby's ``connected``) is read when someone comes or goes,
  not at every change of the room; again after ``PRESENCE_S`` all the same (a dead process's
  sockets stop counting when its beat expires);
- the events of a change this process committed are sent without reading them back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rooms_helpers import run

from catan_rooms import hub as hub_module
from catan_rooms.hub import Hub
from catan_rooms.schemas import RoomSettings
from catan_rooms.store import SQLiteStore


class CountingStore(SQLiteStore):
    """SQLite, counting the presence and event reads."""

    reads = 0
    event_reads = 0

    async def presence(self, room_id: str) -> dict[str, int]:
        self.reads += 1
        return await super().presence(room_id)

    async def events(self, room_id: str, after: int, limit: int) -> list[dict[str, Any]]:
        self.event_reads += 1
        return await super().events(room_id, after, limit)


def test_presence_is_read_when_someone_comes_or_goes_not_at_every_change(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario() -> list[int]:
        store = CountingStore(str(tmp_path / "rooms.sqlite3"))
        hub = Hub(store)
        await hub.start()
        try:
            room_id, host = await hub.create_room(RoomSettings.model_validate({"players": 3}),
                                                  "client")

            async def send(text: str) -> None:
                pass

            first = hub.admit(room_id, "client", send)
            await hub.handle(first, json.dumps({"t": "hello", "host": host}))
            counts = []
            await hub.frame(first)
            counts.append(store.reads)
            event_reads = store.event_reads
            for timer in (30, 60, 90, 120, 30):  # five changes of the room by its host
                await hub.handle(first, json.dumps({"t": "options", "timer": timer}))
                frame: Any = json.loads(await hub.frame(first) or "{}")
                assert frame["lobby"]["settings"]["timer"] == timer
                assert [e["type"] for e in frame["events"]] == ["options"]
            assert store.event_reads == event_reads
            counts.append(store.reads)
            second = hub.admit(room_id, "client2", send)  # someone comes: read again
            await hub.handle(second, json.dumps({"t": "hello"}))
            frame = json.loads(await hub.frame(first) or "{}")
            assert frame["lobby"]["spectators"] == 2
            counts.append(store.reads)
            monkeypatch.setattr(hub_module, "PRESENCE_S", -1.0)  # always too old
            await hub.frame(first)
            counts.append(store.reads)
            return counts
        finally:
            await hub.close()

    first, after_changes, after_coming, after_expiry = run(scenario(), 60)
    assert first >= 1
    assert after_changes == first
    assert after_coming == after_changes + 1
    assert after_expiry == after_coming + 1
