"""The gates ``apply`` passes every action through, read the cheap way (issue 29), refuse
exactly what the plain rules refuse: the seat gate (UC-2, UC-6, UC-21), the shape check of
an int field (UC-2, UC-6) and the version an answer keeps (UC-14, UC-18)."""

from __future__ import annotations

import random
from typing import Any, get_args, get_type_hints

import attrs
from hypothesis import given

import campers_rules as uc
from campers_rules import _actions
from campers_rules._actions import Action, Decline, PassLeft, Request, Step
from campers_rules._cards import Card
from campers_rules._checks import Problem, actors, no_seat, seat_problem, shape_problem
from campers_rules._errors import GameOverError, NotYourTurnError
from campers_rules._groups import Group, GroupKind, Placed
from campers_rules._pending import PassChoice, SprayWindow
from tests.campers.game_strategies import players, random_walk, seeds

ODD_SEATS: tuple[object, ...] = (-1, 6, True, False, 1.0, "0", None, Card.parse("B7"))
"""Seats no game has, and values that are no seat."""


def _plain_seat_problem(state: uc.State, player: object) -> Problem | None:
    """UC-21, UC-2, UC-6 as the rules state them: over, no such seat, not an actor."""
    if state.is_over:
        return GameOverError, "the game is over", "UC-21"
    if type(player) is not int or not 0 <= player < state.num_players:
        return no_seat(state, player)
    if player not in actors(state):
        return NotYourTurnError, f"player {player} may not act now", "UC-6"
    return None


@given(players, seeds)
def test_uc6_the_seat_gate_is_the_plain_rule(players: int, seed: int) -> None:
    """UC-2, UC-6, UC-21: in every state of a random game (pending decisions and the end
    included), each seat and each value that is no seat gets the plain gate's answer."""
    for state in random_walk(players, seed, 120):
        for player in (*range(players), *ODD_SEATS):
            assert seat_problem(state, player) == _plain_seat_problem(state, player)


def _int_fields(kind: type[Any]) -> list[str]:
    hints = get_type_hints(kind, vars(_actions))
    return [f.name for f in attrs.fields(kind) if hints[f.name] is int]


def test_uc6_an_int_field_takes_a_plain_int_only() -> None:
    """UC-2, UC-6: every int field of every action and build step refuses a bool, a card
    (an int subclass), a float, a string and an unset field, naming the field (the player
    as no seat); a plain int passes the shape check."""
    for kind in (*get_args(Action), *get_args(Step)):
        fields = attrs.fields(kind)
        names = _int_fields(kind)
        assert names and names[0] == "player", kind
        for name in names:
            for odd in (True, Card.parse("B7"), 1.0, "1", None):
                action = object.__new__(kind)
                for field in fields:
                    if field.name != name or odd is not None:
                        value = odd if field.name == name else _good(kind, field.name)
                        object.__setattr__(action, field.name, value)
                problem = shape_problem(action)
                assert problem is not None, (kind, name, odd)
                error, reason, ruling = problem
                if name == "player":
                    assert (error, ruling) == (uc.SeatError, "UC-2")
                else:
                    assert (reason, ruling) == (f"its {name} is not a int", "UC-6")
            action = object.__new__(kind)
            for field in fields:
                object.__setattr__(action, field.name, _good(kind, field.name))
            assert shape_problem(action) is None, kind


_GROUP = Group(GroupKind.SET, tuple(Placed.natural(Card.parse(t)) for t in ("B5", "Y5", "R5")))
_GOOD: dict[object, object] = {
    Card: Card.parse("B7"),
    Placed: Placed.natural(Card.parse("B7")),
    Group: _GROUP,
    GroupKind: GroupKind.SET,
    Request: Request.parse("color:Y"),
}


def _good(kind: type[Any], name: str) -> object:
    """A well-typed value of this field."""
    hint = get_type_hints(kind, vars(_actions))[name]
    if hint is int:
        return 0
    if hint in _GOOD:
        return _GOOD[hint]
    return {"groups": (_GROUP,), "layout": ((0, (_GROUP,)),)}[name]


@given(players, seeds)
def test_uc14_uc18_an_answer_keeps_the_version_only_while_its_decision_waits(
        players: int, seed: int) -> None:
    """UC-14, UC-18, UC-32: a decline after which a window still waits, and a Lost Camper
    choice after which the pass still waits, keep the version; every other action moves it
    on by one."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed, uc.Config(rounds=2, turn_cap=40))
    for _ in range(200):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions(rng.choice(sorted(state.actors))))
        after = state.apply(action)
        kept = (type(action) is Decline and type(after.pending) is SprayWindow) or (
            type(action) is PassLeft and type(after.pending) is PassChoice)
        assert after.version == state.version + (0 if kept else 1)
        state = after
