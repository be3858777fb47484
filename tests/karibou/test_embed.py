"""Issue 10 (safe to embed): a client lists its options from its view; no seat is a typed
error; untrusted text (state, view, action) is bounded in size and only ever raises the
package's typed errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import karibou_rules as kc
from tests.karibou.strategies import short_states_st, states_st


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@settings(max_examples=10)
@given(seed=st.integers(0, 2**32), pawn_rate=st.sampled_from([0.0, 0.02, 0.3]))
def test_view_legal_actions_equal_the_states_at_every_step(
    players: int, seed: int, pawn_rate: float
) -> None:
    """KC-12, KC-13: at every step of random play, for every seat, the view lists the
    same legal actions in the same order as the state, and so does the view read back
    from its JSON (the view carries what a client needs to list its options)."""
    rng = random.Random(seed)
    state = kc.new_game(players, seed)
    for step in range(300):
        for seat in range(players):
            view = state.view(seat)
            expected = state.legal_actions(seat)
            assert view.legal_actions() == expected
            if step % 8 == seat or state.is_over:
                assert kc.loads_view(kc.dumps(view)).legal_actions() == expected
        if state.is_over:
            assert all(not state.view(seat).legal_actions() for seat in range(players))
            return
        options = state.legal_actions(rng.randrange(players))
        calm = [a for a in options if not isinstance(a, kc.PlacePawn)]
        state = state.apply(rng.choice(options if rng.random() < pawn_rate else calm))


@given(states_st | short_states_st)
def test_view_legal_actions_in_reached_states(state: kc.State) -> None:
    """KC-12: the same in states reached by long rounds (Scouts, refills, passes)."""
    for seat in range(state.num_players):
        assert state.view(seat).legal_actions() == state.legal_actions(seat)


NO_SEATS = [-1, -5, 5, 7, 100, 10**5000, True, False, None, "0", 1.0, kc.Card.ELK]


@pytest.mark.parametrize(
    "seat", NO_SEATS, ids=[f"{type(seat).__name__}{i}" for i, seat in enumerate(NO_SEATS)]
)
def test_legal_actions_of_no_seat_raise_the_error_apply_raises(seat: object) -> None:
    """KC-2: legal_actions of something that is not a seat (out of range, a bool, a
    float, text, an int past the digit limit) raises NotYourTurnError, as apply does for
    an action by that seat; in a finished game too. Its message is short."""
    state = kc.new_game(5, seed=4)
    with pytest.raises(kc.NotYourTurnError) as by_apply:
        state.apply(kc.Pass(seat))  # type: ignore[arg-type]
    with pytest.raises(kc.NotYourTurnError, match="no seat") as by_query:
        state.legal_actions(seat)  # type: ignore[arg-type]
    assert type(by_query.value) is type(by_apply.value)
    assert by_query.value.ruling == "KC-2" and len(str(by_query.value)) < 120
    over = kc.new_game(4, seed=5, config=kc.Config(winning_score=1))
    opponent = next(s for s in (1, 2) if s != over.teammate(0))
    over = over.apply(kc.PlacePawn(0, kc.Card.DUCK, opponent))
    with pytest.raises(kc.NotYourTurnError):
        over.legal_actions(seat)  # type: ignore[arg-type]
    with pytest.raises(kc.IllegalActionError):
        over.apply(kc.Pass(seat))  # type: ignore[arg-type]
    assert [over.legal_actions(s) for s in range(4)] == [[], [], [], []]
