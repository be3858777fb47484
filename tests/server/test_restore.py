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

import campers_rules as uc
import karibou_rules as kc
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
    storage.create(StoredGame("g", "karibou", 3, "1", None, ("human",) * 3, ("h",) * 3,
                              format=kc.FORMAT))
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
                        ("h", ""), format=uc.FORMAT) for n in (3, 1, 2)]
    for game in games:
        storage.create(game)
    storage.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    storage = SQLiteStorage(path)
    assert list(storage.games()) == games
    storage.close()


def _karibou_game(tag: str | None) -> StoredGame:
    """A seeded 3-player Karibou game with one move, stored under the format ``tag``."""
    return StoredGame("g", "karibou", 3, "1", None, ("human",) * 3, ("h",) * 3,
                      moves=["p0 reveal"], format=tag)


@pytest.mark.parametrize("tag", [None, "karibou/2", "karibou/4", "campers/4"])
def test_a_game_stored_under_another_format_is_not_hosted_again(
        tmp_path: Path, tag: str | None, caplog: pytest.LogCaptureFixture) -> None:
    """A seed deals other cards under another format tag (``karibou/3`` changed the deal),
    so a stored game whose tag is not its package's is left out and logged, never replayed
    onto other cards; the same game under the package's tag is hosted."""
    storage = SQLiteStorage(tmp_path / "x.sqlite3")
    storage.create(_karibou_game(tag))
    with TestClient(create_app(storage, limits=FAST)) as client:
        assert client.get("/api/games/g/record", headers=bearer("x")).status_code == 404
    assert f"was stored under format {tag or '(none)'}" in caplog.text
    storage.close()
    storage = SQLiteStorage(tmp_path / "y.sqlite3")
    storage.create(_karibou_game(kc.FORMAT))
    with TestClient(create_app(storage, limits=FAST)) as client:
        assert client.get("/api/games/g/record", headers=bearer("x")).status_code == 403
    storage.close()


def test_a_file_from_before_the_format_tag_opens_and_its_games_are_left_out(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A games file written before the tag was kept (no ``format`` column) opens: the
    column is added, its games read back with no tag and are not hosted, and new games
    are stored with their tag and hosted after a restart."""
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript("""
            CREATE TABLE games (id TEXT PRIMARY KEY, created INTEGER NOT NULL,
                game TEXT NOT NULL, players INTEGER NOT NULL, seed TEXT, rounds INTEGER,
                kinds TEXT NOT NULL, token_hashes TEXT NOT NULL, start TEXT);
            CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games(id),
                number INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (game_id, number));
            INSERT INTO games VALUES ('old', 0, 'karibou', 3, '1', NULL,
                '["human","human","human"]', '["h","h","h"]', NULL);
            INSERT INTO moves VALUES ('old', 1, 'p0 reveal');
        """)
    storage = SQLiteStorage(path)
    assert [(game.id, game.moves, game.format) for game in storage.games()] == [
        ("old", ["p0 reveal"], None)]
    with TestClient(create_app(storage, limits=FAST)) as client:
        assert client.get("/api/games/old/record", headers=bearer("x")).status_code == 404
        made = create(client, "karibou", ["human", "human", "human"], 5)
    assert "game old was stored under format (none)" in caplog.text
    storage.close()
    storage = SQLiteStorage(path)
    assert {game.id: game.format for game in storage.games()} == {
        "old": None, made["id"]: kc.FORMAT}
    with TestClient(create_app(storage, limits=FAST)) as client:
        assert client.get(f"/api/games/{made['id']}/record",
                          headers=bearer(_tokens(made)[0])).status_code == 200
    storage.close()
