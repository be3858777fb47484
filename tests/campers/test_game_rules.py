"""One test per rule and ruling of Unhappy Campers (UC-1 .. UC-25), each naming its ID."""

from __future__ import annotations

from collections import Counter

import pytest

import campers_rules as uc
from campers_rules import Card, parse_cards
from campers_rules._validate import all_cards
from tests.campers.game_strategies import (
    RUN_FOUR,
    RUN_SIX,
    SET_OR_RUN,
    SET_THREE,
    THREE_PAIRS,
    g,
    play,
    texts,
)

W = uc.WILD


def h(text: str) -> tuple[Card, ...]:
    """A sorted hand from text."""
    return tuple(sorted(parse_cards(text)))


# ----------------------------------------------------------------------------- setup


def test_uc1_components_deal_all_126_cards_and_15_campsites() -> None:
    """UC-1: one 126-card deck (100 playing + 26 action cards); 15 campsites."""
    state = uc.new_game(4, seed=3)
    assert all_cards(state) == Counter(uc.DECK)
    assert sum(1 for c in uc.DECK if c.is_action) == 26
    assert sorted([*state.campground, *state.pile]) == list(range(15))


@pytest.mark.parametrize("players", [1, 7])
def test_uc2_two_to_six_players(players: int) -> None:
    """UC-2: a game takes 2 to 6 players."""
    with pytest.raises(uc.PositionError, match="UC-2"):
        uc.new_game(players, seed=1)


def test_setup_deal_campground_and_first_player() -> None:
    """Setup: 7 cards each, one card turned up, players + 1 campsites, left of dealer first."""
    state = uc.new_game(5, seed=9)
    assert state.hand_sizes() == (7,) * 5
    assert len(state.discard) == 1 and len(state.campground) == 6
    assert state.actors == {(state.dealer + 1) % 5}


def test_uc3_user_catalogue_is_data() -> None:
    """UC-3: a user's own fifteen faces, given as text, drive the game."""
    text = "\n".join(["2 | 1 SET OF 3 | 2 SETS OF 3"] * 5 + ["3 | 1 RUN OF 4 | 2 RUNS OF 4"] * 5
                     + ["4 | 1 SET OF 4 | 2 SETS OF 4"] * 5)
    config = uc.Config(catalogue=uc.parse_catalogue(text))
    state = uc.from_position(["B5 Y5 R5 G9", "G2"], config=config, phase=uc.Phase.PLAY,
                             campground=[0, 14])
    assert "p0 claim c01 [SET B5 Y5 R5]" in texts(state.legal_actions(0))
    assert uc.loads(uc.dumps(state)) == state


# ----------------------------------------------------------------------------- groups


def test_uc4_invalid_group_cannot_be_claimed() -> None:
    """UC-4: a run holds 4 or more consecutive numbers; a run of 3 is no group."""
    state = uc.from_position(["B2 B3 B4 G9", "G2"], phase=uc.Phase.PLAY, campground=[RUN_FOUR])
    with pytest.raises(uc.IllegalActionError, match="UC-4"):
        play(state, "p0 claim c03 [RUN B2 B3 B4]")


def test_uc4_small_sets_valid_only_on_their_campsite() -> None:
    """UC-4: "3 SETS OF 2" makes pairs valid on that campsite only."""
    table = [[(THREE_PAIRS, [g("SET B5 Y5 R5"), g("SET B7 Y7 R7")])], []]
    state = uc.from_position(["B9 Y9 G2", "G3"], phase=uc.Phase.PLAY, table=table)
    after = play(state, "p0 group c02 [SET B9 Y9]")
    assert len(after.table[0][0].groups) == 3


def test_uc5_wild_counts_as_declared_card() -> None:
    """UC-5: a wild laid as R5 completes a set of 5s."""
    state = uc.from_position(["B5 Y5 W G9", "G2"], phase=uc.Phase.PLAY, campground=[SET_THREE])
    after = play(state, "p0 claim c05 [SET B5 W=R5 Y5]")
    assert after.hands[0] == (Card.parse("G9"),)


# ----------------------------------------------------------------------------- turn


def test_uc6_turn_draw_then_moves_then_discard() -> None:
    """UC-6: draw first (1 or 2, or the discard top), then discard to pass the turn left."""
    state = uc.from_position(["B5 Y5", "G2 G3", "G4"], discard="R9", turn=1)
    assert texts(state.legal_actions(1)) == ["p1 draw 1", "p1 draw 2", "p1 take"]
    with pytest.raises(uc.IllegalActionError, match="UC-6"):
        play(state, "p1 discard G2")
    with pytest.raises(uc.NotYourTurnError):
        play(state, "p0 draw 1")
    after = play(state, "p1 take")
    assert Card.parse("R9") in after.hands[1] and not after.discard
    after = play(after, "p1 discard R9")
    assert after.turn == 2 and after.phase is uc.Phase.DRAW


def test_uc6_draw_two_from_deck() -> None:
    """UC-6: drawing 2 takes the top two cards of the deck."""
    state = uc.from_position(["B5", "G2"], discard="R9", deck="Y2 Y3 Y4")
    after = play(state, "p0 draw 2")
    assert after.hands[0] == h("B5 Y3 Y4") and after.deck[-1] == Card.parse("Y2")


def test_uc6_empty_deck_reshuffles_discard_under_top() -> None:
    """UC-6: an empty deck is rebuilt from the discard pile less its top card."""
    state = uc.from_position(["B5", "G2"], discard="Y2 Y3 Y4 R9", rest="discard")
    assert state.deck == ()
    after = play(state, "p0 draw 2")
    assert after.discard == parse_cards("R9")
    assert len(after.hands[0]) == 3 and len(after.deck) == 126 - 3 - 1 - 1


def test_uc6_draw_skipped_when_no_card_is_left() -> None:
    """UC-6: with no deck and only the discard top, the draw is skipped."""
    rest = Counter(uc.DECK) - Counter(h("B5 R9"))
    state = uc.from_position(["B5", sorted(rest.elements())], discard="R9", rest="discard")
    after = play(state, "p0 draw 1")
    assert after.hands[0] == h("B5") and after.phase is uc.Phase.PLAY


# ----------------------------------------------------------------------------- claims


def test_uc7_claim_takes_campsite_and_several_claims_per_turn() -> None:
    """UC-7: a claim takes a campground campsite; a player may claim several in a turn."""
    state = uc.from_position(["B5 Y5 R5 G7 Y7 R7 B2", "G2"], phase=uc.Phase.PLAY,
                             campground=[SET_THREE, SET_OR_RUN])
    state = play(state, "p0 claim c05 [SET B5 R5 Y5]", "p0 claim c01 [SET G7 R7 Y7]")
    assert [s.campsite for s in state.table[0]] == [SET_THREE, SET_OR_RUN]
    assert state.campground == ()


def test_uc7_claim_needs_primitive_and_campground_site() -> None:
    """UC-7: the groups must meet the primitive requirement; the site must be free."""
    state = uc.from_position(["B5 Y5 R5 G7", "G2"], phase=uc.Phase.PLAY, campground=[RUN_FOUR])
    with pytest.raises(uc.IllegalActionError, match="primitive"):
        play(state, "p0 claim c03 [SET B5 R5 Y5]")
    with pytest.raises(uc.IllegalActionError, match="campground"):
        play(state, "p0 claim c05 [SET B5 R5 Y5]")


def test_uc7_add_card_and_group_completes_campsite() -> None:
    """UC-7: cards added to one's own campsite; complete is derived from its groups."""
    table = [[(SET_THREE, [g("SET B5 Y5 R5")])], []]
    state = uc.from_position(["G5 B9 Y9 R9 G2", "G3"], phase=uc.Phase.PLAY, table=table)
    state = play(state, "p0 add c05.0 G5")
    assert state.table[0][0].groups[0].size == 4
    assert not uc.CATALOGUE[SET_THREE].is_complete(state.table[0][0].groups)
    state = play(state, "p0 group c05 [SET B9 R9 Y9]")
    assert uc.CATALOGUE[SET_THREE].is_complete(state.table[0][0].groups)


# ----------------------------------------------------------------------------- going out


def test_uc8_going_out_ends_round_at_once() -> None:
    """UC-8: an empty hand with a complete campsite ends the round at once."""
    table = [[(SET_THREE, [g("SET B5 Y5 R5"), g("SET B9 Y9 R9")])], []]
    state = uc.from_position(["G9", "G3"], phase=uc.Phase.PLAY, table=table,
                             config=uc.Config(rounds=2))
    after = play(state, "p0 add c05.1 G9")
    assert after.round == 1 and after.round_results[0].went_out == 0
    assert after.round_results[0].reason is uc.RoundEnd.WENT_OUT


def test_uc8_table_move_may_not_empty_hand_without_complete() -> None:
    """UC-8: a table move leaving no card without a complete campsite is illegal."""
    state = uc.from_position(["B5 Y5 R5", "G3"], phase=uc.Phase.PLAY, campground=[SET_THREE])
    with pytest.raises(uc.IllegalActionError, match="UC-8"):
        play(state, "p0 claim c05 [SET B5 R5 Y5]")
    assert "p0 claim c05 [SET B5 Y5 R5]" not in texts(state.legal_actions(0))


def test_uc8_discard_may_empty_hand_without_going_out() -> None:
    """UC-8: the discard is always legal; an emptied hand without a complete campsite
    is not out, and draws next turn."""
    table = [[(SET_THREE, [g("SET B5 Y5 R5")])], []]
    state = uc.from_position(["G9", "G3"], phase=uc.Phase.PLAY, table=table, deck="B2 B3 B4")
    after = play(state, "p0 discard G9")
    assert after.hands[0] == () and after.turn == 1 and not after.round_results
    after = play(after, "p1 draw 1", "p1 discard G3", "p0 draw 1")
    assert len(after.hands[0]) == 1


# ----------------------------------------------------------------------------- squat, swap


def _two_sites() -> uc.State:
    table = [[(RUN_FOUR, [g("RUN B4 Y5 W=R6 B7")])], [(SET_THREE, [g("SET B9 Y9 R9")])]]
    return uc.from_position(["G8 G9 R6 B2", "G3 G4"], phase=uc.Phase.PLAY, table=table,
                            deck="Y2 Y3 Y4")


def test_uc9_squat_fines_owner_one_card() -> None:
    """UC-9: a card squatted on another's group; the owner draws 1 at once."""
    after = play(_two_sites(), "p0 squat 1:c05.0 G9")
    assert after.table[1][0].groups[0].size == 4
    assert len(after.hands[1]) == 3 and after.hands[0] == h("B2 R6 G8")


def test_uc9_own_campsite_is_an_add_not_a_squat() -> None:
    """UC-9: placing on one's own campsite is not a squat and costs no fine."""
    with pytest.raises(uc.IllegalActionError, match="UC-9"):
        play(_two_sites(), "p0 squat 0:c03.0 G8")
    after = play(_two_sites(), "p0 add c03.0 G8")
    assert len(after.hands[1]) == 2


def test_uc10_wild_swap() -> None:
    """UC-10, UC-29: a natural in the wild's place in a run takes the wild into hand."""
    after = play(_two_sites(), "p0 swap 0:c03.0 R6 W=R6")
    assert W in after.hands[0] and str(after.table[0][0].groups[0]) == "RUN B4 Y5 R6 B7"
    with pytest.raises(uc.IllegalActionError, match="UC-29"):
        play(_two_sites(), "p0 swap 0:c03.0 G8 W=R6")


# ----------------------------------------------------------------------------- UC-11


def test_uc11_rearrange_moves_splits_and_claims() -> None:
    """UC-11: own table cards are rearranged; a claim may use them with hand cards."""
    table = [[(RUN_FOUR, [g("RUN B2 B3 B4 B5 B6 B7 B8 B9")])], []]
    state = uc.from_position(["G9 R2", "G3"], phase=uc.Phase.PLAY, table=table,
                             campground=[RUN_SIX])
    split = "p0 rearrange c03 [RUN B2 B3 B4 B5] [RUN B6 B7 B8 B9]"
    assert split in texts(state.legal_actions(0))
    after = play(state, "p0 rearrange c03 [RUN B2 B3 B4 B5] ; c06 [RUN B6 B7 B8 B9]")
    assert [s.campsite for s in after.table[0]] == [RUN_FOUR, RUN_SIX]
    with pytest.raises(uc.IllegalActionError, match="UC-11"):
        play(state, "p0 rearrange c06 [RUN B2 B3 B4 B5 B6 B7 B8 B9]")


def test_uc11_exchange_table_card_for_hand_card() -> None:
    """UC-11: a table card is exchanged one for one with a hand card."""
    table = [[(SET_THREE, [g("SET B5 Y5 R5 G5")])], []]
    state = uc.from_position(["Y5 R2", "G3"], phase=uc.Phase.PLAY, table=table)
    after = play(state, "p0 rearrange c05 [SET Y5 Y5 R5 G5]")
    assert after.hands[0] == h("B5 R2")
    with pytest.raises(uc.IllegalActionError, match="one for one"):
        play(state, "p0 rearrange c05 [SET Y5 R5 G5]")


# ----------------------------------------------------------------------------- action cards


def test_uc12_one_action_card_per_turn() -> None:
    """UC-12: at most one action card per turn; it is not the turn's discard."""
    state = uc.from_position(["Roasted Roasted B2", "G3", "G4"], phase=uc.Phase.PLAY)
    after = play(state, "p0 play Roasted 1")
    assert after.discard[-1] is uc.action_card(uc.ActionKind.ROASTED) and after.turn == 0
    with pytest.raises(uc.IllegalActionError, match="UC-12"):
        play(after, "p0 play Roasted 2")


def test_uc13_bear_attack_takes_edge_card() -> None:
    """UC-13: only an outside-edge card (a run's end) can be taken."""
    table = [[], [(RUN_SIX, [g("RUN B4 Y5 R6 B7 B8")])]]
    state = uc.from_position(["BearAttack B2", "G3"], phase=uc.Phase.PLAY, table=table)
    with pytest.raises(uc.IllegalActionError, match="UC-13"):
        play(state, "p0 play BearAttack 1:c06.0 R6")
    after = play(state, "p0 play BearAttack 1:c06.0 B8")
    assert Card.parse("B8") in after.hands[0] and after.table[1][0].groups[0].size == 4


def test_uc13_owner_repairs_or_lets_fall() -> None:
    """UC-13: below primitive, the owner repairs from hand or the campsite falls."""
    table = [[], [(RUN_FOUR, [g("RUN B4 Y5 R6 B7")])]]
    state = uc.from_position(["BearAttack B2", "G7 Y3"], phase=uc.Phase.PLAY, table=table)
    after = play(state, "p0 play BearAttack 1:c03.0 B7")
    assert after.actors == {1} and isinstance(after.pending, uc.RepairChoice)
    assert texts(after.legal_actions(1)) == ["p1 repair Y3", "p1 repair G7", "p1 fall"]
    repaired = play(after, "p1 repair G7")
    assert repaired.pending is None and repaired.actors == {0}
    fallen = play(after, "p1 fall")
    assert fallen.table[1] == () and RUN_FOUR in fallen.campground
    assert fallen.hands[1] == h("Y3 B4 Y5 R6 G7")


def test_uc24_broken_group_returns_to_hand_when_campsite_stands() -> None:
    """UC-24: a group broken by Bear Attack goes back to its owner's hand while the
    campsite still meets its primitive requirement with its other groups."""
    table = [[], [(SET_OR_RUN, [g("SET B9 Y9 R9"), g("RUN B4 Y5 R6 B7")])]]
    state = uc.from_position(["BearAttack B2", "G3"], phase=uc.Phase.PLAY, table=table)
    after = play(state, "p0 play BearAttack 1:c01.1 B7", "p1 fall")
    assert [str(x) for x in after.table[1][0].groups] == ["SET B9 Y9 R9"]
    assert after.hands[1] == h("G3 B4 Y5 R6")


def test_uc14_spray_denies_action_card() -> None:
    """UC-14: Bear Spray cancels the play; only holders are asked by default."""
    state = uc.from_position(["Roasted B2", "G3", "BearSpray G4"], phase=uc.Phase.PLAY)
    after = play(state, "p0 play Roasted 1")
    assert after.actors == {2} and isinstance(after.pending, uc.SprayWindow)
    assert after.view(1).pending == after.view(0).pending
    shown = after.view(0).pending
    assert isinstance(shown, uc.SprayWindow) and shown.waiting == ()
    denied = play(after, "p2 spray")
    assert denied.skips == (0, 0, 0) and denied.pending is None
    allowed = play(after, "p2 decline")
    assert allowed.skips == (0, 1, 0)


def test_uc14_chain_of_sprays() -> None:
    """UC-14: a Bear Spray can itself be denied by any player but its own player."""
    state = uc.from_position(["Roasted BearSpray B2", "G3", "BearSpray G4"],
                             phase=uc.Phase.PLAY)
    after = play(state, "p0 play Roasted 1", "p2 spray")
    assert after.actors == {0}
    after = play(after, "p0 spray")
    assert after.skips == (0, 1, 0)


def test_uc14_denied_squat_returns_card_without_fine() -> None:
    """UC-14: a denied squat goes back to the squatter's hand; no fine is drawn."""
    table = [[], [(SET_THREE, [g("SET B9 Y9 R9")])]]
    state = uc.from_position(["G9 B2", "BearSpray G3"], phase=uc.Phase.PLAY, table=table)
    after = play(state, "p0 squat 1:c05.0 G9", "p1 spray")
    assert after.hands[0] == h("B2 G9") and after.hands[1] == h("G3")


def test_uc14_ask_everyone_switch() -> None:
    """UC-14: with ``ask_everyone`` every other player answers, in seat order."""
    config = uc.Config(ask_everyone=True)
    state = uc.from_position(["Roasted B2", "G3", "G4"], phase=uc.Phase.PLAY, config=config)
    after = play(state, "p0 play Roasted 2")
    assert after.actors == {1} and texts(after.legal_actions(1)) == ["p1 decline"]
    after = play(after, "p1 decline")
    assert after.actors == {2}
    assert play(after, "p2 decline").skips == (0, 0, 1)


def test_uc15_smores_everyone_draws_two() -> None:
    """UC-15: from the player who played it, going left, everyone draws 2."""
    state = uc.from_position(["Smores B2", "G3", "G4"], phase=uc.Phase.PLAY,
                             deck="Y2 Y3 Y4 Y5 Y6 Y7")
    after = play(state, "p0 play Smores")
    assert after.hands == (h("B2 Y6 Y7"), h("G3 Y4 Y5"),
                           h("G4 Y2 Y3"))


def test_uc16_roasted_skips_and_stacks() -> None:
    """UC-16: the target's next turn is skipped; several stack."""
    state = uc.from_position(["Roasted B2", "G3 G5", "G4 G6"], phase=uc.Phase.PLAY)
    after = play(state, "p0 play Roasted 1", "p0 discard B2")
    assert after.turn == 2 and after.skips == (0, 0, 0)


def test_uc17_go_fishing() -> None:
    """UC-17: a matching card is handed over (the target chooses); else "Take a hike!"."""
    state = uc.from_position(["GoFishing B2", "G3 G5 Y9"], phase=uc.Phase.PLAY)
    after = play(state, "p0 play GoFishing 1 color:G")
    assert after.actors == {1} and texts(after.legal_actions(1)) == ["p1 give G3", "p1 give G5"]
    after = play(after, "p1 give G5")
    assert after.hands[0] == h("B2 G5")
    single = play(state, "p0 play GoFishing 1 number:9")
    assert texts(single.legal_actions(1)) == ["p1 give Y9"]
    assert play(single, "p1 give Y9").hands[0] == h("B2 Y9")
    hike = play(state, "p0 play GoFishing 1 wild")
    assert hike.hands[1] == h("G3 G5 Y9")


def test_uc18_lost_camper_passes_left_at_once() -> None:
    """UC-18: every player holding a card chooses one in secret; all pass left at once."""
    state = uc.from_position(["LostCamper B2 B3", "G3 G5", "Y4"], phase=uc.Phase.PLAY)
    after = play(state, "p0 play LostCamper")
    assert after.actors == {0, 1, 2}
    after = play(after, "p1 pass G5")
    assert after.view(0).pending == uc.PassChoice((None,) * 3, frozenset({0}))
    after = play(after, "p0 pass B3", "p2 pass Y4")
    assert after.hands == (h("B2 Y4"), h("G3 B3"), h("G5"))


def test_uc19_trash_panda_takes_one_of_five_under() -> None:
    """UC-19: any one of the five cards under the Trash Panda."""
    state = uc.from_position(["TrashPanda B2", "G3"], phase=uc.Phase.PLAY,
                             discard="R2 R3 R4 R5 R6 R7")
    assert [a.card for a in state.legal_actions(0) if isinstance(a, uc.TrashPanda)] == list(
        parse_cards("R7 R6 R5 R4 R3"))
    after = play(state, "p0 play TrashPanda 3 R4")
    assert Card.parse("R4") in after.hands[0]
    assert after.discard == parse_cards("R2 R3 R5 R6 R7 TrashPanda")


# ----------------------------------------------------------------------------- scoring


def test_uc20_scoring_when_going_out() -> None:
    """UC-20: the goer-out keeps complete campsites for their points, 1 per primitive one;
    others score 1 per campsite; campsites not kept return to the campground."""
    table = [
        [(SET_THREE, [g("SET B5 Y5 R5"), g("SET B9 Y9 R9")]), (RUN_FOUR, [g("RUN B2 B3 B4 Y5")])],
        [(RUN_SIX, [g("RUN G2 G3 G4 G5 G6 G7")])],
    ]
    state = uc.from_position(["G9", "G11"], phase=uc.Phase.PLAY, table=table,
                             config=uc.Config(rounds=2), campground=[])
    after = play(state, "p0 discard G9")
    result = after.round_results[0]
    assert result.points == (2 + 1, 1) and result.kept == ((SET_THREE,), ())
    assert after.kept == ((SET_THREE,), ()) and after.scores == (3, 1)
    assert SET_THREE not in [*after.campground, *after.pile]


def test_uc21_rounds_dealer_and_ties() -> None:
    """UC-21: the dealer moves left each round; the game ends after N rounds; ties share."""
    state = uc.new_game(3, seed=4, config=uc.Config(rounds=2, turn_cap=3))
    assert state.dealer == 0
    while state.round == 0:
        state = state.apply(state.legal_actions(min(state.actors))[0])
    assert state.dealer == 1 and state.turn == 2 and len(state.campground) == 4
    assert all_cards(state) == Counter(uc.DECK)
    while not state.is_over:
        state = state.apply(state.legal_actions(min(state.actors))[0])
    assert state.winners == {p for p in range(3) if state.scores[p] == max(state.scores)}
    assert state.legal_actions(0) == [] and state.actors == frozenset()
    with pytest.raises(uc.GameOverError):
        state.apply(uc.Draw(0, 1))


def test_uc22_turn_cap_ends_round_without_goer_out() -> None:
    """UC-22: the turn cap ends the round; everyone scores as a non-goer-out."""
    table = [[(SET_THREE, [g("SET B5 Y5 R5")])], []]
    config = uc.Config(rounds=1, turn_cap=2)
    state = uc.from_position(["G9 G8", "G3"], phase=uc.Phase.PLAY, table=table, config=config)
    after = play(state, "p0 discard G9", "p1 draw 1", "p1 discard G3")
    assert after.is_over and after.round_results[0].reason is uc.RoundEnd.TURN_CAP
    assert after.scores == (1, 0) and after.round_results[0].went_out is None


def test_uc23_view_shows_own_hand_and_public_facts_only() -> None:
    """UC-23: own hand, table, campground, whole discard pile, sizes and scores."""
    state = uc.new_game(3, seed=8)
    view = state.view(1)
    assert view.hand == state.hands[1] and view.hand_sizes == (7, 7, 7)
    assert view.deck_size == len(state.deck) and view.discard == state.discard
    assert view.pile_size == len(state.pile) and view.campground == state.campground
    text = uc.dumps(view)
    assert '"deck"' not in text and '"hands"' not in text and '"pile"' not in text


def test_uc25_last_card_goes_through_its_window_before_going_out() -> None:
    """UC-25: a last card played as an action card opens its window and takes its effect
    before going out is checked: a Roasted so played goes out once nobody denies it."""
    table = [[(SET_THREE, [g("SET B5 Y5 R5"), g("SET B9 Y9 R9")])], []]
    state = uc.from_position(["Roasted", "G3 BearSpray"], phase=uc.Phase.PLAY, table=table)
    after = play(state, "p0 play Roasted 1")
    assert isinstance(after.pending, uc.SprayWindow) and not after.round_results
    after = play(after, "p1 decline")
    assert after.round_results[0].went_out == 0 and after.pending is None


def test_uc25_turn_ends_when_lost_camper_empties_the_hand() -> None:
    """UC-25: a turn's player left without a card (Lost Camper) ends the turn."""
    state = uc.from_position(["LostCamper B2", "G3", ""], phase=uc.Phase.PLAY)
    after = play(state, "p0 play LostCamper", "p0 pass B2", "p1 pass G3")
    assert after.hands == ((), h("B2"), h("G3"))
    assert after.turn == 1 and after.phase is uc.Phase.DRAW


def test_config_backend_z3_gives_the_same_claims() -> None:
    """Config.backend: the z3 backend lists the same claims as the native one, in its own
    order (UC-7)."""
    hands = ["B5 Y5 R5 W B2 B3 B4", "G2"]
    native = uc.from_position(hands, phase=uc.Phase.PLAY, campground=[SET_OR_RUN, RUN_FOUR])
    formal = uc.from_position(hands, phase=uc.Phase.PLAY, campground=[SET_OR_RUN, RUN_FOUR],
                              config=uc.Config(backend="z3"))
    claims = {a for a in native.legal_actions(0) if isinstance(a, uc.Claim)}
    assert claims and claims == {a for a in formal.legal_actions(0) if isinstance(a, uc.Claim)}


@pytest.mark.parametrize(
    "options", [{"rounds": 0}, {"turn_cap": 0}, {"claim_limit": 0}, {"backend": "fast"}]
)
def test_config_rejects_bad_options(options: dict[str, object]) -> None:
    """Config: every option is checked when the config is built."""
    with pytest.raises(ValueError):
        uc.Config(**options)  # type: ignore[arg-type]
