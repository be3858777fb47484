"""Karibou Camp as PettingZoo environments (needs the ``rl`` extra).

:func:`env` / :func:`raw_env` give an AEC environment, :func:`parallel_env` a Parallel
one. Both speak the library's fixed action ids (:func:`karibou_rules.num_distinct_actions`)
plus one more, *wait* (:func:`karibou_rules._tensor.wait_id`), and observe
``{"observation": float32 tensor, "action_mask": int8 mask}`` of what the seat's
:class:`~karibou_rules.View` holds only, read from the state (the fields:
:mod:`karibou_rules._tensor`).

Real time, turned into turns (KC-13). The AEC env asks the seats **round-robin**,
``player_0``, ``player_1``, ... one action each, every seat every time, whatever phase
the round is in; a seat with nothing it wants to do waits. The Parallel env asks every
seat at once: the actions arrive in a random order drawn from the env's seed and are
applied in that order, each checked against the state all seats saw (KC-17), so an
action overtaken by another (the round ended, the card was taken) is refused and lost,
as at the table; ``infos[agent]["refused"]`` says so.

Rewards are score changes, so an agent's rewards add up to its final score; the last
step's infos hold the final ``scores``. A game that reaches ``max_turns`` env steps
(AEC: one seat's turn; Parallel: one step of all seats) is truncated. Who notices a sign
is drawn from ``noticing`` and the seed (KC-19); ``noticing=None`` lets every other seat
see every sign (KC-7). ``env.unwrapped.state`` is the current library
:class:`~karibou_rules.State`.

>>> from karibou_rules.pettingzoo import env
>>> game = env(players=3, seed=1)
>>> game.reset()
>>> observation, reward, terminated, truncated, info = game.last()
>>> game.agent_selection, observation["observation"].shape, observation["action_mask"].shape
('player_0', (92,), (85,))
>>> game.step(0)  # reveal the center
>>> game.unwrapped.state.phase
<Phase.EXCHANGE: 'exchange'>
"""

from __future__ import annotations

import operator
import random
import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

import karibou_rules
from karibou_rules._actions import Action, Sign
from karibou_rules._cards import format_cards
from karibou_rules._config import Config
from karibou_rules._deal import MAX_SEED, as_seed
from karibou_rules._describe import describe_action, describe_teams
from karibou_rules._errors import (
    GameOverError,
    IllegalActionError,
    KaribouError,
    PositionError,
    quote,
)
from karibou_rules._ids import action_from_id
from karibou_rules._noticing import NoticingModel
from karibou_rules._play import NOTICING
from karibou_rules._round import Phase
from karibou_rules._state import State, new_game
from karibou_rules._tensor import (
    action_mask,
    encode,
    num_env_actions,
    observation_high,
    observation_size,
    wait_id,
)

Observation = dict[str, Any]
"""``{"observation": float32 tensor, "action_mask": int8 mask}``."""
MAX_TURNS = 10_000
"""The default ``max_turns``: env steps before a game is truncated."""
RENDER_MODES = ["human", "ansi"]
_BOOLS = (bool, np.bool_)
"""Not action ids, though ``operator.index`` reads a bool as one (a tuple, built once)."""


def env(
    players: int = 5,
    seed: int | None = None,
    config: Config | None = None,
    render_mode: str | None = None,
    *,
    noticing: NoticingModel | None = NOTICING,
    max_turns: int = MAX_TURNS,
) -> OrderEnforcingWrapper[str, Observation, Any]:
    """The AEC environment, wrapped so that calls out of order raise (an
    :class:`OrderedEnv`, PettingZoo's ``OrderEnforcingWrapper``); the arguments are those
    of :class:`RawEnv`. Each observation is a new array, the caller's to keep."""
    return OrderedEnv(
        raw_env(players, seed, config, render_mode, noticing=noticing, max_turns=max_turns)
    )


def raw_env(
    players: int = 5,
    seed: int | None = None,
    config: Config | None = None,
    render_mode: str | None = None,
    *,
    noticing: NoticingModel | None = NOTICING,
    max_turns: int = MAX_TURNS,
) -> RawEnv:
    """The AEC environment itself (see :class:`RawEnv`)."""
    return RawEnv(players, seed, config, render_mode, noticing=noticing, max_turns=max_turns)


def parallel_env(
    players: int = 5,
    seed: int | None = None,
    config: Config | None = None,
    render_mode: str | None = None,
    *,
    noticing: NoticingModel | None = NOTICING,
    max_turns: int = MAX_TURNS,
) -> ParallelKaribouEnv:
    """The Parallel environment (see :class:`ParallelKaribouEnv`)."""
    return ParallelKaribouEnv(
        players, seed, config, render_mode, noticing=noticing, max_turns=max_turns
    )


def action_id_of(action: object, size: int) -> int:
    """The action id an agent sent, one of ``range(size)``: an int, or a numpy integer as
    a policy samples one.

    Raises:
        karibou_rules.IllegalActionError: ``action`` is no integer (a bool, a float, a
            str, ``None``...: a float or a text is not rounded or read into an id), or no
            id of the space.
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


class _Table:
    """What both envs share: the game, its seeds, spaces, observations and text."""

    def __init__(
        self,
        players: int,
        seed: int | None,
        config: Config | None,
        render_mode: str | None,
        noticing: NoticingModel | None,
        max_turns: int,
    ) -> None:
        if type(players) is not int or not 3 <= players <= 7:
            raise PositionError(f"Karibou Camp is for 3 to 7 players, not {players!r} [KC-2]")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise KaribouError(f"render_mode must be one of {RENDER_MODES}, not {render_mode!r}")
        if type(max_turns) is not int or max_turns < 1:
            raise KaribouError(f"max_turns must be a positive int, not {max_turns!r}")
        self.players = players
        self.config = config or Config()
        self.render_mode = render_mode
        self.noticing = noticing
        self.max_turns = max_turns
        self.wait = wait_id(players)
        self.num_actions = num_env_actions(players)
        self.names = [f"player_{seat}" for seat in range(players)]
        self.next_seed = None if seed is None else as_seed(seed)
        self.game: State = new_game(players, 0, self.config)
        self.seed = 0
        self._notice_rng: random.Random | None = None
        self.turns = 0
        self.last_move: tuple[State, Action, State] | None = None
        self.size = observation_size(players)
        high = observation_high(players, self.config)
        observation_space: spaces.Space[Observation] = spaces.Dict({
            "observation": spaces.Box(0, high, (observation_size(players),), np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
        })  # fmt: skip
        self.observation_spaces = {name: observation_space for name in self.names}
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            name: spaces.Discrete(self.num_actions) for name in self.names
        }

    def new_game(self, seed: int | None) -> int:
        """Start a game: from ``seed``, else the seed after the last one (0 after
        ``MAX_SEED``), else a fresh one; return the seed.

        Raises:
            karibou_rules.PositionError: ``seed`` is not ``None`` nor a seed
                :func:`new_game` takes (an int, a numpy integer too, from 0 to
                ``MAX_SEED``); nothing changes.
        """
        if seed is None:
            seed = self.next_seed if self.next_seed is not None else secrets.randbits(63)
        seed = as_seed(seed)  # numpy integers too; anything else is refused, typed
        self.game = new_game(self.players, seed, self.config)
        self.next_seed = (seed + 1) & MAX_SEED
        self.seed = seed
        self._notice_rng = None  # seeded at the first sign: a string seed costs a hash
        self.turns = 0
        self.last_move = None
        return seed

    def observe(self, seat: int) -> Observation:
        """The seat's observation: its view's tensor (read from the state, as
        :func:`~karibou_rules._tensor.encode` reads only what the view holds) and its mask."""
        game = self.game
        return {
            "observation": encode(game, seat),
            "action_mask": action_mask(game.legal_action_ids(seat), self.players),
        }

    def notice_rng(self) -> random.Random:
        """The stream that draws who notices each sign of this game (KC-19)."""
        if self._notice_rng is None:
            self._notice_rng = random.Random(f"karibou-noticing:{self.seed}")
        return self._notice_rng

    def act(self, seat: int, action_id: int, version: int | None = None) -> State:
        """Apply one seat's action id (waiting changes nothing); a sign's noticers are
        drawn here (KC-19). Raises as :meth:`State.apply_action_id`."""
        if action_id == self.wait:
            return self.game
        action = action_from_id(seat, action_id)
        if isinstance(action, Sign) and self.noticing is not None:
            seen = self.noticing.draw(self.game.teams, seat, self.notice_rng())
            action = Sign(seat, action.species, seen)
        before = self.game
        self.game = before.apply(action, version)
        self.last_move = (before, action, self.game)
        return before

    def text(self) -> str:
        """The whole table as text, hidden cards included (for a human watching)."""
        game = self.game
        center = format_cards(game.center) or "empty"
        if game.phase is Phase.DEALT:
            center += " (face down)"
        lines = [
            describe_teams(game),
            f"phase {game.phase.value}; center: {center}; pile {len(game.pile)}, "
            f"discard {len(game.discard)}",
        ]
        for seat in range(self.players):
            lines.append(
                f"p{seat} {game.teams[seat]}: {format_cards(game.hands[seat])}; "
                f"score {game.scores[seat]}"
            )
        last = "new game" if self.last_move is None else describe_action(*self.last_move)
        lines.append(f"turn {self.turns}: {last}")
        return "\n".join(lines)

    def render(self) -> str | None:
        """The table as text for ``"ansi"``; printed for ``"human"``."""
        if self.render_mode is None:
            return None
        text = self.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text


class RawEnv(AECEnv[str, Observation, Any]):
    """Karibou Camp as a PettingZoo AEC environment: seats asked round-robin (KC-13).

    ``players``: 3 to 7 (KC-2). ``seed``: the seed of the first :meth:`reset` without
    one; each later reset without a seed plays the next seed (``None``: a fresh random
    one); a seed is what :func:`~karibou_rules.new_game` takes (an int, a numpy integer
    too, from 0 to ``MAX_SEED``), anything else raises ``PositionError``. ``config``: the
    game's options. ``render_mode``: ``"human"`` (print) or ``"ansi"`` (return the text),
    or ``None``. ``noticing``: who notices a sign (KC-19);
    ``None``: every other seat (KC-7). ``max_turns``: env steps after which the game is
    truncated.
    """

    def __init__(
        self,
        players: int = 5,
        seed: int | None = None,
        config: karibou_rules.Config | None = None,
        render_mode: str | None = None,
        *,
        noticing: NoticingModel | None = NOTICING,
        max_turns: int = MAX_TURNS,
    ) -> None:
        self.metadata = {"render_modes": RENDER_MODES, "name": "karibou_camp_v0"}
        self._table = _Table(players, seed, config, render_mode, noticing, max_turns)
        self.render_mode = render_mode
        self.possible_agents = list(self._table.names)
        self._seat = {name: seat for seat, name in enumerate(self.possible_agents)}
        self.observation_spaces = self._table.observation_spaces
        self.action_spaces = self._table.action_spaces
        self._reset_bookkeeping()

    @property
    def state(self) -> State:  # type: ignore[override]
        """The current library state (AECEnv's ``state()`` method is not offered)."""
        return self._table.game

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
        self.agent_selection = self.agents[0]
        self._scored = False  # whether the last step changed a score
        self._ended = False  # whether the game has ended (for every agent at once)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (``options`` is accepted and unused).

        Raises:
            karibou_rules.PositionError: ``seed`` is no seed (see the class); the env is unchanged.
        """
        self._table.new_game(seed)
        self._reset_bookkeeping()

    def observe(self, agent: str) -> Observation:
        return self._table.observe(self._seat[agent])

    def last(
        self, observe: bool = True
    ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """AECEnv's ``last`` (the selected agent's observation, cumulative reward,
        termination, truncation and info), observing without a call through
        :meth:`observe`."""
        agent = self.agent_selection
        return (
            self._table.observe(self._seat[agent]) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        """The selected agent's action id (or ``None`` once the game has ended for it).

        Raises:
            karibou_rules.IllegalActionError: The action is no int (numpy integers are
                ints), or the id is no legal action of that seat now; the env is unchanged.
            karibou_rules.GameOverError: An action id once the game has ended for the
                agent (PettingZoo takes only ``None`` then), or any step once every agent
                has left.
        """
        agent = self.agent_selection
        if not self.agents:
            raise GameOverError(quote(action), "every agent has left the game: reset() first")
        if self._ended:  # every agent's game ends at once
            if action is not None:
                raise GameOverError(quote(action), f"the game is over for {agent}: step(None)")
            self._was_dead_step(action)
            return
        table = self._table
        if type(action) is int and 0 <= action < table.num_actions:
            action_id = action  # an id already: no call
        else:
            action_id = action_id_of(action, table.num_actions)
        before = table.act(self._seat[agent], action_id)
        after = table.game
        cumulative = self._cumulative_rewards
        cumulative[agent] = 0
        scored = after.scores != before.scores
        if scored or self._scored:  # else every reward stays 0
            rewards = self.rewards
            for name, old, new in zip(self.agents, before.scores, after.scores, strict=True):
                rewards[name] = new - old
                cumulative[name] += new - old  # AECEnv._accumulate_rewards, in the same loop
            self._scored = scored
        table.turns += 1
        if after.is_over or table.turns >= table.max_turns:
            ended = self.terminations if after.is_over else self.truncations
            for name in self.agents:
                ended[name] = True
                self.infos[name] = {"scores": after.scores}
            self._ended = True
        self.agent_selection = self.agents[table.turns % len(self.agents)]

    def render(self) -> str | None:
        """The table as text (``"ansi"``), printed (``"human"``), or nothing."""
        return self._table.render()

    def close(self) -> None:
        """Nothing to release."""


class ParallelKaribouEnv(ParallelEnv[str, Observation, Any]):
    """Karibou Camp as a PettingZoo Parallel environment: every seat acts at once, the
    actions arriving in a seeded random order (KC-13, KC-17). Arguments as
    :class:`RawEnv`; ``max_turns`` counts parallel steps."""

    def __init__(
        self,
        players: int = 5,
        seed: int | None = None,
        config: karibou_rules.Config | None = None,
        render_mode: str | None = None,
        *,
        noticing: NoticingModel | None = NOTICING,
        max_turns: int = MAX_TURNS,
    ) -> None:
        self.metadata = {"render_modes": RENDER_MODES, "name": "karibou_camp_parallel_v0"}
        self._table = _Table(players, seed, config, render_mode, noticing, max_turns)
        self.render_mode = render_mode
        self.possible_agents = list(self._table.names)
        self.agents = list(self.possible_agents)
        self.observation_spaces = self._table.observation_spaces
        self.action_spaces = self._table.action_spaces
        self._order = random.Random(0)

    @property
    def state(self) -> State:  # type: ignore[override]
        """The current library state."""
        return self._table.game

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Start a new game; every seat's first observation.

        Raises:
            karibou_rules.PositionError: ``seed`` is no seed (see :class:`RawEnv`); the
                env is unchanged.
        """
        table = self._table
        seed = table.new_game(seed)
        self._order = random.Random(f"karibou-arrival:{seed}")
        self.agents = list(self.possible_agents)
        observations = {name: table.observe(seat) for seat, name in enumerate(self.agents)}
        return observations, {name: {} for name in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[
        dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool],
        dict[str, dict[str, Any]],
    ]:  # fmt: skip
        """Apply every seat's action id in a random order of arrival; an action that
        is no longer legal when it arrives (or was sent for an older version) is
        refused and lost, and ``infos[agent]["refused"]`` names why.

        Raises:
            karibou_rules.KaribouError: ``actions`` is no dict of live agents' action ids
                (an :class:`~karibou_rules.IllegalActionError` for an id that is no int);
                no action is applied.
            karibou_rules.GameOverError: The game has ended: :meth:`reset` first.
        """
        if not self.agents:
            raise GameOverError(quote(actions), "the game is over: reset() first")
        if not isinstance(actions, Mapping):
            raise KaribouError(f"step takes a dict of agents' action ids, not {quote(actions)}")
        for name in actions:
            if name not in self.agents:
                raise KaribouError(f"{quote(name)} is no agent of this game")
        table = self._table
        ids = {
            name: action_id_of(actions[name], table.num_actions)
            for name in self.agents
            if name in actions
        }
        start = table.game
        infos: dict[str, dict[str, Any]] = {name: {} for name in self.agents}
        arrivals = list(ids)
        self._order.shuffle(arrivals)
        for name in arrivals:
            seat = self.possible_agents.index(name)
            try:
                table.act(seat, ids[name], start.version)
            except KaribouError as error:
                infos[name]["refused"] = str(error)
        table.turns += 1
        after = table.game
        rewards = {
            name: float(after.scores[seat] - start.scores[seat])
            for seat, name in enumerate(self.agents)
        }
        over, cut = after.is_over, not after.is_over and table.turns >= table.max_turns
        if over or cut:
            for name in self.agents:
                infos[name]["scores"] = after.scores
        observations = {name: table.observe(seat) for seat, name in enumerate(self.agents)}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The table as text (``"ansi"``), printed (``"human"``), or nothing."""
        return self._table.render()

    def close(self) -> None:
        """Nothing to release."""
