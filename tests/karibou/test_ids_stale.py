"""KC-17 on the id path (embedding contract, docs/karibou/api.rst): ``apply_action_id``
refuses a stale version before it reads the id, as Unhappy Campers does (UC-32)."""

from __future__ import annotations

from typing import Any

import pytest

import karibou_rules as kc


@pytest.mark.parametrize("action_id", [0, 11, 83, -1, 10**6, "0", 2.5])
@pytest.mark.parametrize("sent", [1, -1, 999, "0", 0.0])
def test_kc17_apply_action_id_checks_the_version_first(action_id: object, sent: object) -> None:
    """KC-17: any id (legal, illegal or no id at all) sent with a stale version raises
    StaleActionError naming the id and both versions, with a version ahead of the state
    FutureVersionError; the state is unchanged."""
    state = kc.new_game(5, 1)
    before = kc.dumps(state)
    ahead = type(sent) is int and sent > 0
    with pytest.raises(kc.FutureVersionError if ahead else kc.StaleActionError) as caught:
        state.apply_action_id(0, action_id, version=sent)  # type: ignore[arg-type]
    error: Any = caught.value
    assert (error.action, error.sent, error.current, error.ruling) == (action_id, sent, 0, "KC-17")
    if ahead:
        assert str(error) == (f"action ahead of the state {action_id}: sent against version "
                              f"{sent!r}, but the state is only at version 0 [KC-17]")
    else:
        assert str(error) == (f"stale action {action_id}: sent against version {sent!r}, the "
                              "state is at version 0 [KC-17]")
    assert kc.dumps(state) == before


@pytest.mark.parametrize("version", [None, 0])
def test_kc17_apply_action_id_with_the_current_version_is_apply(version: int | None) -> None:
    """KC-17: with the current version (or none) the id is read, then checked as ``apply``
    checks: a legal id applies, an unknown id and an illegal one are refused, not stale."""
    state = kc.new_game(5, 1)
    reveal = kc.action_id(kc.Reveal(2))
    assert state.apply_action_id(2, reveal, version) == state.apply(kc.Reveal(2))
    with pytest.raises(kc.IllegalActionError, match="no action has this id") as caught:
        state.apply_action_id(2, 10**6, version)
    assert type(caught.value) is kc.IllegalActionError
    with pytest.raises(kc.IllegalActionError, match="KC-14") as caught:
        state.apply_action_id(2, kc.action_id(kc.Pass(2)), version)
    assert type(caught.value) is kc.IllegalActionError
