"""Move generation under the z3 backend is a function of the state (issue 12, UC-7).

z3 meets the claims of a question in an order that depends on what the process asked it
before; the listing asks for every claim and keeps the first ``Config.claim_limit`` in a
canonical order, so the same state lists the same actions at every call, whatever was
asked in between, and lists the native backend's claims when neither is cut short.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _solving

HANDS = ["B4 Y4 R4 G4", "Y7 R7 G7 B7 W", "Y5 R5 G5 B5 Y6 Y7", "B3 B4 B5 B6 W Y9 R9 G9 W"]


def _claims(state: uc.State) -> list[uc.Claim]:
    return [a for a in state.legal_actions(state.turn) if isinstance(a, uc.Claim)]


@pytest.mark.parametrize("limit", [1, 2, 128])
@pytest.mark.parametrize("hand", HANDS)
def test_the_z3_listing_is_the_same_at_every_call_uc7(hand: str, limit: int) -> None:
    """UC-7: asked again, with other z3 questions in between, the same state lists the
    same claims in the same order, its first ``claim_limit`` ones included."""
    config = uc.Config(backend="z3", claim_limit=limit)
    state = uc.from_position([hand, "G3"], phase=uc.Phase.PLAY, config=config)
    first = state.legal_actions(0)
    assert any(isinstance(a, uc.Claim) for a in first)
    for other in HANDS:
        uc.solver.solve(uc.CATALOGUE[1].primitive, uc.parse_cards(other), backend="z3")
        list(uc.solver.claims(uc.CATALOGUE[2].primitive, uc.parse_cards(other),
                              backend="z3"))
        assert state.legal_actions(0) == first
        assert state.legal_action_ids(0) == sorted({uc.action_steps(a, config)[0] for a in first})


_POOL = [c for c in uc.FACES if c.number is not None and c.number <= 7] * 2 + [uc.WILD] * 4
"""The deck's copies of the low numbers and its wilds: hands of sets and short runs."""


@settings(max_examples=20, deadline=None)
@given(picks=st.lists(st.integers(0, len(_POOL) - 1), unique=True, min_size=3, max_size=7),
       limit=st.integers(1, 4))
def test_z3_lists_the_first_claims_in_canonical_order_of_the_native_ones_uc7(
        picks: list[int], limit: int) -> None:
    """UC-7: with every claim listed, z3 and native list the same claims of each
    campsite; with ``claim_limit`` k, z3 lists the k first of them in the canonical order."""
    hand = tuple(sorted(_POOL[i] for i in picks))
    for face in uc.CATALOGUE[:6]:
        native = _solving.claims(hand, face, "native", 10_000)
        z3 = _solving.claims(hand, face, "z3", 10_000)
        assert sorted(native, key=_key) == list(z3)
        assert _solving.claims(hand, face, "z3", limit) == z3[:limit]


def _key(groups: tuple[uc.Group, ...]) -> tuple[tuple[int, tuple[uc.Placed, ...]], ...]:
    return _solving._claim_key(uc.solver.Claim(groups))
