"""One deadline for a whole call of a game under the z3 backend (issue 27).

Under ``Config(backend="z3")`` a call may ask z3 several questions; ``Config.z3_deadline_ms``
bounds them all together, and past it the call raises ``DeadlineError`` (a
``SolverTimeoutError``, a ``CampersError``) and the state is as it was. The tests use a
small deadline and huge hands, and check the error's type, never the time taken.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

import campers_rules as uc
from campers_rules._config import DEFAULT_Z3_DEADLINE_MS, MAX_Z3_DEADLINE_MS
from campers_rules.solver import SolverTimeoutError

_NATURALS = [c for c in uc.DECK if c.is_natural]
SHORT = 500
"""A deadline (ms) that z3 cannot list a 40-card hand's claims within."""
Z3 = ("native", "z3")


def _big_hand_game(seed: int, size: int, deadline_ms: int = SHORT) -> uc.State:
    """A z3 game whose turn player holds ``size`` seeded numbered cards, in the play phase."""
    cards = random.Random(seed).sample(_NATURALS, size + 2)
    config = uc.Config(backend="z3", z3_deadline_ms=deadline_ms)
    return uc.from_position([uc.format_cards(cards[:size]), uc.format_cards(cards[size:])],
                            phase=uc.Phase.PLAY, config=config)


@pytest.mark.parametrize(("seed", "size"), [(1, 40), (2, 40), (3, 36), (4, 44)])
def test_uc7_a_z3_listing_past_its_deadline_is_a_typed_error_and_the_state_stays(
        seed: int, size: int) -> None:
    """UC-7 under z3: listing a huge hand's moves (claims of every campground campsite)
    raises DeadlineError once the call's deadline passes, from ``legal_actions``,
    ``legal_action_ids`` and the seat's view alike; the state is unchanged and the next
    call is given the whole deadline again (it raises the same error, not at once for a
    deadline left over)."""
    state = _big_hand_game(seed, size)
    before = uc.dumps(state)
    calls: list[Callable[[], object]] = [
        lambda: state.legal_actions(0), lambda: state.legal_action_ids(0),
        lambda: state.view(0).legal_actions(), lambda: state.view(0).legal_action_ids()]
    for call in calls:
        with pytest.raises(uc.DeadlineError, match="z3_deadline_ms") as raised:
            call()
        assert isinstance(raised.value, SolverTimeoutError)
        assert isinstance(raised.value, uc.CampersError)
        assert uc.dumps(state) == before
    assert state == uc.loads(before, backends=Z3)


def test_uc7_a_build_step_past_the_deadline_is_a_typed_error_and_the_state_stays() -> None:
    """UC-7, UC-32 under z3: a build step whose check lists a huge hand's claims
    (start claiming a campground campsite, by id) raises DeadlineError from ``apply``,
    ``apply_action_id`` and ``is_legal``; the state is unchanged."""
    state = _big_hand_game(5, 40)
    before = uc.dumps(state)
    step = uc.StartClaim(0, state.campground[0])
    step_id = uc.action_id(step, state.config)
    for call in (lambda: state.apply(step), lambda: state.is_legal(step),
                 lambda: state.apply_action_id(0, step_id)):
        with pytest.raises(uc.DeadlineError):
            call()
        assert uc.dumps(state) == before


def test_uc7_the_deadline_ends_with_its_call() -> None:
    """UC-7 under z3: a call that ran out of time leaves no deadline behind: the next call
    of a small hand, in another game of the same options, lists its moves (the same as
    the native backend's, in z3's canonical order)."""
    with pytest.raises(uc.DeadlineError):
        _big_hand_game(6, 40).legal_actions(0)
    config = uc.Config(backend="z3", z3_deadline_ms=SHORT * 20)
    small = uc.from_position(["B4 Y4 R4 G4 W", "G3"], phase=uc.Phase.PLAY, config=config)
    native = uc.from_position(["B4 Y4 R4 G4 W", "G3"], phase=uc.Phase.PLAY)
    listed = small.legal_actions(0)
    assert set(listed) == set(native.legal_actions(0))
    assert any(isinstance(a, uc.Claim) for a in listed)


@pytest.mark.parametrize("seed", [1, 2])
def test_uc7_the_native_backend_ignores_the_deadline(seed: int) -> None:
    """UC-7: the native backend counts steps, not time: the shortest deadline changes
    none of its listings (a huge hand's included), so they stay the same on every
    machine."""
    hand = uc.format_cards(random.Random(seed).sample(_NATURALS, 40))
    quick = uc.from_position([hand, "G3"], phase=uc.Phase.PLAY,
                             config=uc.Config(z3_deadline_ms=1))
    plain = uc.from_position([hand, "G3"], phase=uc.Phase.PLAY)
    assert quick.legal_actions(0) == plain.legal_actions(0)
    assert quick.legal_action_ids(0) == plain.legal_action_ids(0)


@pytest.mark.parametrize("bad", [0, -1, MAX_Z3_DEADLINE_MS + 1, True, False, 2.5, "5000",
                                 None, 10**100])
def test_the_deadline_option_is_an_int_in_its_documented_range(bad: object) -> None:
    """Config: ``z3_deadline_ms`` is an int from 1 to MAX_Z3_DEADLINE_MS, a bool refused,
    as every number of the options; refused as the package's error, naming the field."""
    with pytest.raises(uc.CampersError, match="z3_deadline_ms"):
        uc.Config(z3_deadline_ms=bad)  # type: ignore[arg-type]
    assert uc.Config(z3_deadline_ms=1).z3_deadline_ms == 1
    assert uc.Config(z3_deadline_ms=MAX_Z3_DEADLINE_MS).z3_deadline_ms == MAX_Z3_DEADLINE_MS
    assert uc.Config().z3_deadline_ms == DEFAULT_Z3_DEADLINE_MS


@pytest.mark.parametrize(("backend", "deadline_ms"),
                         [("z3", 1), ("z3", 750), ("native", 12_345), ("z3", MAX_Z3_DEADLINE_MS)])
def test_uc23_a_deadline_is_saved_and_read_back(backend: str, deadline_ms: int) -> None:
    """UC-23: a state or view with a deadline other than the default writes it, and
    ``loads`` / ``loads_view`` read it back: the same state, the same document again."""
    config = uc.Config(backend=backend, z3_deadline_ms=deadline_ms)  # type: ignore[arg-type]
    state = uc.new_game(3, 4, config)
    state = state.apply(state.legal_actions(state.turn)[0])
    text = uc.dumps(state)
    assert json.loads(text)["state"]["config"]["z3_deadline_ms"] == deadline_ms
    again = uc.loads(text, backends=Z3)
    assert again == state and again.config.z3_deadline_ms == deadline_ms
    assert uc.dumps(again) == text
    view = state.view(1)
    assert uc.loads_view(uc.dumps(view), backends=Z3) == view


@pytest.mark.parametrize("seed", [1, 7])
def test_uc23_a_default_deadline_is_not_written_and_older_documents_load(seed: int) -> None:
    """UC-23: a document written before the option (no ``z3_deadline_ms``) loads with the
    default, and a state of default options writes no such key, so its document is the
    same as before the option (the golden games' hashes stay)."""
    state = uc.new_game(4, seed)
    state = state.apply(state.legal_actions(state.turn)[0])
    document = json.loads(uc.dumps(state))
    assert "z3_deadline_ms" not in document["state"]["config"]
    loaded = uc.loads(json.dumps(document))
    assert loaded == state and loaded.config.z3_deadline_ms == DEFAULT_Z3_DEADLINE_MS
    document["state"]["config"]["z3_deadline_ms"] = DEFAULT_Z3_DEADLINE_MS
    assert uc.dumps(uc.loads(json.dumps(document))) == uc.dumps(state)


@pytest.mark.parametrize("bad", [True, "900", 0, 2.5, None, [1000]])
def test_uc23_a_bad_deadline_in_a_document_is_refused(bad: object) -> None:
    """UC-23: a document whose ``z3_deadline_ms`` is not an int in range is refused with
    the package's typed error, never loaded."""
    document = json.loads(uc.dumps(uc.new_game(3, 2)))
    document["state"]["config"]["z3_deadline_ms"] = bad
    with pytest.raises(uc.SerializationError):
        uc.loads(json.dumps(document))
