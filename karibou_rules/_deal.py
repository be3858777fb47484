"""Chance: shuffles and deals, derived from the seed and chance counter carried in a state.

The deal is specified here exactly, so that another program can reproduce every game
(``tests/karibou/test_chance.py`` re-implements it from these words):

* **Stream.** Chance event ``k`` of the game with seed ``s`` (the state's chance counter
  before the event; a game's first deal is event 0) reads bytes, in order from the first,
  of the SHAKE-128 output of the ASCII text ``karibou:s:k`` (both numbers in decimal).
  Each event has its own stream; nothing depends on the platform, the process, the
  global ``random`` module or ``hash()``.
* **Shuffle** (Durstenfeld's Fisher-Yates, with rejection): for ``i`` from ``n - 1`` down
  to 1, read the next byte ``b`` of the stream, reading again while
  ``b >= 256 - 256 % (i + 1)``; then ``j = b % (i + 1)`` and items ``i`` and ``j`` swap
  places. The rejection makes each ``j`` exactly uniform, so all ``n!`` orders are equally
  likely: no bias at all. A pile's top card is its last item.
* **Deal of a round** (KC-2, KC-3), one chance event: shuffle the team cards of
  :func:`~karibou_rules.team_cards` (Veterinarian, Veterinarian, Photographer,
  Photographer, Forest Ranger, Forest Ranger as far as there are pairs, then the Coyote
  when the number of players is odd); seat ``p`` takes item ``p``. Then shuffle
  :data:`~karibou_rules.DECK` (seven Elks, seven Polecats... seven Scouts, faces in
  ascending order): that is the pile. In seat order each seat is dealt the top 5 cards
  (the Coyote 6); a hand holding four cards or more of one species goes on the discard
  pile and the seat is dealt another from the top, as often as needed. Then the center:
  the next 3, 4 or 5 cards (:func:`~karibou_rules.center_size`).
* **Refill** (KC-6): a draw that needs more cards than the pile holds takes the pile's
  cards, then shuffles the discard pile, sorted by face, into the pile (the same shuffle,
  reading on in the same stream) and draws the rest from its top. Within a round, a draw
  that refills is a chance event of its own (the counter moves on by one).
* **A pile from** :func:`~karibou_rules.from_position`: the cards not placed, sorted by
  face, shuffled by event 0's stream.

A shuffle of 56 cards reads 58 bytes on average (a byte is read past at most 48 times in
256, with 52 items left), a deal about 62: a deal almost always reads only the first 168
bytes (one SHAKE-128 block, one call to the C hash); the stream goes on as far as it is
read. Before format ``karibou/3`` a shuffle sorted the cards on 64-bit keys cut from the
same stream: the same seed dealt other cards (``_serial.FORMAT``).

>>> stream = ChanceStream(7, 0)
>>> [str(team) for team in stream.shuffled(team_cards(3))]
['Veterinarian', 'Coyote', 'Veterinarian']
>>> len(stream.shuffled(DECK))
56
"""

from __future__ import annotations

import hashlib
import itertools
import math
import numbers
import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, TypeAlias, TypeVar

from karibou_rules._cards import (
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SPECIES,
    Card,
    Team,
    center_size,
    hand_size,
    team_cards,
)
from karibou_rules._errors import PositionError, quote
from karibou_rules._frozen import COMPILED

if TYPE_CHECKING:
    from mypy_extensions import i64

MAX_SEED: Final = 2**64 - 1
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
    if type(seed) is int and 0 <= seed <= MAX_SEED:  # an int, known without the ABC's check
        return seed
    if not isinstance(seed, bool) and isinstance(seed, numbers.Integral):
        try:
            value = operator.index(seed)
        except Exception:  # a hostile Integral whose __index__ fails
            value = -1
        if is_seed(value):
            return value
    raise PositionError(f"a seed is an int from 0 to 2**64 - 1 (MAX_SEED), not {quote(seed)}")


_T = TypeVar("_T")
_REJECTED: Final = 0xFF
"""What :data:`_PLACES` holds for a byte that is read past (no place is 255: at most 56 items)."""
_PLACES: Final = tuple(
    bytes(byte % left if left > 1 and byte < 256 - 256 % left else _REJECTED
          for byte in range(256))
    for left in range(len(DECK) + 1)
)
"""For ``left`` items left (2 to 56), the place each byte ``b`` picks (``b % left``), or
:data:`_REJECTED` for a byte read past (``b >= 256 - 256 % left``), so that every place is
equally likely: one ``bytes`` read replaces the bound's read, its test and the remainder.
A row per count, read once a pick (compiled, each place is a native int; pure, no index
past 256 is made, so no int is allocated)."""
_PLACE_OF: Final = b"".join(_PLACES)
""":data:`_PLACES` in one ``bytes``: the place of byte ``b`` with ``left`` items left is at
``left << 8 | b`` (compiled, one native read, where a row is a tuple item read first)."""
_DECK: Final = DECK
DeckWords: TypeAlias = "tuple[i64, i64, i64, i64]"
"""A shuffled :data:`~karibou_rules.DECK` as native ints: the face of position ``p`` (0 at
the bottom, 55 the top) is the 4 bits of word ``p >> 4`` from bit ``(p & 15) << 2``."""
_DECK_WORDS: Final = tuple(
    sum(int(face) << 4 * (position - 16 * word)
        for position, face in enumerate(DECK) if position >> 4 == word)
    for word in range(4)
)
"""The :data:`DeckWords` of the unshuffled deck (faces in ascending order)."""
_SHAKE_128: Final = hashlib.shake_128
"""The hash of the streams (compiled, a ``Final`` is read as a C static, where
``hashlib.shake_128`` is an attribute looked up)."""
_DIGEST: Final = type(_SHAKE_128()).digest
"""The hash object's ``digest``, called with the object (compiled, a C static called,
where ``hash.digest(...)`` looks the method up on the object's type at each call)."""
_BLOCK: Final = 168
"""The bytes of one SHAKE-128 block: what a stream digests first (a deal reads about 62)."""

class ChanceStream:
    """The random bytes of one chance event, read in order."""

    __slots__ = ("_bytes", "_hash", "_used")

    def __init__(self, seed: int, counter: int) -> None:
        self._hash = _SHAKE_128(b"karibou:%d:%d" % (seed, counter))
        self._bytes = _DIGEST(self._hash, _BLOCK)
        self._used = 0

    def _read_on(self, used: int) -> bytes:
        """The stream's bytes, all ``used`` of them read: digest twice as many."""
        self._bytes = _DIGEST(self._hash, 2 * used)
        return self._bytes

    def shuffled(self, items: Sequence[_T]) -> list[_T]:
        """The items (at most 56) in a random order: the module's shuffle, reading on in
        the stream."""
        order = list(items)
        data = self._bytes
        used: i64 = self._used
        left: i64 = len(order)  # order[left:] is in place
        places = _PLACES[left]
        while left > 1:
            try:
                byte: i64 = data[used]
            except IndexError:  # read on (interpreted, a try costs nothing a byte)
                data = self._read_on(used)
                byte = data[used]
            used += 1
            place: i64 = places[byte]
            if place != _REJECTED:
                left -= 1
                order[left], order[place] = order[place], order[left]
                places = _PLACES[left]
        self._used = used
        return order

    def shuffled_teams(self, players: int) -> tuple[Team, ...]:
        """``tuple(shuffled(team_cards(players)))`` (the same bytes read), taken from
        :data:`_TEAM_SHUFFLES` by the code of the places picked, so that no list is swapped
        (the bytes, their length and the count read are locals, as in :meth:`shuffled_deck`)."""
        data = self._bytes
        end: i64 = len(data)
        used: i64 = self._used
        code: i64 = 0  # the places, in the mixed radix of the items left
        for left in range(len(_TEAM_CARDS[players]), 1, -1):
            place: i64 = _REJECTED  # the first byte read on that is not read past
            while place == _REJECTED:
                if used == end:
                    data = self._read_on(used)
                    end = len(data)
                place = _PLACE_OF[left << 8 | data[used]]
                used += 1
            code = code * left + place
        self._used = used
        shuffles = _TEAM_SHUFFLES[players]
        if not shuffles:
            shuffles = _TEAM_SHUFFLES[players] = _team_shuffles(players)
        return shuffles[code]

    def shuffled_deck(self) -> DeckWords:
        """:meth:`shuffled` of :data:`~karibou_rules.DECK` (the same bytes read, the same
        order), as :data:`DeckWords`: the faces swap as 4-bit fields of native ints, where
        a list of cards swaps objects (compiled, each swap reads and writes two list items
        with their reference counts)."""
        w0: i64 = _DECK_WORDS[0]
        w1: i64 = _DECK_WORDS[1]
        w2: i64 = _DECK_WORDS[2]
        w3: i64 = _DECK_WORDS[3]
        data = self._bytes
        end: i64 = len(data)  # compiled, a local: no length read from the bytes a pick
        place_of = _PLACE_OF  # compiled, a local: no static tested for NULL a pick
        used: i64 = self._used
        left: i64 = len(_DECK)  # positions left: and above are in place
        word: i64 = 3  # the word of the position being filled, held in ``top`` meanwhile
        top = w3
        while left > 1:
            if used == end:
                data = self._read_on(used)
                end = len(data)
            place: i64 = place_of[left << 8 | data[used]]
            used += 1
            if place == _REJECTED:
                continue
            left -= 1
            if left >> 4 != word:  # done with the word above: lay it back, take this one
                if word == 3:
                    w3, top = top, w2
                elif word == 2:
                    w2, top = top, w1
                else:
                    w1, top = top, w0
                word -= 1
            # Swap the faces at ``left`` and ``place`` (no higher word than left's): xor
            # both fields with their difference. (No constant mask is shifted: mypyc 2.4.1
            # writes an int literal shifted by a native int as a 32-bit C int, and a shift
            # past 31 bits is lost.)
            low, high = (left & 15) << 2, (place & 15) << 2
            other = place >> 4
            if other == word:
                diff: i64 = (top >> low ^ top >> high) & 15
                top ^= diff << low ^ diff << high
            else:
                below = w0 if other == 0 else w1 if other == 1 else w2
                diff = (top >> low ^ below >> high) & 15
                top ^= diff << low
                if other == 0:
                    w0 ^= diff << high
                elif other == 1:
                    w1 ^= diff << high
                else:
                    w2 ^= diff << high
        w0 = top  # left ends at 1: the word below all the others
        self._used = used
        return w0, w1, w2, w3


Deal: TypeAlias = tuple[
    tuple[Team, ...], tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...],
    tuple[Card, ...],
]
"""Where every card lies after a deal: teams, hands, center, pile (top last), discard."""
_COYOTE: Final = Team.COYOTE
_CARDS: Final = tuple(Card)
"""The cards by face."""
_TEAM_CARDS: Final = tuple(
    team_cards(players) if players >= MIN_PLAYERS else () for players in range(MAX_PLAYERS + 1)
)
_CENTER_SIZES: Final = tuple(
    center_size(players) if players >= MIN_PLAYERS else 0 for players in range(MAX_PLAYERS + 1)
)
_TEAM_ORDERS = tuple(
    tuple(sorted(set(itertools.permutations(cards)))) for cards in _TEAM_CARDS
)


def _shuffle_orders(count: int) -> list[tuple[int, ...]]:
    """The places of ``count`` items after the module's shuffle, for each code of the
    places picked (:meth:`ChanceStream.shuffled_teams`): the first place picked, with
    ``count`` items left, is the most significant digit, then the shuffle of the others."""
    if count < 2:
        return [tuple(range(count))]
    orders, rests = [], _shuffle_orders(count - 1)
    for place in range(count):
        swapped = list(range(count))
        swapped[place], swapped[-1] = swapped[-1], swapped[place]
        orders += [(*(swapped[index] for index in rest), swapped[-1]) for rest in rests]
    return orders


def _team_shuffles(players: int) -> tuple[tuple[Team, ...], ...]:
    """:data:`_TEAM_SHUFFLES` of this many players (3 to 7)."""
    orders = {order: order for order in _TEAM_ORDERS[players]}  # one tuple an order
    cards = _TEAM_CARDS[players]
    return tuple(orders[tuple(cards[index] for index in order)]
                 for order in _shuffle_orders(len(cards)))


_TEAM_SHUFFLES: Final[list[tuple[tuple[Team, ...], ...]]] = [()] * (MAX_PLAYERS + 1)
"""Each number of players' team cards shuffled by each code of their places (see
:meth:`ChanceStream.shuffled_teams`), as the tuples of :func:`team_orders`, so that no
order is made at a deal: made at the first deal of that many players (7! = 5,040 codes
with 7, too many to make at each import)."""


def team_orders(players: int) -> tuple[tuple[Team, ...], ...]:
    """Every distinct way to deal the team cards to the seats (630 with 7 players; made
    once per number of players, 3 to 7), each as likely as the others in a deal."""
    return _TEAM_ORDERS[players]


def deal_round(players: int, stream: ChanceStream) -> Deal:
    """Deal a new round from all 56 cards: team cards, hands, then the center (KC-2, KC-3).

    Compiled, the deck is shuffled as native ints (:meth:`ChanceStream.shuffled_deck`)
    and dealt where its cards lie: a deal reads each hand's cards as the code of their
    counts (:func:`_words_code`) and takes the sorted tuple of that code from
    :data:`_SORTED` at its :func:`_index` (read here, without a call); the pile's cards are
    made once, at the end. A refill (rare, :func:`_refilled`) makes the list of the pile's
    cards, from which the deal then reads on (:func:`_code`), as a pure build deals from
    the shuffled list of the deck's cards."""
    pile: list[Card] | None = None  # the deck as a list (pure, or refilled): pile[top:] dealt
    if COMPILED:
        teams = stream.shuffled_teams(players)
        w0, w1, w2, w3 = stream.shuffled_deck()
    else:  # interpreted, lists swap cards faster than a call a pick, or ints swap fields
        teams = tuple(stream.shuffled(_TEAM_CARDS[players]))
        w0 = w1 = w2 = w3 = 0
        pile = stream.shuffled(_DECK)
    discard: list[Card] = []
    hands = []
    top: i64 = len(_DECK)  # positions top and above are dealt
    for team in teams:
        size: i64 = 6 if team is _COYOTE else 5
        while True:
            if top < size:
                pile = list(_cards(w0, w1, w2, w3, top)) if pile is None else pile
                top = _refilled(pile, top, size, discard, stream)
            if pile is None:
                code = _words_code(w0, w1, w2, w3, top - size, top)
            else:
                code = _code(pile, top - size, top)
            top -= size
            cards = _SORTED[_LOW_START[code & _HALF_MASK] + _HIGH_RANK[code >> _HALF_BITS]]
            if not _four_of_a_species(code):
                break
            discard += cards  # dealt again (KC-3)
        hands.append(cards)
    size = _CENTER_SIZES[players]
    if top < size:
        pile = list(_cards(w0, w1, w2, w3, top)) if pile is None else pile
        top = _refilled(pile, top, size, discard, stream)
    if pile is None:
        code = _words_code(w0, w1, w2, w3, top - size, top)
        rest = _cards(w0, w1, w2, w3, top - size)
    else:
        code = _code(pile, top - size, top)
        rest = tuple(pile[: top - size])
    center = _SORTED[_LOW_START[code & _HALF_MASK] + _HIGH_RANK[code >> _HALF_BITS]]
    if discard:
        discard.sort()
    return teams, tuple(hands), center, rest, tuple(discard)


def _words_code(w0: i64, w1: i64, w2: i64, w3: i64, start: i64, stop: i64) -> i64:
    """:func:`_code` of the cards at positions ``start`` to ``stop - 1`` of a
    :data:`DeckWords`: a word is picked once for the positions it holds (a hand lies in
    one or two) and its faces read by shifting it, 4 bits a face."""
    code: i64 = 0
    position = start
    while position < stop:
        word = position >> 4
        bits = w3 if word == 3 else w2 if word == 2 else w1 if word == 1 else w0
        bits >>= (position & 15) << 2
        end = (word + 1) << 4  # past the word's last position, or the hand's end
        if end > stop:
            end = stop
        while position < end:
            code += 1 << 3 * (bits & 15)
            bits >>= 4
            position += 1
    return code


def _cards(w0: i64, w1: i64, w2: i64, w3: i64, stop: i64) -> tuple[Card, ...]:
    """The cards at positions 0 to ``stop - 1`` of a :data:`DeckWords`, bottom first
    (compiled, a tuple made at its length: the positions are a tuple, not a range)."""
    return tuple(
        _CARDS[(w0 if position < 16 else w1 if position < 32 else w2 if position < 48 else w3)
               >> ((position & 15) << 2) & 15]
        for position in _POSITIONS[stop]
    )


_POSITIONS: Final[tuple[tuple[i64, ...], ...]] = tuple(
    tuple(range(stop)) for stop in range(len(DECK) + 1)
)
"""The positions below each ``stop``: ``_POSITIONS[stop] == tuple(range(stop))`` (native
ints: compiled, each position is read as one and the face found with native operations)."""


def _refilled(
    pile: list[Card], top: i64, size: i64, discard: list[Card], stream: ChanceStream
) -> i64:
    """The new ``top`` once the list is cut to the pile (``pile[:top]``, short of ``size``
    cards), the discard pile shuffled in and the ``size`` cards drawn (:func:`_draw`) laid
    back on its top, to be read where they lie."""
    del pile[top:]
    pile += _draw(pile, discard, size, stream)
    return len(pile)


def _code(cards: list[Card], start: i64, stop: i64) -> i64:
    """The code of the cards ``cards[start:stop]`` in any order: the count of each face
    in base 8, 3 bits a face (a count is below 8 up to 7 cards)."""
    code: i64 = 0
    for index in range(start, stop):
        face: i64 = cards[index]
        code += 1 << 3 * face
    return code


_MOST: Final = hand_size(Team.COYOTE)
"""The most cards a hand or center holds: 6."""
_HALF_BITS: Final = 12
"""The bits of a code that count four faces (3 bits a face): Elk to Marmot low, Raccoon
to Scout high. Written as numbers, so that compiled they are C constants."""
_HALF_MASK: Final = 0xFFF
_HALVES: Final = tuple(
    _code(list(cards), 0, size)
    for size in range(_MOST + 1)
    for cards in itertools.combinations_with_replacement(list(Card)[: len(Card) // 2], size)
)
"""The codes of four faces' counts, at most 6 cards, by their number of cards: 210. The
halves of up to ``m`` cards are the first ``comb(m + 4, 4)``."""


def _ranks() -> bytes:
    rank = {half: place for place, half in enumerate(_HALVES)}
    return bytes(rank.get(half, 0) for half in range(1 << _HALF_BITS))


def _starts() -> tuple[int, ...]:
    start, starts = 0, [0] * (1 << _HALF_BITS)
    for half in _HALVES:
        starts[half] = start
        start += math.comb(_MOST - _cards_in(half) + 4, 4)
    return tuple(starts)


def _cards_in(half: int) -> int:
    return sum(half >> 3 * face & 7 for face in range(len(Card) // 2))


_HIGH_RANK: Final = _ranks()
"""Each high half's place among :data:`_HALVES`; a ``bytes``, so that compiled a place
is read as a native int (below 210, a byte)."""
_LOW_START: Final = _starts()
"""Each low half's first place in :data:`_SORTED`: its block holds one place per high
half of up to the cards it leaves, so that no two hands share a place."""


def _index(code: i64) -> i64:
    """Where :data:`_SORTED` holds the cards of this :func:`_code` (3 to 6 cards): its
    low half's block, then its high half's rank in it."""
    return _LOW_START[code & _HALF_MASK] + _HIGH_RANK[code >> _HALF_BITS]


def _make_sorted() -> tuple[tuple[Card, ...], ...]:
    table: list[tuple[Card, ...]] = [()] * (_LOW_START[_HALVES[-1]] + 1)
    for size in range(center_size(MIN_PLAYERS), _MOST + 1):
        for cards in itertools.combinations_with_replacement(Card, size):
            table[_index(_code(list(cards), 0, size))] = cards
    return tuple(table)


_SORTED: Final = _make_sorted()
"""Every sorted hand or center (3 to 6 cards) at the :func:`_index` of its :func:`_code`
(3,003 places, those of fewer cards empty), made once: a deal takes its hands from here,
and sorts none. A tuple read at a computed place, where a dict read with a code would box
it and hash it."""


_FOURS: Final = sum(4 << 3 * species for species in SPECIES)
"""The bit of each species' count that is set from a count of 4 (counts up to 7)."""


def _four_of_a_species(code: i64) -> bool:
    """Whether a hand of 5 or 6 cards, by its :func:`_code`, holds four or more of one
    species (dealt again, KC-3); Scouts are no species."""
    return code & _FOURS != 0


def _draw(pile: list[Card], discard: list[Card], count: int, stream: ChanceStream) -> list[Card]:
    """Draw cards from the top of the pile, sorted; an empty pile is refilled first."""
    if len(pile) < count:
        drawn = pile[:]
        pile.clear()
        refill(pile, discard, stream)
        count -= len(drawn)
    else:
        drawn = []
    rest = len(pile) - count
    drawn += pile[rest:]
    del pile[rest:]
    drawn.sort()
    return drawn


def refill(pile: list[Card], discard: list[Card], stream: ChanceStream) -> None:
    """Shuffle the discard pile, sorted by face, into the empty draw pile (KC-6)."""
    discard.sort()
    pile += stream.shuffled(discard)
    discard.clear()


def draw_cards(
    pile: tuple[Card, ...], discard: tuple[Card, ...], count: int, seed: int, counter: int
) -> tuple[list[Card], tuple[Card, ...], tuple[Card, ...], int]:
    """Draw ``count`` cards during a round: (sorted cards, pile, discard, chance counter).

    Refilling the pile is a chance event: it advances the counter.
    """
    rest = len(pile) - count
    if rest >= 0:
        return sorted(pile[rest:]), pile[:rest], discard, counter
    pile_list, discard_list = list(pile), list(discard)
    drawn = _draw(pile_list, discard_list, count, ChanceStream(seed, counter))
    return drawn, tuple(pile_list), tuple(discard_list), counter + 1
