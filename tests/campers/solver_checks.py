"""Plain checks of solver answers, independent of either backend."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import islice
from typing import TypeVar

from campers_rules import WILD, Card, Group, Requirement
from campers_rules.solver import Claim, OwnCampsite, ProblemTooLargeError, Solution

T = TypeVar("T")


def valid_for(requirement: Requirement, group: Group) -> bool:
    """A group laid for ``requirement`` is valid at the sizes that requirement names."""
    return group.is_valid(min(requirement.min_size(group.kind) or 99, 99)) or group.is_valid()


def check_claim(requirement: Requirement, hand: Sequence[Card], claim: Claim) -> None:
    """A claim: valid groups of exactly the named sizes, meeting the requirement, from the
    hand."""
    assert all(valid_for(requirement, g) for g in claim.groups), str(claim)
    assert requirement.is_met_by(claim.groups), str(claim)
    laid = Counter((g.kind, g.size) for g in claim.groups)
    assert any(
        laid == Counter((s.kind, s.size) for s in alt for _ in range(s.count))
        for alt in requirement.alternatives
    ), str(claim)
    assert not Counter(claim.faces) - Counter(c for c in hand if c.is_natural or c is WILD)


def check_solution(requirement: Requirement, hand: Sequence[Card],
                   own: Sequence[OwnCampsite], solution: Solution) -> None:
    """A witness: valid groups everywhere, the requirement met, every own campsite still
    standing (UC-28) on groups its faces name (UC-30), and the cards add up (table cards
    stay on the table, laid cards come from the hand)."""
    assert all(valid_for(requirement, g) for g in solution.claim.groups)
    assert requirement.is_met_by(solution.claim.groups)
    assert not Counter(solution.from_hand) - Counter(hand)
    before = Counter(p.face for o in own for g in o.groups for p in g.cards)
    after = Counter(p.face for g in solution.claim.groups for p in g.cards)
    assert len(solution.table) == len(own)
    for o, groups in zip(own, solution.table, strict=True):
        assert o.site.stands(groups), (o.site.id, [str(g) for g in groups])
        assert o.site.layout_problem(groups) is None, (o.site.id, [str(g) for g in groups])
        after += Counter(p.face for g in groups for p in g.cards)
    assert after == before + Counter(solution.from_hand)


def first_lazily(answers: Iterator[T], limit: int) -> tuple[list[T], bool]:
    """The first ``limit`` answers taken lazily from a search, and whether they are all of
    them; a search stopped by its step budget keeps those found before it (what move
    generation's listings of the first claims must equal)."""
    out: list[T] = []
    try:
        for answer in islice(answers, limit):
            out.append(answer)
    except ProblemTooLargeError:
        return out, False
    return out, len(out) < limit
