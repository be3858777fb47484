"""The most ids a seat may have legal at once (issue 12: the encoding's bounds), by number
of players: worked out from the rules, reached by a position, never passed in play.

A seat's ids at one moment are at most: its exchanges (a species of its hand, not the
Scout, for another species of the face-up center, KC-5), the Scout and a pass (KC-6), the
seven signs (KC-7) and eight tiles for each seat its pawn may name (KC-8: the Coyote names
anybody, himself included; a team player anybody but himself and the Coyote). The
exchange phase holds the most, and the largest hand (the Coyote's six cards, KC-3) with
the largest center (KC-3) makes the most exchanges.
"""

from __future__ import annotations

import itertools
import random

import pytest

import karibou_rules as kc
from karibou_rules import Card, Team
from karibou_rules._cards import DECK, SPECIES, center_size
from karibou_rules._deal import team_orders
from karibou_rules._ids import PAWN_BASE

PLAYERS = range(3, 8)


def _exchanges(gives: frozenset[Card], takes: frozenset[Card]) -> int:
    """Exchanges of one species of ``gives`` for another of ``takes``."""
    return len(gives) * len(takes) - len(gives & takes)


def _best_exchange_sets(hand_size: int, center: int, scout: bool
                        ) -> tuple[int, frozenset[Card], frozenset[Card]]:
    """The most exchanges (and a pair of species sets giving them) for a hand of this
    size (holding the Scout or not) and a center of this size."""
    gives = hand_size - scout
    best: tuple[int, frozenset[Card], frozenset[Card]] = (-1, frozenset(), frozenset())
    for g in itertools.combinations(SPECIES, gives):
        for t in itertools.combinations(SPECIES, center):
            count = _exchanges(frozenset(g), frozenset(t))
            if count > best[0]:
                best = (count, frozenset(g), frozenset(t))
    return best


def most_ids(players: int) -> int:
    """The bound: the best of a hand with and without the Scout, plus signs and pawns."""
    odd = players % 2 == 1
    hand_size = 6 if odd else 5  # the Coyote's six cards, else five (KC-3)
    named = players if odd else players - 1  # the Coyote names every seat (KC-8)
    moves = max(_best_exchange_sets(hand_size, center_size(players), scout)[0] + scout + 1
                for scout in (False, True))
    return moves + len(SPECIES) + 8 * named


def test_the_bounds_are_those_the_docs_state() -> None:
    """docs/karibou/api.rst states these maxima."""
    assert [most_ids(players) for players in PLAYERS] == [48, 50, 69, 70, 90]


@pytest.mark.parametrize("players", PLAYERS)
def test_a_position_reaches_the_bound(players: int) -> None:
    """KC-5..KC-8: a seat with the largest hand of distinct species facing a center of the
    species that make the most exchanges has exactly :func:`most_ids` ids legal."""
    teams = team_orders(players)[-1]
    seat = teams.index(Team.COYOTE) if Team.COYOTE in teams else 0
    size = 6 if Team.COYOTE in teams else 5
    _, gives, takes = _best_exchange_sets(size, center_size(players), scout=False)
    pool = list(DECK)
    hand = sorted(gives)
    center = sorted(takes)
    for card in (*hand, *center):
        pool.remove(card)
    pool.sort(key=lambda card: card is Card.SCOUT)  # the Scouts last: nobody else needs one
    hands: list[list[Card]] = []
    for other, team in enumerate(teams):
        if other == seat:
            hands.append(hand)
            continue
        need = 6 if team is Team.COYOTE else 5
        hands.append([pool.pop(0) for _ in range(need)])
    state = kc.from_position(teams, hands, center, pool)
    assert len(state.legal_action_ids(seat)) == most_ids(players)


@pytest.mark.parametrize("players", PLAYERS)
def test_random_play_never_passes_the_bound(players: int) -> None:
    """Seeded random play, the Giga-pawn placed rarely so that exchange periods run long:
    no seat ever has more ids legal than :func:`most_ids`."""
    rng = random.Random(players)
    bound = most_ids(players)
    for seed in range(20):
        state = kc.new_game(players, seed)
        for _ in range(400):
            if state.is_over:
                break
            seat = rng.randrange(players)
            ids = state.legal_action_ids(seat)
            assert len(ids) <= bound
            moves = [i for i in ids if i < PAWN_BASE]
            pick = rng.choice(ids if rng.random() < 0.02 else moves)
            state = state.apply_action_id(seat, pick)


@pytest.mark.parametrize("players", PLAYERS)
def test_max_legal_ids_is_the_bound_worked_out_here(players: int) -> None:
    """KC-5..KC-8: ``max_legal_ids``'s closed form is :func:`most_ids`, whose exchanges are
    counted over every pair of species sets, and fits the action space."""
    assert kc.max_legal_ids(players) == most_ids(players)
    assert kc.max_legal_ids(players) <= kc.num_distinct_actions(players)


def test_max_legal_ids_refuses_what_num_distinct_actions_refuses() -> None:
    """KC-2: a player count outside 3 .. 7, or a config that is no Config, is refused."""
    with pytest.raises(kc.PositionError):
        kc.max_legal_ids(2)
    with pytest.raises(kc.PositionError):
        kc.max_legal_ids(3, "config")
