"""KC-12: a view holds what its player may know and nothing else."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import karibou_rules as kc
from tests.karibou.strategies import hidden_variant, short_states_st, states_st


@given(states_st | short_states_st, st.integers(0, 6), st.randoms(use_true_random=False))
def test_kc12_hidden_information_equal_views(
    state: kc.State, seat: int, rng: random.Random
) -> None:
    """KC-12: two states that differ only in what a player cannot see (other hands, pile
    order, discard content, other scores, unnoticed signs, the seed) give that player
    equal views, equal view JSON and equal bot decisions."""
    player = seat % state.num_players
    variant = hidden_variant(state, player, rng)
    assert state.view(player) == variant.view(player)
    assert kc.dumps(state.view(player)) == kc.dumps(variant.view(player))
    assert state.legal_actions(player) == variant.legal_actions(player)
    assert state.legal_action_ids(player) == variant.legal_action_ids(player)
    bot = kc.HeuristicBot()
    view, legal = state.view(player), state.legal_actions(player)
    assert bot.choose(view, legal, random.Random(1)) == bot.choose(
        variant.view(player), variant.legal_actions(player), random.Random(1)
    )


@given(states_st)
def test_kc12_view_json_names_no_hidden_field(state: kc.State) -> None:
    """KC-12: a view's JSON has the own hand and own score only: no other hand, no pile,
    no scores list, no seed."""
    for player in range(state.num_players):
        document = json.loads(kc.dumps(state.view(player)))["view"]
        assert not {"hands", "pile", "discard", "scores", "seed", "chance"} & set(document)
        assert document["hand"] == [str(card) for card in state.hands[player]]
        assert document["score"] == state.scores[player]
        assert document["final_scores"] == (list(state.scores) if state.is_over else [])
        for summary in document["round_results"]:
            assert "points" not in summary


def test_kc12_kc16_view_contents() -> None:
    """KC-12, KC-16: own hand, revealed center, face-down count, teams, pile and discard
    sizes, the signs noticed, round summaries with own points only, own score."""
    state = kc.new_game(5, seed=9)
    state = state.apply(kc.Sign(1, kc.Card.DUCK, frozenset({2})))
    state = state.apply(kc.Sign(3, kc.Card.ELK))
    view = state.view(2)
    assert view.hand == state.hands[2] and view.teams == state.teams
    assert view.center == () and view.center_face_down == 4
    assert (view.pile_size, view.discard_size) == (len(state.pile), len(state.discard))
    assert view.signs == (kc.SignSeen(1, kc.Card.DUCK), kc.SignSeen(3, kc.Card.ELK))
    assert state.view(0).signs == (kc.SignSeen(3, kc.Card.ELK),)
    assert state.view(1).signs == (kc.SignSeen(1, kc.Card.DUCK), kc.SignSeen(3, kc.Card.ELK))
    revealed = state.apply(kc.Reveal(0)).view(2)
    assert revealed.center == state.center and revealed.center_face_down == 0
    mate = state.teammate(0)
    assert mate is not None
    scored = state.apply(kc.PlacePawn(0, kc.Card.BEAR, mate))
    for seat in range(5):
        (summary,) = scored.view(seat).round_results
        assert summary.own_points == scored.round_results[0].points[seat]
        assert summary.reason is scored.round_results[0].reason
        assert scored.view(seat).score == scored.scores[seat]
        assert scored.view(seat).signs == ()


@pytest.mark.parametrize("seat", [-1, 5, True, 1.0, None, "0"])
def test_kc12_view_of_no_seat_raises_karibou_error(seat: object) -> None:
    """KC-12: asking for the view of something that is not a seat raises the package's
    KaribouError (never a bare ValueError or TypeError)."""
    state = kc.new_game(5, seed=2)
    with pytest.raises(kc.KaribouError, match="no seat"):
        state.view(seat)  # type: ignore[arg-type]


def test_kc12_game_over_view_keeps_a_face_down_center_hidden() -> None:
    """KC-12, KC-14: a game that ends while the center lies face down does not turn it
    up in anyone's view; a finished game's view shows no center at all."""
    state = kc.new_game(4, seed=5, config=kc.Config(winning_score=1))
    opponent = next(seat for seat in (1, 2) if seat != state.teammate(0))
    assert state.phase is kc.Phase.DEALT
    over = state.apply(kc.PlacePawn(0, kc.Card.DUCK, opponent))
    assert over.is_over
    for seat in range(4):
        view = over.view(seat)
        assert view.center == () and view.center_face_down == 4


def _finished(players: int, seed: int) -> kc.State:
    """A game played to its end by random legal actions."""
    rng = random.Random(seed)
    state = kc.new_game(players, seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions(rng.randrange(players))))
    return state


@given(states_st | short_states_st)
def test_kc18_scores_are_secret_until_the_game_ends(state: kc.State) -> None:
    """KC-18, KC-12: while the game goes on a view (and its JSON) holds the viewer's own
    score only; once it is over, every seat's final score."""
    for player in range(state.num_players):
        view = state.view(player)
        document = json.loads(kc.dumps(view))["view"]
        expected = state.scores if state.is_over else ()
        assert view.final_scores == expected
        assert document["final_scores"] == list(expected)
        assert view.score == state.scores[player]


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_kc18_a_finished_game_shows_every_score_to_all(players: int, seed: int) -> None:
    """KC-18: when the game ends every player's view shows every player's score, the
    winners are the highest of them, and the view round-trips through its JSON."""
    over = _finished(players, seed)
    for player in range(players):
        view = over.view(player)
        assert view.final_scores == over.scores and view.winners == over.winners
        assert max(view.final_scores) >= over.config.winning_score
        assert kc.loads_view(kc.dumps(view)) == view


@pytest.mark.parametrize(
    "edit",
    [
        lambda scores: scores[:-1],  # a score missing
        lambda scores: [*scores, 0],  # one too many
        lambda scores: [scores[0] + 1, *scores[1:]],  # the viewer's score changed
        lambda scores: [scores[0], *(11 for _ in scores[1:])],  # beyond the end
        lambda scores: [scores[0], *(max(scores) + 1 for _ in scores[1:])],  # other winners
        lambda scores: [scores[0], *(0 for _ in scores[1:])],  # below the rounds' points
        lambda scores: [scores[0], *(str(s) for s in scores[1:])],
    ],
)
def test_kc18_forged_final_scores_are_rejected(edit: Any) -> None:
    """KC-18, KC-11: final scores that contradict the viewer's score, the winners or the
    rounds' points, or that a game still going on shows, are refused by loads_view."""
    over = _finished(5, 3)
    document = json.loads(kc.dumps(over.view(0)))
    document["view"]["final_scores"] = edit(document["view"]["final_scores"])
    with pytest.raises(kc.SerializationError):
        kc.loads_view(json.dumps(document))
    going = json.loads(kc.dumps(kc.new_game(5, seed=3).view(0)))
    going["view"]["final_scores"] = [0, 0, 0, 0, 0]
    with pytest.raises(kc.SerializationError, match="KC-18"):
        kc.loads_view(json.dumps(going))


@given(states_st | short_states_st, st.integers(0, 6))
def test_kc12_a_view_lists_its_seats_ids_from_the_view_alone(state: kc.State, seat: int) -> None:
    """KC-12: ``View.legal_action_ids`` is the seat's ``State.legal_action_ids``, and the
    ids of ``View.legal_actions``, sorted (as in Unhappy Campers)."""
    player = seat % state.num_players
    view = state.view(player)
    assert view.legal_action_ids() == state.legal_action_ids(player)
    assert view.legal_action_ids() == sorted(kc.action_id(a) for a in view.legal_actions())
