"""What each seat sees happen (issue 30): ``seat_events`` in both packages tells a seat
public moves, its own hand changes, round ends and the game's end, and nothing it may not
know (UC-14, UC-17, UC-18, UC-23; KC-7, KC-12, KC-16, KC-18)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
import karibou_rules as kc
from tests.campers.game_strategies import play, random_walk
from tests.karibou.strategies import hidden_variant, long_round_play


def _campers_hidden_variant(state: uc.State, viewer: int, rng: random.Random) -> uc.State:
    """Deal the other seats' hands anew among them (the deck stays as it is, so a draw
    brings the viewer the same cards) and reorder the campsite pile (UC-23)."""
    others = [p for p in range(state.num_players) if p != viewer]
    pool = [card for p in others for card in state.hands[p]]
    rng.shuffle(pool)
    hands = list(state.hands)
    for p in others:
        hands[p] = tuple(sorted(pool[: len(hands[p])]))
        del pool[: len(hands[p])]
    pile = list(state.pile)
    rng.shuffle(pile)
    return attrs.evolve(state, hands=tuple(hands), pile=tuple(pile))


def _common_actions(one: Any, other: Any) -> list[Any]:
    """The actions legal in both states, every actor's."""
    found = []
    for actor in sorted(one.actors & other.actors):
        theirs = set(map(str, other.legal_actions(actor)))
        found += [a for a in one.legal_actions(actor) if str(a) in theirs]
    return found


def _check_twins(module: Any, one: Any, other: Any, viewer: int) -> int:
    """For every action legal in both twins whose outcome the viewer sees alike, the
    viewer's events are equal, as text and as JSON. Returns how many were compared."""
    compared = 0
    for action in _common_actions(one, other):
        after_one, after_other = one.apply(action), other.apply(action)
        if after_one.view(viewer) != after_other.view(viewer):
            continue  # the action brought the viewer different cards: it may know that
        events = module.seat_events(one, action, after_one, viewer)
        twins = module.seat_events(other, action, after_other, viewer)
        assert [str(e) for e in events] == [str(e) for e in twins], action
        assert [module.dumps(e) for e in events] == [module.dumps(e) for e in twins]
        compared += 1
    return compared


@settings(max_examples=25)
@given(st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 150), st.integers(0, 5),
       st.randoms(use_true_random=False))
def test_uc23_campers_twins_give_a_seat_equal_events(
    players: int, seed: int, steps: int, viewer: int, rng: random.Random
) -> None:
    """UC-23, UC-18: other hands and the pile order never reach a seat's events."""
    state = random_walk(players, seed, steps)[-1]
    viewer %= players
    assert state.view(viewer) == _campers_hidden_variant(state, viewer, rng).view(viewer)
    _check_twins(uc, state, _campers_hidden_variant(state, viewer, rng), viewer)


@settings(max_examples=25)
@given(st.integers(3, 7), st.integers(0, 2**40), st.integers(0, 60), st.integers(0, 6),
       st.randoms(use_true_random=False))
def test_kc12_karibou_twins_give_a_seat_equal_events(
    players: int, seed: int, steps: int, viewer: int, rng: random.Random
) -> None:
    """KC-12: other hands, the pile, other scores, unnoticed signs and who else noticed a
    sign never reach a seat's events."""
    state = long_round_play(players, seed, steps)
    viewer %= players
    _check_twins(kc, state, hidden_variant(state, viewer, rng), viewer)


def test_the_twin_harness_compares_actions_in_both_games() -> None:
    """The harness above is not vacuous: it compares many actions in seeded positions."""
    rng = random.Random(3)
    campers = sum(
        _check_twins(uc, s, _campers_hidden_variant(s, 1, rng), 1)
        for s in random_walk(4, 11, 120)[::10])
    karibou = sum(
        _check_twins(kc, s, hidden_variant(s, 2, rng), 2)
        for s in (long_round_play(5, seed, 30) for seed in range(5)))
    assert campers > 50 and karibou > 50


def test_uc14_another_seats_decline_is_not_an_event() -> None:
    """UC-14: a Bear Spray window asks only holders, so another seat's decline would tell
    that it holds none: only the decliner is told of it."""
    state = uc.from_position(["Roasted B2", "G3", "BearSpray G4"], phase=uc.Phase.PLAY)
    window = play(state, "p0 play Roasted 1")
    decline = uc.Decline(2)
    after = window.apply(decline)
    assert uc.seat_events(window, decline, after, 0) == ()
    assert uc.seat_events(window, decline, after, 1) == ()
    assert [str(e) for e in uc.seat_events(window, decline, after, 2)] == ["p2 lets it go"]


def test_uc18_a_lost_camper_pass_shows_each_seat_only_its_own_cards() -> None:
    """UC-18: every seat learns the card it passed and the one it got, nobody else's."""
    state = uc.from_position(["LostCamper B2 B3", "G3 G5", "Y4 Y6"], phase=uc.Phase.PLAY)
    state = play(state, "p0 play LostCamper", "p1 pass G3", "p2 pass Y6")
    last = uc.PassLeft(0, uc.Card.parse("B2"))
    after = state.apply(last)
    hands = {seat: [e for e in uc.seat_events(state, last, after, seat)
                    if e.kind is uc.EventKind.HAND] for seat in range(3)}
    assert [(e.gained, e.lost) for e in hands[0]] == [(uc.parse_cards("Y6"),
                                                        uc.parse_cards("B2"))]
    assert [(e.gained, e.lost) for e in hands[1]] == [(uc.parse_cards("B2"),
                                                        uc.parse_cards("G3"))]
    for seat in range(3):
        moves = [str(e) for e in uc.seat_events(state, last, after, seat)
                 if e.kind is uc.EventKind.MOVE]
        assert moves == ["p0 chooses a card to pass left"]


def test_uc6_a_draw_shows_its_cards_to_the_drawer_only() -> None:
    state = uc.new_game(4, seed=9)
    draw = uc.Draw(state.turn, 2)
    after = state.apply(draw)
    mine = uc.seat_events(state, draw, after, state.turn)
    assert [e.kind for e in mine] == [uc.EventKind.MOVE, uc.EventKind.HAND]
    assert len(mine[1].gained) == 2 and mine[1].lost == ()
    other = (state.turn + 1) % 4
    assert [str(e) for e in uc.seat_events(state, draw, after, other)] == [
        f"p{state.turn} draws 2 from the deck"]


def test_kc7_a_sign_is_an_event_only_for_its_maker_and_those_who_noticed_it() -> None:
    """KC-7, KC-12: an unnoticed sign is not an event; a noticed one does not say who
    else noticed it."""
    state = kc.new_game(players=4, seed=5)
    species = state.hands[0][0]
    sign = kc.Sign(0, species, noticed_by=frozenset({2}))
    after = state.apply(sign)
    line = f"p0 makes the {species} sign ({species.sign})"
    for seat, seen in ((0, [line]), (1, []), (2, [line]), (3, [])):
        assert [str(e) for e in kc.seat_events(state, sign, after, seat)] == seen
    wider = kc.Sign(0, species, noticed_by=frozenset({2, 3}))
    for seat in (0, 2):
        assert kc.seat_events(state, wider, state.apply(wider), seat) == kc.seat_events(
            state, sign, after, seat)


def test_kc16_kc18_a_round_end_shows_own_points_and_the_end_every_score() -> None:
    """KC-16: a round's end tells a seat its own points; KC-18: the final scores are
    public once the game ends."""
    for seed in range(40):
        state, rng = kc.new_game(players=5, seed=seed), random.Random(seed)
        while not state.is_over:
            actor = rng.choice(sorted(state.actors))
            action = rng.choice(state.legal_actions(actor))
            after = state.apply(action)
            for seat in range(5):
                events = kc.seat_events(state, action, after, seat)
                kinds = [e.kind for e in events]
                if isinstance(action, kc.PlacePawn):
                    own = after.view(seat).round_results[-1].own_points
                    assert kinds[:2] == [kc.EventKind.MOVE, kc.EventKind.ROUND]
                    assert events[1].text.endswith(f"you +{own}")
                    others = [f"p{s}" for s in range(5) if s != seat]
                    assert not any(f"{p} +" in events[1].text for p in others)
                assert (kc.EventKind.OVER in kinds) == after.is_over
                if after.is_over:
                    assert str(list(after.scores)) in events[-1].text
            state = after


@pytest.mark.parametrize("module, state", [
    (uc, uc.new_game(3, seed=1)), (kc, kc.new_game(players=3, seed=1))])
def test_events_round_trip_as_json_and_bad_documents_are_refused(module: Any, state: Any) -> None:
    rng = random.Random(2)
    seen = 0
    for _ in range(300):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions(rng.choice(sorted(state.actors))))
        after = state.apply(action)
        for seat in range(state.num_players):
            for event in module.seat_events(state, action, after, seat):
                assert module.loads_event(module.dumps(event)) == event
                seen += 1
        state = after
    assert seen > 100
    for bad in ("", "[]", '{"kind": "move"}', '{"kind": "nope", "player": 0, "text": "",'
                ' "gained": "", "lost": ""}', '{"kind": "move", "player": true, "text": "",'
                ' "gained": "", "lost": ""}', '{"kind": "hand", "player": 0, "text": "",'
                ' "gained": "Zebra", "lost": ""}', b"\xff"):
        with pytest.raises(module.SerializationError):
            module.loads_event(bad)


@pytest.mark.parametrize("module, state", [
    (uc, uc.new_game(3, seed=1)), (kc, kc.new_game(players=3, seed=1))])
@pytest.mark.parametrize("seat", [3, -1, True, None, "0"])
def test_a_seat_outside_the_game_is_refused(module: Any, state: Any, seat: object) -> None:
    action = state.legal_actions(min(state.actors))[0]
    with pytest.raises(module.CampersError if module is uc else module.KaribouError):
        module.seat_events(state, action, state.apply(action), seat)


@pytest.mark.parametrize("module, state", [
    (uc, uc.new_game(3, seed=1)), (kc, kc.new_game(players=3, seed=1))])
def test_events_of_an_action_that_does_not_lead_to_after_are_refused(
    module: Any, state: Any
) -> None:
    action = state.legal_actions(min(state.actors))[0]
    with pytest.raises(module.CampersError if module is uc else module.KaribouError):
        module.seat_events(state, action, state, 0)
