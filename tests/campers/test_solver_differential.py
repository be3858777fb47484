"""Differential test: the native and z3 backends answer every question alike (issue 4).

On hypothesis hands (1..20 cards, 0..4 wilds) and every distinct catalogue requirement:
the same answer to (a), every witness valid, equal claim sets for (b). Claim sets are
compared in full up to :data:`FULL_COMPARE` native claims; above that, z3's first
``FULL_COMPARE`` claims must all be native claims (z3 pays one check per claim).
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import assume, example, given, settings

from campers_rules import CATALOGUE, Card, Config, Group, Requirement
from campers_rules._cards import copies_in_deck
from campers_rules.solver import (
    OwnCampsite,
    ProblemTooLargeError,
    SolverLimits,
    claims,
    solve,
)
from tests.campers.solver_checks import check_claim, check_solution
from tests.campers.strategies import hands
from tests.campers.test_rulings_table import STANDING_ON_COMPLETE

REQUIREMENTS = sorted({str(r) for s in CATALOGUE for r in (s.primitive, s.complete)})
FULL_COMPARE = 120
WIDE = SolverLimits(max_steps=3_000_000)
"""The native enumeration's step budget here. The default 300,000 steps can be spent listing
every claim of 3 RUNS OF 5 from a 20-card hand with four wilds, or the 280 claims of
1 RUN OF 4 from eight cards with two wilds beside an own campsite of three sets (a
ProblemTooLargeError, by design: move generation then keeps the claims found so far);
these tests compare whole claim sets, so they give the native backend ten times that."""


@pytest.mark.parametrize("text", REQUIREMENTS)
@settings(max_examples=8)
@given(hand=hands(min_cards=1, max_cards=20, max_wilds=4))
def test_backends_agree(text: str, hand: tuple[Card, ...]) -> None:
    """(a) same answer and valid witnesses; (b) equal claim sets, each claim valid."""
    _backends_agree(text, hand)


PAST_WIDE = tuple(Card.parse(x) for x in [
    "B2", "B7", "B8", "B9", "B10", "B11", "Y6", "Y7", "Y12", "R8", "R9", "G4", "G5", "G8",
    "G12", "W", "W", "W", "W"])
"""A hand whose claims of 3 RUNS OF 5 pass even :data:`WIDE`, found by hypothesis in
:func:`test_backends_agree`."""


def test_a_search_past_the_wide_budget_is_compared_on_the_claims_it_found() -> None:
    """(b) when even :data:`WIDE` is spent (by design, ProblemTooLargeError), the claims
    the native enumeration found before are each valid and distinct, and so are z3's."""
    found = 0
    with pytest.raises(ProblemTooLargeError):
        for _ in claims(Requirement.parse("3 RUNS OF 5"), PAST_WIDE, limits=WIDE):
            found += 1
    assert found > FULL_COMPARE
    _backends_agree("3 RUNS OF 5", PAST_WIDE)


def _backends_agree(text: str, hand: tuple[Card, ...]) -> None:
    """:func:`test_backends_agree` of one requirement and hand."""
    requirement = Requirement.parse(text)
    native = solve(requirement, hand)
    z3 = solve(requirement, hand, backend="z3")
    assert (native is None) == (z3 is None)
    for witness in (native, z3):
        if witness is not None:
            check_solution(requirement, hand, (), witness)
    native_claims = []
    complete = True
    try:
        for claim in claims(requirement, hand, limits=WIDE):
            native_claims.append(claim)
    except ProblemTooLargeError:  # even WIDE can be spent (3 RUNS OF 5, four wilds)
        complete = False
    assert len(set(native_claims)) == len(native_claims)
    if complete:
        assert bool(native_claims) == (native is not None)
    for claim in native_claims:
        check_claim(requirement, hand, claim)
    z3_claims = list(itertools.islice(claims(requirement, hand, backend="z3"),
                                      FULL_COMPARE + 1))
    if not complete:  # the claims found before the budget ran out: z3's are valid
        assert native is not None
        for claim in z3_claims:
            check_claim(requirement, hand, claim)
    elif len(native_claims) <= FULL_COMPARE:
        assert set(z3_claims) == set(native_claims)
        assert len(z3_claims) == len(native_claims)
    else:
        assert set(z3_claims) <= set(native_claims)


@pytest.mark.parametrize(("config", "site", "groups"), STANDING_ON_COMPLETE)
@pytest.mark.parametrize("text", ["1 SET OF 3", "1 RUN OF 4"])
@settings(max_examples=6, deadline=None)
@given(hand=hands(min_cards=1, max_cards=8, max_wilds=2))
@example(hand=tuple(Card.parse(x) for x in ["B6", "Y8", "Y8", "R8", "R9", "G6", "W", "W"]))
def test_backends_agree_with_an_own_campsite_standing_on_its_complete_face(
    config: Config, site: int, groups: list[str], text: str, hand: tuple[Card, ...]
) -> None:
    """UC-28, UC-11: with an own campsite that stands on its complete face only, both
    backends find a witness alike (each leaving it standing, UC-30 groups) and the same
    claims."""
    requirement = Requirement.parse(text)
    own = [OwnCampsite(config.catalogue[site], [Group.parse(x) for x in groups])]
    held = Counter(hand) + Counter(p.face for x in own[0].groups for p in x.cards)
    assume(all(n <= copies_in_deck(card) for card, n in held.items()))
    native = solve(requirement, hand, own)
    z3 = solve(requirement, hand, own, backend="z3")
    assert (native is None) == (z3 is None)
    for witness in (native, z3):
        if witness is not None:
            check_solution(requirement, hand, own, witness)
    assert set(claims(requirement, hand, own, limits=WIDE)) == set(
        claims(requirement, hand, own, backend="z3"))
