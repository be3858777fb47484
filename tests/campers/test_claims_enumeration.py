"""The native enumeration of claims (``_native._distinct``, behind ``claims``, ``laid`` and
``coded``) against the one it replaced (issue 29), kept here only as the oracle: the same
claims in the same order, and the same ``ProblemTooLargeError`` at the same point under
any step budget or claims limit (UC-7: every distinct claim listed once).

The replaced enumeration paired two units' candidates on count vectors packed three bits
a face, compared picks as tuples, and dropped every repeated claim through a set; the new
one tests clashes on 48-bit face masks, compares picks by rank, and keeps a set only where
two leaves may be one claim (two plans of the same units, or own campsites).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from operator import mul

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campers_rules import CATALOGUE, Card, Group, GroupSpec, Requirement, parse_cards
from campers_rules._groups import KIND_INDEX
from campers_rules.solver import OwnCampsite, ProblemTooLargeError, SolverLimits
from campers_rules.solver._native import (
    Pick,
    Steps,
    _distinct,
    _leaves,
    _paired,
    candidates,
)
from campers_rules.solver._problem import (
    NATURAL_COUNT,
    Plan,
    Problem,
    first_time,
    make_problem,
)
from tests.campers.strategies import hands, kinds, requirements

_LANE = tuple(1 << 3 * f for f in range(NATURAL_COUNT))
_GUARD = 4 * sum(_LANE)


def _old_pairs(problem: Problem, plan: Plan, first: list[Pick], second: list[Pick]
               ) -> Iterator[list[Pick]]:
    """The replaced ``_native._pairs``, as it was."""
    room = sum(map(mul, problem.pool, _LANE)) | _GUARD
    wilds = problem.wilds
    same = plan.ordered[2][1]
    wants = [(other, other[1:], other[2], sum(map(_LANE.__getitem__, other[1])))
             for other in second]
    for pick in first:
        left_cards = room - sum(map(_LANE.__getitem__, pick[1]))
        left = wilds - pick[2]
        rest = pick[1:]
        for other, place, wild, needs in wants:
            if wild > left or (same and place < rest):
                continue
            if (left_cards - needs) & _GUARD == _GUARD:
                yield [pick, other]


def _old_distinct(problem: Problem, plans: Sequence[int] | None
                  ) -> Iterator[tuple[Pick, ...]]:
    """The replaced ``_native._distinct``, as it was."""
    seen: set[tuple[Pick, ...]] = set()
    steps = Steps(problem.limits.max_steps)
    asked = problem.plans if plans is None else [problem.plans[i] for i in plans]
    paired = _paired(problem, asked) if any(len(p.units) == 2 for p in asked) else None
    for index, plan in enumerate(asked):
        lists = paired[index] if paired is not None else None
        if lists is not None:
            for a, b in _old_pairs(problem, plan, lists[0], lists[1]):
                pair = (a, b) if a[0] is not b[0] or a[1:] <= b[1:] else (b, a)
                known = len(seen)
                seen.add(pair)
                if len(seen) > known:
                    yield pair
            continue
        if problem.hand_only and len(plan.units) == 1:
            kind, size = plan.units[0]
            steps.take()
            for pick in candidates(kind, size, problem.pool, problem.wilds, steps):
                if first_time(seen, (pick,), problem.limits):
                    steps.take(1 + size)
                    yield (pick,)
                else:
                    steps.take()
            continue
        cards = sum([size for (_, size), o in zip(plan.units, plan.owners, strict=True)
                     if o < 0])
        for owners, picks, _ in _leaves(problem, plan, steps):
            key = tuple(sorted((p for p, o in zip(picks, owners, strict=True) if o < 0),
                               key=lambda p: (KIND_INDEX[p[0]], p[1:])))
            if first_time(seen, key, problem.limits):
                steps.take(cards)
                yield key


def _run(answers: Iterator[tuple[Pick, ...]]) -> tuple[list[tuple[Pick, ...]], str | None]:
    """Every answer until the end, and the message of the error that stopped them."""
    out: list[tuple[Pick, ...]] = []
    try:
        for answer in answers:
            out.append(answer)
    except ProblemTooLargeError as error:
        return out, str(error)
    return out, None


def _agree(problem: Problem, plans: list[int] | None) -> None:
    new = _run(_distinct(problem, plans))
    assert new == _run(_old_distinct(problem, plans))
    assert len(set(new[0])) == len(new[0])  # each claim once


_LIMITS = st.builds(SolverLimits, max_cards=st.just(100),
                    max_steps=st.sampled_from([300_000, 2_000, 300, 40]),
                    max_claims=st.sampled_from([200_000, 50, 3]))
_CATALOGUED = st.sampled_from([site.primitive for site in CATALOGUE])
_TWO_OF_A_KIND = st.builds(
    lambda kind, sizes: Requirement(((GroupSpec(kind, sizes[0], 1),
                                      GroupSpec(kind, sizes[1], 1)),)),
    kinds, st.lists(st.integers(2, 5), min_size=2, max_size=2, unique=True))
"""Two groups of one kind and different sizes: the pairs whose picks may come swapped."""


@settings(max_examples=400, deadline=None)
@given(st.one_of(requirements, _CATALOGUED, _TWO_OF_A_KIND), hands(min_cards=4, max_cards=30),
       _LIMITS, st.data())
def test_claims_from_hand_are_the_replaced_enumerations(
        requirement: Requirement, hand: tuple[Card, ...], limits: SolverLimits,
        data: st.DataObject) -> None:
    """UC-7: from hand, random and catalogued requirements and two groups of one kind
    (the two-unit pairing, one group, the plain search; plans of the same units, whose
    repeats are dropped) give the
    replaced enumeration's claims, in its order, stopped by the same budget or limit."""
    try:
        problem = make_problem(requirement, hand, limits=limits)
    except ProblemTooLargeError:
        return
    count = len(problem.plans)
    plans = data.draw(st.none() | st.lists(st.integers(0, count - 1), unique=True).map(sorted))
    _agree(problem, plans)


def test_repeated_units_are_listed_once() -> None:
    """UC-7: two alternatives asking the same groups give each claim once, as before (the
    set of claims seen is kept for them)."""
    requirement = Requirement.parse("2 SETS OF 3 OR 2 SETS OF 3 OR 1 RUN OF 4")
    hand = parse_cards("B5 Y5 R5 G5 B7 Y7 R7 B8 B9 W W")
    problem = make_problem(requirement, hand, limits=SolverLimits(max_cards=100))
    keys = _run(_distinct(problem, None))[0]
    assert keys and len(set(keys)) == len(keys)
    _agree(problem, None)


_OWN = [
    OwnCampsite(next(s for s in CATALOGUE if s.id == "c03"), [Group.parse("RUN B4 B5 B6 B7 B8")]),
    OwnCampsite(next(s for s in CATALOGUE if s.id == "c01"), [Group.parse("SET G5 Y5 R5 G5")]),
]


@pytest.mark.parametrize("own", _OWN, ids=lambda o: o.site.id)
@settings(max_examples=40, deadline=None)
@given(_CATALOGUED, hands(min_cards=3, max_cards=10, max_wilds=2), _LIMITS)
def test_claims_with_own_campsites_are_the_replaced_enumerations(
        own: OwnCampsite, requirement: Requirement, hand: tuple[Card, ...],
        limits: SolverLimits) -> None:
    """UC-7, UC-11: with an own campsite to rearrange (leaves differing only in its groups
    give one claim), the same claims in the same order, stopped at the same point."""
    table = [card.face for group in own.groups for card in group.cards]
    cards = [*hand, *table]
    if any(cards.count(card) > 2 for card in cards) or cards.count(Card.parse("W")) > 4:
        return
    try:
        problem = make_problem(requirement, hand, [own], limits=limits)
    except ProblemTooLargeError:
        return
    _agree(problem, None)

