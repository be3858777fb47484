"""An offer: what a host sends one seat, in the envelope (``docs/hosting.rst``).

>>> from karibou_rules import new_game
>>> offered = new_game(3, seed=5).offer(1)
>>> offered["format"], offered["game"], offered["version"], offered["must_act"]
('karibou/3', 'karibou', 0, False)
>>> offered["legal"][0]
{'text': 'p1 reveal', 'id': 0}
"""

from __future__ import annotations

from typing import Any

from karibou_rules._ids import action_id
from karibou_rules._round import Phase
from karibou_rules._serial import FORMAT, GAME, payload
from karibou_rules._view import View


def offer(view: View) -> dict[str, Any]:
    """The seat's offer, JSON-ready: the format tag and game, the state ``version`` to send
    back, the ``view`` (the envelope's payload), its ``legal`` moves as ``{"text", "id"}``
    and whether it ``must_act`` (:func:`must_act`)."""
    return {
        "format": FORMAT,
        "game": GAME,
        "version": view.version,
        "view": payload(view),
        "legal": [{"text": str(move), "id": action_id(move)} for move in view.legal_actions()],
        "must_act": must_act(view),
    }


def must_act(view: View) -> bool:
    """Whether the table waits on this seat alone. Every seat may act at any moment
    (KC-13), so no seat must, but for the Scout's player, who completes the hand (KC-5),
    and the last seat that has not passed, whose pass deals a new center (KC-6)."""
    if view.phase is Phase.SCOUT:
        return view.scout_player == view.player
    others = frozenset(range(view.num_players)) - {view.player}
    return view.phase is Phase.EXCHANGE and view.passed == others
