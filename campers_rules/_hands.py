"""A hand as the state keeps it: a sorted tuple of card faces, and the edits the rules
make of it. A face is an integer (its id, :attr:`Card.index`), so a hand is a sorted
tuple of small ints: ``card in hand``, ``hand.index``, ``sorted`` and ``bisect`` are
the built-in integer ones."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable

from campers_rules._cards import Card


def remove_one(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """These sorted cards less one copy of card (which must be there). One list edited in
    place, then the tuple: slicing around the card would build two more tuples."""
    out = list(cards)
    out.remove(card)
    return tuple(out)


def add_one(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """These sorted cards plus card, still sorted (one list edited in place, as above)."""
    out = list(cards)
    out.insert(bisect_right(cards, card), card)
    return tuple(out)


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
