"""The server's tests need the ``server`` extra (and httpx for Starlette's TestClient):
each module skips itself where it is missing (``pytest.importorskip``), and the root
``conftest.py`` makes a missing one a usage error under ``CAMP_RULES_ALL_EXTRAS=1``."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # Starlette 1.x prefers httpx2 for its TestClient; httpx still works.
    config.addinivalue_line("filterwarnings", "ignore:Using `httpx` with `starlette")
