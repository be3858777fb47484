"""``python3 tasks.py check`` (issue 13): the second, compiled run of the Unhappy Campers
tests is announced with its reason before it starts."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import tasks  # noqa: E402


def test_check_says_why_it_runs_the_campers_tests_twice(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 13: a line explains the compiled run before it, and only before it."""
    steps: list[str] = []

    def run(command: list[str], cwd: Path = ROOT, env: object = None) -> None:
        steps.append(capsys.readouterr().out)
        steps.append(" ".join(command))

    monkeypatch.setattr(tasks, "run", run)
    monkeypatch.setattr(tasks, "compiled_files", list)
    monkeypatch.setattr(shutil, "copytree", lambda *args, **kwargs: None)
    tasks.check()
    pytest_runs = [n for n, step in enumerate(steps) if "pytest" in step]
    assert len(pytest_runs) == 2
    first, second = pytest_runs
    said = "".join(steps[first + 1:second])
    assert "again, compiled" in said and "mypyc" in said
    assert "again, compiled" not in "".join(steps[:first])
    assert "tests/campers" in steps[second]


def test_check_type_checks_the_tests_benchmarks_and_examples_strictly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 28: the check's one mypy step runs ``--strict`` on both packages and on the
    tests, benchmarks and examples that use them."""
    commands: list[list[str]] = []
    monkeypatch.setattr(tasks, "run", lambda command, *args, **kwargs: commands.append(command))
    monkeypatch.setattr(tasks, "compiled_files", list)
    monkeypatch.setattr(shutil, "copytree", lambda *args, **kwargs: None)
    tasks.check()
    mypy = [command for command in commands if Path(command[0]).name == "mypy"]
    assert len(mypy) == 1 and mypy[0][1] == "--strict"
    assert set(mypy[0][2:]) == {*tasks.PACKAGES, "tests", "benchmarks", "examples", "conftest.py"}
