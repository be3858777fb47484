"""Move generation takes the first claims of a question as lists, straight from the
search (issue 29): ``solver._native.laid_first`` gives the first claims of the native
search with the cards each lays and whether they are all, as taking them lazily from
``laid`` gives them, whatever the limit and the step budget (UC-7, UC-30); the claims and
new groups of ``_solving`` then equal the lazy search's on every campsite.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _cache
from campers_rules._requirements import Requirement
from campers_rules._solving import (
    claims_of,
    claims_within,
    may_meet,
    new_groups_of,
    playing,
    reach,
)
from campers_rules.solver._api import new_group_requirement
from campers_rules.solver._native import laid, laid_first
from campers_rules.solver._problem import (
    OwnCampsite,
    Problem,
    SolverLimits,
    hand_problem,
    make_problem,
)
from tests.campers.solver_checks import first_lazily
from tests.campers.strategies import hands
from tests.campers.test_spelled_first import _QUESTIONS as SPELLED

_QUESTIONS = [*SPELLED, Requirement.parse("2 SETS OF 2"),
              *[new_group_requirement(face) for face in uc.CATALOGUE]]
"""The questions the spelled listing is held to, a set pair, and every new-group one."""


def _lazily(problem: Problem, plans: list[int] | None, limit: int
            ) -> tuple[list[tuple[uc.Group, ...]], list[bytes], bool]:
    """The first ``limit`` claims of the lazy search, as :func:`laid_first` lists them."""
    found, complete = first_lazily(laid(problem, plans), limit)
    return [groups for groups, _ in found], [used for _, used in found], complete


@settings(max_examples=300, deadline=None)
@given(hand=hands(max_cards=18), requirement=st.sampled_from(_QUESTIONS),
       limit=st.sampled_from([0, 1, 2, 3, 7, 40, 128]),
       budget=st.sampled_from([300_000, 2_000, 300, 60]),
       bounded=st.booleans())
def test_the_first_claims_listed_are_the_lazy_ones_uc7(
        hand: tuple[uc.Card, ...], requirement: Requirement, limit: int, budget: int,
        bounded: bool) -> None:
    """UC-7: for any hand, question (one group, two paired, more, two plans of the same
    units, a new-group question), limit and step budget, the claims listed up to the limit
    are those taken lazily from ``laid`` up to it, in the same order, with the same cards
    laid and the same completeness (a budget that stops the lazy search stops this one at
    the same claim)."""
    key, _ = playing(hand)
    problem = hand_problem(requirement, key, SolverLimits(max_cards=100, max_steps=budget))
    plans = may_meet(reach(key), requirement) if bounded else None
    assert laid_first(problem, plans, limit) == _lazily(problem, plans, limit)


@settings(max_examples=60, deadline=None)
@given(hand=hands(max_cards=10), limit=st.sampled_from([1, 4, 128]))
def test_a_question_with_own_campsites_lists_its_search_uc7_uc11(
        hand: tuple[uc.Card, ...], limit: int) -> None:
    """UC-7, UC-11: a question whose groups may join an own campsite (searched leaf by
    leaf) lists the claims the lazy search gives, up to the limit."""
    face = uc.campsite("c05")
    own = OwnCampsite(face, (uc.Group.parse("SET B5 Y5 R5"),))
    table = own.groups[0].cards
    held = tuple(card for card in hand if card not in [placed.face for placed in table])
    problem = make_problem(face.primitive, held, (own,), SolverLimits(max_cards=100))
    assert laid_first(problem, None, limit) == _lazily(problem, None, limit)


@settings(max_examples=80, deadline=None)
@given(hand=hands(max_cards=16), limit=st.sampled_from([1, 3, 128]))
def test_claims_and_new_groups_of_every_campsite_are_the_lazy_search_uc7_uc30(
        hand: tuple[uc.Card, ...], limit: int) -> None:
    """UC-7, UC-30: with every memo empty, the claims and new groups move generation lists
    for a hand on every campsite are the lazy search's first ones (the claims only where
    the hand's bound and counts leave a question), the claims also when the hand's reach
    is read once for every campsite (``claims_within``)."""
    _cache.clear()
    read = playing(hand)
    key, cards = read
    whole = SolverLimits(max_cards=100)
    for face in uc.CATALOGUE:
        wanted = may_meet(reach(key), face.primitive)
        lazy, _ = first_lazily(laid(make_problem(face.primitive, cards, (), whole), wanted),
                               limit)
        claimed = claims_of(read, face, "native", limit)
        assert claimed == tuple([groups for groups, _ in lazy]) if wanted else claimed == ()
        assert claims_within(read, reach(key), face, "native", limit) == claimed
        needs = new_group_requirement(face)
        every, _ = first_lazily(laid(make_problem(needs, cards, (), whole)), limit)
        assert new_groups_of(read, face, "native", limit) == tuple(
            [groups[0] for groups, _ in every])
