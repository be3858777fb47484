"""The project's two commands, usable on a fresh machine with only Python and pip.

    python3 tasks.py play    # set up, then run the main job (games played by bots)
    python3 tasks.py check   # set up, then run every check (tests, mypy, ruff, docs)
    python3 tasks.py bench   # set up, then run the benchmark suite with timings
    python3 tasks.py compile    # set up, then build the mypyc-compiled modules in place
    python3 tasks.py uncompile  # remove them again (back to pure Python)

Each command creates ``.venv`` when it is missing and installs the project with its
``dev``, ``dask`` and ``plot`` extras; the install is skipped on later runs while
``pyproject.toml`` is unchanged. Compiled modules (see ``docs/compiled.rst``) sit next to
their sources and are imported instead of them until ``uncompile`` removes them.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / "camp-rules-installed.txt"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
PACKAGES = ["campers_rules", "karibou_rules"]


def _install_fingerprint() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_environment() -> None:
    """Create the virtual environment and install the project, unless already done."""
    if not PYTHON.exists():
        print(f"creating virtual environment in {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    fingerprint = _install_fingerprint()
    if STAMP.exists() and STAMP.read_text() == fingerprint:
        return
    print("installing camp-rules and its development tools", flush=True)
    pip = [str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    run([*pip, "--upgrade", "pip"])
    run([*pip, "-e", ".[dev,dask,plot]"])
    STAMP.write_text(fingerprint)


def run(command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run one step (from the repository root by default); stop everything if it fails."""
    print("$ " + " ".join(command), flush=True)
    result = subprocess.run(command, cwd=cwd, env=env, check=False)
    if result.returncode != 0:
        print(f"FAILED ({result.returncode}): {' '.join(command)}", flush=True)
        sys.exit(result.returncode)


def tool(name: str) -> str:
    return str(BIN / name)


def play() -> None:
    """The main job: a seeded game of each game, then a small simulation summary."""
    run([tool("camp-rules"), "play", "karibou", "--players", "5", "--seed", "1"])
    run([tool("camp-rules"), "play", "campers", "--players", "3", "--seed", "1"])
    run(
        [tool("camp-rules"), "simulate", "karibou", "--games", "40", "--players", "5",
         "--bots", "heuristic", "--seed", "1"]
    )
    run(
        [tool("camp-rules"), "simulate", "campers", "--games", "8", "--players", "3",
         "--bots", "heuristic,random", "--seed", "1"]
    )


def compiled_files() -> list[Path]:
    """The mypyc output lying in the source tree (extension modules and their shared library)."""
    found = [*ROOT.glob("campers_rules__mypyc.*")]
    for package in PACKAGES:
        found += [path for path in (ROOT / package).rglob("*") if path.suffix in {".so", ".pyd"}]
    return sorted(found)


def compile_in_place() -> None:
    """Compile the modules listed in pyproject.toml with mypyc, next to their sources."""
    uncompile()
    print("compiling with mypyc (the modules listed in pyproject.toml)", flush=True)
    run([str(PYTHON), "hatch_build.py"])
    print("\n".join(str(path.relative_to(ROOT)) for path in compiled_files()), flush=True)


def uncompile() -> None:
    """Remove compiled modules from the source tree, so the pure-Python sources run again."""
    for path in compiled_files():
        print(f"removing {path.relative_to(ROOT)}", flush=True)
        path.unlink()


def check() -> None:
    """Every check CI runs: lint, strict typing, tests (with doctests and examples), docs."""
    if compiled_files():
        print("note: checking the mypyc-compiled modules (python3 tasks.py uncompile)", flush=True)
        # pytest refuses to collect a module's doctests when the module imported is the
        # extension beside it; with this it uses the imported (compiled) module instead.
        os.environ["PY_IGNORE_IMPORTMISMATCH"] = "1"
    run([tool("ruff"), "check", "."])
    run([tool("mypy"), "--strict", *PACKAGES])
    run([tool("pytest"), "-q", "--benchmark-disable"])
    run([tool("sphinx-build"), "-E", "-W", "--keep-going", "-q", "-b", "html", "docs",
         "docs/_build/html"])
    if not compiled_files():
        check_compiled()
    print("all checks passed", flush=True)


_NOT_COPIED = shutil.ignore_patterns(
    ".venv", ".git", "_build", "__pycache__", "*.so", "*.pyd", ".hypothesis", ".benchmarks")


def check_compiled() -> None:
    """The compiled build plays the same games: compile a scratch copy of the checkout with
    mypyc and run the Unhappy Campers tests (and the compiled build's own) against it."""
    with tempfile.TemporaryDirectory(prefix="camp-rules-compiled-") as scratch:
        copy = Path(scratch) / "tree"
        shutil.copytree(ROOT, copy, ignore=_NOT_COPIED)
        run([str(PYTHON), "hatch_build.py"], cwd=copy)
        env = {**os.environ, "PYTHONPATH": str(copy), "PY_IGNORE_IMPORTMISMATCH": "1"}
        run([tool("pytest"), "-q", "--benchmark-disable",
             "tests/campers", "tests/test_compiled.py"], cwd=copy, env=env)


def bench() -> None:
    """Run the benchmark suite and print its tables."""
    run([tool("pytest"), "benchmarks", "-q", "--benchmark-only",
         "--benchmark-columns=median,mean,ops,rounds", "--benchmark-sort=name"])


COMMANDS = {
    "play": play, "check": check, "bench": bench, "compile": compile_in_place,
    "uncompile": uncompile,
}


def main() -> None:
    if len(sys.argv) != 2 or sys.argv[1] not in COMMANDS:
        print(f"usage: python3 tasks.py {{{'|'.join(COMMANDS)}}}", file=sys.stderr)
        sys.exit(2)
    os.chdir(ROOT)
    ensure_environment()
    COMMANDS[sys.argv[1]]()


if __name__ == "__main__":
    main()
