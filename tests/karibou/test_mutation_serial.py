"""Karibou JSON pinned down (KC-7, KC-17, the embedding contract of ``loads``), written to
kill mutants of ``karibou_rules/_serial.py`` the older tests let live (issue 15).

The cattrs converter is built once, at import: the tests marked ``fresh`` swap in one
built anew by ``_make_converter`` so that what it registers is what they test.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import karibou_rules as kc
from karibou_rules import _serial
from karibou_rules._errors import QUOTE_LIMIT


def _played(players: int, seed: int) -> list[kc.State]:
    """Every state of a random game played to its end (or 400 steps), the pawn placed
    rarely so that rounds see passes, Scouts and signs."""
    rng = random.Random(seed)
    state = kc.new_game(players, seed)
    states = [state]
    for _ in range(400):
        if state.is_over:
            break
        options = state.legal_actions(min(state.actors))
        calm = [a for a in options if not isinstance(a, kc.PlacePawn)]
        state = state.apply(rng.choice(calm if calm and rng.random() < 0.97 else options))
        states.append(state)
    return states


GAMES = [(3, 1), (4, 7), (5, 3)]
DOCUMENTS = {
    (players, seed): [
        (state, kc.dumps(state), [(a, kc.dumps(a)) for a in state.legal_actions(min(state.actors))]
         if state.actors else [])
        for state in _played(players, seed)[::7]
    ]
    for players, seed in GAMES
}
"""States, their JSON and their legal actions' JSON, written by the import-time converter."""


@pytest.fixture(params=["built at import", "fresh"])
def converter(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The module's converter, or one built anew by ``_make_converter``."""
    if request.param == "fresh":
        monkeypatch.setattr(_serial, "_CONVERTER", _serial._make_converter())
    yield request.param


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_kc17_states_views_and_actions_write_and_read_back_the_same(
        converter: str, players: int, seed: int) -> None:
    """KC-17, KC-7: every state, view and legal action of a played game is written as the
    same compact JSON and read back equal (cards, teams, tiles, the pile, seat sets sorted,
    actions tagged by ``"type"``)."""
    kinds = set()
    for state, text, actions in DOCUMENTS[players, seed]:
        assert kc.dumps(state) == text and kc.loads(text) == state
        for seat in range(players):
            view = state.view(seat)
            assert kc.loads_view(kc.dumps(view)) == view
        for action, written in actions:
            assert kc.dumps(action) == written
            assert written.startswith('{"type":"' + type(action).__name__ + '",')
            assert kc.loads_action(written) == action
            kinds.add(type(action).__name__)
    assert len(kinds) >= 3


def test_kc7_a_seat_set_is_written_sorted_and_read_as_a_set(converter: str) -> None:
    """KC-7: the seats who noticed a sign are written as a sorted list and read back."""
    sign = kc.Sign(0, kc.Card.DUCK, frozenset({3, 1, 2}))
    text = kc.dumps(sign)
    assert json.loads(text)["noticed_by"] == [1, 2, 3]
    assert kc.loads_action(text) == sign


def _document() -> dict[str, Any]:
    state = next(s for s in _played(4, 7) if s.passed and not s.is_over)
    document: dict[str, Any] = json.loads(kc.dumps(state))
    return document


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda s: s.update(seed=True), "expected an integer, got True @ $.seed"),
        (lambda s: s.update(version=1.0), "expected an integer, got 1.0 @ $.version"),
        (lambda s: s["teams"].__setitem__(0, 5), "expected a string, got 5 @ $.teams[0]"),
        (lambda s: s["hands"][0].__setitem__(0, None),
         "expected a string, got None @ $.hands[0][0]"),
        (lambda s: s["teams"].__setitem__(0, "Wolf"), "not a team card: 'Wolf' @ $.teams[0]"),
        (lambda s: s["hands"][0].__setitem__(0, "Wolf"), "card: 'Wolf' @ $.hands[0][0]"),
        (lambda s: s.update(passed="x"), "expected a list of seats, got 'x' @ $.passed"),
        (lambda s: s.update(passed=[1, 1]), "a seat is listed twice in [1, 1] @ $.passed"),
        (lambda s: s.update(passed=[True]), "expected an integer, got True @ $.passed"),
        (lambda s: s.update(extra=1), "Extra fields in constructor for State: extra @ $"),
        (lambda s: s.pop("scores"), "required field missing @ $.scores"),
    ],
)
def test_loads_names_each_malformed_field(converter: str, edit: Any, words: str) -> None:
    """Untrusted state JSON with a field of the wrong type, an unknown card or team, a
    seat listed twice, an unknown or a missing field is refused by name and path."""
    document = _document()
    edit(document["state"])
    with pytest.raises(kc.SerializationError) as info:
        kc.loads(json.dumps(document))
    assert str(info.value).startswith("not a Karibou Camp state: ")
    assert words in str(info.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"type": "Pass", "player": true}',
         "not a Karibou Camp action: expected an integer, got True @ $.player"),
        ('{"type": "Draw", "player": 1, "source": 5}', None),
        ('{"type": "Exchange", "player": 1, "give": 5, "take": "Duck"}',
         "not a Karibou Camp action: expected a string, got 5 @ $.give"),
        ('{"type": "Pass", "player": 1, "x": 2}',
         "not a Karibou Camp action: Extra fields in constructor for Pass: x @ $"),
        ('{"type": "Sign", "player": 1, "species": "Duck", "noticed_by": [2, 2]}',
         "not a Karibou Camp action: a seat is listed twice in [2, 2] @ $.noticed_by"),
        ('{"TYPE": "Pass", "player": 1}', "not a Karibou Camp action: 'type'"),
    ],
)
def test_loads_action_names_each_malformed_field(
        converter: str, text: str, message: str | None) -> None:
    """An action's JSON is a union tagged by ``"type"``; a field of the wrong type, an
    unknown field or seats listed twice are refused by name and path."""
    with pytest.raises(kc.SerializationError) as info:
        kc.loads_action(text)
    assert str(info.value).startswith("not a Karibou Camp action: ")
    if message is not None:
        assert str(info.value) == message


def test_an_action_from_the_pile_reads_back(converter: str) -> None:
    """An action whose source is the pile is written as its name and read back."""
    found = [a for docs in DOCUMENTS.values() for _, _, actions in docs for a, _ in actions
             if getattr(a, "source", None) is kc.PILE]
    assert found
    for action in found:
        assert kc.loads_action(kc.dumps(action)) == action


def test_an_action_is_written_compact() -> None:
    """Actions are written with no spaces, ``"type"`` first."""
    assert kc.dumps(kc.Exchange(2, kc.Card.BEAR, kc.Card.DUCK)) == (
        '{"type":"Exchange","player":2,"give":"Bear","take":"Duck"}')
    assert kc.dumps(kc.Pass(1)) == '{"type":"Pass","player":1}'


@pytest.mark.parametrize(("value", "name"), [(5, "int"), (None, "NoneType"), ([], "list")])
def test_dumps_names_what_it_cannot_write(value: object, name: str) -> None:
    """dumps takes states, views and actions only, and names what it was given."""
    with pytest.raises(kc.SerializationError) as info:
        kc.dumps(value)  # type: ignore[arg-type]
    assert str(info.value) == f"dumps takes a State, a View or an action, not {name}"


READERS = [(kc.loads, "state"), (kc.loads_view, "view"), (kc.loads_action, "action")]


@pytest.mark.parametrize(("reader", "what"), READERS)
def test_readers_name_bad_limits_text_and_json(reader: Any, what: str) -> None:
    """Every reader refuses a limit that is no count of bytes, input that is no text, and
    text that is no JSON, each named; a limit of 0 bytes is a count like any other."""
    for limit in (-1, True, 1.5):
        with pytest.raises(kc.SerializationError) as info:
            reader("{}", max_bytes=limit)
        assert str(info.value) == f"max_bytes must be a count of bytes, not {limit!r}"
    for value, name in ((5, "int"), (None, "NoneType")):
        with pytest.raises(kc.SerializationError) as info:
            reader(value)
        assert str(info.value) == f"not a Karibou Camp {what}: expected text, not {name}"
    with pytest.raises(kc.SerializationError) as info:
        reader("", max_bytes=0)
    assert str(info.value) == (
        f"not a Karibou Camp {what}: Expecting value: line 1 column 1 (char 0)")
    with pytest.raises(kc.SerializationError) as info:
        reader("x", max_bytes=0)
    assert str(info.value) == (
        f"not a Karibou Camp {what}: the input is larger than max_bytes=0 bytes")


@pytest.mark.parametrize(("reader", "what"), READERS)
@pytest.mark.parametrize("wide", [1, 5, 40])
def test_readers_measure_text_in_utf8_bytes(reader: Any, what: str, wide: int) -> None:
    """The limit counts UTF-8 bytes: text of as many characters as the limit but more
    bytes is refused unread; the same text under a limit of its bytes is read."""
    text = json.dumps("é" * wide, ensure_ascii=False)
    size = len(text.encode())
    with pytest.raises(kc.SerializationError) as info:
        reader(text, max_bytes=len(text))
    assert str(info.value) == (
        f"not a Karibou Camp {what}: the input is larger than max_bytes={len(text)} bytes")
    with pytest.raises(kc.SerializationError) as info:
        reader(text, max_bytes=size)
    assert "larger than max_bytes" not in str(info.value)


@pytest.mark.parametrize(("reader", "what"), READERS[:2])
def test_loads_names_a_document_of_the_wrong_shape(reader: Any, what: str) -> None:
    """A state or view document is an object of exactly ``format`` and the body; a
    document in an unknown format is named with that format."""
    for text in ("[]", "{}", f'{{"format": "karibou/3", "{what}": {{}}, "x": 1}}'):
        with pytest.raises(kc.SerializationError) as info:
            reader(text)
        assert str(info.value) == (
            f'not a Karibou Camp {what}: expected an object with "format" and "{what}"')
    with pytest.raises(kc.SerializationError) as info:
        reader(f'{{"format": "karibou/9", "{what}": {{}}}}')
    assert str(info.value) == (
        f"not a Karibou Camp {what}: unknown format 'karibou/9', expected 'karibou/3'")
    with pytest.raises(kc.SerializationError) as info:
        reader(f'{{"format": "karibou/3", "{what}": {{}}}}')
    assert str(info.value).startswith(f"not a Karibou Camp {what}: required field missing @ $.")


def test_loads_action_names_a_document_that_is_no_object() -> None:
    """An action document is an object; a list or a number is refused by name."""
    for text in ("[]", "5", '"Pass"'):
        with pytest.raises(kc.SerializationError) as info:
            kc.loads_action(text)
        assert str(info.value) == 'not a Karibou Camp action: expected an object with "type"'
    with pytest.raises(kc.SerializationError) as info:
        kc.loads_action('{"type": "Pass", "player": 9}')
    assert str(info.value).startswith("not a Karibou Camp action: ")
    assert "Karibou Camp action: not a Karibou Camp" not in str(info.value)


def test_kc17_karibou_1_documents() -> None:
    """KC-17: a ``karibou/1`` state has no version and is given one per round played; a
    ``karibou/2`` state without a version, or a ``karibou/1`` one with a version, or a
    ``karibou/1`` body that is no object, is refused."""
    state = next(s for s in reversed(_played(3, 1)) if s.round_results and not s.is_over)
    document = json.loads(kc.dumps(state))
    body = document["state"]
    del body["version"]
    old = {"format": "karibou/1", "state": body}
    assert kc.loads(json.dumps(old)).version == len(state.round_results)
    with pytest.raises(kc.SerializationError, match=r"required field missing @ \$\.version"):
        kc.loads(json.dumps({"format": "karibou/2", "state": body}))
    with pytest.raises(kc.SerializationError, match="unknown format 'karibou/1'"):
        kc.loads(json.dumps({"format": "karibou/1", "state": {**body, "version": 0}}))
    with pytest.raises(kc.SerializationError) as info:
        kc.loads(json.dumps({"format": "karibou/1", "state": [1]}))
    assert str(info.value).startswith("not a Karibou Camp state: ")


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 7])
def test_a_message_lists_three_problems_and_counts_the_rest(count: int) -> None:
    """A document with many problems is refused with the first three, joined by "; ",
    and how many more there are."""
    document = _document()
    fields = ["num_players", "seed", "chance", "version", "scout_player", "scores", "teams"]
    for name in fields[:count]:
        document["state"][name] = 1.5
    with pytest.raises(kc.SerializationError) as info:
        kc.loads(json.dumps(document))
    text = str(info.value).removeprefix("not a Karibou Camp state: ")
    parts = text.split("; ")
    listed = [p for p in parts if not p.startswith("and ")]
    assert listed == [f"expected an integer, got 1.5 @ $.{name}" for name in fields[:3]][:count]
    if count > 3:
        assert parts[-1] == f"and {count - 3} more"
    else:
        assert not text.endswith("more") and text.endswith(listed[-1])


@pytest.mark.parametrize("extra", [-2, -1, 0, 1, 2, 300])
def test_a_quoted_problem_is_cut_to_twice_the_quote_limit(extra: int) -> None:
    """A problem quoting input (an unknown field's name) is cut to at most twice the
    quote limit, ending in "...", and kept whole when it fits."""
    document = _document()
    document["state"]["k"] = 1
    with pytest.raises(kc.SerializationError) as info:
        kc.loads(json.dumps(document))
    prefix = str(info.value).removeprefix("not a Karibou Camp state: ").removesuffix("k @ $")
    limit = 2 * QUOTE_LIMIT
    name = "z" * (limit - len(prefix) + extra)
    document = _document()
    document["state"][name] = 1
    with pytest.raises(kc.SerializationError) as info:
        kc.loads(json.dumps(document))
    problem = str(info.value).removeprefix("not a Karibou Camp state: ").removesuffix(" @ $")
    whole = prefix + name
    assert problem == (whole if len(whole) <= limit else whole[: limit - 3] + "...")
    assert len(problem) <= limit

