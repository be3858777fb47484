"""A view offers its seat the seat's moves (issue 10), and a seat that does not exist is
refused by ``legal_actions`` as by ``apply`` (UC-2)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from tests.campers.game_strategies import random_walk, seeds


@given(st.integers(2, 6), seeds)
@settings(max_examples=25)
def test_uc23_view_legal_actions_equal_the_states_for_every_seat(players: int, seed: int) -> None:
    """UC-23, UC-14, UC-18: ``view.legal_actions()`` equals ``state.legal_actions(seat)``
    for every seat of every state of random games, also after the view's JSON round trip
    (the JSON carries what a client needs to show the seat its options)."""
    for state in random_walk(players, seed, 200):
        for seat in range(players):
            view = state.view(seat)
            legal = state.legal_actions(seat)
            assert view.legal_actions() == legal
            if legal or seat % 2 == 0:
                assert uc.loads_view(uc.dumps(view)).legal_actions() == legal


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_view_legal_actions_in_every_kind_of_decision(players: int) -> None:
    """UC-14, UC-13, UC-17, UC-18: the views agree in every kind of pending decision
    (ask-everyone windows included) met in long random games, and load back
    (``loads_view`` accepts every real view)."""
    kinds: set[type[object]] = set()
    for seed in range(6):
        config = uc.Config(rounds=2, turn_cap=60, ask_everyone=seed % 2 == 1)
        for state in random_walk(players, seed, 300, config):
            if state.pending is None:
                continue
            kinds.add(type(state.pending))
            for seat in range(players):
                view = state.view(seat)
                assert view.legal_actions() == state.legal_actions(seat)
                assert uc.loads_view(uc.dumps(view)) == view  # a real view is consistent
    assert uc.SprayWindow in kinds and uc.PassChoice in kinds


@pytest.mark.parametrize("seat", [7, -1, 4, True, "1", None, 1.0])
def test_uc2_legal_actions_of_a_seat_that_does_not_exist_raise_like_apply(seat: object) -> None:
    """UC-2: ``legal_actions`` of a non-seat raises NotYourTurnError, the error ``apply``
    raises for an action by that seat (or IllegalActionError for a non-int seat)."""
    state = uc.new_game(4, 1)
    with pytest.raises(uc.NotYourTurnError, match="no seat"):
        state.legal_actions(seat)  # type: ignore[arg-type]
    if type(seat) is int:
        with pytest.raises(uc.NotYourTurnError, match="no seat"):
            state.apply(uc.Draw(seat, 1))
    else:
        with pytest.raises(uc.IllegalActionError):
            state.apply(uc.Draw(seat, 1))  # type: ignore[arg-type]
