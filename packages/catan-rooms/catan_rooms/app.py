"""The ASGI application: ``GET /healthz``, ``POST /api/rooms``, ``GET /api/rooms/{id}``, the
room socket ``/api/rooms/{id}/ws``, and (optionally) the built site on the same origin.

    uvicorn --factory 'catan_rooms.app:create_app' --port 8000 --ws-max-size 65536
    python -m catan_rooms --site site --store sqlite:///rooms.sqlite3 --port 8000

``create_app(site_dir="site")`` also serves the static site, so the Play page and its rooms
share one origin (no CORS, the socket URL is the page's own host).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .hub import Bucket, Hub, Limits, error_frame
from .room import RoomError, lobby, record, seat_of_token
from .schemas import RoomSettings
from .store import open_store

LANGUAGES = ("en", "fr", "es", "nl")
log = logging.getLogger("catan_rooms")
MAX_BODY = 8192


def client_of(scope_client: Any, headers: Any, trust_proxy: bool) -> str:
    """The client's address (``X-Forwarded-For``'s first entry behind a trusted proxy)."""
    if trust_proxy:
        forwarded = headers.get("x-forwarded-for")
        if forwarded:
            return str(forwarded).split(",")[0].strip()[:64]
    return scope_client[0] if scope_client else "unknown"


def _root(lang: str) -> str:
    """A language's root in the site: the default (first) at the root, the others in a folder
    (as mkdocs-static-i18n builds them)."""
    return "" if lang == LANGUAGES[0] else f"{lang}/"


class SiteFiles(StaticFiles):
    """The built site, with the MIME types ES modules and WebAssembly need, and the site's own
    404 page for an address it does not have: the language's of the address (the build writes
    ``<lang>/404.html``, ``en/404.html`` too), else the one the browser asks for first, else
    English's."""

    async def get_response(self, path: str, scope: Any) -> Response:
        try:
            return await super().get_response(path, scope)
        except HTTPException as exc:
            page = self.not_found_page(path, Headers(scope=scope)) \
                if exc.status_code == 404 else None
            if page is None:
                raise
            return FileResponse(page, status_code=404, media_type="text/html")

    def not_found_page(self, path: str, headers: Headers) -> Path | None:
        first = path.replace("\\", "/").lstrip("/").split("/")[0]
        wanted = [part.split(";")[0].strip()[:2].lower()
                  for part in headers.get("accept-language", "").split(",")]
        for lang in (first, *wanted, "en"):
            page = Path(str(self.directory)) / lang / "404.html" if lang in LANGUAGES else None
            if page is not None and page.is_file():
                return page
        return None

    def file_response(self, full_path: Any, stat_result: Any, scope: Any,
                      status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        suffix = Path(str(full_path)).suffix
        types = {".js": "text/javascript", ".mjs": "text/javascript",
                 ".wasm": "application/wasm", ".whl": "application/zip"}
        if suffix in types:
            response.headers["content-type"] = types[suffix]
        return response


def create_app(site_dir: str | os.PathLike[str] | None = None, store: str | None = None,
               *, bot_delay: float | None = None, limits: Limits | None = None,
               trust_proxy: bool = False, public_url: str | None = None) -> Starlette:
    """The rooms server. ``store``: ``sqlite:///file`` (default ``rooms.sqlite3`` in the
    working folder, or ``$CATAN_ROOMS_STORE``) or ``redis://host:port/db``. ``bot_delay``:
    seconds between computer moves (``$CATAN_ROOMS_BOT_DELAY``, default 0.6) so people can
    follow them. ``site_dir``: serve the built site at ``/`` too. ``public_url``: the address
    people reach the site at (``$CATAN_ROOMS_PUBLIC_URL``), which invitation links start with;
    without it they are paths on the server's own origin (never built from a request's
    ``Host`` header, which the sender chooses)."""
    store_url = store or os.environ.get("CATAN_ROOMS_STORE", "sqlite:///rooms.sqlite3")
    public = (public_url or os.environ.get("CATAN_ROOMS_PUBLIC_URL") or "").rstrip("/")
    if bot_delay is None:
        bot_delay = float(os.environ.get("CATAN_ROOMS_BOT_DELAY", "0.6"))
    if site_dir is None and os.environ.get("CATAN_ROOMS_SITE"):
        site_dir = os.environ["CATAN_ROOMS_SITE"]
    if limits is None:  # CATAN_ROOMS_RATE=..., CATAN_ROOMS_SOCKETS_PER_CLIENT=... (see Limits)
        limits = Limits(**{f.name: type(getattr(Limits(), f.name))(os.environ[env])
                           for f in dataclasses.fields(Limits)
                           if (env := f"CATAN_ROOMS_{f.name.upper()}") in os.environ})
    speed = float(os.environ.get("CATAN_ROOMS_CLOCK_SPEED", "1"))  # tests only
    hub = Hub(open_store(store_url), bot_delay=bot_delay, limits=limits, clock_speed=speed)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.close()

    async def healthz(request: Request) -> Response:
        try:
            ok = hub.started and await hub.store.ready()
        except Exception:
            ok = False
        return JSONResponse({"ok": ok}, status_code=200 if ok else 503)

    async def create_room(request: Request) -> Response:
        if hub.too_fast(client_of(request.client, request.headers, trust_proxy), "rooms"):
            return _error(429, "too_fast", "too many requests, slow down",
                          rate=hub.limits.rooms_rate)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":  # no cross-site form can create rooms
            return _error(415, "json_only", "send the settings as application/json")
        if int(request.headers.get("content-length") or 0) > MAX_BODY:
            return _error(413, "too_large", "the settings are too large")
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                return _error(413, "too_large", "the settings are too large")
        try:
            settings = RoomSettings.model_validate_json(body or b"{}")
        except ValidationError as exc:
            first = exc.errors(include_url=False, include_input=False)[:1]
            return _error(400, "malformed", "the settings are not valid",
                          at=".".join(str(x) for x in first[0]["loc"]) if first else "",
                          problem=first[0]["msg"][:120] if first else "")
        if set(settings.computers) >= set(settings.colours()):   # it could never start
            return _error(400, "no_person_seat", "a room needs a seat for a person")
        client = client_of(request.client, request.headers, trust_proxy)
        try:
            room_id, host_token = await hub.create_room(settings, client)
        except RoomError as exc:
            return _error(429 if exc.code == "too_many_rooms" else 503, exc.code, exc.message)
        lang = request.query_params.get("lang", "en")
        lang = lang if lang in LANGUAGES else "en"
        return JSONResponse({"room": room_id, "host_token": host_token,
                             "invite": f"{public}/{_root(lang)}play/#room={room_id}",
                             "socket": f"/api/rooms/{room_id}/ws"}, status_code=201,
                            headers={"cache-control": "no-store"})

    async def show_room(request: Request) -> Response:
        room_id = request.path_params["room"]
        doc = await hub.store.load(room_id) if _plausible(room_id) else None
        if doc is None:
            return _error(404, "no_such_room", "there is no such room")
        return JSONResponse(lobby(doc, await hub.store.presence(room_id)),
                            headers={"cache-control": "no-store"})

    async def room_record(request: Request) -> Response:
        """The record of a finished game (its start and every action, for the review page),
        for a person who held a seat: ``Authorization: Bearer <seat token>``. Only once the
        game is over: the start holds the deck and the dice of the game."""
        room_id = request.path_params["room"]
        doc = await hub.store.load(room_id) if _plausible(room_id) else None
        if doc is None:
            return _error(404, "no_such_room", "there is no such room")
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        seat = seat_of_token(doc, token.strip()) if scheme.lower() == "bearer" else None
        if seat is None:
            return _error(403, "not_a_player", "only a player of this room may review its game")
        if doc["status"] != "over":
            return _error(409, "wrong_status", "a game is reviewed once it is over",
                          room_status=doc["status"])
        stored = await hub.store.events(room_id, 0, doc["seq"])
        return JSONResponse({"record": record(doc, stored), "seat": seat,
                             "lobby": lobby(doc, {})}, headers={"cache-control": "no-store"})

    async def socket(websocket: WebSocket) -> None:
        room_id = websocket.path_params["room"]
        await websocket.accept()
        client = client_of(websocket.client, websocket.headers, trust_proxy)
        if hub.too_fast(client, "sockets"):
            await websocket.send_text(error_frame(RoomError(
                "too_fast", "too many new connections, slow down",
                rate=hub.limits.sockets_rate)))
            await websocket.close(4429)
            return
        if not _plausible(room_id) or await hub.store.load(room_id) is None:
            await websocket.send_text(error_frame(RoomError("no_such_room",
                                                            "there is no such room")))
            await websocket.close(4404)
            return
        try:
            conn = hub.admit(room_id, client, websocket.send_text)
        except RoomError as exc:
            await websocket.send_text(error_frame(exc))
            await websocket.close(4429)
            return
        bucket = _bucket(hub.limits)
        writer = asyncio.create_task(hub.writer(conn))
        strikes = 0
        opened = time.monotonic()

        async def send_off(frame: str, code: int) -> None:
            """A last frame (through the writer, after what is queued), then the close."""
            hub.queue(conn, frame)
            await asyncio.sleep(0.05)
            await websocket.close(code)

        try:
            while True:
                if conn.hello:
                    message = await websocket.receive()
                else:  # a socket that never says hello holds nothing for long
                    left = hub.limits.hello_s - (time.monotonic() - opened)
                    try:
                        message = await asyncio.wait_for(websocket.receive(), max(left, 0))
                    except TimeoutError:
                        await send_off(error_frame(RoomError(
                            "hello_timeout", "no hello in time", seconds=hub.limits.hello_s)),
                            4408)
                        break
                if message["type"] == "websocket.disconnect":
                    break
                if conn.closed:  # it stopped reading its replies
                    await websocket.close(4408)
                    break
                text = message.get("text")
                if text is None:
                    text = message.get("bytes")
                if not bucket.take():
                    strikes += 1
                    refusal = error_frame(RoomError(
                        "rate_limited", "too many messages, slow down",
                        rate=hub.limits.rate, strikes_left=hub.limits.strikes - strikes), text)
                    if strikes >= hub.limits.strikes:
                        await send_off(refusal, 4429)
                        break
                    hub.queue(conn, refusal)
                    continue
                try:
                    await hub.handle(conn, text)
                except RoomError as exc:
                    if exc.code == "room_full":   # refused at hello: nothing more to say
                        await send_off(error_frame(exc, text), 4429)
                        break
                    hub.queue(conn, error_frame(exc, text))
                except Exception as exc:  # a bug: this client gets an error, the room goes on
                    log.exception("rooms: message failed")
                    hub.queue(conn, error_frame(RoomError(
                        "internal_error", f"{type(exc).__name__}"), text))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            await hub.drop(conn)
            writer.cancel()
            with contextlib.suppress(BaseException):
                await writer

    async def rooms_flag(request: Request) -> Response:
        """The site's ``rooms-server.js`` as this server answers it: the Play page offers
        online rooms (the static file says ``false``)."""
        return Response("export const ROOMS_SERVER = true\n", media_type="text/javascript",
                        headers={"cache-control": "no-cache"})

    routes: list[Any] = [
        Route("/healthz", healthz),
        Route("/assets/frontend/game/rooms-server.js", rooms_flag),
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms/{room}", show_room),
        Route("/api/rooms/{room}/record", room_record),
        WebSocketRoute("/api/rooms/{room}/ws", socket),
    ]
    if site_dir is not None:
        routes.append(Mount("/", SiteFiles(directory=str(site_dir), html=True), name="site"))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app


def _bucket(limits: Limits) -> Bucket:
    return Bucket(limits.rate, limits.burst)


def _plausible(room_id: str) -> bool:
    return 16 <= len(room_id) <= 64 and all(c.isalnum() or c in "-_" for c in room_id) \
        and room_id.isascii()


def _error(status: int, code: str, message: str, **details: Any) -> Response:
    return JSONResponse({"error": {"code": code, "message": message, "details": details}},
                        status_code=status)
