"""A house a newcomer can read: the docs state what is (the history of the work is in
CHANGELOG.md), and test files are named for the behaviour they hold, not for the review,
issue or round that wrote them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_HISTORY = re.compile(
    r"\bissue \d+|\b(?:first|second|third|fourth|fifth|sixth|seventh) (?:performance )?"
    r"round of\b|\bround of issue\b|\btried and dropped\b|\breview \d+",
    re.IGNORECASE,
)
"""Phrases that narrate the work rather than state the engine (the game's own rounds,
"the first round is dealt", stay free to use)."""


def test_the_docs_pages_state_what_is_and_the_changelog_keeps_the_history() -> None:
    """Issue 28: no page of the docs narrates issues, reviews or rounds of work; the
    performance pages stay short, and CHANGELOG.md holds the rounds they came from."""
    narrating = {
        str(page.relative_to(ROOT)): found
        for page in sorted((ROOT / "docs").rglob("*.rst"))
        if (found := _HISTORY.findall(page.read_text()))
    }
    assert narrating == {}
    for page in ("docs/campers/performance.rst", "docs/karibou/performance.rst"):
        assert len((ROOT / page).read_text().splitlines()) < 200, page
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert "## Issue 12" in changelog and "## Issue 5" in changelog
    assert changelog.index("## Issue 12") < changelog.index("## Issue 5")  # newest first


def test_test_files_are_named_for_behaviour_not_for_when_they_were_written() -> None:
    """Issue 28: no test file is named for a review, an issue or a round."""
    named_for_when = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if re.search(r"review|issue|_round\d*(?:_|\.py$)", path.name)
    ]
    assert named_for_when == []
