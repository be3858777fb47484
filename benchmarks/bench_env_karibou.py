"""Karibou Camp through its RL envs against the raw library, in the same run.

Random play with masks, 5 players, seats round-robin as the envs ask them: each step
the seat to act picks uniformly among its legal ids and waiting. Timed in turns (raw,
AEC, OpenSpiel, floor, raw, ...), so the ratios hold when the machine's speed drifts:

- ``raw``: ``State.legal_action_ids`` and ``State.apply_action_id`` (waiting applies
  nothing), the library's own seeded deals;
- ``aec``: ``karibou_rules.pettingzoo.env``: ``last()`` (tensor and mask), ``step``;
- ``openspiel``: ``python_karibou_camp``: ``legal_actions``, ``apply_action``; its
  chance nodes (each card of a deal or cleanup, who notices a sign) are sampled by
  their probabilities and counted apart, not as steps (a second ratio counts them too:
  uniform random play places the pawn within a few decisions, so most nodes are deals).
- ``floor``: the AEC loop through :class:`_floor.FloorEnv`, an env of the same shape
  whose engine costs nothing; its line prints the ceiling it leaves (see ``_floor.py``).

Steps per second and the ratio to ``raw`` (for the floor, that ceiling) are printed and
stored in ``extra_info``::

    .venv/bin/pytest benchmarks/bench_env_karibou.py --benchmark-only -s
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from _floor import floor_of, ratio_lines  # noqa: E402
from _loops import aec_game, openspiel_game, steps_per_second  # noqa: E402

import karibou_rules as kc  # noqa: E402
import karibou_rules.openspiel  # noqa: E402
from karibou_rules.pettingzoo import OrderedEnv, env  # noqa: E402

PLAYERS = 5
TURNS = 5
SECONDS = 1.0
WAIT = kc.num_distinct_actions(PLAYERS)
NODES: Counter[str] = Counter()
"""Decision and chance nodes met by the OpenSpiel runs."""


def raw_game(seed: int) -> int:
    """One whole game through the library's ids; returns its step count."""
    rng = random.Random(seed)
    state = kc.new_game(PLAYERS, seed)
    steps = 0
    while not state.is_over:
        seat = steps % PLAYERS
        legal = state.legal_action_ids(seat)
        chosen = rng.randrange(len(legal) + 1)
        if chosen < len(legal):
            state = state.apply_action_id(seat, legal[chosen])
        steps += 1
    return steps


def test_env_ratios_to_the_raw_library(benchmark: Any) -> None:
    """Steps/s through each env and its ratio to the raw library (median of turns)."""
    turns, seconds = (1, 0.0) if benchmark.disabled else (TURNS, SECONDS)
    game = pyspiel.load_game("python_karibou_camp", {"players": PLAYERS})
    aec = env(players=PLAYERS)
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
    per_decision = NODES["chance"] / max(NODES["decisions"], 1)
    nodes = statistics.median(
        o * (1 + per_decision) / r for o, r in zip(rates["openspiel"], rates["raw"], strict=True)
    )
    benchmark.extra_info["openspiel_chance_nodes_per_decision"] = round(per_decision, 2)
    benchmark.extra_info["openspiel_nodes_ratio_to_raw"] = round(nodes, 3)
    lines.append(
        f"openspiel: {per_decision:.1f} chance nodes per decision; all nodes "
        f"(decisions and chance) {nodes:.2f}x raw steps"
    )
    print("\n" + "\n".join(lines))
    assert all(value > 0 for values in rates.values() for value in values)
