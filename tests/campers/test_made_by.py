"""A state made by a step keeps the scratch copy that made it (``_work.Work.freeze``), and
the next step copies that instead of reading the state's attributes (issue 29): the
copy must be the state's own fields, whatever the build, and a state made any other way
is read field by field (UC-32's version and the build fields among them)."""

from __future__ import annotations

import copy
import itertools
import pickle
import random

import attrs
import pytest

import campers_rules as uc
from campers_rules._ids import ABANDON_ID
from campers_rules._state import State
from campers_rules._work import Work

CARRIED: frozenset[str] = frozenset({"counts", "listed", "opened"})
"""The scratch copy's slots that hold no field of the state but what the id listing
derived from them (the hand counts, the play-phase ids, the options of the builds opened),
filled when first asked: ``tests/campers/test_work_counts.py`` holds them."""
WORK_FIELDS: tuple[str, ...] = tuple(sorted(
    set(getattr(Work, "__mypyc_attrs__", None) or Work.__slots__) - CARRIED))
"""The scratch copy's fields (compiled, its class lists them as ``__mypyc_attrs__``)."""


def _states(seed: int, players: int, ids: bool) -> list[State]:
    """Every state of a seeded random game, by ids (build steps included) or objects."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed)
    states = [state]
    while not state.is_over:
        seat = min(state.actors)
        if ids:
            legal = state.legal_action_ids(seat)
            state = state.apply_action_id(seat, legal[rng.randrange(len(legal))])
        else:
            state = state.apply(rng.choice(state.legal_actions(seat)))
        states.append(state)
    return states


def _read(work: Work) -> dict[str, object]:
    """Every slot of a scratch copy, its rows as tuples."""
    out = {name: getattr(work, name) for name in WORK_FIELDS}
    out["hands"] = tuple(work.hands)
    out["table"] = tuple(work.table)
    return out


def _fresh(state: State) -> State:
    """The same state made by its constructor: it keeps no scratch copy."""
    return State(*(getattr(state, f.name) for f in attrs.fields(State) if f.init))


@pytest.mark.parametrize(("seed", "players", "ids"),
                         [(0, 4, True), (1, 4, False), (3, 2, True), (2, 6, False), (5, 5, True)])
def test_uc32_every_state_a_step_makes_keeps_its_own_fields_as_its_scratch_copy(
        seed: int, players: int, ids: bool) -> None:
    """UC-32: every state of seeded games (new games, actions and build steps) keeps the
    scratch copy that made it, and a copy taken of it holds exactly the fields a copy read
    from the same state built by its constructor holds: every field, none swapped."""
    states = _states(seed, players, ids)
    assert any(state.building for state in states) == ids
    for state in states:
        made = getattr(state, "_work", None)
        assert type(made) is Work
        assert _read(Work(state)) == _read(Work(_fresh(state))) == _read(made)


def test_uc32_a_step_leaves_the_scratch_copy_of_the_state_before_it_as_it_was() -> None:
    """UC-32: applying actions to a state (twice, from the same state) never changes the
    copy it keeps: the rows are copied, so the next step edits its own."""
    states = _states(4, 4, True)
    kept = [_read(state._work) for state in states]  # type: ignore[attr-defined]
    rng = random.Random(9)
    for state, before in zip(states, kept, strict=True):
        for seat in sorted(state.actors):
            for action_id in rng.sample(state.legal_action_ids(seat), 1):
                state.apply_action_id(seat, action_id)
        assert _read(state._work) == before  # type: ignore[attr-defined]
        assert _read(Work(state)) == _read(Work(_fresh(state)))


@pytest.mark.parametrize("seed", [0, 7])
def test_uc32_states_made_by_a_copy_pickle_json_or_evolve_keep_no_scratch_copy(seed: int
                                                                               ) -> None:
    """UC-32: a state copied, pickled, loaded from JSON, evolved or built by its
    constructor keeps no scratch copy (it is no field: never saved nor compared), so the
    next step reads its fields, and plays on as the state it equals."""
    rng = random.Random(seed)
    states = _states(seed, 3, True)[5::9]
    assert states
    for state in states:
        others = (copy.copy(state), pickle.loads(pickle.dumps(state)),
                  uc.loads(uc.dumps(state)), attrs.evolve(state), _fresh(state))
        for other in others:
            assert other == state and getattr(other, "_work", None) is None
            assert _read(Work(other)) == _read(Work(state))
        if state.is_over:  # no seat acts: nothing to play on
            continue
        seat = min(state.actors)
        action_id = rng.choice(state.legal_action_ids(seat))
        after = state.apply_action_id(seat, action_id)
        assert all(other.apply_action_id(seat, action_id) == after for other in others)


def test_uc32_a_state_whose_kept_copy_is_another_states_plays_as_that_copy() -> None:
    """UC-32: the next step reads the kept copy and not the state's attributes (a wrong
    copy kept is seen), which is why only ``Work.freeze`` sets it."""
    first, second = _states(2, 4, False)[3:5]
    forged = _fresh(first)
    object.__setattr__(forged, "_work", second._work)  # type: ignore[attr-defined]
    assert _read(Work(forged)) == _read(Work(second)) != _read(Work(first))


@pytest.mark.parametrize(("seed", "players"), [(0, 4), (3, 2), (5, 5), (8, 6)])
def test_uc7_a_build_step_keeps_the_very_copy_of_the_state_before_it(seed: int,
                                                                     players: int) -> None:
    """UC-7, UC-32: a build step changes only the build, so the state it makes keeps the
    very scratch copy of the state before it (frozen again, never copied: a frozen copy
    never changes), and each keeps its own fields; a state made any other way gets a new
    copy and plays the same build step to an equal state."""
    states = _states(seed, players, True)
    steps = 0
    for before, after in itertools.pairwise(states):
        if after.build_step != before.build_step + 1:
            continue  # no build step between them (a finish or an action resets the count)
        steps += 1
        assert after._work is before._work  # type: ignore[attr-defined]
        assert _read(Work(after)) == _read(Work(_fresh(after)))
        assert _read(Work(before)) == _read(Work(_fresh(before)))
        step = after.building[-1] if after.building else ABANDON_ID  # an abandon empties it
        fresh = _fresh(before).apply_action_id(before.turn, step)
        assert fresh == after and fresh._work is not before._work  # type: ignore[attr-defined]
        assert (fresh.building, fresh.build_step) == (after.building, after.build_step)
        assert (before.building, before.build_step) != (after.building, after.build_step)
    assert steps
