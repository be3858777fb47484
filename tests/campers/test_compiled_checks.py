"""The checks the move generator runs compiled on ints (issue 29) answer as the rules read
on the objects: a group's shape (``_shape.shape_problem``, behind ``Group.problem``, UC-1,
UC-4, UC-5), whether groups meet a requirement (``Asked.met_by``, behind
``Requirement.is_met_by``, UC-4, UC-7), and where a campsite sits in a row
(``_rows.row_index``)."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import example, given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import WILD, Group, GroupKind, Placed, Requirement, _board, _rows
from campers_rules._board import Site, row_index
from campers_rules._cards import copies_in_deck
from campers_rules._counted import group_classes
from campers_rules._groups import (
    CONSECUTIVE,
    KIND_INDEX,
    MAX_SIZE,
    MIN_SIZE,
    PLACEMENTS,
    SAME_COLOR,
)
from campers_rules._requirements import residual_needs
from campers_rules._shape import KIND_NAMES, MOST_CARDS, shape_problem
from campers_rules._table import site_meets, valid_on
from tests.campers.strategies import requirements, valid_groups

_ANY_CARDS = st.lists(st.sampled_from(PLACEMENTS), max_size=14)
"""Any placements, valid as a group or not, copies beyond the deck's included."""
_CROWDED = st.lists(st.sampled_from(PLACEMENTS[8:16] + PLACEMENTS[1::16]), min_size=3,
                    max_size=14)
"""Placements of few values (the 3s, and a blue wild of every other number), so that a face is laid
more often than the deck holds it."""


def _plain_problem(group: Group, least: int) -> str | None:
    """UC-1, UC-4, UC-5 read on the placements' attributes, one rule after another: the
    reference the int check is held to."""
    kind, cards = group.kind, group.cards
    if len(cards) < least:
        return f"a {kind.value} needs at least {least} cards, not {len(cards)} [UC-4]"
    if len(cards) > MAX_SIZE[kind]:
        return f"a {kind.value} holds at most {MAX_SIZE[kind]} cards [UC-4]"
    faces = [p.face for p in cards]
    if all(face is WILD for face in faces):
        return "a group holds at least one natural card [UC-4]"
    for face, count in Counter(faces).items():
        if count > copies_in_deck(face):
            return f"{count} copies of {face}: the deck holds {copies_in_deck(face)} [UC-1]"
    if kind is GroupKind.SET and len({p.number for p in cards}) > 1:
        return "a set's cards share one number [UC-4]"
    if kind in SAME_COLOR and len({p.color for p in cards}) > 1:
        return f"a {kind.value}'s cards share one color [UC-4]"
    numbers = [p.number for p in cards]
    if kind in CONSECUTIVE and numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return "a run's numbers are consecutive, each once [UC-4]"
    return None


def test_uc4_the_int_checks_name_the_kinds_as_group_kind_does() -> None:
    """UC-4: the int check's kind names and largest sizes are ``GroupKind``'s, in its
    order (the kinds' places the checks take)."""
    assert tuple(kind.value for kind in GroupKind) == KIND_NAMES
    assert tuple(MAX_SIZE[kind] for kind in GroupKind) == MOST_CARDS
    assert [KIND_INDEX[kind] for kind in GroupKind] == [0, 1, 2, 3]


@settings(max_examples=600)
@given(st.sampled_from(list(GroupKind)), st.one_of(_ANY_CARDS, _CROWDED),
       st.one_of(st.none(), st.integers(0, 6)))
@example(GroupKind.SET, [Placed.parse(t) for t in ["B4", "B4", "B4", "W=B4", "W=Y4"]], None)
@example(GroupKind.SET, [Placed.parse("W=B4")] * 5 + [Placed.parse(t) for t in ["Y4", "Y4", "Y4"]],
         None)
@example(GroupKind.COLOR_GROUP, [Placed.parse(t) for t in ["B2", "W=B3", "B3", "B3"]], None)
@example(GroupKind.RUN, [], 0)
def test_uc4_shape_problem_is_the_rules_read_on_the_objects(
        kind: GroupKind, cards: list[Placed], min_size: int | None) -> None:
    """UC-1, UC-4, UC-5: for any placements, of any kind and least size, the compiled int
    check, ``Group.problem`` (which asks it) and a campsite's ``group_problem`` give the
    reference's answer, word for word, and ``_table.valid_on`` its verdict."""
    group = Group(kind, tuple(cards))
    least = MIN_SIZE[kind] if min_size is None else min_size
    expected = _plain_problem(group, least)
    assert shape_problem(KIND_INDEX[kind], group.cards, least) == expected
    assert group.problem(min_size) == expected
    for face in uc.CATALOGUE:
        own = _plain_problem(group, face.min_size(kind))
        assert face.group_problem(group) == own
        assert valid_on(face, group) is (own is None)


@settings(max_examples=200)
@given(valid_groups())
def test_uc4_valid_groups_pass_the_int_check(group: Group) -> None:
    """UC-4: every valid group of the strategies (each kind, wilds included) passes the int
    check at its kind's usual least size, as the reference says."""
    kind = KIND_INDEX[group.kind]
    assert shape_problem(kind, group.cards, MIN_SIZE[group.kind]) is None
    assert _plain_problem(group, MIN_SIZE[group.kind]) is None


def _plain_meets(requirement: Requirement, groups: list[Group]) -> bool:
    """The ``residual_needs`` greedy on (kind, size) counts, as the z3 proof states it."""
    counts = Counter((group.kind, group.size) for group in groups)
    return any(not any(residual_needs(alt, counts, min)) for alt in requirement.alternatives)


def _brute_force(requirement: Requirement, groups: list[Group]) -> bool:
    """Some alternative whose groups asked each take a distinct group that serves them."""
    for asked in requirement.groups_asked:
        for chosen in itertools.permutations(range(len(groups)), len(asked)):
            if all(groups[g].kind.serves(kind) and groups[g].size >= size
                   for (kind, size), g in zip(asked, chosen, strict=True)):
                return True
    return False


_SIZED = st.tuples(st.sampled_from(list(GroupKind)), st.integers(2, 14)).map(
    lambda kind_size: Group(kind_size[0], (Placed.parse("W=B2"),) * kind_size[1]))
"""A group of some kind and size (a requirement looks at nothing else)."""


@settings(max_examples=500)
@given(requirements, st.lists(st.one_of(_SIZED, valid_groups()), max_size=5))
@example(Requirement.parse("1 RUN OF 4 AND 1 COLOR GROUP OF 4"),
         [Group.parse("COLOR RUN B2 B3 B4 B5"), Group.parse("RUN Y2 Y3 Y4 Y5")])
@example(Requirement.parse("1 COLOR RUN OF 4 AND 1 RUN OF 5"),
         [Group.parse("COLOR RUN B2 B3 B4 B5"), Group.parse("COLOR RUN Y2 Y3 Y4 Y5 Y6")])
def test_uc7_met_by_on_ints_is_the_greedy_on_counts(requirement: Requirement,
                                                   groups: list[Group]) -> None:
    """UC-4, UC-7: the compiled greedy on group classes answers as the ``residual_needs``
    greedy on counts and as trying every assignment, in any order of the groups; and
    ``is_met_by`` gives that answer."""
    expected = _plain_meets(requirement, groups)
    assert _brute_force(requirement, groups) is expected
    assert requirement.asked.met_by(group_classes(groups)) is expected
    assert requirement.asked.met_by(group_classes(reversed(groups))) is expected
    assert requirement.is_met_by(iter(groups)) is expected


@settings(max_examples=200)
@given(st.sampled_from(uc.CATALOGUE), st.lists(valid_groups(), min_size=1, max_size=3),
       st.booleans())
def test_uc28_site_meets_asks_the_faces_as_the_campsite_does(
        face: uc.Campsite, groups: list[Group], complete: bool) -> None:
    """UC-7, UC-28: the engine's ``site_meets`` (compiled checks) answers as the campsite's
    public ``is_complete`` (``complete``) or ``stands``."""
    expected = face.is_complete(groups) if complete else face.stands(groups)
    assert site_meets(face, tuple(groups), complete) is expected


@given(st.lists(st.integers(0, 14), unique=True, max_size=6), st.integers(-1, 15))
def test_uc7_row_index_is_the_compiled_look_up(row: list[int], campsite: int) -> None:
    """UC-7: the rule modules' ``_board.row_index`` is the compiled ``_rows`` function, and
    it finds a campsite where the row holds it, -1 elsewhere."""
    sites = tuple(Site(site, ()) for site in row)
    assert _board.row_index is _rows.row_index
    assert row_index(sites, campsite) == (row.index(campsite) if campsite in row else -1)
