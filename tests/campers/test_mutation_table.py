"""The engine's table queries pinned down (UC-4, UC-9, UC-10, UC-11), written to kill
mutants of ``campers_rules/_table.py`` the older tests let live (issue 15)."""

from __future__ import annotations

import pytest

import campers_rules as uc
from campers_rules import _cache, _table
from campers_rules._table import fitting, parse_groups, placements, split_runs, wild_swaps
from tests.campers.game_strategies import RUN_FOUR, SET_OR_RUN, SET_THREE, THREE_PAIRS, g

W = uc.Card.parse("W")


@pytest.mark.parametrize(
    ("text", "position", "rest"),
    [
        ("[SET B7 Y7 R7] junk", 15, "junk"),
        ("junk [SET B7 Y7 R7]", 0, "junk [SET B7 Y7 R7]"),
        ("[SET B7 Y7 R7][RUN B2 B3 B4 B5] x ", 32, "x "),
        ("[SET B7 Y7 R7] [", 15, "["),
    ],
)
def test_uc4_text_that_is_not_a_group_in_brackets_is_refused_where_it_stops(
        text: str, position: int, rest: str) -> None:
    """UC-4: groups in action text are written in brackets; the first text that is not
    one is named, with the whole text and its position, in the ParseError."""
    with pytest.raises(uc.ParseError) as info:
        parse_groups(text)
    assert str(info.value) == f"expected a group in brackets at {rest!r}"
    assert info.value.text == text
    assert info.value.position == position


@pytest.mark.parametrize("text", ["", " ", "   \t ", "\n"])
def test_uc4_text_without_a_group_is_refused(text: str) -> None:
    """UC-4: blank text names no group: a ParseError at position 0 with the whole text,
    never an empty answer."""
    with pytest.raises(uc.ParseError) as info:
        parse_groups(text)
    assert str(info.value) == f"expected at least one group in brackets: {text!r}"
    assert info.value.text == text
    assert info.value.position == 0


@pytest.mark.parametrize("text", ["[SET B7 Y7 R7]", "  [SET B7 Y7 R7]  [RUN B2 B3 B4 B5] "])
def test_uc4_groups_in_brackets_read_back(text: str) -> None:
    """UC-4: surrounding spaces do not matter; every bracketed group is read."""
    groups = parse_groups(text)
    assert " ".join(_table.format_group(group) for group in groups) == " ".join(text.split())


@pytest.mark.parametrize(
    ("pairs", "other", "text"),
    [
        (THREE_PAIRS, SET_OR_RUN, "SET B7 Y7"),
        (THREE_PAIRS, SET_THREE, "SET B7 W=Y7"),
        (THREE_PAIRS, RUN_FOUR, "SET R9 G9"),
    ],
)
def test_uc4_a_group_too_small_for_its_campsite_takes_no_card(
        pairs: int, other: int, text: str) -> None:
    """UC-4, UC-9, UC-10: a set of two is a group on a campsite naming sets of 2, and is
    no group on one that does not: there no card fits it and no wild may be swapped out,
    whichever campsite was asked about first for the same group object."""
    small, usual = uc.CATALOGUE[pairs], uc.CATALOGUE[other]
    for first, second in ((small, usual), (usual, small)):
        group = g(text)
        fitting(first, group)
        for face in (second, first):
            least = face.min_size(group.kind)
            expected = tuple(
                (card, group.placements(card, least)) for card in _faces()
                if group.placements(card, least))
            assert fitting(face, group) == expected
            for card in _faces():
                assert placements(face, group, card) == group.placements(card, least)
            swaps = tuple(
                (card, wild) for card in _faces() for wild, new in group.wild_swaps(card)
                if face.group_problem(new) is None)
            assert wild_swaps(face, group) == swaps
        assert fitting(usual, group) == ()
        assert fitting(small, group) != ()


def _faces() -> list[uc.Card]:
    return [card for card in uc.FACES if not card.is_action]


@pytest.mark.parametrize(
    ("text", "cuts"),
    [
        ("RUN B3 Y4 R5 B6 W=B7 W=B8 W=B9 W=B10", []),
        ("RUN B3 Y4 R5 B6 W=B7 W=B8 W=B9 W=B10 B11", [4, 5]),
        ("RUN W=B2 W=B3 W=B4 W=B5 B6 Y7 R8 B9", []),
        ("RUN W=B2 W=B3 W=B4 W=B5 B6 Y7 R8 B9 G10", [5]),
        ("RUN B2 B3 B4 B5 B6 B7 B8 B9", [4]),
    ],
)
def test_uc11_a_run_splits_only_into_two_valid_runs(text: str, cuts: list[int]) -> None:
    """UC-11, UC-4: a run may be cut in two only where both parts are valid runs on the
    campsite: a part made only of wilds holds no natural card and is no group."""
    face = uc.CATALOGUE[RUN_FOUR]
    run = g(text)
    found = split_runs(face, run)
    assert [len(left.cards) for left, _ in found] == cuts
    for left, right in found:
        assert left.cards + right.cards == run.cards
        assert face.group_problem(left) is None and face.group_problem(right) is None


def test_uc7_the_table_memos_stay_within_their_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """UC-7: the identity memos of table answers are bounded: asking about more groups
    than the bound keeps each memo at most that size."""
    monkeypatch.setattr(_cache, "LIMIT", 1 << 8)
    face = uc.CATALOGUE[RUN_FOUR]
    groups = [g(f"RUN B{n} B{n + 1} B{n + 2} B{n + 3}") for n in range(2, 11)] * 40
    kept = []
    for group in groups:
        fresh = type(group)(group.kind, group.cards)
        kept.append(fresh)
        _table.group_ok(face, fresh)
        _table.mark_ok(face, fresh)
        _table.site_meets(face, (fresh,), complete=False)
        _table.fitting(face, fresh)
        _table.split_runs(face, fresh)
        for memo in (_cache.GROUP_OK, _cache.RUN_SPLITS):
            assert 0 < len(memo) <= _cache.LIMIT
