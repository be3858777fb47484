"""The meld solver: can these cards meet a requirement, and in which ways (issue 4).

Three questions, one interface, two backends (``"native"``, the default, and ``"z3"``):

* :func:`solve` -- (a) can the hand (plus, for UC-11, the player's own table cards) meet
  the requirement? Returns a witness :class:`Solution` or ``None``.
* :func:`claims` -- (b) every distinct claim (groups of exactly the sizes the requirement
  names), lazily, without duplicates.
* :func:`new_group` / :func:`new_groups` -- (c) the same for one new group on an own
  campsite.

>>> from campers_rules import Requirement, parse_cards
>>> hand = parse_cards("B5 Y5 W R9 G2")
>>> print(solve(Requirement.parse("1 SET OF 3"), hand).claim)
SET B5 W=B5 Y5
>>> sorted(str(c) for c in claims(Requirement.parse("1 SET OF 3"), hand))
['SET B5 W=B5 Y5']
"""

from __future__ import annotations

from campers_rules.solver._api import Backend, claims, new_group, new_groups, solve
from campers_rules.solver._errors import (
    DeadlineError,
    ProblemTooLargeError,
    SolverError,
    SolverInputError,
    SolverTimeoutError,
)
from campers_rules.solver._problem import Claim, OwnCampsite, Solution, SolverLimits

__all__ = [
    "Backend",
    "Claim",
    "DeadlineError",
    "OwnCampsite",
    "ProblemTooLargeError",
    "Solution",
    "SolverError",
    "SolverInputError",
    "SolverLimits",
    "SolverTimeoutError",
    "claims",
    "new_group",
    "new_groups",
    "solve",
]

# Tracebacks, reprs and doctests name each error by its public path
# (``campers_rules.solver.SolverError``), not by the private module that defines it.
for _error in (globals()[name] for name in __all__):
    if isinstance(_error, type) and issubclass(_error, SolverError):
        _error.__module__ = __name__
