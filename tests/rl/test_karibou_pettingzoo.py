"""Karibou Camp's PettingZoo environments pass PettingZoo's own checks (issue 14)."""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any, cast

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test.api_test import api_test  # noqa: E402
from pettingzoo.test.parallel_test import parallel_api_test  # noqa: E402
from pettingzoo.test.render_test import render_test  # noqa: E402
from pettingzoo.test.seed_test import seed_test  # noqa: E402
from pettingzoo.utils.wrappers import BaseWrapper  # noqa: E402

import karibou_rules as kc  # noqa: E402
from karibou_rules.pettingzoo import (  # noqa: E402
    Observation,
    ParallelKaribouEnv,
    RawEnv,
    env,
    parallel_env,
    raw_env,
)
from tests.rl import karibou_policy  # noqa: E402
from tests.rl.test_karibou_tensor import _hidden_perturbation  # noqa: E402

PLAYERS = (3, 4, 5, 6, 7)


class PolicyMask(BaseWrapper[str, Observation, Any]):
    """Narrows each mask to the one id :mod:`karibou_policy` picks, so that PettingZoo's
    checks (which sample from the mask) play under that policy; counts the kinds."""

    def __init__(self, inner: Any, seed: int) -> None:
        super().__init__(inner)
        self.rng = random.Random(seed)
        self.mix: Counter[str] = Counter()
        self.players = len(inner.possible_agents)

    def observe(self, agent: str) -> Any:
        obs = super().observe(agent)
        assert obs is not None
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        if legal:
            mask = np.zeros_like(obs["action_mask"])
            mask[karibou_policy.choose(legal, self.players, self.rng)] = 1
            obs = {**obs, "action_mask": mask}
        return obs

    def step(self, action: Any) -> None:
        if action is not None:
            before = cast(RawEnv, self.unwrapped).state
            self.mix[karibou_policy.kind(int(action), self.players)] += 1
            super().step(action)
            after = cast(RawEnv, self.unwrapped).state
            if after.round_results != before.round_results:
                self.mix["round"] += 1
            elif after.phase is kc.Phase.DEALT and before.phase is not kc.Phase.DEALT:
                scout = before.phase is kc.Phase.SCOUT
                self.mix["cleanup-scout" if scout else "cleanup-passes"] += 1
        else:
            super().step(action)


def _quiet(check: Any, *args: Any, **kwargs: Any) -> None:
    """Run a PettingZoo check without its advice about dict observation spaces (the
    classic games get the same) and its progress lines."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        check(*args, **kwargs)


@pytest.mark.parametrize("players", PLAYERS)
def test_api_test_over_many_games_kc_13(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    """KC-13 (round-robin turns with waiting): PettingZoo's api_test passes over many
    uniformly random games."""
    for seed in range(8):
        _quiet(api_test, env(players=players, seed=seed), num_cycles=200)
    assert capsys.readouterr().out.count("Passed API test") == 8


def test_api_test_under_a_policy_reaching_every_action_kind_kc_5_kc_6(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """KC-5, KC-6: api_test also passes under a policy that reaches every action kind,
    Scouts and both cleanups included; every kind is met."""
    mix: Counter[str] = Counter()
    for players in PLAYERS:
        for seed in range(2):
            wrapped = PolicyMask(raw_env(players=players, seed=seed), seed)
            _quiet(api_test, wrapped, num_cycles=300)
            mix += wrapped.mix
    with capsys.disabled():
        print("\nKaribou AEC action mix under the every-kind policy:", dict(sorted(mix.items())))
    assert set(karibou_policy.KINDS) | {"cleanup-scout", "cleanup-passes", "round"} <= set(mix)


@pytest.mark.parametrize("players", (3, 5, 7))
def test_seed_test_kc_19(players: int) -> None:
    """KC-19: the same seed gives the same game, noticing draws included (seed_test)."""
    seed_test(lambda: env(players=players), num_cycles=100)
    seed_test(lambda: PolicyMask(raw_env(players=players), 3), num_cycles=100)


def test_render_test_gives_text() -> None:
    """render() returns text for "ansi" and prints it for "human" (render_test), the
    cards in their text forms (KC-1) and the last action described."""

    def make(render_mode: str | None = None) -> Any:
        return env(players=4, seed=2, render_mode=render_mode)

    render_test(make)
    game = env(players=4, seed=2, render_mode="ansi")
    game.reset()
    game.step(0)
    text = cast(str, game.render())
    assert "p0 shouts" in text and "phase exchange" in text


class PolicyParallel(ParallelKaribouEnv):
    """The Parallel env with each mask narrowed to the id the every-kind policy picks."""

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        self.rng = random.Random(seed)
        self.mix: Counter[str] = Counter()

    def _narrow(self, observations: dict[str, Any]) -> dict[str, Any]:
        players = len(self.possible_agents)
        for obs in observations.values():
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            if legal:
                obs["action_mask"][:] = 0
                obs["action_mask"][karibou_policy.choose(legal, players, self.rng)] = 1
        return observations

    def reset(self, seed: int | None = None, options: Any = None) -> Any:
        observations, infos = super().reset(seed, options)
        return self._narrow(observations), infos

    def step(self, actions: dict[str, int]) -> Any:
        players = len(self.possible_agents)
        self.mix.update(karibou_policy.kind(int(a), players) for a in actions.values())
        observations, *rest = super().step(actions)
        return (self._narrow(observations), *rest)


@pytest.mark.parametrize("players", PLAYERS)
def test_parallel_api_test_kc_17(players: int) -> None:
    """KC-17: the Parallel env (every seat at once, a seeded arrival order, overtaken
    actions refused) passes parallel_api_test over several games, uniformly and under
    the every-kind policy (every kind sent)."""
    for seed in range(3):
        parallel_api_test(parallel_env(players=players, seed=seed), num_cycles=300)
    policy = PolicyParallel(players, 1)
    parallel_api_test(policy, num_cycles=300)
    assert {"exchange", "pass", "sign", "wait", "reveal"} <= set(policy.mix)


def _play_aec(game: Any, rng: random.Random, policy: bool) -> tuple[dict[str, float], Any]:
    totals: Counter[str] = Counter()
    final_info: dict[str, Any] = {}
    players = len(game.possible_agents)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, info = game.last()
        totals[agent] += reward
        if terminated or truncated:
            final_info[agent] = info
            game.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        pick = karibou_policy.choose(legal, players, rng) if policy else rng.choice(legal)
        game.step(pick)
    return dict(totals), final_info


@pytest.mark.parametrize("players", PLAYERS)
def test_rewards_add_up_to_the_final_scores_kc_10_kc_18(players: int) -> None:
    """KC-10, KC-18: rewards are score changes: each agent's rewards add up to its final
    score, and the last step's infos hold every final score."""
    rng = random.Random(players)
    for seed in range(4):
        game = env(players=players, seed=seed)
        game.reset()
        totals, infos = _play_aec(game, rng, policy=seed % 2 == 1)
        state = cast(RawEnv, game.unwrapped).state
        assert state.is_over
        assert [totals[f"player_{s}"] for s in range(players)] == list(state.scores)
        assert all(info["scores"] == state.scores for info in infos.values())
        assert len(infos) == players


def test_parallel_rewards_add_up_and_overtaken_actions_are_refused_kc_17() -> None:
    """KC-17: in the Parallel env rewards add up to the final scores, and an action
    overtaken by another in the same step is refused (the state is not changed by it)."""
    rng = random.Random(0)
    refused = 0
    for seed in range(6):
        game = parallel_env(players=5, seed=seed)
        obs, _ = game.reset()
        totals: Counter[str] = Counter()
        while game.agents:
            actions = {
                agent: rng.choice(np.flatnonzero(o["action_mask"]).tolist())
                for agent, o in obs.items()
            }
            obs, rewards, _, _, infos = game.step(actions)
            totals.update(rewards)
            refused += sum("refused" in info for info in infos.values())
        state = game.state
        assert [totals[f"player_{s}"] for s in range(5)] == list(state.scores)
    assert refused > 0


def test_reset_seed_plays_the_library_game_kc_3() -> None:
    """KC-3: reset(seed=s) deals the library's new_game(players, s) (a numpy integer
    seed too); a reset without a seed plays the next seed."""
    game = raw_env(players=4)
    game.reset(seed=np.int64(9))
    assert game.state == kc.new_game(4, 9)
    game.reset()
    assert game.state == kc.new_game(4, 10)


def test_illegal_id_raises_and_leaves_the_game_kc_4() -> None:
    """KC-4: an id that is not legal now raises IllegalActionError; the game stays."""
    game = env(players=4, seed=5)
    game.reset()
    before = game.unwrapped.state
    with pytest.raises(kc.IllegalActionError):
        game.step(kc.action_id(kc.Pass(0)))  # the center is still face down (KC-14)
    assert game.unwrapped.state is before and game.agent_selection == "player_0"


def test_truncation_after_max_turns_keeps_the_scores_kc_13() -> None:
    """KC-13: waiting forever is allowed; after max_turns steps the game is truncated,
    with the scores so far in the infos."""
    game = env(players=3, seed=1, max_turns=7)
    game.reset()
    for _ in range(7):
        game.step(kc.num_distinct_actions(3))  # wait
    assert all(game.truncations.values()) and not any(game.terminations.values())
    assert all(info["scores"] == (0, 0, 0) for info in game.infos.values())


@pytest.mark.parametrize("players", (3, 6))
def test_observation_is_from_the_view_only_kc_12(players: int) -> None:
    """KC-12: the env's observation of a seat is the same for states that seat cannot
    tell apart."""
    game = raw_env(players=players, seed=1)
    game.reset()
    rng = random.Random(1)
    for state in karibou_policy.states(players, seed=3, count=60):
        seat = rng.randrange(players)
        game._table.game = state
        first = game.observe(f"player_{seat}")
        game._table.game = _hidden_perturbation(state, seat, rng)
        second = game.observe(f"player_{seat}")
        for key in ("observation", "action_mask"):
            np.testing.assert_array_equal(first[key], second[key])


def test_sign_noticers_are_drawn_not_chosen_kc_19() -> None:
    """KC-19: a sign through the env is noticed by a seeded draw of the noticing model;
    ``noticing=None`` lets every other seat see it (KC-7)."""
    sign = kc.action_id(kc.Sign(0, kc.Card.DUCK))
    seen = set()
    for seed in range(30):
        game = raw_env(players=5, seed=seed)
        game.reset()
        game.step(sign)
        seen.add(game.state.signs[-1].noticed_by)
        everyone = raw_env(players=5, seed=seed, noticing=None)
        everyone.reset()
        everyone.step(sign)
        assert everyone.state.signs[-1].noticed_by == frozenset({1, 2, 3, 4})
    assert len(seen) > 5
