"""Optional mypyc-compiled wheel: a hatchling build hook that is off unless asked for.

By default this hook does nothing and the wheel is pure Python, so ``pip install camp-rules``
needs no compiler. With ``CAMP_RULES_MYPYC=1`` in the environment of ``pip install .`` (or
``python -m build``), the modules listed under ``[tool.hatch.build.targets.wheel.hooks.custom]``
in ``pyproject.toml`` are compiled with mypyc and the wheel gets a platform tag. An editable
install (``pip install -e .``) with the switch compiles the same modules in place, next to
their sources, exactly as ``python3 tasks.py compile`` does. See ``docs/compiled.rst``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "CAMP_RULES_MYPYC"
"""The environment variable that turns compilation on (``1``, ``true`` or ``yes``)."""

# Runs in a child interpreter so setuptools and mypyc stay out of the hook's own process.
# argv: comma-separated module paths, C output directory, then the build_ext arguments.
_SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify

modules, target = sys.argv[1].split(","), sys.argv[2]
del sys.argv[1:3]
extensions = mypycify(
    ["--ignore-missing-imports", *modules], opt_level="3", target_dir=target,
    group_name="campers_rules",
)
setup(name="camp_rules_compiled", ext_modules=extensions, packages=[], py_modules=[])
"""


def switched_on() -> bool:
    """Whether the environment asks for the compiled build."""
    return os.environ.get(SWITCH, "").strip().lower() in {"1", "true", "yes"}


def compile_modules(root: Path, modules: list[str], build_lib: Path | None) -> None:
    """Compile these module files (paths relative to root) with mypyc.

    The extension files go under ``build_lib``, laid out like the sources, or next to the
    sources when ``build_lib`` is None.
    """
    with tempfile.TemporaryDirectory(prefix="camp-rules-mypyc-") as scratch:
        # --inplace still builds under --build-lib first, then copies next to the sources.
        lib = Path(scratch) / "lib" if build_lib is None else build_lib
        inplace = ["--inplace"] if build_lib is None else []
        command = [sys.executable, "-c", _SETUP, ",".join(modules), scratch, "build_ext",
                   "--build-temp", scratch, "--build-lib", str(lib), *inplace]
        env = {**os.environ, "MYPY_CACHE_DIR": str(Path(scratch) / "mypy_cache")}
        result = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True,
                                check=False)
        if result.returncode != 0:
            raise RuntimeError(f"mypyc failed:\n{result.stdout}\n{result.stderr}")


class CustomBuildHook(BuildHookInterface[Any]):
    """Compile the listed modules into the wheel when ``CAMP_RULES_MYPYC`` is set."""

    _build_lib: Path | None = None

    def _setting(self, key: str) -> list[str]:
        value = self.config.get(key, [])
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise TypeError(f"tool.hatch.build.targets.wheel.hooks.custom.{key} must list strings")
        return value

    def dependencies(self) -> list[str]:
        return self._setting("compile-dependencies") if switched_on() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not switched_on():
            return
        root = Path(self.root)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if version == "editable":
            compile_modules(root, self._setting("modules"), None)
            return
        self._build_lib = Path(tempfile.mkdtemp(prefix="camp-rules-wheel-"))
        compile_modules(root, self._setting("modules"), self._build_lib)
        for path in sorted(self._build_lib.rglob("*")):
            if path.suffix in {".so", ".pyd"}:
                relative = path.relative_to(self._build_lib).as_posix()
                build_data["force_include"][str(path)] = relative

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._build_lib is not None:
            shutil.rmtree(self._build_lib, ignore_errors=True)
            self._build_lib = None


def listed_modules(root: Path) -> list[str]:
    """The module files ``pyproject.toml`` lists for the compiled build."""
    import tomllib

    settings = tomllib.loads((root / "pyproject.toml").read_text())
    modules: list[str] = settings["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"][
        "custom"]["modules"]
    return modules


if __name__ == "__main__":
    # ``python hatch_build.py``: compile the listed modules next to their sources, with the
    # mypy of the running environment (``python3 tasks.py compile`` and ``check`` use it).
    here = Path(__file__).resolve().parent
    compile_modules(here, listed_modules(here), None)
