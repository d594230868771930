"""A whole online game over WebSockets: three people (simulated clients) and one computer seat,
to a winner, with a trade between two people, a reconnect in the middle and a server restart in
the middle (a new process on the same SQLite file / the same Redis), and no hidden information
in any frame a seat receives. With Redis, two server processes serve the same room."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from rooms_helpers import Server, run

from catan_core.review import Replay
from catan_rooms.client import RoomClient, auto_move, seat_bot

Doc = dict[str, Any]
HUMANS = ["red", "blue", "white"]
SETTINGS = {"players": 4, "mode": "quick", "board": "variable", "timer": None,
            "computers": {"orange": {"level": "hard", "personality": "builder"}}}
#: Simulated people act far faster than people: the rate limits are tested in test_bad_clients.
FAST = {"CATAN_ROOMS_RATE": "500", "CATAN_ROOMS_BURST": "500"}
MAX_ROUNDS = 200000  # polling rounds (and 200 s): bounds; a game takes ~5 s on a quiet machine


# -- what no frame may hold --------------------------------------------------------------------

def _keys(value: Any) -> set[str]:
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found |= set(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def _differences(old: Any, new: Any, path: str = "") -> list[str]:
    """Where two frames differ, path by path (what a failed comparison reports)."""
    if isinstance(old, dict) and isinstance(new, dict):
        return [d for k in sorted(set(old) | set(new), key=str)
                for d in _differences(old.get(k), new.get(k), f"{path}.{k}")]
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [d for i, (a, b) in enumerate(zip(old, new, strict=True))
                for d in _differences(a, b, f"{path}[{i}]")]
    return [] if old == new else [f"{path}: {old!r} -> {new!r}"[:300]]


def check_frame(frame: Doc, seat: str | None) -> None:
    """No other hand, no development cards of others, no deck order, no generator, no token
    but one's own, no stolen or bought card one may not know."""
    keys = _keys(frame)
    assert not keys & {"rng", "seed", "host_hash", "digest", "bot", "act"}, \
        keys & {"rng", "seed", "act"}
    if frame["t"] != "seated":
        assert "token" not in keys
    if frame["t"] != "update":
        return
    game = frame.get("game")
    if game:
        view = game["view"]
        assert isinstance(view["deck"], int)
        for colour, player in view["players"].items():
            if colour != seat:
                assert set(player["hand"]) == {"hidden"}, (seat, colour, player["hand"])
                assert isinstance(player["dev_cards"], dict)
                assert isinstance(player["new_dev_cards"], dict)
        if seat is None:
            assert game["legal"] == []
        else:
            assert all(a.get("player") == seat for a in game["legal"])
    for event in frame["events"]:
        if event["type"] == "stole" and event.get("card") is not None:  # null: nothing stolen
            assert seat in (event["player"], event["victim"]), (seat, event)
        if event["type"] == "bought_dev_card":
            assert ("card" in event) == (event["player"] == seat), (seat, event)


# -- the simulated people ----------------------------------------------------------------------

class Person:
    def __init__(self, client: RoomClient, colour: str, seed: int) -> None:
        self.client, self.colour = client, colour
        self.bot = seat_bot(colour, seed, level="normal")
        self.acted: int | None = None  # the version it last acted on
        self.refused: int | None = None  # a version on which an action was refused
        self.errors: list[Doc] = []
        self.seen_errors = 0

    def game(self) -> Doc | None:
        update = self.client.update
        return update["game"] if update else None


class Table:
    """Three people; one of them opens a trade to another once the game is under way."""

    def __init__(self, people: list[Person]) -> None:
        self.people = people
        self.trade_done = False
        self.trade_pair: tuple[str, str] | None = None
        self.trade_tries = 0
        self.hold: str | None = None  # a person who waits (for a reconnect or a restart)

    def scripted(self, person: Person, update: Doc) -> Doc | None:
        """The trade between two people: the offerer gives one card of what it has most of
        for one card of what the partner holds; the partner accepts; the third refuses."""
        game = update["game"]
        view = game["view"]
        trade = view["pending"].get("trade")
        legal = {a["type"]: a for a in game["legal"]}
        if trade is not None and self.trade_pair is not None:
            offerer, partner = self.trade_pair
            if person.colour not in game["actors"]:
                return None
            if person.colour == partner:
                return {"type": "accept_trade"} if "accept_trade" in legal else \
                    {"type": "reject_trade"}
            if person.colour == offerer and person.colour in game["actors"]:
                if trade["answers"].get(partner) == "accept":
                    return {"type": "confirm_trade", "with": partner}
                self.trade_pair = None
                return {"type": "cancel_trade"}
            if person.colour != offerer:
                return {"type": "reject_trade"}
        if (trade is None and game["can_offer"] and view["turn"]["number"] >= 3
                and self.trade_tries < 40):
            hand = view["players"][person.colour]["hand"]
            other = next(p for p in self.people if p.colour != person.colour)
            # the script peeks at the partner's own frame to ask for a card it holds (a person
            # would ask around); the server still checks every step of the trade
            theirs = other.game()["view"]["players"][other.colour]["hand"] if other.game() \
                else {}
            wants = sorted((r for r in theirs if theirs[r] and r not in hand), key=theirs.get)
            if sum(hand.values()) >= 1 and wants:
                partner = other.colour
                give = max(hand, key=lambda r: hand[r])
                want = wants[-1]
                self.trade_pair = (person.colour, partner)
                self.trade_tries += 1
                return {"type": "offer_trade", "give": {give: 1}, "get": {want: 1}}
        return None

    async def step(self) -> bool:
        """Every person whose newest frame asks for a decision makes one; True if any did."""
        moved = False
        for person in self.people:
            client, update = person.client, person.client.update
            self._errors(person)
            if person.colour == self.hold:
                continue
            if client.ws is None or update is None or update["game"] is None \
                    or not client.may_act():
                continue
            if update["version"] == person.acted or not update["game"]["legal"]:
                continue
            action = None
            if not self.trade_done and person.refused != update["version"]:
                action = self.scripted(person, update)
            if action is None:
                action = auto_move(update, person.bot, offers=False)  # a shorter game
            if action is None:
                continue
            person.acted = update["version"]
            await client.act(action)
            moved = True
        return moved

    def _errors(self, person: Person) -> None:
        frames = person.client.frames
        for frame in frames[person.seen_errors:]:
            if frame["t"] == "error":
                person.errors.append(frame)
                if frame.get("for") == "act":  # decide again, unscripted, if still asked
                    person.refused, person.acted = person.acted, None
            if frame["t"] == "update":
                for e in frame["events"]:
                    if e["type"] == "traded" and {e["player"], e["with"]} <= set(HUMANS):
                        self.trade_done = True
        person.seen_errors = len(frames)

    def winner(self) -> str | None:
        for person in self.people:
            game = person.game()
            if game and game["view"].get("winner"):
                return str(game["view"]["winner"])
        return None

    def only_waiting_for(self, colour: str) -> bool:
        """Every client agrees the game waits for ``colour`` alone (nothing else can move)."""
        versions = {p.client.update["version"] for p in self.people if p.client.update}
        games = [p.game() for p in self.people]
        person = next(p for p in self.people if p.colour == colour)
        return (len(versions) == 1 and person.acted not in versions
                and all(p.client.inflight is None for p in self.people)
                and all(g and g["actors"] == [colour] for g in games))

    async def still_waiting_for(self, colour: str) -> bool:
        """``only_waiting_for`` and still so a moment later: no server move was on its way (a
        computer's answer or another process's notice can trail the last update on a busy
        machine)."""
        if not self.only_waiting_for(colour):
            return False
        versions = [p.client.update["version"] for p in self.people if p.client.update]
        await asyncio.sleep(0.5)
        return self.only_waiting_for(colour) and versions == [
            p.client.update["version"] for p in self.people if p.client.update]


async def settle(clients: list[RoomClient], version: int | None = None,
                 timeout: float = 5.0) -> None:
    """Wait until every client has the same (newest) version."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        versions = {c.update["version"] for c in clients if c.update}
        if len(versions) == 1 and (version is None or versions.pop() >= version):
            return
        await asyncio.sleep(0.01)
    raise TimeoutError("clients did not converge")


# -- the game ------------------------------------------------------------------------------------

async def play(servers: list[Server], restart: Any) -> None:
    status, created = servers[0].post("/api/rooms", SETTINGS)
    assert status == 201, created
    room, host = created["room"], created["host_token"]
    assert len(room) >= 16 and created["invite"].endswith(f"/play/#room={room}")
    assert "/en/" not in created["invite"]  # English, the default language, is at the root

    def base(i: int) -> str:
        return servers[i % len(servers)].base

    clients = [RoomClient(base(i), room, host=host if i == 0 else None) for i in range(3)]
    spectator = RoomClient(base(1), room)
    for client in [*clients, spectator]:
        welcome = await client.connect()
        assert welcome and welcome["t"] == "welcome", welcome
    for client, colour, name in zip(clients, HUMANS, ["Ana", "<b>Bo</b>", "Cé"], strict=True):
        seated = await client.sit(colour, name)
        assert seated["t"] == "seated" and len(seated["token"]) >= 22, seated
    for client in clients:
        await client.send({"t": "ready", "ready": True})
    await clients[0].wait_for(lambda f: f["t"] == "update" and sum(
        s["ready"] for s in f["lobby"]["seats"] if s["kind"] == "human") == 3)
    await clients[1].send({"t": "start"})  # not the host: allowed once everyone is ready
    done = await clients[1].wait_for(lambda f: f["t"] in ("error", "ok")
                                     and f.get("for") == "start")
    assert done["t"] == "ok", done
    lobby = clients[2].update["lobby"] if clients[2].update else None
    # no review while the game runs (its start holds the deck and the dice)
    status, early = servers[0].get(f"/api/rooms/{room}/record",
                                   {"authorization": f"Bearer {clients[0].token}"})
    assert status == 409 and early["error"]["code"] == "wrong_status", early
    people = [Person(c, colour, 11) for c, colour in zip(clients, HUMANS, strict=True)]
    table = Table(people)
    reconnected = restarted = False
    give_up = time.monotonic() + 200
    for _ in range(MAX_ROUNDS):
        if table.winner() or time.monotonic() > give_up:
            break
        moved = await table.step()
        update = clients[0].update
        turn = update["game"]["view"]["turn"]["number"] if update and update["game"] else 0
        if not reconnected and turn >= 3:
            # a person closes the tab while the game waits for them, and comes back
            person = people[1]
            table.hold = person.colour
            if await table.still_waiting_for(person.colour):
                table.hold = None
                before = person.client.update
                assert before is not None
                await person.client.close()
                again = RoomClient(base(2), room, token=person.client.token)
                again.since = person.client.since
                again.n = 0
                welcome = await again.connect()
                assert welcome and welcome["seat"] == person.colour
                assert welcome["next_n"] == person.client.n + 1
                again.n = welcome["next_n"] - 1
                after = await again.wait_for(lambda f: f["t"] == "update")
                assert after["version"] == before["version"], (after["events"][-3:],
                                                               before["game"]["actors"])
                assert after["game"] == before["game"] | {"clock": after["game"]["clock"]}, \
                    _differences(before["game"], after["game"])
                person.client = clients[1] = again
                reconnected = True
                continue
        if reconnected and not restarted and turn >= 6:
            table.hold = people[0].colour
        if reconnected and not restarted and await table.still_waiting_for(people[0].colour):
            table.hold = None
            before = {p.colour: p.client.update for p in people}
            await restart()
            for i, person in enumerate(people):
                again = RoomClient(base(i + 1), room, token=person.client.token)
                again.since = person.client.since
                welcome = await again.connect()
                assert welcome and welcome["seat"] == person.colour
                again.n = welcome["next_n"] - 1
                after = await again.wait_for(lambda f: f["t"] == "update")
                old = before[person.colour]
                assert old is not None and after["version"] == old["version"]
                assert after["game"] | {"clock": None} == old["game"] | {"clock": None}
                clients[i] = person.client = again
            spectator = RoomClient(base(0), room)
            await spectator.connect()
            restarted = True
            continue
        if not moved:
            await asyncio.sleep(0.003)
    winner = table.winner()
    assert winner is not None, "no winner"
    assert reconnected and restarted
    assert table.trade_done, "no trade between two people"
    await settle([p.client for p in people])
    final = people[0].client.update
    assert final and final["lobby"]["status"] == "over"
    summary = final["game"]["summary"]
    assert summary["winner"] == winner
    assert max(p["total"] for p in summary["players"]) >= 7
    # the end-of-game statistics a local game has: counted by the room as it went
    assert set(summary["awards"]) == {"longest_road", "largest_army"}
    assert all(sum(p["received"].values()) > 0 for p in summary["players"])
    assert sum(p["trades"] for p in summary["players"]) >= 2
    assert lobby is not None and {s["name"] for s in lobby["seats"]} >= {"<b>Bo</b>"}
    # no hidden information in any frame any seat (or the spectator) ever received
    everyone = [(p.colour, f) for p in people for f in p.client.frames]
    everyone += [(None, f) for f in spectator.frames]
    for seat, frame in everyone:
        check_frame(frame, seat)
    # the game's record, for a player's review: played again, it is the game every seat saw
    status, denied = servers[-1].get(f"/api/rooms/{room}/record")
    assert status == 403 and denied["error"]["code"] == "not_a_player"
    for person in people:
        status, got = servers[-1].get(f"/api/rooms/{room}/record",
                                      {"authorization": f"Bearer {person.client.token}"})
        assert status == 200 and got["seat"] == person.colour, got
        end = Replay(got["record"]["start"], got["record"]["actions"]).end
        assert end.winner == winner
        seen = person.client.update["game"]["view"]
        assert end.to_dict(view=person.colour) == seen, _differences(
            end.to_dict(view=person.colour), seen)
    refused = [e for p in people for e in p.errors]
    assert len(refused) < 10, refused[:3]
    for client in [*(p.client for p in people), spectator]:
        await client.close()


def test_online_game_sqlite(servers: list[Server], sqlite_store: str) -> None:
    server = Server(sqlite_store, env=FAST).start()
    servers.append(server)

    async def restart() -> None:
        server.kill()
        server.start()  # same port, same file

    run(play([server], restart), 240)


def test_online_game_redis_two_processes(servers: list[Server], redis_store: str) -> None:
    pair = [Server(redis_store, env=FAST).launch(), Server(redis_store, env=FAST).launch()]
    for server in pair:
        server.wait()
    servers.extend(pair)

    async def restart() -> None:
        for server in pair:
            server.kill()
        for server in pair:
            server.launch()
        for server in pair:
            server.wait()

    run(play(pair, restart), 240)


def test_redis_store_waits_for_a_connection_under_load(redis_store: str) -> None:
    """Many commands at once (a busy server: presence of thousands of sockets, commits) wait
    for one of the store's connections instead of failing: the client's default pool refused
    the 101st command under way ("Too many connections")."""
    from catan_rooms.store import RedisStore

    many = 250  # more commands under way than connections (64 here, 100 in the default pool)

    async def burst() -> int:
        store = RedisStore(redis_store, prefix="catan-test-burst:")
        try:
            await asyncio.gather(*(store.presence_set("room1", f"c{i}", "red" if i % 2 else None)
                                   for i in range(many)))
            return int(await store.redis.hlen("catan-test-burst:online:room1"))
        finally:
            await store.close()

    assert run(burst(), 60) == many
