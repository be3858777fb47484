"""The table listings' shortcuts (issue 29): what fits a group read as masks of faces, and
what a listing keeps of the last one when a table row changed. Each agrees with the plain
computation, and a changed row makes anew only what its changed groups and campsites
list (UC-7, UC-9, UC-10, UC-11, UC-13)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import Group, _cache
from campers_rules._actions import AddCard, BearAttack, Squat, SwapWild
from campers_rules._board import Site
from campers_rules._cards import FACES
from campers_rules._catalogue import CATALOGUE, Campsite
from campers_rules._claims import _site_splits, rearrangements
from campers_rules._counted import group_classes
from campers_rules._hands import face_mask
from campers_rules._table import (
    edge_of,
    fits_of,
    fitting,
    replace,
    site_meets,
    split_runs,
    wild_swaps,
)
from tests.campers.game_strategies import (
    RUN_FOUR,
    SET_OR_RUN,
    THREE_PAIRS,
    g,
    play,
    random_walk,
)
from tests.campers.strategies import valid_groups

HAND = "G10 Y10 G5 R7 W BearAttack B13"
"""Seat 0's hand: it adds to both own campsites, squats on both of seat 1's groups and
swaps the wild of the second, and holds a Bear Attack."""
RUN = "RUN B2 Y3 R4 G5 B6 Y7 R8 G9"
"""A run of eight on c03 (1 RUN OF 4): cut in two, it is the rearrangements' subject."""


def _mask(cards: list[int]) -> int:
    return sum(1 << card for card in set(cards))


@given(valid_groups(), st.sampled_from(CATALOGUE))
def test_fit_masks_are_the_faces_of_the_fitting_faces_and_swaps(group: Group,
                                                                face: Campsite) -> None:
    """UC-9, UC-10, UC-29: the masks ``fits_of`` gives with a group's fitting faces and
    wild swaps hold exactly those faces, and the faces with their placements and the
    naturals with their wilds are ``fitting`` and ``wild_swaps``."""
    faces, ways, naturals, wilds, fit_mask, swap_mask = fits_of(face, group)
    assert tuple(zip(faces, ways, strict=True)) == fitting(face, group)
    assert tuple(zip(naturals, wilds, strict=True)) == wild_swaps(face, group)
    assert fit_mask == _mask(list(faces))
    assert swap_mask == _mask(list(naturals))


@given(st.lists(st.sampled_from(FACES), max_size=20))
def test_face_mask_holds_the_faces_of_the_hand(cards: list[uc.Card]) -> None:
    """A hand's face mask has the bit of each face it holds, and no other."""
    mask = face_mask(sorted(cards))
    assert [face for face in FACES if mask >> face & 1] == sorted(set(cards))


@given(valid_groups())
def test_edge_of_is_the_groups_edge(group: Group) -> None:
    """UC-13: the edge cards the Bear Attack listing reads (``edge_of``, off the sorted
    placement ints) are ``Group.edge``'s, in its order."""
    assert edge_of(group) == list(group.edge())


def _position(others: list[Group], own: Group | None = None) -> uc.State:
    """Seat 0 to play :data:`HAND`, owning c01 (a set of 10s, or ``own``) and c03
    (:data:`RUN`); seat 1 owning c02 with these groups."""
    mine = own if own is not None else g("SET B10 Y10 R10")
    return uc.from_position(
        [HAND, "B2 B3"], phase=uc.Phase.PLAY,
        table=[[(SET_OR_RUN, [mine]), (RUN_FOUR, [g(RUN)])], [(THREE_PAIRS, others)]])


Placing = AddCard | Squat | SwapWild | BearAttack


def _on(actions: Sequence[object], kinds: tuple[type[Placing], ...], campsite: int,
        group: int) -> list[Placing]:
    """The actions of these kinds that name this group of this campsite, in order."""
    return [a for a in actions
            if isinstance(a, kinds) and a.campsite == campsite and a.group == group]


def test_an_unchanged_row_lists_the_very_actions_made_before() -> None:
    """UC-7, UC-9, UC-10: while the rows do not change, a listing gives the very squats,
    wild swaps and adds the last listing made (each made once, on the row table), and the
    listing is the one of empty memos."""
    _cache.clear()
    state = _position([g("SET B5 Y5 R5"), g("SET B7 Y7 W=R7")])
    first = state.legal_actions(0)
    again = state.legal_actions(0)
    kinds = (AddCard, Squat, SwapWild)
    made = [a for a in first if isinstance(a, kinds)]
    assert {type(a) for a in made} == set(kinds)
    assert all(a is b for a, b in zip([a for a in again if isinstance(a, kinds)], made,
                                      strict=True))
    _cache.clear()
    fresh = state.legal_actions(0)
    remade = [a for a in fresh if isinstance(a, kinds)]
    assert fresh == first and not any(a is b for a, b in zip(remade, made, strict=True))


def test_a_changed_row_lists_its_kept_groups_bear_attacks_made_before() -> None:
    """UC-13: when one group of another seat's row changes, the Bear Attacks on the group
    it keeps are the very actions listed before; on the changed group, an attack equal to
    one listed before is that very record (actions are values, shared through
    ``_cache.TABLE_ACTIONS``) and the others are made anew; and the listing is the one of
    empty memos."""
    _cache.clear()
    kept = g("SET B7 Y7 W=R7")
    before = _position([g("SET B5 Y5 R5"), kept]).legal_actions(0)
    after_state = _position([g("SET B5 Y5 R5 W=G5"), kept])
    after = after_state.legal_actions(0)
    old = _on(before, (BearAttack,), THREE_PAIRS, 1)
    new = _on(after, (BearAttack,), THREE_PAIRS, 1)
    assert len(old) == 3 and all(a is b for a, b in zip(new, old, strict=True))
    changed = _on(after, (BearAttack,), THREE_PAIRS, 0)
    was = _on(before, (BearAttack,), THREE_PAIRS, 0)
    assert len(changed) == 4 and len(was) == 3
    assert all(any(a is b for b in was) == (a in was) for a in changed)
    assert sum(a in was for a in changed) == 3
    _cache.clear()
    assert after_state.legal_actions(0) == after


def test_a_changed_row_keeps_the_cuts_of_its_unchanged_campsites() -> None:
    """UC-11: after an add on one own campsite, the cuts of the run on the other campsite
    (kept on its campsite table, ``_squats.SiteTable.cuts``) are the very ones worked out
    before, and the rearrangements listed are those of empty memos."""
    _cache.clear()
    state = _position([g("SET B5 Y5 R5"), g("SET B7 Y7 W=R7")])
    listed = [a for a in state.legal_actions(0) if isinstance(a, uc.Rearrange)]
    assert len(listed) == 3
    cuts = [table.cuts for table in _cache.ROW_GROUPS[0][2].sites]
    later = play(state, "p0 add c01.0 G10")
    assert later.table[0][1] is state.table[0][1]
    rearranged = [a for a in later.legal_actions(0) if isinstance(a, uc.Rearrange)]
    assert cuts[1] and _cache.ROW_GROUPS[0][2].sites[1].cuts is cuts[1]
    _cache.clear()
    assert [a for a in later.legal_actions(0) if isinstance(a, uc.Rearrange)] == rearranged
    assert len(rearranged) == 3


def test_the_rearrangements_are_kept_on_the_row_table_with_their_campground() -> None:
    """UC-11: the rearrangement subset is kept on the seat's row table with the campground
    it was listed for: asked again of the same row and campground, it is that very tuple;
    of the same row (the very object) and a campground without one of its campsites, it is
    listed anew, the listing of empty memos (here one that claims that campsite goes)."""
    _cache.clear()
    state = _position([g("SET B5 Y5 R5"), g("SET B7 Y7 W=R7")])
    first = rearrangements(state, 0)
    assert len(first) == 3 and rearrangements(state, 0) is first
    assert _cache.ROW_GROUPS[0][2].rearranged is first
    for at in range(len(state.campground)):
        fewer = attrs.evolve(state, campground=state.campground[:at] + state.campground[at + 1:])
        assert fewer.table[0] is state.table[0]
        listed = rearrangements(fewer, 0)
        _cache.clear()
        assert listed == rearrangements(fewer, 0)
        assert len(listed) == (1 if state.campground[at] == 5 else 3)
        rearrangements(state, 0)


def test_a_changed_row_keeps_the_site_tables_of_its_unchanged_campsites() -> None:
    """UC-7: after an add on one own campsite, the other campsite's table (fitting faces
    and adds made on it) is the very one of the last row, its adds the very actions listed
    before; the changed campsite's table is made anew, its adds equal to ones listed before
    being those very records (``_cache.TABLE_ACTIONS``) and the others new; and the listing is the
    one of empty memos."""
    _cache.clear()
    state = _position([g("SET B5 Y5 R5"), g("SET B7 Y7 W=R7")])
    before = state.legal_actions(0)
    tables = _cache.ROW_GROUPS[0][2].sites
    later = play(state, "p0 add c01.0 G10")
    assert later.table[0][1] is state.table[0][1]
    after = later.legal_actions(0)
    kept = _cache.ROW_GROUPS[0][2].sites
    assert kept[1] is tables[1] and kept[0] is not tables[0]
    old = _on(before, (AddCard,), RUN_FOUR, 0)
    new = _on(after, (AddCard,), RUN_FOUR, 0)
    assert len(new) >= 2 and all(any(a is b for b in old) for a in new)
    was = _on(before, (AddCard,), SET_OR_RUN, 0)
    changed = _on(after, (AddCard,), SET_OR_RUN, 0)
    assert changed and all(any(a is b for b in was) == (a in was) for a in changed)
    _cache.clear()
    assert later.legal_actions(0) == after


def _plain_site_splits(face: Campsite, site: Site) -> object:
    """The cuts of a campsite's runs as UC-11 and UC-28 word them, each layout asked
    whole (``site_meets``)."""
    room = len(site.groups) < face.max_groups
    cuts = []
    for gi, group in enumerate(site.groups):
        for left, right in split_runs(face, group):
            groups = (*site.groups[:gi], left, right, *site.groups[gi + 1 :])
            split = groups if room and site_meets(face, groups, complete=False) else None
            moves = []
            for keep, move in ((left, right), (right, left)):
                rest = replace(site.groups, gi, keep)
                if site_meets(face, rest, complete=False):
                    moves.append((rest, move, group_classes((move,))))
            cuts.append((split, tuple(moves)))
    return tuple(cuts)


@pytest.mark.parametrize("seed", [1, 5, 7])
def test_the_cuts_read_off_classes_are_those_of_whole_layouts(seed: int) -> None:
    """UC-11, UC-28: the rearrangement cuts of every campsite on the table along a random
    game, whose layouts are asked by their groups' classes (the parts' read off the
    run's), are those of each layout asked whole; and of a campsite holding a group not
    valid there (as a damaged one may), none keeps that group."""
    seen = 0
    for state in random_walk(4, seed, 400):
        catalogue = state.config.catalogue
        for row in state.table:
            for site in row:
                face = catalogue[site.campsite]
                assert _site_splits(face, site) == _plain_site_splits(face, site)
                seen += bool(_site_splits(face, site))
    assert seen
    run = g(RUN)
    broken = Site(RUN_FOUR, (g("RUN B10 Y11 R12"), run))  # a run of 3: too short on c03
    face = CATALOGUE[RUN_FOUR]
    assert _site_splits(face, broken) == _plain_site_splits(face, broken)
    assert all(split is None and not moves for split, moves in _site_splits(face, broken))
