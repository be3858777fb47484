"""A game's catalogue is compiled once (issue 12): a configuration whose catalogue equals the
project's holds the project's ``CATALOGUE`` object itself, however it was made (loaded from
JSON of either format, unpickled, copied, or given as an equal tuple), so a loaded game
reads the id layout compiled at import instead of laying it out on every call (UC-3)."""

from __future__ import annotations

import copy
import json
import pickle
import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _cache, _ids
from tests.campers.game_strategies import random_walk

CONFIG = uc.Config(rounds=2, turn_cap=40)
FORMAT_1 = Path(__file__).parent / "data" / "format1.json"
_OTHER = (attrs.evolve(uc.CATALOGUE[0], points=uc.CATALOGUE[0].points + 1), *uc.CATALOGUE[1:])
"""A catalogue of the project's faces but one, which scores a point more."""


def _equal_copy() -> tuple[uc.Campsite, ...]:
    """The project's catalogue rebuilt from its text: equal, and no object shared."""
    return tuple(uc.parse_campsite(str(site), id=site.id, provisional=site.provisional)
                 for site in uc.CATALOGUE)


def _made(how: str, config: uc.Config) -> uc.Config:
    """``config`` passed through one of the ways a caller makes a configuration."""
    state = uc.new_game(3, 1, config)
    if how == "loads":
        return uc.loads(uc.dumps(state)).config
    if how == "loads_view":
        return uc.loads_view(uc.dumps(state.view(0))).config
    if how == "pickle":
        unpickled: uc.State = pickle.loads(pickle.dumps(state))
        return unpickled.config
    if how == "deepcopy":
        return copy.deepcopy(state).config
    if how == "evolve":
        return attrs.evolve(config, catalogue=_equal_copy())
    return uc.Config(rounds=config.rounds, catalogue=_equal_copy(), turn_cap=config.turn_cap)


HOW = ["loads", "loads_view", "pickle", "deepcopy", "evolve", "equal tuple"]


def test_an_equal_copy_shares_no_campsite() -> None:
    """The copy the tests below start from is equal to the catalogue, and new objects."""
    copied = _equal_copy()
    assert copied == uc.CATALOGUE and copied is not uc.CATALOGUE
    assert not any(a is b for a, b in zip(copied, uc.CATALOGUE, strict=True))


@pytest.mark.parametrize("how", HOW)
def test_an_equal_catalogue_is_the_projects_object_uc3(how: str) -> None:
    """UC-3: however a configuration is made, an equal catalogue is ``CATALOGUE`` itself."""
    config = _made(how, CONFIG)
    assert config == CONFIG
    assert config.catalogue is uc.CATALOGUE


@pytest.mark.parametrize("how", ["loads", "pickle", "deepcopy"])
def test_another_catalogue_stays_itself_uc3(how: str) -> None:
    """UC-3: a catalogue that differs (one face scores a point more) is kept as given."""
    config = _made(how, uc.Config(catalogue=_OTHER))
    assert config.catalogue == _OTHER and config.catalogue != uc.CATALOGUE
    assert config.catalogue[0].points == uc.CATALOGUE[0].points + 1


def test_a_game_from_a_format_1_document_holds_the_catalogue() -> None:
    """UC-3: the documents of the old format (campsites by index) load onto it too."""
    stored = json.loads(FORMAT_1.read_text())
    for document in stored["states"].values():
        assert uc.loads(json.dumps(document)).config.catalogue is uc.CATALOGUE
    for document in stored["views"].values():
        assert uc.loads_view(json.dumps(document)).config.catalogue is uc.CATALOGUE


def _laid_out() -> list[tuple[tuple[uc.Campsite, ...], _ids.Layout]]:
    """The layouts built for catalogues of their own, as ``_cache.LAYOUTS`` keeps them
    (read, not patched: a compiled ``_ids`` calls its own ``Layout`` directly)."""
    return list(_cache.LAYOUTS.values())


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32),
       how=st.sampled_from(["loads", "pickle", "deepcopy"]))
def test_a_loaded_game_lists_the_same_ids_without_laying_them_out_again(
        players: int, seed: int, how: str) -> None:
    """UC-7, issue 12: along a random game, the loaded (unpickled, copied) state lists the
    ids the original lists, encodes every listed action alike, and builds no layout."""
    states = random_walk(players, seed, 150, CONFIG)[::7]
    loaded = [uc.loads(uc.dumps(s)) if how == "loads" else
              pickle.loads(pickle.dumps(s)) if how == "pickle" else copy.deepcopy(s)
              for s in states]
    rng = random.Random(seed)
    before = _laid_out()
    for state, again in zip(states, loaded, strict=True):
        assert again == state
        for seat in sorted(state.actors):
            assert again.legal_action_ids(seat) == state.legal_action_ids(seat)
            action = rng.choice(state.legal_actions(seat))
            assert uc.action_steps(action, again.config) == uc.action_steps(action, CONFIG)
        assert uc.num_distinct_actions(players, again.config) == uc.num_distinct_actions(
            players)
    assert _laid_out() == before


def test_another_catalogue_is_laid_out_once_uc3() -> None:
    """UC-3, issue 12: a game on a catalogue of its own lays its ids out once (kept in
    ``_cache.LAYOUTS`` by the catalogue object), and lists the ids it lists with every memo
    emptied; an equal catalogue that is another object is laid out for itself."""
    config = uc.Config(rounds=2, turn_cap=40, catalogue=_OTHER)
    _cache.clear()
    states = random_walk(3, 5, 120, config)[::5]
    _cache.clear()
    warm = [[s.legal_action_ids(seat) for seat in sorted(s.actors)] for s in states]
    [(catalogue, first)] = _laid_out()
    assert catalogue is _OTHER and _ids.layout(config) is first
    _cache.clear()
    cold = [[s.legal_action_ids(seat) for seat in sorted(s.actors)] for s in states]
    [(catalogue, second)] = _laid_out()
    assert catalogue is _OTHER and second is not first and _ids.layout(config) is second
    copied = pickle.loads(pickle.dumps(config))
    assert copied.catalogue == _OTHER and copied.catalogue is not _OTHER
    uc.num_distinct_actions(3, copied)
    assert [c for c, _ in _laid_out()] == [_OTHER, copied.catalogue]
    assert [c is copied.catalogue for c, _ in _laid_out()] == [False, True]
    assert warm == cold and any(ids for ids in warm)
