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


def _cli(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "campers_rules._cli", *argv], env=env,
        capture_output=True, text=True, timeout=120, check=False,
    )


def test_bare_command_prints_the_usage() -> None:
    """Issue 28: ``camp-rules`` alone prints the usage and every command on standard error,
    with the status of bad arguments (2, docs/cli.rst)."""
    result = _cli()
    assert result.returncode == 2
    assert result.stderr.startswith("usage: camp-rules")
    for command in ("play", "simulate", "solve", "calibrate", "--version", "Exit status"):
        assert command in result.stderr
    assert result.stdout == ""


def test_version_is_the_distributions() -> None:
    """Issue 28: ``camp-rules --version`` and both packages' ``__version__`` give the
    installed distribution's version; issue 29: ``--version`` also says which build each
    package runs."""
    import importlib.metadata

    import campers_rules
    import karibou_rules

    result = _cli("--version")
    assert result.returncode == 0, result.stderr
    version = importlib.metadata.version("camp-rules")
    builds = ", ".join(f"{p.__name__}: {'compiled' if p.COMPILED else 'pure'}"
                       for p in (campers_rules, karibou_rules))
    assert result.stdout == f"camp-rules {version} ({builds})\n"
    assert campers_rules.__version__ == karibou_rules.__version__ == version


def test_version_in_a_checkout_never_installed() -> None:
    """Issue 28: without the distribution's metadata the packages still import, and say
    their version is unknown (PEP 440 ``0+unknown``) rather than guess one."""
    code = (
        "import importlib.metadata as m\n"
        "def missing(name): raise m.PackageNotFoundError(name)\n"
        "m.version = missing\n"
        "import campers_rules, karibou_rules\n"
        "print(campers_rules.__version__, karibou_rules.__version__)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                            text=True, timeout=60, check=True)
    assert result.stdout.split() == ["0+unknown", "0+unknown"]
