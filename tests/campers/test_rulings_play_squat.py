"""UC-27: a squat and its fine are one event, after the Bear Spray window; the outcome of a
public play does not depend on whether a window opened (holder-only or ``ask_everyone``)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._work import Work
from tests.campers.game_strategies import RUN_SIX, g, play, players, random_walk, seeds

CARD_PLAYS = (uc.BearAttack, uc.Smores, uc.Roasted, uc.GoFishing, uc.LostCamper, uc.TrashPanda)


def _decline_all(state: uc.State) -> uc.State:
    """Every player a Bear Spray window waits on declines, until no window is open."""
    while isinstance(state.pending, uc.SprayWindow):
        state = state.apply(uc.Decline(state.pending.waiting[0]))
    return state


def _with_config(state: uc.State, config: uc.Config) -> uc.State:
    """The same state under another config."""
    work = Work(state)
    work.config = config
    return work.freeze()


def _public(state: uc.State) -> tuple[object, ...]:
    """What everybody sees of a state (UC-23), less the open window's waiting list."""
    return (state.table, state.scores, state.hand_sizes(), state.round, state.round_results,
            state.phase, state.turn, state.discard, len(state.deck), state.campground,
            state.skips, type(state.pending))


def _owner_position(spray_at: int | None, deck: str) -> uc.State:
    """p0 squats G9 on p1's run of five (completing it); p1's hand is empty."""
    table = [[], [(RUN_SIX, [g("RUN B4 Y5 R6 B7 B8")])], []]
    hands = ["G9 B2", "", "G3"]
    if spray_at is not None:
        hands[spray_at] += " BearSpray"
    if deck:
        return uc.from_position(hands, phase=uc.Phase.PLAY, table=table, deck=deck,
                                config=uc.Config(rounds=2))
    # nothing left to draw: every other card in p0's hand, one card on the discard pile
    used = Counter(uc.parse_cards(" ".join(hands) + " B4 Y5 R6 B7 B8 R2"))
    mine = sorted((Counter(uc.DECK) - used + Counter(uc.parse_cards(hands[0]))).elements())
    if spray_at is not None and spray_at != 0:
        mine = [c for c in mine if c is not uc.action_card(uc.ActionKind.BEAR_SPRAY)]
        hands[spray_at] = "G3 BearSpray BearSpray BearSpray BearSpray"
    return uc.from_position([mine, *hands[1:]], phase=uc.Phase.PLAY, table=table, discard="R2",
                            rest="discard", config=uc.Config(rounds=2))


@pytest.mark.parametrize("everyone", [False, True])
@pytest.mark.parametrize("spray_at", [None, 2])
def test_uc27_squat_completing_an_empty_handed_owner_draws_the_fine(
    spray_at: int | None, everyone: bool
) -> None:
    """UC-27, UC-9, UC-8: the squatted card and the fine arrive together, so the owner
    holds a card and does not go out, whether or not a window opened."""
    state = _owner_position(spray_at, "Y2 Y3")
    state = _with_config(state, attrs.evolve(state.config, ask_everyone=everyone))
    after = _decline_all(play(state, "p0 squat 1:c06.0 G9"))
    assert not after.round_results and after.hands[1] == (uc.Card.parse("Y3"),)
    assert str(after.table[1][0].groups[0]) == "RUN B4 Y5 R6 B7 B8 G9"
    assert after.turn == 0 and after.pending is None


@pytest.mark.parametrize("everyone", [False, True])
@pytest.mark.parametrize("spray_at", [None, 2])
def test_uc27_with_no_fine_to_draw_the_owner_goes_out(
    spray_at: int | None, everyone: bool
) -> None:
    """UC-27, UC-6, UC-8: with no card left to draw, the fine is skipped and the owner,
    empty-handed with a complete campsite, goes out once the squat has taken effect."""
    state = _owner_position(spray_at, "")
    state = _with_config(state, attrs.evolve(state.config, ask_everyone=everyone))
    after = _decline_all(play(state, "p0 squat 1:c06.0 G9"))
    assert after.round_results[0].went_out == 1


def _emptied(state: uc.State, seat: int) -> uc.State:
    """The state with one seat's hand moved under the deck (an empty hand, UC-8)."""
    work = Work(state)
    work.deck = (*work.hands[seat], *work.deck)
    work.hands[seat] = ()
    return work.freeze()


@settings(max_examples=40, deadline=None)
@given(players, seeds, st.integers(10, 150), st.integers(0, 5))
def test_uc27_outcome_does_not_depend_on_windows(
    players: int, seed: int, steps: int, empty: int
) -> None:
    """UC-27, UC-14: for every legal squat and action card of random states (some with an
    empty-handed owner), the public result once every asked player declines is the same
    with holder-only windows and with ``ask_everyone``."""
    rng = random.Random(seed)
    states = [s for s in random_walk(players, seed, steps)
              if s.pending is None and s.phase is uc.Phase.PLAY]
    for state in rng.sample(states, min(3, len(states))):
        seat = (state.turn + 1 + empty % (players - 1)) % players
        if not any(uc.CATALOGUE[s.campsite].is_complete(s.groups) for s in state.table[seat]):
            state = _emptied(state, seat)
        everyone = _with_config(state, attrs.evolve(state.config, ask_everyone=True))
        for action in state.legal_actions(state.turn):
            if isinstance(action, (uc.Squat, *CARD_PLAYS)):
                holders = _decline_all(state.apply(action))
                asked = _decline_all(everyone.apply(action))
                assert _public(holders) == _public(asked), str(action)
