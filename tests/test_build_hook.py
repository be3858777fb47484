"""The build hook of the compiled default install (issue 29, ``hatch_build.py``,
docs/compiled.rst): each package's modules form one mypyc group; a package that does not
compile stays pure Python with one line saying why; ``CAMP_RULES_PURE=1`` builds pure."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
pytest.importorskip("hatchling")
import hatch_build  # noqa: E402

SETTINGS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"][
    "targets"]["wheel"]


class _Shown:
    """The hook's application: what it displays, by kind."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []

    def display_info(self, message: str = "") -> None:
        self.lines.append(("info", message))

    def display_warning(self, message: str = "") -> None:
        self.lines.append(("warning", message))


def _hook(root: Path, modules: list[str], shown: _Shown) -> Any:
    config = {"modules": modules,
              "compile-dependencies": SETTINGS["hooks"]["custom"]["compile-dependencies"]}
    build_config = SimpleNamespace(packages=["pkg", "other"])
    return hatch_build.CustomBuildHook(str(root), config, build_config, None,  # type: ignore[arg-type]
                                       str(root / "dist"), "wheel", shown)  # type: ignore[arg-type]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A tiny checkout: package ``pkg`` with one typed module, and a stale extension file
    of an earlier build in place."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "_twice.py").write_text("def twice(n: int) -> int:\n    return 2 * n\n")
    (tmp_path / "pkg" / "_old.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    (tmp_path / "pkg__mypyc.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    return tmp_path


def test_the_listed_modules_form_one_group_per_package() -> None:
    """Issue 29: the list in pyproject.toml is plain paths; each package's are one group."""
    groups = hatch_build.by_package(["campers_rules/_a.py", "karibou_rules/_b.py",
                                     "campers_rules/solver/_c.py"])
    assert groups == {"campers_rules": ["campers_rules/_a.py", "campers_rules/solver/_c.py"],
                      "karibou_rules": ["karibou_rules/_b.py"]}
    assert set(hatch_build.by_package(SETTINGS["hooks"]["custom"]["modules"])) <= set(
        SETTINGS["packages"])


def test_the_fallback_is_one_line_naming_the_package_and_the_cause() -> None:
    """Issue 29: the first error a tool reported is the reason (mypy's or the C compiler's),
    else setuptools' closing line; the line says the package is pure Python."""
    header = "x.c:1:10: fatal error: Python.h: No such file or directory"
    output = f"gcc -Werror=x -c x.c\n{header}\nerror: command 'gcc' failed with exit code 1\n"
    assert hatch_build._reason(output) == header
    assert hatch_build._reason("gcc -c x.c\nerror: command 'gcc' failed: No such file\n") == (
        "error: command 'gcc' failed: No such file")
    newer = "error: Command '['/bin/false', '-O3', '-c', 'x.c']' returned non-zero exit status 1."
    assert hatch_build._reason(f"/bin/false -O3 -c x.c\n{newer}\n") == (
        "error: command '/bin/false' returned non-zero exit status 1.")
    assert hatch_build._reason("error: command '/bin/false' failed with exit code 1") == (
        "error: command '/bin/false' failed with exit code 1")
    line = hatch_build.fallback_line("karibou_rules", hatch_build._reason(output))
    assert "\n" not in line and "karibou_rules" in line and "pure Python" in line
    assert line.endswith(header)


def test_without_a_compiler_the_package_stays_pure_and_says_so(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29: an editable build where the C compiler fails (``CC=/bin/false``) clears
    the earlier compiled files, writes none, keeps the wheel pure and shows one line, in the
    build's output and on the terminal."""
    monkeypatch.delenv(hatch_build.PURE, raising=False)
    monkeypatch.setenv("CC", "/bin/false")
    terminal = tree / "terminal.txt"
    monkeypatch.setattr(hatch_build, "TERMINAL", str(terminal))
    shown = _Shown()
    build_data: dict[str, Any] = {"force_include": {}}
    _hook(tree, ["pkg/_twice.py"], shown).initialize("editable", build_data)
    assert hatch_build.compiled_files(tree, ["pkg"]) == []
    assert build_data == {"force_include": {}}
    assert [kind for kind, _ in shown.lines] == ["warning"]
    line = shown.lines[0][1]
    assert line.startswith(hatch_build.fallback_line("pkg", "error: command '/bin/false' "))
    assert "exit" in line and "-O3" not in line
    assert terminal.read_text() == line + "\n"  # past pip's capture of the build's output


@pytest.mark.parametrize("value", ["1", "yes", "TRUE"])
def test_pure_switch_builds_pure_and_asks_for_no_compiler(
    tree: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    """Issue 29: ``CAMP_RULES_PURE=1`` asks the build environment for nothing, compiles
    nothing and removes what an earlier editable build compiled in place."""
    monkeypatch.setenv(hatch_build.PURE, value)
    shown = _Shown()
    hook = _hook(tree, ["pkg/_twice.py"], shown)
    assert hook.dependencies() == []
    build_data: dict[str, Any] = {"force_include": {}}
    hook.initialize("editable", build_data)
    assert hatch_build.compiled_files(tree, ["pkg"]) == []
    assert build_data == {"force_include": {}}
    assert shown.lines == [("info", "camp-rules: pure-Python build (CAMP_RULES_PURE is set)")]


def test_the_default_build_asks_for_mypyc_and_what_it_type_checks_with(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29: an isolated build environment gets mypy (mypyc), setuptools and the
    packages' typed dependencies, so a plain ``pip install .`` can compile."""
    monkeypatch.delenv(hatch_build.PURE, raising=False)
    asked = " ".join(_hook(tree, [], _Shown()).dependencies())
    for requirement in ("mypy", "setuptools", "attrs", "cattrs", "types-tqdm"):
        assert requirement in asked
