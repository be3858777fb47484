"""The squat, wild swap and add listings read off the row tables kept from state to state,
and the span tables those read (issue 29): a campsite no face of the hand fits lists
nothing at once, and the span tables, whose color-group entries are made once per color,
are :func:`_table._span_fitting` of every span; a group's wild swaps are read off
per-wild pair tables made at import. Each listing agrees with the listing of
empty memos (UC-7, UC-8, UC-9, UC-10, UC-29)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import Group, _cache
from campers_rules._actions import AddCard, AddGroup, Claim, Squat, SwapWild
from campers_rules._cards import HIGHEST, LOWEST, NUMBERS, Color
from campers_rules._catalogue import CATALOGUE, Campsite
from campers_rules._groups import KIND_INDEX, GroupKind, Placed
from campers_rules._hands import face_mask
from campers_rules._squats import squat_moves, table_of
from campers_rules._table import (
    _SPAN_FACES,
    _SPAN_MASKS,
    _SPAN_WAYS,
    _span_at,
    _span_fitting,
    wild_swaps,
)
from tests.campers.game_strategies import g, random_walk
from tests.campers.strategies import valid_groups

_FACE_BITS = [int(face) for face in uc.FACES]


def _hands(state: uc.State, rng: random.Random) -> list[tuple[int, int]]:
    """(seat, hand mask) queries on a state: each seat's own hand, the same with one face
    flipped and a random hand, in a shuffled order."""
    queries = []
    for seat in range(state.num_players):
        own = face_mask(state.hands[seat])
        flipped = own ^ 1 << rng.choice(_FACE_BITS)
        other = sum(1 << face for face in rng.sample(_FACE_BITS, 8))
        queries += [(seat, own), (seat, flipped), (seat, own), (seat, other), (seat, other)]
    rng.shuffle(queries)
    return queries


def _cold_squats(state: uc.State, seat: int, hand: int) -> list[Squat | SwapWild]:
    _cache.clear()
    return squat_moves(state, seat, hand)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 0), (4, 1), (5, 8), (6, 2)])
def test_the_squats_on_kept_tables_are_those_of_empty_memos(players: int, seed: int) -> None:
    """UC-8, UC-9, UC-10, UC-29: along a random game, the squats and wild swaps listed
    for many (seat, hand) queries on the row tables kept from state to state (some hands
    fitting nowhere on a campsite) are those listed by empty memos, query by query."""
    rng = random.Random(seed)
    _cache.clear()
    asked = [(state, _hands(state, rng)) for state in random_walk(players, seed, 300)[::2]]
    warm = [[squat_moves(state, seat, hand) for seat, hand in queries]
            for state, queries in asked]
    cold = [[_cold_squats(state, seat, hand) for seat, hand in queries]
            for state, queries in asked]
    assert warm == cold
    assert sum(len(listed) for listings in warm for listed in listings)


@pytest.mark.parametrize("seed", [0, 4, 9])
def test_the_adds_on_kept_tables_are_those_of_empty_memos(seed: int) -> None:
    """UC-7: along a random game, the adds each seat's own campsites list for many hands
    on the row tables kept from state to state are those listed by empty memos."""
    rng = random.Random(seed)
    _cache.clear()
    asked = [(state, _hands(state, rng)) for state in random_walk(4, seed, 300)[::2]]
    warm = [[_adds(state, seat, hand) for seat, hand in queries] for state, queries in asked]
    cold = [[_cold_adds(state, seat, hand) for seat, hand in queries]
            for state, queries in asked]
    assert warm == cold
    assert sum(len(listed) for listings in warm for listed in listings)


def _adds(state: uc.State, seat: int, hand: int) -> list[Claim | AddCard | AddGroup]:
    out: list[Claim | AddCard | AddGroup] = []
    if state.table[seat]:
        for site in table_of(seat, state.table[seat], state.config.catalogue).sites:
            site.list_adds(hand, out)
    return out


def _cold_adds(state: uc.State, seat: int, hand: int) -> list[Claim | AddCard | AddGroup]:
    _cache.clear()
    return _adds(state, seat, hand)


def test_a_hand_fitting_nowhere_lists_no_squat_or_swap() -> None:
    """UC-9, UC-10: along a random game, a hand of only the faces that fit no group on the
    table (nor take a wild's place) lists no squat and no wild swap, and a hand of every
    face lists those of empty memos."""
    _cache.clear()
    every = sum(1 << face for face in _FACE_BITS)
    seen = 0
    for state in random_walk(4, 6, 300)[::4]:
        catalogue = state.config.catalogue
        fits = 0
        for owner, row in enumerate(state.table):
            if row:
                found = table_of(owner, row, catalogue)
                fits |= found.fit_mask | found.swap_mask
        for seat in range(state.num_players):
            assert squat_moves(state, seat, every & ~fits) == []
            listed = squat_moves(state, seat, every)
            assert listed == _cold_squats(state, seat, every)
            seen += len(listed)
    assert seen


def test_the_span_tables_are_the_fitting_of_every_span() -> None:
    """UC-7, UC-9: each entry of the span tables (a color group's shared by its spans) is
    ``_span_fitting`` of its kind, span and color (its faces, and their placements), with
    the mask of its faces."""
    checked = 0
    for kind in GroupKind:
        colors: list[Color | None] = list(Color) if kind.same_color else [None]
        for low in NUMBERS:
            for high in range(low, HIGHEST + 1) if kind is not GroupKind.SET else [low]:
                for color in colors:
                    code = 4 if color is None else list(Color).index(color)
                    at = _span_at(KIND_INDEX[kind], low - LOWEST, high - LOWEST, code)
                    fits = _span_fitting(kind, low, high, color)
                    assert tuple(zip(_SPAN_FACES[at], _SPAN_WAYS[at], strict=True)) == fits
                    assert _SPAN_MASKS[at] == sum(1 << card for card, _ in fits)
                    checked += 1
    assert checked == 12 + 78 + 2 * 4 * 78


def _solver_swaps(face: Campsite, group: Group) -> tuple[tuple[uc.Card, Placed], ...]:
    """UC-10, UC-29 as the solver words them: each natural face with each wild it may
    replace making a group valid on the campsite, in face order."""
    return tuple((card, wild) for card in uc.FACES if card.is_natural
                 for wild, new in group.wild_swaps(card) if face.group_problem(new) is None)


@given(valid_groups(), st.sampled_from(CATALOGUE))
def test_wild_swaps_read_off_the_pair_tables_are_the_solvers(group: Group,
                                                             face: Campsite) -> None:
    """UC-10, UC-29: the wild swaps of any valid group on any campsite, read off the
    per-wild pair tables (sorted only for several wild values), are the solver's, in its
    order."""
    _cache.clear()
    assert wild_swaps(face, group) == _solver_swaps(face, group)


@pytest.mark.parametrize("text", [
    "SET B7 W=Y7 W=R7",  # two wild values: their pairs merged in face order
    "SET B7 B7 W=Y7",  # every copy of B7 held: B7 takes no wild's place
    "RUN B2 W=B3 W=B4 B5",
    "RUN W=B2 Y3 W=R4 G5 W=G6",
    "COLOR GROUP B2 W=B5 W=B9 B11",
    "COLOR GROUP B2 B2 W=B5 B11",
    "COLOR RUN B4 B5 W=B6 B7",
])
def test_the_swaps_of_groups_with_several_wilds_are_the_solvers(text: str) -> None:
    """UC-10, UC-29: groups holding several wild values, or every copy of a face, list the
    solver's wild swaps on every campsite they are valid on."""
    group = g(text)
    valid = [face for face in CATALOGUE if face.group_problem(group) is None]
    assert valid
    for face in valid:
        _cache.clear()
        assert wild_swaps(face, group) == _solver_swaps(face, group)
