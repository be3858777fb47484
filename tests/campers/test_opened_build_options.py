"""The options of an opened claim build, made cheaper (issue 29), against what they
replaced, kept here only as oracles: a set's or color group's candidates from one family
(``_native._family_picks``), each claim spelled in build steps by the solver from its
cards' ranks (``_solving.claim_steps``), and the filter of claims that would empty the
hand (``_firsts.compound_options``, UC-8).
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._cards import WILD_COPIES
from campers_rules._firsts import compound_options
from campers_rules._groups import COLOR_GROUP, SET, GroupKind
from campers_rules._ids import (
    _LAY_IDS,
    CLAIM_BASE,
    END_BASE,
    FINISH_ID,
    compound_of,
)
from campers_rules._solving import claim_steps, claims_of, playing
from campers_rules.solver._native import Pick, _family_picks
from campers_rules.solver._problem import NATURAL_COUNT, SPAN, group_code
from tests.campers.game_strategies import random_walk

_COPIES = tuple(tuple(tuple((f,) * k for k in range(a, -1, -1)) for a in range(3))
                for f in range(NATURAL_COUNT))


def _old_family_picks(kind: GroupKind, faces: list[int], counts: list[int], low: int,
                      size: int) -> list[Pick]:
    """The replaced ``_native._family_picks``, as it was."""
    out: list[Pick] = []
    if kind is SET:
        for taken in itertools.product(*[_COPIES[f][counts[f]] for f in faces]):
            nat = sum(taken, ())
            if low <= len(nat) <= size:
                out.append((kind, nat, size - len(nat), 0))
        return out
    room = list(itertools.accumulate([counts[f] for f in reversed(faces)]))[::-1]
    _old_color_picks(out, kind, faces, counts, room, low, size, 0, ())
    return out


def _old_color_picks(out: list[Pick], kind: GroupKind, faces: list[int], counts: list[int],
                     room: list[int], low: int, size: int, j: int, nat: tuple[int, ...]
                     ) -> None:
    """The replaced ``_native._color_picks``, as it was."""
    taken = len(nat)
    face = faces[j]
    most = min(counts[face], size - taken)
    if j == len(faces) - 1:
        for k in range(most, max(low - taken, 0) - 1, -1):
            out.append((kind, nat + (face,) * k, size - taken - k, 0))
        return
    for k in range(most, -1, -1):
        if taken + k == size:
            out.append((kind, nat + (face,) * k, 0, 0))
        elif taken + k + room[j + 1] >= low:
            _old_color_picks(out, kind, faces, counts, room, low, size, j + 1,
                             nat + (face,) * k)


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from([SET, COLOR_GROUP]), family=st.integers(0, 3),
       copies=st.lists(st.integers(0, 2), min_size=SPAN, max_size=SPAN),
       size=st.integers(1, 8), wilds=st.integers(0, 4))
def test_a_familys_candidates_are_the_replaced_ones_uc4_uc7(
        kind: GroupKind, family: int, copies: list[int], size: int, wilds: int) -> None:
    """UC-4, UC-7: a set's (one number, four colors) or color group's (one color, twelve
    numbers) candidates from one family of faces held are the replaced enumeration's, in
    the same order (more copies of an earlier face first, a group before those it
    extends), for every size and number of wilds."""
    if kind is SET:
        family_faces = [c * SPAN + family for c in range(4)]
        copies = copies[:4]
    else:
        family_faces = list(range(family * SPAN, family * SPAN + SPAN))
    counts = [0] * NATURAL_COUNT
    for face, held in zip(family_faces, copies, strict=False):
        counts[face] = held
    faces = [f for f in family_faces if counts[f]]
    low = max(1, size - wilds)
    if not faces or sum(counts) < low:
        return
    assert _family_picks(kind, faces, counts, low, size) == _old_family_picks(
        kind, faces, counts, low, size)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5))
def test_opened_claim_options_are_the_listed_claims_spelled_uc7_uc8(
        seed: int, players: int) -> None:
    """UC-7, UC-8: along a random game, the options of every claim build the turn player
    may open are the listed claims of that campsite spelled as ``action_steps`` spells
    them, in the listing's order; the claims that would empty the hand are those
    ``may_lay`` refuses, whether or not the hand holds an action card."""
    checked = 0
    for state in random_walk(players, seed, 150):
        actor = state.turn
        if state.is_over or actor not in state.actors or state.pending is not None:
            continue
        listed = [a for a in state.legal_actions(actor) if isinstance(a, uc.Claim)]
        for campsite in sorted({a.campsite for a in listed}):
            first = CLAIM_BASE + campsite
            expected = [uc.action_steps(a) for a in listed if a.campsite == campsite]
            assert compound_options(state, first) == expected
            checked += 1
    assert checked


@settings(max_examples=150, deadline=None)
@given(picks=st.lists(st.integers(0, 2 * 48 + WILD_COPIES - 1), unique=True, max_size=14),
       site=st.integers(0, len(uc.CATALOGUE) - 1))
def test_claim_steps_are_the_listed_claims_spelled_uc5_uc7(picks: list[int], site: int
                                                           ) -> None:
    """UC-5, UC-7: the claims of a hand and campsite spelled by the solver are the claims
    listed as groups, in the same order, each spelled past its first step as the replaced
    spelling spelled it from its groups' codes, in native ints, and built back from its
    steps (wilds declared as listed)."""
    deck = [card for card in uc.FACES if card.is_natural] * 2 + [uc.WILD] * WILD_COPIES
    hand = playing(tuple(sorted(deck[i] for i in picks)))
    face = uc.CATALOGUE[site]
    groups = claims_of(hand, face, "native", 128)
    spelled = claim_steps(hand, face, "native", 128)
    first = CLAIM_BASE + site
    assert [(first, *steps) for steps in spelled] == [
        _old_compound_steps(first, [group_code(g) for g in claim]) for claim in groups]
    assert [compound_of(0, (first, *steps)) for steps in spelled] == [
        uc.Claim(0, site, claim) for claim in groups]
    assert all(type(step) is int for steps in spelled for step in steps)


def _old_compound_steps(first: int, codes: list[tuple[int, ...]]) -> tuple[int, ...]:
    """The replaced ``_ids.compound_steps``, as it was."""
    out = [first]
    for code in codes:
        for i in range(1, len(code)):
            out.append(_LAY_IDS[code[i]])
        out.append(END_BASE + code[0])
    out.append(FINISH_ID)
    return tuple(out)
