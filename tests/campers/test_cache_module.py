"""The one cache module (issue 12): its size policy (a full memo is emptied before
the next store), its ``clear`` (empties every memo it defines), and that it is the only place of
``campers_rules`` that keeps memos: playing games changes no other module-level
container, and no module-level function or method is a functools cache."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

import campers_rules as uc
from campers_rules import _cache
from tests.package_scan import containers, functools_caches, modules


def test_a_full_memo_is_emptied_before_the_next_store() -> None:
    memo: dict[int, int] = {}
    for key in range(_cache.LIMIT):
        assert _cache.keep(memo, key, key * 2) == key * 2
    assert len(memo) == _cache.LIMIT and memo[0] == 0
    assert _cache.keep(memo, -1, 7) == 7
    assert memo == {-1: 7}
    _cache.keep(memo, 5, 10)
    assert memo == {-1: 7, 5: 10}


def test_clear_empties_every_memo_of_the_module() -> None:
    for memo in _cache.memos().values():
        memo[object()] = 1
    _cache.clear()
    assert all(not memo for memo in _cache.memos().values())


def _modules() -> list[ModuleType]:
    """Every module of ``campers_rules`` but the cache module."""
    return [m for m in modules(uc) if m is not _cache]


def _play(players: int, seed: int) -> None:
    """A whole seeded random game through the object API, with views, id listings and a
    JSON round trip on the way."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed)
    while not state.is_over:
        actor = min(state.actors)
        legal = state.legal_actions(actor)
        if rng.random() < 0.05:
            state.view(actor)
            state.legal_action_ids(actor)
            state = uc.loads(uc.dumps(state))
        state = state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("players", range(2, 7))
def test_games_change_no_module_level_container_outside_the_cache(players: int) -> None:
    """Issue 12: whole games (2 to 6 players) leave every module-level dict, list, set and
    bytearray of ``campers_rules`` (the cache module aside) as it was: every memo lives
    in :mod:`campers_rules._cache`."""
    modules = _modules()
    before = {m.__name__: containers(m) for m in modules}
    for seed in range(2):
        _play(players, seed)
    changed = [f"{m.__name__}.{name}" for m in modules
               for name, snapshot in containers(m).items()
               if before[m.__name__].get(name) != snapshot]
    assert changed == []


def test_no_function_of_the_package_is_a_functools_cache() -> None:
    """Issue 12: no module-level function or method of ``campers_rules`` is a functools
    cache (``functools.cache``, ``lru_cache``): memos are dicts of the cache module."""
    assert functools_caches(_modules()) == []
