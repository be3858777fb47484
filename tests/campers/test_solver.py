"""The meld solver's questions (a), (b), (c), UC-11 rearranging, and bad input (issue 4)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from campers_rules import (
    CATALOGUE,
    DECK,
    WILD,
    CampersError,
    Campsite,
    Card,
    Group,
    GroupKind,
    Requirement,
    campsite,
    parse_cards,
)
from campers_rules.solver import (
    Backend,
    OwnCampsite,
    ProblemTooLargeError,
    SolverInputError,
    SolverLimits,
    SolverTimeoutError,
    claims,
    new_group,
    new_groups,
    solve,
)
from campers_rules.solver._z3api import Checker, int_var
from tests.campers.solver_checks import check_claim, check_solution
from tests.campers.strategies import hands, requirements, valid_groups

BACKENDS: list[Backend] = ["native", "z3"]


def req(text: str) -> Requirement:
    return Requirement.parse(text)


@pytest.mark.parametrize("backend", BACKENDS)
def test_solve_gives_a_witness_or_none(backend: Backend) -> None:
    """(a): a witness arrangement when the hand can meet the requirement, else None."""
    hand = parse_cards("B5 Y5 R5 G9 G10 Y11 W")
    found = solve(req("1 SET OF 3 AND 1 RUN OF 4"), hand, backend=backend)
    assert found is not None
    check_solution(req("1 SET OF 3 AND 1 RUN OF 4"), hand, (), found)
    assert solve(req("2 RUNS OF 4"), hand, backend=backend) is None


def test_uc5_wilds_fill_gaps_and_count_as_declared() -> None:
    """UC-5: a wild stands in for the missing card of a run, with that value declared."""
    found = solve(req("1 RUN OF 4"), parse_cards("B4 Y5 G7 W"))
    assert found is not None and str(found.claim) == "RUN B4 Y5 W=B6 G7"
    assert solve(req("1 SET OF 3"), parse_cards("W W W")) is None


def test_claims_are_distinct_exact_and_lazy() -> None:
    """(b): every claim once, groups of exactly the named sizes, produced lazily."""
    hand = parse_cards("B5 Y5 R5 G5 W")
    sets = list(claims(req("1 SET OF 3"), hand))
    assert len(sets) == len(set(sets)) == 4 + 6  # 3 of the 4 naturals, or 2 and the wild
    for claim in sets:
        check_claim(req("1 SET OF 3"), hand, claim)
    many = claims(req("1 RUN OF 4"), [c for c in DECK if c.is_natural][::2])
    assert len(list(itertools.islice(many, 5))) == 5


def test_claims_of_two_alternatives_are_merged_without_duplicates() -> None:
    """(b): an OR requirement yields the claims of each alternative once."""
    hand = parse_cards("B5 Y5 R5 B6 B7 B8")
    both = set(claims(req("1 SET OF 3 OR 1 RUN OF 4"), hand))
    assert both == set(claims(req("1 SET OF 3"), hand)) | set(claims(req("1 RUN OF 4"), hand))
    twice = list(claims(req("1 SET OF 3 OR 1 SET OF 3"), hand))
    assert len(twice) == len(set(twice)) == 1


def test_action_cards_in_hand_are_ignored() -> None:
    """The hand may hold action cards; the solver only lays numbered cards and wilds."""
    hand = (*parse_cards("B5 Y5 R5"), Card.parse("BearSpray"))
    found = solve(req("1 SET OF 3"), hand)
    assert found is not None and Card.parse("BearSpray") not in found.from_hand


def test_answers_are_deterministic() -> None:
    """Same question, same witness and same claim order, call after call."""
    hand = parse_cards("B5 Y5 R5 G5 B6 B7 B8 Y6 W")
    first = solve(req("1 SET OF 3 AND 1 RUN OF 4"), hand)
    assert first == solve(req("1 SET OF 3 AND 1 RUN OF 4"), tuple(reversed(hand)))
    assert list(claims(req("2 SETS OF 3"), hand)) == list(claims(req("2 SETS OF 3"), hand))


@pytest.mark.parametrize("backend", BACKENDS)
def test_uc4_three_sets_of_two_use_the_smaller_size(backend: Backend) -> None:
    """UC-4: "3 SETS OF 2" is met by pairs, valid on that campsite."""
    found = solve(req("3 SETS OF 2"), parse_cards("B5 Y5 B6 Y6 B9 W"),
                  backend=backend)
    assert found is not None and all(g.size == 2 for g in found.claim.groups)


@pytest.mark.parametrize("backend", BACKENDS)
def test_uc11_a_claim_may_take_table_cards(backend: Backend) -> None:
    """UC-11: a run of 5 on an own campsite lends its end card to a new set; the run stays
    primitive."""
    own = [OwnCampsite(campsite("c03"), [Group.parse("RUN B4 B5 B6 B7 B8")])]
    found = solve(req("1 SET OF 3"), parse_cards("Y8 R8"), own,
                  backend=backend)
    assert found is not None
    check_solution(req("1 SET OF 3"), parse_cards("Y8 R8"), own, found)
    assert found.table == ((Group.parse("RUN B4 B5 B6 B7"),),)


@pytest.mark.parametrize("backend", BACKENDS)
def test_uc11_own_campsites_stay_primitive(backend: Backend) -> None:
    """UC-11: taking a table card may not leave an own campsite below its primitive, nor
    leave a table card out of every group."""
    own = [OwnCampsite(campsite("c03"), [Group.parse("RUN B4 B5 B6 B7")])]
    assert solve(req("1 SET OF 3"), parse_cards("Y7 R7"), own,
                 backend=backend) is None
    longer = [OwnCampsite(campsite("c03"), [Group.parse("RUN B4 B5 B6 B7 B8")])]
    assert solve(req("1 SET OF 3"), parse_cards("Y6 R6"), longer,
                 backend=backend) is None


@st.composite
def own_question(draw: st.DrawFn) -> tuple[Requirement, tuple[Card, ...], list[OwnCampsite]]:
    site = draw(st.sampled_from([campsite("c03"), campsite("c05"), campsite("c04")]))
    kind = site.primitive.alternatives[0][0].kind
    group = draw(valid_groups(kind))
    assume(site.is_primitive([group]))
    hand = draw(hands(max_cards=8, max_wilds=2))
    assume(not Counter([*hand, *group.faces]) - Counter(DECK))
    requirement = draw(st.sampled_from([s.primitive for s in CATALOGUE]))
    return requirement, hand, [OwnCampsite(site, [group])]


_WIDE = SolverLimits(max_steps=3_000_000)
"""A native budget for enumerating every claim beside a long own group: with a 10-card
color group and two wilds, "1 SET OF 3 OR 1 RUN OF 4" passes the default 300,000 steps
(a ``ProblemTooLargeError`` by design; these tests compare whole claim sets)."""


@settings(max_examples=25)
@given(own_question())
@example((Requirement.parse("1 SET OF 3 OR 1 RUN OF 4"), parse_cards("B2 B11 Y12 W W"),
          [OwnCampsite(campsite("c04"), [Group.parse(
              "COLOR GROUP B2 B3 B3 W=B3 B4 B5 B7 B9 B10 B13")])]))
def test_uc11_backends_agree_with_own_campsites(
    question: tuple[Requirement, tuple[Card, ...], list[OwnCampsite]],
) -> None:
    """UC-11: with an own campsite to rearrange, both backends agree and witnesses hold."""
    requirement, hand, own = question
    native = solve(requirement, hand, own)
    z3 = solve(requirement, hand, own, backend="z3")
    assert (native is None) == (z3 is None)
    for witness in (native, z3):
        if witness is not None:
            check_solution(requirement, hand, own, witness)
    native_claims = set(claims(requirement, hand, own, limits=_WIDE))
    if len(native_claims) <= 60:
        assert native_claims == set(claims(requirement, hand, own, backend="z3"))


@pytest.mark.parametrize("backend", BACKENDS)
def test_new_group_on_an_own_campsite(backend: Backend) -> None:
    """(c), UC-4: on "2 SETS OF 3 / 3 SETS OF 2" a pair is a new group; elsewhere it is not.
    UC-30: only the kinds the faces name (and a color run for a run) are offered."""
    hand = parse_cards("B5 Y5 G9")
    found = new_group(campsite("c02"), hand, backend=backend)
    assert found == Group.parse("SET B5 Y5")
    assert new_group(campsite("c01"), hand, backend=backend) is None
    both = set(new_groups(campsite("c01"), parse_cards("B5 Y5 R5 B6 B7 B8"),
                          backend=backend))
    assert {g.kind for g in both} == {GroupKind.SET, GroupKind.RUN, GroupKind.COLOR_RUN}
    assert all(campsite("c01").group_problem(g) is None for g in both)


@pytest.mark.parametrize(
    "hand",
    [parse_cards("B7 B7 B7"), (WILD,) * 5],
    ids=["three B7", "five wilds"],
)
def test_uc1_cards_the_deck_cannot_hold_are_a_typed_error(hand: tuple[Card, ...]) -> None:
    """UC-1: a hand with a third copy of a face or a fifth wild is rejected, not solved."""
    with pytest.raises(SolverInputError):
        solve(req("1 SET OF 3"), hand)
    with pytest.raises(SolverInputError):
        claims(req("1 SET OF 3"), hand, backend="z3")


def test_uc11_own_campsite_below_primitive_is_rejected() -> None:
    """UC-11: the solver only rearranges campsites that meet their primitive requirement."""
    own = [OwnCampsite(campsite("c03"), [Group.parse("SET B5 Y5 R5")])]
    with pytest.raises(SolverInputError):
        solve(req("1 SET OF 3"), parse_cards("B9"), own)


def test_problems_beyond_the_limits_are_typed_errors() -> None:
    """Too many cards, groups or claims raise ProblemTooLargeError, never hang."""
    naturals = [c for c in DECK if c.is_natural]
    with pytest.raises(ProblemTooLargeError):
        solve(req("1 SET OF 3"), naturals, limits=SolverLimits(max_cards=20))
    with pytest.raises(ProblemTooLargeError):
        solve(req("5 SETS OF 3 AND 4 RUNS OF 4"), naturals[:10])
    with pytest.raises(ProblemTooLargeError):
        list(claims(req("1 RUN OF 4"), naturals[::2], limits=SolverLimits(max_claims=50)))
    assert issubclass(ProblemTooLargeError, CampersError)


def test_z3_unknown_is_a_timeout_error_not_an_answer() -> None:
    """A z3 check that runs out of time raises SolverTimeoutError, never a guessed answer."""
    x, y, z = int_var("x"), int_var("y"), int_var("z")
    checker = Checker(timeout_ms=50)
    checker.add(x > 0, y > 0, z > 0, x * x * x + y * y * y == z * z * z)  # beyond z3
    with pytest.raises(SolverTimeoutError):
        checker.check()
    naturals = [c for c in DECK if c.is_natural][:40]
    with pytest.raises(SolverTimeoutError):
        list(claims(req("3 RUNS OF 4 AND 2 SETS OF 3"), naturals, backend="z3",
                    limits=SolverLimits(timeout_ms=1)))
    checker = Checker(timeout_ms=1000)
    checker.add(int_var("v") > 2)
    assert checker.check() and checker.value(int_var("v")) > 2


@settings(max_examples=15)
@given(hands(max_cards=10, max_wilds=2), st.sampled_from(CATALOGUE))
def test_new_groups_backends_agree(hand: tuple[Card, ...], site: Campsite) -> None:
    """(c): both backends list the same new groups, each valid on the campsite (UC-4)."""
    native = set(new_groups(site, hand))
    assert native == set(new_groups(site, hand, backend="z3"))
    assert all(site.group_problem(g) is None for g in native)
    assert (new_group(site, hand) is None) == (not native)


@settings(max_examples=40)
@given(requirements, hands(max_cards=20, max_wilds=4))
def test_any_requirement_gets_an_answer_or_a_typed_error(requirement: Requirement,
                                                         hand: tuple[Card, ...]) -> None:
    """Whatever the grammar can say, the native backend answers or raises a CampersError
    (a step budget stops a search that would run too long): never a hang, never another
    exception."""
    limits = SolverLimits(max_steps=20_000, max_claims=2_000)
    try:
        found = solve(requirement, hand, limits=limits)
        if found is not None:
            check_solution(requirement, hand, (), found)
        for claim in claims(requirement, hand, limits=limits):
            check_claim(requirement, hand, claim)
    except CampersError:
        pass
