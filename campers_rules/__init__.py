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
from campers_rules._catalogue import (
    CATALOGUE,
    Campsite,
    campsite,
    parse_campsite,
    parse_catalogue,
)
from campers_rules._errors import (
    CampersError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    ParseError,
    SerializationError,
)
from campers_rules._groups import MAX_SIZE, MIN_SIZE, Group, GroupKind, Placed
from campers_rules._requirements import GroupSpec, Matching, Requirement

__all__ = [
    "CATALOGUE",
    "DECK",
    "FACES",
    "MAX_SIZE",
    "MIN_SIZE",
    "WILD",
    "ActionKind",
    "CampersError",
    "Campsite",
    "Card",
    "Color",
    "GameOverError",
    "Group",
    "GroupKind",
    "GroupSpec",
    "IllegalActionError",
    "Matching",
    "NotYourTurnError",
    "ParseError",
    "Placed",
    "Requirement",
    "SerializationError",
    "action_card",
    "campsite",
    "format_cards",
    "natural",
    "parse_campsite",
    "parse_cards",
    "parse_catalogue",
]
