"""Chance: shuffles and deals, derived from the seed and chance counter carried in a state.

Chance event ``k`` of the game with seed ``s`` reads its randomness from the SHAKE-128
stream of the text ``"karibou:s:k"``; a shuffle sorts the cards by big-endian 32-bit
keys taken from that stream. Nothing depends on the platform, the process, the global
``random`` module or ``hash()``: the same seed and actions give the same deals anywhere.

>>> stream = ChanceStream(7, 0)
>>> [str(team) for team in stream.arrangement(team_cards(3))]
['Veterinarian', 'Coyote', 'Veterinarian']
>>> len(stream.shuffled(DECK))
56
"""

from __future__ import annotations

import hashlib
import itertools
import struct
from collections.abc import Sequence
from functools import cache
from typing import TypeAlias, TypeVar

from karibou_rules._cards import DECK, Card, Team, center_size, team_cards

_T = TypeVar("_T")

class ChanceStream:
    """The random bytes of one chance event, read in order."""

    __slots__ = ("_bytes", "_hash", "_used")

    def __init__(self, seed: int, counter: int) -> None:
        self._hash = hashlib.shake_128(f"karibou:{seed}:{counter}".encode())
        self._bytes = self._hash.digest(256)  # enough for a whole deal
        self._used = 0

    def _take(self, count: int) -> bytes:
        start = self._used
        self._used += count
        if self._used > len(self._bytes):
            self._bytes = self._hash.digest(2 * self._used)
        return self._bytes[start : self._used]

    def shuffled(self, items: Sequence[_T]) -> list[_T]:
        """The items in a random order."""
        count = len(items)
        keys = struct.unpack(f">{count}I", self._take(4 * count))
        return [items[index] for index in sorted(range(count), key=keys.__getitem__)]

    def arrangement(self, items: tuple[_T, ...]) -> tuple[_T, ...]:
        """One of the distinct orders of a few items, each with the same chance."""
        orders = _arrangements(items)
        (key,) = struct.unpack(">Q", self._take(8))
        return orders[key % len(orders)]


@cache
def _arrangements(items: tuple[_T, ...]) -> tuple[tuple[_T, ...], ...]:
    """The distinct orders of some items (630 for the 7-player team cards)."""
    return tuple(sorted(set(itertools.permutations(items)), key=str))


Deal: TypeAlias = tuple[
    tuple[Team, ...], tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...],
    tuple[Card, ...],
]
"""Where every card lies after a deal: teams, hands, center, pile (top last), discard."""


_team_cards = cache(team_cards)


def deal_round(players: int, stream: ChanceStream) -> Deal:
    """Deal a new round from all 56 cards: team cards, hands, then the center (KC-2, KC-3)."""
    teams = stream.arrangement(_team_cards(players))
    pile = stream.shuffled(DECK)
    discard: list[Card] = []
    hands = []
    scout = Card.SCOUT
    for team in teams:
        size = 6 if team is Team.COYOTE else 5
        while True:
            if len(pile) >= size:
                hand = pile[-size:]
                del pile[-size:]
                hand.sort()
            else:
                hand = _draw(pile, discard, size, stream)
            # Sorted: four of a kind shows as equal cards three places apart.
            if not (
                hand[0] == hand[3] != scout
                or hand[1] == hand[4] != scout
                or (size == 6 and hand[2] == hand[5] != scout)
            ):
                break
            discard.extend(hand)
        hands.append(tuple(hand))
    center = tuple(_draw(pile, discard, center_size(players), stream))
    discard.sort()
    return teams, tuple(hands), center, tuple(pile), tuple(discard)


def _draw(pile: list[Card], discard: list[Card], count: int, stream: ChanceStream) -> list[Card]:
    """Draw cards from the top of the pile, sorted; an empty pile is refilled first."""
    if len(pile) < count:
        drawn = pile[:]
        pile.clear()
        refill(pile, discard, stream)
        count -= len(drawn)
    else:
        drawn = []
    drawn += pile[len(pile) - count :]
    del pile[len(pile) - count :]
    drawn.sort()
    return drawn


def refill(pile: list[Card], discard: list[Card], stream: ChanceStream) -> None:
    """Shuffle the discard pile into the empty draw pile (KC-6)."""
    pile.extend(stream.shuffled(sorted(discard)))
    discard.clear()


def draw_cards(
    pile: tuple[Card, ...], discard: tuple[Card, ...], count: int, seed: int, counter: int
) -> tuple[list[Card], tuple[Card, ...], tuple[Card, ...], int]:
    """Draw ``count`` cards during a round: (sorted cards, pile, discard, chance counter).

    Refilling the pile is a chance event: it advances the counter.
    """
    if len(pile) >= count:
        return sorted(pile[len(pile) - count :]), pile[: len(pile) - count], discard, counter
    pile_list, discard_list = list(pile), list(discard)
    drawn = _draw(pile_list, discard_list, count, ChanceStream(seed, counter))
    return drawn, tuple(pile_list), tuple(discard_list), counter + 1
