"""The shared checks pinned down (UC-2, UC-6): seats, the shape of an action's fields and
the refusal of what is no action, written to kill mutants of ``campers_rules/_checks.py``
the older tests let live (issue 15).

The field checks of an action class are built once per class and remembered; the tests
here start from an empty memo, so that building them is what is tested."""

from __future__ import annotations

import pytest

import campers_rules as uc
from campers_rules import _checks
from campers_rules._errors import quote
from tests.campers.forging import forged_placed
from tests.campers.game_strategies import RUN_FOUR, RUN_SIX, SET_THREE, g, random_walk

_TABLE = [[(SET_THREE, [g("SET B5 Y5 R5")]), (RUN_FOUR, [g("RUN B2 Y3 R4 G5 B6 Y7 R8 G9")])],
          [(RUN_SIX, [g("RUN B3 Y4 R5 G6")])]]
"""p0 owns c05 with a set and c03 with a run of eight; p1 owns c06 with a run of four."""


def _state(hand: str = "B5 B9 Y9 R9 G7 B13") -> uc.State:
    return uc.from_position([hand, "G4 Y13"], phase=uc.Phase.PLAY, table=_TABLE)


def _placed(face: object, color: object, number: object) -> uc.Placed:
    """A Placed with whatever fields, as a careless caller may build one (around the
    constructor, which refuses them: equal, as an int, to the real B5)."""
    return forged_placed(int(uc.Placed.parse("B5")), face=face, color=color, number=number)


_SET = g("SET B9 Y9 R9")
_B5 = uc.Card.parse("B5")


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (uc.Draw(0, 1.0), "its count is not a int"),  # type: ignore[arg-type]
        (uc.Discard(0, "B5"), "its card is not a Card"),  # type: ignore[arg-type]
        (uc.Claim(0, 6, [_SET]), "its groups is not a tuple"),  # type: ignore[arg-type]
        (uc.Claim(0, 6, (_SET, "SET B8 Y8 R8")), "its groups is not a tuple"),  # type: ignore[arg-type]
        (uc.AddCard(0, SET_THREE, 0, _placed("B5", uc.Color.BLUE, 5)),
         "its card is not a Placed"),
        (uc.AddCard(0, SET_THREE, 0, _placed(_B5, "B", 5)), "its card is not a Placed"),
        (uc.AddCard(0, SET_THREE, 0, _placed(_B5, uc.Color.BLUE, 5.0)),
         "its card is not a Placed"),
        (uc.AddCard(0, SET_THREE, 0, _placed(_B5, uc.Color.BLUE, 5)),
         "its card is not a Placed"),
        (uc.Rearrange(0, [(SET_THREE, (g("SET B5 Y5 R5"),))]),  # type: ignore[arg-type]
         "its layout is not a tuple"),
        (uc.Rearrange(0, ([SET_THREE, (g("SET B5 Y5 R5"),)],)),  # type: ignore[arg-type]
         "its layout is not a tuple"),
        (uc.Rearrange(0, ((SET_THREE, (g("SET B5 Y5 R5"),), ()),)),  # type: ignore[arg-type]
         "its layout is not a tuple"),
        (uc.Rearrange(0, ((SET_THREE,),)),  # type: ignore[arg-type]
         "its layout is not a tuple"),
        (uc.Rearrange(0, ((True, (g("SET B5 Y5 R5"),)),)),
         "its layout is not a tuple"),
        (uc.Rearrange(0, ((SET_THREE, [g("SET B5 Y5 R5")]),)),  # type: ignore[arg-type]
         "its layout is not a tuple"),
    ],
)
def test_uc6_an_action_with_a_field_of_the_wrong_type_is_refused(action: object,
                                                                 reason: str) -> None:
    """UC-6: an action whose field is not of its declared type (a float for a count, a list
    for a tuple, a tuple of the wrong length or holding the wrong kind, a Placed made
    around its constructor, even with the fields of B5) is refused with an IllegalActionError naming
    the field and the type, the action shown by its repr, and the state is unchanged."""
    state = _state()
    before = uc.dumps(state)
    with pytest.raises(uc.IllegalActionError) as info:
        state.apply(action)  # type: ignore[arg-type]
    error = info.value
    assert (error.action, error.reason, error.ruling) == (action, reason, "UC-6")
    assert str(error) == f"illegal action {quote(action)}: {reason} [UC-6]"
    assert uc.dumps(state) == before


def test_uc6_well_formed_actions_pass_the_shape_check() -> None:
    """UC-6: every listed action of a position (claims, adds, new groups, squats, wild
    swaps, rearrangements, discards) and of random games passes the shape check, and a
    claim, a rearrangement and a discard are accepted."""
    state = _state("B5 B9 Y9 R9 G7 B13 W")
    listed = state.legal_actions(0)
    kinds = {type(a) for a in listed}
    assert {uc.Claim, uc.AddCard, uc.AddGroup, uc.Squat, uc.Rearrange, uc.Discard} <= kinds
    for action in listed:
        _checks.check_shape(action)
    for kind in (uc.Claim, uc.Rearrange, uc.Discard, uc.Squat):
        assert state.apply(next(a for a in listed if isinstance(a, kind))).version == 1
    wild = uc.from_position(["B2 G9", "G4"], phase=uc.Phase.PLAY,
                            table=[[], [(RUN_FOUR, [g("RUN W=B2 Y3 R4 G5")])]])
    swap = next(a for a in wild.legal_actions(0) if isinstance(a, uc.SwapWild))
    assert sorted(str(c) for c in wild.apply(swap).hands[0]) == ["G9", "W"]
    for seed in range(4):
        for step in random_walk(3, seed, 60):
            for seat in step.actors:
                for action in step.legal_actions(seat):
                    _checks.check_shape(action)


@pytest.mark.parametrize("owner", [-1, 2, 3])
def test_uc2_a_move_onto_the_table_of_no_seat_is_refused(owner: int) -> None:
    """UC-2: a squat, wild swap or Bear Attack naming an owner who is no seat of the game
    (below 0, or the player count and above) is refused with "there is no seat", UC-2."""
    state = uc.from_position(["G7 B2 BearAttack", "G4"], phase=uc.Phase.PLAY, table=_TABLE)
    for action in (uc.Squat(0, owner, RUN_SIX, 0, uc.Placed.parse("G7")),
                   uc.SwapWild(0, owner, RUN_FOUR, 0, uc.Card.parse("B2"),
                               uc.Placed.parse("W=B2")),
                   uc.BearAttack(0, owner, RUN_FOUR, 0, uc.Placed.parse("B2"))):
        with pytest.raises(uc.IllegalActionError) as info:
            state.apply(action)
        error = info.value
        assert (error.action, error.reason, error.ruling) == (
            action, f"there is no seat {owner}", "UC-2")


@pytest.mark.parametrize("thing", [object(), "p0 discard B5", None, ("p0", "discard")])
def test_uc6_what_is_no_action_is_refused_with_no_ruling(thing: object) -> None:
    """UC-6: a value that is no Unhappy Campers action is refused with an
    IllegalActionError that names it and cites no ruling (its message has no ruling
    bracket)."""
    state = _state()
    with pytest.raises(uc.IllegalActionError) as info:
        state.apply(thing)  # type: ignore[arg-type]
    error = info.value
    assert (error.action, error.reason, error.ruling) == (
        thing, "not an Unhappy Campers action", "")
    assert not str(error).endswith("]")
