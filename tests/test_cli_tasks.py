"""``python3 tasks.py check`` (issue 13): the second, compiled run of the Unhappy Campers
tests is announced with its reason before it starts."""

from __future__ import annotations

import os
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


@pytest.fixture
def installs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The pip installs ``tasks.ensure_environment`` runs, against a stamp in ``tmp_path``
    and an existing virtual environment (nothing is installed)."""
    commands: list[str] = []
    monkeypatch.setattr(tasks, "STAMP", tmp_path / "stamp.txt")
    monkeypatch.setattr(tasks, "PYTHON", Path(sys.executable))
    monkeypatch.setattr(tasks, "run", lambda command, *args, **kwargs: commands.append(
        " ".join(command)))
    return commands


def _project_installs(commands: list[str]) -> list[str]:
    return [c.rsplit(" ", 1)[-1] for c in commands if " -e " in c]


def test_play_installs_the_package_without_extras(installs: list[str]) -> None:
    """Issue 28: the main job installs the package and what playing needs, no dev tool."""
    tasks.ensure_environment(tasks.EXTRAS["play"])
    assert _project_installs(installs) == ["."]
    assert not any(extra in c for c in installs for extra in tasks.CHECK_EXTRAS)


def test_check_installs_the_extras_the_checks_use(installs: list[str]) -> None:
    """Issue 28: check (and the commands that run the tests) install every extra."""
    for command in ("check", "bench", "compile", "mutate"):
        assert set(tasks.EXTRAS[command]) == {"dev", "dask", "plot", "mutate", "rl", "server"}
    tasks.ensure_environment(tasks.EXTRAS["check"])
    assert _project_installs(installs) == [".[dask,dev,mutate,plot,rl,server]"]


def test_the_stamp_records_which_extras_are_in(installs: list[str]) -> None:
    """Issue 28: play then check installs twice (the extras were missing); then neither
    installs again; an edit of pyproject.toml starts over with what is asked for."""
    tasks.ensure_environment(tasks.EXTRAS["play"])
    tasks.ensure_environment(tasks.EXTRAS["play"])
    tasks.ensure_environment(tasks.EXTRAS["check"])
    tasks.ensure_environment(tasks.EXTRAS["play"])
    tasks.ensure_environment(tasks.EXTRAS["check"])
    assert _project_installs(installs) == [".", ".[dask,dev,mutate,plot,rl,server]"]
    assert tasks.installed_extras() == set(tasks.CHECK_EXTRAS)
    tasks.STAMP.write_text("another pyproject\ndev\n")
    assert tasks.installed_extras() is None
    tasks.ensure_environment(tasks.EXTRAS["play"])
    assert _project_installs(installs)[-1] == "."


def test_every_command_names_its_extras(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: main installs the extras of the command it runs, and each command has an
    entry (a new command cannot silently install everything or nothing)."""
    assert set(tasks.EXTRAS) == {*tasks.COMMANDS, "mutate"}
    asked: list[tuple[str, ...]] = []
    monkeypatch.setattr(tasks, "ensure_environment", asked.append)
    monkeypatch.setattr(os, "chdir", lambda path: None)
    monkeypatch.setitem(tasks.COMMANDS, "play", lambda: None)
    monkeypatch.setattr(sys, "argv", ["tasks.py", "play"])
    tasks.main()
    assert asked == [()]
