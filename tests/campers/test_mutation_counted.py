"""The counts' step bound pinned where its mutants lived (issue 12, ``_counted``): a
unit's bound is at least what the native search spends on its candidates, each unit's
bound is kept under its own key, and ``decides`` answers exactly up to the budget its
bound names, so the id listing answers from counts only where the search (UC-7) would
reach its first claim."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._counted import HandCounts, unit_code
from campers_rules._groups import RUN, SET, GroupKind
from campers_rules._solving import playing
from campers_rules.solver._native import _listed
from campers_rules.solver._problem import SolverLimits, make_problem

_DECK = [card for card in uc.FACES if card.number is not None] * 2 + [uc.WILD] * 4
_HANDS = st.lists(st.integers(0, len(_DECK) - 1), unique=True, max_size=20).map(
    lambda picks: tuple(sorted(_DECK[i] for i in picks)))
_UNITS = st.tuples(st.sampled_from([SET, RUN]), st.integers(2, 7))
_WHOLE = SolverLimits(max_cards=100)

Unit = tuple[GroupKind, int]


@settings(max_examples=300, deadline=None)
@given(_HANDS, _UNITS)
@example(uc.parse_cards("B12 B13 Y12 Y13 R13 W"), (RUN, 3))
@example(uc.parse_cards("B11 Y12 R13 G13 W W"), (RUN, 4))
def test_a_units_bound_covers_the_steps_of_its_candidates_uc7(
    hand: tuple[uc.Card, ...], unit: Unit
) -> None:
    """UC-7: the bound the counts give one set or run is at least the steps the native
    search spends building and trying that unit's candidates on the whole hand (every
    run window counted, up to the highest numbers)."""
    kind, size = unit
    problem = make_problem(uc.Requirement.parse("1 SET OF 3"), playing(hand)[1], (), _WHOLE)
    _, cost = _listed(kind, size, problem)
    assert HandCounts(playing(hand)[0])._steps(unit) >= cost


def _spent(key: bytes, alternatives: list[list[Unit]]) -> int:
    """The search's bound over these alternatives, from each unit's bound afresh."""
    total = 0
    for first, second in alternatives:
        a = HandCounts(key)._steps(first)
        b = HandCounts(key)._steps(second)
        total += 1 + max(a, b) + a * b
    return total


@settings(max_examples=200, deadline=None)
@given(_HANDS, st.lists(st.tuples(_UNITS, _UNITS).map(list), min_size=1, max_size=3))
@example(uc.parse_cards("B5 Y5 R5 B6 B7 B8 B9 W"), [[(SET, 3), (RUN, 5)], [(RUN, 5), (SET, 3)]])
def test_counts_answer_exactly_within_the_budget_their_bound_names_uc7(
    hand: tuple[uc.Card, ...], alternatives: list[list[Unit]]
) -> None:
    """UC-7: ``decides`` answers with a budget of its bound (one step plus the larger unit
    bound plus their product, per alternative) and not one step below it, whether the
    unit bounds are read fresh or kept from an earlier question; each unit's kept bound
    is that unit's own."""
    key = playing(hand)[0]
    spent = _spent(key, alternatives)
    counts = HandCounts(key)
    assert counts.decides(alternatives, spent) is not None
    assert counts.decides(alternatives, spent - 1) is None
    assert counts.decides(alternatives, spent) is not None
    bounds = counts.bounds
    assert bounds is not None  # made at the first unit asked
    for units in alternatives:
        for unit in units:
            assert bounds[unit_code(unit)] == HandCounts(key)._steps(unit)
    asked = {unit_code(unit) for units in alternatives for unit in units}
    assert [code for code, bound in enumerate(bounds) if bound >= 0] == sorted(asked)


def test_a_units_bound_is_its_formula_on_a_worked_hand_uc7() -> None:
    """UC-7, the bound as ``_steps`` states it, on a hand worked by hand (B5 x3, Y5,
    R6 x2, two wilds): a set of 3 needs one natural here, so both numbers count, two
    steps per candidate of each number's family (5: 4 x 2 = 8 choices of copies, 6: 3):
    2 x (8 + 3) = 22; a run of 4 tries every face or wild per number of each window
    (5: two faces and the wild, 6: one and the wild, the rest the wild alone): three
    windows hold both (3 x 2), one 5 alone (3), one 6 alone (2), four neither (1):
    18 + 3 + 2 + 4 = 27. The bound may exceed what the search spends; this pins it."""
    counts = HandCounts(playing(uc.parse_cards("B5 B5 B5 Y5 R6 R6 W W"))[0])
    assert (counts.totals[3], counts.totals[4], counts.wilds) == (4, 2, 2)
    assert (counts.colors[3], counts.colors[4], sum(counts.colors)) == (2, 1, 3)
    assert counts.families == [1, 1, 1, 8, 3, 1, 1, 1, 1, 1, 1, 1]
    assert (counts.ones, counts.twos) == (0b11000, 0b11000)
    assert counts._steps((SET, 3)) == 22
    assert counts._steps((RUN, 4)) == 27
    assert HandCounts(playing(uc.parse_cards("B5 B5 Y5 R6 W"))[0])._steps((RUN, 3)) == 23
