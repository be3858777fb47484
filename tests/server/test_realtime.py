"""Karibou Camp in real time with several people (issue 31, KC-13, KC-17, KC-7, KC-19),
and bots that wait ``--bot-delay`` before each move."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

import karibou_rules as kc
from camp_server import create_app
from tests.server.test_api import FAST
from tests.server.wire import bearer, create, play_seats


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(limits=FAST)) as client:
        yield client


def _post(client: TestClient, made: dict[str, Any], seat: int, version: int,
          action: str) -> Any:
    return client.post(f"/api/games/{made['id']}/actions", json={
        "version": version, "action": action}, headers=bearer(made["seats"][seat]["token"]))


@pytest.mark.parametrize("seed", [1, 4, 10])
def test_two_exchanges_against_one_version_both_apply(client: TestClient, seed: int) -> None:
    """KC-17, KC-13: within one period the order of arrival decides; two people who saw
    the same version both exchange, each taking another center card."""
    made = create(client, "karibou", ["human"] * 4, seed=seed)
    state = kc.new_game(4, seed).apply(kc.Reveal(0))
    assert _post(client, made, 0, 0, "p0 reveal").status_code == 200
    first = next(a for a in state.legal_actions(1) if isinstance(a, kc.Exchange))
    after = state.apply(first)
    second = next(a for a in state.legal_actions(2) if isinstance(a, kc.Exchange)
                  and after.is_legal(a))
    assert _post(client, made, 1, state.version, str(first)).status_code == 200
    answer = _post(client, made, 2, state.version, str(second))
    assert answer.status_code == 200
    assert answer.json() == after.apply(second).offer(2)


@pytest.mark.parametrize("seed", [2, 7])
def test_who_notices_a_persons_sign_is_drawn_by_the_server(client: TestClient,
                                                           seed: int) -> None:
    """KC-19, KC-7: the signer has no say in who notices. Signs sent as "seen by
    everyone" or "seen by nobody" reach the other seats as the server's noticing draws
    fall: the teammate notices more of them than an opponent, and not all of them."""
    made = create(client, "karibou", ["human"] * 5, seed=seed)
    version = 0
    for number in range(40):
        claimed = "seen by p1,p2,p3,p4" if number % 2 else "seen by nobody"
        answer = _post(client, made, 0, version, f"p0 sign Elk {claimed}")
        assert answer.status_code == 200
        version = answer.json()["version"]
    noticed = Counter[int]()
    for seat in range(1, 5):
        record = client.get(f"/api/games/{made['id']}/record",
                            headers=bearer(made["seats"][seat]["token"])).json()
        noticed[seat] = sum(event["kind"] == "move" for entry in record["log"]
                            for event in entry)
    teams = kc.new_game(5, seed).teams
    mate = next(seat for seat in range(1, 5) if teams[seat] is teams[0])
    assert 0 < noticed[mate] < 40
    assert all(noticed[seat] < noticed[mate] for seat in range(1, 5) if seat != mate)


@pytest.mark.parametrize("game, seats", [("campers", ["bot:heuristic", "human"]),
                                         ("karibou", ["human", "bot:heuristic", "human"])])
def test_bots_act_after_the_bot_delay(game: str, seats: list[str]) -> None:
    """``--bot-delay``: bots that pause before each move still play their part."""
    with TestClient(create_app(bot_delay=0.01, limits=FAST)) as client:
        made = create(client, game, seats, seed=6)
        tokens = [seat["token"] for seat in made["seats"] if seat["token"]]
        acked: list[str] = []
        play_seats(client, made["id"], tokens, random.Random(6), acked, moves=6)
        record = client.get(f"/api/games/{made['id']}/record",
                            headers=bearer(tokens[0])).json()
        bot = seats.index("bot:heuristic")
        assert any(event["player"] == bot for entry in record["log"] for event in entry)
        assert len(acked) >= 6
