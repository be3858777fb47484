"""A state made by a step keeps the scratch copy that made it (``_work.Work.freeze``): the
gates read it and the next step copies it instead of reading the state's attributes
(issue 29). The copy must be the state's own fields, whatever the build, and a state made
any other way gets one read from its fields (UC-32's version and the build fields among
them)."""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest

import campers_rules as uc
from campers_rules import _checks, _rules
from campers_rules._state import State
from campers_rules._work import Work, fields_of

WORK_FIELDS: tuple[str, ...] = tuple(sorted(getattr(Work, "__mypyc_attrs__", None)
                                            or Work.__slots__))
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
def test_uc32_states_made_by_a_copy_pickle_json_or_evolve_read_their_own_fields(seed: int
                                                                               ) -> None:
    """UC-32: a state copied, pickled, loaded from JSON, evolved or built by its
    constructor starts without a scratch copy (it is no field: never saved nor compared),
    gets one read from its own fields when a gate first asks, and plays on as the state it
    equals."""
    rng = random.Random(seed)
    for state in _states(seed, 3, True)[5::9]:
        others = (copy.copy(state), pickle.loads(pickle.dumps(state)),
                  uc.loads(uc.dumps(state)), attrs.evolve(state), _fresh(state))
        for other in others:
            assert other == state
            made = getattr(other, "_work", None)  # loading asks the gates (a build's options)
            assert made is None or (made is not fields_of(state)
                                    and _read(made) == _read(Work(_fresh(state))))
            assert _read(Work(other)) == _read(Work(state))
            assert _read(fields_of(other)) == _read(fields_of(state))
            assert fields_of(other) is fields_of(other)
        seat = min(state.actors)
        if not state.is_over:
            action_id = rng.choice(state.legal_action_ids(seat))
            after = state.apply_action_id(seat, action_id)
            assert all(other.apply_action_id(seat, action_id) == after for other in others)


def test_uc32_a_state_whose_kept_copy_is_another_states_plays_as_that_copy() -> None:
    """UC-32: the next step reads the kept copy and not the state's attributes (a wrong
    copy kept is seen), which is why only ``Work.freeze`` and ``fields_of`` set it."""
    first, second = _states(2, 4, False)[3:5]
    forged = _fresh(first)
    object.__setattr__(forged, "_work", second._work)  # type: ignore[attr-defined]
    assert _read(Work(forged)) == _read(Work(second)) != _read(Work(first))


@pytest.mark.parametrize(("seed", "players"), [(1, 4), (6, 3), (8, 6)])
def test_uc6_uc32_the_gates_answer_a_state_as_they_answer_its_fields(seed: int, players: int
                                                                     ) -> None:
    """UC-2, UC-6, UC-21, UC-32: the gates and listings, which read the kept copy, answer
    every state of seeded id games (open builds, pending decisions and the end included)
    as they answer the same state built by its constructor: who acts, each seat's problem
    (seats of no game among them), the version limit, the listed ids and actions, and the
    check of each listed action and of a sample of ids."""
    rng = random.Random(seed)
    for state in _states(seed, players, True)[::3]:
        fresh = _fresh(state)
        assert _checks.actors(state) == _checks.actors(fresh)
        assert _checks.limit_problem(state) == _checks.limit_problem(fresh)
        for seat in (*range(players), -1, players, True):
            assert _checks.seat_problem(state, seat) == _checks.seat_problem(fresh, seat)
        for seat in range(players):
            ids = state.legal_action_ids(seat)
            assert ids == fresh.legal_action_ids(seat)
            listed = state.legal_actions(seat)
            assert listed == fresh.legal_actions(seat)
            for action in rng.sample(listed, min(3, len(listed))):
                assert _rules.why_illegal(state, action) is None
                assert _rules.why_illegal(fresh, action) is None
            for action_id in rng.sample(range(uc.num_distinct_actions(players)), 4):
                named = uc.action_from_id(seat, action_id)
                assert (_rules.why_illegal(state, named, state.version, state.build_step)
                        == _rules.why_illegal(fresh, named, fresh.version, fresh.build_step))
