"""The move generator's fast paths agree with the plain computations they replace."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import Group, GroupKind, GroupSpec, Requirement
from campers_rules._action_cards import CardPlay, card_of, card_plays, holds_action_card
from campers_rules._actions import (
    REQUESTS,
    TRASH_DEPTH,
    BearAttack,
    BearSpray,
    Decline,
    Give,
    GoFishing,
    LostCamper,
    PassLeft,
    Repair,
    Roasted,
    Smores,
    TrashPanda,
)
from campers_rules._cards import FACES, ActionKind, Card, action_card, copies_in_deck
from campers_rules._groups import PLACEMENTS
from campers_rules._pending import FishingChoice, RepairChoice, SprayWindow
from campers_rules._requirements import residual_needs
from campers_rules._responses import decisions
from campers_rules._table import fitting, owns_complete
from tests.campers import test_game_table as table_tests
from tests.campers.strategies import requirements, valid_groups

BEAR_ATTACK = action_card(ActionKind.BEAR_ATTACK)
CLASSES = st.tuples(st.sampled_from(list(GroupKind)), st.integers(2, 14))


def greedy_meets(requirement: Requirement, classes: list[tuple[GroupKind, int]]) -> bool:
    """The plain greedy: some alternative whose residual needs are all zero."""
    counts: dict[tuple[GroupKind, int], int] = {}
    for group_class in classes:
        counts[group_class] = counts.get(group_class, 0) + 1
    return any(
        not any(residual_needs(alt, counts, min)) for alt in requirement.alternatives
    )


@settings(max_examples=400)
@given(requirements, st.lists(CLASSES, max_size=7))
def test_is_met_by_equals_the_plain_greedy(
    requirement: Requirement, classes: list[tuple[GroupKind, int]]
) -> None:
    """UC-4, UC-7: ``is_met_by`` (the greedy compiled to ints, ``Asked.met_by``) answers
    as the plain ``residual_needs`` greedy and as ``match`` on the same groups."""
    groups = [_group_of(kind, size) for kind, size in classes]
    expected = greedy_meets(requirement, classes)
    assert requirement.is_met_by(groups) is expected
    assert (requirement.match(groups) is not None) is expected


def test_is_met_by_tells_equal_requirements_apart_by_identity() -> None:
    """An equal requirement built anew (its own compiled ``asked``) gets an equal
    answer."""
    groups = [_group_of(GroupKind.SET, 3)]
    first = Requirement(((GroupSpec(GroupKind.SET, 3),),))
    second = Requirement(((GroupSpec(GroupKind.SET, 3),),))
    assert first.is_met_by(groups) and second.is_met_by(groups)
    assert not Requirement(((GroupSpec(GroupKind.SET, 4),),)).is_met_by(groups)


def _group_of(kind: GroupKind, size: int) -> Group:
    """Some group of this kind and size (validity does not matter to requirements)."""
    return Group(kind, tuple(uc.Placed.wild(uc.Color.BLUE, 2) for _ in range(size)))


@settings(max_examples=200)
@given(valid_groups(), st.sampled_from(uc.CATALOGUE))
def test_fitting_and_swaps_of_groups_grown_card_by_card(group: Group, face: uc.Campsite) -> None:
    """UC-9, UC-10: the fitting faces and wild swaps of a group and of every group grown
    from it by a fitting card equal the solver's ``placements`` and ``wild_swaps``."""
    match_the_solver = table_tests.test_fitting_and_wild_swaps_match_the_solver
    for _ in range(3):
        match_the_solver.hypothesis.inner_test(group, face)  # type: ignore[attr-defined]
        fits = fitting(face, group)
        if not fits:
            break
        group = group.with_card(fits[-1][1][-1])


def _plain_attacks(state: uc.State, player: int) -> list[BearAttack]:
    out = []
    for i in range(1, state.num_players):
        owner = (player + i) % state.num_players
        for site in state.table[owner]:
            for gi, group in enumerate(site.groups):
                for card in group.edge():
                    out.append(BearAttack(player, owner, site.campsite, gi, card))
    return out


def _positions() -> Iterator[tuple[uc.State, int]]:
    """Each position of seeded random 3- and 4-player games (seeds 0-3), with its actor."""
    for seed in range(4):
        rng = random.Random(seed)
        state = uc.new_game(3 + seed % 2, seed)
        while not state.is_over:
            actor = min(state.actors)
            yield state, actor
            legal = state.legal_actions(actor)
            state = state.apply(legal[rng.randrange(len(legal))])


def _card_play_listings() -> Iterator[tuple[uc.State, int, list[CardPlay]]]:
    """Each position of :func:`_positions`, with the action card plays listed to its
    actor."""
    for state, actor in _positions():
        yield state, actor, card_plays(state, actor) if state.phase is uc.Phase.PLAY else []


def test_bear_attacks_listed_as_the_plain_loop_over_tables() -> None:
    """UC-13: the Bear Attack actions (kept per table row) equal a fresh loop over every
    other player's groups, along seeded random games."""
    checked = 0
    for state, actor, plays in _card_play_listings():
        attacks = [a for a in plays if isinstance(a, BearAttack)]
        if plays and BEAR_ATTACK in state.hands[actor]:
            assert attacks == _plain_attacks(state, actor)
            checked += 1
    assert checked > 0


def plain_problem(group: Group, min_size: int | None = None) -> str | None:
    """``Group.problem`` as first written: the checks one after another, plainly."""
    least = uc.MIN_SIZE[group.kind] if min_size is None else min_size
    cards = group.cards
    if len(cards) < least:
        return f"a {group.kind.value} needs at least {least} cards, not {len(cards)} [UC-4]"
    if len(cards) > uc.MAX_SIZE[group.kind]:
        return f"a {group.kind.value} holds at most {uc.MAX_SIZE[group.kind]} cards [UC-4]"
    for p in cards:
        if p.face is not uc.WILD and (p.face.color is not p.color or p.face.number != p.number):
            return f"{p.face} can only count as itself [UC-5]"
        if p.face is not uc.WILD and not p.face.is_natural:
            return f"{p.face} cannot be placed in a group [UC-4]"
    if all(p.face is uc.WILD for p in cards):
        return "a group holds at least one natural card [UC-4]"
    for face, count in Counter(p.face for p in cards).items():
        if count > copies_in_deck(face):
            return f"{count} copies of {face}: the deck holds {copies_in_deck(face)} [UC-1]"
    if group.kind.same_number and len({p.number for p in cards}) > 1:
        return "a set's cards share one number [UC-4]"
    if group.kind.same_color and len({p.color for p in cards}) > 1:
        return f"a {group.kind.value}'s cards share one color [UC-4]"
    if group.kind.consecutive and any(
        b.number != a.number + 1 for a, b in itertools.pairwise(cards)
    ):
        return "a run's numbers are consecutive, each once [UC-4]"
    return None


PLACED = st.sampled_from(PLACEMENTS)
"""Any placement: the constructor builds no other (UC-4, UC-5)."""
SOME_GROUPS = st.one_of(
    valid_groups(),
    st.builds(Group, st.sampled_from(list(GroupKind)), st.lists(PLACED, max_size=14)),
    st.builds(Group, st.sampled_from(list(GroupKind)),
              st.lists(st.sampled_from([uc.Placed.wild(c, n) for c in uc.Color
                                        for n in (5, 6, 7)]
                                       + [uc.Placed.natural(f) for f in FACES[:12]]),
                       max_size=14)),
)


@settings(max_examples=500)
@given(SOME_GROUPS, st.one_of(st.none(), st.integers(2, 5)))
def test_problem_equals_the_plain_checks(group: Group, least: int | None) -> None:
    """UC-1, UC-4, UC-5: the streamlined ``Group.problem`` names the same first problem
    as the plain sequence of checks, on valid and invalid groups alike."""
    assert group.problem(least) == plain_problem(group, least)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(FACES), max_size=12), st.sampled_from(FACES))
def test_holds_reads_a_sorted_hand_as_card_in_hand(cards: list[Card], face: Card) -> None:
    """UC-12, UC-14: whether a sorted hand holds an action card (the card a play spends,
    a Bear Spray to answer with), read from the hand's end as ints, is ``face in hand``
    for every face, action card or not."""
    hand = tuple(sorted(cards))
    assert holds_action_card(hand, face) is (face in hand)


def test_each_play_spends_its_own_action_card() -> None:
    """UC-12: the card a play spends, read by the play's class, is the action card of its
    kind, for every kind of play."""
    plays: list[CardPlay] = [
        BearAttack(0, 1, 0, 0, PLACEMENTS[0]), Smores(0), Roasted(0, 1),
        GoFishing(0, 1, REQUESTS[0]), LostCamper(0), TrashPanda(0, 0, FACES[0])]
    spent = [card_of(play) for play in plays]
    assert spent == [action_card(kind) for kind in (
        ActionKind.BEAR_ATTACK, ActionKind.SMORES, ActionKind.ROASTED, ActionKind.GO_FISHING,
        ActionKind.LOST_CAMPER, ActionKind.TRASH_PANDA)]


def test_trash_pandas_are_listed_as_the_actions_made_once() -> None:
    """UC-19: along seeded random games, each Trash Panda listed is the one action made
    for its seat, depth and face (listed again, the very same object), and equals a
    fresh ``TrashPanda`` of the discard pile's first depth of each card."""
    checked = 0
    for state, actor, plays in _card_play_listings():
        pandas = [a for a in plays if isinstance(a, TrashPanda)]
        if pandas:
            again = [a for a in card_plays(state, actor) if isinstance(a, TrashPanda)]
            assert all(a is b for a, b in zip(pandas, again, strict=True))
            seen: list[Card] = []
            fresh = []
            for depth, under in enumerate(reversed(state.discard[-TRASH_DEPTH:])):
                if under not in seen:
                    seen.append(under)
                    fresh.append(TrashPanda(actor, depth, under))
            assert pandas == fresh
            checked += 1
    assert checked > 0


def _plain_answers(state: uc.State, player: int) -> list[object]:
    """The answers to a Bear Spray window, a Go Fishing or a Lost Camper, made plainly."""
    pending = state.pending
    hand = state.hands[player]
    if isinstance(pending, SprayWindow):
        spray = action_card(ActionKind.BEAR_SPRAY)
        can = spray in hand and (player != state.turn or len(hand) > 1
                                 or owns_complete(state.config.catalogue, state.table[player]))
        return [*([BearSpray(player)] if can else []), Decline(player)]
    if isinstance(pending, FishingChoice):
        return [Give(player, c) for c in sorted(set(hand)) if pending.request.matches(c)]
    return [PassLeft(player, c) for c in sorted(set(hand))]


def test_answers_are_listed_as_the_actions_made_once() -> None:
    """UC-14, UC-17, UC-18, UC-24: along seeded random games, the answers to a pending
    decision are the ones made once per seat (and face): listed again, the very same
    objects; those to a window, a Go Fishing or a Lost Camper equal plainly made ones."""
    checked = 0
    for state, actor in _positions():
        if state.pending is None:
            continue
        answers = decisions(state, actor)
        again = decisions(state, actor)
        made_once = [a for a in answers if not isinstance(a, Repair)]
        assert made_once and all(a is b for a, b in zip(
            made_once, [a for a in again if not isinstance(a, Repair)], strict=True))
        if not isinstance(state.pending, RepairChoice):
            assert answers == _plain_answers(state, actor)
            checked += 1
    assert checked > 0
