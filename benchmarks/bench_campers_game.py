"""Unhappy Campers engine speed: random legal play of whole 4-player, 5-round games.

Figures (``python3 tasks.py bench``): a whole game (legal_actions + apply at every step),
with actions per second and games per second in ``extra_info``; the median latency of
``legal_actions`` and of ``apply`` over the states of a seeded game; the peak memory of
one game (tracemalloc), in ``extra_info``.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from _loops import record_peak_memory

import campers_rules as uc

PLAYERS = 4
SEED = 2026


def random_game(seed: int) -> tuple[uc.State, int]:
    """One whole game by uniformly random legal actions; returns it and its step count."""
    rng = random.Random(seed)
    state = uc.new_game(PLAYERS, seed)
    steps = 0
    while not state.is_over:
        actor = min(state.actors)
        legal = state.legal_actions(actor)
        state = state.apply(legal[rng.randrange(len(legal))])
        steps += 1
    return state, steps


@pytest.fixture(scope="module")
def states() -> list[tuple[uc.State, uc.Action]]:
    """Every (state, chosen action) of one seeded random game."""
    rng = random.Random(SEED)
    state = uc.new_game(PLAYERS, SEED)
    out = []
    while not state.is_over:
        legal = state.legal_actions(min(state.actors))
        action = legal[rng.randrange(len(legal))]
        out.append((state, action))
        state = state.apply(action)
    return out


def test_whole_game(benchmark: Any) -> None:
    """A whole random 4-player, 5-round game; actions/s and games/s in extra_info."""
    seeds = iter(range(10**6))
    totals = {"steps": 0, "seconds": 0.0, "games": 0}

    def one_game() -> uc.State:
        start = time.perf_counter()
        final, steps = random_game(next(seeds))
        totals["seconds"] += time.perf_counter() - start
        totals["steps"] += steps
        totals["games"] += 1
        return final

    final = benchmark.pedantic(one_game, rounds=5, iterations=1)
    assert final.is_over and len(final.round_results) == 5
    benchmark.extra_info["actions_per_game"] = totals["steps"] / totals["games"]
    benchmark.extra_info["actions_per_second"] = totals["steps"] / totals["seconds"]
    benchmark.extra_info["games_per_second"] = totals["games"] / totals["seconds"]


def test_legal_actions_latency(benchmark: Any, states: list[tuple[uc.State, uc.Action]]) -> None:
    """Median latency of ``legal_actions`` over the states of a seeded game."""
    sample = states[:: max(1, len(states) // 400)]
    cursor = iter(range(10**9))

    def one() -> list[uc.Action]:
        state = sample[next(cursor) % len(sample)][0]
        return state.legal_actions(min(state.actors))

    assert benchmark.pedantic(one, rounds=len(sample), iterations=1)


def test_apply_latency(benchmark: Any, states: list[tuple[uc.State, uc.Action]]) -> None:
    """Median latency of ``apply`` over the states and actions of a seeded game."""
    sample = states[:: max(1, len(states) // 400)]
    cursor = iter(range(10**9))

    def one() -> uc.State:
        state, action = sample[next(cursor) % len(sample)]
        return state.apply(action)

    assert benchmark.pedantic(one, rounds=len(sample), iterations=1) is not None


def test_peak_memory_of_a_game(benchmark: Any) -> None:
    """Peak memory (tracemalloc) while playing one whole game, in extra_info."""
    record_peak_memory(benchmark, lambda: random_game(SEED))
