"""Chance: shuffles and deals, derived from the seed and chance counter carried in a state.

Chance event ``k`` of the game with seed ``s`` reads its randomness from the SHAKE-128
stream of the text ``"karibou:s:k"``; a shuffle sorts the cards by big-endian 64-bit
keys taken from that stream. Nothing depends on the platform, the process, the global
``random`` module or ``hash()``: the same seed and actions give the same deals anywhere.

>>> stream = ChanceStream(7, 0)
>>> [str(team) for team in team_orders(3)[stream.below(3)]]
['Veterinarian', 'Coyote', 'Veterinarian']
>>> len(stream.shuffled(DECK))
56
"""

from __future__ import annotations

import hashlib
import itertools
import numbers
import operator
import struct
from collections.abc import Sequence
from typing import TypeAlias

from karibou_rules._cards import (
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SPECIES,
    Card,
    Team,
    center_size,
    team_cards,
)
from karibou_rules._errors import PositionError, quote

MAX_SEED = 2**64 - 1
"""The largest seed: a seed is an int from 0 to 2**64 - 1, each one a distinct game (its
decimal text names its chance streams), as in Unhappy Campers; a numpy integer is read as
an int, a bool is none."""


_PRINTABLE = pow(10, 4300)
"""Ints below this in size have decimal text under Python's default int-to-text limit.

Made by ``pow()``, not ``10**4300``: mypyc 2.4.1 folds a constant power into a literal,
writes its decimal text into the C source, passes Python's 4,300-digit int-to-text limit
doing so and crashes (a segfault, not an error)."""


def seed_text(value: object) -> str:
    """A seed's text for hashing: decimal, or hex marked ``x`` for an int too long to print."""
    if isinstance(value, int) and not -_PRINTABLE < value < _PRINTABLE:
        return f"x{value:x}"
    return f"{value}"


def is_seed(value: object) -> bool:
    """Whether a value is a seed as a state holds it: an int from 0 to :data:`MAX_SEED`."""
    return type(value) is int and 0 <= value <= MAX_SEED


def as_seed(seed: object) -> int:
    """The seed as an int: an int (a numpy integer too, no bool) from 0 to :data:`MAX_SEED`.

    Raises:
        PositionError: Any other value.
    """
    if not isinstance(seed, bool) and isinstance(seed, numbers.Integral):
        try:
            value = operator.index(seed)
        except Exception:  # a hostile Integral whose __index__ fails
            value = -1
        if is_seed(value):
            return value
    raise PositionError(f"a seed is an int from 0 to 2**64 - 1 (MAX_SEED), not {quote(seed)}")


class ChanceStream:
    """The random bytes of one chance event, read in order."""

    __slots__ = ("_bytes", "_hash", "_used")

    def __init__(self, seed: int, counter: int) -> None:
        self._hash = hashlib.shake_128(b"karibou:%d:%d" % (seed, counter))
        self._bytes = self._hash.digest(456)  # a whole deal: 8 for the teams, 8 per card
        self._used = 0

    def _take(self, count: int) -> bytes:
        start = self._used
        self._used += count
        if self._used > len(self._bytes):
            self._bytes = self._hash.digest(2 * self._used)
        return self._bytes[start : self._used]

    def shuffled(self, cards: Sequence[Card]) -> list[Card]:
        """The cards in a random order.

        Each card gets a 64-bit key: 56 random bits, then the card's face in the lowest
        byte; sorting the keys orders the cards at random (a tie would need two equal
        56-bit draws). The keys are sorted as 8-byte big-endian strings, the order of
        the integers they spell.
        """
        return self.shuffled_faces(bytes(cards))

    def shuffled_faces(self, faces: bytes) -> list[Card]:
        """:meth:`shuffled` of cards given by their values."""
        count = len(faces)
        layout = _LAYOUTS[count]
        packed = bytearray(self._take(8 * count))
        packed[7::8] = faces
        order = b"".join(sorted(layout.unpack(packed)))[7::8]
        if count < 2:
            return [_FACES[face] for face in order]
        return list(operator.itemgetter(*order)(_FACES))

    def below(self, bound: int) -> int:
        """A random integer in ``0 .. bound - 1`` (from 64 bits: no visible bias)."""
        return int.from_bytes(self._take(8), "big") % bound


Deal: TypeAlias = tuple[
    tuple[Team, ...], tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...],
    tuple[Card, ...],
]
"""Where every card lies after a deal: teams, hands, center, pile (top last), discard."""
_FACES = tuple(Card)
_DECK_FACES = bytes(DECK)


_LAYOUTS = tuple(struct.Struct("8s" * count) for count in range(len(DECK) + 1))
"""The layout of ``count`` 8-byte keys, for each number of cards a shuffle may take."""

_TEAM_ORDERS = tuple(
    tuple(sorted(set(itertools.permutations(team_cards(players)))))
    if players >= MIN_PLAYERS else ()
    for players in range(MAX_PLAYERS + 1)
)


def team_orders(players: int) -> tuple[tuple[Team, ...], ...]:
    """Every distinct way to deal the team cards to the seats (630 with 7 players; made
    once per number of players, 3 to 7)."""
    return _TEAM_ORDERS[players]


_REDEALT: frozenset[tuple[Card, ...]] = frozenset(
    tuple(sorted((species,) * 4 + rest))
    for species in SPECIES
    for size in (5, 6)
    for rest in itertools.combinations_with_replacement(Card, size - 4)
)
"""The sorted hands holding four animals of one species, dealt again (KC-3)."""


def deal_round(players: int, stream: ChanceStream) -> Deal:
    """Deal a new round from all 56 cards: team cards, hands, then the center (KC-2, KC-3)."""
    orders = team_orders(players)
    teams = orders[stream.below(len(orders))]
    pile = stream.shuffled_faces(_DECK_FACES)
    discard: list[Card] = []
    hands = []
    coyote = Team.COYOTE
    top = len(pile)  # pile[top:] is already dealt
    for team in teams:
        size = 6 if team is coyote else 5
        while True:
            if top >= size:
                hand = pile[top - size : top]
                top -= size
                hand.sort()
            else:
                del pile[top:]
                hand = _draw(pile, discard, size, stream)
                top = len(pile)
            dealt = tuple(hand)
            if dealt not in _REDEALT:
                break
            discard += hand
        hands.append(dealt)
    del pile[top:]
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
