"""The one cache module (issue 12): its size policy (a full memo is emptied before
the next store), its ``clear`` (empties every memo it defines), and that it is the only place of
``campers_rules`` that keeps memos: playing games changes no other module-level
container, and no module-level function or method is a functools cache."""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import MutableMapping, MutableSequence, MutableSet
from types import ModuleType
from typing import Any

import pytest

import campers_rules as uc
from campers_rules import _cache


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
    """Every module of ``campers_rules`` (those of an extra that is not installed left
    out), but the cache module."""
    found = [uc]
    for info in pkgutil.walk_packages(uc.__path__, "campers_rules."):
        try:
            found.append(importlib.import_module(info.name))
        except ImportError:  # an optional extra (open_spiel, pettingzoo) is missing
            continue
    return [m for m in found if m is not _cache]


def _containers(module: ModuleType) -> dict[str, Any]:
    """The module's mutable containers (dicts, lists, sets, bytearrays ...) by name, each
    as a snapshot to compare later."""
    out: dict[str, Any] = {}
    for name, value in vars(module).items():
        if isinstance(value, MutableMapping):
            out[name] = list(value.items())
        elif isinstance(value, MutableSet | MutableSequence):
            out[name] = list(value)
    return out


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
    before = {m.__name__: _containers(m) for m in modules}
    for seed in range(2):
        _play(players, seed)
    changed = [f"{m.__name__}.{name}" for m in modules
               for name, snapshot in _containers(m).items()
               if before[m.__name__].get(name) != snapshot]
    assert changed == []


def _callables(module: ModuleType) -> dict[str, Any]:
    """The module's functions and its classes' methods, by qualified name."""
    out: dict[str, Any] = {}
    for name, value in vars(module).items():
        if isinstance(value, type) and value.__module__ == module.__name__:
            for attr, member in vars(value).items():
                if isinstance(member, staticmethod | classmethod):
                    member = member.__func__
                elif isinstance(member, property):
                    member = member.fget
                out[f"{name}.{attr}"] = member
        elif callable(value) and getattr(value, "__module__", None) == module.__name__:
            out[name] = value
    return out


def test_no_function_of_the_package_is_a_functools_cache() -> None:
    """Issue 12: no module-level function or method of ``campers_rules`` is a functools
    cache (``functools.cache``, ``lru_cache``): memos are dicts of the cache module."""
    cached = [f"{m.__name__}.{name}" for m in _modules()
              for name, member in _callables(m).items() if hasattr(member, "cache_info")]
    assert cached == []
