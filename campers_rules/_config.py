"""Every option of a game of Unhappy Campers, in one frozen object with documented defaults."""

from __future__ import annotations

import sys

import attrs

from campers_rules._catalogue import CATALOGUE, Campsite
from campers_rules._errors import CampersError
from campers_rules.solver import Backend

DEFAULT_ROUNDS = 5
"""The rulebook's suggested number of rounds (UC-21)."""
DEFAULT_TURN_CAP = 200
"""Turns per round after which the stalemate guard ends the round (UC-22)."""
BACKENDS = ("native", "z3")
"""The meld solver backends a game may use."""
DEFAULT_CLAIM_LIMIT = 128
"""Claims per campsite that ``legal_actions`` lists at most for one hand."""


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not 1 <= value <= sys.maxsize:
        raise CampersError(f"{attribute.name} must be from 1 to {sys.maxsize}, got {value}")


def _fifteen(
    instance: object, attribute: attrs.Attribute[tuple[Campsite, ...]], value: tuple[Campsite, ...]
) -> None:
    if len(value) != 15:
        raise CampersError(f"a catalogue holds 15 campsites, got {len(value)} (UC-1, UC-3)")


@attrs.frozen
class Config:
    """The options of a game.

    Attributes:
        rounds: Rounds in a game (UC-21); default 5.
        catalogue: The 15 campsite faces (UC-3); default the project's catalogue.
        turn_cap: Turns per round before the stalemate guard ends it (UC-22); default 200.
        backend: The meld solver backend, ``"native"`` (default) or ``"z3"``.
        ask_everyone: Ask every other player to answer each Bear Spray window, holders or
            not, so that waiting reveals nothing (UC-14); default ``False`` (only holders).
        claim_limit: Most claims per campsite, and most new groups per own campsite, that
            ``legal_actions`` lists for one hand (default 128). Only huge hands reach it;
            every claim beyond it is still legal through ``is_legal`` and ``apply``.

    >>> Config().rounds, Config().turn_cap, Config().ask_everyone
    (5, 200, False)
    """

    rounds: int = attrs.field(default=DEFAULT_ROUNDS, validator=_positive)
    catalogue: tuple[Campsite, ...] = attrs.field(
        factory=lambda: CATALOGUE, validator=_fifteen, repr=False
    )
    turn_cap: int = attrs.field(default=DEFAULT_TURN_CAP, validator=_positive)
    backend: Backend = attrs.field(default="native", validator=attrs.validators.in_(BACKENDS))
    ask_everyone: bool = False
    claim_limit: int = attrs.field(default=DEFAULT_CLAIM_LIMIT, validator=_positive)
