"""Both engines against the anchor, OpenSpiel's C++ ``gin_rummy`` driven from Python.

Random legal play of whole games, counted in steps (every ``apply``; for gin_rummy every
``apply_action``, chance outcomes included, sampled by their probabilities), in the same
run and in turns (anchor, Campers, Karibou, anchor, ...), so the ratios hold when the
machine's speed drifts. The ratios are stored in ``extra_info`` and printed::

    python3 tasks.py bench          # installs the ``bench`` extra (open_spiel) first

Skipped where ``open_spiel`` is not installed (the default check does not install it).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any

import pytest
from _loops import steps_per_second

import campers_rules as uc
import karibou_rules as kc

pyspiel = pytest.importorskip("pyspiel")

TURNS = 5
"""How many times each engine is timed, in turns with the others."""
SECONDS = 1.0
"""How long one timing plays whole games for (at least one game)."""


def gin_rummy_game(seed: int) -> int:
    """One whole random gin_rummy game; returns its step count."""
    rng = random.Random(seed)
    state = pyspiel.load_game("gin_rummy").new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        steps += 1
    return steps


def object_api_game(game: Any, players: int, pick_seat: Callable[[Any, random.Random], int],
                    seed: int) -> int:
    """One whole random game through a package's object API; returns its step count."""
    rng = random.Random(seed)
    state = game.new_game(players, seed)
    steps = 0
    while not state.is_over:
        legal = state.legal_actions(pick_seat(state, rng))
        state = state.apply(legal[rng.randrange(len(legal))])
        steps += 1
    return steps


def id_api_game(game: Any, players: int, pick_seat: Callable[[Any, random.Random], int],
                seed: int) -> int:
    """One whole random game through a package's integer action ids; returns its step
    count."""
    rng = random.Random(seed)
    state = game.new_game(players, seed)
    steps = 0
    while not state.is_over:
        seat = pick_seat(state, rng)
        legal = state.legal_action_ids(seat)
        state = state.apply_action_id(seat, legal[rng.randrange(len(legal))])
        steps += 1
    return steps


def campers_game(seed: int) -> int:
    """Unhappy Campers, 4 players: the seat that must act."""
    return object_api_game(uc, 4, lambda state, _: min(state.actors), seed)


def karibou_game(seed: int) -> int:
    """Karibou Camp, 5 players: a random seat, as real time would have it."""
    return object_api_game(kc, 5, lambda _, rng: rng.randrange(5), seed)


def campers_ids_game(seed: int) -> int:
    """Unhappy Campers through the integer ids (compound moves built step by step)."""
    return id_api_game(uc, 4, lambda state, _: min(state.actors), seed)


def karibou_ids_game(seed: int) -> int:
    """Karibou Camp through the integer ids, seats picked as :func:`karibou_game` does."""
    return id_api_game(kc, 5, lambda _, rng: rng.randrange(5), seed)


ENGINES: dict[str, Callable[[int], int]] = {
    "gin_rummy": gin_rummy_game,
    "campers": campers_game,
    "campers_ids": campers_ids_game,
    "karibou": karibou_game,
    "karibou_ids": karibou_ids_game,
}


def test_ratios_to_gin_rummy(benchmark: Any) -> None:
    """Steps/s of each engine and its ratio to gin_rummy (median of paired turns)."""

    # Run once without timing (the check's --benchmark-disable): one game each, one turn.
    turns, seconds = (1, 0.0) if benchmark.disabled else (TURNS, SECONDS)

    def measure() -> dict[str, list[float]]:
        rates: dict[str, list[float]] = {name: [] for name in ENGINES}
        for turn in range(turns):
            for name, game in ENGINES.items():
                rates[name].append(steps_per_second(game, 1000 * turn, seconds))
        return rates

    rates = benchmark.pedantic(measure, rounds=1, iterations=1)
    anchor = rates["gin_rummy"]
    lines = []
    for name, values in rates.items():
        median = statistics.median(values)
        benchmark.extra_info[f"{name}_steps_per_second"] = round(median)
        line = f"{name:>10}: {median:9,.0f} steps/s"
        if name != "gin_rummy":
            ratio = statistics.median(v / a for v, a in zip(values, anchor, strict=True))
            benchmark.extra_info[f"{name}_ratio_to_gin_rummy"] = round(ratio, 3)
            line += f"  {ratio:.2f}x gin_rummy"
        lines.append(line)
    print("\n" + "\n".join(lines))
    assert all(value > 0 for values in rates.values() for value in values)
