"""The HTTP and WebSocket API (``docs/server.rst``), as a Starlette application.

Every answer is JSON. A request the server cannot read answers 400, a body too large 413,
too many requests 429; a missing token 401, a wrong one 403; a stale move 409 naming the
current version, a move the rules refuse 422 with the reason and the ruling.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from camp_server._limits import Limits, RateLimit
from camp_server._rules import KINDS, MAX_SEED, RULES, RequestError
from camp_server._storage import MemoryStorage, Storage, StoredGame
from camp_server._table import Listener, Table, new_token, token_hash

STATIC = Path(__file__).parent / "static"
"""The browser client's files."""
LOG = logging.getLogger("camp_server")
PAGE_HEADERS = {"Referrer-Policy": "no-referrer", "Cache-Control": "no-store",
                "X-Content-Type-Options": "nosniff"}
"""A seat's page carries its token in its URL: no other site learns it from the referrer,
and no cache keeps it."""


class Problem(Exception):
    """An answer other than success: its status and JSON body."""

    def __init__(self, status: int, error: str, **details: Any) -> None:
        super().__init__(error)
        self.status = status
        self.body = {"error": error, **details}


class Server:
    """The games a server hosts, its store and its limits."""

    def __init__(self, storage: Storage, bot_delay: float, limits: Limits) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.limits = limits
        self.rate = RateLimit(limits.rate, limits.burst)
        self.tables: dict[str, Table] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.running = False
        for stored in storage.games():
            self.restore(stored)

    def restore(self, stored: StoredGame) -> None:
        """Host a stored game again, its moves replayed from its start (``apply`` checks
        each); not a game stored under another format tag than its package's now."""
        rules = RULES[stored.game]
        if stored.format != rules.format:
            LOG.error("game %s was stored under format %s, and %s deals by %s now: it is "
                      "not hosted", stored.id, stored.format or "(none)", rules.name,
                      rules.format)
            return
        try:
            state = start = rules.start(stored)
            actions = [rules.parse(move) for move in stored.moves]
            for action in actions:
                state = state.apply(action)
        except (rules.error, RequestError) as error:
            LOG.error("game %s does not replay and is not hosted: %s", stored.id, error)
            return
        self.tables[stored.id] = Table(stored, rules, start, state, actions, self.storage)

    def host(self, table: Table) -> None:
        """Start the table's bots (once the server runs)."""
        if table.bots and self.running:
            task = asyncio.get_running_loop().create_task(table.run_bots(self.bot_delay))
            self.tasks.add(task)
            task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            LOG.error("a table's bots stopped", exc_info=task.exception())

    def table(self, game_id: str) -> Table:
        """The hosted game of this id.

        Raises:
            Problem: 404, no such game.
        """
        table = self.tables.get(game_id)
        if table is None:
            raise Problem(404, f"no game {game_id!r}")
        return table

    def limit(self, request: Request, token: str | None) -> None:
        """Count one request of this client: its token, else its connection (address and
        port).

        Raises:
            Problem: 429, the client sends too fast.
        """
        peer = request.client
        client = (f"token:{token_hash(token)}" if token
                  else f"peer:{peer.host}:{peer.port}" if peer else "peer:?")
        if not self.rate.allow(client):
            raise Problem(429, "too many requests: slow down")

    async def act(self, table: Table, seat: int, body: object) -> dict[str, Any]:
        """Apply a seat's move, ``{"version": V, "action": ...}``; the seat's new offer.

        Raises:
            Problem: 400 unreadable, 403 another seat's action, 409 stale, 422 illegal.
        """
        if not isinstance(body, dict) or set(body) != {"version", "action"}:
            raise Problem(400, 'a move is {"version": V, "action": ...}')
        version = body["version"]
        if type(version) is not int:
            raise Problem(400, f"the version is an int, not a {type(version).__name__}")
        rules = table.rules
        try:
            action = rules.parse(body["action"])
        except RequestError as error:
            raise Problem(400, str(error)) from None
        if action.player != seat:
            raise Problem(403, f"this token is seat {seat}'s, the action is p{action.player}'s")
        async with table.lock:
            try:
                table.play(action, version)
            except (rules.package.StaleActionError, rules.package.FutureVersionError) as error:
                raise Problem(409, str(error), version=table.state.version) from None
            except rules.package.IllegalActionError as error:
                raise Problem(422, str(error), reason=error.reason, ruling=error.ruling) from None
            except rules.error as error:
                raise Problem(422, str(error), reason=str(error), ruling="") from None
            return table.offer(seat)


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _seat(table: Table, token: str | None) -> int:
    """The seat of a token.

    Raises:
        Problem: 401 no token, 403 a token of no seat of this game.
    """
    if token is None:
        raise Problem(401, "no token: send Authorization: Bearer TOKEN")
    seat = table.seat_of(token)
    if seat is None:
        raise Problem(403, "this token is no seat's of this game")
    return seat


async def _body(request: Request, limit: int) -> object:
    """The request's JSON body.

    Raises:
        Problem: 413 larger than ``limit`` bytes, 400 not JSON.
    """
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise Problem(413, f"the body is larger than {limit} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise Problem(413, f"the body is larger than {limit} bytes")
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as error:  # not UTF-8, not JSON, nested too deep
        raise Problem(400, f"the body is not JSON: {error}") from None


def _new_game(server: Server, body: object) -> tuple[Table, list[str | None]]:
    """A new game from ``{"game", "players", "seats", "seed"?, "rounds"?}``, and each
    seat's token (``None`` for a bot).

    Raises:
        Problem: 400, a field is missing, unknown or out of range.
    """
    if not isinstance(body, dict) or not {"game", "players", "seats"} <= set(body) \
            or not set(body) <= {"game", "players", "seats", "seed", "rounds"}:
        raise Problem(400, 'a new game is {"game", "players", "seats", "seed"?, "rounds"?}')
    rules = RULES.get(body["game"]) if isinstance(body["game"], str) else None
    players, seats = body["players"], body["seats"]
    seed = body.get("seed", secrets.randbelow(MAX_SEED + 1))
    rounds = body.get("rounds")
    if rules is None:
        raise Problem(400, f"the game is one of {sorted(RULES)}")
    if type(players) is not int or type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise Problem(400, f"players and seed are ints (a seed from 0 to {MAX_SEED})")
    if rounds is not None and type(rounds) is not int:
        raise Problem(400, "rounds is an int")
    if not isinstance(seats, list) or len(seats) != players or \
            not all(isinstance(kind, str) and kind in KINDS for kind in seats):
        raise Problem(400, f"seats lists one of {list(KINDS)} per player")
    try:
        start = rules.new_game(players, seed, rounds)
    except (rules.error, RequestError) as error:
        raise Problem(400, str(error)) from None
    tokens = [new_token() if kind == "human" else None for kind in seats]
    stored = StoredGame(secrets.token_hex(8), rules.name, players, str(seed), rounds,
                        tuple(seats), tuple(token_hash(t) if t else "" for t in tokens),
                        format=rules.format)
    return Table(stored, rules, start, start, [], server.storage), tokens


def create_app(storage: Storage | None = None, *, bot_delay: float = 0.0,
               limits: Limits | None = None) -> Starlette:
    """The server as an ASGI application; stored games are hosted again at once.

    Args:
        storage: Where games are kept (default: in memory only).
        bot_delay: Seconds a bot waits before each move, so that people can follow.
        limits: Body and message sizes and the rate limit (default :class:`Limits`).
    """
    server = Server(storage or MemoryStorage(), bot_delay, limits or Limits())

    async def create(request: Request) -> Response:
        server.limit(request, None)
        table, tokens = _new_game(server, await _body(request, server.limits.body))
        server.storage.create(table.stored)
        server.tables[table.stored.id] = table
        server.host(table)
        game_id = table.stored.id
        seats = [{"seat": seat, "kind": kind, "token": token,
                  "url": f"/play/{game_id}?token={token}" if token else None}
                 for seat, (kind, token) in enumerate(zip(table.stored.kinds, tokens,
                                                          strict=True))]
        return JSONResponse({"id": game_id, "seats": seats}, 201)

    def seated(request: Request) -> tuple[Table, int]:
        """The game a seat's request names and the seat its token holds, once the
        request is within the rate limit."""
        token = _bearer(request)
        server.limit(request, token)
        table = server.table(request.path_params["id"])
        return table, _seat(table, token)

    async def offer(request: Request) -> Response:
        table, seat = seated(request)
        return JSONResponse(table.offer(seat))

    async def actions(request: Request) -> Response:
        table, seat = seated(request)
        body = await _body(request, server.limits.body)
        return JSONResponse(await server.act(table, seat, body))

    async def record(request: Request) -> Response:
        table, seat = seated(request)
        async with table.lock:
            return JSONResponse(table.record() if table.state.is_over
                                else table.redacted(seat))

    async def picture(request: Request) -> Response:
        table, seat = seated(request)
        async with table.lock:
            svg: str = table.rules.package.to_svg(table.state.view(seat))
        return Response(svg, media_type="image/svg+xml")

    async def page(request: Request) -> Response:
        name = "play.html" if "id" in request.path_params else "index.html"
        return FileResponse(STATIC / name, headers=PAGE_HEADERS)

    async def problem(request: Request, error: Exception) -> Response:
        assert isinstance(error, Problem)
        return JSONResponse(error.body, error.status)

    async def socket(websocket: WebSocket) -> None:
        await _socket(server, websocket)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.running = True
        for table in server.tables.values():
            server.host(table)
        yield
        server.running = False
        for task in list(server.tasks):
            task.cancel()

    routes = [
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{id}/offer", offer, methods=["GET"]),
        Route("/api/games/{id}/actions", actions, methods=["POST"]),
        Route("/api/games/{id}/record", record, methods=["GET"]),
        Route("/api/games/{id}/picture", picture, methods=["GET"]),
        WebSocketRoute("/ws/games/{id}", socket),
        Route("/", page),
        Route("/play/{id}", page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan, exception_handlers={Problem: problem})


async def _socket(server: Server, websocket: WebSocket) -> None:
    """One seat's WebSocket: its offer and events pushed, its moves taken.

    Closes with a reason: 4404 no such game, 4401 no token, 4403 a wrong one, 1003 a
    binary message, 1009 a message too large, 1007 one that is not JSON, 1008 too many
    messages, 1013 a listener too far behind.
    """
    await websocket.accept()
    token = websocket.query_params.get("token")
    try:
        table = server.table(websocket.path_params["id"])
        seat = _seat(table, token)
    except Problem as problem:
        code = {404: 4404, 401: 4401}.get(problem.status, 4403)
        await websocket.close(code, problem.body["error"])
        return
    listener = Listener(seat)
    listener.send(table.greet(listener))
    table.listeners.add(listener)
    sender = asyncio.get_running_loop().create_task(_pump(websocket, listener))
    try:
        closing = await _receive(server, websocket, table, listener)
    finally:
        table.listeners.discard(listener)
        sender.cancel()
    if closing is not None:
        await websocket.close(*closing)


async def _receive(server: Server, websocket: WebSocket, table: Table,
                   listener: Listener) -> tuple[int, str] | None:
    """Take the seat's messages until it leaves (``None``) or must be closed (the code
    and reason)."""
    while True:
        try:
            message = await websocket.receive()
        except WebSocketDisconnect:
            return None
        if message["type"] == "websocket.disconnect":
            return None
        text = message.get("text")
        if text is None:
            return 1003, "send text messages (JSON)"
        if len(text.encode()) > server.limits.message:
            return 1009, f"a message is at most {server.limits.message} bytes"
        if not server.rate.allow(f"socket:{id(listener)}"):
            return 1008, "too many messages: slow down"
        try:
            body = json.loads(text)
        except (ValueError, RecursionError) as error:  # not JSON, nested too deep
            return 1007, f"not JSON: {error}"[:120]
        try:
            listener.send({"reply": {"status": 200, "offer":
                                     await server.act(table, listener.seat, body)}})
        except Problem as problem:
            listener.send({"reply": {"status": problem.status, **problem.body}})


async def _pump(websocket: WebSocket, listener: Listener) -> None:
    """Send the listener's messages as they come."""
    while True:
        message = await listener.queue.get()
        if listener.dropped:
            await websocket.close(1013, "too far behind: reconnect")
            return
        await websocket.send_text(json.dumps(message))
