"""A hand as the state keeps it: a sorted tuple of card faces, and the edits the rules
make of it. A face is an integer (its id, :attr:`Card.index`), so a hand is a sorted
tuple of small ints: ``card in hand``, ``hand.index`` and ``sorted`` are the built-in
integer ones. A group's cards are sorted ints too (``_groups.Placed``): its edits are
these (:func:`add_one`, :func:`remove_one`), compiled."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from campers_rules._cards import Card

_C = TypeVar("_C", bound=int)
"""A card face, or a group's placement: both are ints, sorted as ints."""


def remove_one(cards: tuple[_C, ...], card: _C) -> tuple[_C, ...]:
    """These sorted cards less one copy of card, the first equal one (``list.remove``).
    Found by a native loop over the ints (a face, or a group's placement), then two
    slices joined: compiled, no list and no method call.

    Raises:
        ValueError: card is not among them.
    """
    face: int = card
    for at in range(len(cards)):
        other: int = cards[at]
        if other == face:
            return cards[:at] + cards[at + 1 :]
    raise ValueError(f"{card!r} is not among the cards")


def add_one(cards: tuple[_C, ...], card: _C) -> tuple[_C, ...]:
    """These sorted cards plus card, after its equals (``bisect.insort_right``), still
    sorted: a native binary search over the ints, then the slices around it joined."""
    face: int = card
    low = 0
    high = len(cards)
    while low < high:
        middle = (low + high) // 2
        other: int = cards[middle]
        if face < other:
            high = middle
        else:
            low = middle + 1
    return cards[:low] + (card,) + cards[low:]  # noqa: RUF005 (tuples joined, no list)


def face_mask(cards: Iterable[Card]) -> int:
    """The faces among these cards as a mask: bit ``face`` set for each face held (a face
    is its id, 0..55), so that a listing asks whether a hand holds any of a group's fitting
    faces with one ``&`` (``_table.fits_of``)."""
    mask = 0
    for card in cards:
        face: int = card
        mask |= 1 << face
    return mask


def holds(hand: tuple[Card, ...], cards: Iterable[Card]) -> bool:
    """Whether the sorted hand holds all these cards (as a multiset)."""
    left = list(hand)
    for card in cards:
        if card not in left:
            return False
        left.remove(card)
    return True
