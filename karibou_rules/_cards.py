"""Card faces, round tiles and team cards of Karibou Camp (KC-1, KC-2).

Cards of one face are interchangeable, so the engine works with faces: a hand is a
multiset of faces, kept as a sorted tuple.

>>> Card.parse("duck"), str(Card.SCOUT), Card.DUCK.sign
(<Card.DUCK: 6>, 'Scout', 'neck')
>>> len(DECK), DECK.count(Card.BEAR), DECK.count(Card.SCOUT)
(56, 7, 7)
>>> parse_tile("All") is ALL_ANIMALS, str(Team.COYOTE)
(True, 'Coyote')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TypeAlias

from karibou_rules._errors import (
    KaribouError,
    ParseError,
    PositionError,
    SeatError,
    as_text,
    quote,
)


class Card(enum.IntEnum):
    """A card face: one of the seven species, or the Scout (KC-1).

    The integer values order the faces as the rulebook lists the species, the Scout
    last, so a sorted hand puts its Scouts at the end.
    """

    ELK = 0
    POLECAT = 1
    BEAR = 2
    MARMOT = 3
    RACCOON = 4
    SQUIRREL = 5
    DUCK = 6
    SCOUT = 7

    def __str__(self) -> str:
        return _TEXT[self]

    @property
    def is_species(self) -> bool:
        """True for an animal card, False for the Scout."""
        return self is not Card.SCOUT

    @property
    def sign(self) -> str:
        """The part of the body that signals a family of this species (KC-1)."""
        if self is Card.SCOUT:
            raise KaribouError("the Scout has no sign")
        return SIGNS[self]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a face from its name, in any case: ``"Duck"``, ``"scout"``.

        Raises:
            ParseError: ``text`` is no card's name (or no str).
        """
        card = _BY_TEXT.get(as_text(text, "a card").strip().lower())
        if card is None:
            raise ParseError(f"not a Karibou Camp card: {quote(text)}", text, 0)
        return card


SPECIES: tuple[Card, ...] = tuple(card for card in Card if card is not Card.SCOUT)
"""The seven species, in the rulebook's order."""
SIGNS: dict[Card, str] = dict(
    zip(SPECIES, ("tongue", "nose", "teeth", "eyes", "hands", "ears", "neck"), strict=True)
)
"""The sign of each species (KC-1)."""
COPIES = 7
"""Cards of each species, and Scout cards, in the game."""
DECK: tuple[Card, ...] = tuple(card for card in Card for _ in range(COPIES))
"""All 56 cards, unshuffled: 49 animals and 7 Scouts (KC-1)."""
_TEXT: dict[Card, str] = {card: card.name.title() for card in Card}
_BY_TEXT: dict[str, Card] = {card.name.lower(): card for card in Card}


class AllAnimals(enum.Enum):
    """The type of :data:`ALL_ANIMALS`, the round tile that shows every animal."""

    ALL_ANIMALS = "All"

    def __str__(self) -> str:
        return self.value


ALL_ANIMALS = AllAnimals.ALL_ANIMALS
"""The round tile for "some family, I could not tell which" (fewer points)."""
Tile: TypeAlias = Card | AllAnimals
"""A round tile: a species card face, or :data:`ALL_ANIMALS`."""
TILES: tuple[Tile, ...] = (*SPECIES, ALL_ANIMALS)
"""The eight round tiles."""


class Pile(enum.Enum):
    """The type of :data:`PILE`, the draw pile as a source of a card."""

    PILE = "pile"

    def __str__(self) -> str:
        return self.value


PILE = Pile.PILE
"""The top card of the draw pile, as the source of a Scout player's completion (KC-5)."""


def parse_tile(text: str) -> Tile:
    """Read a round tile: a species name or ``"All"``.

    Raises:
        ParseError: ``text`` names no species and is not ``All`` (there is no Scout tile).
    """
    if as_text(text, "a round tile").strip().lower() == "all":
        return ALL_ANIMALS
    card = Card.parse(text)
    if card is Card.SCOUT:
        raise ParseError("there is no Scout tile", text, 0)
    return card


class Team(enum.IntEnum):
    """A team card (KC-2). Two players holding the same card are teammates."""

    VETERINARIAN = 0
    PHOTOGRAPHER = 1
    FOREST_RANGER = 2
    COYOTE = 3

    def __str__(self) -> str:
        return _TEAM_TEXT[self]

    @classmethod
    def parse(cls, text: str) -> Team:
        """Read a team card from its name: ``"Photographer"``, ``"forest ranger"``.

        Raises:
            ParseError: ``text`` is no team card's name (or no str).
        """
        words = as_text(text, "a team card").lower().replace("_", " ").split()
        team = _TEAM_BY_TEXT.get(" ".join(words))
        if team is None:
            raise ParseError(f"not a team card: {quote(text)}", text, 0)
        return team


_TEAM_TEXT: dict[Team, str] = {team: team.name.replace("_", " ").title() for team in Team}
_TEAM_BY_TEXT: dict[str, Team] = {text.lower(): team for team, text in _TEAM_TEXT.items()}

MIN_PLAYERS = 3
MAX_PLAYERS = 7


def check_players(players: object) -> None:
    """Refuse a player count no game has (KC-2): the :class:`PositionError` of every
    callable taking one."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PositionError(f"Karibou Camp is for 3 to 7 players, not {quote(players)} [KC-2]")


def check_seat(players: int, player: object) -> None:
    """Raise :class:`SeatError` unless ``player`` is a seat of a game of ``players`` (KC-2)."""
    if type(player) is not int or not 0 <= player < players:
        raise SeatError(None, f"there is no seat {quote(player)} in a {players}-player game",
                        "KC-2")


def team_cards(players: int) -> tuple[Team, ...]:
    """The team cards used with this many players, per the rulebook's table (KC-2).

    ``players // 2`` pairs, taken in the order Veterinarian, Photographer, Forest
    Ranger, and the Coyote when the number is odd.

    >>> [str(team) for team in team_cards(5)]
    ['Veterinarian', 'Veterinarian', 'Photographer', 'Photographer', 'Coyote']

    Raises:
        PositionError: ``players`` is not 3 to 7 (KC-2).
    """
    check_players(players)
    pairs = [team for team in Team if team is not Team.COYOTE][: players // 2]
    cards: list[Team] = [team for team in pairs for _ in range(2)]
    if players % 2:
        cards.append(Team.COYOTE)
    return tuple(cards)


def hand_size(team: Team) -> int:
    """The hand size of a player of this team: 5, the Coyote 6 (KC-3).

    Raises:
        PositionError: ``team`` is no :class:`Team` (a seat or a name is not one).
    """
    if not isinstance(team, Team):
        raise PositionError(f"a hand size is a team card's, not {quote(team)}'s [KC-3]")
    return 6 if team is Team.COYOTE else 5


def center_size(players: int) -> int:
    """Face-down center cards per deal: 3 with 3 players, 4 with 4-5, 5 with 6-7 (KC-3).

    Raises:
        PositionError: ``players`` is not 3 to 7 (KC-2).
    """
    check_players(players)
    return 3 if players == 3 else 4 if players <= 5 else 5


def family_of(hand: tuple[Card, ...], team: Team) -> Card | None:
    """The species of the family in a sorted hand, or ``None`` (KC-9).

    A family is a hand of exactly 5 cards of one species; the Coyote's is 6.

    >>> family_of((Card.DUCK,) * 5, Team.VETERINARIAN), family_of((Card.DUCK,) * 5, Team.COYOTE)
    (<Card.DUCK: 6>, None)

    Raises:
        PositionError: ``team`` is no :class:`Team` (see :func:`hand_size`).
    """
    first = hand[0] if hand else Card.SCOUT
    if len(hand) == hand_size(team) and first is not Card.SCOUT and first == hand[-1]:
        return first
    return None


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas, as a sorted hand: ``"Duck Elk Duck"``.

    Raises:
        ParseError: A word is no card's name, or ``text`` no str.
    """
    words = as_text(text, "cards").replace(",", " ").split()
    return tuple(sorted(Card.parse(word) for word in words))


def format_cards(cards: Iterable[Card]) -> str:
    """The text form of some cards, read back by :func:`parse_cards`.

    Never raises for cards.
    """
    return " ".join(str(card) for card in cards)
