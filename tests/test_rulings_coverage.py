"""Every ruling ID is stated in the docs and named by at least one test (traceability)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
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


PENDING: dict[str, str] = {
    # ruling ID -> the open issue that implements it. A ruling listed here is not yet stated
    # and tested; its entry goes when its issue lands (never a silent skip: the test below
    # fails for a pending ruling that is already stated and tested, so the list stays true).
}

RULINGS = sorted(
    _ids(_docs()) | (_ids(SHARED_RULINGS.read_text()) if SHARED_RULINGS.exists() else set()),
    key=lambda r: (r[:2], int(r[3:])),
)


def test_the_docs_state_the_rulings_of_both_games() -> None:
    assert {f"UC-{i}" for i in range(1, 24)} <= set(RULINGS)
    assert {f"KC-{i}" for i in range(1, 14)} <= set(RULINGS)


@pytest.mark.parametrize("ruling", RULINGS)
def test_ruling_is_stated_and_tested(ruling: str) -> None:
    done = ruling in _docs() and _test_names_id(ruling, _tests())
    if ruling in PENDING:
        assert not done, f"{ruling} is stated and tested: remove it from PENDING"
        pytest.xfail(f"{ruling} pending on {PENDING[ruling]}")
    assert ruling in _docs(), f"{ruling} is not stated in the docs"
    assert _test_names_id(ruling, _tests()), f"no test names {ruling}"
