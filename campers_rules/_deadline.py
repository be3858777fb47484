"""One deadline for a whole public call of a game under the z3 backend (issue 27).

A call (``legal_actions``, ``apply``...) may ask z3 several questions: the claims of
each campground campsite, the new groups of each own campsite. :func:`within_deadline`
opens the call's deadline, ``Config.z3_deadline_ms`` from now; each z3 question of the
call gets the time left (:func:`z3_question`), and past it the call raises
:class:`~campers_rules.solver.DeadlineError`. The native backend counts steps instead
(``SolverLimits.max_steps``) and has no deadline: its answers are the same on every
machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

import attrs

from campers_rules._config import Config
from campers_rules.solver import SolverLimits, SolverTimeoutError
from campers_rules.solver._errors import DeadlineError

T = TypeVar("T")

_ENDS: ContextVar[tuple[float, int] | None] = ContextVar("campers_call_deadline",
                                                         default=None)
"""The open call's deadline (``time.monotonic()`` at its end) and its length in ms."""


def within_deadline(config: Config, call: Callable[..., T], *args: object) -> T:
    """``call(*args)``; under the z3 backend its questions share one deadline,
    ``config.z3_deadline_ms`` from now, and a call made inside another keeps the outer
    one's. A native game's call goes straight through (one check, no context)."""
    if config.backend != "z3" or _ENDS.get() is not None:
        return call(*args)
    with _open_deadline(config.z3_deadline_ms):
        return call(*args)


@contextmanager
def _open_deadline(ms: int) -> Iterator[None]:
    token = _ENDS.set((time.monotonic() + ms / 1000, ms))
    try:
        yield
    finally:
        _ENDS.reset(token)


@contextmanager
def z3_question(limits: SolverLimits) -> Iterator[SolverLimits]:
    """The limits of one z3 question: ``limits``, its whole time and each check's within
    what the open call has left (as they are outside a call).

    Raises:
        DeadlineError: the call's deadline passed before or during the question.
    """
    ends = _ENDS.get()
    if ends is None:
        yield limits
        return
    end, ms = ends
    left = int((end - time.monotonic()) * 1000)
    message = f"z3 found no answer within the call's deadline of {ms} ms (Config.z3_deadline_ms)"
    if left < 1:
        raise DeadlineError(message)
    try:
        yield attrs.evolve(limits, timeout_ms=left, deadline_ms=left)
    except SolverTimeoutError as error:
        raise DeadlineError(message) from error
