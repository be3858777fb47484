"""Rulings about groups that the rulebook and RULINGS.md leave open."""

from __future__ import annotations

from campers_rules import CATALOGUE, MIN_SIZE, Group, GroupKind, parse_campsite


def test_uc26_color_group_usual_minimum_is_four() -> None:
    """UC-26: without a face naming a size, a color group needs 4 cards (the smallest printed)."""
    assert MIN_SIZE[GroupKind.COLOR_GROUP] == 4
    assert not Group.parse("COLOR GROUP B2 B5 B9").is_valid()
    assert Group.parse("COLOR GROUP B2 B5 B9 B9").is_valid()
    site = next(c for c in CATALOGUE if str(c.primitive) == "1 SET OF 3")
    assert site.min_size(GroupKind.COLOR_GROUP) == 4


def test_uc26_a_face_naming_a_smaller_color_group_allows_it_there_only() -> None:
    """UC-26 with UC-4: a face that names "3 CARDS OF THE SAME COLOR" lowers it on that card."""
    site = parse_campsite("2 | 3 CARDS OF THE SAME COLOR | 6 CARDS OF THE SAME COLOR", "x")
    group = Group.parse("COLOR GROUP B2 B5 B9")
    assert site.group_problem(group) is None
    assert group.problem(MIN_SIZE[GroupKind.COLOR_GROUP]) is not None
