"""The options of an open build are spelled in ids without building each compound action
(issue 29): the native search spells each claim in build steps straight from its cards'
ranks, and the action is built from its steps only when asked (UC-5, UC-7, UC-11).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import islice
from typing import TypeVar

from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._ids import SPELLING, compound_of, compound_steps
from campers_rules._solving import playing
from campers_rules.solver import ProblemTooLargeError, SolverLimits
from campers_rules.solver._api import new_group_requirement
from campers_rules.solver._native import laid, spelled_first
from campers_rules.solver._problem import group_code, hand_problem

T = TypeVar("T")

_DECK = [card for card in uc.FACES if card.is_natural] * 2 + [uc.WILD] * 4
_LIMITS = SolverLimits(max_cards=100)


def _found(answers: Iterator[T]) -> list[T]:
    """The first 200 answers, or those found before the step budget stopped the search."""
    out: list[T] = []
    try:
        for answer in islice(answers, 200):
            out.append(answer)
    except ProblemTooLargeError:
        return out
    return out


@settings(max_examples=150, deadline=None)
@given(picks=st.lists(st.integers(0, len(_DECK) - 1), unique=True, max_size=22),
       site=st.integers(0, len(uc.CATALOGUE) - 1), new_group=st.booleans())
def test_spelled_claims_are_the_laid_claims_spelled_uc5_uc7(
        picks: list[int], site: int, new_group: bool) -> None:
    """UC-5, UC-7: the native search's spelled claims are its built claims, in the same
    order, each spelled past its first step as :func:`action_steps` spells the claim of
    those groups (each wild declared as built); a search past the step budget stops at
    the same claim."""
    face = uc.CATALOGUE[site]
    requirement = new_group_requirement(face) if new_group else face.primitive
    key, _ = playing(tuple(sorted(_DECK[i] for i in picks)))
    problem = hand_problem(requirement, key, _LIMITS)
    built = _found(laid(problem))
    steps = spelled_first(problem, SPELLING, None, 200)
    assert steps == [uc.action_steps(uc.Claim(0, site, groups))[1:] for groups, _ in built]


def _compound(state: uc.State, player: int) -> list[uc.Action]:
    return [a for a in state.legal_actions(player)
            if isinstance(a, uc.Claim | uc.AddGroup | uc.Rearrange)]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5))
def test_listed_compound_actions_are_spelled_and_built_back_from_steps_uc7_uc11(
        seed: int, players: int) -> None:
    """UC-7, UC-11: along a random game, every listed claim and new group is spelled from
    its groups' codes exactly as :func:`action_steps` spells it, and every listed claim,
    new group and rearrangement is built back from its steps, equal and printed alike."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed)
    checked = 0
    for _ in range(600):
        if state.is_over:
            break
        actor = min(state.actors)
        listed = state.legal_actions(actor)
        for action in _compound(state, actor):
            spelled = uc.action_steps(action)
            if isinstance(action, uc.Claim):
                assert compound_steps(spelled[0], [group_code(g) for g in action.groups]
                                      ) == spelled
            elif isinstance(action, uc.AddGroup):
                assert compound_steps(spelled[0], [group_code(action.cards)]) == spelled
            back = compound_of(actor, spelled)
            assert back == action and str(back) == str(action)
            checked += 1
        state = state.apply(listed[rng.randrange(len(listed))])
    assert checked or state.is_over


def test_a_rearrangement_and_a_claim_with_wilds_are_built_back_from_steps_uc5_uc11() -> None:
    """UC-5, UC-11: a rearrangement over two campsites, and a claim whose wilds are
    declared, are built back from their steps (each campsite's groups kept apart)."""
    for text in ("p2 rearrange c01 [SET B5 Y5 W=R5] ; c03 [RUN B2 W=B3 Y4] [COLOR GROUP R2 R9 R11]",
                 "p1 claim c10 [SET B5 Y5 W=B5] [RUN W=B2 R3 G4]"):
        action = uc.parse_action(text)
        player = action.player
        assert compound_of(player, uc.action_steps(action)) == action
