"""Text forms: every action, card and tile reads back from its text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import karibou_rules as kc
from tests.karibou.strategies import states_st


@given(states_st)
def test_every_legal_action_round_trips(state: kc.State) -> None:
    """str(action) parses back to the same action, for every legal action."""
    for player in range(state.num_players):
        for action in state.legal_actions(player):
            assert kc.parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("p2 exchange Bear for Duck", kc.Exchange(2, kc.Card.BEAR, kc.Card.DUCK)),
        ("p0 scout", kc.PlayScout(0)),
        ("p0 complete from pile", kc.CompleteHand(0, kc.PILE)),
        ("p4 complete from elk", kc.CompleteHand(4, kc.Card.ELK)),
        ("p1 sign Duck seen by p0,p3", kc.Sign(1, kc.Card.DUCK, frozenset({0, 3}))),
        ("p1 sign Duck seen by nobody", kc.Sign(1, kc.Card.DUCK, frozenset())),
        ("p1 pawn Duck on p3", kc.PlacePawn(1, kc.Card.DUCK, 3)),
        ("  P1   PAWN all ON p1 ", kc.PlacePawn(1, kc.ALL_ANIMALS, 1)),
        ("p6 reveal", kc.Reveal(6)),
        ("p3 pass", kc.Pass(3)),
    ],
)
def test_examples(text: str, action: kc.Action) -> None:
    """The documented examples of the text forms."""
    assert kc.parse_action(text) == action
    assert kc.parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text",
    ["", "p0", "p0 exchange Moose for Duck", "p0 pawn Scout on p1", "p0 sign Duck seen by",
     "p10 pass", "x0 pass", "p0 complete from Scoutt", "p0 pass please"],
)  # fmt: skip
def test_bad_text(text: str) -> None:
    """Text that is not an action raises ParseError (a KaribouError)."""
    with pytest.raises(kc.ParseError):
        kc.parse_action(text)


@given(st.text(max_size=30))
def test_any_text_parses_or_raises_parse_error(text: str) -> None:
    """parse_action raises nothing but ParseError, and what it reads prints back."""
    try:
        action = kc.parse_action(text)
    except kc.ParseError:
        return
    assert kc.parse_action(str(action)) == action


def test_cards_tiles_teams() -> None:
    """KC-1, KC-2: card, tile and team text forms read back."""
    for card in kc.Card:
        assert kc.Card.parse(str(card)) is card
    for tile in kc.TILES:
        assert kc.parse_tile(str(tile)) is tile
    for team in kc.Team:
        assert kc.Team.parse(str(team)) is team
    assert kc.parse_cards(kc.format_cards(kc.DECK)) == kc.DECK
    with pytest.raises(kc.ParseError):
        kc.parse_tile("Scout")
    with pytest.raises(kc.ParseError):
        kc.Team.parse("Ranger")
    with pytest.raises(ValueError):
        _ = kc.Card.SCOUT.sign
