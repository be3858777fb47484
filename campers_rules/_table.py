"""The engine's queries on table groups, over the solver's groups and campsite faces.

Groups in action texts are written in brackets, ``[SET B7 Y7 W=R7]``:

>>> groups = parse_groups("[SET B7 Y7 W=R7] [RUN B2 B3 B4 B5]")
>>> " ".join(format_group(g) for g in groups)
'[SET B7 Y7 W=R7] [RUN B2 B3 B4 B5]'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from campers_rules import _cache
from campers_rules._board import Site
from campers_rules._cards import (
    FACES,
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
    PLACEMENTS,
    Group,
    GroupKind,
    Placed,
    sorted_group,
)
from campers_rules._shape import MOST_CARDS, shape_problem

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


# Table groups are shared, unchanged, by many successive states, so a group's validity
# on its campsite and a run's cuts are memoised by object identity (campers_rules._cache):
# an entry holds the campsite and group it was computed for, and a hit needs those very
# objects. Entries are plain tuples, unpacked where they are read: a NamedTuple costs some
# 2,600 more instructions to make and 400 more to unpack (CPython 3.11). What fits a
# group is read off tables built at import instead (fits_of).

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
    group's placement ints (:func:`cards_valid_on`)."""
    return cards_valid_on(face, KIND_INDEX[group.kind], group.cards)


def cards_valid_on(face: Campsite, kind: int, cards: tuple[Placed, ...]) -> bool:
    """Whether these placements, in the canonical order, make a valid group of this kind
    (its place in ``GroupKind``) on this campsite (UC-4)."""
    return shape_problem(kind, cards, face.min_sizes[kind]) is None


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
    """:func:`site_meets` of groups known valid on the campsite (the table's, or parts
    of them a check found valid): :func:`classes_meet` of their classes."""
    return classes_meet(face, group_classes(groups), complete)


def classes_meet(face: Campsite, classes: list[int], complete: bool) -> bool:
    """Whether valid groups of these classes (``_counted.group_classes``, sorted) meet
    the campsite's complete requirement, or else (``complete`` false) the primitive one:
    each requirement asked in its compiled form (``Requirement.asked``)."""
    return face.complete.asked.met_by(classes) or (
        not complete and face.primitive.asked.met_by(classes))


Fitting = tuple[tuple[Card, tuple[Placed, ...]], ...]
"""Every (face, its placements) pair that fits a group, in face order."""
Swaps = tuple[tuple[Card, Placed], ...]
"""Every (natural face, wild it may replace) pair of a group, in face order."""
Fits = tuple[tuple[Card, ...], tuple[tuple[Placed, ...], ...], tuple[Card, ...],
             tuple[Placed, ...], int, int]
"""What fits a group on its campsite (:func:`fits_of`), as parallel tuples: the faces of
its :func:`fitting` and their placements, the naturals of its :func:`wild_swaps` and the
wilds they replace, and the faces of each as a mask (bit ``face`` for each face, the
faces' ids being ints): a listing tests a hand's mask (``_hands.face_mask``) against them
before it reads a face."""


def fits_of(face: Campsite, group: Group) -> Fits:
    """The faces that fit the group on that campsite and its wild swaps, with their masks
    (:data:`Fits`): what :func:`placements`, :func:`fitting`, :func:`wild_swaps` and the
    listings read. Worked out afresh at each call, without a memo, off the span and swap
    tables built at import (:func:`valid_fits`), mostly without allocating."""
    return valid_fits(group) if group_ok(face, group) else _NO_FITS


_NO_FITS: Final[Fits] = ((), (), (), (), 0, 0)
"""What fits a group that is not valid on its campsite: nothing."""


def placements(face: Campsite, group: Group, card: Card) -> tuple[Placed, ...]:
    """Every way a hand card can join a valid group on this campsite (UC-7, UC-9).

    The same answer as ``group.placements(card, face.min_size(group.kind))`` (a
    differential test holds the two equal).
    """
    faces, ways, _, _, _, _ = fits_of(face, group)
    for i in range(len(faces)):
        if faces[i] is card:
            return ways[i]
    return ()


def fitting(face: Campsite, group: Group) -> Fitting:
    """Every face that fits this group on this campsite, with its placements, in face
    order (UC-7, UC-9): :func:`fits_of` as pairs, the form the tests hold against the
    solver's placements (the rules read :func:`fits_of`)."""
    faces, ways, _, _, _, _ = fits_of(face, group)
    return tuple(zip(faces, ways, strict=True))


def wild_swaps(face: Campsite, group: Group) -> Swaps:
    """Every (natural face, wild) pair for which that face may take that wild (UC-10), in
    face order; empty for a group without a wild. The same pairs as the solver's
    ``Group.wild_swaps`` on a valid group: :func:`fits_of` as pairs, for the tests (the
    rules read :func:`fits_of`)."""
    _, _, cards, wilds, _, _ = fits_of(face, group)
    return tuple(zip(cards, wilds, strict=True))


_SPAN: Final = len(NUMBERS)
_KIND_INDEX: Final = KIND_INDEX
_WILD_FACE: Final = WILD.index
_WILD_COPIES: Final = WILD_COPIES
_MOST_CARDS: Final[tuple[int, ...]] = MOST_CARDS
_SAME_COLOR_KINDS: Final = tuple(kind.same_color for kind in GroupKind)
"""Whether each kind (by its place in ``GroupKind``) is of one color."""
_ANY_COLOR: Final = 4
"""The color code of the span tables' entries for the kinds of any color."""


def _span_at(kind: int, low: int, high: int, color: int) -> int:
    """Where the span tables hold a kind's (its place in ``GroupKind``) number span
    (``number - 2`` of its lowest and highest card) and color code (:data:`_ANY_COLOR`
    for the kinds of any color)."""
    return ((kind * _SPAN + low) * _SPAN + high) * (_ANY_COLOR + 1) + color


def valid_fits(group: Group) -> Fits:
    """:func:`fits_of` a group known valid on its campsite (``group_ok``), read from its
    placements' ints (``_groups.Placed``: number ``>> 3``, color ``>> 1 & 3``, wild ``& 1``).

    What fits a valid group depends only on its kind, its number span, its color (for the
    one-color kinds) and which faces it already holds every copy of; so the fitting faces
    are those of the group's span (tables per span) less the faces used up. A wild's swaps
    are the naturals its kind lets take its place (tables per kind and declared value)
    less those the group holds every copy of. A group holding no face's every copy and at
    most one wild value gets the tables' own tuples: only the answer's tuple is made.
    """
    cards = group.cards
    kind = _KIND_INDEX[group.kind]
    wilds = 0
    wild_values = 0  # the distinct wild values: equal ones sit side by side
    last_wild = 0
    full = 0  # the faces the group holds every copy of, as a mask
    previous = -1
    for placed in cards:
        value: int = placed
        if value & 1:
            wilds += 1
            if value != previous:
                wild_values += 1
                last_wild = value
        elif value == previous:  # equal naturals sort next to each other (UC-1: two copies)
            full |= 1 << ((value >> 1 & 3) * _SPAN + (value >> 3))
        previous = value
    if wilds >= _WILD_COPIES:
        full |= 1 << _WILD_FACE
    faces: tuple[Card, ...] = ()
    ways: tuple[tuple[Placed, ...], ...] = ()
    fit_mask = 0
    if len(cards) < _MOST_CARDS[kind]:
        first: int = cards[0]
        last: int = cards[-1]
        at = _span_at(kind, first >> 3, last >> 3,
                      first >> 1 & 3 if _SAME_COLOR_KINDS[kind] else _ANY_COLOR)
        faces = _SPAN_FACES[at]
        ways = _SPAN_WAYS[at]
        fit_mask = _SPAN_MASKS[at]
        if full & fit_mask:
            kept_faces: list[Card] = []
            kept_ways: list[tuple[Placed, ...]] = []
            for i in range(len(faces)):
                card: int = faces[i]
                if not full >> card & 1:
                    kept_faces.append(faces[i])
                    kept_ways.append(ways[i])
            faces = tuple(kept_faces)
            ways = tuple(kept_ways)
            fit_mask &= ~full
    if not wilds:
        return faces, ways, (), (), fit_mask, 0
    if wild_values == 1:  # one wild's pairs come in face order: the tables' own, if none is used up
        at = kind * _PLACEMENT_COUNT + last_wild
        if not full & _SWAP_MASKS[at]:
            return faces, ways, _SWAP_FACES[at], _SWAP_WILDS[at], fit_mask, _SWAP_MASKS[at]
    # by natural, then by the wild's order in the group: its own int value; each pair as
    # the int ``natural << 7 | wild`` (a placement is below 128), sorted as ints
    pairs: list[int] = []
    swap_mask = 0
    previous = -1
    for placed in cards:
        wild: int = placed
        if wild & 1 and wild != previous:
            at = kind * _PLACEMENT_COUNT + wild
            naturals = _SWAP_FACES[at]
            for i in range(len(naturals)):
                face_id: int = naturals[i]
                if not full >> face_id & 1:
                    pairs.append(face_id << 7 | wild)
                    swap_mask |= 1 << face_id
        previous = wild
    if wild_values > 1:  # one wild's pairs come in face order already
        pairs.sort()
    swap_cards: list[Card] = []
    swap_wilds: list[Placed] = []
    for pair in pairs:
        swap_cards.append(_FACES[pair >> 7])
        swap_wilds.append(_PLACEMENTS[pair & 127])
    return faces, ways, tuple(swap_cards), tuple(swap_wilds), fit_mask, swap_mask


def _swap_faces(kind: GroupKind, wild: Placed) -> tuple[Card, ...]:
    """The naturals that may take the place of this declared wild in a group of this kind
    (UC-10): its number in any color (in its color for the one-color kinds); UC-29: any
    card of its color in a color group."""
    colors = (wild.color,) if kind.same_color else tuple(Color)
    numbers = NUMBERS if kind is GroupKind.COLOR_GROUP else (wild.number,)
    return tuple(natural(c, n) for c in colors for n in numbers)


def _faces_mask(faces: Sequence[Card]) -> int:
    """These faces, as a mask."""
    mask = 0
    for card in faces:
        mask |= 1 << card
    return mask


_PLACEMENT_COUNT: Final = len(PLACEMENTS)
_FACES: Final[tuple[Card, ...]] = FACES
_PLACEMENTS: Final[tuple[Placed, ...]] = PLACEMENTS
_SWAP_FACES: Final[tuple[tuple[Card, ...], ...]] = tuple(
    _swap_faces(kind, placed) if placed.is_wild else ()
    for kind in GroupKind for placed in PLACEMENTS
)
"""The naturals of :func:`_swap_faces` of every kind and declared wild, in face order, at
``kind * 96 + wild`` (the kind's place in ``GroupKind``, the wild's placement int), built
at import: a group's wild swaps are these faces with the wild, less the faces it holds
every copy of."""
_SWAP_WILDS: Final[tuple[tuple[Placed, ...], ...]] = tuple(
    (PLACEMENTS[at % _PLACEMENT_COUNT],) * len(naturals)
    for at, naturals in enumerate(_SWAP_FACES)
)
"""At the place of each entry of :data:`_SWAP_FACES`, its wild once per natural."""
_SWAP_MASKS: Final[tuple[int, ...]] = tuple(_faces_mask(naturals) for naturals in _SWAP_FACES)
"""The faces of each entry of :data:`_SWAP_FACES`, as a mask."""


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


def _span_tables() -> tuple[
        tuple[tuple[Card, ...], ...], tuple[tuple[tuple[Placed, ...], ...], ...]]:
    """:func:`_span_fitting` of every valid group's kind, number span and color, at
    :func:`_span_at` (nothing at the places of no valid group), as two tables: the faces
    and their placements (the pairs are not kept)."""
    fittings: list[Fitting] = [()] * _span_at(len(KIND_INDEX), 0, 0, 0)
    for kind in GroupKind:
        colors: list[Color | None] = list(Color) if kind.same_color else [None]
        for color in colors:
            code = _ANY_COLOR if color is None else _COLOR_CODE[color]
            whole: Fitting = ()
            if kind is GroupKind.COLOR_GROUP:  # what fits one does not depend on its span
                whole = _span_fitting(kind, LOWEST, HIGHEST, color)
            for low in NUMBERS:
                for high in [low] if kind is GroupKind.SET else NUMBERS[low - LOWEST:]:
                    at = _span_at(KIND_INDEX[kind], low - LOWEST, high - LOWEST, code)
                    fittings[at] = whole if whole else _span_fitting(kind, low, high, color)
    return (tuple(tuple([card for card, _ in fits]) for fits in fittings),
            tuple(tuple([ways for _, ways in fits]) for fits in fittings))


_COLOR_CODE: Final = {color: code for code, color in enumerate(Color)}
"""Each color's code in a placement (``_groups.Placed``)."""
_SPAN_TABLES: Final = _span_tables()
_SPAN_FACES: Final[tuple[tuple[Card, ...], ...]] = _SPAN_TABLES[0]
_SPAN_WAYS: Final[tuple[tuple[tuple[Placed, ...], ...], ...]] = _SPAN_TABLES[1]
_SPAN_MASKS: Final[tuple[int, ...]] = tuple(_faces_mask(faces) for faces in _SPAN_FACES)
"""The faces of :func:`_span_fitting` of every valid group's kind, number span and color,
their placements and the faces as a mask, at :func:`_span_at`, built at import
(:func:`valid_fits` reads them)."""


_CONSECUTIVE_KINDS: Final = tuple(kind.consecutive for kind in GroupKind)
"""Whether each kind (by its place in ``GroupKind``) is a run."""


def edge_of(group: Group) -> list[Placed]:
    """The cards on a group's outside edge, distinct, in order (UC-13): a run's lowest and
    highest card, any card of a set or color group. ``Group.edge`` read from the sorted
    placement ints, where equal cards lie side by side (a differential test holds the two
    equal)."""
    cards = group.cards
    if not cards:
        return []
    if _CONSECUTIVE_KINDS[KIND_INDEX[group.kind]]:
        first = cards[0]
        last = cards[-1]
        return [first] if first == last else [first, last]
    out: list[Placed] = []
    previous = -1
    for placed in cards:
        value: int = placed
        if value != previous:
            out.append(placed)
        previous = value
    return out


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


_RUN_KIND: Final = GroupKind.RUN
_COLOR_RUN_KIND: Final = GroupKind.COLOR_RUN
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
    kind = group.kind
    if kind is _RUN_KIND or kind is _COLOR_RUN_KIND:
        at = KIND_INDEX[kind]
        least = face.min_sizes[at]
        cards = group.cards
        for cut in range(least, len(cards) - least + 1):
            left = cards[:cut]  # a run's slices stay in order
            right = cards[cut:]
            if cards_valid_on(face, at, left) and cards_valid_on(face, at, right):
                found.append((sorted_group(kind, left), sorted_group(kind, right)))
    splits = tuple(found)
    _cache.keep(_cache.RUN_SPLITS, key, (face, group, splits))
    return splits
