"""UC-21, KC-2 (issue 27): the environments' seeds are the library's. ``reset(seed=...)``
and the constructor's ``seed`` take what ``new_game`` takes (an int from 0 to MAX_SEED, a
numpy integer too, or ``None``) and refuse anything else with the package's typed
``PositionError``, the env left as it was; a text, a float or a bool is never played as
some other seed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

import campers_rules as uc  # noqa: E402
import campers_rules.pettingzoo as uc_pz  # noqa: E402
import karibou_rules as kc  # noqa: E402
import karibou_rules.pettingzoo as kc_pz  # noqa: E402

_ENVS: dict[str, tuple[Callable[..., Any], Callable[[int], Any], type[Exception]]] = {
    "uc env": (lambda seed=None: uc_pz.env(players=3, seed=seed),
               lambda seed: uc.new_game(3, seed), uc.PositionError),
    "uc raw_env": (lambda seed=None: uc_pz.raw_env(players=2, seed=seed),
                   lambda seed: uc.new_game(2, seed), uc.PositionError),
    "kc env": (lambda seed=None: kc_pz.env(players=4, seed=seed),
               lambda seed: kc.new_game(4, seed), kc.PositionError),
    "kc raw_env": (lambda seed=None: kc_pz.raw_env(players=5, seed=seed),
                   lambda seed: kc.new_game(5, seed), kc.PositionError),
    "kc parallel_env": (lambda seed=None: kc_pz.parallel_env(players=3, seed=seed),
                        lambda seed: kc.new_game(3, seed), kc.PositionError),
}
_NOT_SEEDS: list[object] = ["7", b"1", [1], (1,), 1.5, 2.0, np.float64(2.0), True, False,
                            np.True_, -1, np.int64(-5), 2**64, 5 + 2**64, object()]


def _state(env: Any) -> Any:
    return env.unwrapped.state if hasattr(env, "unwrapped") else env.state


@pytest.mark.parametrize("name", sorted(_ENVS))
@pytest.mark.parametrize("seed", _NOT_SEEDS, ids=lambda v: f"{type(v).__name__}:{v!r}"[:24])
def test_uc21_kc2_reset_refuses_what_new_game_refuses(name: str, seed: object) -> None:
    """UC-21, KC-2: a reset seed new_game refuses raises the package's PositionError
    naming the range, and the game in play is kept; so does a constructor seed."""
    make, _, error = _ENVS[name]
    env = make(seed=4)
    env.reset()
    before = _state(env)
    with pytest.raises(error, match="MAX_SEED"):
        env.reset(seed=seed)
    assert _state(env) == before
    with pytest.raises(error, match="MAX_SEED"):
        make(seed=seed)


@pytest.mark.parametrize("name", sorted(_ENVS))
@pytest.mark.parametrize("seed", [0, 7, np.int64(5), np.uint64(2**64 - 1), np.int32(12), 2**63])
def test_uc21_kc2_reset_deals_the_library_game_of_a_seed(name: str, seed: Any) -> None:
    """UC-21, KC-2: reset(seed=s) deals new_game(players, s), numpy integers included;
    a reset without a seed plays the next one, 0 after MAX_SEED."""
    make, deal, _ = _ENVS[name]
    env = make()
    env.reset(seed=seed)
    assert _state(env) == deal(int(seed))
    env.reset()
    assert _state(env) == deal((int(seed) + 1) % 2**64)
    seeded = make(seed=seed)
    seeded.reset()
    assert _state(seeded) == deal(int(seed))
