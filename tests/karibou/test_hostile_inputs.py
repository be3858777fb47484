"""Hostile input to Karibou Camp's entry points: a seat or an object that no text can print
is refused with the package's typed error, never a plain ValueError."""

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


def test_kc2_a_foreign_object_that_cannot_print_is_a_typed_refusal() -> None:
    """KC-2, KC-13: apply refuses an object that is not a Karibou Camp action, and
    legal_actions and view refuse a seat that is no seat, with the package's errors, even
    when the object's str and repr raise (the message names its type, short)."""

    class Hostile:
        def __str__(self) -> str:
            raise RuntimeError("no text")

        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    state = kr.new_game(4, 2)
    assert not state.is_legal(Hostile())  # type: ignore[arg-type]
    for call in (
        lambda: state.apply(Hostile()),  # type: ignore[arg-type]
        lambda: state.apply(Hostile(), state.version + 1),  # type: ignore[arg-type]
        lambda: state.legal_actions(Hostile()),  # type: ignore[arg-type]
        lambda: state.view(Hostile()),  # type: ignore[arg-type]
    ):
        with pytest.raises(kr.KaribouError) as caught:
            call()
        assert "Hostile" in str(caught.value) and len(str(caught.value)) < 200
