"""The floor of an AEC env: a PettingZoo env of a real env's shape whose engine costs
nothing, so that :func:`_loops.aec_game` through it times PettingZoo's AEC API, the
wrapper and the loop's own numpy alone (needs the ``rl`` extra, as the env benches do).

An env's step costs its engine's (the raw library's step) plus this floor at least, so
about ``1 / (1 + raw_rate / floor_rate)`` of the raw rate at most: :func:`ceiling`. (The
random pick and the loop's own bookkeeping are in both the raw step and the floor, about
0.5 us counted twice, so the true bound is a little higher: some 0.03x.)
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

from _loops import aec_game
from pettingzoo import AECEnv

Env = AECEnv[str, Any, Any]


class FloorEnv(Env):
    """``real``'s agents and spaces; :meth:`last` gives one fixed ``observation`` (a
    valid one of the real env, made once, never copied) and the agent's bookkeeping as
    the real envs do; :meth:`step` ignores the action, asks the next agent round-robin
    and ends every agent's game after ``length`` steps. No rewards, no infos."""

    def __init__(self, real: Env, observation: Any, length: int) -> None:
        self.metadata = real.metadata
        self.possible_agents = list(real.possible_agents)
        self.observation_spaces = real.observation_spaces
        self.action_spaces = real.action_spaces
        self._observation = observation
        self._length = length
        self._turns = 0

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._turns = 0

    def observe(self, agent: str) -> Any:
        return self._observation

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection
        return (
            self._observation if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        self._turns += 1
        if self._turns == self._length:
            for agent in self.agents:
                self.terminations[agent] = True
        self.agent_selection = self.agents[self._turns % len(self.agents)]


def ceiling(raw_rate: float, floor_rate: float) -> float:
    """About the most an env's rate can be, as a share of the raw rate, when each of its
    steps costs a raw step plus a floor step: ``1 / (1 + raw_rate / floor_rate)``."""
    return 1 / (1 + raw_rate / floor_rate)


def ratio_lines(rates: dict[str, list[float]], extra_info: dict[str, Any]) -> list[str]:
    """One line per engine of ``rates`` (its steps per second in each turn; ``raw`` and
    ``floor`` among them): the median rate, then the median ratio to ``raw`` of the same
    turn, or for ``floor`` the :func:`ceiling` it leaves; each also in ``extra_info``."""
    lines = []
    for name, values in rates.items():
        median = statistics.median(values)
        extra_info[f"{name}_steps_per_second"] = round(median)
        line = f"{name:>10}: {median:9,.0f} steps/s"
        if name == "floor":
            most = statistics.median(map(ceiling, rates["raw"], values))
            extra_info["floor_ceiling_ratio_to_raw"] = round(most, 3)
            line += (f"; an env adding nothing to the engine and this loop could reach "
                     f"about {most:.2f}x raw")
        elif name != "raw":
            ratio = statistics.median(v / r for v, r in zip(values, rates["raw"], strict=True))
            extra_info[f"{name}_ratio_to_raw"] = round(ratio, 3)
            line += f"  {ratio:.2f}x raw"
        lines.append(line)
    return lines


def floor_of(real: Env, wrap: Callable[[Env], Env], seeds: int = 10) -> Env:
    """The floor of the wrapped env ``real``, wrapped by ``wrap`` as ``real`` is: its
    observation after ``reset(seed=0)``, games as long as ``real``'s mean over
    ``seeds`` seeds of :func:`_loops.aec_game` (played here, before any timing)."""
    length = max(1, round(sum(aec_game(seed, real) for seed in range(seeds)) / seeds))
    real.reset(seed=0)
    observation = real.last()[0]
    return wrap(FloorEnv(real.unwrapped, observation, length))
