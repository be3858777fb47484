"""Exit statuses of ``camp-rules`` (issue 13), through a subprocess as a shell sees them.

0 done; 1 a failure, and for ``solve`` "no arrangement" (as grep: the answer on standard
output); 2 bad arguments or unreadable input, one line on standard error, never a
traceback; 3 a human game abandoned because its input ended.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CASES = [
    # (arguments, standard input, exit status, text expected on stdout or stderr)
    (("solve", "1 SET OF 3", "--hand", "B5 Y5 R5"), "", 0, "yes"),
    (("solve", "2 RUNS OF 4", "--hand", "B5 Y5 R5"), "", 1, "needs at least 8 cards"),
    (("solve", "1 SET OF ²", "--hand", "B5"), "", 2, "cannot read the requirement"),
    (("solve", "2 RUNZ OF 4", "--hand", "B5"), "", 2, "RUNZ"),
    (("solve", "1 SET OF 3", "--hand", "B5 X9"), "", 2, "cannot read the hand"),
    (("solve", "1 SET OF 3"), "", 2, "--hand"),
    (("simulate", "karibou", "--games", "0"), "", 2, "--games: must be at least 1"),
    (("simulate", "karibou", "--jobs", "0"), "", 2, "--jobs: must be at least 1"),
    (("simulate", "campers", "--games", "-3"), "", 2, "--games: must be at least 1"),
    (("calibrate", "--deals", "0"), "", 2, "--deals: must be at least 1"),
    (("play", "campers", "--players", "9"), "", 2, "2 to 6 players"),
    (("play", "karibou", "--bots", "heuristic,genius"), "", 2, "unknown bot"),
    (("play", "campers", "--human", "7"), "", 2, "no seat 7"),
    (("play", "campers", "--human", "0", "--json"), "", 2, "not allowed with"),
    (("play", "karibou", "--players", "3", "--seed", "2"), "", 0, "== final scores"),
    (("play", "campers", "--human", "0"), "1\n", 3, "input ended"),
    (("play", "campers", "--human", "0"), "", 3, "input ended"),
    (("--help",), "", 0, "Exit status"),
]


@pytest.mark.parametrize(("argv", "stdin", "status", "text"), CASES)
def test_exit_status(argv: tuple[str, ...], stdin: str, status: int, text: str) -> None:
    """Issue 13: each kind of outcome has its documented exit status."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "campers_rules._cli", *argv], input=stdin, env=env,
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == status, result.stderr
    assert text in result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    if status == 2:
        assert len(result.stderr.strip().splitlines()) == 1
    if status in (0, 1):
        assert result.stderr.strip() == ""
