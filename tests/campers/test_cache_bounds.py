"""The engine's bounded caches change no answer: listing with them warm, or with every
cache emptied, gives the same legal actions (UC-7, UC-11, UC-13)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _cache, _solving


def _listed_cold(state: uc.State, player: int) -> list[uc.Action]:
    """The legal actions computed with every memo of :mod:`campers_rules._cache` emptied,
    the memos then put back as they were (so later steps still meet entries left by other
    seats and states)."""
    memos = _cache.memos()
    kept = {name: dict(memo) for name, memo in memos.items()}
    _cache.clear()
    try:
        return state.legal_actions(player)
    finally:
        for name, memo in memos.items():
            memo.clear()
            memo.update(kept[name])


@settings(max_examples=6, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_cold_caches_list_the_same_actions(players: int, seed: int) -> None:
    """UC-7, UC-11, UC-13: every step of a whole random game lists the same actions, in the same
    order, with warm caches as with every cache emptied first; the squats and Bear Attacks
    kept per slot and per row equal freshly built ones."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed)
    for _ in range(5000):
        if state.is_over:
            break
        actor = min(state.actors)
        warm = state.legal_actions(actor)
        again = state.legal_actions(actor)
        cold = _listed_cold(state, actor)
        assert warm == again == cold
        state = state.apply(warm[rng.randrange(len(warm))])


def test_new_groups_of_a_read_hand_equal_new_groups() -> None:
    """UC-7: the new groups of a hand read once by ``playing`` equal those of the hand."""
    state = uc.new_game(4, 7)
    hand = state.hands[0]
    for face in uc.CATALOGUE:
        expected = _solving.new_groups(hand, face, "native", 128)
        _cache.clear()
        assert _solving.new_groups_of(_solving.playing(hand), face, "native", 128) == expected


def test_per_campsite_solver_caches_stay_bounded_across_loaded_states() -> None:
    """A server that loads each state from JSON gets new Campsite objects every time: no
    memo keeps every one of them (a campsite's tables are compiled into it, and the memos
    that key on a requirement key on its value)."""
    state = uc.new_game(4, seed=3)
    state = state.apply(state.legal_actions(state.turn)[0])
    text = uc.dumps(state)
    for _ in range(600):
        loaded = uc.loads(text)
        loaded.legal_actions(loaded.turn)
    assert all(len(memo) <= _cache.LIMIT for memo in _cache.memos().values())
