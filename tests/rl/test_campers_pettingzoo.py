"""campers_rules.pettingzoo: PettingZoo's own checks (api_test, seed_test, render_test)
over many games and player counts, and the env's contract with the library."""

from __future__ import annotations

import random
import warnings
from typing import Any, cast

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test.api_test import api_test  # noqa: E402
from pettingzoo.test.render_test import render_test  # noqa: E402
from pettingzoo.test.seed_test import seed_test  # noqa: E402

import campers_rules as uc  # noqa: E402
from campers_rules.pettingzoo import RawEnv, env, raw_env  # noqa: E402

SMALL = uc.Config(rounds=1, turn_cap=25)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_api_test_over_many_games(players: int) -> None:
    """PettingZoo's api_test, game after game (each reset plays the next seed), at several
    player counts (UC-2)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the Dict observation space: as PettingZoo asks
        for seed in range(8):
            api_test(env(players=players, seed=seed * 7, config=SMALL), num_cycles=400)


def test_seed_test() -> None:
    """PettingZoo's seed_test: the same seed plays the same game."""
    seed_test(lambda: env(players=3, config=SMALL), num_cycles=200)


def test_render_test() -> None:
    """PettingZoo's render_test over both render modes."""

    def make(render_mode: str | None = None) -> Any:
        return env(3, 1, SMALL, render_mode=render_mode)

    render_test(make)


def play(game: object, rng: random.Random) -> tuple[dict[str, float], dict[str, object]]:
    """Random masked play to the end; each agent's summed rewards and the last infos."""
    total: dict[str, float] = {}
    last: dict[str, object] = {}
    for agent in game.agent_iter():  # type: ignore[attr-defined]
        observation, reward, terminated, truncated, info = game.last()  # type: ignore[attr-defined]
        total[agent] = total.get(agent, 0.0) + reward
        if terminated or truncated:
            last[agent] = info
            game.step(None)  # type: ignore[attr-defined]
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(rng.choice(legal)))  # type: ignore[attr-defined]
    return total, last


@pytest.mark.parametrize("players", [2, 4])
def test_rewards_sum_to_the_final_scores_uc20(players: int) -> None:
    """UC-20, UC-21: rewards are score changes, so each agent's rewards add up to its final
    score, and the last step's infos hold the final scores; the state is the library's."""
    config = uc.Config(rounds=2, turn_cap=60)
    for seed in range(3):
        game = env(players=players, seed=seed, config=config)
        game.reset(seed=seed)
        total, last = play(game, random.Random(seed))
        state = cast(RawEnv, game.unwrapped).state
        assert isinstance(state, uc.State) and state.is_over
        for seat, agent in enumerate(game.possible_agents):
            assert total[agent] == state.scores[seat]
            assert last[agent] == {"scores": state.scores}


def test_observation_is_the_seats_view_and_mask_its_ids_uc23() -> None:
    """UC-23: the observation is the acting seat's view tensor, the mask exactly its legal
    ids; the agent selected is the library's (lowest) actor."""
    game = raw_env(players=3, seed=4, config=SMALL)
    game.reset()
    rng = random.Random(4)
    for _ in range(150):
        state = game.state
        if state.is_over:
            break
        agent = game.agent_selection
        seat = game.possible_agents.index(agent)
        assert seat == min(state.actors)
        observed = game.observe(agent)
        assert np.flatnonzero(observed["action_mask"]).tolist() == state.legal_action_ids(seat)
        assert observed["action_mask"].dtype == np.int8
        expected = game.layout.encode(state.view(seat))
        assert np.array_equal(observed["observation"], expected)
        game.step(int(rng.choice(state.legal_action_ids(seat))))


def test_illegal_id_is_refused_and_state_kept() -> None:
    """An id that is not legal now raises IllegalActionError and leaves the game as it was."""
    game = raw_env(players=2, seed=3, config=SMALL)
    game.reset()
    before = game.state
    seat = min(before.actors)
    illegal = next(i for i in range(game.num_actions) if i not in before.legal_action_ids(seat))
    with pytest.raises(uc.IllegalActionError):
        game.step(illegal)
    assert game.state is before


def test_max_turns_truncates() -> None:
    """A game reaching max_turns env steps is truncated, with the scores so far."""
    game = raw_env(players=2, seed=1, config=SMALL, max_turns=5)
    game.reset()
    _, last = play(game, random.Random(0))
    assert not game.state.is_over
    assert set(last) == set(game.possible_agents)
    assert all(info == {"scores": game.state.scores} for info in last.values())
