"""The solver's errors, all under the package root :class:`~campers_rules.CampersError`."""

from __future__ import annotations

from campers_rules._errors import CampersError


class SolverError(CampersError):
    """Root of the errors the meld solver raises."""


class SolverInputError(SolverError):
    """Cards the deck cannot hold (a third copy of a face, a fifth wild) or a bad table."""


class ProblemTooLargeError(SolverError):
    """A question beyond the configured :class:`~campers_rules.solver.SolverLimits`."""


class SolverTimeoutError(SolverError):
    """The z3 backend answered ``unknown`` within its time limit: no answer, never a guess."""


class DeadlineError(SolverTimeoutError):
    """A game's public call under ``Config(backend="z3")`` spent its whole
    ``Config.z3_deadline_ms`` in z3 questions: no answer (never a partial listing), and
    the state is as it was."""
