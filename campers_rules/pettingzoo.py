"""Unhappy Campers as a PettingZoo AEC environment (needs the ``rl`` extra).

:func:`env` / :func:`raw_env` give an AEC environment over the library's fixed action ids
(:func:`campers_rules.num_distinct_actions`: compound table moves are laid step by step),
observing ``{"observation": float32 tensor, "action_mask": int8 mask}`` built from the
seat's :class:`~campers_rules.View` only (the fields: :mod:`campers_rules._tensor`).

Agent selection: the library's actor, the lowest seat among :attr:`State.actors` when a
decision waits on several (the secret passes of a Lost Camper, UC-18, are asked in seat
order; each seat sees only its own choice). A Bear Spray window asks one seat at a time
(UC-14): with the default config only holders of a Bear Spray are asked, so the agent
selected reveals a holder; ``Config(ask_everyone=True)`` asks every seat and hides it.

Rewards are score changes, so an agent's rewards add up to its final score; the last
step's infos hold the final ``scores``. A game that reaches ``max_turns`` env steps is
truncated (laying and abandoning a build could otherwise go on for ever).
``env.unwrapped.state`` is the current library :class:`~campers_rules.State`.

>>> from campers_rules import Config
>>> from campers_rules.pettingzoo import env
>>> game = env(players=3, seed=1, config=Config(rounds=1))
>>> game.reset()
>>> observation, reward, terminated, truncated, info = game.last()
>>> game.agent_selection, observation["action_mask"].sum()  # draw 1, draw 2, take
('player_1', np.int64(3))
>>> game.step(1)  # draw 2
>>> len(game.unwrapped.state.hands[1])
9
"""

from __future__ import annotations

import operator
import secrets
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from campers_rules._board import MAX_PLAYERS, MIN_PLAYERS
from campers_rules._config import Config
from campers_rules._describe import describe_table
from campers_rules._errors import CampersError, GameOverError, IllegalActionError, quote
from campers_rules._ids import action_from_id, num_distinct_actions
from campers_rules._rng import MAX_SEED, as_seed
from campers_rules._setup import new_game
from campers_rules._state import State
from campers_rules._tensor import Encoder, Layout, observation_high

Observation = dict[str, npt.NDArray[Any]]
"""``{"observation": tensor, "action_mask": mask}``."""
MAX_TURNS = 100_000
"""The default ``max_turns``: env steps before a game is truncated."""
RENDER_MODES = ["human", "ansi"]
_BOOLS = (bool, np.bool_)
"""Not action ids, though ``operator.index`` reads a bool as one (a tuple, built once)."""


def env(
    players: int = 4,
    seed: int | None = None,
    config: Config | None = None,
    render_mode: str | None = None,
    *,
    max_turns: int = MAX_TURNS,
) -> OrderEnforcingWrapper[str, Observation, Any]:
    """The AEC environment, wrapped so that calls out of order raise (an
    :class:`OrderedEnv`, PettingZoo's ``OrderEnforcingWrapper``); the arguments are those
    of :class:`RawEnv`. Each observation is a new array, the caller's to keep."""
    return OrderedEnv(raw_env(players, seed, config, render_mode, max_turns=max_turns))


def raw_env(
    players: int = 4,
    seed: int | None = None,
    config: Config | None = None,
    render_mode: str | None = None,
    *,
    max_turns: int = MAX_TURNS,
) -> RawEnv:
    """The AEC environment itself (see :class:`RawEnv`)."""
    return RawEnv(players, seed, config, render_mode, max_turns=max_turns)


def action_id_of(action: object, size: int) -> int:
    """The action id an agent sent, one of ``range(size)``: an int, or a numpy integer as
    a policy samples one.

    Raises:
        IllegalActionError: ``action`` is no integer (a bool, a float, a str, ``None``...:
            a float or a text is not rounded or read into an id), or no id of the space.
    """
    if isinstance(action, _BOOLS):
        raise IllegalActionError(quote(action), "an action id is an int, not a bool")
    try:
        action_id = operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalActionError(
            quote(action), f"an action id is an int, not {type(action).__name__}") from None
    if not 0 <= action_id < size:
        raise IllegalActionError(quote(action), f"no action has this id (0 to {size - 1})")
    return action_id


def action_mask(state: State, seat: int, size: int) -> npt.NDArray[np.int8]:
    """The seat's legal action ids as a 0/1 mask of ``size`` entries (a new array)."""
    mask = np.zeros(size, np.int8)  # cheaper than a bytearray's zeros and a numpy view
    cells = mask.data
    for action_id in state.legal_action_ids(seat):  # one by one: few, cheaper than
        cells[action_id] = 1  # numpy's fancy indexing
    return mask


class OrderedEnv(OrderEnforcingWrapper[str, Observation, Any]):
    """PettingZoo's ``OrderEnforcingWrapper``, whose ``last`` and ``step`` go straight
    to the env once it has been reset (PettingZoo's reach each attribute through two
    ``__getattr__`` hooks: half the cost of a step's bookkeeping). Before a reset, and
    on a step once every agent has left, it acts as PettingZoo's."""

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def __str__(self) -> str:
        return str(self.env)


class RawEnv(AECEnv[str, Observation, int]):
    """Unhappy Campers as a PettingZoo AEC environment: the library's actor acts.

    Args:
        players: 2 to 6 (UC-2).
        seed: The seed of the first :meth:`reset` without one; each later reset without
            a seed plays the next seed, 0 after ``MAX_SEED`` (``None``: a fresh random
            one). A seed is what :func:`~campers_rules.new_game` takes: an int (a numpy
            integer too) from 0 to ``MAX_SEED``.
        config: The game's options.
        render_mode: ``"human"`` (print) or ``"ansi"`` (return the text), or ``None``.
        max_turns: Env steps after which the game is truncated.

    Raises:
        CampersError: A bad ``players``, ``render_mode`` or ``max_turns``;
            ``PositionError``, a subclass, for a ``seed`` that is none.
    """

    def __init__(
        self,
        players: int = 4,
        seed: int | None = None,
        config: Config | None = None,
        render_mode: str | None = None,
        *,
        max_turns: int = MAX_TURNS,
    ) -> None:
        self.metadata = {"render_modes": RENDER_MODES, "name": "unhappy_campers_v0"}
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise CampersError(f"Unhappy Campers takes 2 to 6 players, not {players!r} (UC-2)")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise CampersError(f"render_mode must be one of {RENDER_MODES}, not {render_mode!r}")
        if type(max_turns) is not int or max_turns < 1:
            raise CampersError(f"max_turns must be a positive int, not {max_turns!r}")
        self.players = players
        self.config = config or Config()
        self.render_mode = render_mode
        self.max_turns = max_turns
        self.layout = Layout.of(players, self.config)
        self._encoder = Encoder(self.layout)
        self.num_actions = num_distinct_actions(players, self.config)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {name: seat for seat, name in enumerate(self.possible_agents)}
        observation_space: spaces.Space[Observation] = spaces.Dict({  # type: ignore[assignment]
            "observation": spaces.Box(
                0, observation_high(players, self.config), (self.layout.size,), np.float32
            ),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        })  # fmt: skip
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            name: spaces.Discrete(self.num_actions) for name in self.possible_agents
        }
        self._next_seed = None if seed is None else as_seed(seed)
        self._game: State = new_game(players, 0, self.config)
        self._turns = 0
        self._last_line = ""
        self._reset_bookkeeping()

    @property
    def state(self) -> State:  # type: ignore[override]
        """The current library state (AECEnv's ``state()`` method is not offered)."""
        return self._game

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _reset_bookkeeping(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[min(self._game.actors)]
        self._scored = False  # whether the last step changed a score

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: from ``seed``, else the seed after the last one, else a fresh
        one (``options`` is accepted and unused).

        Raises:
            PositionError: ``seed`` is not ``None`` nor a seed :func:`new_game` takes;
                the env is left as it was.
        """
        if seed is None:
            seed = self._next_seed if self._next_seed is not None else secrets.randbits(63)
        seed = as_seed(seed)  # numpy integers too; anything else is refused, typed
        self._game = new_game(self.players, seed, self.config)
        self._next_seed = (seed + 1) & MAX_SEED
        self._turns = 0
        self._last_line = f"new game, seed {seed}"
        self._reset_bookkeeping()

    def observe(self, agent: str) -> Observation:
        """The agent's tensor and mask, from its view alone."""
        return self._observe(self._seat[agent])

    def _observe(self, seat: int) -> Observation:
        return {
            "observation": self._encoder.encode(self._game.view(seat)),
            "action_mask": action_mask(self._game, seat, self.num_actions),
        }

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """AECEnv's ``last`` (the selected agent's observation, cumulative reward,
        termination, truncation and info), observing without a call through
        :meth:`observe`."""
        agent = self.agent_selection
        return (
            self._observe(self._seat[agent]) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        """The selected agent's action id (or ``None`` once the game has ended for it).

        Raises:
            IllegalActionError: The action is no int (numpy integers are ints), or the id
                is no legal action of that seat now; the env is unchanged.
            GameOverError: An action id once the game has ended for the agent (PettingZoo
                takes only ``None`` then), or any step once every agent has left.
        """
        agent = self.agent_selection
        if not self.agents:
            raise GameOverError(quote(action), "every agent has left the game: reset() first")
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise GameOverError(quote(action), f"the game is over for {agent}: step(None)")
            self._was_dead_step(action)  # type: ignore[arg-type]
            return
        seat = self._seat[agent]
        if type(action) is int and 0 <= action < self.num_actions:
            action_id = action  # an id already: no call
        else:
            action_id = action_id_of(action, self.num_actions)
        before = self._game
        after = before.apply_action_id(seat, action_id)
        self._game = after
        if self.render_mode is not None:
            self._last_line = str(action_from_id(seat, action_id, self.config))
        self._cumulative_rewards[agent] = 0
        scored = after.scores != before.scores
        if scored or self._scored:  # else every reward stays 0
            for name, old, new in zip(self.agents, before.scores, after.scores, strict=True):
                self.rewards[name] = new - old
            self._scored = scored
        self._turns += 1
        if after.is_over or self._turns >= self.max_turns:
            ended = self.terminations if after.is_over else self.truncations
            for name in self.agents:
                ended[name] = True
                self.infos[name] = {"scores": after.scores}
        else:
            self.agent_selection = self.agents[min(after.actors)]
        if self._scored:
            self._accumulate_rewards()

    def render(self) -> str | None:
        """The whole table as text, hidden cards included (``"ansi"`` returns it,
        ``"human"`` prints it)."""
        if self.render_mode is None:
            return None
        text = f"{describe_table(self._game)}\nturn {self._turns}: {self._last_line}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
