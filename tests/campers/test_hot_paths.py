"""Differential tests of the hot-path shortcuts against the plain computations.

``sorted_group`` skips the converter's sort; ``Group.with_card``, ``Group.without`` and the
solver's ``build_group`` use it, so each must give exactly the group (equal, same hash,
repr, text, pickle and JSON) that the validating constructor gives.
"""

from __future__ import annotations

import pickle
from collections import Counter

from hypothesis import assume, given
from hypothesis import strategies as st

from campers_rules._cards import FACES, HIGHEST, LOWEST, WILD, Card, Color, copies_in_deck
from campers_rules._catalogue import CATALOGUE, Campsite
from campers_rules._groups import (
    MIN_SIZE,
    SAME_COLOR,
    Group,
    GroupKind,
    Placed,
    sorted_group,
)
from campers_rules._requirements import Requirement
from campers_rules._serial import CONVERTER
from campers_rules.solver._native import build_group
from campers_rules.solver._problem import (
    NATURAL_COUNT,
    SPAN,
    Problem,
    SolverLimits,
    index_number,
    make_problem,
    question_plans,
)
from tests.campers.strategies import colors, hands, kinds, numbers, requirements

placed_cards = st.one_of(
    st.integers(0, NATURAL_COUNT - 1).map(lambda i: Placed.natural(FACES[i])),
    st.builds(Placed.wild, colors, numbers),
)


def _same(fast: Group, plain: Group) -> None:
    assert fast == plain
    assert hash(fast) == hash(plain)
    assert repr(fast) == repr(plain)
    assert str(fast) == str(plain)
    assert fast.cards == plain.cards
    assert pickle.loads(pickle.dumps(fast)) == plain
    assert CONVERTER.unstructure(fast) == CONVERTER.unstructure(plain)


@given(kinds, st.lists(placed_cards, max_size=8), placed_cards)
def test_with_card_is_the_sorted_group(kind: GroupKind, cards: list[Placed],
                                       extra: Placed) -> None:
    group = Group(kind, tuple(cards))
    _same(group.with_card(extra), Group(kind, (*cards, extra)))


@given(kinds, st.lists(placed_cards, min_size=1, max_size=8), st.data())
def test_without_is_the_sorted_group(kind: GroupKind, cards: list[Placed],
                                     data: st.DataObject) -> None:
    gone = data.draw(st.sampled_from(cards))
    rest = list(cards)
    rest.remove(gone)
    _same(Group(kind, tuple(cards)).without(gone), Group(kind, tuple(rest)))


@given(kinds, st.lists(placed_cards, max_size=8))
def test_sorted_group_of_sorted_cards(kind: GroupKind, cards: list[Placed]) -> None:
    plain = Group(kind, tuple(cards))
    _same(sorted_group(kind, plain.cards), plain)


@given(kinds, st.lists(st.integers(0, NATURAL_COUNT - 1), min_size=1, max_size=6).map(sorted),
       st.integers(0, 4), st.integers(LOWEST, HIGHEST))
def test_build_group_matches_the_plain_layout(kind: GroupKind, naturals: list[int],
                                              wilds: int, start: int) -> None:
    """The rank-sorted layout equals the cards of the documented rule, sorted by Group."""
    colors_ = list(Color)
    cards = [Placed.natural(FACES[i]) for i in naturals]
    first = naturals[0]
    if wilds and kind is GroupKind.SET:
        cards += [Placed.wild(colors_[0], index_number(first))] * wilds
    elif wilds and kind is GroupKind.COLOR_GROUP:
        cards += [Placed.wild(colors_[first // SPAN], LOWEST)] * wilds
    elif wilds:
        color = colors_[first // SPAN] if kind in SAME_COLOR else colors_[0]
        covered = {index_number(i) for i in naturals}
        span = range(start, start + len(naturals) + wilds)
        assume(span[-1] <= HIGHEST)  # the solver never asks for a run past 13
        cards += [Placed.wild(color, n) for n in span if n not in covered]
    _same(build_group(kind, tuple(naturals), wilds, start), Group(kind, tuple(cards)))


@given(requirements, requirements, kinds)
def test_campsite_min_size_matches_the_plain_rule(primitive: Requirement, complete: Requirement,
                                                  kind: GroupKind) -> None:
    """The kept per-campsite sizes equal the usual minimum or a smaller named size."""
    site = Campsite("c99", 2, primitive, complete)
    named = [m for r in (primitive, complete) if (m := r.min_size(kind)) is not None]
    assert site.min_size(kind) == min([MIN_SIZE[kind], *named])
    assert site.min_size(kind) == site.min_size(kind)
    for other in CATALOGUE:
        sizes = [s.size for r in (other.primitive, other.complete)
                 for alt in r.alternatives for s in alt if s.kind is kind]
        assert other.min_size(kind) == min([MIN_SIZE[kind], *sizes])


@given(requirements, hands(max_cards=14))
def test_make_problem_matches_the_plain_problem(requirement: Requirement,
                                                hand: list[Card]) -> None:
    """The slot-filled Problem and the identity-cached plans equal the plain ones."""
    limits = SolverLimits()
    assume(all(sum(s.count for s in alt) <= limits.max_groups
               for alt in requirement.alternatives))
    problem = make_problem(requirement, hand)
    counts = [0] * NATURAL_COUNT
    for card in hand:
        if card.index < NATURAL_COUNT:
            counts[card.index] += 1
    plain = Problem(requirement, tuple(counts), sum(card is WILD for card in hand),
                    (0,) * NATURAL_COUNT, 0, (), question_plans(requirement, (), limits), limits)
    assert problem == plain
    assert hash(problem) == hash(plain)
    assert repr(problem) == repr(plain)
    assert make_problem(requirement, hand) == plain


@given(kinds, st.lists(placed_cards, max_size=8))
def test_kept_edge_matches_the_plain_edge(kind: GroupKind, cards: list[Placed]) -> None:
    """The edge kept per group equals the distinct outside cards, asked once or twice."""
    group = Group(kind, tuple(cards))
    ordered = group.cards
    ends = ordered[:1] + ordered[-1:] if kind in (GroupKind.RUN, GroupKind.COLOR_RUN) \
        else ordered
    plain = tuple(dict.fromkeys(ends))
    assert group.edge() == plain
    assert group.edge() == plain
    assert Group(kind, tuple(cards)).edge() == plain


def _plain_copies_problem(group: Group) -> str | None:
    """The copies rule (UC-1) as first written: every face counted."""
    for face, count in Counter(p.face for p in group.cards).items():
        if count > copies_in_deck(face):
            return f"{count} copies of {face}: the deck holds {copies_in_deck(face)} [UC-1]"
    return None


_FEW_PLACED = tuple(Placed.parse(text) for text in ("B2", "Y3", "W=B2", "W=R3"))


@given(kinds, st.lists(st.sampled_from(_FEW_PLACED), min_size=1, max_size=9))
def test_problem_counts_copies_as_the_plain_rule(kind: GroupKind, cards: list[Placed]) -> None:
    """The shortcut that counts faces only when one may repeat thrice finds every excess."""
    group = Group(kind, tuple(cards))
    copies = _plain_copies_problem(group)
    found = group.problem(min_size=1)
    if any(not p.is_wild for p in cards):  # the rules checked before copies all pass
        if copies is not None:
            assert found == copies
        else:
            assert found is None or "copies" not in found
