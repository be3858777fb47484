"""UC-29 (amends UC-10): a natural hand card may take a wild when the group stays valid with
that card in the wild's place."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import GroupKind
from tests.campers.game_strategies import RUN_FOUR, SET_THREE, g
from tests.campers.strategies import NATURALS, valid_groups

COLOR_FOUR = 3
"""c04: 3 points, 4 CARDS OF THE SAME COLOR / 7 CARDS OF THE SAME COLOR."""
COLOR_RUN_FOUR = 10
"""c11: 4 points, 1 COLOR RUN OF 4 / 1 COLOR RUN OF 7."""
SITE = {
    GroupKind.SET: SET_THREE,
    GroupKind.RUN: RUN_FOUR,
    GroupKind.COLOR_GROUP: COLOR_FOUR,
    GroupKind.COLOR_RUN: COLOR_RUN_FOUR,
}


def _swaps(state: uc.State) -> set[uc.SwapWild]:
    return {a for a in state.legal_actions(0) if isinstance(a, uc.SwapWild)}


@pytest.mark.parametrize(
    ("group", "wild", "fits", "misfits"),
    [
        ("COLOR GROUP G2 G5 G7 W=G9", "W=G9", "G3 G9 G13 G5", "B3 B9 Y9"),
        ("SET B7 Y7 W=R7", "W=R7", "G7 R7 B7", "B8 G6"),
        ("RUN B4 Y5 W=R6 B7", "W=R6", "G6 R6 B6", "G8 B3 R7"),
        ("COLOR RUN B4 B5 W=B6 B7", "W=B6", "B6", "G6 B3 B8"),
    ],
)
def test_uc29_wild_swap_needs_a_card_that_fits(
    group: str, wild: str, fits: str, misfits: str
) -> None:
    """UC-29: in a run the wild's number (the run's color for a color run), in a set the
    set's number in any color, in a color group any card of its color; listed and legal
    alike, every other card refused under UC-29."""
    parsed = g(group)
    table = [[], [(SITE[parsed.kind], [parsed])]]
    hand = f"{fits} {misfits}"
    state = uc.from_position([hand, "G10 G11"], phase=uc.Phase.PLAY, table=table)
    listed = _swaps(state)
    for card in uc.parse_cards(fits):
        where = uc.CATALOGUE[SITE[parsed.kind]].id
        action = uc.parse_action(f"p0 swap 1:{where}.0 {card} {wild}")
        assert action in listed and state.is_legal(action)
        after = state.apply(action)
        assert uc.WILD in after.hands[0] and card in after.table[1][0].groups[0].faces
    for card in uc.parse_cards(misfits):
        where = uc.CATALOGUE[SITE[parsed.kind]].id
        action = uc.parse_action(f"p0 swap 1:{where}.0 {card} {wild}")
        assert action not in listed
        with pytest.raises(uc.IllegalActionError, match="UC-29"):
            state.apply(action)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(list(GroupKind)).flatmap(valid_groups), st.data())
def test_uc29_listing_equals_check(group: uc.Group, data: st.DataObject) -> None:
    """UC-29: over random groups with wilds and random hands, the listed wild swaps are
    exactly the legal ones among every (hand card, wild) pair."""
    wilds = {p for p in group.cards if p.is_wild}
    assume(wilds)
    site = SITE[group.kind]
    assume(uc.CATALOGUE[site].group_problem(group) is None)
    assume(uc.CATALOGUE[site].primitive.is_met_by((group,)))
    free = Counter({card: 2 for card in NATURALS}) - Counter(group.faces)
    pool = sorted(free.elements())
    hand = sorted(data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=8,
                                     unique=True)))
    table = [[], [(site, [group])]]
    state = uc.from_position([hand, "BearAttack"], phase=uc.Phase.PLAY, table=table)
    listed = _swaps(state)
    every = {uc.SwapWild(0, 1, site, 0, card, wild) for card in hand for wild in wilds}
    assert listed <= every
    assert {a for a in every if state.is_legal(a)} == listed
