"""The shared observation tensor and action mask of Karibou Camp's envs (KC-12)."""

from __future__ import annotations

import random

import attrs
import pytest

np = pytest.importorskip("numpy")

import karibou_rules as kc  # noqa: E402
from karibou_rules._round import Phase, SignRecord  # noqa: E402
from karibou_rules._tensor import (  # noqa: E402
    action_mask,
    encode,
    fields,
    observation,
    observation_high,
    observation_size,
    wait_id,
)
from tests.rl import karibou_policy  # noqa: E402

PLAYERS = (3, 4, 5, 6, 7)


def _hidden_perturbation(state: kc.State, viewer: int, rng: random.Random) -> kc.State:
    """A state that ``viewer`` cannot tell from ``state`` (KC-12): the other hands, the
    pile, the discard pile (and a face-down center) dealt anew from their cards, other
    seats' scores and round points, the signs the viewer did not notice, who noticed
    each sign besides the viewer, and the seed."""
    face_down = state.phase in (Phase.DEALT, Phase.OVER)
    others = [seat for seat in range(state.num_players) if seat != viewer]
    zones = [state.hands[seat] for seat in others] + [state.pile, state.discard]
    if face_down:
        zones.append(state.center)
    pool = [card for zone in zones for card in zone]
    rng.shuffle(pool)
    dealt = []
    for zone in zones:
        dealt.append(tuple(pool[: len(zone)]))
        del pool[: len(zone)]
    hands = list(state.hands)
    for seat, hand in zip(others, dealt, strict=False):
        hands[seat] = tuple(sorted(hand))
    pile, discard = dealt[len(others)], tuple(sorted(dealt[len(others) + 1]))
    center = tuple(sorted(dealt[-1])) if face_down else state.center
    scores = list(state.scores)
    if not state.is_over:
        for seat in others:
            scores[seat] = rng.randrange(state.config.winning_score)
    signs = []
    for sign in state.signs:
        seen = sign.player == viewer or viewer in sign.noticed_by
        species = sign.species if seen else rng.choice(kc.SPECIES)
        noticers = {s for s in range(state.num_players) if s != sign.player and rng.random() < 0.5}
        noticers = (noticers | {viewer}) if viewer in sign.noticed_by else noticers - {viewer}
        signs.append(SignRecord(sign.player, species, frozenset(noticers)))
    results = tuple(
        attrs.evolve(result, points=tuple(
            own if seat == viewer else rng.randrange(3) for seat, own in enumerate(result.points)
        ))
        for result in state.round_results
    )  # fmt: skip
    return attrs.evolve(
        state, hands=tuple(hands), pile=pile, discard=discard, center=center,
        scores=tuple(scores), signs=tuple(signs), round_results=results,
        seed=rng.randrange(2**32), chance=rng.randrange(100),
    )  # fmt: skip


@pytest.mark.parametrize("players", PLAYERS)
def test_tensor_is_unchanged_by_what_the_seat_cannot_see_kc_12(players: int) -> None:
    """KC-12: a seat's tensor and mask depend on its view only: perturbing everything
    it cannot see (others' hands, the piles, a face-down center, others' scores, the
    signs it did not notice, the seed) leaves them equal."""
    rng = random.Random(players)
    changed = 0
    for state in karibou_policy.states(players, seed=players, count=150):
        for viewer in range(players):
            other = _hidden_perturbation(state, viewer, rng)
            changed += other != state
            np.testing.assert_array_equal(
                observation(state.view(viewer)), observation(other.view(viewer))
            )
            np.testing.assert_array_equal(
                action_mask(state.legal_action_ids(viewer), players),
                action_mask(other.legal_action_ids(viewer), players),
            )
    assert changed > 140 * players  # the perturbations really changed the hidden parts


@pytest.mark.parametrize("players", PLAYERS)
def test_tensor_fields_show_the_view_kc_12(players: int) -> None:
    """KC-12: each field shows its part of the view (own hand, face-up center, teams,
    passes, signs seen, own score) within the documented bounds."""
    where = fields(players)
    high = observation_high(players)
    assert sum(s.stop - s.start for s in where.values()) == observation_size(players)
    for state in karibou_policy.states(players, seed=10 + players, count=120):
        for viewer in range(players):
            view = state.view(viewer)
            tensor = observation(view)
            assert tensor.dtype == np.float32 and (tensor >= 0).all() and (tensor <= high).all()
            assert tensor[where["hand"]].tolist() == [view.hand.count(c) for c in kc.Card]
            assert tensor[where["center"]].tolist() == [view.center.count(c) for c in kc.Card]
            assert tensor[where["center_down"]][0] == view.center_face_down
            assert tensor[where["seat"]].argmax() == viewer
            teams = tensor[where["teams"]].reshape(players, 4)
            assert teams.argmax(axis=1).tolist() == [int(team) for team in view.teams]
            assert set(np.flatnonzero(tensor[where["passed"]]).tolist()) == set(view.passed)
            signs = tensor[where["signs"]].reshape(players, 7)
            assert {(s, k) for s, k in zip(*np.nonzero(signs), strict=True)} == {
                (sign.player, int(sign.species)) for sign in view.signs
            }
            assert tensor[where["score"]][0] == view.score
            assert tensor[where["to_complete"]][0] == (view.scout_player == viewer)


@pytest.mark.parametrize("players", PLAYERS)
def test_mask_is_the_legal_ids_and_waiting_kc_13(players: int) -> None:
    """KC-13: the mask holds exactly the seat's legal ids, plus waiting while the game
    goes on (every seat may act, or not, at every moment)."""
    for state in karibou_policy.states(players, seed=20 + players, count=100):
        for seat in range(players):
            mask = action_mask(state.legal_action_ids(seat), players)
            legal = state.legal_action_ids(seat)
            expected = [*legal, wait_id(players)] if legal else []
            assert np.flatnonzero(mask).tolist() == expected
            assert mask.dtype == np.int8


def _played_states(players: int, seed: int) -> list[kc.State]:
    """States of uniform random play (short rounds, games that end) and of the policy
    that reaches every action kind (signs, Scouts, passes)."""
    states = karibou_policy.states(players, seed=seed, count=150)
    return states + karibou_policy.uniform_states(players, (seed, seed + 1))


@pytest.mark.parametrize("players", PLAYERS)
def test_encoding_from_the_state_is_the_views_tensor_kc_12(players: int) -> None:
    """KC-12: ``encode(state, seat)``, read from the state without a view, equals the
    tensor of that seat's view, for every seat of many states (face-down and face-up
    centers, signs made and noticed, Scouts, passes, finished games), as a new array."""
    states = _played_states(players, seed=60 + players)
    assert any(state.is_over for state in states) and any(state.signs for state in states)
    assert any(state.phase is Phase.SCOUT for state in states)
    for state in states:
        for seat in range(players):
            tensor = encode(state, seat)
            assert tensor.dtype == np.float32 and tensor.flags.writeable
            np.testing.assert_array_equal(tensor, observation(state.view(seat)))
            tensor[:] = -1  # the caller's: the next encoding is not this array
            np.testing.assert_array_equal(encode(state, seat), observation(state.view(seat)))


@pytest.mark.parametrize("players", PLAYERS)
def test_encoding_from_the_state_ignores_what_the_seat_cannot_see_kc_12(players: int) -> None:
    """KC-12: two states that differ only in what a seat cannot see (others' hands, the
    piles' cards, a face-down center, others' scores in play, the signs it did not
    notice, the seed) give that seat equal encodings, though read from the state."""
    rng = random.Random(70 + players)
    changed = 0
    for state in _played_states(players, seed=70 + players):
        for seat in range(players):
            twin = _hidden_perturbation(state, seat, rng)
            changed += twin != state
            np.testing.assert_array_equal(encode(state, seat), encode(twin, seat))
    assert changed > 100 * players  # the twins really differ in what is hidden


def test_encoding_refuses_a_seat_of_no_game_kc_2() -> None:
    """KC-2: ``encode`` of a seat the game does not have raises the library's SeatError."""
    state = kc.new_game(4, 1)
    for seat in (-1, 4, 9):
        with pytest.raises(kc.SeatError):
            encode(state, seat)


@pytest.mark.parametrize("players", (3, 5, 7))
def test_masks_are_new_arrays_kc_13(players: int) -> None:
    """KC-13: :func:`action_mask` of every seat's legal ids is a new array each time:
    changing one changes no later mask."""
    for state in _played_states(players, seed=80 + players):
        for seat in range(players):
            legal = state.legal_action_ids(seat)
            mask = action_mask(legal, players)
            np.testing.assert_array_equal(mask, action_mask(legal, players))
            assert mask.dtype == np.int8 and mask.flags.writeable
            fresh = action_mask(legal, players)
            mask[:] = 1 - mask
            assert not np.shares_memory(mask, fresh)
            np.testing.assert_array_equal(action_mask(legal, players), fresh)
