"""The requirement language and the matching of groups to specs (UC-3, UC-4)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campers_rules import Group, GroupKind, GroupSpec, ParseError, Requirement
from campers_rules._catalogue import PRINTED_TEXT, PROVISIONAL_TEXT
from tests.campers.strategies import requirements, valid_groups

FACE_TEXTS = sorted({
    part.strip()
    for line in (PRINTED_TEXT + PROVISIONAL_TEXT).splitlines()
    for part in line.split("|")[1:]
})


@pytest.mark.parametrize("text", FACE_TEXTS)
def test_uc3_every_catalogue_text_formats_back_verbatim(text: str) -> None:
    """UC-3: the text printed on a campsite parses and formats back to the same text."""
    assert str(Requirement.parse(text)) == text
    assert Requirement.parse(text.lower()) == Requirement.parse(text)


def test_parse_structure() -> None:
    """OR separates alternatives, AND binds specs; the same-color phrase is one color group."""
    r = Requirement.parse("1 SET OF 3 AND 1 RUN OF 4 OR 7 cards of the same color")
    assert r.alternatives == (
        (GroupSpec(GroupKind.SET, 3), GroupSpec(GroupKind.RUN, 4)),
        (GroupSpec(GroupKind.COLOR_GROUP, 7),),
    )
    assert Requirement.parse("2 color runs of 4").alternatives == (
        (GroupSpec(GroupKind.COLOR_RUN, 4, 2),),
    )


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("1 SET OF 3 OR 1 RUNE OF 4", "RUNE"),
        ("1 SET OF three", "three"),
        ("1 SET 3", "3"),
        ("1 SET OF 3 PLUS 1 RUN OF 4", "PLUS"),
        ("2 SETS OF 1", "1"),
        ("1 RUN OF 13", "13"),
        ("9 SETS OF 3", "9"),
        ("7 CARDS OF THE SAME COLOUR", "CARDS"),
    ],
)
def test_parse_error_points_at_the_word(text: str, word: str) -> None:
    """An unreadable requirement raises ParseError whose position is the offending word."""
    with pytest.raises(ParseError) as info:
        Requirement.parse(text)
    assert text[info.value.position:].startswith(word)


def test_parse_error_at_the_end() -> None:
    """A truncated requirement points past its last word."""
    with pytest.raises(ParseError) as info:
        Requirement.parse("1 SET OF")
    assert info.value.position == len("1 SET OF")


def test_spec_sizes_out_of_range_are_typed_errors() -> None:
    """Specs built in code are checked like parsed ones."""
    with pytest.raises(ParseError):
        GroupSpec(GroupKind.RUN, 13)
    with pytest.raises(ParseError):
        GroupSpec(GroupKind.SET, 3, 0)
    with pytest.raises(ParseError):
        Requirement(())


@given(requirements)
def test_text_round_trip(requirement: Requirement) -> None:
    """Every requirement parses back from its text, also lower-cased."""
    assert Requirement.parse(str(requirement)) == requirement
    assert Requirement.parse(str(requirement).lower()) == requirement


def brute_force_meets(requirement: Requirement, groups: Sequence[Group]) -> bool:
    """The specification: some alternative's units get distinct groups that count for them."""
    for alt in requirement.alternatives:
        units = [spec for spec in alt for _ in range(spec.count)]
        if len(units) > len(groups):
            continue
        for chosen in itertools.permutations(range(len(groups)), len(units)):
            if all(spec.accepts((groups[i].kind, groups[i].size))
                   for spec, i in zip(units, chosen, strict=True)):
                return True
    return False


@given(requirements.filter(lambda r: all(sum(s.count for s in a) <= 4 for a in r.alternatives)),
       st.lists(valid_groups(), max_size=5))
def test_matching_equals_brute_force(requirement: Requirement, groups: list[Group]) -> None:
    """UC-4: the greedy matching agrees with trying every assignment, and its pairs are sound."""
    matching = requirement.match(groups)
    assert (matching is not None) == brute_force_meets(requirement, groups)
    if matching is not None:
        indices = [i for _, i in matching.pairs]
        assert len(set(indices)) == len(indices)
        assert all(spec.accepts((groups[i].kind, groups[i].size)) for spec, i in matching.pairs)


def test_uc4_a_color_run_counts_as_a_run_and_as_a_color_group() -> None:
    """UC-4: a color run is a run whose cards share one color, so it serves both specs."""
    color_run = Group.parse("COLOR RUN B4 B5 B6 B7")
    assert Requirement.parse("1 RUN OF 4").is_met_by([color_run])
    assert Requirement.parse("4 CARDS OF THE SAME COLOR").is_met_by([color_run])
    assert not Requirement.parse("1 COLOR RUN OF 4").is_met_by([Group.parse("RUN B4 B5 B6 B7")])
    assert not Requirement.parse("1 RUN OF 4 AND 4 CARDS OF THE SAME COLOR").is_met_by(
        [color_run])


def test_bigger_groups_meet_smaller_specs() -> None:
    """A requirement names minimum sizes: a set of 4 meets "1 SET OF 3"."""
    assert Requirement.parse("3 SETS OF 2").is_met_by(
        [Group.parse("SET B5 Y5 R5 G5"), Group.parse("SET B6 Y6"), Group.parse("SET B8 Y8")])
    assert not Requirement.parse("1 SET OF 5").is_met_by([Group.parse("SET B5 Y5 R5 G5")])


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("1 SET OF \u00b2", "\u00b2"),  # a superscript: isdigit() but not a number int() reads
        ("\u00b2 SETS OF 3", "\u00b2"),
        ("1 SET OF \uff13", "\uff13"),  # a fullwidth 3
        ("1 SET OF \u0663", "\u0663"),  # an Arabic-Indic 3 (isdecimal, but not ASCII)
        ("1 SET OF 99999999", "99999999"),
        ("1 SET OF " + "9" * 5000, "9" * 5000),  # past Python's int-digit limit
        ("0001 SET OF 3", "0001"),
    ],
)
def test_only_short_ascii_numbers_are_read(text: str, word: str) -> None:
    """Issue 10: a number is one to three ASCII digits; anything else that looks like one
    (a superscript, another script's digit, a huge number) is a ParseError at its word."""
    with pytest.raises(ParseError) as info:
        Requirement.parse(text)
    assert info.value.text == text
    assert text[info.value.position:].startswith(word)


_WORDS = st.sampled_from(
    ["1", "2", "3", "6", "7", "13", "0", "99", "\u00b2", "\uff13", "SET", "SETS", "RUN", "runs",
     "COLOR", "GROUP", "GROUPS", "OF", "CARDS", "THE", "SAME", "AND", "OR", "x", "-1"]
)


@given(st.one_of(
    st.text(max_size=60),
    st.lists(_WORDS, max_size=14).map(" ".join),
))
def test_parse_reads_a_requirement_or_raises_parse_error(text: str) -> None:
    """Issue 10: on any text, parse returns a requirement whose text reads back to it, or
    raises ParseError pointing into the text; never another error."""
    try:
        requirement = Requirement.parse(text)
    except ParseError as err:
        assert err.text == text
        assert 0 <= err.position <= len(text)
        return
    assert Requirement.parse(str(requirement)) == requirement
