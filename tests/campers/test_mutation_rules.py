"""The entry points pinned down (UC-2, UC-6, UC-21, UC-32): who may list and act, the
refusals before the rules of a move, the draw and discard effects and the version,
written to kill mutants of ``campers_rules/_rules.py`` the older tests let live (issue 15)."""

from __future__ import annotations

import pytest

import campers_rules as uc
from campers_rules._errors import quote
from tests.campers.game_strategies import RUN_FOUR, SET_THREE, g, play

PLAY = uc.Phase.PLAY
_HANDS = ["B5 G6", "G4", "Y4", "R4", "B4", "Y8"]


def _refused(state: uc.State, action: object, version: object = None,
             kind: type[uc.IllegalActionError] = uc.IllegalActionError
             ) -> uc.IllegalActionError:
    """The error refusing an action; the state is left as it was."""
    before = uc.dumps(state)
    with pytest.raises(kind) as info:
        state.apply(action, version)  # type: ignore[arg-type]
    assert uc.dumps(state) == before
    return info.value


def _words(error: uc.IllegalActionError) -> tuple[object, str, str]:
    return error.action, error.reason, error.ruling


def _over() -> uc.State:
    """A finished one-round game: p0 completes c05 with the last card."""
    state = uc.from_position(["B7 Y7 R7", "G4"], phase=PLAY, config=uc.Config(rounds=1),
                             table=[[(SET_THREE, [g("SET B5 Y5 R5")])], []])
    over = state.apply(uc.AddGroup(0, SET_THREE, g("SET B7 Y7 R7")))
    assert over.is_over
    return over


# ----------------------------------------------------------------------------- seats


@pytest.mark.parametrize("players", [2, 3, 6])
def test_uc2_listing_for_no_seat_is_refused_naming_it(players: int) -> None:
    """UC-2: ``legal_actions`` of a value that is no seat (below 0, the player count or
    more, a bool, a str, a float) raises NotYourTurnError naming the value and the player
    count, as ``apply`` does; every seat gets a list."""
    state = uc.from_position(_HANDS[:players], phase=PLAY)
    for seat in (-1, players, players + 1, True, "0", 0.0, None):
        with pytest.raises(uc.NotYourTurnError) as info:
            state.legal_actions(seat)  # type: ignore[arg-type]
        error = info.value
        assert _words(error) == (f"listing for {quote(seat)}",
                                 f"there is no seat {quote(seat)} in a {players}-player game",
                                 "UC-2")
    assert all(isinstance(state.legal_actions(seat), list) for seat in range(players))


@pytest.mark.parametrize("players", [2, 4])
def test_uc2_an_action_by_no_seat_is_refused_as_such(players: int) -> None:
    """UC-2: an action by a seat the game does not have (the player count or more, or
    below 0) is refused with NotYourTurnError saying there is no such seat, not that the
    seat may not act now."""
    state = uc.from_position(_HANDS[:players], phase=PLAY)
    for seat in (players, players + 1, -1):
        action = uc.Discard(seat, uc.Card.parse("G4"))
        error = _refused(state, action, kind=uc.NotYourTurnError)
        assert _words(error) == (
            action, f"there is no seat {seat} in a {players}-player game", "UC-2")


def test_uc6_only_the_actors_get_a_list_and_may_act() -> None:
    """UC-6: a seat that may not act now gets an empty list, and its action is refused
    with NotYourTurnError saying so."""
    state = uc.from_position(["B5 G6", "G4 G5", "Y4"], phase=PLAY)
    assert state.legal_actions(0)
    for seat in (1, 2):
        assert state.legal_actions(seat) == []
        action = uc.Discard(seat, state.hands[seat][0])
        error = _refused(state, action, kind=uc.NotYourTurnError)
        assert _words(error) == (action, f"player {seat} may not act now", "UC-6")


# ----------------------------------------------------------------------------- draws


def test_uc6_the_draw_options_follow_the_discard_pile() -> None:
    """UC-6: before the draw a player may draw 1 or 2 cards, or take the top discard
    when the pile holds one; taking from an empty pile is refused, as is drawing 0 or 3."""
    empty = uc.from_position(["B5", "G2"])
    assert empty.legal_actions(0) == [uc.Draw(0, 1), uc.Draw(0, 2)]
    pile = uc.from_position(["B5", "G2"], discard="R9")
    assert pile.legal_actions(0) == [uc.Draw(0, 1), uc.Draw(0, 2), uc.TakeDiscard(0)]
    take = uc.TakeDiscard(0)
    assert _words(_refused(empty, take)) == (take, "the discard pile is empty", "UC-6")
    for count in (0, 3):
        draw = uc.Draw(0, count)
        assert _words(_refused(empty, draw)) == (draw, "draw 1 or 2 cards from the deck",
                                                 "UC-6")


def test_uc6_taking_the_discard_puts_it_in_hand_and_opens_the_play() -> None:
    """UC-6: taking the top discard puts that card in hand, leaves the rest of the pile,
    and the turn moves to its play phase, where the card may be discarded again."""
    state = uc.from_position(["B5", "G2"], discard="Y3 R9")
    taken = state.apply(uc.TakeDiscard(0))
    assert taken.phase is PLAY and taken.turn == 0
    assert [str(c) for c in taken.discard] == ["Y3"]
    assert sorted(str(c) for c in taken.hands[0]) == ["B5", "R9"]
    assert uc.Discard(0, uc.Card.parse("R9")) in taken.legal_actions(0)


@pytest.mark.parametrize("first", ["p0 discard B5", "p0 decline", "p0 group c05 [SET B5 Y5 R5]"])
def test_uc6_before_the_draw_nothing_else_is_accepted(first: str) -> None:
    """UC-6: before the draw every other action is refused saying what to do instead."""
    state = uc.from_position(["B5 Y5 R5 G2", "G3"], discard="R9",
                             table=[[(SET_THREE, [g("SET B7 Y7 R7")])], []])
    action = uc.parse_action(first)
    assert _words(_refused(state, action)) == (
        action, "player 0 must draw first: 1 or 2 cards from the deck, or the top card of "
        "the discard pile", "UC-6")


@pytest.mark.parametrize("second", ["p0 draw 1", "p0 draw 2", "p0 take"])
def test_uc6_a_second_draw_is_refused(second: str) -> None:
    """UC-6: once drawn, another draw or take is refused, naming the player."""
    state = play(uc.from_position(["B5", "G2"], discard="R9"), "p0 draw 1")
    action = uc.parse_action(second)
    assert _words(_refused(state, action)) == (
        action, "player 0 has already drawn this turn", "UC-6")


# ----------------------------------------------------------------------------- discards


def test_uc6_one_discard_is_listed_per_distinct_card() -> None:
    """UC-6: the play phase lists one discard per distinct card in hand, in hand order,
    however many copies the hand holds."""
    state = uc.from_position(["B5 B5 G2 G2 W W R9", "G3"], phase=PLAY)
    discards = [a for a in state.legal_actions(0) if isinstance(a, uc.Discard)]
    assert [a.card for a in discards] == list(dict.fromkeys(state.hands[0]))
    assert len(discards) == len({a.card for a in discards}) == 4


def test_uc6_a_discard_goes_on_top_of_the_pile_and_ends_the_turn() -> None:
    """UC-6: the discarded card goes on top of the pile and the next player draws."""
    state = uc.from_position(["B5 G6", "G3", "Y4"], phase=PLAY, discard="R9")
    done = state.apply(uc.Discard(0, uc.Card.parse("G6")))
    assert [str(c) for c in done.discard] == ["R9", "G6"]
    assert done.turn == 1 and done.phase is uc.Phase.DRAW
    action = uc.Discard(0, uc.Card.parse("B6"))
    assert _words(_refused(state, action)) == (
        action, "player 0 holds no B6 (not in hand)", "UC-6")


# ----------------------------------------------------------------------------- answers


@pytest.mark.parametrize("text", ["p0 decline", "p0 spray", "p0 fall", "p0 give B5",
                                  "p0 pass B5", "p0 repair B5"])
def test_uc6_an_answer_with_nothing_open_is_refused(text: str) -> None:
    """UC-6: an answer when no window or choice is open is refused saying so."""
    state = uc.from_position(["B5 BearSpray", "G2"], phase=PLAY)
    action = uc.parse_action(text)
    assert _words(_refused(state, action)) == (
        action, "nothing is waiting for an answer: no Bear Spray window or choice is open",
        "UC-6")


_WAITS = {
    "spray": ("a Bear Spray window is open: answer it with a Bear Spray or decline", "UC-14"),
    "repair": ("a campsite damaged by a Bear Attack waits on its owner to repair it or let "
               "it fall", "UC-13"),
    "fish": ("a Go Fishing waits on its target to hand over a matching card", "UC-17"),
    "pass": ("a Lost Camper waits on every player holding a card to choose one to pass left",
             "UC-18"),
}


@pytest.mark.parametrize(
    ("hands", "table", "opening", "seat", "wrong", "waits"),
    [
        (["Roasted G5", "BearSpray G3", "G4"], None, "p0 play Roasted 2", 1, "p1 discard G3",
         "spray"),
        (["BearAttack G7 G6", "G3 G9", "G4"], [[], [(RUN_FOUR, [g("RUN B2 Y3 R4 G5")])], []],
         "p0 play BearAttack 1:c03.0 G5", 1, "p1 pass G3", "repair"),
        (["GoFishing G5 G6", "G3 G9", "G4"], None, "p0 play GoFishing 1 color:G", 1,
         "p1 decline", "fish"),
        (["LostCamper G5 G6", "G3 G9", "G4"], None, "p0 play LostCamper", 1, "p1 give G3",
         "pass"),
    ],
)
def test_a_pending_decision_refuses_any_other_action(
        hands: list[str], table: list[list[tuple[int, list[uc.Group]]]] | None, opening: str,
        seat: int, wrong: str, waits: str) -> None:
    """UC-13, UC-14, UC-17, UC-18: while a decision is open, a waiting player's action of
    another kind is refused, saying what the decision waits for, with its ruling."""
    state = play(uc.from_position(hands, phase=PLAY, table=table), opening)
    assert seat in state.actors
    action = uc.parse_action(wrong)
    assert _words(_refused(state, action)) == (action, *_WAITS[waits])


# ----------------------------------------------------------------------------- game over


def test_uc21_a_finished_game_refuses_every_action() -> None:
    """UC-21: a finished game has no actors and no listings, and refuses an action with
    GameOverError "the game is over", naming the action."""
    over = _over()
    assert over.actors == frozenset()
    for seat in (0, 1):
        assert over.legal_actions(seat) == []
        action = uc.Discard(seat, uc.Card.parse("G4"))
        error = _refused(over, action, kind=uc.GameOverError)
        assert _words(error) == (action, "the game is over", "UC-21")


# ----------------------------------------------------------------------------- versions


def test_uc32_an_action_against_another_version_is_stale() -> None:
    """UC-32: an action sent with the current version is applied as without one; sent
    with any other version (an older int, a bool, a str) it raises StaleActionError
    naming the action and both versions, the state unchanged; with a later int,
    FutureVersionError, which is no StaleActionError."""
    state = play(uc.from_position(["B5 G6", "G3"], discard="R9"), "p0 draw 1")
    assert state.version == 1
    action = uc.Discard(0, uc.Card.parse("G6"))
    assert state.apply(action, 1) == state.apply(action)
    for sent in (0, True, "1", 1.0):
        error = _refused(state, action, sent, kind=uc.StaleActionError)
        assert isinstance(error, uc.StaleActionError)
        assert (error.action, error.sent, error.current, error.ruling) == (
            action, sent, 1, "UC-32")
        assert error.reason == f"sent against version {quote(sent)}, the state is at version 1"
    for sent in (2, 3, 10**20):
        ahead = _refused(state, action, sent, kind=uc.FutureVersionError)
        assert isinstance(ahead, uc.FutureVersionError)
        assert not issubclass(type(ahead), uc.StaleActionError)
        assert (ahead.action, ahead.sent, ahead.current, ahead.ruling) == (
            action, sent, 1, "UC-32")
        assert ahead.reason == f"sent against version {sent}, but the state is only at version 1"
        assert str(ahead).startswith(f"action ahead of the state {action}: ")


def test_uc32_a_late_action_to_a_finished_game_is_stale_first() -> None:
    """UC-32, UC-21: sent with an old version, an action to a finished game is stale."""
    over = _over()
    action = uc.Discard(0, uc.Card.parse("G4"))
    error = _refused(over, action, over.version - 1, kind=uc.StaleActionError)
    assert isinstance(error, uc.StaleActionError) and error.current == over.version


def test_uc32_every_action_moves_the_version_on_by_one() -> None:
    """UC-32: a draw, a take, a table move, an action card and a discard each move the
    version on by exactly one."""
    state = uc.from_position(["B5 Y5 R5 Roasted G2 G3", "G4 G6", "Y4"], discard="R9",
                             table=[[(SET_THREE, [g("SET B7 Y7 R7")])], [], []])
    for text in ("p0 take", "p0 group c05 [SET B5 Y5 R5]", "p0 play Roasted 2",
                 "p0 discard G2", "p1 draw 2"):
        after = play(state, text)
        assert after.version == state.version + 1, text
        state = after


def test_uc18_the_choices_of_one_pass_share_one_version() -> None:
    """UC-18, UC-32: playing a Lost Camper moves the version on; each choice after which
    the pass still waits keeps it; the last choice moves it on."""
    state = uc.from_position(["LostCamper G5 G6", "G3 G9", "Y4 Y6"], phase=PLAY)
    opened = play(state, "p0 play LostCamper")
    assert isinstance(opened.pending, uc.PassChoice) and opened.version == state.version + 1
    first = play(opened, "p2 pass Y4")
    second = play(first, "p0 pass G5")
    assert first.version == second.version == opened.version
    done = play(second, "p1 pass G9")
    assert done.pending is None and done.version == opened.version + 1


def test_uc14_the_answers_of_one_window_share_one_version() -> None:
    """UC-14, UC-32: the action card opening a Bear Spray window moves the version on;
    a decline after which the window still waits keeps it; the last decline moves it
    on, whoever holds a Bear Spray."""
    config = uc.Config(ask_everyone=True)
    state = uc.from_position(["Roasted G5", "G3 G9", "Y4"], phase=PLAY, config=config)
    opened = play(state, "p0 play Roasted 2")
    assert isinstance(opened.pending, uc.SprayWindow) and opened.version == state.version + 1
    first = play(opened, f"p{min(opened.actors)} decline")
    assert isinstance(first.pending, uc.SprayWindow) and first.version == opened.version
    done = play(first, f"p{min(first.actors)} decline")
    assert not isinstance(done.pending, uc.SprayWindow)
    assert done.version == opened.version + 1
