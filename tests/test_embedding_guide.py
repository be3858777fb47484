"""Every code block of the embedding guide (``docs/embedding.rst``) and of the hosting guide
(``docs/hosting.rst``) runs as a doctest, for both games (issue 10: versions UC-32 and its
Karibou twin, action JSON, the view's legal moves; issue 30: offers and records)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs_blocks import run_page

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "embedding.rst"
HOSTING = GUIDE.with_name("hosting.rst")


def test_the_embedding_guide_runs_as_printed() -> None:
    """The guide's server loop, saving, bots and simulation examples run as printed (a
    failed example raises, naming it)."""
    assert run_page(GUIDE).examples > 20


def test_the_hosting_guide_runs_as_printed() -> None:
    """``docs/hosting.rst`` (issue 30: offers and game records; issue 28: one envelope)
    runs as printed, for both games."""
    assert run_page(HOSTING).examples > 20


@pytest.mark.parametrize("guide", [GUIDE, HOSTING], ids=lambda path: path.name)
def test_every_code_block_of_the_guide_is_a_doctest(guide: Path) -> None:
    """No code block of the guide goes untested: each is a ``pycon`` block of examples."""
    blocks = guide.read_text().split(".. code-block:: ")[1:]
    assert blocks and all(block.startswith("pycon\n\n   >>> ") for block in blocks)
