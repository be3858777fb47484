"""Hypothesis properties special to Karibou Camp, checked along random play."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

import karibou_rules as kc
from tests.karibou.strategies import short_states_st, states_st, wrong_actions_st

FULL = Counter(kc.DECK)


def _invariants(state: kc.State) -> None:
    placed = Counter(state.center + state.pile + state.discard)
    for hand in state.hands:
        placed.update(hand)
    assert placed == FULL, "KC-1: 56 cards, each in one place"
    for seat, (hand, team) in enumerate(zip(state.hands, state.teams, strict=True)):
        short = seat == state.scout_player
        assert len(hand) == kc.hand_size(team) - short, "KC-3: hand sizes 5 / Coyote 6"
        kinds = set(hand)
        full = len(hand) == kc.hand_size(team)
        is_family = full and len(kinds) == 1 and kc.Card.SCOUT not in kinds
        assert (state.family(seat) is not None) == is_family, "KC-9: family is exactly 5 / 6"


@given(states_st | short_states_st, st.integers(0, 2**32), st.integers(1, 40))
def test_invariants_along_play(state: kc.State, seed: int, steps: int) -> None:
    """KC-1, KC-3, KC-8, KC-9, KC-11: along any play, the 56 cards are conserved, hand
    sizes are fixed (5, Coyote 6, one short only while completing after a Scout), one
    Giga-pawn (each placement, and nothing else, scores exactly one round), scores never
    decrease, and a family is exactly 5 (Coyote 6) cards of one species."""
    rng = random.Random(seed)
    _invariants(state)
    for _ in range(steps):
        if state.is_over:
            assert max(state.scores) >= state.config.winning_score
            return
        player = rng.randrange(state.num_players)
        action = rng.choice(state.legal_actions(player))
        after = state.apply(action)
        _invariants(after)
        scored = len(after.round_results) - len(state.round_results)
        assert scored == (1 if isinstance(action, kc.PlacePawn) else 0)
        assert all(map(int.__le__, state.scores, after.scores))
        if scored:
            assert sum(after.scores) - sum(state.scores) == sum(after.round_results[-1].points)
        state = after


@given(states_st, st.integers(0, 6))
def test_apply_is_pure(state: kc.State, seat: int) -> None:
    """apply never changes the state it is called on (undo = keep the old state)."""
    player = seat % state.num_players
    before = kc.dumps(state)
    for action in state.legal_actions(player):
        state.apply(action)
    assert kc.dumps(state) == before


@given(states_st, st.integers(0, 6))
def test_is_legal_agrees_with_legal_actions(state: kc.State, seat: int) -> None:
    """is_legal accepts exactly the listed actions among all actions of the same shapes,
    and every Sign with any subset of the other seats as noticers."""
    player = seat % state.num_players
    listed = set(state.legal_actions(player))
    shapes: list[kc.Action] = [kc.Reveal(player), kc.PlayScout(player), kc.Pass(player),
                               kc.CompleteHand(player, kc.PILE)]  # fmt: skip
    shapes += [kc.Exchange(player, g, t) for g in kc.Card for t in kc.Card]
    shapes += [kc.CompleteHand(player, card) for card in kc.Card]
    shapes += [kc.Sign(player, card) for card in kc.Card]
    shapes += [kc.PlacePawn(player, tile, n) for tile in kc.TILES for n in range(state.num_players)]
    for action in shapes:
        assert state.is_legal(action) == (action in listed), action
    others = frozenset(range(state.num_players)) - {player}
    if not state.is_over:
        assert state.is_legal(kc.Sign(player, kc.Card.DUCK, others))
        assert state.is_legal(kc.Sign(player, kc.Card.DUCK, frozenset()))


@given(states_st | short_states_st, wrong_actions_st)
def test_wrongly_typed_actions_raise_the_typed_error(state: kc.State, action: object) -> None:
    """An action built with wrong types (a bool or -1 for a seat, a Card for a seat, an int
    for a Card, a list for a set...) is refused with IllegalActionError, never TypeError,
    KeyError or IndexError, and leaves the state unchanged; is_legal agrees."""
    before = kc.dumps(state)
    try:
        state.apply(action)  # type: ignore[arg-type]
    except kc.IllegalActionError:
        assert not state.is_legal(action)  # type: ignore[arg-type]
    else:
        assert state.is_legal(action)  # type: ignore[arg-type]
    assert kc.dumps(state) == before
