"""Action cards: the last card as an action card (UC-31), and the checks of ``_action_cards``
that no other test would miss (issue 15: UC-13/UC-24 repairs, UC-8/UC-14 last-card Bear
Spray, UC-18 Lost Camper choices, UC-17 Go Fishing targets)."""

from __future__ import annotations

from collections import Counter
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._table import candidates
from tests.campers.game_strategies import RUN_FOUR, RUN_SIX, SET_THREE, g, play, texts

TABLE = [[], [(RUN_SIX, [g("RUN B4 Y5 R6 B7 B8")])], []]
PLAYS = {
    "BearAttack": ("p0 play BearAttack 1:c06.0 B8", True),
    "TrashPanda": ("p0 play TrashPanda 0 R2", True),
    "Smores": ("p0 play Smores", True),
    "LostCamper": ("p0 play LostCamper", True),
    "Roasted": ("p0 play Roasted 1", False),
    "GoFishing": ("p0 play GoFishing 1 color:G", False),
}


def _last_card(card: str, right: str = "G4", spray: str = "") -> uc.State:
    """p0 holds only this action card and owns no complete campsite; p2 sits on p0's right."""
    return uc.from_position([card, f"G3{spray}", right], phase=uc.Phase.PLAY, table=TABLE,
                            discard="R2")


@pytest.mark.parametrize("card", sorted(PLAYS))
def test_uc31_last_card_action_only_when_it_brings_a_card(card: str) -> None:
    """UC-31, UC-8: without a complete campsite, a last card may be played as an action card
    only if its effect brings a card into hand: listing and check agree."""
    text, allowed = PLAYS[card]
    state = _last_card(card)
    action = uc.parse_action(text)
    assert state.is_legal(action) is allowed
    listed = [a for a in state.legal_actions(0) if not isinstance(a, uc.Discard)]
    assert bool(listed) is allowed
    if not allowed:
        with pytest.raises(uc.IllegalActionError, match="UC-31"):
            state.apply(action)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_uc31_lost_camper_needs_a_card_on_the_right(players: int) -> None:
    """UC-31, UC-18: a last-card Lost Camper is legal while the player on the right (who
    passes to this player) holds a card, and refused when that hand is empty."""
    for turn in range(players):
        right = (turn - 1) % players
        for holding in (True, False):
            hands = ["G5"] * players
            hands[turn] = "LostCamper"
            hands[right] = "G4" if holding else ""
            state = uc.from_position(hands, phase=uc.Phase.PLAY, turn=turn)
            action = uc.LostCamper(turn)
            assert state.is_legal(action) is holding
            assert (action in state.legal_actions(turn)) is holding
            if holding:
                after = state.apply(action)
                for p in sorted(after.actors):
                    after = after.apply(after.legal_actions(p)[0])
                assert after.hands[turn] == (uc.Card.parse("G4"),)


@pytest.mark.parametrize("card", ["BearAttack", "TrashPanda", "Smores", "LostCamper"])
def test_uc31_denied_last_card_ends_the_turn_empty_handed(card: str) -> None:
    """UC-31, UC-25, UC-8: a last-card action denied by a Bear Spray leaves its player with
    an empty hand, not out; the turn ends without a discard and they draw next turn."""
    state = _last_card(card, spray=" BearSpray")
    after = play(state, PLAYS[card][0], "p1 spray")
    assert after.hands[0] == () and not after.round_results
    assert after.turn == 1 and after.phase is uc.Phase.DRAW
    after = play(after, "p1 draw 1", "p1 discard G3", "p2 draw 1", "p2 discard G4", "p0 draw 2")
    assert len(after.hands[0]) == 2


@pytest.mark.parametrize("card", ["BearAttack", "TrashPanda", "Smores"])
def test_uc31_last_card_action_brings_a_card_to_discard(card: str) -> None:
    """UC-31: undenied, the card brought into hand is there to discard; the turn goes on."""
    after = play(_last_card(card), PLAYS[card][0])
    assert after.hands[0] and after.turn == 0 and after.pending is None
    assert not play(after, f"p0 discard {after.hands[0][0]}").round_results


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(PLAYS)), st.integers(2, 5), st.booleans(), st.booleans())
def test_uc31_holds_in_general(card: str, players: int, right_holds: bool,
                               complete: bool) -> None:
    """UC-31: for every seat count, whether the right-hand player holds a card and whether
    the player owns a complete campsite, the listed last-card plays are exactly the legal
    ones, and they are the card-bringing kinds (all kinds with a complete campsite)."""
    hands = [f"G{p + 5}" for p in range(players)]
    hands[0] = card
    hands[-1] = "G4" if right_holds else ""
    own = [(SET_THREE, [g("SET B5 Y5 R5"), g("SET B9 Y9 R9")])] if complete else []
    table = [own, [(RUN_FOUR, [g("RUN B4 Y5 R6 B7")])]] + [[]] * (players - 2)
    state = uc.from_position(hands, phase=uc.Phase.PLAY, table=table, discard="R2")
    listed = [a for a in state.legal_actions(0) if not isinstance(a, uc.Discard)]
    assert all(state.is_legal(a) for a in listed)
    brings = card in ("BearAttack", "TrashPanda", "Smores") or (
        card == "LostCamper" and right_holds)
    assert bool(listed) is (complete or brings)


# ----------------------------------------------------------------------------- issue 15


def _attacked(owner_hand: str) -> uc.State:
    """p0's Bear Attack took B7 from p1's only run: p1 must repair or let it fall."""
    table = [[], [(RUN_FOUR, [g("RUN B4 Y5 R6 B7")])]]
    state = uc.from_position(["BearAttack B2", owner_hand], phase=uc.Phase.PLAY, table=table)
    return play(state, "p0 play BearAttack 1:c03.0 B7")


@pytest.mark.parametrize("hand", ["R12 G7", "B3 W R12", "G2 G9 B13", "W"])
def test_uc13_uc24_only_a_repairing_card_is_accepted(hand: str) -> None:
    """UC-13, UC-24: a repair must make the group valid and the campsite stand; every other
    card (a R12 on RUN B4 Y5 R6) is refused, and listing and check agree on every card."""
    state = _attacked(hand)
    assert isinstance(state.pending, uc.RepairChoice)
    listed = set(state.legal_actions(1))
    for face in set(uc.parse_cards(hand)):
        for placed in candidates(face):
            action = uc.Repair(1, placed)
            assert state.is_legal(action) is (action in listed), str(action)
    with pytest.raises(uc.IllegalActionError, match="UC-13"):
        play(state, "p1 repair R12" if "R12" in hand else "p1 repair W=R12")
    assert str(state.table[1][0].groups[0]) == "RUN B4 Y5 R6"


def test_uc8_uc14_a_last_bear_spray_is_the_responders_not_the_turn_players() -> None:
    """UC-8, UC-14: a responder without a complete campsite may answer with their last card
    (left empty-handed, not out, as after a discard); the turn's player may not spray away
    the card they need to discard."""
    state = uc.from_position(["Roasted G2", "BearSpray", "G4"], phase=uc.Phase.PLAY)
    window = play(state, "p0 play Roasted 2")
    assert window.is_legal(uc.BearSpray(1))
    after = play(window, "p1 spray")
    assert after.hands[1] == () and not after.round_results and after.skips == (0, 0, 0)
    state = uc.from_position(["Roasted BearSpray", "BearSpray G3", "G4"], phase=uc.Phase.PLAY)
    chain = play(state, "p0 play Roasted 2", "p1 spray")
    assert chain.actors == {0} and not chain.is_legal(uc.BearSpray(0))
    with pytest.raises(uc.IllegalActionError, match="UC-8"):
        play(chain, "p0 spray")
    assert texts(chain.legal_actions(0)) == ["p0 decline"]


def test_uc18_a_lost_camper_choice_must_be_in_hand() -> None:
    """UC-18: a player passes a card they hold; any other card is refused."""
    state = play(uc.from_position(["LostCamper B2 B3", "G3 G5", "Y4"], phase=uc.Phase.PLAY),
                 "p0 play LostCamper")
    for text in ("p1 pass Y4", "p1 pass B2", "p2 pass G3", "p0 pass W"):
        with pytest.raises(uc.IllegalActionError, match="UC-18"):
            play(state, text)


@pytest.mark.parametrize("players", [2, 3])
def test_uc17_go_fishing_must_name_another_player(players: int) -> None:
    """UC-17: Go Fishing aimed at oneself or at no seat is refused under UC-17 (Roasted's
    own refusal names UC-16)."""
    state = uc.from_position(["GoFishing Roasted B2"] + ["G3"] * (players - 1),
                             phase=uc.Phase.PLAY)
    for target in (0, players, -1):
        with pytest.raises(uc.IllegalActionError, match="UC-17"):
            state.apply(uc.GoFishing(0, target, uc.REQUESTS[0]))
        with pytest.raises(uc.IllegalActionError, match="UC-16"):
            state.apply(uc.Roasted(0, target))


@pytest.mark.parametrize("spray", ["", " BearSpray"])
def test_uc17_the_play_by_play_says_take_a_hike(spray: str) -> None:
    """UC-17: when Go Fishing finds nothing the play-by-play says "Take a hike!", once the
    play has taken effect (after its Bear Spray window); a catch or a denial does not."""
    state = uc.from_position(["GoFishing B2", f"G3 Y9{spray}"], phase=uc.Phase.PLAY)
    lines = []
    for text in ("p0 play GoFishing 1 wild", "p1 decline"):
        after = play(state, text)
        lines.append(uc.describe_action(state, cast(uc.Action, uc.parse_action(text)), after))
        state = after
        if state.pending is None:
            break
    assert lines[-1].endswith("\"Take a hike!\"") and not any("hike" in x for x in lines[:-1])
    fresh = uc.from_position(["GoFishing B2", "G3 Y9"], phase=uc.Phase.PLAY)
    fishing = cast(uc.Action, uc.parse_action("p0 play GoFishing 1 color:G"))
    assert "hike" not in uc.describe_action(fresh, fishing, fresh.apply(fishing))
    if spray:
        window = play(uc.from_position(["GoFishing B2", "G3 Y9 BearSpray"], phase=uc.Phase.PLAY),
                      "p0 play GoFishing 1 wild")
        denied = play(window, "p1 spray")
        assert "hike" not in uc.describe_action(window, uc.BearSpray(1), denied)


# ----------------------------------------------------------------------------- UC-31 amended

PILES = ("deck", "discard", "nothing")
"""Where a card can come from: the deck; only the discard pile (one card, reshuffled
under the S'mores into a new deck, UC-6); nowhere."""


def _alone(players: int, turn: int, card: str, piles: str, complete: bool) -> uc.State:
    """The turn's player holds only this action card (and owns a complete campsite when
    ``complete``); the deck is full, or empty with one card on the discard pile, or both
    empty: then the seat on their left holds every other card."""
    hands = [""] * players
    hands[turn] = card
    table: list[list[tuple[int, list[uc.Group]]]] = [[] for _ in range(players)]
    if complete:
        table[turn] = [(SET_THREE, [g("SET B5 Y5 R5"), g("SET B9 Y9 R9")])]
    discard = "R2" if piles == "discard" else ""
    if piles != "deck":
        laid = [p.face for row in table for _, groups in row for gr in groups for p in gr.cards]
        used = Counter([*laid, *uc.parse_cards(f"{card} {discard}")])
        hands[(turn + 1) % players] = " ".join(
            map(str, sorted((Counter(uc.DECK) - used).elements())))
    return uc.from_position(hands, phase=uc.Phase.PLAY, table=table, turn=turn,
                            discard=discard)


def _agree(state: uc.State, action: uc.Action, legal: bool, ruling: str) -> None:
    """Check, object listing, id listing (also of the player's view) and both apply paths
    agree on the action; a refusal names the ruling and leaves the state as it was."""
    player = action.player
    number = uc.action_id(action, state.config)
    view = state.view(player)
    assert state.is_legal(action) is legal
    assert state.is_legal(action, state.version, state.build_step) is legal
    assert (action in state.legal_actions(player)) is legal
    assert (action in view.legal_actions()) is legal
    assert (number in state.legal_action_ids(player)) is legal
    assert (number in view.legal_action_ids()) is legal
    if legal:
        assert state.apply(action) == state.apply_action_id(player, number)
        return
    before = uc.dumps(state)
    with pytest.raises(uc.IllegalActionError, match=ruling):
        state.apply(action)
    with pytest.raises(uc.IllegalActionError, match=ruling):
        state.apply_action_id(player, number, state.version)
    assert uc.dumps(state) == before


@pytest.mark.parametrize("complete", [False, True])
@pytest.mark.parametrize("piles", PILES)
@pytest.mark.parametrize(("players", "turn"),
                         [(n, t) for n in range(2, 7) for t in range(n)])
def test_uc31_smores_is_a_last_card_only_while_a_card_can_be_drawn(
    players: int, turn: int, piles: str, complete: bool
) -> None:
    """UC-31 (amended), UC-6, UC-15: a last-card S'mores of a player without a complete
    campsite is legal while a card can be drawn, from the deck or from the discard pile
    reshuffled into it (they then hold a card to discard), and refused when deck and
    discard pile are both empty; with a complete campsite it is always legal (and with
    nothing to draw they go out). Check, listings, ids and views agree (2..6 players,
    every seat's turn)."""
    state = _alone(players, turn, "Smores", piles, complete)
    action = uc.Smores(turn)
    legal = complete or piles != "nothing"
    _agree(state, action, legal, "UC-31")
    if not legal:
        return
    after = state.apply(action)
    while isinstance(after.pending, uc.SprayWindow):
        after = after.apply(uc.Decline(after.pending.waiting[0]))
    if piles == "nothing":
        assert after.round_results[-1].went_out == turn
    else:
        drawn = uc.parse_cards("R2") if piles == "discard" else state.deck[-2:]
        assert sorted(after.hands[turn]) == sorted(drawn)
        assert after.turn == turn and after.pending is None and not after.round_results


@pytest.mark.parametrize("complete", [False, True])
@pytest.mark.parametrize(("players", "turn"), [(2, 0), (3, 2), (5, 1), (6, 5)])
def test_uc31_trash_panda_is_a_last_card_only_over_a_card(
    players: int, turn: int, complete: bool
) -> None:
    """UC-31 (amended), UC-19: a last-card Trash Panda is listed while a card lies on the
    discard pile under it; on an empty pile it is refused as a last card (UC-31), or, for
    a player with a complete campsite, because nothing lies there to take (UC-19)."""
    over = _alone(players, turn, "TrashPanda", "discard", complete)
    _agree(over, uc.TrashPanda(turn, 0, uc.Card.parse("R2")), True, "")
    bare = _alone(players, turn, "TrashPanda", "deck", complete)
    assert not [a for a in bare.legal_actions(turn) if isinstance(a, uc.TrashPanda)]
    _agree(bare, uc.TrashPanda(turn, 0, uc.Card.parse("R2")), False,
           "UC-19" if complete else "UC-31")
