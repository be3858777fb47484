"""Every ruling ID is stated in the docs and named by at least one test (traceability).

The project carries its own copy of the rulings, ``docs/RULINGS.md``, and these tests read
that copy, so a clone with nothing beside it checks itself. Where the workplace's
``../shared/RULINGS.md`` exists, one more test compares it with the copy ruling by ruling: a
ruling new or changed there fails until the copy states it (and so, by the test below it,
until the docs state it and a test names it), unless it waits on :data:`PENDING`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROJECT_RULINGS = ROOT / "docs" / "RULINGS.md"
SHARED_RULINGS = ROOT.parent / "shared" / "RULINGS.md"


def _ids(text: str) -> set[str]:
    return set(re.findall(r"\b(?:UC|KC)-\d+\b", text))


def _docs() -> str:
    return "\n".join(p.read_text() for p in (ROOT / "docs").rglob("*.rst"))


def _tests() -> str:
    return "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))


def _test_names_id(ruling: str, tests: str) -> bool:
    game, number = ruling.lower().split("-")
    return ruling in tests or re.search(rf"\b(?:test_)?{game}{number}_", tests) is not None


def _rulings(text: str) -> dict[str, str]:
    """Each ruling's paragraph (``- **UC-1 ...`` up to the next item or heading), by ID,
    with its line breaks and indentation folded to single spaces."""
    found: dict[str, str] = {}
    for item in re.split(r"\n(?=- \*\*|#)", text):
        match = re.match(r"- \*\*((?:UC|KC)-\d+)\b", item)
        if match:
            found[match.group(1)] = " ".join(item.split())
    return found


def _outside_rulings(text: str) -> str:
    """The document less its ruling paragraphs (headings, preamble, the catalogue table)."""
    return "\n".join(
        item for item in re.split(r"\n(?=- \*\*|#)", text)
        if not re.match(r"- \*\*(?:UC|KC)-\d+\b", item)
    )


PENDING: dict[str, str] = {
    # ruling ID -> the open issue that implements it: the ruling is new or changed in
    # ../shared/RULINGS.md and not yet in the project's copy. Its entry goes when the issue
    # copies it (with its docs paragraph and its test); the comparison below fails for a
    # pending ruling the copy already matches, so the list stays true.
}

def _order(ruling: str) -> tuple[str, int]:
    return ruling[:2], int(ruling[3:])


RULINGS = sorted(_ids(_docs()) | set(_rulings(PROJECT_RULINGS.read_text())), key=_order)
SHARED: dict[str, str] = _rulings(SHARED_RULINGS.read_text()) if SHARED_RULINGS.exists() else {}
SHARED_IDS: list[str] = sorted(SHARED, key=_order)


def test_the_docs_state_the_rulings_of_both_games() -> None:
    assert {f"UC-{i}" for i in range(1, 24)} <= set(RULINGS)
    assert {f"KC-{i}" for i in range(1, 14)} <= set(RULINGS)


@pytest.mark.parametrize("ruling", RULINGS)
def test_ruling_is_stated_and_tested(ruling: str) -> None:
    assert ruling in _docs(), f"{ruling} is not stated in the docs"
    assert _test_names_id(ruling, _tests()), f"no test names {ruling}"


def test_the_project_copy_states_rulings_of_both_games() -> None:
    copy = _rulings(PROJECT_RULINGS.read_text())
    assert {f"UC-{i}" for i in range(1, 34)} <= set(copy)
    assert {f"KC-{i}" for i in range(1, 20)} <= set(copy)


@pytest.mark.skipif(not SHARED_RULINGS.exists(), reason="no ../shared/RULINGS.md beside the clone")
@pytest.mark.parametrize("ruling", SHARED_IDS)
def test_the_copy_carries_the_shared_ruling(ruling: str) -> None:
    """A ruling of ``../shared/RULINGS.md`` is in ``docs/RULINGS.md`` word for word, or
    waits on :data:`PENDING` naming its issue."""
    carried = _rulings(PROJECT_RULINGS.read_text()).get(ruling) == SHARED[ruling]
    if ruling in PENDING:
        assert not carried, (
            f"{ruling} is in docs/RULINGS.md as shared states it: remove it from PENDING")
        pytest.xfail(f"{ruling} pending on {PENDING[ruling]}")
    assert carried, (
        f"{ruling} of ../shared/RULINGS.md is not in docs/RULINGS.md as stated there: copy it, "
        "state it in the docs, pin it with a test naming it (or list it in PENDING with its issue)"
    )


@pytest.mark.skipif(not SHARED_RULINGS.exists(), reason="no ../shared/RULINGS.md beside the clone")
def test_the_copy_carries_the_rest_of_the_shared_rulings() -> None:
    """Besides the rulings: the preamble, the headings and the campsite catalogue."""
    assert _outside_rulings(PROJECT_RULINGS.read_text()) == _outside_rulings(
        SHARED_RULINGS.read_text())


def test_a_pending_ruling_names_its_issue() -> None:
    for ruling, why in PENDING.items():
        assert re.fullmatch(r"(?:UC|KC)-\d+", ruling), ruling
        assert re.match(r"issue \d+\b", why), (ruling, why)
