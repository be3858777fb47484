"""Review 4: hostile-client checks of the embedding API (issue 10) and the new rulings."""

from __future__ import annotations

import pytest

import campers_rules as uc


@pytest.mark.parametrize(
    "sent", [10**5000, -(10**5000), "x" * 100_000], ids=["huge", "-huge", "text"]
)
def test_uc32_a_stale_version_too_long_to_print_is_a_typed_refusal(sent: object) -> None:
    """UC-32: a version no int conversion can print (past Python's 4300-digit limit) or a
    huge text is stale, refused with StaleActionError (a huge positive int with
    FutureVersionError: it is ahead of the state), with a short message, never a plain
    ValueError; is_legal says False."""
    state = uc.new_game(2, 1)
    draw = uc.Draw(1, 1)
    assert not state.is_legal(draw, sent)  # type: ignore[arg-type]
    kind = uc.FutureVersionError if sent == 10**5000 else uc.StaleActionError
    with pytest.raises(kind) as caught:
        state.apply(draw, sent)  # type: ignore[arg-type]
    assert caught.value.sent == sent and caught.value.current == 0
    assert len(str(caught.value)) < 200


_FILLER = ["G3 Y4", "R5 B6", "Y7 G8", "B9 R10", "G11 Y12"]


def _window_views(players: int, holders: set[int], play: str, ask_everyone: bool) -> dict:
    """Every seat's distinct views, in order, from p0's deniable play until its window
    closes with every asked player declining; holders hold a Bear Spray, the rest a
    filler card in its place (equal hand sizes)."""
    hands = ["Smores B2 B3 W"]
    for seat in range(1, players):
        first, second = _FILLER[seat - 1].split()
        hands.append(f"{'BearSpray' if seat in holders else first} {second}")
    config = uc.Config(ask_everyone=ask_everyone)
    deck = "R2 R3 R4 R6 R7 R8 R9 R11 R12 R13 B10 B11 B12"  # the top cards all draw
    state = uc.from_position(hands, deck=deck, phase=uc.Phase.PLAY, config=config)
    state = state.apply(uc.parse_action(play))
    states = [state]
    while isinstance(state.pending, uc.SprayWindow):
        state = state.apply(uc.Decline(min(state.actors)), state.version)
        states.append(state)
    seen: dict[int, list[object]] = {}
    for seat in range(players):
        if seat in holders:
            continue
        views: list[object] = []
        for s in states:
            view = s.view(seat)
            if not views or views[-1] != view:
                views.append(view)
        seen[seat] = views
    return {"views": seen, "version": states[-1].version}


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("ask_everyone", [False, True])
def test_uc14_uc32_the_version_does_not_count_who_is_asked_in_a_window(
    players: int, ask_everyone: bool
) -> None:
    """UC-14, UC-32, UC-23: the answers of one Bear Spray window share its version, so a
    seat without a spray sees the same views (version included) and the same final version
    however many of the others hold a Bear Spray, with holder-only windows as with
    ask_everyone; declines while the window still waits do not move the version."""
    import itertools

    others = range(1, players)
    for play in ("p0 play Smores",):
        outcomes = []
        for size in range(1, players):
            for holders in itertools.combinations(others, size):
                got = _window_views(players, set(holders), play, ask_everyone)
                outcomes.append((set(holders), got))
        for seat in (0, *others):
            per_seat = [got["views"][seat] for holders, got in outcomes if seat not in holders]
            assert all(v == per_seat[0] for v in per_seat), (seat, players)
            assert all(uc.dumps(v[-1]) == uc.dumps(per_seat[0][-1]) for v in per_seat)
        assert len({got["version"] for _, got in outcomes}) == 1


def test_uc2_an_action_or_seat_too_long_to_print_is_a_typed_refusal() -> None:
    """UC-2, UC-6: an action built with an int past Python's 4300-digit print limit in any
    field (seat, count, campsite, group, card) is refused with IllegalActionError (a short
    message) by apply, False from is_legal, and legal_actions of such a seat raises
    NotYourTurnError, as for any seat that does not exist; never a plain ValueError."""
    import random

    import attrs

    rng = random.Random(3)
    state = uc.new_game(3, 5, uc.Config(rounds=1, turn_cap=60))
    kinds: dict[type, object] = {}
    while not state.is_over and len(kinds) < 12:
        options = state.legal_actions(min(state.actors))
        for option in options:
            kinds.setdefault(type(option), option)
        state = state.apply(rng.choice(options))
    huge = 10**5000
    with pytest.raises(uc.NotYourTurnError):
        state.legal_actions(huge)
    for action in kinds.values():
        for field in attrs.fields(type(action)):
            bad = attrs.evolve(action)  # type: ignore[misc]
            object.__setattr__(bad, field.name, huge)
            assert not state.is_legal(bad)  # type: ignore[arg-type]
            with pytest.raises(uc.IllegalActionError) as caught:
                state.apply(bad)  # type: ignore[arg-type]
            assert len(str(caught.value)) < 300


def _rewrite(group: object, like: object) -> None:
    """Change a frozen group in place into another one (a hostile in-process caller)."""
    import attrs

    for field in attrs.fields(type(group)):
        object.__setattr__(group, field.name, getattr(like, field.name))


@pytest.mark.parametrize(
    ("hands", "table", "good", "bad"),
    [
        (["B5 Y5 R5 G9 B2 B7", "G3 Y4"], None,
         "p0 claim c05 [SET B5 Y5 R5]", "p0 claim c05 [SET B5 B2 B7]"),
        (["B5 Y5 R5 G9 B2 B7", "G3 Y4"], [[(4, ["SET G9 Y9 R9"])], []],
         "p0 group c05 [SET B5 Y5 R5]", "p0 group c05 [SET B5 B2 B7]"),
        (["B5 Y5 R5 G9 B2 B7", "G3 Y4"], [[(4, ["SET G8 Y8 R8"])], []],
         "p0 rearrange c05 [SET G8 Y8 R8] [SET B5 Y5 R5]",
         "p0 rearrange c05 [SET G8 Y8 R8] [SET B5 B2 B7]"),
    ],
)
def test_uc4_a_group_changed_in_place_after_a_check_is_checked_again(
    hands: list[str], table: object, good: str, bad: str
) -> None:
    """UC-4, issue 10 (apply always checks): a claim, new group or rearrangement whose
    group passed a check, then was changed in place into an invalid one, is refused by
    is_legal and apply alike: no memo of an earlier check stands in for the check."""
    groups_table = None
    if table is not None:
        groups_table = [
            [(site, [uc.Group.parse(g) for g in groups]) for site, groups in row]
            for row in table  # type: ignore[attr-defined]
        ]
    state = uc.from_position(hands, phase=uc.Phase.PLAY, table=groups_table)
    action = uc.parse_action(good)
    assert state.is_legal(action)
    state.apply(action)  # the check has now seen these very objects
    bad_action = uc.parse_action(bad)
    assert not state.is_legal(bad_action)
    mine = action.layout[-1][1][-1] if isinstance(action, uc.Rearrange) else (
        action.groups[0] if isinstance(action, uc.Claim) else action.cards
    )
    theirs = bad_action.layout[-1][1][-1] if isinstance(bad_action, uc.Rearrange) else (
        bad_action.groups[0] if isinstance(bad_action, uc.Claim) else bad_action.cards
    )
    _rewrite(mine, theirs)
    assert str(action) == str(bad_action)
    assert not state.is_legal(action)
    with pytest.raises(uc.IllegalActionError):
        state.apply(action)


def test_uc6_a_foreign_object_that_cannot_print_is_refused_as_no_action() -> None:
    """UC-6: apply and is_legal refuse any object that is not an Unhappy Campers action with
    IllegalActionError / False, even one whose str and repr raise; the message stays short."""

    class Hostile:
        def __str__(self) -> str:
            raise RuntimeError("no text")

        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    state = uc.new_game(3, 2)
    assert not state.is_legal(Hostile())  # type: ignore[arg-type]
    with pytest.raises(uc.IllegalActionError) as caught:
        state.apply(Hostile())  # type: ignore[arg-type]
    assert "Hostile" in str(caught.value) and len(str(caught.value)) < 200
