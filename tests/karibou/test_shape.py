"""The shape of a Karibou Camp action (embedding contract, KC-17): a field of the wrong
type is refused before the version and the rules, with the same reason and ruling as the
rules give it, whatever the state; ``dumps`` refuses it naming the field."""

from __future__ import annotations

from typing import Any

import pytest

import karibou_rules as kc
from karibou_rules import _rules
from tests.karibou.strategies import DUCK, ELK, SCOUT, C, V, position
from tests.tampering import tampered

INA = kc.IllegalActionError
HANDS = ["Duck Duck Duck Duck Elk", "Bear Bear Elk Elk Scout",
         "Marmot Marmot Marmot Polecat Polecat Raccoon"]  # fmt: skip


def exchanging() -> kc.State:
    """p0 and p1 are Veterinarians, p2 the Coyote; the center is face up."""
    return position([V, V, C], HANDS, "Duck Squirrel Scout")


def states() -> list[kc.State]:
    """The same deal face down, face up, after p1's Scout, and at the game's end."""
    face_up = exchanging()
    over = position([V, V, C], HANDS, "Duck Squirrel Scout", scores=[0, 0, 8])
    return [position([V, V, C], HANDS, "Duck Squirrel Scout", revealed=False), face_up,
            face_up.apply(kc.PlayScout(1)), over.apply(kc.PlacePawn(0, DUCK, 1))]  # fmt: skip



# (a well-formed action, the field to spoil, a value of the wrong type, error, reason, ruling)
MALFORMED: list[tuple[Any, str, object, type[kc.IllegalActionError], str, str]] = [
    (kc.Reveal(0), "player", "0", kc.SeatError, "there is no seat '0'", "KC-2"),
    (kc.Pass(0), "player", True, kc.SeatError, "there is no seat True", "KC-2"),
    (kc.PlayScout(1), "player", 1.0, kc.SeatError, "there is no seat 1.0", "KC-2"),
    (kc.Exchange(0, ELK, DUCK), "give", "Elk", INA,
     "only animal cards are exchanged, never a Scout", "KC-4"),
    (kc.Exchange(0, ELK, DUCK), "give", kc.PILE, INA,
     "only animal cards are exchanged, never a Scout", "KC-4"),
    (kc.Exchange(0, ELK, DUCK), "take", kc.ALL_ANIMALS, INA,
     "only animal cards are exchanged, never a Scout", "KC-4"),
    (kc.CompleteHand(1, DUCK), "source", "pile", INA,
     "a hand is completed with an animal or the pile", "KC-5"),
    (kc.Sign(0, DUCK), "species", 6, INA, "a sign stands for one of the seven species", "KC-7"),
    (kc.Sign(0, DUCK), "species", kc.ALL_ANIMALS, INA,
     "a sign stands for one of the seven species", "KC-7"),
    (kc.Sign(0, DUCK), "noticed_by", [1], INA,
     "noticed_by must be None or a frozenset of other seats", "KC-7"),
    (kc.Sign(0, DUCK), "noticed_by", frozenset({"1"}), INA,
     "noticed_by must be None or a frozenset of other seats", "KC-7"),
    (kc.PlacePawn(0, DUCK, 1), "tile", kc.PILE, INA,
     "the pawn goes on a species tile or All", "KC-8"),
    (kc.PlacePawn(0, DUCK, 1), "named", True, INA, "the pawn names a seat", "KC-8"),
]  # fmt: skip


@pytest.mark.parametrize(("action", "field", "value", "error", "reason", "ruling"), MALFORMED,
                         ids=[f"{row[0]}.{row[1]}={row[2]!r}" for row in MALFORMED])  # fmt: skip
def test_kc17_a_malformed_field_is_refused_first_in_every_state(
    action: Any, field: str, value: object, error: type[kc.IllegalActionError], reason: str,
    ruling: str,
) -> None:
    """KC-2, KC-4, KC-5, KC-7, KC-8, KC-17 (embedding contract): a field of the wrong type
    gets the rules' refusal of that field in every phase (face down, face up, after a
    Scout, the game over) and with any version, stale or not, as in Unhappy Campers;
    ``dumps`` refuses the action naming the field."""
    bad = tampered(action, field, value)
    for state in states():
        versions: tuple[Any, ...] = (None, state.version, state.version + 1, "v")
        for version in versions:
            assert _rules.why_illegal(state, bad, version) == (error, reason, ruling)
            assert not state.is_legal(bad, version)
            with pytest.raises(kc.IllegalActionError) as caught:
                state.apply(bad, version)
            assert (type(caught.value), caught.value.reason, caught.value.ruling) == (
                error, reason, ruling)  # fmt: skip
            assert caught.value.action is bad
    with pytest.raises(kc.SerializationError, match=f"its {field} is "):
        kc.dumps(bad)


@pytest.mark.parametrize(("action", "reason", "ruling"), [
    (kc.Exchange(0, SCOUT, DUCK), "only animal cards are exchanged, never a Scout", "KC-4"),
    (kc.Sign(0, SCOUT), "a sign stands for one of the seven species", "KC-7"),
    (kc.Sign(0, DUCK, frozenset({3})), "noticed_by must be None or a frozenset of other seats",
     "KC-7"),
    (kc.Sign(0, DUCK, frozenset({-1})), "noticed_by must be None or a frozenset of other seats",
     "KC-7"),
    (kc.PlacePawn(0, SCOUT, 1), "the pawn goes on a species tile or All", "KC-8"),
    (kc.PlacePawn(0, DUCK, 3), "there is no seat p3", "KC-8"),
])  # fmt: skip
def test_kc17_a_well_formed_action_the_rules_refuse_is_stale_first(
    action: Any, reason: str, ruling: str
) -> None:
    """KC-4, KC-7, KC-8, KC-17: a well-typed value the rules refuse (a Scout where none
    can be, a noticer or a named seat not in the game) is a rule's refusal, checked after
    the version: stale when the version is stale (or ahead of the state when it is),
    else the rule's reason."""
    state = exchanging()
    assert _rules.why_illegal(state, action) == (INA, reason, ruling)
    ahead = f"sent against version {state.version + 1}, but the state is only at version " \
        f"{state.version}"
    assert _rules.why_illegal(state, action, state.version + 1) == (
        kc.FutureVersionError, ahead, "KC-17")
    sents: tuple[Any, ...] = (state.version - 1, "v")
    for sent in sents:
        stale = f"sent against version {sent!r}, the state is at version {state.version}"
        assert _rules.why_illegal(state, action, sent) == (kc.StaleActionError, stale, "KC-17")
        with pytest.raises(kc.StaleActionError) as caught:
            state.apply(action, sent)
        assert (caught.value.reason, caught.value.sent, caught.value.current) == (
            stale, sent, state.version)  # fmt: skip


def test_kc17_every_well_formed_listed_action_passes_the_shape_check() -> None:
    """KC-17 (embedding contract): the shape check refuses no action a game lists, nor
    a sign with noticers or the pawn on the all-animals tile."""
    state = exchanging()
    actions = [a for seat in range(3) for a in state.legal_actions(seat)]
    actions += [kc.Sign(0, DUCK, frozenset({1, 2})), kc.Sign(0, DUCK, frozenset()),
                kc.PlacePawn(0, kc.ALL_ANIMALS, 2), kc.CompleteHand(1, kc.PILE)]  # fmt: skip
    assert all(_rules.shape_fault(action) is None for action in actions)
