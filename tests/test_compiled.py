"""The optional mypyc build (docs/compiled.rst): which modules it may compile, and that it is fresh.

These run in the pure-Python suite as guards on ``pyproject.toml``'s module list, and in a
checkout compiled with ``python3 tasks.py compile`` they also check the extension modules.
"""

from __future__ import annotations

import importlib
import inspect
import tomllib
from pathlib import Path

import attrs
import pytest

import campers_rules as uc

ROOT = Path(__file__).resolve().parent.parent
HOOK = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"][
    "wheel"
]["hooks"]["custom"]
LISTED = HOOK["modules"]


def _module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def _extensions() -> list[Path]:
    return sorted(p for p in (ROOT / "campers_rules").rglob("*") if p.suffix in {".so", ".pyd"})


def test_listed_modules_exist_and_are_private() -> None:
    assert LISTED, "the compiled build lists no module"
    for path in LISTED:
        assert (ROOT / path).is_file(), path
        assert Path(path).name.startswith("_"), f"{path}: only private modules are compiled"


@pytest.mark.parametrize("path", LISTED)
def test_listed_modules_define_no_public_attrs_class(path: str) -> None:
    """mypyc erases a compiled class's annotations to bare classes (``tuple[Group, ...]``
    becomes ``tuple``), which breaks cattrs (JSON) and the UC-6 field checks of actions: the
    public attrs classes must live in modules that stay pure Python."""
    module = importlib.import_module(_module_name(path))
    public = [
        name for name, value in vars(module).items()
        if inspect.isclass(value) and attrs.has(value) and value.__module__ == module.__name__
        and not name.startswith("_")
    ]
    assert public == [], f"{path} defines public attrs classes {public}"


def test_compiled_modules_are_listed_and_not_stale() -> None:
    """An extension module shadows the source beside it: after an edit to the source, the
    stale extension would still run (``python3 tasks.py compile`` or ``uncompile``)."""
    sources = {_module_name(path) for path in LISTED}
    for extension in _extensions():
        source = extension.with_name(extension.name.split(".")[0] + ".py")
        name = _module_name(source.relative_to(ROOT).as_posix())
        assert name in sources, f"{extension.name} is not in the compiled build's list"
        assert extension.stat().st_mtime >= source.stat().st_mtime, f"{extension} is stale"
        assert importlib.import_module(name).__file__ == str(extension)


@pytest.mark.parametrize("seat", ["0", None, 1.5, True, [0]])
def test_uc6_wrongly_typed_seat_gets_no_actions_in_either_build(seat: object) -> None:
    """UC-6: a compiled ``int`` parameter would turn these into TypeError (or ``True`` into
    seat 1); every seat that is not an ``int`` gets the typed error (issue 10: as ``apply``
    raises for such a seat) and no legal action."""
    state = uc.new_game(3, seed=0)
    with pytest.raises(uc.NotYourTurnError):
        state.legal_actions(seat)  # type: ignore[arg-type]
    assert not state.is_legal(seat)  # type: ignore[arg-type]
