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
        "p0 add 4.0 B7=W",
        "p0 claim x [SET B5 Y5 R5]",
        "p0 claim 4 SET B5 Y5 R5",
        "p0 play BearSpray",
        "p0 play GoFishing 1 colour:B",
        "p0 play GoFishing 1 number:14",
        "p0 swap 0:4.0 B7 B7",
        "p0 take now",
    ],
)
def test_bad_text_raises_parse_error(text: str) -> None:
    """Text that is not an action of the vocabulary raises ParseError."""
    with pytest.raises(uc.ParseError):
        uc.parse_action(text)


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
