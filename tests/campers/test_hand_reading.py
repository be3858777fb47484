"""How move generation reads a hand for its claims and new groups (UC-7), held to the
plain expressions it replaced (issue 29): the playing cards of a sorted hand, the
new-group alternatives a hand's bound lets be met, and whether two asked plans may give
one claim."""

from __future__ import annotations

from bisect import bisect_right

from hypothesis import given
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _solving
from campers_rules._cards import DECK, FACES, WILD
from campers_rules._catalogue import CATALOGUE, Campsite
from campers_rules._solving import WHOLE_DECK
from campers_rules.solver._api import new_group_requirement
from campers_rules.solver._native import from_hand, may_repeat


@given(st.lists(st.sampled_from(DECK), max_size=30))
def test_uc7_the_playing_cards_are_the_hand_up_to_its_last_wild(cards: list[uc.Card]) -> None:
    """UC-7: ``playing`` gives the sorted hand's cards up to its last wild (the action
    cards never go to the table), as ``bisect_right`` on the wild does, and their bytes."""
    hand = tuple(sorted(cards))
    expected = hand[:bisect_right(hand, WILD)]
    key, playing = _solving.playing(hand)
    assert playing == expected
    assert key == bytes(expected)
    assert all(type(card) is type(WILD) for card in playing)


@given(st.lists(st.sampled_from(FACES), max_size=30),
       st.tuples(*[st.sampled_from([0, 1, 2, 3, 4, 5]) for _ in range(4)]))
def test_uc7_the_new_group_alternatives_are_those_the_hand_may_meet(
        cards: list[uc.Card], sizes: tuple[int, int, int, int]) -> None:
    """UC-7, UC-30: the alternatives of a campsite's new-group question (one per kind its
    faces name, ``new_group_sizes`` not 0) that a hand's bound lets be met are those the
    pairing of the bound with the sizes gives."""
    most = _solving.reach(_solving.playing(tuple(sorted(cards)))[0])
    held = [(m, size) for m, size in zip(most, sizes, strict=True) if size]
    expected = [a for a, (m, size) in enumerate(held) if m >= size]
    assert _solving._new_group_plans(most, sizes) == expected


@given(st.sampled_from(CATALOGUE), st.booleans(), st.data())
def test_uc7_two_plans_may_give_one_claim_when_they_lay_the_same_units(
        face: Campsite, new_group: bool, data: st.DataObject) -> None:
    """UC-7: ``may_repeat`` (whether two leaves of the asked plans may be one claim) finds
    two plans of the same units as a set of their units does, for any plans asked of a
    campsite's primitive or new-group question."""
    requirement = new_group_requirement(face) if new_group else face.primitive
    problem = from_hand(requirement, b"", WHOLE_DECK)
    asked = data.draw(st.lists(st.sampled_from(problem.plans), max_size=5))
    units = [plan.ordered[0] for plan in asked]
    assert may_repeat(problem, asked) is (len(set(units)) < len(units))
