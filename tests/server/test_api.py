"""The HTTP API of the reference server (issue 31, docs/server.rst): every answer code,
stale and illegal moves (UC-32, KC-17, KC-14), tokens, bodies too large or unreadable,
the rate limit, and the record a seat may see (UC-23, KC-12)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

import campers_rules as uc
import karibou_rules as kc
from camp_server import Limits, create_app
from tests.server.wire import bearer, create, play_seats

FAST = Limits(rate=1000.0, burst=1000)
"""Limits that a test client playing at full speed never meets."""


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(limits=FAST)) as client:
        yield client


def _post(client: TestClient, game: dict[str, Any], seat: int, body: object) -> Any:
    token = game["seats"][seat]["token"]
    return client.post(f"/api/games/{game['id']}/actions", headers=bearer(token), json=body)


@pytest.mark.parametrize("game, players", [("campers", 3), ("karibou", 5)])
def test_a_new_game_answers_201_with_a_token_for_each_human(
        client: TestClient, game: str, players: int) -> None:
    """A new game gives each human seat a token of at least 128 random bits and its page's
    URL; a bot seat gets neither."""
    seats = ["human", "bot:heuristic"] + ["human"] * (players - 3) + ["bot:random"]
    made = create(client, game, seats, seed=7)
    assert [seat["kind"] for seat in made["seats"]] == seats
    tokens = [seat["token"] for seat in made["seats"] if seat["kind"] == "human"]
    assert len(set(tokens)) == len(tokens) and all(len(token) >= 43 for token in tokens)
    for seat in made["seats"]:
        if seat["kind"] == "human":
            assert seat["url"] == f"/play/{made['id']}?token={seat['token']}"
        else:
            assert seat["token"] is None and seat["url"] is None


@pytest.mark.parametrize("body", [
    b"{not json", b"[1, 2]", b'"text"', b"\xff\xfe",
    {"game": "campers", "players": 2},
    {"game": "chess", "players": 2, "seats": ["human", "human"]},
    {"game": "campers", "players": True, "seats": ["human"]},
    {"game": "campers", "players": 2, "seats": ["human"]},
    {"game": "campers", "players": 2, "seats": ["human", "bot:clever"]},
    {"game": "campers", "players": 9, "seats": ["human"] * 9},
    {"game": "karibou", "players": 2, "seats": ["human"] * 2},
    {"game": "campers", "players": 2, "seats": ["human"] * 2, "seed": -1},
    {"game": "campers", "players": 2, "seats": ["human"] * 2, "seed": False},
    {"game": "campers", "players": 2, "seats": ["human"] * 2, "seed": 2**64},
    {"game": "campers", "players": 2, "seats": ["human"] * 2, "rounds": 0},
    {"game": "karibou", "players": 3, "seats": ["human"] * 3, "rounds": 1},
    {"game": "karibou", "players": 3, "seats": ["human"] * 3, "colour": "red"},
])
def test_a_bad_new_game_answers_400(client: TestClient, body: object) -> None:
    """Unreadable JSON, a missing or extra field, an unknown game or bot, a wrong number
    of seats (UC-2, KC-2), a bool for an int: 400 with the reason, never a 500."""
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    answer = client.post("/api/games", content=content)
    assert answer.status_code == 400 and answer.json()["error"]


def test_tokens_401_when_missing_403_when_wrong(client: TestClient) -> None:
    """No token (or no Bearer one) answers 401; another game's token, a bot seat's empty
    one or a made-up one 403; an unknown game 404."""
    made = create(client, "karibou", ["human", "human", "bot:heuristic"], seed=1)
    other = create(client, "karibou", ["human", "human", "human"], seed=1)
    url = f"/api/games/{made['id']}"
    for path in ("/offer", "/record"):
        assert client.get(url + path).status_code == 401
        assert client.get(url + path, headers={"Authorization": "Basic abc"}).status_code == 401
        for token in (other["seats"][0]["token"], "x" * 43, "null"):
            assert client.get(url + path, headers=bearer(token)).status_code == 403
    move = {"version": 0, "action": "p0 reveal"}
    assert client.post(url + "/actions", json=move).status_code == 401
    assert client.post(url + "/actions", json=move, headers=bearer("nope")).status_code == 403
    own = bearer(made["seats"][0]["token"])
    assert client.get("/api/games/nosuchgame/offer", headers=own).status_code == 404


@pytest.mark.parametrize("seed", [3, 11])
def test_karibou_moves_answer_200_409_422_and_403(client: TestClient, seed: int) -> None:
    """A legal move answers 200 with the new offer; a move sent against an earlier
    period's version 409 naming the current one (KC-17); a move the rules refuse 422 with
    its reason and ruling (KC-14: no exchange before the reveal); another seat's move 403."""
    made = create(client, "karibou", ["human"] * 4, seed=seed)
    offer = client.get(f"/api/games/{made['id']}/offer",
                       headers=bearer(made["seats"][1]["token"])).json()
    refused = _post(client, made, 1, {"version": 0, "action": "p1 pass"})
    assert refused.status_code == 422
    assert refused.json()["ruling"] == "KC-14" and refused.json()["reason"]
    assert _post(client, made, 1, {"version": 0, "action": "p2 reveal"}).status_code == 403
    revealed = _post(client, made, 1, {"version": offer["version"], "action": "p1 reveal"})
    assert revealed.status_code == 200 and revealed.json()["version"] > offer["version"]
    assert revealed.json()["view"]["player"] == 1
    stale = _post(client, made, 2, {"version": offer["version"], "action": "p2 pass"})
    assert stale.status_code == 409
    assert stale.json()["version"] == revealed.json()["version"]
    assert "stale" in stale.json()["error"]
    ahead = _post(client, made, 2, {"version": 99, "action": "p2 pass"})
    assert ahead.status_code == 409 and ahead.json()["version"] == revealed.json()["version"]


@pytest.mark.parametrize("seed", [2, 9])
def test_campers_moves_by_text_or_json(client: TestClient, seed: int) -> None:
    """UC-6, UC-32: a Campers move is taken as its text or its JSON (``dumps``); a move
    out of turn answers 422 with the reason; a second answer to the same version 409."""
    made = create(client, "campers", ["human"] * 3, seed=seed)
    first = uc.new_game(3, seed, uc.Config(rounds=1, ask_everyone=True))
    turn = min(first.actors)
    idle = (turn + 1) % 3
    late = _post(client, made, idle, {"version": 0, "action": f"p{idle} draw 1"})
    assert late.status_code == 422 and late.json()["reason"]
    draw = json.loads(uc.dumps(uc.Draw(turn, 2)))
    drawn = _post(client, made, turn, {"version": 0, "action": draw})
    assert drawn.status_code == 200 and len(drawn.json()["view"]["hand"]) == 9
    again = _post(client, made, turn, {"version": 0, "action": f"p{turn} draw 1"})
    assert again.status_code == 409 and again.json()["version"] == drawn.json()["version"]


@pytest.mark.parametrize("body", [
    b"{", b"", b"null", {"version": 0}, {"action": "p0 reveal"},
    {"version": 0, "action": "p0 reveal", "more": 1}, {"version": True, "action": "p0 reveal"},
    {"version": "0", "action": "p0 reveal"}, {"version": 0, "action": "p0 fly away"},
    {"version": 0, "action": 12}, {"version": 0, "action": {"type": "Teleport", "player": 0}},
    {"version": 0, "action": {"type": "Reveal", "player": True}},
])
def test_a_malformed_move_answers_400(client: TestClient, body: object) -> None:
    """A body that is no JSON, no ``{"version", "action"}``, a bool or text for the
    version, or an action that does not parse: 400, and the game is untouched."""
    made = create(client, "karibou", ["human"] * 3, seed=5)
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    answer = client.post(f"/api/games/{made['id']}/actions", content=content,
                         headers=bearer(made["seats"][0]["token"]))
    assert answer.status_code == 400 and answer.json()["error"]
    offer = client.get(f"/api/games/{made['id']}/offer",
                       headers=bearer(made["seats"][0]["token"])).json()
    assert offer == kc.new_game(3, 5).offer(0)


def test_a_campers_build_step_answers_400(client: TestClient) -> None:
    """UC-7: the server takes whole moves; a build step is refused as unreadable."""
    made = create(client, "campers", ["human"] * 2, seed=4)
    turn = min(uc.new_game(2, 4).actors)
    step = _post(client, made, turn, {"version": 0, "action": f"p{turn} start claim c01"})
    assert step.status_code == 400 and "build step" in step.json()["error"]


def test_a_body_too_large_answers_413() -> None:
    """Request bodies are size-limited: over the limit, declared or streamed, 413."""
    with TestClient(create_app(limits=Limits(body=200))) as client:
        big = {"game": "campers", "players": 2, "seats": ["human"] * 2, "pad": "x" * 300}
        assert client.post("/api/games", json=big).status_code == 413

        def chunks() -> Iterator[bytes]:
            yield b"[" + b"1," * 150 + b"1]"

        assert client.post("/api/games", content=chunks()).status_code == 413
        assert client.post("/api/games", json={"game": "x"}).status_code == 400


def test_too_many_requests_answer_429() -> None:
    """The rate limit per token (and per connection without one): past the burst, 429;
    another seat is not slowed down."""
    with TestClient(create_app(limits=Limits(rate=0.001, burst=5))) as client:
        made = create(client, "karibou", ["human"] * 3, seed=5)
        url = f"/api/games/{made['id']}/offer"
        one, two = (bearer(made["seats"][seat]["token"]) for seat in (0, 1))
        codes = [client.get(url, headers=one).status_code for _ in range(8)]
        assert codes.count(200) == 5 and codes.count(429) == 3
        assert client.get(url, headers=two).status_code == 200
        creates = [client.post("/api/games", json={}).status_code for _ in range(8)]
        assert 429 in creates


def _log(module: Any, start: Any, moves: list[Any], seat: int) -> list[list[Any]]:
    """What the seat's record log should hold: its events, one entry per move that told
    it something."""
    entries, state = [], start
    for action in moves:
        after = state.apply(action)
        events = [json.loads(module.dumps(e))
                  for e in module.seat_events(state, action, after, seat)]
        if events:
            entries.append(events)
        state = after
    return entries


@pytest.mark.parametrize("seed", [1, 6])
def test_the_record_is_redacted_while_the_game_runs(client: TestClient, seed: int) -> None:
    """UC-23, UC-6: while the game runs a seat's record holds no seed (it would tell the
    deal) and only its own events (seat_events): another seat's drawn cards never."""
    made = create(client, "campers", ["human"] * 3, seed=seed)
    state = uc.new_game(3, seed, uc.Config(rounds=1, ask_everyone=True))
    moves = []
    rng = random.Random(seed)
    for _ in range(12):
        turn = min(state.actors)
        action = rng.choice(state.legal_actions(turn))
        assert _post(client, made, turn, {"version": state.version,
                                          "action": str(action)}).status_code == 200
        state = state.apply(action)
        moves.append(action)
    start = uc.new_game(3, seed, uc.Config(rounds=1, ask_everyone=True))
    for seat in range(3):
        record = client.get(f"/api/games/{made['id']}/record",
                            headers=bearer(made["seats"][seat]["token"])).json()
        assert "seed" not in json.dumps(record) and record["over"] is False
        assert record["log"] == _log(uc, start, moves, seat)
        hands = [event for entry in record["log"] for event in entry if event["kind"] == "hand"]
        assert hands and all(event["player"] == seat for event in hands)


@pytest.mark.parametrize("game, seats, seed", [
    ("campers", ["human", "bot:heuristic", "bot:random"], 3),
    ("karibou", ["bot:heuristic", "human", "bot:heuristic", "bot:heuristic"], 8),
])
def test_a_whole_game_against_bots_through_http(
        client: TestClient, game: str, seats: list[str], seed: int) -> None:
    """A whole game of each game, one seat played over HTTP against the server's bots;
    then the whole record, which replays (``loads_record``) to the game's end, holds every
    move the seat had acknowledged."""
    made = create(client, game, seats, seed=seed)
    seat = seats.index("human")
    token = made["seats"][seat]["token"]
    acked: list[str] = []
    final = play_seats(client, made["id"], [token], random.Random(seed), acked)
    assert acked
    record = client.get(f"/api/games/{made['id']}/record", headers=bearer(token)).json()
    module = uc if game == "campers" else kc
    replayed = module.replay(module.loads_record(json.dumps(record)))
    assert replayed.is_over and replayed.offer(seat) == final
    assert record["record"]["seed"] == seed
    mine = [move for move in record["record"]["moves"] if move.startswith(f"p{seat} ")]
    assert [move.split(" seen by")[0] for move in mine] == acked


def test_a_game_takes_no_more_moves_than_a_record_holds(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game stops at the package's ``MAX_MOVES`` (its record must still load to be
    hosted again): the next move answers 422 and the game is left as it was."""
    monkeypatch.setattr(kc, "MAX_MOVES", 2)
    made = create(client, "karibou", ["human"] * 3, seed=5)
    assert _post(client, made, 0, {"version": 0, "action": "p0 reveal"}).status_code == 200
    assert _post(client, made, 1, {"version": 1, "action": "p1 pass"}).status_code == 200
    refused = _post(client, made, 2, {"version": 1, "action": "p2 pass"})
    assert refused.status_code == 422 and "MAX_MOVES" in refused.json()["error"]
    record = client.get(f"/api/games/{made['id']}/record",
                        headers=bearer(made["seats"][2]["token"])).json()
    assert len(record["log"]) == 2


@pytest.fixture(scope="module")
def shared() -> Iterator[tuple[TestClient, dict[str, Any]]]:
    with TestClient(create_app(limits=FAST)) as client:
        yield client, create(client, "campers", ["human", "bot:heuristic"], seed=3)


JSONS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["game", "players", "seats", "seed", "rounds", "version", "action",
                         "type", "player", "x"]), inner, max_size=5),
    max_leaves=12)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=JSONS | st.binary(max_size=40).map(lambda raw: {"raw": raw.hex()}),
       nested=st.integers(0, 20_000))
def test_no_body_makes_a_500(shared: tuple[TestClient, dict[str, Any]], body: object,
                             nested: int) -> None:
    """Whatever a client sends (any JSON, raw bytes, arrays nested past Python's recursion
    limit), the server answers with a code it documents, never 500."""
    client, made = shared
    deep = (b"[" * nested + b"]" * nested)[:16_000]
    for content in (json.dumps(body).encode(), deep, bytes.fromhex(body["raw"])
                    if isinstance(body, dict) and set(body) == {"raw"} else b"{"):
        answers = [client.post("/api/games", content=content).status_code,
                   client.post(f"/api/games/{made['id']}/actions", content=content,
                               headers=bearer(made["seats"][0]["token"])).status_code]
        assert set(answers) <= {200, 201, 400, 403, 409, 413, 422}, (content[:80], answers)


def test_the_pages_are_served_without_leaking_their_url(client: TestClient) -> None:
    """The lobby and a seat's page are HTML from the package; a seat's page, whose URL
    holds its token, is neither sent as a referrer nor cached."""
    made = create(client, "karibou", ["human", "bot:heuristic", "bot:heuristic"], seed=1)
    for url in ("/", made["seats"][0]["url"]):
        page = client.get(url)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert page.headers["referrer-policy"] == "no-referrer"
        assert page.headers["cache-control"] == "no-store"
