"""Squats and wild swaps (UC-9, UC-10, UC-27, UC-29): a hand card laid onto another
player's group, which opens a Bear Spray window and, unless sprayed, lets the owner draw
a card; and a natural card taking a wild's place in any group. Their checks, effects,
resolution and listing."""

from __future__ import annotations

from typing import TYPE_CHECKING, final

from campers_rules import _cache
from campers_rules._action_cards import open_window
from campers_rules._actions import AddCard, Squat, SwapWild, campsite_id
from campers_rules._board import MAX_PLAYERS, Site
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
from campers_rules._groups import Group, Placed
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
    adds, for the owner) and each wild swap."""

    def __init__(self, groups: RowGroups, kept: list[Group], fit_masks: list[int],
                 swap_masks: list[int]) -> None:
        self.groups = groups
        self.kept = kept
        """The groups themselves, in row order."""
        self.fit_masks = fit_masks
        """Per group, the faces that fit it."""
        self.swap_masks = swap_masks
        """Per group, the faces that may take a wild's place in it."""
        fit_mask = 0
        swap_mask = 0
        fit_starts: list[int] = []
        swap_starts: list[int] = []
        fit_faces: list[int] = []
        swap_faces: list[int] = []
        for at in range(len(groups)):
            fit_mask |= fit_masks[at]
            swap_mask |= swap_masks[at]
            _, _, fits, swaps = groups[at]
            fit_starts.append(len(fit_faces))
            swap_starts.append(len(swap_faces))
            for card, _ in fits:
                fit_faces.append(card)
            for card, _ in swaps:
                swap_faces.append(card)
        fit_starts.append(len(fit_faces))
        swap_starts.append(len(swap_faces))
        self.fit_mask = fit_mask
        """The faces that fit some group of the row."""
        self.swap_mask = swap_mask
        """The faces that may take a wild's place in some group of the row."""
        self.fit_faces = fit_faces
        """The fitting faces of the row's groups, group after group (in each, in the
        order of its :func:`~campers_rules._table.fitting`)."""
        self.swap_faces = swap_faces
        """The naturals of the row's groups' wild swaps, group after group."""
        self.fit_starts = fit_starts
        """Per group, where its fitting faces start in :attr:`fit_faces`; then their
        count."""
        self.swap_starts = swap_starts
        """Per group, where its wild swaps start in :attr:`swap_faces`; then their count."""
        self.squats: list[list[tuple[Squat, ...] | None]] = [[] for _ in range(MAX_PLAYERS)]
        """Per seat, per fitting face of the row, its squats once made (empty: none yet)."""
        self.swaps: list[list[SwapWild | None]] = [[] for _ in range(MAX_PLAYERS)]
        """Per seat, per wild swap of the row, the action once made (empty: none yet)."""
        self.adds: list[tuple[AddCard, ...] | None] = []
        """Per fitting face of the row, the owner's adds once made (empty: none yet)."""

    def squats_of(self, player: int) -> list[tuple[Squat, ...] | None]:
        """The seat's squats made so far, per fitting face."""
        made = self.squats[player]
        if not made:
            made = [None] * len(self.fit_faces)
            self.squats[player] = made
        return made

    def swaps_of(self, player: int) -> list[SwapWild | None]:
        """The seat's wild swaps made so far, per wild swap."""
        made = self.swaps[player]
        if not made:
            made = [None] * len(self.swap_faces)
            self.swaps[player] = made
        return made

    def adds_made(self) -> list[tuple[AddCard, ...] | None]:
        """The owner's adds made so far, per fitting face."""
        if not self.adds:
            self.adds = [None] * len(self.fit_faces)
        return self.adds

    def fits_held(self, at: int, hand: int) -> list[int]:
        """Where the faces that fit group ``at`` and that the hand holds (its faces
        ``hand``, as a mask) lie in :attr:`fit_faces`, in order."""
        return _held(self.fit_faces, self.fit_starts[at], self.fit_starts[at + 1], hand)

    def swaps_held(self, at: int, hand: int) -> list[int]:
        """Where the wild swaps of group ``at`` whose natural the hand holds lie in
        :attr:`swap_faces`, in order."""
        return _held(self.swap_faces, self.swap_starts[at], self.swap_starts[at + 1], hand)

    def carry(self, last: RowTable) -> None:
        """Take over the actions made on the last table of this row (on the same catalogue)
        for each group that is still the very group at the same place of the same
        campsite: what fits it, so what is listed on it, is unchanged."""
        for at in range(len(self.groups)):
            campsite, gi, fits, swaps = self.groups[at]
            for before in range(len(last.groups)):
                known_campsite, known_gi, _, _ = last.groups[before]
                if (last.kept[before] is self.kept[at] and known_campsite == campsite
                        and known_gi == gi):
                    self._carry_group(last, before, self.fit_starts[at], len(fits),
                                      self.swap_starts[at], len(swaps))
                    break

    def _carry_group(self, last: RowTable, before: int, fit_start: int, fit_count: int,
                     swap_start: int, swap_count: int) -> None:
        """Take over the actions made on group ``before`` of the last table, whose
        fitting faces and wild swaps lie here from ``fit_start`` and ``swap_start``."""
        fits = slice(last.fit_starts[before], last.fit_starts[before] + fit_count)
        swaps = slice(last.swap_starts[before], last.swap_starts[before] + swap_count)
        for seat in range(MAX_PLAYERS):
            if last.squats[seat]:
                self.squats_of(seat)[fit_start:fit_start + fit_count] = last.squats[seat][fits]
            if last.swaps[seat]:
                self.swaps_of(seat)[swap_start:swap_start + swap_count] = last.swaps[seat][swaps]
        if last.adds:
            self.adds_made()[fit_start:fit_start + fit_count] = last.adds[fits]


def _held(faces: list[int], start: int, end: int, hand: int) -> list[int]:
    """Where, from ``start`` to ``end``, lie the faces that the hand holds (its faces
    ``hand``, as a mask)."""
    out: list[int] = []
    for i in range(start, end):
        if hand >> faces[i] & 1:
            out.append(i)
    return out


KnownRow = tuple[tuple[Site, ...], tuple[Campsite, ...], RowTable]
"""An entry of ``_cache.ROW_GROUPS``: (an owner's table row, catalogue, its
:class:`RowTable`)."""


def row_table(state: State, owner: int) -> RowTable:
    """The :class:`RowTable` of one owner's table row, kept in ``_cache.ROW_GROUPS`` for
    the last row asked about per owner: a row is shared, unchanged, by the states in which
    its owner's table does not change, so a listing reads one entry per row rather than
    one per group. A new row takes over the actions made on the groups it keeps."""
    row = state.table[owner]
    catalogue = state.config.catalogue
    hit = _cache.ROW_GROUPS.get(owner)
    if hit is not None:
        known_row, known_catalogue, found = hit
        if known_row is row and known_catalogue is catalogue:
            return found
    groups: list[tuple[int, int, Fitting, Swaps]] = []
    kept: list[Group] = []
    fit_masks: list[int] = []
    swap_masks: list[int] = []
    for site in row:
        face = catalogue[site.campsite]
        for gi, group in enumerate(site.groups):
            fits, swaps, fit_mask, swap_mask = fits_of(face, group)
            groups.append((site.campsite, gi, fits, swaps))
            kept.append(group)
            fit_masks.append(fit_mask)
            swap_masks.append(swap_mask)
    found = RowTable(tuple(groups), kept, fit_masks, swap_masks)
    if hit is not None and hit[1] is catalogue:
        found.carry(hit[2])
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
        groups = row.groups
        fit_masks = row.fit_masks
        swap_masks = row.swap_masks
        for at in range(len(groups)):
            campsite, gi, fits, swaps = groups[at]
            if squats and fit_masks[at] & hand:
                made = row.squats_of(player)
                start = row.fit_starts[at]
                for i in row.fits_held(at, hand):
                    listed = made[i]
                    if listed is None:
                        listed = tuple([new_action(Squat, player, owner, campsite, gi, placed)
                                        for placed in fits[i - start][1]])
                        made[i] = listed
                    out.extend(listed)
            if swap_masks[at] & hand:
                swapped = row.swaps_of(player)
                start = row.swap_starts[at]
                for i in row.swaps_held(at, hand):
                    swap = swapped[i]
                    if swap is None:
                        card, wild = swaps[i - start]
                        swap = new_action(SwapWild, player, owner, campsite, gi, card, wild)
                        swapped[i] = swap
                    out.append(swap)
    return out


def squat_ids(state: State, player: int, space: Layout) -> list[int]:
    """The ids of :func:`squat_moves`, in its order, read off the same row tables without
    building the actions (the id path; a differential test holds the two equal)."""
    have = set(state.hands[player])
    squat_ok = keeps_a_card(state, player, 1)
    table = state.table
    offsets = space.offsets
    out: list[int] = []
    append = out.append
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
                    if card in have:
                        for placed in ways:
                            append(base + listed_placed(placed))
            if swaps:
                base = block + space.swap_at + SWAPS * slot
                for card, wild in swaps:
                    if card in have:
                        append(base + listed_swap(card, wild))
    return out
