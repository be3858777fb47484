"""Every solver query bounded, every error typed (issue 10)."""

from __future__ import annotations

import functools
import random
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules.solver
from campers_rules import (
    CATALOGUE,
    DECK,
    CampersError,
    Campsite,
    Card,
    Group,
    Requirement,
    campsite,
    parse_cards,
)
from campers_rules._cards import FACES
from campers_rules.solver import (
    Backend,
    Claim,
    OwnCampsite,
    ProblemTooLargeError,
    Solution,
    SolverError,
    SolverInputError,
    SolverLimits,
    SolverTimeoutError,
    claims,
    new_group,
    new_groups,
    solve,
)
from tests.campers.solver_checks import check_claim, check_solution
from tests.campers.strategies import hands, requirements, valid_groups

RUNS_HAND = parse_cards(
    "B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13 "
    "R2 R3 R4 R5 R6 R7"
)
"""30 cards that hold many ways to lay six runs of four."""


def test_z3_query_past_its_deadline_is_a_timeout_error() -> None:
    """Issue 10: ``deadline_ms`` bounds a whole z3 enumeration, not only each check: many
    quick checks that add up past it raise SolverTimeoutError, a CampersError."""
    found = claims(Requirement.parse("6 RUNS OF 4"), RUNS_HAND, backend="z3",
                   limits=SolverLimits(deadline_ms=300))
    with pytest.raises(SolverTimeoutError):
        for _ in found:
            pass
    assert issubclass(SolverTimeoutError, SolverError)
    assert issubclass(SolverTimeoutError, CampersError)


@pytest.mark.parametrize("field", [f.name for f in attrs.fields(SolverLimits)])
@pytest.mark.parametrize("value", [0, -5, 2.5, "7"])
def test_limits_are_positive_ints(field: str, value: object) -> None:
    """Issue 10: a limit that is not a positive int (0 would switch z3's timeout off) is a
    SolverInputError when the limits are made, not a surprise in a later query."""
    with pytest.raises(SolverInputError):
        SolverLimits(**{field: value})  # type: ignore[arg-type]


def _solver_lines(run: Callable[[], object]) -> int:
    """Lines of the solver's modules that ``run`` executes: its work, measured by the
    interpreter rather than by the solver's own step counter."""
    count = 0

    def local(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count
        count += event == "line"
        return local

    def global_(frame: FrameType, event: str, arg: object) -> Any:
        return local if frame.f_code.co_filename.startswith(_SOLVER) else None

    sys.settrace(global_)
    try:
        run()
    finally:
        sys.settrace(None)
    return count


_SOLVER = str(Path(campers_rules.solver.__file__).parent)
_DECK_CARDS = [c for c in DECK if c.action is None]
BUDGET = 3_000
LINES_PER_STEP = 80
"""Lines the solver runs per step, at most (measured: up to 53 at this budget)."""
SET_UP_LINES = 20_000
"""Lines a query runs whatever its budget (measured: up to 12,600 with a budget of 100)."""
HOSTILE = [
    "6 RUNS OF 4", "6 COLOR RUNS OF 3", "6 COLOR GROUPS OF 3", "6 SETS OF 2",
    "10 CARDS OF THE SAME COLOR", "1 COLOR RUN OF 10", "1 RUN OF 12",
    "2 SETS OF 2 AND 2 RUNS OF 3 AND 2 COLOR RUNS OF 3",
    " OR ".join(["1 RUN OF 4 AND 1 SET OF 3"] * 12),
]


def _answer(ask: Callable[[], Iterable[object] | object]) -> None:
    """Ask, and take every answer, or the ProblemTooLargeError."""
    try:
        found = ask()
        for _ in found if isinstance(found, Iterator) else ():
            pass
    except ProblemTooLargeError:
        pass


@pytest.mark.parametrize("size", [24, 36, 48])
@pytest.mark.parametrize("text", HOSTILE)
def test_native_work_is_bounded_by_the_step_budget(size: int, text: str) -> None:
    """Issue 10: the native backend answers or raises ProblemTooLargeError after work
    (solver lines run) proportional to ``max_steps``, whatever the hand and requirement:
    one budget per query, across its alternatives, its candidates (those tried and those
    passed over) and the claims it hands out."""
    hand = random.Random(size).sample(_DECK_CARDS, size)
    requirement = Requirement.parse(text)
    limits = SolverLimits(max_steps=BUDGET, max_cards=100)
    for query in (claims, solve):
        work = _solver_lines(functools.partial(
            _answer, functools.partial(query, requirement, hand, limits=limits)))
        assert work <= LINES_PER_STEP * BUDGET + SET_UP_LINES


OWN_TABLES = [
    OwnCampsite(campsite("c05"), [Group.parse("SET B7 Y7 W=B7")]),
    OwnCampsite(campsite("c03"), [Group.parse("RUN B4 Y5 R6 G7 W=B8")]),
    OwnCampsite(campsite("c04"), [Group.parse("COLOR GROUP Y2 Y6 Y9 Y12 Y13")]),
]


@pytest.mark.parametrize("size", [30, 37])
@pytest.mark.parametrize("text", [*HOSTILE[:4], "2 SETS OF 3 AND 2 RUNS OF 5",
                                  "3 SETS OF 2 AND 3 RUNS OF 3"])
@pytest.mark.parametrize("own", OWN_TABLES, ids=lambda o: o.site.id)
def test_native_work_with_own_campsites_is_bounded_by_the_step_budget(
        size: int, text: str, own: OwnCampsite) -> None:
    """Issue 27: with an own campsite's table cards to rearrange (UC-11) too, the work per
    step stays bounded: each node the unmemoised search reaches costs a step, whatever
    table cards a leaf leaves over (before, up to 350 lines a step: the budget took
    seconds)."""
    deck = list(_DECK_CARDS)
    for card in own.groups[0].cards:
        deck.remove(card.face)
    hand = random.Random(size).sample(deck, size)
    requirement = Requirement.parse(text)
    limits = SolverLimits(max_steps=BUDGET, max_cards=100)
    for query in (claims, solve):
        work = _solver_lines(functools.partial(
            _answer, functools.partial(query, requirement, hand, [own], limits=limits)))
        assert work <= LINES_PER_STEP * BUDGET + SET_UP_LINES


_ANY_CARDS = st.lists(st.sampled_from(list(FACES)), max_size=48)
"""Up to 48 cards of any faces: actions, wilds, numbered faces, any number of copies."""
QUESTION_CARDS = st.one_of(hands(min_cards=0, max_cards=48), _ANY_CARDS)
_PRIMITIVE = [
    OwnCampsite(campsite("c03"), [Group.parse("RUN B4 B5 B6 B7 B8")]),
    OwnCampsite(campsite("c01"), [Group.parse("SET G5 Y5 R5 G5")]),
    OwnCampsite(campsite("c04"), [Group.parse("COLOR GROUP Y2 Y6 Y9 Y12 Y13")]),
    OwnCampsite(campsite("c11"), [Group.parse("COLOR RUN R9 R10 R11 R12 R13")]),
    OwnCampsite(campsite("c02"), [Group.parse("SET B9 Y9 R9"), Group.parse("SET B11 G11 R11")]),
]
OWN = st.one_of(
    st.lists(st.sampled_from(_PRIMITIVE), max_size=3, unique=True),
    st.lists(st.builds(OwnCampsite, st.sampled_from(CATALOGUE),
                       st.lists(valid_groups(), max_size=2)), max_size=2),
)
"""Own campsites to rearrange: primitive ones, or any (mostly a typed error then)."""
REQUIREMENTS = st.one_of(
    requirements, st.sampled_from([r for s in CATALOGUE for r in (s.primitive, s.complete)]))
SMALL = SolverLimits(max_steps=2_000, max_claims=300, max_cards=100, timeout_ms=500,
                     deadline_ms=1_000)


def _checked(requirement: Requirement, site: Campsite, hand: Sequence[Card],
             own: Sequence[OwnCampsite], backend: Backend) -> None:
    """Ask every public question; check each answer; let only CampersErrors through."""
    questions: list[Callable[[], object]] = [
        lambda: solve(requirement, hand, own, backend=backend, limits=SMALL),
        lambda: list(claims(requirement, hand, own, backend=backend, limits=SMALL)),
        lambda: new_group(site, hand, own, backend=backend, limits=SMALL),
        lambda: list(new_groups(site, hand, own, backend=backend, limits=SMALL)),
    ]
    for ask in questions:
        try:
            answer = ask()
        except CampersError:
            continue
        if isinstance(answer, Solution):
            check_solution(requirement, hand, own, answer)
        for item in answer if isinstance(answer, list) else [answer]:
            if isinstance(item, Claim) and not own:
                check_claim(requirement, hand, item)
            if isinstance(item, Group):
                assert site.group_problem(item) is None


@settings(max_examples=60, deadline=None)
@given(REQUIREMENTS, st.sampled_from(CATALOGUE), QUESTION_CARDS, OWN)
def test_native_answers_hostile_questions_or_raises_typed_errors_in_bounded_work(
        requirement: Requirement, site: Campsite, hand: list[Card],
        own: list[OwnCampsite]) -> None:
    """Issue 10: any requirement, hand of up to 48 cards and own campsites get, from every
    public question of the native backend, a checked answer or a CampersError, after work
    bounded by the step budget (four questions, each within it)."""
    work = _solver_lines(functools.partial(_checked, requirement, site, hand, own, "native"))
    assert work <= 4 * (LINES_PER_STEP * SMALL.max_steps + SET_UP_LINES)


@settings(max_examples=12, deadline=None)
@given(REQUIREMENTS, st.sampled_from(CATALOGUE), QUESTION_CARDS, OWN)
def test_z3_answers_hostile_questions_or_raises_typed_errors(
        requirement: Requirement, site: Campsite, hand: list[Card],
        own: list[OwnCampsite]) -> None:
    """Issue 10: the same for the z3 backend, each question within ``deadline_ms``
    (a SolverTimeoutError past it)."""
    _checked(requirement, site, hand, own, "z3")
