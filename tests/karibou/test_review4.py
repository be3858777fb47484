"""Review 4: hostile-client checks of the embedding API (issue 10) and the new rulings."""

from __future__ import annotations

import pytest

import karibou_rules as kr


@pytest.mark.parametrize("named", [10**5000, -(10**5000), 7, -1], ids=["huge", "-huge", "7", "-1"])
@pytest.mark.parametrize("players", [3, 5, 7])
def test_kc8_a_pawn_naming_a_seat_too_long_to_print_is_illegal(named: int, players: int) -> None:
    """KC-8: naming a seat that does not exist, even an int past Python's 4300-digit print
    limit, is a typed refusal (IllegalActionError, short message) and is_legal says False,
    never a plain ValueError; the state is unchanged."""
    state = kr.new_game(players, 1)
    text = kr.dumps(state)
    pawn = kr.PlacePawn(0, kr.ALL_ANIMALS, named)
    assert not state.is_legal(pawn)
    with pytest.raises(kr.IllegalActionError) as caught:
        state.apply(pawn, state.version)
    assert len(str(caught.value)) < 200
    assert kr.dumps(state) == text
