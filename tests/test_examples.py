"""Every script in ``examples/`` runs to completion (each example documents its own input)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import conftest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(p for p in EXAMPLES.glob("*.py") if not p.name.startswith("_"))


def _optional_needs(script: Path) -> list[str]:
    """The optional distributions' modules an example imports at its top that are missing
    here (``conftest.py``: the check installs every extra, so there none is)."""
    imported = {
        alias.name.split(".")[0]
        for node in ast.parse(script.read_text()).body if isinstance(node, ast.Import)
        for alias in node.names
    } | {
        node.module.split(".")[0]
        for node in ast.parse(script.read_text()).body
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
    }
    return conftest.missing(sorted(imported & set(conftest.EXTRAS_THE_CHECK_INSTALLS)))


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_example_runs(script: Path) -> None:
    missing = _optional_needs(script)
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (an optional extra)")
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


def test_referee_answers_every_line_and_rejects_without_changing_the_table() -> None:
    """The referee example: one answer per request, typed errors, the table unchanged."""
    import json

    script = EXAMPLES / "referee.py"
    requests = (EXAMPLES / "referee.stdin").read_text().splitlines()
    result = subprocess.run(
        [sys.executable, str(script)], input="\n".join(requests), capture_output=True,
        text=True, timeout=120, check=True,
    )
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == len([r for r in requests if r.strip()])
    outcomes = [a.get("error", "ok") for a in answers]
    assert outcomes == [
        "ok", "ok", "IllegalActionError", "ok", "ok", "SeatError", "ParseError",
        "BadRequest", "BadRequest", "ok", "ok",
        "ok", "ok", "NotYourTurnError", "ok", "StaleActionError", "IllegalActionError",
        "SerializationError", "ok", "ok",
    ]
    rule_errors = ("IllegalActionError", "NotYourTurnError", "SeatError", "StaleActionError")
    rejected = [a for a in answers if a.get("error") in rule_errors]
    assert all(a["ruling"] for a in rejected), "every rule rejection names its ruling"


def test_referee_survives_hostile_lines() -> None:
    """Huge numbers, infinities and deep nesting get an error answer, never a crash."""
    import json

    hostile = [
        '{"new": "karibou", "seed": 1e999}',
        '{"new": "karibou", "players": Infinity}',
        "[" * 100_000,
        '{"new": "karibou", "seed": ' + "9" * 5000 + "}",
        '{"action": 5}',
        "[1, 2]",
    ]
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "referee.py")], input="\n".join(hostile),
        capture_output=True, text=True, timeout=120, check=True,
    )
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == len(hostile)
    assert not any(answer["ok"] for answer in answers)
