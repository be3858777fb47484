"""One error per kind of mistake (issue 28, UC-2, KC-2): a bad seat or a bad player count
raises the same typed error from every public callable of both packages.

The rule, for both games:

* a **seat** given to a callable (the seat that asks, acts, or is asked about:
  ``legal_actions``, ``view``, ``apply`` of an action by that seat, the ids, Karibou's
  ``family``, ``teammate``, ``next_actor``'s waiting seats, a round summary's seat and a
  sign's signer) that is no seat of the game
  (out of range, or not an int: a bool, a str, ``None``) raises :class:`SeatError`, a
  :class:`NotYourTurnError` as acting from no seat always was, naming the value;
* a **player count** no game has raises :class:`PositionError` wherever it is given;
* a seat *inside a described position* (``from_position``'s turn or dealer) is part of that
  position and is refused with the position (:class:`PositionError`), and an action field
  naming *another* seat (a squat's owner, the pawn's named seat) is refused by the rule
  that field belongs to (UC-2, UC-17, KC-8): neither is tested here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import campers_rules as uc
import karibou_rules as kc

BAD = [99, -1, None, True, False, "1", 1.0]
"""Values that are no seat and no player count of any game."""

_UC = uc.new_game(players=4, seed=3)
_KC = kc.new_game(players=5, seed=3)
_KC_ROUND = kc.play_game(_KC, [kc.RandomBot()] * 5, seed=1).round_results[0]

SEATS: dict[str, tuple[Any, Callable[[Any], object]]] = {
    "uc.State.legal_actions": (uc, _UC.legal_actions),
    "uc.State.legal_action_ids": (uc, _UC.legal_action_ids),
    "uc.State.apply_action_id": (uc, lambda seat: _UC.apply_action_id(seat, 0)),
    "uc.State.view": (uc, _UC.view),
    "uc.State.owner_sites": (uc, _UC.owner_sites),
    "uc.State.apply": (uc, lambda seat: _UC.apply(uc.Draw(seat, 1))),
    "uc.action_from_id": (uc, lambda seat: uc.action_from_id(seat, 0)),
    "kc.State.legal_actions": (kc, _KC.legal_actions),
    "kc.State.legal_action_ids": (kc, _KC.legal_action_ids),
    "kc.State.apply_action_id": (kc, lambda seat: _KC.apply_action_id(seat, 0)),
    "kc.State.view": (kc, _KC.view),
    "kc.State.family": (kc, _KC.family),
    "kc.State.teammate": (kc, _KC.teammate),
    "kc.State.apply": (kc, lambda seat: _KC.apply(kc.Pass(seat))),
    "kc.action_from_id": (kc, lambda seat: kc.action_from_id(seat, 0)),
    "kc.next_actor": (kc, lambda seat: kc.next_actor(_KC, random.Random(0), frozenset([seat]))),
    "kc.RoundSummary.of": (kc, lambda seat: kc.RoundSummary.of(_KC_ROUND, seat)),
    "kc.NoticingModel.draw": (kc, lambda seat: kc.NoticingModel().draw(_KC.teams, seat,
                                                                     random.Random(0))),
}
"""Every public callable taking a seat, called with one."""

COUNTS: dict[str, tuple[Any, Callable[[Any], object]]] = {
    "uc.new_game": (uc, lambda players: uc.new_game(players, seed=1)),
    "uc.num_distinct_actions": (uc, uc.num_distinct_actions),
    "uc.max_legal_ids": (uc, uc.max_legal_ids),
    "uc.seat_bots": (uc, lambda players: uc.seat_bots(["random"], players, 0)),
    "uc.simulate": (uc, lambda players: list(uc.simulate(1, players))),
    "kc.new_game": (kc, lambda players: kc.new_game(players, seed=1)),
    "kc.num_distinct_actions": (kc, kc.num_distinct_actions),
    "kc.max_legal_ids": (kc, kc.max_legal_ids),
    "kc.seat_bots": (kc, lambda players: kc.seat_bots(["random"], players, 0)),
    "kc.simulate": (kc, lambda players: list(kc.simulate(1, players))),
    "kc.round_endings": (kc, lambda players: kc.round_endings(1, players)),
    "kc.endings_table": (kc, lambda players: kc.endings_table(1, players=[players])),
    "kc.team_cards": (kc, kc.team_cards),
    "kc.center_size": (kc, kc.center_size),
}
"""Every public callable taking a player count, called with one."""


@pytest.mark.parametrize("seat", [*BAD, "players", 10**6], ids=repr)
@pytest.mark.parametrize("name", SEATS)
def test_uc2_kc2_a_bad_seat_is_a_seat_error_everywhere(name: str, seat: object) -> None:
    """UC-2, KC-2: every callable taking a seat refuses a value that is no seat of this
    game (``"players"`` stands for the player count, the first seat past the table, which
    ``action_from_id``, of no game in particular, cannot know) with SeatError, which
    names the value, cites the ruling and is a NotYourTurnError."""
    package, call = SEATS[name]
    if seat == "players":
        if name.endswith("action_from_id"):
            return
        seat = (_UC if package is uc else _KC).num_players
    with pytest.raises(package.SeatError) as caught:
        call(seat)
    assert isinstance(caught.value, package.NotYourTurnError)
    assert f"there is no seat {seat!r}" in str(caught.value)
    assert caught.value.ruling == ("UC-2" if package is uc else "KC-2")


@pytest.mark.parametrize("name", SEATS)
def test_uc2_kc2_every_seat_is_answered(name: str) -> None:
    """UC-2, KC-2: the same callables answer for every seat of the game (none of them
    refuses a real seat as none): each returns, or refuses only as the rules refuse a
    seat that may not act now."""
    package, call = SEATS[name]
    for seat in range((_UC if package is uc else _KC).num_players):
        try:
            call(seat)
        except package.SeatError:
            pytest.fail(f"{name}({seat}) says seat {seat} is no seat")
        except package.IllegalActionError:
            pass  # a real seat that may not act now, or an id it may not use


@pytest.mark.parametrize("players", [*BAD, 0, 1, 2, 7, 8, 10**6], ids=repr)
@pytest.mark.parametrize("name", COUNTS)
def test_uc2_kc2_a_bad_player_count_is_a_position_error_everywhere(
    name: str, players: object
) -> None:
    """UC-2 (2 to 6 players), KC-2 (3 to 7): every callable taking a player count refuses
    one no game has with PositionError naming it; the counts the games have pass."""
    package, call = COUNTS[name]
    valid = range(2, 7) if package is uc else range(3, 8)
    if type(players) is int and players in valid:
        call(players)
        return
    with pytest.raises(package.PositionError) as caught:
        call(players)
    assert repr(players) in str(caught.value)


@pytest.mark.parametrize("team", [*BAD, 0, "Coyote"], ids=repr)
def test_kc3_hand_size_of_no_team_card_is_refused(team: object) -> None:
    """KC-3: ``hand_size`` takes a team card; a seat, a count or a name is refused with
    PositionError, not answered 5."""
    with pytest.raises(kc.PositionError):
        kc.hand_size(team)  # type: ignore[arg-type]
    assert [kc.hand_size(t) for t in kc.Team] == [6 if t is kc.Team.COYOTE else 5
                                                  for t in kc.Team]


@pytest.mark.parametrize("rng", [None, 0, "seed", random])
def test_kc13_next_actor_refuses_what_is_no_random_generator(rng: object) -> None:
    """KC-13: ``next_actor`` picks with the generator it is given; anything else is a
    KaribouError, not an AttributeError; so is a table where every seat waits."""
    with pytest.raises(kc.KaribouError):
        kc.next_actor(_KC, rng)  # type: ignore[arg-type]
    with pytest.raises(kc.KaribouError):
        kc.next_actor(_KC, random.Random(0), frozenset(range(5)))
    assert kc.next_actor(_KC, random.Random(0), frozenset(range(4))) == 4
