"""Squats and wild swaps (UC-9, UC-10, UC-27, UC-29): a hand card laid onto another
player's group, which opens a Bear Spray window and, unless sprayed, lets the owner draw
a card; and a natural card taking a wild's place in any group. Their checks, effects,
resolution and listing."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from campers_rules import _cache
from campers_rules._action_cards import open_window
from campers_rules._actions import Squat, SwapWild, campsite_id
from campers_rules._board import Site
from campers_rules._cards import WILD
from campers_rules._catalogue import Campsite
from campers_rules._checks import (
    Problem,
    face_of,
    fit_problem,
    group_problem,
    keeps_a_card,
    no_card_left,
    site_index,
)
from campers_rules._errors import IllegalActionError
from campers_rules._frozen import new_action
from campers_rules._groups import Placed
from campers_rules._ids import PLACED, SWAPS, Layout, listed_placed, listed_swap, seat_block
from campers_rules._table import (
    Fitting,
    Swaps,
    fitting,
    group_ok,
    mark_ok,
    replace,
    swapped,
    wild_swaps,
)
from campers_rules._work import Work

if TYPE_CHECKING:
    from campers_rules._state import State

# ----------------------------------------------------------------------------- checks


def check_squat(state: State, action: Squat) -> Problem | None:
    """UC-9: a hand card onto another player's group where it fits."""
    if action.owner == action.player:
        where = campsite_id(action.campsite)
        return (IllegalActionError, f"campsite {where} is player {action.player}'s own: a card "
                "laid there is an add, not a squat", "UC-9")
    problem = fit_problem(state, action, action.owner)
    if problem is not None:
        return problem
    if not keeps_a_card(state, action.player, 1):
        return IllegalActionError, no_card_left(action.player), "UC-8"
    return None


def check_swap(state: State, action: SwapWild) -> Problem | None:
    """UC-10, UC-29: a natural hand card that fits a wild's place in its group replaces it."""
    problem = group_problem(state, action.owner, action.campsite, action.group, "UC-10")
    if problem is not None:
        return problem
    site = state.table[action.owner][site_index(state, action.owner, action.campsite)]
    if not action.card.is_natural or action.card not in state.hands[action.player]:
        reason = f"player {action.player} holds no numbered card {action.card}"
        return IllegalActionError, reason, "UC-10"
    group = site.groups[action.group]
    if action.wild not in group.cards:
        return IllegalActionError, f"that group holds no wild laid as {action.wild}", "UC-10"
    new = swapped(group, action.card, action.wild)
    if new is None or not group_ok(face_of(state, site), new):
        return (IllegalActionError, f"{action.card} does not fit the place of the wild laid as "
                f"{action.wild} in {group}", "UC-29")
    return None


# ----------------------------------------------------------------------------- effects


def apply_squat(work: Work, action: Squat) -> None:
    """The card goes onto the group; the play waits on its Bear Spray window (UC-14)."""
    work.take(action.player, action.card.face)
    work.place(action.owner, action.campsite, action.group, action.card)
    if not open_window(work, action):
        resolve_squat(work, action, denied=False)


def resolve_squat(work: Work, play: Squat, denied: bool) -> None:
    """Once the window closes: a denied squat returns to its player's hand (UC-14), a
    standing one lets the owner draw a card (UC-9)."""
    if not denied:
        work.draw(play.owner, 1)
        return
    sites = work.table[play.owner]
    index = work.site_index(play.owner, play.campsite)
    site = sites[index]
    back = site.groups[play.group].without(play.card)
    mark_ok(work.config.catalogue[site.campsite], back)
    work.set_site(play.owner, index, Site(site.campsite, replace(site.groups, play.group, back)))
    work.give(play.player, play.card.face)


def apply_swap(work: Work, action: SwapWild) -> None:
    """The natural card takes the wild's place (the group ``swapped`` gives, built
    straight: the check found it valid), the wild goes to hand."""
    sites = work.table[action.owner]
    index = work.site_index(action.owner, action.campsite)
    site = sites[index]
    new = site.groups[action.group].without(action.wild).with_card(Placed.natural(action.card))
    mark_ok(work.config.catalogue[site.campsite], new)
    work.take(action.player, action.card)
    work.give(action.player, WILD)
    work.set_site(action.owner, index, Site(site.campsite, replace(site.groups, action.group, new)))


# ----------------------------------------------------------------------------- listing


RowGroups = tuple[tuple[int, int, Fitting, Swaps], ...]
"""Per group of a table row, in row order: its campsite, its index there, the faces that
fit it and its wild swaps (``_table.fitting``, ``_table.wild_swaps``)."""


KnownRow = tuple[tuple[Site, ...], tuple[Campsite, ...], RowGroups]
"""An entry of ``_cache.ROW_GROUPS``: (an owner's table row, catalogue, the row's
:data:`RowGroups`)."""


def _row_groups(state: State, owner: int) -> RowGroups:
    """The groups of one owner's table row with what fits them, kept in
    ``_cache.ROW_GROUPS`` for the last row asked about per owner: a row is shared,
    unchanged, by the states in which its owner's table does not change, so a listing
    reads one entry per row rather than one per group."""
    row = state.table[owner]
    catalogue = state.config.catalogue
    hit = _cache.ROW_GROUPS.get(owner)
    if hit is not None:
        known_row, known_catalogue, found = hit
        if known_row is row and known_catalogue is catalogue:
            return found
    found = tuple(
        (site.campsite, gi, fitting(face, group), wild_swaps(face, group))
        for site in row
        for face in [catalogue[site.campsite]]
        for gi, group in enumerate(site.groups)
    )
    _cache.keep(_cache.ROW_GROUPS, owner, (row, catalogue, found))
    return found


def squat_moves(state: State, player: int) -> list[Squat | SwapWild]:
    """Per owner (seat order), campsite and group: its squats, then its wild swaps."""
    have = set(state.hands[player])
    squat_ok = keeps_a_card(state, player, 1)
    table = state.table
    kept = _cache.SQUATS
    out: list[Squat | SwapWild] = []
    append = out.append
    for owner in range(state.num_players):
        if not table[owner]:
            continue
        squats = owner != player and squat_ok
        for campsite, gi, fits, swaps in _row_groups(state, owner):
            if squats:
                for card, ways in fits:
                    if card in have:
                        for placed in ways:
                            key = (player, owner, campsite, gi, id(placed))
                            made = kept.get(key)
                            if made is None or made.card is not placed:
                                made = new_action(Squat, player, owner, campsite, gi, placed)
                                _cache.keep(kept, key, made)
                            append(made)
            for card, wild in swaps:
                if card in have:
                    append(new_action(SwapWild, player, owner, campsite, gi, card, wild))
    return out


def squat_ids(state: State, player: int, space: Layout, have: int) -> list[int]:
    """The ids of :func:`squat_moves`, in its order, read off the same row tables without
    building the actions (the id path; a differential test holds the two equal); ``have``
    holds the player's hand faces as bits (``_counted.HandCounts.faces``)."""
    squat_ok = keeps_a_card(state, player, 1)
    table = state.table
    offsets = space.offsets
    out: list[int] = []
    for owner in range(state.num_players):
        if not table[owner]:
            continue
        squats = owner != player and squat_ok
        block = seat_block(owner, space)
        for campsite, gi, fits, swaps in _row_groups(state, owner):
            slot = offsets[campsite] + gi
            if squats:
                base = block + PLACED * slot
                for card, ways in fits:
                    if have >> cast(int, card) & 1:
                        for placed in ways:
                            out.append(base + listed_placed(placed))
            if swaps:
                base = block + space.swap_at + SWAPS * slot
                for card, wild in swaps:
                    if have >> cast(int, card) & 1:
                        out.append(base + listed_swap(card, wild))
    return out
