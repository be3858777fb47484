"""Every error a caller can meet is a subclass of the package's root error: bad options,
a bad noticing model, a bad bot list (issue 10)."""

from __future__ import annotations

from typing import Any

import pytest

import campers_rules as uc
import karibou_rules as kc


@pytest.mark.parametrize("options", [
    {"rounds": 0}, {"rounds": True}, {"turn_cap": 10**6}, {"claim_limit": "3"},
    {"backend": "x"}, {"backend": ["native"]}, {"ask_everyone": 1}, {"ask_everyone": "yes"},
])
def test_uc22_bad_campers_options_raise_the_root_error(options: dict[str, Any]) -> None:
    """UC-22 and the documented maxima: a bad option is a CampersError, never a bare
    ValueError or TypeError from attrs."""
    with pytest.raises(uc.CampersError):
        uc.Config(**options)


@pytest.mark.parametrize("build", [
    lambda: kc.Config(winning_score=0),
    lambda: kc.NoticingModel(teammate=1.5),
    lambda: kc.NoticingModel(teammate=0.2, opponent=0.5),
    lambda: kc.team_cards(9),
    lambda: kc.Card.SCOUT.sign,
    lambda: kc.play_game(kc.new_game(3, seed=1), [kc.RandomBot()], seed=1),
])
def test_kc19_kc11_bad_karibou_options_raise_the_root_error(build: Any) -> None:
    """KC-11, KC-19, KC-2: a bad option, noticing model, player count, Scout sign or bot list is a
    KaribouError."""
    with pytest.raises(kc.KaribouError):
        build()


def test_uc6_a_bot_list_of_the_wrong_length_is_a_campers_error() -> None:
    """UC-6: one bot per seat, or a CampersError."""
    with pytest.raises(uc.CampersError):
        uc.play_game(uc.new_game(3, seed=1), [uc.RandomBot()], seed=1)
