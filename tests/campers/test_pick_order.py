"""The paired search of a two-group claim ranks a unit's candidates by their ints
(issue 29): ``solver._native.order_key`` orders picks as their ``pick[1:]`` (naturals,
wilds, run start) do, and ``_ranks`` gives each candidate its place among them, as sorting
the tuples does (UC-4, UC-7: identical units take candidates in non-decreasing order, so
a claim of two groups of one kind is listed once). A leaf is counted without putting its
picks together where no two leaves may be one claim (``_Enumeration.fresh``,
``_Claims.one_more``), as :meth:`pair` counts it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campers_rules._cards import Card, key_counts, parse_cards
from campers_rules._groups import GroupKind
from campers_rules._requirements import Requirement
from campers_rules._solving import playing
from campers_rules.solver import ProblemTooLargeError
from campers_rules.solver._native import (
    Pick,
    _Enumeration,
    _pairs,
    _ranks,
    _swaps,
    candidates,
    order_key,
)
from campers_rules.solver._problem import NATURAL_COUNT, SPAN, SolverLimits, hand_problem
from tests.campers.strategies import hands


def _reference_ranks(picks: list[Pick]) -> list[int]:
    """Each pick's place among the distinct ``pick[1:]``, sorted as tuples."""
    order = {rest: n for n, rest in enumerate(sorted({p[1:] for p in picks}))}
    return [order[p[1:]] for p in picks]


_PICKS = st.builds(
    lambda kind, nat, wilds, start: (kind, tuple(sorted(nat)), wilds, start),
    st.sampled_from(list(GroupKind)),
    st.lists(st.integers(0, NATURAL_COUNT - 1), max_size=10),
    st.integers(0, 8),
    st.integers(0, SPAN + 1),
)


@settings(max_examples=300, deadline=None)
@given(a=_PICKS, b=_PICKS)
def test_order_key_orders_picks_as_their_tuples_uc4(a: Pick, b: Pick) -> None:
    """UC-4: two picks of at most ten naturals (any lengths, a shorter one a prefix of
    the other included) compare by their keys as by ``pick[1:]``."""
    width = max(len(a[1]), len(b[1]))
    key_a, key_b = order_key(a, width), order_key(b, width)
    assert (key_a < key_b) == (a[1:] < b[1:])
    assert (key_a == key_b) == (a[1:] == b[1:])


def test_order_key_puts_a_prefix_first_uc4() -> None:
    """UC-4: naturals that are a prefix of another pick's come first (as a shorter tuple
    does), whatever the wilds and start that follow."""
    short: Pick = (GroupKind.RUN, (3, 4), 2, 13)
    long: Pick = (GroupKind.RUN, (3, 4, 0), 0, 0)
    assert order_key(short, 3) < order_key(long, 3)
    assert short[1:] < long[1:]


@settings(max_examples=150, deadline=None)
@given(picks=st.lists(_PICKS, max_size=30))
def test_ranks_equal_the_sorted_tuples_uc7(picks: list[Pick]) -> None:
    """UC-7: any list of picks, repeats included, gets the ranks of its sorted tuples."""
    assert _ranks(picks) == _reference_ranks(picks)


@settings(max_examples=150, deadline=None)
@given(hand=hands(max_cards=18),
       unit=st.sampled_from([(kind, size) for kind in GroupKind for size in (2, 3, 4, 5)]))
def test_ranks_of_a_hands_candidates_uc7(hand: tuple[Card, ...],
                                         unit: tuple[GroupKind, int]) -> None:
    """UC-7: a unit's candidates on a hand (as the paired search lists them) are ranked as
    sorting their tuples ranks them."""
    key, _ = playing(hand)
    counts, wilds = key_counts(key)
    kind, size = unit
    picks = list(candidates(kind, size, counts, wilds))
    assert _ranks(picks) == _reference_ranks(picks)


_PAIRED = [Requirement.parse(text) for text in (
    "2 RUNS OF 4", "2 SETS OF 3", "1 SET OF 3 AND 1 RUN OF 4", "2 COLOR RUNS OF 3",
    "1 SET OF 3 AND 1 SET OF 4", "2 SETS OF 3 OR 2 SETS OF 3", "2 RUNS OF 3 OR 2 RUNS OF 3")]


def _leaves(requirement: Requirement, key: bytes, fresh: bool, most: int) -> list[bool]:
    """Per leaf of the paired plans (in the search's order), whether it is counted as a
    claim not handed out yet: by ``fresh``, or by ``pair`` keying every leaf (whether or
    not the plans may give one claim twice), the reference."""
    problem = hand_problem(requirement, key, SolverLimits(max_cards=100, max_claims=most))
    search = _Enumeration(problem, None)
    if not fresh:
        search.handed.seen = set()
    out: list[bool] = []
    for index, plan in enumerate(search.asked):
        lists = search.lists(index)
        if lists is None:
            continue
        first, second = lists
        swap = _swaps(plan)
        for i, j in _pairs(problem, plan, first, second):
            a, b = first[i], second[j]
            out.append(search.fresh(swap, a, b) if fresh
                       else search.pair(swap, a, b) is not None)
    return out


@settings(max_examples=150, deadline=None)
@given(hand=hands(max_cards=16), requirement=st.sampled_from(_PAIRED))
def test_fresh_counts_the_leaves_pair_counts_uc7(hand: tuple[Card, ...],
                                                 requirement: Requirement) -> None:
    """UC-7: for any hand and two-group question (two plans of the same units included,
    where one claim may come twice), the leaves counted without their picks put together
    are those ``pair`` counts."""
    key, _ = playing(hand)
    assert _leaves(requirement, key, True, 200_000) == _leaves(requirement, key, False,
                                                               200_000)


@pytest.mark.parametrize("cards", [
    "B2 Y2 R2 G2 B3 Y3 R3 G3 B4 Y4 R4 B5 W W",
    "B2 B3 B4 B5 B6 B7 B8 B9 Y3 Y4 Y5 Y6 R3 W",
    "R5 R5 Y5 G5 B5 R6 Y6 G6 B6 R7 Y7 R8 W",
])
def test_fresh_counts_the_leaves_of_rich_hands_uc7(cards: str) -> None:
    """UC-7: on hands with many two-group claims (duplicate cards and wilds included), the
    leaves counted without their picks put together are those ``pair`` counts keying
    every leaf: no two leaves of plans of distinct units are one claim, while the plans
    asked twice do give claims twice (which the reference sees)."""
    key, _ = playing(tuple(sorted(parse_cards(cards))))
    counted: list[bool] = []
    for requirement in _PAIRED:
        leaves = _leaves(requirement, key, True, 200_000)
        assert leaves == _leaves(requirement, key, False, 200_000), requirement
        counted.extend(leaves)
    assert True in counted and False in counted


@pytest.mark.parametrize("most", [1, 3, 5])
def test_one_more_counts_to_max_claims_then_raises_uc7(most: int) -> None:
    """UC-7: a one-group question's candidates are counted as claims without a key
    (``one_more``): up to ``SolverLimits.max_claims`` of them, then the search raises."""
    key, _ = playing(tuple(sorted(parse_cards("B2 Y2 R2 G2 B3 Y3 R3 W"))))
    problem = hand_problem(Requirement.parse("1 SET OF 3"), key,
                           SolverLimits(max_cards=100, max_claims=most))
    search = _Enumeration(problem, None)
    assert search.handed.seen is None
    counted = 0
    with pytest.raises(ProblemTooLargeError):
        for pick in search.candidates(search.asked[0]):
            assert search.alone(pick)
            counted += 1
    assert counted == most
