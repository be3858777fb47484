"""The native solver pinned where its mutants lived (issue 12, ``solver/_native.py``):
question (a) answers as question (b) with a valid witness of the alternative it names
(UC-4, UC-5, UC-7), the claims are the plain search's, each once, the step budget is
spent as documented (``SolverLimits.max_steps``), and pairing two groups from hand is
used only when the plain search would finish within the budget and the claims limit.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _solving
from campers_rules._groups import CONSECUTIVE, KIND_INDEX, RUN, GroupKind
from campers_rules._requirements import Requirement
from campers_rules.solver import (
    OwnCampsite,
    ProblemTooLargeError,
    SolverLimits,
    _native,
    claims,
    solve,
)
from campers_rules.solver._native import (
    Pick,
    Steps,
    _absorb,
    _leaves,
    _paired,
    build_group,
    candidates,
)
from campers_rules.solver._problem import (
    NATURAL_COUNT,
    SPAN,
    Plan,
    Problem,
    group_key,
    make_problem,
)
from tests.campers.solver_checks import check_claim, check_solution
from tests.campers.strategies import hands, valid_groups

_WIDE = SolverLimits(max_cards=100, max_steps=3_000_000)
_EXTRA = ["4 CARDS OF THE SAME COLOR", "1 COLOR RUN OF 4", "2 COLOR GROUPS OF 3",
          "1 SET OF 3 AND 1 SET OF 4 OR 1 SET OF 4 AND 1 SET OF 3",
          "2 RUNS OF 4 OR 1 RUN OF 4 AND 1 SET OF 3", "1 RUN OF 4 AND 1 COLOR GROUP OF 4",
          "1 RUN OF 3 OR 1 COLOR RUN OF 3 OR 1 SET OF 3"]
_QUESTIONS = sorted({str(r) for s in uc.CATALOGUE for r in (s.primitive, s.complete)}
                    | set(_EXTRA))


def _asked(requirement: Requirement, alternative: int) -> Counter[tuple[GroupKind, int]]:
    return Counter(requirement.groups_asked[alternative])


@settings(max_examples=150, deadline=None)
@given(hands(max_cards=14, max_wilds=3), st.sampled_from(_QUESTIONS))
@example(uc.parse_cards("B10 B11 B12 B13"), "1 RUN OF 4")
@example(uc.parse_cards("B10 B11 B12 B13"), "1 COLOR RUN OF 4")
@example(uc.parse_cards("B2 B5 B9 B13 Y3"), "4 CARDS OF THE SAME COLOR")
def test_question_a_answers_as_question_b_with_a_witness_of_its_alternative_uc4_uc7(
    hand: tuple[uc.Card, ...], text: str
) -> None:
    """UC-4, UC-5, UC-7: the native (a) finds a witness exactly when (b) lists a claim; the
    witness is valid, from the hand, and lays the groups of the alternative it names."""
    requirement = Requirement.parse(text)
    try:
        first = next(iter(claims(requirement, hand, limits=_WIDE)), None)
    except ProblemTooLargeError:
        assume(False)
    found = solve(requirement, hand, limits=_WIDE)
    assert (found is None) == (first is None)
    if found is not None and first is not None:
        check_solution(requirement, hand, (), found)
        check_claim(requirement, hand, first)
        assert Counter((g.kind, g.size) for g in found.claim.groups) == _asked(
            requirement, found.alternative)


_DENSE = [card for card in uc.FACES if card.number is not None and 5 <= card.number <= 8
          and card.color is not uc.Color.GREEN] * 2 + [uc.WILD]
"""Cards of few numbers and colors: hands of them hold two groups often."""
_DENSE_HANDS = st.lists(st.integers(0, len(_DENSE) - 1), min_size=7, max_size=11,
                        unique=True).map(lambda picks: tuple(sorted(_DENSE[i] for i in picks)))


_MULTI = ["2 SETS OF 3", "3 SETS OF 2", "2 RUNS OF 4", "3 RUNS OF 3", "2 SETS OF 4",
          "1 SET OF 3 AND 1 RUN OF 4", "1 SET OF 4 AND 2 RUNS OF 3", "2 COLOR GROUPS OF 4",
          "3 COLOR GROUPS OF 3", "1 SET OF 5 OR 2 RUNS OF 3 AND 1 SET OF 3"]


@settings(max_examples=200, deadline=None)
@given(_DENSE_HANDS, st.sampled_from(_MULTI))
@example(uc.parse_cards("B5 Y5 R5 B6 Y6 B7 B8 Y8"), "2 SETS OF 3")
@example(uc.parse_cards("B5 B6 B7 B8 Y5 Y6 Y7 W"), "2 RUNS OF 4")
@example(uc.parse_cards("B5 B6 Y5 Y6 W W W"), "3 SETS OF 2")
@example(uc.parse_cards("B5 B6 B7 B8 Y5 Y6 Y7 Y8 R5 R6 R7"), "3 COLOR GROUPS OF 3")
@example(uc.parse_cards("B6 B7 B7 R5 R6 R6 R7 R8 W"), "3 RUNS OF 3")
def test_several_groups_from_few_numbers_answer_a_as_b_uc4_uc7(
    hand: tuple[uc.Card, ...], text: str
) -> None:
    """UC-4, UC-7: several sets, runs or color groups from a hand of few numbers and
    colors (decided on counts per number or per color): (a) finds a valid witness of the
    alternative it names exactly when (b) lists a claim (also where a first choice of
    runs fails and a later one succeeds)."""
    requirement = Requirement.parse(text)
    found = solve(requirement, hand, limits=_WIDE)
    first = next(iter(claims(requirement, hand, limits=_WIDE)), None)
    assert (found is None) == (first is None)
    if found is not None:
        check_solution(requirement, hand, (), found)
        assert Counter((g.kind, g.size) for g in found.claim.groups) == _asked(
            requirement, found.alternative)


def _key(pick: Pick) -> tuple[int, tuple[int, ...], int, int]:
    return (KIND_INDEX[pick[0]], pick[1], pick[2], pick[3])


def _plain_claims(problem: Problem) -> list[tuple[uc.Group, ...]]:
    """The distinct claims of the plain backtracking, plan after plan, in its order."""
    seen: set[tuple[Pick, ...]] = set()
    out = []
    for plan in problem.plans:
        for _, picks, _ in _leaves(problem, plan, Steps(10**9)):
            key = tuple(sorted(picks, key=_key))
            if key not in seen:
                seen.add(key)
                out.append(tuple(sorted((build_group(*p) for p in key),
                                        key=group_key)))
    return out


@settings(max_examples=120, deadline=None)
@given(hands(max_cards=12, max_wilds=2), st.sampled_from(_QUESTIONS))
@example(uc.parse_cards("B5 Y5 R5 G5 B6 Y6 R6 G6"),
         "1 SET OF 3 AND 1 SET OF 4 OR 1 SET OF 4 AND 1 SET OF 3")
@example(uc.parse_cards("B5 Y5 R5 B6 B7 B8 Y9 Y10 Y11 Y12"),
         "2 RUNS OF 4 OR 1 RUN OF 4 AND 1 SET OF 3")
def test_claims_are_the_plain_search_claims_each_once_uc7(
    hand: tuple[uc.Card, ...], text: str
) -> None:
    """UC-7: the native claims (paired, counted or searched) are the plain backtracking's
    distinct claims over every alternative, in its order, none twice."""
    problem = make_problem(Requirement.parse(text), _solving.playing(hand)[1], (), _WIDE)
    plain = _plain_claims(problem)
    assume(len(plain) <= 400)
    listed = [claim.groups for claim in _native.claims(problem)]
    assert listed == plain
    assert len(set(listed)) == len(listed)
    assert [groups for groups, _ in _native.laid(problem)] == plain


def test_claims_search_only_the_plans_asked_uc7() -> None:
    """UC-7: ``claims`` and ``laid`` with plan indices search those plans alone."""
    problem = make_problem(Requirement.parse("1 SET OF 3 OR 1 RUN OF 4"),
                           uc.parse_cards("B5 Y5 R5 B6 B7 B8"), (), _WIDE)
    for plans, kinds in (([0], {GroupKind.SET}), ([1], {GroupKind.RUN}),
                         ([0, 1], {GroupKind.SET, GroupKind.RUN})):
        assert {g.kind for c in _native.claims(problem, plans) for g in c.groups} == kinds
        assert {g.kind for gs, _ in _native.laid(problem, plans) for g in gs} == kinds


def test_the_step_budget_is_spent_one_step_at_a_time() -> None:
    """SolverLimits.max_steps: ``take`` spends one step by default, ``take(0)`` only checks,
    and the step past the budget raises a typed error naming the budget."""
    steps = Steps(3)
    steps.take()
    assert steps.left == 2
    steps.take(2)
    steps.take(0)
    assert steps.left == 0
    with pytest.raises(ProblemTooLargeError, match="more than 3 steps"):
        steps.take()
    assert issubclass(ProblemTooLargeError, uc.CampersError)


def _passed_over(kind: GroupKind, size: int, counts: list[int], wilds: int) -> int:
    """The combinations of a run (one option per number: a face present, or a wild when
    the run may hold one) holding more wilds than it may, over the windows holding at
    least the naturals it needs: what the docstring of ``candidates`` charges for."""
    low = max(1, size - wilds)
    most = size - low
    palettes = [range(4)] if kind is RUN else [[c] for c in range(4)]
    total = 0
    for colors in palettes:
        for start in range(SPAN - size + 1):
            options = [[c * SPAN + n for c in colors if counts[c * SPAN + n]]
                       for n in range(start, start + size)]
            if sum(1 for o in options if o) < low:
                continue
            with_wild = [[*o, -1] if most else o for o in options]
            total += sum(1 for combo in itertools.product(*with_wild)
                         if combo.count(-1) > most)
    return total


@settings(max_examples=150, deadline=None)
@given(hands(max_cards=14, max_wilds=4), st.sampled_from(list(GroupKind)),
       st.integers(2, 6))
def test_a_group_from_hand_spends_its_documented_steps(
    hand: tuple[uc.Card, ...], kind: GroupKind, size: int
) -> None:
    """SolverLimits.max_steps: one group asked from hand costs a step to set up, a step
    per set or color group candidate built (one per run combination passed over for its
    wilds), and a step per card and one more for each claim handed out: with exactly that
    budget the listing finishes, with one step less it raises."""
    counts = [0] * NATURAL_COUNT
    for card in hand:
        if card.is_natural:
            counts[card.index] += 1
    wilds = sum(1 for card in hand if card is uc.WILD)
    found = list(candidates(kind, size, counts, wilds))
    built = _passed_over(kind, size, counts, wilds) if kind in CONSECUTIVE else len(found)
    cost = 1 + built + len(found) * (1 + size)
    text = f"1 {kind.value} OF {size}"
    requirement = Requirement.parse(text)
    exact = make_problem(requirement, hand, (), SolverLimits(max_cards=100, max_steps=cost))
    assert len(list(_native.claims(exact))) == len(found)
    assume(cost > 1)
    short = make_problem(requirement, hand, (),
                         SolverLimits(max_cards=100, max_steps=cost - 1))
    with pytest.raises(ProblemTooLargeError):
        list(_native.claims(short))


def _plain_cost(problem: Problem) -> tuple[int, int]:
    """The steps the plain backtracking of every plan spends listing the distinct claims
    (set-up, candidates, a step per card handed out), and how many claims it hands out."""
    seen: set[tuple[Pick, ...]] = set()
    steps = Steps(10**9)
    for plan in problem.plans:
        cards = sum(size for _, size in plan.units)
        for _, picks, _ in _leaves(problem, plan, steps):
            key = tuple(sorted(picks, key=_key))
            if key not in seen:
                seen.add(key)
                steps.take(cards)
    return 10**9 - steps.left, len(seen)


_PAIRED = ["1 SET OF 4 AND 1 RUN OF 3 OR 1 SET OF 3", "1 SET OF 3 AND 1 RUN OF 4",
           "2 SETS OF 3", "2 RUNS OF 4",
           "1 SET OF 4 AND 1 RUN OF 3 OR 1 SET OF 5", "2 RUNS OF 3 OR 2 SETS OF 3",
           "1 COLOR GROUP OF 4 AND 1 SET OF 3"]


@settings(max_examples=150, deadline=None)
@given(_DENSE_HANDS, st.sampled_from(_PAIRED))
@example(uc.parse_cards("Y5 R5 G5 B8 B9 B10 B11"), "1 SET OF 3 AND 1 RUN OF 4")
@example(uc.parse_cards("Y5 R5 G5 B8 B9 B10 B11 Y12 R12 G12 B12 B2"),
         "1 SET OF 4 AND 1 RUN OF 3 OR 1 SET OF 5")
@example(uc.parse_cards("Y5 R5 G5 B8 B8 Y8 B9 B10 R11"), "2 RUNS OF 3 OR 2 SETS OF 3")
@example(uc.parse_cards("Y12 R12 G12 B12 B2 Y3 R4"), "1 SET OF 4 AND 1 RUN OF 3 OR 1 SET OF 3")
def test_pairing_is_used_only_where_the_plain_search_finishes_uc7(
    hand: tuple[uc.Card, ...], text: str
) -> None:
    """UC-7: with a step budget one short of what the plain search spends, or a claims
    limit one short of its claims, two groups from hand are not paired (the plain search
    runs and stops at the limit); with room for both, they may be."""
    requirement = Requirement.parse(text)
    cards = _solving.playing(hand)[1]
    cost, count = _plain_cost(make_problem(requirement, cards, (), _WIDE))
    assume(count > 0)
    for limits in (SolverLimits(max_cards=100, max_steps=cost - 1),
                   SolverLimits(max_cards=100, max_claims=count - 1) if count > 1 else None):
        if limits is not None:
            tight = make_problem(requirement, cards, (), limits)
            assert _paired(tight, tight.plans) is None
            with pytest.raises(ProblemTooLargeError):
                list(_native.claims(tight))


_OWN_SITES = [uc.campsite(c) for c in ("c03", "c04", "c05")]


@st.composite
def _own_questions(draw: st.DrawFn) -> tuple[Requirement, tuple[uc.Card, ...],
                                             list[OwnCampsite]]:
    site = draw(st.sampled_from(_OWN_SITES))
    group = draw(valid_groups(site.primitive.alternatives[0][0].kind))
    assume(site.is_primitive([group]))
    hand = draw(hands(max_cards=6, max_wilds=1))
    assume(not Counter([*hand, *group.faces]) - Counter(uc.DECK))
    requirement = draw(st.sampled_from([s.primitive for s in uc.CATALOGUE]))
    return requirement, hand, [OwnCampsite(site, [group])]


def _own(site: str, group: str) -> list[OwnCampsite]:
    return [OwnCampsite(uc.campsite(site), [uc.Group.parse(group)])]


@settings(max_examples=150, deadline=None)
@given(_own_questions())
@example((Requirement.parse("1 SET OF 3 OR 1 RUN OF 4"), uc.parse_cards("Y12 W"),
          _own("c05", "SET B3 W=Y3 W=Y3 R3 R3 G3 G3 W=G3")))
@example((Requirement.parse("1 SET OF 3"), uc.parse_cards("B4 Y3 Y4 R4 G11"),
          _own("c03", "RUN Y3 R4 W=Y5 R6 G7 W=G8 B9 Y10")))
def test_uc11_table_cards_left_over_join_the_groups_as_themselves(
    question: tuple[Requirement, tuple[uc.Card, ...], list[OwnCampsite]],
) -> None:
    """UC-11: the table cards a claim does not take stay on the table, each as itself (a
    wild as a wild, a natural as its face) and wherever it fits once every card is
    placed (a run's gap may be filled by a later card): the witness's cards add up and
    its groups are valid, and (a) finds one exactly when (b) lists a claim."""
    requirement, hand, own = question
    found = solve(requirement, hand, own, limits=_WIDE)
    if found is not None:
        check_solution(requirement, hand, own, found)
        assert Requirement((requirement.alternatives[found.alternative],)).is_met_by(
            found.claim.groups)
    try:
        first = next(iter(claims(requirement, hand, own, limits=_WIDE)), None)
    except ProblemTooLargeError:
        return
    assert (found is None) == (first is None)


@pytest.mark.parametrize(("text", "hand", "site", "group"), [
    ("1 SET OF 3 OR 1 RUN OF 4", "Y12 W", "c05", "SET B3 W=Y3 W=Y3 R3 R3 G3 G3 W=G3"),
    ("1 SET OF 3", "B4 Y3 Y4 R4 G11", "c03", "RUN Y3 R4 W=Y5 R6 G7 W=G8 B9 Y10"),
    ("1 SET OF 3", "Y2 Y3 Y7 Y10", "c07", "SET W=B13 Y13 Y13 W=Y13 R13 R13 W=G13 W=G13"),
    ("1 RUN OF 4", "B5 B12 Y7 Y10 Y12 W", "c01", "SET B2 W=Y2 R2 W=R2"),
])
def test_uc11_left_over_table_cards_as_the_formal_backend(
        text: str, hand: str, site: str, group: str) -> None:
    """UC-11, both backends agree (z3 the formal one): a claim that leaves table cards
    over (a wild, the lowest face, a run's cards below a gap) is found exactly when z3
    finds one, and the native witness is valid and meets the alternative it names."""
    requirement = Requirement.parse(text)
    cards = uc.parse_cards(hand)
    own = _own(site, group)
    native = solve(requirement, cards, own, limits=_WIDE)
    assert (native is None) == (solve(requirement, cards, own, backend="z3") is None)
    if native is not None:
        check_solution(requirement, cards, own, native)
        assert Requirement((requirement.alternatives[native.alternative],)).is_met_by(
            native.claim.groups)


def test_the_plain_search_pays_for_a_color_family_before_its_first_candidate() -> None:
    """SolverLimits.max_steps: in the backtracking of a plan of several units, a color
    group's candidates cost a step each as its family is built, before the first is
    tried (as ``candidates`` documents): with a budget of only that many steps, two color
    groups of 6 from twelve blue cards raise before any claim (uncharged, the search would
    hand one out within some twenty steps)."""
    hand = uc.parse_cards("B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13")
    counts = [0] * NATURAL_COUNT
    for card in hand:
        counts[card.index] += 1
    family = len(list(candidates(GroupKind.COLOR_GROUP, 6, counts, 0)))
    requirement = Requirement.parse("2 COLOR GROUPS OF 6")
    roomy = make_problem(requirement, hand, (), SolverLimits(max_cards=100))
    assert next(_native.claims(roomy), None) is not None
    tight = make_problem(requirement, hand, (),
                         SolverLimits(max_cards=100, max_steps=family))
    with pytest.raises(ProblemTooLargeError):
        next(_native.claims(tight))


@pytest.mark.parametrize(("text", "hand"), [
    ("1 SET OF 4 AND 1 SET OF 3 AND 1 RUN OF 3", "B5 Y5 Y5 R5 R5 G5 G5 B6 B7 B8"),
    ("1 SET OF 4 AND 1 SET OF 3 AND 1 RUN OF 3", "B5 B5 Y5 Y5 R5 R5 G5 G5 B6 B7"),
])
def test_three_groups_from_hand_list_every_claim_as_the_formal_backend_uc7(
        text: str, hand: str) -> None:
    """UC-7, both backends agree (z3 the formal one): three groups from hand, where two
    ways of taking the first two groups leave the same cards for the third (the fives
    shared out between the sets), list every claim once, as z3 lists them: a third
    group found after the one way is found after the other too."""
    requirement = Requirement.parse(text)
    cards = uc.parse_cards(hand)
    native = [c.groups for c in claims(requirement, cards, limits=_WIDE)]
    formal = {c.groups for c in claims(requirement, cards, backend="z3", limits=_WIDE)}
    assert len(set(native)) == len(native)
    assert set(native) == formal
    assert len(native) > 1


def _searched_cost(problem: Problem) -> int:
    """The steps the native listing of a question with own campsites spends (one from
    hand alone spends at most these), counted apart from its search: each plan begun,
    each candidate built or passed over and each tried (every one: no subtree is skipped
    for having failed before), each node of the search reached (a group begun or an
    arrangement complete, issue 27), each placement of a table card left over tried, and for
    each distinct claim a step per card of its own groups (the new campsite's, not those
    rebuilt for the own campsites)."""
    steps = Steps(10**9)
    seen: set[tuple[Pick, ...]] = set()
    for plan in problem.plans:
        steps.take()
        _search_plan(problem, plan, steps, seen)
    return 10**9 - steps.left


def _left_over(problem: Problem, picks: list[Pick]) -> list[int]:
    """The table cards the picks do not use: face indices, then -1 per wild."""
    used = Counter(f for p in picks for f in p[1])
    left = [f for f, n in enumerate(problem.table) for _ in range(n - used[f])]
    return left + [-1] * (problem.table_wilds - sum(p[2] for p in picks))


def _search_plan(problem: Problem, plan: Plan, steps: Steps,
                 seen: set[tuple[Pick, ...]]) -> None:
    """:func:`_searched_cost` of one plan, spent from ``steps``."""
    units, owners, same = plan.ordered
    cards = sum(size for (_, size), o in zip(units, owners, strict=True) if o < 0)
    counts = list(problem.pool)
    picks: list[Pick] = []

    def search(i: int, wilds: int) -> None:
        steps.take()
        if i == len(units):
            if _absorb(picks, _left_over(problem, picks), steps) is not None:
                key = tuple(sorted((p for p, o in zip(picks, owners, strict=True) if o < 0),
                                   key=_key))
                if key not in seen:
                    seen.add(key)
                    steps.take(cards)
            return
        previous = picks[-1] if same[i] else None
        for pick in candidates(units[i][0], units[i][1], counts, wilds, steps):
            steps.take()
            if previous is not None and pick[1:] < previous[1:]:
                continue
            for f in pick[1]:
                counts[f] -= 1
            picks.append(pick)
            search(i + 1, wilds - pick[2])
            picks.pop()
            for f in pick[1]:
                counts[f] += 1

    search(0, problem.wilds)


@pytest.mark.parametrize(("text", "hand", "site", "groups"), [
    ("1 SET OF 3", "B5 Y5 R5", "c05", ["SET B7 Y7 R7"]),
    ("1 SET OF 3 AND 1 RUN OF 4", "B5 Y5 R5 G5 G6 G7", "c14",
     ["SET B9 Y9 R9", "RUN B8 B9 B10 B11"]),
    ("1 SET OF 3 AND 1 RUN OF 4", "B5 Y5 R5 G5 G6 G7 G8", "c14",
     ["SET B9 Y9 R9", "RUN B10 B11 B12 B13"]),
])
def test_uc11_a_question_with_table_cards_spends_its_documented_steps(
        text: str, hand: str, site: str, groups: list[str]) -> None:
    """SolverLimits.max_steps, UC-11: with own campsites the listing spends the steps of
    :func:`_searched_cost` (no memo of failed subtrees, since with table cards a leaf is
    checked against the picks; a claim's cards are those of the new campsite's groups):
    with exactly that budget it finishes, with one step less it raises. (The second
    question reaches one failing state of the last two groups in several ways.)"""
    requirement = Requirement.parse(text)
    cards = uc.parse_cards(hand)
    own = [OwnCampsite(uc.campsite(site), [uc.Group.parse(g) for g in groups])]
    cost = _searched_cost(make_problem(requirement, cards, own, _WIDE))
    exact = make_problem(requirement, cards, own, SolverLimits(max_cards=100, max_steps=cost))
    listed = list(_native.claims(exact))
    assert listed == list(claims(requirement, cards, own, limits=_WIDE))
    short = make_problem(requirement, cards, own,
                         SolverLimits(max_cards=100, max_steps=cost - 1))
    with pytest.raises(ProblemTooLargeError):
        list(_native.claims(short))


def test_a_failed_state_from_hand_is_not_searched_again() -> None:
    """SolverLimits.max_steps: from hand alone the search remembers each state (the group
    reached, the cards left, the group before) that led to no claim, and spends no step
    on it when reached again: four groups, where the fives shared out between the two
    sets in several ways leave the same cards for a run and a color group that cannot
    both be laid, list their claims (none, as z3 finds) within fewer steps than
    :func:`_searched_cost`, which searches each state whenever it is reached."""
    requirement = Requirement.parse(
        "1 SET OF 4 AND 1 SET OF 3 AND 1 RUN OF 3 AND 1 COLOR GROUP OF 5")
    cards = uc.parse_cards("B5 B5 Y5 Y5 R5 R5 G5 G5 B6 B7 Y6 Y7")
    cost = _searched_cost(make_problem(requirement, cards, (), _WIDE))
    within = make_problem(requirement, cards, (),
                          SolverLimits(max_cards=100, max_steps=cost - 1))
    assert list(_native.claims(within)) == list(
        claims(requirement, cards, backend="z3", limits=_WIDE))
