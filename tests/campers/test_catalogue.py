"""The campsite catalogue as data (UC-1, UC-3)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campers_rules import CATALOGUE, Group, GroupKind, ParseError, campsite, parse_catalogue
from campers_rules._catalogue import PRINTED_TEXT, PROVISIONAL_TEXT, parse_campsite


def test_uc1_uc3_fifteen_campsites_four_printed_eleven_provisional() -> None:
    """UC-1, UC-3: 15 campsites, five each of 2, 3, 4 points; the 4 printed ones verbatim."""
    assert len(CATALOGUE) == 15
    assert Counter(s.points for s in CATALOGUE) == {2: 5, 3: 5, 4: 5}
    assert [s.provisional for s in CATALOGUE] == [False] * 4 + [True] * 11
    assert [str(s) for s in CATALOGUE[:4]] == PRINTED_TEXT.splitlines()
    assert [s.id for s in CATALOGUE] == [f"c{i:02d}" for i in range(1, 16)]
    assert len({s.name for s in CATALOGUE}) == 15


def test_uc3_a_user_supplies_their_own_fifteen_faces() -> None:
    """UC-3: the catalogue is data: fifteen faces as text replace the default."""
    text = "# my cards\n" + (PROVISIONAL_TEXT + PRINTED_TEXT).lower()
    mine = parse_catalogue(text)
    assert [str(s) for s in mine] == (PROVISIONAL_TEXT + PRINTED_TEXT).splitlines()
    assert not any(s.provisional for s in mine)


@pytest.mark.parametrize(
    "text",
    [
        PRINTED_TEXT,
        PRINTED_TEXT * 3 + PROVISIONAL_TEXT.replace("4 |", "2 |"),
        "5 | 1 SET OF 3 | 2 SETS OF 3\n" * 15,
        "2 | 1 SET OF 3\n" * 15,
    ],
)
def test_uc1_bad_catalogues_are_rejected(text: str) -> None:
    """UC-1: a catalogue must hold 15 readable faces, five of each point value."""
    with pytest.raises(ParseError):
        parse_catalogue(text)


def test_parse_error_in_a_face_points_into_the_line() -> None:
    """A bad word in a face gives its position within the line."""
    line = "2 | 1 SET OF 3 | 2 SETZ OF 3"
    with pytest.raises(ParseError) as info:
        parse_catalogue([line] * 15)
    assert line[info.value.position:].startswith("SETZ")


def test_uc4_campsite_min_size_follows_its_face() -> None:
    """UC-4: on "2 SETS OF 3 / 3 SETS OF 2" a set of 2 is valid, elsewhere it is not."""
    pair = Group.parse("SET B5 Y5")
    assert campsite("c02").min_size(GroupKind.SET) == 2
    assert campsite("c02").group_problem(pair) is None
    assert campsite("c01").group_problem(pair) is not None
    assert campsite("c04").min_size(GroupKind.COLOR_GROUP) == 4


def test_uc7_primitive_and_complete_are_derived_from_groups() -> None:
    """UC-7: a campsite is primitive or complete according to its groups."""
    site = campsite("c01")
    five = Group.parse("SET B5 Y5 R5")
    run = Group.parse("RUN B4 Y5 R6 G7")
    assert site.is_primitive([five]) and not site.is_complete([five])
    assert site.is_complete([five, run])
    assert not site.is_primitive([Group.parse("SET B5 Y5")])
    with pytest.raises(ParseError):
        campsite("c16")


def test_a_number_no_parser_reads_in_a_face_is_a_parse_error() -> None:
    """Issue 10: a superscript digit in a face is a ParseError pointing at it, not a
    ValueError from int()."""
    line = "2 | 1 SET OF 3 | 1 SET OF \u00b2"
    with pytest.raises(ParseError) as info:
        parse_catalogue([line] * 15)
    assert info.value.position == line.index("\u00b2")


def test_parse_error_points_into_the_right_part_when_both_read_alike() -> None:
    """A truncated complete requirement points at the end of the line, even when the
    primitive's text starts with the same words."""
    line = "2 | 1 SET OF 3 | 1 SET OF"
    with pytest.raises(ParseError) as info:
        parse_campsite(line, "c01")
    assert info.value.position == len(line)


@given(st.text(max_size=50) | st.lists(
    st.sampled_from(["2", "3", "4", "\u00b2", "|", "1 SET OF 3", "1 RUN OF", "OR", "x"]),
    max_size=8).map(" ".join))
def test_a_face_is_read_or_raises_parse_error(line: str) -> None:
    """Issue 10: on any line, parse_campsite returns a campsite whose text reads back to
    it, or raises ParseError pointing into the line; never another error."""
    try:
        site = parse_campsite(line, "c01")
    except ParseError as err:
        assert 0 <= err.position <= len(line)
        return
    assert parse_campsite(str(site), "c01") == site
