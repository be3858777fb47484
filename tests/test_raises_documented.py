"""Every public callable says what it raises (issue 28): a Raises-section audit of the
public API of ``campers_rules``, ``campers_rules.solver`` and ``karibou_rules``.

The rule. The public callables are the functions in each package's ``__all__`` and the
public methods (no leading underscore; plain, class and static methods, not properties)
that a public class defines itself, error classes excepted. The docstring of each has a
Google-style ``Raises:`` section whose entries name errors the package exports (for
Unhappy Campers, the solver's too), or, for one that answers every argument its
annotation allows, the words ``Never raises`` and why.
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import campers_rules
import campers_rules.solver
import karibou_rules

PACKAGES = (campers_rules, campers_rules.solver, karibou_rules)


def _errors(package: ModuleType) -> set[str]:
    """The error classes a package's docstrings may name in a Raises section."""
    family = [campers_rules, campers_rules.solver] if package is not karibou_rules else [
        karibou_rules]
    return {name for module in family for name in module.__all__
            if isinstance(getattr(module, name), type)
            and issubclass(getattr(module, name), ValueError)}


def public_callables(package: ModuleType) -> dict[str, Callable[..., object]]:
    """The public callables of a package, by their public name (``State.apply``)."""
    found: dict[str, Callable[..., object]] = {}
    for name in package.__all__:
        thing = getattr(package, name)
        if inspect.isfunction(thing) or inspect.isbuiltin(thing):  # builtin: compiled
            found[name] = thing
        elif inspect.isclass(thing) and not issubclass(thing, BaseException):
            for member, value in vars(thing).items():
                if isinstance(value, classmethod | staticmethod):
                    value = value.__func__
                own = inspect.isfunction(value) and (value.__module__ or "").startswith(
                    package.__name__.split(".")[0]) and "<attrs" not in value.__code__.co_filename
                if own and not member.startswith("_"):
                    found[f"{name}.{member}"] = value
    return found


CALLABLES = [(package, name, thing) for package in PACKAGES
             for name, thing in public_callables(package).items()]


def docstring(thing: Callable[..., object]) -> str:
    """The callable's docstring; a compiled function's, which mypyc drops, from its source
    (the ``.py`` beside the extension module, docs/compiled.rst)."""
    doc = inspect.getdoc(thing)
    if doc is None and inspect.isbuiltin(thing):
        module = sys.modules[thing.__module__]
        source = Path(str(module.__file__)).with_name(thing.__module__.rpartition(".")[2] + ".py")
        for node in ast.parse(source.read_text()).body:
            if isinstance(node, ast.FunctionDef) and node.name == thing.__name__:
                return ast.get_docstring(node) or ""
    return doc or ""


def raises_entries(doc: str) -> list[str] | None:
    """The error names of a docstring's ``Raises:`` section, ``None`` without one."""
    section = re.search(r"^Raises:\n((?:(?: {4}.*)?\n?)+)", doc, re.MULTILINE)
    if section is None:
        return None
    return re.findall(r"^ {4}(\w+):", section.group(1), re.MULTILINE)


def test_the_audit_sees_the_whole_api() -> None:
    """The audit covers functions and methods of every package, both State classes'."""
    names = {f"{package.__name__}.{name}" for package, name, _ in CALLABLES}
    for expected in ("campers_rules.State.apply", "campers_rules.new_game",
                     "campers_rules.Card.parse", "campers_rules.solver.solve",
                     "karibou_rules.State.view", "karibou_rules.hand_size"):
        assert expected in names
    assert len(CALLABLES) > 100


@pytest.mark.parametrize(("package", "name", "thing"), CALLABLES,
                         ids=[f"{p.__name__}.{n}" for p, n, _ in CALLABLES])
def test_public_callable_documents_what_it_raises(
    package: ModuleType, name: str, thing: Callable[..., object]
) -> None:
    """Issue 28: a Raises section naming the package's own errors, or "Never raises"."""
    doc = docstring(thing)
    entries = raises_entries(doc)
    if entries is None:
        assert "Never raises" in doc, f"{package.__name__}.{name} says nothing of what it raises"
        return
    assert entries, f"{package.__name__}.{name}: an empty Raises section"
    unknown = set(entries) - _errors(package)
    assert not unknown, f"{package.__name__}.{name} names {unknown}, no error of the package"
