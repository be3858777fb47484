"""The module map (docs/campers/modules.rst) names every Unhappy Campers ruling and only
modules that exist (issue 12: a docs page maps each rule and ruling to its module)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import campers_rules as uc
from campers_rules import _rules
from tests.campers.test_dispatch import FAMILIES

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "campers" / "modules.rst").read_text()


def test_every_ruling_is_placed() -> None:
    """Each UC ruling of the project's copy of the rulings (docs/RULINGS.md) appears on
    the page."""
    rulings = set(re.findall(r"\*\*(UC-\d+)", (ROOT / "docs" / "RULINGS.md").read_text()))
    assert rulings, "docs/RULINGS.md names no UC ruling"
    placed = set(re.findall(r"UC-\d+", PAGE))
    assert rulings <= placed, sorted(rulings - placed, key=lambda r: int(r[3:]))


def test_every_module_named_exists() -> None:
    """Each ``_module`` the page names is a module of campers_rules (or of its solver)."""
    named = set(re.findall(r"``(_[a-z0-9_]+)[.`]", PAGE))
    assert named, "the page names no module"
    modules = {p.stem for p in (ROOT / "campers_rules").rglob("*.py")}
    missing = named - modules
    assert not missing, sorted(missing)


def test_every_module_is_named() -> None:
    """Each module of campers_rules (its solver's included) is named on the page, so a
    newcomer finds every file in the map."""
    package = ROOT / "campers_rules"
    modules = {p.stem for p in package.rglob("*.py") if p.stem != "__init__"}
    unnamed = {m for m in modules if f"``{m}``" not in PAGE}
    assert not unnamed, sorted(unnamed)


def test_each_action_kind_has_one_family_module_named_on_the_page() -> None:
    """Issue 12: an action kind's check and effect live in one module, its family's, and
    the page names that module; every kind of the Action union has one (the families
    ``_rules`` dispatches to, as ``tests/campers/test_dispatch.py`` holds them)."""
    assert set(FAMILIES) == set(_rules._ACTIONS) == set(get_args(uc.Action))
    for kind, (check, effect) in FAMILIES.items():
        home = check.__module__
        assert effect.__module__ == home, kind.__name__
        assert home != _rules.__name__, f"{kind.__name__} is checked in _rules itself"
        assert f"``{home.rsplit('.', 1)[1]}``" in PAGE, home
