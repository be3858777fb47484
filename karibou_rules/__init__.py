"""Rules engine for the card game *Karibou Camp*."""

from __future__ import annotations

from karibou_rules._errors import (
    GameOverError,
    IllegalActionError,
    KaribouError,
    NotYourTurnError,
    ParseError,
    SerializationError,
)

__all__ = [
    "GameOverError",
    "IllegalActionError",
    "KaribouError",
    "NotYourTurnError",
    "ParseError",
    "SerializationError",
]
