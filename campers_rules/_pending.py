"""Decisions that wait on players other than (or besides) the one whose turn it is.

While one of these is pending, ``State.actors`` is exactly the players who must decide.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from campers_rules._actions import (
    BearAttack,
    GoFishing,
    LostCamper,
    Request,
    Roasted,
    Smores,
    Squat,
    TrashPanda,
)
from campers_rules._cards import Card

Deniable: TypeAlias = BearAttack | Smores | Roasted | GoFishing | LostCamper | TrashPanda | Squat
"""A play that opens a Bear Spray window: an action card or a squat (UC-14)."""


@attrs.frozen
class SprayWindow:
    """A Bear Spray response window (UC-14).

    Attributes:
        play: The play that may be denied.
        sprayers: The Bear Sprays played on it so far, in order (a chain).
        waiting: Players still to answer about the top of the chain, in seat order; the
            first one is asked now.
    """

    play: Deniable
    sprayers: tuple[int, ...]
    waiting: tuple[int, ...]


@attrs.frozen
class RepairChoice:
    """After a Bear Attack the owner repairs the damaged group or lets it fall (UC-13, UC-24).

    Attributes:
        owner: The attacked player, who decides.
        campsite: The damaged campsite (catalogue index).
        group: The damaged group's index within that campsite.
    """

    owner: int
    campsite: int
    group: int


@attrs.frozen
class FishingChoice:
    """The Go Fishing target chooses which matching card to hand over (UC-17)."""

    fisher: int
    target: int
    request: Request


@attrs.frozen
class PassChoice:
    """Lost Camper: every player holding a card secretly chooses one to pass left (UC-18).

    Attributes:
        chosen: Each seat's chosen card so far (``None``: not chosen or nothing to pass).
        waiting: The seats that still have to choose.
    """

    chosen: tuple[Card | None, ...]
    waiting: frozenset[int]


Pending: TypeAlias = SprayWindow | RepairChoice | FishingChoice | PassChoice
"""Any pending decision."""
