"""``python3 tasks.py``: the check's two builds (issue 13, issue 29), the install's extras
(issue 28) and which build got installed (issue 29)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import tasks  # noqa: E402


def _check_steps(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                 compiled: list[Path]) -> list[str]:
    """What ``tasks.check`` prints and runs, in order, with these compiled files in the tree
    (nothing is run)."""
    steps: list[str] = []

    def run(command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
        steps.append(capsys.readouterr().out)
        steps.append(" ".join(command) + f" [in {cwd}, PYTHONPATH={(env or {}).get('PYTHONPATH')}]")

    monkeypatch.setattr(tasks, "run", run)
    monkeypatch.setattr(tasks, "compiled_files", lambda *args: compiled)
    monkeypatch.setattr(shutil, "copytree", lambda *args, **kwargs: None)
    tasks.check()
    steps.append(capsys.readouterr().out)
    return steps


def test_check_runs_the_compiled_build_then_the_pure_reference(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29: the main pytest run checks the build in place (compiled); then the tests
    that pin the games of both packages, and the compiled modules' doctests, run again on a
    copy without the compiled modules (PYTHONPATH on the copy), announced with the reason
    before it, and only before it; the docs are built from that copy (mypyc drops
    docstrings) into the checkout's docs/_build."""
    steps = _check_steps(monkeypatch, capsys, [ROOT / "campers_rules" / "_rules.so"])
    pytest_runs = [n for n, step in enumerate(steps) if "pytest" in step and "[in" in step]
    assert len(pytest_runs) == 2
    first, second = pytest_runs
    assert f"[in {ROOT}, PYTHONPATH=None]" in steps[first]
    said = "".join(steps[first + 1:second])
    assert "again, pure Python" in said and "mypyc" in said
    assert "again, pure" not in "".join(steps[:first])
    copy = steps[second].split("[in ")[1].split(",")[0]
    assert copy != str(ROOT) and f"PYTHONPATH={copy}]" in steps[second]
    for test in [*tasks.PURE_TESTS, *tasks.listed_modules()]:  # with the doctests mypyc drops
        assert f" {test} " in steps[second]
    sphinx = [step for step in steps if "sphinx-build" in step]
    assert len(sphinx) == 1 and f"[in {copy}, PYTHONPATH={copy}]" in sphinx[0]
    assert f" {ROOT / 'docs' / '_build' / 'html'} " in sphinx[0]


def test_the_pure_run_covers_both_games() -> None:
    """Issue 29: the reference run holds the perft file, the hashed listings, the golden
    games, the conformance harness and the id/object differential tests of both packages,
    and every file it names exists."""
    for path in tasks.PURE_TESTS:
        assert (ROOT / path).is_file(), path
    names = " ".join(tasks.PURE_TESTS)
    for needed in ("campers/test_game_perft", "campers/test_listings_golden",
                   "test_conformance_harness", "campers/test_ids", "karibou/test_ids",
                   "karibou/test_golden", "karibou/test_conformance",
                   "campers/test_game_conformance", "karibou/test_reference"):
        assert needed in names, needed


def test_a_pure_install_is_checked_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29: with nothing compiled (CAMP_RULES_PURE=1, or no compiler) the main run is
    already the pure build: no second run, and a line says so."""
    steps = _check_steps(monkeypatch, capsys, [])
    assert len([step for step in steps if "pytest" in step and "[in" in step]) == 1
    assert "no second run" in steps[-1] and "all checks passed" in steps[-1]


def test_check_type_checks_the_tests_benchmarks_and_examples_strictly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 28: the check's one mypy step runs ``--strict`` on both packages, the server
    and the tests, benchmarks and examples that use them."""
    commands: list[list[str]] = []
    monkeypatch.setattr(tasks, "run", lambda command, *args, **kwargs: commands.append(command))
    monkeypatch.setattr(tasks, "compiled_files", lambda *args: [])
    monkeypatch.setattr(shutil, "copytree", lambda *args, **kwargs: None)
    tasks.check()
    mypy = [command for command in commands if Path(command[0]).name == "mypy"]
    assert len(mypy) == 1 and mypy[0][1] == "--strict"
    assert set(mypy[0][2:]) == {*tasks.PACKAGES, "camp_server", "tests", "benchmarks", "examples",
                              "conftest.py"}


@pytest.fixture
def installs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The pip installs ``tasks.ensure_environment`` runs, against a stamp in ``tmp_path``
    and an existing virtual environment (nothing is installed)."""
    commands: list[str] = []
    monkeypatch.setattr(tasks, "STAMP", tmp_path / "stamp.txt")
    monkeypatch.setattr(tasks, "PYTHON", Path(sys.executable))
    monkeypatch.setattr(tasks, "run", lambda command, *args, **kwargs: commands.append(
        " ".join(command)))
    monkeypatch.setattr(tasks, "installed_build", lambda: "camp-rules (the build)")
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
    for command in ("check", "bench", "mutate"):
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


def test_a_changed_source_is_built_again_without_reinstalling(
    installs: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 29: the editable install holds compiled modules that an edit of their source
    leaves stale: when the packages' sources (or the pure switch) changed since the last
    build, the next command builds the project again, without its dependencies; every
    command says which build it runs."""
    tasks.ensure_environment(tasks.EXTRAS["check"])
    assert "installed build: camp-rules (the build)" in capsys.readouterr().out
    tasks.ensure_environment(tasks.EXTRAS["check"])
    assert len(installs) == 2  # pip upgraded, then the project installed; nothing since
    assert "installed build: camp-rules (the build)" in capsys.readouterr().out
    monkeypatch.setenv("CAMP_RULES_PURE", "1")
    tasks.ensure_environment(tasks.EXTRAS["play"])
    assert installs[-1].endswith("--no-deps -e .")
    monkeypatch.setattr(tasks, "_build_fingerprint", lambda: "an edited source")
    tasks.ensure_environment(tasks.EXTRAS["check"])
    assert installs[-1].endswith("--no-deps -e .") and len(installs) == 4
    tasks.ensure_environment(tasks.EXTRAS["check"])
    assert len(installs) == 4 and tasks.installed_extras() == set(tasks.CHECK_EXTRAS)


def test_the_build_fingerprint_follows_the_sources_and_the_switch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 29: the pure switch changes what is built (a value that is not a yes does
    not); the fingerprint is stable from call to call."""
    monkeypatch.delenv("CAMP_RULES_PURE", raising=False)
    compiled = tasks._build_fingerprint()
    assert tasks._build_fingerprint() == compiled
    for value, same in (("1", False), ("yes", False), ("0", True), ("", True)):
        monkeypatch.setenv("CAMP_RULES_PURE", value)
        assert (tasks._build_fingerprint() == compiled) is same, value


def test_the_installed_build_is_read_from_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: the line each command prints names each package's build, as the package
    says it (``camp-rules --version``), and says why where a package with modules to
    compile runs pure though the pure build was not asked for."""
    monkeypatch.setattr(tasks, "PYTHON", Path(sys.executable))
    monkeypatch.delenv("CAMP_RULES_PURE", raising=False)
    said = tasks.installed_build()
    assert said.startswith("camp-rules ")
    for package in tasks.PACKAGES:
        assert f"{package}: compiled" in said or f"{package}: pure" in said
    fell_back = [p for p in tasks.compiled_packages() if f"{p}: pure" in said]
    assert ("not compiled: no C compiler" in said) is bool(fell_back)
    assert ", ".join(fell_back) + " not compiled" in said or not fell_back
