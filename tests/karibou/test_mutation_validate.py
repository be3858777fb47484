"""Issue 15, mutation round of ``karibou_rules/_validate.py``: a saved state or view that
the rules cannot reach is refused by ``loads``/``loads_view`` with the reason in words,
one impossibility at a time, and the bounds of each check hold exactly (KC-1..KC-18)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import karibou_rules as kc
from tests.karibou.strategies import scoring_rounds

DUCK, ELK = kc.Card.DUCK, kc.Card.ELK
Edit = Callable[[dict[str, Any]], object]


def _exchanging() -> kc.State:
    """3 players (p0 Veterinarian, p1 Coyote, p2 Veterinarian) in their second round,
    center face up, p1's sign noticed by p0 and p2; p0 holds two Scouts."""
    state = kc.new_game(3, 103).apply(kc.Reveal(0)).apply(kc.Sign(0, DUCK))
    state = state.apply(kc.PlacePawn(0, DUCK, 1)).apply(kc.Reveal(0))
    return state.apply(kc.Sign(1, ELK))


def _scouting() -> kc.State:
    """:func:`_exchanging` after p0 played a Scout."""
    return _exchanging().apply(kc.PlayScout(0))


def _finished() -> kc.State:
    """A 3-player game played at random to its end."""
    rng = random.Random(4226)
    state = kc.new_game(3, 4226)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions(rng.randrange(3))))
    return state


def _cleaned() -> kc.State:
    """:func:`_exchanging` after everyone passed: the old center is discarded."""
    return _exchanging().apply(kc.Pass(0)).apply(kc.Pass(1)).apply(kc.Pass(2))


def _new() -> kc.State:
    """A new 3-player game: no round played, every score 0."""
    return kc.new_game(3, 1)


BASES = {"exchange": _exchanging, "scout": _scouting, "over": _finished, "cleaned": _cleaned,
         "new": _new}  # fmt: skip


def _one_more_round(scores_key: str) -> Edit:
    """After :func:`_finished` (seat 1 reached 9 in the last round, scores 4, 9, 7): a
    copy of its third round (1 point to seat 0) played after the end, the scores (or the
    final scores) the sums of the rounds, the version one more."""

    def edit(body: dict[str, Any]) -> None:
        rounds = body["round_results"]
        rounds.append({**rounds[2], "number": len(rounds) + 1})
        body[scores_key] = [5, 9, 7]
        body["version"] += 1

    return edit


def _rounds_to_nine(body: dict[str, Any]) -> None:
    """After :func:`_exchanging` (one round: seats 1 and 2 scored 1): eight copies of that
    round more, so the rounds bring seats 1 and 2 to 9 while the game goes on."""
    rounds = body["round_results"]
    rounds.extend({**rounds[0], "number": number} for number in range(2, 10))
    body["version"] = 20


def at(key: str, value: object) -> Edit:
    """Set one field of the document's body (``a.0.b`` reaches into lists)."""

    def edit(body: dict[str, Any]) -> None:
        *path, last = key.split(".")
        node: Any = body
        for part in path:
            node = node[int(part)] if isinstance(node, list) else node[part]
        node[int(last) if isinstance(node, list) else last] = value

    return edit


def _swap_first(key: str) -> Edit:
    """Put the last card of a list of cards first (it is no longer sorted)."""
    return lambda body: body.__setitem__(key, body[key][-1:] + body[key][:-1])


def _pile_to_discard(body: dict[str, Any]) -> None:
    body["discard"] = sorted(body["discard"] + body["pile"][:1], key=kc.Card.parse)
    body["pile"] = body["pile"][1:]


def _double_card(body: dict[str, Any]) -> None:
    body["pile"][0] = "Duck" if body["pile"][0] != "Duck" else "Elk"


CHANCE = "the chance counter must be a count, at most 2 x version + 1 [KC-6]"

# (case, base, edit, reason)
STATES: list[tuple[str, str, Edit, str]] = [
    ("8 players", "exchange", at("num_players", 8), "3 to 7 players [KC-2]"),
    ("2 players", "exchange", at("num_players", 2), "3 to 7 players [KC-2]"),
    ("negative chance", "exchange", at("chance", -1), CHANCE),
    ("huge chance", "exchange", at("chance", 2**62 + 1), CHANCE),
    ("chance past 2 x version + 1", "exchange", at("chance", 2 * 3 + 2), CHANCE),
    ("a team missing", "exchange", at("teams", ["Veterinarian", "Coyote"]),
     "one team card per seat"),
    ("two Coyotes", "exchange", at("teams", ["Coyote", "Coyote", "Veterinarian"]),
     "one Coyote with 3, 5 and 7 players, none with 4 or 6 [KC-2]"),
    ("no pair", "exchange", at("teams", ["Veterinarian", "Coyote", "Photographer"]),
     "teams are pairs of identical cards, players // 2 of them [KC-2]"),
    ("Scout player 3", "scout", at("scout_player", 3), "the Scout player is no seat"),
    ("Scout player -1", "scout", at("scout_player", -1), "the Scout player is no seat"),
    ("Scout player while exchanging", "exchange", at("scout_player", 1),
     "a Scout player exactly while a Scout is being completed [KC-5]"),
    ("no Scout player while scouting", "scout", at("scout_player", None),
     "a Scout player exactly while a Scout is being completed [KC-5]"),
    ("a hand missing", "exchange", lambda body: body["hands"].pop(), "one hand per seat"),
    ("unsorted hand", "exchange", lambda body: body["hands"][0].reverse(),
     "the hand of p0 must be sorted"),
    ("short hand", "exchange", lambda body: body["hands"][2].pop(), "p2 must hold 5 cards [KC-3]"),
    ("unsorted center", "exchange", _swap_first("center"), "the center must be sorted"),
    ("short center", "exchange", lambda body: body["center"].pop(),
     "wrong number of center cards"),
    ("unsorted discard", "cleaned", _swap_first("discard"), "the discard pile must be sorted"),
    ("a card twice", "exchange", _double_card,
     "the 56 cards (7 of each species, 7 Scouts) must each lie in one place [KC-1]"),
    ("pass by seat 3", "exchange", at("passed", [3]), "passed must be a set of seats"),
    ("pass while scouting", "scout", at("passed", [1]), "passes only during exchanges"),
    ("all passed", "exchange", at("passed", [0, 1, 2]),
     "when all have passed the exchanges are over"),
    ("sign by seat 3", "exchange", at("signs.0.player", 3), "a sign by no seat"),
    ("sign by seat -1", "exchange", at("signs.0.player", -1), "a sign by no seat"),
    ("sign of a Scout", "exchange", at("signs.0.species", "Scout"), "a sign of no species"),
    ("noticed by seat 3", "exchange", at("signs.0.noticed_by", [0, 3]),
     "noticed_by must be a set of seats"),
    ("noticed by its signer", "exchange", at("signs.0.noticed_by", [0, 1]),
     "a player notices others' signs"),
    ("a score missing", "exchange", at("scores", [0, 1]), "a score per seat"),
    ("winning score, game on", "exchange", at("scores", [0, 9, 1]), "a score is out of 0..8"),
    ("negative score", "exchange", at("scores", [-1, 1, 1]), "a score is out of 0..8"),
    ("score above 10", "over", at("scores", [11, 0, 0]), "a score is out of 0..10"),
    ("over below the winning score", "over", at("scores", [8, 8, 8]),
     "the game ends when a score reaches the winning score [KC-11]"),
    ("version below the rounds", "exchange", at("version", 0),
     f"the version must count the rounds played, up to {kc.MAX_VERSION} [KC-17]"),
    ("round 2 first", "exchange", at("round_results.0.number", 2),
     "round results are numbered 1, 2, ..."),
    ("round with a bad team layout", "exchange",
     at("round_results.0.teams", ["Coyote", "Coyote", "Veterinarian"]),
     "one Coyote with 3, 5 and 7 players, none with 4 or 6 [KC-2]"),
    ("placer seat 3", "exchange", at("round_results.0.placed_by", 3),
     "the pawn's placer is no seat"),
    ("named seat 3", "exchange", at("round_results.0.named", 3), "the pawn names no seat"),
    ("named seat -1", "exchange", at("round_results.0.named", -1), "the pawn names no seat"),
    ("accusing the Coyote", "exchange", lambda body: body["round_results"][0].update(
        placed_by=1, named=0), "illegal pawn [KC-8]"),
    ("naming himself", "exchange", lambda body: body["round_results"][0].update(
        placed_by=1, named=1), "illegal pawn [KC-8]"),
    ("unsorted revealed hand", "exchange", lambda body: body["round_results"][0]["hand"].reverse(),
     "the revealed hand must be sorted"),
    ("short revealed hand", "exchange",
     lambda body: body["round_results"][0]["hand"].__delitem__(slice(3)),
     "the revealed hand has a wrong size"),
    ("wrong points", "exchange", at("round_results.0.points", [1, 1, 1]),
     "the round's points do not follow the rules [KC-10]"),
    ("scores below the rounds", "exchange", at("scores", [0, 0, 1]),
     "scores [0, 0, 1] are not the sums [0, 1, 1] of the round results' points [KC-10]"),
    ("scores above the rounds", "exchange", at("scores", [0, 2, 1]),
     "scores [0, 2, 1] are not the sums [0, 1, 1] of the round results' points [KC-10]"),
    ("points before any round", "new", at("scores", [8, 8, 8]),
     "scores [8, 8, 8] are not the sums [0, 0, 0] of the round results' points [KC-10]"),
    ("final scores above the rounds", "over", at("scores", [4, 10, 7]),
     "scores [4, 10, 7] are not the sums [4, 9, 7] of the round results' points [KC-10]"),
    ("over with no round", "over", at("round_results", []), "a game ends after a scored round"),
    ("the game went on", "over", _one_more_round("scores"), "the game went on after its end"),
]  # fmt: skip


def _refusal(base: str, edit: Edit, kind: str = "state") -> str:
    """The message of loads (or loads_view) refusing the edited document."""
    state = BASES[base]()
    document = json.loads(kc.dumps(state if kind == "state" else state.view(0)))
    edit(document[kind])
    load = kc.loads if kind == "state" else kc.loads_view
    with pytest.raises(kc.SerializationError) as caught:
        load(json.dumps(document))
    return str(caught.value)


@pytest.mark.parametrize(("case", "base", "edit", "reason"), STATES,
                         ids=[row[0] for row in STATES])  # fmt: skip
def test_kc1_to_kc17_an_impossible_state_is_refused_with_its_reason(
    case: str, base: str, edit: Edit, reason: str
) -> None:
    """KC-1..KC-3, KC-5..KC-11, KC-17: one impossibility in a saved state is refused
    with its reason."""
    assert _refusal(base, edit) == f"not a Karibou Camp state: {reason}", case


def test_kc1_the_pile_keeps_its_order_and_its_bounds() -> None:
    """KC-1, KC-6: the pile is in drawing order (not sorted); a chance counter up to
    2 x version + 1 (two refills a version step: a Scout's pile card, then the new
    center), a Scout player and signs at the edge seats are all possible."""
    state = _exchanging()
    document = json.loads(kc.dumps(state))
    assert document["state"]["pile"] != sorted(document["state"]["pile"], key=kc.Card.parse)
    assert document["state"]["version"] == 3
    document["state"]["chance"] = 2 * 3 + 1
    document["state"]["signs"][0].update(player=2, noticed_by=[0, 1])
    assert kc.loads(json.dumps(document)).chance == 7
    scouting = json.loads(kc.dumps(_scouting().apply(kc.Sign(0, DUCK, frozenset({2})))))
    assert kc.loads(json.dumps(scouting)).scout_player == 0


# (case, base, seat, edit, reason)
VIEWS: list[tuple[str, str, int, Edit, str]] = [
    ("viewer seat 3", "exchange", 0, at("player", 3), "the viewer is no seat"),
    ("viewer seat -1", "exchange", 0, at("player", -1), "the viewer is no seat"),
    ("8 players", "exchange", 0, at("num_players", 8), "3 to 7 players [KC-2]"),
    ("two Coyotes", "exchange", 0, at("teams", ["Coyote", "Coyote", "Veterinarian"]),
     "one Coyote with 3, 5 and 7 players, none with 4 or 6 [KC-2]"),
    ("unsorted hand", "exchange", 0, lambda body: body["hand"].reverse(),
     "the hand must be sorted"),
    ("Scout player 3", "scout", 0, at("scout_player", 3), "the Scout player is no seat"),
    ("Scout player while exchanging", "exchange", 0, at("scout_player", 2),
     "a Scout player exactly while a Scout is being completed [KC-5]"),
    ("short hand", "exchange", 0, lambda body: body["hand"].pop(),
     "the hand must hold 5 cards [KC-3]"),
    ("the Scout's player's hand", "scout", 0, lambda body: body["hand"].append("Scout"),
     "the hand must hold 4 cards [KC-3]"),
    ("unsorted center", "exchange", 0, _swap_first("center"), "the center must be sorted"),
    ("face-down center shown", "over", 1, lambda body: body.update(
        center=["Elk", "Elk", "Elk"], center_face_down=0),
     "wrong center: face up during exchanges and Scouts, else face down [KC-14]"),
    ("face-up center hidden", "exchange", 0, lambda body: body.update(
        center=[], center_face_down=3),
     "wrong center: face up during exchanges and Scouts, else face down [KC-14]"),
    ("eight Ducks", "exchange", 0, lambda body: body.update(
        hand=["Duck"] * 5, center=["Duck"] * 3), "more than 7 of a card"),
    ("a card too many", "exchange", 0, lambda body: body.update(
        pile_size=body["pile_size"] + 1),
     "pile and discard must hold the 37 cards outside hands and center (56 cards)"),
    ("negative pile", "cleaned", 0, lambda body: body.update(
        pile_size=-1, discard_size=body["discard_size"] + body["pile_size"] + 1),
     "pile and discard must hold the 37 cards outside hands and center (56 cards)"),
    ("pass by seat 3", "exchange", 0, at("passed", [3]), "passed must be a set of seats"),
    ("pass while scouting", "scout", 0, at("passed", [1]), "passes only during exchanges"),
    ("all passed", "exchange", 0, at("passed", [0, 1, 2]),
     "when all have passed the exchanges are over"),
    ("winner seat 3", "over", 1, at("winners", [1, 3]), "winners must be a set of seats"),
    ("winners before the end", "exchange", 0, at("winners", [0]),
     "winners once the game is over"),
    ("no winner at the end", "over", 1, at("winners", []), "winners once the game is over"),
    ("winning score, game on", "exchange", 1, at("score", 9), "a score is out of 0..8"),
    ("a winner below 9", "over", 0, lambda body: body.update(winners=[0, 1]),
     "a winner has the winning score [KC-11]"),
    ("sign by seat 3", "exchange", 0, at("signs.0.player", 3), "a sign by no seat"),
    ("sign of a Scout", "exchange", 0, at("signs.0.species", "Scout"), "a sign of no species"),
    ("version below the rounds", "exchange", 0, at("version", 0),
     f"the version must count the rounds played, up to {kc.MAX_VERSION} [KC-17]"),
    ("own points", "exchange", 1, at("round_results.0.own_points", 2),
     "the round's record does not follow the rules [KC-10]"),
    ("named seat 3", "exchange", 1, at("round_results.0.named", 3), "the pawn names no seat"),
    ("score below the rounds", "exchange", 1, at("score", 0),
     "score 0 is not the sum 1 of the viewer's round points [KC-10]"),
    ("score above the rounds", "exchange", 1, at("score", 2),
     "score 2 is not the sum 1 of the viewer's round points [KC-10]"),
    ("points before any round", "new", 2, at("score", 8),
     "score 8 is not the sum 0 of the viewer's round points [KC-10]"),
    ("game on past the winning score", "exchange", 0, _rounds_to_nine,
     "the game ends when the rounds' points reach the winning score [KC-11]"),
    ("over below the winning score", "over", 0, lambda body: body.update(
        round_results=body["round_results"][:-1], final_scores=[4, 8, 6]),
     "the game ends when the rounds' points reach the winning score [KC-11]"),
    ("over with no round", "over", 1, at("round_results", []),
     "a game ends after a scored round"),
    ("final scores too early", "exchange", 0, at("final_scores", [0, 1, 1]),
     "scores are secret until the game is over [KC-12, KC-18]"),
    ("a final score missing", "over", 1, at("final_scores", [4, 9]),
     "a final score per seat [KC-18]"),
    ("final score above 10", "over", 1, at("final_scores", [11, 9, 7]),
     "a score is out of 0..10"),
    ("another final score", "over", 1, at("final_scores", [4, 10, 7]),
     "the viewer's final score is their score"),
    ("a tie unshared", "over", 1, at("final_scores", [9, 9, 7]),
     "the winners have the highest final score [KC-11]"),
    ("final scores below the rounds", "over", 1, at("final_scores", [0, 9, 7]),
     "final_scores [0, 9, 7] are not the sums [4, 9, 7] of the round results' points [KC-10]"),
    ("final scores above the rounds", "over", 1, at("final_scores", [5, 9, 7]),
     "final_scores [5, 9, 7] are not the sums [4, 9, 7] of the round results' points [KC-10]"),
    ("the game went on", "over", 1, _one_more_round("final_scores"),
     "the game went on after its end"),
]  # fmt: skip


@pytest.mark.parametrize(("case", "base", "seat", "edit", "reason"), VIEWS,
                         ids=[row[0] for row in VIEWS])  # fmt: skip
def test_kc2_to_kc18_an_impossible_view_is_refused_with_its_reason(
    case: str, base: str, seat: int, edit: Edit, reason: str
) -> None:
    """KC-2, KC-3, KC-5..KC-18: one impossibility in a saved view is refused with its
    reason."""
    state = BASES[base]()
    document = json.loads(kc.dumps(state.view(seat)))
    edit(document["view"])
    with pytest.raises(kc.SerializationError) as caught:
        kc.loads_view(json.dumps(document))
    assert str(caught.value) == f"not a Karibou Camp view: {reason}", case


SCOUT, PILE, ALL = kc.Card.SCOUT, kc.PILE, kc.ALL_ANIMALS
# (action no game can hold, reason)
ACTIONS: list[tuple[Any, str]] = [
    (kc.Pass(7), "an action by no seat"),
    (kc.Reveal(-1), "an action by no seat"),
    (kc.Exchange(0, DUCK, DUCK), "an exchange gives one species and takes another [KC-4, KC-15]"),
    (kc.Exchange(0, SCOUT, DUCK), "an exchange gives one species and takes another [KC-4, KC-15]"),
    (kc.Exchange(0, DUCK, SCOUT), "an exchange gives one species and takes another [KC-4, KC-15]"),
    (kc.CompleteHand(0, SCOUT), "a hand is completed with an animal or from the pile [KC-5]"),
    (kc.Sign(0, SCOUT), "a sign stands for a species [KC-7]"),
    (kc.Sign(1, DUCK, frozenset({1})), "a sign is noticed by other seats [KC-7]"),
    (kc.Sign(0, DUCK, frozenset({7})), "a sign is noticed by other seats [KC-7]"),
    (kc.Sign(0, DUCK, frozenset({-1})), "a sign is noticed by other seats [KC-7]"),
    (kc.Sign(0, DUCK, {1}),  # type: ignore[arg-type]
     "its noticed_by is {1}: a sign is noticed by other seats [KC-7]"),
    (kc.PlacePawn(0, SCOUT, 1), "the pawn goes on a round tile [KC-8]"),
    (kc.PlacePawn(0, DUCK, 7), "the pawn names no seat [KC-8]"),
    (kc.PlacePawn(0, DUCK, -1), "the pawn names no seat [KC-8]"),
]  # fmt: skip


@pytest.mark.parametrize(("action", "reason"), ACTIONS, ids=[row[1] for row in ACTIONS])
def test_kc4_to_kc8_an_action_no_game_can_hold_is_not_written(action: Any, reason: str) -> None:
    """KC-4..KC-8, KC-15: dumps refuses an action whose fields no game can hold (seats
    0 to 6, species where the Scout cannot be), with its reason."""
    with pytest.raises(kc.SerializationError) as caught:
        kc.dumps(action)
    assert str(caught.value) == f"not an action to write: {reason}"


def test_kc4_to_kc8_actions_at_the_edges_are_written() -> None:
    """KC-4..KC-8: seats 0 and 6, the pile, All and every species are fields some game
    holds: such actions are written and read back."""
    actions: list[kc.Action] = [
        kc.Pass(0), kc.Pass(6), kc.CompleteHand(6, PILE), kc.CompleteHand(0, ELK),
        kc.Sign(6, DUCK, frozenset({0, 5})), kc.Sign(0, ELK, frozenset({6})),
        kc.PlacePawn(6, ALL, 0), kc.PlacePawn(0, DUCK, 6), kc.Exchange(6, ELK, DUCK),
    ]  # fmt: skip
    for action in actions:
        assert kc.loads_action(kc.dumps(action)) == action


def test_kc5_kc10_kc17_bounds_of_round_records_versions_and_scores() -> None:
    """KC-5, KC-10: a revealed hand may be one card short (the Scout's player named
    mid-completion) but not two short or one long. KC-17: the version may reach
    MAX_VERSION (2**53 - 1), not one more.
    KC-11: a score of 8 is possible while the game goes on."""
    scouting = _scouting()
    ended = scouting.apply(kc.PlacePawn(2, DUCK, 0))
    assert len(ended.round_results[-1].hand) == 4
    assert kc.loads(kc.dumps(ended)) == ended
    for view in (ended.view(seat) for seat in range(3)):
        assert kc.loads_view(kc.dumps(view)) == view
    eights = attrs.evolve(_exchanging(), round_results=scoring_rounds([8, 1, 1]), scores=(8, 1, 1))
    document = json.loads(kc.dumps(eights))
    document["state"].update(version=kc.MAX_VERSION)
    assert kc.loads(json.dumps(document)).version == 2**53 - 1
    document["state"]["version"] = kc.MAX_VERSION + 1
    with pytest.raises(kc.SerializationError, match="the version must count the rounds"):
        kc.loads(json.dumps(document))
    long_hand = json.loads(kc.dumps(_exchanging()))
    long_hand["state"]["round_results"][0]["hand"].append("Scout")
    with pytest.raises(kc.SerializationError, match="the revealed hand has a wrong size"):
        kc.loads(json.dumps(long_hand))


def _position(**changes: Any) -> kc.State:
    """The position of :func:`_exchanging`, rebuilt by from_position with some
    arguments changed."""
    state = _exchanging()
    arguments: dict[str, Any] = {
        "teams": state.teams, "hands": state.hands, "center": state.center,
        "pile": state.pile, "discard": state.discard, "seed": 1,
    }  # fmt: skip
    arguments.update(changes)
    return kc.from_position(**arguments)


def test_kc1_kc2_from_position_refuses_what_is_not_a_card_team_seed_or_config() -> None:
    """KC-1, KC-2: from_position names what is not a team card, not a card, not an int
    seed, not a Config."""
    state = _exchanging()
    hands: list[list[object]] = [list(hand) for hand in state.hands]
    hands[0] = ["Elk"] * 5  # text, not cards
    cases: list[tuple[dict[str, Any], str]] = [
        ({"teams": (state.teams[0], "Coyote", state.teams[2])}, "a team card is not a Team"),
        ({"hands": hands}, "the hand of p0 holds something not a card"),
        ({"pile": ("Elk", *state.pile[1:])}, "the pile holds something not a card"),
        ({"seed": "1"}, "a seed is an int from 0 to 2**64 - 1 (MAX_SEED), not '1'"),
        ({"config": object()}, "config must be a Config"),
    ]
    for changes, reason in cases:
        with pytest.raises(kc.PositionError) as caught:
            _position(**changes)
        assert str(caught.value) == reason
    assert _position() == kc.from_position(state.teams, state.hands, state.center,
                                           state.pile, seed=1)  # fmt: skip


def test_kc2_kc5_more_impossible_states() -> None:
    """KC-2: four players form two pairs (not three of a card and one alone). KC-5: the
    played Scout lies in the center while its player completes his hand."""
    four = json.loads(kc.dumps(kc.new_game(4, 0)))
    four["state"]["teams"] = ["Veterinarian"] * 3 + ["Photographer"]
    with pytest.raises(kc.SerializationError) as caught:
        kc.loads(json.dumps(four))
    assert str(caught.value) == (
        "not a Karibou Camp state: teams are pairs of identical cards, players // 2 of them [KC-2]"
    )
    scouting = json.loads(kc.dumps(_scouting()))
    center = scouting["state"]["center"]
    assert center[-1] == "Scout" and "Scout" not in center[:-1]
    center[-1] = "Duck" if center[-2] != "Scout" else "Elk"
    with pytest.raises(kc.SerializationError) as caught:
        kc.loads(json.dumps(scouting))
    assert str(caught.value) == "not a Karibou Camp state: the played Scout is not in the center"


def test_kc12_views_at_the_edges_are_read() -> None:
    """KC-12: a view showing 7 cards of one species (hand and center), a view of an
    empty pile, and a view of a discard pile are all possible views."""
    teams = [kc.Team.VETERINARIAN, kc.Team.VETERINARIAN, kc.Team.COYOTE]
    hands = [kc.parse_cards(text) for text in ("Duck Duck Duck Duck Duck",
             "Elk Elk Elk Elk Elk", "Bear Bear Bear Bear Bear Bear")]  # fmt: skip
    center = kc.parse_cards("Duck Duck Scout")
    rest = [card for card in kc.DECK]
    for card in (*hands[0], *hands[1], *hands[2], *center):
        rest.remove(card)
    for pile, discard in ((tuple(rest), ()), ((), tuple(rest)), (tuple(rest[:5]), tuple(rest[5:]))):
        state = kc.from_position(teams, hands, center, pile, discard)
        for seat in range(3):
            view = state.view(seat)
            assert kc.loads_view(kc.dumps(view)) == view
    assert state.view(0).pile_size == 5 and state.view(0).discard_size == len(rest) - 5


def test_kc5_the_last_seat_may_be_the_scouts_player() -> None:
    """KC-5: a saved state or view whose Scout's player is the last seat is possible."""
    teams = [kc.Team.VETERINARIAN, kc.Team.VETERINARIAN, kc.Team.COYOTE]
    texts = ("Duck Duck Duck Duck Elk", "Bear Bear Elk Elk Raccoon",
             "Marmot Marmot Marmot Polecat Polecat Scout")  # fmt: skip
    hands = [kc.parse_cards(text) for text in texts]
    center = kc.parse_cards("Duck Squirrel Scout")
    rest = list(kc.DECK)
    for card in (*hands[0], *hands[1], *hands[2], *center):
        rest.remove(card)
    state = kc.from_position(teams, hands, center, rest).apply(kc.PlayScout(2))
    assert state.scout_player == 2 and kc.loads(kc.dumps(state)) == state
    for seat in range(3):
        assert kc.loads_view(kc.dumps(state.view(seat))) == state.view(seat)
