"""Both Campers envs under a policy that reaches every kind of action (uniform random play
over ids mostly starts and abandons builds): the PettingZoo suites and OpenSpiel's
random_sim_test-style checks hold along those games, and the action mix is printed
(``pytest -s``)."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from typing import Any, cast

import pytest

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import campers_rules as uc  # noqa: E402
import campers_rules.openspiel  # noqa: E402
from campers_rules._cards import DECK  # noqa: E402
from campers_rules._validate import problem  # noqa: E402
from campers_rules.pettingzoo import RawEnv, env  # noqa: E402

KINDS = (
    "Draw", "TakeDiscard", "Discard", "Claim", "AddCard", "AddGroup", "Squat", "SwapWild",
    "Rearrange", "BearAttack", "Smores", "Roasted", "GoFishing", "LostCamper", "TrashPanda",
    "BearSpray", "Decline", "Repair", "LetFall", "Give", "PassLeft",
)  # fmt: skip
"""Every kind of action of the vocabulary (UC-6 .. UC-19)."""
COMPOUND = {"StartClaim": "Claim", "StartGroup": "AddGroup", "StartRearrange": "Rearrange"}
CONFIG = uc.Config(rounds=1, turn_cap=60)


class EveryKind:
    """Picks, among the legal ids, one of the kind it has played least; inside a build it
    lays on until it can finish (so every build started completes)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.mix: Counter[str] = Counter()

    def choose(self, state: uc.State, seat: int, legal: list[int]) -> int:
        kinds: dict[str, list[int]] = {}
        for action_id in legal:
            name = type(uc.action_from_id(seat, action_id, state.config)).__name__
            kinds.setdefault(COMPOUND.get(name, name), []).append(action_id)
        if state.building:
            if "Finish" in kinds:
                first = uc.action_from_id(seat, state.building[0], state.config)
                self.mix[COMPOUND[type(first).__name__]] += 1
                return kinds["Finish"][0]
            steps = [i for name, ids in kinds.items() if name != "Abandon" for i in ids]
            return self.rng.choice(steps)
        least = min(self.mix[name] for name in kinds)
        name = self.rng.choice(sorted(n for n in kinds if self.mix[n] == least))
        if name not in COMPOUND.values():
            self.mix[name] += 1
        return self.rng.choice(kinds[name])


def test_pettingzoo_reaches_every_action_kind() -> None:
    """The AEC env under the every-kind policy: masks match, rewards sum to the scores,
    and every kind of action is played (UC-6 .. UC-19); the mix is printed."""
    policy = EveryKind(1)
    for seed in range(10):
        game = env(players=4, seed=seed, config=CONFIG)
        game.reset()
        total: defaultdict[str, float] = defaultdict(float)
        for agent in game.agent_iter():
            observation, reward, terminated, truncated, _ = game.last()
            total[agent] += reward
            if terminated or truncated:
                game.step(None)
                continue
            state = cast(RawEnv, game.unwrapped).state
            seat = game.possible_agents.index(agent)
            assert observation is not None
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            assert legal == state.legal_action_ids(seat)
            game.step(policy.choose(state, seat, legal))
        scores = cast(RawEnv, game.unwrapped).state.scores
        assert [total[a] for a in game.possible_agents] == list(scores)
    print("\nPettingZoo every-kind mix:", dict(sorted(policy.mix.items())))
    assert {k for k in KINDS if policy.mix[k] == 0} == set()


def test_openspiel_reaches_every_action_kind() -> None:
    """The OpenSpiel game under the every-kind policy, chance sampled: every decision
    node's library state is a valid position of the 126 cards (so every squat fine,
    S'mores and Bear Spray window drew through its chance nodes correctly), clones and
    serialized states (every 25th move) play on alike, and every kind is played; the mix
    is printed."""
    game = pyspiel.load_game("python_unhappy_campers", {"players": 4, "rounds": 1, "turn_cap": 60})
    policy = EveryKind(4)  # Repair is the rarest kind: the owner needs a fitting card
    rng = random.Random(4)
    for _ in range(10):
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
                values = [o for o, _ in outcomes]
                state.apply_action(rng.choices(values, [p for _, p in outcomes])[0])
                continue
            library = state.game_state
            assert problem(library) is None
            assert _cards(library) == Counter(DECK)
            seat = state.current_player()
            action = policy.choose(library, seat, state.legal_actions())
            moves += 1
            if moves % 25:
                state.apply_action(action)
                continue
            twin = game.deserialize_state(state.serialize())
            clone = state.clone()
            for copy in (state, twin, clone):
                copy.apply_action(action)
            assert str(twin) == str(state) == str(clone)
    print("\nOpenSpiel every-kind mix:", dict(sorted(policy.mix.items())))
    assert {k for k in KINDS if policy.mix[k] == 0} == set()


def _cards(state: Any) -> Counter[uc.Card]:
    cards: Counter[uc.Card] = Counter(state.deck)
    cards.update(state.discard)
    for hand in state.hands:
        cards.update(hand)
    for row in state.table:
        for site in row:
            for group in site.groups:
                cards.update(placed.face for placed in group.cards)
    return cards
