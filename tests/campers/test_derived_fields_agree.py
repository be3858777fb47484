"""UC-20, UC-21 (issue 27): the fields a state derives from its round results agree with
them, in ``loads``, in ``from_position`` and in the docs (Bounds): the scores are the
sums of the results (zeros before any), the campsites kept are the ones they kept, and a
finished game is at its last round with no turn under way, the deck unshuffled. Whatever
``from_position`` builds, ``dumps`` writes, ``loads`` reads back, and every state its
game reaches saves too; whatever it refuses, ``loads`` refuses."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from tests.campers.game_strategies import random_walk

SCORES = "the scores are not the sums of the round results (UC-20)"
KEPT = "the campsites kept are not the ones the round results kept (UC-20)"


def _document(state: uc.State) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(uc.dumps(state))
    return data


def _refusal(document: dict[str, Any]) -> str:
    with pytest.raises(uc.SerializationError) as info:
        uc.loads(json.dumps(document))
    return str(info.value).removeprefix("impossible state: ")


def _keep_first_of_campground(document: dict[str, Any], seat: int) -> None:
    """Move a campground campsite into the seat's kept row."""
    data = document["data"]
    data["kept"][seat].append(data["campground"].pop(0))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 5), (4, 9), (6, 13)])
def test_uc20_a_round_0_document_with_points_or_kept_campsites_is_refused(
        players: int, seed: int) -> None:
    """UC-20: before any round result, a score ([300, 0, ...], or a single point) or a
    kept campsite does not load, as a state or a view: nothing has been scored or kept
    yet."""
    state = uc.new_game(players, seed)
    for scores in ([300] + [0] * (players - 1), [0] * (players - 1) + [1]):
        document = _document(state)
        document["data"]["scores"] = scores
        assert _refusal(document) == SCORES
    for seat in (0, players - 1):
        document = _document(state)
        _keep_first_of_campground(document, seat)
        assert _refusal(document) == KEPT
    view = json.loads(uc.dumps(state.view(0)))
    view["data"]["scores"][0] = 300
    with pytest.raises(uc.SerializationError, match="the scores are not the sums"):
        uc.loads_view(json.dumps(view))


@pytest.mark.parametrize("seed", [3, 8])
def test_uc20_a_later_round_document_with_extra_points_or_campsites_is_refused(
        seed: int) -> None:
    """UC-20: in a later round too, one point more than the results give, or one more
    campsite kept, does not load."""
    walk = random_walk(3, seed, 3000, uc.Config(rounds=3, turn_cap=12))
    later = next(s for s in walk if s.round_results and not s.is_over)
    assert uc.loads(uc.dumps(later)) == later
    document = _document(later)
    document["data"]["scores"][1] += 1
    assert _refusal(document) == SCORES
    document = _document(later)
    _keep_first_of_campground(document, 2)
    assert _refusal(document) == KEPT


def test_uc20_from_position_refuses_what_loads_refuses() -> None:
    """UC-20: from_position builds no state that loads would refuse: scores or kept
    campsites no round result gave are a PositionError naming the rule."""
    with pytest.raises(uc.PositionError, match="the scores are not the sums"):
        uc.from_position(["G5", "G3"], scores=[300, 0])
    with pytest.raises(uc.PositionError, match="the campsites kept are not the ones"):
        uc.from_position(["G5", "G3", "Y4"], kept=[[], [3], []])
    with pytest.raises(uc.PositionError, match="RoundResults"):
        uc.from_position(["G5", "G3"], round_results=[None])  # type: ignore[list-item]
    result = uc.RoundResult(0, uc.RoundEnd.TURN_CAP, None, ("1", 0), ((), ()))  # type: ignore[arg-type]
    with pytest.raises(uc.PositionError, match="RoundResults"):
        uc.from_position(["G5", "G3"], round_results=[result])
    with pytest.raises(uc.PositionError, match="is not a RoundResult of ints"):
        uc.from_position(["G5", "G3"], round_results=[result], scores=[1, 0], kept=[[], []])


def _positions(seed: int) -> tuple[uc.State, uc.State]:
    """A state a round into a 3-round game, and the same position as from_position
    builds it from its hands, piles, table and round results."""
    walk = random_walk(3, seed, 4000, uc.Config(rounds=3, turn_cap=12))
    later = next(s for s in walk if len(s.round_results) == 1 and s.phase is uc.Phase.DRAW
                 and s.pending is None)
    built = uc.from_position(
        [list(hand) for hand in later.hands], discard=later.discard, deck=later.deck,
        table=[[(site.campsite, list(site.groups)) for site in row] for row in later.table],
        campground=later.campground, turn=later.turn, dealer=later.dealer,
        config=later.config, round_results=later.round_results)
    return later, built


@pytest.mark.parametrize("seed", [2, 7])
def test_uc20_from_position_takes_round_results_and_derives_scores_and_kept(
        seed: int) -> None:
    """UC-20: from_position builds a later round from its round results: the round, the
    scores and the kept campsites are theirs; given again they agree; the state saves,
    reads back, and every state of its game to the end saves and reads back too."""
    later, built = _positions(seed)
    assert (built.round, built.scores, built.kept) == (later.round, later.scores, later.kept)
    assert built.round_results == later.round_results
    again = uc.from_position(
        [list(hand) for hand in later.hands], discard=later.discard, deck=later.deck,
        table=[[(site.campsite, list(site.groups)) for site in row] for row in later.table],
        campground=later.campground, turn=later.turn, config=later.config,
        round_results=later.round_results, scores=later.scores, kept=later.kept)
    assert again.scores == built.scores
    rng = random.Random(seed)
    state = built
    while not state.is_over:
        assert uc.loads(uc.dumps(state)) == state
        actor = rng.choice(sorted(state.actors))
        state = state.apply(rng.choice(state.legal_actions(actor)))
    assert uc.loads(uc.dumps(state)) == state


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4),
       scores=st.lists(st.integers(0, 400), min_size=1, max_size=4))
def test_uc20_round_0_positions_save_iff_they_score_nothing(
        seed: int, players: int, scores: list[int]) -> None:
    """UC-20 (property): a first-round position with given scores is built, and saved
    and read back, exactly when every score is 0; loads agrees with from_position on the
    same document."""
    scores = (scores * players)[:players]
    hands = [""] * players
    try:
        state = uc.from_position(hands, scores=scores, seed=seed)
    except uc.PositionError as error:
        assert any(scores) and SCORES in str(error)
        document = _document(uc.from_position(hands, seed=seed))
        document["data"]["scores"] = scores
        assert _refusal(document) == SCORES
    else:
        assert not any(scores) and uc.loads(uc.dumps(state)) == state


# ----------------------------------------------------------------------------- game over

Edit = Callable[[dict[str, Any]], None]


def _set(key: str, value: object) -> Edit:
    return lambda data: data.__setitem__(key, value)


def _deck_to_discard(data: dict[str, Any]) -> None:
    data["discard"].append(data["deck"].pop())


def _swap_deck(data: dict[str, Any]) -> None:
    deck = data["deck"]
    deck[0], deck[-1] = deck[-1], deck[0]


OVER_REASON = "a finished game stays at its last round, with no turn under way (UC-21)"
DECK_REASON = "a finished game holds the unshuffled deck and no discard pile (UC-21)"


@pytest.mark.parametrize(("edit", "reason"), [
    (_set("round", 0), OVER_REASON),
    (_set("turns_taken", 3), OVER_REASON),
    (_set("action_played", True), OVER_REASON),
    (_deck_to_discard, DECK_REASON),
    (_swap_deck, DECK_REASON),
], ids=["round", "turns", "action played", "discard", "shuffled deck"])
def test_uc21_a_finished_game_derives_its_round_turn_and_deck(edit: Edit, reason: str) -> None:
    """UC-21: a finished game is at its last round with no turn under way and all 126
    cards back in the unshuffled deck; a document saying otherwise does not load; the
    finished game itself, and each seat's view of it, do."""
    for seed in (4, 10):
        final = uc.play_game(uc.new_game(3, seed, uc.Config(rounds=2, turn_cap=15)),
                             [uc.RandomBot()] * 3, seed=seed)
        assert uc.loads(uc.dumps(final)) == final
        for seat in range(3):
            assert uc.loads_view(uc.dumps(final.view(seat))) == final.view(seat)
        document = _document(final)
        edit(document["data"])
        assert _refusal(document) == reason
