"""Properties of every state reached by legal play (issue 5): conservation of cards and
campsites, valid groups, going out, scores, pending decisions."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._validate import all_cards, problem
from tests.campers.game_strategies import players, random_walk, seeds


@given(players, seeds, st.integers(20, 160))
def test_invariants_along_random_play(players: int, seed: int, steps: int) -> None:
    """UC-1, UC-4, UC-7, UC-8, UC-20: along any legal game, 126 cards and 15 campsites
    are conserved, every group is valid, nobody sits with an empty hand and a complete
    campsite once no decision is pending (UC-25), scores never decrease, and every pending
    decision has a legal answer."""
    walk = random_walk(players, seed, steps)
    for before, state in itertools.pairwise(walk):
        assert all_cards(state) == Counter(uc.DECK)
        owned = [s.campsite for row in state.table for s in row]
        kept = [c for row in state.kept for c in row]
        assert sorted([*state.campground, *state.pile, *owned, *kept]) == list(range(15))
        assert problem(state) is None
        assert all(b <= a for b, a in zip(before.scores, state.scores, strict=True))
        if not state.is_over and state.pending is None:
            for player in range(players):
                if not state.hands[player]:
                    assert not any(
                        uc.CATALOGUE[s.campsite].is_complete(s.groups) for s in state.table[player]
                    )
        if not state.is_over:
            for actor in state.actors:
                assert state.legal_actions(actor), "a pending decision has no legal answer"


@given(players, seeds)
def test_legal_actions_and_is_legal_agree(players: int, seed: int) -> None:
    """``is_legal`` accepts every listed action and ``apply`` never rejects one."""
    for state in random_walk(players, seed, 60)[::5]:
        for actor in state.actors:
            for action in state.legal_actions(actor):
                assert state.is_legal(action)
        others = set(range(players)) - set(state.actors)
        assert all(state.legal_actions(p) == [] for p in others)
