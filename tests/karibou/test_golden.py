"""Golden counts, like chess perft files: fixed seeded positions with the exact number
of legal actions per seat and a digest of the state, kept in ``golden.json``.

A change that alters move generation, dealing or the chance stream shows up here; so
would a platform on which the same seed and actions gave other deals. Regenerate the
file with ``python -m tests.karibou.test_golden`` only for an intended change.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import karibou_rules as kc
from tests.karibou.strategies import long_round_play

GOLDEN = Path(__file__).with_name("golden.json")
CASES = [(players, seed, steps) for players in range(3, 8) for seed in (0, 1) for steps in (0, 45)]


def measure(players: int, seed: int, steps: int) -> dict[str, Any]:
    """The legal-action counts per seat and the state digest after seeded play."""
    state = long_round_play(players, seed, steps)
    return {
        "case": [players, seed, steps],
        "counts": [len(state.legal_actions(seat)) for seat in range(players)],
        "sha256": hashlib.sha256(kc.dumps(state).encode()).hexdigest(),
    }


@pytest.mark.parametrize(("players", "seed", "steps"), CASES)
def test_golden_counts(players: int, seed: int, steps: int) -> None:
    """KC-3..KC-8, KC-13: the stored action counts and state digests still hold."""
    golden = {tuple(entry["case"]): entry for entry in json.loads(GOLDEN.read_text())}
    assert measure(players, seed, steps) == golden[(players, seed, steps)]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps([measure(*case) for case in CASES], indent=1) + "\n")
