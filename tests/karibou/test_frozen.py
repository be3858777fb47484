"""The compiled hot path's own ways to build and score (issue 29): ``_frozen`` builds the
same frozen records as the classes' constructors, ``_scoring`` gives the rulebook's scores
(KC-8, KC-9, KC-10), and the check of an action of an id (``current_problem``, no shape
check for the interned actions) refuses what ``why_illegal`` refuses (KC-17)."""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from collections.abc import Callable

import attrs
import pytest

import karibou_rules as kc
from karibou_rules import _frozen, _ids, _rules, _scoring
from karibou_rules._cards import Card, Team, family_of
from karibou_rules._deal import ChanceStream, deal_round
from karibou_rules._results import REASONS, RoundEnd, RoundResult
from karibou_rules._round import SignRecord, SignSeen
from karibou_rules._state import State
from tests.karibou.strategies import long_round_play


def _states(seed: int, players: int) -> list[State]:
    """Every state of a seeded random game (ids played at random seats)."""
    rng = random.Random(seed)
    state = kc.new_game(players, seed)
    states = [state]
    while not state.is_over:
        seat = rng.randrange(players)
        legal = state.legal_action_ids(seat)
        state = state.apply_action_id(seat, legal[rng.randrange(len(legal))])
        states.append(state)
    return states


STATE_MARKS: dict[str, object] = {
    "num_players": 1001, "config": kc.Config(winning_score=17), "seed": 1002, "chance": 1003,
    "teams": (1004,), "hands": (1005,), "center": (1006,), "pile": (1007,),
    "discard": (1008,), "phase": kc.Phase.SCOUT, "scout_player": 1009,
    "passed": frozenset({1010}), "signs": (1011,), "scores": (1012,),
    "round_results": (1013,), "version": 1014,
}
"""A value of each State field's type, no two alike (a compiled builder takes only those)."""
SIGN_MARKS: dict[str, object] = {
    "player": 1001, "species": Card.MARMOT, "noticed_by": frozenset({1002}),
}
"""The same for SignRecord's fields."""
RESULT_MARKS: dict[str, object] = {
    "number": 1001, "teams": (1002,), "placed_by": 1003, "tile": kc.ALL_ANIMALS,
    "named": 1004, "hand": (1005,), "family": Card.BEAR, "reason": RoundEnd.ACCUSATION,
    "points": (1006,),
}
"""The same for RoundResult's fields."""


def _marks(cls: type, marks: dict[str, object]) -> list[object]:
    names = [field.name for field in attrs.fields(cls)]
    assert sorted(names) == sorted(marks)
    return [marks[name] for name in names]


def test_new_state_sets_every_field_of_state_in_order() -> None:
    """Each of State's attrs fields gets the argument in its place: none is left out or
    swapped (KC-17's version among them)."""
    marks = _marks(State, STATE_MARKS)
    made = _frozen.new_state(State, *marks)  # type: ignore[arg-type]
    assert type(made) is State
    assert [getattr(made, field.name) for field in attrs.fields(State)] == marks


def test_round_result_sets_every_field_of_round_result_in_order() -> None:
    """Each of RoundResult's attrs fields gets the argument in its place (KC-10)."""
    marks = _marks(RoundResult, RESULT_MARKS)
    made = _frozen.round_result(*marks)  # type: ignore[arg-type]
    assert type(made) is RoundResult
    assert [getattr(made, field.name) for field in attrs.fields(RoundResult)] == marks


def test_sign_record_sets_every_field_of_sign_record_in_order() -> None:
    """Each of SignRecord's attrs fields gets the argument in its place (KC-7), and its
    ``seen`` is made on the first read, as for a record the class makes."""
    marks = _marks(SignRecord, SIGN_MARKS)
    made = _frozen.sign_record(*marks)  # type: ignore[arg-type]
    assert type(made) is SignRecord
    assert [getattr(made, field.name) for field in attrs.fields(SignRecord)] == marks
    assert made.seen == SignRecord(*marks).seen == SignSeen(1001, Card.MARMOT)  # type: ignore[arg-type]
    assert made.seen is made.seen


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 0), (5, 9), (7, 4)])
def test_the_records_built_are_the_ones_the_constructors_build(players: int, seed: int) -> None:
    """Every state and round result of seeded games equals, hashes, pickles, copies and
    evolves as the one its class's constructor makes from the same fields (KC-10, KC-17)."""
    for state in _states(seed, players):
        fields = [getattr(state, field.name) for field in attrs.fields(State)]
        made = State(*fields)
        assert made == state and hash(made) == hash(state)
        assert pickle.loads(pickle.dumps(state)) == made
        assert copy.copy(state) == made
        assert attrs.evolve(state, version=state.version) == made
        assert kc.loads(kc.dumps(state)) == made
        for result in state.round_results:
            again = RoundResult(*(getattr(result, f.name) for f in attrs.fields(RoundResult)))
            assert again == result and hash(again) == hash(result)
            assert result.summaries == again.summaries
        for sign in state.signs:
            again_sign = SignRecord(sign.player, sign.species, sign.noticed_by)
            assert again_sign == sign and hash(again_sign) == hash(sign)
            assert pickle.loads(pickle.dumps(sign)) == again_sign


def test_the_family_of_scoring_is_family_of() -> None:
    """KC-9: for every sorted hand of 4 to 6 faces and every team card, the family the
    scoring reads is :func:`family_of`'s."""
    for size in (4, 5, 6):
        for hand in itertools.combinations_with_replacement(Card, size):
            for team in Team:
                assert _scoring._family(hand, team) is family_of(hand, team)


def test_the_reasons_are_indexed_by_kind_then_rightness() -> None:
    """KC-10: the index ``outcome`` gives is ``3 * kind + rightness``, in RoundEnd's order."""
    kinds = {_scoring.CLAIM: "CLAIM", _scoring.COYOTE_CLAIM: "COYOTE_CLAIM",
             _scoring.ACCUSATION: "ACCUSATION"}
    for kind, name in kinds.items():
        assert REASONS[3 * kind + _scoring.EXACT] is RoundEnd[name]
        assert REASONS[3 * kind + _scoring.ON_ALL] is RoundEnd[f"{name}_ALL_ANIMALS"]
        assert REASONS[3 * kind + _scoring.WRONG] is RoundEnd[f"WRONG_{name}"]


def test_every_interned_action_is_well_formed_and_only_those_skip_the_shape_check() -> None:
    """KC-4..KC-8: each action of an id passes ``shape_fault``; an equal copy (not
    interned) gets the same answer from ``why_illegal`` in every state of a game."""
    assert len(_ids.INTERNED) == sum(len(row) for row in _ids.ACTIONS)
    assert all(_rules.shape_fault(action) is None for row in _ids.ACTIONS for action in row)
    for state in _states(2, 5)[:12]:
        for seat in range(7):
            for action in _ids.ACTIONS[seat]:
                twin = attrs.evolve(action)
                assert id(twin) not in _ids.INTERNED
                assert _rules.why_illegal(state, action) == _rules.why_illegal(state, twin)


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 7), (5, 1), (6, 3), (7, 8)])
def test_apply_action_id_refuses_and_applies_as_apply_does(players: int, seed: int) -> None:
    """Differential (KC-2, KC-11, KC-17): for every seat of any game and every id, in
    every state of seeded games (over ones included), ``apply_action_id`` raises the error
    ``apply(action_from_id(...))`` raises, with the same message, or gives the same state."""
    states = _states(seed, players)
    for state in [*states[::3], states[-1]]:
        for seat in range(7):
            for action_id in range(_ids.SPACE):
                try:
                    expected: object = state.apply(kc.action_from_id(seat, action_id))
                except kc.KaribouError as error:
                    expected = (type(error), str(error))
                try:
                    got: object = state.apply_action_id(seat, action_id)
                except kc.KaribouError as error:
                    got = (type(error), str(error))
                assert got == expected


KIND_CHECKS: dict[type, Callable[..., object]] = {
    kc.Reveal: _rules._check_reveal, kc.Exchange: _rules._check_exchange,
    kc.PlayScout: _rules._check_play_scout, kc.CompleteHand: _rules._check_complete,
    kc.Pass: _rules._check_pass, kc.Sign: _rules._check_sign,
    kc.PlacePawn: _rules._check_pawn,
}
KIND_EFFECTS: dict[type, Callable[..., object]] = {
    kc.Reveal: _rules._reveal, kc.Exchange: _rules._exchange,
    kc.PlayScout: _rules._play_scout, kc.CompleteHand: _rules._complete,
    kc.Pass: _rules._pass, kc.Sign: _rules._sign, kc.PlacePawn: _rules._place_pawn,
}


@pytest.mark.parametrize("seed", [0, 4, 9])
def test_each_action_kind_is_checked_and_performed_by_its_own_rule(seed: int) -> None:
    """KC-4..KC-8, KC-14, KC-15: the rules' dispatch by an action's kind (a chain of type
    tests, no dict of functions) gives every action of every seat, legal or not, in the
    states of games (long rounds with exchanges, Scouts and passes, and random ones),
    the check of its own kind, and every legal one the effect of its own kind."""
    players = 3 + seed % 5
    kinds = set()
    states = _states(seed, players)[:-1] + [
        long_round_play(players, seed, steps) for steps in range(0, 80, 4)]
    for state in states:
        for seat in range(players):
            legal = {id(action) for action in state.legal_actions(seat)}
            for action in _ids.ACTIONS[seat][: _ids.num_distinct_actions(players)]:
                kind = type(action)
                problem = _rules._kind_problem(state, action)
                assert problem == KIND_CHECKS[kind](state, action), action
                if id(action) in legal:
                    kinds.add(kind)
                    assert _rules._perform(state, action) == KIND_EFFECTS[kind](state, action)
    assert kinds == set(KIND_EFFECTS)


@pytest.mark.parametrize(("players", "seed"), [(3, 2), (4, 7), (5, 3), (7, 8)])
def test_kc8_a_pawn_id_is_checked_and_placed_on_the_fields_its_id_spells(
    players: int, seed: int
) -> None:
    """KC-8, KC-10, KC-11, KC-17: the id path takes a pawn's tile and named seat from its
    id, reading no field back from the action: for every seat (of no game too) and pawn id,
    in every state of seeded games (over ones included), ``_open_problem`` of the fields
    the id path reads, then ``_pawn_problem`` of those fields, is ``current_problem`` of
    the id's action, and a legal one is placed (``_placed``, given the fields its caller
    read) as ``_place_pawn`` places the action."""
    pawns = range(_ids.PAWN_BASE, _ids.num_distinct_actions(players))
    checked = placed = 0
    for state in _states(seed, players)[::2]:
        for seat, action_id in itertools.product(range(7), pawns):
            action = kc.action_from_id(seat, action_id)
            assert isinstance(action, kc.PlacePawn)
            tile = _rules._TILES[(action_id - _ids.PAWN_BASE) % _rules._TILE_COUNT]
            named = (action_id - _ids.PAWN_BASE) // _rules._TILE_COUNT
            assert (tile, named) == (action.tile, action.named)
            problem = _rules._open_problem(
                state.phase, state.version, state.num_players, seat
            ) or _rules._pawn_problem(state.teams, seat, tile, named)
            assert problem == _rules.current_problem(state, action)
            checked += 1
            if problem is None:
                assert _rules._placed(
                    state, seat, tile, named, state.teams, state.num_players, state.version
                ) == _rules._place_pawn(state, action)
                placed += 1
    assert placed and checked > placed


@pytest.mark.parametrize("players", range(3, 8))
def test_kc2_new_game_is_the_state_its_class_builds(players: int) -> None:
    """KC-2, KC-11, KC-17: ``new_game`` (built by ``_frozen.new_state``, the default
    options made once) is, field by field, the State its class makes of event 0's deal,
    the rulebook's options, no score and version 0, for any seed the range allows."""
    for seed in [0, 1, 2**63, kc.MAX_SEED]:
        teams, hands, center, pile, discard = deal_round(players, ChanceStream(seed, 0))
        made = State(players, kc.Config(), seed, 1, teams, hands, center, pile, discard,
                     kc.Phase.DEALT, None, frozenset(), (), (0,) * players, (), 0)
        state = kc.new_game(players, seed)
        assert [getattr(state, field.name) for field in attrs.fields(State)] == [
            getattr(made, field.name) for field in attrs.fields(State)]
        assert type(state.seed) is int and state.config.winning_score == 9
        assert kc.new_game(players, seed, kc.Config(winning_score=3)).config.winning_score == 3


@pytest.mark.parametrize("winning", [1, 2, 5, 9, 12])
def test_kc11_the_id_path_ends_the_game_at_its_own_winning_score(winning: int) -> None:
    """KC-11: the id path reads the winning score of a game's own ``Config`` (a new one
    with the rulebook's 9 too, not the shared default): in random games of 3 to 7 players,
    every id applied gives the state ``apply(action_from_id(...))`` gives, and the game is
    over exactly when a score reaches ``winning``."""
    config = kc.Config(winning_score=winning)
    for players in range(3, 8):
        rng = random.Random(winning * 10 + players)
        state = kc.new_game(players, winning + players, config)
        while not state.is_over:
            seat = rng.randrange(players)
            legal = state.legal_action_ids(seat)
            action_id = legal[rng.randrange(len(legal))]
            after = state.apply_action_id(seat, action_id)
            assert after == state.apply(kc.action_from_id(seat, action_id))
            assert after.is_over == (max(after.scores) >= winning)
            state = after
        assert state.config is config


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (5, 6), (7, 2)])
def test_kc11_is_over_is_a_property_read_by_the_rules_getter(players: int, seed: int) -> None:
    """KC-11: ``State.is_over`` is still a documented property, whose getter is the rules'
    ``is_over``: in every state of seeded games it is whether the phase is over, and only
    the last state of a game is over."""
    assert isinstance(State.__dict__["is_over"], property)
    assert State.__dict__["is_over"].fget is _rules.is_over
    assert "winning score (KC-11)" in (State.is_over.__doc__ or "")
    states = _states(seed, players)
    assert [state.is_over for state in states] == [
        state.phase is kc.Phase.OVER for state in states]
    assert [state.is_over for state in states].index(True) == len(states) - 1
