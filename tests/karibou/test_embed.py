"""Issue 10 (safe to embed): a client lists its options from its view; no seat is a typed
error; untrusted text (state, view, action) is bounded in size and only ever raises the
package's typed errors."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import karibou_rules as kc
from tests.karibou.strategies import mutate, short_states_st, states_st


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@settings(max_examples=10)
@given(seed=st.integers(0, 2**32), pawn_rate=st.sampled_from([0.0, 0.02, 0.3]))
def test_view_legal_actions_equal_the_states_at_every_step(
    players: int, seed: int, pawn_rate: float
) -> None:
    """KC-12, KC-13: at every step of random play, for every seat, the view lists the
    same legal actions in the same order as the state, and so does the view read back
    from its JSON (the view carries what a client needs to list its options)."""
    rng = random.Random(seed)
    state = kc.new_game(players, seed)
    for step in range(300):
        for seat in range(players):
            view = state.view(seat)
            expected = state.legal_actions(seat)
            assert view.legal_actions() == expected
            if step % 8 == seat or state.is_over:
                assert kc.loads_view(kc.dumps(view)).legal_actions() == expected
        if state.is_over:
            assert all(not state.view(seat).legal_actions() for seat in range(players))
            return
        options = state.legal_actions(rng.randrange(players))
        calm = [a for a in options if not isinstance(a, kc.PlacePawn)]
        state = state.apply(rng.choice(options if rng.random() < pawn_rate else calm))


@given(states_st | short_states_st)
def test_view_legal_actions_in_reached_states(state: kc.State) -> None:
    """KC-12: the same in states reached by long rounds (Scouts, refills, passes)."""
    for seat in range(state.num_players):
        assert state.view(seat).legal_actions() == state.legal_actions(seat)


NO_SEATS = [-1, -5, 5, 7, 100, 10**5000, True, False, None, "0", 1.0, kc.Card.ELK]


@pytest.mark.parametrize(
    "seat", NO_SEATS, ids=[f"{type(seat).__name__}{i}" for i, seat in enumerate(NO_SEATS)]
)
def test_legal_actions_of_no_seat_raise_the_error_apply_raises(seat: object) -> None:
    """KC-2: legal_actions of something that is not a seat (out of range, a bool, a
    float, text, an int past the digit limit) raises NotYourTurnError, as apply does for
    an action by that seat; in a finished game too. Its message is short."""
    state = kc.new_game(5, seed=4)
    with pytest.raises(kc.NotYourTurnError) as by_apply:
        state.apply(kc.Pass(seat))  # type: ignore[arg-type]
    with pytest.raises(kc.NotYourTurnError, match="no seat") as by_query:
        state.legal_actions(seat)  # type: ignore[arg-type]
    assert type(by_query.value) is type(by_apply.value)
    assert by_query.value.ruling == "KC-2" and len(str(by_query.value)) < 120
    over = kc.new_game(4, seed=5, config=kc.Config(winning_score=1))
    opponent = next(s for s in (1, 2) if s != over.teammate(0))
    over = over.apply(kc.PlacePawn(0, kc.Card.DUCK, opponent))
    with pytest.raises(kc.NotYourTurnError):
        over.legal_actions(seat)  # type: ignore[arg-type]
    with pytest.raises(kc.IllegalActionError):
        over.apply(kc.Pass(seat))  # type: ignore[arg-type]
    assert [over.legal_actions(s) for s in range(4)] == [[], [], [], []]


@pytest.mark.parametrize("reader", [kc.loads, kc.loads_view, kc.loads_action])
def test_readers_refuse_input_over_max_bytes_at_once(reader: Any) -> None:
    """loads, loads_view and loads_action take max_bytes (MAX_BYTES = 1 MiB by default)
    and refuse larger text or bytes before parsing it, quoting no more than a short
    prefix; within the limit the same document is read."""
    assert kc.MAX_BYTES == 1 << 20
    state = kc.new_game(5, seed=8).apply(kc.Reveal(1))
    read: dict[Any, kc.State | kc.View | kc.Action] = {
        kc.loads: state, kc.loads_view: state.view(2), kc.loads_action: kc.Pass(4)}
    obj = read[reader]
    text = kc.dumps(obj)
    assert reader(text, max_bytes=len(text)) == obj
    assert reader(text.encode(), max_bytes=len(text)) == obj
    for big in (text, text.encode()):
        with pytest.raises(kc.SerializationError, match="max_bytes"):
            reader(big, max_bytes=len(text) - 1)
    huge = "[" + "9" * (kc.MAX_BYTES + 10) + "]"
    started = time.perf_counter()
    with pytest.raises(kc.SerializationError) as caught:
        reader(huge)
    assert time.perf_counter() - started < 0.5  # refused unread, not parsed
    assert len(str(caught.value)) < 200
    # Multi-byte characters count as bytes: 400,000 three-byte characters are 1.2 MB.
    with pytest.raises(kc.SerializationError, match="max_bytes"):
        reader('"' + "\u20ac" * 400_000 + '"')
    for limit in (-1, 1.5, None, True):
        with pytest.raises(kc.SerializationError, match="max_bytes"):
            reader(text, max_bytes=limit)
    with pytest.raises(kc.SerializationError):
        reader(5)


LONG = "Moose" * 50_000
HOSTILE = [
    '{"format": "karibou/1", "state": {"num_players": "' + LONG + '"}}',
    '{"format": "' + LONG + '", "state": {}}',
    '{"' + LONG + '": 1}',
    '{"format": "karibou/1", "state": ' + "[" * 50_000 + "]" * 50_000 + "}",
    '{"format": "karibou/1", "state": {"num_players": ' + "9" * 5000 + "}}",
    '{"format": "karibou/1", "view": {"hand": ["' + LONG + '"]}}',
    '{"type": "Exchange", "player": 0, "give": "' + LONG + '", "take": "Duck"}',
    '{"type": "Pass", "player": 0, "' + LONG + '": 0}',
    '{"type": "' + LONG + '", "player": 0}',
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
@pytest.mark.parametrize("reader", [kc.loads, kc.loads_view, kc.loads_action])
def test_error_messages_quote_only_a_short_prefix(reader: Any, text: str) -> None:
    """A refused document's message stays short whatever it holds: long keys, long card
    or format names, deep nesting, ints past Python's digit limit."""
    with pytest.raises(kc.SerializationError) as caught:
        reader(text)
    assert len(str(caught.value)) < 400


def test_many_problems_in_one_document_are_summarised() -> None:
    """A document with thousands of bad fields gives a message listing a few of them."""
    document = json.loads(kc.dumps(kc.new_game(7, seed=1)))
    document["state"]["pile"] = ["Moose"] * 2000
    with pytest.raises(kc.SerializationError, match="more") as caught:
        kc.loads(json.dumps(document))
    assert len(str(caught.value)) < 600


@pytest.mark.parametrize(
    "text",
    ["p" + "9" * 5000 + " pass", "p1 pawn Duck on p" + "9" * 5000,
     "p1 sign Duck seen by p" + "9" * 5000, "p1 sign Duck seen by p2,p" + "9" * 5000,
     "p\u00b2 pass", "p1 pawn Duck on p\u00b2", "p1 sign Duck seen by p\u00b9",
     "p\u0663 reveal", "p\uff11 scout", "p1 pawn Duck on p\u0663", "p\U0001d7d9 pass",
     "p1 exchange Duck for " + "Duck" * 5000, "p1 " + "pass " * 5000],
)  # fmt: skip
def test_parse_action_refuses_every_non_ascii_or_huge_seat(text: str) -> None:
    """Every int() in parsing reads ASCII digits of a bounded length: a seat past
    Python's int-digit limit, a superscript (``'²'.isdigit()``), an Arabic-Indic, a
    full-width or a mathematical digit raise ParseError, with a short message."""
    assert not text.isascii() or len(text) > 4300
    with pytest.raises(kc.ParseError) as caught:
        kc.parse_action(text)
    assert len(str(caught.value)) < 200
    assert caught.value.text == text


@given(states_st | short_states_st, st.data())
def test_tampered_mid_game_json_gives_a_typed_error_or_a_playable_state(
    state: kc.State, data: st.DataObject
) -> None:
    """Mutated mid-game documents load as a valid state or raise a KaribouError: a
    loaded state round-trips, and every action it lists for every seat applies."""
    document = json.loads(kc.dumps(state))
    for _ in range(data.draw(st.integers(1, 4))):
        document = mutate(document, data)
    try:
        loaded = kc.loads(json.dumps(document))
    except kc.KaribouError as error:
        assert isinstance(error, kc.SerializationError)
        return
    assert kc.loads(kc.dumps(loaded)) == loaded
    for seat in range(loaded.num_players):
        for action in loaded.legal_actions(seat):
            after = loaded.apply(action, version=loaded.version)
            assert kc.loads(kc.dumps(after)) == after
        assert loaded.view(seat).legal_actions() == loaded.legal_actions(seat)
