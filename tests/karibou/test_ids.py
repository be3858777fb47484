"""The fixed integer action space (``num_distinct_actions``, ``action_id``,
``action_from_id``, ``State.legal_action_ids``, ``State.apply_action_id``), against the
object API."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import karibou_rules as kc


def test_every_id_decodes_to_an_action_that_encodes_back_to_it() -> None:
    """Each id of the largest game names one action, and that action has that id."""
    for action_id in range(kc.num_distinct_actions(7)):
        action = kc.action_from_id(3, action_id)
        assert action.player == 3
        assert kc.action_id(action) == action_id


def test_the_space_grows_only_by_the_seats_a_pawn_may_name() -> None:
    """60 ids for the other kinds, then 8 tiles per seat that a pawn may name (KC-8)."""
    assert [kc.num_distinct_actions(n) for n in range(3, 8)] == [84, 92, 100, 108, 116]
    for players in (2, 8, True):
        with pytest.raises(kc.KaribouError):
            kc.num_distinct_actions(players)


def test_a_sign_id_names_the_sign_not_who_noticed_it() -> None:
    """Who notices is not the signer's choice (KC-7, KC-19): one id per species."""
    seen = kc.Sign(1, kc.Card.DUCK, frozenset({0, 2}))
    assert kc.action_id(seen) == kc.action_id(kc.Sign(1, kc.Card.DUCK))
    assert kc.action_from_id(1, kc.action_id(seen)) == kc.Sign(1, kc.Card.DUCK)


@pytest.mark.parametrize("bad", [-1, 116, 10**9, True, 3.0, "3"])
def test_an_id_outside_the_space_is_a_typed_error(bad: object) -> None:
    """A hostile id raises the package's error, never IndexError or TypeError."""
    with pytest.raises(kc.IllegalActionError):
        kc.action_from_id(0, bad)


def test_an_exchange_of_a_species_for_itself_has_no_id() -> None:
    """Giving a species for the same species is no action (KC-15)."""
    with pytest.raises(kc.IllegalActionError):
        kc.action_id(kc.Exchange(0, kc.Card.BEAR, kc.Card.BEAR))


@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 2**32 - 1))
def test_the_id_path_plays_the_same_game_as_the_object_path(players: int, seed: int) -> None:
    """Differential: at every step and seat the legal ids are the sorted ids of the legal
    actions, each id maps back to a listed action, and applying by id gives the same state."""
    rng = random.Random(seed)
    state = kc.new_game(players, seed)
    bound = kc.num_distinct_actions(players)
    while not state.is_over:
        player = rng.randrange(players)
        legal = state.legal_actions(player)
        ids = state.legal_action_ids(player)
        assert ids == sorted({kc.action_id(action) for action in legal})
        assert all(0 <= action_id < bound for action_id in ids)
        assert {kc.action_from_id(player, action_id) for action_id in ids} == set(legal)
        action_id = rng.choice(ids)
        after = state.apply_action_id(player, action_id)
        assert after == state.apply(kc.action_from_id(player, action_id))
        state = after


def test_an_id_is_checked_and_stale_ids_are_refused_like_actions_kc17() -> None:
    """The id path goes through ``apply``: an id illegal now raises and a stale version
    raises StaleActionError (KC-17), the state unchanged."""
    state = kc.new_game(5, seed=3)
    exchange = kc.action_id(kc.Exchange(0, kc.Card.ELK, kc.Card.DUCK))
    with pytest.raises(kc.IllegalActionError):
        state.apply_action_id(0, exchange)  # the center is still face down (KC-14)
    revealed = state.apply_action_id(0, kc.action_id(kc.Reveal(0)), version=state.version)
    assert revealed.version == state.version + 1
    with pytest.raises(kc.StaleActionError):
        revealed.apply_action_id(1, kc.action_id(kc.Pass(1)), version=state.version)


@settings(max_examples=20, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 2**32 - 1))
def test_a_sign_by_id_is_the_sign_of_its_action_at_every_step(players: int, seed: int) -> None:
    """Differential (the id path makes a sign from its id's fields, reading no action):
    at every step of a random game, each seat's every sign id gives the state, and the
    sign record, that applying ``Sign(seat, species)`` gives; once the game is over both
    refuse it alike (KC-11)."""
    assert kc.Card.SCOUT not in kc.SPECIES  # no id names a sign of the Scout (KC-7)
    rng = random.Random(seed)
    state = kc.new_game(players, seed)
    while not state.is_over:
        for seat in range(players):
            for species in kc.SPECIES:
                sign = kc.Sign(seat, species)
                after = state.apply_action_id(seat, kc.action_id(sign))
                assert after == state.apply(sign)
                assert after.signs[-1].noticed_by == frozenset(range(players)) - {seat}
        player = rng.randrange(players)
        state = state.apply_action_id(player, rng.choice(state.legal_action_ids(player)))
    sign = kc.Sign(0, kc.SPECIES[0])
    with pytest.raises(kc.GameOverError) as by_id:
        state.apply_action_id(0, kc.action_id(sign))
    with pytest.raises(kc.GameOverError) as by_object:
        state.apply(sign)
    assert str(by_id.value) == str(by_object.value)
