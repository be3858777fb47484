"""The native solver's fast paths agree with their plain definitions (issue 5).

``candidates`` is checked against a plain enumeration in the order its docstring and the
search rely on; the claims of a question searched only on the alternatives the reach bound
allows equal those of every alternative, in the same order; ``laid`` names the cards of
each claim.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _solving
from campers_rules._cards import LOWEST
from campers_rules._groups import GroupKind
from campers_rules.solver._api import new_group_requirement
from campers_rules.solver._native import Pick, candidates, claims, laid
from campers_rules.solver._problem import SPAN, make_problem
from tests.campers.strategies import hands

counts_vectors = st.lists(st.integers(0, 2), min_size=48, max_size=48)


def _plain(kind: GroupKind, size: int, counts: list[int], wilds: int) -> Iterator[Pick]:
    """Every group of ``kind`` and ``size``: families (sets by number, color groups by
    color) or windows (runs by color shape, then start) in order; within one, copies per
    face from most to fewest (sets, color groups) or, per number, the colors present then
    a wild (runs); at least one natural, at most ``wilds`` wilds."""
    low = max(1, size - wilds)
    if not kind.consecutive:
        if kind is GroupKind.SET:
            families = [[c * SPAN + n for c in range(4)] for n in range(SPAN)]
        else:
            families = [[c * SPAN + n for n in range(SPAN)] for c in range(4)]
        for family in families:
            for ks in itertools.product(*[range(counts[f], -1, -1) for f in family]):
                if low <= sum(ks) <= size:
                    nat = tuple(f for f, k in zip(family, ks, strict=True) for _ in range(k))
                    yield (kind, nat, size - len(nat), 0)
        return
    shapes = [(c,) for c in range(4)] if kind.same_color else [(0, 1, 2, 3)]
    for colors in shapes:
        for start in range(SPAN - size + 1):
            options = [[c * SPAN + n for c in colors if counts[c * SPAN + n]] + [-1]
                       for n in range(start, start + size)]
            for combo in itertools.product(*options):
                nat = tuple(sorted(f for f in combo if f >= 0))
                if len(nat) >= low:
                    yield (kind, nat, size - len(nat), start + LOWEST)


@settings(max_examples=300)
@given(st.sampled_from(list(GroupKind)), st.integers(2, 6), counts_vectors, st.integers(0, 3),
       st.integers(0, 47))
def test_candidates_match_the_plain_enumeration(
    kind: GroupKind, size: int, counts: list[int], wilds: int, sparse: int
) -> None:
    """Every candidate once, in the plain order (on full and on sparse count vectors)."""
    for vector in (counts, [n if f % 7 == sparse % 7 else 0 for f, n in enumerate(counts)]):
        assert list(candidates(kind, size, vector, wilds)) == list(
            _plain(kind, size, vector, wilds))


@settings(max_examples=150)
@given(hands(max_cards=16), st.sampled_from(uc.CATALOGUE))
def test_claims_on_the_bounded_alternatives_are_all_claims(
    hand: tuple[uc.Card, ...], face: uc.Campsite
) -> None:
    """UC-7: searching only the alternatives the reach bound allows loses no claim and
    keeps the order."""
    key, cards = _solving.playing(hand)
    wanted = _solving.may_meet(_solving.reach(key), face.primitive)
    problem = make_problem(face.primitive, cards)
    assert list(claims(problem, wanted)) == list(claims(problem))


@settings(max_examples=150)
@given(hands(max_cards=16), st.sampled_from(uc.CATALOGUE))
def test_laid_lists_each_claim_with_its_hand_cards(
    hand: tuple[uc.Card, ...], face: uc.Campsite
) -> None:
    """``laid`` gives the claims' groups with the sorted face indices of the cards each
    lays, for the primitive requirement and the new-group question alike."""
    for requirement in (face.primitive, new_group_requirement(face)):
        problem = make_problem(requirement, hand)
        assert list(laid(problem)) == [
            (c.groups, bytes(sorted(card.index for g in c.groups for card in g.faces)))
            for c in claims(problem)
        ]


def _plain_reach(hand: tuple[uc.Card, ...]) -> tuple[int, ...]:
    """The reach bound by its definition: most copies of one number (sets) or color
    (color groups), plus the wilds; the longest window of numbers (in any color, or in
    one color) the naturals and wilds fill, holding a natural."""
    naturals = [c for c in hand if c.is_natural]
    wilds = sum(1 for c in hand if c.is_wild)

    def longest(numbers: set[int]) -> int:
        best = 0
        for start in range(LOWEST, LOWEST + SPAN):
            for end in range(start, LOWEST + SPAN):
                window = set(range(start, end + 1))
                if window & numbers and len(window - numbers) <= wilds:
                    best = max(best, end - start + 1)
        return best

    def most(values: list[object]) -> int:
        return max(values.count(v) for v in values) + wilds if values else 0

    return (
        most([c.number for c in naturals]),
        longest({c.number for c in naturals if c.number is not None}),
        most([c.color for c in naturals]),
        max(longest({c.number for c in naturals if c.color is color and c.number is not None})
            for color in uc.Color),
    )


@settings(max_examples=300)
@given(hands(min_cards=0, max_cards=20))
def test_reach_matches_its_definition(hand: tuple[uc.Card, ...]) -> None:
    """The reach bound computed on face indices equals its plain definition."""
    key, _cards = _solving.playing(hand)
    assert tuple(_solving.reach(key)) == _plain_reach(hand)
