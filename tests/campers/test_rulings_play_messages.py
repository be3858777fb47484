"""Refusals a person meets most, in plain words with their ruling IDs (issue 13 item 7):
drawing (UC-6), discarding (UC-6), squatting (UC-9, UC-8) and answering out of order."""

from __future__ import annotations

import pytest

import campers_rules as uc
from tests.campers.game_strategies import RUN_FOUR, RUN_SIX, g, play

TABLE = [[], [(RUN_FOUR, [g("RUN B4 Y5 R6 B7")])]]


def _refusal(state: uc.State, text: str) -> uc.IllegalActionError:
    with pytest.raises(uc.IllegalActionError) as info:
        play(state, text)
    return info.value


@pytest.mark.parametrize("second", ["p1 draw 1", "p1 draw 2", "p1 take"])
def test_uc6_drawing_twice_says_the_player_has_drawn(second: str) -> None:
    """UC-6: a second draw in one turn is refused as such, not as an unknown decision."""
    state = play(uc.from_position(["B5", "G2 G3"], turn=1, discard="R9"), "p1 draw 1")
    error = _refusal(state, second)
    assert error.reason == "player 1 has already drawn this turn" and error.ruling == "UC-6"


def test_uc6_the_turn_starts_with_a_draw() -> None:
    """UC-6: before drawing, every other move is refused with what to do instead."""
    state = uc.from_position(["B5 B6", "G2"], discard="R9")
    for text in ("p0 discard B5", "p0 decline"):
        error = _refusal(state, text)
        assert error.ruling == "UC-6" and "must draw first" in error.reason


def test_uc6_a_discard_names_the_card_not_in_hand() -> None:
    """UC-6: discarding a card one does not hold says so, naming the card and the player."""
    error = _refusal(uc.from_position(["B5", "G2"], phase=uc.Phase.PLAY), "p0 discard B6")
    assert error.ruling == "UC-6" and error.reason == "player 0 holds no B6 (not in hand)"


def test_uc6_an_answer_with_nothing_to_answer() -> None:
    """UC-6: an answer when no window or choice is open says that nothing waits on one."""
    state = uc.from_position(["B5", "G2"], phase=uc.Phase.PLAY)
    for text in ("p0 decline", "p0 spray", "p0 fall", "p0 give B5", "p0 pass B5"):
        error = _refusal(state, text)
        assert error.ruling == "UC-6" and "nothing is waiting for an answer" in error.reason


@pytest.mark.parametrize(
    ("text", "ruling", "words"),
    [
        ("p0 squat 0:c06.0 G8", "UC-9", "is player 0's own"),
        ("p0 squat 1:c03.0 G9", "UC-9", "G9 does not fit RUN B4 Y5 R6 B7"),
        ("p0 squat 1:c03.0 G3", "UC-7", "player 0 holds no G3"),
    ],
)
def test_uc9_squat_refusals_in_plain_words(text: str, ruling: str, words: str) -> None:
    """UC-9, UC-7: a squat on one's own campsite, of a card that does not fit, or of a card
    not held, is refused saying which."""
    table = [[(RUN_SIX, [g("RUN G4 G5 G6 G7")])], TABLE[1]]
    state = uc.from_position(["G8 G9 B2", "G2"], phase=uc.Phase.PLAY, table=table)
    error = _refusal(state, text)
    assert error.ruling == ruling and words in error.reason


def test_uc8_a_last_card_squat_says_a_card_must_be_kept() -> None:
    """UC-8: squatting one's last card without a complete campsite is refused, saying that
    a card must be kept to discard."""
    state = uc.from_position(["G8", "G2"], phase=uc.Phase.PLAY, table=TABLE)
    error = _refusal(state, "p0 squat 1:c03.0 G8")
    assert error.ruling == "UC-8" and "no card to discard" in error.reason


@pytest.mark.parametrize(
    ("hands", "opening", "answer", "ruling", "words"),
    [
        (["Roasted B2", "BearSpray G3"], ("p0 play Roasted 1",), "p1 draw 1", "UC-14",
         "Bear Spray window"),
        (["BearAttack B2", "G3"], ("p0 play BearAttack 1:c03.0 B7",), "p1 draw 1", "UC-13",
         "repair it or let it fall"),
        (["GoFishing B2", "G3"], ("p0 play GoFishing 1 color:G",), "p1 pass G3", "UC-17",
         "hand over"),
        (["LostCamper B2", "G3"], ("p0 play LostCamper",), "p1 give G3", "UC-18",
         "pass left"),
    ],
)
def test_a_pending_decision_must_be_answered_first(
    hands: list[str], opening: tuple[str, ...], answer: str, ruling: str, words: str
) -> None:
    """UC-13, UC-14, UC-17, UC-18: while a decision waits, another move is refused naming the
    decision and its ruling."""
    state = play(uc.from_position(hands, phase=uc.Phase.PLAY, table=TABLE), *opening)
    error = _refusal(state, answer)
    assert error.ruling == ruling and words in error.reason
