"""Every solver query bounded, every error typed (issue 10)."""

from __future__ import annotations

import functools
import random
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import FrameType

import attrs
import pytest

import campers_rules.solver
from campers_rules import DECK, CampersError, Requirement, parse_cards
from campers_rules.solver import (
    ProblemTooLargeError,
    SolverError,
    SolverInputError,
    SolverLimits,
    SolverTimeoutError,
    claims,
    solve,
)

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

    def local(frame: FrameType, event: str, arg: object) -> object:
        nonlocal count
        count += event == "line"
        return local

    def global_(frame: FrameType, event: str, arg: object) -> object:
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
LINES_PER_STEP = 60
"""Lines the solver runs per step, at most (measured: up to 45 at this budget)."""
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
