"""The twin-state hidden-information harness through the wire (issue 31, UC-23, UC-14,
UC-18, KC-12, KC-7): two hosted games whose states differ only in what seat k cannot see,
and the same move sent to both, give seat k byte-identical pushes (offer and events), the
same offer over HTTP and the same record."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

import campers_rules as uc
import karibou_rules as kc
from camp_server import MemoryStorage, StoredGame, create_app, token_hash
from tests.campers.game_strategies import random_walk
from tests.karibou.strategies import hidden_variant, long_round_play
from tests.server.wire import bearer
from tests.test_seat_events import _campers_hidden_variant

PER_POSITION = 4
"""Moves tried per position (each hosts two games afresh)."""


def _host(module: Any, state: Any) -> tuple[TestClient, list[str]]:
    """A server hosting ``state`` as game ``g`` with a human at every seat."""
    tokens = [f"token-{seat}" for seat in range(state.num_players)]
    storage = MemoryStorage()
    storage.create(StoredGame("g", "campers" if module is uc else "karibou",
                              state.num_players, None, None, ("human",) * state.num_players,
                              tuple(map(token_hash, tokens)), module.dumps(state),
                              format=module.FORMAT))
    return TestClient(create_app(storage)), tokens


def _seen(client: TestClient, tokens: list[str], viewer: int, action: Any,
          version: int) -> list[str]:
    """Everything ``viewer`` receives when ``action`` is sent: its socket's pushes, its
    offer and its record, as JSON text."""
    with client.websocket_connect(f"/ws/games/g?token={tokens[viewer]}") as socket:
        got = [json.dumps(socket.receive_json())]
        answer = client.post("/api/games/g/actions", headers=bearer(tokens[action.player]),
                             json={"version": version, "action": str(action)})
        assert answer.status_code == 200, answer.json()
        socket.send_json({})  # its reply comes after every push the move caused
        while "reply" not in (message := socket.receive_json()):
            got.append(json.dumps(message))
    for path in ("offer", "record"):
        got.append(client.get(f"/api/games/g/{path}", headers=bearer(tokens[viewer])).text)
    return got


def _check_twins_over_the_wire(module: Any, one: Any, other: Any, viewer: int,
                               rng: random.Random) -> int:
    """Send the twins the same moves, each legal in both and bringing the viewer the same
    view (the harness of tests/test_seat_events.py); returns how many were compared."""
    compared = 0
    actions = [action for actor in sorted(one.actors & other.actors)
               for action in one.legal_actions(actor)
               if other.is_legal(action) and one.apply(action).view(viewer)
               == other.apply(action).view(viewer)]
    for action in rng.sample(actions, min(PER_POSITION, len(actions))):
        seen = []
        for state in (one, other):
            client, tokens = _host(module, state)
            with client:
                seen.append(_seen(client, tokens, viewer, action, state.version))
        assert seen[0] == seen[1], action
        compared += 1
    return compared


@pytest.mark.parametrize("players, seed, steps", [(3, 5, 40), (4, 8, 90), (2, 21, 15)])
def test_uc23_campers_twins_look_alike_through_the_wire(
        players: int, seed: int, steps: int) -> None:
    """UC-23, UC-14, UC-18: other hands and the campsite pile never reach a seat."""
    rng = random.Random(seed)
    state = random_walk(players, seed, steps)[-1]
    for viewer in range(players):
        twin = _campers_hidden_variant(state, viewer, rng)
        assert _check_twins_over_the_wire(uc, state, twin, viewer, rng) > 0


@pytest.mark.parametrize("players, seed, steps", [(4, 3, 25), (5, 17, 50), (3, 9, 8)])
def test_kc12_karibou_twins_look_alike_through_the_wire(
        players: int, seed: int, steps: int) -> None:
    """KC-12, KC-7: other hands, the pile, unnoticed signs and who else noticed one never
    reach a seat, whoever notices the server's draws of a new sign (KC-19)."""
    rng = random.Random(seed)
    state = long_round_play(players, seed, steps)
    for viewer in (0, players - 1):
        twin = hidden_variant(state, viewer, rng)
        assert _check_twins_over_the_wire(kc, state, twin, viewer, rng) > 0
