"""Unhappy Campers through its RL envs against the raw library, in the same run.

Random play with masks, 4 players, one-round games (default turn cap): each step the
library's actor (the lowest seat when several must decide) picks uniformly among its
legal ids. Timed in turns (raw, AEC, OpenSpiel, floor, raw, ...), so the ratios hold
when the machine's speed drifts:

- ``raw``: ``State.legal_action_ids`` and ``State.apply_action_id``, the library's own
  seeded shuffles;
- ``aec``: ``campers_rules.pettingzoo.env``: ``last()`` (tensor and mask), ``step``;
- ``openspiel``: ``python_unhappy_campers``: ``legal_actions``, ``apply_action``; its
  chance nodes (each card dealt or drawn, each hidden campsite of a deal) are sampled by
  their probabilities and counted apart, not as steps.
- ``floor``: the AEC loop through :class:`_floor.FloorEnv`, an env of the same shape
  whose engine costs nothing; its line prints the ceiling it leaves (see ``_floor.py``).

Steps per second and the ratio to ``raw`` (for the floor, that ceiling) are printed and
stored in ``extra_info``::

    .venv/bin/pytest benchmarks/bench_env_campers.py --benchmark-only -s
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from _floor import floor_of, ratio_lines  # noqa: E402
from _loops import aec_game, openspiel_game, steps_per_second  # noqa: E402

import campers_rules as uc  # noqa: E402
import campers_rules.openspiel  # noqa: E402
from campers_rules.pettingzoo import OrderedEnv, env  # noqa: E402

PLAYERS = 4
CONFIG = uc.Config(rounds=1)
TURNS = 5
SECONDS = 1.5
NODES: Counter[str] = Counter()
"""Decision and chance nodes the OpenSpiel game went through in the last timing."""
"""Chance nodes met by the OpenSpiel runs (the only counter kept across calls)."""


def raw_game(seed: int) -> int:
    """One whole game through the library's ids; returns its step count."""
    rng = random.Random(seed)
    state = uc.new_game(PLAYERS, seed, CONFIG)
    steps = 0
    while not state.is_over:
        seat = min(state.actors)
        legal = state.legal_action_ids(seat)
        state = state.apply_action_id(seat, legal[rng.randrange(len(legal))])
        steps += 1
    return steps


def test_env_ratios_to_the_raw_library(benchmark: Any) -> None:
    """Steps/s through each env and its ratio to the raw library (median of turns)."""
    turns, seconds = (1, 0.0) if benchmark.disabled else (TURNS, SECONDS)
    game = pyspiel.load_game("python_unhappy_campers", {"players": PLAYERS, "rounds": 1})
    aec = env(players=PLAYERS, config=CONFIG)
    floor = floor_of(aec, OrderedEnv)
    engines: dict[str, Callable[[int], int]] = {
        "raw": raw_game,
        "aec": lambda seed: aec_game(seed, aec),
        "openspiel": lambda seed: openspiel_game(seed, game, NODES),
        "floor": lambda seed: aec_game(seed, floor),
    }

    def measure() -> dict[str, list[float]]:
        rates: dict[str, list[float]] = {name: [] for name in engines}
        for turn in range(turns):
            for name, play in engines.items():
                rates[name].append(steps_per_second(play, 1000 * turn, seconds))
        return rates

    NODES.clear()
    rates = benchmark.pedantic(measure, rounds=1, iterations=1)
    lines = ratio_lines(rates, benchmark.extra_info)
    lines.append(f"openspiel chance nodes sampled: {NODES['chance']:,}")
    print("\n" + "\n".join(lines))
    assert all(value > 0 for values in rates.values() for value in values)
