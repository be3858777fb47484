"""The module map (docs/campers/modules.rst) names every Unhappy Campers ruling and only
modules that exist (issue 12: a docs page maps each rule and ruling to its module)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "campers" / "modules.rst").read_text()


def test_every_ruling_is_placed() -> None:
    """Each UC ruling of RULINGS.md appears on the page."""
    rulings = set(re.findall(r"\*\*(UC-\d+)", (ROOT.parent / "shared" / "RULINGS.md").read_text()))
    assert rulings, "RULINGS.md names no UC ruling"
    placed = set(re.findall(r"UC-\d+", PAGE))
    assert rulings <= placed, sorted(rulings - placed, key=lambda r: int(r[3:]))


def test_every_module_named_exists() -> None:
    """Each ``_module`` the page names is a module of campers_rules."""
    named = set(re.findall(r"``(_[a-z]+)[.`]", PAGE))
    assert named, "the page names no module"
    missing = {m for m in named if not (ROOT / "campers_rules" / f"{m}.py").exists()}
    assert not missing, sorted(missing)
