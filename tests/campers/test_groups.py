"""Groups on the table: validity, squatting, edges, wild swaps (UC-1, UC-4, UC-5, UC-9, UC-10,
UC-13)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campers_rules import FACES, WILD, Card, Color, Group, GroupKind, ParseError, Placed
from tests.campers.strategies import NATURALS, valid_groups


def g(text: str) -> Group:
    return Group.parse(text)


@pytest.mark.parametrize(
    "text",
    [
        "SET B7 Y7 R7",
        "SET B7 B7 W=B7",
        "RUN B2 Y3 R4 G5",
        "RUN B10 Y11 W=R12 G13",
        "COLOR GROUP B2 B2 B9 W=B13",
        "COLOR RUN G4 G5 G6 W=G7",
    ],
)
def test_uc4_valid_groups(text: str) -> None:
    """UC-4: sets, runs, color groups and color runs at their usual minimum size."""
    assert g(text).is_valid(), g(text).problem()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("SET B7 Y7", "at least 3"),
        ("SET B7 Y7 R8", "one number"),
        ("RUN B2 Y3 R4", "at least 4"),
        ("RUN B11 Y12 R13 G2", "consecutive"),
        ("RUN B4 Y5 R5 G6", "consecutive"),
        ("COLOR GROUP B2 B3 Y4 B5", "one color"),
        ("COLOR RUN G4 G5 B6 G7", "one color"),
        ("SET W=B7 W=Y7 W=R7", "natural"),
        ("SET B7 B7 B7", "copies"),
    ],
)
def test_uc4_invalid_groups_name_the_reason(text: str, reason: str) -> None:
    """UC-4: an invalid group is rejected with a reason naming the broken rule."""
    problem = g(text).problem()
    assert problem is not None and reason in problem and "UC-" in problem


def test_uc4_campsite_may_name_a_smaller_size() -> None:
    """UC-4: "3 SETS OF 2" makes a set of 2 valid on that campsite only."""
    pair = g("SET B5 Y5")
    assert not pair.is_valid()
    assert pair.is_valid(min_size=2)


@pytest.mark.parametrize("face", FACES)
def test_uc5_a_natural_counts_only_as_itself(face: Card) -> None:
    """UC-5, UC-4: only a wild takes a declared value. ``Placed(face, color, number)`` is
    the one interned placement a natural counts as, or any value 2..13 a wild is declared
    as; a natural as another value (UC-5), an action card (UC-4) or a number outside
    2..13 is refused at construction with ParseError, never built."""
    for color in Color:
        for number in (*range(0, 16), FACES[7], True):
            fits = face is WILD or (face.color is color and face.number == number)
            fits = fits and type(number) is int and 2 <= number <= 13
            if fits:
                placed = Placed(face, color, number)
                assert (placed.face, placed.color, placed.number) == (face, color, number)
                assert placed is Placed.parse(str(placed))
                assert placed == (number - 2) * 8 + list(Color).index(color) * 2 + (face is WILD)
                continue
            ruling = "UC-4" if face.is_action else "UC-5"
            with pytest.raises(ParseError, match=ruling if face is not WILD else "2..13"):
                Placed(face, color, number)
    assert g("SET W=G7 Y7 R7").is_valid()


@given(valid_groups(), st.randoms(use_true_random=False))
def test_canonical_order_and_text_round_trip(group: Group, rnd: object) -> None:
    """Equal groups compare equal whatever order their cards came in; text round-trips."""
    cards = list(group.cards)
    rnd.shuffle(cards)  # type: ignore[attr-defined]
    assert Group(group.kind, tuple(cards)) == group
    assert Group.parse(str(group)) == group
    assert hash(Group.parse(str(group).lower())) == hash(group)


def test_uc9_run_takes_a_card_at_either_end() -> None:
    """UC-9: a run is extended at its low or high end, nowhere else."""
    run = g("RUN B4 Y5 R6 G7")
    assert run.placements(Card.parse("Y3")) == (Placed.parse("Y3"),)
    assert run.placements(Card.parse("Y8")) == (Placed.parse("Y8"),)
    assert run.placements(Card.parse("Y5")) == ()
    assert run.placements(Card.parse("Y9")) == ()
    assert g("RUN B10 Y11 R12 G13").placements(Card.parse("B2")) == ()


def test_uc9_set_and_color_group_take_a_matching_card() -> None:
    """UC-9: a set takes its number, a color group its color, a color run both."""
    assert g("SET B7 Y7 R7").placements(Card.parse("G7")) == (Placed.parse("G7"),)
    assert g("SET B7 Y7 R7").placements(Card.parse("G8")) == ()
    assert g("COLOR GROUP B2 B5 B9 B13").placements(Card.parse("B3")) == (Placed.parse("B3"),)
    assert g("COLOR GROUP B2 B5 B9 B13").placements(Card.parse("Y3")) == ()
    assert g("COLOR RUN G4 G5 G6 G7").placements(Card.parse("B8")) == ()


def test_uc9_a_wild_fits_with_each_value_that_keeps_the_group_valid() -> None:
    """UC-9, UC-5: a wild's placements are the declared values the group can take."""
    run_spots = g("RUN B4 Y5 R6 G7").placements(WILD)
    assert {p.number for p in run_spots} == {3, 8} and len(run_spots) == 8
    assert {str(p) for p in g("COLOR RUN G2 G3 G4 G5").placements(WILD)} == {"W=G6"}
    assert len(g("SET B7 Y7 R7").placements(WILD)) == 4
    assert g("SET B7 Y7 R7").placements(Card.parse("BearAttack")) == ()


@given(valid_groups(), st.sampled_from([*NATURALS, WILD]))
def test_uc9_placements_are_exactly_the_valid_extensions(group: Group, face: Card) -> None:
    """UC-9: each placement keeps the group valid; a natural not offered would break it."""
    spots = group.placements(face)
    for spot in spots:
        assert spot.face is face
        assert group.with_card(spot).is_valid()
    if face.is_natural and not spots:
        assert not group.with_card(Placed.natural(face)).is_valid()


def test_uc13_edge_of_a_run_is_its_ends() -> None:
    """UC-13: a Bear Attack takes a run's lowest or highest card, any card of a set."""
    assert [str(p) for p in g("RUN B4 Y5 R6 G7").edge()] == ["B4", "G7"]
    assert [str(p) for p in g("SET B7 B7 Y7 W=R7").edge()] == ["B7", "Y7", "W=R7"]
    assert len(g("COLOR GROUP B2 B5 B9 B13").edge()) == 4


@given(valid_groups())
def test_uc13_removing_an_edge_card_of_a_run_leaves_a_run(group: Group) -> None:
    """UC-13: taking an edge card never breaks a run in the middle."""
    for card in group.edge():
        assert "consecutive" not in (group.without(card).problem(min_size=1) or "")


def test_uc10_wild_swap_needs_the_declared_value() -> None:
    """UC-10: a natural equal to the wild's number replaces it; color only where needed."""
    run = g("RUN B4 Y5 W=R6 G7")
    assert [str(new) for _, new in run.wild_swaps(Card.parse("Y6"))] == ["RUN B4 Y5 Y6 G7"]
    assert run.wild_swaps(Card.parse("Y8")) == ()
    color_run = g("COLOR RUN G4 G5 W=G6 G7")
    assert color_run.wild_swaps(Card.parse("Y6")) == ()
    assert len(color_run.wild_swaps(Card.parse("G6"))) == 1
    twice = g("SET B7 W=Y7 W=Y7")
    assert len(twice.wild_swaps(Card.parse("R7"))) == 1
    assert g("SET B7 B7 W=B7").wild_swaps(Card.parse("B7")) == ()


@given(valid_groups(), st.sampled_from(NATURALS))
def test_uc10_every_swap_gives_a_valid_group_with_one_wild_less(group: Group,
                                                                face: Card) -> None:
    """UC-10, UC-29: the swapped group is valid, holds the natural and one wild fewer; the
    natural has the wild's number, except in a color group (any number of its color)."""
    for wild, swapped in group.wild_swaps(face):
        assert wild.is_wild and (wild.number == face.number or group.kind is GroupKind.COLOR_GROUP)
        assert swapped.is_valid()
        assert sum(p.is_wild for p in swapped.cards) == sum(p.is_wild for p in group.cards) - 1


@pytest.mark.parametrize("text", ["", "PAIR B7 Y7", "SET B7 Q7", "SET W=W", "SET Smores"])
def test_group_parse_errors(text: str) -> None:
    """Unreadable group text raises ParseError."""
    with pytest.raises(ParseError):
        Group.parse(text)


@pytest.mark.parametrize("text", ["W", "W=W", "W=B14", "BearAttack", "B1", "Q7"])
def test_placed_parse_errors(text: str) -> None:
    """A placed card is a numbered face or a wild with a declared numbered value (UC-5)."""
    with pytest.raises(ParseError):
        Placed.parse(text)


def test_group_parse_error_points_at_the_card() -> None:
    """An unreadable card in a group's text is located by its position."""
    text = "RUN B4 B5 X6 B7"
    with pytest.raises(ParseError) as info:
        Group.parse(text)
    assert text[info.value.position:].startswith("X6")
    assert Group(GroupKind.SET, ()).edge() == ()
