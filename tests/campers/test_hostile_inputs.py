"""Hostile input to Unhappy Campers' entry points (the embedding contract: bad input
never corrupts a game, and every error a caller can meet is a ``CampersError``)."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

import campers_rules as uc
from campers_rules._validate import problem
from tests.campers.game_strategies import random_walk


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
    document["data"]["skips"][seat] += room + 1
    with pytest.raises(uc.SerializationError, match="UC-16"):
        uc.loads(json.dumps(document))
    if room > 0:
        document["data"]["skips"][seat] -= 2
        assert uc.loads(json.dumps(document)).skips[seat] == state.skips[seat] + room - 1


def test_uc2_an_action_or_seat_too_long_to_print_is_a_typed_refusal() -> None:
    """UC-2, UC-6: an action built with an int past Python's 4300-digit print limit in any
    field (seat, count, campsite, group, card) is refused with IllegalActionError (a short
    message) by apply, False from is_legal, and legal_actions of such a seat raises
    NotYourTurnError, as for any seat that does not exist; never a plain ValueError."""
    import random

    import attrs

    rng = random.Random(3)
    state = uc.new_game(3, 5, uc.Config(rounds=1, turn_cap=60))
    kinds: dict[type[uc.Action], uc.Action] = {}
    while not state.is_over and len(kinds) < 12:
        options = state.legal_actions(min(state.actors))
        for option in options:
            kinds.setdefault(type(option), option)
        state = state.apply(rng.choice(options))
    huge = 10**5000
    with pytest.raises(uc.NotYourTurnError):
        state.legal_actions(huge)
    for action in kinds.values():
        for field in attrs.fields(type(action)):
            bad = attrs.evolve(action)
            object.__setattr__(bad, field.name, huge)
            assert not state.is_legal(bad)
            with pytest.raises(uc.IllegalActionError) as caught:
                state.apply(bad)
            assert len(str(caught.value)) < 300


def test_uc6_a_foreign_object_that_cannot_print_is_refused_as_no_action() -> None:
    """UC-6: apply and is_legal refuse any object that is not an Unhappy Campers action with
    IllegalActionError / False, even one whose str and repr raise; the message stays short."""

    class Hostile:
        def __str__(self) -> str:
            raise RuntimeError("no text")

        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    state = uc.new_game(3, 2)
    assert not state.is_legal(Hostile())  # type: ignore[arg-type]
    with pytest.raises(uc.IllegalActionError) as caught:
        state.apply(Hostile())  # type: ignore[arg-type]
    assert "Hostile" in str(caught.value) and len(str(caught.value)) < 200


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
    document["data"]["config"]["claim_limit"] = 10**30
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
    with pytest.raises(uc.PositionError, match="a seed is an int from 0 to"):
        uc.new_game(3, seed)  # type: ignore[arg-type]
