"""The options of an opened claim build are spelled by one loop that stops at the listing's
limit (issue 29): ``solver._native.spelled_first`` gives the first claims of the native
search spelled in build steps, as taking them lazily from the built claims (``laid``)
gives them, whatever the limit and the step budget (UC-7, UC-11).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._ids import SPELLING
from campers_rules._requirements import Requirement
from campers_rules._solving import may_meet, playing, reach
from campers_rules.solver._native import laid, spelled_first
from campers_rules.solver._problem import (
    OwnCampsite,
    Problem,
    SolverLimits,
    hand_problem,
    make_problem,
)
from tests.campers.solver_checks import first_lazily
from tests.campers.strategies import hands

_QUESTIONS = [Requirement.parse(text) for text in (
    "2 RUNS OF 4", "2 SETS OF 3", "1 SET OF 3 AND 1 RUN OF 4", "2 COLOR RUNS OF 3",
    "1 SET OF 3 AND 1 SET OF 4", "2 RUNS OF 4 OR 1 SET OF 3 AND 1 SET OF 4",
    "3 RUNS OF 3", "1 RUN OF 5", "1 SET OF 3 OR 1 SET OF 3")] + [
    face.primitive for face in uc.CATALOGUE]


def _expected(problem: Problem, plans: list[int] | None, limit: int, site: int
              ) -> tuple[list[tuple[int, ...]], bool]:
    """The first ``limit`` built claims, each spelled as ``action_steps`` spells the claim
    of its groups (past its first step), and whether they are all."""
    found, complete = first_lazily(laid(problem, plans), limit)
    return [uc.action_steps(uc.Claim(0, site, groups))[1:] for groups, _ in found], complete


@settings(max_examples=250, deadline=None)
@given(hand=hands(max_cards=18), requirement=st.sampled_from(_QUESTIONS),
       limit=st.sampled_from([1, 2, 3, 7, 40, 128]),
       budget=st.sampled_from([300_000, 2_000, 300, 60]),
       bounded=st.booleans())
def test_the_first_spelled_claims_are_the_first_built_ones_uc7_uc11(
        hand: tuple[uc.Card, ...], requirement: Requirement, limit: int, budget: int,
        bounded: bool) -> None:
    """UC-7, UC-11: for any hand, question (one group, two paired, more, or two plans of
    the same units), limit and step budget, the claims spelled up to the limit are the
    built claims taken lazily up to it, spelled, in the same order (groups of one kind
    sorted by their cards): a budget that stops the lazy search stops this one at the
    same claim, and one that lets it reach the limit does too."""
    key, _ = playing(hand)
    limits = SolverLimits(max_cards=100, max_steps=budget)
    problem = hand_problem(requirement, key, limits)
    plans = may_meet(reach(key), requirement) if bounded else None
    assert spelled_first(problem, SPELLING, plans, limit) == _expected(
        problem, plans, limit, 3)[0]


@settings(max_examples=60, deadline=None)
@given(hand=hands(max_cards=10), limit=st.sampled_from([1, 4, 128]))
def test_a_question_with_own_campsites_is_spelled_from_its_search_uc7_uc11(
        hand: tuple[uc.Card, ...], limit: int) -> None:
    """UC-7, UC-11: a question whose groups may join an own campsite (searched leaf by
    leaf, not paired) spells the claims the search builds, up to the limit."""
    face = uc.campsite("c05")
    own = OwnCampsite(face, (uc.Group.parse("SET B5 Y5 R5"),))
    table = own.groups[0].cards
    held = tuple(card for card in hand if card not in [placed.face for placed in table])
    problem = make_problem(face.primitive, held, (own,), SolverLimits(max_cards=100))
    assert spelled_first(problem, SPELLING, None, limit) == _expected(problem, None, limit, 5)[0]


def test_a_limit_reached_stops_before_the_budget_runs_out_uc7() -> None:
    """UC-7: a search whose budget runs out past the limit's last claim lists those claims,
    not all of them and without the error, as the built claims taken lazily do (the same
    hand's full listing overspends). That no work is done past the last one is read off
    the output of no search: callgrind's counts in the changelog show it."""
    requirement = Requirement.parse("2 RUNS OF 4")
    key, _ = playing(uc.parse_cards("B2 B3 B4 B5 Y3 Y4 Y5 Y6 R4 R5 G9 W"))
    for budget in (60, 300, 400):
        problem = hand_problem(requirement, key, SolverLimits(max_cards=100, max_steps=budget))
        whole = spelled_first(problem, SPELLING, None, 10_000)
        assert whole and _expected(problem, None, 10_000, 3) == (whole, False)
        short = spelled_first(problem, SPELLING, None, len(whole))
        assert short == whole == _expected(problem, None, len(whole), 3)[0]
