"""A face is its integer id (issue 12), and the hand edits agree with the plain multiset
answers: ``holds``, ``remove_one`` and ``add_one`` are held to ``Counter`` and
``list.remove``/``sorted`` on every hand hypothesis builds.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._cards import FACES, Card
from campers_rules._hands import add_one, holds, remove_one

CARDS = st.sampled_from(FACES)
HANDS = st.lists(CARDS, max_size=20).map(lambda cards: tuple(sorted(cards)))


def test_a_face_is_its_integer_id() -> None:
    """Issue 12: each face is the int ``index``, so faces order, hash and compare as ids."""
    assert [int(card) for card in FACES] == [card.index for card in FACES] == list(range(56))
    assert sorted(reversed(FACES)) == list(FACES)
    assert {card: card.index for card in FACES} == {i: i for i in range(56)}
    assert bytes(FACES) == bytes(range(56))


@given(HANDS, CARDS)
def test_membership_is_the_face_id(hand: tuple[Card, ...], card: Card) -> None:
    assert (card in hand) == (card.index in [c.index for c in hand])


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



def test_a_face_id_and_a_seat_are_not_interchangeable() -> None:
    """UC-6, issue 12: a card is an int, yet an int is no card and a card is no seat or
    count: the shape check refuses both ways round, naming the field (a card for a seat
    is a SeatError, UC-2)."""
    state = uc.from_position(["B5 Y5 R5 G9", "G3 Y4"], phase=uc.Phase.PLAY)
    b5 = uc.Card.parse("B5")
    for action, field in ((uc.Discard(0, b5.index), "card"),  # type: ignore[arg-type]
                          (uc.Discard(uc.Card.parse("B2"), b5), "player"),
                          (uc.Draw(0, uc.Card.parse("B3")), "count")):
        assert not state.is_legal(action)
        with pytest.raises(uc.IllegalActionError, match=f"its {field}"):
            state.apply(action)
    assert state.is_legal(uc.Discard(0, b5))
