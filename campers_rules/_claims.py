"""Claims and table moves on one's own campsites: claiming a campground campsite (UC-7),
adding a card or a new group (UC-7, UC-30) and rearranging one's table cards (UC-11,
UC-28); their checks, effects and listing. The claims and new groups a hand can make come
from ``_solving`` and the meld solver (``solver/``)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

from campers_rules._actions import AddCard, AddGroup, Claim, Rearrange, campsite_id
from campers_rules._board import Site
from campers_rules._catalogue import Campsite
from campers_rules._checks import (
    Problem,
    face_of,
    fit_problem,
    keeps_a_card,
    no_site,
    site_index,
)
from campers_rules._counted import group_classes
from campers_rules._errors import IllegalActionError
from campers_rules._frozen import new_action
from campers_rules._groups import KIND_INDEX, Group, GroupKind, Placed
from campers_rules._hands import holds
from campers_rules._ids import PLACED, Layout, listed_placed, seat_block
from campers_rules._solving import claims_within, new_groups_of, playing, reach
from campers_rules._squats import RowTable, table_of
from campers_rules._table import (
    brought_meets,
    classes_meet,
    group_ok,
    replace,
    site_meets,
    split_runs,
    valid_on,
)
from campers_rules._work import Work

if TYPE_CHECKING:
    from campers_rules._state import State

# ----------------------------------------------------------------------------- checks


def check_claim(state: State, action: Claim) -> Problem | None:
    """UC-7: the groups come from hand and meet a campground campsite's primitive side;
    UC-30: they are groups its faces name."""
    if action.campsite not in state.campground:
        where = campsite_id(action.campsite)
        return IllegalActionError, f"campsite {where} is not in the campground", "UC-7"
    if not action.groups:
        return IllegalActionError, "a claim lays at least one group", "UC-7"
    cards = [card for group in action.groups for card in group.faces]
    hand = state.hands[action.player]
    if not holds(hand, cards):
        return IllegalActionError, "the claim uses cards that are not in hand", "UC-7"
    face = state.config.catalogue[action.campsite]
    if not all(valid_on(face, group) for group in action.groups):
        return IllegalActionError, "a group is not valid on this campsite", "UC-4"
    if not face.primitive.asked.met_by(group_classes(action.groups)):
        return IllegalActionError, "the groups do not meet the primitive requirement", "UC-7"
    why = face.layout_problem(action.groups)
    if why is not None:
        return IllegalActionError, why, "UC-30"
    if len(hand) <= len(cards) and not keeps_a_card(
        state, action.player, len(cards), brought_meets(face, action.groups, complete=True)
    ):
        return IllegalActionError, "it would empty the hand without a complete campsite", "UC-8"
    return None


def check_add(state: State, action: AddCard) -> Problem | None:
    """UC-7: a hand card extends a group of one's own campsite."""
    problem = fit_problem(state, action, action.player)
    if problem is not None:
        return problem
    if len(state.hands[action.player]) <= 1:
        site = state.table[action.player][site_index(state, action.player, action.campsite)]
        if not _keeps_after_add(state, action.player, site, action.group, action.card):
            return (IllegalActionError, "it would empty the hand without a complete campsite",
                    "UC-8")
    return None


def check_add_group(state: State, action: AddGroup) -> Problem | None:
    """UC-7: a new valid group from hand on one's own campsite, of a kind its faces name
    and within the number of groups they name (UC-30)."""
    index = site_index(state, action.player, action.campsite)
    if index < 0:
        return no_site(state, action.player, action.campsite)
    site = state.table[action.player][index]
    cards = action.cards.faces
    if not holds(state.hands[action.player], cards):
        return IllegalActionError, "the group uses cards that are not in hand", "UC-7"
    face = face_of(state, site)
    if not valid_on(face, action.cards):
        return IllegalActionError, "the group is not valid on this campsite", "UC-4"
    why = face.layout_problem((*site.groups, action.cards))
    if why is not None:
        return IllegalActionError, why, "UC-30"
    if len(state.hands[action.player]) <= len(cards) and not keeps_a_card(
        state, action.player, len(cards), brought_meets(face, (*site.groups, action.cards), True)
    ):
        return IllegalActionError, "it would empty the hand without a complete campsite", "UC-8"
    return None


def check_rearrange(state: State, action: Rearrange) -> Problem | None:
    """UC-11: one's own table cards laid out anew; every owned campsite still stands
    (UC-28), a newly claimed one meets its primitive requirement (UC-7), and each holds
    only the groups its faces name (UC-30)."""
    player = action.player
    owned = [site.campsite for site in state.table[player]]
    if not owned:
        return IllegalActionError, "only a player who owns a campsite may rearrange", "UC-11"
    named = [site for site, _ in action.layout]
    if len(set(named)) != len(named):
        return IllegalActionError, "a campsite is named twice", "UC-11"
    if not set(owned) <= set(named):
        return IllegalActionError, "a rearrangement keeps every campsite the player owns", "UC-11"
    for site in named:
        if site not in owned and site not in state.campground:
            where = campsite_id(site)
            reason = f"campsite {where} is neither owned nor in the campground"
            return IllegalActionError, reason, "UC-11"
    catalogue = state.config.catalogue
    completes = False
    for site, groups in action.layout:
        face = catalogue[site]
        if not groups or not all(valid_on(face, g) for g in groups):
            reason = f"a group on campsite {campsite_id(site)} is not valid"
            return IllegalActionError, reason, "UC-4"
        why = face.layout_problem(groups)
        if why is not None:
            return IllegalActionError, why, "UC-30"
        if site not in owned and not face.primitive.asked.met_by(group_classes(groups)):
            return (IllegalActionError, f"the groups do not meet campsite {campsite_id(site)}'s "
                    "primitive requirement", "UC-7")
        if not brought_meets(face, groups, complete=False):
            reason = f"campsite {campsite_id(site)} would no longer stand"
            return IllegalActionError, reason, "UC-28"
        completes = completes or brought_meets(face, groups, complete=True)
    if action.layout == tuple((s.campsite, s.groups) for s in state.table[player]):
        return IllegalActionError, "the layout is the one on the table", "UC-11"
    table = Counter(card for s in state.table[player] for g in s.groups for card in g.faces)
    laid = Counter(card for _, groups in action.layout for g in groups for card in g.faces)
    from_hand = laid - table
    to_hand = table - laid
    if not holds(state.hands[player], from_hand.elements()):
        return (IllegalActionError, "the layout uses cards that are neither on the table nor in "
                "hand", "UC-11")
    if to_hand.total() > from_hand.total():
        return (IllegalActionError, "table cards return to hand only one for one with hand "
                "cards", "UC-11")
    used = from_hand.total() - to_hand.total()
    if not keeps_a_card(state, player, used, completes):
        return IllegalActionError, "it would empty the hand without a complete campsite", "UC-8"
    return None


# ----------------------------------------------------------------------------- effects


def apply_claim(work: Work, action: Claim) -> None:
    for group in action.groups:
        for card in group.faces:
            work.take(action.player, card)
    work.table[action.player] = (*work.table[action.player], Site(action.campsite, action.groups))
    ground = list(work.campground)
    ground.remove(action.campsite)
    work.campground = tuple(ground)


def apply_add(work: Work, action: AddCard) -> None:
    work.take(action.player, action.card.face)
    work.place(action.player, action.campsite, action.group, action.card)


def apply_add_group(work: Work, action: AddGroup) -> None:
    for card in action.cards.faces:
        work.take(action.player, card)
    sites = work.table[action.player]
    index = work.site_index(action.player, action.campsite)
    site = sites[index]
    work.set_site(action.player, index, Site(site.campsite, (*site.groups, action.cards)))


def apply_rearrange(work: Work, action: Rearrange) -> None:
    player = action.player
    table = Counter(card for s in work.table[player] for g in s.groups for card in g.faces)
    laid = Counter(card for _, groups in action.layout for g in groups for card in g.faces)
    for card in (laid - table).elements():
        work.take(player, card)
    for card in (table - laid).elements():
        work.give(player, card)
    claimed = {site for site, _ in action.layout} - {s.campsite for s in work.table[player]}
    work.campground = tuple(c for c in work.campground if c not in claimed)
    work.table[player] = tuple(Site(site, groups) for site, groups in action.layout)


# ----------------------------------------------------------------------------- listing


def _keeps_after_add(state: State, player: int, site: Site, group: int, card: Placed) -> bool:
    grown = replace(site.groups, group, site.groups[group].with_card(card))
    completes = site_meets(face_of(state, site), grown, complete=True)
    return keeps_a_card(state, player, 1, completes)


def add_ids(state: State, player: int, space: Layout, have: int) -> list[int]:
    """The ids of the adds of :func:`claim_moves`, in its order (the id path lists them
    apart from the claims, whose existence is all it asks), read off the player's row
    tables (``_squats.table_of``) without building the actions; ``have`` holds the
    player's hand faces as bits (``_counted.HandCounts.faces``)."""
    row = state.table[player]
    out: list[int] = []
    if not row:
        return out
    last = len(state.hands[player]) <= 1
    block = seat_block(player, space)
    for table in table_of(player, row, state.config.catalogue).sites:
        site = table.site
        base = block + PLACED * space.offsets[site.campsite]
        for i in table.fits_in(have):
            gi = i >> 8
            for placed in table.ways(i):
                if not last or _keeps_after_add(state, player, site, gi, placed):
                    out.append(base + PLACED * gi + listed_placed(placed))
    return out


def may_lay(state: State, player: int, face: Campsite, before: tuple[Group, ...],
            groups: tuple[Group, ...]) -> bool:
    """UC-8, as the listing asks it of a claim or a new group: whether the player may lay
    these groups from hand beside ``before`` on this campsite (a move empties the hand
    only of a player left with a complete campsite)."""
    used = 0
    for group in groups:
        used += len(group.cards)
    return len(state.hands[player]) > used or keeps_a_card(
        state, player, used, site_meets(face, (*before, *groups), complete=True))


def claim_moves(state: State, player: int, faces: int, own: RowTable | None
                ) -> list[Claim | AddCard | AddGroup]:
    """Every claim (campground order), then per own campsite its adds and new groups, of
    a hand whose faces are ``faces``, as a mask (``_hands.face_mask``); ``own`` is the
    player's row table (``_squats.table_of``), ``None`` for an empty row."""
    hand = state.hands[player]
    config = state.config
    catalogue = config.catalogue
    backend = config.backend
    limit = config.claim_limit
    cards = playing(hand)
    most = reach(cards[0])
    out: list[Claim | AddCard | AddGroup] = []
    for campsite in sorted(state.campground):
        target = catalogue[campsite]
        for groups in claims_within(cards, most, target, backend, limit):
            if may_lay(state, player, target, (), groups):
                out.append(new_action(Claim, player, campsite, groups))
    if own is None:
        return out
    row = state.table[player]
    tables = own.sites
    for at in range(len(row)):
        site = row[at]
        table = tables[at]
        if len(hand) > 1:
            table.list_adds(faces, out)
        else:  # the last card: whether it may go is asked per placement (UC-8)
            for i in table.fits_in(faces):
                for add in table.adds_at(i):
                    if _keeps_after_add(state, player, site, add.group, add.card):
                        out.append(add)
        campsite = site.campsite
        groups = site.groups
        face = catalogue[campsite]
        if len(groups) >= face.max_groups:  # UC-30: no room for another group
            continue
        for group in new_groups_of(cards, face, backend, limit):
            if may_lay(state, player, face, groups, (group,)):
                out.append(new_action(AddGroup, player, campsite, group))
    return out


Cut = tuple[tuple[Group, ...] | None, tuple[tuple[tuple[Group, ...], Group, list[int]], ...]]
SiteSplits = tuple[Cut, ...]
"""Per cut of a run of a campsite into two valid runs (group order, then cut order): the
campsite's groups split there when it has room for one more group and still stands
(else ``None``), and each (groups left on the campsite, part that moves, its
``group_classes``) for which the campsite still stands on the part kept."""
def rearrangements(state: State, player: int) -> tuple[Rearrange, ...]:
    """The rearrangement subset, kept on the player's row table (``_squats.table_of``,
    made once per row) with the campground it was listed for, and listed again while
    both are the same. Each campsite's cuts (:func:`_site_splits`) are kept on its own
    table, which a changed row takes over for each campsite it keeps: only a changed
    campsite's cuts are worked out."""
    row = state.table[player]
    if not row:
        return ()
    return rearranged(state, player, table_of(player, row, state.config.catalogue))


def rearranged(state: State, player: int, tables: RowTable) -> tuple[Rearrange, ...]:
    """:func:`rearrangements` of a player who owns a campsite, read off the row's table
    ``tables`` (``_squats.table_of``), which the caller has at hand."""
    row = state.table[player]
    ground = state.campground
    catalogue = state.config.catalogue
    known = tables.rearranged_for
    if known is not None and known == ground:
        return tables.rearranged
    splits: list[SiteSplits] = []
    for table in tables.sites:
        cuts = table.cuts
        if cuts is None:
            cuts = _site_splits(catalogue[table.site.campsite], table.site)
            table.cuts = cuts
        splits.append(cuts)
    found = tuple(_rearrangements(player, row, ground, catalogue, splits))
    tables.rearranged_for = ground
    tables.rearranged = found
    return found


def _site_splits(face: Campsite, site: Site) -> SiteSplits:
    """The cuts of one campsite's runs that a rearrangement may make. The parts
    ``split_runs`` gives are valid, so a layout of a cut is valid when the campsite's
    other groups are (asked once per group, not once per layout); whether it still
    stands is asked of its groups' classes, the parts' read off the run's."""
    groups = site.groups
    long_runs = [gi for gi in range(len(groups)) if _may_split(face, groups[gi])]
    if not long_runs:  # no run to cut: no group need be asked about
        return ()
    room = len(groups) < face.max_groups
    invalid = [gi for gi in range(len(groups)) if not group_ok(face, groups[gi])]
    classes = group_classes(groups)
    cuts = []
    for gi in long_runs:
        if not invalid or invalid == [gi]:
            run = groups[gi]
            own = len(run.cards) << 2 | KIND_INDEX[run.kind]
            others = list(classes)
            others.remove(own)
            for left, right in split_runs(face, run):
                cuts.append(_cut(face, groups, gi, others, own & 3, room, left, right))
        else:  # a layout keeping an invalid group is none
            cuts.extend([(None, ()) for _ in split_runs(face, groups[gi])])
    return tuple(cuts)


def _may_split(face: Campsite, group: Group) -> bool:
    """Whether ``split_runs`` may cut this group: a run or color run holding two of the
    smallest runs of its kind valid on the campsite (every other group has no cut)."""
    kind = KIND_INDEX[group.kind]
    return kind in (_RUN, _COLOR_RUN) and len(group.cards) >= 2 * face.min_sizes[kind]


_RUN: Final = KIND_INDEX[GroupKind.RUN]
_COLOR_RUN: Final = KIND_INDEX[GroupKind.COLOR_RUN]


def _cut(face: Campsite, groups: tuple[Group, ...], gi: int, others: list[int], kind: int,
         room: bool, left: Group, right: Group) -> Cut:
    """One cut of run ``gi`` (of this kind, its place in ``GroupKind``) of a campsite's
    valid ``groups`` into ``left`` and ``right`` (:data:`Cut`); ``others`` holds the
    classes of the other groups."""
    left_class = len(left.cards) << 2 | kind
    right_class = len(right.cards) << 2 | kind
    before = groups[:gi]
    after = groups[gi + 1 :]
    split: tuple[Group, ...] | None = None
    if room and classes_meet(face, sorted([*others, left_class, right_class]), False):
        split = (*before, left, right, *after)
    moves = []
    if classes_meet(face, sorted([*others, left_class]), False):
        moves.append(((*before, left, *after), right, [right_class]))
    if classes_meet(face, sorted([*others, right_class]), False):
        moves.append(((*before, right, *after), left, [left_class]))
    return split, tuple(moves)


def _rearrangements(player: int, sites: tuple[Site, ...], campground: tuple[int, ...],
                    catalogue: tuple[Campsite, ...], splits: list[SiteSplits]
                    ) -> list[Rearrange]:
    """The documented generating subset of UC-11 rearrangements of the player's table row
    ``sites``, from the cuts of each own campsite (``splits``, in row order).

    For every own run that can be cut into two valid runs, at every such cut:

    1. the split itself, when the campsite still stands (UC-28) and has room for one
       more group (UC-30);
    2. the split with one part claiming a campground campsite whose primitive
       requirement that part meets alone, the other part staying (the rulebook's example)
       and the campsite still standing.
    """
    out: list[Rearrange] = []
    ground: list[int] | None = None
    for si, site in enumerate(sites):
        cuts = splits[si]
        if not cuts:
            continue
        if ground is None:
            ground = sorted(campground)
        layout = [(s.campsite, s.groups) for s in sites]
        for split, moves in cuts:
            if split is not None:
                layout[si] = (site.campsite, split)
                out.append(new_action(Rearrange, player, tuple(layout)))
            for rest, move, moved in moves:
                layout[si] = (site.campsite, rest)
                for campsite in ground:
                    target = catalogue[campsite]
                    if target.primitive.asked.met_by(moved) and group_ok(target, move):
                        out.append(new_action(Rearrange, player, (*layout, (campsite, (move,)))))
    return out
