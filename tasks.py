"""The project's two commands, usable on a fresh machine with only Python and pip.

    python3 tasks.py play    # set up, then run the main job (games played by bots)
    python3 tasks.py check   # set up, then run every check (tests, mypy, ruff, docs)
    python3 tasks.py bench   # set up, then run the benchmark suite with timings

Each command creates ``.venv`` when it is missing and installs the project with its
``dev``, ``dask`` and ``plot`` extras; the install is skipped on later runs while
``pyproject.toml`` is unchanged.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
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


def run(command: list[str]) -> None:
    """Run one step from the repository root; stop everything if it fails."""
    print("$ " + " ".join(command), flush=True)
    result = subprocess.run(command, cwd=ROOT, check=False)
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
         "--bots", "heuristic,random", "--seed", "1"]
    )
    run(
        [tool("camp-rules"), "simulate", "campers", "--games", "8", "--players", "3",
         "--bots", "heuristic,random", "--seed", "1"]
    )


def check() -> None:
    """Every check CI runs: lint, strict typing, tests (with doctests and examples), docs."""
    run([tool("ruff"), "check", "."])
    run([tool("mypy"), "--strict", *PACKAGES])
    run([tool("pytest"), "-q", "--benchmark-disable"])
    run([tool("sphinx-build"), "-E", "-W", "--keep-going", "-q", "-b", "html", "docs",
         "docs/_build/html"])
    print("all checks passed", flush=True)


def bench() -> None:
    """Run the benchmark suite and print its tables."""
    run([tool("pytest"), "benchmarks", "-q", "--benchmark-only",
         "--benchmark-columns=median,mean,ops,rounds", "--benchmark-sort=name"])


COMMANDS = {"play": play, "check": check, "bench": bench}


def main() -> None:
    if len(sys.argv) != 2 or sys.argv[1] not in COMMANDS:
        print(f"usage: python3 tasks.py {{{'|'.join(COMMANDS)}}}", file=sys.stderr)
        sys.exit(2)
    os.chdir(ROOT)
    ensure_environment()
    COMMANDS[sys.argv[1]]()


if __name__ == "__main__":
    main()
