"""The solver's public functions: one interface over the native and z3 backends."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Literal

from campers_rules import _cache
from campers_rules._cards import FACES, Card
from campers_rules._catalogue import Campsite
from campers_rules._errors import quote
from campers_rules._groups import Group, GroupKind
from campers_rules._requirements import GroupSpec, Requirement
from campers_rules.solver import _native
from campers_rules.solver._errors import SolverInputError
from campers_rules.solver._problem import (
    Claim,
    OwnCampsite,
    Problem,
    Solution,
    SolverLimits,
    make_problem,
)

Backend = Literal["native", "z3"]
"""Which backend answers: ``"native"`` (default, fast) or ``"z3"`` (the reference)."""


_BACKENDS = ("native", "z3")


def _problem(requirement: object, hand: object, own: object, limits: object, backend: object,
             site: Campsite | None = None) -> Problem:
    """The question these arguments ask, each checked first; with ``site`` (one of
    ``own`` or not), a new group on it.

    Raises:
        SolverInputError: A requirement that is no :class:`Requirement`, a hand that is no
            iterable of cards (an int, a text, a bool, a placed card or ``None`` is none,
            UC-1), own campsites that are no sequence of :class:`OwnCampsite`, limits that
            are no :class:`SolverLimits`, a backend other than ``"native"`` or ``"z3"``;
            then as :func:`make_problem`.
    """
    if type(requirement) is not Requirement:
        raise SolverInputError(f"the requirement is a Requirement, not {quote(requirement)}")
    cards = _cards(hand)
    owned = _owned(own)
    if limits is not None and type(limits) is not SolverLimits:
        raise SolverInputError(f"limits are a SolverLimits or None, not {quote(limits)}")
    if type(backend) is not str or backend not in _BACKENDS:
        raise SolverInputError(f"the backend is 'native' or 'z3', not {quote(backend)}")
    onto = None if site is None else _onto(site, owned)
    return make_problem(requirement, cards, owned, limits, onto)


_FACE_IDS = frozenset(map(id, FACES))
"""The identities of the interned card faces: a card is one of them (an int, a bool, a
placed card or a forged ``Card`` is none)."""


def _cards(hand: object) -> tuple[Card, ...]:
    """The hand as a tuple of cards, checked at C speed (move generation asks the solver
    with every hand); else a SolverInputError naming the first item that is no card."""
    cards = _sequence(hand, "the hand")
    if not _FACE_IDS.issuperset(map(id, cards)):
        bad = next(card for card in cards if id(card) not in _FACE_IDS)
        raise SolverInputError(f"the hand holds {quote(bad)}, which is not a card [UC-1]")
    return cards


def _owned(own: object) -> tuple[OwnCampsite, ...]:
    """The own campsites as a tuple, each an :class:`OwnCampsite` (which checks its
    campsite and groups when made); else a SolverInputError naming the first that is none."""
    owned = _sequence(own, "own")
    for item in owned:
        if type(item) is not OwnCampsite:
            raise SolverInputError(f"own holds {quote(item)}, which is not an OwnCampsite")
    return owned


def _sequence(values: object, what: str) -> tuple[Any, ...]:
    try:
        return tuple(values)  # type: ignore[arg-type]
    except TypeError:  # not iterable
        raise SolverInputError(f"{what} is a sequence, not {quote(values)}") from None


def _site(site: object) -> Campsite:
    """The campsite a new group goes on, checked.

    Raises:
        SolverInputError: ``site`` is no :class:`~campers_rules.Campsite`.
    """
    if type(site) is not Campsite:
        raise SolverInputError(f"a new group goes on a Campsite, not {quote(site)}")
    return site


def _onto(site: Campsite, own: Sequence[OwnCampsite]) -> int | None:
    """Which own campsite, if any, is ``site``: a new group goes onto it (UC-30)."""
    return next((i for i, o in enumerate(own) if o.site == site), None)


def _solve(problem: Problem, backend: object) -> Solution | None:
    if backend == "z3":
        from campers_rules.solver import _z3backend

        return _z3backend.solve(problem)
    return _native.solve(problem)


def _claims(problem: Problem, backend: object) -> Iterator[Claim]:
    if backend == "z3":
        from campers_rules.solver import _z3backend

        return _z3backend.claims(problem)
    return _native.claims(problem)


def solve(
    requirement: Requirement,
    hand: Iterable[Card],
    own: Sequence[OwnCampsite] = (),
    *,
    backend: object = "native",  # object: a bad value gets its typed error (docs/compiled.rst)
    limits: SolverLimits | None = None,
) -> Solution | None:
    """Can these cards meet ``requirement``? A witness arrangement, or ``None`` (a).

    Args:
        requirement: What to meet (a campsite's primitive, to claim it).
        hand: The player's hand; action cards are ignored.
        own: The player's own campsites (UC-11): their table cards may be rearranged into
            the claim as long as each of these campsites still stands, meeting its
            primitive or its complete requirement (UC-28), with groups of the kinds its
            faces name (UC-30), and every table card stays in a group.
        backend: ``"native"`` or ``"z3"``.
        limits: Size and work bounds and the z3 time limits (:class:`SolverLimits`).

    Raises:
        SolverInputError: an argument of the wrong type (a requirement that is no
            :class:`Requirement`, a hand item that is no card: an int, a text, a bool, a
            placed card or ``None``, own campsites that are no :class:`OwnCampsite`,
            limits that are no :class:`SolverLimits`, an unknown backend); cards the deck
            cannot hold, or an own campsite that does not stand (UC-28).
        ProblemTooLargeError: a question beyond ``limits`` (cards, groups, claims, or the
            native backend's ``max_steps`` of work).
        SolverTimeoutError: z3 gave no answer within a check's ``timeout_ms`` or the
            query's ``deadline_ms``.
    """
    return _solve(_problem(requirement, hand, own, limits, backend), backend)


def claims(
    requirement: Requirement,
    hand: Iterable[Card],
    own: Sequence[OwnCampsite] = (),
    *,
    backend: object = "native",  # object: a bad value gets its typed error (docs/compiled.rst)
    limits: SolverLimits | None = None,
) -> Iterator[Claim]:
    """Every distinct claim meeting ``requirement``, lazily, each once (b).

    A claim lays groups of exactly the sizes the requirement names. With own campsites
    (UC-11) a claim is that exact-size core: it may hold table cards, and the table cards it
    leaves over must extend some group, as in :func:`solve`'s witness (call :func:`solve`
    with a one-claim requirement to get the full rearrangement). Arguments and errors as
    :func:`solve`; input errors are raised at the call, not at the first ``next``.

    Raises:
        SolverInputError: As :func:`solve`, at the call.
        ProblemTooLargeError: As :func:`solve`, at the call or while iterating.
        SolverTimeoutError: As :func:`solve`, while iterating (z3).
    """
    return _claims(_problem(requirement, hand, own, limits, backend), backend)


def new_group_requirement(site: Campsite) -> Requirement:
    """One group of a kind ``site`` may hold (UC-30), of the smallest size valid on it for
    its kind: one alternative per such kind, in ``GroupKind`` order. Kept per
    ``site.new_group_sizes``, all it depends on (the same object each time: the solver's
    plans, kept by equality, find it at once)."""
    sizes = site.new_group_sizes
    hit = _cache.NEW_GROUP_NEEDS.get(sizes)
    if hit is not None:
        return hit
    return _cache.keep(_cache.NEW_GROUP_NEEDS, sizes, Requirement(tuple(
        (GroupSpec(kind, size),) for kind, size in zip(GroupKind, sizes, strict=True) if size)))


def new_group(
    site: Campsite,
    hand: Iterable[Card],
    own: Sequence[OwnCampsite] = (),
    *,
    backend: object = "native",  # object: a bad value gets its typed error (docs/compiled.rst)
    limits: SolverLimits | None = None,
) -> Group | None:
    """A new valid group the hand can add to own campsite ``site``, or ``None`` (c).

    The group has the smallest size valid on ``site`` for its kind (UC-4, UC-7) and is of
    a kind its faces name (UC-30). When ``site`` is one of ``own``, the group joins its
    groups there, within the most groups its faces name (UC-30); otherwise the solver
    does not see the campsite's groups, and whether it has room for one more
    (``site.max_groups``) is the caller's to check.

    Raises:
        SolverInputError: As :func:`solve`.
        ProblemTooLargeError: As :func:`solve`.
        SolverTimeoutError: As :func:`solve`.
    """
    problem = _problem(new_group_requirement(_site(site)), hand, own, limits, backend, site)
    found = _solve(problem, backend)
    return found.claim.groups[0] if found else None


def new_groups(
    site: Campsite,
    hand: Iterable[Card],
    own: Sequence[OwnCampsite] = (),
    *,
    backend: object = "native",  # object: a bad value gets its typed error (docs/compiled.rst)
    limits: SolverLimits | None = None,
) -> Iterator[Group]:
    """Every distinct new group of the smallest valid size on ``site`` (c), of the kinds
    its faces name (UC-30), lazily; see :func:`new_group`.

    Raises:
        SolverInputError: As :func:`solve`, at the call.
        ProblemTooLargeError: As :func:`solve`, at the call or while iterating.
        SolverTimeoutError: As :func:`solve`, while iterating (z3).
    """
    problem = _problem(new_group_requirement(_site(site)), hand, own, limits, backend, site)
    return (claim.groups[0] for claim in _claims(problem, backend))
