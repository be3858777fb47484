"""Table moves pinned down (UC-7, UC-8, UC-11), written to kill mutants of
``campers_rules/_moves.py`` the older tests let live (issue 15)."""

from __future__ import annotations

import pytest

import campers_rules as uc
from tests.campers.game_strategies import RUN_FOUR, RUN_SIX, SET_OR_RUN, SET_THREE, g, texts

SET_THEN_FOUR = 6
"""c07: 1 SET OF 3 / 1 SET OF 4."""


def _refusal(state: uc.State, action: uc.Rearrange) -> uc.IllegalActionError:
    with pytest.raises(uc.IllegalActionError) as info:
        state.apply(action)
    return info.value


@pytest.mark.parametrize(
    ("table", "layout", "reason"),
    [
        ([[], []], ((SET_THREE, ("SET B5 Y5 R5",)),),
         "only a player who owns a campsite may rearrange"),
        ([[(SET_THREE, ["SET B5 Y5 R5"])], []],
         ((SET_THREE, ("SET B5 Y5 R5",)), (SET_THREE, ("SET B7 Y7 R7",))),
         "a campsite is named twice"),
        ([[(SET_THREE, ["SET B5 Y5 R5"]), (SET_OR_RUN, ["SET B7 Y7 R7"])], []],
         ((SET_THREE, ("SET B5 Y5 R5",)),),
         "a rearrangement keeps every campsite the player owns"),
        ([[(SET_THREE, ["SET B5 Y5 R5"])], [(SET_OR_RUN, ["SET B7 Y7 R7"])]],
         ((SET_THREE, ("SET B5 Y5 R5",)), (SET_OR_RUN, ("SET B9 Y9 R9",))),
         "campsite c01 is neither owned nor in the campground"),
    ],
)
def test_uc11_a_bad_rearrangement_is_refused_with_its_reason(
        table: list[list[tuple[int, list[str]]]], layout: tuple[tuple[int, tuple[str, ...]], ...],
        reason: str) -> None:
    """UC-11: a rearrangement by a player owning no campsite, naming a campsite twice,
    dropping an owned campsite or naming one neither owned nor in the campground is
    refused, with its reason and UC-11, and the refused action named."""
    state = uc.from_position(["B9 Y9 R9 B2 Y2", "G4"], phase=uc.Phase.PLAY, config=uc.Config(),
                             table=[[(site, [g(x) for x in groups]) for site, groups in row]
                                    for row in table])
    action = uc.Rearrange(0, tuple((site, tuple(g(x) for x in groups))
                                   for site, groups in layout))
    error = _refusal(state, action)
    assert (error.action, error.reason, error.ruling) == (action, reason, "UC-11")


def test_uc11_a_claim_by_rearrangement_leaves_the_campground() -> None:
    """UC-11, UC-7: a run split so that one part claims a campground campsite takes that
    campsite, and only it, out of the campground."""
    state = uc.from_position(["B2", "G4"], phase=uc.Phase.PLAY,
                             table=[[(RUN_FOUR, [g("RUN B2 Y3 R4 G5 B6 Y7 R8 G9")])], []])
    action = uc.Rearrange(0, ((RUN_FOUR, (g("RUN B2 Y3 R4 G5"),)),
                              (RUN_SIX, (g("RUN B6 Y7 R8 G9"),))))
    assert str(action) in texts(state.legal_actions(0))
    done = state.apply(action)
    assert done.campground == tuple(c for c in state.campground if c != RUN_SIX)
    assert [s.campsite for s in done.table[0]] == [RUN_FOUR, RUN_SIX]


def test_uc8_an_add_that_completes_the_campsite_may_empty_the_hand() -> None:
    """UC-8, UC-7: the last hand card may be added when it completes the campsite, and
    that add is listed."""
    state = uc.from_position(["G5", "G4"], phase=uc.Phase.PLAY,
                             table=[[(SET_THEN_FOUR, [g("SET B5 Y5 R5")])], []])
    listed = [a for a in state.legal_actions(0) if isinstance(a, uc.AddCard)]
    assert [str(a.card) for a in listed] == ["G5"]
    assert isinstance(state.apply(listed[0]), uc.State)  # accepted: the round then ends


@pytest.mark.parametrize(
    ("hand", "campsite", "group", "reason", "ruling"),
    [
        ("B9 Y9 B2", SET_THREE, "SET B9 Y9 R9", "the group uses cards that are not in hand",
         "UC-7"),
        ("B9 Y9 B2", SET_THREE, "SET B9 Y9", "the group is not valid on this campsite", "UC-4"),
        ("B2 Y3 R4 G5 B9", SET_THREE, "RUN B2 Y3 R4 G5", "the faces of campsite c05 name no RUN",
         "UC-30"),
        ("B9 Y9 R9", SET_OR_RUN, "SET B9 Y9 R9", "player 0 owns no campsite c01", "UC-7"),
        ("B7 Y7 R7", SET_OR_RUN, "SET B7 Y7 R7",
         "it would empty the hand without a complete campsite", "UC-8"),
    ],
)
def test_uc7_a_bad_new_group_is_refused_with_its_reason(hand: str, campsite: int, group: str,
                                                        reason: str, ruling: str) -> None:
    """UC-7, UC-4, UC-30, UC-8: a new group from cards not in hand, invalid on the campsite,
    of a kind its faces do not name, on a campsite not owned, or emptying the hand without
    completing a campsite, is refused with its reason and ruling."""
    owned = SET_OR_RUN if campsite == SET_OR_RUN and ruling == "UC-8" else SET_THREE
    state = uc.from_position([hand, "G4"], phase=uc.Phase.PLAY,
                             table=[[(owned, [g("SET B5 Y5 R5")])], []])
    action = uc.AddGroup(0, campsite, g(group))
    with pytest.raises(uc.IllegalActionError) as info:
        state.apply(action)
    error = info.value
    assert (error.action, error.reason, error.ruling) == (action, reason, ruling)


def test_uc8_a_new_group_that_completes_the_campsite_may_empty_the_hand() -> None:
    """UC-8, UC-7: the last hand cards may form a new group when it completes the
    campsite (c05: 1 SET OF 3 / 2 SETS OF 3), and that group is listed."""
    state = uc.from_position(["B7 Y7 R7", "G4"], phase=uc.Phase.PLAY,
                             table=[[(SET_THREE, [g("SET B5 Y5 R5")])], []])
    action = uc.AddGroup(0, SET_THREE, g("SET B7 Y7 R7"))
    assert str(action) in texts(state.legal_actions(0))
    assert isinstance(state.apply(action), uc.State)  # accepted: the round then ends


@pytest.mark.parametrize(
    ("campsite", "groups", "reason"),
    [
        (SET_OR_RUN, ("SET B9 Y9 R9",), "campsite c01 is not in the campground"),
        (SET_THEN_FOUR, (), "a claim lays at least one group"),
        (SET_THEN_FOUR, ("SET B8 Y8 R8",), "the claim uses cards that are not in hand"),
    ],
)
def test_uc7_a_bad_claim_is_refused_with_its_reason(campsite: int, groups: tuple[str, ...],
                                                    reason: str) -> None:
    """UC-7: a claim of a campsite not in the campground, of no group, or of cards not in
    hand is refused with its reason and UC-7."""
    state = uc.from_position(["B9 Y9 R9 B2", "G4"], phase=uc.Phase.PLAY,
                             table=[[], [(SET_OR_RUN, [g("SET B5 Y5 R5")])]])
    action = uc.Claim(0, campsite, tuple(g(x) for x in groups))
    with pytest.raises(uc.IllegalActionError) as info:
        state.apply(action)
    error = info.value
    assert (error.action, error.reason, error.ruling) == (action, reason, "UC-7")


def test_uc8_the_last_card_added_must_complete_the_campsite() -> None:
    """UC-8: adding the last hand card to a campsite it does not complete is refused; the
    same card completing another campsite is accepted."""
    state = uc.from_position(["G5", "G4"], phase=uc.Phase.PLAY,
                             table=[[(SET_THREE, [g("SET B5 Y5 R5")])], []])
    action = uc.AddCard(0, SET_THREE, 0, uc.Placed.parse("G5"))
    with pytest.raises(uc.IllegalActionError) as info:
        state.apply(action)
    error = info.value
    assert (error.action, error.reason, error.ruling) == (
        action, "it would empty the hand without a complete campsite", "UC-8")
    assert not [a for a in state.legal_actions(0) if isinstance(a, uc.AddCard)]
    completing = uc.from_position(["G5", "G4"], phase=uc.Phase.PLAY,
                                  table=[[(SET_THEN_FOUR, [g("SET B5 Y5 R5")])], []])
    assert isinstance(completing.apply(uc.AddCard(0, SET_THEN_FOUR, 0, uc.Placed.parse("G5"))),
                      uc.State)  # accepted: the round then ends


def _p(text: str) -> uc.Placed:
    return uc.Placed.parse(text)


_FIT = "(a run takes the next number at either end, a set its number, a color group its color)"


@pytest.mark.parametrize(
    ("hand", "action", "reason", "ruling"),
    [
        ("G5 B2", uc.AddCard(0, SET_THREE, 1, _p("G5")), "campsite c05 has no group 1", "UC-7"),
        ("G5 B2", uc.AddCard(0, SET_OR_RUN, 0, _p("G5")), "player 0 owns no campsite c01",
         "UC-7"),
        ("G5 B2", uc.AddCard(0, SET_THREE, 0, _p("G9")), "player 0 holds no G9", "UC-7"),
        ("G7 B2", uc.AddCard(0, SET_THREE, 0, _p("G7")), f"G7 does not fit SET B5 Y5 R5 {_FIT}",
         "UC-9"),
        ("G5 B2", uc.Squat(0, 0, SET_THREE, 0, _p("G5")),
         "campsite c05 is player 0's own: a card laid there is an add, not a squat", "UC-9"),
        ("G6", uc.Squat(0, 1, RUN_FOUR, 0, _p("G6")),
         "player 0 would have no card to discard, and owns no complete campsite", "UC-8"),
        ("B5 B2", uc.SwapWild(0, 1, RUN_FOUR, 1, uc.Card.parse("B5"), _p("W=B5")),
         "campsite c03 has no group 1", "UC-10"),
        ("B5 B2", uc.SwapWild(0, 1, SET_OR_RUN, 0, uc.Card.parse("B5"), _p("W=B5")),
         "player 1 owns no campsite c01", "UC-7"),
    ],
)
def test_uc9_a_bad_card_move_is_refused_with_its_reason(hand: str, action: object, reason: str,
                                                       ruling: str) -> None:
    """UC-7, UC-8, UC-9, UC-10: an add, squat or wild swap naming a missing group or
    campsite, a card not held or not fitting, one's own campsite as a squat, or leaving no
    card to discard, is refused with its reason and ruling, the action named."""
    state = uc.from_position([hand, "G4"], phase=uc.Phase.PLAY,
                             table=[[(SET_THREE, [g("SET B5 Y5 R5")])],
                                    [(RUN_FOUR, [g("RUN W=B2 Y3 R4 G5")])]])
    with pytest.raises(uc.IllegalActionError) as info:
        state.apply(action)  # type: ignore[arg-type]
    error = info.value
    assert (error.action, error.reason, error.ruling) == (action, reason, ruling)


def test_uc9_squats_and_swaps_are_listed_for_a_two_card_hand() -> None:
    """UC-9, UC-10: with two cards in hand a player may squat one onto another player's
    group, or swap one for a wild there; both are listed and accepted."""
    state = uc.from_position(["G6 B2", "G4"], phase=uc.Phase.PLAY,
                             table=[[(SET_THREE, [g("SET B5 Y5 R5")])],
                                    [(RUN_FOUR, [g("RUN W=B2 Y3 R4 G5")])]])
    listed = texts(state.legal_actions(0))
    squat = uc.Squat(0, 1, RUN_FOUR, 0, _p("G6"))
    swap = uc.SwapWild(0, 1, RUN_FOUR, 0, uc.Card.parse("B2"), _p("W=B2"))
    assert str(squat) in listed and str(swap) in listed
    assert str(state.apply(squat).table[1][0].groups[0]) == "RUN W=B2 Y3 R4 G5 G6"
