"""Mutation round (issue 15) for ``campers_rules/_validate.py``: ``loads`` refuses each
impossible pending decision, phase and view with its own reason (UC-6, UC-8, UC-12..UC-19,
UC-21, UC-25), and accepts the reachable neighbours of each."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import campers_rules as uc
from campers_rules._board import MAX_VERSION
from campers_rules._pending import Deniable, FishingChoice, PassChoice, RepairChoice, SprayWindow
from campers_rules._rng import MASK
from campers_rules._validate import problem, view_problem
from tests.campers.game_strategies import RUN_FOUR, g, play

PLAY = uc.Phase.PLAY
SPRAY = uc.Card.parse("BearSpray")
ROAST = uc.Roasted(0, 2)
TABLE = [[], [(RUN_FOUR, [g("RUN B4 Y5 R6 B7")])], []]


def _window() -> uc.State:
    """p0's Roasted on p2 waits on p1, who holds a Bear Spray."""
    state = uc.from_position(["Roasted G5 G6", "BearSpray G3", "G4"], phase=PLAY,
                             discard="R2", table=TABLE)
    return play(state, "p0 play Roasted 2")


def _ask_all() -> uc.State:
    state = _window()
    return attrs.evolve(state, config=attrs.evolve(state.config, ask_everyone=True))


def _with(build: Callable[[], uc.State], **fields: Any) -> Callable[[], uc.State]:
    return lambda: attrs.evolve(build(), **fields)


def _pend(build: Callable[[], uc.State], pending: object, **fields: Any) -> Callable[[], uc.State]:
    return _with(build, pending=pending, **fields)


def _sprayed() -> uc.State:
    """p1 sprayed p0's Roasted; p0 and p2 are asked (everyone is asked)."""
    state = _ask_all()
    return play(state, "p1 spray")


def _play(action: Deniable, discard: str = "R2 Roasted") -> Callable[[], uc.State]:
    cards = tuple(uc.parse_cards(discard))
    return lambda: _fix_cards(attrs.evolve(_ask_all(), pending=SprayWindow(action, (), (1,))),
                              cards)


def _fix_cards(state: uc.State, discard: tuple[uc.Card, ...]) -> uc.State:
    """The state with this discard pile, the deck making up the 126 cards."""
    deck = list(state.deck) + list(state.discard)
    for card in discard:
        deck.remove(card)
    return attrs.evolve(state, discard=discard, deck=tuple(deck))


def _attacked() -> uc.State:
    state = uc.from_position(["BearAttack B2", "G3", "G4"], phase=PLAY, table=TABLE)
    return play(state, "p0 play BearAttack 1:c03.0 B7")


def _standing() -> uc.State:
    """p1's campsite stands whole; p0 is to play."""
    return uc.from_position(["BearAttack B2", "G3", "G4"], phase=PLAY, table=TABLE)


def _fishing() -> uc.State:
    state = uc.from_position(["GoFishing G5", "G4 B5", "Y4"], phase=PLAY)
    return play(state, "p0 play GoFishing 1 color:G")


def _lost() -> uc.State:
    state = uc.from_position(["LostCamper G5", "G4 B5", "Y4"], phase=PLAY)
    return play(state, "p0 play LostCamper")


def _plain() -> uc.State:
    return uc.from_position(["G5", "G3", "G4"], phase=PLAY)


def _refilled(build: Callable[[], uc.State]) -> Callable[[], uc.State]:
    return lambda: _complete_deck(build())


G4, B5, Y4, G5 = (uc.Card.parse(c) for c in ("G4", "B5", "Y4", "G5"))
B7 = uc.Placed.parse("B7")
B4 = uc.Placed.parse("B4")
R6 = uc.Placed.parse("R6")
COLOR_G = uc.parse_action("p0 play GoFishing 1 color:G").request  # type: ignore[union-attr]

PROBLEMS: list[tuple[str, Callable[[], uc.State], str]] = [
    # the response window (UC-12, UC-14)
    ("nobody", _pend(_window, SprayWindow(ROAST, (), ())),
     "a response window names unknown seats"),
    ("seat 3", _pend(_window, SprayWindow(ROAST, (), (3,))),
     "a response window names unknown seats"),
    ("sprayer 3", _pend(_window, SprayWindow(ROAST, (3,), (1,))),
     "a response window names unknown seats"),
    ("player 3", _pend(_window, SprayWindow(uc.Roasted(3, 2), (), (1,))),
     "a response window names unknown seats"),
    ("twice", _pend(_ask_all, SprayWindow(ROAST, (), (1, 1))),
     "a response window asks a player twice"),
    ("own play", _pend(_ask_all, SprayWindow(ROAST, (), (0, 1))),
     "a player may not answer their own play (UC-14)"),
    ("own spray", _pend(_sprayed, SprayWindow(ROAST, (1,), (1, 2))),
     "a player may not answer their own play (UC-14)"),
    ("not the turn", _pend(_ask_all, SprayWindow(uc.Roasted(1, 2), (), (2,))),
     "only the turn's player makes a deniable play (UC-12)"),
    ("self spray", _pend(_sprayed, SprayWindow(ROAST, (0,), (1,))),
     "a Bear Spray answers its own player's play (UC-14)"),
    ("spray twice", _pend(_sprayed, SprayWindow(ROAST, (1, 1), (2,))),
     "a Bear Spray answers its own player's play (UC-14)"),
    ("no spray held", _pend(_window, SprayWindow(ROAST, (), (2,))),
     "a response window waits on a player without Bear Spray (UC-14)"),
    ("spray not on top", _pend(_ask_all, SprayWindow(ROAST, (1,), (2,))),
     "the Bear Sprays of a chain are not on top of the discard pile (UC-14)"),
    ("sprays below", _pend(_sprayed, SprayWindow(ROAST, (1, 2), (0,))),
     "the Bear Sprays of a chain are not on top of the discard pile (UC-14)"),
    ("played card missing", _play(ROAST, "R2"),
     "the played action card is not on the discard pile (UC-12)"),
    ("empty discard", _play(ROAST, ""),
     "the played action card is not on the discard pile (UC-12)"),
    ("only sprays", lambda: _fix_cards(attrs.evolve(_sprayed()), (SPRAY,)),
     "the played action card is not on the discard pile (UC-12)"),
    # the play under the window (UC-13, UC-16, UC-17, UC-19)
    ("attack own", _play(uc.BearAttack(0, 0, RUN_FOUR, 0, B7), "R2 BearAttack"),
     "a squat or Bear Attack names a wrong owner"),
    ("attack seat 3", _play(uc.BearAttack(0, 3, RUN_FOUR, 0, B7), "R2 BearAttack"),
     "a squat or Bear Attack names a wrong owner"),
    ("attack no site", _play(uc.BearAttack(0, 2, RUN_FOUR, 0, B7), "R2 BearAttack"),
     "a squat or Bear Attack names a group that is not there"),
    ("attack group 1", _play(uc.BearAttack(0, 1, RUN_FOUR, 1, B7), "R2 BearAttack"),
     "a squat or Bear Attack names a group that is not there"),
    ("attack group -1", _play(uc.BearAttack(0, 1, RUN_FOUR, -1, B7), "R2 BearAttack"),
     "a squat or Bear Attack names a group that is not there"),
    ("attack inner card", _play(uc.BearAttack(0, 1, RUN_FOUR, 0, R6), "R2 BearAttack"),
     "the squatted or attacked card is not in its group"),
    ("roast self", _play(uc.Roasted(0, 0)), "a play names a wrong target"),
    ("roast seat 3", _play(uc.Roasted(0, 3)), "a play names a wrong target"),
    ("fish seat -1", _play(uc.GoFishing(0, -1, COLOR_G), "R2 GoFishing"),
     "a play names a wrong target"),
    ("panda depth -1", _play(uc.TrashPanda(0, -1, uc.Card.parse("R2")), "R2 G2 TrashPanda"),
     "a Trash Panda reaches below the discard pile (UC-19)"),
    ("panda depth 5", _play(uc.TrashPanda(0, 5, uc.Card.parse("R2")),
                            "R2 G2 G3 G7 G8 G9 TrashPanda"),
     "a Trash Panda reaches below the discard pile (UC-19)"),
    ("panda below", _play(uc.TrashPanda(0, 1, uc.Card.parse("R2")), "R2 TrashPanda"),
     "a Trash Panda reaches below the discard pile (UC-19)"),
    ("panda below sprays", lambda: _fix_cards(attrs.evolve(
        _sprayed(), pending=SprayWindow(uc.TrashPanda(0, 0, SPRAY), (1,), (2, 0))),
        tuple(uc.parse_cards("TrashPanda BearSpray"))),
     "a Trash Panda reaches below the discard pile (UC-19)"),
    # repairs (UC-13)
    ("repair seat 3", _pend(_standing, RepairChoice(3, RUN_FOUR, 0)),
     "a repair choice names an unknown seat"),
    ("repair no site", _pend(_standing, RepairChoice(2, RUN_FOUR, 0)),
     "a repair choice names a group that is not there (UC-13)"),
    ("repair group 1", _pend(_standing, RepairChoice(1, RUN_FOUR, 1)),
     "a repair choice names a group that is not there (UC-13)"),
    ("repair group -1", _pend(_standing, RepairChoice(1, RUN_FOUR, -1)),
     "a repair choice names a group that is not there (UC-13)"),
    ("not damaged", _pend(_standing, RepairChoice(1, RUN_FOUR, 0)),
     "a repair choice on a campsite that is not damaged (UC-13)"),
    # fishing (UC-17)
    ("fisher 3", _pend(_fishing, FishingChoice(3, 1, COLOR_G)),
     "a fishing choice names an unknown seat"),
    ("target 3", _pend(_fishing, FishingChoice(0, 3, COLOR_G)),
     "a fishing choice names an unknown seat"),
    ("fish self", _pend(_fishing, FishingChoice(0, 0, COLOR_G)),
     "a fishing choice is the turn's player's, from another player (UC-17)"),
    ("fisher not turn", _pend(_fishing, FishingChoice(2, 1, COLOR_G)),
     "a fishing choice is the turn's player's, from another player (UC-17)"),
    ("no match", _pend(_fishing, FishingChoice(0, 2, COLOR_G)),
     "the fishing target holds no matching card (UC-17)"),
    # Lost Camper (UC-18)
    ("short chosen", _pend(_lost, PassChoice((None, None), frozenset({0, 1}))),
     "a Lost Camper choice does not have one entry per seat"),
    ("waiting seat 3", _pend(_lost, PassChoice((None,) * 3, frozenset({0, 3}))),
     "a Lost Camper choice does not have one entry per seat"),
    ("chosen and waiting", _pend(_lost, PassChoice((None, G4, None), frozenset({1, 2}))),
     "a Lost Camper card is not in its chooser's hand (UC-18)"),
    ("chosen not held", _pend(_lost, PassChoice((None, Y4, None), frozenset({0, 2}))),
     "a Lost Camper card is not in its chooser's hand (UC-18)"),
    ("empty hand asked", _refilled(_pend(_lost, PassChoice((None,) * 3, frozenset({0, 1, 2})),
                                         hands=((), tuple(sorted((G4, B5))), (Y4,)))),
     "a player with no card is asked to pass one (UC-18)"),
    # phases (UC-6, UC-21, UC-25)
    ("draw with window", _with(_window, phase=uc.Phase.DRAW), "nothing happens before the draw"),
    ("draw after action", _with(lambda: uc.from_position(["G5", "G3", "G4"]),
                                action_played=True), "nothing happens before the draw"),
    ("no turn begun", _with(lambda: uc.from_position(["G5", "G3", "G4"]), turns_taken=0),
     "a running round has begun at least one turn"),
    ("nothing to discard", _refilled(_with(_plain, turn=1, hands=((G5,), (), (G4,)))),
     "the turn's player has no card to discard (UC-25)"),
]


def _complete_deck(state: uc.State) -> uc.State:
    from collections import Counter

    from campers_rules._cards import DECK
    from campers_rules._validate import all_cards

    seen = all_cards(attrs.evolve(state, deck=()))
    missing = sorted((Counter(DECK) - seen).elements())
    return attrs.evolve(state, deck=tuple(missing))


@pytest.mark.parametrize(("name", "build", "reason"), PROBLEMS, ids=[p[0] for p in PROBLEMS])
def test_uc6_uc12_to_uc19_uc25_loads_names_an_impossible_decision(
    name: str, build: Callable[[], uc.State], reason: str
) -> None:
    """UC-6, UC-12..UC-19, UC-25: a document whose pending decision or phase no game
    reaches is refused with the reason that names what is wrong."""
    state = build()
    with pytest.raises(uc.SerializationError) as info:
        uc.loads(uc.dumps(state))
    assert str(info.value) == f"impossible state: {reason}"


def _over() -> uc.State:
    """A finished one-round game."""
    state = uc.from_position(["G5", "G3 G4", "G6"], phase=PLAY, table=TABLE,
                             config=uc.Config(rounds=1))
    state = play(state, "p0 discard G5", "p1 draw 1")
    while state.phase is not uc.Phase.OVER:
        state = state.apply(state.legal_actions(min(state.actors))[0])
    return state


def _gone_out() -> uc.State:
    """p1 owns a complete c03 (two runs of 4) and holds no card: p1 should have gone out."""
    table = [[], [(RUN_FOUR, [g("RUN B4 Y5 R6 B7"), g("RUN G9 G10 G11 G12")])], []]
    state = uc.from_position(["G5", "G8", "G3"], phase=PLAY, table=table)
    return _complete_deck(attrs.evolve(state, hands=(state.hands[0], (), state.hands[2])))


def test_uc21_a_finished_game_has_one_result_per_round() -> None:
    """UC-21: a finished game holds no hand, table or decision, and one result per round;
    the finished game itself loads."""
    over = _over()
    assert uc.loads(uc.dumps(over)) == over
    cases = [
        (attrs.evolve(over, config=attrs.evolve(over.config, rounds=2)),
         "a finished game has one result per round"),
        (attrs.evolve(over, pending=RepairChoice(1, RUN_FOUR, 0)),
         "a finished game has no hands, table or pending decision"),
    ]
    for state, reason in cases:
        with pytest.raises(uc.SerializationError) as info:
            uc.loads(uc.dumps(state))
        assert str(info.value) == f"impossible state: {reason}"


def test_uc8_uc25_a_player_left_without_cards_on_a_complete_campsite_has_gone_out() -> None:
    """UC-8, UC-25: with nothing pending, a player with no card and a complete campsite
    should have gone out; while a decision is pending, going out waits."""
    with pytest.raises(uc.SerializationError) as info:
        uc.loads(uc.dumps(_gone_out()))
    assert str(info.value) == "impossible state: player 1 should have gone out (UC-8)"
    waiting = attrs.evolve(_gone_out(), pending=FishingChoice(0, 2, COLOR_G))
    assert uc.loads(uc.dumps(waiting)) == waiting


def test_uc21_a_round_number_matches_its_results() -> None:
    """UC-21: a running round's number is the count of results before it."""
    state = uc.from_position(["G5", "G3", "G4"])
    for number in (1, -1):
        with pytest.raises(uc.SerializationError) as info:
            uc.loads(uc.dumps(attrs.evolve(state, round=number)))
        assert str(info.value) == "impossible state: the round number does not match the results"


def _panda(sprays: int) -> Callable[[], uc.State]:
    """p0's Trash Panda on the only card under it, after this many Bear Sprays."""
    def build() -> uc.State:
        hands = ["TrashPanda BearSpray G5 G6", "BearSpray BearSpray G3", "G4"]
        state = uc.from_position(hands, phase=PLAY, discard="R2")
        return play(state, "p0 play TrashPanda 0 R2", *["p1 spray", "p0 spray"][:sprays])
    return build


REACHED = [_window, _ask_all, _sprayed, _attacked, _fishing, _lost, _standing,
           _panda(0), _panda(1), _panda(2)]


@pytest.mark.parametrize("build", REACHED)
def test_uc12_to_uc19_every_reached_decision_loads(build: Callable[[], uc.State]) -> None:
    """UC-12..UC-19: the decisions a game reaches (windows, sprays, repairs, fishing and
    Lost Camper choices), every step of the way, load back as they were."""
    state = build()
    assert uc.loads(uc.dumps(state)) == state
    while state.pending is not None:
        state = state.apply(state.legal_actions(min(state.actors))[0])
        assert uc.loads(uc.dumps(state)) == state


def test_uc9_uc14_a_squat_window_loads() -> None:
    """UC-9, UC-14: a squat waiting on a Bear Spray loads (its card is on the table, not
    the discard pile); a squat naming a card not in its group does not."""
    state = uc.from_position(["B8 G5", "BearSpray G3", "G4"], phase=PLAY, table=TABLE)
    window = play(state, "p0 squat 1:c03.0 B8")
    assert isinstance(window.pending, SprayWindow) and uc.loads(uc.dumps(window)) == window
    assert isinstance(window.pending.play, uc.Squat)
    wrong = attrs.evolve(window.pending.play, card=uc.Placed.parse("G9"))
    bad = attrs.evolve(window, pending=attrs.evolve(window.pending, play=wrong))
    with pytest.raises(uc.SerializationError) as info:
        uc.loads(uc.dumps(bad))
    assert str(info.value) == "impossible state: the squatted or attacked card is not in its group"


def _views(state: uc.State) -> list[uc.View]:
    return [state.view(p) for p in range(state.num_players)]


@pytest.mark.parametrize("build", [*REACHED, _over, _plain])
def test_uc23_every_players_view_of_a_reached_state_loads(
    build: Callable[[], uc.State]
) -> None:
    """UC-23: each player's view of a reached state (a window others answer, a fishing
    choice on someone else's hand, a Lost Camper choice) loads back as it was."""
    state = build()
    while True:
        for view in _views(state):
            assert uc.loads_view(uc.dumps(view)) == view
        if state.pending is None:
            break
        state = state.apply(state.legal_actions(min(state.actors))[0])


def _view(build: Callable[[], uc.State], seat: int, **fields: Any) -> Callable[[], uc.View]:
    return lambda: attrs.evolve(build().view(seat), **fields)


def _duel() -> uc.State:
    """Two players: p0's Roasted waits on p1."""
    state = uc.from_position(["Roasted G5", "BearSpray G3"], phase=PLAY)
    return play(state, "p0 play Roasted 1")


VIEW_PROBLEMS: list[tuple[str, Callable[[], uc.View], str]] = [
    ("one seat", _view(_plain, 0, num_players=1), "1 players: the game takes 2 to 6 (UC-2)"),
    ("seven seats", _view(_plain, 0, num_players=7), "7 players: the game takes 2 to 6 (UC-2)"),
    ("viewer 3", _view(_plain, 0, player=3),
     "the viewer or the hand sizes do not match the seats"),
    ("viewer -1", _view(_plain, 0, player=-1),
     "the viewer or the hand sizes do not match the seats"),
    ("two sizes", _view(_plain, 0, hand_sizes=(1, 1)),
     "the viewer or the hand sizes do not match the seats"),
    ("negative hand", _view(_plain, 0, hand_sizes=(1, -1, 2)), "a negative size"),
    ("negative deck", _view(_plain, 0, deck_size=-1), "a negative size"),
    ("negative pile", _view(_plain, 0, pile_size=-1), "a negative size"),
    ("own size", _view(_plain, 0, hand_sizes=(2, 1, 1)),
     "the viewer's hand size is not the size of their hand"),
    ("window others", _view(_window, 0, pending=SprayWindow(ROAST, (), (1,))),
     "a view shows who else is asked to answer a window (UC-14)"),
    ("pass others", _view(_lost, 1, pending=PassChoice((None,) * 3, frozenset({0, 1}))),
     "a view shows another player's Lost Camper choice (UC-18)"),
    ("pass chosen", _view(_lost, 1, pending=PassChoice((G5, None, None), frozenset({1}))),
     "a view shows another player's Lost Camper choice (UC-18)"),
    ("too many", _view(_plain, 0, discard=(G5, G5, G5)),
     "cards seen more often than the 126 hold: {Card.parse('G5'): 2}"),
    ("sizes", _view(_plain, 0, deck_size=0),
     "the sizes do not add up to the 126 cards"),
    ("pile size", _view(_plain, 0, pile_size=1),
     "the campsites shown and the pile size are not the 15 campsites (UC-1)"),
    ("fish empty hand", lambda: _fish_view(hand_sizes=(1, 0, 1)),
     "the fishing target can hold no matching card (UC-17)"),
    ("window nobody", _view(_duel, 1, pending=SprayWindow(uc.Roasted(0, 1), (), ())),
     "a response window waits on nobody (UC-14)"),
]


def _fish_view(**fields: Any) -> uc.View:
    view = _fishing().view(2)
    sizes = fields["hand_sizes"]
    deck = view.deck_size + sum(view.hand_sizes) - sum(sizes)
    return attrs.evolve(view, hand_sizes=sizes, deck_size=deck)


@pytest.mark.parametrize(("name", "build", "reason"), VIEW_PROBLEMS,
                         ids=[p[0] for p in VIEW_PROBLEMS])
def test_uc1_uc2_uc14_uc17_uc18_loads_view_names_an_impossible_view(
    name: str, build: Callable[[], uc.View], reason: str
) -> None:
    """UC-1, UC-2, UC-14, UC-17, UC-18, UC-23: a view no state gives is refused with the
    reason that names what is wrong."""
    with pytest.raises(uc.SerializationError) as info:
        uc.loads_view(uc.dumps(build()))
    assert str(info.value) == f"impossible view: {reason}"


@pytest.mark.parametrize("campsite", [15, -1])
def test_uc1_a_view_of_a_campsite_that_does_not_exist(campsite: int) -> None:
    """UC-1: a view showing a campsite outside the 15 (which ``loads_view`` already
    refuses as malformed) is impossible."""
    view = attrs.evolve(_plain().view(0), campground=(campsite,))
    assert view_problem(view) == "a campsite that does not exist"


def _refused(state: uc.State) -> str:
    with pytest.raises(uc.SerializationError) as info:
        uc.loads(uc.dumps(state))
    return str(info.value).removeprefix("impossible state: ")


def test_uc2_uc16_uc22_loads_names_each_impossible_field() -> None:
    """UC-2, UC-16, UC-22: seats, per-seat fields, dealer and turn, the random state,
    skips and scores, turns taken and hand order are each refused with their own reason;
    the extreme values a game may hold load."""
    state = uc.from_position(["G5", "G3", "G4"], phase=PLAY)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"num_players": 7}, "7 players: the game takes 2 to 6 (UC-2)"),
        ({"hands": state.hands[:2]}, "a per-seat field does not have one entry per seat"),
        ({"dealer": 3}, "dealer or turn is not a seat"),
        ({"turn": 3}, "dealer or turn is not a seat"),
        ({"rng": MASK + 1}, "the random state is not a 64-bit integer"),
        ({"skips": (-1, 0, 0)}, "negative skips or scores"),
        ({"scores": (0, -1, 0)}, "negative skips or scores"),
        ({"turns_taken": state.config.turn_cap + 1}, "turns taken exceed the turn cap (UC-22)"),
        ({"skips": (0, 0, 2)},
         "more skipped turns than Roasted plays this round could give (UC-16)"),
    ]
    for fields, reason in cases:
        assert _refused(attrs.evolve(state, **fields)) == reason, fields
    mixed = _complete_deck(attrs.evolve(state, hands=((G5,), (), (G4, Y4))))
    assert _refused(mixed) == "a hand is not sorted"
    extremes: list[dict[str, Any]] = [{"rng": MASK}, {"version": MAX_VERSION}]
    for extreme in extremes:
        edge = attrs.evolve(state, **extreme)
        assert uc.loads(uc.dumps(edge)) == edge
    six = uc.new_game(6, 1)
    assert uc.loads(uc.dumps(six)) == six


def test_uc20_before_any_result_every_score_is_0() -> None:
    """UC-20 (issue 27): before any round result the scores are the sum of none: a
    first-round score of 1, or of the 375 points five rounds could give, is refused."""
    state = uc.from_position(["G5", "G3"])
    assert uc.loads(uc.dumps(state)) == state
    for scores in ((1, 0), (0, 375), (375, 375)):
        assert _refused(attrs.evolve(state, scores=scores)) == (
            "the scores are not the sums of the round results (UC-20)")


def test_uc1_uc28_loads_names_missing_cards_and_misplaced_campsites() -> None:
    """UC-1, UC-28: the cards not all there are named, extra and missing; a campsite in
    two places, or with no group, is refused by name; a damaged campsite awaiting its
    owner's repair does not excuse the owner's other campsites."""
    state = uc.from_position(["G5", "G3", "G4"], table=TABLE)
    swapped = attrs.evolve(state, hands=((uc.Card.parse("G6"),), *state.hands[1:]))
    assert _refused(swapped).startswith("the 126 cards are not all there once: extra ")
    assert _refused(swapped).endswith(
        "extra {Card.parse('G6'): 1}, missing {Card.parse('G5'): 1}")
    twice = attrs.evolve(state, campground=(*state.campground, RUN_FOUR))
    assert _refused(twice) == "the 15 campsites are not each in exactly one place (UC-1)"
    bare = attrs.evolve(state, table=((), (uc.Site(RUN_FOUR, ()),), ()))
    assert _refused(_complete_deck(bare)) == "campsite c03 has no group"
    table = [[], [(RUN_FOUR, [g("RUN B4 Y5 R6 B7")]), (4, [g("SET G8 Y8 R8")])], []]
    attacked = play(uc.from_position(["BearAttack B2", "G3", "G4"], phase=PLAY, table=table),
                    "p0 play BearAttack 1:c03.0 B7")
    short = ((), (attacked.table[1][0], uc.Site(4, (g("SET G8 Y8"),))), ())
    assert _refused(_complete_deck(attrs.evolve(attacked, table=short))) == (
        "an invalid group on campsite c05: SET Y8 G8 (UC-4)")


def test_uc21_a_finished_game_holds_no_hand() -> None:
    """UC-21: a finished game holds no hand even when it holds no table either; a running
    round's number is below the rounds."""
    over = _over()
    held = _complete_deck(attrs.evolve(over, hands=((G5,), (), ())))
    assert _refused(held) == "a finished game has no hands, table or pending decision"
    state = uc.from_position(["G5", "G3", "G4"], config=uc.Config(rounds=1))
    running = attrs.evolve(over, phase=uc.Phase.DRAW, round=1, hands=state.hands,
                           deck=state.deck, discard=state.discard, turns_taken=1)
    assert _refused(running) == "the round number does not match the results"


def test_uc12_uc13_more_reached_windows_load() -> None:
    """UC-12, UC-13, UC-16: a window on the second player's play against the first seat,
    on a played card alone on the pile, and a repair of a group still valid on its own,
    load back."""
    states = [
        play(uc.from_position(["G5", "Roasted G3 G6", "BearSpray G4"], phase=PLAY, turn=1),
             "p1 play Roasted 0"),
        play(uc.from_position(["G5", "BearAttack G3 G6", "BearSpray G4"], phase=PLAY,
                              turn=1, table=[[(RUN_FOUR, [g("RUN B4 Y5 R6 B7")])], [], []]),
             "p1 play BearAttack 0:c03.0 B7"),
        play(uc.from_position(["BearAttack B2", "G3"], phase=PLAY,
                              table=[[], [(1, [g("SET B5 Y5 R5"), g("SET B7 Y7 R7")])]]),
             "p0 play BearAttack 1:c02.1 R7"),
    ]
    for state in states:
        assert state.pending is not None and uc.loads(uc.dumps(state)) == state
        for view in _views(state):
            assert uc.loads_view(uc.dumps(view)) == view


def test_uc14_uc17_views_a_third_player_sees() -> None:
    """UC-14, UC-17: a third player's view of a fishing choice on a one-card hand loads;
    one in which every matching card is seen elsewhere does not; nor does a window the
    viewer is not asked on whose sprays are not on the pile, nor a draw phase after an
    action card."""
    state = play(uc.from_position(["GoFishing G5", "G9", "Y4"], phase=PLAY),
                 "p0 play GoFishing 1 card:G9")
    view = state.view(2)
    assert uc.loads_view(uc.dumps(view)) == view
    G9 = uc.Card.parse("G9")
    seen = attrs.evolve(view, discard=(*view.discard, G9, G9), deck_size=view.deck_size - 2)
    cases = [
        (seen, "the fishing target can hold no matching card (UC-17)"),
        (attrs.evolve(_window().view(2), pending=SprayWindow(ROAST, (1,), ())),
         "the Bear Sprays of a chain are not on top of the discard pile (UC-14)"),
        (attrs.evolve(uc.from_position(["G5", "G3", "G4"]).view(0), action_played=True),
         "nothing happens before the draw"),
    ]
    for bad, reason in cases:
        with pytest.raises(uc.SerializationError) as info:
            uc.loads_view(uc.dumps(bad))
        assert str(info.value) == f"impossible view: {reason}"


def _went_out(seat: int) -> uc.State:
    """A one-round game this seat ended by going out on a complete c03 (two runs of 4)."""
    table: list[list[tuple[int, list[uc.Group]]]] = [[], [], []]
    table[seat] = [(RUN_FOUR, [g("RUN B4 Y5 R6 B7"), g("RUN G9 G10 G11 G12")])]
    hands = ["G5", "G6", "Y4"]
    state = uc.from_position(hands, phase=PLAY, turn=seat, table=table,
                             config=uc.Config(rounds=1))
    over = play(state, f"p{seat} discard {hands[seat]}")
    assert over.phase is uc.Phase.OVER and over.round_results[0].went_out == seat
    return over


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_uc8_uc20_uc22_loads_checks_each_round_result(seat: int) -> None:
    """UC-8, UC-20, UC-22: a finished game ended by any seat going out loads; a result for
    another round or seat count, a reason that does not match who went out, a player
    going out who kept nothing (or no seat), campsites kept by another player, scores or
    kept campsites not matching the results are each refused by name."""
    over = _went_out(seat)
    assert uc.loads(uc.dumps(over)) == over
    result = over.round_results[0]
    other = (seat + 1) % 3
    nothing = tuple(() for _ in range(3))

    def changed(**fields: Any) -> uc.State:
        return attrs.evolve(over, round_results=(attrs.evolve(result, **fields),))

    seats = "a round result does not match its round or the seats"
    cases = [
        (changed(round=1), seats),
        (changed(points=result.points[:2]), seats),
        (changed(kept=result.kept[:2]), seats),
        (changed(reason=uc.RoundEnd.TURN_CAP),
         "a round result's reason does not match who went out (UC-22)"),
        (changed(went_out=3), "a round result's player going out kept no complete campsite (UC-8)"),
        (changed(went_out=other, kept=nothing),
         "a round result's player going out kept no complete campsite (UC-8)"),
        (changed(kept=tuple((0,) if p == other else k for p, k in enumerate(result.kept))),
         "only the player going out keeps campsites (UC-20)"),
        (attrs.evolve(over, scores=tuple(p + 1 for p in over.scores)),
         "the scores are not the sums of the round results (UC-20)"),
        (attrs.evolve(over, kept=nothing, campground=(*over.campground, RUN_FOUR)),
         "the campsites kept are not the ones the round results kept (UC-20)"),
    ]
    for state, reason in cases:
        assert _refused(state) == reason


def test_uc2_uc22_the_last_turn_and_six_seats_load() -> None:
    """UC-2, UC-22: a state at the turn cap itself loads, and so does a six-player view."""
    state = uc.from_position(["G5", "G3", "G4"], phase=PLAY)
    capped = attrs.evolve(state, turns_taken=state.config.turn_cap)
    assert uc.loads(uc.dumps(capped)) == capped
    view = uc.new_game(6, 2).view(3)
    assert uc.loads_view(uc.dumps(view)) == view


def test_uc20_a_round_result_keeps_real_campsites_and_their_points() -> None:
    """UC-20: a result keeps campsites of the catalogue (c01 included), scoring their
    points plus at most one campfire point per campsite; anything else is refused."""
    over = _went_out(0)
    result = over.round_results[0]
    least = over.config.catalogue[RUN_FOUR].points
    top = least + len(over.config.catalogue)

    def changed(**fields: Any) -> uc.State:
        state = attrs.evolve(over, round_results=(attrs.evolve(result, **fields),))
        return attrs.evolve(state, scores=state.round_results[0].points)

    points = result.points
    edge = changed(points=(top, *points[1:]))
    assert uc.loads(uc.dumps(edge)) == edge
    assert _refused(changed(points=(top + 1, *points[1:]))) == (
        "a round result's points do not match its campsites (UC-20)")
    for campsite in (15, -1):
        assert problem(changed(kept=((campsite,), (), ()))) == (  # loads: malformed
            "a round result keeps a campsite that does not exist")
    first = attrs.evolve(changed(kept=((0,), (), ()), points=(2, *points[1:])),
                         kept=((0,), (), ()), campground=tuple(sorted(
                             (*over.campground, RUN_FOUR))))
    first = attrs.evolve(first, campground=tuple(c for c in first.campground if c != 0))
    assert uc.loads(uc.dumps(first)) == first


def test_uc20_uc22_scores_add_up_over_rounds() -> None:
    """UC-20, UC-22: a two-round game whose second round hit the turn cap scoring nothing
    loads with the first round's scores: the scores are the sums over every round."""
    over = _went_out(1)
    first = over.round_results[0]
    second = attrs.evolve(first, round=1, reason=uc.RoundEnd.TURN_CAP, went_out=None,
                          points=(0, 0, 0), kept=((), (), ()))
    two = attrs.evolve(over, config=attrs.evolve(over.config, rounds=2),
                       round_results=(first, second), round=1)
    assert two.scores == first.points and uc.loads(uc.dumps(two)) == two


@pytest.mark.parametrize("version", [-1, MAX_VERSION + 1, MASK])
def test_uc32_a_view_with_a_version_out_of_range_is_impossible(version: int) -> None:
    """UC-32: a view's version is judged as a state's: outside 0 to MAX_VERSION it is
    refused by its own reason; MAX_VERSION itself is possible."""
    view = _plain().view(0)
    assert view_problem(attrs.evolve(view, version=version)) == (
        f"the version is not from 0 to {MAX_VERSION} (UC-32)")
    assert view_problem(attrs.evolve(view, version=MAX_VERSION)) is None
