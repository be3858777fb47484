"""Issue 31, nothing lost: ``camp-rules serve`` is killed with SIGKILL in the middle of
several games played at once, restarted on the same database, and every move it had
acknowledged is there; the games then continue to their end (UC-32, KC-17)."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.wire import bearer, create, patient, play_seats

pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from camp_server import SQLiteStorage  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
KILL_AFTER = 40
"""Moves acknowledged, over all games, before the server is killed."""
WAIT = 120.0
"""The most seconds the test waits for the server to start or the games to get there."""
GAMES = [("campers", ["human", "bot:heuristic", "bot:heuristic"]),
         ("campers", ["bot:random", "human"]),
         ("karibou", ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"]),
         ("karibou", ["bot:heuristic", "human", "bot:heuristic"]),
         ("campers", ["human", "bot:heuristic", "bot:random", "bot:heuristic"]),
         ("karibou", ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic", "human"])]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Served:
    """``camp-rules serve`` in a subprocess, on loopback."""

    def __init__(self, db: Path) -> None:
        self.port = _free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "campers_rules._cli", "serve", "--port", str(self.port),
             "--db", str(db)],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert self.process.stdout is not None
        self.printed = self.process.stdout.readline()
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + WAIT
        while True:
            try:
                if httpx.get(self.url + "/").status_code == 200:
                    break
            except httpx.TransportError:
                assert time.monotonic() < deadline and self.process.poll() is None, \
                    self.process.stderr.read() if self.process.stderr else ""
                time.sleep(0.1)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


@pytest.fixture
def servers() -> Iterator[list[Served]]:
    started: list[Served] = []
    yield started
    for served in started:
        if served.process.poll() is None:
            served.kill()


def _play(url: str, game: dict[str, Any], acked: list[str], seed: int) -> None:
    """Play the game's human seats until the server dies (or the game ends)."""
    tokens = [seat["token"] for seat in game["seats"] if seat["token"]]
    with httpx.Client(base_url=url) as client:
        try:
            play_seats(client, game["id"], tokens, random.Random(seed), acked)
        except httpx.TransportError:
            return


def _mine(record: dict[str, Any], game: dict[str, Any]) -> list[str]:
    """The record's moves of the game's human seats, as they sent them (a Karibou sign
    without who noticed it, which the server draws, KC-19)."""
    humans = {f"p{seat['seat']} " for seat in game["seats"] if seat["token"]}
    return [move.split(" seen by")[0] for move in record["record"]["moves"]
            if move[:3] in humans]


def test_sigkill_loses_no_acknowledged_move(tmp_path: Path, servers: list[Served]) -> None:
    """Every move acknowledged (200) before SIGKILL is in the game after the restart, in
    order, and every game continues from there to its end."""
    db = tmp_path / "games.sqlite3"
    servers.append(Served(db))
    assert servers[0].printed.startswith("camp-rules: the lobby is at http://127.0.0.1:")
    with httpx.Client(base_url=servers[0].url) as client:
        made = [create(client, game, seats, seed) for seed, (game, seats) in enumerate(GAMES)]
    acked: list[list[str]] = [[] for _ in made]
    players = [threading.Thread(target=_play, args=(servers[0].url, game, moves, seed))
               for seed, (game, moves) in enumerate(zip(made, acked, strict=True))]
    for player in players:
        player.start()
    deadline = time.monotonic() + WAIT
    while sum(map(len, acked)) < KILL_AFTER and any(p.is_alive() for p in players):
        assert time.monotonic() < deadline, "the games did not get going"
        time.sleep(0.01)
    servers[0].kill()
    for player in players:
        player.join(WAIT)
    before = [list(moves) for moves in acked]
    store = SQLiteStorage(db)
    stored = sum(len(game.moves) for game in store.games())
    store.close()
    servers.append(Served(db))
    recovered = 0
    with httpx.Client(base_url=servers[1].url) as client:
        for seed, (game, sent) in enumerate(zip(made, before, strict=True)):
            tokens = [seat["token"] for seat in game["seats"] if seat["token"]]
            play_seats(client, game["id"], tokens, random.Random(seed))
            record = patient(lambda game=game, tokens=tokens: client.get(
                f"/api/games/{game['id']}/record", headers=bearer(tokens[0]))).json()
            mine = _mine(record, game)
            assert mine[:len(sent)] == sent
            recovered += len(sent)
    acked_count = sum(map(len, before))
    print(f"fault test: {len(made)} games, {acked_count} moves acknowledged before SIGKILL "
          f"({stored} moves stored, the bots' included), {recovered} recovered after the "
          "restart, every game played on to its end")
    assert acked_count >= KILL_AFTER and recovered == acked_count
