"""Karibou Camp speed: random legal play of whole 5-player games (pytest-benchmark).

Each step picks a random seat, lists its legal actions and applies a random one, as a
simulation or a search would. Reported: the time of a batch of whole games (games per
second and actions per second follow, and are stored in ``extra_info``), and the median
latency of one ``legal_actions`` call and one ``apply`` call on states met in such play,
and the peak memory of one whole game (tracemalloc).

    .venv/bin/pytest benchmarks/bench_karibou.py --benchmark-only -p no:doctest
"""

from __future__ import annotations

import random
from typing import Any

from _loops import record_peak_memory

import karibou_rules as kc

PLAYERS = 5
GAMES = 20


def play_games(first_seed: int, games: int = GAMES) -> int:
    """Play whole games by random legal actions; return the number of actions."""
    actions = 0
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        state = kc.new_game(PLAYERS, seed)
        while not state.is_over:
            options = state.legal_actions(rng.randrange(PLAYERS))
            state = state.apply(rng.choice(options))
            actions += 1
    return actions


def _sample_steps(count: int) -> list[tuple[kc.State, int, kc.Action]]:
    """States met in random play, each with a seat and one of its legal actions."""
    steps: list[tuple[kc.State, int, kc.Action]] = []
    rng = random.Random(0)
    seed = 0
    while len(steps) < count:
        state = kc.new_game(PLAYERS, seed)
        seed += 1
        while not state.is_over:
            player = rng.randrange(PLAYERS)
            action = rng.choice(state.legal_actions(player))
            steps.append((state, player, action))
            state = state.apply(action)
    return steps[:count]


def _record_rate(benchmark: Any, name: str, amount: int) -> None:
    benchmark.extra_info[name.replace("_per_second", "") + "_per_round"] = amount
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        benchmark.extra_info[name] = round(amount / stats.stats.median)


def test_random_games_5p(benchmark: Any) -> None:
    """Whole random 5-player games: games/s and actions/s (legal_actions + apply)."""
    actions = benchmark(play_games, 0)  # the same seeded games every round
    assert actions > GAMES
    _record_rate(benchmark, "actions_per_second", actions)
    _record_rate(benchmark, "games_per_second", GAMES)


def test_legal_actions_latency(benchmark: Any) -> None:
    """One legal_actions call on a state met in random 5-player play (median)."""
    steps = iter(_sample_steps(3000) * 3)

    def setup() -> tuple[tuple[kc.State, int], dict[str, Any]]:
        state, player, _ = next(steps)
        return (state, player), {}

    result = benchmark.pedantic(kc.State.legal_actions, setup=setup, rounds=5000)
    assert isinstance(result, list)


def _bench_apply(benchmark: Any, steps: list[tuple[kc.State, int, kc.Action]]) -> None:
    cycle = iter(steps * 3)

    def setup() -> tuple[tuple[kc.State, kc.Action], dict[str, Any]]:
        state, _, action = next(cycle)
        return (state, action), {}

    result = benchmark.pedantic(kc.State.apply, setup=setup, rounds=5000)
    assert isinstance(result, kc.State)


def test_apply_latency(benchmark: Any) -> None:
    """One apply of a legal action on a state met in random 5-player play (median).

    Most of these are pawn placements, which score the round and deal the next one.
    """
    _bench_apply(benchmark, _sample_steps(3000))


def test_apply_latency_within_round(benchmark: Any) -> None:
    """One apply of an action that does not end the round (reveal, exchange, Scout,
    completion, pass, sign), on states met in random 5-player play (median)."""
    steps = [step for step in _sample_steps(12000) if not isinstance(step[2], kc.PlacePawn)]
    _bench_apply(benchmark, steps[:3000])


def test_peak_memory_of_a_game(benchmark: Any) -> None:
    """Peak memory (tracemalloc) while playing one whole random 5-player game, in extra_info."""
    record_peak_memory(benchmark, lambda: play_games(0, games=1))
