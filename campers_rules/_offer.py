"""An offer: what a host sends one seat, in the envelope (``docs/hosting.rst``).

>>> from campers_rules._setup import new_game
>>> offered = new_game(3, seed=5).offer(1)
>>> offered["format"], offered["game"], offered["version"], offered["must_act"]
('campers/4', 'campers', 0, True)
>>> offered["legal"][0]
{'text': 'p1 draw 1', 'id': 0}
"""

from __future__ import annotations

from typing import Any

from campers_rules._actions import Action, Step
from campers_rules._ids import action_steps
from campers_rules._serial import FORMAT, GAME, payload
from campers_rules._state import View


def offer(view: View) -> dict[str, Any]:
    """The seat's offer, JSON-ready: the format tag and game, the state ``version`` to send
    back, the ``view`` (the envelope's payload), its ``legal`` moves as ``{"text", "id"}``
    and whether it ``must_act`` (the seat is one of the state's actors, UC-6).

    A compound move (a claim, a new group, a rearrangement, UC-7) gives the id of the step
    the seat sends next: its first, or, inside an open build, the one after the build.
    """
    legal = view.legal_actions()
    return {
        "format": FORMAT,
        "game": GAME,
        "version": view.version,
        "view": payload(view),
        "legal": [{"text": str(move), "id": _next_step(view, move)} for move in legal],
        "must_act": bool(legal),
    }


def _next_step(view: View, move: Action | Step) -> int:
    """The id of the step of ``move`` the seat sends next (UC-7)."""
    steps = action_steps(move, view.config)
    built = len(view.building)
    return steps[built] if built and steps[:built] == view.building else steps[0]
