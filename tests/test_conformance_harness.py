"""The conformance harness passes a correct game and catches each kind of defect."""

from __future__ import annotations

import functools

import pytest

from tests import toy_game
from tests.conformance import GameUnderTest, run_conformance


def toy(broken: str = "") -> GameUnderTest:
    return GameUnderTest(
        name=f"toy-{broken or 'ok'}",
        new_game=functools.partial(toy_game.new_game, broken=broken),
        player_counts=(2, 3),
        dumps=toy_game.dumps,
        loads=toy_game.loads,
        error=toy_game.ToyError,
        max_steps=200,
    )


def test_correct_game_passes() -> None:
    games = run_conformance(toy(), seeds=range(5))
    assert len(games) == 10
    assert all(game.final.is_over for game in games)


@pytest.mark.parametrize(
    "defect",
    ["duplicates", "everyone", "no-end", "accepts-illegal", "unseeded", "lossy-json"],
)
def test_harness_catches_defect(defect: str) -> None:
    with pytest.raises(AssertionError):
        run_conformance(toy(defect), seeds=range(20))
