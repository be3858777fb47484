"""The play-phase id listing reads tables compiled once per catalogue and keeps its ids
apart from the list it hands out (issue 29): the campsites' requirements by campsite
(``Layout.asked``), and the position's ids, kept on the scratch copy a state was frozen
from (``_work.Work.listed``) (UC-7, UC-23)."""

from __future__ import annotations

import attrs
import pytest

import campers_rules as uc
from campers_rules import _builds, _cache
from campers_rules._ids import layout
from tests.campers.game_strategies import random_walk

_TURNED = tuple(attrs.evolve(site, primitive=uc.CATALOGUE[-1 - i].primitive)
                for i, site in enumerate(uc.CATALOGUE))
"""A catalogue whose campsites ask for the primitive requirements of the project's in
reverse order: a requirement read by the wrong campsite shows."""
_CONFIGS = {"project": uc.Config(rounds=1, turn_cap=60),
            "turned": uc.Config(rounds=1, turn_cap=60, catalogue=_TURNED)}


@pytest.mark.parametrize("name", sorted(_CONFIGS))
def test_each_campsites_requirement_is_read_by_its_own_index_uc3_uc7(name: str) -> None:
    """UC-3, UC-7: the layout of a catalogue holds each campsite's primitive requirement
    compiled to ints, by campsite, whichever catalogue the game plays."""
    config = _CONFIGS[name]
    space = layout(config)
    assert len(space.asked) == len(config.catalogue)
    assert all(asked is site.primitive.asked
               for asked, site in zip(space.asked, config.catalogue, strict=True))


def _play_states(config: uc.Config, seeds: range) -> list[uc.State]:
    """The play-phase states of random games, no build open and no decision waiting."""
    return [state for seed in seeds for state in random_walk(4, seed, 250, config)
            if state.phase is uc.Phase.PLAY and state.pending is None and not state.building]


@pytest.mark.parametrize("name", sorted(_CONFIGS))
def test_the_claims_started_are_the_campsites_claimed_in_any_catalogue_uc3_uc7(
        name: str) -> None:
    """UC-3, UC-7, UC-8: in a game of the project's catalogue or of one whose campsites ask
    for other requirements, the play-phase ids are the first steps of the object listing,
    each once (its start claims: the campground campsites it holds a claim of)."""
    config = _CONFIGS[name]
    claims = 0
    for state in _play_states(config, range(3)):
        player = state.turn
        listed = state.legal_actions(player)
        claims += sum(isinstance(action, uc.Claim) for action in listed)
        _cache.clear()
        assert _builds.play_ids(state, player) == sorted(
            {uc.action_steps(action, config)[0] for action in listed})
    assert claims


def test_a_caller_changing_its_ids_leaves_the_kept_ones_whole_uc23() -> None:
    """UC-23, issue 12: the ids a listing hands out are the caller's to change; the ids
    kept for the position (``_work.Work.listed``), listed again after an abandon, stay
    those of a cold listing."""
    states = _play_states(uc.Config(rounds=1, turn_cap=60), range(2))[:40]
    assert states
    for state in states:
        player = state.turn
        _cache.clear()
        first = state.legal_action_ids(player)
        whole = list(first)
        first.append(-1)
        first.reverse()
        again = state.legal_action_ids(player)  # the kept ids
        assert again == whole
        again.clear()
        assert state.legal_action_ids(player) == whole


_MADE_BY = "_work"
"""The slot of a State that holds the scratch copy it was frozen from."""


def test_the_kept_play_ids_are_those_of_the_very_copy_a_state_was_frozen_from_uc23() -> None:
    """UC-23, issue 29: the play-phase ids are kept on the scratch copy a state was frozen
    from (``_work.Work.listed``), which the state after an abandon shares with the state
    before the build; that state reads the kept ids (a planted answer shows it), a state
    moved on by a discard has a copy of its own and lists afresh, and a state made from a
    position (no copy) is listed without being kept."""
    states = _play_states(uc.Config(rounds=1, turn_cap=60), range(3, 5))[:30]
    abandon = uc.action_id(uc.Abandon(0))
    abandoned = 0
    for state in states:
        player = state.turn
        made = getattr(state, _MADE_BY)
        ids = state.legal_action_ids(player)
        assert made.listed is not None and list(made.listed) == ids
        start = next((i for i in ids if isinstance(
            uc.action_from_id(player, i), uc.StartClaim | uc.StartGroup | uc.StartRearrange)),
                     None)
        if start is not None:
            back = state.apply_action_id(player, start).apply_action_id(player, abandon)
            assert back == state and getattr(back, _MADE_BY) is made
            made.listed = (-1,)  # a planted answer: read, so kept
            assert back.legal_action_ids(player) == [-1]
            abandoned += 1
        discard = next(i for i in ids if isinstance(uc.action_from_id(player, i), uc.Discard))
        made.listed = (-1,)
        moved = state.apply_action_id(player, discard)
        assert getattr(moved, _MADE_BY).listed is None
        if moved.phase is uc.Phase.PLAY and moved.pending is None and moved.turn == player:
            assert moved.legal_action_ids(player) != [-1]
        made.listed = tuple(ids)
        loaded = uc.loads(uc.dumps(state))
        assert loaded.legal_action_ids(player) == ids
        assert getattr(loaded, _MADE_BY, None) is None
    assert abandoned
