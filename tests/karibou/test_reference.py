"""Differential test: the engine's legal actions against a plain reference written
straight from the rulings (slow, obvious, independent of the engine's caches)."""

from __future__ import annotations

from hypothesis import given

import karibou_rules as kc
from tests.karibou.strategies import short_states_st, states_st


def reference_legal(state: kc.State, player: int) -> set[kc.Action]:
    """Every legal action of a seat, by the rulings' words (KC-4..KC-8, KC-14, KC-15)."""
    if state.is_over:
        return set()
    actions: set[kc.Action] = set()
    hand, center = state.hands[player], state.center
    if state.phase is kc.Phase.DEALT:
        actions.add(kc.Reveal(player))
    if state.phase is kc.Phase.EXCHANGE:
        for give in kc.SPECIES:
            for take in kc.SPECIES:
                if give != take and give in hand and take in center:
                    actions.add(kc.Exchange(player, give, take))
        if kc.Card.SCOUT in hand:
            actions.add(kc.PlayScout(player))
        if player not in state.passed:
            actions.add(kc.Pass(player))
    if state.phase is kc.Phase.SCOUT and player == state.scout_player:
        actions.add(kc.CompleteHand(player, kc.PILE))
        actions.update(kc.CompleteHand(player, c) for c in kc.SPECIES if c in center)
    actions.update(kc.Sign(player, species) for species in kc.SPECIES)
    coyote = state.teams[player] is kc.Team.COYOTE
    for named in range(state.num_players):
        if named == player and not coyote:
            continue  # a team player never names himself
        if named != player and state.teams[named] is kc.Team.COYOTE:
            continue  # nobody accuses the Coyote
        actions.update(kc.PlacePawn(player, tile, named) for tile in kc.TILES)
    return actions


@given(states_st | short_states_st)
def test_legal_actions_match_the_reference(state: kc.State) -> None:
    """KC-4..KC-8, KC-13..KC-15: the engine lists exactly the reference's actions."""
    for player in range(state.num_players):
        listed = state.legal_actions(player)
        assert set(listed) == reference_legal(state, player)
        assert len(listed) == len(set(listed))
