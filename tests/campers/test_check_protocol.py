"""One check protocol (issue 12), as Karibou Camp's: ``_rules.why_illegal`` gives a
``Problem`` (error class, reason, ruling ID) or ``None``; ``is_legal`` answers from it and
``apply`` raises the error it names (UC-6 the gates, UC-32 a stale version)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _rules
from tests.campers.game_strategies import random_walk


def _candidates(states: list[uc.State], rng: random.Random) -> list[object]:
    """Actions listed somewhere in a walk (mostly illegal elsewhere: another phase, seat,
    hand or table), and a few that are no action or have fields of the wrong type."""
    listed = [a for s in states for seat in sorted(s.actors) for a in s.legal_actions(seat)]
    return [*rng.sample(listed, min(40, len(listed))), "p0 draw 1", uc.Draw(0, 1.0),  # type: ignore[arg-type]
            uc.Discard(True, uc.WILD), uc.Draw(9, 1)]


@settings(max_examples=12, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_uc6_uc32_is_legal_and_apply_read_why_illegal(players: int, seed: int) -> None:
    """UC-6, UC-32: over the states of a random game, for actions legal or not and for a
    current, stale, malformed or missing version, ``is_legal`` is ``why_illegal(...) is
    None``; ``apply`` of a legal action succeeds and of any other raises exactly the error
    class, reason and ruling of the Problem (a stale one with both versions)."""
    rng = random.Random(seed)
    states = random_walk(players, seed, 120)
    candidates = _candidates(states, rng)
    for state in states[::10]:
        for action in rng.sample(candidates, min(15, len(candidates))):
            for version in (None, state.version, state.version + 1, "v"):
                problem = _rules.why_illegal(state, action, version)
                assert state.is_legal(action, version) is (problem is None)  # type: ignore[arg-type]
                if problem is None:
                    state.apply(action, version)  # type: ignore[arg-type]
                    continue
                with pytest.raises(uc.IllegalActionError) as info:
                    state.apply(action, version)  # type: ignore[arg-type]
                error = info.value
                assert (type(error), error.reason, error.ruling) == problem
                if type(error) is uc.StaleActionError:
                    assert (error.sent, error.current) == (version, state.version)
