"""Pictures of the table (issue 30): ``to_svg(view)`` in both packages draws what the
seat may see and nothing more (UC-23, KC-12), as XML that parses, the same bytes for the
same view."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
import karibou_rules as kc
from tests.campers.game_strategies import random_walk
from tests.karibou.strategies import hidden_variant, long_round_play
from tests.test_seat_events import _campers_hidden_variant

SVG = "{http://www.w3.org/2000/svg}"


def _cards_of_seat(svg: str, seat: int) -> list[str]:
    """The face-up cards drawn in a seat's row."""
    root = ET.fromstring(svg)
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == "seat" and group.get("data-seat") == str(seat):
            return [g.get("data-card", "") for g in group.iter(f"{SVG}g")
                    if g.get("class") == "card"]
    raise AssertionError(f"no row for seat {seat}")


@settings(max_examples=20)
@given(st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 150), st.integers(0, 5),
       st.randoms(use_true_random=False))
def test_uc23_campers_picture_shows_only_the_viewers_hand(
    players: int, seed: int, steps: int, viewer: int, rng: random.Random
) -> None:
    """UC-23: the viewer's hand face up, the others as backs: hidden-information twins
    give byte-identical pictures."""
    state = random_walk(players, seed, steps)[-1]
    viewer %= players
    svg = uc.to_svg(state.view(viewer))
    assert ET.fromstring(svg).tag == f"{SVG}svg"
    assert svg == uc.to_svg(_campers_hidden_variant(state, viewer, rng).view(viewer))
    assert state.view(viewer)._repr_svg_() == svg
    for seat in range(players):
        shown = _cards_of_seat(svg, seat)
        table = [str(card) for site in state.table[seat] for group in site.groups
                 for card in group.cards]
        hand = [str(card) for card in state.hands[seat]] if seat == viewer else []
        assert shown == hand + table


@settings(max_examples=20)
@given(st.integers(3, 7), st.integers(0, 2**40), st.integers(0, 60), st.integers(0, 6),
       st.randoms(use_true_random=False))
def test_kc12_karibou_picture_shows_only_the_viewers_hand(
    players: int, seed: int, steps: int, viewer: int, rng: random.Random
) -> None:
    """KC-12, KC-18: the viewer's hand face up, no other hand, no other score while the
    game goes on: hidden-information twins give byte-identical pictures."""
    state = long_round_play(players, seed, steps)
    viewer %= players
    svg = kc.to_svg(state.view(viewer))
    assert ET.fromstring(svg).tag == f"{SVG}svg"
    assert svg == kc.to_svg(hidden_variant(state, viewer, rng).view(viewer))
    assert state.view(viewer)._repr_svg_() == svg
    for seat in range(players):
        expected = [str(card) for card in state.hands[seat]] if seat == viewer else []
        assert _cards_of_seat(svg, seat) == expected


def test_kc18_a_finished_game_shows_every_score() -> None:
    for seed in range(10):
        state, rng = kc.new_game(players=4, seed=seed), random.Random(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions(rng.choice(sorted(state.actors)))))
        svg = kc.to_svg(state.view(seed % 4))
        assert "final scores: " + ", ".join(
            f"p{seat} {score}" for seat, score in enumerate(state.scores)) in svg
        pawn = state.round_results[-1]
        assert f"naming p{pawn.named}" in svg


@pytest.mark.parametrize("module, error", [(uc, uc.CampersError), (kc, kc.KaribouError)])
@pytest.mark.parametrize("thing", [None, 5, "view"])
def test_to_svg_draws_only_a_view_of_its_game(module: Any, error: type[Exception],
                                              thing: object) -> None:
    with pytest.raises(error):
        module.to_svg(thing)
    other = kc.new_game(players=3, seed=1) if module is uc else uc.new_game(3, seed=1)
    with pytest.raises(error):
        module.to_svg(other.view(0))
