"""The rearrangement listing asks ``split_runs`` only of the groups it may cut (issue 29):
a run or color run holding two of the smallest runs of its kind valid on the campsite;
every other group has no cut, so a campsite without such a run has none (UC-11, UC-28),
and the cuts listed are those of every group (UC-4).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._board import Site
from campers_rules._claims import _may_split, _site_splits
from campers_rules._groups import Group
from campers_rules._table import split_runs
from tests.campers.strategies import valid_groups


@settings(max_examples=400, deadline=None)
@given(group=valid_groups(), face=st.sampled_from(uc.CATALOGUE))
def test_a_group_not_asked_about_has_no_cut_uc11(group: Group, face: uc.Campsite) -> None:
    """UC-11: a group ``_may_split`` passes over (a set, a color group, or a run shorter
    than two of the campsite's smallest runs of its kind) has no cut into two valid runs;
    one it keeps is a run of that length."""
    if not _may_split(face, group):
        assert split_runs(face, group) == ()
    else:
        assert group.kind.consecutive
        assert len(group.cards) >= 2 * face.min_size(group.kind)


@settings(max_examples=150, deadline=None)
@given(groups=st.lists(valid_groups(), min_size=1, max_size=3),
       at=st.integers(0, len(uc.CATALOGUE) - 1))
def test_a_campsite_lists_a_cut_per_cut_of_each_group_uc11(
        groups: list[Group], at: int) -> None:
    """UC-11, UC-28: a campsite's cuts are one per cut of each of its groups, in group
    order (none where no group may be cut)."""
    face = uc.CATALOGUE[at]
    site = Site(at, tuple(groups))
    cuts = _site_splits(face, site)
    assert len(cuts) == sum(len(split_runs(face, group)) for group in groups)
