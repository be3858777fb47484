"""Chance (KC-2, KC-3, KC-6): shuffles and draws come from the seed, the same everywhere.

The deal is pinned by a re-implementation written from the words of ``_deal``'s docstring
alone (the stream, the shuffle, the deal, the refill), compared with the engine's."""

from __future__ import annotations

import hashlib
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import TypeVar

import pytest

import karibou_rules as kc
from karibou_rules._deal import (
    _SORTED,
    _TEAM_SHUFFLES,
    ChanceStream,
    _cards,
    _code,
    _draw,
    _four_of_a_species,
    _index,
    _team_shuffles,
    _words_code,
    deal_round,
    draw_cards,
    seed_text,
    team_orders,
)
from tests.karibou.strategies import BEAR, DUCK, ELK, SCOUT, rest_of_deck

T = TypeVar("T")
V, P, F, C = kc.Team.VETERINARIAN, kc.Team.PHOTOGRAPHER, kc.Team.FOREST_RANGER, kc.Team.COYOTE


class SpecStream:
    """The bytes of chance event ``counter``: SHAKE-128 of the ASCII ``karibou:s:k``."""

    def __init__(self, seed: int, counter: int) -> None:
        self.raw: Iterator[int] = iter(hashlib.shake_128(
            f"karibou:{seed}:{counter}".encode("ascii")).digest(4096))
        self.refilled = 0

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """Durstenfeld's Fisher-Yates: i from n - 1 down to 1, the next byte b read again
        while b >= 256 - 256 % (i + 1), then j = b % (i + 1), swap items i and j."""
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            b = next(self.raw)
            while b >= 256 - 256 % (i + 1):
                b = next(self.raw)
            j = b % (i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def draw(self, pile: list[kc.Card], discard: list[kc.Card], count: int) -> list[kc.Card]:
        """The top ``count`` cards; short of cards, the pile's, then the discard pile,
        sorted by face, shuffled into the pile, then the rest from its top."""
        drawn = []
        for _ in range(count):
            if not pile:
                pile.extend(self.shuffle(sorted(discard)))
                discard.clear()
                self.refilled += 1
            drawn.append(pile.pop())
        return sorted(drawn)


def spec_deal(players: int, seed: int, counter: int) -> tuple[object, ...]:
    """A round dealt as the docstring says, with how many refills it took."""
    stream = SpecStream(seed, counter)
    teams = stream.shuffle([V, V, P, P, F, F][: 2 * (players // 2)] + [C] * (players % 2))
    pile = stream.shuffle([face for face in kc.Card for _ in range(7)])
    discard: list[kc.Card] = []
    hands = []
    for team in teams:
        while True:
            hand = stream.draw(pile, discard, 6 if team is C else 5)
            if all(hand.count(species) < 4 for species in kc.Card if species is not SCOUT):
                break
            discard += hand
        hands.append(tuple(hand))
    center = stream.draw(pile, discard, {3: 3, 4: 4, 5: 4, 6: 5, 7: 5}[players])
    return (tuple(teams), tuple(hands), tuple(center), tuple(pile), tuple(sorted(discard)),
            stream.refilled)


@pytest.mark.parametrize("players", range(3, 8))
def test_kc2_kc3_the_deal_is_the_documented_one(players: int) -> None:
    """KC-2, KC-3: team cards, hands, center, pile and discard pile of ``deal_round``
    are those of the docstring's deal, over 300 seeds and chance counters (a redealt hand
    of four of a species among them; with 7 players, seed 7356 is a deal whose redeals
    empty the pile, so its center comes from the refilled discard pile, and seed 714089
    one whose pile runs out while the hands are dealt)."""
    redealt = refilled = 0
    cases = [(seed, seed * 7 % 5) for seed in range(300)] + [
        (2**64 - 1, 9), (7356, 0), (714089, 0)]
    for seed, counter in cases:
        *deal, refills = spec_deal(players, seed, counter)
        assert deal_round(players, ChanceStream(seed, counter)) == tuple(deal)
        redealt += bool(deal[4])
        assert isinstance(refills, int)
        refilled += refills
    assert redealt > 0
    assert refilled > 0 or players < 7


def test_kc2_kc6_a_shuffle_of_any_size_is_the_documented_one() -> None:
    """KC-2, KC-6: ``ChanceStream.shuffled`` of 0 to 56 items, one shuffle after another
    in one stream (so that it reads on past the first 168 bytes it digested), is the
    docstring's Fisher-Yates with rejection, byte for byte, for several seeds: the
    compiled loop's bound of each size and its reading on are the documented ones."""
    for seed, counter in [(0, 0), (1, 5), (99, 2), (2**64 - 1, 17)]:
        stream, spec = ChanceStream(seed, counter), SpecStream(seed, counter)
        for size in [*range(57), 56, 1, 56]:
            items = [f"item {index}" for index in range(size)]
            assert stream.shuffled(items) == spec.shuffle(items), (seed, size)


def test_kc3_a_hand_is_dealt_again_exactly_with_four_of_a_species() -> None:
    """KC-3: of every hand of 5 or 6 cards, in any order, those holding four cards or more
    of one species (Scouts are no species) are the ones dealt again; the deal's table
    gives each hand back sorted."""
    rng = random.Random(3)
    for size in (5, 6):
        for hand in itertools.combinations_with_replacement(kc.Card, size):
            four = any(hand.count(species) >= 4 for species in kc.Card if species is not SCOUT)
            cards = [*kc.DECK[:3], *rng.sample(hand, size), *kc.DECK[3:5]]
            code = _code(cards, 3, 3 + size)
            assert _four_of_a_species(code) == four, hand
            assert _SORTED[_index(code)] == hand, hand


def test_kc3_every_hand_and_center_has_its_own_code() -> None:
    """KC-3: the deal's table holds every sorted hand or center of 3 to 6 cards once, under
    a code no other such hand has."""
    hands = [hand for size in range(3, 7)
             for hand in itertools.combinations_with_replacement(kc.Card, size)]
    codes = [_code(list(hand), 0, len(hand)) for hand in hands]
    assert len(set(codes)) == len(hands) == 2958
    assert [_SORTED[_index(code)] for code in codes] == hands
    assert sorted(filter(None, _SORTED)) == sorted(hands)  # each at one place only


def test_kc2_a_new_game_is_event_0s_deal() -> None:
    """KC-2: ``new_game`` deals chance event 0 and its counter moves to 1; placing the
    pawn deals the next event's round."""
    for players, seed in [(3, 0), (4, 11), (5, 2**63), (6, 8), (7, 123456789)]:
        state = kc.new_game(players, seed)
        teams, hands, center, pile, discard, _ = spec_deal(players, seed, 0)
        assert (state.teams, state.hands, state.center, state.pile, state.discard,
                state.chance) == (teams, hands, center, pile, discard, 1)
        pawn = next(action for action in state.legal_actions(0)
                    if isinstance(action, kc.PlacePawn))
        placed = state.apply(pawn)
        if not placed.is_over:
            assert (placed.teams, placed.hands, placed.center, placed.pile,
                    placed.discard) == spec_deal(players, seed, 1)[:5]


def test_kc6_a_refill_in_a_round_is_the_documented_one() -> None:
    """KC-6: ``draw_cards`` (a cleanup's new center, a Scout's card from the pile) takes
    the pile's cards, then shuffles the sorted discard pile by its own chance event and
    draws on; with cards enough it draws the top ones and no chance event is used."""
    rng = random.Random(6)
    for case in range(300):
        cards = list(kc.DECK)
        rng.shuffle(cards)
        pile, discard = cards[: rng.randrange(4)], cards[10: 10 + rng.randrange(5, 40)]
        count, seed, counter = rng.randint(1, 5), rng.randrange(2**64), rng.randrange(50)
        drawn, new_pile, new_discard, after = draw_cards(
            tuple(pile), tuple(sorted(discard)), count, seed, counter)
        if count <= len(pile):
            assert (drawn, new_pile, new_discard, after) == (
                sorted(pile[len(pile) - count:]), tuple(pile[: len(pile) - count]),
                tuple(sorted(discard)), counter)
            continue
        stream = SpecStream(seed, counter)
        expected_pile, expected_discard = list(pile), list(discard)
        expected = stream.draw(expected_pile, expected_discard, count)
        assert (drawn, new_pile, new_discard, after) == (
            expected, tuple(expected_pile), tuple(expected_discard), counter + 1), case


def test_kc6_a_refill_in_play_is_the_documented_one() -> None:
    """KC-6: in played rounds whose cleanups run the pile out (every card but the hands'
    and the center's starts on the discard pile), every new center is the top of the
    pile, or, when the pile is short, the documented draw of the next chance event."""
    refills = 0
    for seed in range(3):
        hands = [kc.parse_cards(text) for text in (
            "Duck Duck Elk Elk Bear", "Bear Bear Elk Elk Marmot",
            "Polecat Polecat Polecat Marmot Marmot Raccoon")]
        center = kc.parse_cards("Duck Scout Scout")
        state = kc.from_position([V, V, C], hands, center, (),
                                 rest_of_deck(*hands, center), seed=seed)
        for _ in range(40):
            before = state
            for seat in range(3):
                state = state.apply(kc.Pass(seat))
            pile, discard = list(before.pile), sorted(before.discard + before.center)
            if len(pile) < 3:
                drawn = SpecStream(seed, before.chance).draw(pile, discard, 3)
                refills += 1
            else:
                drawn = sorted(pile[-3:])
                del pile[-3:]
            assert (state.center, state.pile, state.discard, state.chance) == (
                tuple(drawn), tuple(pile), tuple(discard), before.chance + (len(before.pile) < 3))
            state = state.apply(kc.Reveal(0))
    assert refills >= 9


def test_from_position_fills_the_pile_by_event_0() -> None:
    """KC-1: ``from_position``'s default pile is the cards not placed, sorted by face,
    shuffled by chance event 0 (its counter then 1)."""
    hands = [kc.parse_cards("Duck Duck Elk Elk Bear"), kc.parse_cards("Bear Bear Elk Elk "
             "Marmot"), kc.parse_cards("Polecat Polecat Polecat Marmot Marmot Raccoon")]
    center = kc.parse_cards("Duck Scout Scout")
    rest = sorted((Counter(kc.DECK) - Counter([*sum(hands, ()), *center])).elements())
    for seed in (0, 1, 99, 2**64 - 1):
        state = kc.from_position([V, V, C], hands, center, seed=seed)
        assert state.pile == tuple(SpecStream(seed, 0).shuffle(rest))
        assert state.chance == 1


def test_same_seed_same_stream_any_length() -> None:
    """A chance event's stream depends on (seed, counter) only, however much is read."""
    first, second = ChanceStream(5, 3), ChanceStream(5, 3)
    for _ in range(6):  # past the first digest's 168 bytes: the stream grows
        assert first.shuffled(kc.DECK) == second.shuffled(kc.DECK)
    assert ChanceStream(5, 3).shuffled(kc.DECK) != ChanceStream(5, 4).shuffled(kc.DECK)
    assert ChanceStream(6, 3).shuffled(kc.DECK) != ChanceStream(5, 3).shuffled(kc.DECK)
    spec, fresh = SpecStream(5, 3), ChanceStream(5, 3)
    assert [spec.shuffle(kc.DECK) for _ in range(6)] == [
        fresh.shuffled(kc.DECK) for _ in range(6)]


def test_shuffle_is_a_permutation() -> None:
    """A shuffle keeps every card, for any number of cards."""
    stream = ChanceStream(1, 1)
    assert stream.shuffled(()) == []
    assert stream.shuffled((DUCK,)) == [DUCK]
    assert Counter(stream.shuffled(kc.DECK)) == Counter(kc.DECK)


def test_each_card_lands_anywhere_equally_often() -> None:
    """KC-3: over 3,000 shuffles of 56 distinct items (fixed seeds), each item's position
    passes a chi-square test against the uniform (55 degrees of freedom: the bound 125 is
    passed by chance about once in ten million), and so does the sum over all items
    (3,080 degrees of freedom, sd 78.5: within six sds)."""
    rounds, size = 3000, 56
    where = [[0] * size for _ in range(size)]
    for counter in range(rounds):
        for position, item in enumerate(ChanceStream(31, counter).shuffled(range(size))):
            where[item][position] += 1
    expected = rounds / size
    chi = [sum((n - expected) ** 2 / expected for n in row) for row in where]
    assert max(chi) < 125, max(chi)
    assert abs(sum(chi) - size * (size - 1)) < 6 * (2 * size * (size - 1)) ** 0.5, sum(chi)


def test_small_shuffles_give_every_order_equally_often() -> None:
    """The rejection leaves no bias: 3 items, 6,000 shuffles, each of the 6 orders about
    1,000 times (chi-square, 5 degrees of freedom, bound 30)."""
    orders = Counter(tuple(ChanceStream(8, k).shuffled("abc")) for k in range(6000))
    assert len(orders) == 6
    assert sum((n - 1000) ** 2 / 1000 for n in orders.values()) < 30, orders


def test_kc2_team_layouts_uniform_table() -> None:
    """KC-2: the team layouts dealt are every distinct arrangement of the cards, each
    about equally often."""
    assert [len(team_orders(n)) for n in range(3, 8)] == [3, 6, 30, 90, 630]
    drawn = Counter(deal_round(4, ChanceStream(2, k))[0] for k in range(3000))
    assert set(drawn) == set(team_orders(4)) and min(drawn.values()) > 400


def test_draw_refills_an_empty_pile_from_the_discards() -> None:
    """KC-3, KC-6: a draw that empties the pile shuffles the discard pile into a new one
    and goes on drawing from it."""
    pile, discard = [DUCK], [ELK, BEAR, SCOUT]
    drawn = _draw(pile, discard, 3, ChanceStream(0, 0))
    assert DUCK in drawn and len(drawn) == 3 and drawn == sorted(drawn)
    assert discard == [] and len(pile) == 1
    assert Counter(drawn + pile) == Counter([DUCK, ELK, BEAR, SCOUT])


def test_bad_arguments() -> None:
    """new_game checks its arguments; views and team tables check seats and counts."""
    with pytest.raises(kc.PositionError, match="a seed is an int from 0 to 2"):
        kc.new_game(5, "seed")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="KC-2"):
        kc.team_cards(8)
    state = kc.new_game(4, 1)
    with pytest.raises(ValueError):
        state.view(4)
    with pytest.raises(kc.IllegalActionError, match="no seat"):
        state.apply(kc.PlacePawn(0, DUCK, 9))
    with pytest.raises(kc.IllegalActionError, match="names a seat"):
        state.apply(kc.PlacePawn(0, DUCK, "p1"))  # type: ignore[arg-type]


@pytest.mark.parametrize(("seed", "text"), [
    (2**64, None), (-1, None), (-(2**63), None), (2**2048, None), (10**617, "1" + "0" * 617),
    (10**5000, "1" + "0" * 5000), (-(10**5000), "-1" + "0" * 5000),
], ids=["2^64", "-1", "-2^63", "2^2048", "10^617", "10^5000", "-10^5000"])
def test_kc2_a_seed_outside_0_to_max_seed_is_refused_by_every_entry_point(
        seed: int, text: str | None) -> None:
    """KC-2 (embedding contract, issue 27): a seed is an int from 0 to 2**64 - 1
    (MAX_SEED), as in Unhappy Campers. new_game, from_position and loads refuse any other
    int (negative, one past the range, too long to print) with the package's errors, the
    state untouched."""
    with pytest.raises(kc.PositionError, match=r"from 0 to 2\*\*64 - 1 \(MAX_SEED\)"):
        kc.new_game(5, seed)
    state = kc.new_game(5, 3)
    with pytest.raises(kc.PositionError, match="MAX_SEED"):
        kc.from_position(state.teams, state.hands, state.center, state.pile, state.discard,
                         revealed=False, seed=seed)
    document = kc.dumps(state).replace('"seed":3,', '"seed":1,', 1)
    assert kc.loads(document).seed == 1  # the field is where the test edits it
    with pytest.raises(kc.SerializationError):
        kc.loads(document.replace('"seed":1,', f'"seed":{text or str(seed)},', 1))
    assert state == kc.new_game(5, 3)


@pytest.mark.parametrize("seed", [0, 2**64 - 1, 2**63, 2**32 + 5],
                         ids=["0", "2^64-1", "2^63", "2^32+5"])
def test_kc2_any_seed_from_0_to_max_seed_deals_every_round(seed: int) -> None:
    """KC-2: a seed from 0 to MAX_SEED plays a whole game, every round dealt from it, and
    survives the JSON round trip."""
    assert kc.MAX_SEED == 2**64 - 1
    state = kc.new_game(5, seed)
    step = 0
    while not state.is_over and step < 400:
        seat = step % 5
        legal = state.legal_actions(seat)
        if legal:
            state = state.apply(legal[(step * 7) % len(legal)])
        step += 1
    assert len(state.round_results) >= 1
    assert kc.loads(kc.dumps(state)) == state


@pytest.mark.parametrize("sign", [1, -1])
def test_seed_text_turns_hex_exactly_at_python_int_text_limit(sign: int) -> None:
    """KC-2 (embedding contract): a seed's text for hashing (bots' schedules, simulated
    game seeds) is decimal below 10**4300 in size and hex from there on, in both builds
    (the bound is made by pow(): mypyc 2.4.1 crashes compiling the literal 10**4300)."""
    below, at = sign * (10**4300 - 1), sign * 10**4300
    assert seed_text(below) == str(below)
    assert seed_text(at) == f"x{at:x}"
    assert seed_text(2**64 - 1) == "18446744073709551615"


def _faces(words: tuple[int, int, int, int]) -> list[int]:
    """The faces of a ``DeckWords``, bottom first (4 bits a position, 16 a word)."""
    return [words[position >> 4] >> 4 * (position & 15) & 15 for position in range(56)]


@pytest.mark.parametrize("before", [0, 1, 3, 40])
def test_kc2_the_deck_shuffled_as_native_ints_is_the_documented_shuffle(before: int) -> None:
    """KC-2, KC-6: ``ChanceStream.shuffled_deck`` orders the deck as ``shuffled(DECK)``
    does and reads as many bytes, over 400 seeds and counters, at the start of a stream
    and after shuffles of other sizes (so that it reads on past the first 168 bytes)."""
    for seed in range(400):
        words_stream, list_stream = ChanceStream(seed, seed % 7), ChanceStream(seed, seed % 7)
        for stream in (words_stream, list_stream):
            for _ in range(before // 20):
                stream.shuffled(range(20))
            stream.shuffled(range(before % 20))
        words = words_stream.shuffled_deck()
        assert _faces(words) == [int(card) for card in list_stream.shuffled(kc.DECK)], seed
        assert words_stream.shuffled((DUCK, BEAR, ELK)) == list_stream.shuffled(
            (DUCK, BEAR, ELK)), seed  # both read on from the same byte


def test_kc3_hands_read_from_native_ints_are_the_hands_read_from_the_list() -> None:
    """KC-3: a hand's code read from a shuffled deck's native ints (``_words_code``) and
    the cards below a position (``_cards``) are those of the list of its cards, for every
    hand size and position, over 50 seeds."""
    rng = random.Random(3)
    for seed in range(50):
        words = ChanceStream(seed, 1).shuffled_deck()
        cards = ChanceStream(seed, 1).shuffled(kc.DECK)
        for size in (3, 4, 5, 6):
            for start in range(57 - size):
                assert _words_code(*words, start, start + size) == _code(cards, start,
                                                                         start + size)
        stop = rng.randrange(57)
        assert _cards(*words, stop) == tuple(cards[:stop])


@pytest.mark.parametrize("players", range(3, 8))
def test_kc2_the_team_cards_shuffled_by_their_code_are_the_documented_shuffle(
    players: int,
) -> None:
    """KC-2: ``ChanceStream.shuffled_teams`` gives ``tuple(shuffled(team_cards))`` and
    reads as many bytes, over 1,500 seeds and counters, at the start of a stream and read
    on past its first 168 bytes; its table, made at the first deal, holds each of
    ``team_orders`` equally often, as the very tuples ``team_orders`` lists."""
    cards = kc.team_cards(players)
    for seed in range(1500):
        by_code, by_list = ChanceStream(seed, seed % 11), ChanceStream(seed, seed % 11)
        for stream in (by_code, by_list):
            for _ in range(seed % 3):
                stream.shuffled(range(56))
        assert by_code.shuffled_teams(players) == tuple(by_list.shuffled(cards)), seed
        assert by_code.shuffled(range(9)) == by_list.shuffled(range(9)), seed
    table = _team_shuffles(players)
    assert _TEAM_SHUFFLES[players] == table  # made at the first deal, kept
    orders = team_orders(players)
    assert Counter(map(id, table)) == dict.fromkeys(
        map(id, orders), len(table) // len(orders))


@pytest.mark.parametrize("used", [0, 100, 160, 166, 167, 168])
def test_kc2_the_teams_and_deck_read_on_from_any_byte_as_the_documented_shuffle(
    used: int,
) -> None:
    """KC-2, KC-6: ``shuffled_teams`` and ``shuffled_deck``, which hold the stream's bytes
    and their length as locals, read on at the end of the bytes digested so far (168, then
    twice the count read) as ``shuffled`` does, starting at that end or before it, over
    300 seeds."""
    for seed in range(300):
        for players in (3, 5, 7):
            native, listed = ChanceStream(seed, players), ChanceStream(seed, players)
            native._used = listed._used = used
            teams = native.shuffled_teams(players)
            assert teams == tuple(listed.shuffled(kc.team_cards(players))), (seed, used)
            assert _faces(native.shuffled_deck()) == [
                int(card) for card in listed.shuffled(kc.DECK)], (seed, used)
            assert native.shuffled(range(5)) == listed.shuffled(range(5)), (seed, used)
