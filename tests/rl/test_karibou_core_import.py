"""The core package needs none of the ``rl`` extra's packages (issue 14)."""

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


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _BLOCKED + textwrap.dedent(code)], cwd=ROOT,
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def test_karibou_rules_plays_without_the_rl_packages_kc_13() -> None:
    """KC-13: with pettingzoo, gymnasium, numpy and pyspiel refused, karibou_rules
    imports and plays a game; only its rl modules need them."""
    result = _run(
        """
        import karibou_rules as kc
        final = kc.play_game(kc.new_game(4, 1), [kc.RandomBot()] * 4, seed=1)
        assert final.is_over
        assert not {"numpy", "pettingzoo", "pyspiel"} & set(sys.modules)
        try:
            import karibou_rules.pettingzoo
        except ModuleNotFoundError as error:
            print("refused", error.name)
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[0] == "refused"
