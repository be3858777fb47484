"""A minimal referee: JSON lines in on stdin, one JSON answer per line on stdout.

This is the loop a game server runs around the library. Requests:

* ``{"new": "karibou", "players": 4, "seed": 19}`` starts a table (``"campers"`` for
  Unhappy Campers); the answer lists who may act.
* ``{"view": 1}`` answers what seat 1's client shows: its view (JSON), the view's
  ``version`` and the seat's legal moves as action JSON (``view.legal_actions()``).
* ``{"action": {"type": "Draw", "player": 1, "count": 2}, "version": 0}`` applies a
  player's action given as action JSON (``loads_action``), sent against the version of
  the view the client acted on: an action sent against an older version is stale
  (``StaleActionError``, UC-32 / KC-17) and never applied. The action may also be given in
  the game's text form (``{"action": "p0 reveal"}``); without ``"version"`` it is applied
  to the current state (a trusted local client). The answer is that player's view, or
  the error: its type, the reason and the ruling, the table left exactly as it was.

Anything malformed (bad JSON, an unknown game, text that is no action) gets an error
answer too; the referee never crashes on a client's input.

Run: ``python examples/referee.py < examples/referee.stdin``
"""

from __future__ import annotations

import json
import sys
from typing import Any

import campers_rules
import karibou_rules

GAMES: dict[str, Any] = {"campers": campers_rules, "karibou": karibou_rules}
ERRORS = (campers_rules.CampersError, karibou_rules.KaribouError)


class Referee:
    """One table: the current state of one game, changed only by legal actions."""

    def __init__(self) -> None:
        self.game: Any = None
        self.state: Any = None

    def handle(self, line: str) -> dict[str, Any]:
        """Answer one request line."""
        try:
            request = json.loads(line)
        except (ValueError, RecursionError) as error:  # bad JSON, huge numbers, deep nesting
            return _error("BadRequest", f"not JSON this referee can read: {error}")
        if not isinstance(request, dict):
            return _error("BadRequest", "expected a JSON object")
        if "new" in request:
            return self.new_table(request)
        if "view" in request:
            return self.show(request["view"])
        if "action" in request:
            return self.act(request["action"], request.get("version"))
        return _error("BadRequest", "expected 'new', 'view' or 'action'")

    def new_table(self, request: dict[str, Any]) -> dict[str, Any]:
        game = GAMES.get(str(request["new"]))
        if game is None:
            return _error("BadRequest", f"no game {request['new']!r}; choose from {list(GAMES)}")
        try:
            state = game.new_game(int(request.get("players", 4)), int(request.get("seed", 0)))
        except (*ERRORS, TypeError, ValueError, OverflowError) as error:
            return _error(type(error).__name__, str(error))
        self.game, self.state = game, state
        return {"ok": True, "actors": sorted(state.actors)}

    def show(self, seat: Any) -> dict[str, Any]:
        if self.state is None:
            return _error("BadRequest", "no table: send 'new' first")
        try:
            view = self.state.view(seat)
        except ERRORS as error:
            return _error(type(error).__name__, str(error))
        legal = [json.loads(self.game.dumps(action)) for action in view.legal_actions()]
        data = json.loads(self.game.dumps(view))
        return {"ok": True, "player": seat, "version": view.version, "legal": legal, "view": data}

    def act(self, sent: Any, version: Any) -> dict[str, Any]:
        if self.state is None:
            return _error("BadRequest", "no table: send 'new' first")
        if version is not None and type(version) is not int:
            return _error("BadRequest", "'version' is the int of the view acted on")
        try:
            if isinstance(sent, str):
                action = self.game.parse_action(sent)
            else:
                action = self.game.loads_action(json.dumps(sent))
            if version is None:  # a trusted local client: the current state
                self.state = self.state.apply(action)
            else:
                self.state = self.state.apply(action, version)
        except ERRORS as error:
            return _error(type(error).__name__, str(error), getattr(error, "ruling", ""))
        view = json.loads(self.game.dumps(self.state.view(action.player)))
        return {"ok": True, "player": action.player, "over": self.state.is_over, "view": view}


def _error(kind: str, message: str, ruling: str = "") -> dict[str, Any]:
    return {"ok": False, "error": kind, "message": message, "ruling": ruling}


def main() -> None:
    referee = Referee()
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(referee.handle(line), sort_keys=True), flush=True)


if __name__ == "__main__":
    main()
