"""Review of the third performance round (issue 5): typed errors, caches, the apply memo."""

from __future__ import annotations

from typing import Any

import pytest

import campers_rules as uc
from campers_rules import _cache
from campers_rules._groups import Placed, sorted_group
from tests.campers.forging import forged_placed

_BAD_NUMBERS: tuple[Any, ...] = ("7", 7.0, None, uc.WILD)


@pytest.mark.parametrize("number", _BAD_NUMBERS)
def test_uc6_a_placed_card_with_a_wrongly_typed_number_raises_the_typed_error(
    number: Any,
) -> None:
    """UC-6: a placed card counting as a non-int number (which the constructor refuses:
    one forged around it) is refused with IllegalActionError, in the compiled build too
    (there, reading an ``int`` attribute of a non-native class raised TypeError)."""
    placed = Placed.natural(uc.natural(uc.Color.BLUE, 7))
    with pytest.raises(uc.ParseError):
        Placed(placed.face, placed.color, number)
    bad = forged_placed(placed, face=placed.face, color=placed.color, number=number)
    state = uc.new_game(4, seed=3)
    state = state.apply(state.legal_actions(state.turn)[0])
    before = uc.dumps(state)
    turn = state.turn
    other = (turn + 1) % 4
    actions: list[Any] = [
        uc.AddCard(turn, 0, 0, bad),
        uc.Squat(turn, other, 0, 0, bad),
        uc.BearAttack(turn, other, 0, 0, bad),
        uc.SwapWild(turn, other, 0, 0, uc.natural(uc.Color.BLUE, 7), bad),
        uc.AddGroup(turn, 0, sorted_group(uc.GroupKind.SET, (placed, placed, bad))),
    ]
    for action in actions:
        with pytest.raises(uc.IllegalActionError, match="is not a"):
            state.apply(action)
        assert not state.is_legal(action)
    assert uc.dumps(state) == before


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
