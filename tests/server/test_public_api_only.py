"""Issue 31: the server is built on the public API alone. No module of ``camp_server``
imports a private module or name of ``campers_rules`` or ``karibou_rules``, nor reaches a
private attribute of anything but its own objects (``self._x``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("campers_rules", "karibou_rules")


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(source: str) -> list[str]:
    """Every private import or attribute use of the source, as text (empty: none)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names
                      if any(map(_private, alias.name.split(".")))]
        elif isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[0] in PACKAGES and (any(map(_private, parts))
                                         or any(_private(a.name) for a in node.names)):
                found.append(f"from {node.module} import ...")
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            if not (isinstance(node.value, ast.Name) and node.value.id == "self"):
                found.append(f".{node.attr} (line {node.lineno})")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "hasattr") and len(node.args) > 1
              and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)
              and _private(node.args[1].value)):
            found.append(f"{node.func.id}(..., {node.args[1].value!r})")
    return found


def test_camp_server_uses_only_public_names_of_the_packages() -> None:
    """Issue 31: the reference server proves the embedding contract."""
    modules = sorted((ROOT / "camp_server").rglob("*.py"))
    assert len(modules) >= 5
    for path in modules:
        assert private_uses(path.read_text()) == [], path.name


def test_the_scan_finds_each_kind_of_private_use() -> None:
    """The scan is not vacuous: each way of reaching a private name is caught."""
    planted = [
        "import campers_rules._state",
        "from campers_rules._rules import apply",
        "from karibou_rules import _noticing",
        "from karibou_rules._play import NOTICING",
        "state._rng",
        "kc.State._cache",
        "getattr(state, '_hands')",
    ]
    for line in planted:
        assert private_uses(line), line
    allowed = "import campers_rules\nself._lock\nfrom camp_server._table import Table\nx.__dict__"
    assert private_uses(allowed) == []
