"""Issue 31: the server's page (``docs/server.rst``) runs as printed, so its worked
exchange (create, offer, a move, a stale one, an illegal one, the record, the socket)
cannot drift from what the server answers."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from tests.docs_blocks import run_page

PAGE = Path(__file__).resolve().parents[2] / "docs" / "server.rst"


def test_the_server_page_runs_as_printed() -> None:
    """Every example of the page passes, the exchange shows each answer of the API (201,
    200, 401, 403, 409 naming the version, 422 with the ruling) and the page is in the
    docs' table of contents."""
    run = run_page(PAGE)
    assert run.examples > 20
    text = PAGE.read_text()
    for shown in ("201", "(401, 403)", "(200, 1,", "(409, {", "'version': 1})", "(422,",
                  "'KC-4'", "KC-17"):
        assert shown in text, shown
    assert "\n   server\n" in (PAGE.parent / "index.rst").read_text()
