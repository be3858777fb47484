"""The engine's queries on table groups, over the solver's groups and campsite faces.

Groups in action texts are written in brackets, ``[SET B7 Y7 W=R7]``:

>>> groups = parse_groups("[SET B7 Y7 W=R7] [RUN B2 B3 B4 B5]")
>>> " ".join(format_group(g) for g in groups)
'[SET B7 Y7 W=R7] [RUN B2 B3 B4 B5]'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

import attrs

from campers_rules._cards import (
    FACES,
    HIGHEST,
    LOWEST,
    NUMBERS,
    WILD,
    Card,
    Color,
    copies_in_deck,
    natural,
)
from campers_rules._catalogue import Campsite
from campers_rules._errors import ParseError
from campers_rules._groups import MAX_SIZE, Group, GroupKind, Placed

_BRACKETS = re.compile(r"\s*\[([^\[\]]*)\]\s*")
_ALL_WILD_VALUES = tuple(Placed.wild(color, number) for number in NUMBERS for color in Color)


def format_group(group: Group) -> str:
    """A group's text in brackets."""
    return f"[{group}]"


def parse_groups(text: str) -> tuple[Group, ...]:
    """Read groups written in brackets, one after another."""
    groups = []
    at = 0
    while at < len(text):
        match = _BRACKETS.match(text, at)
        if match is None:
            if text[at:].strip():
                raise ParseError(f"expected a group in brackets at {text[at:]!r}", text, at)
            break
        groups.append(Group.parse(match[1]))
        at = match.end()
    if not groups:
        raise ParseError(f"expected at least one group in brackets: {text!r}", text, 0)
    return tuple(groups)


# Identity caches. Table groups and group tuples are shared, unchanged, by many successive
# states, so their answers are kept by object identity; each entry holds the objects it
# was computed for, so an id is never reused while its entry lives.
_LIMIT = 1 << 16
_OK: dict[tuple[int, int], tuple[Campsite, Group, bool]] = {}
_MEETS: dict[tuple[int, int, bool], tuple[Campsite, tuple[Group, ...], bool]] = {}
_FITS: dict[tuple[int, int, int], tuple[Campsite, Group, tuple[Placed, ...]]] = {}


def _room(cache: dict[Any, Any]) -> None:
    if len(cache) >= _LIMIT:
        cache.clear()


def group_ok(face: Campsite, group: Group) -> bool:
    """Whether the group is valid on this campsite (UC-4)."""
    key = (id(face), id(group))
    hit = _OK.get(key)
    if hit is not None and hit[0] is face and hit[1] is group:
        return hit[2]
    value = face.group_problem(group) is None
    _room(_OK)
    _OK[key] = (face, group, value)
    return value


def mark_ok(face: Campsite, group: Group) -> None:
    """Record that a group built by a checked move is valid on this campsite."""
    _room(_OK)
    _OK[(id(face), id(group))] = (face, group, True)


def site_meets(face: Campsite, groups: Sequence[Group], complete: bool) -> bool:
    """Whether valid groups meet the campsite's complete (or primitive) requirement (UC-7)."""
    groups = tuple(groups)
    key = (id(face), id(groups), complete)
    hit = _MEETS.get(key)
    if hit is not None and hit[0] is face and hit[1] is groups:
        return hit[2]
    requirement = face.complete if complete else face.primitive
    value = all(group_ok(face, g) for g in groups) and requirement.is_met_by(groups)
    _room(_MEETS)
    _MEETS[key] = (face, groups, value)
    return value


def placements(face: Campsite, group: Group, card: Card) -> tuple[Placed, ...]:
    """Every way a hand card can join a valid group on this campsite (UC-7, UC-9).

    The same answer as ``group.placements(card, face.min_size(group.kind))``, computed from
    a summary of the group kept per group object (the hot path of move generation; a
    differential test holds the two equal).
    """
    key = (id(face), id(group), card.index)
    hit = _FITS.get(key)
    if hit is not None and hit[0] is face and hit[1] is group:
        return hit[2]
    value = _fits(_shape(group), card) if group_ok(face, group) else ()
    _room(_FITS)
    _FITS[key] = (face, group, value)
    return value


_FITTING: dict[tuple[int, int], tuple[Campsite, Group, tuple[tuple[Card, tuple[Placed, ...]], ...]]]
_FITTING = {}
_SWAPS: dict[tuple[int, int], tuple[Campsite, Group, tuple[tuple[Card, Placed], ...]]] = {}
_TABLE_FACES = tuple(card for card in FACES if not card.is_action)


def fitting(face: Campsite, group: Group) -> tuple[tuple[Card, tuple[Placed, ...]], ...]:
    """Every face that fits this group on this campsite, with its placements, in face
    order (UC-7, UC-9)."""
    key = (id(face), id(group))
    hit = _FITTING.get(key)
    if hit is not None and hit[0] is face and hit[1] is group:
        return hit[2]
    found = []
    if group_ok(face, group):
        shape = _shape(group)
        for card in _near(shape):
            ways = _fits(shape, card)
            if ways:
                found.append((card, ways))
    value = tuple(found)
    _room(_FITTING)
    _FITTING[key] = (face, group, value)
    return value


def wild_swaps(face: Campsite, group: Group) -> tuple[tuple[Card, Placed], ...]:
    """Every (natural face, wild) pair for which that face may take that wild (UC-10), in
    face order; empty for a group without a wild. The same pairs as the solver's
    ``Group.wild_swaps`` on a valid group, read from the group's summary."""
    key = (id(face), id(group))
    hit = _SWAPS.get(key)
    if hit is not None and hit[0] is face and hit[1] is group:
        return hit[2]
    found: list[tuple[Card, Placed]] = []
    wilds = list(dict.fromkeys(p for p in group.cards if p.face is WILD))
    if wilds and group_ok(face, group):
        shape = _shape(group)
        numbers = {p.number for p in wilds}
        for card in _TABLE_FACES:
            if card.number in numbers and shape.faces[card] < copies_in_deck(card):
                for wild in wilds:
                    if wild.number == card.number and (
                        not group.kind.same_color or wild.color is card.color
                    ):
                        found.append((card, wild))
    value = tuple(found)
    _room(_SWAPS)
    _SWAPS[key] = (face, group, value)
    return value


_SHAPES: dict[int, tuple[Group, _Shape]] = {}
_NATURAL_PLACED = {card: Placed.natural(card) for card in FACES if card.is_natural}
_WILD_PLACED = {(c, n): Placed.wild(c, n) for c in Color for n in NUMBERS}


@attrs.frozen
class _Shape:
    """What decides which cards fit a valid group: kind, number span, color, counts."""

    kind: GroupKind
    low: int
    high: int
    color: Color | None
    size: int
    wilds: int
    faces: Counter[Card]


def _shape(group: Group) -> _Shape:
    hit = _SHAPES.get(id(group))
    if hit is not None and hit[0] is group:
        return hit[1]
    cards = group.cards
    colors = {p.color for p in cards}
    shape = _Shape(
        group.kind,
        cards[0].number,
        cards[-1].number,
        cards[0].color if len(colors) == 1 else None,
        len(cards),
        sum(1 for p in cards if p.face is WILD),
        Counter(p.face for p in cards),
    )
    _room(_SHAPES)
    _SHAPES[id(group)] = (group, shape)
    return shape


def _near(shape: _Shape) -> tuple[Card, ...]:
    """The faces that might fit a group of this shape, in face order (a superset)."""
    return _near_faces(shape.kind, shape.low, shape.high, shape.color)


@cache
def _near_faces(kind: GroupKind, low: int, high: int, color: Color | None) -> tuple[Card, ...]:
    if kind is GroupKind.SET:
        numbers = [low]
    elif kind is GroupKind.COLOR_GROUP:
        numbers = list(NUMBERS)
    else:
        numbers = [n for n in (low - 1, high + 1) if LOWEST <= n <= HIGHEST]
    colors = [color] if kind.same_color and color is not None else list(Color)
    cards = sorted(natural(c, n) for c in colors for n in numbers)
    return (*cards, WILD)


def _fits(shape: _Shape, card: Card) -> tuple[Placed, ...]:
    kind = shape.kind
    if shape.size + 1 > MAX_SIZE[kind] or shape.faces[card] + 1 > copies_in_deck(card):
        return ()
    if card is WILD:
        if kind is GroupKind.SET:
            values = [(c, shape.low) for c in Color]
        elif kind is GroupKind.COLOR_GROUP:
            assert shape.color is not None
            values = [(shape.color, n) for n in NUMBERS]
        else:
            ends = [n for n in (shape.low - 1, shape.high + 1) if LOWEST <= n <= HIGHEST]
            colors = list(Color) if kind is GroupKind.RUN else [shape.color]
            values = [(c, n) for n in ends for c in colors if c is not None]
        return tuple(_WILD_PLACED[v] for v in values)
    if card.number is None:
        return ()
    if kind is GroupKind.SET:
        fits = card.number == shape.low
    elif kind is GroupKind.COLOR_GROUP:
        fits = card.color is shape.color
    else:
        fits = card.number in (shape.low - 1, shape.high + 1) and (
            kind is GroupKind.RUN or card.color is shape.color
        )
    return (_NATURAL_PLACED[card],) if fits else ()


def candidates(card: Card) -> tuple[Placed, ...]:
    """Every way a hand card could be laid: itself, or a wild as any value (UC-5)."""
    if card is WILD:
        return _ALL_WILD_VALUES
    if card.is_natural:
        return (Placed.natural(card),)
    return ()


def replace(groups: tuple[Group, ...], index: int, group: Group) -> tuple[Group, ...]:
    """These groups with the one at index replaced."""
    return (*groups[:index], group, *groups[index + 1 :])


def swapped(group: Group, card: Card, wild: Placed) -> Group | None:
    """The group after natural card replaces this wild (UC-10), or ``None`` if it may not."""
    for taken, result in group.wild_swaps(card):
        if taken == wild:
            return result
    return None


_SPLITS: dict[tuple[int, int], tuple[Campsite, Group, tuple[tuple[Group, Group], ...]]] = {}


def split_runs(face: Campsite, group: Group) -> tuple[tuple[Group, Group], ...]:
    """Every cut of a run into two runs both valid on this campsite (UC-11)."""
    key = (id(face), id(group))
    hit = _SPLITS.get(key)
    if hit is not None and hit[0] is face and hit[1] is group:
        return hit[2]
    found = []
    if group.kind in (GroupKind.RUN, GroupKind.COLOR_RUN):
        least = face.min_size(group.kind)
        cards = group.cards
        for cut in range(least, len(cards) - least + 1):
            left = Group(group.kind, cards[:cut])
            right = Group(group.kind, cards[cut:])
            if group_ok(face, left) and group_ok(face, right):
                found.append((left, right))
    _room(_SPLITS)
    _SPLITS[key] = (face, group, tuple(found))
    return tuple(found)
