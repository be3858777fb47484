"""Golden listings: the hashed legal-action lists of seeded games, kept in
``tests/campers/data/listings.json`` (issue 12: the redesign keeps the listings the rulings
issue left, UC-6..UC-31).

Each game is random legal play from ``new_game(players, seed, CONFIG)``: at every state each
seat in ``actors`` (in order) lists its legal actions; ``random.Random(seed)`` picks the
seat that moves, then its action. Per game the file keeps three sha256 hashes: of every
state's listing (``str`` of each listed action, in order, per actor), of the ids
``legal_action_ids`` gives every actor, and of ``dumps`` of every state. The id games play
``legal_action_ids`` instead, compound actions built step by step (UC-7).

Checked against history: the object games, replayed at the rulings issue's last merge
(41b0eca, UC-27..UC-31; it has no id path) and compared step by step, list the same
actions at every one of their 5,000 steps (the same classes with the same fields); only
their text differs, which names campsites ``c01`` .. ``c15`` since issue 10 (b4c86d3), and
the states differ only in ``State.version`` (added by issue 10; one Bear Spray window's
declines share one version since 73e41b0, UC-32). From 73e41b0 on, the hashes are the
file's.

The file changes only with a documented rules change (a ruling stated in ``docs`` and in
``docs/RULINGS.md``): then regenerate it with
``python -m tests.campers.test_listings_golden``, name the ruling in the commit and say
which games moved.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

import campers_rules as uc

DATA = Path(__file__).parent / "data" / "listings.json"
CONFIG = uc.Config(rounds=3, turn_cap=120)
STEPS = 500
OBJECT_GAMES = [(2, 1), (2, 7), (3, 2), (3, 8), (4, 3), (4, 42), (5, 4), (5, 9), (6, 5), (6, 10)]
ID_GAMES = [(3, 11), (5, 12)]


def _name(players: int, seed: int, path: str) -> str:
    return f"{path}-{players}p-seed{seed}"


def play(players: int, seed: int, path: str = "objects", steps: int = STEPS) -> dict[str, str]:
    """The hashes of a seeded game's listings, ids and states (``path`` is ``"objects"``
    or ``"ids"``: which listing the random player picks from)."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed, CONFIG)
    actions, ids, states = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    for _ in range(steps):
        states.update(uc.dumps(state).encode() + b"\n")
        if state.is_over:
            break
        listed: dict[int, tuple[list[uc.Action], list[int]]] = {}
        for seat in sorted(state.actors):
            legal, legal_ids = state.legal_actions(seat), state.legal_action_ids(seat)
            listed[seat] = legal, legal_ids
            actions.update(f"{seat}:{'|'.join(map(str, legal))}\n".encode())
            ids.update(f"{seat}:{','.join(map(str, legal_ids))}\n".encode())
        player = sorted(listed)[rng.randrange(len(listed))]
        legal, legal_ids = listed[player]
        if path == "ids":
            state = state.apply_action_id(player, legal_ids[rng.randrange(len(legal_ids))])
        else:
            state = state.apply(legal[rng.randrange(len(legal))])
    return {"actions": actions.hexdigest(), "ids": ids.hexdigest(),
            "states": states.hexdigest()}


def generate() -> dict[str, dict[str, str]]:
    """Every golden game's hashes, by name."""
    games = [(p, s, "objects") for p, s in OBJECT_GAMES] + [(p, s, "ids") for p, s in ID_GAMES]
    return {_name(p, s, path): play(p, s, path) for p, s, path in games}


def _golden() -> dict[str, dict[str, str]]:
    data: dict[str, dict[str, str]] = json.loads(DATA.read_text())
    return data


@pytest.mark.parametrize(("players", "seed"), OBJECT_GAMES)
def test_object_listings_are_golden(players: int, seed: int) -> None:
    """UC-6..UC-31: every actor's listed actions and ids, and every state's JSON, along a
    seeded random game through the object API hash as in the golden file."""
    assert play(players, seed) == _golden()[_name(players, seed, "objects")]


@pytest.mark.parametrize(("players", "seed"), ID_GAMES)
def test_id_listings_are_golden(players: int, seed: int) -> None:
    """UC-7: the same along seeded random games played by ids, compound actions built
    step by step (the listing of a build in progress included)."""
    assert play(players, seed, "ids") == _golden()[_name(players, seed, "ids")]


def test_the_golden_file_holds_exactly_these_games() -> None:
    """The file names every game played above, and no other."""
    names = {_name(p, s, "objects") for p, s in OBJECT_GAMES}
    assert set(_golden()) == names | {_name(p, s, "ids") for p, s in ID_GAMES}


if __name__ == "__main__":
    DATA.write_text(json.dumps(generate(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {DATA}")
