"""The compiled hot path builds the public State field by field (issue 29, ``_frozen``):
the record is the one the class's constructor makes from the same fields, whatever the
build (UC-32's version and the build fields among them)."""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest

import campers_rules as uc
from campers_rules import _frozen
from campers_rules._state import State

STATE_MARKS: dict[str, object] = {
    "num_players": 1001, "config": uc.Config(rounds=2), "round": 1002, "dealer": 1003,
    "turn": 1004, "phase": uc.Phase.PLAY, "turns_taken": 1005, "action_played": True,
    "hands": (1006,), "deck": (1007,), "discard": (1008,), "table": (1009,),
    "campground": (1010,), "pile": (1011,), "kept": (1012,), "skips": (1013,),
    "pending": None, "scores": (1014,), "round_results": (1015,), "rng": 1016,
    "version": 1017, "building": (1018,), "build_step": 1019,
}
"""A value of each init field of State, no two alike (a compiled builder takes only values
of the declared types)."""


def _id_states(seed: int, players: int) -> list[State]:
    """Every state of a seeded random game through the ids (build steps included)."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed)
    states = [state]
    while not state.is_over:
        seat = min(state.actors)
        legal = state.legal_action_ids(seat)
        state = state.apply_action_id(seat, legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def test_new_state_sets_every_init_field_of_state_in_order() -> None:
    """Each of State's init fields gets the argument in its place, none left out or
    swapped, and the derived ``build_options`` is ``None`` as the constructor leaves it."""
    names = [field.name for field in attrs.fields(State) if field.init]
    assert sorted(names) == sorted(STATE_MARKS)
    marks = [STATE_MARKS[name] for name in names]
    made = _frozen.new_state(State, *marks)  # type: ignore[arg-type]
    assert type(made) is State
    assert [getattr(made, name) for name in names] == marks
    assert made.build_options is None
    assert [f.name for f in attrs.fields(State) if not f.init] == ["build_options"]


def test_a_state_built_field_by_field_is_frozen() -> None:
    """The record refuses assignment as the class's own instances do."""
    state = uc.new_game(3, 5)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.turn = 2  # type: ignore[misc]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 0), (4, 1), (6, 2)])
def test_the_states_built_are_the_ones_the_constructor_builds(players: int, seed: int) -> None:
    """UC-32: every state of seeded id games (open builds included) equals, hashes,
    pickles, copies, evolves and round-trips through JSON as the one State's constructor
    makes from the same fields, and carries the build options only a build step derives."""
    states = _id_states(seed, players)
    assert any(state.building for state in states)  # the games open builds
    for state in states:
        fields = [getattr(state, f.name) for f in attrs.fields(State) if f.init]
        made = State(*fields)
        assert made == state and hash(made) == hash(state)
        assert (made.building, made.build_step) == (state.building, state.build_step)
        assert pickle.loads(pickle.dumps(state)) == made
        assert copy.copy(state) == made
        assert attrs.evolve(state, version=state.version) == made
        assert uc.loads(uc.dumps(state)) == made
        assert (state.build_options is not None) == bool(state.building)
