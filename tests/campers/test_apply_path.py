"""The apply path's shortcuts behave exactly like the plain computation (issues 5, 10).

``apply`` always checks: no action, listed or not, skips the full check (issue 10 removed
the identity memo of the last listing).
"""

from __future__ import annotations

import inspect
import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given

import campers_rules as uc
from campers_rules import _rules
from campers_rules._checks import Problem
from tests.campers.game_strategies import players, random_walk, seeds

_COMPILED = not _rules.__file__.endswith(".py")
"""Compiled, ``_rules`` calls its families' checks directly: a replaced module attribute
is not seen there, so the spies below watch the pure build (the suite runs in both)."""


def _spying(seen: list[object]) -> Callable[[uc.State, Any, type[Any]], Problem | None]:
    """``_rules._check`` (the family checks the full check ends with), noting each action."""
    plain = _rules._check

    def spy(state: uc.State, action: Any, kind: type[Any]) -> Problem | None:
        seen.append(action)
        return plain(state, action, kind)

    return spy


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """The actions ``apply`` sends through the full check, in order (pure build)."""
    if _COMPILED:
        pytest.skip("compiled callers do not see a replaced module attribute: no spy")
    seen: list[object] = []
    monkeypatch.setattr(_rules, "_check", _spying(seen))
    yield seen


def _play_state(seed: int = 3) -> uc.State:
    state = uc.new_game(4, seed)
    return state.apply(state.legal_actions(state.turn)[0])


def test_a_listed_action_object_is_checked(checks: list[object]) -> None:
    """No check is ever skipped: the very object ``legal_actions`` listed is checked too."""
    state = _play_state()
    checks.clear()  # the draw that made the state
    action = state.legal_actions(state.turn)[-1]
    state.apply(action)
    assert checks == [action]


def test_a_listed_action_changed_in_place_is_refused() -> None:
    """UC-6: a listed Discard changed in place to a card not in hand is refused, not applied.

    The old memo applied it by identity: the hand lost a card it did not name.
    """
    state = _play_state()
    listed = state.legal_actions(state.turn)
    discard = next(a for a in listed if isinstance(a, uc.Discard))
    absent = next(c for c in uc.FACES if c not in state.hands[state.turn])
    before = uc.dumps(state)
    original = discard.card
    object.__setattr__(discard, "card", absent)  # the listed objects are shared: restore
    try:
        assert not state.is_legal(discard)
        with pytest.raises(uc.IllegalActionError, match="not in hand"):
            state.apply(discard)
    finally:
        object.__setattr__(discard, "card", original)
    assert uc.dumps(state) == before


def test_an_equal_action_built_separately_is_checked(checks: list[object]) -> None:
    state = _play_state()
    checks.clear()  # the draw that made the state
    listed = state.legal_actions(state.turn)[-1]
    twin = attrs.evolve(listed)
    assert twin == listed and twin is not listed
    assert state.apply(twin) == state.apply(listed)
    assert checks == [twin, listed]


def test_a_listed_action_of_another_state_object_is_checked(checks: list[object]) -> None:
    state = _play_state()
    checks.clear()  # the draw that made the state
    copy = uc.loads(uc.dumps(state))
    assert copy == state and copy is not state
    action = state.legal_actions(state.turn)[-1]
    assert copy.apply(action) == state.apply(action)
    assert checks == [action, action]


def test_an_action_listed_for_an_earlier_state_is_still_rejected() -> None:
    """UC-6: a discard listed in the play phase is refused once the turn has moved on."""
    state = _play_state()
    discard = state.legal_actions(state.turn)[-1]
    assert isinstance(discard, uc.Discard)
    after = state.apply(discard)
    after.legal_actions(after.turn)
    with pytest.raises(uc.NotYourTurnError):
        after.apply(discard)


def test_changing_the_returned_list_does_not_let_an_action_skip_the_check() -> None:
    """UC-6: an action smuggled into the caller's list is checked and refused."""
    state = _play_state()
    legal = state.legal_actions(state.turn)
    absent = next(c for c in uc.FACES if c not in state.hands[state.turn])
    smuggled = uc.Discard(state.turn, absent)
    legal.append(smuggled)
    legal[0] = smuggled
    with pytest.raises(uc.IllegalActionError, match="not in hand"):
        state.apply(smuggled)
    assert state == _play_state()


def test_an_equal_action_with_a_bool_seat_is_still_refused() -> None:
    """UC-6: ``Discard(True, card)`` equals ``Discard(1, card)`` but a bool is no seat."""
    state = _play_state()
    assert state.turn == 1
    listed = state.legal_actions(1)[-1]
    assert isinstance(listed, uc.Discard)
    forged = uc.Discard(True, listed.card)
    assert forged == listed
    with pytest.raises(uc.SeatError, match="there is no seat True"):
        state.apply(forged)


@given(players, seeds)
def test_apply_checks_every_listed_action(players: int, seed: int) -> None:
    """No check is ever skipped: each listed action applied goes through the full check
    once, and gives the state the same action gives on a fresh copy of the state."""
    rng = random.Random(seed)
    for state in random_walk(players, seed, 80)[::4]:
        for actor in sorted(state.actors):
            listed = state.legal_actions(actor)
            for action in rng.sample(listed, min(4, len(listed))):
                seen: list[object] = []
                plain = _rules._check
                _rules._check = _spying(seen)  # type: ignore[assignment]
                try:
                    after = state.apply(action)
                finally:
                    _rules._check = plain
                assert seen == ([] if _COMPILED else [action])
                assert after == uc.loads(uc.dumps(state)).apply(action)


def test_rules_keep_no_listing_memo() -> None:
    """No check is ever skipped: ``_rules`` keeps no record of what it listed."""
    assert not hasattr(_rules, "_listed") and not hasattr(_rules, "was_listed")


@given(players, seeds)
def test_the_discards_listed_are_one_per_face_in_hand_in_order(players: int, seed: int) -> None:
    """UC-6: the play phase ends with one discard per distinct face in hand, hand order."""
    for state in random_walk(players, seed, 60):
        if state.phase is not uc.Phase.PLAY or state.pending is not None:
            continue
        listed = [a for a in state.legal_actions(state.turn) if isinstance(a, uc.Discard)]
        hand = state.hands[state.turn]
        assert listed == [uc.Discard(state.turn, card) for card in sorted(set(hand))]
        assert listed == state.legal_actions(state.turn)[-len(listed) :]


FAST_INIT = (uc.AddCard, uc.AddGroup, uc.Squat, uc.SwapWild, uc.BearAttack)
"""The action classes whose ``__init__`` fills the slots through ``slot_setters``."""


@pytest.mark.parametrize("kind", FAST_INIT)
def test_fast_action_init_fills_each_field_with_its_own_argument(kind: type[Any]) -> None:
    names = [field.name for field in attrs.fields(kind)]
    assert list(inspect.signature(kind.__init__).parameters)[1:] == names
    values = [object() for _ in names]
    by_position = kind(*values)
    by_name = kind(**dict(zip(names, values, strict=True)))
    for action in (by_position, by_name):
        assert all(getattr(action, n) is v for n, v in zip(names, values, strict=True))
    assert by_position == by_name and hash(by_position) == hash(by_name)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        by_position.player = 0


@given(players, seeds)
def test_fast_init_actions_round_trip(players: int, seed: int) -> None:
    """Listed actions of those classes survive evolve, pickling and their text form."""
    for state in random_walk(players, seed, 60)[::3]:
        for actor in state.actors:
            for action in state.legal_actions(actor):
                if isinstance(action, FAST_INIT):
                    assert attrs.evolve(action) == action
                    assert pickle.loads(pickle.dumps(action)) == action
                    assert uc.parse_action(str(action)) == action


def _laid_group(action: uc.Action | uc.Step) -> uc.Group:
    """The group a claim or a new group lays, or the last one a rearrangement lays."""
    if isinstance(action, uc.Rearrange):
        return action.layout[-1][1][-1]
    if isinstance(action, uc.Claim):
        return action.groups[0]
    assert isinstance(action, uc.AddGroup)
    return action.cards


def _rewrite(group: uc.Group, like: uc.Group) -> None:
    """Change a frozen group in place into another one (a hostile in-process caller)."""
    import attrs

    for field in attrs.fields(type(group)):
        object.__setattr__(group, field.name, getattr(like, field.name))


@pytest.mark.parametrize(
    ("hands", "table", "good", "bad"),
    [
        (["B5 Y5 R5 G9 B2 B7", "G3 Y4"], None,
         "p0 claim c05 [SET B5 Y5 R5]", "p0 claim c05 [SET B5 B2 B7]"),
        (["B5 Y5 R5 G9 B2 B7", "G3 Y4"], [[(4, ["SET G9 Y9 R9"])], []],
         "p0 group c05 [SET B5 Y5 R5]", "p0 group c05 [SET B5 B2 B7]"),
        (["B5 Y5 R5 G9 B2 B7", "G3 Y4"], [[(4, ["SET G8 Y8 R8"])], []],
         "p0 rearrange c05 [SET G8 Y8 R8] [SET B5 Y5 R5]",
         "p0 rearrange c05 [SET G8 Y8 R8] [SET B5 B2 B7]"),
    ],
)
def test_uc4_a_group_changed_in_place_after_a_check_is_checked_again(
    hands: list[str], table: list[list[tuple[int, list[str]]]] | None, good: str, bad: str
) -> None:
    """UC-4, issue 10 (apply always checks): a claim, new group or rearrangement whose
    group passed a check, then was changed in place into an invalid one, is refused by
    is_legal and apply alike: no memo of an earlier check stands in for the check."""
    groups_table = None
    if table is not None:
        groups_table = [
            [(site, [uc.Group.parse(g) for g in groups]) for site, groups in row]
            for row in table
        ]
    state = uc.from_position(hands, phase=uc.Phase.PLAY, table=groups_table)
    action = uc.parse_action(good)
    assert state.is_legal(action)
    state.apply(action)  # the check has now seen these very objects
    bad_action = uc.parse_action(bad)
    assert not state.is_legal(bad_action)
    _rewrite(_laid_group(action), _laid_group(bad_action))
    assert str(action) == str(bad_action)
    assert not state.is_legal(action)
    with pytest.raises(uc.IllegalActionError):
        state.apply(action)


@given(players, seeds)
def test_a_listed_action_is_refused_once_its_card_has_left_the_hand(players: int, seed: int
                                                                     ) -> None:
    """``apply`` always checks, in both builds and without a spy: a discard listed at a
    state, sent to the same position less the card it discards (an evolved copy, which
    carries nothing of the listing), is refused with the typed error and leaves that
    state as it was; the very object listed, not a copy of it."""
    refused = 0
    for state in random_walk(players, seed, 60):
        for actor in sorted(state.actors):
            for action in state.legal_actions(actor):
                if type(action) is not uc.Discard:  # its card comes from the hand
                    continue
                card = action.card
                hands = list(state.hands)
                hands[actor] = tuple(held for held in hands[actor] if held != card)
                stripped = attrs.evolve(state, hands=tuple(hands))
                before = uc.dumps(stripped)
                assert not stripped.is_legal(action)
                with pytest.raises(uc.IllegalActionError):
                    stripped.apply(action)
                assert uc.dumps(stripped) == before
                refused += 1
    assert refused > 0
