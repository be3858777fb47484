"""The options of an opened claim build of one- and two-group alternatives, walked over
the hand's counts (``_single_claims``, issue 29), equal the solver's spelled claims
(``_solving._spelled``, kept as the oracle) for every hand, campsite and claim limit,
limits the hand's claims exceed included (UC-7, UC-4: the same claims, in the same
order, each spelled in the same build steps), and so does the opened build's listing
in seeded games (``_firsts.compound_options``, UC-8's filter after it); each unit's
walked candidates are the solver's (``solver._native._listed``), at its cost.
"""

from __future__ import annotations

import random
from itertools import pairwise

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import Claim
from campers_rules._cards import FACES, WILD_COPIES, Card
from campers_rules._catalogue import Campsite
from campers_rules._claims import may_lay
from campers_rules._firsts import claim_options, compound_options
from campers_rules._groups import KIND_INDEX, MAX_SIZE, Group, GroupKind
from campers_rules._ids import CLAIM_BASE, END_BASE, SPELLING, compound_of
from campers_rules._requirements import GroupSpec, Requirement
from campers_rules._single_claims import _listing, walked_options
from campers_rules._solving import WHOLE_DECK, _spelled, claim_steps, may_meet, playing, reach
from campers_rules.solver import ProblemTooLargeError, SolverError
from campers_rules.solver._native import (
    _listed,
    _ranks,
    _takes,
    from_hand,
    group_ranks,
    hand_counts,
)
from tests.campers.strategies import hands

_HEAD = CLAIM_BASE + 3
"""A claim build's first step (any: the options carry it in front)."""

_CATALOGUE = uc.Config().catalogue
_LIMITS = st.sampled_from([1, 2, 7, 128, 128, 1000])


def _oracle(requirement: Requirement, key: bytes, limit: int) -> list[tuple[int, ...]]:
    """The solver's spelled claims of this question, with the build's first step in
    front, searched afresh (no remembered answers)."""
    wanted = may_meet(reach(key), requirement)
    if not wanted:
        return []
    found = _spelled(requirement, key, wanted, limit)
    return [(_HEAD, *spelled) for spelled in found]


def _single(requirement: Requirement) -> bool:
    """Whether every alternative of the requirement is one group, no two the same."""
    units = [alternative[0] for alternative in requirement.alternatives
             if len(alternative) == 1 and alternative[0].count == 1]
    return (len(units) == len(requirement.alternatives)
            and len({(u.kind, u.size) for u in units}) == len(units))


def _key(hand: tuple[Card, ...]) -> bytes:
    return playing(hand)[0]


_UNITS = st.sampled_from([(kind, size) for kind in GroupKind
                          for size in range(2, min(MAX_SIZE[kind], 9) + 1)])
_SINGLES = st.lists(_UNITS, min_size=1, max_size=4, unique=True).map(
    lambda units: Requirement(tuple((GroupSpec(kind, size, 1),) for kind, size in units)))


@settings(max_examples=300, deadline=None)
@given(hand=hands(max_cards=24), requirement=_SINGLES, limit=_LIMITS)
def test_uc7_single_group_questions_walk_to_the_solvers_claims(
        hand: tuple[Card, ...], requirement: Requirement, limit: int) -> None:
    """UC-7, UC-4: a question of one-group alternatives (any kinds and sizes, one to four
    of them) lists, walked, the solver's first ``limit`` claims spelled in build steps,
    in its order; the walk answers it unless it could reach the solver's step budget."""
    key = _key(hand)
    walked = walked_options(requirement, key, _HEAD, limit)
    if walked is None:  # only a question with a large run or color run could cost that
        assert any(spec.kind.consecutive and spec.size >= 7
                   for (spec,) in requirement.alternatives)
        return
    assert walked == _oracle(requirement, key, limit)


@settings(max_examples=150, deadline=None)
@given(hand=hands(max_cards=24), site=st.sampled_from(list(_CATALOGUE)), limit=_LIMITS)
def test_uc7_every_campsites_walked_claims_are_the_solvers(
        hand: tuple[Card, ...], site: Campsite, limit: int) -> None:
    """UC-7: for every campsite of the catalogue, a walked question gives the solver's
    claims; one the walk leaves (two groups or more, two alternatives of one group) it
    answers ``None``, and the opened build's options (``_firsts.claim_options``) are the
    solver's either way."""
    key = _key(hand)
    requirement = site.primitive
    walked = walked_options(requirement, key, _HEAD, limit)
    oracle = _oracle(requirement, key, limit)
    if walked is not None:
        assert walked == oracle
    elif may_meet(reach(key), requirement):
        assert not _single(requirement) or any(
            spec.kind.consecutive and spec.size >= 7 for (spec,) in requirement.alternatives)
    config = uc.Config(claim_limit=limit)
    assert claim_options(playing(hand), site, _HEAD, config) == oracle


def _crowded(wilds: int) -> tuple[Card, ...]:
    """A hand of every natural face once and some wilds: thousands of claims of a run or
    set."""
    return tuple(sorted([card for card in FACES if card.is_natural] + [uc.WILD] * wilds))


@pytest.mark.parametrize("wilds", [0, 2, 4])
@pytest.mark.parametrize("unit", [(GroupKind.SET, 3), (GroupKind.SET, 5), (GroupKind.RUN, 4),
                                  (GroupKind.COLOR_RUN, 5), (GroupKind.COLOR_GROUP, 4),
                                  (GroupKind.RUN, 6)])
@pytest.mark.parametrize("limit", [1, 128, 500])
def test_uc7_claims_past_the_limit_stop_where_the_solver_stops(
        wilds: int, unit: tuple[GroupKind, int], limit: int) -> None:
    """UC-7 (``Config.claim_limit``): a hand with more claims than the limit lists the
    solver's first ``limit`` of them, walked, whatever the kind and wilds."""
    kind, size = unit
    requirement = Requirement(((GroupSpec(kind, size, 1),),))
    key = _key(_crowded(wilds))
    walked = walked_options(requirement, key, _HEAD, limit)
    oracle = _oracle(requirement, key, limit)
    assert walked is not None
    assert walked == oracle
    if wilds == 4 and limit == 128:  # thousands of claims: the limit is where they stop
        assert len(walked) == limit


def test_uc7_a_question_past_the_step_budget_is_left_to_the_solver() -> None:
    """UC-7: a long run from a hand of every face and four wilds skips more wild choices
    than the solver's step budget pays for: the walk leaves it, and the opened build's
    options are the solver's (the claims it found before its budget ran out)."""
    requirement = Requirement(((GroupSpec(GroupKind.RUN, 11, 1),),))
    hand = _crowded(4)
    assert walked_options(requirement, _key(hand), _HEAD, 128) is None
    _left_to_the_solver(requirement, hand)


def _left_to_the_solver(requirement: Requirement, hand: tuple[Card, ...]) -> None:
    """Assert that the opened build's options of this question are the solver's spelled
    claims (those it found before its budget ran out), and that there are some."""
    site = attrs.evolve(_CATALOGUE[0], primitive=requirement)
    expected = [(_HEAD, *spelled) for spelled in claim_steps(
        playing(hand), site, "native", 128)]
    assert expected
    assert claim_options(playing(hand), site, _HEAD, uc.Config()) == expected


_NATURALS = tuple(card for card in FACES if card.is_natural)


@pytest.mark.parametrize(("requirement", "hand"), [
    (Requirement(((GroupSpec(GroupKind.SET, 2, 5), GroupSpec(GroupKind.RUN, 3, 4)),)),
     _NATURALS),
    (Requirement(((GroupSpec(GroupKind.SET, 3, 1),),)), (_NATURALS[0],) * 3 + _NATURALS[1:10]),
    (Requirement(((GroupSpec(GroupKind.RUN, 4, 1),),)),
     _NATURALS[:6] + (uc.WILD,) * (WILD_COPIES + 1)),
], ids=["nine-groups", "three-copies", "too-many-wilds"])
def test_uc7_a_question_the_solver_refuses_raises_its_error_from_the_opened_build(
        requirement: Requirement, hand: tuple[Card, ...]) -> None:
    """UC-7: for a question the solver refuses (more groups than it takes, or more copies
    of a face or more wilds than the deck holds), the walk answers ``None`` and the opened
    build's options raise the solver's own error: the same class and reason as its
    spelled claims (``claim_steps``) and its question from hand alone (``from_hand``)."""
    site = attrs.evolve(_CATALOGUE[0], primitive=requirement)
    hand = tuple(sorted(hand))
    key = _key(hand)
    assert walked_options(requirement, key, _HEAD, 128) is None
    with pytest.raises(SolverError) as solver:
        claim_steps(playing(hand), site, "native", 128)
    with pytest.raises(SolverError) as alone:
        from_hand(requirement, key, WHOLE_DECK)
    with pytest.raises(SolverError) as opened:
        claim_options(playing(hand), site, _HEAD, uc.Config())
    for raised in (solver, alone):
        assert type(opened.value) is type(raised.value)
        assert str(opened.value) == str(raised.value)


def _groups(action: object) -> tuple[Group, ...]:
    """The groups of a claim."""
    assert isinstance(action, Claim)
    return action.groups


def _old_compound_options(state: uc.State, campsite: int) -> list[tuple[int, ...]]:
    """The opened claim build's options as ``_firsts.compound_options`` listed them
    before the walk: the solver's spelled claims, searched afresh, then UC-8's filter."""
    player = state.turn
    hand = playing(state.hands[player])
    face = state.config.catalogue[campsite]
    head = (CLAIM_BASE + campsite,)
    listed = [head + spelled for spelled in claim_steps(
        hand, face, "native", state.config.claim_limit)]
    held = len(state.hands[player])
    return [option for option in listed
            if held > len(hand[0]) or held > sum(step < END_BASE for step in option[1:])
            or may_lay(state, player, face, (), _groups(compound_of(player, option)))]


@pytest.mark.parametrize("seed", [0, 1, 2, 5, 11])
def test_uc7_uc8_opened_claim_builds_of_seeded_games_list_the_solvers_claims(seed: int
                                                                              ) -> None:
    """UC-7, UC-8: at play-phase states of a seeded random id game, the options of a
    claim build opened on each campground campsite are the solver's spelled claims, less
    those UC-8 refuses, in its order."""
    rng = random.Random(seed)
    state = uc.new_game(4, seed)
    compared = 0
    while not state.is_over and compared < 300:
        seat = min(state.actors)
        if seat == state.turn and state.phase is uc.Phase.PLAY and not state.building:
            for campsite in state.campground:
                expected = _old_compound_options(state, campsite)
                assert compound_options(state, CLAIM_BASE + campsite) == expected
                compared += 1
        legal = state.legal_action_ids(seat)
        state = state.apply_action_id(seat, legal[rng.randrange(len(legal))])
    assert compared


_PAIRS = st.lists(
    st.one_of(
        _UNITS.map(lambda unit: (GroupSpec(unit[0], unit[1], 2),)),
        st.tuples(_UNITS, _UNITS).map(lambda two: (GroupSpec(*two[0]), GroupSpec(*two[1]))),
        _UNITS.map(lambda unit: (GroupSpec(*unit),))),
    min_size=1, max_size=3).map(lambda alternatives: Requirement(tuple(alternatives)))
"""Questions of one to three alternatives, each two groups (two alike, or two of any
kinds and sizes) or one."""


@settings(max_examples=300, deadline=None)
@given(hand=hands(max_cards=24), requirement=_PAIRS, limit=_LIMITS)
def test_uc7_two_group_questions_walk_to_the_solvers_claims(
        hand: tuple[Card, ...], requirement: Requirement, limit: int) -> None:
    """UC-7, UC-4: a question with two-group alternatives (any kinds and sizes, alike or
    not, beside one-group ones) lists, walked, the solver's first ``limit`` claims spelled
    in build steps, in its order; the opened build's options are the solver's whether
    the walk answers or leaves the question to the solver."""
    key = _key(hand)
    oracle = _oracle(requirement, key, limit)
    walked = walked_options(requirement, key, _HEAD, limit)
    if walked is not None:
        assert walked == oracle
    config = uc.Config(claim_limit=limit)
    site = attrs.evolve(_CATALOGUE[0], primitive=requirement)
    assert claim_options(playing(hand), site, _HEAD, config) == oracle


_TWO_GROUP_SITES = [site for site in _CATALOGUE
                    if any(sum(spec.count for spec in alternative) == 2
                           for alternative in site.primitive.alternatives)]


@pytest.mark.parametrize("site", _TWO_GROUP_SITES, ids=lambda site: str(site.primitive))
@settings(max_examples=100, deadline=None)
@given(hand=hands(max_cards=24), limit=_LIMITS)
def test_uc7_two_group_campsites_walk_to_the_solvers_claims(
        site: Campsite, hand: tuple[Card, ...], limit: int) -> None:
    """UC-7: every catalogue campsite asking for two groups lists, walked, the solver's
    claims, and its opened build's options are the solver's."""
    key = _key(hand)
    oracle = _oracle(site.primitive, key, limit)
    walked = walked_options(site.primitive, key, _HEAD, limit)
    if walked is not None:
        assert walked == oracle
    assert claim_options(playing(hand), site, _HEAD, uc.Config(claim_limit=limit)) == oracle


@pytest.mark.parametrize("wilds", [0, 2, 4])
@pytest.mark.parametrize("alternative", [
    (GroupSpec(GroupKind.SET, 3, 2),),
    (GroupSpec(GroupKind.SET, 2, 2),),
    (GroupSpec(GroupKind.SET, 3), GroupSpec(GroupKind.RUN, 3)),
    (GroupSpec(GroupKind.COLOR_GROUP, 3), GroupSpec(GroupKind.COLOR_GROUP, 2)),
    (GroupSpec(GroupKind.RUN, 3), GroupSpec(GroupKind.RUN, 2)),
    (GroupSpec(GroupKind.COLOR_RUN, 3, 2),)])
@pytest.mark.parametrize("limit", [1, 128, 500])
def test_uc7_two_group_claims_past_the_limit_stop_where_the_solver_stops(
        wilds: int, alternative: tuple[GroupSpec, ...], limit: int) -> None:
    """UC-7 (``Config.claim_limit``): a hand with more two-group claims than the limit
    lists the solver's first ``limit`` of them, walked where the solver pairs them."""
    requirement = Requirement((alternative,))
    key = _key(_crowded(wilds))
    walked = walked_options(requirement, key, _HEAD, limit)
    oracle = _oracle(requirement, key, limit)
    assert walked is None or walked == oracle
    if alternative[0].kind is GroupKind.SET and alternative[0].count == 2:
        assert walked is not None  # two sets are paired within the budget: walked
    site = attrs.evolve(_CATALOGUE[0], primitive=requirement)
    assert claim_options(playing(_crowded(wilds)), site, _HEAD,
                         uc.Config(claim_limit=limit)) == oracle


def test_uc7_a_two_group_question_near_the_step_budget_is_walked_or_left() -> None:
    """UC-7: two sets of 3 from a small hand are walked (the solver pairs them), while two
    long runs from a hand of every face and four wilds could pass the solver's step
    budget: the walk leaves them, and the opened build's options are the solver's (the
    claims it found before its budget ran out)."""
    small = Requirement(((GroupSpec(GroupKind.SET, 3, 2),),))
    few = _key(_crowded(0)[:26])
    assert walked_options(small, few, _HEAD, 128) == _oracle(small, few, 128)
    assert walked_options(small, few, _HEAD, 128)
    requirement = Requirement(((GroupSpec(GroupKind.RUN, 6, 2),),))
    hand = _crowded(4)
    assert walked_options(requirement, _key(hand), _HEAD, 128) is None
    _left_to_the_solver(requirement, hand)


@settings(max_examples=300, deadline=None)
@given(hand=hands(max_cards=24), unit=_UNITS)
def test_uc7_a_units_walked_listing_is_the_solvers_candidates(
        hand: tuple[Card, ...], unit: tuple[GroupKind, int]) -> None:
    """UC-7: the candidates of one unit walked from the hand's counts (``_Listing``, what
    the two-group walk pairs) are the solver's (``_native._listed``, the oracle), in its
    order and at its cost: each candidate's wilds, faces taken and taken twice, cards'
    ranks and spelled steps are the pick's, and its order key orders as ``pick[1:]``; a
    listing past the step budget is refused where the solver's raises or passes it."""
    kind, size = unit
    key = _key(hand)
    problem = from_hand(Requirement(((GroupSpec(kind, size),),)), key, WHOLE_DECK)
    listing = _listing(list(problem.pool), problem.wilds, _HEAD, kind, size, True)
    try:
        picks, cost = _listed(kind, size, problem)
    except ProblemTooLargeError:
        assert listing is None
        return
    if cost > WHOLE_DECK.max_steps:
        assert listing is None
        return
    assert listing is not None
    assert listing.cost == cost
    assert len(listing.lead) == len(picks)
    lays, ends, finish = SPELLING
    for at, (_, nat, wilds, start) in enumerate(picks):
        ranks = group_ranks(kind, nat, wilds, start)
        steps = (*[lays[rank] for rank in ranks], ends[KIND_INDEX[kind]])
        assert listing.cards_of[at] == ranks
        assert listing.lead[at] == (_HEAD, *steps)
        assert listing.tail[at] == (*steps, finish)
        assert listing.wilds_of[at] == wilds
        assert (listing.taken_of[at], listing.twice_of[at]) == _takes(nat)
    order = _ranks(picks)  # each pick's place among the distinct ``pick[1:]``
    by_key = sorted(range(len(picks)), key=listing.keys.__getitem__)
    for a, b in pairwise(by_key):  # keys order (and tie) exactly as the places
        assert order[a] <= order[b]
        assert (listing.keys[a] == listing.keys[b]) == (order[a] == order[b])


_ANY = st.lists(st.lists(st.tuples(_UNITS, st.integers(1, 2)), min_size=1, max_size=3),
                min_size=1, max_size=4).map(lambda alternatives: Requirement(tuple(
                    tuple(GroupSpec(kind, size, count) for (kind, size), count in specs)
                    for specs in alternatives)))


@settings(max_examples=200, deadline=None)
@given(requirement=st.one_of(_ANY, _SINGLES, _PAIRS, st.sampled_from(
    [site.primitive for site in _CATALOGUE])), hand=hands(max_cards=30))
def test_uc7_the_walk_reads_the_solvers_plans_and_pool_without_a_problem(
        requirement: Requirement, hand: tuple[Card, ...]) -> None:
    """UC-7: the walk reads each alternative's groups in the solver's order and their
    repeats from the requirement's tables (``Asked.ordered``), and the hand's pool and
    wilds from its key (``hand_counts``), as a question from hand alone holds them
    (``from_hand``: its plans' ``ordered``, its pool and wilds)."""
    key = _key(hand)
    problem = from_hand(requirement, key, WHOLE_DECK)
    assert requirement.asked.ordered == tuple([(plan.ordered[0], plan.ordered[2])
                                               for plan in problem.plans])
    assert hand_counts(key, WHOLE_DECK.max_cards) == [*problem.pool, problem.wilds]
