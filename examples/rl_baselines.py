"""A baseline through each environment: PettingZoo for both games, OpenSpiel for Unhappy
Campers (``examples/karibou_mcts.py`` runs OpenSpiel's MCTS on Karibou Camp). Needs the
``rl`` extra.

Seat 0 plays a simple greedy policy on the observation's action mask, everyone else
plays uniformly at random among the legal ids; a few seeded games of each game, mean
final scores printed (from the last step's ``infos["scores"]``). In Unhappy Campers the
greedy seat builds claims whenever it can (it prefers a claim's build steps, read with
``action_from_id``, and never abandons), else takes the lowest id; in Karibou Camp it
takes the lowest id: it reveals, passes and signs, and never places the pawn while it
can wait. Both only show the loop an agent runs, not a good player.

Through OpenSpiel the same greedy seat plays Unhappy Campers against a uniform random
seat, every chance node (deal, draw) sampled by its probabilities.

    python examples/rl_baselines.py
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

import campers_rules as uc
import campers_rules.openspiel  # registers python_unhappy_campers
import campers_rules.pettingzoo
import karibou_rules.pettingzoo

GAMES = 3


BUILDING = (uc.StartClaim, uc.Lay, uc.EndGroup, uc.Finish)


def campers_greedy(seat: int, legal: np.ndarray) -> int:
    """A claim's build step when one is legal, else the lowest legal id."""
    for action_id in legal:
        if isinstance(uc.action_from_id(seat, int(action_id)), BUILDING):
            return int(action_id)
    return int(legal[0])


def play(env: Any, rng: np.random.Generator, greedy: Any) -> list[int]:
    """One game: seat 0 follows ``greedy(seat, legal)``, the others pick at random."""
    scores: list[int] = []
    for agent in env.agent_iter():
        observation, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            scores = info.get("scores", scores)
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"].view(np.bool_))
        pick = greedy(0, legal) if agent == env.possible_agents[0] else rng.choice(legal)
        env.step(int(pick))
    return list(scores)


def evaluate(name: str, make: Any, greedy: Any) -> None:
    """Mean final scores over a few seeded games of one env."""
    rng = np.random.default_rng(3)
    totals: np.ndarray | None = None
    for seed in range(GAMES):
        env = make(seed)
        env.reset(seed=seed)
        scores = np.array(play(env, rng, greedy), dtype=float)
        totals = scores if totals is None else totals + scores
        env.close()
    assert totals is not None
    means = ", ".join(f"p{seat} {value / GAMES:.1f}" for seat, value in enumerate(totals))
    print(f"{name}: mean final scores over {GAMES} games (p0 greedy): {means}")


def openspiel_campers() -> None:
    """The greedy seat against a random one, through the OpenSpiel game."""
    game = pyspiel.load_game(
        "python_unhappy_campers", {"players": 2, "rounds": 1, "turn_cap": 30})
    rng = np.random.default_rng(5)
    totals = np.zeros(2)
    for _ in range(GAMES):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=chances)))
                continue
            legal = np.array(state.legal_actions())
            seat = state.current_player()
            state.apply_action(campers_greedy(seat, legal) if seat == 0 else int(rng.choice(legal)))
        totals += state.returns()
    print(f"Unhappy Campers (OpenSpiel): mean returns over {GAMES} games (p0 greedy): "
          f"p0 {totals[0] / GAMES:.1f}, p1 {totals[1] / GAMES:.1f}")


def main() -> None:
    evaluate("Unhappy Campers (PettingZoo)", lambda seed: campers_rules.pettingzoo.env(
        players=3, seed=seed, config=uc.Config(rounds=1, turn_cap=30)), campers_greedy)
    evaluate("Karibou Camp (PettingZoo)", lambda seed: karibou_rules.pettingzoo.env(
        players=4, seed=seed, max_turns=400), lambda seat, legal: int(legal[0]))
    openspiel_campers()


if __name__ == "__main__":
    main()
