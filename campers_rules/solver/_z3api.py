"""The one module that imports z3, lazily, behind a small typed surface.

z3 ships no type information, so its expressions are typed :data:`Expr` (``Any``) here and
nowhere else does the rest of the package touch z3 directly. A check that z3 answers
``unknown`` (its time limit) raises :class:`SolverTimeoutError`: never a guessed answer;
so does a query past its :class:`Deadline`.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from campers_rules.solver._errors import SolverTimeoutError

Expr = Any
"""A z3 expression (z3 has no type stubs)."""


def _z3() -> Any:
    """The z3 module, imported on first use (``sys.modules`` keeps it)."""
    import z3

    return z3


def int_var(name: str) -> Expr:
    """A fresh integer variable."""
    return _z3().Int(name)


def and_(*terms: Expr) -> Expr:
    """Conjunction (true when empty)."""
    return _z3().And(*terms) if terms else _z3().BoolVal(True)


def or_(*terms: Expr) -> Expr:
    """Disjunction (false when empty)."""
    return _z3().Or(*terms) if terms else _z3().BoolVal(False)


def not_(term: Expr) -> Expr:
    """Negation."""
    return _z3().Not(term)


def implies(a: Expr, b: Expr) -> Expr:
    """Implication."""
    return _z3().Implies(a, b)


def ite(condition: Expr, then: Expr, otherwise: Expr) -> Expr:
    """If-then-else."""
    return _z3().If(condition, then, otherwise)


def minimum(a: Expr, b: Expr) -> Expr:
    """The smaller of two integer terms."""
    return ite(a <= b, a, b)


def total(terms: Iterable[Expr]) -> Expr:
    """The sum of integer terms (0 when empty)."""
    items = list(terms)
    return _z3().Sum(items) if items else _z3().IntVal(0)


class Deadline:
    """The time one query may still spend inside the solver: it runs while the query
    works and stops while the caller holds an answer (:meth:`pause`, :meth:`resume`)."""

    def __init__(self, ms: int) -> None:
        self.ms = ms
        self._left = ms / 1000
        self._since = time.monotonic()

    def pause(self) -> None:
        """Stop the clock (the query hands an answer to its caller)."""
        self._left -= time.monotonic() - self._since

    def resume(self) -> None:
        """Start the clock again (the caller asks for the next answer)."""
        self._since = time.monotonic()

    def left_ms(self) -> int:
        """Whole milliseconds left, at least 1.

        Raises:
            SolverTimeoutError: none left.
        """
        left = self._left - (time.monotonic() - self._since)
        if left <= 0:
            raise SolverTimeoutError(
                f"the query took more than {self.ms} ms: raise SolverLimits.deadline_ms")
        return max(1, int(left * 1000))


class Checker:
    """One z3 solver (or optimizer) with a time limit per check."""

    def __init__(self, timeout_ms: int, optimize: bool = False) -> None:
        z3 = _z3()
        self._solver: Any = z3.Optimize() if optimize else z3.Solver()
        self._timeout_ms = timeout_ms
        self._solver.set("timeout", timeout_ms)
        self._model: Any = None

    def add(self, *constraints: Expr) -> None:
        """Add constraints."""
        self._solver.add(*constraints)

    def push(self) -> None:
        """Open a scope of constraints."""
        self._solver.push()

    def pop(self) -> None:
        """Drop the constraints added since the matching :meth:`push`."""
        self._solver.pop()

    def minimize(self, term: Expr) -> None:
        """Ask an optimizing checker for the least value of ``term``."""
        self._solver.minimize(term)

    def check(self, deadline: Deadline | None = None) -> bool:
        """True when satisfiable (a model is kept), False when unsatisfiable; within the
        time limit per check and, given a ``deadline``, the time the query has left.

        Raises:
            SolverTimeoutError: z3 answered ``unknown``, or the deadline passed.
        """
        z3 = _z3()
        if deadline is not None:
            self._solver.set("timeout", min(self._timeout_ms, deadline.left_ms()))
        result = self._solver.check()
        if result == z3.sat:
            self._model = self._solver.model()
            return True
        if result == z3.unsat:
            self._model = None
            return False
        if deadline is not None:
            deadline.left_ms()  # an unknown for want of the query's time says so
        raise SolverTimeoutError(f"z3 gave no answer: {self._solver.reason_unknown()}")

    def value(self, term: Expr) -> int:
        """The integer value of ``term`` in the last model."""
        return int(self._model.eval(term, model_completion=True).as_long())

    def holds(self, term: Expr) -> bool:
        """Whether a boolean ``term`` is true in the last model."""
        return bool(_z3().is_true(self._model.eval(term, model_completion=True)))
