"""The action vocabulary of Unhappy Campers: one frozen class per kind of move.

Every action's first field is the acting seat. ``str(action)`` is a short text form that
:func:`parse_action` reads back:

Campsites are named by their printed ids ``c01`` .. ``c15``; the field holds the
catalogue index (``c05`` is index 4):

>>> a = parse_action("p1 squat 0:c05.1 W=B7")
>>> str(a), a.owner, a.campsite, a.group, str(a.card.face)
('p1 squat 0:c05.1 W=B7', 0, 4, 1, 'W')
>>> str(parse_action("p1 claim c10 [SET B5 Y5 R5]"))
'p1 claim c10 [SET B5 Y5 R5]'

>>> parse_action(str(GoFishing(2, 0, Request.parse("color:Y"))))
GoFishing(player=2, target=0, request=Request(kind=<RequestKind.COLOR: 'color'>, value='Y'))
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from typing import Any, TypeAlias, get_args

import attrs

from campers_rules._cards import ActionKind, Card, Color
from campers_rules._errors import ParseError, as_text, quote
from campers_rules._groups import Group, GroupKind, Placed
from campers_rules._table import format_group, parse_groups


class RequestKind(enum.Enum):
    """What a Go Fishing request names (UC-17)."""

    CARD = "card"
    COLOR = "color"
    NUMBER = "number"
    WILD = "wild"
    ACTION = "action"


@attrs.frozen
class Request:
    """A Go Fishing request: an exact card, a color, a number, a wild or an action kind.

    Attributes:
        kind: What the request names.
        value: The canonical text of what is named: ``B7``, ``Y``, ``7``, ``W``, ``Smores``.
    """

    kind: RequestKind
    value: str

    def matches(self, card: Card) -> bool:
        """True when this card answers the request.

        Never raises for a card.
        """
        kind = self.kind
        if kind is RequestKind.CARD:
            return str(card) == self.value
        if kind is RequestKind.COLOR:
            return card.color is not None and card.color.value == self.value
        if kind is RequestKind.NUMBER:
            return card.number is not None and str(card.number) == self.value
        if kind is RequestKind.WILD:
            return card.is_wild
        return card.action is not None and card.action.value == self.value

    @classmethod
    def parse(cls, text: str) -> Request:
        """Read ``card:B7``, ``color:Y``, ``number:7``, ``wild`` or ``action:Smores``.

        Raises:
            ParseError: ``text`` is no request: an unknown kind, or a value the kind does not
                take (its position is the value's).
        """
        head, _, tail = as_text(text, "a Go Fishing request").strip().partition(":")
        try:
            kind = RequestKind(head.lower())
        except ValueError:
            raise ParseError(f"not a Go Fishing request: {text!r}", text, 0) from None
        if kind is RequestKind.WILD:
            if tail:
                raise ParseError(f"'wild' takes no value: {text!r}", text, len(head))
            return cls(kind, "W")
        if kind is RequestKind.CARD:
            card = Card.parse(tail)
            if not card.is_natural:
                raise ParseError(f"card requests name a numbered card: {text!r}", text, 0)
            return cls(kind, str(card))
        if kind is RequestKind.COLOR:
            try:
                return cls(kind, Color(tail.strip().upper()).value)
            except ValueError:
                raise ParseError(f"not a color: {tail!r}", text, len(head) + 1) from None
        if kind is RequestKind.NUMBER:
            if _NUMBER.fullmatch(tail.strip()) and 2 <= int(tail) <= 13:
                return cls(kind, str(int(tail)))
            raise ParseError(f"not a number 2..13: {tail!r}", text, len(head) + 1)
        for action in ActionKind:
            if action.value.lower() == tail.strip().lower():
                return cls(kind, action.value)
        raise ParseError(f"not an action card: {tail!r}", text, len(head) + 1)

    def __str__(self) -> str:
        if self.kind is RequestKind.WILD:
            return "wild"
        return f"{self.kind.value}:{self.value}"


def _all_requests() -> tuple[Request, ...]:
    out = [Request(RequestKind.CARD, f"{c.value}{n}") for c in Color for n in range(2, 14)]
    out += [Request(RequestKind.COLOR, c.value) for c in Color]
    out += [Request(RequestKind.NUMBER, str(n)) for n in range(2, 14)]
    out.append(Request(RequestKind.WILD, "W"))
    out += [Request(RequestKind.ACTION, k.value) for k in ActionKind]
    return tuple(out)


REQUESTS: tuple[Request, ...] = _all_requests()
"""Every Go Fishing request, in the order legal actions list them (72)."""
TRASH_DEPTH = 5
"""Trash Panda reaches this many cards under it (UC-19)."""


# ----------------------------------------------------------------------------- turn flow


@attrs.frozen
class Draw:
    """Start of turn: draw 1 or 2 cards from the deck (UC-6)."""

    player: int
    count: int

    def __str__(self) -> str:
        return f"p{self.player} draw {self.count}"


@attrs.frozen
class TakeDiscard:
    """Start of turn: take the top card of the discard pile (UC-6)."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} take"


@attrs.frozen
class Discard:
    """End of turn: discard one hand card (UC-6)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"p{self.player} discard {self.card}"


# ----------------------------------------------------------------------------- table moves


@attrs.frozen
class Claim:
    """Lay groups from hand that meet a campground campsite's primitive requirement (UC-7).

    Attributes:
        campsite: The campsite's index in the catalogue (0..14); its text and JSON name it
            by its printed id (index 9 is ``c10``).
        groups: The groups laid, each meeting one primitive spec (minimal groups).
    """

    player: int
    campsite: int
    groups: tuple[Group, ...]

    def __str__(self) -> str:
        groups = " ".join(format_group(g) for g in self.groups)
        return f"p{self.player} claim {campsite_id(self.campsite)} {groups}"


@attrs.frozen
class AddCard:
    """Add one hand card to a group of one's own campsite (UC-7).

    Attributes:
        campsite: The campsite's index in the catalogue (its id in text and JSON).
        group: The group's index within that campsite.
        card: The hand card as placed (a wild with its declared value, UC-5).
    """

    player: int
    campsite: int
    group: int
    card: Placed

    def __str__(self) -> str:
        return f"p{self.player} add {campsite_id(self.campsite)}.{self.group} {self.card}"


@attrs.frozen
class AddGroup:
    """Lay one new valid group from hand on one's own campsite (UC-7)."""

    player: int
    campsite: int
    cards: Group

    def __str__(self) -> str:
        return f"p{self.player} group {campsite_id(self.campsite)} {format_group(self.cards)}"


@attrs.frozen
class Squat:
    """Put one hand card on a group of another player's campsite; its owner draws 1 (UC-9)."""

    player: int
    owner: int
    campsite: int
    group: int
    card: Placed

    def __str__(self) -> str:
        where = f"{self.owner}:{campsite_id(self.campsite)}.{self.group}"
        return f"p{self.player} squat {where} {self.card}"


@attrs.frozen
class SwapWild:
    """Replace a wild in any campsite group with an equal natural hand card (UC-10)."""

    player: int
    owner: int
    campsite: int
    group: int
    card: Card
    """The natural hand card laid in the wild's place."""
    wild: Placed
    """The wild taken, as it was declared."""

    def __str__(self) -> str:
        where = f"{self.owner}:{campsite_id(self.campsite)}.{self.group}"
        return f"p{self.player} swap {where} {self.card} {self.wild}"


@attrs.frozen
class Rearrange:
    """Lay out one's own table cards anew, with hand cards exchanged or added (UC-11).

    Attributes:
        layout: For every campsite the player will own, ``(campsite, groups)``. A campsite
            of the campground named here is claimed by the rearrangement.
    """

    player: int
    layout: tuple[tuple[int, tuple[Group, ...]], ...]

    def __str__(self) -> str:
        parts = [
            f"{campsite_id(site)} " + " ".join(format_group(g) for g in groups)
            for site, groups in self.layout
        ]
        return f"p{self.player} rearrange " + " ; ".join(parts)


# ----------------------------------------------------------------------------- action cards


@attrs.frozen
class BearAttack:
    """Play Bear Attack: take an outside-edge card of another player's campsite (UC-13)."""

    player: int
    owner: int
    campsite: int
    group: int
    card: Placed

    def __str__(self) -> str:
        where = f"{self.owner}:{campsite_id(self.campsite)}.{self.group}"
        return f"p{self.player} play BearAttack {where} {self.card}"


@attrs.frozen
class Smores:
    """Play S'mores: everyone draws 2, from the player going left (UC-15)."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} play Smores"


@attrs.frozen
class Roasted:
    """Play Roasted: the target's next turn is skipped (UC-16)."""

    player: int
    target: int

    def __str__(self) -> str:
        return f"p{self.player} play Roasted {self.target}"


@attrs.frozen
class GoFishing:
    """Play Go Fishing: ask the target for a card matching the request (UC-17)."""

    player: int
    target: int
    request: Request

    def __str__(self) -> str:
        return f"p{self.player} play GoFishing {self.target} {self.request}"


@attrs.frozen
class LostCamper:
    """Play Lost Camper: everyone passes one chosen card to the left (UC-18)."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} play LostCamper"


@attrs.frozen
class TrashPanda:
    """Play Trash Panda: take one of the five cards under it on the discard pile (UC-19).

    Attributes:
        depth: Which of the five: 0 is the top of the pile before the Trash Panda is laid.
        card: The face at that depth (checked).
    """

    player: int
    depth: int
    card: Card

    def __str__(self) -> str:
        return f"p{self.player} play TrashPanda {self.depth} {self.card}"


# ----------------------------------------------------------------------------- decisions


@attrs.frozen
class BearSpray:
    """Answer an open response window with Bear Spray, denying the play (UC-14)."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} spray"


@attrs.frozen
class Decline:
    """Let an open response window go by without Bear Spray (UC-14)."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} decline"


@attrs.frozen
class Repair:
    """After a Bear Attack, put a hand card into the damaged group (UC-13)."""

    player: int
    card: Placed

    def __str__(self) -> str:
        return f"p{self.player} repair {self.card}"


@attrs.frozen
class LetFall:
    """After a Bear Attack, let the damaged group or campsite fall (UC-13, UC-24)."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} fall"


@attrs.frozen
class Give:
    """Hand the Go Fishing player one card matching the request (UC-17)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"p{self.player} give {self.card}"


@attrs.frozen
class PassLeft:
    """Choose the card passed to the left under Lost Camper (UC-18)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"p{self.player} pass {self.card}"


# ----------------------------------------------------------------------------- build steps


@attrs.frozen
class StartClaim:
    """Build step: start a claim of a campground campsite, one card at a time (ids)."""

    player: int
    campsite: int

    def __str__(self) -> str:
        return f"p{self.player} start claim {campsite_id(self.campsite)}"


@attrs.frozen
class StartGroup:
    """Build step: start a new group on one's own campsite (an :class:`AddGroup`)."""

    player: int
    campsite: int

    def __str__(self) -> str:
        return f"p{self.player} start group {campsite_id(self.campsite)}"


@attrs.frozen
class StartRearrange:
    """Build step: start a rearrangement (a :class:`Rearrange`)."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} start rearrange"


@attrs.frozen
class StartSite:
    """Build step, in a rearrangement: start the layout of a campsite."""

    player: int
    campsite: int

    def __str__(self) -> str:
        return f"p{self.player} site {campsite_id(self.campsite)}"


@attrs.frozen
class Lay:
    """Build step: lay one card into the open group (a wild with its declared value)."""

    player: int
    card: Placed

    def __str__(self) -> str:
        return f"p{self.player} lay {self.card}"


@attrs.frozen
class EndGroup:
    """Build step: close the open group as a group of this kind."""

    player: int
    kind: GroupKind

    def __str__(self) -> str:
        return f"p{self.player} end {self.kind.value}"


@attrs.frozen
class Finish:
    """Build step: apply the compound action the build spells (checked as ``apply``)."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} finish"


@attrs.frozen
class Abandon:
    """Build step: drop the open build; the state is as before it started."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} abandon"


Step: TypeAlias = (
    StartClaim | StartGroup | StartRearrange | StartSite | Lay | EndGroup | Finish | Abandon
)
"""A build step of the integer action space: a compound action (:class:`Claim`,
:class:`AddGroup`, :class:`Rearrange`) laid one step at a time."""


Action: TypeAlias = (
    Draw
    | TakeDiscard
    | Discard
    | Claim
    | AddCard
    | AddGroup
    | Squat
    | SwapWild
    | Rearrange
    | BearAttack
    | Smores
    | Roasted
    | GoFishing
    | LostCamper
    | TrashPanda
    | BearSpray
    | Decline
    | Repair
    | LetFall
    | Give
    | PassLeft
)
"""Any action of the vocabulary."""


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


for _kind in (*get_args(Action), *get_args(Step)):
    _total_text(_kind)



# ----------------------------------------------------------------------------- parsing

_HEAD = re.compile(r"\s*P([0-9]{1,6})\s+(\w+)\s*(.*)$", re.IGNORECASE | re.DOTALL | re.ASCII)
_SPOT = re.compile(r"([0-9]{1,6}):(c[0-9]{2})\.([0-9]{1,6})$", re.ASCII | re.IGNORECASE)
_OWN_SPOT = re.compile(r"(c[0-9]{2})\.([0-9]{1,6})$", re.ASCII | re.IGNORECASE)
_NUMBER = re.compile(r"[0-9]{1,6}", re.ASCII)
"""A number in an action's text: ASCII digits (``'²'.isdigit()`` is true), at most six."""


def _short(text: str) -> str:
    """The text for an error message, cut to a short prefix."""
    return repr(text) if len(text) <= 60 else repr(text[:60]) + "..."


def _spot(text: str, whole: str) -> tuple[int, int, int]:
    match = _SPOT.match(text)
    if match is None:
        raise ParseError(f"expected owner:campsite.group, got {_short(text)}", whole, 0)
    return int(match[1]), campsite_index(match[2]), int(match[3])


def _seat(text: str, whole: str, what: str = "a seat") -> int:
    if not _NUMBER.fullmatch(text):
        raise ParseError(f"expected {what} in {_short(whole)}", whole, 0)
    return int(text)


CAMPSITES = 15
"""Campsites in every catalogue (UC-1): ids ``c01`` .. ``c15``, indexes 0 .. 14."""


def campsite_id(index: int) -> str:
    """The printed id of the campsite at this catalogue index: 9 is ``c10``."""
    return f"c{index + 1:02d}"


def campsite_index(text: str) -> int:
    """The catalogue index of a printed campsite id: ``c10`` is 9.

    Raises:
        ParseError: ``text`` is not an id ``c01`` .. ``c15``.
    """
    if (
        type(text) is str
        and len(text) == 3
        and text[0] in "cC"
        and _NUMBER.fullmatch(text[1:])
        and 1 <= int(text[1:]) <= CAMPSITES
    ):
        return int(text[1:]) - 1
    raise ParseError(f"expected a campsite c01..c15, got {_short(str(text))}", str(text), 0)


def _words(rest: str, count: int, whole: str) -> list[str]:
    words = rest.split()
    if len(words) != count:
        raise ParseError(f"expected {count} argument(s) in {_short(whole)}", whole, 0)
    return words


def _parse_with(player: int, verb: str, rest: str, whole: str) -> Action | Step:
    if verb == "draw":
        (count,) = _words(rest, 1, whole)
        if count not in ("1", "2"):
            raise ParseError(f"draw 1 or 2, not {_short(count)}", whole, 0)
        return Draw(player, int(count))
    if verb in ("take", "spray", "decline", "fall"):
        _words(rest, 0, whole)
        simple: dict[str, type[TakeDiscard | BearSpray | Decline | LetFall]] = {
            "take": TakeDiscard,
            "spray": BearSpray,
            "decline": Decline,
            "fall": LetFall,
        }
        return simple[verb](player)
    if verb in ("discard", "give", "pass"):
        (card_text,) = _words(rest, 1, whole)
        card_cls: dict[str, type[Discard | Give | PassLeft]] = {
            "discard": Discard,
            "give": Give,
            "pass": PassLeft,
        }
        return card_cls[verb](player, Card.parse(card_text))
    if verb == "repair":
        (placed,) = _words(rest, 1, whole)
        return Repair(player, Placed.parse(placed))
    if verb == "claim" or verb == "group":
        site_text, _, groups_text = rest.strip().partition(" ")
        site = campsite_index(site_text)
        groups = parse_groups(groups_text)
        if verb == "claim":
            return Claim(player, site, groups)
        if len(groups) != 1:
            raise ParseError(f"'group' lays exactly one group: {_short(whole)}", whole, 0)
        return AddGroup(player, site, groups[0])
    if verb == "add":
        where, placed = _words(rest, 2, whole)
        match = _OWN_SPOT.match(where)
        if match is None:
            raise ParseError(f"expected campsite.group, got {_short(where)}", whole, 0)
        return AddCard(player, campsite_index(match[1]), int(match[2]), Placed.parse(placed))
    if verb == "squat":
        where, placed = _words(rest, 2, whole)
        return Squat(player, *_spot(where, whole), Placed.parse(placed))
    if verb == "swap":
        where, card_text, wild_text = _words(rest, 3, whole)
        wild = Placed.parse(wild_text)
        if not wild.is_wild:
            raise ParseError(f"expected W=<face> in {_short(whole)}", whole, 0)
        return SwapWild(player, *_spot(where, whole), Card.parse(card_text), wild)
    if verb == "rearrange":
        layout = []
        for part in rest.split(";"):
            site_text, _, groups_text = part.strip().partition(" ")
            layout.append((campsite_index(site_text), parse_groups(groups_text)))
        return Rearrange(player, tuple(layout))
    if verb == "play":
        return _parse_play(player, rest, whole)
    if verb in ("start", "site", "lay", "end", "finish", "abandon"):
        return _parse_step(player, verb, rest, whole)
    raise ParseError(f"unknown action verb {_short(verb)}", whole, 0)


def _parse_play(player: int, rest: str, whole: str) -> Action:
    kind, _, args = rest.strip().partition(" ")
    kind = kind.lower()
    if kind == "bearattack":
        where, placed = _words(args, 2, whole)
        return BearAttack(player, *_spot(where, whole), Placed.parse(placed))
    if kind in ("smores", "lostcamper"):
        _words(args, 0, whole)
        return Smores(player) if kind == "smores" else LostCamper(player)
    if kind == "roasted":
        (target,) = _words(args, 1, whole)
        return Roasted(player, _seat(target, whole))
    if kind == "gofishing":
        target, request = _words(args, 2, whole)
        return GoFishing(player, _seat(target, whole), Request.parse(request))
    if kind == "trashpanda":
        depth, card = _words(args, 2, whole)
        return TrashPanda(player, _seat(depth, whole, "a depth 0..4"), Card.parse(card))
    raise ParseError(
        f"unknown action card {_short(kind)} (Bear Spray answers a window)", whole, 0
    )


def _parse_step(player: int, verb: str, rest: str, whole: str) -> Step:
    if verb == "start":
        words = rest.split()
        if words == ["rearrange"]:
            return StartRearrange(player)
        if len(words) == 2 and words[0] in ("claim", "group"):
            site = campsite_index(words[1])
            return StartClaim(player, site) if words[0] == "claim" else StartGroup(player, site)
        raise ParseError(f"start claim c.., start group c.. or start rearrange: {_short(whole)}",
                         whole, 0)
    if verb == "site":
        (site_text,) = _words(rest, 1, whole)
        return StartSite(player, campsite_index(site_text))
    if verb == "lay":
        (placed,) = _words(rest, 1, whole)
        return Lay(player, Placed.parse(placed))
    if verb == "end":
        for kind in GroupKind:
            if " ".join(rest.split()).upper() == kind.value:
                return EndGroup(player, kind)
        raise ParseError(f"end SET, RUN, COLOR GROUP or COLOR RUN: {_short(whole)}", whole, 0)
    _words(rest, 0, whole)
    return Finish(player) if verb == "finish" else Abandon(player)


def parse_action(text: str) -> Action | Step:
    """Read an action or a build step from its text form (``str(action)``).

    Raises:
        ParseError: The text is not an action of the vocabulary.
    """
    match = _HEAD.match(as_text(text, "an action"))
    if match is None:
        raise ParseError(f"an action starts with p<seat> <verb>: {_short(text)}", text, 0)
    try:
        return _parse_with(int(match[1]), match[2].lower(), match[3], text)
    except ParseError as error:
        if error.text == text:
            raise
        raise ParseError(f"{error} in {_short(text)}", text, 0) from None

