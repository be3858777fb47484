"""JSON: round trips, and refusal of malformed or tampered documents with
SerializationError only, never another exception and never an impossible state."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._validate import problem
from tests.campers.game_strategies import RUN_FOUR, g, play, players, random_walk, seeds

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 130) | st.floats(allow_nan=False)
    | st.sampled_from(["B7", "W", "W=B7", "SET B5 Y5 R5", "draw", "Squat", "", "c01"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=6,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += _paths(value, (*prefix, index))
    return out


def _replace(node: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(node, dict):
        return {**node, head: _replace(node[head], rest, value)}
    copy = list(node)
    copy[head] = _replace(node[head], rest, value)
    return copy


@given(players, seeds, st.integers(0, 100))
def test_round_trip(players: int, seed: int, steps: int) -> None:
    """A state equals its JSON round trip."""
    state = random_walk(players, seed, steps)[-1]
    assert uc.loads(uc.dumps(state)) == state


@given(players, seeds, st.integers(0, 100), st.data())
def test_tampered_json_raises_serialization_error_only(
    players: int, seed: int, steps: int, data: st.DataObject
) -> None:
    """Any one value of a real state's JSON replaced: either still a consistent state, or
    SerializationError; never another exception."""
    document = json.loads(uc.dumps(random_walk(players, seed, steps)[-1]))
    path = data.draw(st.sampled_from(_paths(document)))
    tampered = _replace(document, path, data.draw(json_values))
    try:
        state = uc.loads(json.dumps(tampered))
    except uc.SerializationError:
        return
    assert problem(state) is None
    for actor in state.actors:  # an accepted state plays on like any other
        for action in state.legal_actions(actor)[:10]:
            state.apply(action)


@pytest.mark.parametrize("text", ["", "[]", "{", "null", '"x"', "1e999", '{"game": 1}'])
def test_malformed_text(text: str) -> None:
    """Text that is not a state document raises SerializationError."""
    with pytest.raises(uc.SerializationError):
        uc.loads(text)


def _document() -> dict[str, Any]:
    table = [[(4, [g("SET B5 Y5 R5")])], []]
    state = uc.from_position(["G9 G8", "G3"], phase=uc.Phase.PLAY, table=table)
    document: dict[str, Any] = json.loads(uc.dumps(state))
    return document


def test_card_in_two_places_is_refused() -> None:
    """A card added twice (126-card conservation) is refused."""
    document = _document()
    document["data"]["hands"][1].append("G9")
    with pytest.raises(uc.SerializationError, match="126 cards"):
        uc.loads(json.dumps(document))


def test_campsite_in_two_places_is_refused() -> None:
    """A campsite both owned and in the campground is refused."""
    document = _document()
    document["data"]["campground"].append("c05")
    with pytest.raises(uc.SerializationError, match="15 campsites"):
        uc.loads(json.dumps(document))


def test_invalid_group_is_refused() -> None:
    """A group that is not valid (UC-4) is refused."""
    document = _document()
    document["data"]["table"][0][0]["groups"] = ["SET B5 Y5 R6"]
    deck = document["data"]["deck"]
    deck[deck.index("R6")] = "R5"
    with pytest.raises(uc.SerializationError, match="invalid group"):
        uc.loads(json.dumps(document))


def test_game_over_state_round_trips() -> None:
    """A finished game serializes and reads back."""
    state = uc.play_game(uc.new_game(2, 1, uc.Config(rounds=1)), [uc.RandomBot()] * 2, 1)
    assert uc.loads(uc.dumps(state)) == state


def _window() -> dict[str, Any]:
    """A Roasted under a Bear Spray window waiting on seat 2 (the only holder)."""
    state = uc.from_position(["Roasted B2", "G3", "BearSpray G4"], phase=uc.Phase.PLAY)
    document: dict[str, Any] = json.loads(uc.dumps(play(state, "p0 play Roasted 1")))
    return document


def test_uc14_window_waiting_on_a_non_holder_is_refused() -> None:
    """UC-14: by default only Bear Spray holders are asked; a window waiting on another
    player is not a reachable state."""
    document = _window()
    document["data"]["pending"]["waiting"] = [1, 2]
    with pytest.raises(uc.SerializationError, match="UC-14"):
        uc.loads(json.dumps(document))


def test_uc12_window_whose_card_is_not_on_the_discard_pile_is_refused() -> None:
    """UC-12, UC-14: a played action card lies on the discard pile under the sprays."""
    document = _window()
    discard = document["data"]["discard"]
    deck = document["data"]["deck"]
    discard[-1], deck[-1] = deck[-1], discard[-1]
    assert discard[-1] != "Roasted"
    with pytest.raises(uc.SerializationError, match="UC-12"):
        uc.loads(json.dumps(document))


def test_uc24_repair_choice_on_an_undamaged_campsite_is_refused() -> None:
    """UC-13, UC-24: a repair choice exists only while its campsite is damaged."""
    table = [[], [(RUN_FOUR, [g("RUN B4 Y5 R6 B7")])], []]
    state = uc.from_position(["BearAttack B2", "G7 Y3", "B5"], phase=uc.Phase.PLAY, table=table)
    document: dict[str, Any] = json.loads(uc.dumps(play(state, "p0 play BearAttack 1:c03.0 B7")))
    data = document["data"]
    data["table"][1][0]["groups"] = ["RUN Y3 B4 Y5 R6"]
    data["hands"][1].remove("Y3")
    data["deck"].append("B7")
    data["hands"][0].remove("B7")
    data["hands"][0].append(data["deck"].pop(0))
    data["hands"][0].sort(key=lambda c: uc.Card.parse(c))
    with pytest.raises(uc.SerializationError, match="UC-13"):
        uc.loads(json.dumps(document))
