"""Campsite calibration (issue 6, RULINGS "Calibration", UC-3)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from campers_rules import CATALOGUE, Campsite, Requirement
from campers_rules._calibration import (
    HAND,
    HORIZON,
    Difficulty,
    cards_needed,
    completion,
    contradictions,
    deal_order,
    format_table,
    measure,
)
from campers_rules.solver import SolverLimits, solve

DOCS = Path(__file__).resolve().parent.parent / "docs" / "calibration.rst"
DOCS_DEALS, DOCS_SEED = 300, 0
LIMITS = SolverLimits(max_cards=HORIZON)


@pytest.fixture(scope="module")
def rows() -> tuple[Difficulty, ...]:
    return measure(deals=DOCS_DEALS, seed=DOCS_SEED)


def test_docs_table_is_the_measured_one(rows: tuple[Difficulty, ...]) -> None:
    """The published table equals a fresh measurement with the documented deals and seed."""
    text = DOCS.read_text()
    published = text.split(".. calibration-table-start")[1].split(".. calibration-table-end")[0]
    assert published.strip() == format_table(rows)


def test_no_provisional_campsite_contradicts_its_points(rows: tuple[Difficulty, ...]) -> None:
    """UC-3 calibration: after adjustment every provisional face sits in its points' tier."""
    assert contradictions(rows) == []


def test_harder_tiers_are_harder_on_average(rows: tuple[Difficulty, ...]) -> None:
    by_points = {
        p: sum(r.complete_mean for r in rows if r.campsite.points == p) / 5 for p in (2, 3, 4)
    }
    assert by_points[2] < by_points[3] < by_points[4]


@pytest.mark.parametrize(
    ("site_id", "expected"),
    [
        ("c02", "2 SETS OF 3 AND 1 SET OF 2"),
        ("c01", "1 SET OF 3 AND 1 RUN OF 4"),
        ("c10", "1 COLOR RUN OF 4 AND 1 SET OF 3"),
    ],
)
def test_completion_contains_a_primitive_claim(site_id: str, expected: str) -> None:
    """Owning a campsite complete means complete groups that grew from a primitive claim."""
    site = next(c for c in CATALOGUE if c.id == site_id)
    assert completion(site) == Requirement.parse(expected)


@pytest.mark.parametrize("deal", range(4))
def test_binary_search_finds_the_first_count(deal: int) -> None:
    """cards_needed equals a plain scan for the first prefix that meets the requirement."""
    order = deal_order(7, deal)
    for site in CATALOGUE[:6]:
        requirement = completion(site)
        meets = [solve(requirement, order[:n], limits=LIMITS) is not None
                 for n in range(HAND, HORIZON + 1)]
        scan = HAND + meets.index(True) if True in meets else HORIZON
        assert cards_needed(requirement, order) == scan


@pytest.mark.parametrize("site", CATALOGUE, ids=lambda s: s.id)
def test_uc28_uc30_completion_is_an_ownable_layout(site: Campsite) -> None:
    """UC-30: the measured completion lays only groups the faces name, no more than they
    name; UC-28: those groups let the campsite stand (they meet its complete face)."""
    requirement = completion(site)
    assert requirement.kinds() <= site.kinds
    assert requirement.most_groups() <= site.max_groups
    for alt in requirement.alternatives:
        laid = Counter((spec.kind, spec.size) for spec in alt for _ in range(spec.count))
        assert site.complete.meets_counts(laid) and site.primitive.meets_counts(laid)
