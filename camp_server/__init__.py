"""A reference server for both games: a lobby, per-seat offers and events, bots, records.

It is built only on the public API of :mod:`campers_rules` and :mod:`karibou_rules`
(offers, seat events, records) and needs the ``server`` extra (Starlette, uvicorn,
websockets): ``pip install "camp-rules[server]"``, then ``camp-rules serve``. The HTTP and
WebSocket API is documented in ``docs/server.rst``.
"""

from __future__ import annotations

from camp_server._app import create_app
from camp_server._limits import Limits
from camp_server._serve import serve
from camp_server._storage import MemoryStorage, SQLiteStorage, Storage, StorageError, StoredGame
from camp_server._table import token_hash

__all__ = [
    "Limits",
    "MemoryStorage",
    "SQLiteStorage",
    "Storage",
    "StorageError",
    "StoredGame",
    "create_app",
    "serve",
    "token_hash",
]
