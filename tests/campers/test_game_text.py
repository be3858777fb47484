"""Text forms: every action's ``str`` parses back to it; bad text raises ParseError."""

from __future__ import annotations

import pytest
from hypothesis import given

import campers_rules as uc
from tests.campers.game_strategies import players, random_walk, seeds


@given(players, seeds)
def test_every_legal_action_round_trips(players: int, seed: int) -> None:
    """``parse_action(str(action)) == action`` for every action listed along a game."""
    for state in random_walk(players, seed, 120)[::3]:
        for actor in state.actors:
            for action in state.legal_actions(actor):
                assert uc.parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "draw 1",
        "p0 draw 3",
        "p0 fly",
        "p0 discard X9",
        "p0 squat 1:4 B7",
        "p0 add c05.0 B7=W",
        "p0 claim x [SET B5 Y5 R5]",
        "p0 claim c05 SET B5 Y5 R5",
        "p0 play BearSpray",
        "p0 play GoFishing 1 colour:B",
        "p0 play GoFishing 1 number:14",
        "p0 swap 0:c05.0 B7 B7",
        "p0 take now",
        "p0 claim 9 [SET B5 Y5 R5]",
        "p0 claim c16 [SET B5 Y5 R5]",
        "p0 claim c00 [SET B5 Y5 R5]",
        "p0 add 4.0 B7",
        "p0 squat 1:4.0 B7",
        "p0 rearrange c01 [SET B5 Y5 R5] ; 3 [RUN B2 B3 B4 B5]",
        "p" + "9" * 5000 + " draw 1",
        "p0 play Roasted " + "9" * 5000,
        "p0 squat 1:c05." + "9" * 5000 + " B7",
        "p0 play Roasted \u00b2",
        "p\u00b2 draw 1",
        "p0 play TrashPanda \u00b2 B7",
        "p0 play GoFishing 1 number:\u00b2",
    ],
)
def test_bad_text_raises_parse_error(text: str) -> None:
    """Text that is not an action of the vocabulary raises ParseError: bare campsite
    numbers (UC-3: campsites are c01..c15), huge numbers, and digits that are not ASCII
    (``'²'.isdigit()`` is true, ``int('²')`` fails)."""
    with pytest.raises(uc.ParseError) as caught:
        uc.parse_action(text)
    assert len(str(caught.value)) < 300  # messages quote a short prefix only


def test_describe_action_and_table() -> None:
    """``describe_action`` gives one line per action; ``describe_table`` the whole table."""
    lines: list[str] = []

    def record(before: uc.State, action: uc.Action, after: uc.State) -> None:
        lines.append(uc.describe_action(before, action, after))

    final = uc.play_game(uc.new_game(3, 2, uc.Config(rounds=1)), [uc.HeuristicBot()] * 3, 2,
                         on_action=record)
    assert lines[0] == "p1 draws 2 from the deck"
    assert "game over" in lines[-1] and all("\n" not in line for line in lines)
    assert uc.describe_table(uc.new_game(3, 2)).startswith("round 1/5, dealer p0, turn p1")
    assert final.is_over
