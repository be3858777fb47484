"""The turn and round flow pinned down (UC-6, UC-8, UC-20, UC-21, UC-32), written to kill
mutants of ``campers_rules/_work.py`` the older tests let live (issue 15)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import campers_rules as uc
from campers_rules import Card, parse_cards
from campers_rules._validate import all_cards
from tests.campers.game_strategies import RUN_FOUR, SET_OR_RUN, SET_THREE, g, play

COMPLETE_SET_THREE = (SET_THREE, [g("SET B5 Y5 R5"), g("SET B9 Y9 R9")])
"""c05 complete: 2 SETS OF 3."""
COMPLETE_RUN_FOUR = (RUN_FOUR, [g("RUN B2 B3 B4 B5"), g("RUN G7 G8 G9 G10")])
"""c03 complete: 2 RUNS OF 4."""


def h(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


def _rest(*texts: str) -> list[Card]:
    """Every card of the deck less the given ones (a hand holding all the others)."""
    used = Counter(card for text in texts for card in parse_cards(text))
    return sorted((Counter(uc.DECK) - used).elements())


@pytest.mark.parametrize(("hand", "under", "top"), [("B5", "Y2", "R9"), ("G7 G8", "W", "B2")])
def test_uc6_an_empty_deck_is_rebuilt_from_a_discard_pile_of_two(
        hand: str, under: str, top: str) -> None:
    """UC-6: with the deck empty and two cards in the discard pile, the one under the top
    is shuffled into a new deck and drawn; the top stays."""
    state = uc.from_position([hand, _rest(hand, under, top)], discard=f"{under} {top}",
                             rest="discard")
    assert state.deck == () and len(state.discard) == 2
    after = play(state, "p0 draw 1")
    assert after.hands[0] == h(f"{hand} {under}")
    assert after.discard == parse_cards(top) and after.deck == ()
    assert all_cards(after) == Counter(uc.DECK)


@pytest.mark.parametrize(("hand", "last", "top"), [("B5", "Y2", "R9"), ("G7 W", "B13", "Y3")])
def test_uc6_drawing_two_with_one_card_left_takes_it_and_empties_the_deck(
        hand: str, last: str, top: str) -> None:
    """UC-6: a draw of 2 from a deck of one card, with only the discard top left, takes
    that card and leaves the deck empty (no card is drawn twice)."""
    state = uc.from_position([hand, _rest(hand, last, top)], discard=top, deck=last)
    assert state.deck == parse_cards(last)
    after = play(state, "p0 draw 2")
    assert after.hands[0] == h(f"{hand} {last}") and after.deck == ()
    assert after.discard == parse_cards(top) and after.phase is uc.Phase.PLAY
    assert all_cards(after) == Counter(uc.DECK)


@pytest.mark.parametrize(
    ("hands", "table", "went_out"),
    [
        # p1 and p3 pass their last card and receive none (their right neighbours hold
        # none): both are out at once; p1 is the first to the left of the turn's player
        (["LostCamper", "Y13", "", "G13"],
         [[], [COMPLETE_SET_THREE], [], [COMPLETE_RUN_FOUR]], 1),
        (["LostCamper", "Y13", "", "G13", "R13"],
         [[], [COMPLETE_SET_THREE], [], [COMPLETE_RUN_FOUR], []], 1),
        (["LostCamper", "", "Y13", "", "G13"],
         [[], [], [COMPLETE_SET_THREE], [], [COMPLETE_RUN_FOUR]], 2),
    ],
)
def test_uc8_of_two_players_out_at_once_the_first_left_of_the_turn_goes_out(
        hands: list[str], table: list[list[tuple[int, list[uc.Group]]]], went_out: int) -> None:
    """UC-8: whoever's turn it is, a player with an empty hand and a complete campsite is
    out; when one Lost Camper pass (UC-18) empties two such hands, the round ends with the
    first of them in turn order from the turn's player."""
    state = uc.from_position(hands, phase=uc.Phase.PLAY, table=table,
                             config=uc.Config(rounds=2))
    after = play(state, "p0 play LostCamper")
    for seat in sorted(after.actors):
        after = play(after, f"p{seat} pass {after.hands[seat][0]}")
    assert after.round_results[0].went_out == went_out
    assert after.round_results[0].reason is uc.RoundEnd.WENT_OUT


@pytest.mark.parametrize("first_primitive", [True, False])
def test_uc20_the_goer_out_scores_every_campsite(first_primitive: bool) -> None:
    """UC-20: the goer-out scores each complete campsite's points plus 1 per primitive one,
    whatever the order of their campsites."""
    complete = COMPLETE_SET_THREE
    primitive = (RUN_FOUR, [g("RUN B2 B3 B4 Y5")])
    other = (SET_OR_RUN, [g("SET B7 Y7 R7")])
    sites = [primitive, complete, other] if first_primitive else [complete, other, primitive]
    state = uc.from_position(["G9", "G11"], phase=uc.Phase.PLAY, table=[sites, []],
                             config=uc.Config(rounds=2), campground=[])
    after = play(state, "p0 discard G9")
    points = uc.CATALOGUE[SET_THREE].points
    assert after.round_results[0].points == (points + 2, 0)
    assert after.scores == (points + 2, 0)


def test_uc20_campsites_not_kept_return_and_every_campsite_stays_in_play() -> None:
    """UC-20, UC-21: after a round the campsites not kept go back to the campground and
    pile; the next round deals from them; each of the 15 campsites is somewhere, once."""
    table = [[COMPLETE_SET_THREE, (RUN_FOUR, [g("RUN B2 B3 B4 Y5")])],
             [(SET_OR_RUN, [g("SET G7 Y7 R7")])]]
    state = uc.from_position(["G9", "G11"], phase=uc.Phase.PLAY, table=table,
                             config=uc.Config(rounds=3))
    after = play(state, "p0 discard G9")
    assert after.round == 1 and after.kept == ((SET_THREE,), ())
    places = [*after.campground, *after.pile, *(k for seat in after.kept for k in seat)]
    assert sorted(places) == list(range(len(uc.CATALOGUE)))
    assert len(after.campground) == 3


def test_uc8_going_out_by_a_discard_starts_the_next_round_at_its_first_turn() -> None:
    """UC-8, UC-21: a discard that goes out ends the round at once; the next round starts
    with the player left of the new dealer, drawing, at turn 1 (the discard passes no
    turn)."""
    for players in (2, 3, 4):
        hands = ["G9", *["G11", "Y11", "R11"][: players - 1]]
        table = [[COMPLETE_SET_THREE], *([[]] * (players - 1))]
        state = uc.from_position(hands, phase=uc.Phase.PLAY, table=table,
                                 config=uc.Config(rounds=2))
        after = play(state, "p0 discard G9")
        assert after.round == 1 and after.round_results[0].went_out == 0
        assert after.turn == (after.dealer + 1) % players
        assert after.phase is uc.Phase.DRAW and after.turns_taken == 1


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 5), (4, 9), (6, 2)])
def test_uc21_a_game_of_three_rounds_records_each_and_ends_clean(players: int, seed: int) -> None:
    """UC-21, UC-22, UC-32: a three-round game numbers its round results 0, 1, 2; scores
    start at 0 and add up the rounds; each applied action moves the version on by one (a
    Lost Camper choice or a Bear Spray decline may share one); the finished state holds
    no hand, table, pending decision, skip or played action card, and all 126 cards in
    the deck."""
    rng = random.Random(seed)
    config = uc.Config(rounds=3, turn_cap=6)
    state = uc.new_game(players, seed, config=config)
    assert state.scores == (0,) * players and state.skips == (0,) * players
    assert state.action_played is False and state.version == 0
    for _ in range(3 * 6 * 40):
        if state.is_over:
            break
        actor = min(state.actors)
        action = rng.choice(state.legal_actions(actor))
        before = state
        state = state.apply(action)
        shared = isinstance(action, uc.PassLeft | uc.Decline)
        assert state.version == before.version + 1 or (
            shared and state.version == before.version)
        assert type(state.action_played) is bool and type(state.turns_taken) is int
    assert state.is_over
    assert [r.round for r in state.round_results] == [0, 1, 2]
    assert state.scores == tuple(
        sum(r.points[p] for r in state.round_results) for p in range(players))
    assert state.hands == ((),) * players and state.table == ((),) * players
    assert state.deck == uc.DECK and state.discard == ()
    assert state.pending is None and state.skips == (0,) * players
    assert state.action_played is False and state.turns_taken == 0
    assert uc.loads(uc.dumps(state)) == state
