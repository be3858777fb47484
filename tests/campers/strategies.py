"""Shared hypothesis strategies for Unhappy Campers: hands, groups and requirements."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from campers_rules import (
    WILD,
    Card,
    Color,
    Group,
    GroupKind,
    GroupSpec,
    Placed,
    Requirement,
    natural,
)
from campers_rules._cards import FACES, HIGHEST, LOWEST
from campers_rules._groups import MAX_SIZE

NATURALS = [card for card in FACES if card.is_natural]
colors = st.sampled_from(list(Color))
numbers = st.integers(LOWEST, HIGHEST)
kinds = st.sampled_from(list(GroupKind))


@st.composite
def hands(draw: st.DrawFn, min_cards: int = 1, max_cards: int = 20,
          max_wilds: int = 4) -> tuple[Card, ...]:
    """A hand the deck can hold: up to two copies of each numbered face, up to 4 wilds."""
    wilds = draw(st.integers(0, min(max_wilds, max_cards)))
    slots = [card for card in NATURALS for _ in range(2)]
    size = draw(st.integers(max(0, min_cards - wilds), max_cards - wilds))
    chosen = draw(st.lists(st.integers(0, len(slots) - 1), min_size=size, max_size=size,
                           unique=True))
    return tuple(sorted([slots[i] for i in chosen] + [WILD] * wilds))


@st.composite
def valid_groups(draw: st.DrawFn, kind: GroupKind | None = None) -> Group:
    """A valid group of any kind at its usual minimum size or more, some cards wild."""
    kind = draw(kinds) if kind is None else kind
    color = draw(colors)
    if kind.consecutive:
        size = draw(st.integers(4, 8))
        start = draw(st.integers(LOWEST, HIGHEST - size + 1))
        values = [(color if kind.same_color else draw(colors), n)
                  for n in range(start, start + size)]
    elif kind.same_number:
        number = draw(numbers)
        values = [(c, number) for c in draw(st.lists(colors, min_size=3, max_size=8))]
    else:
        values = [(color, n) for n in draw(st.lists(numbers, min_size=4, max_size=10))]
    used: dict[Card, int] = {}
    cards: list[Placed] = []
    for c, n in values:
        face = natural(c, n)
        if used.get(face, 0) < 2 and (not cards or not draw(st.booleans())):
            used[face] = used.get(face, 0) + 1
            cards.append(Placed.natural(face))
        else:
            cards.append(Placed.wild(c, n))
    assume(sum(p.is_wild for p in cards) <= 4)
    return Group(kind, tuple(cards))


@st.composite
def specs(draw: st.DrawFn) -> GroupSpec:
    """A group spec within range."""
    kind = draw(kinds)
    return GroupSpec(kind, draw(st.integers(2, MAX_SIZE[kind])), draw(st.integers(1, 6)))


requirements = st.lists(st.lists(specs(), min_size=1, max_size=3), min_size=1, max_size=3).map(
    lambda alts: Requirement(tuple(tuple(a) for a in alts))
)
"""Any requirement the grammar can express."""

__all__ = ["NATURALS", "colors", "hands", "numbers", "requirements", "specs", "valid_groups"]
