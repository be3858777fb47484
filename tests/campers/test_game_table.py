"""The engine's fast table queries agree with the solver's reference ones."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _solving, solver
from campers_rules._cards import FACES
from campers_rules._table import fitting, placements, wild_swaps
from tests.campers.strategies import hands, valid_groups


@settings(max_examples=300)
@given(valid_groups(), st.sampled_from([c for c in FACES if not c.is_action]),
       st.sampled_from(uc.CATALOGUE))
def test_placements_match_the_solver(group: uc.Group, card: uc.Card, face: uc.Campsite) -> None:
    """UC-9: the cached placements equal ``Group.placements`` on every campsite."""
    assert placements(face, group, card) == group.placements(card, face.min_size(group.kind))


@settings(max_examples=150)
@given(hands(max_cards=20), st.sampled_from(uc.CATALOGUE))
def test_reach_bound_never_hides_a_claim(hand: tuple[uc.Card, ...], face: uc.Campsite) -> None:
    """UC-7: the cheap bound that skips hopeless solver calls never skips a real claim,
    and the engine lists exactly the solver's claims and new groups."""
    found = list(solver.claims(face.primitive, hand))
    assert _solving.claims(hand, face, "native", 10**6) == tuple(c.groups for c in found)
    groups = tuple(solver.new_groups(face, hand))
    assert _solving.new_groups(hand, face, "native", 10**6) == groups



@settings(max_examples=100)
@given(hands(max_cards=14), st.sampled_from(uc.CATALOGUE), st.data())
def test_smaller_hands_list_the_solvers_answers(
    hand: tuple[uc.Card, ...], face: uc.Campsite, data: st.DataObject
) -> None:
    """UC-7: answers derived from a larger hand asked just before (cards leaving the hand
    during a turn) equal the solver's own, in its order, for every smaller hand."""
    _solving.claims(hand, face, "native", 10**6)
    _solving.new_groups(hand, face, "native", 10**6)
    for _ in range(3):
        if not hand:
            break
        drop = data.draw(st.integers(0, len(hand) - 1))
        hand = hand[:drop] + hand[drop + 1 :]
        found = tuple(c.groups for c in solver.claims(face.primitive, hand))
        assert _solving.claims(hand, face, "native", 10**6) == found
        assert _solving.new_groups(hand, face, "native", 10**6) == tuple(
            solver.new_groups(face, hand)
        )

TABLE_FACES = [c for c in FACES if not c.is_action]


@settings(max_examples=200)
@given(valid_groups(), st.sampled_from(uc.CATALOGUE))
def test_fitting_and_wild_swaps_match_the_solver(group: uc.Group, face: uc.Campsite) -> None:
    """UC-9, UC-10: the per-group tables of fitting faces and wild swaps equal the
    solver's ``Group.placements`` and ``Group.wild_swaps`` over every face."""
    least = face.min_size(group.kind)
    expected = tuple(
        (card, group.placements(card, least))
        for card in TABLE_FACES
        if group.placements(card, least)
    )
    assert fitting(face, group) == expected
    swaps = tuple(
        (card, wild)
        for card in TABLE_FACES
        for wild, new in group.wild_swaps(card)
        if face.group_problem(new) is None
    )
    assert wild_swaps(face, group) == swaps
