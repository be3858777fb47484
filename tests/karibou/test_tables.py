"""Karibou Camp keeps no memo (issue 12): what it would remember is a table made at import,
over a small fixed domain, and each table equals the computation it replaces. Playing
games changes no module-level container, and no function is a functools cache."""

from __future__ import annotations

import hashlib
import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import karibou_rules as kc
from karibou_rules import _deal, _rules, _scoring
from karibou_rules._cards import MAX_PLAYERS, MIN_PLAYERS, check_seat, team_cards
from karibou_rules._config import WINNING_SCORE
from tests.karibou.strategies import long_round_play
from tests.package_scan import containers, functools_caches, modules


def test_kc8_a_seats_lists_match_those_of_its_real_team_layout() -> None:
    """The signs and pawn placements a seat may make (KC-8: nobody names the Coyote, only
    the Coyote names himself), read from the table by the Coyote's seat, equal the lists
    made from every real team layout of every number of players."""
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        layouts = _deal.team_orders(players)
        assert layouts == tuple(sorted(set(itertools.permutations(team_cards(players)))))
        for teams in layouts:
            for player in range(players):
                assert _rules._seat_lists(player, teams) == _rules._make_seat_lists(player, teams)


def test_kc8_an_id_listing_is_its_listing_sorted_and_the_pawns_come_last() -> None:
    """KC-4..KC-8: a seat's sorted pawn ids are its anytime ids past the seven signs,
    sorted; in long rounds (exchanges, Scouts, completions, passes) of every number of
    players, the ids listed are the ids of the action listing, sorted."""
    phases = set()
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        for teams in _deal.team_orders(players):
            for player in range(players):
                lists = _rules._seat_lists(player, teams)
                assert lists.pawn_ids == tuple(sorted(lists.anytime[len(kc.SPECIES):]))
        for seed, steps in itertools.product(range(4), range(0, 60, 3)):
            state = long_round_play(players, seed, steps)
            phases.add(state.phase)
            for seat in range(players):
                listing = _rules.seat_option_ids(
                    seat, state.phase, state.teams, state.hands[seat], state.center,
                    state.passed, state.scout_player, state.version)
                assert state.legal_action_ids(seat) == sorted(listing)
    assert {kc.Phase.EXCHANGE, kc.Phase.SCOUT} <= phases


def test_the_seat_sets_and_deal_tables_are_the_plain_values() -> None:
    """The seat sets (every seat; every seat but one, those a sign made with no
    ``noticed_by`` is noticed by, KC-7), the deal's tables (team cards, center sizes,
    the place each byte picks in the shuffle, or none, the
    bits of a half of a hand's code) and the rules' last version
    (KC-17), equal what they replace."""
    players = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    assert [_rules.all_seats(n) for n in players] == [frozenset(range(n)) for n in players]
    assert [[_rules.other_seats(n, seat) for seat in range(n)] for n in players] == [
        [frozenset(range(n)) - {seat} for seat in range(n)] for n in players]
    assert [_deal._TEAM_CARDS[n] for n in players] == [team_cards(n) for n in players]
    assert [_deal._CENTER_SIZES[n] for n in players] == [kc.center_size(n) for n in players]
    assert [list(_deal._PLACES[n]) for n in range(2, 57)] == [
        [b % n if b < 256 - 256 % n else 255 for b in range(256)] for n in range(2, 57)]
    assert [3 * len(kc.Card) // 2, 2**12 - 1] == [_deal._HALF_BITS, _deal._HALF_MASK]
    assert _rules.LAST_VERSION == kc.MAX_VERSION == 2**53 - 1  # KC-17's last version


def test_kc10_the_points_table_gives_the_rulebook_points() -> None:
    """KC-10: the scoring's table of points, for every number of players, rightness,
    placer and second seat the placement is about (the named teammate of a claim, else the
    placer), gives those seats 2 (right on the species tile), 1 (right on All) or 0
    (wrong), and everybody else 0, 0 or 1."""
    marks = {_scoring.EXACT: (2, 0), _scoring.ON_ALL: (1, 0), _scoring.WRONG: (0, 1)}
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        for (rightness, (mark, others)), placer, marked in itertools.product(
                marks.items(), range(players), range(players)):
            expected = [others] * players
            expected[placer] = expected[marked] = mark
            assert _scoring._POINTS[players][rightness][placer][marked] == tuple(expected)


def test_no_function_is_a_functools_cache() -> None:
    assert functools_caches(modules(kc)) == []


def test_playing_changes_no_module_level_container() -> None:
    """Whole random games through objects, ids and views leave every module-level dict,
    list and set of the package as it was."""
    found = modules(kc)
    before = {module.__name__: containers(module) for module in found}
    rng = random.Random(5)
    for seed in range(6):
        state = kc.new_game(3 + seed % 5, seed)
        while not state.is_over:
            seat = rng.randrange(state.num_players)
            state.view(seat).legal_actions()
            ids = state.legal_action_ids(seat)
            if rng.random() < 0.5:
                state = state.apply_action_id(seat, rng.choice(ids))
            else:
                state = state.apply(rng.choice(state.legal_actions(seat)))
    assert {module.__name__: containers(module) for module in found} == before


def test_the_streams_digest_and_the_winning_score_are_the_plain_values() -> None:
    """The stream's ``digest``, called as the hash type's method, gives the bytes the
    object's own ``digest`` gives, of one block and past it (KC-3's deal reads them); the
    rulebook's winning score the rules read is the options' (KC-11)."""
    for seed, counter, length in itertools.product((0, 7, 2**64 - 1), (0, 1, 12), (168, 400)):
        text = b"karibou:%d:%d" % (seed, counter)
        assert _deal._DIGEST(hashlib.shake_128(text), length) == hashlib.shake_128(
            text).digest(length)
    assert _rules._WINNING == WINNING_SCORE == kc.Config().winning_score


def test_kc2_a_seat_is_read_against_the_number_of_teams() -> None:
    """KC-2: the listing's seat check, given the number of a state's team cards (one a
    seat), takes every seat of every number of players and refuses the others (bools,
    numbers out of range, other types) with a SeatError, as ``check_seat`` does."""
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        state = kc.new_game(players, players)
        assert len(state.teams) == state.num_players
        assert [_rules._seat(len(state.teams), seat) for seat in range(players)] == list(
            range(players))
        for bad in (-1, players, True, 1.0, "0", None):
            with pytest.raises(kc.SeatError):
                _rules._seat(players, bad)
            with pytest.raises(kc.SeatError):
                check_seat(players, bad)
            with pytest.raises(kc.SeatError):
                state.legal_action_ids(bad)  # type: ignore[arg-type]


@given(st.lists(st.sampled_from(list(kc.Card)), max_size=8))
def test_the_species_listed_of_sorted_cards_are_those_of_a_dict_of_them(
    cards: list[kc.Card],
) -> None:
    """KC-4, KC-5: the species a listing offers from a sorted hand or center (the gives
    and takes of the exchanges, the completions) are each species of the cards once, in
    order, without the Scout, as a dict of the cards lists them."""
    ordered = tuple(sorted(cards))
    expected = [card for card in dict.fromkeys(ordered) if card is not kc.Card.SCOUT]
    assert _rules._species_in(ordered) == expected
