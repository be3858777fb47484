"""The engine's queries on table groups, over the solver's groups and campsite faces.

Groups in action texts are written in brackets, ``[SET B7 Y7 W=R7]``:

>>> groups = parse_groups("[SET B7 Y7 W=R7] [RUN B2 B3 B4 B5]")
>>> " ".join(format_group(g) for g in groups)
'[SET B7 Y7 W=R7] [RUN B2 B3 B4 B5]'
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Literal

from campers_rules._cards import NUMBERS, WILD, Card, Color
from campers_rules._catalogue import CATALOGUE, Campsite
from campers_rules._errors import ParseError
from campers_rules._groups import Group, GroupKind, Placed

Backend = Literal["native", "z3"]
"""The meld solver backends."""

_BRACKETS = re.compile(r"\s*\[([^\[\]]*)\]\s*")
_ALL_WILD_VALUES = tuple(Placed.wild(color, number) for number in NUMBERS for color in Color)


def default_catalogue() -> tuple[Campsite, ...]:
    """The project's fifteen campsites (UC-3)."""
    return CATALOGUE


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


def group_ok(face: Campsite, group: Group) -> bool:
    """Whether the group is valid on this campsite (UC-4)."""
    return face.group_problem(group) is None


def site_meets(face: Campsite, groups: Sequence[Group], complete: bool) -> bool:
    """Whether valid groups meet the campsite's complete (or primitive) requirement (UC-7)."""
    return face.is_complete(groups) if complete else face.is_primitive(groups)


def placements(face: Campsite, group: Group, card: Card) -> tuple[Placed, ...]:
    """Every way a hand card can join a valid group on this campsite (UC-7, UC-9)."""
    return group.placements(card, face.min_size(group.kind))


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


def split_runs(face: Campsite, group: Group) -> Iterator[tuple[Group, Group]]:
    """Every cut of a run into two runs both valid on this campsite (UC-11)."""
    if group.kind not in (GroupKind.RUN, GroupKind.COLOR_RUN):
        return
    least = face.min_size(group.kind)
    cards = group.cards
    for cut in range(least, len(cards) - least + 1):
        left = Group(group.kind, cards[:cut])
        right = Group(group.kind, cards[cut:])
        if group_ok(face, left) and group_ok(face, right):
            yield left, right
