"""Formal checks with z3: the matching proof and the catalogue facts (issue 4, UC-3, UC-4)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from campers_rules import CATALOGUE, Requirement
from campers_rules._requirements import Alternative, GroupClass
from campers_rules.solver import _facts
from campers_rules.solver._facts import campsite_facts, facts_table, prove_matching

REQUIREMENTS = sorted({str(r) for s in CATALOGUE for r in (s.primitive, s.complete)})
DOCS = Path(__file__).resolve().parents[2] / "docs" / "solver" / "catalogue.rst"


@pytest.mark.parametrize("text", REQUIREMENTS)
def test_uc4_native_matching_is_proven_equal_to_its_specification(text: str) -> None:
    """UC-4: for every vector of group counts in the bounded domain, the native greedy says
    "met" exactly when an assignment of distinct groups to specs exists (z3, both ways)."""
    assert prove_matching(Requirement.parse(text)) is None


def test_the_proof_catches_a_planted_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    """The proof has teeth: a greedy that spends color runs before plain runs is refuted."""

    def color_runs_first(alt: Alternative, counts: Mapping[GroupClass, Any],
                         minimum: Callable[[Any, Any], Any],
                         taken: dict[tuple[int, GroupClass], Any] | None = None) -> list[Any]:
        left = dict(counts)
        needs: list[Any] = []
        for i, spec in enumerate(alt):
            need: Any = spec.count
            fits = sorted((c for c in left if spec.accepts(c)),
                          key=lambda c: (c[0] is spec.kind, c[1]))
            for c in fits:
                take = minimum(need, left[c])
                need, left[c] = need - take, left[c] - take
                if taken is not None:
                    taken[(i, c)] = take
            needs.append(need)
        return needs

    monkeypatch.setattr(_facts, "residual_needs", color_runs_first)
    found = prove_matching(Requirement.parse("1 RUN OF 4 AND 4 CARDS OF THE SAME COLOR"))
    assert found is not None and "counterexample" in found


@pytest.fixture(scope="module")
def facts() -> list[_facts.CampsiteFacts]:
    return [campsite_facts(site) for site in CATALOGUE]


def test_uc3_every_campsite_is_satisfiable_and_completable(
    facts: list[_facts.CampsiteFacts],
) -> None:
    """UC-3: from the real deck, every primitive and complete requirement can be met, and
    every complete one is reached from a primitive arrangement by only adding cards."""
    for fact in facts:
        assert fact.primitive_cards is not None, fact.site.id
        assert fact.complete_cards is not None, fact.site.id
        assert fact.added_cards is not None, fact.site.id


def test_uc3_known_minimums(facts: list[_facts.CampsiteFacts]) -> None:
    """UC-3, UC-4: hand-checked values: "2 SETS OF 3" to "3 SETS OF 2" adds one pair; a
    color group cannot become a color run by adding cards, so c10 adds 7."""
    by_id = {f.site.id: f for f in facts}
    assert (by_id["c02"].primitive_cards, by_id["c02"].added_cards) == (6, 2)
    assert by_id["c10"].added_cards == 7
    assert by_id["c01"].primitive_cards == 3 and by_id["c01"].added_cards == 3


def test_docs_publish_the_computed_facts_table(facts: list[_facts.CampsiteFacts]) -> None:
    """The catalogue table in the docs is the one z3 computes now (it cannot go stale)."""
    assert facts_table(facts) in DOCS.read_text()
