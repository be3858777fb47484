"""The README's quick start runs as printed, and CI runs the README's check command."""

from __future__ import annotations

from pathlib import Path

from tests.docs_blocks import run_page

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def test_quick_start_runs() -> None:
    """The quick start plays a game to its end and prints the scores and the winners
    (every block of the README runs in tests/test_docs_blocks.py)."""
    assert "## Quick start\n\n```python\n" in README
    scores, winners = run_page(ROOT / "README.md").printed.splitlines()[0].split(") ")
    assert scores.startswith("(") and winners.startswith("[") and winners != "[]"


def test_ci_runs_the_readme_check_command() -> None:
    assert "python3 tasks.py check" in README
    assert "python3 tasks.py check" in (ROOT / ".ci" / "run").read_text()
    assert "python3 tasks.py play" in README
