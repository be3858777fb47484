"""UC-6: a draw puts its cards into one list of the hand and cuts the deck once
(``_work.Work.draw``, issue 29), reshuffling the discard pile under its top when the deck
runs out; it must leave exactly what giving the cards one at a time left: the same
hand (the same card objects, in the same order), deck, discard pile and random state."""

from __future__ import annotations

import bisect
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._hands import add_one, insert_sorted
from campers_rules._rng import shuffled
from campers_rules._state import State
from campers_rules._work import Work
from tests.campers.test_shuffle import _reference


def _one_at_a_time(work: Work, player: int, count: int) -> None:
    """The draw as it was before issue 29: one card at a time, each put into the hand
    after its equals, the discard pile under its top reshuffled when the deck is empty."""
    deck = work.deck
    for _ in range(count):
        if not deck:
            if len(work.discard) < 2:
                break
            top = work.discard[-1]
            deck, work.rng = shuffled(work.discard[:-1], work.rng)
            work.discard = (top,)
        work.hands[player] = add_one(work.hands[player], deck[-1])
        deck = deck[:-1]
    work.deck = deck


def _states(seed: int) -> list[State]:
    """The states of a seeded random game of 2 to 6 seats, up to 120 steps."""
    rng = random.Random(seed)
    state = uc.new_game(rng.randint(2, 6), seed)
    states = [state]
    while not state.is_over and len(states) < 120:
        seat = min(state.actors)
        legal = state.legal_action_ids(seat)
        state = state.apply_action_id(seat, legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def _seen(work: Work) -> tuple[object, ...]:
    """What a draw may change, each hand by its card objects' identities too."""
    hands = tuple(tuple(map(id, hand)) for hand in work.hands)
    return work.hands, hands, work.deck, work.discard, work.rng


@pytest.mark.parametrize("seed", range(12))
def test_uc6_a_draw_cutting_the_deck_once_leaves_what_drawing_card_by_card_left(seed: int) -> None:
    """UC-6: from every state of seeded games, each seat drawing 0 to 3 cards, with the
    deck cut down to 0 to 3 cards (so that most draws reshuffle the discard pile, or
    find it too short to) or left whole, the one-slice draw and the card-by-card draw
    agree on the hands, deck, discard pile and random state."""
    rng = random.Random(seed)
    reshuffled = stopped = 0
    for state in _states(seed):
        for cut in (None, 0, 1, 2, 3):
            player = rng.randrange(state.num_players)
            count = rng.randint(0, 3)
            fast, slow = Work(state), Work(state)
            if cut is not None:
                fast.deck = slow.deck = state.deck[len(state.deck) - min(cut, len(state.deck)):]
            fast.draw(player, count)
            _one_at_a_time(slow, player, count)
            assert _seen(fast) == _seen(slow)
            reshuffled += fast.rng != state.rng
            stopped += len(state.hands[player]) + count > len(fast.hands[player])
    assert reshuffled and stopped


@pytest.mark.parametrize("count", [1, 2, 3])
@pytest.mark.parametrize("seed", [0, 7, 2**64 - 1])
def test_uc6_a_draw_past_an_empty_deck_and_a_one_card_discard_stops(
        seed: int, count: int) -> None:
    """UC-6: with the deck empty and only the discard pile's top left, a draw takes
    nothing and leaves the random state as it was, as card by card."""
    state = uc.new_game(3, seed)
    fast, slow = Work(state), Work(state)
    fast.deck = slow.deck = ()
    fast.discard = slow.discard = state.discard[-1:] or (state.hands[1][0],)
    fast.draw(0, count)
    _one_at_a_time(slow, 0, count)
    assert _seen(fast) == _seen(slow)
    assert fast.hands[0] == state.hands[0] and fast.rng == state.rng


@given(st.lists(st.sampled_from(uc.DECK), max_size=60), st.sampled_from(uc.DECK))
def test_uc6_a_drawn_card_goes_into_the_hand_after_its_equals(
        cards: list[uc.Card], card: uc.Card) -> None:
    """UC-6: a drawn card is put into the sorted hand where ``bisect.insort_right`` puts
    it (after its equals), so that the hand stays sorted."""
    hand, expected = sorted(cards), sorted(cards)
    insert_sorted(hand, card)
    bisect.insort_right(expected, card)
    assert list(map(id, hand)) == list(map(id, expected)) and hand == sorted(hand)
    assert list(map(id, add_one(tuple(sorted(cards)), card))) == list(map(id, expected))


@pytest.mark.parametrize("state", [0, 1, 2**63 - 1, 2**63, 2**64 - 1, 0x9E3779B97F4A7C15])
@pytest.mark.parametrize("size", [0, 1, 2, 55, 126])
def test_uc6_a_reshuffle_from_any_random_state_is_the_reference_one(
        state: int, size: int) -> None:
    """UC-6, UC-21: the shuffle (stepped in native 64-bit words in the compiled build)
    gives the reference order and state from random states at the edges of the signed
    and unsigned ranges, as from any seed's."""
    assert shuffled(range(size), state) == _reference(list(range(size)), state)
