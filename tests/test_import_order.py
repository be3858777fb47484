"""Both packages load without an import cycle (issue 12: no cycle closed by a late import).

Each module's imports stand at its top, before its first definition; an import a module
needs only when a function runs stands inside that function. Among the modules of a
package, the imports made at load (outside ``if TYPE_CHECKING:``) form no cycle, and no
import inside a function closes one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("campers_rules", "karibou_rules")
MODULES = sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


PACKAGE_NAMES = {_name(p) for p in MODULES if p.name == "__init__.py"}


KNOWN = {_name(p) for p in MODULES} - PACKAGE_NAMES
"""The package modules (a package's ``__init__`` stands for nothing of its own)."""


def _top_imports(tree: ast.Module, known: set[str] = KNOWN) -> set[str]:
    """The package modules a module imports at load; a package it imports from stands for
    nothing of its own (a submodule always loads its package first)."""
    found: set[str] = set()
    for node in tree.body:
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        found.update(names)
    return found & known


def _function_imports(tree: ast.Module, known: set[str]) -> set[str]:
    """The package modules a module imports inside its functions."""
    found: set[str] = set()
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found & known


def _reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    """Whether loading ``start`` loads ``goal`` (through the imports made at load)."""
    seen, todo = set(), [start]
    while todo:
        node = todo.pop()
        if node == goal:
            return True
        if node not in seen:
            seen.add(node)
            todo.extend(graph.get(node, ()))
    return False


def _cycle_closers(sources: dict[str, str]) -> set[tuple[str, str]]:
    """(module, imported) for each import inside a function whose module, loaded, would
    load the importing module again: an import cycle the late import closes."""
    trees = {name: ast.parse(text) for name, text in sources.items()}
    known = set(sources)
    graph = {name: _top_imports(tree, known) for name, tree in trees.items()}
    return {(name, other) for name, tree in trees.items()
            for other in _function_imports(tree, known) if _reaches(graph, other, name)}


OFFERS = {("campers_rules._state", "campers_rules._offer"),
          ("karibou_rules._view", "karibou_rules._offer")}
"""The one late import each package keeps: ``View.offer`` (issue 30 asks for a method)
writes the view through ``_serial``, whose converter is built on the state and view
classes, so ``_offer`` is imported when an offer is made."""


def test_late_imports_close_no_cycle() -> None:
    """Issue 12: no import inside a function closes an import cycle (the id space, the
    setup, the scratch copy and the views once closed six: ``State``'s id methods and
    ``Work.blank`` imported ``_ids`` and ``_state`` when called, and a view's stand-in
    state imported ``_state`` while ``_state`` imported the views), but a view's offer
    (:data:`OFFERS`)."""
    sources = {_name(p): p.read_text() for p in MODULES if _name(p) in KNOWN}
    assert _cycle_closers(sources) <= OFFERS


def test_a_cycle_closing_late_import_is_found() -> None:
    """The search above tells a late import that closes a cycle from one that does not."""
    sources = {
        "campers_rules._a": "from campers_rules import _b\n",
        "campers_rules._b": "def f():\n    from campers_rules import _a\n",
        "campers_rules._c": "def g():\n    from campers_rules import _b\n",
    }
    assert _cycle_closers(sources) == {("campers_rules._b", "campers_rules._a")}


def _imports_after_definitions(tree: ast.Module) -> list[int]:
    """The lines of module-level imports that follow the module's first def or class."""
    lines: list[int] = []
    defined = False
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defined = True
        elif defined and isinstance(node, ast.Import | ast.ImportFrom):
            lines.append(node.lineno)
    return lines


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_stand_before_the_first_definition(path: Path) -> None:
    """Issue 12: no module-level import after a def or class (a late import)."""
    assert not _imports_after_definitions(ast.parse(path.read_text())), path


def test_a_late_import_is_found() -> None:
    """The search above finds an import below a definition, and only that one."""
    tree = ast.parse("import os\n\ndef f():\n    import sys\n\nfrom os import path\n")
    assert _imports_after_definitions(tree) == [6]


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of the graph, or an empty list."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for other in sorted(graph[node]):
            if state.get(other) == 1:
                return [*path[path.index(other):], other]
            if other not in state:
                found = visit(other)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def test_no_import_cycle_at_load() -> None:
    """Issue 12: the imports made at load form no cycle in either package."""
    graph = {_name(p): _top_imports(ast.parse(p.read_text())) for p in MODULES}
    assert _cycle(graph) == []


def test_a_cycle_is_found() -> None:
    """The search above finds a cycle of three modules, and none in a chain."""
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) == []
