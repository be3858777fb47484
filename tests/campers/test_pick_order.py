"""The paired search of a two-group claim ranks a unit's candidates by their ints
(issue 29): ``solver._native._order_key`` orders picks as their ``pick[1:]`` (naturals,
wilds, run start) do, and ``_ranks`` gives each candidate its place among them, as sorting
the tuples does (UC-4, UC-7: identical units take candidates in non-decreasing order, so
a claim of two groups of one kind is listed once).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from campers_rules._cards import Card, key_counts
from campers_rules._groups import GroupKind
from campers_rules._solving import playing
from campers_rules.solver._native import Pick, _order_key, _ranks, candidates
from campers_rules.solver._problem import NATURAL_COUNT, SPAN
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
    key_a, key_b = _order_key(a, width), _order_key(b, width)
    assert (key_a < key_b) == (a[1:] < b[1:])
    assert (key_a == key_b) == (a[1:] == b[1:])


def test_order_key_puts_a_prefix_first_uc4() -> None:
    """UC-4: naturals that are a prefix of another pick's come first (as a shorter tuple
    does), whatever the wilds and start that follow."""
    short: Pick = (GroupKind.RUN, (3, 4), 2, 13)
    long: Pick = (GroupKind.RUN, (3, 4, 0), 0, 0)
    assert _order_key(short, 3) < _order_key(long, 3)
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
