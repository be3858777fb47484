"""The compiled build: a hatchling build hook that compiles the listed modules with mypyc.

``pip install .`` (and ``pip install -e .``, ``python -m build``) compiles the modules listed
under ``[tool.hatch.build.targets.wheel.hooks.custom]`` in ``pyproject.toml`` to C extension
modules, one mypyc group per package, as black and mypy ship themselves; the wheel gets a
platform tag. An editable install writes the extension modules next to their sources.
Where a package's modules do not compile (no C compiler, no Python headers, a mypyc
error) that package stays pure Python and the build prints one line saying so;
``CAMP_RULES_PURE=1`` in the environment builds the pure-Python wheel outright. The sdist
is always pure source. See ``docs/compiled.rst``.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PURE = "CAMP_RULES_PURE"
"""The environment variable that forces the pure-Python build (``1``, ``true`` or ``yes``)."""

EXTENSION_SUFFIXES = (".so", ".pyd")

TERMINAL = "/dev/tty"
"""Where a fallback line goes besides the build's output, which pip hides without -v."""

# Runs in a child interpreter so setuptools and mypyc stay out of the hook's own process.
# argv: the group (package) name, comma-separated module paths, then the build_ext arguments.
_SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify

group, modules, target = sys.argv[1], sys.argv[2].split(","), sys.argv[3]
del sys.argv[1:4]
extensions = mypycify(
    ["--ignore-missing-imports", *modules], opt_level="3", target_dir=target,
    group_name=group,
)
setup(name="camp_rules_compiled", ext_modules=extensions, packages=[], py_modules=[])
"""


def forced_pure() -> bool:
    """Whether the environment asks for the pure-Python build."""
    return os.environ.get(PURE, "").strip().lower() in {"1", "true", "yes"}


def by_package(modules: list[str]) -> dict[str, list[str]]:
    """The listed module paths grouped by their package (a mypyc group each)."""
    groups: dict[str, list[str]] = {}
    for module in modules:
        groups.setdefault(module.split("/")[0], []).append(module)
    return groups


def fallback_line(package: str, reason: str) -> str:
    """The one line a build prints when a package stays pure Python."""
    return (f"camp-rules: {package} is installed as pure Python (slower, same games): "
            f"mypyc could not compile it: {reason}")


def _reason(output: str) -> str:
    """Why a compilation failed, in one line: the first error a tool reported (mypy's, the
    C compiler's), else setuptools' closing ``error:`` line (naming only the program of a
    command that failed), else the last line."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    reported = [line for line in lines if ": error:" in line or "fatal error:" in line]
    closing = [line for line in lines if line.startswith("error:")]
    reason = (reported or closing or lines[-1:] or ["no output"])[0]
    program = re.match(r"error: [Cc]ommand '\[?'?([^',\]]+)", reason)
    if program and not reported:  # what follows the command: "failed ...", "returned ..."
        reason = f"error: command '{program.group(1)}' {reason.rsplit(chr(39) + ' ', 1)[-1]}"
    return reason[:300]


def tell(app: Any, line: str) -> None:
    """Show a line of the build: in the build's output (pip shows it with ``-v``) and on
    the terminal, past pip's capture of the build's output, when there is one."""
    app.display_warning(line)
    with contextlib.suppress(OSError), open(TERMINAL, "w") as terminal:
        terminal.write(line + "\n")


def compile_modules(root: Path, modules: list[str], build_lib: Path) -> dict[str, str]:
    """Compile these module files (paths relative to root) with mypyc, each package's as
    one group, the groups side by side; the extension files go under ``build_lib``, laid out
    like the sources. Returns why each package that failed did (nothing of it is written)."""
    with tempfile.TemporaryDirectory(prefix="camp-rules-mypyc-") as scratch:
        running = {}
        for package, files in by_package(modules).items():
            work = Path(scratch) / package
            command = [sys.executable, "-c", _SETUP, package, ",".join(files), str(work),
                       "build_ext", "--build-temp", str(work), "--build-lib",
                       str(work / "lib")]
            env = {**os.environ, "MYPY_CACHE_DIR": str(work / "mypy_cache")}
            running[package] = subprocess.Popen(
                command, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                text=True)
        failures = {}
        for package, process in running.items():
            output, _ = process.communicate()
            if process.returncode != 0:
                failures[package] = _reason(output)
                continue
            lib = Path(scratch) / package / "lib"
            for path in lib.rglob("*"):
                if path.suffix in EXTENSION_SUFFIXES:
                    target = build_lib / path.relative_to(lib)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(path, target)
    return failures


def compiled_files(root: Path, packages: list[str]) -> list[Path]:
    """The mypyc output lying in a source tree: the packages' extension modules and the
    groups' shared libraries beside them."""
    found = [path for path in root.glob("*__mypyc.*") if path.suffix in EXTENSION_SUFFIXES]
    for package in packages:
        found += [path for path in (root / package).rglob("*")
                  if path.suffix in EXTENSION_SUFFIXES]
    return sorted(found)


class CustomBuildHook(BuildHookInterface[Any]):
    """Compile the listed modules into the wheel unless ``CAMP_RULES_PURE`` is set."""

    _build_lib: Path | None = None

    def _setting(self, key: str) -> list[str]:
        value = self.config.get(key, [])
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise TypeError(f"tool.hatch.build.targets.wheel.hooks.custom.{key} must list strings")
        return value

    def dependencies(self) -> list[str]:
        return [] if forced_pure() else self._setting("compile-dependencies")

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root, modules = Path(self.root), self._setting("modules")
        if version == "editable":  # the sources are imported in place, and so are builds
            for path in compiled_files(root, self.build_config.packages):
                path.unlink()
        if forced_pure():
            self.app.display_info(f"camp-rules: pure-Python build ({PURE} is set)")
            return
        if version == "editable":
            failures = compile_modules(root, modules, root)
            built = compiled_files(root, self.build_config.packages)
        else:
            self._build_lib = Path(tempfile.mkdtemp(prefix="camp-rules-wheel-"))
            failures = compile_modules(root, modules, self._build_lib)
            built = compiled_files(self._build_lib, self.build_config.packages)
            for path in built:
                build_data["force_include"][str(path)] = path.relative_to(
                    self._build_lib).as_posix()
        for package, reason in failures.items():
            tell(self.app, fallback_line(package, reason))
        if built:
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._build_lib is not None:
            shutil.rmtree(self._build_lib, ignore_errors=True)
            self._build_lib = None


def wheel_settings(root: Path) -> tuple[list[str], list[str]]:
    """The wheel's packages and the module files listed for the compiled build, as
    ``pyproject.toml`` gives them."""
    import tomllib

    wheel = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["hatch"]["build"][
        "targets"]["wheel"]
    return wheel["packages"], wheel["hooks"]["custom"]["modules"]


if __name__ == "__main__":
    # ``python hatch_build.py``: compile the listed modules next to their sources, with the
    # mypy of the running environment (``python3 tasks.py bench`` compiles a scratch copy so).
    here = Path(__file__).resolve().parent
    packages, listed = wheel_settings(here)
    for old in compiled_files(here, packages):
        old.unlink()
    problems = compile_modules(here, listed, here)
    for name, why in problems.items():
        print(fallback_line(name, why), file=sys.stderr)
    sys.exit(1 if problems else 0)
