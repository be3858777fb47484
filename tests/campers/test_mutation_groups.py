"""Groups, wild placements and wild swaps pinned down (UC-1, UC-4, UC-5, UC-10, UC-29),
written to kill the mutants of ``campers_rules/_groups.py`` the older tests let live
(issue 15)."""

from __future__ import annotations

import pytest

from campers_rules import Card, Group, GroupKind, ParseError
from campers_rules._cards import WILD, Color
from campers_rules._groups import Placed

SET, RUN, COLOR_GROUP, COLOR_RUN = (GroupKind.SET, GroupKind.RUN, GroupKind.COLOR_GROUP,
                                    GroupKind.COLOR_RUN)


def test_uc4_which_kind_serves_which() -> None:
    """UC-4: each kind counts as itself; a color run also counts as a run and as a color
    group; nothing else counts as another kind."""
    served = {(a, b) for a in GroupKind for b in GroupKind if a.serves(b)}
    assert served == {(k, k) for k in GroupKind} | {(COLOR_RUN, RUN), (COLOR_RUN, COLOR_GROUP)}


@pytest.mark.parametrize(
    ("make", "message", "text", "position"),
    [
        (lambda: Placed.natural(WILD), "W is not a numbered card", "W", 0),
        (lambda: Placed.wild(Color.BLUE, 14), "a wild is declared as a number 2..13, not 14",
         "14", 0),
        (lambda: Placed.parse("W=W"), "a wild needs a declared color and number: 'W=W'",
         "W=W", 2),
        (lambda: Placed.parse("BearSpray"),
         "only numbered cards and declared wilds sit in groups: 'BearSpray'", "BearSpray", 0),
        (lambda: Group.parse("SET SET"), "not a card: 'SET' in group 'SET SET'", "SET SET", 4),
        (lambda: Group.parse("SET B5 SET"),
         "not a card: 'SET' in group 'SET B5 SET'", "SET B5 SET", 7),
        (lambda: Group.parse("RUN B4 RUN B5"),
         "not a card: 'RUN' in group 'RUN B4 RUN B5'", "RUN B4 RUN B5", 7),
        (lambda: Group.parse("PAIR B5 Y5"),
         "a group starts with SET, RUN, COLOR GROUP or COLOR RUN: 'PAIR B5 Y5'", "PAIR B5 Y5",
         0),
    ],
)
def test_uc5_unreadable_cards_and_groups_are_typed_errors(make: object, message: str,
                                                           text: str, position: int) -> None:
    """UC-4, UC-5: a card or group text that cannot be read raises ParseError naming why,
    with the text and the position of the word at fault."""
    with pytest.raises(ParseError) as info:
        make()  # type: ignore[operator]
    assert (str(info.value), info.value.text, info.value.position) == (message, text, position)


def test_uc5_a_natural_sorts_before_a_wild_of_the_same_value() -> None:
    """UC-5: in a group's canonical order a natural comes before a wild counting the same."""
    assert str(Group.parse("SET W=B5 Y5 B5")) == "SET B5 W=B5 Y5"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("RUN B2 Y3 R4 G5 B6 Y7 R8 G9 B10 Y11 R12 B13", None),
        ("SET W=B5 W=Y5 W=R5", "a group holds at least one natural card [UC-4]"),
        ("SET B5 W=Y5 W=R5 W=G5", None),
        ("SET B5 W=Y5 W=R5 W=G5 W=B5", None),
        ("SET B5 Y5 R6", "a set's cards share one number [UC-4]"),
        ("RUN B4 Y5 R7 G8", "a run's numbers are consecutive, each once [UC-4]"),
    ],
)
def test_uc4_group_problems_are_named(text: str, problem: str | None) -> None:
    """UC-1, UC-4: a full-length run is valid; all four wilds may sit in one group (the
    deck holds four); each broken rule is named with its ruling."""
    assert Group.parse(text).problem() == problem


def test_uc9_placements_under_a_smaller_campsite_size() -> None:
    """UC-4, UC-9: a group valid only at a campsite's smaller size still takes cards at
    that size, and a wild is offered at every value that fits, 2 and 13 included."""
    short_run = Group.parse("RUN B4 Y5")
    assert [str(p) for p in short_run.placements(Card.parse("R6"), 2)] == ["R6"]
    assert short_run.placements(Card.parse("R6")) == ()
    low = Group.parse("COLOR RUN B3 B4 B5 B6")
    assert [str(p) for p in low.placements(WILD)] == ["W=B2", "W=B7"]
    high = Group.parse("RUN B9 Y10 R11 G12")
    assert [str(p) for p in high.placements(WILD)] == [f"W={c.value}{n}" for n in (8, 13)
                                                        for c in Color]
    color_group = Group.parse("COLOR GROUP B4 B6 B8 B10")
    assert [str(p) for p in color_group.placements(WILD)] == [f"W=B{n}" for n in range(2, 14)]


def test_uc13_edge_asked_twice() -> None:
    """UC-13: a group's edge is the same when asked again."""
    run = Group.parse("RUN B4 Y5 R6 G7")
    assert [str(p) for p in run.edge()] == ["B4", "G7"]
    assert [str(p) for p in run.edge()] == ["B4", "G7"]


@pytest.mark.parametrize(
    ("group", "face", "swaps"),
    [
        ("COLOR GROUP B4 B6 B8 W=B10", "B3", ["COLOR GROUP B3 B4 B6 B8"]),
        ("RUN W=B4 Y5 R6 G7", "B8", []),
        ("RUN W=B4 Y5 W=R6 G7", "B6", ["RUN W=B4 Y5 B6 G7"]),
        ("SET B5 W=Y5", "R5", ["SET B5 R5"]),
    ],
)
def test_uc29_a_natural_takes_the_wilds_place(group: str, face: str, swaps: list[str]) -> None:
    """UC-10, UC-29: a natural replaces a wild where it stands (in a run the wild's number,
    in a color group any number of its color), and a group at a campsite's smaller size
    may be swapped into."""
    got = Group.parse(group).wild_swaps(Card.parse(face))
    assert [str(g) for _, g in got] == swaps
