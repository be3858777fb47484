"""Hand searches by binary search on the face index agree with the plain multiset answers.

``in_hand``, ``holds``, ``remove_one`` and ``add_one`` find cards in a sorted hand without
calling ``Card.__eq__`` (issue 5); these tests hold them to ``in``, ``Counter`` and
``list.remove``/``sorted`` on every hand hypothesis builds.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from campers_rules._cards import FACES, Card
from campers_rules._hands import add_one, holds, in_hand, remove_one

CARDS = st.sampled_from(FACES)
HANDS = st.lists(CARDS, max_size=20).map(lambda cards: tuple(sorted(cards)))


@given(HANDS, CARDS)
def test_in_hand_is_membership(hand: tuple[Card, ...], card: Card) -> None:
    assert in_hand(hand, card) == (card in hand)


@given(HANDS, st.lists(CARDS, max_size=8))
def test_holds_is_multiset_inclusion(hand: tuple[Card, ...], cards: list[Card]) -> None:
    have = Counter(hand)
    expected = all(have[card] >= count for card, count in Counter(cards).items())
    assert holds(hand, cards) == expected
    assert holds(hand, iter(cards)) == expected


@given(HANDS.filter(bool), st.data())
def test_remove_one_removes_that_card(hand: tuple[Card, ...], data: st.DataObject) -> None:
    card = data.draw(st.sampled_from(hand))
    expected = list(hand)
    expected.remove(card)
    assert remove_one(hand, card) == tuple(expected)


@given(HANDS, CARDS)
def test_add_one_keeps_the_hand_sorted(hand: tuple[Card, ...], card: Card) -> None:
    assert add_one(hand, card) == tuple(sorted((*hand, card)))
