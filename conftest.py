"""Collection for a contributor's first ``pytest``: the modules that need an optional extra.

``--doctest-modules`` imports every module of both packages. The reinforcement-learning
front ends need the ``rl`` extra (numpy, pettingzoo, gymnasium, open_spiel); where it is
not installed their doctests are not collected, as the tests of ``tests/rl`` skip
themselves, so ``pip install -e ".[dev]"`` then ``pytest`` collects and runs.

``python3 tasks.py check`` installs every extra and sets ``CAMP_RULES_ALL_EXTRAS=1``: then a
missing optional module (or the browser the browser test drives) is an error, never a
skip, so the check always runs the rl tests and the browser test.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections.abc import Iterable

import pytest

OPTIONAL_MODULES: dict[str, tuple[str, ...]] = {
    # package module -> the optional distributions' modules it imports
    "campers_rules/_tensor.py": ("numpy",),
    "campers_rules/openspiel.py": ("numpy", "pyspiel"),
    "campers_rules/pettingzoo.py": ("numpy", "pettingzoo", "gymnasium"),
    "karibou_rules/_tensor.py": ("numpy",),
    "karibou_rules/openspiel.py": ("numpy", "pyspiel"),
    "karibou_rules/pettingzoo.py": ("numpy", "pettingzoo", "gymnasium"),
}
"""Each module of the packages that needs an optional extra, with what it imports."""

EXTRAS_THE_CHECK_INSTALLS = ("numpy", "pettingzoo", "gymnasium", "pyspiel", "distributed",
                             "matplotlib", "mutmut", "starlette", "uvicorn", "websockets",
                             "httpx", "selenium")
"""What ``tasks.py check`` installs (the ``rl``, ``dask``, ``plot``, ``mutate`` and
``server`` extras, and httpx and selenium of ``dev``)."""

PROGRAMS_THE_CHECK_INSTALLS = ("chromium", "chromedriver")
"""The browser the browser test drives (``tests/server/test_browser.py``): ``tasks.py
check`` installs Debian's ``chromium`` and ``chromium-driver`` where they are missing."""


def missing(modules: Iterable[str]) -> list[str]:
    return [name for name in modules if importlib.util.find_spec(name) is None]


def missing_programs(programs: Iterable[str]) -> list[str]:
    return [name for name in programs if shutil.which(name) is None]


def pytest_configure(config: pytest.Config) -> None:
    # Starlette 1.x prefers httpx2 for the TestClient of the server's tests; httpx works.
    config.addinivalue_line("filterwarnings", "ignore:Using `httpx` with `starlette")
    if os.environ.get("CAMP_RULES_ALL_EXTRAS") == "1":
        absent = missing(EXTRAS_THE_CHECK_INSTALLS)
        if absent:
            raise pytest.UsageError(
                f"CAMP_RULES_ALL_EXTRAS=1 but {', '.join(absent)} cannot be imported: "
                "the check runs every optional test, so install the extras (tasks.py check)")
        programs = missing_programs(PROGRAMS_THE_CHECK_INSTALLS)
        if programs:
            raise pytest.UsageError(
                f"CAMP_RULES_ALL_EXTRAS=1 but {', '.join(programs)} is not on PATH: the "
                "check runs the browser test, so install Debian's chromium and "
                "chromium-driver (tasks.py check does it with apt-get)")


def left_out(needs_by_path: dict[str, tuple[str, ...]]) -> list[str]:
    """The paths whose needed modules are not all importable here."""
    return [path for path, needs in needs_by_path.items() if missing(needs)]


collect_ignore = left_out(OPTIONAL_MODULES)
