"""The object path's shortcuts (issue 29): the hand's faces read once as a mask for the
table moves, a wild swap checked against the group's own wild swaps, the open action
cards as bits, and the shape check's face and placement tests as functions of the checks
(no closure). Each gives what the plain computation gives (UC-6, UC-7, UC-9, UC-10, UC-12,
UC-29, UC-31)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _checks
from campers_rules._action_cards import brings_a_card, open_plays
from campers_rules._actions import AddCard, Squat, SwapWild
from campers_rules._board import PLAY
from campers_rules._cards import FACES, ActionKind, Card
from campers_rules._catalogue import CATALOGUE, Campsite
from campers_rules._checks import keeps_a_card
from campers_rules._claims import claim_moves
from campers_rules._groups import PLACEMENTS, Group, Placed, is_placement
from campers_rules._hands import face_mask
from campers_rules._squats import RowTable, _swaps, squat_moves, table_of
from campers_rules._table import swapped, valid_on
from tests.campers.forging import forged_placed
from tests.campers.game_strategies import random_walk
from tests.campers.strategies import NATURALS, valid_groups


def _play_states(players: int, seed: int) -> list[uc.State]:
    """The play-phase states of a seeded random game with no decision waiting."""
    return [state for state in random_walk(players, seed, 300, uc.Config(rounds=2, turn_cap=50))
            if state.phase is PLAY and state.pending is None]


def _face(action: object) -> int:
    """The hand face a listed add, squat or wild swap lays."""
    if isinstance(action, SwapWild):
        return int(action.card)
    assert isinstance(action, (AddCard, Squat))
    return int(action.card.face)


def _own(state: uc.State, player: int) -> RowTable | None:
    """The player's row table as the listing hands it to ``claim_moves``."""
    row = state.table[player]
    return table_of(player, row, state.config.catalogue) if row else None


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (4, 1), (5, 7)])
def test_the_table_moves_read_the_faces_they_are_given(players: int, seed: int) -> None:
    """UC-7, UC-9, UC-10: the adds, squats and wild swaps listed for a mask of some of the
    hand's faces are exactly those of the whole hand's listing that lay one of them, in
    its order (the mask is made once per listing and read by both families)."""
    compared = 0
    for state in _play_states(players, seed):
        player = state.turn
        whole = face_mask(state.hands[player])
        moves: list[object] = [a for a in claim_moves(state, player, whole, _own(state, player))
                               if isinstance(a, AddCard)]
        moves += squat_moves(state, player, whole)
        for face in sorted(set(state.hands[player])):
            some = whole & ~(1 << int(face))
            listed: list[object] = [a for a in claim_moves(state, player, some, _own(state, player))
                                    if isinstance(a, AddCard)]
            listed += squat_moves(state, player, some)
            assert listed == [a for a in moves if some >> _face(a) & 1]
            compared += len(moves) - len(listed)
    assert compared > 0  # some faces were listed and left out


def _plain_swaps(face: Campsite, group: Group, card: uc.Card, wild: Placed) -> bool:
    new = swapped(group, card, wild)
    return new is not None and valid_on(face, new)


@settings(max_examples=150, deadline=None)
@given(valid_groups(), st.sampled_from(CATALOGUE), st.sampled_from(NATURALS),
       st.integers(0, 3))
def test_a_wild_swap_is_checked_as_the_group_it_makes(
    group: Group, face: Campsite, card: uc.Card, cut: int
) -> None:
    """UC-10, UC-29: a natural may take a wild's place when the group it makes is valid on
    the campsite: for a group valid there (read from its wild swaps) and for one that is
    not, such as a group cut short (asked of the group made)."""
    short = Group(group.kind, group.cards[cut:cut + 2])
    for shown in (group, short):
        for wild in shown.cards:
            if wild.is_wild:
                assert _swaps(face, shown, card, wild) == _plain_swaps(face, shown, card, wild)


@pytest.mark.parametrize(("text", "card", "wild", "made"), [
    ("SET W=Y7 W=R7", "Y7", "W=Y7", True),  # two wilds alone are no set: a natural makes one
    ("SET W=Y7 W=R7", "Y8", "W=Y7", False),
    ("SET B7 W=Y7", "Y7", "W=Y7", True),
])
def test_a_swap_may_make_a_group_valid_that_was_not_uc29(text: str, card: str, wild: str,
                                                        made: bool) -> None:
    """UC-10, UC-29: on the campsite that takes sets of 2, a group that is not valid there
    may become valid by a swap; the check asks it of the group the swap makes."""
    face = next(site for site in CATALOGUE if "SETS OF 2" in str(site))
    group = Group.parse(text)
    natural, placed = uc.Card.parse(card), Placed.parse(wild)
    assert _swaps(face, group, natural, placed) is made
    assert _plain_swaps(face, group, natural, placed) is made


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 5), (6, 3)])
def test_the_open_plays_are_the_kinds_in_hand_as_bits(players: int, seed: int) -> None:
    """UC-12: each bit of the open plays is an action kind the player holds, none after a
    card was played (the last card's filter, UC-31, is pinned by the play-card rulings'
    tests)."""
    kinds = tuple(ActionKind)
    seen = 0
    for state in _play_states(players, seed):
        player = state.turn
        held = {card.action for card in state.hands[player] if card.action is not None}
        if state.action_played:
            held = set()
        if not keeps_a_card(state, player, 1):
            held = {kind for kind in held if brings_a_card(state, player, kind)}
        bits = open_plays(state, player)
        assert {kind for at, kind in enumerate(kinds) if bits >> at & 1} == held
        seen |= bits
    assert seen  # some action cards were held


def test_the_shape_check_takes_only_the_interned_faces_and_placements() -> None:
    """UC-6: the shape check's face and placement tests are functions of the checks (the
    ones it reads, no closure) that take each interned face and placement and refuse a
    card or placement forged around its constructor, a plain int, a bool and a value out
    of range."""
    assert _checks._NAMED[Card] is _checks._is_face
    assert _checks._NAMED[Placed] is _checks._is_placed
    assert all(_checks._is_face(face) for face in FACES)
    assert all(_checks._is_placed(placed) for placed in PLACEMENTS)
    for value in (-1, 0, 5, len(FACES) - 1, len(FACES), len(PLACEMENTS), True):
        assert not _checks._is_face(int.__new__(Card, value))
        assert not _checks._is_face(value)
        assert not _checks._is_placed(value)
    for value in (0, 7, len(PLACEMENTS) - 1, len(PLACEMENTS), -1):
        assert not _checks._is_placed(forged_placed(value))
    shown: tuple[object, ...] = (*PLACEMENTS, *(forged_placed(v) for v in (0, 7, -1)), 0, True)
    for placed in shown:
        assert _checks._is_placed(placed) is is_placement(placed)  # the groups' own test
