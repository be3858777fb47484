"""The conformance harness's embedding checks (issue 10: versions UC-32 and their Karibou
twin, action JSON, a view's legal actions) pass the toy game and catch each defect."""

from __future__ import annotations

import functools

import pytest

from tests import toy_game
from tests.conformance import GameUnderTest, run_conformance


def toy(broken: str = "", action_json: str = "") -> GameUnderTest:
    return GameUnderTest(
        name=f"toy-{broken or action_json or 'ok'}",
        new_game=functools.partial(toy_game.new_game, broken=broken),
        player_counts=(2, 3),
        dumps=toy_game.dumps,
        loads=toy_game.loads,
        error=toy_game.ToyError,
        max_steps=200,
        loads_action=functools.partial(toy_game.loads_action, broken=action_json),
    )


def test_the_embedding_checks_pass_a_correct_game_and_find_its_api() -> None:
    """UC-32: the toy game's versions, action JSON and views pass; the harness
    finds ``StaleActionError`` in the module of the State class when not given."""
    games = run_conformance(toy(), seeds=range(5))
    assert all(game.final.is_over and game.final.version > 0 for game in games)
    plain = GameUnderTest(
        name="toy-found", new_game=toy_game.new_game, player_counts=(2,),
        dumps=toy_game.dumps, loads=toy_game.loads, error=toy_game.ToyError, max_steps=200,
    )
    assert run_conformance(plain, seeds=range(2))


@pytest.mark.parametrize(
    ("broken", "action_json"),
    [("no-stale", ""), ("view-actions", ""), ("", "lossy-action-json")],
)
def test_the_embedding_checks_catch_each_defect(broken: str, action_json: str) -> None:
    """UC-32: a game that applies stale actions, a view that lists other moves, or
    action JSON that does not read back, fails the harness."""
    with pytest.raises(AssertionError):
        run_conformance(toy(broken, action_json), seeds=range(20))
