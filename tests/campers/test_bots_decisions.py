"""The heuristic bot's decisions about action cards, rearrangements and growing campsites
(issue 11), each on hand-built positions (``from_position``), and its action mix over a
50-game simulation."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest

import campers_rules as uc
from campers_rules._summary import format_summary, summarize

g = uc.Group.parse
PLAY = uc.Phase.PLAY
Table = Sequence[Sequence[tuple[int, Sequence[uc.Group]]]]
COMPLETE_SET = [(6, [g("SET B9 Y9 R9 G9")])]
"""Campsite c07 (1 SET OF 3 | 1 SET OF 4), complete."""


def decide(state: uc.State, player: int = 0) -> uc.Action:
    """What a heuristic bot in this seat chooses (its rng is never consulted)."""
    return uc.HeuristicBot().choose(state.view(player), state.legal_actions(player),
                                    random.Random(0))


# ----------------------------------------------------------------------------- S'mores


@pytest.mark.parametrize("hand", [
    "Smores B5 G9 Y12",
    "Smores W",
    "Smores B2 Y4 R6 G8 B10 Y12",
])
def test_plays_smores_when_short_of_cards(hand: str) -> None:
    """UC-15: without a complete campsite and with at most a deal's worth of cards, the
    bot plays S'mores (everyone draws 2) instead of discarding it."""
    state = uc.from_position([hand, "B3 B4", "Y2 Y3"], phase=PLAY)
    assert decide(state) == uc.Smores(0)


@pytest.mark.parametrize(("hand", "table"), [
    ("Smores B2 Y4 R6 G8 B10 Y12 G3 R9 Y13", None),  # nine cards: not short of cards
    ("Smores B2 Y13", [COMPLETE_SET, [], []]),  # complete: it sheds cards instead
])
def test_keeps_smores_when_it_needs_no_cards(hand: str, table: Table | None) -> None:
    """UC-15: S'mores is not played with a big hand or once a campsite is complete."""
    state = uc.from_position([hand, "B3 B4", "Y2 Y3"], phase=PLAY, table=table)
    assert any(isinstance(a, uc.Smores) for a in state.legal_actions(0))
    assert not isinstance(decide(state), uc.Smores)


# ----------------------------------------------------------------------------- Lost Camper


@pytest.mark.parametrize(("hand", "table"), [
    ("LostCamper B5 B6 B7 Y12", None),  # Y12 connects to nothing
    ("LostCamper B5 Y3", [COMPLETE_SET, [], []]),  # complete: the play sheds a card
])
def test_plays_lost_camper_with_a_dead_card_or_when_complete(
    hand: str, table: Table | None
) -> None:
    """UC-18: the bot plays Lost Camper when it holds a card it does not need or owns a
    complete campsite."""
    state = uc.from_position([hand, "G2 G3", "Y2 Y9"], phase=PLAY, table=table)
    assert decide(state) == uc.LostCamper(0)


def test_keeps_lost_camper_with_a_connected_hand() -> None:
    """UC-18: every card connects to the others and no campsite is complete: no pass."""
    state = uc.from_position(["LostCamper B5 B6 B7 Y5 Y6 R7", "G2 G3", "Y2 Y9"], phase=PLAY)
    assert any(isinstance(a, uc.LostCamper) for a in state.legal_actions(0))
    assert not isinstance(decide(state), uc.LostCamper)


def test_lost_camper_passes_each_seats_least_useful_card() -> None:
    """UC-18: under Lost Camper every bot passes the card that connects least to its hand."""
    hands = ["LostCamper B5 B6 B7 Y12", "G2 G3 G4 R11", "Y2 Y9 Y10", "R8 R8 R10 G13"]
    state = uc.from_position(hands, phase=PLAY)
    state = state.apply(decide(state))
    assert isinstance(state.pending, uc.PassChoice)
    passed = {p: decide(state, p) for p in sorted(state.actors)}
    assert passed == {
        0: uc.PassLeft(0, uc.Card.parse("Y12")),
        1: uc.PassLeft(1, uc.Card.parse("R11")),
        2: uc.PassLeft(2, uc.Card.parse("Y2")),
        3: uc.PassLeft(3, uc.Card.parse("G13")),
    }


# ----------------------------------------------------------------------------- Trash Panda


@pytest.mark.parametrize(("hand", "discard", "taken"), [
    ("TrashPanda B5 B6 B8 Y11 G3", "R2 G9 B7 Y13 R13", "B7"),  # fills a run
    ("TrashPanda B5 B6 B8 Y11 G3", "W B2 Y13 R13 G12", "W"),  # a wild, five deep
    ("TrashPanda B9 Y9 R4 G12", "G2 Y9 R13 B13 Y6", "Y9"),  # the duplicate makes a set
])
def test_trash_panda_takes_the_most_useful_card(hand: str, discard: str, taken: str) -> None:
    """UC-19: the bot plays Trash Panda for the card of the five that helps its hand most."""
    state = uc.from_position([hand, "B3 B4", "Y2 Y3"], phase=PLAY, discard=discard)
    action = decide(state)
    assert isinstance(action, uc.TrashPanda) and str(action.card) == taken
    assert uc.Card.parse(taken) in state.apply(action).hands[0]


def test_trash_panda_is_kept_when_nothing_under_it_helps() -> None:
    """UC-19: when none of the five beats the hand's least useful card, no Trash Panda."""
    state = uc.from_position(["TrashPanda B5 B6 B7 Y5 Y6 R7", "B3 B4", "Y2 Y3"], phase=PLAY,
                             discard="G13 G12 R12 Y13 B13")
    assert any(isinstance(a, uc.TrashPanda) for a in state.legal_actions(0))
    assert not isinstance(decide(state), uc.TrashPanda)


# ----------------------------------------------------------------------------- rearranging


def _after(state: uc.State, action: uc.Action) -> dict[int, tuple[int, bool]]:
    """Each own campsite after the action: (cards on it, complete?)."""
    after = state.apply(action)
    catalogue = after.config.catalogue
    return {
        s.campsite: (sum(grp.size for grp in s.groups), catalogue[s.campsite].is_complete(s.groups))
        for s in after.table[0]
    }


@pytest.mark.parametrize(("run", "ground", "expected"), [
    # c06 (RUN OF 4 | RUN OF 6) holds a run of 10: 6 stay complete, 4 claim c03 (RUN OF 4)
    ("RUN B2 Y3 R4 G5 B6 Y7 R8 G9 B10 Y11", [2, 4, 7], {5: (6, True), 2: (4, False)}),
    # the same run beside c09 (RUN OF 5) and c03: only c03 lets c06 stay complete
    ("RUN B3 Y4 R5 G6 B7 Y8 R9 G10 B11 Y12", [8, 2], {5: (6, True), 2: (4, False)}),
])
def test_splits_a_long_run_to_claim_a_second_campsite(
    run: str, ground: list[int], expected: dict[int, tuple[int, bool]]
) -> None:
    """UC-11, the rulebook's example: a run of 10 split into 6 and 4 claims a campsite."""
    state = uc.from_position(["Y13 R2", "B3 B4", "Y2 Y3"], phase=PLAY,
                             table=[[(5, [g(run)])], [], []], campground=ground)
    action = decide(state)
    assert isinstance(action, uc.Rearrange)
    assert _after(state, action) == expected


def test_splits_a_run_of_eight_to_complete_two_runs_of_four() -> None:
    """UC-11: on c03 (1 RUN OF 4 | 2 RUNS OF 4) a run of 8 split in two completes it."""
    state = uc.from_position(["Y13 R13", "B3 B4", "Y2 Y3"], phase=PLAY,
                             table=[[(2, [g("RUN B2 Y3 R4 G5 B6 Y7 R8 G9")])], [], []],
                             campground=[4, 7])
    action = decide(state)
    assert isinstance(action, uc.Rearrange)
    assert _after(state, action) == {2: (8, True)}


def test_never_rearranges_a_complete_campsite_away() -> None:
    """UC-11: a split that claims c03 but leaves c09 (RUN OF 8) incomplete is not made."""
    state = uc.from_position(["Y13 R13", "B3 B4", "Y2 Y3"], phase=PLAY,
                             table=[[(8, [g("RUN B2 Y3 R4 G5 B6 Y7 R8 G9 B10")])], [], []],
                             campground=[2, 4])
    assert any(isinstance(a, uc.Rearrange) for a in state.legal_actions(0))
    assert not isinstance(decide(state), uc.Rearrange)


# ----------------------------------------------------------------------------- growing


@pytest.mark.parametrize(("campsite", "group", "card"), [
    (8, "RUN B2 Y3 R4 G5 B6", "B7"),  # c09: a run of 5 toward 1 RUN OF 8
    (2, "RUN B2 Y3 R4 G5", "B6"),  # c03: toward a run of 8, to split into 2 RUNS OF 4
    (3, "COLOR GROUP B2 B5 B9 B11", "B7"),  # c04: toward 7 CARDS OF THE SAME COLOR
    (10, "COLOR RUN G2 G3 G4 G5", "G6"),  # c11: toward 1 COLOR RUN OF 7
])
def test_lengthens_a_group_toward_its_complete_face(campsite: int, group: str, card: str) -> None:
    """UC-7: before completing, the bot adds a card that lengthens a group its complete
    face wants longer, rather than waiting for the one card that completes it."""
    state = uc.from_position([f"{card} Y10 R13", "B3 B4", "Y2 Y3"], phase=PLAY,
                             table=[[(campsite, [g(group)])], [], []], campground=[4, 7])
    action = decide(state)
    assert isinstance(action, uc.AddCard) and str(action.card) == card


def test_does_not_lengthen_a_group_already_long_enough() -> None:
    """UC-7: on c05 (1 SET OF 3 | 2 SETS OF 3) a fourth card brings the set no closer."""
    state = uc.from_position(["G9 Y2 R13", "B3 B4", "Y2 Y3"], phase=PLAY,
                             table=[[(4, [g("SET B9 Y9 R9")])], [], []], campground=[6, 7])
    assert any(isinstance(a, uc.AddCard) for a in state.legal_actions(0))
    assert not isinstance(decide(state), uc.AddCard)


# ----------------------------------------------------------------------------- drawing


@pytest.mark.parametrize(("hand", "top", "ground", "takes"), [
    ("B5 B6 B8 Y12 G3", "B7", None, True),  # fills a run: better than Y12 or G3
    ("W B9 R2", "W", None, True),  # a wild is always worth taking
    # a stalled round's hand: B3 would be its least useful card, discarded again at once
    ("B2 Y2 R2 G2 G2 B4 B4 Y4 G4 G4", "B3", [8, 12, 13], False),
    ("B10 Y10 R10 Y11 Y12 R12 G12 G3 G3 BearAttack", "B3", [8, 12, 13], False),
])
def test_takes_the_discard_top_only_when_it_beats_its_worst_card(
    hand: str, top: str, ground: list[int] | None, takes: bool
) -> None:
    """UC-6: the bot takes the discard top when it connects to its hand and is better than
    its least useful card; otherwise it draws from the deck. (Two bots taking the discard top
    and discarding it again for 200 turns were the stalled rounds of UC-22.)"""
    state = uc.from_position([hand, "B3 B11", "Y3 Y11"], discard=top, campground=ground)
    assert (decide(state) == uc.TakeDiscard(0)) is takes


# ----------------------------------------------------------------------------- whole games


def test_heuristic_bot_ignores_its_rng() -> None:
    """Determinism: heuristic bots play the same game whatever seed their rng gets."""
    bots: list[uc.Bot] = [uc.HeuristicBot() for _ in range(3)]
    game = uc.new_game(3, 11, uc.Config(rounds=2))
    assert uc.play_game(game, bots, seed=1) == uc.play_game(game, bots, seed=2)


def test_fifty_game_simulation_plays_every_action_card_and_rearranges() -> None:
    """Issue 11 (UC-11..UC-19): in 50 one-round heuristic games every action card kind is
    played and rearrangements happen, and the summary's action mix shows it."""
    records = list(uc.simulate(games=50, players=3, bots=("heuristic",), seed=0,
                               config=uc.Config(rounds=1)))
    summary = summarize(records, {})
    kinds = ["BearAttack", "BearSpray", "Smores", "Roasted", "GoFishing", "LostCamper",
             "TrashPanda", "Rearrange", "PassLeft"]
    assert all(summary.plays[kind] > 0 for kind in kinds), summary.plays
    text = format_summary(summary)
    for kind in kinds:
        count = summary.plays[kind]
        assert re.search(rf"\n  {kind} +{count} +{count / 50:.2f}\n", text)
    assert summary.capped_rounds == 0  # measured: 0 of 50 rounds
