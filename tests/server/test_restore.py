"""Issue 31: games survive a restart. A new server on the same SQLite file hosts every
stored game again, replayed from its record, at the same offers, and they continue; the
file keeps token hashes, never a token."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from camp_server import SQLiteStorage, StorageError, StoredGame, create_app
from tests.server.test_api import FAST
from tests.server.wire import bearer, create, play_seats


def _tokens(game: dict[str, Any]) -> list[str]:
    return [seat["token"] for seat in game["seats"] if seat["token"]]


@pytest.mark.parametrize("seed", [4, 12])
def test_a_new_server_on_the_same_file_continues_every_game(tmp_path: Path, seed: int) -> None:
    """UC-32, KC-17: after a restart every stored move is still there, each seat's token
    still works, and each game plays on to its end from where it stood: its whole record
    begins with the moves stored before the restart."""
    db = tmp_path / "games.sqlite3"
    games = [("campers", ["human", "bot:heuristic", "human"]),
             ("karibou", ["human", "bot:heuristic", "bot:heuristic", "human"])]
    storage = SQLiteStorage(db)
    with TestClient(create_app(storage, limits=FAST)) as client:
        made = [create(client, game, seats, seed) for game, seats in games]
        for game in made:
            play_seats(client, game["id"], _tokens(game), random.Random(seed), moves=5)
    stored = {game.id: game.moves for game in storage.games()}
    storage.close()
    assert all(len(stored[game["id"]]) >= 5 for game in made)
    kept = b"".join(path.read_bytes() for path in tmp_path.iterdir())
    assert not any(token.encode() in kept for game in made for token in _tokens(game))
    storage = SQLiteStorage(db)
    with TestClient(create_app(storage, limits=FAST)) as client:
        for game in made:
            final = play_seats(client, game["id"], _tokens(game), random.Random(seed))
            assert final["legal"] == []
            record = client.get(f"/api/games/{game['id']}/record",
                                headers=bearer(_tokens(game)[-1])).json()["record"]
            before = stored[game["id"]]
            assert record["moves"][:len(before)] == before
            assert len(record["moves"]) > len(before)
    storage.close()


def test_the_store_takes_moves_in_order_only(tmp_path: Path) -> None:
    """A move stored out of order is the server's bug: the store refuses it."""
    storage = SQLiteStorage(tmp_path / "x.sqlite3")
    storage.create(StoredGame("g", "karibou", 3, "1", None, ("human",) * 3, ("h",) * 3))
    storage.append("g", 1, "p0 reveal")
    with pytest.raises(StorageError):
        storage.append("g", 3, "p0 pass")
    assert [game.moves for game in storage.games()] == [["p0 reveal"]]
    storage.close()


def test_the_store_is_in_wal_mode_and_keeps_games_in_creation_order(tmp_path: Path) -> None:
    """The SQLite file is in WAL mode (a commit is one append, fsync'd under
    ``synchronous=FULL``), and a restart lists the games as they were created, each with
    its header as stored."""
    path = tmp_path / "x.sqlite3"
    storage = SQLiteStorage(path)
    games = [StoredGame(f"g{n}", "campers", 2, str(n), 1, ("human", "bot:random"),
                        ("h", "")) for n in (3, 1, 2)]
    for game in games:
        storage.create(game)
    storage.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    storage = SQLiteStorage(path)
    assert list(storage.games()) == games
    storage.close()
