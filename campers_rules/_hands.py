"""A hand as the state keeps it: a sorted tuple of interned card faces, and the questions
and edits the rules make of it, by binary search on the faces' indices (no Python
``__eq__`` call: ``Card.__eq__`` is identity, but written in Python, so ``card in hand``
and ``tuple.index`` would call it per card)."""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable
from operator import attrgetter

from campers_rules._cards import Card

face_index = attrgetter("index")
"""The sort key of a hand."""


def remove_one(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """These sorted cards less one copy of card (which must be there)."""
    i = bisect_left(cards, card.index, key=face_index)
    return cards[:i] + cards[i + 1 :]


def add_one(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """These sorted cards plus card, still sorted."""
    out = list(cards)
    insort(out, card, key=face_index)
    return tuple(out)


def in_hand(hand: tuple[Card, ...], card: Card) -> bool:
    """Whether the sorted hand holds this card: ``card in hand`` without Python ``__eq__`` calls."""
    i = bisect_left(hand, card.index, key=face_index)
    return i < len(hand) and hand[i] is card


def holds(hand: tuple[Card, ...], cards: Iterable[Card]) -> bool:
    """Whether the sorted hand holds all these cards (as a multiset)."""
    left = list(hand)
    for card in cards:
        i = bisect_left(left, card.index, key=face_index)
        if i == len(left) or left[i] is not card:
            return False
        del left[i]
    return True
