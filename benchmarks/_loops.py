"""The play loops the benchmarks time: whole random games through each API, counted in
steps, the timer that runs them for a while, and the peak memory of one game."""

from __future__ import annotations

import random
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from typing import Any


def steps_per_second(game: Callable[[int], int], first_seed: int, seconds: float) -> float:
    """Whole games from ``first_seed`` on, for about ``seconds``; steps per second."""
    steps, seed, start = 0, first_seed, time.perf_counter()
    while True:
        steps += game(seed)
        seed += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed


def record_peak_memory(benchmark: Any, play: Callable[[], object]) -> None:
    """Peak memory (tracemalloc) while ``play`` runs once, in the benchmark's extra_info."""

    def measured() -> int:
        tracemalloc.start()
        try:
            play()
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    peak = benchmark.pedantic(measured, rounds=1, iterations=1)
    benchmark.extra_info["peak_bytes"] = peak
    assert peak > 0


def aec_game(seed: int, game: Any) -> int:
    """One whole game through a PettingZoo AEC env, a random legal id from the mask at
    each step (read as booleans, as the RL docs advise); returns its step count."""
    import numpy as np  # the rl extra's; the other loops run without it

    rng = random.Random(seed)
    game.reset(seed=seed)
    steps = 0
    while True:
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            return steps
        legal = np.flatnonzero(observation["action_mask"].view(np.bool_))  # as rl.rst says
        game.step(int(legal[rng.randrange(len(legal))]))
        steps += 1


def openspiel_game(seed: int, game: Any, nodes: Counter[str]) -> int:
    """One whole game through an OpenSpiel game, chance outcomes sampled by their
    probabilities; counts ``decisions`` and ``chance`` nodes in ``nodes`` and returns the
    decision count."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            nodes["chance"] += 1
            continue
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
    nodes["decisions"] += steps
    return steps
