"""Bad input never corrupts a game (KC-4, KC-7, KC-8): an action holding a forged card (an
``int.__new__(Card, n)``, equal to a card and none of them, of any value) or a field never
set (an action made by ``object.__new__``) is refused by ``is_legal`` without raising and
by ``apply`` with a typed error, the state unchanged."""

from __future__ import annotations

import pytest

import karibou_rules as kc
from karibou_rules import ALL_ANIMALS, Card, CompleteHand, Exchange, PlacePawn, Sign


def _forged(value: int) -> Card:
    return int.__new__(Card, value)


def _states() -> list[kc.State]:
    dealt = kc.new_game(5, 1)
    return [dealt, dealt.apply(kc.Reveal(0))]


@pytest.mark.parametrize("value", [0, 3, 6, 7, 8, 99, -1])
def test_a_forged_card_is_refused_in_every_field(value: int) -> None:
    fake = _forged(value)
    for state in _states():
        hand = state.hands[0]
        real = next(card for card in hand if card is not Card.SCOUT)
        actions: list[kc.Action] = [Exchange(0, fake, state.center[0]), Exchange(0, real, fake),
                   Sign(0, fake), CompleteHand(0, fake), PlacePawn(0, fake, 1)]
        for action in actions:
            assert state.is_legal(action) is False
            with pytest.raises(kc.IllegalActionError):
                state.apply(action)
        assert all(type(card) is Card and card is Card(card) for h in state.hands for card in h)


@pytest.mark.parametrize("kind", [kc.Reveal, kc.Pass, kc.PlayScout, Exchange, Sign,
                                  CompleteHand, PlacePawn])
def test_an_action_with_no_field_set_is_refused(kind: type[kc.Action]) -> None:
    for state in _states():
        action = object.__new__(kind)
        assert state.is_legal(action) is False
        with pytest.raises(kc.NotYourTurnError):
            state.apply(action)


def test_real_members_still_pass_the_shape_check() -> None:
    """The same actions with the real members stay legal where the rules allow them."""
    state = _states()[0]
    assert state.is_legal(Sign(0, Card.ELK)) and state.is_legal(PlacePawn(0, ALL_ANIMALS, 1))
