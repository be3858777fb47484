"""The squat, wild swap and add listings read off the row tables kept from state to state,
and the span tables those read (issue 29): a campsite no face of the hand fits lists
nothing at once, and the span tables, whose color-group entries are made once per color,
are :func:`_table._span_fitting` of every span. Each listing agrees with the listing of
empty memos (UC-7, UC-8, UC-9, UC-10, UC-29)."""

from __future__ import annotations

import random

import pytest

import campers_rules as uc
from campers_rules import _cache
from campers_rules._actions import AddCard, AddGroup, Claim, Squat, SwapWild
from campers_rules._cards import HIGHEST, LOWEST, NUMBERS, Color
from campers_rules._groups import KIND_INDEX, GroupKind
from campers_rules._hands import face_mask
from campers_rules._squats import squat_moves, table_of
from campers_rules._table import _SPAN_FITTING, _SPAN_MASKS, _span_at, _span_fitting
from tests.campers.game_strategies import random_walk

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
    ``_span_fitting`` of its kind, span and color, with the mask of its faces."""
    checked = 0
    for kind in GroupKind:
        colors: list[Color | None] = list(Color) if kind.same_color else [None]
        for low in NUMBERS:
            for high in range(low, HIGHEST + 1) if kind is not GroupKind.SET else [low]:
                for color in colors:
                    code = 4 if color is None else list(Color).index(color)
                    at = _span_at(KIND_INDEX[kind], low - LOWEST, high - LOWEST, code)
                    fits = _span_fitting(kind, low, high, color)
                    assert _SPAN_FITTING[at] == fits
                    assert _SPAN_MASKS[at] == sum(1 << card for card, _ in fits)
                    checked += 1
    assert checked == 12 + 78 + 2 * 4 * 78
