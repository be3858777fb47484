"""Hidden information (UC-23, UC-14, UC-18): states that differ only in what a player
cannot see give that player equal views."""

from __future__ import annotations

import random

import attrs
from hypothesis import given
from hypothesis import strategies as st

import campers_rules as uc
from tests.campers.game_strategies import players, random_walk, seeds


def _reshuffle_hidden(state: uc.State, viewer: int, rng: random.Random) -> uc.State:
    """Deal the cards the viewer cannot see (other hands, the deck) anew, reorder the
    campsite pile, and change who is waited on later in a Bear Spray window."""
    others = [p for p in range(state.num_players) if p != viewer]
    pool = [c for p in others for c in state.hands[p]] + list(state.deck)
    rng.shuffle(pool)
    hands = list(state.hands)
    for p in others:
        size = len(hands[p])
        hands[p] = tuple(sorted(pool[:size]))
        del pool[:size]
    pile = list(state.pile)
    rng.shuffle(pile)
    pending = state.pending
    if isinstance(pending, uc.SprayWindow):
        first, *later = pending.waiting  # who is asked now is the asked seat's to know
        pending = attrs.evolve(pending, waiting=(first, *reversed(later)))
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(pool), pile=tuple(pile),
                        pending=pending)


@given(players, seeds, st.integers(0, 120), st.integers(0, 5), st.randoms())
def test_views_equal_when_only_hidden_cards_differ(
    players: int, seed: int, steps: int, viewer: int, rng: random.Random
) -> None:
    """UC-23: other hands, the deck order and the pile order never reach a view; UC-14:
    nor who is asked to answer a Bear Spray window."""
    state = random_walk(players, seed, steps)[-1]
    viewer %= players
    if isinstance(state.pending, uc.PassChoice | uc.FishingChoice):
        return  # their hidden parts are checked below
    other = _reshuffle_hidden(state, viewer, rng)
    assert other.view(viewer) == state.view(viewer)
    assert uc.dumps(other.view(viewer)) == uc.dumps(state.view(viewer))


def test_lost_camper_choices_stay_secret() -> None:
    """UC-18: a view shows one's own Lost Camper choice, never another player's."""
    state = uc.from_position(["LostCamper B2 B3", "G3 G5", "Y4 Y6"], phase=uc.Phase.PLAY)
    state = state.apply(uc.parse_action("p0 play LostCamper"))
    a = state.apply(uc.parse_action("p1 pass G3"))
    b = state.apply(uc.parse_action("p1 pass G5"))
    assert a.view(0) == b.view(0) and a.view(2) == b.view(2)
    assert a.view(1) != b.view(1)


def test_view_json_round_trip() -> None:
    """A view serializes and reads back equal (``loads_view``)."""
    for state in random_walk(4, 3, 80)[::10]:
        for player in range(4):
            view = state.view(player)
            assert uc.loads_view(uc.dumps(view)) == view
