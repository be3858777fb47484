"""What a package keeps at module level: its modules, their mutable containers and their
functools caches (the tests that hold each package's memo rule read them, issue 12)."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import MutableMapping, MutableSequence, MutableSet
from types import ModuleType
from typing import Any


def modules(package: ModuleType) -> list[ModuleType]:
    """The package and every module under it (those of an extra that is not installed
    left out)."""
    found = [package]
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        try:
            found.append(importlib.import_module(info.name))
        except ImportError:  # an optional extra (open_spiel, pettingzoo) is missing
            continue
    return found


def containers(module: ModuleType) -> dict[str, Any]:
    """The module's mutable containers (dicts, lists, sets, bytearrays ...) by name, each
    as a snapshot to compare later."""
    out: dict[str, Any] = {}
    for name, value in vars(module).items():
        if isinstance(value, MutableMapping):
            out[name] = list(value.items())
        elif isinstance(value, MutableSet | MutableSequence):
            out[name] = list(value)
    return out


def _callables(module: ModuleType) -> dict[str, Any]:
    """The module's functions and its classes' methods, by qualified name."""
    out: dict[str, Any] = {}
    for name, value in vars(module).items():
        if isinstance(value, type) and value.__module__ == module.__name__:
            for attr, member in vars(value).items():
                if isinstance(member, staticmethod | classmethod):
                    member = member.__func__
                elif isinstance(member, property):
                    member = member.fget
                out[f"{name}.{attr}"] = member
        elif callable(value) and getattr(value, "__module__", None) == module.__name__:
            out[name] = value
    return out


def functools_caches(found: list[ModuleType]) -> list[str]:
    """The module-level functions and methods of these modules that are functools caches
    (``functools.cache``, ``lru_cache``), by qualified name."""
    return [f"{m.__name__}.{name}" for m in found
            for name, member in _callables(m).items() if hasattr(member, "cache_info")]
