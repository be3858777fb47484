"""The engine's queries on table groups, over the solver's groups and campsite faces.

Groups in action texts are written in brackets, ``[SET B7 Y7 W=R7]``:

>>> groups = parse_groups("[SET B7 Y7 W=R7] [RUN B2 B3 B4 B5]")
>>> " ".join(format_group(g) for g in groups)
'[SET B7 Y7 W=R7] [RUN B2 B3 B4 B5]'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise
from types import MappingProxyType

from campers_rules import _cache
from campers_rules._board import Site
from campers_rules._cards import (
    HIGHEST,
    LOWEST,
    NUMBERS,
    WILD,
    WILD_COPIES,
    Card,
    Color,
    natural,
)
from campers_rules._catalogue import Campsite
from campers_rules._counted import group_classes
from campers_rules._errors import ParseError
from campers_rules._groups import (
    KIND_INDEX,
    MAX_SIZE,
    PLACEMENTS,
    Group,
    GroupKind,
    Placed,
    sorted_group,
)
from campers_rules._shape import shape_problem

_BRACKETS = re.compile(r"\s*\[([^\[\]]*)\]\s*")
_ALL_WILD_VALUES = PLACEMENTS[1::2]
"""Every declared wild, in the canonical order (number, then color)."""


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


# Table groups and group tuples are shared, unchanged, by many successive states, so
# their answers are memoised by object identity (campers_rules._cache): an entry holds
# the campsite and group it was computed for, and a hit needs those very objects. Entries
# (and the fitting faces) are plain tuples, unpacked where they are read: a NamedTuple
# costs some 2,600 more instructions to make and 400 more to unpack (CPython 3.11).

GroupOk = tuple[Campsite, Group, bool]
"""An entry of ``_cache.GROUP_OK``: (campsite, group, whether the group is valid there)."""


def group_ok(face: Campsite, group: Group) -> bool:
    """Whether the group is valid on this campsite (UC-4)."""
    key = (id(face), id(group))
    hit = _cache.GROUP_OK.get(key)
    if hit is not None:
        known_face, known_group, ok = hit
        if known_face is face and known_group is group:
            return ok
    value = valid_on(face, group)
    _cache.keep(_cache.GROUP_OK, key, (face, group, value))
    return value


def valid_on(face: Campsite, group: Group) -> bool:
    """Whether the group is valid on this campsite (UC-4), checked afresh: the answer of
    ``face.group_problem(group) is None``, read from the campsite's smallest sizes and the
    group's placement ints."""
    kind = KIND_INDEX[group.kind]
    return shape_problem(kind, group.cards, face.min_sizes[kind]) is None


def mark_ok(face: Campsite, group: Group) -> None:
    """Record that a group built by a checked move is valid on this campsite."""
    _cache.keep(_cache.GROUP_OK, (id(face), id(group)), (face, group, True))


def site_meets(face: Campsite, groups: Sequence[Group], complete: bool) -> bool:
    """Whether valid groups meet the campsite's complete requirement (``complete``), or
    else whether the campsite stands on them: meets its primitive or its complete
    requirement (UC-7, UC-28). A Bear Attack, a fall, a repair, a rearrangement and a
    loaded position ask the latter; a claim asks for the primitive face itself."""
    return all(group_ok(face, g) for g in groups) and _meets(face, groups, complete)


def owns_complete(catalogue: Sequence[Campsite], row: Sequence[Site]) -> bool:
    """Whether a table row holds a campsite that meets its complete requirement."""
    return any(site_meets(catalogue[site.campsite], site.groups, complete=True) for site in row)


def brought_meets(face: Campsite, groups: Sequence[Group], complete: bool) -> bool:
    """:func:`site_meets` for groups an action brings, computed afresh: the memos trust
    identity, and an action's objects may have been changed in place since a check saw
    them (apply always checks)."""
    return all(valid_on(face, g) for g in groups) and _meets(face, groups, complete)


def _meets(face: Campsite, groups: Sequence[Group], complete: bool) -> bool:
    """Whether groups meet the complete requirement, or else (``complete`` false) the
    primitive one: each requirement asked in its compiled form (``Requirement.asked``)."""
    classes = group_classes(groups)
    return face.complete.asked.met_by(classes) or (
        not complete and face.primitive.asked.met_by(classes))


Fitting = tuple[tuple[Card, tuple[Placed, ...]], ...]
"""Every (face, its placements) pair that fits a group, in face order."""
Swaps = tuple[tuple[Card, Placed], ...]
"""Every (natural face, wild it may replace) pair of a group, in face order."""
TableInfo = tuple[Campsite, Group, tuple[Fitting, Swaps]]
"""An entry of ``_cache.TABLE_INFO``: (campsite, group, (its :func:`fitting`, its
:func:`wild_swaps`))."""


def _info(face: Campsite, group: Group) -> tuple[Fitting, Swaps]:
    """The faces that fit the group on that campsite and its wild swaps, kept per group
    object: one computation answers both :func:`fitting` and :func:`wild_swaps`."""
    hit = _cache.TABLE_INFO.get(id(group))
    if hit is not None:
        known_face, known_group, answers = hit
        if known_group is group and known_face is face:
            return answers
    answers = _answers(group) if group_ok(face, group) else ((), ())
    _cache.keep(_cache.TABLE_INFO, id(group), (face, group, answers))
    return answers


def placements(face: Campsite, group: Group, card: Card) -> tuple[Placed, ...]:
    """Every way a hand card can join a valid group on this campsite (UC-7, UC-9).

    The same answer as ``group.placements(card, face.min_size(group.kind))`` (a
    differential test holds the two equal).
    """
    for fit, ways in fitting(face, group):
        if fit is card:
            return ways
    return ()


def fitting(face: Campsite, group: Group) -> Fitting:
    """Every face that fits this group on this campsite, with its placements, in face
    order (UC-7, UC-9)."""
    fits, _ = _info(face, group)
    return fits


def wild_swaps(face: Campsite, group: Group) -> Swaps:
    """Every (natural face, wild) pair for which that face may take that wild (UC-10), in
    face order; empty for a group without a wild. The same pairs as the solver's
    ``Group.wild_swaps`` on a valid group."""
    _, swaps = _info(face, group)
    return swaps


def _answers(group: Group) -> tuple[Fitting, Swaps]:
    """The fitting faces and wild swaps of a group valid on this campsite.

    What fits a valid group depends only on its kind, its number span, its color (for the
    one-color kinds) and which faces it already holds every copy of; so the fitting faces
    are those of the group's span (kept per span) less the faces used up. A wild's swaps
    are the naturals its kind lets take its place (kept per kind and declared value) less
    those the group holds every copy of.
    """
    cards = group.cards
    kind = group.kind
    first = cards[0]
    faces = [p.face for p in cards]
    wilds = faces.count(WILD)
    # equal naturals sort next to each other (UC-1: two copies of a numbered face)
    full = {a for a, b in pairwise(faces) if a is b and a is not WILD}
    if wilds >= WILD_COPIES:
        full.add(WILD)
    fits: Fitting = ()
    if len(cards) < MAX_SIZE[kind]:
        fits = _SPAN_FITTING[kind, first.number, cards[-1].number,
                             first.color if kind.same_color else None]
        if full:  # keep the very entries (the memos hold them; copies cost more)
            kept = []
            for fit in fits:
                card, _ = fit
                if card not in full:
                    kept.append(fit)
            fits = tuple(kept)
    if not wilds:
        return fits, ()
    # by natural, then by the wild's order in the group: its own int value
    swaps: list[tuple[Card, Placed]] = []
    for wild in dict.fromkeys(p for p in cards if p.face is WILD):
        for card in _SWAP_FACES[kind, wild]:
            if card not in full:
                swaps.append((card, wild))
    swaps.sort()
    return fits, tuple(swaps)


def _swap_faces(kind: GroupKind, wild: Placed) -> tuple[Card, ...]:
    """The naturals that may take the place of this declared wild in a group of this kind
    (UC-10): its number in any color (in its color for the one-color kinds); UC-29: any
    card of its color in a color group."""
    colors = (wild.color,) if kind.same_color else tuple(Color)
    numbers = NUMBERS if kind is GroupKind.COLOR_GROUP else (wild.number,)
    return tuple(natural(c, n) for c in colors for n in numbers)


_SWAP_FACES = MappingProxyType({
    (kind, wild): _swap_faces(kind, wild) for kind in GroupKind for wild in _ALL_WILD_VALUES
})
""":func:`_swap_faces` of every kind and declared wild, built at import."""


def _span_fitting(kind: GroupKind, low: int, high: int, color: Color | None) -> Fitting:
    """The faces, with their placements, that fit a valid group of this kind, number span
    and color (``None`` for the kinds of any color) that has room and holds fewer than
    every copy of them, in face order."""
    ends = [n for n in (low - 1, high + 1) if LOWEST <= n <= HIGHEST]
    colors = [color] if color is not None else list(Color)
    if kind is GroupKind.SET:
        numbers = [low]
        values = [(c, low) for c in Color]
    elif kind is GroupKind.COLOR_GROUP:
        numbers = list(NUMBERS)
        values = [(c, n) for n in NUMBERS for c in colors]
    else:
        numbers = ends
        values = [(c, n) for n in ends for c in colors]
    found: list[tuple[Card, tuple[Placed, ...]]] = [
        (card, (Placed.natural(card),))
        for card in sorted(natural(c, n) for c in colors for n in numbers)
    ]
    if values:
        found.append((WILD, tuple(Placed.wild(c, n) for c, n in values)))
    return tuple(found)


_SPAN_FITTING = MappingProxyType({
    (kind, low, high, color): _span_fitting(kind, low, high, color)
    for kind in GroupKind
    for low in NUMBERS
    for high in ([low] if kind is GroupKind.SET else NUMBERS[low - LOWEST:])
    for color in (Color if kind.same_color else [None])
})
""":func:`_span_fitting` of every valid group's kind, number span and color, built at
import (:func:`_answers` reads it)."""


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


RunSplits = tuple[Campsite, Group, tuple[tuple[Group, Group], ...]]
"""An entry of ``_cache.RUN_SPLITS``: (campsite, run, its :func:`split_runs`)."""


def split_runs(face: Campsite, group: Group) -> tuple[tuple[Group, Group], ...]:
    """Every cut of a run into two runs both valid on this campsite (UC-11)."""
    key = (id(face), id(group))
    hit = _cache.RUN_SPLITS.get(key)
    if hit is not None:
        known_face, known_group, splits = hit
        if known_face is face and known_group is group:
            return splits
    found = []
    if group.kind in (GroupKind.RUN, GroupKind.COLOR_RUN):
        least = face.min_size(group.kind)
        cards = group.cards
        for cut in range(least, len(cards) - least + 1):
            left = sorted_group(group.kind, cards[:cut])  # a run's slices stay in order
            right = sorted_group(group.kind, cards[cut:])
            if group_ok(face, left) and group_ok(face, right):
                found.append((left, right))
    splits = tuple(found)
    _cache.keep(_cache.RUN_SPLITS, key, (face, group, splits))
    return splits
