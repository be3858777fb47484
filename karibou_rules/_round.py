"""The moving parts of a round: its phase and the signs made in it, and the bound of the
version that counts its decision points (KC-17)."""

from __future__ import annotations

import enum
import functools

import attrs

from karibou_rules._cards import Card

MAX_VERSION = 2**53 - 1
"""The highest version a state may reach and a document carry (KC-17): 2**53 - 1, the
largest integer a JavaScript client reads from JSON exactly. A state at it accepts no
further action (:class:`~karibou_rules.VersionLimitError`), so every state a legal action
reaches can be saved and read back."""


class Phase(enum.Enum):
    """Where a round stands."""

    DEALT = "dealt"
    """The center lies face down; any player may reveal it (KC-14)."""
    EXCHANGE = "exchange"
    """The center is face up and players exchange, play a Scout or pass (KC-4..KC-6)."""
    SCOUT = "scout"
    """A Scout was played; its player completes their hand (KC-5)."""
    OVER = "over"
    """The game has ended (KC-11)."""


@attrs.frozen
class SignSeen:
    """A sign of this round that the viewer made or noticed (KC-7, KC-12)."""

    player: int
    """The seat that made it."""
    species: Card
    """The species it stands for."""


@attrs.frozen
class SignRecord:
    """A sign made during the current round (KC-7)."""

    player: int
    """The seat that made it."""
    species: Card
    """The species it stands for."""
    noticed_by: frozenset[int]
    """The seats that noticed it."""

    @functools.cached_property
    def seen(self) -> SignSeen:
        """The sign as the seats that made or noticed it see it in their views, made on the
        first view and kept with the record, which the round's later states share (not
        part of its value or its JSON)."""
        return SignSeen(self.player, self.species)
