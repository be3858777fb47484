"""A contributor's first ``pytest`` collects without the optional extras (issue 27): the
root ``conftest.py`` names every package module that imports an optional distribution, so
its doctests are left out where that distribution is missing."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import conftest

ROOT = Path(__file__).resolve().parents[1]
OPTIONAL = {"numpy", "pyspiel", "pettingzoo", "gymnasium"}


def _module_level_imports(path: Path) -> set[str]:
    """The top-level names a module imports when it is imported (not inside functions)."""
    found: set[str] = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_conftest_names_every_module_that_needs_an_extra() -> None:
    needs = {
        path.relative_to(ROOT).as_posix(): _module_level_imports(path) & OPTIONAL
        for package in ("campers_rules", "karibou_rules")
        for path in sorted((ROOT / package).rglob("*.py"))
    }
    needs = {path: modules for path, modules in needs.items() if modules}
    assert set(needs) == set(conftest.OPTIONAL_MODULES)
    for path, modules in needs.items():
        assert modules <= set(conftest.OPTIONAL_MODULES[path]), path


def test_a_module_is_left_out_exactly_when_one_of_its_imports_is_missing() -> None:
    needs = {"a.py": ("os",), "b.py": ("os", "no_such_module_camp_rules"), "c.py": ()}
    assert conftest.left_out(needs) == ["b.py"]


def test_the_check_requires_the_server_extra() -> None:
    """Issue 31: under ``CAMP_RULES_ALL_EXTRAS=1`` a missing module of the ``server`` extra
    (or httpx, which Starlette's TestClient needs) is a usage error, not a skipped test."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    server = [re.split(r"[<>=\[;]", need)[0] for need in
              project["optional-dependencies"]["server"]]
    assert {"starlette", "uvicorn", "websockets"} == set(server)
    assert {*server, "httpx"} <= set(conftest.EXTRAS_THE_CHECK_INSTALLS)
