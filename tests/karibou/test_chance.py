"""Chance (KC-3, KC-6): shuffles and draws come from the seed, the same everywhere."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

import karibou_rules as kc
from karibou_rules._deal import ChanceStream, _draw, seed_text, team_orders
from tests.karibou.strategies import BEAR, DUCK, ELK, SCOUT


def test_same_seed_same_stream_any_length() -> None:
    """A chance event's stream depends on (seed, counter) only, however much is read."""
    first, second = ChanceStream(5, 3), ChanceStream(5, 3)
    for _ in range(4):  # past the first digest: the stream grows
        assert first.shuffled(kc.DECK) == second.shuffled(kc.DECK)
    assert ChanceStream(5, 3).shuffled(kc.DECK) != ChanceStream(5, 4).shuffled(kc.DECK)
    assert ChanceStream(-5, 3).shuffled(kc.DECK) != ChanceStream(5, 3).shuffled(kc.DECK)


@pytest.mark.parametrize("count", [0, 1, 2, 9, 56])
def test_shuffle_is_the_documented_keyed_sort(count: int) -> None:
    """KC-3, KC-6: a shuffle orders the cards by the big-endian 64-bit keys of the
    event's SHAKE-128 stream, each key's lowest byte replaced by the card's face (the
    stream's first 8 bytes drawn before it), whatever the shortcuts of the engine."""
    for seed, counter in [(0, 0), (7, 3), (-12, 1), (2**40, 99)]:
        cards = sorted(kc.DECK[:: 56 // count] if count else ())[:count]
        stream = ChanceStream(seed, counter)
        stream.below(2)
        raw = hashlib.shake_128(f"karibou:{seed}:{counter}".encode()).digest(8 + 8 * count)
        keys = [int.from_bytes(raw[8 + 8 * i : 16 + 8 * i], "big") for i in range(count)]
        expected = [card for _, card in sorted(
            ((key >> 8) << 8 | int(card), card) for key, card in zip(keys, cards, strict=True))]
        assert stream.shuffled(cards) == expected


def test_shuffle_is_a_permutation() -> None:
    """A shuffle keeps every card, for any number of cards."""
    stream = ChanceStream(1, 1)
    assert stream.shuffled(()) == []
    assert stream.shuffled((DUCK,)) == [DUCK]
    assert Counter(stream.shuffled(kc.DECK)) == Counter(kc.DECK)


def test_shuffles_look_uniform() -> None:
    """Each face lands on top of a shuffled deck about equally often (a smoke test of
    the keyed sort, 4,000 shuffles, each face expected 500 times)."""
    tops = Counter(ChanceStream(9, k).shuffled(kc.DECK)[-1] for k in range(4000))
    assert all(400 < tops[card] < 600 for card in kc.Card), tops


def test_team_layouts_uniform_table() -> None:
    """KC-2: the team layouts drawn from are every distinct arrangement of the cards."""
    assert [len(team_orders(n)) for n in range(3, 8)] == [3, 6, 30, 90, 630]
    drawn = Counter(team_orders(4)[ChanceStream(2, k).below(6)] for k in range(3000))
    assert len(drawn) == 6 and min(drawn.values()) > 400


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
