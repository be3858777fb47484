"""``GET /api/games/{id}/picture`` (issue 31): the table a seat's page shows, ``to_svg`` of
that seat's view and nothing more (UC-23, KC-12), behind the seat's token."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from camp_server import create_app
from tests.server.wire import MODULES, bearer, create, view_of


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as client:
        yield client


@pytest.mark.parametrize("game, players, seed", [("campers", 2, 3), ("campers", 4, 8),
                                                 ("karibou", 3, 5), ("karibou", 6, 1)])
def test_the_picture_is_the_seats_view_drawn(client: TestClient, game: str, players: int,
                                             seed: int) -> None:
    """UC-23, KC-12: each seat's picture is ``to_svg`` of the view in its own offer, before
    and after moves, so it shows that seat's hand and only the backs of the others'."""
    made = create(client, game, ["human"] * players, seed)
    rng = random.Random(seed)
    for _ in range(4):
        pictures = set()
        for seat in made["seats"]:
            headers = bearer(seat["token"])
            offer = client.get(f"/api/games/{made['id']}/offer", headers=headers).json()
            answer = client.get(f"/api/games/{made['id']}/picture", headers=headers)
            assert answer.status_code == 200
            assert answer.headers["content-type"].startswith("image/svg+xml")
            assert answer.text == MODULES[game].to_svg(view_of(offer))
            pictures.add(answer.text)
        assert len(pictures) == players  # each seat sees its own hand
        movers = [seat for seat in made["seats"] if client.get(
            f"/api/games/{made['id']}/offer", headers=bearer(seat["token"])).json()["legal"]]
        seat = rng.choice(movers)
        offer = client.get(f"/api/games/{made['id']}/offer",
                           headers=bearer(seat["token"])).json()
        move = rng.choice(offer["legal"])["text"]
        answer = client.post(f"/api/games/{made['id']}/actions", headers=bearer(seat["token"]),
                             json={"version": offer["version"], "action": move})
        assert answer.status_code == 200


@pytest.mark.parametrize("headers, status", [({}, 401),
                                             ({"Authorization": "Bearer nobody"}, 403)])
def test_the_picture_needs_the_seats_token(client: TestClient, headers: dict[str, str],
                                           status: int) -> None:
    """Issue 31: no token answers 401, a wrong one 403, an unknown game 404; never a
    picture."""
    made = create(client, "karibou", ["human", "bot:random", "bot:heuristic"], seed=2)
    answer = client.get(f"/api/games/{made['id']}/picture", headers=headers)
    assert answer.status_code == status and "error" in answer.json()
    token = made["seats"][0]["token"]
    assert client.get("/api/games/nosuchgame/picture",
                      headers=bearer(token)).status_code == 404
