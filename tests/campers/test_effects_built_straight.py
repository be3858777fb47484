"""Effects that build the next table straight from a checked action, and the per-row
listing of squats, give what the plain computation gives (issue 12)."""

from __future__ import annotations

import random

import pytest

import campers_rules as uc
from campers_rules import _cache
from campers_rules._board import PLAY
from campers_rules._claims import rearrangements
from campers_rules._hands import face_mask
from campers_rules._squats import squat_moves
from campers_rules._table import fitting, group_ok, site_meets, split_runs, swapped, wild_swaps
from tests.campers.game_strategies import random_walk


def _states(players: int, seed: int) -> list[uc.State]:
    return random_walk(players, seed, 400, uc.Config(rounds=2, turn_cap=60))


def _plain_squat_moves(state: uc.State, player: int) -> list[object]:
    """Per owner, campsite and group, from ``fitting`` and ``wild_swaps`` group by group."""
    have = set(state.hands[player])
    squat_ok = len(state.hands[player]) > 1 or any(
        state.config.catalogue[s.campsite].complete.is_met_by(s.groups)
        for s in state.table[player]
    )
    out: list[object] = []
    for owner in range(state.num_players):
        for site in state.table[owner]:
            face = state.config.catalogue[site.campsite]
            for gi, group in enumerate(site.groups):
                fits, swaps = fitting(face, group), wild_swaps(face, group)
                if owner != player and squat_ok:
                    out.extend(uc.Squat(player, owner, site.campsite, gi, placed)
                               for card, ways in fits if card in have for placed in ways)
                out.extend(uc.SwapWild(player, owner, site.campsite, gi, card, wild)
                           for card, wild in swaps if card in have)
    return out


@pytest.mark.parametrize("players", [2, 4, 6])
def test_squats_and_swaps_listed_per_row_are_the_per_group_ones(players: int) -> None:
    """UC-9, UC-10, UC-29: the squats and wild swaps read from one entry per table row are
    those read group by group, in the same order, warm or cold."""
    compared = 0
    for seed in range(3):
        for state in _states(players, seed):
            if state.phase is not PLAY or state.pending is not None:
                continue
            player = state.turn
            want = _plain_squat_moves(state, player)
            faces = face_mask(state.hands[player])
            assert squat_moves(state, player, faces) == want
            _cache.clear()
            assert squat_moves(state, player, faces) == want
            compared += bool(want)
    assert compared > 0


def test_a_swap_lays_the_group_the_check_found() -> None:
    """UC-10, UC-29: a wild swap's effect leaves on the table exactly the group the check
    validated (``swapped``), moves the wild to hand and the natural card out of it."""
    swaps = 0
    rng = random.Random(7)
    for seed in range(12):
        for state in _states(rng.choice([2, 3, 4, 5]), seed):
            if state.phase is not PLAY or state.pending is not None:
                continue
            for action in state.legal_actions(state.turn):
                if not isinstance(action, uc.SwapWild):
                    continue
                row = state.table[action.owner]
                site = next(s for s in row if s.campsite == action.campsite)
                want = swapped(site.groups[action.group], action.card, action.wild)
                after = state.apply(action)
                got = next(s for s in after.table[action.owner]
                           if s.campsite == action.campsite)
                assert got.groups[action.group] == want
                hand = list(after.hands[action.player])
                assert hand.count(uc.WILD) == list(state.hands[action.player]).count(uc.WILD) + 1
                assert hand.count(action.card) == list(
                    state.hands[action.player]).count(action.card) - 1
                swaps += 1
    assert swaps > 0


def _plain_rearrangements(state: uc.State, player: int) -> list[uc.Rearrange]:
    """The UC-11 generating subset computed cut by cut from the table row alone."""
    sites = state.table[player]
    catalogue = state.config.catalogue
    out = []
    for si, site in enumerate(sites):
        face = catalogue[site.campsite]
        room = len(site.groups) < face.max_groups
        for gi, group in enumerate(site.groups):
            for left, right in split_runs(face, group):
                layout = [(s.campsite, s.groups) for s in sites]
                groups = (*site.groups[:gi], left, right, *site.groups[gi + 1:])
                if room and site_meets(face, groups, complete=False):
                    layout[si] = (site.campsite, groups)
                    out.append(uc.Rearrange(player, tuple(layout)))
                for keep, move in ((left, right), (right, left)):
                    rest = (*site.groups[:gi], keep, *site.groups[gi + 1:])
                    if not site_meets(face, rest, complete=False):
                        continue
                    layout[si] = (site.campsite, rest)
                    for campsite in sorted(state.campground):
                        target = catalogue[campsite]
                        if target.primitive.is_met_by((move,)) and group_ok(target, move):
                            out.append(uc.Rearrange(player, (*layout, (campsite, (move,)))))
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rearrangements_from_per_campsite_cuts_are_the_plain_ones(players: int) -> None:
    """UC-11, UC-28, UC-30: the rearrangement subset built from each campsite's remembered
    cuts is the one computed cut by cut, in the same order, warm or cold."""
    found = 0
    for seed in range(6):
        for state in _states(players, seed):
            if state.phase is not PLAY or state.pending is not None:
                continue
            player = state.turn
            want = _plain_rearrangements(state, player)
            assert list(rearrangements(state, player)) == want
            _cache.clear()
            assert list(rearrangements(state, player)) == want
            found += bool(want)
    assert found > 0
