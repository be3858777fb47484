"""Hostile actions sent to the RL wrappers of both games (the embedding contract, docs/rl.rst):
a bad action raises the package's error and leaves the env or state as it was."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

import campers_rules as uc  # noqa: E402
import campers_rules.openspiel  # noqa: E402  (registers the game)
import campers_rules.pettingzoo as uc_pz  # noqa: E402
import karibou_rules as kc  # noqa: E402
import karibou_rules.openspiel  # noqa: E402  (registers the game)
import karibou_rules.pettingzoo as kc_pz  # noqa: E402
from campers_rules._errors import quote  # noqa: E402

_AEC: dict[str, tuple[Callable[..., Any], type[Exception]]] = {
    "uc env": (lambda **kw: uc_pz.env(players=3, seed=1, **kw), uc.CampersError),
    "uc raw_env": (lambda **kw: uc_pz.raw_env(players=3, seed=1, **kw), uc.CampersError),
    "kc env": (lambda **kw: kc_pz.env(players=4, seed=1, **kw), kc.KaribouError),
    "kc raw_env": (lambda **kw: kc_pz.raw_env(players=4, seed=1, **kw), kc.KaribouError),
}
_NOT_IDS: list[object] = [True, False, np.True_, 1.0, 1.5, float("nan"), np.float64(0), "1", b"1",
                          None, [0], np.array([0]), object()]  # fmt: skip
_OUT_OF_RANGE: list[object] = [-1, -2, 10**6, 10**5000, np.int64(-1)]


def _shown(value: object) -> str:
    return f"{type(value).__name__}:{quote(value)[:12]}"


def _env_picture(env: Any) -> tuple[object, ...]:
    """What a step changes: the library state, the agent selected, the bookkeeping."""
    raw = env.unwrapped
    return (raw.state, raw.agent_selection, list(raw.agents), dict(raw.terminations),
            dict(raw._cumulative_rewards))  # fmt: skip


def _first_legal(env: Any) -> int:
    return int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])


@pytest.mark.parametrize("name", sorted(_AEC))
@pytest.mark.parametrize("bad", _NOT_IDS + _OUT_OF_RANGE + ["illegal"],
                         ids=_shown)
def test_embedding_contract_an_aec_env_refuses_a_bad_action_unchanged(
        name: str, bad: object) -> None:
    """Embedding contract (UC-1, KC-13): ``step`` of a bool, a float, a text, ``None``, a
    list, an id out of the space or an illegal id raises the package's IllegalActionError
    and leaves the env as it was; a bool, a float and a text were read as ids (``int(x)``),
    ``nan`` raised Python's ValueError."""
    make, root = _AEC[name]
    env = make()
    env.reset(seed=3)
    if bad == "illegal":
        mask = env.observe(env.agent_selection)["action_mask"]
        bad = int(np.flatnonzero(mask == 0)[0])
    before = _env_picture(env)
    with pytest.raises(root) as caught:
        env.step(bad)
    assert isinstance(caught.value, uc.IllegalActionError | kc.IllegalActionError)
    assert _env_picture(env) == before


@pytest.mark.parametrize("name", sorted(_AEC))
@pytest.mark.parametrize("kind", [int, np.int64, np.int8, np.uint16, np.array])
def test_embedding_contract_an_aec_env_takes_numpy_integers_as_ids(name: str, kind: Any) -> None:
    """Embedding contract (UC-1, KC-13): a numpy integer (as ``action_space.sample()``
    gives) or a 0-d integer array is an id like the int it holds."""
    make, _ = _AEC[name]
    plain, numpy = make(), make()
    plain.reset(seed=3)
    numpy.reset(seed=3)
    action = _first_legal(plain)
    plain.step(action)
    numpy.step(kind(action))
    assert _env_picture(numpy) == _env_picture(plain)


def _finish(env: Any) -> None:
    while not (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]):
        env.step(_first_legal(env))


@pytest.mark.parametrize("name", sorted(_AEC))
@pytest.mark.parametrize("bad", [0, np.int64(0), 1.5, "0"], ids=lambda value: repr(value))
def test_embedding_contract_an_aec_env_refuses_an_action_after_the_end(
        name: str, bad: object) -> None:
    """Embedding contract (UC-1, KC-11): once the game has ended for an agent, PettingZoo
    takes only ``None`` (``_was_dead_step``); an action then raises the package's
    GameOverError (it was PettingZoo's bare ValueError) and changes nothing, and a step
    of the raw env after every agent left raises it too (it was a KeyError)."""
    make, root = _AEC[name]
    env = make(max_turns=3)
    env.reset(seed=3)
    _finish(env)
    before = _env_picture(env)
    with pytest.raises(root) as caught:
        env.step(bad)
    assert isinstance(caught.value, uc.GameOverError | kc.GameOverError)
    assert isinstance(caught.value, ValueError)  # PettingZoo's own convention still holds
    assert _env_picture(env) == before
    while env.agents:
        env.step(None)
    if name.endswith("raw_env"):  # the wrapped env warns and returns, as PettingZoo does
        with pytest.raises(root):
            env.step(None)


@pytest.mark.parametrize("bad", _NOT_IDS + _OUT_OF_RANGE + ["not a dict", "stranger"],
                         ids=_shown)
def test_embedding_contract_the_parallel_env_refuses_a_malformed_batch_unchanged(
        bad: object) -> None:
    """Embedding contract (KC-13, KC-17): a Parallel step whose batch holds an action
    that is no id of the space (a bool, a float, a text, ``None``, out of range), names
    no agent of the game, or is no dict raises the package's error before any action of
    the batch is applied; they raised TypeError or ValueError, or were read as ids."""
    env = kc_pz.parallel_env(players=4, seed=1)
    observations, _ = env.reset(seed=3)
    legal = int(np.flatnonzero(observations["player_0"]["action_mask"])[0])
    actions: object = {"player_0": legal, "player_1": bad}
    if bad == "not a dict":
        actions = [legal]
    elif bad == "stranger":
        actions = {"player_0": legal, "player_9": legal}
    before = (env.state, env._table.turns, list(env.agents))
    with pytest.raises(kc.KaribouError):
        env.step(actions)  # type: ignore[arg-type]
    assert (env.state, env._table.turns, list(env.agents)) == before


def test_embedding_contract_the_parallel_env_refuses_a_step_after_the_end() -> None:
    """Embedding contract (KC-11): a Parallel step after the game ended raises the
    package's GameOverError; it counted a turn and returned empty dicts."""
    env = kc_pz.parallel_env(players=4, seed=1, max_turns=1)
    observations, _ = env.reset(seed=3)
    env.step({name: int(np.flatnonzero(o["action_mask"])[0]) for name, o in observations.items()})
    assert not env.agents
    for actions in ({}, {"player_0": 0}):
        with pytest.raises(kc.GameOverError):
            env.step(actions)
    assert env._table.turns == 1


_GAMES = {"uc": ("python_unhappy_campers", {"players": 3, "max_moves": 3}, uc.CampersError),
          "kc": ("python_karibou_camp", {"players": 4, "max_turns": 3}, kc.KaribouError)}


def _decision(name: str) -> Any:
    short, params, _ = _GAMES[name]
    state = pyspiel.load_game(short, params).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


@pytest.mark.parametrize("name", sorted(_GAMES))
@pytest.mark.parametrize("bad", ["illegal", "past the space", 10**6, -2])
def test_embedding_contract_openspiel_refuses_an_illegal_action_unchanged(
        name: str, bad: object) -> None:
    """Embedding contract (UC-1, KC-13): ``apply_action`` of an illegal id, or one out of
    the space, raises the package's IllegalActionError and leaves the state as it was
    (Karibou Camp's counted the turn first: the seat to act moved on)."""
    state = _decision(name)
    game = state.get_game()
    legal = state.legal_actions()
    if bad == "illegal":
        bad = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    elif bad == "past the space":
        bad = game.num_distinct_actions()
    before = (str(state), state.current_player(), state.history(), state.legal_actions())
    with pytest.raises(_GAMES[name][2]):
        state.apply_action(bad)
    assert (str(state), state.current_player(), state.history(), state.legal_actions()) == before


@pytest.mark.parametrize("name", sorted(_GAMES))
def test_embedding_contract_openspiel_refuses_an_action_on_a_terminal_state(name: str) -> None:
    """Embedding contract (UC-1, KC-11): ``apply_action`` on a terminal state raises the
    package's GameOverError and changes nothing; Karibou Camp's took a wait (the history
    grew) and Unhappy Campers' named "no seat -4"."""
    state = _decision(name)
    while not state.is_terminal():
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node()
                           else state.legal_actions()[0])  # fmt: skip
    before = (str(state), state.history(), state.returns())
    for action in (0, 5, state.get_game().num_distinct_actions() - 1):
        with pytest.raises((uc.GameOverError, kc.GameOverError)):
            state.apply_action(action)
        assert (str(state), state.history(), state.returns()) == before


@pytest.mark.parametrize("name", sorted(_GAMES))
@pytest.mark.parametrize("bad", [-2, 200, 10**6])
def test_embedding_contract_openspiel_refuses_what_no_chance_node_gives(
        name: str, bad: int) -> None:
    """Embedding contract (UC-1, KC-2): a chance outcome the node does not list raises the
    package's IllegalActionError, the state unchanged; Karibou Camp's raised IndexError,
    or took -2 as the pile's second face from the end (Python's negative index)."""
    short, params, root = _GAMES[name]
    state = pyspiel.load_game(short, params).new_initial_state()
    listed = dict(state.chance_outcomes())
    assert bad not in listed
    before = (str(state), state.chance_outcomes())
    with pytest.raises(root):
        state.apply_action(bad)
    assert (str(state), state.chance_outcomes()) == before


def test_embedding_contract_openspiel_refuses_a_sign_noticed_by_its_signer() -> None:
    """Embedding contract (KC-7, KC-19): the noticing node of a Karibou Camp sign refuses
    a set holding the signer with the package's error (it was pyspiel's SpielError),
    and a draw node a face the pile lacks (it was SpielError, or IndexError past 7)."""
    state = _decision("kc")
    seat = state.current_player()
    sign = next(a for a in state.legal_actions() if "sign" in state.action_to_string(seat, a))
    state.apply_action(sign)
    assert state.is_chance_node()
    with pytest.raises(kc.IllegalActionError):
        state.apply_action(1 << seat)
    state.apply_action(state.chance_outcomes()[0][0])
    assert not state.is_chance_node()
    draws = pyspiel.load_game("python_karibou_camp", {"players": 4}).new_initial_state()
    draws.apply_action(0)  # the team cards: the hands' draws follow
    faces = dict(draws.chance_outcomes())
    for bad in (8, 100, -3):
        assert bad not in faces
        with pytest.raises(kc.IllegalActionError):
            draws.apply_action(bad)
    assert dict(draws.chance_outcomes()) == faces
