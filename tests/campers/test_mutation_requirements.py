"""Requirement parsing errors and matching pinned down (UC-3, UC-4), written to kill the
mutants of ``campers_rules/_requirements.py`` the older tests let live (issue 15)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from campers_rules import Group, GroupKind, GroupSpec, ParseError, Requirement
from tests.campers.strategies import requirements, valid_groups
from tests.campers.test_requirements import brute_force_meets

SET, RUN, COLOR_GROUP, COLOR_RUN = (GroupKind.SET, GroupKind.RUN, GroupKind.COLOR_GROUP,
                                    GroupKind.COLOR_RUN)


@pytest.mark.parametrize(
    ("text", "message", "word"),
    [
        ("1 SET 3", "expected 'OF' at '3' in '1 SET 3'", "3"),
        ("x SET OF 3", "expected a number at 'X' in 'x SET OF 3'", "x"),
        ("1 SET OF 3 AND", "expected a number at the end of '1 SET OF 3 AND'", ""),
        ("1 SET OF", "expected a group size at the end of '1 SET OF'", ""),
        ("1 SET OF y", "expected a group size at 'Y' in '1 SET OF y'", "y"),
        ("1 RUNE OF 4", "expected SET, RUN, COLOR GROUP, COLOR RUN or CARDS OF THE SAME COLOR "
         "at 'RUNE' in '1 RUNE OF 4'", "RUNE"),
        ("1 SET OF 3 PLUS 1 RUN OF 4",
         "expected AND or OR at 'PLUS' in '1 SET OF 3 PLUS 1 RUN OF 4'", "PLUS"),
        ("1 RUN OF 13", "a RUN of 13 is out of range 2..12 in '1 RUN OF 13'", "13"),
        ("1 SET OF 3 OR 30 cards of the same color",
         "a COLOR GROUP of 30 is out of range 2..28 in '1 SET OF 3 OR 30 cards of the same "
         "color'", "30"),
        ("1 SET OF 3 AND 9 SETS OF 3", "9 groups is out of range 1..6 in "
         "'1 SET OF 3 AND 9 SETS OF 3'", "9"),
    ],
)
def test_uc3_a_parse_error_names_what_was_expected_and_where(text: str, message: str,
                                                             word: str) -> None:
    """UC-3: an unreadable requirement raises ParseError whose message names what was
    expected and the word met, and whose text and position point at that word."""
    with pytest.raises(ParseError) as info:
        Requirement.parse(text)
    assert str(info.value) == message
    assert info.value.text == text
    assert info.value.position == (text.rindex(word) if word else len(text))


def test_uc3_specs_built_in_code_name_their_range() -> None:
    """UC-3: a spec built in code out of range says which bound it breaks."""
    with pytest.raises(ParseError) as size:
        GroupSpec(RUN, 13)
    assert (str(size.value), size.value.text) == ("a RUN of 13 is out of range 2..12", "13")
    with pytest.raises(ParseError) as count:
        GroupSpec(SET, 3, 7)
    assert (str(count.value), count.value.text) == ("a count of 7 groups is out of range 1..6",
                                                    "7")
    for empty in ((), ((),)):
        with pytest.raises(ParseError) as none:
            Requirement(empty)
        assert (str(none.value), none.value.text) == (
            "a requirement needs at least one group spec", str(empty))


def test_uc4_a_group_of_exactly_the_named_size_counts() -> None:
    """UC-4: sizes are minimums, so a group of exactly the size counts."""
    for kind in GroupKind:
        assert GroupSpec(kind, 4).accepts((kind, 4))
        assert not GroupSpec(kind, 4).accepts((kind, 3))


def test_uc3_kinds_and_most_groups() -> None:
    """UC-3: a requirement lists the kinds it names and the most groups one branch asks."""
    r = Requirement.parse("2 SETS OF 3 AND 1 RUN OF 4 OR 7 CARDS OF THE SAME COLOR")
    assert r.kinds() == frozenset({SET, RUN, COLOR_GROUP})
    assert r.most_groups() == 3
    assert Requirement.parse("1 COLOR RUN OF 4 OR 3 SETS OF 2").most_groups() == 3


def _classes(groups: list[Group]) -> Counter[tuple[GroupKind, int]]:
    return Counter((g.kind, g.size) for g in groups)


@given(requirements.filter(lambda r: all(sum(s.count for s in a) <= 4 for a in r.alternatives)),
       st.lists(valid_groups(), max_size=5))
@example(Requirement(((GroupSpec(SET, 2), GroupSpec(SET, 2)), (GroupSpec(SET, 2),))),
         [Group.parse("SET B3 Y3"), Group.parse("SET B4 Y4")])
def test_uc4_every_way_of_asking_agrees_with_brute_force(requirement: Requirement,
                                                         groups: list[Group]) -> None:
    """UC-4: is_met_by, meets_counts and match all agree with trying every assignment, and a
    matching gives each group the alternative asks for a distinct fitting group."""
    expected = brute_force_meets(requirement, groups)
    assert requirement.is_met_by(groups) is expected
    assert requirement.meets_counts(_classes(groups)) is expected
    matching = requirement.match(groups)
    assert (matching is not None) is expected
    if matching is not None:
        alt = requirement.alternatives[matching.alternative]
        assert not any(brute_force_meets(Requirement((a,)), groups)
                       for a in requirement.alternatives[:matching.alternative])
        assert brute_force_meets(Requirement((alt,)), groups)
        asked: Counter[GroupSpec] = Counter()
        for spec in alt:  # an alternative may name an equal spec twice
            asked[spec] += spec.count
        assert Counter(spec for spec, _ in matching.pairs) == asked
        indices = [i for _, i in matching.pairs]
        assert len(set(indices)) == len(indices)
        assert all(spec.accepts((groups[i].kind, groups[i].size)) for spec, i in matching.pairs)


_S3 = Group.parse("SET B3 Y3 R3")
_S4 = Group.parse("SET B4 Y4 R4 G4")
_R4 = Group.parse("RUN B4 Y5 R6 G7")
_CR4 = Group.parse("COLOR RUN B4 B5 B6 B7")


@pytest.mark.parametrize(
    ("text", "groups", "met"),
    [
        ("1 SET OF 3", [_S3], True),
        ("1 SET OF 3", [_S3, Group.parse("SET B5 Y5 R5")], True),
        ("1 SET OF 4", [_S3, _S4], True),
        ("1 RUN OF 4 OR 1 SET OF 3", [_S3], True),
        ("1 RUN OF 4", [_CR4], True),
        ("2 RUNS OF 4", [_R4, _CR4], True),
        ("1 RUN OF 4 AND 1 SET OF 3", [_S3, _R4], True),
        ("4 CARDS OF THE SAME COLOR", [_CR4, _S3], True),
        ("2 SETS OF 3", [_S3, _R4], False),
    ],
)
def test_uc4_fixed_positions(text: str, groups: list[Group], met: bool) -> None:
    """UC-4: groups of exactly the size, of several kinds, a color run serving a run, a
    later branch met when the first is not; each question gets the same answer twice."""
    r = Requirement.parse(text)
    for _ in range(2):
        assert r.is_met_by(groups) is met
        assert r.meets_counts(_classes(groups)) is met
        assert (r.match(groups) is not None) is met
    assert r.is_met_by([]) is False


def test_uc4_match_pairs_specs_in_written_order() -> None:
    """UC-4: a matching lists its pairs in the order the specs are written, each naming a
    distinct group, and names the branch met."""
    r = Requirement.parse("1 COLOR RUN OF 6 OR 1 RUN OF 4 AND 1 SET OF 3")
    matching = r.match([_S3, _R4])
    assert matching is not None
    assert matching.alternative == 1
    assert matching.pairs == ((GroupSpec(RUN, 4), 1), (GroupSpec(SET, 3), 0))
    two = Requirement.parse("2 SETS OF 3").match([_S3, _S4])
    assert two is not None and sorted(i for _, i in two.pairs) == [0, 1]


_R5 = Group.parse("RUN B4 Y5 R6 G7 B8")


@pytest.mark.parametrize(
    ("text", "groups", "met"),
    [
        ("1 RUN OF 4 AND 1 RUN OF 5", [_CR4, _R5], True),  # the bigger spec chooses first
        ("1 SET OF 3 AND 1 SET OF 4", [_S4], False),  # one group serves one spec only
        ("1 SET OF 3 AND 1 SET OF 3", [_S3, Group.parse("SET B5 Y5 R5")], True),
    ],
)
def test_uc4_each_group_serves_one_spec(text: str, groups: list[Group], met: bool) -> None:
    """UC-4: each group counts toward one spec only, and the larger specs are served first,
    so a smaller spec does not take the one group a larger spec could use."""
    r = Requirement.parse(text)
    assert r.meets_counts(_classes(groups)) is met
    assert r.is_met_by(groups) is met
    matching = r.match(groups)
    assert (matching is not None) is met
    if matching is not None:
        assert sorted(i for _, i in matching.pairs) == list(range(len(groups)))


def test_uc4_two_groups_of_one_kind_and_size_are_both_named() -> None:
    """UC-4: two equal-sized sets meeting "2 SETS OF 3" are two distinct groups."""
    matching = Requirement.parse("2 SETS OF 3").match([_S3, Group.parse("SET B5 Y5 R5")])
    assert matching is not None and sorted(i for _, i in matching.pairs) == [0, 1]


def test_uc3_min_size_is_the_smallest_named_for_a_kind() -> None:
    """UC-3: the least size a requirement names per kind, None for a kind it does not name."""
    r = Requirement.parse("1 SET OF 4 AND 1 RUN OF 5 OR 2 SETS OF 3 OR 1 COLOR RUN OF 6")
    assert [r.min_size(kind) for kind in GroupKind] == [3, 5, None, 6]


@given(requirements.filter(lambda r: all(sum(s.count for s in a) <= 4 for a in r.alternatives)),
       st.lists(valid_groups(), max_size=5))
@example(Requirement.parse("2 SETS OF 3"), [Group.parse("SET B5 Y5 R5"),
                                             Group.parse("SET B6 Y6 R6")])
@example(Requirement.parse("1 RUN OF 4 AND 1 COLOR RUN OF 4"),
         [Group.parse("COLOR RUN B2 B3 B4 B5"), Group.parse("COLOR RUN Y2 Y3 Y4 Y5")])
def test_uc4_is_met_by_is_the_brute_force(requirement: Requirement,
                                          groups: list[Group]) -> None:
    """UC-4: ``is_met_by`` (its greedy on ints, a group of exactly a spec's size counting
    for it and each group counted once) agrees with trying every assignment of groups to
    specs."""
    assert requirement.is_met_by(groups) is brute_force_meets(requirement, groups)


@given(st.one_of(requirements.map(str), st.sampled_from(["2 COLOR GROUPS OF 3", "2 RUNS OF 4"])))
@example("2 SETS OF 3 OR 1 SET OF 3 AND 1 RUN OF 4")
@example("1 SET OF 3 AND 1 COLOR RUN OF 4 OR 2 RUNS OF 4")
@example("3 SETS OF 2")
@example("2 COLOR GROUPS OF 3")
def test_uc3_the_derived_tables_of_a_requirement(text: str) -> None:
    """UC-3, UC-4: a requirement's tables read from its specs (built in the test, not at
    import): per alternative the (kind position, size) of each spec, the size of its one
    group (0 for more), its two groups' codes when they are two sets or runs, the
    (kind, size) of each group asked, the cards it lays at least, and ``counted``
    exactly when every alternative asks for two groups, each a set or a run."""
    requirement = Requirement.parse(text)
    kinds = list(GroupKind)
    groups = [[(spec.kind, spec.size) for spec in alt for _ in range(spec.count)]
              for alt in requirement.alternatives]
    assert requirement.bounds == tuple(
        tuple((kinds.index(spec.kind), spec.size) for spec in alt)
        for alt in requirement.alternatives)
    assert requirement.asked.singles == [g[0][1] if len(g) == 1 else 0 for g in groups]
    assert requirement.asked.pairs == [
        code for g in groups for code in (
            [2 * size + (kind is RUN) for kind, size in g]
            if len(g) == 2 and {kind for kind, _ in g} <= {SET, RUN} else [-1, -1])]
    assert [list(g) for g in requirement.groups_asked] == groups
    assert list(requirement.cards_asked) == [sum(size for _, size in g) for g in groups]
    assert requirement.counted is all(
        len(g) == 2 and {kind for kind, _ in g} <= {SET, RUN} for g in groups)
