"""UC-1, UC-11 (issue 27): every public solver entry point refuses what is not its input
with a typed ``SolverInputError`` (a ``CampersError``), never an ``AttributeError`` or a
``TypeError``; a bool is no count in ``SolverLimits``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import attrs
import pytest

import campers_rules as uc
from campers_rules import solver

REQUIREMENT = uc.Requirement.parse("1 SET OF 3")
HAND = uc.parse_cards("B5 Y5 R5 G9 W")
SITE = uc.CATALOGUE[0]
OWN = solver.OwnCampsite(uc.CATALOGUE[12], [uc.Group.parse("RUN B2 B3 B4 B5 B6 B7 B8 B9"),
                                             uc.Group.parse("RUN Y2 Y3 Y4 Y5")])

ENTRIES: dict[str, Callable[..., Any]] = {
    "solve": lambda hand=HAND, **kw: solver.solve(REQUIREMENT, hand, **kw),
    "claims": lambda hand=HAND, **kw: list(solver.claims(REQUIREMENT, hand, **kw)),
    "new_group": lambda hand=HAND, **kw: solver.new_group(SITE, hand, **kw),
    "new_groups": lambda hand=HAND, **kw: list(solver.new_groups(SITE, hand, **kw)),
}
NOT_CARDS: list[object] = [None, 5, "B7", True, 1.5, uc.Placed.parse("B7"), b"B7", [uc.WILD]]


@pytest.mark.parametrize("entry", sorted(ENTRIES))
@pytest.mark.parametrize("item", NOT_CARDS, ids=repr)
def test_uc1_a_hand_item_that_is_no_card_is_a_typed_error(entry: str, item: object) -> None:
    """UC-1: a hand holding something that is not a card (None, an int, a text, a bool,
    a placed card...), anywhere in it, is refused naming it."""
    for hand in ([item], [*HAND[:2], item], [item, *HAND]):
        with pytest.raises(solver.SolverInputError, match="not a card"):
            ENTRIES[entry](hand)


@pytest.mark.parametrize("entry", sorted(ENTRIES))
@pytest.mark.parametrize(("arguments", "named"), [
    ({"hand": 5}, "the hand is a sequence"),
    ({"hand": None}, "the hand is a sequence"),
    ({"hand": "B5 Y5 R5"}, "not a card"),
    ({"own": 5}, "own is a sequence"),
    ({"own": [5]}, "not an OwnCampsite"),
    ({"own": [OWN, None]}, "not an OwnCampsite"),
    ({"own": "c13"}, "not an OwnCampsite"),
    ({"limits": 5}, "SolverLimits or None"),
    ({"limits": {"max_steps": 5}}, "SolverLimits or None"),
    ({"backend": "Z3"}, "'native' or 'z3'"),
    ({"backend": None}, "'native' or 'z3'"),
    ({"backend": 1}, "'native' or 'z3'"),
])
def test_uc11_every_argument_of_every_entry_point_is_checked(
        entry: str, arguments: dict[str, Any], named: str) -> None:
    """UC-11: the hand, the own campsites, the limits and the backend of each entry point
    are checked before any search, with a SolverInputError naming the argument."""
    with pytest.raises(solver.SolverInputError, match=named):
        ENTRIES[entry](**arguments)


@pytest.mark.parametrize("bad", [None, "1 SET OF 3", 5, REQUIREMENT.alternatives])
def test_uc7_a_requirement_or_site_of_another_type_is_a_typed_error(bad: object) -> None:
    """UC-7: solve and claims take a Requirement, new_group and new_groups a Campsite."""
    with pytest.raises(solver.SolverInputError, match="is a Requirement"):
        solver.solve(bad, HAND)  # type: ignore[arg-type]
    with pytest.raises(solver.SolverInputError, match="is a Requirement"):
        solver.claims(bad, HAND)  # type: ignore[arg-type]
    with pytest.raises(solver.SolverInputError, match="on a Campsite"):
        solver.new_group(bad, HAND)  # type: ignore[arg-type]
    with pytest.raises(solver.SolverInputError, match="on a Campsite"):
        solver.new_groups(bad, HAND)  # type: ignore[arg-type]


@pytest.mark.parametrize("field", [f.name for f in attrs.fields(solver.SolverLimits)])
@pytest.mark.parametrize("value", [True, False, 0, -1, 1.0, "5", None])
def test_uc1_every_solver_limit_is_a_positive_int_not_a_bool(field: str, value: object) -> None:
    """Issue 27: each SolverLimits field refuses a bool as it refuses any non-count."""
    with pytest.raises(solver.SolverInputError, match=f"SolverLimits.{field} must be"):
        solver.SolverLimits(**{field: cast(Any, value)})
    assert getattr(solver.SolverLimits(**{field: 7}), field) == 7


@pytest.mark.parametrize(("site", "groups", "named"), [
    ("c13", [], "site is a Campsite"),
    (None, [], "site is a Campsite"),
    (uc.CATALOGUE[12], 5, "groups are a sequence"),
    (uc.CATALOGUE[12], ["RUN B2 B3 B4"], "not a Group"),
    (uc.CATALOGUE[12], [None], "not a Group"),
])
def test_uc11_an_own_campsite_of_wrong_parts_is_a_typed_error(
        site: object, groups: object, named: str) -> None:
    """UC-11: an OwnCampsite is a Campsite and its groups, checked when made."""
    with pytest.raises(solver.SolverInputError, match=named):
        solver.OwnCampsite(site, groups)  # type: ignore[arg-type]


def test_uc11_well_formed_questions_are_answered_as_before() -> None:
    """UC-11: the checks refuse nothing a question may hold: a tuple, a generator, own
    campsites, each backend's name."""
    assert ENTRIES["solve"](tuple(HAND)) == ENTRIES["solve"](iter(HAND)) is not None
    assert ENTRIES["claims"](HAND, own=[OWN]) == ENTRIES["claims"](HAND, own=(OWN,))
    assert ENTRIES["new_group"](HAND, backend="native", limits=solver.SolverLimits()) \
        == ENTRIES["new_group"](HAND)
    assert issubclass(solver.SolverInputError, uc.CampersError)
