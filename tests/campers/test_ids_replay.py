"""Retransmitted build steps (issue 12): the steps of a build share their build's version,
so that a build stays private (UC-23); the turn player's build step count
(``State.build_step``, ``View.build_step``) tells a step from the same step sent twice,
which is refused as stale (UC-32), also across an abandoned build and a reload."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import StaleStepError
from campers_rules._ids import ABANDON_ID, STEP_IDS

SMALL = uc.Config(rounds=1, turn_cap=80)


def _send(state: uc.State, player: int, action_id: int) -> uc.State:
    """The id sent as a client does: with the version and build step of its view."""
    seen = state.view(player)
    return state.apply_action_id(player, action_id, version=seen.version,
                                 build_step=seen.build_step)


def _build_steps(players: int, seed: int) -> Iterator[tuple[uc.State, int, int]]:
    """Each build step (state, player, id) of a random id game, sent as a client does."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed, SMALL)
    while not state.is_over:
        player = min(state.actors)
        ids = state.legal_action_ids(player)
        chosen = ids[rng.randrange(len(ids))]
        if chosen in STEP_IDS:
            yield state, player, chosen
        state = _send(state, player, chosen)


def _kind(player: int, step_id: int) -> str:
    return type(uc.action_from_id(player, step_id)).__name__


def _refused_as_sent_twice(state: uc.State, player: int, step_id: int) -> str:
    """Apply the step once as sent, then again with the same numbers: stale (UC-32), also
    once the state was saved and loaded, and ``is_legal`` says False. The step's kind."""
    seen = state.view(player)
    once = _send(state, player, step_id)
    for copy in (once, uc.loads(uc.dumps(once))):
        saved = uc.dumps(copy)
        with pytest.raises(uc.StaleActionError):
            copy.apply_action_id(player, step_id, version=seen.version,
                                 build_step=seen.build_step)
        assert not copy.is_legal(uc.action_from_id(player, step_id), seen.version,
                                 seen.build_step)
        assert uc.dumps(copy) == saved
    return _kind(player, step_id)


def _owner() -> uc.State:
    """Seat 0 in its play phase, with a claim, a new group and a rearrangement listed."""
    table = [[(12, [uc.Group.parse("RUN B2 B3 B4 B5 B6 B7 B8 B9"),
                    uc.Group.parse("RUN Y2 Y3 Y4 Y5")])], []]
    return uc.from_position(["R9 Y9 G9 G2 G3 G4 G5 R13", "G13"], phase=uc.Phase.PLAY,
                            table=table)


def test_every_kind_of_build_step_sent_twice_is_stale_uc32() -> None:
    """UC-32, UC-7, UC-11: a claim, a new group and a rearrangement built by ids, every
    step (start, site, lay, end of group, finish), and an abandon after each start, sent
    twice with the numbers its sender saw: the second copy is refused as stale, before
    and after a reload."""
    state = _owner()
    kinds: set[str] = set()
    listed = state.legal_actions(0)
    for kind in (uc.Claim, uc.AddGroup, uc.Rearrange):
        action = next(a for a in listed if isinstance(a, kind))
        building = state
        for step_id in uc.action_steps(action):
            kinds.add(_refused_as_sent_twice(building, 0, step_id))
            if not building.building:
                kinds.add(_refused_as_sent_twice(_send(building, 0, step_id), 0, ABANDON_ID))
            building = _send(building, 0, step_id)
        assert building == state.apply(action)
    assert kinds == {"StartClaim", "StartGroup", "StartRearrange", "StartSite", "Lay",
                     "EndGroup", "Abandon", "Finish"}


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_a_build_step_sent_twice_is_stale_in_random_games_uc32(players: int, seed: int
                                                               ) -> None:
    """UC-32 over random games: every build step, sent a second time, is stale."""
    for state, player, step_id in _build_steps(players, seed):
        _refused_as_sent_twice(state, player, step_id)


def _open_start(players: int, seed: int) -> tuple[uc.State, int, int]:
    """A play-phase state of a random game whose turn player may start a build."""
    for state, player, step_id in _build_steps(players, seed):
        if not state.building:
            return state, player, step_id
    pytest.skip("no build in this game")


@pytest.mark.parametrize("players, seed", [(2, 0), (4, 1), (6, 3)])
def test_a_step_from_an_abandoned_build_is_stale_in_the_next_uc32(players: int, seed: int
                                                                  ) -> None:
    """UC-32: the count does not start again when a build is abandoned, so a late copy of
    the old build's start or abandon is stale in a new build at the same version; the
    abandoned build leaves a state equal to the one before it."""
    state, player, start = _open_start(players, seed)
    first = state.view(player)
    started = _send(state, player, start)
    middle = started.view(player)
    abandoned = _send(started, player, ABANDON_ID)
    assert abandoned == state and abandoned.build_step == state.build_step + 2
    again = _send(abandoned, player, start)
    assert again.building == (start,) and again.build_step == state.build_step + 3
    for seen, step_id in ((first, start), (middle, ABANDON_ID)):
        with pytest.raises(StaleStepError) as raised:
            again.apply_action_id(player, step_id, version=seen.version,
                                  build_step=seen.build_step)
        assert raised.value.sent_step == seen.build_step
        assert raised.value.current_step == again.build_step


def test_a_build_step_with_a_version_carries_its_build_step_uc32() -> None:
    """UC-32: a build step sent with a version but no build step, or a wrong one, is stale;
    with neither (a local caller), it applies; a step of another seat and any other action
    are checked by the version alone."""
    state, player, start = _open_start(3, 0)
    for build_step in (None, state.build_step + 1, True, "0"):
        with pytest.raises(StaleStepError):
            state.apply_action_id(player, start, version=state.version,
                                  build_step=build_step)  # type: ignore[arg-type]
        assert not state.is_legal(uc.action_from_id(player, start), state.version,
                                  build_step)  # type: ignore[arg-type]
    assert state.apply_action_id(player, start).building == (start,)
    assert state.apply_action_id(player, start, build_step=0).building == (start,)
    other = (player + 1) % 3
    with pytest.raises(uc.NotYourTurnError):
        state.apply_action_id(other, start, version=state.version)
    discard = uc.action_id(uc.Discard(player, state.hands[player][-1]))
    state.apply_action_id(player, discard, version=state.version, build_step=99)


@pytest.mark.parametrize("players, seed", [(2, 0), (4, 1), (6, 3)])
def test_the_build_step_count_is_the_turn_players_alone_uc23(players: int, seed: int
                                                            ) -> None:
    """UC-23: builds taken and abandoned leave every other seat's view, view JSON, legal
    ids and errors as they were; only the turn player's view shows the count, and its JSON
    round-trips it (format 3); another seat's view holding a count does not load."""
    state, player, start = _open_start(players, seed)
    abandoned = _send(_send(state, player, start), player, ABANDON_ID)
    for seat in range(players):
        if seat == player:
            continue
        assert abandoned.view(seat) == state.view(seat)
        assert uc.dumps(abandoned.view(seat)) == uc.dumps(state.view(seat))
        assert abandoned.legal_action_ids(seat) == state.legal_action_ids(seat)
        for before in (state, abandoned):
            with pytest.raises(uc.NotYourTurnError):
                before.apply_action_id(seat, start, version=state.version, build_step=0)
    mine = abandoned.view(player)
    assert mine.build_step == abandoned.build_step == state.build_step + 2
    text = uc.dumps(mine)
    assert json.loads(text)["view"]["build_step"] == mine.build_step
    assert uc.loads_view(text).build_step == mine.build_step
    assert uc.loads(uc.dumps(abandoned)).build_step == abandoned.build_step
    seat = (player + 1) % players
    document = json.loads(uc.dumps(state.view(seat)))
    document["view"].update(building=[], build_step=1)
    with pytest.raises(uc.SerializationError):
        uc.loads_view(json.dumps(document))


def test_the_count_starts_again_when_the_version_moves_uc32() -> None:
    """UC-32: finishing a build, or any other action after an abandoned one, moves the
    version and sets the count back to 0, as the object path's state has it."""
    state = _owner()
    for action in state.legal_actions(0):
        if isinstance(action, uc.Claim | uc.AddGroup | uc.Rearrange):
            steps = uc.action_steps(action)
            building = state
            for step_id in steps:
                building = _send(building, 0, step_id)
            assert building.build_step == 0 and building.version == state.version + 1
            abandoned = _send(_send(state, 0, steps[0]), 0, ABANDON_ID)
            assert abandoned.build_step == 2
            discard = uc.action_id(uc.Discard(0, state.hands[0][-1]))
            after = _send(abandoned, 0, discard)
            assert after.build_step == 0 and after == state.apply_action_id(0, discard)
