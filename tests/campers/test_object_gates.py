"""The object path's check and records, built the cheap way (issue 29), answer as the
plain rules do: the shape check of a card or placement field read in place (UC-2, UC-6),
the gates of ``why_illegal`` on the state's fields read once (UC-2, UC-6, UC-7, UC-14,
UC-21, UC-32), and the pending decisions built field by field (UC-13, UC-14, UC-17, UC-18).
"""

from __future__ import annotations

import random
from typing import Any, get_args, get_type_hints

import attrs
import pytest
from hypothesis import given, settings

import campers_rules as uc
from campers_rules import _actions, _builds, _frozen
from campers_rules._actions import Action, Request, Step
from campers_rules._board import DRAW
from campers_rules._cards import FACES, Card
from campers_rules._checks import (
    Problem,
    is_stale,
    limit_problem,
    seat_problem,
    shape_problem,
)
from campers_rules._errors import IllegalActionError, SeatError, quote
from campers_rules._groups import PLACEMENTS, Group, GroupKind, Placed
from campers_rules._pending import (
    FishingChoice,
    PassChoice,
    Pending,
    RepairChoice,
    SprayWindow,
)
from campers_rules._rules import _ACTIONS, _DECISIONS, _WAITING, _check, why_illegal
from campers_rules._state import State
from tests.campers.game_strategies import players, random_walk, seeds

_B7 = Card.parse("B7")
_PLACED_B7 = Placed.natural(_B7)
_GROUP = Group(GroupKind.SET, tuple(Placed.natural(Card.parse(t)) for t in ("B5", "Y5", "R5")))
_GOOD: dict[object, object] = {
    int: 0, Card: _B7, Placed: _PLACED_B7, Group: _GROUP, Request: Request.parse("color:Y"),
    GroupKind: GroupKind.SET,
}
_ODD: tuple[object, ...] = (
    int.__new__(Card, 3), int.__new__(Card, len(FACES)), int.__new__(Card, -1),
    int.__new__(Placed, 5), int.__new__(Placed, len(PLACEMENTS)), int.__new__(Placed, -1),
    _B7, _PLACED_B7, 3, True, None, 1.0, "B7",
)
"""Values a hostile client can put in a card or placement field: forged and out-of-range
cards and placements (built around the constructors), the other type, ints, a bool."""


def _hints(kind: type[Any]) -> dict[str, Any]:
    return get_type_hints(kind, vars(_actions))


def _plain_fits(hint: Any, value: object) -> bool:
    """UC-6: an int field takes a plain int; a card field one of the interned faces; a
    placement field one of the interned placements."""
    if hint is int:
        return type(value) is int
    if hint is Card:
        return type(value) is Card and any(value is face for face in FACES)
    assert hint is Placed
    return type(value) is Placed and any(value is placed for placed in PLACEMENTS)


def _plain_shape(action: Any) -> Problem | None:
    """The shape check as the rules state it, on every field of int, card or placement
    type (the records the test builds are well-typed in every other field)."""
    for field in attrs.fields(type(action)):
        hint = _hints(type(action))[field.name]
        if hint not in (int, Card, Placed):
            continue
        value = getattr(action, field.name, None)
        if not _plain_fits(hint, value):
            if field.name == "player":
                return SeatError, f"there is no seat {quote(value)} (its player)", "UC-2"
            return IllegalActionError, f"its {field.name} is not a {hint.__name__}", "UC-6"
    return None


def _made(kind: type[Any], odd_name: str, odd: object) -> object:
    """A record of this class with every field well-typed but ``odd_name`` (unset for
    ``None``)."""
    action = object.__new__(kind)
    for field in attrs.fields(kind):
        if field.name == odd_name:
            if odd is not None:
                object.__setattr__(action, field.name, odd)
            continue
        hint = _hints(kind)[field.name]
        value = _GOOD.get(hint, {"groups": (_GROUP,), "layout": ((0, (_GROUP,)),)}.get(
            field.name))
        object.__setattr__(action, field.name, value)
    return action


def test_uc6_card_and_placement_fields_are_checked_as_the_plain_rule() -> None:
    """UC-2, UC-6: every int, card and placement field of every action and build step
    class, given each face, each placement, or a forged, out-of-range or wrongly typed
    value, gets the plain shape check's answer (the same error, reason and ruling)."""
    checked = 0
    for kind in (*get_args(Action), *get_args(Step)):
        hints = _hints(kind)
        for field in attrs.fields(kind):
            hint = hints[field.name]
            if hint not in (int, Card, Placed):
                continue
            values: tuple[object, ...] = _ODD
            if hint is Card:
                values += FACES
            elif hint is Placed:
                values += PLACEMENTS
            for value in values:
                action = _made(kind, field.name, value)
                assert shape_problem(action) == _plain_shape(action), (kind, field.name, value)
                checked += 1
    assert checked > 1000


def _plain_why_illegal(state: State, action: Any, version: object = None) -> Problem | None:
    """``why_illegal`` of an action as the rules list its gates, each through its own
    helper: the shape, a stale version, the version limit (UC-32), the open build (UC-7),
    the seat (UC-2, UC-6, UC-21), a pending decision or the phase (UC-6, UC-14), then the
    action's family. A build step has its own path (``_builds``), read as it is."""
    if type(action) not in _ACTIONS:
        return why_illegal(state, action, version)
    problem = shape_problem(action)
    if problem is not None:
        return problem
    if is_stale(state, version):
        return why_illegal(state, action, version)  # the stale refusal, read as it is
    problem = limit_problem(state)
    if problem is not None:
        return problem
    player = action.player
    if state.building and player == state.turn:
        problem = _builds.build_problem(state, action)
        if problem is not None:
            return problem
    problem = seat_problem(state, player)
    if problem is not None:
        return problem
    kind = type(action)
    if state.pending is not None:
        if kind not in _DECISIONS[type(state.pending)]:
            return IllegalActionError, *_WAITING[type(state.pending)]
    elif state.phase is DRAW:
        if kind not in (uc.Draw, uc.TakeDiscard):
            return (IllegalActionError, f"player {player} must draw first: 1 or 2 cards from "
                    "the deck, or the top card of the discard pile", "UC-6")
    elif kind in (uc.Draw, uc.TakeDiscard):
        return IllegalActionError, f"player {player} has already drawn this turn", "UC-6"
    elif any(kind in kinds for kinds in _DECISIONS.values()):
        return (IllegalActionError, "nothing is waiting for an answer: no Bear Spray window "
                "or choice is open", "UC-6")
    return _check(state, action, kind)


def _id_states(seed: int, players: int) -> list[State]:
    """The states of a seeded random game through the ids (open builds among them)."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed, uc.Config(rounds=2, turn_cap=40))
    states = [state]
    while not state.is_over and len(states) < 150:
        seat = min(state.actors)
        legal = state.legal_action_ids(seat)
        state = state.apply_action_id(seat, legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def _probes(state: State, rng: random.Random) -> list[Any]:
    """Actions to ask about in a state: every actor's legal actions, and some of each
    seat's actions of other states (draws, discards, answers, plays out of turn)."""
    out: list[Any] = []
    for seat in range(state.num_players):
        out.extend(state.legal_actions(seat))
        out.extend([uc.Draw(seat, 1), uc.TakeDiscard(seat), uc.Discard(seat, _B7),
                    uc.Decline(seat), uc.BearSpray(seat), uc.LetFall(seat),
                    uc.PassLeft(seat, _B7), uc.Smores(seat), uc.Roasted(seat, 0),
                    uc.Draw(seat, 3)])
    return rng.sample(out, min(len(out), 40))


@settings(max_examples=10, deadline=None)
@given(players, seeds)
def test_uc6_why_illegal_is_the_plain_gates_in_order(players: int, seed: int) -> None:
    """UC-2, UC-6, UC-7, UC-14, UC-21, UC-32: in the states of a random object game and of
    a random id game (open builds, pending decisions and the end included), legal actions
    and actions of other seats, phases and decisions get the answer of the plain gates
    taken in their order, with or without a version (stale or not)."""
    rng = random.Random(seed)
    states = random_walk(players, seed, 120) + _id_states(seed % 1000, players)
    for state in states:
        for action in _probes(state, rng):
            assert why_illegal(state, action) == _plain_why_illegal(state, action)
            for version in (state.version, state.version + 1):
                assert (why_illegal(state, action, version)
                        == _plain_why_illegal(state, action, version))


def test_uc32_a_state_at_the_version_limit_refuses_before_the_seat_gate() -> None:
    """UC-32: at MAX_VERSION every action, an actor's or not, gets the limit refusal, as
    the plain gates give it."""
    state = attrs.evolve(uc.new_game(3, 4), version=uc.MAX_VERSION)
    for seat in range(3):
        for action in (uc.Draw(seat, 1), uc.Discard(seat, _B7), uc.Decline(seat)):
            problem = why_illegal(state, action)
            assert problem is not None and problem[2] == "UC-32"
            assert problem == _plain_why_illegal(state, action)


_PENDING_KINDS: tuple[type[Any], ...] = (SprayWindow, RepairChoice, FishingChoice, PassChoice)


def test_new_pending_sets_every_field_of_every_pending_class_in_order() -> None:
    """UC-13, UC-14, UC-17, UC-18: every pending decision class has plain fields, and
    ``new_pending`` sets each in its place, making the record the class makes."""
    assert set(_frozen.PENDING_NAMES) == set(_PENDING_KINDS)
    assert set(_PENDING_KINDS) == set(get_args(Pending))
    for kind in _PENDING_KINDS:
        fields = attrs.fields(kind)
        assert not hasattr(kind, "__attrs_post_init__"), kind
        assert all(f.init and f.validator is None and f.converter is None for f in fields)
        marks: list[Any] = [3000 + i for i in range(len(fields))]
        made = _frozen.new_pending(kind, *marks)
        assert type(made) is kind
        assert [getattr(made, f.name) for f in fields] == marks
        assert made == kind(*marks) and hash(made) == hash(kind(*marks))
        assert repr(made) == repr(kind(*marks))
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(made, fields[0].name, 1)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 7), (4, 0), (5, 3), (6, 2)])
def test_the_pending_decisions_are_the_ones_their_classes_build(players: int,
                                                                seed: int) -> None:
    """UC-13, UC-14, UC-17, UC-18: every pending decision of a seeded object game equals,
    hashes, prints and round-trips through JSON as the one its class's constructor makes
    from the same fields."""
    seen = set()
    for state in random_walk(players, seed, 400):
        pending = state.pending
        if pending is None:
            continue
        seen.add(type(pending))
        kind = type(pending)
        again = kind(*(getattr(pending, f.name) for f in attrs.fields(kind)))
        assert again == pending and hash(again) == hash(pending)
        assert repr(again) == repr(pending)
        assert uc.loads(uc.dumps(state)) == state
    assert SprayWindow in seen  # the games open windows
