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
