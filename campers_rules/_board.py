"""The plain records a state is built of that the rules name as they run: the phase of the
turn (UC-6), a campsite on the table (UC-7) and where it sits in its owner's row, and
the bounds of a game: its seats (UC-2) and its versions (UC-32).

They live apart from ``_state`` because the rule modules build and read them while
``_state`` imports the rules (its methods call them), so the rules import nothing of
``_state`` at load.
"""

from __future__ import annotations

import enum

import attrs

from campers_rules._errors import PositionError, quote
from campers_rules._groups import Group
from campers_rules._rows import row_index as row_index

MIN_PLAYERS = 2
"""The fewest seats of a game (UC-2)."""
MAX_PLAYERS = 6
"""The most seats of a game (UC-2): the size of the rule families' per-seat tables."""
MAX_VERSION = (1 << 53) - 1
"""The highest version (and build step count) a state may reach and a document carry
(UC-32): 2**53 - 1, the largest integer a JavaScript client reads from JSON exactly. A
state at it accepts no further move (:class:`~campers_rules.VersionLimitError`), so every
state a legal move reaches can be saved and read back."""


def check_players(players: object) -> None:
    """Refuse a player count no game has (UC-2): the :class:`PositionError` of every
    callable taking one."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PositionError(f"Unhappy Campers takes 2 to 6 players, not {quote(players)} (UC-2)")


class Phase(enum.Enum):
    """Where the current turn stands (UC-6)."""

    DRAW = "draw"
    """The player whose turn it is must draw first."""
    PLAY = "play"
    """Table moves, at most one action card, then the discard."""
    OVER = "over"
    """The game is over."""


# The members as plain module constants for the per-step code: on CPython 3.11 reading a
# member off an Enum class (``Phase.OVER``) goes through EnumType's ``__getattr__`` hook, some
# 900 machine instructions, where a module global costs a dictionary look-up.
DRAW = Phase.DRAW
PLAY = Phase.PLAY
OVER = Phase.OVER


@attrs.frozen
class Site:
    """A campsite on the table: the card (its catalogue index) and its groups (UC-7)."""

    campsite: int
    groups: tuple[Group, ...]

