"""KC-7, KC-12, KC-16: what every view of a state shares is made once and reused, with the
same values as views made from scratch (the PettingZoo env's first view of each state)."""

from __future__ import annotations

import random

import pytest

import karibou_rules as kc


def _played(players: int, seed: int, steps: int) -> list[kc.State]:
    """The states of a seeded random game (random legal ids, seats in turn)."""
    rng = random.Random(seed)
    state = kc.new_game(players, seed)
    states = [state]
    for step in range(steps):
        if state.is_over:
            break
        legal = state.legal_action_ids(step % players)
        if legal:
            state = state.apply_action_id(step % players, rng.choice(legal))
            states.append(state)
    return states


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 7), (7, 11), (4, 23)])
def test_kc16_seats_that_scored_alike_share_one_summary(players: int, seed: int) -> None:
    """KC-16: a round's summaries are each seat's public facts with its own points; seats
    with equal points get the same frozen summary, equal to one built from scratch."""
    final = _played(players, seed, 400)[-1]
    assert final.round_results
    for result in final.round_results:
        summaries = result.summaries
        for seat, points in enumerate(result.points):
            built = kc.RoundSummary(result.number, result.teams, result.placed_by, result.tile,
                                    result.named, result.hand, result.family, result.reason,
                                    points)  # fmt: skip
            assert summaries[seat] == built
            first = result.points.index(points)
            assert summaries[seat] is summaries[first]


@pytest.mark.parametrize("viewer", [0, 2, 4])
def test_kc7_kc12_a_sign_seen_is_made_once_for_the_round(viewer: int) -> None:
    """KC-7, KC-12: a sign the viewer made or noticed appears in each later view of the
    round as the same record, equal to one built from the sign; unnoticed signs stay out."""
    state = kc.new_game(5, seed=9)
    state = state.apply(kc.Sign(1, kc.Card.DUCK, frozenset({0, 2, 4})))
    first = state.view(viewer).signs
    later = state.apply(kc.Sign(3, kc.Card.ELK, frozenset({2})))
    again = later.view(viewer).signs
    assert first == (kc.SignSeen(1, kc.Card.DUCK),)
    assert again[0] is first[0]
    assert again[1:] == ((kc.SignSeen(3, kc.Card.ELK),) if viewer == 2 else ())
