"""Karibou Camp as an OpenSpiel game passes OpenSpiel's own checks (issue 14)."""

from __future__ import annotations

import math
import pickle
import random
from collections import Counter
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

import karibou_rules as kc  # noqa: E402
import karibou_rules.openspiel  # noqa: E402  (registers the game)
from karibou_rules._deal import team_orders  # noqa: E402
from karibou_rules._tensor import observation  # noqa: E402
from karibou_rules._validate import check_state  # noqa: E402
from tests.rl import karibou_policy  # noqa: E402
from tests.rl.test_karibou_tensor import _hidden_perturbation  # noqa: E402

PLAYERS = (3, 4, 5, 6, 7)
NAME = "python_karibou_camp"


def _check(state: Any) -> None:
    """At every node: the library state is possible, a chance node's probabilities are
    positive and add up to 1."""
    check_state(state.game_state)
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert all(p > 0 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0)


@pytest.mark.parametrize("players", PLAYERS)
def test_random_sim_test_with_serialization_kc_3_kc_6(players: int) -> None:
    """KC-3, KC-6: OpenSpiel's random_sim_test, with serialization, passes; every node
    holds a possible library state and sound chance outcomes."""
    game = pyspiel.load_game(NAME, {"players": players})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False,
                            state_checker_fn=_check)  # fmt: skip
    everyone = pyspiel.load_game(NAME, {"players": players, "everyone_notices": True})
    pyspiel.random_sim_test(everyone, num_sims=2, serialize=True, verbose=False)


def _policy_game(game: Any, seed: int, mix: Counter[str] | None = None) -> Any:
    """Play a whole game under the every-kind policy (chance sampled by its
    probabilities), checking clones, serialization and the chance nodes at each step;
    return the terminal state."""
    rng = random.Random(seed)
    players = game.num_players()
    state = game.new_initial_state()
    last: kc.State | None = None  # the library state before the last decision
    while not state.is_terminal():
        _check(state)
        if len(state.history()) % 37 == 0:
            assert str(state.clone()) == str(state)
            _, copy = pyspiel.deserialize_game_and_state(
                pyspiel.serialize_game_and_state(game, state)
            )
            assert str(copy) == str(state) and copy.game_state == state.game_state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        if mix is not None and last is not None:
            _count_cleanup(last, state.game_state, mix)
        legal = state.legal_actions()
        assert legal == sorted(legal) and legal
        chosen = karibou_policy.choose(legal, players, rng)
        if mix is not None:
            mix[karibou_policy.kind(chosen, players)] += 1
        last = state.game_state
        state.apply_action(chosen)
    return state


def _count_cleanup(before: kc.State, after: kc.State, mix: Counter[str]) -> None:
    """Count a cleanup between two settled states, and a refill of the pile in it."""
    same_round = after.round_results == before.round_results
    if same_round and after.phase is kc.Phase.DEALT and before.phase is not kc.Phase.DEALT:
        mix["cleanup"] += 1
        if len(after.discard) < len(before.discard):
            mix["refill"] += 1


def test_under_a_policy_reaching_every_action_kind_kc_5_kc_6(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """KC-5, KC-6: the same checks under a policy that reaches every action kind,
    cleanups and refills of the pile included; random_sim_test from positions it
    reaches (a Scout played, a center face up) passes too."""
    mix: Counter[str] = Counter()
    for players in PLAYERS:
        game = pyspiel.load_game(NAME, {"players": players, "winning_score": 4})
        for seed in range(2):
            final = _policy_game(game, seed, mix)
            assert all(0 <= r <= game.max_utility() for r in final.returns())
        state = game.new_initial_state()
        rng = random.Random(players)
        starts = 0
        while not state.is_terminal() and starts < 2:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices(*zip(*outcomes, strict=True))[0])
                continue
            if state.game_state.phase in (kc.Phase.SCOUT, kc.Phase.EXCHANGE) and rng.random() < 0.1:
                pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False,
                                        state_checker_fn=_check, specific_initial_state=state)
                starts += 1  # fmt: skip
            state.apply_action(karibou_policy.choose(state.legal_actions(), players, rng))
    with capsys.disabled():
        print("\nKaribou OpenSpiel action mix, every-kind policy:", dict(sorted(mix.items())))
    assert set(karibou_policy.KINDS) | {"cleanup", "refill"} <= set(mix)


def test_a_seeded_sampler_reproduces_a_game_kc_19() -> None:
    """KC-19: chance is explicit, so the same sampler seed replays the same game
    (deals, draws and who noticed each sign)."""
    game = pyspiel.load_game(NAME, {"players": 5, "winning_score": 3})
    first, second = _policy_game(game, 11), _policy_game(game, 11)
    assert first.history() == second.history() and str(first) == str(second)
    assert first.game_state == second.game_state
    assert _policy_game(game, 12).history() != first.history()


def test_deal_chance_nodes_kc_2_kc_3() -> None:
    """KC-2, KC-3: a deal starts with a uniform node over the team layouts, then each
    card with probability copies left / cards left; no hand keeps four of a kind."""
    for players in PLAYERS:
        game = pyspiel.load_game(NAME, {"players": players})
        rng = random.Random(players)
        for _ in range(20):
            state = game.new_initial_state()
            layouts = state.chance_outcomes()
            assert len(layouts) == len(team_orders(players))
            assert {p for _, p in layouts} == {1 / len(layouts)}
            state.apply_action(rng.randrange(len(layouts)))
            assert state.chance_outcomes() == [(face, 1 / 8) for face in range(8)]
            state.apply_action(kc.Card.DUCK)
            assert state.chance_outcomes()[kc.Card.DUCK] == (kc.Card.DUCK, 6 / 55)
            while state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices(*zip(*outcomes, strict=True))[0])
            dealt = state.game_state
            assert dealt.teams == team_orders(players)[state.history()[0]]
            for hand in dealt.hands:
                counts = Counter(card for card in hand if card is not kc.Card.SCOUT)
                assert max(counts.values(), default=0) < 4


def _settled(game: Any, seed: int) -> Any:
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choices(*zip(*outcomes, strict=True))[0])
    return state


def test_cleanup_draws_refill_from_the_discard_pile_kc_6() -> None:
    """KC-6: when everyone has passed, the center is discarded and a new one drawn;
    the one card left in the pile is drawn without a node, then the pile is refilled
    from the discard pile (the old center in it) and the rest are chance nodes."""
    game = pyspiel.load_game(NAME, {"players": 3})
    state = _settled(game, 0)
    V, C = kc.Team.VETERINARIAN, kc.Team.COYOTE
    deck = list(kc.DECK)
    hands = [
        kc.parse_cards("Elk Elk Elk Polecat Polecat"),
        kc.parse_cards("Bear Bear Bear Marmot Marmot"),
        kc.parse_cards("Raccoon Raccoon Raccoon Squirrel Squirrel Squirrel"),
    ]
    center = kc.parse_cards("Duck Duck Duck")
    for card in [*(c for h in hands for c in h), *center, kc.Card.SCOUT]:
        deck.remove(card)
    state.game_state = kc.from_position([V, V, C], hands, center, [kc.Card.SCOUT], deck)
    state.apply_action(kc.action_id(kc.Pass(0)))
    state.apply_action(1)
    state.apply_action(1)  # everyone has passed: a cleanup
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    refilled = Counter(deck) + Counter(center)  # the Scout left in the pile was drawn
    assert outcomes == {int(f): n / sum(refilled.values()) for f, n in sorted(refilled.items())}
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    after = state.game_state
    assert after.phase is kc.Phase.DEALT and kc.Card.SCOUT in after.center
    assert len(after.center) == 3 and len(after.discard) == 0
    check_state(after)


def test_sign_noticing_is_a_chance_node_kc_19() -> None:
    """KC-19: who notices a sign is one chance node over the sets of other seats, the
    teammate with notice_teammate, each opponent with notice_opponent."""
    game = pyspiel.load_game(NAME, {"players": 4, "notice_teammate": 0.9,
                                    "notice_opponent": 0.2})  # fmt: skip
    state = _settled(game, 1)
    mate = state.game_state.teammate(0)
    state.apply_action(kc.action_id(kc.Sign(0, kc.Card.ELK)))
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 8 and all(mask & 1 == 0 for mask in outcomes)
    assert math.isclose(sum(p for m, p in outcomes.items() if m >> mate & 1), 0.9)
    state.apply_action(1 << mate)
    assert state.game_state.signs[-1].noticed_by == frozenset({mate})
    assert state.current_player() == 1


def test_observer_tensor_is_the_views_kc_12() -> None:
    """KC-12: the observation tensor is the shared tensor of the seat's view, unchanged
    by what that seat cannot see; a public-only observer leaves out the private fields."""
    game = pyspiel.load_game(NAME, {"players": 5})
    state = _settled(game, 2)
    rng = random.Random(2)
    public_only = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    public = game.make_py_observer(public_only)
    for library_state in karibou_policy.states(5, seed=4, count=40):
        seat = rng.randrange(5)
        state.game_state = library_state
        tensor = np.array(state.observation_tensor(seat), np.float32)
        np.testing.assert_array_equal(tensor, observation(library_state.view(seat)))
        state.game_state = _hidden_perturbation(library_state, seat, rng)
        np.testing.assert_array_equal(np.array(state.observation_tensor(seat)), tensor)
        assert f"p{seat}" in state.observation_string(seat)
        public.set_from(state, seat)
        assert not public.dict["hand"].any() and public.dict["seat"][seat] == 1
    with pytest.raises(ValueError):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))


def test_truncation_and_parameters_kc_11() -> None:
    """KC-11: a game ends when a score reaches winning_score, or is cut after max_turns
    decisions with its scores; bad parameters are refused."""
    game = pyspiel.load_game(NAME, {"players": 3, "max_turns": 6})
    assert game.max_game_length() == 6 and game.num_distinct_actions() == 85
    state = _settled(game, 3)
    for _ in range(6):
        state.apply_action(game.num_distinct_actions() - 1)  # wait
    assert state.is_terminal() and state.returns() == [0.0, 0.0, 0.0]
    short = pyspiel.load_game(NAME, {"players": 3, "winning_score": 1})
    final = _policy_game(short, 5)
    assert max(final.returns()) >= 1 and final.game_state.is_over
    with pytest.raises(kc.KaribouError):
        karibou_rules.openspiel.KaribouGame({"players": 8})


def test_states_pickle_kc_17() -> None:
    """KC-17: a pickled state (OpenSpiel's serialization of Python games) plays on
    exactly as the original, its version included."""
    game = pyspiel.load_game(NAME, {"players": 4})
    state = _settled(game, 6)
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state) and copy.legal_actions() == state.legal_actions()
    assert copy.game_state.version == state.game_state.version
