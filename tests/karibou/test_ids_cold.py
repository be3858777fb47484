"""The id path against the object path with Karibou's caches warm and emptied (issue 12:
every cache is emptied by the differential test). Karibou keeps no memo module; its only
caches are ``functools.cache`` functions of small inputs (the seats of a game size, a
seat's team-layout lists, the team deals, a struct layout), found here by walking the
package so that one added later is emptied too."""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from hypothesis import given, settings
from hypothesis import strategies as st

import karibou_rules as kc

T = TypeVar("T")


def _caches() -> list[Any]:
    """Every ``functools`` cache defined at module level in the package."""
    found = []
    for info in pkgutil.walk_packages(kc.__path__, "karibou_rules."):
        module = importlib.import_module(info.name)
        found += [value for value in vars(module).values()
                  if hasattr(value, "cache_clear") and value.__module__ == info.name]
    return found


CACHES = _caches()


def _warm_and_cold(listing: Callable[[], T]) -> T:
    """``listing()`` with the caches as they are, equal to it with every cache emptied."""
    warm = listing()
    for cache in CACHES:
        cache.cache_clear()
    assert listing() == warm
    return warm


def test_every_cache_is_found_kc2_kc8() -> None:
    """The walk finds the package's four caches: the seats of a game size and the team
    deals (KC-2), each seat's lists under a team layout (KC-8 pawns), the struct layout of
    a deal's keys; so the differential below empties them all."""
    names = {cache.__name__ for cache in CACHES}
    assert names == {"_seat_lists", "all_seats", "team_orders", "_layout"}


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 2**32 - 1))
def test_the_id_listing_is_the_object_listing_warm_and_cold(players: int, seed: int) -> None:
    """Differential (KC-8, KC-17): at every step the seat's legal ids are the sorted ids of
    its legal actions, and both listings are the same with every cache emptied."""
    rng = random.Random(seed)
    state = kc.new_game(players, seed)
    while not state.is_over:
        player = rng.randrange(players)
        legal = _warm_and_cold(partial(state.legal_actions, player))
        ids = _warm_and_cold(partial(state.legal_action_ids, player))
        assert ids == sorted({kc.action_id(action) for action in legal})
        state = state.apply_action_id(player, rng.choice(ids))
