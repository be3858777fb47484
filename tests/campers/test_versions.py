"""UC-32: every state and view carries a version; an action sent against an earlier one is
refused as stale, the secret choices of one Lost Camper pass (UC-18) sharing one version."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from tests.campers.game_strategies import play, players, random_walk, seeds


def _steps(players: int, seed: int, steps: int) -> list[tuple[uc.State, uc.Action, uc.State]]:
    """(before, action, after) along a random legal game."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed, uc.Config(rounds=2, turn_cap=30))
    out = []
    for _ in range(steps):
        if state.is_over:
            break
        actor = rng.choice(sorted(state.actors))
        action = rng.choice(state.legal_actions(actor))
        after = state.apply(action, state.version)
        out.append((state, action, after))
        state = after
    return out


def _same_pass(before: uc.State, action: uc.Action, after: uc.State) -> bool:
    if isinstance(action, uc.Decline):  # the answers of one window share one (UC-14)
        return isinstance(after.pending, uc.SprayWindow)
    return isinstance(action, uc.PassLeft) and isinstance(after.pending, uc.PassChoice)


def test_uc32_a_new_game_starts_at_version_0() -> None:
    """UC-32: versions count decision points from 0."""
    assert uc.new_game(3, 1).version == 0
    assert uc.new_game(3, 1).view(2).version == 0
    assert uc.from_position(["B2 B3", "B4 B5"]).version == 0


@given(players, seeds)
def test_uc32_every_action_moves_the_version_on_but_the_choices_of_one_pass(
    players: int, seed: int
) -> None:
    """UC-32, UC-18: each applied action moves the version on by one, except a Lost
    Camper choice after which the pass still waits: the choices of one pass share one."""
    for before, action, after in _steps(players, seed, 200):
        step = 0 if _same_pass(before, action, after) else 1
        assert after.version == before.version + step
        assert all(after.view(p).version == after.version for p in range(players))


@given(players, seeds, st.randoms(use_true_random=False))
@settings(max_examples=40)
def test_uc32_a_late_action_with_an_old_version_is_refused_and_the_state_unchanged(
    players: int, seed: int, rng: random.Random
) -> None:
    """UC-32: an action sent with the version of an earlier decision point raises
    StaleActionError (naming both versions) and leaves the state as it was, even when the
    action is legal now; is_legal says False for it and True with the current version."""
    steps = _steps(players, seed, 150)
    for before, action, after in steps[:: max(1, len(steps) // 30)]:
        if after.version == before.version:
            continue
        text = uc.dumps(after)
        with pytest.raises(uc.StaleActionError) as caught:
            after.apply(action, before.version)
        error = caught.value
        assert (error.sent, error.current, error.ruling) == (
            before.version,
            after.version,
            "UC-32",
        )
        assert f"version {before.version}" in str(error)
        assert f"version {after.version}" in str(error)
        assert not after.is_legal(action, before.version)
        assert uc.dumps(after) == text
        if after.actors:
            actor = rng.choice(sorted(after.actors))
            now = rng.choice(after.legal_actions(actor))
            assert after.is_legal(now, after.version) and after.is_legal(now)
            assert not after.is_legal(now, before.version)
            with pytest.raises(uc.StaleActionError):
                after.apply(now, before.version)
            assert after.apply(now, after.version) == after.apply(now)
            assert uc.dumps(after) == text


def test_uc32_a_late_action_to_a_finished_game_is_stale() -> None:
    """UC-32: the stale check comes first, so a late action to a finished game is stale."""
    state = uc.new_game(2, 4, uc.Config(rounds=1, turn_cap=3))
    rng = random.Random(0)
    while not state.is_over:
        last = state
        action = rng.choice(state.legal_actions(min(state.actors)))
        state = state.apply(action)
    with pytest.raises(uc.StaleActionError):
        state.apply(action, last.version)
    with pytest.raises(uc.GameOverError):
        state.apply(action, state.version)


def test_uc32_a_version_of_the_wrong_type_is_stale() -> None:
    """UC-32: only the state's own version (an int) is current; True or "0" are not."""
    state = uc.new_game(2, 1)
    draw = uc.Draw(1, 1)
    for wrong in (True, "0", 0.0, -1, 1):
        assert not state.is_legal(draw, wrong)  # type: ignore[arg-type]
        with pytest.raises(uc.StaleActionError):
            state.apply(draw, wrong)  # type: ignore[arg-type]
    assert state.apply(draw, 0) == state.apply(draw)


def test_uc32_each_lost_camper_choice_of_one_pass_applies_against_one_version() -> None:
    """UC-32, UC-18: all the secret choices of one pass are sent against the version the
    pass opened with, in any order; the version moves on once the pass resolves."""
    for order in ([0, 1, 2], [2, 0, 1], [1, 2, 0]):
        state = uc.from_position(["LostCamper B2 B3", "G3 G5", "Y4 Y6"], phase=uc.Phase.PLAY)
        state = play(state, "p0 play LostCamper")
        assert isinstance(state.pending, uc.PassChoice)
        opened = state.version
        choices = {0: "p0 pass B2", 1: "p1 pass G5", 2: "p2 pass Y6"}
        for seat in order:
            assert state.view(seat).version == opened
            state = state.apply(uc.parse_action(choices[seat]), opened)
        assert state.pending is None and state.version == opened + 1
        wanted = ("B3 Y6", "B2 G3", "Y4 G5")
        assert state.hands == tuple(tuple(sorted(uc.parse_cards(h))) for h in wanted)
        with pytest.raises(uc.StaleActionError):
            state.apply(uc.parse_action("p0 discard B3"), opened)


@given(players, seeds)
def test_uc32_choices_of_a_pass_in_random_games_share_the_version(players: int, seed: int) -> None:
    """UC-32: wherever a Lost Camper pass opens in a random game, every waiting seat's
    choice applies against the version the pass opened with."""
    rng = random.Random(seed)
    for state in random_walk(players, seed, 300):
        if not isinstance(state.pending, uc.PassChoice):
            continue
        opened, during = state.version, state
        while isinstance(during.pending, uc.PassChoice):
            seat = rng.choice(sorted(during.actors))
            during = during.apply(rng.choice(during.legal_actions(seat)), opened)
        assert during.version == opened + 1


@given(players, seeds)
def test_uc32_versions_survive_the_json_round_trip(players: int, seed: int) -> None:
    """UC-32: the version is carried in the JSON of states and views."""
    for state in random_walk(players, seed, 120)[::7]:
        assert uc.loads(uc.dumps(state)).version == state.version
        for seat in range(players):
            view = state.view(seat)
            assert uc.loads_view(uc.dumps(view)).version == view.version == state.version


@pytest.mark.parametrize(
    "sent", [10**5000, -(10**5000), "x" * 100_000], ids=["huge", "-huge", "text"]
)
def test_uc32_a_stale_version_too_long_to_print_is_a_typed_refusal(sent: object) -> None:
    """UC-32: a version no int conversion can print (past Python's 4300-digit limit) or a
    huge text is stale, refused with StaleActionError (a short message), never a plain
    ValueError; is_legal says False."""
    state = uc.new_game(2, 1)
    draw = uc.Draw(1, 1)
    assert not state.is_legal(draw, sent)  # type: ignore[arg-type]
    with pytest.raises(uc.StaleActionError) as caught:
        state.apply(draw, sent)  # type: ignore[arg-type]
    assert caught.value.sent == sent and caught.value.current == 0
    assert len(str(caught.value)) < 200


_FILLER = ["G3 Y4", "R5 B6", "Y7 G8", "B9 R10", "G11 Y12"]


def _window_views(
    players: int, holders: set[int], play: str, ask_everyone: bool
) -> dict[str, Any]:
    """Every seat's distinct views, in order, from p0's deniable play until its window
    closes with every asked player declining; holders hold a Bear Spray, the rest a
    filler card in its place (equal hand sizes)."""
    hands = ["Smores B2 B3 W"]
    for seat in range(1, players):
        first, second = _FILLER[seat - 1].split()
        hands.append(f"{'BearSpray' if seat in holders else first} {second}")
    config = uc.Config(ask_everyone=ask_everyone)
    deck = "R2 R3 R4 R6 R7 R8 R9 R11 R12 R13 B10 B11 B12"  # the top cards all draw
    state = uc.from_position(hands, deck=deck, phase=uc.Phase.PLAY, config=config)
    state = state.apply(uc.parse_action(play))
    states = [state]
    while isinstance(state.pending, uc.SprayWindow):
        state = state.apply(uc.Decline(min(state.actors)), state.version)
        states.append(state)
    seen: dict[int, list[object]] = {}
    for seat in range(players):
        if seat in holders:
            continue
        views: list[object] = []
        for s in states:
            view = s.view(seat)
            if not views or views[-1] != view:
                views.append(view)
        seen[seat] = views
    return {"views": seen, "version": states[-1].version}


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("ask_everyone", [False, True])
def test_uc14_uc32_the_version_does_not_count_who_is_asked_in_a_window(
    players: int, ask_everyone: bool
) -> None:
    """UC-14, UC-32, UC-23: the answers of one Bear Spray window share its version, so a
    seat without a spray sees the same views (version included) and the same final version
    however many of the others hold a Bear Spray, with holder-only windows as with
    ask_everyone; declines while the window still waits do not move the version."""
    import itertools

    others = range(1, players)
    for deniable in ("p0 play Smores",):
        outcomes = []
        for size in range(1, players):
            for holders in itertools.combinations(others, size):
                got = _window_views(players, set(holders), deniable, ask_everyone)
                outcomes.append((set(holders), got))
        for seat in (0, *others):
            per_seat = [got["views"][seat] for holders, got in outcomes if seat not in holders]
            assert all(v == per_seat[0] for v in per_seat), (seat, players)
            assert all(uc.dumps(v[-1]) == uc.dumps(per_seat[0][-1]) for v in per_seat)
        assert len({got["version"] for _, got in outcomes}) == 1
