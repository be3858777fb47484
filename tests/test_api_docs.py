"""Every public name of both packages is documented: a docstring and a place in the API pages."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

import campers_rules
import karibou_rules

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _documented_names(*pages: str) -> str:
    return "\n".join((DOCS / page).read_text() for page in pages)


@pytest.mark.parametrize("name", sorted(campers_rules.__all__))
def test_campers_public_name_is_in_the_api_reference(name: str) -> None:
    text = _documented_names("campers/api.rst", "solver/api.rst")
    assert name in text, f"campers_rules.{name} is missing from the API reference"


@pytest.mark.parametrize(
    ("package", "name"),
    [(campers_rules, n) for n in campers_rules.__all__]
    + [(karibou_rules, n) for n in karibou_rules.__all__],
)
def test_public_classes_and_functions_have_docstrings(package: object, name: str) -> None:
    obj = getattr(package, name)
    if inspect.isclass(obj) or inspect.isfunction(obj):
        assert inspect.getdoc(obj), f"{name} has no docstring"


def test_karibou_reference_documents_the_whole_package() -> None:
    assert ".. automodule:: karibou_rules" in _documented_names("karibou/api.rst")
