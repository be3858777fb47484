"""The Campers observation tensor (campers_rules._tensor): built from a seat's view only
(UC-23), each field where the layout says."""

from __future__ import annotations

import random

import attrs
import pytest

np = pytest.importorskip("numpy")

import campers_rules as uc  # noqa: E402
from campers_rules._tensor import Layout, observation_high  # noqa: E402

CONFIG = uc.Config(rounds=1, turn_cap=40)


def positions(players: int, games: int, seed: int) -> list[uc.State]:
    """States along random id-driven games: every tenth decision point, and every one
    where a decision is pending."""
    rng = random.Random(seed)
    out = []
    for game in range(games):
        state = uc.new_game(players, seed * 100 + game, CONFIG)
        step = 0
        while not state.is_over:
            seat = min(state.actors)
            if step % 10 == 0 or state.pending is not None:
                out.append(state)
            state = state.apply_action_id(seat, rng.choice(state.legal_action_ids(seat)))
            step += 1
    return out


def hide_and_shuffle(state: uc.State, seat: int, rng: random.Random) -> uc.State:
    """The same position to ``seat``'s eyes: the cards it cannot see dealt anew among the
    other hands and the deck (sizes kept), the pile reordered, another random state."""
    others = [s for s in range(state.num_players) if s != seat]
    pool = [card for s in others for card in state.hands[s]] + list(state.deck)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = len(hands[s])
        hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
    pile = list(state.pile)
    rng.shuffle(pile)
    return attrs.evolve(
        state, hands=tuple(hands), deck=tuple(pool), pile=tuple(pile), rng=rng.getrandbits(64)
    )


@pytest.mark.parametrize("players", [2, 4, 6])
def test_tensor_ignores_what_the_seat_cannot_see_uc23(players: int) -> None:
    """UC-23: other hands, the deck and pile order and the random state do not move a
    seat's tensor (positions without a pending pass or another seat's open build, whose
    hidden parts the next test changes)."""
    rng = random.Random(players)
    layout = Layout.of(players, CONFIG)
    checked = 0
    for state in positions(players, 3, players):
        if isinstance(state.pending, uc.PassChoice) or state.building:
            continue
        for seat in range(players):
            other = hide_and_shuffle(state, seat, rng)
            assert other.hands != state.hands or not state.deck
            mine = layout.encode(state.view(seat))
            assert np.array_equal(mine, layout.encode(other.view(seat)))
            checked += 1
    assert checked > 20


def test_tensor_hides_other_builds_and_pass_choices_uc23() -> None:
    """UC-23, UC-18: another seat's open build and Lost Camper choice do not show; the
    builder's own build and its own choice do."""
    layout = Layout.of(3, CONFIG)
    rng = random.Random(5)
    builds = passes = 0
    for state in positions(3, 12, 7):
        if state.pending is None and not state.building and state.phase is uc.Phase.PLAY:
            starts = [i for i in state.legal_action_ids(state.turn) if 552 <= i < 583]
            if starts:
                open_build = state.apply_action_id(state.turn, rng.choice(starts))
                for seat in range(3):
                    same = np.array_equal(
                        layout.encode(state.view(seat)), layout.encode(open_build.view(seat))
                    )
                    assert same == (seat != state.turn)
                builds += 1
        if isinstance(state.pending, uc.PassChoice):
            for seat in sorted(state.pending.waiting):
                card = state.hands[seat][0]
                chose = state.apply(uc.PassLeft(seat, card))
                if not isinstance(chose.pending, uc.PassChoice):
                    continue
                for other in range(3):
                    same = np.array_equal(
                        layout.encode(state.view(other)), layout.encode(chose.view(other))
                    )
                    assert same == (other != seat)
                passes += 1
    assert builds > 5, builds
    assert passes > 0, passes


def test_tensor_fields_hold_the_view() -> None:
    """UC-23: the fields read back the seat's hand, the hand sizes (relative seats), the
    discard pile's top and every campsite's owner and groups."""
    layout = Layout.of(4, CONFIG)
    tables = 0
    for state in positions(4, 4, 11):
        for seat in range(4):
            view = state.view(seat)
            fields = layout.unpack(layout.encode(view))
            assert fields["hand"].sum() == len(view.hand)
            for card in view.hand:
                assert fields["hand"][card.index] == view.hand.count(card)
            for s in range(4):
                assert fields["hand_sizes"][(s - seat) % 4] == view.hand_sizes[s]
            if view.discard:
                assert fields["discard_top"][0, view.discard[-1].index] == 1
            assert fields["discard_counts"].sum() == len(view.discard)
            for s, row in enumerate(view.table):
                for site in row:
                    tables += 1
                    assert fields["site_owner"][site.campsite, (s - seat) % 4] == 1
                    assert fields["site_groups"][site.campsite] == len(site.groups)
                    for i, group in enumerate(site.groups):
                        laid = fields["group_naturals"][site.campsite, i].sum()
                        laid += fields["group_wilds"][site.campsite, i].sum()
                        assert laid == len(group.cards)
            assert fields["pending_kind"].sum() == 1
            assert fields["build_kind"].sum() == 1
            assert fields["scores"].min() >= 0
            assert layout.encode(view).max() <= observation_high(4, CONFIG)
    assert tables > 0
