"""The project's two commands, usable on a fresh machine with only Python and pip.

    python3 tasks.py play    # set up, then run the main job (games played by bots)
    python3 tasks.py check   # set up, then run every check (tests, mypy, ruff, docs)
    python3 tasks.py bench   # set up, then run the benchmark suite with timings
    python3 tasks.py mutate [MODULE ...]  # mutation testing of rules modules (mutmut)

Each command creates ``.venv`` when it is missing and installs the project with the extras
it needs (:data:`EXTRAS`): ``play`` the package alone, the others also the ``dev``, ``dask``,
``plot``, ``mutate``, ``rl`` and ``server`` extras the checks use (the test suite runs
mutmut once, on a tiny module). The install is editable and compiled (docs/compiled.rst):
its build writes the mypyc-compiled modules next to their sources, or stays pure Python
where they do not compile, and each command prints which build it got. The install is
skipped on later runs while ``pyproject.toml`` is unchanged and the extras asked for are
in; the build is redone when the packages' sources, ``hatch_build.py`` or
``CAMP_RULES_PURE`` changed since. The stamp in ``.venv`` records all three.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import venv
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / "camp-rules-installed.txt"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
PACKAGES = ["campers_rules", "karibou_rules"]


CHECK_EXTRAS = ("dev", "dask", "plot", "mutate", "rl", "server")
"""The extras the checks use: the test tools, and what the tests of dask, plots, mutation
testing and the RL wrappers import."""

EXTRAS: dict[str, tuple[str, ...]] = {
    "play": (), "check": CHECK_EXTRAS, "bench": CHECK_EXTRAS, "mutate": CHECK_EXTRAS,
}
"""The extras each command installs: playing needs the package alone (its dependencies)."""


def _install_fingerprint() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def _build_fingerprint() -> str:
    """What an editable build is made of: the packages' sources, the build hook and the
    pure switch (an edit to a compiled module's source needs a new build to take effect)."""
    pure = os.environ.get("CAMP_RULES_PURE", "").strip().lower() in {"1", "true", "yes"}
    digest = hashlib.sha256(b"pure" if pure else b"compiled")
    sources = [path for package in PACKAGES for path in (ROOT / package).rglob("*.py")]
    for path in sorted([ROOT / "hatch_build.py", *sources]):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _stamp() -> list[str]:
    """The stamp's lines: the pyproject fingerprint, the extras, the build fingerprint."""
    lines = STAMP.read_text().split("\n") if STAMP.exists() else []
    return [*lines, "", "", ""][:3]


def installed_extras() -> set[str] | None:
    """The extras the stamp says are installed for this ``pyproject.toml`` (``None`` when
    the project is not installed, or was installed from another ``pyproject.toml``)."""
    fingerprint, extras, _ = _stamp()
    if not STAMP.exists() or fingerprint != _install_fingerprint():
        return None
    return set(extras.split())


def ensure_environment(extras: tuple[str, ...] = ()) -> None:
    """Create the virtual environment and install the project with ``extras``, unless
    already done (an earlier install of the same ``pyproject.toml`` with those extras);
    build it again when its sources changed since (:func:`_build_fingerprint`)."""
    if not PYTHON.exists():
        print(f"creating virtual environment in {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    installed = installed_extras()
    built = _build_fingerprint()
    pip = [str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    if installed is None or not installed.issuperset(extras):
        installed = (installed or set()) | set(extras)
        wanted = ",".join(sorted(installed))
        print(f"installing camp-rules{' with ' + wanted if wanted else ''} "
              "(compiled with mypyc: a minute or two)", flush=True)
        run([*pip, "--upgrade", "pip"])
        run([*pip, "-e", f".[{wanted}]" if wanted else "."])
    elif _stamp()[2] != built:
        print("building camp-rules again: its sources changed since the last build", flush=True)
        run([*pip, "--no-deps", "-e", "."])
    STAMP.write_text(f"{_install_fingerprint()}\n{' '.join(sorted(installed))}\n{built}\n")
    print(f"installed build: {installed_build()}", flush=True)


def installed_build() -> str:
    """What ``camp-rules --version`` says of the installed build: which package runs
    compiled, which pure Python (pip shows the build's own fallback line only with -v)."""
    result = subprocess.run([str(PYTHON), "-m", "campers_rules._cli", "--version"], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    said = result.stdout.strip() or result.stderr.strip()
    fell_back = [package for package in compiled_packages() if f"{package}: pure" in said]
    if fell_back and not os.environ.get("CAMP_RULES_PURE"):
        said += (f"; {', '.join(fell_back)} not compiled: no C compiler or Python headers, "
                 "or mypyc failed (pip install -v -e . says why)")
    return said


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


def listed_modules() -> list[str]:
    """The module files ``pyproject.toml`` lists for the compiled build."""
    import tomllib

    modules: list[str] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"][
        "build"]["targets"]["wheel"]["hooks"]["custom"]["modules"]
    return modules


def compiled_packages() -> list[str]:
    """The packages with modules listed for the compiled build."""
    return sorted({module.split("/")[0] for module in listed_modules()})


def compiled_files(root: Path = ROOT) -> list[Path]:
    """The mypyc output lying in a source tree: extension modules and the shared library of
    each package's group (``campers_rules__mypyc``, ``karibou_rules__mypyc``)."""
    found = [path for path in root.glob("*__mypyc.*") if path.suffix in {".so", ".pyd"}]
    for package in PACKAGES:
        found += [path for path in (root / package).rglob("*") if path.suffix in {".so", ".pyd"}]
    return sorted(found)


_WORKERS = ["-n", "auto"]
"""pytest-xdist: one test process per core."""

PURE_TESTS = [
    "tests/campers/test_game_perft.py",
    "tests/campers/test_listings_golden.py",
    "tests/campers/test_game_conformance.py",
    "tests/campers/test_ids.py",
    "tests/campers/test_ids_listing.py",
    "tests/campers/test_hot_paths.py",
    "tests/campers/test_solver_golden.py",
    "tests/campers/test_solver_differential.py",
    "tests/karibou/test_golden.py",
    "tests/karibou/test_conformance.py",
    "tests/karibou/test_ids.py",
    "tests/karibou/test_reference.py",
    "tests/test_conformance_harness.py",
    "tests/test_conformance_harness_embed.py",
    "tests/test_compiled.py",
    "tests/test_api_docs.py",
]
"""What the pure-Python build (the reference) runs again after the main, compiled run:
the perft counts, the hashed listings and golden games, the conformance harness and the
differential tests (id against object path, engine against reference) of both games; and,
since mypyc drops docstrings, the docstring audit (with the compiled modules' doctests,
:func:`check_pure`)."""


BROWSER = ("chromium", "chromedriver")
"""What the browser test drives (tests/server/test_browser.py): Debian's ``chromium`` and
``chromium-driver``."""


def ensure_browser() -> None:
    """Install Debian's ``chromium`` and ``chromium-driver`` with apt-get (as root, or
    through sudo) when the browser test's browser or driver is missing; without apt-get,
    say so (the test run then stops on it: conftest.py)."""
    if all(shutil.which(name) for name in BROWSER):
        return
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    sudo = [] if root else ["sudo"] if shutil.which("sudo") else None
    if shutil.which("apt-get") is None or sudo is None:
        print("note: install chromium and chromedriver, which the browser test needs "
              "(no apt-get here, or not root and no sudo)", flush=True)
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run([*sudo, "apt-get", "update"], env=env)
    run([*sudo, "apt-get", "install", "-y", "chromium", "chromium-driver"], env=env)


def check() -> None:
    """Every check CI runs: lint, strict typing, tests (with doctests and examples) on the
    build installed in place; then, on the pure-Python sources, the docs and the tests that
    pin the games (:data:`PURE_TESTS`)."""
    # every extra is installed: a missing optional module fails the run instead of skipping
    # its tests (conftest.py)
    os.environ["CAMP_RULES_ALL_EXTRAS"] = "1"
    # pytest refuses to collect a module's doctests when the module imported is the
    # extension beside it; with this it uses the imported (compiled) module instead.
    os.environ["PY_IGNORE_IMPORTMISMATCH"] = "1"
    ensure_browser()
    run([tool("ruff"), "check", "."])
    run([tool("mypy"), "--strict", *PACKAGES, "camp_server", "tests", "benchmarks", "examples",
         "conftest.py"])
    run([tool("pytest"), "-q", "--benchmark-disable", *_WORKERS])
    compiled = bool(compiled_files())
    with pure_copy() as (copy, env):
        # mypyc drops docstrings: the docs are built from the sources
        run([tool("sphinx-build"), "-E", "-W", "--keep-going", "-q", "-b", "html", "docs",
             str(ROOT / "docs" / "_build" / "html")], cwd=copy, env=env)
        if compiled:
            check_pure(copy, env)
        else:
            print("the main run was the pure-Python build: no second run", flush=True)
    print("all checks passed", flush=True)


_NOT_COPIED = shutil.ignore_patterns(
    ".venv", ".git", "_build", "__pycache__", "*.so", "*.pyd", ".hypothesis", ".benchmarks")


@contextlib.contextmanager
def pure_copy() -> Iterator[tuple[Path, dict[str, str]]]:
    """A scratch copy of the checkout without its compiled modules (the pure-Python build),
    and the environment that imports it."""
    with tempfile.TemporaryDirectory(prefix="camp-rules-pure-") as scratch:
        copy = Path(scratch) / "tree"
        shutil.copytree(ROOT, copy, ignore=_NOT_COPIED)
        yield copy, {**os.environ, "PYTHONPATH": str(copy)}


def check_pure(copy: Path, env: dict[str, str]) -> None:
    """Both builds play the same games: run :data:`PURE_TESTS` and the compiled modules'
    doctests again on the pure copy of the checkout."""
    print(
        "\nagain, pure Python: the perft, golden, conformance and differential tests of both "
        "games run a second time, against a copy of the sources without the mypyc-compiled "
        "modules, to check that the compiled build plays the same games as the pure-Python "
        "reference (docs/compiled.rst)",
        flush=True,
    )
    run([tool("pytest"), "-q", "--benchmark-disable", *_WORKERS, *PURE_TESTS,
         *listed_modules()], cwd=copy, env=env)


def bench() -> None:
    """Install the ``bench`` extra (the OpenSpiel anchor), run the benchmarks, print tables
    (the anchor benchmark prints both builds, docs/compiled.rst)."""
    _install_extra("bench")  # its requirements alone: pip install -e would build again
    run([tool("pytest"), "benchmarks", "-q", "-s", "--benchmark-only",
         "--benchmark-columns=median,mean,ops,rounds", "--benchmark-sort=name"])


# --- mutation testing -----------------------------------------------------------------

MUTATION_TESTS = {
    "karibou_rules/_results.py": ["tests/karibou/test_scoring.py", "tests/karibou/test_rules.py",
                                   "tests/karibou/test_mutation_results.py"],
    "karibou_rules/_rules.py": ["tests/karibou/test_rules.py", "tests/karibou/test_reference.py",
                                 "tests/karibou/test_stale.py",
                                 "tests/karibou/test_mutation_rules.py",
                                 "tests/karibou/test_shape.py",
                                 "tests/karibou/test_ids_stale.py"],
    "karibou_rules/_validate.py": ["tests/karibou/test_rules.py",
                                   "tests/karibou/test_boundaries.py",
                                   "tests/karibou/test_hidden.py",
                                   "tests/karibou/test_mutation_validate.py"],
    "karibou_rules/_noticing.py": ["tests/karibou/test_noticing.py",
                                   "tests/karibou/test_mutation_noticing.py"],
    "karibou_rules/_cards.py": ["tests/karibou/test_text.py", "tests/karibou/test_rules.py"],
    "karibou_rules/_actions.py": ["tests/karibou/test_text.py"],
    "karibou_rules/_deal.py": ["tests/karibou/test_chance.py"],
    "karibou_rules/_scoring.py": ["tests/karibou/test_scoring.py", "tests/karibou/test_rules.py",
                                  "tests/karibou/test_mutation_results.py",
                                  "tests/karibou/test_frozen.py"],
    "karibou_rules/_frozen.py": ["tests/karibou/test_frozen.py", "tests/karibou/test_rules.py"],
    "karibou_rules/_view.py": ["tests/karibou/test_hidden.py"],
    "karibou_rules/_serial.py": ["tests/karibou/test_serial.py",
                                  "tests/karibou/test_action_json.py",
                                  "tests/karibou/test_embed.py",
                                  "tests/karibou/test_boundaries.py",
                                  "tests/karibou/test_hidden.py",
                                  "tests/karibou/test_golden.py",
                                  "tests/karibou/test_mutation_validate.py",
                                  "tests/karibou/test_mutation_serial.py"],
    "campers_rules/_cards.py": ["tests/campers/test_game_text.py",
                                "tests/campers/test_card_ints.py"],
    "campers_rules/_groups.py": ["tests/campers/test_groups.py",
                                 "tests/campers/test_groups_rulings.py",
                                 "tests/campers/test_mutation_groups.py",
                                 "tests/campers/test_requirements.py",
                                 "tests/campers/test_card_ints.py"],
    "campers_rules/_requirements.py": ["tests/campers/test_requirements.py",
                                       "tests/campers/test_mutation_requirements.py"],
    "campers_rules/_catalogue.py": ["tests/campers/test_catalogue.py"],
    "campers_rules/_table.py": ["tests/campers/test_game_table.py",
                                "tests/campers/test_game_text.py",
                                "tests/campers/test_game_rules.py",
                                "tests/campers/test_game_perft.py",
                                "tests/campers/test_listings_golden.py",
                                "tests/campers/test_cache_bounds.py",
                                "tests/campers/test_rulings_table.py",
                                "tests/campers/test_rulings_play_cards.py",
                                "tests/campers/test_rulings_play_squat.py",
                                "tests/campers/test_rulings_play_swap.py",
                                "tests/campers/test_mutation_moves.py",
                                "tests/campers/test_mutation_table.py"],
    "campers_rules/_turn.py": ["tests/campers/test_game_rules.py",
                               "tests/campers/test_game_perft.py",
                               "tests/campers/test_listings_golden.py",
                               "tests/campers/test_hand_search.py",
                               "tests/campers/test_rulings_play_messages.py",
                               "tests/campers/test_mutation_rules.py"],
    "campers_rules/_claims.py": ["tests/campers/test_game_rules.py",
                                 "tests/campers/test_game_table.py",
                                 "tests/campers/test_rulings_table.py",
                                 "tests/campers/test_rulings_play_messages.py",
                                 "tests/campers/test_mutation_ids.py",
                                 "tests/campers/test_mutation_moves.py",
                                 "tests/campers/test_ids_listing.py"],
    "campers_rules/_squats.py": ["tests/campers/test_game_rules.py",
                                 "tests/campers/test_game_table.py",
                                 "tests/campers/test_rulings_play_squat.py",
                                 "tests/campers/test_rulings_play_swap.py",
                                 "tests/campers/test_rulings_play_messages.py",
                                 "tests/campers/test_mutation_moves.py",
                                 "tests/campers/test_ids_listing.py"],
    "campers_rules/_action_cards.py": ["tests/campers/test_game_rules.py",
                                       "tests/campers/test_rulings_play_cards.py",
                                       "tests/campers/test_rulings_play_messages.py",
                                       "tests/campers/test_rulings_play_squat.py",
                                       "tests/campers/test_fast_paths.py",
                                       "tests/campers/test_ids_listing.py",
                                       "tests/campers/test_mutation_action_cards.py"],
    "campers_rules/_responses.py": ["tests/campers/test_game_rules.py",
                                    "tests/campers/test_rulings_play_cards.py",
                                    "tests/campers/test_rulings_play_messages.py",
                                    "tests/campers/test_rulings_play_squat.py",
                                    "tests/campers/test_versions.py",
                                    "tests/campers/test_mutation_action_cards.py"],
    "campers_rules/_scoring.py": ["tests/campers/test_game_rules.py",
                                  "tests/campers/test_game_perft.py",
                                  "tests/campers/test_listings_golden.py",
                                  "tests/campers/test_rulings_going_out.py",
                                  "tests/campers/test_versions.py",
                                  "tests/campers/test_hostile_inputs.py",
                                  "tests/campers/test_apply_path.py",
                                  "tests/campers/test_rulings_play_squat.py",
                                  "tests/campers/test_rulings_two_going_out.py",
                                  "tests/campers/test_mutation_work.py"],
    "campers_rules/_work.py": ["tests/campers/test_game_rules.py",
                               "tests/campers/test_game_perft.py",
                               "tests/campers/test_listings_golden.py",
                               "tests/campers/test_hand_search.py",
                               "tests/campers/test_rulings_play_cards.py",
                               "tests/campers/test_rulings_play_squat.py",
                               "tests/campers/test_mutation_action_cards.py",
                               "tests/campers/test_mutation_work.py"],
    "campers_rules/_frozen.py": ["tests/campers/test_frozen.py",
                                 "tests/campers/test_game_rules.py"],
    "campers_rules/_hands.py": ["tests/campers/test_hand_search.py",
                                "tests/campers/test_game_perft.py",
                                "tests/campers/test_listings_golden.py",
                                "tests/campers/test_game_rules.py"],
    "campers_rules/_checks.py": ["tests/campers/test_game_rules.py",
                                 "tests/campers/test_hostile_inputs.py",
                                 "tests/campers/test_rulings_play_cards.py",
                                 "tests/campers/test_rulings_play_messages.py",
                                 "tests/campers/test_rulings_play_squat.py",
                                 "tests/campers/test_rulings_play_swap.py",
                                 "tests/campers/test_mutation_action_cards.py",
                                 "tests/campers/test_mutation_moves.py",
                                 "tests/campers/test_mutation_checks.py"],
    "campers_rules/_rules.py": ["tests/campers/test_game_rules.py",
                                "tests/campers/test_one_door.py",
                                "tests/campers/test_rulings_play_messages.py",
                                "tests/campers/test_mutation_action_cards.py",
                                "tests/campers/test_mutation_checks.py",
                                "tests/campers/test_mutation_rules.py"],
    "campers_rules/_validate.py": ["tests/campers/test_game_serial.py",
                                   "tests/campers/test_bounded_loads.py",
                                   "tests/campers/test_rulings_table.py",
                                   "tests/campers/test_game_rules.py",
                                   "tests/campers/test_mutation_validate.py",
                                   "tests/campers/test_card_ints.py"],
    "campers_rules/_state.py": ["tests/campers/test_game_hidden.py",
                                "tests/campers/test_view_actions.py",
                                "tests/campers/test_game_rules.py"],
    "campers_rules/_serial.py": ["tests/campers/test_game_serial.py",
                                 "tests/campers/test_dumps_actions.py"],
    "campers_rules/_ids.py": ["tests/campers/test_ids.py", "tests/campers/test_ids_replay.py",
                              "tests/campers/test_ids_listing.py"],
    "campers_rules/_builds.py": ["tests/campers/test_ids.py", "tests/campers/test_ids_replay.py",
                                 "tests/campers/test_one_door.py",
                                 "tests/campers/test_ids_listing.py",
                                 "tests/campers/test_ids_counted.py",
                                 "tests/campers/test_mutation_builds.py"],
    "campers_rules/_firsts.py": ["tests/campers/test_ids_listing.py",
                                 "tests/campers/test_ids.py",
                                 "tests/campers/test_mutation_ids.py"],
    "campers_rules/_counted.py": ["tests/campers/test_ids_counted.py",
                                  "tests/campers/test_ids_listing.py",
                                  "tests/campers/test_ids.py",
                                  "tests/campers/test_mutation_ids.py",
                                  "tests/campers/test_mutation_counted.py"],
    "campers_rules/_cache.py": ["tests/campers/test_cache_module.py",
                                "tests/campers/test_cache_bounds.py"],
    "campers_rules/solver/_native.py": ["tests/campers/test_solver.py",
                                        "tests/campers/test_solver_fast.py",
                                        "tests/campers/test_solver_golden.py",
                                        "tests/campers/test_claim_questions.py",
                                        "tests/campers/test_ids_counted.py",
                                        "tests/campers/test_game_perft.py",
                                        "tests/campers/test_listings_golden.py",
                                        "tests/campers/test_mutation_solver.py"],
    "campers_rules/_solving.py": ["tests/campers/test_claim_questions.py",
                                  "tests/campers/test_solver_fast.py",
                                  "tests/campers/test_cache_bounds.py",
                                  "tests/campers/test_ids_counted.py",
                                  "tests/campers/test_game_perft.py",
                                  "tests/campers/test_listings_golden.py",
                                  "tests/campers/test_mutation_solving.py"],
}
"""Each rules module and its fast tests, the ones a mutant of it runs against. A module not
listed runs against its package's whole test folder (``tests/karibou`` or ``tests/campers``),
which is much slower."""

_MUTMUT_PYTEST_ARGS = ["-p", "no:cacheprovider", "-q", "-x", "--benchmark-disable"]


def mutation_tests(module: str) -> list[str]:
    """The test files a module's mutants run against (see :data:`MUTATION_TESTS`)."""
    if module in MUTATION_TESTS:
        return MUTATION_TESTS[module]
    package = module.split("/")[0]
    return ["tests/karibou" if package == "karibou_rules" else "tests/campers"]


def module_path(name: str) -> str:
    """A module's path from its dotted name or its path (``karibou_rules._results``)."""
    path = name if name.endswith(".py") else name.replace(".", "/") + ".py"
    if not (ROOT / path).is_file() or path.split("/")[0] not in PACKAGES:
        raise SystemExit(f"mutate: no module {name!r} in {', '.join(PACKAGES)}")
    return path


def _mutmut_config(modules: list[str], tests: list[str], copy: list[str]) -> str:
    return (
        "\n[tool.mutmut]\n"
        f"source_paths = {json.dumps(modules)}\n"
        f"pytest_add_cli_args_test_selection = {json.dumps(tests)}\n"
        f"pytest_add_cli_args = {json.dumps(_MUTMUT_PYTEST_ARGS)}\n"
        f"also_copy = {json.dumps(copy)}\n"
    )


def _function_start(source: str, name: str) -> int:
    """The first line (decorators included) of the function or method a mutant belongs
    to, from its mutmut name (``pkg.mod.x_func__mutmut_3``,
    ``pkg.mod.xǁClassǁmethod__mutmut_3``)."""
    tail = name.rsplit(".", 1)[-1].rsplit("__mutmut_", 1)[0]
    path = tail.removeprefix("xǁ").split("ǁ") if "ǁ" in tail else [tail[2:]]
    scope: list[ast.stmt] = ast.parse(source).body
    start = 1
    for part in path:
        node = next(n for n in scope if isinstance(
            n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and n.name == part)
        start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        scope = node.body
    return start


def _mutant_line(tree: Path, name: str, diff: str) -> tuple[str, int, str, str]:
    """Where a mutant changes its file (``mutmut show`` gives a diff of one function,
    counted from the function's first line): the file, the line, the line before and
    after."""
    path = re.search(r"^--- (\S+)", diff, re.MULTILINE)
    hunk = re.search(r"^@@ -(\d+)", diff, re.MULTILINE)
    assert path is not None and hunk is not None, diff
    offset = int(hunk.group(1))
    before = after = ""
    for line in diff[hunk.end():].split("\n")[1:]:
        if line.startswith("-") and not before:
            before = line[1:]
        elif line.startswith("+") and not after:
            after = line[1:]
        elif not before:
            offset += 1
    source = (tree / path.group(1)).read_text()
    number = _function_start(source, name) + offset - 1
    candidates = [n for n, text in enumerate(source.splitlines(), 1) if text == before]
    if candidates and number not in candidates:
        number = min(candidates, key=lambda n: abs(n - number))
    return path.group(1), number, before.strip(), after.strip()


def mutation_report(tree: Path, mutmut: str) -> tuple[dict[str, int], list[str]]:
    """Read a finished ``mutmut run`` in ``tree``: counts by status, and one line per
    surviving mutant (``file:line  before  ->  after``)."""
    listing = subprocess.run([mutmut, "results", "--all", "true"], cwd=tree, text=True,
                             capture_output=True, check=True).stdout
    statuses = dict(re.findall(r"^\s*(\S+): (.+?)\s*$", listing, re.MULTILINE))
    counts: dict[str, int] = {}
    for status in statuses.values():
        counts[status] = counts.get(status, 0) + 1
    survivors = []
    for name, status in sorted(statuses.items()):
        if status != "survived":
            continue
        diff = subprocess.run([mutmut, "show", name], cwd=tree, text=True,
                              capture_output=True, check=True).stdout
        path, line, before, after = _mutant_line(tree, name, diff)
        survivors.append(f"{path}:{line}  {before}  ->  {after}")
    return counts, sorted(survivors, key=_by_place)


def _by_place(line: str) -> tuple[str, int]:
    place = line.split()[0]
    path, _, number = place.rpartition(":")
    return path, int(number)


def run_mutation(tree: Path, modules: list[str], tests: list[str], mutmut: str,
                 copy: list[str]) -> tuple[dict[str, int], list[str]]:
    """Mutate ``modules`` in ``tree`` (a scratch copy: mutmut writes ``mutants/`` there)
    with mutmut, run each mutant against ``tests``, and report (:func:`mutation_report`)."""
    config = tree / "pyproject.toml"
    config.write_text((config.read_text() if config.exists() else "")
                      + _mutmut_config(modules, tests, copy))
    if not _has_functions([tree / module for module in modules]):
        return {}, []  # mutmut mutates function bodies only (and fails when it finds none)
    subprocess.run([mutmut, "run"], cwd=tree, check=True)
    return mutation_report(tree, mutmut)


def _has_functions(paths: list[Path]) -> bool:
    """Whether any of these modules defines a function or method (what mutmut mutates)."""
    return any(isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
               for path in paths for node in ast.walk(ast.parse(path.read_text())))


def format_mutation(modules: list[str], counts: dict[str, int], survivors: list[str]) -> str:
    """The score (killed over all mutants) and the surviving mutants."""
    total = sum(counts.values())
    killed = counts.get("killed", 0)
    score = f"{killed / total:.1%}" if total else "no mutants"
    others = ", ".join(f"{n} {status}" for status, n in sorted(counts.items())
                       if status != "killed")
    lines = [f"mutation score of {', '.join(modules)}: {killed}/{total} killed ({score})"
             + (f"; {others}" if others else "")]
    lines += ["surviving mutants:", *(f"  {line}" for line in survivors)] if survivors else []
    return "\n".join(lines)


def _install_extra(name: str) -> None:
    import tomllib

    specs = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"][name]
    run([str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *specs])


def mutate(names: list[str]) -> None:
    """Mutation testing: mutate the named rules modules (every module of
    :data:`MUTATION_TESTS` by default) with mutmut, run each mutant against the module's
    fast tests, print the score and the surviving mutants. Not part of ``check``."""
    modules = [module_path(name) for name in names] or list(MUTATION_TESTS)
    _install_extra("mutate")
    tests = sorted({test for module in modules for test in mutation_tests(module)})
    print(f"mutating {', '.join(modules)}\nagainst {', '.join(tests)}", flush=True)
    with tempfile.TemporaryDirectory(prefix="camp-rules-mutate-") as scratch:
        copy = Path(scratch) / "tree"
        shutil.copytree(ROOT, copy, ignore=_NOT_COPIED)
        # docs too: a test runs the id space's page as printed (docs/campers/ids.rst)
        counts, survivors = run_mutation(copy, modules, tests, tool("mutmut"),
                                         [*PACKAGES, "tests", "docs"])
    print(format_mutation(modules, counts, survivors), flush=True)


COMMANDS = {"play": play, "check": check, "bench": bench}


def main() -> None:
    if sys.argv[1:2] == ["mutate"]:
        os.chdir(ROOT)
        ensure_environment(EXTRAS["mutate"])
        mutate(sys.argv[2:])
        return
    if len(sys.argv) != 2 or sys.argv[1] not in COMMANDS:
        names = "|".join(COMMANDS)
        print(f"usage: python3 tasks.py {{{names}}} | mutate [MODULE ...]", file=sys.stderr)
        sys.exit(2)
    os.chdir(ROOT)
    ensure_environment(EXTRAS[sys.argv[1]])
    COMMANDS[sys.argv[1]]()


if __name__ == "__main__":
    main()
