"""Bounded loads (issue 10): ``loads`` and ``loads_view`` refuse every value no real game
reaches, so that no call on a loaded state can run away (UC-16, UC-20, UC-22, UC-3)."""

from __future__ import annotations

import json
import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._config import MAX_CLAIM_LIMIT, MAX_ROUNDS, MAX_TURN_CAP
from tests.campers.game_strategies import random_walk


@contextmanager
def _bounded(seconds: int = 20) -> Iterator[None]:
    """Fail instead of hanging: a call that runs away is stopped by an alarm."""

    def stop(signum: int, frame: Any) -> None:
        raise AssertionError(f"a call on a loaded state ran for {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _mid_game(seed: int = 3, rounds_done: int = 1) -> uc.State:
    """A state of a random 3-player game after ``rounds_done`` scored rounds."""
    rng = random.Random(seed)
    state = uc.new_game(3, seed, uc.Config(rounds=3, turn_cap=40))
    while state.round < rounds_done or state.phase is not uc.Phase.DRAW:
        state = state.apply(rng.choice(state.legal_actions(rng.choice(sorted(state.actors)))))
    return state


def _doc(state: uc.State) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(uc.dumps(state))
    return document


def _refused(document: dict[str, Any], match: str | None = None) -> None:
    with _bounded(), pytest.raises(uc.SerializationError, match=match):
        uc.loads(json.dumps(document))


def test_uc16_skips_beyond_reach_are_refused() -> None:
    """UC-16: a document with skips of 10**100 and a large turn cap, whose next apply would
    loop forever, is refused; so is any skip count above the Roasted plays the round's
    turns could hold."""
    document = _doc(_mid_game())
    document["data"]["skips"] = [0, 10**100, 0]
    document["data"]["config"]["turn_cap"] = 10**9
    _refused(document)
    document = _doc(_mid_game())
    data = document["data"]
    data["skips"] = [0, data["turns_taken"] + 1, 0]
    _refused(document, "Roasted")
    data["skips"] = [0, data["turns_taken"] - (not data["action_played"]), 0]
    with _bounded():
        state = uc.loads(json.dumps(document))
        for _ in range(5):
            state = state.apply(state.legal_actions(min(state.actors))[0])


@pytest.mark.parametrize(
    ("field", "maximum"),
    [("rounds", MAX_ROUNDS), ("turn_cap", MAX_TURN_CAP), ("claim_limit", MAX_CLAIM_LIMIT)],
)
def test_config_numbers_beyond_their_documented_maxima_are_refused(
    field: str, maximum: int
) -> None:
    """UC-21, UC-22: every numeric config field has a documented maximum, enforced by
    Config itself and so by loads; a bool is not a number."""
    at_most: dict[str, Any] = {field: maximum}
    assert uc.Config(**at_most) == uc.Config(**at_most)
    for bad in (maximum + 1, 0, 10**100, True):
        with pytest.raises(uc.CampersError, match=field):
            uc.Config(**cast(dict[str, Any], {field: bad}))
        document = _doc(uc.new_game(3, 1))
        document["data"]["config"][field] = bad
        _refused(document)


def test_uc20_scores_must_be_the_sums_of_the_round_results() -> None:
    """UC-20: a score the round results do not add up to is refused (recomputed)."""
    document = _doc(_mid_game())
    document["data"]["scores"][0] += 1
    _refused(document, "sums of the round results")
    document = _doc(_mid_game())
    document["data"]["round_results"][0]["points"][0] += 1
    _refused(document)


def test_uc20_round_results_name_only_campsites_that_are_kept() -> None:
    """UC-20: a round result keeping a campsite the seat does not keep, or a kept campsite
    no round result kept, is refused."""
    state = _mid_game(seed=9)
    document = _doc(state)
    data = document["data"]
    results = data["round_results"]
    going = results[0]["went_out"]
    if going is None:  # the stalemate guard ended the round: nobody keeps anything
        results[0]["kept"][0] = ["c01"]
    else:
        results[0]["kept"][going] = []
    _refused(document)
    document = _doc(state)
    document["data"]["round_results"][0]["reason"] = (
        "went_out" if state.round_results[0].went_out is None else "turn_cap"
    )
    _refused(document)


def test_uc3_duplicate_campsite_ids_are_refused() -> None:
    """UC-3: the catalogue's campsites are c01..c15, each once, in order."""
    document = _doc(uc.new_game(3, 1))
    catalogue = document["data"]["config"]["catalogue"]
    catalogue[1]["id"] = catalogue[0]["id"]
    _refused(document, r"c01\.\.c15")
    with pytest.raises(uc.CampersError, match=r"c01\.\.c15"):
        uc.Config(catalogue=tuple(reversed(uc.CATALOGUE)))


def test_the_z3_backend_is_the_callers_choice_not_the_documents() -> None:
    """A document may name the z3 solver backend only when the caller allows it."""
    state = uc.new_game(3, 1, uc.Config(backend="z3"))
    text = uc.dumps(state)
    with pytest.raises(uc.SerializationError, match="z3"):
        uc.loads(text)
    assert uc.loads(text, backends=("native", "z3")) == state
    view = uc.dumps(state.view(0))
    with pytest.raises(uc.SerializationError, match="z3"):
        uc.loads_view(view)
    assert uc.loads_view(view, backends=("z3",)) == state.view(0)


def test_documents_beyond_max_bytes_are_refused_and_messages_are_short() -> None:
    """``loads``/``loads_view`` take ``max_bytes`` (default MAX_BYTES, 1 MiB), refuse a
    longer text at once, and quote at most a short prefix of the input."""
    assert uc.MAX_BYTES == 1 << 20
    text = uc.dumps(uc.new_game(3, 1))
    assert uc.loads(text, max_bytes=len(text)) == uc.loads(text)
    for load in (uc.loads, uc.loads_view):
        with pytest.raises(uc.SerializationError, match="exceeds"):
            load(text, max_bytes=len(text) - 1)
        with pytest.raises(uc.SerializationError, match="exceeds"):
            load(" " * (uc.MAX_BYTES + 1))
        for hostile in ('{"game": "' + "x" * 10_000 + '"}', "[" * 10_000, "x" * 10_000):
            with pytest.raises(uc.SerializationError) as caught:
                load(hostile)
            assert len(str(caught.value)) < 200
    document = _doc(uc.new_game(3, 1))
    document["data"]["hands"][0][0] = "B" + "7" * 10_000
    with pytest.raises(uc.SerializationError) as caught:
        uc.loads(json.dumps(document))
    assert len(str(caught.value)) < 200


def _view_doc(seed: int = 3, seat: int = 0) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(uc.dumps(_mid_game(seed).view(seat)))
    return document


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: d["hand"].extend(["W", "W", "W", "W", "W"]),
        lambda d: d["hand_sizes"].__setitem__(1, -1),
        lambda d: d.__setitem__("deck_size", d["deck_size"] + 1),
        lambda d: d.__setitem__("deck_size", -5),
        lambda d: d.__setitem__("pile_size", d["pile_size"] + 1),
        lambda d: d["hand_sizes"].__setitem__(0, d["hand_sizes"][0] + 1),
        lambda d: d["campground"].append(d["campground"][0]),
        lambda d: d["scores"].__setitem__(1, d["scores"][1] + 2),
        lambda d: d.__setitem__("player", 7),
        lambda d: d.__setitem__("version", -1),
        lambda d: d["discard"].extend(["BearSpray"] * 5),
    ],
)
def test_loads_view_checks_consistency(tamper: Any) -> None:
    """UC-23: a view document is checked for what it shows: at most 4 wilds (126 cards),
    no negative sizes, sizes that add up, each campsite once, scores from the results."""
    document = _view_doc()
    assert uc.loads_view(json.dumps(document)) is not None
    tamper(document["data"])
    with _bounded(), pytest.raises(uc.SerializationError):
        uc.loads_view(json.dumps(document))


def test_loads_view_refuses_a_view_showing_hidden_choices() -> None:
    """UC-18, UC-14: a view never holds another player's Lost Camper choice nor who else
    answers a window; a document claiming so is no view."""
    state = uc.from_position(["LostCamper B2 B3", "G3 G5", "Y4 Y6"], phase=uc.Phase.PLAY)
    state = state.apply(uc.parse_action("p0 play LostCamper"))
    state = state.apply(uc.parse_action("p1 pass G3"))
    document = json.loads(uc.dumps(state.view(0)))
    assert uc.loads_view(json.dumps(document)) == state.view(0)
    document["data"]["pending"]["chosen"][1] = "G3"
    with pytest.raises(uc.SerializationError, match="UC-18"):
        uc.loads_view(json.dumps(document))


_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 20), st.sampled_from([10**100, -(10**100)]),
    st.sampled_from(["c01", "c15", "c16", "W", "B7", "SET B5 Y5 R5", "went_out", "turn_cap"]),
    st.lists(st.integers(0, 10**6), max_size=3),
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            if key != "catalogue":
                out += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += _paths(value, (*prefix, index))
    return out


def _set(node: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


_GAMES = [random_walk(n, seed, 400, uc.Config(rounds=3, turn_cap=40)) for n, seed in
          ((2, 1), (3, 2), (4, 3), (6, 4))]


@given(st.data())
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
def test_loads_of_mutated_mid_game_documents_is_refused_or_plays_on_bounded(
    data: st.DataObject,
) -> None:
    """Any one or two values of a mid-game document replaced: ``loads`` raises a
    CampersError subclass (SerializationError) or gives a valid state whose
    ``legal_actions`` and ``apply`` stay bounded; the same for its views."""
    game = data.draw(st.sampled_from(_GAMES))
    state = data.draw(st.sampled_from(game[1:]))
    document = _doc(state)
    for _ in range(data.draw(st.integers(1, 2))):
        path = data.draw(st.sampled_from(_paths(document["data"])[1:]))
        _set(document["data"], path, data.draw(_VALUES))
    with _bounded():
        try:
            loaded = uc.loads(json.dumps(document))
        except uc.CampersError as error:
            assert isinstance(error, uc.SerializationError)
            return
        for _ in range(3):
            if loaded.is_over:
                break
            for seat in range(loaded.num_players):
                assert loaded.view(seat).legal_actions() == loaded.legal_actions(seat)
                uc.loads_view(uc.dumps(loaded.view(seat)))
            legal = loaded.legal_actions(min(loaded.actors))
            loaded = loaded.apply(legal[len(legal) // 2], loaded.version)
