"""``from_position`` takes its position from the caller: whatever it is given, it builds
a consistent state or refuses with a typed :class:`~campers_rules.CampersError` (the
embedding contract: every error a caller can meet is the package's; UC-1, UC-4, UC-5)."""

from __future__ import annotations

from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from tests.campers.forging import forged_placed

_SET = uc.Group.parse("SET B5 Y5 R5")
_KIND = uc.GroupKind.SET
_FORGED_SET = uc.Group(_KIND, (forged_placed(3),) * 3)
_HOSTILE: dict[str, list[object]] = {
    "hands": [None, 5, [None, []], [[uc.Card.parse("B2"), "x"], []], [[1.5], []], [5, []]],
    "discard": [5, [None], ["B2"]],
    "deck": [5, [object()]],
    "table": [5, [5, []], [[5], []], [[(0, None)], []], [[(0, ["SET B5 Y5 R5"])], []],
              [[(0, [object.__new__(uc.Group)])], []],
              [[(0, [uc.Group(_KIND, cast(Any, (1, 2, 3)))])], []],
              [[(0, [_FORGED_SET])], []],
              [[(0, [uc.Group(_KIND, (forged_placed(3, face=uc.WILD, color=uc.Color.BLUE,
                                                       number=2),) * 3)])], []],
              [[("0", [_SET])], []], [[(None, [_SET])], []]],
    "campground": [5, ["a"], [None]],
    "kept": [5, [5, []], [[None], []]],
    "turn": ["x", None, 1.5, 10**5000, -1, 2],
    "phase": ["draw", None, 0],
    "scores": [5, ["a", "b"], [1.5, 0]],
    "dealer": ["x", 1.5, 7],
    "seed": ["s", None, 1.5],
    "config": [5, "x"],
    "rest": ["x", None, 0],
}
_BASE: dict[str, Any] = {"hands": ["B5 Y5 R5 G9", "W G2 G3"]}


@pytest.mark.parametrize(("name", "value"), [(k, v) for k, vs in _HOSTILE.items() for v in vs],
                         ids=[f"{k}-{i}" for k, vs in _HOSTILE.items() for i in range(len(vs))])
def test_uc1_from_position_refuses_a_malformed_argument_with_a_typed_error(
        name: str, value: object) -> None:
    """UC-1 (embedding contract): a malformed argument is refused with PositionError (or
    the ParseError of a card's text), never another exception and never a state whose
    fields are not what the game plays with (a phase that is no Phase, ``rest`` that is
    neither pile)."""
    arguments = {**_BASE, name: value}
    with pytest.raises(uc.CampersError) as caught:
        uc.from_position(**arguments)
    assert isinstance(caught.value, uc.PositionError | uc.ParseError)


def test_uc1_from_position_names_what_is_wrong() -> None:
    """UC-1, UC-5: the refusal says which argument is wrong."""
    with pytest.raises(uc.PositionError, match="the phase is a Phase, not 'draw'"):
        uc.from_position(**_BASE, phase=cast(Any, "draw"))
    with pytest.raises(uc.PositionError, match='rest is "deck" or "discard"'):
        uc.from_position(**_BASE, rest=cast(Any, "pile"))
    with pytest.raises(uc.PositionError, match="not a placed card"):
        uc.from_position(["B2 B3", "B4"], table=[[(0, [_FORGED_SET])], []])
    with pytest.raises(uc.PositionError, match="groups"):
        uc.from_position(["B2 B3", "B4"], table=cast(Any, [[(0, ["SET B5 Y5 R5"])], []]))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(_HOSTILE)), st.one_of(
    st.none(), st.integers(), st.floats(allow_nan=False), st.text(max_size=4),
    st.lists(st.one_of(st.none(), st.integers(-2, 60), st.text(max_size=3)), max_size=3)))
def test_uc1_from_position_answers_any_value_with_a_state_or_a_typed_error(
        name: str, value: object) -> None:
    """UC-1 (embedding contract): any value for any argument builds a state that passes
    the game's consistency check, or is refused with a CampersError."""
    try:
        state = uc.from_position(**{**_BASE, name: value})
    except uc.CampersError:
        return
    assert type(state.phase) is uc.Phase
    assert uc.loads(uc.dumps(state)) == state
