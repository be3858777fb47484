"""Squats and wild swaps (UC-9, UC-10, UC-27, UC-29): a hand card laid onto another
player's group, which opens a Bear Spray window and, unless sprayed, lets the owner draw
a card; and a natural card taking a wild's place in any group. Their checks, effects,
resolution and listing."""

from __future__ import annotations

from typing import TYPE_CHECKING, final

from campers_rules import _cache
from campers_rules._action_cards import open_window
from campers_rules._actions import (
    AddCard,
    AddGroup,
    Claim,
    Rearrange,
    Squat,
    SwapWild,
    campsite_id,
)
from campers_rules._board import MAX_PLAYERS, Site
from campers_rules._cards import FACES, WILD, Card
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
from campers_rules._frozen import add_card, squat, swap_wild
from campers_rules._groups import Group, Placed
from campers_rules._ids import PLACED, SWAPS, Layout, listed_placed, listed_swap, seat_block
from campers_rules._table import (
    fits_of,
    group_ok,
    mark_ok,
    replace,
    swapped,
    valid_fits,
)
from campers_rules._work import Work

if TYPE_CHECKING:
    from campers_rules._claims import SiteSplits
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
    if not _swaps(face_of(state, site), group, action.card, action.wild):
        return (IllegalActionError, f"{action.card} does not fit the place of the wild laid as "
                f"{action.wild} in {group}", "UC-29")
    return None


def _swaps(face: Campsite, group: Group, card: Card, wild: Placed) -> bool:
    """Whether natural ``card`` may take the place of ``wild`` in this group on that
    campsite (UC-10, UC-29): the group it makes is valid there. For a group valid there,
    the pair is one of its wild swaps (``_table.valid_fits``, validity asked once);
    for another group (a swap may make it valid), the group the swap makes is checked."""
    if group_ok(face, group):
        _, _, naturals, wilds, _, _ = valid_fits(group)
        at = 0  # a native loop (a generator in ``any`` is an object per call, compiled)
        while at < len(naturals) and not (naturals[at] is card and wilds[at] is wild):
            at += 1
        return at < len(naturals)
    new = swapped(group, card, wild)
    return new is not None and group_ok(face, new)


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


@final
class SiteTable:
    """One campsite of an owner's table row as the listings read it: what fits each of
    its groups (``_table.fits_of``: the fitting faces, their placements, the wild swaps,
    and the faces of each as masks), the masks of the whole campsite, so that a hand (its
    ``_hands.face_mask``) skips at once a group or a campsite where none of its faces
    fits; and the actions listed on it so far, made once (the campsite's groups are
    immutable): per seat, each fitting face's squats (its adds, for the owner) and each
    wild swap.

    A fitting face or a wild swap is named by its group and its place there, as one int,
    ``group << 8 | place`` (a group has fewer than 256 of either: at most 56 faces fit
    it, and its at most 12 wild values have at most 12 naturals each); the actions
    made are kept at ``seat * count + start + place``, where ``start`` is where the
    group's ones start when the campsite's are numbered group after group."""

    def __init__(self, owner: int, site: Site, face: Campsite) -> None:
        self.owner = owner
        self.site = site
        """The table's campsite this is made of (a row that keeps it keeps this table)."""
        # the faces as ints: compiled, a Card read out of a tuple has its class checked
        fit_faces: list[tuple[int, ...]] = []
        fit_ways: list[tuple[tuple[Placed, ...], ...]] = []
        swap_faces: list[tuple[int, ...]] = []
        swap_wilds: list[tuple[Placed, ...]] = []
        fit_masks: list[int] = []
        swap_masks: list[int] = []
        fit_starts: list[int] = []
        swap_starts: list[int] = []
        fit_mask = 0
        swap_mask = 0
        fit_count = 0
        swap_count = 0
        for group in site.groups:
            faces, ways, naturals, wilds, group_fits, group_swaps = fits_of(face, group)
            fit_faces.append(faces)
            fit_ways.append(ways)
            swap_faces.append(naturals)
            swap_wilds.append(wilds)
            fit_masks.append(group_fits)
            swap_masks.append(group_swaps)
            fit_mask |= group_fits
            swap_mask |= group_swaps
            fit_starts.append(fit_count)
            swap_starts.append(swap_count)
            fit_count += len(faces)
            swap_count += len(naturals)
        self.fit_faces = fit_faces
        """Per group, the faces that fit it (``_table.fits_of``)."""
        self.fit_ways = fit_ways
        """Per group, the placements of each face that fits it."""
        self.swap_faces = swap_faces
        """Per group, the naturals of its wild swaps."""
        self.swap_wilds = swap_wilds
        """Per group, the wild each of its wild swaps takes the place of."""
        self.fit_masks = fit_masks
        """Per group, the faces that fit it, as a mask."""
        self.swap_masks = swap_masks
        """Per group, the faces that may take a wild's place in it, as a mask."""
        self.fit_mask = fit_mask
        """The faces that fit some group of the campsite."""
        self.swap_mask = swap_mask
        """The faces that may take a wild's place in some group of the campsite."""
        self.fit_starts = fit_starts
        """Per group, where its fitting faces start, numbered group after group."""
        self.swap_starts = swap_starts
        """Per group, where its wild swaps start, numbered group after group."""
        self.fit_count = fit_count
        """How many fitting faces the groups have in all."""
        self.swap_count = swap_count
        """How many wild swaps the groups have in all."""
        self.squats: list[tuple[Squat, ...] | None] = []
        """At ``seat * fit_count + fit``, the seat's squats of that fitting face once
        made (empty: none made yet on this campsite)."""
        self.swaps: list[SwapWild | None] = []
        """At ``seat * swap_count + swap``, the seat's wild swap once made (empty: none
        made yet)."""
        self.adds: list[tuple[AddCard, ...] | None] = []
        """Per fitting face, the owner's adds once made (empty: none made yet)."""
        self.cuts: SiteSplits | None = None
        """The cuts of the campsite's runs that a rearrangement by its owner may make
        (``_claims._site_splits``), once asked."""

    def ways(self, fit: int) -> tuple[Placed, ...]:
        """The placements of fitting face ``fit`` (``group << 8 | place``)."""
        return self.fit_ways[fit >> 8][fit & 255]

    def squats_at(self, player: int, fit: int) -> tuple[Squat, ...]:
        """The seat's squats of fitting face ``fit`` (``group << 8 | place``), one per
        placement."""
        gi = fit >> 8
        if not self.squats:
            self.squats = [None] * (MAX_PLAYERS * self.fit_count)
        at = player * self.fit_count + self.fit_starts[gi] + (fit & 255)
        listed = self.squats[at]
        if listed is None:
            campsite = self.site.campsite
            owner = self.owner
            listed = tuple([squat(player, owner, campsite, gi, placed)
                            for placed in self.ways(fit)])
            self.squats[at] = listed
        return listed

    def adds_at(self, fit: int) -> tuple[AddCard, ...]:
        """The owner's adds of fitting face ``fit`` (``group << 8 | place``), one per
        placement."""
        gi = fit >> 8
        if not self.adds:
            self.adds = [None] * self.fit_count
        at = self.fit_starts[gi] + (fit & 255)
        listed = self.adds[at]
        if listed is None:
            campsite = self.site.campsite
            owner = self.owner
            listed = tuple([add_card(owner, campsite, gi, placed) for placed in self.ways(fit)])
            self.adds[at] = listed
        return listed

    def swap_at(self, player: int, swap: int) -> SwapWild:
        """The seat's wild swap ``swap`` (``group << 8 | place``)."""
        gi = swap >> 8
        place = swap & 255
        if not self.swaps:
            self.swaps = [None] * (MAX_PLAYERS * self.swap_count)
        at = player * self.swap_count + self.swap_starts[gi] + place
        listed = self.swaps[at]
        if listed is None:
            listed = swap_wild(player, self.owner, self.site.campsite, gi,
                               FACES[self.swap_faces[gi][place]], self.swap_wilds[gi][place])
            self.swaps[at] = listed
        return listed

    def moves_in(self, hand: int, squats: bool) -> list[int]:
        """The seat's moves here of a hand (its faces ``hand``, as a mask), per group: its
        squats (if ``squats``) as the fitting faces ``fit`` it holds, then its wild swaps
        as ``-1 - swap`` (each ``group << 8 | place``)."""
        out: list[int] = []
        for gi in range(len(self.fit_masks)):
            if squats and self.fit_masks[gi] & hand:
                faces = self.fit_faces[gi]
                for k in range(len(faces)):
                    card: int = faces[k]
                    if hand >> card & 1:
                        out.append(gi << 8 | k)
            if self.swap_masks[gi] & hand:
                naturals = self.swap_faces[gi]
                for k in range(len(naturals)):
                    card = naturals[k]
                    if hand >> card & 1:
                        out.append(-1 - (gi << 8 | k))
        return out

    def list_moves(self, player: int, hand: int, squats: bool,
                   out: list[Squat | SwapWild]) -> None:
        """Append the seat's squats (if ``squats``) and wild swaps here of a hand (its
        faces ``hand``, as a mask), in the order of :meth:`moves_in`: none, at once, when
        no face of the hand fits here."""
        if not hand & ((self.fit_mask if squats else 0) | self.swap_mask):
            return
        for i in self.moves_in(hand, squats):
            if i >= 0:
                out.extend(self.squats_at(player, i))
            else:
                out.append(self.swap_at(player, -1 - i))

    def fits_in(self, hand: int) -> list[int]:
        """The fitting faces (``group << 8 | place``) that a hand holds (its faces
        ``hand``, as a mask), group after group."""
        out: list[int] = []
        if not self.fit_mask & hand:
            return out
        for gi in range(len(self.fit_masks)):
            if self.fit_masks[gi] & hand:
                faces = self.fit_faces[gi]
                for k in range(len(faces)):
                    card: int = faces[k]
                    if hand >> card & 1:
                        out.append(gi << 8 | k)
        return out

    def list_adds(self, hand: int, out: list[Claim | AddCard | AddGroup]) -> None:
        """Append the owner's adds here of a hand (its faces ``hand``, as a mask): each
        way a card of it joins a group (UC-7)."""
        for i in self.fits_in(hand):
            out.extend(self.adds_at(i))


@final
class RowTable:
    """One owner's table row as the listings read it: a :class:`SiteTable` per campsite,
    in row order, and the faces that fit some group of the row or may take a wild's place
    in one, as masks."""

    def __init__(self, sites: list[SiteTable]) -> None:
        self.sites = sites
        fit_mask = 0
        swap_mask = 0
        for site in sites:
            fit_mask |= site.fit_mask
            swap_mask |= site.swap_mask
        self.fit_mask = fit_mask
        """The faces that fit some group of the row."""
        self.swap_mask = swap_mask
        """The faces that may take a wild's place in some group of the row."""
        self.rearranged_for: tuple[int, ...] | None = None
        """The campground the owner's rearrangement subset was last listed for (none
        yet: ``None``)."""
        self.rearranged: tuple[Rearrange, ...] = ()
        """The owner's rearrangement subset of that campground (``_claims.rearrangements``)."""


KnownRow = tuple[tuple[Site, ...], tuple[Campsite, ...], RowTable]
"""An entry of ``_cache.ROW_GROUPS``: (an owner's table row, catalogue, its
:class:`RowTable`)."""


def table_of(owner: int, row: tuple[Site, ...], catalogue: tuple[Campsite, ...]) -> RowTable:
    """The :class:`RowTable` of an owner's table row ``row``, kept in ``_cache.ROW_GROUPS``
    for the last row asked about per owner: a row is shared, unchanged, by the states in
    which its owner's table does not change, so a listing reads one entry per row rather
    than one per group. A new row keeps the :class:`SiteTable` of each campsite that is
    still the very one of the last row (an action changes one campsite, and makes a new
    ``Site`` of it), with the actions made on it: only a changed campsite's are asked
    for anew (``_frozen`` gives back the record of each equal action made before)."""
    memo = _cache.ROW_GROUPS
    hit = memo.get(owner)
    before: list[SiteTable] | None = None
    if hit is not None:
        known_row, known_catalogue, found = hit
        if known_catalogue is catalogue:
            if known_row is row:
                return found
            before = found.sites
    sites: list[SiteTable] = []
    for site in row:
        table: SiteTable | None = None
        if before is not None:
            for known in before:
                if known.site is site:
                    table = known
                    break
        if table is None:
            table = SiteTable(owner, site, catalogue[site.campsite])
        sites.append(table)
    found = RowTable(sites)
    _cache.keep(memo, owner, (row, catalogue, found))
    return found


def _open_rows(state: State, player: int, hand: int) -> list[tuple[int, RowTable, bool]]:
    """Per owner (seat order) whose row a card of the hand (its faces ``hand``, as a
    mask) may squat on or take a wild's place in: the owner, the row's table and whether
    the seat may squat there (not on its own row, and only keeping a card, UC-8)."""
    squat_ok = keeps_a_card(state, player, 1)
    table = state.table
    catalogue = state.config.catalogue
    out: list[tuple[int, RowTable, bool]] = []
    for owner in range(state.num_players):
        row = table[owner]
        if not row:
            continue
        found = table_of(owner, row, catalogue)
        squats = owner != player and squat_ok
        if ((found.fit_mask if squats else 0) | found.swap_mask) & hand:
            out.append((owner, found, squats))
    return out


def squat_moves(state: State, player: int, hand: int) -> list[Squat | SwapWild]:
    """Per owner (seat order), campsite and group: its squats, then its wild swaps, of a
    hand whose faces are ``hand``, as a mask (``_hands.face_mask``)."""
    out: list[Squat | SwapWild] = []
    for _, found, squats in _open_rows(state, player, hand):
        for site in found.sites:
            site.list_moves(player, hand, squats, out)
    return out


def squat_ids(state: State, player: int, space: Layout, have: int) -> list[int]:
    """The ids of :func:`squat_moves`, in its order, read off the same row tables without
    building the actions (the id path; a differential test holds the two equal); ``have``
    holds the player's hand faces as bits (``_counted.HandCounts.faces``)."""
    offsets = space.offsets
    out: list[int] = []
    for owner, found, squats in _open_rows(state, player, have):
        block = seat_block(owner, space)
        for site in found.sites:
            first = offsets[site.site.campsite]
            for i in site.moves_in(have, squats):
                if i >= 0:
                    base = block + PLACED * (first + (i >> 8))
                    for placed in site.ways(i):
                        out.append(base + listed_placed(placed))
                else:
                    j = -1 - i
                    gi = j >> 8
                    out.append(block + space.swap_at + SWAPS * (first + gi)
                               + listed_swap(FACES[site.swap_faces[gi][j & 255]],
                                             site.swap_wilds[gi][j & 255]))
    return out
