"""The seat's WebSocket (issue 31): its offer and events pushed on every change it may
see, moves taken with the same answers as HTTP, and every bad socket or message closed
with a reason, never a crash."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import karibou_rules as kc
from camp_server import Limits, create_app
from camp_server._table import QUEUE, Listener
from tests.server.wire import bearer, create


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(limits=Limits(message=300, rate=0.001, burst=40))) as client:
        yield client


def _socket(made: dict[str, Any], seat: int) -> str:
    return f"/ws/games/{made['id']}?token={made['seats'][seat]['token']}"


@pytest.mark.parametrize("seed", [2, 13])
def test_a_seat_is_greeted_with_its_offer_and_told_each_change(
        client: TestClient, seed: int) -> None:
    """KC-13, KC-14: a seat's socket opens with its offer; another seat's move pushes the
    new offer and the seat's events (``seat_events``), equal to the package's."""
    made = create(client, "karibou", ["human"] * 4, seed=seed)
    start = kc.new_game(4, seed)
    with client.websocket_connect(_socket(made, 0)) as socket:
        assert socket.receive_json() == {"offer": start.offer(0), "events": []}
        answer = client.post(f"/api/games/{made['id']}/actions",
                             headers=bearer(made["seats"][2]["token"]),
                             json={"version": 0, "action": "p2 reveal"})
        assert answer.status_code == 200
        after = start.apply(kc.Reveal(2))
        pushed = socket.receive_json()
        assert pushed["offer"] == after.offer(0)
        assert pushed["events"] == [json.loads(kc.dumps(event)) for event in
                                    kc.seat_events(start, kc.Reveal(2), after, 0)]


def test_moves_over_the_socket_get_the_http_answers(client: TestClient) -> None:
    """A move sent on the socket is answered as over HTTP (200 with the offer, 409 stale
    naming the version, KC-17; 422 illegal with its ruling, KC-14; 400 unreadable; 403
    another seat's move), after the push it caused."""
    made = create(client, "karibou", ["human"] * 3, seed=4)
    with client.websocket_connect(_socket(made, 1)) as socket:
        socket.receive_json()
        socket.send_json({"version": 0, "action": "p1 pass"})
        assert socket.receive_json()["reply"]["ruling"] == "KC-14"
        socket.send_json({"version": 0, "action": "p1 reveal"})
        pushed = socket.receive_json()
        reply = socket.receive_json()["reply"]
        assert pushed["events"] and reply["status"] == 200
        assert reply["offer"] == pushed["offer"]
        socket.send_json({"version": 0, "action": "p1 pass"})
        stale = socket.receive_json()["reply"]
        assert stale["status"] == 409 and stale["version"] == reply["offer"]["version"]
        socket.send_json({"action": "p1 pass"})
        assert socket.receive_json()["reply"]["status"] == 400
        socket.send_json({"version": 1, "action": "p0 pass"})
        assert socket.receive_json()["reply"]["status"] == 403


def _closed(socket: Any) -> WebSocketDisconnect:
    with pytest.raises(WebSocketDisconnect) as closed:
        for _ in range(5):
            socket.receive_json()
    return closed.value


@pytest.mark.parametrize("path, code", [
    ("/ws/games/{id}", 4401), ("/ws/games/{id}?token=wrong", 4403),
    ("/ws/games/nosuchgame?token=x", 4404),
])
def test_a_socket_without_a_seat_is_closed_with_a_reason(
        client: TestClient, path: str, code: int) -> None:
    """No token, a wrong token, an unknown game: closed with its code and a reason."""
    made = create(client, "karibou", ["human"] * 3, seed=4)
    with client.websocket_connect(path.format(id=made["id"])) as socket:
        closed = _closed(socket)
    assert closed.code == code and closed.reason


@pytest.mark.parametrize("message, code", [
    ("{not json", 1007), ("x" * 400, 1009), (b"\x00\x01", 1003), ("é" * 160, 1009),
])
def test_a_bad_message_closes_the_socket_with_a_reason(
        client: TestClient, message: str | bytes, code: int) -> None:
    """A message that is not JSON (1007), larger than the limit in bytes (1009) or binary
    (1003) closes the socket with a reason; the server goes on serving the game."""
    made = create(client, "karibou", ["human"] * 3, seed=4)
    with client.websocket_connect(_socket(made, 0)) as socket:
        socket.receive_json()
        if isinstance(message, bytes):
            socket.send_bytes(message)
        else:
            socket.send_text(message)
        closed = _closed(socket)
    assert closed.code == code and closed.reason
    offer = client.get(f"/api/games/{made['id']}/offer", headers=bearer(made["seats"][0]["token"]))
    assert offer.status_code == 200


def test_too_many_messages_close_the_socket(client: TestClient) -> None:
    """The rate limit per connection: past the burst, the socket is closed (1008)."""
    made = create(client, "karibou", ["human"] * 3, seed=4)
    with client.websocket_connect(_socket(made, 0)) as socket:
        socket.receive_json()
        replies = 0
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(100):
                socket.send_json({"version": 0})
                socket.receive_json()
                replies += 1
    assert closed.value.code == 1008 and replies == 40


def test_a_listener_too_far_behind_is_dropped() -> None:
    """A client that reads nothing while its messages pile up (``QUEUE`` of them) is
    dropped, so that one slow socket never holds the server's memory; its socket is then
    closed with 1013 and the client reconnects for its offer."""
    listener = Listener(0)
    dropped = []
    for number in range(QUEUE + 1):
        listener.send({"n": number})
        dropped.append(listener.dropped)
    assert dropped == [False] * QUEUE + [True] and listener.queue.qsize() == QUEUE
