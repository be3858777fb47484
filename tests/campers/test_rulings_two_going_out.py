"""UC-33: when one resolution leaves more than one player able to go out (an empty hand and
a complete campsite, UC-8), only the first of them in turn order, starting from the player
whose turn it is, goes out; the round ends there and every other player scores as a
non-goer-out (UC-20). Built positions: a last-card squat whose fine cannot be drawn, Bear
Spray chains answered with last cards (after a Roasted and after a Go Fishing), a Lost
Camper pass that empties several hands; 2 to 6 players, every seat as the turn's player,
through the object API and the integer ids."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import campers_rules as uc
from tests.campers.game_strategies import RUN_SIX, g

COMPLETE: tuple[tuple[int, tuple[str, ...]], ...] = (
    (6, ("SET B2 Y2 R2 G2",)),
    (4, ("SET B3 Y3 R3", "SET B4 Y4 R4")),
    (7, ("SET B5 Y5 R5 G5", "SET B6 Y6 R6")),
    (1, ("SET B7 Y7", "SET B8 Y8", "SET B9 Y9")),
    (0, ("SET B10 Y10 R10", "RUN G6 G7 G8 G9")),
    (3, ("COLOR GROUP R7 R8 R9 R10 R11 R12 R13",)),
)
"""By seat: a complete campsite (its catalogue index and groups); together they hold no
face more than twice, as the deck does."""

FILLER = ("B11", "B12", "B13", "Y11", "Y12", "Y13")
"""By seat: a card held by a player who is not to go out, or a goer's last card."""
SECOND = ("G10", "G11", "G12", "G13", "G3", "G4")
"""By seat: a second card, for a player who is to keep one."""

Table = list[list[tuple[int, list[uc.Group]]]]


def _site(seat: int) -> tuple[int, list[uc.Group]]:
    campsite, groups = COMPLETE[seat]
    return campsite, [g(text) for text in groups]


def _turn_order(turn: int, players: int) -> list[int]:
    return [(turn + i) % players for i in range(players)]


def _first(able: Sequence[int], turn: int, players: int) -> int:
    """UC-33: the first able seat in turn order from the turn's player."""
    return next(seat for seat in _turn_order(turn, players) if seat in able)


def _apply(state: uc.State, action: uc.Action, ids: bool) -> uc.State:
    """Apply an action listed for its player, by the object API or by its integer id."""
    if not ids:
        assert action in state.legal_actions(action.player)
        return state.apply(action)
    number = uc.action_id(action, state.config)
    assert number in state.legal_action_ids(action.player)
    return state.apply_action_id(action.player, number)


def _check_scores(state: uc.State, went_out: int, able: Sequence[int]) -> None:
    """UC-33, UC-20: the goer-out keeps their complete campsite and scores its points;
    every other able player scores 1 campfire point for theirs and keeps nothing."""
    result = state.round_results[-1]
    assert result.reason is uc.RoundEnd.WENT_OUT and result.went_out == went_out
    for seat in able:
        campsite = COMPLETE[seat][0]
        if seat == went_out:
            assert result.kept[seat] == (campsite,) and campsite in state.kept[seat]
            assert result.points[seat] == state.config.catalogue[campsite].points
        else:
            assert result.kept[seat] == () and campsite not in state.kept[seat]
            assert result.points[seat] == 1


# ----------------------------------------------------------------------------- sprays


def _target(players: int, turn: int, sprayers: Sequence[int]) -> int:
    """Go Fishing's target: the first seat after the turn's that does not spray."""
    return next(s for s in _turn_order(turn, players)[1:] if s not in sprayers)


def _chain(players: int, turn: int, turn_able: bool, sprayers: Sequence[int],
           play: str) -> uc.State:
    """The turn's player is to play Roasted, or Go Fishing for the only card of a target
    who owns a complete campsite. Each of ``sprayers`` holds only a Bear Spray and owns a
    complete campsite; the others hold one card. The turn's player holds only their
    action card and owns a complete campsite when ``turn_able``, else keeps a card."""
    hands = list(FILLER[:players])
    table: Table = [[] for _ in range(players)]
    for seat in sprayers:
        hands[seat] = "BearSpray"
        table[seat] = [_site(seat)]
    if play == "GoFishing":
        table[_target(players, turn, sprayers)] = [_site(_target(players, turn, sprayers))]
    hands[turn] = play if turn_able else f"{play} {SECOND[turn]}"
    if turn_able:
        table[turn] = [_site(turn)]
    return uc.from_position(hands, phase=uc.Phase.PLAY, table=table, turn=turn)


def _able_after_chain(players: int, turn: int, turn_able: bool, sprayers: Sequence[int],
                      play: str) -> list[int]:
    """Who holds no card and owns a complete campsite once the chain has resolved: every
    sprayer; a Go Fishing that stands empties its target and gives its player a card; a
    turn's player who played their last card and got none back."""
    stands = len(sprayers) % 2 == 0
    able = [*sprayers]
    if play == "GoFishing" and stands:
        able.append(_target(players, turn, sprayers))
    elif turn_able:
        able.append(turn)
    return able


def _play_chain(state: uc.State, turn: int, sprayers: Sequence[int], play: str,
                ids: bool) -> uc.State:
    """Play, then spray in the order of ``sprayers`` (every other player asked declines),
    then, for a Go Fishing that stands, the target gives their card."""
    players = state.num_players
    if play == "Roasted":
        action: uc.Action = uc.Roasted(turn, (turn + 1) % players)
    else:
        target = _target(players, turn, sprayers)
        action = uc.GoFishing(turn, target, uc.Request.parse(f"card:{FILLER[target]}"))
    state = _apply(state, action, ids)
    waiting = list(sprayers)
    while isinstance(state.pending, uc.SprayWindow):
        asked = state.pending.waiting[0]
        if waiting and asked == waiting[0]:
            waiting.pop(0)
            state = _apply(state, uc.BearSpray(asked), ids)
        else:
            state = _apply(state, uc.Decline(asked), ids)
    assert not waiting, "every sprayer was asked"
    if isinstance(state.pending, uc.FishingChoice):
        target = state.pending.target
        state = _apply(state, uc.Give(target, uc.Card.parse(FILLER[target])), ids)
    return state


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_uc33_first_able_in_turn_order_after_a_bear_spray_chain(data: st.DataObject) -> None:
    """UC-33, UC-25, UC-14: responders who spray their last cards, a turn's player whose
    last card brought nothing back and a Go Fishing target who gave their last card are
    all able to go out when the chain resolves; the first of them in turn order from the
    turn's player goes out, whatever order they emptied their hands in, and every other
    scores as a non-goer-out. The object API and the ids agree. (2..6 players, any seat's
    turn, up to four sprays in any order.)"""
    players = data.draw(st.integers(2, 6), "players")
    turn = data.draw(st.integers(0, players - 1), "turn")
    play = data.draw(st.sampled_from(["Roasted", "GoFishing"]), "play")
    others = [s for s in range(players) if s != turn]
    most = min(4, len(others) - (play == "GoFishing"))  # Go Fishing's target does not spray
    order = data.draw(st.permutations(others), "order")
    sprayers = order[:data.draw(st.integers(0, most), "sprays")]
    turn_able = data.draw(st.booleans(), "turn able")
    able = _able_after_chain(players, turn, turn_able, sprayers, play)
    assume(len(able) >= 2)
    state = _chain(players, turn, turn_able, sprayers, play)
    by_objects = _play_chain(state, turn, sprayers, play, ids=False)
    assert by_objects == _play_chain(state, turn, sprayers, play, ids=True)
    _check_scores(by_objects, _first(able, turn, players), able)


@pytest.mark.parametrize(("players", "turn", "sprayers", "play", "goes_out"), [
    (3, 0, [2, 1], "Roasted", 1),
    (5, 3, [1, 4], "Roasted", 4),
    (6, 4, [2, 0, 5, 3], "Roasted", 5),
    (4, 2, [1, 0], "GoFishing", 3),
    (6, 5, [3, 4], "GoFishing", 0),
    (5, 1, [4, 0, 3], "GoFishing", 3),
])
def test_uc33_the_first_in_turn_order_not_the_first_to_empty(
    players: int, turn: int, sprayers: list[int], play: str, goes_out: int
) -> None:
    """UC-33: the goer-out is the first able player in turn order from the turn's player,
    wrapping past the last seat, not the first whose hand emptied (the first sprayer)."""
    state = _play_chain(_chain(players, turn, False, sprayers, play), turn, sprayers, play,
                        ids=False)
    assert goes_out != sprayers[0]
    _check_scores(state, goes_out, _able_after_chain(players, turn, False, sprayers, play))


@pytest.mark.parametrize("turn", [0, 1])
def test_uc33_two_players_the_turn_player_goes_out(turn: int) -> None:
    """UC-33, UC-25: with two players, a last-card Roasted (its player owns a complete
    campsite) denied by the other's last-card Bear Spray leaves both able to go out; the
    turn's player goes out, seat 0 or seat 1, by objects and by ids."""
    other = 1 - turn
    state = _chain(2, turn, True, [other], "Roasted")
    for ids in (False, True):
        _check_scores(_play_chain(state, turn, [other], "Roasted", ids), turn, [turn, other])


# ----------------------------------------------------------------------------- the squat


def _squat_position(players: int, turn: int, owner: int) -> uc.State:
    """The turn's player holds only G9 and owns a complete campsite; the owner holds no
    card and a run of five on c06 (complete at six); nothing is left to draw: the
    discard pile holds one card, a third player every other card."""
    hoarder = next(s for s in _turn_order(turn, players) if s not in (turn, owner))
    table: Table = [[] for _ in range(players)]
    table[turn] = [_site(turn)]
    table[owner] = [(RUN_SIX, [g("RUN B4 Y5 R6 B7 B8")])]
    laid = [placed.face for row in table for _, groups in row for group in groups
            for placed in group.cards]
    used = Counter([*laid, *uc.parse_cards("G9 R2")])
    hands = [""] * players
    hands[turn] = "G9"
    hands[hoarder] = " ".join(map(str, sorted((Counter(uc.DECK) - used).elements())))
    return uc.from_position(hands, phase=uc.Phase.PLAY, table=table, turn=turn,
                            discard="R2")


@pytest.mark.parametrize(("players", "turn", "owner"), [
    (players, turn, owner)
    for players in range(3, 7) for turn in range(players) for owner in range(players)
    if owner != turn
])
def test_uc33_last_card_squat_whose_fine_completes_the_owner(
    players: int, turn: int, owner: int
) -> None:
    """UC-33, UC-27, UC-8 (the ruling's example): a last-card squat completes the
    empty-handed owner's campsite and the fine finds nothing to draw, so squatter and
    owner are both able to go out; the squatter, whose turn it is, goes out and the owner
    scores 1 for the completed campsite, which they do not keep. Objects and ids agree."""
    state = _squat_position(players, turn, owner)
    squat = uc.Squat(turn, owner, RUN_SIX, 0, uc.Placed.parse("G9"))
    results = []
    for ids in (False, True):
        after = _apply(state, squat, ids)
        while isinstance(after.pending, uc.SprayWindow):
            after = _apply(after, uc.Decline(after.pending.waiting[0]), ids)
        results.append(after)
    assert results[0] == results[1]
    result = results[0].round_results[-1]
    assert result.went_out == turn
    assert result.points[owner] == 1 and result.kept[owner] == ()
    campsite = COMPLETE[turn][0]
    assert result.kept[turn] == (campsite,)
    assert result.points[turn] == state.config.catalogue[campsite].points


# ----------------------------------------------------------------------------- Lost Camper


def _lost_camper_cases() -> list[tuple[int, int, tuple[int, ...]]]:
    """Every (players, turn, goers) with two or more goers: seats other than the turn's
    whose right-hand neighbour passes them nothing (holds no card, or is the turn's
    player, who played their last card)."""
    cases = []
    for players in range(4, 7):
        for turn in range(players):
            others = [s for s in range(players) if s != turn]
            for mask in range(1, 1 << len(others)):
                goers = tuple(s for i, s in enumerate(others) if mask >> i & 1)
                if len(goers) >= 2 and all((s - 1) % players not in goers for s in goers):
                    cases.append((players, turn, goers))
    return cases


@pytest.mark.parametrize(("players", "turn", "goers"), _lost_camper_cases())
def test_uc33_a_lost_camper_pass_empties_several_hands(
    players: int, turn: int, goers: tuple[int, ...]
) -> None:
    """UC-33, UC-18: each goer holds one card and owns a complete campsite, and the player
    on their right passes them nothing (holds no card, or is the turn's player whose last
    card was the Lost Camper); after the pass they are all able to go out, and the first
    of them in turn order from the turn's player goes out. Objects and ids agree."""
    empties = {(s - 1) % players for s in goers}
    hands = [f"{FILLER[s]} {SECOND[s]}" for s in range(players)]
    table: Table = [[] for _ in range(players)]
    for seat in goers:
        hands[seat] = FILLER[seat]
        table[seat] = [_site(seat)]
    for seat in empties:
        hands[seat] = ""
    hands[turn] = "LostCamper" if turn in empties else f"LostCamper {SECOND[turn]}"
    state = uc.from_position(hands, phase=uc.Phase.PLAY, table=table, turn=turn)
    for ids in (False, True):
        after = _apply(state, uc.LostCamper(turn), ids)
        for seat in sorted(after.actors):
            after = _apply(after, uc.PassLeft(seat, after.hands[seat][0]), ids)
        _check_scores(after, _first(goers, turn, players), goers)
