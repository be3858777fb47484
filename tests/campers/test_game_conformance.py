"""Unhappy Campers through the shared API conformance harness (random legal play of whole
games from many seeds, every player count 2..6)."""

from __future__ import annotations

import pytest

import campers_rules as uc
from tests.conformance import GameUnderTest, check_determinism, play_random_game

SHORT = uc.Config(rounds=2, turn_cap=24)
"""Short games keep the harness fast: 2 rounds of at most 24 turns."""


def _short_game(players: int, seed: int) -> uc.State:
    return uc.new_game(players, seed, SHORT)


def _everyone_game(players: int, seed: int) -> uc.State:
    return uc.new_game(players, seed, uc.Config(rounds=1, turn_cap=24, ask_everyone=True))


CAMPERS = GameUnderTest(
    name="unhappy-campers",
    new_game=_short_game,
    player_counts=(2, 3, 4, 5, 6),
    dumps=uc.dumps,
    loads=uc.loads,
    error=uc.CampersError,
    apply_all_limit=12,
    roundtrip_every=4,
)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", range(8))
def test_conformance(players: int, seed: int) -> None:
    """The harness's invariants hold at every step of a random game (UC-2: 2..6 players)."""
    game = play_random_game(CAMPERS, players, seed)
    assert game.final.is_over
    assert len(game.final.round_results) == SHORT.rounds


@pytest.mark.parametrize("players", [2, 4, 6])
def test_determinism(players: int) -> None:
    """Same seed and same actions give equal states; new_game is deterministic."""
    check_determinism(CAMPERS, players, seed=11)


@pytest.mark.parametrize("seed", range(3))
def test_conformance_ask_everyone(seed: int) -> None:
    """UC-14: with the ask-everyone switch every other player answers each window."""
    game = GameUnderTest(
        name="unhappy-campers-ask-everyone",
        new_game=_everyone_game,
        player_counts=(4,),
        dumps=uc.dumps,
        loads=uc.loads,
        error=uc.CampersError,
        apply_all_limit=12,
        roundtrip_every=4,
    )
    assert play_random_game(game, 4, seed).final.is_over
