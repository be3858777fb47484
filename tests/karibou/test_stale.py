"""KC-17: stale actions. Every state and view carries a version that moves on with each
new exchange period (the reveal), each cleanup and each round, and only then; an action
sent against an older version is refused with StaleActionError and changes nothing."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import karibou_rules as kc
from tests.karibou.strategies import (
    BEAR,
    DUCK,
    ELK,
    MARMOT,
    SQUIRREL,
    C,
    P,
    V,
    position,
    short_states_st,
    states_st,
)


def five(*, revealed: bool = True) -> kc.State:
    """p0 holds a Duck family; p0, p1 Veterinarians, p2, p3 Photographers, p4 the Coyote."""
    return position(
        [V, V, P, P, C],
        ["Duck Duck Duck Duck Duck", "Bear Bear Elk Elk Scout",
         "Marmot Marmot Marmot Polecat Polecat", "Raccoon Raccoon Squirrel Squirrel Scout",
         "Elk Elk Bear Bear Marmot Polecat"],
        "Elk Squirrel Scout Raccoon",
        revealed=revealed,
    )  # fmt: skip


def stale(state: kc.State, action: kc.Action, sent: object) -> kc.StaleActionError:
    """Send an action against an old version: StaleActionError, the state unchanged."""
    before = kc.dumps(state)
    assert not state.is_legal(action, version=sent)  # type: ignore[arg-type]
    with pytest.raises(kc.StaleActionError) as caught:
        state.apply(action, version=sent)  # type: ignore[arg-type]
    error = caught.value
    assert isinstance(error, kc.IllegalActionError) and isinstance(error, kc.KaribouError)
    assert (error.action, error.sent, error.current) == (action, sent, state.version)
    assert error.ruling == "KC-17"
    assert f"version {sent!r}" in str(error) and f"version {state.version}" in str(error)
    assert str(error).startswith(f"stale action {action}:")
    assert kc.dumps(state) == before
    return error


def test_kc17_a_new_game_is_at_version_0_and_views_carry_the_version() -> None:
    """KC-17: a new game starts at version 0; the version is in the state's and every
    view's JSON, and survives the round trip."""
    state = kc.new_game(4, seed=3)
    assert state.version == 0
    state = state.apply(kc.Reveal(2))
    assert state.version == 1
    assert json.loads(kc.dumps(state))["state"]["version"] == 1
    assert kc.loads(kc.dumps(state)).version == 1
    for seat in range(4):
        view = state.view(seat)
        assert view.version == 1
        assert json.loads(kc.dumps(view))["view"]["version"] == 1
        assert kc.loads_view(kc.dumps(view)).version == 1


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (kc.PlacePawn(1, DUCK, 0), kc.PlacePawn(2, DUCK, 0)),  # claim, then accusation
        (kc.PlacePawn(2, DUCK, 0), kc.PlacePawn(1, DUCK, 0)),  # accusation, then claim
        (kc.PlacePawn(3, kc.ALL_ANIMALS, 0), kc.PlacePawn(4, DUCK, 0)),  # two accusations
        (kc.PlacePawn(4, DUCK, 0), kc.PlacePawn(1, kc.ALL_ANIMALS, 0)),
    ],
)
@pytest.mark.parametrize("revealed", [True, False])
def test_kc17_second_pawn_for_one_family_is_stale(
    first: kc.PlacePawn, second: kc.PlacePawn, revealed: bool
) -> None:
    """KC-17, KC-8: two players grab the one Giga-pawn for p0's family against the same
    version; the first ends and scores the round, the second is refused as stale (it is
    not applied to the next round, dealt and scored at once)."""
    state = five(revealed=revealed)
    sent = state.version
    assert state.is_legal(first, version=sent) and state.is_legal(second, version=sent)
    after = state.apply(first, version=sent)
    assert len(after.round_results) == 1 and after.version == sent + 1
    stale(after, second, sent)
    assert after.apply(kc.Sign(0, ELK), version=after.version).version == after.version


def test_kc17_late_sign_after_the_round_or_the_period_ended() -> None:
    """KC-17, KC-7: a sign sent during a round that has ended since (a pawn, a cleanup
    after passes or a Scout, a reveal) is stale; in the same period it applies."""
    state = five()
    sent = state.version
    assert state.apply(kc.Sign(3, BEAR), version=sent).signs[-1].player == 3
    stale(state.apply(kc.PlacePawn(1, DUCK, 0)), kc.Sign(3, BEAR), sent)
    passed = state
    for seat in range(5):
        passed = passed.apply(kc.Pass(seat), version=sent)
    assert passed.phase is kc.Phase.DEALT and passed.version == sent + 1
    stale(passed, kc.Sign(3, BEAR), sent)
    revealed = passed.apply(kc.Reveal(4), version=sent + 1)
    assert revealed.version == sent + 2
    stale(revealed, kc.Sign(3, BEAR), sent + 1)
    scout = state.apply(kc.PlayScout(1), version=sent)
    assert scout.version == sent  # the Scout stops the exchanges; the cleanup follows
    completed = scout.apply(kc.CompleteHand(1, kc.PILE), version=sent)
    assert completed.version == sent + 1
    stale(completed, kc.Sign(3, BEAR), sent)


def test_kc17_exchange_against_the_center_of_an_earlier_period() -> None:
    """KC-17, KC-4: an exchange sent against the center of an earlier period is stale
    after the cleanup and after the next reveal, even where the new center would allow
    it; against the current version it applies."""
    state = five()
    action = kc.Exchange(0, DUCK, SQUIRREL)
    sent = state.version
    cleaned = state
    for seat in (4, 3, 2, 1, 0):
        cleaned = cleaned.apply(kc.Pass(seat), version=sent)
    stale(cleaned, action, sent)
    # New centers until one holds a Squirrel again: the old exchange is still stale.
    for _ in range(40):
        revealed = cleaned.apply(kc.Reveal(2), version=cleaned.version)
        stale(revealed, action, sent)
        if revealed.is_legal(action):
            assert revealed.apply(action, version=revealed.version).version == revealed.version
            break
        cleaned = revealed
        for seat in range(5):
            cleaned = cleaned.apply(kc.Pass(seat))
    else:
        pytest.fail("no center with a Squirrel in 40 cleanups")


def test_kc17_two_exchanges_against_one_version_both_apply() -> None:
    """KC-17, KC-13: within one exchange period the order of arrival decides: two
    exchanges (and passes, signs, a Scout) sent against one version all apply while
    legal; an exchange that the first made impossible is illegal (KC-4), not stale."""
    state = five()
    sent = state.version
    after = state.apply(kc.Exchange(0, DUCK, ELK), version=sent)
    after = after.apply(kc.Exchange(2, MARMOT, SQUIRREL), version=sent)
    after = after.apply(kc.Pass(3), version=sent).apply(kc.Sign(4, BEAR), version=sent)
    assert after.version == sent
    assert after.hands[0] == kc.parse_cards("Duck Duck Duck Duck Elk")
    assert after.hands[2] == kc.parse_cards("Marmot Marmot Polecat Polecat Squirrel")
    # The only Squirrel went to p2: p1's exchange for it is illegal, not stale.
    with pytest.raises(kc.IllegalActionError) as caught:
        after.apply(kc.Exchange(1, BEAR, SQUIRREL), version=sent)
    assert not isinstance(caught.value, kc.StaleActionError)
    assert caught.value.ruling == "KC-4"
    assert after.apply(kc.PlayScout(1), version=sent).version == sent


def test_kc17_stale_comes_first_even_in_a_finished_game() -> None:
    """KC-17: a late action to a finished game is reported as stale; sent against the
    final version it is refused as the game being over (KC-11)."""
    state = kc.new_game(4, seed=5, config=kc.Config(winning_score=1))
    opponent = next(seat for seat in (1, 2) if seat != state.teammate(0))
    over = state.apply(kc.PlacePawn(0, DUCK, opponent))
    assert over.is_over and over.version == 1
    stale(over, kc.PlacePawn(3, DUCK, opponent), 0)
    stale(over, kc.Pass(9), 0)  # even for no seat: stale is checked first
    with pytest.raises(kc.GameOverError):
        over.apply(kc.Sign(1, DUCK), version=1)


@pytest.mark.parametrize("sent", [-1, True, False, 0.0, "0", None])
def test_kc17_any_other_version_is_stale(sent: object) -> None:
    """KC-17: a version other than the state's (negative, a bool, a float, text) is
    stale; ``version=None`` keeps the unversioned behaviour."""
    state = five()
    assert state.version == 0
    action = kc.Exchange(0, DUCK, ELK)
    if sent is None:
        assert state.apply(action, version=None) == state.apply(action)
        assert state.is_legal(action, version=None)
    else:
        stale(state, action, sent)
    assert state.apply(action, version=0) == state.apply(action)


@pytest.mark.parametrize("ahead", [1, 2, 10**30])
@pytest.mark.parametrize("revealed", [True, False])
def test_kc17_a_version_ahead_of_the_state_is_refused_as_such(ahead: int, revealed: bool
                                                              ) -> None:
    """KC-17: a version the state has not reached is no late action: FutureVersionError
    (not a StaleActionError), naming both versions, the state unchanged; also after a
    round, where the state is at version 1 and 2 is ahead."""
    for state in (five(revealed=revealed), _after_a_reveal(five(revealed=False))):
        action = kc.Reveal(0) if state.phase is kc.Phase.DEALT else kc.Exchange(0, DUCK, ELK)
        sent = state.version + ahead
        before = kc.dumps(state)
        assert not state.is_legal(action, version=sent)
        with pytest.raises(kc.FutureVersionError) as caught:
            state.apply(action, version=sent)
        error = caught.value
        assert not issubclass(type(error), kc.StaleActionError)
        assert isinstance(error, kc.IllegalActionError)
        assert (error.sent, error.current, error.ruling) == (sent, state.version, "KC-17")
        assert str(error) == (f"action ahead of the state {action}: sent against version "
                              f"{kc._errors.quote(sent)}, but the state is only at version "
                              f"{state.version} [KC-17]")
        assert kc.dumps(state) == before
        with pytest.raises(kc.FutureVersionError):
            state.apply_action_id(0, kc.action_id(action), version=sent)


def _after_a_reveal(state: kc.State) -> kc.State:
    return state.apply(kc.Reveal(0))


def _bumps(before: kc.State, action: kc.Action, after: kc.State) -> bool:
    """Whether the rules start a new period here: a reveal, a cleanup, a new round."""
    cleanup = after.phase is kc.Phase.DEALT and before.phase is not kc.Phase.DEALT
    new_round = len(after.round_results) > len(before.round_results)
    return isinstance(action, kc.Reveal) or cleanup or new_round


@given(st.integers(3, 7), st.integers(0, 2**32), st.sampled_from([0.0, 0.05, 0.3]))
def test_kc17_version_moves_on_exactly_at_reveal_cleanup_and_round(
    players: int, seed: int, pawn_rate: float
) -> None:
    """KC-17: along random play the version moves on by one at each reveal, cleanup and
    round end (the game's end included), and stays the same at every other action."""
    rng = random.Random(seed)
    state = kc.new_game(players, seed)
    for _ in range(300):
        if state.is_over:
            break
        options = state.legal_actions(rng.randrange(players))
        calm = [a for a in options if not isinstance(a, kc.PlacePawn)]
        action = rng.choice(options if rng.random() < pawn_rate else calm)
        after = state.apply(action, version=state.version)
        assert after.version == state.version + _bumps(state, action, after), action
        assert all(view.version == after.version for view in map(after.view, range(players)))
        state = after


@given(states_st | short_states_st, st.integers(0, 2**32), st.integers(1, 30))
def test_kc17_any_action_sent_with_an_older_version_is_refused(
    start: kc.State, seed: int, steps: int
) -> None:
    """KC-17: after random play, every action that was legal at an earlier version
    (and every action legal now) sent with an older version raises StaleActionError,
    is_legal says False, and the state is unchanged; sent with the current version it
    does exactly what an unversioned apply does."""
    rng = random.Random(seed)
    state = start
    sent: list[tuple[int, kc.Action]] = []
    for _ in range(steps):
        if state.is_over:
            break
        options = state.legal_actions(rng.randrange(state.num_players))
        sent += [(state.version, action) for action in rng.sample(options, min(4, len(options)))]
        state = state.apply(rng.choice(options))
    before = kc.dumps(state)
    now = [a for seat in range(state.num_players) for a in state.legal_actions(seat)]
    sent += [(version, action) for version in range(state.version) for action in now[:5]]
    for version, action in sent:
        if version == state.version:
            continue
        assert not state.is_legal(action, version=version)
        with pytest.raises(kc.StaleActionError):
            state.apply(action, version=version)
    assert kc.dumps(state) == before
    for action in now:
        assert state.is_legal(action, version=state.version)
        assert state.apply(action, version=state.version) == state.apply(action)
