"""Table moves pinned down (UC-7, UC-8, UC-11), written to kill mutants of
``campers_rules/_moves.py`` the older tests let live (issue 15)."""

from __future__ import annotations

import pytest

import campers_rules as uc
from campers_rules import _cache
from campers_rules._catalogue import PRINTED_TEXT, PROVISIONAL_TEXT
from tests.campers.game_strategies import (
    RUN_FOUR,
    RUN_SIX,
    SET_OR_RUN,
    SET_THREE,
    THREE_PAIRS,
    g,
    play,
    texts,
)

SET_THEN_FOUR = 6
"""c07: 1 SET OF 3 / 1 SET OF 4."""
RUN_FIVE = 8
"""c09: 1 RUN OF 5 / 1 RUN OF 8."""
SET_AND_RUN = 12 + 1
"""c14: 1 SET OF 3 AND 1 RUN OF 4 / 2 SETS OF 3 AND 2 RUNS OF 5."""


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


# ------------------------------------------------ round 2: claims, swaps, rearrangements


def _refused(state: uc.State, action: object) -> tuple[object, str, str]:
    """The refused action, the reason and the ruling of an illegal action."""
    with pytest.raises(uc.IllegalActionError) as info:
        state.apply(action)  # type: ignore[arg-type]
    error = info.value
    return error.action, error.reason, error.ruling


def _layout(player: int, *sites: tuple[int, tuple[str, ...]]) -> uc.Rearrange:
    return uc.Rearrange(player, tuple((site, tuple(g(x) for x in groups))
                                      for site, groups in sites))


def _claim(player: int, campsite: int, *groups: str) -> uc.Claim:
    return uc.Claim(player, campsite, tuple(g(x) for x in groups))


FOUR_COMPLETES = uc.Config(catalogue=uc.parse_catalogue(
    ["2 | 1 SET OF 4 | 1 SET OF 3", *(PRINTED_TEXT + PROVISIONAL_TEXT).splitlines()[1:]]))
"""A user's catalogue whose c01 a claim completes: 1 SET OF 4 / 1 SET OF 3."""


@pytest.mark.parametrize(
    ("hand", "action", "reason", "ruling"),
    [
        ("B9 Y9 R9 B2", _claim(0, SET_THREE, "SET B9 Y9"),
         "a group is not valid on this campsite", "UC-4"),
        ("B2 Y3 R4 G9", _claim(0, RUN_FOUR, "RUN B2 Y3 R4"),
         "a group is not valid on this campsite", "UC-4"),
        ("B2 Y3 R4 G5 B9", _claim(0, SET_THREE, "RUN B2 Y3 R4 G5"),
         "the groups do not meet the primitive requirement", "UC-7"),
        ("B9 Y9 R9 B2", _claim(0, RUN_FOUR, "SET B9 Y9 R9"),
         "the groups do not meet the primitive requirement", "UC-7"),
        ("B9 Y9 R9 B2 Y3 R4 G5 B7", _claim(0, SET_THREE, "SET B9 Y9 R9", "RUN B2 Y3 R4 G5"),
         "the faces of campsite c05 name no RUN", "UC-30"),
        ("B9 Y9 R9 B7 Y7 R7 B8 Y8 R8 G2",
         _claim(0, SET_THREE, "SET B9 Y9 R9", "SET B7 Y7 R7", "SET B8 Y8 R8"),
         "campsite c05 holds at most 2 groups, not 3", "UC-30"),
        ("B9 Y9 R9", _claim(0, SET_THREE, "SET B9 Y9 R9"),
         "it would empty the hand without a complete campsite", "UC-8"),
        ("B2 Y3 R4 G5", _claim(0, RUN_FOUR, "RUN B2 Y3 R4 G5"),
         "it would empty the hand without a complete campsite", "UC-8"),
    ],
)
def test_uc7_a_claim_refused_names_its_reason_and_ruling(hand: str, action: uc.Claim,
                                                         reason: str, ruling: str) -> None:
    """UC-7, UC-4, UC-30, UC-8: a claim with a group invalid on the campsite, groups that
    do not meet its primitive side, groups its faces do not name or too many of them, or
    one that empties the hand without a complete campsite is refused with that reason and
    ruling, the action named."""
    state = uc.from_position([hand, "G4"], phase=uc.Phase.PLAY, table=[[], []])
    assert _refused(state, action) == (action, reason, ruling)
    assert action not in state.legal_actions(0)


@pytest.mark.parametrize(("hand", "groups"), [("B9 Y9 R9 G9", ("SET B9 Y9 R9 G9",)),
                                              ("B2 Y2 R2 W", ("SET B2 W=B2 Y2 R2",))])
def test_uc8_a_claim_that_completes_the_campsite_may_empty_the_hand(
        hand: str, groups: tuple[str, ...]) -> None:
    """UC-8, UC-7: the whole hand may be laid in a claim when the claim completes the
    campsite; that claim is listed and accepted, and the round ends."""
    state = uc.from_position([hand, "G4"], phase=uc.Phase.PLAY, table=[[], []],
                             config=FOUR_COMPLETES)
    action = _claim(0, 0, *groups)
    assert str(action) in texts(state.legal_actions(0))
    done = state.apply(action)
    assert done.round == state.round + 1 or done.is_over


def test_uc8_a_player_owning_a_complete_campsite_may_claim_with_the_whole_hand() -> None:
    """UC-8: the whole hand may be laid in a claim that completes nothing by a player who
    already owns a complete campsite; the claim is listed and accepted."""
    complete = [(SET_THREE, [g("SET B5 Y5 R5"), g("SET B7 Y7 R7")])]
    state = uc.from_position(["B9 Y9 R9", "G4"], phase=uc.Phase.PLAY, table=[complete, []])
    action = _claim(0, SET_THEN_FOUR, "SET B9 Y9 R9")
    assert str(action) in texts(state.legal_actions(0))
    assert isinstance(state.apply(action), uc.State)


_WILD_RUN = [[(SET_THREE, [g("SET B5 Y5 R5")])], [(RUN_FOUR, [g("RUN W=B2 Y3 R4 G5")])]]
"""p0 owns c05 with a set; p1 owns c03 with a run whose wild stands for B2."""


@pytest.mark.parametrize(
    ("hand", "action", "reason", "ruling"),
    [
        ("B5 G7", uc.SwapWild(0, 1, RUN_FOUR, 0, uc.Card.parse("B2"), _p("W=B2")),
         "player 0 holds no numbered card B2", "UC-10"),
        ("W G7", uc.SwapWild(0, 1, RUN_FOUR, 0, uc.Card.parse("W"), _p("W=B2")),
         "player 0 holds no numbered card W", "UC-10"),
        ("B2 G7", uc.SwapWild(0, 1, RUN_FOUR, 0, uc.Card.parse("B2"), _p("W=B6")),
         "that group holds no wild laid as W=B6", "UC-10"),
        ("B5 G7", uc.SwapWild(0, 1, RUN_FOUR, 0, uc.Card.parse("B5"), _p("W=B2")),
         "B5 does not fit the place of the wild laid as W=B2 in RUN W=B2 Y3 R4 G5", "UC-29"),
        ("B2 G7", uc.SwapWild(0, 0, SET_THREE, 0, uc.Card.parse("B2"), _p("W=B2")),
         "that group holds no wild laid as W=B2", "UC-10"),
    ],
)
def test_uc10_a_wild_swap_refused_names_its_reason_and_ruling(
        hand: str, action: uc.SwapWild, reason: str, ruling: str) -> None:
    """UC-10, UC-29: a swap offering a card not held or not numbered, naming a wild the
    group does not hold, or a card that does not fit the wild's place is refused with that
    reason and ruling, the action named; the swap of a held card that fits is accepted."""
    state = uc.from_position([hand, "G4"], phase=uc.Phase.PLAY, table=_WILD_RUN)
    assert _refused(state, action) == (action, reason, ruling)
    fitting = uc.from_position(["B2 G7", "G4"], phase=uc.Phase.PLAY, table=_WILD_RUN)
    swap = uc.SwapWild(0, 1, RUN_FOUR, 0, uc.Card.parse("B2"), _p("W=B2"))
    assert str(fitting.apply(swap).table[1][0].groups[0]) == "RUN B2 Y3 R4 G5"


_RUN8 = "RUN B2 Y3 R4 G5 B6 Y7 R8 G9"
_EIGHT = [[(RUN_FOUR, [g(_RUN8)])], []]
"""p0 owns c03 with a run of eight."""
_TWO_SETS = [[(THREE_PAIRS, [g("SET B5 Y5 R5"), g("SET B7 Y7 R7")])], []]
"""p0 owns c02 (2 SETS OF 3 / 3 SETS OF 2) with two sets of three."""


@pytest.mark.parametrize(
    ("table", "action", "reason", "ruling"),
    [
        (_EIGHT, _layout(0, (RUN_FOUR, ())), "a group on campsite c03 is not valid", "UC-4"),
        (_EIGHT, _layout(0, (RUN_FOUR, ("RUN B2 Y3 R4", "RUN G5 B6 Y7 R8 G9"))),
         "a group on campsite c03 is not valid", "UC-4"),
        (_EIGHT, _layout(0, (RUN_FOUR, (_RUN8,)), (SET_THREE, ("SET B9 Y9",))),
         "a group on campsite c05 is not valid", "UC-4"),
        (_EIGHT, _layout(0, (RUN_FOUR, ("RUN B2 Y3 R4 G5", "SET B9 Y9 R9"))),
         "the faces of campsite c03 name no SET", "UC-30"),
        (_EIGHT, _layout(0, (RUN_FOUR, ("RUN B2 Y3 R4 G5", "RUN B6 Y7 R8 G9", "RUN B6 Y7 R8 G9"))),
         "campsite c03 holds at most 2 groups, not 3", "UC-30"),
        (_EIGHT, _layout(0, (RUN_FOUR, (_RUN8,)), (THREE_PAIRS, ("SET B9 Y9 R9",))),
         "the groups do not meet campsite c02's primitive requirement", "UC-7"),
        (_TWO_SETS, _layout(0, (THREE_PAIRS, ("SET B5 Y5 R5",)), (SET_THREE, ("SET B7 Y7 R7",))),
         "campsite c02 would no longer stand", "UC-28"),
        (_EIGHT, _layout(0, (RUN_FOUR, ("RUN B2 Y3 R4 G5 B6 Y7 R8 G9",))),
         "the layout is the one on the table", "UC-11"),
        (_EIGHT, _layout(0, (RUN_FOUR, ("RUN B2 Y3 R4 G5 B6 Y7 R8 G9 B10",))),
         "the layout uses cards that are neither on the table nor in hand", "UC-11"),
        (_EIGHT, _layout(0, (RUN_FOUR, ("RUN Y3 R4 G5 B6 Y7 R8 G9",))),
         "table cards return to hand only one for one with hand cards", "UC-11"),
    ],
)
def test_uc11_a_rearrangement_refused_names_its_reason_and_ruling(
        table: list[list[tuple[int, list[uc.Group]]]], action: uc.Rearrange, reason: str,
        ruling: str) -> None:
    """UC-11, UC-4, UC-7, UC-28, UC-30: a rearrangement leaving a campsite with no group
    or an invalid one, with groups its faces do not name or too many, claiming a
    campsite whose primitive side it does not meet, leaving an owned campsite unable to
    stand, changing nothing, using cards from nowhere or taking table cards to hand
    without as many hand cards laid is refused with that reason and ruling."""
    state = uc.from_position(["B9 Y9 R9 B2", "G4"], phase=uc.Phase.PLAY, table=table)
    assert _refused(state, action) == (action, reason, ruling)


def test_uc8_a_rearrangement_may_empty_the_hand_only_when_it_completes_a_campsite() -> None:
    """UC-8, UC-11: a rearrangement laying the last hand card is refused when no campsite
    of the player is then complete, and accepted (the round ends) when it completes one;
    with another card kept in hand the first one is accepted too."""
    seven = [[(RUN_FOUR, [g("RUN B2 Y3 R4 G5 B6 Y7 R8")])], []]
    longer = _layout(0, (RUN_FOUR, ("RUN B2 Y3 R4 G5 B6 Y7 R8 G9",)))
    split = _layout(0, (RUN_FOUR, ("RUN B2 Y3 R4 G5", "RUN B6 Y7 R8 G9")))
    last = uc.from_position(["G9", "G4"], phase=uc.Phase.PLAY, table=seven)
    assert _refused(last, longer) == (
        longer, "it would empty the hand without a complete campsite", "UC-8")
    done = last.apply(split)
    assert done.round == last.round + 1 or done.is_over
    kept = uc.from_position(["G9 B13", "G4"], phase=uc.Phase.PLAY, table=seven)
    assert str(kept.apply(longer).table[0][0].groups[0]) == "RUN B2 Y3 R4 G5 B6 Y7 R8 G9"


def _listed(state: uc.State, kind: type) -> list[str]:
    return texts([a for a in state.legal_actions(state.turn) if isinstance(a, kind)])


def test_uc7_a_full_campsite_does_not_hide_the_adds_of_the_next_one() -> None:
    """UC-7, UC-30: a campsite holding as many groups as its faces name takes no new
    group, but the adds to the player's campsites after it are still listed."""
    table = [[(SET_THREE, [g("SET B5 Y5 R5"), g("SET B7 Y7 R7")]),
              (RUN_SIX, [g("RUN B2 Y3 R4 G5")])], []]
    state = uc.from_position(["B11 Y11 B6", "G4"], phase=uc.Phase.PLAY, table=table)
    assert _listed(state, uc.AddCard) == ["p0 add c06.0 B6"]
    assert _listed(state, uc.AddGroup) == []


def test_uc8_a_new_group_of_the_whole_hand_is_listed_only_when_it_completes() -> None:
    """UC-8, UC-7: a new group laying the whole hand is not listed when it completes no
    campsite (c01 with two sets is not complete), and is listed with a card to spare or
    when it completes the campsite (c05: 2 SETS OF 3)."""
    table = [[(SET_OR_RUN, [g("SET B5 Y5 R5")])], []]
    whole = uc.from_position(["B7 Y7 R7", "G4"], phase=uc.Phase.PLAY, table=table)
    assert _listed(whole, uc.AddGroup) == []
    spare = uc.from_position(["B7 Y7 R7 B2", "G4"], phase=uc.Phase.PLAY, table=table)
    assert _listed(spare, uc.AddGroup) == ["p0 group c01 [SET B7 Y7 R7]"]
    completing = uc.from_position(["B7 Y7 R7", "G4"], phase=uc.Phase.PLAY,
                                  table=[[(SET_THREE, [g("SET B5 Y5 R5")])], []])
    assert _listed(completing, uc.AddGroup) == ["p0 group c05 [SET B7 Y7 R7]"]


def test_uc11_a_listed_split_keeps_the_other_groups_and_need_not_complete() -> None:
    """UC-11, UC-28: the split of a run listed for a campsite that still stands without
    being complete (c14 with a set and two runs of four) keeps the campsite's other
    groups; every listed rearrangement is accepted and lays the same cards."""
    table = [[(SET_AND_RUN, [g("RUN B2 Y3 R4 G5 B6 Y7 R8 G9"), g("SET B5 Y5 R5")])], []]
    state = uc.from_position(["B11 Y11", "G4"], phase=uc.Phase.PLAY, table=table)
    listed = [a for a in state.legal_actions(0) if isinstance(a, uc.Rearrange)]
    assert "p0 rearrange c14 [RUN B2 Y3 R4 G5] [RUN B6 Y7 R8 G9] [SET B5 Y5 R5]" in texts(listed)
    for action in listed:
        done = state.apply(action)
        assert done.hands[0] == state.hands[0]
        assert sorted(str(c) for s in done.table[0] for grp in s.groups for c in grp.cards) \
            == sorted(str(c) for s in state.table[0] for grp in s.groups for c in grp.cards)


def test_uc11_the_part_kept_may_be_the_right_one() -> None:
    """UC-11, UC-28: a run cut where the left part alone would not hold the campsite up
    (c09 needs a run of five) is still listed with the right part kept and the left part
    claiming a campground campsite."""
    table = [[(RUN_FIVE, [g("RUN B2 Y3 R4 G5 B6 Y7 R8 G9 B10")])], []]
    state = uc.from_position(["B11 Y11", "G4"], phase=uc.Phase.PLAY, table=table)
    listed = _listed(state, uc.Rearrange)
    assert "p0 rearrange c09 [RUN B6 Y7 R8 G9 B10] ; c03 [RUN B2 Y3 R4 G5]" in listed
    assert "p0 rearrange c09 [RUN B2 Y3 R4 G5 B6] ; c03 [RUN Y7 R8 G9 B10]" in listed
    assert not any(text.startswith("p0 rearrange c09 [RUN B2 Y3 R4 G5] ;") for text in listed)


def test_uc11_rearrangements_follow_the_campground_when_the_row_stands_still() -> None:
    """UC-11, UC-7: once another player has claimed a campsite, a player whose table row
    did not change is no longer offered a rearrangement claiming it."""
    state = uc.from_position(["B13 Y13", "B10 Y11 R12 G13 B3"], phase=uc.Phase.PLAY,
                             table=[[(RUN_FOUR, [g("RUN B2 Y3 R4 G5 B6 Y7 R8 G9")])], []])
    claim = "p0 rearrange c03 [RUN B2 Y3 R4 G5] ; c06 [RUN B6 Y7 R8 G9]"
    assert claim in _listed(state, uc.Rearrange)
    later = play(state, "p0 discard B13", "p1 draw 1", "p1 claim c06 [RUN B10 Y11 R12 G13]",
                 "p1 discard B3", "p0 draw 1")
    assert later.table[0] == state.table[0] and RUN_SIX not in later.campground
    listed = _listed(later, uc.Rearrange)
    assert claim not in listed and not any("c06" in text for text in listed)
    assert "p0 rearrange c03 [RUN B2 Y3 R4 G5] ; c01 [RUN B6 Y7 R8 G9]" in listed


def test_uc11_rearrangements_are_listed_on_a_first_question(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """UC-11: with nothing remembered yet for the seat, the rearrangement subset is
    computed and listed (the row tables, which keep the last answer per row, start
    empty)."""
    monkeypatch.setattr(_cache, "ROW_GROUPS", {})
    state = uc.from_position(["B13 Y13", "G4"], phase=uc.Phase.PLAY, table=_EIGHT)
    assert "p0 rearrange c03 [RUN B2 Y3 R4 G5] [RUN B6 Y7 R8 G9]" in _listed(state, uc.Rearrange)


def test_config_backend_the_chosen_solver_lists_claims_and_new_groups(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Config.backend, UC-7: with ``backend="z3"`` the claims and the new groups of a
    listing come from the z3 backend (asked afresh: the memos start empty), and the same
    moves are listed as with the native one."""
    pytest.importorskip("z3")
    from campers_rules import _cache
    from campers_rules.solver import _z3backend

    asked: list[object] = []
    ask = _z3backend.claims

    def spy(problem: object) -> object:
        asked.append(problem)
        return ask(problem)  # type: ignore[arg-type]

    monkeypatch.setattr(_z3backend, "claims", spy)
    for kind, table, ground in ((uc.Claim, [[], []], [SET_OR_RUN]),
                                (uc.AddGroup, [[(SET_THREE, [g("SET B5 Y5 R5")])], []], [])):
        _cache.clear()
        asked.clear()
        hands = ["B7 Y7 R7 B2", "G4"]
        formal = uc.from_position(hands, phase=uc.Phase.PLAY, table=table, campground=ground,
                                  config=uc.Config(backend="z3"))
        listed = _listed(formal, kind)
        native = uc.from_position(hands, phase=uc.Phase.PLAY, table=table, campground=ground)
        assert asked and listed and sorted(listed) == sorted(_listed(native, kind))


def test_uc11_rearrangements_follow_the_row_when_the_campground_stands_still() -> None:
    """UC-11: after the player's own row changes (a card added to the run) while the
    campground stays the same, the rearrangements listed are those of the new row."""
    state = uc.from_position(["B10 B13 Y13", "G4"], phase=uc.Phase.PLAY, table=_EIGHT)
    before = _listed(state, uc.Rearrange)
    assert "p0 rearrange c03 [RUN B2 Y3 R4 G5] [RUN B6 Y7 R8 G9]" in before
    grown = play(state, "p0 add c03.0 B10")
    assert grown.campground == state.campground
    after = _listed(grown, uc.Rearrange)
    assert "p0 rearrange c03 [RUN B2 Y3 R4 G5] [RUN B6 Y7 R8 G9 B10]" in after
    assert "p0 rearrange c03 [RUN B2 Y3 R4 G5 B6] [RUN Y7 R8 G9 B10]" in after
    assert not set(before) & set(after)


_TWO_SITES = {
    "set first": [(SET_THEN_FOUR, [g("SET Y11 R11 G11")]), (SET_THREE, [g("SET Y9 R9 G9")])],
    "set last": [(SET_THREE, [g("SET Y9 R9 G9")]), (SET_THEN_FOUR, [g("SET Y11 R11 G11")])],
}
"""Two own campsites, in either order: c07 (an 11 completes it: 1 SET OF 4) and c05 (a 9
leaves it primitive: 2 SETS OF 3)."""


@pytest.mark.parametrize("order", sorted(_TWO_SITES))
def test_uc8_the_last_card_added_reads_the_campsite_it_goes_to(order: str) -> None:
    """UC-8: with two own campsites, the last hand card may be added to the one it
    completes, wherever that campsite lies in the row, and not to the one it leaves
    primitive (refused with UC-8); the listing agrees."""
    table = [_TWO_SITES[order], []]
    completing = uc.from_position(["B11", "G4"], phase=uc.Phase.PLAY, table=table)
    add = uc.AddCard(0, SET_THEN_FOUR, 0, _p("B11"))
    assert add in completing.legal_actions(0)
    assert isinstance(completing.apply(add), uc.State)  # accepted: the round then ends
    short = uc.from_position(["B9", "G4"], phase=uc.Phase.PLAY, table=table)
    refused = uc.AddCard(0, SET_THREE, 0, _p("B9"))
    assert refused not in short.legal_actions(0)
    with pytest.raises(uc.IllegalActionError) as info:
        short.apply(refused)
    assert (info.value.reason, info.value.ruling) == (
        "it would empty the hand without a complete campsite", "UC-8")


@pytest.mark.parametrize("wild_first", [True, False])
def test_uc10_a_wild_swap_reads_the_campsite_it_names(wild_first: bool) -> None:
    """UC-10: a wild swap on an owner with two campsites (the wild on the first or the
    last of the row) is listed and accepted, and takes the wild from that campsite."""
    wild = (RUN_FOUR, [g("RUN W=B2 Y3 R4 G5")])
    other = (SET_THREE, [g("SET Y9 R9 G9")])
    row = [wild, other] if wild_first else [other, wild]
    state = uc.from_position(["B2 G13", "G4"], phase=uc.Phase.PLAY, table=[[], row])
    swap = uc.SwapWild(0, 1, RUN_FOUR, 0, uc.Card.parse("B2"), _p("W=B2"))
    assert swap in state.legal_actions(0)
    done = state.apply(swap)
    assert uc.WILD in done.hands[0]
    site = next(s for s in done.table[1] if s.campsite == RUN_FOUR)
    assert str(site.groups[0]) == "RUN B2 Y3 R4 G5"


@pytest.mark.parametrize("uncut", ["SET B9 Y9 R9", "RUN G2 G3 G4 G5"])
def test_uc11_a_campsite_without_a_cut_does_not_hide_the_next_ones(uncut: str) -> None:
    """UC-11: the rearrangements of a row's later campsite are listed when an earlier one
    has no run that cuts into two valid runs (a set, a run too short to cut)."""
    first = SET_THREE if uncut.startswith("SET") else RUN_FOUR
    row = [(first, [g(uncut)]), (RUN_FIVE, [g("RUN B2 Y3 R4 G5 B6 Y7 R8 G9 B10 Y11")])]
    state = uc.from_position(["B13 Y13", "G12"], phase=uc.Phase.PLAY, table=[row, []])
    listed = [a for a in state.legal_actions(0) if isinstance(a, uc.Rearrange)]
    assert listed
    assert all(dict(a.layout)[first] == state.table[0][0].groups for a in listed)


def test_uc9_uc11_a_row_shared_with_another_catalogue_lists_by_that_catalogue() -> None:
    """UC-4, UC-9, UC-11: the memos of a row's squats and rearrangements are kept per
    catalogue: the same state given another catalogue (its rows shared, as
    ``attrs.evolve`` gives) lists what that catalogue allows, as a listing with nothing
    remembered does. Here c02 no longer names sets of 2 (its set of 2 is no valid group,
    so no squat onto it) and c06 asks for a set (no rearrangement claims it with a run)."""
    import attrs

    pairs = [g("SET Y5 R5 G5"), g("SET Y7 R7 G7"), g("SET Y9 R9")]  # c02: 3 SETS OF 2
    table = [[(RUN_FOUR, [g("RUN B2 Y3 R4 G5 B6 Y7 R8 G9")])], [(THREE_PAIRS, pairs)]]
    state = uc.from_position(["B9 B13", "G4"], phase=uc.Phase.PLAY, table=table)
    squat = uc.Squat(0, 1, THREE_PAIRS, 2, _p("B9"))
    listed = state.legal_actions(0)
    assert squat in listed
    assert any(RUN_SIX in dict(a.layout) for a in listed if isinstance(a, uc.Rearrange))
    catalogue = list(state.config.catalogue)
    catalogue[THREE_PAIRS] = attrs.evolve(catalogue[THREE_PAIRS],
                                          complete=uc.Requirement.parse("3 SETS OF 3"))
    catalogue[RUN_SIX] = attrs.evolve(catalogue[RUN_SIX],
                                      primitive=uc.Requirement.parse("1 SET OF 3"))
    other = attrs.evolve(state, config=attrs.evolve(state.config, catalogue=tuple(catalogue)))
    assert other.table[0] is state.table[0] and other.table[1] is state.table[1]
    moved = other.legal_actions(0)
    assert squat not in moved
    assert not any(RUN_SIX in dict(a.layout) for a in moved if isinstance(a, uc.Rearrange))
    _cache.clear()
    assert other.legal_actions(0) == moved


@pytest.mark.parametrize("first", [True, False])
def test_uc7_a_new_group_joins_the_campsite_it_names_wherever_it_sits_in_the_row(
        first: bool) -> None:
    """UC-7, UC-30: a new group lands on the campsite it names, whether that campsite comes
    first or last in its owner's row; the other campsites stay as they were."""
    sites = [(4, [g("SET B5 Y5 R5")]), (SET_AND_RUN, [g("SET B6 Y6 R6"), g("RUN G2 G3 G4 G5")])]
    row = sites if first else sites[::-1]
    state = uc.from_position(["B8 Y8 R8 G8 B12", "G13 Y13"], phase=uc.Phase.PLAY,
                             table=[row, []])
    adds = [a for a in state.legal_actions(0) if isinstance(a, uc.AddGroup)]
    assert {a.campsite for a in adds} == {4, SET_AND_RUN}
    for action in adds:
        after = state.apply(action)
        for before, now in zip(state.table[0], after.table[0], strict=True):
            assert now.campsite == before.campsite
            expected = (*before.groups, action.cards) if now.campsite == action.campsite \
                else before.groups
            assert now.groups == expected


@pytest.mark.parametrize("first", [True, False])
def test_uc14_a_sprayed_squat_leaves_the_campsite_it_named_wherever_it_sits(
        first: bool) -> None:
    """UC-9, UC-14: a squat denied by a Bear Spray takes its card back off the campsite it
    named, first or last in the owner's row, and back to the squatter's hand; the owner's
    row is as it was."""
    sites = [(RUN_SIX, [g("RUN B3 B4 B5 B6")]), (4, [g("SET B9 Y9 R9")])]
    row = sites if first else sites[::-1]
    state = uc.from_position(["B7 G9 G12", "BearSpray Y13 R2"], phase=uc.Phase.PLAY,
                             table=[[], row])
    squats = [a for a in state.legal_actions(0) if isinstance(a, uc.Squat)]
    assert {a.campsite for a in squats} == {RUN_SIX, 4}
    for squat in squats:
        window = state.apply(squat)
        assert window.pending is not None
        denied = window.apply(uc.BearSpray(1))
        assert denied.table[1] == state.table[1]
        assert denied.hands[0] == state.hands[0]
