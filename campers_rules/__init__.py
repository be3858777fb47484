"""Rules engine for the card game *Unhappy Campers*."""

from __future__ import annotations

from campers_rules._cards import (
    DECK,
    FACES,
    WILD,
    ActionKind,
    Card,
    Color,
    action_card,
    format_cards,
    natural,
    parse_cards,
)
from campers_rules._errors import (
    CampersError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    ParseError,
    SerializationError,
)

__all__ = [
    "DECK",
    "FACES",
    "WILD",
    "ActionKind",
    "CampersError",
    "Card",
    "Color",
    "GameOverError",
    "IllegalActionError",
    "NotYourTurnError",
    "ParseError",
    "SerializationError",
    "action_card",
    "format_cards",
    "natural",
    "parse_cards",
]
