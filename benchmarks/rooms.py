"""Load on the rooms server over loopback: many rooms of four simulated people playing at once.

    python -m benchmarks.rooms                      # 200 rooms x 4 players, 20 s, SQLite
    python -m benchmarks.rooms --rooms 20 --seconds 10
    python -m benchmarks.rooms --redis --procs 2    # two server processes sharing a Redis
    python -m benchmarks.rooms --curve 100,250,500,1000 --pace 2,4   # rooms vs p95

``--warm 12,40`` (the default): before the measure, each room plays a number of moves drawn
from 12 to 40 as fast as the server answers, so that the rooms are spread over their games as
on a server that has run a while (during the set-up every move places a piece and every update
carries a new board; later most do not). Without ``--look`` the simulated people are the Play
page's clients: they take the game frame, which holds the table as their seat sees it, and the
page builds its own view from it in its worker (``catan_web.game.do_seen``). ``--look``: each
asks the server for that view instead (``look``), as the Play page did before, so every
update carries it. ``--pace 2,4``: each room makes a move every 2 to 4 s (a person's pace)
instead of as fast as the server answers. ``--route room``: with several processes, a room's
sockets all go to one (as a proxy routing by the room's address sends them; by default its
seats are spread over the processes). ``--curve``: one run per number of rooms, each on fresh server
process(es), printed as a table (p50, p95 and p99 of the time from a move to every seat's
update, the server processes' CPU use over the measured seconds, 100% being one core, and the
longest the simulated people's own loop ran late: a latency measured while it runs late is
partly its own, so this process's cycle collector is off while they play).

The server runs as separate process(es) (``python -m catan_rooms``, computers without delay,
limits raised for one address); the simulated people run here, in one asyncio loop, each
choosing a random legal action from what the server sent its seat (a cheap player, so that
the server is what is measured). Printed: accepted moves per second, and the time from
sending a move to the moment every seat of the room received the update that holds it
(median, p95, max). Bounded: a fixed duration, and it stops early if nothing moves.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from catan_rooms.client import RoomClient, discard_choice

ROOT = Path(__file__).resolve().parent.parent
Doc = dict[str, Any]
COLOURS = ["red", "blue", "white", "orange"]
#: Every player comes from 127.0.0.1: the per-address limits are lifted (messages, rooms, new
#: sockets and their pace, HTTP connections at once: catan_rooms/hub.py Limits, connections.py).
LIMITS = {"CATAN_ROOMS_RATE": "1000", "CATAN_ROOMS_BURST": "1000",
          "CATAN_ROOMS_ROOMS_PER_CLIENT": "100000", "CATAN_ROOMS_SOCKETS_PER_CLIENT": "100000",
          "CATAN_ROOMS_ROOMS_RATE": "100000", "CATAN_ROOMS_ROOMS_BURST": "100000",
          "CATAN_ROOMS_SOCKETS_RATE": "100000", "CATAN_ROOMS_SOCKETS_BURST": "100000",
          "CATAN_ROOMS_CONNECTIONS_PER_ADDRESS": "100000"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(store: str, compiled: bool = False) -> tuple[subprocess.Popen[bytes], str]:
    """``python -m catan_rooms`` on a free port (on the engine compiled by mypyc with
    ``compiled``: ``python -m devtools.compiled run catan_rooms``); its process and address."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), **LIMITS}
    command = ["-m", "devtools.compiled", "run", "catan_rooms"] if compiled \
        else ["-m", "catan_rooms"]
    proc = subprocess.Popen([sys.executable, *command, "--port", str(port),
                             "--store", store, "--bot-delay", "0"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(400):
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1) as r:
                if r.status == 200:
                    return proc, base
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the rooms server did not start")


def create_room(base: str) -> tuple[str, str]:
    body = json.dumps({"players": 4, "timer": None, "mode": "classic"}).encode()
    request = urllib.request.Request(base + "/api/rooms", data=body, method="POST",
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as r:
        doc = json.loads(r.read())
    return doc["room"], doc["host_token"]


class Room:
    """Four simulated people and the latency measurements of their moves."""

    def __init__(self, clients: list[RoomClient], rng: random.Random,
                 pace: tuple[float, float] | None = None) -> None:
        self.clients, self.rng, self.pace = clients, rng, pace
        self.changed = asyncio.Event()
        self.seen: dict[str, list[tuple[int, float]]] = {c.seat or "": [] for c in clients}
        self.sent: dict[tuple[str, int], float] = {}  # (seat, n) -> time sent
        self.pending: list[tuple[int, float]] = []  # (version, time sent)
        self.latencies: list[float] = []
        self.moves = 0
        for client in clients:
            client.keep_frames = False
            client.on_frame = self.on_frame

    def on_frame(self, client: RoomClient, frame: Doc, now: float) -> None:
        if frame["t"] == "update":
            self.seen[client.seat or ""].append((frame["version"], now))
        elif frame["t"] == "ok" and frame.get("for") == "act":
            sent = self.sent.pop((client.seat or "", frame["n"]), None)
            if sent is not None and frame.get("version"):
                self.moves += 1
                self.pending.append((frame["version"], sent))
        elif frame["t"] == "error" and frame.get("for") == "act":
            self.sent.pop((client.seat or "", frame.get("n", 0)), None)
        self.changed.set()
        self.resolve()

    def resolve(self) -> None:
        still = []
        for version, sent in self.pending:
            times = []
            for history in self.seen.values():
                t = next((t for v, t in history if v >= version), None)
                if t is None:
                    break
                times.append(t)
            if len(times) == len(self.seen):
                self.latencies.append(max(times) - sent)
            else:
                still.append((version, sent))
        self.pending = still
        for seat, history in self.seen.items():  # keep the histories short
            if len(history) > 64:
                self.seen[seat] = history[-32:]

    def choose(self, client: RoomClient) -> Doc | None:
        update = client.update
        game = update and update.get("game")
        if not game or not game["legal"] or client.seat not in game["actors"]:
            return None
        legal = game["legal"]
        if legal[0]["type"] == "discard" and "count" in legal[0]:
            return discard_choice(game["view"], client.seat or "", int(legal[0]["count"]))
        kinds = {a["type"] for a in legal}
        pool = [a for a in legal if a["type"] != "bank_trade"] or legal
        if "roll" in kinds:
            pool = [a for a in legal if a["type"] == "roll"]
        elif "end_turn" in kinds and self.rng.random() < 0.3:
            pool = [a for a in legal if a["type"] == "end_turn"]
        action = self.rng.choice(pool)
        return {k: v for k, v in action.items() if k != "player"}

    async def warm(self, moves: int, until: float) -> None:
        """Play ``moves`` moves as fast as the server answers, then forget their measures: a
        server's rooms are spread over their games, most of them past the set-up (where every
        move places a piece, so every update carries a new board)."""
        pace, self.pace = self.pace, None
        try:
            await self.play(until, stop_after=moves)
        finally:
            self.pace = pace
        self.resolve()
        self.latencies, self.pending, self.sent, self.moves = [], [], {}, 0

    async def play(self, until: float, stop_after: int | None = None) -> None:
        if self.pace:  # the rooms do not all move at once
            await asyncio.sleep(self.rng.uniform(0, self.pace[1]))
        while time.monotonic() < until and (stop_after is None or self.moves < stop_after):
            self.changed.clear()
            moved = False
            for client in self.clients:
                if client.may_act():
                    action = self.choose(client)
                    if action is not None:
                        n = client.n + 1
                        self.sent[(client.seat or "", n)] = time.perf_counter()
                        await client.act(action)
                        moved = True
                        if self.pace:
                            break  # one move, then the pause a person takes
            if moved and self.pace:
                await asyncio.sleep(self.rng.uniform(*self.pace))
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 1.0)


async def set_up(bases: list[str], count: int, seed: int, look: bool = False,
                 pace: tuple[float, float] | None = None, by_room: bool = False) -> list[Room]:
    """``count`` rooms of four seated people, started; made 25 at a time. With several
    processes, a room's seats connect to different ones, unless ``by_room`` (every socket of
    a room to one process, as a proxy that routes by the room's address sends them)."""
    loop = asyncio.get_running_loop()
    gate = asyncio.Semaphore(25)

    async def one(i: int) -> Room:
        async with gate:
            room_id, host = await loop.run_in_executor(None, create_room, bases[i % len(bases)])
            clients = []
            for k, colour in enumerate(COLOURS):
                base = bases[(i + (0 if by_room else k)) % len(bases)]
                client = RoomClient(base, room_id, host=host if k == 0 else None)
                await client.connect(timeout=60)
                seated = await client.sit(colour, f"P{k}", timeout=60)
                assert seated["t"] == "seated", seated
                if look:  # the Play page's own view in every update, as the page asks for it
                    await client.send({"t": "look", "options": {"mode": None}})
                clients.append(client)
            await clients[0].send({"t": "start"})
            await clients[0].wait_for(lambda f: f["t"] == "update" and f["game"] is not None,
                                      60)
            return Room(clients, random.Random(seed + i), pace)

    return list(await asyncio.gather(*(one(i) for i in range(count))))


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time of processes (Linux /proc; 0 elsewhere)."""
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


async def loop_lag(lags: list[float], every: float = 0.01) -> None:
    """How late this process's event loop wakes a task that sleeps ``every`` seconds (ms)."""
    loop = asyncio.get_running_loop()
    while True:
        t = loop.time()
        await asyncio.sleep(every)
        lags.append((loop.time() - t - every) * 1000)


async def bench(bases: list[str], count: int, seconds: float, seed: int, look: bool = False,
                pace: tuple[float, float] | None = None, pids: list[int] | None = None,
                warm: tuple[int, int] = (0, 0), by_room: bool = False) -> Doc:
    # this process's cycle collector off while the people come in and play, as timeit does:
    # the frames its thousands of clients hold made each full collection stop every client
    # for up to 2.6 s, and those stops showed as the server's latency
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        rooms = await set_up(bases, count, seed, look, pace, by_room)
        return await measure(rooms, seconds, look, pace, pids, warm, start)
    finally:
        gc.enable()


async def measure(rooms: list[Room], seconds: float, look: bool,
                  pace: tuple[float, float] | None, pids: list[int] | None,
                  warm: tuple[int, int], start: float) -> Doc:
    """Warm the rooms up, then measure ``seconds`` of play."""
    count = len(rooms)
    if warm[1] > 0:  # each room a number of moves into its game, drawn from ``warm``
        until = time.monotonic() + 600
        await asyncio.gather(*(room.warm(room.rng.randint(*warm), until) for room in rooms))
    ready = time.perf_counter() - start
    t0 = time.perf_counter()
    cpu0 = cpu_seconds(pids or [])
    own0 = time.process_time()
    lags: list[float] = []
    watch = asyncio.create_task(loop_lag(lags))
    await asyncio.gather(*(room.play(time.monotonic() + seconds) for room in rooms))
    watch.cancel()
    elapsed = time.perf_counter() - t0
    own = (time.process_time() - own0) / elapsed
    lags.sort()
    server_cpu = (cpu_seconds(pids or []) - cpu0) / elapsed
    for room in rooms:
        room.resolve()
        for client in room.clients:
            await client.close()
    latencies = sorted(x for room in rooms for x in room.latencies)
    moves = sum(room.moves for room in rooms)

    def ms(q: float) -> float | None:
        return round(latencies[int(q * (len(latencies) - 1))] * 1000, 1) if latencies else None

    return {"rooms": count, "sockets": 4 * count, "set_up_s": round(ready, 2),
            "seconds": round(elapsed, 2), "moves": moves,
            "moves_per_s": round(moves / elapsed, 1), "look": look, "pace": pace,
            "server_cpu_percent": round(100 * server_cpu),
            # the simulated people's own process: its CPU, and how late its loop ran (a
            # latency measured while it runs late is partly its own)
            "load_cpu_percent": round(100 * own),
            "load_lag_ms": {"p95": round(lags[int(0.95 * (len(lags) - 1))], 1) if lags else None,
                            "max": round(lags[-1], 1) if lags else None},
            "latency_ms": {"median": ms(0.5), "p95": ms(0.95), "p99": ms(0.99),
                           "max": ms(1.0), "measured": len(latencies)}}


async def cpu_per_move(moves: int, seed: int, look: bool = False) -> Doc:
    """The server's own work per move, without sockets or other processes: one Hub on an
    SQLite file, four seats whose frames are built and serialised but not sent (with ``look``,
    each with the Play page's view, as the page asks for it). What the
    figure leaves out (the WebSocket framing and the system calls) the loopback run shows."""
    from catan_core.referee import waiting_for
    from catan_rooms import room as rooms
    from catan_rooms.hub import Hub
    from catan_rooms.schemas import RoomSettings
    from catan_rooms.store import SQLiteStore

    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="catan-rooms-cpu-") as tmp:
        hub = Hub(SQLiteStore(f"{tmp}/rooms.sqlite3"))
        await hub.start()
        sent = [0, 0]

        async def sink(text: str) -> None:
            sent[0] += 1
            sent[1] += len(text)

        room_id, host = await hub.create_room(RoomSettings(players=4, timer=None), "bench")
        conns, writers = {}, []
        for colour in COLOURS:
            conn = hub.admit(room_id, "bench", sink)
            writers.append(asyncio.create_task(hub.writer(conn)))
            await hub.handle(conn, json.dumps({"t": "hello", "host": host}))
            await hub.handle(conn, json.dumps({"t": "sit", "seat": colour, "name": colour}))
            if look:
                await hub.handle(conn, json.dumps({"t": "look", "options": {"mode": None}}))
            conns[colour] = conn
        await hub.handle(conns["red"], json.dumps({"t": "start"}))
        numbers = dict.fromkeys(COLOURS, 0)
        done = 0
        cpu, wall = time.process_time(), time.perf_counter()
        sent[:] = [0, 0]
        while done < moves:
            doc = await hub.latest(room_id)
            assert doc is not None
            if doc["status"] != "playing":
                break
            opened = rooms.open_table(doc)
            colour = waiting_for(opened.game)[0]
            legal = opened.legal_for(colour)
            if legal[0]["type"] == "discard" and "count" in legal[0]:
                action = discard_choice(opened.game.to_dict(view=colour), colour,
                                        legal[0]["count"])
            else:
                pool = [a for a in legal if a["type"] != "bank_trade"] or legal
                action = {k: v for k, v in rng.choice(pool).items() if k != "player"}
            numbers[colour] += 1
            await hub.handle(conns[colour], json.dumps(
                {"t": "act", "n": numbers[colour], "action": action}))
            for _ in range(3):  # let the four writers build and "send" their frames
                await asyncio.sleep(0)
            done += 1
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        for conn in conns.values():
            await hub.drop(conn)
        await asyncio.gather(*writers, return_exceptions=True)
        await hub.close()
    return {"moves": done, "cpu_ms_per_move": round(cpu / done * 1000, 2),
            "wall_ms_per_move": round(wall / done * 1000, 2), "frames": sent[0],
            "bytes_per_frame": round(sent[1] / max(1, sent[0]))}


def main(argv: list[str] | None = None) -> None:
    with contextlib.suppress(ValueError, OSError):  # 4 sockets a room, each end: lift the limit
        import resource
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--redis", action="store_true", help="store in a redis-server started "
                        "here (on a free loopback port)")
    parser.add_argument("--procs", type=int, default=1, help="server processes (Redis only)")
    parser.add_argument("--cpu-moves", type=int, default=1000,
                        help="moves of the in-process measure of the server's work (0: skip)")
    parser.add_argument("--look", action="store_true",
                        help="every person asks the server for the page view (look); the Play "
                        "page builds it itself from the game frame")
    parser.add_argument("--pace", default="",
                        help="MIN,MAX seconds between a room's moves (a person's pace, e.g. 2,4)")
    parser.add_argument("--warm", default="12,40",
                        help="MIN,MAX moves each room plays (as fast as answered, not measured) "
                        "before the measure: the rooms spread over their games, most past the "
                        "set-up of 16 moves, as on a server that has run a while (0,0: none)")
    parser.add_argument("--compiled", action="store_true",
                        help="the server on the engine compiled by mypyc (python -m "
                        "devtools.compiled build first)")
    parser.add_argument("--route", choices=("seat", "room"), default="seat",
                        help="with several processes: each seat of a room to the next process "
                        "(seat: every process serves every room), or a room's sockets to one "
                        "(room: as a proxy routing /api/rooms/<id>/ws by the room would)")
    parser.add_argument("--curve", default="",
                        help="comma-separated numbers of rooms: one run each, printed as a table")
    args = parser.parse_args(argv)
    curve = [int(x) for x in args.curve.split(",") if x]
    if args.cpu_moves:
        cpu = asyncio.run(cpu_per_move(min(args.cpu_moves, 20000), args.seed, args.look))
        print(json.dumps(cpu))
        print(f"rooms: server work {cpu['cpu_ms_per_move']} ms CPU per move (checks, engine, "
              f"commit, four seats' frames of {cpu['bytes_per_frame']} bytes"
              f"{', Play-page views' if args.look else ''}), in process")
    if args.seconds > 300 or max([args.rooms, *curve]) > 2000:
        parser.error("keep it bounded: at most 2000 rooms and 300 s")
    try:
        low, high = (int(x) for x in args.warm.split(","))
    except ValueError:
        parser.error("--warm takes two whole numbers of moves, e.g. 12,40")
    if not 0 <= low <= high <= 400:
        parser.error("--warm: 0 <= MIN <= MAX <= 400")
    args.warm = (low, high)
    pace = tuple(float(x) for x in args.pace.split(",")) if args.pace else None
    if pace is not None and (len(pace) != 2 or not 0 < pace[0] <= pace[1]):
        parser.error("--pace takes two numbers of seconds, the first not above the second")
    if not curve:
        result = run(args, args.rooms, pace)
        print(json.dumps(result, indent=1))
        lat = result["latency_ms"]
        print(f"rooms: {result['moves_per_s']} moves/s over {result['rooms']} rooms "
              f"({result['sockets']} sockets), move-to-all-seats p95 {lat['p95']} ms "
              f"(median {lat['median']} ms)")
        return
    store = (f"redis, {args.procs} server processes, sockets routed by {args.route}" if args.redis
             else "SQLite, 1 server process")
    store += ", engine compiled by mypyc" if args.compiled else ""
    clients = ("clients asking for the server's page view (look)" if args.look
               else "Play-page clients (the game frame; the page builds its view)")
    print(f"rooms curve: {store}, {clients}, "
          + (f"a move every {pace[0]:g}-{pace[1]:g} s per room" if pace
             else "moves as fast as answered"))
    print(f"{'rooms':>6}{'sockets':>8}{'moves/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
          f"{'server CPU':>11}{'load lag':>9}{'set-up s':>10}", flush=True)
    for count in curve:
        result = run(args, count, pace)
        lat = result["latency_ms"]
        print(f"{count:>6}{result['sockets']:>8}{result['moves_per_s']:>9}"
              f"{lat['median'] or '-':>9}{lat['p95'] or '-':>9}{lat['p99'] or '-':>9}"
              f"{str(result['server_cpu_percent']) + '%':>11}"
              f"{result['load_lag_ms']['max'] or '-':>9}{result['set_up_s']:>10}",
              flush=True)


def run(args: argparse.Namespace, count: int, pace: tuple[float, float] | None) -> Doc:
    """One measure: fresh server process(es) (and Redis), ``count`` rooms, then stopped."""
    procs: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory(prefix="catan-rooms-bench-") as tmp:
        try:
            procs_wanted = args.procs
            if args.redis:
                binary = shutil.which("redis-server") or "/usr/bin/redis-server"
                port = free_port()
                procs.append(subprocess.Popen(
                    [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                     "--appendonly", "no"], stdout=subprocess.DEVNULL))
                time.sleep(0.3)
                store = f"redis://127.0.0.1:{port}/0"
            else:
                store = f"sqlite:///{tmp}/rooms.sqlite3"
                procs_wanted = 1
            servers = [start_server(store, args.compiled) for _ in range(procs_wanted)]
            procs += [p for p, _ in servers]
            result = asyncio.run(bench([b for _, b in servers], count, args.seconds, args.seed,
                                       look=args.look, pace=pace,
                                       pids=[p.pid for p, _ in servers], warm=args.warm,
                                       by_room=args.route == "room"))
        finally:
            for proc in procs:
                proc.kill()
                proc.wait(10)
    result["store"] = "redis" if args.redis else "sqlite"
    result["server_processes"] = procs_wanted
    result["route"] = args.route
    result["compiled"] = args.compiled
    result["cpus"] = os.cpu_count()
    return result


if __name__ == "__main__":
    main()
