"""Offers (issue 30 part 3): ``state.offer(seat)`` and ``view.offer()``, one JSON-ready shape
in both games; hidden-information twins give equal offers (UC-23, UC-14, KC-12); every
listed text parses back to a legal action and every id names its move (UC-7)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
import karibou_rules as kc
from tests.campers.game_strategies import random_walk
from tests.campers.test_game_hidden import _reshuffle_hidden
from tests.karibou.strategies import hidden_variant, states_st
from tests.test_envelope import STARTS, TAGS
from tests.test_one_protocol import walk

PACKAGES = {"campers": uc, "karibou": kc}
KEYS = {"format", "game", "version", "view", "legal", "must_act"}


def check_offer(package: Any, state: Any, seat: int) -> dict[str, Any]:
    """Check one offer against the state it was made from; return it."""
    name = "campers" if package is uc else "karibou"
    view = state.view(seat)
    offered: dict[str, Any] = state.offer(seat)
    assert offered == view.offer()
    assert json.loads(json.dumps(offered)) == offered
    assert set(offered) == KEYS
    assert (offered["format"], offered["game"]) == (TAGS[name], name)
    assert offered["version"] == state.version == offered["view"]["version"]
    document = {"format": offered["format"], "view": offered["view"]}
    assert document == json.loads(package.dumps(view))
    assert package.loads_view(json.dumps(document)) == view
    legal = state.legal_actions(seat)
    assert [move["text"] for move in offered["legal"]] == [str(a) for a in legal]
    ids = state.legal_action_ids(seat)
    for move, action in zip(offered["legal"], legal, strict=True):
        parsed = package.parse_action(move["text"])
        numbers = (state.version, state.build_step) if package is uc else (state.version,)
        assert parsed == action and state.is_legal(parsed, *numbers)
        assert type(move["id"]) is int and move["id"] in ids
    return offered


@pytest.mark.parametrize("name", PACKAGES)
@pytest.mark.parametrize("seed", [0, 4, 11, 30])
def test_an_offer_is_the_seats_view_moves_and_version(name: str, seed: int) -> None:
    """UC-23, KC-12 (embedding contract): at every state of random games each seat's offer
    is JSON-ready, holds the format tag, the game, the state version, the view as the
    envelope's payload and the seat's legal moves, whose texts parse back to the legal
    actions and whose ids are legal ids."""
    package = PACKAGES[name]
    for state in walk(package, seed, steps=80)[::4]:
        for seat in range(state.num_players):
            check_offer(package, state, seat)


@pytest.mark.parametrize("seed", [1, 6, 12])
def test_uc6_campers_must_act_is_being_an_actor(seed: int) -> None:
    """UC-6, UC-14, UC-18: a Campers seat must act exactly when it is one of the state's
    actors (the turn's player, or a seat a decision waits on), and then it has moves."""
    for state in random_walk(4, seed, 150)[::3]:
        for seat in range(4):
            offered = state.offer(seat)
            assert offered["must_act"] is (seat in state.actors)
            assert bool(offered["legal"]) is offered["must_act"]


@pytest.mark.parametrize("seed", [2, 9])
def test_uc7_inside_an_open_build_a_move_gives_its_next_step(seed: int) -> None:
    """UC-7: a compound move gives the id of its first step, and inside an open build the
    id of the step after the build, which applies (``apply_action_id``) to the build's
    next state; abandon gives its own id."""
    opened = 0
    for state in walk(uc, seed, steps=80):
        player = min(state.actors, default=0)
        starts = [i for i in state.legal_action_ids(player) if i in STARTS]
        if not starts:
            continue
        building = state.apply_action_id(player, starts[0])
        offered = check_offer(uc, building, player)
        for move in offered["legal"]:
            action = uc.parse_action(move["text"])
            if type(action) is uc.Abandon:
                assert move["id"] == uc.action_id(action)
                continue
            steps = uc.action_steps(action, state.config)
            assert steps[0] == starts[0] and move["id"] == steps[1]
            building.apply_action_id(player, move["id"], building.version, building.build_step)
        opened += 1
    assert opened


def test_kc5_kc6_karibou_must_act_when_the_table_waits_on_the_seat() -> None:
    """KC-5, KC-6, KC-13: no Karibou seat must act (real time) but the Scout's player
    completing the hand and the last seat that has not passed."""
    state = kc.new_game(4, 3)
    assert not any(state.offer(seat)["must_act"] for seat in range(4))
    state = state.apply(kc.Reveal(0))
    for seat in (0, 1):
        state = state.apply(kc.Pass(seat))
        assert not any(state.offer(other)["must_act"] for other in range(4))
    state = state.apply(kc.Pass(2))
    assert [state.offer(seat)["must_act"] for seat in range(4)] == [False, False, False, True]
    scouting = next(seat for seat in range(4) if kc.Card.SCOUT in state.hands[seat])
    state = state.apply(kc.PlayScout(scouting))
    assert [state.offer(seat)["must_act"] for seat in range(4)] == [
        seat == scouting for seat in range(4)]


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 120), st.integers(0, 5),
       st.randoms(use_true_random=False))
def test_uc23_campers_hidden_twins_give_equal_offers(
    players: int, seed: int, steps: int, viewer: int, rng: random.Random
) -> None:
    """UC-23, UC-14: two states differing only in what a seat cannot see (other hands, the
    deck and pile order, who else is asked in a Bear Spray window) give it equal offers,
    byte for byte."""
    state = random_walk(players, seed, steps)[-1]
    viewer %= players
    if isinstance(state.pending, uc.PassChoice | uc.FishingChoice):
        return  # their hidden parts are the test_game_hidden checks'
    twin = _reshuffle_hidden(state, viewer, rng)
    assert json.dumps(twin.offer(viewer)) == json.dumps(state.offer(viewer))


@settings(max_examples=25, deadline=None)
@given(states_st, st.integers(0, 6), st.randoms(use_true_random=False))
def test_kc12_karibou_hidden_twins_give_equal_offers(
    state: kc.State, seat: int, rng: random.Random
) -> None:
    """KC-12: two states differing only in what a seat cannot see (other hands, the pile,
    the discard, other scores, unnoticed signs, the seed) give it equal offers, byte for
    byte."""
    player = seat % state.num_players
    twin = hidden_variant(state, player, rng)
    assert json.dumps(twin.offer(player)) == json.dumps(state.offer(player))


@pytest.mark.parametrize("name", PACKAGES)
def test_an_offer_for_no_seat_is_refused(name: str) -> None:
    """UC-23, KC-2: an offer for a seat the game does not have raises the package's
    error, as ``view`` does."""
    package = PACKAGES[name]
    root = uc.CampersError if package is uc else kc.KaribouError
    state = package.new_game(3, 1)
    for seat in (3, -1, True, "0"):
        with pytest.raises(root):
            state.offer(seat)
