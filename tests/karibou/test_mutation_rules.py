"""Issue 15, mutation round of ``karibou_rules/_rules.py``: every refusal names its
reason and ruling in the words a caller reads, and each action changes only what its
rule says (the seed, the options, the chance counter and the version follow KC-6, KC-17).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import karibou_rules as kc
from tests.karibou.strategies import BEAR, DUCK, ELK, SCOUT, SQUIRREL, C, V, position, rest_of_deck

HANDS = ["Duck Duck Duck Duck Elk", "Bear Bear Elk Elk Scout",
         "Marmot Marmot Marmot Polecat Polecat Raccoon"]  # fmt: skip
CENTER = "Duck Squirrel Scout"


def three(**options: Any) -> kc.State:
    """p0 and p1 are Veterinarians, p2 the Coyote; p1 holds a Scout."""
    return position([V, V, C], HANDS, CENTER, **options)


def over() -> kc.State:
    """A finished game: p0's wrong claim on p1 brings the Coyote from 8 to 9 points."""
    return three(scores=[0, 0, 8]).apply(kc.PlacePawn(0, DUCK, 1))


def seeded(seed: int, *, empty_pile: bool = False) -> kc.State:
    """The position of :func:`three` with that seed; with ``empty_pile`` every other
    card is discarded, else it forms the pile."""
    hands = [kc.parse_cards(hand) for hand in HANDS]
    center = kc.parse_cards(CENTER)
    rest = rest_of_deck(*hands, center)
    pile, discard = ((), rest) if empty_pile else (rest, ())
    return kc.from_position([V, V, C], hands, center, pile, discard, seed=seed)


EXCHANGE = three
DEALT = lambda: three(revealed=False)  # noqa: E731
SCOUTING = lambda: three().apply(kc.PlayScout(1))  # noqa: E731
PASSED = lambda: three().apply(kc.Pass(0))  # noqa: E731
INA = kc.IllegalActionError
NYT = kc.NotYourTurnError

# (state, action, error class, reason, ruling)
REFUSALS: list[tuple[Any, Any, type[kc.IllegalActionError], str, str]] = [
    (over, kc.Pass(0), kc.GameOverError, "the game is over", "KC-11"),
    (over, kc.Sign(0, DUCK), kc.GameOverError, "the game is over", "KC-11"),
    (EXCHANGE, "p0 pass", INA, "not a Karibou Camp action", ""),
    (EXCHANGE, kc.Pass(3), kc.SeatError, "there is no seat 3", "KC-2"),
    (EXCHANGE, kc.Sign(-1, DUCK), kc.SeatError, "there is no seat -1", "KC-2"),
    (DEALT, kc.Exchange(0, ELK, DUCK), INA, "the center is still face down", "KC-14"),
    (DEALT, kc.Pass(0), INA, "the center is still face down", "KC-14"),
    (SCOUTING, kc.Exchange(0, ELK, SQUIRREL), INA, "a Scout has stopped the exchanges", "KC-5"),
    (SCOUTING, kc.Pass(2), INA, "a Scout has stopped the exchanges", "KC-5"),
    (EXCHANGE, kc.Reveal(0), INA, "the center is already face up", "KC-14"),
    (EXCHANGE, kc.Exchange(1, SCOUT, DUCK), INA,
     "only animal cards are exchanged, never a Scout", "KC-4"),
    (EXCHANGE, kc.Exchange(0, ELK, SCOUT), INA,
     "only animal cards are exchanged, never a Scout", "KC-4"),
    (EXCHANGE, kc.Exchange(0, DUCK, DUCK), INA,
     "an exchange takes another species than it gives", "KC-15"),
    (EXCHANGE, kc.Exchange(0, BEAR, DUCK), INA, "no Bear in hand", "KC-4"),
    (EXCHANGE, kc.Exchange(0, ELK, BEAR), INA, "no Bear in the center", "KC-4"),
    (EXCHANGE, kc.PlayScout(0), INA, "no Scout in hand", "KC-5"),
    (EXCHANGE, kc.CompleteHand(1, DUCK), INA, "no Scout has been played", "KC-5"),
    (SCOUTING, kc.CompleteHand(0, DUCK), NYT, "only the Scout's player completes a hand", "KC-5"),
    (SCOUTING, kc.CompleteHand(1, SCOUT), INA,
     "a hand is completed with an animal or the pile", "KC-5"),
    (SCOUTING, kc.CompleteHand(1, BEAR), INA, "no Bear in the center", "KC-5"),
    (PASSED, kc.Pass(0), INA, "already passed since the last exchange", "KC-6"),
    (EXCHANGE, kc.Sign(0, SCOUT), INA, "a sign stands for one of the seven species", "KC-7"),
    (EXCHANGE, kc.Sign(0, DUCK, frozenset({0})), INA,
     "noticed_by must be None or a frozenset of other seats", "KC-7"),
    (EXCHANGE, kc.Sign(0, DUCK, {1}), INA,  # type: ignore[arg-type]
     "noticed_by must be None or a frozenset of other seats", "KC-7"),
    (EXCHANGE, kc.PlacePawn(0, SCOUT, 1), INA, "the pawn goes on a species tile or All", "KC-8"),
    (EXCHANGE, kc.PlacePawn(0, DUCK, "1"), INA,  # type: ignore[arg-type]
     "the pawn names a seat", "KC-8"),
]  # fmt: skip


@pytest.mark.parametrize(("make", "action", "error", "reason", "ruling"), REFUSALS,
                         ids=[f"{row[3]}, {row[1]}" for row in REFUSALS])  # fmt: skip
def test_kc2_to_kc15_refusals_name_their_reason_and_ruling(
    make: Any, action: Any, error: type[kc.IllegalActionError], reason: str, ruling: str
) -> None:
    """KC-2, KC-4..KC-8, KC-11, KC-14, KC-15: each refusal raises its own error class
    with the rejected action, its reason and its ruling, and leaves the state alone."""
    state = make()
    before = kc.dumps(state)
    with pytest.raises(kc.IllegalActionError) as caught:
        state.apply(action)
    assert type(caught.value) is error
    assert (caught.value.action, caught.value.reason, caught.value.ruling) == (
        action, reason, ruling)  # fmt: skip
    where = f" [{ruling}]" if ruling else ""
    assert str(caught.value) == f"illegal action {action}: {reason}{where}"
    assert kc.dumps(state) == before


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_kc2_seat_queries_name_the_missing_seat(players: int) -> None:
    """KC-2: legal_actions, family and teammate of no seat raise SeatError (no action,
    ruling KC-2), each quoting the seat given."""
    state = kc.new_game(players, players)
    for seat in (players, players + 1, -1, "0"):
        with pytest.raises(kc.SeatError) as caught:
            state.legal_actions(seat)  # type: ignore[arg-type]
        assert (caught.value.action, caught.value.ruling) == (None, "KC-2")
        assert caught.value.reason == f"there is no seat {seat!r}"
        for query in (state.family, state.teammate):
            with pytest.raises(kc.SeatError) as general:
                query(seat)  # type: ignore[arg-type]
            reason = f"there is no seat {seat!r} in a {players}-player game"
            assert str(general.value) == f"illegal action: {reason} [KC-2]"


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_kc7_a_sign_is_noticed_by_any_other_seat_0_to_n_minus_1(players: int) -> None:
    """KC-7: the host may name any other seat from 0 to n-1 as noticing a sign (seat 0
    and seat n-1 included); seat n and the signer himself are refused."""
    state = kc.new_game(players, 1)
    last = players - 1
    for signer, noticed in ((1, {0}), (0, {last}), (1, {0, last}), (last, set(range(last)))):
        after = state.apply(kc.Sign(signer, DUCK, frozenset(noticed)))
        assert after.signs[-1].noticed_by == noticed
    for signer, noticed in ((0, {players}), (1, {0, players}), (0, {0}), (0, {-1})):
        assert not state.is_legal(kc.Sign(signer, DUCK, frozenset(noticed)))


def _moves(state: kc.State, action: kc.Action) -> int:
    """By how much the action must move the version on (KC-17): a reveal, a cleanup or
    a scored round moves it by one; anything else leaves it."""
    if isinstance(action, kc.Reveal | kc.PlacePawn | kc.CompleteHand):
        return 1
    if isinstance(action, kc.Pass):
        return int(len(state.passed) == state.num_players - 1)
    return 0


def _check_step(state: kc.State, action: kc.Action, after: kc.State) -> None:
    """What every action keeps, and what each kind changes (KC-4..KC-11, KC-17)."""
    assert (after.seed, after.config, after.num_players) == (
        state.seed, state.config, state.num_players)  # fmt: skip
    assert after.version == state.version + _moves(state, action)
    if isinstance(action, kc.Sign):
        assert after == attrs.evolve(state, signs=after.signs)
    if isinstance(action, kc.Exchange):
        assert after.phase is kc.Phase.EXCHANGE and after.chance == state.chance
        assert after.passed == frozenset()
    if isinstance(action, kc.CompleteHand) and action.source is kc.PILE and state.pile:
        assert after.hands[action.player] == tuple(
            sorted((*state.hands[action.player], state.pile[-1])))  # fmt: skip
    if isinstance(action, kc.PlacePawn):
        result = after.round_results[-1]
        assert after.round_results[:-1] == state.round_results
        assert result.number == len(after.round_results)
        points = zip(state.scores, result.points, strict=True)
        assert after.scores == tuple(old + new for old, new in points)
        if after.is_over:
            kept = ("teams", "hands", "center", "pile", "discard", "scout_player", "chance")
            assert all(getattr(after, name) == getattr(state, name) for name in kept)
            assert after.passed == frozenset() and after.phase is kc.Phase.OVER
        else:
            assert after.chance == state.chance + 1 and after.phase is kc.Phase.DEALT
    kc.loads(kc.dumps(after))  # a reachable position: the 56 cards are all there


@pytest.mark.parametrize("players", [3, 5, 7])
@pytest.mark.parametrize("seed", range(3))
def test_kc4_to_kc17_each_action_changes_only_what_its_rule_says(players: int, seed: int) -> None:
    """KC-4..KC-11, KC-17: along seeded play to the game's end, the seed and options never
    change, the version moves exactly at a reveal, a cleanup and a scored round, a sign
    only adds its record, an exchange keeps the exchanges open, a pile completion takes
    the top card, and a round's end keeps the rest of the table (game over) or deals the
    next round with the next chance counter."""
    rng = random.Random(seed)
    state = kc.new_game(players, seed)
    steps = 0
    while not state.is_over and steps < 3000:
        seat = rng.randrange(players)
        options = state.legal_actions(seat)
        calm = [a for a in options if not isinstance(a, kc.PlacePawn)]
        action = rng.choice(options if rng.random() < 0.03 else calm)
        after = state.apply(action)
        _check_step(state, action, after)
        state, steps = after, steps + 1
    assert state.is_over


@pytest.mark.parametrize("completion", [kc.PILE, None])
def test_kc6_refills_shuffle_by_the_seed(completion: kc.Pile | None) -> None:
    """KC-6: a refill of the empty pile (a Scout's completion from the pile, or the new
    center of a cleanup) is the same for one seed and differs between seeds; it counts
    as one chance event and keeps the 56 cards."""
    piles = {}
    for seed in range(4):
        runs = []
        for _ in range(2):
            state = seeded(seed, empty_pile=True)
            if completion is kc.PILE:
                state = state.apply(kc.PlayScout(1)).apply(kc.CompleteHand(1, kc.PILE))
            else:
                for seat in range(3):
                    state = state.apply(kc.Pass(seat))
            kc.loads(kc.dumps(state))
            assert state.chance == 1 and state.phase is kc.Phase.DEALT
            runs.append((state.hands, state.center, state.pile))
        assert runs[0] == runs[1]
        piles[seed] = runs[0]
    assert len(set(piles.values())) == 4


def test_kc3_the_next_round_is_dealt_by_the_seed() -> None:
    """KC-3, KC-10: the round after a pawn is dealt from the seed and chance counter:
    the same for one seed, different between seeds."""
    deals = set()
    for seed in range(4):
        state = seeded(seed).apply(kc.PlacePawn(0, DUCK, 1))
        again = seeded(seed).apply(kc.PlacePawn(0, DUCK, 1))
        assert state == again and state.seed == seed
        deals.add((state.teams, state.hands, state.center, state.pile))
    assert len(deals) == 4
