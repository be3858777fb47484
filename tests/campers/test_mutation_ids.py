"""Tests the mutants of the id listing's modules asked for (issue 12, ``_counted`` and
``_firsts``): each pins a rule the listing must give exactly as the object path does."""

from __future__ import annotations

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
    hand = tuple(sorted(_DECK[i] for i in picks))
    counts = HandCounts(playing(hand)[0])
    alternatives = [list(pair) for pair in pairs]
    budget = _least_budget(counts, alternatives)
    limits = uc.solver.SolverLimits(max_cards=100, max_steps=budget)
    found = next(iter(uc.solver.claims(_requirement(pairs), hand, limits=limits)), None)
    assert counts.decides(alternatives, budget) is (found is not None)
