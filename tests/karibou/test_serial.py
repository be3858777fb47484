"""JSON: states and views round-trip; malformed or tampered JSON is rejected with
SerializationError and nothing else, and never yields an impossible state."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import karibou_rules as kc
from karibou_rules._results import RoundFacts, score_round
from karibou_rules._validate import check_state, check_view
from tests.karibou.strategies import (
    C,
    V,
    mutate,
    position,
    scoring_rounds,
    short_states_st,
    states_st,
)


@given(states_st | short_states_st)
def test_state_and_view_round_trip(state: kc.State) -> None:
    """dumps/loads give back an equal state; every view round-trips through loads_view."""
    assert kc.loads(kc.dumps(state)) == state
    for player in range(state.num_players):
        view = state.view(player)
        assert kc.loads_view(kc.dumps(view)) == view


def _load_or_reject(text: str, *, view: bool = False) -> None:
    try:
        loaded = kc.loads_view(text) if view else kc.loads(text)
    except kc.SerializationError:
        return
    if view:
        assert isinstance(loaded, kc.View)
        check_view(loaded)  # whatever loads_view returns is a possible view
        assert kc.loads_view(kc.dumps(loaded)) == loaded
        totals = _totals(loaded.round_results, loaded.num_players, loaded.player)
        assert loaded.score == totals[loaded.player]  # KC-10: the sum of its rounds
        assert loaded.final_scores in ((), tuple(totals))
    else:
        assert isinstance(loaded, kc.State)
        check_state(loaded)  # whatever loads returns is a possible state
        assert kc.loads(kc.dumps(loaded)) == loaded
        assert list(loaded.scores) == _totals(loaded.round_results, loaded.num_players)


def _totals(rounds: Sequence[RoundFacts], players: int, viewer: int = 0) -> list[int]:
    """Each seat's points over these rounds (a view's summaries are rescored from their
    public facts, KC-10, KC-16)."""
    totals = [0] * players
    for facts in rounds:
        result = score_round(facts.number, facts.teams, facts.placed_by, facts.tile,
                             facts.named, facts.hand)  # fmt: skip
        for seat, points in enumerate(result.points):
            totals[seat] += points
    return totals


@given(states_st | short_states_st, st.data())
def test_tampered_state_json_is_rejected_or_possible(state: kc.State, data: st.DataObject) -> None:
    """Mutating a real state's JSON (replacing, deleting, swapping, duplicating, adding
    nodes) gives SerializationError or a state that passes every check, never another
    exception."""
    document = json.loads(kc.dumps(state))
    for _ in range(data.draw(st.integers(1, 3))):
        document = mutate(document, data)
    _load_or_reject(json.dumps(document))


@given(states_st, st.integers(0, 6), st.data())
def test_tampered_view_json_is_rejected_or_read(
    state: kc.State, seat: int, data: st.DataObject
) -> None:
    """Mutated view JSON gives SerializationError or a view, never another exception."""
    document = json.loads(kc.dumps(state.view(seat % state.num_players)))
    _load_or_reject(json.dumps(mutate(document, data)), view=True)


@given(st.text(max_size=40) | st.binary(max_size=20).map(lambda b: b.decode("latin-1")))
def test_garbage_text_is_rejected(text: str) -> None:
    """Any text that is not a state document raises SerializationError."""
    with pytest.raises(kc.SerializationError):
        kc.loads(text)
    with pytest.raises(kc.SerializationError):
        kc.loads_view(text)


def _tamper(state: kc.State, edit: Any) -> str:
    document = json.loads(kc.dumps(state))
    edit(document["state"])
    return json.dumps(document)


def _set(key: str, value: Any) -> Any:
    return lambda doc: doc.__setitem__(key, value)


TAMPERING = [
    ("a card in two places", lambda d: d["pile"].__setitem__(0, d["hands"][0][0]), "56 cards"),
    ("an unknown species", lambda d: d["pile"].__setitem__(0, "Moose"), "Moose"),
    ("a missing card", lambda d: d["pile"].pop(), "56 cards"),
    ("a short hand", lambda d: d["pile"].append(d["hands"][1].pop()), "cards"),
    ("two Coyotes", lambda d: d["teams"].__setitem__(d["teams"].index("Veterinarian"), "Coyote"),
     "Coyote"),
    ("one team of four", lambda d: d.__setitem__(
        "teams", [t if t == "Coyote" else "Veterinarian" for t in d["teams"]]), "pairs"),
    ("a score out of range", lambda d: d["scores"].__setitem__(1, 40), "score"),
    ("a negative score", lambda d: d["scores"].__setitem__(1, -1), "score"),
    ("a string score", lambda d: d["scores"].__setitem__(1, "3"), "integer"),
    ("a boolean score", lambda d: d["scores"].__setitem__(1, True), "integer"),
    ("points before any round", lambda d: d["scores"].__setitem__(1, 8),
     r"scores \[0, 8, 0, 0, 0\] are not the sums \[0, 0, 0, 0, 0\] .*\[KC-10\]"),
    ("six players in five seats", _set("num_players", 6), "one team card per seat"),
    ("an unsorted hand", lambda d: d["hands"][0].reverse(), "sorted"),
    ("a pass outside exchanges", _set("passed", [1]), "passes"),
    ("an extra field", _set("cheat", 1), "cheat"),
    ("a missing field", lambda d: d.pop("pile"), "missing"),
    ("a Scout player without a Scout", _set("scout_player", 1), "KC-5"),
    ("a game over without a winner", _set("phase", "over"), "KC-11"),
    ("a seat noticing a sign twice", _set("signs", [
        {"player": 0, "species": "Duck", "noticed_by": [1, 1]}]), "twice"),
]


@pytest.mark.parametrize(("case", "edit", "words"), TAMPERING, ids=[t[0] for t in TAMPERING])
def test_tampered_state_is_rejected(case: str, edit: Any, words: str) -> None:
    """Each way of tampering with a real state raises SerializationError naming why."""
    state = kc.new_game(5, seed=21)
    if case == "an unsorted hand":
        assert list(state.hands[0]) != sorted(state.hands[0], reverse=True)
    with pytest.raises(kc.SerializationError, match=words):
        kc.loads(_tamper(state, edit))


def test_forged_round_result_is_rejected() -> None:
    """KC-10: a round record whose points do not follow the rules is rejected."""
    state = kc.new_game(4, seed=2)
    mate = state.teammate(0)
    assert mate is not None
    state = state.apply(kc.PlacePawn(0, kc.Card.DUCK, mate))
    forged = _tamper(state, lambda d: d["round_results"][0].__setitem__("points", [2, 2, 2, 2]))
    with pytest.raises(kc.SerializationError, match="KC-10"):
        kc.loads(forged)


def test_wrong_document_kind_is_rejected() -> None:
    """A view is not a state and a state is not a view."""
    state = kc.new_game(3, seed=1)
    with pytest.raises(kc.SerializationError):
        kc.loads(kc.dumps(state.view(0)))
    with pytest.raises(kc.SerializationError):
        kc.loads_view(kc.dumps(state))
    with pytest.raises(kc.SerializationError, match="format"):
        kc.loads(kc.dumps(state).replace("karibou/3", "karibou/9"))


def _scored_view_document() -> dict[str, Any]:
    """The JSON of p0's view after a finished round, in the next round's face-down phase."""
    state = kc.new_game(5, seed=15)
    state = state.apply(kc.PlacePawn(2, kc.Card.DUCK, 4)).apply(kc.Sign(1, kc.Card.ELK))
    document: dict[str, Any] = json.loads(kc.dumps(state.view(0)))["view"]
    assert document["round_results"][0]["own_points"] == 1  # p2 wrongly accused p4 of ducks
    return document


def _summary(key: str, value: Any) -> Any:
    return lambda view: view["round_results"][0].__setitem__(key, value)


VIEW_TAMPERING = [
    ("exchanges with a face-down center", _set("phase", "exchange"), "center"),
    ("a pass while the center is face down", _set("passed", [1]), "passes"),
    ("a Scout player outside a Scout", _set("scout_player", 1), "KC-5"),
    ("more cards than the deck", _set("pile_size", 56), "56 cards"),
    ("a score below the rounds' points", _set("score", 0), "points"),
    ("a score above the rounds' points", _set("score", 2), r"score 2 is not the sum 1 .*KC-10"),
    ("a score beyond the end", _set("score", 9), "score"),
    ("forged own points", _summary("own_points", 2), "KC-10"),
    ("a forged reason", _summary("reason", "claim"), "KC-10"),
    ("a forged family", _summary("family", "Bear"), "KC-10"),
    ("an illegal pawn", _summary("named", 2), "KC-8"),
    ("a revealed hand of the wrong size", _summary("hand", ["Duck"]), "size"),
    ("rounds out of order", _summary("number", 2), "numbered"),
]


@pytest.mark.parametrize(
    ("case", "edit", "words"), VIEW_TAMPERING, ids=[t[0] for t in VIEW_TAMPERING]
)
def test_tampered_view_is_rejected(case: str, edit: Any, words: str) -> None:
    """KC-12, KC-10: a view no player could be shown (its phase, center, passes, card
    counts, score or round records contradict the rules) raises SerializationError."""
    document = _scored_view_document()
    edit(document)
    with pytest.raises(kc.SerializationError, match=words):
        kc.loads_view(json.dumps({"format": "karibou/3", "view": document}))


@given(states_st | short_states_st)
def test_a_karibou_1_document_without_versions_still_loads_kc17(state: kc.State) -> None:
    """Documents saved before KC-17 (format ``karibou/1``, no ``version``) load, with the
    lowest version their rounds (and a state's chance counter: at most two chance events a
    version step) allow; everything else is read as written."""
    for obj, key, load in ((state, "state", kc.loads), (state.view(0), "view", kc.loads_view)):
        document = json.loads(kc.dumps(obj))
        assert document["format"] == "karibou/3"
        del document[key]["version"]
        old = json.dumps({"format": "karibou/1", key: document[key]})
        loaded: Any = load(old)
        lowest = len(obj.round_results)
        if key == "state":
            lowest = max(lowest, state.chance // 2)
        assert loaded.version == lowest <= obj.version
        assert kc.dumps(loaded) == kc.dumps(obj).replace(
            f'"version":{obj.version}', f'"version":{lowest}'
        )


@given(states_st | short_states_st)
def test_a_karibou_2_document_loads_as_the_position_it_is(state: kc.State) -> None:
    """A ``karibou/2`` state or view (written before the deal changed, issue 29) is a
    whole position: it loads as it was written, and the state plays on by the new deal
    (its next shuffles are those of its seed and chance counter today)."""
    for obj, key, load in ((state, "state", kc.loads), (state.view(0), "view", kc.loads_view)):
        document = json.loads(kc.dumps(obj))
        loaded: Any = load(json.dumps({"format": "karibou/2", key: document[key]}))
        assert loaded == obj
    if not state.is_over:
        pawn = next((action for seat in range(state.num_players)
                     for action in state.legal_actions(seat)
                     if isinstance(action, kc.PlacePawn)), None)
        if pawn is not None:
            assert kc.loads(json.dumps({"format": "karibou/2", "state": json.loads(
                kc.dumps(state))["state"]})).apply(pawn) == state.apply(pawn)


def test_a_karibou_1_state_whose_refills_outnumber_its_rounds_still_loads_kc17() -> None:
    """KC-17: a karibou/1 state of the first round whose cleanups refilled the pile (a
    chance counter past 1 with no round played) loads, at the lowest version its chance
    counter allows, instead of being refused as an impossible position."""
    state = kc.new_game(4, 3)
    cleanups = 0
    while cleanups < 12 and not state.round_results:
        if state.phase is kc.Phase.DEALT:
            state = state.apply(kc.Reveal(0))
        state = functools.reduce(lambda s, seat: s.apply(kc.Pass(seat)), range(4), state)
        cleanups += 1
    assert state.chance >= 2 and not state.round_results
    document = json.loads(kc.dumps(state))
    del document["state"]["version"]
    loaded = kc.loads(json.dumps({"format": "karibou/1", "state": document["state"]}))
    assert loaded.version == state.chance // 2 and loaded.hands == state.hands


@given(short_states_st, st.integers(0, 6), st.integers(-9, 9).filter(bool))
def test_kc10_scores_that_the_rounds_do_not_add_up_to_are_refused(
    state: kc.State, seat: int, change: int
) -> None:
    """KC-10 (issue 27): a score is the sum of the round results' points; a state document
    with one score changed (kept in range), or a view with the viewer's score or a final
    score changed, is refused with ``SerializationError`` naming the field."""
    seat %= state.num_players
    top = state.config.winning_score + (1 if state.is_over else -1)
    changed = state.scores[seat] + change
    if not 0 <= changed <= top:
        return
    document = json.loads(kc.dumps(state))
    document["state"]["scores"][seat] = changed
    with pytest.raises(kc.SerializationError, match=r"scores|score"):
        kc.loads(json.dumps(document))
    view = json.loads(kc.dumps(state.view(seat)))
    view["view"]["score"] = changed
    if state.is_over:
        view["view"]["final_scores"][seat] = changed
    with pytest.raises(kc.SerializationError, match=r"score"):
        kc.loads_view(json.dumps(view))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("players", [3, 5, 7])
def test_kc10_the_issue_case_a_score_raised_after_scored_rounds(seed: int, players: int) -> None:
    """KC-10 (issue 27: rounds totalling [1, 2, 2, 1, 1], scores [1, 5, 2, 1, 1] loaded):
    after rounds played to their scoring, raising any one score by 3 is refused naming
    ``scores``, and the sums themselves load."""
    rng = random.Random(seed)
    state = kc.new_game(players, seed)
    while len(state.round_results) < 3 and not state.is_over:
        seat = rng.randrange(players)
        pawns = [a for a in state.legal_actions(seat) if isinstance(a, kc.PlacePawn)]
        state = state.apply(rng.choice(pawns))
    assert state.round_results
    assert kc.loads(kc.dumps(state)) == state
    refused = 0
    for seat in range(players):
        document = json.loads(kc.dumps(state))
        document["state"]["scores"][seat] += 3
        if document["state"]["scores"][seat] > state.config.winning_score + state.is_over - 1:
            continue  # out of range: refused for that
        with pytest.raises(kc.SerializationError, match=r"scores \[.*\] are not the sums"):
            kc.loads(json.dumps(document))
        refused += 1
    assert refused


HANDS = ["Duck Duck Duck Duck Elk", "Bear Bear Elk Elk Scout",
         "Marmot Marmot Marmot Polecat Polecat Raccoon"]  # fmt: skip


@pytest.mark.parametrize("scores", [[3, 3, 5], [0, 0, 8], [8, 8, 8], [1, 0, 0]])
def test_kc10_from_position_takes_rounds_and_refuses_scores_without_them(
    scores: list[int],
) -> None:
    """KC-10 (issue 27): ``from_position`` builds scores from the rounds it is given and
    refuses scores they do not add up to (none given: every score 0) with
    ``PositionError`` naming ``scores``; what it builds, ``dumps`` writes and ``loads``
    reads back."""
    state = position([V, V, C], HANDS, "Duck Squirrel Scout", scores=scores)
    assert list(state.scores) == scores
    assert state.version == len(state.round_results) == len(scoring_rounds(scores))
    assert kc.loads(kc.dumps(state)) == state
    for seat in range(3):
        assert kc.loads_view(kc.dumps(state.view(seat))) == state.view(seat)
    args = (state.teams, state.hands, state.center, state.pile)
    with pytest.raises(kc.PositionError, match=r"scores \[.*\] are not the sums \[0, 0, 0\]"):
        kc.from_position(*args, scores=scores)
    rounds = scoring_rounds(scores)
    assert kc.from_position(*args, scores=scores, round_results=rounds) == state
    other = [scores[0] - 1 if scores[0] else 1, *scores[1:]]
    with pytest.raises(kc.PositionError, match="are not the sums"):
        kc.from_position(*args, scores=other, round_results=rounds)


@pytest.mark.parametrize(
    ("rounds", "words"),
    [
        (None, "sequences"),
        (5, "sequences"),
        ([None], "not a RoundResult"),
        (scoring_rounds([2, 0, 0])[::-1] + scoring_rounds([0, 1, 0], first=1), "numbered"),
        (scoring_rounds([9, 0, 0]), "out of 0..8"),
    ],
    ids=["None", "an int", "no round", "misnumbered", "the game would be over"],
)
def test_kc10_from_position_refuses_impossible_rounds(rounds: Any, words: str) -> None:
    """KC-10, KC-11: ``from_position``'s round results must be records that follow the
    rules, numbered from 1, that leave the game going on."""
    state = position([V, V, C], HANDS, "Duck Squirrel Scout")
    with pytest.raises(kc.PositionError, match=words):
        kc.from_position(state.teams, state.hands, state.center, state.pile,
                         round_results=rounds)  # fmt: skip


def test_kc10_from_position_refuses_forged_round_points() -> None:
    """KC-10: a round record whose points do not follow from its facts is refused."""
    state = position([V, V, C], HANDS, "Duck Squirrel Scout")
    forged = attrs.evolve(scoring_rounds([2, 0, 0])[0], points=(2, 2, 0))
    with pytest.raises(kc.PositionError, match="KC-10"):
        kc.from_position(state.teams, state.hands, state.center, state.pile,
                         round_results=[forged])  # fmt: skip
