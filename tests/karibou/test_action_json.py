"""Actions as JSON (issue 10): a tagged union through cattrs, ``{"type": ..., ...}``.
Every action a state lists round-trips; malformed or tampered action JSON raises
SerializationError and nothing else."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import karibou_rules as kc
from tests.karibou.strategies import mutate, short_states_st, states_st, wrong_actions_st

DUCK, BEAR, ELK, SCOUT = kc.Card.DUCK, kc.Card.BEAR, kc.Card.ELK, kc.Card.SCOUT


@given(states_st | short_states_st, st.randoms(use_true_random=False))
def test_every_legal_action_round_trips_through_json(state: kc.State, rng: random.Random) -> None:
    """KC-4..KC-8, KC-14: loads_action(dumps(a)) == a for every action any seat may
    take, signs noticed by any subset of the other seats included."""
    for seat in range(state.num_players):
        actions = state.legal_actions(seat)
        others = [s for s in range(state.num_players) if s != seat]
        actions += [kc.Sign(seat, rng.choice(kc.SPECIES),
                            frozenset(s for s in others if rng.random() < 0.5))]  # fmt: skip
        for action in actions:
            text = kc.dumps(action)
            assert kc.loads_action(text) == action
            assert kc.loads_action(text.encode()) == action
            assert json.loads(text)["type"] == type(action).__name__


@pytest.mark.parametrize(
    ("action", "document"),
    [
        (kc.Reveal(0), {"type": "Reveal", "player": 0}),
        (kc.Exchange(2, BEAR, DUCK), {"type": "Exchange", "player": 2, "give": "Bear",
                                      "take": "Duck"}),
        (kc.PlayScout(6), {"type": "PlayScout", "player": 6}),
        (kc.CompleteHand(1, kc.PILE), {"type": "CompleteHand", "player": 1, "source": "pile"}),
        (kc.CompleteHand(1, ELK), {"type": "CompleteHand", "player": 1, "source": "Elk"}),
        (kc.Pass(3), {"type": "Pass", "player": 3}),
        (kc.Sign(1, DUCK), {"type": "Sign", "player": 1, "species": "Duck", "noticed_by": None}),
        (kc.Sign(1, DUCK, frozenset({3, 0})), {"type": "Sign", "player": 1, "species": "Duck",
                                              "noticed_by": [0, 3]}),
        (kc.Sign(1, DUCK, frozenset()), {"type": "Sign", "player": 1, "species": "Duck",
                                        "noticed_by": []}),
        (kc.PlacePawn(4, kc.ALL_ANIMALS, 4), {"type": "PlacePawn", "player": 4, "tile": "All",
                                             "named": 4}),
    ],
)  # fmt: skip
def test_action_documents(action: kc.Action, document: dict[str, Any]) -> None:
    """The documented JSON of each action kind: the "type" key names the class."""
    assert json.loads(kc.dumps(action)) == document
    assert next(iter(json.loads(kc.dumps(action)))) == "type"
    assert kc.loads_action(json.dumps(document)) == action


BAD_ACTIONS = [
    ("not JSON", "p0 pass"),
    ("not an object", "[1, 2]"),
    ("a bare number", "5"),
    ("no type", '{"player": 0}'),
    ("an unknown type", '{"type": "Draw", "player": 0}'),
    ("a type that is no string", '{"type": ["Pass"], "player": 0}'),
    ("a state class as type", '{"type": "State", "player": 0}'),
    ("a missing field", '{"type": "Exchange", "player": 0, "give": "Bear"}'),
    ("an extra key", '{"type": "Pass", "player": 0, "cheat": 1}'),
    ("a bool for a seat", '{"type": "Pass", "player": true}'),
    ("a float for a seat", '{"type": "Pass", "player": 1.0}'),
    ("text for a seat", '{"type": "Pass", "player": "1"}'),
    ("a negative seat", '{"type": "Pass", "player": -1}'),
    ("a seat past 7 players", '{"type": "Pass", "player": 7}'),
    ("a huge seat", '{"type": "Pass", "player": 1' + "0" * 40 + "}"),
    ("an int past the digit limit", '{"type": "Pass", "player": ' + "9" * 5000 + "}"),
    ("a bad card", '{"type": "Exchange", "player": 0, "give": "Moose", "take": "Duck"}'),
    ("a card as a number", '{"type": "Exchange", "player": 0, "give": 2, "take": "Duck"}'),
    ("a Scout given", '{"type": "Exchange", "player": 0, "give": "Scout", "take": "Duck"}'),
    ("a Scout taken", '{"type": "Exchange", "player": 0, "give": "Duck", "take": "Scout"}'),
    ("the same species", '{"type": "Exchange", "player": 0, "give": "Duck", "take": "Duck"}'),
    ("a completion with a Scout", '{"type": "CompleteHand", "player": 0, "source": "Scout"}'),
    ("a completion from nowhere", '{"type": "CompleteHand", "player": 0, "source": "deck"}'),
    ("a Scout sign", '{"type": "Sign", "player": 0, "species": "Scout"}'),
    ("a seat noticing twice", '{"type": "Sign", "player": 0, "species": "Duck", '
                              '"noticed_by": [1, 1]}'),
    ("the signer noticing", '{"type": "Sign", "player": 0, "species": "Duck", '
                            '"noticed_by": [0]}'),
    ("no seat noticing", '{"type": "Sign", "player": 0, "species": "Duck", '
                         '"noticed_by": [9]}'),
    ("a set as text", '{"type": "Sign", "player": 0, "species": "Duck", "noticed_by": "1"}'),
    ("a Scout tile", '{"type": "PlacePawn", "player": 0, "tile": "Scout", "named": 1}'),
    ("a pawn naming no seat", '{"type": "PlacePawn", "player": 0, "tile": "Duck", "named": 7}'),
    ("a pawn naming seat -1", '{"type": "PlacePawn", "player": 0, "tile": "Duck", "named": -1}'),
    ("a wrapped state document", '{"format": "karibou/1", "state": {}}'),
    ("deep nesting", "[" * 100_000),
    ("invalid UTF-8", b'{"type": "Pass", "player": 0\xff}'),
]  # fmt: skip


@pytest.mark.parametrize(("case", "text"), BAD_ACTIONS, ids=[case for case, _ in BAD_ACTIONS])
def test_malformed_action_json_is_rejected(case: str, text: str | bytes) -> None:
    """Unknown types, wrong field types, bools for ints, extra keys, bad card text and
    values no action of any game can hold raise SerializationError, with a short
    message."""
    with pytest.raises(kc.SerializationError) as caught:
        kc.loads_action(text)
    assert len(str(caught.value)) < 400


def _action_documents() -> list[dict[str, Any]]:
    documents = []
    for players, seed in ((3, 1), (5, 2), (7, 3)):
        state = kc.new_game(players, seed)
        for step in range(3):
            for seat in range(players):
                documents += [json.loads(kc.dumps(a)) for a in state.legal_actions(seat)[:40:7]]
            state = state.apply(state.legal_actions(step % players)[0])
    return documents


DOCUMENTS = _action_documents()
KINDS = ["Reveal", "Exchange", "PlayScout", "CompleteHand", "Pass", "Sign", "PlacePawn"]


@given(st.sampled_from(DOCUMENTS), st.data())
def test_tampered_action_json_gives_an_action_or_serialization_error(
    document: dict[str, Any], data: st.DataObject
) -> None:
    """Mutating an action document (replacing, deleting, duplicating nodes, adding keys)
    gives SerializationError or a valid action: one that prints back and round-trips."""
    document = json.loads(json.dumps(document))
    for _ in range(data.draw(st.integers(1, 3))):
        document = mutate(document, data)
    if data.draw(st.booleans()):
        document["type"] = data.draw(st.sampled_from(KINDS))
    try:
        action = kc.loads_action(json.dumps(document))
    except kc.SerializationError:
        return
    assert kc.loads_action(kc.dumps(action)) == action
    assert kc.parse_action(str(action)) == action


@given(wrong_actions_st)
def test_dumps_writes_only_actions_loads_action_reads(action: object) -> None:
    """dumps of a malformed action (or anything else) raises SerializationError; what
    it does write, loads_action reads back equal."""
    try:
        text = kc.dumps(action)  # type: ignore[arg-type]
    except kc.SerializationError:
        return
    assert kc.loads_action(text) == action


def test_loads_action_refuses_input_over_max_bytes() -> None:
    """loads_action takes max_bytes (default MAX_BYTES = 1 MiB) and refuses larger input
    at once, quoting a short prefix only."""
    text = kc.dumps(kc.Pass(2))
    assert kc.loads_action(text, max_bytes=len(text)) == kc.Pass(2)
    with pytest.raises(kc.SerializationError, match="bytes"):
        kc.loads_action(text, max_bytes=len(text) - 1)
    padded = text[:-1] + " " * kc.MAX_BYTES + "}"
    with pytest.raises(kc.SerializationError) as caught:
        kc.loads_action(padded)
    assert len(str(caught.value)) < 200
    assert kc.loads_action(padded, max_bytes=2 * kc.MAX_BYTES) == kc.Pass(2)
