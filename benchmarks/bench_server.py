"""The reference server under load (issue 31): many WebSocket clients playing at once.

``camp-rules serve`` runs on a loopback port; half the games are Unhappy Campers, half
Karibou Camp (played in real time: its four seats send at once, so many moves arrive
stale and are refused, KC-17), every seat a scripted client on its own WebSocket that
answers each offer with one of its legal moves (a random one, after a short pause, as a
quick player would) until the game is over or has taken its share of moves. Reported:
moves accepted per second, the p50 and p99 latency from a move sent to its reply, the
stale refusals (409), and the Karibou Camp exchanges overtaken within one exchange period
(422: sent against the current version, but another seat's exchange, arriving first, took
the card, KC-17). Any other refusal fails the run. Then the server is stopped and its
SQLite store read: every move it acknowledged must be stored and every stored move
acknowledged (no lost action), with no server error (a 5xx, an unexpected close, a
traceback in its output). Those counts are asserted; the timings only reported.

    .venv/bin/pytest benchmarks/bench_server.py --benchmark-only -s

Under ``--benchmark-only`` it is 200 clients in 50 games; in the ordinary test run, where
benchmarks run once untimed, 8 clients in 2 games (a few seconds).
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")
pytest.importorskip("httpx")

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from camp_server import SQLiteStorage
from tests.server.live import LiveServer

SEATS = 4
"""Human seats a game (every seat is a scripted client)."""
FULL = (50, 80)
"""Games, and the most moves a game takes, under ``--benchmark-only`` (200 clients)."""
TINY = (2, 20)
"""The same in the ordinary test run (8 clients)."""
PAUSE = 0.06
"""Seconds a client waits before it answers an offer (under the server's rate limit)."""
SECONDS = 600.0
"""A bound on the whole run: a client still playing then stops (and the run fails)."""
NORMAL_CLOSES = {1000, 1001}


@attrs.define
class Tally:
    """What the clients saw, all games together."""

    latencies: list[float] = attrs.field(factory=list)
    acknowledged: dict[tuple[str, int], int] = attrs.field(factory=dict)
    stale: int = 0
    overtaken: int = 0
    refused: list[str] = attrs.field(factory=list)
    server_errors: list[str] = attrs.field(factory=list)
    unfinished: int = 0


@attrs.define
class Game:
    """One game's id, its seats' tokens, and the moves it may still take."""

    id: str
    name: str
    tokens: list[str]
    moves_left: int


async def create_games(http: httpx.AsyncClient, count: int, moves: int) -> list[Game]:
    games = []
    for number in range(count):
        name = "campers" if number % 2 == 0 else "karibou"
        answer = await http.post("/api/games", json={
            "game": name, "players": SEATS, "seats": ["human"] * SEATS, "seed": number})
        assert answer.status_code == 201, answer.text
        made = answer.json()
        games.append(Game(made["id"], name, [seat["token"] for seat in made["seats"]], moves))
    return games


def _newer(offer: dict[str, Any] | None, than: dict[str, Any] | None) -> dict[str, Any] | None:
    """The later of two offers (the same version may come again, changed)."""
    if offer is None:
        return than
    return offer if than is None or offer["version"] >= than["version"] else than


async def play_seat(socket: ClientConnection, game: Game, seat: int, tally: Tally,
                    deadline: float) -> None:
    """Answer the seat's offers with random legal moves, one at a time, until the game is
    over or has taken its moves."""
    rng = random.Random(f"{game.id}/{seat}")
    offer: dict[str, Any] | None = None
    sent_at: float | None = None
    while True:
        if time.monotonic() > deadline:
            tally.unfinished += 1
            return
        if sent_at is None and (game.moves_left <= 0 or (
                offer is not None and offer["view"]["phase"] == "over")):
            return
        try:
            text = await asyncio.wait_for(socket.recv(), timeout=0.5)
        except TimeoutError:
            continue
        message = json.loads(text)
        reply = message.get("reply")
        if reply is None:
            offer = _newer(message.get("offer"), offer)
        else:
            assert sent_at is not None
            tally.latencies.append(time.perf_counter() - sent_at)
            sent_at = None
            status = reply["status"]
            if status == 200:
                key = (game.id, seat)
                tally.acknowledged[key] = tally.acknowledged.get(key, 0) + 1
                game.moves_left -= 1
                offer = _newer(reply["offer"], offer)
            elif status == 409:
                tally.stale += 1
            elif status == 422 and game.name == "karibou":
                tally.overtaken += 1
            elif status >= 500:
                tally.server_errors.append(f"{status}: {reply}")
            else:
                tally.refused.append(f"{game.name} {status}: {reply}")
        if sent_at is None and offer is not None and offer["legal"] and game.moves_left > 0:
            await asyncio.sleep(PAUSE)
            move = rng.choice(offer["legal"])["text"]
            sent_at = time.perf_counter()
            await socket.send(json.dumps({"version": offer["version"], "action": move}))


async def client(url: str, game: Game, seat: int, tally: Tally, deadline: float) -> None:
    address = f"{url.replace('http', 'ws', 1)}/ws/games/{game.id}?token={game.tokens[seat]}"
    try:
        async with connect(address, open_timeout=120, max_size=2**22) as socket:
            await play_seat(socket, game, seat, tally, deadline)
    except ConnectionClosed as closed:
        code = closed.rcvd.code if closed.rcvd else None
        if code not in NORMAL_CLOSES:
            tally.server_errors.append(f"game {game.id} seat {seat}: closed {code} {closed}")


async def load(url: str, games: int, moves: int) -> tuple[Tally, float, list[Game]]:
    """Create the games, play them with one client a seat; the tally and the seconds the
    play took."""
    tally = Tally()
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        made = await create_games(http, games, moves)
    started = time.perf_counter()
    deadline = time.monotonic() + SECONDS
    await asyncio.gather(*(client(url, game, seat, tally, deadline)
                           for game in made for seat in range(SEATS)))
    return tally, time.perf_counter() - started, made


def lost_actions(db: Path, tally: Tally, games: list[Game]) -> list[str]:
    """Each seat's moves acknowledged but not stored, or stored but never acknowledged."""
    storage = SQLiteStorage(db)
    try:
        stored = {game.id: game.moves for game in storage.games()}
    finally:
        storage.close()
    wrong = []
    for game in games:
        for seat in range(SEATS):
            kept = sum(move.startswith(f"p{seat} ") for move in stored[game.id])
            acked = tally.acknowledged.get((game.id, seat), 0)
            if kept != acked:
                wrong.append(f"game {game.id} seat {seat}: {acked} acknowledged, {kept} stored")
    return wrong


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def test_many_websocket_clients(benchmark: Any, request: pytest.FixtureRequest) -> None:
    """Issue 31: concurrent seats on WebSockets; nothing acknowledged is lost, no server
    error, every move either accepted or refused as stale (UC-32, KC-17)."""
    games, moves = FULL if request.config.getoption("benchmark_only") else TINY
    with tempfile.TemporaryDirectory(prefix="camp-rules-load-") as scratch:
        server = LiveServer(Path(scratch) / "games.db", Path(scratch) / "server.log")
        server.start()
        try:
            tally, seconds, made = benchmark.pedantic(
                lambda: asyncio.run(load(server.url, games, moves)), rounds=1, iterations=1)
        finally:
            server.stop()
        lost = lost_actions(server.db, tally, made)
        server_errors = tally.server_errors + server.errors()
    accepted = sum(tally.acknowledged.values())
    figures = {
        "clients": games * SEATS, "games": games, "moves_accepted": accepted,
        "actions_per_second": round(accepted / seconds, 1),
        "latency_p50_ms": round(1000 * statistics.median(tally.latencies), 2),
        "latency_p99_ms": round(1000 * percentile(tally.latencies, 0.99), 2),
        "stale_refused": tally.stale, "overtaken_refused": tally.overtaken,
        "lost_actions": len(lost),
        "server_errors": len(server_errors),
    }
    benchmark.extra_info.update(figures)
    print("\nserver load: " + ", ".join(f"{name} {value}" for name, value in figures.items()))
    assert lost == []
    assert server_errors == []
    assert tally.refused == []
    assert tally.unfinished == 0
    assert accepted >= games  # every game took moves
