"""Every code block of the README and the docs runs as printed (issue 28, item 4).

Each page's Python blocks (```python in the README; ``.. code-block:: python`` and
``::`` literal blocks that are not shell in the rst pages) and its examples (``>>>``,
checked as doctests) run in order, in one namespace per page, as a reader typing them
into one session would. Each ``camp-rules`` command of a shell block runs through the
command line of this checkout in a subprocess, with the counts of the long commands made
small (:data:`SMALL`); every other shell line is listed in :data:`NOT_RUN` with the reason.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import karibou_rules as kc
from tests.docs_blocks import PAGES, ROOT, Block, page_blocks, run_page, shell_lines

RUN = ("python", "pycon")
"""The languages of the blocks a page runs."""

NOT_RUN = {
    "pip install": "installs into the environment the tests run in",
    "python3 tasks.py": "sets up .venv and runs the main job, the check or the benchmarks "
    "(CI runs python3 tasks.py check itself; tests/test_cli_tasks.py tests what each "
    "command does)",
    "cd benchmarks": "a benchmark that counts instructions for minutes (python3 tasks.py "
    "bench)",
    ".venv/bin/pytest benchmarks": "a benchmark with timings (python3 tasks.py bench)",
    'PYTHONPATH=. python -c "import karibou_rules as kc; print(kc.endings_table(':
    "simulates 1,000 games (a minute); endings_table's doctest runs a small table",
    "camp-rules serve": "serves until interrupted (tests/server/test_fault.py runs it)",
}
"""Shell lines not run, by how they start, with the reason."""

SMALL = {"simulate": ("--games", "2"), "calibrate": ("--deals", "2")}
"""The counts a long command runs with here (the command as printed, otherwise)."""

BLOCKS = [block for page in PAGES for block in page_blocks(page)]
RUN_PAGES = sorted({block.page for block in BLOCKS if block.language in RUN})
COMMANDS = [(block, line) for block in BLOCKS if block.language == "shell"
            for line in shell_lines(block)]


@pytest.mark.parametrize("page", RUN_PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_page_runs_as_printed(page: Path) -> None:
    """Issue 28: every Python block and example of the page runs, in order."""
    if page.name == "server.rst":  # the server's page needs the server extra (issue 31)
        pytest.importorskip("starlette")
        pytest.importorskip("httpx")
    run = run_page(page)
    assert run.blocks == sum(block.language in RUN for block in page_blocks(page))


def test_quickstart_error_demo_shows_a_refused_move() -> None:
    """Issue 28, KC-14: the quick start's error demo refuses a move of a game in play
    (the center is still face down), not one sent to a finished game."""
    printed = run_page(ROOT / "docs" / "quickstart.rst").printed
    assert "the center is still face down KC-14" in printed
    assert "the game is over" not in printed


def test_karibou_quickstart_host_replies_and_builds_a_position() -> None:
    """Issue 28, KC-14, KC-1: the Karibou quick start's host replies to a refused move and
    to unreadable text, accepts a legal one, and builds a position without giving a pile."""
    run = run_page(ROOT / "docs" / "karibou" / "quickstart.rst")
    assert "the center is still face down (KC-14)" in run.printed
    assert "say it again?" in run.printed
    table = run.namespace["table"]
    assert isinstance(table, kc.State) and table.phase is kc.Phase.EXCHANGE
    state = run.namespace["state"]
    assert isinstance(state, kc.State) and len(state.pile) == 37


def test_install_from_a_checkout_is_given_beside_the_index_form() -> None:
    """Issue 28: the package is on no index yet, so every page that gives the index form
    of the install (``pip install camp-rules``, ``"camp-rules[rl]"``) gives the checkout's
    (``pip install .``, ``".[rl]"``),
    and the README and the RL page give the extra's (``pip install ".[rl]"``)."""
    pages = [page for page in PAGES if "pip install camp-rules" in page.read_text()
             or 'pip install "camp-rules[' in page.read_text()]
    assert ROOT / "README.md" in pages and ROOT / "docs" / "index.rst" in pages
    for page in pages:
        text = page.read_text()
        assert "pip install ." in text or 'pip install ".[' in text, page
    for page in (ROOT / "README.md", ROOT / "docs" / "rl.rst", ROOT / "docs" / "index.rst"):
        assert 'pip install ".[rl]"' in page.read_text(), page


def _argv(line: str) -> list[str]:
    argv = shlex.split(line, comments=True)[1:]
    if argv and argv[0] in SMALL:
        option, value = SMALL[argv[0]]
        if option in argv:
            argv[argv.index(option) + 1] = value
        else:
            argv += [option, value]
    return argv


CLI = [(block, line) for block, line in COMMANDS if line.startswith("camp-rules ")
       and not line.startswith("camp-rules serve")]


@pytest.mark.parametrize(("block", "line"), CLI, ids=[
    f"{block.where} {line.split('#')[0].strip()}" for block, line in CLI])
def test_command_runs_as_printed(block: Block, line: str) -> None:
    """Issue 28: each ``camp-rules`` command of the docs runs and succeeds (a ``--human``
    game, given no input, is abandoned with its documented status 3, docs/cli.rst)."""
    argv = _argv(line)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "campers_rules._cli", *argv], input="",
                            env=env, capture_output=True, text=True, timeout=120, check=False)
    expected = 3 if "--human" in argv else 0
    assert result.returncode == expected, (argv, result.stderr[-2000:])
    assert result.stdout.strip()


def test_every_shell_line_is_run_or_says_why_not() -> None:
    """Issue 28: a shell line that is no ``camp-rules`` command is listed with a reason;
    every reason listed is used (the list holds no stale entry)."""
    others = [line for _, line in COMMANDS if not line.startswith("camp-rules ")
              or line.startswith("camp-rules serve")]
    unlisted = [line for line in others if not any(line.startswith(p) for p in NOT_RUN)]
    assert not unlisted, f"shell lines neither run nor listed in NOT_RUN: {unlisted}"
    used = {prefix for prefix in NOT_RUN for line in others if line.startswith(prefix)}
    assert used == set(NOT_RUN)


def test_the_blocks_are_found() -> None:
    """The extraction sees the blocks of every kind, and no block of an unknown kind."""
    kinds = {block.language for block in BLOCKS}
    assert {"python", "pycon", "shell"} <= kinds <= {"python", "pycon", "shell", "text"}
    assert len([b for b in BLOCKS if b.language in RUN]) >= 30
    assert len(CLI) >= 8
