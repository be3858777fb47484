"""Tests the mutants of the id listing's modules asked for (issue 12, ``_counted`` and
``_firsts``): each pins a rule the listing must give exactly as the object path does."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._counted import HandCounts
from campers_rules._groups import RUN, SET
from campers_rules._solving import playing

_DECK = [card for card in uc.FACES if card.is_natural] * 2 + [uc.WILD] * 4
_TEXT = {SET: "SET", RUN: "RUN"}
_UNITS = st.tuples(st.sampled_from([SET, RUN]), st.integers(2, 7))
_PAIRS = st.lists(st.tuples(_UNITS, _UNITS), min_size=1, max_size=2)


def _requirement(pairs: list[tuple[tuple[uc.GroupKind, int], tuple[uc.GroupKind, int]]]
                 ) -> uc.Requirement:
    return uc.Requirement.parse(" OR ".join(
        " AND ".join(f"1 {_TEXT[kind]} OF {size}" for kind, size in pair) for pair in pairs))


def _least_budget(counts: HandCounts, alternatives: list[list[tuple[uc.GroupKind, int]]]
                  ) -> int:
    """The smallest budget the counts answer within (their bound on the search's steps)."""
    high = 1
    while counts.decides(alternatives, high) is None:
        high *= 2
    low = high // 2  # the counts do not answer within ``low`` (or it is 0)
    while high - low > 1:
        middle = (low + high) // 2
        if counts.decides(alternatives, middle) is None:
            low = middle
        else:
            high = middle
    return high


@settings(max_examples=150, deadline=None)
@given(picks=st.lists(st.integers(0, len(_DECK) - 1), unique=True, max_size=30),
       pairs=_PAIRS)
def test_the_counts_answer_only_within_a_budget_the_search_keeps_to_uc7(
        picks: list[int],
        pairs: list[tuple[tuple[uc.GroupKind, int], tuple[uc.GroupKind, int]]]) -> None:
    """UC-7: the counts' bound on the native search's steps is a bound: given just that
    many steps, the search reaches its first claim (or ends with none) without running out,
    and the counts' answer is the search's."""
    _search_keeps_to_the_bound(tuple(sorted(_DECK[i] for i in picks)), pairs)


def _search_keeps_to_the_bound(
        hand: tuple[uc.Card, ...],
        pairs: list[tuple[tuple[uc.GroupKind, int], tuple[uc.GroupKind, int]]]) -> None:
    counts = HandCounts(playing(hand)[0])
    alternatives = [list(pair) for pair in pairs]
    budget = _least_budget(counts, alternatives)
    limits = uc.solver.SolverLimits(max_cards=100, max_steps=budget)
    found = next(iter(uc.solver.claims(_requirement(pairs), hand, limits=limits)), None)
    assert counts.decides(alternatives, budget) is (found is not None)


@st.composite
def _few_numbers(draw: st.DrawFn) -> tuple[uc.Card, ...]:
    """A hand of a few numbers' faces (two of each) and wilds: many sets or runs of them."""
    numbers = draw(st.sets(st.integers(2, 13), min_size=1, max_size=4))
    pool = [c for c in uc.FACES if c.is_natural and c.number in numbers] * 2 + [uc.WILD] * 4
    picks = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=2,
                          max_size=16))
    return tuple(sorted(pool[i] for i in picks))


@settings(max_examples=300, deadline=None)
@given(hand=_few_numbers(), pairs=_PAIRS)
def test_the_bound_holds_for_hands_of_few_numbers_uc7(
        hand: tuple[uc.Card, ...],
        pairs: list[tuple[tuple[uc.GroupKind, int], tuple[uc.GroupKind, int]]]) -> None:
    """UC-7: on hands of a few numbers, each face twice (a set's candidates many, each
    face's copies counted), the search keeps to the counts' bound, and the answers agree."""
    _search_keeps_to_the_bound(hand, pairs)


_NARROW = [card for card in uc.FACES if card.is_natural and card.number <= 7
           and card.color in (uc.FACES[0].color, uc.FACES[-1].color)] * 2 + [uc.WILD] * 4
_SMALL = st.tuples(st.sampled_from([SET, RUN]), st.integers(2, 4))


def _agrees(hand: tuple[uc.Card, ...], first: tuple[uc.GroupKind, int],
            second: tuple[uc.GroupKind, int]) -> None:
    found = next(iter(uc.solver.claims(_requirement([(first, second)]), hand,
                                       limits=uc.solver.SolverLimits(max_cards=100))), None)
    decided = HandCounts(playing(hand)[0]).decides([[first, second]], 10**9)
    assert decided is (found is not None)


@settings(max_examples=400, deadline=None)
@given(picks=st.lists(st.integers(0, len(_NARROW) - 1), unique=True, max_size=8),
       first=_SMALL, second=_SMALL)
def test_two_groups_from_few_cards_agree_with_the_solver_uc5_uc7(
        picks: list[int], first: tuple[uc.GroupKind, int], second: tuple[uc.GroupKind, int]
) -> None:
    """UC-5, UC-7: on small hands of few numbers and colors (where a claim is just within
    or just out of reach: a natural short, a wild short, two groups wanting the same
    natural), the counts decide two sets or runs exactly as the solver finds them."""
    _agrees(tuple(sorted(_NARROW[i] for i in picks)), first, second)


@pytest.mark.parametrize(("hand", "first", "second"), [
    ("R5 B5 W W", (SET, 2), (SET, 2)),  # both sets of one number, each a natural of it
    ("R5 W W W", (SET, 2), (SET, 2)),  # one natural: a set would be all wilds
    ("R5 B5 G5 Y5", (SET, 2), (RUN, 2)),  # the run needs a 4 or a 6, not a fourth 5
    ("R5 R9 W W W W", (SET, 3), (RUN, 3)),  # a natural each, wilds for the rest
    ("R5 R9 W W W W", (RUN, 3), (RUN, 3)),
    ("R5 R6 B5 B6", (RUN, 2), (SET, 2)),  # two runs, but no set with a run beside it
    ("R5 R6 B5 B6", (SET, 2), (RUN, 2)),
])
def test_two_groups_at_the_edge_agree_with_the_solver_uc5_uc7(
        hand: str, first: tuple[uc.GroupKind, int], second: tuple[uc.GroupKind, int]
) -> None:
    """UC-5, UC-7: hands with exactly enough (or one short) naturals or wilds for two sets
    or runs, in either order of the two: the counts' answer is the solver's."""
    _agrees(tuple(uc.parse_cards(hand)), first, second)
