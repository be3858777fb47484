"""Groups (melds) on the table: sets, runs, color groups and color runs (UC-4, UC-5).

A :class:`Group` holds :class:`Placed` cards: each a physical face and the value it counts
as. A natural counts as itself; a wild counts as the color and number declared for it
(UC-5). Groups keep their cards in one canonical order, so equal groups compare equal.

>>> run = Group.parse("RUN B4 Y5 W=R6 B7")
>>> run.is_valid(), str(run)
(True, 'RUN B4 Y5 W=R6 B7')
>>> [str(p) for p in run.placements(Card.parse("G8"))]
['G8']
>>> [str(p) for p in run.edge()]
['B4', 'B7']
>>> [str(g) for _, g in run.wild_swaps(Card.parse("G6"))]
['RUN B4 Y5 G6 B7']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from campers_rules._cards import (
    FACES,
    HIGHEST,
    LOWEST,
    NUMBERS,
    WILD,
    Card,
    Color,
)
from campers_rules._errors import CampersError, ParseError, as_text, quote
from campers_rules._hands import add_one, remove_one
from campers_rules._shape import MOST_CARDS, shape_problem
from campers_rules._slots import slot_setters


class GroupKind(enum.Enum):
    """The four kinds of group (UC-4), named by their text form."""

    SET = "SET"
    """Cards of one number, any colors."""
    RUN = "RUN"
    """Cards of consecutive numbers, any colors, 2 lowest and 13 highest."""
    COLOR_GROUP = "COLOR GROUP"
    """Cards of one color, any numbers."""
    COLOR_RUN = "COLOR RUN"
    """A run whose cards share one color."""

    # Members are singletons: the identity hash (in C) keeps dicts keyed by kinds cheap.
    __hash__ = object.__hash__

    @property
    def same_number(self) -> bool:
        """True when every card of the group has one number (a set)."""
        return self is SET

    @property
    def consecutive(self) -> bool:
        """True when the numbers form a sequence (a run or a color run)."""
        return self in CONSECUTIVE

    @property
    def same_color(self) -> bool:
        """True when every card of the group has one color."""
        return self in SAME_COLOR

    def serves(self, wanted: GroupKind) -> bool:
        """Whether a group of this kind counts as a group of kind ``wanted``.

        Each kind counts as itself; a color run is also a run and a color group (UC-4).

        Never raises.
        """
        return self is wanted or (self is COLOR_RUN and (wanted is RUN or wanted is COLOR_GROUP))


# Reading a member off an Enum class goes through ``EnumType.__getattr__`` on CPython 3.11
# (several times the cost of a global): hot code reads these module constants instead.
SET = GroupKind.SET
RUN = GroupKind.RUN
COLOR_GROUP = GroupKind.COLOR_GROUP
COLOR_RUN = GroupKind.COLOR_RUN
CONSECUTIVE = frozenset({RUN, COLOR_RUN})
"""The kinds whose numbers form a sequence (:attr:`GroupKind.consecutive`)."""
SAME_COLOR = frozenset({COLOR_GROUP, COLOR_RUN})
"""The kinds whose cards share one color (:attr:`GroupKind.same_color`)."""
KIND_INDEX = {kind: i for i, kind in enumerate(GroupKind)}
"""Each kind's place in :class:`GroupKind`'s order: the order of a campsite's smallest
sizes, of the solver's groups and of the ids' end-of-group steps."""


MIN_SIZE: dict[GroupKind, int] = {
    GroupKind.SET: 3,
    GroupKind.RUN: 4,
    GroupKind.COLOR_GROUP: 4,
    GroupKind.COLOR_RUN: 4,
}
"""The usual minimum size of each kind (UC-4); a campsite face may name a smaller one."""

MAX_SIZE: dict[GroupKind, int] = dict(zip(GroupKind, MOST_CARDS, strict=True))
"""The largest group of each kind the deck allows: 8 naturals and 4 wilds in a set,
12 numbers in a run, 24 naturals and 4 wilds of one color."""

_COLOR_ORDER = {color: i for i, color in enumerate(Color)}


def _is_face(value: object) -> bool:
    """Whether a value is one of the interned faces (not an int or a forged card)."""
    return type(value) is Card and 0 <= value < len(FACES) and FACES[value] is value


def _shown(value: object) -> str:
    """A face's text, or the repr of anything else (a message must not fail)."""
    return str(value) if _is_face(value) else quote(value)


class Placed(int):
    """One card in a group: a physical face and the value it counts as (UC-5).

    The 96 placements (48 naturals, 48 declared wilds) are interned: each is an ``int``,
    its place in the canonical order of a group's cards (number, then color, naturals
    before wilds: ``(number - 2) * 8 + color * 2 + is_wild``), so a group's cards are a
    sorted tuple of small ints, ordered, compared and hashed as ints. Compare them with
    ``==`` or ``is``.

    Build with :meth:`natural`, :meth:`wild`, :meth:`parse` or ``Placed(face, color,
    number)``, which returns the member and refuses with :class:`ParseError` what is no
    placement: a natural counting as another value (UC-5), an action card (UC-4), a wild
    declared outside 2..13. Text form ``B7`` or ``W=B7``.
    """

    face: Card
    """The physical face: a numbered card or :data:`WILD`."""
    color: Color
    """The color it counts as (its own, or the one declared for a wild)."""
    number: int
    """The number it counts as (its own, or the one declared for a wild)."""

    def __new__(cls, face: Card, color: Color, number: int) -> Placed:
        """The member placing ``face`` as this color and number; ``ParseError`` if none."""
        if face is WILD:
            return cls.wild(color, number)
        if not _is_face(face) or face.action is not None:
            raise ParseError(f"{_shown(face)} cannot be placed in a group [UC-4]", _shown(face))
        placed = cls.natural(face)
        if type(number) is not int or placed.color is not color or placed.number != number:
            raise ParseError(f"{face} can only count as itself [UC-5]", str(face))
        return placed

    @classmethod
    def _make(cls, face: Card, color: Color, number: int) -> Placed:
        placed = int.__new__(cls, (number - LOWEST) * 8 + _COLOR_ORDER[color] * 2
                             + (face is WILD))
        object.__setattr__(placed, "face", face)
        object.__setattr__(placed, "color", color)
        object.__setattr__(placed, "number", number)
        return placed

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Placed is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Placed.parse, (str(self),))

    @classmethod
    def natural(cls, face: Card) -> Placed:
        """A numbered card placed as itself.

        Raises:
            ParseError: ``face`` is no numbered card.
        """
        placed = _NATURAL_OF[face] if _is_face(face) else None
        if placed is None:
            raise ParseError(f"{_shown(face)} is not a numbered card", _shown(face))
        return placed

    @classmethod
    def wild(cls, color: Color, number: int) -> Placed:
        """A wild declared as this color and number (UC-5).

        Raises:
            ParseError: ``number`` is no int 2..13, or ``color`` no :class:`Color` (UC-5).
        """
        if type(number) is not int or not LOWEST <= number <= HIGHEST:  # a card is no number
            shown = _shown(number)
            raise ParseError(f"a wild is declared as a number 2..13, not {shown}", shown)
        index = _COLOR_ORDER.get(color) if type(color) is Color else None
        if index is None:  # no color, or one made around the enum
            raise ParseError(f"a wild is declared as a color, not {quote(color)} [UC-5]",
                             quote(color))
        return PLACEMENTS[(number - LOWEST) * 8 + index * 2 + 1]

    @classmethod
    def parse(cls, text: str) -> Placed:
        """Read ``B7`` (a natural) or ``W=B7`` (a wild declared blue 7).

        Raises:
            ParseError: ``text`` is no numbered card and no wild declared as one.
        """
        word = as_text(text, "a placed card").strip().upper()
        if word.startswith("W="):
            value = Card.parse(word[2:])
            if value.color is None or value.number is None:
                raise ParseError(f"a wild needs a declared color and number: {text!r}", text, 2)
            return cls.wild(value.color, value.number)
        face = Card.parse(word)
        if not face.is_natural:
            raise ParseError(f"only numbered cards and declared wilds sit in groups: {text!r}",
                             text)
        return cls.natural(face)

    @property
    def is_wild(self) -> bool:
        """True for a wild."""
        return self.face is WILD

    @property
    def sort_key(self) -> tuple[int, int, bool]:
        """The canonical order inside a group: number, then color, naturals first (the
        placement's own int value orders them the same way)."""
        return (self.number, _COLOR_ORDER[self.color], self.face is WILD)

    def __str__(self) -> str:
        value = f"{self.color.value}{self.number}"
        return f"W={value}" if self.face is WILD else value

    def __repr__(self) -> str:
        return f"Placed(face={self.face!r}, color={self.color!r}, number={self.number!r})"

    def __bool__(self) -> bool:
        """Every placement is a true value: B2, placement 0, too."""
        return True

    def __format__(self, spec: str) -> str:
        """A placement formats as its text, not as its int."""
        return format(str(self), spec)


PLACEMENTS: tuple[Placed, ...] = tuple(sorted(
    [Placed._make(face, face.color, face.number)
     for face in FACES if face.color is not None and face.number is not None]
    + [Placed._make(WILD, color, number) for color in Color for number in NUMBERS]))
"""Every placement, indexed by its own value (the canonical order)."""
_NATURAL_OF: tuple[Placed | None, ...] = tuple(
    PLACEMENTS[(face.number - LOWEST) * 8 + _COLOR_ORDER[face.color] * 2]
    if face.color is not None and face.number is not None else None
    for face in FACES)
"""The natural placement of each face, by face id (``None`` for the wild and actions)."""


def is_placement(value: object) -> bool:
    """Whether a value is one of the interned placements, not a plain int or a ``Placed``
    made around the constructor (``int.__new__``), which the shape checks refuse."""
    return type(value) is Placed and 0 <= value < len(PLACEMENTS) and PLACEMENTS[value] is value


def _sorted_cards(cards: Iterable[Placed]) -> tuple[Placed, ...]:
    return tuple(sorted(cards))


@attrs.frozen
class Group:
    """A group on the table: its kind and its placed cards, in canonical order (UC-4).

    A group may be built in any state; :meth:`problem` and :meth:`is_valid` say whether it
    is a legal group.
    """

    kind: GroupKind
    """Set, run, color group or color run."""
    cards: tuple[Placed, ...] = attrs.field(converter=_sorted_cards)
    """The placed cards, sorted by number, then color, naturals before wilds."""

    @classmethod
    def parse(cls, text: str) -> Group:
        """Read ``"SET B7 Y7 W=R7"``, ``"COLOR RUN B4 B5 B6 W=B7"``: a kind, then cards.

        Raises:
            ParseError: ``text`` is no group's text: no kind first, or a card that cannot be read
                (its position is the card's).
        """
        words = as_text(text, "a group").split()
        upper = [w.upper() for w in words]
        for kind in sorted(GroupKind, key=lambda k: -len(k.value)):
            head = kind.value.split()
            if upper[: len(head)] == head:
                cards = []
                offset = len(" ".join(words[: len(head)]))
                for word in words[len(head):]:
                    offset = text.index(word, offset)
                    try:
                        cards.append(Placed.parse(word))
                    except ParseError as err:
                        raise ParseError(f"{err} in group {text!r}", text, offset) from None
                return cls(kind, tuple(cards))
        raise ParseError(f"a group starts with SET, RUN, COLOR GROUP or COLOR RUN: {text!r}",
                         text, 0)

    def __str__(self) -> str:
        return " ".join([self.kind.value, *(str(p) for p in self.cards)])

    @property
    def size(self) -> int:
        """The number of cards."""
        return len(self.cards)

    @property
    def faces(self) -> tuple[Card, ...]:
        """The physical faces, in the group's order."""
        return tuple([p.face for p in self.cards])

    def problem(self, min_size: int | None = None) -> str | None:
        """Why this group is not valid, or ``None`` when it is (UC-4, UC-5).

        Args:
            min_size: The smallest size allowed; by default the kind's usual minimum
                (:data:`MIN_SIZE`). A campsite whose face names a smaller size passes it.

        Never raises: a problem is answered, not raised.
        """
        kind = self.kind
        return shape_problem(KIND_INDEX[kind], self.cards,
                             MIN_SIZE[kind] if min_size is None else min_size)

    def is_valid(self, min_size: int | None = None) -> bool:
        """Whether this is a legal group (see :meth:`problem`).

        Never raises (see :meth:`problem`).
        """
        return self.problem(min_size) is None

    def with_card(self, placed: Placed) -> Group:
        """This group with one more card (not checked: see :meth:`placements`).

        Never raises: the result is not checked.
        """
        return sorted_group(self.kind, add_one(self.cards, placed))

    def without(self, placed: Placed) -> Group:
        """This group less one copy of ``placed``.

        Raises:
            CampersError: ``placed`` is not in the group.
        """
        try:
            cards = remove_one(self.cards, placed)
        except ValueError:
            raise CampersError(f"{quote(placed)} is not in the group {self}") from None
        return sorted_group(self.kind, cards)

    def placements(self, face: Card, min_size: int | None = None) -> tuple[Placed, ...]:
        """Every way ``face`` can be added so the group stays valid (squatting, UC-9).

        A run takes a card at either end; a set a card of its number; a color group a card
        of its color. A natural has at most one placement; a wild one per declared value
        that fits. The group itself must be valid.

        Never raises: a card that fits nowhere has no placement.
        """
        if not self.is_valid(min_size) or not (face.is_natural or face is WILD):
            return ()
        if face is WILD:
            candidates = [Placed.wild(c, n) for c, n in self._open_values()]
        else:
            candidates = [Placed.natural(face)]
        return tuple(p for p in candidates if self.with_card(p).is_valid(min_size))

    def _open_values(self) -> list[tuple[Color, int]]:
        first = self.cards[0]
        kind = self.kind
        colors = [first.color] if kind in SAME_COLOR else list(Color)
        if kind is SET:
            numbers = [first.number]
        elif kind in CONSECUTIVE:
            numbers = [first.number - 1, self.cards[-1].number + 1]
        else:
            numbers = list(NUMBERS)
        return [(c, n) for n in numbers if LOWEST <= n <= HIGHEST for c in colors]

    def edge(self) -> tuple[Placed, ...]:
        """The cards on the outside edge, distinct (Bear Attack, UC-13).

        A run's lowest and highest card; any card of a set or color group.

        Never raises.
        """
        cards = self.cards
        if not cards:
            return ()
        ends = (cards[0], cards[-1]) if self.kind in CONSECUTIVE else cards
        return tuple(dict.fromkeys(ends))

    def wild_swaps(self, face: Card) -> tuple[tuple[Placed, Group], ...]:
        """Each wild that natural ``face`` may replace, with the resulting group (UC-10, UC-29).

        The group must stay valid with the face in the wild's place: in a run the wild's
        number (in the run's color for a color run), in a set the set's number in any
        color, in a color group any card of its color. Wilds with the same declared value
        give one entry.

        Never raises: a face that replaces no wild gives no entry.
        """
        if not face.is_natural:
            return ()
        out: list[tuple[Placed, Group]] = []
        kind = self.kind
        for p in dict.fromkeys(p for p in self.cards if p.face is WILD):
            if (kind is not COLOR_GROUP and p.number != face.number) or (
                kind in SAME_COLOR and p.color is not face.color
            ):
                continue
            swapped = self.without(p).with_card(Placed.natural(face))
            if swapped.is_valid(min(MIN_SIZE[self.kind], self.size)):
                out.append((p, swapped))
        return tuple(out)


_set_kind, _set_cards = slot_setters(Group)


def sorted_group(kind: GroupKind, cards: tuple[Placed, ...]) -> Group:
    """``Group(kind, cards)`` for cards already in the canonical order (not checked).

    Fills the slots directly, skipping the converter's sort and attrs' frozen ``__init__``:
    for the engine's own groups built from sorted cards (a card inserted in place, a
    solver pick laid out in order). Users build groups with :class:`Group`.
    """
    group: Group = object.__new__(Group)
    _set_kind(group, kind)
    _set_cards(group, cards)
    return group
