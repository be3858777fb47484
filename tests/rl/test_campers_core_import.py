"""campers_rules needs none of the ``rl`` extra's packages (issue 14)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_BLOCKED = textwrap.dedent(
    """
    import sys

    BLOCKED = {"pettingzoo", "gymnasium", "numpy", "pyspiel", "open_spiel"}

    class Refuse:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ModuleNotFoundError(f"blocked: {name}", name=name)
            return None

    sys.meta_path.insert(0, Refuse())
    """
)


def test_campers_rules_plays_without_the_rl_packages() -> None:
    """UC-2: with pettingzoo, gymnasium, numpy and pyspiel refused, campers_rules imports
    and plays a game over its ids; only its rl modules need them."""
    code = textwrap.dedent(
        """
        import random
        import campers_rules as uc
        state = uc.new_game(3, 1, uc.Config(rounds=1, turn_cap=20))
        rng = random.Random(1)
        while not state.is_over:
            seat = min(state.actors)
            state = state.apply_action_id(seat, rng.choice(state.legal_action_ids(seat)))
        assert not {"numpy", "pettingzoo", "pyspiel"} & set(sys.modules)
        for module in ("pettingzoo", "openspiel"):
            try:
                __import__(f"campers_rules.{module}")
            except ModuleNotFoundError as error:
                print("refused", error.name)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", _BLOCKED + code], cwd=ROOT,
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["refused", "numpy", "refused", "numpy"]
