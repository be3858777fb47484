"""Going out, UC-25 timing (amended). A squat or action card goes through its Bear Spray window,
then takes its whole effect, and only then is going out checked (UC-8); the outcome is the
same whether or not anybody holds a Bear Spray (UC-27)."""

from __future__ import annotations

from collections import Counter

import pytest

import campers_rules as uc
from tests.campers.game_strategies import RUN_FOUR, RUN_SIX, SET_THREE, g, play

COMPLETE = [(SET_THREE, [g("SET B5 Y5 R5"), g("SET B9 Y9 R9")])]
MODES = [
    pytest.param("", False, id="no-holder"),
    pytest.param(" BearSpray", False, id="holder"),
    pytest.param("", True, id="ask-everyone"),
]


def _decline_all(state: uc.State) -> uc.State:
    """Every player a Bear Spray window waits on declines, until no window is open."""
    while isinstance(state.pending, uc.SprayWindow):
        state = state.apply(uc.Decline(state.pending.waiting[0]))
    return state


@pytest.mark.parametrize(
    ("card", "action", "then", "goes_out"),
    [
        ("Roasted", "p0 play Roasted 1", (), True),
        ("GoFishing", "p0 play GoFishing 1 wild", (), True),
        ("GoFishing", "p0 play GoFishing 1 color:G", ("p1 give G3",), False),
        ("Smores", "p0 play Smores", (), False),
        ("TrashPanda", "p0 play TrashPanda 0 R2", (), False),
        ("LostCamper", "p0 play LostCamper", ("p1 pass G3",), False),
        ("BearAttack", "p0 play BearAttack 1:c06.0 B8", (), False),
    ],
)
@pytest.mark.parametrize(("spray", "everyone"), MODES)
def test_uc25_last_action_card_takes_its_effect_before_going_out(
    card: str, action: str, then: tuple[str, ...], goes_out: bool, spray: str, everyone: bool
) -> None:
    """UC-25, UC-8, UC-27: a last action card played by the owner of a complete campsite
    takes its whole effect first; the player goes out only if that leaves the hand empty
    (Roasted, a Go Fishing that finds nothing), the same with or without a holder."""
    table = [COMPLETE, [(RUN_SIX, [g("RUN B4 Y5 R6 B7 B8")])]]
    config = uc.Config(rounds=2, ask_everyone=everyone)
    state = uc.from_position([card, f"G3{spray}"], phase=uc.Phase.PLAY, table=table,
                             discard="R2", config=config)
    after = play(_decline_all(play(state, action)), *then)
    assert after.pending is None
    if goes_out:
        assert after.round_results[0].went_out == 0 and after.round == 1
    else:
        assert not after.round_results and after.turn == 0 and after.hands[0]


@pytest.mark.parametrize("everyone", [False, True])
def test_uc25_a_denied_last_action_card_goes_out_after_the_denial(everyone: bool) -> None:
    """UC-25, UC-14: a last-card Bear Attack denied by a Bear Spray steals nothing; the
    player's hand is then empty and, owning a complete campsite, they go out."""
    table = [COMPLETE, [(RUN_SIX, [g("RUN B4 Y5 R6 B7 B8")])]]
    state = uc.from_position(["BearAttack", "G3 BearSpray"], phase=uc.Phase.PLAY, table=table,
                             config=uc.Config(rounds=2, ask_everyone=everyone))
    after = play(state, "p0 play BearAttack 1:c06.0 B8")
    assert isinstance(after.pending, uc.SprayWindow) and not after.round_results
    after = _decline_all(play(after, "p1 spray"))
    assert after.round_results[0].went_out == 0
    assert after.round_results[0].points == (2, 1)


@pytest.mark.parametrize(("spray", "everyone"), MODES)
def test_uc25_last_card_squat_draws_the_fine_then_goes_out(spray: str, everyone: bool) -> None:
    """UC-25, UC-27, UC-9: a last-card squat goes through its window, the owner draws the
    fine, then the squatter goes out, with or without a holder."""
    table = [COMPLETE, [(RUN_FOUR, [g("RUN B4 Y5 R6 B7")])]]
    state = uc.from_position(["G8", f"G3{spray}"], phase=uc.Phase.PLAY, table=table,
                             deck="Y2 Y3", config=uc.Config(rounds=1, ask_everyone=everyone))
    after = play(state, "p0 squat 1:c03.0 G8")
    if spray or everyone:
        assert isinstance(after.pending, uc.SprayWindow) and not after.round_results
    after = _decline_all(after)
    assert after.round_results[0].went_out == 0
    assert after.round_results[0].points == (2, 1)


def test_uc25_last_card_squat_can_be_denied() -> None:
    """UC-25, UC-14: a squat of one's last card can be denied; the card comes back, nobody
    draws a fine, and the squatter plays on (they hold a card to discard)."""
    table = [COMPLETE, [(RUN_FOUR, [g("RUN B4 Y5 R6 B7")])]]
    state = uc.from_position(["G8", "G3 BearSpray"], phase=uc.Phase.PLAY, table=table)
    after = play(state, "p0 squat 1:c03.0 G8", "p1 spray")
    assert after.hands[0] == (uc.Card.parse("G8"),) and after.hands[1] == (uc.Card.parse("G3"),)
    assert not after.round_results and after.turn == 0 and after.pending is None
    assert str(after.table[1][0].groups[0]) == "RUN B4 Y5 R6 B7"


@pytest.mark.parametrize(
    ("second", "goes_out"), [pytest.param("", True, id="chain-ends"),
                             pytest.param("p2 spray", False, id="counter-sprayed")]
)
def test_uc25_last_card_bear_spray_is_checked_after_the_chain(second: str, goes_out: bool) -> None:
    """UC-25, UC-14: a responder who answers with their last card (a Bear Spray) while owning
    a complete campsite goes out once the chain has resolved with the play denied; if their
    Bear Spray is itself denied, the S'mores deals them two cards and they play on."""
    table = [[], COMPLETE, []]
    state = uc.from_position(["Smores G2", "BearSpray", "BearSpray G4"], phase=uc.Phase.PLAY,
                             table=table, config=uc.Config(rounds=2))
    after = play(state, "p0 play Smores", "p1 spray")
    assert isinstance(after.pending, uc.SprayWindow) and not after.round_results
    after = play(after, second) if second else _decline_all(after)
    if goes_out:
        assert after.round_results[0].went_out == 1
    else:
        assert not after.round_results and len(after.hands[1]) == 2


@pytest.mark.parametrize("draws", [1, 2])
def test_uc25_draw_with_nothing_left_ends_the_turn(draws: int) -> None:
    """UC-25, UC-6: a turn's player with no card who can draw nothing ends the turn without
    a discard."""
    rest = Counter(uc.DECK) - Counter(uc.parse_cards("R9"))
    state = uc.from_position(["", sorted(rest.elements())], discard="R9", rest="discard")
    after = play(state, f"p0 draw {draws}")
    assert after.hands[0] == () and after.turn == 1 and after.phase is uc.Phase.DRAW


def test_uc25_roasted_skips_do_not_carry_into_the_next_round() -> None:
    """UC-25, UC-16: skips still owed when the round ends are forgotten."""
    state = uc.from_position(["Roasted G9", "G3", "G4"], phase=uc.Phase.PLAY,
                             table=[[(SET_THREE, [g("SET B5 Y5 R5"), g("SET B9 Y9 R9")])], [], []],
                             config=uc.Config(rounds=2))
    after = play(state, "p0 play Roasted 1")
    assert after.skips == (0, 1, 0)
    after = play(after, "p0 add c05.1 G9")
    assert after.round == 1 and after.skips == (0, 0, 0)
    assert after.turn == (after.dealer + 1) % 3
