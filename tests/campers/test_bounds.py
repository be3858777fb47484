"""Every solver query bounded, every error typed (issue 10)."""

from __future__ import annotations

import attrs
import pytest

from campers_rules import CampersError, Requirement, parse_cards
from campers_rules.solver import (
    SolverError,
    SolverInputError,
    SolverLimits,
    SolverTimeoutError,
    claims,
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
