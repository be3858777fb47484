"""Tests the mutants of the id listing's modules asked for (issue 12, ``_counted`` and
``_firsts``): each pins a rule the listing must give exactly as the object path does."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._counted import HandCounts
from campers_rules._groups import RUN, SET
from campers_rules._solving import playing

_DECK = [card for card in uc.FACES if card.is_natural] * 2 + [uc.WILD] * 4
_TEXT = {SET: "SET", RUN: "RUN"}
_UNITS = st.tuples(st.sampled_from([SET, RUN]), st.integers(2, 7))
_PAIRS = st.lists(st.tuples(_UNITS, _UNITS), min_size=1, max_size=2)


def _requirement(pairs: list[tuple[tuple[uc.GroupKind, int], tuple[uc.GroupKind, int]]]
                 ) -> uc.Requirement:
    return uc.Requirement.parse(" OR ".join(
        " AND ".join(f"1 {_TEXT[kind]} OF {size}" for kind, size in pair) for pair in pairs))


def _least_budget(counts: HandCounts, alternatives: list[list[tuple[uc.GroupKind, int]]]
                  ) -> int:
    """The smallest budget the counts answer within (their bound on the search's steps)."""
    high = 1
    while counts.decides(alternatives, high) is None:
        high *= 2
    low = high // 2  # the counts do not answer within ``low`` (or it is 0)
    while high - low > 1:
        middle = (low + high) // 2
        if counts.decides(alternatives, middle) is None:
            low = middle
        else:
            high = middle
    return high


@settings(max_examples=150, deadline=None)
@given(picks=st.lists(st.integers(0, len(_DECK) - 1), unique=True, max_size=30),
       pairs=_PAIRS)
def test_the_counts_answer_only_within_a_budget_the_search_keeps_to_uc7(
        picks: list[int],
        pairs: list[tuple[tuple[uc.GroupKind, int], tuple[uc.GroupKind, int]]]) -> None:
    """UC-7: the counts' bound on the native search's steps is a bound: given just that
    many steps, the search reaches its first claim (or ends with none) without running out,
    and the counts' answer is the search's."""
    _search_keeps_to_the_bound(tuple(sorted(_DECK[i] for i in picks)), pairs)


def _search_keeps_to_the_bound(
        hand: tuple[uc.Card, ...],
        pairs: list[tuple[tuple[uc.GroupKind, int], tuple[uc.GroupKind, int]]]) -> None:
    counts = HandCounts(playing(hand)[0])
    alternatives = [list(pair) for pair in pairs]
    budget = _least_budget(counts, alternatives)
    limits = uc.solver.SolverLimits(max_cards=100, max_steps=budget)
    found = next(iter(uc.solver.claims(_requirement(pairs), hand, limits=limits)), None)
    assert counts.decides(alternatives, budget) is (found is not None)


@st.composite
def _numbers_hand(draw: st.DrawFn, numbers: range, most_numbers: int, wilds: int,
                  sizes: range) -> tuple[uc.Card, ...]:
    """A hand of the faces (two of each) of a few of these numbers, and up to ``wilds``
    wilds, of a size in ``sizes``: many sets or runs of them."""
    chosen = draw(st.sets(st.sampled_from(numbers), min_size=1, max_size=most_numbers))
    pool = [c for c in uc.FACES if c.is_natural and c.number in chosen] * 2 + [uc.WILD] * wilds
    picks = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=sizes.start,
                          max_size=sizes.stop - 1))
    return tuple(sorted(pool[i] for i in picks))


def _few_numbers() -> st.SearchStrategy[tuple[uc.Card, ...]]:
    """A hand of up to four numbers (2 to 13) and four wilds, 2 to 16 cards."""
    return _numbers_hand(range(2, 14), 4, 4, range(2, 17))


@settings(max_examples=300, deadline=None)
@given(hand=_few_numbers(), pairs=_PAIRS)
def test_the_bound_holds_for_hands_of_few_numbers_uc7(
        hand: tuple[uc.Card, ...],
        pairs: list[tuple[tuple[uc.GroupKind, int], tuple[uc.GroupKind, int]]]) -> None:
    """UC-7: on hands of a few numbers, each face twice (a set's candidates many, each
    face's copies counted), the search keeps to the counts' bound, and the answers agree."""
    _search_keeps_to_the_bound(hand, pairs)


_NARROW = [card for card in uc.FACES if card.number is not None and card.number <= 7
           and card.color in (uc.FACES[0].color, uc.FACES[-1].color)] * 2 + [uc.WILD] * 4
_SMALL = st.tuples(st.sampled_from([SET, RUN]), st.integers(2, 4))


def _agrees(hand: tuple[uc.Card, ...], first: tuple[uc.GroupKind, int],
            second: tuple[uc.GroupKind, int]) -> None:
    found = next(iter(uc.solver.claims(_requirement([(first, second)]), hand,
                                       limits=uc.solver.SolverLimits(max_cards=100))), None)
    decided = HandCounts(playing(hand)[0]).decides([[first, second]], 10**9)
    assert decided is (found is not None)


@settings(max_examples=400, deadline=None)
@given(picks=st.lists(st.integers(0, len(_NARROW) - 1), unique=True, max_size=8),
       first=_SMALL, second=_SMALL)
def test_two_groups_from_few_cards_agree_with_the_solver_uc5_uc7(
        picks: list[int], first: tuple[uc.GroupKind, int], second: tuple[uc.GroupKind, int]
) -> None:
    """UC-5, UC-7: on small hands of few numbers and colors (where a claim is just within
    or just out of reach: a natural short, a wild short, two groups wanting the same
    natural), the counts decide two sets or runs exactly as the solver finds them."""
    _agrees(tuple(sorted(_NARROW[i] for i in picks)), first, second)


@pytest.mark.parametrize(("hand", "first", "second"), [
    ("R5 B5 W W", (SET, 2), (SET, 2)),  # both sets of one number, each a natural of it
    ("R5 W W W", (SET, 2), (SET, 2)),  # one natural: a set would be all wilds
    ("R5 B5 G5 Y5", (SET, 2), (RUN, 2)),  # the run needs a 4 or a 6, not a fourth 5
    ("R5 R9 W W W W", (SET, 3), (RUN, 3)),  # a natural each, wilds for the rest
    ("R5 R9 W W W W", (RUN, 3), (RUN, 3)),
    ("R5 R6 B5 B6", (RUN, 2), (SET, 2)),  # two runs, but no set with a run beside it
    ("R5 R6 B5 B6", (SET, 2), (RUN, 2)),
])
def test_two_groups_at_the_edge_agree_with_the_solver_uc5_uc7(
        hand: str, first: tuple[uc.GroupKind, int], second: tuple[uc.GroupKind, int]
) -> None:
    """UC-5, UC-7: hands with exactly enough (or one short) naturals or wilds for two sets
    or runs, in either order of the two: the counts' answer is the solver's."""
    _agrees(tuple(uc.parse_cards(hand)), first, second)


_ABANDON = uc.action_id(uc.Abandon(0))


def _spelled(state: uc.State, player: int) -> list[list[int]]:
    """The steps of every action the object path lists for this seat."""
    return [list(uc.action_steps(a, state.config)) for a in state.legal_actions(player)]


def _first_steps(state: uc.State, player: int) -> list[int]:
    """The first steps of the object path's listing: the ids it makes legal."""
    return sorted({s[0] for s in _spelled(state, player)})


def _ids_as_listed(state: uc.State) -> None:
    """The turn player's ids are the first steps of the listed actions, and each build
    the ids start lists the second steps of the compound actions it starts, and abandon."""
    player = state.turn
    spelled = _spelled(state, player)
    assert state.legal_action_ids(player) == _first_steps(state, player)
    for first in sorted({s[0] for s in spelled if len(s) > 1}):
        nexts = {s[1] for s in spelled if len(s) > 1 and s[0] == first}
        building = state.apply_action_id(player, first)
        assert building.legal_action_ids(player) == sorted(nexts | {_ABANDON})


_Z3 = uc.Config(backend="z3")
_OWN_SET = (4, [uc.Group.parse("SET Y13 R13 G13")])  # primitive: 1 SET OF 3 | 2 SETS OF 3


def _claim_hands() -> st.SearchStrategy[tuple[uc.Card, ...]]:
    """A play-phase hand of up to three numbers (4 to 12) and three wilds, 3 to 7 cards:
    claims and new groups of sets and runs, some of them laying every card."""
    return _numbers_hand(range(4, 13), 3, 3, range(3, 8))


@settings(max_examples=30, deadline=None)
@given(hand=_claim_hands(), owns=st.booleans())
def test_the_z3_backend_lists_ids_as_its_object_path_uc7_uc8(
        hand: tuple[uc.Card, ...], owns: bool) -> None:
    """UC-7, UC-8, UC-30 under ``Config(backend="z3")``: the id listing asks the z3 solver
    for claims and new groups, keeps those that leave a card (or a complete campsite), and
    lists exactly the object path's first steps and, in each build, its next steps."""
    state = uc.from_position([hand, "G3"], phase=uc.Phase.PLAY, config=_Z3,
                             table=[[_OWN_SET] if owns else [], []])
    _ids_as_listed(state)


@pytest.mark.parametrize("limit", [1, 2])
@pytest.mark.parametrize("hand", ["B4 Y4 R4 G4", "Y7 R7 G7 B7 W", "Y5 R5 G5 B5 Y6 Y7"])
def test_z3_claims_cut_by_the_claim_limit_build_as_listed_uc7(hand: str, limit: int) -> None:
    """UC-7, issue 12: under the z3 backend with one or two claims listed per campsite
    (fewer than the hand has), each ``start claim`` opens a build whose next ids are those
    of the claims listed, at every call (the listing keeps z3's claims in a canonical
    order, not in the order z3 meets them)."""
    config = uc.Config(backend="z3", claim_limit=limit)
    state = uc.from_position([hand, "G3"], phase=uc.Phase.PLAY, config=config)
    for _ in range(3):
        _ids_as_listed(state)


_RUN_OR_SET = attrs.evolve(uc.CATALOGUE[0], primitive=uc.Requirement.parse(
    "1 RUN OF 4 OR 1 SET OF 3"))


@pytest.mark.parametrize("limit", [1, 2])
def test_z3_keeps_its_own_first_claims_under_the_claim_limit_uc7_uc8(limit: int) -> None:
    """UC-7, UC-8, issue 12: under the z3 backend the claims a ``claim_limit`` keeps are
    z3's first ones in the canonical order (here a set of G8 W W, which leaves a card),
    not the native search's (a run laying all four cards): ``start claim`` is listed and
    opens a build of the listed claims, as the object path's."""
    config = uc.Config(backend="z3", claim_limit=limit,
                       catalogue=(_RUN_OR_SET, *uc.CATALOGUE[1:]))
    state = uc.from_position(["G8 G11 W W", "G3"], phase=uc.Phase.PLAY, config=config)
    assert _start_claim(0) in state.legal_action_ids(0)
    _ids_as_listed(state)


_G = uc.Group.parse
_OWN = {
    "primitive set": (4, [_G("SET Y9 R9 G9")]),  # a 9 leaves it primitive (2 SETS OF 3)
    "set a card short": (6, [_G("SET Y11 R11 G11")]),  # an 11 completes it (1 SET OF 4)
    "run two short": (5, [_G("RUN B3 B4 B5 B6 B7")]),  # one card leaves it short of 6
    "complete": (0, [_G("SET Y12 R12 G12"), _G("RUN G2 G3 G4 G5")]),
}
_THEIRS = [(2, [_G("RUN Y3 Y4 Y5 Y6")])]
_FITTING = uc.parse_cards("B9 B11 W B2 B8 Y2 Y7 G6 R13")
"""Cards that fit those groups (or none: R13), each once."""


@settings(max_examples=120, deadline=None)
@given(own=st.lists(st.sampled_from(sorted(_OWN)), unique=True, max_size=3),
       picks=st.lists(st.integers(0, len(_FITTING) - 1), unique=True, min_size=1,
                      max_size=3))
def test_a_last_card_goes_to_the_table_only_with_a_complete_campsite_uc8(
        own: list[str], picks: list[int]) -> None:
    """UC-8, UC-9, UC-10: with one to three cards in hand, adds to one's own campsites
    (some completing it, some not), squats and wild swaps: the ids are the object path's,
    and a listed add or squat of the last card leaves the player owning a complete
    campsite (the add may complete it itself)."""
    hand = [_FITTING[i] for i in picks]
    state = uc.from_position([hand, "R10"], phase=uc.Phase.PLAY,
                             table=[[_OWN[name] for name in own], _THEIRS])
    assert state.legal_action_ids(0) == _first_steps(state, 0)
    if len(hand) > 1:
        return
    complete = [_is_complete(s.campsite, s.groups) for s in state.table[0]]
    for action in state.legal_actions(0):
        if isinstance(action, uc.Squat):
            assert any(complete)
        elif isinstance(action, uc.AddCard):
            at = [s.campsite for s in state.table[0]].index(action.campsite)
            groups = list(state.table[0][at].groups)
            groups[action.group] = groups[action.group].with_card(action.card)
            assert any(complete) or _is_complete(action.campsite, groups)


def _is_complete(campsite: int, groups: Sequence[uc.Group]) -> bool:
    return uc.CATALOGUE[campsite].complete.is_met_by(tuple(groups))


def _start_claim(campsite: int) -> int:
    return uc.action_id(uc.StartClaim(0, campsite))


@pytest.mark.parametrize(("campsite", "claim", "extra"), [
    (1, "Y5 R5 G5 Y7 R7 G7", ""),  # c02: 2 SETS OF 3
    (1, "Y5 R5 G5 Y7 R7 G7", "B13"),
    (1, "Y5 R5 W Y7 W G7", "B2"),
    (12, "Y2 Y3 Y4 Y5 R7 R8 R9 R10", ""),  # c13: 2 RUNS OF 4
    (12, "Y2 Y3 Y4 Y5 R7 R8 R9 R10", "G12"),
    (13, "Y9 R9 G9 B2 B3 B4 B5", ""),  # c14: 1 SET OF 3 AND 1 RUN OF 4
    (13, "Y9 R9 G9 B2 B3 B4 B5", "W"),
])
def test_a_claim_of_several_groups_that_lays_the_whole_hand_has_no_start_uc8(
        campsite: int, claim: str, extra: str) -> None:
    """UC-8: a claim whose groups (several, or one asked for twice) lay every hand card is
    not listed for a player without a complete campsite, so its campsite has no ``start
    claim`` id; one card more and it has (ids as the object path's)."""
    state = uc.from_position([f"{claim} {extra}", "G13"], phase=uc.Phase.PLAY)
    ids = state.legal_action_ids(0)
    assert ids == _first_steps(state, 0)
    assert (_start_claim(campsite) in ids) is bool(extra)


@pytest.mark.parametrize(("site", "hand", "listed"), [
    ((4, ["SET Y9 R9 G9"]), "Y7 R7 G7", True),  # c05: a second set of 3 completes it
    ((13, ["SET Y9 R9 G9", "RUN B2 B3 B4 B5"]), "Y6 R6 G6", False),  # c14 wants 2 runs of 5
    ((13, ["SET Y9 R9 G9", "RUN B2 B3 B4 B5"]), "Y6 R6 G6 B12", True),
    ((1, ["SET Y9 R9 G9", "SET Y8 R8 G8"]), "Y7 R7", True),  # c02: 3 SETS OF 2 complete it
])
def test_a_new_group_of_the_whole_hand_opens_only_when_it_completes_uc8_uc30(
        site: tuple[int, list[str]], hand: str, listed: bool) -> None:
    """UC-8, UC-30: a new group on one's own campsite that lays every hand card is listed
    only when it completes that campsite (or a card stays in hand): ids as the object
    path's."""
    campsite, groups = site
    state = uc.from_position([hand, "G13"], phase=uc.Phase.PLAY,
                             table=[[(campsite, [uc.Group.parse(g) for g in groups])], []])
    ids = state.legal_action_ids(0)
    assert ids == _first_steps(state, 0)
    new_group = uc.action_id(uc.StartGroup(0, campsite))
    assert (new_group in ids) is listed


_RUNS_FIRST = attrs.evolve(uc.CATALOGUE[0], primitive=uc.Requirement.parse(
    "5 RUNS OF 10 OR 1 SET OF 3"))
_TWO_TO_ELEVEN = [c for c in uc.FACES if c.number is not None and 2 <= c.number <= 11]


@pytest.mark.parametrize("owns", [False, True])
def test_a_hand_of_fifty_cards_lists_its_claims_as_the_object_path_uc7_uc8(
        owns: bool) -> None:
    """UC-7, UC-8: a hand of 50 cards (past the solver's default 48) whose first
    alternative, five runs of ten, lays the whole hand: the listing searches that hand
    with the whole deck's limits and lists ``start claim`` exactly as the object path:
    only for a player who owns a complete campsite, as the claims listed (the first
    ``claim_limit``, all five runs) lay every card."""
    config = uc.Config(catalogue=(_RUNS_FIRST, *uc.CATALOGUE[1:]))
    table = [[(6, [uc.Group.parse("SET Y13 R13 G13 B13")])] if owns else [], []]
    state = uc.from_position([sorted(_TWO_TO_ELEVEN + _TWO_TO_ELEVEN[:10]), "G12"],
                             phase=uc.Phase.PLAY, config=config, table=table)
    ids = state.legal_action_ids(0)
    assert ids == _first_steps(state, 0)
    assert (_start_claim(0) in ids) is owns
