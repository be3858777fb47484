"""The compiled hot path builds the public State and the actions field by field (issue
29, ``_frozen``): each record is the one the class's constructor makes from the same
fields, whatever the build (UC-32's version and the build fields among them)."""

from __future__ import annotations

import copy
import pickle
import random
from typing import get_args

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _frozen
from campers_rules._actions import Action, Step
from campers_rules._board import Site
from campers_rules._groups import PLACEMENTS, Group, GroupKind, Placed, sorted_group
from campers_rules._pending import PassChoice, SprayWindow
from campers_rules._state import State, View

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
VIEW_MARKS: dict[str, object] = {
    "player": 2001, "num_players": 2002, "config": uc.Config(rounds=3), "round": 2003,
    "dealer": 2004, "turn": 2005, "phase": uc.Phase.DRAW, "turns_taken": 2006,
    "action_played": True, "hand": (2007,), "hand_sizes": (2008,), "deck_size": 2009,
    "discard": (2010,), "table": (2011,), "campground": (2012,), "pile_size": 2013,
    "kept": (2014,), "skips": (2015,), "pending": None, "scores": (2016,),
    "round_results": (2017,), "version": 2018, "building": (2019,), "build_step": 2020,
}
"""A value of each field of View, no two alike."""


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


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 0), (6, 2)])
def test_the_states_built_are_the_ones_the_constructor_builds(players: int, seed: int) -> None:
    """UC-32: every state of seeded id games (open builds included) equals, hashes,
    pickles, copies, evolves and round-trips through JSON as the one State's constructor
    makes from the same fields, and carries the build options only a build step derives."""
    states = _id_states(seed, players)
    assert any(state.building for state in states)  # the games open builds
    for index, state in enumerate(states):
        fields = [getattr(state, f.name) for f in attrs.fields(State) if f.init]
        made = State(*fields)
        assert made == state and hash(made) == hash(state)
        assert (made.building, made.build_step) == (state.building, state.build_step)
        assert copy.copy(state) == made
        assert attrs.evolve(state, version=state.version) == made
        assert (state.build_options is not None) == bool(state.building)
        if index % 10 == 0 or state.building:
            assert pickle.loads(pickle.dumps(state)) == made
            assert uc.loads(uc.dumps(state)) == made


def test_new_action_sets_every_field_of_every_action_class_in_order() -> None:
    """Every action and build step class of the vocabulary (UC-6..UC-18, the build steps
    of UC-7) has plain fields (no validator, converter or post-init to skip), and
    ``new_action`` sets each in its place, making the record the class makes."""
    kinds = (*get_args(Action), *get_args(Step))
    assert set(_frozen.FIELD_NAMES) == set(kinds)
    for kind in kinds:
        fields = attrs.fields(kind)
        assert not hasattr(kind, "__attrs_post_init__"), kind
        assert all(f.init and f.validator is None and f.converter is None for f in fields), kind
        marks = [2000 + i for i in range(len(fields))]
        made = _frozen.new_action(kind, *marks)
        assert type(made) is kind
        assert [getattr(made, f.name) for f in fields] == marks
        assert made == kind(*marks) and hash(made) == hash(kind(*marks))
        assert str(made) == str(kind(*marks)) and repr(made) == repr(kind(*marks))
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            made.player = 1


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_actions_of_ids_are_the_ones_their_classes_build(players: int) -> None:
    """UC-7: each id's action (every id below the seat blocks, and each seat block's) is
    equal, hashes, pickles and prints as its class's constructor makes it from its
    fields, and names its id back; so does each listed claim, add, new group,
    rearrangement, squat, swap, Bear Attack and Trash Panda of seeded games (UC-7, UC-9,
    UC-10, UC-11, UC-13, UC-17)."""
    total = uc.num_distinct_actions(players)
    for player in range(players):
        for action_id in range(player, total, 13):
            action = uc.action_from_id(player, action_id)
            again = type(action)(*(getattr(action, f.name) for f in attrs.fields(type(action))))
            assert again == action and hash(again) == hash(action)
            assert pickle.loads(pickle.dumps(action)) == again
            assert str(again) == str(action)
            assert uc.action_id(action) == action_id
    kinds = (uc.Squat, uc.SwapWild, uc.BearAttack, uc.TrashPanda, uc.AddCard, uc.Claim,
             uc.AddGroup, uc.Rearrange)
    seen = set()
    for state in _id_states(players, players)[::5]:
        for seat in state.actors:
            for action in state.legal_actions(seat):
                if isinstance(action, kinds):
                    seen.add(type(action))
                    fields = [getattr(action, f.name) for f in attrs.fields(type(action))]
                    assert type(action)(*fields) == action
    assert seen  # the games list some of them


@given(st.sampled_from(list(GroupKind)), st.lists(st.sampled_from(PLACEMENTS), max_size=12),
       st.integers(0, 30), st.lists(st.integers(0, 30), max_size=4))
def test_a_group_and_a_site_built_field_by_field_are_the_constructors(
        kind: GroupKind, cards: list[Placed], campsite: int, sizes: list[int]) -> None:
    """UC-4, UC-7: ``new_group`` and ``new_site`` (a table move's records, issue 29) make
    the records ``sorted_group`` and ``Site`` make of the same fields, their very values,
    frozen as those are."""
    ordered = tuple(sorted(cards))
    group = _frozen.new_group(kind, ordered)
    assert type(group) is Group and group == sorted_group(kind, ordered) == Group(kind, cards)
    assert group.kind is kind and group.cards is ordered
    groups = tuple(Group(kind, ordered[:size]) for size in sizes)
    site = _frozen.new_site(campsite, groups)
    assert type(site) is Site and site == Site(campsite, groups) and site.groups is groups
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        site.campsite = campsite + 1  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        group.cards = ()  # type: ignore[misc]


def test_new_view_sets_every_field_of_view_in_order() -> None:
    """Each of View's fields (all init fields) gets the argument in its place, none left
    out or swapped (``State.view`` builds its views so, issue 29)."""
    names = [field.name for field in attrs.fields(View)]
    assert all(field.init for field in attrs.fields(View))
    assert sorted(names) == sorted(VIEW_MARKS)
    marks = [VIEW_MARKS[name] for name in names]
    made = _frozen.new_view(View, *marks)  # type: ignore[arg-type]
    assert type(made) is View
    assert [getattr(made, name) for name in names] == marks
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.turn = 2  # type: ignore[misc]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 0), (5, 7), (6, 2)])
def test_the_views_built_are_the_ones_the_constructor_builds(players: int, seed: int) -> None:
    """UC-23: every seat's view of every state of seeded id games (open builds, Bear Spray
    windows and Lost Camper passes included) equals, hashes, pickles, copies, evolves and
    round-trips through JSON as the one View's constructor makes from the same fields,
    and its public pending decision is the one its class's constructor makes."""
    states = _id_states(seed, players)
    pendings: set[type] = set()
    for index, state in enumerate(states):
        for seat in range(players):
            view = state.view(seat)
            fields = [getattr(view, f.name) for f in attrs.fields(View)]
            made = View(*fields)
            assert type(view) is View
            assert made == view and hash(made) == hash(view)
            assert made.build_step == view.build_step
            pending = view.pending
            if isinstance(pending, SprayWindow | PassChoice):
                pendings.add(type(pending))
                names = [f.name for f in attrs.fields(type(pending))]
                again = type(pending)(*[getattr(pending, name) for name in names])
                assert again == pending and hash(again) == hash(pending)
            if index % 5 == 0 or pending is not None:
                for copied in (pickle.loads(pickle.dumps(view)), copy.copy(view),
                               copy.deepcopy(view), attrs.evolve(view)):
                    assert copied == view and copied.build_step == view.build_step
                assert uc.loads_view(uc.dumps(view)) == view
    assert pendings, "the games open a Bear Spray window or a Lost Camper pass"
