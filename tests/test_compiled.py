"""The compiled build (docs/compiled.rst): which modules it may compile, that it is fresh,
that each package says which build is loaded, and how the build hook falls back.

``python3 tasks.py check`` runs these in both builds: on the checkout compiled in place (the
default install) and on the pure-Python copy.
"""

from __future__ import annotations

import importlib
import inspect
import os
import shutil
import subprocess
import sys
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import attrs
import pytest

import campers_rules as uc
import karibou_rules as kc

ROOT = Path(__file__).resolve().parent.parent
HOOK = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"][
    "wheel"
]["hooks"]["custom"]
LISTED = HOOK["modules"]


def _module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def _extensions(package: str | None = None) -> list[Path]:
    packages = [package] if package else ["campers_rules", "karibou_rules"]
    return sorted(p for name in packages for p in (ROOT / name).rglob("*")
                  if p.suffix in {".so", ".pyd"})


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
    stale extension would still run (``python3 tasks.py`` builds again after an edit)."""
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


@pytest.mark.parametrize("package", [uc, kc], ids=["campers_rules", "karibou_rules"])
def test_compiled_says_which_build_is_loaded(package: ModuleType) -> None:
    """Issue 29: ``COMPILED`` is true exactly when the package's modules, as imported,
    include extension modules: in a checkout built in place, when it has compiled files;
    in the pure copy, never."""
    name = package.__name__
    imported = [module for module_name, module in list(sys.modules.items())
                if module_name.startswith(name + ".") and getattr(module, "__file__", None)]
    assert package.COMPILED is any(
        str(module.__file__).endswith(tuple(EXTENSION_SUFFIXES)) for module in imported)
    assert package.COMPILED is bool(_extensions(name))
    assert "COMPILED" in package.__all__


def test_sources_without_extension_modules_say_they_are_pure(tmp_path: Path) -> None:
    """Issue 29: the packages' sources alone (no ``.so``) import as the pure build, and
    ``camp-rules --version`` says so of each package."""
    for name in ("campers_rules", "karibou_rules"):
        shutil.copytree(ROOT / name, tmp_path / name,
                        ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    code = ("import campers_rules, karibou_rules\n"
            "print(campers_rules.__file__, campers_rules.COMPILED, karibou_rules.COMPILED)")
    shown = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, text=True,
                           capture_output=True, timeout=120, check=True).stdout.split()
    assert shown == [str(tmp_path / "campers_rules" / "__init__.py"), "False", "False"]
    version = subprocess.run([sys.executable, "-m", "campers_rules._cli", "--version"],
                             env=env, cwd=tmp_path, text=True, capture_output=True,
                             timeout=120, check=True).stdout
    assert version.endswith(" (campers_rules: pure, karibou_rules: pure)\n")


def test_the_listed_modules_of_each_compiled_package_are_the_ones_imported() -> None:
    """Issue 29: in a checkout built in place, every listed module of a compiled package is
    imported from its extension module (none was left pure by a partial build)."""
    for path in LISTED:
        package = importlib.import_module(path.split("/")[0])
        module = importlib.import_module(_module_name(path))
        assert str(module.__file__).endswith(".py") is not package.COMPILED, path


def test_the_random_source_is_compiled_with_the_id_path() -> None:
    """Issue 29 (UC-6, UC-21): ``_rng.shuffled``, which reshuffles the discard pile into a
    new deck from the compiled ``_work``, is compiled with it (listed, so the test above
    checks it is imported from its extension module when built)."""
    assert "campers_rules/_rng.py" in LISTED
