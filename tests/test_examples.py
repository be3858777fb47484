"""Every script in ``examples/`` runs to completion (each example documents its own input)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(p for p in EXAMPLES.glob("*.py") if not p.name.startswith("_"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_example_runs(script: Path) -> None:
    stdin_file = script.with_suffix(".stdin")
    stdin = stdin_file.read_text() if stdin_file.exists() else ""
    result = subprocess.run(
        [sys.executable, str(script)],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip(), f"{script.name} printed nothing"
