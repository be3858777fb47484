"""UC-32, KC-17 (issue 27): the version bound. ``MAX_VERSION`` (2**53 - 1, exact in a
JavaScript client's JSON) is the last version a state may reach and a document carry: a
state loaded one below it makes a move that saves and reads back; at it, no move is
legal (``VersionLimitError``), nothing is listed, the state is untouched; above it, the
loaders refuse. The counters that move with the version (Unhappy Campers' build step
count, Karibou Camp's chance counter) are held the same way."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import campers_rules as uc
import karibou_rules as kc
from campers_rules._board import PLAY

LIMIT = 2**53 - 1


def test_uc32_kc17_both_packages_share_one_documented_bound() -> None:
    """UC-32, KC-17: one constant, one name, one value in both packages."""
    assert uc.MAX_VERSION == kc.MAX_VERSION == LIMIT
    assert issubclass(uc.VersionLimitError, uc.IllegalActionError)
    assert issubclass(kc.VersionLimitError, kc.IllegalActionError)


# ----------------------------------------------------------------------------- Unhappy Campers


def _uc_at(state: uc.State, version: int, build_step: int | None = None) -> str:
    """The state's document at this version (and build step count)."""
    document = json.loads(uc.dumps(state))
    document["state"]["version"] = version
    if build_step is not None:
        document["state"]["build_step"] = build_step
    return json.dumps(document)


def _uc_positions() -> list[uc.State]:
    """Running games of 2 to 5 seats: new deals, a play phase, a mid-game state."""
    out = [uc.new_game(players, seed) for players, seed in ((2, 4), (3, 11), (5, 8))]
    out.append(uc.from_position(["R9 Y9 G9 G2 G3", "G13 B4"], phase=PLAY))
    rng = random.Random(6)
    state = uc.new_game(4, 6)
    for _ in range(60):
        actor = min(state.actors)
        state = state.apply(rng.choice(state.legal_actions(actor)))
    out.append(state)
    return out


def _uc_refuses_every_move(state: uc.State, legal: list[Any]) -> None:
    """No seat lists anything; each formerly legal move is refused naming the bound; the
    state is untouched."""
    before = uc.dumps(state)
    for seat in range(state.num_players):
        assert state.legal_actions(seat) == [] and state.legal_action_ids(seat) == []
        assert state.view(seat).legal_actions() == []
        assert state.view(seat).legal_action_ids() == []
    for action in legal:
        assert not state.is_legal(action)
        assert not state.is_legal(action, state.version, state.build_step)
        with pytest.raises(uc.VersionLimitError, match=f"{LIMIT} \\(MAX_VERSION\\)") as info:
            state.apply(action)
        assert info.value.ruling == "UC-32"
    assert uc.dumps(state) == before


@pytest.mark.parametrize("index", range(5))
def test_uc32_one_move_below_the_bound_saves_then_nothing_moves(index: int) -> None:
    """UC-32: at MAX_VERSION - 1 every listed move is legal and its result saves and
    reads back at MAX_VERSION; there no move is legal and nothing is listed; one above
    does not load."""
    state = uc.loads(_uc_at(_uc_positions()[index], LIMIT - 1))
    actor = min(state.actors)
    for action in state.legal_actions(actor)[:6]:
        after = state.apply(action, LIMIT - 1)
        assert after.version in (LIMIT - 1, LIMIT)  # a Lost Camper choice shares one
        assert uc.loads(uc.dumps(after)) == after
    top = uc.loads(_uc_at(state, LIMIT))
    _uc_refuses_every_move(top, state.legal_actions(actor))
    with pytest.raises(uc.SerializationError, match="version is not from 0 to"):
        uc.loads(_uc_at(state, LIMIT + 1))


def test_uc32_the_build_step_count_stops_at_the_bound_too() -> None:
    """UC-32: build steps do not move the version but count the turn's steps: a state at
    build step MAX_VERSION - 1 takes one step, which saves and reads back; at MAX_VERSION
    no step or action is legal, nor listed."""
    table = [[(12, [uc.Group.parse("RUN B2 B3 B4 B5 B6 B7 B8 B9"),
                    uc.Group.parse("RUN Y2 Y3 Y4 Y5")])], []]
    start = uc.from_position(["R9 Y9 G9 G2 G3 G4 G5 R13", "G13"], phase=PLAY, table=table)
    opened = next(after for after in map(start.apply_action_id, [0] * 99,
                                         start.legal_action_ids(0)) if after.building)
    for base in (start, opened):
        state = uc.loads(_uc_at(base, 7, LIMIT - 1))
        assert state.build_step == LIMIT - 1
        ids = state.legal_action_ids(0)
        for action_id in ids[:4]:
            after = state.apply_action_id(0, action_id, 7, LIMIT - 1)
            assert uc.loads(uc.dumps(after)) == after
            if after.version == 7:
                assert after.build_step == LIMIT
        top = uc.loads(_uc_at(base, 7, LIMIT))
        _uc_refuses_every_move(top, state.legal_actions(0))
        for action_id in ids:
            with pytest.raises(uc.VersionLimitError):
                top.apply_action_id(0, action_id)


def test_uc32_a_finished_game_at_the_bound_is_still_over() -> None:
    """UC-21, UC-32: a finished game at MAX_VERSION refuses an action as over."""
    state = uc.new_game(3, 2, uc.Config(rounds=1))
    final = uc.play_game(state, [uc.RandomBot()] * 3, seed=2)
    top = uc.loads(_uc_at(final, LIMIT))
    with pytest.raises(uc.GameOverError):
        top.apply(uc.Draw(0, 1))


# ----------------------------------------------------------------------------- Karibou Camp


def _kc_at(state: kc.State, version: int, chance: int | None = None) -> str:
    document = json.loads(kc.dumps(state))
    document["state"]["version"] = version
    if chance is not None:
        document["state"]["chance"] = chance
    return json.dumps(document)


def _kc_positions() -> list[kc.State]:
    """Running games: new deals (center face down), exchanges, a Scout being completed."""
    out = [kc.new_game(players, seed) for players, seed in ((3, 4), (5, 9), (7, 2))]
    exchanging = kc.new_game(4, 3).apply(kc.Reveal(1))
    out.append(exchanging)
    rng = random.Random(5)
    state = kc.new_game(6, 5)
    for _ in range(40):  # no pawn: the round goes on
        seat = rng.randrange(state.num_players)
        legal = [a for a in state.legal_actions(seat) if not isinstance(a, kc.PlacePawn)]
        if legal:
            state = state.apply(rng.choice(legal))
    out.append(state)
    return out


@pytest.mark.parametrize("index", range(5))
def test_kc17_one_move_below_the_bound_saves_then_nothing_moves(index: int) -> None:
    """KC-17: at MAX_VERSION - 1 (with the most chance events it allows) every listed
    action is legal and its result saves and reads back; at MAX_VERSION no action is
    legal or listed, the state untouched; one above does not load."""
    base = _kc_positions()[index]
    assert not base.is_over
    state = kc.loads(_kc_at(base, LIMIT - 1, 2 * (LIMIT - 1) + 1))
    legal = [a for seat in range(state.num_players) for a in state.legal_actions(seat)]
    assert legal
    for action in legal:
        after = state.apply(action, LIMIT - 1)
        assert kc.loads(kc.dumps(after)) == after
    top = kc.loads(_kc_at(base, LIMIT))
    before = kc.dumps(top)
    for seat in range(top.num_players):
        assert top.legal_actions(seat) == [] and top.legal_action_ids(seat) == []
        assert top.view(seat).legal_actions() == [] == top.view(seat).legal_action_ids()
    for action in legal:
        assert not top.is_legal(action)
        with pytest.raises(kc.VersionLimitError, match=f"{LIMIT} \\(MAX_VERSION\\)") as info:
            top.apply(action, LIMIT)
        assert info.value.ruling == "KC-17"
    for seat in range(top.num_players):  # the id path: pawns and signs made from the id too
        for action_id in range(kc.num_distinct_actions(top.num_players)):
            with pytest.raises(kc.VersionLimitError, match="MAX_VERSION"):
                top.apply_action_id(seat, action_id)
            with pytest.raises(kc.VersionLimitError, match="MAX_VERSION"):
                top.apply_action_id(seat, action_id, LIMIT)
    assert kc.dumps(top) == before
    with pytest.raises(kc.SerializationError, match="up to 9007199254740991"):
        kc.loads(_kc_at(base, LIMIT + 1))


def test_kc6_kc17_the_chance_counter_is_bound_by_the_version() -> None:
    """KC-6, KC-17: a version step has at most two chance events (a Scout's pile card and
    the new center), so a saved chance counter is at most 2 x version + 1 and every game
    keeps it so: no legal action leads past what loads reads."""
    for seed in (1, 7, 12):
        rng = random.Random(seed)
        state = kc.new_game(3 + seed % 5, seed)
        while not state.is_over:
            seat = rng.randrange(state.num_players)
            legal = state.legal_actions(seat)
            if legal:
                state = state.apply(rng.choice(legal))
            assert 0 <= state.chance <= 2 * state.version + 1
        assert kc.loads(kc.dumps(state)) == state
    with pytest.raises(kc.SerializationError, match="at most 2 x version"):
        kc.loads(_kc_at(kc.new_game(3, 1), 0, 2))
