"""The squats, adds, wild swaps and Bear Attacks the listings make are shared by value
between listings (``_cache.TABLE_ACTIONS``, issue 29): an action is an immutable value, so
a listing gets back the very record of an equal action made before, and lists the same
actions in the same order as a listing of empty memos (UC-7, UC-9, UC-10, UC-13, UC-29)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _cache, _frozen
from campers_rules._actions import AddCard, BearAttack, Squat, SwapWild
from campers_rules._board import MAX_PLAYERS
from campers_rules._ids import _PLACED_VALUES
from tests.campers.game_strategies import random_walk

_TABLE_KINDS = (Squat, AddCard, SwapWild, BearAttack)
_PLACED = sorted(_PLACED_VALUES)
"""The 96 placements, by their int."""
_FIELDS = st.tuples(st.integers(0, 3), st.integers(0, MAX_PLAYERS - 1),
                    st.integers(0, MAX_PLAYERS - 1), st.integers(0, 200), st.integers(0, 40),
                    st.integers(0, len(uc.FACES) - 1), st.integers(0, 95))
"""A table action's kind (``_frozen._SQUAT`` ...) and fields: player, owner, campsite,
group, card face and placement."""


def _shared(kind: int, player: int, owner: int, campsite: int, group: int, face: int,
            placed: int) -> object:
    if kind == 0:
        return _frozen.squat(player, owner, campsite, group, _PLACED[placed])
    if kind == 1:
        return _frozen.add_card(player, campsite, group, _PLACED[placed])
    if kind == 2:
        return _frozen.swap_wild(player, owner, campsite, group, uc.FACES[face],
                                 _PLACED[placed])
    return _frozen.bear_attack(player, owner, campsite, group, _PLACED[placed])


def _fresh(kind: int, player: int, owner: int, campsite: int, group: int, face: int,
           placed: int) -> object:
    if kind == 0:
        return Squat(player, owner, campsite, group, _PLACED[placed])
    if kind == 1:
        return AddCard(player, campsite, group, _PLACED[placed])
    if kind == 2:
        return SwapWild(player, owner, campsite, group, uc.FACES[face], _PLACED[placed])
    return BearAttack(player, owner, campsite, group, _PLACED[placed])


@given(st.lists(_FIELDS, min_size=1, max_size=30))
def test_a_shared_action_is_the_one_its_class_makes(asked: list[tuple[int, ...]]) -> None:
    """UC-7, UC-9, UC-10, UC-13: whatever was made before, a shared table action equals
    the class's own record of its fields (same type, same fields), and asking again
    gives the very record."""
    _cache.clear()
    made = [_shared(*fields) for fields in asked]
    for fields, action in zip(asked, made, strict=True):
        fresh = _fresh(*fields)
        assert type(action) is type(fresh) and action == fresh
        assert _shared(*fields) is action


def _table_actions(listed: list[uc.Action]) -> list[uc.Action]:
    return [a for a in listed if isinstance(a, _TABLE_KINDS)]


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 1), (4, 0), (4, 7), (5, 3),
                                               (6, 2)])
def test_a_listing_gets_back_the_records_of_equal_actions(players: int, seed: int) -> None:
    """UC-7, UC-9, UC-10, UC-13: along a random game, each seat's listing is the listing
    of empty memos, action by action and in order; and with the row tables emptied (as
    when a row changed), its table actions are the very records listed before."""
    rng = random.Random(seed)
    _cache.clear()
    shared = 0
    for state in random_walk(players, seed, 300)[::3]:
        if state.is_over:
            continue
        seat = rng.choice(sorted(state.actors))
        warm = state.legal_actions(seat)
        _cache.ROW_GROUPS.clear()
        _cache.ATTACKS.clear()
        again = _table_actions(state.legal_actions(seat))
        assert all(a is b for a, b in zip(again, _table_actions(warm), strict=True))
        shared += len(again)
        _cache.clear()
        assert state.legal_actions(seat) == warm
    assert shared


_FIELDS_PAST_THE_BITS = st.tuples(
    st.integers(0, 3), st.integers(-3, 40), st.integers(-3, 40), st.integers(-5, 200),
    st.integers(-5, 5000), st.integers(0, len(uc.FACES) - 1), st.integers(0, 95))
"""Fields a state built by hand may carry past the key's bits (a seat of 8 or more, a
group index of 1,024 or more, negatives)."""


@given(st.lists(_FIELDS_PAST_THE_BITS, min_size=1, max_size=30))
def test_an_action_past_the_keys_bits_is_never_taken_for_another(
        asked: list[tuple[int, ...]]) -> None:
    """UC-7, UC-13: a table action whose seat or group index lies past its bit field in
    the key (a hand-built state) is made afresh, never taken for an action kept before."""
    _cache.clear()
    for fields in asked:
        action = _shared(*fields)
        fresh = _fresh(*fields)
        assert type(action) is type(fresh) and action == fresh
    assert _frozen.squat(0, 1, 0, 1024, _PLACED[0]).group == 1024
    assert _frozen.squat(0, 1, 1, 0, _PLACED[0]).campsite == 1
