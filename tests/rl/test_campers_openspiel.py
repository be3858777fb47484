"""campers_rules.openspiel: OpenSpiel's random_sim_test with serialization at several player
counts, and the chance nodes: every card the library takes unseen (deals, draws, squat
fines, S'mores, reshuffles, UC-6, UC-9, UC-15) and every hidden campsite of a deal."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import campers_rules as uc  # noqa: E402
import campers_rules.openspiel  # noqa: E402
from campers_rules._cards import DECK  # noqa: E402
from campers_rules._validate import problem  # noqa: E402

NAME = "python_unhappy_campers"


def load(**params: Any) -> Any:
    return pyspiel.load_game(NAME, {"rounds": 1, "turn_cap": 25, **params})


def all_cards(state: uc.State) -> Counter[uc.Card]:
    """Every card of a round in play: hands, deck, discard pile and table."""
    cards: Counter[uc.Card] = Counter(state.deck)
    cards.update(state.discard)
    for hand in state.hands:
        cards.update(hand)
    for row in state.table:
        for site in row:
            for group in site.groups:
                cards.update(placed.face for placed in group.cards)
    return cards


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_sim_test_with_serialization(players: int) -> None:
    """OpenSpiel's random_sim_test (clones, serialization, observations, chance) (UC-2)."""
    game = load(players=players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_registered_bounds_and_parameters() -> None:
    """The game's documented bounds: actions as the library's id space, 56 card and 15
    campsite chance outcomes, utilities from 0 to the score bound, max_moves as length."""
    game = load(players=3, rounds=2, max_moves=777)
    assert game.num_distinct_actions() == uc.num_distinct_actions(3, uc.Config(rounds=2))
    assert game.max_chance_outcomes() == 56 + 15
    assert game.min_utility() == 0 and game.max_utility() > 0
    assert game.max_game_length() == 777
    assert game.num_players() == 3
    assert game.new_initial_state().game_state.config.rounds == 2
    with pytest.raises(uc.CampersError):
        load(players=7)


def run(
    game: Any, rng: random.Random, watch: Any = None, pick: Any = None
) -> tuple[Any, Counter[str]]:
    """Play one game to its end, chance sampled; check the library state at every
    decision node (a valid position holding the 126 cards, UC-1) and every chance node's
    probabilities (a distribution over distinct outcomes)."""
    seen: Counter[str] = Counter()
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            values = [o for o, _ in outcomes]
            assert values == sorted(set(values))
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            if watch is not None:
                watch(state, outcomes)
            state.apply_action(rng.choices(values, [p for _, p in outcomes])[0])
            seen["chance"] += 1
            continue
        library = state.game_state
        assert problem(library) is None
        assert all_cards(library) == Counter(DECK)
        seat = state.current_player()
        assert seat == min(library.actors)
        legal = state.legal_actions()
        assert legal == library.legal_action_ids(seat)
        action = pick(state, legal) if pick is not None else rng.choice(legal)
        seen[type(uc.action_from_id(seat, action, library.config)).__name__] += 1
        state.apply_action(action)
    return state, seen


def test_draws_are_chance_nodes_weighted_by_count_uc6() -> None:
    """UC-6: a draw's first chance node picks a face of the deck with probability
    count / deck size, and the faces picked are the cards the drawer gets."""
    game = load(players=3, turn_cap=40)
    rng = random.Random(2)
    checked = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            library = state.game_state
            seat = state.current_player()
            legal = state.legal_actions()
            draws = [a for a in legal if a in (0, 1)]
            if draws and len(library.deck) > 2:
                count = rng.choice(draws) + 1
                state.apply_action(count - 1)
                deck = Counter(library.deck)
                picked: list[uc.Card] = []
                for _ in range(count):
                    outcomes = dict(state.chance_outcomes())
                    left = deck - Counter(picked)
                    total = sum(left.values())
                    assert outcomes == {c.index: n / total for c, n in left.items()}
                    face = rng.choice(sorted(outcomes))
                    picked.append(uc.FACES[face])
                    state.apply_action(face)
                after = state.game_state
                assert Counter(after.hands[seat]) == Counter(library.hands[seat]) + Counter(picked)
                assert Counter(after.deck) == deck - Counter(picked)
                checked += 1
                continue
            state.apply_action(rng.choice(legal))
    assert checked > 20


def test_deals_and_campgrounds_are_chance_nodes_uc21() -> None:
    """UC-21, UC-1: each deal picks players + 1 hidden campsites (uniform), then 7 cards a
    seat and the turned-up card (count / cards left); the next round's campground comes
    from the campsites nobody has seen first."""
    game = load(players=4, rounds=3, turn_cap=15)
    deals: list[int] = []

    def watch(state: Any, outcomes: list[tuple[int, float]]) -> None:
        if outcomes[0][0] >= 56:
            assert len({p for _, p in outcomes}) == 1
            deals.append(outcomes[0][0])

    final, _ = run(game, random.Random(3), watch)
    assert final.game_state.is_over
    assert len(final.game_state.round_results) == 3
    assert len(deals) == 15  # 5 of the 15 hidden campsites, 5 of the 10 left, the last 5


def test_reshuffle_draws_from_the_discard_pile_uc6() -> None:
    """UC-6: once the deck is empty, a draw's chance node picks among the discard pile
    under its top card (the reshuffle), and the game plays on consistently."""
    game = load(players=2, turn_cap=160)
    reshuffled = 0

    def watch(state: Any, outcomes: list[tuple[int, float]]) -> None:
        nonlocal reshuffled
        library = state.game_state
        if library.discard and not library.deck:  # not the first deal (nothing dealt)
            pool = Counter(library.discard[:-1])
            assert {o for o, _ in outcomes} <= {c.index for c in pool}
            reshuffled += 1

    rng = random.Random(9)
    run(game, rng, watch, pick=lambda state, legal: _no_builds(legal, rng))
    assert reshuffled > 0


def _no_builds(legal: list[int], rng: random.Random) -> int:
    """Random play that never opens a build (so that turns pass and the deck runs out)."""
    plain = [a for a in legal if not 552 <= a < 700]
    return rng.choice(plain or legal)


def test_max_moves_ends_the_game() -> None:
    """A game ends after max_moves decision moves, with the scores so far as returns."""
    game = load(players=2, max_moves=30)
    final, seen = run(game, random.Random(1))
    assert sum(n for kind, n in seen.items() if kind != "chance") == 30
    assert final.returns() == [float(s) for s in final.game_state.scores]


def test_observer_tensor_is_the_seats_view_uc23() -> None:
    """UC-23: the observation tensor of a seat is the shared tensor of its view."""
    game = load(players=3)
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
    layout = game.layout
    for seat in range(3):
        expected = layout.encode(state.game_state.view(seat))
        assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
        assert f"p{seat} hand" in state.observation_string(seat)


def from_here(game: Any, position: uc.State) -> Any:
    """An OpenSpiel state playing on from a library position (its campsites all seen)."""
    state = game.new_initial_state()
    state._set(game=position, job=None, chosen=(), unseen=0)
    return state


def test_smores_draws_are_chance_nodes_in_seat_order_then_the_reshuffle_uc15() -> None:
    """UC-15, UC-6: a S'mores is 2 chance nodes per seat, from its player going left;
    the deck's last cards come first, then the discard pile under its top card (the
    S'mores just played) reshuffled."""
    player = 3  # the seats draw 3, 0, 1, 2
    position = uc.from_position(
        ["B7 B8", "G2 G3", "R2 R3", "Smores B5 Y5"],
        deck="Y7 Y8 Y9", rest="discard", turn=player, phase=uc.Phase.PLAY,
    )  # fmt: skip
    state = from_here(load(players=4), position)
    state.apply_action(uc.action_id(uc.Smores(player)))
    rng = random.Random(5)
    picks: list[int] = []
    for step in range(8):
        assert state.is_chance_node()
        outcomes = dict(state.chance_outcomes())
        if step < 3:
            left = Counter(position.deck) - Counter(uc.FACES[p] for p in picks)
        else:
            left = Counter(position.discard) - Counter(uc.FACES[p] for p in picks[3:])
        assert outcomes == {c.index: n / sum(left.values()) for c, n in left.items()}
        picks.append(rng.choice(sorted(outcomes)))
        state.apply_action(picks[-1])
    after = state.game_state
    assert not state.is_chance_node() and problem(after) is None
    for i in range(4):
        seat = (player + i) % 4
        got = Counter(after.hands[seat]) - Counter(position.hands[seat])
        assert got == Counter(uc.FACES[p] for p in picks[2 * i : 2 * i + 2])
    assert after.discard == (uc.Card.parse("Smores"),)


def test_squat_fine_is_a_chance_node_uc9() -> None:
    """UC-9: the owner's draw after a squat is a chance node over the deck (here empty,
    so over the discard pile under its top card, UC-6); a denied squat draws nothing."""
    position = uc.from_position(
        ["B9", "G5 B7", "Y2 Y3"],
        table=[[(4, [uc.Group.parse("SET B5 Y5 R5")])], [], []],
        rest="discard", turn=1, phase=uc.Phase.PLAY,
    )  # fmt: skip
    squat = uc.Squat(1, 0, 4, 0, uc.Placed.parse("G5"))
    game = load(players=3)
    state = from_here(game, position)
    state.apply_action(uc.action_id(squat))
    outcomes = dict(state.chance_outcomes())
    pool = Counter(position.discard[:-1])
    assert outcomes == {c.index: n / sum(pool.values()) for c, n in pool.items()}
    face = max(outcomes)
    state.apply_action(face)
    after = state.game_state
    assert not state.is_chance_node() and problem(after) is None
    assert Counter(after.hands[0]) - Counter(position.hands[0]) == Counter([uc.FACES[face]])
    assert len(after.deck) == sum(pool.values()) - 1

    sprayed = uc.from_position(
        ["B9", "G5 B7", "BearSpray Y2"],
        table=[[(4, [uc.Group.parse("SET B5 Y5 R5")])], [], []],
        rest="discard", turn=1, phase=uc.Phase.PLAY,
    )  # fmt: skip
    state = from_here(game, sprayed)
    state.apply_action(uc.action_id(squat))
    assert state.current_player() == 2  # the window asks the holder (UC-14)
    state.apply_action(uc.action_id(uc.BearSpray(2)))
    assert not state.is_chance_node()
    assert state.game_state.hands[0] == sprayed.hands[0]
