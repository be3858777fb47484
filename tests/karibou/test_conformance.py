"""Karibou Camp through the project's API conformance harness (tests/conformance.py)."""

from __future__ import annotations

import random

import attrs
import pytest

import karibou_rules as kc
from tests.conformance import GameUnderTest, check_determinism, play_random_game


def _calm_actor(state: kc.State, rng: random.Random) -> int:
    """The harness picks actors uniformly; this scheduler follows :func:`kc.next_actor`."""
    return kc.next_actor(state, rng)


KARIBOU = GameUnderTest(
    name="karibou",
    new_game=kc.new_game,
    player_counts=(3, 4, 5, 6, 7),
    dumps=kc.dumps,
    loads=kc.loads,
    error=kc.KaribouError,
    max_steps=2_000,
)
KARIBOU_SCHEDULED = attrs.evolve(
    KARIBOU,
    name="karibou-scheduled",
    apply_all_limit=12,
    roundtrip_every=2,
    choose_actor=_calm_actor,
)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("seed", range(40))
def test_conformance_random_play(players: int, seed: int) -> None:
    """KC-13: random legal play by uniformly random actors passes every harness check
    (legal actions unique and applicable, JSON round trip, typed rejections) and ends."""
    game = play_random_game(KARIBOU, players, seed)
    assert game.final.is_over


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("seed", range(6))
def test_conformance_with_scheduler(players: int, seed: int) -> None:
    """The same checks when the real-time scheduler picks the actor (longer rounds)."""
    game = play_random_game(KARIBOU_SCHEDULED, players, seed)
    assert game.final.is_over


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_determinism(players: int) -> None:
    """Same seed and same actions give equal states, for every player count."""
    check_determinism(KARIBOU, players, 11)
