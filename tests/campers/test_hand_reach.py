"""A hand's reach (``_solving.reach``, the largest group of each kind it could form, the
bound move generation rules claims out by) is read in ints (issue 29): it equals the
plain count of its cards, by number, by color and by window of consecutive numbers, for
any hand the deck can hold, action cards among it or not (UC-4, UC-7).
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _cache
from campers_rules._cards import LOWEST, Card
from campers_rules._solving import _longest, playing, reach
from tests.campers.strategies import hands

_ACTIONS = [face for face in uc.FACES if not face.is_natural and face is not uc.WILD]


def _plain_reach(hand: tuple[Card, ...]) -> tuple[int, int, int, int]:
    """The largest set, run, color group and color run the hand's cards could form, counted
    card by card (a group holds a natural: no group of wilds alone)."""
    naturals = [card for card in hand if card.is_natural]
    wilds = hand.count(uc.WILD)
    by_number = Counter(card.number for card in naturals)
    by_color = Counter(card.color for card in naturals)
    numbers = 0
    numbers_of: dict[object, int] = {}
    for card in naturals:
        assert card.number is not None
        bit = 1 << (card.number - LOWEST)
        numbers |= bit
        numbers_of[card.color] = numbers_of.get(card.color, 0) | bit
    most_set = max(by_number.values(), default=0)
    most_color = max(by_color.values(), default=0)
    return (most_set + wilds if most_set else 0, _longest(numbers, wilds),
            most_color + wilds if most_color else 0,
            max([_longest(mask, wilds) for mask in numbers_of.values()], default=0))


@settings(max_examples=400, deadline=None)
@given(hand=hands(min_cards=0, max_cards=40), actions=st.lists(st.sampled_from(_ACTIONS),
                                                                max_size=3))
def test_reach_is_the_plain_count_of_the_cards_uc7(hand: tuple[Card, ...],
                                                   actions: list[Card]) -> None:
    """UC-4, UC-7: the reach of a hand's playing cards is the plain count of them, with
    every memo empty (action cards are never in a group)."""
    _cache.clear()
    key, _ = playing(tuple(sorted(hand + tuple(actions))))
    assert reach(key) == _plain_reach(hand)


def test_the_whole_deck_reaches_every_size_uc7() -> None:
    """UC-4, UC-7: the whole deck (every natural twice, four wilds) fills each field the
    reach counts in: eight of a number, 24 of a color, every window."""
    _cache.clear()
    deck = tuple(sorted([c for c in uc.FACES if c.is_natural] * 2 + [uc.WILD] * 4))
    assert reach(playing(deck)[0]) == _plain_reach(deck) == (12, 12, 28, 12)
