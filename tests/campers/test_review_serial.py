"""Review: JSON that describes a pending decision the rules cannot reach is refused (UC-14,
UC-13, UC-24) with SerializationError."""

from __future__ import annotations

import json
from typing import Any

import pytest

import campers_rules as uc
from tests.campers.game_strategies import RUN_FOUR, g, play


def _window() -> dict[str, Any]:
    """A Roasted under a Bear Spray window waiting on seat 2 (the only holder)."""
    state = uc.from_position(["Roasted B2", "G3", "BearSpray G4"], phase=uc.Phase.PLAY)
    document: dict[str, Any] = json.loads(uc.dumps(play(state, "p0 play Roasted 1")))
    return document


def test_uc14_window_waiting_on_a_non_holder_is_refused() -> None:
    """UC-14: by default only Bear Spray holders are asked; a window waiting on another
    player is not a reachable state."""
    document = _window()
    document["state"]["pending"]["waiting"] = [1, 2]
    with pytest.raises(uc.SerializationError, match="UC-14"):
        uc.loads(json.dumps(document))


def test_uc12_window_whose_card_is_not_on_the_discard_pile_is_refused() -> None:
    """UC-12, UC-14: a played action card lies on the discard pile under the sprays."""
    document = _window()
    discard = document["state"]["discard"]
    deck = document["state"]["deck"]
    discard[-1], deck[-1] = deck[-1], discard[-1]
    assert discard[-1] != "Roasted"
    with pytest.raises(uc.SerializationError, match="UC-12"):
        uc.loads(json.dumps(document))


def test_uc24_repair_choice_on_an_undamaged_campsite_is_refused() -> None:
    """UC-13, UC-24: a repair choice exists only while its campsite is damaged."""
    table = [[], [(RUN_FOUR, [g("RUN B4 Y5 R6 B7")])], []]
    state = uc.from_position(["BearAttack B2", "G7 Y3", "B5"], phase=uc.Phase.PLAY, table=table)
    document: dict[str, Any] = json.loads(uc.dumps(play(state, "p0 play BearAttack 1:c03.0 B7")))
    data = document["state"]
    data["table"][1][0]["groups"] = ["RUN Y3 B4 Y5 R6"]
    data["hands"][1].remove("Y3")
    data["deck"].append("B7")
    data["hands"][0].remove("B7")
    data["hands"][0].append(data["deck"].pop(0))
    data["hands"][0].sort(key=lambda c: uc.Card.parse(c))
    with pytest.raises(uc.SerializationError, match="UC-13"):
        uc.loads(json.dumps(document))
