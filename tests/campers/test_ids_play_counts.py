"""The play-phase id listing's reads of a hand and of a wild swap, written for the compiled
build (issue 29): a hand's counts read from bits set in one pass (``_counted.HandCounts``),
two runs decided with a bound that skips windows (``HandCounts._two_runs``), and a swap's
pair index read from a table laid out at import (``_ids.listed_swap``), each the same as
counted card by card, window by window, or decoded from its id (UC-4, UC-7, UC-10, UC-29).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._cards import NUMBERS
from campers_rules._counted import SPAN, HandCounts
from campers_rules._ids import SWAPS, layout, listed_swap, seat_block
from campers_rules._solving import playing
from tests.campers.game_strategies import random_walk

_NATURALS = [card for card in uc.FACES if card.is_natural]


def _counted_one_by_one(hand: tuple[uc.Card, ...]) -> dict[str, object]:
    """A hand's counts by number and color, counted card by card from their definitions."""
    held = Counter(card for card in hand if card.is_natural)
    same = [[card for card in held if card.number == number] for number in NUMBERS]
    totals = [sum(held[card] for card in faces) for faces in same]
    by_color = [sum(n for card, n in held.items() if card.color is color) for color in uc.Color]
    return {
        "faces": sum(1 << card for card in set(hand)),
        "totals": totals,
        "colors": [len(faces) for faces in same],
        "families": [math.prod(held[card] + 1 for card in faces) for faces in same],
        "wilds": hand.count(uc.WILD),
        "ones": sum(1 << n for n, total in enumerate(totals) if total),
        "twos": sum(1 << n for n, total in enumerate(totals) if total > 1),
        "suits": [sum([1 << NUMBERS.index(cast(int, card.number))
                       for card in held if card.color is color]) for color in uc.Color],
        "most_number": max(totals),
        "most_color": max(by_color),
    }


def _read(counts: HandCounts) -> dict[str, object]:
    return {name: getattr(counts, name) for name in (
        "faces", "totals", "colors", "families", "wilds", "ones", "twos", "suits",
        "most_number", "most_color")}


@pytest.mark.parametrize("seed", range(6))
def test_the_hands_of_played_games_are_counted_as_card_by_card_uc4_uc7(seed: int) -> None:
    """UC-4, UC-7 (issue 29): every hand of a random game, whole (action cards too) and
    its playing cards alone, is counted as card by card: faces held, naturals, colors and
    families of each number, numbers held once and twice, each color's numbers, wilds and
    the most naturals of a number and of a color."""
    hands = {hand for state in random_walk(2 + seed % 5, seed, 300) for hand in state.hands}
    assert len(hands) > 20
    for hand in hands:
        assert _read(HandCounts(bytes(hand))) == _counted_one_by_one(hand)
        assert _read(HandCounts(playing(hand)[0])) == _counted_one_by_one(
            tuple(card for card in hand if card.action is None))


@settings(max_examples=300, deadline=None)
@given(picks=st.lists(st.sampled_from(_NATURALS), max_size=40),
       wilds=st.integers(0, 6))
def test_a_face_held_three_times_or_more_is_counted_as_card_by_card_uc4(
        picks: list[uc.Card], wilds: int) -> None:
    """UC-4 (issue 29): a made-up hand holding a face three times or more (the deck holds
    two) is counted as card by card too: the bits of one pass hold two copies, the list
    of later copies the rest."""
    hand = tuple(sorted([*picks, *[uc.WILD] * wilds]))
    assert _read(HandCounts(bytes(hand))) == _counted_one_by_one(hand)


def _two_runs_window_by_window(counts: HandCounts, s: int, r: int, spare: int) -> bool:
    """Two runs of sizes ``s`` and ``r``, every pair of windows tried."""
    windows = [[((1 << size) - 1) << start for start in range(SPAN - size + 1)]
               for size in (s, r)]
    for first in windows[0]:
        for second in windows[1]:
            if first & counts.ones and second & counts.ones:
                taken = (((first | second) & counts.ones).bit_count()
                         + (first & second & counts.twos).bit_count())
                if taken >= 2 and taken + spare >= 0:
                    return True
    return False


@pytest.mark.parametrize("seed", range(4))
def test_two_runs_are_decided_as_window_by_window_uc4_uc5(seed: int) -> None:
    """UC-4, UC-5 (issue 29): whether two runs are laid from a hand skips a first window
    only when even the fullest second cannot reach: the answer is that of every pair of
    windows tried, for all sizes and spare wilds."""
    rng = random.Random(seed)
    for _ in range(60):
        hand = tuple(sorted(rng.sample(_NATURALS * 2, rng.randrange(0, 20))))
        counts = HandCounts(bytes(hand))
        for s in range(1, 9):
            for r in range(1, 9):
                for spare in range(-12, 3):
                    assert counts._two_runs(s, r, spare) == _two_runs_window_by_window(
                        counts, s, r, spare)


def test_each_swap_id_names_the_natural_and_wild_it_was_listed_for_uc10_uc29() -> None:
    """UC-10, UC-29 (issue 29): each swap id of a group slot decodes to a natural taking
    the place of a wild of its number or color, and the pair index the listing reads from
    its table for that natural and wild is that very id's: every pair, each once."""
    space = layout(None)
    for seat, slot in ((1, 3), (0, space.slots - 1)):
        base = seat_block(seat, space) + space.swap_at + SWAPS * slot
        pairs = set()
        for pair in range(SWAPS):
            swap = uc.action_from_id(2, base + pair)
            assert isinstance(swap, uc.SwapWild)
            assert swap.card.number == swap.wild.number or swap.card.color is swap.wild.color
            pairs.add(listed_swap(swap.card, swap.wild))
        assert pairs == set(range(SWAPS))


@settings(max_examples=150, deadline=None)
@given(number=st.sampled_from(NUMBERS), copies=st.integers(28, 90),
       others=st.lists(st.sampled_from(_NATURALS), max_size=12), wilds=st.integers(0, 4))
def test_a_made_up_hand_past_a_counts_field_is_counted_capped_uc1_uc4(
        number: int, copies: int, others: list[uc.Card], wilds: int) -> None:
    """UC-1, UC-4 (issue 29): a made-up hand holding more naturals of one number than a
    packed field holds (31) is counted card by card, that number's count capped at 31:
    no count carries into the next number's field, and each copy past a face's second is
    kept whatever its count (a family's product stays exact)."""
    faces = [card for card in _NATURALS if card.number == number]
    hand = tuple(sorted([*[faces[at % len(faces)] for at in range(copies)], *others,
                         *[uc.WILD] * wilds]))
    expected = _counted_one_by_one(hand)
    totals = [min(total, 31) for total in cast("list[int]", expected["totals"])]
    expected.update(totals=totals, most_number=max(totals))
    assert _read(HandCounts(bytes(hand))) == expected


@pytest.mark.parametrize("copies", [31, 32, 33, 40, 63, 64, 65, 96])
def test_a_made_up_hand_of_many_copies_lists_as_at_the_cap_uc1(copies: int) -> None:
    """UC-1 (issue 29): a hand built by hand with ``copies`` of one face lists the same ids
    as with 31 (its counts are capped, never carried into the next number), and the
    object listing refuses it with the deck's count, as the solver always did."""
    game = uc.new_game(players=4, seed=3)
    game = game.apply(game.legal_actions(game.turn)[0])
    face = next(card for card in _NATURALS if str(card) == "B7")

    def holding(count: int) -> uc.State:
        return attrs.evolve(game, hands=tuple(
            (face,) * count if seat == game.turn else hand
            for seat, hand in enumerate(game.hands)))

    state = holding(copies)
    assert state.legal_action_ids(state.turn) == holding(31).legal_action_ids(state.turn)
    with pytest.raises(uc.CampersError, match=f"{copies} copies of B7, the deck has 2"):
        state.legal_actions(state.turn)
