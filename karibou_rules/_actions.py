"""The actions of Karibou Camp and their text forms.

Every action is a frozen attrs class whose first field is the acting ``player``;
``str(action)`` is a short text form that :func:`parse_action` reads back.

>>> parse_action("p2 exchange Bear for Duck")
Exchange(player=2, give=<Card.BEAR: 2>, take=<Card.DUCK: 6>)
>>> str(parse_action("P1 SIGN duck seen by p3,p0"))
'p1 sign Duck seen by p0,p3'
>>> str(parse_action("p1 pawn all on p3")), str(parse_action("p0 complete from pile"))
('p1 pawn All on p3', 'p0 complete from pile')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeAlias

import attrs

from karibou_rules._cards import PILE, Card, Pile, Tile, parse_tile
from karibou_rules._errors import ParseError, as_text, quote


@attrs.frozen
class Reveal:
    """Shout "Karibou Camp!" and turn the face-down center up; exchanges begin (KC-14)."""

    player: int
    """The seat that acts."""

    def __str__(self) -> str:
        return f"p{self.player} reveal"


@attrs.frozen
class Exchange:
    """Put ``give`` from hand into the center and take ``take`` from it, at once (KC-4)."""

    player: int
    """The seat that acts."""
    give: Card
    """The species put into the center (never the Scout)."""
    take: Card
    """The species taken from the center (never the Scout, never ``give``)."""

    def __str__(self) -> str:
        return f"p{self.player} exchange {self.give} for {self.take}"


@attrs.frozen
class PlayScout:
    """Put a Scout from hand into the center: exchanges stop at once (KC-5)."""

    player: int
    """The seat that acts."""

    def __str__(self) -> str:
        return f"p{self.player} scout"


@attrs.frozen
class CompleteHand:
    """The Scout player completes their hand from the center or the pile (KC-5)."""

    player: int
    """The seat that played the Scout."""
    source: Card | Pile
    """A species in the center, or :data:`PILE` for the top card of the pile."""

    def __str__(self) -> str:
        return f"p{self.player} complete from {self.source}"


@attrs.frozen
class Pass:
    """Declare that one wishes no further exchange for now (KC-6)."""

    player: int
    """The seat that acts."""

    def __str__(self) -> str:
        return f"p{self.player} pass"


@attrs.frozen
class Sign:
    """Make the sign of a species, holding the family or bluffing (KC-7).

    ``noticed_by`` is the set of players who noticed it; ``None`` (the default)
    means every other player.
    """

    player: int
    """The seat that makes the sign."""
    species: Card
    """The species whose sign is made (never the Scout)."""
    noticed_by: frozenset[int] | None = None
    """Who noticed the sign: a set of other seats, or ``None`` for all of them."""

    def __str__(self) -> str:
        if self.noticed_by is None:
            return f"p{self.player} sign {self.species}"
        seen = ",".join(f"p{seat}" for seat in sorted(self.noticed_by)) or "nobody"
        return f"p{self.player} sign {self.species} seen by {seen}"


@attrs.frozen
class PlacePawn:
    """Place the Giga-pawn on a round tile and name a player; the round ends (KC-8).

    Naming one's teammate is a claim, naming an opponent an accusation; the Coyote
    claims by naming himself.
    """

    player: int
    """The seat that places the pawn."""
    tile: Tile
    """A species tile or :data:`ALL_ANIMALS`."""
    named: int
    """The seat whose family is claimed or who is accused."""

    def __str__(self) -> str:
        return f"p{self.player} pawn {self.tile} on p{self.named}"


Action: TypeAlias = Reveal | Exchange | PlayScout | CompleteHand | Pass | Sign | PlacePawn
"""Any action of Karibou Camp."""
ACTION_TYPES: tuple[type[Action], ...] = (
    Reveal, Exchange, PlayScout, CompleteHand, Pass, Sign, PlacePawn,
)  # fmt: skip
"""The action classes, as in :data:`Action`."""


def _total_text(kind: type) -> None:
    """Make ``str`` and ``repr`` of an action class total: a hand-built action whose text
    cannot be formed (an int past Python's 4,300-digit print limit, ``None`` where a
    group or a campsite goes) shows its fields one by one, each by :func:`quote`, so
    printing it (in a log, an error message) never raises."""
    text: Callable[[object], str] = vars(kind)["__str__"]
    shown: Callable[[object], str] = vars(kind)["__repr__"]

    def __str__(action: object) -> str:
        try:
            return text(action)
        except Exception:  # a field that cannot print: the text form has no place for it
            return _fields_text(action)

    def __repr__(action: object) -> str:
        try:
            return shown(action)
        except Exception:  # attrs' repr of an int too long to print
            return _fields_text(action)

    setattr(kind, "__str__", __str__)  # noqa: B010 (mypy refuses assigning a method)
    setattr(kind, "__repr__", __repr__)  # noqa: B010


def _fields_text(action: Any) -> str:
    fields = ", ".join(f"{field.name}={quote(getattr(action, field.name, None))}"
                       for field in attrs.fields(type(action)))
    return f"{type(action).__name__}({fields})"


for _kind in ACTION_TYPES:
    _total_text(_kind)

_SEAT = r"p(\d)"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern + r"$", re.ASCII), kind)
    for pattern, kind in (
        (_SEAT + r" reveal", "reveal"),
        (_SEAT + r" exchange (\w+) for (\w+)", "exchange"),
        (_SEAT + r" scout", "scout"),
        (_SEAT + r" complete from (\w+)", "complete"),
        (_SEAT + r" pass", "pass"),
        (_SEAT + r" sign (\w+)(?: seen by (nobody|p\d(?:,p\d)*))?", "sign"),
        (_SEAT + r" pawn (\w+) on " + _SEAT, "pawn"),
    )
)


def parse_action(text: str) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``).

    Raises:
        ParseError: The text is not an action.
    """
    words = " ".join(as_text(text, "an action").lower().split())
    for pattern, kind in _PATTERNS:
        match = pattern.match(words)
        if match is not None:
            try:
                return _build(kind, match.groups())
            except ParseError as error:
                raise ParseError(f"not an action: {quote(text)} ({error})", text, 0) from None
    raise ParseError(f"not an action: {quote(text)}", text, 0)


def _build(kind: str, groups: tuple[str | None, ...]) -> Action:
    # Every seat the patterns match is one ASCII digit (re.ASCII), so int() is safe.
    player = int(groups[0] or "0")
    words = [group or "" for group in groups[1:]]
    if kind == "reveal":
        return Reveal(player)
    if kind == "exchange":
        return Exchange(player, Card.parse(words[0]), Card.parse(words[1]))
    if kind == "scout":
        return PlayScout(player)
    if kind == "complete":
        return CompleteHand(player, PILE if words[0] == "pile" else Card.parse(words[0]))
    if kind == "pass":
        return Pass(player)
    if kind == "sign":
        noticed = None
        if groups[2] is not None:
            seats = [] if words[1] == "nobody" else words[1].split(",")
            noticed = frozenset(int(seat[1:]) for seat in seats)
        return Sign(player, Card.parse(words[0]), noticed)
    return PlacePawn(player, parse_tile(words[0]), int(words[1]))
