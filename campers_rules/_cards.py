"""Card faces of Unhappy Campers and the composition of the deck (UC-1).

A face is a numbered card (number 2..13 in one of four colors), a wild, or one of the
seven action cards. The two copies of a face are interchangeable, so the library works
with faces: every face is one interned :class:`Card`, an ``int`` (its id, 0..55, see
:data:`FACES`) that knows its color, number or action, and a hand is a multiset of faces:
a sorted tuple of small ints.

>>> Card.parse("B7")
Card.parse('B7')
>>> str(Card.parse("y13")), str(WILD), str(Card.parse("BearSpray"))
('Y13', 'W', 'BearSpray')
>>> len(DECK), DECK.count(Card.parse("B7")), DECK.count(WILD)
(126, 2, 4)
>>> Card.parse("B7") == Card.parse("B7").index == 5, sorted([WILD, Card.parse("B2")])
(True, [Card.parse('B2'), Card.parse('W')])
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping

from campers_rules._errors import ParseError, as_text

LOWEST = 2
"""The lowest card number; runs start at 2 at the earliest."""
HIGHEST = 13
"""The highest card number; runs do not wrap past 13."""
NUMBERS = range(LOWEST, HIGHEST + 1)


class Color(enum.Enum):
    """The four card colors, named by their one-letter text form (UC-1)."""

    BLUE = "B"
    YELLOW = "Y"
    RED = "R"
    GREEN = "G"

    # Members are singletons: the identity hash (in C) keeps every dict keyed by colors
    # cheap on the hot path; Enum's own hashes the name, no more stable across processes.
    __hash__ = object.__hash__


class ActionKind(enum.Enum):
    """The seven action cards, named by their text form (UC-1, UC-13..UC-19)."""

    BEAR_ATTACK = "BearAttack"
    BEAR_SPRAY = "BearSpray"
    SMORES = "Smores"
    ROASTED = "Roasted"
    GO_FISHING = "GoFishing"
    LOST_CAMPER = "LostCamper"
    TRASH_PANDA = "TrashPanda"

    # Singletons too: the identity hash (in C), as for colors; sets of kinds are only
    # asked for membership.
    __hash__ = object.__hash__


ACTION_COPIES: Mapping[ActionKind, int] = {
    ActionKind.BEAR_ATTACK: 8,
    ActionKind.BEAR_SPRAY: 4,
    ActionKind.SMORES: 4,
    ActionKind.ROASTED: 4,
    ActionKind.GO_FISHING: 2,
    ActionKind.LOST_CAMPER: 2,
    ActionKind.TRASH_PANDA: 2,
}
"""How many copies of each action card the deck holds (26 in all)."""
NATURAL_COPIES = 2
"""Copies of each numbered face (96 numbered cards)."""
WILD_COPIES = 4


class Card(int):
    """One card face, which is its integer id (:attr:`index`): a hand, the deck and the
    discard pile are tuples of small ints, so membership, order and hashing are the
    built-in integer ones. Faces are interned: compare them with ``==`` or ``is``.

    Build faces with :meth:`parse`, :func:`natural`, :func:`action_card` or :data:`WILD`.
    """

    color: Color | None
    """The color of a numbered card, else ``None``."""
    number: int | None
    """The number (2..13) of a numbered card, else ``None``."""
    action: ActionKind | None
    """The kind of an action card, else ``None``."""

    def __init__(self) -> None:
        raise TypeError("use Card.parse, natural(), action_card() or WILD")

    @classmethod
    def _make(
        cls, index: int, color: Color | None, number: int | None, action: ActionKind | None
    ) -> Card:
        card = int.__new__(cls, index)
        object.__setattr__(card, "color", color)
        object.__setattr__(card, "number", number)
        object.__setattr__(card, "action", action)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (str(self),))

    @property
    def index(self) -> int:
        """A dense index of the face, 0..FACE_COUNT-1, in the order of :data:`FACES`: the
        card's own integer value."""
        return int(self)

    @property
    def is_natural(self) -> bool:
        """True for a numbered card."""
        return self.number is not None

    @property
    def is_wild(self) -> bool:
        return self is WILD

    @property
    def is_action(self) -> bool:
        return self.action is not None

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a face from its text form: ``B7``, ``y13``, ``W``, ``BearSpray``.

        Raises:
            ParseError: ``text`` is no card's text (or no str).
        """
        card = _BY_TEXT.get(as_text(text, "a card").strip().upper())
        if card is None:
            raise ParseError(f"not a card: {text!r}", text, 0)
        return card

    def __str__(self) -> str:
        if self.action is not None:
            return self.action.value
        if self.color is None:
            return "W"
        return f"{self.color.value}{self.number}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __bool__(self) -> bool:
        """Every face is a true value: B2, face id 0, too (a card or ``None`` reads so)."""
        return True

    def __format__(self, spec: str) -> str:
        """A face formats as its text (``f"{card:>4}"`` is ``"  B7"``), not as its id."""
        return format(str(self), spec)


def _build_faces() -> tuple[Card, ...]:
    faces: list[Card] = []
    for color in Color:
        for number in NUMBERS:
            faces.append(Card._make(len(faces), color, number, None))
    faces.append(Card._make(len(faces), None, None, None))
    for kind in ActionKind:
        faces.append(Card._make(len(faces), None, None, kind))
    return tuple(faces)


FACES: tuple[Card, ...] = _build_faces()
"""Every distinct face: 48 numbered (by color, then number), the wild, 7 actions."""
FACE_COUNT = len(FACES)
WILD: Card = FACES[4 * len(NUMBERS)]
"""The wild face."""
_BY_TEXT: dict[str, Card] = {str(card).upper(): card for card in FACES}
_NATURALS: dict[tuple[Color, int], Card] = {
    (card.color, card.number): card
    for card in FACES
    if card.color is not None and card.number is not None
}
_ACTIONS: dict[ActionKind, Card] = {card.action: card for card in FACES if card.action}


def natural(color: Color, number: int) -> Card:
    """The numbered face of this color and number.

    Raises:
        ParseError: No numbered card has this color and number (numbers run 2..13).
    """
    try:
        return _NATURALS[(color, number)]
    except KeyError:
        raise ParseError(f"no card {color.value}{number}: numbers run 2..13") from None


def action_card(kind: ActionKind) -> Card:
    """The face of an action card.

    Never raises for an :class:`ActionKind`.
    """
    return _ACTIONS[kind]


def copies_in_deck(card: Card) -> int:
    """How many copies of this face the 126-card deck holds."""
    if card.action is not None:
        return ACTION_COPIES[card.action]
    return WILD_COPIES if card is WILD else NATURAL_COPIES


DECK: tuple[Card, ...] = tuple(card for card in FACES for _ in range(copies_in_deck(card)))
"""The whole draw deck, unshuffled: 100 playing cards and 26 action cards (UC-1)."""


def key_counts(key: bytes) -> tuple[list[int], int]:
    """A hand given by its face ids (bytes, the move generation's key): how many of each
    numbered face it holds, by face id, and how many other cards (its wilds, when the key
    holds playing cards only)."""
    counts = [0] * WILD
    wilds = 0
    for index in key:
        if index < WILD:
            counts[index] += 1
        else:
            wilds += 1
    return counts, wilds


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: ``"B5 Y5 R5 W"``.

    Raises:
        ParseError: A word is no card's text, or ``text`` no str.
    """
    return tuple(Card.parse(word) for word in as_text(text, "cards").replace(",", " ").split())


def format_cards(cards: Iterable[Card]) -> str:
    """The text form of several cards, sorted, separated by spaces.

    Never raises for cards.
    """
    return " ".join(str(card) for card in sorted(cards))
