"""One envelope for both games (issue 28 item 2): a format tag, then the payload under its
kind, the payload of a state or view holding the state version (UC-32, KC-17); old
documents still read; a version ahead of the state refused as such, not as stale."""

from __future__ import annotations

import json
from typing import Any

import pytest

import campers_rules as uc
import karibou_rules as kc
from tests.test_one_protocol import walk

PACKAGES = {"campers": uc, "karibou": kc}
TAGS = {"campers": "campers/4", "karibou": "karibou/3"}
STARTS = range(552, 583)
"""The ids that open a build (start claim, start group, start rearrange, UC-7)."""


@pytest.mark.parametrize("name", PACKAGES)
@pytest.mark.parametrize("seed", [1, 8, 23])
def test_states_and_views_are_one_envelope_with_the_state_version(name: str, seed: int) -> None:
    """UC-32, KC-17: ``dumps`` of a state or view is ``{"format": TAG, kind: payload}`` in
    both packages, with no top-level version; the payload's ``version`` is the state's,
    the one ``apply`` takes (a client reading it is never refused as stale)."""
    package = PACKAGES[name]
    for state in walk(package, seed, steps=60)[::7]:
        documents = [("state", state)] + [("view", state.view(seat))
                                          for seat in range(state.num_players)]
        for kind, obj in documents:
            document = json.loads(package.dumps(obj))
            assert document == {"format": TAGS[name], kind: document[kind]}
            assert document[kind]["version"] == state.version
        for seat in sorted(state.actors)[:2]:
            version = json.loads(package.dumps(state.view(seat)))["view"]["version"]
            action = state.legal_actions(seat)[0]
            assert state.apply(action, version) == state.apply(action)


@pytest.mark.parametrize("name", PACKAGES)
def test_a_version_ahead_of_the_state_is_refused_as_such(name: str) -> None:
    """UC-32, KC-17 (the issue's case): an action sent against version 2 on a state at
    version 0 raises FutureVersionError (exported under one name by both packages, an
    IllegalActionError, not a StaleActionError) and leaves the state as it was; an
    earlier version is still stale."""
    package = PACKAGES[name]
    for seed in range(5):
        state = package.new_game(4, seed)
        seat = min(state.actors)
        action = state.legal_actions(seat)[0]
        saved = package.dumps(state)
        with pytest.raises(package.FutureVersionError) as caught:
            state.apply(action, 2)
        assert not isinstance(caught.value, package.StaleActionError)
        assert "ahead of the state" in str(caught.value)
        assert "stale" not in str(caught.value)
        assert (caught.value.sent, caught.value.current) == (2, 0)
        assert not state.is_legal(action, 2)
        assert package.dumps(state) == saved
        later = state.apply(action)
        with pytest.raises(package.StaleActionError):
            later.apply(later.legal_actions(min(later.actors))[0], -1)
    assert "FutureVersionError" in uc.__all__ and "FutureVersionError" in kc.__all__


@pytest.mark.parametrize("name", PACKAGES)
@pytest.mark.parametrize("seed", [2, 5])
def test_an_action_reads_alone_or_enveloped(name: str, seed: int) -> None:
    """Embedding contract: ``loads_action`` reads an action's tagged dict alone or in the
    envelope ``{"format": TAG, "action": ...}``; another tag, another game's tag, or a
    key beside the two is refused with SerializationError."""
    package = PACKAGES[name]
    other = TAGS["karibou" if name == "campers" else "campers"]
    state = walk(package, seed, steps=30)[-1]
    for seat in sorted(state.actors):
        for action in state.legal_actions(seat)[:20]:
            alone = json.loads(package.dumps(action))
            enveloped = {"format": TAGS[name], "action": alone}
            assert package.loads_action(json.dumps(enveloped)) == action
            for bad in ({"format": other, "action": alone},
                        {"format": TAGS[name] + "0", "action": alone},
                        {**enveloped, "version": 3}, {"format": TAGS[name]}):
                with pytest.raises(package.SerializationError):
                    package.loads_action(json.dumps(bad))


def _old_campers(text: str) -> str:
    """A Campers document in the envelope written before issue 28: format 3 with a build
    (or build steps taken), else format 2 without the build's keys."""
    document = json.loads(text)
    kind = "state" if "state" in document else "view"
    data = document[kind]
    form = 3 if data["building"] or data["build_step"] else 2
    if form == 2:
        del data["building"], data["build_step"]
    return json.dumps({"game": "unhappy-campers", "version": form, "kind": kind, "data": data})


@pytest.mark.parametrize("seed", [3, 9, 14])
def test_old_campers_documents_still_read(seed: int) -> None:
    """UC-32: the documents of the old envelope (formats 2 and 3, whose top-level
    ``version`` was the format) read to equal states and views; format 1 is held by
    ``test_action_json``. Builds are taken through the ids (format 3)."""
    walked = walk(uc, seed, steps=80)
    for state in walked[::9]:
        assert uc.loads(_old_campers(uc.dumps(state))) == state
        for seat in range(state.num_players):
            view = state.view(seat)
            assert uc.loads_view(_old_campers(uc.dumps(view))) == view
    builds = 0
    for state in walked:
        player = min(state.actors, default=0)
        starts = [i for i in state.legal_action_ids(player) if i in STARTS]
        if starts:
            building = state.apply_action_id(player, starts[0])
            assert json.loads(_old_campers(uc.dumps(building)))["version"] == 3
            assert uc.loads(_old_campers(uc.dumps(building))) == building
            builds += 1
    assert builds


def _missing(text: str, key: str) -> str:
    document: dict[str, Any] = json.loads(text)
    del document["state"][key]
    return json.dumps(document)


@pytest.mark.parametrize("key", ["version", "building", "build_step"])
def test_a_campers_payload_holds_its_version_and_build(key: str) -> None:
    """UC-32: in the envelope a state's payload must hold its version and its build (no
    default is read for them: the old envelope's format 1 alone had no version)."""
    text = uc.dumps(uc.new_game(3, 4))
    with pytest.raises(uc.SerializationError, match=f"missing key {key}"):
        uc.loads(_missing(text, key))


@pytest.mark.parametrize("name", PACKAGES)
def test_an_unknown_tag_or_shape_is_refused(name: str) -> None:
    """Malformed envelopes (another game's tag, an unknown format, an extra or missing
    key, the payload under another kind) raise SerializationError."""
    package = PACKAGES[name]
    state = package.new_game(4, 6)
    document = json.loads(package.dumps(state))
    other = TAGS["karibou" if name == "campers" else "campers"]
    for bad in ({**document, "format": other}, {**document, "format": name + "/99"},
                {**document, "version": 0}, {"format": TAGS[name]},
                {"format": TAGS[name], "view": document["state"]}):
        with pytest.raises(package.SerializationError):
            package.loads(json.dumps(bad))
