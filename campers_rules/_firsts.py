"""The id path's first steps of claims and new groups, without listing every claim
(issue 12).

``legal_action_ids`` needs only the first step of a compound action: whether SOME listed
claim of a campsite exists, not every one of them. These functions give the same answers
as the object listing (``_claims.claim_moves``), asking the solver for the claims of one
campsite lazily and stopping at the first one the listing keeps; once a build is open,
:func:`compound_options` lists the steps of the compound actions of its first step alone
(a claim's walked from the hand's counts when each alternative is one group,
``_single_claims``, else spelled by the solver from its cards' ranks; no action built).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import TYPE_CHECKING, Final, cast

from campers_rules._board import row_index
from campers_rules._catalogue import Campsite
from campers_rules._claims import may_lay, rearrangements
from campers_rules._counted import Asked, HandCounts
from campers_rules._groups import Group
from campers_rules._ids import (
    CLAIM_BASE,
    END_BASE,
    NEW_GROUP_BASE,
    REARRANGE_ID,
    Layout,
    compound_of,
    compound_steps,
    layout,
    steps,
)
from campers_rules._single_claims import walked_options
from campers_rules._solving import (
    WHOLE_DECK,
    Hand,
    Reach,
    claim_steps,
    claims_of,
    longest_of,
    new_groups_of,
    playing,
)
from campers_rules.solver import ProblemTooLargeError
from campers_rules.solver._native import from_hand, laid
from campers_rules.solver._problem import group_code

if TYPE_CHECKING:
    from campers_rules._actions import Claim
    from campers_rules._config import Config
    from campers_rules._state import State

_BUDGET: Final = WHOLE_DECK.max_steps
"""Their step budget, as a constant (a read of the limits is an attribute look-up)."""


def one_group(asked: Asked, wanted: list[int]) -> int | None:
    """The size of the group the first of the ``wanted`` alternatives asks for, when it
    asks for one group alone.

    The bound of ``_solving.reach`` is exact for one group (a kind and size it admits has a
    group in the hand, as the solver's candidates are built), so the solver's first claim
    is then such a group, found before any other alternative is searched.
    """
    size = asked.singles[wanted[0]]
    return size if size else None


def _native_claims(hand: Hand, face: Campsite, wanted: list[int], limit: int
            ) -> Iterator[tuple[Group, ...]]:
    """The claims move generation lists for this hand and campsite (before the UC-8
    filter), lazily and in its order: the native solver's enumeration of the ``wanted``
    alternatives, of which the listing keeps the first ``limit`` (up to a search stopped
    by the step budget)."""
    hand_key, _ = hand
    every = laid(from_hand(face.primitive, hand_key, WHOLE_DECK), wanted)
    try:
        for groups, _ in islice(every, limit):
            yield groups
    except ProblemTooLargeError:
        return


def hand_reach(counts: HandCounts) -> Reach:
    """``_solving.reach`` of the hand ``counts`` read, from its counts (no second pass)."""
    wilds = counts.wilds
    by_number = counts.most_number
    by_color = counts.most_color
    blue, yellow, red, green = counts.suits
    return (
        by_number + wilds if by_number else 0,
        longest_of(counts.ones, wilds),
        by_color + wilds if by_color else 0,
        max(max(longest_of(blue, wilds), longest_of(yellow, wilds)),
            max(longest_of(red, wilds), longest_of(green, wilds))),
    )


def claimable_sites(state: State, player: int, counts: HandCounts, most: Reach,
                    space: Layout) -> list[int]:
    """The campground campsites of which the listing holds a claim (UC-7): ``counts``
    read the player's whole hand, ``most`` is its :func:`hand_reach`, ``space`` the
    layout of the game's catalogue (its campsites' requirements as ints)."""
    config = state.config
    if config.backend != "native":
        catalogue = config.catalogue
        hand = playing(state.hands[player])
        return [c for c in state.campground
                if any(may_lay(state, player, catalogue[c], (), groups)
                       for groups in claims_of(hand, catalogue[c], config.backend,
                                               config.claim_limit))]
    held = len(state.hands[player])
    asked = space.asked
    out: list[int] = []
    for campsite in state.campground:
        if claimable(state, player, campsite, asked[campsite], most, held, counts):
            out.append(campsite)
    return out


def claimable(state: State, player: int, campsite: int, asked: Asked, most: Reach,
              held: int, counts: HandCounts) -> bool:
    """Whether the native listing holds a claim of this campground campsite (UC-7) for the
    player, who holds ``held`` cards, read by ``counts``; ``most`` is the hand's
    ``_solving.reach``; ``asked``, the campsite's requirement as tables of ints
    (``Requirement.asked``)."""
    wanted = asked.reachable(most)
    if not wanted:
        return False
    size = one_group(asked, wanted)
    if size is not None and held > size:
        return True  # the first claim is one group of that size, kept (UC-8)
    cards = asked.cards
    if all(held > cards[i] for i in wanted):
        # every claim is kept (UC-8): the listing holds one iff the solver finds one
        decided = counts.decides_pairs(asked.pairs_of(wanted), _BUDGET)
        if decided is not None:
            return decided
    face = state.config.catalogue[campsite]
    hand = playing(state.hands[player])
    return any(may_lay(state, player, face, (), groups)
               for groups in _native_claims(hand, face, wanted, state.config.claim_limit))


def has_new_group(state: State, player: int, most: Reach, index: int) -> bool:
    """Whether the listing holds a new group for the player's campsite at this table index
    (UC-7, UC-30), without listing them; ``most`` is the hand's ``_solving.reach``.

    A new group is one group of the smallest size of a kind the campsite may hold, and
    the bound of ``_solving.reach`` is exact for one group (see :func:`one_group`): when the
    hand holds more cards than the largest such group the bound admits, every new group
    is kept (UC-8), so one exists exactly when the bound admits a kind.
    """
    site = state.table[player][index]
    config = state.config
    face = config.catalogue[site.campsite]
    if len(site.groups) >= face.max_groups:
        return False
    if config.backend == "native":
        sizes = [size for m, size in zip(most, face.new_group_sizes, strict=True)
                 if size and m >= size]
        if not sizes:
            return False
        if len(state.hands[player]) > max(sizes):
            return True
    return bool(new_groups_for(state, player, playing(state.hands[player]), index))


def new_groups_for(state: State, player: int, hand: Hand, index: int) -> list[Group]:
    """The new groups the listing holds for the player's campsite at this table index
    (UC-7, UC-30)."""
    site = state.table[player][index]
    config = state.config
    face = config.catalogue[site.campsite]
    if len(site.groups) >= face.max_groups:
        return []
    return [group for group in new_groups_of(hand, face, config.backend, config.claim_limit)
            if may_lay(state, player, face, site.groups, (group,))]


def compound_options(state: State, first: int) -> list[tuple[int, ...]]:
    """The steps of the turn player's listed compound actions that start with ``first``
    (a start claim, start group or start rearrange id), in the listing's order: a claim's
    walked from the hand's counts or spelled by the solver (``_solving.claim_steps``), no
    action built."""
    player = state.turn
    config = state.config
    if first >= REARRANGE_ID:
        space = layout(config)
        return [steps(action, space) for action in rearrangements(state, player)]
    hand = playing(state.hands[player])
    if first >= NEW_GROUP_BASE:
        index = row_index(state.table[player], first - NEW_GROUP_BASE)
        if index < 0:
            return []
        return [compound_steps(first, (group_code(group),))
                for group in new_groups_for(state, player, hand, index)]
    campsite = first - CLAIM_BASE
    if campsite not in state.campground:
        return []
    face = config.catalogue[campsite]
    listed = claim_options(hand, face, first, config)
    held = len(state.hands[player])
    if held > len(hand[0]):  # a claim lays playing cards alone: a card stays in hand
        return listed
    return [option for option in listed
            if held > _laid_count(option) or may_lay(state, player, face, (), cast(
                "Claim", compound_of(player, option)).groups)]


def claim_options(hand: Hand, face: Campsite, first: int, config: Config
                  ) -> list[tuple[int, ...]]:
    """The steps of the listed claims of this campsite from the hand, each after the
    build's first step ``first``, before the UC-8 filter (UC-7): a question of single
    groups walked over the hand's counts (``_single_claims``), any other spelled by the
    solver (``_solving.claim_steps``); one with two-group alternatives the solver pairs,
    walked from their candidates too."""
    if config.backend == "native":
        walked = walked_options(face.primitive, hand[0], first, config.claim_limit)
        if walked is not None:
            return walked
    head = (first,)
    return [head + spelled
            for spelled in claim_steps(hand, face, config.backend, config.claim_limit)]


def _laid_count(option: tuple[int, ...]) -> int:
    """The cards a claim spelled in build steps lays (its lay steps past its first: every
    id below the group ends)."""
    count = 0
    for at in range(1, len(option)):
        if option[at] < END_BASE:
            count += 1
    return count
