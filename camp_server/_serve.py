"""``camp-rules serve``: the server on uvicorn, its games in an SQLite file."""

from __future__ import annotations

import sys
from pathlib import Path

import uvicorn

from camp_server._app import create_app
from camp_server._limits import Limits
from camp_server._storage import SQLiteStorage


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | Path = "camp-rules.sqlite3",
          bot_delay: float = 0.0) -> None:
    """Serve until interrupted, hosting again every game stored in ``db``; print the
    lobby's URL first."""
    storage = SQLiteStorage(db)
    limits = Limits()
    try:
        app = create_app(storage, bot_delay=bot_delay, limits=limits)
        print(f"camp-rules: the lobby is at http://{host}:{port}/ (games in {db})",
              file=sys.stdout, flush=True)
        uvicorn.run(app, host=host, port=port, log_level="warning",
                    ws_max_size=limits.message)
    finally:
        storage.close()
