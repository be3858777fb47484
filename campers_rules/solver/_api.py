"""The solver's public functions: one interface over the native and z3 backends."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Literal

from campers_rules._cards import Card
from campers_rules._catalogue import Campsite
from campers_rules._groups import Group, GroupKind
from campers_rules._requirements import GroupSpec, Requirement
from campers_rules.solver import _native
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


def _problem(requirement: Requirement, hand: Iterable[Card], own: Sequence[OwnCampsite],
             limits: SolverLimits | None) -> Problem:
    return make_problem(requirement, hand, own, limits)


def solve(
    requirement: Requirement,
    hand: Iterable[Card],
    own: Sequence[OwnCampsite] = (),
    *,
    backend: Backend = "native",
    limits: SolverLimits | None = None,
) -> Solution | None:
    """Can these cards meet ``requirement``? A witness arrangement, or ``None`` (a).

    Args:
        requirement: What to meet (a campsite's primitive, to claim it).
        hand: The player's hand; action cards are ignored.
        own: The player's own campsites (UC-11): their table cards may be rearranged into
            the claim as long as each of these campsites still meets its primitive
            requirement and every table card stays in a group.
        backend: ``"native"`` or ``"z3"``.
        limits: Size and work bounds and the z3 time limits (:class:`SolverLimits`).

    Raises:
        SolverInputError: cards the deck cannot hold, or an own campsite below primitive.
        ProblemTooLargeError: a question beyond ``limits`` (cards, groups, claims, or the
            native backend's ``max_steps`` of work).
        SolverTimeoutError: z3 gave no answer within a check's ``timeout_ms`` or the
            query's ``deadline_ms``.
    """
    problem = _problem(requirement, hand, own, limits)
    if backend == "z3":
        from campers_rules.solver import _z3backend

        return _z3backend.solve(problem)
    return _native.solve(problem)


def claims(
    requirement: Requirement,
    hand: Iterable[Card],
    own: Sequence[OwnCampsite] = (),
    *,
    backend: Backend = "native",
    limits: SolverLimits | None = None,
) -> Iterator[Claim]:
    """Every distinct claim meeting ``requirement``, lazily, each once (b).

    A claim lays groups of exactly the sizes the requirement names. With own campsites
    (UC-11) a claim is that exact-size core: it may hold table cards, and the table cards it
    leaves over must extend some group, as in :func:`solve`'s witness (call :func:`solve`
    with a one-claim requirement to get the full rearrangement). Arguments and errors as
    :func:`solve`; input errors are raised at the call, not at the first ``next``.
    """
    problem = _problem(requirement, hand, own, limits)
    if backend == "z3":
        from campers_rules.solver import _z3backend

        return _z3backend.claims(problem)
    return _native.claims(problem)


def new_group_requirement(site: Campsite) -> Requirement:
    """One group of any kind, of the smallest size valid on ``site`` for its kind: one
    alternative per kind, in ``GroupKind`` order."""
    return Requirement(tuple((GroupSpec(kind, site.min_size(kind)),) for kind in GroupKind))


def new_group(
    site: Campsite,
    hand: Iterable[Card],
    own: Sequence[OwnCampsite] = (),
    *,
    backend: Backend = "native",
    limits: SolverLimits | None = None,
) -> Group | None:
    """A new valid group the hand can add to own campsite ``site``, or ``None`` (c).

    The group has the smallest size valid on ``site`` for its kind (UC-4, UC-7).
    """
    found = solve(new_group_requirement(site), hand, own, backend=backend, limits=limits)
    return found.claim.groups[0] if found else None


def new_groups(
    site: Campsite,
    hand: Iterable[Card],
    own: Sequence[OwnCampsite] = (),
    *,
    backend: Backend = "native",
    limits: SolverLimits | None = None,
) -> Iterator[Group]:
    """Every distinct new group of the smallest valid size on ``site`` (c), lazily."""
    found = claims(new_group_requirement(site), hand, own, backend=backend, limits=limits)
    return (claim.groups[0] for claim in found)
