"""Where the server keeps its games: one small interface, an SQLite store and a memory one.

A stored game is its header (the game, its seat kinds, the seed, the rounds, each human
seat's token hash, the format tag its package wrote then) and its moves in text form, in
order: with the seed they are the game's record (``dumps_record``), so a restarted server
replays every game to where it stood.
:meth:`Storage.append` returns only once the move is durable: the server acknowledges a
move after it.

>>> store = MemoryStorage()
>>> store.create(StoredGame("g1", "karibou", 4, "7", None, ("human",) * 4, ("h",) * 4,
...                          format="karibou/3"))
>>> store.append("g1", 1, "p0 reveal")
>>> [(game.id, game.moves) for game in store.games()]
[('g1', ['p0 reveal'])]
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import attrs


@attrs.define
class StoredGame:
    """One game as stored: its header and its moves so far.

    Attributes:
        id: The game's id (its URL part).
        game: ``"campers"`` or ``"karibou"``.
        players: The number of seats.
        seed: The deal's seed, as decimal text (a seed may exceed SQLite's integers);
            ``None`` for a game from a start position.
        rounds: The rounds of an Unhappy Campers game (``None``: the default).
        kinds: Each seat's kind: ``"human"``, ``"bot:heuristic"`` or ``"bot:random"``.
        token_hashes: Each seat's token's SHA-256 hex digest ("" for a bot seat).
        start: The start position (the package's ``dumps(state)``) when the game is no
            seeded deal, else ``None``.
        moves: Every move applied, in order, in its text form.
        format: The package's ``FORMAT`` when the game was created. A game is hosted
            again only under the same tag: under another, the same seed may deal other
            cards (``karibou/3`` changed Karibou's deal). ``None``: stored before the tag
            was kept.
    """

    id: str
    game: str
    players: int
    seed: str | None
    rounds: int | None
    kinds: tuple[str, ...]
    token_hashes: tuple[str, ...]
    start: str | None = None
    moves: list[str] = attrs.field(factory=list)
    format: str | None = None


class Storage(Protocol):
    """What the server needs of a store."""

    def create(self, game: StoredGame) -> None:
        """Store a new game (with no moves); durable when it returns."""
        ...

    def append(self, game_id: str, number: int, move: str) -> None:
        """Store the game's move ``number`` (from 1); durable when it returns.

        Raises:
            StorageError: The move is not the next one of that game.
        """
        ...

    def games(self) -> Iterator[StoredGame]:
        """Every stored game, with its moves, in the order they were created."""
        ...

    def close(self) -> None:
        """Release the store."""
        ...


class StorageError(Exception):
    """A move stored out of order, or for no game: a bug of the caller, never a user's."""


class MemoryStorage:
    """A store that forgets everything when the process ends (tests, a quick game)."""

    def __init__(self) -> None:
        self._games: dict[str, StoredGame] = {}

    def create(self, game: StoredGame) -> None:
        """Keep a copy of the new game."""
        self._games[game.id] = attrs.evolve(game, moves=list(game.moves))

    def append(self, game_id: str, number: int, move: str) -> None:
        """Keep the move.

        Raises:
            StorageError: The move is not the next one of that game.
        """
        moves = self._games[game_id].moves
        if number != len(moves) + 1:
            raise StorageError(f"move {number} of {game_id} stored after {len(moves)} moves")
        moves.append(move)

    def games(self) -> Iterator[StoredGame]:
        """Copies of every game kept."""
        for game in self._games.values():
            yield attrs.evolve(game, moves=list(game.moves))

    def close(self) -> None:
        """Nothing to release."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created INTEGER NOT NULL,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed TEXT,
    rounds INTEGER,
    kinds TEXT NOT NULL,
    token_hashes TEXT NOT NULL,
    start TEXT,
    format TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
"""


class SQLiteStorage:
    """Games in one SQLite file (the standard library's ``sqlite3``), in WAL mode with
    ``synchronous=FULL``: every transaction is on disk (fsync'd) when its commit returns.

    Args:
        path: The database file (created if missing).
    """

    def __init__(self, path: str | Path) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        if "format" not in columns:  # a file of a server before the tag was kept
            self._db.execute("ALTER TABLE games ADD COLUMN format TEXT")

    def create(self, game: StoredGame) -> None:
        """Insert the game's header in one committed transaction."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            created = self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            self._db.execute(
                "INSERT INTO games (id, created, game, players, seed, rounds, kinds, "
                "token_hashes, start, format) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game.id, created, game.game, game.players, game.seed, game.rounds,
                 json.dumps(game.kinds), json.dumps(game.token_hashes), game.start,
                 game.format),
            )
            for number, move in enumerate(game.moves, 1):
                self._db.execute("INSERT INTO moves VALUES (?, ?, ?)", (game.id, number, move))

    def append(self, game_id: str, number: int, move: str) -> None:
        """Insert the move in one committed transaction.

        Raises:
            StorageError: The move is not the next one of that game.
        """
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            stored = self._db.execute(
                "SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,)).fetchone()[0]
            if number != stored + 1:
                raise StorageError(f"move {number} of {game_id} stored after {stored} moves")
            self._db.execute("INSERT INTO moves VALUES (?, ?, ?)", (game_id, number, move))

    def games(self) -> Iterator[StoredGame]:
        """Every game with its moves, oldest first."""
        with self._lock:
            headers = self._db.execute(
                "SELECT id, game, players, seed, rounds, kinds, token_hashes, start, format "
                "FROM games ORDER BY created").fetchall()
            moves: dict[str, list[str]] = {}
            for game_id, move in self._db.execute(
                    "SELECT game_id, move FROM moves ORDER BY game_id, number"):
                moves.setdefault(game_id, []).append(move)
        for game_id, game, players, seed, rounds, kinds, hashes, start, tag in headers:
            yield StoredGame(game_id, game, players, seed, rounds, tuple(json.loads(kinds)),
                             tuple(json.loads(hashes)), start, moves.get(game_id, []), tag)

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()
