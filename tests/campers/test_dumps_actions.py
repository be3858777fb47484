"""``dumps`` of an Unhappy Campers action writes only what ``loads_action`` reads back
(embedding contract, UC-6): a field of the wrong type (the shape check ``apply`` makes)
or a seat or number out of range is refused with SerializationError naming the field."""

from __future__ import annotations

from typing import Any

import pytest

import campers_rules as uc
from tests.tampering import tampered

B7 = uc.Card.parse("B7")



REFUSED: list[tuple[Any, str, object, str]] = [
    (uc.Discard(0, B7), "card", "x", "not an action to write: its card is not a Card"),
    (uc.Discard(0, B7), "player", True,
     "not an action to write: there is no seat True (its player)"),
    (uc.Draw(1, 2), "count", 2.0, "not an action to write: its count is not a int"),
    (uc.Draw(1, 2), "count", 3, "not an action to write: count 3 is not from 1 to 2"),
    (uc.Discard(0, B7), "player", 6, "not an action to write: player 6 is not from 0 to 5"),
    (uc.Roasted(0, 1), "target", -1, "not an action to write: target -1 is not from 0 to 5"),
    (uc.Discard(0, B7), "player", 10**5000,
     "not an action to write: player <int of 16610 bits> is not from 0 to 5"),
    (uc.Repair(0, uc.Placed.natural(B7)), "card", B7,
     "not an action to write: its card is not a Placed"),
]  # fmt: skip


@pytest.mark.parametrize(("action", "field", "value", "message"), REFUSED,
                         ids=[row[3] for row in REFUSED])
def test_uc6_dumps_refuses_an_action_loads_action_would_refuse(
    action: Any, field: str, value: object, message: str
) -> None:
    """UC-6 (embedding contract): dumps of an action tampered around its validators raises
    SerializationError naming the field, as loads_action refuses such JSON."""
    with pytest.raises(uc.SerializationError) as caught:
        uc.dumps(tampered(action, field, value))
    assert str(caught.value) == message


@pytest.mark.parametrize("text", ["p0 discard B7", "p5 draw 2", "p1 draw 1",
                                  "p2 play Roasted 5", "p1 play TrashPanda 4 G4"])
def test_uc6_dumps_writes_actions_at_the_edges_of_their_ranges(text: str) -> None:
    """UC-6: seats 0 and 5 and numbers at their bounds are written and read back."""
    action = uc.parse_action(text)
    assert uc.loads_action(uc.dumps(action)) == action
