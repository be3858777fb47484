"""Hidden information (UC-23, UC-14, UC-18): states that differ only in what a player
cannot see give that player equal views."""

from __future__ import annotations

import random

import attrs
from hypothesis import given
from hypothesis import strategies as st

import campers_rules as uc
from tests.campers.game_strategies import RUN_FOUR, g, play, players, random_walk, seeds


def _reshuffle_hidden(state: uc.State, viewer: int, rng: random.Random) -> uc.State:
    """Deal the cards the viewer cannot see (other hands, the deck) anew, reorder the
    campsite pile, and change who is waited on later in a Bear Spray window."""
    others = [p for p in range(state.num_players) if p != viewer]
    pool = [c for p in others for c in state.hands[p]] + list(state.deck)
    rng.shuffle(pool)
    hands = list(state.hands)
    for p in others:
        size = len(hands[p])
        hands[p] = tuple(sorted(pool[:size]))
        del pool[:size]
    pile = list(state.pile)
    rng.shuffle(pile)
    pending = state.pending
    if isinstance(pending, uc.SprayWindow):
        first, *later = pending.waiting  # who is asked now is the asked seat's to know
        pending = attrs.evolve(pending, waiting=(first, *reversed(later)))
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(pool), pile=tuple(pile),
                        pending=pending)


@given(players, seeds, st.integers(0, 120), st.integers(0, 5), st.randoms())
def test_views_equal_when_only_hidden_cards_differ(
    players: int, seed: int, steps: int, viewer: int, rng: random.Random
) -> None:
    """UC-23: other hands, the deck order and the pile order never reach a view; UC-14:
    nor who is asked to answer a Bear Spray window."""
    state = random_walk(players, seed, steps)[-1]
    viewer %= players
    if isinstance(state.pending, uc.PassChoice | uc.FishingChoice):
        return  # their hidden parts are checked below
    other = _reshuffle_hidden(state, viewer, rng)
    assert other.view(viewer) == state.view(viewer)
    assert uc.dumps(other.view(viewer)) == uc.dumps(state.view(viewer))


def test_lost_camper_choices_stay_secret() -> None:
    """UC-18: a view shows one's own Lost Camper choice, never another player's."""
    state = uc.from_position(["LostCamper B2 B3", "G3 G5", "Y4 Y6"], phase=uc.Phase.PLAY)
    state = state.apply(uc.parse_action("p0 play LostCamper"))
    a = state.apply(uc.parse_action("p1 pass G3"))
    b = state.apply(uc.parse_action("p1 pass G5"))
    assert a.view(0) == b.view(0) and a.view(2) == b.view(2)
    assert a.view(1) != b.view(1)


def test_view_json_round_trip() -> None:
    """A view serializes and reads back equal (``loads_view``)."""
    for state in random_walk(4, 3, 80)[::10]:
        for player in range(4):
            view = state.view(player)
            assert uc.loads_view(uc.dumps(view)) == view


def _observed(hands: list[str], *actions: str, table: object = None) -> list[uc.View]:
    """Seat 2's views along the actions, from a position with these hands."""
    state = uc.from_position(hands, phase=uc.Phase.PLAY, table=table)  # type: ignore[arg-type]
    views = [state.view(2)]
    for action in actions:
        state = play(state, action)
        views.append(state.view(2))
    return views


def test_uc17_go_fishing_target_chooses_even_with_one_matching_face() -> None:
    """UC-17, UC-23: a third player cannot tell whether the target held one matching face
    or several; the target always chooses the card handed over."""
    one = _observed(["GoFishing B2", "G3 Y9", "B5"], "p0 play GoFishing 1 color:G")
    two = _observed(["GoFishing B2", "G3 G5", "B5"], "p0 play GoFishing 1 color:G")
    assert one == two
    assert isinstance(one[-1].pending, uc.FishingChoice)


def test_uc17_single_matching_face_is_the_only_answer() -> None:
    """UC-17: with one matching face, handing it over is the target's one legal answer."""
    state = uc.from_position(["GoFishing B2", "G3 Y9"], phase=uc.Phase.PLAY)
    after = play(state, "p0 play GoFishing 1 number:9")
    assert [str(a) for a in after.legal_actions(1)] == ["p1 give Y9"]
    assert play(after, "p1 give Y9").hands == ((uc.Card.parse("B2"), uc.Card.parse("Y9")),
                                              (uc.Card.parse("G3"),))


def test_uc24_owner_without_a_repair_card_still_decides() -> None:
    """UC-13, UC-24, UC-23: a damaged campsite always waits on its owner's decision, so that
    observers do not learn whether the owner holds a card that could repair it."""
    table = [[], [(RUN_FOUR, [g("RUN B4 Y5 R6 B7")])], []]
    can = _observed(["BearAttack B2", "G7 Y3", "B5"], "p0 play BearAttack 1:c03.0 B7", table=table)
    cannot = _observed(["BearAttack B2", "G12 Y11", "B5"], "p0 play BearAttack 1:c03.0 B7",
                       table=table)
    assert can == cannot
    assert isinstance(can[-1].pending, uc.RepairChoice)


def test_uc14_a_view_tells_its_player_when_they_are_asked_and_nobody_else() -> None:
    """UC-14: in a Bear Spray window a view shows its own player whether they are asked
    (so a client can prompt them) and never who else is."""
    from tests.campers.game_strategies import random_walk

    windows = [
        state
        for seed in range(40)
        for state in random_walk(4, seed, 300)
        if isinstance(state.pending, uc.SprayWindow)
    ]
    assert windows, "no Bear Spray window in 40 random games"
    for state in windows[:50]:
        for seat in range(state.num_players):
            shown = state.view(seat).pending
            assert isinstance(shown, uc.SprayWindow)
            assert shown.waiting == ((seat,) if seat in state.actors else ())
