"""A hand as the state keeps it: a sorted tuple of card faces, and the edits the rules
make of it. A face is an integer (its id, :attr:`Card.index`), so a hand is a sorted
tuple of small ints: ``card in hand``, ``hand.index``, ``sorted`` and ``bisect`` are
the built-in integer ones."""

from __future__ import annotations

from collections.abc import Iterable

from campers_rules._cards import Card


def remove_one(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """These sorted cards less one copy of card (which must be there). The card is found
    by native int compares (compiled, ``list.remove`` compares the faces through Python's
    generic comparison), then one list is edited in place and made the tuple: slicing
    around the card would build two more tuples.

    Raises:
        ValueError: The card is not among them (a caller's bug: every caller checked it).
    """
    face: int = card
    for at in range(len(cards)):
        held: int = cards[at]
        if held == face:
            out = list(cards)
            del out[at]
            return tuple(out)
    raise ValueError(f"{card!r} is not among {cards!r}")


def add_one(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """These sorted cards plus card, still sorted: after the last card not above it (as
    ``bisect_right``, by native int compares, where a call of ``bisect`` costs more
    compiled than the walk of a hand), one list edited in place as above."""
    face: int = card
    at = len(cards)
    for index in range(len(cards)):
        held: int = cards[index]
        if held > face:
            at = index
            break
    out = list(cards)
    out.insert(at, card)
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
