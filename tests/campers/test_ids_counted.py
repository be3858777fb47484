"""The id listing decides a claim of two sets or runs from the hand's counts by number
(issue 12, ``_counted``): the same answer as the native solver's search (UC-4, UC-5, UC-7)."""

from __future__ import annotations

import math
import random
from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _builds, _cache
from campers_rules._cards import NUMBERS
from campers_rules._counted import HandCounts
from campers_rules._firsts import hand_reach
from campers_rules._groups import RUN, SET
from campers_rules._solving import may_meet, playing, reach
from tests.campers.strategies import hands, requirements

_DECK = [card for card in uc.FACES if card.is_natural] * 2 + [uc.WILD] * 4


def _key(hand: tuple[uc.Card, ...]) -> bytes:
    """The key of a hand's playing cards, as move generation reads it."""
    key, _cards = playing(hand)
    return key


_TEXT = {SET: "SET", RUN: "RUN"}
_UNITS = st.tuples(st.sampled_from([SET, RUN]), st.integers(2, 7))


def _requirement(first: tuple[uc.GroupKind, int], second: tuple[uc.GroupKind, int]
                 ) -> uc.Requirement:
    return uc.Requirement.parse(" AND ".join(
        f"1 {_TEXT[kind]} OF {size}" for kind, size in (first, second)))


@settings(max_examples=400, deadline=None)
@given(picks=st.lists(st.integers(0, len(_DECK) - 1), unique=True, max_size=24),
       first=_UNITS, second=_UNITS)
def test_two_sets_or_runs_from_counts_agree_with_the_solver_uc5_uc7(
        picks: list[int], first: tuple[uc.GroupKind, int], second: tuple[uc.GroupKind, int]
) -> None:
    """UC-5, UC-7: two groups of sets and runs (each holding a natural) are laid from a
    hand exactly when the native solver finds a claim of them; the counts answer whenever
    the search's step bound is within its budget."""
    hand = tuple(sorted(_DECK[i] for i in picks))
    found = next(iter(uc.solver.claims(_requirement(first, second), hand,
                                       limits=uc.solver.SolverLimits(max_cards=100))), None)
    decided = HandCounts(_key(hand)).decides([[first, second]], 10**9)
    assert decided is (found is not None)


@settings(max_examples=100, deadline=None)
@given(picks=st.lists(st.integers(0, len(_DECK) - 1), unique=True, min_size=1, max_size=30))
def test_claimable_from_counts_is_the_listings_answer_uc7_uc8(picks: list[int]) -> None:
    """UC-7, UC-8: on every campsite of two sets or runs, ``start claim`` is listed exactly
    when the object listing holds a claim of it."""
    hand = " ".join(str(_DECK[i]) for i in picks)
    state = uc.from_position([hand, ""], phase=uc.Phase.PLAY,
                             campground=range(len(uc.CATALOGUE)))
    ids = state.legal_action_ids(0)
    listed = {a.campsite for a in state.legal_actions(0) if isinstance(a, uc.Claim)}
    for site in range(len(uc.CATALOGUE)):
        assert (uc.action_id(uc.StartClaim(0, site)) in ids) is (site in listed)


def test_counts_leave_a_search_past_the_budget_or_another_shape_to_the_solver_uc7() -> None:
    """UC-7: the counts do not answer when the search could run out of steps before its
    first claim (the listing keeps what the search found), nor for other groups."""
    whole = HandCounts(_key(tuple(_DECK)))
    assert whole.decides([[(RUN, 4), (RUN, 4)]], 300_000) is None
    assert whole.decides([[(RUN, 4), (RUN, 4)]], 10**12) is True
    small = HandCounts(_key(uc.parse_cards("B2 Y3 R4 G5 B6 Y7 R8 G9")))
    assert small.decides([[(RUN, 4), (RUN, 4)]], 300_000) is True
    assert small.decides([[(SET, 3), (RUN, 4)]], 300_000) is False
    assert small.decides([[(RUN, 4)]], 300_000) is None
    assert small.decides([[(uc.GroupKind.COLOR_RUN, 4), (RUN, 4)]], 300_000) is None


@settings(max_examples=60, deadline=None)
@given(picks=st.lists(st.integers(0, len(_DECK) - 1), unique=True, min_size=1, max_size=20))
def test_a_started_claims_options_are_spelled_as_action_steps_uc7(picks: list[int]) -> None:
    """UC-7: the options a started claim carries are the listed claims of its campsite,
    each spelled exactly as :func:`action_steps` spells it (wilds declared, every group's
    cards in order), though the listing spells them from the solver's codes and builds
    no claim."""
    from campers_rules import _builds
    from campers_rules._ids import compound_of

    hand = " ".join(str(_DECK[i]) for i in picks)
    state = uc.from_position([hand, ""], phase=uc.Phase.PLAY,
                             campground=range(len(uc.CATALOGUE)))
    listed = [a for a in state.legal_actions(0) if isinstance(a, uc.Claim)]
    for site in range(len(uc.CATALOGUE)):
        start = uc.action_id(uc.StartClaim(0, site))
        options = _builds.options(state, (start,))
        actions = [compound_of(0, spelled) for spelled in options]
        assert actions == [a for a in listed if a.campsite == site]
        assert all(spelled == uc.action_steps(action)
                   for spelled, action in zip(options, actions, strict=True))


def test_a_run_over_every_number_leaves_a_set_only_the_naturals_it_shares_uc5_uc7() -> None:
    """UC-5, UC-7: beside a run of all twelve numbers no number lies outside the run's
    window, so a set must take a natural the run would hold, which a wild then replaces
    in the run: from one blue card of each number, two wilds are one short of a set of
    3 beside the run, three are enough; the counts say so, as the solver does."""
    run = " ".join(f"B{n}" for n in range(2, 14))
    for wilds, found in ((2, False), (3, True)):
        hand = uc.parse_cards(f"{run} {' '.join(['W'] * wilds)}")
        units = [(SET, 3), (RUN, 12)]
        claims = uc.solver.claims(_requirement(*units), hand,
                                  limits=uc.solver.SolverLimits(max_cards=100))
        assert (next(iter(claims), None) is not None) is found
        assert HandCounts(_key(hand)).decides([units], 10**9) is found


_ACTIONS = [card for card in uc.FACES if card.is_action]


@settings(max_examples=300, deadline=None)
@given(hand=hands(min_cards=0, max_cards=30, max_wilds=6),
       actions=st.lists(st.sampled_from(_ACTIONS), max_size=4))
def test_one_read_of_the_whole_hand_gives_its_reach_and_faces_uc4_uc7(
        hand: tuple[uc.Card, ...], actions: list[uc.Card]) -> None:
    """UC-4, UC-7: the id listing reads the whole hand once (action cards too): the
    largest group of each kind it finds is ``_solving.reach`` of the playing cards, the
    faces it records are those held, and its counts by number are those read from the
    playing cards alone."""
    whole = tuple(sorted([*hand, *actions]))
    key = _key(whole)
    counts = HandCounts(bytes(whole))
    assert hand_reach(counts) == reach(key)
    assert counts.faces == sum(1 << face for face in set(whole))
    alone = HandCounts(key)
    assert (counts.totals, counts.colors, counts.families, counts.wilds, counts.ones,
            counts.twos) == (alone.totals, alone.colors, alone.families, alone.wilds,
                             alone.ones, alone.twos)


_REACH = st.tuples(*[st.integers(0, 13)] * 4)


@settings(max_examples=300, deadline=None)
@given(requirement=st.one_of(requirements, st.sampled_from(
           [site.primitive for site in uc.CATALOGUE])), most=_REACH)
def test_the_alternatives_within_reach_are_may_meets_uc7(
        requirement: uc.Requirement, most: tuple[int, int, int, int]) -> None:
    """UC-7: the alternatives a hand's reach lets be met, read from the requirement's int
    tables (``Asked.reachable``), are ``_solving.may_meet``'s, and the cards each lays at
    least are the requirement's."""
    asked = requirement.asked
    assert asked.reachable(most) == may_meet(most, requirement)
    assert asked.cards == list(requirement.cards_asked)


@settings(max_examples=60, deadline=None)
@given(hand=hands(min_cards=1, max_cards=14, max_wilds=2),
       actions=st.lists(st.sampled_from(_ACTIONS), max_size=2), seed=st.integers(0, 2**16))
def test_the_play_phase_ids_are_the_first_steps_listed_uc7_uc9_uc12(
        hand: tuple[uc.Card, ...], actions: list[uc.Card], seed: int) -> None:
    """UC-7, UC-8, UC-9, UC-11, UC-12: the play-phase ids, listed from one read of the
    hand into one sorted list, are the first steps of the object listing, each once, on
    random hands (action cards among them) against a table of others' campsites."""
    rng = random.Random(seed)
    table = [[], [(5, [uc.Group.parse("RUN B3 B4 B5 B6")]),
                  (1, [uc.Group.parse("SET Y7 R7 G7"), uc.Group.parse("SET B9 Y9 W=R9")])]]
    laid = set(uc.parse_cards("B3 B4 B5 B6 Y7 R7 G7 B9 Y9 B2 Y11 G3"))  # no third copy
    text = " ".join(str(card) for card in sorted([*hand, *actions]) if card not in laid)
    assume(text)
    ground = sorted(rng.sample([c for c in range(len(uc.CATALOGUE)) if c not in (1, 5)], 5))
    state = uc.from_position([text, "G3"], phase=uc.Phase.PLAY, table=table,
                             campground=ground, discard="Smores B2 Y11")
    _cache.clear()
    ids = _builds.play_ids(state, 0)
    assert ids == sorted({uc.action_steps(a)[0] for a in state.legal_actions(0)})


def test_the_play_phase_ids_are_each_listed_once_in_order_uc7() -> None:
    """UC-7 (issue 12: the ids a listing returns are a set, sorted): the discard ids come
    first, as the lowest, then the others sorted, an id met twice kept once."""
    assert _builds.distinct([3, 9], [900, 60, 700]) == [3, 9, 60, 700, 900]
    assert _builds.distinct([3], [900, 700, 900, 61]) == [3, 61, 700, 900]
    assert _builds.distinct([], []) == []


_CROWDED = [card for card in uc.FACES if card.is_natural] * 3 + [uc.WILD] * 4
"""Up to three copies of each natural: past the deck's two as well."""


@settings(max_examples=300, deadline=None)
@given(picks=st.lists(st.integers(0, len(_CROWDED) - 1), unique=True, max_size=30))
def test_the_counts_by_number_are_the_hands_uc4_uc7(picks: list[int]) -> None:
    """UC-4, UC-7 (issue 29): the counts by number the one pass reads (naturals, faces
    present and the families of each number, the numbers held once and twice, the most
    naturals of a number) are those counted card by card, and each set's and run's step
    bound is its formula on them (a run's for every size a unit code names, 0 to every
    number, and past: the bound slides one product along the numbers)."""
    hand = tuple(sorted(_CROWDED[i] for i in picks))
    counts = HandCounts(bytes(hand))
    held = Counter(card for card in hand if card.is_natural)
    faces = [[card for card in held if card.number == number] for number in NUMBERS]
    totals = [sum(held[card] for card in same) for same in faces]
    colors = [len(same) for same in faces]
    families = [math.prod(held[card] + 1 for card in same) for same in faces]
    assert (counts.totals, counts.colors, counts.families) == (totals, colors, families)
    assert counts.ones == sum(1 << n for n, total in enumerate(totals) if total)
    assert counts.twos == sum(1 << n for n, total in enumerate(totals) if total > 1)
    assert counts.most_number == max(totals, default=0)
    for size in range(2, 8):
        low = max(1, size - counts.wilds)
        assert counts._steps((SET, size)) == 2 * sum(
            family for family, total in zip(families, totals, strict=True) if total >= low)
    for size in range(len(NUMBERS) + 2):
        assert counts._steps((RUN, size)) == sum(
            math.prod(colors[n] + 1 for n in range(start, start + size))
            for start in range(len(NUMBERS) - size + 1))
