"""Issue 15, mutation round of ``karibou_rules/_results.py``: the pawn's refusals name
their reason in the words a caller reads (KC-8), and a round's record keeps the tile the
pawn went on (KC-10)."""

from __future__ import annotations

import pytest

import karibou_rules as kc

C = kc.Team.COYOTE


def _game(players: int, seed: int) -> kc.State:
    """A new game of that size and seed, its center revealed."""
    return kc.new_game(players, seed).apply(kc.Reveal(0))


def _reason(state: kc.State, action: kc.PlacePawn) -> str:
    """The reason of the refusal of an illegal pawn placement (state left alone)."""
    before = kc.dumps(state)
    with pytest.raises(kc.IllegalActionError) as caught:
        state.apply(action)
    assert caught.value.ruling == "KC-8" and kc.dumps(state) == before
    assert f"{caught.value.reason} [KC-8]" in str(caught.value)
    return caught.value.reason


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("seed", range(3))
def test_kc8_refusals_name_their_reason(players: int, seed: int) -> None:
    """KC-8: a team player naming himself, anyone naming the Coyote, and naming seat n or
    beyond are refused, each with its own reason, for every placer and tile."""
    state = _game(players, seed)
    teams = state.teams
    for player in range(players):
        for tile in kc.TILES:
            for named in range(players):
                action = kc.PlacePawn(player, tile, named)
                if named == player and teams[player] is not C:
                    expected = "a team player names a teammate, not himself"
                elif named != player and teams[named] is C:
                    expected = "nobody may accuse the Coyote"
                else:
                    assert state.is_legal(action)
                    continue
                assert _reason(state, action) == expected
            for named in (players, players + 1):
                reason = _reason(state, kc.PlacePawn(player, tile, named))
                assert reason == f"there is no seat p{named}"


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("seed", range(2))
def test_kc10_the_round_record_keeps_the_tile(players: int, seed: int) -> None:
    """KC-10, KC-12: the finished round's record names the tile the pawn was placed on,
    for every tile and every legal placement of seat 0."""
    state = _game(players, seed)
    pawns = [a for a in state.legal_actions(0) if isinstance(a, kc.PlacePawn)]
    assert {pawn.tile for pawn in pawns} == set(kc.TILES)
    for pawn in pawns:
        result = state.apply(pawn).round_results[-1]
        assert (result.tile, result.placed_by, result.named) == (pawn.tile, 0, pawn.named)
