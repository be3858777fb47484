"""Review: malformed actions raise the package's typed error and leave the state unchanged."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

import campers_rules as uc
from tests.campers.game_strategies import random_walk

_JUNK: tuple[Any, ...] = (None, "x", -1, 99, 1.5, True, [], (), ("x",), object())


def _corrupted(action: Any) -> list[Any]:
    """The action with each field in turn replaced by a wrong-typed or out-of-range value."""
    out = []
    for field in attrs.fields(type(action)):
        for junk in _JUNK:
            out.append(attrs.evolve(action, **{field.name: junk}))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_uc6_malformed_actions_raise_typed_error_and_keep_state(seed: int) -> None:
    """UC-6: wrong-typed or out-of-range fields raise IllegalActionError, state unchanged."""
    rng = random.Random(seed)
    for state in random_walk(3, seed, 160)[::4]:
        if state.is_over:
            continue
        before = uc.dumps(state)
        actor = min(state.actors)
        legal = state.legal_actions(actor)
        for action in rng.sample(legal, min(4, len(legal))):
            for bad in _corrupted(action):
                with pytest.raises(uc.IllegalActionError):
                    state.apply(bad)
                assert not state.is_legal(bad)
        assert uc.dumps(state) == before


def test_uc23_loads_rejects_a_claim_limit_beyond_machine_size() -> None:
    """UC-23 (JSON): a tampered claim limit raises SerializationError, not a later ValueError."""
    document = json.loads(uc.dumps(uc.new_game(3, seed=1)))
    document["state"]["config"]["claim_limit"] = 10**30
    with pytest.raises(uc.SerializationError):
        uc.loads(json.dumps(document))


@pytest.mark.parametrize("seat", ["x", None, 1.5, True, -1, 2])
def test_uc23_view_and_legal_actions_of_a_non_seat(seat: Any) -> None:
    """UC-23, UC-2: a value that is not a seat gets no view and no listing: typed errors,
    NotYourTurnError for the listing as ``apply`` raises for such a seat (issue 10)."""
    state = uc.new_game(2, seed=0)
    with pytest.raises(uc.CampersError):
        state.view(seat)
    with pytest.raises(uc.NotYourTurnError, match="no seat"):
        state.legal_actions(seat)


@pytest.mark.parametrize("players", [2.5, "3", None, True])
def test_uc2_player_count_must_be_an_int(players: Any) -> None:
    """UC-2: a player count that is not an int from 2 to 6 raises PositionError."""
    with pytest.raises(uc.PositionError, match="UC-2"):
        uc.new_game(players, seed=1)


@pytest.mark.parametrize("seed", ["x", 1.5, None, True])
def test_uc2_new_game_refuses_a_seed_that_is_not_an_int(seed: object) -> None:
    """A seed that is not an int is refused with the package's PositionError."""
    with pytest.raises(uc.PositionError, match="seed must be an int"):
        uc.new_game(3, seed)  # type: ignore[arg-type]
