"""Helpers of the server's tests: a game made over HTTP, a seat's headers, and a client
that plays a seat through the wire with the package's heuristic bot on the seat's view."""

from __future__ import annotations

import json
import random
import time
from typing import Any, Protocol

import campers_rules as uc
import karibou_rules as kc

MODULES: dict[str, Any] = {"campers": uc, "karibou": kc}
POLLS = 500
"""The most times a test asks for an offer while it waits for the bots (bounded: a
stuck server fails the test instead of hanging it)."""


class Client(Protocol):
    """What the tests ask of an HTTP client (Starlette's TestClient, httpx.Client)."""

    def get(self, url: str, *, headers: dict[str, str] = ...) -> Any: ...
    def post(self, url: str, *, json: Any = ..., headers: dict[str, str] = ...,
             content: bytes = ...) -> Any: ...


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: Client, game: str, seats: list[str], seed: int) -> dict[str, Any]:
    """A new game (201), its answer's JSON; an Unhappy Campers game of one round."""
    body: dict[str, Any] = {"game": game, "players": len(seats), "seats": seats, "seed": seed}
    if game == "campers":
        body["rounds"] = 1
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.json()
    made: dict[str, Any] = answer.json()
    return made


def view_of(offer: dict[str, Any]) -> Any:
    """The offer's view, read back by the package (``loads_view``)."""
    module = MODULES[offer["game"]]
    return module.loads_view(json.dumps({"format": offer["format"], "view": offer["view"]}))


def choose(offer: dict[str, Any], bot: Any, rng: random.Random) -> str | None:
    """The move a heuristic bot makes on the offer's view (its text), or ``None``."""
    view = view_of(offer)
    legal = view.legal_actions()
    if not legal:
        return None
    action = bot.choose(view, legal, rng)
    return None if action is None else str(action)


def patient(ask: Any) -> Any:
    """The answer of ``ask()``, asked again (a bounded number of times) while the server
    says 429: a test client plays faster than a person."""
    for _ in range(POLLS):
        answer = ask()
        if answer.status_code != 429:
            return answer
        time.sleep(0.05)
    raise AssertionError("the server kept answering 429")


def play_seats(client: Client, game_id: str, tokens: list[str], rng: random.Random,
               acked: list[str] | None = None, moves: int | None = None) -> dict[str, Any]:
    """Play the seats of these tokens, in turn, with the heuristic bot on each one's offer,
    until the game is over (or once ``moves`` moves in all are made: the round of seats
    under way ends first); every move acknowledged
    (200) is added to ``acked``. Returns the last offer of the first seat."""
    url = f"/api/games/{game_id}"

    def offer_of(token: str) -> dict[str, Any]:
        answer = patient(lambda: client.get(url + "/offer", headers=bearer(token)))
        assert answer.status_code == 200, answer.json()
        got: dict[str, Any] = answer.json()
        return got

    game = offer_of(tokens[0])["game"]
    bots = [MODULES[game].HeuristicBot() for _ in tokens]
    idle = played = 0
    while moves is None or played < moves:
        moved = False
        for token, bot in zip(tokens, bots, strict=True):
            offer = offer_of(token)
            if view_of(offer).is_over:
                return offer_of(tokens[0])
            move = choose(offer, bot, rng)
            if move is None:
                continue
            sent = {"version": offer["version"], "action": move}
            answer = patient(lambda sent=sent, token=token: client.post(
                url + "/actions", headers=bearer(token), json=sent))
            assert answer.status_code in (200, 409, 422), answer.json()
            if answer.status_code == 200:  # else the bots moved first
                moved, played = True, played + 1
                if acked is not None:
                    acked.append(move)
        idle = 0 if moved else idle + 1
        assert idle < POLLS, "the game does not move on"
        if not moved:
            time.sleep(0.002)
    return offer_of(tokens[0])
