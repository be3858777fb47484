"""Hostile input to Unhappy Campers' entry points (the embedding contract: bad input
never corrupts a game, and every error a caller can meet is a ``CampersError``)."""

from __future__ import annotations

import json
import random

import pytest

import campers_rules as uc
from campers_rules._validate import problem


def _states_with_roasted() -> list[uc.State]:
    """Mid-round states of games where Roasted is played whenever it may be (UC-16)."""
    rng, states = random.Random(16), []
    for game in range(12):
        state = uc.new_game(2 + game % 5, game, uc.Config(rounds=1))
        while not state.is_over:
            states.append(state)
            legal = state.legal_actions(min(state.actors))
            roasts = [action for action in legal if isinstance(action, uc.Roasted)]
            state = state.apply(rng.choice(roasts or legal))
    return rng.sample(states, 60)


@pytest.mark.parametrize("state", _states_with_roasted())
def test_uc16_a_loaded_state_has_no_more_skips_than_its_turns_can_still_give(
        state: uc.State) -> None:
    """UC-16, UC-12 (embedding contract): at most one Roasted a turn, so the skips still
    to serve are at most the turns begun, less the current one while its action card is
    unplayed. A document with one skip more is refused; before, ``loads`` took it when the
    skips equalled the turns and the current turn's Roasted then made a state that its
    own check (and ``loads_view`` of its views) refused."""
    assert problem(state) is None
    document = json.loads(uc.dumps(state))
    room = state.turns_taken - (0 if state.action_played else 1) - sum(state.skips)
    seat = (state.turn + 1) % state.num_players
    document["state"]["skips"][seat] += room + 1
    with pytest.raises(uc.SerializationError, match="UC-16"):
        uc.loads(json.dumps(document))
    if room > 0:
        document["state"]["skips"][seat] -= 2
        assert uc.loads(json.dumps(document)).skips[seat] == state.skips[seat] + room - 1
