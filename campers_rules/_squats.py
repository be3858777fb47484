"""Squats and wild swaps (UC-9, UC-10, UC-27, UC-29): a hand card laid onto another
player's group, which opens a Bear Spray window and, unless sprayed, lets the owner draw
a card; and a natural card taking a wild's place in any group. Their checks, effects,
resolution and listing."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast, final

from campers_rules import _cache
from campers_rules._action_cards import open_window
from campers_rules._actions import AddCard, Squat, SwapWild, campsite_id
from campers_rules._board import MAX_PLAYERS, Site
from campers_rules._cards import FACES, WILD
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
from campers_rules._hands import face_mask
from campers_rules._ids import PLACED, SWAPS, Layout, listed_placed, listed_swap, seat_block
from campers_rules._table import (
    Fitting,
    Swaps,
    fits_of,
    group_ok,
    mark_ok,
    replace,
    swapped,
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


@final
class RowTable:
    """One owner's table row as the listings read it: its groups with what fits them
    (:data:`RowGroups`) and the faces of those, as masks (``_table.fits_of``), per group
    and for the whole row, so that a hand (its ``_hands.face_mask``) skips at once a group
    or a row where none of its faces fits; and the actions listed on the row so far, made
    once (the row's groups are immutable): per seat, each fitting face's squats (its
    adds, for the owner) and each wild swap.

    The fitting faces and the wild swaps of the row's groups are numbered group after
    group (in each, in the order of ``_table.fitting`` and ``_table.wild_swaps``): the
    lists ``fit_*`` and ``swap_*`` hold each one's face, placements or wild, and group."""

    def __init__(self, owner: int, groups: RowGroups, fit_masks: list[int],
                 swap_masks: list[int]) -> None:
        self.owner = owner
        self.groups = groups
        self.fit_masks = fit_masks
        """Per group, the faces that fit it."""
        self.swap_masks = swap_masks
        """Per group, the faces that may take a wild's place in it."""
        fit_mask = 0
        swap_mask = 0
        fit_starts: list[int] = []
        swap_starts: list[int] = []
        fit_faces: list[int] = []
        fit_ways: list[tuple[Placed, ...]] = []
        fit_group: list[int] = []
        swap_faces: list[int] = []
        swap_wilds: list[Placed] = []
        swap_group: list[int] = []
        for at in range(len(groups)):
            fit_mask |= fit_masks[at]
            swap_mask |= swap_masks[at]
            _, _, fits, swaps = groups[at]
            fit_starts.append(len(fit_faces))
            swap_starts.append(len(swap_faces))
            for card, ways in fits:
                fit_faces.append(card)
                fit_ways.append(ways)
                fit_group.append(at)
            for card, wild in swaps:
                swap_faces.append(card)
                swap_wilds.append(wild)
                swap_group.append(at)
        fit_starts.append(len(fit_faces))
        swap_starts.append(len(swap_faces))
        self.fit_mask = fit_mask
        """The faces that fit some group of the row."""
        self.swap_mask = swap_mask
        """The faces that may take a wild's place in some group of the row."""
        self.fit_starts = fit_starts
        """Per group, where its fitting faces start; then their count."""
        self.swap_starts = swap_starts
        """Per group, where its wild swaps start; then their count."""
        self.fit_faces = fit_faces
        self.fit_ways = fit_ways
        self.fit_group = fit_group
        self.swap_faces = swap_faces
        self.swap_wilds = swap_wilds
        self.swap_group = swap_group
        self.squats: list[list[tuple[Squat, ...] | None]] = [[] for _ in range(MAX_PLAYERS)]
        """Per seat, per fitting face, its squats once made (empty: none made yet)."""
        self.swaps: list[list[SwapWild | None]] = [[] for _ in range(MAX_PLAYERS)]
        """Per seat, per wild swap, the action once made (empty: none made yet)."""
        self.adds: list[tuple[AddCard, ...] | None] = []
        """Per fitting face, the owner's adds once made (empty: none made yet)."""

    def squats_at(self, player: int, fit: int) -> tuple[Squat, ...]:
        """The seat's squats of fitting face ``fit``, one per placement."""
        made = self.squats[player]
        if not made:
            made = [None] * len(self.fit_faces)
            self.squats[player] = made
        listed = made[fit]
        if listed is None:
            campsite, gi, _, _ = self.groups[self.fit_group[fit]]
            owner = self.owner
            listed = tuple([new_action(Squat, player, owner, campsite, gi, placed)
                            for placed in self.fit_ways[fit]])
            made[fit] = listed
        return listed

    def adds_at(self, fit: int) -> tuple[AddCard, ...]:
        """The owner's adds of fitting face ``fit``, one per placement."""
        if not self.adds:
            self.adds = [None] * len(self.fit_faces)
        listed = self.adds[fit]
        if listed is None:
            campsite, gi, _, _ = self.groups[self.fit_group[fit]]
            owner = self.owner
            listed = tuple([new_action(AddCard, owner, campsite, gi, placed)
                            for placed in self.fit_ways[fit]])
            self.adds[fit] = listed
        return listed

    def swap_at(self, player: int, swap: int) -> SwapWild:
        """The seat's wild swap ``swap``."""
        made = self.swaps[player]
        if not made:
            made = [None] * len(self.swap_faces)
            self.swaps[player] = made
        listed = made[swap]
        if listed is None:
            campsite, gi, _, _ = self.groups[self.swap_group[swap]]
            listed = new_action(SwapWild, player, self.owner, campsite, gi,
                                FACES[self.swap_faces[swap]], self.swap_wilds[swap])
            made[swap] = listed
        return listed



KnownRow = tuple[tuple[Site, ...], tuple[Campsite, ...], RowTable]
"""An entry of ``_cache.ROW_GROUPS``: (an owner's table row, catalogue, its
:class:`RowTable`)."""


def row_table(state: State, owner: int) -> RowTable:
    """The :class:`RowTable` of one owner's table row, kept in ``_cache.ROW_GROUPS`` for
    the last row asked about per owner: a row is shared, unchanged, by the states in which
    its owner's table does not change, so a listing reads one entry per row rather than
    one per group; a new row makes its actions anew."""
    row = state.table[owner]
    catalogue = state.config.catalogue
    hit = _cache.ROW_GROUPS.get(owner)
    if hit is not None:
        known_row, known_catalogue, found = hit
        if known_row is row and known_catalogue is catalogue:
            return found
    groups: list[tuple[int, int, Fitting, Swaps]] = []
    fit_masks: list[int] = []
    swap_masks: list[int] = []
    for site in row:
        face = catalogue[site.campsite]
        for gi, group in enumerate(site.groups):
            fits, swaps, fit_mask, swap_mask = fits_of(face, group)
            groups.append((site.campsite, gi, fits, swaps))
            fit_masks.append(fit_mask)
            swap_masks.append(swap_mask)
    found = RowTable(owner, tuple(groups), fit_masks, swap_masks)
    _cache.keep(_cache.ROW_GROUPS, owner, (row, catalogue, found))
    return found


def _row_groups(state: State, owner: int) -> RowGroups:
    """The groups of one owner's table row with what fits them (:func:`row_table`)."""
    return row_table(state, owner).groups


def squat_moves(state: State, player: int) -> list[Squat | SwapWild]:
    """Per owner (seat order), campsite and group: its squats, then its wild swaps."""
    hand = face_mask(state.hands[player])
    squat_ok = keeps_a_card(state, player, 1)
    table = state.table
    out: list[Squat | SwapWild] = []
    for owner in range(state.num_players):
        if not table[owner]:
            continue
        row = row_table(state, owner)
        squats = owner != player and squat_ok
        if not ((row.fit_mask if squats else 0) | row.swap_mask) & hand:
            continue
        fit_faces = row.fit_faces
        swap_faces = row.swap_faces
        for at in range(len(row.groups)):
            if squats and row.fit_masks[at] & hand:
                for i in range(row.fit_starts[at], row.fit_starts[at + 1]):
                    if hand >> fit_faces[i] & 1:
                        out.extend(row.squats_at(player, i))
            if row.swap_masks[at] & hand:
                for i in range(row.swap_starts[at], row.swap_starts[at + 1]):
                    if hand >> swap_faces[i] & 1:
                        out.append(row.swap_at(player, i))
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
