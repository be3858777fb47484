"""Review: UC-25 timing. Playing one's last card while owning a complete campsite goes out
at once whether or not anybody holds a Bear Spray (a window may or may not open)."""

from __future__ import annotations

import pytest

import campers_rules as uc
from tests.campers.game_strategies import RUN_FOUR, SET_THREE, g, play

COMPLETE = [(SET_THREE, [g("SET B5 Y5 R5"), g("SET B9 Y9 R9")])]


@pytest.mark.parametrize(
    ("card", "action"),
    [
        ("Smores", "p0 play Smores"),
        ("GoFishing", "p0 play GoFishing 1 color:G"),
        ("TrashPanda", "p0 play TrashPanda 0 R2"),
        ("LostCamper", "p0 play LostCamper"),
        ("Roasted", "p0 play Roasted 1"),
    ],
)
@pytest.mark.parametrize("spray", ["", "BearSpray"])
def test_uc25_last_action_card_goes_out_with_or_without_a_holder(
    card: str, action: str, spray: str
) -> None:
    """UC-25, UC-8, UC-14: the play has no further effect and the round ends, the same
    whether a Bear Spray holder exists or not (which must not change the outcome)."""
    state = uc.from_position([card, f"G3 G4 {spray}"], phase=uc.Phase.PLAY,
                             table=[COMPLETE, []], discard="R2", config=uc.Config(rounds=2))
    after = play(state, action)
    assert after.round_results[0].went_out == 0
    assert after.round == 1 and after.pending is None


def test_uc25_last_card_squat_goes_out_without_a_fine() -> None:
    """UC-25, UC-9: a squat of one's last card goes out at once; no fine is drawn."""
    table = [COMPLETE, [(RUN_FOUR, [g("RUN B4 Y5 R6 B7")])]]
    state = uc.from_position(["G8", "G3"], phase=uc.Phase.PLAY, table=table,
                             config=uc.Config(rounds=2))
    after = play(state, "p0 squat 1:c03.0 G8")
    assert after.round_results[0].went_out == 0
    assert after.round_results[0].points == (2, 1)


@pytest.mark.parametrize("spray", ["", "BearSpray"])
def test_uc25_last_card_bear_spray_goes_out_with_or_without_a_holder(spray: str) -> None:
    """UC-25, UC-14: answering with one's last card (a Bear Spray) while owning a complete
    campsite goes out at once; the chain does not resolve first."""
    state = uc.from_position(["Smores BearSpray", f"BearSpray G3 {spray}"], phase=uc.Phase.PLAY,
                             table=[COMPLETE, []], config=uc.Config(rounds=2))
    after = play(state, "p0 play Smores", "p1 spray", "p0 spray")
    assert after.round_results[0].went_out == 0 and after.round == 1
