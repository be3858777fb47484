"""Issue 31: the check always runs the browser test. ``tasks.py check`` installs Debian's
``chromium`` and ``chromium-driver`` with apt-get where they are missing, and under
``CAMP_RULES_ALL_EXTRAS=1`` a missing browser stops the run instead of skipping the test."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import cast

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import conftest  # noqa: E402
import tasks  # noqa: E402


def _machine(monkeypatch: pytest.MonkeyPatch, present: set[str], root: bool) -> list[str]:
    """Pretend the machine has only the programs ``present``; the commands run are kept."""
    commands: list[str] = []
    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/bin/{name}" if name in present
                        else None)
    monkeypatch.setattr(os, "geteuid", lambda: 0 if root else 1000, raising=False)
    monkeypatch.setattr(tasks, "run", lambda command, cwd=ROOT, env=None:
                        commands.append(" ".join(command)))
    return commands


@pytest.mark.parametrize("present", [{"apt-get"}, {"apt-get", "chromium"},
                                     {"apt-get", "chromedriver"}])
def test_a_missing_browser_is_installed_with_apt_get(monkeypatch: pytest.MonkeyPatch,
                                                      present: set[str]) -> None:
    """Issue 31: as root, one ``apt-get update`` then the install of both packages."""
    commands = _machine(monkeypatch, present, root=True)
    tasks.ensure_browser()
    assert commands == ["apt-get update", "apt-get install -y chromium chromium-driver"]


def test_a_user_installs_it_through_sudo(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 31: not root, the same commands through sudo."""
    commands = _machine(monkeypatch, {"apt-get", "sudo"}, root=False)
    tasks.ensure_browser()
    assert commands == ["sudo apt-get update",
                        "sudo apt-get install -y chromium chromium-driver"]


@pytest.mark.parametrize("present, root", [
    ({"chromium", "chromedriver", "apt-get"}, True),  # already there
    ({"chromium", "chromedriver"}, False),
    (set(), True),  # no apt-get: a note, and the test run stops on it
    ({"apt-get"}, False),  # neither root nor sudo
])
def test_nothing_is_installed_otherwise(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str],
                                        present: set[str], root: bool) -> None:
    """Issue 31: no command when the browser is there or cannot be installed; then a note."""
    commands = _machine(monkeypatch, present, root=root)
    tasks.ensure_browser()
    assert commands == []
    note = capsys.readouterr().out
    assert ("chromedriver" in note) == ("chromium" not in present)


def test_check_ensures_the_browser_before_the_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 31: ``check`` installs a missing browser before it runs pytest."""
    commands = _machine(monkeypatch, {"apt-get"}, root=True)
    monkeypatch.setattr(tasks, "compiled_files", lambda: [Path("compiled.so")])
    for name in ("CAMP_RULES_ALL_EXTRAS", "PY_IGNORE_IMPORTMISMATCH"):
        monkeypatch.setenv(name, "1")  # check sets them: restored afterwards
    tasks.check()
    install = commands.index("apt-get install -y chromium chromium-driver")
    assert install < next(n for n, command in enumerate(commands) if "pytest" in command)


@pytest.mark.parametrize("absent", ["chromium", "chromedriver"])
def test_under_all_extras_a_missing_browser_is_a_usage_error(
        monkeypatch: pytest.MonkeyPatch, absent: str) -> None:
    """Issue 31: ``CAMP_RULES_ALL_EXTRAS=1`` (the check) refuses to run without the browser,
    where a contributor's plain ``pytest`` skips the browser test."""
    monkeypatch.setattr(conftest, "missing", lambda modules: [])
    monkeypatch.setattr(shutil, "which", lambda name: None if name == absent
                        else f"/usr/bin/{name}")
    monkeypatch.setenv("CAMP_RULES_ALL_EXTRAS", "1")
    config = cast(pytest.Config, _Config())
    with pytest.raises(pytest.UsageError, match=absent):
        conftest.pytest_configure(config)
    monkeypatch.delenv("CAMP_RULES_ALL_EXTRAS")
    conftest.pytest_configure(config)


class _Config:
    """What ``pytest_configure`` asks of pytest's config."""

    def addinivalue_line(self, name: str, line: str) -> None:
        pass
