"""Actions as JSON (issue 10) and one numbering for campsites, the printed ids c01..c15
(UC-3): in the text forms, the JSON and the error messages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._actions import Action
from tests.campers.game_strategies import g, play, players, random_walk, seeds

ACTION_CLASSES = Action.__args__
FORMAT_1 = Path(__file__).parent / "data" / "format1.json"


def _listed(players: int, seed: int, steps: int = 150) -> list[uc.Action]:
    out: list[uc.Action] = []
    for state in random_walk(players, seed, steps)[::2]:
        for actor in sorted(state.actors):
            out.extend(state.legal_actions(actor))
    return out


@given(players, seeds)
@settings(max_examples=30)
def test_every_listed_action_round_trips_through_json(players: int, seed: int) -> None:
    """Every action ``legal_actions`` lists in random games: ``loads_action(dumps(a)) == a``,
    the JSON is a dict tagged by the class name, and campsites appear by id (UC-3)."""
    for action in _listed(players, seed):
        text = uc.dumps(action)
        data = json.loads(text)
        assert data["type"] == type(action).__name__ and data["player"] == action.player
        if hasattr(action, "campsite"):
            assert data["campsite"] == f"c{action.campsite + 1:02d}"
        assert uc.loads_action(text) == action
        assert uc.loads_action(text.encode()) == action


def _one_of_each() -> list[uc.Action | uc.Step]:
    """One action of every class of the vocabulary, from its text form."""
    texts = [
        "p1 draw 2", "p1 take", "p1 discard B7", "p1 claim c10 [SET B5 Y5 R5]",
        "p1 add c05.0 W=G5", "p1 group c05 [SET B9 Y9 R9]", "p1 squat 0:c03.0 W=B8",
        "p1 swap 0:c03.0 R6 W=R6", "p1 rearrange c06 [RUN B2 B3 B4 B5] ; c03 [RUN B6 B7 B8 B9]",
        "p1 play BearAttack 0:c03.0 B7", "p1 play Smores", "p1 play Roasted 2",
        "p1 play GoFishing 0 color:Y", "p1 play LostCamper", "p1 play TrashPanda 3 G4",
        "p1 spray", "p1 decline", "p1 repair W=B5", "p1 fall", "p1 give Y3", "p1 pass B2",
    ]
    return [uc.parse_action(t) for t in texts]


def test_every_action_class_round_trips_through_json_and_text() -> None:
    """Each of the 21 action classes: JSON and text round trips (UC-3 ids in both)."""
    actions = _one_of_each()
    assert {type(a) for a in actions} == set(ACTION_CLASSES)
    for action in actions:
        assert uc.loads_action(uc.dumps(action)) == action
        assert uc.parse_action(str(action)) == action


def test_uc3_a_claim_is_written_with_the_printed_id() -> None:
    """UC-3: ``p1 claim c10 [...]`` claims c10 (catalogue index 9) in text, JSON and
    play-by-play alike; a bare number is not a campsite."""
    claim = uc.parse_action("p1 claim c10 [SET B5 Y5 R5]")
    assert isinstance(claim, uc.Claim) and claim.campsite == 9
    assert uc.CATALOGUE[claim.campsite].id == "c10"
    assert str(claim) == "p1 claim c10 [SET B5 Y5 R5]"
    assert json.loads(uc.dumps(claim))["campsite"] == "c10"
    with pytest.raises(uc.ParseError, match=r"c01\.\.c15"):
        uc.parse_action("p1 claim 9 [SET B5 Y5 R5]")
    state = uc.from_position(["G2 G3 G5 G9 B7", "G3"], phase=uc.Phase.PLAY)
    mine = cast(uc.Action, uc.parse_action("p0 claim c10 [COLOR GROUP G2 G3 G5 G9]"))
    assert str(mine) in [str(a) for a in state.legal_actions(0)]
    after = state.apply(mine)
    assert [s.campsite for s in after.table[0]] == [9]
    assert "campsite c10" in uc.describe_action(state, mine, after)


def test_uc3_error_messages_name_campsites_by_id() -> None:
    """UC-3, UC-7: an illegal action's message names the campsite by its printed id."""
    table = [[(4, [g("SET B5 Y5 R5")])], []]
    state = uc.from_position(["G9 G8", "G3"], phase=uc.Phase.PLAY, table=table)
    with pytest.raises(uc.IllegalActionError, match="campsite c05 has no group 3"):
        play(state, "p0 add c05.3 G9")
    with pytest.raises(uc.IllegalActionError, match="owns no campsite c06"):
        play(state, "p0 add c06.0 G9")
    with pytest.raises(uc.IllegalActionError, match="campsite c05 is not in the campground"):
        play(state, "p0 claim c05 [SET G9 G8 G3]")


_TAMPER = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(allow_nan=False),
    st.text(max_size=8), st.sampled_from(["c00", "c16", "C10", "c1", "B7", "W=B7", "x"]),
    st.lists(st.integers(0, 20), max_size=3), st.dictionaries(st.text(max_size=4), st.none()),
)


@given(players, seeds, st.data())
@settings(max_examples=60)
def test_tampered_action_json_raises_serialization_error_only(
    players: int, seed: int, data: st.DataObject
) -> None:
    """Action JSON with one key's value replaced, a key added or removed, or the type
    renamed: either an action of the vocabulary again, or SerializationError."""
    listed = _listed(players, seed, 60)
    document: dict[str, Any] = json.loads(uc.dumps(data.draw(st.sampled_from(listed))))
    how = data.draw(st.sampled_from(["value", "add", "drop", "type"]))
    key = data.draw(st.sampled_from(sorted(document)))
    if how == "value":
        document[key] = data.draw(_TAMPER)
    elif how == "add":
        document[data.draw(st.text(max_size=6))] = data.draw(_TAMPER)
    elif how == "drop":
        del document[key]
    else:
        document["type"] = data.draw(st.sampled_from([c.__name__ for c in ACTION_CLASSES]))
    try:
        action = uc.loads_action(json.dumps(document))
    except uc.SerializationError as error:
        assert len(str(error)) < 300
        return
    assert type(action) in ACTION_CLASSES
    assert uc.loads_action(uc.dumps(action)) == action


@pytest.mark.parametrize(
    "text",
    [
        "", "[]", "null", "{", '{"type": 1}', '{"type": "Draw"}', '{"type": "draw", "player": 0}',
        '{"type": "Draw", "player": true, "count": 1}',
        '{"type": "Draw", "player": 0, "count": 1.0}',
        '{"type": "Draw", "player": 0, "count": 3}',
        '{"type": "Draw", "player": -1, "count": 1}',
        '{"type": "Draw", "player": ' + "9" * 5000 + ', "count": 1}',
        '{"type": "Draw", "player": 0, "count": 1, "extra": 0}',
        '{"type": "Discard", "player": 0, "card": "X9"}',
        '{"type": "Claim", "player": 0, "campsite": 9, "groups": ["SET B5 Y5 R5"]}',
        '{"type": "Claim", "player": 0, "campsite": "c16", "groups": ["SET B5 Y5 R5"]}',
        '{"type": "Claim", "player": 0, "campsite": "c10", "groups": "SET B5 Y5 R5"}',
        '{"type": "Rearrange", "player": 0, "layout": [["c01"]]}',
        '{"type": "GoFishing", "player": 0, "target": 1, "request": "colour:B"}',
        '{"type": "TrashPanda", "player": 0, "depth": 5, "card": "B7"}',
        '{"type": "State", "player": 0}',
    ],
)
def test_malformed_action_json_raises_serialization_error(text: str) -> None:
    """Unknown type, wrong field types (a bool or a float for an int), missing or extra
    keys, bad card text, unknown campsite ids and out-of-range numbers."""
    with pytest.raises(uc.SerializationError):
        uc.loads_action(text)


def test_action_json_longer_than_max_bytes_is_refused_at_once() -> None:
    """``loads_action`` refuses text longer than ``max_bytes`` before parsing it."""
    text = uc.dumps(uc.Draw(0, 1))
    assert uc.loads_action(text, max_bytes=len(text)) == uc.Draw(0, 1)
    with pytest.raises(uc.SerializationError, match="exceeds"):
        uc.loads_action(text + " " * uc.MAX_BYTES)
    with pytest.raises(uc.SerializationError, match="exceeds"):
        uc.loads_action(text, max_bytes=len(text) - 1)


def test_format_1_documents_still_load() -> None:
    """Documents of format 1 (campsites as catalogue indexes, no state version), written
    before issue 10, load: into the same game, at version 0, and write back as format 2."""
    stored = json.loads(FORMAT_1.read_text())
    for kind, document in stored["states"].items():
        assert document["version"] == 1
        state = uc.loads(json.dumps(document))
        assert state.version == 0
        data = document["data"]
        assert state.campground == tuple(data["campground"]) and state.pile == tuple(data["pile"])
        assert [s.campsite for row in state.table for s in row] == [
            s["campsite"] for row in data["table"] for s in row
        ]
        pending = state.pending
        if kind == "SprayWindow":
            assert isinstance(pending, uc.SprayWindow)
            assert pending.play.campsite == data["pending"]["play"]["campsite"]  # type: ignore[union-attr]
        else:
            assert isinstance(pending, uc.RepairChoice)
            assert pending.campsite == data["pending"]["campsite"]
        again = json.loads(uc.dumps(state))
        assert again["version"] == 2
        assert again["data"]["campground"] == [f"c{c + 1:02d}" for c in data["campground"]]
        assert uc.loads(json.dumps(again)) == state
        assert [str(a) for p in sorted(state.actors) for a in state.legal_actions(p)] == (
            stored["texts"][kind]
        )
    for document in stored["views"].values():
        view = uc.loads_view(json.dumps(document))
        assert view.version == 0 and uc.loads_view(uc.dumps(view)) == view


def test_state_json_names_campsites_by_id() -> None:
    """UC-3: the state and view JSON of format 2 name every campsite by id."""
    for state in random_walk(4, 7, 300)[::25]:
        data = json.loads(uc.dumps(state))["data"]
        ids = {f"c{i:02d}" for i in range(1, 16)}
        assert set(data["campground"]) <= ids and set(data["pile"]) <= ids
        assert all(s["campsite"] in ids for row in data["table"] for s in row)
        view = json.loads(uc.dumps(state.view(0)))["data"]
        assert set(view["campground"]) <= ids


def test_dumps_refuses_other_objects() -> None:
    """``dumps`` takes a state, a view or an action."""
    for other in (object(), 1, "p1 draw 1", attrs.make_class("Draw", ["player"])(1)):
        with pytest.raises(uc.SerializationError):
            uc.dumps(other)  # type: ignore[arg-type]
