"""Whether placed cards make a valid group of a kind (UC-1, UC-4, UC-5), read from the
placements' ints: the check behind ``Group.problem``, which the move generator asks of
every group it lists (issue 29).

A placement is the int ``(number - 2) * 8 + color * 2 + is_wild`` (``_groups.Placed``) and
a group's cards are these ints sorted, so the check reads a card's number (``>> 3``),
color (``>> 1 & 3``) and wildness (``& 1``) with no attribute look-up: in the compiled
build it is native code (docs/compiled.rst). Kinds are given by their place in
``GroupKind`` (:data:`KIND_NAMES`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from campers_rules._cards import (
    LOWEST,
    NATURAL_COPIES,
    NUMBERS,
    WILD,
    WILD_COPIES,
    Card,
    Color,
    copies_in_deck,
    natural,
)

KIND_NAMES: Final = ("SET", "RUN", "COLOR GROUP", "COLOR RUN")
"""Each kind's text (its ``GroupKind`` value), by its place in ``GroupKind``."""
MOST_CARDS: Final = (
    4 * NATURAL_COPIES + WILD_COPIES,
    len(NUMBERS),
    len(NUMBERS) * NATURAL_COPIES + WILD_COPIES,
    len(NUMBERS),
)
"""The largest group of each kind the deck allows (``_groups.MAX_SIZE``): 8 naturals and 4
wilds in a set, 12 numbers in a run, 24 naturals and 4 wilds of one color."""
_SET: Final = 0
_RUN: Final = 1
_COLOR_GROUP: Final = 2
_COLOR_RUN: Final = 3
_COLORS: Final = tuple(Color)
"""The colors by their code in a placement."""


_MOST: Final[tuple[int, ...]] = MOST_CARDS
""":data:`MOST_CARDS` as a tuple of ints: compiled, an item of a fixed-length tuple picked
by a variable index boxes the whole tuple first."""


def shape_problem(kind: int, cards: Sequence[int], least: int) -> str | None:
    """Why these placements (sorted) are no valid group of this kind (its place in
    ``GroupKind``) of at least ``least`` cards, or ``None`` when they are one: the answer
    of ``Group.problem``."""
    placed = tuple(cards)  # a tuple is itself: compiled, its items are read natively
    size = len(placed)
    if size < least:
        return f"a {KIND_NAMES[kind]} needs at least {least} cards, not {size} [UC-4]"
    if size > _MOST[kind]:
        return f"a {KIND_NAMES[kind]} holds at most {_MOST[kind]} cards [UC-4]"
    wilds = 0
    distinct = 0  # the distinct placements: equal ones sit side by side
    previous = -1
    for at in range(size):
        value = placed[at]
        wilds += value & 1
        if value != previous:
            distinct += 1
        previous = value
    if wilds == size:
        return "a group holds at least one natural card [UC-4]"
    # only a wild laid more than four times, or a natural more than twice (two of the
    # distinct placements fewer than cards, at least), can be one too many
    if wilds > WILD_COPIES or distinct <= size - NATURAL_COPIES:
        too_many = _too_many(placed, wilds)
        if too_many is not None:
            return too_many
    first = placed[0]
    if kind == _SET and first >> 3 != placed[-1] >> 3:  # sorted by number first
        return "a set's cards share one number [UC-4]"
    if kind in (_COLOR_GROUP, _COLOR_RUN):
        color = first >> 1 & 3
        for at in range(size):
            if placed[at] >> 1 & 3 != color:
                return f"a {KIND_NAMES[kind]}'s cards share one color [UC-4]"
    if kind in (_RUN, _COLOR_RUN):
        number = first >> 3
        for at in range(size):
            if placed[at] >> 3 != number:
                return "a run's numbers are consecutive, each once [UC-4]"
            number += 1
    return None


def _too_many(cards: tuple[int, ...], wilds: int) -> str | None:
    """The first face (in the cards' order) laid more times than the deck holds it (UC-1),
    as a problem; ``None`` when there is none. Equal naturals sit side by side."""
    seen_wild = False
    for at, placed in enumerate(cards):
        if placed & 1:
            if not seen_wild and wilds > WILD_COPIES:
                return _copies(WILD, wilds)
            seen_wild = True
        elif at == 0 or cards[at - 1] != placed:
            count = 1
            while at + count < len(cards) and cards[at + count] == placed:
                count += 1
            if count > NATURAL_COPIES:
                return _copies(natural(_COLORS[placed >> 1 & 3], LOWEST + (placed >> 3)), count)
    return None


def _copies(face: Card, count: int) -> str:
    return f"{count} copies of {face}: the deck holds {copies_in_deck(face)} [UC-1]"
