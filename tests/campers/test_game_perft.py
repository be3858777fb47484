"""Golden move-generation counts ("perft"): fixed seeded games with the exact number of
legal actions at every step, kept in ``tests/campers/data/perft.json``.

A change that alters move generation changes a count here. After an intended change,
regenerate the file with ``python -m tests.campers.test_game_perft`` and review the diff.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

import campers_rules as uc

DATA = Path(__file__).parent / "data" / "perft.json"
GAMES = [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (4, 42)]
STEPS = 120
CONFIG = uc.Config(rounds=2, turn_cap=40)


def counts(players: int, seed: int, steps: int = STEPS) -> list[list[int]]:
    """``[actor, number of legal actions]`` at each step of a seeded random game."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed, CONFIG)
    out = []
    for _ in range(steps):
        if state.is_over:
            break
        actor = min(state.actors)
        legal = state.legal_actions(actor)
        out.append([actor, len(legal)])
        state = state.apply(legal[rng.randrange(len(legal))])
    return out


def _golden() -> dict[str, list[list[int]]]:
    data: dict[str, list[list[int]]] = json.loads(DATA.read_text())
    return data


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_perft(players: int, seed: int) -> None:
    """The number of legal actions at every step matches the golden file."""
    assert counts(players, seed) == _golden()[f"{players}p-seed{seed}"]


def test_opening_counts() -> None:
    """The opening: the first player may draw 1, draw 2 or take the discard top (UC-6)."""
    state = uc.new_game(4, seed=3)
    assert [str(a) for a in state.legal_actions(1)] == ["p1 draw 1", "p1 draw 2", "p1 take"]


def test_rich_position_counts() -> None:
    """A mid-round position with every kind of move: the exact count of each kind (the new
    groups only of the kinds each campsite's faces name, UC-30)."""
    g = uc.Group.parse
    table = [
        [(2, [g("RUN B4 Y5 W=R6 B7")]), (4, [g("SET B9 Y9 R9")])],
        [(5, [g("RUN G2 G3 G4 G5 G6")])],
        [(1, [g("SET B11 Y11 R11"), g("SET B12 Y12 R12")])],
    ]
    hand = "G8 G9 R6 B2 W G7 B8 BearAttack GoFishing TrashPanda Roasted"
    state = uc.from_position([hand, "G10 G11", "Y2 Y3"], phase=uc.Phase.PLAY, table=table,
                             campground=[0, 3, 6, 7], discard="R2 R3 R4")
    kinds = Counter(type(a).__name__ for a in state.legal_actions(0))
    assert kinds == {
        "Claim": 16, "AddCard": 15, "AddGroup": 16, "Squat": 13, "SwapWild": 1,
        "BearAttack": 8, "GoFishing": 144, "Roasted": 2, "TrashPanda": 3, "Discard": 11,
    }


if __name__ == "__main__":
    golden = {f"{p}p-seed{s}": counts(p, s) for p, s in GAMES}
    DATA.write_text(json.dumps(golden, separators=(",", ":")) + "\n")
    print(f"wrote {DATA}")
