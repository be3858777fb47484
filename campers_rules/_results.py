"""Round results as data (UC-20..UC-22)."""

from __future__ import annotations

import enum

import attrs


class RoundEnd(enum.Enum):
    """Why a round ended."""

    WENT_OUT = "went_out"
    """A player emptied their hand while owning a complete campsite (UC-8)."""
    TURN_CAP = "turn_cap"
    """The stalemate guard's turn cap was reached; nobody went out (UC-22)."""


@attrs.frozen
class RoundResult:
    """What one round scored.

    Attributes:
        round: The round number, from 0.
        reason: Why the round ended.
        went_out: The seat that went out, or ``None`` (UC-22).
        points: Points each seat scored this round (campsite and campfire points).
        kept: Campsite indexes (into the catalogue) each seat kept for good (UC-20).
    """

    round: int
    reason: RoundEnd
    went_out: int | None
    points: tuple[int, ...]
    kept: tuple[tuple[int, ...], ...]
