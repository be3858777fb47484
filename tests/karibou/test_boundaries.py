"""Issue 15: the boundaries of seat ranges and of the game's end, each pinned by a test
that fails if the bound moves by one (seat -1 is not the last seat, seat n is no seat,
a game that reached the winning score does not go on)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import karibou_rules as kc

DUCK = kc.Card.DUCK


def _game(players: int, seed: int) -> kc.State:
    """A new game with its center revealed and a sign by every seat."""
    state = kc.new_game(players, seed).apply(kc.Reveal(0))
    for seat in range(players):
        state = state.apply(kc.Sign(seat, kc.SPECIES[seat]))
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("seed", range(4))
def test_kc8_a_pawn_names_no_seat_outside_0_to_n_minus_1(players: int, seed: int) -> None:
    """KC-8, KC-2: naming seat -1 (or any negative number) is not naming the last seat,
    and naming seat n or beyond is no seat: is_legal says False without raising, apply
    raises IllegalActionError [KC-8] and leaves the state alone, for every placer and
    tile; the listed placements name seats 0..n-1 only."""
    state = _game(players, seed)
    before = kc.dumps(state)
    for player in range(players):
        for tile in kc.TILES:
            for named in (-1, -2, -players, -players - 1, players, players + 1, 99):
                action = kc.PlacePawn(player, tile, named)
                assert not state.is_legal(action)
                with pytest.raises(kc.IllegalActionError) as caught:
                    state.apply(action)
                assert caught.value.ruling == "KC-8" and "no seat" in caught.value.reason
        listed = {a.named for a in state.legal_actions(player) if isinstance(a, kc.PlacePawn)}
        assert listed <= set(range(players))
    assert kc.dumps(state) == before


def _finished(players: int, seed: int) -> kc.State:
    rng = random.Random(seed)
    state = kc.new_game(players, seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions(rng.randrange(players))))
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("seed", range(3))
def test_kc11_a_game_does_not_go_on_once_someone_reached_the_winning_score(
    players: int, seed: int
) -> None:
    """KC-11: a finished game whose last round started with someone already at exactly
    the winning score (9) went on past its end, and loads refuses it; one that started
    the last round with that seat at 8 is the ordinary end and loads."""
    over = _finished(players, seed)
    last = over.round_results[-1].points
    seat = last.index(0)  # every round leaves someone without points
    for score, loads in ((over.config.winning_score, False), (over.config.winning_score - 1, True)):
        document = json.loads(kc.dumps(over))
        document["state"]["scores"][seat] = score
        text = json.dumps(document)
        if loads:
            assert kc.loads(text).scores[seat] == score
        else:
            with pytest.raises(kc.SerializationError, match="went on after its end"):
                kc.loads(text)


def _with_sign_by(document: dict[str, Any], key: str, seat: int) -> str:
    document = json.loads(json.dumps(document))
    document[key]["signs"][0]["player"] = seat
    return json.dumps(document)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_kc7_a_sign_by_no_seat_does_not_load(players: int) -> None:
    """KC-7, KC-2: a state or view whose sign was made by seat -1 or seat n (no seat)
    is refused by loads and loads_view; a sign by seat 0 or n-1 loads."""
    state = _game(players, 1)
    for key, reader, obj in (("state", kc.loads, state), ("view", kc.loads_view, state.view(1))):
        document = json.loads(kc.dumps(obj))
        for seat in (-1, players, -players):
            with pytest.raises(kc.SerializationError, match="a sign by no seat"):
                reader(_with_sign_by(document, key, seat))
        for seat in (0, players - 1):
            if key == "state":
                document[key]["signs"][0]["noticed_by"] = [
                    s for s in range(players) if s != seat
                ]
            assert reader(_with_sign_by(document, key, seat)).signs[0].player == seat
