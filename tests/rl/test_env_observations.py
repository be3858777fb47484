"""The envs' fast observation paths give what the plain ones give (issue 29): the
Campers env's per-seat incremental tensors equal a full encoding of the view, Karibou's
tensor equals a reference written field by field from the documented layout, every
observation is a new array, and the envs' order-enforcing wrapper acts as PettingZoo's."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from typing import Any, cast

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # noqa: E402

import campers_rules as uc  # noqa: E402
import karibou_rules as kc  # noqa: E402
from campers_rules import pettingzoo as campers_env  # noqa: E402
from campers_rules._tensor import Encoder, Layout  # noqa: E402
from karibou_rules import pettingzoo as karibou_env  # noqa: E402
from karibou_rules._round import Phase  # noqa: E402
from karibou_rules._tensor import action_mask, fields, fill, observation  # noqa: E402
from tests.rl import karibou_policy  # noqa: E402


def campers_states(players: int, seed: int, config: uc.Config) -> list[uc.State]:
    """Every state of one seeded random game (the lowest actor picks uniformly)."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed, config)
    out = [state]
    while not state.is_over:
        seat = min(state.actors)
        legal = state.legal_action_ids(seat)
        state = state.apply_action_id(seat, legal[rng.randrange(len(legal))])
        out.append(state)
    return out


@settings(max_examples=20)
@given(
    players=st.sampled_from([2, 3, 4, 6]),
    seed=st.integers(0, 2**32),
    order=st.integers(0, 2**32),
)
def test_incremental_tensor_is_the_full_encoding_uc23(players: int, seed: int, order: int) -> None:
    """UC-23: the env's incremental encoder gives, for any seat asking at any moment
    (seats ask in a random order, skipping steps, so a seat's last tensor may lie many
    steps back, in another round or another game), the values of a full encoding of
    that seat's view, as a new array."""
    config = uc.Config(rounds=2, turn_cap=30)
    layout = Layout.of(players, config)
    encoder = Encoder(layout)
    rng = random.Random(order)
    for game in (seed, seed + 1):  # a second game: the kept tensors are of the first
        for state in campers_states(players, game, config):
            for seat in rng.sample(range(players), rng.randrange(players + 1)):
                view = state.view(seat)
                tensor = encoder.encode(view)
                assert tensor.dtype == np.float32
                np.testing.assert_array_equal(tensor, layout.encode(view))
                tensor[:] = -1  # the caller's to keep or change: the next is not this one


@settings(max_examples=10)
@given(
    players=st.sampled_from([2, 3, 5]),
    seed=st.integers(0, 2**32),
    order=st.integers(0, 2**32),
)
def test_incremental_tensor_of_equal_copies_is_the_full_encoding_uc23(
        players: int, seed: int, order: int) -> None:
    """UC-23: the encoder checks the parts of a view it kept by identity (issue 29): a
    view equal to a state's but sharing none of its tuples (read back from JSON), given
    among the views of the game's own states, and the views after it, are encoded as
    their full encodings."""
    config = uc.Config(rounds=1, turn_cap=30)
    layout = Layout.of(players, config)
    encoder = Encoder(layout)
    rng = random.Random(order)
    for state in campers_states(players, seed, config):
        seat = rng.randrange(players)
        view = state.view(seat)
        if rng.random() < 0.3:
            view = uc.loads_view(uc.dumps(view))
        np.testing.assert_array_equal(encoder.encode(view), layout.encode(view))


CAMPERS_ENV_DIGEST = "4d4c95bf25d657af3c5688656090c925057831683aa4d33fb35ba44c56669e29"
"""sha256 of :func:`campers_env_digest`, as main's env gave it before issue 29's cheaper
observation (cenv)."""


def campers_env_digest() -> str:
    """sha256 over every step of seeded AEC games (3 and 5 players, one round): the
    selected agent's observation (tensor and mask bytes), reward, termination, truncation
    and info, and another agent's observation."""
    digest = hashlib.sha256()
    for players in (3, 5):
        game = campers_env.env(players=players, config=uc.Config(rounds=1))
        for seed in range(3):
            game.reset(seed=seed)
            rng = random.Random(seed)
            while True:
                observed, reward, terminated, truncated, info = game.last()
                assert observed is not None
                other = game.observe(f"player_{rng.randrange(players)}")
                assert other is not None
                for seen in (observed, other):
                    digest.update(seen["observation"].tobytes())
                    digest.update(seen["action_mask"].tobytes())
                digest.update(repr((game.agent_selection, reward, terminated, truncated,
                                    info)).encode())
                if terminated or truncated:
                    break
                legal = np.flatnonzero(observed["action_mask"])
                game.step(int(legal[rng.randrange(len(legal))]))
    return digest.hexdigest()


def test_campers_env_gives_what_it_gave_before_uc23() -> None:
    """Issue 29: the env's observations, masks, rewards and infos over seeded games are
    byte for byte those main's env gave before its observation was made cheaper."""
    assert campers_env_digest() == CAMPERS_ENV_DIGEST


@pytest.mark.parametrize("players", [2, 4, 5])
def test_campers_env_observes_any_agent_by_its_view_uc23(players: int) -> None:
    """UC-23: through the wrapped env, ``last()`` and ``observe`` of every agent, in
    turn, give the full encoding of the agent's view and its legal ids as the mask; the
    arrays are new each time (changing one changes no later observation)."""
    config = uc.Config(rounds=1, turn_cap=40)
    game = campers_env.env(players=players, config=config)
    raw = cast(campers_env.RawEnv, game.unwrapped)
    for observed, rng in live_steps(game, range(0, 22, 11)):
        state = raw.state
        seat = min(state.actors)
        expected = raw.layout.encode(state.view(seat))
        np.testing.assert_array_equal(observed["observation"], expected)
        legal = state.legal_action_ids(seat)
        assert np.flatnonzero(observed["action_mask"]).tolist() == legal
        observed["observation"][:] = 7
        observed["action_mask"][:] = 1
        other = rng.randrange(players)
        again = game.observe(f"player_{other}")
        assert again is not None
        np.testing.assert_array_equal(again["observation"], raw.layout.encode(state.view(other)))
        assert np.flatnonzero(again["action_mask"]).tolist() == state.legal_action_ids(other)
        assert again["action_mask"].dtype == np.int8 and again["action_mask"].flags.writeable
        game.step(legal[rng.randrange(len(legal))])


def live_steps(game: Any, seeds: range) -> Iterator[tuple[dict[str, Any], random.Random]]:
    """Each step of seeded games through a wrapped env, until the game ends: the
    selected agent's observation from ``last()`` and the game's rng (the caller steps)."""
    for seed in seeds:
        game.reset(seed=seed)
        rng = random.Random(seed)
        while True:
            observed, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                break
            assert observed is not None
            yield observed, rng


def reference_tensor(view: kc.View) -> Any:
    """The Karibou tensor written field by field, as ``karibou_rules._tensor`` documents
    each field (a slow, plain reference)."""
    n = view.num_players
    where = fields(n)
    out = np.zeros(where["rounds"].stop, np.float32)
    out[where["seat"]][view.player] = 1
    teams = out[where["teams"]].reshape(n, 4)
    for seat, team in enumerate(view.teams):
        teams[seat, int(team)] = 1
    for card in view.hand:
        out[where["hand"].start + int(card)] += 1
    for card in view.center:
        out[where["center"].start + int(card)] += 1
    out[where["center_down"]] = view.center_face_down
    phases = (Phase.DEALT, Phase.EXCHANGE, Phase.SCOUT, Phase.OVER)
    out[where["phase"].start + phases.index(view.phase)] = 1
    if view.scout_player is not None:
        out[where["scout_player"].start + view.scout_player] = 1
        out[where["to_complete"]] = view.scout_player == view.player
    for seat in view.passed:
        out[where["passed"].start + seat] = 1
    signs = out[where["signs"]].reshape(n, 7)
    last = out[where["last_sign"]].reshape(n, 7)
    for sign in view.signs:
        signs[sign.player, int(sign.species)] = 1
        last[sign.player] = 0
        last[sign.player, int(sign.species)] = 1
    out[where["pile"]] = view.pile_size
    out[where["discard"]] = view.discard_size
    out[where["score"]] = view.score
    if view.final_scores:
        out[where["final_scores"]] = view.final_scores
    out[where["rounds"]] = len(view.round_results)
    return out


@pytest.mark.parametrize("players", [3, 5, 7])
def test_karibou_tensor_is_the_documented_fields_kc_12(players: int) -> None:
    """KC-12: the tensor of every seat's view, over many states (signs, Scouts, passes,
    finished games), is the reference written field by field; ``fill`` writes the same
    into an array holding anything before."""
    states = karibou_policy.states(players, seed=40 + players, count=300)
    states += karibou_policy.uniform_states(players, range(3))
    assert any(state.is_over for state in states) and any(state.signs for state in states)
    for state in states:
        for seat in range(players):
            view = state.view(seat)
            expected = reference_tensor(view)
            tensor = observation(view)
            assert tensor.dtype == np.float32 and tensor.flags.writeable
            np.testing.assert_array_equal(tensor, expected)
            out = np.full(len(expected), 9, np.float32)
            fill(out, view)
            np.testing.assert_array_equal(out, expected)


@pytest.mark.parametrize("players", [3, 6])
def test_karibou_env_observes_the_view_and_ids_kc_12(players: int) -> None:
    """KC-12, KC-13: through the wrapped env, each agent's observation is its view's
    tensor and its ids plus waiting; new arrays each time."""
    game = karibou_env.env(players=players)
    raw = cast(karibou_env.RawEnv, game.unwrapped)
    for observed, rng in live_steps(game, range(6)):
        seat = raw.possible_agents.index(game.agent_selection)
        state = raw.state
        np.testing.assert_array_equal(observed["observation"], observation(state.view(seat)))
        mask = action_mask(state.legal_action_ids(seat), players)
        np.testing.assert_array_equal(observed["action_mask"], mask)
        legal = np.flatnonzero(observed["action_mask"])
        observed["observation"][:] = 5
        observed["action_mask"][:] = 0
        again = game.observe(game.agent_selection)
        assert again is not None
        np.testing.assert_array_equal(again["observation"], observation(state.view(seat)))
        np.testing.assert_array_equal(again["action_mask"], mask)
        game.step(int(legal[rng.randrange(len(legal))]))


ENVS = [
    pytest.param(lambda: campers_env.env(players=2, seed=1), id="campers"),
    pytest.param(lambda: karibou_env.env(players=3, seed=1), id="karibou"),
]


@pytest.mark.parametrize("make", ENVS)
def test_order_is_enforced_as_pettingzoo_does(make: Any, caplog: Any) -> None:
    """The envs' wrapper is PettingZoo's OrderEnforcingWrapper with direct ``last`` and
    ``step`` after a reset: before one, ``last``, ``step`` and ``observe`` raise as
    PettingZoo's; once every agent has left, a step warns and changes nothing; the
    wrapper prints as its env."""
    game = make()
    assert isinstance(game, OrderEnforcingWrapper)
    with pytest.raises(AttributeError, match="before reset"):
        game.last()
    with pytest.raises(AssertionError, match="before step"):
        game.step(0)
    with pytest.raises(AssertionError, match="before observe"):
        game.observe(game.possible_agents[0])
    assert str(game) == str(game.unwrapped)
    game.reset(seed=2)
    rng = random.Random(2)
    for _agent in game.agent_iter():
        observed, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        assert observed is not None
        legal = np.flatnonzero(observed["action_mask"])
        game.step(int(legal[rng.randrange(len(legal))]))
    assert not game.agents
    state = game.unwrapped.state
    caplog.clear()
    game.step(None)
    assert "step() called after all agents" in caplog.text
    assert game.unwrapped.state is state
