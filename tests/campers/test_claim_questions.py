"""The claim and new-group questions of move generation answer as the plain search
(issue 12): two sets or runs that a hand's counts by number rule out are not searched;
the new-group question is one object per campsite shape, answered through the same
memo as claims; two groups from hand are paired from each group's candidates on the
whole hand.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _cache, _solving
from campers_rules._cards import WILD_COPIES, copies_in_deck
from campers_rules._counted import HandCounts
from campers_rules._groups import MAX_SIZE, GroupKind
from campers_rules._requirements import GroupSpec, Requirement
from campers_rules._table import fitting, split_runs, wild_swaps
from campers_rules.solver import ProblemTooLargeError, SolverInputError
from campers_rules.solver._api import new_group_requirement
from campers_rules.solver._native import (
    Pick,
    Steps,
    _leaves,
    _listed,
    _paired,
    _pairs,
    candidates,
    claims,
    from_hand,
    laid,
    laid_first,
)
from campers_rules.solver._problem import (
    OwnCampsite,
    Plan,
    Problem,
    SolverLimits,
    hand_problem,
    make_problem,
)
from tests.campers.strategies import hands, valid_groups

_COUNTED = [
    ("2 SETS OF 3", True),
    ("1 SET OF 3 AND 1 RUN OF 4", True),
    ("2 RUNS OF 4 OR 1 SET OF 3 AND 1 SET OF 4", True),
    ("2 RUNS OF 4 OR 1 SET OF 5", False),
    ("1 COLOR RUN OF 4 AND 1 SET OF 3", False),
    ("2 COLOR RUNS OF 4", False),
    ("3 SETS OF 2", False),
    ("1 SET OF 3", False),
    ("4 CARDS OF THE SAME COLOR", False),
]
_QUESTIONS = [Requirement.parse(text) for text, _ in _COUNTED] + [
    face.primitive for face in uc.CATALOGUE]
_WHOLE = SolverLimits(max_cards=100)
_COMPILED = not _solving.__file__.endswith(".py")
"""Whether ``_solving`` is the mypyc-compiled module (docs/compiled.rst)."""


@pytest.mark.parametrize(("text", "counted"), _COUNTED)
def test_counted_names_two_sets_or_runs(text: str, counted: bool) -> None:
    """UC-7: a requirement is ``counted`` exactly when each alternative asks for two
    groups, each a set or a run (the shape ``HandCounts`` decides)."""
    assert Requirement.parse(text).counted is counted


def _plain(requirement: Requirement, hand: tuple[uc.Card, ...]
           ) -> list[tuple[tuple[uc.Group, ...], bytes]]:
    key, cards = _solving.playing(hand)
    wanted = _solving.may_meet(_solving.reach(key), requirement)
    return list(laid(make_problem(requirement, cards, (), _WHOLE), wanted))


def _searched(requirement: Requirement, hand_key: bytes, wanted: list[int]
              ) -> list[tuple[tuple[uc.Group, ...], bytes]]:
    """Every claim move generation finds for this question (no limit reached), with the
    cards each lays."""
    answers, used, complete = _solving._claims_found(requirement, hand_key, wanted, 10**6)
    assert complete
    return list(zip(answers, used, strict=True))


@settings(max_examples=200, deadline=None)
@given(hands(max_cards=16), st.sampled_from(_QUESTIONS))
def test_questions_answer_as_the_search(hand: tuple[uc.Card, ...],
                                        requirement: Requirement) -> None:
    """UC-7: the claims move generation searches for are the native search's, in its
    order, whether or not the hand's counts rule the question out first."""
    hand_key, _ = _solving.playing(hand)
    wanted = _solving.may_meet(_solving.reach(hand_key), requirement)
    assert _searched(requirement, hand_key, wanted) == _plain(requirement, hand)


@settings(max_examples=200, deadline=None)
@given(hands(max_cards=16), st.sampled_from([r for r in _QUESTIONS if r.counted]))
def test_counts_that_rule_out_skip_the_search(hand: tuple[uc.Card, ...],
                                              requirement: Requirement) -> None:
    """UC-7: a counted question the hand's counts say has no claim is never searched;
    any other is (and then has the search's claims)."""
    hand_key, _ = _solving.playing(hand)
    wanted = _solving.may_meet(_solving.reach(hand_key), requirement)
    ruled_out = HandCounts(hand_key).decides(
        [requirement.groups_asked[i] for i in wanted], _WHOLE.max_steps) is False
    searched = []

    def spy(problem: Problem, alternatives: list[int], limit: int) -> object:
        searched.append(problem.requirement)
        return [], [], True

    if _COMPILED:  # compiled callers do not see a replaced module attribute: no spy
        answers = _searched(requirement, hand_key, wanted)
        assert answers == ([] if ruled_out else _plain(requirement, hand))
        return
    real = _solving.__dict__["laid_first"]
    setattr(_solving, "laid_first", spy)  # noqa: B010 (not an attribute it exports)
    try:
        answers = _searched(requirement, hand_key, wanted)
    finally:
        setattr(_solving, "laid_first", real)  # noqa: B010
    assert answers == []
    assert searched == ([] if ruled_out else [requirement])
    if ruled_out:
        assert _plain(requirement, hand) == []


def _named(face: uc.Campsite) -> Requirement:
    """The new-group question by its definition: one group of each kind the campsite may
    hold, of its smallest valid size there, in ``GroupKind`` order."""
    return Requirement(tuple((GroupSpec(kind, face.min_size(kind)),)
                             for kind in GroupKind if kind in face.kinds))


@pytest.mark.parametrize("face", uc.CATALOGUE, ids=lambda f: f.id)
def test_new_group_question_is_kept_per_campsite_shape(face: uc.Campsite) -> None:
    """UC-7, UC-30: the new-group question is the one its definition names, and the same
    object every time it is asked (a memo keyed on it then finds it by identity)."""
    _cache.clear()
    first = new_group_requirement(face)
    assert first == _named(face)
    assert new_group_requirement(face) is first
    _cache.clear()
    again = new_group_requirement(face)
    assert again == first and again is not first


@settings(max_examples=100, deadline=None)
@given(hands(max_cards=16), st.data())
def test_new_groups_after_claims_and_larger_hands_answer_cold(
    hand: tuple[uc.Card, ...], data: st.DataObject
) -> None:
    """UC-7, UC-30: the new groups of a hand, asked after the claims of every campsite and
    the new groups of a larger hand (the memo answering from them), equal those asked
    with every memo empty."""
    keep = data.draw(st.lists(st.booleans(), min_size=len(hand), max_size=len(hand)))
    smaller = tuple(card for card, kept in zip(hand, keep, strict=True) if kept)
    _cache.clear()
    cold = {}
    for face in uc.CATALOGUE:
        cold[face.id] = _solving.new_groups(smaller, face, "native", 128)
        _cache.clear()
    for face in uc.CATALOGUE:
        _solving.claims(hand, face, "native", 128)
        _solving.new_groups(hand, face, "native", 128)
    for face in uc.CATALOGUE:
        assert _solving.new_groups(smaller, face, "native", 128) == cold[face.id]


_TWO_UNITS = [Requirement.parse(text) for text in (
    "2 SETS OF 3", "2 RUNS OF 4", "1 SET OF 3 AND 1 RUN OF 4", "2 COLOR RUNS OF 3",
    "1 COLOR GROUP OF 4 AND 1 SET OF 2", "2 COLOR GROUPS OF 3", "1 RUN OF 4 AND 1 RUN OF 5",
    "2 RUNS OF 4 OR 1 SET OF 5", "1 SET OF 4 OR 2 SETS OF 2")]


def _searched_leaves(problem: Problem, plan: Plan) -> list[list[Pick]]:
    """The plain backtracking's leaves of one plan (no step budget to speak of)."""
    return [picks for _, picks, _ in _leaves(problem, plan, Steps(10**9))]


@settings(max_examples=200, deadline=None)
@given(hands(max_cards=14, max_wilds=2), st.sampled_from(_TWO_UNITS))
def test_two_groups_from_hand_pair_the_whole_hand_candidates(
    hand: tuple[uc.Card, ...], requirement: Requirement
) -> None:
    """UC-7: a question of two groups from hand, paired from each group's candidates on
    the whole hand, has the search's leaves in its order, and so its claims (the hands
    whose bound passes the step budget keep the backtracking, see below)."""
    problem = make_problem(requirement, _solving.playing(hand)[1], (), _WHOLE)
    lists = _paired(problem, problem.plans)
    assume(lists is not None)
    assert lists is not None
    for plan, units in zip(problem.plans, lists, strict=True):
        if units is not None:
            first, second = units
            assert [[first[i], second[j]] for i, j in _pairs(problem, plan, first, second)
                    ] == _searched_leaves(problem, plan)


@pytest.mark.parametrize("text", ["2 RUNS OF 4", "1 SET OF 3 AND 1 RUN OF 4"])
def test_a_search_that_may_overspend_keeps_the_plain_search(text: str) -> None:
    """UC-7: past the step budget or the claims limit (or beyond two groups, or with own
    campsites taking part) the plain search runs, so a huge hand keeps the claims found
    before the budget stops it."""
    requirement = Requirement.parse(text)
    hand = uc.parse_cards("B2 B3 B4 B5 Y3 Y4 Y5 Y6 R4 R5 G9 W")
    problem = make_problem(requirement, hand, (), _WHOLE)
    assert _paired(problem, problem.plans) is not None
    for limits in (SolverLimits(max_cards=100, max_steps=400),
                   SolverLimits(max_cards=100, max_claims=3),
                   SolverLimits(max_cards=100, max_steps=5)):
        tight = make_problem(requirement, hand, (), limits)
        assert _paired(tight, tight.plans) is None
    three = make_problem(Requirement.parse("3 RUNS OF 4"), hand, (), _WHOLE)
    assert _paired(three, three.plans) is None
    short = SolverLimits(max_cards=100, max_steps=400)
    with pytest.raises(ProblemTooLargeError):
        list(claims(make_problem(requirement, hand, (), short)))
    found, _, complete = laid_first(make_problem(requirement, hand, (), short), None, 500)
    assert not complete
    assert found == [
        c.groups for c in itertools.islice(claims(problem), len(found))]


def test_two_groups_with_own_campsites_keep_the_plain_search() -> None:
    """UC-7: a question whose groups may join own campsites is not paired, even of two
    groups in all (one claimed, one standing on the own campsite)."""
    face = uc.campsite("c05")
    own = OwnCampsite(face, (uc.Group.parse("SET B5 Y5 R5"),))
    problem = make_problem(face.primitive, uc.parse_cards("B9 Y9 R9 G9 B10 Y10 R10"), (own,),
                           _WHOLE)
    assert [len(plan.units) for plan in problem.plans] == [2]
    assert _paired(problem, problem.plans) is None


def _plain_distinct(problem: Problem) -> list[tuple[Pick, ...]]:
    """The distinct claims of the backtracking alone, paying the steps it pays (raises
    past the budget as it does)."""
    seen: set[tuple[Pick, ...]] = set()
    steps = Steps(problem.limits.max_steps)
    out = []
    for plan in problem.plans:
        cards = sum(size for _, size in plan.units)
        for _, picks, _ in _leaves(problem, plan, steps):
            key = tuple(sorted(picks, key=lambda p: (p[0].value, p[1:])))
            if key not in seen:
                seen.add(key)
                steps.take(cards)
                out.append(key)
    return out


@settings(max_examples=150, deadline=None)
@given(hands(min_cards=6, max_cards=14), st.sampled_from(
    [r for r in _TWO_UNITS if all(len(a) == 2 for a in r.groups_asked)]),
    st.integers(10, 4000))
def test_a_paired_search_is_one_the_budget_lets_finish(
    hand: tuple[uc.Card, ...], requirement: Requirement, budget: int
) -> None:
    """UC-7: a question is paired only when the backtracking, with the same step budget,
    would finish: the bound counts every candidate built, tried and handed out."""
    limits = SolverLimits(max_cards=100, max_steps=budget)
    problem = make_problem(requirement, _solving.playing(hand)[1], (), limits)
    if _paired(problem, problem.plans) is not None:
        assert len(_plain_distinct(problem)) == len(list(claims(problem)))


def test_a_question_the_counts_cannot_bound_is_searched() -> None:
    """UC-7: a hand so large that the counts do not bound the search (every natural twice
    and four wilds) has its counted question searched, not ruled out."""
    hand = tuple(sorted([c for c in uc.FACES if c.is_natural] * 2 + [uc.WILD] * 4))
    hand_key, _ = _solving.playing(hand)
    requirement = Requirement.parse("2 RUNS OF 4")
    wanted = _solving.may_meet(_solving.reach(hand_key), requirement)
    assert HandCounts(hand_key).decides(
        [requirement.groups_asked[i] for i in wanted], _WHOLE.max_steps) is None
    assert _solving._claims_found(requirement, hand_key, wanted, 1)[0]


def test_only_counted_questions_read_the_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """UC-7: a question of another shape goes straight to the search (the hand's counts
    are read only for two sets or runs: the question is not marked counted, and in the
    pure build a patched ``HandCounts`` is never called; compiled callers see no patch)."""
    def refuse(key: bytes) -> object:
        raise AssertionError("counts read for a question they cannot decide")

    monkeypatch.setattr(_solving, "HandCounts", refuse)
    hand_key, cards = _solving.playing(uc.parse_cards("B5 Y5 R5 G5 B6 B7 B8 W"))
    for text in ("1 SET OF 3", "1 SET OF 3 OR 1 RUN OF 4", "1 COLOR RUN OF 4 AND 1 SET OF 3"):
        requirement = Requirement.parse(text)
        assert not requirement.counted
        wanted = _solving.may_meet(_solving.reach(hand_key), requirement)
        assert _searched(requirement, hand_key, wanted) == _plain(
            requirement, cards)


@settings(max_examples=100, deadline=None)
@given(hands(max_cards=20), st.sampled_from(_QUESTIONS))
def test_a_question_from_the_hand_key_is_the_question_from_its_cards(
    hand: tuple[uc.Card, ...], requirement: Requirement
) -> None:
    """UC-7: the question move generation builds from a hand's key is the one built from
    its cards (the same counts, plans and limits)."""
    key, cards = _solving.playing(hand)
    assert hand_problem(requirement, key, _WHOLE) == make_problem(requirement, cards, (), _WHOLE)


def test_a_question_from_a_key_the_deck_cannot_hold_is_refused() -> None:
    """UC-1: a key naming more copies of a face than the deck holds, or more cards than
    the limits allow, is refused as a list of cards is."""
    requirement = Requirement.parse("1 SET OF 3")
    for key, cards in (
        (bytes([5, 5, 5]), [uc.FACES[5]] * 3),
        (bytes([48] * 5), [uc.WILD] * 5),
    ):
        with pytest.raises(SolverInputError) as from_key:
            hand_problem(requirement, key, _WHOLE)
        with pytest.raises(SolverInputError) as from_cards:
            make_problem(requirement, cards, (), _WHOLE)
        assert str(from_key.value) == str(from_cards.value)
    small = SolverLimits(max_cards=3)
    with pytest.raises(ProblemTooLargeError, match="4 cards exceed the limit of 3"):
        hand_problem(requirement, bytes([1, 2, 3, 4]), small)
    assert hand_problem(requirement, bytes([1, 2, 48]), small).wilds == 1


@settings(max_examples=100, deadline=None)
@given(hands(max_cards=24), st.sampled_from(_QUESTIONS))
def test_the_compiled_question_from_a_key_is_hand_problem(
    hand: tuple[uc.Card, ...], requirement: Requirement
) -> None:
    """UC-7 (issue 29): the question move generation builds from a hand's key
    (``_native.from_hand``, set field by field when compiled) is ``hand_problem``'s:
    every field, its hash and its repr."""
    key, _ = _solving.playing(hand)
    made = from_hand(requirement, key, _WHOLE)
    plain = hand_problem(requirement, key, _WHOLE)
    assert type(made) is Problem
    assert made == plain
    assert hash(made) == hash(plain)
    assert repr(made) == repr(plain)
    assert made.hand_only


def test_the_compiled_question_refuses_what_hand_problem_refuses() -> None:
    """UC-1 (issue 29): ``from_hand`` refuses a key naming more copies of a face than the
    deck holds, or more cards than the limits allow, with ``hand_problem``'s error."""
    requirement = Requirement.parse("1 SET OF 3")
    small = SolverLimits(max_cards=3)
    for key, limits in ((bytes([5, 5, 5]), _WHOLE), (bytes([48] * 5), _WHOLE),
                        (bytes([1, 2, 3, 4]), small), (bytes([7, 7, 7, 48]), small)):
        with pytest.raises((SolverInputError, ProblemTooLargeError)) as made:
            from_hand(requirement, key, limits)
        with pytest.raises((SolverInputError, ProblemTooLargeError)) as plain:
            hand_problem(requirement, key, limits)
        assert type(made.value) is type(plain.value)
        assert str(made.value) == str(plain.value)
    assert from_hand(requirement, bytes([1, 2, 48]), small) == hand_problem(
        requirement, bytes([1, 2, 48]), small)


@settings(max_examples=150, deadline=None)
@given(hands(max_cards=30))
def test_a_hands_reach_is_its_largest_group_of_each_kind(hand: tuple[uc.Card, ...]) -> None:
    """UC-4, UC-5, UC-7 (issue 29): :func:`_solving.reach` of a hand's key is, per kind,
    the largest group its counts bound: the most naturals of one number or one color
    plus every wild (0 without a natural), and the longest run of any color or one color
    that its numbers and wilds fill."""
    key, cards = _solving.playing(hand)
    _cache.clear()
    wilds = sum(card is uc.WILD for card in cards)
    naturals = [card.index for card in cards if card is not uc.WILD]
    by_number = Counter(index % 12 for index in naturals)
    by_color = Counter(index // 12 for index in naturals)
    colors = [sum(1 << index % 12 for index in set(naturals) if index // 12 == color)
              for color in range(4)]
    every = 0
    for mask in colors:
        every |= mask
    expected = (
        max(by_number.values()) + wilds if naturals else 0,
        _solving._longest(every, wilds),
        max(by_color.values()) + wilds if naturals else 0,
        max(_solving._longest(mask, wilds) for mask in colors),
    )
    assert _solving.reach(key) == expected
    assert _solving.reach(key) == expected  # and from the memo


def test_the_run_reach_table_is_the_sliding_window() -> None:
    """UC-4, UC-5: the table of the longest run a mask of numbers and some wilds fill
    (holding a natural) is the plain sliding window's answer for every mask and every
    count of wilds a hand can hold."""
    width = WILD_COPIES + 1
    table = _solving._longest_table()
    assert len(table) == (1 << 12) * width
    for present in range(1 << 12):
        for wilds in range(width):
            assert table[present * width + wilds] == _solving._longest(present, wilds)
    assert _solving.longest_of(0b111, WILD_COPIES + 2) == 9  # past the table: computed


@pytest.mark.parametrize("text", [
    "SET B5 B5 Y5 W=R5", "SET B5 B5 Y5 Y5 W=G5 W=G5", "COLOR GROUP B2 B2 B7 W=B9",
    "COLOR GROUP B2 B3 W=B4 W=B5 W=B6 W=B7", "SET B5 W=Y5 W=R5 W=G5 W=B5",
    "RUN B2 W=Y3 R4 W=G5", "COLOR RUN B2 W=B3 B4 B5", "RUN B2 Y3 R4 G5",
])
def test_full_faces_neither_fit_nor_swap(text: str) -> None:
    """UC-1, UC-9, UC-10, UC-29: a group holding both copies of a face, or all four wilds,
    lists that face neither among those that fit it nor among those that may take a
    wild's place; the rest are the solver's placements and wild swaps."""
    group = uc.Group.parse(text)
    face = uc.campsite("c01") if group.kind in (GroupKind.SET, GroupKind.RUN) else uc.campsite(
        "c04")
    _cache.clear()
    least = face.min_size(group.kind)
    playing_faces = [c for c in uc.FACES if not c.is_action]
    assert fitting(face, group) == tuple(
        (card, group.placements(card, least)) for card in playing_faces
        if group.placements(card, least))
    assert wild_swaps(face, group) == tuple(
        (card, wild) for card in playing_faces for wild, new in group.wild_swaps(card)
        if face.group_problem(new) is None)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([GroupKind.RUN, GroupKind.COLOR_RUN]).flatmap(valid_groups),
       st.sampled_from(uc.CATALOGUE))
def test_run_cuts_are_the_checked_groups(group: uc.Group, face: uc.Campsite) -> None:
    """UC-11: each cut of a run into two runs valid on the campsite gives the groups the
    checked constructor builds from the two parts, in order, at every cut point."""
    _cache.clear()
    least = face.min_size(group.kind)
    expected = []
    for cut in range(1, len(group.cards)):
        left = uc.Group(group.kind, group.cards[:cut])
        right = uc.Group(group.kind, group.cards[cut:])
        if left.is_valid(least) and right.is_valid(least):
            expected.append((left, right))
    assert list(split_runs(face, group)) == expected


@settings(max_examples=100, deadline=None)
@given(hands(max_cards=14), st.sampled_from(list(GroupKind)), st.integers(2, 6))
def test_a_unit_costs_what_its_candidates_charge(
    hand: tuple[uc.Card, ...], kind: GroupKind, size: int
) -> None:
    """UC-7: the steps the pairing bound counts for one group are those its candidates
    charge while built, plus one for each candidate tried."""
    problem = make_problem(Requirement.parse("1 SET OF 3"), _solving.playing(hand)[1], (),
                           _WHOLE)
    steps = Steps(10**9)
    found = list(candidates(kind, size, problem.pool, problem.wilds, steps))
    assert _listed(kind, size, problem) == (found, 10**9 - steps.left + len(found))


def _plain_problem(group: uc.Group, least: int) -> str | None:
    """Why a group is invalid by the rules read plainly (UC-1, UC-4, UC-5), in the order
    the engine names the first reason."""
    cards = group.cards
    kind = group.kind
    if len(cards) < least:
        return f"a {kind.value} needs at least {least} cards, not {len(cards)} [UC-4]"
    if len(cards) > MAX_SIZE[kind]:
        return f"a {kind.value} holds at most {MAX_SIZE[kind]} cards [UC-4]"
    for p in cards:
        if p.face is not uc.WILD and (p.face.color is not p.color or p.face.number != p.number):
            return f"{p.face} can only count as itself [UC-5]"
    if all(p.face is uc.WILD for p in cards):
        return "a group holds at least one natural card [UC-4]"
    for face, count in Counter(p.face for p in cards).items():
        if count > copies_in_deck(face):
            return f"{count} copies of {face}: the deck holds {copies_in_deck(face)} [UC-1]"
    if kind is GroupKind.SET and len({p.number for p in cards}) > 1:
        return "a set's cards share one number [UC-4]"
    if kind.same_color and len({p.color for p in cards}) > 1:
        return f"a {kind.value}'s cards share one color [UC-4]"
    numbers = [p.number for p in cards]
    if kind.consecutive and numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return "a run's numbers are consecutive, each once [UC-4]"
    return None


_PLACED = st.one_of(
    st.sampled_from([c for c in uc.FACES if c.is_natural]).map(uc.Placed.natural),
    st.builds(uc.Placed.wild, st.sampled_from(list(uc.Color)), st.integers(2, 13)))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(list(GroupKind)),
       st.one_of(st.lists(_PLACED, min_size=1, max_size=9),
                 st.sampled_from([GroupKind.RUN, GroupKind.COLOR_RUN, GroupKind.SET,
                                  GroupKind.COLOR_GROUP]).flatmap(valid_groups).map(
                     lambda g: list(g.cards))),
       st.integers(2, 4))
def test_group_problems_are_the_rules_read_plainly(
    kind: GroupKind, cards: list[uc.Placed], least: int
) -> None:
    """UC-1, UC-4, UC-5: the reason a group is invalid (or none) is the first the rules
    name, for valid groups and arbitrary cards alike."""
    group = uc.Group(kind, tuple(cards))
    assert group.problem(least) == _plain_problem(group, least)
