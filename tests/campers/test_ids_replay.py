"""A known gap of the id space's build steps (issue 12, open): they share the version of the
state their build starts from, so that a build stays private (UC-23), and so a retransmitted
step of the same builder is not recognised as stale (UC-32). This test states the gap and
fails (strict xfail) once a fix lands, so that the note and this marker go with it."""

from __future__ import annotations

import random

import pytest

import campers_rules as uc


def _mid_build_with_a_repeatable_lay() -> tuple[uc.State, int, int]:
    """Seed 0, 3 players, random ids: the first build where one Lay id stays legal after
    it is laid (state, player, id)."""
    rng = random.Random(0)
    state = uc.new_game(3, 0)
    while not state.is_over:
        player = min(state.actors)
        ids = state.legal_action_ids(player)
        lays = [i for i in ids if isinstance(uc.action_from_id(player, i), uc.Lay)]
        if state.building and lays:
            after = state.apply_action_id(player, lays[0], version=state.version)
            if lays[0] in after.legal_action_ids(player):
                return state, player, lays[0]
        state = state.apply_action_id(player, ids[rng.randrange(len(ids))])
    raise AssertionError("no repeatable Lay in this game")


@pytest.mark.xfail(strict=True, reason="issue 12: build steps share their build's version, "
                   "so a retransmitted step is not stale (UC-32)")
def test_a_retransmitted_build_step_is_stale_uc32() -> None:
    """The same Lay sent twice with the version its sender saw: the second copy should be
    refused as stale."""
    state, player, lay = _mid_build_with_a_repeatable_lay()
    once = state.apply_action_id(player, lay, version=state.version)
    with pytest.raises(uc.StaleActionError):
        once.apply_action_id(player, lay, version=state.version)
