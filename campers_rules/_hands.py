"""A hand as the state keeps it: a sorted tuple of card faces, and the edits the rules
make of it. A face is an integer (its id, :attr:`Card.index`), so a hand is a sorted
tuple of small ints: ``card in hand``, ``hand.index``, ``sorted`` and ``bisect`` are
the built-in integer ones. A group's cards are sorted ints too (``_groups.Placed``):
its edits are these (:func:`add_one`, :func:`remove_one`)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeVar

from campers_rules._cards import Card

if TYPE_CHECKING:
    from campers_rules._groups import Placed

_C = TypeVar("_C", Card, "Placed")
"""A card face, or a group's placement: both are ints, sorted as ints. Constrained, not
bound by ``int``: mypyc erases a type variable bound by ``int`` to a native int, which
would hand back plain ints for the cards."""


def remove_one(cards: tuple[_C, ...], card: _C) -> tuple[_C, ...]:
    """These sorted cards less one copy of card, the first equal one (``list.remove``):
    the two slices around it joined, ``tuple.index`` finding it in C. (The built-in
    search, in both builds, gives a forged card the same answer: ``Group.without`` is
    public.)

    Raises:
        ValueError: card is not among them.
    """
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def add_one(cards: tuple[_C, ...], card: _C) -> tuple[_C, ...]:
    """These sorted cards plus card, after its equals, still sorted (one list edited in
    place, then the tuple: cheaper, compiled, than joining slices around it), the place
    found by ``bisect_right`` in C, as for :func:`remove_one`."""
    out = list(cards)
    out.insert(bisect_right(cards, card), card)
    return tuple(out)


def insert_sorted(cards: list[_C], card: _C) -> None:
    """Put card into the sorted list after its equals (``bisect.insort_right``, with the
    compiled build's native int compares: a face is an int)."""
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
    cards.insert(low, card)


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
